using System;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>Integers of every width: 100 int64 values from new Random(42), positive and negative fixints up to
    /// 64-bit values (<see cref="Workloads.Int64Values"/>), after the smallest array header.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Int64", "Encode")]
    public unsafe class Int64Encode : BenchmarkBase
    {
        private long[] _values = Array.Empty<long>();
        private long* _valuesPointer;

        [GlobalSetup]
        public void Setup()
        {
            Native.EnsureLoaded();
            _values = Workloads.Int64Values();
            _valuesPointer = Pinned.Address(_values);
            AllocateOutput(64 * 1024);
            CheckEncoders();
        }

        [Benchmark(Description = "MsgPackSpec span")]
        public int Span()
        {
            Span<byte> span = Output;
            long[] values = _values;
            int w = MsgPackSpec.WriteArrayHeader(span, values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                w += MsgPackSpec.WriteInt64(span.Slice(w), values[i]);
            }

            return w;
        }

        [Benchmark(Description = "MsgPackSpec span, advancing")]
        public int SpanAdvancing()
        {
            Span<byte> span = Output;
            Span<byte> rest = span;
            long[] values = _values;
            MsgPackSpec.WriteArrayHeader(ref rest, values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                MsgPackSpec.WriteInt64(ref rest, values[i]);
            }

            return span.Length - rest.Length;
        }

        [Benchmark(Description = "MsgPackSpec pointer")]
        public int Pointer()
        {
            byte* start = Dst;
            byte* p = start;
            long[] values = _values;
            p += MsgPackSpec.WriteArrayHeader(p, values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                p += MsgPackSpec.WriteInt64(p, values[i]);
            }

            return (int)(p - start);
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_encode_int64_array(_valuesPointer, _values.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-c")]
        [PInvoke]
        public long MsgpackC() => Native.mpn_msgpackc_encode_int64_array(_valuesPointer, _values.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-c sbuffer")]

        [FullOnly]
        public long MsgpackCSbuffer() => Native.mpn_msgpackc_sbuffer_encode_int64_array(_valuesPointer, _values.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-cxx")]
        [PInvoke]
        public long MsgpackCxx() => Native.mpn_cxx_encode_int64_array(_valuesPointer, _values.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-cxx sbuffer")]

        [FullOnly]
        public long MsgpackCxxSbuffer() => Native.mpn_cxx_sbuffer_encode_int64_array(_valuesPointer, _values.Length, Dst, Capacity);
    }

    /// <summary>Reads the int64 array back; the checksum is the wrapping sum of the values.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Int64", "Decode")]
    public unsafe class Int64Decode : DecodeBase
    {
        [GlobalSetup]
        public void Setup()
        {
            long[] values = Workloads.Int64Values();
            long* pointer = Pinned.Address(values);
            SetInput((dst, capacity) => Native.mpn_msgpuck_encode_int64_array(pointer, values.Length, dst, capacity));
            CheckInput(Native.mpn_msgpuck_decode_int64_array, values.Length);
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
                sum += MsgPackSpec.ReadInt64(source.Slice(offset), out int read);
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
                sum += MsgPackSpec.ReadInt64(ref source);
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
                sum += MsgPackSpec.ReadInt64(p, left, out read);
                p += read;
                left -= read;
            }

            return sum;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_decode_int64_array(Source, Length, null, null);

        [Benchmark(Description = "msgpack-c")]
        [PInvoke]
        public long MsgpackC() => Native.mpn_msgpackc_decode_int64_array(Source, Length, null, null);

        [Benchmark(Description = "msgpack-cxx")]
        [PInvoke]
        public long MsgpackCxx() => Native.mpn_cxx_decode_int64_array(Source, Length, null, null);

        [Benchmark(Description = "msgpack-cxx visitor")]
        [PInvoke]
        public long MsgpackCxxVisitor() => Native.mpn_cxx_visitor_decode_int64_array(Source, Length, null, null);
    }
}
