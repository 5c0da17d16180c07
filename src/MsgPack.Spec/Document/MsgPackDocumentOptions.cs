namespace MsgPack.Spec
{
    /// <summary>What <see cref="MsgPackDocument.Parse(ReadOnlyMemory{byte}, MsgPackDocumentOptions)"/> accepts: the limits a document from an untrusted peer is held to.</summary>
    /// <remarks>
    /// The zero value (<c>default</c>, or <c>new()</c> without setters) is the defaults: 64 levels, as many values as
    /// an index holds, UTF-8 checked, as <see cref="MsgPackValidationOptions"/> checks.
    /// </remarks>
    public struct MsgPackDocumentOptions
    {
        /// <summary>The most values a document can hold, map keys included: 268,435,455 (2^28 - 1), the most its index counts.</summary>
        public const int MaxValueCountLimit = DocumentRow.MaxRows;

        private int _maxDepth;
        private int _maxValueCount;
        private bool _skipUtf8Check;

        /// <summary>
        /// How many arrays and maps may nest inside one another; <see cref="MsgPackValidationOptions.DefaultMaxDepth"/>
        /// (64) unless set. Counted as <see cref="MsgPackValidationOptions.MaxDepth"/> counts: every array and map is a
        /// level, an empty one too, and a map key is inside its map.
        /// </summary>
        /// <remarks>The parse does not recurse: any value is safe on any thread's stack, <see cref="int.MaxValue"/> included.</remarks>
        /// <exception cref="ArgumentOutOfRangeException">The value set is not positive.</exception>
        public int MaxDepth
        {
            readonly get => _maxDepth == 0 ? MsgPackValidationOptions.DefaultMaxDepth : _maxDepth;
            set => _maxDepth = OptionLimit.Positive(value);
        }

        /// <summary>
        /// How many values a document may hold, map keys included (each is one row of 16 bytes in the index);
        /// <see cref="MaxValueCountLimit"/> unless set. A document never holds more values than it has bytes, so
        /// the index of an <c>n</c>-byte document takes at most <c>16 n</c> bytes whatever it says: this limit is for
        /// callers who want less.
        /// </summary>
        /// <exception cref="ArgumentOutOfRangeException">The value set is not from 1 to <see cref="MaxValueCountLimit"/>.</exception>
        public int MaxValueCount
        {
            readonly get => _maxValueCount == 0 ? MaxValueCountLimit : _maxValueCount;
            set => _maxValueCount = OptionLimit.FromOneTo(value, MaxValueCountLimit);
        }

        /// <summary>
        /// Whether str values must be valid UTF-8, checked once as the document is parsed: true unless set to false.
        /// Then <see cref="MsgPackElement.GetStringBytes"/> hands over bytes known to be text.
        /// </summary>
        public bool CheckUtf8
        {
            readonly get => !_skipUtf8Check;
            set => _skipUtf8Check = !value;
        }
    }
}
