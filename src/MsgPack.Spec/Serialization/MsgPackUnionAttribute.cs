namespace MsgPack.Spec.Serialization
{
    /// <summary>
    /// Lists one case of a union: a <see langword="partial"/> abstract class or interface whose values are written as
    /// <c>[tag, value]</c>, the tag naming the value's type and the value written by that type's own serializer. Put one
    /// attribute per case on the union type; the source generator writes the union's static <c>Write</c>,
    /// <c>GetEncodedLength</c> and <c>Read</c> members (docs/serialization.md, "Unions").
    /// </summary>
    /// <remarks>
    /// <para>
    /// The form is MessagePack-CSharp's <c>[Union(tag, typeof(Case))]</c> and Nerdbank.MessagePack's derived type shapes
    /// (<c>[DerivedTypeShape(typeof(Case), Tag = tag)]</c>, or <c>Name = "tag"</c> for a string): an array of two items,
    /// the tag (an integer in its smallest form, or a str) and the case's value; a null union is nil.
    /// </para>
    /// <para>
    /// A case is a type derived from the abstract class (or implementing the interface) that is itself serializable: a
    /// <see cref="MsgPackObjectAttribute"/> type, another union, or a type implementing <c>IMsgPackSerializable</c>. The
    /// tags of one union are all integers or all strings, each used once. A value is written as the first case its
    /// runtime type is (a case derived from another case is tried first); a value of no case's type fails to write.
    /// </para>
    /// </remarks>
    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Interface, AllowMultiple = true, Inherited = false)]
    public sealed class MsgPackUnionAttribute : Attribute
    {
        /// <summary>A case with an integer tag, MessagePack-CSharp's <c>[Union(tag, typeof(Case))]</c>.</summary>
        /// <param name="tag">The integer written before a value of the case.</param>
        /// <param name="type">The case: a serializable type derived from (or implementing) the union.</param>
        public MsgPackUnionAttribute(int tag, Type type)
        {
            IntegerTag = tag;
            Type = type;
        }

        /// <summary>A case with a string tag, Nerdbank.MessagePack's <c>[DerivedTypeShape(typeof(Case), Name = "tag")]</c>.</summary>
        /// <param name="tag">The string written (as a str) before a value of the case.</param>
        /// <param name="type">The case: a serializable type derived from (or implementing) the union.</param>
        public MsgPackUnionAttribute(string tag, Type type)
        {
            StringTag = tag;
            Type = type;
        }

        /// <summary>The integer tag; <see langword="null"/> for a string tag.</summary>
        public int? IntegerTag { get; }

        /// <summary>The string tag; <see langword="null"/> for an integer tag.</summary>
        public string? StringTag { get; }

        /// <summary>The case's type.</summary>
        public Type Type { get; }
    }
}
