namespace MsgPack.Spec
{
    /// <summary>What a <see cref="MsgPackToken"/> is: the kind of value it starts, with timestamps told apart from other extensions.</summary>
    public enum MsgPackTokenType : byte
    {
        /// <summary>No token: the <c>default</c> value of <see cref="MsgPackToken"/>.</summary>
        None = 0,

        /// <summary>nil.</summary>
        Nil = 1,

        /// <summary>true or false: <see cref="MsgPackToken.GetBoolean"/>.</summary>
        Boolean = 2,

        /// <summary>
        /// Any of the ten integer formats, with its value: <see cref="MsgPackToken.IsNegative"/>,
        /// <see cref="MsgPackToken.GetInt64"/>, <see cref="MsgPackToken.GetUInt64"/>.
        /// </summary>
        Integer = 3,

        /// <summary>float 32 or float 64, with its value: <see cref="MsgPackToken.GetDouble"/>.</summary>
        Float = 4,

        /// <summary>A str header: <see cref="MsgPackToken.Length"/> bytes of UTF-8 follow the token.</summary>
        String = 5,

        /// <summary>A bin header: <see cref="MsgPackToken.Length"/> bytes follow the token.</summary>
        Binary = 6,

        /// <summary>An array header: <see cref="MsgPackToken.Count"/> values follow the token.</summary>
        Array = 7,

        /// <summary>A map header: <see cref="MsgPackToken.Count"/> entries (twice as many values, key then value) follow the token.</summary>
        Map = 8,

        /// <summary>
        /// An ext header of any type but -1: <see cref="MsgPackToken.ExtensionType"/>, and <see cref="MsgPackToken.Length"/>
        /// bytes of data that follow the token.
        /// </summary>
        Extension = 9,

        /// <summary>
        /// A whole timestamp (ext type -1, 4, 8 or 12 bytes of data), read with its data as the scalar it is:
        /// <see cref="MsgPackToken.GetTimestamp"/>.
        /// </summary>
        Timestamp = 10,
    }
}
