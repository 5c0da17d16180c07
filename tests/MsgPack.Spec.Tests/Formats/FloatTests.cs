using System;
using System.Buffers;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>float 32 (0xca + big-endian IEEE 754 single) and float 64 (0xcb + big-endian IEEE 754 double).</summary>
    public unsafe class FloatTests
    {
        /// <summary>The IEEE 754 bit pattern of each value, written by hand, and its float 32 encoding.</summary>
        [Theory]
        [InlineData(0x00000000u, "ca 00 00 00 00")] // 0.0
        [InlineData(0x80000000u, "ca 80 00 00 00")] // -0.0
        [InlineData(0x3f800000u, "ca 3f 80 00 00")] // 1.0
        [InlineData(0x3fc00000u, "ca 3f c0 00 00")] // 1.5
        [InlineData(0xc0200000u, "ca c0 20 00 00")] // -2.5
        [InlineData(0x7f800000u, "ca 7f 80 00 00")] // +Infinity
        [InlineData(0xff800000u, "ca ff 80 00 00")] // -Infinity
        [InlineData(0x00000001u, "ca 00 00 00 01")] // float.Epsilon
        [InlineData(0x00800000u, "ca 00 80 00 00")] // smallest normal
        [InlineData(0x7f7fffffu, "ca 7f 7f ff ff")] // float.MaxValue
        [InlineData(0xff7fffffu, "ca ff 7f ff ff")] // float.MinValue
        [InlineData(0x7fc00000u, "ca 7f c0 00 00")] // quiet NaN
        [InlineData(0xffc00000u, "ca ff c0 00 00")] // negative quiet NaN
        [InlineData(0x7fc12345u, "ca 7f c1 23 45")] // quiet NaN with a payload
        [InlineData(0x7fffffffu, "ca 7f ff ff ff")] // NaN, all payload bits
        [InlineData(0xffffffffu, "ca ff ff ff ff")] // negative NaN, all payload bits
        public void WriteSingleWritesCodeCaAndTheBigEndianBits(uint bits, string expectedHex)
        {
            float value = BitConverter.UInt32BitsToSingle(bits);
            ScalarAssert.Writes($"WriteSingle(0x{bits:x8})", expectedHex, d => MsgPackSpec.WriteSingle(d, value), p => MsgPackSpec.WriteSingle(p, value));

            byte[] input = Hex.ToBytes(expectedHex);
            Assert.Equal(bits, BitConverter.SingleToUInt32Bits(MsgPackSpec.ReadSingle(input, out int bytesRead)));
            Assert.Equal(5, bytesRead);
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadSingle(input, out float read, out bytesRead));
            Assert.Equal(bits, BitConverter.SingleToUInt32Bits(read));
            Assert.Equal(5, bytesRead);
            fixed (byte* p = input)
            {
                Assert.Equal(bits, BitConverter.SingleToUInt32Bits(MsgPackSpec.ReadSingle(p, input.Length, out bytesRead)));
                Assert.Equal(5, bytesRead);
                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadSingle(p, input.Length, out read, out bytesRead));
                Assert.Equal(bits, BitConverter.SingleToUInt32Bits(read));
                Assert.Equal(5, bytesRead);
            }
        }

        [Fact]
        public void WriteSingleOfTheNamedConstantsGivesTheirSpecBytes()
        {
            Span<byte> buffer = stackalloc byte[5];
            Assert.Equal(5, MsgPackSpec.WriteSingle(buffer, 1.5f));
            Assert.Equal("ca 3f c0 00 00", Hex.Of(buffer));
            MsgPackSpec.WriteSingle(buffer, -0.0f);
            Assert.Equal("ca 80 00 00 00", Hex.Of(buffer));
            MsgPackSpec.WriteSingle(buffer, float.PositiveInfinity);
            Assert.Equal("ca 7f 80 00 00", Hex.Of(buffer));
            MsgPackSpec.WriteSingle(buffer, float.NegativeInfinity);
            Assert.Equal("ca ff 80 00 00", Hex.Of(buffer));
            MsgPackSpec.WriteSingle(buffer, float.Epsilon);
            Assert.Equal("ca 00 00 00 01", Hex.Of(buffer));
            MsgPackSpec.WriteSingle(buffer, float.MaxValue);
            Assert.Equal("ca 7f 7f ff ff", Hex.Of(buffer));
        }

        /// <summary>The IEEE 754 bit pattern of each value, written by hand, and its float 64 encoding.</summary>
        [Theory]
        [InlineData(0x0000000000000000ul, "cb 00 00 00 00 00 00 00 00")] // 0.0
        [InlineData(0x8000000000000000ul, "cb 80 00 00 00 00 00 00 00")] // -0.0
        [InlineData(0x3ff0000000000000ul, "cb 3f f0 00 00 00 00 00 00")] // 1.0
        [InlineData(0x3ff8000000000000ul, "cb 3f f8 00 00 00 00 00 00")] // 1.5
        [InlineData(0xc004000000000000ul, "cb c0 04 00 00 00 00 00 00")] // -2.5
        [InlineData(0x3fb999999999999aul, "cb 3f b9 99 99 99 99 99 9a")] // 0.1
        [InlineData(0x7ff0000000000000ul, "cb 7f f0 00 00 00 00 00 00")] // +Infinity
        [InlineData(0xfff0000000000000ul, "cb ff f0 00 00 00 00 00 00")] // -Infinity
        [InlineData(0x0000000000000001ul, "cb 00 00 00 00 00 00 00 01")] // double.Epsilon
        [InlineData(0x7fefffffffffffffUL, "cb 7f ef ff ff ff ff ff ff")] // double.MaxValue
        [InlineData(0xffeffffffffffffful, "cb ff ef ff ff ff ff ff ff")] // double.MinValue
        [InlineData(0x47efffffe0000000ul, "cb 47 ef ff ff e0 00 00 00")] // float.MaxValue as double
        [InlineData(0x7ff8000000000000ul, "cb 7f f8 00 00 00 00 00 00")] // quiet NaN
        [InlineData(0xfff8000000000000ul, "cb ff f8 00 00 00 00 00 00")] // negative quiet NaN
        [InlineData(0x7ff8000000000123ul, "cb 7f f8 00 00 00 00 01 23")] // quiet NaN with a payload
        [InlineData(0x7ffffffffffffffful, "cb 7f ff ff ff ff ff ff ff")] // NaN, all payload bits
        public void WriteDoubleWritesCodeCbAndTheBigEndianBits(ulong bits, string expectedHex)
        {
            double value = BitConverter.UInt64BitsToDouble(bits);
            ScalarAssert.Writes($"WriteDouble(0x{bits:x16})", expectedHex, d => MsgPackSpec.WriteDouble(d, value), p => MsgPackSpec.WriteDouble(p, value));

            byte[] input = Hex.ToBytes(expectedHex);
            Assert.Equal(bits, BitConverter.DoubleToUInt64Bits(MsgPackSpec.ReadDouble(input, out int bytesRead)));
            Assert.Equal(9, bytesRead);
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadDouble(input, out double read, out bytesRead));
            Assert.Equal(bits, BitConverter.DoubleToUInt64Bits(read));
            Assert.Equal(9, bytesRead);
            fixed (byte* p = input)
            {
                Assert.Equal(bits, BitConverter.DoubleToUInt64Bits(MsgPackSpec.ReadDouble(p, input.Length, out bytesRead)));
                Assert.Equal(9, bytesRead);
                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadDouble(p, input.Length, out read, out bytesRead));
                Assert.Equal(bits, BitConverter.DoubleToUInt64Bits(read));
                Assert.Equal(9, bytesRead);
            }
        }

        [Fact]
        public void WriteDoubleOfTheNamedConstantsGivesTheirSpecBytes()
        {
            Span<byte> buffer = stackalloc byte[9];
            Assert.Equal(9, MsgPackSpec.WriteDouble(buffer, 1.5));
            Assert.Equal("cb 3f f8 00 00 00 00 00 00", Hex.Of(buffer));
            MsgPackSpec.WriteDouble(buffer, -0.0);
            Assert.Equal("cb 80 00 00 00 00 00 00 00", Hex.Of(buffer));
            MsgPackSpec.WriteDouble(buffer, double.PositiveInfinity);
            Assert.Equal("cb 7f f0 00 00 00 00 00 00", Hex.Of(buffer));
            MsgPackSpec.WriteDouble(buffer, double.NegativeInfinity);
            Assert.Equal("cb ff f0 00 00 00 00 00 00", Hex.Of(buffer));
            MsgPackSpec.WriteDouble(buffer, double.Epsilon);
            Assert.Equal("cb 00 00 00 00 00 00 00 01", Hex.Of(buffer));
            MsgPackSpec.WriteDouble(buffer, float.MaxValue);
            Assert.Equal("cb 47 ef ff ff e0 00 00 00", Hex.Of(buffer));
        }

        [Theory]
        [InlineData("ca 3f c0 00 00", 1.5)]
        [InlineData("ca 00 00 00 00", 0.0)]
        [InlineData("ca c0 20 00 00", -2.5)]
        [InlineData("ca 7f 80 00 00", double.PositiveInfinity)]
        [InlineData("ca ff 80 00 00", double.NegativeInfinity)]
        [InlineData("ca 00 00 00 01", 1.401298464324817E-45)] // float.Epsilon, exactly
        [InlineData("ca 7f 7f ff ff", 3.4028234663852886E+38)] // float.MaxValue, exactly
        [InlineData("ca 3d cc cc cd", 0.100000001490116119384765625)] // 0.1f widened, not 0.1
        public void ReadDoubleAcceptsFloat32AndWidensItExactly(string hex, double expected)
        {
            byte[] input = Hex.ToBytes(hex);
            Assert.Equal(BitConverter.DoubleToUInt64Bits(expected), BitConverter.DoubleToUInt64Bits(MsgPackSpec.ReadDouble(input, out int bytesRead)));
            Assert.Equal(5, bytesRead);
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadDouble(input, out double value, out bytesRead));
            Assert.Equal(BitConverter.DoubleToUInt64Bits(expected), BitConverter.DoubleToUInt64Bits(value));
            Assert.Equal(5, bytesRead);
            fixed (byte* p = input)
            {
                Assert.Equal(expected, MsgPackSpec.ReadDouble(p, input.Length, out bytesRead));
                Assert.Equal(5, bytesRead);
            }
        }

        [Fact]
        public void ReadDoubleOfAFloat32NaNGivesNaN()
        {
            Assert.True(double.IsNaN(MsgPackSpec.ReadDouble(Hex.ToBytes("ca 7f c0 00 00"), out int bytesRead)));
            Assert.Equal(5, bytesRead);
        }

        [Fact]
        public void ReadDoubleTakesOnlyTheBytesOfTheValue()
        {
            byte[] input = Hex.ToBytes("ca 3f c0 00 00 cb 3f f8 00 00 00 00 00 00 c0");
            Assert.Equal(1.5, MsgPackSpec.ReadDouble(input, out int first));
            Assert.Equal(5, first);
            Assert.Equal(1.5, MsgPackSpec.ReadDouble(input.AsSpan(first), out int second));
            Assert.Equal(9, second);
            Assert.Equal(1.5f, MsgPackSpec.ReadSingle(input, out int single));
            Assert.Equal(5, single);
        }

        [Fact]
        public void ReadSingleRejectsFloat64()
        {
            byte[] input = Hex.ToBytes("cb 3f f8 00 00 00 00 00 00");
            MsgPackUnexpectedCodeException e = Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadSingle(input, out _));
            Assert.Equal(0xcb, e.Code);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadSingle(input, out float value, out int bytesRead));
            Assert.Equal(0f, value);
            Assert.Equal(0, bytesRead);
            fixed (byte* p = input)
            {
                byte* q = p;
                Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadSingle(q, input.Length, out _));
                Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadSingle(p, input.Length, out _, out bytesRead));
                Assert.Equal(0, bytesRead);
            }
        }

        /// <summary>Every code but 0xca (ReadSingle) or 0xca/0xcb (ReadDouble) is the wrong code, integers included: no implicit conversion.</summary>
        [Fact]
        public void FloatReadersRejectEveryOtherCode()
        {
            for (int code = 0; code <= 0xff; code++)
            {
                byte[] input = new byte[16];
                input[0] = (byte)code;

                if (code != 0xca)
                {
                    MsgPackUnexpectedCodeException e = Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadSingle(input, out _));
                    Assert.Equal(code, e.Code);
                    Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadSingle(input, out _, out int bytesRead));
                    Assert.Equal(0, bytesRead);
                }

                if (code != 0xca && code != 0xcb)
                {
                    MsgPackUnexpectedCodeException e = Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadDouble(input, out _));
                    Assert.Equal(code, e.Code);
                    Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadDouble(input, out _, out int bytesRead));
                    Assert.Equal(0, bytesRead);
                }
            }
        }

        [Theory]
        [InlineData("", 1)]
        [InlineData("ca", 5)]
        [InlineData("ca 3f", 5)]
        [InlineData("ca 3f c0 00", 5)]
        public void ReadSingleAsksForFiveBytes(string hex, int needed)
        {
            byte[] input = Hex.ToBytes(hex);
            MsgPackTruncatedException e = Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.ReadSingle(input, out _));
            Assert.Equal(needed, e.BytesNeeded);
            Assert.Equal(input.Length, e.BytesAvailable);
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadSingle(input, out _, out int bytesRead));
            Assert.Equal(needed, bytesRead);

            // A pointer reader given fewer bytes than are there must not look past them.
            byte[] whole = Hex.ToBytes("ca 3f c0 00 00");
            fixed (byte* p = whole)
            {
                byte* q = p;
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadSingle(p, input.Length, out _, out bytesRead));
                Assert.Equal(needed, bytesRead);
                Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.ReadSingle(q, input.Length, out _));
            }
        }

        [Theory]
        [InlineData("", 1)]
        [InlineData("cb", 9)]
        [InlineData("cb 3f f8", 9)]
        [InlineData("cb 3f f8 00 00 00 00 00", 9)]
        [InlineData("ca", 5)]
        [InlineData("ca 3f c0 00", 5)]
        public void ReadDoubleAsksForTheWholeValue(string hex, int needed)
        {
            byte[] input = Hex.ToBytes(hex);
            MsgPackTruncatedException e = Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.ReadDouble(input, out _));
            Assert.Equal(needed, e.BytesNeeded);
            Assert.Equal(input.Length, e.BytesAvailable);
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadDouble(input, out double value, out int bytesRead));
            Assert.Equal(0.0, value);
            Assert.Equal(needed, bytesRead);

            byte[] whole = new byte[16];
            input.CopyTo(whole, 0);
            fixed (byte* p = whole)
            {
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadDouble(p, input.Length, out _, out bytesRead));
                Assert.Equal(needed, bytesRead);
            }
        }
    }
}
