namespace MsgPack.Spec
{
    /// <summary>
    /// Every format of the MessagePack specification's format table, named as the spec names it (str is String, bin is
    /// Binary, ext is Extension). The value of each member is the format's first code, so for every format but the five
    /// ranges (fixint, fixmap, fixarray, fixstr) the member and its code are the same byte.
    /// </summary>
    /// <remarks>
    /// The methods that write one format exactly are named after it: <c>Write</c> + the member + <c>Header</c> for
    /// headers (<c>WriteFixArrayHeader</c>, <c>WriteArray16Header</c>, <c>WriteString8Header</c>,
    /// <c>WriteFixExtension4Header</c>), <c>Write</c> + the member + <c>Exact</c> for the eight integer formats, whose names
    /// are also .NET type names (<c>WriteUInt32Exact</c>), and <c>WritePositiveFixInt</c>/<c>WriteNegativeFixInt</c>.
    /// </remarks>
    public enum MsgPackFormat : byte
    {
        /// <summary>positive fixint, 0x00..0x7f: the values 0 to 127 in the code itself.</summary>
        PositiveFixInt = 0x00,

        /// <summary>fixmap, 0x80..0x8f: a map of up to 15 entries, the count in the low 4 bits.</summary>
        FixMap = 0x80,

        /// <summary>fixarray, 0x90..0x9f: an array of up to 15 items, the count in the low 4 bits.</summary>
        FixArray = 0x90,

        /// <summary>fixstr, 0xa0..0xbf: a string of up to 31 bytes, the length in the low 5 bits.</summary>
        FixString = 0xa0,

        /// <summary>nil, 0xc0.</summary>
        Nil = 0xc0,

        /// <summary>0xc1, which the specification never uses: no value starts with it.</summary>
        NeverUsed = 0xc1,

        /// <summary>false, 0xc2.</summary>
        False = 0xc2,

        /// <summary>true, 0xc3.</summary>
        True = 0xc3,

        /// <summary>bin 8, 0xc4: a 1-byte length, then the bytes.</summary>
        Binary8 = 0xc4,

        /// <summary>bin 16, 0xc5: a 2-byte length, then the bytes.</summary>
        Binary16 = 0xc5,

        /// <summary>bin 32, 0xc6: a 4-byte length, then the bytes.</summary>
        Binary32 = 0xc6,

        /// <summary>ext 8, 0xc7: a 1-byte length, the type, then the data.</summary>
        Extension8 = 0xc7,

        /// <summary>ext 16, 0xc8: a 2-byte length, the type, then the data.</summary>
        Extension16 = 0xc8,

        /// <summary>ext 32, 0xc9: a 4-byte length, the type, then the data.</summary>
        Extension32 = 0xc9,

        /// <summary>float 32, 0xca: an IEEE 754 single.</summary>
        Float32 = 0xca,

        /// <summary>float 64, 0xcb: an IEEE 754 double.</summary>
        Float64 = 0xcb,

        /// <summary>uint 8, 0xcc.</summary>
        UInt8 = 0xcc,

        /// <summary>uint 16, 0xcd.</summary>
        UInt16 = 0xcd,

        /// <summary>uint 32, 0xce.</summary>
        UInt32 = 0xce,

        /// <summary>uint 64, 0xcf.</summary>
        UInt64 = 0xcf,

        /// <summary>int 8, 0xd0.</summary>
        Int8 = 0xd0,

        /// <summary>int 16, 0xd1.</summary>
        Int16 = 0xd1,

        /// <summary>int 32, 0xd2.</summary>
        Int32 = 0xd2,

        /// <summary>int 64, 0xd3.</summary>
        Int64 = 0xd3,

        /// <summary>fixext 1, 0xd4: the type, then 1 byte of data.</summary>
        FixExtension1 = 0xd4,

        /// <summary>fixext 2, 0xd5: the type, then 2 bytes of data.</summary>
        FixExtension2 = 0xd5,

        /// <summary>fixext 4, 0xd6: the type, then 4 bytes of data.</summary>
        FixExtension4 = 0xd6,

        /// <summary>fixext 8, 0xd7: the type, then 8 bytes of data.</summary>
        FixExtension8 = 0xd7,

        /// <summary>fixext 16, 0xd8: the type, then 16 bytes of data.</summary>
        FixExtension16 = 0xd8,

        /// <summary>str 8, 0xd9: a 1-byte length, then the UTF-8 bytes.</summary>
        String8 = 0xd9,

        /// <summary>str 16, 0xda: a 2-byte length, then the UTF-8 bytes.</summary>
        String16 = 0xda,

        /// <summary>str 32, 0xdb: a 4-byte length, then the UTF-8 bytes.</summary>
        String32 = 0xdb,

        /// <summary>array 16, 0xdc: a 2-byte count, then the items.</summary>
        Array16 = 0xdc,

        /// <summary>array 32, 0xdd: a 4-byte count, then the items.</summary>
        Array32 = 0xdd,

        /// <summary>map 16, 0xde: a 2-byte count, then the entries.</summary>
        Map16 = 0xde,

        /// <summary>map 32, 0xdf: a 4-byte count, then the entries.</summary>
        Map32 = 0xdf,

        /// <summary>negative fixint, 0xe0..0xff: the values -32 to -1 in the code itself.</summary>
        NegativeFixInt = 0xe0,
    }
}
