using System;
using System.IO;
using System.Runtime.CompilerServices;
using MsgPack.Spec.Tests;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>
    /// Whether the tests that talk to a real Tarantool (<see cref="TarantoolFixture"/>'s server) run: a <c>tarantool</c>
    /// on PATH, which <see cref="TarantoolServer.Start"/> runs. Without one they are skipped with the command that installs
    /// it, unless <c>CI</c> is set (<see cref="Prerequisite"/>): then they run, and fail on the fixture's start.
    /// </summary>
    internal static class TarantoolPrerequisite
    {
        /// <summary>What a test against the server needs when there is no tarantool on PATH, and the command that installs it.</summary>
        public static readonly string? Missing =
            IsOnPath("tarantool") ? null : "needs tarantool on PATH: run ./build.sh deps (Debian's tarantool)";

        /// <summary>
        /// What a test that counts the allocations of requests needs: the server, and a Release build of the library, the
        /// client and these tests (<see cref="Prerequisite.ReleaseBuild"/>); null when it has both.
        /// </summary>
        public static string? MissingForAllocation =>
            Missing ?? Prerequisite.ReleaseBuild(typeof(MsgPackReader), typeof(TarantoolConnection), typeof(TarantoolPrerequisite));

        /// <summary>Why a test that needs the server is skipped; null when it runs.</summary>
        public static string? SkipReason => Prerequisite.SkipReason(Missing);

        private static bool IsOnPath(string name)
        {
            foreach (string directory in (Environment.GetEnvironmentVariable("PATH") ?? string.Empty).Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries))
            {
                if (File.Exists(Path.Combine(directory, name)) || File.Exists(Path.Combine(directory, name + ".exe")))
                {
                    return true;
                }
            }

            return false;
        }
    }

    /// <summary>A test against the fixture's Tarantool server: skipped, with a reason, where there is none and <c>CI</c> is not set.</summary>
    public sealed class TarantoolFactAttribute : FactAttribute
    {
        /// <summary>Reads <see cref="TarantoolPrerequisite.Missing"/> when the test is discovered.</summary>
        /// <param name="member">The test method (filled in by the compiler).</param>
        public TarantoolFactAttribute([CallerMemberName] string member = "") => Prerequisite.Apply(this, TarantoolPrerequisite.Missing, member);
    }

    /// <summary>A theory against the fixture's Tarantool server: skipped, with a reason, where there is none and <c>CI</c> is not set.</summary>
    public sealed class TarantoolTheoryAttribute : TheoryAttribute
    {
        /// <summary>Reads <see cref="TarantoolPrerequisite.Missing"/> when the test is discovered.</summary>
        /// <param name="member">The test method (filled in by the compiler).</param>
        public TarantoolTheoryAttribute([CallerMemberName] string member = "") => Prerequisite.Apply(this, TarantoolPrerequisite.Missing, member);
    }

    /// <summary>
    /// A test that counts the allocations of requests to the fixture's server: it needs the server, and a Release build
    /// (<see cref="Prerequisite.ReleaseBuild"/>); skipped, with the reason, where either is missing and <c>CI</c> is not set.
    /// </summary>
    public sealed class TarantoolAllocationFactAttribute : FactAttribute
    {
        /// <summary>Reads <see cref="TarantoolPrerequisite.MissingForAllocation"/> when the test is discovered.</summary>
        /// <param name="member">The test method (filled in by the compiler).</param>
        public TarantoolAllocationFactAttribute([CallerMemberName] string member = "") => Prerequisite.Apply(this, TarantoolPrerequisite.MissingForAllocation, member);
    }

    /// <summary>
    /// A theory that counts the allocations of requests to the fixture's server: it needs the server and a Release build,
    /// as <see cref="TarantoolAllocationFactAttribute"/>; skipped, with the reason, where either is missing and <c>CI</c> is not set.
    /// </summary>
    public sealed class TarantoolAllocationTheoryAttribute : TheoryAttribute
    {
        /// <summary>Reads <see cref="TarantoolPrerequisite.MissingForAllocation"/> when the test is discovered.</summary>
        /// <param name="member">The test method (filled in by the compiler).</param>
        public TarantoolAllocationTheoryAttribute([CallerMemberName] string member = "") => Prerequisite.Apply(this, TarantoolPrerequisite.MissingForAllocation, member);
    }
}
