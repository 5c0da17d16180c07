using MsgPack.Spec.Serialization;

namespace MsgPack.Spec
{
    // The reader's side of MsgPackCursor: lending the rest of the current segment, taking the place back, and the slow
    // paths of the cursor's reads, which run on the reader itself (so every format is still decoded by one core).
    public ref partial struct MsgPackReader
    {
        /// <summary>
        /// A cursor over the rest of the current segment, at the reader's place: reads through it keep that place in
        /// the reading method's registers (see <see cref="MsgPackCursor"/>). The reader does not move until
        /// <see cref="MoveTo"/> gives it the cursor's place.
        /// </summary>
        /// <returns>The cursor.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public readonly MsgPackCursor GetCursor() => new MsgPackCursor(UnreadSegment);

        /// <summary>
        /// Moves the reader to <paramref name="cursor"/>'s place: what the cursor read counts as read. Call it before
        /// the reader is used again (given to another method, read from directly, or asked for its
        /// <see cref="Position"/>), and after the last read through the cursor.
        /// </summary>
        /// <param name="cursor">A cursor that <see cref="GetCursor"/> of this reader returned, read only with this reader.</param>
        /// <exception cref="InvalidOperationException">The cursor's place is not in the reader's current segment (it comes
        /// from another reader, or the reader moved to another segment since the cursor was taken).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void MoveTo(MsgPackCursor cursor) => SetPlace(cursor.UnreadSpan);

        /// <summary>The current segment from the reader's place on.</summary>
        internal readonly ReadOnlySpan<byte> UnreadSegment
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => MsgPackSpec.SliceUnchecked(_current, _index, _current.Length - _index);
        }

        /// <summary>Puts the reader where <paramref name="rest"/> starts, which must be a tail of the current segment.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal void SetPlace(ReadOnlySpan<byte> rest)
        {
            int index = _current.Length - rest.Length;
            if ((uint)index > (uint)_current.Length
                || !Unsafe.AreSame(ref Unsafe.Add(ref MemoryMarshal.GetReference(_current), (nint)(uint)index), ref MemoryMarshal.GetReference(rest)))
            {
                ThrowForeignCursor();
            }

            _index = index;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void ThrowForeignCursor() =>
            ThrowHelper.ThrowInvalidOperation("The cursor is not in the reader's current segment: it comes from another reader, or the reader moved on since GetCursor.");

        // The cursor's slow paths: the reader takes the cursor's place, then reads as it always does (across segments,
        // or throwing the exception for the failure). The cursor then takes the reader's new place (UnreadSegment).

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal T ReadAt<TDecoder, T>(ReadOnlySpan<byte> rest)
            where TDecoder : struct, IValueDecoder<T>
        {
            SetPlace(rest);
            return ReadSlow<TDecoder, T>();
        }

        /// <summary>
        /// The slow path of <see cref="MsgPackCursor.TryRead{TDecoder, T}(ref MsgPackReader, out T, ref MsgPackReadFailure)"/>
        /// (the status helpers' read): the value the segment could not decode (<paramref name="decoded"/>), read across
        /// segments, or the failure recorded in <paramref name="failure"/> as <see cref="FailRead{TDecoder, T}"/> records
        /// it. The value is the result, the outcome <paramref name="failure"/>'s status: the caller passes no variable of
        /// its own by reference, so its frame keeps none in memory (nor zeroes one at every call) for this call.
        /// </summary>
        /// <returns>The value; default on failure.</returns>
        [MethodImpl(MethodImplOptions.NoInlining)]
        internal T ReadAtOrFail<TDecoder, T>(ReadOnlySpan<byte> rest, ReadStatus decoded, ref MsgPackReadFailure failure)
            where TDecoder : struct, IValueDecoder<T>
        {
            OperationStatus status;
            if (decoded == ReadStatus.NeedMoreData)
            {
                // Only a value cut by the segment's end needs the reader; bad data is bad in every segmentation.
                SetPlace(rest);
                status = TryRead<TDecoder, T>(out T value);
                if (status == OperationStatus.Done)
                {
                    failure.ClearStatus();
                    return value;
                }

                rest = UnreadSegment;
            }
            else
            {
                status = decoded.ToOperationStatus();
            }

            // The caller tells the outcome by the failure's status: it says the failure even if the recorded read
            // came out otherwise (it cannot: bad data is bad in every segmentation, a cut value stays cut).
            FailRead<TDecoder, T>(status, rest, ref failure);
            failure.Ensure(status);
            return default!;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal MsgPackPayload ReadStringBytesAt(ReadOnlySpan<byte> rest)
        {
            SetPlace(rest);
            return ReadStringBytes();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal OperationStatus TryReadStringBytesAt(ReadOnlySpan<byte> rest, out MsgPackPayload value)
        {
            SetPlace(rest);
            return TryReadStringBytes(out value);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal OperationStatus TryReadStringAt(ReadOnlySpan<byte> rest, out string value)
        {
            SetPlace(rest);
            return TryReadString(out value);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal OperationStatus TryReadBinaryAt(ReadOnlySpan<byte> rest, out MsgPackPayload value)
        {
            SetPlace(rest);
            return TryReadBinary(out value);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal OperationStatus TryReadBytesAt(ReadOnlySpan<byte> rest, int length, out MsgPackPayload value)
        {
            SetPlace(rest);
            return TryReadBytes(length, out value);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal string ReadStringAt(ReadOnlySpan<byte> rest)
        {
            SetPlace(rest);
            return ReadString();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal MsgPackPayload ReadBinaryAt(ReadOnlySpan<byte> rest)
        {
            SetPlace(rest);
            return ReadBinary();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal MsgPackPayload ReadBytesAt(ReadOnlySpan<byte> rest, int length)
        {
            SetPlace(rest);
            return ReadBytes(length);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal void SkipAt(ReadOnlySpan<byte> rest)
        {
            SetPlace(rest);
            Skip();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal OperationStatus TrySkipAt(ReadOnlySpan<byte> rest)
        {
            SetPlace(rest);
            return TrySkip();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal byte PeekCodeAt(ReadOnlySpan<byte> rest)
        {
            SetPlace(rest);
            return PeekCode();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal bool IsNilAt(ReadOnlySpan<byte> rest)
        {
            SetPlace(rest);
            return IsNil();
        }
    }
}
