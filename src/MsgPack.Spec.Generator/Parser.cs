using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace MsgPack.Spec.Generator
{
    /// <summary>Turns one [MsgPackObject] type's symbol into a <see cref="TypeModel"/> and diagnostics. The only step that sees symbols.</summary>
    internal static partial class Parser
    {
        public const string ObjectAttribute = "MsgPack.Spec.Serialization.MsgPackObjectAttribute";
        private const string KeyAttribute = "MsgPack.Spec.Serialization.MsgPackKeyAttribute";
        private const string IgnoreAttribute = "MsgPack.Spec.Serialization.MsgPackIgnoreAttribute";
        private const string ConstructorAttribute = "MsgPack.Spec.Serialization.MsgPackConstructorAttribute";
        private const string SerializableInterface = "MsgPack.Spec.Serialization.IMsgPackSerializable`1";

        private static readonly SymbolDisplayFormat FullyQualified = SymbolDisplayFormat.FullyQualifiedFormat
            .WithMiscellaneousOptions(SymbolDisplayFormat.FullyQualifiedFormat.MiscellaneousOptions
                | SymbolDisplayMiscellaneousOptions.UseSpecialTypes
                | SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

        public static ParseResult Parse(GeneratorAttributeSyntaxContext context, CancellationToken cancellationToken)
        {
            var type = (INamedTypeSymbol)context.TargetSymbol;
            var declaration = (TypeDeclarationSyntax)context.TargetNode;
            var diagnostics = new List<DiagnosticInfo>();

            // The layout: the attribute's one constructor argument (0 = Array, 1 = Map).
            AttributeData attribute = context.Attributes[0];
            bool isMap = attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is int layout && layout == 1;

            // Every declaration from the type outwards must be partial.
            var containing = new List<ContainingTypeModel>();
            bool partial = IsPartial(type);
            for (INamedTypeSymbol? outer = type.ContainingType; outer is not null; outer = outer.ContainingType)
            {
                partial &= IsPartial(outer);
                containing.Insert(0, new ContainingTypeModel(Keyword(outer), NameWithTypeParameters(outer)));
            }

            if (!partial)
            {
                diagnostics.Add(Diagnostic(Diagnostics.NotPartial.Id, declaration.Identifier.GetLocation(), type.Name));
            }

            cancellationToken.ThrowIfCancellationRequested();

            // The members: instance fields and properties of the type and its base classes.
            var members = new List<(ISymbol Symbol, ITypeSymbol Type, int Index, string? Key, Location? Location)>();
            foreach (ISymbol member in MembersWithBases(type))
            {
                ITypeSymbol memberType = member is IFieldSymbol field ? field.Type : ((IPropertySymbol)member).Type;
                Location? location = member.Locations.FirstOrDefault();
                AttributeData? key = null;
                bool ignored = false;
                foreach (AttributeData data in member.GetAttributes())
                {
                    string? name = data.AttributeClass?.ToDisplayString();
                    if (name == KeyAttribute)
                    {
                        key = data;
                    }
                    else if (name == IgnoreAttribute)
                    {
                        ignored = true;
                    }
                }

                if (ignored)
                {
                    continue;
                }

                if (key is null)
                {
                    // A base class's public member only when it is ours to annotate (declared in source).
                    if (member.DeclaredAccessibility == Accessibility.Public && !member.DeclaringSyntaxReferences.IsEmpty)
                    {
                        diagnostics.Add(Diagnostic(Diagnostics.MissingKey.Id, location, member.Name));
                    }

                    continue;
                }

                object? argument = key.ConstructorArguments.Length == 1 ? key.ConstructorArguments[0].Value : null;
                if (argument is int negative && negative < 0)
                {
                    diagnostics.Add(Diagnostic(Diagnostics.KeyDoesNotMatchLayout.Id, location, member.Name, isMap ? "a key by name or an integer key of 0 or more" : "an index of 0 or more, [MsgPackKey(0)],", isMap ? "map" : "array"));
                    continue;
                }

                if (!isMap && argument is not int)
                {
                    diagnostics.Add(Diagnostic(Diagnostics.KeyDoesNotMatchLayout.Id, location, member.Name, "an index of 0 or more, [MsgPackKey(0)],", "array"));
                    continue;
                }

                // A map's keys are all names or all integers (the first member decides): a reader cannot mix them.
                if (isMap && members.Count > 0 && (members[0].Key is null) != (argument is int))
                {
                    diagnostics.Add(Diagnostic(Diagnostics.KeyDoesNotMatchLayout.Id, location, member.Name, members[0].Key is null ? "an integer key, as the map's first member has," : "a key by name, as the map's first member has,", "map"));
                    continue;
                }

                members.Add((member, memberType, argument is int index ? index : -1, argument as string, location));
            }

            bool integerKeys = isMap && members.Count > 0 && members[0].Key is null;

            // Duplicate keys.
            for (int i = 0; i < members.Count; i++)
            {
                for (int j = 0; j < i; j++)
                {
                    if (members[i].Index == members[j].Index && members[i].Key == members[j].Key)
                    {
                        string shown = members[i].Key is not null ? "\"" + members[i].Key + "\"" : members[i].Index.ToString(System.Globalization.CultureInfo.InvariantCulture);
                        diagnostics.Add(Diagnostic(Diagnostics.DuplicateKey.Id, members[i].Location, members[j].Symbol.Name, members[i].Symbol.Name, shown));
                    }
                }
            }

            // The contract for generic code, where the project can implement it (static abstract members: C# 11, and the
            // library's .NET 8 build); a member of a type parameter needs it.
            var compilation = (CSharpCompilation)context.SemanticModel.Compilation;
            int languageVersion = (int)compilation.LanguageVersion.MapSpecifiedToEffectiveVersion();
            INamedTypeSymbol? contract = languageVersion >= 1100 ? compilation.GetTypeByMetadataName(SerializableInterface) : null;
            var scope = new Scope(compilation, contract);

            // The constructor and the members it takes.
            IMethodSymbol? constructor = ChooseConstructor(type, out string? whyNot);
            var parameterOf = new Dictionary<ISymbol, int>(SymbolEqualityComparer.Default);
            var defaultOf = new Dictionary<ISymbol, string>(SymbolEqualityComparer.Default);
            if (constructor is not null)
            {
                for (int p = 0; p < constructor.Parameters.Length; p++)
                {
                    IParameterSymbol parameter = constructor.Parameters[p];
                    ISymbol? match = members.Select(m => m.Symbol).FirstOrDefault(s =>
                        string.Equals(s.Name, parameter.Name, StringComparison.OrdinalIgnoreCase)
                        && SymbolEqualityComparer.Default.Equals(TypeOf(s), parameter.Type));
                    if (match is null)
                    {
                        whyNot = "its parameter '" + parameter.Name + "' matches no keyed member of the same name and type";
                        constructor = null;
                        break;
                    }

                    parameterOf[match] = p;
                    if (parameter.HasExplicitDefaultValue && parameter.ExplicitDefaultValue is not null)
                    {
                        defaultOf[match] = Literal(parameter.ExplicitDefaultValue);
                    }
                }
            }

            if (constructor is null)
            {
                diagnostics.Add(Diagnostic(Diagnostics.NoUsableConstructor.Id, declaration.Identifier.GetLocation(), type.Name, whyNot ?? "none found"));
            }

            // Each member's type, and how the reader gives it its value.
            var models = new List<MemberModel>();
            foreach (var (symbol, memberType, index, key, location) in members)
            {
                cancellationToken.ThrowIfCancellationRequested();
                int parameterIndex = parameterOf.TryGetValue(symbol, out int p) ? p : -1;
                bool readable = symbol is IFieldSymbol || ((IPropertySymbol)symbol).GetMethod is not null;
                bool required = IsRequired(symbol);
                bool initOnly = symbol is IPropertySymbol { SetMethod.IsInitOnly: true };
                bool settable = symbol is IFieldSymbol f
                    ? !f.IsReadOnly && !f.IsConst
                    : ((IPropertySymbol)symbol).SetMethod is IMethodSymbol setter && Reaches(setter, type);
                if (!readable || !Reaches(symbol, type) || (!settable && parameterIndex < 0))
                {
                    diagnostics.Add(Diagnostic(Diagnostics.MemberNotSettable.Id, location, symbol.Name));
                    continue;
                }

                if (memberType is ITypeParameterSymbol parameterType && !IsSerializable(parameterType, contract))
                {
                    diagnostics.Add(Diagnostic(Diagnostics.UnconstrainedTypeParameter.Id, location, symbol.Name, parameterType.Name));
                    continue;
                }

                int reported = diagnostics.Count;
                INamedTypeSymbol? converter = MemberConverter(symbol, memberType, scope, location, diagnostics);
                if (diagnostics.Count > reported)
                {
                    // The member's converter does not fit (MSPK020, MSPK021): the generator's own mapping is not a fallback.
                    continue;
                }

                ValueModel? value = GetValue(memberType, isKey: false, scope, converter);
                if (value is null)
                {
                    diagnostics.Add(Diagnostic(Diagnostics.UnsupportedMemberType.Id, location, symbol.Name, memberType.ToDisplayString(), WhyUnsupported(memberType, scope)));
                    continue;
                }

                MemberSetting setting = parameterIndex >= 0 ? MemberSetting.Constructor
                    : initOnly || required ? MemberSetting.Initializer
                    : MemberSetting.Set;
                byte[] encodedKey = key is not null ? EncodeKey(key) : integerKeys ? EncodeIntegerKey(index) : Array.Empty<byte>();
                models.Add(new MemberModel(symbol.Name, value, index, key, new EquatableArray<byte>(encodedKey), setting,
                    required && parameterIndex < 0, parameterIndex, defaultOf.TryGetValue(symbol, out string? literal) ? literal : null));
            }

            if (diagnostics.Count > 0)
            {
                return new ParseResult(null, diagnostics.ToEquatableArray());
            }

            // In index order (array layout); a map layout keeps the declaration order, which is the order written. A
            // stable sort: List.Sort is not, and shuffled the members of a map of more than 16.
            if (!isMap)
            {
                models = models.OrderBy(m => m.Index).ToList();
            }

            string fullName = type.ToDisplayString(FullyQualified);
            string? ns = type.ContainingNamespace.IsGlobalNamespace ? null : type.ContainingNamespace.ToDisplayString();
            string hintName = type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)
                .Replace("global::", string.Empty).Replace('<', '[').Replace('>', ']') + ".MsgPack.g.cs";
            var model = new TypeModel(hintName, ns, containing.ToEquatableArray(), Keyword(type), NameWithTypeParameters(type),
                fullName, type.IsValueType, isMap, integerKeys, models.ToEquatableArray(), constructor!.Parameters.Length,
                compilation.Options.AllowUnsafe, languageVersion, contract is not null, HasGeneratedBase(type), IsRuntimeType(type));
            return new ParseResult(model, EquatableArray<DiagnosticInfo>.Empty);
        }

        /// <summary>
        /// The instance fields and properties of the type and of its base classes, the base's first (the order a map
        /// layout writes them in), each name once: a member that a derived class overrides or hides keeps the base's
        /// place and is taken as the derived class declares it.
        /// </summary>
        private static IEnumerable<ISymbol> MembersWithBases(INamedTypeSymbol type)
        {
            var levels = new List<INamedTypeSymbol>();
            for (INamedTypeSymbol? level = type; level is not null && level.SpecialType is not (SpecialType.System_Object or SpecialType.System_ValueType); level = level.BaseType)
            {
                levels.Insert(0, level);
            }

            var members = new List<ISymbol>();
            var places = new Dictionary<string, int>();
            foreach (INamedTypeSymbol level in levels)
            {
                foreach (ISymbol member in level.GetMembers())
                {
                    if (member.IsStatic || member.IsImplicitlyDeclared || !(member is IFieldSymbol || member is IPropertySymbol)
                        || member is IPropertySymbol { IsIndexer: true })
                    {
                        continue;
                    }

                    if (places.TryGetValue(member.Name, out int place))
                    {
                        members[place] = member;
                    }
                    else
                    {
                        places.Add(member.Name, members.Count);
                        members.Add(member);
                    }
                }
            }

            return members;
        }

        /// <summary>
        /// Whether the generated code, inside <paramref name="type"/>, can use a member (or accessor) declared on it or on a
        /// base class: not a base class's private one, nor its internal one from another assembly.
        /// </summary>
        private static bool Reaches(ISymbol member, INamedTypeSymbol type) =>
            SymbolEqualityComparer.Default.Equals(member.ContainingType, type)
            || member.DeclaredAccessibility is Accessibility.Public or Accessibility.Protected or Accessibility.ProtectedOrInternal
            || (member.DeclaredAccessibility is Accessibility.Internal or Accessibility.ProtectedAndInternal
                && SymbolEqualityComparer.Default.Equals(member.ContainingAssembly, type.ContainingAssembly));

        /// <summary>A constructor parameter's default as a C# literal that converts to the parameter's type.</summary>
        private static string Literal(object value) => value switch
        {
            float f when float.IsNaN(f) => "float.NaN",
            float f when float.IsInfinity(f) => f > 0 ? "float.PositiveInfinity" : "float.NegativeInfinity",
            double d when double.IsNaN(d) => "double.NaN",
            double d when double.IsInfinity(d) => d > 0 ? "double.PositiveInfinity" : "double.NegativeInfinity",
            float f => f.ToString("R", System.Globalization.CultureInfo.InvariantCulture) + "f",
            double d => d.ToString("R", System.Globalization.CultureInfo.InvariantCulture) + "d",

            // An integer constant converts to the parameter's type implicitly; a string or bool needs nothing.
            _ => SymbolDisplay.FormatPrimitive(value, quoteStrings: true, useHexadecimalNumbers: false),
        };

        private static ITypeSymbol TypeOf(ISymbol member) => member is IFieldSymbol field ? field.Type : ((IPropertySymbol)member).Type;

        private static bool IsPartial(INamedTypeSymbol type) =>
            type.DeclaringSyntaxReferences.Any(r => r.GetSyntax() is TypeDeclarationSyntax t && t.Modifiers.Any(SyntaxKind.PartialKeyword));

        private static string Keyword(INamedTypeSymbol type) => (type.IsRecord, type.IsValueType) switch
        {
            (true, true) => "record struct",
            (true, false) => "record",
            (false, true) => "struct",
            _ => type.TypeKind == TypeKind.Interface ? "interface" : "class",
        };

        private static string NameWithTypeParameters(INamedTypeSymbol type) =>
            type.TypeParameters.Length == 0 ? type.Name : type.Name + "<" + string.Join(", ", type.TypeParameters.Select(t => t.Name)) + ">";

        /// <summary>
        /// The constructor the reader calls: the one marked [MsgPackConstructor]; else the only one declared (not the
        /// copy constructor of a record); else the parameterless one. Generated code is inside the type, so any
        /// accessibility will do.
        /// </summary>
        private static IMethodSymbol? ChooseConstructor(INamedTypeSymbol type, out string? whyNot)
        {
            whyNot = null;
            if (type.IsAbstract)
            {
                whyNot = "it is abstract";
                return null;
            }

            var marked = type.InstanceConstructors
                .Where(c => c.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == ConstructorAttribute)).ToList();
            if (marked.Count > 1)
            {
                whyNot = "more than one constructor has [MsgPackConstructor]";
                return null;
            }

            if (marked.Count == 1)
            {
                return marked[0];
            }

            var declared = type.InstanceConstructors
                .Where(c => !c.IsImplicitlyDeclared && !IsCopyConstructor(type, c)).ToList();
            if (declared.Count == 1)
            {
                return declared[0];
            }

            IMethodSymbol? parameterless = type.InstanceConstructors.FirstOrDefault(c => c.Parameters.Length == 0);
            if (parameterless is null)
            {
                whyNot = "it has several constructors and none without parameters; mark one with [MsgPackConstructor]";
            }

            return parameterless;
        }

        private static bool IsCopyConstructor(INamedTypeSymbol type, IMethodSymbol constructor) =>
            type.IsRecord && constructor.Parameters.Length == 1 && SymbolEqualityComparer.Default.Equals(constructor.Parameters[0].Type, type);

        /// <summary>
        /// Whether the member is declared <c>required</c>. Read from the syntax: IPropertySymbol.IsRequired is newer than
        /// the Roslyn this generator is built on, and a source symbol does not show the compiler's RequiredMemberAttribute.
        /// </summary>
        private static bool IsRequired(ISymbol member) => member.DeclaringSyntaxReferences.Any(reference =>
        {
            SyntaxNode node = reference.GetSyntax();
            SyntaxTokenList modifiers = node switch
            {
                MemberDeclarationSyntax declaration => declaration.Modifiers,
                VariableDeclaratorSyntax { Parent.Parent: FieldDeclarationSyntax field } => field.Modifiers,
                _ => default,
            };
            return modifiers.Any(token => token.ValueText == "required");
        });

        /// <summary>The value model of a type, or null when the generator cannot write it (MSPK002).</summary>
        /// <param name="type">The type.</param>
        /// <param name="isKey">A dictionary's key: never nil.</param>
        /// <param name="scope">The contract and the assembly's converters.</param>
        /// <param name="converter">The member's own converter, closed for its type; null for none.</param>
        private static ValueModel? GetValue(ITypeSymbol type, bool isKey, Scope scope, INamedTypeSymbol? converter = null)
        {
            bool isNullableValue = false;
            ITypeSymbol valueType = type;
            if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
            {
                isNullableValue = true;
                valueType = nullable.TypeArguments[0];
            }

            // A type parameter that may be a class is checked for null as a reference is.
            bool isTypeParameter = valueType is ITypeParameterSymbol;
            bool isReference = valueType.IsReferenceType || (isTypeParameter && !valueType.IsValueType);
            // A type parameter that may be a class accepts nil as a reference does (as T?, read as default); one
            // constrained to a struct only as Nullable<T>.
            bool acceptsNil = !isKey && (isNullableValue || (isReference && type.NullableAnnotation != NullableAnnotation.NotAnnotated));
            string typeName = valueType.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(FullyQualified);
            ValueModel Make(ValueKind kind, ValueKind underlying = ValueKind.Boolean, CollectionShape shape = CollectionShape.None, ValueModel? element = null, ValueModel? key = null) =>
                new ValueModel(kind, typeName, isNullableValue, isReference, acceptsNil, underlying, shape, element, key, isTypeParameter);

            // A converter first (the member's, the type's, the assembly's): it may replace the generator's own mapping.
            converter ??= ConverterOf(valueType, scope);
            if (converter is not null)
            {
                return Make(ValueKind.Converter) with { Converter = converter.ToDisplayString(FullyQualified), HasStatusRead = HasOwnStatusRead(converter, valueType) };
            }

            // object, and the document's types: the value as it comes (a key of a dictionary is never one).
            if (!isKey)
            {
                if (valueType.SpecialType == SpecialType.System_Object)
                {
                    return Make(ValueKind.Dynamic);
                }

                switch (valueType.ToDisplayString())
                {
                    case "MsgPack.Spec.MsgPackElement": return Make(ValueKind.Element);
                    case "MsgPack.Spec.MsgPackDocument": return Make(ValueKind.Document);
                }
            }

            ValueKind? scalar = ScalarKind(valueType);
            if (scalar is not null)
            {
                return isNullableValue && scalar == ValueKind.String ? null : Make(scalar.Value);
            }

            if (valueType.TypeKind == TypeKind.Enum && valueType is INamedTypeSymbol { EnumUnderlyingType: { } underlying })
            {
                return Make(ValueKind.Enum, ScalarKind(underlying) ?? ValueKind.Int32);
            }

            if (valueType is IArrayTypeSymbol { Rank: 1 } array)
            {
                ValueKind? elementKind = ScalarKind(array.ElementType);
                if (elementKind == ValueKind.Byte)
                {
                    return Make(ValueKind.Binary);
                }

                if (elementKind is { } number && IsBulkElement(number))
                {
                    return Make(ValueKind.NumberArray, number);
                }

                ValueModel? item = GetValue(array.ElementType, isKey: false, scope);
                return item is null ? null : Make(ValueKind.Collection, shape: CollectionShape.Array, element: item);
            }

            // A type parameter that implements the contract: its own static members, like a generated type's.
            if (valueType is ITypeParameterSymbol parameter)
            {
                return IsSerializable(parameter, scope.Contract) ? Make(ValueKind.Object) : null;
            }

            if (valueType is not INamedTypeSymbol named)
            {
                return null;
            }

            string definition = named.OriginalDefinition.ToDisplayString();
            if (IsBclType(named, definition))
            {
                return GetBclValue(named, definition, (kind, underlying, shape, element, key) => Make(kind, underlying, shape, element, key), scope);
            }

            switch (definition)
            {
                case "System.DateTime": return Make(ValueKind.DateTime);
                case "System.DateTimeOffset": return Make(ValueKind.DateTimeOffset);
                case "System.Guid": return Make(ValueKind.Guid);
                case "MsgPack.Spec.Timestamp": return Make(ValueKind.Timestamp);
                case "System.ReadOnlyMemory<T>":
                case "System.Memory<T>":
                    return named.TypeArguments[0].SpecialType == SpecialType.System_Byte ? Make(ValueKind.BinaryMemory) : null;
            }

            CollectionShape shape = definition switch
            {
                "System.Collections.Generic.List<T>" => CollectionShape.List,
                "System.Collections.Generic.IList<T>" or "System.Collections.Generic.IReadOnlyList<T>" => CollectionShape.IndexedInterface,
                "System.Collections.Generic.ICollection<T>" or "System.Collections.Generic.IReadOnlyCollection<T>" => CollectionShape.CountedInterface,
                "System.Collections.Generic.Dictionary<TKey, TValue>" => CollectionShape.Dictionary,
                "System.Collections.Generic.IDictionary<TKey, TValue>" or "System.Collections.Generic.IReadOnlyDictionary<TKey, TValue>" => CollectionShape.DictionaryInterface,
                _ => CollectionShape.None,
            };
            if (shape is CollectionShape.Dictionary or CollectionShape.DictionaryInterface)
            {
                ValueModel? key = GetValue(named.TypeArguments[0], isKey: true, scope);
                ValueModel? item = GetValue(named.TypeArguments[1], isKey: false, scope);
                return key is null || item is null ? null : Make(ValueKind.Dictionary, shape: shape, element: item, key: key);
            }

            if (shape != CollectionShape.None)
            {
                ValueModel? item = GetValue(named.TypeArguments[0], isKey: false, scope);
                return item is null ? null : Make(ValueKind.Collection, shape: shape, element: item);
            }

            // A generated type, or a hand-written one that implements the contract: both have the same static members.
            bool generated = named.TypeKind is TypeKind.Class or TypeKind.Struct
                && named.OriginalDefinition.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == ObjectAttribute);
            bool serializable = scope.Contract is not null && named.AllInterfaces.Any(i =>
                SymbolEqualityComparer.Default.Equals(i.OriginalDefinition, scope.Contract) && SymbolEqualityComparer.Default.Equals(i.TypeArguments[0], named));
            return generated || serializable || IsUnion(named) ? Make(ValueKind.Object) with { HasStatusRead = generated || IsUnion(named) } : null;
        }

        /// <summary>
        /// A hand-written type of the contract (<c>IMsgPackSerializable</c> of itself, not generated) that a value held as
        /// <c>object</c> can be written by; null for any other type declaration.
        /// </summary>
        public static string? HandWrittenRuntimeType(GeneratorSyntaxContext context, CancellationToken cancellationToken)
        {
            if (context.SemanticModel.GetDeclaredSymbol(context.Node, cancellationToken) is not INamedTypeSymbol type || !IsRuntimeType(type))
            {
                return null;
            }

            bool contract = type.AllInterfaces.Any(i => i.OriginalDefinition.ToDisplayString() == "MsgPack.Spec.Serialization.IMsgPackSerializable<T>"
                && SymbolEqualityComparer.Default.Equals(i.TypeArguments[0], type));
            bool generated = type.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() is ObjectAttribute or UnionAttribute);
            return contract && !generated ? type.ToDisplayString(FullyQualified) : null;
        }

        /// <summary>The assembly's MsgPackRuntimeTypes, or null when no generated type holds an <c>object</c>.</summary>
        public static RuntimeTypesModel? RuntimeTypes(System.Collections.Immutable.ImmutableArray<TypeModel> models, System.Collections.Immutable.ImmutableArray<string> handWritten)
        {
            TypeModel? first = models.FirstOrDefault(m => m.UsesDynamic);
            if (first is null)
            {
                return null;
            }

            var names = models.Where(m => m.IsRuntimeType).Select(m => m.FullName).Distinct().OrderBy(n => n, StringComparer.Ordinal).ToEquatableArray();
            var contract = handWritten.Distinct().OrderBy(n => n, StringComparer.Ordinal).ToEquatableArray();
            return new RuntimeTypesModel(names, contract, first.LanguageVersion);
        }

        /// <summary>
        /// Whether a value of the type held as <c>object</c> can be written by the type's own writer from another class
        /// of the assembly (MsgPackRuntimeTypes): a class or struct, not abstract, neither generic nor in a generic type,
        /// and no type from it outwards private or protected.
        /// </summary>
        internal static bool IsRuntimeType(INamedTypeSymbol type)
        {
            if (type.IsAbstract || type.TypeKind is not (TypeKind.Class or TypeKind.Struct))
            {
                return false;
            }

            for (INamedTypeSymbol? level = type; level is not null; level = level.ContainingType)
            {
                if (level.IsGenericType || level.DeclaredAccessibility is Accessibility.Private or Accessibility.Protected or Accessibility.ProtectedAndInternal)
                {
                    return false;
                }
            }

            return true;
        }

        /// <summary>Whether the type parameter is constrained to <c>IMsgPackSerializable</c> of itself (and the project can use that contract).</summary>
        private static bool IsSerializable(ITypeParameterSymbol parameter, INamedTypeSymbol? contract) =>
            contract is not null && parameter.ConstraintTypes.Any(constraint =>
                constraint is INamedTypeSymbol named
                && SymbolEqualityComparer.Default.Equals(named.OriginalDefinition, contract)
                && SymbolEqualityComparer.Default.Equals(named.TypeArguments[0], parameter));

        private static ValueKind? ScalarKind(ITypeSymbol type) => type.SpecialType switch
        {
            SpecialType.System_Boolean => ValueKind.Boolean,
            SpecialType.System_SByte => ValueKind.SByte,
            SpecialType.System_Byte => ValueKind.Byte,
            SpecialType.System_Int16 => ValueKind.Int16,
            SpecialType.System_UInt16 => ValueKind.UInt16,
            SpecialType.System_Int32 => ValueKind.Int32,
            SpecialType.System_UInt32 => ValueKind.UInt32,
            SpecialType.System_Int64 => ValueKind.Int64,
            SpecialType.System_UInt64 => ValueKind.UInt64,
            SpecialType.System_Single => ValueKind.Single,
            SpecialType.System_Double => ValueKind.Double,
            SpecialType.System_String => ValueKind.String,
            _ => null,
        };

        /// <summary>An integer map key as written: its smallest form (a positive fixint, uint 8, 16 or 32).</summary>
        private static byte[] EncodeIntegerKey(int key) => key switch
        {
            <= 0x7f => new[] { (byte)key },
            <= byte.MaxValue => new byte[] { 0xcc, (byte)key },
            <= ushort.MaxValue => new byte[] { 0xcd, (byte)(key >> 8), (byte)key },
            _ => new byte[] { 0xce, (byte)(key >> 24), (byte)(key >> 16), (byte)(key >> 8), (byte)key },
        };

        /// <summary>A map key as written: the smallest str header, then the UTF-8 bytes.</summary>
        private static byte[] EncodeKey(string key)
        {
            byte[] utf8 = Encoding.UTF8.GetBytes(key);
            var bytes = new List<byte>(utf8.Length + 5);
            int n = utf8.Length;
            if (n <= 31)
            {
                bytes.Add((byte)(0xa0 | n));
            }
            else if (n <= byte.MaxValue)
            {
                bytes.Add(0xd9);
                bytes.Add((byte)n);
            }
            else if (n <= ushort.MaxValue)
            {
                bytes.Add(0xda);
                bytes.Add((byte)(n >> 8));
                bytes.Add((byte)n);
            }
            else
            {
                bytes.Add(0xdb);
                bytes.Add((byte)(n >> 24));
                bytes.Add((byte)(n >> 16));
                bytes.Add((byte)(n >> 8));
                bytes.Add((byte)n);
            }

            bytes.AddRange(utf8);
            return bytes.ToArray();
        }

        private static DiagnosticInfo Diagnostic(string id, Location? location, params string[] arguments) =>
            new DiagnosticInfo(id, LocationInfo.From(location), new EquatableArray<string>(arguments));
    }
}
