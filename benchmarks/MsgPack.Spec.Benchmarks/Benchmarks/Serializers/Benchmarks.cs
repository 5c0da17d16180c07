using System;
using BenchmarkDotNet.Attributes;

// One serialize and one deserialize class per model (the models are in Models.cs, Models.Unions.cs and
// Converters.cs), in the categories "Serializers", the model's name and "Serialize" or "Deserialize", so that each
// class is one group with its own baseline (MessagePack-CSharp) and `--anyCategories Serializers` selects them all.
// Our rows call the members our source generator wrote on the model; the peers' rows are in SerializerBase.cs.
namespace MsgPack.Spec.Benchmarks.Serializers
{
    /// <summary>Writes MessagePack-CSharp's IntKey: 9 ints, array layout.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "IntKey", "Serialize")]
    public class IntKeySerialize : SerializeBase<IntKey>
    {
        [GlobalSetup]
        public void Setup()
        {
            IntKey value = IntKey.Sample();
            SetUp(value, IntKey.GetEncodedLength(value));
        }

        [Benchmark(Description = "MsgPackSpec generated Write (MsgPackWriter over PooledBufferWriter)")]
        [BufferWriterOutput]
        public long OursWriter()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            IntKey.Write(ref writer, Value);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MsgPackSpec generated Write (span)")]
        public int OursSpan() => IntKey.Write(Output, Value);
    }

    /// <summary>Reads MessagePack-CSharp's IntKey: 9 ints, array layout.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "IntKey", "Deserialize")]
    public class IntKeyDeserialize : DeserializeBase<IntKey>
    {
        private IntKey? _existing;

        [GlobalSetup]
        public void Setup()
        {
            IntKey value = IntKey.Sample();
            byte[] ours = new byte[IntKey.GetEncodedLength(value)];
            IntKey.Write(ours, value);
            _existing = new IntKey();
            SetUp(value, ours);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, one segment)")]
        [Allocates("the object graph it returns")]
        public IntKey OursReader()
        {
            var reader = new MsgPackReader(OneSegment);
            return IntKey.Read(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (span)")]
        [Allocates("the object graph it returns")]
        public IntKey OursSpan() => IntKey.Read(Input, out _);

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, 3 segments)")]
        [Allocates("the object graph it returns")]
        public IntKey OursReaderSegments()
        {
            var reader = new MsgPackReader(ThreeSegments);
            return IntKey.Read(ref reader);
        }

        // Read into an existing value (the model has no reference members: nothing is allocated).
        [Benchmark(Description = "MsgPackSpec generated Read into an existing value (MsgPackReader, one segment)")]
        public IntKey OursReaderInto()
        {
            var reader = new MsgPackReader(OneSegment);
            IntKey.Read(ref reader, ref _existing);
            return _existing!;
        }
    }

    /// <summary>Writes MessagePack-CSharp's StringKey: 9 ints, map layout.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "StringKey", "Serialize")]
    public class StringKeySerialize : SerializeBase<StringKey>
    {
        [GlobalSetup]
        public void Setup()
        {
            StringKey value = StringKey.Sample();
            SetUp(value, StringKey.GetEncodedLength(value));
        }

        [Benchmark(Description = "MsgPackSpec generated Write (MsgPackWriter over PooledBufferWriter)")]
        [BufferWriterOutput]
        public long OursWriter()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            StringKey.Write(ref writer, Value);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MsgPackSpec generated Write (span)")]
        public int OursSpan() => StringKey.Write(Output, Value);
    }

    /// <summary>Reads MessagePack-CSharp's StringKey: 9 ints, map layout.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "StringKey", "Deserialize")]
    public class StringKeyDeserialize : DeserializeBase<StringKey>
    {
        private StringKey? _existing;

        [GlobalSetup]
        public void Setup()
        {
            StringKey value = StringKey.Sample();
            byte[] ours = new byte[StringKey.GetEncodedLength(value)];
            StringKey.Write(ours, value);
            _existing = new StringKey();
            SetUp(value, ours);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, one segment)")]
        [Allocates("the object graph it returns")]
        public StringKey OursReader()
        {
            var reader = new MsgPackReader(OneSegment);
            return StringKey.Read(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (span)")]
        [Allocates("the object graph it returns")]
        public StringKey OursSpan() => StringKey.Read(Input, out _);

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, 3 segments)")]
        [Allocates("the object graph it returns")]
        public StringKey OursReaderSegments()
        {
            var reader = new MsgPackReader(ThreeSegments);
            return StringKey.Read(ref reader);
        }

        // Read into an existing value (the model has no reference members: nothing is allocated).
        [Benchmark(Description = "MsgPackSpec generated Read into an existing value (MsgPackReader, one segment)")]
        public StringKey OursReaderInto()
        {
            var reader = new MsgPackReader(OneSegment);
            StringKey.Read(ref reader, ref _existing);
            return _existing!;
        }
    }

    /// <summary>Writes Nerdbank.MessagePack's PocoAsArray: an int and a string, array layout.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "PocoAsArray", "Serialize")]
    public class PocoAsArraySerialize : SerializeBase<PocoAsArray>
    {
        [GlobalSetup]
        public void Setup()
        {
            PocoAsArray value = PocoAsArray.Sample();
            SetUp(value, PocoAsArray.GetEncodedLength(value));
        }

        [Benchmark(Description = "MsgPackSpec generated Write (MsgPackWriter over PooledBufferWriter)")]
        [BufferWriterOutput]
        public long OursWriter()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            PocoAsArray.Write(ref writer, Value);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MsgPackSpec generated Write (span)")]
        public int OursSpan() => PocoAsArray.Write(Output, Value);
    }

    /// <summary>Reads Nerdbank.MessagePack's PocoAsArray: an int and a string, array layout.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "PocoAsArray", "Deserialize")]
    public class PocoAsArrayDeserialize : DeserializeBase<PocoAsArray>
    {
        private PocoAsArray? _existing;

        [GlobalSetup]
        public void Setup()
        {
            PocoAsArray value = PocoAsArray.Sample();
            byte[] ours = new byte[PocoAsArray.GetEncodedLength(value)];
            PocoAsArray.Write(ours, value);
            _existing = new PocoAsArray();
            SetUp(value, ours);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, one segment)")]
        [Allocates("the object graph it returns")]
        public PocoAsArray OursReader()
        {
            var reader = new MsgPackReader(OneSegment);
            return PocoAsArray.Read(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (span)")]
        [Allocates("the object graph it returns")]
        public PocoAsArray OursSpan() => PocoAsArray.Read(Input, out _);

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, 3 segments)")]
        [Allocates("the object graph it returns")]
        public PocoAsArray OursReaderSegments()
        {
            var reader = new MsgPackReader(ThreeSegments);
            return PocoAsArray.Read(ref reader);
        }

        // Read into an existing value.
        [Benchmark(Description = "MsgPackSpec generated Read into an existing value (MsgPackReader, one segment)")]
        [Allocates("the strings and objects it reads (into the existing value, not the value itself)")]
        public PocoAsArray OursReaderInto()
        {
            var reader = new MsgPackReader(OneSegment);
            PocoAsArray.Read(ref reader, ref _existing);
            return _existing!;
        }
    }

    /// <summary>Writes Nerdbank.MessagePack's PocoMap: an int and a string, map layout.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "PocoMap", "Serialize")]
    public class PocoMapSerialize : SerializeBase<PocoMap>
    {
        [GlobalSetup]
        public void Setup()
        {
            PocoMap value = PocoMap.Sample();
            SetUp(value, PocoMap.GetEncodedLength(value));
        }

        [Benchmark(Description = "MsgPackSpec generated Write (MsgPackWriter over PooledBufferWriter)")]
        [BufferWriterOutput]
        public long OursWriter()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            PocoMap.Write(ref writer, Value);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MsgPackSpec generated Write (span)")]
        public int OursSpan() => PocoMap.Write(Output, Value);
    }

    /// <summary>Reads Nerdbank.MessagePack's PocoMap: an int and a string, map layout.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "PocoMap", "Deserialize")]
    public class PocoMapDeserialize : DeserializeBase<PocoMap>
    {
        private PocoMap? _existing;

        [GlobalSetup]
        public void Setup()
        {
            PocoMap value = PocoMap.Sample();
            byte[] ours = new byte[PocoMap.GetEncodedLength(value)];
            PocoMap.Write(ours, value);
            _existing = new PocoMap();
            SetUp(value, ours);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, one segment)")]
        [Allocates("the object graph it returns")]
        public PocoMap OursReader()
        {
            var reader = new MsgPackReader(OneSegment);
            return PocoMap.Read(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (span)")]
        [Allocates("the object graph it returns")]
        public PocoMap OursSpan() => PocoMap.Read(Input, out _);

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, 3 segments)")]
        [Allocates("the object graph it returns")]
        public PocoMap OursReaderSegments()
        {
            var reader = new MsgPackReader(ThreeSegments);
            return PocoMap.Read(ref reader);
        }

        // Read into an existing value.
        [Benchmark(Description = "MsgPackSpec generated Read into an existing value (MsgPackReader, one segment)")]
        [Allocates("the strings and objects it reads (into the existing value, not the value itself)")]
        public PocoMap OursReaderInto()
        {
            var reader = new MsgPackReader(OneSegment);
            PocoMap.Read(ref reader, ref _existing);
            return _existing!;
        }
    }

    /// <summary>Writes a StackOverflow-style answer: 21 members, nested users, 3 comments, 4 tags, map layout.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "Answer", "Serialize")]
    public class AnswerSerialize : SerializeBase<Answer>
    {
        [GlobalSetup]
        public void Setup()
        {
            Answer value = Answer.Sample();
            SetUp(value, Answer.GetEncodedLength(value));
        }

        [Benchmark(Description = "MsgPackSpec generated Write (MsgPackWriter over PooledBufferWriter)")]
        [BufferWriterOutput]
        public long OursWriter()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            Answer.Write(ref writer, Value);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MsgPackSpec generated Write (span)")]
        public int OursSpan() => Answer.Write(Output, Value);
    }

    /// <summary>Reads a StackOverflow-style answer: 21 members, nested users, 3 comments, 4 tags, map layout.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "Answer", "Deserialize")]
    public class AnswerDeserialize : DeserializeBase<Answer>
    {
        private Answer? _existing;

        [GlobalSetup]
        public void Setup()
        {
            Answer value = Answer.Sample();
            byte[] ours = new byte[Answer.GetEncodedLength(value)];
            Answer.Write(ours, value);
            _existing = new Answer();
            SetUp(value, ours);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, one segment)")]
        [Allocates("the object graph it returns")]
        public Answer OursReader()
        {
            var reader = new MsgPackReader(OneSegment);
            return Answer.Read(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (span)")]
        [Allocates("the object graph it returns")]
        public Answer OursSpan() => Answer.Read(Input, out _);

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, 3 segments)")]
        [Allocates("the object graph it returns")]
        public Answer OursReaderSegments()
        {
            var reader = new MsgPackReader(ThreeSegments);
            return Answer.Read(ref reader);
        }

        // Read into an existing value.
        [Benchmark(Description = "MsgPackSpec generated Read into an existing value (MsgPackReader, one segment)")]
        [Allocates("the strings and objects it reads (into the existing value, not the value itself)")]
        public Answer OursReaderInto()
        {
            var reader = new MsgPackReader(OneSegment);
            Answer.Read(ref reader, ref _existing);
            return _existing!;
        }
    }

    /// <summary>Writes MemoryPack's JsonResponseModel shape: 50 records of 27 members, array layout.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "Response", "Serialize")]
    public class ResponseSerialize : SerializeBase<Response>
    {
        [GlobalSetup]
        public void Setup()
        {
            Response value = Response.Sample();
            SetUp(value, Response.GetEncodedLength(value));
        }

        [Benchmark(Description = "MsgPackSpec generated Write (MsgPackWriter over PooledBufferWriter)")]
        [BufferWriterOutput]
        public long OursWriter()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            Response.Write(ref writer, Value);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MsgPackSpec generated Write (span)")]
        public int OursSpan() => Response.Write(Output, Value);
    }

    /// <summary>Reads MemoryPack's JsonResponseModel shape: 50 records of 27 members, array layout.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "Response", "Deserialize")]
    public class ResponseDeserialize : DeserializeBase<Response>
    {
        private Response? _existing;

        [GlobalSetup]
        public void Setup()
        {
            Response value = Response.Sample();
            byte[] ours = new byte[Response.GetEncodedLength(value)];
            Response.Write(ours, value);
            _existing = new Response();
            SetUp(value, ours);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, one segment)")]
        [Allocates("the object graph it returns")]
        public Response OursReader()
        {
            var reader = new MsgPackReader(OneSegment);
            return Response.Read(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (span)")]
        [Allocates("the object graph it returns")]
        public Response OursSpan() => Response.Read(Input, out _);

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, 3 segments)")]
        [Allocates("the object graph it returns")]
        public Response OursReaderSegments()
        {
            var reader = new MsgPackReader(ThreeSegments);
            return Response.Read(ref reader);
        }

        // Read into an existing value.
        [Benchmark(Description = "MsgPackSpec generated Read into an existing value (MsgPackReader, one segment)")]
        [Allocates("the strings and objects it reads (into the existing value, not the value itself)")]
        public Response OursReaderInto()
        {
            var reader = new MsgPackReader(OneSegment);
            Response.Read(ref reader, ref _existing);
            return _existing!;
        }
    }

    /// <summary>Writes a layer of 65,536 float weights and two ints, array layout.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "Layer", "Serialize")]
    public class LayerSerialize : SerializeBase<Layer>
    {
        [GlobalSetup]
        public void Setup()
        {
            Layer value = Layer.Sample();
            SetUp(value, Layer.GetEncodedLength(value));
        }

        [Benchmark(Description = "MsgPackSpec generated Write (MsgPackWriter over PooledBufferWriter)")]
        [BufferWriterOutput]
        public long OursWriter()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            Layer.Write(ref writer, Value);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MsgPackSpec generated Write (span)")]
        public int OursSpan() => Layer.Write(Output, Value);
    }

    /// <summary>Reads a layer of 65,536 float weights and two ints, array layout.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "Layer", "Deserialize")]
    public class LayerDeserialize : DeserializeBase<Layer>
    {
        private Layer? _existing;

        [GlobalSetup]
        public void Setup()
        {
            Layer value = Layer.Sample();
            byte[] ours = new byte[Layer.GetEncodedLength(value)];
            Layer.Write(ours, value);
            _existing = new Layer();
            SetUp(value, ours);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, one segment)")]
        [Allocates("the object graph it returns")]
        public Layer OursReader()
        {
            var reader = new MsgPackReader(OneSegment);
            return Layer.Read(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (span)")]
        [Allocates("the object graph it returns")]
        public Layer OursSpan() => Layer.Read(Input, out _);

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, 3 segments)")]
        [Allocates("the object graph it returns")]
        public Layer OursReaderSegments()
        {
            var reader = new MsgPackReader(ThreeSegments);
            return Layer.Read(ref reader);
        }

        // Read into an existing value.
        [Benchmark(Description = "MsgPackSpec generated Read into an existing value (MsgPackReader, one segment)")]
        [Allocates("the strings and objects it reads (into the existing value, not the value itself)")]
        public Layer OursReaderInto()
        {
            var reader = new MsgPackReader(OneSegment);
            Layer.Read(ref reader, ref _existing);
            return _existing!;
        }
    }

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

    /// <summary>Writes the ledger: 34 amounts through each library's converter.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "Ledger", "Serialize")]
    public class LedgerSerialize : SerializeBase<Ledger>
    {
        [GlobalSetup]
        public void Setup()
        {
            Ledger value = Ledger.Sample();
            SetUp(value, Ledger.GetEncodedLength(value));
        }

        [Benchmark(Description = "MsgPackSpec generated Write (MsgPackWriter over PooledBufferWriter)")]
        [BufferWriterOutput]
        public long OursWriter()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            Ledger.Write(ref writer, Value);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MsgPackSpec generated Write (span)")]
        public int OursSpan() => Ledger.Write(Output, Value);
    }

    /// <summary>Reads the ledger: 34 amounts through each library's converter.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Serializers", "Ledger", "Deserialize")]
    public class LedgerDeserialize : DeserializeBase<Ledger>
    {
        [GlobalSetup]
        public void Setup()
        {
            Ledger value = Ledger.Sample();
            byte[] ours = new byte[Ledger.GetEncodedLength(value)];
            Ledger.Write(ours, value);
            SetUp(value, ours);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (MsgPackReader, one segment)")]
        [Allocates("the object graph it returns")]
        public Ledger OursReader()
        {
            var reader = new MsgPackReader(OneSegment);
            return Ledger.Read(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec generated Read (span)")]
        [Allocates("the object graph it returns")]
        public Ledger OursSpan() => Ledger.Read(Input, out _);
    }
}
