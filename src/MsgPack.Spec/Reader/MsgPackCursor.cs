using MsgPack.Spec.Serialization;

namespace MsgPack.Spec
{
    /// <summary>
    /// A place in a <see cref="MsgPackReader"/>'s current segment, held by the method that reads: the way for code that
    /// receives the reader as <c>ref MsgPackReader</c> (a tree of helper methods, such as a generated deserializer) to
    /// read at the speed of a reader held in a local.
    /// </summary>
    /// <remarks>
    /// <para>
    /// <b>Why.</b> Behind <c>ref MsgPackReader</c> the reader's place is in memory, and every read loads it and stores
    /// it back: a chain through memory from one value to the next. A cursor is a local of the reading method (one
    /// span: the rest of the segment), so its place stays in registers. Its reads decode with the same cores as the
    /// reader and the span API, on the span; only a value that does not lie whole in the segment (it straddles a
    /// boundary, or the input ends inside it) or that fails goes to the reader, which reads it across segments or
    /// throws as it always does, and the cursor then takes the reader's new place.
    /// </para>
    /// <para>
    /// <b>How.</b> Every read takes the reader by reference, for that slow path. A helper that takes
    /// <c>ref MsgPackReader</c> starts with <c>var cursor = reader.GetCursor();</c>, reads through the cursor, calls
    /// <c>reader.MoveTo(cursor)</c> before it hands the reader to another helper and again before it returns, and
    /// takes a new cursor after such a call. Between <see cref="MsgPackReader.GetCursor"/> and
    /// <see cref="MsgPackReader.MoveTo"/> the reader itself is not read: the cursor's reads are not counted by the
    /// reader's <see cref="MsgPackReader.Consumed"/> or <see cref="MsgPackReader.Position"/> until then.
    /// </para>
    /// <para>
    /// <b>Partial input.</b> As the reader's: <c>Read*</c> throws <see cref="MsgPackTruncatedException"/> when the
    /// input ends inside the value, <c>TryRead*</c> returns <see cref="OperationStatus.NeedMoreData"/> or
    /// <see cref="OperationStatus.InvalidData"/> and leaves the cursor where it was; after a throw the cursor is where
    /// it was too. Pass the cursor's reader to every read: a cursor read with another reader throws
    /// <see cref="InvalidOperationException"/> when it needs the reader.
    /// </para>
    /// </remarks>
    public ref struct MsgPackCursor
    {
        private ReadOnlySpan<byte> _rest;

        internal MsgPackCursor(ReadOnlySpan<byte> rest) => _rest = rest;

        /// <summary>The bytes left in the current segment, from the cursor's place on (the input may go on in further segments).</summary>
        public readonly ReadOnlySpan<byte> UnreadSpan => _rest;

        /// <summary>The bytes left in the whole input from the cursor's place: the rest of this segment and every segment after it.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The number of bytes; a claimed count larger than this cannot be read (each value takes at least one byte).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public readonly long GetRemaining(ref MsgPackReader reader) => reader.Remaining - reader.SegmentRemaining + _rest.Length;

        /// <summary>The bytes from the reader's start to the cursor's place: the reader's <see cref="MsgPackReader.Consumed"/> once it moves here.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The offset of the cursor's place in the whole input.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public readonly long GetConsumed(ref MsgPackReader reader) => reader.Consumed + reader.SegmentRemaining - _rest.Length;

        /// <summary>Reads nil.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <exception cref="MsgPackException">The next value is not nil, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void ReadNil(ref MsgPackReader reader) => Read<NilDecoder, bool>(ref reader);

        /// <summary>Tries to read nil; consumes nothing unless the result is Done.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>Done, NeedMoreData (the input ends first) or InvalidData (the next value is not nil).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadNil(ref MsgPackReader reader) => TryRead<NilDecoder, bool>(ref reader, out _);

        /// <summary>Tells whether the next value is nil, without consuming it; false at the end of the input.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns><see langword="true"/> when the next byte is 0xc0.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool IsNil(ref MsgPackReader reader)
        {
            if (!_rest.IsEmpty)
            {
                return MemoryMarshal.GetReference(_rest) == DataCodes.Nil;
            }

            bool nil = reader.IsNilAt(_rest);
            _rest = reader.UnreadSegment;
            return nil;
        }

        /// <summary>The first byte of the next value, its format code, without consuming it.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The code (see <see cref="DataCodes"/>).</returns>
        /// <exception cref="MsgPackTruncatedException">No bytes are left.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public byte PeekCode(ref MsgPackReader reader)
        {
            if (!_rest.IsEmpty)
            {
                return MemoryMarshal.GetReference(_rest);
            }

            byte code = reader.PeekCodeAt(_rest);
            _rest = reader.UnreadSegment;
            return code;
        }

        /// <summary>The family of the next value, from its first byte, without consuming it.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The family.</returns>
        /// <exception cref="MsgPackTruncatedException">No bytes are left.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public MsgPackType PeekMsgPackType(ref MsgPackReader reader) => MsgPackSpec.GetMsgPackType(PeekCode(ref reader));

        /// <summary>Reads a boolean.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool ReadBoolean(ref MsgPackReader reader) => Read<BooleanDecoder, bool>(ref reader);

        /// <summary>Reads an integer that fits <see cref="long"/>.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public long ReadInt64(ref MsgPackReader reader) => Read<Int64Decoder, long>(ref reader);

        /// <summary>Tries to read an integer that fits <see cref="long"/>; consumes nothing unless the result is Done.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadInt64(ref MsgPackReader reader, out long value) => TryRead<Int64Decoder, long>(ref reader, out value);

        /// <summary>Reads an integer that fits <see cref="int"/>.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int ReadInt32(ref MsgPackReader reader) => Read<Int32Decoder, int>(ref reader);

        /// <summary>Tries to read an integer that fits <see cref="int"/>; consumes nothing unless the result is Done.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadInt32(ref MsgPackReader reader, out int value) => TryRead<Int32Decoder, int>(ref reader, out value);

        /// <summary>Reads an integer that fits <see cref="short"/>.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public short ReadInt16(ref MsgPackReader reader) => Read<Int16Decoder, short>(ref reader);

        /// <summary>Reads an integer that fits <see cref="sbyte"/>.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public sbyte ReadSByte(ref MsgPackReader reader) => Read<SByteDecoder, sbyte>(ref reader);

        /// <summary>Reads an integer that fits <see cref="ulong"/>.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ulong ReadUInt64(ref MsgPackReader reader) => Read<UInt64Decoder, ulong>(ref reader);

        /// <summary>Tries to read an integer that fits <see cref="ulong"/>; consumes nothing unless the result is Done.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadUInt64(ref MsgPackReader reader, out ulong value) => TryRead<UInt64Decoder, ulong>(ref reader, out value);

        /// <summary>Reads an integer that fits <see cref="uint"/>.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public uint ReadUInt32(ref MsgPackReader reader) => Read<UInt32Decoder, uint>(ref reader);

        /// <summary>Reads an integer that fits <see cref="ushort"/>.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ushort ReadUInt16(ref MsgPackReader reader) => Read<UInt16Decoder, ushort>(ref reader);

        /// <summary>Reads an integer that fits <see cref="byte"/>.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public byte ReadByte(ref MsgPackReader reader) => Read<ByteDecoder, byte>(ref reader);

        /// <summary>Reads a float 32.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public float ReadSingle(ref MsgPackReader reader) => Read<SingleDecoder, float>(ref reader);

        /// <summary>Reads a float 64, or a float 32 widened exactly.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public double ReadDouble(ref MsgPackReader reader) => Read<DoubleDecoder, double>(ref reader);

        /// <summary>Tries to read a float 64, or a float 32 widened exactly; consumes nothing unless the result is Done.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadDouble(ref MsgPackReader reader, out double value) => TryRead<DoubleDecoder, double>(ref reader, out value);

        /// <summary>Reads a timestamp (ext type -1, any of its three forms).</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Timestamp ReadTimestamp(ref MsgPackReader reader) => Read<TimestampDecoder, Timestamp>(ref reader);

        /// <summary>Reads an array header: the number of items that follow.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int ReadArrayHeader(ref MsgPackReader reader) => Read<ArrayHeaderDecoder, int>(ref reader);

        /// <summary>Tries to read an array header; consumes nothing unless the result is Done.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <param name="value">The number of items; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the header) or InvalidData (not an array header).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadArrayHeader(ref MsgPackReader reader, out int value) => TryRead<ArrayHeaderDecoder, int>(ref reader, out value);

        /// <summary>Reads a map header: the number of key/value pairs that follow.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int ReadMapHeader(ref MsgPackReader reader) => Read<MapHeaderDecoder, int>(ref reader);

        /// <summary>Tries to read a map header; consumes nothing unless the result is Done.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <param name="value">The number of pairs; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the header) or InvalidData (not a map header).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadMapHeader(ref MsgPackReader reader, out int value) => TryRead<MapHeaderDecoder, int>(ref reader, out value);

        /// <summary>Reads a str header: the UTF-8 byte length that follows (then <see cref="ReadBytes"/>).</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int ReadStringHeader(ref MsgPackReader reader) => Read<StringHeaderDecoder, int>(ref reader);

        /// <summary>Reads a bin header: the byte length that follows (then <see cref="ReadBytes"/>).</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int ReadBinaryHeader(ref MsgPackReader reader) => Read<BinaryHeaderDecoder, int>(ref reader);

        /// <summary>Reads an ext header: the type code and the data length that follows (then <see cref="ReadBytes"/>).</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ExtensionHeader ReadExtensionHeader(ref MsgPackReader reader) => Read<ExtensionHeaderDecoder, ExtensionHeader>(ref reader);

        /// <summary>Reads one token of any type (see <see cref="MsgPackReader.ReadToken"/>).</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The token.</returns>
        /// <exception cref="MsgPackException">The next bytes are not a token, or the input ends inside it (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public MsgPackToken ReadToken(ref MsgPackReader reader) => Read<TokenDecoder, MsgPackToken>(ref reader);

        /// <summary>Reads a str value without copying its bytes, checked to be valid UTF-8.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The UTF-8 bytes: a span, or a sequence slice when they straddle segments.</returns>
        /// <exception cref="MsgPackException">The next value is not a str value, the input ends inside it, or it is not valid UTF-8.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public MsgPackPayload ReadStringBytes(ref MsgPackReader reader)
        {
            if (MsgPackSpec.DecodeUtf8String(ref MemoryMarshal.GetReference(_rest), _rest.Length, out int offset, out int length, out int bytesRead) == ReadStatus.Done)
            {
                var payload = new MsgPackPayload(MsgPackSpec.SliceUnchecked(_rest, offset, length));
                Advance(bytesRead);
                return payload;
            }

            MsgPackPayload read = reader.ReadStringBytesAt(_rest);
            _rest = reader.UnreadSegment;
            return read;
        }

        /// <summary>Tries to read a str value without copying its bytes; consumes nothing unless the result is Done.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <param name="value">The UTF-8 bytes; empty unless the result is Done.</param>
        /// <returns>Done, NeedMoreData, or InvalidData (not a str value, or not valid UTF-8).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadStringBytes(ref MsgPackReader reader, out MsgPackPayload value)
        {
            if (MsgPackSpec.DecodeUtf8String(ref MemoryMarshal.GetReference(_rest), _rest.Length, out int offset, out int length, out int bytesRead) == ReadStatus.Done)
            {
                value = new MsgPackPayload(MsgPackSpec.SliceUnchecked(_rest, offset, length));
                Advance(bytesRead);
                return OperationStatus.Done;
            }

            OperationStatus status = reader.TryReadStringBytesAt(_rest, out value);
            _rest = reader.UnreadSegment;
            return status;
        }

        /// <summary>Reads a str value as a <see cref="string"/>, the only allocation.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The text.</returns>
        /// <exception cref="MsgPackException">The next value is not a str value, the input ends inside it, or it is not valid UTF-8.</exception>
        public string ReadString(ref MsgPackReader reader)
        {
            if (MsgPackSpec.DecodeText(_rest, out string text, out int bytesRead) == ReadStatus.Done)
            {
                Advance(bytesRead);
                return text;
            }

            text = reader.ReadStringAt(_rest);
            _rest = reader.UnreadSegment;
            return text;
        }

        /// <summary>Reads a bin value without copying its bytes.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>The payload: a span, or a sequence slice when it straddles segments.</returns>
        /// <exception cref="MsgPackException">The next value is not a bin value, or the input ends inside it.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public MsgPackPayload ReadBinary(ref MsgPackReader reader)
        {
            if (MsgPackSpec.DecodeBinary(ref MemoryMarshal.GetReference(_rest), _rest.Length, out int offset, out int length, out int bytesRead) == ReadStatus.Done)
            {
                var payload = new MsgPackPayload(MsgPackSpec.SliceUnchecked(_rest, offset, length));
                Advance(bytesRead);
                return payload;
            }

            MsgPackPayload read = reader.ReadBinaryAt(_rest);
            _rest = reader.UnreadSegment;
            return read;
        }

        /// <summary>Reads the next <paramref name="length"/> bytes as they are, without copying (the payload after a header).</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <param name="length">The number of bytes; zero or positive.</param>
        /// <returns>The bytes: a span, or a sequence slice when they straddle segments.</returns>
        /// <exception cref="MsgPackTruncatedException">Fewer than <paramref name="length"/> bytes are left.</exception>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public MsgPackPayload ReadBytes(ref MsgPackReader reader, int length)
        {
            if ((uint)length <= (uint)_rest.Length)
            {
                var payload = new MsgPackPayload(MsgPackSpec.SliceUnchecked(_rest, 0, length));
                Advance(length);
                return payload;
            }

            MsgPackPayload read = reader.ReadBytesAt(_rest, length);
            _rest = reader.UnreadSegment;
            return read;
        }

        /// <summary>Skips one whole value, nested arrays and maps included.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <exception cref="MsgPackException">The input ends inside the value, holds 0xc1, or announces more than <see cref="int.MaxValue"/> bytes.</exception>
        public void Skip(ref MsgPackReader reader)
        {
            if (MsgPackSpec.DecodeSkip(ref MemoryMarshal.GetReference(_rest), _rest.Length, out int bytesRead) == ReadStatus.Done)
            {
                Advance(bytesRead);
                return;
            }

            reader.SkipAt(_rest);
            _rest = reader.UnreadSegment;
        }

        /// <summary>Tries to skip one whole value; consumes nothing unless the result is Done.</summary>
        /// <param name="reader">The reader this cursor came from.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TrySkip(ref MsgPackReader reader)
        {
            if (MsgPackSpec.DecodeSkip(ref MemoryMarshal.GetReference(_rest), _rest.Length, out int bytesRead) == ReadStatus.Done)
            {
                Advance(bytesRead);
                return OperationStatus.Done;
            }

            OperationStatus status = reader.TrySkipAt(_rest);
            _rest = reader.UnreadSegment;
            return status;
        }

        /// <summary>Reads one value with <typeparamref name="TDecoder"/> on the segment; the reader reads it when the segment cannot.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private T Read<TDecoder, T>(ref MsgPackReader reader)
            where TDecoder : struct, IValueDecoder<T>
        {
            if (default(TDecoder).Decode(ref MemoryMarshal.GetReference(_rest), _rest.Length, out T value, out int bytesRead) == ReadStatus.Done)
            {
                Advance(bytesRead);
                return value;
            }

            value = reader.ReadAt<TDecoder, T>(_rest);
            _rest = reader.UnreadSegment;
            return value;
        }

        /// <summary>Tries to read one value with <typeparamref name="TDecoder"/>; consumes nothing unless Done (the generated readers' status path reads through it).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal OperationStatus TryRead<TDecoder, T>(ref MsgPackReader reader, out T value)
            where TDecoder : struct, IValueDecoder<T>
        {
            ReadStatus decoded = default(TDecoder).Decode(ref MemoryMarshal.GetReference(_rest), _rest.Length, out value, out int bytesRead);
            if (decoded == ReadStatus.Done)
            {
                Advance(bytesRead);
                return OperationStatus.Done;
            }

            // Bad data is bad in every segmentation: only a value cut by the segment's end needs the reader. (A
            // nullable member's TryReadNil fails this way on every value that is not nil.)
            if (decoded != ReadStatus.NeedMoreData)
            {
                return decoded.ToOperationStatus();
            }

            // Out of line in two calls that take nothing of the caller's by reference: the status across segments, then,
            // when Done, the value (returned). The caller's variable, or a temporary, given to an out-of-line read by
            // reference would be kept in memory in the caller, where the inlined fast path keeps it in a register.
            OperationStatus status = reader.PeekAt<TDecoder, T>(_rest);
            value = status == OperationStatus.Done ? reader.ReadAt<TDecoder, T>(_rest) : default!;

            _rest = reader.UnreadSegment;
            return status;
        }

        /// <summary>
        /// Reads one value with <typeparamref name="TDecoder"/>, or records why not in <paramref name="failure"/>: the read
        /// of the status helpers (MsgPackSerialization.TryRead*), which consumes nothing unless it returns true. One call
        /// out of line when the segment cannot decode the value, which returns the value and records a failure: nothing
        /// of the caller's is passed by reference but the failure (a reference already), so the inlined read leaves no
        /// variable in the caller's frame that the frame must keep in memory and zero.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal bool TryRead<TDecoder, T>(ref MsgPackReader reader, out T value, ref MsgPackReadFailure failure)
            where TDecoder : struct, IValueDecoder<T>
        {
            ReadStatus decoded = default(TDecoder).Decode(ref MemoryMarshal.GetReference(_rest), _rest.Length, out value, out int bytesRead);
            if (decoded == ReadStatus.Done)
            {
                Advance(bytesRead);
                return true;
            }

            value = reader.ReadAtOrFail<TDecoder, T>(_rest, decoded, ref failure);
            if (failure.Failed)
            {
                return false;
            }

            _rest = reader.UnreadSegment;
            return true;
        }

        /// <summary>Tries to read a str value as a <see cref="string"/>; consumes nothing unless Done.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal OperationStatus TryReadString(ref MsgPackReader reader, out string value)
        {
            ReadStatus decoded = MsgPackSpec.DecodeText(_rest, out value, out int bytesRead);
            if (decoded == ReadStatus.Done)
            {
                Advance(bytesRead);
                return OperationStatus.Done;
            }

            if (decoded != ReadStatus.NeedMoreData)
            {
                return decoded.ToOperationStatus();
            }

            OperationStatus status = reader.TryReadStringAt(_rest, out string slow);
            _rest = reader.UnreadSegment;
            value = slow;
            return status;
        }

        /// <summary>Tries to read a bin value without copying its bytes; consumes nothing unless Done.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal OperationStatus TryReadBinary(ref MsgPackReader reader, out MsgPackPayload value)
        {
            ReadStatus decoded = MsgPackSpec.DecodeBinary(ref MemoryMarshal.GetReference(_rest), _rest.Length, out int offset, out int length, out int bytesRead);
            if (decoded == ReadStatus.Done)
            {
                value = new MsgPackPayload(MsgPackSpec.SliceUnchecked(_rest, offset, length));
                Advance(bytesRead);
                return OperationStatus.Done;
            }

            if (decoded != ReadStatus.NeedMoreData)
            {
                value = default;
                return decoded.ToOperationStatus();
            }

            OperationStatus status = reader.TryReadBinaryAt(_rest, out MsgPackPayload slow);
            _rest = reader.UnreadSegment;
            value = slow;
            return status;
        }

        /// <summary>Tries to read the next <paramref name="length"/> bytes as they are (zero or more); consumes nothing unless Done.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal OperationStatus TryReadBytes(ref MsgPackReader reader, int length, out MsgPackPayload value)
        {
            if ((uint)length <= (uint)_rest.Length)
            {
                value = new MsgPackPayload(MsgPackSpec.SliceUnchecked(_rest, 0, length));
                Advance(length);
                return OperationStatus.Done;
            }

            OperationStatus status = reader.TryReadBytesAt(_rest, length, out MsgPackPayload slow);
            _rest = reader.UnreadSegment;
            value = slow;
            return status;
        }

        /// <summary>Moves past <paramref name="count"/> bytes that a decoder has just read; count is at most the span's length.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void Advance(int count) => MsgPackSpec.Advance(ref _rest, count);
    }
}
