namespace MsgPack.Spec
{
    public static unsafe partial class MsgPackSpec
    {
        // Shared pieces of every format: a code followed by a big-endian field, and the four families whose header
        // carries a length or count (str, bin, array, map), which differ only in their codes.

        /// <summary>The most bytes a str, bin, array or map header takes: a code and a 4-byte length.</summary>
        public const int MaxHeaderEncodedLength = 5;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int EncodeCodeAndByte(ref byte destination, byte code, byte value)
        {
            destination = code;
            Unsafe.Add(ref destination, 1) = value;
            return 2;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int EncodeCodeAndUInt16(ref byte destination, byte code, ushort value)
        {
            destination = code;
            BigEndian.WriteUInt16(ref Unsafe.Add(ref destination, 1), value);
            return 3;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int EncodeCodeAndUInt32(ref byte destination, byte code, uint value)
        {
            destination = code;
            BigEndian.WriteUInt32(ref Unsafe.Add(ref destination, 1), value);
            return 5;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int EncodeCodeAndUInt64(ref byte destination, byte code, ulong value)
        {
            destination = code;
            BigEndian.WriteUInt64(ref Unsafe.Add(ref destination, 1), value);
            return 9;
        }

        /// <summary>Writes a fix-form header: <paramref name="fixCode"/> with the value in its low bits.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int EncodeFixHeader(ref byte destination, byte fixCode, uint fixMax, byte value)
        {
            if (value > fixMax)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(value), value, $"from 0 to {fixMax}");
            }

            destination = (byte)(fixCode | value);
            return 1;
        }

        /// <summary>
        /// The size of the smallest header for <paramref name="length"/>: 1 for the fix form (when
        /// <paramref name="fixMax"/> is not 0), 2 for the 8-bit form (when <paramref name="has8"/>), 3 or 5.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int GetLengthHeaderLength(int length, uint fixMax, bool has8)
        {
            if (length < 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(length), length, "zero or positive");
            }

            uint value = (uint)length;
            return fixMax != 0 && value <= fixMax ? 1 : has8 && value <= byte.MaxValue ? 2 : value <= ushort.MaxValue ? 3 : 5;
        }

        /// <summary>
        /// Writes the smallest header for <paramref name="length"/>: the fix form (when <paramref name="fixMax"/> is
        /// not 0), the 8-bit form (when <paramref name="code8"/> is not 0), the 16-bit or the 32-bit form. The
        /// arguments after <paramref name="length"/> are constants at every call, so the JIT folds the unused forms away.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int EncodeLengthHeader(ref byte destination, int length, byte fixCode, uint fixMax, byte code8, byte code16, byte code32)
        {
            if (length < 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(length), length, "zero or positive");
            }

            uint value = (uint)length;
            if (fixMax != 0 && value <= fixMax)
            {
                destination = (byte)(fixCode | value);
                return 1;
            }

            if (code8 != 0 && value <= byte.MaxValue)
            {
                return EncodeCodeAndByte(ref destination, code8, (byte)value);
            }

            return value <= ushort.MaxValue
                ? EncodeCodeAndUInt16(ref destination, code16, (ushort)value)
                : EncodeCodeAndUInt32(ref destination, code32, value);
        }

        /// <summary>
        /// Reads a header of one of the length-carrying families (the same code arguments as
        /// <see cref="EncodeLengthHeader"/>). A 32-bit length above <see cref="int.MaxValue"/> is an overflow: no span
        /// or array can hold what it announces.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ReadStatus DecodeLengthHeader(
            ref byte source, int length, byte fixCode, uint fixMax, byte code8, byte code16, byte code32, out int value, out int bytesRead)
        {
            value = 0;
            if (length <= 0)
            {
                return NeedMoreData(1, out bytesRead);
            }

            uint code = source;
            if (fixMax != 0 && code - fixCode <= fixMax)
            {
                value = (int)(code - fixCode);
                bytesRead = 1;
                return ReadStatus.Done;
            }

            if (code8 != 0 && code == code8)
            {
                if (length < 2)
                {
                    return NeedMoreData(2, out bytesRead);
                }

                value = Unsafe.Add(ref source, 1);
                bytesRead = 2;
                return ReadStatus.Done;
            }

            if (code == code16)
            {
                if (length < 3)
                {
                    return NeedMoreData(3, out bytesRead);
                }

                value = BigEndian.ReadUInt16(ref Unsafe.Add(ref source, 1));
                bytesRead = 3;
                return ReadStatus.Done;
            }

            if (code != code32)
            {
                return Invalid(ReadStatus.UnexpectedCode, out bytesRead);
            }

            if (length < 5)
            {
                return NeedMoreData(5, out bytesRead);
            }

            uint wide = BigEndian.ReadUInt32(ref Unsafe.Add(ref source, 1));
            if (wide > int.MaxValue)
            {
                return Invalid(ReadStatus.Overflow, out bytesRead);
            }

            value = (int)wide;
            bytesRead = 5;
            return ReadStatus.Done;
        }

        /// <summary>
        /// Completes the decoding of a header followed by a payload: passes a failed header's status on, else checks
        /// that the payload is there. On return <paramref name="payloadOffset"/> is the header length (0 on failure).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ReadStatus CheckPayload(ReadStatus headerStatus, int length, ref int payloadOffset, int payloadLength, out int bytesRead)
        {
            if (headerStatus != ReadStatus.Done)
            {
                // The header decoder put the input length it needs (or 0) where the header length goes.
                bytesRead = payloadOffset;
                payloadOffset = 0;
                return headerStatus;
            }

            return CheckPayload(length, payloadOffset, payloadLength, out bytesRead);
        }

        /// <summary>Copies <paramref name="payload"/> after a header of <paramref name="headerLength"/> bytes; returns the total.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int CopyPayload(ref byte destination, int headerLength, ReadOnlySpan<byte> payload)
        {
            Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref destination, headerLength), ref MemoryMarshal.GetReference(payload), (uint)payload.Length);
            return headerLength + payload.Length;
        }

        /// <summary>
        /// Tells whether <paramref name="available"/> bytes hold a header and its payload; sets
        /// <paramref name="bytesNeeded"/> to their sum (capped at <see cref="int.MaxValue"/>).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool HasRoom(int available, int headerLength, int payloadLength, out int bytesNeeded)
        {
            long needed = (long)headerLength + payloadLength;
            bytesNeeded = (int)Math.Min(needed, int.MaxValue);
            return available >= needed;
        }

        /// <summary>
        /// Checks that a header of <paramref name="headerLength"/> bytes and the <paramref name="payloadLength"/>
        /// bytes after it lie within <paramref name="length"/>; sets <paramref name="bytesRead"/> to their sum, or to
        /// the length needed.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ReadStatus CheckPayload(int length, int headerLength, int payloadLength, out int bytesRead)
        {
            // 64-bit sum: a header of 5 bytes and a payload of int.MaxValue bytes overflow an int.
            long total = (long)headerLength + payloadLength;
            if (total > int.MaxValue)
            {
                return Invalid(ReadStatus.Overflow, out bytesRead);
            }

            bytesRead = (int)total;
            return total > length ? ReadStatus.NeedMoreData : ReadStatus.Done;
        }
    }
}
