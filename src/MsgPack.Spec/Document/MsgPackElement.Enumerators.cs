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
        public struct ArrayEnumerator : IEnumerable<MsgPackElement>, IEnumerator<MsgPackElement>
        {
            private readonly MsgPackElement _array;
            private readonly int _end;
            private int _next;
            private MsgPackElement _current;

            internal ArrayEnumerator(MsgPackElement array, int end)
            {
                _array = array;
                _end = end;
                _next = array._row + 1;
                _current = default;
            }

            /// <summary>The current item.</summary>
            public readonly MsgPackElement Current => _current;

            readonly object IEnumerator.Current => _current;

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
                DocumentStore store = _array.Live();
                int next = _next;
                if (next >= _end)
                {
                    return false;
                }

                _current = new MsgPackElement(store, next, _array._generation);
                _next = next + store.RowAt(next).Rows;
                return true;
            }

            /// <summary>Goes back to the start.</summary>
            public void Reset()
            {
                _next = _array._row + 1;
                _current = default;
            }

            /// <summary>Nothing to release.</summary>
            public readonly void Dispose()
            {
            }
        }

        /// <summary>The entries of a map element, in order (<see cref="EnumerateMap"/>): a struct, so <c>foreach</c> allocates nothing.</summary>
        public struct MapEnumerator : IEnumerable<MsgPackMapEntry>, IEnumerator<MsgPackMapEntry>
        {
            private readonly MsgPackElement _map;
            private readonly int _end;
            private int _next;
            private MsgPackMapEntry _current;

            internal MapEnumerator(MsgPackElement map, int end)
            {
                _map = map;
                _end = end;
                _next = map._row + 1;
                _current = default;
            }

            /// <summary>The current entry.</summary>
            public readonly MsgPackMapEntry Current => _current;

            readonly object IEnumerator.Current => _current;

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
                DocumentStore store = _map.Live();
                int next = _next;
                if (next >= _end)
                {
                    return false;
                }

                DocumentRow[] rows = store.Rows;
                int valueRow = next + rows[next].Rows;
                _current = new MsgPackMapEntry(new MsgPackElement(store, next, _map._generation), new MsgPackElement(store, valueRow, _map._generation));
                _next = valueRow + rows[valueRow].Rows;
                return true;
            }

            /// <summary>Goes back to the start.</summary>
            public void Reset()
            {
                _next = _map._row + 1;
                _current = default;
            }

            /// <summary>Nothing to release.</summary>
            public readonly void Dispose()
            {
            }
        }
    }
}
