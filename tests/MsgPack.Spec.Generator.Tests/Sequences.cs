using System.Buffers;
using MsgPack.Spec.Fuzzing;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>Two-segment sequences over the same bytes, for the generated readers' segment boundaries.</summary>
    internal static class Sequences
    {
        /// <summary>
        /// The bytes as two segments, cut at <paramref name="cut"/>: the fuzz engine's cutter, which puts each segment
        /// in an array of its own between bytes that decode as something else, so a read past a segment's end shows.
        /// </summary>
        public static ReadOnlySequence<byte> Split(byte[] bytes, int cut) => FuzzOracle.Segments.FromCuts(bytes, [cut], out _);
    }
}
