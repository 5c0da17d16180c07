using System;
using System.Buffers;
using System.Buffers.Binary;
using K4os.Compression.LZ4;
using Xunit;

namespace MsgPack.Spec.Lz4.Tests
{
    /// <summary>The two forms byte by byte (MessagePack-CSharp 3.1's headers), the minimum length, chunking, and every raw door.</summary>
    public class FormatTests
    {
        private static readonly MsgPackLz4Options Block = new() { Format = MsgPackLz4Format.Lz4Block };
        private static readonly MsgPackLz4Options BlockArray = new() { Format = MsgPackLz4Format.Lz4BlockArray };

        public static TheoryData<MsgPackLz4Format> Formats => new() { MsgPackLz4Format.Lz4Block, MsgPackLz4Format.Lz4BlockArray };

        private static MsgPackLz4Options Options(MsgPackLz4Format format) => format == MsgPackLz4Format.Lz4Block ? Block : BlockArray;

        private static byte[] Compress(byte[] plain, MsgPackLz4Options options)
        {
            var output = new ArrayBufferWriter<byte>();
            MsgPackLz4.Compress(plain, output, options);
            return output.WrittenSpan.ToArray();
        }

        private static byte[] Decompress(ReadOnlySpan<byte> bytes, out int read, MsgPackLz4Options? options = null)
        {
            var output = new ArrayBufferWriter<byte>();
            read = MsgPackLz4.Decompress(bytes, output, options);
            return output.WrittenSpan.ToArray();
        }

        /// <summary>A str of <paramref name="length"/> bytes in all: compressible text.</summary>
        private static byte[] Text(int length)
        {
            var bytes = new byte[length];
            int header = MsgPackSpec.GetStringHeaderEncodedLength(length - 5);
            int written = MsgPackSpec.WriteStringHeader(bytes, length - header);
            for (int i = written; i < length; i++)
            {
                bytes[i] = (byte)('a' + (i * 7 % 26));
            }

            return bytes;
        }

        [Fact]
        public void Lz4Block_is_ext_99_with_the_length_as_int_32_then_one_raw_lz4_block()
        {
            byte[] plain = Text(1000);
            byte[] bytes = Compress(plain, Block);

            ReadOnlySpan<byte> data = MsgPackSpec.ReadExtension(bytes, out ExtensionHeader header, out int read);
            Assert.Equal(bytes.Length, read);
            Assert.Equal(99, header.TypeCode);
            Assert.Equal(0xd2, data[0]);
            Assert.Equal(plain.Length, BinaryPrimitives.ReadInt32BigEndian(data.Slice(1)));
            var decoded = new byte[plain.Length];
            Assert.Equal(plain.Length, LZ4Codec.Decode(data.Slice(5), decoded));
            Assert.Equal(plain, decoded);
            Assert.True(bytes.Length < plain.Length / 4);
        }

        [Fact]
        public void Lz4BlockArray_is_an_array_of_ext_98_holding_the_chunk_lengths_then_one_bin_32_per_chunk()
        {
            byte[] plain = Text((2 * MsgPackLz4.ChunkLength) + 100);
            byte[] bytes = Compress(plain, BlockArray);

            ReadOnlySpan<byte> rest = bytes;
            Assert.Equal(4, MsgPackSpec.ReadArrayHeader(ref rest));
            ReadOnlySpan<byte> lengths = MsgPackSpec.ReadExtension(ref rest, out ExtensionHeader header);
            Assert.Equal(98, header.TypeCode);
            Assert.Equal("CD8000CD800064", Hex.Of(lengths)); // each the smallest integer: uint 16, uint 16, positive fixint
            int offset = 0;
            foreach (int length in new[] { MsgPackLz4.ChunkLength, MsgPackLz4.ChunkLength, 100 })
            {
                Assert.Equal(0xc6, rest[0]); // bin 32 whatever the length
                ReadOnlySpan<byte> block = MsgPackSpec.ReadBinary(ref rest);
                var decoded = new byte[length];
                Assert.Equal(length, LZ4Codec.Decode(block, decoded));
                Assert.Equal(plain.AsSpan(offset, length).ToArray(), decoded);
                offset += length;
            }

            Assert.True(rest.IsEmpty);
        }

        [Theory]
        [MemberData(nameof(Formats))]
        public void Values_shorter_than_the_minimum_stay_plain(MsgPackLz4Format format)
        {
            byte[] short63 = Text(63);
            Assert.Equal(short63, Compress(short63, Options(format)));
            byte[] at64 = Text(64);
            byte[] compressed = Compress(at64, Options(format));
            Assert.NotEqual(at64, compressed);
            Assert.Equal(at64, Decompress(compressed, out _));

            var options = new MsgPackLz4Options { Format = format, MinLength = 1000 };
            byte[] text = Text(999);
            Assert.Equal(text, Compress(text, options));
        }

        [Fact]
        public void A_short_block_takes_the_fixext_header_that_fits_it()
        {
            // 64 bytes of one repeated byte compress to a few bytes: the ext holds 5 + those, written as fixext 16 when
            // that is the length (MessagePack-CSharp writes the smallest header, fixext included).
            for (int length = 64; length < 400; length++)
            {
                var plain = new byte[length];
                plain[0] = 0xc4;
                plain[1] = (byte)(length - 2 > 255 ? 0 : length - 2);
                byte[] bytes = Compress(plain, Block);
                _ = MsgPackSpec.ReadExtension(bytes, out ExtensionHeader header, out int read);
                Assert.Equal(bytes.Length, read);
                Assert.Equal(MsgPackSpec.GetExtensionHeaderEncodedLength(header.Length) + header.Length, bytes.Length);
                Assert.Equal(plain, Decompress(bytes, out _));
            }
        }

        [Theory]
        [InlineData(64, 1)]
        [InlineData(MsgPackLz4.ChunkLength, 1)]
        [InlineData(MsgPackLz4.ChunkLength + 1, 2)]
        [InlineData(10 * MsgPackLz4.ChunkLength, 10)]
        [InlineData((40 * MsgPackLz4.ChunkLength) - 3, 40)]
        public void Lz4BlockArray_cuts_chunks_of_32_KiB(int length, int chunks)
        {
            byte[] plain = Text(length);
            byte[] bytes = Compress(plain, BlockArray);
            Assert.Equal(chunks + 1, MsgPackSpec.ReadArrayHeader(bytes, out _));
            Assert.Equal(plain, Decompress(bytes, out int read));
            Assert.Equal(bytes.Length, read);
            Assert.True(bytes.Length <= MsgPackLz4.GetMaxCompressedLength(length, BlockArray));
        }

        [Theory]
        [MemberData(nameof(Formats))]
        public void Every_raw_door_round_trips_and_reports_what_it_read(MsgPackLz4Format format)
        {
            MsgPackLz4Options options = Options(format);
            foreach (int length in new[] { 1, 63, 64, 65, 1000, MsgPackLz4.ChunkLength + 5, 200_000 })
            {
                byte[] plain = Text(Math.Max(length, 6));

                // span -> span
                var span = new byte[MsgPackLz4.GetMaxCompressedLength(plain.Length, options)];
                int written = MsgPackLz4.Compress(plain, span, options);
                byte[] compressed = span.AsSpan(0, written).ToArray();

                // span -> IBufferWriter, sequence (three segments) -> IBufferWriter: the same bytes
                Assert.Equal(compressed, Compress(plain, options));
                var fromSequence = new ArrayBufferWriter<byte>();
                MsgPackLz4.Compress(Hex.Segments(plain, plain.Length / 3, 2 * plain.Length / 3), fromSequence, options);
                Assert.Equal(compressed, fromSequence.WrittenSpan.ToArray());

                // What follows the value is left alone; both read doors say where the value ended.
                byte[] followed = [.. compressed, 0xc0, 0xc3];
                Assert.Equal(plain, Decompress(followed, out int read));
                Assert.Equal(compressed.Length, read);
                var output = new ArrayBufferWriter<byte>();
                long readSequence = MsgPackLz4.Decompress(Hex.Segments(followed, 1, followed.Length / 2, followed.Length - 3), output);
                Assert.Equal(compressed.Length, readSequence);
                Assert.Equal(plain, output.WrittenSpan.ToArray());
            }
        }

        [Fact]
        public void Plain_MessagePack_is_read_as_it_is()
        {
            foreach (string hex in new[] { "c0", "93 01 02 03", "91 d4 61 00", "92 01 d4 62 00", "d4 62 00", "d6 ff 00 00 00 01", "c7 01 64 00", "90" })
            {
                byte[] plain = Hex.ToBytes(hex);
                byte[] followed = [.. plain, 0x01];
                Assert.Equal(plain, Decompress(followed, out int read));
                Assert.Equal(plain.Length, read);
            }
        }

        [Fact]
        public void A_block_that_straddles_the_segments_of_a_sequence_reads_as_in_one_span()
        {
            byte[] plain = Text(5000);
            foreach (MsgPackLz4Options options in new[] { Block, BlockArray })
            {
                byte[] compressed = Compress(plain, options);
                for (int cut = 1; cut < compressed.Length; cut += 7)
                {
                    var output = new ArrayBufferWriter<byte>();
                    Assert.Equal(compressed.Length, MsgPackLz4.Decompress(Hex.Segments(compressed, cut, cut + 3), output, options));
                    Assert.Equal(plain, output.WrittenSpan.ToArray());
                }
            }
        }

        [Fact]
        public void The_options_check_what_they_are_given()
        {
            var options = new MsgPackLz4Options();
            Assert.Equal(MsgPackLz4Format.Lz4BlockArray, options.Format);
            Assert.Equal(64, options.MinLength);
            Assert.Equal(64 * 1024 * 1024, options.MaxDecompressedLength);
            Assert.Throws<ArgumentOutOfRangeException>(() => options.MinLength = 0);
            Assert.Throws<ArgumentOutOfRangeException>(() => options.MaxDecompressedLength = -1);
            Assert.Throws<ArgumentOutOfRangeException>(() => options.Format = (MsgPackLz4Format)7);
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackLz4.GetMaxCompressedLength(-1));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackLz4.GetMaxCompressedLength(int.MaxValue - 10));
            Assert.Throws<ArgumentException>(() => MsgPackLz4.Compress(Text(100), new byte[10]));
            Assert.Throws<ArgumentNullException>(() => MsgPackLz4.Compress(Text(100), (IBufferWriter<byte>)null!));
            Assert.Throws<ArgumentNullException>(() => MsgPackLz4.Decompress(Text(100), (IBufferWriter<byte>)null!));
        }
    }
}
