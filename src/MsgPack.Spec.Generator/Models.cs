using System;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace MsgPack.Spec.Generator
{
    // The parser's output: small values with value equality, holding no symbol, syntax node or compilation, so that an
    // edit that does not change a model leaves every step after the parser cached.

    /// <summary>What the generated code does with a member's value.</summary>
    internal enum MemberKind
    {
        Boolean,
        SByte,
        Byte,
        Int16,
        UInt16,
        Int32,
        UInt32,
        Int64,
        UInt64,
        Single,
        Double,
        String,

        /// <summary>A type with its own generated members ([MsgPackObject]).</summary>
        Object,
    }

    /// <summary>A type that encloses the generated one, to be reopened as partial.</summary>
    internal sealed record ContainingTypeModel(string Keyword, string Name);

    /// <summary>One serialized member.</summary>
    /// <param name="Name">The member's name in C#.</param>
    /// <param name="TypeName">The member's type, fully qualified, without the nullable marker (for Object: the generated type).</param>
    /// <param name="Kind">What is written.</param>
    /// <param name="IsNullableValue">The member is <c>Nullable&lt;T&gt;</c> of the kind.</param>
    /// <param name="IsReference">The kind's type is a reference type (string, a class).</param>
    /// <param name="AcceptsNil">Reading nil sets the member to null (Nullable&lt;T&gt;, or a reference annotated nullable).</param>
    /// <param name="Index">The index in an array layout; -1 in a map layout.</param>
    /// <param name="Key">The key in a map layout; null in an array layout.</param>
    /// <param name="EncodedKey">The key as written: str header and UTF-8 (map layout).</param>
    /// <param name="ParameterIndex">The constructor parameter the member is passed as; -1 when the member is set.</param>
    /// <param name="ParameterDefault">The parameter's explicit default as a C# expression, passed when the member is missing; null for <c>default</c>.</param>
    internal sealed record MemberModel(
        string Name,
        string TypeName,
        MemberKind Kind,
        bool IsNullableValue,
        bool IsReference,
        bool AcceptsNil,
        int Index,
        string? Key,
        EquatableArray<byte> EncodedKey,
        int ParameterIndex,
        string? ParameterDefault);

    /// <summary>One [MsgPackObject] type, ready to emit.</summary>
    internal sealed record TypeModel(
        string HintName,
        string? Namespace,
        EquatableArray<ContainingTypeModel> ContainingTypes,
        string Keyword,
        string Name,
        string FullName,
        bool IsValueType,
        bool IsMap,
        EquatableArray<MemberModel> Members,
        int ConstructorParameterCount);

    /// <summary>A diagnostic's place, as values (a Location holds its syntax tree).</summary>
    internal sealed record LocationInfo(string FilePath, TextSpan Span, LinePositionSpan LineSpan)
    {
        public Location ToLocation() => Location.Create(FilePath, Span, LineSpan);

        public static LocationInfo? From(Location? location) =>
            location is null || location.SourceTree is null
                ? null
                : new LocationInfo(location.SourceTree.FilePath, location.SourceSpan, location.GetLineSpan().Span);
    }

    /// <summary>A diagnostic, as values.</summary>
    internal sealed record DiagnosticInfo(string Id, LocationInfo? Location, EquatableArray<string> Arguments)
    {
        public Diagnostic ToDiagnostic()
        {
            DiagnosticDescriptor descriptor = Diagnostics.ById(Id);
            object[] arguments = new object[Arguments.Count];
            for (int i = 0; i < arguments.Length; i++)
            {
                arguments[i] = Arguments[i];
            }

            return Diagnostic.Create(descriptor, Location?.ToLocation(), arguments);
        }
    }

    /// <summary>The parser's result for one attributed type: a model (null when the type cannot be generated) and its diagnostics.</summary>
    internal sealed record ParseResult(TypeModel? Model, EquatableArray<DiagnosticInfo> Diagnostics);

    internal static class EquatableArrayExtensions
    {
        public static EquatableArray<T> ToEquatableArray<T>(this System.Collections.Generic.IEnumerable<T> items)
            where T : IEquatable<T> => new EquatableArray<T>(System.Linq.Enumerable.ToArray(items));
    }
}
