using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Lz4
{
    // The value doors over the converter contract (every target framework, C# 7.3 included): the value is written into
    // the thread's plain buffer (PlainBuffer: pooled, no GetEncodedLength pass) and compressed from there; read, it is
    // decompressed into a pooled array of the length its headers claim (checked first) and read from there, or read in
    // place when it is plain.
    public static partial class MsgPackLz4
    {
        /// <summary>Writes <paramref name="value"/> compressed (or plain, when shorter than the minimum) into a buffer writer, through its converter.</summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <typeparam name="TConverter">Its converter (a generated type's nested <c>MsgPackConverter</c>).</typeparam>
        /// <param name="destination">Where to write.</param>
        /// <param name="value">The value.</param>
        /// <param name="options">The form and the minimum length; <see langword="null"/> for the defaults.</param>
        /// <exception cref="ArgumentNullException"><paramref name="destination"/> is <see langword="null"/>.</exception>
        public static void Serialize<T, TConverter>(IBufferWriter<byte> destination, in T value, MsgPackLz4Options? options = null)
            where TConverter : struct, IMsgPackConverter<T>
        {
            if (destination is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(destination));
            }

            options ??= MsgPackLz4Options.Default;
            if (options.Format == MsgPackLz4Format.Lz4BlockArray && options.MinLength <= ChunkLength)
            {
                // Each chunk compressed as soon as it is written (BlockArrayWriter): the same bytes.
                BlockArrayWriter chunks = BlockArrayWriter.Rent();
                try
                {
                    var writer = new MsgPackWriter(chunks);
                    default(TConverter).Write(ref writer, in value);
                    writer.Flush();
                    chunks.CopyTo(destination, options);
                }
                finally
                {
                    chunks.Return();
                }

                return;
            }

            PlainBuffer plain = Write<T, TConverter>(in value);
            try
            {
                Compress(plain.Written, destination, options);
            }
            finally
            {
                plain.Return();
            }
        }

        /// <summary>Reads the value at the start of <paramref name="source"/>, compressed in either form or plain, through its converter.</summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <typeparam name="TConverter">Its converter (a generated type's nested <c>MsgPackConverter</c>).</typeparam>
        /// <param name="source">The input; bytes after the first value are left alone.</param>
        /// <param name="bytesRead">The bytes of <paramref name="source"/> the value took.</param>
        /// <param name="options">The limit; <see langword="null"/> for the defaults.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The compressed value is cut short or invalid (see the class remarks), or its
        /// plain bytes are not one whole value of <typeparamref name="T"/> (what the converter throws).</exception>
        public static T Deserialize<T, TConverter>(ReadOnlySpan<byte> source, out int bytesRead, MsgPackLz4Options? options = null)
            where TConverter : struct, IMsgPackConverter<T>
        {
            var reader = new MsgPackReader(source);
            T value = DeserializeCore<T, TConverter>(ref reader, options);
            bytesRead = (int)reader.Consumed;
            return value;
        }

        /// <summary>Reads the value at the start of a sequence, compressed in either form or plain, through its converter.</summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <typeparam name="TConverter">Its converter (a generated type's nested <c>MsgPackConverter</c>).</typeparam>
        /// <param name="source">The input; bytes after the first value are left alone.</param>
        /// <param name="bytesRead">The bytes of <paramref name="source"/> the value took.</param>
        /// <param name="options">The limit; <see langword="null"/> for the defaults.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The compressed value is cut short or invalid (see the class remarks), or its
        /// plain bytes are not one whole value of <typeparamref name="T"/> (what the converter throws).</exception>
        public static T Deserialize<T, TConverter>(ReadOnlySequence<byte> source, out long bytesRead, MsgPackLz4Options? options = null)
            where TConverter : struct, IMsgPackConverter<T>
        {
            var reader = new MsgPackReader(source);
            T value = DeserializeCore<T, TConverter>(ref reader, options);
            bytesRead = reader.Consumed;
            return value;
        }

        /// <summary>The value written into the thread's plain buffer (the caller returns it).</summary>
        private static PlainBuffer Write<T, TConverter>(in T value)
            where TConverter : struct, IMsgPackConverter<T>
        {
            PlainBuffer plain = PlainBuffer.Rent();
            try
            {
                var writer = new MsgPackWriter(plain);
                default(TConverter).Write(ref writer, in value);
                writer.Flush();
                return plain;
            }
            catch
            {
                plain.Return();
                throw;
            }
        }

        private static T DeserializeCore<T, TConverter>(ref MsgPackReader reader, MsgPackLz4Options? options)
            where TConverter : struct, IMsgPackConverter<T>
        {
            Lz4Form form = Lz4Decoder.Inspect(reader, options ?? MsgPackLz4Options.Default, out int length);
            if (form == Lz4Form.Plain)
            {
                return default(TConverter).Read(ref reader, 0);
            }

            byte[] plain = ArrayPool<byte>.Shared.Rent(length);
            try
            {
                Span<byte> span = plain.AsSpan(0, length);
                Lz4Decoder.Decode(ref reader, form, span);
                return ReadPlain<T, TConverter>(span);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(plain);
            }
        }

        /// <summary>Reads one value that must take exactly the decompressed bytes.</summary>
        private static T ReadPlain<T, TConverter>(ReadOnlySpan<byte> plain)
            where TConverter : struct, IMsgPackConverter<T>
        {
            CheckNotNested(plain);
            var inner = new MsgPackReader(plain);
            T value = default(TConverter).Read(ref inner, 0);
            if (inner.Consumed != plain.Length)
            {
                ThrowHelper.ThrowInvalid($"The compressed value decompresses to {plain.Length} bytes, but the value in them ends after {inner.Consumed}.");
            }

            return value;
        }
    }
}
