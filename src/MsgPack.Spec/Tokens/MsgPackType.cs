namespace MsgPack.Spec
{
    /// <summary>
    /// The kind of a MessagePack value: what <see cref="MsgPackSpec.GetMsgPackType(byte)"/> tells from a first byte and
    /// what a <see cref="MsgPackToken"/> is.
    /// </summary>
    /// <remarks>
    /// One byte tells every kind but <see cref="Timestamp"/>: a timestamp is an extension of type -1, which only its
    /// header's type byte shows, so <see cref="MsgPackSpec.GetMsgPackType(byte)"/> and the <c>PeekMsgPackType</c> doors
    /// say <see cref="Extension"/> for it, and the token readers, which read the whole header, say
    /// <see cref="Timestamp"/>. Finer than this is <see cref="MsgPackFormat"/> (which of the spec's formats), and the
    /// bytes themselves are <see cref="DataCodes"/>.
    /// </remarks>
    public enum MsgPackType : byte
    {
        /// <summary>No value: the <c>default</c> of <see cref="MsgPackToken"/>.</summary>
        None = 0,

        /// <summary>nil (0xc0).</summary>
        Nil = 1,

        /// <summary>true or false (0xc2, 0xc3): <see cref="MsgPackToken.GetBoolean"/>.</summary>
        Boolean = 2,

        /// <summary>
        /// Any of the ten integer formats: positive and negative fixint, uint 8..64, int 8..64. A token has its value:
        /// <see cref="MsgPackToken.IsNegative"/>, <see cref="MsgPackToken.GetInt64"/>, <see cref="MsgPackToken.GetUInt64"/>.
        /// </summary>
        Integer = 3,

        /// <summary>float 32 or float 64: a token has its value, <see cref="MsgPackToken.GetDouble"/>.</summary>
        Float = 4,

        /// <summary>fixstr, str 8, str 16 or str 32: a token is the header, <see cref="MsgPackToken.Length"/> bytes of UTF-8 follow it.</summary>
        String = 5,

        /// <summary>bin 8, bin 16 or bin 32: a token is the header, <see cref="MsgPackToken.Length"/> bytes follow it.</summary>
        Binary = 6,

        /// <summary>fixarray, array 16 or array 32: a token is the header, <see cref="MsgPackToken.Count"/> values follow it.</summary>
        Array = 7,

        /// <summary>
        /// fixmap, map 16 or map 32: a token is the header, <see cref="MsgPackToken.Count"/> entries (twice as many values,
        /// key then value) follow it.
        /// </summary>
        Map = 8,

        /// <summary>
        /// fixext 1..16, ext 8, ext 16 or ext 32. A token is the header of an extension of any type but -1
        /// (<see cref="MsgPackToken.ExtensionType"/>), and <see cref="MsgPackToken.Length"/> bytes of data follow it;
        /// from a first byte alone, the timestamp extension is one too.
        /// </summary>
        Extension = 9,

        /// <summary>
        /// The timestamp extension (type -1, 4, 8 or 12 bytes of data), as a token reads it: whole, with its data, as
        /// the scalar it is (<see cref="MsgPackToken.GetTimestamp"/>). Only the token readers tell it apart.
        /// </summary>
        Timestamp = 10,

        /// <summary>The byte 0xc1, which the specification never uses: no value starts with it, and no token is one.</summary>
        NeverUsed = 11,
    }
}
