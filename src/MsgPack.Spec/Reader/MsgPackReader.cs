namespace MsgPack.Spec
{
    /// <summary>
    /// Reads MessagePack from a <see cref="ReadOnlySequence{T}"/> of bytes (what a <c>PipeReader</c> hands out) or
    /// from a span, value by value, with the vocabulary of <see cref="MsgPackSpec"/>.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Reading works on the current segment with the <see cref="MsgPackSpec"/> decoders; only a value whose header
    /// straddles two segments takes an out-of-line path that copies at most 32 bytes to the stack and decodes
    /// there. str, bin and ext payloads that straddle come out as a <see cref="ReadOnlySequence{T}"/> slice or are
    /// copied into a caller's span; nothing is allocated but the strings <see cref="ReadString"/> returns.
    /// </para>
    /// <para>
    /// <b>Partial input.</b> <c>Read*</c> throws <see cref="MsgPackTruncatedException"/> when the input ends inside
    /// the value. <c>TryRead*</c> returns <see cref="OperationStatus.NeedMoreData"/> instead and consumes nothing,
    /// so a pipeline can call <c>PipeReader.AdvanceTo(reader.Position, buffer.End)</c> and read again when more
    /// bytes arrive. <see cref="OperationStatus.InvalidData"/> means the bytes are not that value (they also stay
    /// unconsumed). Only <see cref="OperationStatus.Done"/> moves the reader.
    /// </para>
    /// <para>
    /// <b>Pass it by reference; read through a cursor.</b> Like <c>Utf8JsonReader</c>, the reader is a mutable
    /// struct: give it to another method as <c>ref MsgPackReader</c> (a copy passed by value reads on its own, and the
    /// caller's reader does not move). Its place lives in memory, behind that reference or in the frame of the method
    /// that holds it (its slow paths take it by reference), so each read loads the place and stores it back. A method
    /// that reads several values, a generated deserializer above all, reads them through a
    /// <see cref="MsgPackCursor"/>: <c>var cursor = reader.GetCursor();</c>, <c>cursor.ReadInt32(ref reader)</c> and
    /// so on, and <see cref="MoveTo"/> before the reader goes to another method and before returning. The cursor keeps
    /// the place in registers and falls back to the reader only for a value that straddles segments or fails.
    /// docs/benchmarks.md measures a 3-level document read by a tree of such helpers at 0.55x the time of the same
    /// reads on the reader in one method, and 1.11x the span reader's.
    /// </para>
    /// </remarks>
    public ref partial struct MsgPackReader
    {
        // The largest token a decoder reads in one go (a timestamp 96 takes 15 bytes): stitched on the stack when it
        // straddles segments.
        private const int MaxStitchedLength = 32;

        private readonly ReadOnlySequence<byte> _sequence;
        private readonly bool _isSequence;
        private ReadOnlySpan<byte> _current;     // the current segment
        private int _index;                      // the reader's place in _current
        private SequencePosition _currentStart;  // where _current starts in _sequence
        private SequencePosition _next;          // where the segment after _current starts
        private long _consumedBefore;            // bytes in the segments before _current

        /// <summary>Creates a reader over contiguous bytes.</summary>
        /// <param name="source">The input.</param>
        public MsgPackReader(ReadOnlySpan<byte> source)
        {
            _sequence = default;
            _isSequence = false;
            _current = source;
            _index = 0;
            _currentStart = default;
            _next = default;
            _consumedBefore = 0;
        }

        /// <summary>Creates a reader over a sequence of segments.</summary>
        /// <param name="source">The input.</param>
        public MsgPackReader(ReadOnlySequence<byte> source)
        {
            _sequence = source;
            _isSequence = true;
            _current = default;
            _index = 0;
            _currentStart = source.Start;
            _next = source.Start;
            _consumedBefore = 0;
            if (_sequence.TryGet(ref _next, out ReadOnlyMemory<byte> first))
            {
                _current = first.Span;
            }

            if (_current.IsEmpty)
            {
                MoveToNextSegment();
            }
        }

        /// <summary>
        /// Creates a reader over the bytes of a payload another reader returned, whichever form they take: for
        /// example the data of an ext value that is itself MessagePack (Tarantool's MP_ERROR), or a value from
        /// <see cref="ReadRaw"/>.
        /// </summary>
        /// <param name="payload">The input: a reader over its <see cref="MsgPackPayload.Span"/> when it is one span, else over its <see cref="MsgPackPayload.Sequence"/>.</param>
        /// <remarks>
        /// <see cref="Consumed"/> and <see cref="Remaining"/> count from the payload's start. <see cref="Position"/>
        /// is a position in the outer input only when the payload straddles segments (as for a reader over a span,
        /// it is default otherwise); and the bytes are valid only as long as that input is.
        /// </remarks>
        public MsgPackReader(MsgPackPayload payload)
        {
            this = payload.IsSingleSpan ? new MsgPackReader(payload.Span) : new MsgPackReader(payload.Sequence);
        }

        /// <summary>The number of bytes read so far.</summary>
        public readonly long Consumed => _consumedBefore + _index;

        /// <summary>The number of bytes left to read.</summary>
        public readonly long Remaining => _isSequence ? _sequence.Length - Consumed : _current.Length - _index;

        /// <summary>Whether every byte has been read.</summary>
        public readonly bool End => _index == _current.Length && Remaining == 0;

        /// <summary>
        /// Where the reader is, in the sequence it was created over: the "consumed" position to give
        /// <c>PipeReader.AdvanceTo</c>. For a reader over a span, <see cref="Consumed"/> says the same.
        /// </summary>
        public readonly SequencePosition Position => _isSequence ? _sequence.GetPosition(_index, _currentStart) : default;

        /// <summary>The sequence the reader was created over (empty for a reader over a span).</summary>
        public readonly ReadOnlySequence<byte> Sequence => _sequence;

        /// <summary>The family of the next value, from its first byte, without consuming it.</summary>
        /// <returns>The family.</returns>
        /// <exception cref="MsgPackTruncatedException">No bytes are left.</exception>
        public MsgPackType PeekMsgPackType()
        {
            if (_index == _current.Length && !MoveToNextSegment())
            {
                ThrowHelper.ThrowTruncated(1, 0, "any value");
            }

            return MsgPackSpec.GetMsgPackType(_current[_index]);
        }

        /// <summary>The next free byte of the current segment.</summary>
        internal ref byte Head
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => ref Unsafe.Add(ref MemoryMarshal.GetReference(_current), _index);
        }

        /// <summary>The bytes left in the current segment, from <see cref="Head"/> on (the validator walks them in place).</summary>
        internal readonly int SegmentRemaining => _current.Length - _index;

        /// <summary>Moves forward <paramref name="count"/> bytes, at most <see cref="SegmentRemaining"/>.</summary>
        internal void AdvanceInSegment(int count) => _index += count;

        /// <summary>Reads one value with <typeparamref name="TDecoder"/>; throws when it cannot.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private T Read<TDecoder, T>()
            where TDecoder : struct, IValueDecoder<T>
        {
            ReadStatus status = default(TDecoder).Decode(ref Head, _current.Length - _index, out T value, out int bytesRead);
            if (status == ReadStatus.Done)
            {
                _index += bytesRead;
                return value;
            }

            return ReadSlow<TDecoder, T>();
        }

        /// <summary>Reads one value with <typeparamref name="TDecoder"/>; consumes nothing unless it returns Done.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private OperationStatus TryRead<TDecoder, T>(out T value)
            where TDecoder : struct, IValueDecoder<T>
        {
            // As Read: the value whole in the segment is decoded and passed inline; the rest (across segments, cut short,
            // invalid) out of line.
            ReadStatus status = default(TDecoder).Decode(ref Head, _current.Length - _index, out value, out int bytesRead);
            if (status == ReadStatus.Done)
            {
                _index += bytesRead;
                return OperationStatus.Done;
            }

            // Out of line in two calls that take nothing of the caller's by reference: the status across segments, then,
            // when Done, the value as Read reads it (returned). An out variable given to the slow read would be kept in
            // memory in the caller, and zeroed there before every read when the caller reads in a loop.
            OperationStatus slowStatus = PeekSlow<TDecoder, T>(status);
            if (slowStatus != OperationStatus.Done)
            {
                value = default!;
                return slowStatus;
            }

            value = ReadSlow<TDecoder, T>();
            return OperationStatus.Done;
        }

        /// <summary>The status of the value that the current segment could not decode (<paramref name="status"/>), read across segments; consumes nothing.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private OperationStatus PeekSlow<TDecoder, T>(ReadStatus status)
            where TDecoder : struct, IValueDecoder<T> =>
            PeekAcrossSegments<TDecoder, T>(status, out _, out _).ToOperationStatus();

        /// <summary>The status of the value at <paramref name="rest"/> (the cursor's place, which the current segment cannot decode), read across segments; the reader moves there, and consumes nothing more.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        internal OperationStatus PeekAt<TDecoder, T>(ReadOnlySpan<byte> rest)
            where TDecoder : struct, IValueDecoder<T>
        {
            SetPlace(rest);
            return PeekAcrossSegments<TDecoder, T>(ReadStatus.NeedMoreData, out _, out _).ToOperationStatus();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private T ReadSlow<TDecoder, T>()
            where TDecoder : struct, IValueDecoder<T>
        {
            if (_isSequence && TryReadAtBoundary<TDecoder, T>(out T read))
            {
                return read;
            }

            ReadStatus status = PeekAcrossSegments<TDecoder, T>(ReadStatus.NeedMoreData, out T value, out int bytesRead);
            if (status != ReadStatus.Done)
            {
                ThrowReadFailure(status, bytesRead, default(TDecoder).Expected);
            }

            Advance(bytesRead);
            return value;
        }

        /// <summary>
        /// Reads a value at the end of the current segment, the common slow case on a multi-segment input: the value
        /// starts in the next segment, or straddles into it. The next segment is looked up once (<see cref="TryGetNextSegment"/>)
        /// and, on success, made current, so that crossing a boundary costs that lookup, a copy of at most
        /// <see cref="MaxStitchedLength"/> bytes and one decode. Returns false, having changed nothing, for anything
        /// else (a value across three segments, an empty segment, bad data, the end of the input): the general path
        /// then decides.
        /// </summary>
        [SkipLocalsInit]
        private bool TryReadAtBoundary<TDecoder, T>(out T value)
            where TDecoder : struct, IValueDecoder<T>
        {
            value = default!;
            int left = _current.Length - _index;
            if (left >= MaxStitchedLength || !TryGetNextSegment(out ReadOnlySpan<byte> next, out SequencePosition after))
            {
                return false;
            }

            int bytesRead;
            if (left == 0)
            {
                if (default(TDecoder).Decode(ref MemoryMarshal.GetReference(next), next.Length, out value, out bytesRead) != ReadStatus.Done)
                {
                    return false;
                }

                EnterNextSegment(next, after, bytesRead);
                return true;
            }

            // The value's tail and the head of the next segment, copied together and decoded. The value did not fit the
            // tail, so if it decodes, it ends inside the next segment: bytesRead > left.
            Span<byte> stitched = stackalloc byte[MaxStitchedLength];
            ref byte destination = ref MemoryMarshal.GetReference(stitched);
            int fromNext;
            if (left <= Block.Size && _current.Length >= Block.Size && next.Length >= Block.Size)
            {
                // The usual case, without a call to memmove: the 16 bytes that end the current segment go to
                // stitched[0..16] (the tail at its end), the 16 that start the next one to stitched[16..32].
                Unsafe.WriteUnaligned(ref destination, Unsafe.ReadUnaligned<Block>(ref Unsafe.Add(ref MemoryMarshal.GetReference(_current), _current.Length - Block.Size)));
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, Block.Size), Unsafe.ReadUnaligned<Block>(ref MemoryMarshal.GetReference(next)));
                destination = ref Unsafe.Add(ref destination, Block.Size - left);
                fromNext = Block.Size;
            }
            else
            {
                fromNext = Math.Min(next.Length, MaxStitchedLength - left);
                _current.Slice(_index).CopyTo(stitched);
                next.Slice(0, fromNext).CopyTo(stitched.Slice(left));
            }

            if (default(TDecoder).Decode(ref destination, left + fromNext, out value, out bytesRead) != ReadStatus.Done)
            {
                value = default!;
                return false;
            }

            EnterNextSegment(next, after, bytesRead - left);
            return true;
        }

        /// <summary>
        /// The segment after the current one and the position after it, as <see cref="ReadOnlySequence{T}.TryGet"/>
        /// gives them, read straight from the segment chain: at a boundary the general TryGet, which also handles
        /// sequences over a single array, costs more than the rest of the read. False when there is no next segment
        /// (the end of a multi-segment sequence, or any single-segment one: its position after the first is default).
        /// </summary>
        private readonly bool TryGetNextSegment(out ReadOnlySpan<byte> next, out SequencePosition after)
        {
            if (_next.GetObject() is ReadOnlySequenceSegment<byte> segment)
            {
                ReadOnlyMemory<byte> memory = segment.Memory;
                int start = _next.GetInteger();
                SequencePosition end = _sequence.End;
                if (ReferenceEquals(segment, end.GetObject()))
                {
                    next = memory.Span.Slice(start, end.GetInteger() - start);
                    after = default;
                }
                else
                {
                    next = memory.Span.Slice(start);
                    after = segment.Next is null ? default : new SequencePosition(segment.Next, 0);
                }

                return true;
            }

            next = default;
            after = default;
            return false;
        }

        /// <summary>Makes the segment after the current one current, at <paramref name="index"/>; <paramref name="after"/> is where the one after it starts.</summary>
        private void EnterNextSegment(ReadOnlySpan<byte> segment, SequencePosition after, int index)
        {
            _consumedBefore += _current.Length;
            _currentStart = _next;
            _next = after;
            _current = segment;
            _index = index;
        }

        /// <summary>
        /// Decodes the next value when the current segment alone could not: when the segment is used up, or the value
        /// straddles segments (then up to <see cref="MaxStitchedLength"/> bytes are copied to the stack). Consumes nothing.
        /// </summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private ReadStatus PeekAcrossSegments<TDecoder, T>(ReadStatus firstStatus, out T value, out int bytesRead)
            where TDecoder : struct, IValueDecoder<T>
        {
            value = default!;
            bytesRead = 0;
            if (firstStatus != ReadStatus.NeedMoreData || !_isSequence)
            {
                return RecomputeFailure<TDecoder, T>(out value, out bytesRead);
            }

            Span<byte> stitched = stackalloc byte[MaxStitchedLength];
            int length = CopyAhead(stitched);
            return default(TDecoder).Decode(ref MemoryMarshal.GetReference(stitched), length, out value, out bytesRead);
        }

        /// <summary>Decodes again on the current segment, to hand a failure's status and counts on.</summary>
        private ReadStatus RecomputeFailure<TDecoder, T>(out T value, out int bytesRead)
            where TDecoder : struct, IValueDecoder<T> =>
            default(TDecoder).Decode(ref Head, _current.Length - _index, out value, out bytesRead);

        /// <summary>Copies the next bytes, across segments, into <paramref name="destination"/> without moving; returns how many.</summary>
        private readonly int CopyAhead(Span<byte> destination)
        {
            ReadOnlySpan<byte> rest = _current.Slice(_index);
            int copied = Math.Min(rest.Length, destination.Length);
            rest.Slice(0, copied).CopyTo(destination);
            SequencePosition next = _next;
            while (copied < destination.Length && _isSequence && _sequence.TryGet(ref next, out ReadOnlyMemory<byte> segment))
            {
                int count = Math.Min(segment.Length, destination.Length - copied);
                segment.Span.Slice(0, count).CopyTo(destination.Slice(copied));
                copied += count;
            }

            return copied;
        }

        /// <summary>Moves forward <paramref name="count"/> bytes, across segments; the caller knows they are there.</summary>
        internal void Advance(long count)
        {
            while (true)
            {
                int left = _current.Length - _index;
                if (count <= left)
                {
                    _index += (int)count;
                    return;
                }

                count -= left;
                _index = _current.Length;
                if (!MoveToNextSegment())
                {
                    ThrowHelper.ThrowInvalidOperation("MsgPackReader advanced past the end of its input.");
                }
            }
        }

        /// <summary>Makes the next non-empty segment current; false at the end of the input.</summary>
        private bool MoveToNextSegment()
        {
            if (!_isSequence)
            {
                return false;
            }

            while (TryGetNextSegment(out ReadOnlySpan<byte> next, out SequencePosition after))
            {
                EnterNextSegment(next, after, 0);
                if (!next.IsEmpty)
                {
                    return true;
                }
            }

            return false;
        }

        /// <summary>16 bytes, moved as one (the JIT copies such a struct with one vector load and store).</summary>
        private struct Block
        {
            public const int Size = 16;
#pragma warning disable CS0169 // the fields only give the struct its size
            private readonly ulong _low;
            private readonly ulong _high;
#pragma warning restore CS0169
        }

        /// <summary>Throws the exception for a failed read, with the counts of the whole remaining input.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private void ThrowReadFailure(ReadStatus status, int bytesNeeded, string expected)
        {
            Span<byte> first = stackalloc byte[1];
            int length = CopyAhead(first);
            ThrowHelper.ThrowReadFailure(status, length == 0 ? -1 : first[0], bytesNeeded, Remaining, expected);
        }
    }
}
