using System.IO;
using System.Text;
using System.Text.RegularExpressions;
using MsgPack.Spec.Dump;
using Xunit;

namespace MsgPack.Spec.Tests.Readme
{
    /// <summary>
    /// docs/dump-and-json.md's example of <c>./build.sh dump</c> is what the command prints for the bytes it gives,
    /// annotated and as JSON lines.
    /// </summary>
    public class ReadmeDumpExampleTests
    {
        private const string Page = "docs/dump-and-json.md";

        [Fact]
        public void The_dump_example_is_what_the_command_prints()
        {
            string page = File.ReadAllText(Path.Combine(Repository.Root(), Page));
            Match block = Regex.Match(page, @"```text\n\$ printf '([0-9a-f ]+)' \| \./build\.sh dump\n(?<dump>.*?)\$ printf '[^']*' \| \./build\.sh dump --json\n(?<json>.*?)```", RegexOptions.Singleline);
            Assert.True(block.Success, $"{Page} has no dump example in the expected shape");
            byte[] hex = Encoding.ASCII.GetBytes(block.Groups[1].Value);
            Assert.Equal(block.Groups["dump"].Value, Run(hex, out int code));
            Assert.Equal(0, code);
            Assert.Equal(block.Groups["json"].Value, Run(hex, out code, "--json"));
            Assert.Equal(0, code);
        }

        private static string Run(byte[] standardInput, out int code, params string[] args)
        {
            var output = new StringWriter { NewLine = "\n" };
            code = DumpCommand.Run(args, new MemoryStream(standardInput), output, new StringWriter());
            return output.ToString();
        }
    }
}
