using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace MsgPack.Spec
{
    /// <summary>
    /// Every throw of the library, out of line: a call to a method that never returns keeps the caller's hot path
    /// small and lets the JIT inline it.
    /// </summary>
    internal static class ThrowHelper
    {
        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void ThrowDestinationTooSmall(long bytesNeeded, int bytesAvailable) =>
            throw new ArgumentException(
                $"The destination is too small: the value needs {bytesNeeded} bytes, but only {bytesAvailable} are free.",
                "destination");

        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void ThrowSpanTooShort(string paramName, int bytesNeeded, int length) =>
            throw new ArgumentOutOfRangeException(paramName, length, $"The span needs at least {bytesNeeded} bytes.");

        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void ThrowArgumentOutOfRange(string paramName, long value, string allowed) =>
            throw new ArgumentOutOfRangeException(paramName, value, $"The value must be {allowed}.");

        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void ThrowObjectDisposed(string objectName) => throw new ObjectDisposedException(objectName);

        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void ThrowInvalidOperation(string message) => throw new InvalidOperationException(message);

        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void ThrowTruncated(int bytesNeeded, int bytesAvailable, string expected) =>
            throw new MsgPackTruncatedException(bytesNeeded, bytesAvailable, expected);

        /// <summary>Turns a failed decoding into the exception that names what was found and what was expected.</summary>
        /// <param name="status">The decoder's verdict, anything but <see cref="ReadStatus.Done"/>.</param>
        /// <param name="source">The input the decoder was given.</param>
        /// <param name="bytesNeeded">For <see cref="ReadStatus.NeedMoreData"/>, the length the input needs.</param>
        /// <param name="expected">What was being read, in words ("an Int32", "a str header").</param>
        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void ThrowReadFailure(ReadStatus status, ReadOnlySpan<byte> source, int bytesNeeded, string expected) =>
            ThrowReadFailure(status, source.IsEmpty ? -1 : source[0], bytesNeeded, source.Length, expected);

        /// <summary>The same, for a reader that knows the first byte (-1 when there is none) and the bytes available.</summary>
        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void ThrowReadFailure(ReadStatus status, int firstByte, int bytesNeeded, long bytesAvailable, string expected)
        {
            byte code = firstByte < 0 ? (byte)0 : (byte)firstByte;
            throw status switch
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
