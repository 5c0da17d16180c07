using System;
using System.Collections.Generic;
using System.Text;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>The text of a <see cref="LargeStringEncode"/> case.</summary>
    public enum LargeText
    {
        /// <summary>ASCII: one UTF-8 byte per char.</summary>
        Ascii,

        /// <summary>Cyrillic with ASCII spaces and punctuation: about 1.8 UTF-8 bytes per char.</summary>
        Cyrillic,
    }

    /// <summary>
    /// One str value of <see cref="Size"/> UTF-8 bytes (64 KiB and 256 KiB: str 32), written from UTF-8 bytes and from
    /// a .NET <see cref="string"/>, with a plain memory copy of the same UTF-8 bytes as the reference row: the floor
    /// that any writer pays. msgpuck and msgpack-cxx take the UTF-8 bytes. The streaming writers (ours and the .NET
    /// peers') write the string into the class's reused PooledBufferWriter; a writer that asks for more room than the
    /// UTF-8 length up front can make it grow, once, in the setup's fairness check, never while measured.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("LargeString", "Encode")]
    public unsafe class LargeStringEncode : BenchmarkBase
    {
        private string _text = string.Empty;
        private byte[] _utf8 = Array.Empty<byte>();
        private byte* _utf8Pointer;

        [ParamsSource(nameof(Sizes))]
        public int Size { get; set; }

        [ParamsSource(nameof(Texts))]
        public LargeText Text { get; set; }

        public static IEnumerable<int> Sizes => Workloads.Quick ? new[] { 64 * 1024 } : new[] { 64 * 1024, 256 * 1024 };

        public static IEnumerable<LargeText> Texts => Enum.GetValues<LargeText>();

        [GlobalSetup]
        public void Setup()
        {
            Native.EnsureLoaded();
            _text = MakeText(Text, Size);
            _utf8 = Pinned.Copy<byte>(Encoding.UTF8.GetBytes(_text));
            _utf8Pointer = Pinned.Address(_utf8);
            Fairness.Check(_utf8.Length == Size, Workload, $"the text is {_utf8.Length} UTF-8 bytes, expected {Size}.");
            AllocateOutput(Size + 4096);
            CheckEncoders();
        }

        [Benchmark(Description = "MsgPackSpec span (from UTF-8)")]
        public int SpanFromUtf8()
        {
            Span<byte> span = Output;
            return MsgPackSpec.WriteString(span, _utf8);
        }

        [Benchmark(Description = "MsgPackSpec span (from string)")]
        public int SpanFromString()
        {
            Span<byte> span = Output;
            return MsgPackSpec.WriteString(span, _text);
        }

        [Benchmark(Description = "MsgPackSpec pointer (from UTF-8)")]
        public int PointerFromUtf8() => MsgPackSpec.WriteString(Dst, _utf8);

        [Benchmark(Description = "MsgPackSpec pointer (from string)")]
        public int PointerFromString() => MsgPackSpec.WriteString(Dst, _text);

        [Benchmark(Description = "MsgPackSpec MsgPackWriter over PooledBufferWriter (from string)")]
        [BufferWriterOutput]
        public long WriterFromString()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new MsgPackWriter(pooled);
            writer.WriteString(_text);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackWriter over PooledBufferWriter (from string)")]
        [BufferWriterOutput]
        public long MessagePackCSharpWriterFromString()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new MpcWriter(pooled);
            writer.Write(_text);
            writer.Flush();
            return pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackWriter over PooledBufferWriter (from string)")]
        [BufferWriterOutput]
        public long NerdbankWriterFromString()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new NbWriter(pooled);
            writer.Write(_text);
            writer.Flush();
            return pooled.WrittenCount;
        }

        [Benchmark(Description = "memory copy of the UTF-8 (span CopyTo)")]
        [PayloadOnly]
        public int MemoryCopy()
        {
            byte[] utf8 = _utf8;
            utf8.AsSpan().CopyTo(Output);
            return utf8.Length;
        }

        [Benchmark(Description = "UTF-8 transcoding only (Encoding.UTF8.GetBytes)")]
        [PayloadOnly]
        public int TranscodeOnly() => Encoding.UTF8.GetBytes(_text, Output);

        [Benchmark(Baseline = true, Description = "msgpuck (from UTF-8)")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_encode_string(_utf8Pointer, _utf8.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-cxx (from UTF-8)")]
        [PInvoke]
        public long MsgpackCxx() => Native.mpn_cxx_encode_string(_utf8Pointer, _utf8.Length, Dst, Capacity);

        /// <summary>Text of exactly <paramref name="utf8Length"/> UTF-8 bytes, repeating a sentence.</summary>
        private static string MakeText(LargeText text, int utf8Length)
        {
            string sentence = text == LargeText.Ascii
                ? "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. "
                : "Съешь же ещё этих мягких французских булок, да выпей чаю. ";
            var builder = new StringBuilder(utf8Length);
            int bytes = 0;
            for (int i = 0; ; i++)
            {
                char c = sentence[i % sentence.Length];
                int size = c < 0x80 ? 1 : 2;
                if (bytes + size > utf8Length)
                {
                    break;
                }

                builder.Append(c);
                bytes += size;
            }

            // An odd gap is closed with one ASCII char, so that the length is exact.
            builder.Append('.', utf8Length - bytes);
            return builder.ToString();
        }
    }
}
