using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Runtime.CompilerServices;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// Times the same two loops over and over, 200 ms each: a chain of multiplications (no memory access, one
    /// instruction depending on the one before) and a sum over a 1 KiB array held in the L1 cache. Neither the code nor
    /// its data moves while it runs, so whatever change the figures show is the machine's (its clock, or a neighbour on the
    /// same physical core), not the benchmarked code's.
    /// </summary>
    internal static class MachineDrift
    {
        internal static int Run(string[] args, TextWriter output)
        {
            int slices = args.Length > 0 ? int.Parse(args[0], CultureInfo.InvariantCulture) : 60;
            long[] values = new long[128];
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = i;
            }

            long sink = 0;
            for (int i = 0; i < 50; i++)
            {
                sink += Sum(values) + Chain(i);
            }

            double chainMin = double.MaxValue, chainMax = 0, sumMin = double.MaxValue, sumMax = 0;
            output.WriteLine("slice  chain of 100,000 multiplications  100 sums of 128 longs");
            for (int slice = 0; slice < slices; slice++)
            {
                double chain = Time(() => sink += Chain(sink));
                double sum = Time(() => sink += Sum(values));
                chainMin = Math.Min(chainMin, chain);
                chainMax = Math.Max(chainMax, chain);
                sumMin = Math.Min(sumMin, sum);
                sumMax = Math.Max(sumMax, sum);
                output.WriteLine(FormattableString.Invariant($"{slice,5}  {chain / 1000,28:0.0} μs  {sum / 1000,20:0.00} μs"));
            }

            output.WriteLine(FormattableString.Invariant($"slowest over fastest slice: chain {chainMax / chainMin:0.00}x, sums {sumMax / sumMin:0.00}x ({sink & 1})"));
            return 0;
        }

        /// <summary>Nanoseconds per call of <paramref name="call"/> over a 200 ms slice.</summary>
        private static double Time(Action call)
        {
            var clock = Stopwatch.StartNew();
            int calls = 0;
            while (clock.ElapsedMilliseconds < 200)
            {
                call();
                calls++;
            }

            return clock.Elapsed.TotalMilliseconds * 1e6 / calls;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static long Chain(long x)
        {
            for (int i = 0; i < 100_000; i++)
            {
                x = unchecked((x * 6364136223846793005L) + 1442695040888963407L);
            }

            return x;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static long Sum(long[] values)
        {
            long sum = 0;
            for (int round = 0; round < 100; round++)
            {
                for (int i = 0; i < values.Length; i++)
                {
                    sum += values[i] * (i | 1);
                }
            }

            return sum;
        }
    }
}
