namespace MsgPack.Spec
{
    /// <summary>
    /// Bytes that <see cref="MsgPackReader"/> read without copying: a str, bin or ext payload, or a whole raw value.
    /// They are one span when they lie in one segment (<see cref="IsSingleSpan"/>), else a slice of the sequence.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Like the reader's input, the bytes are only valid while that input is: after <c>PipeReader.AdvanceTo</c>
    /// past them they are gone. <see cref="CopyTo"/>, <see cref="TryCopyTo"/> or <see cref="ToArray"/> keeps them.
    /// </para>
    /// <para>
    /// Whichever form the bytes take, <see cref="SequenceEqual"/>, <see cref="StartsWith"/> and <see cref="TryCopyTo"/>
    /// work on them without allocating, and <see cref="MsgPackReader(MsgPackPayload)"/> reads MessagePack inside
    /// them (an ext whose data is MessagePack, such as Tarantool's MP_ERROR), so the caller never branches on
    /// <see cref="IsSingleSpan"/>. There is no <c>ToSequence</c>: a payload read from a span has no memory behind it
    /// that a <see cref="ReadOnlySequence{T}"/> could hold, and making one would mean copying.
    /// </para>
    /// </remarks>
    public readonly ref struct MsgPackPayload
    {
        private readonly ReadOnlySpan<byte> _span;
        private readonly ReadOnlySequence<byte> _sequence;

        internal MsgPackPayload(ReadOnlySpan<byte> span)
        {
            _span = span;
            _sequence = default;
            IsSingleSpan = true;
            Length = span.Length;
        }

        internal MsgPackPayload(ReadOnlySequence<byte> sequence)
        {
            // A slice of the sequence that lies in one segment (the header straddled or ended a segment, not the
            // bytes) is one span, as IsSingleSpan promises.
            bool single = sequence.IsSingleSegment;
            _span = single ? sequence.First.Span : default;
            _sequence = single ? default : sequence;
            IsSingleSpan = single;
            Length = (int)sequence.Length;
        }

        /// <summary>The number of bytes.</summary>
        public int Length { get; }

        /// <summary>Whether the bytes lie in one span (<see cref="Span"/>); otherwise they straddle segments (<see cref="Sequence"/>).</summary>
        public bool IsSingleSpan { get; }

        /// <summary>The bytes, when <see cref="IsSingleSpan"/>; otherwise empty.</summary>
        public ReadOnlySpan<byte> Span => _span;

        /// <summary>The bytes, when they straddle segments (<see cref="IsSingleSpan"/> is false); otherwise empty.</summary>
        public ReadOnlySequence<byte> Sequence => _sequence;

        /// <summary>Copies the bytes into <paramref name="destination"/>.</summary>
        /// <param name="destination">At least <see cref="Length"/> bytes.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small.</exception>
        public void CopyTo(Span<byte> destination)
        {
            if (destination.Length < Length)
            {
                ThrowHelper.ThrowDestinationTooSmall(Length, destination.Length);
            }

            if (IsSingleSpan)
            {
                _span.CopyTo(destination);
            }
            else
            {
                _sequence.CopyTo(destination);
            }
        }

        /// <summary>Copies the bytes into <paramref name="destination"/> if they fit.</summary>
        /// <param name="destination">Where the bytes go, from its start.</param>
        /// <returns>True when <paramref name="destination"/> holds at least <see cref="Length"/> bytes and they were copied; false, having copied nothing, otherwise.</returns>
        public bool TryCopyTo(Span<byte> destination)
        {
            if (destination.Length < Length)
            {
                return false;
            }

            if (IsSingleSpan)
            {
                _span.CopyTo(destination);
            }
            else
            {
                _sequence.CopyTo(destination);
            }

            return true;
        }

        /// <summary>Whether the bytes are exactly <paramref name="other"/>, compared segment by segment without copying or allocating.</summary>
        /// <param name="other">The bytes to compare with.</param>
        /// <returns>True when the lengths and every byte are equal.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool SequenceEqual(ReadOnlySpan<byte> other)
        {
            if (other.Length != Length)
            {
                return false;
            }

            return IsSingleSpan ? _span.SequenceEqual(other) : SegmentsStartWith(other);
        }

        /// <summary>Whether the bytes begin with <paramref name="prefix"/>, compared segment by segment without copying or allocating.</summary>
        /// <param name="prefix">The bytes to look for; an empty prefix always matches.</param>
        /// <returns>True when the payload is at least as long as <paramref name="prefix"/> and begins with it.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool StartsWith(ReadOnlySpan<byte> prefix)
        {
            if (prefix.Length > Length)
            {
                return false;
            }

            return IsSingleSpan ? _span.StartsWith(prefix) : SegmentsStartWith(prefix);
        }

        /// <summary>Compares the first bytes of the sequence, no fewer than <paramref name="expected"/> holds, with it.</summary>
        private bool SegmentsStartWith(ReadOnlySpan<byte> expected)
        {
            // ReadOnlySequence's enumerator is a struct: walking the segments allocates nothing.
            foreach (ReadOnlyMemory<byte> segment in _sequence)
            {
                if (expected.IsEmpty)
                {
                    break;
                }

                ReadOnlySpan<byte> part = segment.Span;
                if (part.Length > expected.Length)
                {
                    part = part.Slice(0, expected.Length);
                }

                if (!part.SequenceEqual(expected.Slice(0, part.Length)))
                {
                    return false;
                }

                expected = expected.Slice(part.Length);
            }

            return true;
        }

        /// <summary>
        /// Decodes the bytes as UTF-8 text, the payload of a str, into a new string (the only allocation, as with
        /// <see cref="MsgPackReader.ReadString"/>, whose checks it makes: invalid UTF-8 is an error, never replaced).
        /// </summary>
        /// <returns>The text.</returns>
        /// <exception cref="MsgPackInvalidUtf8Exception">The bytes are not valid UTF-8.</exception>
        public string GetString()
        {
            if (!MsgPackReader.TryDecodeUtf8(this, out string text))
            {
                ThrowHelper.ThrowReadFailure(ReadStatus.InvalidUtf8, -1, 0, Length, "UTF-8 text");
            }

            return text;
        }

        /// <summary>Copies the bytes into a new array (an allocation, by design).</summary>
        /// <returns>The bytes.</returns>
        public byte[] ToArray() => IsSingleSpan ? _span.ToArray() : _sequence.ToArray();
    }
}
