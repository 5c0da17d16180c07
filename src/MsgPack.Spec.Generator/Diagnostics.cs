using System;
using Microsoft.CodeAnalysis;

namespace MsgPack.Spec.Generator
{
    /// <summary>The generator's diagnostics (docs/generator.md lists them with examples).</summary>
    internal static class Diagnostics
    {
        private const string Category = "MsgPack.Spec.Generator";

        public static readonly DiagnosticDescriptor NotPartial = new DiagnosticDescriptor(
            "MSPK001", "Type must be partial",
            "The [MsgPackObject] type '{0}' and every type that contains it must be declared partial",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor UnsupportedMemberType = new DiagnosticDescriptor(
            "MSPK002", "Member type is not supported",
            "The member '{0}' has the type '{1}', which the generator does not write: {2}",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor DuplicateKey = new DiagnosticDescriptor(
            "MSPK003", "Duplicate key",
            "The members '{0}' and '{1}' have the same key {2}",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor NoUsableConstructor = new DiagnosticDescriptor(
            "MSPK004", "No usable constructor",
            "The type '{0}' has no constructor the generated reader can call: {1}",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor MissingKey = new DiagnosticDescriptor(
            "MSPK005", "Member has no key",
            "The public member '{0}' has neither [MsgPackKey] nor [MsgPackIgnore]",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor KeyDoesNotMatchLayout = new DiagnosticDescriptor(
            "MSPK006", "Key does not match the layout",
            "The member '{0}' needs {1} in the {2} layout",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor MemberNotSettable = new DiagnosticDescriptor(
            "MSPK007", "Member cannot be read or set",
            "The member '{0}' must have a getter and a setter (or be a non-readonly field), or be a parameter of the constructor the reader calls",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor UnconstrainedTypeParameter = new DiagnosticDescriptor(
            "MSPK008", "Type parameter is not serializable",
            "The member '{0}' has the type parameter '{1}', which must be constrained to IMsgPackSerializable<{1}> (C# 11 or later, .NET 8 or later)",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        // Unions (MSPK010-MSPK019).
        public static readonly DiagnosticDescriptor UnionNotPartial = new DiagnosticDescriptor(
            "MSPK010", "Union must be partial",
            "The [MsgPackUnion] type '{0}' and every type that contains it must be declared partial",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor UnionNotAbstract = new DiagnosticDescriptor(
            "MSPK011", "Union must be an abstract class or an interface",
            "The [MsgPackUnion] type '{0}' must be an abstract class or an interface that is not generic",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor CaseNotDerived = new DiagnosticDescriptor(
            "MSPK012", "Union case is not derived from the union",
            "The case '{0}' of the union '{1}' neither derives from it nor implements it",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor CaseNotSerializable = new DiagnosticDescriptor(
            "MSPK013", "Union case is not serializable",
            "The case '{0}' of the union '{1}' must be a [MsgPackObject] type, a [MsgPackUnion] type, or implement IMsgPackSerializable of itself",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor DuplicateTag = new DiagnosticDescriptor(
            "MSPK014", "Duplicate union tag",
            "The cases '{0}' and '{1}' of the union '{2}' have the same tag {3}",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor DuplicateCase = new DiagnosticDescriptor(
            "MSPK015", "Duplicate union case",
            "The type '{0}' is listed more than once as a case of the union '{1}'",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor MixedTags = new DiagnosticDescriptor(
            "MSPK016", "Integer and string tags in one union",
            "The union '{0}' has integer and string tags: its tags must be all integers or all strings",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor InterfaceUnionUnsupported = new DiagnosticDescriptor(
            "MSPK017", "Interface union needs default interface members",
            "The union '{0}' is an interface, whose generated static members need C# 8 and a runtime with default interface members (.NET Core 3.0 or later); make it an abstract class for this target",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor ConverterDoesNotFit = new DiagnosticDescriptor(
            "MSPK020", "Converter does not fit",
            "The converter '{0}' cannot convert '{1}': {2}",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static readonly DiagnosticDescriptor TwoConverters = new DiagnosticDescriptor(
            "MSPK021", "Two converters for one type",
            "'{0}' has two converters, '{1}' and '{2}': keep one",
            Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

        public static DiagnosticDescriptor ById(string id) => id switch
        {
            "MSPK001" => NotPartial,
            "MSPK002" => UnsupportedMemberType,
            "MSPK003" => DuplicateKey,
            "MSPK004" => NoUsableConstructor,
            "MSPK005" => MissingKey,
            "MSPK006" => KeyDoesNotMatchLayout,
            "MSPK007" => MemberNotSettable,
            "MSPK008" => UnconstrainedTypeParameter,
            "MSPK010" => UnionNotPartial,
            "MSPK011" => UnionNotAbstract,
            "MSPK012" => CaseNotDerived,
            "MSPK013" => CaseNotSerializable,
            "MSPK014" => DuplicateTag,
            "MSPK015" => DuplicateCase,
            "MSPK016" => MixedTags,
            "MSPK017" => InterfaceUnionUnsupported,
            "MSPK020" => ConverterDoesNotFit,
            "MSPK021" => TwoConverters,
            _ => throw new ArgumentOutOfRangeException(nameof(id), id, null),
        };
    }
}
