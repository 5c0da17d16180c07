using System;
using MsgPack.Spec.Fuzzing;
using Xunit;
using Xunit.Abstractions;

namespace MsgPack.Spec.Tests.Hostile
{
    /// <summary>
    /// The mutation fuzzer for a bounded time with a fixed seed: every reader, every front door, every hostile
    /// input it makes must end in a value, a status or a <see cref="MsgPackException"/>, consistently, within its
    /// allocation budget. Longer runs: <c>dotnet run --project tests/MsgPack.Spec.Fuzz -c Release -- [seconds] [seed]</c>.
    /// </summary>
    public class HostileFuzzTests
    {
        private readonly ITestOutputHelper _output;

        public HostileFuzzTests(ITestOutputHelper output) => _output = output;

        [Fact]
        public void Three_seconds_of_mutated_documents_break_no_reader_contract()
        {
            // Inside the test suite the fuzzer shares two cores with the other test classes and starts on freshly
            // jitted code: an input is a failure when it hangs (HangLimit), not when it is merely slow there. The
            // console fuzzer (./build.sh fuzz) keeps the strict 2 s limit for slow inputs.
            var runner = new FuzzRunner(seed: 20240601) { SlowLimit = TimeSpan.FromSeconds(15) };
            FuzzReport report = runner.Run(TimeSpan.FromSeconds(3), TimeSpan.FromDays(1), progress: null);
            _output.WriteLine(report.Format());
            _output.WriteLine(runner.Guarded ? "inputs placed between unreadable pages" : "inputs in plain native memory (no guard pages)");
            Assert.True(report.Inputs > 0, "The fuzzer ran no input.");
            Assert.True(report.Failures == 0 && report.Aborted == null, report.Format());
        }
    }
}
