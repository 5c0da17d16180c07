namespace MsgPack.Spec.Lz4
{
    /// <summary>How <see cref="MsgPackLz4"/> compresses (the form, the shortest value worth it) and what it accepts when it decompresses.</summary>
    /// <remarks>An instance is read on every call: share one, and change it only before it is shared.</remarks>
    public sealed class MsgPackLz4Options
    {
        /// <summary>
        /// The shortest uncompressed value that is compressed when no length is set: 64 bytes, MessagePack-CSharp's
        /// default (<c>CompressionMinLength</c>). A shorter value is written as it is, plain MessagePack.
        /// </summary>
        public const int DefaultMinLength = 64;

        /// <summary>
        /// The most bytes one compressed value may decompress to when no limit is set: 64 MiB, MessagePack-CSharp's
        /// setting for untrusted data (<c>MessagePackSecurity.UntrustedData.MaximumDecompressedSize</c>).
        /// </summary>
        public const int DefaultMaxDecompressedLength = 64 * 1024 * 1024;

        private MsgPackLz4Format _format = MsgPackLz4Format.Lz4BlockArray;
        private int _minLength = DefaultMinLength;
        private int _maxDecompressedLength = DefaultMaxDecompressedLength;

        /// <summary>The form values are written in (<see cref="MsgPackLz4Format.Lz4BlockArray"/> unless set); reading takes either form.</summary>
        /// <exception cref="ArgumentOutOfRangeException">The value set is not a <see cref="MsgPackLz4Format"/>.</exception>
        public MsgPackLz4Format Format
        {
            get => _format;
            set
            {
                if (value != MsgPackLz4Format.Lz4BlockArray && value != MsgPackLz4Format.Lz4Block)
                {
                    ThrowHelper.ThrowArgumentOutOfRange(nameof(value), (long)value, "Lz4BlockArray or Lz4Block");
                }

                _format = value;
            }
        }

        /// <summary>
        /// The shortest uncompressed value that is compressed (<see cref="DefaultMinLength"/> unless set): a shorter one is
        /// written as plain MessagePack, which every reader of either library takes as it is.
        /// </summary>
        /// <exception cref="ArgumentOutOfRangeException">The value set is not 1 or more.</exception>
        public int MinLength
        {
            get => _minLength;
            set
            {
                if (value < 1)
                {
                    ThrowHelper.ThrowArgumentOutOfRange(nameof(value), value, "1 or more");
                }

                _minLength = value;
            }
        }

        /// <summary>
        /// The most bytes one compressed value may decompress to (<see cref="DefaultMaxDecompressedLength"/> unless set),
        /// checked against the lengths the value claims before anything is allocated: a value over it fails with
        /// <see cref="MsgPackLz4LimitException"/>. Plain (uncompressed) MessagePack is not limited by it.
        /// </summary>
        /// <exception cref="ArgumentOutOfRangeException">The value set is not from 0 to <c>Array.MaxLength</c>.</exception>
        public int MaxDecompressedLength
        {
            get => _maxDecompressedLength;
            set
            {
                if (value < 0 || value > PooledArray.MaxLength)
                {
                    ThrowHelper.ThrowArgumentOutOfRange(nameof(value), value, "from 0 to Array.MaxLength");
                }

                _maxDecompressedLength = value;
            }
        }

        /// <summary>The options of a call that passes none.</summary>
        internal static MsgPackLz4Options Default { get; } = new MsgPackLz4Options();
    }
}
