using System;
using System.Collections.Generic;
using System.Text.Json;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>
    /// A <see cref="TarantoolException"/> as Tarantool's MP_ERROR (ext type 3), the form an error takes as a value: the
    /// return value of a CALL (with <c>box.session.settings.error_marshaling_enabled</c>), the argument of a function.
    /// The data is the error stack, <c>{0x00: [frame, ...]}</c>, each frame a map of type (0x00), file (0x01), line
    /// (0x02), message (0x03), errno (0x04), code (0x05) and fields (0x06).
    /// </summary>
    /// <remarks>
    /// Read: the exception's code and message are the first frame's, its <see cref="TarantoolException.Stack"/> every
    /// frame, within the limits of <see cref="TarantoolErrorFrame.MaxFrames"/> and
    /// <see cref="TarantoolErrorFrame.MaxTextLength"/> (so a hostile stack costs a bounded amount); a stack with no
    /// frame, or data that is not such a map, is a <see cref="MsgPackException"/>. Written: the frames of
    /// <see cref="TarantoolException.Stack"/> (their fields from their JSON), or one <c>ClientError</c> frame of the
    /// exception's code and message when the stack is empty. Errors are no hot path: writing one allocates its buffer.
    /// </remarks>
    public readonly struct TarantoolErrorConverter : IMsgPackConverter<TarantoolException>
    {
        /// <inheritdoc/>
        public void Write(ref MsgPackWriter writer, in TarantoolException value)
        {
            using PooledBufferWriter data = Encode(value);
            writer.WriteExtension(TarantoolExtension.Error, data.WrittenSpan);
        }

        /// <inheritdoc/>
        public void Write(ref Span<byte> destination, in TarantoolException value)
        {
            using PooledBufferWriter data = Encode(value);
            MsgPackSpec.WriteExtension(ref destination, TarantoolExtension.Error, data.WrittenSpan);
        }

        /// <inheritdoc/>
        public int GetEncodedLength(in TarantoolException value)
        {
            using PooledBufferWriter data = Encode(value);
            return MsgPackSpec.GetExtensionEncodedLength(data.WrittenCount);
        }

        /// <inheritdoc/>
        public TarantoolException Read(ref MsgPackReader reader, int depth)
        {
            IReadOnlyList<TarantoolErrorFrame> stack = TarantoolErrorFrame.ReadExtension(ref reader);
            if (stack.Count == 0)
            {
                TarantoolExtension.ThrowMalformed("An MP_ERROR's stack holds no error.");
            }

            return new TarantoolException(stack[0].Code, stack[0].Message, stack);
        }

        // The data: the stack map, written into a pooled buffer (its length is the ext header's).
        private static PooledBufferWriter Encode(TarantoolException value)
        {
            ArgumentNullException.ThrowIfNull(value);
            var data = new PooledBufferWriter(256);
            var writer = new MsgPackWriter(data);
            writer.WriteMapHeader(1);
            writer.WriteUInt32(0x00);
            if (value.Stack.Count == 0)
            {
                writer.WriteArrayHeader(1);
                WriteFrame(ref writer, new TarantoolErrorFrame("ClientError", "", 0, value.Message, 0, value.Code, "{}"));
            }
            else
            {
                writer.WriteArrayHeader(value.Stack.Count);
                foreach (TarantoolErrorFrame frame in value.Stack)
                {
                    WriteFrame(ref writer, frame);
                }
            }

            writer.Flush();
            return data;
        }

        private static void WriteFrame(ref MsgPackWriter writer, TarantoolErrorFrame frame)
        {
            bool fields = frame.FieldsJson is not ("" or "{}");
            writer.WriteMapHeader(fields ? 7 : 6);
            writer.WriteUInt32(0x00);
            writer.WriteString(frame.Type);
            writer.WriteUInt32(0x01);
            writer.WriteString(frame.File);
            writer.WriteUInt32(0x02);
            writer.WriteUInt32(frame.Line);
            writer.WriteUInt32(0x03);
            writer.WriteString(frame.Message);
            writer.WriteUInt32(0x04);
            writer.WriteUInt32(frame.Errno);
            writer.WriteUInt32(0x05);
            writer.WriteUInt32(frame.Code);
            if (fields)
            {
                writer.WriteUInt32(0x06);
                using JsonDocument json = JsonDocument.Parse(frame.FieldsJson);
                WriteJson(ref writer, json.RootElement);
            }
        }

        // The fields were read as JSON (TarantoolErrorFrame.FieldsJson): written back as the MessagePack they came from,
        // as far as JSON tells (an integer stays an integer).
        private static void WriteJson(ref MsgPackWriter writer, JsonElement value)
        {
            switch (value.ValueKind)
            {
                case JsonValueKind.Object:
                    int count = 0;
                    foreach (JsonProperty _ in value.EnumerateObject())
                    {
                        count++;
                    }

                    writer.WriteMapHeader(count);
                    foreach (JsonProperty property in value.EnumerateObject())
                    {
                        writer.WriteString(property.Name);
                        WriteJson(ref writer, property.Value);
                    }

                    break;
                case JsonValueKind.Array:
                    writer.WriteArrayHeader(value.GetArrayLength());
                    foreach (JsonElement item in value.EnumerateArray())
                    {
                        WriteJson(ref writer, item);
                    }

                    break;
                case JsonValueKind.String: writer.WriteString(value.GetString()!); break;
                case JsonValueKind.Number when value.TryGetInt64(out long integer): writer.WriteInt64(integer); break;
                case JsonValueKind.Number when value.TryGetUInt64(out ulong unsigned): writer.WriteUInt64(unsigned); break;
                case JsonValueKind.Number: writer.WriteDouble(value.GetDouble()); break;
                case JsonValueKind.True: writer.WriteBoolean(true); break;
                case JsonValueKind.False: writer.WriteBoolean(false); break;
                default: writer.WriteNil(); break;
            }
        }
    }
}
