using System.Text;

namespace MsgPack.Spec.Serialization
{
    /// <summary>What kind of failure a <see cref="MsgPackReadError"/> is: the kind of the exception a generated <c>Read</c> throws for it.</summary>
    public enum MsgPackReadErrorKind
    {
        /// <summary>Nothing failed.</summary>
        None,

        /// <summary>The input ends inside the value (<see cref="MsgPackTruncatedException"/>): more bytes may complete it.</summary>
        Truncated,

        /// <summary>A value starts with a code the reader does not take (<see cref="MsgPackUnexpectedCodeException"/>): 0xc1, or another type.</summary>
        UnexpectedCode,

        /// <summary>A value does not fit its member's type, or a length its int (<see cref="MsgPackOverflowException"/>).</summary>
        Overflow,

        /// <summary>A str (or a key) is not valid UTF-8 (<see cref="MsgPackInvalidUtf8Exception"/>).</summary>
        InvalidUtf8,

        /// <summary>A timestamp extension is not one (<see cref="MsgPackInvalidTimestampException"/>).</summary>
        InvalidTimestamp,

        /// <summary>Objects nest deeper than <see cref="MsgPackSerialization.MaxDepth"/>.</summary>
        TooDeep,

        /// <summary>A required member, or one that must be passed and accepts no null, is missing.</summary>
        MissingMember,

        /// <summary>A key repeats: an object's member key, a dictionary's key, or a set's element.</summary>
        Duplicate,

        /// <summary>A well-formed value that does not fit its member: not a Guid, a decimal, a URI or a version; a timestamp outside DateTime; a union that is not [tag, value] or names no case; a tuple of another length.</summary>
        UnexpectedValue,

        /// <summary>An exception that code the reader called threw (a custom converter's, or a hand-written type's Read).</summary>
        Other,
    }

    /// <summary>
    /// Why a value could not be read, as values: what a generated <c>TryRead</c> gives instead of the exception its
    /// <c>Read</c> throws for the same bytes. Its <see cref="Status"/>, <see cref="Kind"/>, <see cref="Offset"/> and
    /// <see cref="Depth"/> are fields; its <see cref="Path"/>, <see cref="Message"/> and <see cref="ToException"/> are
    /// made when asked for (allocating then, and only then): equal to that exception's <c>Path</c>, <c>Offset</c>,
    /// message and inner exception.
    /// </summary>
    /// <remarks>
    /// The path's first eight segments (from the failing value outwards) are kept in the struct: a failure deeper than
    /// that keeps the rest in an array, which a failed read then allocates.
    /// </remarks>
    public readonly struct MsgPackReadError
    {
        private const int InlineSegments = 8;

        private readonly FailureReason _reason;
        private readonly ReadStatus _readStatus;
        private readonly int _firstByte;
        private readonly long _bytesNeeded;
        private readonly long _bytesAvailable;
        private readonly string? _text;
        private readonly long _number;
        private readonly long _number2;
        private readonly Exception? _exception;
        private readonly PathSegment _s0, _s1, _s2, _s3, _s4, _s5, _s6, _s7;
        private readonly PathSegment[]? _more;

        internal MsgPackReadError(OperationStatus status, ReadFailureDetails? details)
        {
            Status = status;
            if (details is null)
            {
                Offset = 0;
                Depth = 0;
                _reason = FailureReason.None;
                _readStatus = default;
                _firstByte = -1;
                _bytesNeeded = 0;
                _bytesAvailable = 0;
                _text = null;
                _number = 0;
                _number2 = 0;
                _exception = null;
                _s0 = _s1 = _s2 = _s3 = _s4 = _s5 = _s6 = _s7 = default;
                _more = null;
                return;
            }

            Offset = details.Offset;
            Depth = details.Depth;
            _reason = details.Reason;
            _readStatus = details.Status;
            _firstByte = details.FirstByte;
            _bytesNeeded = details.BytesNeeded;
            _bytesAvailable = details.BytesAvailable;
            _text = details.Text;
            _number = details.Number;
            _number2 = details.Number2;
            _exception = details.Exception;
            int depth = details.Depth;
            _s0 = depth > 0 ? details.Segment(0) : default;
            _s1 = depth > 1 ? details.Segment(1) : default;
            _s2 = depth > 2 ? details.Segment(2) : default;
            _s3 = depth > 3 ? details.Segment(3) : default;
            _s4 = depth > 4 ? details.Segment(4) : default;
            _s5 = depth > 5 ? details.Segment(5) : default;
            _s6 = depth > 6 ? details.Segment(6) : default;
            _s7 = depth > 7 ? details.Segment(7) : default;
            _more = null;
            if (depth > InlineSegments)
            {
                _more = new PathSegment[depth - InlineSegments];
                for (int i = InlineSegments; i < depth; i++)
                {
                    _more[i - InlineSegments] = details.Segment(i);
                }
            }
        }

        /// <summary>NeedMoreData when the input ends inside the value, InvalidData for anything else; Done for no error (default).</summary>
        public OperationStatus Status { get; }

        /// <summary>Whether this is an error at all (not default).</summary>
        public bool Failed => Status != OperationStatus.Done;

        /// <summary>What kind of failure it is.</summary>
        public MsgPackReadErrorKind Kind => _reason switch
        {
            FailureReason.None => Failed ? MsgPackReadErrorKind.Other : MsgPackReadErrorKind.None,
            FailureReason.Read or FailureReason.ArrayElement => _readStatus switch
            {
                ReadStatus.NeedMoreData => MsgPackReadErrorKind.Truncated,
                ReadStatus.Overflow => MsgPackReadErrorKind.Overflow,
                ReadStatus.InvalidUtf8 => MsgPackReadErrorKind.InvalidUtf8,
                ReadStatus.InvalidTimestamp => MsgPackReadErrorKind.InvalidTimestamp,
                _ => MsgPackReadErrorKind.UnexpectedCode,
            },
            FailureReason.CountExceedsInput => MsgPackReadErrorKind.Truncated,
            FailureReason.TooDeep => MsgPackReadErrorKind.TooDeep,
            FailureReason.MissingRequired or FailureReason.MissingNonNullable => MsgPackReadErrorKind.MissingMember,
            FailureReason.DuplicateKey or FailureReason.DuplicateElement or FailureReason.DuplicateMember => MsgPackReadErrorKind.Duplicate,
            FailureReason.InvalidKey => MsgPackReadErrorKind.InvalidUtf8,
            FailureReason.Exception => _exception switch
            {
                MsgPackTruncatedException => MsgPackReadErrorKind.Truncated,
                MsgPackUnexpectedCodeException => MsgPackReadErrorKind.UnexpectedCode,
                MsgPackOverflowException => MsgPackReadErrorKind.Overflow,
                MsgPackInvalidUtf8Exception => MsgPackReadErrorKind.InvalidUtf8,
                MsgPackInvalidTimestampException => MsgPackReadErrorKind.InvalidTimestamp,
                _ => MsgPackReadErrorKind.Other,
            },
            _ => MsgPackReadErrorKind.UnexpectedValue,
        };

        /// <summary>Bytes from the reader's start to the failure (see <see cref="MsgPackSerializationException.Offset"/>).</summary>
        public long Offset { get; }

        /// <summary>How many segments the path has below <c>$</c> (<c>$.Lines[2].Price</c>: 3).</summary>
        public int Depth { get; }

        /// <summary>The failing member's path from the outermost value (<c>$.Lines[2].Price</c>), as <see cref="MsgPackSerializationException.Path"/>: formatted on each call.</summary>
        public string Path
        {
            get
            {
                var text = new StringBuilder("$");
                for (int i = Depth - 1; i >= 0; i--)
                {
                    Segment(i).AppendTo(text);
                }

                return text.ToString();
            }
        }

        /// <summary>What was wrong with the data: the message of the exception inside the one <see cref="ToException"/> makes. Formatted on each call.</summary>
        public string Message => Failed ? CreateCause().Message : string.Empty;

        /// <summary>The exception a generated <c>Read</c> throws for the same bytes: the same path, offset, message and inner exception (type and message).</summary>
        /// <returns>The exception, new on each call.</returns>
        /// <exception cref="InvalidOperationException">This is no error (default).</exception>
        public MsgPackSerializationException ToException()
        {
            if (!Failed)
            {
                ThrowHelper.ThrowInvalidOperation("Nothing failed: there is no exception to make.");
            }

            return MsgPackSerializationException.FromFailure(Path, Offset, CreateCause());
        }

        /// <summary>The whole text, as the exception's message: "Cannot read $.Lines[2].Price at offset 181: ...". Formatted on each call.</summary>
        /// <returns>The text; "Done" for no error.</returns>
        public override string ToString() => Failed ? ToException().Message : nameof(OperationStatus.Done);

        private MsgPackException CreateCause() => _reason == FailureReason.None
            ? new MsgPackException("The read failed (its details were not kept).")
            : ReadFailureDetails.CreateCause(_reason, _readStatus, _firstByte, _bytesNeeded, _bytesAvailable, _text, _number, _number2, _exception);

        private PathSegment Segment(int index) => index switch
        {
            0 => _s0,
            1 => _s1,
            2 => _s2,
            3 => _s3,
            4 => _s4,
            5 => _s5,
            6 => _s6,
            7 => _s7,
            _ => _more![index - InlineSegments],
        };
    }
}
