namespace MsgPack.Spec
{
    /// <summary>
    /// One decoding core of <see cref="MsgPackSpec"/>, as a type: the sequence reader is written once, generic over
    /// these structs, and the JIT compiles a copy per struct with the core inlined, as if written by hand.
    /// </summary>
    internal interface IValueDecoder<T>
    {
        /// <summary>What the decoder reads, in words, for exception messages.</summary>
        string Expected { get; }

        ReadStatus Decode(ref byte source, int length, out T value, out int bytesRead);
    }

    /// <summary>The header of any token, as <see cref="MsgPackSpec.DecodeTokenHeader"/> reads it.</summary>
    internal readonly struct TokenHeader
    {
        public TokenHeader(int headerLength, long payloadLength, long childCount)
        {
            HeaderLength = headerLength;
            PayloadLength = payloadLength;
            ChildCount = childCount;
        }

        public int HeaderLength { get; }

        public long PayloadLength { get; }

        public long ChildCount { get; }
    }

    internal readonly struct TokenHeaderDecoder : IValueDecoder<TokenHeader>
    {
        public string Expected => "a whole value";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out TokenHeader value, out int bytesRead)
        {
            ReadStatus status = MsgPackSpec.DecodeTokenHeader(ref source, length, out bytesRead, out long payloadLength, out long childCount);
            value = new TokenHeader(bytesRead, payloadLength, childCount);
            return status;
        }
    }

    internal readonly struct NilDecoder : IValueDecoder<bool>
    {
        public string Expected => "nil";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out bool value, out int bytesRead)
        {
            ReadStatus status = MsgPackSpec.DecodeNil(ref source, length, out bytesRead);
            value = status == ReadStatus.Done;
            return status;
        }
    }

    internal readonly struct BooleanDecoder : IValueDecoder<bool>
    {
        public string Expected => "a boolean";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out bool value, out int bytesRead) =>
            MsgPackSpec.DecodeBoolean(ref source, length, out value, out bytesRead);
    }

    internal readonly struct Int64Decoder : IValueDecoder<long>
    {
        public string Expected => "an integer that fits Int64";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out long value, out int bytesRead) =>
            MsgPackSpec.DecodeInt64(ref source, length, out value, out bytesRead);
    }

    internal readonly struct Int32Decoder : IValueDecoder<int>
    {
        public string Expected => "an integer that fits Int32";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out int value, out int bytesRead) =>
            MsgPackSpec.DecodeInt32(ref source, length, out value, out bytesRead);
    }

    internal readonly struct Int16Decoder : IValueDecoder<short>
    {
        public string Expected => "an integer that fits Int16";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out short value, out int bytesRead) =>
            MsgPackSpec.DecodeInt16(ref source, length, out value, out bytesRead);
    }

    internal readonly struct SByteDecoder : IValueDecoder<sbyte>
    {
        public string Expected => "an integer that fits SByte";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out sbyte value, out int bytesRead) =>
            MsgPackSpec.DecodeSByte(ref source, length, out value, out bytesRead);
    }

    internal readonly struct UInt64Decoder : IValueDecoder<ulong>
    {
        public string Expected => "an integer that fits UInt64";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out ulong value, out int bytesRead) =>
            MsgPackSpec.DecodeUInt64(ref source, length, out value, out bytesRead);
    }

    internal readonly struct UInt32Decoder : IValueDecoder<uint>
    {
        public string Expected => "an integer that fits UInt32";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out uint value, out int bytesRead) =>
            MsgPackSpec.DecodeUInt32(ref source, length, out value, out bytesRead);
    }

    internal readonly struct UInt16Decoder : IValueDecoder<ushort>
    {
        public string Expected => "an integer that fits UInt16";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out ushort value, out int bytesRead) =>
            MsgPackSpec.DecodeUInt16(ref source, length, out value, out bytesRead);
    }

    internal readonly struct ByteDecoder : IValueDecoder<byte>
    {
        public string Expected => "an integer that fits Byte";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out byte value, out int bytesRead) =>
            MsgPackSpec.DecodeByte(ref source, length, out value, out bytesRead);
    }

    internal readonly struct SingleDecoder : IValueDecoder<float>
    {
        public string Expected => "a float 32";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out float value, out int bytesRead) =>
            MsgPackSpec.DecodeSingle(ref source, length, out value, out bytesRead);
    }

    internal readonly struct DoubleDecoder : IValueDecoder<double>
    {
        public string Expected => "a float 64 or float 32";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out double value, out int bytesRead) =>
            MsgPackSpec.DecodeDouble(ref source, length, out value, out bytesRead);
    }

    internal readonly struct TimestampDecoder : IValueDecoder<Timestamp>
    {
        public string Expected => "a timestamp (ext type -1)";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out Timestamp value, out int bytesRead) =>
            MsgPackSpec.DecodeTimestamp(ref source, length, out value, out bytesRead);
    }

    internal readonly struct ArrayHeaderDecoder : IValueDecoder<int>
    {
        public string Expected => "an array header";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out int value, out int bytesRead) =>
            MsgPackSpec.DecodeArrayHeader(ref source, length, out value, out bytesRead);
    }

    internal readonly struct MapHeaderDecoder : IValueDecoder<int>
    {
        public string Expected => "a map header";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out int value, out int bytesRead) =>
            MsgPackSpec.DecodeMapHeader(ref source, length, out value, out bytesRead);
    }

    internal readonly struct StringHeaderDecoder : IValueDecoder<int>
    {
        public string Expected => "a str header";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out int value, out int bytesRead) =>
            MsgPackSpec.DecodeStringHeader(ref source, length, out value, out bytesRead);
    }

    internal readonly struct BinaryHeaderDecoder : IValueDecoder<int>
    {
        public string Expected => "a bin header";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out int value, out int bytesRead) =>
            MsgPackSpec.DecodeBinaryHeader(ref source, length, out value, out bytesRead);
    }

    internal readonly struct ExtensionHeaderDecoder : IValueDecoder<ExtensionHeader>
    {
        public string Expected => "an ext header";

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out ExtensionHeader value, out int bytesRead) =>
            MsgPackSpec.DecodeExtensionHeader(ref source, length, out value, out bytesRead);
    }
}
