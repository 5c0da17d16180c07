using System;
using System.Numerics;
using BenchmarkDotNet.Attributes;

// The value-array workloads: one array header and 100 values of one type, written and read back through every API
// (ours: span, advancing span, pointer, MsgPackWriter, MsgPackReader; the peers': span primitives, writers, readers;
// the native libraries). The seed (int32), int64 and float64 differ only in the element type, so their rows are
// written once, in ValueArrayEncode and ValueArrayDecode, generic over a struct of the calls that depend on the type
// (SeedValues, Int64Values, Float64Values). The JIT compiles the rows once per struct, each member (one call) inlined:
// the code measured is that of a loop written for the type. A class with only some of the rows names the others in
// [Without]; StreamingSeedDecode adds rows of its own.
namespace MsgPack.Spec.Benchmarks
{
    /// <summary>The calls of a value array's encoding rows that depend on its element type.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    public unsafe interface IValueWrites<T>
        where T : unmanaged
    {
        /// <summary>The element's name, for a peer's failure.</summary>
        static abstract string Name { get; }

        /// <summary>True for the seed, whose span, pointer and writer rows write the array 16 header by name, as the
        /// spec's example does (the advancing row writes the smallest header: 100 values take an array 16 either way).</summary>
        static abstract bool Array16Header { get; }

        /// <summary>The workload's values, pinned.</summary>
        static abstract T[] Values();

        static abstract int Write(Span<byte> destination, T value);

        static abstract void Write(ref Span<byte> destination, T value);

        static abstract int Write(byte* destination, T value);

        static abstract void Write(ref MsgPackWriter writer, T value);

        static abstract bool MpcTryWrite(Span<byte> destination, T value, out int written);

        static abstract void MpcWrite(ref MpcWriter writer, T value);

        static abstract bool NbTryWrite(Span<byte> destination, T value, out int written);

        static abstract void NbWrite(ref NbWriter writer, T value);
    }

    /// <summary>The calls of a value array's decoding rows that depend on its element type: each read returns the
    /// value in the checksum's type (the seed's int32 values add up in a long); a Try read returns true on success.</summary>
    /// <typeparam name="TSum">The checksum's type.</typeparam>
    public unsafe interface IValueReads<TSum>
    {
        static abstract TSum Read(ReadOnlySpan<byte> source, out int read);

        static abstract TSum Read(ref ReadOnlySpan<byte> source);

        static abstract TSum Read(byte* source, int length, out int read);

        static abstract TSum Read(ref MsgPackReader reader);

        static abstract bool MpcTryRead(ReadOnlySpan<byte> source, out TSum value, out int read);

        static abstract TSum MpcRead(ref MpcReader reader);

        static abstract bool NbTryRead(ReadOnlySpan<byte> source, out TSum value, out int read);

        static abstract TSum NbRead(ref NbReader reader);
    }

    /// <summary>The seed's values: 100 int32 values (1 &lt;&lt; 30) - i, each a uint 32, after an array 16 header.
    /// The peers' Write(int) writes the smallest form, a uint 32 here (their WriteInt32 would write an int 32).</summary>
    public readonly unsafe struct SeedValues : IValueWrites<int>, IValueReads<long>
    {
        public static string Name => "int";

        public static bool Array16Header => true;

        public static int[] Values() => Workloads.SeedValues();

        public static int Write(Span<byte> destination, int value) => MsgPackSpec.WriteInt32(destination, value);

        public static void Write(ref Span<byte> destination, int value) => MsgPackSpec.WriteInt32(ref destination, value);

        public static int Write(byte* destination, int value) => MsgPackSpec.WriteInt32(destination, value);

        public static void Write(ref MsgPackWriter writer, int value) => writer.WriteInt32(value);

        public static bool MpcTryWrite(Span<byte> destination, int value, out int written) => MpcPrimitives.TryWrite(destination, value, out written);

        public static void MpcWrite(ref MpcWriter writer, int value) => writer.Write(value);

        public static bool NbTryWrite(Span<byte> destination, int value, out int written) => NbPrimitives.TryWrite(destination, value, out written);

        public static void NbWrite(ref NbWriter writer, int value) => writer.Write(value);

        public static long Read(ReadOnlySpan<byte> source, out int read) => MsgPackSpec.ReadInt32(source, out read);

        public static long Read(ref ReadOnlySpan<byte> source) => MsgPackSpec.ReadInt32(ref source);

        public static long Read(byte* source, int length, out int read) => MsgPackSpec.ReadInt32(source, length, out read);

        public static long Read(ref MsgPackReader reader) => reader.ReadInt32();

        public static bool MpcTryRead(ReadOnlySpan<byte> source, out long value, out int read)
        {
            bool done = MpcPrimitives.TryReadInt32(source, out int int32, out read) == MpcDecodeResult.Success;
            value = int32;
            return done;
        }

        public static long MpcRead(ref MpcReader reader) => reader.ReadInt32();

        public static bool NbTryRead(ReadOnlySpan<byte> source, out long value, out int read)
        {
            bool done = NbPrimitives.TryRead(source, out int int32, out read) == NbDecodeResult.Success;
            value = int32;
            return done;
        }

        public static long NbRead(ref NbReader reader) => reader.ReadInt32();
    }

    /// <summary>The int64 array's values: integers of every width. The peers' Write(long) writes the smallest form,
    /// as msgpuck does (their WriteInt64 would always write an int 64).</summary>
    public readonly unsafe struct Int64Values : IValueWrites<long>, IValueReads<long>
    {
        public static string Name => "int64";

        public static bool Array16Header => false;

        public static long[] Values() => Workloads.Int64Values();

        public static int Write(Span<byte> destination, long value) => MsgPackSpec.WriteInt64(destination, value);

        public static void Write(ref Span<byte> destination, long value) => MsgPackSpec.WriteInt64(ref destination, value);

        public static int Write(byte* destination, long value) => MsgPackSpec.WriteInt64(destination, value);

        public static void Write(ref MsgPackWriter writer, long value) => writer.WriteInt64(value);

        public static bool MpcTryWrite(Span<byte> destination, long value, out int written) => MpcPrimitives.TryWrite(destination, value, out written);

        public static void MpcWrite(ref MpcWriter writer, long value) => writer.Write(value);

        public static bool NbTryWrite(Span<byte> destination, long value, out int written) => NbPrimitives.TryWrite(destination, value, out written);

        public static void NbWrite(ref NbWriter writer, long value) => writer.Write(value);

        public static long Read(ReadOnlySpan<byte> source, out int read) => MsgPackSpec.ReadInt64(source, out read);

        public static long Read(ref ReadOnlySpan<byte> source) => MsgPackSpec.ReadInt64(ref source);

        public static long Read(byte* source, int length, out int read) => MsgPackSpec.ReadInt64(source, length, out read);

        public static long Read(ref MsgPackReader reader) => reader.ReadInt64();

        public static bool MpcTryRead(ReadOnlySpan<byte> source, out long value, out int read) => MpcPrimitives.TryReadInt64(source, out value, out read) == MpcDecodeResult.Success;

        public static long MpcRead(ref MpcReader reader) => reader.ReadInt64();

        public static bool NbTryRead(ReadOnlySpan<byte> source, out long value, out int read) => NbPrimitives.TryRead(source, out value, out read) == NbDecodeResult.Success;

        public static long NbRead(ref NbReader reader) => reader.ReadInt64();
    }

    /// <summary>The float64 array's values: (i - 50) * 1.5 + 0.375, each a float 64; the checksum is their sum, added in order.</summary>
    public readonly unsafe struct Float64Values : IValueWrites<double>, IValueReads<double>
    {
        public static string Name => "float64";

        public static bool Array16Header => false;

        public static double[] Values() => Workloads.Float64Values();

        public static int Write(Span<byte> destination, double value) => MsgPackSpec.WriteDouble(destination, value);

        public static void Write(ref Span<byte> destination, double value) => MsgPackSpec.WriteDouble(ref destination, value);

        public static int Write(byte* destination, double value) => MsgPackSpec.WriteDouble(destination, value);

        public static void Write(ref MsgPackWriter writer, double value) => writer.WriteDouble(value);

        public static bool MpcTryWrite(Span<byte> destination, double value, out int written) => MpcPrimitives.TryWrite(destination, value, out written);

        public static void MpcWrite(ref MpcWriter writer, double value) => writer.Write(value);

        public static bool NbTryWrite(Span<byte> destination, double value, out int written) => NbPrimitives.TryWrite(destination, value, out written);

        public static void NbWrite(ref NbWriter writer, double value) => writer.Write(value);

        public static double Read(ReadOnlySpan<byte> source, out int read) => MsgPackSpec.ReadDouble(source, out read);

        public static double Read(ref ReadOnlySpan<byte> source) => MsgPackSpec.ReadDouble(ref source);

        public static double Read(byte* source, int length, out int read) => MsgPackSpec.ReadDouble(source, length, out read);

        public static double Read(ref MsgPackReader reader) => reader.ReadDouble();

        public static bool MpcTryRead(ReadOnlySpan<byte> source, out double value, out int read) => MpcPrimitives.TryReadDouble(source, out value, out read) == MpcDecodeResult.Success;

        public static double MpcRead(ref MpcReader reader) => reader.ReadDouble();

        public static bool NbTryRead(ReadOnlySpan<byte> source, out double value, out int read) => NbPrimitives.TryRead(source, out value, out read) == NbDecodeResult.Success;

        public static double NbRead(ref NbReader reader) => reader.ReadDouble();
    }

    /// <summary>
    /// Every encoding row of a value array: the array header, then every value, through our span, advancing span,
    /// pointer and writer APIs, the .NET peers' span primitives (checking each result, as our span API does) and
    /// writers (over the class's reused PooledBufferWriter), and the native libraries (<see cref="NativeEncodeBase{T, TNative}"/>).
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <typeparam name="TNative">The workload's native entry points.</typeparam>
    /// <typeparam name="TValues">The element type's calls.</typeparam>
    public abstract unsafe class ValueArrayEncode<T, TNative, TValues> : NativeEncodeBase<T, TNative>
        where T : unmanaged
        where TNative : struct, INativeEncoders<T>
        where TValues : struct, IValueWrites<T>
    {
        [GlobalSetup]
        public void Setup() => CheckOutput(SetValues(TValues.Values(), 64 * 1024));

        [Benchmark(Description = "MsgPackSpec span")]
        public int Span()
        {
            Span<byte> span = Output;
            T[] values = Values;
            int w = TValues.Array16Header ? MsgPackSpec.WriteArray16Header(span, (ushort)values.Length) : MsgPackSpec.WriteArrayHeader(span, values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                w += TValues.Write(span.Slice(w), values[i]);
            }

            return w;
        }

        [Benchmark(Description = "MsgPackSpec span, advancing")]
        public int SpanAdvancing()
        {
            Span<byte> span = Output;
            Span<byte> rest = span;
            T[] values = Values;
            MsgPackSpec.WriteArrayHeader(ref rest, values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                TValues.Write(ref rest, values[i]);
            }

            return span.Length - rest.Length;
        }

        [Benchmark(Description = "MsgPackSpec pointer")]
        public int Pointer()
        {
            byte* start = Dst;
            byte* p = start;
            T[] values = Values;
            p += TValues.Array16Header ? MsgPackSpec.WriteArray16Header(p, (ushort)values.Length) : MsgPackSpec.WriteArrayHeader(p, values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                p += TValues.Write(p, values[i]);
            }

            return (int)(p - start);
        }

        [Benchmark(Description = "MsgPackSpec MsgPackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long Writer()
        {
            Pooled.Reset();
            var writer = new MsgPackWriter(Pooled);
            T[] values = Values;
            if (TValues.Array16Header)
            {
                writer.WriteArray16Header((ushort)values.Length);
            }
            else
            {
                writer.WriteArrayHeader(values.Length);
            }

            for (int i = 0; i < values.Length; i++)
            {
                TValues.Write(ref writer, values[i]);
            }

            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackPrimitives (span)")]
        public int MessagePackCSharpSpan()
        {
            Span<byte> span = Output;
            T[] values = Values;
            if (!MpcPrimitives.TryWriteArrayHeader(span, (uint)values.Length, out int w))
            {
                Peer.Fail("array header");
            }

            for (int i = 0; i < values.Length; i++)
            {
                if (!TValues.MpcTryWrite(span.Slice(w), values[i], out int written))
                {
                    Peer.Fail(TValues.Name);
                }

                w += written;
            }

            return w;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long MessagePackCSharpWriter()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new MpcWriter(pooled);
            T[] values = Values;
            writer.WriteArrayHeader(values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                TValues.MpcWrite(ref writer, values[i]);
            }

            writer.Flush();
            return pooled.WrittenCount;
        }

        // The same two rows for Nerdbank (the twins of the two above, with Nerdbank's calls).
        [Benchmark(Description = "Nerdbank.MessagePack MessagePackPrimitives (span)")]
        public int NerdbankSpan()
        {
            Span<byte> span = Output;
            T[] values = Values;
            if (!NbPrimitives.TryWriteArrayHeader(span, (uint)values.Length, out int w))
            {
                Peer.Fail("array header");
            }

            for (int i = 0; i < values.Length; i++)
            {
                if (!TValues.NbTryWrite(span.Slice(w), values[i], out int written))
                {
                    Peer.Fail(TValues.Name);
                }

                w += written;
            }

            return w;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackWriter over PooledBufferWriter")]
        [BufferWriterOutput]
        public long NerdbankWriter()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new NbWriter(pooled);
            T[] values = Values;
            writer.WriteArrayHeader(values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                TValues.NbWrite(ref writer, values[i]);
            }

            writer.Flush();
            return pooled.WrittenCount;
        }

        /// <summary>More checks of msgpuck's output, after the fairness checks.</summary>
        /// <param name="msgpuck">msgpuck's output.</param>
        protected virtual void CheckOutput(byte[] msgpuck)
        {
        }
    }

    /// <summary>
    /// Every decoding row of a value array; the checksum is the sum of the values. Our span, advancing span, pointer and
    /// reader APIs (the reader over a single-segment sequence), the token reader on the same loops (the integer
    /// workloads only), the .NET peers' span primitives and readers, and the native libraries
    /// (<see cref="NativeDecodeBase{TSum, TNative}"/>). The input is msgpuck's output.
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <typeparam name="TSum">The checksum's type.</typeparam>
    /// <typeparam name="TNative">The workload's native entry points.</typeparam>
    /// <typeparam name="TValues">The element type's calls.</typeparam>
    public abstract unsafe class ValueArrayDecode<T, TSum, TNative, TValues> : NativeDecodeBase<TSum, TNative>
        where T : unmanaged
        where TSum : INumber<TSum>
        where TNative : struct, INativeEncoders<T>, INativeDecoders<TSum>
        where TValues : struct, IValueWrites<T>, IValueReads<TSum>
    {
        [GlobalSetup]
        public void Setup()
        {
            T[] values = TValues.Values();
            T* pointer = Pinned.Address(values);
            SetInput((dst, capacity) => TNative.Msgpuck(pointer, values.Length, dst, capacity));
            CheckInput(values.Length);
            CheckInputMore();
            CheckDecoders();
        }

        [Benchmark(Description = "MsgPackSpec span")]
        public TSum Span()
        {
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(source, out int offset);
            TSum sum = TSum.Zero;
            for (int i = 0; i < count; i++)
            {
                sum += TValues.Read(source.Slice(offset), out int read);
                offset += read;
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec span, advancing")]
        public TSum SpanAdvancing()
        {
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(ref source);
            TSum sum = TSum.Zero;
            for (int i = 0; i < count; i++)
            {
                sum += TValues.Read(ref source);
            }

            return sum;
        }

        // The token reader on the same loop: the array token (its type checked, as ReadArrayHeader checks it), then
        // one token per value, its integer taken with GetInt64 (which checks the type): token reading against the
        // typed reader above, on the hot path.
        [Benchmark(Description = "MsgPackSpec span, advancing, ReadToken")]
        public long SpanAdvancingToken()
        {
            ReadOnlySpan<byte> source = Input;
            MsgPackToken header = MsgPackSpec.ReadToken(ref source);
            if (header.Type != MsgPackType.Array)
            {
                Unexpected.Token(header, "an array");
            }

            int count = header.Count;
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += MsgPackSpec.ReadToken(ref source).GetInt64();
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec pointer")]
        public TSum Pointer()
        {
            byte* p = Source;
            int left = Length;
            int count = MsgPackSpec.ReadArrayHeader(p, left, out int read);
            p += read;
            left -= read;
            TSum sum = TSum.Zero;
            for (int i = 0; i < count; i++)
            {
                sum += TValues.Read(p, left, out read);
                p += read;
                left -= read;
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment")]
        public TSum Reader()
        {
            var reader = new MsgPackReader(OneSegment);
            int count = reader.ReadArrayHeader();
            TSum sum = TSum.Zero;
            for (int i = 0; i < count; i++)
            {
                sum += TValues.Read(ref reader);
            }

            return sum;
        }

        // The token reader on the reader's loop (see the span row's ReadToken).
        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment, ReadToken")]
        public long ReaderToken()
        {
            var reader = new MsgPackReader(OneSegment);
            MsgPackToken header = reader.ReadToken();
            if (header.Type != MsgPackType.Array)
            {
                Unexpected.Token(header, "an array");
            }

            int count = header.Count;
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadToken().GetInt64();
            }

            return sum;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackPrimitives (span)")]
        public TSum MessagePackCSharpSpan()
        {
            ReadOnlySpan<byte> source = Input;
            if (MpcPrimitives.TryReadArrayHeader(source, out uint count, out int offset) != MpcDecodeResult.Success)
            {
                Peer.Fail("array header");
            }

            TSum sum = TSum.Zero;
            for (int i = 0; i < count; i++)
            {
                if (!TValues.MpcTryRead(source.Slice(offset), out TSum value, out int read))
                {
                    Peer.Fail(TValues.Name);
                }

                sum += value;
                offset += read;
            }

            return sum;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackReader, one segment")]
        public TSum MessagePackCSharpReader()
        {
            var reader = new MpcReader(OneSegment);
            int count = reader.ReadArrayHeader();
            TSum sum = TSum.Zero;
            for (int i = 0; i < count; i++)
            {
                sum += TValues.MpcRead(ref reader);
            }

            return sum;
        }

        // The same two rows for Nerdbank (the twins of the two above, with Nerdbank's calls).
        [Benchmark(Description = "Nerdbank.MessagePack MessagePackPrimitives (span)")]
        public TSum NerdbankSpan()
        {
            ReadOnlySpan<byte> source = Input;
            if (NbPrimitives.TryReadArrayHeader(source, out uint count, out int offset) != NbDecodeResult.Success)
            {
                Peer.Fail("array header");
            }

            TSum sum = TSum.Zero;
            for (int i = 0; i < count; i++)
            {
                if (!TValues.NbTryRead(source.Slice(offset), out TSum value, out int read))
                {
                    Peer.Fail(TValues.Name);
                }

                sum += value;
                offset += read;
            }

            return sum;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackReader, one segment")]
        public TSum NerdbankReader()
        {
            var reader = new NbReader(OneSegment);
            int count = reader.ReadArrayHeader();
            TSum sum = TSum.Zero;
            for (int i = 0; i < count; i++)
            {
                sum += TValues.NbRead(ref reader);
            }

            return sum;
        }

        /// <summary>More checks of the input, before the decoders are compared.</summary>
        protected virtual void CheckInputMore()
        {
        }
    }

    /// <summary>
    /// The seed workload: an array 16 header and 100 int32 values (1 &lt;&lt; 30) - i, each a uint 32 (503 bytes).
    /// The span and pointer versions are written the way a user would write them; the .NET peers' rows use their span
    /// primitives (MessagePackPrimitives.TryWrite*), checking each result as our span API does. The writers (ours and
    /// theirs) are in <see cref="StreamingSeedEncode"/>.
    /// </summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 2, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("Seed", "Encode")]
    [Without(nameof(Writer), nameof(MessagePackCSharpWriter), nameof(NerdbankWriter))]
    public class SeedEncode : ValueArrayEncode<int, SeedNatives, SeedValues>
    {
        protected override void CheckOutput(byte[] msgpuck)
        {
            Fairness.Check(msgpuck.Length == 503, Workload, $"msgpuck wrote {msgpuck.Length} bytes, expected 503.");
            Fairness.SameBytes(Workload, "the spec's example", new byte[] { 0xdc, 0x00, 0x64, 0xce, 0x40, 0x00, 0x00, 0x00, 0xce, 0x3f, 0xff, 0xff, 0xff }, msgpuck.AsSpan(0, 13));
        }
    }

    /// <summary>Reads the seed back: the array header, then 100 int32 values summed (the checksum every decoder returns).
    /// The .NET peers' span primitives here; the readers (ours and theirs) are in <see cref="StreamingSeedDecode"/>.</summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 2, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("Seed", "Decode")]
    [Without(nameof(Reader), nameof(ReaderToken), nameof(MessagePackCSharpReader), nameof(NerdbankReader))]
    public class SeedDecode : ValueArrayDecode<int, long, SeedNatives, SeedValues>
    {
    }

    /// <summary>Integers of every width: 100 int64 values from new Random(42), positive and negative fixints up to
    /// 64-bit values (<see cref="Workloads.Int64Values()"/>), after the smallest array header: every row writes the
    /// smallest form, as msgpuck does (MessagePack-CSharp's and Nerdbank's Write(long); their WriteInt64 is fixed-width).
    /// Span rows, streaming writers over the class's reused PooledBufferWriter (ours and the .NET peers'), natives.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Int64", "Encode")]
    public class Int64Encode : ValueArrayEncode<long, Int64Natives, Int64Values>
    {
    }

    /// <summary>Reads the int64 array back (span rows, readers over a single-segment sequence, the token reader on the
    /// span and reader loops, the peers' primitives and readers, natives); the checksum is the wrapping sum of the values.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Int64", "Decode")]
    public class Int64Decode : ValueArrayDecode<long, long, Int64Natives, Int64Values>
    {
    }

    /// <summary>100 float64 values (i - 50) * 1.5 + 0.375 after the smallest array header: every value a float 64
    /// (cb + 8 bytes). No whole numbers: msgpack-cxx writes those as integers.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Float64", "Encode")]
    public class Float64Encode : ValueArrayEncode<double, Float64Natives, Float64Values>
    {
    }

    /// <summary>Reads the float64 array back (span rows, readers over a single-segment sequence, the .NET peers'
    /// primitives and readers, natives); the checksum is the sum of the values, added in order (bit-exact). The token
    /// rows are the integer workloads'.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Float64", "Decode")]
    [Without(nameof(SpanAdvancingToken), nameof(ReaderToken))]
    public class Float64Decode : ValueArrayDecode<double, double, Float64Natives, Float64Values>
    {
    }

    /// <summary>
    /// The seed workload through the streaming layer: <see cref="MsgPackWriter"/> over a reused
    /// <see cref="PooledBufferWriter"/> (Reset between messages, so nothing is rented in steady state), next to the raw
    /// span API, the .NET peers' writers (MessagePack-CSharp's and Nerdbank.MessagePack's MessagePackWriter) over the
    /// same reused buffer writer, and msgpuck. Every writer's bytes are compared with msgpuck's in the setup.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("StreamingSeed", "Encode")]
    [Without(nameof(Pointer), nameof(MessagePackCSharpSpan), nameof(NerdbankSpan), nameof(MsgpackC), nameof(MsgpackCSbuffer), nameof(MsgpackCxx), nameof(MsgpackCxxSbuffer))]
    public class StreamingSeedEncode : ValueArrayEncode<int, SeedNatives, SeedValues>
    {
        [GlobalCleanup]
        public void Cleanup() => Pooled.Dispose();
    }

    /// <summary>
    /// The seed workload read back through <see cref="MsgPackReader"/>: over a single-segment sequence, and over a
    /// sequence of 64-byte segments (so about one value in thirteen straddles two segments), next to the raw span
    /// API, the .NET peers' readers over the same two sequences, and msgpuck. Every row returns the same checksum (the
    /// sum of the values).
    /// </summary>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 2, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("StreamingSeed", "Decode")]
    [Without(nameof(Pointer), nameof(Reader), nameof(ReaderToken), nameof(MessagePackCSharpSpan), nameof(NerdbankSpan), nameof(MsgpackC), nameof(MsgpackCxx), nameof(MsgpackCxxVisitor))]
    public class StreamingSeedDecode : ValueArrayDecode<int, long, SeedNatives, SeedValues>
    {
        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment, loop in a helper")]
        public long ReaderSingleSegment()
        {
            var reader = new MsgPackReader(OneSegment);
            return Sum(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec MsgPackReader, 64-byte segments, loop in a helper")]
        public long ReaderSegmented()
        {
            var reader = new MsgPackReader(Segmented);
            return Sum(ref reader);
        }

        // The helper loop through a MsgPackCursor: the helper takes the reader by reference and keeps its place in a
        // cursor of its own (see NestedDocumentDecode).
        [Benchmark(Description = "MsgPackSpec MsgPackCursor, one segment, loop in a helper")]
        public long CursorSingleSegment()
        {
            var reader = new MsgPackReader(OneSegment);
            return SumThroughCursor(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec MsgPackCursor, 64-byte segments, loop in a helper")]
        public long CursorSegmented()
        {
            var reader = new MsgPackReader(Segmented);
            return SumThroughCursor(ref reader);
        }

        // The same two readers with the loop in the method that owns the reader, as the span rows have it: the
        // reader is then a local of this frame, and where its fields live changes how fast the loop runs.
        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment, loop in place")]
        public long ReaderSingleSegmentInPlace()
        {
            var reader = new MsgPackReader(OneSegment);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt32();
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec MsgPackReader, 64-byte segments, loop in place")]
        public long ReaderSegmentedInPlace()
        {
            var reader = new MsgPackReader(Segmented);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt32();
            }

            return sum;
        }

        // The token reader on the reader's loop (see the span row's ReadToken).
        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment, loop in place, ReadToken")]
        public long ReaderSingleSegmentInPlaceToken()
        {
            var reader = new MsgPackReader(OneSegment);
            MsgPackToken header = reader.ReadToken();
            if (header.Type != MsgPackType.Array)
            {
                Unexpected.Token(header, "an array");
            }

            int count = header.Count;
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadToken().GetInt64();
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec MsgPackReader, 64-byte segments, loop in place, ReadToken")]
        public long ReaderSegmentedInPlaceToken()
        {
            var reader = new MsgPackReader(Segmented);
            MsgPackToken header = reader.ReadToken();
            if (header.Type != MsgPackType.Array)
            {
                Unexpected.Token(header, "an array");
            }

            int count = header.Count;
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadToken().GetInt64();
            }

            return sum;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackReader, 64-byte segments")]
        public long MessagePackCSharpReaderSegmented()
        {
            var reader = new MpcReader(Segmented);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt32();
            }

            return sum;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackReader, 64-byte segments")]
        public long NerdbankReaderSegmented()
        {
            var reader = new NbReader(Segmented);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt32();
            }

            return sum;
        }

        protected override void CheckInputMore() => Fairness.Check(!Segmented.IsSingleSegment, Workload, "the segmented input has one segment.");

        // The reader goes by reference, as a mutable ref struct should (Utf8JsonReader likewise).
        private static long Sum(ref MsgPackReader reader)
        {
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadInt32();
            }

            return sum;
        }

        // The same helper, reading through a cursor: the place stays in registers, the reader is touched only when a
        // value straddles two segments, and once at the end (MoveTo).
        private static long SumThroughCursor(ref MsgPackReader reader)
        {
            MsgPackCursor cursor = reader.GetCursor();
            int count = cursor.ReadArrayHeader(ref reader);
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += cursor.ReadInt32(ref reader);
            }

            reader.MoveTo(cursor);
            return sum;
        }
    }
}
