using System.Globalization;

namespace MsgPack.Spec
{
    /// <summary>
    /// Renders a MessagePack document as JSON, to see what a peer sent: any value, iteratively (a stack of its own
    /// holds the open arrays and maps, keys included, so no nesting reaches the call stack), with a depth limit and
    /// an output limit (<see cref="MsgPackTextOptions"/>), and nothing allocated in proportion to a length the input
    /// claims.
    /// </summary>
    /// <remarks>
    /// <para>What JSON cannot say directly is written as follows:</para>
    /// <list type="bullet">
    /// <item>bin: a base64 string (as System.Text.Json writes <c>byte[]</c>);</item>
    /// <item>ext: <c>{"$ext":type,"data":"base64"}</c>;</item>
    /// <item>timestamp (ext -1): an ISO 8601 string in UTC with the nanoseconds, <c>"2026-11-23T12:00:00.123456789Z"</c>
    /// (no fraction when they are 0); outside years 1 to 9999, <c>{"$timestamp":{"seconds":s,"nanoseconds":n}}</c>;</item>
    /// <item>a map key that is not a str: its own JSON text as a string (<c>1</c> becomes <c>"1"</c>, <c>[1,2]</c>
    /// becomes <c>"[1,2]"</c>, nil becomes <c>"null"</c>); the quotes and backslashes of a key inside such a key are
    /// escaped once more for each key around them;</item>
    /// <item>float NaN and infinities: the strings <c>"NaN"</c>, <c>"Infinity"</c> and <c>"-Infinity"</c>; other floats the
    /// shortest text that reads back as the same value (a float 32 as a float 32);</item>
    /// <item>integers: every digit, uint 64 above 2^53 included (a JavaScript reader rounds those);</item>
    /// <item>duplicate map keys: written as they come, in order.</item>
    /// </list>
    /// <para>
    /// Bad input throws what the readers throw (<see cref="MsgPackTruncatedException"/>,
    /// <see cref="MsgPackUnexpectedCodeException"/>, <see cref="MsgPackInvalidUtf8Exception"/> for a str that is not
    /// UTF-8, <see cref="MsgPackInvalidTimestampException"/>), bytes after the document throw <see cref="MsgPackException"/>,
    /// and the limits throw <see cref="MsgPackTextLimitException"/>. After an exception the buffer writer may hold part of the text.
    /// </para>
    /// </remarks>
    public static class MsgPackJson
    {
        private const int FirstStackDepth = 16;

        /// <summary>The JSON text of the one document in <paramref name="msgpack"/>.</summary>
        /// <param name="msgpack">One MessagePack value.</param>
        /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
        /// <returns>The JSON text.</returns>
        /// <exception cref="MsgPackException">The input is not one well-formed value, or a limit was reached (see the remarks).</exception>
        public static string ToJson(ReadOnlySpan<byte> msgpack, MsgPackTextOptions? options = null)
        {
            using var output = new PooledBufferWriter();
            WriteJson(msgpack, output, options);
            return Utf8Text.Decode(output.WrittenSpan);
        }

        /// <summary>The JSON text of the one document in <paramref name="msgpack"/>, which may span segments.</summary>
        /// <param name="msgpack">One MessagePack value.</param>
        /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
        /// <returns>The JSON text.</returns>
        /// <exception cref="MsgPackException">The input is not one well-formed value, or a limit was reached (see the remarks).</exception>
        public static string ToJson(ReadOnlySequence<byte> msgpack, MsgPackTextOptions? options = null)
        {
            using var output = new PooledBufferWriter();
            WriteJson(msgpack, output, options);
            return Utf8Text.Decode(output.WrittenSpan);
        }

        /// <summary>The JSON text of one value read raw (<see cref="MsgPackReader.ReadRaw"/>, a map's value, an extension's payload).</summary>
        /// <param name="msgpack">One MessagePack value, in one span or across segments.</param>
        /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
        /// <returns>The JSON text.</returns>
        /// <exception cref="MsgPackException">The input is not one well-formed value, or a limit was reached (see the remarks).</exception>
        public static string ToJson(MsgPackPayload msgpack, MsgPackTextOptions? options = null) =>
            msgpack.IsSingleSpan ? ToJson(msgpack.Span, options) : ToJson(msgpack.Sequence, options);

        /// <summary>Writes the JSON text (UTF-8) of the one document in <paramref name="msgpack"/> to <paramref name="utf8Json"/>.</summary>
        /// <param name="msgpack">One MessagePack value.</param>
        /// <param name="utf8Json">Where the JSON goes.</param>
        /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
        /// <exception cref="MsgPackException">The input is not one well-formed value, or a limit was reached (see the remarks).</exception>
        public static void WriteJson(ReadOnlySpan<byte> msgpack, IBufferWriter<byte> utf8Json, MsgPackTextOptions? options = null)
        {
            var reader = new MsgPackReader(msgpack);
            Write(ref reader, utf8Json, options);
        }

        /// <summary>Writes the JSON text (UTF-8) of the one document in <paramref name="msgpack"/>, which may span segments, to <paramref name="utf8Json"/>.</summary>
        /// <param name="msgpack">One MessagePack value.</param>
        /// <param name="utf8Json">Where the JSON goes.</param>
        /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
        /// <exception cref="MsgPackException">The input is not one well-formed value, or a limit was reached (see the remarks).</exception>
        public static void WriteJson(ReadOnlySequence<byte> msgpack, IBufferWriter<byte> utf8Json, MsgPackTextOptions? options = null)
        {
            var reader = new MsgPackReader(msgpack);
            Write(ref reader, utf8Json, options);
        }

#if NET8_0_OR_GREATER
        /// <summary>
        /// Writes the JSON of the one document in <paramref name="msgpack"/> as the next value of
        /// <paramref name="writer"/> (the root, an array item, a property's value), to embed MessagePack in a larger
        /// JSON text. Rendered with the conventions above, then handed over whole (<see cref="System.Text.Json.Utf8JsonWriter.WriteRawValue(ReadOnlySpan{byte}, bool)"/>).
        /// </summary>
        /// <param name="msgpack">One MessagePack value.</param>
        /// <param name="writer">The JSON writer, positioned where a value may come.</param>
        /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
        /// <exception cref="MsgPackException">The input is not one well-formed value, or a limit was reached (see the remarks).</exception>
        public static void WriteJson(ReadOnlySpan<byte> msgpack, System.Text.Json.Utf8JsonWriter writer, MsgPackTextOptions? options = null)
        {
            if (writer is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(writer));
            }

            using var scratch = new PooledBufferWriter();
            WriteJson(msgpack, scratch, options);
            writer.WriteRawValue(scratch.WrittenSpan, skipInputValidation: true);
        }
#endif

        private static void Write(ref MsgPackReader reader, IBufferWriter<byte> utf8Json, MsgPackTextOptions? options)
        {
            if (utf8Json is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(utf8Json));
            }

            options ??= MsgPackTextOptions.Default;
            var json = new JsonText(utf8Json, options.MaxOutputLength);
            WriteValue(ref reader, ref json, options.MaxDepth);
            json.Flush();
            if (!reader.End)
            {
                throw new MsgPackException($"The input holds more than one value: {reader.Remaining} bytes follow the document, at offset {reader.Consumed}.");
            }
        }

        /// <summary>
        /// One value, walked token by token with a stack of its own: no recursion, whatever the nesting, map keys that
        /// are arrays or maps of keys included (each key that is not a str opens a string in the JSON text, which
        /// escapes what is written in it as it comes).
        /// </summary>
        private static void WriteValue(ref MsgPackReader reader, ref JsonText json, int maxDepth)
        {
            // The open containers: on the stack up to 16 levels, in a rented array beyond (never more than MaxDepth).
            Span<Frame> stack = stackalloc Frame[FirstStackDepth];
            Frame[]? rented = null;
            int depth = 0;
            bool isKey = false;
            while (true)
            {
                long offset = reader.Consumed;
                MsgPackToken token = reader.ReadToken();

                // A map key that is not a str: its JSON text, as a string, closed after the scalar or the container.
                bool quoted = isKey && token.Type != MsgPackType.String;
                if (quoted)
                {
                    json.OpenString();
                }

                if (token.Type is MsgPackType.Array or MsgPackType.Map)
                {
                    // Every array and map is a level, empty ones too, as for Validate: a document it accepts with
                    // this MaxDepth renders with it.
                    if (depth >= maxDepth)
                    {
                        ThrowHelper.ThrowTextTooDeep(maxDepth, offset);
                    }

                    bool map = token.Type == MsgPackType.Map;
                    if (token.Count == 0)
                    {
                        json.Raw(map ? "{}" : "[]");
                    }
                    else
                    {
                        if (depth == stack.Length)
                        {
                            Frame[] larger = ArrayPool<Frame>.Shared.Rent(depth * 2);
                            stack.CopyTo(larger);
                            if (rented != null)
                            {
                                ArrayPool<Frame>.Shared.Return(rented);
                            }

                            rented = larger;
                            stack = larger;
                        }

                        stack[depth++] = new Frame(map ? 2L * token.Count : token.Count, map, quoted);
                        json.Raw(map ? (byte)'{' : (byte)'[');
                        quoted = false; // the frame closes the string, after the container
                    }
                }
                else
                {
                    WriteScalar(ref reader, token, ref json);
                }

                if (quoted)
                {
                    json.CloseString();
                }

                // The next token's place: close what is complete, then the separator before it.
                while (true)
                {
                    if (depth == 0)
                    {
                        if (rented != null)
                        {
                            ArrayPool<Frame>.Shared.Return(rented);
                        }

                        return;
                    }

                    ref Frame top = ref stack[depth - 1];
                    if (top.Remaining == 0)
                    {
                        json.Raw(top.Map ? (byte)'}' : (byte)']');
                        if (top.Quoted)
                        {
                            json.CloseString();
                        }

                        depth--;
                        continue;
                    }

                    isKey = top.Map && top.Remaining % 2 == 0;
                    if (top.Map && !isKey)
                    {
                        json.Raw((byte)':');
                    }
                    else if (top.Started)
                    {
                        json.Raw((byte)',');
                    }

                    top.Started = true;
                    top.Remaining--;
                    break;
                }
            }
        }

        private static void WriteScalar(ref MsgPackReader reader, MsgPackToken token, ref JsonText json)
        {
            switch (token.Type)
            {
                case MsgPackType.Nil:
                    json.Raw("null");
                    break;
                case MsgPackType.Boolean:
                    json.Raw(token.GetBoolean() ? "true" : "false");
                    break;
                case MsgPackType.Integer when token.IsNegative:
                    json.Number(token.GetInt64());
                    break;
                case MsgPackType.Integer:
                    json.Number(token.GetUInt64());
                    break;
                case MsgPackType.Float:
                    json.Number(token.GetDouble(), token.Code == DataCodes.Float32);
                    break;
                case MsgPackType.Timestamp:
                    WriteTimestamp(token.GetTimestamp(), ref json);
                    break;
                case MsgPackType.String:
                    WriteString(reader.ReadBytes(token.Length), ref json);
                    break;
                case MsgPackType.Binary:
                    WriteBase64(reader.ReadBytes(token.Length), ref json);
                    break;
                default:
                    json.Raw("{\"$ext\":");
                    json.Number(token.ExtensionType);
                    json.Raw(",\"data\":");
                    WriteBase64(reader.ReadBytes(token.Length), ref json);
                    json.Raw((byte)'}');
                    break;
            }
        }

        private static void WriteString(MsgPackPayload payload, ref JsonText json)
        {
            if (payload.IsSingleSpan)
            {
                if (!Utf8Text.IsValid(ref System.Runtime.InteropServices.MemoryMarshal.GetReference(payload.Span), payload.Length))
                {
                    throw new MsgPackInvalidUtf8Exception();
                }

                json.String(payload.Span);
                return;
            }

            if (!Utf8Text.IsValid(payload.Sequence))
            {
                throw new MsgPackInvalidUtf8Exception();
            }

            // Escapes are for ASCII bytes only, so the text can be escaped segment by segment.
            json.Raw((byte)'"');
            foreach (ReadOnlyMemory<byte> segment in payload.Sequence)
            {
                json.StringBody(segment.Span);
            }

            json.Raw((byte)'"');
        }

        private static void WriteBase64(MsgPackPayload payload, ref JsonText json)
        {
            if (payload.IsSingleSpan)
            {
                json.Base64(payload.Span);
                return;
            }

            // Base64 works in groups of 3 bytes, which segments do not respect: the payload, present in the input, in one piece.
            byte[] rented = ArrayPool<byte>.Shared.Rent(payload.Length);
            payload.Sequence.CopyTo(rented);
            json.Base64(rented.AsSpan(0, payload.Length));
            ArrayPool<byte>.Shared.Return(rented);
        }

        private static void WriteTimestamp(Timestamp timestamp, ref JsonText json)
        {
            if (!timestamp.FitsDateTime)
            {
                json.Raw("{\"$timestamp\":{\"seconds\":");
                json.Number(timestamp.Seconds);
                json.Raw(",\"nanoseconds\":");
                json.Number((ulong)timestamp.Nanoseconds);
                json.Raw("}}");
                return;
            }

            Span<byte> text = stackalloc byte[Timestamp.MaxIso8601Length];
            json.Raw((byte)'"');
            json.Copy(text.Slice(0, timestamp.FormatIso8601(text)));
            json.Raw((byte)'"');
        }

        /// <summary>
        /// An open array or map: the values still to come (two per map entry), whether one came already, and whether it
        /// is a map key written as a string (closed with it).
        /// </summary>
        private struct Frame
        {
            public Frame(long remaining, bool map, bool quoted)
            {
                Remaining = remaining;
                Map = map;
                Started = false;
                Quoted = quoted;
            }

            public long Remaining;
            public bool Map;
            public bool Started;
            public bool Quoted;
        }
    }
}
