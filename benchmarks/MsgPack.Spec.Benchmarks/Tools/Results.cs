using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text.Json;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>One benchmark's result, read from BenchmarkDotNet's full JSON export.</summary>
    internal sealed record Result(string Type, string Method, string Title, string Parameters, double MeanNanoseconds, long? AllocatedBytes, long? CodeSize)
    {
        /// <summary>The benchmark method, found again in this assembly (null when the export names a method that no longer exists).</summary>
        internal MethodInfo? MethodInfo => typeof(Program).Assembly.GetTypes().FirstOrDefault(t => t.Name == Type)?.GetMethod(Method);

        internal bool IsBaseline => MethodInfo?.GetCustomAttribute<BenchmarkAttribute>()?.Baseline ?? false;

        internal bool IsNative => MethodInfo?.IsDefined(typeof(PInvokeAttribute)) ?? false;

        /// <summary>A MsgPackSpec row: managed, not a reference row (memory copy) and not the P/Invoke class.</summary>
        internal bool IsMsgPackSpec => Title.StartsWith("MsgPackSpec", StringComparison.Ordinal);

        /// <summary>The library of the row, from the start of its description (every row's description starts with it).</summary>
        internal string Library =>
            Results.Libraries.FirstOrDefault(l => Title.StartsWith(l, StringComparison.Ordinal)) ?? (IsNative ? Title.Split(' ')[0] : "other");

        /// <summary>The kind of API of a managed row: "writer" (a streaming writer over an IBufferWriter), "reader"
        /// (a reader over a ReadOnlySequence) or "span" (span, pointer and span-primitive rows).</summary>
        internal string Kind =>
            Title.Contains("Writer", StringComparison.Ordinal) ? "writer" : Title.Contains("Reader", StringComparison.Ordinal) ? "reader" : "span";
    }

    /// <summary>A workload: one benchmark class with one parameter combination; its rows share a msgpuck baseline.</summary>
    internal sealed record Group(string Type, string Parameters, IReadOnlyList<Result> Rows)
    {
        internal Result? Baseline => Rows.FirstOrDefault(r => r.IsBaseline);

        internal string Title => Results.Title(Type) + (Parameters.Length == 0 ? string.Empty : " (" + Parameters.Replace("=", " = ", StringComparison.Ordinal) + ")");
    }

    internal static class Results
    {
        internal const string MsgPackSpec = "MsgPackSpec";
        internal const string MessagePackCSharp = "MessagePack-CSharp";
        internal const string Nerdbank = "Nerdbank.MessagePack";

        /// <summary>The libraries, by the prefix of their rows' descriptions (native ones: the first word).</summary>
        internal static readonly string[] Libraries = { MsgPackSpec, MessagePackCSharp, Nerdbank, "msgpuck", "msgpack-cxx", "msgpack-c" };

        /// <summary>The order and the names of the workloads in the chart and the report.</summary>
        private static readonly (string Type, string Title)[] Workloads =
        {
            ("SeedEncode", "Seed encode: array16 + 100 int32"),
            ("SeedDecode", "Seed decode"),
            ("Int64Encode", "Int64 encode: 100 values, every width"),
            ("Int64Decode", "Int64 decode"),
            ("Float64Encode", "Float64 encode: 100 values"),
            ("Float64Decode", "Float64 decode"),
            ("StringEncode", "String encode: 16 str"),
            ("StringDecode", "String decode (UTF-8 bytes)"),
            ("StringDecodeToString", "String decode to .NET string"),
            ("BinaryEncode", "Binary encode: one bin"),
            ("BinaryDecode", "Binary decode"),
            ("LargeStringEncode", "Large string encode: one str"),
            ("TarantoolEncode", "Tarantool request encode"),
            ("SkipDocument", "Skip a nested document (1,887 bytes)"),
            ("WalkDocument", "Walk a nested document (1,887 bytes): every value, types not known"),
            ("StreamingSeedEncode", "Streaming seed encode: writers over an IBufferWriter"),
            ("StreamingTarantoolEncode", "Streaming Tarantool request encode: writers"),
            ("StreamingSeedDecode", "Streaming seed decode: readers over a ReadOnlySequence"),
            ("BufferWriters", "Output buffers: a message through MsgPackWriter"),
            ("PInvokeOverhead", "P/Invoke overhead"),
        };

        internal static string Title(string type) => Workloads.FirstOrDefault(w => w.Type == type).Title ?? type;

        /// <summary>Every *-report-full.json in a directory (BenchmarkDotNet's results directory, or a copy).</summary>
        internal static List<Result> Load(string directory)
        {
            var results = new List<Result>();
            foreach (string file in Directory.GetFiles(directory, "*-report-full.json").OrderBy(f => f, StringComparer.Ordinal))
            {
                using JsonDocument document = JsonDocument.Parse(File.ReadAllText(file));
                foreach (JsonElement benchmark in document.RootElement.GetProperty("Benchmarks").EnumerateArray())
                {
                    if (!benchmark.TryGetProperty("Statistics", out JsonElement statistics) || statistics.ValueKind != JsonValueKind.Object)
                    {
                        continue; // a benchmark that failed has no statistics
                    }

                    long? allocated = benchmark.TryGetProperty("Memory", out JsonElement memory) && memory.ValueKind == JsonValueKind.Object
                        ? memory.GetProperty("BytesAllocatedPerOperation").GetInt64()
                        : null;
                    long? codeSize = null;
                    if (benchmark.TryGetProperty("Metrics", out JsonElement metrics) && metrics.ValueKind == JsonValueKind.Array)
                    {
                        foreach (JsonElement metric in metrics.EnumerateArray())
                        {
                            if (metric.GetProperty("Descriptor").GetProperty("Id").GetString() == "Native Code Size")
                            {
                                codeSize = (long)metric.GetProperty("Value").GetDouble();
                            }
                        }
                    }

                    results.Add(new Result(
                        benchmark.GetProperty("Type").GetString() ?? "?",
                        benchmark.GetProperty("Method").GetString() ?? "?",
                        (benchmark.GetProperty("MethodTitle").GetString() ?? "?").Trim('\''),
                        benchmark.GetProperty("Parameters").GetString() ?? string.Empty,
                        statistics.GetProperty("Mean").GetDouble(),
                        allocated,
                        codeSize));
                }
            }

            return results;
        }

        /// <summary>The results grouped by workload, in the order above (unknown classes last).</summary>
        internal static List<Group> Groups(IEnumerable<Result> results) =>
            results
                .GroupBy(r => (r.Type, r.Parameters))
                .Select(g => new Group(g.Key.Type, g.Key.Parameters, g.ToList()))
                .OrderBy(g => Order(g.Type))
                .ThenBy(g => g.Type, StringComparer.Ordinal)
                .ThenBy(g => ParameterOrder(g))
                .ToList();

        /// <summary>The empty P/Invoke's mean from the P/Invoke class, when it ran.</summary>
        internal static double EmptyPInvoke(IEnumerable<Result> results) =>
            results.FirstOrDefault(r => r.Type == nameof(PInvokeOverhead) && r.Method == nameof(PInvokeOverhead.MpnEmpty))?.MeanNanoseconds ?? double.NaN;

        /// <summary>A time with the unit BenchmarkDotNet would use, three significant digits.</summary>
        internal static string Time(double nanoseconds)
        {
            (double value, string unit) = nanoseconds switch
            {
                >= 1e6 => (nanoseconds / 1e6, "ms"),
                >= 1e3 => (nanoseconds / 1e3, "μs"),
                _ => (nanoseconds, "ns"),
            };
            string format = value >= 100 ? "0" : value >= 10 ? "0.0" : "0.00";
            return value.ToString(format, System.Globalization.CultureInfo.InvariantCulture) + " " + unit;
        }

        internal static string Ratio(double ratio) =>
            double.IsFinite(ratio) ? ratio.ToString(ratio >= 10 ? "0.0" : "0.00", System.Globalization.CultureInfo.InvariantCulture) : "n/a";

        private static int Order(string type)
        {
            int index = Array.FindIndex(Workloads, w => w.Type == type);
            return index < 0 ? int.MaxValue : index;
        }

        // Parameters in their natural order: enum declaration order, numbers by value.
        private static double ParameterOrder(Group group)
        {
            string value = group.Parameters.Split('=').LastOrDefault() ?? string.Empty;
            if (double.TryParse(value, System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out double number))
            {
                return number;
            }

            return Enum.TryParse(value, out TextCase textCase) ? (int)textCase : 0;
        }
    }
}
