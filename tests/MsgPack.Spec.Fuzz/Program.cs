using System;
using System.Globalization;
using MsgPack.Spec.Fuzzing;

namespace MsgPack.Spec.Fuzz
{
    /// <summary>
    /// <c>dotnet run --project tests/MsgPack.Spec.Fuzz -c Release -- [seconds] [seed]</c>: runs the mutation fuzzer
    /// (60 s and seed 1 by default), prints progress about every 10 s, then the figures and every failure kind with
    /// its first inputs as hex. Exit code 0: no failure; 1: failures; 2: a hang or a crash of the fuzzer; 64: usage.
    /// </summary>
    internal static class Program
    {
        private static int Main(string[] args)
        {
            double seconds = 60;
            ulong seed = 1;
            if (args.Length > 0 && (!double.TryParse(args[0], NumberStyles.Float, CultureInfo.InvariantCulture, out seconds) || seconds <= 0))
            {
                return Usage($"'{args[0]}' is not a positive number of seconds.");
            }

            if (args.Length > 1 && !ulong.TryParse(args[1], NumberStyles.None, CultureInfo.InvariantCulture, out seed))
            {
                return Usage($"'{args[1]}' is not a seed (an unsigned integer).");
            }

            if (args.Length > 2)
            {
                return Usage("Too many arguments.");
            }

            Console.WriteLine(
                $"MsgPack.Spec fuzzer: {seconds.ToString(CultureInfo.InvariantCulture)} s, seed {seed}, {Environment.ProcessorCount} cores, " +
                $"{System.Runtime.InteropServices.RuntimeInformation.OSDescription}, .NET {Environment.Version}");
            var runner = new FuzzRunner(seed);
            FuzzReport report = runner.Run(
                TimeSpan.FromSeconds(seconds),
                TimeSpan.FromSeconds(10),
                progress => Console.WriteLine($"[{progress.Elapsed.TotalSeconds,6:F0} s] {progress.Summary()}"));
            Console.WriteLine(runner.Guarded
                ? "span and pointer inputs sat between unreadable pages (a read past either end would crash)"
                : "span and pointer inputs were in plain native memory (no guard pages on this system)");
            Console.WriteLine("== result");
            Console.WriteLine(report.Format());
            Console.Out.Flush();

            int exitCode = report.Aborted != null ? 2 : report.Failures > 0 ? 1 : 0;

            // After a hang the fuzzing thread is still stuck in the library: end the process without waiting for it.
            Environment.Exit(exitCode);
            return exitCode;
        }

        private static int Usage(string problem)
        {
            Console.Error.WriteLine(problem);
            Console.Error.WriteLine("usage: dotnet run --project tests/MsgPack.Spec.Fuzz -c Release -- [seconds (default 60)] [seed (default 1)]");
            return 64;
        }
    }
}
