using System;
using System.Buffers;
using System.Text.Unicode;
using Xunit;

namespace MsgPack.Spec.Tests.Containers
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
