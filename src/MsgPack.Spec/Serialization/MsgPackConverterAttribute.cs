namespace MsgPack.Spec.Serialization
{
    /// <summary>
    /// Writes and reads a value with a converter of your own instead of the generator's mapping: on a member, for that
    /// member; on a type, wherever the type is a member, an element or a value; on the assembly
    /// (<c>[assembly: MsgPackConverter(typeof(UriConverter))]</c>), for a type you cannot annotate, wherever it appears in
    /// the assembly's <see cref="MsgPackObjectAttribute"/> types.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The converter is a struct implementing <see cref="IMsgPackConverter{T}"/> of the value's type: generated code
    /// calls <c>default(TConverter).Write(...)</c>, a direct call the JIT inlines, with no boxing, no virtual call and
    /// no instance to create. It never sees null: a nullable member writes and reads nil itself.
    /// </para>
    /// <para>
    /// A generic type takes a generic converter, named without type arguments (<c>typeof(OptionConverter&lt;&gt;)</c>)
    /// and implementing <see cref="IMsgPackConverter{T}"/> of the type over its own type parameters in the same order
    /// (<c>struct OptionConverter&lt;T&gt; : IMsgPackConverter&lt;Option&lt;T&gt;&gt;</c>); each use closes it with the
    /// use's type arguments. Precedence: a member's converter, then the type's, then the assembly's, then the
    /// generator's own mapping (so an assembly's converter may replace how, say, <see cref="System.DateTime"/> is written).
    /// </para>
    /// </remarks>
    [AttributeUsage(
        AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Interface | AttributeTargets.Enum
        | AttributeTargets.Field | AttributeTargets.Property | AttributeTargets.Assembly,
        AllowMultiple = true,
        Inherited = false)]
    public sealed class MsgPackConverterAttribute : Attribute
    {
        /// <summary>Names the converter.</summary>
        /// <param name="converterType">A struct implementing <see cref="IMsgPackConverter{T}"/>, or its generic definition.</param>
        public MsgPackConverterAttribute(Type converterType) => ConverterType = converterType;

        /// <summary>The converter: a struct implementing <see cref="IMsgPackConverter{T}"/>, or its generic definition.</summary>
        public Type ConverterType { get; }
    }
}
