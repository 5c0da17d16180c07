using System;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>Integers of every width: 100 int64 values from new Random(42), positive and negative fixints up to
    /// 64-bit values (<see cref="Workloads.Int64Values"/>), after the smallest array header: every row writes the
    /// smallest form, as msgpuck does (MessagePack-CSharp's and Nerdbank's Write(long); their WriteInt64 is fixed-width).
    /// Span rows, streaming writers over the class's reused PooledBufferWriter (ours and the .NET peers'), natives.</summary>
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

        [Benchmark(Description = "MsgPackSpec MsgPackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long Writer()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            long[] values = _values;
            writer.WriteArrayHeader(values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                writer.WriteInt64(values[i]);
            }

            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackPrimitives (span)")]
        public int MessagePackCSharpSpan()
        {
            Span<byte> span = Output;
            long[] values = _values;
            if (!MpcPrimitives.TryWriteArrayHeader(span, (uint)values.Length, out int w))
            {
                Peer.Fail("array header");
            }

            for (int i = 0; i < values.Length; i++)
            {
                if (!MpcPrimitives.TryWrite(span.Slice(w), values[i], out int written))
                {
                    Peer.Fail("int64");
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
            long[] values = _values;
            writer.WriteArrayHeader(values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                writer.Write(values[i]); // smallest form, as msgpuck (WriteInt64 would always write an int 64)
            }

            writer.Flush();
            return pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackPrimitives (span)")]
        public int NerdbankSpan()
        {
            Span<byte> span = Output;
            long[] values = _values;
            if (!NbPrimitives.TryWriteArrayHeader(span, (uint)values.Length, out int w))
            {
                Peer.Fail("array header");
            }

            for (int i = 0; i < values.Length; i++)
            {
                if (!NbPrimitives.TryWrite(span.Slice(w), values[i], out int written))
                {
                    Peer.Fail("int64");
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
            long[] values = _values;
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

    /// <summary>Reads the int64 array back (span rows, readers over a single-segment sequence, the peers' primitives and
    /// readers, natives); the checksum is the wrapping sum of the values.</summary>
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
                sum += MsgPackSpec.ReadInt64(p, left, out read);
                p += read;
                left -= read;
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment")]
        public long Reader()
        {
            var reader = new MsgPackReader(OneSegment);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt64();
            }

            return sum;
        }

        // The token reader on the reader's loop (see the span row's ReadToken).
        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment, ReadToken")]
        public long ReaderToken()
        {
            var reader = new MsgPackReader(OneSegment);
            MsgPackToken header = reader.ReadToken();
            if (header.Type != MsgPackTokenType.Array)
            {
                Unexpected.Token(header, "an array");
            }

            int count = header.Count;
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadToken().GetInt64();
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
                if (MpcPrimitives.TryReadInt64(source.Slice(offset), out long value, out int read) != MpcDecodeResult.Success)
                {
                    Peer.Fail("int64");
                }

                sum += value;
                offset += read;
            }

            return sum;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackReader, one segment")]
        public long MessagePackCSharpReader()
        {
            var reader = new MpcReader(OneSegment);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt64();
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
                if (NbPrimitives.TryRead(source.Slice(offset), out long value, out int read) != NbDecodeResult.Success)
                {
                    Peer.Fail("int64");
                }

                sum += value;
                offset += read;
            }

            return sum;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackReader, one segment")]
        public long NerdbankReader()
        {
            var reader = new NbReader(OneSegment);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt64();
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
