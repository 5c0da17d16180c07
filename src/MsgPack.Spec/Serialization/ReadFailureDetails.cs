using System.Globalization;
using System.Text;

namespace MsgPack.Spec.Serialization
{
    /// <summary>What a failure of the generated readers' status path is: one of these, with its arguments.</summary>
    internal enum FailureReason : byte
    {
        /// <summary>Nothing recorded (a status read that failed without saying why: a hand-written one).</summary>
        None,

        /// <summary>A read of the library failed: the exception its throwing twin throws (<see cref="ThrowHelper.CreateReadFailure"/>).</summary>
        Read,

        /// <summary>A bulk array's element (index in Number) failed: as <see cref="Read"/>, the element named.</summary>
        ArrayElement,

        /// <summary>A collection's claimed count (Number, of BytesNeeded bytes at least) passes the BytesAvailable left.</summary>
        CountExceedsInput,

        /// <summary>An object past <see cref="MsgPackSerialization.MaxDepth"/>.</summary>
        TooDeep,

        /// <summary>A required member (Text) is missing.</summary>
        MissingRequired,

        /// <summary>A member (Text) that must be passed and accepts no null is missing.</summary>
        MissingNonNullable,

        /// <summary>A dictionary's key repeats.</summary>
        DuplicateKey,

        /// <summary>A set's element repeats.</summary>
        DuplicateElement,

        /// <summary>An object's member key (of member Text) repeats.</summary>
        DuplicateMember,

        /// <summary>A timestamp (Number seconds, Number2 nanoseconds) outside DateTime's years.</summary>
        OutsideDateTime,

        /// <summary>A str that is not a Guid.</summary>
        NotGuid,

        /// <summary>A value that is not what was expected (Text: "Expected {Text}.").</summary>
        NotExpected,

        /// <summary>A tuple's array of another length (Number: the tuple's length).</summary>
        NotTuple,

        /// <summary>A union value that is not [tag, value] (Number: the array's count).</summary>
        UnionNotAPair,

        /// <summary>An integer tag (Number) that is no case of the union (Text).</summary>
        UnknownUnionTag,

        /// <summary>A str tag that is no case of the union (Text).</summary>
        UnknownUnionStringTag,

        /// <summary>A map key no member has, not valid UTF-8.</summary>
        InvalidKey,

        /// <summary>An exception thrown by code the status path calls (a converter's or a hand-written type's Read).</summary>
        Exception,
    }

    /// <summary>One segment of a failure's path: a member's name, an element's index, or a path another reader gave whole.</summary>
    internal readonly struct PathSegment
    {
        private const int Member = -1;
        private const int Whole = -2;

        private readonly string? _text;
        private readonly int _index;

        private PathSegment(string? text, int index)
        {
            _text = text;
            _index = index;
        }

        public static PathSegment OfMember(string name) => new PathSegment(name, Member);

        public static PathSegment OfIndex(int index) => new PathSegment(null, index);

        /// <summary>A path that another reader's exception carries (".A[1]"), taken as it is.</summary>
        public static PathSegment OfPath(string path) => new PathSegment(path, Whole);

        public void AppendTo(StringBuilder text)
        {
            if (_text is null)
            {
                text.Append('[').Append(_index.ToString(CultureInfo.InvariantCulture)).Append(']');
            }
            else
            {
                text.Append(_index == Member ? "." : string.Empty).Append(_text);
            }
        }
    }

    /// <summary>
    /// The details of one failure of the status path: enough to make, on demand, the exception the throwing path threw
    /// for it (the same type and message), and its place (offset, path). Rented per thread, so that a failure costs no
    /// allocation: the doors that read a failure (a generated Read, the TryRead that gives a <see cref="MsgPackReadError"/>)
    /// give it back.
    /// </summary>
    internal sealed class ReadFailureDetails
    {
        [ThreadStatic]
        private static ReadFailureDetails? t_free;

        private PathSegment[] _path = new PathSegment[8];

        private ReadFailureDetails() => Clear();

        public FailureReason Reason;
        public ReadStatus Status;
        public int FirstByte;
        public long BytesNeeded;
        public long BytesAvailable;
        public string? Text;
        public long Number;
        public long Number2;
        public Exception? Exception;
        public long Offset;

        /// <summary>
        /// The exception a whole read threw, as it was: set when a value's own <c>Read</c>, called at depth 0 by the
        /// default status read of the contracts, threw it (a hand-written type), so that a door can throw what
        /// <c>Read</c> throws; cleared when a level adds its segment (the failure is then part of a larger value's).
        /// </summary>
        public Exception? Thrown;

        /// <summary>How many segments the path has, innermost first.</summary>
        public int Depth { get; private set; }

        /// <summary>A clean object: the thread's free one, or a new one.</summary>
        public static ReadFailureDetails Rent()
        {
            ReadFailureDetails? details = t_free;
            if (details is null)
            {
                return new ReadFailureDetails();
            }

            t_free = null;
            return details;
        }

        public static void Return(ReadFailureDetails details)
        {
            details.Clear();
            t_free = details;
        }

        public void Clear()
        {
            Reason = FailureReason.None;
            Status = ReadStatus.Done;
            FirstByte = -1;
            BytesNeeded = 0;
            BytesAvailable = 0;
            Text = null;
            Number = 0;
            Number2 = 0;
            Exception = null;
            Offset = 0;
            Thrown = null;

            // The segments used, one by one: a failure's path is a few levels, for which Array.Clear's call costs more.
            PathSegment[] path = _path;
            for (int i = 0; i < Depth && i < path.Length; i++)
            {
                path[i] = default;
            }

            Depth = 0;
        }

        public PathSegment Segment(int index) => _path[index];

        /// <summary>Adds the segment of the level the failure passes, outside the ones added before.</summary>
        public void Push(PathSegment segment)
        {
            if (Depth == _path.Length)
            {
                Array.Resize(ref _path, _path.Length * 2);
            }

            _path[Depth++] = segment;
            Thrown = null;
        }

        /// <summary>Whether the failure is the input's end (NeedMoreData) rather than bad data.</summary>
        public bool IsTruncation => Reason switch
        {
            FailureReason.Read or FailureReason.ArrayElement => Status == ReadStatus.NeedMoreData,
            FailureReason.CountExceedsInput => true,
            FailureReason.Exception => Exception is MsgPackTruncatedException,
            _ => false,
        };

        /// <summary>The exception the throwing path throws for this failure (the inner exception of a <see cref="MsgPackSerializationException"/>).</summary>
        public MsgPackException CreateCause() => CreateCause(Reason, Status, FirstByte, BytesNeeded, BytesAvailable, Text, Number, Number2, Exception);

        /// <summary>The exception of a failure's values (shared by <see cref="MsgPackReadError"/>, which holds a copy of them).</summary>
        internal static MsgPackException CreateCause(FailureReason reason, ReadStatus status, int firstByte, long bytesNeeded, long bytesAvailable, string? text, long number, long number2, Exception? exception)
        {
            switch (reason)
            {
                case FailureReason.Read:
                    return (MsgPackException)ThrowHelper.CreateReadFailure(status, firstByte, (int)Math.Min(bytesNeeded, int.MaxValue), bytesAvailable, text ?? string.Empty);
                case FailureReason.ArrayElement:
                    return (MsgPackException)ThrowHelper.CreateReadFailure(status, firstByte, (int)Math.Min(bytesNeeded, int.MaxValue), bytesAvailable, ThrowHelper.ArrayElement(text ?? string.Empty, (int)number));
                case FailureReason.CountExceedsInput:
                    return MsgPackSerialization.CountExceedsInput(number, bytesNeeded, bytesAvailable);
                case FailureReason.TooDeep:
                    return MsgPackSerialization.TooDeep();
                case FailureReason.MissingRequired:
                    return MsgPackSerialization.MissingRequired(text ?? string.Empty);
                case FailureReason.MissingNonNullable:
                    return MsgPackSerialization.MissingNonNullable(text ?? string.Empty);
                case FailureReason.DuplicateKey:
                    return MsgPackSerialization.DuplicateKey();
                case FailureReason.DuplicateElement:
                    return MsgPackSerialization.DuplicateElement();
                case FailureReason.DuplicateMember:
                    return MsgPackSerialization.DuplicateMember(text ?? string.Empty);
                case FailureReason.OutsideDateTime:
                    return MsgPackSerialization.OutsideDateTime(new Timestamp(number, (uint)number2));
                case FailureReason.NotGuid:
                    return MsgPackSerialization.NotGuid();
                case FailureReason.NotExpected:
                    return MsgPackSerialization.Not(text ?? string.Empty);
                case FailureReason.NotTuple:
                    return MsgPackSerialization.Not(MsgPackSerialization.TupleText((int)number));
                case FailureReason.UnionNotAPair:
                    return MsgPackSerialization.NotAPair((int)number);
                case FailureReason.UnknownUnionTag:
                    return MsgPackSerialization.UnknownTag(text ?? string.Empty, number);
                case FailureReason.UnknownUnionStringTag:
                    return MsgPackSerialization.UnknownTag(text ?? string.Empty);
                case FailureReason.InvalidKey:
                    return new MsgPackInvalidUtf8Exception();
                case FailureReason.Exception:
                    return exception as MsgPackException ?? new MsgPackException(exception?.Message ?? "The read failed.", exception);
                default:
                    return new MsgPackException("The read failed without saying why (a status read that recorded no failure).");
            }
        }

        /// <summary>The path, from the outermost value: <c>$</c>, then each level's segment.</summary>
        public string FormatPath()
        {
            var text = new StringBuilder("$");
            for (int i = Depth - 1; i >= 0; i--)
            {
                _path[i].AppendTo(text);
            }

            return text.ToString();
        }
    }
}
