using System;
using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
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
