namespace MsgPack.Spec
{
    // Token-level reading: the format of a code, and one token of any type (MsgPackToken), over span, pointer and
    // advancing span. MsgPackReader reads tokens with the same core (TokenDecoder).
    public static unsafe partial class MsgPackSpec
    {
        /// <summary>Tells the format of the value that starts with <paramref name="code"/>, as the specification's format table names it.</summary>
        /// <param name="code">The first byte of a MessagePack value.</param>
        /// <returns>The format; <see cref="MsgPackFormat.NeverUsed"/> for 0xc1.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static MsgPackFormat GetFormat(byte code) => (MsgPackFormat)FormatTable[code];

        /// <summary>Tells the format of the value at the start of <paramref name="source"/>, without reading further.</summary>
        /// <param name="source">The encoded value; only its first byte is looked at.</param>
        /// <returns>The format of the first byte.</returns>
        /// <exception cref="MsgPackTruncatedException"><paramref name="source"/> is empty.</exception>
        public static MsgPackFormat GetFormat(ReadOnlySpan<byte> source)
        {
            if (source.IsEmpty)
            {
                ThrowHelper.ThrowTruncated(1, 0, "any value");
            }

            return GetFormat(source[0]);
        }

        /// <summary>The specification's own name of a format: <c>fixmap</c>, <c>uint 32</c>, <c>str 8</c>, <c>fixext 4</c>, <c>ext 16</c>.</summary>
        /// <param name="format">The format.</param>
        /// <returns>The name, in the spec's lower-case spelling.</returns>
        public static string GetFormatName(MsgPackFormat format) => format switch
        {
            MsgPackFormat.PositiveFixInt => "positive fixint",
            MsgPackFormat.FixMap => "fixmap",
            MsgPackFormat.FixArray => "fixarray",
            MsgPackFormat.FixString => "fixstr",
            MsgPackFormat.Nil => "nil",
            MsgPackFormat.NeverUsed => "(never used)",
            MsgPackFormat.False => "false",
            MsgPackFormat.True => "true",
            MsgPackFormat.Binary8 => "bin 8",
            MsgPackFormat.Binary16 => "bin 16",
            MsgPackFormat.Binary32 => "bin 32",
            MsgPackFormat.Extension8 => "ext 8",
            MsgPackFormat.Extension16 => "ext 16",
            MsgPackFormat.Extension32 => "ext 32",
            MsgPackFormat.Float32 => "float 32",
            MsgPackFormat.Float64 => "float 64",
            MsgPackFormat.UInt8 => "uint 8",
            MsgPackFormat.UInt16 => "uint 16",
            MsgPackFormat.UInt32 => "uint 32",
            MsgPackFormat.UInt64 => "uint 64",
            MsgPackFormat.Int8 => "int 8",
            MsgPackFormat.Int16 => "int 16",
            MsgPackFormat.Int32 => "int 32",
            MsgPackFormat.Int64 => "int 64",
            MsgPackFormat.FixExtension1 => "fixext 1",
            MsgPackFormat.FixExtension2 => "fixext 2",
            MsgPackFormat.FixExtension4 => "fixext 4",
            MsgPackFormat.FixExtension8 => "fixext 8",
            MsgPackFormat.FixExtension16 => "fixext 16",
            MsgPackFormat.String8 => "str 8",
            MsgPackFormat.String16 => "str 16",
            MsgPackFormat.String32 => "str 32",
            MsgPackFormat.Array16 => "array 16",
            MsgPackFormat.Array32 => "array 32",
            MsgPackFormat.Map16 => "map 16",
            MsgPackFormat.Map32 => "map 32",
            MsgPackFormat.NegativeFixInt => "negative fixint",
            _ => "not a format",
        };

        internal static string GetFormatName(byte code) => GetFormatName(GetFormat(code));

        /// <summary>
        /// Reads one token of any type from the start of <paramref name="source"/>: a whole nil, bool, integer, float
        /// or timestamp, or the header of a str, bin, ext, array or map (see <see cref="MsgPackToken"/>).
        /// </summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the token took (for str, bin and ext, the header's; the payload follows).</param>
        /// <returns>The token.</returns>
        /// <exception cref="MsgPackException">
        /// The input starts with 0xc1, a timestamp is invalid, a length or count is above <see cref="int.MaxValue"/>, or
        /// the input ends inside the token (see the derived types).
        /// </exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static MsgPackToken ReadToken(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeToken(ref MemoryMarshal.GetReference(source), source.Length, out MsgPackToken token, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, TokenDescription);
            return token;
        }

        /// <summary>Tries to read one token of any type from the start of <paramref name="source"/> (see <see cref="ReadToken(ReadOnlySpan{byte}, out int)"/>); never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="token">The token. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the token took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadToken(ReadOnlySpan<byte> source, out MsgPackToken token, out int bytesRead) =>
            DecodeToken(ref MemoryMarshal.GetReference(source), source.Length, out token, out bytesRead).ToOperationStatus();

        /// <summary>Reads one token of any type from <paramref name="length"/> bytes at a pointer, never reading past them (see <see cref="ReadToken(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the token took.</param>
        /// <returns>The token.</returns>
        /// <exception cref="MsgPackException">The input is not a token or ends inside it (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static MsgPackToken ReadToken(byte* source, int length, out int bytesRead) => ReadToken(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read one token of any type from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="token">The token. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the token took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadToken(byte* source, int length, out MsgPackToken token, out int bytesRead) =>
            TryReadToken(new ReadOnlySpan<byte>(source, length), out token, out bytesRead);

        /// <summary>Reads one token of any type and moves <paramref name="source"/> past it (see <see cref="ReadToken(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the token (a str, bin or ext payload starts there); not moved when an exception is thrown.</param>
        /// <returns>The token.</returns>
        /// <exception cref="MsgPackException">The input is not a token or ends inside it (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static MsgPackToken ReadToken(ref ReadOnlySpan<byte> source)
        {
            MsgPackToken token = ReadToken(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return token;
        }

        /// <summary>Tries to read one token of any type and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the token only when the result is Done.</param>
        /// <param name="token">The token. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <see cref="TryReadToken(ReadOnlySpan{byte}, out MsgPackToken, out int)"/> says how many bytes) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadToken(ref ReadOnlySpan<byte> source, out MsgPackToken token)
        {
            ReadStatus status = DecodeToken(ref MemoryMarshal.GetReference(source), source.Length, out token, out int bytesRead);
            if (status == ReadStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status.ToOperationStatus();
        }

        /// <summary>
        /// Reads the next <paramref name="length"/> bytes as they are, without copying, and moves <paramref name="source"/>
        /// past them: the payload after a str, bin or ext token (<see cref="MsgPackToken.Length"/>) or header.
        /// </summary>
        /// <param name="source">The input; on return, the part after the bytes; not moved when an exception is thrown.</param>
        /// <param name="length">The number of bytes; zero or positive.</param>
        /// <returns>The bytes, a slice of <paramref name="source"/>.</returns>
        /// <exception cref="MsgPackTruncatedException">Fewer than <paramref name="length"/> bytes are left.</exception>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ReadOnlySpan<byte> ReadBytes(ref ReadOnlySpan<byte> source, int length)
        {
            if ((uint)length > (uint)source.Length)
            {
                ThrowBadLength(length, source.Length);
            }

            ReadOnlySpan<byte> bytes = source.Slice(0, length);
            Advance(ref source, length);
            return bytes;
        }

        /// <summary>Tries to read the next <paramref name="length"/> bytes as they are and, when Done, moves <paramref name="source"/> past them.</summary>
        /// <param name="source">The input; moved past the bytes only when the result is Done.</param>
        /// <param name="length">The number of bytes; zero or positive.</param>
        /// <param name="bytes">The bytes; empty unless the result is Done.</param>
        /// <returns>Done, or NeedMoreData when fewer than <paramref name="length"/> bytes are left.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative (an argument error, not bad data).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadBytes(ref ReadOnlySpan<byte> source, int length, out ReadOnlySpan<byte> bytes)
        {
            if ((uint)length > (uint)source.Length)
            {
                if (length < 0)
                {
                    ThrowHelper.ThrowArgumentOutOfRange(nameof(length), length, "zero or positive");
                }

                bytes = default;
                return OperationStatus.NeedMoreData;
            }

            bytes = source.Slice(0, length);
            Advance(ref source, length);
            return OperationStatus.Done;
        }

        private static void ThrowBadLength(int length, int available)
        {
            if (length < 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(length), length, "zero or positive");
            }

            ThrowHelper.ThrowTruncated(length, available, $"{length} bytes");
        }

        /// <summary>What a token reader reads, in words, for its exception messages.</summary>
        internal const string TokenDescription = "any token";

        /// <summary>
        /// Reads one token. The commonest tokens are decided inline, each by the core of its family: fixint in the code,
        /// fixmap, fixarray and fixstr by a mask, nil and bool, the integer formats by <see cref="DecodeInteger"/> and
        /// the floats by their cores. Every header with a length field (and 0xc1, and the end of the input) goes to
        /// <see cref="DecodeHeaderToken"/>, out of line, so that no format is decoded in two places and call sites
        /// stay small.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeToken(ref byte source, int length, out MsgPackToken token, out int bytesRead)
        {
            if (length > 0)
            {
                uint code = source;
                if (code <= DataCodes.MaxPositiveFixInt)
                {
                    token = new MsgPackToken(MsgPackType.Integer, (byte)code, code);
                    bytesRead = 1;
                    return ReadStatus.Done;
                }

                if (code >= DataCodes.MinNegativeFixInt)
                {
                    token = new MsgPackToken(MsgPackType.Integer, (byte)code, unchecked((sbyte)code), extra: 1);
                    bytesRead = 1;
                    return ReadStatus.Done;
                }

                if (code <= DataCodes.MaxFixString)
                {
                    // fixmap 0x80..0x8f, fixarray 0x90..0x9f: the count in 4 bits; fixstr 0xa0..0xbf: the length in 5.
                    token = new MsgPackToken((MsgPackType)TypeTable[(int)code], (byte)code, code & (code >= DataCodes.MinFixString ? 0x1fu : 0x0fu));
                    bytesRead = 1;
                    return ReadStatus.Done;
                }

                if (code - DataCodes.UInt8 <= DataCodes.Int64 - DataCodes.UInt8)
                {
                    ReadStatus status = DecodeInteger(ref source, length, signedTarget: false, out long value, out bool aboveInt64, out bytesRead);
                    token = status == ReadStatus.Done
                        ? new MsgPackToken(MsgPackType.Integer, (byte)code, value, extra: value < 0 && !aboveInt64 ? 1u : 0u)
                        : default;
                    return status;
                }

                if (code == DataCodes.Float64)
                {
                    ReadStatus status = DecodeDouble(ref source, length, out double number, out bytesRead);
                    token = status == ReadStatus.Done ? new MsgPackToken(MsgPackType.Float, (byte)code, BitConverter.DoubleToInt64Bits(number)) : default;
                    return status;
                }

                if (code == DataCodes.Float32)
                {
                    ReadStatus status = DecodeSingle(ref source, length, out float single, out bytesRead);
                    token = status == ReadStatus.Done ? new MsgPackToken(MsgPackType.Float, (byte)code, BitConverter.DoubleToInt64Bits(single)) : default;
                    return status;
                }

                if (code == DataCodes.Nil || code - DataCodes.False <= 1)
                {
                    // nil 0xc0, false 0xc2, true 0xc3: the value is the code's low bit.
                    token = new MsgPackToken(code == DataCodes.Nil ? MsgPackType.Nil : MsgPackType.Boolean, (byte)code, code & 1);
                    bytesRead = 1;
                    return ReadStatus.Done;
                }
            }

            return DecodeHeaderToken(ref source, length, out token, out bytesRead);
        }

        /// <summary>A str, bin, ext, array or map token with a length field: its header, and a whole timestamp; 0xc1; the end of the input.</summary>
        private static ReadStatus DecodeHeaderToken(ref byte source, int length, out MsgPackToken token, out int bytesRead)
        {
            token = default;
            if (length <= 0)
            {
                return NeedMoreData(1, out bytesRead);
            }

            byte code = source;
            if (code == DataCodes.NeverUsed)
            {
                return Invalid(ReadStatus.UnexpectedCode, out bytesRead);
            }

            ReadStatus status;
            MsgPackType type = GetMsgPackType(code);
            long size;
            if (code >= DataCodes.FixExtension1 && code <= DataCodes.FixExtension16)
            {
                // DecodeTokenHeader counts a fixext's data as header (Skip steps over it in one go); as a token its
                // header is the code and the type, and the data is its payload.
                if (length < 2)
                {
                    return NeedMoreData(2, out bytesRead);
                }

                bytesRead = 2;
                size = 1 << (code - DataCodes.FixExtension1);
            }
            else
            {
                status = DecodeTokenHeader(ref source, length, out bytesRead, out long payloadLength, out long childCount);
                if (status != ReadStatus.Done)
                {
                    // NeedMoreData: bytesRead is the header's length, the input length needed (0xc1 never gets here).
                    return status;
                }

                size = type == MsgPackType.Map ? childCount / 2 : type == MsgPackType.Array ? childCount : payloadLength;
            }

            if (size > int.MaxValue)
            {
                // As every reader that returns a length or count as an int: beyond it is an overflow, not a truncation.
                return Invalid(ReadStatus.Overflow, out bytesRead);
            }

            if (type != MsgPackType.Extension)
            {
                token = new MsgPackToken((MsgPackType)type, code, size);
                return ReadStatus.Done;
            }

            sbyte extensionType = unchecked((sbyte)Unsafe.Add(ref source, bytesRead - 1));
            if (extensionType != DataCodes.TimestampExtensionType)
            {
                token = new MsgPackToken(MsgPackType.Extension, code, size, extensionType: extensionType);
                return ReadStatus.Done;
            }

            // A timestamp is a scalar that happens to be carried by an ext: read it whole, with the one timestamp core.
            status = DecodeTimestamp(ref source, length, out Timestamp timestamp, out bytesRead);
            if (status == ReadStatus.Done)
            {
                uint form = size == 4 ? 0u : size == 8 ? 1u : 2u;
                token = new MsgPackToken(MsgPackType.Timestamp, code, timestamp.Seconds, timestamp.Nanoseconds | (form << MsgPackToken.TimestampFormShift), extensionType);
            }

            return status;
        }

        // One entry per first byte: its MsgPackFormat, the first code of its format.
        private static ReadOnlySpan<byte> FormatTable => new byte[256]
        {
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x00
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x10
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x20
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x30
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x40
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x50
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x60
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 0x70
            0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, // 0x80
            0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, // 0x90
            0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, // 0xa0
            0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, 0xa0, // 0xb0
            0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xcb, 0xcc, 0xcd, 0xce, 0xcf, // 0xc0
            0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xdb, 0xdc, 0xdd, 0xde, 0xdf, // 0xd0
            0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, // 0xe0
            0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, 0xe0, // 0xf0
        };
    }
}
