using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace MsgPack.Spec.Generator
{
    /// <summary>
    /// Writes Write, TryWrite, GetEncodedLength and Read members for every [MsgPackObject] partial type
    /// (docs/generator.md). The pipeline: the attribute's types, parsed into value-equal models (the only step that
    /// sees symbols), then text from the models; diagnostics go out on their own branch.
    /// </summary>
    [Generator(LanguageNames.CSharp)]
    public sealed class MsgPackGenerator : IIncrementalGenerator
    {
        /// <summary>The tracking names of the pipeline's steps, for the incrementality tests.</summary>
        public static class Steps
        {
            /// <summary>The parser's result per attributed type.</summary>
            public const string Parse = "MsgPack.Parse";

            /// <summary>The models to emit.</summary>
            public const string Models = "MsgPack.Models";

            /// <summary>The diagnostics to report.</summary>
            public const string Diagnostics = "MsgPack.Diagnostics";
        }

        /// <inheritdoc/>
        public void Initialize(IncrementalGeneratorInitializationContext context)
        {
            IncrementalValuesProvider<ParseResult> results = context.SyntaxProvider
                .ForAttributeWithMetadataName(
                    Parser.ObjectAttribute,
                    static (node, _) => node is TypeDeclarationSyntax,
                    static (context, cancellationToken) => Parser.Parse(context, cancellationToken))
                .WithTrackingName(Steps.Parse);

            IncrementalValuesProvider<TypeModel> models = results
                .Select(static (result, _) => result.Model)
                .Where(static model => model is not null)
                .Select(static (model, _) => model!)
                .WithTrackingName(Steps.Models);

            IncrementalValuesProvider<EquatableArray<DiagnosticInfo>> diagnostics = results
                .Select(static (result, _) => result.Diagnostics)
                .Where(static list => list.Count > 0)
                .WithTrackingName(Steps.Diagnostics);

            // [MsgPackConverter] checked where it is placed: on a type (wherever the type is used, the converter must fit
            // it) and on the assembly (once for the assembly, not once per type that uses it).
            IncrementalValuesProvider<EquatableArray<DiagnosticInfo>> typeConverters = context.SyntaxProvider
                .ForAttributeWithMetadataName(
                    Parser.ConverterAttribute,
                    static (node, _) => node is BaseTypeDeclarationSyntax,
                    static (context, cancellationToken) => Parser.TypeConverterDiagnostics(context, cancellationToken))
                .Where(static list => list.Count > 0);
            IncrementalValueProvider<EquatableArray<DiagnosticInfo>> assemblyConverters = context.CompilationProvider
                .Select(static (compilation, cancellationToken) => Parser.AssemblyConverterDiagnostics(compilation, cancellationToken));

            context.RegisterSourceOutput(models, static (output, model) => output.AddSource(model.HintName, Emitter.Emit(model)));
            context.RegisterSourceOutput(diagnostics, static (output, list) =>
            {
                foreach (DiagnosticInfo diagnostic in list)
                {
                    output.ReportDiagnostic(diagnostic.ToDiagnostic());
                }
            });
            context.RegisterSourceOutput(typeConverters, static (output, list) => Report(output, list));
            context.RegisterSourceOutput(assemblyConverters, static (output, list) => Report(output, list));
        }

        private static void Report(SourceProductionContext output, EquatableArray<DiagnosticInfo> diagnostics)
        {
            foreach (DiagnosticInfo diagnostic in diagnostics)
            {
                output.ReportDiagnostic(diagnostic.ToDiagnostic());
            }
        }
    }
}
