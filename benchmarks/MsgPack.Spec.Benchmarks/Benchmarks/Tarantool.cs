using System;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// A Tarantool-style request, the library's first user: the IPROTO header map {0x00: request type, 0x01: sync}
    /// and a SELECT-like body map {0x10: space id, 0x20: [key]}, every integer in its smallest form (13..20 bytes).
    /// Small enough that the cost of one P/Invoke is a large share of the native rows. Every row of the request's two
    /// classes: the span rows and the .NET peers' span primitives (<see cref="TarantoolEncode"/>), the writers, ours
    /// (written in place, and in a helper that takes the writer by reference) and theirs (<see cref="StreamingTarantoolEncode"/>),
    /// msgpuck (the baseline of both) and the other natives.
    /// </summary>
    public abstract unsafe class TarantoolRequestEncode : BenchmarkBase
    {
        private const uint KeyType = 0x00;
        private const uint KeySync = 0x01;
        private const uint KeySpaceId = 0x10;
        private const uint KeyKey = 0x20;

        // Fields, not constants, so that the JIT cannot fold the values into the code.
        private uint _type = 1;           // SELECT
        private ulong _sync = 1_234_567;  // uint 32
        private uint _spaceId = 512;      // uint 16
        private long _key = 100_500;      // uint 32

        [GlobalSetup]
        public void Setup()
        {
            Native.EnsureLoaded();
            AllocateOutput(4096);
            byte[] expected = CheckEncoders();

            // The header's documented example: (1, 42, 512, 7) -> 82 00 01 01 2a 82 10 cd 02 00 20 91 07.
            (uint type, ulong sync, long key) = (_type, _sync, _key);
            (_type, _sync, _key) = (1, 42, 7);
            Fairness.SameBytes(Workload, "MsgPackSpec span (the header's example)", new byte[] { 0x82, 0x00, 0x01, 0x01, 0x2a, 0x82, 0x10, 0xcd, 0x02, 0x00, 0x20, 0x91, 0x07 }, Output.AsSpan(0, Span()));
            (_type, _sync, _key) = (type, sync, key);
            Fairness.Check(expected.Length == 21, Workload, $"msgpuck wrote {expected.Length} bytes, expected 21.");
        }

        [Benchmark(Description = "MsgPackSpec span")]
        public int Span()
        {
            Span<byte> span = Output;
            int w = MsgPackSpec.WriteMapHeader(span, 2);
            w += MsgPackSpec.WriteUInt32(span.Slice(w), KeyType);
            w += MsgPackSpec.WriteUInt32(span.Slice(w), _type);
            w += MsgPackSpec.WriteUInt32(span.Slice(w), KeySync);
            w += MsgPackSpec.WriteUInt64(span.Slice(w), _sync);
            w += MsgPackSpec.WriteMapHeader(span.Slice(w), 2);
            w += MsgPackSpec.WriteUInt32(span.Slice(w), KeySpaceId);
            w += MsgPackSpec.WriteUInt32(span.Slice(w), _spaceId);
            w += MsgPackSpec.WriteUInt32(span.Slice(w), KeyKey);
            w += MsgPackSpec.WriteArrayHeader(span.Slice(w), 1);
            w += MsgPackSpec.WriteInt64(span.Slice(w), _key);
            return w;
        }

        [Benchmark(Description = "MsgPackSpec span, advancing")]
        public int SpanAdvancing()
        {
            Span<byte> span = Output;
            Span<byte> rest = span;
            MsgPackSpec.WriteMapHeader(ref rest, 2);
            MsgPackSpec.WriteUInt32(ref rest, KeyType);
            MsgPackSpec.WriteUInt32(ref rest, _type);
            MsgPackSpec.WriteUInt32(ref rest, KeySync);
            MsgPackSpec.WriteUInt64(ref rest, _sync);
            MsgPackSpec.WriteMapHeader(ref rest, 2);
            MsgPackSpec.WriteUInt32(ref rest, KeySpaceId);
            MsgPackSpec.WriteUInt32(ref rest, _spaceId);
            MsgPackSpec.WriteUInt32(ref rest, KeyKey);
            MsgPackSpec.WriteArrayHeader(ref rest, 1);
            MsgPackSpec.WriteInt64(ref rest, _key);
            return span.Length - rest.Length;
        }

        [Benchmark(Description = "MsgPackSpec pointer")]
        public int Pointer()
        {
            byte* start = Dst;
            byte* p = start;
            p += MsgPackSpec.WriteMapHeader(p, 2);
            p += MsgPackSpec.WriteUInt32(p, KeyType);
            p += MsgPackSpec.WriteUInt32(p, _type);
            p += MsgPackSpec.WriteUInt32(p, KeySync);
            p += MsgPackSpec.WriteUInt64(p, _sync);
            p += MsgPackSpec.WriteMapHeader(p, 2);
            p += MsgPackSpec.WriteUInt32(p, KeySpaceId);
            p += MsgPackSpec.WriteUInt32(p, _spaceId);
            p += MsgPackSpec.WriteUInt32(p, KeyKey);
            p += MsgPackSpec.WriteArrayHeader(p, 1);
            p += MsgPackSpec.WriteInt64(p, _key);
            return (int)(p - start);
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

        [Benchmark(Description = "MessagePack-CSharp MessagePackPrimitives (span)")]
        public int MessagePackCSharpSpan()
        {
            Span<byte> span = Output;
            int w = 0;
            int written;
            bool ok = true; // one check at the end: a failed write reports the size it needed, and the next Slice throws
            ok &= MpcPrimitives.TryWriteMapHeader(span.Slice(w), 2, out written);
            w += written;
            ok &= MpcPrimitives.TryWrite(span.Slice(w), KeyType, out written);
            w += written;
            ok &= MpcPrimitives.TryWrite(span.Slice(w), _type, out written);
            w += written;
            ok &= MpcPrimitives.TryWrite(span.Slice(w), KeySync, out written);
            w += written;
            ok &= MpcPrimitives.TryWrite(span.Slice(w), _sync, out written);
            w += written;
            ok &= MpcPrimitives.TryWriteMapHeader(span.Slice(w), 2, out written);
            w += written;
            ok &= MpcPrimitives.TryWrite(span.Slice(w), KeySpaceId, out written);
            w += written;
            ok &= MpcPrimitives.TryWrite(span.Slice(w), _spaceId, out written);
            w += written;
            ok &= MpcPrimitives.TryWrite(span.Slice(w), KeyKey, out written);
            w += written;
            ok &= MpcPrimitives.TryWriteArrayHeader(span.Slice(w), 1, out written);
            w += written;
            ok &= MpcPrimitives.TryWrite(span.Slice(w), _key, out written);
            w += written;
            if (!ok)
            {
                Peer.Fail("request");
            }

            return w;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackPrimitives (span)")]
        public int NerdbankSpan()
        {
            Span<byte> span = Output;
            int w = 0;
            int written;
            bool ok = true; // one check at the end: a failed write reports the size it needed, and the next Slice throws
            ok &= NbPrimitives.TryWriteMapHeader(span.Slice(w), 2, out written);
            w += written;
            ok &= NbPrimitives.TryWrite(span.Slice(w), KeyType, out written);
            w += written;
            ok &= NbPrimitives.TryWrite(span.Slice(w), _type, out written);
            w += written;
            ok &= NbPrimitives.TryWrite(span.Slice(w), KeySync, out written);
            w += written;
            ok &= NbPrimitives.TryWrite(span.Slice(w), _sync, out written);
            w += written;
            ok &= NbPrimitives.TryWriteMapHeader(span.Slice(w), 2, out written);
            w += written;
            ok &= NbPrimitives.TryWrite(span.Slice(w), KeySpaceId, out written);
            w += written;
            ok &= NbPrimitives.TryWrite(span.Slice(w), _spaceId, out written);
            w += written;
            ok &= NbPrimitives.TryWrite(span.Slice(w), KeyKey, out written);
            w += written;
            ok &= NbPrimitives.TryWriteArrayHeader(span.Slice(w), 1, out written);
            w += written;
            ok &= NbPrimitives.TryWrite(span.Slice(w), _key, out written);
            w += written;
            if (!ok)
            {
                Peer.Fail("request");
            }

            return w;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_encode_tarantool(_type, _sync, _spaceId, _key, Dst, Capacity);

        [Benchmark(Description = "msgpack-c")]
        [PInvoke]
        public long MsgpackC() => Native.mpn_msgpackc_encode_tarantool(_type, _sync, _spaceId, _key, Dst, Capacity);

        [Benchmark(Description = "msgpack-c sbuffer")]
        [PInvoke]
        [FullOnly]
        public long MsgpackCSbuffer() => Native.mpn_msgpackc_sbuffer_encode_tarantool(_type, _sync, _spaceId, _key, Dst, Capacity);

        [Benchmark(Description = "msgpack-cxx")]
        [PInvoke]
        public long MsgpackCxx() => Native.mpn_cxx_encode_tarantool(_type, _sync, _spaceId, _key, Dst, Capacity);

        [Benchmark(Description = "msgpack-cxx sbuffer")]
        [PInvoke]
        [FullOnly]
        public long MsgpackCxxSbuffer() => Native.mpn_cxx_sbuffer_encode_tarantool(_type, _sync, _spaceId, _key, Dst, Capacity);

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

    /// <summary>The Tarantool request through the span API and the .NET peers' span primitives (the writers are in
    /// <see cref="StreamingTarantoolEncode"/>), and every native library.</summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 2, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("Tarantool", "Encode")]
    [Without(nameof(Writer), nameof(WriterHelper), nameof(MessagePackCSharpWriter), nameof(NerdbankWriter))]
    public class TarantoolEncode : TarantoolRequestEncode
    {
    }

    /// <summary>The Tarantool request through <see cref="MsgPackWriter"/> (written in place, and in a helper that takes
    /// the writer by reference) and through the .NET peers' writers, next to the span row and msgpuck.</summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 2, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("StreamingTarantool", "Encode")]
    [Without(nameof(SpanAdvancing), nameof(Pointer), nameof(MessagePackCSharpSpan), nameof(NerdbankSpan), nameof(MsgpackC), nameof(MsgpackCSbuffer), nameof(MsgpackCxx), nameof(MsgpackCxxSbuffer))]
    public class StreamingTarantoolEncode : TarantoolRequestEncode
    {
        [GlobalCleanup]
        public void Cleanup() => Pooled.Dispose();
    }
}
