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

    /// <summary>The counts and values of the bulk array benchmarks.</summary>
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

        private static int Pick(Random random, (int Min, int Max) range) =>
            range.Max == int.MaxValue ? random.Next(range.Min, int.MaxValue) : random.Next(range.Min, range.Max + 1);
    }

    /// <summary>What the bulk array encoders share: <see cref="Count"/> values of the element type (pinned), the .NET
    /// peers' serializers, the output sized for the largest form of every value.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    public abstract class BulkArrayEncode<T> : ArrayInputBase<T>
        where T : unmanaged
    {
        /// <summary>Nerdbank.MessagePack's serializer (its MessagePack-CSharp twin is static).</summary>
        protected static readonly Nerdbank.MessagePack.MessagePackSerializer NbSerializer = new();

        [ParamsSource(nameof(Counts))]
        public int Count { get; set; }

        public static IEnumerable<int> Counts => ArrayWorkloads.Counts;

        /// <summary>Takes the values, with room for <paramref name="largestValue"/> bytes a value, and runs the fairness checks.</summary>
        protected void SetBulkValues(T[] values, int largestValue) => SetValues(values, (largestValue * Count) + 1024);
    }

    /// <summary>What the bulk array decoders share: a destination array of the caller's (pinned) that the bulk readers,
    /// the per-value loop and msgpuck fill, the array each row stored (<see cref="Stored"/>: the peers' deserializers
    /// return their own), and the check that every row stored the values: the checksum compared by the base class is
    /// only the count.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    public abstract unsafe class BulkArrayDecode<T> : DecodeBase
        where T : unmanaged
    {
        /// <summary>Nerdbank.MessagePack's serializer (its MessagePack-CSharp twin is static).</summary>
        protected static readonly Nerdbank.MessagePack.MessagePackSerializer NbSerializer = new();

        /// <summary>The caller's array that the rows read into.</summary>
        protected T[] Destination = Array.Empty<T>();

        /// <summary>The address of <see cref="Destination"/>, for msgpuck.</summary>
        protected T* DestinationPointer;

        /// <summary>The array the last row stored its values in.</summary>
        protected T[] Stored = Array.Empty<T>();

        [ParamsSource(nameof(Counts))]
        public int Count { get; set; }

        public static IEnumerable<int> Counts => ArrayWorkloads.Counts;

        /// <summary>After <see cref="DecodeBase.SetInput(ReadOnlySpan{byte})"/>: makes the destination, and checks every
        /// row's checksum (the count) and the values it stored.</summary>
        protected void SetUp(T[] values)
        {
            Destination = Pinned.Array<T>(Count);
            DestinationPointer = Pinned.Address(Destination);
            CheckDecoders();
            foreach (MethodInfo method in Benchmarks(GetType()).Where(m => !m.IsDefined(typeof(NotComparedAttribute))))
            {
                Array.Clear(Destination);
                method.Invoke(this, null);
                Fairness.Check(
                    Stored.Length >= values.Length && Stored.AsSpan(0, values.Length).SequenceEqual(values),
                    Workload,
                    $"{Name(method)} did not store the array's values.");
            }
        }
    }

    /// <summary>
    /// Writes an int32 array: the smallest array header, then every value in its smallest form. Our bulk writer
    /// against our per-value loop, msgpuck's per-value loop (the baseline) and the .NET peers' serializers of int[]
    /// (their array formatters, the accelerated path), for every shape and count.
    /// </summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 3, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("Arrays", "Encode")]
    public unsafe class Int32ArrayEncode : BulkArrayEncode<int>
    {
        [ParamsAllValues]
        public ArrayShape Shape { get; set; }

        [GlobalSetup]
        public void Setup() => SetBulkValues(ArrayWorkloads.Int32Values(Shape, Count), largestValue: 5);

        [Benchmark(Description = "MsgPackSpec WriteInt32Array (span)")]
        public int Bulk() => MsgPackSpec.WriteInt32Array(Output, Values);

        [Benchmark(Description = "MsgPackSpec WriteInt32Array (pointer)")]
        public int BulkPointer() => MsgPackSpec.WriteInt32Array(Dst, Values);

        [Benchmark(Description = "MsgPackSpec WriteInt32Array (MsgPackWriter over PooledBufferWriter)")]
        [BufferWriterOutput]
        public long BulkWriter()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            writer.WriteInt32Array(Values);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MsgPackSpec per-value loop (span, advancing)")]
        public int PerValue()
        {
            Span<byte> rest = Output;
            int[] values = Values;
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
            MessagePack.MessagePackSerializer.Serialize(Pooled, Values);
            return Pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Serialize(int[])")]
        [BufferWriterOutput]
        public long NerdbankSerializer()
        {
            Pooled.Reset();
            NbSerializer.Serialize<int[], ArrayShapes>(Pooled, Values);
            return Pooled.WrittenCount;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_encode_int32_array(ValuesPointer, Values.Length, Dst, Capacity);
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
    public unsafe class Int32ArrayDecode : BulkArrayDecode<int>
    {
        [ParamsAllValues]
        public ArrayShape Shape { get; set; }

        [GlobalSetup]
        public void Setup()
        {
            int[] values = ArrayWorkloads.Int32Values(Shape, Count);
            int* pointer = Pinned.Address(values);
            SetInput((dst, capacity) => Native.mpn_msgpuck_encode_int32_array(pointer, values.Length, dst, capacity), (5 * Count) + 1024);
            SetUp(values);
        }

        [Benchmark(Description = "MsgPackSpec ReadInt32Array (span)")]
        public long Bulk()
        {
            Stored = Destination;
            return MsgPackSpec.ReadInt32Array(Input, Destination, out _);
        }

        [Benchmark(Description = "MsgPackSpec ReadInt32Array (pointer)")]
        public long BulkPointer()
        {
            Stored = Destination;
            return MsgPackSpec.ReadInt32Array(Source, Length, Destination, out _);
        }

        [Benchmark(Description = "MsgPackSpec ReadInt32Array (MsgPackReader)")]
        public long BulkReader()
        {
            Stored = Destination;
            var reader = new MsgPackReader(OneSegment);
            return reader.ReadInt32Array(Destination);
        }

        [Benchmark(Description = "MsgPackSpec per-value loop (span, advancing)")]
        public long PerValue()
        {
            Stored = Destination;
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(ref source);
            int[] destination = Destination;
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
            Stored = MessagePack.MessagePackSerializer.Deserialize<int[]>(OneSegment);
            return Stored.Length;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Deserialize<int[]>")]
        [Allocates("the int[] it returns")]
        public long NerdbankSerializer()
        {
            Stored = NbSerializer.Deserialize<int[], ArrayShapes>(OneSegment)!;
            return Stored.Length;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck()
        {
            Stored = Destination;
            return Native.mpn_msgpuck_decode_int32_array_into(Source, Length, DestinationPointer, Destination.Length, null);
        }
    }

    /// <summary>
    /// Writes a float64 array (cb + 8 bytes each): the bulk writer, the per-value loop, msgpuck (baseline), the peers'
    /// serializers, and a plain memory copy of the same output bytes, the floor ("within 2x of a copy").
    /// </summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 3, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("Arrays", "Encode")]
    public unsafe class Float64ArrayEncode : BulkArrayEncode<double>
    {
        private byte[] _encoded = Array.Empty<byte>();

        [GlobalSetup]
        public void Setup()
        {
            double[] values = ArrayWorkloads.Float64Values(Count);
            _encoded = Pinned.Array<byte>((int)MsgPackSpec.GetDoubleArrayEncodedLength(values));
            MsgPackSpec.WriteDoubleArray(_encoded, values);
            SetBulkValues(values, largestValue: 9);
        }

        [Benchmark(Description = "MsgPackSpec WriteDoubleArray (span)")]
        public int Bulk() => MsgPackSpec.WriteDoubleArray(Output, Values);

        [Benchmark(Description = "MsgPackSpec WriteDoubleArray (pointer)")]
        public int BulkPointer() => MsgPackSpec.WriteDoubleArray(Dst, Values);

        [Benchmark(Description = "MsgPackSpec WriteDoubleArray (MsgPackWriter over PooledBufferWriter)")]
        [BufferWriterOutput]
        public long BulkWriter()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            writer.WriteDoubleArray(Values);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MsgPackSpec per-value loop (span, advancing)")]
        public int PerValue()
        {
            Span<byte> rest = Output;
            double[] values = Values;
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
            MessagePack.MessagePackSerializer.Serialize(Pooled, Values);
            return Pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Serialize(double[])")]
        [BufferWriterOutput]
        public long NerdbankSerializer()
        {
            Pooled.Reset();
            NbSerializer.Serialize<double[], ArrayShapes>(Pooled, Values);
            return Pooled.WrittenCount;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Float64Natives.Msgpuck(ValuesPointer, Values.Length, Dst, Capacity);
    }

    /// <summary>
    /// Reads the float64 array back into a double[] of the caller's: the bulk readers, the per-value loop, msgpuck into
    /// a C array (baseline), the peers' deserializers (allocating), and a plain copy of the values' bytes into the
    /// destination, the floor.
    /// </summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 3, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("Arrays", "Decode")]
    public unsafe class Float64ArrayDecode : BulkArrayDecode<double>
    {
        private double[] _values = Array.Empty<double>();

        [GlobalSetup]
        public void Setup()
        {
            _values = ArrayWorkloads.Float64Values(Count);
            double* pointer = Pinned.Address(_values);
            SetInput((dst, capacity) => Float64Natives.Msgpuck(pointer, _values.Length, dst, capacity), (9 * Count) + 1024);
            SetUp(_values);
        }

        [Benchmark(Description = "MsgPackSpec ReadDoubleArray (span)")]
        public long Bulk()
        {
            Stored = Destination;
            return MsgPackSpec.ReadDoubleArray(Input, Destination, out _);
        }

        [Benchmark(Description = "MsgPackSpec ReadDoubleArray (pointer)")]
        public long BulkPointer()
        {
            Stored = Destination;
            return MsgPackSpec.ReadDoubleArray(Source, Length, Destination, out _);
        }

        [Benchmark(Description = "MsgPackSpec ReadDoubleArray (MsgPackReader)")]
        public long BulkReader()
        {
            Stored = Destination;
            var reader = new MsgPackReader(OneSegment);
            return reader.ReadDoubleArray(Destination);
        }

        [Benchmark(Description = "MsgPackSpec per-value loop (span, advancing)")]
        public long PerValue()
        {
            Stored = Destination;
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(ref source);
            double[] destination = Destination;
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
            Stored = Destination;
            _values.AsSpan().CopyTo(Destination);
            return _values.Length;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackSerializer.Deserialize<double[]>")]
        [Allocates("the double[] it returns")]
        public long MessagePackCSharpSerializer()
        {
            Stored = MessagePack.MessagePackSerializer.Deserialize<double[]>(OneSegment);
            return Stored.Length;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Deserialize<double[]>")]
        [Allocates("the double[] it returns")]
        public long NerdbankSerializer()
        {
            Stored = NbSerializer.Deserialize<double[], ArrayShapes>(OneSegment)!;
            return Stored.Length;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck()
        {
            Stored = Destination;
            return Native.mpn_msgpuck_decode_float64_array_into(Source, Length, DestinationPointer, Destination.Length, null);
        }
    }

    /// <summary>
    /// Writes an int64 array of every width and both signs (<see cref="Workloads.Int64Values(int)"/>: fixints up to
    /// 64-bit values, each width picked at random): the bulk writer, which takes 64-bit elements two at a time, against
    /// our per-value loop, msgpuck's (the baseline) and the .NET peers' serializers of long[]. At 100 elements the same
    /// values are written again and again, which lets the per-value loop's branches learn them.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Arrays", "Encode")]
    public unsafe class Int64ArrayEncode : BulkArrayEncode<long>
    {
        [GlobalSetup]
        public void Setup() => SetBulkValues(Workloads.Int64Values(Count), largestValue: 9);

        [Benchmark(Description = "MsgPackSpec WriteInt64Array (span)")]
        public int Bulk() => MsgPackSpec.WriteInt64Array(Output, Values);

        [Benchmark(Description = "MsgPackSpec per-value loop (span, advancing)")]
        public int PerValue()
        {
            Span<byte> rest = Output;
            long[] values = Values;
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
            MessagePack.MessagePackSerializer.Serialize(Pooled, Values);
            return Pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Serialize(long[])")]
        [BufferWriterOutput]
        public long NerdbankSerializer()
        {
            Pooled.Reset();
            NbSerializer.Serialize<long[], ArrayShapes>(Pooled, Values);
            return Pooled.WrittenCount;
        }

        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => Int64Natives.Msgpuck(ValuesPointer, Values.Length, Dst, Capacity);
    }

    /// <summary>
    /// Reads the same int64 array back into a long[] of the caller's: the bulk reader against our per-value loop (the
    /// baseline) and the .NET peers' deserializers of long[] (which allocate the array they return). Every row
    /// returns the count; the setup checks the values each stored.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Arrays", "Decode")]
    public unsafe class Int64ArrayDecode : BulkArrayDecode<long>
    {
        [GlobalSetup]
        public void Setup()
        {
            long[] values = Workloads.Int64Values(Count);
            long* pointer = Pinned.Address(values);
            SetInput((dst, capacity) => Int64Natives.Msgpuck(pointer, values.Length, dst, capacity), (9 * Count) + 1024);
            SetUp(values);
        }

        [Benchmark(Description = "MsgPackSpec ReadInt64Array (span)")]
        public long Bulk()
        {
            Stored = Destination;
            return MsgPackSpec.ReadInt64Array(Input, Destination, out _);
        }

        [Benchmark(Baseline = true, Description = "MsgPackSpec per-value loop (span, advancing)")]
        public long PerValue()
        {
            Stored = Destination;
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(ref source);
            long[] destination = Destination;
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
            Stored = MessagePack.MessagePackSerializer.Deserialize<long[]>(OneSegment);
            return Stored.Length;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Deserialize<long[]>")]
        [Allocates("the long[] it returns")]
        public long NerdbankSerializer()
        {
            Stored = NbSerializer.Deserialize<long[], ArrayShapes>(OneSegment)!;
            return Stored.Length;
        }
    }

    /// <summary>
    /// Writes an int16 array of every width and both signs (<see cref="Workloads.Int16Values(int)"/>: fixints, 8 and
    /// 16-bit values, each width picked at random): the bulk writer against our per-value loop (the baseline: msgpuck
    /// has no int16 array function) and the .NET peers' serializers of short[]. At 100 elements the same values are
    /// written again and again, which lets the per-value loop's branches learn them.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Arrays", "Encode")]
    public class Int16ArrayEncode : BulkArrayEncode<short>
    {
        [GlobalSetup]
        public void Setup() => SetBulkValues(Workloads.Int16Values(Count), largestValue: 3);

        [Benchmark(Description = "MsgPackSpec WriteInt16Array (span)")]
        public int Bulk() => MsgPackSpec.WriteInt16Array(Output, Values);

        [Benchmark(Baseline = true, Description = "MsgPackSpec per-value loop (span, advancing)")]
        public int PerValue()
        {
            Span<byte> rest = Output;
            short[] values = Values;
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
            MessagePack.MessagePackSerializer.Serialize(Pooled, Values);
            return Pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Serialize(short[])")]
        [BufferWriterOutput]
        public long NerdbankSerializer()
        {
            Pooled.Reset();
            NbSerializer.Serialize<short[], ArrayShapes>(Pooled, Values);
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
    public class Int16ArrayDecode : BulkArrayDecode<short>
    {
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
            SetUp(values);
        }

        [Benchmark(Description = "MsgPackSpec ReadInt16Array (span)")]
        public long Bulk()
        {
            Stored = Destination;
            return MsgPackSpec.ReadInt16Array(Input, Destination, out _);
        }

        [Benchmark(Baseline = true, Description = "MsgPackSpec per-value loop (span, advancing)")]
        public long PerValue()
        {
            Stored = Destination;
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(ref source);
            short[] destination = Destination;
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
            Stored = MessagePack.MessagePackSerializer.Deserialize<short[]>(OneSegment);
            return Stored.Length;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Deserialize<short[]>")]
        [Allocates("the short[] it returns")]
        public long NerdbankSerializer()
        {
            Stored = NbSerializer.Deserialize<short[], ArrayShapes>(OneSegment)!;
            return Stored.Length;
        }
    }
}
