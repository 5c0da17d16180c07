using System.Diagnostics.CodeAnalysis;

namespace MsgPack.Spec
{
    /// <summary>
    /// Every throw of the library, out of line: a call to a method that never returns keeps the caller's hot path
    /// small and lets the JIT inline it.
    /// </summary>
    /// <remarks>
    /// The Throw methods are deliberately not marked NoInlining, and each body is one <c>throw</c>: the JIT reads the IL
    /// of such a callee, sees that it never returns, declines to inline it and marks the call site as a throw. A
    /// NoInlining callee is opaque to it: the call looks like one that returns, and the register allocator must then keep
    /// every value the caller's loop holds in a callee-saved register or on the stack across it, even though the call
    /// sits on a cold path. With 6 values live in a writer loop and 5 callee-saved registers, that meant a spill and a
    /// reload on every iteration.
    /// </remarks>
    internal static class ThrowHelper
    {
        [DoesNotReturn]
        public static void ThrowDestinationTooSmall(long bytesNeeded, int bytesAvailable) =>
            throw new ArgumentException(
                $"The destination is too small: the value needs {bytesNeeded} bytes, but only {bytesAvailable} are free.",
                "destination");

        [DoesNotReturn]
        public static void ThrowSpanTooShort(string paramName, int bytesNeeded, int length) =>
            throw new ArgumentOutOfRangeException(paramName, length, $"The span needs at least {bytesNeeded} bytes.");

        [DoesNotReturn]
        public static void ThrowArgumentOutOfRange(string paramName, long value, string allowed) =>
            throw new ArgumentOutOfRangeException(paramName, value, $"The value must be {allowed}.");

        [DoesNotReturn]
        public static void ThrowNotFromOneTo(long value, int max, string? maxName) =>
            throw new ArgumentOutOfRangeException("value", value, "The value must be from 1 to " + (maxName ?? max.ToString()) + ".");

        [DoesNotReturn]
        public static void ThrowAdvancePastSpan(int count, int free) =>
            throw new ArgumentOutOfRangeException(
                "count", count, $"The value must be from 0 to the {free} bytes of the span GetSpan or GetMemory returned.");

        [DoesNotReturn]
        public static void ThrowNotAUInt32Slot(int length, string paramName) =>
            throw new ArgumentException($"The reservation is {length} bytes long; a uint 32 takes 5.", paramName);

        /// <summary>A length prefix that cannot say its length: the bytes after it are more than a uint 32 holds, or (a reservation of another writer) fewer than none.</summary>
        [DoesNotReturn]
        public static void ThrowLengthPrefixOutOfRange(long bytesAfter, string paramName) =>
            throw CreateLengthPrefixError(bytesAfter, paramName);

        [DoesNotReturn]
        public static void ThrowArgumentNull(string paramName) => throw new ArgumentNullException(paramName);

        [DoesNotReturn]
        public static void ThrowObjectDisposed(string objectName) => throw new ObjectDisposedException(objectName);

        [DoesNotReturn]
        public static void ThrowInvalidOperation(string message) => throw new InvalidOperationException(message);

        /// <summary>
        /// For a call whose status cannot be anything but success where it is made (a destination sized for the
        /// longest result): the status is still looked at, so that none is dropped (a test reads the library's IL for
        /// dropped statuses), and a broken assumption is an exception rather than wrong output.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void ThrowIfFailed(bool done, string call)
        {
            if (!done)
            {
                ThrowInternalError(call);
            }
        }

        [DoesNotReturn]
        private static void ThrowInternalError(string call) =>
            throw new InvalidOperationException($"{call} failed where it cannot: an internal error of MsgPack.Spec.");

        [DoesNotReturn]
        public static void ThrowWrongTokenType(byte code, MsgPackType expected) =>
            throw new InvalidOperationException($"The token is {MsgPackSpec.GetFormatName(code)}, not {expected}.");

        [DoesNotReturn]
        public static void ThrowTruncated(int bytesNeeded, int bytesAvailable, string expected) =>
            throw new MsgPackTruncatedException(bytesNeeded, bytesAvailable, expected);

        /// <summary>Turns a failed decoding into the exception that names what was found and what was expected.</summary>
        /// <param name="status">The decoder's verdict, anything but <see cref="ReadStatus.Done"/>.</param>
        /// <param name="source">The input the decoder was given.</param>
        /// <param name="bytesNeeded">For <see cref="ReadStatus.NeedMoreData"/>, the length the input needs.</param>
        /// <param name="expected">What was being read, in words ("an Int32", "a str header").</param>
        [DoesNotReturn]
        public static void ThrowReadFailure(ReadStatus status, ReadOnlySpan<byte> source, int bytesNeeded, string expected) =>
            throw CreateReadFailure(status, source.IsEmpty ? -1 : source[0], bytesNeeded, source.Length, expected);

        /// <summary>The same, for a reader that knows the first byte (-1 when there is none) and the bytes available.</summary>
        [DoesNotReturn]
        public static void ThrowReadFailure(ReadStatus status, int firstByte, int bytesNeeded, long bytesAvailable, string expected) =>
            throw CreateReadFailure(status, firstByte, bytesNeeded, bytesAvailable, expected);

        [DoesNotReturn]
        public static void ThrowArrayLongerThanDestination(int count, int capacity) =>
            throw new ArgumentException($"The array has {count} elements, but the destination holds only {capacity}.", "destination");

        /// <summary>
        /// A bulk array reader's failure, for the span and the sequence readers alike: the destination too short, the
        /// header (<paramref name="count"/> -1) or the element at index <paramref name="count"/> not what it should be.
        /// </summary>
        [DoesNotReturn]
        public static void ThrowArrayReadFailure(ReadStatus status, int firstByte, int capacity, int count, long bytesNeeded, long bytesAvailable, string expected)
        {
            if (status == ReadStatus.DestinationTooSmall)
            {
                ThrowArrayLongerThanDestination(count, capacity);
            }

            if (count < 0)
            {
                ThrowReadFailure(status, firstByte, (int)bytesNeeded, bytesAvailable, "an array header");
            }

            ThrowArrayElementFailure(status, firstByte, bytesNeeded, bytesAvailable, expected, count);
        }

        /// <summary>A bulk array reader's failure at one element: the exception a per-value read of it throws, naming the element.</summary>
        [DoesNotReturn]
        public static void ThrowArrayElementFailure(ReadStatus status, int firstByte, long bytesNeeded, long bytesAvailable, string expected, int index) =>
            throw CreateReadFailure(status, firstByte, (int)Math.Min(bytesNeeded, int.MaxValue), bytesAvailable, ArrayElement(expected, index));

        /// <summary>What a bulk array reader expected of its element <paramref name="index"/>, in words.</summary>
        public static string ArrayElement(string expected, int index) => $"{expected} (element {index} of the array)";

        [DoesNotReturn]
        public static void ThrowTextTooLong(long limit) =>
            throw new MsgPackTextLimitException($"The text would be longer than MaxOutputLength ({limit} bytes).");

        [DoesNotReturn]
        public static void ThrowTextTooDeep(int limit, long offset) =>
            throw new MsgPackTextLimitException($"The array or map at offset {offset} nests deeper than MaxDepth ({limit}).");

        /// <summary>The exception for <see cref="ThrowLengthPrefixOutOfRange"/>.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static Exception CreateLengthPrefixError(long bytesAfter, string paramName) =>
            bytesAfter < 0
                ? new ArgumentException($"The reservation ends {-bytesAfter} bytes after what this writer has written: it was made by another writer.", paramName)
                : new OverflowException($"{bytesAfter} bytes were written after the length prefix; its uint 32 holds at most {uint.MaxValue}.");

        /// <summary>
        /// The exception for a failed decoding (see <see cref="ThrowReadFailure(ReadStatus, int, int, long, string)"/>); also
        /// made, on demand, for a failure of the serializers' status path, which recorded these values instead of throwing.
        /// </summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        internal static Exception CreateReadFailure(ReadStatus status, int firstByte, int bytesNeeded, long bytesAvailable, string expected)
        {
            byte code = firstByte < 0 ? (byte)0 : (byte)firstByte;
            return status switch
            {
                ReadStatus.NeedMoreData => new MsgPackTruncatedException(bytesNeeded, (int)Math.Min(bytesAvailable, int.MaxValue), expected),
                ReadStatus.UnexpectedCode => new MsgPackUnexpectedCodeException(code, expected),
                ReadStatus.Overflow => new MsgPackOverflowException(code, expected),
                ReadStatus.InvalidUtf8 => new MsgPackInvalidUtf8Exception(),
                ReadStatus.InvalidTimestamp => new MsgPackInvalidTimestampException(
                    "The timestamp extension is invalid: its data must be 4, 8 or 12 bytes long and its nanoseconds below 1,000,000,000."),
                _ => new InvalidOperationException($"Unexpected decoder status {status}."),
            };
        }
    }
}
