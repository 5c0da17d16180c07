using System;
using System.Buffers;
using System.Linq;

namespace MsgPack.Spec.Lz4.Tests
{
    internal static class Hex
    {
        public static byte[] ToBytes(string hex) =>
            hex.Split(' ', StringSplitOptions.RemoveEmptyEntries).Select(h => Convert.ToByte(h, 16)).ToArray();

        public static string Of(ReadOnlySpan<byte> bytes) => Convert.ToHexString(bytes);

        /// <summary>The bytes as a sequence of segments cut at the given lengths (the last segment takes the rest).</summary>
        public static ReadOnlySequence<byte> Segments(byte[] bytes, params int[] cuts)
        {
            var first = new Segment(ReadOnlyMemory<byte>.Empty);
            Segment last = first;
            int start = 0;
            foreach (int cut in cuts.Where(c => c > 0 && c < bytes.Length).OrderBy(c => c))
            {
                last = last.Append(bytes.AsMemory(start, cut - start));
                start = cut;
            }

            last = last.Append(bytes.AsMemory(start));
            return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
        }

        private sealed class Segment : ReadOnlySequenceSegment<byte>
        {
            public Segment(ReadOnlyMemory<byte> memory) => Memory = memory;

            public Segment Append(ReadOnlyMemory<byte> memory)
            {
                var next = new Segment(memory) { RunningIndex = RunningIndex + Memory.Length };
                Next = next;
                return next;
            }
        }
    }
}
