using System;
using System.Buffers;
using Xunit;

namespace MsgPack.Spec.Lz4.Tests
{
    /// <summary>
    /// Raw bytes in steady state allocate nothing: the codec works in the caller's buffers, and what is rented comes
    /// from <see cref="System.Buffers.ArrayPool{T}.Shared"/>. Two rounds are measured and one must be 0 B (a one-off
    /// tier-up or a pool refill shows in one round only).
    /// </summary>
    public class AllocationTests
    {
        private const int Rounds = 20;

        private static void OneRoundIsZero(Action round)
        {
            round();
            round();
            long least = long.MaxValue;
            for (int attempt = 0; attempt < 2; attempt++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                round();
                least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
            }

            Assert.Equal(0, least);
        }

        public static TheoryData<MsgPackLz4Format, int> Cases()
        {
            var data = new TheoryData<MsgPackLz4Format, int>();
            foreach (MsgPackLz4Format format in new[] { MsgPackLz4Format.Lz4Block, MsgPackLz4Format.Lz4BlockArray })
            {
                foreach (int length in new[] { 100, 40_000, 1_000_000 })
                {
                    data.Add(format, length);
                }
            }

            return data;
        }

        [Theory]
        [MemberData(nameof(Cases))]
        public void Compressing_and_decompressing_raw_bytes_allocates_nothing(MsgPackLz4Format format, int length)
        {
            var options = new MsgPackLz4Options { Format = format };
            byte[] plain = Samples.Plain(Samples.Catalog(1, length));
            var compressed = new PooledBufferWriter(plain.Length + 1000);
            var decompressed = new PooledBufferWriter(plain.Length + 1000);
            var span = new byte[MsgPackLz4.GetMaxCompressedLength(plain.Length, options)];
            System.Buffers.ReadOnlySequence<byte> segmented = default;

            OneRoundIsZero(() =>
            {
                for (int i = 0; i < Rounds; i++)
                {
                    compressed.Reset();
                    MsgPackLz4.Compress(plain, compressed, options);
                    _ = MsgPackLz4.Compress(plain, span, options);
                    decompressed.Reset();
                    _ = MsgPackLz4.Decompress(compressed.WrittenSpan, decompressed, options);
                }
            });
            Assert.Equal(plain, decompressed.WrittenSpan.ToArray());

            // The sequence doors: a block that straddles segments is copied into a pooled array.
            segmented = Hex.Segments(compressed.WrittenSpan.ToArray(), 7, compressed.WrittenCount / 2);
            System.Buffers.ReadOnlySequence<byte> plainSegments = Hex.Segments(plain, plain.Length / 3);
            OneRoundIsZero(() =>
            {
                for (int i = 0; i < Rounds; i++)
                {
                    decompressed.Reset();
                    _ = MsgPackLz4.Decompress(segmented, decompressed, options);
                    compressed.Reset();
                    MsgPackLz4.Compress(plainSegments, compressed, options);
                }
            });
            Assert.Equal(plain, decompressed.WrittenSpan.ToArray());
        }

        [Theory]
        [MemberData(nameof(Cases))]
        public void The_value_doors_allocate_only_what_the_reader_creates(MsgPackLz4Format format, int length)
        {
            // A struct without references: nothing to create, so nothing at all.
            var options = new MsgPackLz4Options { Format = format, MinLength = 16 };
            Reading reading = Samples.Reading(length);
            var compressed = new PooledBufferWriter(1000);
            MsgPackLz4.Serialize(compressed, reading, options);
            byte[] bytes = compressed.WrittenSpan.ToArray();
            Assert.True(MsgPackSpec.GetMsgPackType(bytes[0]) != MsgPackType.Array || MsgPackSpec.ReadArrayHeader(bytes, out _) == 2);
            long sensors = 0;
            OneRoundIsZero(() =>
            {
                for (int i = 0; i < Rounds; i++)
                {
                    compressed.Reset();
                    MsgPackLz4.Serialize(compressed, reading, options);
                    sensors += MsgPackLz4.Deserialize<Reading>(compressed.WrittenSpan, options).Sensor;
                }
            });
            Assert.Equal(4 * Rounds * reading.Sensor, sensors); // two warm-up rounds, two measured
        }

        [Fact]
        public void Serializing_a_value_of_many_chunks_allocates_nothing()
        {
            // Lz4BlockArray over several chunks: the chunk-at-a-time writer and its two pooled buffers, reused.
            Catalog catalog = Samples.Catalog(11, 200_000);
            var compressed = new PooledBufferWriter(1000);
            OneRoundIsZero(() =>
            {
                for (int i = 0; i < Rounds; i++)
                {
                    compressed.Reset();
                    MsgPackLz4.Serialize(compressed, catalog);
                }
            });
            var plain = new ArrayBufferWriter<byte>();
            MsgPackLz4.Decompress(compressed.WrittenSpan, plain);
            Assert.Equal(Samples.Plain(catalog), plain.WrittenSpan.ToArray());
        }
    }
}
