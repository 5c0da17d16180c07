namespace MsgPack.Spec
{
    // int: the lengths and the cores. The span, pointer and Try doors over the cores are written by
    // tools/MsgPack.Spec.CodeGen into MsgPackSpec.FrontDoors.g.cs, as every format's that share a shape.
    public static unsafe partial class MsgPackSpec
    {
        /// <summary>The most bytes any integer takes: a code and 8 bytes (uint 64, int 64).</summary>
        public const int MaxInt64EncodedLength = 9;

        /// <summary>The most bytes a 32-bit integer takes: a code and 4 bytes (uint 32, int 32).</summary>
        public const int MaxInt32EncodedLength = 5;

        /// <summary>The most bytes a 16-bit integer takes: a code and 2 bytes.</summary>
        public const int MaxInt16EncodedLength = 3;

        /// <summary>The most bytes an 8-bit integer takes: a code and 1 byte.</summary>
        public const int MaxInt8EncodedLength = 2;

        /// <summary>The number of bytes <paramref name="value"/> takes in its smallest form: 1, 2, 3, 5 or 9.</summary>
        /// <param name="value">The value.</param>
        /// <returns>The encoded length.</returns>
        /// <remarks>Non-negative values are counted in the unsigned formats, as the writers write them.</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int GetInt64EncodedLength(long value)
        {
            if (value >= 0)
            {
                return GetUInt64EncodedLength((ulong)value);
            }

            return value >= -32 ? 1 : value >= sbyte.MinValue ? 2 : value >= short.MinValue ? 3 : value >= int.MinValue ? 5 : 9;
        }

        /// <summary>The number of bytes <paramref name="value"/> takes in its smallest form: 1, 2, 3, 5 or 9.</summary>
        /// <param name="value">The value.</param>
        /// <returns>The encoded length.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int GetUInt64EncodedLength(ulong value) =>
            value <= DataCodes.MaxPositiveFixInt ? 1 : value <= byte.MaxValue ? 2 : value <= ushort.MaxValue ? 3 : value <= uint.MaxValue ? 5 : 9;

        // ---- Encoding cores: smallest forms. Non-negative values always take the unsigned formats, as the
        // specification recommends (a Tarantool server rejects signed formats for unsigned fields).

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeUInt32(ref byte destination, uint value)
        {
            if (value <= DataCodes.MaxPositiveFixInt)
            {
                destination = (byte)value;
                return 1;
            }

            if (value <= byte.MaxValue)
            {
                return EncodeUInt8Exact(ref destination, (byte)value);
            }

            if (value <= ushort.MaxValue)
            {
                return EncodeUInt16Exact(ref destination, (ushort)value);
            }

            return EncodeUInt32Exact(ref destination, value);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeUInt64(ref byte destination, ulong value) =>
            value <= uint.MaxValue ? EncodeUInt32(ref destination, (uint)value) : EncodeUInt64Exact(ref destination, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeUInt16(ref byte destination, ushort value) => EncodeUInt32(ref destination, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeByte(ref byte destination, byte value) => EncodeUInt32(ref destination, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeInt32(ref byte destination, int value) =>
            value >= 0 ? EncodeUInt32(ref destination, (uint)value) : EncodeNegativeInt32(ref destination, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeInt64(ref byte destination, long value)
        {
            if (value >= 0)
            {
                return EncodeUInt64(ref destination, (ulong)value);
            }

            return value >= int.MinValue ? EncodeNegativeInt32(ref destination, (int)value) : EncodeInt64Exact(ref destination, value);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeInt16(ref byte destination, short value) => EncodeInt32(ref destination, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeSByte(ref byte destination, sbyte value) => EncodeInt32(ref destination, value);

        /// <summary>Writes a negative value that fits 32 bits: negative fixint, int 8, int 16 or int 32.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int EncodeNegativeInt32(ref byte destination, int value)
        {
            if (value >= -32)
            {
                destination = unchecked((byte)value);
                return 1;
            }

            if (value >= sbyte.MinValue)
            {
                return EncodeInt8Exact(ref destination, (sbyte)value);
            }

            if (value >= short.MinValue)
            {
                return EncodeInt16Exact(ref destination, (short)value);
            }

            return EncodeInt32Exact(ref destination, value);
        }

        // ---- Encoding cores: exact formats.

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodePositiveFixInt(ref byte destination, byte value)
        {
            if (value > DataCodes.MaxPositiveFixInt)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(value), value, "from 0 to 127");
            }

            destination = value;
            return 1;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeNegativeFixInt(ref byte destination, sbyte value)
        {
            if (value < -32 || value > -1)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(value), value, "from -32 to -1");
            }

            destination = unchecked((byte)value);
            return 1;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeUInt8Exact(ref byte destination, byte value) => EncodeCodeAndByte(ref destination, DataCodes.UInt8, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeUInt16Exact(ref byte destination, ushort value) => EncodeCodeAndUInt16(ref destination, DataCodes.UInt16, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeUInt32Exact(ref byte destination, uint value) => EncodeCodeAndUInt32(ref destination, DataCodes.UInt32, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeUInt64Exact(ref byte destination, ulong value) => EncodeCodeAndUInt64(ref destination, DataCodes.UInt64, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeInt8Exact(ref byte destination, sbyte value) => EncodeCodeAndByte(ref destination, DataCodes.Int8, unchecked((byte)value));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeInt16Exact(ref byte destination, short value) => EncodeCodeAndUInt16(ref destination, DataCodes.Int16, unchecked((ushort)value));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeInt32Exact(ref byte destination, int value) => EncodeCodeAndUInt32(ref destination, DataCodes.Int32, unchecked((uint)value));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeInt64Exact(ref byte destination, long value) => EncodeCodeAndUInt64(ref destination, DataCodes.Int64, unchecked((ulong)value));

        // ---- Decoding cores.

        /// <summary>
        /// Reads any integer format into a <see cref="long"/>. Every format's value fits a long but a uint 64 above
        /// <see cref="long.MaxValue"/>: for a signed target (<paramref name="signedTarget"/>, a constant at every call)
        /// that is an overflow, returned from its own case; for an unsigned one <paramref name="aboveInt64"/> is set
        /// and <paramref name="value"/> holds its bits. One switch on the code, so that each format is a jump, a length
        /// check, a load and a return of a constant status: the caller's status checks then fold into one test.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ReadStatus DecodeInteger(ref byte source, int length, bool signedTarget, out long value, out bool aboveInt64, out int bytesRead)
        {
            aboveInt64 = false;
            if (length <= 0)
            {
                value = 0;
                return NeedMoreData(1, out bytesRead);
            }

            uint code = source;
            if (code <= DataCodes.MaxPositiveFixInt)
            {
                value = code;
                bytesRead = 1;
                return ReadStatus.Done;
            }

            if (code >= DataCodes.MinNegativeFixInt)
            {
                value = unchecked((sbyte)code);
                bytesRead = 1;
                return ReadStatus.Done;
            }

            ref byte payload = ref Unsafe.Add(ref source, 1);
            switch (code)
            {
                case DataCodes.UInt8:
                    bytesRead = 2;
                    if (length < 2)
                    {
                        break;
                    }

                    value = payload;
                    return ReadStatus.Done;
                case DataCodes.UInt16:
                    bytesRead = 3;
                    if (length < 3)
                    {
                        break;
                    }

                    value = BigEndian.ReadUInt16(ref payload);
                    return ReadStatus.Done;
                case DataCodes.UInt32:
                    bytesRead = 5;
                    if (length < 5)
                    {
                        break;
                    }

                    value = BigEndian.ReadUInt32(ref payload);
                    return ReadStatus.Done;
                case DataCodes.UInt64:
                    bytesRead = 9;
                    if (length < 9)
                    {
                        break;
                    }

                    value = BigEndian.ReadInt64(ref payload);
                    if (signedTarget && value < 0)
                    {
                        value = 0;
                        return Invalid(ReadStatus.Overflow, out bytesRead);
                    }

                    // Unsigned targets: the flag is never set for signed ones, so their range check folds away.
                    aboveInt64 = !signedTarget && value < 0;
                    return ReadStatus.Done;
                case DataCodes.Int8:
                    bytesRead = 2;
                    if (length < 2)
                    {
                        break;
                    }

                    value = unchecked((sbyte)payload);
                    return ReadStatus.Done;
                case DataCodes.Int16:
                    bytesRead = 3;
                    if (length < 3)
                    {
                        break;
                    }

                    value = BigEndian.ReadInt16(ref payload);
                    return ReadStatus.Done;
                case DataCodes.Int32:
                    bytesRead = 5;
                    if (length < 5)
                    {
                        break;
                    }

                    value = BigEndian.ReadInt32(ref payload);
                    return ReadStatus.Done;
                case DataCodes.Int64:
                    bytesRead = 9;
                    if (length < 9)
                    {
                        break;
                    }

                    value = BigEndian.ReadInt64(ref payload);
                    return ReadStatus.Done;
                default:
                    value = 0;
                    return Invalid(ReadStatus.UnexpectedCode, out bytesRead);
            }

            // The format's bytes are not all there (bytesRead says how many it takes); nothing past the input was read.
            value = 0;
            return ReadStatus.NeedMoreData;
        }

        /// <summary>Reads any integer format and checks that the value lies in [min, max].</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ReadStatus DecodeSigned(ref byte source, int length, long min, long max, out long value, out int bytesRead)
        {
            ReadStatus status = DecodeInteger(ref source, length, signedTarget: true, out value, out _, out bytesRead);
            if (status == ReadStatus.Done && (value < min || value > max))
            {
                value = 0;
                return Invalid(ReadStatus.Overflow, out bytesRead);
            }

            return status;
        }

        /// <summary>Reads any integer format and checks that the value lies in [0, max].</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ReadStatus DecodeUnsigned(ref byte source, int length, ulong max, out ulong value, out int bytesRead)
        {
            ReadStatus status = DecodeInteger(ref source, length, signedTarget: false, out long bits, out bool aboveInt64, out bytesRead);
            value = unchecked((ulong)bits);
            if (status == ReadStatus.Done && ((bits < 0 && !aboveInt64) || value > max))
            {
                value = 0;
                return Invalid(ReadStatus.Overflow, out bytesRead);
            }

            return status;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeInt64(ref byte source, int length, out long value, out int bytesRead)
        {
            ReadStatus status = DecodeSigned(ref source, length, long.MinValue, long.MaxValue, out long wide, out bytesRead);
            value = unchecked((long)wide);
            return status;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeInt32(ref byte source, int length, out int value, out int bytesRead)
        {
            ReadStatus status = DecodeSigned(ref source, length, int.MinValue, int.MaxValue, out long wide, out bytesRead);
            value = unchecked((int)wide);
            return status;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeInt16(ref byte source, int length, out short value, out int bytesRead)
        {
            ReadStatus status = DecodeSigned(ref source, length, short.MinValue, short.MaxValue, out long wide, out bytesRead);
            value = unchecked((short)wide);
            return status;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeSByte(ref byte source, int length, out sbyte value, out int bytesRead)
        {
            ReadStatus status = DecodeSigned(ref source, length, sbyte.MinValue, sbyte.MaxValue, out long wide, out bytesRead);
            value = unchecked((sbyte)wide);
            return status;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeUInt64(ref byte source, int length, out ulong value, out int bytesRead)
        {
            ReadStatus status = DecodeUnsigned(ref source, length, ulong.MaxValue, out ulong wide, out bytesRead);
            value = unchecked((ulong)wide);
            return status;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeUInt32(ref byte source, int length, out uint value, out int bytesRead)
        {
            ReadStatus status = DecodeUnsigned(ref source, length, uint.MaxValue, out ulong wide, out bytesRead);
            value = unchecked((uint)wide);
            return status;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeUInt16(ref byte source, int length, out ushort value, out int bytesRead)
        {
            ReadStatus status = DecodeUnsigned(ref source, length, ushort.MaxValue, out ulong wide, out bytesRead);
            value = unchecked((ushort)wide);
            return status;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeByte(ref byte source, int length, out byte value, out int bytesRead)
        {
            ReadStatus status = DecodeUnsigned(ref source, length, byte.MaxValue, out ulong wide, out bytesRead);
            value = unchecked((byte)wide);
            return status;
        }
    }
}
