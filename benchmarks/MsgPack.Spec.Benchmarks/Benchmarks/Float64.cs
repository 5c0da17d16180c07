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

    /// <summary>Reads the float64 array back; the checksum is the sum of the values, added in order (bit-exact).</summary>
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
