namespace MsgPack.Spec
{
    /// <summary>Limits and layout of <see cref="MsgPackJson"/> and <see cref="MsgPackDump"/>: what a document from an untrusted peer may cost to render.</summary>
    public sealed class MsgPackTextOptions
    {
        private int _maxDepth = MsgPackValidationOptions.DefaultMaxDepth;

        /// <summary>
        /// How many arrays and maps may nest inside one another (64), counted as <see cref="MsgPackValidationOptions.MaxDepth"/>
        /// counts them: every array and map is a level, an empty one too, and a map key is inside its map. Deeper input
        /// throws <see cref="MsgPackTextLimitException"/> from JSON, at the offset of the first array or map too many,
        /// and ends a dump with the validator's error line there.
        /// </summary>
        /// <remarks>
        /// Neither walk recurses: they keep the open levels in memory of their own (at most 16 bytes each), never on the
        /// call stack, so any positive value is safe on any thread, <see cref="int.MaxValue"/> included; the input's
        /// length, then <see cref="MaxOutputLength"/>, bound the work.
        /// </remarks>
        /// <exception cref="ArgumentOutOfRangeException">The value set is not positive.</exception>
        public int MaxDepth
        {
            get => _maxDepth;
            set => _maxDepth = OptionLimit.Positive(value);
        }

        /// <summary>
        /// The most text rendered, in bytes of JSON or chars of dump (16 Mi): JSON throws <see cref="MsgPackTextLimitException"/>
        /// past it, a dump ends with a line that says so.
        /// </summary>
        /// <remarks>
        /// The text of most documents is a small multiple of their size, so a large document can pass the limit. So
        /// can a small one in two ways: a dump indents each line by the depth of its value (100,000 levels make
        /// 10^10 chars of indentation), and JSON writes a map key that is not a str as its text in a string, which
        /// escapes the quotes and backslashes inside again at every level of keys within keys (each level doubles
        /// them: 30 levels in 60 bytes would make gigabytes). The limit is checked before each run is written.
        /// </remarks>
        public long MaxOutputLength { get; set; } = 16L * 1024 * 1024;

        /// <summary>The most payload bytes a dump shows of a str, bin or ext (32); the rest is counted, not shown.</summary>
        public int PreviewWidth { get; set; } = 32;

        internal static MsgPackTextOptions Default { get; } = new MsgPackTextOptions();
    }

    /// <summary>Rendering a document as text went past <see cref="MsgPackTextOptions.MaxDepth"/> or <see cref="MsgPackTextOptions.MaxOutputLength"/>.</summary>
    public sealed class MsgPackTextLimitException : MsgPackException
    {
        /// <summary>Creates the exception.</summary>
        /// <param name="message">Which limit, and where.</param>
        public MsgPackTextLimitException(string message)
            : base(message)
        {
        }
    }
}
