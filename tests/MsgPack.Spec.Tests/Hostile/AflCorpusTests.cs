using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using MsgPack.Spec.Fuzzing;
using Xunit;

namespace MsgPack.Spec.Tests.Hostile
{
    /// <summary>
    /// The coverage-guided fuzzer's corpus as regression tests, without afl: every seed through every target it feeds
    /// (documents: readers, skip, validate, sequence, token; scripts: roundtrip), and every crash afl found
    /// (corpus/crashes/TARGET/*, copied there by ./build.sh afl) as a case of its own, through the same target code
    /// (<see cref="FuzzTargets"/>) the fuzzer ran. A crash case fails until the library is fixed. The corpus is the
    /// fuzz engine's: tests/MsgPack.Spec.Fuzzing/corpus.
    /// </summary>
    public class AflCorpusTests
    {
        private static string CorpusFolder => Path.Combine(Repository.Root(), "tests", "MsgPack.Spec.Fuzzing", "corpus");

        /// <summary>One row per (seed folder, target) and one per crash file: kind, target, path under corpus/.</summary>
        public static TheoryData<string, string, string> Cases()
        {
            var data = new TheoryData<string, string, string>();
            foreach (string target in FuzzTargets.Names)
            {
                data.Add("seeds", target, target == "roundtrip" ? "roundtrip" : "documents");
            }

            string crashes = Path.Combine(CorpusFolder, "crashes");
            if (Directory.Exists(crashes))
            {
                foreach (string folder in Directory.GetDirectories(crashes).OrderBy(f => f, StringComparer.Ordinal))
                {
                    string target = Path.GetFileName(folder);
                    foreach (string file in Directory.GetFiles(folder).Where(IsInput).OrderBy(f => f, StringComparer.Ordinal))
                    {
                        data.Add("crash", target, Path.Combine("crashes", target, Path.GetFileName(file)));
                    }
                }
            }

            return data;
        }

        [Theory]
        [MemberData(nameof(Cases))]
        public void Corpus_inputs_keep_every_reader_and_writer_contract(string kind, string target, string path)
        {
            Assert.True(FuzzTargets.IsTarget(target), $"corpus/{path}: '{target}' is not a fuzz target ({string.Join(", ", FuzzTargets.Names)})");
            string full = Path.Combine(CorpusFolder, path);
            string[] files = kind == "crash" ? new[] { full } : Directory.GetFiles(full).Where(IsInput).OrderBy(f => f, StringComparer.Ordinal).ToArray();
            Assert.True(files.Length > 0, $"corpus/{path} holds no input");

            var failures = new StringBuilder();
            int failed = 0;
            foreach (string file in files)
            {
                byte[] input = File.ReadAllBytes(file);
                FuzzReport report;
                try
                {
                    report = FuzzTargets.Check(target, input);
                }
                catch (Exception e)
                {
                    // What afl saw as a crash: the harness itself threw (the oracle turns every library exception into a report).
                    failed++;
                    failures.Append(Path.GetFileName(file)).Append(": ").AppendLine(e.ToString());
                    continue;
                }

                if (report.Failures > 0)
                {
                    failed++;
                    failures.Append(Path.GetFileName(file)).Append(" (").Append(FuzzReport.Hex(input)).AppendLine("):").AppendLine(report.Format());
                }
            }

            Assert.True(failed == 0, $"{target}: {failed} of {files.Length} input(s) in corpus/{path} break a contract\n{failures}");
        }

        private static bool IsInput(string file)
        {
            string name = Path.GetFileName(file);
            return !name.StartsWith(".", StringComparison.Ordinal) && !name.EndsWith(".md", StringComparison.Ordinal);
        }
    }
}
