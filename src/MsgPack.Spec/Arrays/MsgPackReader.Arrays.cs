namespace MsgPack.Spec
{
    public ref partial struct MsgPackReader
    {
        /// <summary>The bulk array reader, throwing; consumes nothing when it throws.</summary>
        private int ReadArray<T, TCodec>(scoped Span<T> destination)
            where TCodec : struct, IArrayCodec<T>
        {
            MsgPackReader start = this;
            ReadStatus status = DecodeArray<T, TCodec>(destination, out int count, out long bytesNeeded);
            if (status != ReadStatus.Done)
            {
                ThrowArrayFailure<T, TCodec>(ref start, status, destination.Length, count, bytesNeeded);
            }

            return count;
        }

        /// <summary>
        /// Reads a bulk array into a new array of its length (the generated serializers' number arrays). The claimed
        /// count is checked against the bytes left before anything is allocated: every element takes at least one byte.
        /// </summary>
        internal T[] ReadNewArray<T, TCodec>()
            where TCodec : struct, IArrayCodec<T>
        {
            if (Peek<ArrayHeaderDecoder, int>(out int items, out int headerRead) == ReadStatus.Done)
            {
                Serialization.MsgPackSerialization.CheckCount(items, 1, Remaining - headerRead);
            }

            // A header that fails to read is reported by ReadArray, which reads it again.
            T[] result = items > 0 ? new T[items] : Array.Empty<T>();
            ReadArray<T, TCodec>(result);
            return result;
        }

        /// <summary>The bulk array reader, never throwing; consumes nothing unless Done.</summary>
        private OperationStatus TryReadArray<T, TCodec>(scoped Span<T> destination, out int count)
            where TCodec : struct, IArrayCodec<T>
        {
            MsgPackReader start = this;
            ReadStatus status = DecodeArray<T, TCodec>(destination, out count, out _);
            if (status != ReadStatus.Done)
            {
                this = start;
                if (status == ReadStatus.NeedMoreData)
                {
                    count = 0;
                }
            }

            return status.ToOperationStatus();
        }

        /// <summary>
        /// Reads the header, then the elements segment by segment with the span core, and an element that straddles two
        /// segments on its own. Counts as <see cref="MsgPackSpec.DecodeArray"/>'s, with <paramref name="bytesNeeded"/>
        /// from the array's start. Moves the reader, also on failure: the callers put it back.
        /// </summary>
        private ReadStatus DecodeArray<T, TCodec>(scoped Span<T> destination, out int count, out long bytesNeeded)
            where TCodec : struct, IArrayCodec<T>
        {
            long arrayStart = Consumed;
            bytesNeeded = 0;
            ReadStatus status = Peek<ArrayHeaderDecoder, int>(out int items, out int headerRead);
            if (status != ReadStatus.Done)
            {
                count = -1;
                bytesNeeded = headerRead;
                return status;
            }

            if (items > destination.Length)
            {
                count = items;
                return ReadStatus.DestinationTooSmall;
            }

            Advance(headerRead);
            ref T target = ref MemoryMarshal.GetReference(destination);
            int done = 0;
            while (done < items)
            {
                status = MsgPackSpec.DecodeItems<T, TCodec>(ref Head, _current.Length - _index, ref Unsafe.Add(ref target, done), items - done, out int stored, out int read, out _);
                _index += read;
                done += stored;
                if (status == ReadStatus.Done)
                {
                    break;
                }

                if (status != ReadStatus.NeedMoreData)
                {
                    count = done;
                    return status;
                }

                // The element straddles the segment's end, or the input ends inside it: read it the general way.
                status = Peek<TCodec, T>(out T value, out int elementRead);
                if (status != ReadStatus.Done)
                {
                    count = done;
                    if (status == ReadStatus.NeedMoreData)
                    {
                        bytesNeeded = Consumed - arrayStart + elementRead + (items - done - 1);
                    }

                    return status;
                }

                Unsafe.Add(ref target, done) = value;
                Advance(elementRead);
                done++;
            }

            count = items;
            return ReadStatus.Done;
        }

        /// <summary>Throws for a failed bulk read, naming the element, after putting the reader back at the array's start.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private void ThrowArrayFailure<T, TCodec>(ref MsgPackReader start, ReadStatus status, int capacity, int count, long bytesNeeded)
            where TCodec : struct, IArrayCodec<T>
        {
            Span<byte> first = stackalloc byte[1];
            int code = CopyAhead(first) == 0 ? -1 : first[0];
            long available = start.Remaining;
            this = start;
            ThrowHelper.ThrowArrayReadFailure(status, code, capacity, count, bytesNeeded, available, default(TCodec).Expected);
        }
    }
}
