using System;
using System.Buffers;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>Two-segment sequences over the same bytes, for the generated readers' segment boundaries.</summary>
    internal static class Sequences
    {
        /// <summary>The bytes as two segments, cut at <paramref name="cut"/>; each segment a copy, so no read can run past its end by accident.</summary>
        public static ReadOnlySequence<byte> Split(byte[] bytes, int cut)
        {
            var first = new Segment(bytes.AsSpan(0, cut).ToArray());
            Segment last = first.Append(bytes.AsSpan(cut).ToArray());
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
