using System;
using System.Collections.Generic;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>A generated model's span door that returns the bytes written (not part of <see cref="IMsgPackSerializable{T}"/>).</summary>
    internal delegate int SpanWrite<T>(Span<byte> destination, in T value);

    /// <summary>
    /// The checks the run-time tests of generated models share (BclTypeTests, MemberTypeTests, UnionTests): a model's
    /// bytes, its other writers against them, reads across two segments, and writing without allocation. The doors of
    /// the contract are reached through <see cref="IMsgPackSerializable{T}"/>, the rest are passed in.
    /// </summary>
    internal static class Doors
    {
        /// <summary>The bytes of <paramref name="value"/> by the span door that returns a count, as long as GetEncodedLength says.</summary>
        public static byte[] Bytes<T>(T value, SpanWrite<T> write)
            where T : IMsgPackSerializable<T>
        {
            byte[] bytes = new byte[T.GetEncodedLength(value)];
            Assert.Equal(bytes.Length, write(bytes, value));
            return bytes;
        }

        /// <summary>The bytes of <paramref name="value"/> by the contract's advancing span door, which fills exactly GetEncodedLength bytes.</summary>
        public static byte[] ContractBytes<T>(T value)
            where T : IMsgPackSerializable<T>
        {
            byte[] bytes = new byte[T.GetEncodedLength(value)];
            Span<byte> rest = bytes;
            T.Write(ref rest, value);
            Assert.Equal(0, rest.Length);
            return bytes;
        }

        /// <summary>The writer and the advancing span write <paramref name="bytes"/>, the span in exactly their room.</summary>
        public static void AssertWritersAgree<T>(T value, byte[] bytes)
            where T : IMsgPackSerializable<T>
        {
            var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            T.Write(ref writer, value);
            writer.Flush();
            Assert.Equal(bytes, output.WrittenSpan.ToArray());

            byte[] exact = new byte[bytes.Length];
            Span<byte> rest = exact;
            T.Write(ref rest, value);
            Assert.Equal(0, rest.Length);
            Assert.Equal(bytes, exact);
        }

        /// <summary>1, 1 + <paramref name="step"/>, ... below <paramref name="length"/>: cuts inside the bytes, a few of them.</summary>
        public static IEnumerable<int> Cuts(int length, int step)
        {
            for (int cut = 1; cut < length; cut += step)
            {
                yield return cut;
            }
        }

        /// <summary>Reads <paramref name="bytes"/> from two segments cut at each of <paramref name="cuts"/>: to their end, the value as <paramref name="check"/> expects.</summary>
        public static void AssertReadsAcrossSegments<T>(byte[] bytes, IEnumerable<int> cuts, Action<T> check)
            where T : IMsgPackSerializable<T>
        {
            foreach (int cut in cuts)
            {
                var reader = new MsgPackReader(Sequences.Split(bytes, cut));
                check(T.Read(ref reader));
                Assert.Equal(bytes.Length, reader.Consumed);
            }
        }

        /// <summary>
        /// Writes <paramref name="value"/> through the writer, GetEncodedLength and <paramref name="spanDoors"/> (into a
        /// buffer of 64 KiB) once, for the JIT, the statics and the pool's first rent, then <paramref name="rounds"/>
        /// times, which must allocate nothing on this thread. (A static lambda for the span doors: it is made once.)
        /// </summary>
        public static void AssertWritingAllocatesNothing<T>(T value, int rounds, Action<byte[], T> spanDoors)
            where T : IMsgPackSerializable<T>
        {
            var output = new PooledBufferWriter(1 << 16);
            byte[] buffer = new byte[1 << 16];
            Exercise(output, buffer, value, spanDoors);
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < rounds; i++)
            {
                Exercise(output, buffer, value, spanDoors);
            }

            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);

            static void Exercise(PooledBufferWriter output, byte[] buffer, T value, Action<byte[], T> spanDoors)
            {
                output.Reset();
                var writer = new MsgPackWriter(output);
                T.Write(ref writer, value);
                writer.Flush();
                spanDoors(buffer, value);
                _ = T.GetEncodedLength(value);
            }
        }
    }
}
