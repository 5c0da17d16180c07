namespace MsgPack.Spec.Serialization
{
    /// <summary>
    /// Asks the MsgPack.Spec source generator to write a serializer for this <see langword="partial"/> class, struct,
    /// record or record struct: static <c>Write</c>, <c>TryWrite</c>, <c>GetEncodedLength</c> and <c>Read</c> members on
    /// the type itself (docs/generator.md).
    /// </summary>
    /// <remarks>
    /// Every instance field and property of the type has a <see cref="MsgPackKeyAttribute"/> or a
    /// <see cref="MsgPackIgnoreAttribute"/>: a member with neither is a compile-time error, not a member silently left
    /// out. Reading skips unknown keys and extra array items, and leaves missing members at their defaults.
    /// </remarks>
    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, AllowMultiple = false, Inherited = false)]
    public sealed class MsgPackObjectAttribute : Attribute
    {
        /// <summary>Marks the type for the generator, with its layout.</summary>
        /// <param name="layout">An array of members by index, or a map of members by name.</param>
        public MsgPackObjectAttribute(MsgPackLayout layout) => Layout = layout;

        /// <summary>An array of members by index, or a map of members by name.</summary>
        public MsgPackLayout Layout { get; }
    }
}
