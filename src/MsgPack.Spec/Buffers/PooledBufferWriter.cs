namespace MsgPack.Spec
{
    /// <summary>
    /// An <see cref="IBufferWriter{T}"/> of bytes over one contiguous array rented from an <see cref="ArrayPool{T}"/>
    /// (<see cref="ArrayPool{T}.Shared"/> unless told otherwise). When it runs out of room it rents a larger array,
    /// copies what was written, and returns the old one.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Choose it for messages that are small or of a known size, and when the result must be one span (a socket
    /// send, a hash). Growth copies everything written so far, so for messages that grow large, in steps, prefer
    /// <see cref="SegmentedBufferWriter"/>, which never copies.
    /// </para>
    /// <para>
    /// Sizes: <see cref="ArrayPool{T}.Shared"/> hands out arrays in power-of-two tiers, so a request just above a
    /// tier (32 KiB + 1) takes the next tier (64 KiB), never a much larger buffer; an array goes back to the tier of
    /// its own length. Call <see cref="Reset"/> to reuse the buffer for the next message, and
    /// <see cref="Dispose"/> to give it back. Not thread-safe.
    /// </para>
    /// </remarks>
    public sealed class PooledBufferWriter : IBufferWriter<byte>, IDisposable
    {
        /// <summary>The capacity rented when none is given.</summary>
        public const int DefaultInitialCapacity = 256;

        private readonly ArrayPool<byte> _pool;
        private byte[] _buffer;
        private int _written;
        private bool _disposed;

        /// <summary>Creates a writer with <see cref="DefaultInitialCapacity"/> bytes rented from <see cref="ArrayPool{T}.Shared"/>.</summary>
        public PooledBufferWriter()
            : this(DefaultInitialCapacity)
        {
        }

        /// <summary>Creates a writer.</summary>
        /// <param name="initialCapacity">The bytes to rent now (the pool may hand out more); 0 rents nothing until the first write.</param>
        /// <param name="pool">The pool to rent from; <see cref="ArrayPool{T}.Shared"/> when <see langword="null"/>.</param>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="initialCapacity"/> is negative.</exception>
        public PooledBufferWriter(int initialCapacity, ArrayPool<byte>? pool = null)
        {
            if (initialCapacity < 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(initialCapacity), initialCapacity, "zero or positive");
            }

            _pool = pool ?? ArrayPool<byte>.Shared;
            _buffer = initialCapacity == 0 ? Array.Empty<byte>() : _pool.Rent(initialCapacity);
        }

        /// <summary>The number of bytes written (advanced past) so far.</summary>
        public int WrittenCount => _written;

        /// <summary>The length of the current array.</summary>
        public int Capacity => _buffer.Length;

        /// <summary>The bytes left in the current array before it has to grow.</summary>
        public int FreeCapacity => _buffer.Length - _written;

        /// <summary>The bytes written so far; valid until the next write, <see cref="Reset"/> or <see cref="Dispose"/>.</summary>
        public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _written);

        /// <summary>The bytes written so far; valid until the next write, <see cref="Reset"/> or <see cref="Dispose"/>.</summary>
        public ReadOnlyMemory<byte> WrittenMemory => _buffer.AsMemory(0, _written);

        /// <summary>Forgets what was written and keeps the array, to write the next message without renting.</summary>
        public void Reset()
        {
            ThrowIfDisposed();
            _written = 0;
        }

        /// <inheritdoc/>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative or larger than what the last <see cref="GetSpan"/> offered.</exception>
        public void Advance(int count)
        {
            ThrowIfDisposed();
            if ((uint)count > (uint)(_buffer.Length - _written))
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(count), count, $"from 0 to the {_buffer.Length - _written} free bytes");
            }

            _written += count;
        }

        /// <inheritdoc/>
        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            Ensure(sizeHint);
            return _buffer.AsMemory(_written);
        }

        /// <inheritdoc/>
        public Span<byte> GetSpan(int sizeHint = 0)
        {
            Ensure(sizeHint);
            return _buffer.AsSpan(_written);
        }

        /// <summary>Returns the array to the pool. The writer cannot be used afterwards.</summary>
        public void Dispose()
        {
            if (_disposed)
            {
                return;
            }

            _disposed = true;
            byte[] buffer = _buffer;
            _buffer = Array.Empty<byte>();
            _written = 0;
            if (buffer.Length != 0)
            {
                _pool.Return(buffer);
            }
        }

        /// <summary>The span of the written bytes, for patching a reserved slot after the array may have moved.</summary>
        internal Span<byte> WrittenSpanForPatch => _buffer.AsSpan(0, _written);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void Ensure(int sizeHint)
        {
            if (sizeHint < 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(sizeHint), sizeHint, "zero or positive");
            }

            // A hint of 0 asks for "some room": at least one byte.
            if (_buffer.Length - _written < Math.Max(sizeHint, 1) || _disposed)
            {
                Grow(sizeHint);
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void Grow(int sizeHint)
        {
            ThrowIfDisposed();
            long needed = (long)_written + Math.Max(sizeHint, 1);
            if (needed > PooledArray.MaxLength)
            {
                throw new OutOfMemoryException($"PooledBufferWriter cannot hold {needed} bytes: an array holds at most {PooledArray.MaxLength}.");
            }

            _buffer = PooledArray.Grow(_pool, _buffer, _written, needed);
        }

        private void ThrowIfDisposed()
        {
            if (_disposed)
            {
                ThrowHelper.ThrowObjectDisposed(nameof(PooledBufferWriter));
            }
        }
    }
}
