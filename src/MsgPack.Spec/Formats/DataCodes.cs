namespace MsgPack.Spec
{
    /// <summary>
    /// Every format byte of the MessagePack specification as a named constant, together with the bounds of the
    /// ranges that carry a value or a length in the byte itself (fixint, fixstr, fixarray, fixmap).
    /// </summary>
    public static class DataCodes
    {
        /// <summary>The smallest positive fixint, 0x00 (the value 0).</summary>
        public const byte MinPositiveFixInt = 0x00;

        /// <summary>The largest positive fixint, 0x7f (the value 127).</summary>
        public const byte MaxPositiveFixInt = 0x7f;

        /// <summary>The first fixmap code, 0x80 (a map of 0 entries); the count is the low 4 bits.</summary>
        public const byte MinFixMap = 0x80;

        /// <summary>The last fixmap code, 0x8f (a map of 15 entries).</summary>
        public const byte MaxFixMap = 0x8f;

        /// <summary>The first fixarray code, 0x90 (an array of 0 items); the count is the low 4 bits.</summary>
        public const byte MinFixArray = 0x90;

        /// <summary>The last fixarray code, 0x9f (an array of 15 items).</summary>
        public const byte MaxFixArray = 0x9f;

        /// <summary>The first fixstr code, 0xa0 (an empty string); the byte length is the low 5 bits.</summary>
        public const byte MinFixString = 0xa0;

        /// <summary>The last fixstr code, 0xbf (a string of 31 bytes).</summary>
        public const byte MaxFixString = 0xbf;

        /// <summary>nil, 0xc0.</summary>
        public const byte Nil = 0xc0;

        /// <summary>The one code the specification never uses, 0xc1. Readers reject it.</summary>
        public const byte NeverUsed = 0xc1;

        /// <summary>false, 0xc2.</summary>
        public const byte False = 0xc2;

        /// <summary>true, 0xc3.</summary>
        public const byte True = 0xc3;

        /// <summary>bin 8: a 1-byte length, then the bytes.</summary>
        public const byte Binary8 = 0xc4;

        /// <summary>bin 16: a big-endian 2-byte length, then the bytes.</summary>
        public const byte Binary16 = 0xc5;

        /// <summary>bin 32: a big-endian 4-byte length, then the bytes.</summary>
        public const byte Binary32 = 0xc6;

        /// <summary>ext 8: a 1-byte length, a signed type byte, then the data.</summary>
        public const byte Extension8 = 0xc7;

        /// <summary>ext 16: a big-endian 2-byte length, a signed type byte, then the data.</summary>
        public const byte Extension16 = 0xc8;

        /// <summary>ext 32: a big-endian 4-byte length, a signed type byte, then the data.</summary>
        public const byte Extension32 = 0xc9;

        /// <summary>float 32: a big-endian IEEE 754 single.</summary>
        public const byte Float32 = 0xca;

        /// <summary>float 64: a big-endian IEEE 754 double.</summary>
        public const byte Float64 = 0xcb;

        /// <summary>uint 8: one unsigned byte.</summary>
        public const byte UInt8 = 0xcc;

        /// <summary>uint 16: a big-endian unsigned 16-bit integer.</summary>
        public const byte UInt16 = 0xcd;

        /// <summary>uint 32: a big-endian unsigned 32-bit integer.</summary>
        public const byte UInt32 = 0xce;

        /// <summary>uint 64: a big-endian unsigned 64-bit integer.</summary>
        public const byte UInt64 = 0xcf;

        /// <summary>int 8: one signed byte.</summary>
        public const byte Int8 = 0xd0;

        /// <summary>int 16: a big-endian signed 16-bit integer.</summary>
        public const byte Int16 = 0xd1;

        /// <summary>int 32: a big-endian signed 32-bit integer.</summary>
        public const byte Int32 = 0xd2;

        /// <summary>int 64: a big-endian signed 64-bit integer.</summary>
        public const byte Int64 = 0xd3;

        /// <summary>fixext 1: a signed type byte and 1 byte of data.</summary>
        public const byte FixExtension1 = 0xd4;

        /// <summary>fixext 2: a signed type byte and 2 bytes of data.</summary>
        public const byte FixExtension2 = 0xd5;

        /// <summary>fixext 4: a signed type byte and 4 bytes of data.</summary>
        public const byte FixExtension4 = 0xd6;

        /// <summary>fixext 8: a signed type byte and 8 bytes of data.</summary>
        public const byte FixExtension8 = 0xd7;

        /// <summary>fixext 16: a signed type byte and 16 bytes of data.</summary>
        public const byte FixExtension16 = 0xd8;

        /// <summary>str 8: a 1-byte length, then UTF-8 bytes.</summary>
        public const byte String8 = 0xd9;

        /// <summary>str 16: a big-endian 2-byte length, then UTF-8 bytes.</summary>
        public const byte String16 = 0xda;

        /// <summary>str 32: a big-endian 4-byte length, then UTF-8 bytes.</summary>
        public const byte String32 = 0xdb;

        /// <summary>array 16: a big-endian 2-byte item count, then the items.</summary>
        public const byte Array16 = 0xdc;

        /// <summary>array 32: a big-endian 4-byte item count, then the items.</summary>
        public const byte Array32 = 0xdd;

        /// <summary>map 16: a big-endian 2-byte entry count, then key, value pairs.</summary>
        public const byte Map16 = 0xde;

        /// <summary>map 32: a big-endian 4-byte entry count, then key, value pairs.</summary>
        public const byte Map32 = 0xdf;

        /// <summary>The first negative fixint code, 0xe0 (the value -32).</summary>
        public const byte MinNegativeFixInt = 0xe0;

        /// <summary>The last negative fixint code, 0xff (the value -1).</summary>
        public const byte MaxNegativeFixInt = 0xff;

        /// <summary>The extension type code of the timestamp extension, -1.</summary>
        public const sbyte TimestampExtensionType = -1;
    }
}
