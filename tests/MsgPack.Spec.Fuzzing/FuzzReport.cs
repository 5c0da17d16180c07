using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>What a measured call was: a call that returned a value or a status, one that returned a string, one that threw.</summary>
    internal enum AllocationKind
    {
        Quiet,
        Text,
        Throwing,
    }

    /// <summary>What a fuzzing run found: counts, and the failures grouped by kind with the first inputs of each.</summary>
    /// <remarks>Thread-safe: the fuzzing thread adds, the watching thread reads.</remarks>
    internal sealed class FuzzReport
    {
        /// <summary>Inputs kept (as hex) per failure kind.</summary>
        public const int SamplesPerKind = 3;

        private const int MaxHexBytes = 1024;

        private readonly object _gate = new object();
        private readonly Dictionary<string, Kind> _kinds = new Dictionary<string, Kind>(StringComparer.Ordinal);
        private long _inputs;
        private long _failures;

        public FuzzReport(ulong seed) => Seed = seed;

        public ulong Seed { get; }

        public long Inputs => System.Threading.Interlocked.Read(ref _inputs);

        public long Failures => System.Threading.Interlocked.Read(ref _failures);

        public int KindCount
        {
            get
            {
                lock (_gate)
                {
                    return _kinds.Count;
                }
            }
        }

        public TimeSpan Elapsed { get; set; }

        /// <summary>The longest time the checks of one input took, and which input it was.</summary>
        public double SlowestMilliseconds { get; private set; }

        public long SlowestInput { get; private set; } = -1;

        /// <summary>The reason the run stopped early (a hang), if it did.</summary>
        public string? Aborted { get; set; }

        public double InputsPerSecond => Elapsed.TotalSeconds > 0 ? Inputs / Elapsed.TotalSeconds : 0;

        /// <summary>The most any call that returned a value or a status (not a string) allocated, in bytes.</summary>
        public long MaxQuietAllocation { get; private set; }

        /// <summary>The most a string reader allocated beyond 2 bytes per input byte.</summary>
        public long MaxTextAllocationBeyondInput { get; private set; } = long.MinValue;

        /// <summary>The most a throwing call allocated (the exception, its message, its stack trace).</summary>
        public long MaxThrowingAllocation { get; private set; }

        /// <summary>Which call allocated <see cref="MaxQuietAllocation"/>, on how long an input.</summary>
        public string MaxQuietAllocationBy { get; private set; } = "none";

        public void NoteAllocation(AllocationKind kind, long bytes, int inputLength, string call)
        {
            switch (kind)
            {
                case AllocationKind.Quiet:
                    if (bytes > MaxQuietAllocation)
                    {
                        MaxQuietAllocation = bytes;
                        MaxQuietAllocationBy = $"{call} on a {inputLength}-byte input";
                    }

                    break;
                case AllocationKind.Text:
                    MaxTextAllocationBeyondInput = Math.Max(MaxTextAllocationBeyondInput, bytes - 2L * inputLength);
                    break;
                default:
                    MaxThrowingAllocation = Math.Max(MaxThrowingAllocation, bytes);
                    break;
            }
        }

        public void CountInput(long index, double milliseconds)
        {
            System.Threading.Interlocked.Increment(ref _inputs);
            if (milliseconds > SlowestMilliseconds)
            {
                SlowestMilliseconds = milliseconds;
                SlowestInput = index;
            }
        }

        /// <summary>Records a failure. Its kind is the check, the reader and the detail with numbers blanked out.</summary>
        public void Add(string check, string reader, string detail, long inputIndex, ReadOnlySpan<byte> input, string context)
        {
            string key = check + " | " + reader + " | " + Pattern(detail);
            string sample = $"input #{inputIndex.ToString(CultureInfo.InvariantCulture)} ({input.Length} bytes{context}): {Hex(input)}\n      {detail}";
            lock (_gate)
            {
                _failures++;
                if (!_kinds.TryGetValue(key, out Kind? kind))
                {
                    kind = new Kind(key);
                    _kinds.Add(key, kind);
                }

                kind.Count++;
                if (kind.Samples.Count < SamplesPerKind)
                {
                    kind.Samples.Add(sample);
                }
            }
        }

        public string Summary() =>
            string.Format(
                CultureInfo.InvariantCulture,
                "inputs tried: {0:N0}, inputs/s: {1:N0}, elapsed: {2:N0} s, failures: {3:N0}, distinct failure kinds: {4}, slowest input: {5:N1} ms (#{6})",
                Inputs,
                InputsPerSecond,
                Elapsed.TotalSeconds,
                Failures,
                KindCount,
                SlowestMilliseconds,
                SlowestInput);

        /// <summary>The summary, then every failure kind with its count and first inputs.</summary>
        public string Format()
        {
            var text = new StringBuilder();
            text.Append("seed ").Append(Seed.ToString(CultureInfo.InvariantCulture)).Append(": ").AppendLine(Summary());
            text.Append("allocation per call (within budget): at most ").Append(MaxQuietAllocation.ToString(CultureInfo.InvariantCulture))
                .Append(" bytes returning a value or a status (").Append(MaxQuietAllocationBy).Append("); strings at most 2 bytes per input byte + ")
                .Append(Math.Max(0, MaxTextAllocationBeyondInput).ToString(CultureInfo.InvariantCulture))
                .Append("; throwing at most ").Append(MaxThrowingAllocation.ToString(CultureInfo.InvariantCulture)).AppendLine(" bytes");
            if (Aborted != null)
            {
                text.Append("ABORTED: ").AppendLine(Aborted);
            }

            lock (_gate)
            {
                foreach (Kind kind in _kinds.Values.OrderByDescending(k => k.Count))
                {
                    text.Append("  [").Append(kind.Count.ToString(CultureInfo.InvariantCulture)).Append("x] ").AppendLine(kind.Key);
                    foreach (string sample in kind.Samples)
                    {
                        text.Append("    ").AppendLine(sample);
                    }
                }
            }

            return text.ToString();
        }

        public static string Hex(ReadOnlySpan<byte> bytes)
        {
            var text = new StringBuilder(Math.Min(bytes.Length, MaxHexBytes) * 3 + 32);
            for (int i = 0; i < bytes.Length && i < MaxHexBytes; i++)
            {
                if (i > 0)
                {
                    text.Append(' ');
                }

                text.Append(bytes[i].ToString("x2", CultureInfo.InvariantCulture));
            }

            if (bytes.Length > MaxHexBytes)
            {
                text.Append(" ... (").Append(bytes.Length - MaxHexBytes).Append(" more bytes)");
            }

            return text.ToString();
        }

        /// <summary>The detail with every number replaced by '#', so that one bug is one kind however its inputs vary.</summary>
        private static string Pattern(string detail) => Regex.Replace(detail, "0x[0-9a-fA-F]+|[0-9][0-9,]*", "#");

        private sealed class Kind
        {
            public Kind(string key) => Key = key;

            public string Key { get; }

            public long Count { get; set; }

            public List<string> Samples { get; } = new List<string>();
        }
    }
}
