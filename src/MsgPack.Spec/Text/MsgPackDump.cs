using System.Globalization;
using System.IO;
using System.Text;

namespace MsgPack.Spec
{
    /// <summary>
    /// An annotated dump of MessagePack bytes, to read what a peer sent: one line per value with its offset, the
    /// format's name from the specification, the value or a preview of its payload, indented by depth.
    /// </summary>
    /// <remarks>
    /// <para>For example, a map with a str key and a uint 32 value:</para>
    /// <code>
    /// 00000000  fixmap(1)
    /// 00000001    fixstr (len 4) "sync"
    /// 00000006    uint 32 70000
    /// </code>
    /// <para>
    /// Every value in the input is shown, one after another (a Tarantool packet is three: the size, the header and
    /// the body). The input is validated first (<see cref="MsgPackSpec.TryValidate(ReadOnlySpan{byte}, out MsgPackValidationResult, MsgPackValidationOptions)"/>,
    /// with the depth limit of the options): on bad input the dump shows every value before the first problem, then a
    /// line with the offset and the reason the validator gives. It never throws for the input's sake.
    /// </para>
    /// </remarks>
    public static class MsgPackDump
    {
        /// <summary>The dump of <paramref name="msgpack"/>.</summary>
        /// <param name="msgpack">Any bytes: one or more values, or something that is not MessagePack.</param>
        /// <param name="options">Limits and the preview width; <see langword="null"/> for the defaults.</param>
        /// <returns>The dump, one line per value, each ending with a line feed.</returns>
        public static string ToText(ReadOnlySpan<byte> msgpack, MsgPackTextOptions? options = null)
        {
            var output = new StringWriter(CultureInfo.InvariantCulture) { NewLine = "\n" };
            Write(msgpack, output, options);
            return output.ToString();
        }

        /// <summary>The dump of <paramref name="msgpack"/>, which may span segments.</summary>
        /// <param name="msgpack">Any bytes.</param>
        /// <param name="options">Limits and the preview width; <see langword="null"/> for the defaults.</param>
        /// <returns>The dump.</returns>
        public static string ToText(ReadOnlySequence<byte> msgpack, MsgPackTextOptions? options = null)
        {
            var output = new StringWriter(CultureInfo.InvariantCulture) { NewLine = "\n" };
            Write(msgpack, output, options);
            return output.ToString();
        }

        /// <summary>The dump of bytes read raw (<see cref="MsgPackReader.ReadRaw"/>, <see cref="MsgPackReader.ReadBytes"/>, an extension's payload).</summary>
        /// <param name="msgpack">Any bytes, in one span or across segments.</param>
        /// <param name="options">Limits and the preview width; <see langword="null"/> for the defaults.</param>
        /// <returns>The dump.</returns>
        public static string ToText(MsgPackPayload msgpack, MsgPackTextOptions? options = null) =>
            msgpack.IsSingleSpan ? ToText(msgpack.Span, options) : ToText(msgpack.Sequence, options);

        /// <summary>Writes the dump of <paramref name="msgpack"/> to <paramref name="output"/>.</summary>
        /// <param name="msgpack">Any bytes.</param>
        /// <param name="output">Where the lines go.</param>
        /// <param name="options">Limits and the preview width; <see langword="null"/> for the defaults.</param>
        public static void Write(ReadOnlySpan<byte> msgpack, TextWriter output, MsgPackTextOptions? options = null)
        {
            options ??= MsgPackTextOptions.Default;
            MsgPackSpec.TryValidate(msgpack, out MsgPackValidationResult result, ValidationOptions(options));
            var reader = new MsgPackReader(msgpack);
            Dump(ref reader, output ?? throw new ArgumentNullException(nameof(output)), options, result);
        }

        /// <summary>Writes the dump of <paramref name="msgpack"/>, which may span segments, to <paramref name="output"/>.</summary>
        /// <param name="msgpack">Any bytes.</param>
        /// <param name="output">Where the lines go.</param>
        /// <param name="options">Limits and the preview width; <see langword="null"/> for the defaults.</param>
        public static void Write(ReadOnlySequence<byte> msgpack, TextWriter output, MsgPackTextOptions? options = null)
        {
            options ??= MsgPackTextOptions.Default;
            MsgPackSpec.TryValidate(msgpack, out MsgPackValidationResult result, ValidationOptions(options));
            var reader = new MsgPackReader(msgpack);
            Dump(ref reader, output ?? throw new ArgumentNullException(nameof(output)), options, result);
        }

        private static MsgPackValidationOptions ValidationOptions(MsgPackTextOptions options) =>
            new MsgPackValidationOptions { AllowMultipleValues = true, MaxDepth = options.MaxDepth };

        private static void Dump(ref MsgPackReader reader, TextWriter output, MsgPackTextOptions options, MsgPackValidationResult result)
        {
            if (reader.End)
            {
                return; // nothing to show, and nothing wrong with nothing
            }

            // The values before the first problem are well formed: the reads below cannot fail before that offset.
            long end = result.Error == MsgPackValidationError.None ? long.MaxValue : result.Offset;
            var remaining = new long[Math.Min(options.MaxDepth, 16) + 1];
            int depth = 0;
            long written = 0;
            var line = new StringBuilder();
            while (!reader.End && reader.Consumed < end)
            {
                while (depth > 0 && remaining[depth - 1] == 0)
                {
                    depth--;
                }

                if (depth > 0)
                {
                    remaining[depth - 1]--;
                }

                line.Clear();
                line.Append(reader.Consumed.ToString("x8", CultureInfo.InvariantCulture)).Append("  ").Append(' ', 2 * depth);
                // The validator has checked everything before the first problem; a token it found wrong (a count above
                // int.MaxValue, which no token holds, a payload cut short) ends the walk, and the error line says why.
                if (reader.TryReadToken(out MsgPackToken token) != OperationStatus.Done || !Describe(ref reader, token, line, options.PreviewWidth))
                {
                    break;
                }

                if (written + line.Length + 1 > options.MaxOutputLength)
                {
                    output.WriteLine($"... the dump stops here: MaxOutputLength ({options.MaxOutputLength}) reached");
                    return;
                }

                output.WriteLine(line.ToString());
                written += line.Length + 1;
                if (token.Type is MsgPackType.Array or MsgPackType.Map && token.Count > 0)
                {
                    if (depth == remaining.Length)
                    {
                        Array.Resize(ref remaining, depth * 2);
                    }

                    remaining[depth++] = token.Type == MsgPackType.Map ? 2L * token.Count : token.Count;
                }
            }

            if (result.Error != MsgPackValidationError.None)
            {
                output.WriteLine($"{result.Offset.ToString("x8", CultureInfo.InvariantCulture)}  error: {MsgPackValidationException.Describe(result.Error)}");
            }
        }

        /// <summary>The format's name, then the value, the count or the payload's length and preview.</summary>
        private static bool Describe(ref MsgPackReader reader, MsgPackToken token, StringBuilder line, int previewWidth)
        {
            string format = MsgPackSpec.GetFormatName(token.Code);
            MsgPackPayload payload = default;
            if (token.Type is MsgPackType.String or MsgPackType.Binary or MsgPackType.Extension
                && reader.TryReadBytes(token.Length, out payload) != OperationStatus.Done)
            {
                return false;
            }

            switch (token.Type)
            {
                case MsgPackType.Nil:
                case MsgPackType.Boolean:
                    line.Append(format);
                    break;
                case MsgPackType.Integer when token.IsNegative:
                    line.Append(format).Append(' ').Append(token.GetInt64().ToString(CultureInfo.InvariantCulture));
                    break;
                case MsgPackType.Integer:
                    line.Append(format).Append(' ').Append(token.GetUInt64().ToString(CultureInfo.InvariantCulture));
                    break;
                case MsgPackType.Float:
                    line.Append(format).Append(' ').Append(token.Code == DataCodes.Float32
                        ? ((float)token.GetDouble()).ToString("R", CultureInfo.InvariantCulture)
                        : token.GetDouble().ToString("R", CultureInfo.InvariantCulture));
                    break;
                case MsgPackType.Array:
                case MsgPackType.Map:
                    line.Append(format).Append('(').Append(token.Count.ToString(CultureInfo.InvariantCulture)).Append(')');
                    break;
                case MsgPackType.Timestamp:
                    Timestamp timestamp = token.GetTimestamp();
                    int bits = token.Code == DataCodes.FixExtension4 ? 32 : token.Code == DataCodes.FixExtension8 ? 64 : 96;
                    line.Append("timestamp ").Append(bits.ToString(CultureInfo.InvariantCulture)).Append(' ');
                    AppendTimestamp(timestamp, line);
                    break;
                case MsgPackType.String:
                    line.Append(format).Append(" (len ").Append(token.Length.ToString(CultureInfo.InvariantCulture)).Append(") ");
                    AppendText(payload, line, previewWidth);
                    break;
                case MsgPackType.Binary:
                    line.Append(format).Append(" (len ").Append(token.Length.ToString(CultureInfo.InvariantCulture)).Append(')');
                    AppendHex(payload, line, previewWidth);
                    break;
                default:
                    line.Append(format).Append(" (type ").Append(token.ExtensionType.ToString(CultureInfo.InvariantCulture))
                        .Append(", ").Append(token.Length.ToString(CultureInfo.InvariantCulture)).Append(token.Length == 1 ? " byte)" : " bytes)");
                    AppendHex(payload, line, previewWidth);
                    break;
            }

            return true;
        }

        private static void AppendTimestamp(Timestamp timestamp, StringBuilder line)
        {
            if (!timestamp.FitsDateTime)
            {
                line.Append(timestamp.Seconds.ToString(CultureInfo.InvariantCulture)).Append(" s ")
                    .Append(timestamp.Nanoseconds.ToString(CultureInfo.InvariantCulture)).Append(" ns");
                return;
            }

            Span<byte> text = stackalloc byte[Timestamp.MaxIso8601Length];
            foreach (byte b in text.Slice(0, timestamp.FormatIso8601(text)))
            {
                line.Append((char)b);
            }
        }

        /// <summary>The first bytes of a str, as quoted text cut at a character boundary (its hex if it is not UTF-8).</summary>
        private static void AppendText(MsgPackPayload payload, StringBuilder line, int previewWidth)
        {
            byte[] bytes = Preview(payload, previewWidth, out bool cut);
            int length = bytes.Length;

            // Back off to the start of a character: at most 3 continuation bytes.
            while (cut && length > 0 && length > bytes.Length - 3 && (bytes[length - 1] & 0xc0) == 0x80)
            {
                length--;
            }

            if (cut && length > 0 && bytes[length - 1] >= 0xc0)
            {
                length--;
            }

            ReadOnlySpan<byte> text = bytes.AsSpan(0, length);
            if (!Utf8Text.IsValid(ref System.Runtime.InteropServices.MemoryMarshal.GetReference(text), text.Length))
            {
                line.Append("(not UTF-8)");
                AppendHex(payload, line, previewWidth);
                return;
            }

            line.Append('"');
            foreach (char c in Utf8Text.Decode(text))
            {
                switch (c)
                {
                    case '"': line.Append("\\\""); break;
                    case '\\': line.Append("\\\\"); break;
                    case '\n': line.Append("\\n"); break;
                    case '\r': line.Append("\\r"); break;
                    case '\t': line.Append("\\t"); break;
                    default:
                        if (c < ' ')
                        {
                            line.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                        }
                        else
                        {
                            line.Append(c);
                        }

                        break;
                }
            }

            line.Append(cut || length < bytes.Length ? "\"..." : "\"");
        }

        private static void AppendHex(MsgPackPayload payload, StringBuilder line, int previewWidth)
        {
            byte[] bytes = Preview(payload, previewWidth, out bool cut);
            foreach (byte b in bytes)
            {
                line.Append(' ').Append(b.ToString("x2", CultureInfo.InvariantCulture));
            }

            if (cut)
            {
                line.Append(" ...");
            }
        }

        /// <summary>At most <paramref name="previewWidth"/> bytes of the payload.</summary>
        private static byte[] Preview(MsgPackPayload payload, int previewWidth, out bool cut)
        {
            int length = Math.Min(payload.Length, Math.Max(previewWidth, 0));
            cut = length < payload.Length;
            var bytes = new byte[length];
            if (payload.IsSingleSpan)
            {
                payload.Span.Slice(0, length).CopyTo(bytes);
            }
            else
            {
                payload.Sequence.Slice(0, length).CopyTo(bytes);
            }

            return bytes;
        }
    }
}
