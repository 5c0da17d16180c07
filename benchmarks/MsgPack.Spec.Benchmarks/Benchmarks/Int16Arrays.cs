using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// Writes an int16 array of every width and both signs (<see cref="Workloads.Int16Values(int)"/>: fixints, 8 and
    /// 16-bit values, each width picked at random): the bulk writer against our per-value loop (the baseline: msgpuck
    /// has no int16 array function) and the .NET peers' serializers of short[]. At 100 elements the same values are
    /// written again and again, which lets the per-value loop's branches learn them.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Arrays", "Encode")]
    public class Int16ArrayEncode : BenchmarkBase
    {
        private static readonly Nerdbank.MessagePack.MessagePackSerializer NbSerializer = new();

        private short[] _values = Array.Empty<short>();

        [ParamsSource(nameof(Counts))]
        public int Count { get; set; }

        public static IEnumerable<int> Counts => ArrayWorkloads.Counts;

        [GlobalSetup]
        public void Setup()
        {
            _values = Workloads.Int16Values(Count);
            AllocateOutput((3 * Count) + 1024);
            CheckEncoders();
        }

        [Benchmark(Description = "MsgPackSpec WriteInt16Array (span)")]
        public int Bulk() => MsgPackSpec.WriteInt16Array(Output, _values);

        [Benchmark(Baseline = true, Description = "MsgPackSpec per-value loop (span, advancing)")]
        public int PerValue()
        {
            Span<byte> rest = Output;
            short[] values = _values;
            MsgPackSpec.WriteArrayHeader(ref rest, values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                MsgPackSpec.WriteInt16(ref rest, values[i]);
            }

            return Output.Length - rest.Length;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackSerializer.Serialize(short[])")]
        [BufferWriterOutput]
        public long MessagePackCSharpSerializer()
        {
            Pooled.Reset();
            MessagePack.MessagePackSerializer.Serialize(Pooled, _values);
            return Pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Serialize(short[])")]
        [BufferWriterOutput]
        public long NerdbankSerializer()
        {
            Pooled.Reset();
            NbSerializer.Serialize<short[], ArrayShapes>(Pooled, _values);
            return Pooled.WrittenCount;
        }
    }

    /// <summary>
    /// Reads the same int16 array back into a short[] of the caller's: the bulk reader against our per-value loop (the
    /// baseline) and the .NET peers' deserializers of short[] (which allocate the array they return). The input is
    /// ours, not msgpuck's (it has no int16 array function): the bulk writer's bytes, which the setup first checks
    /// against those of our per-value writer loop. Every row returns the count; the setup checks the values each stored.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Arrays", "Decode")]
    public class Int16ArrayDecode : DecodeBase
    {
        private static readonly Nerdbank.MessagePack.MessagePackSerializer NbSerializer = new();

        private short[] _destination = Array.Empty<short>();
        private short[] _stored = Array.Empty<short>();

        [ParamsSource(nameof(Counts))]
        public int Count { get; set; }

        public static IEnumerable<int> Counts => ArrayWorkloads.Counts;

        [GlobalSetup]
        public void Setup()
        {
            short[] values = Workloads.Int16Values(Count);
            int capacity = (3 * Count) + 1024;
            byte[] bulk = new byte[capacity];
            int written = MsgPackSpec.WriteInt16Array(bulk, values);
            Span<byte> rest = new byte[capacity];
            Span<byte> perValue = rest;
            MsgPackSpec.WriteArrayHeader(ref rest, values.Length);
            foreach (short value in values)
            {
                MsgPackSpec.WriteInt16(ref rest, value);
            }

            Fairness.SameBytes(Workload, "MsgPackSpec WriteInt16Array (the input)", perValue.Slice(0, perValue.Length - rest.Length), bulk.AsSpan(0, written));
            SetInput(bulk.AsSpan(0, written));
            _destination = Pinned.Array<short>(Count);
            CheckDecoders();
            ArrayWorkloads.CheckDestinations(this, Workload, values, () => _stored, _destination);
        }

        [Benchmark(Description = "MsgPackSpec ReadInt16Array (span)")]
        public long Bulk()
        {
            _stored = _destination;
            return MsgPackSpec.ReadInt16Array(Input, _destination, out _);
        }

        [Benchmark(Baseline = true, Description = "MsgPackSpec per-value loop (span, advancing)")]
        public long PerValue()
        {
            _stored = _destination;
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(ref source);
            short[] destination = _destination;
            if ((uint)count > (uint)destination.Length)
            {
                Peer.Fail("destination");
            }

            for (int i = 0; i < count; i++)
            {
                destination[i] = MsgPackSpec.ReadInt16(ref source);
            }

            return count;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackSerializer.Deserialize<short[]>")]
        [Allocates("the short[] it returns")]
        public long MessagePackCSharpSerializer()
        {
            _stored = MessagePack.MessagePackSerializer.Deserialize<short[]>(OneSegment);
            return _stored.Length;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Deserialize<short[]>")]
        [Allocates("the short[] it returns")]
        public long NerdbankSerializer()
        {
            _stored = NbSerializer.Deserialize<short[], ArrayShapes>(OneSegment)!;
            return _stored.Length;
        }
    }
}
