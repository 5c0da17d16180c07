using System.Diagnostics.CodeAnalysis;

namespace MsgPack.Spec.Serialization
{
    // The failures of the code generated for [MsgPackUnion] types. Each returns its exception for the generated code to
    // throw (`throw MsgPackSerialization.X(...)`), so that the compiler sees the end of the path without a dummy return.
    public static partial class MsgPackSerialization
    {
        /// <summary>
        /// Throws when a union at <paramref name="depth"/> is past <see cref="MaxDepth"/>, at the union's start: its
        /// header may have been read across segments, which moves the reader past it, so the offset is given, not taken
        /// from the reader.
        /// </summary>
        /// <param name="depth">The union's depth.</param>
        /// <param name="offset">Where the union starts.</param>
        /// <exception cref="MsgPackException">The depth is too large.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void CheckUnionDepth(int depth, long offset)
        {
            if (depth > MaxDepth)
            {
                ThrowUnionTooDeep(offset);
            }
        }

        /// <summary>The failure of a union value that is not an array of two items, <c>[tag, value]</c>.</summary>
        /// <param name="count">The array's count.</param>
        /// <param name="offset">Where the array starts: the offset of the failure.</param>
        /// <returns>The exception to throw.</returns>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static MsgPackException UnionNotAPair(int count, long offset) =>
            At(NotAPair(count), offset);

        /// <summary>The failure of an integer tag that names none of the union's cases.</summary>
        /// <param name="union">The union's name, for the message.</param>
        /// <param name="tag">The tag read.</param>
        /// <param name="offset">Where the tag starts: the offset of the failure.</param>
        /// <returns>The exception to throw.</returns>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static MsgPackException UnknownUnionTag(string union, long tag, long offset) =>
            At(UnknownTag(union, tag), offset);

        /// <summary>The failure of a string tag that names none of the union's cases.</summary>
        /// <param name="union">The union's name, for the message.</param>
        /// <param name="offset">Where the tag starts: the offset of the failure.</param>
        /// <returns>The exception to throw.</returns>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static MsgPackException UnknownUnionTag(string union, long offset) =>
            At(UnknownTag(union), offset);

        /// <summary>
        /// Reads a union's header, <c>[tag, value]</c>, and checks its depth, or records why not: the union's own failures
        /// (not a pair, too deep) are at its start, given (a header read across segments moves the reader past it).
        /// </summary>
        /// <param name="cursor">The reading method's cursor.</param>
        /// <param name="reader">The cursor's reader.</param>
        /// <param name="depth">The union's depth.</param>
        /// <param name="start">Where the union starts.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryReadUnionHeader(ref MsgPackCursor cursor, ref MsgPackReader reader, int depth, long start, ref MsgPackReadFailure failure)
        {
            if (!TryReadArrayHeader(ref cursor, ref reader, out int count, ref failure))
            {
                return false;
            }

            if (depth > MaxDepth)
            {
                return failure.Set(FailureReason.TooDeep, start);
            }

            return count == 2 || failure.Set(FailureReason.UnionNotAPair, start, null, count);
        }

        /// <summary>Records an integer tag that names none of the union's cases.</summary>
        /// <param name="union">The union's name, for the message.</param>
        /// <param name="tag">The tag read.</param>
        /// <param name="offset">Where the tag starts.</param>
        /// <param name="failure">Where the failure is recorded.</param>
        /// <returns><see langword="false"/>.</returns>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static bool FailUnknownUnionTag(string union, long tag, long offset, ref MsgPackReadFailure failure) =>
            failure.Set(FailureReason.UnknownUnionTag, offset, union, tag);

        /// <summary>Records a string tag that names none of the union's cases.</summary>
        /// <param name="union">The union's name, for the message.</param>
        /// <param name="offset">Where the tag starts.</param>
        /// <param name="failure">Where the failure is recorded.</param>
        /// <returns><see langword="false"/>.</returns>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static bool FailUnknownUnionTag(string union, long offset, ref MsgPackReadFailure failure) =>
            failure.Set(FailureReason.UnknownUnionStringTag, offset, union);

        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void ThrowUnionTooDeep(long offset) => throw At(TooDeep(), offset);

        /// <summary>The failure to write a union value whose runtime type is none of its cases.</summary>
        /// <param name="union">The union.</param>
        /// <param name="type">The value's runtime type.</param>
        /// <returns>The exception to throw.</returns>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ArgumentException NotAUnionCase(Type union, Type type) =>
            new ArgumentException("The value's type " + type.FullName + " is not a case of the union " + union.FullName + " (a [MsgPackUnion] of it, or derived from one).", "value");
    }
}
