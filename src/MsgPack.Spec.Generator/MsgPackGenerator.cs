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

            /// <summary>The parser's result per union type.</summary>
            public const string ParseUnion = "MsgPack.ParseUnion";

            /// <summary>The union models to emit.</summary>
            public const string Unions = "MsgPack.Unions";

            /// <summary>The unions' diagnostics to report.</summary>
            public const string UnionDiagnostics = "MsgPack.UnionDiagnostics";

            /// <summary>The assembly's MsgPackRuntimeTypes (null when no generated type holds an object).</summary>
            public const string RuntimeTypes = "MsgPack.RuntimeTypes";
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
            context.RegisterSourceOutput(diagnostics, static (output, list) => Report(output, list));
            context.RegisterSourceOutput(typeConverters, static (output, list) => Report(output, list));
            context.RegisterSourceOutput(assemblyConverters, static (output, list) => Report(output, list));

            // Unions: a pipeline of their own, from [MsgPackUnion] (one attribute per case, so one parse per type).
            IncrementalValuesProvider<UnionParseResult> unionResults = context.SyntaxProvider
                .ForAttributeWithMetadataName(
                    Parser.UnionAttribute,
                    static (node, _) => node is TypeDeclarationSyntax,
                    static (context, cancellationToken) => Parser.ParseUnion(context, cancellationToken))
                .WithTrackingName(Steps.ParseUnion);

            IncrementalValuesProvider<UnionModel> unions = unionResults
                .Select(static (result, _) => result.Model)
                .Where(static model => model is not null)
                .Select(static (model, _) => model!)
                .WithTrackingName(Steps.Unions);

            IncrementalValuesProvider<EquatableArray<DiagnosticInfo>> unionDiagnostics = unionResults
                .Select(static (result, _) => result.Diagnostics)
                .Where(static list => list.Count > 0)
                .WithTrackingName(Steps.UnionDiagnostics);

            context.RegisterSourceOutput(unions, static (output, model) => output.AddSource(model.Type.HintName, Emitter.Emit(model)));

            // The members of type object: one MsgPackRuntimeTypes for the assembly, which writes a value by its runtime
            // type with the writers of the generated types and of the hand-written types of the contract.
            IncrementalValuesProvider<string> contractTypes = context.SyntaxProvider
                .CreateSyntaxProvider(
                    static (node, _) => node is TypeDeclarationSyntax { BaseList: not null } and not InterfaceDeclarationSyntax,
                    static (context, cancellationToken) => Parser.HandWrittenRuntimeType(context, cancellationToken))
                .Where(static name => name is not null)
                .Select(static (name, _) => name!);
            IncrementalValueProvider<RuntimeTypesModel?> runtimeTypes = models.Collect()
                .Combine(contractTypes.Collect())
                .Select(static (pair, _) => Parser.RuntimeTypes(pair.Left, pair.Right))
                .WithTrackingName(Steps.RuntimeTypes);
            context.RegisterSourceOutput(runtimeTypes, static (output, model) =>
            {
                if (model is not null)
                {
                    output.AddSource(Emitter.RuntimeTypesHintName, Emitter.Emit(model));
                }
            });
            context.RegisterSourceOutput(unionDiagnostics, static (output, list) => Report(output, list));
        }

        private static void Report(SourceProductionContext output, EquatableArray<DiagnosticInfo> list)
        {
            foreach (DiagnosticInfo diagnostic in list)
            {
                output.ReportDiagnostic(diagnostic.ToDiagnostic());
            }
        }
    }
}
