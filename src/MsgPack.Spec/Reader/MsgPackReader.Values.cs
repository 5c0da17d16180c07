namespace MsgPack.Spec
{
    public ref partial struct MsgPackReader
    {
        /// <summary>Reads nil.</summary>
        /// <exception cref="MsgPackException">The next value is not nil, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void ReadNil() => Read<NilDecoder, bool>();

        /// <summary>Tries to read nil; consumes nothing unless the result is Done.</summary>
        /// <returns>Done, NeedMoreData (the input ends first) or InvalidData (the next value is not nil).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadNil() => TryRead<NilDecoder, bool>(out _);

        /// <summary>Tells whether the next value is nil, without consuming it; false at the end of the input.</summary>
        /// <returns><see langword="true"/> when the next byte is 0xc0.</returns>
        public bool IsNil()
        {
            if (_index == _current.Length && !MoveToNextSegment())
            {
                return false;
            }

            return _current[_index] == DataCodes.Nil;
        }

        /// <summary>Reads a boolean.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool ReadBoolean() => Read<BooleanDecoder, bool>();

        /// <summary>Tries to read a boolean; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadBoolean(out bool value) => TryRead<BooleanDecoder, bool>(out value);

        /// <summary>Reads an integer that fits <see cref="long"/>.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public long ReadInt64() => Read<Int64Decoder, long>();

        /// <summary>Tries to read an integer that fits <see cref="long"/>; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadInt64(out long value) => TryRead<Int64Decoder, long>(out value);

        /// <summary>Reads an integer that fits <see cref="int"/>.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int ReadInt32() => Read<Int32Decoder, int>();

        /// <summary>Tries to read an integer that fits <see cref="int"/>; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadInt32(out int value) => TryRead<Int32Decoder, int>(out value);

        /// <summary>Reads an integer that fits <see cref="short"/>.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public short ReadInt16() => Read<Int16Decoder, short>();

        /// <summary>Tries to read an integer that fits <see cref="short"/>; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadInt16(out short value) => TryRead<Int16Decoder, short>(out value);

        /// <summary>Reads an integer that fits <see cref="sbyte"/>.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public sbyte ReadSByte() => Read<SByteDecoder, sbyte>();

        /// <summary>Tries to read an integer that fits <see cref="sbyte"/>; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadSByte(out sbyte value) => TryRead<SByteDecoder, sbyte>(out value);

        /// <summary>Reads an integer that fits <see cref="ulong"/>.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ulong ReadUInt64() => Read<UInt64Decoder, ulong>();

        /// <summary>Tries to read an integer that fits <see cref="ulong"/>; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadUInt64(out ulong value) => TryRead<UInt64Decoder, ulong>(out value);

        /// <summary>Reads an integer that fits <see cref="uint"/>.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public uint ReadUInt32() => Read<UInt32Decoder, uint>();

        /// <summary>Tries to read an integer that fits <see cref="uint"/>; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadUInt32(out uint value) => TryRead<UInt32Decoder, uint>(out value);

        /// <summary>Reads an integer that fits <see cref="ushort"/>.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ushort ReadUInt16() => Read<UInt16Decoder, ushort>();

        /// <summary>Tries to read an integer that fits <see cref="ushort"/>; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadUInt16(out ushort value) => TryRead<UInt16Decoder, ushort>(out value);

        /// <summary>Reads an integer that fits <see cref="byte"/>.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public byte ReadByte() => Read<ByteDecoder, byte>();

        /// <summary>Tries to read an integer that fits <see cref="byte"/>; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadByte(out byte value) => TryRead<ByteDecoder, byte>(out value);

        /// <summary>Reads a float 32.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public float ReadSingle() => Read<SingleDecoder, float>();

        /// <summary>Tries to read a float 32; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadSingle(out float value) => TryRead<SingleDecoder, float>(out value);

        /// <summary>Reads a float 64, or a float 32 widened exactly.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public double ReadDouble() => Read<DoubleDecoder, double>();

        /// <summary>Tries to read a float 64, or a float 32 widened exactly; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadDouble(out double value) => TryRead<DoubleDecoder, double>(out value);

        /// <summary>Reads a timestamp (ext type -1, any of its three forms).</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Timestamp ReadTimestamp() => Read<TimestampDecoder, Timestamp>();

        /// <summary>Tries to read a timestamp (ext type -1, any of its three forms); consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadTimestamp(out Timestamp value) => TryRead<TimestampDecoder, Timestamp>(out value);

        /// <summary>Reads an array header: the number of items that follow.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int ReadArrayHeader() => Read<ArrayHeaderDecoder, int>();

        /// <summary>Tries to read an array header: the number of items that follow; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadArrayHeader(out int value) => TryRead<ArrayHeaderDecoder, int>(out value);

        /// <summary>Reads a map header: the number of key/value pairs that follow.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int ReadMapHeader() => Read<MapHeaderDecoder, int>();

        /// <summary>Tries to read a map header: the number of key/value pairs that follow; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadMapHeader(out int value) => TryRead<MapHeaderDecoder, int>(out value);

        /// <summary>Reads a str header: the UTF-8 byte length that follows.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int ReadStringHeader() => Read<StringHeaderDecoder, int>();

        /// <summary>Tries to read a str header: the UTF-8 byte length that follows; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadStringHeader(out int value) => TryRead<StringHeaderDecoder, int>(out value);

        /// <summary>Reads a bin header: the byte length that follows.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int ReadBinaryHeader() => Read<BinaryHeaderDecoder, int>();

        /// <summary>Tries to read a bin header: the byte length that follows; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadBinaryHeader(out int value) => TryRead<BinaryHeaderDecoder, int>(out value);

        /// <summary>Reads an ext header: the type code and the data length that follows.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The next value is not that, does not fit, or the input ends (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ExtensionHeader ReadExtensionHeader() => Read<ExtensionHeaderDecoder, ExtensionHeader>();

        /// <summary>Tries to read an ext header: the type code and the data length that follows; consumes nothing unless the result is Done.</summary>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the value) or InvalidData (not that value, or it does not fit).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public OperationStatus TryReadExtensionHeader(out ExtensionHeader value) => TryRead<ExtensionHeaderDecoder, ExtensionHeader>(out value);
    }
}
