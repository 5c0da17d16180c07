using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;

namespace MsgPack.Spec
{
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

        /// <summary>Writes text that is already UTF-8 as a str value: the smallest header, then the bytes as they are.</summary>
        /// <param name="destination">Where to write; the header (<see cref="GetStringHeaderEncodedLength"/>) plus the bytes.</param>
        /// <param name="utf8">The UTF-8 bytes; not validated, the caller vouches for them.</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteString(Span<byte> destination, ReadOnlySpan<byte> utf8)
        {
            EnsureRoom(destination.Length, (long)GetStringHeaderEncodedLength(utf8.Length) + utf8.Length);
            ref byte start = ref MemoryMarshal.GetReference(destination);
            return CopyPayload(ref start, EncodeStringHeader(ref start, utf8.Length), utf8);
        }

        /// <summary>Writes text that is already UTF-8 as a str value, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write.</param>
        /// <param name="utf8">The UTF-8 bytes; not validated.</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteString(Span<byte> destination, ReadOnlySpan<byte> utf8, out int bytesWritten)
        {
            if (!HasRoom(destination.Length, GetStringHeaderEncodedLength(utf8.Length), utf8.Length, out bytesWritten))
            {
                return false;
            }

            ref byte start = ref MemoryMarshal.GetReference(destination);
            bytesWritten = CopyPayload(ref start, EncodeStringHeader(ref start, utf8.Length), utf8);
            return true;
        }

        /// <summary>Writes text that is already UTF-8 as a str value at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees room for the header and the bytes.</param>
        /// <param name="utf8">The UTF-8 bytes; not validated.</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteString(byte* destination, ReadOnlySpan<byte> utf8) =>
            CopyPayload(ref *destination, EncodeStringHeader(ref *destination, utf8.Length), utf8);

        /// <summary>Reads a str value without copying: its UTF-8 bytes, checked to be valid UTF-8, as a slice of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the whole value (header and text) took.</param>
        /// <returns>The UTF-8 bytes of the text.</returns>
        /// <exception cref="MsgPackException">The input is not a str value, ends too early, or is not valid UTF-8 (see the derived types).</exception>
        /// <remarks>To take the bytes unchecked, read the header with <see cref="ReadStringHeader(ReadOnlySpan{byte}, out int)"/> and slice.</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ReadOnlySpan<byte> ReadStringBytes(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeUtf8String(ref MemoryMarshal.GetReference(source), source.Length, out int offset, out int byteLength, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "a str value");
            return source.Slice(offset, byteLength);
        }

        /// <summary>Tries to read a str value without copying; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="utf8">The UTF-8 bytes of the text, as a slice of <paramref name="source"/>; empty when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the whole value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData (not a str value, a length above <see cref="int.MaxValue"/>, or invalid UTF-8).</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadStringBytes(ReadOnlySpan<byte> source, out ReadOnlySpan<byte> utf8, out int bytesRead)
        {
            ReadStatus status = DecodeUtf8String(ref MemoryMarshal.GetReference(source), source.Length, out int offset, out int byteLength, out bytesRead);
            utf8 = status == ReadStatus.Done ? source.Slice(offset, byteLength) : default;
            return status.ToOperationStatus();
        }

        /// <summary>Reads a str value without copying from <paramref name="length"/> bytes at a pointer; the result points into them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the whole value took.</param>
        /// <returns>The UTF-8 bytes of the text.</returns>
        /// <exception cref="MsgPackException">The input is not a str value, ends too early, or is not valid UTF-8.</exception>
        public static ReadOnlySpan<byte> ReadStringBytes(byte* source, int length, out int bytesRead) =>
            ReadStringBytes(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read a str value without copying from <paramref name="length"/> bytes at a pointer; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="utf8">The UTF-8 bytes of the text; empty when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the whole value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        public static OperationStatus TryReadStringBytes(byte* source, int length, out ReadOnlySpan<byte> utf8, out int bytesRead) =>
            TryReadStringBytes(new ReadOnlySpan<byte>(source, length), out utf8, out bytesRead);

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

        /// <summary>Writes a str header in its smallest form.</summary>
        /// <param name="destination">Where to write; at most MaxHeaderEncodedLength bytes are needed.</param>
        /// <param name="value">The length in UTF-8 bytes; zero or positive (a negative value throws <see cref="ArgumentOutOfRangeException"/>).</param>
        /// <returns>The number of bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteStringHeader(Span<byte> destination, int value)
        {
            // The hot path: room for the largest form, one compare. A shorter destination goes out of line, where the
            // exact size is computed; nothing the caller keeps in registers has to survive a call on the hot path.
            return destination.Length >= MaxHeaderEncodedLength
                ? EncodeStringHeader(ref MemoryMarshal.GetReference(destination), value)
                : WriteStringHeaderShort(destination, value);
        }

        /// <summary>The out-of-line half of <see cref="WriteStringHeader(Span{byte}, int)"/>: a destination shorter than the largest form.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int WriteStringHeaderShort(Span<byte> destination, int value)
        {
            EnsureRoom(destination.Length, GetStringHeaderEncodedLength(value));
            return EncodeStringHeader(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Writes a str header in its smallest form, if <paramref name="destination"/> has room.</summary>
        /// <param name="destination">Where to write; at most MaxHeaderEncodedLength bytes are needed.</param>
        /// <param name="value">The length in UTF-8 bytes; zero or positive (a negative value throws <see cref="ArgumentOutOfRangeException"/>).</param>
        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteStringHeader(Span<byte> destination, int value, out int bytesWritten)
        {
            if (destination.Length < MaxHeaderEncodedLength && destination.Length < (bytesWritten = GetStringHeaderEncodedLength(value)))
            {
                return false;
            }

            bytesWritten = EncodeStringHeader(ref MemoryMarshal.GetReference(destination), value);
            return true;
        }

        /// <summary>Writes a str header in its smallest form at a pointer, unchecked.</summary>
        /// <param name="destination">Where to write; the caller guarantees room for the value (at most MaxHeaderEncodedLength bytes).</param>
        /// <param name="value">The length in UTF-8 bytes; zero or positive (a negative value throws <see cref="ArgumentOutOfRangeException"/>).</param>
        /// <returns>The number of bytes written.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteStringHeader(byte* destination, int value) => EncodeStringHeader(ref *destination, value);

        /// <summary>Writes a fixstring header (0 to 31; other values throw <see cref="ArgumentOutOfRangeException"/>): always 1 byte.</summary>
        /// <param name="destination">Where to write; at least 1 byte.</param>
        /// <param name="value">The length in UTF-8 bytes.</param>
        /// <returns>The number of bytes written, 1.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is empty.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteFixStringHeader(Span<byte> destination, byte value) => EncodeFixStringHeader(ref Reserve(destination, 1), value);

        /// <summary>Writes a fixstring header (0 to 31; other values throw <see cref="ArgumentOutOfRangeException"/>) at a pointer, unchecked: always 1 byte.</summary>
        /// <param name="destination">Where to write; the caller guarantees 1 writable byte.</param>
        /// <param name="value">The length in UTF-8 bytes.</param>
        /// <returns>The number of bytes written, 1.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteFixStringHeader(byte* destination, byte value) => EncodeFixStringHeader(ref *destination, value);

        /// <summary>Writes a string8 header: always 2 bytes.</summary>
        /// <param name="destination">Where to write; at least 2 bytes.</param>
        /// <param name="value">The length in UTF-8 bytes.</param>
        /// <returns>The number of bytes written, 2.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 2 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteString8Header(Span<byte> destination, byte value) => EncodeString8Header(ref Reserve(destination, 2), value);

        /// <summary>Writes a string8 header at a pointer, unchecked: always 2 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 2 writable bytes.</param>
        /// <param name="value">The length in UTF-8 bytes.</param>
        /// <returns>The number of bytes written, 2.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteString8Header(byte* destination, byte value) => EncodeString8Header(ref *destination, value);

        /// <summary>Writes a string16 header: always 3 bytes.</summary>
        /// <param name="destination">Where to write; at least 3 bytes.</param>
        /// <param name="value">The length in UTF-8 bytes.</param>
        /// <returns>The number of bytes written, 3.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 3 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteString16Header(Span<byte> destination, ushort value) => EncodeString16Header(ref Reserve(destination, 3), value);

        /// <summary>Writes a string16 header at a pointer, unchecked: always 3 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 3 writable bytes.</param>
        /// <param name="value">The length in UTF-8 bytes.</param>
        /// <returns>The number of bytes written, 3.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteString16Header(byte* destination, ushort value) => EncodeString16Header(ref *destination, value);

        /// <summary>Writes a string32 header (the form to reserve and patch later): always 5 bytes.</summary>
        /// <param name="destination">Where to write; at least 5 bytes.</param>
        /// <param name="value">The length in UTF-8 bytes.</param>
        /// <returns>The number of bytes written, 5.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 5 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteString32Header(Span<byte> destination, uint value) => EncodeString32Header(ref Reserve(destination, 5), value);

        /// <summary>Writes a string32 header (the form to reserve and patch later) at a pointer, unchecked: always 5 bytes.</summary>
        /// <param name="destination">Where to write; the caller guarantees 5 writable bytes.</param>
        /// <param name="value">The length in UTF-8 bytes.</param>
        /// <returns>The number of bytes written, 5.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteString32Header(byte* destination, uint value) => EncodeString32Header(ref *destination, value);

        /// <summary>Reads a str header from the start of <paramref name="source"/>.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The length in UTF-8 bytes.</returns>
        /// <exception cref="MsgPackException">The input is not a str header or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadStringHeader(ReadOnlySpan<byte> source, out int bytesRead)
        {
            ReadStatus status = DecodeStringHeader(ref MemoryMarshal.GetReference(source), source.Length, out int value, out bytesRead);
            ThrowIfFailed(status, source, bytesRead, "a str header");
            return value;
        }

        /// <summary>Tries to read a str header from the start of <paramref name="source"/>; never throws.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The length in UTF-8 bytes. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadStringHeader(ReadOnlySpan<byte> source, out int value, out int bytesRead) =>
            DecodeStringHeader(ref MemoryMarshal.GetReference(source), source.Length, out value, out bytesRead).ToOperationStatus();

        /// <summary>Reads a str header from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="bytesRead">The number of bytes the value took.</param>
        /// <returns>The length in UTF-8 bytes.</returns>
        /// <exception cref="MsgPackException">The input is not a str header or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadStringHeader(byte* source, int length, out int bytesRead) => ReadStringHeader(new ReadOnlySpan<byte>(source, length), out bytesRead);

        /// <summary>Tries to read a str header from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="value">The length in UTF-8 bytes. Default when the result is not Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadStringHeader(byte* source, int length, out int value, out int bytesRead) =>
            TryReadStringHeader(new ReadOnlySpan<byte>(source, length), out value, out bytesRead);
    }
}
