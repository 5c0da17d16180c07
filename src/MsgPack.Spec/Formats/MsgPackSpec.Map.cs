using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MsgPack.Spec
{
    public static unsafe partial class MsgPackSpec
    {
        /// <summary>The number of bytes the smallest map header for <paramref name="count"/> takes: 1, 3 or 5.</summary>
        /// <param name="count">The number of key/value pairs; zero or positive.</param>
        /// <returns>The header length.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int GetMapHeaderEncodedLength(int count) => GetLengthHeaderLength(count, 15, false);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeMapHeader(ref byte destination, int value) =>
            EncodeLengthHeader(ref destination, value, DataCodes.MinFixMap, 15, 0, DataCodes.Map16, DataCodes.Map32);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeMapHeader(ref byte source, int length, out int value, out int bytesRead) =>
            DecodeLengthHeader(ref source, length, DataCodes.MinFixMap, 15, 0, DataCodes.Map16, DataCodes.Map32, out value, out bytesRead);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeFixMapHeader(ref byte destination, byte value) => EncodeFixHeader(ref destination, DataCodes.MinFixMap, 15, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeMap16Header(ref byte destination, ushort value) => EncodeCodeAndUInt16(ref destination, DataCodes.Map16, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeMap32Header(ref byte destination, uint value) => EncodeCodeAndUInt32(ref destination, DataCodes.Map32, value);

        /// <summary>Writes a map header in its smallest form.</summary>
        /// <param name="destination">Where to write; at most MaxHeaderEncodedLength bytes are needed.</param>
        /// <param name="value">The number of key/value pairs; zero or positive (a negative value throws <see cref="ArgumentOutOfRangeException"/>).</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteMapHeader(Span<byte> destination, int value)
        {
            // The hot path: room for the largest form, one compare. A shorter destination goes out of line, where the
            // exact size is computed; nothing the caller keeps in registers has to survive a call on the hot path.
            return destination.Length >= MaxHeaderEncodedLength
                ? EncodeMapHeader(ref MemoryMarshal.GetReference(destination), value)
                : WriteMapHeaderShort(destination, value);
        }

        /// <summary>The out-of-line half of <see cref="WriteMapHeader(Span{byte}, int)"/>: a destination shorter than the largest form.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int WriteMapHeaderShort(Span<byte> destination, int value)
        {
            EnsureRoom(destination.Length, GetMapHeaderEncodedLength(value));
            return EncodeMapHeader(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Writes a map header in its smallest form, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write; at most MaxHeaderEncodedLength bytes are needed.</param>
        /// <param name="value">The number of key/value pairs; zero or positive (a negative value throws <see cref="ArgumentOutOfRangeException"/>).</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteMapHeader(Span<byte> destination, int value, out int bytesWritten)
        {
            if (destination.Length < MaxHeaderEncodedLength && destination.Length < (bytesWritten = GetMapHeaderEncodedLength(value)))
            {
                return false;
            }

            bytesWritten = EncodeMapHeader(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes a map header in its smallest form at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees room for the value (at most MaxHeaderEncodedLength bytes).</param>
        /// <param name="value">The number of key/value pairs; zero or positive (a negative value throws <see cref="ArgumentOutOfRangeException"/>).</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteMapHeader(byte* destination, int value) => EncodeMapHeader(ref *destination, value);

        /// <summary>Writes a fixmap header (0 to 15; other values throw <see cref="ArgumentOutOfRangeException"/>): always 1 byte.</summary>
        /// <param name="destination">Where to write; at least 1 byte.</param>
        /// <param name="value">The number of key/value pairs.</param>
        /// <returns>The number of bytes written, 1.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is empty.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteFixMapHeader(Span<byte> destination, byte value) => EncodeFixMapHeader(ref Reserve(destination, 1), value);

        /// <summary>Writes a fixmap header (0 to 15; other values throw <see cref="ArgumentOutOfRangeException"/>) at a pointer, unchecked: always 1 byte.</summary>
        /// <param name="destination">Where to write; the caller guarantees 1 writable byte.</param>
        /// <param name="value">The number of key/value pairs.</param>
        /// <returns>The number of bytes written, 1.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteFixMapHeader(byte* destination, byte value) => EncodeFixMapHeader(ref *destination, value);

        /// <summary>Writes a map16 header: always 3 bytes.</summary>
        /// <param name="destination">Where to write; at least 3 bytes.</param>
        /// <param name="value">The number of key/value pairs.</param>
        /// <returns>The number of bytes written, 3.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 3 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteMap16Header(Span<byte> destination, ushort value) => EncodeMap16Header(ref Reserve(destination, 3), value);

        /// <summary>Writes a map16 header at a pointer, unchecked: always 3 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 3 writable bytes.</param>
        /// <param name="value">The number of key/value pairs.</param>
        /// <returns>The number of bytes written, 3.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteMap16Header(byte* destination, ushort value) => EncodeMap16Header(ref *destination, value);

        /// <summary>Writes a map32 header (the form to reserve and patch later): always 5 bytes.</summary>
        /// <param name="destination">Where to write; at least 5 bytes.</param>
        /// <param name="value">The number of key/value pairs.</param>
        /// <returns>The number of bytes written, 5.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 5 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteMap32Header(Span<byte> destination, uint value) => EncodeMap32Header(ref Reserve(destination, 5), value);

        /// <summary>Writes a map32 header (the form to reserve and patch later) at a pointer, unchecked: always 5 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 5 writable bytes.</param>
        /// <param name="value">The number of key/value pairs.</param>
        /// <returns>The number of bytes written, 5.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteMap32Header(byte* destination, uint value) => EncodeMap32Header(ref *destination, value);

        /// <summary>Reads a map header from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The number of key/value pairs.</returns>
        /// <exception cref="MsgPackException">The input is not a map header or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadMapHeader(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeMapHeader(ref MemoryMarshal.GetReference(source), source.Length, out int value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "a map header");
            return value;
        }

        /// <summary>Tries to read a map header from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The number of key/value pairs. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadMapHeader(ReadOnlySpan<byte> source, out int value, out int bytesRead) =>
            DecodeMapHeader(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads a map header from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The number of key/value pairs.</returns>
        /// <exception cref="MsgPackException">The input is not a map header or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadMapHeader(byte* source, int length, out int bytesRead) => ReadMapHeader(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read a map header from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The number of key/value pairs. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadMapHeader(byte* source, int length, out int value, out int bytesRead) =>
            TryReadMapHeader(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);
    }
}
