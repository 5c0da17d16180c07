namespace MsgPack.Spec
{
    /// <summary>Limits and layout of <see cref="MsgPackJson"/> and <see cref="MsgPackDump"/>: what a document from an untrusted peer may cost to render.</summary>
    public sealed class MsgPackTextOptions
    {
        /// <summary>The deepest nesting of arrays and maps rendered (64, as <see cref="MsgPackValidationOptions"/>); deeper input throws <see cref="MsgPackTextLimitException"/>.</summary>
        public int MaxDepth { get; set; } = 64;

        /// <summary>
        /// The most text rendered, in bytes of JSON or chars of dump (16 Mi): JSON throws <see cref="MsgPackTextLimitException"/>
        /// past it, a dump ends with a line that says so. A small document cannot make a huge text anyway (every value
        /// rendered is in the input), but a large one can.
        /// </summary>
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
