using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;

namespace MsgPack.Spec.AB
{
    /// <summary>
    /// The A/B: two builds of the library and of the suite's generated serializers (a base commit, "pre", and the
    /// working tree, "post"), each loaded into its own AssemblyLoadContext, timed in turns in one process.
    /// </summary>
    /// <remarks>
    /// Why one process: this 2-core VM changes speed by itself, by a third within seconds (docs/benchmarks-notes.md),
    /// so two processes run one after the other (or even alternated) compare two speeds of the machine, not two builds.
    /// Here each case (a model and an operation) is timed pre, post, post, pre (the order turned round every other
    /// round) in slices of a few milliseconds, back to back, and its ratio post/pre is taken within that round, at one
    /// speed of the machine; the report gives the median of those ratios over the rounds and their 10th to 90th
    /// percentile. The control: a third context loads the pre build again, timed in the same turns (pre, post, pre
    /// again, pre again, post, pre, rotated round by round); its ratio to pre must come out at 1.00, give or take the
    /// noise, or the method is biased (by the order of the turns, or by where each build's code landed).
    /// </remarks>
    internal static class Program
    {
        /// <summary>The serializer models of the suite's Serialize and Deserialize classes (Benchmarks/Serializers).</summary>
        private static readonly string[] DefaultModels =
        {
            "IntKey", "StringKey", "PocoAsArray", "PocoMap", "Answer", "Response", "Layer", "UnionScene", "Ledger",
        };

        private static readonly Operation[] Operations =
        {
            Operation.Read, Operation.TryRead, Operation.Write, Operation.GetEncodedLength,
        };

        /// <summary>Keeps the loops' results, so that nothing they compute is dead.</summary>
        private static long _sink;

        /// <summary>
        /// Whether turns are timed by the thread's CPU time (--clock thread) rather than the wall clock: on a machine
        /// shared with other work, a turn is then not charged for the time another process held the core.
        /// </summary>
        private static bool _threadClock;

        private static int Main(string[] args)
        {
            Options options;
            try
            {
                options = Options.Parse(args);
            }
            catch (ArgumentException e)
            {
                Console.Error.WriteLine($"MsgPack.Spec.AB: {e.Message}");
                Console.Error.WriteLine(Options.Usage);
                return 2;
            }

            _threadClock = options.ThreadClock;
            string loadBefore = LoadAverage();
            DateTime started = DateTime.UtcNow;
            var builds = new List<BuildContext>
            {
                BuildContext.Load("pre", options.Pre),
                BuildContext.Load("post", options.Post),
            };
            if (options.Control)
            {
                builds.Add(BuildContext.Load("pre again", options.Pre));
            }

            List<Case> cases = Bind(builds, options.Models);
            Console.WriteLine($"{cases.Count} cases, {builds.Count} builds: the bytes of each model are the same in every build, and every build reads them back to them.");

            WarmUp(cases, builds.Count, options.SliceMilliseconds);
            foreach (Case c in cases)
            {
                c.Iterations = Calibrate(c, slot: 1, options.SliceMilliseconds);
            }

            int total = options.DiscardedRounds + options.Rounds;
            for (int round = 0; round < total; round++)
            {
                bool kept = round >= options.DiscardedRounds;
                int[] turns = Turns(round, builds.Count);
                var random = new Random(round);
                foreach (Case c in cases.OrderBy(_ => random.Next()).ToList())
                {
                    c.Measure(turns, kept);
                }

                if (kept)
                {
                    double geomean = GeometricMean(cases.Select(c => c.Ratios[^1]));
                    string control = options.Control ? $", control {GeometricMean(cases.Select(c => c.Controls[^1])):F3}" : "";
                    Console.WriteLine($"round {round - options.DiscardedRounds + 1}/{options.Rounds}: post/pre geomean {geomean:F3}{control}");
                }
            }

            string report = Report(options, builds, cases, started, loadBefore, LoadAverage());
            Console.WriteLine();
            Console.WriteLine(report);
            if (options.Output is not null)
            {
                Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(options.Output))!);
                File.WriteAllText(options.Output, report);
                Console.WriteLine($"written: {options.Output}");
            }

            return 0;
        }

        /// <summary>
        /// Binds every (model, operation) in every build, and checks that the builds agree: each writes the same bytes
        /// for the model's sample, and each reads those bytes to a value it writes back to them.
        /// </summary>
        private static List<Case> Bind(List<BuildContext> builds, IReadOnlyList<string> models)
        {
            var cases = new List<Case>();
            foreach (string name in models)
            {
                var values = new object[builds.Count];
                var written = new byte[builds.Count][];
                var loops = new Dictionary<Operation, Loop[]>();
                foreach (Operation operation in Operations)
                {
                    loops[operation] = new Loop[builds.Count];
                }

                for (int slot = 0; slot < builds.Count; slot++)
                {
                    Type model = builds[slot].Model(name);
                    values[slot] = model.GetMethod("Sample", Type.EmptyTypes)!.Invoke(null, null)!;
                    foreach (Operation operation in Operations)
                    {
                        loops[operation][slot] = Loops.Emit(builds[slot].Label, model, operation);
                    }

                    int length = checked((int)loops[Operation.GetEncodedLength][slot](Array.Empty<byte>(), Array.Empty<byte>(), values[slot], 1));
                    written[slot] = new byte[length];
                    long wrote = loops[Operation.Write][slot](Array.Empty<byte>(), written[slot], values[slot], 1);
                    Check(wrote == length, $"{name}: {builds[slot].Label} wrote {wrote} bytes, GetEncodedLength said {length}");
                }

                // The bytes every build reads: the post build's, equal to the others'.
                byte[] input = written[1];
                for (int slot = 0; slot < builds.Count; slot++)
                {
                    Check(written[slot].AsSpan().SequenceEqual(input), $"{name}: {builds[slot].Label} writes other bytes than post ({written[slot].Length} and {input.Length} bytes)");
                    Type model = builds[slot].Model(name);
                    Check(loops[Operation.Read][slot](input, Array.Empty<byte>(), null, 1) == input.Length, $"{name}: {builds[slot].Label}'s Read did not read all {input.Length} bytes");
                    Check(loops[Operation.TryRead][slot](input, Array.Empty<byte>(), null, 1) == input.Length, $"{name}: {builds[slot].Label}'s TryRead did not say Done after {input.Length} bytes");
                    object read = Loops.EmitReadOne(model)(input);
                    byte[] again = new byte[input.Length];
                    loops[Operation.Write][slot](Array.Empty<byte>(), again, read, 1);
                    Check(again.AsSpan().SequenceEqual(input), $"{name}: {builds[slot].Label} read a value that it writes as other bytes");
                }

                foreach (Operation operation in Operations)
                {
                    cases.Add(new Case(name, operation, loops[operation], input, values));
                }
            }

            return cases;
        }

        private static void Check(bool condition, string message)
        {
            if (!condition)
            {
                throw new InvalidOperationException(message);
            }
        }

        /// <summary>
        /// Runs every loop of every build in passes of a slice each, with pauses between the passes in which the
        /// runtime compiles what was called often at its higher tiers (with the profile dynamic PGO took), so that the
        /// rounds time the code a long-running process runs.
        /// </summary>
        private static void WarmUp(List<Case> cases, int builds, double sliceMilliseconds)
        {
            const int Passes = 6;
            for (int pass = 0; pass < Passes; pass++)
            {
                foreach (Case c in cases)
                {
                    for (int slot = 0; slot < builds; slot++)
                    {
                        c.Time(slot, Calibrate(c, slot, sliceMilliseconds));
                    }
                }

                Thread.Sleep(250);
                Console.WriteLine($"warm-up pass {pass + 1}/{Passes}");
            }
        }

        /// <summary>How many calls of a case take about <paramref name="milliseconds"/> in build <paramref name="slot"/>.</summary>
        private static int Calibrate(Case c, int slot, double milliseconds)
        {
            int n = 1;
            while (true)
            {
                double elapsed = c.Time(slot, n);
                if (elapsed >= milliseconds / 4 || n >= 1 << 28)
                {
                    return Math.Max(1, (int)Math.Min(int.MaxValue, n * milliseconds / Math.Max(elapsed, 1e-6)));
                }

                n *= 2;
            }
        }

        /// <summary>
        /// The order of the builds' turns in a round: each build once, then the same in reverse (pre, post, post, pre),
        /// the first build rotated round by round, so that over the rounds every build has every place.
        /// </summary>
        private static int[] Turns(int round, int builds)
        {
            int[] forward = Enumerable.Range(0, builds).Select(i => (i + round) % builds).ToArray();
            return forward.Concat(forward.Reverse()).ToArray();
        }

        private static string Report(Options options, List<BuildContext> builds, List<Case> cases, DateTime started, string loadBefore, string loadAfter)
        {
            var text = new StringBuilder();
            var inv = CultureInfo.InvariantCulture;
            text.AppendLine(inv, $"A/B of the generated serializers in one process: pre = {options.PreLabel}, post = {options.PostLabel}");
            text.AppendLine();
            text.AppendLine(inv, $"- command: `{options.Command ?? "dotnet MsgPack.Spec.AB.dll " + string.Join(' ', Environment.GetCommandLineArgs().Skip(1))}`");
            text.AppendLine(inv, $"- {started:yyyy-MM-dd HH:mm} to {DateTime.UtcNow:HH:mm} UTC; load average before: {loadBefore}; after: {loadAfter}");
            text.AppendLine(inv, $"- {RuntimeInformation.FrameworkDescription}, {RuntimeInformation.OSDescription} {RuntimeInformation.ProcessArchitecture}, {Environment.ProcessorCount} logical processors ({CpuModel()}); workstation non-concurrent GC, tiered compilation with dynamic PGO");
            text.AppendLine(inv, $"- {options.Rounds} rounds (after {options.DiscardedRounds} discarded and a warm-up), every case timed in turns of about {options.SliceMilliseconds} ms per build, {string.Join(", ", Turns(0, builds.Count).Select(s => builds[s].Label))} (rotated round by round); a build's time in a round is its two turns together");
            text.AppendLine(options.ThreadClock
                ? "- clock: the thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so that a turn is not charged for the time other processes held the core"
                : "- clock: the wall clock (Stopwatch)");
            text.AppendLine("- post/pre and the control (pre again/pre: the pre build loaded a second time, into a third context) are ratios taken within each round: their median and 10th to 90th percentile over the rounds; times are the medians over the rounds of a call's time");
            text.AppendLine();
            text.AppendLine("| model | operation | pre | post | post/pre | p10–p90 | control | p10–p90 | 1.03x |");
            text.AppendLine("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
            foreach (Case c in cases)
            {
                string control = options.Control ? $"{Median(c.Controls):F3} | {Percentile(c.Controls, 0.1):F3}–{Percentile(c.Controls, 0.9):F3}" : "– | –";
                text.AppendLine(inv, $"| {c.Model} | {c.Operation} | {Time(Median(c.Nanoseconds[0]))} | {Time(Median(c.Nanoseconds[1]))} | {Median(c.Ratios):F3} | {Percentile(c.Ratios, 0.1):F3}–{Percentile(c.Ratios, 0.9):F3} | {control} | {Verdict(c.Ratios)} |");
            }

            text.AppendLine();
            text.AppendLine("Geometric means of the cases' median ratios; \"per round\" is the median (p10–p90) over the rounds of each round's geometric mean over the cases:");
            text.AppendLine();
            text.AppendLine("| cases | post/pre | per round | control | per round |");
            text.AppendLine("| --- | ---: | ---: | ---: | ---: |");
            var groups = new List<(string Name, List<Case> Cases)> { ("all", cases) };
            groups.AddRange(Operations.Select(o => (o.ToString(), cases.Where(c => c.Operation == o).ToList())));
            foreach ((string name, List<Case> group) in groups)
            {
                int rounds = group[0].Ratios.Count;
                var perRound = Enumerable.Range(0, rounds).Select(r => GeometricMean(group.Select(c => c.Ratios[r]))).ToList();
                string control = "– | –";
                if (options.Control)
                {
                    var controlPerRound = Enumerable.Range(0, rounds).Select(r => GeometricMean(group.Select(c => c.Controls[r]))).ToList();
                    control = $"{GeometricMean(group.Select(c => Median(c.Controls))):F3} | {Median(controlPerRound):F3} ({Percentile(controlPerRound, 0.1):F3}–{Percentile(controlPerRound, 0.9):F3})";
                }

                text.AppendLine(inv, $"| {name} ({group.Count}) | {GeometricMean(group.Select(c => Median(c.Ratios))):F3} | {Median(perRound):F3} ({Percentile(perRound, 0.1):F3}–{Percentile(perRound, 0.9):F3}) | {control} |");
            }

            return text.ToString();
        }

        /// <summary>Where a case's ratios stand against 1.03: all of its p10–p90 above, all of it at or below, or across.</summary>
        private static string Verdict(List<double> ratios)
        {
            if (Percentile(ratios, 0.1) > 1.03)
            {
                return "**over**";
            }

            return Percentile(ratios, 0.9) <= 1.03 ? "within" : "noise spans it";
        }

        private static string Time(double nanoseconds) => nanoseconds switch
        {
            >= 10_000 => string.Create(CultureInfo.InvariantCulture, $"{nanoseconds / 1000:F1} μs"),
            >= 1_000 => string.Create(CultureInfo.InvariantCulture, $"{nanoseconds / 1000:F2} μs"),
            >= 100 => string.Create(CultureInfo.InvariantCulture, $"{nanoseconds:F0} ns"),
            _ => string.Create(CultureInfo.InvariantCulture, $"{nanoseconds:F1} ns"),
        };

        internal static double Median(List<double> values) => Percentile(values, 0.5);

        internal static double Percentile(List<double> values, double p)
        {
            var sorted = values.OrderBy(v => v).ToList();
            double at = p * (sorted.Count - 1);
            int low = (int)Math.Floor(at);
            int high = Math.Min(low + 1, sorted.Count - 1);
            return sorted[low] + ((sorted[high] - sorted[low]) * (at - low));
        }

        private static double GeometricMean(IEnumerable<double> values)
        {
            var list = values.ToList();
            return Math.Exp(list.Sum(Math.Log) / list.Count);
        }

        private static string LoadAverage() =>
            File.Exists("/proc/loadavg") ? string.Join(' ', File.ReadAllText("/proc/loadavg").Split(' ').Take(3)) : "n/a";

        private static string CpuModel()
        {
            if (!File.Exists("/proc/cpuinfo"))
            {
                return "cpu unknown";
            }

            string? line = File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal));
            return line is null ? "cpu unknown" : line.Substring(line.IndexOf(':', StringComparison.Ordinal) + 1).Trim();
        }

        /// <summary>One model and operation: its loop in each build, its input, and what the rounds measured.</summary>
        private sealed class Case
        {
            private readonly Loop[] _loops;
            private readonly byte[] _input;
            private readonly byte[][] _outputs;
            private readonly object[] _values;
            private readonly double[] _turnTimes;

            public Case(string model, Operation operation, Loop[] loops, byte[] input, object[] values)
            {
                Model = model;
                Operation = operation;
                _loops = loops;
                _input = input;
                _values = values;
                _outputs = loops.Select(_ => new byte[input.Length]).ToArray();
                _turnTimes = new double[loops.Length];
                Nanoseconds = loops.Select(_ => new List<double>()).ToArray();
            }

            public string Model { get; }

            public Operation Operation { get; }

            /// <summary>Calls per turn: about a slice of the post build's time.</summary>
            public int Iterations { get; set; } = 1;

            /// <summary>Per build, per kept round: the time of one call (its two turns' time over their calls).</summary>
            public List<double>[] Nanoseconds { get; }

            /// <summary>Per kept round: post's time over pre's.</summary>
            public List<double> Ratios { get; } = new();

            /// <summary>Per kept round: the time of pre loaded again over pre's (the control; empty without it).</summary>
            public List<double> Controls { get; } = new();

            /// <summary>Milliseconds that <paramref name="n"/> calls take in build <paramref name="slot"/>.</summary>
            public double Time(int slot, int n)
            {
                if (_threadClock)
                {
                    long cpuStart = ThreadCpuNanoseconds();
                    _sink += _loops[slot](_input, _outputs[slot], _values[slot], n);
                    return (ThreadCpuNanoseconds() - cpuStart) / 1e6;
                }

                long start = Stopwatch.GetTimestamp();
                long sum = _loops[slot](_input, _outputs[slot], _values[slot], n);
                long end = Stopwatch.GetTimestamp();
                _sink += sum;
                return (end - start) * 1000.0 / Stopwatch.Frequency;
            }

            /// <summary>Times one round's turns and keeps the ratios when <paramref name="kept"/>.</summary>
            public void Measure(int[] turns, bool kept)
            {
                Array.Clear(_turnTimes);
                foreach (int slot in turns)
                {
                    _turnTimes[slot] += Time(slot, Iterations);
                }

                if (!kept)
                {
                    return;
                }

                for (int slot = 0; slot < _loops.Length; slot++)
                {
                    Nanoseconds[slot].Add(_turnTimes[slot] * 1e6 / (2.0 * Iterations));
                }

                Ratios.Add(_turnTimes[1] / _turnTimes[0]);
                if (_loops.Length > 2)
                {
                    Controls.Add(_turnTimes[2] / _turnTimes[0]);
                }
            }
        }

        /// <summary>The CPU time the calling thread has used (Linux: CLOCK_THREAD_CPUTIME_ID), in nanoseconds.</summary>
        private static long ThreadCpuNanoseconds()
        {
            if (ClockGetTime(ThreadCpuTimeClock, out TimeSpec time) != 0)
            {
                throw new InvalidOperationException("clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
            }

            return (time.Seconds * 1_000_000_000) + time.Nanoseconds;
        }

        private const int ThreadCpuTimeClock = 3;

        [DllImport("libc", EntryPoint = "clock_gettime")]
        private static extern int ClockGetTime(int clock, out TimeSpec time);

        [StructLayout(LayoutKind.Sequential)]
        private struct TimeSpec
        {
            public long Seconds;
            public long Nanoseconds;
        }

        /// <summary>The command line.</summary>
        private sealed class Options
        {
            public const string Usage =
                "usage: MsgPack.Spec.AB --pre DIR --post DIR [--pre-label TEXT] [--post-label TEXT] [--rounds N] [--discard N]\n" +
                "                       [--slice-ms MS] [--models A,B,...] [--no-control] [--clock wall|thread] [--out FILE]\n" +
                "                       [--command TEXT]\n" +
                "  DIR: the output directory of benchmarks/MsgPack.Spec.Benchmarks (bin/Release/net10.0) of each build";

            public string Pre { get; private set; } = "";

            public string Post { get; private set; } = "";

            public string PreLabel { get; private set; } = "";

            public string PostLabel { get; private set; } = "";

            public int Rounds { get; private set; } = 40;

            public int DiscardedRounds { get; private set; } = 2;

            public double SliceMilliseconds { get; private set; } = 15;

            public IReadOnlyList<string> Models { get; private set; } = DefaultModels;

            public bool Control { get; private set; } = true;

            /// <summary>Turns timed by the thread's CPU time (Linux) instead of the wall clock.</summary>
            public bool ThreadClock { get; private set; }

            public string? Output { get; private set; }

            public string? Command { get; private set; }

            public static Options Parse(string[] args)
            {
                var options = new Options();
                for (int i = 0; i < args.Length; i++)
                {
                    string Next() => i + 1 < args.Length ? args[++i] : throw new ArgumentException($"{args[i]} needs a value");
                    switch (args[i])
                    {
                        case "--pre": options.Pre = Next(); break;
                        case "--post": options.Post = Next(); break;
                        case "--pre-label": options.PreLabel = Next(); break;
                        case "--post-label": options.PostLabel = Next(); break;
                        case "--rounds": options.Rounds = int.Parse(Next(), CultureInfo.InvariantCulture); break;
                        case "--discard": options.DiscardedRounds = int.Parse(Next(), CultureInfo.InvariantCulture); break;
                        case "--slice-ms": options.SliceMilliseconds = double.Parse(Next(), CultureInfo.InvariantCulture); break;
                        case "--models": options.Models = Next().Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries); break;
                        case "--no-control": options.Control = false; break;
                        case "--clock":
                            options.ThreadClock = Next() switch
                            {
                                "wall" => false,
                                "thread" when OperatingSystem.IsLinux() => true,
                                "thread" => throw new ArgumentException("--clock thread needs Linux (CLOCK_THREAD_CPUTIME_ID)"),
                                _ => throw new ArgumentException("--clock is wall or thread"),
                            };
                            break;
                        case "--out": options.Output = Next(); break;
                        case "--command": options.Command = Next(); break;
                        default: throw new ArgumentException($"unknown argument {args[i]}");
                    }
                }

                if (options.Pre.Length == 0 || options.Post.Length == 0)
                {
                    throw new ArgumentException("--pre and --post are required");
                }

                if (options.Rounds < 1)
                {
                    throw new ArgumentException("--rounds must be at least 1");
                }

                options.PreLabel = options.PreLabel.Length > 0 ? options.PreLabel : options.Pre;
                options.PostLabel = options.PostLabel.Length > 0 ? options.PostLabel : options.Post;
                return options;
            }
        }
    }
}
