using System;
using System.Buffers;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Lz4.Tests
{
    /// <summary>
    /// The value door's Lz4BlockArray path, which compresses each chunk as soon as it is written (BlockArrayWriter): its
    /// bytes must be those of compressing the whole plain value at once, wherever the value ends against the chunks and
    /// however large its single writes are.
    /// </summary>
    public class BlockArrayWriterTests
    {
        /// <summary>A value of plain bytes: a bin of <see cref="Length"/> bytes of a repeating pattern, written in one piece.</summary>
        private readonly struct Blob : IMsgPackSerializable<Blob>
        {
            public Blob(int length, int seed)
            {
                Length = length;
                Seed = seed;
            }

            public int Length { get; }

            public int Seed { get; }

            public byte[] Bytes()
            {
                var random = new Random(Seed);
                var bytes = new byte[Length];
                for (int i = 0; i < bytes.Length; i++)
                {
                    bytes[i] = (byte)(i % 97 < 40 ? random.Next(4) : i % 13);
                }

                return bytes;
            }

            public static void Write(ref MsgPackWriter writer, in Blob value) => writer.WriteBinary(value.Bytes());

            public static void Write(ref Span<byte> destination, in Blob value) => throw new NotSupportedException();

            public static int GetEncodedLength(in Blob value) => throw new NotSupportedException("the value doors do not measure first");

            public static Blob Read(ref MsgPackReader reader, int depth) => new Blob(reader.ReadBinary().Length, 0);
        }

        [Theory]
        [InlineData(0)]
        [InlineData(1)]
        [InlineData(100)]
        [InlineData(4_000)]
        [InlineData(32_000)]
        [InlineData(40_000)]
        [InlineData(65_000)]
        [InlineData(100_000)]
        [InlineData(300_000)]
        [InlineData(1_100_000)]
        public void A_catalog_is_the_bytes_of_compressing_its_plain_bytes(int length)
        {
            Catalog catalog = Samples.Catalog(length + 7, length);
            AssertSameAsWhole(catalog, Samples.Plain(catalog));
        }

        [Theory]
        [InlineData(32_768 - 3)] // with its bin 16 header of 3: one chunk exactly
        [InlineData(32_768 - 2)]
        [InlineData((2 * 32_768) - 3)] // two chunks exactly
        [InlineData((3 * 32_768) - 5)] // with a bin 32 header: three chunks exactly
        [InlineData(81_920)] // one write longer than the writer's first array
        [InlineData(500_000)]
        public void One_long_write_and_values_that_end_on_a_chunk_are_the_bytes_of_compressing_them_whole(int length)
        {
            var blob = new Blob(length, length);
            var plain = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(plain);
            Blob.Write(ref writer, blob);
            writer.Flush();
            AssertSameAsWhole(blob, plain.WrittenSpan.ToArray());
        }

        [Fact]
        public void A_minimum_over_a_chunk_takes_the_contiguous_path_with_the_same_rules()
        {
            Catalog catalog = Samples.Catalog(3, 50_000);
            byte[] plain = Samples.Plain(catalog);
            foreach (int minimum in new[] { 32_768, 32_769, plain.Length, plain.Length + 1 })
            {
                var options = new MsgPackLz4Options { MinLength = minimum };
                var ours = new ArrayBufferWriter<byte>();
                MsgPackLz4.Serialize(ours, catalog, options);
                var whole = new ArrayBufferWriter<byte>();
                MsgPackLz4.Compress(plain, whole, options);
                Assert.Equal(whole.WrittenSpan.ToArray(), ours.WrittenSpan.ToArray());
                Assert.Equal(minimum > plain.Length, ours.WrittenSpan.SequenceEqual(plain));
            }
        }

        private static void AssertSameAsWhole<T>(T value, byte[] plain)
            where T : IMsgPackSerializable<T>
        {
            var whole = new ArrayBufferWriter<byte>();
            MsgPackLz4.Compress(plain, whole);
            for (int round = 0; round < 2; round++)
            {
                // Twice: the second call reuses the thread's writer and the sizes the first one left.
                var ours = new ArrayBufferWriter<byte>();
                ours.Write(new byte[] { 0xc0 }); // not at the writer's start
                MsgPackLz4.Serialize(ours, value);
                Assert.Equal(whole.WrittenSpan.ToArray(), ours.WrittenSpan.Slice(1).ToArray());
            }
        }
    }
}
