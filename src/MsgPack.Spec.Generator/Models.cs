using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace MsgPack.Spec.Generator
{
    // The parser's output: small values with value equality, holding no symbol, syntax node or compilation, so that an
    // edit that does not change a model leaves every step after the parser cached.

    /// <summary>What the generated code does with a value (a member's, or a collection's element, key or value).</summary>
    internal enum ValueKind
    {
        // MessagePack scalars: writer.Write{Kind}, MsgPackSpec.Write{Kind}, cursor.Read{Kind}.
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

        /// <summary>The library's Timestamp: the timestamp extension.</summary>
        Timestamp,

        /// <summary>DateTime: the timestamp extension of its UTC instant (Local converted, Unspecified taken as UTC).</summary>
        DateTime,

        /// <summary>DateTimeOffset: the timestamp extension of its UTC instant (the offset is not kept).</summary>
        DateTimeOffset,

        /// <summary>Guid: the str of its "D" form.</summary>
        Guid,

        /// <summary>An enum: its underlying integer (<see cref="ValueModel.Underlying"/>).</summary>
        Enum,

        /// <summary>byte[]: bin.</summary>
        Binary,

        /// <summary>ReadOnlyMemory&lt;byte&gt; or Memory&lt;byte&gt;: bin.</summary>
        BinaryMemory,

        /// <summary>A type with its own generated members ([MsgPackObject]).</summary>
        Object,

        /// <summary>T[] of a number or bool: the library's bulk array doors.</summary>
        NumberArray,

        /// <summary>T[], List&lt;T&gt; or a list interface: an array of the elements (<see cref="ValueModel.Element"/>).</summary>
        Collection,

        /// <summary>Dictionary&lt;TKey, TValue&gt; or a dictionary interface: a map (<see cref="ValueModel.Key"/> to <see cref="ValueModel.Element"/>).</summary>
        Dictionary,

        /// <summary>A custom converter's ([MsgPackConverter]): <see cref="ValueModel.Converter"/>, a struct called as <c>default(TConverter)</c>.</summary>
        Converter,

        // The BCL types that are not MessagePack types (docs/serialization.md, "Interoperability"): MessagePack-CSharp's
        // form where the peers differ; the library's MsgPackSerialization reads every peer's form it can tell apart.

        /// <summary>decimal: the str of its invariant text; read also from Nerdbank's ext 4.</summary>
        Decimal,

        /// <summary>TimeSpan: its ticks, an integer.</summary>
        TimeSpan,

        /// <summary>DateOnly: its day number, an integer.</summary>
        DateOnly,

        /// <summary>TimeOnly: its ticks since midnight, an integer.</summary>
        TimeOnly,

        /// <summary>char: its UTF-16 unit, an integer.</summary>
        Char,

        /// <summary>Half: float 32.</summary>
        Half,

        /// <summary>Int128: bin of 16 bytes, little endian; read also from Nerdbank's integer or ext 5.</summary>
        Int128,

        /// <summary>UInt128: bin of 16 bytes, little endian; read also from Nerdbank's integer or ext 6.</summary>
        UInt128,

        /// <summary>BigInteger: bin of its bytes, little endian; read also from Nerdbank's integer or ext 3.</summary>
        BigInteger,

        /// <summary>Uri: the str of its original text.</summary>
        Uri,

        /// <summary>Version: the str of its text.</summary>
        Version,

        /// <summary>ReadOnlyMemory&lt;T&gt; or Memory&lt;T&gt; of a number or bool: the bulk array doors over its span (<see cref="ValueModel.Underlying"/>).</summary>
        NumberMemory,

        /// <summary>A value tuple or a KeyValuePair: an array of its items (<see cref="ValueModel.Items"/>); a KeyValuePair read also from Nerdbank's map.</summary>
        Tuple,

        /// <summary>
        /// object: written by its runtime type (a type generated in the assembly by its own writer, anything else by
        /// MsgPackDynamic), read as MsgPackDynamic's shapes (MessagePack-CSharp's for object); nil is null.
        /// </summary>
        Dynamic,

        /// <summary>MsgPackElement: its bytes as they are; read as a copy of the next value that needs no document.</summary>
        Element,

        /// <summary>MsgPackDocument: its bytes as they are; read as a document of its own over a pooled copy.</summary>
        Document,
    }

    /// <summary>How a collection is held, which decides how it is walked and what is created when it is read.</summary>
    internal enum CollectionShape
    {
        None,

        /// <summary>T[]: indexed, created as an array.</summary>
        Array,

        /// <summary>List&lt;T&gt;: indexed, created as a list.</summary>
        List,

        /// <summary>IList&lt;T&gt; or IReadOnlyList&lt;T&gt;: indexed through the interface, created as a List&lt;T&gt;.</summary>
        IndexedInterface,

        /// <summary>ICollection&lt;T&gt;, IReadOnlyCollection&lt;T&gt; or IEnumerable&lt;T&gt;... with a Count: enumerated, created as a List&lt;T&gt;.</summary>
        CountedInterface,

        /// <summary>Dictionary&lt;TKey, TValue&gt;: enumerated without allocation, created as a dictionary.</summary>
        Dictionary,

        /// <summary>IDictionary&lt;TKey, TValue&gt; or IReadOnlyDictionary&lt;TKey, TValue&gt;: enumerated, created as a Dictionary.</summary>
        DictionaryInterface,

        /// <summary>HashSet&lt;T&gt;: enumerated without allocation, created as a set; a repeated element fails.</summary>
        Set,

        /// <summary>ISet&lt;T&gt; or IReadOnlySet&lt;T&gt;: enumerated (a HashSet without allocation), created as a HashSet.</summary>
        SetInterface,

        /// <summary>ImmutableArray&lt;T&gt;: indexed; default (no array) is nil; created through a builder of its count (of numbers, where <see cref="ValueModel.IsBulk"/>: the bulk doors over its array).</summary>
        ImmutableArray,

        /// <summary>ImmutableList&lt;T&gt;: enumerated with its struct enumerator, created through a builder.</summary>
        ImmutableList,

        /// <summary>ImmutableDictionary&lt;TKey, TValue&gt;: enumerated with its struct enumerator, created through a builder.</summary>
        ImmutableDictionary,

        /// <summary>ValueTuple&lt;T1, ...&gt;: Item1 ... Item7, then Rest (a tuple itself, nested as MessagePack-CSharp nests it).</summary>
        ValueTuple,

        /// <summary>KeyValuePair&lt;TKey, TValue&gt;: Key, Value.</summary>
        KeyValuePair,
    }

    /// <summary>A value's type as the emitter needs it.</summary>
    /// <param name="Kind">What is written.</param>
    /// <param name="TypeName">The type, fully qualified, without nullable markers (for Nullable&lt;T&gt;: T).</param>
    /// <param name="IsNullableValue">The type is <c>Nullable&lt;T&gt;</c> of the kind.</param>
    /// <param name="IsReference">The type is a reference type (string, a class, an array, a collection).</param>
    /// <param name="AcceptsNil">Reading nil gives null (Nullable&lt;T&gt;, or a reference annotated nullable or in an oblivious context).</param>
    /// <param name="Underlying">An enum's underlying integer kind; a number array's element kind (also of a bulk <c>ImmutableArray</c>, <paramref name="IsBulk"/>).</param>
    /// <param name="Shape">A collection's shape.</param>
    /// <param name="IsTypeParameter">A type parameter of the generated type (null is <c>default</c>, and it is checked for null unless it is a struct).</param>
    /// <param name="Element">A collection's element, or a dictionary's value.</param>
    /// <param name="Key">A dictionary's key.</param>
    /// <param name="Converter">The custom converter's type, closed and fully qualified (<see cref="ValueKind.Converter"/>).</param>
    /// <param name="Items">A tuple's items, in order (<see cref="ValueKind.Tuple"/>).</param>
    /// <param name="IsBulk">
    /// An <c>ImmutableArray</c> of a number or bool written and read through the bulk array doors over its array: the
    /// project has <c>ImmutableCollectionsMarshal</c> (.NET 8, or System.Collections.Immutable 8) to take that array
    /// and to give one back without a copy; elsewhere it goes element by element.
    /// </param>
    /// <param name="HasStatusRead">
    /// The value is read through its own status read, called by name: a generated type's or union's static
    /// <c>TryRead(ref reader, depth, out value, ref failure)</c>, or a custom converter's own <c>TryRead</c>. Otherwise a
    /// hand-written type of the contract (or a type parameter) is read through the contract's <c>TryRead</c>, and a
    /// converter without one through its <c>Read</c> in a try.
    /// </param>
    internal sealed record ValueModel(
        ValueKind Kind,
        string TypeName,
        bool IsNullableValue,
        bool IsReference,
        bool AcceptsNil,
        ValueKind Underlying,
        CollectionShape Shape,
        ValueModel? Element,
        ValueModel? Key,
        bool IsTypeParameter = false,
        string? Converter = null,
        EquatableArray<ValueModel> Items = default,
        bool IsBulk = false,
        bool HasStatusRead = false)
    {
        /// <summary>Whether the value is <c>object</c>, or holds one (an element, a dictionary's value, a tuple's item).</summary>
        public bool UsesDynamic =>
            Kind == ValueKind.Dynamic || (Element?.UsesDynamic ?? false) || (Key?.UsesDynamic ?? false) || Items.Any(i => i.UsesDynamic);
    }

    /// <summary>A type that encloses the generated one, to be reopened as partial.</summary>
    internal sealed record ContainingTypeModel(string Keyword, string Name);

    /// <summary>How the reader gives a member its value.</summary>
    internal enum MemberSetting
    {
        /// <summary>Assigned after construction (a settable property or field).</summary>
        Set,

        /// <summary>Passed to the constructor.</summary>
        Constructor,

        /// <summary>Given in the object initializer: an init-only or required member.</summary>
        Initializer,
    }

    /// <summary>One serialized member.</summary>
    /// <param name="Name">The member's name in C#.</param>
    /// <param name="Value">The member's type.</param>
    /// <param name="Index">The index in an array layout, the key in a map of integer keys; -1 in a map of names.</param>
    /// <param name="Key">The key in a map of names; null otherwise.</param>
    /// <param name="EncodedKey">The key as written in a map layout: str header and UTF-8, or the integer's smallest form.</param>
    /// <param name="Setting">How the reader gives the member its value.</param>
    /// <param name="IsRequired">The member is <c>required</c>: reading fails without it.</param>
    /// <param name="ParameterIndex">The constructor parameter the member is passed as; -1 otherwise.</param>
    /// <param name="ParameterDefault">The parameter's explicit default as a C# expression, passed when the member is missing; null for <c>default</c>.</param>
    internal sealed record MemberModel(
        string Name,
        ValueModel Value,
        int Index,
        string? Key,
        EquatableArray<byte> EncodedKey,
        MemberSetting Setting,
        bool IsRequired,
        int ParameterIndex,
        string? ParameterDefault);

    /// <summary>One [MsgPackObject] type, ready to emit.</summary>
    /// <param name="IsMap">A map layout (else an array).</param>
    /// <param name="IntegerKeys">A map layout whose keys are integers (<see cref="MemberModel.Index"/>), not names.</param>
    /// <param name="AllowsUnsafe">The project allows unsafe code: the byte* doors are generated.</param>
    /// <param name="LanguageVersion">The project's C# version as a number (73 for 7.3, 80, ... 1200), for what the text may use.</param>
    /// <param name="ImplementsSerializable">The type implements IMsgPackSerializable&lt;T&gt; (C# 11 and the library's .NET 8 build).</param>
    /// <param name="HidesInherited">A base class is generated (a [MsgPackObject] or a [MsgPackUnion] type): the static members with the same signatures hide its, with <c>new</c>.</param>
    /// <param name="IsRuntimeType">
    /// A value of the type held as <c>object</c> is written by the type's own writer: a class or struct, not generic, not
    /// abstract, that code anywhere in the assembly can name (<see cref="RuntimeTypesModel"/>).
    /// </param>
    internal sealed record TypeModel(
        string HintName,
        string? Namespace,
        EquatableArray<ContainingTypeModel> ContainingTypes,
        string Keyword,
        string Name,
        string FullName,
        bool IsValueType,
        bool IsMap,
        bool IntegerKeys,
        EquatableArray<MemberModel> Members,
        int ConstructorParameterCount,
        bool AllowsUnsafe,
        int LanguageVersion,
        bool ImplementsSerializable,
        bool HidesInherited,
        bool IsRuntimeType = false)
    {
        /// <summary>Whether a member holds <c>object</c> somewhere (itself, an element, a dictionary's value, a tuple's item).</summary>
        public bool UsesDynamic => Members.Any(m => m.Value.UsesDynamic);
    }

    /// <summary>
    /// The assembly's types that a value of type <c>object</c> is written by, with their own writers: the generated
    /// ones and the hand-written ones of the contract. Emitted once (MsgPackRuntimeTypes), when a generated type has an
    /// <c>object</c> to write.
    /// </summary>
    /// <param name="TypeNames">The generated types, fully qualified, in a stable order: called by name.</param>
    /// <param name="ContractTypeNames">The hand-written types of the contract: called through it (they may implement it explicitly).</param>
    /// <param name="LanguageVersion">The project's C# version as a number (73, 80, ...).</param>
    internal sealed record RuntimeTypesModel(EquatableArray<string> TypeNames, EquatableArray<string> ContractTypeNames, int LanguageVersion);

    /// <summary>One case of a union.</summary>
    /// <param name="TypeName">The case's type, fully qualified.</param>
    /// <param name="IntegerTag">The integer tag; null for a string tag.</param>
    /// <param name="StringTag">The string tag; null for an integer tag.</param>
    /// <param name="Prefix">What is written before the case's value: the array header of two items and the tag (its smallest form, or str header and UTF-8).</param>
    /// <param name="HasStatusRead">The case is generated ([MsgPackObject] or a union): its status read is called by name; a hand-written case is read through the contract's.</param>
    internal sealed record UnionCaseModel(string TypeName, long? IntegerTag, string? StringTag, EquatableArray<byte> Prefix, bool HasStatusRead);

    /// <summary>One [MsgPackUnion] type, ready to emit.</summary>
    /// <param name="Type">The union type as the shared doors need it (no members; the abstract class's or interface's names and the project's options).</param>
    /// <param name="StringTags">The tags are strings (else integers).</param>
    /// <param name="Cases">The cases in the order a value is tested against them: a case derived from another case before it, else the declaration order.</param>
    internal sealed record UnionModel(TypeModel Type, bool StringTags, EquatableArray<UnionCaseModel> Cases);

    /// <summary>The parser's result for one union type: a model (null when it cannot be generated) and its diagnostics.</summary>
    internal sealed record UnionParseResult(UnionModel? Model, EquatableArray<DiagnosticInfo> Diagnostics);

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
