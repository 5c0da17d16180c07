using System;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// The seed workload: an array 16 header and 100 int32 values (1 &lt;&lt; 30) - i, each a uint 32 (503 bytes).
    /// The span and pointer versions are written the way a user would write them; the .NET peers' rows use their span
    /// primitives (MessagePackPrimitives.TryWrite*), checking each result as our span API does. Their writers are in
    /// <see cref="StreamingSeedEncode"/>.
    /// </summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 2, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("Seed", "Encode")]
    public unsafe class SeedEncode : BenchmarkBase
    {
        private int[] _values = Array.Empty<int>();
        private int* _valuesPointer;

        [GlobalSetup]
        public void Setup()
        {
            Native.EnsureLoaded();
            _values = Workloads.SeedValues();
            _valuesPointer = Pinned.Address(_values);
            AllocateOutput(64 * 1024);
            byte[] expected = CheckEncoders();
            Fairness.Check(expected.Length == 503, Workload, $"msgpuck wrote {expected.Length} bytes, expected 503.");
            Fairness.SameBytes(Workload, "the spec's example", new byte[] { 0xdc, 0x00, 0x64, 0xce, 0x40, 0x00, 0x00, 0x00, 0xce, 0x3f, 0xff, 0xff, 0xff }, expected.AsSpan(0, 13));
        }

        [Benchmark(Description = "MsgPackSpec span")]
        public int Span()
        {
            Span<byte> span = Output;
            int[] values = _values;
            int w = MsgPackSpec.WriteArray16Header(span, (ushort)values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                w += MsgPackSpec.WriteInt32(span.Slice(w), values[i]);
            }

            return w;
        }

        [Benchmark(Description = "MsgPackSpec span, advancing")]
        public int SpanAdvancing()
        {
            Span<byte> span = Output;
            Span<byte> rest = span;
            int[] values = _values;
            MsgPackSpec.WriteArrayHeader(ref rest, values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                MsgPackSpec.WriteInt32(ref rest, values[i]);
            }

            return span.Length - rest.Length;
        }

        [Benchmark(Description = "MsgPackSpec pointer")]
        public int Pointer()
        {
            byte* start = Dst;
            byte* p = start;
            int[] values = _values;
            p += MsgPackSpec.WriteArray16Header(p, (ushort)values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                p += MsgPackSpec.WriteInt32(p, values[i]);
            }

            return (int)(p - start);
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackPrimitives (span)")]
        public int MessagePackCSharpSpan()
        {
            Span<byte> span = Output;
            int[] values = _values;
            if (!MpcPrimitives.TryWriteArrayHeader(span, (uint)values.Length, out int w))
            {
                Peer.Fail("array header");
            }

            for (int i = 0; i < values.Length; i++)
            {
                if (!MpcPrimitives.TryWrite(span.Slice(w), values[i], out int written))
                {
                    Peer.Fail("int");
                }

                w += written;
            }

            return w;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackPrimitives (span)")]
        public int NerdbankSpan()
        {
            Span<byte> span = Output;
            int[] values = _values;
            if (!NbPrimitives.TryWriteArrayHeader(span, (uint)values.Length, out int w))
            {
                Peer.Fail("array header");
            }

            for (int i = 0; i < values.Length; i++)
            {
                if (!NbPrimitives.TryWrite(span.Slice(w), values[i], out int written))
                {
                    Peer.Fail("int");
                }

                w += written;
            }

            return w;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_encode_seed(_valuesPointer, _values.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-c")]
        [PInvoke]
        public long MsgpackC() => Native.mpn_msgpackc_encode_seed(_valuesPointer, _values.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-c sbuffer")]

        [FullOnly]
        public long MsgpackCSbuffer() => Native.mpn_msgpackc_sbuffer_encode_seed(_valuesPointer, _values.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-cxx")]
        [PInvoke]
        public long MsgpackCxx() => Native.mpn_cxx_encode_seed(_valuesPointer, _values.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-cxx sbuffer")]

        [FullOnly]
        public long MsgpackCxxSbuffer() => Native.mpn_cxx_sbuffer_encode_seed(_valuesPointer, _values.Length, Dst, Capacity);
    }

    /// <summary>Reads the seed back: the array header, then 100 int32 values summed (the checksum every decoder returns).
    /// The .NET peers' span primitives here; their readers are in <see cref="StreamingSeedDecode"/>.</summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 2, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("Seed", "Decode")]
    public unsafe class SeedDecode : DecodeBase
    {
        [GlobalSetup]
        public void Setup()
        {
            int[] values = Workloads.SeedValues();
            int* pointer = Pinned.Address(values);
            SetInput((dst, capacity) => Native.mpn_msgpuck_encode_seed(pointer, values.Length, dst, capacity));

            CheckInput(Native.mpn_msgpuck_decode_seed, values.Length);
            CheckDecoders();
        }

        [Benchmark(Description = "MsgPackSpec span")]
        public long Span()
        {
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(source, out int offset);
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += MsgPackSpec.ReadInt32(source.Slice(offset), out int read);
                offset += read;
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec span, advancing")]
        public long SpanAdvancing()
        {
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(ref source);
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += MsgPackSpec.ReadInt32(ref source);
            }

            return sum;
        }

        // The token reader on the same loop: the array token (its type checked, as ReadArrayHeader checks it), then
        // one token per value, its integer taken with GetInt64 (which checks the type): token reading against the
        // typed reader above, on the hot path.
        [Benchmark(Description = "MsgPackSpec span, advancing, ReadToken")]
        public long SpanAdvancingToken()
        {
            ReadOnlySpan<byte> source = Input;
            MsgPackToken header = MsgPackSpec.ReadToken(ref source);
            if (header.Type != MsgPackTokenType.Array)
            {
                Unexpected.Token(header, "an array");
            }

            int count = header.Count;
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += MsgPackSpec.ReadToken(ref source).GetInt64();
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec pointer")]
        public long Pointer()
        {
            byte* p = Source;
            int left = Length;
            int count = MsgPackSpec.ReadArrayHeader(p, left, out int read);
            p += read;
            left -= read;
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += MsgPackSpec.ReadInt32(p, left, out read);
                p += read;
                left -= read;
            }

            return sum;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackPrimitives (span)")]
        public long MessagePackCSharpSpan()
        {
            ReadOnlySpan<byte> source = Input;
            if (MpcPrimitives.TryReadArrayHeader(source, out uint count, out int offset) != MpcDecodeResult.Success)
            {
                Peer.Fail("array header");
            }

            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                if (MpcPrimitives.TryReadInt32(source.Slice(offset), out int value, out int read) != MpcDecodeResult.Success)
                {
                    Peer.Fail("int");
                }

                sum += value;
                offset += read;
            }

            return sum;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackPrimitives (span)")]
        public long NerdbankSpan()
        {
            ReadOnlySpan<byte> source = Input;
            if (NbPrimitives.TryReadArrayHeader(source, out uint count, out int offset) != NbDecodeResult.Success)
            {
                Peer.Fail("array header");
            }

            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                if (NbPrimitives.TryRead(source.Slice(offset), out int value, out int read) != NbDecodeResult.Success)
                {
                    Peer.Fail("int");
                }

                sum += value;
                offset += read;
            }

            return sum;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_decode_seed(Source, Length, null, null);

        [Benchmark(Description = "msgpack-c")]
        [PInvoke]
        public long MsgpackC() => Native.mpn_msgpackc_decode_seed(Source, Length, null, null);

        [Benchmark(Description = "msgpack-cxx")]
        [PInvoke]
        public long MsgpackCxx() => Native.mpn_cxx_decode_seed(Source, Length, null, null);

        [Benchmark(Description = "msgpack-cxx visitor")]
        [PInvoke]
        public long MsgpackCxxVisitor() => Native.mpn_cxx_visitor_decode_seed(Source, Length, null, null);
    }
}
