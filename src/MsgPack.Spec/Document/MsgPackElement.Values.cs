namespace MsgPack.Spec
{
    // The scalars of an element, each decoded at the element's offset by the core of the reader of the same name.
    public readonly partial struct MsgPackElement
    {
        /// <summary>The value of a bool.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The value is not a bool.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool GetBoolean() => Get<BooleanDecoder, bool>();

        /// <summary>Gets the value of a bool; false for any other value.</summary>
        /// <param name="value">The value; false when the result is false.</param>
        /// <returns>Whether the value is a bool.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetBoolean(out bool value) => TryGet<BooleanDecoder, bool>(out value);

        /// <summary>The value of an integer that fits <see cref="sbyte"/>, in any integer format.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The value is not an integer.</exception>
        /// <exception cref="MsgPackOverflowException">The integer does not fit.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public sbyte GetSByte() => Get<SByteDecoder, sbyte>();

        /// <summary>Gets the value of an integer that fits <see cref="sbyte"/>; false for any other value.</summary>
        /// <param name="value">The value; 0 when the result is false.</param>
        /// <returns>Whether the value is an integer that fits.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetSByte(out sbyte value) => TryGet<SByteDecoder, sbyte>(out value);

        /// <summary>The value of an integer that fits <see cref="byte"/>, in any integer format.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The value is not an integer.</exception>
        /// <exception cref="MsgPackOverflowException">The integer does not fit.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public byte GetByte() => Get<ByteDecoder, byte>();

        /// <summary>Gets the value of an integer that fits <see cref="byte"/>; false for any other value.</summary>
        /// <param name="value">The value; 0 when the result is false.</param>
        /// <returns>Whether the value is an integer that fits.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetByte(out byte value) => TryGet<ByteDecoder, byte>(out value);

        /// <summary>The value of an integer that fits <see cref="short"/>, in any integer format.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The value is not an integer.</exception>
        /// <exception cref="MsgPackOverflowException">The integer does not fit.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public short GetInt16() => Get<Int16Decoder, short>();

        /// <summary>Gets the value of an integer that fits <see cref="short"/>; false for any other value.</summary>
        /// <param name="value">The value; 0 when the result is false.</param>
        /// <returns>Whether the value is an integer that fits.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetInt16(out short value) => TryGet<Int16Decoder, short>(out value);

        /// <summary>The value of an integer that fits <see cref="ushort"/>, in any integer format.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The value is not an integer.</exception>
        /// <exception cref="MsgPackOverflowException">The integer does not fit.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public ushort GetUInt16() => Get<UInt16Decoder, ushort>();

        /// <summary>Gets the value of an integer that fits <see cref="ushort"/>; false for any other value.</summary>
        /// <param name="value">The value; 0 when the result is false.</param>
        /// <returns>Whether the value is an integer that fits.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetUInt16(out ushort value) => TryGet<UInt16Decoder, ushort>(out value);

        /// <summary>The value of an integer that fits <see cref="int"/>, in any integer format.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The value is not an integer.</exception>
        /// <exception cref="MsgPackOverflowException">The integer does not fit.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public int GetInt32() => Get<Int32Decoder, int>();

        /// <summary>Gets the value of an integer that fits <see cref="int"/>; false for any other value.</summary>
        /// <param name="value">The value; 0 when the result is false.</param>
        /// <returns>Whether the value is an integer that fits.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetInt32(out int value) => TryGet<Int32Decoder, int>(out value);

        /// <summary>The value of an integer that fits <see cref="uint"/>, in any integer format.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The value is not an integer.</exception>
        /// <exception cref="MsgPackOverflowException">The integer does not fit.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public uint GetUInt32() => Get<UInt32Decoder, uint>();

        /// <summary>Gets the value of an integer that fits <see cref="uint"/>; false for any other value.</summary>
        /// <param name="value">The value; 0 when the result is false.</param>
        /// <returns>Whether the value is an integer that fits.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetUInt32(out uint value) => TryGet<UInt32Decoder, uint>(out value);

        /// <summary>The value of an integer that fits <see cref="long"/>, in any integer format.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The value is not an integer.</exception>
        /// <exception cref="MsgPackOverflowException">The integer does not fit (a uint 64 above <see cref="long.MaxValue"/>).</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public long GetInt64() => Get<Int64Decoder, long>();

        /// <summary>Gets the value of an integer that fits <see cref="long"/>; false for any other value.</summary>
        /// <param name="value">The value; 0 when the result is false.</param>
        /// <returns>Whether the value is an integer that fits.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetInt64(out long value) => TryGet<Int64Decoder, long>(out value);

        /// <summary>The value of an integer that fits <see cref="ulong"/> (zero or more), in any integer format.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The value is not an integer.</exception>
        /// <exception cref="MsgPackOverflowException">The integer is negative.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public ulong GetUInt64() => Get<UInt64Decoder, ulong>();

        /// <summary>Gets the value of an integer that fits <see cref="ulong"/>; false for any other value.</summary>
        /// <param name="value">The value; 0 when the result is false.</param>
        /// <returns>Whether the value is an integer that fits.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetUInt64(out ulong value) => TryGet<UInt64Decoder, ulong>(out value);

        /// <summary>The value of a float 32.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The value is not a float 32 (a float 64 is read by <see cref="GetDouble"/>).</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public float GetSingle() => Get<SingleDecoder, float>();

        /// <summary>Gets the value of a float 32; false for any other value.</summary>
        /// <param name="value">The value; 0 when the result is false.</param>
        /// <returns>Whether the value is a float 32.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetSingle(out float value) => TryGet<SingleDecoder, float>(out value);

        /// <summary>The value of a float 64, or of a float 32 widened exactly.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The value is not a float.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public double GetDouble() => Get<DoubleDecoder, double>();

        /// <summary>Gets the value of a float (32 or 64); false for any other value.</summary>
        /// <param name="value">The value; 0 when the result is false.</param>
        /// <returns>Whether the value is a float.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetDouble(out double value) => TryGet<DoubleDecoder, double>(out value);

        /// <summary>The value of a timestamp (the extension of type -1).</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The value is not a timestamp.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public Timestamp GetTimestamp() => Get<TimestampDecoder, Timestamp>();

        /// <summary>Gets the value of a timestamp; false for any other value.</summary>
        /// <param name="value">The value; the epoch when the result is false.</param>
        /// <returns>Whether the value is a timestamp.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetTimestamp(out Timestamp value) => TryGet<TimestampDecoder, Timestamp>(out value);

        /// <summary>The value of a timestamp as a UTC <see cref="DateTime"/>, rounded down to the tick.</summary>
        /// <returns>The value.</returns>
        /// <exception cref="InvalidOperationException">The value is not a timestamp.</exception>
        /// <exception cref="MsgPackOverflowException">The timestamp lies outside the years 1 to 9999 that <see cref="DateTime"/> holds.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public DateTime GetDateTime()
        {
            Timestamp value = GetTimestamp();
            if (!value.FitsDateTime)
            {
                ThrowHelper.ThrowReadFailure(ReadStatus.Overflow, Code, 0, 0, "a DateTime (years 1 to 9999)");
            }

            return value.ToDateTime();
        }

        /// <summary>Gets the value of a timestamp as a UTC <see cref="DateTime"/>; false for any other value and for a timestamp outside its years.</summary>
        /// <param name="value">The value; <c>default</c> when the result is false.</param>
        /// <returns>Whether the value is a timestamp that fits.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetDateTime(out DateTime value)
        {
            bool fits = TryGetTimestamp(out Timestamp timestamp) && timestamp.FitsDateTime;
            value = fits ? timestamp.ToDateTime() : default;
            return fits;
        }

        /// <summary>The value of a str, decoded into a new string.</summary>
        /// <returns>The text.</returns>
        /// <exception cref="InvalidOperationException">The value is not a str.</exception>
        /// <exception cref="MsgPackInvalidUtf8Exception">The bytes are not UTF-8 (possible only when the document was parsed with <see cref="MsgPackDocumentOptions.CheckUtf8"/> off).</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public string GetString()
        {
            ReadOnlySpan<byte> utf8 = Payload(MsgPackType.String, out _).Span;
            if (_store!.Utf8Checked)
            {
                return Utf8Text.Decode(utf8);
            }

            if (!Utf8Text.TryDecode(utf8, out string text))
            {
                throw new MsgPackInvalidUtf8Exception();
            }

            return text;
        }

        /// <summary>Gets the value of a str as a new string; false for any other value (and for bytes that are not UTF-8).</summary>
        /// <param name="value">The text; empty when the result is false (as <see cref="MsgPackReader.TryReadString"/> leaves it).</param>
        /// <returns>Whether the value is a str of UTF-8.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetString(out string value)
        {
            if (!TryPayload(MsgPackType.String, out ReadOnlyMemory<byte> utf8, out _) || !Utf8Text.TryDecode(utf8.Span, out value))
            {
                value = string.Empty;
                return false;
            }

            return true;
        }

        /// <summary>The UTF-8 bytes of a str, as they are in the document: a slice, no copy.</summary>
        /// <returns>The bytes (checked to be UTF-8 unless the document was parsed with <see cref="MsgPackDocumentOptions.CheckUtf8"/> off).</returns>
        /// <exception cref="InvalidOperationException">The value is not a str.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public ReadOnlyMemory<byte> GetStringBytes() => Payload(MsgPackType.String, out _);

        /// <summary>Gets the UTF-8 bytes of a str (a slice, no copy); false for any other value.</summary>
        /// <param name="value">The bytes; empty when the result is false.</param>
        /// <returns>Whether the value is a str.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetStringBytes(out ReadOnlyMemory<byte> value) => TryPayload(MsgPackType.String, out value, out _);

        /// <summary>Tells whether the value is a str of exactly these UTF-8 bytes, without decoding it.</summary>
        /// <param name="utf8Text">The text's UTF-8 bytes (a <c>"text"u8</c> literal).</param>
        /// <returns>Whether the value is that str; false for any other value.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool ValueEquals(ReadOnlySpan<byte> utf8Text) =>
            TryPayload(MsgPackType.String, out ReadOnlyMemory<byte> utf8, out _) && utf8.Span.SequenceEqual(utf8Text);

        /// <summary>Tells whether the value is a str of this text, without decoding it (the text is encoded instead, on the stack when short).</summary>
        /// <param name="text">The text.</param>
        /// <returns>Whether the value is that str; false for any other value.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="text"/> is null.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        [SkipLocalsInit]
        public bool ValueEquals(string text)
        {
            if (text is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(text));
            }

            if (!TryPayload(MsgPackType.String, out ReadOnlyMemory<byte> utf8, out _))
            {
                return false;
            }

            // A str of n bytes holds n/3 chars at least and n at most: a text outside that range cannot be it.
            if (text.Length > utf8.Length || 3L * text.Length < utf8.Length)
            {
                return false;
            }

            const int StackBytes = 256;
            byte[]? rented = null;
            Span<byte> encoded = utf8.Length <= StackBytes ? stackalloc byte[3 * StackBytes] : (rented = ArrayPool<byte>.Shared.Rent(3 * text.Length));
            int length = Utf8Text.Encode(text.AsSpan(), ref MemoryMarshal.GetReference(encoded), encoded.Length);
            bool equal = utf8.Span.SequenceEqual(encoded.Slice(0, length));
            if (rented != null)
            {
                ArrayPool<byte>.Shared.Return(rented);
            }

            return equal;
        }

        /// <summary>The bytes of a bin, as they are in the document: a slice, no copy.</summary>
        /// <returns>The bytes.</returns>
        /// <exception cref="InvalidOperationException">The value is not a bin.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public ReadOnlyMemory<byte> GetBinary() => Payload(MsgPackType.Binary, out _);

        /// <summary>Gets the bytes of a bin (a slice, no copy); false for any other value.</summary>
        /// <param name="value">The bytes; empty when the result is false.</param>
        /// <returns>Whether the value is a bin.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetBinary(out ReadOnlyMemory<byte> value) => TryPayload(MsgPackType.Binary, out value, out _);

        /// <summary>The type code and the data of an ext (a timestamp too: type -1 and its 4, 8 or 12 bytes), the data a slice, no copy.</summary>
        /// <returns>The extension.</returns>
        /// <exception cref="InvalidOperationException">The value is not an ext.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public MsgPackExtension GetExtension()
        {
            if (!TryGetExtension(out MsgPackExtension value))
            {
                ThrowWrongType(Type, MsgPackType.Extension);
            }

            return value;
        }

        /// <summary>Gets the type code and the data of an ext or a timestamp (a slice, no copy); false for any other value.</summary>
        /// <param name="value">The extension; <c>default</c> when the result is false.</param>
        /// <returns>Whether the value is an ext.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetExtension(out MsgPackExtension value)
        {
            bool found = TryPayload(MsgPackType.Extension, out ReadOnlyMemory<byte> data, out sbyte typeCode)
                || TryPayload(MsgPackType.Timestamp, out data, out typeCode);
            value = found ? new MsgPackExtension(typeCode, data) : default;
            return found;
        }

        /// <summary>The element's scalar, from its row when the row holds it, else decoded with the core of <typeparamref name="TDecoder"/>, or throws.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private T Get<TDecoder, T>()
            where TDecoder : struct, IValueDecoder<T>
        {
            DocumentStore store = Live();
            ref DocumentRow row = ref store.RowAt(_row);
            return TryFromRow(store, ref row, out T value) ? value : Decode<TDecoder, T>(store, row.Location);
        }

        /// <summary>The element's scalar, from its row when the row holds it, else decoded with the core of <typeparamref name="TDecoder"/>; false when it is not one.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private bool TryGet<TDecoder, T>(out T value)
            where TDecoder : struct, IValueDecoder<T>
        {
            DocumentStore store = Live();
            ref DocumentRow row = ref store.RowAt(_row);
            return TryFromRow(store, ref row, out value) || TryDecode<TDecoder, T>(store, row.Location, out value);
        }

        /// <summary>
        /// The scalar the parse left in the row (<see cref="DocumentRow.Value"/>): an integer of any width it fits, a
        /// bool, a double. False sends the caller to the decoder, which then reads the bytes and says what is wrong (a
        /// value of another kind, an integer that does not fit) exactly as <see cref="MsgPackSpec"/>'s reader does; so
        /// true here must mean what the decoder would read, no more (the differential tests compare every element).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool TryFromRow<T>(DocumentStore store, ref DocumentRow row, out T value)
        {
            value = default!;
            MsgPackType type = row.Type;
            long v = row.Value;
            if (typeof(T) == typeof(bool))
            {
                return As(v != 0, type == MsgPackType.Boolean, out value);
            }

            if (typeof(T) == typeof(double))
            {
                return As(BitConverter.Int64BitsToDouble(v), type == MsgPackType.Float, out value);
            }

            if (!(typeof(T) == typeof(long) || typeof(T) == typeof(ulong) || typeof(T) == typeof(int) || typeof(T) == typeof(uint)
                || typeof(T) == typeof(short) || typeof(T) == typeof(ushort) || typeof(T) == typeof(sbyte) || typeof(T) == typeof(byte)))
            {
                // float 32, timestamp: the decoder.
                return false;
            }

            if (type != MsgPackType.Integer || (v < 0 && store.Span[row.Location] == DataCodes.UInt64))
            {
                // Not an integer, or a uint 64 above long.MaxValue (its bits are negative): the decoder tells.
                return false;
            }

            // Each width: the value narrowed, and whether the narrowing kept it.
            return typeof(T) == typeof(long) ? As(v, true, out value)
                : typeof(T) == typeof(ulong) ? As(unchecked((ulong)v), v >= 0, out value)
                : typeof(T) == typeof(int) ? As(unchecked((int)v), unchecked((int)v) == v, out value)
                : typeof(T) == typeof(uint) ? As(unchecked((uint)v), unchecked((uint)v) == v, out value)
                : typeof(T) == typeof(short) ? As(unchecked((short)v), unchecked((short)v) == v, out value)
                : typeof(T) == typeof(ushort) ? As(unchecked((ushort)v), unchecked((ushort)v) == v, out value)
                : typeof(T) == typeof(sbyte) ? As(unchecked((sbyte)v), unchecked((sbyte)v) == v, out value)
                : As(unchecked((byte)v), unchecked((byte)v) == v, out value);
        }

        /// <summary>Gives <paramref name="narrowed"/> as <typeparamref name="T"/>, which it is (the caller tested <c>typeof(T)</c>), and returns <paramref name="kept"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool As<TNarrow, T>(TNarrow narrowed, bool kept, out T value)
        {
            value = Unsafe.As<TNarrow, T>(ref narrowed);
            return kept;
        }

        /// <summary>Decodes the scalar at <paramref name="location"/> with the core of <typeparamref name="TDecoder"/>, or throws.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static T Decode<TDecoder, T>(DocumentStore store, int location)
            where TDecoder : struct, IValueDecoder<T>
        {
            ReadStatus status = DecodeAt<TDecoder, T>(store, location, out T value);
            if (status != ReadStatus.Done)
            {
                ThrowGetFailure(status, store.Span[location], default(TDecoder).Expected);
            }

            return value;
        }

        /// <summary>Decodes the scalar at <paramref name="location"/> with the core of <typeparamref name="TDecoder"/>; false when it is not one.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static bool TryDecode<TDecoder, T>(DocumentStore store, int location, out T value)
            where TDecoder : struct, IValueDecoder<T>
        {
            bool done = DecodeAt<TDecoder, T>(store, location, out value) == ReadStatus.Done;
            value = done ? value : default!;
            return done;
        }

        /// <summary>The core of <typeparamref name="TDecoder"/> at <paramref name="location"/> of the document's bytes.</summary>
        private static ReadStatus DecodeAt<TDecoder, T>(DocumentStore store, int location, out T value)
            where TDecoder : struct, IValueDecoder<T>
        {
            ReadOnlySpan<byte> bytes = store.Span;
            return default(TDecoder).Decode(ref Unsafe.Add(ref MemoryMarshal.GetReference(bytes), location), bytes.Length - location, out value, out _);
        }

        /// <summary>The payload of a str, bin or ext, or throws for another kind.</summary>
        private ReadOnlyMemory<byte> Payload(MsgPackType type, out sbyte extensionType)
        {
            if (!TryPayload(type, out ReadOnlyMemory<byte> payload, out extensionType))
            {
                ThrowWrongType(Type, type);
            }

            return payload;
        }

        /// <summary>
        /// The payload of a str, bin, ext or timestamp: it ends where the value does, and its length is the row's,
        /// so it starts that many bytes before the end (no header to decode); an ext's type code is the byte before it.
        /// </summary>
        private bool TryPayload(MsgPackType type, out ReadOnlyMemory<byte> payload, out sbyte extensionType)
        {
            DocumentStore store = Live();
            ref DocumentRow row = ref store.RowAt(_row);
            if (row.Type != type)
            {
                payload = default;
                extensionType = 0;
                return false;
            }

            int end = _row + 1 < store.RowCount ? store.RowAt(_row + 1).Location : store.Length;
            payload = store.Memory.Slice(end - row.Length, row.Length);
            extensionType = type >= MsgPackType.Extension ? unchecked((sbyte)store.Span[end - row.Length - 1]) : (sbyte)0;
            return true;
        }

        [System.Diagnostics.CodeAnalysis.DoesNotReturn]
        private static void ThrowGetFailure(ReadStatus status, byte code, string expected)
        {
            if (status == ReadStatus.Overflow)
            {
                ThrowHelper.ThrowReadFailure(status, code, 0, 0, expected);
            }

            throw new InvalidOperationException($"The element is {MsgPackSpec.GetFormatName(code)}, not {expected}.");
        }
    }
}
