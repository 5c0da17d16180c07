namespace MsgPack.Spec
{
    /// <summary>
    /// Writes and reads every MessagePack format over <see cref="Span{T}"/> / <see cref="ReadOnlySpan{T}"/> and over
    /// raw pointers, without allocating.
    /// </summary>
    /// <remarks>
    /// <para>
    /// <b>Writers.</b> <c>Write*</c> writes a value in its smallest form and returns the number of bytes written;
    /// the exact-format writers (<c>WriteUInt32Exact</c>, <c>WriteArray32Header</c>, ...) always write the format
    /// their name gives, which is what a caller needs to reserve a length prefix and patch it later (and all they are
    /// for: a server that compares integers by format, as Tarantool does, never finds <c>ce 00 00 00 05</c> equal to
    /// <c>05</c>). Span writers
    /// throw <see cref="ArgumentException"/> when the destination is too small; <c>TryWrite*</c> return
    /// <see langword="false"/> instead and report the number of bytes the value needs. Pointer writers do not
    /// check room: as with msgpuck, the caller guarantees room for the value (the <c>Get*EncodedLength</c> methods and
    /// the <c>Max*Length</c> constants tell how much). Writers of both kinds still reject arguments outside the
    /// format's range (a negative count, 200 for a positive fixint) with <see cref="ArgumentOutOfRangeException"/>.
    /// </para>
    /// <para>
    /// <b>Readers.</b> <c>Read*</c> reads one value from the start of the input and reports the bytes it took in
    /// <c>bytesRead</c>; it throws a <see cref="MsgPackException"/> (never anything else for bad data) when the
    /// input is not that value. <c>TryRead*</c> never throws: it returns <see cref="System.Buffers.OperationStatus.Done"/>
    /// with <c>bytesRead</c> set to the bytes consumed, <see cref="System.Buffers.OperationStatus.NeedMoreData"/>
    /// when the input ends before the value does, with <c>bytesRead</c> set to the smallest input length that can
    /// make progress (the whole value's length where its header tells it), or
    /// <see cref="System.Buffers.OperationStatus.InvalidData"/> when the input is not that value (a wrong code,
    /// 0xc1, a value that does not fit the type, invalid UTF-8, an invalid timestamp), with <c>bytesRead</c> 0.
    /// Pointer readers take the number of readable bytes and never read past it; that number is an argument, not
    /// data, so a negative one throws <see cref="ArgumentOutOfRangeException"/> even from a <c>TryRead*</c> method.
    /// </para>
    /// <para>
    /// Integer readers accept every integer format whose value fits the requested type, and fail with
    /// <see cref="MsgPackOverflowException"/> otherwise; nothing is truncated silently. For the same reason
    /// <c>ReadDouble</c> accepts float 32 (widening is exact) while <c>ReadSingle</c> rejects float 64.
    /// </para>
    /// </remarks>
    public static unsafe partial class MsgPackSpec
    {
        // Every format is written once, by an internal core over "ref byte" that checks nothing (Encode*), and read
        // once, by a core over "ref byte" plus a length that checks everything (Decode*). The public span and pointer
        // methods are front doors to those cores: they check room once, up front, or map the core's status to a
        // return value or an exception.

        /// <summary>Checks that <paramref name="destination"/> holds <paramref name="size"/> bytes and returns its first byte.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ref byte Reserve(Span<byte> destination, int size)
        {
            if (destination.Length < size)
            {
                ThrowHelper.ThrowDestinationTooSmall(size, destination.Length);
            }

            return ref MemoryMarshal.GetReference(destination);
        }

        /// <summary>Throws when <paramref name="available"/> bytes are fewer than <paramref name="needed"/>.</summary>
        /// <remarks>Callers reach it only when the destination is shorter than the value's largest form, so the exact size is computed off the hot path.</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void EnsureRoom(int available, long needed)
        {
            if (available < needed)
            {
                ThrowHelper.ThrowDestinationTooSmall(needed, available);
            }
        }

        /// <summary>Throws the exception that matches a failed decoding.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void ThrowIfFailed(ReadStatus status, ReadOnlySpan<byte> source, int bytesNeeded, string expected)
        {
            if (status != ReadStatus.Done)
            {
                ThrowHelper.ThrowReadFailure(status, source, bytesNeeded, expected);
            }
        }

        /// <summary>Sets the outputs of a decoder that stops because the input is too short.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ReadStatus NeedMoreData(int bytesNeeded, out int bytesRead)
        {
            bytesRead = bytesNeeded;
            return ReadStatus.NeedMoreData;
        }

        /// <summary>Sets the outputs of a decoder that stops because the input is not what it reads.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ReadStatus Invalid(ReadStatus status, out int bytesRead)
        {
            bytesRead = 0;
            return status;
        }
    }
}
