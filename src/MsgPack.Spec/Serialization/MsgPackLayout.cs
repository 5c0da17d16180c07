namespace MsgPack.Spec.Serialization
{
    /// <summary>How a <see cref="MsgPackObjectAttribute"/> type's members are laid out in MessagePack.</summary>
    public enum MsgPackLayout
    {
        /// <summary>
        /// An array: each member is the item at its <see cref="MsgPackKeyAttribute.Index"/> (as a Tarantool tuple is). The
        /// array holds one item more than the largest index; an index no member has is written as nil.
        /// </summary>
        Array = 0,

        /// <summary>A map: each member is the value under its <see cref="MsgPackKeyAttribute.Name"/>, a str key.</summary>
        Map = 1,
    }
}
