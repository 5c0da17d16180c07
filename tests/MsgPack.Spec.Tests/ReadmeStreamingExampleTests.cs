using System;
using System.Buffers;
using Xunit;

namespace MsgPack.Spec.Tests
{
    /// <summary>The streaming example in README.md, so that it keeps compiling and keeps saying the truth.</summary>
    public class ReadmeStreamingExampleTests
    {
        [Fact]
        public void TheReadmeStreamingExampleWritesAFrameThatReadsBack()
        {
            using var buffer = new PooledBufferWriter();            // or SegmentedBufferWriter, or a PipeWriter
            var writer = new MsgPackWriter(buffer);
            MsgPackReservation size = writer.ReserveUInt32Exact();    // Tarantool's 5-byte length prefix, filled in below
            writer.WriteMapHeader(2);
            writer.WriteUInt32(0x00); writer.WriteUInt32(0x01);      // request type: select
            writer.WriteUInt32(0x01); writer.WriteUInt64(42);        // sync
            writer.PatchUInt32Exact(size, (uint)writer.GetBytesWrittenSince(size));
            writer.Flush();                                          // commit to the buffer writer

            Assert.Equal("ce 00 00 00 05 82 00 01 01 2a", Hex.Of(buffer.WrittenSpan));

            ReadOnlySequence<byte> received = new ReadOnlySequence<byte>(buffer.WrittenMemory);
            Assert.Equal(
                OperationStatus.Done,
                MsgPackReader.TryReadFrame(received, maxBodyLength: 1 << 20, out ReadOnlySequence<byte> body, out SequencePosition end));
            var reader = new MsgPackReader(body);
            Assert.Equal(2, reader.ReadMapHeader());
            Assert.Equal(0u, reader.ReadUInt32());
            Assert.Equal(1u, reader.ReadUInt32());
            Assert.Equal(1u, reader.ReadUInt32());
            Assert.Equal(42ul, reader.ReadUInt64());
            Assert.True(reader.End);
            Assert.Equal(received.End, end);

            Assert.Equal(OperationStatus.NeedMoreData, MsgPackReader.TryReadFrame(received.Slice(0, 9), 1 << 20, out _, out SequencePosition notYet));
            Assert.Equal(received.Start, notYet);
        }
    }
}
