using System.Collections.Generic;
using System.Linq;
using Xunit;

namespace MsgPack.Spec.Tests.Readme
{
    /// <summary>
    /// Every C# block of README.md, of the docs pages the README's reference sections moved to and of the package's
    /// README compiles and runs as printed. The blocks are read from the Markdown itself; the Tarantool sample's block
    /// runs in the sample's tests, against their server.
    /// </summary>
    public class ReadmeBlockTests
    {
        /// <summary>The pages whose C# blocks are whole programs, and how many each holds besides the sample's.</summary>
        private static readonly (string File, int Blocks)[] Pages =
        [
            ("README.md", 4),                   // the first example and your own types (3)
            ("docs/spec.md", 3),                // advancing spans, values of unknown type, arrays of numbers
            ("docs/streaming.md", 2),           // frames over a pipe, the writer's memory
            ("docs/validation.md", 1),
            ("docs/document.md", 2),            // a document, TryParse of a cut value, a dynamic tree; members of type object
            ("src/MsgPack.Spec/PACKAGE.md", 1),
        ];

        internal static readonly string[] Files = Pages.Select(page => page.File).ToArray();

        private static IEnumerable<ReadmeBlock> LibraryBlocks() =>
            Files.SelectMany(ReadmeBlocks.Extract).Where(block => !block.Code.Contains("MsgPack.Spec.Samples", System.StringComparison.Ordinal));

        // Every block's output, compiled and run once for the checks of what they print.
        private static readonly System.Lazy<string> AllOutput = new(() => string.Concat(LibraryBlocks().Select(ReadmeBlocks.CompileAndRun)));

        public static IEnumerable<object[]> Blocks => LibraryBlocks().Select(block => new object[] { block.File, block.Line });

        [Fact]
        public void The_blocks_are_found()
        {
            // A change of fence that hid a block, or a block moved to a page not listed, would fail here.
            foreach ((string file, int blocks) in Pages)
            {
                Assert.True(
                    blocks == LibraryBlocks().Count(block => block.File == file),
                    $"{file}: {blocks} blocks expected, {LibraryBlocks().Count(block => block.File == file)} found");
            }

            Assert.Equal(13, LibraryBlocks().Count());
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
        [InlineData("Done: None at 6, 0 bytes needed")]
        [InlineData("NeedMoreData: LengthPastEnd at 2, 6 bytes needed")]
        [InlineData("InvalidData: NeverUsedCode at 1, 0 bytes needed")]
        [InlineData("DepthExceeded at 2")]
        [InlineData("id 42, 2 tags, 9 values, name \"Ada\", last tag y")]
        [InlineData("NeedMoreData, 17 bytes needed")]
        [InlineData("28 bytes: id is Int32, 2 tags")]
        [InlineData("66 bytes, login: tries is Int32, origin host gw")]
        public void What_a_block_prints_is_what_its_comment_says(string expected)
        {
            Assert.Contains(expected, AllOutput.Value, System.StringComparison.Ordinal);
        }
    }
}
