using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace MsgPack.Spec.Generator
{
    // The BCL types that are not MessagePack types: scalars with a wire form chosen for interop, sets, immutable
    // collections, memory of numbers, KeyValuePair and value tuples (docs/serialization.md, "Type mapping").
    internal static partial class Parser
    {
        /// <summary>The library's class of helpers for generated code: its members tell which BCL types the referenced build writes (<see cref="Scope.Helpers"/>).</summary>
        internal const string SerializationHelpers = "MsgPack.Spec.Serialization.MsgPackSerialization";

        /// <summary>What takes an ImmutableArray's array and makes one of an array, both without a copy (<see cref="Scope.HasImmutableArrayMarshal"/>).</summary>
        internal const string ImmutableArrayMarshal = "System.Runtime.InteropServices.ImmutableCollectionsMarshal";

        /// <summary>Makes a value model of the type being classified (GetValue's own factory, so that nullability and names stay its).</summary>
        private delegate ValueModel ValueFactory(ValueKind kind, ValueKind underlying, CollectionShape shape, ValueModel? element, ValueModel? key);

        /// <summary>The scalars by their definition, and the member of MsgPackSerialization each needs (null: none, or one on every target).</summary>
        private static readonly Dictionary<string, (ValueKind Kind, string? Helper)> BclScalars = new Dictionary<string, (ValueKind, string?)>
        {
            ["decimal"] = (ValueKind.Decimal, null),
            ["char"] = (ValueKind.Char, null),
            ["System.TimeSpan"] = (ValueKind.TimeSpan, null),
            ["System.DateOnly"] = (ValueKind.DateOnly, null),
            ["System.TimeOnly"] = (ValueKind.TimeOnly, null),
            ["System.Half"] = (ValueKind.Half, null),
            ["System.Uri"] = (ValueKind.Uri, null),
            ["System.Version"] = (ValueKind.Version, null),

            // The library has these only in its .NET 8 builds: netstandard2.0 has no Int128, and no BigInteger.TryWriteBytes
            // to write one without allocating.
            ["System.Int128"] = (ValueKind.Int128, "WriteInt128"),
            ["System.UInt128"] = (ValueKind.UInt128, "WriteUInt128"),
            ["System.Numerics.BigInteger"] = (ValueKind.BigInteger, "WriteBigInteger"),
        };

        private static readonly Dictionary<string, CollectionShape> BclCollections = new Dictionary<string, CollectionShape>
        {
            ["System.Collections.Generic.HashSet<T>"] = CollectionShape.Set,
            ["System.Collections.Generic.ISet<T>"] = CollectionShape.SetInterface,
            ["System.Collections.Generic.IReadOnlySet<T>"] = CollectionShape.SetInterface,
            ["System.Collections.Immutable.ImmutableArray<T>"] = CollectionShape.ImmutableArray,
            ["System.Collections.Immutable.ImmutableList<T>"] = CollectionShape.ImmutableList,
            ["System.Collections.Immutable.ImmutableDictionary<TKey, TValue>"] = CollectionShape.ImmutableDictionary,
            ["System.Collections.Generic.KeyValuePair<TKey, TValue>"] = CollectionShape.KeyValuePair,
        };

        /// <summary>Whether GetBclValue decides the type (ReadOnlyMemory&lt;byte&gt; and Memory&lt;byte&gt; stay bin, decided in GetValue).</summary>
        private static bool IsBclType(INamedTypeSymbol named, string definition) =>
            BclScalars.ContainsKey(definition)
            || BclCollections.ContainsKey(definition)
            || IsValueTuple(named)
            || (definition is "System.ReadOnlyMemory<T>" or "System.Memory<T>" && named.TypeArguments[0].SpecialType != SpecialType.System_Byte);

        /// <summary>The value model of a BCL type (<see cref="IsBclType"/>), or null when it cannot be written (<see cref="WhyUnsupported"/> says why).</summary>
        private static ValueModel? GetBclValue(INamedTypeSymbol named, string definition, ValueFactory make, Scope scope)
        {
            if (BclScalars.TryGetValue(definition, out (ValueKind Kind, string? Helper) scalar))
            {
                return scalar.Helper is null || HasHelper(scope.Helpers, scalar.Helper) ? make(scalar.Kind, ValueKind.Boolean, CollectionShape.None, null, null) : null;
            }

            if (definition is "System.ReadOnlyMemory<T>" or "System.Memory<T>")
            {
                return ScalarKind(named.TypeArguments[0]) is { } number && IsBulkElement(number)
                    ? make(ValueKind.NumberMemory, number, CollectionShape.None, null, null)
                    : null;
            }

            // A tuple's items: Item1 ... Item7 and Rest (itself a tuple), or a pair's key and value.
            if (IsValueTuple(named) || definition == "System.Collections.Generic.KeyValuePair<TKey, TValue>")
            {
                var items = new List<ValueModel>(named.TypeArguments.Length);
                foreach (ITypeSymbol argument in named.TypeArguments)
                {
                    ValueModel? item = GetValue(argument, isKey: false, scope);
                    if (item is null)
                    {
                        return null;
                    }

                    items.Add(item);
                }

                CollectionShape tuple = IsValueTuple(named) ? CollectionShape.ValueTuple : CollectionShape.KeyValuePair;
                return make(ValueKind.Tuple, ValueKind.Boolean, tuple, null, null) with { Items = items.ToEquatableArray() };
            }

            CollectionShape shape = BclCollections[definition];
            if (shape == CollectionShape.ImmutableDictionary)
            {
                ValueModel? key = GetValue(named.TypeArguments[0], isKey: true, scope);
                ValueModel? value = GetValue(named.TypeArguments[1], isKey: false, scope);
                return key is null || value is null ? null : make(ValueKind.Dictionary, ValueKind.Boolean, shape, value, key);
            }

            ValueModel? element = GetValue(named.TypeArguments[0], isKey: false, scope);
            if (element is null)
            {
                return null;
            }

            // An ImmutableArray of numbers takes the bulk doors where the project can lend them its array; elsewhere
            // (netstandard2.0 without System.Collections.Immutable 8) it goes element by element.
            if (shape == CollectionShape.ImmutableArray && scope.HasImmutableArrayMarshal
                && ScalarKind(named.TypeArguments[0]) is { } elementKind && IsBulkElement(elementKind))
            {
                return make(ValueKind.Collection, elementKind, shape, element, null) with { IsBulk = true };
            }

            return make(ValueKind.Collection, ValueKind.Boolean, shape, element, null);
        }

        /// <summary>The element kinds the library's bulk array doors read and write (byte is bin, decided elsewhere).</summary>
        private static bool IsBulkElement(ValueKind kind) =>
            kind is ValueKind.Boolean or ValueKind.SByte or ValueKind.Int16 or ValueKind.UInt16 or ValueKind.Int32
                or ValueKind.UInt32 or ValueKind.Int64 or ValueKind.UInt64 or ValueKind.Single or ValueKind.Double;

        /// <summary>System.ValueTuple of 1 to 8 type arguments (C#'s tuples; the eighth is the rest, a tuple itself).</summary>
        private static bool IsValueTuple(INamedTypeSymbol named) =>
            named.IsValueType && named.Arity > 0 && named.Name == "ValueTuple"
            && named.ContainingNamespace is { Name: "System", ContainingNamespace.IsGlobalNamespace: true };

        private static bool HasHelper(INamedTypeSymbol? helpers, string name) => helpers is not null && !helpers.GetMembers(name).IsEmpty;

        /// <summary>
        /// Why a member's type cannot be written, for MSPK002: the first part of it (the type, its element, key or item)
        /// that the generator refuses, and the reason when there is one beyond "not a supported type".
        /// </summary>
        private static string WhyUnsupported(ITypeSymbol type, Scope scope)
        {
            if (type is IArrayTypeSymbol array)
            {
                return array.Rank != 1
                    ? "multi-dimensional arrays are not supported (an array of arrays is)"
                    : WhyUnsupported(array.ElementType, scope);
            }

            if (type is not INamedTypeSymbol named)
            {
                return "'" + type.ToDisplayString() + "' is not a supported type";
            }

            string definition = named.OriginalDefinition.ToDisplayString();
            if (BclScalars.TryGetValue(definition, out (ValueKind Kind, string? Helper) scalar) && scalar.Helper is not null && !HasHelper(scope.Helpers, scalar.Helper))
            {
                return "'" + named.ToDisplayString() + "' needs the .NET 8 or later build of MsgPack.Spec, and this project gets its netstandard2.0 build";
            }

            if (definition is "System.ReadOnlyMemory<T>" or "System.Memory<T>")
            {
                return "ReadOnlyMemory<T> and Memory<T> are written only of byte (bin), bool and numbers (arrays); use T[] or List<T> for other elements";
            }

            if (definition == "System.Collections.Generic.IEnumerable<T>")
            {
                return "IEnumerable<T> has no count to write before its items; use a collection (IReadOnlyCollection<T>, List<T>, T[])";
            }

            // The part that fails is inside: a collection's element, a dictionary's key or value, a tuple's item.
            // (A type parameter's own rule is MSPK008's.)
            bool dictionary = definition.EndsWith("Dictionary<TKey, TValue>", StringComparison.Ordinal);
            for (int i = 0; i < named.TypeArguments.Length; i++)
            {
                ITypeSymbol argument = named.TypeArguments[i];
                bool isKey = dictionary && i == 0;
                if (isKey && argument.SpecialType == SpecialType.System_Object)
                {
                    return "object is written by its runtime type as a value, not as a dictionary's key";
                }

                if (argument is not ITypeParameterSymbol && GetValue(argument, isKey, scope) is null)
                {
                    return WhyUnsupported(argument, scope);
                }
            }

            return "'" + named.ToDisplayString() + "' is not a supported type";
        }
    }
}
