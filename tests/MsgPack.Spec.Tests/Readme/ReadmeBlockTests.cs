using System.Collections.Generic;
using System.Linq;
using Xunit;

namespace MsgPack.Spec.Tests.Readme
{
    /// <summary>
    /// Every C# block of README.md and of the package's README compiles and runs as printed. The blocks are read from
    /// the Markdown itself; the Tarantool sample's block runs in the sample's tests, against their server.
    /// </summary>
    public class ReadmeBlockTests
    {
        private static readonly string[] Files = ["README.md", "src/MsgPack.Spec/PACKAGE.md"];

        private static IEnumerable<ReadmeBlock> LibraryBlocks() =>
            Files.SelectMany(ReadmeBlocks.Extract).Where(block => !block.Code.Contains("MsgPack.Spec.Samples", System.StringComparison.Ordinal));

        // Every block's output, compiled and run once for the checks of what they print.
        private static readonly System.Lazy<string> AllOutput = new(() => string.Concat(LibraryBlocks().Select(ReadmeBlocks.CompileAndRun)));

        public static IEnumerable<object[]> Blocks => LibraryBlocks().Select(block => new object[] { block.File, block.Line });

        [Fact]
        public void The_blocks_are_found()
        {
            // 9 in README.md besides the sample's, 1 in PACKAGE.md: a change of fence that hid them would fail here.
            Assert.Equal(10, LibraryBlocks().Count());
        }

        [Theory]
        [MemberData(nameof(Blocks))]
        public void A_block_compiles_and_runs_as_printed(string file, int line)
        {
            ReadmeBlock block = ReadmeBlocks.Extract(file).Single(b => b.Line == line);
            string output = ReadmeBlocks.CompileAndRun(block);
            Assert.False(string.IsNullOrWhiteSpace(output), $"{block} printed nothing");
        }

        [Theory]
        [InlineData("{\"id\":42,\"name\":\"Ada\"}")]
        [InlineData("70299")]
        [InlineData("D2FFED29799201A178")]
        [InlineData("2 pairs; id = 42; Done: 42")]
        [InlineData("4 floats, 4 ints")]
        [InlineData("42 bytes, Ann, 2 lines, Map")]
        [InlineData("7 bytes: space 16, point (3, 4)")]
        [InlineData("92-00-92-92-03-FC-CE-00-01-51-80: {X=3,Y=-4}, 1970-01-02")]
        [InlineData("92-01-91-A2-68-69: Note { Text = hi }")]
        public void What_a_block_prints_is_what_its_comment_says(string expected)
        {
            Assert.Contains(expected, AllOutput.Value, System.StringComparison.Ordinal);
        }
    }
}
