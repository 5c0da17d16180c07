#if NET8_0_OR_GREATER
using System.Numerics;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace MsgPack.Spec
{
    /// <summary>
    /// The mixed-width integer paths of <see cref="ArrayVectors"/>: blocks whose values take formats of different
    /// widths, which the one-width paths refuse, laid out with a byte shuffle from a table instead of a branch per
    /// value (the idea of Stream VByte, for MessagePack's interleaved codes).
    /// </summary>
    /// <remarks>
    /// <para>
    /// Encoding takes 4 values as 32-bit lanes (8 with AVX2). Vector compares give each lane its width class (0 fixint,
    /// 1 to 3 for 1, 2 or 4 bytes after the code) and its code; the lanes are interleaved with their codes, so that
    /// each pair of values and codes sits in 16 bytes, and one shuffle per pair, picked from a 16-entry table by the
    /// pair's two classes, lays out [code, big-endian bytes] for both. The pair lengths come from the same table index:
    /// no branch depends on the values.
    /// </para>
    /// <para>
    /// Decoding cannot look up a table first: where a value starts depends on the length of the one before. It takes a
    /// 16-byte window and gives every byte the length it would have as a code (1 for a fixint); with "next =
    /// position + length" as a shuffle, shuffling it by itself follows the chain from the first code two steps at a
    /// time, so the starts of the first 4 values come from 3 shuffles. The values that start inside the window and end
    /// inside it or the 16 bytes after it (all 4 but for 8-byte values, and for those 3 windows in 4 on random widths)
    /// are gathered from the 32 bytes with two shuffles a register, sign-extended where their format is signed,
    /// checked against the element type and stored; the window then moves past them.
    /// </para>
    /// <para>
    /// Every store of a 16-byte register lands only on bytes the following elements write (the paths run while
    /// enough elements follow) or inside the room given; the last elements of an array go through a copy on the stack,
    /// so that no write and no read passes the array's bytes. The shuffles with indices from a register need SSSE3
    /// (<c>pshufb</c>); elsewhere these paths do nothing and the branch-free per-value core runs.
    /// </para>
    /// </remarks>
    internal static partial class ArrayVectors
    {
        /// <summary>Whether the mixed-width paths can run.</summary>
        private static bool MixedPaths => Vector128.IsHardwareAccelerated && Ssse3.IsSupported;

        /// <summary>
        /// How many elements the direct loop of <see cref="EncodeMixed"/> needs from a block's start: the block's 4,
        /// and 14 more, which take at least the 14 bytes a pair's 16-byte store can write past the block.
        /// </summary>
        private const int MixedEncodeReach = 18;

        /// <summary>The room a block needs: the second pair starts at most 10 bytes in and is stored as 16.</summary>
        private const int MixedEncodeRoom = 26;

        /// <summary>
        /// How many elements an <see cref="EncodeMixedOctet"/> step needs from its start: its 8, and 14 more for the bytes
        /// its last pair's 16-byte store can write past them.
        /// </summary>
        private const int MixedEncodeReach8 = 22;

        /// <summary>The room an <see cref="EncodeMixedOctet"/> step needs: its last pair starts at most 30 bytes in and is stored as 16.</summary>
        private const int MixedEncodeRoom8 = 46;

        /// <summary>
        /// Encodes blocks of 4 values of any widths (8 with AVX2, while <see cref="MixedEncodeReach8"/> elements are
        /// left), while each fits 32 bits and <see cref="MixedEncodeReach"/> elements are left, up to a block (the first
        /// 4 of an 8-value step) of 4 fixints or of 4 uint 32/int 32 (which the one-width paths take faster); then the
        /// last elements, when fewer than that are left.
        /// </summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int EncodeMixed<TLanes>(ref byte destination, int room, ref byte source, int count, out int bytesWritten)
            where TLanes : struct, IIntegerLanes
        {
            int size = default(TLanes).ItemSize;
            int i = 0;
            int position = 0;
            if (Avx2.IsSupported)
            {
                // Eight values a step where 256-bit compares are there: the width classes of eight for the
                // instructions that gave four.
                while (count - i >= MixedEncodeReach8 && room - position >= MixedEncodeRoom8
                    && default(TLanes).TryLoad4(ref Unsafe.Add(ref source, i * size), out Vector128<int> first)
                    && default(TLanes).TryLoad4(ref Unsafe.Add(ref source, (i + 4) * size), out Vector128<int> second))
                {
                    int written = EncodeMixedOctet(ref Unsafe.Add(ref destination, position), Vector256.Create(first, second), default(TLanes).Signed, out uint firstKey);
                    if ((firstKey == 0 || firstKey == 0xff) && i > 0)
                    {
                        // As below: the one-width paths write these bytes again.
                        break;
                    }

                    position += written;
                    i += 8;
                }
            }

            while (count - i >= MixedEncodeReach && room - position >= MixedEncodeRoom
                && default(TLanes).TryLoad4(ref Unsafe.Add(ref source, i * size), out Vector128<int> lanes))
            {
                int written = EncodeMixedBlock(ref Unsafe.Add(ref destination, position), lanes, default(TLanes).Signed, out uint key);
                if ((key == 0 || key == 0xff) && i > 0)
                {
                    // 4 fixints or 4 uint 32/int 32: not counted, so the one-width path (16 fixints or 12 uint 32 a step)
                    // writes this block again over the same bytes.
                    break;
                }

                position += written;
                i += 4;
            }

            if (count - i < MixedEncodeReach && count > i)
            {
                i += EncodeMixedTail<TLanes>(ref Unsafe.Add(ref destination, position), room - position, ref Unsafe.Add(ref source, i * size), count - i, out int tailBytes);
                position += tailBytes;
            }

            bytesWritten = position;
            return i;
        }

        /// <summary>
        /// The last elements (fewer than <see cref="MixedEncodeReach"/>), padded with zeros to whole blocks and encoded
        /// on the stack, then copied: all of them, or none when they do not fit the room or a value does not fit 32 bits.
        /// </summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        [SkipLocalsInit]
        private static int EncodeMixedTail<TLanes>(ref byte destination, int room, ref byte source, int count, out int bytesWritten)
            where TLanes : struct, IIntegerLanes
        {
            const int Blocks = (MixedEncodeReach + 3) / 4;
            int size = default(TLanes).ItemSize;
            Span<byte> elements = stackalloc byte[Blocks * 4 * sizeof(long)];
            Span<byte> encoded = stackalloc byte[(Blocks * 20) + 16];
            int blocks = (count + 3) / 4;
            int padding = (blocks * 4) - count;
            ref byte items = ref MemoryMarshal.GetReference(elements);
            Unsafe.CopyBlockUnaligned(ref items, ref source, (uint)(count * size));
            Unsafe.InitBlockUnaligned(ref Unsafe.Add(ref items, count * size), 0, (uint)(padding * size));

            ref byte output = ref MemoryMarshal.GetReference(encoded);
            int position = 0;
            for (int block = 0; block < blocks; block++)
            {
                if (!default(TLanes).TryLoad4(ref Unsafe.Add(ref items, block * 4 * size), out Vector128<int> lanes))
                {
                    bytesWritten = 0;
                    return 0;
                }

                position += EncodeMixedBlock(ref Unsafe.Add(ref output, position), lanes, default(TLanes).Signed, out _);
            }

            // The padding is zeros, one byte each, at the end.
            position -= padding;
            if (position > room)
            {
                bytesWritten = 0;
                return 0;
            }

            Unsafe.CopyBlockUnaligned(ref destination, ref output, (uint)position);
            bytesWritten = position;
            return count;
        }

        /// <summary>
        /// Writes 4 values of any widths with their codes (4 to 20 bytes; up to <see cref="MixedEncodeRoom"/> bytes
        /// are touched); returns the length, and in <paramref name="key"/> the 4 width classes, 2 bits each.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int EncodeMixedBlock(ref byte destination, Vector128<int> lanes, bool signed, out uint key)
        {
            // The width class as in Classify, lane by lane: minus the number of bounds the magnitude exceeds.
            Vector128<int> sum;
            Vector128<int> codes;
            if (signed)
            {
                Vector128<int> negative = Vector128.ShiftRightArithmetic(lanes, 31);
                Vector128<int> magnitude = lanes ^ negative;
                sum = Vector128.GreaterThan(magnitude, Vector128.ConditionalSelect(negative, Vector128.Create(31), Vector128.Create(127)))
                    + Vector128.GreaterThan(magnitude, Vector128.ConditionalSelect(negative, Vector128.Create(127), Vector128.Create(255)))
                    + Vector128.GreaterThan(magnitude, Vector128.ConditionalSelect(negative, Vector128.Create(32767), Vector128.Create(65535)));

                // cc, cd, ce for classes 1 to 3, d0 to d2 for a negative value (4 above); a fixint's is unused.
                codes = Vector128.Create(DataCodes.UInt8 - 1) - sum + (negative & Vector128.Create(4));
            }
            else
            {
                Vector128<int> magnitude = Vector128.Min(lanes.AsUInt32(), Vector128.Create((uint)int.MaxValue)).AsInt32();
                sum = Vector128.GreaterThan(magnitude, Vector128.Create(127))
                    + Vector128.GreaterThan(magnitude, Vector128.Create(255))
                    + Vector128.GreaterThan(magnitude, Vector128.Create(65535));
                codes = Vector128.Create(DataCodes.UInt8 - 1) - sum;
            }

            // The 4 classes as bytes 0, 8, 16 and 24 of a uint, then gathered into bits 0-1, 2-3, 4-5 and 6-7 of its
            // top byte by one multiply (the other products land below bit 24 without carrying into it).
            uint classes = Ssse3.Shuffle((-sum).AsByte(), Vector128.Create((byte)0, 4, 8, 12, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero)).AsUInt32().ToScalar();
            key = (classes * 0x0104_1040u) >> 24;

            // Lanes 0 and 1 with their codes in 16 bytes (value, code, value, code), and lanes 2 and 3.
            int firstLength = LayOutPair(ref destination, Sse2.UnpackLow(lanes, codes).AsByte(), key & 15);
            return firstLength + LayOutPair(ref Unsafe.Add(ref destination, firstLength), Sse2.UnpackHigh(lanes, codes).AsByte(), key >> 4);
        }

        /// <summary>
        /// Writes 8 values of any widths with their codes (8 to 40 bytes; up to <see cref="MixedEncodeRoom8"/> bytes are
        /// touched); returns the length, and in <paramref name="firstKey"/> the width classes of the first 4, 2 bits each.
        /// <see cref="EncodeMixedBlock"/>'s steps on 256-bit lanes: the classes and codes of eight values at once, then
        /// the four pairs laid out one after another.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int EncodeMixedOctet(ref byte destination, Vector256<int> lanes, bool signed, out uint firstKey)
        {
            Vector256<int> sum;
            Vector256<int> codes;
            if (signed)
            {
                Vector256<int> negative = Vector256.ShiftRightArithmetic(lanes, 31);
                Vector256<int> magnitude = lanes ^ negative;
                sum = Vector256.GreaterThan(magnitude, Vector256.ConditionalSelect(negative, Vector256.Create(31), Vector256.Create(127)))
                    + Vector256.GreaterThan(magnitude, Vector256.ConditionalSelect(negative, Vector256.Create(127), Vector256.Create(255)))
                    + Vector256.GreaterThan(magnitude, Vector256.ConditionalSelect(negative, Vector256.Create(32767), Vector256.Create(65535)));
                codes = Vector256.Create(DataCodes.UInt8 - 1) - sum + (negative & Vector256.Create(4));
            }
            else
            {
                Vector256<int> magnitude = Vector256.Min(lanes.AsUInt32(), Vector256.Create((uint)int.MaxValue)).AsInt32();
                sum = Vector256.GreaterThan(magnitude, Vector256.Create(127))
                    + Vector256.GreaterThan(magnitude, Vector256.Create(255))
                    + Vector256.GreaterThan(magnitude, Vector256.Create(65535));
                codes = Vector256.Create(DataCodes.UInt8 - 1) - sum;
            }

            // Per 128-bit half, its 4 classes gathered into a byte as in EncodeMixedBlock.
            Vector256<byte> picked = Avx2.Shuffle((-sum).AsByte(), Vector256.Create((byte)0, 4, 8, 12, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, 0, 4, 8, 12, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero));
            uint low = (picked.GetLower().AsUInt32().ToScalar() * 0x0104_1040u) >> 24;
            uint high = (picked.GetUpper().AsUInt32().ToScalar() * 0x0104_1040u) >> 24;
            firstKey = low;

            // Per half, lanes 0 and 1 with their codes (unpack low) and lanes 2 and 3 (unpack high).
            Vector256<byte> firsts = Avx2.UnpackLow(lanes, codes).AsByte();
            Vector256<byte> seconds = Avx2.UnpackHigh(lanes, codes).AsByte();
            int position = LayOutPair(ref destination, firsts.GetLower(), low & 15);
            position += LayOutPair(ref Unsafe.Add(ref destination, position), seconds.GetLower(), low >> 4);
            position += LayOutPair(ref Unsafe.Add(ref destination, position), firsts.GetUpper(), high & 15);
            return position + LayOutPair(ref Unsafe.Add(ref destination, position), seconds.GetUpper(), high >> 4);
        }

        /// <summary>Lays out a pair [value, code, value, code] of 16 bytes by its classes' shuffle (first + 4 x second) and stores the 16 bytes; returns the pair's length.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int LayOutPair(ref byte destination, Vector128<byte> pair, uint classes)
        {
            ref byte table = ref MemoryMarshal.GetReference(MixedEncodeShuffles);
            Unsafe.WriteUnaligned(ref destination, Ssse3.Shuffle(pair, Unsafe.ReadUnaligned<Vector128<byte>>(ref Unsafe.Add(ref table, classes * 16))));
            return Unsafe.Add(ref MemoryMarshal.GetReference(MixedEncodeLengths), classes);
        }

        /// <summary>The bytes of a pair of <see cref="EncodeMixedBlock"/> (class of the first value + 4 x class of the second).</summary>
        private static ReadOnlySpan<byte> MixedEncodeLengths => new byte[] { 2, 3, 4, 6, 3, 4, 5, 7, 4, 5, 6, 8, 6, 7, 8, 10 };

        /// <summary>
        /// Per pair of classes (first + 4 x second), the shuffle of 16 bytes [value 0, code 0, value 1, code 1] into
        /// MessagePack: for each value, a fixint is its own byte 0 (the code lane is not read); otherwise its code
        /// (byte 4 of its 8), then its 1, 2 or 4 low bytes, most significant first. 0xff makes a zero byte.
        /// </summary>
        private static ReadOnlySpan<byte> MixedEncodeShuffles => new byte[]
        {
            0x00, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x04, 0x00, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x04, 0x01, 0x00, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x04, 0x03, 0x02, 0x01, 0x00, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x00, 0x0c, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x04, 0x00, 0x0c, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x04, 0x01, 0x00, 0x0c, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x04, 0x03, 0x02, 0x01, 0x00, 0x0c, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x00, 0x0c, 0x09, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x04, 0x00, 0x0c, 0x09, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x04, 0x01, 0x00, 0x0c, 0x09, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x04, 0x03, 0x02, 0x01, 0x00, 0x0c, 0x09, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x00, 0x0c, 0x0b, 0x0a, 0x09, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x04, 0x00, 0x0c, 0x0b, 0x0a, 0x09, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x04, 0x01, 0x00, 0x0c, 0x0b, 0x0a, 0x09, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x04, 0x03, 0x02, 0x01, 0x00, 0x0c, 0x0b, 0x0a, 0x09, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        };

        // ---- Decoding.

        /// <summary>
        /// Decodes windows of up to 4 values of any format that fits the element type (but 8-byte ones for elements
        /// narrower than 64 bits), while 4 elements and 16 bytes are left, up to 16 fixints in a row or 3 uint 32/int 32
        /// in a row (which the one-width paths take faster) or a value it does not take (which the per-value core then
        /// reads or reports); then the last elements, when fewer are left. 16-bit elements first take windows of 8 while
        /// 8 elements are left, of formats of up to 2 bytes after the code (a uint 32/int 32 goes to the per-value core).
        /// </summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int DecodeMixed<TLanes>(ref byte source, int length, ref byte destination, int count, out int bytesRead)
            where TLanes : struct, IIntegerLanes
        {
            int size = default(TLanes).ItemSize;
            int i = 0;
            int position = 0;
            if (size == sizeof(short))
            {
                // 16-bit elements: values of 1 to 3 bytes, 8 a window (the 8 start inside it 3 times in 4 on random
                // widths), the window moved past those the chain alone says end in reach, as for 64-bit elements below.
                while (count - i >= 8 && length - position >= 16)
                {
                    Vector128<byte> bytes = LoadWindow(ref Unsafe.Add(ref source, position), length - position, out Vector128<byte> following, out int limit);
                    int taken = DecodeMixedWindow16<TLanes>(bytes, following, limit, ref Unsafe.Add(ref destination, i * size), out ulong ends, out uint ending, out uint good);

                    // "No value taken" as lane 0's bit, not as taken == 0: without BMI1 the JIT (.NET 10.0) computes
                    // TrailingZeroCount with bsf and took its zero flag, which says the source is zero, for the
                    // result's (dotnet/runtime#133783); the test then never saw a refused first value (BulkArrayTests
                    // with AVX2 off found it here).
                    if ((good & 1) == 0 || (i > 0 && (uint)ends == 0x0403_0201u && IsFixInts(bytes, default(TLanes).Signed)))
                    {
                        // A value the per-value core reads or reports, or 16 fixints, which the one-width path takes.
                        bytesRead = position;
                        return i;
                    }

                    StepPastReach(ends, ending, good, taken, ref i, ref position);
                }
            }

            while (count - i >= 4 && length - position >= 16)
            {
                Vector128<byte> bytes = LoadWindow(ref Unsafe.Add(ref source, position), length - position, out Vector128<byte> following, out int limit);
                uint ending = 0;
                uint good = 0;
                int taken = size == sizeof(long)
                    ? DecodeMixedWindow64<TLanes>(bytes, following, limit, 4, ref Unsafe.Add(ref destination, i * size), out uint ends, out ending, out good)
                    : DecodeMixedWindow<TLanes>(bytes, following, limit, 4, ref Unsafe.Add(ref destination, i * size), out ends, out good);

                // None taken: lane 0's bit, as in the 16-bit loop above.
                if ((good & 1) == 0)
                {
                    bytesRead = position;
                    return i;
                }

                // ends holds where the first 4 values end, a byte each: 16 fixints, or 4 uint 32/int 32 (three that
                // end at 5, 10 and 15, and a fourth code ce or d2).
                if (i > 0 && ((ends == 0x0403_0201u && IsFixInts(bytes, default(TLanes).Signed))
                    || ((ends & 0xff_ffff) == 0x0f_0a05u && (bytes.GetElement(15) | 0x1c) == 0xde)))
                {
                    break;
                }

                // The 4 values usually all fit the window (those of up to 4 bytes always where 32 bytes are left,
                // 8-byte ones 3 times in 4 on random widths): then the next window's start is known as soon as the
                // chain is, before the checks (the branch is predicted), which keeps the loop's dependency short.
                // Otherwise, with 8-byte values, the window moves as StepPastReach says.
                if (taken == 4)
                {
                    i += 4;
                    position += (int)(ends >> 24);
                }
                else if (size == sizeof(long))
                {
                    StepPastReach(ends, ending, good, taken, ref i, ref position);
                }
                else
                {
                    i += taken;
                    position += (int)(byte)(ends >> (8 * (taken - 1)));
                }
            }

            if (count > i && (count - i < 4 || length - position < 16))
            {
                i += DecodeMixedTail<TLanes>(ref Unsafe.Add(ref source, position), length - position, ref Unsafe.Add(ref destination, i * size), count - i, out int tailBytes);
                position += tailBytes;
            }

            bytesRead = position;
            return i;
        }

        /// <summary>
        /// A window (16 bytes, where at least 16 are left): its values start in it and may end in the next 16, which
        /// <paramref name="following"/> holds where they are there too (<paramref name="limit"/> 32; else zeros and 16).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<byte> LoadWindow(ref byte source, int length, out Vector128<byte> following, out int limit)
        {
            following = Vector128<byte>.Zero;
            limit = 16;
            if (length >= 32)
            {
                following = Unsafe.ReadUnaligned<Vector128<byte>>(ref Unsafe.Add(ref source, 16));
                limit = 32;
            }

            return Unsafe.ReadUnaligned<Vector128<byte>>(ref source);
        }

        /// <summary>
        /// Moves past the values the chain alone says end in reach (<paramref name="ending"/>, the run from lane 0),
        /// then, where one of them is refused (not in <paramref name="good"/>), back to the end of the last one taken
        /// (<paramref name="taken"/>, at least 1), where the next window reports it. The checks of the values only
        /// decide that branch, so that they stay off the loop's dependency. (The test is on the masks, not
        /// "taken != reach": from an equality the JIT would carry taken into the step and the checks back onto the
        /// dependency.)
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void StepPastReach(ulong ends, uint ending, uint good, int taken, ref int i, ref int position)
        {
            int reach = BitOperations.TrailingZeroCount(~ending);
            int reached = (int)(byte)(ends >> (8 * (reach - 1)));
            i += reach;
            position += reached;
            if (((ending ^ good) & ((1u << reach) - 1)) != 0)
            {
                i -= reach - taken;
                position -= reached - (int)(byte)(ends >> (8 * (taken - 1)));
            }
        }

        /// <summary>The last elements (fewer than 4, or in fewer than 16 bytes), window by window through a copy on the stack.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        [SkipLocalsInit]
        private static int DecodeMixedTail<TLanes>(ref byte source, int length, ref byte destination, int count, out int bytesRead)
            where TLanes : struct, IIntegerLanes
        {
            int size = default(TLanes).ItemSize;
            Span<byte> stored = stackalloc byte[4 * sizeof(long)];
            ref byte items = ref MemoryMarshal.GetReference(stored);
            int i = 0;
            int position = 0;
            while (i < count && position < length)
            {
                int available = Math.Min(length - position, 16);
                Vector128<byte> bytes = Vector128<byte>.Zero;
                Unsafe.CopyBlockUnaligned(ref Unsafe.As<Vector128<byte>, byte>(ref bytes), ref Unsafe.Add(ref source, position), (uint)available);
                int taken = size == sizeof(long)
                    ? DecodeMixedWindow64<TLanes>(bytes, Vector128<byte>.Zero, available, Math.Min(count - i, 4), ref items, out uint ends, out _, out uint good)
                    : DecodeMixedWindow<TLanes>(bytes, Vector128<byte>.Zero, available, Math.Min(count - i, 4), ref items, out ends, out good);
                if ((good & 1) == 0)
                {
                    break;
                }

                Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref destination, i * size), ref items, (uint)(taken * size));
                i += taken;
                position += (int)(byte)(ends >> (8 * (taken - 1)));
            }

            bytesRead = position;
            return i;
        }

        /// <summary>
        /// Follows the chain of codes from byte 0 of a 16-byte window: in bytes 0-3 of the result, where the first 4
        /// values end; in <paramref name="start"/>, where they start; in <paramref name="valid"/>, per byte, whether
        /// it is a code the path takes (with <paramref name="wide"/>, the 8-byte formats too); in
        /// <paramref name="fourth"/>, per byte, where the value 4 steps along the chain from it ends.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<byte> MixedChain(Vector128<byte> bytes, bool wide, out Vector128<byte> start, out Vector128<byte> valid, out Vector128<byte> fourth)
        {
            // Each byte's length as a code: cc-cf 2, 3, 5, 9 and d0-d3 the same; 1 otherwise (fixints, and bytes that
            // are no integer code, which are refused: every byte outside cc-d3 is moved to index 8). Valid: fixints,
            // cc-ce and d0-d2, and cf and d3 when wide (for 32-bit elements an 8-byte value, which fits only when
            // small, is left to the per-value core).
            Vector128<byte> offset = Vector128.Min(bytes - Vector128.Create(DataCodes.UInt8), Vector128.Create((byte)8));
            Vector128<byte> lengths = Ssse3.Shuffle(Vector128.Create((byte)2, 3, 5, 9, 2, 3, 5, 9, 1, 1, 1, 1, 1, 1, 1, 1), offset);
            valid = Vector128.GreaterThanOrEqual(bytes.AsSByte(), Vector128.Create((sbyte)-32)).AsByte()
                | Ssse3.Shuffle(wide ? Vector128.Create((byte)0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0) : Vector128.Create((byte)0xff, 0xff, 0xff, 0, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0), offset);

            // Where the value that starts at each byte would end, followed from byte 0: next, next of next, and so on.
            // A start past byte 15 reads a wrong entry (pshufb takes an index modulo 16); the lanes after it are refused.
            Vector128<byte> next = Vector128.Create((byte)0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) + lengths;
            Vector128<byte> next2 = Ssse3.Shuffle(next, next);
            Vector128<byte> next3 = Ssse3.Shuffle(next, next2);
            Vector128<byte> next4 = Ssse3.Shuffle(next2, next2);
            fourth = next4;
            Vector128<byte> end = Sse2.UnpackLow(Sse2.UnpackLow(next, next3), Sse2.UnpackLow(next2, next4));
            start = (end.AsUInt32() << 8).AsByte();
            return end;
        }

        /// <summary>
        /// Decodes the values that begin in a 16-byte window and end within the first <paramref name="limit"/> bytes of
        /// it and the 16 that <paramref name="following"/> holds, at most <paramref name="most"/>, up to the first that
        /// is not a format of up to 4 bytes after the code or does not fit the element type; stores 4 elements (those
        /// past the count returned are not meant). Returns how many were decoded, where the first 4 values end, a
        /// byte each, and in <paramref name="good"/> a bit per value taken.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int DecodeMixedWindow<TLanes>(Vector128<byte> bytes, Vector128<byte> following, int limit, int most, ref byte destination, out uint ends, out uint good)
            where TLanes : struct, IIntegerLanes
        {
            Vector128<byte> end = MixedChain(bytes, wide: false, out Vector128<byte> start, out Vector128<byte> valid, out _);
            ends = end.AsUInt32().ToScalar();

            // Lane by lane (bytes 0-3): the code, its length, the value's last byte and its size (1 for a fixint).
            Vector128<byte> codes = Ssse3.Shuffle(bytes, start);
            Vector128<byte> size = Vector128.Max(end - start - Vector128<byte>.One, Vector128<byte>.One);
            Vector128<byte> spread = Vector128.Create((byte)0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
            Vector128<byte> within = Vector128.Create((byte)0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
            Vector128<byte> sizes = Ssse3.Shuffle(size, spread);

            // Byte b of lane k is the value's byte b from the end; bytes past its size are zero.
            Vector128<byte> order = (Ssse3.Shuffle(end, spread) - Vector128<byte>.One - within) | Vector128.GreaterThanOrEqual(within, sizes);
            Vector128<int> raw = Pick32(bytes, following, order).AsInt32();

            // Signed formats (d0-d2 and negative fixints; a positive fixint reads the same either way) extend the
            // value's top bit: (x ^ h) - h with h that bit.
            Vector128<byte> signedCode = Vector128.GreaterThanOrEqual(codes, Vector128.Create((byte)0xd0));
            Vector128<int> signedLanes = Ssse3.Shuffle(signedCode, spread).AsInt32();
            Vector128<int> top = (Vector128.Equals(within, sizes - Vector128<byte>.One) & Vector128.Create((byte)0x80)).AsInt32() & signedLanes;
            Vector128<int> values = (raw ^ top) - top;

            // The lanes that start inside the window, end inside the limit, have a valid code and fit: the count is
            // the run of them from lane 0.
            Vector128<byte> inside = Vector128.LessThan(start, Vector128.Create((byte)16)) & Vector128.LessThanOrEqual(end, Vector128.Create((byte)limit)) & Ssse3.Shuffle(valid, start);
            good = inside.ExtractMostSignificantBits() & default(TLanes).MixedFits(values, signedLanes) & ((1u << most) - 1);
            int taken = BitOperations.TrailingZeroCount(~good);
            default(TLanes).StoreMixed4(ref destination, values, signedLanes);
            return taken;
        }

        /// <summary>
        /// <see cref="DecodeMixedWindow"/> for 64-bit elements: every integer format, each value gathered into a 64-bit
        /// lane (one 256-bit register with AVX2, else two of two), sign-extended where its format is signed. In
        /// <paramref name="ending"/>, a bit per value (of the first <paramref name="most"/>) that ends inside the
        /// limit, from the chain alone; in <paramref name="good"/>, those of them that are also taken.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int DecodeMixedWindow64<TLanes>(Vector128<byte> bytes, Vector128<byte> following, int limit, int most, ref byte destination, out uint ends, out uint ending, out uint good)
            where TLanes : struct, IIntegerLanes
        {
            Vector128<byte> end = MixedChain(bytes, wide: true, out Vector128<byte> start, out Vector128<byte> valid, out _);
            ends = end.AsUInt32().ToScalar();

            Vector128<byte> codes = Ssse3.Shuffle(bytes, start);
            Vector128<byte> size = Vector128.Max(end - start - Vector128<byte>.One, Vector128<byte>.One);
            Vector128<byte> last = end - Vector128<byte>.One;
            Vector128<byte> signedCode = Vector128.GreaterThanOrEqual(codes, Vector128.Create((byte)0xd0));
            uint fits;
            if (Avx2.IsSupported)
            {
                // The four values in one register: Gather64's steps on 256-bit lanes, each half reading both sources.
                Vector256<byte> within = Vector256.Create((byte)0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7);
                Vector256<byte> spread = Vector256.Create((byte)0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
                Vector256<byte> sizes = Avx2.Shuffle(Vector256.Create(size, size), spread);
                Vector256<byte> order = (Avx2.Shuffle(Vector256.Create(last, last), spread) - within) | Vector256.GreaterThanOrEqual(within, sizes);
                Vector256<long> raw = Pick32(Vector256.Create(bytes, bytes), Vector256.Create(following, following), order).AsInt64();
                Vector256<byte> signedBytes = Avx2.Shuffle(Vector256.Create(signedCode, signedCode), spread);
                Vector256<long> top = (Vector256.Equals(within, sizes - Vector256<byte>.One) & Vector256.Create((byte)0x80) & signedBytes).AsInt64();
                Vector256<long> values = (raw ^ top) - top;
                Vector256<long> misfit = default(TLanes).Signed ? Vector256.AndNot(values, signedBytes.AsInt64()) : values & signedBytes.AsInt64();
                fits = ~misfit.ExtractMostSignificantBits();
                Unsafe.WriteUnaligned(ref destination, values);
            }
            else
            {
                Vector128<byte> within = Vector128.Create((byte)0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7);
                Vector128<long> low = Gather64(bytes, following, last, size, signedCode, within, Vector128.Create((byte)0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1), out Vector128<long> signedLow);
                Vector128<long> high = Gather64(bytes, following, last, size, signedCode, within, Vector128.Create((byte)2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3), out Vector128<long> signedHigh);

                // long: a uint 64 above long.MaxValue does not fit (an unsigned lane with the top bit); ulong: a negative value.
                Vector128<long> misfitLow = default(TLanes).Signed ? Vector128.AndNot(low, signedLow) : low & signedLow;
                Vector128<long> misfitHigh = default(TLanes).Signed ? Vector128.AndNot(high, signedHigh) : high & signedHigh;
                fits = ~(misfitLow.ExtractMostSignificantBits() | (misfitHigh.ExtractMostSignificantBits() << 2));
                Unsafe.WriteUnaligned(ref destination, low);
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 16), high);
            }

            Vector128<byte> within16 = Vector128.LessThan(start, Vector128.Create((byte)16)) & Vector128.LessThanOrEqual(end, Vector128.Create((byte)limit));
            ending = within16.ExtractMostSignificantBits() & ((1u << most) - 1);
            good = (within16 & Ssse3.Shuffle(valid, start)).ExtractMostSignificantBits() & fits & ((1u << most) - 1);
            return BitOperations.TrailingZeroCount(~good);
        }

        /// <summary>
        /// <see cref="DecodeMixedWindow"/> for 16-bit elements: up to 8 values that start in the window, of formats of
        /// up to 2 bytes after the code (a uint 32/int 32 is left to the per-value core), each gathered into a 16-bit
        /// lane. In <paramref name="ends"/> where the first 8 end, a byte each; in <paramref name="ending"/> and
        /// <paramref name="good"/> as for <see cref="DecodeMixedWindow64"/>.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int DecodeMixedWindow16<TLanes>(Vector128<byte> bytes, Vector128<byte> following, int limit, ref byte destination, out ulong ends, out uint ending, out uint good)
            where TLanes : struct, IIntegerLanes
        {
            // The ends of values 5 to 8 are the 4-step chain from the ends of values 1 to 4.
            Vector128<byte> first = MixedChain(bytes, wide: false, out _, out Vector128<byte> valid, out Vector128<byte> fourth);
            Vector128<byte> end = Sse2.UnpackLow(first.AsUInt32(), Ssse3.Shuffle(fourth, first).AsUInt32()).AsByte();
            Vector128<byte> start = Sse2.ShiftLeftLogical(end.AsUInt64(), 8).AsByte();
            ends = end.AsUInt64().ToScalar();

            Vector128<byte> codes = Ssse3.Shuffle(bytes, start);
            Vector128<byte> size = Vector128.Max(end - start - Vector128<byte>.One, Vector128<byte>.One);
            Vector128<byte> spread = Vector128.Create((byte)0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7);
            Vector128<byte> within = Vector128.Create((byte)0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1);
            Vector128<byte> sizes = Ssse3.Shuffle(size, spread);
            Vector128<byte> order = (Ssse3.Shuffle(end - Vector128<byte>.One, spread) - within) | Vector128.GreaterThanOrEqual(within, sizes);
            Vector128<short> raw = Pick32(bytes, following, order).AsInt16();
            Vector128<byte> signedBytes = Ssse3.Shuffle(Vector128.GreaterThanOrEqual(codes, Vector128.Create((byte)0xd0)), spread);
            Vector128<short> top = (Vector128.Equals(within, sizes - Vector128<byte>.One) & Vector128.Create((byte)0x80) & signedBytes).AsInt16();
            Vector128<short> values = (raw ^ top) - top;

            // short: a uint 16 above short.MaxValue does not fit; ushort: a negative value.
            Vector128<short> misfit = default(TLanes).Signed ? Vector128.AndNot(values, signedBytes.AsInt16()) : values & signedBytes.AsInt16();
            uint fits = ~misfit.ExtractMostSignificantBits();

            Vector128<byte> reached = Vector128.LessThan(start, Vector128.Create((byte)16)) & Vector128.LessThanOrEqual(end, Vector128.Create((byte)limit));
            ending = reached.ExtractMostSignificantBits() & 0xff;
            good = (reached & Ssse3.Shuffle(valid, start) & Vector128.LessThanOrEqual(size, Vector128.Create((byte)2))).ExtractMostSignificantBits() & fits & 0xff;
            Unsafe.WriteUnaligned(ref destination, values);
            return BitOperations.TrailingZeroCount(~good);
        }

        /// <summary>
        /// The bytes of the 32 in <paramref name="bytes"/> and <paramref name="following"/> that <paramref name="order"/>
        /// picks (0 to 31); any other index makes a zero byte. Each shuffle sees its half's indices with bit 7 clear
        /// (0x70 added to 0 to 15) and every other index with bit 7 set (saturated), which pshufb reads as zero.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<byte> Pick32(Vector128<byte> bytes, Vector128<byte> following, Vector128<byte> order)
        {
            Vector128<byte> clear = Vector128.Create((byte)0x70);
            return Ssse3.Shuffle(bytes, Sse2.AddSaturate(order, clear))
                | Ssse3.Shuffle(following, Sse2.AddSaturate(order - Vector128.Create((byte)16), clear));
        }

        /// <summary><see cref="Pick32(Vector128{byte}, Vector128{byte}, Vector128{byte})"/> in each 128-bit half (each half holding the same 32 bytes).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector256<byte> Pick32(Vector256<byte> bytes, Vector256<byte> following, Vector256<byte> order)
        {
            Vector256<byte> clear = Vector256.Create((byte)0x70);
            return Avx2.Shuffle(bytes, Avx2.AddSaturate(order, clear))
                | Avx2.Shuffle(following, Avx2.AddSaturate(order - Vector256.Create((byte)16), clear));
        }

        /// <summary>Two values of the window as 64-bit lanes (<paramref name="spread"/> picks which), and all ones where their format is signed.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<long> Gather64(Vector128<byte> bytes, Vector128<byte> following, Vector128<byte> last, Vector128<byte> size, Vector128<byte> signedCode, Vector128<byte> within, Vector128<byte> spread, out Vector128<long> signedLanes)
        {
            Vector128<byte> sizes = Ssse3.Shuffle(size, spread);
            Vector128<byte> order = (Ssse3.Shuffle(last, spread) - within) | Vector128.GreaterThanOrEqual(within, sizes);
            Vector128<long> raw = Pick32(bytes, following, order).AsInt64();
            Vector128<byte> signedBytes = Ssse3.Shuffle(signedCode, spread);
            signedLanes = signedBytes.AsInt64();
            Vector128<long> top = (Vector128.Equals(within, sizes - Vector128<byte>.One) & Vector128.Create((byte)0x80) & signedBytes).AsInt64();
            return (raw ^ top) - top;
        }

        // ---- 64-bit elements, encoding.

        /// <summary>How many elements <see cref="EncodeMixed64"/> needs from a pair's start: the 2, and 15 more for the bytes its second store can write past the pair.</summary>
        private const int MixedEncodeReach64 = 17;

        /// <summary>
        /// Encodes 64-bit elements of any widths, 4 a step with AVX2 and then 2 a step: each value with its code in 16 bytes, laid out by a
        /// shuffle from a 5-entry table (one per width class); then the last elements through a copy on the stack.
        /// </summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static int EncodeMixed64<TLanes>(ref byte destination, int room, ref byte source, int count, out int bytesWritten)
            where TLanes : struct, IIntegerLanes
        {
            int i = 0;
            int position = 0;
            if (MixedPaths)
            {
                if (Avx2.IsSupported)
                {
                    // Four values a step where 256-bit compares are there: the width classes of four for the
                    // instructions that gave two (the classes cost more than the layout; 1.7x the pairs' speed on 100
                    // values of every width, in a scratch A/B on this machine's AVX2).
                    while (count - i >= MixedEncodeReach64 + 2 && room - position >= 52)
                    {
                        position += EncodeMixedQuad(ref Unsafe.Add(ref destination, position), Unsafe.ReadUnaligned<Vector256<long>>(ref Unsafe.Add(ref source, i * sizeof(long))), default(TLanes).Signed);
                        i += 4;
                    }
                }

                while (count - i >= MixedEncodeReach64 && room - position >= 25)
                {
                    position += EncodeMixedPair(ref Unsafe.Add(ref destination, position), Unsafe.ReadUnaligned<Vector128<long>>(ref Unsafe.Add(ref source, i * sizeof(long))), default(TLanes).Signed);
                    i += 2;
                }

                if (count > i && count - i < MixedEncodeReach64)
                {
                    i += EncodeMixedTail64<TLanes>(ref Unsafe.Add(ref destination, position), room - position, ref Unsafe.Add(ref source, i * sizeof(long)), count - i, out int tailBytes);
                    position += tailBytes;
                }
            }

            bytesWritten = position;
            return i;
        }

        /// <summary>The last 64-bit elements (fewer than <see cref="MixedEncodeReach64"/>), as <see cref="EncodeMixedTail"/>.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        [SkipLocalsInit]
        private static int EncodeMixedTail64<TLanes>(ref byte destination, int room, ref byte source, int count, out int bytesWritten)
            where TLanes : struct, IIntegerLanes
        {
            // Room for the elements padded with zeros to whole steps (pairs, or quads with AVX2: fewer than 17 elements
            // make 4 quads at most), and for the encoded bytes with the last step's 16-byte store.
            const int Pairs = (MixedEncodeReach64 + 1) / 2;
            Span<byte> elements = stackalloc byte[Pairs * 2 * sizeof(long)];
            Span<byte> encoded = stackalloc byte[(Pairs * 18) + 16];
            int step = Avx2.IsSupported ? 4 : 2;
            int steps = (count + step - 1) / step;
            int padding = (steps * step) - count;
            ref byte items = ref MemoryMarshal.GetReference(elements);
            Unsafe.CopyBlockUnaligned(ref items, ref source, (uint)(count * sizeof(long)));
            Unsafe.InitBlockUnaligned(ref Unsafe.Add(ref items, count * sizeof(long)), 0, (uint)(padding * sizeof(long)));

            ref byte output = ref MemoryMarshal.GetReference(encoded);
            int position = 0;
            for (int k = 0; k < steps; k++)
            {
                ref byte at = ref Unsafe.Add(ref items, k * step * sizeof(long));
                position += Avx2.IsSupported
                    ? EncodeMixedQuad(ref Unsafe.Add(ref output, position), Unsafe.ReadUnaligned<Vector256<long>>(ref at), default(TLanes).Signed)
                    : EncodeMixedPair(ref Unsafe.Add(ref output, position), Unsafe.ReadUnaligned<Vector128<long>>(ref at), default(TLanes).Signed);
            }

            position -= padding;
            if (position > room)
            {
                bytesWritten = 0;
                return 0;
            }

            Unsafe.CopyBlockUnaligned(ref destination, ref output, (uint)position);
            bytesWritten = position;
            return count;
        }

        /// <summary>Writes 2 values of any widths with their codes (2 to 18 bytes; up to 25 are touched); returns the length.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int EncodeMixedPair(ref byte destination, Vector128<long> lanes, bool signed)
        {
            // The width class (0 fixint, 1 to 4 for 1, 2, 4 or 8 bytes after the code) as minus the bounds exceeded.
            Vector128<long> sum;
            Vector128<long> codes;
            if (signed)
            {
                Vector128<long> negative = Vector128.LessThan(lanes, Vector128<long>.Zero);
                Vector128<long> magnitude = lanes ^ negative;
                sum = Vector128.GreaterThan(magnitude, Vector128.ConditionalSelect(negative, Vector128.Create(31L), Vector128.Create(127L)))
                    + Vector128.GreaterThan(magnitude, Vector128.ConditionalSelect(negative, Vector128.Create(127L), Vector128.Create(255L)))
                    + Vector128.GreaterThan(magnitude, Vector128.ConditionalSelect(negative, Vector128.Create(32767L), Vector128.Create(65535L)))
                    + Vector128.GreaterThan(magnitude, Vector128.ConditionalSelect(negative, Vector128.Create((long)int.MaxValue), Vector128.Create((long)uint.MaxValue)));
                codes = Vector128.Create((long)DataCodes.UInt8 - 1) - sum + (negative & Vector128.Create(4L));
            }
            else
            {
                Vector128<ulong> magnitude = lanes.AsUInt64();
                sum = (Vector128.GreaterThan(magnitude, Vector128.Create(127UL))
                    + Vector128.GreaterThan(magnitude, Vector128.Create(255UL))
                    + Vector128.GreaterThan(magnitude, Vector128.Create(65535UL))
                    + Vector128.GreaterThan(magnitude, Vector128.Create((ulong)uint.MaxValue))).AsInt64();
                codes = Vector128.Create((long)DataCodes.UInt8 - 1) - sum;
            }

            uint classes = Ssse3.Shuffle((-sum).AsByte(), Vector128.Create((byte)0, 8, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero)).AsUInt32().ToScalar();
            uint first = classes & 0xff;
            uint second = classes >> 8;
            int position = LayOutOne(ref destination, Sse2.UnpackLow(lanes, codes).AsByte(), first);
            return position + LayOutOne(ref Unsafe.Add(ref destination, position), Sse2.UnpackHigh(lanes, codes).AsByte(), second);
        }

        /// <summary>
        /// Writes 4 values of any widths with their codes (4 to 36 bytes; up to 52 are touched); returns the length. The
        /// pair's steps on 256-bit lanes: the classes and codes of four values at once, then each value laid out by its
        /// class's shuffle and stored where the one before it ends.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int EncodeMixedQuad(ref byte destination, Vector256<long> lanes, bool signed)
        {
            Vector256<long> sum;
            Vector256<long> codes;
            if (signed)
            {
                Vector256<long> negative = Avx2.CompareGreaterThan(Vector256<long>.Zero, lanes);
                Vector256<long> magnitude = lanes ^ negative;
                Vector256<byte> mask = negative.AsByte();
                sum = Avx2.CompareGreaterThan(magnitude, Avx2.BlendVariable(Vector256.Create(127L).AsByte(), Vector256.Create(31L).AsByte(), mask).AsInt64())
                    + Avx2.CompareGreaterThan(magnitude, Avx2.BlendVariable(Vector256.Create(255L).AsByte(), Vector256.Create(127L).AsByte(), mask).AsInt64())
                    + Avx2.CompareGreaterThan(magnitude, Avx2.BlendVariable(Vector256.Create(65535L).AsByte(), Vector256.Create(32767L).AsByte(), mask).AsInt64())
                    + Avx2.CompareGreaterThan(magnitude, Avx2.BlendVariable(Vector256.Create((long)uint.MaxValue).AsByte(), Vector256.Create((long)int.MaxValue).AsByte(), mask).AsInt64());
                codes = Vector256.Create((long)DataCodes.UInt8 - 1) - sum + (negative & Vector256.Create(4L));
            }
            else
            {
                Vector256<ulong> magnitude = lanes.AsUInt64();
                sum = (Vector256.GreaterThan(magnitude, Vector256.Create(127UL))
                    + Vector256.GreaterThan(magnitude, Vector256.Create(255UL))
                    + Vector256.GreaterThan(magnitude, Vector256.Create(65535UL))
                    + Vector256.GreaterThan(magnitude, Vector256.Create((ulong)uint.MaxValue))).AsInt64();
                codes = Vector256.Create((long)DataCodes.UInt8 - 1) - sum;
            }

            // The four classes, a byte each, in the order of the values: lanes 0 and 1 from the low half, 2 and 3 from the high.
            Vector256<byte> picked = Avx2.Shuffle((-sum).AsByte(), Vector256.Create((byte)0, 8, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, 0, 8, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero, Zero));
            uint classes = picked.GetLower().AsUInt32().ToScalar() | (picked.GetUpper().AsUInt32().ToScalar() << 16);

            // Per 128-bit half, [value, code] of its first value (unpack low) and of its second (unpack high).
            Vector256<byte> firsts = Avx2.UnpackLow(lanes, codes).AsByte();
            Vector256<byte> seconds = Avx2.UnpackHigh(lanes, codes).AsByte();
            int position = LayOutOne(ref destination, firsts.GetLower(), classes & 0xff);
            position += LayOutOne(ref Unsafe.Add(ref destination, position), seconds.GetLower(), (classes >> 8) & 0xff);
            position += LayOutOne(ref Unsafe.Add(ref destination, position), firsts.GetUpper(), (classes >> 16) & 0xff);
            return position + LayOutOne(ref Unsafe.Add(ref destination, position), seconds.GetUpper(), classes >> 24);
        }

        /// <summary>Lays out one [value, code] of 16 bytes by its width class's shuffle and stores the 16 bytes; returns the value's length.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int LayOutOne(ref byte destination, Vector128<byte> valueAndCode, uint widthClass)
        {
            ref byte table = ref MemoryMarshal.GetReference(MixedEncodeShuffles64);
            Unsafe.WriteUnaligned(ref destination, Ssse3.Shuffle(valueAndCode, Unsafe.ReadUnaligned<Vector128<byte>>(ref Unsafe.Add(ref table, widthClass * 16))));
            return Unsafe.Add(ref MemoryMarshal.GetReference(MixedEncodeLengths64), widthClass);
        }

        /// <summary>The bytes of one value of <see cref="EncodeMixedPair"/> by width class.</summary>
        private static ReadOnlySpan<byte> MixedEncodeLengths64 => new byte[] { 1, 2, 3, 5, 9 };

        /// <summary>
        /// Per width class, the shuffle of 16 bytes [value, code] into MessagePack: a fixint is its own byte 0;
        /// otherwise the code (byte 8), then the value's 1, 2, 4 or 8 low bytes, most significant first.
        /// </summary>
        private static ReadOnlySpan<byte> MixedEncodeShuffles64 => new byte[]
        {
            0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x08, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x08, 0x01, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x08, 0x03, 0x02, 0x01, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        };
    }
}
#endif
