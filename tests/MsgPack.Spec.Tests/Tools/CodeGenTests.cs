using System;
using System.IO;
using System.Linq;
using MsgPack.Spec.CodeGen;
using Xunit;

namespace MsgPack.Spec.Tests.Tools
{
    /// <summary>
    /// tools/MsgPack.Spec.CodeGen: every generated file checked in under src/ is what the tool writes now (run in
    /// memory here), so that a change to its tables or templates, or a hand edit of a .g.cs file, fails the tests until
    /// the tool is run again; and its --check mode tells a stale copy from a current one without writing.
    /// </summary>
    public class CodeGenTests
    {
        public static TheoryData<string> GeneratedPaths() => new(GeneratedFiles.All().Select(file => file.Path));

        [Theory]
        [MemberData(nameof(GeneratedPaths))]
        public void The_checked_in_file_is_what_the_tool_writes(string path)
        {
            GeneratedFile file = GeneratedFiles.All().Single(file => file.Path == path);
            string? difference = GeneratedFiles.FindDifference(file, FindRepositoryRoot());
            Assert.True(difference is null, $"{difference}; write it again: dotnet run --project tools/MsgPack.Spec.CodeGen");
        }

        [Fact]
        public void Check_mode_names_a_stale_file_writes_nothing_and_fails()
        {
            string root = Path.Combine(Path.GetTempPath(), "codegen-" + Guid.NewGuid().ToString("N"));
            try
            {
                Assert.Equal(2, Run(out _, "--check", "--root", Path.Combine(root, "none")));
                Directory.CreateDirectory(root);
                Assert.Equal(1, Run(out string missing, "--check", "--root", root));
                Assert.Contains("missing", missing);
                Assert.Equal(0, Run(out _, "--root", root));
                Assert.Equal(0, Run(out _, "--check", "--root", root));

                GeneratedFile file = GeneratedFiles.All()[^1];
                string path = Path.Combine(root, file.Path);
                string edited = file.Text.Replace("namespace MsgPack.Spec\n", "namespace MsgPack.Spec.Edited\n", StringComparison.Ordinal);
                Assert.NotEqual(file.Text, edited);
                File.WriteAllText(path, edited);
                Assert.Equal(1, Run(out string stale, "--check", "--root", root));
                Assert.Contains("stale: " + file.Path + ": differs from line ", stale);
                Assert.Single(stale.Split('\n'), line => line.StartsWith("stale: ", StringComparison.Ordinal));
                Assert.Equal(edited, File.ReadAllText(path));

                // CR LF line ends (a Windows checkout) are the same text.
                File.WriteAllText(path, file.Text.Replace("\n", "\r\n", StringComparison.Ordinal));
                Assert.Equal(0, Run(out _, "--check", "--root", root));

                File.WriteAllText(path, edited);
                Assert.Equal(0, Run(out string written, "--root", root));
                Assert.Contains("wrote " + file.Path, written);
                Assert.Equal(file.Text, File.ReadAllText(path));
                Assert.Equal(0, Run(out _, "--check", "--root", root));
            }
            finally
            {
                if (Directory.Exists(root))
                {
                    Directory.Delete(root, recursive: true);
                }
            }
        }

        /// <summary>Runs the tool's command line; <paramref name="text"/> is what it printed, output and errors.</summary>
        private static int Run(out string text, params string[] args)
        {
            var output = new StringWriter { NewLine = "\n" };
            int code = Program.Run(args, output, output);
            text = output.ToString();
            return code;
        }

        private static string FindRepositoryRoot()
        {
            for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory != null; directory = directory.Parent)
            {
                if (File.Exists(Path.Combine(directory.FullName, "MsgPack.Spec.sln")))
                {
                    return directory.FullName;
                }
            }

            throw new InvalidOperationException("MsgPack.Spec.sln not found above the test binaries.");
        }
    }
}
