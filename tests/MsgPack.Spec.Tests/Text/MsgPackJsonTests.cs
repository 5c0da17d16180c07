using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;
using System.Text.Json;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Text
{
    /// <summary>
    /// MsgPackJson: the text of every format family and of what JSON cannot say (the conventions in its remarks),
    /// valid JSON for random documents, the same text over a span and over every split of a sequence, and bad input
    /// and the limits reported by the documented exceptions.
    /// </summary>
    public class MsgPackJsonTests
    {
        public static TheoryData<string, string> Golden => new TheoryData<string, string>
        {
            { "c0", "null" },
            { "c3", "true" },
            { "c2", "false" },
            { "00", "0" },
            { "7f", "127" },
            { "e0", "-32" },
            { "cc ff", "255" },
            { "d1 ff 7f", "-129" },
            { "ce 00 01 00 00", "65536" },
            { "cf ff ff ff ff ff ff ff ff", "18446744073709551615" },
            { "d3 80 00 00 00 00 00 00 00", "-9223372036854775808" },
            { "cb 3f f8 00 00 00 00 00 00", "1.5" },
            { "ca 3d cc cc cd", "0.1" },
            { "cb 3f b9 99 99 99 99 99 9a", "0.1" },
            { "cb 80 00 00 00 00 00 00 00", "-0" },
            { "cb 7f f8 00 00 00 00 00 00", "\"NaN\"" },
            { "cb 7f f0 00 00 00 00 00 00", "\"Infinity\"" },
            { "ca ff 80 00 00", "\"-Infinity\"" },
            { "cb 44 b5 2d 02 c7 e1 4a f6", "1E+23" },
            { "a0", "\"\"" },
            { "a2 69 64", "\"id\"" },
            { "a7 61 22 62 5c 63 0a 01", "\"a\\\"b\\\\c\\n\\u0001\"" },
            { "a4 d0 bf d1 80", "\"пр\"" },
            { "a4 f0 9f 98 80", "\"😀\"" },
            { "c4 03 01 02 03", "\"AQID\"" },
            { "c4 00", "\"\"" },
            { "d5 03 01 02", "{\"$ext\":3,\"data\":\"AQI=\"}" },
            { "c7 00 05", "{\"$ext\":5,\"data\":\"\"}" },
            { "d6 ff 00 00 00 00", "\"1970-01-01T00:00:00Z\"" },
            { "d6 ff 65 5f 3e c0", "\"2023-11-23T12:00:00Z\"" },
            { "d7 ff 1d 6f 34 54 65 5f 3e c0", "\"2023-11-23T12:00:00.123456789Z\"" },
            { "c7 0c ff 00 00 00 01 ff ff ff ff ff ff ff ff", "\"1969-12-31T23:59:59.000000001Z\"" },
            { "c7 0c ff 00 00 00 00 7f ff ff ff ff ff ff ff", "{\"$timestamp\":{\"seconds\":9223372036854775807,\"nanoseconds\":0}}" },
            { "90", "[]" },
            { "80", "{}" },
            { "93 01 a1 61 c0", "[1,\"a\",null]" },
            { "82 a2 69 64 2a a4 6e 61 6d 65 a3 41 64 61", "{\"id\":42,\"name\":\"Ada\"}" },
            { "82 01 02 c3 c0", "{\"1\":2,\"true\":null}" },
            { "81 92 01 a1 78 90", "{\"[1,\\\"x\\\"]\":[]}" },
            { "81 c0 81 a1 61 90", "{\"null\":{\"a\":[]}}" },
            { "82 a1 6b 01 a1 6b 02", "{\"k\":1,\"k\":2}" },
            { "92 91 91 90 81 a1 61 91 80", "[[[[]]],{\"a\":[{}]}]" },
            { "dc 00 02 dd 00 00 00 01 c0 de 00 00", "[[null],{}]" },
        };

        [Theory]
        [MemberData(nameof(Golden))]
        public void Every_family_renders_as_documented(string hex, string json)
        {
            byte[] input = Hex.ToBytes(hex);
            Assert.Equal(json, MsgPackJson.ToJson(input));
            Assert.Equal(json, MsgPackJson.ToJson(new ReadOnlySequence<byte>(input)));
            for (int at = 0; at <= input.Length; at++)
            {
                Assert.Equal(json, MsgPackJson.ToJson(Sequences.SplitAt(input, at)));
            }

            Assert.Equal(json, MsgPackJson.ToJson(Sequences.Split(input, 1, withEmpty: true)));

            // A value read raw, in one span or across segments, behind a value that is not rendered.
            byte[] framed = [0xc3, .. input];
            for (int at = 0; at <= framed.Length; at++)
            {
                var reader = new MsgPackReader(Sequences.SplitAt(framed, at));
                reader.Skip();
                Assert.Equal(json, MsgPackJson.ToJson(reader.ReadRaw()));
            }
        }

        [Fact]
        public void Random_documents_render_as_valid_json_with_the_same_values()
        {
            var random = new Random(5);
            for (int trial = 0; trial < 300; trial++)
            {
                var output = new PooledBufferWriter();
                var writer = new MsgPackWriter(output);
                var expected = new StringBuilder();
                WriteRandom(ref writer, random, 0, expected);
                writer.Flush();
                string json = MsgPackJson.ToJson(output.WrittenSpan);
                Assert.Equal(expected.ToString(), json);
                using JsonDocument parsed = JsonDocument.Parse(json);
                Assert.Equal(json, MsgPackJson.ToJson(Sequences.Split(output.WrittenSpan.ToArray(), 7, withEmpty: false)));
            }
        }

#if !LIBRARY_NETSTANDARD
        [Fact]
        public void A_document_embeds_in_a_utf8_json_writer()
        {
            var output = new System.Buffers.ArrayBufferWriter<byte>();
            using (var json = new Utf8JsonWriter(output))
            {
                json.WriteStartObject();
                json.WritePropertyName("request");
                MsgPackJson.WriteJson(Hex.ToBytes("82 a2 69 64 2a c4 02 01 02 c0"), json);
                json.WriteNumber("n", 1);
                json.WriteEndObject();
            }

            // A bin key is its JSON text, a base64 string, as a string.
            Assert.Equal("{\"request\":{\"id\":42,\"\\\"AQI=\\\"\":null},\"n\":1}", Encoding.UTF8.GetString(output.WrittenSpan));
        }
#endif

        [Fact]
        public void A_document_of_a_mebibyte_renders_whole()
        {
            var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            writer.WriteArrayHeader(22_000);
            for (int i = 0; i < 22_000; i++)
            {
                writer.WriteMapHeader(1);
                writer.WriteString("value");
                writer.WriteString(new string((char)('a' + (i % 26)), 40));
            }

            writer.Flush();
            Assert.True(output.WrittenCount > 1_000_000);
            string json = MsgPackJson.ToJson(output.WrittenSpan);
            using JsonDocument parsed = JsonDocument.Parse(json);
            Assert.Equal(22_000, parsed.RootElement.GetArrayLength());
            Assert.Equal(new string('z', 40), parsed.RootElement[25].GetProperty("value").GetString());
        }

        [Theory]
        [InlineData("", typeof(MsgPackTruncatedException))]
        [InlineData("92 01", typeof(MsgPackTruncatedException))]
        [InlineData("dd 00 00 ff ff", typeof(MsgPackTruncatedException))]
        [InlineData("dd ff ff ff ff", typeof(MsgPackOverflowException))]
        [InlineData("df 00 00 ff ff a1 61", typeof(MsgPackTruncatedException))]
        [InlineData("a3 61 62", typeof(MsgPackTruncatedException))]
        [InlineData("c1", typeof(MsgPackUnexpectedCodeException))]
        [InlineData("92 01 c1", typeof(MsgPackUnexpectedCodeException))]
        [InlineData("a2 c3 28", typeof(MsgPackInvalidUtf8Exception))]
        [InlineData("81 a1 ff 01", typeof(MsgPackInvalidUtf8Exception))]
        [InlineData("d6 ff 3b 9a ca 00 00 00 00 00", typeof(MsgPackException))]
        [InlineData("c7 0c ff 3b 9a ca 00 00 00 00 00 00 00 00 00", typeof(MsgPackInvalidTimestampException))]
        [InlineData("01 02", typeof(MsgPackException))]
        public void Bad_input_throws_the_documented_exception(string hex, Type expected)
        {
            byte[] input = Hex.ToBytes(hex);
            Exception thrown = Assert.ThrowsAny<MsgPackException>(() => MsgPackJson.ToJson(input));
            Assert.IsAssignableFrom(expected, thrown);
            Exception fromSequence = Assert.ThrowsAny<MsgPackException>(() => MsgPackJson.ToJson(Sequences.Split(input, 1, withEmpty: true)));
            Assert.Equal(thrown.GetType(), fromSequence.GetType());
        }

        [Fact]
        public void Nesting_deeper_than_the_limit_throws_before_reading_on()
        {
            byte[] deep = new byte[100];
            deep.AsSpan().Fill(0x91);
            var limit = Assert.Throws<MsgPackTextLimitException>(() => MsgPackJson.ToJson(deep));
            Assert.Contains("MaxDepth (64)", limit.Message);

            byte[] ok = new byte[11];
            ok.AsSpan(0, 10).Fill(0x91);
            ok[10] = 0xc0;
            Assert.Equal("[[[[[[[[[[null]]]]]]]]]]", MsgPackJson.ToJson(ok, new MsgPackTextOptions { MaxDepth = 10 }));
            Assert.Throws<MsgPackTextLimitException>(() => MsgPackJson.ToJson(ok, new MsgPackTextOptions { MaxDepth = 9 }));

            // Keys count: a map key that is an array is one level deeper.
            byte[] keyed = Hex.ToBytes("81 91 91 c0 c0");
            Assert.Equal("{\"[[null]]\":null}", MsgPackJson.ToJson(keyed, new MsgPackTextOptions { MaxDepth = 3 }));
            Assert.Throws<MsgPackTextLimitException>(() => MsgPackJson.ToJson(keyed, new MsgPackTextOptions { MaxDepth = 2 }));
        }

        [Fact]
        public void A_key_inside_keys_is_escaped_once_per_level_as_it_is_written()
        {
            // {{"\"":1}:2}: the inner key's quote is escaped as text of a str, then once more as text of the outer key.
            Assert.Equal("{\"{\\\"\\\\\\\"\\\":1}\":2}", MsgPackJson.ToJson(Hex.ToBytes("81 81 a1 22 01 02")));

            // Twelve maps, each the key of the one around it, the innermost keyed by a str with every kind of escape:
            // its quote takes 2^12 - 1 backslashes (runs longer than a span the writer reserves at once).
            const string Text = "q\"b\\n\nt\tu\u0001e\u00e9";
            const int Levels = 12;
            var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            for (int level = 0; level < Levels; level++)
            {
                writer.WriteMapHeader(1);
            }

            writer.WriteString(Text);
            for (int level = 0; level < Levels; level++)
            {
                writer.WriteNil();
            }

            writer.Flush();
            byte[] input = output.WrittenSpan.ToArray();
            string expected = "{" + Quoted(Text) + ":null}";
            for (int level = 1; level < Levels; level++)
            {
                expected = "{" + Quoted(expected) + ":null}";
            }

            var options = new MsgPackTextOptions { MaxDepth = Levels };
            string json = MsgPackJson.ToJson(input, options);
            Assert.Equal(expected, json);
            Assert.Equal(expected, MsgPackJson.ToJson(Sequences.Split(input, 1, withEmpty: true), options));
            Assert.Contains(new string('\\', (1 << Levels) - 1) + "\"", json, StringComparison.Ordinal);

            // System.Text.Json, unquoting the keys level by level, finds the str again.
            string name = json;
            for (int level = 0; level < Levels; level++)
            {
                using JsonDocument document = JsonDocument.Parse(name);
                name = Assert.Single(document.RootElement.EnumerateObject()).Name;
            }

            Assert.Equal(Text, name);

            // The output limit counts every backslash: the text fits exactly, and a byte less throws.
            options.MaxOutputLength = Encoding.UTF8.GetByteCount(expected);
            Assert.Equal(expected, MsgPackJson.ToJson(input, options));
            options.MaxOutputLength--;
            Assert.Throws<MsgPackTextLimitException>(() => MsgPackJson.ToJson(input, options));
        }

        [Fact]
        public void MaxDepth_is_positive()
        {
            Assert.Equal(MsgPackValidationOptions.DefaultMaxDepth, new MsgPackTextOptions().MaxDepth);
            Assert.Equal(int.MaxValue, new MsgPackTextOptions { MaxDepth = int.MaxValue }.MaxDepth);
            Assert.Throws<ArgumentOutOfRangeException>(() => new MsgPackTextOptions { MaxDepth = 0 });
            Assert.Throws<ArgumentOutOfRangeException>(() => new MsgPackTextOptions { MaxDepth = -1 });
        }

        [Fact]
        public void Output_longer_than_the_limit_throws()
        {
            // 4 KiB of bin makes 5,464 characters of base64, and the quotes.
            var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            writer.WriteBinary(new byte[4096]);
            writer.Flush();
            Assert.Throws<MsgPackTextLimitException>(() => MsgPackJson.ToJson(output.WrittenSpan, new MsgPackTextOptions { MaxOutputLength = 5000 }));
            Assert.Equal(5466, MsgPackJson.ToJson(output.WrittenSpan, new MsgPackTextOptions { MaxOutputLength = 5466 }).Length);
        }

        /// <summary>
        /// A random value, written, and its expected JSON by the documented conventions (a map key that is not a str,
        /// half of them, is its JSON text quoted: keys in keys are quoted again); returns whether it wrote a str.
        /// </summary>
        private static bool WriteRandom(ref MsgPackWriter writer, Random random, int depth, StringBuilder json)
        {
            int kind = random.Next(depth > 4 ? 7 : 9);
            switch (kind)
            {
                case 0:
                    writer.WriteNil();
                    json.Append("null");
                    break;
                case 1:
                    bool b = random.Next(2) == 1;
                    writer.WriteBoolean(b);
                    json.Append(b ? "true" : "false");
                    break;
                case 2:
                    long l = random.NextInt64(long.MinValue, long.MaxValue) >> random.Next(64);
                    writer.WriteInt64(l);
                    json.Append(l.ToString(System.Globalization.CultureInfo.InvariantCulture));
                    break;
                case 3:
                    ulong u = (ulong)random.NextInt64() << 1 | 1;
                    writer.WriteUInt64(u);
                    json.Append(u.ToString(System.Globalization.CultureInfo.InvariantCulture));
                    break;
                case 4:
                    double d = (random.NextDouble() - 0.5) * Math.Pow(10, random.Next(-10, 10));
                    writer.WriteDouble(d);
                    json.Append(d.ToString("R", System.Globalization.CultureInfo.InvariantCulture));
                    break;
                case 5:
                    string s = RandomText(random);
                    writer.WriteString(s);
                    json.Append(Quoted(s));
                    break;
                case 6:
                    byte[] bytes = new byte[random.Next(10)];
                    random.NextBytes(bytes);
                    writer.WriteBinary(bytes);
                    json.Append('"').Append(Convert.ToBase64String(bytes)).Append('"');
                    break;
                case 7:
                    int n = random.Next(5);
                    writer.WriteArrayHeader(n);
                    json.Append('[');
                    for (int i = 0; i < n; i++)
                    {
                        json.Append(i > 0 ? "," : string.Empty);
                        WriteRandom(ref writer, random, depth + 1, json);
                    }

                    json.Append(']');
                    break;
                default:
                    int m = random.Next(4);
                    writer.WriteMapHeader(m);
                    json.Append('{');
                    for (int i = 0; i < m; i++)
                    {
                        json.Append(i > 0 ? "," : string.Empty);
                        if (random.Next(2) == 0)
                        {
                            string key = "k" + i;
                            writer.WriteString(key);
                            json.Append('"').Append(key).Append('"');
                        }
                        else
                        {
                            var key = new StringBuilder();
                            json.Append(WriteRandom(ref writer, random, depth + 1, key) ? key.ToString() : Quoted(key.ToString()));
                        }

                        json.Append(':');
                        WriteRandom(ref writer, random, depth + 1, json);
                    }

                    json.Append('}');
                    break;
            }

            return kind == 5;
        }

        /// <summary>A JSON string as MsgPackJson escapes it: the quote, the backslash and control characters only.</summary>
        internal static string Quoted(string text)
        {
            var quoted = new StringBuilder("\"");
            foreach (char c in text)
            {
                quoted.Append(c switch
                {
                    '"' => "\\\"",
                    '\\' => "\\\\",
                    '\n' => "\\n",
                    '\r' => "\\r",
                    '\t' => "\\t",
                    '\b' => "\\b",
                    '\f' => "\\f",
                    _ when c < ' ' => "\\u00" + ((int)c).ToString("x2", System.Globalization.CultureInfo.InvariantCulture),
                    _ => c.ToString(),
                });
            }

            return quoted.Append('"').ToString();
        }

        private static string RandomText(Random random)
        {
            string[] pieces = { "a", "Z", " ", "\"", "\\", "\n", "\t", "\u0001", "\u001f", "п", "€", "😀", "/", "<" };
            var text = new StringBuilder();
            int n = random.Next(8);
            for (int i = 0; i < n; i++)
            {
                text.Append(pieces[random.Next(pieces.Length)]);
            }

            return text.ToString();
        }
    }
}
