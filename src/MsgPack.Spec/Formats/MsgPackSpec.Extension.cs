using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MsgPack.Spec
{
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

        /// <summary>Writes the smallest ext header for <paramref name="value"/>: fixext 1/2/4/8/16 when the length allows, else ext 8, 16 or 32.</summary>
        /// <param name="destination">Where to write; at most 6 bytes are needed.</param>
        /// <param name="value">The type code and data length.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the header.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteExtensionHeader(Span<byte> destination, ExtensionHeader value)
        {
            // The hot path: room for the largest form, one compare. A shorter destination goes out of line, where the
            // exact size is computed; nothing the caller keeps in registers has to survive a call on the hot path.
            return destination.Length >= MaxExtensionHeaderEncodedLength
                ? EncodeExtensionHeader(ref MemoryMarshal.GetReference(destination), value)
                : WriteExtensionHeaderShort(destination, value);
        }

        /// <summary>The out-of-line half of <see cref="WriteExtensionHeader(Span{byte}, ExtensionHeader)"/>: a destination shorter than the largest form.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int WriteExtensionHeaderShort(Span<byte> destination, ExtensionHeader value)
        {
            EnsureRoom(destination.Length, GetExtensionHeaderEncodedLength(value.Length));
            return EncodeExtensionHeader(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Writes the smallest ext header for <paramref name="value"/>, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write.</param>
        /// <param name="value">The type code and data length.</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the header needs.</param>
        /// <returns><see langword="true"/> when the header was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteExtensionHeader(Span<byte> destination, ExtensionHeader value, out int bytesWritten)
        {
            if (destination.Length < MaxExtensionHeaderEncodedLength && destination.Length < (bytesWritten = GetExtensionHeaderEncodedLength(value.Length)))
            {
                return false;
            }

            bytesWritten = EncodeExtensionHeader(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes the smallest ext header for <paramref name="value"/> at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees room (at most 6 bytes).</param>
        /// <param name="value">The type code and data length.</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteExtensionHeader(byte* destination, ExtensionHeader value) => EncodeExtensionHeader(ref *destination, value);

        /// <summary>Writes an ext value: the smallest header for <paramref name="data"/>, then the data.</summary>
        /// <param name="destination">Where to write; <see cref="GetExtensionEncodedLength"/> tells how much room the value needs.</param>
        /// <param name="typeCode">The type code.</param>
        /// <param name="data">The data.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteExtension(Span<byte> destination, sbyte typeCode, ReadOnlySpan<byte> data)
        {
            EnsureRoom(destination.Length, (long)GetExtensionHeaderEncodedLength(data.Length) + data.Length);
            ref byte start = ref MemoryMarshal.GetReference(destination);
            return CopyPayload(ref start, EncodeExtensionHeader(ref start, new ExtensionHeader(typeCode, data.Length)), data);
        }

        /// <summary>Writes an ext value, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write.</param>
        /// <param name="typeCode">The type code.</param>
        /// <param name="data">The data.</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteExtension(Span<byte> destination, sbyte typeCode, ReadOnlySpan<byte> data, out int bytesWritten)
        {
            if (!HasRoom(destination.Length, GetExtensionHeaderEncodedLength(data.Length), data.Length, out bytesWritten))
            {
                return false;
            }

            ref byte start = ref MemoryMarshal.GetReference(destination);
            bytesWritten = CopyPayload(ref start, EncodeExtensionHeader(ref start, new ExtensionHeader(typeCode, data.Length)), data);
            return true;
        }

        /// <summary>Writes an ext value at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees <see cref="GetExtensionEncodedLength"/> writable bytes.</param>
        /// <param name="typeCode">The type code.</param>
        /// <param name="data">The data.</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteExtension(byte* destination, sbyte typeCode, ReadOnlySpan<byte> data) =>
            CopyPayload(ref *destination, EncodeExtensionHeader(ref *destination, new ExtensionHeader(typeCode, data.Length)), data);

        /// <summary>Writes a fixext 1 header (0xd4, then the type code; 1 data bytes follow): always 2 bytes.</summary>
        /// <param name="destination">Where to write; at least 2 bytes.</param>
        /// <param name="value">The type code.</param>
        /// <returns>The number of bytes written, 2.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 2 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteFixExtension1Header(Span<byte> destination, sbyte value) => EncodeFixExtension1Header(ref Reserve(destination, 2), value);

        /// <summary>Writes a fixext 1 header (0xd4, then the type code; 1 data bytes follow) at a pointer, unchecked: always 2 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 2 writable bytes.</param>
        /// <param name="value">The type code.</param>
        /// <returns>The number of bytes written, 2.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteFixExtension1Header(byte* destination, sbyte value) => EncodeFixExtension1Header(ref *destination, value);

        /// <summary>Writes a fixext 2 header (0xd5, then the type code; 2 data bytes follow): always 2 bytes.</summary>
        /// <param name="destination">Where to write; at least 2 bytes.</param>
        /// <param name="value">The type code.</param>
        /// <returns>The number of bytes written, 2.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 2 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteFixExtension2Header(Span<byte> destination, sbyte value) => EncodeFixExtension2Header(ref Reserve(destination, 2), value);

        /// <summary>Writes a fixext 2 header (0xd5, then the type code; 2 data bytes follow) at a pointer, unchecked: always 2 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 2 writable bytes.</param>
        /// <param name="value">The type code.</param>
        /// <returns>The number of bytes written, 2.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteFixExtension2Header(byte* destination, sbyte value) => EncodeFixExtension2Header(ref *destination, value);

        /// <summary>Writes a fixext 4 header (0xd6, then the type code; 4 data bytes follow): always 2 bytes.</summary>
        /// <param name="destination">Where to write; at least 2 bytes.</param>
        /// <param name="value">The type code.</param>
        /// <returns>The number of bytes written, 2.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 2 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteFixExtension4Header(Span<byte> destination, sbyte value) => EncodeFixExtension4Header(ref Reserve(destination, 2), value);

        /// <summary>Writes a fixext 4 header (0xd6, then the type code; 4 data bytes follow) at a pointer, unchecked: always 2 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 2 writable bytes.</param>
        /// <param name="value">The type code.</param>
        /// <returns>The number of bytes written, 2.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteFixExtension4Header(byte* destination, sbyte value) => EncodeFixExtension4Header(ref *destination, value);

        /// <summary>Writes a fixext 8 header (0xd7, then the type code; 8 data bytes follow): always 2 bytes.</summary>
        /// <param name="destination">Where to write; at least 2 bytes.</param>
        /// <param name="value">The type code.</param>
        /// <returns>The number of bytes written, 2.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 2 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteFixExtension8Header(Span<byte> destination, sbyte value) => EncodeFixExtension8Header(ref Reserve(destination, 2), value);

        /// <summary>Writes a fixext 8 header (0xd7, then the type code; 8 data bytes follow) at a pointer, unchecked: always 2 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 2 writable bytes.</param>
        /// <param name="value">The type code.</param>
        /// <returns>The number of bytes written, 2.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteFixExtension8Header(byte* destination, sbyte value) => EncodeFixExtension8Header(ref *destination, value);

        /// <summary>Writes a fixext 16 header (0xd8, then the type code; 16 data bytes follow): always 2 bytes.</summary>
        /// <param name="destination">Where to write; at least 2 bytes.</param>
        /// <param name="value">The type code.</param>
        /// <returns>The number of bytes written, 2.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 2 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteFixExtension16Header(Span<byte> destination, sbyte value) => EncodeFixExtension16Header(ref Reserve(destination, 2), value);

        /// <summary>Writes a fixext 16 header (0xd8, then the type code; 16 data bytes follow) at a pointer, unchecked: always 2 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 2 writable bytes.</param>
        /// <param name="value">The type code.</param>
        /// <returns>The number of bytes written, 2.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteFixExtension16Header(byte* destination, sbyte value) => EncodeFixExtension16Header(ref *destination, value);

        /// <summary>Writes an ext 8 header (code, length, type code): always 3 bytes.</summary>
        /// <param name="destination">Where to write; at least 3 bytes.</param>
        /// <param name="typeCode">The type code.</param>
        /// <param name="value">The data length.</param>
        /// <returns>The number of bytes written, 3.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 3 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteExtension8Header(Span<byte> destination, sbyte typeCode, byte value) => EncodeExtension8Header(ref Reserve(destination, 3), typeCode, value);

        /// <summary>Writes an ext 8 header (code, length, type code) at a pointer, unchecked: always 3 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 3 writable bytes.</param>
        /// <param name="typeCode">The type code.</param>
        /// <param name="value">The data length.</param>
        /// <returns>The number of bytes written, 3.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteExtension8Header(byte* destination, sbyte typeCode, byte value) => EncodeExtension8Header(ref *destination, typeCode, value);

        /// <summary>Writes an ext 16 header (code, length, type code): always 4 bytes.</summary>
        /// <param name="destination">Where to write; at least 4 bytes.</param>
        /// <param name="typeCode">The type code.</param>
        /// <param name="value">The data length.</param>
        /// <returns>The number of bytes written, 4.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 4 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteExtension16Header(Span<byte> destination, sbyte typeCode, ushort value) => EncodeExtension16Header(ref Reserve(destination, 4), typeCode, value);

        /// <summary>Writes an ext 16 header (code, length, type code) at a pointer, unchecked: always 4 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 4 writable bytes.</param>
        /// <param name="typeCode">The type code.</param>
        /// <param name="value">The data length.</param>
        /// <returns>The number of bytes written, 4.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteExtension16Header(byte* destination, sbyte typeCode, ushort value) => EncodeExtension16Header(ref *destination, typeCode, value);

        /// <summary>Writes an ext 32 header (code, length, type code): always 6 bytes.</summary>
        /// <param name="destination">Where to write; at least 6 bytes.</param>
        /// <param name="typeCode">The type code.</param>
        /// <param name="value">The data length.</param>
        /// <returns>The number of bytes written, 6.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 6 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteExtension32Header(Span<byte> destination, sbyte typeCode, uint value) => EncodeExtension32Header(ref Reserve(destination, 6), typeCode, value);

        /// <summary>Writes an ext 32 header (code, length, type code) at a pointer, unchecked: always 6 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 6 writable bytes.</param>
        /// <param name="typeCode">The type code.</param>
        /// <param name="value">The data length.</param>
        /// <returns>The number of bytes written, 6.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteExtension32Header(byte* destination, sbyte typeCode, uint value) => EncodeExtension32Header(ref *destination, typeCode, value);

        /// <summary>Reads an ext header from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The type code and data length.</returns>
        /// <exception cref="MsgPackException">The input is not an ext header or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ExtensionHeader ReadExtensionHeader(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeExtensionHeader(ref MemoryMarshal.GetReference(source), source.Length, out ExtensionHeader value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "an ext header");
            return value;
        }

        /// <summary>Tries to read an ext header from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The type code and data length. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadExtensionHeader(ReadOnlySpan<byte> source, out ExtensionHeader value, out int bytesRead) =>
            DecodeExtensionHeader(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads an ext header from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The type code and data length.</returns>
        /// <exception cref="MsgPackException">The input is not an ext header or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ExtensionHeader ReadExtensionHeader(byte* source, int length, out int bytesRead) => ReadExtensionHeader(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read an ext header from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The type code and data length. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadExtensionHeader(byte* source, int length, out ExtensionHeader value, out int bytesRead) =>
            TryReadExtensionHeader(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);

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
