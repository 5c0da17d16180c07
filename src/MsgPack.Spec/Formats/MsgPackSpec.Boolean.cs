using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MsgPack.Spec
{
    public static unsafe partial class MsgPackSpec
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeBoolean(ref byte destination, bool value)
        {
            destination = value ? DataCodes.True : DataCodes.False;
            return 1;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeBoolean(ref byte source, int length, out bool value, out int bytesRead)
        {
            value = false;
            if (length <= 0)
            {
                return NeedMoreData(1, out bytesRead);
            }

            // 0xc2 and 0xc3 differ in the lowest bit only.
            uint code = source;
            if ((code | 1) != DataCodes.True)
            {
                return Invalid(ReadStatus.UnexpectedCode, out bytesRead);
            }

            value = code == DataCodes.True;
            bytesRead = 1;
            return ReadStatus.Done;
        }

        /// <summary>Writes a boolean (0xc2 false, 0xc3 true): always 1 byte.</summary>
        /// <param name="destination">Where to write; at least 1 byte.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 1.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is empty.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteBoolean(Span<byte> destination, bool value) => EncodeBoolean(ref Reserve(destination, 1), value);

        /// <summary>Writes a boolean (0xc2 false, 0xc3 true), if <paramref name="destination"/> has room for its 1 byte.</summary>
        /// <param name="destination">Where to write; at least 1 byte.</param>
        /// <param name="value">The value to write.</param>
        /// <param name="bytesWritten">The number of bytes written, or needed when the destination is too small: 1.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteBoolean(Span<byte> destination, bool value, out int bytesWritten)
        {
            bytesWritten = 1;
            if (destination.Length < 1)
            {
                return false;
            }

            EncodeBoolean(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes a boolean (0xc2 false, 0xc3 true) at a pointer, unchecked: always 1 byte.</summary>
        /// <param name="destination">Where to write; the caller guarantees 1 writable byte.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 1.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteBoolean(byte* destination, bool value) => EncodeBoolean(ref *destination, value);

        /// <summary>Reads a boolean from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not a boolean or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool ReadBoolean(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeBoolean(ref MemoryMarshal.GetReference(source), source.Length, out bool value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "a boolean");
            return value;
        }

        /// <summary>Tries to read a boolean from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadBoolean(ReadOnlySpan<byte> source, out bool value, out int bytesRead) =>
            DecodeBoolean(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads a boolean from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not a boolean or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool ReadBoolean(byte* source, int length, out int bytesRead) => ReadBoolean(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read a boolean from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadBoolean(byte* source, int length, out bool value, out int bytesRead) =>
            TryReadBoolean(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);
    }
}
