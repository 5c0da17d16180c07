namespace MsgPack.Spec
{
    public ref partial struct MsgPackReader
    {
        /// <summary>Reads a bin value without copying its bytes.</summary>
        /// <returns>The payload: a span, or a sequence slice when it straddles segments.</returns>
        /// <exception cref="MsgPackException">The next value is not a bin value, or the input ends inside it.</exception>
        public MsgPackPayload ReadBinary()
        {
            ReadStatus status = ReadPayload<BinaryHeaderDecoder>(Utf8Check.None, out MsgPackPayload payload, out int bytesNeeded);
            ThrowIfFailed(status, bytesNeeded, "a bin value");
            return payload;
        }

        /// <summary>Tries to read a bin value without copying its bytes; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The payload; empty unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not a bin value).</returns>
        public OperationStatus TryReadBinary(out MsgPackPayload value) =>
            ReadPayload<BinaryHeaderDecoder>(Utf8Check.None, out value, out _).ToOperationStatus();

        /// <summary>Reads a str value without copying its bytes, checked to be valid UTF-8.</summary>
        /// <returns>The UTF-8 bytes: a span, or a sequence slice when they straddle segments.</returns>
        /// <exception cref="MsgPackException">The next value is not a str value, the input ends inside it, or it is not valid UTF-8.</exception>
        public MsgPackPayload ReadStringBytes()
        {
            if (TryReadStringBytesInSegment(out MsgPackPayload text))
            {
                return text;
            }

            ReadStatus status = ReadPayload<StringHeaderDecoder>(Utf8Check.Validate, out MsgPackPayload payload, out int bytesNeeded);
            ThrowIfFailed(status, bytesNeeded, "a str value");
            return payload;
        }

        /// <summary>Tries to read a str value without copying its bytes; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The UTF-8 bytes; empty unless the result is Done.</param>
        /// <returns>Done, NeedMoreData, or InvalidData (not a str value, or not valid UTF-8).</returns>
        public OperationStatus TryReadStringBytes(out MsgPackPayload value) =>
            TryReadStringBytesInSegment(out value) ? OperationStatus.Done : ReadPayload<StringHeaderDecoder>(Utf8Check.Validate, out value, out _).ToOperationStatus();

        /// <summary>Reads a str value as a <see cref="string"/>, the only allocation (a value that straddles segments is assembled on the stack or in a pooled array).</summary>
        /// <returns>The text.</returns>
        /// <exception cref="MsgPackException">The next value is not a str value, the input ends inside it (checked before anything is allocated), or it is not valid UTF-8.</exception>
        public string ReadString()
        {
            if (TryReadTextInSegment(out string text))
            {
                return text;
            }

            ReadStatus status = ReadText(out text, out int bytesNeeded);
            ThrowIfFailed(status, bytesNeeded, "a str value");
            return text;
        }

        /// <summary>Tries to read a str value as a <see cref="string"/>; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The text; <see cref="string.Empty"/> unless the result is Done.</param>
        /// <returns>Done, NeedMoreData, or InvalidData (not a str value, or not valid UTF-8).</returns>
        public OperationStatus TryReadString(out string value) =>
            TryReadTextInSegment(out value) ? OperationStatus.Done : ReadText(out value, out _).ToOperationStatus();

        /// <summary>Reads an ext value without copying its data.</summary>
        /// <param name="header">The type code and data length.</param>
        /// <returns>The data: a span, or a sequence slice when it straddles segments.</returns>
        /// <exception cref="MsgPackException">The next value is not an ext value, or the input ends inside it.</exception>
        public MsgPackPayload ReadExtension(out ExtensionHeader header)
        {
            ReadStatus status = ReadExtensionCore(out header, out MsgPackPayload data, out int bytesNeeded);
            ThrowIfFailed(status, bytesNeeded, "an ext value");
            return data;
        }

        /// <summary>Tries to read an ext value without copying its data; consumes nothing unless the result is Done.</summary>
        /// <param name="header">The type code and data length; default unless the result is Done.</param>
        /// <param name="data">The data; empty unless the result is Done.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        public OperationStatus TryReadExtension(out ExtensionHeader header, out MsgPackPayload data) =>
            ReadExtensionCore(out header, out data, out _).ToOperationStatus();

        /// <summary>
        /// Reads the next <paramref name="length"/> bytes as they are, without copying: for example the payload after
        /// <see cref="ReadBinaryHeader"/>, <see cref="ReadStringHeader"/> or <see cref="ReadExtensionHeader"/>.
        /// </summary>
        /// <param name="length">The number of bytes; zero or positive.</param>
        /// <returns>The bytes: a span, or a sequence slice when they straddle segments.</returns>
        /// <exception cref="MsgPackTruncatedException">Fewer than <paramref name="length"/> bytes are left.</exception>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative.</exception>
        public MsgPackPayload ReadBytes(int length)
        {
            ReadStatus status = ReadBytesCore(length, out MsgPackPayload bytes, out int bytesNeeded);

            // A constant: an interpolated description would be built (and allocated) on every call, not only on failure.
            ThrowIfFailed(status, bytesNeeded, "the number of bytes asked for");
            return bytes;
        }

        /// <summary>Tries to read the next <paramref name="length"/> bytes as they are; consumes nothing unless the result is Done.</summary>
        /// <param name="length">The number of bytes; zero or positive.</param>
        /// <param name="value">The bytes; empty unless the result is Done.</param>
        /// <returns>Done, or NeedMoreData when fewer than <paramref name="length"/> bytes are left.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative (an argument error, not bad data).</exception>
        public OperationStatus TryReadBytes(int length, out MsgPackPayload value) => ReadBytesCore(length, out value, out _).ToOperationStatus();

        /// <summary>Skips one whole value, nested arrays and maps included, without recursion.</summary>
        /// <exception cref="MsgPackException">The input ends inside the value, holds 0xc1, or announces more than <see cref="int.MaxValue"/> bytes.</exception>
        public void Skip()
        {
            ReadStatus status = SkipCore(out _, out int bytesNeeded);
            ThrowIfFailed(status, bytesNeeded, MsgPackSpec.WholeValueDescription);
        }

        /// <summary>Tries to skip one whole value; consumes nothing unless the result is Done.</summary>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData.</returns>
        public OperationStatus TrySkip() => SkipCore(out _, out _).ToOperationStatus();

        /// <summary>Reads one whole value, nested arrays and maps included, as the bytes that encode it, without copying.</summary>
        /// <returns>The value's bytes: a span, or a sequence slice when they straddle segments.</returns>
        /// <exception cref="MsgPackException">The input ends inside the value, holds 0xc1, or announces more than <see cref="int.MaxValue"/> bytes.</exception>
        public MsgPackPayload ReadRaw()
        {
            ReadStatus status = ReadRawCore(out MsgPackPayload raw, out int bytesNeeded);
            ThrowIfFailed(status, bytesNeeded, MsgPackSpec.WholeValueDescription);
            return raw;
        }

        /// <summary>Tries to read one whole value as its bytes; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value's bytes; empty unless the result is Done.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        public OperationStatus TryReadRaw(out MsgPackPayload value) => ReadRawCore(out value, out _).ToOperationStatus();

        /// <summary>
        /// Finds one whole framed message at the start of <paramref name="input"/>: a MessagePack unsigned integer
        /// giving the body's length (Tarantool writes it as a uint 32, 0xce + 4 bytes), then the body.
        /// </summary>
        /// <param name="input">What has arrived so far, for example a <c>PipeReader</c>'s buffer.</param>
        /// <param name="maxBodyLength">The longest body accepted: a longer prefix is InvalidData, before anything waits for it.</param>
        /// <param name="body">The body, a slice of <paramref name="input"/>; empty unless the result is Done.</param>
        /// <param name="end">Where the message ends (the "consumed" position for <c>AdvanceTo</c>); the start of the input unless the result is Done.</param>
        /// <returns>Done; NeedMoreData when the prefix or the body is incomplete (wait for more bytes); InvalidData when the prefix is not an unsigned integer or exceeds <paramref name="maxBodyLength"/>.</returns>
        /// <remarks>
        /// <para>
        /// A pipeline that consumes only whole frames holds a frame's bytes until the last one arrives. Its
        /// <c>Pipe</c>'s <c>pauseWriterThreshold</c> need not exceed the largest frame: the writer pauses on bytes the
        /// reader has not <i>examined</i> (System.IO.Pipelines 4.6, .NET Core 3.0, and later), so a reader that calls
        /// <c>AdvanceTo(consumed, buffer.End)</c> after each read (consumed: the end of the last whole frame, or the
        /// unfinished frame's start) lets the writer go on until the frame is whole. The tests move 98 KB frames
        /// through a pipe that pauses at 1 KiB this way.
        /// </para>
        /// <para>
        /// What hangs is examined short of the buffer's end, as <c>AdvanceTo(consumed)</c> alone does: the writer
        /// stays paused, and <c>ReadAsync</c> hands back the same partial frame at once, forever. And since the
        /// threshold no longer bounds what the pipe buffers, <paramref name="maxBodyLength"/> does: a frame may hold up
        /// to that many bytes, plus 9 of prefix, in memory.
        /// </para>
        /// </remarks>
        public static OperationStatus TryReadFrame(ReadOnlySequence<byte> input, long maxBodyLength, out ReadOnlySequence<byte> body, out SequencePosition end)
        {
            body = default;
            end = input.Start;
            var reader = new MsgPackReader(input);
            OperationStatus status = reader.TryReadUInt64(out ulong length);
            if (status != OperationStatus.Done)
            {
                return status;
            }

            if (length > (ulong)Math.Max(maxBodyLength, 0))
            {
                return OperationStatus.InvalidData;
            }

            if ((ulong)reader.Remaining < length)
            {
                return OperationStatus.NeedMoreData;
            }

            SequencePosition start = reader.Position;
            body = input.Slice(start, (long)length);
            end = body.End;
            return OperationStatus.Done;
        }

        private enum Utf8Check
        {
            None,
            Validate,
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void ThrowIfFailed(ReadStatus status, int bytesNeeded, string expected)
        {
            if (status != ReadStatus.Done)
            {
                ThrowReadFailure(status, bytesNeeded, expected);
            }
        }

        /// <summary>Decodes a header with <typeparamref name="TDecoder"/> without consuming it.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal ReadStatus Peek<TDecoder, T>(out T value, out int bytesRead)
            where TDecoder : struct, IValueDecoder<T>
        {
            ReadStatus status = default(TDecoder).Decode(ref Head, _current.Length - _index, out value, out bytesRead);
            return status == ReadStatus.Done ? status : PeekAcrossSegments<TDecoder, T>(status, out value, out bytesRead);
        }

        /// <summary>Reads a str or bin header and its payload, consuming both only when the whole value is there (and valid).</summary>
        private ReadStatus ReadPayload<THeaderDecoder>(Utf8Check check, out MsgPackPayload payload, out int bytesNeeded)
            where THeaderDecoder : struct, IValueDecoder<int>
        {
            payload = default;
            ReadStatus status = Peek<THeaderDecoder, int>(out int length, out bytesNeeded);
            if (status == ReadStatus.Done)
            {
                status = PeekPayload(bytesNeeded, length, out payload, out bytesNeeded);
            }

            if (status == ReadStatus.Done && check == Utf8Check.Validate && !IsValidUtf8(payload))
            {
                payload = default;
                return ReadStatus.InvalidUtf8;
            }

            if (status == ReadStatus.Done)
            {
                Advance(bytesNeeded);
            }

            return status;
        }

        private ReadStatus ReadBytesCore(int length, out MsgPackPayload bytes, out int bytesNeeded)
        {
            if (length < 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(length), length, "zero or positive");
            }

            ReadStatus status = PeekPayload(0, length, out bytes, out bytesNeeded);
            if (status == ReadStatus.Done)
            {
                Advance(bytesNeeded);
            }

            return status;
        }

        private ReadStatus ReadExtensionCore(out ExtensionHeader header, out MsgPackPayload data, out int bytesNeeded)
        {
            data = default;
            ReadStatus status = Peek<ExtensionHeaderDecoder, ExtensionHeader>(out header, out bytesNeeded);
            if (status == ReadStatus.Done)
            {
                status = PeekPayload(bytesNeeded, header.Length, out data, out bytesNeeded);
            }

            if (status == ReadStatus.Done)
            {
                Advance(bytesNeeded);
            }
            else
            {
                header = default;
            }

            return status;
        }

        /// <summary>
        /// The common case of <see cref="ReadStringBytes"/>: a value that lies wholly in the current segment, decoded
        /// and checked by the span reader's core on the segment (one call, no payload bookkeeping). False, having
        /// consumed nothing, for anything else, which <see cref="ReadPayload"/> then reads or reports.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private bool TryReadStringBytesInSegment(out MsgPackPayload utf8)
        {
            ReadOnlySpan<byte> unread = UnreadSegment;
            if (MsgPackSpec.DecodeUtf8String(ref MemoryMarshal.GetReference(unread), unread.Length, out int offset, out int length, out int bytesRead) != ReadStatus.Done)
            {
                utf8 = default;
                return false;
            }

            utf8 = new MsgPackPayload(MsgPackSpec.SliceUnchecked(unread, offset, length));
            _index += bytesRead;
            return true;
        }

        /// <summary>
        /// The common case of <see cref="ReadString"/>: a value that lies wholly in the current segment, read as the
        /// span reader reads it. False, having consumed nothing, for anything else (a value that straddles segments,
        /// or one that is not a valid str), which <see cref="ReadText"/> then reads or reports.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private bool TryReadTextInSegment(out string text)
        {
            if (MsgPackSpec.DecodeText(_current.Slice(_index), out text, out int bytesRead) != ReadStatus.Done)
            {
                return false;
            }

            _index += bytesRead;
            return true;
        }

        private ReadStatus ReadText(out string text, out int bytesNeeded)
        {
            text = string.Empty;
            ReadStatus status = Peek<StringHeaderDecoder, int>(out int length, out bytesNeeded);
            if (status == ReadStatus.Done)
            {
                status = PeekPayload(bytesNeeded, length, out MsgPackPayload utf8, out bytesNeeded);
                if (status == ReadStatus.Done)
                {
                    if (!TryDecodeUtf8(utf8, out text))
                    {
                        bytesNeeded = 0;
                        return ReadStatus.InvalidUtf8;
                    }

                    Advance(bytesNeeded);
                }
            }

            return status;
        }

        /// <summary>The longest straddling text <see cref="CheckUtf8(MsgPackPayload, bool, out string)"/> assembles on the stack.</summary>
        private const int StackAssemblyLimit = 256;

        /// <summary>Validates and decodes UTF-8; text that straddles segments is assembled on the stack or in a pooled array, so the string stays the only allocation.</summary>
        internal static bool TryDecodeUtf8(MsgPackPayload utf8, out string text) => CheckUtf8(utf8, decode: true, out text);

        internal static bool IsValidUtf8(MsgPackPayload payload) =>
            payload.IsSingleSpan ? CheckUtf8(payload.Span, decode: false, out _) : Utf8Text.IsValid(payload.Sequence);

        /// <summary>
        /// Validates UTF-8 and, when asked, decodes it. Bytes that straddle segments are assembled first, on the stack
        /// (up to <see cref="StackAssemblyLimit"/> bytes) or in a pooled array, so that the returned string stays the
        /// only allocation (validation alone needs no array: see <see cref="IsValidUtf8"/>).
        /// </summary>
        [SkipLocalsInit]
        private static bool CheckUtf8(MsgPackPayload utf8, bool decode, out string text)
        {
            text = string.Empty;
            if (utf8.IsSingleSpan)
            {
                return CheckUtf8(utf8.Span, decode, out text);
            }

            // A short text (a key, a name) cut by a segment boundary is assembled on the stack: no pool round trip.
            if (utf8.Length <= StackAssemblyLimit)
            {
                Span<byte> stack = stackalloc byte[StackAssemblyLimit];
                Span<byte> cut = stack.Slice(0, utf8.Length);
                utf8.Sequence.CopyTo(cut);
                return CheckUtf8(cut, decode, out text);
            }

            byte[] assembled = ArrayPool<byte>.Shared.Rent(utf8.Length);
            try
            {
                Span<byte> bytes = assembled.AsSpan(0, utf8.Length);
                utf8.Sequence.CopyTo(bytes);
                return CheckUtf8(bytes, decode, out text);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(assembled);
            }
        }

        private static bool CheckUtf8(ReadOnlySpan<byte> bytes, bool decode, out string text)
        {
            if (decode)
            {
                return Utf8Text.TryDecode(bytes, out text);
            }

            text = string.Empty;
            return Utf8Text.IsValid(ref MemoryMarshal.GetReference(bytes), bytes.Length);
        }

        /// <summary>
        /// After a header of <paramref name="headerLength"/> bytes (decoded, not consumed), checks that the
        /// <paramref name="payloadLength"/> bytes after it are there and makes them a payload. Consumes nothing;
        /// <paramref name="total"/> is header plus payload (the input length needed, on NeedMoreData).
        /// </summary>
        internal readonly ReadStatus PeekPayload(int headerLength, int payloadLength, out MsgPackPayload payload, out int total)
        {
            payload = default;
            long needed = (long)headerLength + payloadLength;
            if (needed > int.MaxValue)
            {
                total = 0;
                return ReadStatus.Overflow;
            }

            total = (int)needed;
            if (_current.Length - _index >= needed)
            {
                payload = new MsgPackPayload(_current.Slice(_index + headerLength, payloadLength));
                return ReadStatus.Done;
            }

            if (Remaining < needed)
            {
                return ReadStatus.NeedMoreData;
            }

            SequencePosition start = _sequence.GetPosition(_index + headerLength, _currentStart);
            payload = new MsgPackPayload(_sequence.Slice(start, payloadLength));
            return ReadStatus.Done;
        }

        /// <summary>
        /// The <paramref name="length"/> bytes that start <paramref name="offset"/> bytes ahead, which the caller knows
        /// are there (the validator, which has checked the structure): unlike <see cref="PeekPayload"/>, the offset and
        /// the length together may pass <see cref="int.MaxValue"/> over a sequence, so there is no status to drop.
        /// </summary>
        /// <exception cref="InvalidOperationException">The bytes are not all there: the caller's bug.</exception>
        internal readonly MsgPackPayload PeekPresent(long offset, int length)
        {
            if (offset < 0 || length < 0 || offset + length > Remaining)
            {
                ThrowHelper.ThrowInvalidOperation("MsgPackReader was asked to look past the end of its input.");
            }

            if (_current.Length - _index - offset >= length)
            {
                return new MsgPackPayload(_current.Slice(_index + (int)offset, length));
            }

            return new MsgPackPayload(_sequence.Slice(_sequence.GetPosition(_index + offset, _currentStart), length));
        }

        /// <summary>Walks one whole value token by token, on a copy of the reader, and moves only when it is all there.</summary>
        private ReadStatus SkipCore(out long length, out int bytesNeeded)
        {
            length = 0;

            // Fast path: the value lies in the current segment.
            ReadStatus status = MsgPackSpec.DecodeSkip(ref Head, _current.Length - _index, out bytesNeeded);
            if (status == ReadStatus.Done)
            {
                length = bytesNeeded;
                _index += bytesNeeded;
                return status;
            }

            if (!_isSequence)
            {
                return status;
            }

            MsgPackReader cursor = this;
            long pending = 1;
            status = cursor.SkipWholeTokens(ref pending, out long needed);
            long walked = cursor.Consumed - Consumed;
            if (status == ReadStatus.NeedMoreData)
            {
                // As MsgPackSpec.DecodeSkip does: a value that needs more than int.MaxValue bytes (a huge count
                // still pending) is an overflow, not a wait for more data.
                long total = walked + needed;
                bytesNeeded = (int)Math.Min(total, int.MaxValue);
                return total > int.MaxValue ? ReadStatus.Overflow : ReadStatus.NeedMoreData;
            }

            bytesNeeded = 0;
            if (status != ReadStatus.Done)
            {
                return status;
            }

            if (walked > int.MaxValue)
            {
                return ReadStatus.Overflow;
            }

            length = walked;
            bytesNeeded = (int)walked;
            this = cursor;
            return ReadStatus.Done;
        }

        /// <summary>
        /// Moves over whole tokens while <paramref name="pending"/> values are left to walk: each token's header and
        /// payload, with its items added to <paramref name="pending"/>. It stops at the first token that is not all
        /// there, or not valid, having moved over the ones before it: so the walk of a value that arrives in pieces
        /// (MsgPackStream's doors) resumes where it stopped, with the count it left, instead of starting over.
        /// </summary>
        /// <param name="pending">The values still to walk, 1 for one whole value; on return, those left (0 when Done).</param>
        /// <param name="bytesNeeded">
        /// Unless Done, the bytes from where the reader stopped that the values left take at least: the token it stopped
        /// at (taken as one byte when it is invalid), and one byte for each value after it.
        /// </param>
        /// <returns>Done, NeedMoreData, or the status of the invalid token (0xc1).</returns>
        internal ReadStatus SkipWholeTokens(ref long pending, out long bytesNeeded)
        {
            while (pending != 0)
            {
                ReadStatus status = Peek<TokenHeaderDecoder, TokenHeader>(out TokenHeader token, out int headerNeeded);
                if (status != ReadStatus.Done)
                {
                    bytesNeeded = (status == ReadStatus.NeedMoreData ? headerNeeded : 1) + pending - 1;
                    return status;
                }

                long tokenLength = token.HeaderLength + token.PayloadLength;
                if (Remaining < tokenLength)
                {
                    bytesNeeded = tokenLength + pending - 1;
                    return ReadStatus.NeedMoreData;
                }

                Advance(tokenLength);
                pending += token.ChildCount - 1;
            }

            bytesNeeded = 0;
            return ReadStatus.Done;
        }

        private ReadStatus ReadRawCore(out MsgPackPayload raw, out int bytesNeeded)
        {
            raw = default;
            MsgPackReader start = this;
            ReadStatus status = SkipCore(out long length, out bytesNeeded);
            if (status != ReadStatus.Done)
            {
                return status;
            }

            if (start._current.Length - start._index >= length)
            {
                raw = new MsgPackPayload(start._current.Slice(start._index, (int)length));
            }
            else
            {
                raw = new MsgPackPayload(_sequence.Slice(start.Position, length));
            }

            return status;
        }
    }
}
