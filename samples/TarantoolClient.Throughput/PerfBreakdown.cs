using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;

namespace MsgPack.Spec.Samples.Tarantool.Throughput
{
    /// <summary>Sums perf samples by whose code they fell in, from <c>perf report --sort dso,sym</c>.</summary>
    internal static class PerfBreakdown
    {
        // First match wins: the sample before the library, since its namespace starts with the library's.
        private static readonly (string Group, Func<string, string, bool> Matches)[] Groups =
        [
            ("sample client (MsgPack.Spec.Samples.Tarantool)", (_, sym) => sym.Contains("MsgPack.Spec.Samples", StringComparison.Ordinal)),
            ("MsgPack.Spec (the library)", (_, sym) => sym.Contains("MsgPack.Spec.", StringComparison.Ordinal)),
            ("System.IO.Pipelines", (_, sym) => sym.Contains("System.IO.Pipelines", StringComparison.Ordinal)),
            ("System.Net.Sockets", (_, sym) => sym.Contains("System.Net.Sockets", StringComparison.Ordinal)),
            ("async and thread pool (System.Threading, System.Runtime.CompilerServices)", (_, sym) => sym.Contains("System.Threading", StringComparison.Ordinal) || sym.Contains("System.Runtime.CompilerServices", StringComparison.Ordinal)),
            ("other managed code", (dso, _) => dso.StartsWith("perf-", StringComparison.Ordinal) || dso.Contains("[JIT]", StringComparison.Ordinal) || dso.EndsWith(".dll", StringComparison.Ordinal)),
            ("kernel (system calls, TCP over loopback, scheduling)", (dso, _) => dso.Contains("kernel", StringComparison.Ordinal)),
            (".NET runtime, native (libcoreclr, libSystem.Native: GC, thread pool waits, interop)", (dso, _) => dso.StartsWith("libcoreclr", StringComparison.Ordinal) || dso.StartsWith("libSystem", StringComparison.Ordinal) || dso.StartsWith("libclrjit", StringComparison.Ordinal)),
            ("C library", (dso, _) => dso.StartsWith("libc", StringComparison.Ordinal) || dso.StartsWith("ld-linux", StringComparison.Ordinal)),
        ];

        public static void Print(string file)
        {
            var report = Process.Start(new ProcessStartInfo("perf", ["report", "-i", file, "--stdio", "--no-children", "--sort", "dso,sym", "--percent-limit", "0"])
            {
                UseShellExecute = false,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
            }) ?? throw new InvalidOperationException("perf report did not start");
            report.ErrorDataReceived += static (_, _) => { };
            report.BeginErrorReadLine();
            var totals = new Dictionary<string, double>();
            // The methods of the two groups this run is about; the library's code that the JIT inlined into the
            // sample's methods counts as the sample's.
            var methods = new Dictionary<string, Dictionary<string, double>> { [Groups[0].Group] = new(), [Groups[1].Group] = new() };
            string? line;
            while ((line = report.StandardOutput.ReadLine()) is not null)
            {
                // "    12.34%  dso  [.] symbol"
                string trimmed = line.TrimStart();
                int percent = trimmed.IndexOf('%', StringComparison.Ordinal);
                if (trimmed.StartsWith('#') || percent <= 0 || !double.TryParse(trimmed[..percent], NumberStyles.Float, CultureInfo.InvariantCulture, out double share))
                {
                    continue;
                }

                string rest = trimmed[(percent + 1)..].TrimStart();
                int gap = rest.IndexOf("  ", StringComparison.Ordinal);
                string dso = gap > 0 ? rest[..gap] : rest;
                string sym = gap > 0 ? rest[gap..].Trim() : "";
                string group = Groups.FirstOrDefault(g => g.Matches(dso, sym)).Group ?? "other (" + dso + ")";
                totals[group] = totals.GetValueOrDefault(group) + share;
                if (methods.TryGetValue(group, out Dictionary<string, double>? byMethod))
                {
                    string name = sym.StartsWith("[.] ", StringComparison.Ordinal) ? sym[4..] : sym;
                    byMethod[name] = byMethod.GetValueOrDefault(name) + share;
                }
            }

            report.WaitForExit();
            Console.WriteLine("| code | share of the client's samples |");
            Console.WriteLine("| --- | ---: |");
            foreach ((string group, double share) in totals.OrderByDescending(t => t.Value))
            {
                Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"| {group} | {share:F1}% |"));
            }

            foreach ((string group, Dictionary<string, double> byMethod) in methods)
            {
                Console.WriteLine();
                Console.WriteLine($"the top methods of {group}:");
                foreach ((string name, double share) in byMethod.OrderByDescending(t => t.Value).Take(8))
                {
                    Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  {share:F2}%  {name}"));
                }
            }
        }
    }
}
