using System;
using System.Buffers;
using System.Collections.Generic;
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
    internal sealed class PendingRequest : IValueTaskSource<TarantoolResponse>, IValueTaskSource
    {
        // The state is one long, the generation and the phase together, so that every step is one compare-and-swap
        // on the generation it is meant for: a late response, a second release or a stale response struct finds
        // another generation and does nothing.
        private const long Free = 0, InFlight = 1, Completed = 2, Releasing = 3, PhaseMask = 3;

        // A response bigger than this goes back to the array pool when the slot is released, so that one 10 MB answer
        // does not stay pinned to a slot for the connection's life.
        private const int KeptBufferLength = 64 * 1024;

        private readonly PendingRequests _owner;
        private ManualResetValueTaskSourceCore<TarantoolResponse> _core;
        private long _state;
        private byte[] _buffer = [];

        public PendingRequest(PendingRequests owner, int index)
        {
            _owner = owner;
            Index = index;
            // The awaiting code runs on the thread pool, not on the connection's receive loop: a slow caller then
            // delays only itself, never the responses of other requests.
            _core.RunContinuationsAsynchronously = true;
        }

        public int Index { get; }

        /// <summary>Bumped each time the slot is released: a response handed out before that is no longer valid.</summary>
        public uint Generation => (uint)(Volatile.Read(ref _state) >> 2);

        /// <summary>The sync of the current request: the slot's index and its generation, so that a response finds its slot in O(1).</summary>
        public ulong Sync => ((ulong)Generation << 32) | (uint)Index;

        public int Length { get; private set; }

        public ulong SchemaVersion { get; private set; }

        public ReadOnlySpan<byte> Body => _buffer.AsSpan(0, Length);

        public short Version => _core.Version;

        public bool IsInFlight => (Volatile.Read(ref _state) & PhaseMask) == InFlight;

        private static long Tag(uint generation, long phase) => ((long)generation << 2) | phase;

        /// <summary>Rented: the slot waits for its response (called by the pool, which alone hands out free slots).</summary>
        public void Start() => Volatile.Write(ref _state, Tag(Generation, InFlight));

        private bool TryFinish(uint generation) =>
            Interlocked.CompareExchange(ref _state, Tag(generation, Completed), Tag(generation, InFlight)) == Tag(generation, InFlight);

        /// <summary>Copies the response's body out of the receive buffer (which the receive loop releases next) and completes the request.</summary>
        public void Complete(uint generation, ReadOnlySequence<byte> body, ulong schemaVersion)
        {
            if (!TryFinish(generation))
            {
                return;
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

        public void Fail(uint generation, Exception error)
        {
            if (TryFinish(generation))
            {
                _core.SetException(error);
            }
        }

        /// <summary>Fails the request in flight, whichever generation it is (the connection closed).</summary>
        public void FailIfInFlight(Exception error)
        {
            long state = Volatile.Read(ref _state);
            if ((state & PhaseMask) == InFlight)
            {
                Fail((uint)(state >> 2), error);
            }
        }

        /// <summary>The request never reached the pipe (its body failed to write): back to the pool at once.</summary>
        public void Abandon()
        {
            uint generation = Generation;
            if (TryFinish(generation))
            {
                TryRelease(generation);
            }
        }

        /// <summary>
        /// Back to the pool, once per generation: after the caller disposed the response or took the error. A second
        /// call for the same generation (a copy of the response disposed again) finds the next generation and does nothing.
        /// </summary>
        public bool TryRelease(uint generation)
        {
            // One caller wins the slot (Completed to Releasing); only it trims the buffer and resets the awaitable.
            if (Interlocked.CompareExchange(ref _state, Tag(generation, Releasing), Tag(generation, Completed)) != Tag(generation, Completed))
            {
                return false;
            }

            Length = 0;
            if (_buffer.Length > KeptBufferLength)
            {
                ReturnBuffer();
            }

            _core.Reset();
            Volatile.Write(ref _state, Tag(generation + 1, Free));
            _owner.Return(this);
            return true;
        }

        private void ReturnBuffer()
        {
            if (_buffer.Length > 0)
            {
                ArrayPool<byte>.Shared.Return(_buffer);
                _buffer = [];
            }
        }

        // GetResult releases the slot only for a completed request of the token's own generation: a stale token
        // (a ValueTask read twice) throws in GetStatus, and a request not yet completed (.Result on a pending task)
        // throws without touching the slot, which the response still has to reach.
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

        /// <summary>How many slots exist: the most requests that were ever in flight at once.</summary>
        public int Capacity => Volatile.Read(ref _count);

        public PendingRequest Rent()
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

            request.Start();
            return request;
        }

        public void Return(PendingRequest request)
        {
            lock (_lock)
            {
                _free.Push(request);
            }
        }

        /// <summary>The slot a response's sync names, if it is still waiting for that response.</summary>
        public PendingRequest? Find(ulong sync)
        {
            PendingRequest?[] slots = Volatile.Read(ref _slots);
            uint index = (uint)sync;
            if (index >= (uint)slots.Length)
            {
                return null;
            }

            PendingRequest? request = slots[index];
            return request is not null && request.Generation == (uint)(sync >> 32) && request.IsInFlight ? request : null;
        }

        public void FailAll(Exception error)
        {
            PendingRequest?[] slots = Volatile.Read(ref _slots);
            foreach (PendingRequest? request in slots)
            {
                request?.FailIfInFlight(error);
            }
        }
    }
}
