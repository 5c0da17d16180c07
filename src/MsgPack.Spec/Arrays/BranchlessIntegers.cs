namespace MsgPack.Spec
{
    /// <summary>
    /// The per-value integer cores of the bulk arrays, without a branch on the value's width: for arrays whose widths
    /// vary at random (what the vector paths refuse), where the per-value cores' branches are mispredicted for most
    /// values and cost more than the encoding itself.
    /// </summary>
    /// <remarks>
    /// Both write or read a fixed 9 bytes (a code and an 8-byte word) and then count only the bytes the value takes:
    /// the writer needs 9 bytes of room and leaves bytes after the value that the next value overwrites; the reader
    /// needs 9 bytes of input. The callers use them only where that much is there, and the checked cores elsewhere.
    /// </remarks>
    internal static class BranchlessIntegers
    {
        /// <summary>What a write and a read touch whatever the value: a code and an 8-byte word.</summary>
        public const int Room = 9;

        /// <summary>Writes a signed value in its smallest form (non-negative values in the unsigned formats); returns its length.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int EncodeSigned(ref byte destination, long value)
        {
            // Negative values are measured by their complement against the signed formats' bounds, others against the
            // unsigned formats': the width class (0 fixint, then 1, 2, 4 or 8 bytes after the code) is the number of
            // bounds the magnitude exceeds.
            long negative = value >> 63;
            ulong magnitude = (ulong)(value ^ negative);
#if NET8_0_OR_GREATER
            // The width class from the magnitude's bit length (one lzcnt and a table load), negative values in the
            // second half of the table.
            int bits = 64 - System.Numerics.BitOperations.LeadingZeroCount(magnitude);
            int width = Unsafe.Add(ref MemoryMarshal.GetReference(Widths), bits + ((int)negative & 65));
#else
            int width = (magnitude > (ulong)(127 ^ (negative & (127 ^ 31))) ? 1 : 0)
                + (magnitude > (ulong)(255 ^ (negative & (255 ^ 127))) ? 1 : 0)
                + (magnitude > (ulong)(65535 ^ (negative & (65535 ^ 32767))) ? 1 : 0)
                + (magnitude > (ulong)(0xffff_ffffL ^ (negative & (0xffff_ffffL ^ 0x7fff_ffffL))) ? 1 : 0);
#endif
            return Write(ref destination, (ulong)value, width, (int)negative & 4);
        }

        /// <summary>Writes an unsigned value in its smallest form; returns its length.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int EncodeUnsigned(ref byte destination, ulong value)
        {
#if NET8_0_OR_GREATER
            int width = Unsafe.Add(ref MemoryMarshal.GetReference(Widths), 64 - System.Numerics.BitOperations.LeadingZeroCount(value));
#else
            int width = (value > 127 ? 1 : 0) + (value > 255 ? 1 : 0) + (value > 65535 ? 1 : 0) + (value > uint.MaxValue ? 1 : 0);
#endif
            return Write(ref destination, value, width, 0);
        }

        /// <summary>
        /// Reads any integer format whose value fits [<paramref name="min"/>, <paramref name="max"/>]; returns its
        /// length, or 0 for anything else (another type, a value that does not fit), which the checked core then reports.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int DecodeSigned(ref byte source, long min, long max, out long value)
        {
            uint code = source;
            uint shape = Unsafe.Add(ref MemoryMarshal.GetReference(Shapes), (nint)code);
            int bytes = (int)(shape & 0xf);
            int shift = 64 - (8 * bytes);
            ulong word = BigEndian.ReadUInt64(ref Unsafe.Add(ref source, 1));

            // A fixint is the code itself, sign-extended; a value of n bytes is the word's first n bytes, sign-extended
            // for the signed formats. shift is 64 for a fixint, which a 64-bit shift takes as 0: the word is unused then.
            // Selected with masks, not branches: the width of a random value is as unpredictable as a coin.
            long fixInt = (sbyte)code;
            long signedPayload = (long)word >> shift;
            long unsignedPayload = (long)(word >> shift);
            long signedMask = -(long)((shape >> 5) & 1);
            long payload = unsignedPayload ^ ((signedPayload ^ unsignedPayload) & signedMask);
            long fixIntMask = (long)(bytes - 1) >> 63;
            value = payload ^ ((fixInt ^ payload) & fixIntMask);

            // An unsigned 8-byte value above long.MaxValue comes out negative: it fits no signed type.
            bool aboveInt64 = shape == (Unsigned | 8) && (long)word < 0;
            return (shape & Valid) != 0 && !aboveInt64 && value >= min && value <= max ? bytes + 1 : 0;
        }

        /// <summary>Reads any integer format whose value is from 0 to <paramref name="max"/>; returns its length, or 0.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int DecodeUnsigned(ref byte source, ulong max, out ulong value)
        {
            uint code = source;
            uint shape = Unsafe.Add(ref MemoryMarshal.GetReference(Shapes), (nint)code);
            int bytes = (int)(shape & 0xf);
            int shift = 64 - (8 * bytes);
            ulong word = BigEndian.ReadUInt64(ref Unsafe.Add(ref source, 1));
            long signedPayload = (long)word >> shift;
            ulong unsignedPayload = word >> shift;
            ulong signedMask = (ulong)-(long)((shape >> 5) & 1);
            ulong payload = unsignedPayload ^ (((ulong)signedPayload ^ unsignedPayload) & signedMask);
            ulong fixIntMask = (ulong)((long)(bytes - 1) >> 63);
            value = payload ^ (((ulong)(long)(sbyte)code ^ payload) & fixIntMask);

            // Negative values (negative fixints, signed formats holding one) come out above long.MaxValue.
            bool negative = (bytes == 0 && code >= 0xe0) || ((shape & Signed) != 0 && signedPayload < 0);
            return (shape & Valid) != 0 && !negative && value <= max ? bytes + 1 : 0;
        }

        /// <summary>The code (or the fixint itself) and the bytes after it, big-endian, in one 9-byte write.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int Write(ref byte destination, ulong value, int width, int signedOffset)
        {
            // Bytes after the code: 0, 1, 2, 4 or 8; the code: cc, cd, ce, cf (d0 to d3 for a negative value).
            int bytes = (1 << width) >> 1;
            int code = DataCodes.UInt8 - 1 + width + signedOffset;
            int fixIntMask = (width - 1) >> 31;
            destination = (byte)(code ^ (((int)value ^ code) & fixIntMask));
            BigEndian.WriteUInt64(ref Unsafe.Add(ref destination, 1), value << (64 - (8 * bytes)));
            return bytes + 1;
        }

        private const uint Valid = 0x10;
        private const uint Signed = 0x20;
        private const uint Unsigned = Valid;

        /// <summary>
        /// The width class (0 fixint, 1 to 4 for 1, 2, 4 or 8 bytes after the code) by the bit length of a value: 65
        /// entries for non-negative values (fixint up to 7 bits, uint 8 at 8, uint 16 to 16, uint 32 to 32), then 65 for
        /// the complement of negative ones (fixint up to 5 bits, int 8 to 7, int 16 to 15, int 32 to 31).
        /// </summary>
        private static System.ReadOnlySpan<byte> Widths => new byte[]
        {
            0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 2, 2,
            2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
            3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
            4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
            4,
            0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2,
            3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
            4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
            4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
            4,
        };

        /// <summary>Per code: Valid for an integer format, Signed for int 8 to int 64, and the bytes after the code (0 for fixints).</summary>
        private static System.ReadOnlySpan<byte> Shapes => new byte[]
        {
            // 0x00-0x7f: positive fixint.
            0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
            0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
            0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
            0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
            0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
            0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
            0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
            0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,

            // 0x80-0xbf: fixmap, fixarray, fixstr.
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,

            // 0xc0-0xcb: nil, never used, false, true, bin, ext, float.
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,

            // 0xcc-0xcf: uint 8, 16, 32, 64; 0xd0-0xd3: int 8, 16, 32, 64.
            0x11, 0x12, 0x14, 0x18, 0x31, 0x32, 0x34, 0x38,

            // 0xd4-0xdf: fixext, str, array, map.
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,

            // 0xe0-0xff: negative fixint.
            0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
            0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
        };
    }
}
