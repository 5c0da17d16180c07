namespace MsgPack.Spec
{
    /// <summary>
    /// Writes MessagePack into any <see cref="IBufferWriter{T}"/> of bytes (a <see cref="PooledBufferWriter"/>, a
    /// <see cref="SegmentedBufferWriter"/>, a <c>PipeWriter</c>), with the vocabulary of <see cref="MsgPackSpec"/>
    /// and the same bytes.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The writer caches the span the buffer writer last handed out. Writing a value is one compare ("is there room
    /// for the largest form of this value?"), the encoding itself and an add; only when the span runs out does an
    /// out-of-line path commit what was written (<see cref="IBufferWriter{T}.Advance"/>) and ask for more.
    /// </para>
    /// <para>
    /// <b>Commit.</b> Bytes written through this struct reach the buffer writer only when it commits: when it needs a
    /// new span, and when <see cref="Flush"/> is called. Call <see cref="Flush"/> before reading the buffer writer's
    /// contents (<see cref="PooledBufferWriter.WrittenSpan"/>, <c>PipeWriter.FlushAsync</c>) or handing it to other
    /// code; until then <see cref="BytesPending"/> bytes are held back. A writer that is dropped without
    /// <see cref="Flush"/> leaves those bytes uncommitted.
    /// </para>
    /// <para>
    /// <b>Reserve now, write later.</b> <see cref="ReserveLengthPrefix"/> sets the 5-byte length prefix of a Tarantool
    /// packet aside, and <see cref="PatchLengthPrefix"/> fills it, after the body, with the number of bytes written
    /// since, in place, without copying the body. <see cref="Reserve"/> sets a slot of any length aside, to fill
    /// through <see cref="GetReservedSpan"/>. This works with every buffer writer that does not move bytes it has
    /// written (<see cref="SegmentedBufferWriter"/>, <c>PipeWriter</c> before it is flushed), and with the two that do
    /// but tell where they are (<see cref="PooledBufferWriter"/>, <c>ArrayBufferWriter&lt;byte&gt;</c>). Patch before
    /// flushing a pipe: once the reader has the bytes they are gone.
    /// </para>
    /// <para>
    /// <b>The memory itself.</b> <see cref="GetSpan"/> (or <see cref="GetMemory"/>) and <see cref="Advance"/> hand the
    /// span the writer holds to other code, as <see cref="IBufferWriter{T}"/> does: to <see cref="MsgPackSpec"/>'s span
    /// or advancing writers, to an encoder, to a copy. Bytes written that way count in <see cref="BytesWritten"/> like
    /// any other.
    /// </para>
    /// <para>
    /// Large str and bin payloads, and raw bytes (<see cref="WriteRaw(ReadOnlySpan{byte})"/>, also from a
    /// <see cref="ReadOnlySequence{T}"/> or a <see cref="MsgPackPayload"/> read by <see cref="MsgPackReader"/>), are
    /// written piece by piece into as many spans as it takes.
    /// </para>
    /// </remarks>
    public ref partial struct MsgPackWriter
    {
        // The most WriteString asks a buffer writer that grows one array for, to encode a text in one pass: 1 MiB, a
        // text of up to about 349,000 chars. Beyond that a count pass costs little next to the memory traffic, and
        // asking for three times the text's length would make the buffer writer hold far more than the value needs.
        private const int OnePassStringRoom = 1024 * 1024;

        private readonly IBufferWriter<byte> _output;
        private Memory<byte> _memory; // the memory last handed out, kept to make reservation slots
        private Span<byte> _span;     // the same memory, as a span
        private int _position;        // bytes written into _span and not committed yet
        private long _committed;      // bytes this writer committed to _output

        /// <summary>Creates a writer that appends to <paramref name="output"/>.</summary>
        /// <param name="output">The buffer writer.</param>
        /// <exception cref="ArgumentNullException"><paramref name="output"/> is <see langword="null"/>.</exception>
        public MsgPackWriter(IBufferWriter<byte> output)
        {
            _output = output ?? throw new ArgumentNullException(nameof(output));
            _memory = default;
            _span = default;
            _position = 0;
            _committed = 0;
        }

        /// <summary>The bytes written and already committed to the buffer writer.</summary>
        public long BytesCommitted => _committed;

        /// <summary>The bytes written and not yet committed: <see cref="Flush"/> commits them.</summary>
        public int BytesPending => _position;

        /// <summary>All bytes written through this writer: <see cref="BytesCommitted"/> plus <see cref="BytesPending"/>.</summary>
        public long BytesWritten => _committed + _position;

        /// <summary>Commits the pending bytes to the buffer writer (<see cref="IBufferWriter{T}.Advance"/>). The next write asks for a new span.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Flush()
        {
            if (_position > 0)
            {
                _output.Advance(_position);
                _committed += _position;
            }

            _memory = default;
            _span = default;
            _position = 0;
        }

        /// <summary>
        /// The free part of the span the writer holds, at least <paramref name="sizeHint"/> bytes long (at least 1 when
        /// it is 0), to write into directly; then call <see cref="Advance"/> with the number of bytes written. The
        /// contract of <see cref="IBufferWriter{T}.GetSpan"/>.
        /// </summary>
        /// <remarks>
        /// <para>
        /// When the span held has that room, it is returned without a call to the buffer writer. Otherwise what is
        /// pending is committed, and the buffer writer is asked for a new span of at least <paramref name="sizeHint"/>
        /// bytes (a buffer writer that grows one array may move what it holds to make that room).
        /// </para>
        /// <para>
        /// For example <c>writer.Advance(MsgPackSpec.WriteInt32(writer.GetSpan(MsgPackSpec.MaxInt32EncodedLength), 42));</c>,
        /// or, with the advancing writers, <c>Span&lt;byte&gt; free = writer.GetSpan(n); int before = free.Length;</c>
        /// <c>MsgPackSpec.WriteInt32(ref free, 42); ...; writer.Advance(before - free.Length);</c>.
        /// </para>
        /// <para>
        /// The span is valid until the next call to any method of this writer (a write, <see cref="Flush"/>,
        /// <see cref="Reserve"/>...), which may commit it and start another: call <see cref="Advance"/> first.
        /// </para>
        /// </remarks>
        /// <param name="sizeHint">The bytes needed; 0 for "some".</param>
        /// <returns>The free part of the current span: what is written there counts once <see cref="Advance"/> is called.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="sizeHint"/> is negative.</exception>
        /// <exception cref="InvalidOperationException">The writer has no buffer writer (default), or the buffer writer returned less than asked for.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Span<byte> GetSpan(int sizeHint = 0)
        {
            if (sizeHint < 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(sizeHint), sizeHint, "zero or positive");
            }

            if (_span.Length - _position < Math.Max(sizeHint, 1))
            {
                Refill(sizeHint);
            }

            return _span.Slice(_position);
        }

        /// <summary>
        /// The free part of the memory the writer holds, at least <paramref name="sizeHint"/> bytes long (at least 1
        /// when it is 0), for code that takes a <see cref="Memory{T}"/>; then call <see cref="Advance"/>. The same
        /// memory as <see cref="GetSpan"/>, on the same terms.
        /// </summary>
        /// <param name="sizeHint">The bytes needed; 0 for "some".</param>
        /// <returns>The free part of the current memory.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="sizeHint"/> is negative.</exception>
        /// <exception cref="InvalidOperationException">The writer has no buffer writer (default), or the buffer writer returned less than asked for.</exception>
        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            GetSpan(sizeHint);
            return _memory.Slice(_position);
        }

        /// <summary>
        /// Counts <paramref name="count"/> bytes written into the span <see cref="GetSpan"/> or <see cref="GetMemory"/>
        /// returned as written: they follow what was written before, become pending (<see cref="BytesPending"/>), and
        /// are committed with the rest.
        /// </summary>
        /// <param name="count">The bytes written, from 0 to the length of that span.</param>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative or larger than the span.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Advance(int count)
        {
            // The span returned is the free part of the span held, so this is the check of IBufferWriter.Advance.
            if ((uint)count > (uint)(_span.Length - _position))
            {
                ThrowHelper.ThrowAdvancePastSpan(count, _span.Length - _position);
            }

            _position += count;
        }

        /// <summary>Writes <paramref name="value"/> as a str value, encoded to UTF-8 straight into the buffer, across spans if it must.</summary>
        /// <param name="value">The text. Lone surrogates are written as U+FFFD, as <see cref="MsgPackSpec.WriteString(Span{byte}, ReadOnlySpan{char})"/> does.</param>
        public void WriteString(ReadOnlySpan<char> value)
        {
            // One pass, without counting first, when the longest form (3 bytes a char) fits the span held, or when the
            // buffer writer can be asked for it at no cost (see GrowsOneArray). Otherwise the text is counted and
            // exactly its length asked for, so that a buffer writer with little room left (a fixed buffer, one that
            // throws past its bound) still takes a text that fits it, as it did before the one pass existed.
            long longest = MsgPackSpec.GetStringMaxEncodedLength(value.Length);
            if (_span.Length - _position >= longest || (longest <= OnePassStringRoom && GrowsOneArray(_output)))
            {
                ref byte head = ref Room((int)longest);
                _position += MsgPackSpec.EncodeStringOnePass(ref head, value, _span.Length - _position);
                return;
            }

            int byteCount = Utf8Text.GetByteCount(value);
            WriteStringHeader(byteCount);
            if (_span.Length - _position >= byteCount)
            {
                Utf8Text.Encode(value, ref Unsafe.Add(ref MemoryMarshal.GetReference(_span), _position), byteCount);
                _position += byteCount;
            }
            else
            {
                Apply(WriteUtf8InPieces(_output, _committed, _memory, _position, value));
            }
        }

        /// <summary>Writes <paramref name="value"/> as a str value (see <see cref="WriteString(ReadOnlySpan{char})"/>).</summary>
        /// <param name="value">The text. Lone surrogates are written as U+FFFD.</param>
        /// <exception cref="ArgumentNullException"><paramref name="value"/> is <see langword="null"/> (write nil with <see cref="WriteNil"/>); nothing is written.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteString(string value) => WriteString(MsgPackSpec.AsChars(value));

        /// <summary>Writes text that is already UTF-8 as a str value: the smallest header, then the bytes, across spans if they must.</summary>
        /// <param name="utf8">The UTF-8 bytes; not validated.</param>
        public void WriteString(ReadOnlySpan<byte> utf8)
        {
            WriteStringHeader(utf8.Length);
            WriteRaw(utf8);
        }

        /// <summary>Writes <paramref name="value"/> as a bin value: the smallest header, then the bytes, across spans if they must.</summary>
        /// <param name="value">The bytes.</param>
        public void WriteBinary(ReadOnlySpan<byte> value)
        {
            WriteBinaryHeader(value.Length);
            WriteRaw(value);
        }

        /// <summary>Writes an ext value: the smallest header, then the data, across spans if it must.</summary>
        /// <param name="typeCode">The type code.</param>
        /// <param name="data">The data.</param>
        public void WriteExtension(sbyte typeCode, ReadOnlySpan<byte> data)
        {
            WriteExtensionHeader(new ExtensionHeader(typeCode, data.Length));
            WriteRaw(data);
        }

        /// <summary>
        /// Writes bytes as they are: MessagePack encoded elsewhere, or the payload after a header written with
        /// <see cref="WriteBinaryHeader"/>, <see cref="WriteStringHeader"/> or <see cref="WriteExtensionHeader"/>.
        /// </summary>
        /// <param name="bytes">The bytes, copied across as many spans as they need.</param>
        public void WriteRaw(ReadOnlySpan<byte> bytes)
        {
            if (_span.Length - _position >= bytes.Length)
            {
                bytes.CopyTo(_span.Slice(_position));
                _position += bytes.Length;
                return;
            }

            Apply(WriteRawInPieces(_output, _committed, _memory, _position, bytes));
        }

        /// <summary>
        /// Writes bytes as they are, segment after segment (empty ones are skipped), each across as many spans as it
        /// needs: a raw value or payload that straddles segments, forwarded in one call.
        /// </summary>
        /// <param name="bytes">The bytes.</param>
        public void WriteRaw(ReadOnlySequence<byte> bytes)
        {
            if (bytes.IsSingleSegment)
            {
#if NET8_0_OR_GREATER
                WriteRaw(bytes.FirstSpan);
#else
                WriteRaw(bytes.First.Span);
#endif
                return;
            }

            // The enumerator is a struct: no allocation.
            foreach (ReadOnlyMemory<byte> segment in bytes)
            {
                WriteRaw(segment.Span);
            }
        }

        /// <summary>
        /// Writes bytes that <see cref="MsgPackReader"/> read as they are, whether one span or a slice of a sequence:
        /// a value from <see cref="MsgPackReader.ReadRaw"/> is forwarded byte for byte, a payload from
        /// <see cref="MsgPackReader.ReadBinary"/> after its header (<see cref="WriteBinaryHeader"/>).
        /// </summary>
        /// <param name="bytes">The bytes; they must still be valid (see <see cref="MsgPackPayload"/>).</param>
        public void WriteRaw(MsgPackPayload bytes)
        {
            if (bytes.IsSingleSpan)
            {
                WriteRaw(bytes.Span);
            }
            else
            {
                WriteRaw(bytes.Sequence);
            }
        }

        /// <summary>Sets <paramref name="length"/> bytes aside, in one span, to be filled in later through <see cref="GetReservedSpan"/>.</summary>
        /// <remarks>
        /// <para>
        /// The slot is contiguous: when the span held has not that room, what is pending is committed and the buffer
        /// writer is asked for a span of <paramref name="length"/> bytes, as <see cref="GetSpan"/> would. The writer
        /// sets no bound of its own on the length; the bound is what the buffer writer hands out in one span:
        /// <see cref="PooledBufferWriter"/> and <c>ArrayBufferWriter&lt;byte&gt;</c> grow their array up to the largest
        /// .NET allows (0x7FFFFFC7 bytes, everything written included; past it they throw
        /// <see cref="OutOfMemoryException"/>), <see cref="SegmentedBufferWriter"/> rents a segment of the slot's size
        /// when it is larger than its segments, and <c>Pipe</c>'s <c>PipeWriter</c> rents from
        /// <see cref="ArrayPool{T}.Shared"/> when a hint is larger than its pool's buffers. A buffer writer with a bound
        /// of its own may refuse, with its own exception.
        /// </para>
        /// <para>
        /// A slot's bytes are whatever the buffer writer's memory held until they are filled: fill every byte before the
        /// buffer writer's contents are read.
        /// </para>
        /// </remarks>
        /// <param name="length">The slot's length, 1 or more.</param>
        /// <returns>The reservation, to pass to <see cref="GetReservedSpan"/>.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is 0 or negative.</exception>
        /// <exception cref="InvalidOperationException">The writer has no buffer writer (default), or the buffer writer returned less than asked for.</exception>
        public MsgPackReservation Reserve(int length)
        {
            if (length <= 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(length), length, "positive");
            }

            Room(length);
            var reservation = new MsgPackReservation(_memory.Slice(_position, length), BytesWritten, IndexInOutput(), length);
            _position += length;
            return reservation;
        }

        /// <summary>The bytes of a reserved slot, to write into; where they are now, even if the buffer writer has moved them.</summary>
        /// <param name="reservation">A reservation this writer made.</param>
        /// <returns>The slot.</returns>
        /// <exception cref="InvalidOperationException">The reservation is empty (default).</exception>
        public Span<byte> GetReservedSpan(MsgPackReservation reservation)
        {
            if (reservation.Length == 0)
            {
                ThrowHelper.ThrowInvalidOperation("The reservation is empty: it was not made by MsgPackWriter.Reserve.");
            }

            // Still in the span this writer holds: nothing was committed since.
            if (reservation.Offset >= _committed)
            {
                return _span.Slice((int)(reservation.Offset - _committed), reservation.Length);
            }

            // Committed to a buffer writer that moves its bytes when it grows: find them by index.
            if (reservation.IndexInOutput >= 0)
            {
                if (_output is PooledBufferWriter pooled)
                {
                    return pooled.WrittenSpanForPatch.Slice((int)reservation.IndexInOutput, reservation.Length);
                }
#if NET8_0_OR_GREATER
                if (_output is ArrayBufferWriter<byte> array)
                {
                    return MemoryMarshal.AsMemory(array.WrittenMemory).Span.Slice((int)reservation.IndexInOutput, reservation.Length);
                }
#else
                // ArrayBufferWriter<byte> is not in netstandard2.0, but it is there at run time on .NET Core 3.0 and
                // later. Its current array is the one the span this writer holds lies in; holding none (after
                // Flush, so nothing is pending), ask for one.
                if (IsArrayBufferWriter(_output))
                {
                    if (_span.IsEmpty)
                    {
                        Refill(0);
                    }

                    if (MemoryMarshal.TryGetArray<byte>(_memory, out ArraySegment<byte> current))
                    {
                        return current.Array.AsSpan((int)reservation.IndexInOutput, reservation.Length);
                    }
                }
#endif
            }

            // Committed to a buffer writer that never moves its bytes: the slot is where it was.
            return reservation.Slot.Span;
        }

        /// <summary>Sets 5 bytes aside for a uint 32 (0xce + 4 bytes), to fill in with <see cref="PatchUInt32Exact"/>.</summary>
        /// <remarks>
        /// For a length prefix, <see cref="ReserveLengthPrefix"/> and <see cref="PatchLengthPrefix"/> say so and count
        /// the length. The exact form is right for a reserved slot, whose width must not depend on the value; it is
        /// never for values a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).
        /// </remarks>
        /// <returns>The reservation.</returns>
        /// <exception cref="InvalidOperationException">The writer has no buffer writer (default), or the buffer writer returned less than asked for.</exception>
        public MsgPackReservation ReserveUInt32Exact() => Reserve(5);

        /// <summary>Writes a uint 32 (0xce + 4 bytes) into a slot set aside by <see cref="ReserveUInt32Exact"/>.</summary>
        /// <remarks>
        /// The value is any the caller chooses: for example the length of one frame noted with
        /// <see cref="GetBytesWrittenSince"/> right after its body, to patch after later frames were written (which
        /// <see cref="PatchLengthPrefix"/> would count too). Never a value a server compares: Tarantool compares integers by format first, so a key written <c>ce 00 00 00 05</c> is stored but never equals <c>05</c>, and a later <c>05</c> goes in beside it, two 5s in a unique index. Write values with the smallest-form writers (<c>WriteUInt32</c>, <c>WriteInt64</c>, ...).
        /// </remarks>
        /// <param name="reservation">The reservation.</param>
        /// <param name="value">The value.</param>
        /// <exception cref="ArgumentException">The reservation is not 5 bytes long (a default one is 0).</exception>
        public void PatchUInt32Exact(MsgPackReservation reservation, uint value)
        {
            // A wider slot would take the 5 bytes and leave the rest unwritten: refuse it, as documented.
            if (reservation.Length != 5)
            {
                ThrowHelper.ThrowNotAUInt32Slot(reservation.Length, nameof(reservation));
            }

            MsgPackSpec.WriteUInt32Exact(GetReservedSpan(reservation), value);
        }

        /// <summary>
        /// Sets aside the 5-byte length prefix of a frame (a uint 32: 0xce + 4 bytes, big-endian), to fill in with
        /// <see cref="PatchLengthPrefix"/> once the body is written: a Tarantool packet is
        /// <c>ReserveLengthPrefix()</c>, the header and body, <c>PatchLengthPrefix(prefix)</c>.
        /// </summary>
        /// <remarks>The same slot as <see cref="ReserveUInt32Exact"/>; see <see cref="PatchLengthPrefix"/> for when its exact form is right.</remarks>
        /// <returns>The reservation, to pass to <see cref="PatchLengthPrefix"/>.</returns>
        /// <exception cref="InvalidOperationException">The writer has no buffer writer (default), or the buffer writer returned less than asked for.</exception>
        public MsgPackReservation ReserveLengthPrefix() => Reserve(5);

        /// <summary>
        /// Fills a length prefix set aside by <see cref="ReserveLengthPrefix"/> with the number of bytes written after
        /// it (<see cref="GetBytesWrittenSince"/>), as a uint 32 (0xce + 4 bytes, big-endian), in place.
        /// </summary>
        /// <remarks>
        /// <para>
        /// It counts every byte written after the slot until now: call it when the frame's body is complete, before the
        /// next frame. A prefix to patch later (after other frames) takes its length, noted right after its body, through
        /// <see cref="PatchUInt32Exact"/>. With a <c>PipeWriter</c>, patch before <c>FlushAsync</c>.
        /// </para>
        /// <para>
        /// The exact uint 32 form (always 5 bytes, never the smallest form) is right for a length prefix and any
        /// reserved slot, whose width is fixed before the value is known, and which the other side reads as a number.
        /// It is wrong for values a server compares or hashes as encoded: Tarantool hashes an integer key with its
        /// MessagePack format byte, so a key written <c>ce 00 00 00 05</c> never matches one stored as <c>05</c>. Write
        /// such values with <see cref="WriteUInt32"/> or <see cref="WriteInt64"/>, in their smallest form.
        /// </para>
        /// </remarks>
        /// <param name="prefix">The reservation <see cref="ReserveLengthPrefix"/> returned.</param>
        /// <exception cref="ArgumentException">The reservation is not 5 bytes long (a default one is 0), or ends after what this writer has written (another writer made it).</exception>
        /// <exception cref="OverflowException">More than <see cref="uint.MaxValue"/> bytes were written after the prefix; it is left as it was.</exception>
        public void PatchLengthPrefix(MsgPackReservation prefix)
        {
            if (prefix.Length != 5)
            {
                ThrowHelper.ThrowNotAUInt32Slot(prefix.Length, nameof(prefix));
            }

            long bytesAfter = GetBytesWrittenSince(prefix);
            if ((ulong)bytesAfter > uint.MaxValue)
            {
                ThrowHelper.ThrowLengthPrefixOutOfRange(bytesAfter, nameof(prefix));
            }

            MsgPackSpec.WriteUInt32Exact(GetReservedSpan(prefix), (uint)bytesAfter);
        }

        /// <summary>The number of bytes written after a reservation: what a length prefix reserved there must say (<see cref="PatchLengthPrefix"/> writes it).</summary>
        /// <param name="reservation">The reservation.</param>
        /// <returns><see cref="BytesWritten"/> minus the end of the slot.</returns>
        public long GetBytesWrittenSince(MsgPackReservation reservation) => BytesWritten - (reservation.Offset + reservation.Length);

        /// <summary>Returns the next free byte of the cached span, after making room for <paramref name="size"/> bytes.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ref byte Room(int size)
        {
            if (_span.Length - _position < size)
            {
                Refill(size);
            }

            return ref Unsafe.Add(ref MemoryMarshal.GetReference(_span), _position);
        }

        /// <summary>Commits what was written and asks the buffer writer for at least <paramref name="size"/> bytes (any, when 0).</summary>
        /// <remarks>
        /// Inlined, but all it does inline is copy fields: the work is in <see cref="NextChunk"/>, a static method that
        /// takes the fields by value. A call that took the writer by reference would make the JIT keep the writer's
        /// fields in memory in every caller, and a loop of writes would then load and store its position through the
        /// stack on each value.
        /// </remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void Refill(int size)
        {
            Chunk chunk = NextChunk(_output, _position, size);
            _committed += _position;
            _position = 0;
            _memory = chunk.Memory;
            _span = chunk.Span;
        }

        /// <summary>Takes the fields a piecewise write returns: what was committed, the memory held, the place in it.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void Apply(Pieces pieces)
        {
            _committed = pieces.Committed;
            _memory = pieces.Memory;
            _span = pieces.Memory.Span;
            _position = pieces.Position;
        }

        /// <summary>Commits <paramref name="pending"/> bytes and gets the next memory of at least <paramref name="size"/> bytes.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static Chunk NextChunk(IBufferWriter<byte>? output, int pending, int size)
        {
            if (output is null)
            {
                ThrowHelper.ThrowInvalidOperation("The MsgPackWriter was not created with a buffer writer.");
            }

            if (pending > 0)
            {
                output.Advance(pending);
            }

            Memory<byte> memory = output.GetMemory(size);
            if (memory.Length < Math.Max(size, 1))
            {
                ThrowHelper.ThrowInvalidOperation($"The buffer writer returned {memory.Length} bytes when asked for {size}.");
            }

            return new Chunk(memory);
        }

        /// <summary>A memory from the buffer writer and its span, returned together by <see cref="NextChunk"/>.</summary>
        /// <remarks>Kept to these two: each inlined refill site holds one in the caller's frame, zeroed on entry.</remarks>
        private readonly ref struct Chunk
        {
            public Chunk(Memory<byte> memory)
            {
                Memory = memory;
                Span = memory.Span;
            }

            public Memory<byte> Memory { get; }

            public Span<byte> Span { get; }
        }

        /// <summary>
        /// The writer's fields as a piecewise write leaves them: the bytes committed, the memory held, the place in it.
        /// Those writes are static and take the fields by value, as <see cref="NextChunk"/> does: a call that took the
        /// writer by reference would make the JIT keep every field in memory in every method that writes.
        /// </summary>
        private readonly struct Pieces
        {
            public Pieces(long committed, Memory<byte> memory, int position)
            {
                Committed = committed;
                Memory = memory;
                Position = position;
            }

            public long Committed { get; }

            public Memory<byte> Memory { get; }

            public int Position { get; }
        }

        /// <summary>Copies bytes into the current span and as many new ones as they need.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static Pieces WriteRawInPieces(IBufferWriter<byte>? output, long committed, Memory<byte> memory, int position, ReadOnlySpan<byte> bytes)
        {
            Span<byte> span = memory.Span;
            while (!bytes.IsEmpty)
            {
                if (position == span.Length)
                {
                    Chunk next = NextChunk(output, position, 0);
                    committed += position;
                    position = 0;
                    memory = next.Memory;
                    span = next.Span;
                }

                int count = Math.Min(bytes.Length, span.Length - position);
                bytes.Slice(0, count).CopyTo(span.Slice(position));
                position += count;
                bytes = bytes.Slice(count);
            }

            return new Pieces(committed, memory, position);
        }

        /// <summary>Encodes text that does not fit the current span piece by piece, each piece into a span that holds it.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static Pieces WriteUtf8InPieces(IBufferWriter<byte>? output, long committed, Memory<byte> memory, int position, ReadOnlySpan<char> chars)
        {
            const int PieceChars = 256;
            Span<byte> span = memory.Span;
            while (!chars.IsEmpty)
            {
                // A UTF-16 char takes at most 3 UTF-8 bytes (a surrogate pair takes 4 for 2 chars), and a piece never
                // ends between the two halves of a pair, so the pieces encode exactly as the whole text would.
                int take = Math.Min(chars.Length, PieceChars);
                if (take < chars.Length && char.IsHighSurrogate(chars[take - 1]))
                {
                    take--;
                }

                ReadOnlySpan<char> piece = chars.Slice(0, take);
                int room = span.Length - position;
                if (room < take * 3 && room < Utf8Text.GetByteCount(piece))
                {
                    Chunk next = NextChunk(output, position, take * 3);
                    committed += position;
                    position = 0;
                    memory = next.Memory;
                    span = next.Span;
                }

                position += Utf8Text.Encode(piece, ref Unsafe.Add(ref MemoryMarshal.GetReference(span), position), span.Length - position);
                chars = chars.Slice(take);
            }

            return new Pieces(committed, memory, position);
        }

        /// <summary>
        /// Whether <paramref name="output"/> is a buffer writer that grows one array without bound
        /// (<see cref="PooledBufferWriter"/>, <c>ArrayBufferWriter&lt;byte&gt;</c>): asking it for more than a value
        /// needs only makes that array larger, where another buffer writer may have a bound, or start a new segment
        /// and leave the rest of the current one unused.
        /// </summary>
        private static bool GrowsOneArray(IBufferWriter<byte> output)
        {
#if NET8_0_OR_GREATER
            return output is PooledBufferWriter || output is ArrayBufferWriter<byte>;
#else
            return output is PooledBufferWriter || IsArrayBufferWriter(output);
#endif
        }

        /// <summary>Where the next byte lands in a buffer writer that moves its bytes when it grows, or -1 for others.</summary>
        private long IndexInOutput()
        {
            if (_output is PooledBufferWriter pooled)
            {
                return pooled.WrittenCount + _position;
            }
#if NET8_0_OR_GREATER
            if (_output is ArrayBufferWriter<byte> array)
            {
                return array.WrittenCount + _position;
            }
#else
            // An ArrayBufferWriter<byte> hands out its array from WrittenCount on.
            if (IsArrayBufferWriter(_output) && MemoryMarshal.TryGetArray<byte>(_memory, out ArraySegment<byte> segment))
            {
                return segment.Offset + _position;
            }
#endif
            return -1;
        }

#if !NET8_0_OR_GREATER
        /// <summary>Whether the buffer writer is System.Buffers.ArrayBufferWriter&lt;byte&gt;, which this build cannot name.</summary>
        /// <remarks>A compare of types: asking a type for its name may allocate (its cache is weakly held).</remarks>
        private static bool IsArrayBufferWriter(IBufferWriter<byte> output) =>
            ArrayBufferWriterType.OfByte is Type type && output.GetType() == type;

        private static class ArrayBufferWriterType
        {
            /// <summary>ArrayBufferWriter&lt;byte&gt; where the runtime has it (.NET Core 3.0 and later), else null.</summary>
            public static readonly Type? OfByte =
                Type.GetType("System.Buffers.ArrayBufferWriter`1, System.Memory", throwOnError: false)?.MakeGenericType(typeof(byte));
        }
#endif
    }

    /// <summary>A slot set aside by <see cref="MsgPackWriter.Reserve"/>, to be filled in after what follows it is written.</summary>
    public readonly struct MsgPackReservation
    {
        internal MsgPackReservation(Memory<byte> slot, long offset, long indexInOutput, int length)
        {
            Slot = slot;
            Offset = offset;
            IndexInOutput = indexInOutput;
            Length = length;
        }

        /// <summary>The slot's length in bytes; 0 for a default reservation.</summary>
        public int Length { get; }

        /// <summary>Where the slot starts, counted in bytes written through the writer.</summary>
        public long Offset { get; }

        internal Memory<byte> Slot { get; }

        internal long IndexInOutput { get; }
    }
}
