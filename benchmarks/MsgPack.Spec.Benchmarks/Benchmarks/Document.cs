using System;
using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using MsgPack.Spec.Benchmarks.Serializers;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// Issue #40: reading MessagePack whose shape is not a C# type. Every row reads the whole input and visits every
    /// value: MessagePack-CSharp's <c>Deserialize&lt;object&gt;</c> (the baseline) and Nerdbank.MessagePack's
    /// <c>DeserializePrimitives</c> and <c>DeserializeDynamicPrimitives</c> build a tree of objects, then the tree is
    /// walked; ours parse a <see cref="MsgPackDocument"/> (pooled index, no copy) and walk its elements, or read a tree
    /// with <see cref="MsgPackDynamic"/> and walk it as the peers' are walked. The inputs: MessagePack-CSharp's bytes of
    /// the serializer suite's Answer (map layout) and Response (array layout, 50 records) models, and a 1 MiB array of
    /// Response records.
    /// </summary>
    /// <remarks>
    /// The checksum, the same for every row: per value 1, plus an integer's value (a uint 64 as its bits), an array's
    /// item count, a map's entry count, 1 for true. The walks are one recursive helper per shape (a tree of objects,
    /// a document's elements), shared by the rows that walk that shape; the read itself is in each row.
    /// </remarks>
    [MemoryDiagnoser]
    [BenchmarkCategory("Document", "Decode")]
    public class DocumentRead : BenchmarkBase
    {
        private static readonly Nerdbank.MessagePack.MessagePackSerializer NbObjects =
            Nerdbank.MessagePack.OptionalConverters.WithObjectConverter(new Nerdbank.MessagePack.MessagePackSerializer());

        private byte[] _input = Array.Empty<byte>();
        private ReadOnlyMemory<byte> _memory;
        private ReadOnlySequence<byte> _sequence;
        private object? _tree;

        /// <summary>The input: Answer, Response, or 1 MiB of Response records.</summary>
        [Params("Answer", "Response", "1 MiB")]
        public string Input { get; set; } = "Answer";

        [GlobalSetup]
        public void Setup()
        {
            _input = Pinned.Copy<byte>(DocumentInputs.Make(Input));
            _memory = _input;
            _sequence = new ReadOnlySequence<byte>(_input);
            _tree = MessagePack.MessagePackSerializer.Deserialize<object>(_memory);
            CheckDecoders();
        }

        [Benchmark(Baseline = true, Description = "MessagePack-CSharp Deserialize<object> + walk")]
        [Allocates("the object tree it returns")]
        public long MessagePackCSharp() => DocumentInputs.Walk(MessagePack.MessagePackSerializer.Deserialize<object>(_memory));

        [Benchmark(Description = "Nerdbank.MessagePack DeserializePrimitives + walk")]
        [Allocates("the object tree it returns")]
        public long NerdbankPrimitives()
        {
            var reader = new Nerdbank.MessagePack.MessagePackReader(_sequence);
            return DocumentInputs.Walk(NbObjects.DeserializePrimitives(ref reader));
        }

        [Benchmark(Description = "Nerdbank.MessagePack DeserializeDynamicPrimitives + walk")]
        [Allocates("the object tree it returns")]
        public long NerdbankDynamic()
        {
            var reader = new Nerdbank.MessagePack.MessagePackReader(_sequence);
            return DocumentInputs.Walk(NbObjects.DeserializeDynamicPrimitives(ref reader));
        }

        [Benchmark(Description = "MsgPackSpec MsgPackDynamic.Read (span) + walk")]
        [Allocates("the object tree it returns")]
        public long OursDynamic() => DocumentInputs.Walk(MsgPackDynamic.Read(_input, out _));

        [Benchmark(Description = "Floor: the same tree rebuilt from a tree, no bytes read + walk")]
        [Allocates("the object tree it makes")]
        public long Floor() => DocumentInputs.Walk(DocumentInputs.Rebuild(_tree));

        [Benchmark(Description = "MsgPackSpec MsgPackDocument.Parse (memory) + walk")]
        public long OursDocument()
        {
            using MsgPackDocument document = MsgPackDocument.Parse(_memory);
            return DocumentInputs.Walk(document.RootElement);
        }

        [Benchmark(Description = "MsgPackSpec MsgPackDocument.Parse (memory), no walk")]
        [NotCompared]
        public long OursParseOnly()
        {
            using MsgPackDocument document = MsgPackDocument.Parse(_memory);
            return document.ValueCount;
        }

        [Benchmark(Description = "Floor of a parse: MsgPackSpec.TryValidate, the same checks (structure, UTF-8), no index")]
        [NotCompared]
        public long ValidateFloor() => DocumentInputs.Validate(_input);
    }

    /// <summary>
    /// Issue #40: one answer from a map of 100 str keys (values alternately integers and 24-character strings): the
    /// value of key 98, near the end, which a scan reaches last. The peers' users deserialize the map into a dictionary
    /// and look the key up; ours parse a document and call <see cref="MsgPackElement.TryGetProperty(ReadOnlySpan{byte}, out MsgPackElement)"/>,
    /// or read a dictionary with <see cref="MsgPackDynamic"/>.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Document", "Decode")]
    public class DocumentLookup : BenchmarkBase
    {
        private static readonly Nerdbank.MessagePack.MessagePackSerializer NbObjects =
            Nerdbank.MessagePack.OptionalConverters.WithObjectConverter(new Nerdbank.MessagePack.MessagePackSerializer());

        private const string Key = "key098";

        private byte[] _input = Array.Empty<byte>();
        private ReadOnlyMemory<byte> _memory;
        private ReadOnlySequence<byte> _sequence;
        private object? _tree;

        [GlobalSetup]
        public void Setup()
        {
            var map = new Dictionary<string, object>();
            for (int i = 0; i < 100; i++)
            {
                map["key" + i.ToString("D3", System.Globalization.CultureInfo.InvariantCulture)] = i % 2 == 0 ? i * 1_000_003 : new string((char)('a' + (i % 26)), 24);
            }

            _input = Pinned.Copy<byte>(MessagePack.MessagePackSerializer.Serialize(map));
            _memory = _input;
            _sequence = new ReadOnlySequence<byte>(_input);
            _tree = MessagePack.MessagePackSerializer.Deserialize<object>(_memory);
            object expected = CheckDecoders();
            Fairness.Check((long)expected == 98 * 1_000_003L, "DocumentLookup", $"the baseline read {expected}.");
        }

        [Benchmark(Baseline = true, Description = "MessagePack-CSharp Deserialize<object> + dictionary lookup")]
        [Allocates("the dictionary it returns")]
        public long MessagePackCSharp()
        {
            var map = (Dictionary<object, object>)MessagePack.MessagePackSerializer.Deserialize<object>(_memory)!;
            return Convert.ToInt64(map[Key], System.Globalization.CultureInfo.InvariantCulture);
        }

        [Benchmark(Description = "Nerdbank.MessagePack DeserializePrimitives + dictionary lookup")]
        [Allocates("the dictionary it returns")]
        public long NerdbankPrimitives()
        {
            var reader = new Nerdbank.MessagePack.MessagePackReader(_sequence);
            var map = (IReadOnlyDictionary<object, object?>)NbObjects.DeserializePrimitives(ref reader)!;
            return Convert.ToInt64(map[Key], System.Globalization.CultureInfo.InvariantCulture);
        }

        [Benchmark(Description = "MsgPackSpec MsgPackDynamic.Read + dictionary lookup")]
        [Allocates("the dictionary it returns")]
        public long OursDynamic()
        {
            var map = (Dictionary<object, object?>)MsgPackDynamic.Read(_input, out _)!;
            return Convert.ToInt64(map[Key], System.Globalization.CultureInfo.InvariantCulture);
        }

        [Benchmark(Description = "Floor: the same dictionary rebuilt from a dictionary, no bytes read + lookup")]
        [Allocates("the dictionary it makes")]
        public long Floor()
        {
            var map = (Dictionary<object, object?>)DocumentInputs.Rebuild(_tree)!;
            return Convert.ToInt64(map[Key], System.Globalization.CultureInfo.InvariantCulture);
        }

        [Benchmark(Description = "Floor of a parse: MsgPackSpec.TryValidate, the same checks (structure, UTF-8), no index")]
        [NotCompared]
        public long ValidateFloor() => DocumentInputs.Validate(_input);

        [Benchmark(Description = "MsgPackSpec MsgPackDocument.Parse + TryGetProperty (UTF-8 key)")]
        public long OursDocument()
        {
            using MsgPackDocument document = MsgPackDocument.Parse(_memory);
            return document.RootElement.TryGetProperty("key098"u8, out MsgPackElement value) ? value.GetInt64() : -1;
        }

        [Benchmark(Description = "MsgPackSpec MsgPackDocument.Parse + TryGetProperty (string key)")]
        public long OursDocumentString()
        {
            using MsgPackDocument document = MsgPackDocument.Parse(_memory);
            return document.RootElement.TryGetProperty(Key, out MsgPackElement value) ? value.GetInt64() : -1;
        }
    }

    /// <summary>The inputs of <see cref="DocumentRead"/> and the two walks every row of it ends with.</summary>
    internal static class DocumentInputs
    {
        /// <summary>MessagePack-CSharp's bytes of a model, or an array 32 of Response records of 1 MiB or a little more.</summary>
        public static byte[] Make(string input)
        {
            switch (input)
            {
                case "Answer":
                    return SerializerPeers.Reference(Answer.Sample());
                case "Response":
                    return SerializerPeers.Reference(Response.Sample());
                case "1 MiB":
                    byte[] record = SerializerPeers.Reference(Response.Sample());
                    int count = ((1 << 20) + record.Length - 1) / record.Length;
                    var bytes = new byte[5 + (count * record.Length)];
                    MsgPackSpec.WriteArray32Header(bytes, (uint)count);
                    for (int i = 0; i < count; i++)
                    {
                        record.CopyTo(bytes, 5 + (i * record.Length));
                    }

                    return bytes;
                default:
                    throw new ArgumentException($"No input '{input}'.", nameof(input));
            }
        }

        /// <summary>
        /// The objects a read of a tree must make, made again from a tree without reading a byte: every string, box,
        /// array and dictionary of the same sizes (dictionaries with the default comparer, keys inserted one by one).
        /// What the floor rows cost is what any reader that returns such a tree pays on top of its decoding.
        /// </summary>
        public static object? Rebuild(object? value)
        {
            switch (value)
            {
                case null:
                    return null;
                case bool flag: return flag;
                case byte n: return n;
                case sbyte n: return n;
                case short n: return n;
                case ushort n: return n;
                case int n: return n;
                case uint n: return n;
                case long n: return n;
                case ulong n: return n;
                case float n: return n;
                case double n: return n;
                case DateTime n: return n;
                case string text:
                    return new string(text.AsSpan());
                case byte[] bytes:
                    return bytes.AsSpan().ToArray();
                case object?[] items:
                    var copy = new object?[items.Length];
                    for (int i = 0; i < items.Length; i++)
                    {
                        copy[i] = Rebuild(items[i]);
                    }

                    return copy;
                case Dictionary<object, object?> map:
                    var entries = new Dictionary<object, object?>(map.Count);
                    foreach (KeyValuePair<object, object?> entry in map)
                    {
                        entries.Add(Rebuild(entry.Key)!, Rebuild(entry.Value));
                    }

                    return entries;
                default:
                    return value;
            }
        }

        /// <summary>Walks a tree of objects as MessagePack-CSharp, Nerdbank.MessagePack or <see cref="MsgPackDynamic"/> read it.</summary>
        public static long Walk(object? value)
        {
            switch (value)
            {
                case null:
                    return 1;
                case bool flag:
                    return flag ? 2 : 1;
                case byte n: return 1 + n;
                case sbyte n: return 1 + n;
                case short n: return 1 + n;
                case ushort n: return 1 + n;
                case int n: return 1 + n;
                case uint n: return 1 + n;
                case long n: return 1 + n;
                case ulong n: return 1 + unchecked((long)n);
                case object?[] items:
                    long sum = 1 + items.Length;
                    foreach (object? item in items)
                    {
                        sum += Walk(item);
                    }

                    return sum;
                case IEnumerable<KeyValuePair<object, object?>> map:
                    long entries = 1;
                    foreach (KeyValuePair<object, object?> entry in map)
                    {
                        entries += 1 + Walk(entry.Key) + Walk(entry.Value);
                    }

                    return entries;
                default:
                    // str, bin, float, timestamp, ext: a value.
                    return 1;
            }
        }

        /// <summary>
        /// Checks the bytes as a parse does (the structure and every str's UTF-8) without indexing them: what any parse of
        /// the document costs at least, since it must read every token to check it. Returns the values counted.
        /// </summary>
        public static long Validate(byte[] input) =>
            MsgPackSpec.TryValidate(input, out MsgPackValidationResult result) == OperationStatus.Done ? result.ValueCount : -1;

        /// <summary>Walks a document's elements, reading each integer and each container's count.</summary>
        public static long Walk(MsgPackElement element)
        {
            switch (element.Type)
            {
                case MsgPackType.Boolean:
                    return element.GetBoolean() ? 2 : 1;
                case MsgPackType.Integer:
                    return 1 + (element.TryGetInt64(out long n) ? n : unchecked((long)element.GetUInt64()));
                case MsgPackType.Array:
                    long sum = 1 + element.GetArrayLength();
                    foreach (MsgPackElement item in element.EnumerateArray())
                    {
                        sum += Walk(item);
                    }

                    return sum;
                case MsgPackType.Map:
                    long entries = 1;
                    foreach (MsgPackMapEntry entry in element.EnumerateMap())
                    {
                        entries += 1 + Walk(entry.Key) + Walk(entry.Value);
                    }

                    return entries;
                default:
                    return 1;
            }
        }
    }
}
