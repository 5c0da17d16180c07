using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MsgPack.Spec
{
    public static unsafe partial class MsgPackSpec
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeNil(ref byte destination)
        {
            destination = DataCodes.Nil;
            return 1;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeNil(ref byte source, int length, out int bytesRead)
        {
            if (length <= 0)
            {
                return NeedMoreData(1, out bytesRead);
            }

            if (source != DataCodes.Nil)
            {
                return Invalid(ReadStatus.UnexpectedCode, out bytesRead);
            }

            bytesRead = 1;
            return ReadStatus.Done;
        }

        /// <summary>Writes nil (0xc0): always 1 byte.</summary>
        /// <param name="destination">Where to write; at least 1 byte.</param>
        /// <returns>The number of bytes written, 1.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is empty.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteNil(Span<byte> destination) => EncodeNil(ref Reserve(destination, 1));

        /// <summary>Writes nil (0xc0), if <paramref name="destination"/> is not empty.</summary>
        /// <param name="destination">Where to write.</param>
        /// <param name="bytesWritten">The number of bytes written, or needed when the destination is empty: 1.</param>
        /// <returns><see langword="true"/> when nil was written, <see langword="false"/> when the destination is empty.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteNil(Span<byte> destination, out int bytesWritten)
        {
            bytesWritten = 1;
            if (destination.IsEmpty)
            {
                return false;
            }

            EncodeNil(ref MemoryMarshal.GetReference(destination));
            return true;
        }

        /// <summary>Writes nil (0xc0) at a pointer, unchecked: always 1 byte.</summary>
        /// <param name="destination">Where to write; the caller guarantees 1 writable byte.</param>
        /// <returns>The number of bytes written, 1.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteNil(byte* destination) => EncodeNil(ref *destination);

        /// <summary>Tells whether <paramref name="source"/> starts with nil (0xc0); false when it is empty.</summary>
        /// <param name="source">The input.</param>
        /// <returns><see langword="true"/> when the first byte is 0xc0.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool IsNil(ReadOnlySpan<byte> source) => !source.IsEmpty && source[0] == DataCodes.Nil;

        /// <summary>Reads nil (0xc0) from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes nil took, 1.</param>
        /// <exception cref="MsgPackException">The input does not start with nil or is empty (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void ReadNil(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeNil(ref MemoryMarshal.GetReference(source), source.Length, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "nil");
        }

        /// <summary>Tries to read nil (0xc0) from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">Done: 1. NeedMoreData: the input length needed, 1. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadNil(ReadOnlySpan<byte> source, out int bytesRead) =>
            DecodeNil(ref MemoryMarshal.GetReference(source), source.Length, out bytesRead).ToOperationStatus();

        /// <summary>Reads nil (0xc0) from <paramref name="length"/> bytes at a pointer.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes nil took, 1.</param>
        /// <exception cref="MsgPackException">The input does not start with nil or is empty (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void ReadNil(byte* source, int length, out int bytesRead) => ReadNil(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read nil (0xc0) from <paramref name="length"/> bytes at a pointer; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">Done: 1. NeedMoreData: the input length needed, 1. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadNil(byte* source, int length, out int bytesRead) => TryReadNil(new ReadOnlySpan<byte>(source, length), out bytesRead);
    }
}
