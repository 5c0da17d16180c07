using System;
using System.Buffers;
using System.Globalization;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>
    /// The integer readers: each accepts every integer format (smallest or not) whose value fits its type, rejects
    /// the rest with an overflow, never truncates silently, and reports the bytes it took.
    /// </summary>
    public unsafe class IntegerReaderTests
    {
        /// <summary>
        /// Encodings in every width with the value they hold, in decimal. Every one of the eight readers (span and
        /// pointer, Read and TryRead) must give that value when its type holds it, and an overflow otherwise.
        /// </summary>
        [Theory]
        // positive fixint
        [InlineData("00", "0")]
        [InlineData("01", "1")]
        [InlineData("2a", "42")]
        [InlineData("7f", "127")]
        // negative fixint
        [InlineData("ff", "-1")]
        [InlineData("f0", "-16")]
        [InlineData("e0", "-32")]
        // uint 8
        [InlineData("cc 00", "0")]
        [InlineData("cc 7f", "127")]
        [InlineData("cc 80", "128")]
        [InlineData("cc c8", "200")]
        [InlineData("cc ff", "255")]
        // uint 16
        [InlineData("cd 00 00", "0")]
        [InlineData("cd 00 7f", "127")]
        [InlineData("cd 00 ff", "255")]
        [InlineData("cd 01 00", "256")]
        [InlineData("cd 7f ff", "32767")]
        [InlineData("cd 80 00", "32768")]
        [InlineData("cd ff ff", "65535")]
        // uint 32
        [InlineData("ce 00 00 00 00", "0")]
        [InlineData("ce 00 00 00 7f", "127")]
        [InlineData("ce 00 00 00 80", "128")]
        [InlineData("ce 00 00 ff ff", "65535")]
        [InlineData("ce 00 01 00 00", "65536")]
        [InlineData("ce 7f ff ff ff", "2147483647")]
        [InlineData("ce 80 00 00 00", "2147483648")]
        [InlineData("ce ff ff ff ff", "4294967295")]
        // uint 64
        [InlineData("cf 00 00 00 00 00 00 00 00", "0")]
        [InlineData("cf 00 00 00 00 00 00 00 01", "1")]
        [InlineData("cf 00 00 00 00 00 00 00 ff", "255")]
        [InlineData("cf 00 00 00 00 00 00 ff ff", "65535")]
        [InlineData("cf 00 00 00 00 7f ff ff ff", "2147483647")]
        [InlineData("cf 00 00 00 00 ff ff ff ff", "4294967295")]
        [InlineData("cf 00 00 00 01 00 00 00 00", "4294967296")]
        [InlineData("cf 7f ff ff ff ff ff ff ff", "9223372036854775807")]
        [InlineData("cf 80 00 00 00 00 00 00 00", "9223372036854775808")]
        [InlineData("cf ff ff ff ff ff ff ff ff", "18446744073709551615")]
        // int 8
        [InlineData("d0 00", "0")]
        [InlineData("d0 01", "1")]
        [InlineData("d0 7f", "127")]
        [InlineData("d0 ff", "-1")]
        [InlineData("d0 e0", "-32")]
        [InlineData("d0 df", "-33")]
        [InlineData("d0 80", "-128")]
        // int 16
        [InlineData("d1 00 00", "0")]
        [InlineData("d1 00 80", "128")]
        [InlineData("d1 00 ff", "255")]
        [InlineData("d1 01 00", "256")]
        [InlineData("d1 7f ff", "32767")]
        [InlineData("d1 ff ff", "-1")]
        [InlineData("d1 ff 80", "-128")]
        [InlineData("d1 ff 7f", "-129")]
        [InlineData("d1 80 00", "-32768")]
        // int 32
        [InlineData("d2 00 00 00 00", "0")]
        [InlineData("d2 00 00 00 ff", "255")]
        [InlineData("d2 00 00 ff ff", "65535")]
        [InlineData("d2 00 01 00 00", "65536")]
        [InlineData("d2 7f ff ff ff", "2147483647")]
        [InlineData("d2 ff ff ff ff", "-1")]
        [InlineData("d2 ff ff ff 80", "-128")]
        [InlineData("d2 ff ff 80 00", "-32768")]
        [InlineData("d2 ff ff 7f ff", "-32769")]
        [InlineData("d2 80 00 00 00", "-2147483648")]
        // int 64
        [InlineData("d3 00 00 00 00 00 00 00 00", "0")]
        [InlineData("d3 00 00 00 00 00 00 00 7f", "127")]
        [InlineData("d3 00 00 00 00 00 00 ff ff", "65535")]
        [InlineData("d3 00 00 00 00 80 00 00 00", "2147483648")]
        [InlineData("d3 00 00 00 00 ff ff ff ff", "4294967295")]
        [InlineData("d3 00 00 00 01 00 00 00 00", "4294967296")]
        [InlineData("d3 7f ff ff ff ff ff ff ff", "9223372036854775807")]
        [InlineData("d3 ff ff ff ff ff ff ff ff", "-1")]
        [InlineData("d3 ff ff ff ff ff ff ff 80", "-128")]
        [InlineData("d3 ff ff ff ff ff ff 80 00", "-32768")]
        [InlineData("d3 ff ff ff ff 80 00 00 00", "-2147483648")]
        [InlineData("d3 ff ff ff ff 7f ff ff ff", "-2147483649")]
        [InlineData("d3 80 00 00 00 00 00 00 00", "-9223372036854775808")]
        public void EveryReaderAcceptsEveryWidthWhoseValueFitsAndRejectsTheRest(string hex, string value)
        {
            byte[] encoded = Hex.ToBytes(hex);
            Int128 expected = Int128.Parse(value, CultureInfo.InvariantCulture);
            IntegerReaders.AssertAll(encoded, encoded.Length, expected);

            // Bytes after the value are not taken: bytesRead stays the value's length.
            byte[] followed = new byte[encoded.Length + 3];
            encoded.CopyTo(followed, 0);
            followed[encoded.Length] = 0xc0;
            followed[encoded.Length + 1] = 0xcf;
            followed[encoded.Length + 2] = 0xff;
            IntegerReaders.AssertAll(followed, encoded.Length, expected);
        }

        [Theory]
        [InlineData("ce 80 00 00 00")]                 // 2^31
        [InlineData("cf 00 00 00 00 80 00 00 00")]     // 2^31 in uint 64
        [InlineData("d3 80 00 00 00 00 00 00 00")]     // long.MinValue
        [InlineData("d3 ff ff ff ff 7f ff ff ff")]     // int.MinValue - 1
        [InlineData("d3 00 00 00 00 80 00 00 00")]     // int.MaxValue + 1
        [InlineData("cf ff ff ff ff ff ff ff ff")]
        public void ReadInt32ThrowsOverflowRatherThanTruncating(string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            MsgPackOverflowException e = Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadInt32(input, out _));
            Assert.Equal(input[0], e.Code);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadInt32(input, out int value, out int bytesRead));
            Assert.Equal(0, value);
            Assert.Equal(0, bytesRead);
        }

        [Theory]
        [InlineData("ff")]
        [InlineData("e0")]
        [InlineData("d0 ff")]
        [InlineData("d1 ff ff")]
        [InlineData("d2 ff ff ff ff")]
        [InlineData("d3 ff ff ff ff ff ff ff ff")]
        [InlineData("d3 80 00 00 00 00 00 00 00")]
        public void UnsignedReadersRejectNegativeValues(string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadUInt64(input, out _));
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadUInt32(input, out _));
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadUInt16(input, out _));
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadByte(input, out _));
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadUInt64(input, out _, out _));
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadByte(input, out _, out _));
        }

        [Fact]
        public void TheExamplesOfTheBriefOverflow()
        {
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadByte(Hex.ToBytes("cd 01 00"), out _));
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadInt64(Hex.ToBytes("cf ff ff ff ff ff ff ff ff"), out _));
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadInt64(Hex.ToBytes("cf 80 00 00 00 00 00 00 00"), out _));
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadSByte(Hex.ToBytes("cc 80"), out _));
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadInt16(Hex.ToBytes("cd 80 00"), out _));
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadUInt16(Hex.ToBytes("ce 00 01 00 00"), out _));
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadUInt32(Hex.ToBytes("cf 00 00 00 01 00 00 00 00"), out _));
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadByte(Hex.ToBytes("cd 01 00"), out _, out int bytesRead));
            Assert.Equal(0, bytesRead);
        }

        [Fact]
        public void AnOverflowIsAMsgPackExceptionAndNamesTheCodeAndTheType()
        {
            MsgPackException e = Assert.ThrowsAny<MsgPackException>(() => MsgPackSpec.ReadByte(Hex.ToBytes("cd 01 00"), out _));
            MsgPackOverflowException overflow = Assert.IsType<MsgPackOverflowException>(e);
            Assert.Equal(0xcd, overflow.Code);
            Assert.Contains("0xcd", e.Message, StringComparison.Ordinal);
            Assert.Contains("Byte", e.Message, StringComparison.Ordinal);
        }

        /// <summary>Every prefix of every width is too short: the readers ask for the whole value and read nothing past the given length.</summary>
        [Theory]
        [InlineData("cc ff")]
        [InlineData("cd 12 34")]
        [InlineData("ce 12 34 56 78")]
        [InlineData("cf 01 23 45 67 89 ab cd ef")]
        [InlineData("d0 80")]
        [InlineData("d1 80 00")]
        [InlineData("d2 80 00 00 00")]
        [InlineData("d3 80 00 00 00 00 00 00 00")]
        [InlineData("cf ff ff ff ff ff ff ff ff")]
        public void EveryReaderAsksForTheWholeValueWhenTheInputEndsInsideIt(string hex)
        {
            byte[] encoded = Hex.ToBytes(hex);
            for (int available = 0; available < encoded.Length; available++)
            {
                IntegerReaders.AssertTruncated(encoded, available, encoded.Length);
            }
        }

        [Fact]
        public void EmptyInputNeedsOneByte()
        {
            IntegerReaders.AssertTruncated(Array.Empty<byte>(), 0, 1);
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadInt32((byte*)null, 0, out int value, out int bytesRead));
            Assert.Equal(0, value);
            Assert.Equal(1, bytesRead);
        }

        /// <summary>Every code the spec does not give to an integer (fixmap through float 64, fixext through map 32, 0xc1) is rejected by every reader.</summary>
        [Fact]
        public void EveryReaderRejectsEveryCodeThatIsNotAnInteger()
        {
            int rejected = 0;
            for (int code = 0; code <= 0xff; code++)
            {
                bool integer = code <= 0x7f || (code >= 0xcc && code <= 0xd3) || code >= 0xe0;
                if (integer)
                {
                    continue;
                }

                // Enough bytes after the code for any integer width, so only the code can be wrong.
                byte[] input = new byte[16];
                input[0] = (byte)code;
                IntegerReaders.AssertUnexpectedCode(input);
                rejected++;
            }

            // 0x80..0xcb and 0xd4..0xdf.
            Assert.Equal(0x4c + 0x0c, rejected);
        }

        [Fact]
        public void TheUnexpectedCodeExceptionNamesTheCodeFound()
        {
            MsgPackUnexpectedCodeException e = Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadInt32(Hex.ToBytes("c1 00 00 00 00"), out _));
            Assert.Equal(0xc1, e.Code);
            Assert.Contains("0xc1", e.Message, StringComparison.Ordinal);

            e = Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadInt64(Hex.ToBytes("ca 3f c0 00 00"), out _));
            Assert.Equal(0xca, e.Code);
            Assert.Contains("0xca", e.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void AWrongCodeIsReportedEvenWhenTheInputIsOneByte()
        {
            // The code alone decides: a float 64 code with nothing after it is the wrong code, not a short input.
            byte[] input = Hex.ToBytes("cb");
            Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadInt64(input, out _));
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadInt64(input, out _, out int bytesRead));
            Assert.Equal(0, bytesRead);
        }

        [Fact]
        public void ReadersWorkFromAnyOffsetOfALargerBuffer()
        {
            // Three integers back to back, read one after the other.
            byte[] input = Hex.ToBytes("cd 12 34 d0 80 ce 80 00 00 00 05");
            int offset = 0;
            Assert.Equal(0x1234, MsgPackSpec.ReadUInt16(input.AsSpan(offset), out int read));
            offset += read;
            Assert.Equal(-128, MsgPackSpec.ReadSByte(input.AsSpan(offset), out read));
            offset += read;
            Assert.Equal(2147483648u, MsgPackSpec.ReadUInt32(input.AsSpan(offset), out read));
            offset += read;
            fixed (byte* p = input)
            {
                Assert.Equal(5L, MsgPackSpec.ReadInt64(p + offset, input.Length - offset, out read));
            }

            offset += read;
            Assert.Equal(input.Length, offset);
        }
    }
}
