using System;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// Skipping (measuring) one nested document, a Tarantool-like response of 1,887 bytes: a map with a body of 20 tuples
    /// (uint, str, float64, bool, nil, bin, a map of an array and a negative int) and a deeply nested array.
    /// MsgPackSpec.Skip reads every header and checks every bound (iteratively); msgpuck's mp_check does the same
    /// (recursively), mp_next trusts its input and checks nothing. The readers (ours and the .NET peers') skip over a
    /// single-segment sequence and return what they consumed. The checksum is the size of the document.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Skip", "Decode")]
    public unsafe class SkipDocument : DecodeBase
    {
        private readonly NbContext _context = new NbContext();

        [GlobalSetup]
        public void Setup()
        {
            byte[] document = Document();
            SetInput(document);
            Fairness.Check(Msgpuck() == document.Length, Workload, $"mp_check measured {Msgpuck()} bytes of a {document.Length}-byte document.");
            CheckDecoders();
        }

        [Benchmark(Description = "MsgPackSpec span (Skip)")]
        public long Span()
        {
            ReadOnlySpan<byte> source = Input;
            return MsgPackSpec.Skip(source);
        }

        [Benchmark(Description = "MsgPackSpec pointer (Skip)")]
        public long Pointer() => MsgPackSpec.Skip(Source, Length);

        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment (Skip)")]
        public long Reader()
        {
            var reader = new MsgPackReader(OneSegment);
            reader.Skip();
            return reader.Consumed;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackReader, one segment (Skip)")]
        public long MessagePackCSharpReader()
        {
            var reader = new MpcReader(OneSegment);
            reader.Skip();
            return reader.Consumed;
        }

        // Skip takes a SerializationContext (the depth guard: 64 levels by default; the document nests 33 deep).
        [Benchmark(Description = "Nerdbank.MessagePack MessagePackReader, one segment (Skip)")]
        public long NerdbankReader()
        {
            var reader = new NbReader(OneSegment);
            reader.Skip(_context);
            return reader.Consumed;
        }

        [Benchmark(Baseline = true, Description = "msgpuck mp_check (validates)")]
        [PInvoke]
        public long Msgpuck() => MsgpuckCheck();

        [Benchmark(Description = "msgpuck mp_next (trusts the input)")]
        [PInvoke]
        public long MsgpuckNext() => Native.mpn_msgpuck_next(Source, Length);

        /// <summary>The document, written with MsgPackSpec (its bytes are checked by msgpuck's mp_check above).</summary>
        internal static byte[] Document()
        {
            byte[] buffer = new byte[64 * 1024];
            Span<byte> span = buffer;
            int w = MsgPackSpec.WriteMapHeader(span, 4);
            w += MsgPackSpec.WriteString(span.Slice(w), "code");
            w += MsgPackSpec.WriteUInt32(span.Slice(w), 0);
            w += MsgPackSpec.WriteString(span.Slice(w), "sync");
            w += MsgPackSpec.WriteUInt64(span.Slice(w), 1_234_567_890_123UL);
            w += MsgPackSpec.WriteString(span.Slice(w), "data");
            w += MsgPackSpec.WriteArrayHeader(span.Slice(w), 20);
            var random = new Random(42);
            byte[] blob = new byte[16];
            for (int i = 0; i < 20; i++)
            {
                w += MsgPackSpec.WriteArrayHeader(span.Slice(w), 7);
                w += MsgPackSpec.WriteUInt32(span.Slice(w), (uint)(1000 + (i * 37)));
                w += MsgPackSpec.WriteString(span.Slice(w), "user-" + i + " Ада Лавлейс");
                w += MsgPackSpec.WriteDouble(span.Slice(w), (i * 0.25) - 1.125);
                w += MsgPackSpec.WriteBoolean(span.Slice(w), i % 2 == 0);
                w += MsgPackSpec.WriteNil(span.Slice(w));
                random.NextBytes(blob);
                w += MsgPackSpec.WriteBinary(span.Slice(w), blob);
                w += MsgPackSpec.WriteMapHeader(span.Slice(w), 2);
                w += MsgPackSpec.WriteString(span.Slice(w), "tags");
                w += MsgPackSpec.WriteArrayHeader(span.Slice(w), 3);
                w += MsgPackSpec.WriteString(span.Slice(w), "a");
                w += MsgPackSpec.WriteString(span.Slice(w), "bb");
                w += MsgPackSpec.WriteString(span.Slice(w), "ccc");
                w += MsgPackSpec.WriteString(span.Slice(w), "score");
                w += MsgPackSpec.WriteInt64(span.Slice(w), -12_345 * (i + 1));
            }

            w += MsgPackSpec.WriteString(span.Slice(w), "nested");
            for (int depth = 0; depth < 32; depth++)
            {
                w += MsgPackSpec.WriteArrayHeader(span.Slice(w), 2);
                w += MsgPackSpec.WriteInt32(span.Slice(w), -depth);
            }

            w += MsgPackSpec.WriteNil(span.Slice(w));
            return span.Slice(0, w).ToArray();
        }
    }
}
