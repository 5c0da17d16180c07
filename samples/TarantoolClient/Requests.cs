using System;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Samples.Tarantool
{
    // The bodies of the requests: each an integer-keyed map whose writer and reader the generator writes, generic over
    // the caller's key, tuple or arguments (any type of IMsgPackSerializable<T>), so that nothing is boxed.
    // IprotoCodec.WriteRequest frames them; TarantoolConnection.SendAsync sends any of them. The keys are the IPROTO
    // keys of IprotoKey (a constant expression is what an attribute takes), declared in the order the hand-written
    // writers of 7545bb8 wrote them: RequestBodyTests checks the bytes are still those.

    /// <summary>The body of PING: an empty map (read: any map, its entries skipped).</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public readonly partial record struct PingRequest;

    /// <summary>The body of SELECT.</summary>
    /// <typeparam name="TKey">The key: an array of the index's parts (empty for all).</typeparam>
    [MsgPackObject(MsgPackLayout.Map)]
    public readonly partial record struct SelectRequest<TKey>
        where TKey : IMsgPackSerializable<TKey>
    {
        /// <summary>Creates the body.</summary>
        /// <param name="spaceId">The space.</param>
        /// <param name="indexId">The index (0: the primary key).</param>
        /// <param name="key">The key.</param>
        /// <param name="limit">The most tuples to return (Tarantool 2.6 requires the field).</param>
        /// <param name="offset">Tuples to skip first.</param>
        /// <param name="iterator">How to walk the index from the key.</param>
        public SelectRequest(uint spaceId, uint indexId, TKey key, uint limit = uint.MaxValue, uint offset = 0, Iterator iterator = Iterator.Eq)
        {
            SpaceId = spaceId;
            IndexId = indexId;
            Limit = limit;
            Offset = offset;
            Iterator = iterator;
            Key = key;
        }

        // Declared in the order they are written; the constructor keeps the key before the parameters with defaults.

        /// <summary>The space.</summary>
        [MsgPackKey(IprotoKey.SpaceId)] public uint SpaceId { get; init; }

        /// <summary>The index (0: the primary key).</summary>
        [MsgPackKey(IprotoKey.IndexId)] public uint IndexId { get; init; }

        /// <summary>The most tuples to return.</summary>
        [MsgPackKey(IprotoKey.Limit)] public uint Limit { get; init; }

        /// <summary>Tuples to skip first.</summary>
        [MsgPackKey(IprotoKey.Offset)] public uint Offset { get; init; }

        /// <summary>How to walk the index from the key (its number, smallest form).</summary>
        [MsgPackKey(IprotoKey.Iterator)] public Iterator Iterator { get; init; }

        /// <summary>The key.</summary>
        [MsgPackKey(IprotoKey.Key)] public TKey Key { get; init; }
    }

    /// <summary>The body of INSERT and of REPLACE (the request code tells them apart).</summary>
    /// <typeparam name="TTuple">The tuple: an array.</typeparam>
    /// <param name="SpaceId">The space.</param>
    /// <param name="Tuple">The tuple.</param>
    [MsgPackObject(MsgPackLayout.Map)]
    public readonly partial record struct TupleRequest<TTuple>(
        [property: MsgPackKey(IprotoKey.SpaceId)] uint SpaceId,
        [property: MsgPackKey(IprotoKey.Tuple)] TTuple Tuple)
        where TTuple : IMsgPackSerializable<TTuple>;

    /// <summary>The body of UPDATE.</summary>
    /// <typeparam name="TKey">The key: an array.</typeparam>
    /// <typeparam name="TOps">The operations: an array of arrays such as <c>["=", 2, "new"]</c> or <c>["+", 3, 1]</c>.</typeparam>
    /// <param name="SpaceId">The space.</param>
    /// <param name="IndexId">The index the key belongs to (a unique one).</param>
    /// <param name="Key">The key.</param>
    /// <param name="Operations">The operations: UPDATE takes them under the TUPLE key (0x21); UPSERT takes them under OPS (0x28).</param>
    [MsgPackObject(MsgPackLayout.Map)]
    public readonly partial record struct UpdateRequest<TKey, TOps>(
        [property: MsgPackKey(IprotoKey.SpaceId)] uint SpaceId,
        [property: MsgPackKey(IprotoKey.IndexId)] uint IndexId,
        [property: MsgPackKey(IprotoKey.Key)] TKey Key,
        [property: MsgPackKey(IprotoKey.Tuple)] TOps Operations)
        where TKey : IMsgPackSerializable<TKey>
        where TOps : IMsgPackSerializable<TOps>;

    /// <summary>The body of DELETE.</summary>
    /// <typeparam name="TKey">The key: an array.</typeparam>
    /// <param name="SpaceId">The space.</param>
    /// <param name="IndexId">The index the key belongs to (a unique one).</param>
    /// <param name="Key">The key.</param>
    [MsgPackObject(MsgPackLayout.Map)]
    public readonly partial record struct DeleteRequest<TKey>(
        [property: MsgPackKey(IprotoKey.SpaceId)] uint SpaceId,
        [property: MsgPackKey(IprotoKey.IndexId)] uint IndexId,
        [property: MsgPackKey(IprotoKey.Key)] TKey Key)
        where TKey : IMsgPackSerializable<TKey>;

    // CALL and EVAL were one hand-written body whose first key depended on a flag (0x22 or 0x27). A generated type has
    // one key per member, so they are two types: the key set of each is fixed, and the flag is gone.

    /// <summary>The body of CALL: a function by name and an argument array.</summary>
    /// <typeparam name="TArgs">The arguments: an array.</typeparam>
    /// <param name="FunctionName">The function's name.</param>
    /// <param name="Arguments">The arguments.</param>
    [MsgPackObject(MsgPackLayout.Map)]
    public readonly partial record struct CallRequest<TArgs>(
        [property: MsgPackKey(IprotoKey.FunctionName)] string FunctionName,
        [property: MsgPackKey(IprotoKey.Tuple)] TArgs Arguments)
        where TArgs : IMsgPackSerializable<TArgs>;

    /// <summary>The body of EVAL: a Lua expression and an argument array.</summary>
    /// <typeparam name="TArgs">The arguments: an array.</typeparam>
    /// <param name="Expression">The Lua code.</param>
    /// <param name="Arguments">The arguments.</param>
    [MsgPackObject(MsgPackLayout.Map)]
    public readonly partial record struct EvalRequest<TArgs>(
        [property: MsgPackKey(IprotoKey.Expression)] string Expression,
        [property: MsgPackKey(IprotoKey.Tuple)] TArgs Arguments)
        where TArgs : IMsgPackSerializable<TArgs>;

    /// <summary>The body of UPSERT: the tuple to insert, or the operations to apply to the stored tuple of its primary key.</summary>
    /// <typeparam name="TTuple">The tuple: an array.</typeparam>
    /// <typeparam name="TOps">The operations: an array of arrays, as UPDATE's.</typeparam>
    /// <param name="SpaceId">The space.</param>
    /// <param name="Tuple">The tuple, inserted when its primary key is new.</param>
    /// <param name="Operations">The operations, applied when it is not (under OPS, 0x28).</param>
    [MsgPackObject(MsgPackLayout.Map)]
    public readonly partial record struct UpsertRequest<TTuple, TOps>(
        [property: MsgPackKey(IprotoKey.SpaceId)] uint SpaceId,
        [property: MsgPackKey(IprotoKey.Tuple)] TTuple Tuple,
        [property: MsgPackKey(IprotoKey.Ops)] TOps Operations)
        where TTuple : IMsgPackSerializable<TTuple>
        where TOps : IMsgPackSerializable<TOps>;

    /// <summary>The body of EXECUTE by text: an SQL statement and its parameters.</summary>
    /// <typeparam name="TParameters">The parameters: an array, positional (<c>?</c>) or of one-entry maps for named ones (<see cref="SqlNamedParameters{T}"/>).</typeparam>
    /// <param name="Sql">The statement.</param>
    /// <param name="Parameters">The parameters (<see cref="EmptyArray"/> for none).</param>
    [MsgPackObject(MsgPackLayout.Map)]
    public readonly partial record struct ExecuteRequest<TParameters>(
        [property: MsgPackKey(IprotoKey.SqlText)] string Sql,
        [property: MsgPackKey(IprotoKey.SqlBind)] TParameters Parameters)
        where TParameters : IMsgPackSerializable<TParameters>;

    /// <summary>The body of EXECUTE by a prepared statement's id.</summary>
    /// <typeparam name="TParameters">The parameters (see <see cref="ExecuteRequest{TParameters}"/>).</typeparam>
    /// <param name="StatementId">The id PREPARE returned.</param>
    /// <param name="Parameters">The parameters.</param>
    [MsgPackObject(MsgPackLayout.Map)]
    public readonly partial record struct ExecutePreparedRequest<TParameters>(
        [property: MsgPackKey(IprotoKey.StatementId)] uint StatementId,
        [property: MsgPackKey(IprotoKey.SqlBind)] TParameters Parameters)
        where TParameters : IMsgPackSerializable<TParameters>;

    /// <summary>The body of PREPARE: the statement to compile.</summary>
    /// <param name="Sql">The statement.</param>
    [MsgPackObject(MsgPackLayout.Map)]
    public readonly partial record struct PrepareRequest([property: MsgPackKey(IprotoKey.SqlText)] string Sql);

    /// <summary>The body of PREPARE with a statement's id: the server forgets the statement (unprepare).</summary>
    /// <param name="StatementId">The id PREPARE returned.</param>
    [MsgPackObject(MsgPackLayout.Map)]
    public readonly partial record struct UnprepareRequest([property: MsgPackKey(IprotoKey.StatementId)] uint StatementId);
}
