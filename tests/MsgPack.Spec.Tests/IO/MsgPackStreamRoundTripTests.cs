#if !LIBRARY_NETSTANDARD
using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Linq;
using System.Threading.Tasks;
using MsgPack.Spec.Fuzzing;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Tests.IO
{
    /// <summary>
    /// Many values of a struct and a class through MsgPackStream's doors and back: the bytes written are the span door's,
    /// and every read door, over every source (one byte per read included), gives back the values written and leaves
    /// the source where it says.
    /// </summary>
    public class MsgPackStreamRoundTripTests
    {
        public static TheoryData<AsyncSource> Sources => AsyncDoors.Sources;

        [Theory]
        [MemberData(nameof(Sources))]
        public Task PointsComeBackThroughEveryReadDoor(AsyncSource source) => ReadBack(source, Many(AsyncDoorSamples.Points));

        [Theory]
        [MemberData(nameof(Sources))]
        public Task OrdersComeBackThroughEveryReadDoor(AsyncSource source) => ReadBack(source, Many(AsyncDoorSamples.Orders));

        [Fact]
        public Task PointsWrittenToAStreamAreTheSpanDoorsBytes() => WriteToMemoryStream(Many(AsyncDoorSamples.Points));

        [Fact]
        public Task OrdersWrittenToAStreamAreTheSpanDoorsBytes() => WriteToMemoryStream(Many(AsyncDoorSamples.Orders));

        [Fact]
        public Task PointsCrossAPipeWhileItIsRead() => CrossAPipe(Many(AsyncDoorSamples.Points), throughStream: false);

        [Fact]
        public Task OrdersCrossAPipeWhileItIsRead() => CrossAPipe(Many(AsyncDoorSamples.Orders), throughStream: false);

        [Fact]
        public Task OrdersWrittenToAStreamThatWaitsCrossAPipe() => CrossAPipe(Many(AsyncDoorSamples.Orders), throughStream: true);

        [Fact]
        public async Task ReadsThatCompleteLaterGiveTheSameValues()
        {
            // Every read of the stream yields first: the doors' continuations run after real waits.
            StreamOrder[] orders = Many(AsyncDoorSamples.Orders);
            byte[] bytes = AsyncDoorSamples.Concatenate(orders);
            var values = new List<StreamOrder>();
            await foreach (StreamOrder order in MsgPackStream.ReadAllAsync<StreamOrder>(new OneByteStream(bytes, yieldEachRead: true)))
            {
                values.Add(order);
            }

            Assert.Equal(orders, values);
            var stream = new OneByteStream(bytes, yieldEachRead: true);
            Assert.Equal(orders[0], await MsgPackStream.ReadAsync<StreamOrder>(stream));
            Assert.Equal(bytes.Length - AsyncDoorSamples.Encode(orders[0]).Length, stream.Remaining);
        }

        [Fact]
        public async Task ABufferOfOneByteGrowsForEveryValue()
        {
            // BufferSize 1: the stream is asked for one byte, then for as many as are held, so the buffer grows by doubling.
            StreamOrder[] orders = Many(AsyncDoorSamples.Orders);
            var options = new MsgPackStreamOptions { BufferSize = 1 };
            byte[] bytes = AsyncDoorSamples.Concatenate(orders);
            DoorResult<StreamOrder> result = await AsyncDoors.ReadAllAsync<StreamOrder>(AsyncSource.MemoryStream, bytes, options);
            result.AssertSameAs(new DoorResult<StreamOrder>(orders.ToList(), null), "BufferSize 1");
        }

        [Theory]
        [MemberData(nameof(Sources))]
        public async Task TheItemsOfAnArrayStreamThroughAndWhatFollowsItStays(AsyncSource source)
        {
            StreamOrder[] orders = Many(AsyncDoorSamples.Orders);
            byte[] trailing = { 0xc3, 0x01 };
            byte[] bytes = AsyncDoorSamples.ArrayOf(orders).Concat(trailing).ToArray();
            (DoorResult<StreamOrder> result, object opened) = await AsyncDoors.ReadArrayItemsAsync<StreamOrder>(source, bytes);
            result.AssertSameAs(new DoorResult<StreamOrder>(orders.ToList(), null), source.ToString());
            Assert.Equal(trailing, await AsyncDoors.RestAsync(opened));
        }

        [Theory]
        [MemberData(nameof(Sources))]
        public async Task AnEmptyArrayHasNoItems(AsyncSource source)
        {
            (DoorResult<StreamPoint> result, object opened) = await AsyncDoors.ReadArrayItemsAsync<StreamPoint>(source, new byte[] { 0x90, 0x2a });
            Assert.Empty(result.Values);
            Assert.Null(result.Failure);
            Assert.Equal(new byte[] { 0x2a }, await AsyncDoors.RestAsync(opened));
        }

        [Fact]
        public async Task AnArrayEnumerationStoppedEarlyLeavesTheRestInThePipe()
        {
            StreamPoint[] points = AsyncDoorSamples.Points;
            byte[] bytes = AsyncDoorSamples.ArrayOf(points);
            PipeReader reader = AsyncDoors.OpenPipe(AsyncSource.Pipe, bytes);
            var taken = new List<StreamPoint>();
            await foreach (StreamPoint point in MsgPackStream.ReadArrayItemsAsync<StreamPoint>(reader))
            {
                taken.Add(point);
                if (taken.Count == 2)
                {
                    break;
                }
            }

            Assert.Equal(points.Take(2), taken);
            Assert.Equal(AsyncDoorSamples.Concatenate(points.Skip(2).ToArray()), await AsyncDoors.RestAsync(reader));
        }

        [Fact]
        public async Task AnEnumerationStoppedEarlyLeavesTheRestInThePipe()
        {
            StreamOrder[] orders = AsyncDoorSamples.Orders;
            PipeReader reader = AsyncDoors.OpenPipe(AsyncSource.Pipe, AsyncDoorSamples.Concatenate(orders));
            await foreach (StreamOrder order in MsgPackStream.ReadAllAsync<StreamOrder>(reader))
            {
                Assert.Equal(orders[0], order);
                break;
            }

            Assert.Equal(orders[1], await MsgPackStream.ReadAsync<StreamOrder>(reader));
            Assert.Equal(AsyncDoorSamples.Concatenate(orders.Skip(2).ToArray()), await AsyncDoors.RestAsync(reader));
        }

        private static T[] Many<T>(T[] samples) => Enumerable.Range(0, 5).SelectMany(_ => samples).ToArray();

        private static async Task ReadBack<T>(AsyncSource source, T[] values)
            where T : IMsgPackSerializable<T>
        {
            byte[] bytes = AsyncDoorSamples.Concatenate(values);
            var expected = new DoorResult<T>(values.ToList(), null);
            (await AsyncDoors.ReadAllAsync<T>(source, bytes)).AssertSameAs(expected, $"{source}, ReadAllAsync");
            (await AsyncDoors.ReadOneByOneAsync<T>(source, bytes)).AssertSameAs(expected, $"{source}, ReadAsync");
        }

        private static async Task WriteToMemoryStream<T>(T[] values)
            where T : IMsgPackSerializable<T>
        {
            var stream = new MemoryStream();
            foreach (T value in values)
            {
                await MsgPackStream.WriteAsync(stream, value);
            }

            Assert.Equal(Hex.Of(AsyncDoorSamples.Concatenate(values)), Hex.Of(stream.ToArray()));
        }

        private static async Task CrossAPipe<T>(T[] values, bool throughStream)
            where T : IMsgPackSerializable<T>
        {
            // The writer pauses at 64 bytes unread, less than most values: both sides wait for each other all along.
            var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 64, resumeWriterThreshold: 32, minimumSegmentSize: 16, useSynchronizationContext: false));
            Task writing = Task.Run(async () =>
            {
                Stream stream = pipe.Writer.AsStream();
                foreach (T value in values)
                {
                    if (throughStream)
                    {
                        await MsgPackStream.WriteAsync(stream, value);
                    }
                    else
                    {
                        FlushResult flushed = await MsgPackStream.WriteAsync(pipe.Writer, value);
                        Assert.False(flushed.IsCompleted);
                    }
                }

                await pipe.Writer.CompleteAsync();
            });

            var read = new List<T>();
            await foreach (T value in MsgPackStream.ReadAllAsync<T>(pipe.Reader))
            {
                read.Add(value);
            }

            await writing;
            Assert.Equal(values, read);
        }
    }
}
#endif
