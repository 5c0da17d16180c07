using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using K4os.Compression.LZ4;
using MsgPack.Spec.Fuzzing;
using Xunit;

namespace MsgPack.Spec.Lz4.Tests
{
    /// <summary>
    /// The package's own LZ4 block encoder (Lz4BlockEncoder): every block it writes obeys the LZ4 block format's rules
    /// (checked here by a parser of the format, sequence by sequence), decodes by K4os.Compression.LZ4's decoder and by
    /// the package's reading doors to the bytes it was given, and is not much longer than K4os's own. Equality with
    /// MessagePack-CSharp's blocks is in tests/MsgPack.Spec.Interop.Tests (Lz4InteropTests), which has the peer.
    /// </summary>
    public class Lz4BlockEncoderTests
    {
        /// <summary>Lengths around every limit: the 13 bytes below which nothing matches, the 16-bit table's 65,547, a chunk, a megabyte.</summary>
        public static TheoryData<int> Lengths()
        {
            var data = new TheoryData<int>();
            foreach (int length in new[] { 0, 1, 4, 5, 11, 12, 13, 14, 15, 16, 19, 20, 31, 64, 255, 270, 271, 4096, 32768, 65535, 65536, 65546, 65547, 65548, 100_000, (1 << 20) + 13 })
            {
                data.Add(length);
            }

            return data;
        }

        /// <summary>The kinds of input: random (incompressible), all zero, short repeats, few symbols, a catalog, and a random block repeated at offsets near 65,535.</summary>
        public static IEnumerable<(string Name, byte[] Bytes)> Inputs(int length, int seed)
        {
            var random = new Random(seed);
            var noise = new byte[length];
            random.NextBytes(noise);
            yield return ("random", noise);
            yield return ("zero", new byte[length]);
            yield return ("abcabcabd", Enumerable.Range(0, length).Select(i => (byte)"abcabcabd"[i % 9]).ToArray());
            yield return ("four symbols", Enumerable.Range(0, length).Select(_ => (byte)random.Next(4)).ToArray());
            byte[] catalog = Samples.Plain(Samples.Catalog(seed, length + 64));
            yield return ("catalog", catalog.AsSpan(0, Math.Min(length, catalog.Length)).ToArray());
            foreach (int period in new[] { 65534, 65535, 65536 })
            {
                var block = new byte[period];
                random.NextBytes(block);
                yield return ($"repeat every {period}", Enumerable.Range(0, length).Select(i => block[i % period]).ToArray());
            }
        }

        [Theory]
        [MemberData(nameof(Lengths))]
        public void Every_block_is_valid_LZ4_that_both_decoders_read_back(int length)
        {
            foreach ((string name, byte[] input) in Inputs(length, length))
            {
                byte[] block = Encode(input);
                Assert.True(block.Length <= Lz4BlockEncoder.GetMaxLength(input.Length), name);
                CheckFormat(input, block, name);
                Assert.True(input.AsSpan().SequenceEqual(DecodeByK4os(block, input.Length)), $"{name}, {length} bytes: K4os decodes other bytes");
                // (An empty block is never framed: values under MinLength, 64 at least, are written plain.)
                Assert.True(length == 0 || input.AsSpan().SequenceEqual(DecodeByUs(input, block)), $"{name}, {length} bytes: MsgPackLz4 decodes other bytes");
            }
        }

        [Fact]
        public void Long_runs_take_length_bytes_and_offsets_reach_65535()
        {
            // All zero: one match as long as the input allows (a literal, then offset 1 and a run of 255s).
            var zero = new byte[100_000];
            byte[] block = Encode(zero);
            List<Sequence> sequences = CheckFormat(zero, block, "zero");
            Assert.Equal(1, sequences[0].Literals);
            Assert.Equal(1, sequences[0].Offset);
            Assert.Equal(100_000 - 1 - 5, sequences[0].MatchLength);
            Assert.Equal(5, sequences[^1].Literals);

            // A random block of 65,535 bytes twice: the second is one match 65,535 back (the farthest an offset reaches).
            var random = new Random(7);
            var half = new byte[65535];
            random.NextBytes(half);
            byte[] twice = half.Concat(half).ToArray();
            sequences = CheckFormat(twice, Encode(twice), "twice");
            Assert.Contains(sequences, s => s.Offset == 65535 && s.MatchLength > 60_000);

            // 65,536 apart is out of reach: nothing matches.
            half = new byte[65536];
            random.NextBytes(half);
            twice = half.Concat(half).ToArray();
            sequences = CheckFormat(twice, Encode(twice), "too far");
            Assert.DoesNotContain(sequences, s => s.MatchLength > 100);
        }

        [Fact]
        public void Ratio_is_near_K4os()
        {
            // The matching rules are MessagePack-CSharp's (a smaller table than K4os's): a few percent longer, not more.
            byte[] catalog = Samples.Plain(Samples.Catalog(3, 1 << 20));
            long ours = 0;
            long theirs = 0;
            for (int start = 0; start < catalog.Length; start += MsgPackLz4.ChunkLength)
            {
                ReadOnlySpan<byte> chunk = catalog.AsSpan(start, Math.Min(MsgPackLz4.ChunkLength, catalog.Length - start));
                ours += Encode(chunk.ToArray()).Length;
                var k4os = new byte[LZ4Codec.MaximumOutputSize(chunk.Length)];
                theirs += LZ4Codec.Encode(chunk, k4os, LZ4Level.L00_FAST);
            }

            Assert.InRange(ours, theirs * 9 / 10, theirs * 11 / 10);
            Assert.True(ours < catalog.Length / 2, $"{ours} of {catalog.Length}");
        }

        [Fact]
        public void A_destination_shorter_than_the_bound_is_an_argument_error()
        {
            var input = new byte[1000];
            var destination = new byte[Lz4BlockEncoder.GetMaxLength(input.Length) - 1];
            Assert.Throws<ArgumentException>(() => Lz4BlockEncoder.Encode(input, destination));
        }

        [Fact]
        public void Encoding_allocates_nothing()
        {
            byte[] input = Samples.Plain(Samples.Catalog(5, 200_000));
            var destination = new byte[Lz4BlockEncoder.GetMaxLength(input.Length)];
            Lz4BlockEncoder.Encode(input, destination);
            Lz4BlockEncoder.Encode(input.AsSpan(0, 30_000), destination);
            long before = GC.GetAllocatedBytesForCurrentThread();
            Lz4BlockEncoder.Encode(input, destination);
            Lz4BlockEncoder.Encode(input.AsSpan(0, 30_000), destination);
            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        /// <summary>The fuzz engine's mutations of the fuzz corpus, each encoded and decoded back by both decoders.</summary>
        [Theory]
        [InlineData(11UL)]
        [InlineData(12UL)]
        public void Fuzzed_inputs_round_trip(ulong seed)
        {
            var mutator = new FuzzMutator(seed, Lz4FuzzTarget.Corpus());
            for (int i = 0; i < 2000; i++)
            {
                byte[] input = mutator.Next();
                byte[] block = Encode(input);
                CheckFormat(input, block, $"input {i}");
                Assert.True(input.AsSpan().SequenceEqual(DecodeByK4os(block, input.Length)), $"input {i} ({input.Length} bytes)");
            }
        }

        private static byte[] Encode(byte[] input)
        {
            // Room past the bound, filled with a marker: the encoder writes nothing there.
            var destination = new byte[Lz4BlockEncoder.GetMaxLength(input.Length) + 64];
            destination.AsSpan().Fill(0xA5);
            int length = Lz4BlockEncoder.Encode(input, destination.AsSpan(0, Lz4BlockEncoder.GetMaxLength(input.Length)));
            Assert.True(destination.AsSpan(Lz4BlockEncoder.GetMaxLength(input.Length)).ToArray().All(b => b == 0xA5));
            return destination.AsSpan(0, length).ToArray();
        }

        private static byte[] DecodeByK4os(byte[] block, int length)
        {
            var output = new byte[length];
            if (length > 0)
            {
                Assert.Equal(length, LZ4Codec.Decode(block, output));
            }

            return output;
        }

        /// <summary>Through the package's reading door: the block in an Lz4Block frame (the length as d2, then the block).</summary>
        private static byte[] DecodeByUs(byte[] input, byte[] block)
        {
            var frame = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(frame);
            writer.WriteExtensionHeader(new ExtensionHeader(99, 5 + block.Length));
            writer.WriteRaw(new byte[] { 0xd2, (byte)(input.Length >> 24), (byte)(input.Length >> 16), (byte)(input.Length >> 8), (byte)input.Length });
            writer.WriteRaw(block);
            writer.Flush();
            var output = new ArrayBufferWriter<byte>();
            MsgPackLz4.Decompress(frame.WrittenSpan, output, new MsgPackLz4Options { MaxDecompressedLength = 1 << 30 });
            return output.WrittenSpan.ToArray();
        }

        private readonly record struct Sequence(int Start, int Literals, int Offset, int MatchLength);

        /// <summary>
        /// Parses the block by the format and checks its rules: lengths whose bytes are 255 until the last; offsets of 1
        /// to 65,535 that point into what is decoded; matches of 4 bytes or more that start 12 bytes or more before the
        /// end and end 5 bytes or more before it; a last sequence of literals only (all of a short input, or 5 at least).
        /// </summary>
        private static List<Sequence> CheckFormat(byte[] input, byte[] block, string name)
        {
            var sequences = new List<Sequence>();
            int i = 0;
            int position = 0;
            while (true)
            {
                Assert.True(i < block.Length, $"{name}: the block ends without its last sequence");
                int token = block[i++];
                int literals = ReadLength(block, ref i, token >> 4);
                i += literals;
                position += literals;
                if (i == block.Length)
                {
                    Assert.Equal(0, token & 15);
                    Assert.Equal(input.Length, position);
                    Assert.True(input.Length < 13 ? literals == input.Length : literals >= 5, $"{name}: the last literals are {literals}");
                    sequences.Add(new Sequence(position - literals, literals, 0, 0));
                    return sequences;
                }

                int offset = block[i] | (block[i + 1] << 8);
                i += 2;
                int matchLength = ReadLength(block, ref i, token & 15) + 4;
                Assert.InRange(offset, 1, Math.Min(65535, position));
                Assert.True(position <= input.Length - 12, $"{name}: a match starts at {position} of {input.Length}");
                Assert.True(position + matchLength <= input.Length - 5, $"{name}: a match ends at {position + matchLength} of {input.Length}");
                sequences.Add(new Sequence(position - literals, literals, offset, matchLength));
                position += matchLength;
            }
        }

        private static int ReadLength(byte[] block, ref int i, int nibble)
        {
            int length = nibble;
            if (nibble == 15)
            {
                byte next;
                do
                {
                    next = block[i++];
                    length += next;
                }
                while (next == 255);
            }

            return length;
        }

        [Fact]
        public void The_netstandard_first_differing_byte_agrees_with_TrailingZeroCount()
        {
            // Every lowest set bit, under random bits above it (the netstandard2.0 build's helper, run here on .NET 10).
            var random = new Random(42);
            for (int bit = 0; bit < 64; bit++)
            {
                for (int i = 0; i < 50; i++)
                {
                    ulong above = (((ulong)random.Next() << 33) ^ ((ulong)random.Next() << 2)) << bit;
                    ulong difference = (1UL << bit) | above;
                    Assert.Equal(bit >> 3, Lz4BlockEncoder.FirstDifferentBytePortable(difference));
                    Assert.Equal(System.Numerics.BitOperations.TrailingZeroCount(difference) >> 3, Lz4BlockEncoder.FirstDifferentBytePortable(difference));
                }
            }
        }
    }
}
