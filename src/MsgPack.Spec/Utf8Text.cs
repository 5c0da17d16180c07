using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
#if NET8_0_OR_GREATER
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
            // The transcoder itself, without Encoding's virtual calls and fallback objects: for short strings they
            // cost as much as the work. Replacing lone surrogates with U+FFFD is what Encoding.UTF8 does too.
            if (Utf8.FromUtf16(value, MemoryMarshal.CreateSpan(ref destination, capacity), out _, out int written) != OperationStatus.Done)
            {
                // Only a text that changed after it was counted (a char[] another thread writes to) runs out of room:
                // fail, as Encoding.UTF8 does on netstandard2.0, rather than leave a header that counts bytes never written.
                ThrowHelper.ThrowInvalidOperation("The text was longer in UTF-8 than it was counted: it changed while it was written.");
            }

            return written;
#else
            fixed (char* chars = &MemoryMarshal.GetReference(value))
            fixed (byte* bytes = &destination)
            {
                return Encoding.UTF8.GetBytes(chars, value.Length, bytes, capacity);
            }
#endif
        }

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
            // ASCII (the common case for keys and identifiers) is its own UTF-16, char for byte: checked in one
            // vectorised scan (which stops at the first other byte) and widened straight into the string.
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
