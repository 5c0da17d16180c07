using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MsgPack.Spec
{
    public static unsafe partial class MsgPackSpec
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeSingle(ref byte destination, float value)
        {
            destination = DataCodes.Float32;
            BigEndian.WriteSingle(ref Unsafe.Add(ref destination, 1), value);
            return 5;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeDouble(ref byte destination, double value)
        {
            destination = DataCodes.Float64;
            BigEndian.WriteDouble(ref Unsafe.Add(ref destination, 1), value);
            return 9;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeSingle(ref byte source, int length, out float value, out int bytesRead)
        {
            value = 0;
            if (length <= 0)
            {
                return NeedMoreData(1, out bytesRead);
            }

            if (source != DataCodes.Float32)
            {
                return Invalid(ReadStatus.UnexpectedCode, out bytesRead);
            }

            if (length < 5)
            {
                return NeedMoreData(5, out bytesRead);
            }

            value = BigEndian.ReadSingle(ref Unsafe.Add(ref source, 1));
            bytesRead = 5;
            return ReadStatus.Done;
        }

        /// <summary>Reads float 64, or float 32 widened (exactly) to double.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeDouble(ref byte source, int length, out double value, out int bytesRead)
        {
            if (length > 0 && source == DataCodes.Float64)
            {
                if (length < 9)
                {
                    value = 0;
                    return NeedMoreData(9, out bytesRead);
                }

                value = BigEndian.ReadDouble(ref Unsafe.Add(ref source, 1));
                bytesRead = 9;
                return ReadStatus.Done;
            }

            ReadStatus status = DecodeSingle(ref source, length, out float single, out bytesRead);
            value = single;
            return status;
        }

        /// <summary>Writes a float 32 (0xca): always 5 bytes.</summary>
        /// <param name="destination">Where to write; at least 5 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 5.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 5 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteSingle(Span<byte> destination, float value) => EncodeSingle(ref Reserve(destination, 5), value);

        /// <summary>Writes a float 32 (0xca), if <paramref name="destination"/> has room for its 5 bytes.</summary>
        /// <param name="destination">Where to write; at least 5 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <param name="bytesWritten">The number of bytes written, or needed when the destination is too small: 5.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteSingle(Span<byte> destination, float value, out int bytesWritten)
        {
            bytesWritten = 5;
            if (destination.Length < 5)
            {
                return false;
            }

            EncodeSingle(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes a float 32 (0xca) at a pointer, unchecked: always 5 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 5 writable bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 5.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteSingle(byte* destination, float value) => EncodeSingle(ref *destination, value);

        /// <summary>Writes a float 64 (0xcb): always 9 bytes.</summary>
        /// <param name="destination">Where to write; at least 9 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 9.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 9 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteDouble(Span<byte> destination, double value) => EncodeDouble(ref Reserve(destination, 9), value);

        /// <summary>Writes a float 64 (0xcb), if <paramref name="destination"/> has room for its 9 bytes.</summary>
        /// <param name="destination">Where to write; at least 9 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <param name="bytesWritten">The number of bytes written, or needed when the destination is too small: 9.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteDouble(Span<byte> destination, double value, out int bytesWritten)
        {
            bytesWritten = 9;
            if (destination.Length < 9)
            {
                return false;
            }

            EncodeDouble(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes a float 64 (0xcb) at a pointer, unchecked: always 9 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 9 writable bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 9.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteDouble(byte* destination, double value) => EncodeDouble(ref *destination, value);

        /// <summary>Reads a float 32 from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not a float 32 or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static float ReadSingle(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeSingle(ref MemoryMarshal.GetReference(source), source.Length, out float value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "a float 32");
            return value;
        }

        /// <summary>Tries to read a float 32 from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadSingle(ReadOnlySpan<byte> source, out float value, out int bytesRead) =>
            DecodeSingle(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads a float 32 from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not a float 32 or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static float ReadSingle(byte* source, int length, out int bytesRead) => ReadSingle(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read a float 32 from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadSingle(byte* source, int length, out float value, out int bytesRead) =>
            TryReadSingle(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);

        /// <summary>Reads a float 64 or a float 32 from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value (a float 32 is widened exactly).</returns>
        /// <exception cref="MsgPackException">The input is not a float 64 or a float 32 or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static double ReadDouble(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeDouble(ref MemoryMarshal.GetReference(source), source.Length, out double value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "a float 64 or float 32");
            return value;
        }

        /// <summary>Tries to read a float 64 or a float 32 from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The value (a float 32 is widened exactly). Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadDouble(ReadOnlySpan<byte> source, out double value, out int bytesRead) =>
            DecodeDouble(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads a float 64 or a float 32 from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value (a float 32 is widened exactly).</returns>
        /// <exception cref="MsgPackException">The input is not a float 64 or a float 32 or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static double ReadDouble(byte* source, int length, out int bytesRead) => ReadDouble(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read a float 64 or a float 32 from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The value (a float 32 is widened exactly). Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadDouble(byte* source, int length, out double value, out int bytesRead) =>
            TryReadDouble(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);
    }
}
