using System.Buffers;
using System.Collections.Generic;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>
    /// The MessagePack side of IPROTO, apart from any socket: a request is a length prefix, a header map and a body
    /// map; a response is the same, with the body holding DATA or an error.
    /// </summary>
    public static class IprotoCodec
    {
        /// <summary>
        /// Writes one whole request: the 5-byte length prefix (<c>ce</c> + 4 bytes, patched once the rest is written),
        /// the header <c>{0x00: code, 0x01: sync}</c> and the body.
        /// </summary>
        /// <typeparam name="TBody">The body's type, e.g. <see cref="SelectRequest{TKey}"/>.</typeparam>
        /// <param name="writer">Where to write.</param>
        /// <param name="code">The request's code.</param>
        /// <param name="sync">The number the response will carry back.</param>
        /// <param name="body">The body.</param>
        public static void WriteRequest<TBody>(ref MsgPackWriter writer, IprotoCode code, ulong sync, in TBody body)
            where TBody : IMsgPackValue
        {
            MsgPackReservation prefix = writer.ReserveLengthPrefix();
            writer.WriteMapHeader(2);
            writer.WriteUInt32(IprotoKey.Code);
            writer.WriteUInt32((uint)code);
            writer.WriteUInt32(IprotoKey.Sync);
            writer.WriteUInt64(sync);
            body.WriteTo(ref writer);
            writer.PatchLengthPrefix(prefix);
        }

        /// <summary>Reads a response's header map (code, sync, schema version; other keys are skipped).</summary>
        /// <param name="reader">A reader at the start of the frame's body (after the length prefix).</param>
        /// <param name="code">The response code: 0, or <see cref="IprotoCode.ErrorFlag"/> with the error code.</param>
        /// <param name="sync">The request's sync.</param>
        /// <param name="schemaVersion">The schema version the server answered under.</param>
        /// <exception cref="MsgPackException">The header is not a map of unsigned keys with the expected values.</exception>
        public static void ReadResponseHeader(ref MsgPackReader reader, out uint code, out ulong sync, out ulong schemaVersion)
        {
            code = 0;
            sync = 0;
            schemaVersion = 0;
            int keys = reader.ReadMapHeader();
            for (int i = 0; i < keys; i++)
            {
                switch (reader.ReadUInt32())
                {
                    case IprotoKey.Code: code = reader.ReadUInt32(); break;
                    case IprotoKey.Sync: sync = reader.ReadUInt64(); break;
                    case IprotoKey.SchemaVersion: schemaVersion = reader.ReadUInt64(); break;
                    default: reader.Skip(); break;
                }
            }
        }

        /// <summary>Reads an error response's body: the message (0x31) and the stack (0x52).</summary>
        /// <param name="code">The response code, with <see cref="IprotoCode.ErrorFlag"/>.</param>
        /// <param name="body">The body map.</param>
        /// <returns>The exception to surface.</returns>
        public static TarantoolException ReadError(uint code, ReadOnlySequence<byte> body)
        {
            string message = "";
            IReadOnlyList<TarantoolErrorFrame> stack = [];
            var reader = new MsgPackReader(body);
            int keys = reader.End ? 0 : reader.ReadMapHeader();
            for (int i = 0; i < keys; i++)
            {
                switch (reader.ReadUInt32())
                {
                    case IprotoKey.ErrorMessage: message = reader.ReadString(); break;
                    case IprotoKey.ErrorStack: stack = TarantoolErrorFrame.ReadStack(ref reader); break;
                    default: reader.Skip(); break;
                }
            }

            return new TarantoolException(code & ~(uint)IprotoCode.ErrorFlag, message, stack);
        }
    }
}
