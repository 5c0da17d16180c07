namespace MsgPack.Spec
{
    /// <summary>
    /// The root of every exception this library throws for bad MessagePack data: a wrong code, input that ends
    /// too early, a value that does not fit the requested type, invalid UTF-8 or an invalid timestamp.
    /// </summary>
    /// <remarks>
    /// Catch this type to handle every kind of bad input at once. Mistakes in the arguments themselves (a negative
    /// count, a destination too small for the value being written) are reported with the ordinary
    /// <see cref="ArgumentException"/> family instead.
    /// </remarks>
    public class MsgPackException : Exception
    {
        /// <summary>Creates an exception with a message.</summary>
        /// <param name="message">What is wrong with the data.</param>
        public MsgPackException(string message)
            : base(message)
        {
        }

        /// <summary>Creates an exception with a message and the exception that caused it.</summary>
        /// <param name="message">What is wrong with the data.</param>
        /// <param name="innerException">The cause.</param>
        public MsgPackException(string message, Exception? innerException)
            : base(message, innerException)
        {
        }

        /// <summary>
        /// The path below the outermost generated object (<c>.Comments[3].Author</c>), recorded by the generated readers'
        /// exception filters as this exception passes through them, innermost first; null until one records.
        /// </summary>
        /// <remarks>
        /// The generated readers record instead of catching and rethrowing at every level: a rethrow from a handler
        /// dispatches on top of the stack of the throw it handles, so a throw per level would cost the stack of a
        /// dispatch per level of nesting (MsgPackSerialization.TraceMember).
        /// </remarks>
        internal string? SerializationPath { get; set; }

        /// <summary>Where the reader stood at the failure, recorded once by the innermost generated reader (or by the throw itself); -1 until then.</summary>
        internal long SerializationOffset { get; set; } = -1;
    }

    /// <summary>The value starts with a code that is not one of the codes the reader accepts (0xc1 included).</summary>
    public sealed class MsgPackUnexpectedCodeException : MsgPackException
    {
        /// <summary>Creates the exception.</summary>
        /// <param name="code">The code found.</param>
        /// <param name="expected">What the reader expected, in words.</param>
        public MsgPackUnexpectedCodeException(byte code, string expected)
            : base(Describe(code, expected))
        {
            Code = code;
            Expected = expected;
        }

        /// <summary>The code found at the start of the value.</summary>
        public byte Code { get; }

        /// <summary>What the reader expected, in words (for example "an Int32").</summary>
        public string Expected { get; }

        private static string Describe(byte code, string expected) => code == DataCodes.NeverUsed
            ? $"Expected {expected}, found code 0xc1, which the MessagePack specification never uses."
            : $"Expected {expected}, found code 0x{code:x2} ({MsgPackSpec.GetMsgPackType(code)}).";
    }

    /// <summary>The input ends before the value does: more bytes are needed to read it.</summary>
    public sealed class MsgPackTruncatedException : MsgPackException
    {
        /// <summary>Creates the exception.</summary>
        /// <param name="bytesNeeded">How many bytes, from the start of the value, reading it needs at least.</param>
        /// <param name="bytesAvailable">How many bytes the input had.</param>
        /// <param name="expected">What was being read, in words.</param>
        public MsgPackTruncatedException(int bytesNeeded, int bytesAvailable, string expected)
            : base($"The input ends too early: reading {expected} needs at least {bytesNeeded} bytes, but only {bytesAvailable} are left.")
        {
            BytesNeeded = bytesNeeded;
            BytesAvailable = bytesAvailable;
        }

        /// <summary>How many bytes, from the start of the value, reading it needs at least.</summary>
        public int BytesNeeded { get; }

        /// <summary>How many bytes the input had.</summary>
        public int BytesAvailable { get; }
    }

    /// <summary>
    /// The value is well formed but does not fit the requested type (300 read as a <see cref="byte"/>, -1 read as an
    /// unsigned type), or a length or count is larger than <see cref="int.MaxValue"/>.
    /// </summary>
    public sealed class MsgPackOverflowException : MsgPackException
    {
        /// <summary>Creates the exception.</summary>
        /// <param name="code">The code of the value.</param>
        /// <param name="expected">The requested type, in words.</param>
        public MsgPackOverflowException(byte code, string expected)
            : base($"The value with code 0x{code:x2} ({MsgPackSpec.GetMsgPackType(code)}) does not fit {expected}.")
        {
            Code = code;
        }

        /// <summary>The code of the value that does not fit.</summary>
        public byte Code { get; }
    }

    /// <summary>A str value's bytes are not valid UTF-8.</summary>
    public sealed class MsgPackInvalidUtf8Exception : MsgPackException
    {
        /// <summary>Creates the exception.</summary>
        public MsgPackInvalidUtf8Exception()
            : base("The str value is not valid UTF-8.")
        {
        }
    }

    /// <summary>
    /// A timestamp extension (type -1) is invalid: its data is not 4, 8 or 12 bytes long, or its nanoseconds are
    /// 1,000,000,000 or more.
    /// </summary>
    public sealed class MsgPackInvalidTimestampException : MsgPackException
    {
        /// <summary>Creates the exception.</summary>
        /// <param name="message">What is wrong with the timestamp.</param>
        public MsgPackInvalidTimestampException(string message)
            : base(message)
        {
        }
    }
}
