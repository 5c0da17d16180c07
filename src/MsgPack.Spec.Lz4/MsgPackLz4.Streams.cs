#if NET8_0_OR_GREATER
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Lz4
{
    // The async doors over a Stream or a pipe (.NET 8 and later, as the core's MsgPackStream). Reading finds the
    // compressed value's extent with MsgPackStream's own search (its limits, its care to take no byte past the value
    // from a stream), copies the value into a pooled array, and decompresses it there as the span door does.
    public static partial class MsgPackLz4
    {
        /// <summary>Writes <paramref name="value"/> compressed (or plain, when shorter than the minimum) to a stream, in one write from a pooled array.</summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="stream">The stream.</param>
        /// <param name="value">The value.</param>
        /// <param name="options">The form and the minimum length; <see langword="null"/> for the defaults.</param>
        /// <param name="cancellationToken">Cancels the write.</param>
        /// <returns>The write; it allocates nothing but what the stream's own <c>WriteAsync</c> does.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="stream"/> or <paramref name="value"/> is <see langword="null"/>.</exception>
        public static ValueTask WriteAsync<T>(Stream stream, T value, MsgPackLz4Options? options = null, CancellationToken cancellationToken = default)
            where T : IMsgPackSerializable<T>
        {
            ArgumentNullException.ThrowIfNull(stream);
            ThrowIfNull(value);
            return WriteToStreamAsync(stream, value, options ?? MsgPackLz4Options.Default, cancellationToken);
        }

        /// <summary>Writes <paramref name="value"/> compressed (or plain, when shorter than the minimum) into the pipe and flushes it.</summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="writer">The pipe's writer.</param>
        /// <param name="value">The value.</param>
        /// <param name="options">The form and the minimum length; <see langword="null"/> for the defaults.</param>
        /// <param name="cancellationToken">Cancels the flush (the value is then written but not flushed).</param>
        /// <returns>The flush's result: <see cref="FlushResult.IsCompleted"/> when the reader no longer reads.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="writer"/> or <paramref name="value"/> is <see langword="null"/>.</exception>
        public static ValueTask<FlushResult> WriteAsync<T>(PipeWriter writer, T value, MsgPackLz4Options? options = null, CancellationToken cancellationToken = default)
            where T : IMsgPackSerializable<T>
        {
            ArgumentNullException.ThrowIfNull(writer);
            ThrowIfNull(value);
            if (cancellationToken.IsCancellationRequested)
            {
                return ValueTask.FromCanceled<FlushResult>(cancellationToken);
            }

            Serialize(writer, in value, options);
            return writer.FlushAsync(cancellationToken);
        }

        /// <summary>Reads one value, compressed in either form or plain, from a stream, leaving the stream right after it.</summary>
        /// <remarks>
        /// As <see cref="MsgPackStream.ReadAsync{T}(Stream, MsgPackStreamOptions?, CancellationToken)"/>: the stream is asked
        /// for no byte past the value, and <paramref name="streamOptions"/> limits the compressed value's length
        /// (<see cref="MsgPackStreamOptions.MaxValueLength"/>, 4 MiB unless set), <paramref name="options"/> what it decompresses to.
        /// </remarks>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="stream">The stream.</param>
        /// <param name="options">The decompressed limit; <see langword="null"/> for the defaults.</param>
        /// <param name="streamOptions">The stream's limits; <see langword="null"/> for the defaults.</param>
        /// <param name="cancellationToken">Cancels the wait for bytes.</param>
        /// <returns>The value.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="stream"/> is <see langword="null"/>.</exception>
        /// <exception cref="MsgPackException">The bytes are not such a value, compressed or plain, or the stream ends inside it, or it passes a limit.</exception>
        /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
        public static ValueTask<T> ReadAsync<T>(Stream stream, MsgPackLz4Options? options = null, MsgPackStreamOptions? streamOptions = null, CancellationToken cancellationToken = default)
            where T : IMsgPackSerializable<T>
        {
            ArgumentNullException.ThrowIfNull(stream);
            return DecompressAsync<T>(MsgPackStream.ReadAsync<RawValue>(stream, streamOptions, cancellationToken), options ?? MsgPackLz4Options.Default);
        }

        /// <summary>Reads one value, compressed in either form or plain, from a pipe, and consumes exactly its bytes.</summary>
        /// <remarks>As <see cref="MsgPackStream.ReadAsync{T}(PipeReader, MsgPackStreamOptions?, CancellationToken)"/>; the reader is not completed.</remarks>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="reader">The pipe's reader.</param>
        /// <param name="options">The decompressed limit; <see langword="null"/> for the defaults.</param>
        /// <param name="streamOptions">The limit on the compressed value's length; <see langword="null"/> for the defaults.</param>
        /// <param name="cancellationToken">Cancels the wait for bytes.</param>
        /// <returns>The value.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="reader"/> is <see langword="null"/>.</exception>
        /// <exception cref="MsgPackException">The bytes are not such a value, compressed or plain, or the pipe ends inside it, or it passes a limit.</exception>
        /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
        public static ValueTask<T> ReadAsync<T>(PipeReader reader, MsgPackLz4Options? options = null, MsgPackStreamOptions? streamOptions = null, CancellationToken cancellationToken = default)
            where T : IMsgPackSerializable<T>
        {
            ArgumentNullException.ThrowIfNull(reader);
            return DecompressAsync<T>(MsgPackStream.ReadAsync<RawValue>(reader, streamOptions, cancellationToken), options ?? MsgPackLz4Options.Default);
        }

        private static void ThrowIfNull<T>(T value)
        {
            // False at compile time for a struct: no boxing.
            if (value is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(value));
            }
        }

        // The pooling builder reuses the state of a call that had to wait: none allocates per value.
        [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
        private static async ValueTask WriteToStreamAsync<T>(Stream stream, T value, MsgPackLz4Options options, CancellationToken cancellationToken)
            where T : IMsgPackSerializable<T>
        {
            cancellationToken.ThrowIfCancellationRequested();
            byte[] bytes = EncodeCompressed(value, options, out int length);
            try
            {
                await stream.WriteAsync(bytes.AsMemory(0, length), cancellationToken).ConfigureAwait(false);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(bytes);
            }
        }

        [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
        private static async ValueTask<T> DecompressAsync<T>(ValueTask<RawValue> pending, MsgPackLz4Options options)
            where T : IMsgPackSerializable<T>
        {
            RawValue raw = await pending.ConfigureAwait(false);
            try
            {
                return Deserialize<T, MsgPackConverter<T>>(raw.Bytes.AsSpan(0, raw.Length), out _, options);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(raw.Bytes);
            }
        }

        /// <summary>
        /// One whole MessagePack value, as its bytes in a pooled array: what MsgPackStream's read doors hand out here. Its
        /// reader copies the value out of the door's buffer, which the door reuses (or the pipe releases) once it returns.
        /// </summary>
        private readonly struct RawValue : IMsgPackSerializable<RawValue>
        {
            private RawValue(byte[] bytes, int length)
            {
                Bytes = bytes;
                Length = length;
            }

            public byte[] Bytes { get; }

            public int Length { get; }

            public static void Write(ref MsgPackWriter writer, in RawValue value) => writer.WriteRaw(value.Bytes.AsSpan(0, value.Length));

            public static void Write(ref Span<byte> destination, in RawValue value)
            {
                value.Bytes.AsSpan(0, value.Length).CopyTo(destination);
                destination = destination.Slice(value.Length);
            }

            public static int GetEncodedLength(in RawValue value) => value.Length;

            public static RawValue Read(ref MsgPackReader reader, int depth)
            {
                MsgPackPayload value = reader.ReadRaw();
                byte[] bytes = ArrayPool<byte>.Shared.Rent(value.Length);
                value.CopyTo(bytes);
                return new RawValue(bytes, value.Length);
            }
        }
    }
}
#endif
