using System.Collections.Generic;

namespace MsgPack.Spec
{
    /// <summary>
    /// One value of a <see cref="MsgPackDocument"/>: its kind, its items or entries, its scalar, its bytes. A handle of
    /// 16 bytes (the document, a row of its index), valid until the document is disposed.
    /// </summary>
    /// <remarks>
    /// <para>
    /// <b>Navigation.</b> <see cref="this[int]"/> and <see cref="EnumerateArray"/> for an array (the indexer takes
    /// constant time when no item is an array or map, else it steps over the items before), <see cref="EnumerateMap"/>
    /// and <see cref="TryGetProperty(string, out MsgPackElement)"/> for a map (by str key as a <see cref="string"/> or
    /// as UTF-8, or by integer key in any integer form; the first entry with the key wins; a scan of the keys, which
    /// compares lengths before bytes).
    /// </para>
    /// <para>
    /// <b>Values.</b> <c>Get*</c> and <c>TryGet*</c> decode with the readers' own cores, so an element reads what
    /// <see cref="MsgPackSpec"/>'s reader of the same name reads at its offset: every integer width whose value fits,
    /// a float 32 widened exactly for <see cref="GetDouble"/>. <c>Get*</c> throws <see cref="InvalidOperationException"/>
    /// for a value of another kind (as <see cref="MsgPackToken"/>'s getters do) and <see cref="MsgPackOverflowException"/>
    /// for an integer that does not fit; <c>TryGet*</c> returns false for both and never throws but for a disposed
    /// document. Strings, binaries, extension data and raw bytes come as slices of the document's bytes, no copy.
    /// </para>
    /// </remarks>
    public readonly partial struct MsgPackElement
    {
        private readonly DocumentStore? _store;
        private readonly int _row;
        private readonly int _generation;

        internal MsgPackElement(DocumentStore store, int row, int generation)
        {
            _store = store;
            _row = row;
            _generation = generation;
        }

        /// <summary>The kind of the value: <see cref="MsgPackType.Timestamp"/> for the timestamp extension, <see cref="MsgPackType.Extension"/> for any other ext.</summary>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public MsgPackType Type
        {
            get
            {
                return Live().RowAt(_row).Type;
            }
        }

        /// <summary>The exact format of the value, from its first byte (<see cref="MsgPackFormat.FixMap"/>, <see cref="MsgPackFormat.UInt32"/>...).</summary>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public MsgPackFormat Format => MsgPackSpec.GetFormat(Code);

        /// <summary>Whether the value is nil.</summary>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool IsNil => Type == MsgPackType.Nil;

        private byte Code
        {
            get
            {
                DocumentStore store = Live();
                return store.Span[store.RowAt(_row).Location];
            }
        }

        /// <summary>The number of items of an array.</summary>
        /// <returns>The items.</returns>
        /// <exception cref="InvalidOperationException">The value is not an array.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public int GetArrayLength() => Container(MsgPackType.Array).Length;

        /// <summary>The number of entries (key-value pairs) of a map.</summary>
        /// <returns>The entries.</returns>
        /// <exception cref="InvalidOperationException">The value is not a map.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public int GetMapCount() => Container(MsgPackType.Map).Length;

        /// <summary>The item of an array at <paramref name="index"/>.</summary>
        /// <param name="index">From 0 to the array's length - 1.</param>
        /// <returns>The item.</returns>
        /// <exception cref="InvalidOperationException">The value is not an array.</exception>
        /// <exception cref="IndexOutOfRangeException"><paramref name="index"/> is outside the array.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public MsgPackElement this[int index]
        {
            get
            {
                ref DocumentRow array = ref Container(MsgPackType.Array);
                if ((uint)index >= (uint)array.Length)
                {
                    ThrowIndexOutOfRange(index, array.Length);
                }

                // No item is an array or map (each is one row): the item's row is at hand. Else step over the items
                // before it, a subtree at a time.
                int row = _row + 1;
                if (array.Rows == array.Length + 1)
                {
                    row += index;
                }
                else
                {
                    DocumentRow[] rows = _store!.Rows;
                    for (int i = 0; i < index; i++)
                    {
                        row += rows[row].Rows;
                    }
                }

                return new MsgPackElement(_store!, row, _generation);
            }
        }

        /// <summary>The items of an array, in order, without allocating (<c>foreach</c> over it).</summary>
        /// <returns>The enumerator, which is also the enumerable.</returns>
        /// <exception cref="InvalidOperationException">The value is not an array.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public ArrayEnumerator EnumerateArray()
        {
            return new ArrayEnumerator(this, _row + Container(MsgPackType.Array).Rows);
        }

        /// <summary>The entries of a map, in order, keys and values as elements, without allocating (<c>foreach</c> over it).</summary>
        /// <returns>The enumerator, which is also the enumerable.</returns>
        /// <exception cref="InvalidOperationException">The value is not a map.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public MapEnumerator EnumerateMap()
        {
            return new MapEnumerator(this, _row + Container(MsgPackType.Map).Rows);
        }

        /// <summary>Looks a str key up in a map: the value of the first entry whose key is <paramref name="key"/>.</summary>
        /// <param name="key">The key, compared as UTF-8 with the keys' bytes (lone surrogates as U+FFFD, as the writers encode them).</param>
        /// <param name="value">The value; <c>default</c> when the result is false.</param>
        /// <returns>Whether the map has the key.</returns>
        /// <exception cref="InvalidOperationException">The value is not a map.</exception>
        /// <exception cref="ArgumentNullException"><paramref name="key"/> is null.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        [SkipLocalsInit]
        public bool TryGetProperty(string key, out MsgPackElement value)
        {
            if (key is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(key));
            }

            // Keys are short: encoded on the stack (3 bytes a char at most), a pooled array for a long one.
            const int StackKeyChars = 128;
            byte[]? rented = null;
            Span<byte> utf8 = key.Length <= StackKeyChars
                ? stackalloc byte[3 * StackKeyChars]
                : (rented = ArrayPool<byte>.Shared.Rent(3 * key.Length));
            int length = Utf8Text.Encode(key.AsSpan(), ref MemoryMarshal.GetReference(utf8), utf8.Length);
            bool found = TryGetProperty(utf8.Slice(0, length), out value);
            if (rented != null)
            {
                ArrayPool<byte>.Shared.Return(rented);
            }

            return found;
        }

        /// <summary>Looks a str key up in a map by its UTF-8 bytes: the value of the first entry whose key has exactly these bytes.</summary>
        /// <param name="utf8Key">The key's UTF-8 bytes (a <c>"name"u8</c> literal).</param>
        /// <param name="value">The value; <c>default</c> when the result is false.</param>
        /// <returns>Whether the map has the key.</returns>
        /// <exception cref="InvalidOperationException">The value is not a map.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetProperty(ReadOnlySpan<byte> utf8Key, out MsgPackElement value) => TryFindEntry(utf8Key, 0, byInteger: false, out value);

        /// <summary>Looks an integer key up in a map: the value of the first entry whose key is an integer (in any of the ten formats) equal to <paramref name="key"/>.</summary>
        /// <param name="key">The key.</param>
        /// <param name="value">The value; <c>default</c> when the result is false.</param>
        /// <returns>Whether the map has the key.</returns>
        /// <exception cref="InvalidOperationException">The value is not a map.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public bool TryGetProperty(long key, out MsgPackElement value) => TryFindEntry(default, key, byInteger: true, out value);

        /// <summary>
        /// The scan behind the lookups: the keys in order, each compared by kind first, then a str's length and bytes
        /// with <paramref name="utf8Key"/>, or an integer's value (any format) with <paramref name="integerKey"/>.
        /// </summary>
        private bool TryFindEntry(ReadOnlySpan<byte> utf8Key, long integerKey, bool byInteger, out MsgPackElement value)
        {
            ref DocumentRow map = ref Container(MsgPackType.Map);
            int count = map.Length;
            DocumentStore store = _store!;
            DocumentRow[] rows = store.Rows;
            ReadOnlySpan<byte> bytes = store.Span;
            MsgPackType keyType = byInteger ? MsgPackType.Integer : MsgPackType.String;
            int row = _row + 1;
            if (map.Rows == (2 * count) + 1 && !byInteger)
            {
                // No key or value is an array or map (each is one row): entry i is rows 2i and 2i + 1 after the map's,
                // so the keys are compared without walking from one entry to the next. A str key's payload ends
                // where its value starts.
                if (row + (2 * count) > rows.Length)
                {
                    ThrowHelper.ThrowObjectDisposed(nameof(MsgPackDocument));
                }

                ref DocumentRow keys = ref rows[row];
                int length = utf8Key.Length;
                if (length is > 0 and <= 8)
                {
                    // A key of up to 8 bytes is compared as a word: the 8 bytes that end where a key of its length
                    // ends (where the value starts), shifted to keep the key's, against the key's own. A key less than
                    // 8 bytes from the start of the document (the first, in a map at the very start) is compared as
                    // bytes.
                    int shift = 64 - (8 * length);
                    ulong wanted = 0;
                    for (int b = length - 1; b >= 0; b--)
                    {
                        wanted = (wanted << 8) | utf8Key[b];
                    }

                    for (int i = 0; i < 2 * count; i += 2)
                    {
                        ref DocumentRow key = ref Unsafe.Add(ref keys, i);
                        if (key.Value == length && key.Type == MsgPackType.String)
                        {
                            int keyEnd = Unsafe.Add(ref key, 1).Location;
                            if (keyEnd >= 8
                                ? System.Buffers.Binary.BinaryPrimitives.ReadUInt64LittleEndian(bytes.Slice(keyEnd - 8, 8)) >> shift == wanted
                                : bytes.Slice(keyEnd - length, length).SequenceEqual(utf8Key))
                            {
                                value = new MsgPackElement(store, row + i + 1, _generation);
                                return true;
                            }
                        }
                    }

                    value = default;
                    return false;
                }

                for (int i = 0; i < 2 * count; i += 2)
                {
                    ref DocumentRow key = ref Unsafe.Add(ref keys, i);
                    if (key.Value == length && key.Type == MsgPackType.String
                        && bytes.Slice(Unsafe.Add(ref key, 1).Location - length, length).SequenceEqual(utf8Key))
                    {
                        value = new MsgPackElement(store, row + i + 1, _generation);
                        return true;
                    }
                }

                value = default;
                return false;
            }

            for (int i = 0; i < count; i++)
            {
                ref DocumentRow key = ref rows[row];
                int valueRow = row + key.Rows;
                ref DocumentRow entry = ref rows[valueRow];

                // The key's value is in its row: an integer's (a uint 64 above long.MaxValue, negative there, is never
                // a long key), a str's length; a str's payload ends where the value starts, so it is found without
                // decoding the key's header.
                if (key.Type == keyType && (byInteger
                    ? key.Value == integerKey && (integerKey >= 0 || bytes[key.Location] != DataCodes.UInt64)
                    : key.Value == utf8Key.Length && bytes.Slice(entry.Location - utf8Key.Length, utf8Key.Length).SequenceEqual(utf8Key)))
                {
                    value = new MsgPackElement(store, valueRow, _generation);
                    return true;
                }

                row = valueRow + entry.Rows;
            }

            value = default;
            return false;
        }

        /// <summary>The value of a map's entry with a str key (see <see cref="TryGetProperty(string, out MsgPackElement)"/>).</summary>
        /// <param name="key">The key.</param>
        /// <returns>The value.</returns>
        /// <exception cref="KeyNotFoundException">The map has no such key.</exception>
        /// <exception cref="InvalidOperationException">The value is not a map.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public MsgPackElement GetProperty(string key)
        {
            if (!TryGetProperty(key, out MsgPackElement value))
            {
                ThrowKeyNotFound(key);
            }

            return value;
        }

        /// <summary>The value of a map's entry with a str key given as UTF-8 (see <see cref="TryGetProperty(ReadOnlySpan{byte}, out MsgPackElement)"/>).</summary>
        /// <param name="utf8Key">The key's UTF-8 bytes.</param>
        /// <returns>The value.</returns>
        /// <exception cref="KeyNotFoundException">The map has no such key.</exception>
        /// <exception cref="InvalidOperationException">The value is not a map.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public MsgPackElement GetProperty(ReadOnlySpan<byte> utf8Key)
        {
            if (!TryGetProperty(utf8Key, out MsgPackElement value))
            {
                ThrowKeyNotFound(System.Text.Encoding.UTF8.GetString(utf8Key.ToArray()));
            }

            return value;
        }

        /// <summary>The value of a map's entry with an integer key (see <see cref="TryGetProperty(long, out MsgPackElement)"/>).</summary>
        /// <param name="key">The key.</param>
        /// <returns>The value.</returns>
        /// <exception cref="KeyNotFoundException">The map has no such key.</exception>
        /// <exception cref="InvalidOperationException">The value is not a map.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public MsgPackElement GetProperty(long key)
        {
            if (!TryGetProperty(key, out MsgPackElement value))
            {
                ThrowKeyNotFound(key.ToString(System.Globalization.CultureInfo.InvariantCulture));
            }

            return value;
        }

        /// <summary>The value's encoded bytes as they are in the document (its header, payload, items and entries): a slice, no copy.</summary>
        /// <returns>The bytes.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public ReadOnlyMemory<byte> GetRawBytes()
        {
            DocumentStore store = Live();
            DocumentRow[] rows = store.Rows;
            ref DocumentRow row = ref rows[_row];

            // The rows follow the bytes: the value ends where the row after its subtree starts, or with the document.
            int next = _row + row.Rows;
            int end = next < store.RowCount ? rows[next].Location : store.Length;
            return store.Memory.Slice(row.Location, end - row.Location);
        }

        /// <summary>Writes the value, its bytes as they are (see <see cref="GetRawBytes"/>).</summary>
        /// <param name="writer">The writer.</param>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public void WriteTo(ref MsgPackWriter writer) => writer.WriteRaw(GetRawBytes().Span);

        /// <summary>The value as JSON text, as <see cref="MsgPackJson"/> renders it (bin as base64, ext as an object, keys that are not str as their JSON text).</summary>
        /// <param name="options">The limits; <see langword="null"/> for <see cref="MsgPackJson"/>'s defaults (64 levels, as the document's).</param>
        /// <returns>The JSON text.</returns>
        /// <exception cref="MsgPackTextLimitException">The value nests deeper than the options' MaxDepth, or its text is longer than their MaxOutputLength.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public string ToJson(MsgPackTextOptions? options = null) => MsgPackJson.ToJson(GetRawBytes().Span, options);

        /// <summary>Writes the value's JSON text as UTF-8 (see <see cref="ToJson"/>).</summary>
        /// <param name="utf8Json">Where the text goes.</param>
        /// <param name="options">The limits; <see langword="null"/> for <see cref="MsgPackJson"/>'s defaults.</param>
        /// <exception cref="MsgPackTextLimitException">The value nests deeper than the options' MaxDepth, or its text is longer than their MaxOutputLength.</exception>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public void WriteJson(IBufferWriter<byte> utf8Json, MsgPackTextOptions? options = null) => MsgPackJson.WriteJson(GetRawBytes().Span, utf8Json, options);

        /// <summary>
        /// A copy of the value that needs no document: its bytes and its rows copied into arrays of its own, which
        /// the garbage collector reclaims (nothing to dispose). To keep a value after its document is disposed.
        /// </summary>
        /// <returns>The copy.</returns>
        /// <exception cref="ObjectDisposedException">The document was disposed, or the element is <c>default</c>.</exception>
        public MsgPackElement Clone()
        {
            DocumentStore store = Live();
            ReadOnlyMemory<byte> raw = GetRawBytes();
            int rowCount = store.Rows[_row].Rows;
            var rows = new DocumentRow[rowCount];
            int start = store.Rows[_row].Location;
            for (int i = 0; i < rowCount; i++)
            {
                DocumentRow row = store.Rows[_row + i];
                row.Location -= start;
                rows[i] = row;
            }

            var copy = new DocumentStore
            {
                Memory = raw.ToArray(),
                Rows = rows,
                RowCount = rowCount,
                Length = raw.Length,
                Utf8Checked = store.Utf8Checked,
                Pooled = false,
            };
            return new MsgPackElement(copy, 0, copy.Generation);
        }

        /// <summary>
        /// Reads the next value of <paramref name="reader"/> into an element that needs no document (see
        /// <see cref="Clone"/>): for a member of type <see cref="MsgPackElement"/>.
        /// </summary>
        /// <param name="reader">The reader; moved past the value only when it is read.</param>
        /// <param name="options">The limits; <c>default</c> for 64 levels and UTF-8 checked.</param>
        /// <returns>The element.</returns>
        /// <exception cref="MsgPackException">The input ends inside the value or is not one, or a limit is passed (as <see cref="MsgPackDocument.ParseValue"/>).</exception>
        public static MsgPackElement ParseValue(ref MsgPackReader reader, MsgPackDocumentOptions options = default)
        {
            using MsgPackDocument document = MsgPackDocument.ParseValue(ref reader, options);
            return document.RootElement.Clone();
        }

        /// <summary>The value as JSON text (<see cref="ToJson"/> without limits on depth; a text too long is cut with a note), or a word for a <c>default</c> or disposed element.</summary>
        /// <returns>The text.</returns>
        public override string ToString()
        {
            if (_store == null || _store.Generation != _generation)
            {
                return _store == null ? "default MsgPackElement" : "MsgPackElement of a disposed document";
            }

            try
            {
                return ToJson(ToStringOptions);
            }
            catch (MsgPackTextLimitException)
            {
                return $"{Type} of {GetRawBytes().Length} bytes (its JSON text is longer than {ToStringOptions.MaxOutputLength} bytes)";
            }
        }

        private static readonly MsgPackTextOptions ToStringOptions = new MsgPackTextOptions { MaxDepth = int.MaxValue, MaxOutputLength = 1 << 20 };

        /// <summary>The element's store, checked to be the one the element was made from.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private DocumentStore Live() => Live(_store, _generation);

        /// <summary>The store of a handle (an element, an enumerator), checked to be the one the handle was made from.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static DocumentStore Live(DocumentStore? store, int generation)
        {
            if (store == null || store.Generation != generation)
            {
                ThrowHelper.ThrowObjectDisposed(nameof(MsgPackDocument));
            }

            return store!;
        }

        /// <summary>The row of an array or map, checked to be of <paramref name="type"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ref DocumentRow Container(MsgPackType type)
        {
            ref DocumentRow row = ref Live().RowAt(_row);
            if (row.Type != type)
            {
                ThrowWrongType(row.Type, type);
            }

            return ref row;
        }

        [System.Diagnostics.CodeAnalysis.DoesNotReturn]
        private static void ThrowWrongType(MsgPackType actual, MsgPackType expected) =>
            throw new InvalidOperationException($"The element is {Describe(actual)}, not {Describe(expected)}.");

        private static string Describe(MsgPackType type) => type switch
        {
            MsgPackType.Nil => "nil",
            MsgPackType.Integer => "an integer",
            MsgPackType.Array => "an array",
            MsgPackType.Extension => "an extension",
            _ => "a " + type.ToString().ToLowerInvariant(),
        };

        [System.Diagnostics.CodeAnalysis.DoesNotReturn]
        private static void ThrowIndexOutOfRange(int index, int length) =>
            throw new IndexOutOfRangeException($"Index {index} is outside the array of {length} items.");

        [System.Diagnostics.CodeAnalysis.DoesNotReturn]
        private static void ThrowKeyNotFound(string key) =>
            throw new KeyNotFoundException($"The map has no key {key}.");
    }
}
