namespace MsgPack.Spec
{
    // bin: the lengths and the cores. The span, pointer and Try doors over them are written by
    // tools/MsgPack.Spec.CodeGen into MsgPackSpec.FrontDoors.g.cs, as every format's that share a shape.
    public static unsafe partial class MsgPackSpec
    {
        /// <summary>The number of bytes the smallest bin header for <paramref name="length"/> takes: 2, 3 or 5.</summary>
        /// <param name="length">The length in bytes; zero or positive.</param>
        /// <returns>The header length.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int GetBinaryHeaderEncodedLength(int length) => GetLengthHeaderLength(length, 0, true);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeBinaryHeader(ref byte destination, int value) =>
            EncodeLengthHeader(ref destination, value, 0, 0, DataCodes.Binary8, DataCodes.Binary16, DataCodes.Binary32);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeBinaryHeader(ref byte source, int length, out int value, out int bytesRead) =>
            DecodeLengthHeader(ref source, length, 0, 0, DataCodes.Binary8, DataCodes.Binary16, DataCodes.Binary32, out value, out bytesRead);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeBinary8Header(ref byte destination, byte value) => EncodeCodeAndByte(ref destination, DataCodes.Binary8, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeBinary16Header(ref byte destination, ushort value) => EncodeCodeAndUInt16(ref destination, DataCodes.Binary16, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeBinary32Header(ref byte destination, uint value) => EncodeCodeAndUInt32(ref destination, DataCodes.Binary32, value);

        /// <summary>The number of bytes a bin value of <paramref name="length"/> bytes takes: the smallest header plus the bytes.</summary>
        /// <param name="length">The payload length; zero or positive.</param>
        /// <returns>The encoded length.</returns>
        /// <exception cref="OverflowException">The sum exceeds <see cref="int.MaxValue"/>.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int GetBinaryEncodedLength(int length) => checked(GetBinaryHeaderEncodedLength(length) + length);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeBinary(ref byte source, int length, out int payloadOffset, out int payloadLength, out int bytesRead)
        {
            ReadStatus status = DecodeBinaryHeader(ref source, length, out payloadLength, out payloadOffset);
            return CheckPayload(status, length, ref payloadOffset, payloadLength, out bytesRead);
        }
    }
}
