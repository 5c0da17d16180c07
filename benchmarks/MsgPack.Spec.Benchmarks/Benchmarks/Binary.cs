using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>One bin value of <see cref="Size"/> random bytes (16 B, 4 KiB, 64 KiB, 256 KiB: bin 8, 16 and 32
    /// headers), with a plain memory copy of the same bytes as the reference row: the floor that any writer pays. The
    /// .NET peers' span primitives write only the header (the payload is the caller's CopyTo); the streaming writers
    /// (ours and theirs) write into the class's reused PooledBufferWriter.</summary>
    /// <remarks>The payload is the base class's <c>Values</c>, which the native rows take (NativeEncodeBase).</remarks>
    [MemoryDiagnoser]
    [BenchmarkCategory("Binary", "Encode")]
    public unsafe class BinaryEncode : NativeEncodeBase<byte, BinaryNatives>
    {
        [ParamsSource(nameof(Sizes))]
        public int Size { get; set; }

        public static IEnumerable<int> Sizes => Workloads.BinarySizes();

        [GlobalSetup]
        public void Setup() => SetValues(Workloads.Payload(Size), Size + 4096);

        [Benchmark(Description = "MsgPackSpec span")]
        public int Span()
        {
            Span<byte> span = Output;
            return MsgPackSpec.WriteBinary(span, Values);
        }

        [Benchmark(Description = "MsgPackSpec pointer")]
        public int Pointer() => MsgPackSpec.WriteBinary(Dst, Values);

        [Benchmark(Description = "memory copy (span CopyTo)")]
        [PayloadOnly]
        public int MemoryCopy()
        {
            byte[] payload = Values;
            payload.AsSpan().CopyTo(Output);
            return payload.Length;
        }

        [Benchmark(Description = "MsgPackSpec MsgPackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long Writer()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            writer.WriteBinary(Values);
            writer.Flush();
            return writer.BytesCommitted;
        }

        // The peers' primitives write the header; the payload is the caller's copy.
        [Benchmark(Description = "MessagePack-CSharp MessagePackPrimitives (span header + CopyTo)")]
        public int MessagePackCSharpSpan()
        {
            Span<byte> span = Output;
            byte[] payload = Values;
            if (!MpcPrimitives.TryWriteBinHeader(span, (uint)payload.Length, out int w) || span.Length - w < payload.Length)
            {
                Peer.Fail("bin");
            }

            payload.AsSpan().CopyTo(span.Slice(w));
            return w + payload.Length;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long MessagePackCSharpWriter()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new MpcWriter(pooled);
            writer.Write(Values.AsSpan());
            writer.Flush();
            return pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackPrimitives (span header + CopyTo)")]
        public int NerdbankSpan()
        {
            Span<byte> span = Output;
            byte[] payload = Values;
            if (!NbPrimitives.TryWriteBinHeader(span, (uint)payload.Length, out int w) || span.Length - w < payload.Length)
            {
                Peer.Fail("bin");
            }

            payload.AsSpan().CopyTo(span.Slice(w));
            return w + payload.Length;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long NerdbankWriter()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new NbWriter(pooled);
            writer.Write(Values.AsSpan());
            writer.Flush();
            return pooled.WrittenCount;
        }
    }

    /// <summary>Reads the bin value back without copying; the checksum is the payload length.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Binary", "Decode")]
    public unsafe class BinaryDecode : NativeDecodeBase<long, BinaryNatives>
    {
        [ParamsSource(nameof(Sizes))]
        public int Size { get; set; }

        public static IEnumerable<int> Sizes => Workloads.BinarySizes();

        [GlobalSetup]
        public void Setup()
        {
            byte[] payload = Workloads.Payload(Size);
            byte* pointer = Pinned.Address(payload);
            SetInput((dst, capacity) => BinaryNatives.Msgpuck(pointer, payload.Length, dst, capacity), Size + 4096);
            CheckInput(1);
            CheckDecoders();
        }

        [Benchmark(Description = "MsgPackSpec span")]
        public long Span()
        {
            ReadOnlySpan<byte> source = Input;
            return MsgPackSpec.ReadBinary(source, out _).Length;
        }

        [Benchmark(Description = "MsgPackSpec pointer")]
        public long Pointer() => MsgPackSpec.ReadBinary(Source, Length, out _).Length;

        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment")]
        public long Reader()
        {
            var reader = new MsgPackReader(OneSegment);
            return reader.ReadBinary().Length;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackPrimitives (span header + slice)")]
        public long MessagePackCSharpSpan()
        {
            ReadOnlySpan<byte> source = Input;
            if (MpcPrimitives.TryReadBinHeader(source, out uint length, out int read) != MpcDecodeResult.Success)
            {
                Peer.Fail("bin header");
            }

            return source.Slice(read, (int)length).Length;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackReader, one segment")]
        public long MessagePackCSharpReader()
        {
            var reader = new MpcReader(OneSegment);
            return reader.ReadBytes()!.Value.Length;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackPrimitives (span header + slice)")]
        public long NerdbankSpan()
        {
            ReadOnlySpan<byte> source = Input;
            if (NbPrimitives.TryReadBinHeader(source, out uint length, out int read) != NbDecodeResult.Success)
            {
                Peer.Fail("bin header");
            }

            return source.Slice(read, (int)length).Length;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackReader, one segment")]
        public long NerdbankReader()
        {
            var reader = new NbReader(OneSegment);
            return reader.ReadBytes()!.Value.Length;
        }
    }
}
