using System;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>An encoding class whose input is an array, pinned, so that the pointer API and the native rows take it
    /// as a pointer.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    public abstract unsafe class ArrayInputBase<T> : BenchmarkBase
        where T : unmanaged
    {
        /// <summary>The values every row writes (pinned).</summary>
        protected T[] Values = Array.Empty<T>();

        /// <summary>The address of <see cref="Values"/>, for the native rows and the pointer API.</summary>
        protected T* ValuesPointer;

        /// <summary>Loads the native library, takes the values and sizes the output, then runs the fairness checks.</summary>
        /// <param name="values">The values, in a pinned array (<see cref="Pinned"/>).</param>
        /// <param name="capacity">The output buffer's size.</param>
        /// <returns>msgpuck's output.</returns>
        protected byte[] SetValues(T[] values, int capacity)
        {
            Native.EnsureLoaded();
            Values = values;
            ValuesPointer = Pinned.Address(values);
            AllocateOutput(capacity);
            return CheckEncoders();
        }
    }

    /// <summary>
    /// An encoding class whose input is an array, and its baseline row, msgpuck's encoder. The native entry points come
    /// from <typeparamref name="TNative"/>, a struct whose static members are the workload's imports (<see cref="SeedNatives"/>
    /// and the others in Native.cs): the JIT compiles each class's rows with the struct's import in place of the
    /// interface member, so a row here makes the same P/Invoke as a row that names the import.
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <typeparam name="TNative">The workload's native entry points.</typeparam>
    public abstract unsafe class ArrayEncodeBase<T, TNative> : ArrayInputBase<T>
        where T : unmanaged
        where TNative : struct, IMsgpuckEncoder<T>
    {
        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public long Msgpuck() => TNative.Msgpuck(ValuesPointer, Values.Length, Dst, Capacity);
    }

    /// <summary>An encoding class with every native library's row: msgpuck (the baseline), msgpack-c and msgpack-cxx,
    /// each also through a fresh sbuffer per call (those two rows only in --full and --verify).</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <typeparam name="TNative">The workload's native entry points.</typeparam>
    public abstract unsafe class NativeEncodeBase<T, TNative> : ArrayEncodeBase<T, TNative>
        where T : unmanaged
        where TNative : struct, INativeEncoders<T>
    {
        [Benchmark(Description = "msgpack-c")]
        [PInvoke]
        public long MsgpackC() => TNative.MsgpackC(ValuesPointer, Values.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-c sbuffer")]
        [PInvoke]
        [FullOnly]
        public long MsgpackCSbuffer() => TNative.MsgpackCSbuffer(ValuesPointer, Values.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-cxx")]
        [PInvoke]
        public long MsgpackCxx() => TNative.MsgpackCxx(ValuesPointer, Values.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-cxx sbuffer")]
        [PInvoke]
        [FullOnly]
        public long MsgpackCxxSbuffer() => TNative.MsgpackCxxSbuffer(ValuesPointer, Values.Length, Dst, Capacity);
    }

    /// <summary>A decoding class with every native library's row: msgpuck (the baseline), msgpack-c, msgpack-cxx and
    /// msgpack-cxx's visitor, each returning the workload's checksum (see <see cref="ArrayEncodeBase{T, TNative}"/>
    /// for how the entry points are called).</summary>
    /// <typeparam name="TSum">The checksum's type.</typeparam>
    /// <typeparam name="TNative">The workload's native entry points.</typeparam>
    public abstract unsafe class NativeDecodeBase<TSum, TNative> : DecodeBase
        where TNative : struct, INativeDecoders<TSum>
    {
        [Benchmark(Baseline = true, Description = "msgpuck")]
        [PInvoke]
        public TSum Msgpuck() => TNative.Msgpuck(Source, Length, null, null);

        [Benchmark(Description = "msgpack-c")]
        [PInvoke]
        public TSum MsgpackC() => TNative.MsgpackC(Source, Length, null, null);

        [Benchmark(Description = "msgpack-cxx")]
        [PInvoke]
        public TSum MsgpackCxx() => TNative.MsgpackCxx(Source, Length, null, null);

        [Benchmark(Description = "msgpack-cxx visitor")]
        [PInvoke]
        public TSum MsgpackCxxVisitor() => TNative.MsgpackCxxVisitor(Source, Length, null, null);

        /// <summary>Checks that msgpuck's decoder reads the whole input and the expected number of elements.</summary>
        protected void CheckInput(long expectedCount)
        {
            long count;
            long consumed;
            TNative.Msgpuck(Source, Length, &count, &consumed);
            CheckCounts(count, consumed, expectedCount);
        }
    }
}
