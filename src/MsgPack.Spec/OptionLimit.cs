namespace MsgPack.Spec
{
    /// <summary>
    /// The check of every limit an options type lets a caller set (depths, value counts, lengths): positive, and at
    /// most a ceiling where there is one. 0 stays free for "not set", the default the getter reports, so that the
    /// zero value of an options struct is its defaults. Written once for the setters of
    /// <see cref="MsgPackValidationOptions"/>, <see cref="MsgPackDocumentOptions"/>, <see cref="MsgPackDynamicOptions"/>,
    /// <see cref="MsgPackTextOptions"/> and MsgPackStreamOptions; the throws are in <see cref="ThrowHelper"/>.
    /// </summary>
    internal static class OptionLimit
    {
        /// <summary>Returns <paramref name="value"/>, or throws <see cref="ArgumentOutOfRangeException"/> (parameter "value") when it is not positive.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int Positive(int value)
        {
            if (value <= 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(value), value, "positive");
            }

            return value;
        }

        /// <summary>
        /// Returns <paramref name="value"/>, or throws <see cref="ArgumentOutOfRangeException"/> (parameter "value")
        /// when it is not from 1 to <paramref name="max"/>; the message names the ceiling <paramref name="maxName"/>,
        /// or gives its number when there is no name.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int FromOneTo(int value, int max, string? maxName = null)
        {
            if (value <= 0 || value > max)
            {
                ThrowHelper.ThrowNotFromOneTo(value, max, maxName);
            }

            return value;
        }
    }
}
