using System;
using System.Buffers;
using System.Diagnostics;
using System.IO.Pipelines;
using System.Threading.Tasks;
using Xunit;
using Xunit.Abstractions;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.IO
{
    /// <summary>
    /// What <see cref="MsgPackReader.TryReadFrame"/>'s remarks say about a <see cref="Pipe"/>'s back pressure: the
    /// writer pauses on bytes the reader has not examined (System.IO.Pipelines 4.6 / .NET Core 3.0 on, dotnet/corefx
    /// #35711), so a pause threshold far below a frame's length does not stop a reader that marks everything examined
    /// (<c>AdvanceTo(frameStart, buffer.End)</c>) from receiving whole frames; one that leaves them unexamined hangs.
    /// </summary>
    public class PipeBackPressureTests
    {
        private const int FrameCount = 6;
        private const int BodyBinLength = 98_000;
        private const int MaxBodyLength = 1 << 20;
        private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(10);

        private readonly ITestOutputHelper _output;

        public PipeBackPressureTests(ITestOutputHelper output)
        {
            _output = output;
        }

        [Fact]
        public async Task FramesOf98KBCrossAPipeThatPausesTheWriterAt1KiBWhenTheReaderExaminesEverything()
        {
            var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 1024, resumeWriterThreshold: 512, useSynchronizationContext: false));
            byte[] frames = Frames();
            Task<int> writing = Task.Run(() => WriteInChunks(pipe.Writer, frames));
            Task<(int Frames, long LargestBuffer)> reading = Task.Run(() => ReadFrames(pipe.Reader, examineAll: true, TimeSpan.MaxValue));

            Task all = Task.WhenAll(writing, reading);
            if (await Task.WhenAny(all, Task.Delay(Timeout)) != all)
            {
                // Unblock both sides, so that the failing test does not leave them waiting forever.
                pipe.Reader.CancelPendingRead();
                pipe.Writer.CancelPendingFlush();
                Assert.Fail($"Deadlock: the frames did not arrive within {Timeout.TotalSeconds} s.");
            }

            (int read, long largestBuffer) = await reading;
            _output.WriteLine($"{read} frames of {frames.Length / FrameCount} bytes; the writer paused {await writing} times; the largest buffer read was {largestBuffer} bytes");
            Assert.Equal(FrameCount, read);

            // The writer did pause (many times), and the reader still held a whole frame, ~98 KB, in the pipe: the
            // pause threshold limits unexamined bytes, not what the pipe holds.
            Assert.True(await writing > FrameCount, $"{await writing} pauses");
            Assert.True(largestBuffer > BodyBinLength, $"largest buffer {largestBuffer} bytes");
        }

        [Fact]
        public async Task AReaderThatLeavesAPartialFrameUnexaminedHangsBehindAPausedWriter()
        {
            var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 1024, resumeWriterThreshold: 512, useSynchronizationContext: false));
            byte[] frames = Frames();
            Task<int> writing = Task.Run(() => WriteInChunks(pipe.Writer, frames));

            // AdvanceTo(frameStart) alone: examined is the frame's start. The writer stays paused, since nothing more
            // was examined, and ReadAsync hands back the same partial frame at once, again and again (the reader
            // stops itself after a second, or this test would spin forever).
            (int read, _) = await Task.Run(() => ReadFrames(pipe.Reader, examineAll: false, TimeSpan.FromSeconds(1)));
            _output.WriteLine($"{read} frames read in a second; the writer is {(writing.IsCompleted ? "done" : "still paused")}");
            Assert.Equal(0, read);
            Assert.False(writing.IsCompleted);

            // Completing the reader releases the paused writer (its FlushAsync reports IsCompleted).
            await pipe.Reader.CompleteAsync();
            await writing.WaitAsync(Timeout);
        }

        /// <summary>
        /// Frames in Tarantool's framing (<c>ce</c> + a 4-byte big-endian body length, then the body), each body a map
        /// {0x01: the frame's index, 0x30: a bin of 98,000 bytes}.
        /// </summary>
        private static byte[] Frames()
        {
            using var buffer = new PooledBufferWriter();
            var writer = new MsgPackWriter(buffer);
            for (int i = 0; i < FrameCount; i++)
            {
                MsgPackReservation size = writer.ReserveUInt32Exact();
                writer.WriteMapHeader(2);
                writer.WriteUInt32(0x01);
                writer.WriteInt32(i);
                writer.WriteUInt32(0x30);
                writer.WriteBinary(StreamingDocument.Pattern(BodyBinLength, i));
                writer.PatchUInt32Exact(size, (uint)writer.GetBytesWrittenSince(size));
            }

            writer.Flush();
            return buffer.WrittenSpan.ToArray();
        }

        /// <summary>Writes the bytes in chunks of 1 to 3,000 bytes, each flushed; returns how often FlushAsync paused.</summary>
        private static async Task<int> WriteInChunks(PipeWriter output, byte[] bytes)
        {
            var random = new Random(7);
            int pauses = 0;
            for (int start = 0; start < bytes.Length;)
            {
                int count = Math.Min(random.Next(1, 3001), bytes.Length - start);
                bytes.AsSpan(start, count).CopyTo(output.GetSpan(count));
                output.Advance(count);
                start += count;
                ValueTask<FlushResult> flush = output.FlushAsync();
                pauses += flush.IsCompleted ? 0 : 1;
                FlushResult result = await flush;
                if (result.IsCompleted || result.IsCanceled)
                {
                    return pauses;
                }
            }

            await output.CompleteAsync();
            return pauses;
        }

        /// <summary>
        /// Reads whole frames as they arrive and checks each; consumed is always the first unfinished frame's start,
        /// examined the buffer's end or (to show the hang) that same start. Gives up after <paramref name="limit"/>.
        /// </summary>
        private static async Task<(int Frames, long LargestBuffer)> ReadFrames(PipeReader input, bool examineAll, TimeSpan limit)
        {
            var clock = Stopwatch.StartNew();
            int frames = 0;
            long largest = 0;
            while (clock.Elapsed < limit)
            {
                ReadResult result = await input.ReadAsync();
                ReadOnlySequence<byte> buffer = result.Buffer;
                largest = Math.Max(largest, buffer.Length);
                while (MsgPackReader.TryReadFrame(buffer, MaxBodyLength, out ReadOnlySequence<byte> body, out SequencePosition end) == OperationStatus.Done)
                {
                    var reader = new MsgPackReader(body);
                    Assert.Equal(2, reader.ReadMapHeader());
                    Assert.Equal(0x01u, reader.ReadUInt32());
                    Assert.Equal(frames, reader.ReadInt32());
                    Assert.Equal(0x30u, reader.ReadUInt32());
                    Assert.True(reader.ReadBinary().SequenceEqual(StreamingDocument.Pattern(BodyBinLength, frames)));
                    Assert.True(reader.End);
                    frames++;
                    buffer = buffer.Slice(end);
                }

                if (examineAll)
                {
                    input.AdvanceTo(buffer.Start, result.Buffer.End);
                }
                else
                {
                    input.AdvanceTo(buffer.Start);
                }

                if (result.IsCompleted || result.IsCanceled)
                {
                    Assert.True(buffer.IsEmpty, $"{buffer.Length} bytes of an unfinished frame at the end");
                    break;
                }
            }

            if (examineAll)
            {
                await input.CompleteAsync();
            }

            return (frames, largest);
        }
    }
}
