using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>
    /// Every MessagePack type Tarantool stores, written by the library, goes in with INSERT and comes back from the
    /// INSERT's answer and from SELECT byte for byte.
    /// </summary>
    [Collection(TarantoolCollection.Name)]
    public sealed class RoundTripTests(TarantoolFixture fixture)
    {
        private static readonly byte[] UuidBytes = Convert.FromHexString("f81d4fae7dec11d0a76500a0c91e6bf6");

        // name -> (the value's bytes, the format byte they must start with)
        private static readonly Dictionary<string, (byte[] Bytes, byte Code)> Cases = BuildCases();

        public static IEnumerable<object[]> CaseNames => Cases.Keys.Select(name => new object[] { name });

        private static Dictionary<string, (byte[], byte)> BuildCases()
        {
            var cases = new Dictionary<string, (byte[], byte)>();
            void Add(string name, byte code, SpanWrites writes) => cases.Add(name, (Encode.Bytes(writes), code));

            // Unsigned of every width, at both ends of each.
            foreach ((ulong value, byte code) in new (ulong, byte)[]
                     {
                         (0, 0x00), (127, 0x7f), (128, 0xcc), (255, 0xcc), (256, 0xcd), (65535, 0xcd), (65536, 0xce),
                         (uint.MaxValue, 0xce), (uint.MaxValue + 1UL, 0xcf), (ulong.MaxValue, 0xcf),
                     })
            {
                Add($"uint {value}", code, (ref Span<byte> s) => MsgPackSpec.WriteUInt64(ref s, value));
            }

            // Negative of every width.
            foreach ((long value, byte code) in new (long, byte)[]
                     {
                         (-1, 0xff), (-32, 0xe0), (-33, 0xd0), (-128, 0xd0), (-129, 0xd1), (-32768, 0xd1), (-32769, 0xd2),
                         (int.MinValue, 0xd2), (int.MinValue - 1L, 0xd3), (long.MinValue, 0xd3),
                     })
            {
                Add($"int {value}", code, (ref Span<byte> s) => MsgPackSpec.WriteInt64(ref s, value));
            }

            Add("float32 1.5", 0xca, (ref Span<byte> s) => MsgPackSpec.WriteSingle(ref s, 1.5f));
            Add("float32 NaN", 0xca, (ref Span<byte> s) => MsgPackSpec.WriteSingle(ref s, float.NaN));
            Add("float32 -0.0", 0xca, (ref Span<byte> s) => MsgPackSpec.WriteSingle(ref s, -0.0f));
            Add("float64 0.1", 0xcb, (ref Span<byte> s) => MsgPackSpec.WriteDouble(ref s, 0.1));
            Add("float64 NaN", 0xcb, (ref Span<byte> s) => MsgPackSpec.WriteDouble(ref s, double.NaN));
            Add("float64 NaN with a payload", 0xcb, (ref Span<byte> s) => MsgPackSpec.WriteDouble(ref s, BitConverter.Int64BitsToDouble(0x7ff0_0000_0000_0001)));
            Add("float64 -0.0", 0xcb, (ref Span<byte> s) => MsgPackSpec.WriteDouble(ref s, -0.0));
            Add("float64 -infinity", 0xcb, (ref Span<byte> s) => MsgPackSpec.WriteDouble(ref s, double.NegativeInfinity));

            Add("str empty", 0xa0, (ref Span<byte> s) => MsgPackSpec.WriteString(ref s, ""));
            Add("str ASCII", 0xa5, (ref Span<byte> s) => MsgPackSpec.WriteString(ref s, "hello"));
            Add("str 2-byte UTF-8", 0xa4, (ref Span<byte> s) => MsgPackSpec.WriteString(ref s, "ΩЖ"));
            Add("str 4-byte UTF-8", 0xab, (ref Span<byte> s) => MsgPackSpec.WriteString(ref s, "a𝄞😀ö"));
            Add("str8", 0xd9, (ref Span<byte> s) => MsgPackSpec.WriteString(ref s, new string('s', 40)));
            Add("str16 with 4-byte UTF-8", 0xda, (ref Span<byte> s) => MsgPackSpec.WriteString(ref s, string.Concat(Enumerable.Repeat("😀", 100))));
            Add("str32", 0xdb, (ref Span<byte> s) => MsgPackSpec.WriteString(ref s, new string('L', 70_000)));

            Add("bin8 empty", 0xc4, (ref Span<byte> s) => MsgPackSpec.WriteBinary(ref s, ReadOnlySpan<byte>.Empty));
            Add("bin8", 0xc4, (ref Span<byte> s) => MsgPackSpec.WriteBinary(ref s, Pattern(200)));
            Add("bin16", 0xc5, (ref Span<byte> s) => MsgPackSpec.WriteBinary(ref s, Pattern(300)));
            Add("bin32", 0xc6, (ref Span<byte> s) => MsgPackSpec.WriteBinary(ref s, Pattern(70_000)));

            Add("true", 0xc3, (ref Span<byte> s) => MsgPackSpec.WriteBoolean(ref s, true));
            Add("false", 0xc2, (ref Span<byte> s) => MsgPackSpec.WriteBoolean(ref s, false));
            Add("nil", 0xc0, (ref Span<byte> s) => MsgPackSpec.WriteNil(ref s));

            Add("nested arrays and maps", 0x93, (ref Span<byte> s) =>
            {
                MsgPackSpec.WriteArrayHeader(ref s, 3);
                MsgPackSpec.WriteUInt32(ref s, 1);
                MsgPackSpec.WriteArrayHeader(ref s, 2);
                MsgPackSpec.WriteUInt32(ref s, 2);
                MsgPackSpec.WriteArrayHeader(ref s, 2);
                MsgPackSpec.WriteInt32(ref s, -3);
                MsgPackSpec.WriteString(ref s, "x");
                MsgPackSpec.WriteMapHeader(ref s, 2);
                MsgPackSpec.WriteString(ref s, "a");
                MsgPackSpec.WriteMapHeader(ref s, 0);
                MsgPackSpec.WriteUInt32(ref s, 2);
                MsgPackSpec.WriteArrayHeader(ref s, 1);
                MsgPackSpec.WriteBoolean(ref s, true);
            });
            Add("array16", 0xdc, (ref Span<byte> s) =>
            {
                MsgPackSpec.WriteArrayHeader(ref s, 20);
                for (int i = 0; i < 20; i++)
                {
                    MsgPackSpec.WriteInt32(ref s, i - 10);
                }
            });
            Add("array32", 0xdd, (ref Span<byte> s) =>
            {
                MsgPackSpec.WriteArrayHeader(ref s, 70_000);
                for (int i = 0; i < 70_000; i++)
                {
                    MsgPackSpec.WriteNil(ref s);
                }
            });
            Add("map16", 0xde, (ref Span<byte> s) =>
            {
                MsgPackSpec.WriteMapHeader(ref s, 20);
                for (int i = 0; i < 20; i++)
                {
                    MsgPackSpec.WriteString(ref s, "k" + i);
                    MsgPackSpec.WriteDouble(ref s, i / 4.0);
                }
            });
            Add("map32", 0xdf, (ref Span<byte> s) =>
            {
                MsgPackSpec.WriteMapHeader(ref s, 65_536);
                for (int i = 0; i < 65_536; i++)
                {
                    MsgPackSpec.WriteUInt32(ref s, (uint)i);
                    MsgPackSpec.WriteBoolean(ref s, (i & 1) == 0);
                }
            });

            // Tarantool's own extensions: decimal (type 1: scale, then packed BCD with a sign nibble) and uuid (type 2).
            Add("decimal 1.23 (ext8)", 0xc7, (ref Span<byte> s) => MsgPackSpec.WriteExtension(ref s, 1, [0x02, 0x12, 0x3c]));
            Add("decimal -12.345 (fixext4)", 0xd6, (ref Span<byte> s) => MsgPackSpec.WriteExtension(ref s, 1, [0x03, 0x12, 0x34, 0x5d]));
            Add("uuid (fixext16)", 0xd8, (ref Span<byte> s) => MsgPackSpec.WriteExtension(ref s, 2, UuidBytes));
            Add("timestamp 32", 0xd6, (ref Span<byte> s) => MsgPackSpec.WriteTimestamp(ref s, new Timestamp(1_700_000_000, 0)));
            Add("timestamp 64", 0xd7, (ref Span<byte> s) => MsgPackSpec.WriteTimestamp(ref s, new Timestamp(1_700_000_000, 5)));
            Add("timestamp 96", 0xc7, (ref Span<byte> s) => MsgPackSpec.WriteTimestamp(ref s, new Timestamp(-1, 999_999_999)));
            return cases;
        }

        private static byte[] Pattern(int length) => Enumerable.Range(0, length).Select(i => (byte)(i * 7 + 3)).ToArray();

        private static ulong IdOf(string name) => 1000 + (ulong)Cases.Keys.ToList().IndexOf(name);

        [TarantoolTheory]
        [MemberData(nameof(CaseNames))]
        public async Task A_value_comes_back_from_insert_and_select_byte_for_byte(string name)
        {
            (byte[] value, byte code) = Cases[name];
            Assert.Equal(code, value[0]);
            ulong id = IdOf(name);
            byte[] tuple = Encode.Pair(id, value);
            TarantoolConnection connection = fixture.Connection;

            using (TarantoolResponse inserted = await connection.InsertAsync(fixture.ValuesSpace, new MsgPackBytes(tuple)))
            {
                Assert.Equal(tuple, SingleTuple(inserted));
            }

            using TarantoolResponse selected = await connection.SelectAsync(fixture.ValuesSpace, 0, new UnsignedKey(id));
            Assert.Equal(tuple, SingleTuple(selected));
        }

        [TarantoolTheory]
        [InlineData("decimal 1.23 (ext8)", "1.23", true, false)]
        [InlineData("decimal -12.345 (fixext4)", "-12.345", true, false)]
        [InlineData("uuid (fixext16)", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, true)]
        public async Task The_server_reads_the_library_s_decimal_and_uuid_as_its_own_types(string name, string text, bool isDecimal, bool isUuid)
        {
            ulong id = IdOf(name) + 10_000;
            using (await fixture.Connection.ReplaceAsync(fixture.ValuesSpace, new MsgPackBytes(Encode.Pair(id, Cases[name].Bytes))))
            {
            }

            using TarantoolResponse described = await fixture.Connection.CallAsync("describe", new UnsignedKey(id));
            MsgPackReader reader = described.GetDataReader();
            Assert.Equal(4, reader.ReadArrayHeader());
            Assert.Equal("cdata", reader.ReadString());
            Assert.Equal(isDecimal, reader.ReadBoolean());
            Assert.Equal(isUuid, reader.ReadBoolean());
            Assert.Equal(text, reader.ReadString());
        }

        [TarantoolFact]
        public async Task Tarantool_s_own_encoding_of_its_types_reads_back_through_the_library()
        {
            // The other direction: values the server encodes (CALL mixed()), read with typed reads.
            using TarantoolResponse response = await fixture.Connection.CallAsync("mixed", new EmptyArray());
            MsgPackReader reader = response.GetDataReader();
            Assert.Equal(13, reader.ReadArrayHeader());
            Assert.Equal(1, reader.ReadInt32());
            Assert.Equal(-1, reader.ReadInt32());
            Assert.Equal(1.5, reader.ReadDouble());
            Assert.Equal("text", reader.ReadString());
            Assert.True(reader.ReadBoolean());
            Assert.True(reader.IsNil());
            reader.ReadNil();
            Assert.Equal(3, reader.ReadArrayHeader());
            Assert.Equal(new[] { 1, 2, 3 }, new[] { reader.ReadInt32(), reader.ReadInt32(), reader.ReadInt32() });
            Assert.Equal(1, reader.ReadMapHeader());
            Assert.Equal("key", reader.ReadString());
            Assert.Equal("value", reader.ReadString());
            Assert.Equal(ulong.MaxValue, reader.ReadUInt64());
            Assert.Equal(long.MinValue, reader.ReadInt64());
            MsgPackPayload decimalBytes = reader.ReadExtension(out ExtensionHeader decimalHeader);
            Assert.Equal(1, decimalHeader.TypeCode);
            Assert.Equal(new byte[] { 0x02, 0x12, 0x3c }, decimalBytes.Span.ToArray());
            MsgPackPayload uuid = reader.ReadExtension(out ExtensionHeader uuidHeader);
            Assert.Equal((2, 16), (uuidHeader.TypeCode, uuidHeader.Length));
            Assert.Equal(UuidBytes, uuid.Span.ToArray());
            Assert.Equal(string.Concat(Enumerable.Repeat("é", 40)), reader.ReadString());
            Assert.True(reader.End);
        }

        /// <summary>The raw bytes of the one tuple in a response's DATA.</summary>
        internal static byte[] SingleTuple(TarantoolResponse response)
        {
            MsgPackReader reader = response.GetDataReader();
            Assert.Equal(1, reader.ReadArrayHeader());
            byte[] tuple = reader.ReadRaw().Span.ToArray();
            Assert.True(reader.End);
            return tuple;
        }

        internal static string Utf8(ReadOnlySpan<byte> bytes) => Encoding.UTF8.GetString(bytes);
    }
}
