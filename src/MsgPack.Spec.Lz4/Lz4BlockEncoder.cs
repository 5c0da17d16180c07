using System.Buffers.Binary;

namespace MsgPack.Spec.Lz4
{
    /// <summary>
    /// Compresses one raw LZ4 block (the LZ4 block format: sequences of a token, a literal length, the literals, a 2-byte
    /// little-endian offset and a match length; the last sequence is literals only) with the matching rules of
    /// MessagePack-CSharp 3.1's codec, so that a block written here is byte for byte the block it writes of the same bytes.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The rules (facts of the LZ4 "fast" algorithm as MessagePack-CSharp configures it, which fix every byte of its
    /// output): one hash of the next 4 bytes per position, <c>(bytes * 2654435761) &gt;&gt; (32 - log)</c>, into a table of
    /// the last position seen per hash, empty (position 0) at the start of each block; 2,048 entries of 16 bits for a
    /// block shorter than 65,547 bytes (every chunk of <c>Lz4BlockArray</c>), 1,024 of 32 bits with matches no further
    /// back than 65,535 bytes for a longer one. The search steps one byte at a time, then one more every 64 misses
    /// (<c>attempts &gt;&gt; 6</c>, the attempts starting at 67); a candidate is taken when its 4 bytes are equal, extended
    /// backwards over equal bytes to the last sequence's end, and forwards to 5 bytes before the end of the input. After
    /// a match the position two bytes before its end is hashed, and the position at its end is tried at once (a match
    /// there is a sequence without literals). No match starts less than 12 bytes before the end.
    /// </para>
    /// <para>
    /// Speed: the table lives on the stack (4 KiB, cleared per block), every read and write is an unaligned 2, 4 or 8
    /// bytes, a match is extended 8 bytes at a time (the first differing byte from the XOR's trailing zero bits), and
    /// literals are copied 8 bytes at a time past their end: at least 8 more bytes of the block follow them (a match
    /// offset, the last token and at least 5 last literals) and overwrite what the copy wrote beyond them, so the copy
    /// stays within <see cref="GetMaxLength"/>.
    /// </para>
    /// </remarks>
    internal static unsafe class Lz4BlockEncoder
    {
        private const int MinMatch = 4;
        private const int LastLiterals = 5;

        // No match starts in the last 12 bytes: the search reads 4 bytes ahead of a position and the decoder copies 8 at a time.
        private const int MatchFindLimit = 12;
        private const int MinLength = MatchFindLimit + 1;
        private const int MaxDistance = 65535;

        /// <summary>Blocks shorter than this use the 16-bit table, whose positions need no distance check.</summary>
        private const int SmallLimit = 65536 + MatchFindLimit - 1;

        private const int SmallTableLog = 11;
        private const int LargeTableLog = 10;
        private const uint HashMultiplier = 2654435761u;

        /// <summary>The most bytes a block of <paramref name="length"/> bytes compresses to: the literals, a byte per 255 of their length, and 16.</summary>
        public static int GetMaxLength(int length) => length + (length / 255) + 16;

        /// <summary>Compresses <paramref name="source"/> into one LZ4 block at the start of <paramref name="destination"/>.</summary>
        /// <param name="source">The bytes.</param>
        /// <param name="destination">At least <see cref="GetMaxLength"/> bytes.</param>
        /// <returns>The block's length.</returns>
        public static int Encode(ReadOnlySpan<byte> source, Span<byte> destination)
        {
            int max = GetMaxLength(source.Length);
            if (destination.Length < max)
            {
                ThrowHelper.ThrowDestinationTooSmall(max, destination.Length);
            }

            fixed (byte* src = source)
            fixed (byte* dst = destination)
            {
                if (source.Length < SmallLimit)
                {
                    ushort* small = stackalloc ushort[1 << SmallTableLog];
                    new Span<ushort>(small, 1 << SmallTableLog).Clear();
                    return Compress(new SmallTable(small), src, source.Length, dst);
                }

                uint* large = stackalloc uint[1 << LargeTableLog];
                new Span<uint>(large, 1 << LargeTableLog).Clear();
                return Compress(new LargeTable(large), src, source.Length, dst);
            }
        }

        /// <summary>The one compressor, specialized by the JIT for each table (a struct type argument).</summary>
        private static int Compress<TTable>(TTable table, byte* src, int length, byte* dst)
            where TTable : struct, IPositionTable
        {
            byte* end = src + length;
            byte* anchor = src;
            byte* op = dst;
            if (length < MinLength)
            {
                goto Last;
            }

            byte* findLimit = end - MatchFindLimit;
            byte* matchLimit = end - LastLiterals;
            byte* ip = src + 1;

            // The 4 bytes at the next position to try, and their hash: each read once, for the hash and for the compare.
            uint nextSequence = Read32(ip);
            uint nextHash = table.Hash(nextSequence);

            while (true)
            {
                byte* match;
                byte* token;

                // Find a match: the step grows by one every 64 misses, so incompressible bytes are crossed quickly.
                int attempts = (1 << 6) + 3;
                byte* next = ip;
                uint sequence;
                do
                {
                    uint hash = nextHash;
                    sequence = nextSequence;
                    ip = next;
                    next = ip + (attempts++ >> 6);
                    if (next > findLimit)
                    {
                        goto Last;
                    }

                    nextSequence = Read32(next);
                    nextHash = table.Hash(nextSequence);
                    match = src + table.Get(hash);
                    table.Set(hash, (uint)(ip - src));
                }
                while (!table.InReach(ip, match) || Read32(match) != sequence);

                // Extend backwards over equal bytes, no further than the literals start.
                while (ip > anchor && match > src && ip[-1] == match[-1])
                {
                    ip--;
                    match--;
                }

                // The token and the literals.
                int literals = (int)(ip - anchor);
                token = op++;
                if (literals >= 15)
                {
                    *token = 15 << 4;
                    op = WriteLength(op, literals - 15);
                }
                else
                {
                    *token = (byte)(literals << 4);
                }

                CopyLiterals(op, anchor, literals);
                op += literals;

            Match:
                WriteUInt16(op, (ushort)(ip - match));
                op += 2;

                // Extend forwards, to 5 bytes before the end at most.
                anchor = ip + MinMatch;
                ip = Extend(anchor, match + MinMatch, matchLimit);
                int matchLength = (int)(ip - anchor);
                if (matchLength < 15 + 255)
                {
                    // Without a branch on the common lengths: the extra byte is written always and kept from 15 on.
                    int extra = matchLength >= 15 ? 1 : 0;
                    *token += (byte)(extra != 0 ? 15 : matchLength);
                    *op = (byte)(matchLength - 15);
                    op += extra;
                }
                else
                {
                    *token += 15;
                    op = WriteLength(op, matchLength - 15);
                }

                anchor = ip;
                if (ip > findLimit)
                {
                    break;
                }

                // One read for the position two bytes back (hashed) and this one (tried at once): a match right at the end
                // of this one is a sequence without literals.
                ulong around = Read64(ip - 2);
                table.Set(table.Hash((uint)around), (uint)(ip - 2 - src));
                sequence = (uint)(around >> 16);
                uint here = table.Hash(sequence);
                match = src + table.Get(here);
                table.Set(here, (uint)(ip - src));
                if (table.InReach(ip, match) && Read32(match) == sequence)
                {
                    token = op++;
                    *token = 0;
                    goto Match;
                }

                ip++;
                nextSequence = (uint)(around >> 24);
                nextHash = table.Hash(nextSequence);
            }

        Last:
            return (int)(WriteLastLiterals(op, anchor, end) - dst);
        }

        /// <summary>The last sequence: a token and the literals to the end, copied exactly (nothing follows them).</summary>
        private static byte* WriteLastLiterals(byte* op, byte* anchor, byte* end)
        {
            int literals = (int)(end - anchor);
            if (literals >= 15)
            {
                *op++ = 15 << 4;
                op = WriteLength(op, literals - 15);
            }
            else
            {
                *op++ = (byte)(literals << 4);
            }

            Buffer.MemoryCopy(anchor, op, literals, literals);
            return op + literals;
        }

        /// <summary>The bytes of a length past the token's 15: 255 while more remains, then what remains.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static byte* WriteLength(byte* op, int rest)
        {
            while (rest >= 255)
            {
                *op++ = 255;
                rest -= 255;
            }

            *op++ = (byte)rest;
            return op;
        }

        /// <summary>Copies literals 8 bytes at a time, up to 7 past their end (see the class remarks: the block's next bytes overwrite them).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void CopyLiterals(byte* op, byte* from, int count)
        {
            if (count > 64)
            {
                Buffer.MemoryCopy(from, op, count, count);
                return;
            }

            byte* stop = op + count;
            do
            {
                Unsafe.WriteUnaligned(op, Unsafe.ReadUnaligned<ulong>(from));
                op += 8;
                from += 8;
            }
            while (op < stop);
        }

        /// <summary>The end of the match of <paramref name="ip"/> and <paramref name="match"/>, no further than <paramref name="limit"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static byte* Extend(byte* ip, byte* match, byte* limit)
        {
            while (ip < limit - 7)
            {
                ulong difference = Read64(match) ^ Read64(ip);
                if (difference != 0)
                {
                    return ip + FirstDifferentByte(difference);
                }

                ip += 8;
                match += 8;
            }

            if (ip < limit - 3 && Read32(match) == Read32(ip))
            {
                ip += 4;
                match += 4;
            }

            if (ip < limit - 1 && Unsafe.ReadUnaligned<ushort>(match) == Unsafe.ReadUnaligned<ushort>(ip))
            {
                ip += 2;
                match += 2;
            }

            if (ip < limit && *match == *ip)
            {
                ip++;
            }

            return ip;
        }

        /// <summary>The index of the first byte in memory order where two 8-byte reads (little-endian, see <see cref="Read64"/>) differ.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int FirstDifferentByte(ulong difference)
        {
#if NETCOREAPP3_0_OR_GREATER
            return System.Numerics.BitOperations.TrailingZeroCount(difference) >> 3;
#else
            return FirstDifferentBytePortable(difference);
#endif
        }

        /// <summary>
        /// <see cref="FirstDifferentByte"/> without BitOperations (netstandard2.0 has none): the lowest nonzero byte of a
        /// nonzero <paramref name="difference"/>, found by halving the search three times. Compiled on every target so that
        /// the tests, which run on .NET 10, check it against TrailingZeroCount.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int FirstDifferentBytePortable(ulong difference)
        {
            int index = 0;
            if ((uint)difference == 0)
            {
                index = 4;
                difference >>= 32;
            }

            if ((ushort)difference == 0)
            {
                index += 2;
                difference >>= 16;
            }

            return (byte)difference == 0 ? index + 1 : index;
        }

        // The hash and the match extension read little-endian (the hash must be MessagePack-CSharp's for equal bytes; the
        // extension counts from the low byte); on a little-endian machine the reversal is dropped by the JIT.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static uint Read32(byte* p)
        {
            uint value = Unsafe.ReadUnaligned<uint>(p);
            return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ulong Read64(byte* p)
        {
            ulong value = Unsafe.ReadUnaligned<ulong>(p);
            return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void WriteUInt16(byte* p, ushort value) =>
            Unsafe.WriteUnaligned(p, BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));

        /// <summary>The table of the last position seen per hash of 4 bytes.</summary>
        private interface IPositionTable
        {
            uint Hash(uint sequence);

            uint Get(uint hash);

            void Set(uint hash, uint position);

            /// <summary>Whether a candidate is near enough for a 2-byte offset.</summary>
            bool InReach(byte* ip, byte* match);
        }

        /// <summary>2,048 positions of 16 bits: a block shorter than 65,547 bytes, where every candidate is in reach.</summary>
        private readonly struct SmallTable : IPositionTable
        {
            private readonly ushort* _table;

            public SmallTable(ushort* table) => _table = table;

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public uint Hash(uint sequence) => (sequence * HashMultiplier) >> (32 - SmallTableLog);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public uint Get(uint hash) => _table[hash];

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public void Set(uint hash, uint position) => _table[hash] = (ushort)position;

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public bool InReach(byte* ip, byte* match) => true;
        }

        /// <summary>1,024 positions of 32 bits: a longer block, whose candidates may be too far back.</summary>
        private readonly struct LargeTable : IPositionTable
        {
            private readonly uint* _table;

            public LargeTable(uint* table) => _table = table;

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public uint Hash(uint sequence) => (sequence * HashMultiplier) >> (32 - LargeTableLog);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public uint Get(uint hash) => _table[hash];

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public void Set(uint hash, uint position) => _table[hash] = position;

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public bool InReach(byte* ip, byte* match) => ip - match <= MaxDistance;
        }
    }
}
