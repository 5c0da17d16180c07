namespace MsgPack.Spec
{
    // array: the header's length and cores. The span, pointer and Try doors over them are written by
    // tools/MsgPack.Spec.CodeGen into MsgPackSpec.FrontDoors.g.cs, as every format's that share a shape.
    public static unsafe partial class MsgPackSpec
    {
        /// <summary>The number of bytes the smallest array header for <paramref name="count"/> takes: 1, 3 or 5.</summary>
        /// <param name="count">The number of items; zero or positive.</param>
        /// <returns>The header length.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int GetArrayHeaderEncodedLength(int count) => GetLengthHeaderLength(count, 15, false);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeArrayHeader(ref byte destination, int value) =>
            EncodeLengthHeader(ref destination, value, DataCodes.MinFixArray, 15, 0, DataCodes.Array16, DataCodes.Array32);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeArrayHeader(ref byte source, int length, out int value, out int bytesRead) =>
            DecodeLengthHeader(ref source, length, DataCodes.MinFixArray, 15, 0, DataCodes.Array16, DataCodes.Array32, out value, out bytesRead);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeFixArrayHeader(ref byte destination, byte value) => EncodeFixHeader(ref destination, DataCodes.MinFixArray, 15, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeArray16Header(ref byte destination, ushort value) => EncodeCodeAndUInt16(ref destination, DataCodes.Array16, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeArray32Header(ref byte destination, uint value) => EncodeCodeAndUInt32(ref destination, DataCodes.Array32, value);
    }
}
