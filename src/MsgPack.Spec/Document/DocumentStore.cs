namespace MsgPack.Spec
{
    /// <summary>
    /// What a <see cref="MsgPackDocument"/> holds: the bytes (the caller's, or a copy it owns), the index of rows over
    /// them, and a generation that every handle to it (documents and elements) carries and checks.
    /// </summary>
    /// <remarks>
    /// <para>
    /// <b>Reused, so parsing allocates nothing.</b> A disposed store goes back to a cache of four per thread, and the
    /// next parse on that thread takes it; its rows go back to <see cref="ArrayPool{T}"/>. So a parse in a steady
    /// state allocates nothing at all (the handle is a struct), where a class per document would cost an object each.
    /// </para>
    /// <para>
    /// <b>Safe to reuse.</b> Disposing moves the generation on, so every handle made before it (a copy of the
    /// document, an element, an enumerator) no longer matches and throws <see cref="ObjectDisposedException"/>
    /// instead of reading the next document's rows; a second Dispose of a copy does nothing.
    /// </para>
    /// </remarks>
    internal sealed class DocumentStore
    {
        // A few stores per thread: a caller may hold several documents at once (a message and the one inside it).
        private const int CachedPerThread = 4;

        [ThreadStatic]
        private static DocumentStore?[]? t_cached;

        /// <summary>Moves on at every Dispose: handles with another generation are stale.</summary>
        public int Generation = 1;

        /// <summary>The document's bytes: the value and anything after it that TryParse left.</summary>
        public ReadOnlyMemory<byte> Memory
        {
            get => _memory;
            set
            {
                _memory = value;

                // The array behind the memory, when there is one (a parse of an array's bytes, a pooled copy): a span of
                // it is cheaper to make than ReadOnlyMemory<T>.Span, which every element read asks for.
                if (MemoryMarshal.TryGetArray(value, out ArraySegment<byte> segment))
                {
                    _array = segment.Array;
                    _offset = segment.Offset;
                }
                else
                {
                    _array = null;
                    _offset = 0;
                }
            }
        }

        /// <summary>The bytes, as <see cref="Memory"/>'s span.</summary>
        public ReadOnlySpan<byte> Span
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => _array != null ? new ReadOnlySpan<byte>(_array, _offset, _memory.Length) : _memory.Span;
        }

        private ReadOnlyMemory<byte> _memory;
        private byte[]? _array;
        private int _offset;

        /// <summary>The pooled copy the bytes live in when the document owns them (a segmented sequence, ParseValue).</summary>
        public byte[]? RentedBytes;

        /// <summary>The index: <see cref="RowCount"/> rows in use, rented from the pool unless <see cref="Pooled"/> is false.</summary>
        public DocumentRow[] Rows = Array.Empty<DocumentRow>();

        public int RowCount;

        /// <summary>
        /// The row at <paramref name="index"/>, by reference (a row is 16 bytes: the accessors read the field they
        /// need). Bounds-checked still: a Dispose racing a read on another thread must not let it read past the array.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ref DocumentRow RowAt(int index) => ref Rows[index];

        /// <summary>The root value's length in bytes.</summary>
        public int Length;

        /// <summary>Whether the parse checked that every str is UTF-8 (<see cref="MsgPackDocumentOptions.CheckUtf8"/>).</summary>
        public bool Utf8Checked;

        /// <summary>False for a store of <see cref="MsgPackElement.Clone"/>: plain arrays, never returned, never disposed.</summary>
        public bool Pooled = true;

        /// <summary>A store for a new document: this thread's cached one, or a new one.</summary>
        public static DocumentStore Rent()
        {
            DocumentStore?[]? cached = t_cached;
            if (cached != null)
            {
                for (int i = 0; i < cached.Length; i++)
                {
                    DocumentStore? store = cached[i];
                    if (store != null)
                    {
                        cached[i] = null;
                        return store;
                    }
                }
            }

            return new DocumentStore();
        }

        /// <summary>Keeps the store for the thread's next parse, if a slot is free.</summary>
        private void Cache()
        {
            DocumentStore?[] cached = t_cached ??= new DocumentStore?[CachedPerThread];
            for (int i = 0; i < cached.Length; i++)
            {
                if (cached[i] == null)
                {
                    cached[i] = this;
                    return;
                }
            }
        }

        /// <summary>Gives the rows and the owned bytes back, makes every handle stale, and caches the store for the next parse.</summary>
        public void Release(int generation)
        {
            if (generation != Generation || !Pooled)
            {
                return;
            }

            // Skips 0, the generation of no handle (a default element has no store at all, but a generation of 0
            // never matches, whatever happens).
            Generation = Generation == int.MaxValue ? 1 : Generation + 1;
            ReturnArrays();
            Cache();
        }

        /// <summary>Gives the rows and the owned bytes back to their pools (a failed parse, or Dispose).</summary>
        public void ReturnArrays()
        {
            if (Rows.Length != 0)
            {
                ArrayPool<DocumentRow>.Shared.Return(Rows);
                Rows = Array.Empty<DocumentRow>();
            }

            if (RentedBytes != null)
            {
                ArrayPool<byte>.Shared.Return(RentedBytes);
                RentedBytes = null;
            }

            Memory = default;
            RowCount = 0;
            Length = 0;
        }

        /// <summary>Gives a store whose parse failed back to the cache (no handle was made from it).</summary>
        public void Abandon()
        {
            ReturnArrays();
            Cache();
        }

        /// <summary>Makes room for one more row: a pooled array twice as large, the rows copied over.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public DocumentRow[] Grow()
        {
            DocumentRow[] larger = ArrayPool<DocumentRow>.Shared.Rent(Math.Max(16, Rows.Length * 2));
            Rows.AsSpan(0, RowCount).CopyTo(larger);
            if (Rows.Length != 0)
            {
                ArrayPool<DocumentRow>.Shared.Return(Rows);
            }

            Rows = larger;
            return larger;
        }
    }
}
