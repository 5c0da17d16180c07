namespace MsgPack.Spec
{
    public ref partial struct MsgPackWriter
    {
        /// <summary>Writes an array header in its smallest form (the count of items that follow); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteArrayHeader(int value)
        {
            int written = MsgPackSpec.EncodeArrayHeader(ref Room(MsgPackSpec.MaxHeaderEncodedLength), value);
            _position += written;
        }

        /// <summary>Writes a fixarray header (0 to 15 items); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteFixArrayHeader(byte value)
        {
            int written = MsgPackSpec.EncodeFixArrayHeader(ref Room(1), value);
            _position += written;
        }

        /// <summary>Writes an array 16 header; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteArray16Header(ushort value)
        {
            int written = MsgPackSpec.EncodeArray16Header(ref Room(3), value);
            _position += written;
        }

        /// <summary>Writes an array 32 header; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteArray32Header(uint value)
        {
            int written = MsgPackSpec.EncodeArray32Header(ref Room(5), value);
            _position += written;
        }

        /// <summary>Writes a map header in its smallest form (the count of key/value pairs that follow); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteMapHeader(int value)
        {
            int written = MsgPackSpec.EncodeMapHeader(ref Room(MsgPackSpec.MaxHeaderEncodedLength), value);
            _position += written;
        }

        /// <summary>Writes a fixmap header (0 to 15 pairs); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteFixMapHeader(byte value)
        {
            int written = MsgPackSpec.EncodeFixMapHeader(ref Room(1), value);
            _position += written;
        }

        /// <summary>Writes a map 16 header; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteMap16Header(ushort value)
        {
            int written = MsgPackSpec.EncodeMap16Header(ref Room(3), value);
            _position += written;
        }

        /// <summary>Writes a map 32 header; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteMap32Header(uint value)
        {
            int written = MsgPackSpec.EncodeMap32Header(ref Room(5), value);
            _position += written;
        }

        /// <summary>Writes a str header in its smallest form (the UTF-8 byte length that follows); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteStringHeader(int value)
        {
            int written = MsgPackSpec.EncodeStringHeader(ref Room(MsgPackSpec.MaxHeaderEncodedLength), value);
            _position += written;
        }

        /// <summary>Writes a fixstr header (0 to 31 bytes); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteFixStringHeader(byte value)
        {
            int written = MsgPackSpec.EncodeFixStringHeader(ref Room(1), value);
            _position += written;
        }

        /// <summary>Writes a str 8 header; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteString8Header(byte value)
        {
            int written = MsgPackSpec.EncodeString8Header(ref Room(2), value);
            _position += written;
        }

        /// <summary>Writes a str 16 header; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteString16Header(ushort value)
        {
            int written = MsgPackSpec.EncodeString16Header(ref Room(3), value);
            _position += written;
        }

        /// <summary>Writes a str 32 header; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteString32Header(uint value)
        {
            int written = MsgPackSpec.EncodeString32Header(ref Room(5), value);
            _position += written;
        }

        /// <summary>Writes a bin header in its smallest form (the byte length that follows); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteBinaryHeader(int value)
        {
            int written = MsgPackSpec.EncodeBinaryHeader(ref Room(MsgPackSpec.MaxHeaderEncodedLength), value);
            _position += written;
        }

        /// <summary>Writes a bin 8 header; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteBinary8Header(byte value)
        {
            int written = MsgPackSpec.EncodeBinary8Header(ref Room(2), value);
            _position += written;
        }

        /// <summary>Writes a bin 16 header; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteBinary16Header(ushort value)
        {
            int written = MsgPackSpec.EncodeBinary16Header(ref Room(3), value);
            _position += written;
        }

        /// <summary>Writes a bin 32 header; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteBinary32Header(uint value)
        {
            int written = MsgPackSpec.EncodeBinary32Header(ref Room(5), value);
            _position += written;
        }

        /// <summary>Writes an ext header in its smallest form; the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteExtensionHeader(ExtensionHeader value)
        {
            int written = MsgPackSpec.EncodeExtensionHeader(ref Room(MsgPackSpec.MaxExtensionHeaderEncodedLength), value);
            _position += written;
        }

        /// <summary>Writes a fixext 1 header (the type code; 1 data byte follows); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteFixExtension1Header(sbyte value)
        {
            int written = MsgPackSpec.EncodeFixExtension1Header(ref Room(2), value);
            _position += written;
        }

        /// <summary>Writes a fixext 2 header (the type code; 2 data bytes follow); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteFixExtension2Header(sbyte value)
        {
            int written = MsgPackSpec.EncodeFixExtension2Header(ref Room(2), value);
            _position += written;
        }

        /// <summary>Writes a fixext 4 header (the type code; 4 data bytes follow); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteFixExtension4Header(sbyte value)
        {
            int written = MsgPackSpec.EncodeFixExtension4Header(ref Room(2), value);
            _position += written;
        }

        /// <summary>Writes a fixext 8 header (the type code; 8 data bytes follow); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteFixExtension8Header(sbyte value)
        {
            int written = MsgPackSpec.EncodeFixExtension8Header(ref Room(2), value);
            _position += written;
        }

        /// <summary>Writes a fixext 16 header (the type code; 16 data bytes follow); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteFixExtension16Header(sbyte value)
        {
            int written = MsgPackSpec.EncodeFixExtension16Header(ref Room(2), value);
            _position += written;
        }

        /// <summary>Writes an ext 8 header (the type code and the data length); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="typeCode">The type code.</param>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteExtension8Header(sbyte typeCode, byte value)
        {
            int written = MsgPackSpec.EncodeExtension8Header(ref Room(3), typeCode, value);
            _position += written;
        }

        /// <summary>Writes an ext 16 header (the type code and the data length); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="typeCode">The type code.</param>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteExtension16Header(sbyte typeCode, ushort value)
        {
            int written = MsgPackSpec.EncodeExtension16Header(ref Room(4), typeCode, value);
            _position += written;
        }

        /// <summary>Writes an ext 32 header (the type code and the data length); the same bytes as <see cref="MsgPackSpec"/>'s writer of the same name.</summary>
        /// <param name="typeCode">The type code.</param>
        /// <param name="value">The value, as the MsgPackSpec writer of the same name takes it.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteExtension32Header(sbyte typeCode, uint value)
        {
            int written = MsgPackSpec.EncodeExtension32Header(ref Room(6), typeCode, value);
            _position += written;
        }
    }
}
