using System;
using System.Buffers;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// The seed workload and the Tarantool request through the streaming layer: <see cref="MsgPackWriter"/> over a
    /// reused <see cref="PooledBufferWriter"/> (Reset between messages, so nothing is rented in steady state), next
    /// to the raw span API and msgpuck. The writer's bytes are compared with msgpuck's in the setup.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("StreamingSeed", "Encode")]
    public unsafe class StreamingSeedEncode : BenchmarkBase
    {
        private readonly PooledBufferWriter _pooled = new PooledBufferWriter(1024);
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
            Writer();
            Fairness.SameBytes(Workload, "MsgPackWriter over PooledBufferWriter", expected, _pooled.WrittenSpan);
        }

        [GlobalCleanup]
        public void Cleanup() => _pooled.Dispose();

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

        [Benchmark(Description = "MsgPackWriter over PooledBufferWriter")]
        [NotCompared]
        public long Writer()
        {
            _pooled.Reset();
            var writer = new MsgPackWriter(_pooled);
            int[] values = _values;
            writer.WriteArray16Header((ushort)values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                writer.WriteInt32(values[i]);
            }

            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_encode_seed(_valuesPointer, _values.Length, Dst, Capacity);
    }

    /// <summary>The Tarantool request of <see cref="TarantoolEncode"/>, through <see cref="MsgPackWriter"/>.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("StreamingTarantool", "Encode")]
    public unsafe class StreamingTarantoolEncode : BenchmarkBase
    {
        private readonly PooledBufferWriter _pooled = new PooledBufferWriter(1024);
        private uint _type = 1;
        private ulong _sync = 1_234_567;
        private uint _spaceId = 512;
        private long _key = 100_500;

        [GlobalSetup]
        public void Setup()
        {
            Native.EnsureLoaded();
            AllocateOutput(4096);
            byte[] expected = CheckEncoders();
            Writer();
            Fairness.SameBytes(Workload, "MsgPackWriter over PooledBufferWriter", expected, _pooled.WrittenSpan);
        }

        [GlobalCleanup]
        public void Cleanup() => _pooled.Dispose();

        [Benchmark(Description = "MsgPackSpec span")]
        public int Span()
        {
            Span<byte> span = Output;
            int w = MsgPackSpec.WriteMapHeader(span, 2);
            w += MsgPackSpec.WriteUInt32(span.Slice(w), 0x00);
            w += MsgPackSpec.WriteUInt32(span.Slice(w), _type);
            w += MsgPackSpec.WriteUInt32(span.Slice(w), 0x01);
            w += MsgPackSpec.WriteUInt64(span.Slice(w), _sync);
            w += MsgPackSpec.WriteMapHeader(span.Slice(w), 2);
            w += MsgPackSpec.WriteUInt32(span.Slice(w), 0x10);
            w += MsgPackSpec.WriteUInt32(span.Slice(w), _spaceId);
            w += MsgPackSpec.WriteUInt32(span.Slice(w), 0x20);
            w += MsgPackSpec.WriteArrayHeader(span.Slice(w), 1);
            w += MsgPackSpec.WriteInt64(span.Slice(w), _key);
            return w;
        }

        [Benchmark(Description = "MsgPackWriter over PooledBufferWriter")]
        [NotCompared]
        public long Writer()
        {
            _pooled.Reset();
            var writer = new MsgPackWriter(_pooled);
            writer.WriteMapHeader(2);
            writer.WriteUInt32(0x00);
            writer.WriteUInt32(_type);
            writer.WriteUInt32(0x01);
            writer.WriteUInt64(_sync);
            writer.WriteMapHeader(2);
            writer.WriteUInt32(0x10);
            writer.WriteUInt32(_spaceId);
            writer.WriteUInt32(0x20);
            writer.WriteArrayHeader(1);
            writer.WriteInt64(_key);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_encode_tarantool(_type, _sync, _spaceId, _key, Dst, Capacity);
    }

    /// <summary>
    /// The seed workload read back through <see cref="MsgPackReader"/>: over a single-segment sequence, and over a
    /// sequence of 64-byte segments (so about one value in thirteen straddles two segments), next to the raw span
    /// API and msgpuck. Every row returns the same checksum (the sum of the values).
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("StreamingSeed", "Decode")]
    public unsafe class StreamingSeedDecode : DecodeBase
    {
        private const int SegmentLength = 64;

        private ReadOnlySequence<byte> _single;
        private ReadOnlySequence<byte> _segmented;

        [GlobalSetup]
        public void Setup()
        {
            int[] values = Workloads.SeedValues();
            int* pointer = Pinned.Address(values);
            SetInput((dst, capacity) => Native.mpn_msgpuck_encode_seed(pointer, values.Length, dst, capacity));
            CheckInput(Native.mpn_msgpuck_decode_seed, values.Length);
            _single = new ReadOnlySequence<byte>(Input);
            _segmented = Segments.Split(Input, SegmentLength);
            Fairness.Check(!_segmented.IsSingleSegment, Workload, "the segmented input has one segment.");
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

        [Benchmark(Description = "MsgPackReader, one segment, loop in a helper")]
        public long ReaderSingleSegment()
        {
            var reader = new MsgPackReader(_single);
            return Sum(ref reader);
        }

        [Benchmark(Description = "MsgPackReader, 64-byte segments, loop in a helper")]
        public long ReaderSegmented()
        {
            var reader = new MsgPackReader(_segmented);
            return Sum(ref reader);
        }

        // The same two readers with the loop in the method that owns the reader, as the span rows have it: the
        // reader is then a local of this frame, and where its fields live changes how fast the loop runs.
        [Benchmark(Description = "MsgPackReader, one segment, loop in place")]
        public long ReaderSingleSegmentInPlace()
        {
            var reader = new MsgPackReader(_single);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt32();
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackReader, 64-byte segments, loop in place")]
        public long ReaderSegmentedInPlace()
        {
            var reader = new MsgPackReader(_segmented);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt32();
            }

            return sum;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_decode_seed(Source, Length, null, null);

        // The reader goes by reference, as a mutable ref struct should (Utf8JsonReader likewise).
        private static long Sum(ref MsgPackReader reader)
        {
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt32();
            }

            return sum;
        }
    }

    /// <summary>
    /// Growing output buffers, from 16 B to 4 MiB messages written as 5-byte values through <see cref="MsgPackWriter"/>:
    /// <see cref="PooledBufferWriter"/> (one pooled array, copied when it grows), <see cref="SegmentedBufferWriter"/>
    /// (pooled segments, never copied) and the BCL's <see cref="ArrayBufferWriter{T}"/> (new arrays, copied when it
    /// grows). Each operation starts from a new, empty writer, so that growth is what is measured: the writer objects
    /// themselves are the only managed allocation of the two pooled rows (their arrays come from the pool), while
    /// ArrayBufferWriter allocates its arrays.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("BufferWriters")]
    public class BufferWriters
    {
        [Params(16, 1024, 64 * 1024, 1024 * 1024, 4 * 1024 * 1024)]
        public int MessageSize { get; set; }

        [Benchmark(Baseline = true, Description = "PooledBufferWriter")]
        public long Pooled()
        {
            using var output = new PooledBufferWriter(256);
            return Fill(output, MessageSize);
        }

        [Benchmark(Description = "SegmentedBufferWriter")]
        public long Segmented()
        {
            using var output = new SegmentedBufferWriter(256);
            return Fill(output, MessageSize);
        }

        [Benchmark(Description = "ArrayBufferWriter<byte>")]
        public long Array() => Fill(new ArrayBufferWriter<byte>(256), MessageSize);

        /// <summary>Writes uint 32 values (5 bytes each) until the message reaches its size.</summary>
        private static long Fill(IBufferWriter<byte> output, int size)
        {
            var writer = new MsgPackWriter(output);
            for (int i = 0; i < size / 5; i++)
            {
                writer.WriteFixUInt32((uint)i);
            }

            writer.Flush();
            return writer.BytesCommitted;
        }
    }

    /// <summary>Splits bytes into a sequence of fixed-size segments.</summary>
    internal static class Segments
    {
        public static ReadOnlySequence<byte> Split(byte[] bytes, int segmentLength)
        {
            var first = new Segment(bytes.AsMemory(0, Math.Min(segmentLength, bytes.Length)), 0);
            Segment last = first;
            for (int start = segmentLength; start < bytes.Length; start += segmentLength)
            {
                last = last.Append(bytes.AsMemory(start, Math.Min(segmentLength, bytes.Length - start)));
            }

            return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
        }

        private sealed class Segment : ReadOnlySequenceSegment<byte>
        {
            public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
            {
                Memory = memory;
                RunningIndex = runningIndex;
            }

            public Segment Append(ReadOnlyMemory<byte> memory)
            {
                var next = new Segment(memory, RunningIndex + Memory.Length);
                Next = next;
                return next;
            }
        }
    }
}
