#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;

namespace MsgPack.Spec
{
    /// <summary>
    /// Vectorized UTF-8 validation by the lookup method of Keiser and Lemire ("Validating UTF-8 in less than one
    /// instruction per byte", Software: Practice and Experience, 2021). Every byte is judged together with the three
    /// before it: three 16-entry tables, indexed by the high nibble of the byte before, the low nibble of the byte
    /// before and the high nibble of the byte itself, each give a set of error bits that pair of bytes could be part
    /// of; a bit set in all three is an error (a continuation where none may be, a lead without its continuations, an
    /// overlong form, a surrogate, a value above U+10FFFF). Third and fourth bytes of a character are checked apart,
    /// by how far back the last 3- or 4-byte lead stands. Errors are ORed into one register and looked at once, at
    /// the end: well-formed text, the common case, runs without a branch but the one that skips ASCII.
    /// </summary>
    /// <remarks>
    /// One algorithm, written once over <see cref="IUtf8Vector{TVector}"/>, for 256-bit vectors (AVX2) and 128-bit
    /// vectors (SSSE3 or Arm64 AdvSIMD). There is no 512-bit path: this project's machines have no AVX-512, and a path
    /// no test here could run is not shipped. An input that is not a whole number of blocks ends with the block that
    /// ends where it ends, overlapping the one before; a character cut short by the input's end is a lead in that
    /// block's last three bytes that needs more of them.
    /// </remarks>
    internal static class Utf8Validator
    {
        // The error bits of the three tables. A bit stands for one way a pair of bytes can be wrong; the pair is wrong
        // when all three tables have the bit.
        private const byte TooShort = 1 << 0;     // a lead (or ASCII) followed by a lead or ASCII: a character cut short
        private const byte TooLong = 1 << 1;      // ASCII followed by a continuation
        private const byte Overlong3 = 1 << 2;    // E0 followed by 80..9F
        private const byte TooLarge = 1 << 3;     // F4 followed by 90..BF, or F5..FF followed by 90..BF
        private const byte Surrogate = 1 << 4;    // ED followed by A0..BF
        private const byte Overlong2 = 1 << 5;    // C0 or C1 followed by a continuation
        private const byte TooLarge1000 = 1 << 6; // F5..FF followed by 80..8F
        private const byte Overlong4 = 1 << 6;    // F0 followed by 80..8F (shares the bit: the leads differ)
        private const byte TwoContinuations = 1 << 7; // a continuation followed by a continuation (legal only as 3rd or 4th byte)
        private const byte Carry = TooShort | TooLong | TwoContinuations; // the bits the low nibble of a lead does not decide

        /// <summary>
        /// The shortest input the vector paths take: a 16-byte block and the 4 bytes before the last block, which an
        /// input that is not a whole number of blocks long is checked with. Shorter text goes to the scalar validator.
        /// </summary>
        public const int MinVectorLength = 16 + 4;

        // The same for the 256-bit path; shorter text takes the 128-bit one.
        private const int Min256Length = 32 + 4;

        /// <summary>Whether this machine has a vector path.</summary>
        public static bool IsAccelerated => Avx2.IsSupported || Ssse3.IsSupported || AdvSimd.Arm64.IsSupported;

        /// <summary>
        /// Whether the <paramref name="length"/> bytes at <paramref name="start"/> are well-formed UTF-8, on the widest
        /// vector path this machine has. The caller checks <see cref="IsAccelerated"/>.
        /// </summary>
        public static bool IsValid(ref byte start, int length)
        {
            if (Avx2.IsSupported && length >= Min256Length)
            {
                return IsValid<Vector256<byte>, Avx2Vector>(ref start, length);
            }

            return IsValid<Vector128<byte>, Vector128Ops>(ref start, length);
        }

        /// <summary>The 256-bit path alone (the tests run each path on the same inputs).</summary>
        internal static bool IsValid256(ref byte start, int length) => IsValid<Vector256<byte>, Avx2Vector>(ref start, length);

        /// <summary>The 128-bit path alone (the tests run each path on the same inputs).</summary>
        internal static bool IsValid128(ref byte start, int length) => IsValid<Vector128<byte>, Vector128Ops>(ref start, length);

        // Compiled fully optimized at its first call: its tier-0 code, where nothing is inlined, takes 200 times as long
        // per byte, and a caller with long texts can spend its first hundreds of calls (and, measured under
        // BenchmarkDotNet, all of them) in it or in on-stack-replacement code before tiering catches up.
        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        private static unsafe bool IsValid<TVector, TOps>(ref byte start, int length)
            where TVector : unmanaged
            where TOps : struct, IUtf8Vector<TVector>
        {
            TOps ops = default;
            int size = sizeof(TVector);
            var state = default(Utf8Checker<TVector, TOps>);

            // Two vectors a step: one test tells whether both are ASCII, which skips the checks of the pair.
            int offset = 0;
            for (; offset <= length - (2 * size); offset += 2 * size)
            {
                TVector first = ops.Load(ref Unsafe.Add(ref start, offset));
                TVector second = ops.Load(ref Unsafe.Add(ref start, offset + size));
                if (ops.IsAscii(ops.Or(first, second)))
                {
                    state.SkipAscii(second);
                    continue;
                }

                state.Check(first);
                state.Check(second);
            }

            if (offset <= length - size)
            {
                state.CheckOrSkip(ops.Load(ref Unsafe.Add(ref start, offset)));
                offset += size;
            }

            if (offset < length)
            {
                // Less than a block is left: the block that ends where the input ends is checked, from its start
                // (bytes checked twice give the same verdict twice), after the 4 bytes before it, which the
                // callers' minimum length guarantees. Nothing is copied, and nothing past the input is read. If that
                // block is ASCII, only a character the block before left unfinished can be wrong, as in the loop.
                int last = length - size;
                state.Restart(ops.Predecessors(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref start, last - 4))));
                state.CheckOrSkip(ops.Load(ref Unsafe.Add(ref start, last)));
            }

            return state.IsValid;
        }

        /// <summary>The running state: the errors so far and the previous block, whose last three bytes the next one needs.</summary>
        private struct Utf8Checker<TVector, TOps>
            where TVector : unmanaged
            where TOps : struct, IUtf8Vector<TVector>
        {
            private TVector _error;
            private TVector _previous;
            private TVector _incomplete;

            /// <summary>No error so far, and the last block ends no character short.</summary>
            public readonly bool IsValid
            {
                [MethodImpl(MethodImplOptions.AggressiveInlining)]
                get
                {
                    TOps ops = default;
                    return ops.IsZero(ops.Or(_error, _incomplete));
                }
            }

            /// <summary>
            /// A block of ASCII: only an unfinished character before it can be wrong. The block becomes the previous
            /// one (its last bytes are ASCII, so it leaves nothing unfinished).
            /// </summary>
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public void SkipAscii(TVector block)
            {
                TOps ops = default;
                _error = ops.Or(_error, _incomplete);
                _incomplete = default;
                _previous = block;
            }

            /// <summary>Checks a block, or skips it if it is ASCII.</summary>
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public void CheckOrSkip(TVector block)
            {
                if (default(TOps).IsAscii(block))
                {
                    SkipAscii(block);
                }
                else
                {
                    Check(block);
                }
            }

            /// <summary>Goes on from another place: <paramref name="previous"/> holds the bytes before the next block (in its last 4 bytes).</summary>
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public void Restart(TVector previous) => _previous = previous;

            /// <summary>Checks a block against the one before it.</summary>
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public void Check(TVector block)
            {
                TOps ops = default;
                TVector before1 = ops.Previous1(block, _previous);
                TVector special = ops.And(
                    ops.And(
                        ops.Lookup(ops.Table(ByteOneHigh()), ops.HighNibbles(before1)),
                        ops.Lookup(ops.Table(ByteOneLow()), ops.LowNibbles(before1))),
                    ops.Lookup(ops.Table(ByteTwoHigh()), ops.HighNibbles(block)));

                // A third byte of a 3- or 4-byte character (an E0..EF two back, or F0..FF three back) and a fourth byte
                // (F0..FF three back) must be continuations: there the tables' TwoContinuations bit is expected, and
                // the XOR turns its absence, or its presence anywhere else, into an error.
                TVector third = ops.SubtractSaturate(ops.Previous2(block, _previous), ops.Broadcast(0xe0 - 0x80));
                TVector fourth = ops.SubtractSaturate(ops.Previous3(block, _previous), ops.Broadcast(0xf0 - 0x80));
                TVector mustContinue = ops.And(ops.Or(third, fourth), ops.Broadcast(0x80));
                _error = ops.Or(_error, ops.Xor(mustContinue, special));

                // The block's last three bytes: a lead there whose character needs more bytes than are left.
                _incomplete = ops.SubtractSaturate(block, ops.IncompleteLimits());
                _previous = block;
            }
        }

        // The tables, 16 bytes each, indexed by a nibble. They are built from constants, so the JIT makes each a
        // vector constant.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<byte> ByteOneHigh() => Vector128.Create(
            // 0x0_..0x7_: ASCII, which no continuation may follow
            TooLong, TooLong, TooLong, TooLong, TooLong, TooLong, TooLong, TooLong,
            // 0x8_..0xB_: a continuation
            TwoContinuations, TwoContinuations, TwoContinuations, TwoContinuations,
            // 0xC_: a 2-byte lead, C0 and C1 overlong
            TooShort | Overlong2,
            // 0xD_: a 2-byte lead
            TooShort,
            // 0xE_: a 3-byte lead
            TooShort | Overlong3 | Surrogate,
            // 0xF_: a 4-byte lead, or F5..FF
            TooShort | TooLarge | TooLarge1000 | Overlong4);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<byte> ByteOneLow() => Vector128.Create(
            Carry | Overlong3 | Overlong2 | Overlong4,  // _0: C0, E0, F0
            Carry | Overlong2,                          // _1: C1
            Carry,                                      // _2
            Carry,                                      // _3
            Carry | TooLarge,                           // _4: F4
            Carry | TooLarge | TooLarge1000,            // _5..: F5 and above
            Carry | TooLarge | TooLarge1000,
            Carry | TooLarge | TooLarge1000,
            Carry | TooLarge | TooLarge1000,
            Carry | TooLarge | TooLarge1000,
            Carry | TooLarge | TooLarge1000,
            Carry | TooLarge | TooLarge1000,
            Carry | TooLarge | TooLarge1000,
            Carry | TooLarge | TooLarge1000 | Surrogate, // _D: ED
            Carry | TooLarge | TooLarge1000,
            Carry | TooLarge | TooLarge1000);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<byte> ByteTwoHigh() => Vector128.Create(
            // 0x0_..0x7_: ASCII, which a lead may not be followed by
            TooShort, TooShort, TooShort, TooShort, TooShort, TooShort, TooShort, TooShort,
            // 0x8_
            TooLong | Overlong2 | TwoContinuations | Overlong3 | TooLarge1000 | Overlong4,
            // 0x9_
            TooLong | Overlong2 | TwoContinuations | Overlong3 | TooLarge,
            // 0xA_, 0xB_
            TooLong | Overlong2 | TwoContinuations | Surrogate | TooLarge,
            TooLong | Overlong2 | TwoContinuations | Surrogate | TooLarge,
            // 0xC_..0xF_: a lead, which a lead may not be followed by
            TooShort, TooShort, TooShort, TooShort);

        // Subtracted (saturating) from a block's last 16 bytes: nonzero only for a lead in the last three places whose
        // character does not fit (F0 and above three back, E0 and above two back, C0 and above last).
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<byte> IncompleteLimitsLane() => Vector128.Create(
            (byte)0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0 - 1, 0xe0 - 1, 0xc0 - 1);

        /// <summary>The vector operations the algorithm needs, one implementation per vector width.</summary>
        private interface IUtf8Vector<TVector>
            where TVector : unmanaged
        {
            TVector Load(ref byte source);

            /// <summary>A vector whose last 4 bytes are <paramref name="bytes"/> (little-endian): the bytes before a block.</summary>
            TVector Predecessors(uint bytes);

            TVector Broadcast(byte value);

            /// <summary>A 16-byte table, in every 128-bit lane.</summary>
            TVector Table(Vector128<byte> table);

            /// <summary><see cref="IncompleteLimitsLane"/> in the last 128-bit lane, no limit (0xff) in the others.</summary>
            TVector IncompleteLimits();

            /// <summary>table[index] for each byte; every index is 0..15.</summary>
            TVector Lookup(TVector table, TVector indices);

            TVector HighNibbles(TVector value);

            TVector LowNibbles(TVector value);

            /// <summary>Each byte's predecessor: the block shifted one byte on, the previous block's last byte first.</summary>
            TVector Previous1(TVector block, TVector previous);

            TVector Previous2(TVector block, TVector previous);

            TVector Previous3(TVector block, TVector previous);

            TVector SubtractSaturate(TVector left, TVector right);

            TVector And(TVector left, TVector right);

            TVector Or(TVector left, TVector right);

            TVector Xor(TVector left, TVector right);

            bool IsAscii(TVector value);

            bool IsZero(TVector value);
        }

        private readonly struct Vector128Ops : IUtf8Vector<Vector128<byte>>
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector128<byte> Load(ref byte source) => Vector128.LoadUnsafe(ref source);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector128<byte> Predecessors(uint bytes) => Vector128.Create(0, 0, 0, bytes).AsByte();

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector128<byte> Broadcast(byte value) => Vector128.Create(value);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector128<byte> Table(Vector128<byte> table) => table;

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector128<byte> IncompleteLimits() => IncompleteLimitsLane();

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector128<byte> Lookup(Vector128<byte> table, Vector128<byte> indices) =>
                Ssse3.IsSupported ? Ssse3.Shuffle(table, indices) : AdvSimd.Arm64.VectorTableLookup(table, indices);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector128<byte> HighNibbles(Vector128<byte> value) => Vector128.ShiftRightLogical(value.AsUInt16(), 4).AsByte() & Vector128.Create((byte)0x0f);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector128<byte> LowNibbles(Vector128<byte> value) => value & Vector128.Create((byte)0x0f);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector128<byte> Previous1(Vector128<byte> block, Vector128<byte> previous) =>
                Ssse3.IsSupported ? Ssse3.AlignRight(block, previous, 15) : AdvSimd.ExtractVector128(previous, block, 15);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector128<byte> Previous2(Vector128<byte> block, Vector128<byte> previous) =>
                Ssse3.IsSupported ? Ssse3.AlignRight(block, previous, 14) : AdvSimd.ExtractVector128(previous, block, 14);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector128<byte> Previous3(Vector128<byte> block, Vector128<byte> previous) =>
                Ssse3.IsSupported ? Ssse3.AlignRight(block, previous, 13) : AdvSimd.ExtractVector128(previous, block, 13);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector128<byte> SubtractSaturate(Vector128<byte> left, Vector128<byte> right) =>
                Sse2.IsSupported ? Sse2.SubtractSaturate(left, right) : AdvSimd.SubtractSaturate(left, right);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector128<byte> And(Vector128<byte> left, Vector128<byte> right) => left & right;

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector128<byte> Or(Vector128<byte> left, Vector128<byte> right) => left | right;

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector128<byte> Xor(Vector128<byte> left, Vector128<byte> right) => left ^ right;

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public bool IsAscii(Vector128<byte> value) => value.ExtractMostSignificantBits() == 0;

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public bool IsZero(Vector128<byte> value) => value == Vector128<byte>.Zero;
        }

        private readonly struct Avx2Vector : IUtf8Vector<Vector256<byte>>
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector256<byte> Load(ref byte source) => Vector256.LoadUnsafe(ref source);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector256<byte> Predecessors(uint bytes) => Vector256.Create(0, 0, 0, 0, 0, 0, 0, bytes).AsByte();

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector256<byte> Broadcast(byte value) => Vector256.Create(value);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector256<byte> Table(Vector128<byte> table) => Vector256.Create(table, table);

            // The limits of an unfinished character concern the block's last three bytes: the low lane gets none (0xff).
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector256<byte> IncompleteLimits() => Vector256.Create(Vector128<byte>.AllBitsSet, IncompleteLimitsLane());

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector256<byte> Lookup(Vector256<byte> table, Vector256<byte> indices) => Avx2.Shuffle(table, indices);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector256<byte> HighNibbles(Vector256<byte> value) => Vector256.ShiftRightLogical(value.AsUInt16(), 4).AsByte() & Vector256.Create((byte)0x0f);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector256<byte> LowNibbles(Vector256<byte> value) => value & Vector256.Create((byte)0x0f);

            // AlignRight works within 128-bit lanes: the lane before each lane of the block is the previous block's
            // high lane for the low lane and the block's low lane for the high lane.
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector256<byte> Previous1(Vector256<byte> block, Vector256<byte> previous) => Avx2.AlignRight(block, Avx2.Permute2x128(previous, block, 0x21), 15);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector256<byte> Previous2(Vector256<byte> block, Vector256<byte> previous) => Avx2.AlignRight(block, Avx2.Permute2x128(previous, block, 0x21), 14);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector256<byte> Previous3(Vector256<byte> block, Vector256<byte> previous) => Avx2.AlignRight(block, Avx2.Permute2x128(previous, block, 0x21), 13);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector256<byte> SubtractSaturate(Vector256<byte> left, Vector256<byte> right) => Avx2.SubtractSaturate(left, right);

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector256<byte> And(Vector256<byte> left, Vector256<byte> right) => left & right;

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector256<byte> Or(Vector256<byte> left, Vector256<byte> right) => left | right;

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public Vector256<byte> Xor(Vector256<byte> left, Vector256<byte> right) => left ^ right;

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public bool IsAscii(Vector256<byte> value) => value.ExtractMostSignificantBits() == 0;

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public bool IsZero(Vector256<byte> value) => value == Vector256<byte>.Zero;
        }
    }
}
#endif
