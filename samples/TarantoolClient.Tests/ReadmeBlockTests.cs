using System;
using System.Linq;
using MsgPack.Spec.Tests.Readme;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>README.md's Tarantool block, read from the README, compiled and run as printed against the fixture's server.</summary>
    [Collection(TarantoolCollection.Name)]
    public sealed class ReadmeBlockTests(TarantoolFixture fixture)
    {
        [TarantoolFact]
        public void The_README_s_Tarantool_block_runs_as_printed()
        {
            ReadmeBlock block = ReadmeBlocks.Extract("README.md").Single(b => b.Code.Contains("MsgPack.Spec.Samples.Tarantool", StringComparison.Ordinal));
            // The block reads its server from TARANTOOL, and uses space 512: the first space init.lua creates.
            Assert.Equal(512u, fixture.ValuesSpace);
            Environment.SetEnvironmentVariable("TARANTOOL", $"{fixture.Server.EndPoint.Address}:{fixture.Server.EndPoint.Port}");
            string output = ReadmeBlocks.CompileAndRun(block);
            Assert.Equal("1 tuple: Account { Id = 1, Owner = Ann, Balance = 100 }", output.Trim());
        }
    }
}
