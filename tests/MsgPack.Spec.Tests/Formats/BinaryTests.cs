using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>bin: bin 8/16/32 headers (there is no fix form), whole values, zero-copy reading.</summary>
    public unsafe class BinaryTests
    {
        [Theory]
        [InlineData(0, "c4 00")]
        [InlineData(1, "c4 01")]
        [InlineData(31, "c4 1f")]
        [InlineData(32, "c4 20")]
        [InlineData(255, "c4 ff")]
        [InlineData(256, "c5 01 00")]
        [InlineData(65535, "c5 ff ff")]
        [InlineData(65536, "c6 00 01 00 00")]
        [InlineData(int.MaxValue, "c6 7f ff ff ff")]
        public void WriteBinaryHeaderWritesTheSmallestForm(int length, string expectedHex)
        {
            int headerLength = Hex.ToBytes(expectedHex).Length;
            Assert.Equal(headerLength, MsgPackSpec.GetBinaryHeaderEncodedLength(length));

            byte[] buffer = ContainerTestData.Filled(8);
            Assert.Equal(headerLength, MsgPackSpec.WriteBinaryHeader(buffer, length));
            Assert.Equal(expectedHex, Hex.Of(buffer.AsSpan(0, headerLength)));
            Assert.True(ContainerTestData.IsUntouched(buffer.AsSpan(headerLength)));

            byte[] exact = ContainerTestData.Filled(headerLength);
            Assert.True(MsgPackSpec.TryWriteBinaryHeader(exact, length, out int written));
            Assert.Equal(headerLength, written);
            Assert.Equal(expectedHex, Hex.Of(exact));

            byte[] viaPointer = ContainerTestData.Filled(8);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(headerLength, MsgPackSpec.WriteBinaryHeader(p, length));
            }

            Assert.Equal(expectedHex, Hex.Of(viaPointer.AsSpan(0, headerLength)));
            Assert.True(ContainerTestData.IsUntouched(viaPointer.AsSpan(headerLength)));

            Assert.Equal(length, MsgPackSpec.ReadBinaryHeader(exact, out int read));
            Assert.Equal(headerLength, read);
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadBinaryHeader(exact, out int value, out int tryRead));
            Assert.Equal(length, value);
            Assert.Equal(headerLength, tryRead);
            fixed (byte* p = exact)
            {
                Assert.Equal(length, MsgPackSpec.ReadBinaryHeader(p, exact.Length, out int pointerRead));
                Assert.Equal(headerLength, pointerRead);
                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadBinaryHeader(p, exact.Length, out int pointerValue, out _));
                Assert.Equal(length, pointerValue);
            }
        }

        [Theory]
        [InlineData(0, "c4 00")]
        [InlineData(1, "c4 01")]
        [InlineData(255, "c4 ff")]
        [InlineData(256, "c5 01 00")]
        [InlineData(65535, "c5 ff ff")]
        [InlineData(65536, "c6 00 01 00 00")]
        public void BinaryValueIsHeaderThenPayload(int length, string headerHex)
        {
            byte[] header = Hex.ToBytes(headerHex);
            byte[] payload = ContainerTestData.Pattern(length);
            int total = header.Length + length;
            byte[] expected = ContainerTestData.Concat(header, payload);

            Assert.Equal(total, MsgPackSpec.GetBinaryEncodedLength(length));

            byte[] buffer = ContainerTestData.Filled(total + 2);
            Assert.Equal(total, MsgPackSpec.WriteBinary(buffer, payload));
            Assert.Equal(expected, buffer.AsSpan(0, total).ToArray());
            Assert.True(ContainerTestData.IsUntouched(buffer.AsSpan(total)));

            byte[] tried = ContainerTestData.Filled(total);
            Assert.True(MsgPackSpec.TryWriteBinary(tried, payload, out int written));
            Assert.Equal(total, written);
            Assert.Equal(expected, tried);

            byte[] viaPointer = ContainerTestData.Filled(total + 2);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(total, MsgPackSpec.WriteBinary(p, payload));
            }

            Assert.Equal(expected, viaPointer.AsSpan(0, total).ToArray());
            Assert.True(ContainerTestData.IsUntouched(viaPointer.AsSpan(total)));

            // Read back from the buffer with trailing bytes: the payload is a slice of the input.
            ReadOnlySpan<byte> read = MsgPackSpec.ReadBinary(buffer, out int bytesRead);
            Assert.Equal(total, bytesRead);
            Assert.Equal(length, read.Length);
            Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(read), ref buffer[header.Length]));
            Assert.True(read.SequenceEqual(payload));

            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadBinary(buffer, out ReadOnlySpan<byte> triedRead, out int triedBytesRead));
            Assert.Equal(total, triedBytesRead);
            Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(triedRead), ref buffer[header.Length]));
            Assert.Equal(length, triedRead.Length);

            fixed (byte* p = buffer)
            {
                ReadOnlySpan<byte> pointerRead = MsgPackSpec.ReadBinary(p, buffer.Length, out int pointerBytesRead);
                Assert.Equal(total, pointerBytesRead);
                Assert.Equal(length, pointerRead.Length);
                Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(pointerRead), ref buffer[header.Length]));

                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadBinary(p, buffer.Length, out ReadOnlySpan<byte> pointerTried, out int pointerTriedRead));
                Assert.Equal(total, pointerTriedRead);
                Assert.Equal(length, pointerTried.Length);
                Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(pointerTried), ref buffer[header.Length]));
            }
        }

        [Theory]
        [InlineData(0, "c4 00")]
        [InlineData(1, "c4 01")]
        [InlineData(255, "c4 ff")]
        public void WriteBinary8HeaderAlwaysWritesTwoBytes(int length, string expectedHex)
        {
            byte[] buffer = ContainerTestData.Filled(3);
            Assert.Equal(2, MsgPackSpec.WriteBinary8Header(buffer, (byte)length));
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));

            byte[] viaPointer = ContainerTestData.Filled(3);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(2, MsgPackSpec.WriteBinary8Header(p, (byte)length));
            }

            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));
        }

        [Theory]
        [InlineData(0, "c5 00 00")]
        [InlineData(1, "c5 00 01")]
        [InlineData(256, "c5 01 00")]
        [InlineData(65535, "c5 ff ff")]
        public void WriteBinary16HeaderAlwaysWritesThreeBytes(int length, string expectedHex)
        {
            byte[] buffer = ContainerTestData.Filled(4);
            Assert.Equal(3, MsgPackSpec.WriteBinary16Header(buffer, (ushort)length));
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));

            byte[] viaPointer = ContainerTestData.Filled(4);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(3, MsgPackSpec.WriteBinary16Header(p, (ushort)length));
            }

            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));
            Assert.Equal(length, MsgPackSpec.ReadBinaryHeader(buffer, out int read));
            Assert.Equal(3, read);
        }

        [Theory]
        [InlineData(0u, "c6 00 00 00 00")]
        [InlineData(1u, "c6 00 00 00 01")]
        [InlineData(65536u, "c6 00 01 00 00")]
        [InlineData(uint.MaxValue, "c6 ff ff ff ff")]
        public void WriteBinary32HeaderAlwaysWritesFiveBytes(uint length, string expectedHex)
        {
            byte[] buffer = ContainerTestData.Filled(6);
            Assert.Equal(5, MsgPackSpec.WriteBinary32Header(buffer, length));
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));

            byte[] viaPointer = ContainerTestData.Filled(6);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(5, MsgPackSpec.WriteBinary32Header(p, length));
            }

            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));
        }

        [Theory]
        [InlineData("c5 00 00", 0, 3)]
        [InlineData("c5 00 02 aa bb", 2, 5)]
        [InlineData("c6 00 00 00 00", 0, 5)]
        [InlineData("c6 00 00 00 02 aa bb", 2, 7)]
        public void ReadBinaryAcceptsLongerFormsThanNeeded(string hex, int expectedLength, int expectedRead)
        {
            byte[] input = ContainerTestData.Concat(Hex.ToBytes(hex), Hex.ToBytes("c1"));
            ReadOnlySpan<byte> payload = MsgPackSpec.ReadBinary(input, out int read);
            Assert.Equal(expectedRead, read);
            Assert.Equal(expectedLength, payload.Length);
            Assert.Equal(Hex.Of(input.AsSpan(expectedRead - expectedLength, expectedLength)), Hex.Of(payload));
        }

        [Fact]
        public void NegativeLengthIsRejected()
        {
            byte[] buffer = new byte[8];
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.GetBinaryHeaderEncodedLength(-1));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.GetBinaryEncodedLength(-1));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.WriteBinaryHeader(buffer, -1));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.WriteBinaryHeader(buffer.AsSpan(0, 1), int.MinValue));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.TryWriteBinaryHeader(buffer, -1, out _));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.TryWriteBinaryHeader(buffer.AsSpan(0, 1), -1, out _));
            Assert.Throws<ArgumentOutOfRangeException>(() =>
            {
                fixed (byte* p = buffer)
                {
                    MsgPackSpec.WriteBinaryHeader(p, -1);
                }
            });
        }

        [Fact]
        public void EncodedLengthOverflowIsReported()
        {
            Assert.Throws<OverflowException>(() => MsgPackSpec.GetBinaryEncodedLength(int.MaxValue));
            Assert.Equal(int.MaxValue, MsgPackSpec.GetBinaryEncodedLength(int.MaxValue - 5));
        }

        [Theory]
        [InlineData("", 1)]
        [InlineData("c4", 2)]
        [InlineData("c4 01", 3)]
        [InlineData("c4 03 01 02", 5)]
        [InlineData("c5", 3)]
        [InlineData("c5 00", 3)]
        [InlineData("c5 01 00 00", 259)]
        [InlineData("c6", 5)]
        [InlineData("c6 00 00 00", 5)]
        [InlineData("c6 00 01 00 00", 65541)]
        [InlineData("c6 7f ff ff fa", int.MaxValue)]
        public void TruncatedBinaryNeedsMoreData(string hex, int needed)
        {
            byte[] input = Hex.ToBytes(hex);

            var thrown = Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.ReadBinary(input, out _));
            Assert.Equal(needed, thrown.BytesNeeded);
            Assert.Equal(input.Length, thrown.BytesAvailable);

            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadBinary(input, out ReadOnlySpan<byte> value, out int read));
            Assert.Equal(needed, read);
            Assert.True(value.IsEmpty);

            fixed (byte* p = input)
            {
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadBinary(p, input.Length, out _, out int pointerRead));
                Assert.Equal(needed, pointerRead);
            }

            Assert.Throws<MsgPackTruncatedException>(() =>
            {
                fixed (byte* p = input)
                {
                    MsgPackSpec.ReadBinary(p, input.Length, out _);
                }
            });
        }

        [Theory]
        [InlineData("a1 61")] // str is not bin
        [InlineData("d9 01 61")]
        [InlineData("c0")]
        [InlineData("c1")]
        [InlineData("c7 01 05 aa")]
        [InlineData("90")]
        public void NonBinaryCodeIsUnexpected(string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            var thrown = Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadBinary(input, out _));
            Assert.Equal(input[0], thrown.Code);
            Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadBinaryHeader(input, out _));

            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadBinary(input, out _, out int read));
            Assert.Equal(0, read);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadBinaryHeader(input, out _, out int headerRead));
            Assert.Equal(0, headerRead);
        }

        [Theory]
        [InlineData("c6 80 00 00 00")]
        [InlineData("c6 ff ff ff ff 00")]
        [InlineData("c6 7f ff ff ff")]
        public void BinaryLongerThanIntMaxValueOverflows(string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            var thrown = Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadBinary(input, out _));
            Assert.Equal(0xc6, thrown.Code);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadBinary(input, out _, out int read));
            Assert.Equal(0, read);
        }
    }
}
