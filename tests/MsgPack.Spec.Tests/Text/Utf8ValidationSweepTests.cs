using System;
using System.Buffers;
using System.Text;
using System.Text.Unicode;
using Xunit;

namespace MsgPack.Spec.Tests.Text
{
    /// <summary>
    /// The str readers' UTF-8 check against the runtime's own strict decoder, over every 1- and 2-byte sequence and
    /// the interesting 3- and 4-byte ones, bare and after an ASCII run that takes the 8-byte fast path of the
    /// netstandard2.0 validator. The runtime decoder is the reference: it follows the Unicode Standard's table of
    /// well-formed sequences and is independent of the library's netstandard2.0 code.
    /// </summary>
    public class Utf8ValidationSweepTests
    {
        private static readonly byte[] Interesting = { 0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc2, 0xe0, 0xf0, 0xff };

        private static bool ReferenceIsValid(ReadOnlySpan<byte> utf8)
        {
            Span<char> chars = stackalloc char[64];
            return Utf8.ToUtf16(utf8, chars, out _, out _, replaceInvalidSequences: false) == OperationStatus.Done;
        }

        private static void Check(byte[] buffer, int prefix, ReadOnlySpan<byte> sequence, ref int mismatches, ref string? firstMismatch)
        {
            // buffer: fixstr header, then `prefix` ASCII bytes, then the sequence.
            int length = prefix + sequence.Length;
            buffer[0] = (byte)(0xa0 | length);
            sequence.CopyTo(buffer.AsSpan(1 + prefix));
            ReadOnlySpan<byte> payload = buffer.AsSpan(1, length);
            bool expected = ReferenceIsValid(payload);

            OperationStatus status = MsgPackSpec.TryReadStringBytes(buffer.AsSpan(0, 1 + length), out _, out int read);
            bool actual = status == OperationStatus.Done;
            if (actual != expected || (actual && read != 1 + length) || (!actual && (status != OperationStatus.InvalidData || read != 0)))
            {
                mismatches++;
                firstMismatch ??= $"payload {Hex.Of(payload)}: expected {(expected ? "valid" : "invalid")}, got {status} with bytesRead {read}";
            }

            // ReadString checks and decodes in one step (not through TryReadStringBytes): the same verdict, and the
            // runtime's text when valid.
            status = MsgPackSpec.TryReadString(buffer.AsSpan(0, 1 + length), out string text, out read);
            actual = status == OperationStatus.Done;
            if (actual != expected || (actual && (read != 1 + length || text != Encoding.UTF8.GetString(payload))) || (!actual && (status != OperationStatus.InvalidData || read != 0 || text.Length != 0)))
            {
                mismatches++;
                firstMismatch ??= $"payload {Hex.Of(payload)}: TryReadString: expected {(expected ? "valid" : "invalid")}, got {status} with bytesRead {read}";
            }
        }

        /// <summary>
        /// Long text takes another path in ReadString than short text (up to 1 KiB it is checked and transcoded in one
        /// pass on the stack; beyond, checked first): a bad sequence at the start, in the middle, at the end, or cut
        /// short by the end, in text on both sides of that limit, is rejected by every string reader, and the good text
        /// reads back as the runtime decodes it.
        /// </summary>
        [Theory]
        [InlineData(1000)]
        [InlineData(1023)]
        [InlineData(1024)]
        [InlineData(1025)]
        [InlineData(5000)]
        public void LongTextIsCheckedOnEveryPath(int byteLength)
        {
            byte[] good = new byte[byteLength];
            for (int i = 0; i < good.Length;)
            {
                // Cyrillic (2 bytes), then ASCII, while room is left for both.
                if (good.Length - i >= 3 && i % 7 != 0)
                {
                    good[i++] = 0xd0;
                    good[i++] = 0x9f;
                }
                else
                {
                    good[i++] = (byte)'a';
                }
            }

            string expectedText = Encoding.UTF8.GetString(good);
            Assert.Equal(expectedText, ReadAll(good, out bool valid));
            Assert.True(valid);

            foreach (int at in new[] { 0, byteLength / 2, byteLength - 1 })
            {
                byte[] bad = (byte[])good.Clone();
                bad[at] = 0xff;
                ReadAll(bad, out valid);
                Assert.False(valid, $"0xff at {at} of {byteLength}");
            }

            byte[] cut = (byte[])good.Clone();
            cut[byteLength - 1] = 0xe2; // the lead of a 3-byte character, and nothing after it
            ReadAll(cut, out valid);
            Assert.False(valid, $"a cut character at the end of {byteLength}");
        }

        /// <summary>Reads the text as a str value with the span reader, the throwing reader and MsgPackReader; all must agree.</summary>
        private static string ReadAll(byte[] utf8, out bool valid)
        {
            byte[] value = new byte[MsgPackSpec.GetStringHeaderEncodedLength(utf8.Length) + utf8.Length];
            int header = MsgPackSpec.WriteStringHeader(value, utf8.Length);
            utf8.CopyTo(value, header);

            OperationStatus status = MsgPackSpec.TryReadString(value, out string text, out int read);
            valid = status == OperationStatus.Done;
            Assert.Equal(valid ? value.Length : 0, read);
            Assert.Equal(valid ? OperationStatus.Done : OperationStatus.InvalidData, status);

            var reader = new MsgPackReader(new ReadOnlySequence<byte>(value));
            Assert.Equal(status, reader.TryReadString(out string fromReader));
            Assert.Equal(text, fromReader);
            Assert.Equal(valid ? value.Length : 0, reader.Consumed);

            if (valid)
            {
                Assert.Equal(text, MsgPackSpec.ReadString(value, out _));
            }
            else
            {
                Assert.ThrowsAny<MsgPackException>(() => MsgPackSpec.ReadString(value, out _));
            }

            return text;
        }

        [Theory]
        [InlineData(0)]
        [InlineData(7)]
        [InlineData(8)]
        [InlineData(9)]
        [InlineData(16)]
        public void EveryShortSequenceIsJudgedLikeTheRuntimeDecoder(int asciiPrefix)
        {
            byte[] buffer = new byte[1 + 16 + 4];
            buffer.AsSpan(1, asciiPrefix).Fill((byte)'a');
            string? firstMismatch = null;
            int mismatches = 0;
            Span<byte> sequence = stackalloc byte[4];

            for (int b0 = 0; b0 < 256; b0++)
            {
                sequence[0] = (byte)b0;
                Check(buffer, asciiPrefix, sequence.Slice(0, 1), ref mismatches, ref firstMismatch);

                for (int b1 = 0; b1 < 256; b1++)
                {
                    sequence[1] = (byte)b1;
                    Check(buffer, asciiPrefix, sequence.Slice(0, 2), ref mismatches, ref firstMismatch);

                    if (b0 < 0xc0)
                    {
                        continue; // an ASCII or continuation lead: the longer forms add nothing new
                    }

                    foreach (byte b2 in Interesting)
                    {
                        sequence[2] = b2;
                        Check(buffer, asciiPrefix, sequence.Slice(0, 3), ref mismatches, ref firstMismatch);

                        if (b0 < 0xf0)
                        {
                            continue;
                        }

                        foreach (byte b3 in Interesting)
                        {
                            sequence[3] = b3;
                            Check(buffer, asciiPrefix, sequence.Slice(0, 4), ref mismatches, ref firstMismatch);
                        }
                    }
                }
            }

            Assert.True(firstMismatch is null, $"{mismatches} mismatches; first: {firstMismatch}");
        }
    }
}
