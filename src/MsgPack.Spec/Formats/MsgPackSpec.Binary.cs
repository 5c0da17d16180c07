using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MsgPack.Spec
{
    public static unsafe partial class MsgPackSpec
    {
        /// <summary>The number of bytes the smallest bin header for <paramref name="length"/> takes: 2, 3 or 5.</summary>
        /// <param name="length">The length in bytes; zero or positive.</param>
        /// <returns>The header length.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int GetBinaryHeaderEncodedLength(int length) => GetLengthHeaderLength(length, 0, true);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeBinaryHeader(ref byte destination, int value) =>
            EncodeLengthHeader(ref destination, value, 0, 0, DataCodes.Binary8, DataCodes.Binary16, DataCodes.Binary32);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeBinaryHeader(ref byte source, int length, out int value, out int bytesRead) =>
            DecodeLengthHeader(ref source, length, 0, 0, DataCodes.Binary8, DataCodes.Binary16, DataCodes.Binary32, out value, out bytesRead);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeBinary8Header(ref byte destination, byte value) => EncodeCodeAndByte(ref destination, DataCodes.Binary8, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeBinary16Header(ref byte destination, ushort value) => EncodeCodeAndUInt16(ref destination, DataCodes.Binary16, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeBinary32Header(ref byte destination, uint value) => EncodeCodeAndUInt32(ref destination, DataCodes.Binary32, value);

        /// <summary>The number of bytes a bin value of <paramref name="length"/> bytes takes: the smallest header plus the bytes.</summary>
        /// <param name="length">The payload length; zero or positive.</param>
        /// <returns>The encoded length.</returns>
        /// <exception cref="OverflowException">The sum exceeds <see cref="int.MaxValue"/>.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int GetBinaryEncodedLength(int length) => checked(GetBinaryHeaderEncodedLength(length) + length);

        /// <summary>Writes <paramref name="value"/> as a bin value: the smallest header, then the bytes.</summary>
        /// <param name="destination">Where to write; <see cref="GetBinaryEncodedLength"/> tells how much room the value needs.</param>
        /// <param name="value">The bytes.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteBinary(Span<byte> destination, ReadOnlySpan<byte> value)
        {
            EnsureRoom(destination.Length, (long)GetBinaryHeaderEncodedLength(value.Length) + value.Length);
            ref byte start = ref MemoryMarshal.GetReference(destination);
            return CopyPayload(ref start, EncodeBinaryHeader(ref start, value.Length), value);
        }

        /// <summary>Writes <paramref name="value"/> as a bin value, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write.</param>
        /// <param name="value">The bytes.</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteBinary(Span<byte> destination, ReadOnlySpan<byte> value, out int bytesWritten)
        {
            if (!HasRoom(destination.Length, GetBinaryHeaderEncodedLength(value.Length), value.Length, out bytesWritten))
            {
                return false;
            }

            ref byte start = ref MemoryMarshal.GetReference(destination);
            bytesWritten = CopyPayload(ref start, EncodeBinaryHeader(ref start, value.Length), value);
            return true;
        }

        /// <summary>Writes <paramref name="value"/> as a bin value at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees <see cref="GetBinaryEncodedLength"/> writable bytes.</param>
        /// <param name="value">The bytes.</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteBinary(byte* destination, ReadOnlySpan<byte> value) =>
            CopyPayload(ref *destination, EncodeBinaryHeader(ref *destination, value.Length), value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeBinary(ref byte source, int length, out int payloadOffset, out int payloadLength, out int bytesRead)
        {
            ReadStatus status = DecodeBinaryHeader(ref source, length, out payloadLength, out payloadOffset);
            return CheckPayload(status, length, ref payloadOffset, payloadLength, out bytesRead);
        }

        /// <summary>Reads a bin value without copying: its bytes, as a slice of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the whole value (header and payload) took.</param>
        /// <returns>The payload.</returns>
        /// <exception cref="MsgPackException">The input is not a bin value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ReadOnlySpan<byte> ReadBinary(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeBinary(ref MemoryMarshal.GetReference(source), source.Length, out int offset, out int length, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "a bin value");
            return source.Slice(offset, length);
        }

        /// <summary>Tries to read a bin value without copying; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The payload, as a slice of <paramref name="source"/>; empty when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the whole value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadBinary(ReadOnlySpan<byte> source, out ReadOnlySpan<byte> value, out int bytesRead)
        {
            ReadStatus status = DecodeBinary(ref MemoryMarshal.GetReference(source), source.Length, out int offset, out int length, out bytesRead);
            value = status == ReadStatus.Done ? source.Slice(offset, length) : default;
            return status.ToOperationStatus();
        }

        /// <summary>Reads a bin value without copying from <paramref name="length"/> bytes at a pointer; the result points into them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the whole value took.</param>
        /// <returns>The payload.</returns>
        /// <exception cref="MsgPackException">The input is not a bin value or ends too early.</exception>
        public static ReadOnlySpan<byte> ReadBinary(byte* source, int length, out int bytesRead) =>
            ReadBinary(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read a bin value without copying from <paramref name="length"/> bytes at a pointer; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The payload; empty when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the whole value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        public static OperationStatus TryReadBinary(byte* source, int length, out ReadOnlySpan<byte> value, out int bytesRead) =>
            TryReadBinary(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);

        /// <summary>Writes a bin header in its smallest form.</summary>
        /// <param name="destination">Where to write; at most MaxHeaderEncodedLength bytes are needed.</param>
        /// <param name="value">The length in bytes; zero or positive (a negative value throws <see cref="ArgumentOutOfRangeException"/>).</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteBinaryHeader(Span<byte> destination, int value)
        {
            // The hot path: room for the largest form, one compare. A shorter destination goes out of line, where the
            // exact size is computed; nothing the caller keeps in registers has to survive a call on the hot path.
            return destination.Length >= MaxHeaderEncodedLength
                ? EncodeBinaryHeader(ref MemoryMarshal.GetReference(destination), value)
                : WriteBinaryHeaderShort(destination, value);
        }

        /// <summary>The out-of-line half of <see cref="WriteBinaryHeader(Span{byte}, int)"/>: a destination shorter than the largest form.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int WriteBinaryHeaderShort(Span<byte> destination, int value)
        {
            EnsureRoom(destination.Length, GetBinaryHeaderEncodedLength(value));
            return EncodeBinaryHeader(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Writes a bin header in its smallest form, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write; at most MaxHeaderEncodedLength bytes are needed.</param>
        /// <param name="value">The length in bytes; zero or positive (a negative value throws <see cref="ArgumentOutOfRangeException"/>).</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteBinaryHeader(Span<byte> destination, int value, out int bytesWritten)
        {
            if (destination.Length < MaxHeaderEncodedLength && destination.Length < (bytesWritten = GetBinaryHeaderEncodedLength(value)))
            {
                return false;
            }

            bytesWritten = EncodeBinaryHeader(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes a bin header in its smallest form at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees room for the value (at most MaxHeaderEncodedLength bytes).</param>
        /// <param name="value">The length in bytes; zero or positive (a negative value throws <see cref="ArgumentOutOfRangeException"/>).</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteBinaryHeader(byte* destination, int value) => EncodeBinaryHeader(ref *destination, value);

        /// <summary>Writes a binary8 header: always 2 bytes.</summary>
        /// <param name="destination">Where to write; at least 2 bytes.</param>
        /// <param name="value">The length in bytes.</param>
        /// <returns>The number of bytes written, 2.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 2 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteBinary8Header(Span<byte> destination, byte value) => EncodeBinary8Header(ref Reserve(destination, 2), value);

        /// <summary>Writes a binary8 header at a pointer, unchecked: always 2 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 2 writable bytes.</param>
        /// <param name="value">The length in bytes.</param>
        /// <returns>The number of bytes written, 2.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteBinary8Header(byte* destination, byte value) => EncodeBinary8Header(ref *destination, value);

        /// <summary>Writes a binary16 header: always 3 bytes.</summary>
        /// <param name="destination">Where to write; at least 3 bytes.</param>
        /// <param name="value">The length in bytes.</param>
        /// <returns>The number of bytes written, 3.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 3 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteBinary16Header(Span<byte> destination, ushort value) => EncodeBinary16Header(ref Reserve(destination, 3), value);

        /// <summary>Writes a binary16 header at a pointer, unchecked: always 3 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 3 writable bytes.</param>
        /// <param name="value">The length in bytes.</param>
        /// <returns>The number of bytes written, 3.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteBinary16Header(byte* destination, ushort value) => EncodeBinary16Header(ref *destination, value);

        /// <summary>Writes a binary32 header (the form to reserve and patch later): always 5 bytes.</summary>
        /// <param name="destination">Where to write; at least 5 bytes.</param>
        /// <param name="value">The length in bytes.</param>
        /// <returns>The number of bytes written, 5.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 5 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteBinary32Header(Span<byte> destination, uint value) => EncodeBinary32Header(ref Reserve(destination, 5), value);

        /// <summary>Writes a binary32 header (the form to reserve and patch later) at a pointer, unchecked: always 5 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 5 writable bytes.</param>
        /// <param name="value">The length in bytes.</param>
        /// <returns>The number of bytes written, 5.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteBinary32Header(byte* destination, uint value) => EncodeBinary32Header(ref *destination, value);

        /// <summary>Reads a bin header from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The length in bytes.</returns>
        /// <exception cref="MsgPackException">The input is not a bin header or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadBinaryHeader(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeBinaryHeader(ref MemoryMarshal.GetReference(source), source.Length, out int value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "a bin header");
            return value;
        }

        /// <summary>Tries to read a bin header from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The length in bytes. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadBinaryHeader(ReadOnlySpan<byte> source, out int value, out int bytesRead) =>
            DecodeBinaryHeader(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads a bin header from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The length in bytes.</returns>
        /// <exception cref="MsgPackException">The input is not a bin header or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadBinaryHeader(byte* source, int length, out int bytesRead) => ReadBinaryHeader(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read a bin header from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The length in bytes. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadBinaryHeader(byte* source, int length, out int value, out int bytesRead) =>
            TryReadBinaryHeader(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);
    }
}
