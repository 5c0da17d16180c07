using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;

namespace MsgPack.Spec.Dump
{
    /// <summary>
    /// The command behind <c>./build.sh dump</c>: reads MessagePack, as bytes or as hex text pasted from a packet
    /// capture, and prints <see cref="MsgPackDump"/>'s dump of it or, with <c>--json</c>, the JSON of each value.
    /// </summary>
    public static class DumpCommand
    {
        /// <summary>What <c>--help</c> prints.</summary>
        public const string Usage =
            "usage: ./build.sh dump [--json] [--hex | --binary] [--preview N] [FILE | -]\n" +
            "  Prints one line per MessagePack value of FILE (standard input when it is - or missing): offset, format, value.\n" +
            "  The input is binary MessagePack, or hex text (pairs of hex digits, spaces, commas, 0x prefixes, line breaks),\n" +
            "  told apart by its content unless --hex or --binary says which. --json prints each value as JSON instead, one\n" +
            "  per line. --preview N shows N bytes of each str, bin and ext payload (32). Exit code: 0, 1 for input that is\n" +
            "  not well-formed MessagePack (the dump shows where and why), 2 for a wrong argument.\n";

        /// <summary>Runs the command.</summary>
        /// <param name="args">The arguments, as <see cref="Usage"/> gives them.</param>
        /// <param name="standardInput">Read when no file is named.</param>
        /// <param name="output">Where the dump or the JSON goes.</param>
        /// <param name="error">Where problems go.</param>
        /// <returns>The exit code.</returns>
        public static int Run(string[] args, Stream standardInput, TextWriter output, TextWriter error)
        {
            bool json = false;
            bool? hex = null;
            string? path = null;
            var options = new MsgPackTextOptions();
            for (int i = 0; i < args.Length; i++)
            {
                switch (args[i])
                {
                    case "--json": json = true; break;
                    case "--hex": hex = true; break;
                    case "--binary": hex = false; break;
                    case "--preview" when i + 1 < args.Length && int.TryParse(args[i + 1], out int width) && width >= 0:
                        options.PreviewWidth = width;
                        i++;
                        break;
                    case "-h":
                    case "--help":
                        output.Write(Usage);
                        return 0;
                    default:
                        if (path is null && (args[i] == "-" || !args[i].StartsWith("-", StringComparison.Ordinal)))
                        {
                            path = args[i];
                            break;
                        }

                        error.Write($"dump: unexpected argument '{args[i]}'\n" + Usage);
                        return 2;
                }
            }

            byte[] raw;
            try
            {
                raw = path is null || path == "-" ? ReadAll(standardInput) : File.ReadAllBytes(path);
            }
            catch (IOException e)
            {
                error.WriteLine($"dump: {e.Message}");
                return 2;
            }

            // Hex text unless --binary, parsed once: input that does not parse as hex is bytes, unless --hex says otherwise.
            byte[] input = raw;
            if (hex != false)
            {
                if (TryParseHex(raw, out byte[] parsed, out string? problem))
                {
                    input = parsed;
                }
                else if (hex == true)
                {
                    error.WriteLine($"dump: the input is not hex text: {problem}");
                    return 2;
                }
            }

            bool wellFormed = MsgPackSpec.TryValidate(input, out MsgPackValidationResult result, new MsgPackValidationOptions { AllowMultipleValues = true }) == OperationStatus.Done;
            if (!json)
            {
                output.NewLine = "\n";
                MsgPackDump.Write(input, output, options);
                return wellFormed || input.Length == 0 ? 0 : 1;
            }

            // One JSON line per value, as far as the input is well formed.
            ReadOnlySpan<byte> rest = input;
            while (!rest.IsEmpty && MsgPackSpec.TrySkip(rest, out int length) == OperationStatus.Done)
            {
                try
                {
                    output.Write(MsgPackJson.ToJson(rest.Slice(0, length), options));
                    output.Write('\n');
                }
                catch (MsgPackException e)
                {
                    error.WriteLine($"dump: at offset {input.Length - rest.Length}: {e.Message}");
                    return 1;
                }

                rest = rest.Slice(length);
            }

            if (!wellFormed && input.Length > 0)
            {
                error.WriteLine($"dump: at offset {result.Offset}: the input is not well-formed MessagePack ({result.Error})");
                return 1;
            }

            return 0;
        }

        /// <summary>Hex text to bytes: pairs of hex digits, separated (or not) by whitespace, commas, colons or dashes, each pair perhaps prefixed by 0x.</summary>
        public static bool TryParseHex(byte[] text, out byte[] bytes, out string? problem)
        {
            var parsed = new List<byte>();
            int high = -1;
            bytes = Array.Empty<byte>();
            for (int i = 0; i < text.Length; i++)
            {
                char c = (char)text[i];
                if (c == '0' && high < 0 && i + 1 < text.Length && (text[i + 1] == 'x' || text[i + 1] == 'X'))
                {
                    i++;
                    continue;
                }

                int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
                if (digit >= 0)
                {
                    if (high < 0)
                    {
                        high = digit;
                    }
                    else
                    {
                        parsed.Add((byte)((high << 4) | digit));
                        high = -1;
                    }
                }
                else if (c is ' ' or '\t' or '\r' or '\n' or ',' or ':' or '-')
                {
                    if (high >= 0)
                    {
                        problem = $"a single hex digit before offset {i}";
                        return false;
                    }
                }
                else
                {
                    problem = $"'{c}' at offset {i}";
                    return false;
                }
            }

            if (high >= 0)
            {
                problem = "an odd number of hex digits";
                return false;
            }

            problem = null;
            bytes = parsed.ToArray();
            return true;
        }

        private static byte[] ReadAll(Stream stream)
        {
            using var copy = new MemoryStream();
            stream.CopyTo(copy);
            return copy.ToArray();
        }
    }
}
