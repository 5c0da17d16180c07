using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace MsgPack.Spec.Generator
{
    // A [MsgPackUnion] type: its cases and tags, checked (MSPK010-MSPK017), into a UnionModel.
    internal static partial class Parser
    {
        public const string UnionAttribute = "MsgPack.Spec.Serialization.MsgPackUnionAttribute";

        public static UnionParseResult ParseUnion(GeneratorAttributeSyntaxContext context, CancellationToken cancellationToken)
        {
            var type = (INamedTypeSymbol)context.TargetSymbol;
            var declaration = (TypeDeclarationSyntax)context.TargetNode;
            var diagnostics = new List<DiagnosticInfo>();
            Location where = declaration.Identifier.GetLocation();

            var containing = new List<ContainingTypeModel>();
            bool partial = IsPartial(type);
            for (INamedTypeSymbol? outer = type.ContainingType; outer is not null; outer = outer.ContainingType)
            {
                partial &= IsPartial(outer);
                containing.Insert(0, new ContainingTypeModel(Keyword(outer), NameWithTypeParameters(outer)));
            }

            if (!partial)
            {
                diagnostics.Add(Diagnostic(Diagnostics.UnionNotPartial.Id, where, type.Name));
            }

            bool isInterface = type.TypeKind == TypeKind.Interface;
            if (!(isInterface || (type.TypeKind == TypeKind.Class && type.IsAbstract)) || type.IsGenericType)
            {
                diagnostics.Add(Diagnostic(Diagnostics.UnionNotAbstract.Id, where, type.Name));
            }

            // An interface's static members with bodies are default interface members: C# 8, and a runtime that has them
            // (not .NET Framework, not netstandard2.0).
            var compilation = (CSharpCompilation)context.SemanticModel.Compilation;
            int languageVersion = (int)compilation.LanguageVersion.MapSpecifiedToEffectiveVersion();
            if (isInterface && (languageVersion < 800 || !SupportsDefaultInterfaceMembers(compilation)))
            {
                diagnostics.Add(Diagnostic(Diagnostics.InterfaceUnionUnsupported.Id, where, type.Name));
            }

            INamedTypeSymbol? contract = languageVersion >= 1100 ? compilation.GetTypeByMetadataName(SerializableInterface) : null;

            // The cases, in declaration order (the attributes' order in the source).
            var cases = new List<(INamedTypeSymbol Type, int? Integer, string? Text, Location? Location)>();
            foreach (AttributeData attribute in context.Attributes)
            {
                cancellationToken.ThrowIfCancellationRequested();
                Location? location = attribute.ApplicationSyntaxReference?.GetSyntax(cancellationToken).GetLocation() ?? where;
                if (attribute.ConstructorArguments.Length != 2 || attribute.ConstructorArguments[1].Value is not INamedTypeSymbol caseType
                    || caseType.TypeKind == TypeKind.Error)
                {
                    // typeof of an unknown type: the compiler reports it.
                    continue;
                }

                object? tag = attribute.ConstructorArguments[0].Value;
                if (tag is not int && tag is not string)
                {
                    continue;
                }

                if (!IsDerivedFrom(caseType, type))
                {
                    diagnostics.Add(Diagnostic(Diagnostics.CaseNotDerived.Id, location, caseType.Name, type.Name));
                }
                else if (!IsSerializableType(caseType, contract))
                {
                    diagnostics.Add(Diagnostic(Diagnostics.CaseNotSerializable.Id, location, caseType.Name, type.Name));
                }

                foreach (var earlier in cases)
                {
                    if (SymbolEqualityComparer.Default.Equals(earlier.Type, caseType))
                    {
                        diagnostics.Add(Diagnostic(Diagnostics.DuplicateCase.Id, location, caseType.Name, type.Name));
                    }
                    else if (Equals(earlier.Integer, tag as int?) && Equals(earlier.Text, tag as string))
                    {
                        string shown = tag is string text ? "\"" + text + "\"" : ((int)tag).ToString(System.Globalization.CultureInfo.InvariantCulture);
                        diagnostics.Add(Diagnostic(Diagnostics.DuplicateTag.Id, location, earlier.Type.Name, caseType.Name, type.Name, shown));
                    }
                }

                cases.Add((caseType, tag as int?, tag as string, location));
            }

            bool stringTags = cases.Count > 0 && cases[0].Text is not null;
            if (cases.Any(c => (c.Text is not null) != stringTags))
            {
                diagnostics.Add(Diagnostic(Diagnostics.MixedTags.Id, where, type.Name));
            }

            if (diagnostics.Count > 0)
            {
                return new UnionParseResult(null, diagnostics.ToEquatableArray());
            }

            // The order a value is tested in: a case derived from other cases before them (it is one of them too, and
            // the more derived case is the one written). The number of other cases a case derives from orders them so; a
            // stable sort keeps the declaration order among the rest.
            var ordered = cases
                .OrderByDescending(c => cases.Count(other => !SymbolEqualityComparer.Default.Equals(other.Type, c.Type) && IsDerivedFrom(c.Type, other.Type)))
                .Select(c => new UnionCaseModel(
                    c.Type.ToDisplayString(FullyQualified),
                    c.Integer,
                    c.Text,
                    new EquatableArray<byte>(new byte[] { 0x92 }.Concat(c.Text is not null ? EncodeKey(c.Text) : EncodeTag(c.Integer!.Value)).ToArray()),
                    IsGenerated(c.Type)))
                .ToEquatableArray();

            string? ns = type.ContainingNamespace.IsGlobalNamespace ? null : type.ContainingNamespace.ToDisplayString();
            string hintName = type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat).Replace("global::", string.Empty) + ".MsgPackUnion.g.cs";

            // An interface does not implement IMsgPackSerializable<T>: every class implementing the union would then have to
            // implement it for the interface, and an interface with static abstract members is not a type argument.
            var model = new TypeModel(hintName, ns, containing.ToEquatableArray(), Keyword(type), type.Name,
                type.ToDisplayString(FullyQualified), IsValueType: false, IsMap: false, IntegerKeys: false,
                EquatableArray<MemberModel>.Empty, ConstructorParameterCount: 0, compilation.Options.AllowUnsafe, languageVersion,
                ImplementsSerializable: contract is not null && !isInterface, HidesInherited: HasGeneratedBase(type));
            return new UnionParseResult(new UnionModel(model, stringTags, ordered), EquatableArray<DiagnosticInfo>.Empty);
        }

        /// <summary>
        /// Whether the runtime has default interface members: its core library says so with
        /// RuntimeFeature.DefaultImplementationsOfInterfaces, as the compiler itself checks.
        /// </summary>
        private static bool SupportsDefaultInterfaceMembers(Compilation compilation) =>
            compilation.GetSpecialType(SpecialType.System_Object).ContainingAssembly
                .GetTypeByMetadataName("System.Runtime.CompilerServices.RuntimeFeature")?
                .GetMembers("DefaultImplementationsOfInterfaces").Length > 0;

        /// <summary>Whether the type has [MsgPackUnion] cases (and so the generated union members).</summary>
        private static bool IsUnion(INamedTypeSymbol type) =>
            type.OriginalDefinition.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == UnionAttribute);

        /// <summary>Whether the type's members are generated ([MsgPackObject], [MsgPackUnion]): it has the generated status read, <c>TryRead(ref reader, depth, out value, ref failure)</c>.</summary>
        private static bool IsGenerated(INamedTypeSymbol type) =>
            IsUnion(type) || type.OriginalDefinition.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == ObjectAttribute);

        /// <summary>Whether a base class is a generated type, whose static members the type's own hide.</summary>
        private static bool HasGeneratedBase(INamedTypeSymbol type)
        {
            for (INamedTypeSymbol? current = type.BaseType; current is not null; current = current.BaseType)
            {
                if (IsUnion(current) || current.OriginalDefinition.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == ObjectAttribute))
                {
                    return true;
                }
            }

            return false;
        }

        /// <summary>Whether <paramref name="type"/> derives from the class <paramref name="other"/> or implements the interface.</summary>
        private static bool IsDerivedFrom(INamedTypeSymbol type, INamedTypeSymbol other)
        {
            if (other.TypeKind == TypeKind.Interface)
            {
                return type.AllInterfaces.Contains(other, SymbolEqualityComparer.Default);
            }

            for (INamedTypeSymbol? current = type.BaseType; current is not null; current = current.BaseType)
            {
                if (SymbolEqualityComparer.Default.Equals(current, other))
                {
                    return true;
                }
            }

            return false;
        }

        /// <summary>A case's own serializer: generated ([MsgPackObject], [MsgPackUnion]) or hand-written (the contract).</summary>
        private static bool IsSerializableType(INamedTypeSymbol type, INamedTypeSymbol? contract) =>
            (type.TypeKind is TypeKind.Class or TypeKind.Struct && !type.IsAbstract
                && type.OriginalDefinition.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == ObjectAttribute))
            || IsUnion(type)
            || (contract is not null && type.AllInterfaces.Any(i =>
                SymbolEqualityComparer.Default.Equals(i.OriginalDefinition, contract) && SymbolEqualityComparer.Default.Equals(i.TypeArguments[0], type)));

        /// <summary>An integer tag as written: its smallest form, as MessagePack-CSharp's and Nerdbank's writers do.</summary>
        private static byte[] EncodeTag(int tag) => tag switch
        {
            >= 0 => EncodeIntegerKey(tag),
            >= -32 => new[] { (byte)tag },
            >= sbyte.MinValue => new byte[] { 0xd0, (byte)tag },
            >= short.MinValue => new byte[] { 0xd1, (byte)(tag >> 8), (byte)tag },
            _ => new byte[] { 0xd2, (byte)(tag >> 24), (byte)(tag >> 16), (byte)(tag >> 8), (byte)tag },
        };
    }
}
