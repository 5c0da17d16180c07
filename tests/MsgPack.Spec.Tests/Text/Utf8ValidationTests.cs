using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using System.Text;
using System.Text.Unicode;
using System.Threading.Tasks;
using Xunit;
using Xunit.Abstractions;

namespace MsgPack.Spec.Tests.Text
{
    /// <summary>
    /// The library's UTF-8 check against the BCL's <see cref="Utf8.IsValid(ReadOnlySpan{byte})"/>, bit for bit, through
    /// the str reader (every checked read, the validator and the text writers call the same check). Which path runs
    /// depends on the machine: the test command runs this class again with AVX2 off (the 128-bit path) and with every
    /// vector instruction off (the scalar path); against the netstandard2.0 build it is the scalar path too. Inputs
    /// shorter than 20 bytes always take the scalar path, so short sequences are tested inside ASCII text long enough
    /// for the vector paths, at the start, across the 16-, 32- and 64-byte boundaries, and at the end, where a text
    /// that is not a whole number of blocks ends with a block that overlaps the one before.
    /// </summary>
    public class Utf8ValidationTests
    {
        // Where a sequence is placed in a 100-byte ASCII text: the start, across every vector boundary, across the start
        // of the last block (68 for 32-byte blocks, 84 for 16-byte ones), the end.
        private static readonly int[] Placements = { 0, 13, 14, 15, 29, 30, 31, 61, 62, 63, 65, 66, 67, 68, 81, 82, 83, 84, 97 };

        private readonly ITestOutputHelper _output;

        public Utf8ValidationTests(ITestOutputHelper output)
        {
            _output = output;
            _output.WriteLine($"Avx2 {Avx2.IsSupported}, Ssse3 {Ssse3.IsSupported}, Vector128 {Vector128.IsHardwareAccelerated}");
        }

        [Fact]
        public void EveryOneAndTwoByteSequence()
        {
            var checker = new Checker();
            byte[] sequence = new byte[2];
            for (int value = 0; value < 1 << 16; value++)
            {
                sequence[0] = (byte)(value >> 8);
                sequence[1] = (byte)value;
                checker.Check(sequence.AsSpan(0, 1));
                checker.Check(sequence);
                foreach (int at in Placements)
                {
                    checker.CheckInAscii(sequence, at);
                }
            }

            Assert.True(checker.Valid > 0 && checker.Invalid > 0);
        }

        [Fact]
        public void EveryThreeByteSequence()
        {
            // 16.7 million sequences, in two halves on two threads; each alone, and placed across the 32-byte boundary
            // (where the lead's lookback crosses from one block into the next) and at the end of the text.
            long[] counts = new long[2];
            Parallel.For(0, 2, half =>
            {
                var checker = new Checker();
                byte[] sequence = new byte[3];
                for (int value = half << 23; value < (half + 1) << 23; value++)
                {
                    sequence[0] = (byte)(value >> 16);
                    sequence[1] = (byte)(value >> 8);
                    sequence[2] = (byte)value;
                    checker.Check(sequence);
                    checker.CheckInAscii(sequence, 30);
                    checker.CheckInAscii(sequence, 97);
                }

                counts[half] = checker.Valid;
            });

            // The valid 3-byte texts: 3 ASCII (128^3); ASCII and a 2-byte character (30 leads x 64), either way round;
            // a 3-byte character (16 x 64 x 64, less E0's 2,048 overlong forms and ED's 2,048 surrogates). Each was
            // checked three times.
            long expected = (128L * 128 * 128) + (2L * 128 * 30 * 64) + ((16 * 64 * 64) - 2048 - 2048);
            Assert.Equal(expected * 3, counts[0] + counts[1]);
        }

        [Fact]
        public void EveryFourByteSequenceWithAFourByteLead()
        {
            // The leads F0..F4 (and F5, which never starts a character) followed by every 3 bytes: 100 million texts,
            // each across the 32-byte boundary and across the start of the 16-byte path's last block. Every other
            // 4-byte text: see EveryFourByteSequence (opt-in).
            long[] counts = new long[6];
            Parallel.For(0, 6, k =>
            {
                var checker = new Checker();
                byte[] sequence = new byte[4];
                sequence[0] = (byte)(0xf0 + k);
                for (int value = 0; value < 1 << 24; value++)
                {
                    sequence[1] = (byte)(value >> 16);
                    sequence[2] = (byte)(value >> 8);
                    sequence[3] = (byte)value;
                    checker.CheckInAscii(sequence, 30);
                    checker.CheckInAscii(sequence, 82);
                }

                counts[k] = checker.Valid / 2;
            });

            // F0: 48 x 64 x 64 (second byte 90..BF); F1..F3: 64 x 64 x 64; F4: 16 x 64 x 64 (80..8F); F5: none.
            Assert.Equal(new long[] { 48 * 4096, 64 * 4096, 64 * 4096, 64 * 4096, 16 * 4096, 0 }, counts);
        }

        /// <summary>All 2^32 4-byte texts: minutes of CPU per path, so it runs only when MSGPACK_UTF8_EXHAUSTIVE=1.</summary>
        [Fact]
        public void EveryFourByteSequence()
        {
            if (Environment.GetEnvironmentVariable("MSGPACK_UTF8_EXHAUSTIVE") != "1")
            {
                return;
            }

            long valid = 0;
            Parallel.For(0, 256, first =>
            {
                var checker = new Checker();
                byte[] sequence = new byte[4];
                sequence[0] = (byte)first;
                for (int value = 0; value < 1 << 24; value++)
                {
                    sequence[1] = (byte)(value >> 16);
                    sequence[2] = (byte)(value >> 8);
                    sequence[3] = (byte)value;
                    checker.CheckInAscii(sequence, 30);
                }

                System.Threading.Interlocked.Add(ref valid, checker.Valid);
            });

            _output.WriteLine($"{valid} valid 4-byte texts of 2^32");
            Assert.True(valid > 0);
        }

        [Fact]
        public void ErrorsAtEveryOffset()
        {
            // A valid text of 1- to 4-byte characters, 300 bytes long; at every offset, each kind of error.
            byte[] text = MixedText(new Random(7), 300);
            Assert.True(Utf8.IsValid(text));
            var checker = new Checker();
            byte[][] errors =
            {
                new byte[] { 0x80 },             // a stray continuation
                new byte[] { 0xbf },
                new byte[] { 0xc0, 0x80 },       // overlong 2-byte
                new byte[] { 0xc1, 0xbf },
                new byte[] { 0xe0, 0x9f, 0xbf }, // overlong 3-byte
                new byte[] { 0xed, 0xa0, 0x80 }, // surrogates
                new byte[] { 0xed, 0xbf, 0xbf },
                new byte[] { 0xf0, 0x8f, 0xbf, 0xbf }, // overlong 4-byte
                new byte[] { 0xf4, 0x90, 0x80, 0x80 }, // above U+10FFFF
                new byte[] { 0xf5, 0x80, 0x80, 0x80 },
                new byte[] { 0xff },
                new byte[] { 0xc2 },             // leads cut short
                new byte[] { 0xe2, 0x82 },
                new byte[] { 0xf0, 0x9f, 0x98 },
                new byte[] { 0xc2, 0x80, 0x80 }, // one continuation too many
            };

            byte[] buffer = new byte[text.Length + 4];
            for (int offset = 0; offset <= text.Length; offset++)
            {
                foreach (byte[] error in errors)
                {
                    // The error written over the text (where it may also cut the characters around it)...
                    if (offset + error.Length <= text.Length)
                    {
                        text.CopyTo(buffer, 0);
                        error.CopyTo(buffer, offset);
                        checker.Check(buffer.AsSpan(0, text.Length));
                    }

                    // ...and inserted between two characters or into one.
                    text.AsSpan(0, offset).CopyTo(buffer);
                    error.CopyTo(buffer, offset);
                    text.AsSpan(offset).CopyTo(buffer.AsSpan(offset + error.Length));
                    checker.Check(buffer.AsSpan(0, text.Length + error.Length));
                }

                // The text cut at the offset: invalid exactly where the offset cuts a character.
                checker.Check(text.AsSpan(0, offset));
            }

            Assert.True(checker.Invalid > 20 * text.Length, $"{checker.Invalid} invalid");
        }

        [Fact]
        public void RandomAndMutatedTexts()
        {
            var random = new Random(1);
            var checker = new Checker();
            for (int i = 0; i < 200_000; i++)
            {
                byte[] text = MixedText(random, random.Next(0, 300));
                int mutations = random.Next(0, 3);
                for (int m = 0; m < mutations && text.Length > 0; m++)
                {
                    int at = random.Next(text.Length);
                    switch (random.Next(4))
                    {
                        case 0: text[at] ^= (byte)(1 << random.Next(8)); break;
                        case 1: text[at] = (byte)random.Next(256); break;
                        case 2: text[at] = (byte)(0x80 + random.Next(64)); break;
                        default: text = text.AsSpan(0, at).ToArray(); break;
                    }
                }

                checker.Check(text);
            }

            Assert.True(checker.Valid > 10_000 && checker.Invalid > 10_000, $"{checker.Valid} valid, {checker.Invalid} invalid");
        }

        [Fact]
        public void LongTexts()
        {
            // Long runs of one kind, where the ASCII skip and the per-block checks alternate, and whole buffers of random bytes.
            var random = new Random(3);
            var checker = new Checker();
            foreach (int length in new[] { 64, 65, 127, 128, 129, 1000, 4096, 65536 + 7 })
            {
                checker.Check(Encoding.UTF8.GetBytes(new string('a', length)));
                checker.Check(Encoding.UTF8.GetBytes(new string('ж', length)));
                checker.Check(Encoding.UTF8.GetBytes(string.Concat(System.Linq.Enumerable.Repeat("😀", length))));
                byte[] mixed = MixedText(random, length);
                checker.Check(mixed);
                mixed[random.Next(mixed.Length)] = 0xff;
                checker.Check(mixed);
                byte[] noise = new byte[length];
                random.NextBytes(noise);
                checker.Check(noise);
            }

            Assert.True(checker.Valid > 0 && checker.Invalid > 0);
        }

        /// <summary>A valid text of about <paramref name="length"/> bytes: runs of ASCII and characters of 2, 3 and 4 bytes.</summary>
        private static byte[] MixedText(Random random, int length)
        {
            var bytes = new List<byte>(length + 4);
            Span<byte> character = stackalloc byte[4];
            while (bytes.Count < length)
            {
                int kind = random.Next(5);
                int run = kind == 0 ? random.Next(1, 40) : random.Next(1, 6);
                for (int i = 0; i < run && bytes.Count < length; i++)
                {
                    int scalar = kind switch
                    {
                        0 or 1 => random.Next(0, 0x80),
                        2 => random.Next(0x80, 0x800),
                        3 => random.Next(0, 2) == 0 ? random.Next(0x800, 0xd800) : random.Next(0xe000, 0x10000),
                        _ => random.Next(0x10000, 0x110000),
                    };
                    int written = new Rune(scalar).EncodeToUtf8(character);
                    for (int k = 0; k < written; k++)
                    {
                        bytes.Add(character[k]);
                    }
                }
            }

            return bytes.ToArray();
        }

        /// <summary>Runs the library's check and the BCL's on the same text; counts the results and fails on a difference.</summary>
        private sealed class Checker
        {
            private byte[] _str = new byte[1024];
            private readonly byte[] _ascii = new byte[100];

            public long Valid { get; private set; }

            public long Invalid { get; private set; }

            public void Check(ReadOnlySpan<byte> text)
            {
                bool expected = Utf8.IsValid(text);
                bool actual = LibraryIsValid(text);
                if (actual != expected)
                {
                    Assert.Fail($"UTF-8 check of {text.Length} bytes {Convert.ToHexString(text)}: the library says {(actual ? "valid" : "invalid")}, the BCL {(expected ? "valid" : "invalid")}");
                }

                if (expected)
                {
                    Valid++;
                }
                else
                {
                    Invalid++;
                }
            }

            /// <summary>Checks <paramref name="sequence"/> at <paramref name="at"/> in 100 bytes of ASCII.</summary>
            public void CheckInAscii(ReadOnlySpan<byte> sequence, int at)
            {
                _ascii.AsSpan().Fill((byte)'a');
                sequence.CopyTo(_ascii.AsSpan(Math.Min(at, _ascii.Length - sequence.Length)));
                Check(_ascii);
            }

            // Through the str reader, as every user's text is checked: a str 32 header and the bytes.
            private bool LibraryIsValid(ReadOnlySpan<byte> text)
            {
                if (_str.Length < 5 + text.Length)
                {
                    _str = new byte[5 + text.Length];
                }

                MsgPackSpec.WriteString32Header(_str, (uint)text.Length);
                text.CopyTo(_str.AsSpan(5));
                OperationStatus status = MsgPackSpec.TryReadStringBytes(_str.AsSpan(0, 5 + text.Length), out ReadOnlySpan<byte> utf8, out int bytesRead);
                Assert.True(status != OperationStatus.NeedMoreData, "a whole str value reported NeedMoreData");
                Assert.True(status != OperationStatus.Done || (bytesRead == 5 + text.Length && utf8.Length == text.Length));
                return status == OperationStatus.Done;
            }
        }
    }
}
