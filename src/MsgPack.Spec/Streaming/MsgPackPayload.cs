using System;
using System.Buffers;

namespace MsgPack.Spec
{
    /// <summary>
    /// Bytes that <see cref="MsgPackReader"/> read without copying: a str, bin or ext payload, or a whole raw value.
    /// They are one span when they lie in one segment (<see cref="IsSingleSpan"/>), else a slice of the sequence.
    /// </summary>
    /// <remarks>
    /// Like the reader's input, the bytes are only valid while that input is: after <c>PipeReader.AdvanceTo</c>
    /// past them they are gone. <see cref="CopyTo"/> or <see cref="ToArray"/> keeps them.
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

        /// <summary>Copies the bytes into a new array (an allocation, by design).</summary>
        /// <returns>The bytes.</returns>
        public byte[] ToArray() => IsSingleSpan ? _span.ToArray() : _sequence.ToArray();
    }
}
