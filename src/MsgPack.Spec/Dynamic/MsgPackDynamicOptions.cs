namespace MsgPack.Spec
{
    /// <summary>The limits of <see cref="MsgPackDynamic"/>'s reads and writes: what a value from an untrusted peer, or a graph of a caller's, may cost.</summary>
    /// <remarks>The zero value (<c>default</c>) is the defaults: 64 levels, any number of values.</remarks>
    public struct MsgPackDynamicOptions
    {
        private int _maxDepth;
        private int _maxValueCount;

        /// <summary>
        /// How many arrays and maps may nest inside one another; <see cref="MsgPackValidationOptions.DefaultMaxDepth"/>
        /// (64) unless set. Counted as the validator counts: every array and map is a level, an empty one too. A write
        /// of a graph deeper than this (a list that holds itself) throws instead of overflowing the stack.
        /// </summary>
        /// <remarks>Neither the read nor the write recurses: any value is safe on any thread's stack, <see cref="int.MaxValue"/> included.</remarks>
        /// <exception cref="ArgumentOutOfRangeException">The value set is not positive.</exception>
        public int MaxDepth
        {
            readonly get => _maxDepth == 0 ? MsgPackValidationOptions.DefaultMaxDepth : _maxDepth;
            set => _maxDepth = OptionLimit.Positive(value);
        }

        /// <summary>
        /// How many values a read may make, map keys included; <see cref="int.MaxValue"/> unless set. A read never
        /// makes more values than the input has bytes, and allocates an array or a dictionary only for items the
        /// input has room for, so its memory follows the input's length whatever the input claims; this limit is for
        /// callers who want less.
        /// </summary>
        /// <exception cref="ArgumentOutOfRangeException">The value set is not positive.</exception>
        public int MaxValueCount
        {
            readonly get => _maxValueCount == 0 ? int.MaxValue : _maxValueCount;
            set => _maxValueCount = OptionLimit.Positive(value);
        }
    }
}
