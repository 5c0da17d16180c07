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
            Span<int> frames = stack.Span;
            store.Utf8Checked = checkUtf8;
            ref byte data = ref MemoryMarshal.GetReference(bytes);
            int end = bytes.Length;
            int pos = 0;
            int depth = 0;
            int count = 0;

            // Most documents take 2 bytes a value or more; a denser one grows the rows once or twice.
            DocumentRow[] rows = store.Rows;
            if (rows.Length == 0)
            {
                rows = store.Rows = ArrayPool<DocumentRow>.Shared.Rent((int)Math.Min(Math.Min(end, maxRows) + 1L, 16 + (end / 2)));
            }

            while (true)
            {
                int left = end - pos;
                if (left <= 0)
                {
                    goto Fail;
                }

                uint code = Unsafe.Add(ref data, pos);
                MsgPackType type;
                int length = 0;    // str/bin/ext payload, array items, map entries
                long value;        // the row's value: the length, or an integer's, bool's or float's value (DocumentRow.Value)
                long children = 0; // values inside an array or map
                int size;          // the bytes of the token: the whole scalar, or a container's header
                if (code <= DataCodes.MaxPositiveFixInt || code >= DataCodes.MinNegativeFixInt)
                {
                    type = MsgPackType.Integer;
                    value = unchecked((sbyte)code);
                    size = 1;
                }
                else if (code <= DataCodes.MaxFixArray)
                {
                    // fixmap 0x80..0x8f, fixarray 0x90..0x9f
                    length = (int)(code & 0x0f);
                    bool map = code <= DataCodes.MaxFixMap;
                    type = map ? MsgPackType.Map : MsgPackType.Array;
                    children = map ? 2 * length : length;
                    value = length;
                    size = 1;
                }
                else if (code <= DataCodes.MaxFixString)
                {
                    type = MsgPackType.String;
                    length = (int)(code & 0x1f);
                    value = length;
                    size = 1 + length;
                    if (size > left || (checkUtf8 && !IsShortAscii(ref Unsafe.Add(ref data, pos + 1), length) && !Utf8Text.IsValid(ref Unsafe.Add(ref data, pos + 1), length)))
                    {
                        goto Fail;
                    }
                }
                else
                {
                    int header;
                    switch (code)
                    {
                        case DataCodes.Nil:
                            type = MsgPackType.Nil;
                            value = 0;
                            size = 1;
                            break;
                        case DataCodes.False:
                        case DataCodes.True:
                            type = MsgPackType.Boolean;
                            value = code == DataCodes.True ? 1 : 0;
                            size = 1;
                            break;
                        case DataCodes.Float32:
                        case DataCodes.Float64:
                            type = MsgPackType.Float;
                            size = code == DataCodes.Float32 ? 5 : 9;

                            // The one float core: a float 32 widened exactly, so GetDouble reads the row alone. Its
                            // status is the bounds check (NeedMoreData when the value runs past the input).
                            if (MsgPackSpec.DecodeDouble(ref Unsafe.Add(ref data, pos), left, out double real, out _) != ReadStatus.Done)
                            {
                                goto Fail;
                            }

                            value = BitConverter.DoubleToInt64Bits(real);
                            break;
                        case DataCodes.UInt8:
                        case DataCodes.UInt16:
                        case DataCodes.UInt32:
                        case DataCodes.UInt64:
                        case DataCodes.Int8:
                        case DataCodes.Int16:
                        case DataCodes.Int32:
                        case DataCodes.Int64:
                            type = MsgPackType.Integer;
                            size = MsgPackSpec.TokenSizeTable[(int)code];

                            // The integer cores: a uint 64 above long.MaxValue keeps its bits (its code tells it apart);
                            // every other width fits a long. Their status is the bounds check.
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

                            break;
                        case DataCodes.String8:
                        case DataCodes.String16:
                        case DataCodes.String32:
                        case DataCodes.Binary8:
                        case DataCodes.Binary16:
                        case DataCodes.Binary32:
                        {
                            type = code >= DataCodes.String8 ? MsgPackType.String : MsgPackType.Binary;
                            header = code is DataCodes.String8 or DataCodes.Binary8 ? 2 : code is DataCodes.String16 or DataCodes.Binary16 ? 3 : 5;
                            if (!TryReadLength(ref Unsafe.Add(ref data, pos), left, header, out length))
                            {
                                goto Fail;
                            }

                            size = header + length;
                            value = length;
                            if (type == MsgPackType.String && checkUtf8 && !IsShortAscii(ref Unsafe.Add(ref data, pos + header), length) && !Utf8Text.IsValid(ref Unsafe.Add(ref data, pos + header), length))
                            {
                                goto Fail;
                            }

                            break;
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
                                    goto Fail;
                                }
                            }
                            else
                            {
                                // ext 8/16/32: the length field, then the type byte.
                                int field = code == DataCodes.Extension8 ? 2 : code == DataCodes.Extension16 ? 3 : 5;
                                header = field + 1;
                                if (left < header || !TryReadLength(ref Unsafe.Add(ref data, pos), left, field, out length) || header + length > left)
                                {
                                    goto Fail;
                                }
                            }

                            size = header + length;
                            value = length;
                            type = MsgPackType.Extension;
                            if (unchecked((sbyte)Unsafe.Add(ref data, pos + header - 1)) == DataCodes.TimestampExtensionType)
                            {
                                // The length and the nanoseconds, by the one timestamp core.
                                if (MsgPackSpec.DecodeTimestamp(ref Unsafe.Add(ref data, pos), left, out _, out _) != ReadStatus.Done)
                                {
                                    goto Fail;
                                }

                                type = MsgPackType.Timestamp;
                            }

                            break;
                        }

                        case DataCodes.Array16:
                        case DataCodes.Array32:
                        case DataCodes.Map16:
                        case DataCodes.Map32:
                        {
                            header = code is DataCodes.Array16 or DataCodes.Map16 ? 3 : 5;
                            if (left < header)
                            {
                                goto Fail;
                            }

                            uint announced = header == 3 ? BigEndian.ReadUInt16(ref Unsafe.Add(ref data, pos + 1)) : BigEndian.ReadUInt32(ref Unsafe.Add(ref data, pos + 1));
                            bool map = code >= DataCodes.Map16;
                            type = map ? MsgPackType.Map : MsgPackType.Array;
                            children = map ? 2L * announced : announced;
                            length = (int)announced;
                            value = announced;
                            size = header;
                            break;
                        }

                        default:
                            // 0xc1
                            goto Fail;
                    }

                    if (size > left)
                    {
                        goto Fail;
                    }
                }

                if (type >= MsgPackType.Array && type <= MsgPackType.Map)
                {
                    // Every array and map is a level, an empty one too (as the validator counts). Each value inside
                    // takes a byte at least: more than the bytes left cannot all be there.
                    if (depth >= maxDepth || children > left - size)
                    {
                        goto Fail;
                    }
                }

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

                rows[count] = new DocumentRow(pos, type, value);
                count++;
                pos += size;
                if (children != 0)
                {
                    if (2 * depth == frames.Length)
                    {
                        stack.Grow();
                        frames = stack.Span;
                    }

                    frames[2 * depth] = count - 1;
                    frames[(2 * depth) + 1] = (int)children;
                    depth++;
                    continue;
                }

                // A whole value: it completes the containers whose last value it is.
                while (true)
                {
                    if (depth == 0)
                    {
                        consumed = pos;
                        store.RowCount = count;
                        return ParseOutcome.Done;
                    }

                    if (--frames[(2 * depth) - 1] != 0)
                    {
                        break;
                    }

                    int container = frames[(2 * depth) - 2];
                    rows[container].SetRows(count - container);
                    depth--;
                }
            }

        Fail:
            consumed = pos;
            store.RowCount = count;
            return ParseOutcome.Malformed;
        }

        /// <summary>
        /// Whether a str of up to 64 bytes is all ASCII (so UTF-8), tested a word at a time here, the last word
        /// overlapping the one before: most keys and short values are, and the call to the validator, which then
        /// decides every other str, costs more than the test for such short text.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool IsShortAscii(ref byte start, int length)
        {
            if (length >= 8)
            {
                if (length > 64)
                {
                    return false;
                }

                ulong bits = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, length - 8));
                for (int i = 0; i < length - 8; i += 8)
                {
                    bits |= Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, i));
                }

                return (bits & 0x8080808080808080UL) == 0;
            }

            if (length >= 4)
            {
                uint word = Unsafe.ReadUnaligned<uint>(ref start) | Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref start, length - 4));
                return (word & 0x80808080u) == 0;
            }

            uint any = 0;
            for (int i = 0; i < length; i++)
            {
                any |= Unsafe.Add(ref start, i);
            }

            return any < 0x80;
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
