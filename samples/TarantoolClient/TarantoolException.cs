using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>An error the server answered with: its code, its message and, from Tarantool 2.4 on, its stack.</summary>
    public sealed class TarantoolException : Exception
    {
        /// <summary>Creates the exception.</summary>
        /// <param name="code">The error code (the response code without <see cref="IprotoCode.ErrorFlag"/>).</param>
        /// <param name="message">The message (key 0x31).</param>
        /// <param name="stack">The error stack (key 0x52), innermost first; empty when the server sent none.</param>
        public TarantoolException(uint code, string message, IReadOnlyList<TarantoolErrorFrame> stack)
            : base(message)
        {
            Code = code;
            Stack = stack;
        }

        /// <summary>The error code, e.g. 3 (ER_TUPLE_FOUND), 33 (ER_NO_SUCH_PROC), 47 (ER_CREDS_MISMATCH).</summary>
        public uint Code { get; }

        /// <summary>The error stack the server sent (key 0x52), the error first and its causes after it.</summary>
        public IReadOnlyList<TarantoolErrorFrame> Stack { get; }
    }

    /// <summary>One error of an error stack (IPROTO key 0x52, or the payload of an MP_ERROR extension, type 3).</summary>
    /// <param name="Type">The error's class, e.g. <c>ClientError</c>, <c>CustomError</c>.</param>
    /// <param name="File">The source file that raised it.</param>
    /// <param name="Line">Its line.</param>
    /// <param name="Message">The message.</param>
    /// <param name="Errno">The saved errno (0 for none).</param>
    /// <param name="Code">The error code.</param>
    /// <param name="FieldsJson">The error's extra fields (key 0x06) as JSON, <c>{}</c> when there are none.</param>
    public sealed record TarantoolErrorFrame(string Type, string File, uint Line, string Message, uint Errno, uint Code, string FieldsJson)
    {
        /// <summary>The MessagePack extension type of MP_ERROR.</summary>
        public const sbyte ExtensionType = 3;

        /// <summary>
        /// The most errors of a stack that are kept (16): the rest are skipped. Tarantool's own stacks hold a few; the
        /// limit bounds what a hostile server's stack of a million empty errors makes the client allocate.
        /// </summary>
        public const int MaxFrames = 16;

        /// <summary>
        /// The most UTF-8 bytes kept of each text of an error (the message, a frame's type, file and message) and of a
        /// frame's fields as JSON: 2,048. A longer text is cut at a character boundary and ends with "…"; longer fields
        /// become <c>{"$truncated":true}</c>. With <see cref="MaxFrames"/>, an error costs the client under
        /// 0.5 MB, whatever its size.
        /// </summary>
        public const int MaxTextLength = 2048;

        private static readonly MsgPackTextOptions JsonLimits = new() { MaxDepth = 32, MaxOutputLength = MaxTextLength };

        /// <summary>
        /// Reads an error stack: a map whose key 0x00 holds an array of errors, each a map of keys 0x00 (type),
        /// 0x01 (file), 0x02 (line), 0x03 (message), 0x04 (errno), 0x05 (code), 0x06 (fields). Unknown keys are
        /// skipped, as a later server may add some.
        /// </summary>
        /// <param name="reader">A reader at the map.</param>
        /// <returns>The errors, the first one first; at most <see cref="MaxFrames"/>, their texts at most <see cref="MaxTextLength"/> bytes.</returns>
        /// <exception cref="MsgPackException">The value is not such a map, or a text is not a str of UTF-8.</exception>
        public static IReadOnlyList<TarantoolErrorFrame> ReadStack(ref MsgPackReader reader)
        {
            var frames = new List<TarantoolErrorFrame>();
            int keys = reader.ReadMapHeader();
            for (int k = 0; k < keys; k++)
            {
                if (reader.ReadUInt32() != 0x00)
                {
                    reader.Skip();
                    continue;
                }

                int count = reader.ReadArrayHeader();
                for (int i = 0; i < count; i++)
                {
                    if (frames.Count < MaxFrames)
                    {
                        frames.Add(ReadFrame(ref reader));
                    }
                    else
                    {
                        reader.Skip();
                    }
                }
            }

            return frames;
        }

        /// <summary>Reads the payload of an MP_ERROR extension (type 3), which is an error stack.</summary>
        /// <param name="reader">A reader at the extension.</param>
        /// <returns>The errors.</returns>
        /// <exception cref="MsgPackException">The value is not an extension of type 3 holding an error stack.</exception>
        public static IReadOnlyList<TarantoolErrorFrame> ReadExtension(ref MsgPackReader reader)
        {
            ExtensionHeader header = reader.ReadExtensionHeader();
            if (header.TypeCode != ExtensionType)
            {
                throw new MsgPackException($"Expected an MP_ERROR extension (type {ExtensionType}), found type {header.TypeCode}.");
            }

            long start = reader.Consumed;
            IReadOnlyList<TarantoolErrorFrame> stack = ReadStack(ref reader);
            if (reader.Consumed - start != header.Length)
            {
                throw new MsgPackException($"The MP_ERROR payload is {header.Length} bytes, its error stack {reader.Consumed - start}.");
            }

            return stack;
        }

        private static TarantoolErrorFrame ReadFrame(ref MsgPackReader reader)
        {
            string type = "", file = "", message = "", fields = "{}";
            uint line = 0, errno = 0, code = 0;
            int keys = reader.ReadMapHeader();
            for (int k = 0; k < keys; k++)
            {
                switch (reader.ReadUInt32())
                {
                    case 0x00: type = ReadText(ref reader); break;
                    case 0x01: file = ReadText(ref reader); break;
                    case 0x02: line = reader.ReadUInt32(); break;
                    case 0x03: message = ReadText(ref reader); break;
                    case 0x04: errno = reader.ReadUInt32(); break;
                    case 0x05: code = reader.ReadUInt32(); break;
                    case 0x06: fields = ReadJson(ref reader); break;
                    default: reader.Skip(); break;
                }
            }

            return new TarantoolErrorFrame(type, file, line, message, errno, code, fields);
        }

        // The fields are whatever the error carries (a custom error's, for example): kept as JSON text, which the
        // library renders from the value's raw bytes.
        // Within MaxTextLength of output: a bigger value is marked, not rendered.
        private static string ReadJson(ref MsgPackReader reader)
        {
            MsgPackPayload raw = reader.ReadRaw();
            try
            {
                return MsgPackJson.ToJson(raw, JsonLimits);
            }
            catch (MsgPackTextLimitException)
            {
                return "{\"$truncated\":true}";
            }
        }

        /// <summary>Reads a str of UTF-8, keeping at most <see cref="MaxTextLength"/> bytes of it (cut at a character boundary, then "…").</summary>
        /// <param name="reader">A reader at the str.</param>
        /// <returns>The text.</returns>
        /// <exception cref="MsgPackException">The value is not a str, or its kept bytes are not UTF-8.</exception>
        public static string ReadText(ref MsgPackReader reader)
        {
            MsgPackPayload bytes = reader.ReadStringBytes();
            if (bytes.Length <= MaxTextLength)
            {
                return bytes.GetString();
            }

            Span<byte> kept = stackalloc byte[MaxTextLength];
            if (bytes.IsSingleSpan)
            {
                bytes.Span[..MaxTextLength].CopyTo(kept);
            }
            else
            {
                bytes.Sequence.Slice(0, MaxTextLength).CopyTo(kept);
            }

            // Back off to the start of a character: the byte after the cut is not a continuation byte.
            int length = MaxTextLength;
            int next = bytes.IsSingleSpan ? bytes.Span[MaxTextLength] : bytes.Sequence.Slice(MaxTextLength, 1).FirstSpan[0];
            for (int back = 0; back < 4 && length > 0 && (next & 0xc0) == 0x80; back++)
            {
                length--;
                next = kept[length];
            }

            if (!System.Text.Unicode.Utf8.IsValid(kept[..length]))
            {
                throw new MsgPackException("An error's text is not UTF-8.");
            }

            return string.Concat(Encoding.UTF8.GetString(kept[..length]), "…");
        }

        /// <inheritdoc/>
        public override string ToString()
        {
            var text = new StringBuilder();
            text.Append(Type).Append(" (code ").Append(Code).Append(") at ").Append(File).Append(':').Append(Line).Append(": ").Append(Message);
            return text.ToString();
        }
    }
}
