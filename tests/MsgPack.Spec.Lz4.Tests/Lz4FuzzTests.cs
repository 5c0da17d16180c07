using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using MsgPack.Spec.Fuzzing;
using Xunit;

namespace MsgPack.Spec.Lz4.Tests
{
    /// <summary>
    /// The mutation fuzzer (the fuzz engine's <see cref="FuzzMutator"/>: flipped bits, lengths and counts set to 0, 2^31,
    /// 2^32 - 1, truncations, splices...) over compressed documents, each checked by <see cref="Lz4FuzzTarget"/>; and the
    /// afl corpus of the "lz4" target (corpus/seeds, and corpus/crashes, which ./build.sh afl lz4 fills).
    /// </summary>
    public class Lz4FuzzTests
    {
        private static readonly Lazy<List<byte[]>> Corpus = new(() => Lz4FuzzTarget.Corpus());

        private static string CorpusFolder
        {
            get
            {
                string? folder = AppContext.BaseDirectory;
                while (folder is not null && !File.Exists(Path.Combine(folder, "MsgPack.Spec.sln")))
                {
                    folder = Path.GetDirectoryName(folder);
                }

                return Path.Combine(folder ?? throw new InvalidOperationException("The repository's root (MsgPack.Spec.sln) is not above the test's folder."), "tests", "MsgPack.Spec.Lz4.Tests", "corpus");
            }
        }

        [Theory]
        [InlineData(1UL)]
        [InlineData(2UL)]
        [InlineData(3UL)]
        [InlineData(4UL)]
        public void Mutated_compressed_values_keep_every_contract(ulong seed)
        {
            var mutator = new FuzzMutator(seed, Corpus.Value);
            var random = new FuzzRandom(seed * 31);
            var failures = new StringBuilder();
            int failed = 0;
            const int Inputs = 1500;
            for (int i = 0; i < Inputs; i++)
            {
                byte[] document = mutator.Next();
                byte[] cuts = { (byte)random.Next(256), (byte)random.Next(256) };
                byte[] input = FuzzTargets.Frame(document, atStart: false, random.OneIn(2) ? cuts : Array.Empty<byte>());
                string? failure = SmallStack.Call(() => Lz4FuzzTarget.Check(input));
                if (failure is not null && failed++ < 5)
                {
                    failures.AppendLine($"input {i} ({input.Length} bytes, {FuzzReport.Hex(input.AsSpan(0, Math.Min(input.Length, 48)))}): {failure}");
                }
            }

            Assert.True(failed == 0, $"{failed} of {Inputs} inputs broke a contract:\n{failures}");
        }

        [Fact]
        public void The_seed_corpus_is_the_target_s_own_and_every_input_of_the_afl_corpus_keeps_every_contract()
        {
            string seeds = Path.Combine(CorpusFolder, "seeds");
            string[] files = Directory.GetFiles(seeds).Concat(Directory.Exists(Path.Combine(CorpusFolder, "crashes")) ? Directory.GetFiles(Path.Combine(CorpusFolder, "crashes")) : Array.Empty<string>())
                .Where(f => !f.EndsWith(".md", StringComparison.Ordinal)).OrderBy(f => f, StringComparer.Ordinal).ToArray();
            Assert.True(files.Length >= 10, $"corpus/seeds holds {files.Length} inputs");
            foreach (string file in files)
            {
                Assert.Null(SmallStack.Call(() => Lz4FuzzTarget.Check(File.ReadAllBytes(file))));
            }
        }
    }
}
