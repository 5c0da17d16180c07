using System;
using System.Buffers;
using System.Linq;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Text
{
    /// <summary>
    /// MsgPackDump: golden dumps of every format family, of several values in a row and of bad input (everything up to
    /// the first problem, then the validator's offset and reason), the same dump over every split of a sequence, the
    /// limits, and random and damaged input that never makes it throw.
    /// </summary>
    public class MsgPackDumpTests
    {
        [Fact]
        public void Every_family_has_its_line()
        {
            byte[] input = Hex.ToBytes(
                "dc 00 17" +                                   // array 16(23)
                "c0 c3 c2 05 e0 cc c8 d0 80 cd 01 00 d1 80 00" +
                "ce 00 01 11 70 d2 ff fe ee 90" +
                "cf ff ff ff ff ff ff ff ff d3 80 00 00 00 00 00 00 00" +
                "ca 3f c0 00 00 cb 3f b9 99 99 99 99 99 9a" +
                "a2 69 64 d9 03 61 0a 62" +
                "c4 03 01 02 03 d4 05 09" +
                "d6 ff 65 5f 3e c0 c7 0c ff 00 00 00 01 ff ff ff ff ff ff ff ff" +
                "92 01 80 dc 00 00");
            string expected = string.Join("\n", new[]
            {
                "00000000  array 16(23)",
                "00000003    nil",
                "00000004    true",
                "00000005    false",
                "00000006    positive fixint 5",
                "00000007    negative fixint -32",
                "00000008    uint 8 200",
                "0000000a    int 8 -128",
                "0000000c    uint 16 256",
                "0000000f    int 16 -32768",
                "00000012    uint 32 70000",
                "00000017    int 32 -70000",
                "0000001c    uint 64 18446744073709551615",
                "00000025    int 64 -9223372036854775808",
                "0000002e    float 32 1.5",
                "00000033    float 64 0.1",
                "0000003c    fixstr (len 2) \"id\"",
                "0000003f    str 8 (len 3) \"a\\nb\"",
                "00000044    bin 8 (len 3) 01 02 03",
                "00000049    fixext 1 (type 5, 1 byte) 09",
                "0000004c    timestamp 32 2023-11-23T12:00:00Z",
                "00000052    timestamp 96 1969-12-31T23:59:59.000000001Z",
                "00000061    fixarray(2)",
                "00000062      positive fixint 1",
                "00000063      fixmap(0)",
                "00000064    array 16(0)",
                string.Empty,
            });
            Assert.Equal(expected, MsgPackDump.ToText(input));
            for (int at = 0; at <= input.Length; at += 7)
            {
                Assert.Equal(expected, MsgPackDump.ToText(Sequences.SplitAt(input, at)));
            }

            Assert.Equal(expected, MsgPackDump.ToText(Sequences.Split(input, 1, withEmpty: true)));
            for (int at = 0; at <= input.Length; at += 7)
            {
                var reader = new MsgPackReader(Sequences.SplitAt(input, at));
                Assert.Equal(expected, MsgPackDump.ToText(reader.ReadBytes(input.Length)));
            }
        }

        [Fact]
        public void Several_values_are_shown_one_after_another()
        {
            // A Tarantool response: the size (ce + 4 bytes), the header {code: 0, sync: 7}, the body {0x30: [[1, "a"]]}.
            byte[] input = Hex.ToBytes("ce 00 00 00 0f 82 00 ce 00 00 00 00 01 cf 00 00 00 00 00 00 00 07 81 30 dd 00 00 00 01 92 01 a1 61");
            Assert.Equal(string.Join("\n", new[]
            {
                "00000000  uint 32 15",
                "00000005  fixmap(2)",
                "00000006    positive fixint 0",
                "00000007    uint 32 0",
                "0000000c    positive fixint 1",
                "0000000d    uint 64 7",
                "00000016  fixmap(1)",
                "00000017    positive fixint 48",
                "00000018    array 32(1)",
                "0000001d      fixarray(2)",
                "0000001e        positive fixint 1",
                "0000001f        fixstr (len 1) \"a\"",
                string.Empty,
            }), MsgPackDump.ToText(input));
        }

        [Theory]
        [InlineData("92 01 c1 02", "00000000  fixarray(2)\n00000001    positive fixint 1\n00000002  error: a value starts with 0xc1, which the specification never uses\n")]
        [InlineData("93 01 02", "00000000  fixarray(3)\n00000001    positive fixint 1\n00000002    positive fixint 2\n00000003  error: the input ends inside a value\n")]
        [InlineData("82 a1 61 a2 c3 28 01 02", "00000000  fixmap(2)\n00000001    fixstr (len 1) \"a\"\n00000003  error: a str value is not valid UTF-8\n")]
        [InlineData("c4 10 01 02", "00000000  error: a header announces more than the rest of the input holds\n")]
        [InlineData("", "")]
        public void Bad_input_shows_what_comes_before_the_problem_and_the_reason(string hex, string expected)
        {
            Assert.Equal(expected, MsgPackDump.ToText(Hex.ToBytes(hex)));
        }

        [Fact]
        public void Previews_are_cut_at_the_width_and_at_a_character()
        {
            var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            writer.WriteString("ппппп"); // 10 bytes
            writer.WriteBinary(Enumerable.Range(0, 10).Select(i => (byte)i).ToArray());
            writer.Flush();
            var options = new MsgPackTextOptions { PreviewWidth = 5 };
            Assert.Equal(
                "00000000  fixstr (len 10) \"пп\"...\n0000000b  bin 8 (len 10) 00 01 02 03 04 ...\n",
                MsgPackDump.ToText(output.WrittenSpan, options));
        }

        [Fact]
        public void Depth_and_output_are_bounded()
        {
            byte[] deep = new byte[100];
            deep.AsSpan().Fill(0x91);
            string dump = MsgPackDump.ToText(deep);
            Assert.Equal(65, dump.Split('\n').Length - 1); // 64 levels, then the error line
            Assert.EndsWith("error: arrays and maps nest deeper than allowed\n", dump);

            var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            writer.WriteArrayHeader(30_000);
            for (int i = 0; i < 30_000; i++)
            {
                writer.WriteString("a value of some length");
            }

            writer.Flush();
            Assert.True(output.WrittenCount > 600_000);
            string whole = MsgPackDump.ToText(output.WrittenSpan);
            Assert.Equal(30_002, whole.Split('\n').Length);
            string bounded = MsgPackDump.ToText(output.WrittenSpan, new MsgPackTextOptions { MaxOutputLength = 10_000 });
            Assert.True(bounded.Length < 10_200);
            Assert.EndsWith("MaxOutputLength (10000) reached\n", bounded);
        }

        [Fact]
        public void Random_and_damaged_input_never_makes_the_dump_throw_or_the_json_throw_anything_undocumented()
        {
            var random = new Random(17);
            byte[] sample = Hex.ToBytes("83 a2 69 64 cd 01 00 a4 6e 61 6d 65 d9 05 68 65 6c 6c 6f a4 74 61 67 73 93 c3 cb 3f f8 00 00 00 00 00 00 d6 ff 00 00 00 01");
            for (int trial = 0; trial < 20_000; trial++)
            {
                byte[] input = trial % 2 == 0 ? (byte[])sample.Clone() : new byte[random.Next(40)];
                if (trial % 2 == 0)
                {
                    for (int k = random.Next(1, 4); k > 0; k--)
                    {
                        input[random.Next(input.Length)] = (byte)random.Next(256);
                    }

                    input = input.AsSpan(0, random.Next(input.Length + 1)).ToArray();
                }
                else
                {
                    random.NextBytes(input);
                }

                MsgPackDump.ToText(input);
                MsgPackDump.ToText(Sequences.Split(input, 3, withEmpty: false));
                try
                {
                    MsgPackJson.ToJson(input);
                }
                catch (MsgPackException)
                {
                }
            }
        }
    }
}
