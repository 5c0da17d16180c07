using System;
using System.IO;
using System.Linq;
using System.Text;
using MsgPack.Spec.Dump;
using Xunit;
using MsgPack.Spec.Fuzzing;

namespace MsgPack.Spec.Tests.Tools
{
    /// <summary>
    /// <c>./build.sh dump</c>: the command on bytes and on hex text, its JSON lines and its exit codes (the example of
    /// docs/dump-and-json.md is checked by <see cref="Readme.ReadmeDumpExampleTests"/>).
    /// </summary>
    public class DumpCommandTests
    {
        [Fact]
        public void Bytes_and_hex_text_of_the_same_document_dump_alike()
        {
            byte[] bytes = Hex.ToBytes("82 a2 69 64 2a a4 6e 61 6d 65 a3 41 64 61");
            string fromBytes = Run(bytes, out int code, "--binary");
            Assert.Equal(0, code);
            Assert.StartsWith("00000000  fixmap(2)\n", fromBytes);
            foreach (string text in new[] { "82 a2 69 64 2a a4 6e 61 6d 65 a3 41 64 61", "82a269642aa46e616d65a341 6461\n", "0x82, 0xa2, 0x69, 0x64, 0x2a, 0xa4, 0x6e, 0x61, 0x6d, 0x65, 0xa3, 0x41, 0x64, 0x61", "82:A2:69:64:2A:A4:6E:61:6D:65:A3:41:64:61" })
            {
                Assert.Equal(fromBytes, Run(Encoding.ASCII.GetBytes(text), out code));
                Assert.Equal(0, code);
            }

            Assert.Equal("{\"id\":42,\"name\":\"Ada\"}\n", Run(bytes, out code, "--json"));
        }

        [Fact]
        public void Bad_input_and_bad_arguments_have_their_exit_codes()
        {
            Assert.Equal("00000000  fixarray(2)\n00000001    positive fixint 1\n00000002  error: a value starts with 0xc1, which the specification never uses\n", Run(Encoding.ASCII.GetBytes("92 01 c1"), out int code));
            Assert.Equal(1, code);
            Assert.Equal(string.Empty, Run(Encoding.ASCII.GetBytes("92 01 c1"), out code, "--json"));
            Assert.Equal(1, code);
            Run(Encoding.ASCII.GetBytes("9"), out code, "--hex");
            Assert.Equal(2, code);
            Run(Array.Empty<byte>(), out code, "--frobnicate");
            Assert.Equal(2, code);
            Assert.Contains("usage:", Run(Array.Empty<byte>(), out code, "--help"));
            Assert.Equal(0, code);
        }

        [Fact]
        public void A_file_is_read_as_well_as_standard_input()
        {
            string path = Path.GetTempFileName();
            try
            {
                File.WriteAllBytes(path, Hex.ToBytes("93 01 02 03"));
                Assert.Equal("[1,2,3]\n", Run(Array.Empty<byte>(), out int code, "--json", path));
                Assert.Equal(0, code);
            }
            finally
            {
                File.Delete(path);
            }
        }

        [Fact]
        public void Input_nested_100000_deep_stops_at_the_depth_limit_on_a_small_stack()
        {
            const int Depth = 100_000;
            byte[] arrays = Enumerable.Repeat((byte)0x91, Depth).Append((byte)0xc0).ToArray();

            // Maps, each the key of the one around it: JSON writes such a key as its text in a string, so the text of
            // the keys inside doubles its backslashes at each level and passes the output limit first.
            byte[] keys = Enumerable.Repeat((byte)0x81, Depth).Concat(Enumerable.Repeat((byte)0xc0, Depth + 1)).ToArray();
            SmallStack.Run(() =>
            {
                foreach ((byte[] deep, string jsonLimit) in new[] { (arrays, "MaxDepth (64)"), (keys, "MaxOutputLength") })
                {
                    string dump = Run(deep, out int code, out _, "--binary");
                    Assert.Equal(1, code);
                    Assert.EndsWith("00000040  error: arrays and maps nest deeper than allowed\n", dump);
                    Assert.Equal(string.Empty, Run(deep, out code, out string error, "--binary", "--json"));
                    Assert.Equal(1, code);
                    Assert.StartsWith("dump: at offset 0: ", error);
                    Assert.Contains(jsonLimit, error);
                }
            });
        }

        private static string Run(byte[] standardInput, out int code, params string[] args) => Run(standardInput, out code, out _, args);

        private static string Run(byte[] standardInput, out int code, out string errorText, params string[] args)
        {
            var output = new StringWriter { NewLine = "\n" };
            var error = new StringWriter();
            code = DumpCommand.Run(args, new MemoryStream(standardInput), output, error);
            errorText = error.ToString();
            return output.ToString();
        }
    }
}
