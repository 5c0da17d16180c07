namespace MsgPack.Spec
{
    /// <summary>What <see cref="MsgPackSpec.TryValidate(ReadOnlySpan{byte}, out MsgPackValidationResult, MsgPackValidationOptions)"/> found wrong, if anything.</summary>
    public enum MsgPackValidationError : byte
    {
        /// <summary>Nothing: the input is well formed.</summary>
        None = 0,

        /// <summary>The input ends inside a value's header or fixed-size body, or before all the items an array or map announces.</summary>
        Truncated,

        /// <summary>A value starts with 0xc1, the code the specification never uses.</summary>
        NeverUsedCode,

        /// <summary>Arrays and maps nest deeper than <see cref="MsgPackValidationOptions.MaxDepth"/>.</summary>
        DepthExceeded,

        /// <summary>A str, bin or ext header announces more bytes than the rest of the input holds (the bytes present are checked first).</summary>
        LengthPastEnd,

        /// <summary>A timestamp extension (type -1) whose data is not 4, 8 or 12 bytes, or whose nanoseconds reach 1,000,000,000.</summary>
        InvalidTimestamp,

        /// <summary>A str value that is not valid UTF-8 (checked unless <see cref="MsgPackValidationOptions.CheckUtf8"/> is set to false).</summary>
        InvalidUtf8,

        /// <summary>Bytes follow the value, and <see cref="MsgPackValidationOptions.AllowMultipleValues"/> is off.</summary>
        TrailingBytes,

        /// <summary>
        /// A str, bin or ext header announces more than <see cref="int.MaxValue"/> bytes: more than any reader of this
        /// library takes (they return payloads as spans), so invalid whatever follows.
        /// </summary>
        LengthTooLarge,
    }

    /// <summary>How strictly <see cref="MsgPackSpec.Validate(ReadOnlySpan{byte}, MsgPackValidationOptions)"/> and its twins check their input.</summary>
    public struct MsgPackValidationOptions
    {
        /// <summary>The nesting depth allowed when none is set: 64 arrays or maps inside one another.</summary>
        public const int DefaultMaxDepth = 64;

        private int _maxDepth;
        private bool _skipUtf8Check;

        /// <summary>How many arrays and maps may nest inside one another; <see cref="DefaultMaxDepth"/> unless set.</summary>
        /// <exception cref="ArgumentOutOfRangeException">The value set is not positive.</exception>
        public int MaxDepth
        {
            readonly get => _maxDepth == 0 ? DefaultMaxDepth : _maxDepth;
            set => _maxDepth = OptionLimit.Positive(value);
        }

        /// <summary>Whether the input may hold several values one after another (a stream); otherwise exactly one.</summary>
        public bool AllowMultipleValues { get; set; }

        /// <summary>
        /// Whether str values must be valid UTF-8 (a second pass over their bytes): true unless set to false, in
        /// <c>default(MsgPackValidationOptions)</c> too.
        /// </summary>
        /// <remarks>
        /// On by default because the readers reject invalid UTF-8 (<c>ReadString</c>, <c>ReadStringBytes</c>): input
        /// that validates then reads. Turn it off for speed when strings are only ever read as raw bytes, or to
        /// compare with a validator that does not look at text, such as msgpuck's <c>mp_check</c>.
        /// </remarks>
        public bool CheckUtf8
        {
            // Stored inverted, so that the zero value of the struct (default, or new() without setters) checks.
            readonly get => !_skipUtf8Check;
            set => _skipUtf8Check = !value;
        }
    }

    /// <summary>The verdict of a validation: how far it got, and what was wrong where.</summary>
    public readonly struct MsgPackValidationResult
    {
        internal MsgPackValidationResult(MsgPackValidationError error, long offset, long bytesConsumed, long valueCount, long bytesNeeded)
        {
            Error = error;
            Offset = offset;
            BytesConsumed = bytesConsumed;
            ValueCount = valueCount;
            BytesNeeded = bytesNeeded;
        }

        /// <summary>What was wrong; <see cref="MsgPackValidationError.None"/> when the input is well formed.</summary>
        public MsgPackValidationError Error { get; }

        /// <summary>Where the value with the problem starts, as a byte offset in the input; on success, the input's length.</summary>
        public long Offset { get; }

        /// <summary>The bytes of the complete, well-formed values before the problem (all of them on success).</summary>
        public long BytesConsumed { get; }

        /// <summary>The number of complete top-level values found.</summary>
        public long ValueCount { get; }

        /// <summary>
        /// For <see cref="MsgPackValidationError.Truncated"/> and <see cref="MsgPackValidationError.LengthPastEnd"/>, the
        /// least input length that could complete the document: the token the input ends in, and one byte for every
        /// value still announced around it; else 0.
        /// </summary>
        public long BytesNeeded { get; }
    }

    /// <summary>Thrown by <see cref="MsgPackSpec.Validate(ReadOnlySpan{byte}, MsgPackValidationOptions)"/>: the input is not well-formed MessagePack.</summary>
    public sealed class MsgPackValidationException : MsgPackException
    {
        /// <summary>Creates the exception.</summary>
        /// <param name="error">What is wrong.</param>
        /// <param name="offset">Where the value with the problem starts.</param>
        public MsgPackValidationException(MsgPackValidationError error, long offset)
            : base($"The input is not well-formed MessagePack: {Describe(error)} at byte offset {offset}.")
        {
            Error = error;
            Offset = offset;
        }

        /// <summary>What is wrong.</summary>
        public MsgPackValidationError Error { get; }

        /// <summary>Where the value with the problem starts, as a byte offset in the input.</summary>
        public long Offset { get; }

        internal static string Describe(MsgPackValidationError error) => error switch
        {
            MsgPackValidationError.Truncated => "the input ends inside a value",
            MsgPackValidationError.NeverUsedCode => "a value starts with 0xc1, which the specification never uses",
            MsgPackValidationError.DepthExceeded => "arrays and maps nest deeper than allowed",
            MsgPackValidationError.LengthPastEnd => "a header announces more than the rest of the input holds",
            MsgPackValidationError.InvalidTimestamp => "a timestamp extension has a wrong length or nanoseconds of 1,000,000,000 or more",
            MsgPackValidationError.InvalidUtf8 => "a str value is not valid UTF-8",
            MsgPackValidationError.TrailingBytes => "bytes follow the value",
            MsgPackValidationError.LengthTooLarge => "a str, bin or ext announces more than 2,147,483,647 bytes",
            _ => error.ToString(),
        };
    }
}
