#if NET8_0_OR_GREATER
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace MsgPack.Spec
{
    /// <summary>
    /// The 256- and 512-bit paths of <see cref="ArrayVectors"/>, for the two layouts where a 128-bit shuffle leaves
    /// most of the work to stores: float 64 (9 bytes an element) and uint 32/int 32 (5 bytes).
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

        /// <summary>Bits 0, 5, ..., 55: the codes of 12 uint 32/int 32.</summary>
        private const ulong FourByteCodes12 = 0x0084_2108_4210_8421UL;

        private static readonly Vector512<byte> Float64EncodeOrder = Order(64, (int output) =>
        {
            // Element j's code (from the second register, all cb), then its 8 bytes, most significant first.
            int j = output / 9;
            int k = output % 9;
            return k == 0 ? 64 : (8 * j) + 8 - k;
        });

        // The 9 permutations of a block of 64 float 64 (576 bytes, 9 whole 64-byte stores): store j takes its bytes
        // from the 8 elements that start at element floor(64j / 9), loaded as one 64-byte register.
        private static readonly Vector512<byte> Float64BlockOrder0 = Float64BlockOrder(0);
        private static readonly Vector512<byte> Float64BlockOrder1 = Float64BlockOrder(1);
        private static readonly Vector512<byte> Float64BlockOrder2 = Float64BlockOrder(2);
        private static readonly Vector512<byte> Float64BlockOrder3 = Float64BlockOrder(3);
        private static readonly Vector512<byte> Float64BlockOrder4 = Float64BlockOrder(4);
        private static readonly Vector512<byte> Float64BlockOrder5 = Float64BlockOrder(5);
        private static readonly Vector512<byte> Float64BlockOrder6 = Float64BlockOrder(6);
        private static readonly Vector512<byte> Float64BlockOrder7 = Float64BlockOrder(7);
        private static readonly Vector512<byte> Float64BlockOrder8 = Float64BlockOrder(8);

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

        /// <summary>The fewest elements for which <see cref="EncodeDoublesWide"/> lines its stores up with cache lines first.</summary>
        internal const int AlignedFloat64Minimum = 1024;

        /// <summary>
        /// 7 float 64 a step, while 8 elements are left and 64 bytes of room. A step stores 64 bytes 63 on from the last
        /// one, so almost every store straddles two cache lines; for long arrays the steps run only until the output
        /// reaches a 64-byte boundary (each step moves it one byte closer), and blocks of 64 elements then go out as
        /// 9 stores of whole cache lines (<see cref="EncodeDoubleBlocks"/>).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static unsafe void EncodeDoublesWide(ref byte destination, int room, ref double source, int count, ref int i, ref int position)
        {
            Vector512<byte> order = Float64EncodeOrder;
            Vector512<byte> codes = Vector512.Create(DataCodes.Float64);
            if (count - i >= AlignedFloat64Minimum)
            {
                // The address only tells where the lines start: if the GC moves the buffer later, the stores are still
                // right, only no longer aligned.
                nuint misaligned = (nuint)Unsafe.AsPointer(ref Unsafe.Add(ref destination, position)) % 64;
                for (; misaligned != 0 && count - i >= 8 && room - position >= 64; misaligned--, i += 7, position += 63)
                {
                    Vector512<byte> bits = Vector512.LoadUnsafe(ref Unsafe.As<double, byte>(ref Unsafe.Add(ref source, i)));
                    Avx512Vbmi.PermuteVar64x8x2(bits, order, codes).StoreUnsafe(ref Unsafe.Add(ref destination, position));
                }

                EncodeDoubleBlocks(ref destination, room, ref source, count, ref i, ref position);
            }

            for (; count - i >= 8 && room - position >= 64; i += 7, position += 63)
            {
                Vector512<byte> bits = Vector512.LoadUnsafe(ref Unsafe.As<double, byte>(ref Unsafe.Add(ref source, i)));
                Avx512Vbmi.PermuteVar64x8x2(bits, order, codes).StoreUnsafe(ref Unsafe.Add(ref destination, position));
            }
        }

        /// <summary>
        /// 64 float 64 a step, as 9 stores of 64 bytes that end where the block ends (576 bytes): store j permutes the
        /// 8 elements from element floor(64j / 9) on (one load; the loads overlap, the stores do not).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void EncodeDoubleBlocks(ref byte destination, int room, ref double source, int count, ref int i, ref int position)
        {
            Vector512<byte> codes = Vector512.Create(DataCodes.Float64);
            Vector512<byte> order0 = Float64BlockOrder0;
            Vector512<byte> order1 = Float64BlockOrder1;
            Vector512<byte> order2 = Float64BlockOrder2;
            Vector512<byte> order3 = Float64BlockOrder3;
            Vector512<byte> order4 = Float64BlockOrder4;
            Vector512<byte> order5 = Float64BlockOrder5;
            Vector512<byte> order6 = Float64BlockOrder6;
            Vector512<byte> order7 = Float64BlockOrder7;
            Vector512<byte> order8 = Float64BlockOrder8;
            for (; count - i >= 64 && room - position >= 576; i += 64, position += 576)
            {
                ref byte from = ref Unsafe.As<double, byte>(ref Unsafe.Add(ref source, i));
                ref byte to = ref Unsafe.Add(ref destination, position);
                Avx512Vbmi.PermuteVar64x8x2(Vector512.LoadUnsafe(ref from), order0, codes).StoreUnsafe(ref to);
                Avx512Vbmi.PermuteVar64x8x2(Vector512.LoadUnsafe(ref from, 7 * 8), order1, codes).StoreUnsafe(ref to, 64);
                Avx512Vbmi.PermuteVar64x8x2(Vector512.LoadUnsafe(ref from, 14 * 8), order2, codes).StoreUnsafe(ref to, 2 * 64);
                Avx512Vbmi.PermuteVar64x8x2(Vector512.LoadUnsafe(ref from, 21 * 8), order3, codes).StoreUnsafe(ref to, 3 * 64);
                Avx512Vbmi.PermuteVar64x8x2(Vector512.LoadUnsafe(ref from, 28 * 8), order4, codes).StoreUnsafe(ref to, 4 * 64);
                Avx512Vbmi.PermuteVar64x8x2(Vector512.LoadUnsafe(ref from, 35 * 8), order5, codes).StoreUnsafe(ref to, 5 * 64);
                Avx512Vbmi.PermuteVar64x8x2(Vector512.LoadUnsafe(ref from, 42 * 8), order6, codes).StoreUnsafe(ref to, 6 * 64);
                Avx512Vbmi.PermuteVar64x8x2(Vector512.LoadUnsafe(ref from, 49 * 8), order7, codes).StoreUnsafe(ref to, 7 * 64);
                Avx512Vbmi.PermuteVar64x8x2(Vector512.LoadUnsafe(ref from, 56 * 8), order8, codes).StoreUnsafe(ref to, 8 * 64);
            }
        }

        /// <summary>
        /// Store j of <see cref="EncodeDoubleBlocks"/>: output byte b is byte 64j + b of the block, the code (from the
        /// second register) or a byte of element (64j + b) / 9, most significant first, counted from floor(64j / 9).
        /// </summary>
        private static Vector512<byte> Float64BlockOrder(int store) => Order(64, (int output) =>
        {
            int offset = (64 * store) + output;
            int element = (offset / 9) - (64 * store / 9);
            int k = offset % 9;
            return k == 0 ? 64 : (8 * element) + 8 - k;
        });

        /// <summary>3 float 64 a step with AVX2: a lane permutation puts elements 0 and 1 in the low half and 1 and 2 in the high one, an in-lane shuffle does the rest.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void EncodeDoubles256(ref byte destination, int room, ref double source, int count, ref int i, ref int position)
        {
            Vector256<byte> order = Vector256.Create(
                Zero, 7, 6, 5, 4, 3, 2, 1, 0, Zero, 15, 14, 13, 12, 11, 10,
                1, 0, Zero, 15, 14, 13, 12, 11, 10, 9, 8, Zero, Zero, Zero, Zero, Zero);
            Vector256<byte> codes = Vector256.Create(
                DataCodes.Float64, 0, 0, 0, 0, 0, 0, 0, 0, DataCodes.Float64, 0, 0, 0, 0, 0, 0,
                0, 0, DataCodes.Float64, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
            for (; count - i >= 4 && room - position >= 32; i += 3, position += 27)
            {
                Vector256<ulong> bits = Vector256.LoadUnsafe(ref Unsafe.As<double, ulong>(ref Unsafe.Add(ref source, i)));
                Vector256<byte> halves = Avx2.Permute4x64(bits, 0b10_01_01_00).AsByte();
                (Avx2.Shuffle(halves, order) | codes).StoreUnsafe(ref Unsafe.Add(ref destination, position));
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
