#if NET8_0_OR_GREATER
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Lz4
{
    // The value doors over IMsgPackSerializable<T> (every [MsgPackObject] type on .NET 8 and later): the converter doors
    // with MsgPackConverter<T>, which the JIT compiles to direct calls of T's static members.
    public static partial class MsgPackLz4
    {
        /// <summary>Writes <paramref name="value"/> compressed (or plain, when shorter than the minimum) into a buffer writer.</summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="destination">Where to write.</param>
        /// <param name="value">The value.</param>
        /// <param name="options">The form and the minimum length; <see langword="null"/> for the defaults.</param>
        /// <exception cref="ArgumentNullException"><paramref name="destination"/> is <see langword="null"/>.</exception>
        public static void Serialize<T>(IBufferWriter<byte> destination, in T value, MsgPackLz4Options? options = null)
            where T : IMsgPackSerializable<T> =>
            Serialize<T, MsgPackConverter<T>>(destination, in value, options);

        /// <summary>Writes <paramref name="value"/> compressed (or plain, when shorter than the minimum) into a new array.</summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="value">The value.</param>
        /// <param name="options">The form and the minimum length; <see langword="null"/> for the defaults.</param>
        /// <returns>The bytes: the one allocation, of their exact length (the work is done in pooled arrays).</returns>
        public static byte[] Serialize<T>(in T value, MsgPackLz4Options? options = null)
            where T : IMsgPackSerializable<T>
        {
            byte[] compressed = EncodeCompressed(in value, options ?? MsgPackLz4Options.Default, out int length);
            try
            {
                return compressed.AsSpan(0, length).ToArray();
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(compressed);
            }
        }

        /// <summary>Reads the value at the start of <paramref name="source"/>, compressed in either form or plain.</summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="source">The input; bytes after the first value are left alone.</param>
        /// <param name="options">The limit; <see langword="null"/> for the defaults.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The compressed value is cut short or invalid (see the class remarks), or its
        /// plain bytes are not one whole value of <typeparamref name="T"/> (what <c>T.Read</c> throws).</exception>
        public static T Deserialize<T>(ReadOnlySpan<byte> source, MsgPackLz4Options? options = null)
            where T : IMsgPackSerializable<T> =>
            Deserialize<T, MsgPackConverter<T>>(source, out _, options);

        /// <summary>Reads the value at the start of <paramref name="source"/>, compressed in either form or plain, and says how many bytes it took.</summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="source">The input; bytes after the first value are left alone.</param>
        /// <param name="bytesRead">The bytes of <paramref name="source"/> the value took.</param>
        /// <param name="options">The limit; <see langword="null"/> for the defaults.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The compressed value is cut short or invalid (see the class remarks), or its
        /// plain bytes are not one whole value of <typeparamref name="T"/> (what <c>T.Read</c> throws).</exception>
        public static T Deserialize<T>(ReadOnlySpan<byte> source, out int bytesRead, MsgPackLz4Options? options = null)
            where T : IMsgPackSerializable<T> =>
            Deserialize<T, MsgPackConverter<T>>(source, out bytesRead, options);

        /// <summary>Reads the value at the start of a sequence, compressed in either form or plain.</summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="source">The input; bytes after the first value are left alone.</param>
        /// <param name="options">The limit; <see langword="null"/> for the defaults.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The compressed value is cut short or invalid (see the class remarks), or its
        /// plain bytes are not one whole value of <typeparamref name="T"/> (what <c>T.Read</c> throws).</exception>
        public static T Deserialize<T>(ReadOnlySequence<byte> source, MsgPackLz4Options? options = null)
            where T : IMsgPackSerializable<T> =>
            Deserialize<T, MsgPackConverter<T>>(source, out _, options);

        /// <summary>Reads the value at the start of a sequence, compressed in either form or plain, and says how many bytes it took.</summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="source">The input; bytes after the first value are left alone.</param>
        /// <param name="bytesRead">The bytes of <paramref name="source"/> the value took.</param>
        /// <param name="options">The limit; <see langword="null"/> for the defaults.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The compressed value is cut short or invalid (see the class remarks), or its
        /// plain bytes are not one whole value of <typeparamref name="T"/> (what <c>T.Read</c> throws).</exception>
        public static T Deserialize<T>(ReadOnlySequence<byte> source, out long bytesRead, MsgPackLz4Options? options = null)
            where T : IMsgPackSerializable<T> =>
            Deserialize<T, MsgPackConverter<T>>(source, out bytesRead, options);

        /// <summary>The value's bytes to write, in a pooled array (the caller returns it): compressed, or plain when shorter than the minimum.</summary>
        private static byte[] EncodeCompressed<T>(in T value, MsgPackLz4Options options, out int length)
            where T : IMsgPackSerializable<T>
        {
            PlainBuffer plain = Write<T, MsgPackConverter<T>>(in value);
            try
            {
                byte[] compressed = ArrayPool<byte>.Shared.Rent(Lz4Encoder.GetMaxLength(plain.Written.Length, options));
                length = Lz4Encoder.Encode(plain.Written, compressed, options);
                return compressed;
            }
            finally
            {
                plain.Return();
            }
        }
    }
}
#endif
