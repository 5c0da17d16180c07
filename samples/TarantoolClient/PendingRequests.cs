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
        private const int Free = 0, InFlight = 1, Completed = 2;

        // A response bigger than this goes back to the array pool when the slot is released, so that one 10 MB answer
        // does not stay pinned to a slot for the connection's life.
        private const int KeptBufferLength = 64 * 1024;

        private readonly PendingRequests _owner;
        private ManualResetValueTaskSourceCore<TarantoolResponse> _core;
        private int _state;
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
        public uint Generation { get; private set; }

        /// <summary>The sync of the current request: the slot's index and its generation, so that a response finds its slot in O(1).</summary>
        public ulong Sync => ((ulong)Generation << 32) | (uint)Index;

        public int Length { get; private set; }

        public ulong SchemaVersion { get; private set; }

        public ReadOnlySpan<byte> Body => _buffer.AsSpan(0, Length);

        public short Version => _core.Version;

        public void Start() => Volatile.Write(ref _state, InFlight);

        /// <summary>Copies the response's body out of the receive buffer (which the receive loop releases next) and completes the request.</summary>
        public void Complete(System.Buffers.ReadOnlySequence<byte> body, ulong schemaVersion)
        {
            if (Interlocked.CompareExchange(ref _state, Completed, InFlight) != InFlight)
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
            _core.SetResult(new TarantoolResponse(this, Generation));
        }

        public void Fail(Exception error)
        {
            if (Interlocked.CompareExchange(ref _state, Completed, InFlight) == InFlight)
            {
                _core.SetException(error);
            }
        }

        /// <summary>Back to the pool: after the caller disposed the response, or took the error, or never sent the request.</summary>
        public void Release()
        {
            Generation++;
            Length = 0;
            if (_buffer.Length > KeptBufferLength)
            {
                ReturnBuffer();
            }

            _core.Reset();
            Volatile.Write(ref _state, Free);
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

        public bool IsInFlight => Volatile.Read(ref _state) == InFlight;

        TarantoolResponse IValueTaskSource<TarantoolResponse>.GetResult(short token)
        {
            try
            {
                // The response keeps the slot until it is disposed.
                return _core.GetResult(token);
            }
            catch
            {
                Release();
                throw;
            }
        }

        void IValueTaskSource.GetResult(short token)
        {
            try
            {
                _core.GetResult(token);
            }
            finally
            {
                Release();
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
                request?.Fail(error);
            }
        }
    }
}
