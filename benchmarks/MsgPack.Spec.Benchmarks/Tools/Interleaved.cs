using System;
using System.Collections;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.RegularExpressions;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// Runs the rows of each benchmark class in one process, in turns: every row for a slice of about 10 ms, in a
    /// shuffled order, round after round; a row's figure is the median of its slices, and its ratio to the class's
    /// baseline is the median of the ratios taken within each round.
    /// </summary>
    /// <remarks>
    /// Why: this 2-core VM changes speed by itself, by a fifth to a half, for seconds at a time, whatever runs on it (a
    /// chain of multiplications with no memory access slows down with the rest; see docs/benchmarks-notes.md). BenchmarkDotNet
    /// runs the rows one after the other, each in its own process, so two rows compared side by side may have run at
    /// two different speeds of the machine. Here every round measures every row within about a tenth of a second, so a
    /// ratio taken within a round compares the rows at the same speed, and the median over the rounds leaves out the
    /// rounds a change of speed cut in two. It complements BenchmarkDotNet (which has the allocation, the disassembly
    /// and the statistics of each row on its own), it does not replace it: the rows are the same methods, set up by the
    /// same [GlobalSetup] with its fairness checks.
    /// </remarks>
    internal static class Interleaved
    {
        private const double SliceMilliseconds = 10;

        /// <summary>Keeps the rows' results alive so that the JIT cannot drop the work that makes them.</summary>
        private static object? _sink;
        private static long _sinkValue;

        internal static int Run(string[] args, TextWriter output)
        {
            var filters = new List<Regex>();
            double seconds = 4;
            double warmupSeconds = 2;
            string? resultsDirectory = null;
            string name = "interleaved";
            for (int i = 0; i < args.Length; i++)
            {
                switch (args[i])
                {
                    case "--seconds" when i + 1 < args.Length:
                        seconds = double.Parse(args[++i], CultureInfo.InvariantCulture);
                        break;
                    case "--warmup" when i + 1 < args.Length:
                        warmupSeconds = double.Parse(args[++i], CultureInfo.InvariantCulture);
                        break;
                    case "--name" when i + 1 < args.Length:
                        name = args[++i];
                        break;
                    case "--results" when i + 1 < args.Length:
                        resultsDirectory = args[++i];
                        break;
                    default:
                        filters.Add(new Regex("^" + Regex.Escape(args[i]).Replace("\\*", ".*", StringComparison.Ordinal) + "$", RegexOptions.CultureInvariant));
                        break;
                }
            }

            if (filters.Count == 0)
            {
                output.WriteLine("usage: --interleaved <class filter>... [--seconds S (per case, default 4)] [--warmup S (default 2)] [--results DIR [--name FILE (without .md)]]");
                return 2;
            }

            // The quick pass's cases and rows, as ./build.sh bench runs them.
            Environment.SetEnvironmentVariable(Workloads.QuickVariable, "1");
            Type[] types = typeof(Program).Assembly.GetTypes()
                .Where(t => !t.IsAbstract && BenchmarkBase.Benchmarks(t).Any())
                .Where(t => filters.Any(f => f.IsMatch(t.Name) || f.IsMatch(t.FullName ?? t.Name)))
                .OrderBy(t => t.FullName, StringComparer.Ordinal)
                .ToArray();
            if (types.Length == 0)
            {
                output.WriteLine("interleaved: no benchmark class matches");
                return 2;
            }

            var report = new StringBuilder();
            report.AppendLine(CultureInfo.InvariantCulture, $"Interleaved run: {string.Join(' ', args)}; {seconds} s a case after {warmupSeconds} s of warm-up, slices of {SliceMilliseconds} ms; {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC; load average before: {LoadAverage()}");
            report.AppendLine(CultureInfo.InvariantCulture, $"{System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription}, {Environment.ProcessorCount} logical processors");
            report.AppendLine();
            foreach (Type type in types)
            {
                foreach (Dictionary<PropertyInfo, object?> parameters in ParameterCases(type))
                {
                    RunCase(type, parameters, seconds, warmupSeconds, report);
                }
            }

            report.AppendLine(CultureInfo.InvariantCulture, $"Load average after: {LoadAverage()}");
            output.Write(report.ToString());
            if (resultsDirectory is not null)
            {
                Directory.CreateDirectory(resultsDirectory);
                File.WriteAllText(Path.Combine(resultsDirectory, name + ".md"), report.ToString());
            }

            return 0;
        }

        private static void RunCase(Type type, Dictionary<PropertyInfo, object?> parameters, double seconds, double warmupSeconds, StringBuilder report)
        {
            object instance = Activator.CreateInstance(type)!;
            foreach ((PropertyInfo property, object? value) in parameters)
            {
                property.SetValue(instance, value);
            }

            foreach (MethodInfo setup in type.GetMethods().Where(m => m.IsDefined(typeof(GlobalSetupAttribute))))
            {
                setup.Invoke(instance, null);
            }

            MethodInfo[] methods = BenchmarkBase.Benchmarks(type)
                .Where(m => !m.IsDefined(typeof(FullOnlyAttribute)))
                .ToArray();
            Row[] rows = methods.Select(m => new Row(m, Loop(instance, m))).ToArray();

            // The cost of the loop and the delegate call around a row, measured in every round as a row that does
            // nothing and taken off every row's time (as BenchmarkDotNet takes off its overhead): without it, rows of
            // a few nanoseconds would look closer to each other than they are.
            var empty = new Row(EmptyMethod, Loop(null, EmptyMethod));
            int baseline = Math.Max(0, Array.FindIndex(rows, r => r.Method.GetCustomAttribute<BenchmarkAttribute>()!.Baseline));

            // Warm-up: every row in turns until the JIT has tiered them up, then a calibrated count of calls per slice.
            var clock = Stopwatch.StartNew();
            while (clock.Elapsed.TotalSeconds < warmupSeconds)
            {
                empty.Calibrate();
                foreach (Row row in rows)
                {
                    row.Calibrate();
                }
            }

            var random = new Random(1234);
            int[] order = Enumerable.Range(0, rows.Length).ToArray();
            var rounds = new List<double[]>();
            clock.Restart();
            while (clock.Elapsed.TotalSeconds < seconds || rounds.Count < 5)
            {
                random.Shuffle(order);
                double[] round = new double[rows.Length];
                double overhead = empty.Measure();
                foreach (int i in order)
                {
                    // A floor of a tenth of a nanosecond: a row as fast as the empty call is at the limit of the method.
                    round[i] = Math.Max(rows[i].Measure() - overhead, 0.1);
                }

                rounds.Add(round);
            }

            foreach (MethodInfo cleanup in type.GetMethods().Where(m => m.IsDefined(typeof(GlobalCleanupAttribute))))
            {
                cleanup.Invoke(instance, null);
            }

            string title = type.Name + (parameters.Count == 0 ? string.Empty : " (" + string.Join(", ", parameters.Select(p => $"{p.Key.Name} = {p.Value}")) + ")");
            report.AppendLine(CultureInfo.InvariantCulture, $"### {title}");
            report.AppendLine();
            report.AppendLine(CultureInfo.InvariantCulture, $"{rounds.Count} rounds; every time is net of an empty call's, measured in the same round. Ratios taken within each round (their median, and the 10th to 90th percentile over the rounds): to the baseline row, and to the fastest peer row (MessagePack-CSharp, Nerdbank.MessagePack) of the same kind (span, writer, reader; of any kind if the peers have none) and, for text, from the same input (a string or UTF-8) to the same result (a string, or bytes unchecked).");
            report.AppendLine();
            report.AppendLine("| row | median | x baseline | p10–p90 | x fastest peer | p10–p90 |");
            report.AppendLine("| --- | ---: | ---: | ---: | ---: | ---: |");
            string[] names = rows.Select(r => r.Method.GetCustomAttribute<BenchmarkAttribute>()!.Description ?? r.Method.Name).ToArray();
            int[][] peersOfKind = names.Select(n => PeerRows(names, n, Kind(n))).ToArray();
            for (int i = 0; i < rows.Length; i++)
            {
                int k = i;
                double[] times = rounds.Select(r => r[k]).OrderBy(x => x).ToArray();
                double[] ratios = rounds.Select(r => r[k] / r[baseline]).OrderBy(x => x).ToArray();
                string peerColumns = "– | –";
                if (peersOfKind[k].Length > 0)
                {
                    double[] toPeer = rounds.Select(r => r[k] / peersOfKind[k].Min(p => r[p])).OrderBy(x => x).ToArray();
                    peerColumns = FormattableString.Invariant($"{Percentile(toPeer, 0.5):0.00} | {Percentile(toPeer, 0.1):0.00}–{Percentile(toPeer, 0.9):0.00}");
                }

                report.AppendLine(CultureInfo.InvariantCulture, $"| {names[k]}{(k == baseline ? " (baseline)" : string.Empty)} | {Format(Percentile(times, 0.5))} | {Percentile(ratios, 0.5):0.00} | {Percentile(ratios, 0.1):0.00}–{Percentile(ratios, 0.9):0.00} | {peerColumns} |");
            }

            report.AppendLine();
        }

        /// <summary>A row: its method as a loop of n calls, and the calls a slice takes.</summary>
        private sealed class Row
        {
            private readonly Action<int> _loop;
            private int _calls = 1;

            internal Row(MethodInfo method, Action<int> loop)
            {
                Method = method;
                _loop = loop;
            }

            internal MethodInfo Method { get; }

            /// <summary>Runs a slice and sets the number of calls that takes about <see cref="SliceMilliseconds"/>.</summary>
            internal void Calibrate()
            {
                double nanoseconds = Measure();
                _calls = (int)Math.Clamp(SliceMilliseconds * 1e6 / Math.Max(nanoseconds, 0.1), 1, 100_000_000);
            }

            /// <summary>Runs a slice; returns the nanoseconds a call took.</summary>
            internal double Measure()
            {
                long start = Stopwatch.GetTimestamp();
                _loop(_calls);
                long ticks = Stopwatch.GetTimestamp() - start;
                return ticks * (1e9 / Stopwatch.Frequency) / _calls;
            }
        }

        private static readonly MethodInfo EmptyMethod = typeof(Interleaved).GetMethod(nameof(Empty), BindingFlags.NonPublic | BindingFlags.Static)!;

        /// <summary>The row that does nothing: what the loop and the call cost.</summary>
        private static int Empty() => 0;

        private static Action<int> Loop(object? instance, MethodInfo method)
        {
            MethodInfo maker = method.ReturnType == typeof(void)
                ? typeof(Interleaved).GetMethod(nameof(VoidLoop), BindingFlags.NonPublic | BindingFlags.Static)!
                : typeof(Interleaved).GetMethod(nameof(ValueLoop), BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(method.ReturnType);
            return (Action<int>)maker.Invoke(null, new[] { instance, method })!;
        }

        private static Action<int> ValueLoop<T>(object? instance, MethodInfo method)
        {
            var call = instance is null ? method.CreateDelegate<Func<T>>() : method.CreateDelegate<Func<T>>(instance);
            return n =>
            {
                T last = default!;
                for (int i = 0; i < n; i++)
                {
                    last = call();
                }

                Keep(last);
            };
        }

        private static Action<int> VoidLoop(object? instance, MethodInfo method)
        {
            var call = instance is null ? method.CreateDelegate<Action>() : method.CreateDelegate<Action>(instance);
            return n =>
            {
                for (int i = 0; i < n; i++)
                {
                    call();
                }
            };
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Keep<T>(T value)
        {
            if (typeof(T).IsValueType)
            {
                _sinkValue += value?.GetHashCode() ?? 0;
            }
            else
            {
                _sink = value;
            }
        }

        /// <summary>Every combination of the class's [Params], [ParamsSource] and [ParamsAllValues] values (one empty case without them).</summary>
        private static IEnumerable<Dictionary<PropertyInfo, object?>> ParameterCases(Type type)
        {
            var cases = new List<Dictionary<PropertyInfo, object?>> { new() };
            foreach (PropertyInfo property in type.GetProperties().OrderBy(p => Verifier.Depth(p.DeclaringType)).ThenBy(p => p.MetadataToken))
            {
                object?[]? values = null;
                if (property.GetCustomAttribute<ParamsAttribute>() is { } fixedValues)
                {
                    values = fixedValues.Values;
                }
                else if (property.IsDefined(typeof(ParamsAllValuesAttribute)))
                {
                    Type valueType = Nullable.GetUnderlyingType(property.PropertyType) ?? property.PropertyType;
                    values = valueType == typeof(bool) ? new object?[] { false, true } : Enum.GetValues(valueType).Cast<object?>().ToArray();
                }
                else if (property.GetCustomAttribute<ParamsSourceAttribute>() is { } source)
                {
                    MemberInfo member = type.GetMember(source.Name, BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance | BindingFlags.FlattenHierarchy).Single();
                    object? target = member is PropertyInfo { GetMethod.IsStatic: true } or MethodInfo { IsStatic: true } ? null : Activator.CreateInstance(type);
                    object? produced = member switch
                    {
                        PropertyInfo p => p.GetValue(target),
                        MethodInfo m => m.Invoke(target, null),
                        _ => throw new InvalidOperationException($"{type.Name}.{source.Name}: not a property or a method"),
                    };
                    values = ((IEnumerable)produced!).Cast<object?>().ToArray();
                }

                if (values is null)
                {
                    continue;
                }

                cases = cases.SelectMany(c => values.Select(v => new Dictionary<PropertyInfo, object?>(c) { [property] = v })).ToList();
            }

            return cases;
        }

        /// <summary>The kind of a row, from its description, as the report's <see cref="Result.Kind"/>.</summary>
        private static string Kind(string description) =>
            description.Contains("Writer", StringComparison.Ordinal) ? "writer" : description.Contains("Reader", StringComparison.Ordinal) ? "reader" : "span";

        /// <summary>What a text row starts from or ends with, which its peers must share: a row from a .NET string is not compared with one from UTF-8 bytes.</summary>
        private static readonly string[] Markers = { "from string", "from UTF-8", "ReadString)", "no UTF-8 check" };

        /// <summary>The peers' rows of a kind (and of the row's marker, when it has one), or all of them when they have none of the kind.</summary>
        private static int[] PeerRows(string[] names, string name, string kind)
        {
            string? marker = Markers.FirstOrDefault(m => name.Contains(m, StringComparison.Ordinal));
            int[] peers = Enumerable.Range(0, names.Length)
                .Where(i => names[i].StartsWith(Results.MessagePackCSharp, StringComparison.Ordinal) || names[i].StartsWith(Results.Nerdbank, StringComparison.Ordinal))
                .Where(i => marker is null || names[i].Contains(marker, StringComparison.Ordinal))
                .ToArray();
            int[] ofKind = peers.Where(i => Kind(names[i]) == kind).ToArray();
            return ofKind.Length > 0 ? ofKind : peers;
        }

        private static double Percentile(double[] sorted, double p) => sorted[(int)Math.Round(p * (sorted.Length - 1))];

        private static string Format(double nanoseconds) =>
            nanoseconds >= 1000 ? (nanoseconds / 1000).ToString("0.00", CultureInfo.InvariantCulture) + " μs" : nanoseconds.ToString(nanoseconds >= 100 ? "0" : "0.0", CultureInfo.InvariantCulture) + " ns";

        private static string LoadAverage()
        {
            try
            {
                return string.Join(' ', File.ReadAllText("/proc/loadavg").Split(' ').Take(3));
            }
            catch (IOException)
            {
                return "?";
            }
        }
    }
}
