using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks.Serializers
{
    /// <summary>Writes a union-heavy scene: 33 shapes of 4 cases, 8 of them groups of 3 (Models.Unions.cs).</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "Union", "Serialize")]
    public class UnionSerialize : SerializeBase<UnionScene>
    {
        [GlobalSetup]
        public void Setup()
        {
            UnionScene value = UnionScene.Sample();
            SetUp(value, UnionScene.GetEncodedLength(value));
        }

        [Benchmark(Description = "MsgPackSpec generated Write (MsgPackWriter over PooledBufferWriter)")]
        [BufferWriterOutput]
        public long OursWriter()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            UnionScene.Write(ref writer, Value);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MsgPackSpec generated Write (span)")]
        public int OursSpan() => UnionScene.Write(Output, Value);
    }

    /// <summary>Reads the union-heavy scene.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "Union", "Deserialize")]
    public class UnionDeserialize : DeserializeBase<UnionScene>
    {
        [GlobalSetup]
        public void Setup()
        {
            UnionScene value = UnionScene.Sample();
            byte[] ours = new byte[UnionScene.GetEncodedLength(value)];
            UnionScene.Write(ours, value);
            SetUp(value, ours);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, one segment)")]
        [Allocates("the object graph it returns")]
        public UnionScene OursReader()
        {
            var reader = new MsgPackReader(OneSegment);
            return UnionScene.Read(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (span)")]
        [Allocates("the object graph it returns")]
        public UnionScene OursSpan() => UnionScene.Read(Input, out _);

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, 3 segments)")]
        [Allocates("the object graph it returns")]
        public UnionScene OursReaderSegments()
        {
            var reader = new MsgPackReader(ThreeSegments);
            return UnionScene.Read(ref reader);
        }
    }
}
