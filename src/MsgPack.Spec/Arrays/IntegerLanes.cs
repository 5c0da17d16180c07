#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics;

namespace MsgPack.Spec
{
    /// <summary>
    /// How the integer vector paths of <see cref="ArrayVectors"/> see one element type: 4 elements as 32-bit lanes
    /// (narrowed from 64 bits when they fit, widened from 8 or 16), 16 fixints as their bytes, and back.
    /// </summary>
    internal interface IIntegerLanes
    {
        /// <summary>Whether the type is signed: its negative values take the signed formats, and it accepts negative fixints.</summary>
        bool Signed { get; }

        /// <summary>The size of one element in bytes.</summary>
        int ItemSize { get; }

        /// <summary>4 elements as 32-bit lanes; false when one does not fit 32 bits (int for a signed type, uint for an unsigned one).</summary>
        bool TryLoad4(ref byte source, out Vector128<int> lanes);

        /// <summary>16 elements as their fixint bytes; false when one is not a fixint.</summary>
        bool TryLoadFixInts(ref byte source, out Vector128<byte> encoded);

        /// <summary>Stores 16 fixints (as sign-extended bytes; an unsigned type only ever gets 0 to 127) as elements.</summary>
        void StoreFixInts(ref byte destination, Vector128<sbyte> values);

        /// <summary>Stores 4 values read from uint 32 (<paramref name="fromSigned"/> false) or int 32 as elements; false, storing nothing, when one does not fit.</summary>
        bool TryStore4(ref byte destination, Vector128<int> lanes, bool fromSigned);

        /// <summary>
        /// Of 4 values read by the mixed-width path (uint 8/16/32 and positive fixints zero-extended, int 8/16/32 and
        /// negative fixints sign-extended; <paramref name="signedLanes"/> all ones where the format was signed), a bit
        /// per lane that fits the element type.
        /// </summary>
        uint MixedFits(Vector128<int> values, Vector128<int> signedLanes);

        /// <summary>Stores 4 values of <see cref="MixedFits"/> as elements (those that do not fit as anything).</summary>
        void StoreMixed4(ref byte destination, Vector128<int> values, Vector128<int> signedLanes);
    }

    /// <summary>What the 32- and 64-bit lanes share.</summary>
    internal static class Lanes
    {
        /// <summary>16 elements loaded as 4 blocks of 32-bit lanes, when all are fixints.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryLoadFixInts<TLanes>(ref byte source, out Vector128<byte> encoded)
            where TLanes : struct, IIntegerLanes
        {
            TLanes lanes = default;
            int size = lanes.ItemSize * 4;
            encoded = default;
            if (!lanes.TryLoad4(ref source, out Vector128<int> a)
                || !lanes.TryLoad4(ref Unsafe.Add(ref source, size), out Vector128<int> b)
                || !lanes.TryLoad4(ref Unsafe.Add(ref source, 2 * size), out Vector128<int> c)
                || !lanes.TryLoad4(ref Unsafe.Add(ref source, 3 * size), out Vector128<int> d))
            {
                return false;
            }

            if (lanes.Signed)
            {
                // -32..127, moved to 0..159.
                Vector128<int> bias = Vector128.Create(32);
                Vector128<uint> largest = Vector128.Max(Vector128.Max((a + bias).AsUInt32(), (b + bias).AsUInt32()), Vector128.Max((c + bias).AsUInt32(), (d + bias).AsUInt32()));
                if (Vector128.GreaterThanAny(largest, Vector128.Create(159u)))
                {
                    return false;
                }
            }
            else if (((a | b | c | d) & Vector128.Create(~0x7f)) != Vector128<int>.Zero)
            {
                return false;
            }

            encoded = Vector128.Narrow(Vector128.Narrow(a, b), Vector128.Narrow(c, d)).AsByte();
            return true;
        }

        /// <summary>The lanes in [<paramref name="min"/>, <paramref name="max"/>], but unsigned lanes with the top bit (a uint 32 above int.MaxValue).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static uint SignedFits(Vector128<int> values, Vector128<int> signedLanes, int min, int max) =>
            ~(Vector128.GreaterThan(values, Vector128.Create(max)) | Vector128.LessThan(values, Vector128.Create(min)) | Vector128.AndNot(values, signedLanes)).ExtractMostSignificantBits();

        /// <summary>The lanes from 0 to <paramref name="max"/> (a uint 32 above int.MaxValue and every negative value are below 0 as ints).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static uint UnsignedFits(Vector128<int> values, int max) =>
            ~(Vector128.GreaterThan(values, Vector128.Create(max)) | Vector128.LessThan(values, Vector128<int>.Zero)).ExtractMostSignificantBits();

        /// <summary>The low 16 bits of 4 lanes, as 4 shorts.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void StoreLow16(ref byte destination, Vector128<int> values) =>
            Unsafe.WriteUnaligned(ref destination, Vector128.Shuffle(values.AsByte(), Vector128.Create((byte)0, 1, 4, 5, 8, 9, 12, 13, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff)).AsUInt64().ToScalar());

        /// <summary>The low bytes of 4 lanes, as 4 bytes.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void StoreLow8(ref byte destination, Vector128<int> values) =>
            Unsafe.WriteUnaligned(ref destination, Vector128.Shuffle(values.AsByte(), Vector128.Create((byte)0, 4, 8, 12, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff)).AsUInt32().ToScalar());

        /// <summary>Whether a lane is negative as an int (a uint 32 above int.MaxValue, an int 32 below zero).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool AnyNegative(Vector128<int> lanes) => Vector128.LessThanAny(lanes, Vector128<int>.Zero);

        /// <summary>16 sign-extended bytes as 16 ints.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void StoreAsInt32(ref byte destination, Vector128<sbyte> values)
        {
            (Vector128<short> low, Vector128<short> high) = Vector128.Widen(values);
            (Vector128<int> a, Vector128<int> b) = Vector128.Widen(low);
            (Vector128<int> c, Vector128<int> d) = Vector128.Widen(high);
            Unsafe.WriteUnaligned(ref destination, a);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 16), b);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 32), c);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 48), d);
        }

        /// <summary>16 sign-extended bytes as 16 longs.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void StoreAsInt64(ref byte destination, Vector128<sbyte> values)
        {
            (Vector128<short> low, Vector128<short> high) = Vector128.Widen(values);
            (Vector128<int> a, Vector128<int> b) = Vector128.Widen(low);
            (Vector128<int> c, Vector128<int> d) = Vector128.Widen(high);
            StorePair(ref destination, a);
            StorePair(ref Unsafe.Add(ref destination, 32), b);
            StorePair(ref Unsafe.Add(ref destination, 64), c);
            StorePair(ref Unsafe.Add(ref destination, 96), d);
        }

        /// <summary>4 ints sign-extended to 4 longs.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void StorePair(ref byte destination, Vector128<int> values)
        {
            (Vector128<long> low, Vector128<long> high) = Vector128.Widen(values);
            Unsafe.WriteUnaligned(ref destination, low);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 16), high);
        }

        /// <summary>4 uints zero-extended to 4 ulongs.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void StorePair(ref byte destination, Vector128<uint> values)
        {
            (Vector128<ulong> low, Vector128<ulong> high) = Vector128.Widen(values);
            Unsafe.WriteUnaligned(ref destination, low);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 16), high);
        }

        /// <summary>16 sign-extended bytes as 16 shorts.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void StoreAsInt16(ref byte destination, Vector128<sbyte> values)
        {
            (Vector128<short> low, Vector128<short> high) = Vector128.Widen(values);
            Unsafe.WriteUnaligned(ref destination, low);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 16), high);
        }
    }

    internal readonly struct Int32Lanes : IIntegerLanes
    {
        public bool Signed => true;

        public int ItemSize => sizeof(int);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoad4(ref byte source, out Vector128<int> lanes)
        {
            lanes = Unsafe.ReadUnaligned<Vector128<int>>(ref source);
            return true;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoadFixInts(ref byte source, out Vector128<byte> encoded) => Lanes.TryLoadFixInts<Int32Lanes>(ref source, out encoded);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreFixInts(ref byte destination, Vector128<sbyte> values) => Lanes.StoreAsInt32(ref destination, values);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryStore4(ref byte destination, Vector128<int> lanes, bool fromSigned)
        {
            // A uint 32 above int.MaxValue does not fit.
            if (!fromSigned && Lanes.AnyNegative(lanes))
            {
                return false;
            }

            Unsafe.WriteUnaligned(ref destination, lanes);
            return true;
        }

        // A uint 32 above int.MaxValue does not fit: an unsigned lane with the top bit.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public uint MixedFits(Vector128<int> values, Vector128<int> signedLanes) => ~Vector128.AndNot(values, signedLanes).ExtractMostSignificantBits();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreMixed4(ref byte destination, Vector128<int> values, Vector128<int> signedLanes) => Unsafe.WriteUnaligned(ref destination, values);
    }

    internal readonly struct UInt32Lanes : IIntegerLanes
    {
        public bool Signed => false;

        public int ItemSize => sizeof(uint);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoad4(ref byte source, out Vector128<int> lanes)
        {
            lanes = Unsafe.ReadUnaligned<Vector128<int>>(ref source);
            return true;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoadFixInts(ref byte source, out Vector128<byte> encoded) => Lanes.TryLoadFixInts<UInt32Lanes>(ref source, out encoded);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreFixInts(ref byte destination, Vector128<sbyte> values) => Lanes.StoreAsInt32(ref destination, values);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryStore4(ref byte destination, Vector128<int> lanes, bool fromSigned)
        {
            // An int 32 below zero does not fit.
            if (fromSigned && Lanes.AnyNegative(lanes))
            {
                return false;
            }

            Unsafe.WriteUnaligned(ref destination, lanes);
            return true;
        }

        // A negative value (a signed lane with the top bit) does not fit.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public uint MixedFits(Vector128<int> values, Vector128<int> signedLanes) => ~(values & signedLanes).ExtractMostSignificantBits();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreMixed4(ref byte destination, Vector128<int> values, Vector128<int> signedLanes) => Unsafe.WriteUnaligned(ref destination, values);
    }

    internal readonly struct Int64Lanes : IIntegerLanes
    {
        public bool Signed => true;

        public int ItemSize => sizeof(long);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoad4(ref byte source, out Vector128<int> lanes)
        {
            Vector128<long> low = Unsafe.ReadUnaligned<Vector128<long>>(ref source);
            Vector128<long> high = Unsafe.ReadUnaligned<Vector128<long>>(ref Unsafe.Add(ref source, 16));

            // In int range exactly when v + 2^31 is below 2^32.
            Vector128<long> bias = Vector128.Create(0x8000_0000L);
            lanes = Vector128.Narrow(low, high);
            return Vector128.ShiftRightLogical(((low + bias) | (high + bias)).AsUInt64(), 32) == Vector128<ulong>.Zero;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoadFixInts(ref byte source, out Vector128<byte> encoded) => Lanes.TryLoadFixInts<Int64Lanes>(ref source, out encoded);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreFixInts(ref byte destination, Vector128<sbyte> values) => Lanes.StoreAsInt64(ref destination, values);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryStore4(ref byte destination, Vector128<int> lanes, bool fromSigned)
        {
            if (fromSigned)
            {
                Lanes.StorePair(ref destination, lanes);
            }
            else
            {
                Lanes.StorePair(ref destination, lanes.AsUInt32());
            }

            return true;
        }

        // Every value of 4 bytes or fewer fits.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public uint MixedFits(Vector128<int> values, Vector128<int> signedLanes) => 0xf;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreMixed4(ref byte destination, Vector128<int> values, Vector128<int> signedLanes)
        {
            // Sign-extended, then the upper halves cleared where an unsigned lane has the top bit (a uint 32 above int.MaxValue).
            Vector128<int> unsignedHigh = Vector128.ShiftRightArithmetic(Vector128.AndNot(values, signedLanes), 31);
            (Vector128<long> low, Vector128<long> high) = Vector128.Widen(values);
            (Vector128<long> clearLow, Vector128<long> clearHigh) = Vector128.Widen(unsignedHigh);
            Unsafe.WriteUnaligned(ref destination, Vector128.AndNot(low, Vector128.ShiftLeft(clearLow, 32)));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 16), Vector128.AndNot(high, Vector128.ShiftLeft(clearHigh, 32)));
        }
    }

    internal readonly struct UInt64Lanes : IIntegerLanes
    {
        public bool Signed => false;

        public int ItemSize => sizeof(ulong);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoad4(ref byte source, out Vector128<int> lanes)
        {
            Vector128<ulong> low = Unsafe.ReadUnaligned<Vector128<ulong>>(ref source);
            Vector128<ulong> high = Unsafe.ReadUnaligned<Vector128<ulong>>(ref Unsafe.Add(ref source, 16));
            lanes = Vector128.Narrow(low, high).AsInt32();
            return Vector128.ShiftRightLogical(low | high, 32) == Vector128<ulong>.Zero;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoadFixInts(ref byte source, out Vector128<byte> encoded) => Lanes.TryLoadFixInts<UInt64Lanes>(ref source, out encoded);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreFixInts(ref byte destination, Vector128<sbyte> values) => Lanes.StoreAsInt64(ref destination, values);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryStore4(ref byte destination, Vector128<int> lanes, bool fromSigned)
        {
            if (fromSigned && Lanes.AnyNegative(lanes))
            {
                return false;
            }

            Lanes.StorePair(ref destination, lanes.AsUInt32());
            return true;
        }

        // A negative value does not fit; the others are 0 to uint.MaxValue, zero-extended.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public uint MixedFits(Vector128<int> values, Vector128<int> signedLanes) => ~(values & signedLanes).ExtractMostSignificantBits();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreMixed4(ref byte destination, Vector128<int> values, Vector128<int> signedLanes) => Lanes.StorePair(ref destination, values.AsUInt32());
    }

    internal readonly struct Int16Lanes : IIntegerLanes
    {
        public bool Signed => true;

        public int ItemSize => sizeof(short);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoad4(ref byte source, out Vector128<int> lanes)
        {
            lanes = Vector128.WidenLower(Vector128.CreateScalarUnsafe(Unsafe.ReadUnaligned<long>(ref source)).AsInt16());
            return true;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoadFixInts(ref byte source, out Vector128<byte> encoded)
        {
            Vector128<short> low = Unsafe.ReadUnaligned<Vector128<short>>(ref source);
            Vector128<short> high = Unsafe.ReadUnaligned<Vector128<short>>(ref Unsafe.Add(ref source, 16));
            Vector128<short> bias = Vector128.Create((short)32);
            encoded = Vector128.Narrow(low, high).AsByte();
            return !Vector128.GreaterThanAny(Vector128.Max((low + bias).AsUInt16(), (high + bias).AsUInt16()), Vector128.Create((ushort)159));
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreFixInts(ref byte destination, Vector128<sbyte> values) => Lanes.StoreAsInt16(ref destination, values);

        // uint 32 and int 32 rarely hold a value that fits 16 bits: the per-value core reads those.
        public bool TryStore4(ref byte destination, Vector128<int> lanes, bool fromSigned) => false;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public uint MixedFits(Vector128<int> values, Vector128<int> signedLanes) => Lanes.SignedFits(values, signedLanes, short.MinValue, short.MaxValue);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreMixed4(ref byte destination, Vector128<int> values, Vector128<int> signedLanes) => Lanes.StoreLow16(ref destination, values);
    }

    internal readonly struct UInt16Lanes : IIntegerLanes
    {
        public bool Signed => false;

        public int ItemSize => sizeof(ushort);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoad4(ref byte source, out Vector128<int> lanes)
        {
            lanes = Vector128.WidenLower(Vector128.CreateScalarUnsafe(Unsafe.ReadUnaligned<long>(ref source)).AsUInt16()).AsInt32();
            return true;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoadFixInts(ref byte source, out Vector128<byte> encoded)
        {
            Vector128<ushort> low = Unsafe.ReadUnaligned<Vector128<ushort>>(ref source);
            Vector128<ushort> high = Unsafe.ReadUnaligned<Vector128<ushort>>(ref Unsafe.Add(ref source, 16));
            encoded = Vector128.Narrow(low, high);
            return ((low | high) & Vector128.Create((ushort)0xff80)) == Vector128<ushort>.Zero;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreFixInts(ref byte destination, Vector128<sbyte> values) => Lanes.StoreAsInt16(ref destination, values);

        public bool TryStore4(ref byte destination, Vector128<int> lanes, bool fromSigned) => false;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public uint MixedFits(Vector128<int> values, Vector128<int> signedLanes) => Lanes.UnsignedFits(values, ushort.MaxValue);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreMixed4(ref byte destination, Vector128<int> values, Vector128<int> signedLanes) => Lanes.StoreLow16(ref destination, values);
    }

    internal readonly struct SByteLanes : IIntegerLanes
    {
        public bool Signed => true;

        public int ItemSize => sizeof(sbyte);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoad4(ref byte source, out Vector128<int> lanes)
        {
            lanes = Vector128.WidenLower(Vector128.WidenLower(Vector128.CreateScalarUnsafe(Unsafe.ReadUnaligned<int>(ref source)).AsSByte()));
            return true;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoadFixInts(ref byte source, out Vector128<byte> encoded)
        {
            // Every sbyte from -32 up is its own fixint byte.
            encoded = Unsafe.ReadUnaligned<Vector128<byte>>(ref source);
            return Vector128.GreaterThanOrEqualAll(encoded.AsSByte(), Vector128.Create((sbyte)-32));
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreFixInts(ref byte destination, Vector128<sbyte> values) => Unsafe.WriteUnaligned(ref destination, values);

        public bool TryStore4(ref byte destination, Vector128<int> lanes, bool fromSigned) => false;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public uint MixedFits(Vector128<int> values, Vector128<int> signedLanes) => Lanes.SignedFits(values, signedLanes, sbyte.MinValue, sbyte.MaxValue);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreMixed4(ref byte destination, Vector128<int> values, Vector128<int> signedLanes) => Lanes.StoreLow8(ref destination, values);
    }

    internal readonly struct ByteLanes : IIntegerLanes
    {
        public bool Signed => false;

        public int ItemSize => sizeof(byte);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoad4(ref byte source, out Vector128<int> lanes)
        {
            lanes = Vector128.WidenLower(Vector128.WidenLower(Vector128.CreateScalarUnsafe(Unsafe.ReadUnaligned<uint>(ref source)).AsByte())).AsInt32();
            return true;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryLoadFixInts(ref byte source, out Vector128<byte> encoded)
        {
            encoded = Unsafe.ReadUnaligned<Vector128<byte>>(ref source);
            return (encoded & Vector128.Create((byte)0x80)) == Vector128<byte>.Zero;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreFixInts(ref byte destination, Vector128<sbyte> values) => Unsafe.WriteUnaligned(ref destination, values);

        public bool TryStore4(ref byte destination, Vector128<int> lanes, bool fromSigned) => false;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public uint MixedFits(Vector128<int> values, Vector128<int> signedLanes) => Lanes.UnsignedFits(values, byte.MaxValue);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreMixed4(ref byte destination, Vector128<int> values, Vector128<int> signedLanes) => Lanes.StoreLow8(ref destination, values);
    }
}
#endif
