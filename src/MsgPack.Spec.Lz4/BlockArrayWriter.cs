namespace MsgPack.Spec.Lz4
{
    /// <summary>
    /// The buffer an <c>Lz4BlockArray</c> value is serialized into when it is written to a buffer writer: each 32 KiB chunk
    /// is compressed as soon as it is whole, while its bytes are still in the cache, and its room is written over by the
    /// chunks after it, so the plain value never takes more than a few chunks of memory. The chunks are cut where
    /// <see cref="Lz4Encoder"/> cuts a contiguous value (every <see cref="MsgPackLz4.ChunkLength"/> bytes), so the bytes
    /// are those of <see cref="MsgPackLz4.Compress(ReadOnlySpan{byte}, IBufferWriter{byte}, MsgPackLz4Options?)"/> of the
    /// plain value (the frame's headers come first and hold every chunk's length: the blocks wait in a second buffer).
    /// </summary>
    /// <remarks>
    /// One per thread, reused, its arrays rented from <see cref="ArrayPool{T}.Shared"/> for the call, as
    /// <see cref="PlainBuffer"/>. Used only when a value of one chunk or more is sure to be compressed (the options'
    /// minimum is at most a chunk); a value that stays under a chunk is handed to the contiguous path whole.
    /// </remarks>
    internal sealed class BlockArrayWriter : IBufferWriter<byte>
    {
        private const int ChunkLength = MsgPackLz4.ChunkLength;

        // Room for two chunks and change: the writer is handed the room to the next chunk's end (1 KiB at least), and a
        // chunk is compressed at the next request after it is whole.
        private const int PlainLength = 80 * 1024;
        private const int Bin32HeaderLength = 5;

        [ThreadStatic]
        private static BlockArrayWriter? t_free;

        private byte[] _plain = Array.Empty<byte>();
        private byte[] _blocks = Array.Empty<byte>();

        // The plain bytes not yet compressed are _plain[_start.._written]; _blocks[.._blocksLength] holds each chunk
        // compressed so far as a bin 32 (header and LZ4 block), _chunks of them.
        private int _start;
        private int _written;
        private int _blocksLength;
        private int _chunks;
        private int _lastBlocksLength = 4 * 1024;

        /// <summary>The thread's writer (a new one when a call on this thread already holds it), with its arrays rented.</summary>
        public static BlockArrayWriter Rent()
        {
            BlockArrayWriter writer = t_free ?? new BlockArrayWriter();
            t_free = null;
            writer._plain = ArrayPool<byte>.Shared.Rent(PlainLength);
            writer._blocks = ArrayPool<byte>.Shared.Rent(writer._lastBlocksLength);
            writer._start = 0;
            writer._written = 0;
            writer._blocksLength = 0;
            writer._chunks = 0;
            return writer;
        }

        /// <summary>Gives the arrays back to the pool and the writer back to the thread.</summary>
        public void Return()
        {
            _lastBlocksLength = Math.Max(4 * 1024, _blocksLength);
            ArrayPool<byte>.Shared.Return(_plain);
            ArrayPool<byte>.Shared.Return(_blocks);
            _plain = Array.Empty<byte>();
            _blocks = Array.Empty<byte>();
            t_free = this;
        }

        /// <summary>Writes the value written so far, compressed (or plain, under the options' minimum), into <paramref name="destination"/>.</summary>
        public void CopyTo(IBufferWriter<byte> destination, MsgPackLz4Options options)
        {
            if (_chunks == 0)
            {
                // Under a chunk and a bit: the contiguous path, the same bytes (and plain under the minimum).
                MsgPackLz4.Compress(_plain.AsSpan(0, _written), destination, options);
                return;
            }

            CompressWholeChunks();
            int rest = _written - _start;
            if (rest > 0)
            {
                CompressChunk(rest);
            }

            int lastLength = rest > 0 ? rest : ChunkLength;
            int headersLength = Lz4Encoder.GetBlockArrayHeadersLength(_chunks, lastLength);
            Span<byte> span = destination.GetSpan(headersLength + _blocksLength);
            int written = Lz4Encoder.WriteBlockArrayHeaders(span, _chunks, lastLength);
            _blocks.AsSpan(0, _blocksLength).CopyTo(span.Slice(written));
            destination.Advance(written + _blocksLength);
        }

        /// <inheritdoc/>
        public void Advance(int count)
        {
            if ((uint)count > (uint)(_plain.Length - _written))
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(count), count, "from 0 to the free bytes of the span GetSpan returned");
            }

            _written += count;
        }

        /// <inheritdoc/>
        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            int length = Free(sizeHint);
            return _plain.AsMemory(_written, length);
        }

        /// <inheritdoc/>
        public Span<byte> GetSpan(int sizeHint = 0)
        {
            // Free first: it may move the bytes and replace the array.
            int length = Free(sizeHint);
            return _plain.AsSpan(_written, length);
        }

        /// <summary>Compresses what is whole, makes room for <paramref name="sizeHint"/> bytes, and says how much to hand out.</summary>
        private int Free(int sizeHint)
        {
            CompressWholeChunks();
            int needed = Math.Max(sizeHint, 1);
            if (_plain.Length - _written < needed)
            {
                MakeRoom(needed);
            }

            // The room to the end of the chunk being written (1 KiB at least), so that the writer comes back soon after it.
            int toChunkEnd = _start + ChunkLength - _written;
            return Math.Min(_plain.Length - _written, Math.Max(needed, Math.Max(toChunkEnd, 1024)));
        }

        private void CompressWholeChunks()
        {
            while (_written - _start >= ChunkLength)
            {
                CompressChunk(ChunkLength);
            }
        }

        /// <summary>Compresses the next <paramref name="length"/> plain bytes into a bin 32 of <see cref="_blocks"/>.</summary>
        private void CompressChunk(int length)
        {
            int max = Bin32HeaderLength + Lz4BlockEncoder.GetMaxLength(length);
            if (_blocks.Length - _blocksLength < max)
            {
                _blocks = Grow(_blocks, _blocksLength, (long)_blocksLength + max);
            }

            Span<byte> free = _blocks.AsSpan(_blocksLength);
            int compressed = Lz4BlockEncoder.Encode(_plain.AsSpan(_start, length), free.Slice(Bin32HeaderLength));
            free[0] = DataCodes.Binary32;
            System.Buffers.Binary.BinaryPrimitives.WriteUInt32BigEndian(free.Slice(1), (uint)compressed);
            _blocksLength += Bin32HeaderLength + compressed;
            _start += length;
            _chunks++;
        }

        /// <summary>Moves the bytes not yet compressed to the start, and grows the array when that is not room enough.</summary>
        private void MakeRoom(int needed)
        {
            int pending = _written - _start;
            if (_start > 0)
            {
                _plain.AsSpan(_start, pending).CopyTo(_plain);
                _start = 0;
                _written = pending;
            }

            if (_plain.Length - _written < needed)
            {
                _plain = Grow(_plain, _written, (long)_written + needed);
            }
        }

        private static byte[] Grow(byte[] array, int used, long needed)
        {
            if (needed > PooledArray.MaxLength)
            {
                ThrowHelper.ThrowSourceTooLong(needed);
            }

            return PooledArray.Grow(ArrayPool<byte>.Shared, array, used, needed);
        }
    }
}
