namespace MsgPack.Spec
{
    /// <summary>What <see cref="DocumentParser.Parse"/> found.</summary>
    internal enum ParseOutcome : byte
    {
        /// <summary>One whole, well-formed value: its rows are in the store.</summary>
        Done,

        /// <summary>
        /// The value is not well formed, or the input ends inside it: the validator, which holds the contract for
        /// what is truncated and what is invalid, says which and where (<see cref="MsgPackDocument"/>).
        /// </summary>
        Malformed,

        /// <summary>More values than <see cref="MsgPackDocumentOptions.MaxValueCount"/>.</summary>
        TooManyValues,
    }

    /// <summary>
    /// The one pass that indexes a document: every value's row, in order, with the subtree of each array and map
    /// closed as its last value is read. No recursion: the open containers are a stack of (row, values still to come)
    /// pairs, on the call stack for the default depth and in a pooled array beyond, grown as deep as the input really
    /// nests.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The pass checks everything <see cref="MsgPackSpec.Validate(ReadOnlySpan{byte}, MsgPackValidationOptions)"/>
    /// checks (codes, lengths, depth, timestamps, UTF-8 unless turned off), so a document it accepts is one the
    /// validator accepts, and the elements may decode without checking again. It only detects a failure, at the first
    /// byte of the value that fails; the rare failing parse then asks the validator which failure it is (truncated,
    /// with the bytes needed, or invalid, with the error), so the document and the validator cannot disagree on it
    /// and the hot loop carries no bookkeeping for it. An array or map that announces more values than bytes are
    /// left fails at once: the values cannot all be there.
    /// </para>
    /// <para>
    /// Rows are appended as values are read, so the index grows with the bytes present: a header that claims 2^32
    /// items costs its one row, and fails when the bytes run out.
    /// </para>
    /// </remarks>
    internal static class DocumentParser
    {
        // The open containers of up to this depth live on the stack (two ints each); the default MaxDepth fits.
        private const int StackFrames = MsgPackValidationOptions.DefaultMaxDepth;

        [SkipLocalsInit]
        public static ParseOutcome Parse(DocumentStore store, ReadOnlySpan<byte> bytes, in MsgPackDocumentOptions options, out int consumed)
        {
            var frames = new GrowableStack<int>(stackalloc int[2 * StackFrames]);
            try
            {
                return Walk(store, bytes, options.MaxDepth, options.MaxValueCount, options.CheckUtf8, ref frames, out consumed);
            }
            finally
            {
                frames.Dispose();
            }
        }

        private static ParseOutcome Walk(DocumentStore store, ReadOnlySpan<byte> bytes, int maxDepth, int maxRows, bool checkUtf8, ref GrowableStack<int> stack, out int consumed)
        {
            store.Utf8Checked = checkUtf8;
            ref byte data = ref MemoryMarshal.GetReference(bytes);
            int end = bytes.Length;

            // The innermost open container is the cursor's Open row, with Pending values still to come in it (the root
            // is a container of one value, row -1); the ones around it are in the frames, pushed when a container
            // opens and popped when it closes.
            var cursor = new ParseCursor { Open = -1, Pending = 1 };

            // Most documents take 2 bytes a value or more; a denser one grows the rows once or twice. The rows are
            // written through a reference, with one check a row against the room left (the array's length, or the
            // value limit when it is smaller).
            DocumentRow[] rows = store.Rows;
            if (rows.Length == 0)
            {
                rows = store.Rows = ArrayPool<DocumentRow>.Shared.Rent((int)Math.Min(Math.Min(end, maxRows) + 1L, 16 + (end / 2)));
            }

            while (true)
            {
                // The common formats, as many as come, in a loop of its own without calls (its state stays in
                // registers); it stops before any other token, or where the rows or the frames are full.
                if (RunCommon(ref data, end, checkUtf8, maxDepth, stack.Span, rows, Math.Min(rows.Length, maxRows), ref cursor))
                {
                    consumed = cursor.Pos;
                    store.RowCount = cursor.Count;
                    return ParseOutcome.Done;
                }

                // One token of any format, here.
                int pos = cursor.Pos;
                int left = end - pos;
                if (left <= 0)
                {
                    goto Fail;
                }

                uint code = Unsafe.Add(ref data, pos);
                int typeBits;
                long value;
                int size;
                long children = -1;
                if (code <= DataCodes.MaxPositiveFixInt || code >= DataCodes.MinNegativeFixInt)
                {
                    typeBits = DocumentRow.IntegerBits;
                    value = unchecked((sbyte)code);
                    size = 1;
                }
                else if (code <= DataCodes.MaxFixArray)
                {
                    value = code & 0x0f;
                    bool map = code <= DataCodes.MaxFixMap;
                    typeBits = map ? DocumentRow.MapBits : DocumentRow.ArrayBits;
                    children = map ? 2 * value : value;
                    size = 1;
                }
                else if (code <= DataCodes.MaxFixString)
                {
                    typeBits = DocumentRow.StringBits;
                    int length = (int)(code & 0x1f);
                    value = length;
                    size = 1 + length;
                    if (size > left || (checkUtf8 && !Utf8Text.IsShortAscii(ref Unsafe.Add(ref data, pos + 1), length) && !Utf8Text.IsValid(ref Unsafe.Add(ref data, pos + 1), length)))
                    {
                        goto Fail;
                    }
                }
                else if (code - DataCodes.UInt8 <= DataCodes.Int64 - DataCodes.UInt8)
                {
                    // uint 8 to int 64, by the integer cores: a uint 64 above long.MaxValue keeps its bits (its code
                    // tells it apart); every other width fits a long. Their status is the bounds check.
                    typeBits = DocumentRow.IntegerBits;
                    size = 1 + (1 << (int)((code - DataCodes.UInt8) & 3));
                    ReadStatus decoded;
                    if (code == DataCodes.UInt64)
                    {
                        decoded = MsgPackSpec.DecodeUInt64(ref Unsafe.Add(ref data, pos), left, out ulong large, out _);
                        value = unchecked((long)large);
                    }
                    else
                    {
                        decoded = MsgPackSpec.DecodeInt64(ref Unsafe.Add(ref data, pos), left, out value, out _);
                    }

                    if (decoded != ReadStatus.Done)
                    {
                        goto Fail;
                    }
                }
                else if (code == DataCodes.Nil)
                {
                    typeBits = DocumentRow.NilBits;
                    value = 0;
                    size = 1;
                }
                else if (code is DataCodes.False or DataCodes.True)
                {
                    typeBits = DocumentRow.BooleanBits;
                    value = code - DataCodes.False;
                    size = 1;
                }
                else if (code is DataCodes.Float32 or DataCodes.Float64)
                {
                    // The one float core: a float 32 widened exactly, so GetDouble reads the row alone. Its status is
                    // the bounds check (NeedMoreData when the value runs past the input).
                    typeBits = DocumentRow.FloatBits;
                    size = code == DataCodes.Float32 ? 5 : 9;
                    if (MsgPackSpec.DecodeDouble(ref Unsafe.Add(ref data, pos), left, out double real, out _) != ReadStatus.Done)
                    {
                        goto Fail;
                    }

                    value = BitConverter.DoubleToInt64Bits(real);
                }
                else
                {
                    typeBits = DecodeOther(ref Unsafe.Add(ref data, pos), left, code, checkUtf8, out value, out size, out children);
                    if (typeBits == 0)
                    {
                        goto Fail;
                    }
                }

                if (children >= 0)
                {
                    // Every array and map is a level, an empty one too (as the validator counts). Each value inside
                    // takes a byte at least: more than the bytes left cannot all be there.
                    if (cursor.Depth >= maxDepth || children > left - size)
                    {
                        goto Fail;
                    }
                }

                int count = cursor.Count;
                if (count == maxRows)
                {
                    consumed = pos;
                    store.RowCount = count;
                    return ParseOutcome.TooManyValues;
                }

                if (count == rows.Length)
                {
                    store.RowCount = count;
                    rows = store.Grow();
                }

                ref DocumentRow row = ref rows[count];
                row.Location = pos;
                row.RowsAndType = typeBits | 1;
                row.Value = value;
                cursor.Count = ++count;
                cursor.Pos = pos + size;
                if (children > 0)
                {
                    int depth = cursor.Depth;
                    if (2 * depth == stack.Span.Length)
                    {
                        stack.Grow();
                    }

                    Span<int> frames = stack.Span;
                    frames[2 * depth] = cursor.Open;
                    frames[(2 * depth) + 1] = cursor.Pending;
                    cursor.Depth = depth + 1;
                    cursor.Open = count - 1;
                    cursor.Pending = (int)children;
                    continue;
                }

                // A whole value: it completes the containers whose last value it is.
                while (--cursor.Pending == 0)
                {
                    if (cursor.Depth == 0)
                    {
                        consumed = cursor.Pos;
                        store.RowCount = count;
                        return ParseOutcome.Done;
                    }

                    rows[cursor.Open].SetRows(count - cursor.Open);
                    int depth = --cursor.Depth;
                    Span<int> frames = stack.Span;
                    cursor.Open = frames[2 * depth];
                    cursor.Pending = frames[(2 * depth) + 1];
                }
            }

        Fail:
            consumed = cursor.Pos;
            store.RowCount = cursor.Count;
            return ParseOutcome.Malformed;
        }

        /// <summary>Where the parse stands: what <see cref="RunCommon"/> and the loop around it share.</summary>
        private struct ParseCursor
        {
            /// <summary>The offset of the next token.</summary>
            public int Pos;

            /// <summary>The rows written.</summary>
            public int Count;

            /// <summary>The row of the innermost open array or map; -1 for the root.</summary>
            public int Open;

            /// <summary>The values still to come in it (the root: 1, then 0).</summary>
            public int Pending;

            /// <summary>The arrays and maps open around the next token (the frames in use: two ints each).</summary>
            public int Depth;
        }

        /// <summary>
        /// Indexes tokens of the common formats (fixint, fixstr, fixmap, fixarray, nil, bool, the integers, float 64,
        /// str 8, array and map 16, fixext 4 and 8 with the timestamps among them) until the root value is whole
        /// (true), or until a token it leaves to the caller (false, the cursor on it): another format, one that does
        /// not check here (cut short, not ASCII, too deep, its items past the bytes: the caller's checks decide), one
        /// that needs more rows or frames than there is room for, or any token in the last 7 bytes of the input (each
        /// token's first 8 bytes are read as one word). Every check is the caller's, made the same way.
        /// </summary>
        /// <remarks>
        /// No calls, so that the cursor, the data and the bounds stay in registers (a call in the loop makes the
        /// register allocator spill them: the loop's counters then go through memory at every value).
        /// </remarks>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static bool RunCommon(ref byte data, int end, bool checkUtf8, int maxDepth, Span<int> frames, DocumentRow[] rows, int room, ref ParseCursor cursor)
        {
            int pos = cursor.Pos;
            int count = cursor.Count;
            int open = cursor.Open;
            int pending = cursor.Pending;
            int depth = cursor.Depth;
            ref DocumentRow first = ref MemoryMarshal.GetReference(rows.AsSpan());
            ref int frame = ref MemoryMarshal.GetReference(frames);
            int deepest = Math.Min(maxDepth, frames.Length / 2);
            bool whole = false;
            while (pos <= end - 8 && count < room)
            {
                // The token's first 8 bytes in one load (the loop stops 8 bytes before the end): the code, and the
                // whole of a fixstr of up to 7 bytes or of an integer of up to 4.
                ulong word = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref data, pos));
                if (!BitConverter.IsLittleEndian)
                {
                    word = System.Buffers.Binary.BinaryPrimitives.ReverseEndianness(word);
                }

                uint code = (byte)word;
                int left = end - pos;
                int typeBits;
                long value;
                int size;
                int children = 0;  // an array's items or a map's keys and values (0 for a scalar)
                if (code - DataCodes.MinFixString <= DataCodes.MaxFixString - DataCodes.MinFixString)
                {
                    // fixstr first: the commonest token of most documents (every key of a map with str keys).
                    int length = (int)(code & 0x1f);
                    size = 1 + length;
                    if (size > left
                        || (checkUtf8 && (length <= 7
                            ? ((word >> 8) & ((1UL << (8 * length)) - 1) & 0x8080808080808080UL) != 0
                            : !Utf8Text.IsShortAscii(ref Unsafe.Add(ref data, pos + 1), length))))
                    {
                        break;
                    }

                    typeBits = DocumentRow.StringBits;
                    value = length;
                }
                else if (code <= DataCodes.MaxPositiveFixInt)
                {
                    typeBits = DocumentRow.IntegerBits;
                    value = code;
                    size = 1;
                }
                else if (code >= DataCodes.MinNegativeFixInt)
                {
                    typeBits = DocumentRow.IntegerBits;
                    value = unchecked((sbyte)code);
                    size = 1;
                }
                else if (code <= DataCodes.MaxFixArray)
                {
                    // fixmap 0x80..0x8f, fixarray 0x90..0x9f
                    value = code & 0x0f;
                    bool map = code <= DataCodes.MaxFixMap;
                    children = map ? 2 * (int)value : (int)value;
                    if (depth >= deepest || children >= left)
                    {
                        break;
                    }

                    typeBits = map ? DocumentRow.MapBits : DocumentRow.ArrayBits;
                    size = 1;
                }
                else if (code - DataCodes.UInt8 <= DataCodes.Int64 - DataCodes.UInt8)
                {
                    // uint 8 to int 64: the value big-endian after the code, sign-extended for int 8 to 64 (a uint 64
                    // above long.MaxValue keeps its bits, its code tells it apart).
                    int width = 1 << (int)((code - DataCodes.UInt8) & 3);
                    bool signed = code >= DataCodes.Int8;
                    if (width <= 4)
                    {
                        // Within the word (big-endian there, after the code).
                        uint bits = System.Buffers.Binary.BinaryPrimitives.ReverseEndianness((uint)(word >> 8)) >> (32 - (8 * width));
                        value = !signed ? bits : width == 1 ? unchecked((sbyte)bits) : width == 2 ? unchecked((short)bits) : unchecked((int)bits);
                    }
                    else
                    {
                        if (left < 9)
                        {
                            break;
                        }

                        value = BigEndian.ReadInt64(ref Unsafe.Add(ref data, pos + 1));
                    }

                    typeBits = DocumentRow.IntegerBits;
                    size = 1 + width;
                }
                else if (code == DataCodes.Nil)
                {
                    typeBits = DocumentRow.NilBits;
                    value = 0;
                    size = 1;
                }
                else if (code - DataCodes.False <= 1)
                {
                    typeBits = DocumentRow.BooleanBits;
                    value = code - DataCodes.False;
                    size = 1;
                }
                else if (code == DataCodes.Float64)
                {
                    // The row holds the double's bits: a float 64's are the bytes themselves.
                    if (left < 9)
                    {
                        break;
                    }

                    typeBits = DocumentRow.FloatBits;
                    value = BigEndian.ReadInt64(ref Unsafe.Add(ref data, pos + 1));
                    size = 9;
                }
                else if (code == DataCodes.String8)
                {
                    if (left < 2)
                    {
                        break;
                    }

                    int length = Unsafe.Add(ref data, pos + 1);
                    size = 2 + length;
                    if (size > left || (checkUtf8 && !Utf8Text.IsShortAscii(ref Unsafe.Add(ref data, pos + 2), length)))
                    {
                        break;
                    }

                    typeBits = DocumentRow.StringBits;
                    value = length;
                }
                else if (code is DataCodes.Array16 or DataCodes.Map16)
                {
                    if (left < 3)
                    {
                        break;
                    }

                    value = BigEndian.ReadUInt16(ref Unsafe.Add(ref data, pos + 1));
                    bool map = code == DataCodes.Map16;
                    children = map ? 2 * (int)value : (int)value;
                    if (depth >= deepest || children > left - 3)
                    {
                        break;
                    }

                    typeBits = map ? DocumentRow.MapBits : DocumentRow.ArrayBits;
                    size = 3;
                }
                else if (code is DataCodes.FixExtension4 or DataCodes.FixExtension8)
                {
                    // fixext 4 and 8: a timestamp 32 (any seconds), a timestamp 64 (nanoseconds below 10^9), or
                    // another extension.
                    int length = code == DataCodes.FixExtension4 ? 4 : 8;
                    size = 2 + length;
                    if (size > left)
                    {
                        break;
                    }

                    typeBits = DocumentRow.ExtensionBits;
                    if (unchecked((sbyte)Unsafe.Add(ref data, pos + 1)) == DataCodes.TimestampExtensionType)
                    {
                        if (length == 8 && (BigEndian.ReadUInt64(ref Unsafe.Add(ref data, pos + 2)) >> 34) >= Timestamp.NanosecondsPerSecond)
                        {
                            break;
                        }

                        typeBits = DocumentRow.TimestampBits;
                    }

                    value = length;
                }
                else
                {
                    break;
                }

                ref DocumentRow row = ref Unsafe.Add(ref first, count);
                row.Location = pos;
                row.RowsAndType = typeBits | 1;
                row.Value = value;
                count++;
                pos += size;
                if (children != 0)
                {
                    // An array or map with values to come: the one it is in goes into the frames.
                    Unsafe.Add(ref frame, 2 * depth) = open;
                    Unsafe.Add(ref frame, (2 * depth) + 1) = pending;
                    depth++;
                    open = count - 1;
                    pending = children;
                    continue;
                }

                // A whole value: it completes the containers whose last value it is.
                while (--pending == 0)
                {
                    if (depth == 0)
                    {
                        whole = true;
                        goto Out;
                    }

                    Unsafe.Add(ref first, open).SetRows(count - open);
                    depth--;
                    open = Unsafe.Add(ref frame, 2 * depth);
                    pending = Unsafe.Add(ref frame, (2 * depth) + 1);
                }
            }

        Out:
            cursor.Pos = pos;
            cursor.Count = count;
            cursor.Open = open;
            cursor.Pending = pending;
            cursor.Depth = depth;
            return whole;
        }

        /// <summary>
        /// The formats the parse's loop leaves out (str 16/32, bin, ext and timestamps, array and map 16/32, 0xc1):
        /// the row's type bits (0 for a token that fails), its value, the token's size, and for an array or map the
        /// values inside (-1 for a scalar).
        /// </summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int DecodeOther(ref byte token, int left, uint code, bool checkUtf8, out long value, out int size, out long children)
        {
            value = 0;
            size = 0;
            children = -1;
            int header;
            int length;
            switch (code)
            {
                case DataCodes.String8:
                case DataCodes.String16:
                case DataCodes.String32:
                case DataCodes.Binary8:
                case DataCodes.Binary16:
                case DataCodes.Binary32:
                {
                    bool text = code >= DataCodes.String8;
                    header = code is DataCodes.String8 or DataCodes.Binary8 ? 2 : code is DataCodes.String16 or DataCodes.Binary16 ? 3 : 5;
                    if (!TryReadLength(ref token, left, header, out length)
                        || (text && checkUtf8 && !Utf8Text.IsShortAscii(ref Unsafe.Add(ref token, header), length) && !Utf8Text.IsValid(ref Unsafe.Add(ref token, header), length)))
                    {
                        return 0;
                    }

                    size = header + length;
                    value = length;
                    return text ? DocumentRow.StringBits : DocumentRow.BinaryBits;
                }

                case DataCodes.FixExtension1:
                case DataCodes.FixExtension2:
                case DataCodes.FixExtension4:
                case DataCodes.FixExtension8:
                case DataCodes.FixExtension16:
                case DataCodes.Extension8:
                case DataCodes.Extension16:
                case DataCodes.Extension32:
                {
                    if (code >= DataCodes.FixExtension1)
                    {
                        header = 2;
                        length = 1 << (int)(code - DataCodes.FixExtension1);
                        if (left < 2 + length)
                        {
                            return 0;
                        }
                    }
                    else
                    {
                        // ext 8/16/32: the length field, then the type byte.
                        int field = code == DataCodes.Extension8 ? 2 : code == DataCodes.Extension16 ? 3 : 5;
                        header = field + 1;
                        if (left < header || !TryReadLength(ref token, left, field, out length) || header + length > left)
                        {
                            return 0;
                        }
                    }

                    size = header + length;
                    value = length;
                    if (unchecked((sbyte)Unsafe.Add(ref token, header - 1)) == DataCodes.TimestampExtensionType)
                    {
                        // The length and the nanoseconds, by the one timestamp core.
                        return MsgPackSpec.DecodeTimestamp(ref token, left, out _, out _) == ReadStatus.Done ? DocumentRow.TimestampBits : 0;
                    }

                    return DocumentRow.ExtensionBits;
                }

                case DataCodes.Array16:
                case DataCodes.Array32:
                case DataCodes.Map16:
                case DataCodes.Map32:
                {
                    header = code is DataCodes.Array16 or DataCodes.Map16 ? 3 : 5;
                    if (left < header)
                    {
                        return 0;
                    }

                    uint announced = header == 3 ? BigEndian.ReadUInt16(ref Unsafe.Add(ref token, 1)) : BigEndian.ReadUInt32(ref Unsafe.Add(ref token, 1));
                    bool map = code >= DataCodes.Map16;
                    children = map ? 2L * announced : announced;
                    value = announced;
                    size = header;
                    return map ? DocumentRow.MapBits : DocumentRow.ArrayBits;
                }

                default:
                    // 0xc1
                    return 0;
            }
        }

        /// <summary>Reads the length field of a str, bin or ext 8/16/32 header (<paramref name="header"/> - 1 bytes after the code) and checks that the payload is there.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool TryReadLength(ref byte token, int left, int header, out int length)
        {
            length = 0;
            if (left < header)
            {
                return false;
            }

            ref byte field = ref Unsafe.Add(ref token, 1);
            uint value = header == 2 ? field : header == 3 ? BigEndian.ReadUInt16(ref field) : BigEndian.ReadUInt32(ref field);

            // A payload past 2 GiB, or past the input: a failure either way (the validator tells which).
            if (value > (uint)(left - header))
            {
                return false;
            }

            length = (int)value;
            return true;
        }
    }
}
