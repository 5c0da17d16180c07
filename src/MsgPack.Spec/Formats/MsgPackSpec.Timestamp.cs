using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MsgPack.Spec
{
    public static unsafe partial class MsgPackSpec
    {
        /// <summary>The most bytes a timestamp takes: the 96-bit form, 15 bytes.</summary>
        public const int MaxTimestampEncodedLength = 15;

        // The three forms: timestamp 32 (fixext 4: unsigned seconds), timestamp 64 (fixext 8: 30 bits of nanoseconds
        // above 34 bits of unsigned seconds) and timestamp 96 (ext 8 of 12 bytes: 32-bit nanoseconds, signed 64-bit seconds).
        private const int Timestamp32Length = 6;
        private const int Timestamp64Length = 10;
        private const int Timestamp96Length = 15;
        private const int Timestamp64SecondsBits = 34;

        /// <summary>The number of bytes <paramref name="value"/> takes in its smallest form: 6, 10 or 15.</summary>
        /// <param name="value">The timestamp.</param>
        /// <returns>The encoded length.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int GetTimestampEncodedLength(Timestamp value)
        {
            if ((ulong)value.Seconds >> Timestamp64SecondsBits != 0)
            {
                return Timestamp96Length;
            }

            return value.Nanoseconds == 0 && value.Seconds <= uint.MaxValue ? Timestamp32Length : Timestamp64Length;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeTimestamp(ref byte destination, Timestamp value)
        {
            int length = GetTimestampEncodedLength(value);
            return length == Timestamp32Length ? EncodeTimestamp32(ref destination, value)
                : length == Timestamp64Length ? EncodeTimestamp64(ref destination, value)
                : EncodeTimestamp96(ref destination, value);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeTimestamp32(ref byte destination, Timestamp value)
        {
            if (value.Nanoseconds != 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(value), value.Nanoseconds, "zero nanoseconds for timestamp 32");
            }

            if ((ulong)value.Seconds > uint.MaxValue)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(value), value.Seconds, "seconds from 0 to 2^32-1 for timestamp 32");
            }

            EncodeFixExtension4Header(ref destination, DataCodes.TimestampExtensionType);
            BigEndian.WriteUInt32(ref Unsafe.Add(ref destination, 2), (uint)value.Seconds);
            return Timestamp32Length;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeTimestamp64(ref byte destination, Timestamp value)
        {
            if ((ulong)value.Seconds >> Timestamp64SecondsBits != 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(value), value.Seconds, "seconds from 0 to 2^34-1 for timestamp 64");
            }

            EncodeFixExtension8Header(ref destination, DataCodes.TimestampExtensionType);
            BigEndian.WriteUInt64(ref Unsafe.Add(ref destination, 2), ((ulong)value.Nanoseconds << Timestamp64SecondsBits) | (ulong)value.Seconds);
            return Timestamp64Length;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeTimestamp96(ref byte destination, Timestamp value)
        {
            EncodeExtension8Header(ref destination, DataCodes.TimestampExtensionType, 12);
            BigEndian.WriteUInt32(ref Unsafe.Add(ref destination, 3), value.Nanoseconds);
            BigEndian.WriteInt64(ref Unsafe.Add(ref destination, 7), value.Seconds);
            return Timestamp96Length;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeTimestamp(ref byte source, int length, out Timestamp value, out int bytesRead)
        {
            value = default;
            ReadStatus status = DecodeExtensionHeader(ref source, length, out ExtensionHeader header, out int offset);
            if (status != ReadStatus.Done)
            {
                // The header decoder put the input length it needs (or 0) where the header length goes.
                bytesRead = offset;
                return status;
            }

            // Type and length are judged from the header alone, before waiting for data that cannot make it valid.
            if (header.TypeCode != DataCodes.TimestampExtensionType)
            {
                return Invalid(ReadStatus.UnexpectedCode, out bytesRead);
            }

            if (header.Length is not (4 or 8 or 12))
            {
                return Invalid(ReadStatus.InvalidTimestamp, out bytesRead);
            }

            status = CheckPayload(length, offset, header.Length, out bytesRead);
            if (status != ReadStatus.Done)
            {
                return status;
            }

            ref byte data = ref Unsafe.Add(ref source, offset);
            long seconds;
            ulong nanoseconds;
            switch (header.Length)
            {
                case 4:
                    seconds = BigEndian.ReadUInt32(ref data);
                    nanoseconds = 0;
                    break;
                case 8:
                    ulong packed = BigEndian.ReadUInt64(ref data);
                    seconds = (long)(packed & ((1UL << Timestamp64SecondsBits) - 1));
                    nanoseconds = packed >> Timestamp64SecondsBits;
                    break;
                default: // 12, as checked above
                    nanoseconds = BigEndian.ReadUInt32(ref data);
                    seconds = BigEndian.ReadInt64(ref Unsafe.Add(ref data, 4));
                    break;
            }

            if (nanoseconds >= Timestamp.NanosecondsPerSecond)
            {
                return Invalid(ReadStatus.InvalidTimestamp, out bytesRead);
            }

            value = new Timestamp(seconds, (uint)nanoseconds);
            return ReadStatus.Done;
        }

        /// <summary>Writes a timestamp (ext type -1): timestamp 32 for whole seconds from 0 to 2^32-1, timestamp 64 for seconds from 0 to 2^34-1, timestamp 96 otherwise in its smallest form.</summary>
        /// <param name="destination">Where to write; at most MaxTimestampEncodedLength bytes are needed.</param>
        /// <param name="value">The timestamp.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteTimestamp(Span<byte> destination, Timestamp value)
        {
            // The hot path: room for the largest form, one compare. A shorter destination goes out of line, where the
            // exact size is computed; nothing the caller keeps in registers has to survive a call on the hot path.
            return destination.Length >= MaxTimestampEncodedLength
                ? EncodeTimestamp(ref MemoryMarshal.GetReference(destination), value)
                : WriteTimestampShort(destination, value);
        }

        /// <summary>The out-of-line half of <see cref="WriteTimestamp(Span{byte}, Timestamp)"/>: a destination shorter than the largest form.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int WriteTimestampShort(Span<byte> destination, Timestamp value)
        {
            EnsureRoom(destination.Length, GetTimestampEncodedLength(value));
            return EncodeTimestamp(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Writes a timestamp (ext type -1): timestamp 32 for whole seconds from 0 to 2^32-1, timestamp 64 for seconds from 0 to 2^34-1, timestamp 96 otherwise in its smallest form, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write; at most MaxTimestampEncodedLength bytes are needed.</param>
        /// <param name="value">The timestamp.</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteTimestamp(Span<byte> destination, Timestamp value, out int bytesWritten)
        {
            if (destination.Length < MaxTimestampEncodedLength && destination.Length < (bytesWritten = GetTimestampEncodedLength(value)))
            {
                return false;
            }

            bytesWritten = EncodeTimestamp(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes a timestamp (ext type -1): timestamp 32 for whole seconds from 0 to 2^32-1, timestamp 64 for seconds from 0 to 2^34-1, timestamp 96 otherwise in its smallest form at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees room for the value (at most MaxTimestampEncodedLength bytes).</param>
        /// <param name="value">The timestamp.</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteTimestamp(byte* destination, Timestamp value) => EncodeTimestamp(ref *destination, value);

        /// <summary>Writes a timestamp 32 (d6 ff, then 32-bit seconds; other values throw <see cref="ArgumentOutOfRangeException"/> unless whole seconds from 0 to 2^32-1): always 6 bytes.</summary>
        /// <param name="destination">Where to write; at least 6 bytes.</param>
        /// <param name="value">The timestamp.</param>
        /// <returns>The number of bytes written, 6.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 6 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteTimestamp32(Span<byte> destination, Timestamp value) => EncodeTimestamp32(ref Reserve(destination, 6), value);

        /// <summary>Writes a timestamp 32 (d6 ff, then 32-bit seconds; other values throw <see cref="ArgumentOutOfRangeException"/> unless whole seconds from 0 to 2^32-1) at a pointer, unchecked: always 6 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 6 writable bytes.</param>
        /// <param name="value">The timestamp.</param>
        /// <returns>The number of bytes written, 6.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteTimestamp32(byte* destination, Timestamp value) => EncodeTimestamp32(ref *destination, value);

        /// <summary>Writes a timestamp 64 (d7 ff, then nanoseconds and seconds in 64 bits; seconds outside 0 to 2^34-1 throw <see cref="ArgumentOutOfRangeException"/>): always 10 bytes.</summary>
        /// <param name="destination">Where to write; at least 10 bytes.</param>
        /// <param name="value">The timestamp.</param>
        /// <returns>The number of bytes written, 10.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 10 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteTimestamp64(Span<byte> destination, Timestamp value) => EncodeTimestamp64(ref Reserve(destination, 10), value);

        /// <summary>Writes a timestamp 64 (d7 ff, then nanoseconds and seconds in 64 bits; seconds outside 0 to 2^34-1 throw <see cref="ArgumentOutOfRangeException"/>) at a pointer, unchecked: always 10 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 10 writable bytes.</param>
        /// <param name="value">The timestamp.</param>
        /// <returns>The number of bytes written, 10.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteTimestamp64(byte* destination, Timestamp value) => EncodeTimestamp64(ref *destination, value);

        /// <summary>Writes a timestamp 96 (c7 0c ff, then 32-bit nanoseconds and 64-bit signed seconds): always 15 bytes.</summary>
        /// <param name="destination">Where to write; at least 15 bytes.</param>
        /// <param name="value">The timestamp.</param>
        /// <returns>The number of bytes written, 15.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 15 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteTimestamp96(Span<byte> destination, Timestamp value) => EncodeTimestamp96(ref Reserve(destination, 15), value);

        /// <summary>Writes a timestamp 96 (c7 0c ff, then 32-bit nanoseconds and 64-bit signed seconds) at a pointer, unchecked: always 15 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 15 writable bytes.</param>
        /// <param name="value">The timestamp.</param>
        /// <returns>The number of bytes written, 15.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteTimestamp96(byte* destination, Timestamp value) => EncodeTimestamp96(ref *destination, value);

        /// <summary>Reads a timestamp (ext type -1 in any of its three forms) from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The timestamp.</returns>
        /// <exception cref="MsgPackException">The input is not a timestamp (ext type -1 in any of its three forms) or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Timestamp ReadTimestamp(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeTimestamp(ref MemoryMarshal.GetReference(source), source.Length, out Timestamp value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "a timestamp (ext type -1)");
            return value;
        }

        /// <summary>Tries to read a timestamp (ext type -1 in any of its three forms) from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The timestamp. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadTimestamp(ReadOnlySpan<byte> source, out Timestamp value, out int bytesRead) =>
            DecodeTimestamp(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads a timestamp (ext type -1 in any of its three forms) from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The timestamp.</returns>
        /// <exception cref="MsgPackException">The input is not a timestamp (ext type -1 in any of its three forms) or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Timestamp ReadTimestamp(byte* source, int length, out int bytesRead) => ReadTimestamp(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read a timestamp (ext type -1 in any of its three forms) from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The timestamp. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadTimestamp(byte* source, int length, out Timestamp value, out int bytesRead) =>
            TryReadTimestamp(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);
    }
}
