using System;
using System.Buffers;
using System.Globalization;
using System.Text;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Tokens
{
    /// <summary>
    /// The "walk any document" loop of docs/spec.md: a value of unknown type read with tokens, no try-and-fall-back, every
    /// integer from long.MinValue to ulong.MaxValue, every float, timestamps, payloads and nesting, over a sequence cut
    /// anywhere.
    /// </summary>
    public class WalkAnyDocumentTests
    {
        [Fact]
        public void TheReadmeWalkerRendersEveryTypeOfADocumentAsJson()
        {
            byte[] document = Document();
            string expected =
                "{\"ints\":[0,-1,127,-32,255,-128,65535,-32768,4294967295,-2147483648,18446744073709551615,-9223372036854775808]," +
                "\"floats\":[1.5,0.1,-0]," +
                "\"nil\":null,\"yes\":true,\"no\":false," +
                "\"text\":\"h\u00e9llo \U0001F600\"," +
                "\"bin\":\"0x010203\",\"ext\":\"0x0A0B\"," +
                "\"when\":\"2024-02-29T12:00:00.0000001+00:00\"," +
                "\"nested\":[[[]],{}]," +
                "1:\"integer key\"}";

            var whole = new MsgPackReader(new ReadOnlySequence<byte>(document));
            Assert.Equal(expected, Render(ref whole));

            // The same from a sequence cut at every place, and from one-byte segments.
            for (int at = 0; at <= document.Length; at++)
            {
                var reader = new MsgPackReader(Sequences.SplitAt(document, at));
                Assert.Equal(expected, Render(ref reader));
                Assert.True(reader.End);
            }

            var bytewise = new MsgPackReader(Sequences.Split(document, 1, withEmpty: true));
            Assert.Equal(expected, Render(ref bytewise));
        }

        [Fact]
        public void TheWalkerStopsWithTheLibrarysErrorOnBadInput()
        {
            Assert.Throws<MsgPackUnexpectedCodeException>(() => Render(Hex.ToBytes("92 01 c1")));
            Assert.Throws<MsgPackTruncatedException>(() => Render(Hex.ToBytes("92 01 a5 61")));
            Assert.Throws<MsgPackInvalidUtf8Exception>(() => Render(Hex.ToBytes("92 01 a1 ff")));
        }

        private static string Render(byte[] document)
        {
            var reader = new MsgPackReader(new ReadOnlySequence<byte>(document));
            return Render(ref reader);
        }

        private static string Render(ref MsgPackReader reader)
        {
            var text = new StringBuilder();
            Write(ref reader, text);
            return text.ToString();
        }

        #region walk any document
        private static void Write(ref MsgPackReader reader, StringBuilder json)
        {
            MsgPackToken token = reader.ReadToken();
            switch (token.Type)
            {
                case MsgPackType.Nil: json.Append("null"); break;
                case MsgPackType.Boolean: json.Append(token.GetBoolean() ? "true" : "false"); break;
                case MsgPackType.Integer when token.IsNegative: json.Append(token.GetInt64()); break;
                case MsgPackType.Integer: json.Append(token.GetUInt64()); break;
                case MsgPackType.Float: json.Append(token.GetDouble().ToString("R", CultureInfo.InvariantCulture)); break;
                case MsgPackType.Timestamp: json.Append('"').Append(token.GetTimestamp().ToDateTimeOffset().ToString("O")).Append('"'); break;
                case MsgPackType.String: json.Append('"').Append(reader.ReadBytes(token.Length).GetString()).Append('"'); break;
                case MsgPackType.Binary or MsgPackType.Extension:
                    json.Append("\"0x").Append(Convert.ToHexString(reader.ReadBytes(token.Length).ToArray())).Append('"'); break;
                case MsgPackType.Array or MsgPackType.Map:
                    bool map = token.Type == MsgPackType.Map;
                    json.Append(map ? '{' : '[');
                    for (int i = 0; i < token.Count; i++)
                    {
                        if (i > 0)
                        {
                            json.Append(',');
                        }

                        if (map)
                        {
                            Write(ref reader, json);
                            json.Append(':');
                        }

                        Write(ref reader, json);
                    }
                    json.Append(map ? '}' : ']');
                    break;
            }
        }
        #endregion

        private static byte[] Document()
        {
            var buffer = new PooledBufferWriter();
            var writer = new MsgPackWriter(buffer);
            writer.WriteMapHeader(11);
            writer.WriteString("ints");
            long[] signed = { 0, -1, 127, -32, 255, -128, 65535, -32768, 4294967295, int.MinValue };
            writer.WriteArrayHeader(signed.Length + 2);
            foreach (long value in signed)
            {
                writer.WriteInt64(value);
            }

            writer.WriteUInt64(ulong.MaxValue);
            writer.WriteInt64(long.MinValue);
            writer.WriteString("floats");
            writer.WriteArrayHeader(3);
            writer.WriteSingle(1.5f);
            writer.WriteDouble(0.1);
            writer.WriteDouble(-0.0);
            writer.WriteString("nil");
            writer.WriteNil();
            writer.WriteString("yes");
            writer.WriteBoolean(true);
            writer.WriteString("no");
            writer.WriteBoolean(false);
            writer.WriteString("text");
            writer.WriteString("h\u00e9llo \U0001F600".AsSpan());
            writer.WriteString("bin");
            writer.WriteBinary(new byte[] { 1, 2, 3 });
            writer.WriteString("ext");
            writer.WriteExtension(7, new byte[] { 10, 11 });
            writer.WriteString("when");
            writer.WriteTimestamp(Timestamp.FromDateTimeOffset(new DateTimeOffset(2024, 2, 29, 12, 0, 0, TimeSpan.Zero).AddTicks(1)));
            writer.WriteString("nested");
            writer.WriteArrayHeader(2);
            writer.WriteArrayHeader(1);
            writer.WriteArrayHeader(0);
            writer.WriteMapHeader(0);
            writer.WriteUInt32(1);
            writer.WriteString("integer key");
            writer.Flush();
            return buffer.WrittenSpan.ToArray();
        }
    }
}
