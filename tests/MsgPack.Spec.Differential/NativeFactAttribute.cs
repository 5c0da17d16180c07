using System.Runtime.CompilerServices;
using MsgPack.Spec.Tests;
using Xunit;

namespace MsgPack.Spec.Differential
{
    /// <summary>
    /// A test that calls libmsgpack_native.so: skipped, with the command that builds the library, when the library is
    /// missing and <c>CI</c> is not set (<see cref="Prerequisite"/>); run, and failed by <see cref="Native.Require"/>,
    /// when <c>CI</c> is set.
    /// </summary>
    public sealed class NativeFactAttribute : FactAttribute
    {
        /// <summary>Reads <see cref="Native.Missing"/> when the test is discovered.</summary>
        /// <param name="member">The test method (filled in by the compiler).</param>
        public NativeFactAttribute([CallerMemberName] string member = "") => Prerequisite.Apply(this, Native.Missing, member);
    }
}
