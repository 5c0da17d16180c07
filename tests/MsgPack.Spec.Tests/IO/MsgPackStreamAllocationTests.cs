#if !LIBRARY_NETSTANDARD
using System;
using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;
using MsgPack.Spec.Serialization;
using Xunit;
using MsgPack.Spec.Tests.Contracts;

namespace MsgPack.Spec.Tests.IO
{
    /// <summary>
    /// MsgPackStream's doors allocate nothing per value when the source or sink completes at once: writing to a pipe and
    /// to a stream, reading one value at a time from a pipe and from a stream, and enumerating (its enumerator once).
    /// </summary>
    /// <remarks>
    /// Each measured loop of 1,000 values is started and must have completed synchronously before the count is read, so
    /// that it all ran on the test thread (GC.GetAllocatedBytesForCurrentThread). A door that has to wait reuses pooled
    /// async state instead (PoolingAsyncValueTaskMethodBuilder), which such a count cannot follow across threads.
    /// As StreamingZeroAllocationTests, a loop may run up to three times, and one run must allocate exactly 0 B.
    /// </remarks>
    public class MsgPackStreamAllocationTests
    {
        /// <summary>
        /// A count of 0 B holds for a Release build: a Debug build (a plain <c>dotnet test</c>) skips it, with the
        /// command that runs it, unless <c>CI</c> is set (<see cref="Prerequisite.ReleaseBuild"/>).
        /// </summary>
        public sealed class ReleaseFactAttribute : FactAttribute
        {
            /// <summary>Reads the build of the library and of these tests when the test is discovered.</summary>
            /// <param name="member">The test method (filled in by the compiler).</param>
            public ReleaseFactAttribute([CallerMemberName] string member = "") =>
                Prerequisite.Apply(this, Prerequisite.ReleaseBuild(typeof(MsgPackStream), typeof(ReleaseFactAttribute)), member);
        }

        private const int Count = 1000;
        private const int Attempts = 3;

        [ReleaseFact]
        public void WritingStructsToAPipeAllocatesNothing() => WriteToPipe(new StreamPoint(40_000, -1));

        [ReleaseFact]
        public void WritingClassesToAPipeAllocatesNothing() => WriteToPipe(AsyncDoorSamples.Orders[2]);

        [ReleaseFact]
        public void WritingToAStreamAllocatesNothing()
        {
            StreamOrder order = AsyncDoorSamples.Orders[2];
            var stream = new MemoryStream(capacity: AsyncDoorSamples.Encode(order).Length * Count);
            long allocated = Measure(() =>
            {
                stream.Position = 0;
                return WriteMany(stream, order);
            });
            Assert.Equal(0, allocated);
            Assert.Equal(AsyncDoorSamples.Encode(order), stream.GetBuffer().AsSpan(0, AsyncDoorSamples.Encode(order).Length).ToArray());
        }

        [ReleaseFact]
        public void ReadingFromAPipeOneValueAtATimeAllocatesNothing()
        {
            var point = new StreamPoint(128, -33);
            var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0, useSynchronizationContext: false));
            long allocated = Measure(() =>
            {
                Fill(pipe.Writer, point);
                return ReadMany(pipe.Reader, point);
            });
            Assert.Equal(0, allocated);
        }

        [ReleaseFact]
        public void ReadingFromAStreamOneValueAtATimeAllocatesNothing()
        {
            var point = new StreamPoint(128, -33);
            var stream = new MemoryStream(AsyncDoorSamples.Concatenate(Enumerable.Repeat(point, Count).ToArray()));
            long allocated = Measure(() =>
            {
                stream.Position = 0;
                return ReadMany(stream, point);
            });
            Assert.Equal(0, allocated);
        }

        [Fact]
        public void EnumeratingAPipeAllocatesItsEnumeratorOnly()
        {
            var point = new StreamPoint(-1, 300);
            var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0, useSynchronizationContext: false));
            long allocated = Measure(() =>
            {
                Fill(pipe.Writer, point);
                pipe.Writer.Complete();
                ValueTask<int> counted = CountAll(MsgPackStream.ReadAllAsync<StreamPoint>(pipe.Reader), point);
                pipe.Reader.Complete();
                pipe.Reset();
                return counted;
            });

            // Less than a byte per value: nothing per value, whatever the enumerator itself takes.
            Assert.InRange(allocated, 0, Count - 1);
        }

        [Fact]
        public void EnumeratingAStreamAllocatesItsEnumeratorOnly()
        {
            var point = new StreamPoint(-1, 300);
            var stream = new MemoryStream(AsyncDoorSamples.Concatenate(Enumerable.Repeat(point, Count).ToArray()));
            long allocated = Measure(() =>
            {
                stream.Position = 0;
                return CountAll(MsgPackStream.ReadAllAsync<StreamPoint>(stream), point);
            });
            Assert.InRange(allocated, 0, Count - 1);
        }

        private static void WriteToPipe<T>(T value)
            where T : IMsgPackSerializable<T>
        {
            var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0, useSynchronizationContext: false));
            long lastLength = 0;
            long allocated = Measure(() =>
            {
                ValueTask<int> written = WriteMany(pipe.Writer, value);

                // Take what was written out of the pipe, so that its segments go back to its pool for the next run.
                lastLength = pipe.Reader.TryRead(out ReadResult result) ? result.Buffer.Length : -1;
                pipe.Reader.AdvanceTo(result.Buffer.End);
                return written;
            });
            Assert.Equal(0, allocated);

            byte[] expected = AsyncDoorSamples.Encode(value);
            Assert.Equal(expected.Length * Count, lastLength);
            Assert.True(MsgPackStream.WriteAsync(pipe.Writer, value).IsCompletedSuccessfully);
            Assert.True(pipe.Reader.TryRead(out ReadResult written));
            Assert.Equal(expected, written.Buffer.ToArray());
        }

        /// <summary>
        /// Runs <paramref name="run"/> once to warm up, then up to <see cref="Attempts"/> times until one allocates nothing;
        /// each run must complete synchronously and return <see cref="Count"/>.
        /// </summary>
        private static long Measure(Func<ValueTask<int>> run)
        {
            Assert.Equal(Count, Complete(run()));
            long allocated = long.MaxValue;
            for (int attempt = 0; attempt < Attempts && allocated != 0; attempt++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                ValueTask<int> running = run();
                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                Assert.Equal(Count, Complete(running));
            }

            return allocated;
        }

        private static int Complete(ValueTask<int> running)
        {
            Assert.True(running.IsCompletedSuccessfully, "the loop waited");
            return running.Result;
        }

        private static void Fill<T>(PipeWriter writer, T value)
            where T : IMsgPackSerializable<T>
        {
            var output = new MsgPackWriter(writer);
            for (int i = 0; i < Count; i++)
            {
                T.Write(ref output, value);
            }

            output.Flush();
            Assert.True(writer.FlushAsync().IsCompletedSuccessfully);
        }

        /// <summary>Writes the value <see cref="Count"/> times to a <see cref="PipeWriter"/> or a <see cref="Stream"/>.</summary>
        private static async ValueTask<int> WriteMany<T>(object sink, T value)
            where T : IMsgPackSerializable<T>
        {
            for (int i = 0; i < Count; i++)
            {
                if (sink is PipeWriter writer)
                {
                    await MsgPackStream.WriteAsync(writer, value);
                }
                else
                {
                    await MsgPackStream.WriteAsync((Stream)sink, value);
                }
            }

            return Count;
        }

        /// <summary>Reads <see cref="Count"/> values one at a time from a <see cref="PipeReader"/> or a <see cref="Stream"/>; returns how many equal <paramref name="expected"/>.</summary>
        private static async ValueTask<int> ReadMany<T>(object source, T expected)
            where T : IMsgPackSerializable<T>, IEquatable<T>
        {
            int same = 0;
            for (int i = 0; i < Count; i++)
            {
                T value = source is PipeReader reader
                    ? await MsgPackStream.ReadAsync<T>(reader)
                    : await MsgPackStream.ReadAsync<T>((Stream)source);
                same += value.Equals(expected) ? 1 : 0;
            }

            return same;
        }

        private static async ValueTask<int> CountAll<T>(System.Collections.Generic.IAsyncEnumerable<T> values, T expected)
            where T : IEquatable<T>
        {
            int same = 0;
            await foreach (T value in values)
            {
                same += value.Equals(expected) ? 1 : 0;
            }

            return same;
        }
    }
}
#endif
