using System;
using System.Buffers;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>array and map headers: smallest and exact forms, counts above <see cref="int.MaxValue"/>, bad input.</summary>
    public unsafe class ArrayMapHeaderTests
    {
        // The two families differ only in their codes, so each test names the family and calls the matching method.

        private static int GetHeaderLength(string family, int count) =>
            family == "array" ? MsgPackSpec.GetArrayHeaderEncodedLength(count) : MsgPackSpec.GetMapHeaderEncodedLength(count);

        private static int Write(string family, Span<byte> destination, int count) =>
            family == "array" ? MsgPackSpec.WriteArrayHeader(destination, count) : MsgPackSpec.WriteMapHeader(destination, count);

        private static bool TryWrite(string family, Span<byte> destination, int count, out int written) =>
            family == "array"
                ? MsgPackSpec.TryWriteArrayHeader(destination, count, out written)
                : MsgPackSpec.TryWriteMapHeader(destination, count, out written);

        private static int Write(string family, byte* destination, int count) =>
            family == "array" ? MsgPackSpec.WriteArrayHeader(destination, count) : MsgPackSpec.WriteMapHeader(destination, count);

        private static int Read(string family, ReadOnlySpan<byte> source, out int read) =>
            family == "array" ? MsgPackSpec.ReadArrayHeader(source, out read) : MsgPackSpec.ReadMapHeader(source, out read);

        private static OperationStatus TryRead(string family, ReadOnlySpan<byte> source, out int value, out int read) =>
            family == "array"
                ? MsgPackSpec.TryReadArrayHeader(source, out value, out read)
                : MsgPackSpec.TryReadMapHeader(source, out value, out read);

        private static int Read(string family, byte* source, int length, out int read) =>
            family == "array" ? MsgPackSpec.ReadArrayHeader(source, length, out read) : MsgPackSpec.ReadMapHeader(source, length, out read);

        private static OperationStatus TryRead(string family, byte* source, int length, out int value, out int read) =>
            family == "array"
                ? MsgPackSpec.TryReadArrayHeader(source, length, out value, out read)
                : MsgPackSpec.TryReadMapHeader(source, length, out value, out read);

        [Theory]
        [InlineData("array", 0, "90")]
        [InlineData("array", 1, "91")]
        [InlineData("array", 15, "9f")]
        [InlineData("array", 16, "dc 00 10")]
        [InlineData("array", 100, "dc 00 64")]
        [InlineData("array", 65535, "dc ff ff")]
        [InlineData("array", 65536, "dd 00 01 00 00")]
        [InlineData("array", int.MaxValue, "dd 7f ff ff ff")]
        [InlineData("map", 0, "80")]
        [InlineData("map", 1, "81")]
        [InlineData("map", 15, "8f")]
        [InlineData("map", 16, "de 00 10")]
        [InlineData("map", 65535, "de ff ff")]
        [InlineData("map", 65536, "df 00 01 00 00")]
        [InlineData("map", int.MaxValue, "df 7f ff ff ff")]
        public void HeaderIsWrittenInTheSmallestFormAndReadBack(string family, int count, string expectedHex)
        {
            int headerLength = Hex.ToBytes(expectedHex).Length;
            Assert.Equal(headerLength, GetHeaderLength(family, count));

            byte[] buffer = ContainerTestData.Filled(8);
            Assert.Equal(headerLength, Write(family, buffer, count));
            Assert.Equal(expectedHex, Hex.Of(buffer.AsSpan(0, headerLength)));
            Assert.True(ContainerTestData.IsUntouched(buffer.AsSpan(headerLength)));

            byte[] exact = ContainerTestData.Filled(headerLength);
            Assert.Equal(headerLength, Write(family, exact, count));
            Assert.Equal(expectedHex, Hex.Of(exact));

            byte[] tried = ContainerTestData.Filled(headerLength);
            Assert.True(TryWrite(family, tried, count, out int written));
            Assert.Equal(headerLength, written);
            Assert.Equal(expectedHex, Hex.Of(tried));

            byte[] viaPointer = ContainerTestData.Filled(8);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(headerLength, Write(family, p, count));
            }

            Assert.Equal(expectedHex, Hex.Of(viaPointer.AsSpan(0, headerLength)));
            Assert.True(ContainerTestData.IsUntouched(viaPointer.AsSpan(headerLength)));

            // Read back, with the first item following the header.
            byte[] input = ContainerTestData.Concat(Hex.ToBytes(expectedHex), Hex.ToBytes("c0 c0"));
            Assert.Equal(count, Read(family, input, out int read));
            Assert.Equal(headerLength, read);
            Assert.Equal(OperationStatus.Done, TryRead(family, input, out int value, out int tryRead));
            Assert.Equal(count, value);
            Assert.Equal(headerLength, tryRead);
            fixed (byte* p = input)
            {
                Assert.Equal(count, Read(family, p, input.Length, out int pointerRead));
                Assert.Equal(headerLength, pointerRead);
                Assert.Equal(OperationStatus.Done, TryRead(family, p, input.Length, out int pointerValue, out int pointerTryRead));
                Assert.Equal(count, pointerValue);
                Assert.Equal(headerLength, pointerTryRead);
            }
        }

        [Theory]
        [InlineData(0, "90")]
        [InlineData(1, "91")]
        [InlineData(15, "9f")]
        public void WriteFixArrayHeaderWritesOneByte(int count, string expectedHex)
        {
            byte[] buffer = ContainerTestData.Filled(2);
            Assert.Equal(1, MsgPackSpec.WriteFixArrayHeader(buffer, (byte)count));
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));

            byte[] viaPointer = ContainerTestData.Filled(2);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(1, MsgPackSpec.WriteFixArrayHeader(p, (byte)count));
            }

            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));
        }

        [Theory]
        [InlineData(0, "80")]
        [InlineData(1, "81")]
        [InlineData(15, "8f")]
        public void WriteFixMapHeaderWritesOneByte(int count, string expectedHex)
        {
            byte[] buffer = ContainerTestData.Filled(2);
            Assert.Equal(1, MsgPackSpec.WriteFixMapHeader(buffer, (byte)count));
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));

            byte[] viaPointer = ContainerTestData.Filled(2);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(1, MsgPackSpec.WriteFixMapHeader(p, (byte)count));
            }

            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));
        }

        [Theory]
        [InlineData(16)]
        [InlineData(31)]
        [InlineData(255)]
        public void FixHeadersRejectCountsAbove15(int count)
        {
            byte[] buffer = ContainerTestData.Filled(4);
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.WriteFixArrayHeader(buffer, (byte)count));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.WriteFixMapHeader(buffer, (byte)count));
            Assert.Throws<ArgumentOutOfRangeException>(() =>
            {
                fixed (byte* p = buffer)
                {
                    MsgPackSpec.WriteFixArrayHeader(p, (byte)count);
                }
            });
            Assert.Throws<ArgumentOutOfRangeException>(() =>
            {
                fixed (byte* p = buffer)
                {
                    MsgPackSpec.WriteFixMapHeader(p, (byte)count);
                }
            });
            Assert.True(ContainerTestData.IsUntouched(buffer));
        }

        [Theory]
        [InlineData(0, "dc 00 00", "de 00 00")]
        [InlineData(15, "dc 00 0f", "de 00 0f")]
        [InlineData(16, "dc 00 10", "de 00 10")]
        [InlineData(0x1234, "dc 12 34", "de 12 34")]
        [InlineData(65535, "dc ff ff", "de ff ff")]
        public void Write16HeadersAlwaysWriteThreeBytes(int count, string arrayHex, string mapHex)
        {
            byte[] array = ContainerTestData.Filled(4);
            Assert.Equal(3, MsgPackSpec.WriteArray16Header(array, (ushort)count));
            Assert.Equal(arrayHex + " ee", Hex.Of(array));

            byte[] map = ContainerTestData.Filled(4);
            Assert.Equal(3, MsgPackSpec.WriteMap16Header(map, (ushort)count));
            Assert.Equal(mapHex + " ee", Hex.Of(map));

            byte[] arrayViaPointer = ContainerTestData.Filled(4);
            byte[] mapViaPointer = ContainerTestData.Filled(4);
            fixed (byte* a = arrayViaPointer)
            fixed (byte* m = mapViaPointer)
            {
                Assert.Equal(3, MsgPackSpec.WriteArray16Header(a, (ushort)count));
                Assert.Equal(3, MsgPackSpec.WriteMap16Header(m, (ushort)count));
            }

            Assert.Equal(arrayHex + " ee", Hex.Of(arrayViaPointer));
            Assert.Equal(mapHex + " ee", Hex.Of(mapViaPointer));

            // Readers accept the longer form too.
            Assert.Equal(count, MsgPackSpec.ReadArrayHeader(array, out int arrayRead));
            Assert.Equal(3, arrayRead);
            Assert.Equal(count, MsgPackSpec.ReadMapHeader(map, out int mapRead));
            Assert.Equal(3, mapRead);
        }

        [Theory]
        [InlineData(0u, "dd 00 00 00 00", "df 00 00 00 00")]
        [InlineData(15u, "dd 00 00 00 0f", "df 00 00 00 0f")]
        [InlineData(16u, "dd 00 00 00 10", "df 00 00 00 10")]
        [InlineData(65536u, "dd 00 01 00 00", "df 00 01 00 00")]
        [InlineData(0x7fffffffu, "dd 7f ff ff ff", "df 7f ff ff ff")]
        [InlineData(0x80000000u, "dd 80 00 00 00", "df 80 00 00 00")]
        [InlineData(uint.MaxValue, "dd ff ff ff ff", "df ff ff ff ff")]
        public void Write32HeadersAlwaysWriteFiveBytes(uint count, string arrayHex, string mapHex)
        {
            byte[] array = ContainerTestData.Filled(6);
            Assert.Equal(5, MsgPackSpec.WriteArray32Header(array, count));
            Assert.Equal(arrayHex + " ee", Hex.Of(array));

            byte[] map = ContainerTestData.Filled(6);
            Assert.Equal(5, MsgPackSpec.WriteMap32Header(map, count));
            Assert.Equal(mapHex + " ee", Hex.Of(map));

            byte[] arrayViaPointer = ContainerTestData.Filled(6);
            byte[] mapViaPointer = ContainerTestData.Filled(6);
            fixed (byte* a = arrayViaPointer)
            fixed (byte* m = mapViaPointer)
            {
                Assert.Equal(5, MsgPackSpec.WriteArray32Header(a, count));
                Assert.Equal(5, MsgPackSpec.WriteMap32Header(m, count));
            }

            Assert.Equal(arrayHex + " ee", Hex.Of(arrayViaPointer));
            Assert.Equal(mapHex + " ee", Hex.Of(mapViaPointer));
        }

        [Fact]
        public void Array32HeaderCanBeReservedAndPatched()
        {
            byte[] buffer = new byte[16];
            int written = MsgPackSpec.WriteArray32Header(buffer, 0);
            written += MsgPackSpec.WriteNil(buffer.AsSpan(written));
            written += MsgPackSpec.WriteNil(buffer.AsSpan(written));
            MsgPackSpec.WriteArray32Header(buffer, 2);

            Assert.Equal("dd 00 00 00 02 c0 c0", Hex.Of(buffer.AsSpan(0, written)));
            Assert.Equal(2, MsgPackSpec.ReadArrayHeader(buffer, out int read));
            Assert.Equal(5, read);
        }

        [Theory]
        [InlineData(-1)]
        [InlineData(-16)]
        [InlineData(int.MinValue)]
        public void NegativeCountsAreRejected(int count)
        {
            byte[] big = ContainerTestData.Filled(8);
            byte[] small = ContainerTestData.Filled(1);
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.GetArrayHeaderEncodedLength(count));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.GetMapHeaderEncodedLength(count));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.WriteArrayHeader(big, count));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.WriteMapHeader(big, count));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.WriteArrayHeader(small, count));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.WriteMapHeader(small, count));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.TryWriteArrayHeader(big, count, out _));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.TryWriteMapHeader(big, count, out _));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.TryWriteArrayHeader(small, count, out _));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.TryWriteMapHeader(small, count, out _));
            Assert.Throws<ArgumentOutOfRangeException>(() =>
            {
                fixed (byte* p = big)
                {
                    MsgPackSpec.WriteArrayHeader(p, count);
                }
            });
            Assert.Throws<ArgumentOutOfRangeException>(() =>
            {
                fixed (byte* p = big)
                {
                    MsgPackSpec.WriteMapHeader(p, count);
                }
            });
            Assert.True(ContainerTestData.IsUntouched(big));
            Assert.True(ContainerTestData.IsUntouched(small));
        }

        [Theory]
        [InlineData("array", "dd 80 00 00 00")]
        [InlineData("array", "dd ff ff ff ff")]
        [InlineData("map", "df 80 00 00 00")]
        [InlineData("map", "df ff ff ff ff")]
        public void CountAboveIntMaxValueOverflows(string family, string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            var thrown = Assert.Throws<MsgPackOverflowException>(() => Read(family, input, out _));
            Assert.Equal(input[0], thrown.Code);
            Assert.Throws<MsgPackOverflowException>(() =>
            {
                fixed (byte* p = input)
                {
                    Read(family, p, input.Length, out _);
                }
            });

            Assert.Equal(OperationStatus.InvalidData, TryRead(family, input, out int value, out int read));
            Assert.Equal(0, value);
            Assert.Equal(0, read);
            fixed (byte* p = input)
            {
                Assert.Equal(OperationStatus.InvalidData, TryRead(family, p, input.Length, out _, out int pointerRead));
                Assert.Equal(0, pointerRead);
            }
        }

        [Theory]
        [InlineData("array", "", 1)]
        [InlineData("array", "dc", 3)]
        [InlineData("array", "dc 00", 3)]
        [InlineData("array", "dd", 5)]
        [InlineData("array", "dd 00 00 00", 5)]
        [InlineData("map", "", 1)]
        [InlineData("map", "de", 3)]
        [InlineData("map", "de 00", 3)]
        [InlineData("map", "df", 5)]
        [InlineData("map", "df 00 00 00", 5)]
        public void TruncatedHeaderNeedsMoreData(string family, string hex, int needed)
        {
            byte[] input = Hex.ToBytes(hex);
            var thrown = Assert.Throws<MsgPackTruncatedException>(() => Read(family, input, out _));
            Assert.Equal(needed, thrown.BytesNeeded);
            Assert.Equal(input.Length, thrown.BytesAvailable);

            Assert.Equal(OperationStatus.NeedMoreData, TryRead(family, input, out _, out int read));
            Assert.Equal(needed, read);
            fixed (byte* p = input)
            {
                Assert.Equal(OperationStatus.NeedMoreData, TryRead(family, p, input.Length, out _, out int pointerRead));
                Assert.Equal(needed, pointerRead);
            }
        }

        [Theory]
        [InlineData("array", "80")]
        [InlineData("array", "de 00 01")]
        [InlineData("array", "a0")]
        [InlineData("array", "c0")]
        [InlineData("array", "c1")]
        [InlineData("array", "00")]
        [InlineData("map", "90")]
        [InlineData("map", "dc 00 01")]
        [InlineData("map", "a0")]
        [InlineData("map", "c0")]
        [InlineData("map", "c1")]
        [InlineData("map", "ff")]
        public void OtherCodesAreUnexpected(string family, string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            var thrown = Assert.Throws<MsgPackUnexpectedCodeException>(() => Read(family, input, out _));
            Assert.Equal(input[0], thrown.Code);

            Assert.Equal(OperationStatus.InvalidData, TryRead(family, input, out _, out int read));
            Assert.Equal(0, read);
        }
    }
}
