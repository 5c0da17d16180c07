using System.Diagnostics.CodeAnalysis;

namespace MsgPack.Spec.Serialization
{
    // The status path of the generated readers: each read returns true, or records why it failed in the
    // MsgPackReadFailure and returns false, which the generated code hands up as a value (never an exception). A read
    // is the cursor's TryRead, inlined; only a value the segment cannot decode calls out, once (it reads across
    // segments, or records the values the throwing read's exception is made of: MsgPackReader.Failures.cs, so that
    // Read, which throws once at the outermost level, throws exactly what it threw when every level threw).
    public static partial class MsgPackSerialization
    {
        /// <summary>Reads a boolean through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadBoolean(ref MsgPackCursor cursor, ref MsgPackReader reader, out bool value, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<BooleanDecoder, bool>(ref reader, out value, ref failure);
        }

        /// <summary>Reads an integer that fits <see cref="sbyte"/> through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadSByte(ref MsgPackCursor cursor, ref MsgPackReader reader, out sbyte value, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<SByteDecoder, sbyte>(ref reader, out value, ref failure);
        }

        /// <summary>Reads an integer that fits <see cref="byte"/> through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadByte(ref MsgPackCursor cursor, ref MsgPackReader reader, out byte value, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<ByteDecoder, byte>(ref reader, out value, ref failure);
        }

        /// <summary>Reads an integer that fits <see cref="short"/> through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadInt16(ref MsgPackCursor cursor, ref MsgPackReader reader, out short value, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<Int16Decoder, short>(ref reader, out value, ref failure);
        }

        /// <summary>Reads an integer that fits <see cref="ushort"/> through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadUInt16(ref MsgPackCursor cursor, ref MsgPackReader reader, out ushort value, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<UInt16Decoder, ushort>(ref reader, out value, ref failure);
        }

        /// <summary>Reads an integer that fits <see cref="int"/> through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadInt32(ref MsgPackCursor cursor, ref MsgPackReader reader, out int value, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<Int32Decoder, int>(ref reader, out value, ref failure);
        }

        /// <summary>Reads an integer that fits <see cref="uint"/> through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadUInt32(ref MsgPackCursor cursor, ref MsgPackReader reader, out uint value, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<UInt32Decoder, uint>(ref reader, out value, ref failure);
        }

        /// <summary>Reads an integer that fits <see cref="long"/> through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadInt64(ref MsgPackCursor cursor, ref MsgPackReader reader, out long value, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<Int64Decoder, long>(ref reader, out value, ref failure);
        }

        /// <summary>Reads an integer that fits <see cref="ulong"/> through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadUInt64(ref MsgPackCursor cursor, ref MsgPackReader reader, out ulong value, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<UInt64Decoder, ulong>(ref reader, out value, ref failure);
        }

        /// <summary>Reads a float 32 through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadSingle(ref MsgPackCursor cursor, ref MsgPackReader reader, out float value, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<SingleDecoder, float>(ref reader, out value, ref failure);
        }

        /// <summary>Reads a float 64 (or a float 32, widened) through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadDouble(ref MsgPackCursor cursor, ref MsgPackReader reader, out double value, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<DoubleDecoder, double>(ref reader, out value, ref failure);
        }

        /// <summary>Reads a timestamp through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadTimestamp(ref MsgPackCursor cursor, ref MsgPackReader reader, out Timestamp value, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<TimestampDecoder, Timestamp>(ref reader, out value, ref failure);
        }

        /// <summary>Reads an array header through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="count">The number of items; 0 on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadArrayHeader(ref MsgPackCursor cursor, ref MsgPackReader reader, out int count, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<ArrayHeaderDecoder, int>(ref reader, out count, ref failure);
        }

        /// <summary>Reads a map header through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="count">The number of entries; 0 on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadMapHeader(ref MsgPackCursor cursor, ref MsgPackReader reader, out int count, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<MapHeaderDecoder, int>(ref reader, out count, ref failure);
        }

        /// <summary>Reads a str header through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="length">The str's length in bytes; 0 on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadStringHeader(ref MsgPackCursor cursor, ref MsgPackReader reader, out int length, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<StringHeaderDecoder, int>(ref reader, out length, ref failure);
        }

        /// <summary>Reads an ext header through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="header">The type code and data length; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadExtensionHeader(ref MsgPackCursor cursor, ref MsgPackReader reader, out ExtensionHeader header, ref MsgPackReadFailure failure)
        {
            return cursor.TryRead<ExtensionHeaderDecoder, ExtensionHeader>(ref reader, out header, ref failure);
        }

        /// <summary>Reads a str value as a <see cref="string"/> through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The text; empty on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadString(ref MsgPackCursor cursor, ref MsgPackReader reader, out string value, ref MsgPackReadFailure failure)
        {
            OperationStatus status = cursor.TryReadString(ref reader, out value);
            return status == OperationStatus.Done || reader.FailString(status, cursor.UnreadSpan, ref failure);
        }

        /// <summary>Reads a str value's UTF-8 (checked) through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The bytes; empty on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadStringBytes(ref MsgPackCursor cursor, ref MsgPackReader reader, out MsgPackPayload value, ref MsgPackReadFailure failure)
        {
            OperationStatus status = cursor.TryReadStringBytes(ref reader, out value);
            return status == OperationStatus.Done || reader.FailStringBytes(status, cursor.UnreadSpan, ref failure);
        }

        /// <summary>Reads a bin value through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The payload; empty on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadBinary(ref MsgPackCursor cursor, ref MsgPackReader reader, out MsgPackPayload value, ref MsgPackReadFailure failure)
        {
            OperationStatus status = cursor.TryReadBinary(ref reader, out value);
            return status == OperationStatus.Done || reader.FailBinary(status, cursor.UnreadSpan, ref failure);
        }

        /// <summary>Reads a bin value into a new array through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The bytes, in a new array; empty on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadBinaryArray(ref MsgPackCursor cursor, ref MsgPackReader reader, out byte[] value, ref MsgPackReadFailure failure)
        {
            OperationStatus status = cursor.TryReadBinary(ref reader, out MsgPackPayload payload);
            if (status == OperationStatus.Done)
            {
                value = payload.ToArray();
                return true;
            }

            value = Array.Empty<byte>();
            return reader.FailBinary(status, cursor.UnreadSpan, ref failure);
        }

        /// <summary>Reads the next <paramref name="length"/> bytes as they are through the cursor, or records why not (the input ends first).</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="length">The number of bytes, zero or more.</param>
        /// <param name="value">The bytes; empty on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadBytes(ref MsgPackCursor cursor, ref MsgPackReader reader, int length, out MsgPackPayload value, ref MsgPackReadFailure failure)
        {
            OperationStatus status = cursor.TryReadBytes(ref reader, length, out value);
            return status == OperationStatus.Done || reader.FailBytes(status, cursor.UnreadSpan, length, ref failure);
        }

        /// <summary>Skips one whole value through the cursor, or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when skipped; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TrySkip(ref MsgPackCursor cursor, ref MsgPackReader reader, ref MsgPackReadFailure failure)
        {
            OperationStatus status = cursor.TrySkip(ref reader);
            return status == OperationStatus.Done || reader.FailSkip(status, cursor.UnreadSpan, ref failure);
        }

        /// <summary>
        /// Reads the header of a generated object, in its layout, and checks its depth (after the header: an input that
        /// ends where a too deep object would start is truncated, not invalid), or records why not.
        /// </summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="layout">The object's layout: a map or an array header.</param>
        /// <param name="depth">The object's depth.</param>
        /// <param name="count">The number of entries or items; 0 on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadObjectHeader(ref MsgPackCursor cursor, ref MsgPackReader reader, MsgPackLayout layout, int depth, out int count, ref MsgPackReadFailure failure)
        {
            if (!(layout == MsgPackLayout.Map ? TryReadMapHeader(ref cursor, ref reader, out count, ref failure) : TryReadArrayHeader(ref cursor, ref reader, out count, ref failure)))
            {
                return false;
            }

            // Where the throwing readers' filter found the reader: the object's start (past its header only when that
            // was read across segments).
            return depth <= MaxDepth || failure.Set(FailureReason.TooDeep, reader.Consumed);
        }

        /// <summary>
        /// Checks an array's count (or a map's) against the bytes left before anything is allocated for it, or records why
        /// not (a truncation: the input ends before the items could).
        /// </summary>
        /// <param name="count">The claimed count.</param>
        /// <param name="bytesPerItem">The fewest bytes an item takes: 1 for an array's element, 2 for a map's entry.</param>
        /// <param name="headerOffset">
        /// Where the header starts (the reader's <see cref="MsgPackReader.Consumed"/> before the header was read): the
        /// failure's offset. Taken before the read because a header read across segments moves the reader past it, so
        /// the reader's position afterwards would depend on how the input was cut.
        /// </param>
        /// <param name="cursor">The reading method's cursor, past the header.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when the items may fit; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool CheckCount(int count, int bytesPerItem, long headerOffset, ref MsgPackCursor cursor, ref MsgPackReader reader, ref MsgPackReadFailure failure)
        {
            long remaining = cursor.GetRemaining(ref reader);
            return (long)count * bytesPerItem <= remaining || FailCount(count, bytesPerItem, remaining, headerOffset, ref failure);
        }

        /// <summary>Checks a map key that matched no member (see <see cref="CheckUnknownKey(ReadOnlySpan{byte}, long)"/>), or records why not.</summary>
        /// <param name="key">The key's bytes.</param>
        /// <param name="offset">Where the key (its str header) starts.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when the key is valid UTF-8; <see langword="false"/> when the failure was recorded.</returns>
        public static bool CheckUnknownKey(ReadOnlySpan<byte> key, long offset, ref MsgPackReadFailure failure) =>
            Utf8Text.IsValid(ref MemoryMarshal.GetReference(key), key.Length) || failure.Set(FailureReason.InvalidKey, offset);

        /// <summary>Checks a map key across segments that matched no member, or records why not.</summary>
        /// <param name="key">The key's bytes.</param>
        /// <param name="offset">Where the key (its str header) starts.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when the key is valid UTF-8; <see langword="false"/> when the failure was recorded.</returns>
        public static bool CheckUnknownKey(MsgPackPayload key, long offset, ref MsgPackReadFailure failure) =>
            MsgPackReader.IsValidUtf8(key) || failure.Set(FailureReason.InvalidKey, offset);

        /// <summary>Reads the key of a map with integer keys, in any integer form, or records why not (see <see cref="ReadIntegerKey"/>).</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="key">The key; -1 for a uint 64 past <see cref="long.MaxValue"/>.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadIntegerKey(ref MsgPackCursor cursor, ref MsgPackReader reader, out long key, ref MsgPackReadFailure failure)
        {
            if (cursor.TryRead<Int64Decoder, long>(ref reader, out key) == OperationStatus.Done)
            {
                return true;
            }

            // Not an Int64: a uint 64 too large (an unknown key), or not an integer at all, or cut short (as UInt64 fails).
            key = -1;
            return TryReadUInt64(ref cursor, ref reader, out _, ref failure);
        }

        /// <summary>Records a repeated key of an object's member: the map would be read one way by a reader that takes the first and another by one that takes the last.</summary>
        /// <param name="member">The member's name.</param>
        /// <param name="offset">Where the repeated key starts.</param>
        /// <param name="failure">Where the failure is recorded.</param>
        /// <returns><see langword="false"/>.</returns>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static bool FailRepeatedMember(string member, long offset, ref MsgPackReadFailure failure) =>
            failure.Set(FailureReason.DuplicateMember, offset, member);

        /// <summary>Records a required member that the input does not have (see <see cref="ThrowMissingRequired"/>), at the reader's place.</summary>
        /// <param name="member">The member's name.</param>
        /// <param name="offset">Where the reader stands: the end of the object.</param>
        /// <param name="failure">Where the failure is recorded.</param>
        /// <returns><see langword="false"/>.</returns>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static bool FailMissingRequired(string member, long offset, ref MsgPackReadFailure failure) =>
            failure.Set(FailureReason.MissingRequired, offset, member);

        /// <summary>Records a missing member of a non-nullable reference type that the reader must pass (see <see cref="ThrowMissingNonNullable"/>).</summary>
        /// <param name="member">The member's name.</param>
        /// <param name="offset">Where the reader stands: the end of the object.</param>
        /// <param name="failure">Where the failure is recorded.</param>
        /// <returns><see langword="false"/>.</returns>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static bool FailMissingNonNullable(string member, long offset, ref MsgPackReadFailure failure) =>
            failure.Set(FailureReason.MissingNonNullable, offset, member);

        /// <summary>Records a map whose key repeats (see <see cref="ThrowDuplicateKey"/>).</summary>
        /// <param name="offset">Where the reader stands: the end of the repeating entry.</param>
        /// <param name="failure">Where the failure is recorded.</param>
        /// <returns><see langword="false"/>.</returns>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static bool FailDuplicateKey(long offset, ref MsgPackReadFailure failure) => failure.Set(FailureReason.DuplicateKey, offset);

        /// <summary>Records a set whose element repeats (see <see cref="ThrowDuplicateElement"/>).</summary>
        /// <param name="offset">Where the reader stands: the end of the repeating element.</param>
        /// <param name="failure">Where the failure is recorded.</param>
        /// <returns><see langword="false"/>.</returns>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static bool FailDuplicateElement(long offset, ref MsgPackReadFailure failure) => failure.Set(FailureReason.DuplicateElement, offset);

#if NET8_0_OR_GREATER
        /// <summary>
        /// Reads a value of a type of the contract whose status read is not generated (a hand-written type): through its
        /// <c>TryRead</c>, which by default calls its <c>Read</c> and records what it throws.
        /// </summary>
        /// <typeparam name="T">The type.</typeparam>
        /// <param name="reader">The reader.</param>
        /// <param name="depth">The value's depth.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryRead<T>(ref MsgPackReader reader, int depth, out T value, ref MsgPackReadFailure failure)
            where T : IMsgPackSerializable<T>
        {
            return Succeeded(T.TryRead(ref reader, depth, out value, ref failure), ref failure);
        }
#endif

        /// <summary>
        /// Whether a status read of a hand-written type or a custom converter (its own <c>TryRead</c>) succeeded: a failure it
        /// reports is kept as a failure (its status, at least) even when it recorded nothing.
        /// </summary>
        /// <param name="status">What the read returned.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> for Done.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool Succeeded(OperationStatus status, ref MsgPackReadFailure failure)
        {
            if (status == OperationStatus.Done)
            {
                return true;
            }

            failure.Ensure(status);
            return false;
        }

        /// <summary>
        /// What a status read that calls a throwing read does with its exception (the default status read of the contracts):
        /// records it, where the reader stood, as the failure.
        /// </summary>
        /// <param name="exception">The exception.</param>
        /// <param name="reader">The reader, where it stood when the exception was thrown.</param>
        /// <param name="failure">Where the failure is recorded.</param>
        /// <returns>Its status.</returns>
        public static OperationStatus Fail(MsgPackException exception, ref MsgPackReader reader, ref MsgPackReadFailure failure) =>
            failure.Fail(exception, reader.Consumed);

        /// <summary>
        /// Throws the failure a generated <c>Read</c>'s status read recorded: the <see cref="MsgPackSerializationException"/>
        /// the readers threw when each level threw (its path, its offset, its cause). The failure's details go back to the
        /// thread's pool.
        /// </summary>
        /// <param name="failure">The failure.</param>
        /// <exception cref="MsgPackSerializationException">Always.</exception>
        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void Throw(ref MsgPackReadFailure failure)
        {
            MsgPackSerializationException exception = failure.ToException();
            failure.Release();
            throw exception;
        }

        /// <summary>The failure as a value the caller keeps (default when nothing failed); its details go back to the thread's pool.</summary>
        /// <param name="failure">The failure.</param>
        /// <returns>The error.</returns>
        public static MsgPackReadError TakeError(ref MsgPackReadFailure failure)
        {
            MsgPackReadError error = failure.ToError();
            failure.Release();
            return error;
        }

        /// <summary>Gives the failure's details back to the thread's pool: what a <c>TryRead</c> that returns only the status does.</summary>
        /// <param name="failure">The failure.</param>
        public static void Release(ref MsgPackReadFailure failure) => failure.Release();

        /// <summary>Records a collection's count that the input cannot hold.</summary>
        internal static bool FailCount(int count, int bytesPerItem, long remaining, long offset, ref MsgPackReadFailure failure)
        {
            ReadFailureDetails? details = failure.Begin(OperationStatus.NeedMoreData);
            if (details is not null)
            {
                details.Reason = FailureReason.CountExceedsInput;
                details.Number = count;
                details.BytesNeeded = Math.Min(int.MaxValue, (long)count * bytesPerItem);
                details.BytesAvailable = Math.Min(int.MaxValue, remaining);
                details.Offset = offset;
            }

            return false;
        }

        /// <summary>Records a bulk array's failure: its header (<paramref name="count"/> -1) or an element, as <see cref="ThrowHelper.ThrowArrayReadFailure"/> throws it.</summary>
        internal static bool FailArray(ReadStatus status, int firstByte, int count, long bytesNeeded, long bytesAvailable, string expected, long offset, ref MsgPackReadFailure failure)
        {
            if (count < 0)
            {
                return failure.SetRead(status, firstByte, (int)bytesNeeded, bytesAvailable, "an array header", offset);
            }

            ReadFailureDetails? details = failure.Begin(status.ToOperationStatus());
            if (details is not null)
            {
                details.Reason = FailureReason.ArrayElement;
                details.Status = status;
                details.FirstByte = firstByte;
                details.BytesNeeded = bytesNeeded;
                details.BytesAvailable = bytesAvailable;
                details.Text = expected;
                details.Number = count;
                details.Offset = offset;
            }

            return false;
        }

        // The exceptions of the serializers' own checks, made by the throwing helpers and, on demand, for a failure of
        // the status path: one text for both.
        internal static MsgPackException CountExceedsInput(long count, long bytesNeeded, long bytesAvailable) =>
            new MsgPackTruncatedException((int)Math.Min(int.MaxValue, bytesNeeded), (int)Math.Min(int.MaxValue, bytesAvailable), "a collection of " + count.ToString(System.Globalization.CultureInfo.InvariantCulture) + " items");

        internal static MsgPackException TooDeep() =>
            new MsgPackException("The input nests objects deeper than MsgPackSerialization.MaxDepth (" + MaxDepth + ").");

        internal static MsgPackException MissingRequired(string member) =>
            new MsgPackException("The required member '" + member + "' is missing.");

        internal static MsgPackException MissingNonNullable(string member) =>
            new MsgPackException("The member '" + member + "' is missing, and its type does not accept null.");

        internal static MsgPackException DuplicateKey() => new MsgPackException("The map has the same key twice.");

        internal static MsgPackException DuplicateElement() => new MsgPackException("The set has the same element twice.");

        internal static MsgPackException DuplicateMember(string member) =>
            new MsgPackException("The map has the key of member '" + member + "' twice: a message is read one way only.");

        internal static MsgPackException OutsideDateTime(Timestamp value) =>
            new MsgPackException("The timestamp " + value.ToString() + " lies outside the years 1 to 9999 that DateTime holds.");

        internal static MsgPackException NotGuid() =>
            new MsgPackException("Expected a Guid as a str of 36 characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).");

        internal static MsgPackException Not(string expected) => new MsgPackException("Expected " + expected + ".");

        internal static string TupleText(int count) =>
            "a tuple of " + count.ToString(System.Globalization.CultureInfo.InvariantCulture) + " elements (an array of that length)";

        internal static MsgPackException NotAPair(int count) =>
            new MsgPackException("A union value is an array of 2 items, [tag, value]; this one has " + count + ".");

        internal static MsgPackException UnknownTag(string union, long tag) =>
            new MsgPackException("The tag " + tag.ToString(System.Globalization.CultureInfo.InvariantCulture) + " is not one of the cases of the union " + union + ".");

        internal static MsgPackException UnknownTag(string union) =>
            new MsgPackException("The str tag is not one of the cases of the union " + union + ".");
    }
}
