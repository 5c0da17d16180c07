#if NET8_0_OR_GREATER
using System.Runtime.ExceptionServices;

namespace MsgPack.Spec.Serialization
{
    /// <summary>What a read door does next.</summary>
    internal enum ValueSearch
    {
        /// <summary>The value (or array header) is all there: read it.</summary>
        Found,

        /// <summary>More bytes are needed: read from the source, then look again.</summary>
        NeedRead,

        /// <summary>The source ended cleanly between values (a door that allows it ends there).</summary>
        End,

        /// <summary>The value (or header) cannot be read, or passes the limit: the door throws the exception it was given.</summary>
        Failed,
    }

    /// <summary>
    /// The bytes <see cref="MsgPackStream"/>'s read doors have taken from a <see cref="System.IO.Stream"/> and not read
    /// yet, in an array from <see cref="ArrayPool{T}.Shared"/>: at most the value being looked for and the bytes a read
    /// was allowed to take past it. A mutable struct, kept in the door's own frame and returned to the pool by
    /// <see cref="Dispose"/>.
    /// </summary>
    /// <remarks>
    /// The door loops: <see cref="FindValue{T}"/>; while it says NeedRead, read from the stream into
    /// <see cref="GetReadBuffer"/> and <see cref="Commit"/> the count; then <see cref="Read{T}"/>.
    /// </remarks>
    internal struct StreamReadBuffer
    {
        private readonly int _maxValueLength;
        private readonly int _bufferSize;
        private byte[]? _array;
        private int _start;            // where the next value starts in _array
        private int _end;              // the end of the bytes read
        private long _readLimit;       // how far past _start the next read may reach
        private bool _ended;           // the stream returned 0: no more bytes will come
        private ValueExtentScanner _scanner;

        public StreamReadBuffer(MsgPackStreamOptions options)
        {
            _maxValueLength = options.MaxValueLength;
            _bufferSize = options.BufferSize;
            _array = null;
            _start = 0;
            _end = 0;
            _readLimit = 0;
            _ended = false;
            _scanner = default;
        }

        private readonly ReadOnlySpan<byte> Unread => new ReadOnlySpan<byte>(_array, _start, _end - _start);

        /// <summary>Looks for the next value in the bytes read so far.</summary>
        /// <param name="endAllowed">Whether a clean end of the stream (no byte of a next value) ends the door rather than fails it.</param>
        /// <param name="readPast">
        /// How many bytes past the value's known extent the next read may take: 0 to read nothing past the value (the
        /// stream stays right after it), more to take the next values' bytes in the same read.
        /// </param>
        /// <param name="length">Found: the value's length.</param>
        /// <returns>Found, NeedRead, or End.</returns>
        /// <exception cref="MsgPackException">The value cannot be read: what the type's reader throws on the bytes, or <see cref="MsgPackStreamLimitException"/>.</exception>
        public ValueSearch FindValue<T>(bool endAllowed, long readPast, out int length)
            where T : IMsgPackSerializable<T>
        {
            length = 0;
            ReadOnlySpan<byte> unread = Unread;
            if (unread.IsEmpty && _ended && endAllowed)
            {
                return ValueSearch.End;
            }

            OperationStatus status = _scanner.Scan(unread, out long extent);
            ValueSearch search = MsgPackStream.JudgeValue<T>(status, extent, new MsgPackReader(unread), _ended, _maxValueLength, out Exception? error);
            if (error is not null)
            {
                ExceptionDispatchInfo.Throw(error);
            }

            if (search == ValueSearch.NeedRead)
            {
                _readLimit = extent + Math.Min(readPast, long.MaxValue - extent);
            }
            else
            {
                length = (int)extent;
            }

            return search;
        }

        /// <summary>Looks for the header of the array whose items a door reads.</summary>
        /// <param name="count">Found: the number of items.</param>
        /// <returns>Found (the header is consumed) or NeedRead.</returns>
        /// <exception cref="MsgPackException">Not an array header, or the stream ends inside it (or before it).</exception>
        public ValueSearch FindArrayHeader(out int count)
        {
            ValueSearch search = MsgPackStream.JudgeArrayHeader(new MsgPackReader(Unread), _ended, out count, out int extent, out Exception? error);
            if (error is not null)
            {
                ExceptionDispatchInfo.Throw(error);
            }

            if (search == ValueSearch.Found)
            {
                Consume(extent);
            }
            else
            {
                _readLimit = extent;
            }

            return search;
        }

        /// <summary>Where the next read puts its bytes: as many as the last <c>Find</c> allows, and room for them.</summary>
        public Memory<byte> GetReadBuffer()
        {
            int held = _end - _start;
            long wanted = _readLimit - held;

            // Room for what is wanted, but never more than the bytes already held or one BufferSize: the buffer grows
            // with the bytes that arrive (doubling at most), never with what a header claims.
            int room = (int)Math.Min(Math.Min(wanted, Math.Max(held, _bufferSize)), Array.MaxLength - held);
            EnsureRoom(held, room);
            return _array.AsMemory(_end, (int)Math.Min(wanted, _array!.Length - _end));
        }

        /// <summary>Takes in the count a read returned; 0 is the stream's end.</summary>
        public void Commit(int bytesRead)
        {
            if (bytesRead == 0)
            {
                _ended = true;
            }

            _end += bytesRead;
        }

        /// <summary>Reads the value <see cref="FindValue{T}"/> found, on exactly its bytes, and consumes them (also when the type's reader rejects them).</summary>
        public T Read<T>(int length)
            where T : IMsgPackSerializable<T>
        {
            var reader = new MsgPackReader(new ReadOnlySpan<byte>(_array, _start, length));
            Consume(length);
            return MsgPackStream.ReadValue<T>(ref reader);
        }

        /// <summary>Gives the array back to the pool.</summary>
        public void Dispose()
        {
            byte[]? array = _array;
            _array = null;
            _start = 0;
            _end = 0;
            if (array is not null)
            {
                ArrayPool<byte>.Shared.Return(array);
            }
        }

        private void Consume(int length)
        {
            _start += length;
            if (_start == _end)
            {
                // Nothing held: the next bytes go to the array's start, with no copy.
                _start = 0;
                _end = 0;
            }
        }

        private void EnsureRoom(int held, int room)
        {
            if (_array is not null && _array.Length - _end >= room)
            {
                return;
            }

            // An array grown for a long value is given back once what is held fits the usual size again.
            int needed = held + room;
            if (_array is not null && _array.Length >= needed && !(_array.Length > _bufferSize && needed <= _bufferSize))
            {
                Unread.CopyTo(_array);
            }
            else
            {
                byte[] array = ArrayPool<byte>.Shared.Rent(Math.Max(needed, _bufferSize));
                Unread.CopyTo(array);
                Dispose();
                _array = array;
            }

            _start = 0;
            _end = held;
        }
    }
}
#endif
