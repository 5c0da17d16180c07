#if NET8_0_OR_GREATER

namespace MsgPack.Spec.Serialization
{
    /// <summary>
    /// Finds where one value ends in bytes that arrive piece by piece: each call walks on from where the last one
    /// stopped, so a value that takes many reads to arrive is walked once, not once per read (a walk from the start at
    /// every read of a 4 MiB value in 16 KiB pieces would walk 512 MiB).
    /// </summary>
    /// <remarks>The default value is a scanner at the start of a value; after Done it is back there, for the next one.</remarks>
    internal struct ValueExtentScanner
    {
        private long _walked;         // bytes of the value's whole tokens walked so far
        private long _pendingLessOne; // values still to walk, less one: a new scanner has one, the value itself

        /// <summary>Walks on through <paramref name="value"/>, the bytes from the value's start that have arrived.</summary>
        /// <param name="value">The bytes so far; the same start at every call until Done.</param>
        /// <param name="extent">
        /// Done: the value's length. NeedMoreData: the least length it can have, from what its headers announce.
        /// InvalidData: the bytes a reader of the value may look at before it meets the bad token: up to that token, one
        /// byte for it and one for each value still announced after it.
        /// </param>
        /// <returns>Done, NeedMoreData or InvalidData (0xc1).</returns>
        public OperationStatus Scan(ReadOnlySpan<byte> value, out long extent)
        {
            var reader = new MsgPackReader(value.Slice((int)_walked));
            return Walk(ref reader, out extent);
        }

        /// <summary>Walks on through <paramref name="value"/>, the bytes from the value's start that have arrived (see the span overload).</summary>
        /// <param name="value">The bytes so far; the same start at every call until Done.</param>
        /// <param name="extent">As for the span overload.</param>
        /// <returns>Done, NeedMoreData or InvalidData (0xc1).</returns>
        public OperationStatus Scan(in ReadOnlySequence<byte> value, out long extent)
        {
            var reader = new MsgPackReader(value.Slice(_walked));
            return Walk(ref reader, out extent);
        }

        private OperationStatus Walk(ref MsgPackReader reader, out long extent)
        {
            // A value that is all there, the usual case, is measured in one go by TrySkip's table-driven walk; one that
            // is not is walked token by token, and that walk is kept.
            if (_walked == 0 && _pendingLessOne == 0 && reader.TrySkip() == OperationStatus.Done)
            {
                extent = reader.Consumed;
                return OperationStatus.Done;
            }

            long pending = _pendingLessOne + 1;
            ReadStatus status = reader.SkipWholeTokens(ref pending, out long needed);
            _walked += reader.Consumed;
            _pendingLessOne = pending - 1;
            if (status == ReadStatus.Done)
            {
                extent = _walked;
                this = default;
                return OperationStatus.Done;
            }

            extent = _walked + needed;
            return status.ToOperationStatus();
        }
    }
}
#endif
