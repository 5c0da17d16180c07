using System.Buffers;
using System.Collections.Generic;
using MsgPack.Spec.Serialization;

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
            where TBody : IMsgPackSerializable<TBody>
        {
            MsgPackReservation prefix = writer.ReserveLengthPrefix();
            writer.WriteMapHeader(2);
            writer.WriteUInt32(IprotoKey.Code);
            writer.WriteUInt32((uint)code);
            writer.WriteUInt32(IprotoKey.Sync);
            writer.WriteUInt64(sync);
            TBody.Write(ref writer, body);
            writer.PatchLengthPrefix(prefix);
        }

        /// <summary>
        /// Reads a response's header map: the code (0x00), the sync (0x01) and the schema version (0x05), each an
        /// unsigned integer, each exactly once, as Tarantool sends them in every response; other keys are skipped.
        /// </summary>
        /// <param name="reader">A reader at the start of the frame's body (after the length prefix).</param>
        /// <param name="code">The response code: 0, <see cref="IprotoCode.Push"/>, or <see cref="IprotoCode.ErrorFlag"/> with the error code.</param>
        /// <param name="sync">The request's sync.</param>
        /// <param name="schemaVersion">The schema version the server answered under.</param>
        /// <exception cref="TarantoolProtocolException">The header is not a map of unsigned keys, lacks one of the three keys, holds one twice or with a value that is not an unsigned integer of its width (code: 32 bits).</exception>
        public static void ReadResponseHeader(ref MsgPackReader reader, out uint code, out ulong sync, out ulong schemaVersion)
        {
            code = 0;
            sync = 0;
            schemaVersion = 0;
            int seen = 0;
            try
            {
                int keys = reader.ReadMapHeader();
                for (int i = 0; i < keys; i++)
                {
                    uint key = reader.ReadUInt32();
                    switch (key)
                    {
                        case IprotoKey.Code: MarkSeen(ref seen, 1, key); code = reader.ReadUInt32(); break;
                        case IprotoKey.Sync: MarkSeen(ref seen, 2, key); sync = reader.ReadUInt64(); break;
                        case IprotoKey.SchemaVersion: MarkSeen(ref seen, 4, key); schemaVersion = reader.ReadUInt64(); break;
                        default: reader.Skip(); break;
                    }
                }
            }
            catch (MsgPackException bad)
            {
                throw new TarantoolProtocolException("A response header is not a map of unsigned keys with unsigned values: " + bad.Message, connectionClosed: false, bad);
            }

            if (seen != 7)
            {
                throw new TarantoolProtocolException(
                    $"A response header lacks {((seen & 1) == 0 ? "the code (0x00) " : "")}{((seen & 2) == 0 ? "the sync (0x01) " : "")}{((seen & 4) == 0 ? "the schema version (0x05) " : "")}which Tarantool sends in every response.",
                    connectionClosed: false);
            }
        }

        /// <summary>Records that a required header key was read; a key read twice breaks the protocol.</summary>
        private static void MarkSeen(ref int seen, int bit, uint key)
        {
            if ((seen & bit) != 0)
            {
                throw new TarantoolProtocolException($"A response header holds key 0x{key:x2} twice.", connectionClosed: false);
            }

            seen |= bit;
        }

        /// <summary>Whether a response code is an error's: <see cref="IprotoCode.ErrorFlag"/> with an error code below it (0x8000 to 0xffff).</summary>
        /// <param name="code">The response code.</param>
        /// <returns>True for an error response.</returns>
        public static bool IsErrorCode(uint code) => (code & ~0x7fffu) == (uint)IprotoCode.ErrorFlag;

        /// <summary>
        /// Checks that a response's body is one MessagePack map of unsigned keys and whole values, and nothing after
        /// it: what <see cref="TarantoolResponse.Data"/> and <see cref="ReadError"/> read without failing (nesting
        /// of any depth is skipped without recursion).
        /// </summary>
        /// <param name="body">The body, after the header.</param>
        /// <exception cref="TarantoolProtocolException">It is not.</exception>
        public static void CheckBody(ReadOnlySequence<byte> body)
        {
            try
            {
                var reader = new MsgPackReader(body);
                int keys = reader.ReadMapHeader();
                for (int i = 0; i < keys; i++)
                {
                    reader.ReadUInt32();
                    reader.Skip();
                }

                if (!reader.End)
                {
                    throw new TarantoolProtocolException($"A response body has {reader.Remaining} bytes after its map.", connectionClosed: false);
                }
            }
            catch (MsgPackException bad)
            {
                throw new TarantoolProtocolException("A response body is not one map of unsigned keys: " + bad.Message, connectionClosed: false, bad);
            }
        }

        /// <summary>
        /// Reads an error response's body: the message (0x31) and the stack (0x52), within the limits of
        /// <see cref="TarantoolErrorFrame.MaxTextLength"/> and <see cref="TarantoolErrorFrame.MaxFrames"/>.
        /// </summary>
        /// <param name="code">The response code, with <see cref="IprotoCode.ErrorFlag"/>.</param>
        /// <param name="body">The body map.</param>
        /// <returns>The exception to surface.</returns>
        /// <exception cref="MsgPackException">The body is not a map of unsigned keys, the message is not a str of UTF-8, or the stack is malformed.</exception>
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
                    case IprotoKey.ErrorMessage: message = TarantoolErrorFrame.ReadText(ref reader); break;
                    case IprotoKey.ErrorStack: stack = TarantoolErrorFrame.ReadStack(ref reader); break;
                    default: reader.Skip(); break;
                }
            }

            return new TarantoolException(code & ~(uint)IprotoCode.ErrorFlag, message, stack);
        }
    }
}
