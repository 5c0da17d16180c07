namespace MsgPack.Spec
{
    // Skip and TrySkip over span, pointer and advancing span but TrySkip's advancing twin, which shares its shape with
    // every other advancing Try reader and is written by tools/MsgPack.Spec.CodeGen into MsgPackSpec.FrontDoors.g.cs.
    public static unsafe partial class MsgPackSpec
    {
        /// <summary>What Skip and ReadRaw read, in words, for their exception messages.</summary>
        internal const string WholeValueDescription = "a whole value of at most 2,147,483,647 bytes";

        /// <summary>
        /// Reads the header of any token: <paramref name="headerLength"/> is every byte before its payload or items
        /// (the whole value for scalars and fixext), <paramref name="payloadLength"/> the str/bin/ext bytes after the
        /// header, and <paramref name="childCount"/> the values that follow as its items (twice the count for a map).
        /// On NeedMoreData <paramref name="headerLength"/> is the input length the header needs.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeTokenHeader(ref byte source, int length, out int headerLength, out long payloadLength, out long childCount)
        {
            payloadLength = 0;
            childCount = 0;
            if (length <= 0)
            {
                return NeedMoreData(1, out headerLength);
            }

            byte code = source;
            headerLength = HeaderSizeTable[code];
            if (headerLength == 0)
            {
                return ReadStatus.UnexpectedCode;
            }

            if (length < headerLength)
            {
                return ReadStatus.NeedMoreData;
            }

            ref byte field = ref Unsafe.Add(ref source, 1);
            switch (code)
            {
                case DataCodes.String8:
                case DataCodes.Binary8:
                case DataCodes.Extension8:
                    payloadLength = field;
                    break;
                case DataCodes.String16:
                case DataCodes.Binary16:
                case DataCodes.Extension16:
                    payloadLength = BigEndian.ReadUInt16(ref field);
                    break;
                case DataCodes.String32:
                case DataCodes.Binary32:
                case DataCodes.Extension32:
                    payloadLength = BigEndian.ReadUInt32(ref field);
                    break;
                case DataCodes.Array16:
                    childCount = BigEndian.ReadUInt16(ref field);
                    break;
                case DataCodes.Array32:
                    childCount = BigEndian.ReadUInt32(ref field);
                    break;
                case DataCodes.Map16:
                    childCount = 2L * BigEndian.ReadUInt16(ref field);
                    break;
                case DataCodes.Map32:
                    childCount = 2L * BigEndian.ReadUInt32(ref field);
                    break;
                default:
                    // fixmap 0x80..0x8f, fixarray 0x90..0x9f, fixstr 0xa0..0xbf; every other code is a scalar (or a
                    // fixext) whose header size is its whole size.
                    if (code >= DataCodes.MinFixMap && code <= DataCodes.MaxFixString)
                    {
                        if (code <= DataCodes.MaxFixMap)
                        {
                            childCount = 2 * (code & 0x0f);
                        }
                        else if (code <= DataCodes.MaxFixArray)
                        {
                            childCount = code & 0x0f;
                        }
                        else
                        {
                            payloadLength = code & 0x1f;
                        }
                    }

                    break;
            }

            return ReadStatus.Done;
        }

        /// <summary>
        /// Measures one whole value, nested arrays and maps included, without recursion: a counter of values still
        /// to skip replaces the call stack, so no input nests deep enough to overflow it. Every step consumes at
        /// least one byte, so the loop ends within <paramref name="length"/> steps whatever the input says.
        /// </summary>
        internal static ReadStatus DecodeSkip(ref byte source, int length, out int bytesRead)
        {
            fixed (byte* start = &source)
            {
                return DecodeSkip(start, length, out bytesRead);
            }
        }

        /// <remarks>
        /// The loop has msgpuck's mp_next shape: a cursor, and one lookup in <see cref="TokenSizeTable"/> per token
        /// for its whole size, for every code but the length-prefixed ones (str 8 and bin 8 read their length byte
        /// in place; the others take <see cref="DecodeTokenHeader"/>). The cursor never passes the end: a token longer
        /// than what is left stops the walk with the length the value needs at least, the end of that token plus one
        /// byte for each value still pending, which is what a token-by-token walk that added the size first and
        /// compared at the next token asked for.
        /// </remarks>
        private static ReadStatus DecodeSkip(byte* start, int length, out int bytesRead)
        {
            // 64-bit counters: a map 32 adds up to 2 * (2^32 - 1) pending values, and positions plus payload
            // lengths of up to 2^32 - 1 overflow an int.
            long pending = 1;
            if (length <= 0)
            {
                return NeedMoreData(1, out bytesRead);
            }

            byte* cursor = start;
            byte* end = start + length;

            // The cursor is before the end at the top of the loop: a token that reaches the end leaves it.
            while (true)
            {
                uint code = *cursor;
                ulong size = Unsafe.Add(ref MemoryMarshal.GetReference(TokenSizeTable), (nint)code);
                long childCount = Unsafe.Add(ref MemoryMarshal.GetReference(FixChildCountTable), (nint)code);
                if (size == 1)
                {
                    // A one-byte token (fixint, nil, bool, fixarray, fixmap), the commonest kind: a branch, not an
                    // addition of the looked-up size, so that the cursor moves on as soon as the branch is predicted
                    // instead of waiting for the two loads (msgpuck's mp_next gains the same for arrays and maps).
                    cursor++;
                    pending += childCount - 1;
                    if (pending == 0)
                    {
                        bytesRead = (int)(cursor - start);
                        return ReadStatus.Done;
                    }

                    if (cursor == end)
                    {
                        return NeedMoreDataOrOverflow(length + pending, out bytesRead);
                    }

                    continue;
                }

                ulong left = (ulong)(end - cursor);
                if (size == 0)
                {
                    if ((code == DataCodes.String8 || code == DataCodes.Binary8) && left >= 2)
                    {
                        // The commonest length-prefixed tokens, without the general decoder.
                        size = 2u + (ulong)cursor[1];
                    }
                    else
                    {
                        ReadStatus status = DecodeTokenHeader(ref *cursor, (int)left, out int headerLength, out long payloadLength, out childCount);
                        if (status == ReadStatus.NeedMoreData)
                        {
                            return NeedMoreDataOrOverflow((cursor - start) + headerLength + pending - 1, out bytesRead);
                        }

                        if (status != ReadStatus.Done)
                        {
                            return Invalid(status, out bytesRead);
                        }

                        size = (ulong)(headerLength + payloadLength);
                    }
                }

                pending += childCount - 1;
                if (size >= left)
                {
                    // The token ends at or past the end of the input: the whole value if it was the last one, else
                    // a value that needs the token's end and a byte for each value after it.
                    if (size == left && pending == 0)
                    {
                        bytesRead = length;
                        return ReadStatus.Done;
                    }

                    return NeedMoreDataOrOverflow((cursor - start) + (long)size + pending, out bytesRead);
                }

                cursor += size;
                if (pending == 0)
                {
                    bytesRead = (int)(cursor - start);
                    return ReadStatus.Done;
                }
            }
        }

        /// <summary>
        /// Sets the outputs of a skip that stops because the input is too short: NeedMoreData with the length the
        /// value needs at least, or Overflow when that length exceeds <see cref="int.MaxValue"/>, which no input reaches.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ReadStatus NeedMoreDataOrOverflow(long bytesNeeded, out int bytesRead) =>
            bytesNeeded > int.MaxValue ? Invalid(ReadStatus.Overflow, out bytesRead) : NeedMoreData((int)bytesNeeded, out bytesRead);

        /// <summary>Measures one whole value at the start of <paramref name="source"/>, nested arrays and maps included, without recursion.</summary>
        /// <param name="source">The input.</param>
        /// <returns>The number of bytes the value takes: skip them to reach the next value.</returns>
        /// <exception cref="MsgPackException">The input ends before the value does (<see cref="MsgPackTruncatedException"/>), holds 0xc1 (<see cref="MsgPackUnexpectedCodeException"/>), or announces more than <see cref="int.MaxValue"/> bytes (<see cref="MsgPackOverflowException"/>).</exception>
        /// <remarks>Only the structure is read: str bytes are not checked to be UTF-8 and timestamps are not checked.</remarks>
        public static int Skip(ReadOnlySpan<byte> source)
        {
            ReadStatus status = DecodeSkip(ref MemoryMarshal.GetReference(source), source.Length, out int bytesRead);
            ThrowIfFailed(status, source, bytesRead, WholeValueDescription);
            return bytesRead;
        }

        /// <summary>Tries to measure one whole value at the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">Done: the bytes the value takes. NeedMoreData: a length the input needs at least. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData, or InvalidData (0xc1, or a value longer than <see cref="int.MaxValue"/> bytes).</returns>
        public static OperationStatus TrySkip(ReadOnlySpan<byte> source, out int bytesRead) =>
            DecodeSkip(ref MemoryMarshal.GetReference(source), source.Length, out bytesRead).ToOperationStatus();

        /// <summary>Measures one whole value in <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <returns>The number of bytes the value takes.</returns>
        /// <exception cref="MsgPackException">The input ends before the value does, holds 0xc1, or announces more than <see cref="int.MaxValue"/> bytes.</exception>
        public static int Skip(byte* source, int length) => Skip(new ReadOnlySpan<byte>(source, length));

        /// <summary>Tries to measure one whole value in <paramref name="length"/> bytes at a pointer; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">Done: the bytes the value takes. NeedMoreData: a length the input needs at least. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        public static OperationStatus TrySkip(byte* source, int length, out int bytesRead) =>
            TrySkip(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Skips one whole value, nested containers included, and moves <paramref name="source"/> past it (see <see cref="Skip(ReadOnlySpan{byte})"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        public static void Skip(ref ReadOnlySpan<byte> source) => Advance(ref source, Skip(source));
    }
}
