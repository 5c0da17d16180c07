namespace MsgPack.Spec.Lz4
{
    /// <summary>
    /// A compressed value is invalid: its lengths disagree with one another or with its chunks, an LZ4 block does not
    /// decode to the length it claims, or it holds another compressed value. Well-formedness errors of the MessagePack
    /// around the blocks (a header cut short, a chunk that is not a bin) are the core's <see cref="MsgPackException"/> family.
    /// </summary>
    public sealed class MsgPackLz4Exception : MsgPackException
    {
        /// <summary>Creates the exception.</summary>
        /// <param name="message">What is wrong with the compressed value.</param>
        public MsgPackLz4Exception(string message)
            : base(message)
        {
        }
    }

    /// <summary>
    /// A compressed value claims to decompress to more than <see cref="MsgPackLz4Options.MaxDecompressedLength"/> bytes:
    /// it was rejected from its headers, before anything was allocated or decoded.
    /// </summary>
    public sealed class MsgPackLz4LimitException : MsgPackException
    {
        /// <summary>Creates the exception.</summary>
        /// <param name="decompressedLength">The length the value claims (for an <see cref="MsgPackLz4Format.Lz4BlockArray"/>, at least: the sum of its chunks' lengths up to the first that passes the limit).</param>
        /// <param name="maxDecompressedLength">The limit it passes.</param>
        public MsgPackLz4LimitException(long decompressedLength, int maxDecompressedLength)
            : base($"The compressed value decompresses to {decompressedLength} bytes or more, more than MsgPackLz4Options.MaxDecompressedLength ({maxDecompressedLength}); raise it to read such values.")
        {
            DecompressedLength = decompressedLength;
            MaxDecompressedLength = maxDecompressedLength;
        }

        /// <summary>The length the value claims (at least).</summary>
        public long DecompressedLength { get; }

        /// <summary>The limit it passes.</summary>
        public int MaxDecompressedLength { get; }
    }
}
