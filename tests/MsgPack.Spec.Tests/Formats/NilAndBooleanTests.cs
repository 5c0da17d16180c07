using System;
using System.Buffers;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>nil (0xc0), false (0xc2) and true (0xc3).</summary>
    public unsafe class NilAndBooleanTests
    {
        [Fact]
        public void WriteNilWritesC0()
        {
            ScalarAssert.Writes("WriteNil", "c0", d => MsgPackSpec.WriteNil(d), p => MsgPackSpec.WriteNil(p));

            byte[] buffer = ScalarAssert.Filled(3, ScalarAssert.Sentinel);
            Assert.True(MsgPackSpec.TryWriteNil(buffer, out int written));
            Assert.Equal(1, written);
            Assert.Equal("c0", Hex.Of(buffer.AsSpan(0, 1)));
            ScalarAssert.AssertUntouched("TryWriteNil", buffer, 1);
        }

        [Theory]
        [InlineData(false, "c2")]
        [InlineData(true, "c3")]
        public void WriteBooleanWritesC2OrC3(bool value, string expectedHex)
        {
            ScalarAssert.Writes($"WriteBoolean({value})", expectedHex, d => MsgPackSpec.WriteBoolean(d, value), p => MsgPackSpec.WriteBoolean(p, value));

            byte[] buffer = ScalarAssert.Filled(3, ScalarAssert.Sentinel);
            Assert.True(MsgPackSpec.TryWriteBoolean(buffer, value, out int written));
            Assert.Equal(1, written);
            Assert.Equal(expectedHex, Hex.Of(buffer.AsSpan(0, 1)));
            ScalarAssert.AssertUntouched("TryWriteBoolean", buffer, 1);
        }

        [Fact]
        public void IsNilIsTrueExactlyForC0()
        {
            for (int code = 0; code <= 0xff; code++)
            {
                byte[] input = { (byte)code, 0xc0 };
                Assert.Equal(code == 0xc0, MsgPackSpec.IsNil(input));
                Assert.Equal(code == 0xc0, MsgPackSpec.IsNil(input.AsSpan(0, 1)));
            }

            Assert.False(MsgPackSpec.IsNil(ReadOnlySpan<byte>.Empty));
        }

        [Fact]
        public void ReadNilTakesOneByte()
        {
            byte[] input = Hex.ToBytes("c0 c0 01");
            MsgPackSpec.ReadNil(input, out int bytesRead);
            Assert.Equal(1, bytesRead);
            MsgPackSpec.ReadNil(input.AsSpan(0, 1), out bytesRead);
            Assert.Equal(1, bytesRead);
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadNil(input, out bytesRead));
            Assert.Equal(1, bytesRead);
            fixed (byte* p = input)
            {
                MsgPackSpec.ReadNil(p, 1, out bytesRead);
                Assert.Equal(1, bytesRead);
                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadNil(p, input.Length, out bytesRead));
                Assert.Equal(1, bytesRead);
            }
        }

        [Fact]
        public void ReadNilRejectsEveryOtherCode()
        {
            for (int code = 0; code <= 0xff; code++)
            {
                if (code == 0xc0)
                {
                    continue;
                }

                byte[] input = { (byte)code, 0, 0, 0, 0, 0, 0, 0, 0 };
                MsgPackUnexpectedCodeException e = Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadNil(input, out _));
                Assert.Equal(code, e.Code);
                Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadNil(input, out int bytesRead));
                Assert.Equal(0, bytesRead);
                fixed (byte* p = input)
                {
                    Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadNil(p, input.Length, out bytesRead));
                    Assert.Equal(0, bytesRead);
                }
            }
        }

        [Fact]
        public void ReadNilOfEmptyInputNeedsOneByte()
        {
            MsgPackTruncatedException e = Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.ReadNil(ReadOnlySpan<byte>.Empty, out _));
            Assert.Equal(1, e.BytesNeeded);
            Assert.Equal(0, e.BytesAvailable);
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadNil(ReadOnlySpan<byte>.Empty, out int bytesRead));
            Assert.Equal(1, bytesRead);

            byte[] nil = { 0xc0 };
            fixed (byte* p = nil)
            {
                byte* q = p;
                // Zero readable bytes: the 0xc0 after them must not be seen.
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadNil(p, 0, out bytesRead));
                Assert.Equal(1, bytesRead);
                Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.ReadNil(q, 0, out _));
            }
        }

        [Theory]
        [InlineData("c2", false)]
        [InlineData("c3", true)]
        [InlineData("c2 c3", false)]
        [InlineData("c3 c2", true)]
        public void ReadBooleanReadsC2AndC3(string hex, bool expected)
        {
            byte[] input = Hex.ToBytes(hex);
            Assert.Equal(expected, MsgPackSpec.ReadBoolean(input, out int bytesRead));
            Assert.Equal(1, bytesRead);
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadBoolean(input, out bool value, out bytesRead));
            Assert.Equal(expected, value);
            Assert.Equal(1, bytesRead);
            fixed (byte* p = input)
            {
                Assert.Equal(expected, MsgPackSpec.ReadBoolean(p, input.Length, out bytesRead));
                Assert.Equal(1, bytesRead);
                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadBoolean(p, input.Length, out value, out bytesRead));
                Assert.Equal(expected, value);
                Assert.Equal(1, bytesRead);
            }
        }

        [Theory]
        [InlineData("c0")]
        [InlineData("c1")]
        [InlineData("00")]
        [InlineData("01")]
        [InlineData("82")]
        [InlineData("83")]
        [InlineData("d2 00 00 00 01")]
        public void ReadBooleanRejectsNilNeverUsedAndIntegers(string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            MsgPackUnexpectedCodeException e = Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadBoolean(input, out _));
            Assert.Equal(input[0], e.Code);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadBoolean(input, out bool value, out int bytesRead));
            Assert.False(value);
            Assert.Equal(0, bytesRead);
        }

        [Fact]
        public void ReadBooleanRejectsEveryCodeButC2AndC3()
        {
            for (int code = 0; code <= 0xff; code++)
            {
                byte[] input = { (byte)code };
                OperationStatus status = MsgPackSpec.TryReadBoolean(input, out bool value, out int bytesRead);
                if (code == 0xc2 || code == 0xc3)
                {
                    Assert.Equal(OperationStatus.Done, status);
                    Assert.Equal(code == 0xc3, value);
                    Assert.Equal(1, bytesRead);
                }
                else
                {
                    Assert.Equal(OperationStatus.InvalidData, status);
                    Assert.Equal(0, bytesRead);
                    Assert.Equal(code, Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadBoolean(input, out _)).Code);
                }
            }
        }

        [Fact]
        public void ReadBooleanOfEmptyInputNeedsOneByte()
        {
            MsgPackTruncatedException e = Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.ReadBoolean(ReadOnlySpan<byte>.Empty, out _));
            Assert.Equal(1, e.BytesNeeded);
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadBoolean(ReadOnlySpan<byte>.Empty, out _, out int bytesRead));
            Assert.Equal(1, bytesRead);
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadBoolean((byte*)null, 0, out _, out bytesRead));
            Assert.Equal(1, bytesRead);
        }
    }
}
