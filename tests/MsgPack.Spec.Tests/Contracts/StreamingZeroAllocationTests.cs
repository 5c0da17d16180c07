using System;
using System.Buffers;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Contracts
{
    /// <summary>
    /// In steady state the streaming layer allocates nothing: a writer over a reused <see cref="PooledBufferWriter"/>
    /// or <see cref="SegmentedBufferWriter"/>, and a reader over a multi-segment sequence reading everything but
    /// <see cref="MsgPackReader.ReadString"/> (Try forms that return NeedMoreData or InvalidData included).
    /// </summary>
    /// <remarks>
    /// Everything is built and warmed up before measuring; the measured loops call static methods with locals only
    /// (no lambdas, no boxing, no asserts), and their results are checked afterwards. They force a few gen-0
    /// collections, so that an allocation that happens only after a collection shows every time.
    /// </remarks>
    public class StreamingZeroAllocationTests
    {
        private const int Iterations = 1000;

        // Each measured loop of 1,000 messages may run up to three times, and one run must allocate exactly 0 B.
        // Anything the streaming layer allocates per message, or once in every few hundred messages, shows in every
        // run; what this forgives is a single allocation that the runtime made once on the test thread. A CI run
        // saw 168 B once in the segmented-writer loop, and no run since, with nothing in that loop allocating.
        private const int Attempts = 3;

        [Fact]
        public void WritingTheSeedWorkloadAndATarantoolRequestIntoAReusedPooledBufferWriterAllocatesNothing()
        {
            using var output = new PooledBufferWriter();

            // The messages are right: the seed workload is the native baseline's 503 bytes.
            WriteSeed(output);
            Assert.Equal(503, output.WrittenCount);
            Assert.Equal("dc 00 64 ce 40 00 00 00 ce 3f ff ff ff ce 3f ff ff fe", Hex.Of(output.WrittenSpan.Slice(0, 18)));
            Assert.Equal(Checksum(SeedBySpan()), Checksum(output.WrittenSpan));
            WriteRequest(output, 77);
            Assert.Equal(Hex.Of(RequestBySpan(77)), Hex.Of(output.WrittenSpan));

            for (int i = 0; i < 3; i++)
            {
                WritePooled(output, 50);
            }

            long checksum = 0;
            long allocated = long.MaxValue;
            for (int attempt = 0; attempt < Attempts && allocated != 0; attempt++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                checksum = WritePooled(output, Iterations);
                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            }

            Assert.Equal(0, allocated);
            long expected = 0;
            for (int i = 0; i < Iterations; i++)
            {
                expected += Checksum(SeedBySpan()) + Checksum(RequestBySpan(i));
            }

            Assert.Equal(expected, checksum);
        }

        [Fact]
        public void WritingMessagesThatSpanSeveralSegmentsIntoAReusedSegmentedBufferWriterAllocatesNothing()
        {
            using var output = new SegmentedBufferWriter(16);
            long first = WriteLarge(output);
            Assert.True(output.SegmentCount >= 6, $"{output.SegmentCount} segments");
            byte[] expected = output.ToArray();
            Assert.Equal("ce", Hex.Of(expected.AsSpan(0, 1)));
            Assert.Equal(expected.Length - 5, (int)MsgPackSpec.ReadUInt32(expected, out _));
            Assert.Equal(expected.Length - 5, MsgPackSpec.Skip(expected.AsSpan(5)));

            for (int i = 0; i < 3; i++)
            {
                WriteSegmented(output, 20);
            }

            long checksum = 0;
            long allocated = long.MaxValue;
            for (int attempt = 0; attempt < Attempts && allocated != 0; attempt++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                checksum = WriteSegmented(output, Iterations);
                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            }

            Assert.Equal(0, allocated);
            Assert.Equal(first * Iterations, checksum);
            Assert.Equal(expected, output.ToArray());
        }

        [Fact]
        public void GetSpanAdvanceWriteRawAndTheLengthPrefixAllocateNothingOnAPooledBufferWriterThatIsBigEnough()
        {
            // Already big enough: no growth, so whatever is allocated is the writer's.
            using var output = new PooledBufferWriter(1 << 16);
            byte[] raw = StreamingDocument.Pattern(3000, 8);
            ReadOnlySequence<byte> rawSequence = Sequences.Split(raw, 7, withEmpty: true);
            byte[] document = StreamingDocument.Full.Bytes;
            ReadOnlySequence<byte> documentSequence = Sequences.Split(document, 5, withEmpty: true);

            long first = WriteThroughTheMemory(output, rawSequence, documentSequence, 7);
            byte[] written = output.WrittenSpan.ToArray();
            Assert.Equal(written.Length - 5, (int)MsgPackSpec.ReadUInt32(written, out _));
            Assert.Equal(first, Checksum(written));
            Assert.True(written.AsSpan(written.Length - document.Length).SequenceEqual(document));

            for (int i = 0; i < 3; i++)
            {
                WriteThroughTheMemoryMany(output, rawSequence, documentSequence, 20);
            }

            long checksum = 0;
            long allocated = long.MaxValue;
            for (int attempt = 0; attempt < Attempts && allocated != 0; attempt++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                checksum = WriteThroughTheMemoryMany(output, rawSequence, documentSequence, Iterations);
                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            }

            Assert.Equal(0, allocated);
            Assert.Equal(first * Iterations, checksum);
        }

        [Fact]
        public void ReadingAMultiSegmentSequenceAllocatesNothingButStrings()
        {
            byte[] document = ReaderDocument();
            ReadOnlySequence<byte> sequence = Sequences.Split(document, 7, withEmpty: true);
            ReadOnlySequence<byte> truncated = sequence.Slice(0, document.Length - 3);
            long expected = ReadEverything(sequence, truncated, document);
            Assert.NotEqual(0, expected);

            // The measured loop meets every outcome: Done, InvalidData and NeedMoreData.
            var cut = new MsgPackReader(truncated);
            for (int i = 0; i < 41; i++)
            {
                cut.Skip();
            }

            Assert.Equal(OperationStatus.InvalidData, cut.TryReadInt64(out _));
            Assert.Equal(OperationStatus.Done, cut.TryReadStringBytes(out MsgPackPayload text));
            Assert.Equal("not an int", System.Text.Encoding.UTF8.GetString(text.ToArray()));
            Assert.Equal(OperationStatus.NeedMoreData, cut.TryReadRaw(out _));
            Assert.Equal(OperationStatus.NeedMoreData, cut.TryReadInt64(out _));
            Assert.Equal(OperationStatus.NeedMoreData, cut.TrySkip());
            Assert.Equal(6, cut.Remaining);

            for (int i = 0; i < 3; i++)
            {
                ReadMany(sequence, truncated, document, 20);
            }

            long checksum = 0;
            long allocated = long.MaxValue;
            for (int attempt = 0; attempt < Attempts && allocated != 0; attempt++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                checksum = ReadMany(sequence, truncated, document, Iterations);
                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            }

            Assert.Equal(0, allocated);
            Assert.Equal(expected * Iterations, checksum);
        }

        private static long WritePooled(PooledBufferWriter output, int count)
        {
            long checksum = 0;
            for (int i = 0; i < count; i++)
            {
                CollectNow(i);
                WriteSeed(output);
                checksum += Checksum(output.WrittenSpan);
                WriteRequest(output, i);
                checksum += Checksum(output.WrittenSpan);
            }

            return checksum;
        }

        private static void WriteSeed(PooledBufferWriter output)
        {
            output.Reset();
            var writer = new MsgPackWriter(output);
            writer.WriteArray16Header(100);
            for (int i = 0; i < 100; i++)
            {
                writer.WriteInt32((1 << 30) - i);
            }

            writer.Flush();
        }

        /// <summary>A Tarantool SELECT: the 5-byte length prefix, the header map, the body map.</summary>
        private static void WriteRequest(PooledBufferWriter output, int sync)
        {
            output.Reset();
            var writer = new MsgPackWriter(output);
            MsgPackReservation length = writer.ReserveLengthPrefix();
            writer.WriteMapHeader(2);
            writer.WriteUInt32(0x00); // IPROTO_REQUEST_TYPE
            writer.WriteUInt32(0x01); // IPROTO_SELECT
            writer.WriteUInt32(0x01); // IPROTO_SYNC
            writer.WriteUInt64((ulong)sync);
            writer.WriteMapHeader(6);
            writer.WriteUInt32(0x10); // IPROTO_SPACE_ID
            writer.WriteUInt32(512);
            writer.WriteUInt32(0x11); // IPROTO_INDEX_ID
            writer.WriteUInt32(0);
            writer.WriteUInt32(0x12); // IPROTO_LIMIT
            writer.WriteUInt32(100);
            writer.WriteUInt32(0x13); // IPROTO_OFFSET
            writer.WriteUInt32(0);
            writer.WriteUInt32(0x14); // IPROTO_ITERATOR
            writer.WriteUInt32(0);
            writer.WriteUInt32(0x20); // IPROTO_KEY
            writer.WriteArrayHeader(1);
            writer.WriteInt32(sync * 3);
            writer.PatchLengthPrefix(length);
            writer.Flush();
        }

        private static long WriteThroughTheMemoryMany(PooledBufferWriter output, ReadOnlySequence<byte> raw, ReadOnlySequence<byte> document, int count)
        {
            long checksum = 0;
            for (int i = 0; i < count; i++)
            {
                CollectNow(i);
                checksum += WriteThroughTheMemory(output, raw, document, 7);
            }

            return checksum;
        }

        /// <summary>A frame written through GetSpan/Advance (span and advancing APIs), WriteRaw of a sequence and of payloads a reader forwards, a 4096-byte slot.</summary>
        private static long WriteThroughTheMemory(PooledBufferWriter output, ReadOnlySequence<byte> raw, ReadOnlySequence<byte> document, int value)
        {
            output.Reset();
            var writer = new MsgPackWriter(output);
            MsgPackReservation prefix = writer.ReserveLengthPrefix();
            writer.Advance(MsgPackSpec.WriteInt32(writer.GetSpan(MsgPackSpec.MaxInt32EncodedLength), value));
            Span<byte> free = writer.GetSpan(32);
            int before = free.Length;
            MsgPackSpec.WriteInt64(ref free, -value);
            MsgPackSpec.WriteDouble(ref free, 0.5);
            writer.Advance(before - free.Length);
            Memory<byte> memory = writer.GetMemory(1);
            writer.Advance(MsgPackSpec.WriteNil(memory.Span));

            MsgPackReservation slot = writer.Reserve(4096);
            writer.GetReservedSpan(slot).Fill(0xc0);
            writer.WriteBinaryHeader((int)raw.Length);
            writer.WriteRaw(raw);

            var reader = new MsgPackReader(document);
            while (!reader.End)
            {
                writer.WriteRaw(reader.ReadRaw());
            }

            writer.PatchLengthPrefix(prefix);
            writer.Flush();
            return Checksum(output.WrittenSpan);
        }

        private static byte[] SeedBySpan()
        {
            byte[] buffer = new byte[1024];
            int n = MsgPackSpec.WriteArray16Header(buffer, 100);
            for (int i = 0; i < 100; i++)
            {
                n += MsgPackSpec.WriteInt32(buffer.AsSpan(n), (1 << 30) - i);
            }

            return buffer.AsSpan(0, n).ToArray();
        }

        private static byte[] RequestBySpan(int sync)
        {
            byte[] buffer = new byte[256];
            Span<byte> s = buffer.AsSpan(5);
            int n = MsgPackSpec.WriteMapHeader(s, 2);
            foreach (ulong v in new ulong[] { 0x00, 0x01, 0x01, (ulong)sync })
            {
                n += MsgPackSpec.WriteUInt64(s.Slice(n), v);
            }

            n += MsgPackSpec.WriteMapHeader(s.Slice(n), 6);
            foreach (ulong v in new ulong[] { 0x10, 512, 0x11, 0, 0x12, 100, 0x13, 0, 0x14, 0, 0x20 })
            {
                n += MsgPackSpec.WriteUInt64(s.Slice(n), v);
            }

            n += MsgPackSpec.WriteArrayHeader(s.Slice(n), 1);
            n += MsgPackSpec.WriteInt32(s.Slice(n), sync * 3);
            MsgPackSpec.WriteUInt32Exact(buffer, (uint)n);
            return buffer.AsSpan(0, n + 5).ToArray();
        }

        private static long WriteSegmented(SegmentedBufferWriter output, int count)
        {
            long checksum = 0;
            for (int i = 0; i < count; i++)
            {
                CollectNow(i);
                checksum += WriteLarge(output);
            }

            return checksum;
        }

        private static readonly byte[] LargeBinary = StreamingDocument.Pattern(1000, 3);
        private static readonly string LargeText = StreamingDocument.LongText(30);
        private static readonly byte[] LargeUtf8 = System.Text.Encoding.UTF8.GetBytes(StreamingDocument.LongText(20));

        /// <summary>About 3 KB: ints, a long text from chars and from UTF-8, a bin, a framed length; read back from the sequence.</summary>
        private static long WriteLarge(SegmentedBufferWriter output)
        {
            output.Reset();
            var writer = new MsgPackWriter(output);
            MsgPackReservation length = writer.ReserveLengthPrefix();
            writer.WriteArrayHeader(304);
            for (int i = 0; i < 300; i++)
            {
                writer.WriteInt64((i * 104729L) - 1_000_000);
            }

            writer.WriteString(LargeText.AsSpan());
            writer.WriteString(LargeUtf8);
            writer.WriteBinary(LargeBinary);
            writer.WriteTimestamp(new Timestamp(1_700_000_000, 5));
            writer.PatchLengthPrefix(length);
            writer.Flush();

            // Read it back where it is, across the segments.
            long checksum = 0;
            var reader = new MsgPackReader(output.WrittenSequence);
            checksum += reader.ReadUInt32();
            checksum += reader.ReadArrayHeader();
            for (int i = 0; i < 300; i++)
            {
                checksum += reader.ReadInt64();
            }

            checksum += Checksum(reader.ReadStringBytes());
            checksum += Checksum(reader.ReadStringBytes());
            checksum += Checksum(reader.ReadBinary());
            checksum += reader.ReadTimestamp().Nanoseconds;
            return checksum + (reader.End ? 1 : 0);
        }

        private static byte[] ReaderDocument()
        {
            byte[] buffer = new byte[8192];
            Span<byte> s = buffer;
            int n = 0;
            for (int i = 0; i < 40; i++)
            {
                n += MsgPackSpec.WriteInt64(s.Slice(n), (long)(i * 0x0123_4567_89ABL) - (1L << 40));
            }

            n += MsgPackSpec.WriteArrayHeader(s.Slice(n), 3);
            n += MsgPackSpec.WriteMapHeader(s.Slice(n), 2);
            n += MsgPackSpec.WriteString(s.Slice(n), StreamingDocument.LongText(10).AsSpan());
            n += MsgPackSpec.WriteBinary(s.Slice(n), StreamingDocument.Pattern(100, 1));
            n += MsgPackSpec.WriteExtension(s.Slice(n), 4, StreamingDocument.Pattern(30, 2));
            n += MsgPackSpec.WriteTimestamp(s.Slice(n), new Timestamp(-5, 6));

            // a nested value to skip, and one to read raw
            for (int k = 0; k < 2; k++)
            {
                n += MsgPackSpec.WriteArrayHeader(s.Slice(n), 3);
                n += MsgPackSpec.WriteMapHeader(s.Slice(n), 1);
                n += MsgPackSpec.WriteString(s.Slice(n), "key".AsSpan());
                n += MsgPackSpec.WriteArrayHeader(s.Slice(n), 2);
                n += MsgPackSpec.WriteDouble(s.Slice(n), 0.5);
                n += MsgPackSpec.WriteString(s.Slice(n), StreamingDocument.LongText(5).AsSpan());
                n += MsgPackSpec.WriteBinary(s.Slice(n), StreamingDocument.Pattern(50, 9));
                n += MsgPackSpec.WriteNil(s.Slice(n));
            }

            n += MsgPackSpec.WriteString(s.Slice(n), "not an int".AsSpan());
            n += MsgPackSpec.WriteInt64Exact(s.Slice(n), long.MinValue); // the truncated copy ends inside it
            return buffer.AsSpan(0, n).ToArray();
        }

        private static long ReadMany(ReadOnlySequence<byte> sequence, ReadOnlySequence<byte> truncated, byte[] document, int count)
        {
            long checksum = 0;
            for (int i = 0; i < count; i++)
            {
                CollectNow(i);
                checksum += ReadEverything(sequence, truncated, document);
            }

            return checksum;
        }

        private static long ReadEverything(ReadOnlySequence<byte> sequence, ReadOnlySequence<byte> truncated, byte[] document)
        {
            long checksum = 0;
            var reader = new MsgPackReader(sequence);
            for (int i = 0; i < 20; i++)
            {
                checksum += reader.ReadInt64();
            }

            for (int i = 0; i < 20; i++)
            {
                checksum += reader.TryReadInt64(out long value) == OperationStatus.Done ? value : 1;
            }

            checksum += reader.ReadArrayHeader();
            checksum += reader.ReadMapHeader();
            checksum += Checksum(reader.ReadStringBytes());
            checksum += reader.TryReadBinary(out MsgPackPayload binary) == OperationStatus.Done ? Checksum(binary) : 1;
            checksum += reader.TryReadExtension(out ExtensionHeader header, out MsgPackPayload data) == OperationStatus.Done ? header.TypeCode + Checksum(data) : 1;
            checksum += reader.ReadTimestamp().Seconds;
            reader.Skip();
            checksum += Checksum(reader.ReadRaw());

            // Failures consume nothing and allocate nothing either.
            checksum += (long)reader.TryReadInt32(out _) * 1000;               // InvalidData: a str
            checksum += (long)reader.TryReadStringHeader(out int length) * 100; // Done
            checksum += length;
            checksum += reader.Consumed;

            var cut = new MsgPackReader(truncated);
            checksum += cut.TrySkip() == OperationStatus.Done ? 1 : 0;
            for (int i = 0; i < 40; i++)
            {
                cut.Skip();
            }

            // 39 ints and the array were skipped: next the str, then the fixint 64 the cut ends inside.
            checksum += (long)cut.TryReadInt64(out _) * 100;           // InvalidData: a str
            checksum += cut.TryReadStringBytes(out MsgPackPayload text) == OperationStatus.Done ? text.Length : 0;
            checksum += (long)cut.TryReadRaw(out _) * 10_000;          // NeedMoreData
            checksum += (long)cut.TryReadInt64(out _) * 100_000;       // NeedMoreData
            checksum += (long)cut.TrySkip() * 1_000_000;               // NeedMoreData
            checksum += cut.Remaining;

            var span = new MsgPackReader(document.AsSpan());
            checksum += span.ReadInt64();
            span.Skip();
            checksum += span.Consumed;
            return checksum;
        }

        /// <summary>
        /// A gen-0 collection now and then, inside the measurement: what the runtime caches only weakly (a type's
        /// name, for one) is then rebuilt, and allocates, if the library leans on it. GC.Collect allocates nothing.
        /// </summary>
        private static void CollectNow(int iteration)
        {
            if (iteration % 100 == 50)
            {
                GC.Collect(0);
            }
        }

        private static long Checksum(MsgPackPayload payload)
        {
            if (payload.IsSingleSpan)
            {
                return Checksum(payload.Span);
            }

            long sum = 0;
            foreach (ReadOnlyMemory<byte> segment in payload.Sequence)
            {
                sum += Checksum(segment.Span);
            }

            return sum + payload.Length;
        }

        private static long Checksum(ReadOnlySpan<byte> bytes)
        {
            long sum = bytes.Length;
            for (int i = 0; i < bytes.Length; i++)
            {
                sum += bytes[i] * (long)(i + 1);
            }

            return sum;
        }
    }
}
