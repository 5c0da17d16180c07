using System;
using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// The seed workload and the Tarantool request through the streaming layer: <see cref="MsgPackWriter"/> over a
    /// reused <see cref="PooledBufferWriter"/> (Reset between messages, so nothing is rented in steady state), next
    /// to the raw span API, the .NET peers' writers (MessagePack-CSharp's and Nerdbank.MessagePack's MessagePackWriter)
    /// over the same reused buffer writer, and msgpuck. Every writer's bytes are compared with msgpuck's in the setup.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("StreamingSeed", "Encode")]
    public unsafe class StreamingSeedEncode : BenchmarkBase
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
            CheckEncoders();
        }

        [GlobalCleanup]
        public void Cleanup() => Pooled.Dispose();

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

        [Benchmark(Description = "MsgPackSpec MsgPackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long Writer()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            int[] values = _values;
            writer.WriteArray16Header((ushort)values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                writer.WriteInt32(values[i]);
            }

            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long MessagePackCSharpWriter()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new MpcWriter(pooled);
            int[] values = _values;
            writer.WriteArrayHeader(values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                writer.Write(values[i]); // smallest form: a uint 32 here (WriteInt32 would write an int 32)
            }

            writer.Flush();
            return pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long NerdbankWriter()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new NbWriter(pooled);
            int[] values = _values;
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
        public long Msgpuck() => Native.mpn_msgpuck_encode_seed(_valuesPointer, _values.Length, Dst, Capacity);
    }

    /// <summary>The Tarantool request of <see cref="TarantoolEncode"/>, through <see cref="MsgPackWriter"/> (written in
    /// place, and in a helper that takes the writer by reference) and through the .NET peers' writers.</summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 2, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("StreamingTarantool", "Encode")]
    public unsafe class StreamingTarantoolEncode : BenchmarkBase
    {
        private uint _type = 1;
        private ulong _sync = 1_234_567;
        private uint _spaceId = 512;
        private long _key = 100_500;

        [GlobalSetup]
        public void Setup()
        {
            Native.EnsureLoaded();
            AllocateOutput(4096);
            CheckEncoders();
        }

        [GlobalCleanup]
        public void Cleanup() => Pooled.Dispose();

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

        [Benchmark(Description = "MsgPackSpec MsgPackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long Writer()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
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

        [Benchmark(Description = "MsgPackSpec MsgPackWriter over PooledBufferWriter, writes in a helper")]
        [BufferWriterOutput]
        public long WriterHelper()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            WriteRequest(ref writer, _type, _sync, _spaceId, _key);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long MessagePackCSharpWriter()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new MpcWriter(pooled);
            writer.WriteMapHeader(2);
            writer.Write(0x00u); // Write(uint) and the others: smallest form (WriteUInt32 would write a uint 32)
            writer.Write(_type);
            writer.Write(0x01u);
            writer.Write(_sync);
            writer.WriteMapHeader(2);
            writer.Write(0x10u);
            writer.Write(_spaceId);
            writer.Write(0x20u);
            writer.WriteArrayHeader(1);
            writer.Write(_key);
            writer.Flush();
            return pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long NerdbankWriter()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new NbWriter(pooled);
            writer.WriteMapHeader(2);
            writer.Write(0x00u);
            writer.Write(_type);
            writer.Write(0x01u);
            writer.Write(_sync);
            writer.WriteMapHeader(2);
            writer.Write(0x10u);
            writer.Write(_spaceId);
            writer.Write(0x20u);
            writer.WriteArrayHeader(1);
            writer.Write(_key);
            writer.Flush();
            return pooled.WrittenCount;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_encode_tarantool(_type, _sync, _spaceId, _key, Dst, Capacity);

        // The request written by a method that takes the writer by reference, as a serializer's per-type code would.
        private static void WriteRequest(ref MsgPackWriter writer, uint type, ulong sync, uint spaceId, long key)
        {
            writer.WriteMapHeader(2);
            writer.WriteUInt32(0x00);
            writer.WriteUInt32(type);
            writer.WriteUInt32(0x01);
            writer.WriteUInt64(sync);
            writer.WriteMapHeader(2);
            writer.WriteUInt32(0x10);
            writer.WriteUInt32(spaceId);
            writer.WriteUInt32(0x20);
            writer.WriteArrayHeader(1);
            writer.WriteInt64(key);
        }
    }

    /// <summary>
    /// The seed workload read back through <see cref="MsgPackReader"/>: over a single-segment sequence, and over a
    /// sequence of 64-byte segments (so about one value in thirteen straddles two segments), next to the raw span
    /// API, the .NET peers' readers over the same two sequences, and msgpuck. Every row returns the same checksum (the
    /// sum of the values).
    /// </summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 2, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("StreamingSeed", "Decode")]
    public unsafe class StreamingSeedDecode : DecodeBase
    {
        [GlobalSetup]
        public void Setup()
        {
            int[] values = Workloads.SeedValues();
            int* pointer = Pinned.Address(values);
            SetInput((dst, capacity) => Native.mpn_msgpuck_encode_seed(pointer, values.Length, dst, capacity));
            CheckInput(Native.mpn_msgpuck_decode_seed, values.Length);
            Fairness.Check(!Segmented.IsSingleSegment, Workload, "the segmented input has one segment.");
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

        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment, loop in a helper")]
        public long ReaderSingleSegment()
        {
            var reader = new MsgPackReader(OneSegment);
            return Sum(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec MsgPackReader, 64-byte segments, loop in a helper")]
        public long ReaderSegmented()
        {
            var reader = new MsgPackReader(Segmented);
            return Sum(ref reader);
        }

        // The helper loop through a MsgPackCursor: the helper takes the reader by reference and keeps its place in a
        // cursor of its own (see NestedDocumentDecode).
        [Benchmark(Description = "MsgPackSpec MsgPackCursor, one segment, loop in a helper")]
        public long CursorSingleSegment()
        {
            var reader = new MsgPackReader(OneSegment);
            return SumThroughCursor(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec MsgPackCursor, 64-byte segments, loop in a helper")]
        public long CursorSegmented()
        {
            var reader = new MsgPackReader(Segmented);
            return SumThroughCursor(ref reader);
        }

        // The same two readers with the loop in the method that owns the reader, as the span rows have it: the
        // reader is then a local of this frame, and where its fields live changes how fast the loop runs.
        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment, loop in place")]
        public long ReaderSingleSegmentInPlace()
        {
            var reader = new MsgPackReader(OneSegment);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt32();
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec MsgPackReader, 64-byte segments, loop in place")]
        public long ReaderSegmentedInPlace()
        {
            var reader = new MsgPackReader(Segmented);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt32();
            }

            return sum;
        }

        // The token reader on the reader's loop (see the span row's ReadToken).
        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment, loop in place, ReadToken")]
        public long ReaderSingleSegmentInPlaceToken()
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

        [Benchmark(Description = "MsgPackSpec MsgPackReader, 64-byte segments, loop in place, ReadToken")]
        public long ReaderSegmentedInPlaceToken()
        {
            var reader = new MsgPackReader(Segmented);
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

        [Benchmark(Description = "MessagePack-CSharp MessagePackReader, one segment")]
        public long MessagePackCSharpReaderSingleSegment()
        {
            var reader = new MpcReader(OneSegment);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt32();
            }

            return sum;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackReader, 64-byte segments")]
        public long MessagePackCSharpReaderSegmented()
        {
            var reader = new MpcReader(Segmented);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt32();
            }

            return sum;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackReader, one segment")]
        public long NerdbankReaderSingleSegment()
        {
            var reader = new NbReader(OneSegment);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt32();
            }

            return sum;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackReader, 64-byte segments")]
        public long NerdbankReaderSegmented()
        {
            var reader = new NbReader(Segmented);
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

        // The same helper, reading through a cursor: the place stays in registers, the reader is touched only when a
        // value straddles two segments, and once at the end (MoveTo).
        private static long SumThroughCursor(ref MsgPackReader reader)
        {
            MsgPackCursor cursor = reader.GetCursor();
            int count = cursor.ReadArrayHeader(ref reader);
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += cursor.ReadInt32(ref reader);
            }

            reader.MoveTo(cursor);
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
    [Allocates("a new buffer writer per operation (and ArrayBufferWriter's arrays)")]
    public class BufferWriters
    {
        [ParamsSource(nameof(MessageSizes))]
        public int MessageSize { get; set; }

        /// <summary>16 B to 4 MiB; the quick pass keeps the smallest, one in the middle and the largest.</summary>
        public static IEnumerable<int> MessageSizes =>
            Workloads.Quick ? new[] { 16, 64 * 1024, 4 * 1024 * 1024 } : new[] { 16, 1024, 64 * 1024, 1024 * 1024, 4 * 1024 * 1024 };

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
                writer.WriteUInt32Exact((uint)i);
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
