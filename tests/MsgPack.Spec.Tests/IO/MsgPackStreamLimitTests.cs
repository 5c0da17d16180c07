#if !LIBRARY_NETSTANDARD
using System;
using System.Diagnostics;
using System.IO;
using System.IO.Pipelines;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Tests.IO
{
    /// <summary>
    /// MsgPackStream's limits and cancellation: a value past MaxValueLength fails on every source however its bytes
    /// arrive, the options refuse nonsense, and every door waiting on a source that never delivers ends promptly with
    /// OperationCanceledException when canceled.
    /// </summary>
    public class MsgPackStreamLimitTests
    {
        // Long enough for a thread pool that the suite's parallel classes keep busy (a CI run on two cores once took
        // over 2 s to run the canceled read's continuation); a read that ignores its token still never ends inside it.
        private static readonly TimeSpan Prompt = TimeSpan.FromSeconds(10);

        public static TheoryData<AsyncSource> Sources => AsyncDoors.Sources;

        [Theory]
        [MemberData(nameof(Sources))]
        public async Task AValueOneByteOverTheLimitFailsAndOneAtItIsRead(AsyncSource source)
        {
            StreamOrder order = AsyncDoorSamples.Orders[3];
            byte[] bytes = AsyncDoorSamples.Concatenate(new[] { order, order });
            int length = bytes.Length / 2;

            DoorResult<StreamOrder> over = await AsyncDoors.ReadAllAsync<StreamOrder>(source, bytes, new MsgPackStreamOptions { MaxValueLength = length - 1 });
            Assert.Empty(over.Values);
            var limit = Assert.IsType<MsgPackStreamLimitException>(over.Failure);
            Assert.Equal(length - 1, limit.MaxValueLength);
            Assert.InRange(limit.BytesNeeded, length, length);
            Assert.IsType<MsgPackStreamLimitException>((await AsyncDoors.ReadOneByOneAsync<StreamOrder>(source, bytes, new MsgPackStreamOptions { MaxValueLength = length - 1 })).Failure);

            DoorResult<StreamOrder> at = await AsyncDoors.ReadAllAsync<StreamOrder>(source, bytes, new MsgPackStreamOptions { MaxValueLength = length });
            at.AssertSameAs(new DoorResult<StreamOrder>(new() { order, order }, null), source.ToString());
        }

        [Theory]
        [MemberData(nameof(Sources))]
        public async Task TheLimitHoldsForEachItemNotForTheArray(AsyncSource source)
        {
            StreamOrder[] orders = AsyncDoorSamples.Orders;
            byte[] array = AsyncDoorSamples.ArrayOf(orders);
            int longest = orders.Max(order => AsyncDoorSamples.Encode(order).Length);
            (DoorResult<StreamOrder> result, _) = await AsyncDoors.ReadArrayItemsAsync<StreamOrder>(source, array, new MsgPackStreamOptions { MaxValueLength = longest });
            result.AssertSameAs(new DoorResult<StreamOrder>(orders.ToList(), null), source.ToString());
            Assert.True(array.Length > longest);
        }

        [Fact]
        public void TheOptionsRefuseLengthsThatCannotBeBuffers()
        {
            var options = new MsgPackStreamOptions();
            Assert.Equal(MsgPackStreamOptions.DefaultMaxValueLength, options.MaxValueLength);
            Assert.Equal(MsgPackStreamOptions.DefaultBufferSize, options.BufferSize);
            Assert.Throws<ArgumentOutOfRangeException>(() => options.MaxValueLength = 0);
            Assert.Throws<ArgumentOutOfRangeException>(() => options.MaxValueLength = -1);
            Assert.Throws<ArgumentOutOfRangeException>(() => options.MaxValueLength = Array.MaxLength + 1);
            Assert.Throws<ArgumentOutOfRangeException>(() => options.BufferSize = 0);
            Assert.Throws<ArgumentOutOfRangeException>(() => options.BufferSize = Array.MaxLength + 1);
            options.MaxValueLength = Array.MaxLength;
            options.BufferSize = 1;
            Assert.Equal(Array.MaxLength, options.MaxValueLength);
        }

        [Fact]
        public async Task NullArgumentsAreRefusedAtTheCall()
        {
            Assert.Throws<ArgumentNullException>(() => MsgPackStream.ReadAllAsync<StreamPoint>((Stream)null!));
            Assert.Throws<ArgumentNullException>(() => MsgPackStream.ReadArrayItemsAsync<StreamPoint>((PipeReader)null!));
            await Assert.ThrowsAsync<ArgumentNullException>(() => MsgPackStream.ReadAsync<StreamPoint>((Stream)null!).AsTask());
            await Assert.ThrowsAsync<ArgumentNullException>(() => MsgPackStream.WriteAsync(new MemoryStream(), (StreamOrder)null!).AsTask());
            await Assert.ThrowsAsync<ArgumentNullException>(() => MsgPackStream.WriteAsync(new Pipe().Writer, (StreamOrder)null!).AsTask());
        }

        [Fact]
        public Task ReadAsyncFromAStreamThatNeverDeliversEndsWhenCanceled() =>
            CanceledPromptly(token => MsgPackStream.ReadAsync<StreamOrder>(new Pipe().Reader.AsStream(), null, token).AsTask());

        [Fact]
        public Task ReadAsyncFromAPipeThatNeverDeliversEndsWhenCanceled() =>
            CanceledPromptly(token => MsgPackStream.ReadAsync<StreamOrder>(new Pipe().Reader, null, token).AsTask());

        [Fact]
        public Task ReadAllAsyncFromAStreamThatNeverDeliversEndsWhenCanceled() =>
            CanceledPromptly(token => Drain(MsgPackStream.ReadAllAsync<StreamOrder>(new Pipe().Reader.AsStream(), null, token)));

        [Fact]
        public Task ReadAllAsyncFromAPipeThatNeverDeliversEndsWhenCanceledThroughWithCancellation() =>
            CanceledPromptly(token => Drain(MsgPackStream.ReadAllAsync<StreamOrder>(new Pipe().Reader).WithCancellation(token)));

        [Fact]
        public Task ReadArrayItemsAsyncFromAStreamThatNeverDeliversEndsWhenCanceled() =>
            CanceledPromptly(token => Drain(MsgPackStream.ReadArrayItemsAsync<StreamOrder>(new Pipe().Reader.AsStream(), null, token)));

        [Fact]
        public Task ReadArrayItemsAsyncFromAPipeThatNeverDeliversEndsWhenCanceled() =>
            CanceledPromptly(token => Drain(MsgPackStream.ReadArrayItemsAsync<StreamOrder>(new Pipe().Reader, null, token)));

        [Fact]
        public async Task ACanceledReadInsideAValueLeavesThePipeAsItWas()
        {
            // Half a value, then silence: the canceled read consumes nothing, and the value reads whole once the rest comes.
            StreamOrder order = AsyncDoorSamples.Orders[2];
            byte[] bytes = AsyncDoorSamples.Encode(order);
            var pipe = new Pipe(new PipeOptions(useSynchronizationContext: false));
            await pipe.Writer.WriteAsync(bytes.AsMemory(0, bytes.Length / 2));
            await CanceledPromptly(token => MsgPackStream.ReadAsync<StreamOrder>(pipe.Reader, null, token).AsTask());

            await pipe.Writer.WriteAsync(bytes.AsMemory(bytes.Length / 2));
            Assert.Equal(order, await MsgPackStream.ReadAsync<StreamOrder>(pipe.Reader));
        }

        [Fact]
        public async Task CancelPendingReadEndsTheReadAndLeavesThePipeAsItWas()
        {
            StreamOrder order = AsyncDoorSamples.Orders[1];
            byte[] bytes = AsyncDoorSamples.Encode(order);
            var pipe = new Pipe(new PipeOptions(useSynchronizationContext: false));
            await pipe.Writer.WriteAsync(bytes.AsMemory(0, 3));
            Task<StreamOrder> reading = MsgPackStream.ReadAsync<StreamOrder>(pipe.Reader).AsTask();
            await Task.Delay(20);
            Assert.False(reading.IsCompleted);
            pipe.Reader.CancelPendingRead();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => reading);

            await pipe.Writer.WriteAsync(bytes.AsMemory(3));
            Assert.Equal(order, await MsgPackStream.ReadAsync<StreamOrder>(pipe.Reader));
        }

        [Fact]
        public async Task AWriteWithACanceledTokenWritesNothing()
        {
            using var canceled = new CancellationTokenSource();
            canceled.Cancel();
            var stream = new MemoryStream();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => MsgPackStream.WriteAsync(stream, AsyncDoorSamples.Orders[1], canceled.Token).AsTask());
            Assert.Equal(0, stream.Length);

            var pipe = new Pipe();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => MsgPackStream.WriteAsync(pipe.Writer, AsyncDoorSamples.Orders[1], canceled.Token).AsTask());
            Assert.Equal(0, pipe.Writer.UnflushedBytes);
        }

        [Fact]
        public async Task AWriteHeldBackByAPipeNobodyReadsEndsWhenCanceled()
        {
            var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 16, resumeWriterThreshold: 8, useSynchronizationContext: false));
            await CanceledPromptly(token => MsgPackStream.WriteAsync(pipe.Writer, AsyncDoorSamples.Orders[2], token).AsTask());
            await CanceledPromptly(token => MsgPackStream.WriteAsync(pipe.Writer.AsStream(), AsyncDoorSamples.Orders[2], token).AsTask());
        }

        private static async Task Drain<T>(System.Collections.Generic.IAsyncEnumerable<T> values)
        {
            await foreach (T value in values)
            {
                Assert.Fail($"read {value}");
            }
        }

        private static async Task Drain<T>(System.Runtime.CompilerServices.ConfiguredCancelableAsyncEnumerable<T> values)
        {
            await foreach (T value in values)
            {
                Assert.Fail($"read {value}");
            }
        }

        /// <summary>Starts the operation, checks that it waits, cancels it, and checks that it ends canceled within <see cref="Prompt"/>.</summary>
        private static async Task CanceledPromptly(Func<CancellationToken, Task> operation)
        {
            using var cancellation = new CancellationTokenSource();
            Task running = operation(cancellation.Token);
            await Task.Delay(20);
            Assert.False(running.IsCompleted, "the operation did not wait");

            Stopwatch clock = Stopwatch.StartNew();
            cancellation.Cancel();
            Assert.Same(running, await Task.WhenAny(running, Task.Delay(Prompt)));
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => running);
            Assert.True(clock.Elapsed < Prompt, $"canceled after {clock.Elapsed}");
        }
    }
}
#endif
