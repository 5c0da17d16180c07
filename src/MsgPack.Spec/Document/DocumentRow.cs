namespace MsgPack.Spec
{
    /// <summary>
    /// One value of a parsed document, in its index: 16 bytes, one row per value (map keys included), in the order
    /// the values come in the bytes, so a container's items are the rows that follow it.
    /// </summary>
    /// <remarks>
    /// The row says where the value is, how far its subtree reaches, and what a visit asks for most: the length or
    /// count of a str, bin, ext, array or map, and the value of an integer, bool or float, decoded once by the parse
    /// (with the cores every reader uses), so that walking a document reads rows and not bytes. Every value takes one
    /// byte at least, so a document of <c>n</c> bytes has at most <c>n</c> rows: the index grows with the bytes
    /// present, never with a count the input claims.
    /// </remarks>
    [StructLayout(LayoutKind.Sequential)]
    internal struct DocumentRow
    {
        /// <summary>The most rows a document may have: the subtree count has 28 bits (<see cref="RowsAndType"/>).</summary>
        public const int MaxRows = (1 << TypeShift) - 1;

        private const int TypeShift = 28;

        // Each type shifted into place in RowsAndType, for the parse's row writes.
        public const int NilBits = (int)MsgPackType.Nil << TypeShift;
        public const int BooleanBits = (int)MsgPackType.Boolean << TypeShift;
        public const int IntegerBits = (int)MsgPackType.Integer << TypeShift;
        public const int FloatBits = (int)MsgPackType.Float << TypeShift;
        public const int StringBits = (int)MsgPackType.String << TypeShift;
        public const int BinaryBits = (int)MsgPackType.Binary << TypeShift;
        public const int ArrayBits = (int)MsgPackType.Array << TypeShift;
        public const int MapBits = (int)MsgPackType.Map << TypeShift;
        public const int ExtensionBits = (int)MsgPackType.Extension << TypeShift;
        public const int TimestampBits = (int)MsgPackType.Timestamp << TypeShift;

        /// <summary>Where the value starts: the offset of its first byte in the document's bytes.</summary>
        public int Location;

        /// <summary>
        /// Bits 0-27: the rows of the value's subtree, its own included (1 for a scalar or an empty container); the row
        /// after the subtree is the value's next sibling, or the next value of an enclosing container. Bits 28-31: its
        /// <see cref="MsgPackType"/>.
        /// </summary>
        public int RowsAndType;

        /// <summary>
        /// str, bin, ext and timestamp: the payload's length; array: the items; map: the entries; integer: its value
        /// (a uint 64 above <see cref="long.MaxValue"/> as its bits, told apart by its code); bool: 1 or 0; float: the
        /// bits of its <see cref="double"/> (a float 32 widened exactly); nil: 0.
        /// </summary>
        public long Value;

        /// <summary>The payload's length of a str, bin, ext or timestamp, the items of an array, the entries of a map.</summary>
        public readonly int Length
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => (int)Value;
        }

        public readonly MsgPackType Type
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => (MsgPackType)((uint)RowsAndType >> TypeShift);
        }

        public readonly int Rows
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => RowsAndType & MaxRows;
        }

        /// <summary>Sets the subtree's row count of a container once its last value is indexed.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void SetRows(int rows) => RowsAndType = (RowsAndType & ~MaxRows) | rows;
    }
}
