namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>One entry of a request's body map: an unsigned key (smallest form), then its value.</summary>
    internal static class RequestFields
    {
        public static void WriteUnsigned(ref MsgPackWriter writer, byte key, uint value)
        {
            writer.WriteUInt32(key);
            writer.WriteUInt32(value);
        }

        public static void WriteValue<T>(ref MsgPackWriter writer, byte key, in T value)
            where T : IMsgPackValue
        {
            writer.WriteUInt32(key);
            value.WriteTo(ref writer);
        }
    }

    // The bodies of the requests: each a struct that writes one MessagePack map, generic over the user's values so
    // that nothing is boxed. IprotoCodec.WriteRequest frames them; TarantoolConnection.SendAsync sends any of them.

    /// <summary>The body of PING: an empty map.</summary>
    public readonly struct PingRequest : IMsgPackValue
    {
        /// <inheritdoc/>
        public void WriteTo(ref MsgPackWriter writer) => writer.WriteMapHeader(0);
    }

    /// <summary>The body of SELECT.</summary>
    /// <typeparam name="TKey">The key: an array of the index's parts (empty for all).</typeparam>
    /// <param name="SpaceId">The space.</param>
    /// <param name="IndexId">The index (0: the primary key).</param>
    /// <param name="Key">The key.</param>
    /// <param name="Limit">The most tuples to return (Tarantool 2.6 requires the field).</param>
    /// <param name="Offset">Tuples to skip first.</param>
    /// <param name="Iterator">How to walk the index from the key.</param>
    public readonly record struct SelectRequest<TKey>(uint SpaceId, uint IndexId, TKey Key, uint Limit = uint.MaxValue, uint Offset = 0, Iterator Iterator = Iterator.Eq) : IMsgPackValue
        where TKey : IMsgPackValue
    {
        /// <inheritdoc/>
        public void WriteTo(ref MsgPackWriter writer)
        {
            writer.WriteMapHeader(6);
            RequestFields.WriteUnsigned(ref writer, IprotoKey.SpaceId, SpaceId);
            RequestFields.WriteUnsigned(ref writer, IprotoKey.IndexId, IndexId);
            RequestFields.WriteUnsigned(ref writer, IprotoKey.Limit, Limit);
            RequestFields.WriteUnsigned(ref writer, IprotoKey.Offset, Offset);
            RequestFields.WriteUnsigned(ref writer, IprotoKey.Iterator, (uint)Iterator);
            RequestFields.WriteValue(ref writer, IprotoKey.Key, Key);
        }
    }

    /// <summary>The body of INSERT and of REPLACE (the request code tells them apart).</summary>
    /// <typeparam name="TTuple">The tuple: an array.</typeparam>
    /// <param name="SpaceId">The space.</param>
    /// <param name="Tuple">The tuple.</param>
    public readonly record struct TupleRequest<TTuple>(uint SpaceId, TTuple Tuple) : IMsgPackValue
        where TTuple : IMsgPackValue
    {
        /// <inheritdoc/>
        public void WriteTo(ref MsgPackWriter writer)
        {
            writer.WriteMapHeader(2);
            RequestFields.WriteUnsigned(ref writer, IprotoKey.SpaceId, SpaceId);
            RequestFields.WriteValue(ref writer, IprotoKey.Tuple, Tuple);
        }
    }

    /// <summary>The body of UPDATE.</summary>
    /// <typeparam name="TKey">The key: an array.</typeparam>
    /// <typeparam name="TOps">The operations: an array of arrays such as <c>["=", 2, "new"]</c> or <c>["+", 3, 1]</c>.</typeparam>
    /// <param name="SpaceId">The space.</param>
    /// <param name="IndexId">The index the key belongs to (a unique one).</param>
    /// <param name="Key">The key.</param>
    /// <param name="Operations">The operations.</param>
    public readonly record struct UpdateRequest<TKey, TOps>(uint SpaceId, uint IndexId, TKey Key, TOps Operations) : IMsgPackValue
        where TKey : IMsgPackValue
        where TOps : IMsgPackValue
    {
        /// <inheritdoc/>
        public void WriteTo(ref MsgPackWriter writer)
        {
            writer.WriteMapHeader(4);
            RequestFields.WriteUnsigned(ref writer, IprotoKey.SpaceId, SpaceId);
            RequestFields.WriteUnsigned(ref writer, IprotoKey.IndexId, IndexId);
            RequestFields.WriteValue(ref writer, IprotoKey.Key, Key);
            // UPDATE takes its operations under the TUPLE key (0x21); UPSERT takes them under OPS (0x28).
            RequestFields.WriteValue(ref writer, IprotoKey.Tuple, Operations);
        }
    }

    /// <summary>The body of DELETE.</summary>
    /// <typeparam name="TKey">The key: an array.</typeparam>
    /// <param name="SpaceId">The space.</param>
    /// <param name="IndexId">The index the key belongs to (a unique one).</param>
    /// <param name="Key">The key.</param>
    public readonly record struct DeleteRequest<TKey>(uint SpaceId, uint IndexId, TKey Key) : IMsgPackValue
        where TKey : IMsgPackValue
    {
        /// <inheritdoc/>
        public void WriteTo(ref MsgPackWriter writer)
        {
            writer.WriteMapHeader(3);
            RequestFields.WriteUnsigned(ref writer, IprotoKey.SpaceId, SpaceId);
            RequestFields.WriteUnsigned(ref writer, IprotoKey.IndexId, IndexId);
            RequestFields.WriteValue(ref writer, IprotoKey.Key, Key);
        }
    }

    /// <summary>The body of CALL (a function by name) and of EVAL (a Lua expression): a string and an argument array.</summary>
    /// <typeparam name="TArgs">The arguments: an array.</typeparam>
    /// <param name="NameOrExpression">The function's name (CALL) or the expression (EVAL).</param>
    /// <param name="Arguments">The arguments.</param>
    /// <param name="IsEval">True for EVAL's key (0x27), false for CALL's (0x22).</param>
    public readonly record struct CallRequest<TArgs>(string NameOrExpression, TArgs Arguments, bool IsEval = false) : IMsgPackValue
        where TArgs : IMsgPackValue
    {
        /// <inheritdoc/>
        public void WriteTo(ref MsgPackWriter writer)
        {
            writer.WriteMapHeader(2);
            writer.WriteUInt32(IsEval ? IprotoKey.Expression : IprotoKey.FunctionName);
            writer.WriteString(NameOrExpression);
            RequestFields.WriteValue(ref writer, IprotoKey.Tuple, Arguments);
        }
    }
}
