using System;
using System.Buffers;
using System.Linq;
using MsgPack.Spec.Fuzzing;

namespace MsgPack.Spec.Lz4.Tests
{
    internal static class Hex
    {
        public static byte[] ToBytes(string hex) =>
            hex.Split(' ', StringSplitOptions.RemoveEmptyEntries).Select(h => Convert.ToByte(h, 16)).ToArray();

        public static string Of(ReadOnlySpan<byte> bytes) => Convert.ToHexString(bytes);

        /// <summary>The bytes as a sequence of segments cut at the given offsets (the fuzz engine's segmenting).</summary>
        public static ReadOnlySequence<byte> Segments(byte[] bytes, params int[] cuts) =>
            FuzzOracle.Segments.FromCuts(bytes, cuts.Where(c => c > 0 && c < bytes.Length).ToList(), out _);
    }
}
