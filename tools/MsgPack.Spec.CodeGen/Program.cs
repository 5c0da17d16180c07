using System;
using System.Collections.Generic;
using System.IO;

namespace MsgPack.Spec.CodeGen
{
    /// <summary>The command line: see <see cref="Usage"/>.</summary>
    public static class Program
    {
        /// <summary>What <c>--help</c> prints.</summary>
        public const string Usage = """
            usage: dotnet run --project tools/MsgPack.Spec.CodeGen [-- [--check] [--root DIR]]
              Writes the library's generated files (src/MsgPack.Spec/**/*.g.cs) from the tool's tables; a file that is
              already current is left untouched.
              --check     write nothing; exit 1 naming each file that is not what the tool writes, 0 when all are current
              --root DIR  the repository's root (default: the nearest folder above the current one that holds MsgPack.Spec.sln)
            """;

        /// <summary>Runs <see cref="Run"/> over the console.</summary>
        /// <param name="args">The command line.</param>
        /// <returns>The exit code.</returns>
        public static int Main(string[] args) => Run(args, Console.Out, Console.Error);

        /// <summary>Writes the generated files, or with <c>--check</c> tells which are stale.</summary>
        /// <param name="args">The command line (see <see cref="Usage"/>).</param>
        /// <param name="output">Where the files written, or found current, are reported.</param>
        /// <param name="error">Where stale files and usage errors go.</param>
        /// <returns>0 on success; 1 when <c>--check</c> finds a stale file; 2 for a usage error.</returns>
        public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error)
        {
            bool check = false;
            string? root = null;
            for (int i = 0; i < args.Count; i++)
            {
                switch (args[i])
                {
                    case "--check":
                        check = true;
                        break;
                    case "--root" when i + 1 < args.Count:
                        root = args[++i];
                        break;
                    case "-h" or "--help":
                        output.WriteLine(Usage);
                        return 0;
                    default:
                        error.WriteLine($"unknown argument '{args[i]}'");
                        error.WriteLine(Usage);
                        return 2;
                }
            }

            root ??= FindRoot(Directory.GetCurrentDirectory());
            if (root is null || !Directory.Exists(root))
            {
                error.WriteLine(root is null
                    ? "no MsgPack.Spec.sln in the current folder or above it: run from the repository, or give --root"
                    : $"--root: no folder '{root}'");
                return 2;
            }

            if (check)
            {
                IReadOnlyList<string> stale = GeneratedFiles.FindStale(root);
                foreach (string line in stale)
                {
                    error.WriteLine($"stale: {line}");
                }

                if (stale.Count > 0)
                {
                    error.WriteLine("write them again: dotnet run --project tools/MsgPack.Spec.CodeGen");
                    return 1;
                }

                output.WriteLine($"{GeneratedFiles.All().Count} generated files, all current");
                return 0;
            }

            IReadOnlyList<string> written = GeneratedFiles.WriteAll(root);
            foreach (string path in written)
            {
                output.WriteLine($"wrote {path}");
            }

            output.WriteLine($"{GeneratedFiles.All().Count} generated files, {written.Count} written, the others already current");
            return 0;
        }

        /// <summary>The nearest folder at or above <paramref name="start"/> that holds MsgPack.Spec.sln, or null.</summary>
        private static string? FindRoot(string start)
        {
            for (var directory = new DirectoryInfo(start); directory != null; directory = directory.Parent)
            {
                if (File.Exists(Path.Combine(directory.FullName, "MsgPack.Spec.sln")))
                {
                    return directory.FullName;
                }
            }

            return null;
        }
    }
}
