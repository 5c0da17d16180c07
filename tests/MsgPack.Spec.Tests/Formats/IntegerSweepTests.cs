using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>
    /// A seeded random sweep over every integer writer: 20,000 values per type, biased to cover every width (a
    /// random bit length, then a random value of that length), plus every boundary. The span and pointer writers
    /// must write the spec's smallest form, byte for byte; every reader, span and pointer, must read the value back
    /// when its type holds it (taking exactly the bytes written) and report an overflow otherwise.
    /// </summary>
    public unsafe class IntegerSweepTests
    {
        private const int ValuesPerType = 20_000;

        /// <summary>Every Read* overflow throws; exceptions are slow, so only one value in this many checks them (TryRead* checks all).</summary>
        private const int ThrowingOverflowSample = 97;

        private static readonly Int128[] Boundaries = BuildBoundaries();

        private static Int128[] BuildBoundaries()
        {
            var values = new List<Int128>();
            Int128[] edges =
            {
                0, 127, 128, 255, 256, 32767, 32768, 65535, 65536, int.MaxValue, uint.MaxValue, long.MaxValue, ulong.MaxValue,
                -32, -33, sbyte.MinValue, short.MinValue, int.MinValue, long.MinValue,
            };
            foreach (Int128 edge in edges)
            {
                values.Add(edge - 1);
                values.Add(edge);
                values.Add(edge + 1);
            }

            return values.ToArray();
        }

        /// <summary>A random value of <paramref name="bits"/> significant bits or fewer, for an unsigned type of <paramref name="width"/> bits.</summary>
        private static IEnumerable<Int128> UnsignedValues(int width, int seed)
        {
            var random = new Random(seed);
            byte[] bytes = new byte[8];
            for (int i = 0; i < ValuesPerType; i++)
            {
                int bits = random.Next(0, width + 1);
                random.NextBytes(bytes);
                ulong raw = BitConverter.ToUInt64(bytes, 0);
                ulong value = bits == 0 ? 0 : bits == 64 ? raw : raw & ((1UL << bits) - 1);
                yield return value;
            }

            foreach (Int128 b in Boundaries)
            {
                if (b >= 0 && b <= (Int128.One << width) - 1)
                {
                    yield return b;
                }
            }
        }

        /// <summary>A random magnitude of a random bit length, then a random sign (negative values reach MinValue).</summary>
        private static IEnumerable<Int128> SignedValues(int width, int seed)
        {
            var random = new Random(seed);
            byte[] bytes = new byte[8];
            for (int i = 0; i < ValuesPerType; i++)
            {
                int bits = random.Next(0, width);
                random.NextBytes(bytes);
                ulong raw = BitConverter.ToUInt64(bytes, 0);
                Int128 magnitude = bits == 0 ? 0 : raw & ((1UL << bits) - 1);
                yield return random.Next(2) == 0 ? magnitude : -magnitude - 1;
            }

            Int128 min = -(Int128.One << (width - 1));
            Int128 max = (Int128.One << (width - 1)) - 1;
            foreach (Int128 b in Boundaries)
            {
                if (b >= min && b <= max)
                {
                    yield return b;
                }
            }
        }

        [Fact]
        public void WriteInt64SweepRoundTripsThroughEveryReader()
        {
            Sweep(SignedValues(64, 12345), new[] { 1, 2, 3, 5, 9 }, v => { long x = (long)v; return (d => MsgPackSpec.WriteInt64(d, x), p => MsgPackSpec.WriteInt64(p, x)); });
        }

        [Fact]
        public void WriteInt32SweepRoundTripsThroughEveryReader()
        {
            Sweep(SignedValues(32, 12345), new[] { 1, 2, 3, 5 }, v => { int x = (int)v; return (d => MsgPackSpec.WriteInt32(d, x), p => MsgPackSpec.WriteInt32(p, x)); });
        }

        [Fact]
        public void WriteInt16SweepRoundTripsThroughEveryReader()
        {
            Sweep(SignedValues(16, 12345), new[] { 1, 2, 3 }, v => { short x = (short)v; return (d => MsgPackSpec.WriteInt16(d, x), p => MsgPackSpec.WriteInt16(p, x)); });
        }

        [Fact]
        public void WriteSByteSweepRoundTripsThroughEveryReader()
        {
            Sweep(SignedValues(8, 12345), new[] { 1, 2 }, v => { sbyte x = (sbyte)v; return (d => MsgPackSpec.WriteSByte(d, x), p => MsgPackSpec.WriteSByte(p, x)); });
        }

        [Fact]
        public void WriteUInt64SweepRoundTripsThroughEveryReader()
        {
            Sweep(UnsignedValues(64, 12345), new[] { 1, 2, 3, 5, 9 }, v => { ulong x = (ulong)v; return (d => MsgPackSpec.WriteUInt64(d, x), p => MsgPackSpec.WriteUInt64(p, x)); });
        }

        [Fact]
        public void WriteUInt32SweepRoundTripsThroughEveryReader()
        {
            Sweep(UnsignedValues(32, 12345), new[] { 1, 2, 3, 5 }, v => { uint x = (uint)v; return (d => MsgPackSpec.WriteUInt32(d, x), p => MsgPackSpec.WriteUInt32(p, x)); });
        }

        [Fact]
        public void WriteUInt16SweepRoundTripsThroughEveryReader()
        {
            Sweep(UnsignedValues(16, 12345), new[] { 1, 2, 3 }, v => { ushort x = (ushort)v; return (d => MsgPackSpec.WriteUInt16(d, x), p => MsgPackSpec.WriteUInt16(p, x)); });
        }

        [Fact]
        public void WriteByteSweepRoundTripsThroughEveryReader()
        {
            Sweep(UnsignedValues(8, 12345), new[] { 1, 2 }, v => { byte x = (byte)v; return (d => MsgPackSpec.WriteByte(d, x), p => MsgPackSpec.WriteByte(p, x)); });
        }

        /// <summary>
        /// Every exact-format writer whose format holds the value (uint 8..64 for non-negative values, int 8..64 for
        /// those in their signed range): the readers must accept these wider-than-needed forms just as well.
        /// </summary>
        [Fact]
        public void ExactFormatSweepIsReadByEveryReaderWhoseTypeHoldsTheValue()
        {
            int checkedForms = 0;
            int n = 0;
            foreach (Int128 value in Concat(SignedValues(64, 54321), UnsignedValues(64, 54321)))
            {
                bool sampleThrows = n++ % ThrowingOverflowSample == 0;
                if (value >= 0 && value <= byte.MaxValue)
                {
                    byte x = (byte)value;
                    checkedForms += Form(value, 0xcc, 1, d => MsgPackSpec.WriteUInt8Exact(d, x), p => MsgPackSpec.WriteUInt8Exact(p, x), sampleThrows);
                }

                if (value >= 0 && value <= ushort.MaxValue)
                {
                    ushort x = (ushort)value;
                    checkedForms += Form(value, 0xcd, 2, d => MsgPackSpec.WriteUInt16Exact(d, x), p => MsgPackSpec.WriteUInt16Exact(p, x), sampleThrows);
                }

                if (value >= 0 && value <= uint.MaxValue)
                {
                    uint x = (uint)value;
                    checkedForms += Form(value, 0xce, 4, d => MsgPackSpec.WriteUInt32Exact(d, x), p => MsgPackSpec.WriteUInt32Exact(p, x), sampleThrows);
                }

                if (value >= 0 && value <= ulong.MaxValue)
                {
                    ulong x = (ulong)value;
                    checkedForms += Form(value, 0xcf, 8, d => MsgPackSpec.WriteUInt64Exact(d, x), p => MsgPackSpec.WriteUInt64Exact(p, x), sampleThrows);
                }

                if (value >= sbyte.MinValue && value <= sbyte.MaxValue)
                {
                    sbyte x = (sbyte)value;
                    checkedForms += Form(value, 0xd0, 1, d => MsgPackSpec.WriteInt8Exact(d, x), p => MsgPackSpec.WriteInt8Exact(p, x), sampleThrows);
                }

                if (value >= short.MinValue && value <= short.MaxValue)
                {
                    short x = (short)value;
                    checkedForms += Form(value, 0xd1, 2, d => MsgPackSpec.WriteInt16Exact(d, x), p => MsgPackSpec.WriteInt16Exact(p, x), sampleThrows);
                }

                if (value >= int.MinValue && value <= int.MaxValue)
                {
                    int x = (int)value;
                    checkedForms += Form(value, 0xd2, 4, d => MsgPackSpec.WriteInt32Exact(d, x), p => MsgPackSpec.WriteInt32Exact(p, x), sampleThrows);
                }

                if (value >= long.MinValue && value <= long.MaxValue)
                {
                    long x = (long)value;
                    checkedForms += Form(value, 0xd3, 8, d => MsgPackSpec.WriteInt64Exact(d, x), p => MsgPackSpec.WriteInt64Exact(p, x), sampleThrows);
                }
            }

            Assert.True(checkedForms > 2 * ValuesPerType, $"only {checkedForms} forms checked");
        }

        private static IEnumerable<Int128> Concat(IEnumerable<Int128> a, IEnumerable<Int128> b)
        {
            foreach (Int128 x in a)
            {
                yield return x;
            }

            foreach (Int128 x in b)
            {
                yield return x;
            }
        }

        private static int Form(Int128 value, byte code, int size, SpanWriter span, PointerWriter pointer, bool checkThrowingOverflow)
        {
            byte[] expected = ReferenceEncoding.WithCode(code, value, size);
            byte[] written = WriteBoth(value, span, pointer, expected);
            IntegerReaders.AssertAll(written, written.Length, value, checkThrowingOverflow);
            return 1;
        }

        private static void Sweep(IEnumerable<Int128> values, int[] expectedLengths, Func<Int128, (SpanWriter Span, PointerWriter Pointer)> writers)
        {
            int count = 0;
            var lengths = new HashSet<int>();
            foreach (Int128 value in values)
            {
                (SpanWriter span, PointerWriter pointer) = writers(value);
                byte[] expected = ReferenceEncoding.SmallestForm(value);
                byte[] written = WriteBoth(value, span, pointer, expected);
                lengths.Add(written.Length);

                if (value >= long.MinValue && value <= long.MaxValue)
                {
                    Assert.Equal(expected.Length, MsgPackSpec.GetInt64EncodedLength((long)value));
                }

                if (value >= 0 && value <= ulong.MaxValue)
                {
                    Assert.Equal(expected.Length, MsgPackSpec.GetUInt64EncodedLength((ulong)value));
                }

                bool sampleThrows = count % ThrowingOverflowSample == 0;
                IntegerReaders.AssertAll(written, written.Length, value, sampleThrows);

                // One byte short: every reader asks for the whole value (sampled, as it throws for Read*).
                if (sampleThrows)
                {
                    IntegerReaders.AssertTruncated(written, written.Length - 1, written.Length);
                }
                else
                {
                    AssertTryReadNeedsMore(written);
                }

                count++;
            }

            Assert.True(count >= ValuesPerType, $"only {count} values");

            // The random bit lengths must have produced every form the type can take.
            Assert.Equal(expectedLengths, lengths.OrderBy(n => n));
        }

        /// <summary>Writes through the span writer (into a larger span and into one of exactly the size) and the pointer writer; all must give <paramref name="expected"/>.</summary>
        private static byte[] WriteBoth(Int128 value, SpanWriter span, PointerWriter pointer, byte[] expected)
        {
            byte* stack = stackalloc byte[32];
            var large = new Span<byte>(stack, 16);
            large.Fill(ScalarAssert.Sentinel);
            int spanLength = span(large);

            byte* raw = stack + 16;
            new Span<byte>(raw, 16).Fill(ScalarAssert.Sentinel);
            int pointerLength = pointer(raw + 1);

            ReadOnlySpan<byte> fromSpan = large.Slice(0, Math.Min(spanLength, 16));
            ReadOnlySpan<byte> fromPointer = new ReadOnlySpan<byte>(raw + 1, Math.Min(pointerLength, 15));
            if (spanLength != expected.Length || pointerLength != expected.Length ||
                !fromSpan.SequenceEqual(expected) || !fromPointer.SequenceEqual(expected) ||
                large[expected.Length] != ScalarAssert.Sentinel || raw[0] != ScalarAssert.Sentinel || raw[1 + expected.Length] != ScalarAssert.Sentinel)
            {
                Assert.Fail($"{value}: expected {Hex.Of(expected)}; span wrote {spanLength}: {Hex.Of(large)}; pointer wrote {pointerLength}: {Hex.Of(new ReadOnlySpan<byte>(raw, 16))}");
            }

            // A destination of exactly the size is enough.
            Span<byte> exact = stackalloc byte[expected.Length];
            if (span(exact) != expected.Length || !exact.SequenceEqual(expected))
            {
                Assert.Fail($"{value}: into exactly {expected.Length} bytes the span writer wrote {Hex.Of(exact)}");
            }

            return expected;
        }

        private static void AssertTryReadNeedsMore(byte[] written)
        {
            ReadOnlySpan<byte> shortInput = written.AsSpan(0, written.Length - 1);
            int needed = written.Length == 1 ? 1 : written.Length;
            Expect(MsgPackSpec.TryReadInt64(shortInput, out _, out int n), n);
            Expect(MsgPackSpec.TryReadInt32(shortInput, out _, out n), n);
            Expect(MsgPackSpec.TryReadInt16(shortInput, out _, out n), n);
            Expect(MsgPackSpec.TryReadSByte(shortInput, out _, out n), n);
            Expect(MsgPackSpec.TryReadUInt64(shortInput, out _, out n), n);
            Expect(MsgPackSpec.TryReadUInt32(shortInput, out _, out n), n);
            Expect(MsgPackSpec.TryReadUInt16(shortInput, out _, out n), n);
            Expect(MsgPackSpec.TryReadByte(shortInput, out _, out n), n);

            void Expect(OperationStatus status, int bytesRead)
            {
                if (status != OperationStatus.NeedMoreData || bytesRead != needed)
                {
                    Assert.Fail($"{Hex.Of(written)} less its last byte: {status}, {bytesRead}; expected NeedMoreData, {needed}");
                }
            }
        }
    }
}
