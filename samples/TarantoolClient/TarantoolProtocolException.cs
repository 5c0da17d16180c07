using System;
using System.IO;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>
    /// The server broke IPROTO: a greeting that is not Tarantool's, a length prefix that is not an unsigned integer
    /// or exceeds <see cref="TarantoolConnectionOptions.MaxResponseLength"/>, a header without its code, sync or schema
    /// version (or with one of the wrong type, or twice), a body that is not one MessagePack map, a response whose sync
    /// names no request waiting for an answer (unknown, or answered already), or a response code this client does not know.
    /// </summary>
    /// <remarks>
    /// Everything but an unknown response code closes the connection (<see cref="ConnectionClosed"/> is true): the
    /// stream can no longer be trusted to say which bytes answer which request, so every request in flight fails
    /// with this exception (one instance, shared) and later requests throw an <see cref="IOException"/>. A well-formed
    /// response with a code the client does not know fails its own request only (<see cref="ConnectionClosed"/> is false).
    /// It derives from <see cref="IOException"/>, so code that handles a lost connection handles this one too.
    /// </remarks>
    public sealed class TarantoolProtocolException : IOException
    {
        /// <summary>Creates the exception.</summary>
        /// <param name="message">What the server sent wrong.</param>
        /// <param name="connectionClosed">Whether the connection was closed over it.</param>
        /// <param name="innerException">The reader's exception, if one found the fault.</param>
        public TarantoolProtocolException(string message, bool connectionClosed = true, Exception? innerException = null)
            : base(message, innerException)
        {
            ConnectionClosed = connectionClosed;
        }

        /// <summary>
        /// True when the client closed the connection over the fault (every request in flight failed with it); false
        /// for a response code the client does not know, which failed its own request only.
        /// </summary>
        public bool ConnectionClosed { get; }
    }
}
