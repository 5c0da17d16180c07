using System.Diagnostics.CodeAnalysis;

namespace MsgPack.Spec.Lz4
{
    /// <summary>The package's throws, out of line (as the core's ThrowHelper: each body one <c>throw</c>, so that the JIT marks the call site cold).</summary>
    internal static class ThrowHelper
    {
        [DoesNotReturn]
        public static void ThrowArgumentOutOfRange(string paramName, long value, string allowed) =>
            throw new ArgumentOutOfRangeException(paramName, value, $"The value must be {allowed}.");

        [DoesNotReturn]
        public static void ThrowArgumentNull(string paramName) => throw new ArgumentNullException(paramName);

        [DoesNotReturn]
        public static void ThrowDestinationTooSmall(int bytesNeeded, int bytesAvailable) =>
            throw new ArgumentException(
                $"The destination is too small: compressing needs up to {bytesNeeded} bytes (GetMaxCompressedLength), but only {bytesAvailable} are free.",
                "destination");

        [DoesNotReturn]
        public static void ThrowSourceTooLong(long length) =>
            throw new ArgumentOutOfRangeException("source", length, "The value is too long to compress into one array: its compressed form could pass Array.MaxLength.");

        [DoesNotReturn]
        public static void ThrowInvalid(string message) => throw new MsgPackLz4Exception(message);

        [DoesNotReturn]
        public static void ThrowLimit(long decompressedLength, int maxDecompressedLength) =>
            throw new MsgPackLz4LimitException(decompressedLength, maxDecompressedLength);
    }
}
