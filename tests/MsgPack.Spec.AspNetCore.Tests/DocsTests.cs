using System;
using System.IO;
using System.Linq;
using Xunit;

namespace MsgPack.Spec.AspNetCore.Tests
{
    public sealed class DocsTests
    {
        /// <summary>docs/aspnetcore.md's setup lines are lines of the native-AOT app, which ./build.sh test publishes and runs.</summary>
        [Fact]
        public void The_setup_in_five_lines_is_the_AOT_apps_word_for_word()
        {
            string root = Root();
            string page = File.ReadAllText(Path.Combine(root, "docs", "aspnetcore.md"));
            int start = page.IndexOf("## Setup in five lines", StringComparison.Ordinal);
            int open = page.IndexOf("```csharp\n", start, StringComparison.Ordinal) + "```csharp\n".Length;
            int close = page.IndexOf("```", open, StringComparison.Ordinal);
            string[] lines = page[open..close].Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
            Assert.Equal(5, lines.Length);

            string[] app = File.ReadAllLines(Path.Combine(root, "tests", "MsgPack.Spec.AspNetCore.AotApp", "Program.cs")).Select(l => l.Trim()).ToArray();
            foreach (string line in lines)
            {
                Assert.Contains(line, app);
            }
        }

        private static string Root()
        {
            for (DirectoryInfo? directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
            {
                if (File.Exists(Path.Combine(directory.FullName, "MsgPack.Spec.sln")))
                {
                    return directory.FullName;
                }
            }

            throw new InvalidOperationException("The repository's root (MsgPack.Spec.sln) is not above " + AppContext.BaseDirectory);
        }
    }
}
