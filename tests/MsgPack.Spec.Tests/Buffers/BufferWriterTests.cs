using System;
using System.Buffers;
using System.Collections.Generic;
using Xunit;

namespace MsgPack.Spec.Tests.Buffers
{
    /// <summary>
    /// The <see cref="IBufferWriter{T}"/> contract of <see cref="PooledBufferWriter"/> and
    /// <see cref="SegmentedBufferWriter"/>, their views of what was written, and how they grow: the pooled one copies
    /// into a larger array, the segmented one never copies.
    /// </summary>
    public class BufferWriterTests
    {
        [Fact]
        public void PooledGetSpanAndGetMemoryHoldAtLeastTheHint()
        {
            using var writer = new PooledBufferWriter(8, ArrayPool<byte>.Create());
            var random = new Random(3);
            for (int i = 0; i < 300; i++)
            {
                int hint = i % 3 == 0 ? 0 : random.Next(random.Next(2) == 0 ? 64 : 70_000);
                Span<byte> span = writer.GetSpan(hint);
                Assert.True(span.Length >= Math.Max(hint, 1), $"hint {hint}: {span.Length}");
                Assert.Equal(writer.FreeCapacity, span.Length);
                Memory<byte> memory = writer.GetMemory(hint);
                Assert.True(memory.Length >= Math.Max(hint, 1));
                Assert.True(memory.Span.Overlaps(span));
                writer.Advance(Math.Min(span.Length, random.Next(10)));
            }
        }

        [Fact]
        public void PooledRejectsBadArguments()
        {
            Assert.Throws<ArgumentOutOfRangeException>(() => new PooledBufferWriter(-1));
            using var writer = new PooledBufferWriter(16, ArrayPool<byte>.Create());
            Assert.Throws<ArgumentOutOfRangeException>(() => writer.GetSpan(-1));
            Assert.Throws<ArgumentOutOfRangeException>(() => writer.GetMemory(-1));
            int free = writer.GetSpan(4).Length;
            Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(free + 1));
            Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(-1));
            Assert.Equal(0, writer.WrittenCount);
            writer.Advance(free);
            Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(1));
            Assert.Equal(free, writer.WrittenCount);
        }

        [Fact]
        public void PooledWrittenSpanAndMemoryHoldWhatWasWritten()
        {
            using var writer = new PooledBufferWriter(1, ArrayPool<byte>.Create());
            byte[] expected = WriteRandomChunks(writer, 50_000, seed: 11);
            Assert.Equal(expected.Length, writer.WrittenCount);
            Assert.True(writer.WrittenSpan.SequenceEqual(expected));
            Assert.True(writer.WrittenMemory.Span.SequenceEqual(expected));
            Assert.Equal(writer.Capacity - writer.WrittenCount, writer.FreeCapacity);
        }

        [Fact]
        public void PooledCopiesWhatWasWrittenWhenItGrows()
        {
            using var writer = new PooledBufferWriter(16, ArrayPool<byte>.Create());
            Span<byte> before = writer.GetSpan(16);
            before.Slice(0, 16).Fill(0x5A);
            writer.Advance(16);
            writer.GetSpan(100);
            Assert.False(writer.WrittenSpan.Overlaps(before)); // a new array ...
            Assert.True(writer.WrittenSpan.SequenceEqual(before.Slice(0, 16))); // ... with the bytes copied
        }

        [Fact]
        public void SegmentedGetSpanAndGetMemoryHoldAtLeastTheHint()
        {
            using var writer = new SegmentedBufferWriter(16, ArrayPool<byte>.Create());
            var random = new Random(4);
            for (int i = 0; i < 300; i++)
            {
                int hint = i % 3 == 0 ? 0 : random.Next(random.Next(2) == 0 ? 64 : 70_000);
                Span<byte> span = writer.GetSpan(hint);
                Assert.True(span.Length >= Math.Max(hint, 1), $"hint {hint}: {span.Length}");
                Memory<byte> memory = writer.GetMemory(hint);
                Assert.True(memory.Length >= Math.Max(hint, 1));
                Assert.True(memory.Span.Overlaps(span));
                writer.Advance(Math.Min(span.Length, random.Next(10)));
            }

            // A request larger than the largest segment size gets a segment of its own size.
            Assert.True(writer.GetSpan(SegmentedBufferWriter.MaxSegmentSize + 5).Length >= SegmentedBufferWriter.MaxSegmentSize + 5);
        }

        [Fact]
        public void SegmentedRejectsBadArguments()
        {
            Assert.Throws<ArgumentOutOfRangeException>(() => new SegmentedBufferWriter(0));
            Assert.Throws<ArgumentOutOfRangeException>(() => new SegmentedBufferWriter(-1));
            using var writer = new SegmentedBufferWriter(16, ArrayPool<byte>.Create());

            // Nothing asked for yet: nothing to advance over, but advancing by 0 is fine.
            Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(1));
            writer.Advance(0);
            Assert.Throws<ArgumentOutOfRangeException>(() => writer.GetSpan(-1));
            Assert.Throws<ArgumentOutOfRangeException>(() => writer.GetMemory(-1));
            int free = writer.GetSpan().Length;
            Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(free + 1));
            Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(-1));
            writer.Advance(free);
            Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(1));
            Assert.Equal(free, writer.WrittenCount);
        }

        [Fact]
        public void SegmentedViewsHoldWhatWasWritten()
        {
            using var writer = new SegmentedBufferWriter(16, ArrayPool<byte>.Create());
            Assert.Equal(0, writer.WrittenCount);
            Assert.Equal(0, writer.SegmentCount);
            Assert.True(writer.WrittenSequence.IsEmpty);
            Assert.Empty(writer.ToArray());

            writer.GetSpan(3).Slice(0, 3).Fill(7);
            writer.Advance(3);
            Assert.Equal(1, writer.SegmentCount);
            Assert.True(writer.WrittenSequence.IsSingleSegment);
            Assert.Equal(new byte[] { 7, 7, 7 }, writer.WrittenSequence.ToArray());

            var expected = new List<byte>(new byte[] { 7, 7, 7 });
            expected.AddRange(WriteRandomChunks(writer, 60_000, seed: 12));
            Assert.Equal(expected.Count, writer.WrittenCount);
            Assert.True(writer.SegmentCount > 5);
            ReadOnlySequence<byte> sequence = writer.WrittenSequence;
            Assert.Equal(expected.Count, sequence.Length);
            Assert.Equal(expected.ToArray(), sequence.ToArray());
            Assert.Equal(expected.ToArray(), writer.ToArray());

            byte[] larger = new byte[expected.Count + 10];
            larger.AsSpan().Fill(0xEE);
            writer.CopyTo(larger);
            Assert.Equal(expected.ToArray(), larger.AsSpan(0, expected.Count).ToArray());
            Assert.Equal(0xEE, larger[expected.Count]);
            Assert.Throws<ArgumentException>(() => writer.CopyTo(new byte[expected.Count - 1]));

            // Asked again after more writes, the sequence covers them too.
            writer.GetSpan(1)[0] = 9;
            writer.Advance(1);
            Assert.Equal(expected.Count + 1, writer.WrittenSequence.Length);
            Assert.Equal(9, writer.ToArray()[expected.Count]);
        }

        [Fact]
        public void SegmentedNeverCopiesWhatWasWritten()
        {
            using var writer = new SegmentedBufferWriter(16, ArrayPool<byte>.Create());
            Span<byte> first = writer.GetSpan(10);
            first.Slice(0, 10).Fill(0x42);
            writer.Advance(10);
            Assert.Equal(1, writer.SegmentCount);

            WriteRandomChunks(writer, 100_000, seed: 13);
            Assert.True(writer.SegmentCount > 8);

            // The span handed out first still holds its bytes, and it is where the sequence reads them from.
            Assert.True(first.Slice(0, 10).IndexOfAnyExcept((byte)0x42) < 0);
            ReadOnlySequence<byte> sequence = writer.WrittenSequence;
            Assert.True(sequence.First.Span.Overlaps(first));
            first[0] = 0x43;
            Assert.Equal(0x43, writer.WrittenSequence.First.Span[0]);
        }

        [Fact]
        public void SegmentSizesDoubleUpToTheMaximum()
        {
            using var writer = new SegmentedBufferWriter(16, ArrayPool<byte>.Create());
            int expected = 16;
            for (int i = 0; i < 20; i++)
            {
                int length = writer.GetSpan(1).Length;
                Assert.Equal(expected, length);
                Assert.Equal(i + 1, writer.SegmentCount);
                writer.Advance(length);
                expected = Math.Min(expected * 2, SegmentedBufferWriter.MaxSegmentSize);
            }

            Assert.Equal(SegmentedBufferWriter.MaxSegmentSize, writer.GetSpan(1).Length);
        }

        [Fact]
        public void AHintThatDoesNotFitStartsANewSegmentAndLeavesNoGap()
        {
            using var writer = new SegmentedBufferWriter(16, ArrayPool<byte>.Create());
            writer.GetSpan(10).Slice(0, 10).Fill(1);
            writer.Advance(10);
            Span<byte> next = writer.GetSpan(10); // 6 left in the first segment: a new one
            Assert.Equal(2, writer.SegmentCount);
            next.Slice(0, 10).Fill(2);
            writer.Advance(10);
            Assert.Equal("01 01 01 01 01 01 01 01 01 01 02 02 02 02 02 02 02 02 02 02", Hex.Of(writer.ToArray()));
            Assert.Equal(20, writer.WrittenSequence.Length);
        }

        /// <summary>Writes random bytes in chunks of random sizes, asking with random hints; returns what was written.</summary>
        private static byte[] WriteRandomChunks(IBufferWriter<byte> writer, int total, int seed)
        {
            var random = new Random(seed);
            byte[] expected = new byte[total];
            random.NextBytes(expected);
            int written = 0;
            while (written < total)
            {
                int hint = random.Next(4) == 0 ? 0 : random.Next(1, 3000);
                Span<byte> span = writer.GetSpan(hint);
                Assert.True(span.Length >= Math.Max(hint, 1));
                int count = Math.Min(Math.Min(span.Length, total - written), random.Next(1, 5000));
                expected.AsSpan(written, count).CopyTo(span);
                writer.Advance(count);
                written += count;
            }

            return expected;
        }
    }
}
