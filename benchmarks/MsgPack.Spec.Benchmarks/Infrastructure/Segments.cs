using System;
using System.Buffers;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>Splits bytes into a sequence of fixed-size segments.</summary>
    internal static class Segments
    {
        public static ReadOnlySequence<byte> Split(byte[] bytes, int segmentLength)
        {
            var first = new Segment(bytes.AsMemory(0, Math.Min(segmentLength, bytes.Length)), 0);
            Segment last = first;
            for (int start = segmentLength; start < bytes.Length; start += segmentLength)
            {
                last = last.Append(bytes.AsMemory(start, Math.Min(segmentLength, bytes.Length - start)));
            }

            return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
        }

        private sealed class Segment : ReadOnlySequenceSegment<byte>
        {
            public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
            {
                Memory = memory;
                RunningIndex = runningIndex;
            }

            public Segment Append(ReadOnlyMemory<byte> memory)
            {
                var next = new Segment(memory, RunningIndex + Memory.Length);
                Next = next;
                return next;
            }
        }
    }
}
