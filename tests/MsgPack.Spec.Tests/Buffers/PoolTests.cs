using System;
using System.Buffers;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Buffers
{
    /// <summary>
    /// <see cref="PooledBufferWriter"/> and <see cref="SegmentedBufferWriter"/> give back every array they rent,
    /// keep their arrays across <c>Reset</c>, and refuse use after <c>Dispose</c>; and what
    /// <see cref="ArrayPool{T}.Shared"/> hands out, which the documentation quotes.
    /// </summary>
    public class PoolTests
    {
        [Fact]
        public void PooledBufferWriterReturnsTheOldArrayAsSoonAsItGrowsAndEveryArrayOnDispose()
        {
            var pool = new CountingArrayPool();
            var writer = new PooledBufferWriter(16, pool);
            Assert.Equal(1, pool.Rentals);
            Assert.Equal(16, pool.Requests[0]);
            int capacity = writer.Capacity;
            int growths = 0;
            for (int i = 0; i < 20_000; i++)
            {
                Span<byte> span = writer.GetSpan(7);
                span.Slice(0, 7).Fill((byte)i);
                writer.Advance(7);
                if (writer.Capacity != capacity)
                {
                    // The new array was asked for with doubling, and the old one went back at once.
                    growths++;
                    Assert.Equal(Math.Max(writer.WrittenCount, 2 * capacity), pool.Requests[pool.Requests.Count - 1]);
                    Assert.Equal(capacity, pool.ReturnedLengths[pool.ReturnedLengths.Count - 1]);
                    capacity = writer.Capacity;
                }

                Assert.Equal(1, pool.Outstanding);
                Assert.Equal(pool.Rentals - 1, pool.Returns);
            }

            Assert.True(growths >= 10, $"{growths} growths");
            Assert.Equal(140_000, writer.WrittenCount);
            Assert.Equal(unchecked((byte)19_999), writer.WrittenSpan[139_999]);
            Assert.Equal(0, writer.WrittenSpan[0]);

            writer.Dispose();
            Assert.Equal(0, pool.Outstanding);
            Assert.Equal(pool.Rentals, pool.Returns);

            int returns = pool.Returns;
            writer.Dispose();
            Assert.Equal(returns, pool.Returns);
        }

        [Fact]
        public void PooledBufferWriterKeepsItsArrayAcrossReset()
        {
            var pool = new CountingArrayPool();
            using var writer = new PooledBufferWriter(64, pool);
            WriteMessage(writer, 3000);
            int rentals = pool.Rentals;
            int capacity = writer.Capacity;
            for (int i = 0; i < 10; i++)
            {
                writer.Reset();
                Assert.Equal(0, writer.WrittenCount);
                Assert.Equal(capacity, writer.FreeCapacity);
                WriteMessage(writer, 3000);
                Assert.Equal(rentals, pool.Rentals);
                Assert.Equal(capacity, writer.Capacity);
            }

            Assert.Equal(1, pool.Outstanding);
        }

        [Fact]
        public void PooledBufferWriterFromZeroRentsOnlyWhenWrittenTo()
        {
            var pool = new CountingArrayPool();
            var writer = new PooledBufferWriter(0, pool);
            Assert.Equal(0, pool.Rentals);
            Assert.Equal(0, writer.Capacity);
            Assert.True(writer.WrittenSpan.IsEmpty);
            writer.Dispose();
            Assert.Equal(0, pool.Returns); // nothing rented, nothing returned

            writer = new PooledBufferWriter(0, pool);
            Assert.True(writer.GetSpan().Length >= 1);
            Assert.Equal(1, pool.Rentals);
            writer.Dispose();
            Assert.Equal(1, pool.Returns);
        }

        [Fact]
        public void PooledBufferWriterRefusesUseAfterDispose()
        {
            var pool = new CountingArrayPool();
            var writer = new PooledBufferWriter(16, pool);
            writer.GetSpan(3)[0] = 1;
            writer.Advance(3);
            writer.Dispose();
            writer.Dispose();
            Assert.Equal(1, pool.Returns);
            Assert.Throws<ObjectDisposedException>(() => writer.GetSpan());
            Assert.Throws<ObjectDisposedException>(() => writer.GetSpan(1000));
            Assert.Throws<ObjectDisposedException>(() => writer.GetMemory());
            Assert.Throws<ObjectDisposedException>(() => writer.Advance(0));
            Assert.Throws<ObjectDisposedException>(() => writer.Reset());
            Assert.Throws<ObjectDisposedException>(() =>
            {
                var msgpack = new MsgPackWriter(writer);
                msgpack.WriteNil();
            });
            Assert.Equal(0, writer.WrittenCount);
            Assert.Equal(1, pool.Returns);
            Assert.Equal(0, pool.Outstanding);
        }

        [Fact]
        public void SegmentedBufferWriterRentsASegmentAtATimeAndReturnsThemAllOnDispose()
        {
            var pool = new CountingArrayPool();
            var writer = new SegmentedBufferWriter(16, pool);
            Assert.Equal(0, pool.Rentals); // nothing until the first write
            WriteMessage(writer, 5000);
            Assert.True(writer.SegmentCount >= 8, $"{writer.SegmentCount} segments");

            // Growing never copies and never gives an array back: one rental per segment.
            Assert.Equal(writer.SegmentCount, pool.Rentals);
            Assert.Equal(0, pool.Returns);
            Assert.Equal(writer.SegmentCount, pool.Outstanding);

            writer.Dispose();
            Assert.Equal(0, pool.Outstanding);
            Assert.Equal(pool.Rentals, pool.Returns);
            int returns = pool.Returns;
            writer.Dispose();
            Assert.Equal(returns, pool.Returns);
        }

        [Fact]
        public void SegmentedBufferWriterKeepsItsSegmentsAcrossReset()
        {
            var pool = new CountingArrayPool();
            using (var writer = new SegmentedBufferWriter(16, pool))
            {
                WriteMessage(writer, 5000);
                int rentals = pool.Rentals;
                int segments = writer.SegmentCount;
                byte[] first = writer.ToArray();
                for (int i = 0; i < 10; i++)
                {
                    writer.Reset();
                    Assert.Equal(0, writer.WrittenCount);
                    Assert.Equal(0, writer.SegmentCount);
                    Assert.True(writer.WrittenSequence.IsEmpty);
                    WriteMessage(writer, 5000);
                    Assert.Equal(rentals, pool.Rentals);
                    Assert.Equal(segments, writer.SegmentCount);
                    Assert.Equal(first, writer.ToArray());
                }

                // A shorter message uses fewer of the kept segments; a longer one rents only what it adds.
                writer.Reset();
                WriteMessage(writer, 100);
                Assert.Equal(rentals, pool.Rentals);
                writer.Reset();
                WriteMessage(writer, 20_000);
                Assert.True(pool.Rentals > rentals);
                Assert.Equal(0, pool.Returns);

                // A kept segment too small for a request is given back and replaced.
                writer.Reset();
                int before = pool.Returns;
                writer.GetSpan(100);
                Assert.Equal(before + 1, pool.Returns);
                Assert.Equal(16, pool.ReturnedLengths[pool.ReturnedLengths.Count - 1]);
                Assert.Equal(pool.Rentals - pool.Returns, pool.Outstanding);
            }

            Assert.Equal(0, pool.Outstanding);
            Assert.Equal(pool.Rentals, pool.Returns);
        }

        [Fact]
        public void SegmentedBufferWriterRefusesUseAfterDispose()
        {
            var writer = new SegmentedBufferWriter(16, new CountingArrayPool());
            WriteMessage(writer, 100);
            writer.Dispose();
            Assert.Throws<ObjectDisposedException>(() => writer.GetSpan());
            Assert.Throws<ObjectDisposedException>(() => writer.GetMemory(10));
            Assert.Throws<ObjectDisposedException>(() => writer.Advance(0));
            Assert.Throws<ObjectDisposedException>(() => writer.Reset());
            Assert.Throws<ObjectDisposedException>(() => writer.WrittenSequence);
            Assert.Throws<ObjectDisposedException>(() => writer.CopyTo(new byte[1000]));
            Assert.Throws<ObjectDisposedException>(() => writer.ToArray());
            Assert.Throws<ObjectDisposedException>(() =>
            {
                var msgpack = new MsgPackWriter(writer);
                msgpack.WriteNil();
            });
        }

        [Fact]
        public void SharedPoolHandsOutTheNextPowerOfTwo()
        {
            // Facts the documentation quotes: ArrayPool<byte>.Shared on .NET 10 rounds a request up to the next
            // power of two, also above 1 MiB.
            byte[] justAbove32K = ArrayPool<byte>.Shared.Rent((32 * 1024) + 1);
            byte[] justAbove1M = ArrayPool<byte>.Shared.Rent((1024 * 1024) + 1);
            try
            {
                Assert.Equal(65536, justAbove32K.Length);
                Assert.Equal(2 * 1024 * 1024, justAbove1M.Length);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(justAbove32K);
                ArrayPool<byte>.Shared.Return(justAbove1M);
            }
        }

        [Fact]
        public void PooledBufferWriterGrowingPast32KiBGets64KiBNot1MiB()
        {
            var pool = new CountingArrayPool(ArrayPool<byte>.Shared);
            using (var writer = new PooledBufferWriter(32 * 1024, pool))
            {
                Assert.Equal(32 * 1024, writer.Capacity);
                writer.GetSpan(32 * 1024).Fill(1);
                writer.Advance(32 * 1024);
                Assert.Equal(0, writer.FreeCapacity);

                writer.GetSpan(1)[0] = 2;
                writer.Advance(1);
                Assert.Equal(65536, writer.Capacity);
                Assert.Equal(new[] { 32 * 1024, 65536 }, pool.Requests);
                Assert.Equal(new[] { 32 * 1024 }, pool.ReturnedLengths);
                Assert.Equal((32 * 1024) + 1, writer.WrittenCount);
                Assert.Equal(1, writer.WrittenSpan[32 * 1024 - 1]);
                Assert.Equal(2, writer.WrittenSpan[32 * 1024]);
            }

            Assert.Equal(0, pool.Outstanding);
        }

        private static void WriteMessage(IBufferWriter<byte> output, int length)
        {
            var writer = new MsgPackWriter(output);
            writer.WriteBinary(StreamingDocument.Pattern(length, 1));
            writer.WriteInt32(length);
            writer.Flush();
        }
    }
}
