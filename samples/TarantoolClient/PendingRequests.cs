using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using System.Threading.Tasks.Sources;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>
    /// One request in flight, and then its response until the caller disposes it: a reusable object that is the
    /// awaitable of the request (an <see cref="IValueTaskSource{TResult}"/>) and holds the response's bytes. The
    /// pool hands the same objects out again, so a request allocates nothing once the pool has grown to the most
    /// requests ever in flight at once.
    /// </summary>
    /// <remarks>
    /// A slot has two holders: the wire (until the server's answer arrives or the connection closes) and the caller
    /// (until it disposes the response or takes the error). It goes back to the pool when both have let go. Normally
    /// the answer comes first. A cancelled or timed-out request is the other way round: the caller gets its
    /// exception at once, but the slot, and with it the sync, stays reserved until the late answer arrives (and is
    /// discarded) or the connection closes, so that no later request can be handed that answer. Each of the events
    /// that touch a slot (the caller's release, the cancellation or timeout, the answer, the connection's end) is
    /// one atomic step of <see cref="SlotState"/>, so whatever their order, the slot is freed once, by whoever lets
    /// go last, and the request is completed once.
    /// </remarks>
    internal sealed class PendingRequest : IValueTaskSource<TarantoolResponse>, IValueTaskSource
    {
        // A response bigger than this goes back to the array pool when the slot is released, so that one 10 MB answer
        // does not stay pinned to a slot for the connection's life.
        private const int KeptBufferLength = 64 * 1024;

        private readonly PendingRequests _owner;
        private ManualResetValueTaskSourceCore<TarantoolResponse> _core;
        // The generation and the phase together (SlotState), so that every event is one compare-and-swap decided on
        // the whole state it read: a late response, a second release or a stale response struct finds another
        // generation or phase and does nothing.
        private long _state;
        private byte[] _buffer = [];
        private CancellationToken _token;
        private CancellationTokenRegistration _registration;

        public PendingRequest(PendingRequests owner, int index)
        {
            _owner = owner;
            Index = index;
            // The awaiting code runs on the thread pool, not on the connection's receive loop: a slow caller then
            // delays only itself, never the responses of other requests.
            _core.RunContinuationsAsynchronously = true;
        }

        public int Index { get; }

        // The typed views of this slot (SelectAsync<TKey, TTuple>), one per tuple type the slot has served, at the type's
        // index (TupleTypeIndex<TTuple>): made once per slot and type, so a connection that reads any mix of tuple types
        // allocates nothing per request once each slot has met each type. Only the caller that holds the slot (between
        // Rent and sending) touches the array, so it needs no lock. (Keeping only the last type's view, as before, made a
        // new one whenever a slot served another type than last time: 24 B per request when two types alternated.)
        private object?[] _tuplesSources = [];

        /// <summary>This request's answer, as typed tuples: the same slot, the same token.</summary>
        public ValueTask<TarantoolTuples<TTuple>> AsTuples<TTuple>()
            where TTuple : MsgPack.Spec.Serialization.IMsgPackSerializable<TTuple>
        {
            int index = TupleTypeIndex<TTuple>.Value;
            object?[] sources = _tuplesSources;
            if ((uint)index >= (uint)sources.Length || sources[index] is not TuplesSource<TTuple> source)
            {
                source = AddTuplesSource<TTuple>(index);
            }

            return new ValueTask<TarantoolTuples<TTuple>>(source, Version);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private TuplesSource<TTuple> AddTuplesSource<TTuple>(int index)
            where TTuple : MsgPack.Spec.Serialization.IMsgPackSerializable<TTuple>
        {
            if (index >= _tuplesSources.Length)
            {
                Array.Resize(ref _tuplesSources, Math.Max(index + 1, _tuplesSources.Length * 2));
            }

            var source = new TuplesSource<TTuple>(this);
            _tuplesSources[index] = source;
            return source;
        }

        /// <summary>Bumped each time the slot is released: a response handed out before that is no longer valid.</summary>
        public uint Generation => SlotState.GenerationOf(Volatile.Read(ref _state));

        /// <summary>The sync of the current request: the slot's index and its generation, so that a response finds its slot in O(1).</summary>
        public ulong Sync => ((ulong)Generation << 32) | (uint)Index;

        public int Length { get; private set; }

        public ulong SchemaVersion { get; private set; }

        public ReadOnlySpan<byte> Body => _buffer.AsSpan(0, Length);

        public short Version => _core.Version;

        /// <summary>When the request started (<see cref="MonotonicClock"/>), for the receive idle timeout.</summary>
        public long Started { get; private set; }

        /// <summary>When the request times out (<see cref="MonotonicClock"/>); <see cref="long.MaxValue"/> for never.</summary>
        public long Deadline { get; private set; } = long.MaxValue;

        /// <summary>
        /// Applies <paramref name="happened"/> to the request of <paramref name="generation"/>: a compare-and-swap to
        /// the state <see cref="SlotState.Next"/> decides on the state found. The first swap is tried from the phase
        /// the event usually finds (<see cref="SlotState.Usual"/>) without reading first, so the common case is that
        /// one swap; when it fails, the state it found is the one to decide on next.
        /// </summary>
        /// <returns>False when the event does nothing in the state found.</returns>
        private bool Apply(uint generation, SlotEvent happened, out long from, out long to)
        {
            from = SlotState.Tag(generation, SlotState.Usual(happened));
            while (true)
            {
                to = SlotState.Next(from, generation, happened);
                if (to == from)
                {
                    return false;
                }

                long found = Interlocked.CompareExchange(ref _state, to, from);
                if (found == from)
                {
                    return true;
                }

                from = found;
            }
        }

        /// <summary>
        /// Rented (called by the pool, which alone hands out free slots): reserved for the caller, whose frame is not
        /// in the pipe yet, so that nothing else acts on it until <see cref="Publish"/>.
        /// </summary>
        public void Start(long started, long deadline)
        {
            Started = started;
            Deadline = deadline;
            Volatile.Write(ref _state, SlotState.Tag(Generation, SlotState.Reserved));
        }

        /// <summary>
        /// The frame goes into the pipe (called under the write lock, before it does): from now on the answer can come,
        /// the timer can expire the request and the connection's end fails it. A plain write: in
        /// <see cref="SlotState.Reserved"/> no other party acts on the slot.
        /// </summary>
        public void Publish() => Volatile.Write(ref _state, SlotState.Tag(Generation, SlotState.InFlight));

        /// <summary>
        /// Whether the request of this generation still waits for the server's answer: the wire still holds it
        /// (in flight, or cancelled with its answer not yet in). Anything else (answered already, released, another
        /// generation, not yet sent) is not waiting.
        /// </summary>
        public bool IsAwaitingAnswer(uint generation)
        {
            long state = Volatile.Read(ref _state);
            return SlotState.GenerationOf(state) == generation && (state & SlotState.Wire) != 0;
        }

        /// <summary>Is the request in flight (not completed, not cancelled)?</summary>
        public bool IsInFlight(out uint generation)
        {
            long state = Volatile.Read(ref _state);
            generation = SlotState.GenerationOf(state);
            return (state & SlotState.PhaseMask) == SlotState.InFlight;
        }

        /// <summary>
        /// The server's answer for this generation, or the connection's end (<paramref name="error"/>): the wire lets
        /// go. A request not yet completed is completed: the body is copied out of the receive buffer (which the
        /// receive loop releases next), or the request fails with <paramref name="error"/>. A cancelled request's
        /// answer is discarded, and frees the slot if the caller has let go already.
        /// </summary>
        /// <returns>False when the request was not waiting for an answer (a duplicate, another generation).</returns>
        public bool TryAnswer(uint generation, ReadOnlySequence<byte> body, ulong schemaVersion, Exception? error)
        {
            if (!Apply(generation, SlotEvent.Answer, out long from, out long to))
            {
                return false;
            }

            if (SlotState.Completes(from, to))
            {
                // The caller still holds the slot (it has nothing to let go of before this completes): nobody else
                // touches the buffer or the awaitable until it has read them.
                if (error is not null)
                {
                    _core.SetException(error);
                    return true;
                }

                if (_buffer.Length < body.Length)
                {
                    ReturnBuffer();
                    _buffer = ArrayPool<byte>.Shared.Rent((int)body.Length);
                }

                body.CopyTo(_buffer);
                Length = (int)body.Length;
                SchemaVersion = schemaVersion;
                _core.SetResult(new TarantoolResponse(this, generation));
            }
            else if (SlotState.Frees(to))
            {
                ReleaseToPool(generation);
            }

            return true;
        }

        /// <summary>The connection closed: fails the request in flight, or lets go of the wire's hold on a cancelled one.</summary>
        public void CloseWire(Exception error) => TryAnswer(SlotState.GenerationOf(Volatile.Read(ref _state)), default, 0, error);

        /// <summary>
        /// Cancels the request of this generation if it is still in flight: the caller gets <paramref name="error"/>
        /// at once, while the slot waits for the late answer.
        /// </summary>
        public void Cancel(uint generation, Exception error)
        {
            if (Apply(generation, SlotEvent.Cancel, out _, out _))
            {
                _core.SetException(error);
            }
        }

        /// <summary>Cancels this request when <paramref name="token"/> is (only a token that can be cancelled).</summary>
        public void CancelWith(CancellationToken token)
        {
            _token = token;
            // Disposed before the slot goes back to the pool (ReleaseToPool), so a callback never runs for a later request.
            _registration = token.UnsafeRegister(static state => ((PendingRequest)state!).CancelByToken(), this);
        }

        private void CancelByToken()
        {
            if (IsInFlight(out uint generation))
            {
                Cancel(generation, new OperationCanceledException("The request was cancelled; its answer, if it comes, is discarded.", _token));
            }
        }

        /// <summary>The request never reached the pipe (its body failed to write): back to the pool at once.</summary>
        public void Abandon()
        {
            uint generation = Generation;
            if (Apply(generation, SlotEvent.Abandon, out _, out _))
            {
                ReleaseToPool(generation);
            }
        }

        /// <summary>
        /// The caller lets go: after it disposed the response or took the error. A second call for the same
        /// generation (a copy of the response disposed again) finds its hold gone, or another generation, and does
        /// nothing. A cancelled request's slot stays with the wire until the late answer or the connection's end.
        /// </summary>
        public bool TryRelease(uint generation)
        {
            if (!Apply(generation, SlotEvent.Release, out _, out long to))
            {
                return false;
            }

            if (SlotState.Frees(to))
            {
                ReleaseToPool(generation);
            }

            return true;
        }

        // Only the one party whose step let go of the last hold gets here: it trims the buffer and resets the awaitable.
        private void ReleaseToPool(uint generation)
        {
            Length = 0;
            if (_buffer.Length > KeptBufferLength)
            {
                ReturnBuffer();
            }

            // Waits for a cancellation callback that is running right now, so none runs once the slot is reused.
            _registration.Dispose();
            _registration = default;
            _token = default;
            _core.Reset();
            Volatile.Write(ref _state, SlotState.Tag(generation + 1, SlotState.Free));
            _owner.Return(this);
        }

        private void ReturnBuffer()
        {
            if (_buffer.Length > 0)
            {
                ArrayPool<byte>.Shared.Return(_buffer);
                _buffer = [];
            }
        }

        // GetResult releases the caller's hold only for a completed request of the token's own generation: a stale
        // token (a ValueTask read twice) throws in GetStatus, and a request not yet completed (.Result on a pending
        // task) throws without touching the slot, which the response still has to reach.
        private ValueTaskSourceStatus CompletedStatus(short token)
        {
            ValueTaskSourceStatus status = _core.GetStatus(token);
            if (status == ValueTaskSourceStatus.Pending)
            {
                throw new InvalidOperationException("The request has not completed: await its task instead of reading its result.");
            }

            return status;
        }

        TarantoolResponse IValueTaskSource<TarantoolResponse>.GetResult(short token)
        {
            if (CompletedStatus(token) == ValueTaskSourceStatus.Succeeded)
            {
                // The response keeps the slot until it is disposed.
                return _core.GetResult(token);
            }

            uint generation = Generation;
            try
            {
                return _core.GetResult(token);
            }
            finally
            {
                TryRelease(generation);
            }
        }

        void IValueTaskSource.GetResult(short token)
        {
            CompletedStatus(token);
            uint generation = Generation;
            try
            {
                _core.GetResult(token);
            }
            finally
            {
                TryRelease(generation);
            }
        }

        public ValueTaskSourceStatus GetStatus(short token) => _core.GetStatus(token);

        public void OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags) =>
            _core.OnCompleted(continuation, state, token, flags);
    }

    /// <summary>The slots of the requests in flight, indexed by the low 32 bits of their sync.</summary>
    internal sealed class PendingRequests
    {
        private readonly object _lock = new();
        private readonly Stack<PendingRequest> _free = new();
        private PendingRequest?[] _slots = new PendingRequest?[64];
        private int _count;

        /// <summary>How many slots exist: the most requests that were ever in flight (or waiting for a late answer) at once.</summary>
        public int Capacity => Volatile.Read(ref _count);

        /// <summary>How many slots are in the pool (diagnostics and tests: with nothing in flight, all of them).</summary>
        public int FreeCount
        {
            get
            {
                lock (_lock)
                {
                    return _free.Count;
                }
            }
        }

        public PendingRequest Rent(long started, long deadline)
        {
            PendingRequest request;
            lock (_lock)
            {
                if (!_free.TryPop(out request!))
                {
                    if (_count == _slots.Length)
                    {
                        var grown = new PendingRequest?[_slots.Length * 2];
                        _slots.CopyTo(grown, 0);
                        Volatile.Write(ref _slots, grown);
                    }

                    request = new PendingRequest(this, _count);
                    _slots[_count] = request;
                    Volatile.Write(ref _count, _count + 1);
                }
            }

            request.Start(started, deadline);
            return request;
        }

        public void Return(PendingRequest request)
        {
            lock (_lock)
            {
                _free.Push(request);
            }
        }

        /// <summary>The slot a response's sync names, if it is waiting for an answer of that generation.</summary>
        public PendingRequest? FindAwaitingAnswer(ulong sync)
        {
            PendingRequest?[] slots = Volatile.Read(ref _slots);
            uint index = (uint)sync;
            if (index >= (uint)slots.Length)
            {
                return null;
            }

            PendingRequest? request = slots[index];
            return request is not null && request.IsAwaitingAnswer((uint)(sync >> 32)) ? request : null;
        }

        public void FailAll(Exception error)
        {
            PendingRequest?[] slots = Volatile.Read(ref _slots);
            foreach (PendingRequest? request in slots)
            {
                request?.CloseWire(error);
            }
        }

        /// <summary>
        /// Times out the requests in flight whose deadline has passed, and finds when the oldest request still in
        /// flight started (<see cref="long.MaxValue"/> when none is).
        /// </summary>
        public long Expire(long now, string timeoutMessage)
        {
            long oldest = long.MaxValue;
            PendingRequest?[] slots = Volatile.Read(ref _slots);
            foreach (PendingRequest? request in slots)
            {
                if (request is null || !request.IsInFlight(out uint generation))
                {
                    continue;
                }

                if (request.Deadline <= now)
                {
                    request.Cancel(generation, new TimeoutException(timeoutMessage));
                }
                else
                {
                    oldest = Math.Min(oldest, request.Started);
                }
            }

            return oldest;
        }
    }
}
