using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Xunit;

namespace MsgPack.Spec.Tests.Readme
{
    /// <summary>
    /// The streaming example of docs/streaming.md, so that it keeps compiling and keeps saying the truth: the writing
    /// half writes a request that reads back, and the receiving half (<see cref="ReceiveAsync"/> and
    /// <see cref="ReadHeader"/>, the page's lines as printed, which <see cref="ReadmeMirrorTests"/> checks) reads
    /// pipelined responses cut at awkward places, stops after the one it wants without losing the others, and reports
    /// bad prefixes and closed connections.
    /// </summary>
    public class ReadmeStreamingExampleTests
    {
        private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(10);

        [Fact]
        public async Task TheReadmeStreamingExampleWritesAFrameThatReadsBack()
        {
            #region the writing half
            using var buffer = new PooledBufferWriter();              // or SegmentedBufferWriter, or a PipeWriter
            var writer = new MsgPackWriter(buffer);
            MsgPackReservation size = writer.ReserveLengthPrefix();   // Tarantool's length prefix, ce + uint 32, filled in below
            writer.WriteMapHeader(2);
            writer.WriteUInt32(0x00); writer.WriteUInt32(0x01);      // request type: select
            writer.WriteUInt32(0x01); writer.WriteUInt64(42);        // sync
            writer.PatchLengthPrefix(size);                           // the bytes written after the prefix
            writer.Flush();                                           // commit to the buffer writer
            #endregion

            Assert.Equal("ce 00 00 00 05 82 00 01 01 2a", Hex.Of(buffer.WrittenSpan));

            // The request has a response's shape ({0x00: 1, 0x01: 42}): the receiving half reads it back, one byte at a time.
            var pipe = new Pipe(OneReadPerFlush());
            Task writing = WriteInChunks(pipe.Writer, buffer.WrittenMemory.ToArray(), Enumerable.Range(1, 9).ToArray(), complete: true);
            Assert.Equal(1u, await ReceiveAsync(pipe.Reader, 42).WaitAsync(Timeout));
            await writing.WaitAsync(Timeout);
        }

        [Fact]
        public async Task TheReceivingHalfReadsPipelinedResponsesCutAtAwkwardPlaces()
        {
            // Ten responses, cut inside the prefix, right after it, right after the header map, and inside values.
            byte[] responses = Responses(1, 10, out List<int> frameStarts);
            var cuts = new SortedSet<int>();
            foreach (int start in frameStarts)
            {
                cuts.Add(start + 1);
                cuts.Add(start + 4);
                cuts.Add(start + 5);
                cuts.Add(start + 6);
                cuts.Add(start + 13);
                cuts.Add(start + 17);
            }

            cuts.RemoveWhere(cut => cut <= 0 || cut >= responses.Length);

            // The writer waits until each chunk is examined, so the reader sees every cut.
            var pipe = new Pipe(OneReadPerFlush());
            Task writing = WriteInChunks(pipe.Writer, responses, cuts.ToArray(), complete: false);
            for (ulong sync = 1; sync <= 10; sync++)
            {
                Assert.Equal(Code(sync), await ReceiveAsync(pipe.Reader, sync).WaitAsync(Timeout));
            }

            await writing.WaitAsync(Timeout);
            await pipe.Writer.CompleteAsync();
            var closed = await Assert.ThrowsAsync<EndOfStreamException>(() => ReceiveAsync(pipe.Reader, 11).WaitAsync(Timeout));
            Assert.Equal("The connection closed.", closed.Message);
        }

        [Fact]
        public async Task AfterStoppingEarlyTheNextCallReadsTheResponsesAlreadyBufferedWithoutNewBytes()
        {
            // All five responses arrive in one flush, and nothing more: each call after the first must find its
            // response in what is buffered (it would hang if the first had marked everything examined).
            var pipe = new Pipe(new PipeOptions(useSynchronizationContext: false));
            await pipe.Writer.WriteAsync(Responses(1, 5, out _));
            Assert.Equal(Code(2), await ReceiveAsync(pipe.Reader, 2).WaitAsync(Timeout));   // skips response 1
            Assert.Equal(Code(3), await ReceiveAsync(pipe.Reader, 3).WaitAsync(Timeout));
            Assert.Equal(Code(5), await ReceiveAsync(pipe.Reader, 5).WaitAsync(Timeout));   // skips response 4

            // Nothing is left: the next call waits for bytes.
            Task<uint> waiting = ReceiveAsync(pipe.Reader, 6);
            await Task.Delay(100);
            Assert.False(waiting.IsCompleted);
            await pipe.Writer.WriteAsync(Responses(6, 6, out _));
            Assert.Equal(Code(6), await waiting.WaitAsync(Timeout));
        }

        [Fact]
        public async Task StoppingEarlyWithEverythingExaminedWouldLeaveWholeResponsesWaitingForNewBytes()
        {
            // What the page's AdvanceTo(end) avoids: AdvanceTo(end, buffer.End) after the first of five buffered
            // responses, and the next ReadAsync waits, although four whole responses are there.
            var pipe = new Pipe(new PipeOptions(useSynchronizationContext: false));
            byte[] responses = Responses(1, 5, out List<int> starts);
            await pipe.Writer.WriteAsync(responses);
            ReadResult result = await pipe.Reader.ReadAsync();
            Assert.Equal(
                OperationStatus.Done,
                MsgPackReader.TryReadFrame(result.Buffer, 1 << 20, out _, out SequencePosition end));
            pipe.Reader.AdvanceTo(end, result.Buffer.End);

            ValueTask<ReadResult> next = pipe.Reader.ReadAsync();
            await Task.Delay(100);
            Assert.False(next.IsCompleted);

            // Only new bytes (here: the end of the stream) wake it, and then the four responses were there all along.
            await pipe.Writer.CompleteAsync();
            ReadResult late = await next.AsTask().WaitAsync(Timeout);
            Assert.Equal(responses.Length - starts[1], late.Buffer.Length);
            pipe.Reader.AdvanceTo(late.Buffer.End);
        }

        [Theory]
        [InlineData("a1 41")]               // a str where the length prefix should be
        [InlineData("ce 00 10 00 01")]      // 1 MiB + 1 byte announced
        [InlineData("c0")]                  // nil
        public async Task ABadLengthPrefixIsInvalidData(string prefix)
        {
            var pipe = new Pipe(new PipeOptions(useSynchronizationContext: false));
            byte[] good = Responses(1, 1, out _);
            await pipe.Writer.WriteAsync(good.Concat(Hex.ToBytes(prefix)).ToArray());
            Assert.Equal(Code(1), await ReceiveAsync(pipe.Reader, 1).WaitAsync(Timeout));
            await Assert.ThrowsAsync<InvalidDataException>(() => ReceiveAsync(pipe.Reader, 2).WaitAsync(Timeout));
        }

        [Fact]
        public async Task AConnectionThatClosesInsideAResponseIsTheEndOfTheStream()
        {
            byte[] responses = Responses(1, 2, out List<int> starts);
            for (int cut = starts[1] + 1; cut < responses.Length; cut++)
            {
                var pipe = new Pipe(new PipeOptions(useSynchronizationContext: false));
                await pipe.Writer.WriteAsync(responses.AsMemory(0, cut));
                await pipe.Writer.CompleteAsync();
                Assert.Equal(Code(1), await ReceiveAsync(pipe.Reader, 1).WaitAsync(Timeout));
                var closed = await Assert.ThrowsAsync<EndOfStreamException>(() => ReceiveAsync(pipe.Reader, 2).WaitAsync(Timeout));
                Assert.Equal("The connection closed inside a response.", closed.Message);
            }
        }

        #region the receiving half
        // On the receiving side, a PipeReader (over the socket) gets the responses as they arrive: read them up to the one to `sync`.
        private static async Task<uint> ReceiveAsync(PipeReader input, ulong sync, CancellationToken cancellationToken = default)
        {
            while (true)
            {
                ReadResult result = await input.ReadAsync(cancellationToken);
                ReadOnlySequence<byte> buffer = result.Buffer;
                OperationStatus status;
                while ((status = MsgPackReader.TryReadFrame(buffer, maxBodyLength: 1 << 20, out ReadOnlySequence<byte> body, out SequencePosition end)) == OperationStatus.Done)
                {
                    buffer = buffer.Slice(end);
                    if (ReadHeader(body, out uint code) == sync)
                    {
                        input.AdvanceTo(end);                            // stopped early: consumed and examined up to here, so
                        return code;                                     // the next ReadAsync returns the frames behind it at once
                    }
                }

                bool partial = !buffer.IsEmpty;                          // (buffer is not to be touched after AdvanceTo)
                input.AdvanceTo(buffer.Start, result.Buffer.End);        // ran out: keep the partial frame, wait for new bytes
                if (status == OperationStatus.InvalidData)
                {
                    throw new InvalidDataException("A length prefix is not an unsigned integer, or exceeds 1 MiB.");
                }

                if (result.IsCompleted)
                {
                    throw new EndOfStreamException(partial ? "The connection closed inside a response." : "The connection closed.");
                }
            }
        }

        // A response starts with its header, a map {0x00: code, 0x01: sync, ...}; the body map (the data) follows.
        private static ulong ReadHeader(ReadOnlySequence<byte> response, out uint code)
        {
            var reader = new MsgPackReader(response);
            ulong sync = 0;
            code = 0;
            for (int keys = reader.ReadMapHeader(); keys > 0; keys--)
            {
                switch (reader.ReadUInt32())
                {
                    case 0x00: code = reader.ReadUInt32(); break;         // IPROTO_REQUEST_TYPE: 0, or 0x8000 + an error code
                    case 0x01: sync = reader.ReadUInt64(); break;         // IPROTO_SYNC
                    default: reader.Skip(); break;
                }
            }

            return sync;
        }
        #endregion

        /// <summary>Response <paramref name="sync"/>'s code: every third one an error (0x8000 + code).</summary>
        private static uint Code(ulong sync) => sync % 3 == 0 ? 0x8000u + (uint)sync : 0u;

        /// <summary>
        /// Tarantool-shaped responses <paramref name="first"/>..<paramref name="last"/>: <c>ce</c> + length, a header
        /// {0x00: code, 0x05: schema version, 0x01: sync} (sync not first, so the reader skips a key to reach it), and
        /// a body {0x30: [[sync, "row"]]}.
        /// </summary>
        private static byte[] Responses(ulong first, ulong last, out List<int> frameStarts)
        {
            frameStarts = new List<int>();
            using var output = new PooledBufferWriter();
            for (ulong sync = first; sync <= last; sync++)
            {
                var writer = new MsgPackWriter(output);
                frameStarts.Add(output.WrittenCount);
                MsgPackReservation size = writer.ReserveLengthPrefix();
                writer.WriteMapHeader(3);
                writer.WriteUInt32(0x00);
                writer.WriteUInt32(Code(sync));
                writer.WriteUInt32(0x05);
                writer.WriteUInt32(80);
                writer.WriteUInt32(0x01);
                writer.WriteUInt64(sync);
                writer.WriteMapHeader(1);
                writer.WriteUInt32(0x30);
                writer.WriteArrayHeader(1);
                writer.WriteArrayHeader(2);
                writer.WriteUInt64(sync);
                writer.WriteString("row".AsSpan());
                writer.PatchLengthPrefix(size);
                writer.Flush();
            }

            return output.WrittenSpan.ToArray();
        }

        /// <summary>A pipe whose writer pauses after every flush until the reader has examined everything.</summary>
        private static PipeOptions OneReadPerFlush() =>
            new PipeOptions(pauseWriterThreshold: 1, resumeWriterThreshold: 1, useSynchronizationContext: false);

        /// <summary>Writes <paramref name="bytes"/> cut at <paramref name="cuts"/> (ascending), one flush per piece.</summary>
        private static async Task WriteInChunks(PipeWriter output, byte[] bytes, int[] cuts, bool complete)
        {
            int start = 0;
            foreach (int cut in cuts.Append(bytes.Length))
            {
                FlushResult result = await output.WriteAsync(bytes.AsMemory(start, cut - start));
                Assert.False(result.IsCompleted || result.IsCanceled);
                start = cut;
            }

            if (complete)
            {
                await output.CompleteAsync();
            }
        }
    }
}
