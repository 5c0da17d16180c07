namespace MsgPack.Spec
{
    /// <summary>Limits and layout of <see cref="MsgPackJson"/>: what a document from an untrusted peer may cost to render.</summary>
    public sealed class MsgPackTextOptions
    {
        /// <summary>The deepest nesting of arrays and maps rendered (64, as <see cref="MsgPackValidationOptions"/>); deeper input throws <see cref="MsgPackTextLimitException"/>.</summary>
        public int MaxDepth { get; set; } = 64;

        /// <summary>The most bytes of text rendered (16 MiB); more throws <see cref="MsgPackTextLimitException"/>, so that a small document of huge announced counts cannot make an endless output.</summary>
        public long MaxOutputLength { get; set; } = 16L * 1024 * 1024;

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
