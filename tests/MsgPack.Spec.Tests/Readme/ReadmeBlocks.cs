using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace MsgPack.Spec.Tests.Readme
{
    /// <summary>One C# block of a Markdown file: where it starts, and its code as printed.</summary>
    public sealed record ReadmeBlock(string File, int Line, string Code)
    {
        public override string ToString() => $"{File}:{Line}";
    }

    /// <summary>
    /// The C# blocks of the repository's Markdown, read from the files themselves (no copy), each compiled as a whole
    /// program (top-level statements, its own using directives) against the assemblies this test runs with, and run.
    /// </summary>
    public static class ReadmeBlocks
    {
        private static readonly Lock ConsoleLock = new();

        public static IReadOnlyList<ReadmeBlock> Extract(string relativePath)
        {
            string[] lines = File.ReadAllLines(Path.Combine(Repository.Root(), relativePath));
            var blocks = new List<ReadmeBlock>();
            for (int i = 0; i < lines.Length; i++)
            {
                if (lines[i] != "```csharp")
                {
                    continue;
                }

                int start = i + 1;
                int end = Array.IndexOf(lines, "```", start);
                blocks.Add(new ReadmeBlock(relativePath, start + 1, string.Join("\n", lines[start..end])));
                i = end;
            }

            return blocks;
        }

        /// <summary>Compiles the block as a program and runs it; returns what it wrote to the console.</summary>
        public static string CompileAndRun(ReadmeBlock block)
        {
            var parse = new CSharpParseOptions(LanguageVersion.Latest);
            SyntaxTree tree = CSharpSyntaxTree.ParseText(block.Code, parse, path: block.ToString());
            var compilation = CSharpCompilation.Create(
                "ReadmeBlock" + block.Line,
                [tree],
                References(),
                new CSharpCompilationOptions(OutputKind.ConsoleApplication, allowUnsafe: true, nullableContextOptions: NullableContextOptions.Enable));
            // A block that declares [MsgPackObject] types gets their generated members, as a project with the package does.
            Compilation withGenerated = compilation;
            if (Generators.Length > 0)
            {
                CSharpGeneratorDriver.Create(Generators.Select(g => g.AsSourceGenerator()), parseOptions: parse)
                    .RunGeneratorsAndUpdateCompilation(compilation, out withGenerated, out _);
            }

            using var image = new MemoryStream();
            Microsoft.CodeAnalysis.Emit.EmitResult emitted = withGenerated.Emit(image);
            if (!emitted.Success)
            {
                throw new InvalidOperationException($"{block} does not compile as printed:\n" +
                    string.Join("\n", emitted.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error)));
            }

            image.Position = 0;
            var context = new AssemblyLoadContext(block.ToString(), isCollectible: true);
            try
            {
                Assembly program = context.LoadFromStream(image);
                MethodInfo entry = program.EntryPoint ?? throw new InvalidOperationException($"{block} has no entry point.");
                lock (ConsoleLock)
                {
                    TextWriter console = Console.Out;
                    var output = new StringWriter();
                    Console.SetOut(output);
                    try
                    {
                        object? result = entry.Invoke(null, entry.GetParameters().Length == 0 ? null : [Array.Empty<string>()]);
                        if (result is Task task)
                        {
                            task.GetAwaiter().GetResult();
                        }
                    }
                    catch (TargetInvocationException error) when (error.InnerException is not null)
                    {
                        throw new InvalidOperationException($"{block} threw when run: {error.InnerException}", error.InnerException);
                    }
                    finally
                    {
                        Console.SetOut(console);
                    }

                    return output.ToString();
                }
            }
            finally
            {
                context.Unload();
            }
        }

        // MsgPack.Spec.Generator, when the test project references it (it is then beside the tests, in the trusted
        // platform assemblies): the generators it holds, found by their interface.
        private static readonly IIncrementalGenerator[] Generators =
            ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
                .Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
                .Where(path => Path.GetFileName(path) == "MsgPack.Spec.Generator.dll")
                .SelectMany(path => Assembly.Load(AssemblyName.GetAssemblyName(path)).GetTypes())
                .Where(type => typeof(IIncrementalGenerator).IsAssignableFrom(type) && !type.IsAbstract)
                .Select(type => (IIncrementalGenerator)Activator.CreateInstance(type)!)
                .ToArray();

        // Every assembly of this test's runtime and its dependencies (the framework, the library, the sample when
        // the sample's tests run this): what a program referencing the package sees, and more.
        private static IEnumerable<MetadataReference> References() =>
            ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
                .Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
                .Where(path => path.EndsWith(".dll", StringComparison.Ordinal))
                .Select(path => MetadataReference.CreateFromFile(path));
    }
}
