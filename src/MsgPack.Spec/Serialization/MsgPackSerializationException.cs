using System.Globalization;

namespace MsgPack.Spec.Serialization
{
    /// <summary>
    /// A generated reader could not read a member: the member's path from the value read (<c>$.Comments[3].Author</c>),
    /// the offset where the reader stood, and, as <see cref="Exception.InnerException"/>, what was wrong with the data.
    /// Or a generated writer could not write a member of type <see cref="object"/>: its path is the member
    /// (<c>Order.Extra</c>), its offset -1, its message names the value's runtime type.
    /// </summary>
    /// <remarks>
    /// The inner exception is the library's own (<see cref="MsgPackUnexpectedCodeException"/>,
    /// <see cref="MsgPackTruncatedException"/>, ...), so a handler can still tell a truncated input from a wrong one.
    /// </remarks>
    public sealed class MsgPackSerializationException : MsgPackException
    {
        private MsgPackSerializationException(string path, long offset, MsgPackException cause)
            : base(Describe(path, offset, cause), cause)
        {
            Path = path;
            Offset = offset;
        }

        private MsgPackSerializationException(string path, string message, Exception cause)
            : base(message, cause)
        {
            Path = path;
            Offset = -1;
        }

        /// <summary>The member that failed, from the value read: <c>$</c>, then <c>.Member</c> per member and <c>[i]</c> per element or entry.</summary>
        public string Path { get; }

        /// <summary>
        /// Bytes from the reader's start to where it stood: the start of the failing value when the data is malformed,
        /// of the wrong type or truncated; the start of the object that holds it when a well-formed value does not fit the
        /// member (a timestamp past the year 9999, a str that is not a Guid). -1 for a write.
        /// </summary>
        public long Offset { get; }

        /// <summary>
        /// The exception for a failure that passed through the generated readers, which recorded its path and offset on
        /// it (<see cref="MsgPackSerialization.TraceMember"/>): made once, by the outermost object's reader.
        /// </summary>
        internal static MsgPackSerializationException FromTrace(MsgPackException exception)
        {
            string below = exception.SerializationPath ?? string.Empty;

            // An entry point called inside a reader (a whole value read by hand) has wrapped already: one level of
            // wrapping, with its path under the members recorded above it.
            return exception is MsgPackSerializationException inner
                ? new MsgPackSerializationException("$" + below + inner.Path.Substring(1), inner.Offset, inner.Cause)
                : new MsgPackSerializationException("$" + below, exception.SerializationOffset < 0 ? 0 : exception.SerializationOffset, exception);
        }

        /// <summary>The exception of a failure of the status path (<see cref="MsgPackReadFailure"/>): made once, by the door that throws it.</summary>
        internal static MsgPackSerializationException FromFailure(string path, long offset, MsgPackException cause) =>
            new MsgPackSerializationException(path, offset, cause);

        /// <summary>
        /// The exception of a write of a member of type <see cref="object"/> whose value the generated code cannot write
        /// (<see cref="MsgPackSerialization.WriteDynamic(ref MsgPackWriter, object, string)"/>): the member, the value's
        /// runtime type, and what the dynamic writer said (which names the type inside the value that it could not write).
        /// </summary>
        internal static MsgPackSerializationException ForWrite(string path, object? value, Exception cause) =>
            new MsgPackSerializationException(
                path,
                string.Format(CultureInfo.InvariantCulture, "Cannot write {0}, a value of type {1}: {2}", path, value?.GetType().ToString() ?? "null", cause.Message),
                cause);

        /// <summary>What the data was wrong with, where: the generated readers' TryRead tells truncation apart with it (a write's exception is its own cause).</summary>
        internal MsgPackException Cause => InnerException as MsgPackException ?? this;

        private static string Describe(string path, long offset, MsgPackException cause) =>
            string.Format(CultureInfo.InvariantCulture, "Cannot read {0} at offset {1}: {2}", path, offset, cause.Message);
    }
}
