using System.Buffers.Text;
using System.Globalization;

namespace MsgPack.Spec
{
    /// <summary>
    /// JSON text, UTF-8, into a buffer writer: the few primitives <see cref="MsgPackJson"/> needs, with the output limit
    /// counted. It holds the span the buffer writer last handed out and commits it when it needs another, or at
    /// <see cref="Flush"/>: a call to the buffer writer per token cost more than the rest of the rendering.
    /// </summary>
    /// <remarks>
    /// Between <see cref="OpenString"/> and <see cref="CloseString"/> what is written is the text of a JSON string
    /// (a map key that is not a str, written as its own JSON text): escaped as it is written, once more for each
    /// string it lies in, so that a key inside a key needs neither a buffer of its own nor a recursion.
    /// </remarks>
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
        private int _strings;    // the strings open around what is written (OpenString): how many times it is escaped

        public JsonText(IBufferWriter<byte> output, long limit)
        {
            _output = output;
            _limit = limit;
            _written = 0;
            _span = default;
            _pending = 0;
            _strings = 0;
        }

        /// <summary>A byte of JSON's syntax (a bracket, a quote, a separator), escaped if it lies in an open string.</summary>
        public void Raw(byte value)
        {
            if (_strings != 0 && NeedsEscape(value))
            {
                Escape(value, _strings);
                return;
            }

            Reserve(1)[0] = value;
            Commit(1);
        }

        /// <summary>JSON's syntax in ASCII (<c>null</c>, <c>{"$ext":</c>), escaped if it lies in an open string.</summary>
        public void Raw(string ascii)
        {
            if (_strings != 0)
            {
                foreach (char c in ascii)
                {
                    Raw((byte)c);
                }

                return;
            }

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

        /// <summary>The inside of a JSON string of UTF-8 text (already checked): escaped once, and once more for each string open around it.</summary>
        public void StringBody(scoped ReadOnlySpan<byte> utf8)
        {
            int start = 0;
            for (int i = 0; i < utf8.Length; i++)
            {
                byte b = utf8[i];
                if (!NeedsEscape(b))
                {
                    continue;
                }

                Copy(utf8.Slice(start, i - start));
                start = i + 1;
                Escape(b, _strings + 1);
            }

            Copy(utf8.Slice(start));
        }

        /// <summary>
        /// Writes a quote and opens a string: until <see cref="CloseString"/>, everything written is that string's text,
        /// escaped once more than outside it. Strings nest (a key in a key), each open one escaping once.
        /// </summary>
        public void OpenString()
        {
            Raw((byte)'"');
            _strings++;
        }

        /// <summary>Closes the string <see cref="OpenString"/> opened, and writes its closing quote.</summary>
        public void CloseString()
        {
            _strings--;
            Raw((byte)'"');
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

        /// <summary>
        /// Bytes that no JSON string escapes (none is a quote, a backslash or a control character: a run of text between
        /// escapes, a timestamp's digits), so they go out as they are, in an open string too.
        /// </summary>
        public void Copy(scoped ReadOnlySpan<byte> bytes)
        {
            if (!bytes.IsEmpty)
            {
                bytes.CopyTo(Reserve(bytes.Length));
                Commit(bytes.Length);
            }
        }

        private static int Base64Length(int length) => (length + 2) / 3 * 4;

        /// <summary>What a JSON string escapes: the quote, the backslash and the control characters (UTF-8 above them goes as it is).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool NeedsEscape(byte value) => value < 0x20 || value == (byte)'"' || value == (byte)'\\';

        /// <summary>
        /// Writes <paramref name="value"/>, a byte that JSON strings escape, escaped <paramref name="times"/> times over:
        /// once as text in a string, and once more for each string around that one.
        /// </summary>
        /// <remarks>
        /// Escaping replaces each byte on its own, so escaping k times replaces each byte with one sequence: the one
        /// escape of the byte (<c>\"</c>, <c>\\</c>, <c>\n</c>, <c>\u001f</c>), whose backslash each further time
        /// doubles, with 2^(k - 1) backslashes in front of the rest. The rest is ASCII letters and digits, except the
        /// quote's, which each further time escapes as well (2^k - 1 backslashes in all), and the backslash's, itself a
        /// backslash (2^k). A key nested in k keys makes text 2^k times its own length: the output limit is checked
        /// before that run is written, and a run longer than a long can count exceeds every limit.
        /// </remarks>
        private void Escape(byte value, int times)
        {
            // The rest after the backslashes: the letter, the quote, or u00 and two hex digits.
            Span<byte> rest = stackalloc byte[5];
            int restLength = 1;
            switch (value)
            {
                case (byte)'"': rest[0] = (byte)'"'; break;
                case (byte)'\\': restLength = 0; break;
                case (byte)'\n': rest[0] = (byte)'n'; break;
                case (byte)'\r': rest[0] = (byte)'r'; break;
                case (byte)'\t': rest[0] = (byte)'t'; break;
                case (byte)'\b': rest[0] = (byte)'b'; break;
                case (byte)'\f': rest[0] = (byte)'f'; break;
                default:
                    rest[0] = (byte)'u';
                    rest[1] = (byte)'0';
                    rest[2] = (byte)'0';
                    rest[3] = HexDigits[value >> 4];
                    rest[4] = HexDigits[value & 0xf];
                    restLength = 5;
                    break;
            }

            // 2^(times - 1) and twice that fit a ulong up to times = 63; beyond, the run alone exceeds long.MaxValue.
            if (times > 63)
            {
                ThrowHelper.ThrowTextTooLong(_limit);
            }

            ulong run = 1UL << (times - 1);
            ulong backslashes = value == (byte)'"' ? (2 * run) - 1 : value == (byte)'\\' ? 2 * run : run;
            if (backslashes + (ulong)restLength > (ulong)Math.Max(0, _limit - _written))
            {
                ThrowHelper.ThrowTextTooLong(_limit);
            }

            while (backslashes > 0)
            {
                int length = (int)Math.Min(backslashes, Chunk);
                Reserve(length).Fill((byte)'\\');
                Commit(length);
                backslashes -= (ulong)length;
            }

            Copy(rest.Slice(0, restLength));
        }

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
