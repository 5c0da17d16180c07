#if NET8_0_OR_GREATER

namespace MsgPack.Spec.Serialization
{
    /// <summary>
    /// Limits of <see cref="MsgPackStream"/>'s read doors: what one value from a peer may cost in memory before it is
    /// read, and how much a <see cref="System.IO.Stream"/> is asked for at a time.
    /// </summary>
    public sealed class MsgPackStreamOptions
    {
        /// <summary>The longest value read when no limit is set: 4 MiB, gRPC's default for one message from a peer.</summary>
        public const int DefaultMaxValueLength = 4 * 1024 * 1024;

        /// <summary>The bytes a <see cref="System.IO.Stream"/> is asked for at a time when no size is set: 16 KiB.</summary>
        public const int DefaultBufferSize = 16 * 1024;

        private int _maxValueLength = DefaultMaxValueLength;
        private int _bufferSize = DefaultBufferSize;

        /// <summary>
        /// The most bytes one value may take (<see cref="DefaultMaxValueLength"/> unless set); for
        /// <c>ReadArrayItemsAsync</c>, one item (the array itself is never held whole).
        /// </summary>
        /// <remarks>
        /// A door holds a value's bytes until the value is whole, so this bounds what a peer can make it hold. It is
        /// checked against what the value's headers announce, as soon as they arrive: a str header claiming 4 GiB fails
        /// with <see cref="MsgPackStreamLimitException"/> at once, without waiting for (or buffering) the bytes, whatever
        /// follows it. Below the limit, the buffer grows with the bytes that actually arrive, never with a claim.
        /// </remarks>
        /// <exception cref="ArgumentOutOfRangeException">The value set is not from 1 to <see cref="Array.MaxLength"/>.</exception>
        public int MaxValueLength
        {
            get => _maxValueLength;
            set => _maxValueLength = OptionLimit.FromOneTo(value, Array.MaxLength, "Array.MaxLength");
        }

        /// <summary>
        /// The bytes a <see cref="System.IO.Stream"/> is asked for at a time, and the buffer the read doors start with
        /// (<see cref="DefaultBufferSize"/> unless set); a value longer than that grows the buffer. A <c>PipeReader</c>
        /// buffers by itself: this does not apply to it.
        /// </summary>
        /// <exception cref="ArgumentOutOfRangeException">The value set is not from 1 to <see cref="Array.MaxLength"/>.</exception>
        public int BufferSize
        {
            get => _bufferSize;
            set => _bufferSize = OptionLimit.FromOneTo(value, Array.MaxLength, "Array.MaxLength");
        }

        internal static MsgPackStreamOptions Default { get; } = new MsgPackStreamOptions();
    }

    /// <summary>
    /// A value read from a stream or a pipe announces more bytes than <see cref="MsgPackStreamOptions.MaxValueLength"/>:
    /// it was not read, and nothing past its headers was waited for.
    /// </summary>
    public sealed class MsgPackStreamLimitException : MsgPackException
    {
        /// <summary>Creates the exception.</summary>
        /// <param name="bytesNeeded">The least length the value's headers announce, in bytes.</param>
        /// <param name="maxValueLength">The limit it passes.</param>
        public MsgPackStreamLimitException(long bytesNeeded, int maxValueLength)
            : base($"The value takes at least {bytesNeeded} bytes, more than MsgPackStreamOptions.MaxValueLength ({maxValueLength}); raise it to read such values.")
        {
            BytesNeeded = bytesNeeded;
            MaxValueLength = maxValueLength;
        }

        /// <summary>The least length the value's headers announce, in bytes.</summary>
        public long BytesNeeded { get; }

        /// <summary>The limit the value passes.</summary>
        public int MaxValueLength { get; }
    }
}
#endif
