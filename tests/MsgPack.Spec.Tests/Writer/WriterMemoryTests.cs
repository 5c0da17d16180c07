using System;
using System.Buffers;
using System.Collections.Generic;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Writer
{
    /// <summary>
    /// The writer's memory in the caller's hands: <see cref="MsgPackWriter.GetSpan"/>, <see cref="MsgPackWriter.GetMemory"/>
    /// and <see cref="MsgPackWriter.Advance"/> with the span and advancing APIs, and raw bytes from a
    /// <see cref="ReadOnlySequence{T}"/> or a <see cref="MsgPackPayload"/> read by <see cref="MsgPackReader"/>, over every
    /// kind of buffer writer (<see cref="Sink"/>).
    /// </summary>
    public class WriterMemoryTests
    {
        private static readonly byte[] Payload = StreamingDocument.Pattern(9000, 5);

        public static TheoryData<string> Sinks() => Sink.All();

        [Theory]
        [MemberData(nameof(Sinks))]
        public void BytesWrittenThroughGetSpanAndAdvanceFollowTheWritersOwn(string sink)
        {
            using Sink output = Sink.Create(sink);
            var writer = new MsgPackWriter(output.Writer);
            var expected = new ExpectedBytes();

            writer.WriteArrayHeader(3);
            expected.Add(s => MsgPackSpec.WriteArrayHeader(s, 3));
            Assert.Equal(expected.Length, writer.BytesWritten);

            // The span API: write into the span, advance by what it returns.
            writer.Advance(MsgPackSpec.WriteInt32(writer.GetSpan(MsgPackSpec.MaxInt32EncodedLength), 42));
            expected.Add(s => MsgPackSpec.WriteInt32(s, 42));
            Assert.Equal(expected.Length, writer.BytesWritten);

            // The advancing API: several values into one span, advance by what it moved.
            Span<byte> free = writer.GetSpan(64);
            int before = free.Length;
            MsgPackSpec.WriteInt64(ref free, long.MinValue);
            MsgPackSpec.WriteString(ref free, "h\u00e9llo".AsSpan());
            MsgPackSpec.WriteNil(ref free);
            writer.Advance(before - free.Length);
            expected.Add(s => MsgPackSpec.WriteInt64(s, long.MinValue));
            expected.Add(s => MsgPackSpec.WriteString(s, "h\u00e9llo".AsSpan()));
            expected.Add(s => MsgPackSpec.WriteNil(s));
            Assert.Equal(expected.Length, writer.BytesWritten);
            Assert.Equal(writer.BytesWritten, writer.BytesCommitted + writer.BytesPending);

            // GetMemory: the same memory, for code that takes a Memory<byte>.
            Memory<byte> memory = writer.GetMemory(3);
            Assert.True(memory.Length >= 3);
            writer.Advance(MsgPackSpec.WriteUInt16Exact(memory.Span, 0xBEEF));
            expected.Add(s => MsgPackSpec.WriteUInt16Exact(s, 0xBEEF));

            // Nothing asked, nothing written.
            Assert.False(writer.GetSpan().IsEmpty);
            writer.Advance(0);
            Assert.Equal(expected.Length, writer.BytesWritten);

            // A value larger than most spans these buffer writers hand out, written in place.
            int binLength = MsgPackSpec.GetBinaryEncodedLength(Payload.Length);
            writer.Advance(MsgPackSpec.WriteBinary(writer.GetSpan(binLength), Payload));
            expected.Add(s => MsgPackSpec.WriteBinary(s, Payload));
            Assert.Equal(expected.Length, writer.BytesWritten);

            // A length-prefixed frame whose body is written through GetSpan: the prefix counts those bytes.
            MsgPackReservation prefix = writer.ReserveLengthPrefix();
            long bodyStart = writer.BytesWritten;
            for (int i = 0; i < 300; i++)
            {
                writer.Advance(MsgPackSpec.WriteUInt32(writer.GetSpan(5), (uint)i * 1000));
                writer.WriteInt32(-i);
            }

            Assert.Equal(writer.BytesWritten - bodyStart, writer.GetBytesWrittenSince(prefix));
            writer.PatchLengthPrefix(prefix);
            int bodyLength = (int)(writer.BytesWritten - bodyStart);
            expected.Add(s => MsgPackSpec.WriteUInt32Exact(s, (uint)bodyLength));
            for (int i = 0; i < 300; i++)
            {
                int value = i;
                expected.Add(s => MsgPackSpec.WriteUInt32(s, (uint)value * 1000));
                expected.Add(s => MsgPackSpec.WriteInt32(s, -value));
            }

            // A slot set aside between GetSpan writes, filled last.
            MsgPackReservation slot = writer.Reserve(100);
            writer.Advance(MsgPackSpec.WriteBoolean(writer.GetSpan(1), true));
            writer.GetReservedSpan(slot).Fill(0xc2);
            expected.Add(s => Fill(s, 100, 0xc2));
            expected.Add(s => MsgPackSpec.WriteBoolean(s, true));

            writer.Flush();
            Assert.Equal(expected.Length, writer.BytesCommitted);
            Same(expected.ToArray(), output.Contents());
        }

        [Fact]
        public void GetSpanHandsOutTheSpanHeldWhenItHasRoomAndAsksForANewOneWhenNot()
        {
            var output = new TestBufferWriter();
            var writer = new MsgPackWriter(output);
            writer.WriteInt64(1); // asks for 9 (the largest int form), gets exactly 9, writes 1
            Assert.Equal(1, output.GetMemoryCalls);

            // The 8 free bytes of the span held: no call to the buffer writer, nothing committed.
            Span<byte> free = writer.GetSpan();
            Assert.Equal(8, free.Length);
            Assert.Equal(8, writer.GetSpan(8).Length);
            Assert.True(writer.GetMemory(8).Span == writer.GetSpan(8));
            Assert.Equal(1, output.GetMemoryCalls);
            Assert.Equal(0, output.Committed);

            // More than that: the pending byte is committed and a span of the size asked for is handed out.
            Span<byte> larger = writer.GetSpan(9);
            Assert.Equal(9, larger.Length);
            Assert.Equal(2, output.GetMemoryCalls);
            Assert.Equal(1, output.Committed);
            Assert.Equal(1, writer.BytesCommitted);
            Assert.Equal(0, writer.BytesPending);

            larger.Fill(0xc0);
            writer.Advance(9);
            Assert.Equal(9, writer.BytesPending);
            Assert.Equal(10, writer.BytesWritten);

            // A full span: GetSpan(0) asks for "some", at least 1 byte.
            Span<byte> one = writer.GetSpan();
            Assert.Equal(1, one.Length);
            Assert.Equal(3, output.GetMemoryCalls);
            Assert.Equal(10, output.Committed);
            one[0] = 0xc3;
            writer.Advance(1);
            writer.Flush();
            Assert.Equal("01 c0 c0 c0 c0 c0 c0 c0 c0 c0 c3", Hex.Of(output.WrittenSpan));
        }

        [Fact]
        public void GetSpanOnAPooledBufferWriterIsTheFreePartOfItsArray()
        {
            using var output = new PooledBufferWriter(256);
            var writer = new MsgPackWriter(output);
            writer.WriteNil();
            Span<byte> free = writer.GetSpan();
            Assert.Equal(output.Capacity - 1, free.Length);

            // A hint larger than the array: the array grows (and moves), the nil comes along.
            Span<byte> larger = writer.GetSpan(output.Capacity * 4);
            Assert.Equal(1, output.WrittenCount);
            Assert.True(larger.Length >= 1024);
            writer.Advance(MsgPackSpec.WriteBinary(larger, Payload.AsSpan(0, 1000)));
            writer.Flush();
            Assert.Equal(0xc0, output.WrittenSpan[0]);
            Assert.True(output.WrittenSpan.Slice(1).SequenceEqual(Bytes(s => MsgPackSpec.WriteBinary(s, Payload.AsSpan(0, 1000)))));
        }

        [Theory]
        [InlineData("exact spans")]
        [InlineData("pooled 16")]
        [InlineData("segmented 16")]
        [InlineData("array buffer writer 16")]
        [InlineData("pipe 16")]
        public void AdvancePastTheSpanOrBackThrowsAndChangesNothing(string sink)
        {
            using Sink output = Sink.Create(sink);
            var writer = new MsgPackWriter(output.Writer);
            writer.WriteNil();
            int length = writer.GetSpan(4).Length;
            Assert.True(length >= 4);
            Assert.Equal(1, writer.BytesWritten);

            Assert.Equal(length + 1, AdvanceError(ref writer, length + 1)?.ActualValue);
            Assert.Equal(-1, AdvanceError(ref writer, -1)?.ActualValue);
            Assert.Equal(int.MaxValue, AdvanceError(ref writer, int.MaxValue)?.ActualValue);
            Assert.Equal(1, writer.BytesWritten);

            // The whole span is fine, and then the span is full: not one byte more.
            writer.GetSpan(4).Slice(0, length).Fill(0xc0);
            Assert.Null(AdvanceError(ref writer, length));
            Assert.Equal(1 + length, writer.BytesWritten);
            Assert.NotNull(AdvanceError(ref writer, 1));
            Assert.Equal(1 + length, writer.BytesWritten);
            writer.Flush();
            byte[] written = output.Contents();
            Assert.Equal(1 + length, written.Length);
            Assert.True(written.AsSpan().IndexOfAnyExcept((byte)0xc0) < 0);
        }

        [Fact]
        public void ADefaultWriterHasNoMemoryToHandOut()
        {
            Assert.Throws<InvalidOperationException>(() =>
            {
                MsgPackWriter writer = default;
                writer.GetSpan();
            });
            Assert.Throws<InvalidOperationException>(() =>
            {
                MsgPackWriter writer = default;
                writer.GetMemory(10);
            });
            Assert.Throws<ArgumentOutOfRangeException>(() =>
            {
                MsgPackWriter writer = default;
                writer.Advance(1);
            });
        }

        /// <summary>Data lengths and how each is cut into segments for <see cref="MsgPackWriter.WriteRaw(ReadOnlySequence{byte})"/>.</summary>
        public static TheoryData<string, int, string> RawSequenceCases()
        {
            var data = new TheoryData<string, int, string>();
            foreach (string sink in Sink.Names)
            {
                foreach (int length in new[] { 0, 1, 100, 5000, 100_000 })
                {
                    foreach (string layout in new[] { "one segment", "7 with empty", "1 3 4096 and empty", "halves" })
                    {
                        data.Add(sink, length, layout);
                    }
                }
            }

            data.Add("exact spans", 0, "only empty");
            data.Add("pooled 16", 0, "only empty");
            return data;
        }

        [Theory]
        [MemberData(nameof(RawSequenceCases))]
        public void WriteRawOfASequenceWritesEverySegmentInOrder(string sink, int length, string layout)
        {
            byte[] data = StreamingDocument.Pattern(length, length);
            ReadOnlySequence<byte> sequence = layout switch
            {
                "one segment" => new ReadOnlySequence<byte>(data),
                "7 with empty" => Sequences.Split(data, 7, withEmpty: true),
                "1 3 4096 and empty" => Sequences.SplitSizes(data, new[] { 1, 3, 4096 }, withEmpty: true),
                "halves" => Sequences.SplitAt(data, length / 2),
                "only empty" => Sequences.FromChunks(new ReadOnlyMemory<byte>[] { ReadOnlyMemory<byte>.Empty, ReadOnlyMemory<byte>.Empty, ReadOnlyMemory<byte>.Empty }),
                _ => throw new ArgumentException(layout),
            };
            Assert.Equal(length, sequence.Length);

            using Sink output = Sink.Create(sink);
            var writer = new MsgPackWriter(output.Writer);
            writer.WriteNil();
            writer.WriteBinaryHeader(length);
            writer.WriteRaw(sequence);
            Assert.Equal(1 + MsgPackSpec.GetBinaryEncodedLength(length), writer.BytesWritten);
            writer.WriteRaw(sequence.Slice(0, Math.Min(length, 10)));
            writer.WriteNil();
            writer.Flush();

            var expected = new ExpectedBytes();
            expected.Add(s => MsgPackSpec.WriteNil(s));
            expected.Add(s => MsgPackSpec.WriteBinary(s, data));
            expected.Add(s => Copy(data.AsSpan(0, Math.Min(length, 10)), s));
            expected.Add(s => MsgPackSpec.WriteNil(s));
            Same(expected.ToArray(), output.Contents());
        }

        public static TheoryData<string, string> ForwardCases()
        {
            var data = new TheoryData<string, string>();
            foreach (string sink in new[] { "exact spans", "random spans", "pooled 16", "segmented 16", "array buffer writer 16", "pipe 16" })
            {
                foreach (string layout in new[] { "1", "7 with empty", "2 3 5 with empty", "contiguous" })
                {
                    data.Add(sink, layout);
                }
            }

            return data;
        }

        [Theory]
        [MemberData(nameof(ForwardCases))]
        public void WriteRawForwardsEveryValueTheReaderReadsByteForByte(string sink, string layout)
        {
            byte[] document = StreamingDocument.Full.Bytes;
            var (bytes, sequence) = Layout(document, layout);

            using Sink output = Sink.Create(sink);
            var writer = new MsgPackWriter(output.Writer);
            MsgPackReader reader = layout == "contiguous" ? new MsgPackReader(bytes.AsSpan()) : new MsgPackReader(sequence);
            int values = 0;
            int straddling = 0;
            while (!reader.End)
            {
                MsgPackPayload raw = reader.ReadRaw();
                straddling += raw.IsSingleSpan ? 0 : 1;
                writer.WriteRaw(raw);
                values++;
                Assert.Equal(reader.Consumed, writer.BytesWritten);
            }

            writer.Flush();
            Assert.True(values > 10, $"{values} values");
            Assert.Equal(layout != "contiguous", straddling > 0);
            Same(document, output.Contents());
        }

        [Theory]
        [MemberData(nameof(ForwardCases))]
        public void WriteRawForwardsPayloadsAfterTheirHeaders(string sink, string layout)
        {
            // str, bin and ext payloads of every header size, read as payloads and written back after their headers.
            var expected = new ExpectedBytes();
            int[] lengths = { 0, 1, 31, 32, 255, 256, 5000, 65535, 65536, 100_000 };
            foreach (int length in lengths)
            {
                byte[] data = StreamingDocument.Pattern(length, length);
                byte[] text = new byte[length];
                for (int i = 0; i < length; i++)
                {
                    text[i] = (byte)('a' + ((i + length) % 26)); // the reader checks str payloads are UTF-8
                }

                expected.Add(s => MsgPackSpec.WriteBinary(s, data));
                expected.Add(s => MsgPackSpec.WriteString(s, text));
                expected.Add(s => MsgPackSpec.WriteExtension(s, (sbyte)(length % 100), data));
            }

            byte[] document = expected.ToArray();
            var (bytes, sequence) = Layout(document, layout);

            using Sink output = Sink.Create(sink);
            var writer = new MsgPackWriter(output.Writer);
            MsgPackReader reader = layout == "contiguous" ? new MsgPackReader(bytes.AsSpan()) : new MsgPackReader(sequence);
            int straddling = 0;
            foreach (int length in lengths)
            {
                MsgPackPayload bin = reader.ReadBinary();
                Assert.Equal(length, bin.Length);
                writer.WriteBinaryHeader(bin.Length);
                writer.WriteRaw(bin);

                MsgPackPayload str = reader.ReadStringBytes();
                writer.WriteStringHeader(str.Length);
                writer.WriteRaw(str);

                MsgPackPayload ext = reader.ReadExtension(out ExtensionHeader header);
                writer.WriteExtensionHeader(header);
                writer.WriteRaw(ext);
                straddling += (bin.IsSingleSpan ? 0 : 1) + (str.IsSingleSpan ? 0 : 1) + (ext.IsSingleSpan ? 0 : 1);
                Assert.Equal(reader.Consumed, writer.BytesWritten);
            }

            Assert.True(reader.End);
            Assert.Equal(layout != "contiguous", straddling > 0);
            writer.Flush();
            Same(document, output.Contents());
        }

        private static (byte[] Bytes, ReadOnlySequence<byte> Sequence) Layout(byte[] document, string layout) => layout switch
        {
            "1" => (document, Sequences.Split(document, 1, withEmpty: false)),
            "7 with empty" => (document, Sequences.Split(document, 7, withEmpty: true)),
            "2 3 5 with empty" => (document, Sequences.SplitSizes(document, new[] { 2, 3, 5, 64, 4099 }, withEmpty: true)),
            "contiguous" => (document, default),
            _ => throw new ArgumentException(layout),
        };

        private static ArgumentOutOfRangeException? AdvanceError(ref MsgPackWriter writer, int count)
        {
            try
            {
                writer.Advance(count);
                return null;
            }
            catch (ArgumentOutOfRangeException e)
            {
                Assert.Equal("count", e.ParamName);
                return e;
            }
        }

        private static int Fill(Span<byte> destination, int length, byte value)
        {
            destination.Slice(0, length).Fill(value);
            return length;
        }

        private static int Copy(ReadOnlySpan<byte> bytes, Span<byte> destination)
        {
            bytes.CopyTo(destination);
            return bytes.Length;
        }

        private static byte[] Bytes(SpanWrite write)
        {
            var bytes = new ExpectedBytes();
            bytes.Add(write);
            return bytes.ToArray();
        }

        private static void Same(byte[] expected, byte[] actual)
        {
            Assert.Equal(expected.Length, actual.Length);
            StreamingAssert.Same(expected, actual);
        }

        /// <summary>What MsgPackSpec writes for a run of values, one after the other.</summary>
        private sealed class ExpectedBytes
        {
            private readonly List<byte> _bytes = new List<byte>();
            private readonly byte[] _scratch = new byte[1 << 18];

            public int Length => _bytes.Count;

            public void Add(SpanWrite write)
            {
                int n = write(_scratch);
                _bytes.AddRange(new ArraySegment<byte>(_scratch, 0, n));
            }

            public byte[] ToArray() => _bytes.ToArray();
        }
    }
}
