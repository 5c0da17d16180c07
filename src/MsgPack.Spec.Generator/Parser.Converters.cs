using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace MsgPack.Spec.Generator
{
    // Custom converters ([MsgPackConverter]): which converter a value takes, and the checks of the attribute wherever it
    // is placed. The emitter sees only the converter's name (ValueModel.Converter).
    internal static partial class Parser
    {
        public const string ConverterAttribute = "MsgPack.Spec.Serialization.MsgPackConverterAttribute";
        private const string ConverterInterface = "MsgPack.Spec.Serialization.IMsgPackConverter`1";

        /// <summary>What classifying a value needs beyond its type: the contract and the assembly's converters.</summary>
        internal sealed class Scope
        {
            public Scope(Compilation compilation, INamedTypeSymbol? contract)
            {
                Contract = contract;
                Helpers = compilation.GetTypeByMetadataName(Parser.SerializationHelpers);
                HasImmutableArrayMarshal = compilation.GetTypeByMetadataName(Parser.ImmutableArrayMarshal)
                    is { DeclaredAccessibility: Accessibility.Public } marshal && !marshal.GetMembers("AsImmutableArray").IsEmpty;
                ConverterInterface = compilation.GetTypeByMetadataName(Parser.ConverterInterface);
                var converters = new List<(INamedTypeSymbol, ITypeSymbol)>();
                foreach (AttributeData attribute in ConverterAttributes(compilation.Assembly))
                {
                    // One that does not fit, or a second for the same type, is reported by AssemblyConverterDiagnostics.
                    if (attribute.ConstructorArguments[0].Value is INamedTypeSymbol converter
                        && TargetOf(converter, ConverterInterface, out _) is { } target
                        && !converters.Any(c => SymbolEqualityComparer.Default.Equals(c.Item2, target)))
                    {
                        converters.Add((converter, target));
                    }
                }

                AssemblyConverters = converters;
            }

            /// <summary>IMsgPackSerializable&lt;T&gt;, where the project can implement it; else null.</summary>
            public INamedTypeSymbol? Contract { get; }

            /// <summary>The library's MsgPackSerialization, as the project references it (its netstandard2.0 build lacks the Int128 and BigInteger helpers).</summary>
            public INamedTypeSymbol? Helpers { get; }

            /// <summary>
            /// The project has ImmutableCollectionsMarshal (.NET 8 and later, or the System.Collections.Immutable 8 package): an
            /// ImmutableArray of numbers can lend its array to the bulk doors and take the one they read, without a copy.
            /// </summary>
            public bool HasImmutableArrayMarshal { get; }

            public INamedTypeSymbol? ConverterInterface { get; }

            /// <summary>The assembly's converters that fit, each with the type it converts (a generic definition for a generic converter).</summary>
            public IReadOnlyList<(INamedTypeSymbol Converter, ITypeSymbol Target)> AssemblyConverters { get; }
        }

        private static IEnumerable<AttributeData> ConverterAttributes(ISymbol symbol) =>
            symbol.GetAttributes().Where(a => a.AttributeClass?.ToDisplayString() == ConverterAttribute && a.ConstructorArguments.Length == 1);

        /// <summary>
        /// The type a converter converts, or null (with the reason) when it cannot be one: a struct implementing
        /// IMsgPackConverter&lt;T&gt; of one type; a generic definition (<c>typeof(C&lt;&gt;)</c>) must convert a
        /// generic type over its own type parameters in order, and gives that type's definition.
        /// </summary>
        private static ITypeSymbol? TargetOf(INamedTypeSymbol converter, INamedTypeSymbol? converterInterface, out string whyNot)
        {
            whyNot = string.Empty;
            INamedTypeSymbol definition = converter.IsUnboundGenericType ? converter.OriginalDefinition : converter;
            if (definition.TypeKind != TypeKind.Struct)
            {
                whyNot = "it is not a struct (generated code calls default(TConverter), with no instance to create and no virtual call)";
                return null;
            }

            var converted = definition.AllInterfaces
                .Where(i => converterInterface is not null && SymbolEqualityComparer.Default.Equals(i.OriginalDefinition, converterInterface))
                .Select(i => i.TypeArguments[0])
                .ToList();
            if (converted.Count != 1)
            {
                whyNot = converted.Count == 0 ? "it does not implement IMsgPackConverter<T>" : "it implements IMsgPackConverter<T> for more than one type";
                return null;
            }

            if (!converter.IsUnboundGenericType)
            {
                return converted[0];
            }

            if (converted[0] is INamedTypeSymbol generic && generic.IsGenericType
                && Enumerable.SequenceEqual<ITypeSymbol>(generic.TypeArguments, definition.TypeParameters, SymbolEqualityComparer.Default))
            {
                return generic.OriginalDefinition;
            }

            whyNot = "a generic converter must convert a generic type over its own type parameters, in order (struct C<T> : IMsgPackConverter<G<T>>)";
            return null;
        }

        /// <summary>The converter closed for <paramref name="type"/> when it converts that type (its target, from <see cref="TargetOf"/>); else null.</summary>
        private static INamedTypeSymbol? Close(INamedTypeSymbol converter, ITypeSymbol target, ITypeSymbol type)
        {
            if (!converter.IsUnboundGenericType)
            {
                return SymbolEqualityComparer.Default.Equals(target, type) ? converter : null;
            }

            return type is INamedTypeSymbol named && named.IsGenericType && SymbolEqualityComparer.Default.Equals(named.OriginalDefinition, target)
                ? converter.OriginalDefinition.Construct(named.TypeArguments.ToArray())
                : null;
        }

        /// <summary>
        /// Whether a converter has a status read of its own (it opted in): a public
        /// <c>OperationStatus TryRead(ref MsgPackReader, int, out T, ref MsgPackReadFailure)</c> that generated code calls
        /// instead of wrapping its <c>Read</c> in a try. The interface's default member does not count: a call of it on a
        /// struct would box the struct.
        /// </summary>
        private static bool HasOwnStatusRead(INamedTypeSymbol converter, ITypeSymbol valueType) =>
            converter.GetMembers("TryRead").OfType<IMethodSymbol>().Any(method =>
                !method.IsStatic
                && method.DeclaredAccessibility == Accessibility.Public
                && method.Parameters.Length == 4
                && method.Parameters[0].RefKind == RefKind.Ref && method.Parameters[0].Type.ToDisplayString() == "MsgPack.Spec.MsgPackReader"
                && method.Parameters[1].Type.SpecialType == SpecialType.System_Int32
                && method.Parameters[2].RefKind == RefKind.Out && SymbolEqualityComparer.Default.Equals(method.Parameters[2].Type.WithNullableAnnotation(NullableAnnotation.NotAnnotated), valueType.WithNullableAnnotation(NullableAnnotation.NotAnnotated))
                && method.Parameters[3].RefKind == RefKind.Ref && method.Parameters[3].Type.ToDisplayString() == "MsgPack.Spec.Serialization.MsgPackReadFailure"
                && method.ReturnType.ToDisplayString() == "System.Buffers.OperationStatus");

        /// <summary>The converter of a value's type wherever it appears: the type's own [MsgPackConverter], else the assembly's; null for none.</summary>
        private static INamedTypeSymbol? ConverterOf(ITypeSymbol type, Scope scope)
        {
            if (type is not INamedTypeSymbol named)
            {
                return null;
            }

            foreach (AttributeData attribute in ConverterAttributes(named.OriginalDefinition))
            {
                if (attribute.ConstructorArguments[0].Value is INamedTypeSymbol converter
                    && TargetOf(converter, scope.ConverterInterface, out _) is { } target
                    && Close(converter, target, type) is { } closed)
                {
                    return closed;
                }
            }

            foreach ((INamedTypeSymbol converter, ITypeSymbol target) in scope.AssemblyConverters)
            {
                if (Close(converter, target, type) is { } closed)
                {
                    return closed;
                }
            }

            return null;
        }

        /// <summary>
        /// A member's own converter, closed for the member's type (<c>T</c> of a <c>Nullable&lt;T&gt;</c>); null when it has
        /// none or it does not fit (then MSPK020 or MSPK021 is added).
        /// </summary>
        private static INamedTypeSymbol? MemberConverter(ISymbol member, ITypeSymbol memberType, Scope scope, Location? location, List<DiagnosticInfo> diagnostics)
        {
            var attributes = ConverterAttributes(member).ToList();
            if (attributes.Count == 0)
            {
                return null;
            }

            if (attributes.Count > 1)
            {
                diagnostics.Add(Diagnostic(Diagnostics.TwoConverters.Id, location, member.Name,
                    Name(attributes[0].ConstructorArguments[0].Value), Name(attributes[1].ConstructorArguments[0].Value)));
                return null;
            }

            ITypeSymbol valueType = memberType is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable
                ? nullable.TypeArguments[0]
                : memberType;
            return Fit(attributes[0], valueType, scope.ConverterInterface, location, diagnostics);
        }

        /// <summary>The attribute's converter closed for <paramref name="type"/>, or null with MSPK020 added.</summary>
        private static INamedTypeSymbol? Fit(AttributeData attribute, ITypeSymbol type, INamedTypeSymbol? converterInterface, Location? location, List<DiagnosticInfo> diagnostics)
        {
            if (attribute.ConstructorArguments[0].Value is not INamedTypeSymbol converter)
            {
                diagnostics.Add(Diagnostic(Diagnostics.ConverterDoesNotFit.Id, location, Name(attribute.ConstructorArguments[0].Value), type.ToDisplayString(), "it is not a named type"));
                return null;
            }

            ITypeSymbol? target = TargetOf(converter, converterInterface, out string whyNot);
            INamedTypeSymbol? closed = target is null ? null : Close(converter, target, type);
            if (closed is null)
            {
                diagnostics.Add(Diagnostic(Diagnostics.ConverterDoesNotFit.Id, location, Name(converter), type.ToDisplayString(),
                    target is null ? whyNot : "it converts '" + target.ToDisplayString() + "'"));
            }

            return closed;
        }

        private static string Name(object? type) => type is ITypeSymbol symbol ? symbol.ToDisplayString() : "null";

        /// <summary>Checks [MsgPackConverter] on a type (wherever the type is used, its converter must fit it): MSPK020, MSPK021.</summary>
        public static EquatableArray<DiagnosticInfo> TypeConverterDiagnostics(GeneratorAttributeSyntaxContext context, CancellationToken cancellationToken)
        {
            var diagnostics = new List<DiagnosticInfo>();
            if (context.TargetSymbol is not INamedTypeSymbol type)
            {
                return EquatableArray<DiagnosticInfo>.Empty;
            }

            INamedTypeSymbol? converterInterface = context.SemanticModel.Compilation.GetTypeByMetadataName(ConverterInterface);
            Location? location = context.Attributes[0].ApplicationSyntaxReference?.GetSyntax(cancellationToken).GetLocation();
            if (context.Attributes.Length > 1)
            {
                diagnostics.Add(Diagnostic(Diagnostics.TwoConverters.Id, location, type.ToDisplayString(),
                    Name(context.Attributes[0].ConstructorArguments.FirstOrDefault().Value), Name(context.Attributes[1].ConstructorArguments.FirstOrDefault().Value)));
            }
            else if (context.Attributes[0].ConstructorArguments.Length == 1)
            {
                Fit(context.Attributes[0], type, converterInterface, location, diagnostics);
            }

            return diagnostics.ToEquatableArray();
        }

        /// <summary>Checks the assembly's [MsgPackConverter] attributes: each must be a converter (MSPK020), one per type (MSPK021).</summary>
        public static EquatableArray<DiagnosticInfo> AssemblyConverterDiagnostics(Compilation compilation, CancellationToken cancellationToken)
        {
            var diagnostics = new List<DiagnosticInfo>();
            INamedTypeSymbol? converterInterface = compilation.GetTypeByMetadataName(ConverterInterface);
            var seen = new List<(ITypeSymbol Target, INamedTypeSymbol Converter)>();
            foreach (AttributeData attribute in ConverterAttributes(compilation.Assembly))
            {
                cancellationToken.ThrowIfCancellationRequested();
                Location? location = attribute.ApplicationSyntaxReference?.GetSyntax(cancellationToken).GetLocation();
                if (attribute.ConstructorArguments[0].Value is not INamedTypeSymbol converter)
                {
                    continue;
                }

                ITypeSymbol? target = TargetOf(converter, converterInterface, out string whyNot);
                if (target is null)
                {
                    diagnostics.Add(Diagnostic(Diagnostics.ConverterDoesNotFit.Id, location, Name(converter), "any type", whyNot));
                    continue;
                }

                foreach ((ITypeSymbol other, INamedTypeSymbol first) in seen)
                {
                    if (SymbolEqualityComparer.Default.Equals(other, target))
                    {
                        diagnostics.Add(Diagnostic(Diagnostics.TwoConverters.Id, location, target.ToDisplayString(), Name(first), Name(converter)));
                    }
                }

                seen.Add((target, converter));
            }

            return diagnostics.ToEquatableArray();
        }
    }
}
