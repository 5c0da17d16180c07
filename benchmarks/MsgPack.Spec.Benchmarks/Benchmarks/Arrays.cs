using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Attributes;
using PolyType;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>The values of the int32 array workload.</summary>
    public enum ArrayShape
    {
        /// <summary>The seed's values, (1 &lt;&lt; 30) - i: every one a uint 32 (ce + 4 bytes).</summary>
        Seed,

        /// <summary>Random values from -32 to 127: every one a fixint (one byte).</summary>
        FixInts,

        /// <summary>Random values of every int32 width and both signs (fixints, 8, 16 and 32 bits), picked in turn at random: what defeats a vector path.</summary>
        Mixed,
    }

    /// <summary>The shapes Nerdbank.MessagePack's serializer needs for the arrays (PolyType's source generator writes them).</summary>
    [GenerateShapeFor<int[]>]
    [GenerateShapeFor<double[]>]
    [GenerateShapeFor<long[]>]
    [GenerateShapeFor<short[]>]
    internal partial class ArrayShapes
    {
    }

    /// <summary>What the bulk array benchmarks share: counts, values, and the check of what the decoders stored.</summary>
    public static class ArrayWorkloads
    {
        /// <summary>Elements per array: a short one, the seed's 100, and two long ones (the quick pass keeps 100 and 100,000).</summary>
        public static IEnumerable<int> Counts => Workloads.Quick ? new[] { 100, 100_000 } : new[] { 16, 100, 1_000, 100_000 };

        public static int[] Int32Values(ArrayShape shape, int count)
        {
            var random = new Random(42);
            (int Min, int Max)[] widths =
            {
                (0, 127), (-32, -1), (128, 255), (-128, -33), (256, ushort.MaxValue), (short.MinValue, -129), (ushort.MaxValue + 1, int.MaxValue), (int.MinValue, short.MinValue - 1),
            };
            int[] values = Pinned.Array<int>(count);
            for (int i = 0; i < count; i++)
            {
                values[i] = shape switch
                {
                    ArrayShape.Seed => (1 << 30) - i,
                    ArrayShape.FixInts => random.Next(-32, 128),
                    _ => Pick(random, widths[random.Next(widths.Length)]),
                };
            }

            return values;
        }

        /// <summary>Random doubles of every magnitude, none whole (msgpack-cxx would write those as integers).</summary>
        public static double[] Float64Values(int count)
        {
            var random = new Random(42);
            double[] values = Pinned.Array<double>(count);
            for (int i = 0; i < count; i++)
            {
                values[i] = (random.NextDouble() - 0.5) * Math.Pow(10, random.Next(-20, 20)) + 0.375;
            }

            return values;
        }

        /// <summary>
        /// Runs every decoder row of a class once with the destination cleared and checks that the array it reports
        /// holds the expected values: the checksum compared by the base class is only the count.
        /// </summary>
        internal static void CheckDestinations<T>(object benchmark, string workload, T[] expected, Func<T[]> stored, T[] destination)
            where T : unmanaged
        {
            foreach (MethodInfo method in BenchmarkBase.Benchmarks(benchmark.GetType()).Where(m => !m.IsDefined(typeof(NotComparedAttribute))))
            {
                Array.Clear(destination);
                method.Invoke(benchmark, null);
                T[] actual = stored();
                Fairness.Check(
                    actual.Length >= expected.Length && actual.AsSpan(0, expected.Length).SequenceEqual(expected),
                    workload,
                    $"{BenchmarkBase.Name(method)} did not store the array's values.");
            }
        }

        private static int Pick(Random random, (int Min, int Max) range) =>
            range.Max == int.MaxValue ? random.Next(range.Min, int.MaxValue) : random.Next(range.Min, range.Max + 1);
    }

    /// <summary>
    /// Writes an int32 array: the smallest array header, then every value in its smallest form. Our bulk writer
    /// against our per-value loop, msgpuck's per-value loop (the baseline) and the .NET peers' serializers of int[]
    /// (their array formatters, the accelerated path), for every shape and count.
    /// </summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 3, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("Arrays", "Encode")]
    public unsafe class Int32ArrayEncode : BenchmarkBase
    {
        private static readonly Nerdbank.MessagePack.MessagePackSerializer NbSerializer = new();

        private int[] _values = Array.Empty<int>();
        private int* _valuesPointer;

        [ParamsSource(nameof(Counts))]
        public int Count { get; set; }

        [ParamsAllValues]
        public ArrayShape Shape { get; set; }

        public static IEnumerable<int> Counts => ArrayWorkloads.Counts;

        [GlobalSetup]
        public void Setup()
        {
            Native.EnsureLoaded();
            _values = ArrayWorkloads.Int32Values(Shape, Count);
            _valuesPointer = Pinned.Address(_values);
            AllocateOutput((5 * Count) + 1024);
            CheckEncoders();
        }

        [Benchmark(Description = "MsgPackSpec WriteInt32Array (span)")]
        public int Bulk() => MsgPackSpec.WriteInt32Array(Output, _values);

        [Benchmark(Description = "MsgPackSpec WriteInt32Array (pointer)")]
        public int BulkPointer() => MsgPackSpec.WriteInt32Array(Dst, _values);

        [Benchmark(Description = "MsgPackSpec WriteInt32Array (MsgPackWriter over PooledBufferWriter)")]
        [BufferWriterOutput]
        public long BulkWriter()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            writer.WriteInt32Array(_values);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MsgPackSpec per-value loop (span, advancing)")]
        public int PerValue()
        {
            Span<byte> rest = Output;
            int[] values = _values;
            MsgPackSpec.WriteArrayHeader(ref rest, values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                MsgPackSpec.WriteInt32(ref rest, values[i]);
            }

            return Output.Length - rest.Length;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackSerializer.Serialize(int[])")]
        [BufferWriterOutput]
        public long MessagePackCSharpSerializer()
        {
            Pooled.Reset();
            MessagePack.MessagePackSerializer.Serialize(Pooled, _values);
            return Pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Serialize(int[])")]
        [BufferWriterOutput]
        public long NerdbankSerializer()
        {
            Pooled.Reset();
            NbSerializer.Serialize<int[], ArrayShapes>(Pooled, _values);
            return Pooled.WrittenCount;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_encode_int32_array(_valuesPointer, _values.Length, Dst, Capacity);
    }

    /// <summary>
    /// Reads the int32 array back into an int[] of the caller's: our bulk readers against our per-value loop,
    /// msgpuck's per-value loop into a C array (the baseline) and the .NET peers' deserializers of int[] (which
    /// allocate the array they return: nothing else of theirs reads into a caller's array). Every row returns the
    /// count; the setup checks the values each stored.
    /// </summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 3, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("Arrays", "Decode")]
    public unsafe class Int32ArrayDecode : DecodeBase
    {
        private static readonly Nerdbank.MessagePack.MessagePackSerializer NbSerializer = new();

        private int[] _destination = Array.Empty<int>();
        private int* _destinationPointer;
        private int[] _stored = Array.Empty<int>();

        [ParamsSource(nameof(Counts))]
        public int Count { get; set; }

        [ParamsAllValues]
        public ArrayShape Shape { get; set; }

        public static IEnumerable<int> Counts => ArrayWorkloads.Counts;

        [GlobalSetup]
        public void Setup()
        {
            int[] values = ArrayWorkloads.Int32Values(Shape, Count);
            int* pointer = Pinned.Address(values);
            SetInput((dst, capacity) => Native.mpn_msgpuck_encode_int32_array(pointer, values.Length, dst, capacity), (5 * Count) + 1024);
            _destination = Pinned.Array<int>(Count);
            _destinationPointer = Pinned.Address(_destination);
            CheckDecoders();
            ArrayWorkloads.CheckDestinations(this, Workload, values, () => _stored, _destination);
        }

        [Benchmark(Description = "MsgPackSpec ReadInt32Array (span)")]
        public long Bulk()
        {
            _stored = _destination;
            return MsgPackSpec.ReadInt32Array(Input, _destination, out _);
        }

        [Benchmark(Description = "MsgPackSpec ReadInt32Array (pointer)")]
        public long BulkPointer()
        {
            _stored = _destination;
            return MsgPackSpec.ReadInt32Array(Source, Length, _destination, out _);
        }

        [Benchmark(Description = "MsgPackSpec ReadInt32Array (MsgPackReader)")]
        public long BulkReader()
        {
            _stored = _destination;
            var reader = new MsgPackReader(OneSegment);
            return reader.ReadInt32Array(_destination);
        }

        [Benchmark(Description = "MsgPackSpec per-value loop (span, advancing)")]
        public long PerValue()
        {
            _stored = _destination;
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(ref source);
            int[] destination = _destination;
            if ((uint)count > (uint)destination.Length)
            {
                Peer.Fail("destination");
            }

            for (int i = 0; i < count; i++)
            {
                destination[i] = MsgPackSpec.ReadInt32(ref source);
            }

            return count;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackSerializer.Deserialize<int[]>")]
        [Allocates("the int[] it returns")]
        public long MessagePackCSharpSerializer()
        {
            _stored = MessagePack.MessagePackSerializer.Deserialize<int[]>(OneSegment);
            return _stored.Length;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Deserialize<int[]>")]
        [Allocates("the int[] it returns")]
        public long NerdbankSerializer()
        {
            _stored = NbSerializer.Deserialize<int[], ArrayShapes>(OneSegment)!;
            return _stored.Length;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck()
        {
            _stored = _destination;
            return Native.mpn_msgpuck_decode_int32_array_into(Source, Length, _destinationPointer, _destination.Length, null);
        }
    }

    /// <summary>
    /// Writes a float64 array (cb + 8 bytes each): the bulk writer, the per-value loop, msgpuck (baseline), the peers'
    /// serializers, and a plain memory copy of the same output bytes, the floor ("within 2x of a copy").
    /// </summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 3, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("Arrays", "Encode")]
    public unsafe class Float64ArrayEncode : BenchmarkBase
    {
        private static readonly Nerdbank.MessagePack.MessagePackSerializer NbSerializer = new();

        private double[] _values = Array.Empty<double>();
        private double* _valuesPointer;
        private byte[] _encoded = Array.Empty<byte>();

        [ParamsSource(nameof(Counts))]
        public int Count { get; set; }

        public static IEnumerable<int> Counts => ArrayWorkloads.Counts;

        [GlobalSetup]
        public void Setup()
        {
            Native.EnsureLoaded();
            _values = ArrayWorkloads.Float64Values(Count);
            _valuesPointer = Pinned.Address(_values);
            AllocateOutput((9 * Count) + 1024);
            _encoded = Pinned.Array<byte>((int)MsgPackSpec.GetDoubleArrayEncodedLength(_values));
            MsgPackSpec.WriteDoubleArray(_encoded, _values);
            CheckEncoders();
        }

        [Benchmark(Description = "MsgPackSpec WriteDoubleArray (span)")]
        public int Bulk() => MsgPackSpec.WriteDoubleArray(Output, _values);

        [Benchmark(Description = "MsgPackSpec WriteDoubleArray (pointer)")]
        public int BulkPointer() => MsgPackSpec.WriteDoubleArray(Dst, _values);

        [Benchmark(Description = "MsgPackSpec WriteDoubleArray (MsgPackWriter over PooledBufferWriter)")]
        [BufferWriterOutput]
        public long BulkWriter()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            writer.WriteDoubleArray(_values);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MsgPackSpec per-value loop (span, advancing)")]
        public int PerValue()
        {
            Span<byte> rest = Output;
            double[] values = _values;
            MsgPackSpec.WriteArrayHeader(ref rest, values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                MsgPackSpec.WriteDouble(ref rest, values[i]);
            }

            return Output.Length - rest.Length;
        }

        [Benchmark(Description = "memory copy of the output (the floor)")]
        public int Copy()
        {
            _encoded.AsSpan().CopyTo(Output);
            return _encoded.Length;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackSerializer.Serialize(double[])")]
        [BufferWriterOutput]
        public long MessagePackCSharpSerializer()
        {
            Pooled.Reset();
            MessagePack.MessagePackSerializer.Serialize(Pooled, _values);
            return Pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Serialize(double[])")]
        [BufferWriterOutput]
        public long NerdbankSerializer()
        {
            Pooled.Reset();
            NbSerializer.Serialize<double[], ArrayShapes>(Pooled, _values);
            return Pooled.WrittenCount;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_encode_float64_array(_valuesPointer, _values.Length, Dst, Capacity);
    }

    /// <summary>
    /// Reads the float64 array back into a double[] of the caller's: the bulk readers, the per-value loop, msgpuck into
    /// a C array (baseline), the peers' deserializers (allocating), and a plain copy of the values' bytes into the
    /// destination, the floor.
    /// </summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 3, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("Arrays", "Decode")]
    public unsafe class Float64ArrayDecode : DecodeBase
    {
        private static readonly Nerdbank.MessagePack.MessagePackSerializer NbSerializer = new();

        private double[] _values = Array.Empty<double>();
        private double[] _destination = Array.Empty<double>();
        private double* _destinationPointer;
        private double[] _stored = Array.Empty<double>();

        [ParamsSource(nameof(Counts))]
        public int Count { get; set; }

        public static IEnumerable<int> Counts => ArrayWorkloads.Counts;

        [GlobalSetup]
        public void Setup()
        {
            _values = ArrayWorkloads.Float64Values(Count);
            double* pointer = Pinned.Address(_values);
            SetInput((dst, capacity) => Native.mpn_msgpuck_encode_float64_array(pointer, _values.Length, dst, capacity), (9 * Count) + 1024);
            _destination = Pinned.Array<double>(Count);
            _destinationPointer = Pinned.Address(_destination);
            CheckDecoders();
            ArrayWorkloads.CheckDestinations(this, Workload, _values, () => _stored, _destination);
        }

        [Benchmark(Description = "MsgPackSpec ReadDoubleArray (span)")]
        public long Bulk()
        {
            _stored = _destination;
            return MsgPackSpec.ReadDoubleArray(Input, _destination, out _);
        }

        [Benchmark(Description = "MsgPackSpec ReadDoubleArray (pointer)")]
        public long BulkPointer()
        {
            _stored = _destination;
            return MsgPackSpec.ReadDoubleArray(Source, Length, _destination, out _);
        }

        [Benchmark(Description = "MsgPackSpec ReadDoubleArray (MsgPackReader)")]
        public long BulkReader()
        {
            _stored = _destination;
            var reader = new MsgPackReader(OneSegment);
            return reader.ReadDoubleArray(_destination);
        }

        [Benchmark(Description = "MsgPackSpec per-value loop (span, advancing)")]
        public long PerValue()
        {
            _stored = _destination;
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(ref source);
            double[] destination = _destination;
            if ((uint)count > (uint)destination.Length)
            {
                Peer.Fail("destination");
            }

            for (int i = 0; i < count; i++)
            {
                destination[i] = MsgPackSpec.ReadDouble(ref source);
            }

            return count;
        }

        [Benchmark(Description = "memory copy of the values (the floor)")]
        public long Copy()
        {
            _stored = _destination;
            _values.AsSpan().CopyTo(_destination);
            return _values.Length;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackSerializer.Deserialize<double[]>")]
        [Allocates("the double[] it returns")]
        public long MessagePackCSharpSerializer()
        {
            _stored = MessagePack.MessagePackSerializer.Deserialize<double[]>(OneSegment);
            return _stored.Length;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Deserialize<double[]>")]
        [Allocates("the double[] it returns")]
        public long NerdbankSerializer()
        {
            _stored = NbSerializer.Deserialize<double[], ArrayShapes>(OneSegment)!;
            return _stored.Length;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck()
        {
            _stored = _destination;
            return Native.mpn_msgpuck_decode_float64_array_into(Source, Length, _destinationPointer, _destination.Length, null);
        }
    }
}
