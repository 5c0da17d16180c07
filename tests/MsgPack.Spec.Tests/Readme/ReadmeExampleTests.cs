using System;
using System.Buffers;
using Xunit;

namespace MsgPack.Spec.Tests.Readme
{
    /// <summary>
    /// The examples of README.md (the first example) and docs/spec.md and docs/streaming.md (advancing spans, arrays of
    /// numbers, the writer's memory), their lines as printed (<see cref="ReadmeMirrorTests"/> checks that), with the
    /// asserts that they say the truth.
    /// </summary>
    public class ReadmeExampleTests
    {
        [Fact]
        public void TheReadmeExampleWritesAndReadsWhatItSays()
        {
            #region the example
            Span<byte> buffer = stackalloc byte[64];
            int written = MsgPackSpec.WriteMapHeader(buffer, 2);
            written += MsgPackSpec.WriteString(buffer.Slice(written), "id");
            written += MsgPackSpec.WriteInt32(buffer.Slice(written), 42);
            written += MsgPackSpec.WriteString(buffer.Slice(written), "name");
            written += MsgPackSpec.WriteString(buffer.Slice(written), "Ada");

            ReadOnlySpan<byte> input = buffer.Slice(0, written);
            int pairs = MsgPackSpec.ReadMapHeader(input, out int read);
            ReadOnlySpan<byte> key = MsgPackSpec.ReadStringBytes(input.Slice(read), out int keyLength); // "id", no copy
            int id = MsgPackSpec.ReadInt32(input.Slice(read + keyLength), out _);                      // 42
            #endregion

            Assert.Equal("82 a2 69 64 2a a4 6e 61 6d 65 a3 41 64 61", Hex.Of(input));
            Assert.Equal(2, pairs);
            Assert.Equal("69 64", Hex.Of(key));
            Assert.Equal(42, id);

            #region a Try reader
            OperationStatus status = MsgPackSpec.TryReadInt32(input.Slice(read + keyLength), out int value, out int bytesRead);
            // Done: bytesRead consumed. NeedMoreData: wait until the input holds bytesRead bytes. InvalidData: not an Int32.
            #endregion
            Assert.Equal(OperationStatus.Done, status);
            Assert.Equal(42, value);
            Assert.Equal(1, bytesRead);
        }
    
        [Fact]
        public void TheReadmeAdvancingExampleWritesAndReadsWhatItSays()
        {
            int[] values = { 1, 200, -5, 70000 };
            Span<byte> buffer = stackalloc byte[64];

            #region advancing spans
            Span<byte> rest = buffer;
            MsgPackSpec.WriteArrayHeader(ref rest, values.Length);
            foreach (int value in values)
            {
                MsgPackSpec.WriteInt32(ref rest, value);
            }

            int length = buffer.Length - rest.Length;

            ReadOnlySpan<byte> source = buffer.Slice(0, length);
            int count = MsgPackSpec.ReadArrayHeader(ref source);
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += MsgPackSpec.ReadInt32(ref source);
            }
            #endregion

            Assert.Equal("94 01 cc c8 fb ce 00 01 11 70", Hex.Of(buffer.Slice(0, length)));
            Assert.Equal(4, count);
            Assert.Equal(1 + 200 - 5 + 70000, sum);
            Assert.True(source.IsEmpty);
        }

        [Fact]
        public void TheReadmeWriterMemoryExampleWritesWhatItSays()
        {
            var reader = new MsgPackReader(new ReadOnlySequence<byte>(Hex.ToBytes("92 01 a1 78"))); // a value from elsewhere
            using var buffer = new PooledBufferWriter();
            var writer = new MsgPackWriter(buffer);

            #region the writer's memory
            Span<byte> span = writer.GetSpan(MsgPackSpec.MaxInt64EncodedLength); // room for any integer, in the writer's memory
            writer.Advance(MsgPackSpec.WriteInt64(span, -1234567));               // the span API writes there in place
            writer.WriteRaw(reader.ReadRaw());                                     // a value read elsewhere, forwarded as it is
            writer.Flush();
            #endregion

            Assert.Equal("d2 ff ed 29 79 92 01 a1 78", Hex.Of(buffer.WrittenSpan));
            Assert.Equal(9, writer.BytesCommitted);
        }

        [Fact]
        public void TheReadmeBulkArrayExampleWritesAndReadsWhatItSays()
        {
            var output = new PooledBufferWriter();
            #region bulk arrays
            float[] embedding = { 0.25f, -1.5f, 3.75f, 0.125f };
            Span<byte> buffer = stackalloc byte[64];
            int written = MsgPackSpec.WriteSingleArray(buffer, embedding); // 94 ca 3e 80 00 00 ca bf c0 00 00 ...

            Span<float> values = stackalloc float[16];
            int count = MsgPackSpec.ReadSingleArray(buffer.Slice(0, written), values, out int bytesRead);
            // values[..count] holds the array; more than 16 elements: ArgumentException, and
            // TryReadSingleArray returns DestinationTooSmall with the element count instead.

            var writer = new MsgPackWriter(output);
            writer.WriteInt32Array(new[] { 1, 2, 300, -7 }); // across spans as needed
            writer.Flush();
            var reader = new MsgPackReader(output.WrittenSpan);
            Span<int> ids = stackalloc int[8];
            int idCount = reader.ReadInt32Array(ids); // 4: 1, 2, 300, -7
            #endregion

            Assert.Equal("94 ca 3e 80 00 00 ca bf c0 00 00", Hex.Of(buffer.Slice(0, 11)));
            Assert.Equal(21, written);
            Assert.Equal(4, count);
            Assert.Equal(written, bytesRead);
            Assert.Equal(embedding, values.Slice(0, count).ToArray());
            Assert.Equal(4, idCount);
            Assert.Equal(new[] { 1, 2, 300, -7 }, ids.Slice(0, idCount).ToArray());
            Assert.Equal(OperationStatus.DestinationTooSmall, MsgPackSpec.TryReadSingleArray(buffer.Slice(0, written), values.Slice(0, 3), out int needed, out _));
            Assert.Equal(4, needed);
        }
    }
}
