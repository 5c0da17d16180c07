using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// Writes an int64 array of every width and both signs (<see cref="Workloads.Int64Values(int)"/>: fixints up to
    /// 64-bit values, each width picked at random): the bulk writer, which takes 64-bit elements two at a time, against
    /// our per-value loop, msgpuck's (the baseline) and the .NET peers' serializers of long[]. At 100 elements the same
    /// values are written again and again, which lets the per-value loop's branches learn them.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Arrays", "Encode")]
    public unsafe class Int64ArrayEncode : BenchmarkBase
    {
        private static readonly Nerdbank.MessagePack.MessagePackSerializer NbSerializer = new();

        private long[] _values = Array.Empty<long>();
        private long* _valuesPointer;

        [ParamsSource(nameof(Counts))]
        public int Count { get; set; }

        public static IEnumerable<int> Counts => ArrayWorkloads.Counts;

        [GlobalSetup]
        public void Setup()
        {
            Native.EnsureLoaded();
            _values = Workloads.Int64Values(Count);
            _valuesPointer = Pinned.Address(_values);
            AllocateOutput((9 * Count) + 1024);
            CheckEncoders();
        }

        [Benchmark(Description = "MsgPackSpec WriteInt64Array (span)")]
        public int Bulk() => MsgPackSpec.WriteInt64Array(Output, _values);

        [Benchmark(Description = "MsgPackSpec per-value loop (span, advancing)")]
        public int PerValue()
        {
            Span<byte> rest = Output;
            long[] values = _values;
            MsgPackSpec.WriteArrayHeader(ref rest, values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                MsgPackSpec.WriteInt64(ref rest, values[i]);
            }

            return Output.Length - rest.Length;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackSerializer.Serialize(long[])")]
        [BufferWriterOutput]
        public long MessagePackCSharpSerializer()
        {
            Pooled.Reset();
            MessagePack.MessagePackSerializer.Serialize(Pooled, _values);
            return Pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Serialize(long[])")]
        [BufferWriterOutput]
        public long NerdbankSerializer()
        {
            Pooled.Reset();
            NbSerializer.Serialize<long[], ArrayShapes>(Pooled, _values);
            return Pooled.WrittenCount;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_encode_int64_array(_valuesPointer, _values.Length, Dst, Capacity);
    }

    /// <summary>
    /// Reads the same int64 array back into a long[] of the caller's: the bulk reader against our per-value loop (the
    /// baseline) and the .NET peers' deserializers of long[] (which allocate the array they return). Every row
    /// returns the count; the setup checks the values each stored.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Arrays", "Decode")]
    public unsafe class Int64ArrayDecode : DecodeBase
    {
        private static readonly Nerdbank.MessagePack.MessagePackSerializer NbSerializer = new();

        private long[] _destination = Array.Empty<long>();
        private long[] _stored = Array.Empty<long>();

        [ParamsSource(nameof(Counts))]
        public int Count { get; set; }

        public static IEnumerable<int> Counts => ArrayWorkloads.Counts;

        [GlobalSetup]
        public void Setup()
        {
            long[] values = Workloads.Int64Values(Count);
            long* pointer = Pinned.Address(values);
            SetInput((dst, capacity) => Native.mpn_msgpuck_encode_int64_array(pointer, values.Length, dst, capacity), (9 * Count) + 1024);
            _destination = Pinned.Array<long>(Count);
            CheckDecoders();
            ArrayWorkloads.CheckDestinations(this, Workload, values, () => _stored, _destination);
        }

        [Benchmark(Description = "MsgPackSpec ReadInt64Array (span)")]
        public long Bulk()
        {
            _stored = _destination;
            return MsgPackSpec.ReadInt64Array(Input, _destination, out _);
        }

        [Benchmark(Baseline = true, Description = "MsgPackSpec per-value loop (span, advancing)")]
        public long PerValue()
        {
            _stored = _destination;
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(ref source);
            long[] destination = _destination;
            if ((uint)count > (uint)destination.Length)
            {
                Peer.Fail("destination");
            }

            for (int i = 0; i < count; i++)
            {
                destination[i] = MsgPackSpec.ReadInt64(ref source);
            }

            return count;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackSerializer.Deserialize<long[]>")]
        [Allocates("the long[] it returns")]
        public long MessagePackCSharpSerializer()
        {
            _stored = MessagePack.MessagePackSerializer.Deserialize<long[]>(OneSegment);
            return _stored.Length;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Deserialize<long[]>")]
        [Allocates("the long[] it returns")]
        public long NerdbankSerializer()
        {
            _stored = NbSerializer.Deserialize<long[], ArrayShapes>(OneSegment)!;
            return _stored.Length;
        }
    }
}
