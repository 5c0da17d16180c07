using System;
using System.Diagnostics;
using System.Linq;
using System.Reflection;
using Xunit;

namespace MsgPack.Spec.Tests
{
    /// <summary>
    /// Whether a test that needs something a plain <c>dotnet test</c> does not give it (the native baselines of
    /// tests/MsgPack.Spec.Differential, the Tarantool server of samples/TarantoolClient.Tests, a Release build for a
    /// test that counts allocations) skips or fails when that is missing. A plain <c>dotnet test</c> on a fresh clone skips it, with a reason that names the command providing
    /// what it needs; where the environment variable <c>CI</c> is set (any non-empty value: CI sets it, and
    /// <c>./build.sh test</c> sets it for its test runs) nothing is skipped, and a missing prerequisite fails the test,
    /// so that a machine that lost one cannot pass CI by skipping.
    /// </summary>
    /// <remarks>
    /// The reason is read when xunit discovers the tests (by the test attributes' constructors, through
    /// <see cref="Apply"/>).
    /// </remarks>
    internal static class Prerequisite
    {
        /// <summary>Whether every prerequisite must be there: <c>CI</c> is set.</summary>
        public static bool Required => !string.IsNullOrEmpty(Environment.GetEnvironmentVariable("CI"));

        /// <summary>
        /// The skip reason of a test whose prerequisite is <paramref name="missing"/> (what it needs and the command
        /// that provides it; null when it is there): null, so that the test runs, when nothing is missing or
        /// <see cref="Required"/>.
        /// </summary>
        public static string? SkipReason(string? missing) => missing is null || Required ? null : missing;

        /// <summary>
        /// What a test that counts allocations needs when an assembly it measures (one of <paramref name="measured"/>)
        /// is a Debug build, as a plain <c>dotnet test</c> makes it: the compiler makes a Debug build's async methods
        /// classes, allocated per call, where a Release build's are structs that allocate nothing when they complete
        /// at once. Null for a Release build.
        /// </summary>
        public static string? ReleaseBuild(params Type[] measured) =>
            measured.Any(type => type.Assembly.GetCustomAttribute<DebuggableAttribute>()?.IsJITOptimizerDisabled == true)
                ? "counts the allocations of a Release build (a Debug build's async methods allocate): run dotnet test -c Release"
                : null;

        /// <summary>
        /// Skips <paramref name="test"/> (a [Fact] or [Theory] on <paramref name="member"/>) by
        /// <see cref="SkipReason"/>; a skipped test's name carries the reason, since <c>dotnet test</c> prints the
        /// names of skipped tests but their reasons only at its detailed verbosity.
        /// </summary>
        public static void Apply(FactAttribute test, string? missing, string member)
        {
            test.Skip = SkipReason(missing);
            if (test.Skip is not null)
            {
                test.DisplayName = $"{member} (skipped: {test.Skip})";
            }
        }
    }
}
