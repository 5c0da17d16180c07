using System.Buffers.Binary;
using System.Buffers.Text;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
#if NET8_0_OR_GREATER
using System.Numerics;
#endif

namespace MsgPack.Spec.Serialization
{
    // The BCL types that are not MessagePack types, each in one wire form chosen for interop with MessagePack-CSharp
    // (whose form is written where the peers differ) and read in every peer's form that can be told apart from it
    // (docs/serialization.md, "Interoperability"). Each writes through the writer and the advancing span with one
    // encoding, and reads through the cursor; a value judged after it was read fails at the value's first byte.
    public static partial class MsgPackSerialization
    {
        /// <summary>The most bytes a <see cref="decimal"/> takes: a fixstr of at most 31 characters ("-7.9228162514264337593543950335").</summary>
        public const int MaxDecimalEncodedLength = 32;

        /// <summary>Nerdbank.MessagePack's default extension type of a <see cref="decimal"/> (16 bytes: flags, hi, lo, mid; little endian).</summary>
        private const sbyte DecimalExtension = 4;

        /// <summary>The longest decimal text read: what the writers write (31 characters) with room for an exponent or zeros.</summary>
        private const int MaxDecimalTextLength = 128;

        /// <summary>A <see cref="Version"/>'s longest "D" text: four components of 10 digits and three dots.</summary>
        private const int MaxVersionTextLength = 43;

        /// <summary>The last day number of DateOnly (9999-12-31).</summary>
        private const int MaxDayNumber = 3652058;

        /// <summary>Writes a <see cref="decimal"/> as the str of its invariant text (<see cref="Utf8Formatter"/>'s "G": <c>1.50m</c> → <c>"1.50"</c>).</summary>
        /// <param name="writer">The writer.</param>
        /// <param name="value">The value.</param>
        public static void WriteDecimal(ref MsgPackWriter writer, decimal value)
        {
            Span<byte> span = writer.GetSpan(MaxDecimalEncodedLength);
            writer.Advance(EncodeDecimal(span, value));
        }

        /// <summary>Writes a <see cref="decimal"/> as the str of its invariant text at the start of <paramref name="destination"/> and moves it past.</summary>
        /// <param name="destination">Where to write; on return, the rest of it.</param>
        /// <param name="value">The value.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too short.</exception>
        public static void WriteDecimal(ref Span<byte> destination, decimal value)
        {
            Span<byte> text = stackalloc byte[MaxDecimalEncodedLength];
            int length = EncodeDecimal(text, value);
            if (destination.Length < length)
            {
                ThrowHelper.ThrowDestinationTooSmall(length, destination.Length);
            }

            text.Slice(0, length).CopyTo(destination);
            destination = destination.Slice(length);
        }

        /// <summary>The bytes <see cref="WriteDecimal(ref MsgPackWriter, decimal)"/> writes for the value.</summary>
        /// <param name="value">The value.</param>
        /// <returns>The length, at most <see cref="MaxDecimalEncodedLength"/>.</returns>
        public static int GetDecimalEncodedLength(decimal value)
        {
            Span<byte> text = stackalloc byte[MaxDecimalEncodedLength];
            return EncodeDecimal(text, value);
        }

        /// <summary>
        /// Reads a <see cref="decimal"/>: the str of its text (MessagePack-CSharp's form, and ours), or the ext 4 of its 16
        /// bytes (Nerdbank.MessagePack's).
        /// </summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">Neither form, or not a decimal in it (its offset is the value's start).</exception>
        public static decimal ReadDecimal(ref MsgPackCursor cursor, ref MsgPackReader reader)
        {
            var failure = default(MsgPackReadFailure);
            ThrowIfFailed(TryReadDecimal(ref cursor, ref reader, out decimal value, ref failure), ref failure);
            return value;
        }

        /// <summary>Reads a <see cref="decimal"/> in either form (see <see cref="ReadDecimal"/>), or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [SkipLocalsInit]
        public static bool TryReadDecimal(ref MsgPackCursor cursor, ref MsgPackReader reader, out decimal value, ref MsgPackReadFailure failure)
        {
            long start = cursor.GetConsumed(ref reader);
            value = default;
            if (!TryPeekType(ref cursor, ref reader, out MsgPackType type, ref failure))
            {
                return false;
            }

            if (type == MsgPackType.Extension)
            {
                if (!TryReadExtensionHeader(ref cursor, ref reader, out ExtensionHeader header, ref failure))
                {
                    return false;
                }

                if (header.TypeCode != DecimalExtension || header.Length != 16)
                {
                    return FailNot("a decimal (ext 4 of 16 bytes)", start, ref failure);
                }

                if (!TryReadBytes(ref cursor, ref reader, 16, out MsgPackPayload data, ref failure))
                {
                    return false;
                }

                Span<byte> bits = stackalloc byte[16];
                data.CopyTo(bits);
                return TryDecodeDecimal(bits, out value) || FailNot("a decimal (ext 4: its flags hold a sign and a scale of 0 to 28 only)", start, ref failure);
            }

            if (!TryReadStringBytes(ref cursor, ref reader, out MsgPackPayload utf8, ref failure))
            {
                return false;
            }

            Span<byte> copy = stackalloc byte[MaxDecimalTextLength];
            if (utf8.Length > MaxDecimalTextLength || !utf8.TryCopyTo(copy)
                || !Utf8Parser.TryParse(copy.Slice(0, utf8.Length), out value, out int consumed) || consumed != utf8.Length)
            {
                value = default;
                return FailNot("a decimal (a str of its invariant text, as \"1.5\")", start, ref failure);
            }

            return true;
        }

        /// <summary>Reads a <c>DateOnly</c>'s day number (days since 0001-01-01), as the peers write it: an integer of 0 to 3652058.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <returns>The day number.</returns>
        /// <exception cref="MsgPackException">Not an integer, or outside the range (its offset is the integer's start).</exception>
        public static int ReadDayNumber(ref MsgPackCursor cursor, ref MsgPackReader reader)
        {
            var failure = default(MsgPackReadFailure);
            ThrowIfFailed(TryReadDayNumber(ref cursor, ref reader, out int day, ref failure), ref failure);
            return day;
        }

        /// <summary>Reads a <c>DateOnly</c>'s day number (see <see cref="ReadDayNumber"/>), or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="day">The day number; 0 on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadDayNumber(ref MsgPackCursor cursor, ref MsgPackReader reader, out int day, ref MsgPackReadFailure failure)
        {
            long start = cursor.GetConsumed(ref reader);
            if (!TryReadInt32(ref cursor, ref reader, out day, ref failure))
            {
                return false;
            }

            if ((uint)day > MaxDayNumber)
            {
                day = 0;
                return FailNot("a DateOnly's day number (0 to 3652058)", start, ref failure);
            }

            return true;
        }

        /// <summary>Reads a <c>TimeOnly</c>'s ticks since midnight, as the peers write them: an integer of 0 to a day's ticks less one.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <returns>The ticks.</returns>
        /// <exception cref="MsgPackException">Not an integer, or outside the range (its offset is the integer's start).</exception>
        public static long ReadTimeOfDayTicks(ref MsgPackCursor cursor, ref MsgPackReader reader)
        {
            var failure = default(MsgPackReadFailure);
            ThrowIfFailed(TryReadTimeOfDayTicks(ref cursor, ref reader, out long ticks, ref failure), ref failure);
            return ticks;
        }

        /// <summary>Reads a <c>TimeOnly</c>'s ticks (see <see cref="ReadTimeOfDayTicks"/>), or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="ticks">The ticks; 0 on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadTimeOfDayTicks(ref MsgPackCursor cursor, ref MsgPackReader reader, out long ticks, ref MsgPackReadFailure failure)
        {
            long start = cursor.GetConsumed(ref reader);
            if (!TryReadInt64(ref cursor, ref reader, out ticks, ref failure))
            {
                return false;
            }

            // A TimeOnly is below a day's ticks; the unsigned compare turns a negative count away too.
            if ((ulong)ticks >= TimeSpan.TicksPerDay)
            {
                ticks = 0;
                return FailNot("a TimeOnly's ticks (0 to 863999999999)", start, ref failure);
            }

            return true;
        }

        /// <summary>Reads a <see cref="Uri"/> from the str of its original text, relative or absolute (as MessagePack-CSharp and Nerdbank.MessagePack write it).</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <returns>The URI.</returns>
        /// <exception cref="MsgPackException">Not a str, or not a URI (its offset is the str's start).</exception>
        public static Uri ReadUri(ref MsgPackCursor cursor, ref MsgPackReader reader)
        {
            var failure = default(MsgPackReadFailure);
            ThrowIfFailed(TryReadUri(ref cursor, ref reader, out Uri value, ref failure), ref failure);
            return value;
        }

        /// <summary>Reads a <see cref="Uri"/> (see <see cref="ReadUri"/>), or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The URI; null on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadUri(ref MsgPackCursor cursor, ref MsgPackReader reader, out Uri value, ref MsgPackReadFailure failure)
        {
            long start = cursor.GetConsumed(ref reader);
            value = null!;
            if (!TryReadString(ref cursor, ref reader, out string text, ref failure))
            {
                return false;
            }

            if (!Uri.TryCreate(text, UriKind.RelativeOrAbsolute, out Uri? uri) || uri is null)
            {
                return FailNot("a URI", start, ref failure);
            }

            value = uri;
            return true;
        }

        /// <summary>Writes a <see cref="Version"/> as the str of its text (<see cref="Version.ToString()"/>: 2 to 4 components).</summary>
        /// <param name="writer">The writer.</param>
        /// <param name="value">The value.</param>
        public static void WriteVersion(ref MsgPackWriter writer, Version value)
        {
            Span<byte> text = stackalloc byte[MaxVersionTextLength];
            int length = FormatVersion(text, value);
            writer.WriteStringHeader(length);
            text.Slice(0, length).CopyTo(writer.GetSpan(length));
            writer.Advance(length);
        }

        /// <summary>Writes a <see cref="Version"/> as the str of its text at the start of <paramref name="destination"/> and moves it past.</summary>
        /// <param name="destination">Where to write; on return, the rest of it.</param>
        /// <param name="value">The value.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too short.</exception>
        public static void WriteVersion(ref Span<byte> destination, Version value)
        {
            Span<byte> text = stackalloc byte[MaxVersionTextLength];
            int length = FormatVersion(text, value);
            int header = MsgPackSpec.GetStringHeaderEncodedLength(length);
            if (destination.Length < header + length)
            {
                ThrowHelper.ThrowDestinationTooSmall(header + length, destination.Length);
            }

            MsgPackSpec.WriteStringHeader(ref destination, length);
            text.Slice(0, length).CopyTo(destination);
            destination = destination.Slice(length);
        }

        /// <summary>The bytes <see cref="WriteVersion(ref MsgPackWriter, Version)"/> writes for the value.</summary>
        /// <param name="value">The value.</param>
        /// <returns>The length.</returns>
        public static int GetVersionEncodedLength(Version value)
        {
            Span<byte> text = stackalloc byte[MaxVersionTextLength];
            int length = FormatVersion(text, value);
            return MsgPackSpec.GetStringHeaderEncodedLength(length) + length;
        }

        /// <summary>Reads a <see cref="Version"/> from the str of its text: 2 to 4 components of decimal digits, each at most <see cref="int.MaxValue"/>.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <returns>The version.</returns>
        /// <exception cref="MsgPackException">Not a str, or not a version (its offset is the str's start).</exception>
        public static Version ReadVersion(ref MsgPackCursor cursor, ref MsgPackReader reader)
        {
            var failure = default(MsgPackReadFailure);
            ThrowIfFailed(TryReadVersion(ref cursor, ref reader, out Version value, ref failure), ref failure);
            return value;
        }

        /// <summary>Reads a <see cref="Version"/> (see <see cref="ReadVersion"/>), or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The version; null on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadVersion(ref MsgPackCursor cursor, ref MsgPackReader reader, out Version value, ref MsgPackReadFailure failure)
        {
            long start = cursor.GetConsumed(ref reader);
            value = null!;
            if (!TryReadStringBytes(ref cursor, ref reader, out MsgPackPayload utf8, ref failure))
            {
                return false;
            }

            Span<byte> text = stackalloc byte[MaxVersionTextLength];
            Version? version = utf8.Length <= MaxVersionTextLength && utf8.TryCopyTo(text) ? ParseVersion(text.Slice(0, utf8.Length)) : null;
            if (version is null)
            {
                return FailNot("a Version (a str of 2 to 4 numbers between dots, as \"1.2.3.4\")", start, ref failure);
            }

            value = version;
            return true;
        }

        /// <summary>A set for <paramref name="count"/> elements: with that capacity where the target has the constructor (not netstandard2.0).</summary>
        /// <typeparam name="T">The element type.</typeparam>
        /// <param name="count">The elements to come, already checked against the input.</param>
        /// <returns>An empty set.</returns>
        public static HashSet<T> NewHashSet<T>(int count) =>
#if NETSTANDARD2_0
            new HashSet<T>();
#else
            new HashSet<T>(count);
#endif

        /// <summary>Throws for a set whose element repeats.</summary>
        /// <exception cref="MsgPackException">Always.</exception>
        [DoesNotReturn]
        public static void ThrowDuplicateElement() => throw DuplicateElement();

        /// <summary>Reads the array header of a tuple, which must hold exactly its elements (as MessagePack-CSharp requires).</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="count">The tuple's elements.</param>
        /// <exception cref="MsgPackException">Not an array, or one of another length (its offset is the header's start).</exception>
        public static void ReadTupleHeader(ref MsgPackCursor cursor, ref MsgPackReader reader, int count)
        {
            var failure = default(MsgPackReadFailure);
            ThrowIfFailed(TryReadTupleHeader(ref cursor, ref reader, count, ref failure), ref failure);
        }

        /// <summary>Reads the array header of a tuple (see <see cref="ReadTupleHeader"/>), or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="count">The tuple's elements.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadTupleHeader(ref MsgPackCursor cursor, ref MsgPackReader reader, int count, ref MsgPackReadFailure failure)
        {
            long start = cursor.GetConsumed(ref reader);
            if (!TryReadArrayHeader(ref cursor, ref reader, out int items, ref failure))
            {
                return false;
            }

            return items == count || failure.Set(FailureReason.NotTuple, start, null, count);
        }

        /// <summary>
        /// Reads the header of a <see cref="KeyValuePair{TKey, TValue}"/>: the array <c>[key, value]</c> (MessagePack-CSharp's
        /// form, and ours) or the map <c>{"Key": key, "Value": value}</c> (Nerdbank.MessagePack's).
        /// </summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <returns><see langword="true"/> for the map: each of the two values follows its name (<see cref="ReadPairName"/>).</returns>
        /// <exception cref="MsgPackException">Neither form (its offset is the header's start).</exception>
        public static bool ReadPairHeader(ref MsgPackCursor cursor, ref MsgPackReader reader)
        {
            var failure = default(MsgPackReadFailure);
            ThrowIfFailed(TryReadPairHeader(ref cursor, ref reader, out bool named, ref failure), ref failure);
            return named;
        }

        /// <summary>Reads the header of a <see cref="KeyValuePair{TKey, TValue}"/> (see <see cref="ReadPairHeader"/>), or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="named"><see langword="true"/> for the map form.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadPairHeader(ref MsgPackCursor cursor, ref MsgPackReader reader, out bool named, ref MsgPackReadFailure failure)
        {
            long start = cursor.GetConsumed(ref reader);
            named = false;
            if (!TryPeekType(ref cursor, ref reader, out MsgPackType type, ref failure))
            {
                return false;
            }

            named = type == MsgPackType.Map;
            int count;
            if (!(named ? TryReadMapHeader(ref cursor, ref reader, out count, ref failure) : TryReadArrayHeader(ref cursor, ref reader, out count, ref failure)))
            {
                return false;
            }

            return count == 2 || FailNot("a KeyValuePair ([key, value] or {\"Key\": key, \"Value\": value})", start, ref failure);
        }

        /// <summary>Reads the name before a value of the map form of a <see cref="KeyValuePair{TKey, TValue}"/>: "Key", then "Value".</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value"><see langword="false"/> for "Key", <see langword="true"/> for "Value".</param>
        /// <exception cref="MsgPackException">Not that name (its offset is the name's start).</exception>
        public static void ReadPairName(ref MsgPackCursor cursor, ref MsgPackReader reader, bool value)
        {
            var failure = default(MsgPackReadFailure);
            ThrowIfFailed(TryReadPairName(ref cursor, ref reader, value, ref failure), ref failure);
        }

        /// <summary>Reads the name before a value of a pair's map form (see <see cref="ReadPairName"/>), or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value"><see langword="false"/> for "Key", <see langword="true"/> for "Value".</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadPairName(ref MsgPackCursor cursor, ref MsgPackReader reader, bool value, ref MsgPackReadFailure failure)
        {
            long start = cursor.GetConsumed(ref reader);
            if (!TryReadStringBytes(ref cursor, ref reader, out MsgPackPayload name, ref failure))
            {
                return false;
            }

            return name.SequenceEqual(value ? "Value"u8 : "Key"u8)
                || FailNot(value ? "the name \"Value\" (a KeyValuePair's second entry)" : "the name \"Key\" (a KeyValuePair's first entry)", start, ref failure);
        }

#if NET8_0_OR_GREATER
        /// <summary>The bytes an <see cref="Int128"/> or <see cref="UInt128"/> takes: bin 8 of its 16 bytes, little endian (MessagePack-CSharp's form).</summary>
        public const int Int128EncodedLength = 18;

        /// <summary>The longest <see cref="BigInteger"/> read, in bytes (a number of 32,768 bits): its bytes come from the input, and the work on them grows with their count.</summary>
        public const int MaxBigIntegerLength = 4096;

        /// <summary>What a BigInteger past <see cref="MaxBigIntegerLength"/> is not: a constant, so that the failure allocates no text.</summary>
        private const string BigIntegerTooLong = "a BigInteger of at most 4096 bytes";

        /// <summary>Nerdbank.MessagePack's default extension type of a <see cref="BigInteger"/> past 64 bits (its bytes, big endian).</summary>
        private const sbyte BigIntegerExtension = 3;

        /// <summary>Nerdbank.MessagePack's default extension type of an <see cref="Int128"/> past 64 bits (16 bytes, big endian).</summary>
        private const sbyte Int128Extension = 5;

        /// <summary>Nerdbank.MessagePack's default extension type of a <see cref="UInt128"/> past 64 bits (16 bytes, big endian).</summary>
        private const sbyte UInt128Extension = 6;

        /// <summary>Writes an <see cref="Int128"/> as bin 8 of its 16 bytes, little endian.</summary>
        /// <param name="writer">The writer.</param>
        /// <param name="value">The value.</param>
        public static void WriteInt128(ref MsgPackWriter writer, Int128 value)
        {
            Span<byte> span = writer.GetSpan(Int128EncodedLength);
            Encode128(span, (ulong)(value >> 64), (ulong)value);
            writer.Advance(Int128EncodedLength);
        }

        /// <summary>Writes an <see cref="Int128"/> as bin 8 of its 16 bytes, little endian, at the start of <paramref name="destination"/> and moves it past.</summary>
        /// <param name="destination">Where to write; on return, the rest of it.</param>
        /// <param name="value">The value.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="Int128EncodedLength"/>.</exception>
        public static void WriteInt128(ref Span<byte> destination, Int128 value)
        {
            CheckRoom(destination, Int128EncodedLength);
            Encode128(destination, (ulong)(value >> 64), (ulong)value);
            destination = destination.Slice(Int128EncodedLength);
        }

        /// <summary>Writes a <see cref="UInt128"/> as bin 8 of its 16 bytes, little endian.</summary>
        /// <param name="writer">The writer.</param>
        /// <param name="value">The value.</param>
        public static void WriteUInt128(ref MsgPackWriter writer, UInt128 value)
        {
            Span<byte> span = writer.GetSpan(Int128EncodedLength);
            Encode128(span, (ulong)(value >> 64), (ulong)value);
            writer.Advance(Int128EncodedLength);
        }

        /// <summary>Writes a <see cref="UInt128"/> as bin 8 of its 16 bytes, little endian, at the start of <paramref name="destination"/> and moves it past.</summary>
        /// <param name="destination">Where to write; on return, the rest of it.</param>
        /// <param name="value">The value.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="Int128EncodedLength"/>.</exception>
        public static void WriteUInt128(ref Span<byte> destination, UInt128 value)
        {
            CheckRoom(destination, Int128EncodedLength);
            Encode128(destination, (ulong)(value >> 64), (ulong)value);
            destination = destination.Slice(Int128EncodedLength);
        }

        /// <summary>
        /// Reads an <see cref="Int128"/>: bin of 16 bytes, little endian (MessagePack-CSharp's form, and ours); or an integer, or
        /// ext 5 of 16 bytes, big endian (Nerdbank.MessagePack's, for values within and past 64 bits).
        /// </summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">None of the forms (its offset is the value's start).</exception>
        public static Int128 ReadInt128(ref MsgPackCursor cursor, ref MsgPackReader reader)
        {
            var failure = default(MsgPackReadFailure);
            ThrowIfFailed(TryReadInt128(ref cursor, ref reader, out Int128 value, ref failure), ref failure);
            return value;
        }

        /// <summary>Reads an <see cref="Int128"/> in any of its forms (see <see cref="ReadInt128"/>), or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [SkipLocalsInit]
        public static bool TryReadInt128(ref MsgPackCursor cursor, ref MsgPackReader reader, out Int128 value, ref MsgPackReadFailure failure)
        {
            long start = cursor.GetConsumed(ref reader);
            value = default;
            if (!TryPeekType(ref cursor, ref reader, out MsgPackType type, ref failure))
            {
                return false;
            }

            if (type == MsgPackType.Integer)
            {
                if (cursor.TryRead<Int64Decoder, long>(ref reader, out long small) == OperationStatus.Done)
                {
                    value = small;
                    return true;
                }

                if (!TryReadUInt64(ref cursor, ref reader, out ulong large, ref failure))
                {
                    return false;
                }

                value = large;
                return true;
            }

            if (!TryReadIntegerBytes(ref cursor, ref reader, type, Int128Extension, 16, start, "an Int128 (bin of 16 bytes, an integer, or ext 5 of 16 bytes)", out MsgPackPayload payload, out bool bigEndian, ref failure))
            {
                return false;
            }

            Span<byte> bytes = stackalloc byte[16];
            payload.CopyTo(bytes);
            value = bigEndian ? BinaryPrimitives.ReadInt128BigEndian(bytes) : BinaryPrimitives.ReadInt128LittleEndian(bytes);
            return true;
        }

        /// <summary>
        /// Reads a <see cref="UInt128"/>: bin of 16 bytes, little endian (MessagePack-CSharp's form, and ours); or an integer of
        /// 0 or more, or ext 6 of 16 bytes, big endian (Nerdbank.MessagePack's).
        /// </summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">None of the forms, or a negative integer (its offset is the value's start).</exception>
        public static UInt128 ReadUInt128(ref MsgPackCursor cursor, ref MsgPackReader reader)
        {
            var failure = default(MsgPackReadFailure);
            ThrowIfFailed(TryReadUInt128(ref cursor, ref reader, out UInt128 value, ref failure), ref failure);
            return value;
        }

        /// <summary>Reads a <see cref="UInt128"/> in any of its forms (see <see cref="ReadUInt128"/>), or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [SkipLocalsInit]
        public static bool TryReadUInt128(ref MsgPackCursor cursor, ref MsgPackReader reader, out UInt128 value, ref MsgPackReadFailure failure)
        {
            long start = cursor.GetConsumed(ref reader);
            value = default;
            if (!TryPeekType(ref cursor, ref reader, out MsgPackType type, ref failure))
            {
                return false;
            }

            if (type == MsgPackType.Integer)
            {
                if (!TryReadUInt64(ref cursor, ref reader, out ulong small, ref failure))
                {
                    return false;
                }

                value = small;
                return true;
            }

            if (!TryReadIntegerBytes(ref cursor, ref reader, type, UInt128Extension, 16, start, "a UInt128 (bin of 16 bytes, an integer, or ext 6 of 16 bytes)", out MsgPackPayload payload, out bool bigEndian, ref failure))
            {
                return false;
            }

            Span<byte> bytes = stackalloc byte[16];
            payload.CopyTo(bytes);
            value = bigEndian ? BinaryPrimitives.ReadUInt128BigEndian(bytes) : BinaryPrimitives.ReadUInt128LittleEndian(bytes);
            return true;
        }

        /// <summary>Writes a <see cref="BigInteger"/> as bin of its two's complement bytes, little endian, fewest bytes (<see cref="BigInteger.ToByteArray()"/>; MessagePack-CSharp's form).</summary>
        /// <param name="writer">The writer.</param>
        /// <param name="value">The value.</param>
        public static void WriteBigInteger(ref MsgPackWriter writer, BigInteger value)
        {
            int length = value.GetByteCount();
            writer.WriteBinaryHeader(length);
            Span<byte> span = writer.GetSpan(length);
            if (!value.TryWriteBytes(span, out _))
            {
                ThrowHelper.ThrowInvalidOperation("A BigInteger's bytes did not fit its GetByteCount.");
            }

            writer.Advance(length);
        }

        /// <summary>Writes a <see cref="BigInteger"/> as bin of its bytes, little endian, at the start of <paramref name="destination"/> and moves it past.</summary>
        /// <param name="destination">Where to write; on return, the rest of it.</param>
        /// <param name="value">The value.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too short.</exception>
        public static void WriteBigInteger(ref Span<byte> destination, BigInteger value)
        {
            int length = value.GetByteCount();
            CheckRoom(destination, MsgPackSpec.GetBinaryEncodedLength(length));
            MsgPackSpec.WriteBinaryHeader(ref destination, length);
            if (!value.TryWriteBytes(destination, out _))
            {
                ThrowHelper.ThrowInvalidOperation("A BigInteger's bytes did not fit its GetByteCount.");
            }

            destination = destination.Slice(length);
        }

        /// <summary>The bytes <see cref="WriteBigInteger(ref MsgPackWriter, BigInteger)"/> writes for the value.</summary>
        /// <param name="value">The value.</param>
        /// <returns>The length.</returns>
        public static int GetBigIntegerEncodedLength(BigInteger value) => MsgPackSpec.GetBinaryEncodedLength(value.GetByteCount());

        /// <summary>
        /// Reads a <see cref="BigInteger"/>: bin of its bytes, little endian (MessagePack-CSharp's form, and ours); or an
        /// integer, or ext 3 of its bytes, big endian (Nerdbank.MessagePack's). At most <see cref="MaxBigIntegerLength"/> bytes.
        /// </summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">None of the forms, or longer than the limit (its offset is the value's start).</exception>
        public static BigInteger ReadBigInteger(ref MsgPackCursor cursor, ref MsgPackReader reader)
        {
            var failure = default(MsgPackReadFailure);
            ThrowIfFailed(TryReadBigInteger(ref cursor, ref reader, out BigInteger value, ref failure), ref failure);
            return value;
        }

        /// <summary>Reads a <see cref="BigInteger"/> in any of its forms (see <see cref="ReadBigInteger"/>), or records why not.</summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="value">The value; default on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadBigInteger(ref MsgPackCursor cursor, ref MsgPackReader reader, out BigInteger value, ref MsgPackReadFailure failure)
        {
            long start = cursor.GetConsumed(ref reader);
            value = default;
            if (!TryPeekType(ref cursor, ref reader, out MsgPackType type, ref failure))
            {
                return false;
            }

            if (type == MsgPackType.Integer)
            {
                if (cursor.TryRead<Int64Decoder, long>(ref reader, out long small) == OperationStatus.Done)
                {
                    value = small;
                    return true;
                }

                if (!TryReadUInt64(ref cursor, ref reader, out ulong large, ref failure))
                {
                    return false;
                }

                value = large;
                return true;
            }

            // Any length (-1): a bin or ext past the limit fails once it is read, below.
            if (!TryReadIntegerBytes(ref cursor, ref reader, type, BigIntegerExtension, -1, start, "a BigInteger (bin of its bytes, an integer, or ext 3 of its bytes)", out MsgPackPayload bytes, out bool bigEndian, ref failure))
            {
                return false;
            }

            if (bytes.Length > MaxBigIntegerLength)
            {
                return FailNot(BigIntegerTooLong, start, ref failure);
            }

            if (bytes.IsSingleSpan)
            {
                value = new BigInteger(bytes.Span, isBigEndian: bigEndian);
                return true;
            }

            byte[] rented = ArrayPool<byte>.Shared.Rent(bytes.Length);
            try
            {
                bytes.CopyTo(rented);
                value = new BigInteger(rented.AsSpan(0, bytes.Length), isBigEndian: bigEndian);
                return true;
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(rented);
            }
        }

        /// <summary>bin 8 of 16 bytes, little endian.</summary>
        private static void Encode128(Span<byte> destination, ulong upper, ulong lower)
        {
            destination[0] = DataCodes.Binary8;
            destination[1] = 16;
            BinaryPrimitives.WriteUInt64LittleEndian(destination.Slice(2), lower);
            BinaryPrimitives.WriteUInt64LittleEndian(destination.Slice(10), upper);
        }

        /// <summary>
        /// The bytes of an integer in a form other than a MessagePack integer (<paramref name="type"/>, peeked): a bin's,
        /// little endian, or those of an ext of type <paramref name="extension"/>, big endian (<paramref name="bigEndian"/>);
        /// exactly <paramref name="length"/> of them unless it is -1, an ext's length checked before its bytes are read.
        /// </summary>
        private static bool TryReadIntegerBytes(ref MsgPackCursor cursor, ref MsgPackReader reader, MsgPackType type, sbyte extension, int length, long start, string expected,
            out MsgPackPayload payload, out bool bigEndian, ref MsgPackReadFailure failure)
        {
            payload = default;
            bigEndian = type == MsgPackType.Extension;
            if (type == MsgPackType.Extension)
            {
                if (!TryReadExtensionHeader(ref cursor, ref reader, out ExtensionHeader header, ref failure))
                {
                    return false;
                }

                if (header.TypeCode != extension || (length != -1 && header.Length != length))
                {
                    return FailNot(expected, start, ref failure);
                }

                return TryReadBytes(ref cursor, ref reader, header.Length, out payload, ref failure);
            }

            if (type != MsgPackType.Binary)
            {
                return FailNot(expected, start, ref failure);
            }

            if (!TryReadBinary(ref cursor, ref reader, out payload, ref failure))
            {
                return false;
            }

            return length == -1 || payload.Length == length || FailNot(expected, start, ref failure);
        }

        private static void CheckRoom(Span<byte> destination, int length)
        {
            if (destination.Length < length)
            {
                ThrowHelper.ThrowDestinationTooSmall(length, destination.Length);
            }
        }
#endif

        /// <summary>A decimal as a fixstr of its text (at most 31 characters: it always fits).</summary>
        private static int EncodeDecimal(Span<byte> destination, decimal value)
        {
            if (!Utf8Formatter.TryFormat(value, destination.Slice(1, MaxDecimalEncodedLength - 1), out int written))
            {
                ThrowHelper.ThrowInvalidOperation("A decimal's text did not fit the 31 bytes that every decimal's does.");
            }

            destination[0] = (byte)(DataCodes.MinFixString | written);
            return written + 1;
        }

        /// <summary>The 16 bytes of Nerdbank.MessagePack's ext 4: flags, hi, lo, mid, each 32 bits little endian; the flags checked as decimal's constructor checks them.</summary>
        private static bool TryDecodeDecimal(ReadOnlySpan<byte> bits, out decimal value)
        {
            int flags = BinaryPrimitives.ReadInt32LittleEndian(bits);
            int hi = BinaryPrimitives.ReadInt32LittleEndian(bits.Slice(4));
            int lo = BinaryPrimitives.ReadInt32LittleEndian(bits.Slice(8));
            int mid = BinaryPrimitives.ReadInt32LittleEndian(bits.Slice(12));
            int scale = (flags >> 16) & 0xff;
            if ((flags & 0x7f00ffff) != 0 || scale > 28)
            {
                value = default;
                return false;
            }

            value = new decimal(lo, mid, hi, flags < 0, (byte)scale);
            return true;
        }

        /// <summary>Major.Minor[.Build[.Revision]], as <see cref="Version.ToString()"/>.</summary>
        private static int FormatVersion(Span<byte> text, Version value)
        {
            int fields = value.Build < 0 ? 2 : value.Revision < 0 ? 3 : 4;
            int length = 0;
            for (int i = 0; i < fields; i++)
            {
                if (i > 0)
                {
                    text[length++] = (byte)'.';
                }

                int component = i switch { 0 => value.Major, 1 => value.Minor, 2 => value.Build, _ => value.Revision };
                if (!Utf8Formatter.TryFormat(component, text.Slice(length), out int written))
                {
                    ThrowHelper.ThrowInvalidOperation("A version's text did not fit the room every version's does.");
                }

                length += written;
            }

            return length;
        }

        /// <summary>2 to 4 components of decimal digits, each at most int.MaxValue, between dots; null for anything else.</summary>
        private static Version? ParseVersion(ReadOnlySpan<byte> text)
        {
            Span<int> parts = stackalloc int[4];
            int count = 0;
            long part = -1;
            foreach (byte b in text)
            {
                if (b >= (byte)'0' && b <= (byte)'9')
                {
                    // A component is at most 10 digits before it passes int.MaxValue: the long cannot overflow.
                    part = (part < 0 ? 0 : part * 10) + (b - '0');
                    if (part > int.MaxValue)
                    {
                        return null;
                    }
                }
                else if (b == (byte)'.' && part >= 0 && count < 3)
                {
                    parts[count++] = (int)part;
                    part = -1;
                }
                else
                {
                    return null;
                }
            }

            if (part < 0 || count == 0)
            {
                return null;
            }

            parts[count++] = (int)part;
            return count switch
            {
                2 => new Version(parts[0], parts[1]),
                3 => new Version(parts[0], parts[1], parts[2]),
                _ => new Version(parts[0], parts[1], parts[2], parts[3]),
            };
        }

        /// <summary>Records a value that is not what was expected, at its start.</summary>
        private static bool FailNot(string expected, long offset, ref MsgPackReadFailure failure) => failure.Set(FailureReason.NotExpected, offset, expected);

        /// <summary>
        /// The next value's family through the cursor, as <see cref="MsgPackCursor.PeekMsgPackType"/>, or the truncation it
        /// throws for an input with no byte left, recorded.
        /// </summary>
        private static bool TryPeekType(ref MsgPackCursor cursor, ref MsgPackReader reader, out MsgPackType type, ref MsgPackReadFailure failure)
        {
            ReadOnlySpan<byte> rest = cursor.UnreadSpan;
            if (!rest.IsEmpty)
            {
                type = MsgPackSpec.GetMsgPackType(rest[0]);
                return true;
            }

            if (cursor.GetRemaining(ref reader) == 0)
            {
                type = default;
                return failure.SetRead(ReadStatus.NeedMoreData, -1, 1, 0, "any value", cursor.GetConsumed(ref reader));
            }

            type = cursor.PeekMsgPackType(ref reader);
            return true;
        }
    }
}
