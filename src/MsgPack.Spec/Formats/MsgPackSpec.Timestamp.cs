namespace MsgPack.Spec
{
    // timestamp: the lengths and the cores. The span, pointer and Try doors over them are written by
    // tools/MsgPack.Spec.CodeGen into MsgPackSpec.FrontDoors.g.cs, as every format's that share a shape.
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
    }
}
