using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Characteristics;
using BenchmarkDotNet.Environments;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains;
using BenchmarkDotNet.Toolchains.CsProj;
using BenchmarkDotNet.Toolchains.DotNetCli;
using BenchmarkDotNet.Validators;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// BenchmarkDotNet 0.14 (the version the package feed has) knows runtimes up to .NET 9. On .NET 10 it still builds
    /// and runs the benchmarks for the "net10.0" it detects, but with RuntimeMoniker.NotRecognized, which
    /// DisassemblyDiagnoser's validation rejects on Linux ("supports only .NET Core 3.0+"). <see cref="Mutator"/>,
    /// applied to every job (the one --job picks included), names the running runtime with the highest moniker 0.14
    /// has (Net90), the running runtime's target framework (net10.0) and a toolchain for that framework, whose only
    /// change is to skip the SDK check that the borrowed moniker would fail ("SDK 9.0 is not installed"). The
    /// benchmarks run on the current runtime; the summary says ".NET 10.0". Remove this with a BenchmarkDotNet that
    /// knows the runtime.
    /// </summary>
    internal static class CurrentRuntime
    {
        /// <summary>The mutator job, or null on a runtime that BenchmarkDotNet 0.14 recognises.</summary>
        internal static Job? Mutator()
        {
            Version version = Environment.Version;
            if (version.Major < 10)
            {
                return null;
            }

            string framework = FormattableString.Invariant($"net{version.Major}.{version.Minor}");
            string name = FormattableString.Invariant($".NET {version.Major}.{version.Minor}");
            ConstructorInfo? constructor = typeof(CoreRuntime).GetConstructor(
                BindingFlags.NonPublic | BindingFlags.Instance, new[] { typeof(RuntimeMoniker), typeof(string), typeof(string) });
            if (constructor is null)
            {
                return null; // another BenchmarkDotNet: let it resolve the runtime itself
            }

            var runtime = (CoreRuntime)constructor.Invoke(new object[] { RuntimeMoniker.Net90, framework, name });
            IToolchain toolchain = new NoSdkCheckToolchain(CsProjCoreToolchain.From(new NetCoreAppSettings(framework, null, name)));
            return Job.Default.WithRuntime(runtime).WithToolchain(toolchain).AsMutator();
        }

        /// <summary>The csproj toolchain without its "SDK of the moniker's version is installed" check.</summary>
        private sealed class NoSdkCheckToolchain : IToolchain
        {
            private readonly IToolchain _inner;

            internal NoSdkCheckToolchain(IToolchain inner) => _inner = inner;

            public string Name => _inner.Name;

            public IGenerator Generator => _inner.Generator;

            public IBuilder Builder => _inner.Builder;

            public IExecutor Executor => _inner.Executor;

            public bool IsInProcess => _inner.IsInProcess;

            public IEnumerable<ValidationError> Validate(BenchmarkCase benchmarkCase, IResolver resolver) =>
                _inner.Validate(benchmarkCase, resolver)
                    .Where(e => !e.Message.StartsWith("The required .NET Core SDK version", StringComparison.Ordinal));

            public override bool Equals(object? obj) => obj is NoSdkCheckToolchain other && _inner.Equals(other._inner);

            public override int GetHashCode() => _inner.GetHashCode();

            public override string ToString() => _inner.ToString() ?? Name;
        }
    }
}
