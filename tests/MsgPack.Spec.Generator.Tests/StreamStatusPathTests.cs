using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Linq;
using System.Threading.Tasks;
using MsgPack.Spec.Fuzzing;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>
    /// MsgPackStream's read doors on generated types (issue #39): they read through the status path, so a valid value
    /// that arrives a byte at a time throws nothing, not even an exception caught inside (first-chance exceptions: 0),
    /// and bad input costs exactly one exception, the one the span door's Read throws on the same bytes (same type,
    /// path, offset and message). Every source here completes its reads at once, so the whole door runs on the test's
    /// thread, where the first-chance exceptions are counted (checked: the door's task is complete when the call returns).
    /// </summary>
    public class StreamStatusPathTests
    {
        /// <summary>Where the door reads from: a stream that gives one byte per read, a pipe over it, or a pipe filled in one-byte writes.</summary>
        public enum Source
        {
            OneByteStream,
            PipeOverOneByteStream,
            PipeOfOneByteWrites,
        }

        /// <summary>Which door reads: every value until the end, one value per call, or the items of an array.</summary>
        public enum Door
        {
            ReadAll,
            ReadOneByOne,
            ArrayItems,
        }

        public static TheoryData<Source, Door> Cases()
        {
            var cases = new TheoryData<Source, Door>();
            foreach (Source source in Enum.GetValues<Source>())
            {
                foreach (Door door in Enum.GetValues<Door>())
                {
                    cases.Add(source, door);
                }
            }

            return cases;
        }

        private static readonly Holder[] Holders = { StatusPathTests.SomeHolder(), new Holder { Number = 3, Pair = new KeyValuePair<int, string>(1, "one") } };

        [Theory]
        [MemberData(nameof(Cases))]
        public void A_valid_value_that_arrives_a_byte_at_a_time_throws_nothing(Source source, Door door)
        {
            byte[] input = Input(Holders, door);
            (List<byte[]> values, Exception? failure, int thrown) = Run<Holder>(source, door, input);
            Assert.Null(failure);
            Assert.Equal(0, thrown);
            Assert.Equal(Holders.Select(h => Doors.Bytes(h, Holder.Write)), values);

            Page<Account>[] pages = { StatusPathTests.SomePage() };
            (List<byte[]> read, failure, thrown) = Run<Page<Account>>(source, door, Input(pages, door));
            Assert.Null(failure);
            Assert.Equal(0, thrown);
            Assert.Equal(Doors.Bytes(pages[0], Page<Account>.Write), Assert.Single(read));
        }

        [Theory]
        [MemberData(nameof(Cases))]
        public void Bad_input_throws_once_what_the_span_door_s_Read_throws(Source source, Door door)
        {
            byte[] valid = Input(Holders, door);
            int failures = 0;
            for (int at = 0; at < valid.Length; at++)
            {
                // Cut at every byte, and 0xc1 at every byte.
                byte[] cut = valid.AsSpan(0, at).ToArray();
                byte[] corrupted = (byte[])valid.Clone();
                corrupted[at] = DataCodes.NeverUsed;
                foreach (byte[] input in new[] { cut, corrupted })
                {
                    (List<byte[]> values, Exception? failure, int thrown) = Run<Holder>(source, door, input);
                    (List<byte[]> expectedValues, Exception? expected) = SpanDoor(input, door);
                    string context = $"{source}, {door}, {(input == cut ? "cut" : "0xc1")} at {at}";
                    Assert.True(expectedValues.Count == values.Count, $"{context}: {values.Count} values, expected {expectedValues.Count} ({failure?.Message})");
                    Assert.Equal(expectedValues, values);
                    Assert.True(expected?.GetType() == failure?.GetType(), $"{context}: {failure?.GetType().Name} ({failure?.Message}), expected {expected?.GetType().Name} ({expected?.Message})");
                    Assert.Equal(expected?.Message, failure?.Message);
                    if (expected is MsgPackSerializationException wrapped)
                    {
                        var actual = (MsgPackSerializationException)failure!;
                        Assert.Equal(wrapped.Path, actual.Path);
                        Assert.Equal(wrapped.Offset, actual.Offset);
                        Assert.Equal(wrapped.InnerException?.GetType(), actual.InnerException?.GetType());
                    }

                    // One exception when the door fails (the one it throws), none when it does not.
                    Assert.True((failure is null ? 0 : 1) == thrown, $"{context}: {thrown} first-chance exceptions ({failure?.Message})");
                    failures += failure is null ? 0 : 1;
                }
            }

            Assert.True(failures > valid.Length, $"{failures} failures"); // every corruption and most cuts fail
        }

        /// <summary>The values, or the items of an array of them for the array door.</summary>
        private static byte[] Input<T>(T[] values, Door door)
            where T : IMsgPackSerializable<T>
        {
            var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            if (door == Door.ArrayItems)
            {
                writer.WriteArrayHeader(values.Length);
            }

            foreach (T value in values)
            {
                T.Write(ref writer, value);
            }

            writer.Flush();
            return output.WrittenSpan.ToArray();
        }

        /// <summary>What the span door reads of <paramref name="input"/> as the async door reads it: the values' bytes written back, then Read's exception.</summary>
        private static (List<byte[]> Values, Exception? Failure) SpanDoor(byte[] input, Door door)
        {
            var values = new List<byte[]>();
            var reader = new MsgPackReader(input);
            try
            {
                long left = door == Door.ArrayItems ? reader.ReadArrayHeader() : -1;
                while (left != 0 && !reader.End)
                {
                    // Each value on its own bytes, as the doors read it: offsets count from the value's start.
                    MsgPackReader rest = reader;
                    int length = (int)rest.Remaining;
                    ReadOnlySpan<byte> unread = input.AsSpan(input.Length - length);
                    Holder value = Holder.Read(unread, out int bytesRead);
                    reader = new MsgPackReader(input.AsSpan(input.Length - length + bytesRead));
                    values.Add(Doors.Bytes(value, Holder.Write));
                    left -= left > 0 ? 1 : 0;
                }

                if (left > 0)
                {
                    // The array ends before its items: the next item's read fails on no bytes.
                    Holder.Read(ReadOnlySpan<byte>.Empty, out _);
                }
            }
            catch (MsgPackException e)
            {
                return (values, e);
            }

            return (values, null);
        }

        /// <summary>
        /// The door over the source: the values' bytes written back, its failure, and the first-chance exceptions on this
        /// thread meanwhile. Driven without await, and a failed task's exception is taken after the count (an await, or
        /// AsTask, of a failed ValueTask throws its exception again: the test's rethrow, not the door's); each of the
        /// door's tasks must be complete when its call returns.
        /// </summary>
        private static (List<byte[]> Values, Exception? Failure, int Thrown) Run<T>(Source source, Door door, byte[] input)
            where T : IMsgPackSerializable<T>
        {
            var values = new List<byte[]>();
            Func<Task>? failed = null;
            object opened = Open(source, input);
            int thrown = FirstChance.During(() => failed = Read(opened, door, values));
            return (values, failed?.Invoke().Exception!.InnerException, thrown);

            static Func<Task>? Read(object opened, Door door, List<byte[]> values)
            {
                if (door == Door.ReadOneByOne)
                {
                    while (HasMore(opened))
                    {
                        ValueTask<T> one = opened is PipeReader pipe ? MsgPackStream.ReadAsync<T>(pipe) : MsgPackStream.ReadAsync<T>((Stream)opened);
                        Assert.True(one.IsCompleted, "the door waited: its reads did not complete at once");
                        if (!one.IsCompletedSuccessfully)
                        {
                            return () => one.AsTask();
                        }

                        values.Add(Bytes(one.Result));
                    }

                    return null;
                }

                IAsyncEnumerable<T> all = door == Door.ReadAll
                    ? (opened is PipeReader reader ? MsgPackStream.ReadAllAsync<T>(reader) : MsgPackStream.ReadAllAsync<T>((Stream)opened))
                    : (opened is PipeReader items ? MsgPackStream.ReadArrayItemsAsync<T>(items) : MsgPackStream.ReadArrayItemsAsync<T>((Stream)opened));
                IAsyncEnumerator<T> enumerator = all.GetAsyncEnumerator();
                while (true)
                {
                    ValueTask<bool> next = enumerator.MoveNextAsync();
                    Assert.True(next.IsCompleted, "the door waited: its reads did not complete at once");
                    if (!next.IsCompletedSuccessfully)
                    {
                        return () => next.AsTask();
                    }

                    if (!next.Result)
                    {
                        Assert.True(enumerator.DisposeAsync().IsCompletedSuccessfully);
                        return null;
                    }

                    values.Add(Bytes(enumerator.Current));
                }
            }
        }

        private static byte[] Bytes<T>(T value)
            where T : IMsgPackSerializable<T>
        {
            byte[] bytes = new byte[T.GetEncodedLength(value)];
            Span<byte> rest = bytes;
            T.Write(ref rest, value);
            return bytes;
        }

        private static object Open(Source source, byte[] input)
        {
            switch (source)
            {
                case Source.OneByteStream:
                    return new OneByteStream(input);
                case Source.PipeOverOneByteStream:
                    return PipeReader.Create(new OneByteStream(input), new StreamPipeReaderOptions(bufferSize: 16, minimumReadSize: 1));
                default:
                    var pipe = new Pipe(new PipeOptions(minimumSegmentSize: 16, pauseWriterThreshold: 0));
                    foreach (byte b in input)
                    {
                        pipe.Writer.GetSpan(1)[0] = b;
                        pipe.Writer.Advance(1);
                        _ = pipe.Writer.FlushAsync().AsTask().Result;
                    }

                    pipe.Writer.Complete();
                    return pipe.Reader;
            }
        }

        /// <summary>Whether the source holds another byte; for a pipe, without consuming or examining anything.</summary>
        private static bool HasMore(object source)
        {
            if (source is OneByteStream stream)
            {
                return stream.Remaining > 0;
            }

            var reader = (PipeReader)source;
            ValueTask<ReadResult> read = reader.ReadAsync();
            Assert.True(read.IsCompletedSuccessfully);
            ReadResult result = read.Result;
            bool more = !result.Buffer.IsEmpty || !result.IsCompleted;
            reader.AdvanceTo(result.Buffer.Start);
            return more;
        }
    }
}
