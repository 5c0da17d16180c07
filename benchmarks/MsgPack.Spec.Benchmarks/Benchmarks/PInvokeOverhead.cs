using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// What one P/Invoke costs, the price every native row pays once per invocation: an empty native function
    /// (with and without the GC transition), one with two arguments, and an empty managed call for scale.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("PInvoke", "Overhead")]
    public unsafe class PInvokeOverhead
    {
        private readonly byte[] _data = Pinned.Array<byte>(16);
        private byte* _dataPointer;

        [GlobalSetup]
        public void Setup()
        {
            Native.EnsureLoaded();
            _dataPointer = Pinned.Address(_data);
            Fairness.Check(Native.mpn_empty_args(_dataPointer, 16) == 16, nameof(PInvokeOverhead), "mpn_empty_args did not return its length.");
        }

        [Benchmark(Description = "managed call (no inlining)")]
        public void ManagedCall() => Empty();

        [Benchmark(Baseline = true, Description = "mpn_empty")]
        [PInvoke]
        public void MpnEmpty() => Native.mpn_empty();

        [Benchmark(Description = "mpn_empty [SuppressGCTransition]")]
        public void MpnEmptyNoGcTransition() => Native.mpn_empty_no_gc_transition();

        [Benchmark(Description = "mpn_empty_args (pointer, long)")]
        [PInvoke]
        public long MpnEmptyArgs() => Native.mpn_empty_args(_dataPointer, 16);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Empty()
        {
        }
    }
}
