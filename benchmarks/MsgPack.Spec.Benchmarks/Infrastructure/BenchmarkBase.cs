using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// What every benchmark class shares: a pinned output buffer, and the fairness checks run from [GlobalSetup].
    /// The checks call the [Benchmark] methods themselves (by reflection, in the setup, so nothing of it is measured):
    /// the bytes each encoder wrote must equal those of the category's baseline (msgpuck), and each decoder must
    /// return the baseline's checksum. A mismatch throws an <see cref="InvalidOperationException"/> with both hex
    /// dumps, which makes BenchmarkDotNet stop that benchmark and report the error.
    /// </summary>
    public abstract unsafe class BenchmarkBase
    {
        /// <summary>Bytes after the reported length must still hold this after an encoder ran (0xc1 is never valid MessagePack).</summary>
        private const byte Poison = 0xc1;

        private const int GuardLength = 64;

        /// <summary>The output buffer (pinned): <c>Span&lt;byte&gt; span = Output;</c> for the span API.</summary>
        protected byte[] Output = System.Array.Empty<byte>();

        /// <summary>The same buffer as a pointer, for the pointer API and the native encoders.</summary>
        protected byte* Dst;

        /// <summary>The capacity passed to the native encoders.</summary>
        protected long Capacity;

        /// <summary>The reused output of the streaming writers (ours and the peers'), rented once in
        /// <see cref="AllocateOutput"/> with the same capacity as <see cref="Output"/>: a row calls <c>Pooled.Reset()</c>
        /// and writes, so nothing is rented or allocated in steady state. Rows marked
        /// <see cref="BufferWriterOutputAttribute"/> are checked against these bytes.</summary>
        protected PooledBufferWriter Pooled = new PooledBufferWriter(1);

        /// <summary>The workload's name in error messages.</summary>
        protected string Workload => GetType().Name + ParameterSuffix();

        protected void AllocateOutput(int capacity)
        {
            Output = Pinned.Array<byte>(capacity);
            Dst = Pinned.Address(Output);
            Capacity = capacity;
            Pooled.Dispose();
            Pooled = new PooledBufferWriter(capacity);
        }

        /// <summary>Runs every encoder of the class once and compares its output with the baseline's.</summary>
        /// <returns>The baseline's output.</returns>
        protected byte[] CheckEncoders()
        {
            MethodInfo baseline = Baseline();
            byte[] expected = RunEncoder(baseline);
            foreach (MethodInfo method in Benchmarks(GetType()).Where(m => m != baseline && !m.IsDefined(typeof(NotComparedAttribute))))
            {
                byte[] actual = RunEncoder(method);
                if (method.IsDefined(typeof(PayloadOnlyAttribute)))
                {
                    Fairness.Check(actual.Length <= expected.Length, Workload, $"{Name(method)} copied {actual.Length} bytes, more than msgpuck's whole output ({expected.Length}).");
                    Fairness.SameBytes(Workload, Name(method) + " (payload only)", expected.AsSpan(expected.Length - actual.Length), actual);
                }
                else
                {
                    Fairness.SameBytes(Workload, Name(method), expected, actual);
                }
            }

            return expected;
        }

        /// <summary>Runs every decoder of the class once and compares its checksum with the baseline's.</summary>
        protected object CheckDecoders()
        {
            MethodInfo baseline = Baseline();
            object expected = Invoke(baseline);
            foreach (MethodInfo method in Benchmarks(GetType()).Where(m => m != baseline && !m.IsDefined(typeof(NotComparedAttribute))))
            {
                Fairness.SameChecksum(Workload, Name(method), expected, Invoke(method));
            }

            return expected;
        }

        /// <summary>The rows of a class, in declaration order: its [Benchmark] methods, its base classes' included, less
        /// those its <see cref="WithoutAttribute"/> names.</summary>
        internal static IEnumerable<MethodInfo> Benchmarks(Type type)
        {
            MethodInfo[] methods = type.GetMethods(BindingFlags.Public | BindingFlags.Instance)
                .Where(m => m.IsDefined(typeof(BenchmarkAttribute)))
                .OrderBy(m => m.MetadataToken)
                .ToArray();
            string[] without = type.GetCustomAttribute<WithoutAttribute>()?.Rows ?? System.Array.Empty<string>();
            foreach (string name in without.Where(n => !methods.Any(m => m.Name == n)))
            {
                throw new InvalidOperationException($"{type.Name}: [Without] names {name}, which is not a [Benchmark] method of the class.");
            }

            return methods.Where(m => !without.Contains(m.Name));
        }

        /// <summary>Whether a [Benchmark] method is a row of the class (not left out by its <see cref="WithoutAttribute"/>).</summary>
        internal static bool IsRow(Type type, MethodInfo method) =>
            !(type.GetCustomAttribute<WithoutAttribute>()?.Rows.Contains(method.Name) ?? false);

        internal static string Name(MethodInfo method) => method.GetCustomAttribute<BenchmarkAttribute>()?.Description ?? method.Name;

        private MethodInfo Baseline()
        {
            MethodInfo[] baselines = Benchmarks(GetType()).Where(m => m.GetCustomAttribute<BenchmarkAttribute>()!.Baseline).ToArray();
            Fairness.Check(baselines.Length == 1, Workload, $"expected exactly one baseline benchmark, found {baselines.Length}.");
            return baselines[0];
        }

        private byte[] RunEncoder(MethodInfo method)
        {
            Output.AsSpan().Fill(Poison);
            if (method.IsDefined(typeof(BufferWriterOutputAttribute)))
            {
                Pooled.Reset();
                long count = Fairness.ToInt64(Invoke(method));
                Fairness.Check(count == Pooled.WrittenCount, Workload, $"{Name(method)} returned {count}, but {Pooled.WrittenCount} bytes are in the buffer writer.");
                Fairness.Check(!Output.AsSpan().ContainsAnyExcept(Poison), Workload, $"{Name(method)} wrote into the output array instead of the buffer writer.");
                return Pooled.WrittenSpan.ToArray();
            }

            long written = Fairness.ToInt64(Invoke(method));
            Fairness.Check(written > 0 && written + GuardLength <= Output.Length, Workload, $"{Name(method)} returned {written} (negative: a native error code, see msgpack_native.h).");
            Fairness.Check(
                !Output.AsSpan((int)written, GuardLength).ContainsAnyExcept(Poison),
                Workload,
                $"{Name(method)} wrote past the {written} bytes it reported.");
            return Output.AsSpan(0, (int)written).ToArray();
        }

        private object Invoke(MethodInfo method)
        {
            try
            {
                return method.Invoke(this, null) ?? throw new InvalidOperationException($"{Workload}: {Name(method)} returned nothing.");
            }
            catch (TargetInvocationException e) when (e.InnerException is not null)
            {
                throw new InvalidOperationException($"{Workload}: {Name(method)} threw {e.InnerException.GetType().Name}: {e.InnerException.Message}", e.InnerException);
            }
        }

        private string ParameterSuffix()
        {
            var values = GetType().GetProperties(BindingFlags.Public | BindingFlags.Instance)
                .Where(p => p.IsDefined(typeof(ParamsAttribute)) || p.IsDefined(typeof(ParamsSourceAttribute)))
                .Select(p => $"{p.Name}={p.GetValue(this)}")
                .ToArray();
            return values.Length == 0 ? string.Empty : "(" + string.Join(", ", values) + ")";
        }
    }
}
