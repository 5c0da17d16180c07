using MsgPack.Spec.Serialization;

namespace MsgPack.Spec
{
    // The status path's side of the cursor's failed reads: after a TryRead* of the cursor failed, these record what the
    // throwing Read* would have thrown there (its status, first byte, the bytes it needs and has, what it expected, and
    // the offset), as values, for the generated readers' MsgPackReadFailure. Each takes the cursor's place as the
    // throwing read does (SetPlace), decodes again as the throwing read does, and throws nothing: the exception is made
    // only when someone asks for it, from the same values, by the same ThrowHelper.CreateReadFailure. A failure that
    // keeps no details (a TryRead that returns only the status) takes the cursor's status and nothing else: no second
    // decode, no place taken.
    public ref partial struct MsgPackReader
    {
        [MethodImpl(MethodImplOptions.NoInlining)]
        internal bool FailRead<TDecoder, T>(OperationStatus status, ReadOnlySpan<byte> rest, ref MsgPackReadFailure failure)
            where TDecoder : struct, IValueDecoder<T>
        {
            if (!failure.KeepsDetails)
            {
                return failure.FailWithoutDetails(status);
            }

            SetPlace(rest);
            ReadStatus readStatus = PeekAcrossSegments<TDecoder, T>(ReadStatus.NeedMoreData, out _, out int bytesNeeded);
            return Fail(readStatus, bytesNeeded, default(TDecoder).Expected, ref failure);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal bool FailStringBytes(OperationStatus status, ReadOnlySpan<byte> rest, ref MsgPackReadFailure failure)
        {
            if (!failure.KeepsDetails)
            {
                return failure.FailWithoutDetails(status);
            }

            SetPlace(rest);
            MsgPackReader probe = this;
            ReadStatus readStatus = probe.ReadPayload<StringHeaderDecoder>(Utf8Check.Validate, out _, out int bytesNeeded);
            return Fail(readStatus, bytesNeeded, "a str value", ref failure);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal bool FailString(OperationStatus status, ReadOnlySpan<byte> rest, ref MsgPackReadFailure failure)
        {
            if (!failure.KeepsDetails)
            {
                return failure.FailWithoutDetails(status);
            }

            SetPlace(rest);
            MsgPackReader probe = this;
            ReadStatus readStatus = probe.ReadText(out _, out int bytesNeeded);
            return Fail(readStatus, bytesNeeded, "a str value", ref failure);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal bool FailBinary(OperationStatus status, ReadOnlySpan<byte> rest, ref MsgPackReadFailure failure)
        {
            if (!failure.KeepsDetails)
            {
                return failure.FailWithoutDetails(status);
            }

            SetPlace(rest);
            MsgPackReader probe = this;
            ReadStatus readStatus = probe.ReadPayload<BinaryHeaderDecoder>(Utf8Check.None, out _, out int bytesNeeded);
            return Fail(readStatus, bytesNeeded, "a bin value", ref failure);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal bool FailBytes(OperationStatus status, ReadOnlySpan<byte> rest, int length, ref MsgPackReadFailure failure)
        {
            if (!failure.KeepsDetails)
            {
                return failure.FailWithoutDetails(status);
            }

            SetPlace(rest);
            ReadStatus readStatus = PeekPayload(0, length, out _, out int bytesNeeded);
            return Fail(readStatus, bytesNeeded, "the number of bytes asked for", ref failure);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal bool FailSkip(OperationStatus status, ReadOnlySpan<byte> rest, ref MsgPackReadFailure failure)
        {
            if (!failure.KeepsDetails)
            {
                return failure.FailWithoutDetails(status);
            }

            SetPlace(rest);
            MsgPackReader probe = this;
            ReadStatus readStatus = probe.SkipCore(out _, out int bytesNeeded);
            return Fail(readStatus, bytesNeeded, MsgPackSpec.WholeValueDescription, ref failure);
        }

        /// <summary>Records the failure at the reader's place: the values <see cref="ThrowReadFailure"/> throws with.</summary>
        private readonly bool Fail(ReadStatus status, int bytesNeeded, string expected, ref MsgPackReadFailure failure)
        {
            Span<byte> first = stackalloc byte[1];
            int length = CopyAhead(first);
            return failure.SetRead(status, length == 0 ? -1 : first[0], bytesNeeded, Remaining, expected, Consumed);
        }

        /// <summary>
        /// The status twin of <see cref="ReadNewArray{T, TCodec}"/>: the same count check before anything is allocated,
        /// the same bulk read, and on failure the values of the exception it throws (at the array's start, the element
        /// named). Consumes nothing unless it succeeds.
        /// </summary>
        internal bool TryReadNewArray<T, TCodec>(out T[] value, ref MsgPackReadFailure failure)
            where TCodec : struct, IArrayCodec<T>
        {
            value = Array.Empty<T>();
            if (Peek<ArrayHeaderDecoder, int>(out int items, out int headerRead) == ReadStatus.Done
                && (long)items > Remaining - headerRead)
            {
                return MsgPackSerialization.FailCount(items, 1, Remaining - headerRead, Consumed, ref failure);
            }

            // A header that fails to read is reported by the bulk read, which reads it again.
            T[] result = items > 0 ? new T[items] : Array.Empty<T>();
            MsgPackReader start = this;
            ReadStatus status = DecodeArray<T, TCodec>(result, out int count, out long bytesNeeded);
            if (status == ReadStatus.Done)
            {
                value = result;
                return true;
            }

            Span<byte> first = stackalloc byte[1];
            int code = CopyAhead(first) == 0 ? -1 : first[0];
            long available = start.Remaining;
            this = start;
            return MsgPackSerialization.FailArray(status, code, count, bytesNeeded, available, default(TCodec).Expected, Consumed, ref failure);
        }
    }
}
