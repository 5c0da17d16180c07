#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace MsgPack.Spec
{
    /// <summary>
    /// The 256- and 512-bit paths of <see cref="ArrayVectors"/>, for the layouts where a 128-bit shuffle leaves
    /// most of the work to stores: float 64 (9 bytes an element), float 32 and uint 32/int 32 (5 bytes).
    /// </summary>
    /// <remarks>
    /// With AVX-512 VBMI one byte permutation (<c>vpermb</c>, or <c>vpermt2b</c> to take the codes from a second
    /// register) turns 64 bytes of elements into 63 (7 float 64) or 60 (12 uint 32/int 32) bytes of MessagePack, and
    /// back. Each store is a whole 64-byte register: its last bytes land where the next element goes, so the paths run
    /// only while that element exists (it is written over later), and a writer stays inside the room it was given.
    /// </remarks>
    internal static partial class ArrayVectors
    {
        /// <summary>Bits 0, 9, ..., 54: the codes of 7 float 64 in a 64-bit mask of a 64-byte register.</summary>
        private const ulong Float64Codes7 = 0x0040_2010_0804_0201UL;

        /// <summary>The code bytes of <see cref="DecodeSingles256"/>'s two lanes: bytes 0, 5, 10, 15 of each 16.</summary>
        private const uint Float32Codes8 = 0x8421_8421u;

        /// <summary>Bits 0, 5, ..., 55: the codes of 12 uint 32/int 32.</summary>
        private const ulong FourByteCodes12 = 0x0084_2108_4210_8421UL;

        private static readonly Vector512<byte> Float64EncodeOrder = Order(64, (int output) =>
        {
            // Element j's code (from the second register, all cb), then its 8 bytes, most significant first.
            int j = output / 9;
            int k = output % 9;
            return k == 0 ? 64 : (8 * j) + 8 - k;
        });

        private static readonly Vector512<byte> Float64DecodeOrder = Order(64, (int output) =>
        {
            int j = output / 8;
            int b = output % 8;
            return j < 7 ? (9 * j) + 8 - b : 0;
        });

        private static readonly Vector512<byte> FourByteEncodeOrder = Order(64, (int output) =>
        {
            // Element j's code (the code register's lane j), then its 4 bytes, most significant first.
            int j = output / 5;
            int k = output % 5;
            return j >= 12 ? 0 : k == 0 ? 64 + (4 * j) : (4 * j) + 4 - k;
        });

        private static readonly Vector512<byte> FourByteDecodeOrder = Order(64, (int output) =>
        {
            int j = output / 4;
            int b = output % 4;
            return j < 12 ? (5 * j) + 4 - b : 0;
        });

        /// <summary>Whether the 512-bit paths can run: 64-byte registers and byte permutations across them.</summary>
        private static bool Wide => Vector512.IsHardwareAccelerated && Avx512Vbmi.IsSupported;

        /// <summary>7 float 64 a step, while 8 elements are left and 64 bytes of room.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void EncodeDoublesWide(ref byte destination, int room, ref double source, int count, ref int i, ref int position)
        {
            Vector512<byte> order = Float64EncodeOrder;
            Vector512<byte> codes = Vector512.Create(DataCodes.Float64);
            for (; count - i >= 8 && room - position >= 64; i += 7, position += 63)
            {
                Vector512<byte> bits = Vector512.LoadUnsafe(ref Unsafe.As<double, byte>(ref Unsafe.Add(ref source, i)));
                Avx512Vbmi.PermuteVar64x8x2(bits, order, codes).StoreUnsafe(ref Unsafe.Add(ref destination, position));
            }
        }

        /// <summary>
        /// 6 float 64 a step with AVX2, as two blocks of 3: a lane permutation puts elements 0 and 1 in the low half
        /// and 1 and 2 in the high one, an in-lane shuffle does the rest. Each 32-byte store ends 5 bytes into the next
        /// element, which the next store writes over: a step needs a 7th element and 59 bytes of room.
        /// </summary>
        /// <remarks>
        /// The steps are counted before the loop, which then has one counter and no bound checks: the loop is bound by
        /// its instructions, not by the memory (a check of the elements and the room left in every block made the
        /// whole write about 1.3x slower at 100,000 elements), and two blocks a step halve the counting again.
        /// </remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void EncodeDoubles256(ref byte destination, int room, ref double source, int count, ref int i, ref int position)
        {
            Vector256<byte> order = Vector256.Create(
                Zero, 7, 6, 5, 4, 3, 2, 1, 0, Zero, 15, 14, 13, 12, 11, 10,
                1, 0, Zero, 15, 14, 13, 12, 11, 10, 9, 8, Zero, Zero, Zero, Zero, Zero);
            Vector256<byte> codes = Vector256.Create(
                DataCodes.Float64, 0, 0, 0, 0, 0, 0, 0, 0, DataCodes.Float64, 0, 0, 0, 0, 0, 0,
                0, 0, DataCodes.Float64, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

            // Both dividends are at least -5 (room >= position, count >= i): each quotient is 0 or more.
            int steps = Math.Min((count - i - 1) / 6, (room - position - 5) / 54);
            ref ulong from = ref Unsafe.As<double, ulong>(ref Unsafe.Add(ref source, i));
            ref byte to = ref Unsafe.Add(ref destination, position);
            for (int step = 0; step < steps; step++)
            {
                EncodeThreeDoubles(ref to, ref from, order, codes);
                EncodeThreeDoubles(ref Unsafe.Add(ref to, 27), ref Unsafe.Add(ref from, 3), order, codes);
                from = ref Unsafe.Add(ref from, 6);
                to = ref Unsafe.Add(ref to, 54);
            }

            i += 6 * steps;
            position += 54 * steps;
            if (count - i >= 4 && room - position >= 32)
            {
                EncodeThreeDoubles(ref to, ref from, order, codes);
                i += 3;
                position += 27;
            }
        }

        /// <summary>One block of <see cref="EncodeDoubles256"/>: 3 elements in 27 bytes, and 5 bytes of the next element's.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void EncodeThreeDoubles(ref byte destination, ref ulong source, Vector256<byte> order, Vector256<byte> codes)
        {
            Vector256<byte> halves = Avx2.Permute4x64(Vector256.LoadUnsafe(ref source), 0b10_01_01_00).AsByte();
            (Avx2.Shuffle(halves, order) | codes).StoreUnsafe(ref destination);
        }

        /// <summary>
        /// 12 float 32 a step with AVX2, as two blocks of 6: a lane permutation puts elements 0 to 2 in the low half and
        /// 3 to 5 in the high one, an in-lane shuffle does the rest. Each 32-byte store ends 2 bytes into the next
        /// element (its code and a zero), which the next store writes over: a step needs a 13th element and 62 bytes
        /// of room. The second block loads from element 4, so that no load reads past the step's 12 elements.
        /// </summary>
        /// <remarks>
        /// The steps are counted before the loop, as in <see cref="EncodeDoubles256"/>: the 128-bit loop with a check
        /// of the elements and the room in every block took about 1.7x Nerdbank.MessagePack's time at 65,536
        /// elements; counted, 1.07x; this loop 0.65-0.85x (a 6-element block is one load, permutation, shuffle and
        /// store, where the 128-bit loop needs an extract and a second store for every 4).
        /// </remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void EncodeSingles256(ref byte destination, int room, ref float source, int count, ref int i, ref int position)
        {
            Vector256<byte> order = Vector256.Create(
                Zero, 3, 2, 1, 0, Zero, 7, 6, 5, 4, Zero, 11, 10, 9, 8, Zero,
                3, 2, 1, 0, Zero, 7, 6, 5, 4, Zero, 11, 10, 9, 8, Zero, Zero);
            Vector256<byte> codes = Vector256.Create(
                DataCodes.Float32, 0, 0, 0, 0, DataCodes.Float32, 0, 0, 0, 0, DataCodes.Float32, 0, 0, 0, 0, DataCodes.Float32,
                0, 0, 0, 0, DataCodes.Float32, 0, 0, 0, 0, DataCodes.Float32, 0, 0, 0, 0, DataCodes.Float32, 0);

            // The lanes each block's elements go to (the 4th of each lane is not read): loaded from element 0, and from
            // element 4 for the second block.
            Vector256<int> first = Vector256.Create(0, 1, 2, 0, 3, 4, 5, 0);
            Vector256<int> second = Vector256.Create(2, 3, 4, 0, 5, 6, 7, 0);

            // Both dividends are at least -2 (room >= position, count >= i): each quotient is 0 or more.
            int steps = Math.Min((count - i - 1) / 12, (room - position - 2) / 60);
            ref uint from = ref Unsafe.As<float, uint>(ref Unsafe.Add(ref source, i));
            ref byte to = ref Unsafe.Add(ref destination, position);
            for (int step = 0; step < steps; step++)
            {
                EncodeSixSingles(ref to, ref from, first, order, codes);
                EncodeSixSingles(ref Unsafe.Add(ref to, 30), ref Unsafe.Add(ref from, 4), second, order, codes);
                from = ref Unsafe.Add(ref from, 12);
                to = ref Unsafe.Add(ref to, 60);
            }

            i += 12 * steps;
            position += 60 * steps;

            // One more block: its load reads 8 elements, and the 7th exists for the store's 2 bytes past the 6th.
            if (count - i >= 8 && room - position >= 32)
            {
                EncodeSixSingles(ref to, ref from, first, order, codes);
                i += 6;
                position += 30;
            }
        }

        /// <summary>One block of <see cref="EncodeSingles256"/>: 6 elements in 30 bytes, and the next element's code and a zero.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void EncodeSixSingles(ref byte destination, ref uint source, Vector256<int> lanes, Vector256<byte> order, Vector256<byte> codes)
        {
            Vector256<byte> halves = Avx2.PermuteVar8x32(Vector256.LoadUnsafe(ref source).AsInt32(), lanes).AsByte();
            (Avx2.Shuffle(halves, order) | codes).StoreUnsafe(ref destination);
        }

        /// <summary>
        /// float 32, 8 a step (40 bytes) while the codes are ca. AVX2 shuffles within 128-bit lanes, so each lane takes
        /// one 20-byte half of the step: a 16-byte load at the half's start holds its first three values and the
        /// fourth's code, a load 4 bytes on holds the fourth value in its last 4 bytes; the in-lane shuffles of the two
        /// put the half's 4 values in its lane. No load reads past the step's 40 bytes.
        /// </summary>
        /// <remarks>The 128-bit loop does a step of 4 with a scalar load, byte swap and insert for the 4th value; this
        /// one needs no scalar work, and halves the loop's steps.</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void DecodeSingles256(ref byte source, int length, ref float destination, int count, ref int i, ref int position)
        {
            Vector256<byte> head = Vector256.Create(
                (byte)4, 3, 2, 1, 9, 8, 7, 6, 14, 13, 12, 11, Zero, Zero, Zero, Zero,
                4, 3, 2, 1, 9, 8, 7, 6, 14, 13, 12, 11, Zero, Zero, Zero, Zero);
            Vector256<byte> tail = Vector256.Create(
                Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, 15, 14, 13, 12,
                Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, 15, 14, 13, 12);
            for (; count - i >= 8 && length - position >= 40; i += 8, position += 40)
            {
                ref byte at = ref Unsafe.Add(ref source, position);
                Vector256<byte> first = Vector256.Create(Vector128.LoadUnsafe(ref at), Vector128.LoadUnsafe(ref Unsafe.Add(ref at, 20)));
                if ((Vector256.Equals(first, Vector256.Create(DataCodes.Float32)).ExtractMostSignificantBits() & Float32Codes8) != Float32Codes8)
                {
                    return;
                }

                Vector256<byte> fourths = Vector256.Create(Vector128.LoadUnsafe(ref Unsafe.Add(ref at, 4)), Vector128.LoadUnsafe(ref Unsafe.Add(ref at, 24)));
                (Avx2.Shuffle(first, head) | Avx2.Shuffle(fourths, tail)).StoreUnsafe(ref Unsafe.As<float, byte>(ref Unsafe.Add(ref destination, i)));
            }
        }

        /// <summary>7 float 64 a step, while the 7 codes are cb and 8 elements are left.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool DecodeDoublesWide(ref byte source, int length, ref double destination, int count, ref int i, ref int position)
        {
            Vector512<byte> order = Float64DecodeOrder;
            for (; count - i >= 8 && length - position >= 64; i += 7, position += 63)
            {
                Vector512<byte> bytes = Vector512.LoadUnsafe(ref Unsafe.Add(ref source, position));
                if ((Vector512.Equals(bytes, Vector512.Create(DataCodes.Float64)).ExtractMostSignificantBits() & Float64Codes7) != Float64Codes7)
                {
                    return false;
                }

                Avx512Vbmi.PermuteVar64x8(bytes, order).StoreUnsafe(ref Unsafe.As<double, byte>(ref Unsafe.Add(ref destination, i)));
            }

            return true;
        }

        /// <summary>12 uint 32/int 32 a step from 32-bit elements, while the 12 are all 4-byte values (see <see cref="IsWidth"/>).</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int EncodeFourByteStretchWide(ref byte destination, int room, ref byte source, int count, bool signed, out int bytesWritten)
        {
            Vector512<byte> order = FourByteEncodeOrder;
            int i = 0;
            int position = 0;
            for (; count - i >= 16 && room - position >= 64; i += 12, position += 60)
            {
                Vector512<int> lanes = Vector512.LoadUnsafe(ref Unsafe.As<byte, int>(ref Unsafe.Add(ref source, i * 4)));
                ulong fourBytes;
                Vector512<int> codes = Vector512.Create((int)DataCodes.UInt32);
                if (signed)
                {
                    fourBytes = (Vector512.GreaterThan(lanes, Vector512.Create(65535)) | Vector512.LessThan(lanes, Vector512.Create(-32768))).ExtractMostSignificantBits();
                    codes += Vector512.ShiftRightArithmetic(lanes, 31) & Vector512.Create(4);
                }
                else
                {
                    fourBytes = Vector512.GreaterThan(lanes.AsUInt32(), Vector512.Create(65535u)).ExtractMostSignificantBits();
                }

                if ((fourBytes & 0xfff) != 0xfff)
                {
                    break;
                }

                Avx512Vbmi.PermuteVar64x8x2(lanes.AsByte(), order, codes.AsByte()).StoreUnsafe(ref Unsafe.Add(ref destination, position));
            }

            bytesWritten = position;
            return i;
        }

        /// <summary>12 uint 32 (or 12 int 32) a step into 32-bit elements, while the codes agree and the values fit.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int DecodeFourByteStretchWide(ref byte source, int length, ref byte destination, int count, bool signed, out int bytesRead)
        {
            Vector512<byte> order = FourByteDecodeOrder;
            int i = 0;
            int position = 0;
            for (; count - i >= 16 && length - position >= 64; i += 12, position += 60)
            {
                Vector512<byte> bytes = Vector512.LoadUnsafe(ref Unsafe.Add(ref source, position));
                bool fromSigned;
                if ((Vector512.Equals(bytes, Vector512.Create(DataCodes.UInt32)).ExtractMostSignificantBits() & FourByteCodes12) == FourByteCodes12)
                {
                    fromSigned = false;
                }
                else if ((Vector512.Equals(bytes, Vector512.Create(DataCodes.Int32)).ExtractMostSignificantBits() & FourByteCodes12) == FourByteCodes12)
                {
                    fromSigned = true;
                }
                else
                {
                    break;
                }

                Vector512<int> values = Avx512Vbmi.PermuteVar64x8(bytes, order).AsInt32();

                // A uint 32 above int.MaxValue into an int, or a negative int 32 into a uint: the per-value core reports it.
                if (fromSigned != signed && (values.ExtractMostSignificantBits() & 0xfff) != 0)
                {
                    break;
                }

                values.StoreUnsafe(ref Unsafe.As<byte, int>(ref Unsafe.Add(ref destination, i * 4)));
            }

            bytesRead = position;
            return i;
        }

        /// <summary>A 64-byte permutation whose output byte k comes from input byte <paramref name="from"/>(k).</summary>
        private static Vector512<byte> Order(int length, System.Func<int, int> from)
        {
            var indices = new byte[length];
            for (int k = 0; k < length; k++)
            {
                indices[k] = (byte)from(k);
            }

            return Vector512.Create(indices);
        }
    }
}
#endif
