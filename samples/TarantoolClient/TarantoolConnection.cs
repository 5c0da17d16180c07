using System;
using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using System.Net;
using System.Net.Sockets;
using System.Threading;
using System.Threading.Tasks;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>
    /// A connection to a Tarantool server over IPROTO: many requests in flight at once, each response matched to
    /// its request by sync. Every MessagePack byte goes through MsgPack.Spec; the bytes move through
    /// System.IO.Pipelines.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Writing: a request is written into a per-thread buffer first (so that a value that fails to write leaves no
    /// half frame behind), then copied into an outgoing <see cref="Pipe"/> under a lock; one send loop writes
    /// whatever has gathered to the socket, so requests made while a send is under way leave in the next one.
    /// </para>
    /// <para>
    /// Reading: one receive loop reads the socket through a <see cref="PipeReader"/>, cuts whole frames with
    /// <see cref="MsgPackReader.TryReadFrame"/>, reads each header, and hands the body to the request's slot, which
    /// copies it (the pipe's buffer is released right after) and completes the request's <see cref="ValueTask"/>.
    /// </para>
    /// <para>
    /// Allocation: the slots, the buffers and the awaitables are reused, so once the pool has grown to the most
    /// requests in flight, a request allocates nothing; the caller's own values (a string it asks to read) do.
    /// Await each returned task once, and dispose each <see cref="TarantoolResponse"/> and <see cref="TarantoolTuples{TTuple}"/>.
    /// </para>
    /// </remarks>
    public sealed class TarantoolConnection : IAsyncDisposable
    {
        private const int ScratchKeptLength = 64 * 1024;

        [ThreadStatic]
        private static PooledBufferWriter? t_scratch;

        private readonly Socket _socket;
        private readonly NetworkStream _stream;
        private readonly PipeReader _input;
        private readonly Pipe _outgoing;
        private readonly long _maxResponseLength;
        private readonly PendingRequests _pending = new();
        private readonly object _writeLock = new();
        private readonly long _requestTimeout;
        private readonly long _idleTimeout;
        private readonly Timer? _timer;
        private readonly string _timeoutMessage;
        private long _lastReceive;
        private Task _receiveLoop = Task.CompletedTask;
        private Task _sendLoop = Task.CompletedTask;
        private Exception? _closed;
        private long _reads;
        private long _responses;
        private long _sends;

        private TarantoolConnection(Socket socket, TarantoolConnectionOptions options)
        {
            _socket = socket;
            // A response is copied into one array: no longer than an array can be.
            _maxResponseLength = Math.Clamp(options.MaxResponseLength, 0, Array.MaxLength);
            _stream = new NetworkStream(socket, ownsSocket: true);
            int segment = Math.Max(1, options.ReceiveSegmentSize);
            _input = PipeReader.Create(_stream, new StreamPipeReaderOptions(bufferSize: segment, minimumReadSize: Math.Min(segment, 1024), leaveOpen: true));
            // Never pause the writer: FlushAsync then completes at once, inside the lock. What bounds the buffered
            // requests is the caller, who chooses how many to have in flight.
            // 16 KiB segments: a batch of requests goes to the socket in few writes.
            _outgoing = new Pipe(new PipeOptions(pauseWriterThreshold: 0, resumeWriterThreshold: 0, minimumSegmentSize: 16 * 1024, useSynchronizationContext: false));
            // Deadlines on MonotonicClock (Stopwatch): a timeout never fires before its duration has passed.
            _requestTimeout = MonotonicClock.Ticks(options.RequestTimeout);
            _idleTimeout = MonotonicClock.Ticks(options.ReceiveIdleTimeout);
            _timeoutMessage = $"The server did not answer within the request timeout ({options.RequestTimeout}); its answer, if it comes, is discarded.";
            long shortest = Math.Min(_requestTimeout, _idleTimeout);
            if (shortest != long.MaxValue)
            {
                // One timer for every request: nothing is allocated or scheduled per request. It checks a quarter of
                // the shortest timeout apart, so a timeout fires up to that much (plus the timer's own delay) late.
                long period = Math.Clamp(MonotonicClock.Milliseconds(shortest) / 4, 10, 1000);
                _lastReceive = MonotonicClock.Now;
                _timer = new Timer(static state => ((TarantoolConnection)state!).OnTimer(), this, Timeout.Infinite, Timeout.Infinite);
                _timer.Change(period, period);
            }
        }

        /// <summary>The server's greeting.</summary>
        public Greeting Greeting { get; private set; } = new("", []);

        /// <summary>How many reads from the socket completed (the greeting's included).</summary>
        public long ReadCount => Interlocked.Read(ref _reads);

        /// <summary>How many responses arrived.</summary>
        public long ResponseCount => Interlocked.Read(ref _responses);

        /// <summary>How many writes to the socket the send loop made (each carries every request gathered since the last).</summary>
        public long SendCount => Interlocked.Read(ref _sends);

        /// <summary>The number of request slots: the most requests that were in flight at once.</summary>
        public int SlotCount => _pending.Capacity;

        /// <summary>How many of the <see cref="SlotCount"/> slots are free (diagnostics: with nothing in flight and every late answer in, all).</summary>
        internal int FreeSlotCount => _pending.FreeCount;

        /// <summary>Connects, reads the greeting and, with a <see cref="TarantoolConnectionOptions.User"/>, authenticates (chap-sha1).</summary>
        /// <param name="endPoint">The server, e.g. <c>new IPEndPoint(IPAddress.Loopback, 3301)</c>.</param>
        /// <param name="options">The user, the password and the limits; null for the guest and the defaults.</param>
        /// <param name="cancellationToken">Cancels the connection.</param>
        /// <returns>The connection.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="endPoint"/> is null.</exception>
        /// <exception cref="ArgumentOutOfRangeException">A timeout of <paramref name="options"/> is neither positive nor <see cref="Timeout.InfiniteTimeSpan"/>.</exception>
        /// <exception cref="SocketException">The connection could not be made (refused, unreachable).</exception>
        /// <exception cref="TarantoolException">The server refused the credentials.</exception>
        /// <exception cref="TarantoolProtocolException">The server's first 128 bytes are not a Tarantool greeting, or its answer to the authentication broke the protocol.</exception>
        /// <exception cref="IOException">The server closed or reset the connection before it greeted (or answered the authentication).</exception>
        /// <exception cref="TimeoutException">The server did not greet (or answer the authentication) within <see cref="TarantoolConnectionOptions.ConnectTimeout"/>.</exception>
        /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled.</exception>
        public static async Task<TarantoolConnection> ConnectAsync(EndPoint endPoint, TarantoolConnectionOptions? options = null, CancellationToken cancellationToken = default)
        {
            ArgumentNullException.ThrowIfNull(endPoint);
            options ??= new TarantoolConnectionOptions();
            options.Validate();
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            // Not CancelAfter: its timer counts on a coarse clock and can fire early. Disposed before the source.
            await using MonotonicAlarm? alarm = options.ConnectTimeout == Timeout.InfiniteTimeSpan ? null : new MonotonicAlarm(timeout, options.ConnectTimeout);
            var socket = new Socket(endPoint.AddressFamily, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
            TarantoolConnection? connection = null;
            try
            {
                await socket.ConnectAsync(endPoint, timeout.Token).ConfigureAwait(false);
                connection = new TarantoolConnection(socket, options);
                connection.Greeting = await connection.ReadGreetingAsync(timeout.Token).ConfigureAwait(false);
                connection._receiveLoop = Task.Run(connection.ReceiveLoopAsync, CancellationToken.None);
                connection._sendLoop = Task.Run(connection.SendLoopAsync, CancellationToken.None);
                if (options.User is not null)
                {
                    byte[] scramble = connection.Greeting.Scramble(options.Password);
                    using TarantoolResponse _ = await connection.SendAsync(IprotoCode.Auth, new AuthRequest(options.User, new ChapSha1(scramble)), timeout.Token).ConfigureAwait(false);
                }

                return connection;
            }
            catch (Exception error)
            {
                await DisposeOrCloseAsync(connection, socket).ConfigureAwait(false);
                Exception documented = error switch
                {
                    OperationCanceledException when cancellationToken.IsCancellationRequested => error,
                    OperationCanceledException or TimeoutException => new TimeoutException($"Tarantool at {endPoint} did not greet and authenticate within {options.ConnectTimeout}.", error),
                    // The documented ones, as they are.
                    SocketException or IOException or TarantoolException => error,
                    // Anything else would be a fault of this client: still a failure to connect, and an IOException.
                    _ => new IOException($"Connecting to Tarantool at {endPoint} failed: {error.Message}", error),
                };
                if (ReferenceEquals(documented, error))
                {
                    throw; // with its own stack trace
                }

                throw documented;
            }
        }

        private static async ValueTask DisposeOrCloseAsync(TarantoolConnection? connection, Socket socket)
        {
            if (connection is not null)
            {
                await connection.DisposeAsync().ConfigureAwait(false);
            }
            else
            {
                socket.Dispose();
            }
        }

        /// <summary>PING: a round trip that reads nothing.</summary>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open).</param>
        /// <returns>Completes when the server answered.</returns>
        /// <exception cref="TarantoolException">The server answered with an error (its code, message and stack).</exception>
        /// <exception cref="TarantoolProtocolException">The answer broke the protocol (the connection is then closed and every request in flight fails), or has a response code this client does not know (<see cref="TarantoolProtocolException.ConnectionClosed"/> false: this request only).</exception>
        /// <exception cref="TimeoutException"><see cref="TarantoolConnectionOptions.RequestTimeout"/> passed (the connection stays open), or <see cref="TarantoolConnectionOptions.ReceiveIdleTimeout"/> did (the connection is closed).</exception>
        /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled (the connection stays open).</exception>
        /// <exception cref="IOException">The connection is closed (thrown at once), or was closed or lost while the request waited.</exception>
        public ValueTask PingAsync(CancellationToken cancellationToken = default)
        {
            if (cancellationToken.IsCancellationRequested)
            {
                return ValueTask.FromCanceled(cancellationToken);
            }

            PendingRequest request = Enqueue(IprotoCode.Ping, new PingRequest(), cancellationToken);
            return new ValueTask(request, request.Version);
        }

        /// <summary>SELECT: the tuples of an index by key, in <see cref="TarantoolResponse.Data"/>.</summary>
        /// <typeparam name="TKey">The key's type.</typeparam>
        /// <param name="spaceId">The space.</param>
        /// <param name="indexId">The index (0: primary).</param>
        /// <param name="key">The key: an array of the index's parts (<see cref="UnsignedKey"/>, <see cref="EmptyArray"/>, ...).</param>
        /// <param name="limit">The most tuples.</param>
        /// <param name="offset">Tuples to skip.</param>
        /// <param name="iterator">How to walk the index.</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open).</param>
        /// <returns>The response; dispose it.</returns>
        /// <exception cref="TarantoolException">The server answered with an error (its code, message and stack).</exception>
        /// <exception cref="TarantoolProtocolException">The answer broke the protocol (the connection is then closed and every request in flight fails), or has a response code this client does not know (<see cref="TarantoolProtocolException.ConnectionClosed"/> false: this request only).</exception>
        /// <exception cref="TimeoutException"><see cref="TarantoolConnectionOptions.RequestTimeout"/> passed (the connection stays open), or <see cref="TarantoolConnectionOptions.ReceiveIdleTimeout"/> did (the connection is closed).</exception>
        /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled (the connection stays open).</exception>
        /// <exception cref="IOException">The connection is closed (thrown at once), or was closed or lost while the request waited.</exception>
        /// <exception cref="Exception">Whatever the request's values throw while they write themselves (their <c>Write</c>), thrown at once: nothing is sent and the connection goes on.</exception>
        public ValueTask<TarantoolResponse> SelectAsync<TKey>(uint spaceId, uint indexId, TKey key, uint limit = uint.MaxValue, uint offset = 0, Iterator iterator = Iterator.Eq, CancellationToken cancellationToken = default)
            where TKey : IMsgPackSerializable<TKey> =>
            SendAsync(IprotoCode.Select, new SelectRequest<TKey>(spaceId, indexId, key, limit, offset, iterator), cancellationToken);

        /// <summary>
        /// SELECT, typed: the tuples of an index by key, each read as <typeparamref name="TTuple"/> by its reader from the
        /// response's bytes as you enumerate them (<c>foreach</c>); await it once, and dispose the result.
        /// </summary>
        /// <typeparam name="TKey">The key's type.</typeparam>
        /// <typeparam name="TTuple">The tuples' type, e.g. an <see cref="Serialization.MsgPackObjectAttribute"/> record in an array layout.</typeparam>
        /// <param name="spaceId">The space.</param>
        /// <param name="indexId">The index (0: primary).</param>
        /// <param name="key">The key: an array of the index's parts (<see cref="UnsignedKey"/>, <see cref="EmptyArray"/>, ...).</param>
        /// <param name="limit">The most tuples.</param>
        /// <param name="offset">Tuples to skip.</param>
        /// <param name="iterator">How to walk the index.</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open).</param>
        /// <returns>The tuples; dispose them.</returns>
        /// <exception cref="TarantoolException">The server answered with an error (its code, message and stack).</exception>
        /// <exception cref="TarantoolProtocolException">The answer broke the protocol (the connection is then closed and every request in flight fails), or has a response code this client does not know (<see cref="TarantoolProtocolException.ConnectionClosed"/> false: this request only).</exception>
        /// <exception cref="TimeoutException"><see cref="TarantoolConnectionOptions.RequestTimeout"/> passed (the connection stays open), or <see cref="TarantoolConnectionOptions.ReceiveIdleTimeout"/> did (the connection is closed).</exception>
        /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled (the connection stays open).</exception>
        /// <exception cref="IOException">The connection is closed (thrown at once), or was closed or lost while the request waited.</exception>
        /// <exception cref="MsgPackException">A tuple is not a <typeparamref name="TTuple"/>: thrown by the enumerator, when it reads that tuple.</exception>
        /// <exception cref="Exception">Whatever the request's values throw while they write themselves (their <c>Write</c>), thrown at once: nothing is sent and the connection goes on.</exception>
        public ValueTask<TarantoolTuples<TTuple>> SelectAsync<TKey, TTuple>(uint spaceId, uint indexId, TKey key, uint limit = uint.MaxValue, uint offset = 0, Iterator iterator = Iterator.Eq, CancellationToken cancellationToken = default)
            where TKey : IMsgPackSerializable<TKey>
            where TTuple : IMsgPackSerializable<TTuple>
        {
            if (cancellationToken.IsCancellationRequested)
            {
                return ValueTask.FromCanceled<TarantoolTuples<TTuple>>(cancellationToken);
            }

            return Enqueue(IprotoCode.Select, new SelectRequest<TKey>(spaceId, indexId, key, limit, offset, iterator), cancellationToken).AsTuples<TTuple>();
        }

        /// <summary>INSERT: a new tuple; the stored tuple comes back in <see cref="TarantoolResponse.Data"/>.</summary>
        /// <typeparam name="TTuple">The tuple's type.</typeparam>
        /// <param name="spaceId">The space.</param>
        /// <param name="tuple">The tuple (an array).</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open; the server may still insert).</param>
        /// <returns>The response; dispose it.</returns>
        /// <exception cref="TarantoolException">The server answered with an error (its code, message and stack).</exception>
        /// <exception cref="TarantoolProtocolException">The answer broke the protocol (the connection is then closed and every request in flight fails), or has a response code this client does not know (<see cref="TarantoolProtocolException.ConnectionClosed"/> false: this request only).</exception>
        /// <exception cref="TimeoutException"><see cref="TarantoolConnectionOptions.RequestTimeout"/> passed (the connection stays open), or <see cref="TarantoolConnectionOptions.ReceiveIdleTimeout"/> did (the connection is closed).</exception>
        /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled (the connection stays open).</exception>
        /// <exception cref="IOException">The connection is closed (thrown at once), or was closed or lost while the request waited.</exception>
        /// <exception cref="Exception">Whatever the request's values throw while they write themselves (their <c>Write</c>), thrown at once: nothing is sent and the connection goes on.</exception>
        public ValueTask<TarantoolResponse> InsertAsync<TTuple>(uint spaceId, TTuple tuple, CancellationToken cancellationToken = default)
            where TTuple : IMsgPackSerializable<TTuple> =>
            SendAsync(IprotoCode.Insert, new TupleRequest<TTuple>(spaceId, tuple), cancellationToken);

        /// <summary>REPLACE: a tuple, in place of the one with its primary key if there is one.</summary>
        /// <typeparam name="TTuple">The tuple's type.</typeparam>
        /// <param name="spaceId">The space.</param>
        /// <param name="tuple">The tuple (an array).</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open; the server may still replace).</param>
        /// <returns>The response; dispose it.</returns>
        /// <exception cref="TarantoolException">The server answered with an error (its code, message and stack).</exception>
        /// <exception cref="TarantoolProtocolException">The answer broke the protocol (the connection is then closed and every request in flight fails), or has a response code this client does not know (<see cref="TarantoolProtocolException.ConnectionClosed"/> false: this request only).</exception>
        /// <exception cref="TimeoutException"><see cref="TarantoolConnectionOptions.RequestTimeout"/> passed (the connection stays open), or <see cref="TarantoolConnectionOptions.ReceiveIdleTimeout"/> did (the connection is closed).</exception>
        /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled (the connection stays open).</exception>
        /// <exception cref="IOException">The connection is closed (thrown at once), or was closed or lost while the request waited.</exception>
        /// <exception cref="Exception">Whatever the request's values throw while they write themselves (their <c>Write</c>), thrown at once: nothing is sent and the connection goes on.</exception>
        public ValueTask<TarantoolResponse> ReplaceAsync<TTuple>(uint spaceId, TTuple tuple, CancellationToken cancellationToken = default)
            where TTuple : IMsgPackSerializable<TTuple> =>
            SendAsync(IprotoCode.Replace, new TupleRequest<TTuple>(spaceId, tuple), cancellationToken);

        /// <summary>UPDATE: operations on the tuple of a key; the new tuple comes back.</summary>
        /// <typeparam name="TKey">The key's type.</typeparam>
        /// <typeparam name="TOps">The operations' type.</typeparam>
        /// <param name="spaceId">The space.</param>
        /// <param name="indexId">A unique index.</param>
        /// <param name="key">The key.</param>
        /// <param name="operations">An array of operations, such as <c>[["=", 1, "x"], ["+", 2, 1]]</c>: over IPROTO field numbers count from 0 (in Lua, from 1).</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open; the server may still update).</param>
        /// <returns>The response; dispose it.</returns>
        /// <exception cref="TarantoolException">The server answered with an error (its code, message and stack).</exception>
        /// <exception cref="TarantoolProtocolException">The answer broke the protocol (the connection is then closed and every request in flight fails), or has a response code this client does not know (<see cref="TarantoolProtocolException.ConnectionClosed"/> false: this request only).</exception>
        /// <exception cref="TimeoutException"><see cref="TarantoolConnectionOptions.RequestTimeout"/> passed (the connection stays open), or <see cref="TarantoolConnectionOptions.ReceiveIdleTimeout"/> did (the connection is closed).</exception>
        /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled (the connection stays open).</exception>
        /// <exception cref="IOException">The connection is closed (thrown at once), or was closed or lost while the request waited.</exception>
        /// <exception cref="Exception">Whatever the request's values throw while they write themselves (their <c>Write</c>), thrown at once: nothing is sent and the connection goes on.</exception>
        public ValueTask<TarantoolResponse> UpdateAsync<TKey, TOps>(uint spaceId, uint indexId, TKey key, TOps operations, CancellationToken cancellationToken = default)
            where TKey : IMsgPackSerializable<TKey>
            where TOps : IMsgPackSerializable<TOps> =>
            SendAsync(IprotoCode.Update, new UpdateRequest<TKey, TOps>(spaceId, indexId, key, operations), cancellationToken);

        /// <summary>UPSERT: inserts the tuple when its primary key is new, else applies the operations to the stored tuple; the answer holds no tuple.</summary>
        /// <typeparam name="TTuple">The tuple's type.</typeparam>
        /// <typeparam name="TOps">The operations' type.</typeparam>
        /// <param name="spaceId">The space.</param>
        /// <param name="tuple">The tuple to insert (an array).</param>
        /// <param name="operations">The operations, as UPDATE's (<c>[["+", 2, 1]]</c>, fields from 0); applied to the stored tuple, or skipped with a log entry when they fail there.</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open; the server may still act).</param>
        /// <returns>The response (DATA empty); dispose it.</returns>
        /// <inheritdoc cref="SendAsync{TBody}" path="/exception"/>
        public ValueTask<TarantoolResponse> UpsertAsync<TTuple, TOps>(uint spaceId, TTuple tuple, TOps operations, CancellationToken cancellationToken = default)
            where TTuple : IMsgPackSerializable<TTuple>
            where TOps : IMsgPackSerializable<TOps> =>
            SendAsync(IprotoCode.Upsert, new UpsertRequest<TTuple, TOps>(spaceId, tuple, operations), cancellationToken);

        /// <summary>DELETE: the tuple of a key; the deleted tuple comes back.</summary>
        /// <typeparam name="TKey">The key's type.</typeparam>
        /// <param name="spaceId">The space.</param>
        /// <param name="indexId">A unique index.</param>
        /// <param name="key">The key.</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open; the server may still delete).</param>
        /// <returns>The response; dispose it.</returns>
        /// <exception cref="TarantoolException">The server answered with an error (its code, message and stack).</exception>
        /// <exception cref="TarantoolProtocolException">The answer broke the protocol (the connection is then closed and every request in flight fails), or has a response code this client does not know (<see cref="TarantoolProtocolException.ConnectionClosed"/> false: this request only).</exception>
        /// <exception cref="TimeoutException"><see cref="TarantoolConnectionOptions.RequestTimeout"/> passed (the connection stays open), or <see cref="TarantoolConnectionOptions.ReceiveIdleTimeout"/> did (the connection is closed).</exception>
        /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled (the connection stays open).</exception>
        /// <exception cref="IOException">The connection is closed (thrown at once), or was closed or lost while the request waited.</exception>
        /// <exception cref="Exception">Whatever the request's values throw while they write themselves (their <c>Write</c>), thrown at once: nothing is sent and the connection goes on.</exception>
        public ValueTask<TarantoolResponse> DeleteAsync<TKey>(uint spaceId, uint indexId, TKey key, CancellationToken cancellationToken = default)
            where TKey : IMsgPackSerializable<TKey> =>
            SendAsync(IprotoCode.Delete, new DeleteRequest<TKey>(spaceId, indexId, key), cancellationToken);

        /// <summary>CALL: a stored function; its return values, all of them, are the DATA array.</summary>
        /// <typeparam name="TArgs">The arguments' type.</typeparam>
        /// <param name="function">The function's name, e.g. <c>box.info</c> or a global Lua function.</param>
        /// <param name="arguments">The arguments, an array (<see cref="EmptyArray"/> for none).</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open; the function may still run).</param>
        /// <returns>The response; dispose it.</returns>
        /// <exception cref="TarantoolException">The server answered with an error (its code, message and stack).</exception>
        /// <exception cref="TarantoolProtocolException">The answer broke the protocol (the connection is then closed and every request in flight fails), or has a response code this client does not know (<see cref="TarantoolProtocolException.ConnectionClosed"/> false: this request only).</exception>
        /// <exception cref="TimeoutException"><see cref="TarantoolConnectionOptions.RequestTimeout"/> passed (the connection stays open), or <see cref="TarantoolConnectionOptions.ReceiveIdleTimeout"/> did (the connection is closed).</exception>
        /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled (the connection stays open).</exception>
        /// <exception cref="IOException">The connection is closed (thrown at once), or was closed or lost while the request waited.</exception>
        /// <exception cref="Exception">Whatever the request's values throw while they write themselves (their <c>Write</c>), thrown at once: nothing is sent and the connection goes on.</exception>
        public ValueTask<TarantoolResponse> CallAsync<TArgs>(string function, TArgs arguments, CancellationToken cancellationToken = default)
            where TArgs : IMsgPackSerializable<TArgs> =>
            SendAsync(IprotoCode.Call, new CallRequest<TArgs>(function, arguments), cancellationToken);

        /// <summary>EVAL: a Lua chunk, its arguments in <c>...</c>; its return values are the DATA array.</summary>
        /// <typeparam name="TArgs">The arguments' type.</typeparam>
        /// <param name="expression">The Lua code, e.g. <c>return box.space.test.id</c>.</param>
        /// <param name="arguments">The arguments, an array (<see cref="EmptyArray"/> for none).</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open; the code may still run).</param>
        /// <returns>The response; dispose it.</returns>
        /// <exception cref="TarantoolException">The server answered with an error (its code, message and stack).</exception>
        /// <exception cref="TarantoolProtocolException">The answer broke the protocol (the connection is then closed and every request in flight fails), or has a response code this client does not know (<see cref="TarantoolProtocolException.ConnectionClosed"/> false: this request only).</exception>
        /// <exception cref="TimeoutException"><see cref="TarantoolConnectionOptions.RequestTimeout"/> passed (the connection stays open), or <see cref="TarantoolConnectionOptions.ReceiveIdleTimeout"/> did (the connection is closed).</exception>
        /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled (the connection stays open).</exception>
        /// <exception cref="IOException">The connection is closed (thrown at once), or was closed or lost while the request waited.</exception>
        /// <exception cref="Exception">Whatever the request's values throw while they write themselves (their <c>Write</c>), thrown at once: nothing is sent and the connection goes on.</exception>
        public ValueTask<TarantoolResponse> EvalAsync<TArgs>(string expression, TArgs arguments, CancellationToken cancellationToken = default)
            where TArgs : IMsgPackSerializable<TArgs> =>
            SendAsync(IprotoCode.Eval, new EvalRequest<TArgs>(expression, arguments), cancellationToken);

        /// <summary>
        /// EXECUTE: an SQL statement with its parameters bound. A SELECT's rows are in DATA (read them with
        /// <see cref="TarantoolResponse.Tuples{TTuple}"/>) and its columns in <see cref="TarantoolResponse.GetSqlColumns"/>; what
        /// another statement did is in <see cref="TarantoolResponse.GetSqlInfo"/>.
        /// </summary>
        /// <typeparam name="TParameters">The parameters: an array (<see cref="EmptyArray"/> for none), positional for <c>?</c>, or <see cref="SqlNamedParameters{T}"/> for <c>:name</c>.</typeparam>
        /// <param name="sql">The statement, e.g. <c>SELECT * FROM t WHERE id = ?</c>.</param>
        /// <param name="parameters">The parameters.</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open; the server may still act).</param>
        /// <returns>The response; dispose it.</returns>
        /// <inheritdoc cref="SendAsync{TBody}" path="/exception"/>
        public ValueTask<TarantoolResponse> ExecuteAsync<TParameters>(string sql, TParameters parameters, CancellationToken cancellationToken = default)
            where TParameters : IMsgPackSerializable<TParameters> =>
            SendAsync(IprotoCode.Execute, new ExecuteRequest<TParameters>(sql, parameters), cancellationToken);

        /// <summary>EXECUTE, typed: a SELECT's rows, each read as <typeparamref name="TRow"/> as you enumerate them; the columns are in <c>rows.Response.GetSqlColumns()</c>.</summary>
        /// <typeparam name="TParameters">The parameters (see <see cref="ExecuteAsync{TParameters}(string, TParameters, CancellationToken)"/>).</typeparam>
        /// <typeparam name="TRow">The rows' type: an array layout, a member per column in order.</typeparam>
        /// <param name="sql">The statement.</param>
        /// <param name="parameters">The parameters.</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open).</param>
        /// <returns>The rows; dispose them.</returns>
        /// <inheritdoc cref="SelectAsync{TKey, TTuple}" path="/exception"/>
        public ValueTask<TarantoolTuples<TRow>> ExecuteAsync<TParameters, TRow>(string sql, TParameters parameters, CancellationToken cancellationToken = default)
            where TParameters : IMsgPackSerializable<TParameters>
            where TRow : IMsgPackSerializable<TRow>
        {
            if (cancellationToken.IsCancellationRequested)
            {
                return ValueTask.FromCanceled<TarantoolTuples<TRow>>(cancellationToken);
            }

            return Enqueue(IprotoCode.Execute, new ExecuteRequest<TParameters>(sql, parameters), cancellationToken).AsTuples<TRow>();
        }

        /// <summary>EXECUTE of a prepared statement, by its id: the statement is not sent or compiled again.</summary>
        /// <typeparam name="TParameters">The parameters (see <see cref="ExecuteAsync{TParameters}(string, TParameters, CancellationToken)"/>).</typeparam>
        /// <param name="statement">What <see cref="PrepareAsync"/> returned, on this connection.</param>
        /// <param name="parameters">The parameters.</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open; the server may still act).</param>
        /// <returns>The response; dispose it.</returns>
        /// <inheritdoc cref="SendAsync{TBody}" path="/exception"/>
        public ValueTask<TarantoolResponse> ExecuteAsync<TParameters>(PreparedStatement statement, TParameters parameters, CancellationToken cancellationToken = default)
            where TParameters : IMsgPackSerializable<TParameters>
        {
            ArgumentNullException.ThrowIfNull(statement);
            return SendAsync(IprotoCode.Execute, new ExecutePreparedRequest<TParameters>(statement.Id, parameters), cancellationToken);
        }

        /// <summary>EXECUTE of a prepared statement, typed: its rows read as <typeparamref name="TRow"/>.</summary>
        /// <typeparam name="TParameters">The parameters.</typeparam>
        /// <typeparam name="TRow">The rows' type.</typeparam>
        /// <param name="statement">What <see cref="PrepareAsync"/> returned, on this connection.</param>
        /// <param name="parameters">The parameters.</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open).</param>
        /// <returns>The rows; dispose them.</returns>
        /// <inheritdoc cref="SelectAsync{TKey, TTuple}" path="/exception"/>
        public ValueTask<TarantoolTuples<TRow>> ExecuteAsync<TParameters, TRow>(PreparedStatement statement, TParameters parameters, CancellationToken cancellationToken = default)
            where TParameters : IMsgPackSerializable<TParameters>
            where TRow : IMsgPackSerializable<TRow>
        {
            ArgumentNullException.ThrowIfNull(statement);
            if (cancellationToken.IsCancellationRequested)
            {
                return ValueTask.FromCanceled<TarantoolTuples<TRow>>(cancellationToken);
            }

            return Enqueue(IprotoCode.Execute, new ExecutePreparedRequest<TParameters>(statement.Id, parameters), cancellationToken).AsTuples<TRow>();
        }

        /// <summary>PREPARE: the server compiles the statement once; execute it by its id as often as needed.</summary>
        /// <param name="sql">The statement, with <c>?</c> or <c>:name</c> parameters.</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open; the server may still prepare).</param>
        /// <returns>The statement: its id, its parameters and its result's columns.</returns>
        /// <inheritdoc cref="SendAsync{TBody}" path="/exception"/>
        public async ValueTask<PreparedStatement> PrepareAsync(string sql, CancellationToken cancellationToken = default)
        {
            using TarantoolResponse response = await SendAsync(IprotoCode.Prepare, new PrepareRequest(sql), cancellationToken).ConfigureAwait(false);
            return PreparedStatement.Read(response);
        }

        /// <summary>PREPARE with the statement's id: the server forgets the statement (its id then fails to execute).</summary>
        /// <param name="statement">What <see cref="PrepareAsync"/> returned, on this connection.</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open).</param>
        /// <returns>Completes when the server answered.</returns>
        /// <inheritdoc cref="SendAsync{TBody}" path="/exception"/>
        public async ValueTask UnprepareAsync(PreparedStatement statement, CancellationToken cancellationToken = default)
        {
            ArgumentNullException.ThrowIfNull(statement);
            using TarantoolResponse _ = await SendAsync(IprotoCode.Prepare, new UnprepareRequest(statement.Id), cancellationToken).ConfigureAwait(false);
        }

        /// <summary>Any request: the code and a body that writes itself (the request structs of this sample, or your own).</summary>
        /// <typeparam name="TBody">The body's type.</typeparam>
        /// <param name="code">The request code.</param>
        /// <param name="body">The body map.</param>
        /// <param name="cancellationToken">Cancels the wait for the answer (the connection stays open; the server may still act on the request).</param>
        /// <returns>The response; dispose it.</returns>
        /// <exception cref="TarantoolException">The server answered with an error (its code, message and stack).</exception>
        /// <exception cref="TarantoolProtocolException">The answer broke the protocol (the connection is then closed and every request in flight fails), or has a response code this client does not know (<see cref="TarantoolProtocolException.ConnectionClosed"/> false: this request only).</exception>
        /// <exception cref="TimeoutException"><see cref="TarantoolConnectionOptions.RequestTimeout"/> passed (the connection stays open), or <see cref="TarantoolConnectionOptions.ReceiveIdleTimeout"/> did (the connection is closed).</exception>
        /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled (the connection stays open).</exception>
        /// <exception cref="IOException">The connection is closed (thrown at once), or was closed or lost while the request waited.</exception>
        /// <exception cref="Exception">Whatever the request's values throw while they write themselves (their <c>Write</c>), thrown at once: nothing is sent and the connection goes on.</exception>
        public ValueTask<TarantoolResponse> SendAsync<TBody>(IprotoCode code, in TBody body, CancellationToken cancellationToken = default)
            where TBody : IMsgPackSerializable<TBody>
        {
            if (cancellationToken.IsCancellationRequested)
            {
                return ValueTask.FromCanceled<TarantoolResponse>(cancellationToken);
            }

            PendingRequest request = Enqueue(code, body, cancellationToken);
            return new ValueTask<TarantoolResponse>(request, request.Version);
        }

        private PendingRequest Enqueue<TBody>(IprotoCode code, in TBody body, CancellationToken cancellationToken)
            where TBody : IMsgPackSerializable<TBody>
        {
            if (_closed is { } closed)
            {
                throw new IOException("The connection is closed.", closed);
            }

            long started = 0, deadline = long.MaxValue;
            if (_timer is not null)
            {
                started = MonotonicClock.Now;
                deadline = MonotonicClock.Deadline(started, _requestTimeout);
            }

            PendingRequest request = _pending.Rent(started, deadline);
            PooledBufferWriter scratch = t_scratch ??= new PooledBufferWriter(1024);
            scratch.Reset();
            try
            {
                var writer = new MsgPackWriter(scratch);
                IprotoCodec.WriteRequest(ref writer, code, request.Sync, body);
                writer.Flush();
            }
            catch
            {
                // Nothing reached the pipe: the connection goes on, and the slot is free again.
                request.Abandon();
                throw;
            }

            lock (_writeLock)
            {
                // On the wire from here on: its answer may come, the timer may expire it, the connection's end fails it
                // (Close sets _closed under this lock, so its FailAll comes after this, or we see _closed below).
                request.Publish();
                if (_closed is { } error)
                {
                    // Closed between the check above and here: fail this request like the others in flight.
                    request.CloseWire(new IOException("The connection is closed.", error));
                    return request;
                }

                _outgoing.Writer.Write(scratch.WrittenSpan);
                // The writer never pauses (pauseWriterThreshold 0), so this completes at once; it wakes the send loop.
                ValueTask<FlushResult> flush = _outgoing.Writer.FlushAsync();
                if (!flush.IsCompletedSuccessfully)
                {
                    throw new InvalidOperationException("The outgoing pipe paused its writer, which it is configured never to do.");
                }
            }

            if (scratch.Capacity > ScratchKeptLength)
            {
                // One huge request must not leave its buffer on every thread that ever sent one.
                scratch.Dispose();
                t_scratch = null;
            }

            if (cancellationToken.CanBeCanceled)
            {
                // Only here, once the request is in the pipe: the token cancels the wait, never half a frame.
                request.CancelWith(cancellationToken);
            }

            return request;
        }

        private void OnTimer()
        {
            if (_closed is not null)
            {
                return;
            }

            long now = MonotonicClock.Now;
            long oldest = _pending.Expire(now, _timeoutMessage);
            if (_idleTimeout != long.MaxValue && oldest != long.MaxValue)
            {
                // Idle: nothing received since the later of the last read and the start of the oldest request waiting.
                long idleSince = Math.Max(Volatile.Read(ref _lastReceive), oldest);
                if (now - idleSince >= _idleTimeout)
                {
                    Close(new TimeoutException($"The server sent nothing for {MonotonicClock.Milliseconds(now - idleSince)} ms while requests waited (the receive idle timeout is {MonotonicClock.Milliseconds(_idleTimeout)} ms); the connection is closed."));
                }
            }
        }

        private async ValueTask<Greeting> ReadGreetingAsync(CancellationToken cancellationToken)
        {
            while (true)
            {
                ReadResult result = await _input.ReadAsync(cancellationToken).ConfigureAwait(false);
                Interlocked.Increment(ref _reads);
                ReadOnlySequence<byte> buffer = result.Buffer;
                if (buffer.Length >= Greeting.Length)
                {
                    byte[] bytes = buffer.Slice(0, Greeting.Length).ToArray();
                    _input.AdvanceTo(buffer.GetPosition(Greeting.Length));
                    try
                    {
                        return Greeting.Parse(bytes);
                    }
                    catch (TarantoolProtocolException bad)
                    {
                        throw new TarantoolProtocolException(bad.Message, connectionClosed: true, bad);
                    }
                }

                if (result.IsCompleted)
                {
                    throw new IOException($"The server closed the connection after {buffer.Length} bytes of its 128-byte greeting.");
                }

                _input.AdvanceTo(buffer.Start, buffer.End);
            }
        }

        private async Task ReceiveLoopAsync()
        {
            Exception failure;
            try
            {
                while (true)
                {
                    ReadResult result = await _input.ReadAsync().ConfigureAwait(false);
                    Interlocked.Increment(ref _reads);
                    if (_timer is not null)
                    {
                        Volatile.Write(ref _lastReceive, MonotonicClock.Now);
                    }

                    ReadOnlySequence<byte> buffer = result.Buffer;
                    while (true)
                    {
                        OperationStatus status = MsgPackReader.TryReadFrame(buffer, _maxResponseLength, out ReadOnlySequence<byte> frame, out SequencePosition end);
                        if (status == OperationStatus.NeedMoreData)
                        {
                            break;
                        }

                        if (status != OperationStatus.Done)
                        {
                            throw new TarantoolProtocolException($"A response's length prefix is not an unsigned integer of at most {_maxResponseLength} (MaxResponseLength).");
                        }

                        Dispatch(frame);
                        buffer = buffer.Slice(end);
                    }

                    // Consumed: up to the last whole frame; examined: everything, so the next read waits for new bytes.
                    _input.AdvanceTo(buffer.Start, buffer.End);
                    if (result.IsCompleted)
                    {
                        break;
                    }
                }

                failure = new IOException("The server closed the connection.");
            }
            catch (TarantoolProtocolException broken)
            {
                // The checks of one frame say "not this frame"; here it is the connection's end.
                failure = broken.ConnectionClosed ? broken : new TarantoolProtocolException(broken.Message, connectionClosed: true, broken.InnerException);
            }
            catch (Exception error)
            {
                failure = error is IOException ? error : new IOException("The connection failed: " + error.Message, error);
            }

            Close(failure);
        }

        // Every frame is checked before any request sees it: a header with its three keys, a sync that names a request
        // waiting for an answer, a body that is one map. A frame that fails a check throws (the receive loop closes
        // the connection and fails every request): the stream no longer says which bytes answer which request.
        private void Dispatch(ReadOnlySequence<byte> frame)
        {
            var reader = new MsgPackReader(frame);
            IprotoCodec.ReadResponseHeader(ref reader, out uint code, out ulong sync, out ulong schemaVersion);
            Interlocked.Increment(ref _responses);
            ReadOnlySequence<byte> body = frame.Slice(reader.Position);
            IprotoCodec.CheckBody(body);
            PendingRequest? request = _pending.FindAwaitingAnswer(sync);
            if (request is null)
            {
                throw new TarantoolProtocolException($"A response (code 0x{code:x}) carries sync 0x{sync:x}, which names no request waiting for an answer: unknown, or answered already.");
            }

            if (code == (uint)IprotoCode.Push)
            {
                // A box.session.push message: it carries the sync of its call, whose own response follows. This
                // sample does not hand pushes to the caller; it must not take one for the response.
                return;
            }

            uint generation = (uint)(sync >> 32);
            Exception? error = null;
            if (code == (uint)IprotoCode.Ok)
            {
                // The body, copied.
            }
            else if (IprotoCodec.IsErrorCode(code))
            {
                try
                {
                    error = IprotoCodec.ReadError(code, body);
                }
                catch (MsgPackException unreadable)
                {
                    // An error body this client cannot read (a message that is not UTF-8, from Lua's error() with bytes)
                    // fails its request, not the connection.
                    error = new TarantoolException(code & ~(uint)IprotoCode.ErrorFlag, "The server's error message could not be read: " + unreadable.Message, []);
                }
            }
            else
            {
                // Well-formed, and its own: but neither a success nor an error. Taking it for data could read an
                // error as a result, so it fails its request, and only its request.
                error = new TarantoolProtocolException($"The response to this request has code 0x{code:x}, which is neither OK (0), a push (0x80) nor an error (0x8000 | error code).", connectionClosed: false);
            }

            request.TryAnswer(generation, body, schemaVersion, error);
        }

        private async Task SendLoopAsync()
        {
            try
            {
                while (true)
                {
                    ReadResult result = await _outgoing.Reader.ReadAsync().ConfigureAwait(false);
                    ReadOnlySequence<byte> buffer = result.Buffer;
                    foreach (ReadOnlyMemory<byte> segment in buffer)
                    {
                        await _stream.WriteAsync(segment).ConfigureAwait(false);
                    }

                    Interlocked.Increment(ref _sends);
                    _outgoing.Reader.AdvanceTo(buffer.End);
                    if (result.IsCompleted)
                    {
                        break;
                    }
                }
            }
            catch (Exception error)
            {
                Close(error is IOException ? error : new IOException("Sending failed: " + error.Message, error));
            }
        }

        private void Close(Exception reason)
        {
            lock (_writeLock)
            {
                if (_closed is not null)
                {
                    return;
                }

                _closed = reason;
                _outgoing.Writer.Complete();
            }

            _timer?.Dispose();
            _pending.FailAll(reason);
            try
            {
                _socket.Shutdown(SocketShutdown.Both);
            }
            catch (SocketException)
            {
                // Already closed by the other side.
            }
            catch (ObjectDisposedException)
            {
            }
        }

        /// <summary>Closes the connection; requests still in flight fail with an <see cref="IOException"/>.</summary>
        /// <returns>Completes when both loops have ended.</returns>
        public async ValueTask DisposeAsync()
        {
            Close(new IOException("The connection was disposed.", new ObjectDisposedException(nameof(TarantoolConnection))));
            await Task.WhenAll(_receiveLoop, _sendLoop).ConfigureAwait(false);
            await _input.CompleteAsync().ConfigureAwait(false);
            await _stream.DisposeAsync().ConfigureAwait(false);
        }
    }
}
