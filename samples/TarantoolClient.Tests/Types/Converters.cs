using System;
using System.Buffers;
using MsgPack.Spec.Fuzzing;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests.Types
{
    /// <summary>What every converter test asks: the same bytes from each writer, and the same value from each reader.</summary>
    internal static class Converters
    {
        /// <summary>
        /// Writes the value through the writer, the span writer and GetEncodedLength, checks all three agree (and that the
        /// span writer refuses a destination one byte short), and returns the bytes.
        /// </summary>
        public static byte[] Write<T, TConverter>(T value)
            where TConverter : struct, IMsgPackConverter<T>
        {
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            default(TConverter).Write(ref writer, value);
            writer.Flush();
            byte[] written = output.WrittenSpan.ToArray();

            var buffer = new byte[written.Length + 8];
            Span<byte> rest = buffer;
            default(TConverter).Write(ref rest, value);
            Assert.Equal(written, buffer.AsSpan(0, buffer.Length - rest.Length).ToArray());
            Assert.Equal(written.Length, default(TConverter).GetEncodedLength(value));
            Assert.Throws<ArgumentException>(() =>
            {
                Span<byte> small = new byte[written.Length - 1];
                default(TConverter).Write(ref small, value);
            });
            return written;
        }

        /// <summary>
        /// Reads the bytes as one value from a span, and from a sequence split in two at every position (the data then
        /// straddles segments and is copied); every read must give the same value, consume every byte, and be followed by
        /// the next value.
        /// </summary>
        public static T Read<T, TConverter>(byte[] bytes, Func<T, T, bool>? equal = null)
            where TConverter : struct, IMsgPackConverter<T>
        {
            equal ??= (a, b) => Equals(a, b);
            byte[] followed = [.. bytes, 0x2a];
            var reader = new MsgPackReader(followed);
            T value = default(TConverter).Read(ref reader, 0);
            Assert.Equal(42, reader.ReadInt32());
            Assert.True(reader.End);
            for (int split = 1; split < followed.Length; split++)
            {
                var split_reader = new MsgPackReader(Segments.Split(followed, split));
                T again = default(TConverter).Read(ref split_reader, 0);
                Assert.True(equal(value, again), $"split at {split}: {again} instead of {value}");
                Assert.Equal(42, split_reader.ReadInt32());
            }

            return value;
        }

        /// <summary>Reads the bytes and returns the exception, the same from a span and from every split sequence.</summary>
        public static TException ReadFails<T, TConverter, TException>(byte[] bytes)
            where TConverter : struct, IMsgPackConverter<T>
            where TException : MsgPackException
        {
            TException error = Assert.ThrowsAny<TException>(() =>
            {
                var reader = new MsgPackReader(bytes);
                default(TConverter).Read(ref reader, 0);
            });
            for (int split = 1; split < bytes.Length; split++)
            {
                TException again = Assert.ThrowsAny<TException>(() =>
                {
                    var reader = new MsgPackReader(Segments.Split(bytes, split));
                    default(TConverter).Read(ref reader, 0);
                });
                Assert.Equal(error.Message, again.Message);
            }

            return error;
        }

        /// <summary>Hex as the tests write it, "d5 01 00 0c", into bytes.</summary>
        public static byte[] Hex(string text) => Convert.FromHexString(text.Replace(" ", "", StringComparison.Ordinal));
    }

    /// <summary>Sequences of two segments, for readers that cross a segment boundary.</summary>
    internal static class Segments
    {
        /// <summary>The bytes in two segments, cut at <paramref name="at"/> (0 or the length: one of them empty), by the fuzz engine's segmenting.</summary>
        public static ReadOnlySequence<byte> Split(byte[] bytes, int at) => FuzzOracle.Segments.FromCuts(bytes, [at], out _);
    }
}
