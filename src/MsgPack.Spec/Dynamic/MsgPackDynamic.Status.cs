using MsgPack.Spec.Serialization;

namespace MsgPack.Spec
{
    // The read of a member of type object in a generated type: the generators' status path (a failure is recorded in a
    // MsgPackReadFailure, as every generated read records it), over the same loop as Read and TryRead.
    public static partial class MsgPackDynamic
    {
        /// <summary>
        /// Reads the next value, whatever it is, into the shapes of <see cref="MsgPackDynamic"/>'s remarks, or records why
        /// not in <paramref name="failure"/>; never throws for bad input (and throws nothing inside to find it out).
        /// </summary>
        /// <param name="reader">The reader; moved past the value only when it is read.</param>
        /// <param name="maxDepth">How many arrays and maps may nest, the value itself counted: what is left of the generated readers' depth.</param>
        /// <param name="value">The value; <see langword="null"/> on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        internal static bool TryRead(ref MsgPackReader reader, int maxDepth, out object? value, ref MsgPackReadFailure failure)
        {
            MsgPackReader probe = reader;
            ReadStatus status = ReadCore(ref probe, maxDepth, int.MaxValue, out value, out ReadFailure read);
            if (status == ReadStatus.Done)
            {
                reader = probe;
                return true;
            }

            value = null;
            return Record(ref probe, status == ReadStatus.NeedMoreData ? OperationStatus.NeedMoreData : OperationStatus.InvalidData, read, ref failure);
        }

        /// <summary>Records what <see cref="ReadCore"/> says failed (with <paramref name="status"/>, NeedMoreData or InvalidData) as the status path records it: the values its throwing twin's exception is made of.</summary>
        private static bool Record(ref MsgPackReader probe, OperationStatus status, in ReadFailure read, ref MsgPackReadFailure failure)
        {
            switch (read.Kind)
            {
                case FailureKind.Token:
                    // The probe stands at the token that could not be read: reading it again fails as it did (a skip
                    // would not: it takes a timestamp ext of a length no timestamp has, which the token read refuses).
                    if (!probe.FailRead<TokenDecoder, MsgPackToken>(status, probe.UnreadSegment, ref failure))
                    {
                        return false;
                    }

                    break;
                case FailureKind.Payload:
                    // The probe stands at the payload that is cut short.
                    if (!probe.FailBytes(status, probe.UnreadSegment, (int)read.Detail, ref failure))
                    {
                        return false;
                    }

                    break;
                case FailureKind.Utf8:
                    return failure.Set(FailureReason.NotExpected, read.Offset, "a str of valid UTF-8");
                case FailureKind.Count:
                    return MsgPackSerialization.FailCount((int)read.Detail, read.Map ? 2 : 1, read.Remaining, read.Offset, ref failure);
                case FailureKind.Depth:
                    return failure.Set(FailureReason.TooDeep, read.Offset);
                case FailureKind.NilKey:
                    return failure.Set(FailureReason.NotExpected, read.Offset, "a map key that is not nil (a Dictionary<object, object> cannot hold one)");
                case FailureKind.DuplicateKey:
                    return failure.Set(FailureReason.DuplicateKey, read.Offset);
            }

            // Nothing else fails (no value-count limit here); kept a failure whatever happens.
            return failure.Set(FailureReason.NotExpected, read.Offset, "a value the dynamic read can make");
        }
    }
}
