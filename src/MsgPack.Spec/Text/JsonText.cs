using System;
using System.Buffers;
using System.Buffers.Text;
using System.Globalization;
using System.Runtime.CompilerServices;

namespace MsgPack.Spec
{
    /// <summary>
    /// JSON text, UTF-8, into a buffer writer: the few primitives <see cref="MsgPackJson"/> needs, with the output limit
    /// counted. It holds the span the buffer writer last handed out and commits it when it needs another, or at
    /// <see cref="Flush"/>: a call to the buffer writer per token cost more than the rest of the rendering.
    /// </summary>
    internal ref struct JsonText
    {
        // What to ask the buffer writer for at least, so that a run of small tokens needs one span.
        private const int Chunk = 512;

        private static readonly byte[] HexDigits = { (byte)'0', (byte)'1', (byte)'2', (byte)'3', (byte)'4', (byte)'5', (byte)'6', (byte)'7', (byte)'8', (byte)'9', (byte)'a', (byte)'b', (byte)'c', (byte)'d', (byte)'e', (byte)'f' };

        private readonly IBufferWriter<byte> _output;
        private readonly long _limit;
        private long _written;   // bytes written, committed or pending
        private Span<byte> _span; // the span last handed out
        private int _pending;    // bytes written into it and not committed yet

        public JsonText(IBufferWriter<byte> output, long limit)
        {
            _output = output;
            _limit = limit;
            _written = 0;
            _span = default;
            _pending = 0;
        }

        public readonly long Written => _written;

        public void Raw(byte value)
        {
            Reserve(1)[0] = value;
            Commit(1);
        }

        public void Raw(string ascii)
        {
            Span<byte> span = Reserve(ascii.Length);
            for (int i = 0; i < ascii.Length; i++)
            {
                span[i] = (byte)ascii[i];
            }

            Commit(ascii.Length);
        }

        public void Number(long value)
        {
            ThrowHelper.ThrowIfFailed(Utf8Formatter.TryFormat(value, Reserve(20), out int written), "Utf8Formatter.TryFormat");
            Commit(written);
        }

        public void Number(ulong value)
        {
            ThrowHelper.ThrowIfFailed(Utf8Formatter.TryFormat(value, Reserve(20), out int written), "Utf8Formatter.TryFormat");
            Commit(written);
        }

        /// <summary>The shortest text that reads back as the same value; NaN and the infinities, which JSON has no number for, as strings.</summary>
        public void Number(double value, bool single)
        {
            if (double.IsNaN(value) || double.IsInfinity(value))
            {
                Raw(double.IsNaN(value) ? "\"NaN\"" : value > 0 ? "\"Infinity\"" : "\"-Infinity\"");
                return;
            }

#if NET8_0_OR_GREATER
            Span<byte> span = Reserve(32);
            int written;
            bool done = single ? ((float)value).TryFormat(span, out written, "R", CultureInfo.InvariantCulture) : value.TryFormat(span, out written, "R", CultureInfo.InvariantCulture);
            Commit(done ? written : 0);
#else
            Raw(single ? ((float)value).ToString("R", CultureInfo.InvariantCulture) : value.ToString("R", CultureInfo.InvariantCulture));
#endif
        }

        /// <summary>A JSON string of UTF-8 text (already checked), escaped where JSON requires it.</summary>
        public void String(scoped ReadOnlySpan<byte> utf8)
        {
            Raw((byte)'"');
            StringBody(utf8);
            Raw((byte)'"');
        }

        public void StringBody(scoped ReadOnlySpan<byte> utf8)
        {
            int start = 0;
            for (int i = 0; i < utf8.Length; i++)
            {
                byte b = utf8[i];
                if (b >= 0x20 && b != (byte)'"' && b != (byte)'\\')
                {
                    continue;
                }

                Copy(utf8.Slice(start, i - start));
                start = i + 1;
                switch (b)
                {
                    case (byte)'"': Raw("\\\""); break;
                    case (byte)'\\': Raw("\\\\"); break;
                    case (byte)'\n': Raw("\\n"); break;
                    case (byte)'\r': Raw("\\r"); break;
                    case (byte)'\t': Raw("\\t"); break;
                    case (byte)'\b': Raw("\\b"); break;
                    case (byte)'\f': Raw("\\f"); break;
                    default:
                        Span<byte> escape = Reserve(6);
                        "\\u00"u8.CopyTo(escape);
                        escape[4] = HexDigits[b >> 4];
                        escape[5] = HexDigits[b & 0xf];
                        Commit(6);
                        break;
                }
            }

            Copy(utf8.Slice(start));
        }

        /// <summary>Bytes as a base64 JSON string.</summary>
        public void Base64(scoped ReadOnlySpan<byte> bytes)
        {
            Raw((byte)'"');
            while (!bytes.IsEmpty)
            {
                // 3 bytes make 4 characters: whole groups of up to 3 KiB at a time.
                int take = bytes.Length <= 3072 ? bytes.Length : 3072;
                OperationStatus encoded = System.Buffers.Text.Base64.EncodeToUtf8(bytes.Slice(0, take), Reserve(Base64Length(take)), out _, out int written);
                ThrowHelper.ThrowIfFailed(encoded == OperationStatus.Done, "Base64.EncodeToUtf8");
                Commit(written);
                bytes = bytes.Slice(take);
            }

            Raw((byte)'"');
        }

        public void Copy(scoped ReadOnlySpan<byte> bytes)
        {
            if (!bytes.IsEmpty)
            {
                bytes.CopyTo(Reserve(bytes.Length));
                Commit(bytes.Length);
            }
        }

        private static int Base64Length(int length) => (length + 2) / 3 * 4;

        /// <summary>Commits what is pending to the buffer writer.</summary>
        public void Flush()
        {
            if (_pending > 0)
            {
                _output.Advance(_pending);
            }

            _pending = 0;
            _span = default;
        }

        /// <summary>Room for <paramref name="length"/> bytes; <see cref="Commit"/> then says how many were written.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private Span<byte> Reserve(int length)
        {
            if (_span.Length - _pending < length)
            {
                Refill(length);
            }

            return _span.Slice(_pending, length);
        }

        private void Refill(int length)
        {
            Flush();
            _span = _output.GetSpan(Math.Max(length, Chunk));
        }

        private void Commit(int length)
        {
            _written += length;
            if (_written > _limit)
            {
                ThrowHelper.ThrowTextTooLong(_limit);
            }

            _pending += length;
        }
    }
}
