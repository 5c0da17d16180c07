using System;
using System.Threading;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>What <see cref="TarantoolConnection.ConnectAsync"/> needs besides the address.</summary>
    public sealed record TarantoolConnectionOptions
    {
        /// <summary>The user to authenticate as; null stays the guest.</summary>
        public string? User { get; init; }

        /// <summary>The user's password.</summary>
        public string Password { get; init; } = "";

        /// <summary>
        /// How long the connection, the greeting and the authentication may take together (positive, or
        /// <see cref="Timeout.InfiniteTimeSpan"/>); never cut short, by the same clock as <see cref="RequestTimeout"/>.
        /// </summary>
        public TimeSpan ConnectTimeout { get; init; } = TimeSpan.FromSeconds(10);

        /// <summary>
        /// How long a request may wait for its answer before it fails with a <see cref="TimeoutException"/>
        /// (positive, or <see cref="Timeout.InfiniteTimeSpan"/>, the default). The connection stays open, and the late
        /// answer is discarded when it comes. Measured on a monotonic high-resolution clock (<see cref="System.Diagnostics.Stopwatch"/>),
        /// so a request never times out before the timeout has passed; checked by one timer per connection, so it
        /// times out up to a quarter of the timeout (at most 1 s, at least 10 ms) late, plus however late the system
        /// runs the timer. For one request, pass a <see cref="CancellationToken"/> instead.
        /// </summary>
        public TimeSpan RequestTimeout { get; init; } = Timeout.InfiniteTimeSpan;

        /// <summary>
        /// How long the server may send nothing at all while requests wait for answers (positive, or
        /// <see cref="Timeout.InfiniteTimeSpan"/>, the default). When it expires, the connection is closed and every
        /// request in flight fails with a <see cref="TimeoutException"/>: a server that accepts requests and goes
        /// silent. On the same clock and checked by the same timer as <see cref="RequestTimeout"/>: never early, and
        /// late by at most the same slack.
        /// </summary>
        public TimeSpan ReceiveIdleTimeout { get; init; } = Timeout.InfiniteTimeSpan;

        /// <summary>
        /// The least size of the receive buffer's segments (the array pool may hand out a larger one), which bounds
        /// what one read from the socket returns. Responses longer than a segment arrive across segments, and the
        /// library reads them across segments. Tests set it tiny to split every response across reads.
        /// </summary>
        public int ReceiveSegmentSize { get; init; } = 64 * 1024;

        /// <summary>
        /// The longest response body accepted, 16 MiB by default: a longer length prefix closes the connection
        /// (<see cref="TarantoolProtocolException"/>) before anything waits for it or is allocated for it. A response
        /// is buffered while it arrives and then copied once, so this bounds what one response can make the client hold.
        /// </summary>
        public long MaxResponseLength { get; init; } = 16L * 1024 * 1024;

        internal void Validate()
        {
            CheckTimeout(ConnectTimeout, nameof(ConnectTimeout));
            CheckTimeout(RequestTimeout, nameof(RequestTimeout));
            CheckTimeout(ReceiveIdleTimeout, nameof(ReceiveIdleTimeout));
        }

        private static void CheckTimeout(TimeSpan value, string name)
        {
            if (value != Timeout.InfiniteTimeSpan && (value <= TimeSpan.Zero || value.TotalMilliseconds > int.MaxValue))
            {
                throw new ArgumentOutOfRangeException(name, value, "A timeout is positive (up to int.MaxValue ms), or Timeout.InfiniteTimeSpan.");
            }
        }
    }
}
