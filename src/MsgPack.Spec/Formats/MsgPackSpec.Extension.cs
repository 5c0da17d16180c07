namespace MsgPack.Spec
{
    // ext: the lengths, the cores, and ReadExtension over span and pointer, which is ext's own. Every other door of ext
    // shares its shape with other formats': they are written by tools/MsgPack.Spec.CodeGen into
    // MsgPackSpec.FrontDoors.g.cs.
    public static unsafe partial class MsgPackSpec
    {
        /// <summary>The most bytes an ext header takes: a code, a 4-byte length and the type byte.</summary>
        public const int MaxExtensionHeaderEncodedLength = 6;

        /// <summary>The number of bytes the smallest ext header for <paramref name="length"/> bytes of data takes: 2 (fixext), 3, 4 or 6.</summary>
        /// <param name="length">The data length; zero or positive.</param>
        /// <returns>The header length.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int GetExtensionHeaderEncodedLength(int length)
        {
            if (length < 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(length), length, "zero or positive");
            }

            return IsFixExtensionLength(length) ? 2 : length <= byte.MaxValue ? 3 : length <= ushort.MaxValue ? 4 : 6;
        }

        /// <summary>The number of bytes an ext value with <paramref name="length"/> bytes of data takes: the smallest header plus the data.</summary>
        /// <param name="length">The data length; zero or positive.</param>
        /// <returns>The encoded length.</returns>
        /// <exception cref="OverflowException">The sum exceeds <see cref="int.MaxValue"/>.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int GetExtensionEncodedLength(int length) => checked(GetExtensionHeaderEncodedLength(length) + length);

        /// <summary>1, 2, 4, 8 and 16 have fixext forms: a power of two up to 16.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool IsFixExtensionLength(int length) => length != 0 && length <= 16 && (length & (length - 1)) == 0;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeExtensionHeader(ref byte destination, ExtensionHeader header)
        {
            int length = header.Length;
            if (IsFixExtensionLength(length))
            {
                // fixext 1, 2, 4, 8, 16 are the consecutive codes 0xd4..0xd8: the code grows with log2(length).
                int log2 = length switch { 1 => 0, 2 => 1, 4 => 2, 8 => 3, _ => 4 };
                return EncodeCodeAndByte(ref destination, (byte)(DataCodes.FixExtension1 + log2), unchecked((byte)header.TypeCode));
            }

            int headerLength = length <= byte.MaxValue
                ? EncodeCodeAndByte(ref destination, DataCodes.Extension8, (byte)length)
                : length <= ushort.MaxValue
                    ? EncodeCodeAndUInt16(ref destination, DataCodes.Extension16, (ushort)length)
                    : EncodeCodeAndUInt32(ref destination, DataCodes.Extension32, (uint)length);
            Unsafe.Add(ref destination, headerLength) = unchecked((byte)header.TypeCode);
            return headerLength + 1;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int EncodeFixExtensionHeader(ref byte destination, byte code, sbyte typeCode) =>
            EncodeCodeAndByte(ref destination, code, unchecked((byte)typeCode));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeFixExtension1Header(ref byte destination, sbyte value) => EncodeFixExtensionHeader(ref destination, DataCodes.FixExtension1, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeFixExtension2Header(ref byte destination, sbyte value) => EncodeFixExtensionHeader(ref destination, DataCodes.FixExtension2, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeFixExtension4Header(ref byte destination, sbyte value) => EncodeFixExtensionHeader(ref destination, DataCodes.FixExtension4, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeFixExtension8Header(ref byte destination, sbyte value) => EncodeFixExtensionHeader(ref destination, DataCodes.FixExtension8, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeFixExtension16Header(ref byte destination, sbyte value) => EncodeFixExtensionHeader(ref destination, DataCodes.FixExtension16, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeExtension8Header(ref byte destination, sbyte typeCode, byte value)
        {
            EncodeCodeAndByte(ref destination, DataCodes.Extension8, value);
            Unsafe.Add(ref destination, 2) = unchecked((byte)typeCode);
            return 3;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeExtension16Header(ref byte destination, sbyte typeCode, ushort value)
        {
            EncodeCodeAndUInt16(ref destination, DataCodes.Extension16, value);
            Unsafe.Add(ref destination, 3) = unchecked((byte)typeCode);
            return 4;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeExtension32Header(ref byte destination, sbyte typeCode, uint value)
        {
            EncodeCodeAndUInt32(ref destination, DataCodes.Extension32, value);
            Unsafe.Add(ref destination, 5) = unchecked((byte)typeCode);
            return 6;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeExtensionHeader(ref byte source, int length, out ExtensionHeader value, out int bytesRead)
        {
            value = default;
            if (length <= 0)
            {
                return NeedMoreData(1, out bytesRead);
            }

            uint code = source;
            int headerLength = HeaderSizeTable[(int)code];
            if (GetMsgPackType((byte)code) != MsgPackType.Extension)
            {
                return Invalid(ReadStatus.UnexpectedCode, out bytesRead);
            }

            // fixext: the table's size covers code, type and data; the header is the first two bytes.
            bool fix = code >= DataCodes.FixExtension1;
            int needed = fix ? 2 : headerLength;
            if (length < needed)
            {
                return NeedMoreData(needed, out bytesRead);
            }

            ref byte next = ref Unsafe.Add(ref source, 1);
            uint dataLength;
            if (fix)
            {
                dataLength = (uint)(headerLength - 2);
            }
            else if (code == DataCodes.Extension8)
            {
                dataLength = next;
            }
            else if (code == DataCodes.Extension16)
            {
                dataLength = BigEndian.ReadUInt16(ref next);
            }
            else
            {
                dataLength = BigEndian.ReadUInt32(ref next);
                if (dataLength > int.MaxValue)
                {
                    return Invalid(ReadStatus.Overflow, out bytesRead);
                }
            }

            value = new ExtensionHeader(unchecked((sbyte)Unsafe.Add(ref source, needed - 1)), (int)dataLength);
            bytesRead = needed;
            return ReadStatus.Done;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeExtension(ref byte source, int length, out ExtensionHeader header, out int payloadOffset, out int bytesRead)
        {
            ReadStatus status = DecodeExtensionHeader(ref source, length, out header, out payloadOffset);
            return CheckPayload(status, length, ref payloadOffset, header.Length, out bytesRead);
        }

        /// <summary>Reads an ext value without copying: its header, and its data as a slice of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="header">The type code and data length.</param>
        /// <param name="bytesRead">The number of bytes the whole value took.</param>
        /// <returns>The data.</returns>
        /// <exception cref="MsgPackException">The input is not an ext value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ReadOnlySpan<byte> ReadExtension(ReadOnlySpan<byte> source, out ExtensionHeader header, out int bytesRead)
        {
            ReadStatus status = DecodeExtension(ref MemoryMarshal.GetReference(source), source.Length, out header, out int offset, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "an ext value");
            return source.Slice(offset, header.Length);
        }

        /// <summary>Tries to read an ext value without copying; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="header">The type code and data length; default when the result is not Done.</param>
        /// <param name="data">The data, as a slice of <paramref name="source"/>; empty when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the whole value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadExtension(ReadOnlySpan<byte> source, out ExtensionHeader header, out ReadOnlySpan<byte> data, out int bytesRead)
        {
            ReadStatus status = DecodeExtension(ref MemoryMarshal.GetReference(source), source.Length, out header, out int offset, out bytesRead);
            if (status != ReadStatus.Done)
            {
                header = default;
                data = default;
                return status.ToOperationStatus();
            }

            data = source.Slice(offset, header.Length);
            return OperationStatus.Done;
        }

        /// <summary>Reads an ext value without copying from <paramref name="length"/> bytes at a pointer; the data points into them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="header">The type code and data length.</param>
        /// <param name="bytesRead">The number of bytes the whole value took.</param>
        /// <returns>The data.</returns>
        /// <exception cref="MsgPackException">The input is not an ext value or ends too early.</exception>
        public static ReadOnlySpan<byte> ReadExtension(byte* source, int length, out ExtensionHeader header, out int bytesRead) =>
            ReadExtension(new ReadOnlySpan<byte>(source, length), out header, out bytesRead);

        /// <summary>Tries to read an ext value without copying from <paramref name="length"/> bytes at a pointer; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="header">The type code and data length; default when the result is not Done.</param>
        /// <param name="data">The data; empty when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the whole value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        public static OperationStatus TryReadExtension(byte* source, int length, out ExtensionHeader header, out ReadOnlySpan<byte> data, out int bytesRead) =>
            TryReadExtension(new ReadOnlySpan<byte>(source, length), out header, out data, out bytesRead);
    }
}
