namespace MsgPack.Spec.Serialization
{
    /// <summary>
    /// The place of a member of a <see cref="MsgPackObjectAttribute"/> type: its index in an
    /// <see cref="MsgPackLayout.Array"/>, or its key in a <see cref="MsgPackLayout.Map"/>.
    /// </summary>
    [AttributeUsage(AttributeTargets.Field | AttributeTargets.Property, AllowMultiple = false, Inherited = false)]
    public sealed class MsgPackKeyAttribute : Attribute
    {
        /// <summary>The member is the item at <paramref name="index"/> of an array layout.</summary>
        /// <param name="index">The index, from 0.</param>
        public MsgPackKeyAttribute(int index)
        {
            Index = index;
            Name = null;
        }

        /// <summary>The member is the value under the str key <paramref name="name"/> of a map layout.</summary>
        /// <param name="name">The key, written as UTF-8.</param>
        public MsgPackKeyAttribute(string name)
        {
            Index = -1;
            Name = name;
        }

        /// <summary>The index in an array layout; -1 for a key by name.</summary>
        public int Index { get; }

        /// <summary>The key in a map layout; <see langword="null"/> for a key by index.</summary>
        public string? Name { get; }
    }
}
