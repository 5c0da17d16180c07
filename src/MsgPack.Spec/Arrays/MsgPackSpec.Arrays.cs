namespace MsgPack.Spec
{
    // The bulk array writers and readers: an array header and every element of a span of numbers or booleans, in one
    // call. Written once, generic over the element's codec (IArrayCodec<T>); the public front doors, one set per
    // element type, are in MsgPackSpec.Arrays.g.cs (written by tools/MsgPack.Spec.CodeGen: dotnet run --project tools/MsgPack.Spec.CodeGen).
    //
    // Each element is written exactly as the per-value writer writes it, in its smallest form, so the bytes are those
    // of a loop of Write* calls. The vector paths (Arrays/ArrayVectors.cs) take over where a block of elements has a
    // regular shape; the per-value core handles the rest.
    public static unsafe partial class MsgPackSpec
    {
        /// <summary>The longest stretch of elements the per-value core takes between two tries of a run.</summary>
        private const int MaxScalarStretch = 128;

        /// <summary>
        /// Encodes as many whole elements as fit <paramref name="room"/> bytes (all of them when they fit), each in its
        /// smallest form; returns the bytes written and the elements written in <paramref name="itemsWritten"/>.
        /// </summary>
        internal static int EncodeItems<T, TCodec>(ref byte destination, int room, ref T source, int count, out int itemsWritten)
            where TCodec : struct, IArrayCodec<T>
        {
            TCodec codec = default;
            int position = 0;
            int i = 0;
            int stretch = codec.ScalarStretch;
            while (i < count)
            {
                int run = codec.EncodeRun(ref Unsafe.Add(ref destination, position), room - position, ref Unsafe.Add(ref source, i), count - i, out int written);
                i += run;
                position += written;

                // The per-value core, for a stretch the run did not take, then the run again. Data the run keeps
                // refusing (mixed widths) gets longer stretches, so that trying costs little.
                stretch = run > 0 ? codec.ScalarStretch : Math.Min(stretch * 2, MaxScalarStretch);
                int stop = count - i <= stretch ? count : i + stretch;

                // The branch-free core writes 9 bytes whatever the value's length: while 8 elements follow, the bytes
                // past this one are theirs (each takes at least one), so nothing past the array is touched.
                int fastStop = Math.Min(stop, count - 8);
                if (codec.Branchless && fastStop > i)
                {
                    int fast = EncodeFastStretch<T, TCodec>(ref Unsafe.Add(ref destination, position), room - position, ref Unsafe.Add(ref source, i), fastStop - i, out written);
                    i += fast;
                    position += written;
                }

                for (; i < stop; i++)
                {
                    T value = Unsafe.Add(ref source, i);
                    if (room - position < codec.MaxLength && room - position < codec.GetEncodedLength(value))
                    {
                        itemsWritten = i;
                        return position;
                    }

                    position += codec.Encode(ref Unsafe.Add(ref destination, position), value);
                }
            }

            itemsWritten = count;
            return position;
        }

        /// <summary>
        /// Decodes <paramref name="count"/> elements. Done: all of them, in <paramref name="bytesRead"/> bytes. Otherwise
        /// <paramref name="itemsRead"/> elements were stored, the next one (at <paramref name="bytesRead"/>) failed with
        /// the status returned, and for NeedMoreData <paramref name="itemBytesNeeded"/> is what that element needs.
        /// </summary>
        internal static ReadStatus DecodeItems<T, TCodec>(ref byte source, int length, ref T destination, int count, out int itemsRead, out int bytesRead, out int itemBytesNeeded)
            where TCodec : struct, IArrayCodec<T>
        {
            TCodec codec = default;
            int position = 0;
            int i = 0;
            int stretch = codec.ScalarStretch;
            while (i < count)
            {
                int run = codec.DecodeRun(ref Unsafe.Add(ref source, position), length - position, ref Unsafe.Add(ref destination, i), count - i, out int read);
                i += run;
                position += read;

                stretch = run > 0 ? codec.ScalarStretch : Math.Min(stretch * 2, MaxScalarStretch);
                int stop = count - i <= stretch ? count : i + stretch;
                if (codec.Branchless && length - position >= BranchlessIntegers.Room)
                {
                    int fast = DecodeFastStretch<T, TCodec>(ref Unsafe.Add(ref source, position), length - position, ref Unsafe.Add(ref destination, i), stop - i, out read);
                    i += fast;
                    position += read;
                }

                for (; i < stop; i++)
                {
                    ReadStatus status = codec.Decode(ref Unsafe.Add(ref source, position), length - position, out T value, out read);
                    if (status != ReadStatus.Done)
                    {
                        itemsRead = i;
                        bytesRead = position;
                        itemBytesNeeded = read;
                        return status;
                    }

                    Unsafe.Add(ref destination, i) = value;
                    position += read;
                }
            }

            itemsRead = count;
            bytesRead = position;
            itemBytesNeeded = 0;
            return ReadStatus.Done;
        }

        /// <summary>
        /// Elements through <see cref="IArrayCodec{T}.EncodeFast"/> while there is its room: a loop of its own, so that
        /// the JIT keeps the few values it needs in registers (inside the caller, with the run and the checked core
        /// around it, they were spilled to the stack on every element).
        /// </summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int EncodeFastStretch<T, TCodec>(ref byte destination, int room, ref T source, int count, out int bytesWritten)
            where TCodec : struct, IArrayCodec<T>
        {
            TCodec codec = default;
            int position = 0;
            int i = 0;
            for (; i < count && room - position >= BranchlessIntegers.Room; i++)
            {
                position += codec.EncodeFast(ref Unsafe.Add(ref destination, position), Unsafe.Add(ref source, i));
            }

            bytesWritten = position;
            return i;
        }

        /// <summary>Elements through <see cref="IArrayCodec{T}.DecodeFast"/> while its 9 bytes are left, up to the first it cannot take.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int DecodeFastStretch<T, TCodec>(ref byte source, int length, ref T destination, int count, out int bytesRead)
            where TCodec : struct, IArrayCodec<T>
        {
            TCodec codec = default;
            int position = 0;
            int i = 0;
            for (; i < count && length - position >= BranchlessIntegers.Room; i++)
            {
                int read = codec.DecodeFast(ref Unsafe.Add(ref source, position), out Unsafe.Add(ref destination, i));
                if (read == 0)
                {
                    break;
                }

                position += read;
            }

            bytesRead = position;
            return i;
        }

        /// <summary>The exact length of the array: header and elements.</summary>
        internal static long GetArrayEncodedLength<T, TCodec>(ReadOnlySpan<T> values)
            where TCodec : struct, IArrayCodec<T>
        {
            TCodec codec = default;
            long length = GetArrayHeaderEncodedLength(values.Length);
            foreach (T value in values)
            {
                length += codec.GetEncodedLength(value);
            }

            return length;
        }

        /// <summary>Writes the array into a span; false, with the span's content unspecified, when it does not fit.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool TryEncodeArray<T, TCodec>(Span<byte> destination, ReadOnlySpan<T> values, out int bytesWritten)
            where TCodec : struct, IArrayCodec<T>
        {
            int header = GetArrayHeaderEncodedLength(values.Length);
            if (destination.Length >= header)
            {
                ref byte start = ref MemoryMarshal.GetReference(destination);
                EncodeArrayHeader(ref start, values.Length);
                int written = EncodeItems<T, TCodec>(ref Unsafe.Add(ref start, header), destination.Length - header, ref MemoryMarshal.GetReference(values), values.Length, out int items);
                if (items == values.Length)
                {
                    bytesWritten = header + written;
                    return true;
                }
            }

            bytesWritten = 0;
            return false;
        }

        internal static int WriteArray<T, TCodec>(Span<byte> destination, ReadOnlySpan<T> values)
            where TCodec : struct, IArrayCodec<T>
        {
            if (!TryEncodeArray<T, TCodec>(destination, values, out int bytesWritten))
            {
                ThrowHelper.ThrowDestinationTooSmall(GetArrayEncodedLength<T, TCodec>(values), destination.Length);
            }

            return bytesWritten;
        }

        internal static bool TryWriteArray<T, TCodec>(Span<byte> destination, ReadOnlySpan<T> values, out int bytesWritten)
            where TCodec : struct, IArrayCodec<T>
        {
            if (TryEncodeArray<T, TCodec>(destination, values, out bytesWritten))
            {
                return true;
            }

            bytesWritten = (int)Math.Min(GetArrayEncodedLength<T, TCodec>(values), int.MaxValue);
            return false;
        }

        internal static int WriteArray<T, TCodec>(byte* destination, ReadOnlySpan<T> values)
            where TCodec : struct, IArrayCodec<T>
        {
            ref byte start = ref *destination;
            int header = EncodeArrayHeader(ref start, values.Length);
            int written = EncodeItems<T, TCodec>(ref Unsafe.Add(ref start, header), int.MaxValue - header, ref MemoryMarshal.GetReference(values), values.Length, out int items);
            if (items != values.Length)
            {
                // Only an output of 2 GiB or more stops a pointer writer: its byte count would not fit the result.
                ThrowHelper.ThrowDestinationTooSmall(GetArrayEncodedLength<T, TCodec>(values), int.MaxValue);
            }

            return header + written;
        }

        /// <summary>
        /// Reads an array header and its elements into <paramref name="destination"/>. Done: <paramref name="count"/>
        /// elements in <paramref name="position"/> bytes. DestinationTooSmall: the array has <paramref name="count"/>
        /// elements. A header that fails: <paramref name="count"/> -1. An element that fails: <paramref name="count"/>
        /// is its index and <paramref name="position"/> its offset. NeedMoreData: <paramref name="bytesNeeded"/> is the
        /// least input length that can make progress (the rest of the array counted at one byte an element).
        /// </summary>
        internal static ReadStatus DecodeArray<T, TCodec>(ref byte source, int length, Span<T> destination, out int count, out int position, out long bytesNeeded)
            where TCodec : struct, IArrayCodec<T>
        {
            bytesNeeded = 0;
            position = 0;
            ReadStatus status = DecodeArrayHeader(ref source, length, out int items, out int header);
            if (status != ReadStatus.Done)
            {
                count = -1;
                bytesNeeded = header;
                return status;
            }

            if (items > destination.Length)
            {
                count = items;
                return ReadStatus.DestinationTooSmall;
            }

            status = DecodeItems<T, TCodec>(ref Unsafe.Add(ref source, header), length - header, ref MemoryMarshal.GetReference(destination), items, out count, out int read, out int itemBytesNeeded);
            position = header + read;
            if (status == ReadStatus.NeedMoreData)
            {
                bytesNeeded = (long)position + itemBytesNeeded + (items - count - 1);
            }

            return status;
        }

        internal static int ReadArray<T, TCodec>(ReadOnlySpan<byte> source, Span<T> destination, out int bytesRead)
            where TCodec : struct, IArrayCodec<T>
        {
            ReadStatus status = DecodeArray<T, TCodec>(ref MemoryMarshal.GetReference(source), source.Length, destination, out int count, out bytesRead, out long bytesNeeded);
            if (status != ReadStatus.Done)
            {
                ThrowArrayFailure<T, TCodec>(status, source, destination.Length, count, bytesRead, bytesNeeded);
            }

            return count;
        }

        internal static OperationStatus TryReadArray<T, TCodec>(ReadOnlySpan<byte> source, Span<T> destination, out int count, out int bytesRead)
            where TCodec : struct, IArrayCodec<T>
        {
            ReadStatus status = DecodeArray<T, TCodec>(ref MemoryMarshal.GetReference(source), source.Length, destination, out count, out bytesRead, out long bytesNeeded);
            if (status == ReadStatus.Done)
            {
                return OperationStatus.Done;
            }

            // A header cut short has stored nothing: count 0, as for the reader (-1 is for a header that is not an array).
            if (status == ReadStatus.NeedMoreData && count < 0)
            {
                count = 0;
            }

            // A span never holds more than int.MaxValue bytes: an array that needs more can never be read from one.
            bytesRead = status == ReadStatus.NeedMoreData && bytesNeeded <= int.MaxValue ? (int)bytesNeeded : 0;
            return status == ReadStatus.NeedMoreData && bytesNeeded > int.MaxValue ? OperationStatus.InvalidData : status.ToOperationStatus();
        }

        /// <summary>The exception for a failed bulk read over a span (see <see cref="DecodeArray"/> for the counts).</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void ThrowArrayFailure<T, TCodec>(ReadStatus status, ReadOnlySpan<byte> source, int capacity, int count, int position, long bytesNeeded)
            where TCodec : struct, IArrayCodec<T> =>
            ThrowHelper.ThrowArrayReadFailure(status, position < source.Length ? source[position] : -1, capacity, count, bytesNeeded, source.Length, default(TCodec).Expected);
    }
}
