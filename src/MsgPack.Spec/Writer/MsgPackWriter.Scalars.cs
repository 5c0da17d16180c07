namespace MsgPack.Spec
{
    public ref partial struct MsgPackWriter
    {
        /// <summary>Writes nil (0xc0); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteNil()
        {
            int written = MsgPackSpec.EncodeNil(ref Room(1));
            _position += written;
        }

        /// <summary>Writes a boolean; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteBoolean(bool value)
        {
            int written = MsgPackSpec.EncodeBoolean(ref Room(1), value);
            _position += written;
        }

        /// <summary>Writes a <see cref="long"/> in its smallest form; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt64(long value)
        {
            int written = MsgPackSpec.EncodeInt64(ref Room(MsgPackSpec.MaxInt64EncodedLength), value);
            _position += written;
        }

        /// <summary>Writes an <see cref="int"/> in its smallest form; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt32(int value)
        {
            int written = MsgPackSpec.EncodeInt32(ref Room(MsgPackSpec.MaxInt32EncodedLength), value);
            _position += written;
        }

        /// <summary>Writes a <see cref="short"/> in its smallest form; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt16(short value)
        {
            int written = MsgPackSpec.EncodeInt16(ref Room(MsgPackSpec.MaxInt16EncodedLength), value);
            _position += written;
        }

        /// <summary>Writes an <see cref="sbyte"/> in its smallest form; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteSByte(sbyte value)
        {
            int written = MsgPackSpec.EncodeSByte(ref Room(MsgPackSpec.MaxInt8EncodedLength), value);
            _position += written;
        }

        /// <summary>Writes a <see cref="ulong"/> in its smallest form; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt64(ulong value)
        {
            int written = MsgPackSpec.EncodeUInt64(ref Room(MsgPackSpec.MaxInt64EncodedLength), value);
            _position += written;
        }

        /// <summary>Writes a <see cref="uint"/> in its smallest form; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt32(uint value)
        {
            int written = MsgPackSpec.EncodeUInt32(ref Room(MsgPackSpec.MaxInt32EncodedLength), value);
            _position += written;
        }

        /// <summary>Writes a <see cref="ushort"/> in its smallest form; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt16(ushort value)
        {
            int written = MsgPackSpec.EncodeUInt16(ref Room(MsgPackSpec.MaxInt16EncodedLength), value);
            _position += written;
        }

        /// <summary>Writes a <see cref="byte"/> in its smallest form; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteByte(byte value)
        {
            int written = MsgPackSpec.EncodeByte(ref Room(MsgPackSpec.MaxInt8EncodedLength), value);
            _position += written;
        }

        /// <summary>Writes a positive fixint (0 to 127); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WritePositiveFixInt(byte value)
        {
            int written = MsgPackSpec.EncodePositiveFixInt(ref Room(1), value);
            _position += written;
        }

        /// <summary>Writes a negative fixint (-32 to -1); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteNegativeFixInt(sbyte value)
        {
            int written = MsgPackSpec.EncodeNegativeFixInt(ref Room(1), value);
            _position += written;
        }

        /// <summary>Writes a uint 8 (0xcc); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt8Exact(byte value)
        {
            int written = MsgPackSpec.EncodeUInt8Exact(ref Room(2), value);
            _position += written;
        }

        /// <summary>Writes a uint 16 (0xcd); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt16Exact(ushort value)
        {
            int written = MsgPackSpec.EncodeUInt16Exact(ref Room(3), value);
            _position += written;
        }

        /// <summary>Writes a uint 32 (0xce); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt32Exact(uint value)
        {
            int written = MsgPackSpec.EncodeUInt32Exact(ref Room(5), value);
            _position += written;
        }

        /// <summary>Writes a uint 64 (0xcf); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt64Exact(ulong value)
        {
            int written = MsgPackSpec.EncodeUInt64Exact(ref Room(9), value);
            _position += written;
        }

        /// <summary>Writes an int 8 (0xd0); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt8Exact(sbyte value)
        {
            int written = MsgPackSpec.EncodeInt8Exact(ref Room(2), value);
            _position += written;
        }

        /// <summary>Writes an int 16 (0xd1); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt16Exact(short value)
        {
            int written = MsgPackSpec.EncodeInt16Exact(ref Room(3), value);
            _position += written;
        }

        /// <summary>Writes an int 32 (0xd2); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt32Exact(int value)
        {
            int written = MsgPackSpec.EncodeInt32Exact(ref Room(5), value);
            _position += written;
        }

        /// <summary>Writes an int 64 (0xd3); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        /// <remarks>For length prefixes and reserved slots, never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt64Exact(long value)
        {
            int written = MsgPackSpec.EncodeInt64Exact(ref Room(9), value);
            _position += written;
        }

        /// <summary>Writes a float 32; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteSingle(float value)
        {
            int written = MsgPackSpec.EncodeSingle(ref Room(5), value);
            _position += written;
        }

        /// <summary>Writes a float 64; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteDouble(double value)
        {
            int written = MsgPackSpec.EncodeDouble(ref Room(9), value);
            _position += written;
        }

        /// <summary>Writes a timestamp in its smallest form; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteTimestamp(Timestamp value)
        {
            int written = MsgPackSpec.EncodeTimestamp(ref Room(MsgPackSpec.MaxTimestampEncodedLength), value);
            _position += written;
        }

        /// <summary>Writes a timestamp 32; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteTimestamp32(Timestamp value)
        {
            int written = MsgPackSpec.EncodeTimestamp32(ref Room(6), value);
            _position += written;
        }

        /// <summary>Writes a timestamp 64; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteTimestamp64(Timestamp value)
        {
            int written = MsgPackSpec.EncodeTimestamp64(ref Room(10), value);
            _position += written;
        }

        /// <summary>Writes a timestamp 96; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteTimestamp96(Timestamp value)
        {
            int written = MsgPackSpec.EncodeTimestamp96(ref Room(15), value);
            _position += written;
        }
    }
}
