using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;
using System.Text.Unicode;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>The texts of <see cref="Utf8Validation"/>.</summary>
    public enum Utf8Text
    {
        /// <summary>ASCII prose.</summary>
        Ascii,

        /// <summary>Russian prose: 2-byte letters between ASCII spaces and punctuation.</summary>
        Cyrillic,

        /// <summary>Characters of 1, 2, 3 and 4 bytes in short runs, about a quarter of the bytes each.</summary>
        Mixed,
    }

    /// <summary>
    /// The UTF-8 check alone, on 24 B, 100 B and 64 KiB of text: the library's (a str 32 value read with TryReadStringBytes, which
    /// checks the payload; the 5-byte header is nothing beside it) against the BCL's <see cref="Utf8.IsValid(ReadOnlySpan{byte})"/>,
    /// which the library called before it had a vectorized validator of its own. The .NET peers have no checked read.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("String", "Validate")]
    public class Utf8Validation
    {
        private byte[] _text = Array.Empty<byte>();
        private byte[] _str = Array.Empty<byte>();

        [ParamsSource(nameof(Texts))]
        public Utf8Text Text { get; set; }

        public static IEnumerable<Utf8Text> Texts => Enum.GetValues<Utf8Text>();

        /// <summary>The text's length in bytes: a short key, a sentence, a document.</summary>
        [Params(24, 100, 64 * 1024)]
        public int Size { get; set; }

        [GlobalSetup]
        public void Setup()
        {
            _text = Make(Text, Size);
            _str = new byte[5 + _text.Length];
            MsgPackSpec.WriteString32Header(_str, (uint)_text.Length);
            _text.CopyTo(_str, 5);
            Fairness.Check(_text.Length == Size && Utf8.IsValid(_text), nameof(Utf8Validation), $"the text is not {Size} bytes of valid UTF-8.");
            Fairness.Check(MsgPackSpec.TryReadStringBytes(_str, out _, out _) == OperationStatus.Done, nameof(Utf8Validation), "the library does not take the text.");
        }

        [Benchmark(Description = "BCL Utf8.IsValid")]
        public bool Bcl() => Utf8.IsValid(_text);

        // What the library's checked read did before it had a validator of its own: the header, then the BCL's check.
        [Benchmark(Baseline = true, Description = "str header + BCL Utf8.IsValid (the library before)")]
        public bool HeaderAndBcl()
        {
            int length = MsgPackSpec.ReadStringHeader(_str, out int read);
            return Utf8.IsValid(_str.AsSpan(read, length));
        }

        [Benchmark(Description = "MsgPackSpec TryReadStringBytes (str 32, span)")]
        public bool MsgPackSpecSpan() => MsgPackSpec.TryReadStringBytes(_str, out _, out _) == OperationStatus.Done;

        private static byte[] Make(Utf8Text text, int size)
        {
            var random = new Random(42);
            var bytes = new List<byte>(size + 4);
            byte[] character = new byte[4];
            string sentence = text == Utf8Text.Ascii
                ? "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. "
                : "Съешь же ещё этих мягких французских булок, да выпей чаю. ";
            for (int i = 0; bytes.Count < size; i++)
            {
                Rune rune;
                if (text == Utf8Text.Mixed)
                {
                    // A run of 1 to 8 characters of one length, the length chosen at random.
                    int length = random.Next(1, 5);
                    int run = random.Next(1, 9);
                    for (int k = 0; k < run && bytes.Count < size; k++)
                    {
                        rune = new Rune(length switch
                        {
                            1 => random.Next(0x20, 0x7f),
                            2 => random.Next(0x80, 0x800),
                            3 => random.Next(0x800, 0xd800),
                            _ => random.Next(0x10000, 0x110000),
                        });
                        Add(rune);
                    }

                    continue;
                }

                rune = new Rune(sentence[i % sentence.Length]);
                Add(rune);
            }

            // The last character may not fit: cut back to the last whole one and pad with ASCII to the exact size.
            if (bytes.Count > size)
            {
                bytes.RemoveRange(size, bytes.Count - size);
            }

            while (!Utf8.IsValid(System.Runtime.InteropServices.CollectionsMarshal.AsSpan(bytes)))
            {
                bytes.RemoveAt(bytes.Count - 1);
            }

            while (bytes.Count < size)
            {
                bytes.Add((byte)'.');
            }

            return bytes.ToArray();

            void Add(Rune rune)
            {
                int written = rune.EncodeToUtf8(character);
                for (int k = 0; k < written; k++)
                {
                    bytes.Add(character[k]);
                }
            }
        }
    }
}
