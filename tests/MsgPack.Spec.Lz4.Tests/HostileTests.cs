using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using Xunit;

namespace MsgPack.Spec.Lz4.Tests
{
    /// <summary>
    /// Compressed values built to lie: every one fails with a <see cref="MsgPackException"/> that says what is wrong,
    /// before the destination is asked for anything, and allocating no more than the input justifies.
    /// </summary>
    public class HostileTests
    {
        /// <summary>A buffer writer that records what it is asked for and writes nowhere.</summary>
        private sealed class WatchingWriter : IBufferWriter<byte>
        {
            private readonly ArrayBufferWriter<byte> _inner = new();

            public int Requests { get; private set; }

            public int Largest { get; private set; }

            public ReadOnlySpan<byte> Written => _inner.WrittenSpan;

            public void Advance(int count) => _inner.Advance(count);

            public Memory<byte> GetMemory(int sizeHint = 0) => throw new NotSupportedException();

            public Span<byte> GetSpan(int sizeHint = 0)
            {
                Requests++;
                Largest = Math.Max(Largest, sizeHint);
                return _inner.GetSpan(sizeHint);
            }
        }

        private static byte[] Block(int claimed, ReadOnlySpan<byte> lz4)
        {
            var data = new byte[5 + lz4.Length];
            MsgPackSpec.WriteInt32Exact(data, claimed);
            lz4.CopyTo(data.AsSpan(5));
            var bytes = new byte[MsgPackSpec.GetExtensionEncodedLength(data.Length)];
            MsgPackSpec.WriteExtension(bytes, 99, data);
            return bytes;
        }

        /// <summary>An Lz4BlockArray from its parts: the array count, the ext's lengths as written, the chunks (each a bin 32).</summary>
        private static byte[] BlockArray(uint arrayCount, byte[] lengths, params byte[][] chunks)
        {
            var bytes = new List<byte>();
            var header = new byte[5];
            header[0] = 0xdd;
            BinaryPrimitives.WriteUInt32BigEndian(header.AsSpan(1), arrayCount);
            bytes.AddRange(header);
            var ext = new byte[MsgPackSpec.GetExtensionEncodedLength(lengths.Length)];
            MsgPackSpec.WriteExtension(ext, 98, lengths);
            bytes.AddRange(ext);
            foreach (byte[] chunk in chunks)
            {
                bytes.Add(0xc6);
                var length = new byte[4];
                BinaryPrimitives.WriteUInt32BigEndian(length, (uint)chunk.Length);
                bytes.AddRange(length);
                bytes.AddRange(chunk);
            }

            return bytes.ToArray();
        }

        private static byte[] Lengths(params int[] lengths)
        {
            var bytes = new byte[lengths.Length * 5];
            int written = 0;
            foreach (int length in lengths)
            {
                written += MsgPackSpec.WriteInt32(bytes.AsSpan(written), length);
            }

            return bytes.AsSpan(0, written).ToArray();
        }

        /// <summary>A real LZ4 block of <paramref name="length"/> bytes of text.</summary>
        private static byte[] Lz4(int length)
        {
            var plain = new byte[length];
            for (int i = 0; i < length; i++)
            {
                plain[i] = (byte)('a' + (i % 13));
            }

            var block = new byte[K4os.Compression.LZ4.LZ4Codec.MaximumOutputSize(length)];
            int written = K4os.Compression.LZ4.LZ4Codec.Encode(plain, block);
            return block.AsSpan(0, written).ToArray();
        }

        /// <summary>
        /// Runs every read door on the input: each throws <typeparamref name="TException"/> with a message holding
        /// <paramref name="says"/>, having asked the destination for nothing (unless the failure is in a block's LZ4,
        /// which is found decoding it: then having written nothing), and allocating less than
        /// <paramref name="allocationBound"/> bytes (what the input justifies, plus the exception's own).
        /// </summary>
        private static void Rejects<TException>(byte[] input, string says, MsgPackLz4Options? options = null, long allocationBound = 32 * 1024, bool decodes = false)
            where TException : MsgPackException
        {
            allocationBound += decodes ? 2L * 255 * input.Length : 0;
            // Warm up (the JIT, the pools), then measure the span door.
            for (int round = 0; round < 2; round++)
            {
                var writer = new WatchingWriter();
                long before = GC.GetAllocatedBytesForCurrentThread();
                TException e = Assert.Throws<TException>(() => MsgPackLz4.Decompress(input, writer, options));
                long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                Assert.Contains(says, e.Message, StringComparison.Ordinal);
                Assert.Equal(0, decodes ? writer.Written.Length : writer.Requests);
                Assert.True(allocated < allocationBound, $"{allocated} bytes allocated to reject {input.Length} bytes");
            }

            var sequenceWriter = new WatchingWriter();
            Assert.Throws<TException>(() => MsgPackLz4.Decompress(Hex.Segments(input, input.Length / 3, input.Length / 2), sequenceWriter, options));
            Assert.Equal(0, decodes ? sequenceWriter.Written.Length : sequenceWriter.Requests);
            Assert.Throws<TException>(() => MsgPackLz4.Deserialize<Catalog>(input, out _, options));
            Assert.Throws<TException>(() => MsgPackLz4.Deserialize<Reading>(Hex.Segments(input, 3), options));
        }

        [Fact]
        public void A_claim_over_MaxDecompressedLength_fails_before_anything_is_allocated()
        {
            // 64 MiB + 1 claimed by a 30-byte Lz4Block; and an Lz4BlockArray of two chunks that pass a limit together.
            Rejects<MsgPackLz4LimitException>(Block((64 * 1024 * 1024) + 1, Lz4(100)), "MaxDecompressedLength (67108864)");
            Rejects<MsgPackLz4LimitException>(
                BlockArray(3, Lengths(1000, 1000), Lz4(1000), Lz4(1000)),
                "decompresses to 2000 bytes or more, more than MsgPackLz4Options.MaxDecompressedLength (1500)",
                new MsgPackLz4Options { MaxDecompressedLength = 1500 });

            var options = new MsgPackLz4Options { MaxDecompressedLength = 99 };
            MsgPackLz4LimitException limit = Assert.Throws<MsgPackLz4LimitException>(() => MsgPackLz4.Decompress(Block(100, Lz4(100)), new ArrayBufferWriter<byte>(), options));
            Assert.Equal(100, limit.DecompressedLength);
            Assert.Equal(99, limit.MaxDecompressedLength);

            // At the limit, it reads.
            var output = new ArrayBufferWriter<byte>();
            MsgPackLz4.Decompress(Block(100, Lz4(100)), output, new MsgPackLz4Options { MaxDecompressedLength = 100 });
            Assert.Equal(100, output.WrittenCount);
        }

        [Fact]
        public void A_claim_more_than_the_block_can_expand_to_fails_whatever_the_limit()
        {
            // 10 bytes of LZ4 decode to 2,550 bytes at most: a claim of 10 MB is a lie, told in 20 bytes.
            var generous = new MsgPackLz4Options { MaxDecompressedLength = int.MaxValue - 100 };
            Rejects<MsgPackLz4Exception>(Block(10_000_000, new byte[10]), "more than its 10 bytes of LZ4 can hold", generous);
            Rejects<MsgPackLz4Exception>(BlockArray(2, Lengths(10_000_000), new byte[10]), "Chunk 0 of the Lz4BlockArray claims 10000000", generous);
        }

        [Fact]
        public void A_block_that_decodes_to_another_length_fails()
        {
            byte[] lz4 = Lz4(1000);
            Rejects<MsgPackLz4Exception>(Block(999, lz4), "The Lz4Block is not an LZ4 block that decodes to the 999 bytes it claims", decodes: true);
            Rejects<MsgPackLz4Exception>(Block(1001, lz4), "The Lz4Block decodes to 1000 bytes, but claims 1001", decodes: true);
            Rejects<MsgPackLz4Exception>(BlockArray(3, Lengths(1000, 5), lz4, lz4), "Chunk 1 of the Lz4BlockArray is not an LZ4 block", decodes: true);
            Rejects<MsgPackLz4Exception>(Block(1000, new byte[] { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff }), "The Lz4Block is not an LZ4 block", decodes: true);
            Rejects<MsgPackLz4Exception>(Block(-1, lz4), "negative uncompressed length (-1)");
        }

        [Fact]
        public void Lengths_that_disagree_with_the_chunks_fail()
        {
            byte[] lz4 = Lz4(1000);
            Rejects<MsgPackLz4Exception>(BlockArray(3, Lengths(1000), lz4, lz4), "claims 2 chunks, but its ext (type 98) holds 1 chunk lengths");
            Rejects<MsgPackLz4Exception>(BlockArray(2, Lengths(1000, 1000), lz4), "holds more than the 1 chunk lengths");
            Rejects<MsgPackLz4Exception>(BlockArray(1, Lengths(1000)), "holds more than the 0 chunk lengths");
            Rejects<MsgPackLz4Exception>(BlockArray(3, Lengths(1000, 1000, 1000, 1000), lz4, lz4), "holds more than the 2 chunk lengths");
        }

        [Fact]
        public void A_truncated_chunk_fails_before_anything_is_decoded()
        {
            byte[] lz4 = Lz4(1000);
            byte[] whole = BlockArray(3, Lengths(1000, 1000), lz4, lz4);
            for (int cut = whole.Length - 1; cut > 12; cut -= 3)
            {
                Rejects<MsgPackTruncatedException>(whole.AsSpan(0, cut).ToArray(), "The input ends too early");
            }

            byte[] block = Block(1000, lz4);
            Rejects<MsgPackTruncatedException>(block.AsSpan(0, block.Length - 1).ToArray(), "The input ends too early");

            // A chunk that is not a bin.
            byte[] notBin = BlockArray(2, Lengths(3), Array.Empty<byte>());
            notBin[^5] = 0xdb; // str 32 where the bin 32 was
            Rejects<MsgPackUnexpectedCodeException>(notBin, "Expected");
        }

        [Theory]
        [InlineData(0xffffffffu)]
        [InlineData(0x80000000u)]
        [InlineData(0x7fffffffu)]
        [InlineData(0x7ffffffeu)]
        public void A_chunk_count_near_2_to_the_32_fails_from_the_headers(uint count)
        {
            byte[] lz4 = Lz4(1000);
            byte[] input = BlockArray(count, Lengths(1000, 1000, 1000), lz4, lz4, lz4);
            var e = Assert.ThrowsAny<MsgPackException>(() => MsgPackLz4.Decompress(input, new WatchingWriter()));
            Assert.True(e is MsgPackOverflowException or MsgPackLz4Exception, e.GetType().Name);
            Assert.Contains(count > int.MaxValue ? "does not fit" : "of 9 bytes holds 9 chunk lengths at most", e.Message, StringComparison.Ordinal);
            if (count <= int.MaxValue)
            {
                Rejects<MsgPackLz4Exception>(input, "of 9 bytes holds 9 chunk lengths at most");
            }
        }

        [Theory]
        [InlineData(MsgPackLz4Format.Lz4Block, MsgPackLz4Format.Lz4Block)]
        [InlineData(MsgPackLz4Format.Lz4Block, MsgPackLz4Format.Lz4BlockArray)]
        [InlineData(MsgPackLz4Format.Lz4BlockArray, MsgPackLz4Format.Lz4Block)]
        [InlineData(MsgPackLz4Format.Lz4BlockArray, MsgPackLz4Format.Lz4BlockArray)]
        public void Compression_nested_in_compression_fails(MsgPackLz4Format outer, MsgPackLz4Format inner)
        {
            // A 1 MB catalog compressed, then its compressed bytes compressed again.
            byte[] plain = Samples.Plain(Samples.Catalog(7, 1 << 20));
            var once = new ArrayBufferWriter<byte>();
            MsgPackLz4.Compress(plain, once, new MsgPackLz4Options { Format = inner });
            var twice = new ArrayBufferWriter<byte>();
            MsgPackLz4.Compress(once.WrittenSpan, twice, new MsgPackLz4Options { Format = outer });
            byte[] input = twice.WrittenSpan.ToArray();

            var e = Assert.Throws<MsgPackLz4Exception>(() => MsgPackLz4.Decompress(input, new ArrayBufferWriter<byte>()));
            Assert.Contains("decompresses to another compressed value", e.Message, StringComparison.Ordinal);
            Assert.Throws<MsgPackLz4Exception>(() => MsgPackLz4.Deserialize<Catalog>(input));
            Assert.Throws<MsgPackLz4Exception>(() => MsgPackLz4.Deserialize<Catalog>(Hex.Segments(input, 100, 1000)));

            // Once is fine.
            Assert.Equal(plain.Length, Samples.Plain(MsgPackLz4.Deserialize<Catalog>(once.WrittenSpan)).Length);
        }

        [Fact]
        public void Decompressed_bytes_that_hold_more_than_the_value_fail_in_the_value_doors()
        {
            Reading reading = Samples.Reading(3);
            var plain = new byte[Reading.GetEncodedLength(reading) + 60];
            int written = Reading.Write(plain, reading);
            plain.AsSpan(written).Fill(0xc0);
            var output = new ArrayBufferWriter<byte>();
            MsgPackLz4.Compress(plain, output);
            var e = Assert.Throws<MsgPackLz4Exception>(() => MsgPackLz4.Deserialize<Reading>(output.WrittenSpan));
            Assert.Contains($"decompresses to {plain.Length} bytes, but the value in them ends after {written}", e.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void An_empty_block_ext_fails()
        {
            Rejects<MsgPackLz4Exception>(Hex.ToBytes("c7 00 63"), "has no uncompressed length");
            Rejects<MsgPackTruncatedException>(Array.Empty<byte>(), "The input ends too early");
        }
    }
}
