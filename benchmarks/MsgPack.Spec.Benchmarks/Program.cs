using System;
using System.Linq;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Exporters.Csv;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// Entry point. Modes, handled before BenchmarkSwitcher:
    /// <list type="bullet">
    /// <item><c>--verify</c>: runs every benchmark once per [Params] combination, after its [GlobalSetup] (the fairness
    /// checks); prints one line per class and "verify: N passed, N failed"; exit code 1 when anything failed.</item>
    /// <item><c>--chart &lt;results-dir&gt; &lt;out.svg&gt;</c>: an SVG bar chart of the JSON reports in a results directory.</item>
    /// <item><c>--report &lt;results-dir&gt; &lt;out.md&gt;</c>: the headline tables (MsgPackSpec against the .NET peers and msgpuck; MsgPackSpec / msgpuck, raw and net of P/Invoke).</item>
    /// <item><c>--info</c>: the native libraries' versions, the runtime, and the empty P/Invoke's cost (Stopwatch).</item>
    /// <item><c>--quick</c> (with BenchmarkSwitcher arguments): fewer [Params] cases (<see cref="Workloads.Quick"/>), and
    /// no [FullOnly] rows (the sbuffer variants of msgpack-c and msgpack-cxx).</item>
    /// </list>
    /// Anything else goes to BenchmarkSwitcher, e.g. <c>--filter '*Seed*' --job short</c>.
    /// </summary>
    public static class Program
    {
        public static int Main(string[] args)
        {
            if (args.Length > 0)
            {
                switch (args[0])
                {
                    case "--verify":
                        return Verifier.Run(Console.Out);
                    case "--info":
                        return Info();
                    case "--machine-drift":
                        return MachineDrift.Run(args[1..], Console.Out);
                    case "--interleaved":
                        return Interleaved.Run(args[1..], Console.Out);
                    case "--chart" when args.Length == 3:
                        return Chart.Run(args[1], args[2]);
                    case "--report" when args.Length == 3:
                        return Report.Run(args[1], args[2]);
                    case "--chart":
                    case "--report":
                        Console.Error.WriteLine($"usage: {args[0]} <results-dir> <output-file>");
                        return 2;
                }
            }

            if (args.Contains("--quick"))
            {
                Environment.SetEnvironmentVariable(Workloads.QuickVariable, "1");
                args = args.Where(a => a != "--quick").ToArray();
            }

            double emptyPInvoke = NetOfPInvokeColumn.MeasureEmptyPInvoke();
            Console.WriteLine(double.IsNaN(emptyPInvoke)
                ? "// libmsgpack_native.so did not load: the native rows will fail (run ./build.sh native)"
                : FormattableString.Invariant($"// native: {Native.Versions()}; empty P/Invoke (Stopwatch loop): {emptyPInvoke:0.000} ns"));

            ManualConfig config = CreateConfig(emptyPInvoke);
            if (Workloads.Quick)
            {
                config.AddFilter(new SimpleFilter(b => !b.Descriptor.WorkloadMethod.IsDefined(typeof(FullOnlyAttribute), false)));
            }

            Summary[] summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, config).ToArray();
            bool failed = summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success));
            if (failed)
            {
                Console.Error.WriteLine("benchmarks: some benchmarks failed (see above); a fairness check that throws in [GlobalSetup] stops its benchmark.");
            }

            return failed ? 1 : 0;
        }

        private static int Info()
        {
            double emptyPInvoke = NetOfPInvokeColumn.MeasureEmptyPInvoke();
            Console.WriteLine($"runtime: {System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription} on {System.Runtime.InteropServices.RuntimeInformation.OSDescription}, {Environment.ProcessorCount} logical processors");
            if (double.IsNaN(emptyPInvoke))
            {
                Console.WriteLine("native: libmsgpack_native.so did not load (run ./build.sh native)");
                return 1;
            }

            Console.WriteLine($"native: {Native.Versions()}");
            foreach (Type type in typeof(Program).Assembly.GetTypes().Where(t => t.IsSubclassOf(typeof(DecodeBase)) && !t.IsAbstract).OrderBy(t => t.Name, StringComparer.Ordinal))
            {
                foreach ((string label, object instance) in Verifier.SetUpInstances(type))
                {
                    Console.WriteLine($"document: {label}: {((DecodeBase)instance).DocumentLength} bytes");
                }
            }

            Console.WriteLine(FormattableString.Invariant($"empty P/Invoke (Stopwatch loop through a non-inlined method, as the \"Net of P/Invoke\" column uses it): {emptyPInvoke:0.000} ns"));
            return 0;
        }

        /// <summary>Rows grouped by category (one msgpuck baseline each, so Ratio reads "x msgpuck"), memory columns,
        /// the "Net of P/Invoke" column, and the GitHub markdown, CSV and full JSON exports; the rows a class leaves out
        /// of its base class's (<see cref="WithoutAttribute"/>) are not run.</summary>
        public static ManualConfig CreateConfig(double emptyPInvokeNanoseconds) =>
            ManualConfig.CreateEmpty()
                .AddFilter(new SimpleFilter(b => BenchmarkBase.IsRow(b.Descriptor.Type, b.Descriptor.WorkloadMethod)))
                .AddColumnProvider(DefaultColumnProviders.Instance)
                .AddColumn(new NetOfPInvokeColumn(emptyPInvokeNanoseconds))
                .AddLogger(ConsoleLogger.Default)
                .AddAnalyser(DefaultConfig.Instance.GetAnalysers().ToArray())
                .AddValidator(DefaultConfig.Instance.GetValidators().ToArray())
                .AddExporter(MarkdownExporter.GitHub, CsvExporter.Default, JsonExporter.Full)
                .AddLogicalGroupRules(BenchmarkLogicalGroupRule.ByCategory)
                .WithSummaryStyle(SummaryStyle.Default);
    }
}
