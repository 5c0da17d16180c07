using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MsgPack.Spec
{
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

        // ---- Front doors: smallest-form writers.

        /// <summary>Writes a <see cref="long"/> in its smallest form.</summary>
        /// <param name="destination">Where to write; at most MaxInt64EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt64(Span<byte> destination, long value)
        {
            // The hot path: room for the largest form, one compare. A shorter destination goes out of line, where the
            // exact size is computed; nothing the caller keeps in registers has to survive a call on the hot path.
            return destination.Length >= MaxInt64EncodedLength
                ? EncodeInt64(ref MemoryMarshal.GetReference(destination), value)
                : WriteInt64Short(destination, value);
        }

        /// <summary>The out-of-line half of <see cref="WriteInt64(Span{byte}, long)"/>: a destination shorter than the largest form.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int WriteInt64Short(Span<byte> destination, long value)
        {
            EnsureRoom(destination.Length, GetInt64EncodedLength(value));
            return EncodeInt64(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Writes a <see cref="long"/> in its smallest form, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write; at most MaxInt64EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteInt64(Span<byte> destination, long value, out int bytesWritten)
        {
            if (destination.Length < MaxInt64EncodedLength && destination.Length < (bytesWritten = GetInt64EncodedLength(value)))
            {
                return false;
            }

            bytesWritten = EncodeInt64(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes a <see cref="long"/> in its smallest form at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees room for the value (at most MaxInt64EncodedLength bytes).</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt64(byte* destination, long value) => EncodeInt64(ref *destination, value);

        /// <summary>Writes a <see cref="int"/> in its smallest form.</summary>
        /// <param name="destination">Where to write; at most MaxInt32EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt32(Span<byte> destination, int value)
        {
            // The hot path: room for the largest form, one compare. A shorter destination goes out of line, where the
            // exact size is computed; nothing the caller keeps in registers has to survive a call on the hot path.
            return destination.Length >= MaxInt32EncodedLength
                ? EncodeInt32(ref MemoryMarshal.GetReference(destination), value)
                : WriteInt32Short(destination, value);
        }

        /// <summary>The out-of-line half of <see cref="WriteInt32(Span{byte}, int)"/>: a destination shorter than the largest form.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int WriteInt32Short(Span<byte> destination, int value)
        {
            EnsureRoom(destination.Length, GetInt64EncodedLength(value));
            return EncodeInt32(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Writes a <see cref="int"/> in its smallest form, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write; at most MaxInt32EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteInt32(Span<byte> destination, int value, out int bytesWritten)
        {
            if (destination.Length < MaxInt32EncodedLength && destination.Length < (bytesWritten = GetInt64EncodedLength(value)))
            {
                return false;
            }

            bytesWritten = EncodeInt32(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes a <see cref="int"/> in its smallest form at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees room for the value (at most MaxInt32EncodedLength bytes).</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt32(byte* destination, int value) => EncodeInt32(ref *destination, value);

        /// <summary>Writes a <see cref="short"/> in its smallest form.</summary>
        /// <param name="destination">Where to write; at most MaxInt16EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt16(Span<byte> destination, short value)
        {
            // The hot path: room for the largest form, one compare. A shorter destination goes out of line, where the
            // exact size is computed; nothing the caller keeps in registers has to survive a call on the hot path.
            return destination.Length >= MaxInt16EncodedLength
                ? EncodeInt16(ref MemoryMarshal.GetReference(destination), value)
                : WriteInt16Short(destination, value);
        }

        /// <summary>The out-of-line half of <see cref="WriteInt16(Span{byte}, short)"/>: a destination shorter than the largest form.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int WriteInt16Short(Span<byte> destination, short value)
        {
            EnsureRoom(destination.Length, GetInt64EncodedLength(value));
            return EncodeInt16(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Writes a <see cref="short"/> in its smallest form, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write; at most MaxInt16EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteInt16(Span<byte> destination, short value, out int bytesWritten)
        {
            if (destination.Length < MaxInt16EncodedLength && destination.Length < (bytesWritten = GetInt64EncodedLength(value)))
            {
                return false;
            }

            bytesWritten = EncodeInt16(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes a <see cref="short"/> in its smallest form at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees room for the value (at most MaxInt16EncodedLength bytes).</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt16(byte* destination, short value) => EncodeInt16(ref *destination, value);

        /// <summary>Writes a <see cref="sbyte"/> in its smallest form.</summary>
        /// <param name="destination">Where to write; at most MaxInt8EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteSByte(Span<byte> destination, sbyte value)
        {
            // The hot path: room for the largest form, one compare. A shorter destination goes out of line, where the
            // exact size is computed; nothing the caller keeps in registers has to survive a call on the hot path.
            return destination.Length >= MaxInt8EncodedLength
                ? EncodeSByte(ref MemoryMarshal.GetReference(destination), value)
                : WriteSByteShort(destination, value);
        }

        /// <summary>The out-of-line half of <see cref="WriteSByte(Span{byte}, sbyte)"/>: a destination shorter than the largest form.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int WriteSByteShort(Span<byte> destination, sbyte value)
        {
            EnsureRoom(destination.Length, GetInt64EncodedLength(value));
            return EncodeSByte(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Writes a <see cref="sbyte"/> in its smallest form, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write; at most MaxInt8EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteSByte(Span<byte> destination, sbyte value, out int bytesWritten)
        {
            if (destination.Length < MaxInt8EncodedLength && destination.Length < (bytesWritten = GetInt64EncodedLength(value)))
            {
                return false;
            }

            bytesWritten = EncodeSByte(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes a <see cref="sbyte"/> in its smallest form at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees room for the value (at most MaxInt8EncodedLength bytes).</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteSByte(byte* destination, sbyte value) => EncodeSByte(ref *destination, value);

        /// <summary>Writes a <see cref="ulong"/> in its smallest form.</summary>
        /// <param name="destination">Where to write; at most MaxInt64EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt64(Span<byte> destination, ulong value)
        {
            // The hot path: room for the largest form, one compare. A shorter destination goes out of line, where the
            // exact size is computed; nothing the caller keeps in registers has to survive a call on the hot path.
            return destination.Length >= MaxInt64EncodedLength
                ? EncodeUInt64(ref MemoryMarshal.GetReference(destination), value)
                : WriteUInt64Short(destination, value);
        }

        /// <summary>The out-of-line half of <see cref="WriteUInt64(Span{byte}, ulong)"/>: a destination shorter than the largest form.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int WriteUInt64Short(Span<byte> destination, ulong value)
        {
            EnsureRoom(destination.Length, GetUInt64EncodedLength(value));
            return EncodeUInt64(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Writes a <see cref="ulong"/> in its smallest form, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write; at most MaxInt64EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteUInt64(Span<byte> destination, ulong value, out int bytesWritten)
        {
            if (destination.Length < MaxInt64EncodedLength && destination.Length < (bytesWritten = GetUInt64EncodedLength(value)))
            {
                return false;
            }

            bytesWritten = EncodeUInt64(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes a <see cref="ulong"/> in its smallest form at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees room for the value (at most MaxInt64EncodedLength bytes).</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt64(byte* destination, ulong value) => EncodeUInt64(ref *destination, value);

        /// <summary>Writes a <see cref="uint"/> in its smallest form.</summary>
        /// <param name="destination">Where to write; at most MaxInt32EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt32(Span<byte> destination, uint value)
        {
            // The hot path: room for the largest form, one compare. A shorter destination goes out of line, where the
            // exact size is computed; nothing the caller keeps in registers has to survive a call on the hot path.
            return destination.Length >= MaxInt32EncodedLength
                ? EncodeUInt32(ref MemoryMarshal.GetReference(destination), value)
                : WriteUInt32Short(destination, value);
        }

        /// <summary>The out-of-line half of <see cref="WriteUInt32(Span{byte}, uint)"/>: a destination shorter than the largest form.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int WriteUInt32Short(Span<byte> destination, uint value)
        {
            EnsureRoom(destination.Length, GetUInt64EncodedLength(value));
            return EncodeUInt32(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Writes a <see cref="uint"/> in its smallest form, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write; at most MaxInt32EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteUInt32(Span<byte> destination, uint value, out int bytesWritten)
        {
            if (destination.Length < MaxInt32EncodedLength && destination.Length < (bytesWritten = GetUInt64EncodedLength(value)))
            {
                return false;
            }

            bytesWritten = EncodeUInt32(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes a <see cref="uint"/> in its smallest form at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees room for the value (at most MaxInt32EncodedLength bytes).</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt32(byte* destination, uint value) => EncodeUInt32(ref *destination, value);

        /// <summary>Writes a <see cref="ushort"/> in its smallest form.</summary>
        /// <param name="destination">Where to write; at most MaxInt16EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt16(Span<byte> destination, ushort value)
        {
            // The hot path: room for the largest form, one compare. A shorter destination goes out of line, where the
            // exact size is computed; nothing the caller keeps in registers has to survive a call on the hot path.
            return destination.Length >= MaxInt16EncodedLength
                ? EncodeUInt16(ref MemoryMarshal.GetReference(destination), value)
                : WriteUInt16Short(destination, value);
        }

        /// <summary>The out-of-line half of <see cref="WriteUInt16(Span{byte}, ushort)"/>: a destination shorter than the largest form.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int WriteUInt16Short(Span<byte> destination, ushort value)
        {
            EnsureRoom(destination.Length, GetUInt64EncodedLength(value));
            return EncodeUInt16(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Writes a <see cref="ushort"/> in its smallest form, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write; at most MaxInt16EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteUInt16(Span<byte> destination, ushort value, out int bytesWritten)
        {
            if (destination.Length < MaxInt16EncodedLength && destination.Length < (bytesWritten = GetUInt64EncodedLength(value)))
            {
                return false;
            }

            bytesWritten = EncodeUInt16(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes a <see cref="ushort"/> in its smallest form at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees room for the value (at most MaxInt16EncodedLength bytes).</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt16(byte* destination, ushort value) => EncodeUInt16(ref *destination, value);

        /// <summary>Writes a <see cref="byte"/> in its smallest form.</summary>
        /// <param name="destination">Where to write; at most MaxInt8EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteByte(Span<byte> destination, byte value)
        {
            // The hot path: room for the largest form, one compare. A shorter destination goes out of line, where the
            // exact size is computed; nothing the caller keeps in registers has to survive a call on the hot path.
            return destination.Length >= MaxInt8EncodedLength
                ? EncodeByte(ref MemoryMarshal.GetReference(destination), value)
                : WriteByteShort(destination, value);
        }

        /// <summary>The out-of-line half of <see cref="WriteByte(Span{byte}, byte)"/>: a destination shorter than the largest form.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int WriteByteShort(Span<byte> destination, byte value)
        {
            EnsureRoom(destination.Length, GetUInt64EncodedLength(value));
            return EncodeByte(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Writes a <see cref="byte"/> in its smallest form, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write; at most MaxInt8EncodedLength bytes are needed.</param>
        /// <param name="value">The value to write.</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteByte(Span<byte> destination, byte value, out int bytesWritten)
        {
            if (destination.Length < MaxInt8EncodedLength && destination.Length < (bytesWritten = GetUInt64EncodedLength(value)))
            {
                return false;
            }

            bytesWritten = EncodeByte(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes a <see cref="byte"/> in its smallest form at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees room for the value (at most MaxInt8EncodedLength bytes).</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteByte(byte* destination, byte value) => EncodeByte(ref *destination, value);

        // ---- Front doors: exact-format writers.

        /// <summary>Writes a positive fixint (0 to 127; larger values throw <see cref="ArgumentOutOfRangeException"/>): always 1 byte.</summary>
        /// <param name="destination">Where to write; at least 1 byte.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 1.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is empty.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WritePositiveFixInt(Span<byte> destination, byte value) => EncodePositiveFixInt(ref Reserve(destination, 1), value);

        /// <summary>Writes a positive fixint (0 to 127; larger values throw <see cref="ArgumentOutOfRangeException"/>) at a pointer, unchecked: always 1 byte.</summary>
        /// <param name="destination">Where to write; the caller guarantees 1 writable byte.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 1.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WritePositiveFixInt(byte* destination, byte value) => EncodePositiveFixInt(ref *destination, value);

        /// <summary>Writes a negative fixint (-32 to -1; other values throw <see cref="ArgumentOutOfRangeException"/>): always 1 byte.</summary>
        /// <param name="destination">Where to write; at least 1 byte.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 1.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is empty.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteNegativeFixInt(Span<byte> destination, sbyte value) => EncodeNegativeFixInt(ref Reserve(destination, 1), value);

        /// <summary>Writes a negative fixint (-32 to -1; other values throw <see cref="ArgumentOutOfRangeException"/>) at a pointer, unchecked: always 1 byte.</summary>
        /// <param name="destination">Where to write; the caller guarantees 1 writable byte.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 1.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteNegativeFixInt(byte* destination, sbyte value) => EncodeNegativeFixInt(ref *destination, value);

        /// <summary>Writes a uint 8 (0xcc): always 2 bytes.</summary>
        /// <param name="destination">Where to write; at least 2 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 2.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 2 bytes.</exception>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt8Exact(Span<byte> destination, byte value) => EncodeUInt8Exact(ref Reserve(destination, 2), value);

        /// <summary>Writes a uint 8 (0xcc) at a pointer, unchecked: always 2 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 2 writable bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 2.</returns>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt8Exact(byte* destination, byte value) => EncodeUInt8Exact(ref *destination, value);

        /// <summary>Writes a uint 16 (0xcd): always 3 bytes.</summary>
        /// <param name="destination">Where to write; at least 3 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 3.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 3 bytes.</exception>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt16Exact(Span<byte> destination, ushort value) => EncodeUInt16Exact(ref Reserve(destination, 3), value);

        /// <summary>Writes a uint 16 (0xcd) at a pointer, unchecked: always 3 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 3 writable bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 3.</returns>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt16Exact(byte* destination, ushort value) => EncodeUInt16Exact(ref *destination, value);

        /// <summary>Writes a uint 32 (0xce): always 5 bytes.</summary>
        /// <param name="destination">Where to write; at least 5 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 5.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 5 bytes.</exception>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt32Exact(Span<byte> destination, uint value) => EncodeUInt32Exact(ref Reserve(destination, 5), value);

        /// <summary>Writes a uint 32 (0xce) at a pointer, unchecked: always 5 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 5 writable bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 5.</returns>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt32Exact(byte* destination, uint value) => EncodeUInt32Exact(ref *destination, value);

        /// <summary>Writes a uint 64 (0xcf): always 9 bytes.</summary>
        /// <param name="destination">Where to write; at least 9 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 9.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 9 bytes.</exception>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt64Exact(Span<byte> destination, ulong value) => EncodeUInt64Exact(ref Reserve(destination, 9), value);

        /// <summary>Writes a uint 64 (0xcf) at a pointer, unchecked: always 9 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 9 writable bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 9.</returns>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt64Exact(byte* destination, ulong value) => EncodeUInt64Exact(ref *destination, value);

        /// <summary>Writes an int 8 (0xd0): always 2 bytes.</summary>
        /// <param name="destination">Where to write; at least 2 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 2.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 2 bytes.</exception>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt8Exact(Span<byte> destination, sbyte value) => EncodeInt8Exact(ref Reserve(destination, 2), value);

        /// <summary>Writes an int 8 (0xd0) at a pointer, unchecked: always 2 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 2 writable bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 2.</returns>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt8Exact(byte* destination, sbyte value) => EncodeInt8Exact(ref *destination, value);

        /// <summary>Writes an int 16 (0xd1): always 3 bytes.</summary>
        /// <param name="destination">Where to write; at least 3 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 3.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 3 bytes.</exception>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt16Exact(Span<byte> destination, short value) => EncodeInt16Exact(ref Reserve(destination, 3), value);

        /// <summary>Writes an int 16 (0xd1) at a pointer, unchecked: always 3 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 3 writable bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 3.</returns>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt16Exact(byte* destination, short value) => EncodeInt16Exact(ref *destination, value);

        /// <summary>Writes an int 32 (0xd2): always 5 bytes.</summary>
        /// <param name="destination">Where to write; at least 5 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 5.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 5 bytes.</exception>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt32Exact(Span<byte> destination, int value) => EncodeInt32Exact(ref Reserve(destination, 5), value);

        /// <summary>Writes an int 32 (0xd2) at a pointer, unchecked: always 5 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 5 writable bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 5.</returns>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt32Exact(byte* destination, int value) => EncodeInt32Exact(ref *destination, value);

        /// <summary>Writes an int 64 (0xd3): always 9 bytes.</summary>
        /// <param name="destination">Where to write; at least 9 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 9.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 9 bytes.</exception>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt64Exact(Span<byte> destination, long value) => EncodeInt64Exact(ref Reserve(destination, 9), value);

        /// <summary>Writes an int 64 (0xd3) at a pointer, unchecked: always 9 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 9 writable bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>The number of bytes written, 9.</returns>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt64Exact(byte* destination, long value) => EncodeInt64Exact(ref *destination, value);

        // ---- Front doors: readers.

        /// <summary>Reads an integer that fits <see cref="long"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="long"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static long ReadInt64(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeInt64(ref MemoryMarshal.GetReference(source), source.Length, out long value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "an integer that fits Int64");
            return value;
        }

        /// <summary>Tries to read an integer that fits <see cref="long"/> from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadInt64(ReadOnlySpan<byte> source, out long value, out int bytesRead) =>
            DecodeInt64(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads an integer that fits <see cref="long"/> from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="long"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static long ReadInt64(byte* source, int length, out int bytesRead) => ReadInt64(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read an integer that fits <see cref="long"/> from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadInt64(byte* source, int length, out long value, out int bytesRead) =>
            TryReadInt64(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);

        /// <summary>Reads an integer that fits <see cref="int"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="int"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadInt32(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeInt32(ref MemoryMarshal.GetReference(source), source.Length, out int value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "an integer that fits Int32");
            return value;
        }

        /// <summary>Tries to read an integer that fits <see cref="int"/> from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadInt32(ReadOnlySpan<byte> source, out int value, out int bytesRead) =>
            DecodeInt32(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads an integer that fits <see cref="int"/> from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="int"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadInt32(byte* source, int length, out int bytesRead) => ReadInt32(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read an integer that fits <see cref="int"/> from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadInt32(byte* source, int length, out int value, out int bytesRead) =>
            TryReadInt32(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);

        /// <summary>Reads an integer that fits <see cref="short"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="short"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static short ReadInt16(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeInt16(ref MemoryMarshal.GetReference(source), source.Length, out short value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "an integer that fits Int16");
            return value;
        }

        /// <summary>Tries to read an integer that fits <see cref="short"/> from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadInt16(ReadOnlySpan<byte> source, out short value, out int bytesRead) =>
            DecodeInt16(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads an integer that fits <see cref="short"/> from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="short"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static short ReadInt16(byte* source, int length, out int bytesRead) => ReadInt16(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read an integer that fits <see cref="short"/> from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadInt16(byte* source, int length, out short value, out int bytesRead) =>
            TryReadInt16(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);

        /// <summary>Reads an integer that fits <see cref="sbyte"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="sbyte"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static sbyte ReadSByte(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeSByte(ref MemoryMarshal.GetReference(source), source.Length, out sbyte value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "an integer that fits SByte");
            return value;
        }

        /// <summary>Tries to read an integer that fits <see cref="sbyte"/> from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadSByte(ReadOnlySpan<byte> source, out sbyte value, out int bytesRead) =>
            DecodeSByte(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads an integer that fits <see cref="sbyte"/> from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="sbyte"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static sbyte ReadSByte(byte* source, int length, out int bytesRead) => ReadSByte(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read an integer that fits <see cref="sbyte"/> from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadSByte(byte* source, int length, out sbyte value, out int bytesRead) =>
            TryReadSByte(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);

        /// <summary>Reads an integer that fits <see cref="ulong"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="ulong"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ulong ReadUInt64(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeUInt64(ref MemoryMarshal.GetReference(source), source.Length, out ulong value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "an integer that fits UInt64");
            return value;
        }

        /// <summary>Tries to read an integer that fits <see cref="ulong"/> from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadUInt64(ReadOnlySpan<byte> source, out ulong value, out int bytesRead) =>
            DecodeUInt64(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads an integer that fits <see cref="ulong"/> from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="ulong"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ulong ReadUInt64(byte* source, int length, out int bytesRead) => ReadUInt64(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read an integer that fits <see cref="ulong"/> from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadUInt64(byte* source, int length, out ulong value, out int bytesRead) =>
            TryReadUInt64(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);

        /// <summary>Reads an integer that fits <see cref="uint"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="uint"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static uint ReadUInt32(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeUInt32(ref MemoryMarshal.GetReference(source), source.Length, out uint value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "an integer that fits UInt32");
            return value;
        }

        /// <summary>Tries to read an integer that fits <see cref="uint"/> from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadUInt32(ReadOnlySpan<byte> source, out uint value, out int bytesRead) =>
            DecodeUInt32(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads an integer that fits <see cref="uint"/> from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="uint"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static uint ReadUInt32(byte* source, int length, out int bytesRead) => ReadUInt32(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read an integer that fits <see cref="uint"/> from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadUInt32(byte* source, int length, out uint value, out int bytesRead) =>
            TryReadUInt32(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);

        /// <summary>Reads an integer that fits <see cref="ushort"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="ushort"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ushort ReadUInt16(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeUInt16(ref MemoryMarshal.GetReference(source), source.Length, out ushort value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "an integer that fits UInt16");
            return value;
        }

        /// <summary>Tries to read an integer that fits <see cref="ushort"/> from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadUInt16(ReadOnlySpan<byte> source, out ushort value, out int bytesRead) =>
            DecodeUInt16(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads an integer that fits <see cref="ushort"/> from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="ushort"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ushort ReadUInt16(byte* source, int length, out int bytesRead) => ReadUInt16(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read an integer that fits <see cref="ushort"/> from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadUInt16(byte* source, int length, out ushort value, out int bytesRead) =>
            TryReadUInt16(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);

        /// <summary>Reads an integer that fits <see cref="byte"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="byte"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static byte ReadByte(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeByte(ref MemoryMarshal.GetReference(source), source.Length, out byte value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "an integer that fits Byte");
            return value;
        }

        /// <summary>Tries to read an integer that fits <see cref="byte"/> from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadByte(ReadOnlySpan<byte> source, out byte value, out int bytesRead) =>
            DecodeByte(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads an integer that fits <see cref="byte"/> from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not an integer that fits <see cref="byte"/> or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static byte ReadByte(byte* source, int length, out int bytesRead) => ReadByte(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read an integer that fits <see cref="byte"/> from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadByte(byte* source, int length, out byte value, out int bytesRead) =>
            TryReadByte(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);
    }
}
