using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;

namespace MsgPack.Spec.CodeGen
{
    /// <summary>Every file the tool writes, and how a checkout's copies compare with them.</summary>
    public static class GeneratedFiles
    {
        private static readonly UTF8Encoding Utf8NoBom = new(encoderShouldEmitUTF8Identifier: false);

        /// <summary>Every generated file, as the tool writes it: computed in memory, nothing is read or written.</summary>
        /// <returns>The files, in a fixed order.</returns>
        public static IReadOnlyList<GeneratedFile> All() => [.. Arrays.Files(), FrontDoors.File()];

        /// <summary>The generated files whose copy under <paramref name="root"/> is missing or is not what the tool writes.</summary>
        /// <param name="root">The repository's root.</param>
        /// <returns>Each stale file with the first line that differs; empty when every file is current.</returns>
        /// <remarks>A copy whose lines end in CR LF (a Windows checkout that converts line ends) counts as current.</remarks>
        public static IReadOnlyList<string> FindStale(string root) =>
            [.. All().Select(file => FindDifference(file, root)).OfType<string>()];

        /// <summary>Writes every generated file whose copy under <paramref name="root"/> is not what the tool writes; leaves the others untouched.</summary>
        /// <param name="root">The repository's root.</param>
        /// <returns>The paths of the files written.</returns>
        public static IReadOnlyList<string> WriteAll(string root)
        {
            var written = new List<string>();
            foreach (GeneratedFile file in All())
            {
                if (FindDifference(file, root) is null)
                {
                    continue;
                }

                string path = Path.Combine(root, file.Path);
                Directory.CreateDirectory(Path.GetDirectoryName(path)!);
                File.WriteAllText(path, file.Text, Utf8NoBom);
                written.Add(file.Path);
            }

            return written;
        }

        /// <summary>How the copy of <paramref name="file"/> under <paramref name="root"/> differs from what the tool writes.</summary>
        /// <param name="file">A generated file.</param>
        /// <param name="root">The repository's root.</param>
        /// <returns>Null when the copy is current (CR LF line ends allowed), else a line that names the file and its first differing line.</returns>
        public static string? FindDifference(GeneratedFile file, string root)
        {
            string path = Path.Combine(root, file.Path);
            if (!File.Exists(path))
            {
                return $"{file.Path}: missing";
            }

            string copy = Utf8NoBom.GetString(File.ReadAllBytes(path)).Replace("\r\n", "\n", StringComparison.Ordinal);
            if (copy == file.Text)
            {
                return null;
            }

            string[] expected = file.Text.Split('\n');
            string[] actual = copy.Split('\n');
            int line = 0;
            while (line < expected.Length && line < actual.Length && expected[line] == actual[line])
            {
                line++;
            }

            return $"{file.Path}: differs from line {line + 1} on (the tool writes {Describe(expected, line)}, the file has {Describe(actual, line)})";
        }

        private static string Describe(string[] lines, int index) =>
            index < lines.Length ? $"\"{lines[index].Trim()}\"" : "no more lines";
    }
}
