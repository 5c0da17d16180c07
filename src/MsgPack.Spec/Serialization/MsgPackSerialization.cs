using System;
using System.Buffers;
using System.Buffers.Text;
using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MsgPack.Spec.Serialization
{
    /// <summary>
    /// What the code generated for <see cref="MsgPackObjectAttribute"/> types calls besides the writer, the reader and
    /// the cursor: error paths, the depth limit, and the conversions of members that are not MessagePack types
    /// (<see cref="Guid"/>, <see cref="DateTime"/>). Public because the generated code is compiled into your assembly;
    /// not meant to be called by hand.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class MsgPackSerialization
    {
        /// <summary>
        /// How deep generated objects may nest in the input (the outermost is at depth 0): a recursive type (a tree node
        /// with child nodes) cannot be made to exhaust the stack. The default depth limit of MsgPackSpec.Validate.
        /// </summary>
        public const int MaxDepth = 64;

        /// <summary>The bytes a <see cref="Guid"/> takes: str 8 header (2) and the 36 characters of its "D" form.</summary>
        public const int GuidEncodedLength = 38;

        private const int GuidTextLength = 36;

        /// <summary>The failure of a member's value, under the member's name.</summary>
        /// <param name="exception">What went wrong.</param>
        /// <param name="member">The member's name; empty for the object itself (its header, a key, an unknown member).</param>
        /// <param name="offset">Where the reader stood.</param>
        /// <returns>The exception to throw.</returns>
        public static MsgPackSerializationException AtMember(MsgPackException exception, string member, long offset) =>
            MsgPackSerializationException.Wrap(exception, member.Length == 0 ? string.Empty : "." + member, offset);

        /// <summary>The failure of a collection's element (or a map's entry) under its index.</summary>
        /// <param name="exception">What went wrong.</param>
        /// <param name="index">The element's or entry's index.</param>
        /// <param name="offset">Where the reader stood.</param>
        /// <returns>The exception to throw.</returns>
        public static MsgPackSerializationException AtItem(MsgPackException exception, int index, long offset) =>
            MsgPackSerializationException.Wrap(exception, "[" + index.ToString(System.Globalization.CultureInfo.InvariantCulture) + "]", offset);

        /// <summary>What a generated <c>TryRead</c> returns for a failure: NeedMoreData when the input ends inside the value, else InvalidData.</summary>
        /// <param name="exception">The failure.</param>
        /// <returns>The status.</returns>
        public static OperationStatus ToOperationStatus(MsgPackException exception) =>
            (exception is MsgPackSerializationException wrapped ? wrapped.Cause : exception) is MsgPackTruncatedException
                ? OperationStatus.NeedMoreData
                : OperationStatus.InvalidData;

        /// <summary>Throws when <paramref name="depth"/> is past <see cref="MaxDepth"/>.</summary>
        /// <param name="depth">The depth of the object about to be read.</param>
        /// <exception cref="MsgPackException">The depth is too large.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void CheckDepth(int depth)
        {
            if (depth > MaxDepth)
            {
                ThrowTooDeep();
            }
        }

        /// <summary>Throws when an array of <paramref name="count"/> elements (or a map of that many entries) cannot fit in the bytes left.</summary>
        /// <param name="count">The claimed count.</param>
        /// <param name="bytesPerItem">The fewest bytes an item takes: 1 for an array's element, 2 for a map's entry.</param>
        /// <param name="remaining">The bytes left in the input.</param>
        /// <exception cref="MsgPackTruncatedException">They cannot: the input ends before the items could.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void CheckCount(int count, int bytesPerItem, long remaining)
        {
            if ((long)count * bytesPerItem > remaining)
            {
                ThrowCountExceedsInput(count, bytesPerItem, remaining);
            }
        }

        /// <summary>
        /// Checks a map key that matched no member: the generated readers compare keys as bytes without decoding them
        /// (a match with a constant key is valid UTF-8 by construction), so an unknown key is checked here before its
        /// value is skipped.
        /// </summary>
        /// <param name="key">The key's bytes.</param>
        /// <exception cref="MsgPackInvalidUtf8Exception">The key is not valid UTF-8.</exception>
        public static void CheckUnknownKey(MsgPackPayload key)
        {
            if (!MsgPackReader.IsValidUtf8(key))
            {
                throw new MsgPackInvalidUtf8Exception();
            }
        }

        /// <summary>Checks a map key that matched no member, in one span (see <see cref="CheckUnknownKey(MsgPackPayload)"/>).</summary>
        /// <param name="key">The key's bytes.</param>
        /// <exception cref="MsgPackInvalidUtf8Exception">The key is not valid UTF-8.</exception>
        public static void CheckUnknownKey(ReadOnlySpan<byte> key)
        {
            if (!Utf8Text.IsValid(ref MemoryMarshal.GetReference(key), key.Length))
            {
                throw new MsgPackInvalidUtf8Exception();
            }
        }

        /// <summary>Throws for a required member that the input does not have.</summary>
        /// <param name="member">The member's name.</param>
        /// <exception cref="MsgPackException">Always.</exception>
        [DoesNotReturn]
        public static void ThrowMissingRequired(string member) =>
            throw new MsgPackException("The required member '" + member + "' is missing.");

        /// <summary>
        /// Throws for a missing member of a non-nullable reference type that the reader must pass (a constructor
        /// parameter without a default, an <c>init</c> member): it has no value to keep, and null would break its type.
        /// </summary>
        /// <param name="member">The member's name.</param>
        /// <exception cref="MsgPackException">Always.</exception>
        [DoesNotReturn]
        public static void ThrowMissingNonNullable(string member) =>
            throw new MsgPackException("The member '" + member + "' is missing, and its type does not accept null.");

        /// <summary>Throws for a map whose key repeats.</summary>
        /// <exception cref="MsgPackException">Always.</exception>
        [DoesNotReturn]
        public static void ThrowDuplicateKey() => throw new MsgPackException("The map has the same key twice.");

        /// <summary>The timestamp as a UTC <see cref="DateTime"/>.</summary>
        /// <param name="value">The timestamp.</param>
        /// <returns>The instant, <see cref="DateTimeKind.Utc"/>, rounded down to the tick.</returns>
        /// <exception cref="MsgPackException">The instant lies outside the years 1 to 9999.</exception>
        public static DateTime ToDateTime(Timestamp value)
        {
            if (!value.FitsDateTime)
            {
                ThrowOutsideDateTime(value);
            }

            return value.ToDateTime();
        }

        /// <summary>The timestamp as a <see cref="DateTimeOffset"/> with offset zero.</summary>
        /// <param name="value">The timestamp.</param>
        /// <returns>The instant, rounded down to the tick.</returns>
        /// <exception cref="MsgPackException">The instant lies outside the years 1 to 9999.</exception>
        public static DateTimeOffset ToDateTimeOffset(Timestamp value)
        {
            if (!value.FitsDateTime)
            {
                ThrowOutsideDateTime(value);
            }

            return value.ToDateTimeOffset();
        }

        /// <summary>Writes a <see cref="Guid"/> as the str of its "D" form (36 characters, lower case).</summary>
        /// <param name="writer">The writer.</param>
        /// <param name="value">The value.</param>
        public static void WriteGuid(ref MsgPackWriter writer, Guid value)
        {
            EncodeGuid(writer.GetSpan(GuidEncodedLength), value);
            writer.Advance(GuidEncodedLength);
        }

        /// <summary>Writes a <see cref="Guid"/> as the str of its "D" form at the start of <paramref name="destination"/> and moves it past.</summary>
        /// <param name="destination">Where to write; on return, the rest of it.</param>
        /// <param name="value">The value.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="GuidEncodedLength"/>.</exception>
        public static void WriteGuid(ref Span<byte> destination, Guid value)
        {
            if (destination.Length < GuidEncodedLength)
            {
                ThrowHelper.ThrowDestinationTooSmall(GuidEncodedLength, destination.Length);
            }

            EncodeGuid(destination, value);
            destination = destination.Slice(GuidEncodedLength);
        }

        /// <summary>Parses the "D" form of a <see cref="Guid"/> (what <see cref="WriteGuid(ref MsgPackWriter, Guid)"/> writes; either case).</summary>
        /// <param name="utf8">The str value's bytes.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The text is not a Guid in that form.</exception>
        public static Guid ToGuid(MsgPackPayload utf8)
        {
            Span<byte> copy = stackalloc byte[GuidTextLength];
            if (utf8.Length == GuidTextLength
                && utf8.TryCopyTo(copy)
                && Utf8Parser.TryParse(copy, out Guid value, out int consumed, 'D')
                && consumed == GuidTextLength)
            {
                return value;
            }

            throw new MsgPackException("Expected a Guid as a str of 36 characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).");
        }

        /// <summary>Reads an array of booleans into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static bool[] ReadBooleanArray(ref MsgPackReader reader) => reader.ReadNewArray<bool, BooleanArrayCodec>();

        /// <summary>Reads an array of integers that fit <see cref="sbyte"/> into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static sbyte[] ReadSByteArray(ref MsgPackReader reader) => reader.ReadNewArray<sbyte, SByteArrayCodec>();

        /// <summary>Reads an array of integers that fit <see cref="short"/> into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static short[] ReadInt16Array(ref MsgPackReader reader) => reader.ReadNewArray<short, Int16ArrayCodec>();

        /// <summary>Reads an array of integers that fit <see cref="ushort"/> into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static ushort[] ReadUInt16Array(ref MsgPackReader reader) => reader.ReadNewArray<ushort, UInt16ArrayCodec>();

        /// <summary>Reads an array of integers that fit <see cref="int"/> into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static int[] ReadInt32Array(ref MsgPackReader reader) => reader.ReadNewArray<int, Int32ArrayCodec>();

        /// <summary>Reads an array of integers that fit <see cref="uint"/> into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static uint[] ReadUInt32Array(ref MsgPackReader reader) => reader.ReadNewArray<uint, UInt32ArrayCodec>();

        /// <summary>Reads an array of integers that fit <see cref="long"/> into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static long[] ReadInt64Array(ref MsgPackReader reader) => reader.ReadNewArray<long, Int64ArrayCodec>();

        /// <summary>Reads an array of integers that fit <see cref="ulong"/> into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static ulong[] ReadUInt64Array(ref MsgPackReader reader) => reader.ReadNewArray<ulong, UInt64ArrayCodec>();

        /// <summary>Reads an array of float 32 values into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static float[] ReadSingleArray(ref MsgPackReader reader) => reader.ReadNewArray<float, SingleArrayCodec>();

        /// <summary>Reads an array of float 64 (or float 32) values into a new array of its length, checking the count against the input first.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The elements.</returns>
        /// <exception cref="MsgPackException">Not such an array, or the input ends inside it.</exception>
        public static double[] ReadDoubleArray(ref MsgPackReader reader) => reader.ReadNewArray<double, DoubleArrayCodec>();

        private static void EncodeGuid(Span<byte> destination, Guid value)
        {
            destination[0] = DataCodes.String8;
            destination[1] = GuidTextLength;

            // The room is checked by both callers; a failure here would be a bug of this class, not bad input.
            if (!Utf8Formatter.TryFormat(value, destination.Slice(2), out _, 'D'))
            {
                ThrowHelper.ThrowInvalidOperation("A Guid's 36 characters did not fit the room checked for them.");
            }
        }

        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void ThrowTooDeep() =>
            throw new MsgPackException("The input nests objects deeper than MsgPackSerialization.MaxDepth (" + MaxDepth + ").");

        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void ThrowCountExceedsInput(int count, int bytesPerItem, long remaining) =>
            throw new MsgPackTruncatedException((int)Math.Min(int.MaxValue, (long)count * bytesPerItem), (int)Math.Min(int.MaxValue, remaining), "a collection of " + count + " items");

        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void ThrowOutsideDateTime(Timestamp value) =>
            throw new MsgPackException("The timestamp " + value.ToString() + " lies outside the years 1 to 9999 that DateTime holds.");
    }
}
