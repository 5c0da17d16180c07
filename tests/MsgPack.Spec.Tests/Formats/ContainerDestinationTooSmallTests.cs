using System;
using System.Collections.Generic;
using System.Linq;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>
    /// Every span writer of str, bin, array, map, ext and timestamp, against destinations of the exact size, one
    /// byte short, empty and larger: span writers throw <see cref="ArgumentException"/> and touch nothing,
    /// <c>TryWrite*</c> return false with the size needed, and no writer writes past what it reports.
    /// </summary>
    public class ContainerDestinationTooSmallTests
    {
        private sealed record Case(SpanWriter Write, SpanTryWriter? TryWrite, string ExpectedHex);

        private static string Times(string hexByte, int count) => string.Join(" ", Enumerable.Repeat(hexByte, count));

        private static readonly Dictionary<string, Case> Cases = new Dictionary<string, Case>
        {
            // str
            ["WriteStringHeader 0"] = new Case(d => MsgPackSpec.WriteStringHeader(d, 0), (Span<byte> d, out int w) => MsgPackSpec.TryWriteStringHeader(d, 0, out w), "a0"),
            ["WriteStringHeader 31"] = new Case(d => MsgPackSpec.WriteStringHeader(d, 31), (Span<byte> d, out int w) => MsgPackSpec.TryWriteStringHeader(d, 31, out w), "bf"),
            ["WriteStringHeader 32"] = new Case(d => MsgPackSpec.WriteStringHeader(d, 32), (Span<byte> d, out int w) => MsgPackSpec.TryWriteStringHeader(d, 32, out w), "d9 20"),
            ["WriteStringHeader 256"] = new Case(d => MsgPackSpec.WriteStringHeader(d, 256), (Span<byte> d, out int w) => MsgPackSpec.TryWriteStringHeader(d, 256, out w), "da 01 00"),
            ["WriteStringHeader 65536"] = new Case(d => MsgPackSpec.WriteStringHeader(d, 65536), (Span<byte> d, out int w) => MsgPackSpec.TryWriteStringHeader(d, 65536, out w), "db 00 01 00 00"),
            ["WriteFixStringHeader 5"] = new Case(d => MsgPackSpec.WriteFixStringHeader(d, 5), null, "a5"),
            ["WriteString8Header 5"] = new Case(d => MsgPackSpec.WriteString8Header(d, 5), null, "d9 05"),
            ["WriteString16Header 5"] = new Case(d => MsgPackSpec.WriteString16Header(d, 5), null, "da 00 05"),
            ["WriteString32Header 5"] = new Case(d => MsgPackSpec.WriteString32Header(d, 5), null, "db 00 00 00 05"),
            ["WriteString text empty"] = new Case(d => MsgPackSpec.WriteString(d, ""), (Span<byte> d, out int w) => MsgPackSpec.TryWriteString(d, "", out w), "a0"),
            ["WriteString text Cyrillic"] = new Case(
                d => MsgPackSpec.WriteString(d, "Привет"),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteString(d, "Привет", out w),
                "ac d0 9f d1 80 d0 b8 d0 b2 d0 b5 d1 82"),
            ["WriteString text emoji"] = new Case(d => MsgPackSpec.WriteString(d, "😀"), (Span<byte> d, out int w) => MsgPackSpec.TryWriteString(d, "😀", out w), "a4 f0 9f 98 80"),
            ["WriteString text lone surrogate"] = new Case(d => MsgPackSpec.WriteString(d, "\ud800"), (Span<byte> d, out int w) => MsgPackSpec.TryWriteString(d, "\ud800", out w), "a3 ef bf bd"),
            ["WriteString text 32 bytes"] = new Case(
                d => MsgPackSpec.WriteString(d, new string('x', 32)),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteString(d, new string('x', 32), out w),
                "d9 20 " + Times("78", 32)),
            ["WriteString text 16 Cyrillic chars"] = new Case(
                d => MsgPackSpec.WriteString(d, new string('П', 16)),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteString(d, new string('П', 16), out w),
                "d9 20 " + Times("d0 9f", 16)),
            ["WriteString utf8 empty"] = new Case(d => MsgPackSpec.WriteString(d, ReadOnlySpan<byte>.Empty), (Span<byte> d, out int w) => MsgPackSpec.TryWriteString(d, ReadOnlySpan<byte>.Empty, out w), "a0"),
            ["WriteString utf8"] = new Case(
                d => MsgPackSpec.WriteString(d, new byte[] { 0xe2, 0x82, 0xac }),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteString(d, new byte[] { 0xe2, 0x82, 0xac }, out w),
                "a3 e2 82 ac"),

            // bin
            ["WriteBinaryHeader 0"] = new Case(d => MsgPackSpec.WriteBinaryHeader(d, 0), (Span<byte> d, out int w) => MsgPackSpec.TryWriteBinaryHeader(d, 0, out w), "c4 00"),
            ["WriteBinaryHeader 256"] = new Case(d => MsgPackSpec.WriteBinaryHeader(d, 256), (Span<byte> d, out int w) => MsgPackSpec.TryWriteBinaryHeader(d, 256, out w), "c5 01 00"),
            ["WriteBinaryHeader 65536"] = new Case(d => MsgPackSpec.WriteBinaryHeader(d, 65536), (Span<byte> d, out int w) => MsgPackSpec.TryWriteBinaryHeader(d, 65536, out w), "c6 00 01 00 00"),
            ["WriteBinary8Header 3"] = new Case(d => MsgPackSpec.WriteBinary8Header(d, 3), null, "c4 03"),
            ["WriteBinary16Header 3"] = new Case(d => MsgPackSpec.WriteBinary16Header(d, 3), null, "c5 00 03"),
            ["WriteBinary32Header 3"] = new Case(d => MsgPackSpec.WriteBinary32Header(d, 3), null, "c6 00 00 00 03"),
            ["WriteBinary empty"] = new Case(d => MsgPackSpec.WriteBinary(d, ReadOnlySpan<byte>.Empty), (Span<byte> d, out int w) => MsgPackSpec.TryWriteBinary(d, ReadOnlySpan<byte>.Empty, out w), "c4 00"),
            ["WriteBinary 3 bytes"] = new Case(
                d => MsgPackSpec.WriteBinary(d, new byte[] { 1, 2, 3 }),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteBinary(d, new byte[] { 1, 2, 3 }, out w),
                "c4 03 01 02 03"),
            ["WriteBinary 256 bytes"] = new Case(
                d => MsgPackSpec.WriteBinary(d, new byte[256]),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteBinary(d, new byte[256], out w),
                "c5 01 00 " + Times("00", 256)),

            // array
            ["WriteArrayHeader 0"] = new Case(d => MsgPackSpec.WriteArrayHeader(d, 0), (Span<byte> d, out int w) => MsgPackSpec.TryWriteArrayHeader(d, 0, out w), "90"),
            ["WriteArrayHeader 16"] = new Case(d => MsgPackSpec.WriteArrayHeader(d, 16), (Span<byte> d, out int w) => MsgPackSpec.TryWriteArrayHeader(d, 16, out w), "dc 00 10"),
            ["WriteArrayHeader 65536"] = new Case(d => MsgPackSpec.WriteArrayHeader(d, 65536), (Span<byte> d, out int w) => MsgPackSpec.TryWriteArrayHeader(d, 65536, out w), "dd 00 01 00 00"),
            ["WriteFixArrayHeader 3"] = new Case(d => MsgPackSpec.WriteFixArrayHeader(d, 3), null, "93"),
            ["WriteArray16Header 3"] = new Case(d => MsgPackSpec.WriteArray16Header(d, 3), null, "dc 00 03"),
            ["WriteArray32Header 3"] = new Case(d => MsgPackSpec.WriteArray32Header(d, 3), null, "dd 00 00 00 03"),

            // map
            ["WriteMapHeader 0"] = new Case(d => MsgPackSpec.WriteMapHeader(d, 0), (Span<byte> d, out int w) => MsgPackSpec.TryWriteMapHeader(d, 0, out w), "80"),
            ["WriteMapHeader 16"] = new Case(d => MsgPackSpec.WriteMapHeader(d, 16), (Span<byte> d, out int w) => MsgPackSpec.TryWriteMapHeader(d, 16, out w), "de 00 10"),
            ["WriteMapHeader 65536"] = new Case(d => MsgPackSpec.WriteMapHeader(d, 65536), (Span<byte> d, out int w) => MsgPackSpec.TryWriteMapHeader(d, 65536, out w), "df 00 01 00 00"),
            ["WriteFixMapHeader 3"] = new Case(d => MsgPackSpec.WriteFixMapHeader(d, 3), null, "83"),
            ["WriteMap16Header 3"] = new Case(d => MsgPackSpec.WriteMap16Header(d, 3), null, "de 00 03"),
            ["WriteMap32Header 3"] = new Case(d => MsgPackSpec.WriteMap32Header(d, 3), null, "df 00 00 00 03"),

            // ext
            ["WriteExtensionHeader fixext 1"] = new Case(
                d => MsgPackSpec.WriteExtensionHeader(d, new ExtensionHeader(1, 1)),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteExtensionHeader(d, new ExtensionHeader(1, 1), out w),
                "d4 01"),
            ["WriteExtensionHeader ext 8"] = new Case(
                d => MsgPackSpec.WriteExtensionHeader(d, new ExtensionHeader(1, 0)),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteExtensionHeader(d, new ExtensionHeader(1, 0), out w),
                "c7 00 01"),
            ["WriteExtensionHeader ext 16"] = new Case(
                d => MsgPackSpec.WriteExtensionHeader(d, new ExtensionHeader(-1, 256)),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteExtensionHeader(d, new ExtensionHeader(-1, 256), out w),
                "c8 01 00 ff"),
            ["WriteExtensionHeader ext 32"] = new Case(
                d => MsgPackSpec.WriteExtensionHeader(d, new ExtensionHeader(1, 65536)),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteExtensionHeader(d, new ExtensionHeader(1, 65536), out w),
                "c9 00 01 00 00 01"),
            ["WriteExtension fixext 1"] = new Case(
                d => MsgPackSpec.WriteExtension(d, 1, new byte[] { 0xaa }),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteExtension(d, 1, new byte[] { 0xaa }, out w),
                "d4 01 aa"),
            ["WriteExtension ext 8 of 3"] = new Case(
                d => MsgPackSpec.WriteExtension(d, -1, new byte[] { 0xaa, 0xbb, 0xcc }),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteExtension(d, -1, new byte[] { 0xaa, 0xbb, 0xcc }, out w),
                "c7 03 ff aa bb cc"),
            ["WriteExtension ext 8 of 0"] = new Case(
                d => MsgPackSpec.WriteExtension(d, 5, ReadOnlySpan<byte>.Empty),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteExtension(d, 5, ReadOnlySpan<byte>.Empty, out w),
                "c7 00 05"),
            ["WriteFixExtension1Header"] = new Case(d => MsgPackSpec.WriteFixExtension1Header(d, 1), null, "d4 01"),
            ["WriteFixExtension2Header"] = new Case(d => MsgPackSpec.WriteFixExtension2Header(d, 1), null, "d5 01"),
            ["WriteFixExtension4Header"] = new Case(d => MsgPackSpec.WriteFixExtension4Header(d, 1), null, "d6 01"),
            ["WriteFixExtension8Header"] = new Case(d => MsgPackSpec.WriteFixExtension8Header(d, 1), null, "d7 01"),
            ["WriteFixExtension16Header"] = new Case(d => MsgPackSpec.WriteFixExtension16Header(d, 1), null, "d8 01"),
            ["WriteExtension8Header"] = new Case(d => MsgPackSpec.WriteExtension8Header(d, 1, 3), null, "c7 03 01"),
            ["WriteExtension16Header"] = new Case(d => MsgPackSpec.WriteExtension16Header(d, 1, 3), null, "c8 00 03 01"),
            ["WriteExtension32Header"] = new Case(d => MsgPackSpec.WriteExtension32Header(d, 1, 3), null, "c9 00 00 00 03 01"),

            // timestamp
            ["WriteTimestamp 32"] = new Case(
                d => MsgPackSpec.WriteTimestamp(d, new Timestamp(1, 0)),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteTimestamp(d, new Timestamp(1, 0), out w),
                "d6 ff 00 00 00 01"),
            ["WriteTimestamp 64"] = new Case(
                d => MsgPackSpec.WriteTimestamp(d, new Timestamp(1, 1)),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteTimestamp(d, new Timestamp(1, 1), out w),
                "d7 ff 00 00 00 04 00 00 00 01"),
            ["WriteTimestamp 96"] = new Case(
                d => MsgPackSpec.WriteTimestamp(d, new Timestamp(-1, 0)),
                (Span<byte> d, out int w) => MsgPackSpec.TryWriteTimestamp(d, new Timestamp(-1, 0), out w),
                "c7 0c ff 00 00 00 00 ff ff ff ff ff ff ff ff"),
            ["WriteTimestamp32"] = new Case(d => MsgPackSpec.WriteTimestamp32(d, new Timestamp(1, 0)), null, "d6 ff 00 00 00 01"),
            ["WriteTimestamp64"] = new Case(d => MsgPackSpec.WriteTimestamp64(d, new Timestamp(1, 0)), null, "d7 ff 00 00 00 00 00 00 00 01"),
            ["WriteTimestamp96"] = new Case(d => MsgPackSpec.WriteTimestamp96(d, new Timestamp(1, 0)), null, "c7 0c ff 00 00 00 00 00 00 00 00 00 00 00 01"),
        };

        public static TheoryData<string> CaseNames
        {
            get
            {
                var names = new TheoryData<string>();
                foreach (string name in Cases.Keys)
                {
                    names.Add(name);
                }

                return names;
            }
        }

        [Theory]
        [MemberData(nameof(CaseNames))]
        public void WriterFillsAnExactDestinationAndNoMore(string name)
        {
            Case c = Cases[name];
            int size = Hex.ToBytes(c.ExpectedHex).Length;

            byte[] exact = ContainerTestData.Filled(size);
            Assert.Equal(size, c.Write(exact));
            Assert.Equal(c.ExpectedHex, Hex.Of(exact));

            byte[] larger = ContainerTestData.Filled(size + 8);
            Assert.Equal(size, c.Write(larger));
            Assert.Equal(c.ExpectedHex, Hex.Of(larger.AsSpan(0, size)));
            Assert.True(ContainerTestData.IsUntouched(larger.AsSpan(size)));
        }

        [Theory]
        [MemberData(nameof(CaseNames))]
        public void WriterThrowsWhenTheDestinationIsOneByteShort(string name)
        {
            Case c = Cases[name];
            int size = Hex.ToBytes(c.ExpectedHex).Length;

            foreach (int length in new[] { size - 1, 0 })
            {
                // The destination is a slice of a larger buffer: nothing may be written before or after it either.
                byte[] buffer = ContainerTestData.Filled(size + 8);
                var thrown = Assert.Throws<ArgumentException>(() => c.Write(buffer.AsSpan(4, length)));
                Assert.Equal("destination", thrown.ParamName);
                Assert.True(ContainerTestData.IsUntouched(buffer), $"{name} wrote into a destination of {length} bytes before throwing.");
            }
        }

        public static TheoryData<string> TryCaseNames
        {
            get
            {
                // The exact-form writers have no Try variant.
                var names = new TheoryData<string>();
                foreach (KeyValuePair<string, Case> pair in Cases)
                {
                    if (pair.Value.TryWrite is not null)
                    {
                        names.Add(pair.Key);
                    }
                }

                return names;
            }
        }

        [Theory]
        [MemberData(nameof(TryCaseNames))]
        public void TryWriterReportsTheSizeNeeded(string name)
        {
            Case c = Cases[name];
            SpanTryWriter tryWrite = c.TryWrite!;
            int size = Hex.ToBytes(c.ExpectedHex).Length;
            foreach (int length in new[] { size - 1, 0 })
            {
                byte[] buffer = ContainerTestData.Filled(size + 8);
                Assert.False(tryWrite(buffer.AsSpan(4, length), out int needed));
                Assert.Equal(size, needed);
                Assert.True(ContainerTestData.IsUntouched(buffer), $"{name} wrote into a destination of {length} bytes.");
            }

            byte[] exact = ContainerTestData.Filled(size);
            Assert.True(tryWrite(exact, out int written));
            Assert.Equal(size, written);
            Assert.Equal(c.ExpectedHex, Hex.Of(exact));

            byte[] larger = ContainerTestData.Filled(size + 8);
            Assert.True(tryWrite(larger, out int writtenLarger));
            Assert.Equal(size, writtenLarger);
            Assert.Equal(c.ExpectedHex, Hex.Of(larger.AsSpan(0, size)));
            Assert.True(ContainerTestData.IsUntouched(larger.AsSpan(size)));
        }
    }
}
