using System;
using System.Buffers;
using System.Collections.Generic;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>A column of an SQL result, or a parameter of a prepared statement: an entry of METADATA (0x32) or BIND_METADATA (0x33).</summary>
    /// <param name="Name">The column's name (key 0x00), e.g. <c>ID</c> (SQL upper-cases unquoted names), or a parameter's, <c>?</c> or <c>:name</c>.</param>
    /// <param name="Type">Its type (0x01): <c>integer</c>, <c>string</c>, <c>number</c>, <c>boolean</c>, <c>varbinary</c>, <c>scalar</c>, <c>any</c>...</param>
    /// <param name="Collation">Its collation (0x02), with full metadata only.</param>
    /// <param name="IsNullable">Whether it takes NULL (0x03), with full metadata only.</param>
    /// <param name="IsAutoincrement">Whether it is the autoincrement field (0x04), with full metadata only.</param>
    /// <param name="Span">The expression it came from (0x05), with full metadata only.</param>
    public sealed record SqlColumn(string Name, string Type, string? Collation = null, bool? IsNullable = null, bool IsAutoincrement = false, string? Span = null)
    {
        /// <summary>Reads METADATA: an array of maps, unknown keys skipped (a later server may add some).</summary>
        internal static IReadOnlyList<SqlColumn> ReadAll(ReadOnlySpan<byte> metadata)
        {
            if (metadata.IsEmpty)
            {
                return [];
            }

            var reader = new MsgPackReader(metadata);
            int count = reader.ReadArrayHeader();
            var columns = new List<SqlColumn>(Math.Min(count, 64));
            for (int i = 0; i < count; i++)
            {
                columns.Add(Read(ref reader));
            }

            return columns;
        }

        private static SqlColumn Read(ref MsgPackReader reader)
        {
            string name = "", type = "";
            string? collation = null, span = null;
            bool? nullable = null;
            bool autoincrement = false;
            int keys = reader.ReadMapHeader();
            for (int k = 0; k < keys; k++)
            {
                switch (reader.ReadUInt32())
                {
                    case 0x00: name = TarantoolErrorFrame.ReadText(ref reader); break;
                    case 0x01: type = TarantoolErrorFrame.ReadText(ref reader); break;
                    case 0x02: collation = TarantoolErrorFrame.ReadText(ref reader); break;
                    case 0x03: nullable = reader.ReadBoolean(); break;
                    case 0x04: autoincrement = reader.ReadBoolean(); break;
                    case 0x05 when reader.IsNil(): reader.ReadNil(); break;
                    case 0x05: span = TarantoolErrorFrame.ReadText(ref reader); break;
                    default: reader.Skip(); break;
                }
            }

            return new SqlColumn(name, type, collation, nullable, autoincrement, span);
        }
    }

    /// <summary>What an SQL statement that changes data did: SQL_INFO (0x42).</summary>
    /// <param name="RowCount">The rows it inserted, changed or deleted (key 0x00).</param>
    /// <param name="AutoincrementIds">The ids an autoincrement field gave the rows it inserted (key 0x01).</param>
    public sealed record SqlInfo(ulong RowCount, IReadOnlyList<long> AutoincrementIds)
    {
        internal static SqlInfo Read(ReadOnlySpan<byte> info)
        {
            ulong rows = 0;
            var ids = new List<long>();
            if (info.IsEmpty)
            {
                return new SqlInfo(0, ids);
            }

            var reader = new MsgPackReader(info);
            int keys = reader.ReadMapHeader();
            for (int k = 0; k < keys; k++)
            {
                switch (reader.ReadUInt32())
                {
                    case 0x00:
                        rows = reader.ReadUInt64();
                        break;
                    case 0x01:
                        int count = reader.ReadArrayHeader();
                        for (int i = 0; i < count; i++)
                        {
                            ids.Add(reader.ReadInt64());
                        }

                        break;
                    default:
                        reader.Skip();
                        break;
                }
            }

            return new SqlInfo(rows, ids);
        }
    }

    /// <summary>
    /// A statement the server compiled (PREPARE): execute it by its id with
    /// <see cref="TarantoolConnection.ExecuteAsync{TParameters}(PreparedStatement, TParameters, System.Threading.CancellationToken)"/>,
    /// and let the server forget it with <see cref="TarantoolConnection.UnprepareAsync"/>. The server keeps prepared
    /// statements per session: the id is good on the connection that prepared it.
    /// </summary>
    /// <param name="Id">The statement's id (STMT_ID, 0x43).</param>
    /// <param name="ParameterCount">How many parameters it binds (BIND_COUNT, 0x34).</param>
    /// <param name="Parameters">Its parameters (BIND_METADATA, 0x33): <c>?</c> or their names, and their types.</param>
    /// <param name="Columns">The columns of its result (METADATA, 0x32); empty for a statement that returns no rows.</param>
    public sealed record PreparedStatement(uint Id, int ParameterCount, IReadOnlyList<SqlColumn> Parameters, IReadOnlyList<SqlColumn> Columns)
    {
        internal static PreparedStatement Read(TarantoolResponse response)
        {
            ReadOnlySpan<byte> id = response.Find(IprotoKey.StatementId);
            if (id.IsEmpty)
            {
                throw new TarantoolProtocolException("The answer to PREPARE holds no statement id (0x43).", connectionClosed: false);
            }

            try
            {
                ReadOnlySpan<byte> count = response.Find(IprotoKey.BindCount);
                return new PreparedStatement(
                    MsgPackSpec.ReadUInt32(ref id),
                    count.IsEmpty ? 0 : MsgPackSpec.ReadInt32(ref count),
                    SqlColumn.ReadAll(response.Find(IprotoKey.BindMetadata)),
                    response.GetSqlColumns());
            }
            catch (MsgPackException bad)
            {
                throw new TarantoolProtocolException("The answer to PREPARE is not a statement's id, count and metadata: " + bad.Message, connectionClosed: false, bad);
            }
        }
    }

    /// <summary>
    /// Named SQL parameters (<c>:min</c>, <c>@max</c>, <c>$name</c>) from a map type: <c>{":min": 1, ":max": 2}</c>, the
    /// generated map of a <c>[MsgPackObject(MsgPackLayout.Map)]</c> type whose keys are the parameters' names, is bound as
    /// IPROTO wants it, an array of one-entry maps, <c>[{":min": 1}, {":max": 2}]</c>. Nothing is allocated for a map of up
    /// to 512 bytes.
    /// </summary>
    /// <typeparam name="T">The map type.</typeparam>
    /// <param name="Values">The values.</param>
    public readonly record struct SqlNamedParameters<T>(T Values) : IMsgPackSerializable<SqlNamedParameters<T>>
        where T : IMsgPackSerializable<T>
    {
        private const int StackLength = 512;

        /// <inheritdoc/>
        public static void Write(ref MsgPackWriter writer, in SqlNamedParameters<T> value)
        {
            int length = T.GetEncodedLength(value.Values);
            byte[]? rented = null;
            Span<byte> map = length <= StackLength ? stackalloc byte[StackLength] : (rented = ArrayPool<byte>.Shared.Rent(length));
            try
            {
                ReadOnlySpan<byte> entries = Encode(map, value.Values, length, out int count);
                writer.WriteArrayHeader(count);
                for (int i = 0; i < count; i++)
                {
                    int entry = EntryLength(entries);
                    writer.WriteMapHeader(1);
                    // Not WriteRaw: its span parameter is not scoped, so the compiler refuses it a stack buffer's bytes.
                    entries[..entry].CopyTo(writer.GetSpan(entry));
                    writer.Advance(entry);
                    entries = entries[entry..];
                }
            }
            finally
            {
                if (rented is not null)
                {
                    ArrayPool<byte>.Shared.Return(rented);
                }
            }
        }

        /// <inheritdoc/>
        public static void Write(ref Span<byte> destination, in SqlNamedParameters<T> value)
        {
            int length = T.GetEncodedLength(value.Values);
            byte[]? rented = null;
            Span<byte> map = length <= StackLength ? stackalloc byte[StackLength] : (rented = ArrayPool<byte>.Shared.Rent(length));
            try
            {
                ReadOnlySpan<byte> entries = Encode(map, value.Values, length, out int count);
                MsgPackSpec.WriteArrayHeader(ref destination, count);
                for (int i = 0; i < count; i++)
                {
                    int entry = EntryLength(entries);
                    MsgPackSpec.WriteMapHeader(ref destination, 1);
                    entries[..entry].CopyTo(destination);
                    destination = destination[entry..];
                    entries = entries[entry..];
                }
            }
            finally
            {
                if (rented is not null)
                {
                    ArrayPool<byte>.Shared.Return(rented);
                }
            }
        }

        /// <inheritdoc/>
        public static int GetEncodedLength(in SqlNamedParameters<T> value)
        {
            int length = T.GetEncodedLength(value.Values);
            byte[]? rented = null;
            Span<byte> map = length <= StackLength ? stackalloc byte[StackLength] : (rented = ArrayPool<byte>.Shared.Rent(length));
            try
            {
                ReadOnlySpan<byte> entries = Encode(map, value.Values, length, out int count);
                // The map header becomes an array header, and each entry gains a fixmap header of 1 byte.
                return MsgPackSpec.GetArrayHeaderEncodedLength(count) + entries.Length + count;
            }
            finally
            {
                if (rented is not null)
                {
                    ArrayPool<byte>.Shared.Return(rented);
                }
            }
        }

        /// <inheritdoc/>
        public static SqlNamedParameters<T> Read(ref MsgPackReader reader, int depth)
        {
            // [{k: v}, ...] back into {k: v, ...} for T's reader.
            int count = reader.ReadArrayHeader();
            var map = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(map);
            writer.WriteMapHeader(count);
            for (int i = 0; i < count; i++)
            {
                if (reader.ReadMapHeader() != 1)
                {
                    throw new MsgPackException("A named parameter is a map of one entry.");
                }

                writer.WriteRaw(reader.ReadRaw());
                writer.WriteRaw(reader.ReadRaw());
            }

            writer.Flush();
            var values = new MsgPackReader(map.WrittenSpan);
            return new SqlNamedParameters<T>(T.Read(ref values, depth));
        }

        // T's map into the buffer: its entries after the header, and their count.
        private static ReadOnlySpan<byte> Encode(Span<byte> buffer, in T values, int length, out int count)
        {
            Span<byte> rest = buffer;
            T.Write(ref rest, values);
            ReadOnlySpan<byte> map = buffer[..length];
            count = MsgPackSpec.ReadMapHeader(ref map);
            return map;
        }

        private static int EntryLength(ReadOnlySpan<byte> entries)
        {
            int key = MsgPackSpec.Skip(entries);
            return key + MsgPackSpec.Skip(entries[key..]);
        }
    }
}
