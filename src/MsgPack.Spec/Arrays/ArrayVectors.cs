#if NET8_0_OR_GREATER
using System.Buffers.Binary;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace MsgPack.Spec
{
    /// <summary>
    /// The vector paths of the bulk array writers and readers (see <see cref="IArrayCodec{T}"/>): blocks of
    /// elements that take formats of one width, encoded or decoded with a few shuffles instead of a branch per value.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Integers are handled four at a time as 32-bit lanes (wider and narrower element types are narrowed or widened
    /// to them, see <see cref="IIntegerLanes"/>). A block is encoded here only when its four values take formats of
    /// the same width: all fixints (one byte each; 16 at a time while they last), all uint 8/int 8, all uint 16/int
    /// 16, or all uint 32/int 32. Within a width the code of each value still depends on its sign (cc against d0,
    /// cd against d1, ce against d2: 4 apart), so mixed signs stay in the vector path. Every store writes exactly the
    /// block's bytes, never past them, so the pointer writers (whose caller guarantees only the exact length) are safe.
    /// </para>
    /// <para>
    /// Decoding takes runs of fixints (16 at a time) and of uint 32/int 32 (4 at a time), and float 32, float 64
    /// and booleans. Anything else ends the run; the per-value core then reads it, accepting every width that fits.
    /// </para>
    /// </remarks>
    internal static partial class ArrayVectors
    {
        private const byte Zero = 0xff; // a shuffle index above 15: Vector128.Shuffle puts 0 there

        // ---- Integers, encoding.

        /// <summary>Encodes blocks of 4 (fixints: 16) integers while each block takes formats of one width.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static int EncodeIntegers<TLanes>(ref byte destination, int room, ref byte source, int count, out int bytesWritten)
            where TLanes : struct, IIntegerLanes
        {
            int i = 0;
            int position = 0;
            if (Vector128.IsHardwareAccelerated)
            {
                while (count - i >= 4 && room - position >= 20 && default(TLanes).TryLoad4(ref Unsafe.Add(ref source, i * default(TLanes).ItemSize), out Vector128<int> lanes))
                {
                    int width = Classify(lanes, default(TLanes).Signed);
                    if (width < 0)
                    {
                        // Widths that differ: the table-driven path, up to the next block of one width it prefers.
                        if (!MixedPaths)
                        {
                            break;
                        }

                        int mixed = EncodeMixed<TLanes>(ref Unsafe.Add(ref destination, position), room - position, ref Unsafe.Add(ref source, i * default(TLanes).ItemSize), count - i, out int mixedBytes);
                        i += mixed;
                        position += mixedBytes;
                        if (mixed == 0)
                        {
                            break;
                        }

                        continue;
                    }

                    if (width == 0)
                    {
                        EncodeFixIntStretch<TLanes>(ref destination, room, ref source, count, ref i, ref position);
                        continue;
                    }

                    if (width == 3 && default(TLanes).ItemSize == sizeof(int) && Wide)
                    {
                        int wide = EncodeFourByteStretchWide(ref Unsafe.Add(ref destination, position), room - position, ref Unsafe.Add(ref source, i * sizeof(int)), count - i, default(TLanes).Signed, out int wideBytes);
                        i += wide;
                        position += wideBytes;
                        if (wide > 0)
                        {
                            continue;
                        }
                    }

                    // A stretch of blocks of this width: the common shape of real arrays (all small, all large).
                    do
                    {
                        position += EncodeBlock(ref Unsafe.Add(ref destination, position), lanes, width, default(TLanes).Signed);
                        i += 4;
                    }
                    while (count - i >= 4 && room - position >= 20
                        && default(TLanes).TryLoad4(ref Unsafe.Add(ref source, i * default(TLanes).ItemSize), out lanes)
                        && IsWidth(lanes, width, default(TLanes).Signed));
                }

                if (MixedPaths && count > i)
                {
                    if (default(TLanes).ItemSize == sizeof(long))
                    {
                        // 64-bit values beyond 32 bits (which stop the 32-bit lanes), and everything after them.
                        i += EncodeMixed64<TLanes>(ref Unsafe.Add(ref destination, position), room - position, ref Unsafe.Add(ref source, i * sizeof(long)), count - i, out int wideBytes);
                        position += wideBytes;
                    }
                    else if (count - i < 4 || room - position < 20)
                    {
                        // The last few elements, whatever their widths (a block of 4 needs 4 elements and 20 bytes of room).
                        i += EncodeMixed<TLanes>(ref Unsafe.Add(ref destination, position), room - position, ref Unsafe.Add(ref source, i * default(TLanes).ItemSize), count - i, out int tailBytes);
                        position += tailBytes;
                    }
                }
            }

            bytesWritten = position;
            return i;
        }

        /// <summary>Fixints, 16 at a time while they last, then 4 at a time.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void EncodeFixIntStretch<TLanes>(ref byte destination, int room, ref byte source, int count, ref int i, ref int position)
            where TLanes : struct, IIntegerLanes
        {
            int size = default(TLanes).ItemSize;
            while (count - i >= 16 && room - position >= 16 && default(TLanes).TryLoadFixInts(ref Unsafe.Add(ref source, i * size), out Vector128<byte> encoded))
            {
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, position), encoded);
                i += 16;
                position += 16;
            }

            while (count - i >= 4 && room - position >= 4
                && default(TLanes).TryLoad4(ref Unsafe.Add(ref source, i * size), out Vector128<int> lanes)
                && Classify(lanes, default(TLanes).Signed) == 0)
            {
                Vector128<byte> low = Vector128.Shuffle(lanes.AsByte(), Vector128.Create((byte)0, 4, 8, 12, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero));
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, position), low.AsUInt32().ToScalar());
                i += 4;
                position += 4;
            }
        }

        /// <summary>
        /// The width class shared by 4 values: 0 fixint, 1 a byte after the code, 2 two bytes, 3 four bytes; -1 when
        /// the values differ. For signed lanes a negative value is measured by its complement (-v - 1), against the
        /// signed formats' bounds (-32, -128, -32768); a non-negative value against the unsigned formats' (127, 255, 65535).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int Classify(Vector128<int> lanes, bool signed)
        {
            Vector128<int> magnitude;
            Vector128<int> bound0;
            Vector128<int> bound1;
            Vector128<int> bound2;
            if (signed)
            {
                Vector128<int> negative = Vector128.ShiftRightArithmetic(lanes, 31);
                magnitude = lanes ^ negative;
                bound0 = Vector128.ConditionalSelect(negative, Vector128.Create(31), Vector128.Create(127));
                bound1 = Vector128.ConditionalSelect(negative, Vector128.Create(127), Vector128.Create(255));
                bound2 = Vector128.ConditionalSelect(negative, Vector128.Create(32767), Vector128.Create(65535));
            }
            else
            {
                // Values above int.MaxValue are uint 32 like any above 65535: clamp them so that signed compares work.
                magnitude = Vector128.Min(lanes.AsUInt32(), Vector128.Create((uint)int.MaxValue)).AsInt32();
                bound0 = Vector128.Create(127);
                bound1 = Vector128.Create(255);
                bound2 = Vector128.Create(65535);
            }

            Vector128<int> width = -(Vector128.GreaterThan(magnitude, bound0) + Vector128.GreaterThan(magnitude, bound1) + Vector128.GreaterThan(magnitude, bound2));
            int first = width.ToScalar();
            return Vector128.EqualsAll(width, Vector128.Create(first)) ? first : -1;
        }

        /// <summary>Whether 4 values all take <paramref name="width"/> (see <see cref="Classify"/>); for 4-byte values, the stretch of the seed, with two compares.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool IsWidth(Vector128<int> lanes, int width, bool signed)
        {
            if (width != 3)
            {
                return Classify(lanes, signed) == width;
            }

            return signed
                ? (Vector128.GreaterThan(lanes, Vector128.Create(65535)) | Vector128.LessThan(lanes, Vector128.Create(-32768))) == Vector128<int>.AllBitsSet
                : Vector128.GreaterThanAll(lanes.AsUInt32(), Vector128.Create(65535u));
        }

        /// <summary>Writes 4 values of width class 1 to 3 with their codes: 8, 12 or 20 bytes, exactly.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int EncodeBlock(ref byte destination, Vector128<int> lanes, int width, bool signed)
        {
            // Each lane's code: the unsigned format's (cc, cd, ce), or for a negative value the signed one, 4 above.
            Vector128<int> codes = Vector128.Create(DataCodes.UInt8 - 1 + width);
            if (signed)
            {
                codes += Vector128.ShiftRightArithmetic(lanes, 31) & Vector128.Create(4);
            }

            if (width == 1)
            {
                // [code, byte] per lane, then the lanes' first two bytes side by side.
                Vector128<byte> pairs = (Vector128.ShiftLeft(lanes, 8) | codes).AsByte();
                Vector128<byte> packed = Vector128.Shuffle(pairs, Vector128.Create((byte)0, 1, 4, 5, 8, 9, 12, 13, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero));
                Unsafe.WriteUnaligned(ref destination, packed.AsUInt64().ToScalar());
                return 8;
            }

            if (width == 2)
            {
                // [code, high, low] per lane, packed 3 bytes apart.
                Vector128<byte> triples = Vector128.Shuffle(lanes.AsByte(), Vector128.Create(Zero, 1, 0, Zero, Zero, 5, 4, Zero, Zero, 9, 8, Zero, Zero, 13, 12, Zero)) | codes.AsByte();
                Vector128<byte> packed = Vector128.Shuffle(triples, Vector128.Create((byte)0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, Zero, Zero, Zero, Zero));
                Unsafe.WriteUnaligned(ref destination, packed.AsUInt64().ToScalar());
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 8), packed.AsUInt32().GetElement(2));
                return 12;
            }

            StoreFiveByteBlock(ref destination, lanes.AsByte(), Vector128.Shuffle(codes.AsByte(), Vector128.Create((byte)0, Zero, Zero, Zero, Zero, 4, Zero, Zero, Zero, Zero, 8, Zero, Zero, Zero, Zero, 12)));
            return 20;
        }

        /// <summary>
        /// 4 values of 4 bytes each (uint 32, int 32, float 32) as [code, 4 bytes big-endian]: the first three and the
        /// fourth's code in one vector, the fourth's bytes after it. <paramref name="codes"/> holds the codes at 0, 5, 10 and 15.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void StoreFiveByteBlock(ref byte destination, Vector128<byte> values, Vector128<byte> codes)
        {
            Unsafe.WriteUnaligned(ref destination, Vector128.Shuffle(values, Vector128.Create(Zero, 3, 2, 1, 0, Zero, 7, 6, 5, 4, Zero, 11, 10, 9, 8, Zero)) | codes);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 16), BinaryPrimitives.ReverseEndianness(values.AsUInt32().GetElement(3)));
        }

        /// <summary>
        /// The reverse of <see cref="StoreFiveByteBlock"/> over 20 bytes whose first 16 are <paramref name="head"/>:
        /// the codes at 0, 5, 10 and 15 as one uint, and the four values.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<int> LoadFiveByteBlock(ref byte source, Vector128<byte> head, out uint codes)
        {
            codes = Vector128.Shuffle(head, Vector128.Create((byte)0, 5, 10, 15, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero)).AsUInt32().ToScalar();
            return Vector128.Shuffle(head, Vector128.Create((byte)4, 3, 2, 1, 9, 8, 7, 6, 14, 13, 12, 11, Zero, Zero, Zero, Zero)).AsInt32()
                .WithElement(3, BinaryPrimitives.ReverseEndianness(Unsafe.ReadUnaligned<int>(ref Unsafe.Add(ref source, 16))));
        }

        // ---- Integers, decoding.

        /// <summary>Decodes runs of fixints (16 at a time) and of uint 32/int 32 (4 at a time) that fit the element type.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static int DecodeIntegers<TLanes>(ref byte source, int length, ref byte destination, int count, out int bytesRead)
            where TLanes : struct, IIntegerLanes
        {
            int i = 0;
            int position = 0;
            if (Vector128.IsHardwareAccelerated)
            {
                int size = default(TLanes).ItemSize;
                while (count - i >= 4 && length - position >= 16)
                {
                    Vector128<byte> bytes = Unsafe.ReadUnaligned<Vector128<byte>>(ref Unsafe.Add(ref source, position));
                    if (count - i >= 16 && IsFixInts(bytes, default(TLanes).Signed))
                    {
                        default(TLanes).StoreFixInts(ref Unsafe.Add(ref destination, i * size), bytes.AsSByte());
                        i += 16;
                        position += 16;
                        continue;
                    }

                    if (length - position >= 20)
                    {
                        if (size == sizeof(int) && count - i >= 16 && Wide && (bytes.ToScalar() | 0x1c) == 0xde)
                        {
                            // ce or d2 first, 32-bit elements: 12 at a time while they last.
                            int wide = DecodeFourByteStretchWide(ref Unsafe.Add(ref source, position), length - position, ref Unsafe.Add(ref destination, i * size), count - i, default(TLanes).Signed, out int wideBytes);
                            i += wide;
                            position += wideBytes;
                            if (wide > 0)
                            {
                                continue;
                            }
                        }

                        // Four uint 32 or four int 32.
                        Vector128<int> lanes = LoadFiveByteBlock(ref Unsafe.Add(ref source, position), bytes, out uint codes);
                        bool fromSigned = codes == 0xd2d2d2d2u;
                        if ((fromSigned || codes == 0xcecececeu) && default(TLanes).TryStore4(ref Unsafe.Add(ref destination, i * size), lanes, fromSigned))
                        {
                            i += 4;
                            position += 20;
                            continue;
                        }
                    }

                    // Widths that differ: the window path, up to the next stretch of one width it prefers.
                    if (!MixedPaths)
                    {
                        break;
                    }

                    int mixed = DecodeMixed<TLanes>(ref Unsafe.Add(ref source, position), length - position, ref Unsafe.Add(ref destination, i * size), count - i, out int mixedBytes);
                    i += mixed;
                    position += mixedBytes;
                    if (mixed == 0)
                    {
                        bytesRead = position;
                        return i;
                    }
                }

                // The last few elements, whatever their formats (a window needs 4 elements and 16 bytes).
                if (MixedPaths && count > i && (count - i < 4 || length - position < 16))
                {
                    i += DecodeMixed<TLanes>(ref Unsafe.Add(ref source, position), length - position, ref Unsafe.Add(ref destination, i * size), count - i, out int tailBytes);
                    position += tailBytes;
                }
            }

            bytesRead = position;
            return i;
        }

        /// <summary>Whether 16 bytes are all fixints a type of that signedness accepts (negative fixints only for a signed one).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool IsFixInts(Vector128<byte> bytes, bool signed) => signed
            ? Vector128.GreaterThanOrEqualAll(bytes.AsSByte(), Vector128.Create((sbyte)-32))
            : (bytes & Vector128.Create((byte)0x80)) == Vector128<byte>.Zero;

        // ---- float 32, float 64, booleans.

        /// <summary>float 32 in blocks of 6 (AVX2) or 4: [ca, 4 bytes big-endian] each.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static int EncodeSingles(ref byte destination, int room, ref float source, int count, out int bytesWritten)
        {
            int i = 0;
            int position = 0;
            if (Vector128.IsHardwareAccelerated)
            {
                if (Vector256.IsHardwareAccelerated && Avx2.IsSupported)
                {
                    EncodeSingles256(ref destination, room, ref source, count, ref i, ref position);
                }

                // Counted before the loop, as in EncodeSingles256: a check of the elements and the room in every
                // block made this loop about 1.5x slower at 65,536 elements.
                Vector128<byte> codes = Vector128.Create(DataCodes.Float32, 0, 0, 0, 0, DataCodes.Float32, 0, 0, 0, 0, DataCodes.Float32, 0, 0, 0, 0, DataCodes.Float32);
                int blocks = Math.Min((count - i) / 4, (room - position) / 20);
                ref byte from = ref Unsafe.As<float, byte>(ref Unsafe.Add(ref source, i));
                ref byte to = ref Unsafe.Add(ref destination, position);
                for (int block = 0; block < blocks; block++)
                {
                    StoreFiveByteBlock(ref to, Unsafe.ReadUnaligned<Vector128<byte>>(ref from), codes);
                    from = ref Unsafe.Add(ref from, 16);
                    to = ref Unsafe.Add(ref to, 20);
                }

                i += 4 * blocks;
                position += 20 * blocks;
            }

            bytesWritten = position;
            return i;
        }

        /// <summary>float 32 in blocks of 8 (AVX2) or 4, while the codes are all ca.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static int DecodeSingles(ref byte source, int length, ref float destination, int count, out int bytesRead)
        {
            int i = 0;
            int position = 0;
            if (Vector128.IsHardwareAccelerated)
            {
                if (Vector256.IsHardwareAccelerated && Avx2.IsSupported)
                {
                    DecodeSingles256(ref source, length, ref destination, count, ref i, ref position);
                }

                for (; count - i >= 4 && length - position >= 20; i += 4, position += 20)
                {
                    ref byte at = ref Unsafe.Add(ref source, position);
                    Vector128<int> bits = LoadFiveByteBlock(ref at, Unsafe.ReadUnaligned<Vector128<byte>>(ref at), out uint codes);
                    if (codes != 0xcacacacau)
                    {
                        break;
                    }

                    Unsafe.WriteUnaligned(ref Unsafe.As<float, byte>(ref Unsafe.Add(ref destination, i)), bits);
                }
            }

            bytesRead = position;
            return i;
        }

        /// <summary>float 64 in blocks of 2: [cb, 8 bytes big-endian] each, one 16-byte store and one 2-byte store per block.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static int EncodeDoubles(ref byte destination, int room, ref double source, int count, out int bytesWritten)
        {
            int i = 0;
            int position = 0;
            if (Vector128.IsHardwareAccelerated)
            {
                if (Wide)
                {
                    EncodeDoublesWide(ref destination, room, ref source, count, ref i, ref position);
                }
                else if (Vector256.IsHardwareAccelerated && Avx2.IsSupported)
                {
                    EncodeDoubles256(ref destination, room, ref source, count, ref i, ref position);
                }

                // Counted before the loop, as in EncodeDoubles256: no bound checks in it (two blocks a step measured no faster here).
                Vector128<byte> codes = Vector128.Create(DataCodes.Float64, 0, 0, 0, 0, 0, 0, 0, 0, DataCodes.Float64, 0, 0, 0, 0, 0, 0);
                int blocks = Math.Min((count - i) / 2, (room - position) / 18);
                ref byte from = ref Unsafe.As<double, byte>(ref Unsafe.Add(ref source, i));
                ref byte to = ref Unsafe.Add(ref destination, position);
                for (int block = 0; block < blocks; block++)
                {
                    Vector128<byte> bits = Unsafe.ReadUnaligned<Vector128<byte>>(ref from);
                    Unsafe.WriteUnaligned(ref to, Vector128.Shuffle(bits, Vector128.Create(Zero, 7, 6, 5, 4, 3, 2, 1, 0, Zero, 15, 14, 13, 12, 11, 10)) | codes);
                    Unsafe.WriteUnaligned(ref Unsafe.Add(ref to, 16), BinaryPrimitives.ReverseEndianness(bits.AsUInt16().GetElement(4)));
                    from = ref Unsafe.Add(ref from, 16);
                    to = ref Unsafe.Add(ref to, 18);
                }

                i += 2 * blocks;
                position += 18 * blocks;
            }

            bytesWritten = position;
            return i;
        }

        /// <summary>float 64 in blocks of 7 (AVX-512 VBMI) or 2, while the codes are cb; the per-value core reads the rest.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static int DecodeDoubles(ref byte source, int length, ref double destination, int count, out int bytesRead)
        {
            int i = 0;
            int position = 0;
            if (Wide)
            {
                DecodeDoublesWide(ref source, length, ref destination, count, ref i, ref position);
            }

            if (Vector128.IsHardwareAccelerated)
            {
                // 2 a step: the first element's bytes from one load, the second's from another 2 bytes on.
                for (; count - i >= 2 && length - position >= 18; i += 2, position += 18)
                {
                    ref byte at = ref Unsafe.Add(ref source, position);
                    Vector128<byte> head = Unsafe.ReadUnaligned<Vector128<byte>>(ref at);
                    if ((Vector128.Equals(head, Vector128.Create(DataCodes.Float64)).ExtractMostSignificantBits() & 0x201) != 0x201)
                    {
                        break;
                    }

                    Vector128<byte> tail = Unsafe.ReadUnaligned<Vector128<byte>>(ref Unsafe.Add(ref at, 2));
                    Vector128<byte> bits = Vector128.Shuffle(head, Vector128.Create((byte)8, 7, 6, 5, 4, 3, 2, 1, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero))
                        | Vector128.Shuffle(tail, Vector128.Create(Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, 15, 14, 13, 12, 11, 10, 9, 8));
                    Unsafe.WriteUnaligned(ref Unsafe.As<double, byte>(ref Unsafe.Add(ref destination, i)), bits);
                }
            }

            bytesRead = position;
            return i;
        }

        /// <summary>Booleans, 16 at a time: c2 for false, c3 for true.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static int EncodeBooleans(ref byte destination, int room, ref bool source, int count, out int bytesWritten)
        {
            int i = 0;
            if (Vector128.IsHardwareAccelerated)
            {
                for (; count - i >= 16 && room - i >= 16; i += 16)
                {
                    // Any non-zero byte is true, as the per-value writer reads a bool; Equals gives 0xff (-1) for false.
                    Vector128<byte> values = Unsafe.ReadUnaligned<Vector128<byte>>(ref Unsafe.As<bool, byte>(ref Unsafe.Add(ref source, i)));
                    Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, i), Vector128.Create(DataCodes.True) + Vector128.Equals(values, Vector128<byte>.Zero));
                }
            }

            bytesWritten = i;
            return i;
        }

        /// <summary>Booleans, 16 at a time, while every byte is c2 or c3.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static int DecodeBooleans(ref byte source, int length, ref bool destination, int count, out int bytesRead)
        {
            int i = 0;
            if (Vector128.IsHardwareAccelerated)
            {
                for (; count - i >= 16 && length - i >= 16; i += 16)
                {
                    Vector128<byte> codes = Unsafe.ReadUnaligned<Vector128<byte>>(ref Unsafe.Add(ref source, i));
                    if ((codes | Vector128.Create((byte)1)) != Vector128.Create(DataCodes.True))
                    {
                        break;
                    }

                    Unsafe.WriteUnaligned(ref Unsafe.As<bool, byte>(ref Unsafe.Add(ref destination, i)), codes & Vector128.Create((byte)1));
                }
            }

            bytesRead = i;
            return i;
        }
    }
}
#endif
