using System;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>
    /// The integer writers against the specification's format table: the smallest-form writers of every integer
    /// type at every boundary between two formats, the exact-format writers, and GetInt64EncodedLength.
    /// </summary>
    public unsafe class IntegerWriterTests
    {
        /// <summary>
        /// Every boundary value with its smallest form from the spec. Each smallest-form writer whose type holds the
        /// value must write exactly these bytes; non-negative values take the unsigned formats even when written
        /// through a signed type.
        /// </summary>
        [Theory]
        [InlineData(0L, "00")]
        [InlineData(1L, "01")]
        [InlineData(42L, "2a")]
        [InlineData(127L, "7f")]
        [InlineData(128L, "cc 80")]
        [InlineData(200L, "cc c8")]
        [InlineData(255L, "cc ff")]
        [InlineData(256L, "cd 01 00")]
        [InlineData(32767L, "cd 7f ff")]
        [InlineData(32768L, "cd 80 00")]
        [InlineData(65535L, "cd ff ff")]
        [InlineData(65536L, "ce 00 01 00 00")]
        [InlineData(2147483647L, "ce 7f ff ff ff")]
        [InlineData(2147483648L, "ce 80 00 00 00")]
        [InlineData(4294967295L, "ce ff ff ff ff")]
        [InlineData(4294967296L, "cf 00 00 00 01 00 00 00 00")]
        [InlineData(9223372036854775807L, "cf 7f ff ff ff ff ff ff ff")]
        [InlineData(-1L, "ff")]
        [InlineData(-2L, "fe")]
        [InlineData(-31L, "e1")]
        [InlineData(-32L, "e0")]
        [InlineData(-33L, "d0 df")]
        [InlineData(-100L, "d0 9c")]
        [InlineData(-127L, "d0 81")]
        [InlineData(-128L, "d0 80")]
        [InlineData(-129L, "d1 ff 7f")]
        [InlineData(-256L, "d1 ff 00")]
        [InlineData(-32767L, "d1 80 01")]
        [InlineData(-32768L, "d1 80 00")]
        [InlineData(-32769L, "d2 ff ff 7f ff")]
        [InlineData(-65536L, "d2 ff ff 00 00")]
        [InlineData(-2147483647L, "d2 80 00 00 01")]
        [InlineData(-2147483648L, "d2 80 00 00 00")]
        [InlineData(-2147483649L, "d3 ff ff ff ff 7f ff ff ff")]
        [InlineData(-4294967296L, "d3 ff ff ff ff 00 00 00 00")]
        [InlineData(-9223372036854775807L, "d3 80 00 00 00 00 00 00 01")]
        [InlineData(long.MinValue, "d3 80 00 00 00 00 00 00 00")]
        public void EverySmallestFormWriterWritesTheSpecFormAtEveryBoundary(long value, string expectedHex)
        {
            int writers = 0;

            ScalarAssert.Writes($"WriteInt64({value})", expectedHex, d => MsgPackSpec.WriteInt64(d, value), p => MsgPackSpec.WriteInt64(p, value));
            writers++;

            if (value >= int.MinValue && value <= int.MaxValue)
            {
                int v = (int)value;
                ScalarAssert.Writes($"WriteInt32({v})", expectedHex, d => MsgPackSpec.WriteInt32(d, v), p => MsgPackSpec.WriteInt32(p, v));
                writers++;
            }

            if (value >= short.MinValue && value <= short.MaxValue)
            {
                short v = (short)value;
                ScalarAssert.Writes($"WriteInt16({v})", expectedHex, d => MsgPackSpec.WriteInt16(d, v), p => MsgPackSpec.WriteInt16(p, v));
                writers++;
            }

            if (value >= sbyte.MinValue && value <= sbyte.MaxValue)
            {
                sbyte v = (sbyte)value;
                ScalarAssert.Writes($"WriteSByte({v})", expectedHex, d => MsgPackSpec.WriteSByte(d, v), p => MsgPackSpec.WriteSByte(p, v));
                writers++;
            }

            if (value >= 0)
            {
                ulong v = (ulong)value;
                ScalarAssert.Writes($"WriteUInt64({v})", expectedHex, d => MsgPackSpec.WriteUInt64(d, v), p => MsgPackSpec.WriteUInt64(p, v));
                writers++;
                Assert.Equal(Hex.ToBytes(expectedHex).Length, MsgPackSpec.GetUInt64EncodedLength(v));
            }

            if (value >= 0 && value <= uint.MaxValue)
            {
                uint v = (uint)value;
                ScalarAssert.Writes($"WriteUInt32({v})", expectedHex, d => MsgPackSpec.WriteUInt32(d, v), p => MsgPackSpec.WriteUInt32(p, v));
                writers++;
            }

            if (value >= 0 && value <= ushort.MaxValue)
            {
                ushort v = (ushort)value;
                ScalarAssert.Writes($"WriteUInt16({v})", expectedHex, d => MsgPackSpec.WriteUInt16(d, v), p => MsgPackSpec.WriteUInt16(p, v));
                writers++;
            }

            if (value >= 0 && value <= byte.MaxValue)
            {
                byte v = (byte)value;
                ScalarAssert.Writes($"WriteByte({v})", expectedHex, d => MsgPackSpec.WriteByte(d, v), p => MsgPackSpec.WriteByte(p, v));
                writers++;
            }

            Assert.Equal(Hex.ToBytes(expectedHex).Length, MsgPackSpec.GetInt64EncodedLength(value));

            // The table's own consistency: the expected bytes are what the spec's format table gives.
            Assert.Equal(Hex.Of(ReferenceEncoding.SmallestForm(value)), Hex.Of(Hex.ToBytes(expectedHex)));
            Assert.InRange(writers, 1, 8);
        }

        [Theory]
        [InlineData(9223372036854775808UL, "cf 80 00 00 00 00 00 00 00")]
        [InlineData(12345678901234567890UL, "cf ab 54 a9 8c eb 1f 0a d2")]
        [InlineData(18446744073709551614UL, "cf ff ff ff ff ff ff ff fe")]
        [InlineData(18446744073709551615UL, "cf ff ff ff ff ff ff ff ff")]
        public void UInt64ValuesAboveInt64MaxValueTakeUInt64(ulong value, string expectedHex)
        {
            ScalarAssert.Writes($"WriteUInt64({value})", expectedHex, d => MsgPackSpec.WriteUInt64(d, value), p => MsgPackSpec.WriteUInt64(p, value));
            Assert.Equal(9, MsgPackSpec.GetUInt64EncodedLength(value));
        }

        [Theory]
        [InlineData(0L, 1)]
        [InlineData(127L, 1)]
        [InlineData(128L, 2)]
        [InlineData(255L, 2)]
        [InlineData(256L, 3)]
        [InlineData(65535L, 3)]
        [InlineData(65536L, 5)]
        [InlineData(4294967295L, 5)]
        [InlineData(4294967296L, 9)]
        [InlineData(long.MaxValue, 9)]
        [InlineData(-1L, 1)]
        [InlineData(-32L, 1)]
        [InlineData(-33L, 2)]
        [InlineData(-128L, 2)]
        [InlineData(-129L, 3)]
        [InlineData(-32768L, 3)]
        [InlineData(-32769L, 5)]
        [InlineData(-2147483648L, 5)]
        [InlineData(-2147483649L, 9)]
        [InlineData(long.MinValue, 9)]
        public void GetInt64EncodedLengthGivesTheSizeOfTheSmallestForm(long value, int expected)
        {
            Assert.Equal(expected, MsgPackSpec.GetInt64EncodedLength(value));
            if (value >= 0)
            {
                Assert.Equal(expected, MsgPackSpec.GetUInt64EncodedLength((ulong)value));
            }

            Span<byte> buffer = stackalloc byte[MsgPackSpec.MaxInt64EncodedLength];
            Assert.Equal(expected, MsgPackSpec.WriteInt64(buffer, value));
        }

        [Theory]
        [InlineData("UInt8Exact", 0UL, "cc 00")]
        [InlineData("UInt8Exact", 1UL, "cc 01")]
        [InlineData("UInt8Exact", 127UL, "cc 7f")]
        [InlineData("UInt8Exact", 128UL, "cc 80")]
        [InlineData("UInt8Exact", 255UL, "cc ff")]
        [InlineData("UInt16Exact", 0UL, "cd 00 00")]
        [InlineData("UInt16Exact", 1UL, "cd 00 01")]
        [InlineData("UInt16Exact", 255UL, "cd 00 ff")]
        [InlineData("UInt16Exact", 0x1234UL, "cd 12 34")]
        [InlineData("UInt16Exact", 65535UL, "cd ff ff")]
        [InlineData("UInt32Exact", 0UL, "ce 00 00 00 00")]
        [InlineData("UInt32Exact", 1UL, "ce 00 00 00 01")]
        [InlineData("UInt32Exact", 0x12345678UL, "ce 12 34 56 78")]
        [InlineData("UInt32Exact", 4294967295UL, "ce ff ff ff ff")]
        [InlineData("UInt64Exact", 0UL, "cf 00 00 00 00 00 00 00 00")]
        [InlineData("UInt64Exact", 1UL, "cf 00 00 00 00 00 00 00 01")]
        [InlineData("UInt64Exact", 0x0123456789abcdefUL, "cf 01 23 45 67 89 ab cd ef")]
        [InlineData("UInt64Exact", 18446744073709551615UL, "cf ff ff ff ff ff ff ff ff")]
        public void ExactUnsignedWritersWriteTheirFormatWhateverTheValue(string format, ulong value, string expectedHex)
        {
            switch (format)
            {
                case "UInt8Exact":
                    {
                        byte v = checked((byte)value);
                        ScalarAssert.Writes($"WriteUInt8Exact({v})", expectedHex, d => MsgPackSpec.WriteUInt8Exact(d, v), p => MsgPackSpec.WriteUInt8Exact(p, v));
                        break;
                    }

                case "UInt16Exact":
                    {
                        ushort v = checked((ushort)value);
                        ScalarAssert.Writes($"WriteUInt16Exact({v})", expectedHex, d => MsgPackSpec.WriteUInt16Exact(d, v), p => MsgPackSpec.WriteUInt16Exact(p, v));
                        break;
                    }

                case "UInt32Exact":
                    {
                        uint v = checked((uint)value);
                        ScalarAssert.Writes($"WriteUInt32Exact({v})", expectedHex, d => MsgPackSpec.WriteUInt32Exact(d, v), p => MsgPackSpec.WriteUInt32Exact(p, v));
                        break;
                    }

                case "UInt64Exact":
                    ScalarAssert.Writes($"WriteUInt64Exact({value})", expectedHex, d => MsgPackSpec.WriteUInt64Exact(d, value), p => MsgPackSpec.WriteUInt64Exact(p, value));
                    break;

                default:
                    Assert.Fail("Unknown format " + format);
                    break;
            }
        }

        [Theory]
        [InlineData("Int8Exact", 0L, "d0 00")]
        [InlineData("Int8Exact", 1L, "d0 01")]
        [InlineData("Int8Exact", -1L, "d0 ff")]
        [InlineData("Int8Exact", -32L, "d0 e0")]
        [InlineData("Int8Exact", 127L, "d0 7f")]
        [InlineData("Int8Exact", -128L, "d0 80")]
        [InlineData("Int16Exact", 0L, "d1 00 00")]
        [InlineData("Int16Exact", 1L, "d1 00 01")]
        [InlineData("Int16Exact", -1L, "d1 ff ff")]
        [InlineData("Int16Exact", 0x1234L, "d1 12 34")]
        [InlineData("Int16Exact", 32767L, "d1 7f ff")]
        [InlineData("Int16Exact", -32768L, "d1 80 00")]
        [InlineData("Int32Exact", 0L, "d2 00 00 00 00")]
        [InlineData("Int32Exact", 1L, "d2 00 00 00 01")]
        [InlineData("Int32Exact", -1L, "d2 ff ff ff ff")]
        [InlineData("Int32Exact", 0x12345678L, "d2 12 34 56 78")]
        [InlineData("Int32Exact", 2147483647L, "d2 7f ff ff ff")]
        [InlineData("Int32Exact", -2147483648L, "d2 80 00 00 00")]
        [InlineData("Int64Exact", 0L, "d3 00 00 00 00 00 00 00 00")]
        [InlineData("Int64Exact", 1L, "d3 00 00 00 00 00 00 00 01")]
        [InlineData("Int64Exact", -1L, "d3 ff ff ff ff ff ff ff ff")]
        [InlineData("Int64Exact", 0x0123456789abcdefL, "d3 01 23 45 67 89 ab cd ef")]
        [InlineData("Int64Exact", long.MaxValue, "d3 7f ff ff ff ff ff ff ff")]
        [InlineData("Int64Exact", long.MinValue, "d3 80 00 00 00 00 00 00 00")]
        public void ExactSignedWritersWriteTheirFormatWhateverTheValue(string format, long value, string expectedHex)
        {
            switch (format)
            {
                case "Int8Exact":
                    {
                        sbyte v = checked((sbyte)value);
                        ScalarAssert.Writes($"WriteInt8Exact({v})", expectedHex, d => MsgPackSpec.WriteInt8Exact(d, v), p => MsgPackSpec.WriteInt8Exact(p, v));
                        break;
                    }

                case "Int16Exact":
                    {
                        short v = checked((short)value);
                        ScalarAssert.Writes($"WriteInt16Exact({v})", expectedHex, d => MsgPackSpec.WriteInt16Exact(d, v), p => MsgPackSpec.WriteInt16Exact(p, v));
                        break;
                    }

                case "Int32Exact":
                    {
                        int v = checked((int)value);
                        ScalarAssert.Writes($"WriteInt32Exact({v})", expectedHex, d => MsgPackSpec.WriteInt32Exact(d, v), p => MsgPackSpec.WriteInt32Exact(p, v));
                        break;
                    }

                case "Int64Exact":
                    ScalarAssert.Writes($"WriteInt64Exact({value})", expectedHex, d => MsgPackSpec.WriteInt64Exact(d, value), p => MsgPackSpec.WriteInt64Exact(p, value));
                    break;

                default:
                    Assert.Fail("Unknown format " + format);
                    break;
            }
        }

        [Theory]
        [InlineData(0, "00")]
        [InlineData(1, "01")]
        [InlineData(100, "64")]
        [InlineData(127, "7f")]
        public void WritePositiveFixIntWritesTheValueAsTheCode(byte value, string expectedHex)
        {
            ScalarAssert.Writes($"WritePositiveFixInt({value})", expectedHex, d => MsgPackSpec.WritePositiveFixInt(d, value), p => MsgPackSpec.WritePositiveFixInt(p, value));
        }

        [Fact]
        public void WritePositiveFixIntWritesEveryValueFrom0To127AsIs()
        {
            for (int i = 0; i <= 127; i++)
            {
                byte v = (byte)i;
                string expected = Hex.Of(new[] { (byte)i }); // 0xxxxxxx
                ScalarAssert.Writes($"WritePositiveFixInt({v})", expected, d => MsgPackSpec.WritePositiveFixInt(d, v), p => MsgPackSpec.WritePositiveFixInt(p, v));
            }
        }

        [Theory]
        [InlineData(-1, "ff")]
        [InlineData(-5, "fb")]
        [InlineData(-31, "e1")]
        [InlineData(-32, "e0")]
        public void WriteNegativeFixIntWritesTheTwosComplementByte(sbyte value, string expectedHex)
        {
            ScalarAssert.Writes($"WriteNegativeFixInt({value})", expectedHex, d => MsgPackSpec.WriteNegativeFixInt(d, value), p => MsgPackSpec.WriteNegativeFixInt(p, value));
        }

        [Fact]
        public void WriteNegativeFixIntWritesEveryValueFromMinus32ToMinus1As111xxxxx()
        {
            for (int i = -32; i <= -1; i++)
            {
                sbyte v = (sbyte)i;
                string expected = Hex.Of(new[] { (byte)(0xe0 | (i + 32)) });
                ScalarAssert.Writes($"WriteNegativeFixInt({v})", expected, d => MsgPackSpec.WriteNegativeFixInt(d, v), p => MsgPackSpec.WriteNegativeFixInt(p, v));
            }
        }

        [Theory]
        [InlineData(128)]
        [InlineData(200)]
        [InlineData(255)]
        public void WritePositiveFixIntRejectsValuesAbove127(byte value)
        {
            byte[] buffer = ScalarAssert.Filled(4, ScalarAssert.Sentinel);
            ArgumentOutOfRangeException e = Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.WritePositiveFixInt(buffer, value));
            Assert.Equal("value", e.ParamName);
            ScalarAssert.AssertUntouched("WritePositiveFixInt (span)", buffer, 0);

            Assert.Throws<ArgumentOutOfRangeException>(() =>
            {
                fixed (byte* p = buffer)
                {
                    MsgPackSpec.WritePositiveFixInt(p, value);
                }
            });
            ScalarAssert.AssertUntouched("WritePositiveFixInt (pointer)", buffer, 0);
        }

        [Theory]
        [InlineData(0)]
        [InlineData(1)]
        [InlineData(31)]
        [InlineData(127)]
        [InlineData(-33)]
        [InlineData(-100)]
        [InlineData(-128)]
        public void WriteNegativeFixIntRejectsValuesOutsideMinus32ToMinus1(sbyte value)
        {
            byte[] buffer = ScalarAssert.Filled(4, ScalarAssert.Sentinel);
            ArgumentOutOfRangeException e = Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.WriteNegativeFixInt(buffer, value));
            Assert.Equal("value", e.ParamName);
            ScalarAssert.AssertUntouched("WriteNegativeFixInt (span)", buffer, 0);

            Assert.Throws<ArgumentOutOfRangeException>(() =>
            {
                fixed (byte* p = buffer)
                {
                    MsgPackSpec.WriteNegativeFixInt(p, value);
                }
            });
            ScalarAssert.AssertUntouched("WriteNegativeFixInt (pointer)", buffer, 0);
        }

        [Fact]
        public void TheMaxLengthConstantsAreTheLargestFormsOfTheSpec()
        {
            Assert.Equal(9, MsgPackSpec.MaxInt64EncodedLength); // uint 64 / int 64: code + 8 bytes
            Assert.Equal(5, MsgPackSpec.MaxInt32EncodedLength); // uint 32 / int 32: code + 4 bytes
            Assert.Equal(3, MsgPackSpec.MaxInt16EncodedLength); // uint 16 / int 16: code + 2 bytes
            Assert.Equal(2, MsgPackSpec.MaxInt8EncodedLength);  // uint 8 / int 8: code + 1 byte
        }

        [Fact]
        public void TheWritersOfEachTypeNeverExceedTheirMaxLength()
        {
            Span<byte> buffer = stackalloc byte[16];
            Assert.Equal(MsgPackSpec.MaxInt64EncodedLength, MsgPackSpec.WriteInt64(buffer, long.MinValue));
            Assert.Equal(MsgPackSpec.MaxInt64EncodedLength, MsgPackSpec.WriteUInt64(buffer, ulong.MaxValue));
            Assert.Equal(MsgPackSpec.MaxInt32EncodedLength, MsgPackSpec.WriteInt32(buffer, int.MinValue));
            Assert.Equal(MsgPackSpec.MaxInt32EncodedLength, MsgPackSpec.WriteInt32(buffer, int.MaxValue));
            Assert.Equal(MsgPackSpec.MaxInt32EncodedLength, MsgPackSpec.WriteUInt32(buffer, uint.MaxValue));
            Assert.Equal(MsgPackSpec.MaxInt16EncodedLength, MsgPackSpec.WriteInt16(buffer, short.MinValue));
            Assert.Equal(MsgPackSpec.MaxInt16EncodedLength, MsgPackSpec.WriteInt16(buffer, short.MaxValue));
            Assert.Equal(MsgPackSpec.MaxInt16EncodedLength, MsgPackSpec.WriteUInt16(buffer, ushort.MaxValue));
            Assert.Equal(MsgPackSpec.MaxInt8EncodedLength, MsgPackSpec.WriteSByte(buffer, sbyte.MinValue));
            Assert.Equal(MsgPackSpec.MaxInt8EncodedLength, MsgPackSpec.WriteByte(buffer, byte.MaxValue));

            // The destinations of the MaxLength size are enough for every value of the type.
            Assert.Equal(MsgPackSpec.MaxInt32EncodedLength, MsgPackSpec.WriteInt32(buffer.Slice(0, MsgPackSpec.MaxInt32EncodedLength), int.MinValue));
            Assert.Equal(MsgPackSpec.MaxInt16EncodedLength, MsgPackSpec.WriteUInt16(buffer.Slice(0, MsgPackSpec.MaxInt16EncodedLength), ushort.MaxValue));
            Assert.Equal(MsgPackSpec.MaxInt8EncodedLength, MsgPackSpec.WriteSByte(buffer.Slice(0, MsgPackSpec.MaxInt8EncodedLength), sbyte.MinValue));
        }
    }
}
