using System;
using System.Buffers;
using System.Collections.Generic;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>Skip / TrySkip: the exact length of one whole value, nested or not, and every way it can fail.</summary>
    public unsafe class SkipTests
    {
        [Theory]
        // nil, bool, integers
        [InlineData("c0")]
        [InlineData("c2")]
        [InlineData("c3")]
        [InlineData("00")]
        [InlineData("7f")]
        [InlineData("e0")]
        [InlineData("ff")]
        [InlineData("cc ff")]
        [InlineData("cd 01 00")]
        [InlineData("ce 00 00 00 01")]
        [InlineData("cf 00 00 00 00 00 00 00 01")]
        [InlineData("d0 80")]
        [InlineData("d1 80 00")]
        [InlineData("d2 80 00 00 00")]
        [InlineData("d3 80 00 00 00 00 00 00 00")]
        // floats
        [InlineData("ca 3f 80 00 00")]
        [InlineData("cb 3f f0 00 00 00 00 00 00")]
        // str
        [InlineData("a0")]
        [InlineData("a3 61 62 63")]
        [InlineData("a1 c1")] // 0xc1 as str data is just a byte
        [InlineData("a1 ff")] // str bytes are not validated by Skip
        [InlineData("d9 00")]
        [InlineData("d9 02 61 62")]
        [InlineData("da 00 00")]
        [InlineData("da 00 01 61")]
        [InlineData("db 00 00 00 00")]
        [InlineData("db 00 00 00 01 61")]
        // bin
        [InlineData("c4 00")]
        [InlineData("c4 02 c1 c1")]
        [InlineData("c5 00 01 ff")]
        [InlineData("c6 00 00 00 01 ff")]
        // ext
        [InlineData("d4 01 aa")]
        [InlineData("d5 01 aa bb")]
        [InlineData("d6 ff 00 00 00 00")]
        [InlineData("d7 ff 00 00 00 00 00 00 00 00")]
        [InlineData("d8 01 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f")]
        [InlineData("c7 00 05")]
        [InlineData("c7 02 05 aa bb")]
        [InlineData("c7 0c ff 00 00 00 00 ff ff ff ff ff ff ff ff")]
        [InlineData("c8 00 01 05 aa")]
        [InlineData("c9 00 00 00 01 05 aa")]
        // arrays and maps
        [InlineData("90")]
        [InlineData("91 c0")]
        [InlineData("9f 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e")]
        [InlineData("80")]
        [InlineData("81 a1 61 c0")]
        [InlineData("81 91 01 92 02 03")] // an array as a key
        [InlineData("dc 00 00")]
        [InlineData("dc 00 01 c0")]
        [InlineData("dd 00 00 00 00")]
        [InlineData("dd 00 00 00 02 c2 c3")]
        [InlineData("de 00 00")]
        [InlineData("de 00 01 01 02")]
        [InlineData("df 00 00 00 00")]
        [InlineData("df 00 00 00 01 a1 6b d9 01 76")]
        [InlineData("91 90")]
        [InlineData("92 90 80")]
        [InlineData("82 a1 61 92 01 92 02 80 a1 62 c0")] // {"a":[1,[2,{}]],"b":nil}
        [InlineData("93 c4 01 c1 d4 01 c1 a1 c1")] // 0xc1 in payloads only
        [InlineData("92 d6 ff 00 00 00 00 c7 0c ff 00 00 00 00 00 00 00 00 00 00 00 00")]
        public void SkipMeasuresOneWholeValue(string hex)
        {
            byte[] value = Hex.ToBytes(hex);

            // Alone, and followed by more data (even 0xc1): the length of the first value only.
            foreach (byte[] input in new[] { value, ContainerTestData.Concat(value, Hex.ToBytes("c0")), ContainerTestData.Concat(value, Hex.ToBytes("c1 c1 ff")) })
            {
                Assert.Equal(value.Length, MsgPackSpec.Skip(input));
                Assert.Equal(OperationStatus.Done, MsgPackSpec.TrySkip(input, out int read));
                Assert.Equal(value.Length, read);
                fixed (byte* p = input)
                {
                    Assert.Equal(value.Length, MsgPackSpec.Skip(p, input.Length));
                    Assert.Equal(OperationStatus.Done, MsgPackSpec.TrySkip(p, input.Length, out int pointerRead));
                    Assert.Equal(value.Length, pointerRead);
                }
            }
        }

        [Theory]
        [InlineData("cc ff")]
        [InlineData("cf 00 00 00 00 00 00 00 01")]
        [InlineData("cb 3f f0 00 00 00 00 00 00")]
        [InlineData("a3 61 62 63")]
        [InlineData("d9 02 61 62")]
        [InlineData("da 00 01 61")]
        [InlineData("db 00 00 00 01 61")]
        [InlineData("c4 02 c1 c1")]
        [InlineData("c5 00 01 ff")]
        [InlineData("c6 00 00 00 01 ff")]
        [InlineData("d4 01 aa")]
        [InlineData("d8 01 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f")]
        [InlineData("c7 02 05 aa bb")]
        [InlineData("c8 00 01 05 aa")]
        [InlineData("c9 00 00 00 01 05 aa")]
        [InlineData("91 c0")]
        [InlineData("9f 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e")]
        [InlineData("81 a1 61 c0")]
        [InlineData("81 91 01 92 02 03")]
        [InlineData("dc 00 01 c0")]
        [InlineData("dd 00 00 00 02 c2 c3")]
        [InlineData("de 00 01 01 02")]
        [InlineData("df 00 00 00 01 a1 6b d9 01 76")]
        [InlineData("92 90 80")]
        [InlineData("82 a1 61 92 01 92 02 80 a1 62 c0")]
        [InlineData("93 c4 01 c1 d4 01 c1 a1 c1")]
        [InlineData("92 d6 ff 00 00 00 00 c7 0c ff 00 00 00 00 00 00 00 00 00 00 00 00")]
        public void SkipOfEveryTruncationNeedsMoreData(string hex)
        {
            byte[] value = Hex.ToBytes(hex);
            for (int cut = 0; cut < value.Length; cut++)
            {
                byte[] input = value.AsSpan(0, cut).ToArray();

                var thrown = Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.Skip(input));
                Assert.Equal(cut, thrown.BytesAvailable);
                Assert.InRange(thrown.BytesNeeded, cut + 1, value.Length);

                OperationStatus status = MsgPackSpec.TrySkip(input, out int needed);
                Assert.Equal((cut, OperationStatus.NeedMoreData), (cut, status));
                Assert.InRange(needed, cut + 1, value.Length); // more than there is, never more than the value takes
                Assert.Equal(thrown.BytesNeeded, needed);

                fixed (byte* p = input)
                {
                    Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TrySkip(p, input.Length, out int pointerNeeded));
                    Assert.Equal(needed, pointerNeeded);
                }
            }
        }

        [Theory]
        [InlineData("82 a1 61 92 01 92 02 80 a1 62 c0")]
        [InlineData("dd 00 00 00 03 db 00 00 00 02 61 62 c6 00 00 00 01 ff c9 00 00 00 01 05 aa")]
        [InlineData("91 91 91 91 91 91 91 91 c0")]
        public void FeedingTheReportedLengthBackReachesTheEnd(string hex)
        {
            // A streaming reader grows its buffer to what NeedMoreData asks for; that must converge on the value.
            byte[] value = Hex.ToBytes(hex);
            int available = 0;
            int rounds = 0;
            OperationStatus status;
            while ((status = MsgPackSpec.TrySkip(value.AsSpan(0, available), out int read)) == OperationStatus.NeedMoreData)
            {
                Assert.True(read > available, $"NeedMoreData asked for {read} bytes with {available} available.");
                available = read;
                rounds++;
                Assert.True(rounds <= value.Length);
            }

            Assert.Equal(OperationStatus.Done, status);
            Assert.Equal(value.Length, available);
        }

        [Theory]
        [InlineData("c1")]
        [InlineData("91 c1")]
        [InlineData("92 01 c1")]
        [InlineData("81 c1 01")] // as a key
        [InlineData("81 01 c1")] // as a value
        [InlineData("dc 00 02 c0 c1")]
        [InlineData("dd 00 00 00 01 c1")]
        [InlineData("de 00 01 c1 c0")]
        [InlineData("df 00 00 00 01 c0 c1")]
        [InlineData("82 a1 61 92 01 92 02 c1 a1 62 c0")] // {"a":[1,[2,<c1>]],"b":nil}
        [InlineData("82 a1 61 92 01 92 02 80 a1 62 c1")]
        [InlineData("91 91 91 91 c1")]
        [InlineData("92 c4 01 c1 c1")] // after a bin payload that happens to be c1
        public void NeverUsedCodeWhereAValueStartsIsInvalid(string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            // (The exception's Code is the first byte of the whole value, not the 0xc1 found inside it.)
            Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.Skip(input));

            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TrySkip(input, out int read));
            Assert.Equal(0, read);
            fixed (byte* p = input)
            {
                Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TrySkip(p, input.Length, out int pointerRead));
                Assert.Equal(0, pointerRead);
            }

            Assert.Throws<MsgPackUnexpectedCodeException>(() =>
            {
                fixed (byte* p = input)
                {
                    MsgPackSpec.Skip(p, input.Length);
                }
            });
        }

        [Theory]
        [InlineData("90", 1)]
        [InlineData("dc 00 00", 3)]
        [InlineData("dd 00 00 00 00", 5)]
        [InlineData("80", 1)]
        [InlineData("de 00 00", 3)]
        [InlineData("df 00 00 00 00", 5)]
        [InlineData("91 90", 2)]
        [InlineData("91 80", 2)]
        [InlineData("81 90 80", 3)]
        [InlineData("dc 00 01 dc 00 00", 6)]
        public void EmptyArraysAndMapsEndTheValue(string hex, int expected)
        {
            // Regression from msgpack.spec: empty containers were once not counted as a value at all.
            byte[] input = ContainerTestData.Concat(Hex.ToBytes(hex), Hex.ToBytes("c0 c0"));
            Assert.Equal(expected, MsgPackSpec.Skip(input));
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TrySkip(input, out int read));
            Assert.Equal(expected, read);
        }

        [Fact]
        public void HugeStringLengthInsideAnArrayIsReportedWithoutHangingOrWrapping()
        {
            // Regression from msgpack.spec: a str 32 of 0xfffffff8 bytes inside an array of two. The value needs at
            // least 3 + 5 + 0xfffffff8 + 1 bytes, more than int.MaxValue, which no span reaches: TrySkip's contract
            // makes that InvalidData (not a NeedMoreData that no input can satisfy, nor a length wrapped negative).
            byte[] input = Hex.ToBytes("dc 00 02 db ff ff ff f8");
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TrySkip(input, out int read));
            Assert.Equal(0, read);
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.Skip(input));

            // The same shape with a length that fits: NeedMoreData with the least length, 8 + 0x7ffffff0 + 1.
            byte[] fits = Hex.ToBytes("dc 00 02 db 7f ff ff f0");
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TrySkip(fits, out int needed));
            Assert.Equal(2147483641, needed);
            var thrown = Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.Skip(fits));
            Assert.Equal(2147483641, thrown.BytesNeeded);
            Assert.Equal(8, thrown.BytesAvailable);
        }

        [Theory]
        [InlineData("dd 7f ff ff fa", int.MaxValue)] // 5 + 0x7ffffffa items of at least one byte each
        [InlineData("df 3f ff ff fd", int.MaxValue)] // 5 + 2 * 0x3ffffffd keys and values
        [InlineData("dc ff ff", 65538)]
        [InlineData("dd 00 01 00 00", 65541)]
        [InlineData("dc 00 02 db 00 00 00 10", 25)]
        [InlineData("dc 00 02 db 00", 9)] // the str header itself is cut: 3 + 5 + the second item
        public void LargeButPossibleValuesNeedMoreData(string hex, int needed)
        {
            byte[] input = Hex.ToBytes(hex);
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TrySkip(input, out int read));
            Assert.Equal(needed, read);
            var thrown = Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.Skip(input));
            Assert.Equal(needed, thrown.BytesNeeded);
        }

        [Theory]
        [InlineData("db ff ff ff ff")]
        [InlineData("c6 ff ff ff ff")]
        [InlineData("c9 ff ff ff ff 01")]
        [InlineData("91 db ff ff ff ff")]
        [InlineData("92 db ff ff ff ff")]
        [InlineData("dd 7f ff ff fb")] // one item more than the NeedMoreData case above
        [InlineData("df 3f ff ff fe")]
        [InlineData("dd ff ff ff ff")] // 2^32 - 1 items announced
        [InlineData("df ff ff ff ff")] // 2 * (2^32 - 1) keys and values announced
        [InlineData("dd ff ff ff ff c0 c0 c0")]
        [InlineData("dc ff ff db ff ff ff ff")]
        [InlineData("df ff ff ff ff c6 ff ff ff ff")]
        public void ValueLongerThanIntMaxValueIsInvalid(string hex)
        {
            // TrySkip's contract: InvalidData for a value longer than int.MaxValue bytes.
            byte[] input = Hex.ToBytes(hex);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TrySkip(input, out int read));
            Assert.Equal(0, read);
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.Skip(input));
        }

        [Fact]
        public void EmptyInputNeedsOneByte()
        {
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TrySkip(ReadOnlySpan<byte>.Empty, out int needed));
            Assert.Equal(1, needed);
            var thrown = Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.Skip(ReadOnlySpan<byte>.Empty));
            Assert.Equal(1, thrown.BytesNeeded);
            Assert.Equal(0, thrown.BytesAvailable);
        }

        [Fact]
        public void NullPointerWithNoBytesNeedsOneByte()
        {
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TrySkip(null, 0, out int needed));
            Assert.Equal(1, needed);
            Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.Skip(null, 0));
        }

        [Fact]
        public void DeepNestingIsSkippedWithoutRecursion()
        {
            const int depth = 100_000;
            byte[] input = ContainerTestData.Concat(ContainerTestData.Repeat(0x91, depth), Hex.ToBytes("c0"));
            Assert.Equal(depth + 1, MsgPackSpec.Skip(input));
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TrySkip(input, out int read));
            Assert.Equal(depth + 1, read);

            // Without the innermost value: exactly one more byte is needed.
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TrySkip(input.AsSpan(0, depth), out int needed));
            Assert.Equal(depth + 1, needed);
        }

        [Fact]
        public void DeeplyNestedMapsAreSkippedWithoutRecursion()
        {
            // {nil: {nil: ... {nil: nil}}}, 50,000 maps deep.
            const int depth = 50_000;
            byte[] input = new byte[(depth * 2) + 1];
            for (int i = 0; i < depth; i++)
            {
                input[2 * i] = 0x81;
                input[(2 * i) + 1] = 0xc0;
            }

            input[input.Length - 1] = 0xc0;
            Assert.Equal(input.Length, MsgPackSpec.Skip(input));
        }

        [Fact]
        public void LongFlatArrayIsSkipped()
        {
            byte[] input = ContainerTestData.Concat(Hex.ToBytes("dc ff ff"), ContainerTestData.Repeat(0xc0, 65535), Hex.ToBytes("c1"));
            Assert.Equal(65538, MsgPackSpec.Skip(input));

            // One item short: the one missing item needs one more byte.
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TrySkip(input.AsSpan(0, 65537), out int needed));
            Assert.Equal(65538, needed);
        }

        /// <summary>Appends one random value, encoded by hand from the specification, to <paramref name="output"/>.</summary>
        internal static void EmitRandomValue(Random random, List<byte> output, int depth)
        {
            void Big(long value, int size)
            {
                for (int shift = (size - 1) * 8; shift >= 0; shift -= 8)
                {
                    output.Add((byte)(value >> shift));
                }
            }

            void Bytes(int count)
            {
                for (int i = 0; i < count; i++)
                {
                    output.Add((byte)random.Next(256)); // 0xc1 included: payloads are never codes
                }
            }

            void Items(int count)
            {
                for (int i = 0; i < count; i++)
                {
                    EmitRandomValue(random, output, depth + 1);
                }
            }

            int[] lengthSizes = { 1, 2, 4 };
            switch (random.Next(depth >= 5 ? 10 : 14))
            {
                case 0:
                    output.Add(0xc0);
                    break;
                case 1:
                    output.Add(random.Next(2) == 0 ? (byte)0xc2 : (byte)0xc3);
                    break;
                case 2:
                    output.Add((byte)random.Next(0x80));
                    break;
                case 3:
                    output.Add((byte)(0xe0 | random.Next(32)));
                    break;
                case 4:
                {
                    byte[] codes = { 0xcc, 0xcd, 0xce, 0xcf, 0xd0, 0xd1, 0xd2, 0xd3, 0xca, 0xcb };
                    int[] sizes = { 1, 2, 4, 8, 1, 2, 4, 8, 4, 8 };
                    int which = random.Next(codes.Length);
                    output.Add(codes[which]);
                    Bytes(sizes[which]);
                    break;
                }

                case 5:
                {
                    int length = random.Next(32);
                    output.Add((byte)(0xa0 | length));
                    Bytes(length);
                    break;
                }

                case 6:
                case 7:
                {
                    // str 8/16/32 or bin 8/16/32
                    int form = random.Next(3);
                    int length = random.Next(40);
                    output.Add((byte)((random.Next(2) == 0 ? 0xd9 : 0xc4) + form));
                    Big(length, lengthSizes[form]);
                    Bytes(length);
                    break;
                }

                case 8:
                {
                    int log2 = random.Next(5);
                    output.Add((byte)(0xd4 + log2));
                    Bytes(1 + (1 << log2)); // type, then data
                    break;
                }

                case 9:
                {
                    int form = random.Next(3);
                    int length = random.Next(20);
                    output.Add((byte)(0xc7 + form));
                    Big(length, lengthSizes[form]);
                    Bytes(1 + length);
                    break;
                }

                case 10:
                {
                    int count = random.Next(4);
                    output.Add((byte)(0x90 | count));
                    Items(count);
                    break;
                }

                case 11:
                {
                    int count = random.Next(4);
                    bool wide = random.Next(2) == 0;
                    output.Add(wide ? (byte)0xdd : (byte)0xdc);
                    Big(count, wide ? 4 : 2);
                    Items(count);
                    break;
                }

                case 12:
                {
                    int count = random.Next(3);
                    output.Add((byte)(0x80 | count));
                    Items(2 * count);
                    break;
                }

                default:
                {
                    int count = random.Next(3);
                    bool wide = random.Next(2) == 0;
                    output.Add(wide ? (byte)0xdf : (byte)0xde);
                    Big(count, wide ? 4 : 2);
                    Items(2 * count);
                    break;
                }
            }
        }

        [Fact]
        public void RandomValuesAreMeasuredExactlyAndEveryPrefixNeedsMoreData()
        {
            var random = new Random(20240601);
            for (int round = 0; round < 300; round++)
            {
                var encoded = new List<byte>();
                EmitRandomValue(random, encoded, 0);
                int length = encoded.Count;
                EmitRandomValue(random, encoded, 0); // a second value follows
                byte[] input = encoded.ToArray();

                Assert.Equal((round, OperationStatus.Done, length), (round, MsgPackSpec.TrySkip(input, out int read), read));
                Assert.Equal(length, MsgPackSpec.Skip(input));

                for (int cut = 0; cut < length; cut++)
                {
                    OperationStatus status = MsgPackSpec.TrySkip(input.AsSpan(0, cut), out int needed);
                    Assert.Equal((round, cut, OperationStatus.NeedMoreData), (round, cut, status));
                    Assert.InRange(needed, cut + 1, length);
                }
            }
        }

        [Fact]
        public void SkipWalksAStreamOfValues()
        {
            byte[] stream = Hex.ToBytes("c0 a1 61 92 01 80 d6 ff 00 00 00 00 c4 01 c1 cd 01 00");
            int[] expected = { 1, 2, 3, 6, 3, 3 };
            int offset = 0;
            foreach (int length in expected)
            {
                Assert.Equal(length, MsgPackSpec.Skip(stream.AsSpan(offset)));
                offset += length;
            }

            Assert.Equal(stream.Length, offset);
        }
    }
}
