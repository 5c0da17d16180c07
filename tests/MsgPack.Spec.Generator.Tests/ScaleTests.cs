using System;
using System.Diagnostics;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;
using Xunit.Abstractions;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>
    /// The generator on a project of 500 [MsgPackObject] types: what it produces, that an edit to one type regenerates
    /// that type alone, and (printed, not asserted: speed lives in measurements, not in unit tests) how long a full run
    /// and an incremental run take. docs/serialization.md quotes a run of this test.
    /// </summary>
    public class ScaleTests(ITestOutputHelper output)
    {
        private const int TypeCount = 500;

        /// <summary>500 types: array and map layouts, numbers, strings, nullable members, a list of the previous type, a dictionary.</summary>
        private static string Project(int edited = -1)
        {
            var text = new StringBuilder("using System;\nusing System.Collections.Generic;\nusing MsgPack.Spec.Serialization;\nnamespace Big\n{\n");
            for (int i = 0; i < TypeCount; i++)
            {
                bool map = i % 2 == 0;
                text.Append(map ? "[MsgPackObject(MsgPackLayout.Map)]\n" : "[MsgPackObject(MsgPackLayout.Array)]\n");
                text.Append("public partial class Model").Append(i).Append("\n{\n");
                string[] members =
                [
                    "int Id", "long Count", "string Name", "string? Note", "double Ratio", "bool Flag", "DateTime When",
                    "int? Maybe", i > 0 ? "List<Model" + (i - 1) + ">? Children" : "List<int>? Children", "Dictionary<string, int>? Tags",
                ];
                for (int m = 0; m < members.Length; m++)
                {
                    string key = map ? "\"" + members[m].Split(' ')[1].ToLowerInvariant() + (i == edited && m == 0 ? "_edited" : "") + "\"" : m.ToString();
                    text.Append("    [MsgPackKey(").Append(key).Append(")] public ").Append(members[m]).Append(" { get; set; }")
                        .Append(members[m].StartsWith("string Name", StringComparison.Ordinal) ? " = \"\";" : "").Append('\n');
                }

                text.Append("}\n");
            }

            return text.Append("}\n").ToString();
        }

        [Fact]
        public void Five_hundred_types_generate_and_an_edit_to_one_regenerates_only_it()
        {
            CSharpCompilation compilation = GeneratorTests.CreateCompilation(Project());
            var timer = Stopwatch.StartNew();
            GeneratorDriver driver = GeneratorTests.CreateDriver().RunGeneratorsAndUpdateCompilation(compilation, out Compilation generated, out var diagnostics);
            TimeSpan first = timer.Elapsed;
            Assert.Empty(diagnostics);
            Assert.Equal(TypeCount, generated.SyntaxTrees.Count() - compilation.SyntaxTrees.Length);
            Assert.Empty(generated.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));

            // Edit one type's key: one model changes, 499 are cached or unchanged.
            CSharpCompilation edited = compilation.ReplaceSyntaxTree(compilation.SyntaxTrees[0],
                CSharpSyntaxTree.ParseText(Project(edited: 250), GeneratorTests.ParseOptions));
            TimeSpan incremental = TimeSpan.MaxValue;
            GeneratorRunResult run = default;
            for (int attempt = 0; attempt < 5; attempt++)
            {
                timer.Restart();
                GeneratorDriver next = driver.RunGenerators(attempt % 2 == 0 ? edited : compilation);
                TimeSpan elapsed = timer.Elapsed;
                incremental = elapsed < incremental ? elapsed : incremental;
                if (attempt == 0)
                {
                    run = next.GetRunResult().Results[0];
                }
            }

            var reasons = run.TrackedSteps[MsgPackGenerator.Steps.Models].SelectMany(s => s.Outputs).Select(o => o.Reason).ToList();
            Assert.Equal(1, reasons.Count(r => r == IncrementalStepRunReason.Modified));
            Assert.Equal(TypeCount - 1, reasons.Count(r => r is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged));

            // A warm full run: a new driver over the same compilation, JIT and Roslyn's caches already warm.
            TimeSpan warm = TimeSpan.MaxValue;
            for (int attempt = 0; attempt < 3; attempt++)
            {
                timer.Restart();
                GeneratorTests.CreateDriver().RunGenerators(compilation);
                warm = timer.Elapsed < warm ? timer.Elapsed : warm;
            }

            int characters = generated.SyntaxTrees.Skip(compilation.SyntaxTrees.Length).Sum(t => t.Length);
            output.WriteLine($"500 types: first run {first.TotalMilliseconds:F0} ms (cold JIT), warm full run {warm.TotalMilliseconds:F0} ms, " +
                $"after an edit to one type {incremental.TotalMilliseconds:F0} ms; {characters / 1024} KiB of C# generated");
        }
    }
}
