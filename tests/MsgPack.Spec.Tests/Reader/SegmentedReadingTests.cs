using System;
using System.Buffers;
using System.Collections.Generic;
using Xunit;

namespace MsgPack.Spec.Tests.Reader
{
    /// <summary>
    /// One document holding every family, written with <see cref="MsgPackSpec"/>, reads identically through
    /// <see cref="MsgPackReader"/> however its bytes are cut into segments: one segment, segments of every size,
    /// two segments split at every byte, empty segments in between, and a span.
    /// </summary>
    public class SegmentedReadingTests
    {
        private static readonly StreamingDocument Document = StreamingDocument.Full;

        [Fact]
        public void TheDocumentHoldsEveryFamilyAndLongValues()
        {
            var families = new HashSet<MsgPackType>();
            foreach (Item item in Document.Items)
            {
                families.Add(item.Family);
            }

            Assert.Equal(9, families.Count); // every family but "never used"
            Assert.Contains(Document.Items, i => i.Kind == ItemKind.String && i.Text.Length > 0 && System.Text.Encoding.UTF8.GetByteCount(i.Text) > 300);
            Assert.Contains(Document.Items, i => i.Kind == ItemKind.StringBytes && System.Text.Encoding.UTF8.GetByteCount(i.Text) > 300);
            Assert.Contains(Document.Items, i => i.Length > 300 && i.Kind == ItemKind.Raw);
            Assert.True(Document.Bytes.Length > 2000 && Document.Bytes.Length < 4000, $"{Document.Bytes.Length} bytes");
        }

        [Fact]
        public void ReadsFromOneSegment()
        {
            ReadAll(new ReadOnlySequence<byte>(Document.Bytes), contiguous: true);
        }

        [Fact]
        public void ReadsFromASpan()
        {
            var reader = new MsgPackReader(Document.Bytes.AsSpan());
            StreamingAssert.Place(ref reader, Document.Bytes.Length, 0);
            Assert.True(reader.Sequence.IsEmpty);
            foreach (Item item in Document.Items)
            {
                Assert.Equal(item.Family, reader.PeekMsgPackType());
                StreamingDocument.Read(ref reader, item, contiguous: true);
                StreamingAssert.Place(ref reader, Document.Bytes.Length, item.End);
            }

            AssertAtEnd(ref reader);
        }

        [Fact]
        public void ReadsFromSegmentsOfEverySize()
        {
            for (int size = 1; size <= Document.Bytes.Length; size++)
            {
                ReadAll(Sequences.Split(Document.Bytes, size, withEmpty: false), contiguous: size >= Document.Bytes.Length, checkPlaceEvery: size < 64 ? 1 : 7);
            }
        }

        [Fact]
        public void ReadsFromSegmentsOfEverySizeWithEmptySegmentsBetween()
        {
            for (int size = 1; size <= Document.Bytes.Length; size++)
            {
                ReadAll(Sequences.Split(Document.Bytes, size, withEmpty: true), contiguous: size >= Document.Bytes.Length, checkPlaceEvery: size < 64 ? 1 : 7);
            }
        }

        [Fact]
        public void ReadsFromTwoSegmentsSplitAtEveryByte()
        {
            for (int at = 0; at <= Document.Bytes.Length; at++)
            {
                ReadAll(Sequences.SplitAt(Document.Bytes, at), contiguous: at == 0 || at == Document.Bytes.Length, checkPlaceEvery: 13);
            }
        }

        [Fact]
        public void ReadsFromSegmentsOfRandomSizes()
        {
            var random = new Random(20240601);
            for (int round = 0; round < 200; round++)
            {
                int[] sizes = new int[1 + random.Next(8)];
                for (int i = 0; i < sizes.Length; i++)
                {
                    sizes[i] = 1 + random.Next(random.Next(2) == 0 ? 8 : 400);
                }

                ReadAll(Sequences.SplitSizes(Document.Bytes, sizes, withEmpty: round % 2 == 0), contiguous: false);
            }
        }

        [Fact]
        public void ReadsFromTheSequenceOfASegmentedBufferWriter()
        {
            using var output = new SegmentedBufferWriter(16);
            var writer = new MsgPackWriter(output);
            writer.WriteRaw(Document.Bytes);
            writer.Flush();
            Assert.True(output.SegmentCount > 5);
            ReadAll(output.WrittenSequence, contiguous: false);
        }

        [Fact]
        public void ReadsTheSameAfterEverySplitWithEveryOffsetIntoTheFirstArray()
        {
            // The sequence need not start at the start of its first segment, nor end at the end of its last.
            byte[] padded = new byte[Document.Bytes.Length + 10];
            Document.Bytes.CopyTo(padded, 5);
            var first = new TestSegment(padded.AsMemory(0, 1000), null);
            var second = new TestSegment(padded.AsMemory(1000, 7), first);
            var third = new TestSegment(padded.AsMemory(1007), second);
            var sequence = new ReadOnlySequence<byte>(first, 5, third, third.Memory.Length - 5);
            Assert.Equal(Document.Bytes.Length, sequence.Length);
            ReadAll(sequence, contiguous: false);
        }

        [Fact]
        public void PayloadsThatStraddleSegmentsAreSequenceSlicesAndOthersAreSpans()
        {
            // bin 8 of 20 bytes, cut inside the payload: a slice over two segments.
            byte[] value = new byte[22];
            MsgPackSpec.WriteBinary(value, StreamingDocument.Pattern(20, 1));
            var reader = new MsgPackReader(Sequences.SplitAt(value, 10));
            MsgPackPayload payload = reader.ReadBinary();
            Assert.False(payload.IsSingleSpan);
            Assert.Equal(2, CountSegments(payload.Sequence));
            Assert.Equal(StreamingDocument.Pattern(20, 1), payload.Sequence.ToArray());
            Assert.Equal(22, reader.Consumed);

            // Cut inside the header or right after it: the payload lies in the second segment, one span (as
            // MsgPackPayload documents: "one span when they lie in one segment").
            foreach (int at in new[] { 1, 2 })
            {
                reader = new MsgPackReader(Sequences.SplitAt(value, at));
                payload = reader.ReadBinary();
                Assert.True(payload.IsSingleSpan, $"split at {at}");
                Assert.Equal(StreamingDocument.Pattern(20, 1), StreamingAssert.Bytes(payload));
            }

            // Cut after the payload: a span.
            reader = new MsgPackReader(Sequences.SplitAt(value, 22));
            payload = reader.ReadBinary();
            Assert.True(payload.IsSingleSpan);
            Assert.Equal(StreamingDocument.Pattern(20, 1), payload.Span.ToArray());
        }

        [Fact]
        public void AnEmptySequenceIsAtItsEnd()
        {
            var chunks = new ReadOnlyMemory<byte>[] { ReadOnlyMemory<byte>.Empty, ReadOnlyMemory<byte>.Empty };
            ReadOnlySequence<byte> empty = Sequences.FromChunks(chunks);
            var reader = new MsgPackReader(empty);
            StreamingAssert.Place(ref reader, empty, 0);
            AssertAtEnd(ref reader);

            var fromDefault = new MsgPackReader(default(ReadOnlySequence<byte>));
            Assert.True(fromDefault.End);
            Assert.Equal(OperationStatus.NeedMoreData, fromDefault.TryReadInt32(out _));
        }

        [Fact]
        public void ReadsFromASequenceThatStartsAndEndsInsideItsSegments()
        {
            // The first segment holds junk before the sequence's start and the last one junk after its end: a reader
            // that crossed into the last segment and read up to the segment's end instead of the sequence's would
            // read values that are not there. 0xc1 is never valid, so any read of the junk fails loudly.
            for (int size = 1; size <= 80; size++)
            {
                ReadAll(Padded(Document.Bytes, size, Document.Bytes.Length), contiguous: false, checkPlaceEvery: 17);
            }
        }

        [Fact]
        public void AValueCutByTheSequencesEndIsTruncatedEvenWhenItsSegmentGoesOn()
        {
            // Ten int32 values (5 bytes each); the sequence ends 2 bytes into the last one, while its segment holds
            // the whole value: the reader must stop at the sequence's end.
            byte[] data = new byte[50];
            Span<byte> rest = data;
            for (int i = 0; i < 10; i++)
            {
                MsgPackSpec.WriteInt32(ref rest, (1 << 30) - i);
            }

            for (int size = 1; size <= 24; size++)
            {
                ReadOnlySequence<byte> sequence = Padded(data, size, 47);
                var reader = new MsgPackReader(sequence);
                for (int i = 0; i < 9; i++)
                {
                    Assert.Equal((1 << 30) - i, reader.ReadInt32());
                }

                Assert.Equal(OperationStatus.NeedMoreData, reader.TryReadInt32(out _));
                Assert.Equal(45, reader.Consumed);
                Assert.Throws<MsgPackTruncatedException>(() =>
                {
                    var again = new MsgPackReader(sequence.Slice(45));
                    again.ReadInt32();
                });
            }
        }

        /// <summary>
        /// <paramref name="data"/>'s first <paramref name="length"/> bytes cut into segments of <paramref name="size"/>
        /// bytes, in a sequence that starts 7 bytes into its first segment and ends before 9 bytes of junk (0xc1)
        /// that its last segment also holds, followed by the rest of <paramref name="data"/>.
        /// </summary>
        private static ReadOnlySequence<byte> Padded(byte[] data, int size, int length)
        {
            const int Before = 7;
            var chunks = new List<ReadOnlyMemory<byte>>();
            for (int start = 0; start < length; start += size)
            {
                chunks.Add(data.AsSpan(start, Math.Min(size, length - start)).ToArray());
            }

            byte[] head = new byte[Before + chunks[0].Length];
            head.AsSpan(0, Before).Fill(0xc1);
            chunks[0].CopyTo(head.AsMemory(Before));
            chunks[0] = head;
            ReadOnlyMemory<byte> last = chunks[chunks.Count - 1];
            byte[] tail = new byte[last.Length + (data.Length - length) + 9];
            tail.AsSpan().Fill(0xc1);
            last.CopyTo(tail);
            data.AsSpan(length).CopyTo(tail.AsSpan(last.Length));
            chunks[chunks.Count - 1] = tail;

            // The end is after the last chunk's own bytes (the first chunk, padded, when there is only one).
            var sequence = Sequences.FromChunks(chunks, Before, last.Length);
            Assert.Equal(length, sequence.Length);
            return sequence;
        }

        [Fact]
        public void TheReaderKeepsTheSequenceItWasGiven()
        {
            ReadOnlySequence<byte> sequence = Sequences.Split(Document.Bytes, 100, withEmpty: true);
            var reader = new MsgPackReader(sequence);
            reader.Skip();
            Assert.Equal(sequence.Length, reader.Sequence.Length);
            Assert.Equal(sequence.Start, reader.Sequence.Start);
            Assert.Equal(sequence.End, reader.Sequence.End);
        }

        internal static void ReadAll(ReadOnlySequence<byte> sequence, bool contiguous, int checkPlaceEvery = 1)
        {
            var reader = new MsgPackReader(sequence);
            StreamingAssert.Place(ref reader, sequence, 0);
            int index = 0;
            foreach (Item item in Document.Items)
            {
                Assert.False(reader.End);
                Assert.Equal(item.Family, reader.PeekMsgPackType());
                StreamingDocument.Read(ref reader, item, contiguous);
                if (++index % checkPlaceEvery == 0)
                {
                    StreamingAssert.Place(ref reader, sequence, item.End);
                }
                else
                {
                    Assert.Equal(item.End, reader.Consumed);
                }
            }

            StreamingAssert.Place(ref reader, sequence, sequence.Length);
            AssertAtEnd(ref reader);
        }

        private static void AssertAtEnd(ref MsgPackReader reader)
        {
            Assert.True(reader.End);
            Assert.Equal(0, reader.Remaining);
            Assert.False(reader.IsNil());
            Assert.Equal(OperationStatus.NeedMoreData, reader.TryReadNil());
            Assert.Equal(OperationStatus.NeedMoreData, reader.TrySkip());
            Assert.Equal(OperationStatus.NeedMoreData, reader.TryReadRaw(out _));
            Assert.Equal(OperationStatus.NeedMoreData, reader.TryReadString(out _));
            MsgPackTruncatedException? truncated = null;
            try
            {
                reader.PeekMsgPackType();
            }
            catch (MsgPackTruncatedException e)
            {
                truncated = e;
            }

            Assert.NotNull(truncated);
            try
            {
                reader.ReadInt64();
                truncated = null;
            }
            catch (MsgPackTruncatedException e)
            {
                truncated = e;
                Assert.Equal(0, e.BytesAvailable);
            }

            Assert.NotNull(truncated);
        }

        private static int CountSegments(ReadOnlySequence<byte> sequence)
        {
            int count = 0;
            foreach (ReadOnlyMemory<byte> segment in sequence)
            {
                if (!segment.IsEmpty)
                {
                    count++;
                }
            }

            return count;
        }
    }
}
