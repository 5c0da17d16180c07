using System;
using System.Collections.Generic;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>
    /// A successful response: the body map's bytes, held by the connection until <see cref="Dispose"/>. Read what
    /// you need, then dispose it (a <c>using</c>); a response used after that throws <see cref="ObjectDisposedException"/>,
    /// and one never disposed only costs the connection a new slot for a later request.
    /// </summary>
    public readonly struct TarantoolResponse : IDisposable
    {
        private readonly PendingRequest? _slot;
        private readonly uint _generation;

        internal TarantoolResponse(PendingRequest slot, uint generation)
        {
            _slot = slot;
            _generation = generation;
        }

        /// <summary>The body map, e.g. <c>{0x30: [tuple, ...]}</c>.</summary>
        /// <exception cref="ObjectDisposedException">The response was disposed.</exception>
        public ReadOnlySpan<byte> Body => Slot.Body;

        /// <summary>The schema version the server answered under (the header's key 0x05).</summary>
        public ulong SchemaVersion => Slot.SchemaVersion;

        /// <summary>
        /// The value under DATA (0x30) as raw MessagePack, an array: the tuples of SELECT, INSERT, REPLACE, UPDATE and
        /// DELETE, the return values of CALL and EVAL. Empty when the body has no DATA (PING, AUTH).
        /// </summary>
        public ReadOnlySpan<byte> Data => Find(IprotoKey.Data);

        /// <summary>The raw value under one key of the body map (empty when the body has no such key).</summary>
        /// <param name="key">The IPROTO key, e.g. 0x32 for SQL's metadata.</param>
        /// <returns>The value's bytes.</returns>
        public ReadOnlySpan<byte> Find(uint key)
        {
            ReadOnlySpan<byte> body = Body;
            if (body.IsEmpty)
            {
                return default;
            }

            int keys = MsgPackSpec.ReadMapHeader(ref body);
            for (int i = 0; i < keys; i++)
            {
                uint found = MsgPackSpec.ReadUInt32(ref body);
                int length = MsgPackSpec.Skip(body);
                if (found == key)
                {
                    return body[..length];
                }

                body = body[length..];
            }

            return default;
        }

        /// <summary>
        /// The columns of an SQL result (EXECUTE of a SELECT, or PREPARE's answer): METADATA (0x32), each column's name,
        /// type and, when the session asks for full metadata, its collation, nullability, autoincrement and span. Empty
        /// for a statement that returns no rows.
        /// </summary>
        /// <returns>The columns, in order.</returns>
        /// <exception cref="MsgPackException">METADATA is not an array of maps of unsigned keys (texts are cut as in <see cref="TarantoolErrorFrame.ReadText"/>).</exception>
        public IReadOnlyList<SqlColumn> GetSqlColumns() => SqlColumn.ReadAll(Find(IprotoKey.Metadata));

        /// <summary>What an SQL statement that changes data did: SQL_INFO (0x42), the rows changed and the ids autoincrement gave.</summary>
        /// <returns>The info; <see cref="SqlInfo.RowCount"/> 0 and no ids when the body has none (a SELECT).</returns>
        /// <exception cref="MsgPackException">SQL_INFO is not a map of unsigned keys, its count no unsigned integer, its ids no array of integers.</exception>
        public SqlInfo GetSqlInfo() => SqlInfo.Read(Find(IprotoKey.SqlInfo));

        /// <summary>A reader at the DATA array (see <see cref="Data"/>): <c>ReadArrayHeader()</c>, then each tuple or return value.</summary>
        /// <returns>The reader.</returns>
        public MsgPackReader GetDataReader() => new(Data);

        /// <summary>DATA's items read as <typeparamref name="TTuple"/>, from these bytes, as they are enumerated (see <see cref="TarantoolTuples{TTuple}"/>).</summary>
        /// <typeparam name="TTuple">The type of each tuple or return value.</typeparam>
        /// <returns>The items; disposing them disposes this response.</returns>
        public TarantoolTuples<TTuple> Tuples<TTuple>()
            where TTuple : IMsgPackSerializable<TTuple> => new(this);

        /// <summary>Releases the response's bytes to the connection; a second call does nothing.</summary>
        public void Dispose()
        {
            _slot?.TryRelease(_generation);
        }

        private PendingRequest Slot => _slot is not null && _slot.Generation == _generation
            ? _slot
            : throw new ObjectDisposedException(nameof(TarantoolResponse), "The response was disposed (or is a default value).");
    }
}
