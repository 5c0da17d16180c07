using System.Buffers.Text;
using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;

namespace MsgPack.Spec.Serialization
{
    /// <summary>
    /// What the code generated for <see cref="MsgPackObjectAttribute"/> types calls besides the writer, the reader and
    /// the cursor: error paths, the depth limit, and the conversions of members that are not MessagePack types
    /// (<see cref="Guid"/>, <see cref="DateTime"/>). Public because the generated code is compiled into your assembly;
    /// not meant to be called by hand.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static partial class MsgPackSerialization
    {
        /// <summary>
        /// How deep generated objects may nest in the input (the outermost is at depth 0): a recursive type (a tree node
        /// with child nodes) cannot be made to exhaust the stack. The default depth limit of MsgPackSpec.Validate.
        /// </summary>
        public const int MaxDepth = 64;

        /// <summary>The bytes a <see cref="Guid"/> takes: str 8 header (2) and the 36 characters of its "D" form.</summary>
        public const int GuidEncodedLength = 38;

        private const int GuidTextLength = 36;

        /// <summary>
        /// Records a failure under a member's name as the exception passes the member's reader, and lets it pass: the
        /// exception filter of every generated object reader. The outermost object then wraps the failure once
        /// (<see cref="Wrap"/>).
        /// </summary>
        /// <remarks>
        /// A filter runs while the throw's frames are still on the stack and returns to the dispatch, so a failure
        /// crosses any number of levels at the stack of one dispatch. A handler that threw a new exception at each level
        /// would instead dispatch on top of the previous dispatch, once per level: 65 levels of a recursive type, cut one
        /// byte short, overflowed a 1 MiB thread that way.
        /// </remarks>
        /// <param name="exception">What went wrong.</param>
        /// <param name="member">The member's name; empty for the object itself (its header, a key, an unknown member).</param>
        /// <param name="offset">Where the reader stands; kept only when nothing inside recorded an offset first.</param>
        /// <returns>Always <see langword="false"/>: the exception is not caught here.</returns>
        public static bool TraceMember(MsgPackException exception, string member, long offset)
        {
            Trace(exception, member.Length == 0 ? string.Empty : "." + member, offset);
            return false;
        }

        /// <summary>Records a failure under a collection element's (or a map entry's) index as it passes, and lets it pass (see <see cref="TraceMember"/>).</summary>
        /// <param name="exception">What went wrong.</param>
        /// <param name="index">The element's or entry's index.</param>
        /// <param name="offset">Where the reader stands; kept only when nothing inside recorded an offset first.</param>
        /// <returns>Always <see langword="false"/>: the exception is not caught here.</returns>
        public static bool TraceItem(MsgPackException exception, int index, long offset)
        {
            Trace(exception, "[" + index.ToString(System.Globalization.CultureInfo.InvariantCulture) + "]", offset);
            return false;
        }

        /// <summary>The exception the outermost generated reader throws for a failure traced through the readers inside it.</summary>
        /// <param name="exception">The failure, as thrown and traced.</param>
        /// <returns>The exception to throw: its path, its offset, and the failure inside.</returns>
        public static MsgPackSerializationException Wrap(MsgPackException exception) => MsgPackSerializationException.FromTrace(exception);

        /// <summary>What a generated <c>TryRead</c> returns for a failure: NeedMoreData when the input ends inside the value, else InvalidData.</summary>
        /// <param name="exception">The failure.</param>
        /// <returns>The status.</returns>
        public static OperationStatus ToOperationStatus(MsgPackException exception) =>
            (exception is MsgPackSerializationException wrapped ? wrapped.Cause : exception) is MsgPackTruncatedException
                ? OperationStatus.NeedMoreData
                : OperationStatus.InvalidData;

        /// <summary>Throws when <paramref name="depth"/> is past <see cref="MaxDepth"/>.</summary>
        /// <param name="depth">The depth of the object about to be read.</param>
        /// <exception cref="MsgPackException">The depth is too large.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void CheckDepth(int depth)
        {
            if (depth > MaxDepth)
            {
                ThrowTooDeep();
            }
        }

        /// <summary>Throws when an array of <paramref name="count"/> elements (or a map of that many entries) cannot fit in the bytes left.</summary>
        /// <param name="count">The claimed count.</param>
        /// <param name="bytesPerItem">The fewest bytes an item takes: 1 for an array's element, 2 for a map's entry.</param>
        /// <param name="remaining">The bytes left in the input.</param>
        /// <exception cref="MsgPackTruncatedException">They cannot: the input ends before the items could.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void CheckCount(int count, int bytesPerItem, long remaining)
        {
            if ((long)count * bytesPerItem > remaining)
            {
                ThrowCountExceedsInput(count, bytesPerItem, remaining);
            }
        }

        /// <summary>
        /// Checks a map key that matched no member: the generated readers compare keys as bytes without decoding them
        /// (a match with a constant key is valid UTF-8 by construction), so an unknown key is checked here before its
        /// value is skipped.
        /// </summary>
        /// <param name="key">The key's bytes.</param>
        /// <param name="offset">Where the key (its str header) starts: the offset of the failure.</param>
        /// <exception cref="MsgPackInvalidUtf8Exception">The key is not valid UTF-8.</exception>
        public static void CheckUnknownKey(MsgPackPayload key, long offset)
        {
            if (!MsgPackReader.IsValidUtf8(key))
            {
                ThrowInvalidKey(offset);
            }
        }

        /// <summary>Checks a map key that matched no member, in one span (see <see cref="CheckUnknownKey(MsgPackPayload, long)"/>).</summary>
        /// <param name="key">The key's bytes.</param>
        /// <param name="offset">Where the key (its str header) starts: the offset of the failure.</param>
        /// <exception cref="MsgPackInvalidUtf8Exception">The key is not valid UTF-8.</exception>
        public static void CheckUnknownKey(ReadOnlySpan<byte> key, long offset)
        {
            if (!Utf8Text.IsValid(ref MemoryMarshal.GetReference(key), key.Length))
            {
                ThrowInvalidKey(offset);
            }
        }

        /// <summary>
        /// Reads the key of a map with integer keys, in any integer form: a writer need not use the smallest (MessagePack
        /// for C# and Nerdbank do; other writers may not).
        /// </summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <returns>The key; -1 for a uint 64 past <see cref="long.MaxValue"/>, which no member's key (an <see cref="int"/> of 0 or more) can be.</returns>
        /// <exception cref="MsgPackException">The key is not an integer, or the input ends inside it.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static long ReadIntegerKey(ref MsgPackCursor cursor, ref MsgPackReader reader)
        {
            if (cursor.TryReadInt64(ref reader, out long key) == OperationStatus.Done)
            {
                return key;
            }

            // Not an Int64: a uint 64 too large (an unknown key), or not an integer at all, or cut short (both throw).
            _ = cursor.ReadUInt64(ref reader);
            return -1;
        }

        /// <summary>Throws for a required member that the input does not have.</summary>
        /// <param name="member">The member's name.</param>
        /// <exception cref="MsgPackException">Always.</exception>
        [DoesNotReturn]
        public static void ThrowMissingRequired(string member) => throw MissingRequired(member);

        /// <summary>
        /// Throws for a missing member of a non-nullable reference type that the reader must pass (a constructor
        /// parameter without a default, an <c>init</c> member): it has no value to keep, and null would break its type.
        /// </summary>
        /// <param name="member">The member's name.</param>
        /// <exception cref="MsgPackException">Always.</exception>
        [DoesNotReturn]
        public static void ThrowMissingNonNullable(string member) => throw MissingNonNullable(member);

        /// <summary>Throws for a map whose key repeats.</summary>
        /// <exception cref="MsgPackException">Always.</exception>
        [DoesNotReturn]
        public static void ThrowDuplicateKey() => throw DuplicateKey();

        /// <summary>Reads a timestamp as a UTC <see cref="DateTime"/> through the cursor.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <returns>The instant, <see cref="DateTimeKind.Utc"/>, rounded down to the tick.</returns>
        /// <exception cref="MsgPackException">Not a timestamp, or one outside the years 1 to 9999 (its offset is the timestamp's start).</exception>
        public static DateTime ReadDateTime(ref MsgPackCursor cursor, ref MsgPackReader reader)
        {
            var failure = default(MsgPackReadFailure);
            ThrowIfFailed(TryReadDateTime(ref cursor, ref reader, out DateTime value, ref failure), ref failure);
            return value;
        }

        /// <summary>Reads a timestamp as a UTC <see cref="DateTime"/> through the cursor (see <see cref="ReadDateTime"/>), or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The instant; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadDateTime(ref MsgPackCursor cursor, ref MsgPackReader reader, out DateTime value, ref MsgPackReadFailure failure)
        {
            long start = cursor.GetConsumed(ref reader);
            if (!TryReadTimestamp(ref cursor, ref reader, out Timestamp stamp, ref failure))
            {
                value = default;
                return false;
            }

            if (!stamp.FitsDateTime)
            {
                value = default;
                return FailOutsideDateTime(stamp, start, ref failure);
            }

            value = stamp.ToDateTime();
            return true;
        }

        /// <summary>Reads a timestamp as a <see cref="DateTimeOffset"/> with offset zero through the cursor.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <returns>The instant, rounded down to the tick.</returns>
        /// <exception cref="MsgPackException">Not a timestamp, or one outside the years 1 to 9999 (its offset is the timestamp's start).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static DateTimeOffset ReadDateTimeOffset(ref MsgPackCursor cursor, ref MsgPackReader reader) =>
            new DateTimeOffset(ReadDateTime(ref cursor, ref reader)); // a UTC DateTime: offset zero, the same ticks

        /// <summary>Reads a timestamp as a <see cref="DateTimeOffset"/> with offset zero through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The instant; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadDateTimeOffset(ref MsgPackCursor cursor, ref MsgPackReader reader, out DateTimeOffset value, ref MsgPackReadFailure failure)
        {
            bool read = TryReadDateTime(ref cursor, ref reader, out DateTime utc, ref failure);
            value = read ? new DateTimeOffset(utc) : default; // a UTC DateTime: offset zero, the same ticks
            return read;
        }

        /// <summary>Writes a <see cref="Guid"/> as the str of its "D" form (36 characters, lower case).</summary>
        /// <param name="writer">The writer.</param>
        /// <param name="value">The value.</param>
        public static void WriteGuid(ref MsgPackWriter writer, Guid value)
        {
            EncodeGuid(writer.GetSpan(GuidEncodedLength), value);
            writer.Advance(GuidEncodedLength);
        }

        /// <summary>Writes a <see cref="Guid"/> as the str of its "D" form at the start of <paramref name="destination"/> and moves it past.</summary>
        /// <param name="destination">Where to write; on return, the rest of it.</param>
        /// <param name="value">The value.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="GuidEncodedLength"/>.</exception>
        public static void WriteGuid(ref Span<byte> destination, Guid value)
        {
            if (destination.Length < GuidEncodedLength)
            {
                ThrowHelper.ThrowDestinationTooSmall(GuidEncodedLength, destination.Length);
            }

            EncodeGuid(destination, value);
            destination = destination.Slice(GuidEncodedLength);
        }

        /// <summary>Reads the str of a <see cref="Guid"/>'s "D" form (what <see cref="WriteGuid(ref MsgPackWriter, Guid)"/> writes; either case) through the cursor.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">Not a str, or not a Guid in that form (its offset is the str's start).</exception>
        public static Guid ReadGuid(ref MsgPackCursor cursor, ref MsgPackReader reader)
        {
            var failure = default(MsgPackReadFailure);
            ThrowIfFailed(TryReadGuid(ref cursor, ref reader, out Guid value, ref failure), ref failure);
            return value;
        }

        /// <summary>Reads the str of a <see cref="Guid"/>'s "D" form through the cursor (see <see cref="ReadGuid"/>), or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadGuid(ref MsgPackCursor cursor, ref MsgPackReader reader, out Guid value, ref MsgPackReadFailure failure)
        {
            long start = cursor.GetConsumed(ref reader);
            if (!TryReadStringBytes(ref cursor, ref reader, out MsgPackPayload utf8, ref failure))
            {
                value = default;
                return false;
            }

            return TryParseGuid(utf8, out value) || failure.Set(FailureReason.NotGuid, start);
        }

        /// <summary>Reads an array of booleans into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static bool[] ReadBooleanArray(ref MsgPackReader reader) => reader.ReadNewArray<bool, BooleanArrayCodec>();

        /// <summary>Reads an array of bool into a new array of its length (see <see cref="ReadBooleanArray"/>), or records why not: at the array's start, the element named.</summary>
        /// <param name="reader">The reader.</param>
        /// <param name="value">The elements; empty on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadBooleanArray(ref MsgPackReader reader, out bool[] value, ref MsgPackReadFailure failure) => reader.TryReadNewArray<bool, BooleanArrayCodec>(out value, ref failure);

        /// <summary>Reads an array of integers that fit <see cref="sbyte"/> into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static sbyte[] ReadSByteArray(ref MsgPackReader reader) => reader.ReadNewArray<sbyte, SByteArrayCodec>();

        /// <summary>Reads an array of sbyte into a new array of its length (see <see cref="ReadSByteArray"/>), or records why not: at the array's start, the element named.</summary>
        /// <param name="reader">The reader.</param>
        /// <param name="value">The elements; empty on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadSByteArray(ref MsgPackReader reader, out sbyte[] value, ref MsgPackReadFailure failure) => reader.TryReadNewArray<sbyte, SByteArrayCodec>(out value, ref failure);

        /// <summary>Reads an array of integers that fit <see cref="short"/> into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static short[] ReadInt16Array(ref MsgPackReader reader) => reader.ReadNewArray<short, Int16ArrayCodec>();

        /// <summary>Reads an array of short into a new array of its length (see <see cref="ReadInt16Array"/>), or records why not: at the array's start, the element named.</summary>
        /// <param name="reader">The reader.</param>
        /// <param name="value">The elements; empty on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadInt16Array(ref MsgPackReader reader, out short[] value, ref MsgPackReadFailure failure) => reader.TryReadNewArray<short, Int16ArrayCodec>(out value, ref failure);

        /// <summary>Reads an array of integers that fit <see cref="ushort"/> into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static ushort[] ReadUInt16Array(ref MsgPackReader reader) => reader.ReadNewArray<ushort, UInt16ArrayCodec>();

        /// <summary>Reads an array of ushort into a new array of its length (see <see cref="ReadUInt16Array"/>), or records why not: at the array's start, the element named.</summary>
        /// <param name="reader">The reader.</param>
        /// <param name="value">The elements; empty on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadUInt16Array(ref MsgPackReader reader, out ushort[] value, ref MsgPackReadFailure failure) => reader.TryReadNewArray<ushort, UInt16ArrayCodec>(out value, ref failure);

        /// <summary>Reads an array of integers that fit <see cref="int"/> into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static int[] ReadInt32Array(ref MsgPackReader reader) => reader.ReadNewArray<int, Int32ArrayCodec>();

        /// <summary>Reads an array of int into a new array of its length (see <see cref="ReadInt32Array"/>), or records why not: at the array's start, the element named.</summary>
        /// <param name="reader">The reader.</param>
        /// <param name="value">The elements; empty on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadInt32Array(ref MsgPackReader reader, out int[] value, ref MsgPackReadFailure failure) => reader.TryReadNewArray<int, Int32ArrayCodec>(out value, ref failure);

        /// <summary>Reads an array of integers that fit <see cref="uint"/> into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static uint[] ReadUInt32Array(ref MsgPackReader reader) => reader.ReadNewArray<uint, UInt32ArrayCodec>();

        /// <summary>Reads an array of uint into a new array of its length (see <see cref="ReadUInt32Array"/>), or records why not: at the array's start, the element named.</summary>
        /// <param name="reader">The reader.</param>
        /// <param name="value">The elements; empty on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadUInt32Array(ref MsgPackReader reader, out uint[] value, ref MsgPackReadFailure failure) => reader.TryReadNewArray<uint, UInt32ArrayCodec>(out value, ref failure);

        /// <summary>Reads an array of integers that fit <see cref="long"/> into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static long[] ReadInt64Array(ref MsgPackReader reader) => reader.ReadNewArray<long, Int64ArrayCodec>();

        /// <summary>Reads an array of long into a new array of its length (see <see cref="ReadInt64Array"/>), or records why not: at the array's start, the element named.</summary>
        /// <param name="reader">The reader.</param>
        /// <param name="value">The elements; empty on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadInt64Array(ref MsgPackReader reader, out long[] value, ref MsgPackReadFailure failure) => reader.TryReadNewArray<long, Int64ArrayCodec>(out value, ref failure);

        /// <summary>Reads an array of integers that fit <see cref="ulong"/> into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static ulong[] ReadUInt64Array(ref MsgPackReader reader) => reader.ReadNewArray<ulong, UInt64ArrayCodec>();

        /// <summary>Reads an array of ulong into a new array of its length (see <see cref="ReadUInt64Array"/>), or records why not: at the array's start, the element named.</summary>
        /// <param name="reader">The reader.</param>
        /// <param name="value">The elements; empty on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadUInt64Array(ref MsgPackReader reader, out ulong[] value, ref MsgPackReadFailure failure) => reader.TryReadNewArray<ulong, UInt64ArrayCodec>(out value, ref failure);

        /// <summary>Reads an array of float 32 values into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static float[] ReadSingleArray(ref MsgPackReader reader) => reader.ReadNewArray<float, SingleArrayCodec>();

        /// <summary>Reads an array of float into a new array of its length (see <see cref="ReadSingleArray"/>), or records why not: at the array's start, the element named.</summary>
        /// <param name="reader">The reader.</param>
        /// <param name="value">The elements; empty on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadSingleArray(ref MsgPackReader reader, out float[] value, ref MsgPackReadFailure failure) => reader.TryReadNewArray<float, SingleArrayCodec>(out value, ref failure);

        /// <summary>Reads an array of float 64 (or float 32) values into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static double[] ReadDoubleArray(ref MsgPackReader reader) => reader.ReadNewArray<double, DoubleArrayCodec>();

        /// <summary>Reads an array of double into a new array of its length (see <see cref="ReadDoubleArray"/>), or records why not: at the array's start, the element named.</summary>
        /// <param name="reader">The reader.</param>
        /// <param name="value">The elements; empty on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadDoubleArray(ref MsgPackReader reader, out double[] value, ref MsgPackReadFailure failure) => reader.TryReadNewArray<double, DoubleArrayCodec>(out value, ref failure);

        private static bool TryParseGuid(MsgPackPayload utf8, out Guid value)
        {
            Span<byte> copy = stackalloc byte[GuidTextLength];
            value = default;
            return utf8.Length == GuidTextLength
                && utf8.TryCopyTo(copy)
                && Utf8Parser.TryParse(copy, out value, out int consumed, 'D')
                && consumed == GuidTextLength;
        }

        /// <summary>The throwing helpers' end: the failure their status twin recorded, thrown as it was thrown when they threw themselves.</summary>
        private static void ThrowIfFailed(bool read, ref MsgPackReadFailure failure)
        {
            if (!read)
            {
                ThrowCause(ref failure);
            }
        }

        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void ThrowCause(ref MsgPackReadFailure failure)
        {
            ReadFailureDetails details = failure.Details!;
            MsgPackException cause = At(details.CreateCause(), details.Offset);
            failure.Release();
            throw cause;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static bool FailOutsideDateTime(Timestamp value, long offset, ref MsgPackReadFailure failure)
        {
            ReadFailureDetails? details = failure.Begin(OperationStatus.InvalidData);
            if (details is not null)
            {
                details.Reason = FailureReason.OutsideDateTime;
                details.Number = value.Seconds;
                details.Number2 = value.Nanoseconds;
                details.Offset = offset;
            }

            return false;
        }

        /// <summary>Records where a failure is on the exception itself: a value judged after it was read (the reader has moved past it).</summary>
        private static MsgPackException At(MsgPackException exception, long offset)
        {
            exception.SerializationOffset = offset;
            return exception;
        }

        private static void Trace(MsgPackException exception, string segment, long offset)
        {
            if (exception.SerializationOffset < 0)
            {
                exception.SerializationOffset = offset;
            }

            if (segment.Length != 0)
            {
                exception.SerializationPath = segment + exception.SerializationPath;
            }
        }

        private static void EncodeGuid(Span<byte> destination, Guid value)
        {
            destination[0] = DataCodes.String8;
            destination[1] = GuidTextLength;

            // The room is checked by both callers; a failure here would be a bug of this class, not bad input.
            if (!Utf8Formatter.TryFormat(value, destination.Slice(2), out _, 'D'))
            {
                ThrowHelper.ThrowInvalidOperation("A Guid's 36 characters did not fit the room checked for them.");
            }
        }

        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void ThrowTooDeep() => throw TooDeep();

        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void ThrowCountExceedsInput(int count, int bytesPerItem, long remaining) =>
            throw CountExceedsInput(count, (long)count * bytesPerItem, remaining);



        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void ThrowInvalidKey(long offset) => throw At(new MsgPackInvalidUtf8Exception(), offset);
    }
}
