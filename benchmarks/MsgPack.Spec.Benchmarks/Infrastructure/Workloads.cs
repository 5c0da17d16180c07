using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>The text cases of the string workload.</summary>
    public enum TextCase
    {
        /// <summary>8 ASCII bytes (fixstr).</summary>
        Ascii8,

        /// <summary>64 ASCII bytes (str 8).</summary>
        Ascii64,

        /// <summary>1 KiB of ASCII (str 16).</summary>
        Ascii1K,

        /// <summary>Cyrillic text: two UTF-8 bytes a letter (str 8).</summary>
        Cyrillic,

        /// <summary>Emoji between ASCII words: four-byte UTF-8 sequences, surrogate pairs in .NET (str 8).</summary>
        Emoji,
    }

    /// <summary>The inputs of every workload, deterministic (fixed values or a fixed seed).</summary>
    public static class Workloads
    {
        /// <summary>Set (to 1) by <c>--quick</c>: fewer [Params] cases, so that the quick pass of the whole suite stays short.
        /// An environment variable because BenchmarkDotNet runs each benchmark in a child process, which inherits it.</summary>
        public const string QuickVariable = "MSGPACK_BENCH_QUICK";

        public static bool Quick => Environment.GetEnvironmentVariable(QuickVariable) == "1";

        /// <summary>Elements of the seed, int64 and float64 arrays.</summary>
        public const int ArrayLength = 100;

        /// <summary>Strings in one document of the string workload.</summary>
        public const int StringCount = 16;

        /// <summary>Seed: (1 &lt;&lt; 30) - i, i = 0..99: every value a uint 32 (ce + 4 bytes), 503 bytes with the array 16 header.</summary>
        public static int[] SeedValues()
        {
            int[] values = Pinned.Array<int>(ArrayLength);
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = (1 << 30) - i;
            }

            return values;
        }

        /// <summary>100 int64 values of every width and both signs, from new Random(42): positive and negative
        /// fixints, then uint/int 8, 16, 32 and 64 ranges, picked in turn at random.</summary>
        public static long[] Int64Values() => Int64Values(ArrayLength);

        /// <summary><paramref name="count"/> values of every int64 width and both signs, each width picked at random (new Random(42)).</summary>
        public static long[] Int64Values(int count)
        {
            var random = new Random(42);
            (long Min, long Max)[] ranges =
            {
                (0, 127),                             // positive fixint
                (-32, -1),                            // negative fixint
                (128, 255),                           // uint 8
                (-128, -33),                          // int 8
                (256, ushort.MaxValue),               // uint 16
                (short.MinValue, -129),               // int 16
                (ushort.MaxValue + 1L, uint.MaxValue), // uint 32
                (int.MinValue, short.MinValue - 1),   // int 32
                (uint.MaxValue + 1L, long.MaxValue),  // uint 64
                (long.MinValue, int.MinValue - 1L),   // int 64
            };
            long[] values = Pinned.Array<long>(count);
            for (int i = 0; i < values.Length; i++)
            {
                (long min, long max) = ranges[random.Next(ranges.Length)];
                values[i] = max == long.MaxValue ? random.NextInt64(min, long.MaxValue) : random.NextInt64(min, max + 1);
            }

            return values;
        }

        /// <summary><paramref name="count"/> values of every int16 width and both signs, each width picked at random
        /// (new Random(42)): positive and negative fixints, uint/int 8 and uint/int 16.</summary>
        public static short[] Int16Values(int count)
        {
            var random = new Random(42);
            (int Min, int Max)[] ranges =
            {
                (0, 127),                // positive fixint
                (-32, -1),               // negative fixint
                (128, 255),              // uint 8
                (-128, -33),             // int 8
                (256, short.MaxValue),   // uint 16
                (short.MinValue, -129),  // int 16
            };
            short[] values = Pinned.Array<short>(count);
            for (int i = 0; i < values.Length; i++)
            {
                (int min, int max) = ranges[random.Next(ranges.Length)];
                values[i] = (short)random.Next(min, max + 1);
            }

            return values;
        }

        /// <summary>(i - 50) * 1.5 + 0.375: no whole numbers, which msgpack-cxx would write as integers.</summary>
        public static double[] Float64Values()
        {
            double[] values = Pinned.Array<double>(ArrayLength);
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = ((i - 50) * 1.5) + 0.375;
            }

            return values;
        }

        /// <summary>The text of a case; <paramref name="index"/> varies it a little from string to string.</summary>
        public static string Text(TextCase textCase, int index)
        {
            string text = textCase switch
            {
                TextCase.Ascii8 => Fill("abcdefghijklmnopqrstuvwxyz0123456789", index, 8),
                TextCase.Ascii64 => Fill("The quick brown fox jumps over the lazy dog. ", index, 64),
                TextCase.Ascii1K => Fill("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. ", index, 1024),
                TextCase.Cyrillic => Rotate("Съешь же ещё этих мягких французских булок, да выпей чаю", index),
                TextCase.Emoji => Rotate("ship 🚀 it 🎉 with 😀 joy 🌍 and 👍 care ✨", index),
                _ => throw new ArgumentOutOfRangeException(nameof(textCase)),
            };
            return text;
        }

        /// <summary>The UTF-8 length of each case's texts (for the docs).</summary>
        public static int Utf8Length(TextCase textCase) => Encoding.UTF8.GetByteCount(Text(textCase, 0));

        /// <summary>Quick mode keeps one short ASCII, one long ASCII and one non-ASCII case.</summary>
        public static IEnumerable<TextCase> TextCases() =>
            Quick ? new[] { TextCase.Ascii8, TextCase.Ascii1K, TextCase.Cyrillic } : Enum.GetValues<TextCase>();

        /// <summary>Binary payload sizes; quick mode keeps the smallest and the largest.</summary>
        public static IEnumerable<int> BinarySizes() =>
            Quick ? new[] { 16, 256 * 1024 } : new[] { 16, 4 * 1024, 64 * 1024, 256 * 1024 };

        /// <summary>Random bytes (new Random(42)).</summary>
        public static byte[] Payload(int length)
        {
            byte[] payload = Pinned.Array<byte>(length);
            new Random(42).NextBytes(payload);
            return payload;
        }

        // Rotates by whole words, so that no surrogate pair or UTF-8 sequence is cut.
        private static string Rotate(string text, int index)
        {
            string[] words = text.Split(' ');
            int shift = index % words.Length;
            return string.Join(' ', words.Skip(shift).Concat(words.Take(shift)));
        }

        private static string Fill(string pattern, int index, int length)
        {
            var text = new StringBuilder(length);
            for (int i = 0; text.Length < length; i++)
            {
                text.Append(pattern[(i + index) % pattern.Length]);
            }

            return text.ToString();
        }
    }
}
