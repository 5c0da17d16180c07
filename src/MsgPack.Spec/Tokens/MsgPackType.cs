namespace MsgPack.Spec
{
    /// <summary>The family of a MessagePack value, as told by its first byte.</summary>
    public enum MsgPackType : byte
    {
        /// <summary>The byte 0xc1, which the specification never uses: no value starts with it.</summary>
        NeverUsed = 0,

        /// <summary>nil (0xc0).</summary>
        Nil = 1,

        /// <summary>true or false (0xc2, 0xc3).</summary>
        Boolean = 2,

        /// <summary>Any integer format: positive and negative fixint, uint 8..64, int 8..64.</summary>
        Integer = 3,

        /// <summary>float 32 or float 64.</summary>
        Float = 4,

        /// <summary>fixstr, str 8, str 16 or str 32.</summary>
        String = 5,

        /// <summary>bin 8, bin 16 or bin 32.</summary>
        Binary = 6,

        /// <summary>fixarray, array 16 or array 32.</summary>
        Array = 7,

        /// <summary>fixmap, map 16 or map 32.</summary>
        Map = 8,

        /// <summary>fixext 1..16, ext 8, ext 16 or ext 32 (the timestamp extension among them).</summary>
        Extension = 9,
    }
}
