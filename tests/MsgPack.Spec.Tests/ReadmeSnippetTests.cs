using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Xunit;

namespace MsgPack.Spec.Tests
{
    /// <summary>
    /// README.md's C# cannot drift from code that compiles and runs: every region of a test file named <c>README: …</c>
    /// appears in README.md line for line, and every line of every C# block of README.md belongs to one of them.
    /// </summary>
    /// <remarks>Lines compare with leading and trailing white space trimmed and blank lines left out, so indentation may differ.</remarks>
    public class ReadmeSnippetTests
    {
        private const string Marker = "#region" + " README:"; // in two, so that this line is not a marker

        [Fact]
        public void EveryMarkedSnippetIsInTheReadmeLineForLine()
        {
            string[] readme = Lines(File.ReadAllText(Path.Combine(RepositoryRoot(), "README.md")));
            List<(string Name, string[] Lines)> snippets = Snippets();
            Assert.True(snippets.Count >= 6, $"{snippets.Count} snippets found");
            foreach ((string name, string[] code) in snippets)
            {
                Assert.True(FindIn(readme, code) >= 0, $"README.md lacks the snippet '{name}' (first line: {code[0]})");
            }
        }

        [Fact]
        public void EveryLineOfEveryCSharpBlockOfTheReadmeIsATestedSnippet()
        {
            string[] readme = Lines(File.ReadAllText(Path.Combine(RepositoryRoot(), "README.md")));
            var covered = new bool[readme.Length];
            foreach ((string _, string[] code) in Snippets())
            {
                int at = FindIn(readme, code);
                for (int i = 0; at >= 0 && i < code.Length; i++)
                {
                    covered[at + i] = true;
                }
            }

            bool inBlock = false;
            var untested = new List<string>();
            for (int i = 0; i < readme.Length; i++)
            {
                if (readme[i].StartsWith("```", StringComparison.Ordinal))
                {
                    inBlock = !inBlock && readme[i] == "```csharp";
                    continue;
                }

                if (inBlock && !covered[i])
                {
                    untested.Add(readme[i]);
                }
            }

            Assert.True(untested.Count == 0, "README.md lines in C# blocks that no test runs:\n" + string.Join("\n", untested));
        }

        /// <summary>Every marked region of the test sources: its name and its lines.</summary>
        internal static List<(string Name, string[] Lines)> Snippets()
        {
            var snippets = new List<(string, string[])>();
            // The library's tests, and the Tarantool sample's integration tests (the README's driver section).
            string[] roots = [Path.Combine(RepositoryRoot(), "tests", "MsgPack.Spec.Tests"), Path.Combine(RepositoryRoot(), "samples", "TarantoolClient.Tests")];
            foreach (string file in roots.SelectMany(root => Directory.EnumerateFiles(root, "*.cs", SearchOption.AllDirectories)).Where(f => !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)))
            {
                string source = File.ReadAllText(file);
                for (int from = source.IndexOf(Marker, StringComparison.Ordinal); from >= 0; from = source.IndexOf(Marker, from, StringComparison.Ordinal))
                {
                    int nameEnd = source.IndexOf('\n', from);
                    string name = source.Substring(from + Marker.Length, nameEnd - from - Marker.Length).Trim();
                    int to = source.IndexOf("#endregion", nameEnd, StringComparison.Ordinal);
                    snippets.Add((name, Lines(source.Substring(nameEnd, to - nameEnd))));
                    from = to;
                }
            }

            return snippets;
        }

        internal static string RepositoryRoot()
        {
            for (DirectoryInfo? directory = new DirectoryInfo(AppContext.BaseDirectory); directory != null; directory = directory.Parent)
            {
                if (File.Exists(Path.Combine(directory.FullName, "README.md")) && Directory.Exists(Path.Combine(directory.FullName, "tests")))
                {
                    return directory.FullName;
                }
            }

            throw new DirectoryNotFoundException($"No README.md above {AppContext.BaseDirectory}.");
        }

        private static int FindIn(string[] readme, string[] code)
        {
            for (int at = Array.IndexOf(readme, code[0]); at >= 0; at = Array.IndexOf(readme, code[0], at + 1))
            {
                if (at + code.Length <= readme.Length && code.Select((line, i) => readme[at + i] == line).All(same => same))
                {
                    return at;
                }
            }

            return -1;
        }

        private static string[] Lines(string text) =>
            text.Split('\n').Select(line => line.Trim()).Where(line => line.Length > 0).ToArray();
    }
}
