using System;
using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
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
}
