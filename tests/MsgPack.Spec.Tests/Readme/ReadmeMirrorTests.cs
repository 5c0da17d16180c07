using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Xunit;

namespace MsgPack.Spec.Tests.Readme
{
    /// <summary>
    /// The <c>#region</c>s of <see cref="ReadmeExampleTests"/> and <see cref="ReadmeStreamingExampleTests"/> are the
    /// documentation's examples, pinned down by asserts the printed blocks cannot make. They say the truth only while
    /// they are what the pages print: every line of a region (indentation aside, and the <c>private</c> a local
    /// function does not take) appears, in order, in one C# block of the pages <see cref="ReadmeBlockTests"/> runs.
    /// </summary>
    public class ReadmeMirrorTests
    {
        private static readonly string[] Sources =
        [
            "tests/MsgPack.Spec.Tests/Readme/ReadmeExampleTests.cs",
            "tests/MsgPack.Spec.Tests/Readme/ReadmeStreamingExampleTests.cs",
        ];

        public static IEnumerable<object[]> Regions =>
            Sources.SelectMany(source => ReadRegions(source).Keys.Select(name => new object[] { Path.GetFileName(source), name }));

        [Fact]
        public void Every_mirroring_test_has_its_regions()
        {
            // 5 regions in ReadmeExampleTests, 2 in ReadmeStreamingExampleTests: a renamed marker would hide one here.
            Assert.Equal(7, Regions.Count());
        }

        [Theory]
        [MemberData(nameof(Regions))]
        public void A_region_is_what_a_page_prints(string source, string region)
        {
            string[] lines = Normalize(ReadRegions(Sources.Single(s => Path.GetFileName(s) == source))[region]);
            Assert.NotEmpty(lines);
            IEnumerable<ReadmeBlock> blocks = ReadmeBlockTests.Files.SelectMany(ReadmeBlocks.Extract);
            Assert.True(
                blocks.Any(block => IsInOrderIn(lines, Normalize(block.Code.Split('\n')))),
                $"{source}, region '{region}': no C# block of {string.Join(", ", ReadmeBlockTests.Files)} holds its lines in order");
        }

        private static Dictionary<string, string[]> ReadRegions(string source)
        {
            string[] lines = File.ReadAllLines(Path.Combine(Repository.Root(), source));
            var regions = new Dictionary<string, string[]>();
            for (int i = 0; i < lines.Length; i++)
            {
                string line = lines[i].Trim();
                if (line.StartsWith("#region ", StringComparison.Ordinal))
                {
                    int end = Array.FindIndex(lines, i + 1, l => l.Trim() == "#endregion");
                    regions.Add(line.Substring("#region ".Length), lines[(i + 1)..end]);
                    i = end;
                }
            }

            return regions;
        }

        private static string[] Normalize(IEnumerable<string> lines) => lines
            .Select(line => line.Trim())
            .Select(line => line.StartsWith("private static ", StringComparison.Ordinal) ? line.Substring("private ".Length) : line)
            .Where(line => line.Length > 0)
            .ToArray();

        private static bool IsInOrderIn(string[] lines, string[] block)
        {
            int at = 0;
            foreach (string line in block)
            {
                if (at < lines.Length && line == lines[at])
                {
                    at++;
                }
            }

            return at == lines.Length;
        }
    }
}
