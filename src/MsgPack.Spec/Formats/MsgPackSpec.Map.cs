namespace MsgPack.Spec
{
    // map: the header's length and cores. The span, pointer and Try doors over them are written by
    // tools/MsgPack.Spec.CodeGen into MsgPackSpec.FrontDoors.g.cs, as every format's that share a shape.
    public static unsafe partial class MsgPackSpec
    {
        /// <summary>The number of bytes the smallest map header for <paramref name="count"/> takes: 1, 3 or 5.</summary>
        /// <param name="count">The number of key/value pairs; zero or positive.</param>
        /// <returns>The header length.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int GetMapHeaderEncodedLength(int count) => GetLengthHeaderLength(count, 15, false);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeMapHeader(ref byte destination, int value) =>
            EncodeLengthHeader(ref destination, value, DataCodes.MinFixMap, 15, 0, DataCodes.Map16, DataCodes.Map32);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeMapHeader(ref byte source, int length, out int value, out int bytesRead) =>
            DecodeLengthHeader(ref source, length, DataCodes.MinFixMap, 15, 0, DataCodes.Map16, DataCodes.Map32, out value, out bytesRead);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeFixMapHeader(ref byte destination, byte value) => EncodeFixHeader(ref destination, DataCodes.MinFixMap, 15, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeMap16Header(ref byte destination, ushort value) => EncodeCodeAndUInt16(ref destination, DataCodes.Map16, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeMap32Header(ref byte destination, uint value) => EncodeCodeAndUInt32(ref destination, DataCodes.Map32, value);
    }
}
