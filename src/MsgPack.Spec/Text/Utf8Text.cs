using System.Text;
#if NET8_0_OR_GREATER
using System.Numerics;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;
using System.Text.Unicode;
#endif

namespace MsgPack.Spec
{
    /// <summary>UTF-8 counting, encoding, validation and decoding over <see langword="ref"/> <see cref="byte"/>, for every target framework.</summary>
    internal static unsafe class Utf8Text
    {
        /// <summary>The UTF-8 length of <paramref name="value"/>; lone surrogates count as the 3 bytes of U+FFFD.</summary>
        public static int GetByteCount(ReadOnlySpan<char> value)
        {
            if (value.IsEmpty)
            {
                return 0;
            }

            fixed (char* chars = &MemoryMarshal.GetReference(value))
            {
                return Encoding.UTF8.GetByteCount(chars, value.Length);
            }
        }

        /// <summary>
        /// Encodes <paramref name="value"/> at <paramref name="destination"/>, which has room for at least
        /// <paramref name="capacity"/> bytes and for the whole encoding; returns the bytes written. Only those bytes
        /// are touched, whatever the capacity (the one-pass string writers rely on it).
        /// </summary>
        public static int Encode(ReadOnlySpan<char> value, ref byte destination, int capacity)
        {
            if (value.IsEmpty)
            {
                return 0;
            }
#if NET8_0_OR_GREATER
            int length = value.Length;
            ref char chars = ref MemoryMarshal.GetReference(value);

            // Short ASCII (keys, names, identifiers) is narrowed here: for a few chars, the transcoder's entry checks
            // and calls cost more than the narrowing itself.
            if (length <= ShortAsciiLimit && capacity >= length && TryNarrowShortAscii(ref chars, length, ref destination))
            {
                return length;
            }

            int written = EncodeBelowU0800(ref chars, length, ref destination, capacity, out int read);
            if (read == length)
            {
                return written;
            }

            // The rest (from a char of 3 or 4 UTF-8 bytes, or a lone surrogate, or where the room ran out) goes to the
            // transcoder itself, without Encoding's virtual calls and fallback objects. Replacing lone surrogates with
            // U+FFFD is what Encoding.UTF8 does too. The rest starts at a char below U+0800 or at the one that stopped
            // the encoder, so a surrogate pair is never cut.
            if (Utf8.FromUtf16(value.Slice(read), MemoryMarshal.CreateSpan(ref Unsafe.Add(ref destination, written), capacity - written), out _, out int rest) != OperationStatus.Done)
            {
                // Only a text that changed after it was counted (a char[] another thread writes to) runs out of room:
                // fail, as Encoding.UTF8 does on netstandard2.0, rather than leave a header that counts bytes never written.
                ThrowHelper.ThrowInvalidOperation("The text was longer in UTF-8 than it was counted: it changed while it was written.");
            }

            return written + rest;
#else
            fixed (char* chars = &MemoryMarshal.GetReference(value))
            fixed (byte* bytes = &destination)
            {
                return Encoding.UTF8.GetBytes(chars, value.Length, bytes, capacity);
            }
#endif
        }

#if NET8_0_OR_GREATER
        /// <summary>The longest text <see cref="Encode"/> tries to narrow as ASCII itself before it calls the transcoder.</summary>
        internal const int ShortAsciiLimit = 32;

        /// <summary>
        /// Narrows <paramref name="length"/> chars (1 to <see cref="ShortAsciiLimit"/>) to bytes if they are all ASCII;
        /// <see langword="false"/> at the first block that is not. Only the first <paramref name="length"/> bytes at
        /// <paramref name="destination"/> are written, and only with the chars' own ASCII bytes, so a text found not
        /// to be ASCII halfway leaves a prefix that its UTF-8 encoding writes again, the same.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool TryNarrowShortAscii(ref char source, int length, ref byte destination)
        {
            ref ushort units = ref Unsafe.As<char, ushort>(ref source);
            if (Vector128.IsHardwareAccelerated && length >= 8)
            {
                // 8 chars a block; the last block overlaps the one before it rather than run past the text.
                Vector128<ushort> notAscii = Vector128.Create((ushort)0xff80);
                int last = length - 8;
                for (int i = 0; i < last; i += 8)
                {
                    Vector128<ushort> block = Vector128.LoadUnsafe(ref units, (nuint)i);
                    if ((block & notAscii) != Vector128<ushort>.Zero)
                    {
                        return false;
                    }

                    Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, i), Vector128.Narrow(block, block).AsUInt64().ToScalar());
                }

                Vector128<ushort> tail = Vector128.LoadUnsafe(ref units, (nuint)last);
                if ((tail & notAscii) != Vector128<ushort>.Zero)
                {
                    return false;
                }

                Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, last), Vector128.Narrow(tail, tail).AsUInt64().ToScalar());
                return true;
            }

            if (length >= 4)
            {
                // 4 chars a word, the last word overlapping the one before it; each word checked before it is written.
                int last = length - 4;
                for (int i = 0; i < last; i += 4)
                {
                    ulong four = Unsafe.ReadUnaligned<ulong>(ref Unsafe.As<ushort, byte>(ref Unsafe.Add(ref units, i)));
                    if ((four & 0xff80_ff80_ff80_ff80UL) != 0)
                    {
                        return false;
                    }

                    Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, i), NarrowFour(four));
                }

                ulong end = Unsafe.ReadUnaligned<ulong>(ref Unsafe.As<ushort, byte>(ref Unsafe.Add(ref units, last)));
                if ((end & 0xff80_ff80_ff80_ff80UL) != 0)
                {
                    return false;
                }

                Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, last), NarrowFour(end));
                return true;
            }

            for (int i = 0; i < length; i++)
            {
                uint unit = Unsafe.Add(ref units, i);
                if (unit >= 0x80)
                {
                    return false;
                }

                Unsafe.Add(ref destination, i) = (byte)unit;
            }

            return true;
        }

        /// <summary>Whether <see cref="EncodeBelowU0800"/> has its vector path: a byte shuffle by a register of indices (SSSE3 or Arm64 TBL).</summary>
        private static bool TwoByteVectors
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => BitConverter.IsLittleEndian && (Ssse3.IsSupported || AdvSimd.Arm64.IsSupported);
        }

        /// <summary>
        /// Encodes <paramref name="source"/> from its start while its chars are below U+0800 (1 or 2 UTF-8 bytes each:
        /// ASCII, Latin, Greek, Cyrillic, Hebrew, Arabic...); stops at a char of 3 or 4 UTF-8 bytes or a surrogate
        /// (<paramref name="read"/> tells where), or where <paramref name="capacity"/> runs out. Returns the bytes
        /// written; only those are touched.
        /// </summary>
        /// <remarks>
        /// A long text that starts with ASCII takes its ASCII run from <see cref="Ascii.FromUtf16"/> (the BCL's widest
        /// narrowing). Then 8 chars a step: every char becomes a 16-bit word (its ASCII byte, or its lead and
        /// continuation bytes), and a shuffle picked by which of the 8 are ASCII drops the empty high bytes of the ASCII
        /// ones, leaving 8 to 16 bytes. They go out in one 16-byte store when the chars after the block (a byte at least
        /// each) will write over what it stores past them, and otherwise as two 8-byte stores that end where they do.
        /// The last chars (fewer than 8) are encoded as the last 8 of the text, from where the first of them starts:
        /// the chars already written are written again, the same.
        /// </remarks>
        private static int EncodeBelowU0800(ref char source, int length, ref byte destination, int capacity, out int read)
        {
            ref ushort units = ref Unsafe.As<char, ushort>(ref source);
            int i = 0;
            int o = 0;
            if (!TwoByteVectors)
            {
                // Without the shuffle, char by char would be slower than the transcoder: it takes the whole text.
                read = 0;
                return 0;
            }

            if (length > ShortAsciiLimit && (Vector128.LoadUnsafe(ref units) & Vector128.Create((ushort)0xff80)) == Vector128<ushort>.Zero)
            {
                o = NarrowAsciiRun(ref source, length, ref destination, capacity);
                if (o == length)
                {
                    read = length;
                    return o;
                }

                i = o;
            }

            ref byte orders = ref MemoryMarshal.GetArrayDataReference(TwoByteOrders.Table);
            while (length - i >= 8)
            {
                Vector128<ushort> block = Vector128.LoadUnsafe(ref units, (nuint)i);
                if ((block & Vector128.Create((ushort)0xf800)) != Vector128<ushort>.Zero)
                {
                    if (i == 0)
                    {
                        // Text that has a 3- or 4-byte char (CJK, emoji) in its first 8: the transcoder takes it all.
                        read = 0;
                        return 0;
                    }

                    break;
                }

                Vector128<byte> bytes = EncodeTwoByteBlock(block, ref orders, out int produced);
                if (produced + (length - i - 8) >= 16 && capacity - o >= 16)
                {
                    bytes.StoreUnsafe(ref destination, (nuint)o);
                }
                else if (capacity - o >= produced)
                {
                    StoreExactly(bytes, produced, ref Unsafe.Add(ref destination, o));
                }
                else
                {
                    break;
                }

                i += 8;
                o += produced;
            }

            if (i < length && length - i < 8 && length >= 8)
            {
                // The last 8 chars, of which the first 8 - (length - i) are written already (below U+0800 all).
                int start = length - 8;
                Vector128<ushort> block = Vector128.LoadUnsafe(ref units, (nuint)start);
                if ((block & Vector128.Create((ushort)0xf800)) == Vector128<ushort>.Zero)
                {
                    Vector128<byte> bytes = EncodeTwoByteBlock(block, ref orders, out int produced);
                    int again = i - start;
                    uint asciiAgain = Vector128.LessThan(block, Vector128.Create((ushort)0x80)).ExtractMostSignificantBits() & ((1u << again) - 1);
                    int from = o - ((2 * again) - BitOperations.PopCount(asciiAgain));
                    if (capacity - from >= produced)
                    {
                        StoreExactly(bytes, produced, ref Unsafe.Add(ref destination, from));
                        i = length;
                        o = from + produced;
                    }
                }
            }

            for (; i < length; i++)
            {
                uint unit = Unsafe.Add(ref units, i);
                if (unit < 0x80 && o < capacity)
                {
                    Unsafe.Add(ref destination, o++) = (byte)unit;
                }
                else if (unit < 0x800 && unit >= 0x80 && capacity - o >= 2)
                {
                    Unsafe.Add(ref destination, o) = (byte)(0xc0 | (unit >> 6));
                    Unsafe.Add(ref destination, o + 1) = (byte)(0x80 | (unit & 0x3f));
                    o += 2;
                }
                else
                {
                    break;
                }
            }

            read = i;
            return o;
        }

        /// <summary>
        /// The ASCII run at the start of a text, narrowed by <see cref="Ascii.FromUtf16"/>: the bytes written (the chars
        /// taken). Its status only says why the run ended (a char that is not ASCII, or no room), which the caller finds
        /// out as it goes on (NoDroppedStatusTests lists this call).
        /// </summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int NarrowAsciiRun(ref char source, int length, ref byte destination, int capacity)
        {
            Ascii.FromUtf16(MemoryMarshal.CreateReadOnlySpan(ref source, length), MemoryMarshal.CreateSpan(ref destination, capacity), out int written);
            return written;
        }

        /// <summary>
        /// The UTF-8 of 8 chars below U+0800 in the first <paramref name="produced"/> (8 to 16) bytes of the result:
        /// 110xxxxx 10xxxxxx for each char from U+0080 on, lead byte first (the low byte of a little-endian word), the
        /// char itself for ASCII, compacted by the shuffle of <see cref="TwoByteOrders"/> for the block's ASCII lanes.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<byte> EncodeTwoByteBlock(Vector128<ushort> block, ref byte orders, out int produced)
        {
            Vector128<ushort> ascii = Vector128.LessThan(block, Vector128.Create((ushort)0x80));
            uint mask = ascii.ExtractMostSignificantBits();
            produced = 16 - BitOperations.PopCount(mask);
            Vector128<ushort> twoBytes = (block >> 6) | Vector128.Create((ushort)0x80c0) | ((block & Vector128.Create((ushort)0x3f)) << 8);
            Vector128<byte> words = Vector128.ConditionalSelect(ascii, block, twoBytes).AsByte();
            return Shuffle(words, Vector128.LoadUnsafe(ref orders, (nuint)(mask * 16)));
        }

        /// <summary>Stores the first <paramref name="count"/> (8 to 16) bytes of <paramref name="bytes"/> and nothing after them: two 8-byte stores that overlap.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void StoreExactly(Vector128<byte> bytes, int count, ref byte destination)
        {
            Vector128<byte> last = Shuffle(bytes, Vector128.Create((byte)(count - 8)) + Vector128.Create((byte)0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
            Unsafe.WriteUnaligned(ref destination, bytes.AsUInt64().ToScalar());
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, count - 8), last.AsUInt64().ToScalar());
        }

        /// <summary>A byte shuffle by a register of indices (an index of 16 or more gives 0).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<byte> Shuffle(Vector128<byte> bytes, Vector128<byte> indices) =>
            Ssse3.IsSupported ? Ssse3.Shuffle(bytes, indices) : AdvSimd.Arm64.VectorTableLookup(bytes, indices);

        /// <summary>
        /// The shuffles of <see cref="EncodeTwoByteBlock"/>, 16 bytes for each mask of ASCII lanes: lane j's low
        /// byte (2j), then its high byte (2j + 1) unless lane j is ASCII; 0x80 (a zero) after the last.
        /// </summary>
        private static class TwoByteOrders
        {
            internal static readonly byte[] Table = Build();

            private static byte[] Build()
            {
                byte[] table = new byte[256 * 16];
                for (int mask = 0; mask < 256; mask++)
                {
                    int o = mask * 16;
                    for (int lane = 0; lane < 8; lane++)
                    {
                        table[o++] = (byte)(2 * lane);
                        if ((mask & (1 << lane)) == 0)
                        {
                            table[o++] = (byte)((2 * lane) + 1);
                        }
                    }

                    for (; o < (mask + 1) * 16; o++)
                    {
                        table[o] = 0x80;
                    }
                }

                return table;
            }
        }

        /// <summary>
        /// Four ASCII chars read as one word, as a word whose stored bytes are theirs in the same order: the low byte of
        /// each 16-bit lane, packed in order of significance (the same on either byte order).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static uint NarrowFour(ulong chars) =>
            (uint)(chars & 0xff) | (uint)((chars >> 8) & 0xff00) | (uint)((chars >> 16) & 0xff_0000) | (uint)((chars >> 24) & 0xff00_0000);
#endif

        /// <summary>Decodes bytes already known to be valid UTF-8.</summary>
        public static string Decode(ReadOnlySpan<byte> utf8)
        {
            if (utf8.IsEmpty)
            {
                return string.Empty;
            }

            fixed (byte* bytes = &MemoryMarshal.GetReference(utf8))
            {
                return Encoding.UTF8.GetString(bytes, utf8.Length);
            }
        }

        /// <summary>
        /// Whether up to 64 bytes are all ASCII (so UTF-8; false for a longer text), tested a word at a time inline,
        /// the last words overlapping those before: most keys and short values are, and a call to the validator or to
        /// the BCL costs more than the test for such short text (the document's parse, the dynamic read).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool IsShortAscii(ref byte start, int length)
        {
            if (length >= 8)
            {
                // Two words cover 8 to 16 bytes, four 17 to 32 (the last ones overlapping those before), a loop the rest.
                ulong bits = Unsafe.ReadUnaligned<ulong>(ref start) | Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, length - 8));
                if (length > 16)
                {
                    if (length > 64)
                    {
                        return false;
                    }

                    bits |= Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, 8)) | Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, length - 16));
                    for (int i = 16; i < length - 16; i += 8)
                    {
                        bits |= Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, i));
                    }
                }

                return (bits & 0x8080808080808080UL) == 0;
            }

            if (length >= 4)
            {
                uint word = Unsafe.ReadUnaligned<uint>(ref start) | Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref start, length - 4));
                return (word & 0x80808080u) == 0;
            }

            uint any = 0;
            for (int i = 0; i < length; i++)
            {
                any |= Unsafe.Add(ref start, i);
            }

            return any < 0x80;
        }

        /// <summary>
        /// Decodes UTF-8 into a string if it is valid; <see langword="false"/> (and no string) if it is not. On .NET 8
        /// and later, ASCII is checked and widened into the string, and other text of up to
        /// <see cref="OnePassDecodeLimit"/> bytes is validated and transcoded in one pass into a stack buffer and then
        /// copied into the string; longer text, and all text on netstandard2.0, is validated, then decoded (counted and
        /// transcoded) by the BCL.
        /// Every way, only the returned string is allocated, and nothing is allocated for invalid text.
        /// </summary>
        [SkipLocalsInit]
        public static bool TryDecode(ReadOnlySpan<byte> utf8, out string text)
        {
#if NET8_0_OR_GREATER
            // ASCII (the common case for keys and identifiers) is its own UTF-16, char for byte. Short text is tested
            // inline and widened into the string as it is made; longer text is checked in one vectorised scan (which
            // stops at the first other byte) and widened straight into the string.
            if (utf8.Length <= InlineAsciiLimit && IsShortAscii(ref MemoryMarshal.GetReference(utf8), utf8.Length))
            {
                text = DecodeAscii(utf8);
                return true;
            }

            if (Ascii.IsValid(utf8))
            {
                text = Encoding.ASCII.GetString(utf8);
                return true;
            }

            if (utf8.Length <= OnePassDecodeLimit)
            {
                // A UTF-8 byte never makes more than one UTF-16 char, so the buffer holds any text of this length.
                Span<char> chars = stackalloc char[OnePassDecodeLimit];
                if (Utf8.ToUtf16(utf8, chars, out _, out int written, replaceInvalidSequences: false) != OperationStatus.Done)
                {
                    text = string.Empty;
                    return false;
                }

                text = new string(chars.Slice(0, written));
                return true;
            }
#endif
            if (!IsValid(ref MemoryMarshal.GetReference(utf8), utf8.Length))
            {
                text = string.Empty;
                return false;
            }

            text = Decode(utf8);
            return true;
        }

#if NET8_0_OR_GREATER
        /// <summary>The longest text <see cref="TryDecode"/> tests for ASCII inline before it asks the BCL.</summary>
        private const int InlineAsciiLimit = 64;

        /// <summary>A string of ASCII bytes (the caller checked them), made at its length and widened into in place: one pass, no count.</summary>
        private static string DecodeAscii(ReadOnlySpan<byte> ascii)
        {
            if (ascii.IsEmpty)
            {
                return string.Empty;
            }

            fixed (byte* bytes = &MemoryMarshal.GetReference(ascii))
            {
                return string.Create(ascii.Length, (IntPtr)bytes, static (chars, source) => Encoding.ASCII.GetChars(new ReadOnlySpan<byte>((byte*)source, chars.Length), chars));
            }
        }
#endif

        /// <summary>The longest text <see cref="TryDecode"/> transcodes on the stack: 1 KiB of UTF-8, 2 KiB of UTF-16.</summary>
        private const int OnePassDecodeLimit = 1024;

        /// <summary>
        /// Tells whether the <paramref name="length"/> bytes at <paramref name="start"/> are well-formed UTF-8:
        /// no overlong forms, no surrogates (U+D800..U+DFFF), nothing above U+10FFFF, no truncated sequence.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool IsValid(ref byte start, int length)
        {
#if NET8_0_OR_GREATER
            if (length >= Utf8Validator.MinVectorLength && Utf8Validator.IsAccelerated)
            {
                return Utf8Validator.IsValid(ref start, length);
            }
#endif
            return IsValidScalar(ref start, length);
        }

        /// <summary>
        /// Tells whether the bytes of a sequence are well-formed UTF-8, segment by segment, without assembling them:
        /// each segment is validated up to its last complete character, and a character cut by a segment boundary
        /// (at most 4 bytes) is completed on the stack from the segments after it.
        /// </summary>
        public static bool IsValid(ReadOnlySequence<byte> utf8) => IsValid(utf8, cutEndAllowed: false);

        /// <summary>
        /// Tells whether <paramref name="utf8"/> can start well-formed UTF-8: valid, but for a last character that the
        /// end cuts short and that more bytes could complete (the bytes present of a str whose payload has not all
        /// arrived).
        /// </summary>
        public static bool IsValidPrefix(ReadOnlySequence<byte> utf8) => IsValid(utf8, cutEndAllowed: true);

        /// <summary>The same as <see cref="IsValidPrefix(ReadOnlySequence{byte})"/>, over one span.</summary>
        public static bool IsValidPrefix(ReadOnlySpan<byte> utf8)
        {
            int complete = CompleteLength(utf8, out int expected);
            return IsValid(ref MemoryMarshal.GetReference(utf8), complete) && IsValidCut(utf8.Slice(complete), expected);
        }

        /// <summary>
        /// Whether the first bytes of a character, <paramref name="cut"/> (fewer than <paramref name="expected"/>), can
        /// be completed into a well-formed one: completed with the smallest continuation bytes the lead allows, it
        /// validates exactly when some completion would.
        /// </summary>
        private static bool IsValidCut(ReadOnlySpan<byte> cut, int expected)
        {
            if (cut.IsEmpty)
            {
                return true;
            }

            Span<byte> completed = stackalloc byte[4];
            cut.CopyTo(completed);
            for (int i = cut.Length; i < expected; i++)
            {
                // The second byte after E0 and F0 starts higher (no overlong forms); every other one may be 0x80.
                completed[i] = i == 1 && cut[0] == 0xe0 ? (byte)0xa0 : i == 1 && cut[0] == 0xf0 ? (byte)0x90 : (byte)0x80;
            }

            return IsValid(ref completed[0], expected);
        }

        private static bool IsValid(ReadOnlySequence<byte> utf8, bool cutEndAllowed)
        {
            Span<byte> cut = stackalloc byte[4];
            int cutLength = 0;
            int cutExpected = 0;
            foreach (ReadOnlyMemory<byte> memory in utf8)
            {
                ReadOnlySpan<byte> segment = memory.Span;

                // First complete the character the previous segment ended inside.
                while (cutLength > 0 && !segment.IsEmpty)
                {
                    cut[cutLength++] = segment[0];
                    segment = segment.Slice(1);
                    if (cutLength == cutExpected)
                    {
                        if (!IsValid(ref cut[0], cutLength))
                        {
                            return false;
                        }

                        cutLength = 0;
                    }
                }

                if (segment.IsEmpty)
                {
                    continue;
                }

                int complete = CompleteLength(segment, out int expected);
                if (!IsValid(ref MemoryMarshal.GetReference(segment), complete))
                {
                    return false;
                }

                segment.Slice(complete).CopyTo(cut);
                cutLength = segment.Length - complete;
                cutExpected = expected;
            }

            // A character cut by the end of the input is truncated, or, for a prefix, a start that more bytes may complete.
            return cutLength == 0 || (cutEndAllowed && IsValidCut(cut.Slice(0, cutLength), cutExpected));
        }

        /// <summary>
        /// The length of <paramref name="segment"/> up to the start of a last character that needs more bytes than
        /// the segment has left (then <paramref name="expected"/> is that character's length), or the whole segment.
        /// </summary>
        private static int CompleteLength(ReadOnlySpan<byte> segment, out int expected)
        {
            expected = 0;
            for (int back = 1; back <= 3 && back <= segment.Length; back++)
            {
                byte b = segment[segment.Length - back];
                if ((b & 0xc0) != 0x80)
                {
                    // A lead byte (or ASCII): the length its character takes. Anything else, the validator judges.
                    int length = b < 0xc0 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : b < 0xf8 ? 4 : 1;
                    if (length > back)
                    {
                        expected = length;
                        return segment.Length - back;
                    }

                    break;
                }
            }

            return segment.Length;
        }

        // The validator of short text, of every text on netstandard2.0 and wherever there are no vector instructions:
        // it follows the table of well-formed byte sequences in the Unicode Standard (chapter 3, table 3-7).
        internal static bool IsValidScalar(ref byte start, int length)
        {
            int i = 0;
            while (i < length)
            {
                // ASCII runs are the common case: test eight bytes at once.
                if (length - i >= 8 && (Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, i)) & 0x8080808080808080UL) == 0)
                {
                    i += 8;
                    continue;
                }

                uint lead = Unsafe.Add(ref start, i);
                if (lead < 0x80)
                {
                    i++;
                    continue;
                }

                int size;
                uint low = 0x80, high = 0xbf; // the allowed range of the second byte
                if (lead < 0xc2)
                {
                    return false; // a continuation byte, or an overlong 2-byte form
                }
                else if (lead < 0xe0)
                {
                    size = 2;
                }
                else if (lead < 0xf0)
                {
                    size = 3;
                    if (lead == 0xe0)
                    {
                        low = 0xa0; // overlong below U+0800
                    }
                    else if (lead == 0xed)
                    {
                        high = 0x9f; // surrogates
                    }
                }
                else if (lead < 0xf5)
                {
                    size = 4;
                    if (lead == 0xf0)
                    {
                        low = 0x90; // overlong below U+10000
                    }
                    else if (lead == 0xf4)
                    {
                        high = 0x8f; // above U+10FFFF
                    }
                }
                else
                {
                    return false;
                }

                if (length - i < size)
                {
                    return false;
                }

                uint second = Unsafe.Add(ref start, i + 1);
                if (second < low || second > high)
                {
                    return false;
                }

                for (int k = 2; k < size; k++)
                {
                    if ((Unsafe.Add(ref start, i + k) & 0xc0) != 0x80)
                    {
                        return false;
                    }
                }

                i += size;
            }

            return true;
        }
    }
}
