using System;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>100 float64 values (i - 50) * 1.5 + 0.375 after the smallest array header: every value a float 64
    /// (cb + 8 bytes). No whole numbers: msgpack-cxx writes those as integers.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Float64", "Encode")]
    public unsafe class Float64Encode : BenchmarkBase
    {
        private double[] _values = Array.Empty<double>();
        private double* _valuesPointer;

        [GlobalSetup]
        public void Setup()
        {
            Native.EnsureLoaded();
            _values = Workloads.Float64Values();
            _valuesPointer = Pinned.Address(_values);
            AllocateOutput(64 * 1024);
            CheckEncoders();
        }

        [Benchmark(Description = "MsgPackSpec span")]
        public int Span()
        {
            Span<byte> span = Output;
            double[] values = _values;
            int w = MsgPackSpec.WriteArrayHeader(span, values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                w += MsgPackSpec.WriteDouble(span.Slice(w), values[i]);
            }

            return w;
        }

        [Benchmark(Description = "MsgPackSpec span, advancing")]
        public int SpanAdvancing()
        {
            Span<byte> span = Output;
            Span<byte> rest = span;
            double[] values = _values;
            MsgPackSpec.WriteArrayHeader(ref rest, values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                MsgPackSpec.WriteDouble(ref rest, values[i]);
            }

            return span.Length - rest.Length;
        }

        [Benchmark(Description = "MsgPackSpec pointer")]
        public int Pointer()
        {
            byte* start = Dst;
            byte* p = start;
            double[] values = _values;
            p += MsgPackSpec.WriteArrayHeader(p, values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                p += MsgPackSpec.WriteDouble(p, values[i]);
            }

            return (int)(p - start);
        }

        [Benchmark(Description = "MsgPackSpec MsgPackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long Writer()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            double[] values = _values;
            writer.WriteArrayHeader(values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                writer.WriteDouble(values[i]);
            }

            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackPrimitives (span)")]
        public int MessagePackCSharpSpan()
        {
            Span<byte> span = Output;
            double[] values = _values;
            if (!MpcPrimitives.TryWriteArrayHeader(span, (uint)values.Length, out int w))
            {
                Peer.Fail("array header");
            }

            for (int i = 0; i < values.Length; i++)
            {
                if (!MpcPrimitives.TryWrite(span.Slice(w), values[i], out int written))
                {
                    Peer.Fail("float64");
                }

                w += written;
            }

            return w;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long MessagePackCSharpWriter()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new MpcWriter(pooled);
            double[] values = _values;
            writer.WriteArrayHeader(values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                writer.Write(values[i]);
            }

            writer.Flush();
            return pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackPrimitives (span)")]
        public int NerdbankSpan()
        {
            Span<byte> span = Output;
            double[] values = _values;
            if (!NbPrimitives.TryWriteArrayHeader(span, (uint)values.Length, out int w))
            {
                Peer.Fail("array header");
            }

            for (int i = 0; i < values.Length; i++)
            {
                if (!NbPrimitives.TryWrite(span.Slice(w), values[i], out int written))
                {
                    Peer.Fail("float64");
                }

                w += written;
            }

            return w;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long NerdbankWriter()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new NbWriter(pooled);
            double[] values = _values;
            writer.WriteArrayHeader(values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                writer.Write(values[i]);
            }

            writer.Flush();
            return pooled.WrittenCount;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_encode_float64_array(_valuesPointer, _values.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-c")]
        [PInvoke]
        public long MsgpackC() => Native.mpn_msgpackc_encode_float64_array(_valuesPointer, _values.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-c sbuffer")]

        [FullOnly]
        public long MsgpackCSbuffer() => Native.mpn_msgpackc_sbuffer_encode_float64_array(_valuesPointer, _values.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-cxx")]
        [PInvoke]
        public long MsgpackCxx() => Native.mpn_cxx_encode_float64_array(_valuesPointer, _values.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-cxx sbuffer")]

        [FullOnly]
        public long MsgpackCxxSbuffer() => Native.mpn_cxx_sbuffer_encode_float64_array(_valuesPointer, _values.Length, Dst, Capacity);
    }

    /// <summary>Reads the float64 array back (span rows, readers over a single-segment sequence, the .NET peers'
    /// primitives and readers, natives); the checksum is the sum of the values, added in order (bit-exact).</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Float64", "Decode")]
    public unsafe class Float64Decode : DecodeBase
    {
        [GlobalSetup]
        public void Setup()
        {
            double[] values = Workloads.Float64Values();
            double* pointer = Pinned.Address(values);
            SetInput((dst, capacity) => Native.mpn_msgpuck_encode_float64_array(pointer, values.Length, dst, capacity));
            CheckInput(Native.mpn_msgpuck_decode_float64_array, values.Length);
            CheckDecoders();
        }

        [Benchmark(Description = "MsgPackSpec span")]
        public double Span()
        {
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(source, out int offset);
            double sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += MsgPackSpec.ReadDouble(source.Slice(offset), out int read);
                offset += read;
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec span, advancing")]
        public double SpanAdvancing()
        {
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(ref source);
            double sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += MsgPackSpec.ReadDouble(ref source);
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec pointer")]
        public double Pointer()
        {
            byte* p = Source;
            int left = Length;
            int count = MsgPackSpec.ReadArrayHeader(p, left, out int read);
            p += read;
            left -= read;
            double sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += MsgPackSpec.ReadDouble(p, left, out read);
                p += read;
                left -= read;
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment")]
        public double Reader()
        {
            var reader = new MsgPackReader(OneSegment);
            int count = reader.ReadArrayHeader();
            double sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadDouble();
            }

            return sum;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackPrimitives (span)")]
        public double MessagePackCSharpSpan()
        {
            ReadOnlySpan<byte> source = Input;
            if (MpcPrimitives.TryReadArrayHeader(source, out uint count, out int offset) != MpcDecodeResult.Success)
            {
                Peer.Fail("array header");
            }

            double sum = 0;
            for (int i = 0; i < count; i++)
            {
                if (MpcPrimitives.TryReadDouble(source.Slice(offset), out double value, out int read) != MpcDecodeResult.Success)
                {
                    Peer.Fail("float64");
                }

                sum += value;
                offset += read;
            }

            return sum;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackReader, one segment")]
        public double MessagePackCSharpReader()
        {
            var reader = new MpcReader(OneSegment);
            int count = reader.ReadArrayHeader();
            double sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadDouble();
            }

            return sum;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackPrimitives (span)")]
        public double NerdbankSpan()
        {
            ReadOnlySpan<byte> source = Input;
            if (NbPrimitives.TryReadArrayHeader(source, out uint count, out int offset) != NbDecodeResult.Success)
            {
                Peer.Fail("array header");
            }

            double sum = 0;
            for (int i = 0; i < count; i++)
            {
                if (NbPrimitives.TryRead(source.Slice(offset), out double value, out int read) != NbDecodeResult.Success)
                {
                    Peer.Fail("float64");
                }

                sum += value;
                offset += read;
            }

            return sum;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackReader, one segment")]
        public double NerdbankReader()
        {
            var reader = new NbReader(OneSegment);
            int count = reader.ReadArrayHeader();
            double sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadDouble();
            }

            return sum;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public double Msgpuck() => Native.mpn_msgpuck_decode_float64_array(Source, Length, null, null);

        [Benchmark(Description = "msgpack-c")]
        [PInvoke]
        public double MsgpackC() => Native.mpn_msgpackc_decode_float64_array(Source, Length, null, null);

        [Benchmark(Description = "msgpack-cxx")]
        [PInvoke]
        public double MsgpackCxx() => Native.mpn_cxx_decode_float64_array(Source, Length, null, null);

        [Benchmark(Description = "msgpack-cxx visitor")]
        [PInvoke]
        public double MsgpackCxxVisitor() => Native.mpn_cxx_visitor_decode_float64_array(Source, Length, null, null);
    }
}
