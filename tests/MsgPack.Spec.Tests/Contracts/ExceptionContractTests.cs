using System;
using System.Text.RegularExpressions;
using Xunit;

namespace MsgPack.Spec.Tests.Contracts
{
    /// <summary>The exceptions name what went wrong: the code found, the type expected, the counts; all are MsgPackExceptions.</summary>
    public class ExceptionContractTests
    {
        [Fact]
        public void AnUnexpectedCodeNamesTheCodeAndTheTypeExpected()
        {
            var e = Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadInt32(Hex.ToBytes("c3"), out _));
            Assert.Equal(0xc3, e.Code);
            Assert.Contains("0xc3", e.Message, StringComparison.Ordinal);
            Assert.Contains("Int32", e.Message, StringComparison.Ordinal);
            Assert.Contains("Int32", e.Expected, StringComparison.Ordinal);
        }

        [Theory]
        [InlineData("c1")]
        [InlineData("c1 c0")]
        public void C1IsNamedAsTheCodeTheSpecificationNeverUses(string hex)
        {
            var e = Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadNil(Hex.ToBytes(hex), out _));
            Assert.Equal(0xc1, e.Code);
            Assert.Contains("0xc1", e.Message, StringComparison.Ordinal);
            Assert.Contains("nil", e.Message, StringComparison.Ordinal);
        }

        [Theory]
        [InlineData("d9 22 61 62", 36, 4)]
        [InlineData("ce 00", 5, 2)]
        [InlineData("", 1, 0)]
        [InlineData("df 00 00 00 07", 19, 5)]
        public void ATruncationNamesTheBytesNeededAndTheBytesAvailable(string hex, int needed, int available)
        {
            byte[] input = Hex.ToBytes(hex);
            var e = Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.Skip(input));
            Assert.Equal(needed, e.BytesNeeded);
            Assert.Equal(available, e.BytesAvailable);
            Assert.Matches(new Regex($@"\b{needed}\b"), e.Message);
            Assert.Matches(new Regex($@"\b{available}\b"), e.Message);
        }

        [Fact]
        public void ATruncatedStrNamesTheNeededAndAvailableCounts()
        {
            var e = Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.ReadStringBytes(Hex.ToBytes("d9 22 61 62"), out _));
            Assert.Equal(36, e.BytesNeeded);
            Assert.Equal(4, e.BytesAvailable);
            Assert.Matches(new Regex(@"\b36\b"), e.Message);
            Assert.Matches(new Regex(@"\b4\b"), e.Message);
        }

        [Fact]
        public void AnOverflowNamesTheCode()
        {
            var e = Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadByte(Hex.ToBytes("cd 01 00"), out _));
            Assert.Equal(0xcd, e.Code);
            Assert.Contains("0xcd", e.Message, StringComparison.Ordinal);
        }

        [Theory]
        [InlineData("d0 80")]
        [InlineData("ff")]
        [InlineData("cf 80 00 00 00 00 00 00 00")]
        public void ANegativeOrTooLargeValueForAnUnsignedOrNarrowerTypeIsAnOverflowNamingTheCode(string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            var e = Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadUInt32(input, out _));
            Assert.Equal(input[0], e.Code);
            Assert.Contains($"0x{input[0]:x2}", e.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void InvalidUtf8AndAnInvalidTimestampHaveTheirOwnExceptions()
        {
            Assert.Throws<MsgPackInvalidUtf8Exception>(() => MsgPackSpec.ReadString(Hex.ToBytes("a1 ff"), out _));
            Assert.Throws<MsgPackInvalidUtf8Exception>(() => MsgPackSpec.ReadStringBytes(Hex.ToBytes("a3 ed a0 80"), out _));
            Assert.Throws<MsgPackInvalidTimestampException>(() => MsgPackSpec.ReadTimestamp(Hex.ToBytes("d5 ff 00 00"), out _));
        }

        [Theory]
        [InlineData(typeof(MsgPackUnexpectedCodeException))]
        [InlineData(typeof(MsgPackTruncatedException))]
        [InlineData(typeof(MsgPackOverflowException))]
        [InlineData(typeof(MsgPackInvalidUtf8Exception))]
        [InlineData(typeof(MsgPackInvalidTimestampException))]
        public void EveryExceptionDerivesFromMsgPackException(Type type)
        {
            Assert.True(typeof(MsgPackException).IsAssignableFrom(type));
            Assert.NotEqual(typeof(MsgPackException), type);
            Assert.True(typeof(Exception).IsAssignableFrom(typeof(MsgPackException)));
            Assert.False(typeof(ArgumentException).IsAssignableFrom(type));
        }
    }
}
