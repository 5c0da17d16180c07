using System;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Perfolizer.Horology;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// "Net of P/Invoke": for the rows that call libmsgpack_native.so (<see cref="PInvokeAttribute"/>), the mean less
    /// the cost of one empty P/Invoke (<c>mpn_empty</c>), i.e. what the native library itself took. Managed rows show "-".
    /// The cost is measured once, in the host process at startup, with a Stopwatch loop (<see cref="MeasureEmptyPInvoke"/>);
    /// the P/Invoke overhead class measures the same call with BenchmarkDotNet (mpn_empty), for comparison.
    /// </summary>
    public sealed unsafe class NetOfPInvokeColumn : IColumn
    {
        private readonly double _emptyNanoseconds;

        public NetOfPInvokeColumn(double emptyNanoseconds) => _emptyNanoseconds = emptyNanoseconds;

        public string Id => nameof(NetOfPInvokeColumn);

        public string ColumnName => "Net of P/Invoke";

        public bool AlwaysShow => true;

        public ColumnCategory Category => ColumnCategory.Statistics;

        public int PriorityInCategory => 100;

        public bool IsNumeric => true;

        public UnitType UnitType => UnitType.Time;

        public string Legend => double.IsNaN(_emptyNanoseconds)
            ? "Mean less the cost of an empty P/Invoke, for native rows (not measured: libmsgpack_native.so did not load)"
            : string.Create(CultureInfo.InvariantCulture, $"Mean less the cost of an empty P/Invoke ({_emptyNanoseconds:0.000} ns, an empty P/Invoke timed at startup by a Stopwatch loop), for native rows; '-' for managed rows");

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
        {
            if (!benchmarkCase.Descriptor.WorkloadMethod.IsDefined(typeof(PInvokeAttribute)))
            {
                return "-";
            }

            double? mean = summary[benchmarkCase]?.ResultStatistics?.Mean;
            if (mean is null || double.IsNaN(_emptyNanoseconds))
            {
                return "?";
            }

            TimeUnit unit = style.TimeUnit ?? TimeUnit.GetBestTimeUnit(
                summary.Reports.Where(r => r.ResultStatistics is not null).Select(r => r.ResultStatistics!.Mean).ToArray());
            double value = TimeUnit.Convert(mean.Value - _emptyNanoseconds, TimeUnit.Nanosecond, unit);
            string number = value.ToString("N3", style.CultureInfo);
            return style.PrintUnitsInContent ? number + " " + unit.Abbreviation : number;
        }

        public bool IsAvailable(Summary summary) => true;

        public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

        public override string ToString() => ColumnName;

        /// <summary>
        /// The cost of one empty P/Invoke as the benchmarks pay it, in nanoseconds: a Stopwatch loop calls a
        /// non-inlined method that makes the call (as BenchmarkDotNet calls a benchmark method), less the same loop
        /// over an empty non-inlined method (as BenchmarkDotNet subtracts its overhead). A method that contains a
        /// P/Invoke sets up an inlined call frame in its prolog, so calling the native function many times inside one
        /// method would measure less than a benchmark pays. Best of several rounds; NaN when the library does not load.
        /// </summary>
        public static double MeasureEmptyPInvoke()
        {
            try
            {
                Native.EnsureLoaded();
            }
            catch (InvalidOperationException)
            {
                return double.NaN;
            }

            const int Iterations = 2_000_000;
            double best = double.MaxValue;
            for (int round = 0; round < 15; round++)
            {
                double call = Time(&CallEmpty, Iterations);
                double overhead = Time(&ManagedEmpty, Iterations);
                best = Math.Min(best, call - overhead);
            }

            return Math.Max(0, best);
        }

        private static unsafe double Time(delegate*<void> method, int iterations)
        {
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < iterations; i++)
            {
                method();
            }

            return Stopwatch.GetElapsedTime(start).TotalNanoseconds / iterations;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void CallEmpty() => Native.mpn_empty();

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void ManagedEmpty()
        {
        }
    }
}
