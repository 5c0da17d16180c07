using System.Collections;
using System.Collections.Generic;

namespace MsgPack.Spec
{
    /// <summary>One entry of a map element: its key and its value, both elements.</summary>
    public readonly struct MsgPackMapEntry
    {
        internal MsgPackMapEntry(MsgPackElement key, MsgPackElement value)
        {
            Key = key;
            Value = value;
        }

        /// <summary>The key (any kind of value: a str, an integer, or anything else).</summary>
        public MsgPackElement Key { get; }

        /// <summary>The value.</summary>
        public MsgPackElement Value { get; }

        /// <summary>The key and the value, for <c>foreach (var (key, value) in map.EnumerateMap())</c>.</summary>
        /// <param name="key">The key.</param>
        /// <param name="value">The value.</param>
        public void Deconstruct(out MsgPackElement key, out MsgPackElement value)
        {
            key = Key;
            value = Value;
        }
    }

    public readonly partial struct MsgPackElement
    {
        /// <summary>The items of an array element, in order (<see cref="EnumerateArray"/>): a struct, so <c>foreach</c> allocates nothing.</summary>
        /// <remarks>
        /// Rows, not elements: the store, the generation and four row numbers (32 bytes with the padding), the current element made when
        /// asked for, so that a walk that recurses into each item keeps a small frame (a struct local the JIT zeroes at
        /// every call of the walker, scalar items included).
        /// </remarks>
        public struct ArrayEnumerator : IEnumerable<MsgPackElement>, IEnumerator<MsgPackElement>
        {
            private readonly DocumentStore? _store;
            private readonly int _generation;
            private readonly int _first;
            private readonly int _end;
            private int _next;

            // The current item's row; 0 before the first (row 0 is the root, never an item).
            private int _current;

            internal ArrayEnumerator(MsgPackElement array, int end)
            {
                _store = array._store;
                _generation = array._generation;
                _first = array._row + 1;
                _end = end;
                _next = _first;
                _current = 0;
            }

            /// <summary>The current item.</summary>
            public readonly MsgPackElement Current => _current == 0 ? default : new MsgPackElement(_store!, _current, _generation);

            readonly object IEnumerator.Current => Current;

            /// <summary>The enumerator itself, at the start, for <c>foreach</c>.</summary>
            /// <returns>The enumerator.</returns>
            public readonly ArrayEnumerator GetEnumerator()
            {
                ArrayEnumerator start = this;
                start.Reset();
                return start;
            }

            readonly IEnumerator<MsgPackElement> IEnumerable<MsgPackElement>.GetEnumerator() => GetEnumerator();

            readonly IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

            /// <summary>Moves to the next item.</summary>
            /// <returns>Whether there is one.</returns>
            /// <exception cref="ObjectDisposedException">The document was disposed.</exception>
            public bool MoveNext()
            {
                DocumentStore store = Live(_store, _generation);
                int next = _next;
                if (next >= _end)
                {
                    return false;
                }

                _current = next;
                _next = next + store.RowAt(next).Rows;
                return true;
            }

            /// <summary>Goes back to the start.</summary>
            public void Reset()
            {
                _next = _first;
                _current = 0;
            }

            /// <summary>Nothing to release.</summary>
            public readonly void Dispose()
            {
            }
        }

        /// <summary>The entries of a map element, in order (<see cref="EnumerateMap"/>): a struct, so <c>foreach</c> allocates nothing.</summary>
        /// <remarks>Rows, not elements, as <see cref="ArrayEnumerator"/> (32 bytes): the current entry is made when asked for.</remarks>
        public struct MapEnumerator : IEnumerable<MsgPackMapEntry>, IEnumerator<MsgPackMapEntry>
        {
            private readonly DocumentStore? _store;
            private readonly int _generation;
            private readonly int _first;
            private readonly int _end;
            private int _next;

            // The current entry's key row (0 before the first: row 0 is the root, never a key) and value row.
            private int _key;
            private int _value;

            internal MapEnumerator(MsgPackElement map, int end)
            {
                _store = map._store;
                _generation = map._generation;
                _first = map._row + 1;
                _end = end;
                _next = _first;
                _key = 0;
                _value = 0;
            }

            /// <summary>The current entry.</summary>
            public readonly MsgPackMapEntry Current => _key == 0
                ? default
                : new MsgPackMapEntry(new MsgPackElement(_store!, _key, _generation), new MsgPackElement(_store!, _value, _generation));

            readonly object IEnumerator.Current => Current;

            /// <summary>The enumerator itself, at the start, for <c>foreach</c>.</summary>
            /// <returns>The enumerator.</returns>
            public readonly MapEnumerator GetEnumerator()
            {
                MapEnumerator start = this;
                start.Reset();
                return start;
            }

            readonly IEnumerator<MsgPackMapEntry> IEnumerable<MsgPackMapEntry>.GetEnumerator() => GetEnumerator();

            readonly IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

            /// <summary>Moves to the next entry.</summary>
            /// <returns>Whether there is one.</returns>
            /// <exception cref="ObjectDisposedException">The document was disposed.</exception>
            public bool MoveNext()
            {
                DocumentStore store = Live(_store, _generation);
                int next = _next;
                if (next >= _end)
                {
                    return false;
                }

                DocumentRow[] rows = store.Rows;
                int value = next + rows[next].Rows;
                _key = next;
                _value = value;
                _next = value + rows[value].Rows;
                return true;
            }

            /// <summary>Goes back to the start.</summary>
            public void Reset()
            {
                _next = _first;
                _key = 0;
                _value = 0;
            }

            /// <summary>Nothing to release.</summary>
            public readonly void Dispose()
            {
            }
        }
    }
}
