using System;
using System.Buffers;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Lz4.Tests
{
    /// <summary>The per-thread buffer the value doors write into: a throwing writer and a nested call leave it usable.</summary>
    public class PlainBufferTests
    {
        /// <summary>Writes <see cref="Length"/> bytes of text, or throws when <see cref="Fail"/>; with <see cref="Inner"/>, first serializes that value compressed, from inside its own Write (a nested call).</summary>
        private readonly struct Probe : IMsgPackSerializable<Probe>
        {
            public Probe(int length, bool fail, Catalog? inner = null)
            {
                Length = length;
                Fail = fail;
                Inner = inner;
            }

            public int Length { get; }

            public bool Fail { get; }

            public Catalog? Inner { get; }

            public static void Write(ref MsgPackWriter writer, in Probe value)
            {
                if (value.Inner is not null)
                {
                    // A nested call: the outer call holds the thread's buffer, so this one must get another.
                    writer.WriteBinary(MsgPackLz4.Serialize(value.Inner));
                }

                writer.WriteString(new string('x', value.Length));
                if (value.Fail)
                {
                    throw new InvalidOperationException("the value's writer failed");
                }
            }

            public static void Write(ref Span<byte> destination, in Probe value) => throw new NotSupportedException();

            public static int GetEncodedLength(in Probe value) => throw new NotSupportedException("the value doors do not measure first");

            public static Probe Read(ref MsgPackReader reader, int depth)
            {
                if (reader.PeekMsgPackType() == MsgPackType.Binary)
                {
                    _ = reader.ReadBinary();
                }

                return new Probe(reader.ReadStringHeader() is int length ? length : 0, false);
            }
        }

        [Fact]
        public void A_writer_that_throws_leaves_the_buffer_for_the_next_value()
        {
            var output = new ArrayBufferWriter<byte>();
            Assert.Throws<InvalidOperationException>(() => MsgPackLz4.Serialize(output, new Probe(100_000, fail: true)));
            Assert.Equal(0, output.WrittenCount);
            MsgPackLz4.Serialize(output, new Probe(70_000, fail: false));
            var plain = new ArrayBufferWriter<byte>();
            MsgPackLz4.Decompress(output.WrittenSpan, plain);
            Assert.Equal(70_000 + 5, plain.WrittenCount);
        }

        [Fact]
        public void A_call_inside_a_call_gets_a_buffer_of_its_own()
        {
            Catalog inner = Samples.Catalog(9, 50_000);
            byte[] bytes = MsgPackLz4.Serialize(new Probe(3000, fail: false, inner));
            var plain = new ArrayBufferWriter<byte>();
            MsgPackLz4.Decompress(bytes, plain);
            ReadOnlySpan<byte> rest = plain.WrittenSpan;
            ReadOnlySpan<byte> innerBytes = MsgPackSpec.ReadBinary(ref rest);
            Assert.Equal(Samples.Plain(inner), Samples.Plain(MsgPackLz4.Deserialize<Catalog>(innerBytes)));
            Assert.Equal(3000, MsgPackSpec.ReadStringHeader(ref rest));
            Assert.Equal(3000, rest.Length);
        }

        [Fact]
        public void Values_of_growing_and_shrinking_lengths_are_written_whole()
        {
            foreach (int length in new[] { 10, 300, 100_000, 20, 2_000_000, 50, 40_000 })
            {
                Catalog catalog = Samples.Catalog(length, length);
                byte[] plain = Samples.Plain(catalog);
                var output = new ArrayBufferWriter<byte>();
                MsgPackLz4.Serialize(output, catalog);
                var back = new ArrayBufferWriter<byte>();
                MsgPackLz4.Decompress(output.WrittenSpan, back);
                Assert.Equal(plain, back.WrittenSpan.ToArray());
            }
        }
    }
}
