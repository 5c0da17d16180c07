#if !LIBRARY_NETSTANDARD
using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Threading.Tasks;
using MsgPack.Spec.Fuzzing;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Tests.IO
{
    /// <summary>Where MsgPackStream's tests read bytes from.</summary>
    public enum AsyncSource
    {
        /// <summary>A <see cref="MemoryStream"/>: each read gets all it asks for.</summary>
        MemoryStream,

        /// <summary>A stream that returns one byte per read and cannot seek: every boundary inside every value is a read boundary.</summary>
        OneByteStream,

        /// <summary>A pipe filled before reading, in chunks of 1 to 7 bytes, with segments of 16 bytes: values straddle segments.</summary>
        Pipe,

        /// <summary>A <see cref="PipeReader"/> over a one-byte stream: each read of the pipe brings one more byte.</summary>
        OneBytePipe,
    }

    /// <summary>Opens each source over given bytes, and reads them through the doors and through the span door.</summary>
    internal static class AsyncDoors
    {
        public static TheoryData<AsyncSource> Sources => new TheoryData<AsyncSource>
        {
            AsyncSource.MemoryStream,
            AsyncSource.OneByteStream,
            AsyncSource.Pipe,
            AsyncSource.OneBytePipe,
        };

        public static bool IsPipe(AsyncSource source) => source is AsyncSource.Pipe or AsyncSource.OneBytePipe;

        public static Stream OpenStream(AsyncSource source, byte[] bytes) => source switch
        {
            AsyncSource.MemoryStream => new MemoryStream(bytes, writable: false),
            AsyncSource.OneByteStream => new OneByteStream(bytes),
            _ => throw new ArgumentOutOfRangeException(nameof(source)),
        };

        public static PipeReader OpenPipe(AsyncSource source, byte[] bytes)
        {
            if (source == AsyncSource.OneBytePipe)
            {
                return PipeReader.Create(new OneByteStream(bytes), new StreamPipeReaderOptions(bufferSize: 16, minimumReadSize: 1));
            }

            if (source != AsyncSource.Pipe)
            {
                throw new ArgumentOutOfRangeException(nameof(source));
            }

            var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0, minimumSegmentSize: 16, useSynchronizationContext: false));
            for (int start = 0, size = 1; start < bytes.Length; start += size, size = (size % 7) + 1)
            {
                pipe.Writer.Write(bytes.AsSpan(start, Math.Min(size, bytes.Length - start)));

                // A pipe without a pause threshold completes every flush at once.
                Assert.True(pipe.Writer.FlushAsync().IsCompletedSuccessfully);
            }

            pipe.Writer.Complete();
            return pipe.Reader;
        }

        /// <summary>Whether the source holds another byte; for a pipe, without consuming or examining anything.</summary>
        public static async ValueTask<bool> HasMoreAsync(object source)
        {
            switch (source)
            {
                case MemoryStream memory:
                    return memory.Position < memory.Length;
                case OneByteStream oneByte:
                    return oneByte.Remaining > 0;
                case PipeReader reader:
                    ReadResult result = await reader.ReadAsync();
                    bool more = !result.Buffer.IsEmpty || !result.IsCompleted;
                    reader.AdvanceTo(result.Buffer.Start);
                    return more;
                default:
                    throw new ArgumentOutOfRangeException(nameof(source));
            }
        }

        /// <summary>Every value of <paramref name="bytes"/> through <c>ReadAllAsync</c>, and the failure that ended them, if any.</summary>
        public static async Task<DoorResult<T>> ReadAllAsync<T>(AsyncSource source, byte[] bytes, MsgPackStreamOptions? options = null)
            where T : IMsgPackSerializable<T>
        {
            var values = new List<T>();
            try
            {
                IAsyncEnumerable<T> all = IsPipe(source)
                    ? MsgPackStream.ReadAllAsync<T>(OpenPipe(source, bytes), options)
                    : MsgPackStream.ReadAllAsync<T>(OpenStream(source, bytes), options);
                await foreach (T value in all)
                {
                    values.Add(value);
                }
            }
            catch (MsgPackException e)
            {
                return new DoorResult<T>(values, e);
            }

            return new DoorResult<T>(values, null);
        }

        /// <summary>
        /// The values of <paramref name="bytes"/> through <c>ReadAsync</c>, one call per value while the source holds a byte:
        /// each call must leave the source right after its value for the next to work.
        /// </summary>
        public static async Task<DoorResult<T>> ReadOneByOneAsync<T>(AsyncSource source, byte[] bytes, MsgPackStreamOptions? options = null)
            where T : IMsgPackSerializable<T>
        {
            var values = new List<T>();
            object opened = IsPipe(source) ? OpenPipe(source, bytes) : OpenStream(source, bytes);
            try
            {
                while (await HasMoreAsync(opened))
                {
                    values.Add(opened is PipeReader reader
                        ? await MsgPackStream.ReadAsync<T>(reader, options)
                        : await MsgPackStream.ReadAsync<T>((Stream)opened, options));
                }
            }
            catch (MsgPackException e)
            {
                return new DoorResult<T>(values, e);
            }

            return new DoorResult<T>(values, null);
        }

        /// <summary>The items of the array at the start of <paramref name="bytes"/> through <c>ReadArrayItemsAsync</c>, and the source after them.</summary>
        public static async Task<(DoorResult<T> Result, object Source)> ReadArrayItemsAsync<T>(AsyncSource source, byte[] bytes, MsgPackStreamOptions? options = null)
            where T : IMsgPackSerializable<T>
        {
            var values = new List<T>();
            object opened = IsPipe(source) ? OpenPipe(source, bytes) : OpenStream(source, bytes);
            try
            {
                IAsyncEnumerable<T> items = opened is PipeReader reader
                    ? MsgPackStream.ReadArrayItemsAsync<T>(reader, options)
                    : MsgPackStream.ReadArrayItemsAsync<T>((Stream)opened, options);
                await foreach (T item in items)
                {
                    values.Add(item);
                }
            }
            catch (MsgPackException e)
            {
                return (new DoorResult<T>(values, e), opened);
            }

            return (new DoorResult<T>(values, null), opened);
        }

        /// <summary>The bytes left in a source after a door read from it.</summary>
        public static async Task<byte[]> RestAsync(object source)
        {
            switch (source)
            {
                case Stream stream:
                    var rest = new MemoryStream();
                    await stream.CopyToAsync(rest);
                    return rest.ToArray();
                case PipeReader reader:
                    while (true)
                    {
                        ReadResult result = await reader.ReadAsync();
                        if (result.IsCompleted)
                        {
                            byte[] bytes = result.Buffer.ToArray();
                            reader.AdvanceTo(result.Buffer.End);
                            return bytes;
                        }

                        reader.AdvanceTo(result.Buffer.Start, result.Buffer.End);
                    }

                default:
                    throw new ArgumentOutOfRangeException(nameof(source));
            }
        }
    }

    /// <summary>What a door read: the values, then the failure that ended them (null when they ended cleanly).</summary>
    internal sealed class DoorResult<T>
    {
        public DoorResult(List<T> values, MsgPackException? failure)
        {
            Values = values;
            Failure = failure;
        }

        public List<T> Values { get; }

        public MsgPackException? Failure { get; }

        /// <summary>Asserts the same values and the same failure: type, message, and for a serialization error its Path, Offset and cause.</summary>
        public void AssertSameAs(DoorResult<T> expected, string context)
        {
            Assert.True(expected.Values.Count == Values.Count, $"{context}: {Values.Count} values, expected {expected.Values.Count}; failure: {Failure?.Message}");
            Assert.Equal(expected.Values, Values);
            AssertSameFailure(expected.Failure, Failure, context);
        }

        public static void AssertSameFailure(Exception? expected, Exception? actual, string context)
        {
            Assert.True(expected?.GetType() == actual?.GetType(), $"{context}: {actual?.GetType().Name} ({actual?.Message}), expected {expected?.GetType().Name} ({expected?.Message})");
            Assert.Equal(expected?.Message, actual?.Message);
            if (expected is MsgPackSerializationException wrapped)
            {
                var other = (MsgPackSerializationException)actual!;
                Assert.Equal(wrapped.Path, other.Path);
                Assert.Equal(wrapped.Offset, other.Offset);
                Assert.Equal(wrapped.InnerException?.GetType(), other.InnerException?.GetType());
            }
        }
    }

    /// <summary>The span door, <c>T.Read</c> over the bytes from each value's start to the end: what the async doors must agree with.</summary>
    internal static class SpanDoor
    {
        public static DoorResult<T> ReadAll<T>(byte[] bytes)
            where T : IMsgPackSerializable<T>
        {
            var values = new List<T>();
            int position = 0;
            while (position < bytes.Length)
            {
                if (!TryRead(bytes.AsSpan(position), out T? value, out int consumed, out MsgPackException? failure))
                {
                    return new DoorResult<T>(values, failure);
                }

                values.Add(value!);
                position += consumed;
            }

            return new DoorResult<T>(values, null);
        }

        public static MsgPackException? Failure<T>(ReadOnlySpan<byte> bytes)
            where T : IMsgPackSerializable<T>
        {
            TryRead(bytes, out T? _, out _, out MsgPackException? failure);
            return failure;
        }

        private static bool TryRead<T>(ReadOnlySpan<byte> bytes, out T? value, out int consumed, out MsgPackException? failure)
            where T : IMsgPackSerializable<T>
        {
            var reader = new MsgPackReader(bytes);
            try
            {
                value = T.Read(ref reader);
                consumed = (int)reader.Consumed;
                failure = null;
                return true;
            }
            catch (MsgPackException e)
            {
                value = default;
                consumed = 0;
                failure = e;
                return false;
            }
        }
    }
}
#endif
