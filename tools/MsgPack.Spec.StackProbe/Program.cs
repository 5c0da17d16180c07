using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Threading;
using MsgPack.Spec;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.StackProbe
{
    /// <summary>A recursive array layout: a name, the children, a number (the shape of the report in issue #28).</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class Tree
    {
        [MsgPackKey(0)] public string Name { get; set; } = "";
        [MsgPackKey(1)] public List<Tree>? Children { get; set; }
        [MsgPackKey(2)] public int Value { get; set; }
    }

    /// <summary>A recursive map layout, through a member.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class Link
    {
        [MsgPackKey("id")] public int Id { get; set; }
        [MsgPackKey("next")] public Link? Next { get; set; }
    }

    /// <summary>
    /// <c>dotnet MsgPack.Spec.StackProbe.dll</c>: for each case, the smallest thread stack (KiB) on which reading it ends
    /// with the value or a MsgPackException, found by a binary search over child processes
    /// (<c>dotnet MsgPack.Spec.StackProbe.dll run CASE KIB</c>). Each child is a new process, so the reader runs as
    /// unoptimized (tier 0) code, as on a server's first requests; with DOTNET_TieredCompilation=0 it runs optimized.
    /// </summary>
    internal static class Program
    {
        private const int Levels = MsgPackSerialization.MaxDepth + 1;

        private static readonly (string Name, string What, Func<byte[]> Input, Func<byte[], object> Read)[] Cases =
        {
            ("tree-1", "1 level, valid", () => TreeChain(1, cut: 0), b => Tree.Read(b, out _)),
            ("tree-max", Levels + " levels (MaxDepth), valid", () => TreeChain(Levels, cut: 0), b => Tree.Read(b, out _)),
            ("tree-1-cut", "1 level, cut short", () => TreeChain(1, cut: 2), b => Tree.Read(b, out _)),
            ("tree-40-cut", "40 levels, cut inside the innermost", () => TreeChain(40, cut: 41), b => Tree.Read(b, out _)),
            ("tree-max-cut", Levels + " levels, cut inside the innermost", () => TreeChain(Levels, cut: Levels + 1), b => Tree.Read(b, out _)),
            ("tree-past", (Levels + 1) + " levels (one past MaxDepth)", () => TreeChain(Levels + 1, cut: 0), b => Tree.Read(b, out _)),
            ("tree-100000", "100,000 levels, never closed", () => Enumerable.Repeat(new byte[] { 0x93, 0xa0, 0x91 }, 100_000).SelectMany(b => b).ToArray(), b => Tree.Read(b, out _)),
            ("link-max", Levels + " levels (MaxDepth), valid", () => LinkChain(Levels), b => Link.Read(b, out _)),
            ("link-100000", "100,000 levels, never closed", () => Enumerable.Repeat(new byte[] { 0x81, 0xa4, (byte)'n', (byte)'e', (byte)'x', (byte)'t' }, 100_000).SelectMany(b => b).ToArray(), b => Link.Read(b, out _)),
        };

        private static int Main(string[] args)
        {
            if (args.Length == 3 && args[0] == "run")
            {
                return Run(args[1], int.Parse(args[2], CultureInfo.InvariantCulture));
            }

            string mode = Environment.GetEnvironmentVariable("DOTNET_TieredCompilation") == "0" ? "optimized (DOTNET_TieredCompilation=0)" : "tier 0 (a new process)";
            Console.WriteLine($"# Smallest thread stack that reads each case; {mode}");
            Console.WriteLine($"# .NET {Environment.Version}, {RuntimeInformation.OSDescription}, {RuntimeInformation.ProcessArchitecture}, {Environment.ProcessorCount} cores");
            Console.WriteLine("| model | case | KiB |");
            Console.WriteLine("|---|---|---|");
            foreach (var item in Cases)
            {
                Console.WriteLine($"| {item.Name.Split('-')[0]} | {item.What} | {Smallest(item.Name)} |");
            }

            return 0;
        }

        /// <summary>The smallest stack in KiB on which the case's child process prints its outcome and exits with 0.</summary>
        private static int Smallest(string name)
        {
            int low = 8, high = 8192;
            if (!Survives(name, high))
            {
                return -1;
            }

            while (low < high)
            {
                int middle = (low + high) / 2;
                if (Survives(name, middle))
                {
                    high = middle;
                }
                else
                {
                    low = middle + 1;
                }
            }

            return low;
        }

        private static bool Survives(string name, int kib)
        {
            var start = new ProcessStartInfo(Environment.ProcessPath!)
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
            };
            if (Path.GetFileNameWithoutExtension(Environment.ProcessPath!) == "dotnet")
            {
                start.ArgumentList.Add(typeof(Program).Assembly.Location);
            }

            start.ArgumentList.Add("run");
            start.ArgumentList.Add(name);
            start.ArgumentList.Add(kib.ToString(CultureInfo.InvariantCulture));
            using Process child = Process.Start(start)!;
            var output = child.StandardOutput.ReadToEndAsync();
            var errors = child.StandardError.ReadToEndAsync();

            // A stack too small for the runtime's own overflow handling can hang the child: that is a failure too.
            if (!child.WaitForExit(10_000))
            {
                child.Kill(entireProcessTree: true);
                child.WaitForExit();
                return false;
            }

            _ = errors.Result;
            return child.ExitCode == 0 && output.Result.StartsWith("outcome:", StringComparison.Ordinal);
        }

        private static int Run(string name, int kib)
        {
            var item = Cases.Single(c => c.Name == name);
            byte[] input = item.Input();
            string outcome = "none";
            var thread = new Thread(
                () =>
                {
                    try
                    {
                        item.Read(input);
                        outcome = "read";
                    }
                    catch (MsgPackException e)
                    {
                        outcome = e.GetType().Name;
                    }
                },
                kib * 1024);
            thread.Start();
            thread.Join();
            Console.WriteLine("outcome: " + outcome);
            return 0;
        }

        /// <summary>
        /// <paramref name="levels"/> trees, each the only child of the one before: <c>[name, [child], n]</c>, the
        /// innermost <c>["", nil, n]</c>; <paramref name="cut"/> bytes short.
        /// </summary>
        private static byte[] TreeChain(int levels, int cut)
        {
            var bytes = new List<byte>();
            for (int i = 0; i < levels - 1; i++)
            {
                bytes.AddRange(new byte[] { 0x93, 0xa0, 0x91 });
            }

            bytes.AddRange(new byte[] { 0x93, 0xa0, 0xc0 });
            bytes.AddRange(Enumerable.Repeat((byte)0x07, levels));
            return bytes.Take(bytes.Count - cut).ToArray();
        }

        /// <summary><paramref name="levels"/> links: <c>{ "next": ... }</c>, the innermost <c>{}</c>.</summary>
        private static byte[] LinkChain(int levels) =>
            Enumerable.Repeat(new byte[] { 0x81, 0xa4, (byte)'n', (byte)'e', (byte)'x', (byte)'t' }, levels - 1).SelectMany(b => b).Append((byte)0x80).ToArray();
    }
}
