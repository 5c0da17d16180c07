using System;
using System.Threading;
using System.Threading.Tasks;
using System.Threading.Tasks.Sources;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>
    /// The DATA array of a response read as the caller's type: the tuples of SELECT, INSERT, REPLACE, UPDATE and
    /// DELETE, the return values of CALL and EVAL. Each is read by its type's reader (generated for an
    /// <see cref="MsgPackObjectAttribute"/> type) straight from the response's bytes, when <c>foreach</c> reaches it:
    /// nothing is copied or allocated but what the type's reader makes (its strings, a class's objects). Dispose it
    /// (a <c>using</c>) to release the bytes; a tuple read before stays the caller's.
    /// </summary>
    /// <typeparam name="TTuple">The type of each item.</typeparam>
    public readonly struct TarantoolTuples<TTuple> : IDisposable
        where TTuple : IMsgPackSerializable<TTuple>
    {
        internal TarantoolTuples(TarantoolResponse response) => Response = response;

        /// <summary>The response the items are read from, for its other fields or its bytes.</summary>
        public TarantoolResponse Response { get; }

        /// <summary>How many items DATA holds (0 when the body has none).</summary>
        /// <exception cref="ObjectDisposedException">The response was disposed.</exception>
        /// <exception cref="MsgPackException">DATA is not an array.</exception>
        public int Count
        {
            get
            {
                MsgPackReader reader = Response.GetDataReader();
                return reader.End ? 0 : reader.ReadArrayHeader();
            }
        }

        /// <summary>Reads the items one by one, as <c>foreach</c> asks for them.</summary>
        /// <returns>The enumerator.</returns>
        /// <exception cref="ObjectDisposedException">The response was disposed.</exception>
        /// <exception cref="MsgPackException">DATA is not an array (the items' own errors come from <see cref="Enumerator.MoveNext"/>).</exception>
        public Enumerator GetEnumerator() => new(Response.GetDataReader());

        /// <summary>Releases the response's bytes to the connection; a second call does nothing.</summary>
        public void Dispose() => Response.Dispose();

        /// <summary>Reads DATA's items in order, each when it is reached (a <c>ref struct</c>: it reads the response's bytes in place).</summary>
        public ref struct Enumerator
        {
            private MsgPackReader _reader;
            private int _remaining;

            internal Enumerator(MsgPackReader reader)
            {
                _reader = reader;
                _remaining = reader.End ? 0 : _reader.ReadArrayHeader();
                Current = default!;
            }

            /// <summary>The item read last.</summary>
            public TTuple Current { get; private set; }

            /// <summary>Reads the next item.</summary>
            /// <remarks>
            /// The item is read by its type's status read (<c>TTuple.TryRead</c>): a generated type reads it without an
            /// exception inside, and an item that is not a <typeparamref name="TTuple"/> costs one exception, thrown here.
            /// </remarks>
            /// <returns>False after the last one.</returns>
            /// <exception cref="MsgPackSerializationException">The item is not a <typeparamref name="TTuple"/>: its path and offset (a hand-written type's own exception is its cause).</exception>
            public bool MoveNext()
            {
                if (_remaining == 0)
                {
                    return false;
                }

                var failure = default(MsgPackReadFailure);
                if (!MsgPackSerialization.Succeeded(TTuple.TryRead(ref _reader, 0, out TTuple item, ref failure), ref failure))
                {
                    MsgPackSerialization.Throw(ref failure);
                }

                Current = item;
                _remaining--;
                return true;
            }
        }
    }

    /// <summary>
    /// A request's slot seen as the awaitable of typed tuples: <see cref="TarantoolConnection.SelectAsync{TKey, TTuple}"/>
    /// returns a <see cref="ValueTask{TResult}"/> of it. Forwarding to the slot keeps the runtime's own path for
    /// awaiting a <see cref="ValueTask{TResult}"/> (its continuation queued without an allocation), which a custom
    /// awaiter or an <c>async</c> wrapper would lose (a work item, or a state machine, per request).
    /// </summary>
    internal sealed class TuplesSource<TTuple>(IValueTaskSource<TarantoolResponse> request) : IValueTaskSource<TarantoolTuples<TTuple>>
        where TTuple : IMsgPackSerializable<TTuple>
    {
        public TarantoolTuples<TTuple> GetResult(short token) => new(request.GetResult(token));

        public ValueTaskSourceStatus GetStatus(short token) => request.GetStatus(token);

        public void OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags) =>
            request.OnCompleted(continuation, state, token, flags);
    }

    /// <summary>
    /// A small number per tuple type, given out in the order the types are first used (process-wide): a slot keeps its
    /// typed view of each type at that index (<see cref="PendingRequest.AsTuples{TTuple}"/>), found with one array read.
    /// </summary>
    internal static class TupleTypeIndex
    {
        private static int s_count;

        public static int Next() => Interlocked.Increment(ref s_count) - 1;
    }

    /// <summary>The index of <typeparamref name="TTuple"/> (see <see cref="TupleTypeIndex"/>).</summary>
    internal static class TupleTypeIndex<TTuple>
    {
        public static readonly int Value = TupleTypeIndex.Next();
    }
}
