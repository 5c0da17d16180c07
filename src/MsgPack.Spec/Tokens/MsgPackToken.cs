namespace MsgPack.Spec
{
    /// <summary>
    /// One token of a MessagePack document, as the token readers (<c>MsgPackSpec.ReadToken</c>,
    /// <see cref="MsgPackReader.ReadToken"/>) return it: a whole scalar with its value, or the header of a str, bin,
    /// ext, array or map. It tells every format apart (<see cref="Format"/>) and hands over any integer without the
    /// caller knowing its sign or width beforehand.
    /// </summary>
    /// <remarks>
    /// <para>
    /// <b>What a token covers.</b> nil, bool, the integers, the floats and timestamps (ext type -1) are read whole.
    /// A str, bin or ext token is its header: <see cref="Length"/> bytes of payload come next in the input, to be read
    /// (<c>ReadBytes</c>) or stepped over. An array or map token is its header: <see cref="Count"/> items (arrays) or
    /// entries (maps, each a key then a value) come next, each one token or more.
    /// </para>
    /// <para>
    /// The getters check the type: asking a string for its integer value throws <see cref="InvalidOperationException"/>,
    /// as <c>Utf8JsonReader</c> does; the <c>TryGet*</c> methods never throw.
    /// </para>
    /// </remarks>
    public readonly struct MsgPackToken
    {
        // Two fields of 8 bytes, so that the JIT keeps a token in two registers, is returned in two, and never stores
        // it in pieces to load it whole (a store-forwarding stall on every token, measured: 10-12 ns a token with five
        // fields of 8, 4, 1, 1 and 1 bytes, against 2.5-6 ns for the same core writing to an out parameter).
        //
        // _bits. Integer: the value's bits (for a uint 64 above long.MaxValue, its bits as a negative long); Float: the
        // value widened to double, as bits; Boolean: 0 or 1; String, Binary, Extension: the payload length; Array,
        // Map: the count; Timestamp: the seconds.
        private readonly long _bits;

        // _info. Bits 0-7: the code; 8-15: the type; 16-23: the extension type; 32-63 ("extra"): for an integer, 1 when
        // it is negative; for a timestamp, the nanoseconds, and in the top two bits the form (0, 1, 2 for 4, 8, 12 bytes of data).
        private readonly ulong _info;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal MsgPackToken(MsgPackType type, byte code, long bits, uint extra = 0, sbyte extensionType = 0)
        {
            _bits = bits;
            _info = code | ((ulong)type << 8) | ((ulong)(byte)extensionType << 16) | ((ulong)extra << 32);
        }

        /// <summary>What the token is.</summary>
        public MsgPackType Type => (MsgPackType)(byte)(_info >> 8);

        /// <summary>The token's first byte, its format code (compare with <see cref="DataCodes"/>).</summary>
        public byte Code => (byte)_info;

        /// <summary>The format of the token, as the specification's format table names it.</summary>
        public MsgPackFormat Format => MsgPackSpec.GetFormat(Code);

        /// <summary>Whether the token is an integer below zero (then <see cref="GetInt64"/> reads it; otherwise <see cref="GetUInt64"/> always does).</summary>
        public bool IsNegative => Type == MsgPackType.Integer && Extra != 0;

        /// <summary>
        /// The payload length in bytes of a str, bin or ext token: the bytes that follow it in the input, to read or step
        /// over next. 0 for every other token, a timestamp too (its data was read with it; <see cref="GetExtensionHeader"/>
        /// tells its length).
        /// </summary>
        public int Length => Type is MsgPackType.String or MsgPackType.Binary or MsgPackType.Extension ? (int)_bits : 0;

        /// <summary>The number of items of an array token, or of entries (key-value pairs) of a map token; 0 for every other token.</summary>
        public int Count => Type is MsgPackType.Array or MsgPackType.Map ? (int)_bits : 0;

        /// <summary>The type code of an ext token, or -1 for a timestamp; 0 for every other token.</summary>
        public sbyte ExtensionType => unchecked((sbyte)(byte)(_info >> 16));

        private uint Extra => (uint)(_info >> 32);

        /// <summary>The value of a bool token.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The token is not a bool.</exception>
        public bool GetBoolean()
        {
            CheckType(MsgPackType.Boolean);
            return _bits != 0;
        }

        /// <summary>The value of an integer token that fits <see cref="long"/> (every integer but a uint 64 above <see cref="long.MaxValue"/>).</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The token is not an integer.</exception>
        /// <exception cref="MsgPackOverflowException">The value is above <see cref="long.MaxValue"/>.</exception>
        public long GetInt64()
        {
            CheckType(MsgPackType.Integer);
            if (_bits < 0 && Extra == 0)
            {
                ThrowHelper.ThrowReadFailure(ReadStatus.Overflow, Code, 0, 0, "an integer that fits Int64");
            }

            return _bits;
        }

        /// <summary>The value of an integer token that is zero or more.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The token is not an integer.</exception>
        /// <exception cref="MsgPackOverflowException">The value is negative (<see cref="IsNegative"/>).</exception>
        public ulong GetUInt64()
        {
            CheckType(MsgPackType.Integer);
            if (Extra != 0)
            {
                ThrowHelper.ThrowReadFailure(ReadStatus.Overflow, Code, 0, 0, "an integer that fits UInt64");
            }

            return unchecked((ulong)_bits);
        }

        /// <summary>Gets the value of an integer token that fits <see cref="long"/>; never throws.</summary>
        /// <param name="value">The value; 0 when the result is false.</param>
        /// <returns>Whether the token is an integer that fits <see cref="long"/>.</returns>
        public bool TryGetInt64(out long value)
        {
            bool fits = Type == MsgPackType.Integer && (_bits >= 0 || Extra != 0);
            value = fits ? _bits : 0;
            return fits;
        }

        /// <summary>Gets the value of an integer token that is zero or more; never throws.</summary>
        /// <param name="value">The value; 0 when the result is false.</param>
        /// <returns>Whether the token is an integer that is zero or more.</returns>
        public bool TryGetUInt64(out ulong value)
        {
            bool fits = Type == MsgPackType.Integer && Extra == 0;
            value = fits ? unchecked((ulong)_bits) : 0;
            return fits;
        }

        /// <summary>The value of a float token (float 32 values are widened, exactly).</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The token is not a float.</exception>
        public double GetDouble()
        {
            CheckType(MsgPackType.Float);
            return BitConverter.Int64BitsToDouble(_bits);
        }

        /// <summary>The value of a timestamp token.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The token is not a timestamp.</exception>
        public Timestamp GetTimestamp()
        {
            CheckType(MsgPackType.Timestamp);
            return new Timestamp(_bits, Extra & NanosecondsMask);
        }

        /// <summary>The header of an ext token (or of a timestamp: type -1 and its data length).</summary>
        /// <returns>The type code and the data length.</returns>
        /// <exception cref="InvalidOperationException">The token is neither an ext nor a timestamp.</exception>
        public ExtensionHeader GetExtensionHeader()
        {
            if (Type != MsgPackType.Extension && Type != MsgPackType.Timestamp)
            {
                ThrowHelper.ThrowWrongTokenType(Code, MsgPackType.Extension);
            }

            int length = Type == MsgPackType.Extension ? (int)_bits : (Extra >> TimestampFormShift) switch { 0 => 4, 1 => 8, _ => 12 };
            return new ExtensionHeader(ExtensionType, length);
        }

        /// <summary>The token as a person reads it: its format and its value, count or length (<c>uint 8: 200</c>, <c>fixstr (length 3)</c>).</summary>
        /// <returns>The description.</returns>
        public override string ToString() => Type switch
        {
            MsgPackType.None => "no token",
            MsgPackType.Nil => "nil",
            MsgPackType.Boolean => _bits != 0 ? "true" : "false",
            MsgPackType.Integer => $"{Describe()}: {(Extra != 0 || _bits >= 0 ? _bits.ToString(System.Globalization.CultureInfo.InvariantCulture) : unchecked((ulong)_bits).ToString(System.Globalization.CultureInfo.InvariantCulture))}",
            MsgPackType.Float => $"{Describe()}: {BitConverter.Int64BitsToDouble(_bits).ToString("R", System.Globalization.CultureInfo.InvariantCulture)}",
            MsgPackType.Array or MsgPackType.Map => $"{Describe()} (count {Count})",
            MsgPackType.Extension => $"{Describe()} (type {ExtensionType}, length {Length})",
            MsgPackType.Timestamp => $"{Describe()} timestamp: {GetTimestamp()}",
            _ => $"{Describe()} (length {Length})",
        };

        // The timestamp's nanoseconds sit in the low 30 bits of Extra (they are below 10^9 < 2^30); the top two bits
        // say which of the three forms carried it, for Length.
        internal const int TimestampFormShift = 30;
        internal const uint NanosecondsMask = (1u << TimestampFormShift) - 1;

        private string Describe() => MsgPackSpec.GetFormatName(Code);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void CheckType(MsgPackType expected)
        {
            if (Type != expected)
            {
                ThrowHelper.ThrowWrongTokenType(Code, expected);
            }
        }
    }
}
