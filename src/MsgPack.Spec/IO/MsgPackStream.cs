#if NET8_0_OR_GREATER
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;

namespace MsgPack.Spec.Serialization
{
    /// <summary>
    /// Writes and reads values of <see cref="IMsgPackSerializable{T}"/> types (every <see cref="MsgPackObjectAttribute"/>
    /// type) over a <see cref="Stream"/> or a pipe, asynchronously: one value, every value until the end, or the items of
    /// one array, without a hand-written NeedMoreData loop.
    /// </summary>
    /// <remarks>
    /// <para>
    /// <b>Reading.</b> A door first finds where the value ends in the bytes that have arrived, walking its tokens as
    /// <see cref="MsgPackReader.TrySkip"/> does and reading more while the value is not whole; then it reads exactly the
    /// value's bytes with the type's status read (<c>T.TryRead</c>, which a generated type implements without an
    /// exception). A value that has not all arrived is waited for, never tried: nothing is thrown, or thrown and caught,
    /// while a valid value arrives in pieces. It holds at most that value and one read's worth past it
    /// (<see cref="MsgPackStreamOptions.BufferSize"/> for a stream), and a value longer than
    /// <see cref="MsgPackStreamOptions.MaxValueLength"/> fails with <see cref="MsgPackStreamLimitException"/> as soon as
    /// its headers say so.
    /// </para>
    /// <para>
    /// <b>Bad input</b> fails as the type's span door fails on the same bytes, with the exception <c>T.Read</c> throws
    /// (for a generated type a <see cref="MsgPackSerializationException"/> with the same <c>Path</c> and <c>Offset</c>,
    /// counted from the value's first byte), thrown once: the status read records the failure, and the door throws it
    /// after it has settled its source (a hand-written type without a status read of its own throws inside its
    /// <c>Read</c>, and the door throws that exception again, as it was). When the source ends inside a value, <c>T.Read</c> is given every byte from
    /// the value's start: the truncation is reported, never waited out. When a value holds 0xc1, it is given the bytes
    /// up to that byte and those the headers before it promise (one at least per value they announce), so that a count
    /// its reader checks against the bytes left fails as it would in the whole input.
    /// </para>
    /// <para>
    /// <b>Where the source is left.</b> A pipe keeps what follows the value (<see cref="PipeReader.AdvanceTo(SequencePosition)"/>
    /// consumes exactly the value). A stream cannot be given bytes back, so the one-value and array doors never take
    /// any past the value (or array): they ask the stream for no more than the value's headers announce, and the
    /// stream is left right after it, for the next read of any kind. That costs a read for each piece of the value whose
    /// size they learn: on an unbuffered stream (a <c>NetworkStream</c>), wrap it in a <see cref="BufferedStream"/>, or
    /// read many values with <c>ReadAllAsync</c>, which reads ahead and keeps what it read for the next value. A value
    /// that is well formed but that <c>T.Read</c> rejects is consumed: the source is past it.
    /// </para>
    /// <para>
    /// <b>Allocation.</b> None per value, but what <c>T.Read</c> creates, when the source or sink completes at once (a
    /// pipe with the bytes there, a <see cref="MemoryStream"/>): the stream doors' buffers come from
    /// <see cref="ArrayPool{T}.Shared"/>, the pipe doors use the pipe's memory. A door that has to wait reuses pooled async
    /// state (<see cref="PoolingAsyncValueTaskMethodBuilder"/>); a stream may allocate in its own <c>ReadAsync</c> and
    /// <c>WriteAsync</c>. An enumeration allocates its enumerator once.
    /// </para>
    /// <para>
    /// Only on .NET 8 and later (static abstract members, <see cref="IAsyncEnumerable{T}"/>, pipes in the framework or
    /// its package); the netstandard2.0 build has none of these doors.
    /// </para>
    /// </remarks>
    public static partial class MsgPackStream
    {
        /// <summary>Writes <paramref name="value"/> to <paramref name="stream"/>: encoded into a pooled buffer of its exact length, then one write.</summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="stream">The stream.</param>
        /// <param name="value">The value.</param>
        /// <param name="cancellationToken">Cancels the write.</param>
        /// <returns>The write; it allocates nothing but what the stream's own <c>WriteAsync</c> does.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="stream"/> or <paramref name="value"/> is <see langword="null"/>.</exception>
        public static ValueTask WriteAsync<T>(Stream stream, T value, CancellationToken cancellationToken = default)
            where T : IMsgPackSerializable<T>
        {
            ArgumentNullException.ThrowIfNull(stream);
            ThrowIfNull(value);
            return WriteToStreamAsync(stream, value, cancellationToken);
        }

        /// <summary>
        /// Writes <paramref name="value"/> through the pipe's <see cref="IBufferWriter{T}"/> and flushes it
        /// (<see cref="PipeWriter.FlushAsync"/>), which waits while the reader is behind the pipe's pause threshold.
        /// </summary>
        /// <remarks>
        /// Allocates nothing: the writer writes into the pipe's own memory, and the flush's result comes from the pipe.
        /// To write many values with one flush, write them with a <see cref="MsgPackWriter"/> over the pipe and flush once.
        /// The bytes go straight into the pipe: a <c>T.Write</c> that throws part way leaves those it wrote in the pipe's
        /// buffer (a generated one throws only for a null value, which is checked first).
        /// </remarks>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="writer">The pipe's writer.</param>
        /// <param name="value">The value.</param>
        /// <param name="cancellationToken">Cancels the flush (the value is then written but not flushed; the next flush sends it).</param>
        /// <returns>The flush's result: <see cref="FlushResult.IsCompleted"/> when the reader no longer reads.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="writer"/> or <paramref name="value"/> is <see langword="null"/>.</exception>
        public static ValueTask<FlushResult> WriteAsync<T>(PipeWriter writer, T value, CancellationToken cancellationToken = default)
            where T : IMsgPackSerializable<T>
        {
            ArgumentNullException.ThrowIfNull(writer);
            ThrowIfNull(value);
            if (cancellationToken.IsCancellationRequested)
            {
                return ValueTask.FromCanceled<FlushResult>(cancellationToken);
            }

            var output = new MsgPackWriter(writer);
            T.Write(ref output, in value);
            output.Flush();
            return writer.FlushAsync(cancellationToken);
        }

        /// <summary>Reads one value from <paramref name="stream"/>, leaving the stream right after it.</summary>
        /// <remarks>
        /// The stream is asked for no byte past the value: the next read of the stream, by this door or any other code,
        /// starts at the next value (see the class remarks for what that costs on an unbuffered stream). A stream that
        /// ends before the value's first byte is an error, as in the span door (the same exception <c>T.Read</c> throws
        /// on no bytes); to read until a clean end, use <see cref="ReadAllAsync{T}(Stream, MsgPackStreamOptions?, CancellationToken)"/>.
        /// </remarks>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="stream">The stream.</param>
        /// <param name="options">The limits; <see langword="null"/> for the defaults.</param>
        /// <param name="cancellationToken">Cancels the wait for bytes.</param>
        /// <returns>The value.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="stream"/> is <see langword="null"/>.</exception>
        /// <exception cref="MsgPackException">The bytes are not such a value, or the stream ends inside it (what <c>T.Read</c> throws), or the value is longer than <see cref="MsgPackStreamOptions.MaxValueLength"/> (<see cref="MsgPackStreamLimitException"/>).</exception>
        /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
        public static ValueTask<T> ReadAsync<T>(Stream stream, MsgPackStreamOptions? options = null, CancellationToken cancellationToken = default)
            where T : IMsgPackSerializable<T>
        {
            ArgumentNullException.ThrowIfNull(stream);
            return ReadOneAsync<T>(stream, options ?? MsgPackStreamOptions.Default, cancellationToken);
        }

        /// <summary>Reads one value from the pipe and consumes exactly its bytes: what follows stays in the pipe.</summary>
        /// <remarks>
        /// A pipe whose writer completed before the value's first byte is an error, as in the span door (the same exception
        /// <c>T.Read</c> throws on no bytes); to read until a clean end, use
        /// <see cref="ReadAllAsync{T}(PipeReader, MsgPackStreamOptions?, CancellationToken)"/>. The reader is not completed.
        /// </remarks>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="reader">The pipe's reader.</param>
        /// <param name="options">The limits; <see langword="null"/> for the defaults.</param>
        /// <param name="cancellationToken">Cancels the wait for bytes.</param>
        /// <returns>The value.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="reader"/> is <see langword="null"/>.</exception>
        /// <exception cref="MsgPackException">The bytes are not such a value, or the pipe ends inside it (what <c>T.Read</c> throws), or the value is longer than <see cref="MsgPackStreamOptions.MaxValueLength"/> (<see cref="MsgPackStreamLimitException"/>).</exception>
        /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled, or <see cref="PipeReader.CancelPendingRead"/> was called; nothing is consumed.</exception>
        public static ValueTask<T> ReadAsync<T>(PipeReader reader, MsgPackStreamOptions? options = null, CancellationToken cancellationToken = default)
            where T : IMsgPackSerializable<T>
        {
            ArgumentNullException.ThrowIfNull(reader);
            return ReadOneAsync<T>(reader, options ?? MsgPackStreamOptions.Default, cancellationToken);
        }

        /// <summary>Reads the values that follow one another in <paramref name="stream"/> (a stream of concatenated values) until it ends.</summary>
        /// <remarks>
        /// The enumeration ends where the stream ends between two values; a stream that ends inside a value fails as
        /// <see cref="ReadAsync{T}(Stream, MsgPackStreamOptions?, CancellationToken)"/> does. It reads ahead, up to
        /// <see cref="MsgPackStreamOptions.BufferSize"/> bytes past the value it looks for, and keeps those bytes for the next
        /// value: what it read past the last value taken is lost when the enumeration stops early.
        /// </remarks>
        /// <typeparam name="T">The values' type.</typeparam>
        /// <param name="stream">The stream.</param>
        /// <param name="options">The limits; <see langword="null"/> for the defaults.</param>
        /// <param name="cancellationToken">Cancels the enumeration (as does the token given to <c>WithCancellation</c>).</param>
        /// <returns>The values, each read when it is asked for.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="stream"/> is <see langword="null"/>.</exception>
        public static IAsyncEnumerable<T> ReadAllAsync<T>(Stream stream, MsgPackStreamOptions? options = null, CancellationToken cancellationToken = default)
            where T : IMsgPackSerializable<T>
        {
            ArgumentNullException.ThrowIfNull(stream);
            return ReadManyAsync<T>(stream, options ?? MsgPackStreamOptions.Default, arrayItems: false, cancellationToken);
        }

        /// <summary>Reads the values that follow one another in the pipe until its writer completes.</summary>
        /// <remarks>
        /// The enumeration ends where the pipe ends between two values; a pipe that ends inside a value fails as
        /// <see cref="ReadAsync{T}(PipeReader, MsgPackStreamOptions?, CancellationToken)"/> does. Each value is consumed
        /// before it is handed out, so an enumeration stopped early leaves the rest in the pipe. The reader is not completed.
        /// </remarks>
        /// <typeparam name="T">The values' type.</typeparam>
        /// <param name="reader">The pipe's reader.</param>
        /// <param name="options">The limits; <see langword="null"/> for the defaults.</param>
        /// <param name="cancellationToken">Cancels the enumeration (as does the token given to <c>WithCancellation</c>).</param>
        /// <returns>The values, each read when it is asked for.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="reader"/> is <see langword="null"/>.</exception>
        public static IAsyncEnumerable<T> ReadAllAsync<T>(PipeReader reader, MsgPackStreamOptions? options = null, CancellationToken cancellationToken = default)
            where T : IMsgPackSerializable<T>
        {
            ArgumentNullException.ThrowIfNull(reader);
            return ReadManyAsync<T>(reader, options ?? MsgPackStreamOptions.Default, arrayItems: false, cancellationToken);
        }

        /// <summary>Reads the items of the array at the start of <paramref name="stream"/>, one at a time, leaving the stream right after the array.</summary>
        /// <remarks>
        /// Only one item is held at a time (<see cref="MsgPackStreamOptions.MaxValueLength"/> limits an item, not the
        /// array): an array of millions of items streams through. Each item is read with <c>T.Read</c> on its own bytes,
        /// so its errors count <c>Offset</c> from the item's first byte; the failing item is the one after those already
        /// handed out. The array's header fails as <see cref="MsgPackReader.ReadArrayHeader"/> does on the same bytes
        /// (<see cref="MsgPackUnexpectedCodeException"/> for another value, <see cref="MsgPackTruncatedException"/> for a
        /// stream that ends first, an empty one included). Like the one-value door, it takes no byte past the array.
        /// </remarks>
        /// <typeparam name="T">The items' type.</typeparam>
        /// <param name="stream">The stream.</param>
        /// <param name="options">The limits; <see langword="null"/> for the defaults.</param>
        /// <param name="cancellationToken">Cancels the enumeration (as does the token given to <c>WithCancellation</c>).</param>
        /// <returns>The items, each read when it is asked for.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="stream"/> is <see langword="null"/>.</exception>
        public static IAsyncEnumerable<T> ReadArrayItemsAsync<T>(Stream stream, MsgPackStreamOptions? options = null, CancellationToken cancellationToken = default)
            where T : IMsgPackSerializable<T>
        {
            ArgumentNullException.ThrowIfNull(stream);
            return ReadManyAsync<T>(stream, options ?? MsgPackStreamOptions.Default, arrayItems: true, cancellationToken);
        }

        /// <summary>Reads the items of the array at the start of the pipe, one at a time; what follows the array stays in the pipe.</summary>
        /// <remarks>
        /// As <see cref="ReadArrayItemsAsync{T}(Stream, MsgPackStreamOptions?, CancellationToken)"/>. The header and each
        /// item are consumed before the next is read, so an enumeration stopped early leaves the rest of the array in the
        /// pipe. The reader is not completed.
        /// </remarks>
        /// <typeparam name="T">The items' type.</typeparam>
        /// <param name="reader">The pipe's reader.</param>
        /// <param name="options">The limits; <see langword="null"/> for the defaults.</param>
        /// <param name="cancellationToken">Cancels the enumeration (as does the token given to <c>WithCancellation</c>).</param>
        /// <returns>The items, each read when it is asked for.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="reader"/> is <see langword="null"/>.</exception>
        public static IAsyncEnumerable<T> ReadArrayItemsAsync<T>(PipeReader reader, MsgPackStreamOptions? options = null, CancellationToken cancellationToken = default)
            where T : IMsgPackSerializable<T>
        {
            ArgumentNullException.ThrowIfNull(reader);
            return ReadManyAsync<T>(reader, options ?? MsgPackStreamOptions.Default, arrayItems: true, cancellationToken);
        }

        private static void ThrowIfNull<T>(T value)
        {
            // False at compile time for a struct: no boxing.
            if (value is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(value));
            }
        }

        // The async halves. Each keeps the ref structs (the readers and writers) in synchronous helpers between its
        // awaits; the pooling builder reuses the state of a read or write that had to wait, so none allocates per value.
        [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
        private static async ValueTask WriteToStreamAsync<T>(Stream stream, T value, CancellationToken cancellationToken)
            where T : IMsgPackSerializable<T>
        {
            cancellationToken.ThrowIfCancellationRequested();
            byte[] encoded = Encode(value, out int length);
            try
            {
                await stream.WriteAsync(encoded.AsMemory(0, length), cancellationToken).ConfigureAwait(false);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(encoded);
            }
        }

        private static byte[] Encode<T>(in T value, out int length)
            where T : IMsgPackSerializable<T>
        {
            length = T.GetEncodedLength(in value);
            byte[] encoded = ArrayPool<byte>.Shared.Rent(length);
            try
            {
                // Exactly the announced length: a Write that disagrees with its GetEncodedLength fails here rather than
                // writing into the rest of a larger pooled array.
                Span<byte> free = encoded.AsSpan(0, length);
                T.Write(ref free, in value);
                length -= free.Length;
                return encoded;
            }
            catch
            {
                ArrayPool<byte>.Shared.Return(encoded);
                throw;
            }
        }

        [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
        private static async ValueTask<T> ReadOneAsync<T>(Stream stream, MsgPackStreamOptions options, CancellationToken cancellationToken)
            where T : IMsgPackSerializable<T>
        {
            cancellationToken.ThrowIfCancellationRequested();
            var buffer = new StreamReadBuffer(options);
            try
            {
                int length;
                while (buffer.FindValue<T>(endAllowed: false, readPast: 0, out length) == ValueSearch.NeedRead)
                {
                    buffer.Commit(await stream.ReadAsync(buffer.GetReadBuffer(), cancellationToken).ConfigureAwait(false));
                }

                return buffer.Read<T>(length);
            }
            finally
            {
                buffer.Dispose();
            }
        }

        [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
        private static async ValueTask<T> ReadOneAsync<T>(PipeReader reader, MsgPackStreamOptions options, CancellationToken cancellationToken)
            where T : IMsgPackSerializable<T>
        {
            cancellationToken.ThrowIfCancellationRequested();
            var search = new PipeValueSearch(options);
            ReadResult result;
            long length;
            do
            {
                result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            }
            while (search.FindValue<T>(reader, result, endAllowed: false, out length) == ValueSearch.NeedRead);

            return PipeValueSearch.Read<T>(reader, result.Buffer, length);
        }

        /// <summary>The values of a stream until its clean end, or the items of the array at its start.</summary>
        private static async IAsyncEnumerable<T> ReadManyAsync<T>(Stream stream, MsgPackStreamOptions options, bool arrayItems, [EnumeratorCancellation] CancellationToken cancellationToken)
            where T : IMsgPackSerializable<T>
        {
            var buffer = new StreamReadBuffer(options);
            try
            {
                long left = -1; // the values still to read; -1: every value until the stream ends
                if (arrayItems)
                {
                    cancellationToken.ThrowIfCancellationRequested();
                    int count;
                    while (buffer.FindArrayHeader(out count) == ValueSearch.NeedRead)
                    {
                        buffer.Commit(await stream.ReadAsync(buffer.GetReadBuffer(), cancellationToken).ConfigureAwait(false));
                    }

                    left = count;
                }

                while (left != 0)
                {
                    cancellationToken.ThrowIfCancellationRequested();

                    // Values read ahead, keeping what they take for the next value. An array's items may take a byte for each
                    // item after the one looked for (each takes one at least), and never a byte past the array.
                    long readPast = left < 0 ? options.BufferSize : left - 1;
                    ValueSearch search;
                    int length;
                    while ((search = buffer.FindValue<T>(endAllowed: left < 0, readPast, out length)) == ValueSearch.NeedRead)
                    {
                        buffer.Commit(await stream.ReadAsync(buffer.GetReadBuffer(), cancellationToken).ConfigureAwait(false));
                    }

                    if (search == ValueSearch.End)
                    {
                        yield break;
                    }

                    left -= left > 0 ? 1 : 0;
                    yield return buffer.Read<T>(length);
                }
            }
            finally
            {
                buffer.Dispose();
            }
        }

        /// <summary>The values of a pipe until its clean end, or the items of the array at its start.</summary>
        private static async IAsyncEnumerable<T> ReadManyAsync<T>(PipeReader reader, MsgPackStreamOptions options, bool arrayItems, [EnumeratorCancellation] CancellationToken cancellationToken)
            where T : IMsgPackSerializable<T>
        {
            var search = new PipeValueSearch(options);
            ReadResult result;
            long left = -1; // the values still to read; -1: every value until the pipe ends
            if (arrayItems)
            {
                cancellationToken.ThrowIfCancellationRequested();
                int count;
                do
                {
                    result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
                }
                while (search.FindArrayHeader(reader, result, out count) == ValueSearch.NeedRead);

                left = count;
            }

            while (left != 0)
            {
                cancellationToken.ThrowIfCancellationRequested();
                ValueSearch found;
                long length;
                do
                {
                    result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
                }
                while ((found = search.FindValue<T>(reader, result, endAllowed: left < 0, out length)) == ValueSearch.NeedRead);

                if (found == ValueSearch.End)
                {
                    yield break;
                }

                left -= left > 0 ? 1 : 0;
                yield return PipeValueSearch.Read<T>(reader, result.Buffer, length);
            }
        }
    }
}
#endif
