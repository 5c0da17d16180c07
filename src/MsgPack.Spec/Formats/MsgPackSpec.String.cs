using System.Text;

namespace MsgPack.Spec
{
    // str: the lengths, the cores, and the doors of text over span and pointer (WriteString over chars or a string,
    // ReadString), which are str's own, with the advancing ones over a string. Every other door of str (over the
    // header, over UTF-8 bytes, the advancing ones of text) shares its shape with other formats': they are written by
    // tools/MsgPack.Spec.CodeGen into MsgPackSpec.FrontDoors.g.cs.
    public static unsafe partial class MsgPackSpec
    {
        /// <summary>The number of bytes the smallest str header for <paramref name="byteLength"/> takes: 1, 2, 3 or 5.</summary>
        /// <param name="byteLength">The length in UTF-8 bytes; zero or positive.</param>
        /// <returns>The header length.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="byteLength"/> is negative.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int GetStringHeaderEncodedLength(int byteLength) => GetLengthHeaderLength(byteLength, 31, true);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeStringHeader(ref byte destination, int value) =>
            EncodeLengthHeader(ref destination, value, DataCodes.MinFixString, 31, DataCodes.String8, DataCodes.String16, DataCodes.String32);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeStringHeader(ref byte source, int length, out int value, out int bytesRead) =>
            DecodeLengthHeader(ref source, length, DataCodes.MinFixString, 31, DataCodes.String8, DataCodes.String16, DataCodes.String32, out value, out bytesRead);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeFixStringHeader(ref byte destination, byte value) => EncodeFixHeader(ref destination, DataCodes.MinFixString, 31, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeString8Header(ref byte destination, byte value) => EncodeCodeAndByte(ref destination, DataCodes.String8, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeString16Header(ref byte destination, ushort value) => EncodeCodeAndUInt16(ref destination, DataCodes.String16, value);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeString32Header(ref byte destination, uint value) => EncodeCodeAndUInt32(ref destination, DataCodes.String32, value);

        /// <summary>The number of bytes <paramref name="value"/> takes as a str value: its UTF-8 length plus the smallest header.</summary>
        /// <param name="value">The text; lone surrogates count as U+FFFD, as they are written.</param>
        /// <returns>The encoded length.</returns>
        /// <remarks>Counting walks the text once. The writers do not need it: given room for the longest form (3 bytes a char and 5 of header) they encode without counting; given less, they count again.</remarks>
        public static int GetStringEncodedLength(ReadOnlySpan<char> value)
        {
            int byteCount = Utf8Text.GetByteCount(value);
            return checked(GetStringHeaderEncodedLength(byteCount) + byteCount);
        }

        /// <summary>The number of bytes <paramref name="value"/> takes as a str value (see <see cref="GetStringEncodedLength(ReadOnlySpan{char})"/>).</summary>
        /// <param name="value">The text; lone surrogates count as U+FFFD, as they are written.</param>
        /// <returns>The encoded length.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="value"/> is <see langword="null"/>.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int GetStringEncodedLength(string value) => GetStringEncodedLength(AsChars(value));

        /// <summary>
        /// The chars of a string argument of a <see cref="string"/> overload. Those overloads exist for C# 7.3 and .NET
        /// Framework callers, where a string does not convert to <see cref="ReadOnlySpan{T}"/> of char. A null string
        /// throws: nil is a value of its own (WriteNil), and writing it in place of a str would hide a caller's bug.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadOnlySpan<char> AsChars(string value)
        {
            if (value is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(value));
            }

            return value.AsSpan();
        }

        /// <summary>Writes a header for <paramref name="byteCount"/> UTF-8 bytes, then <paramref name="value"/> encoded as UTF-8 straight into the destination.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeString(ref byte destination, ReadOnlySpan<char> value, int byteCount)
        {
            int headerLength = EncodeStringHeader(ref destination, byteCount);
            Utf8Text.Encode(value, ref Unsafe.Add(ref destination, headerLength), byteCount);
            return headerLength + byteCount;
        }

        /// <summary>
        /// The room <see cref="EncodeStringOnePass"/> needs for <paramref name="charCount"/> UTF-16 chars: the longest
        /// UTF-8 form (3 bytes a char) after the longest header.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static long GetStringMaxEncodedLength(int charCount) => (3L * charCount) + MaxHeaderEncodedLength;

        /// <summary>
        /// Writes <paramref name="value"/> as a str value without counting its UTF-8 bytes first, into a destination of
        /// <paramref name="capacity"/> bytes, at least <see cref="GetStringMaxEncodedLength"/>. The text is encoded
        /// after the header its char count implies (UTF-8 is never shorter than UTF-16 counted in chars, so the real
        /// header is never shorter); in the rare case that the real length needs a longer header (a 20-char text of 40
        /// bytes: fixstr to str 8), the bytes move right by the difference. Only the value's own bytes are written.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeStringOnePass(ref byte destination, ReadOnlySpan<char> value, int capacity)
        {
            int guess = GetStringHeaderEncodedLength(value.Length);
            int byteCount = Utf8Text.Encode(value, ref Unsafe.Add(ref destination, guess), capacity - guess);
            int headerLength = GetStringHeaderEncodedLength(byteCount);
            if (headerLength != guess)
            {
                MoveRight(ref Unsafe.Add(ref destination, guess), headerLength - guess, byteCount);
            }

            EncodeStringHeader(ref destination, byteCount);
            return headerLength + byteCount;
        }

        /// <summary>Moves <paramref name="count"/> bytes at <paramref name="source"/> <paramref name="distance"/> bytes further on (the two ranges may overlap).</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void MoveRight(ref byte source, int distance, int count)
        {
            fixed (byte* from = &source)
            {
                Buffer.MemoryCopy(from, from + distance, count, count);
            }
        }

        /// <summary>Reads a str header and checks that its bytes are there (as <see cref="DecodeBinary"/> does for bin); the bytes are not looked at.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ReadStatus DecodeStringPayload(ref byte source, int length, out int payloadOffset, out int payloadLength, out int bytesRead)
        {
            ReadStatus status = DecodeStringHeader(ref source, length, out payloadLength, out payloadOffset);
            return CheckPayload(status, length, ref payloadOffset, payloadLength, out bytesRead);
        }

        /// <summary>Reads a str value and checks that its bytes are valid UTF-8.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeUtf8String(ref byte source, int length, out int payloadOffset, out int payloadLength, out int bytesRead)
        {
            ReadStatus status = DecodeStringPayload(ref source, length, out payloadOffset, out payloadLength, out bytesRead);
            if (status == ReadStatus.Done && !Utf8Text.IsValid(ref Unsafe.Add(ref source, payloadOffset), payloadLength))
            {
                return Invalid(ReadStatus.InvalidUtf8, out bytesRead);
            }

            return status;
        }

        /// <summary>Reads a str value as a string: its bytes are checked and decoded in one step (see <see cref="Utf8Text.TryDecode"/>).</summary>
        internal static ReadStatus DecodeText(ReadOnlySpan<byte> source, out string text, out int bytesRead)
        {
            text = string.Empty;
            ReadStatus status = DecodeStringPayload(ref MemoryMarshal.GetReference(source), source.Length, out int payloadOffset, out int payloadLength, out bytesRead);
            if (status == ReadStatus.Done && !Utf8Text.TryDecode(source.Slice(payloadOffset, payloadLength), out text))
            {
                return Invalid(ReadStatus.InvalidUtf8, out bytesRead);
            }

            return status;
        }

        /// <summary>Writes <paramref name="value"/> as a str value: the smallest header, then its UTF-8 bytes, encoded straight into the destination.</summary>
        /// <param name="destination">Where to write; <see cref="GetStringEncodedLength(ReadOnlySpan{char})"/> tells how much room the value needs.</param>
        /// <param name="value">The text (a <see cref="string"/> has its own overload, <see cref="WriteString(Span{byte}, string)"/>). Lone surrogates are written as U+FFFD, as <see cref="Encoding.UTF8"/> does.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        public static int WriteString(Span<byte> destination, ReadOnlySpan<char> value)
        {
            if (destination.Length >= GetStringMaxEncodedLength(value.Length))
            {
                return EncodeStringOnePass(ref MemoryMarshal.GetReference(destination), value, destination.Length);
            }

            int byteCount = Utf8Text.GetByteCount(value);
            EnsureRoom(destination.Length, (long)GetStringHeaderEncodedLength(byteCount) + byteCount);
            return EncodeString(ref MemoryMarshal.GetReference(destination), value, byteCount);
        }

        /// <summary>Writes <paramref name="value"/> as a str value, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write.</param>
        /// <param name="value">The text. Lone surrogates are written as U+FFFD.</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        public static bool TryWriteString(Span<byte> destination, ReadOnlySpan<char> value, out int bytesWritten)
        {
            if (destination.Length >= GetStringMaxEncodedLength(value.Length))
            {
                bytesWritten = EncodeStringOnePass(ref MemoryMarshal.GetReference(destination), value, destination.Length);
                return true;
            }

            int byteCount = Utf8Text.GetByteCount(value);
            long needed = (long)GetStringHeaderEncodedLength(byteCount) + byteCount;
            if (destination.Length < needed)
            {
                bytesWritten = (int)Math.Min(needed, int.MaxValue);
                return false;
            }

            bytesWritten = EncodeString(ref MemoryMarshal.GetReference(destination), value, byteCount);
            return true;
        }

        /// <summary>Writes <paramref name="value"/> as a str value at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees <see cref="GetStringEncodedLength(ReadOnlySpan{char})"/> writable bytes.</param>
        /// <param name="value">The text. Lone surrogates are written as U+FFFD.</param>
        /// <returns>The number of bytes written.</returns>
        /// <remarks>
        /// The text is encoded in one pass, without counting it first: the encoder writes only the value's own bytes
        /// (see <see cref="EncodeStringOnePass"/>), so the room the caller guarantees is all it touches.
        /// </remarks>
        public static int WriteString(byte* destination, ReadOnlySpan<char> value) =>
            EncodeStringOnePass(ref *destination, value, (int)Math.Min(GetStringMaxEncodedLength(value.Length), int.MaxValue));

        /// <summary>Writes <paramref name="value"/> as a str value (see <see cref="WriteString(Span{byte}, ReadOnlySpan{char})"/>).</summary>
        /// <param name="destination">Where to write; <see cref="GetStringEncodedLength(string)"/> tells how much room the value needs.</param>
        /// <param name="value">The text. Lone surrogates are written as U+FFFD.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="value"/> is <see langword="null"/> (write nil with <see cref="WriteNil(Span{byte})"/>).</exception>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteString(Span<byte> destination, string value) => WriteString(destination, AsChars(value));

        /// <summary>Writes <paramref name="value"/> as a str value, if <paramref name="destination"/> has room (see <see cref="TryWriteString(Span{byte}, ReadOnlySpan{char}, out int)"/>).</summary>
        /// <param name="destination">Where to write.</param>
        /// <param name="value">The text. Lone surrogates are written as U+FFFD.</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="value"/> is <see langword="null"/>.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteString(Span<byte> destination, string value, out int bytesWritten) =>
            TryWriteString(destination, AsChars(value), out bytesWritten);

        /// <summary>Writes <paramref name="value"/> as a str value at a pointer, unchecked (see <see cref="WriteString(byte*, ReadOnlySpan{char})"/>).</summary>
        /// <param name="destination">Where to write; the caller guarantees <see cref="GetStringEncodedLength(string)"/> writable bytes.</param>
        /// <param name="value">The text. Lone surrogates are written as U+FFFD.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="value"/> is <see langword="null"/>; nothing is written.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteString(byte* destination, string value) => WriteString(destination, AsChars(value));

        /// <summary>Writes a str: the UTF-8 encoding of <paramref name="value"/>, in the smallest header, and moves <paramref name="destination"/> past it (see <see cref="WriteString(Span{byte}, string)"/>).</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The text. Lone surrogates are written as U+FFFD.</param>
        /// <exception cref="ArgumentNullException"><paramref name="value"/> is <see langword="null"/>.</exception>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteString(ref Span<byte> destination, string value) =>
            WriteString(ref destination, AsChars(value));

        /// <summary>Tries to write a str, the text encoded as UTF-8, and, when it fits, moves <paramref name="destination"/> past it; never throws but for a null text.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The text to write (for C# 7.3 and .NET Framework callers, where a string is no span).</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="value"/> is null (an argument error, not a full destination).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteString(ref Span<byte> destination, string value) => TryWriteString(ref destination, AsChars(value));

        /// <summary>Reads a str value as a <see cref="string"/>; the returned string is the only allocation.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the whole value took.</param>
        /// <returns>The text.</returns>
        /// <exception cref="MsgPackException">The input is not a str value, ends too early (checked before anything is allocated), or is not valid UTF-8.</exception>
        public static string ReadString(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeText(source, out string text, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "a str value");
            return text;
        }

        /// <summary>Tries to read a str value as a <see cref="string"/>; never throws. Allocates only the returned string.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The text; <see cref="string.Empty"/> when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the whole value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        public static OperationStatus TryReadString(ReadOnlySpan<byte> source, out string value, out int bytesRead) =>
            DecodeText(source, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads a str value as a <see cref="string"/> from <paramref name="length"/> bytes at a pointer.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the whole value took.</param>
        /// <returns>The text.</returns>
        /// <exception cref="MsgPackException">The input is not a str value, ends too early, or is not valid UTF-8.</exception>
        public static string ReadString(byte* source, int length, out int bytesRead) => ReadString(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read a str value as a <see cref="string"/> from <paramref name="length"/> bytes at a pointer; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The text; <see cref="string.Empty"/> when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the whole value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        public static OperationStatus TryReadString(byte* source, int length, out string value, out int bytesRead) =>
            TryReadString(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);
    }
}
