using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>ext: fixext 1/2/4/8/16 for those lengths, ext 8/16/32 for the others, signed type codes, zero-copy reading.</summary>
    public unsafe class ExtensionTests
    {
        [Theory]
        [InlineData(1, 5, "d4 05")]
        [InlineData(2, 5, "d5 05")]
        [InlineData(4, 5, "d6 05")]
        [InlineData(8, 5, "d7 05")]
        [InlineData(16, 5, "d8 05")]
        [InlineData(1, -128, "d4 80")]
        [InlineData(4, -1, "d6 ff")]
        [InlineData(8, 0, "d7 00")]
        [InlineData(16, 127, "d8 7f")]
        [InlineData(0, 5, "c7 00 05")]
        [InlineData(0, -128, "c7 00 80")]
        [InlineData(3, -1, "c7 03 ff")]
        [InlineData(5, 0, "c7 05 00")]
        [InlineData(6, 1, "c7 06 01")]
        [InlineData(7, 1, "c7 07 01")]
        [InlineData(9, 1, "c7 09 01")]
        [InlineData(15, 1, "c7 0f 01")]
        [InlineData(17, 127, "c7 11 7f")]
        [InlineData(32, 1, "c7 20 01")] // a power of two above 16 has no fixext form
        [InlineData(255, -2, "c7 ff fe")]
        [InlineData(256, 1, "c8 01 00 01")]
        [InlineData(65535, -128, "c8 ff ff 80")]
        [InlineData(65536, 127, "c9 00 01 00 00 7f")]
        public void ExtensionIsWrittenWithTheSmallestHeaderAndReadBack(int length, int typeCode, string headerHex)
        {
            sbyte type = (sbyte)typeCode;
            byte[] header = Hex.ToBytes(headerHex);
            byte[] data = ContainerTestData.Pattern(length);
            byte[] expected = ContainerTestData.Concat(header, data);
            int total = expected.Length;

            Assert.Equal(header.Length, MsgPackSpec.GetExtensionHeaderEncodedLength(length));
            Assert.Equal(total, MsgPackSpec.GetExtensionEncodedLength(length));

            // The header alone.
            byte[] headerBuffer = ContainerTestData.Filled(8);
            Assert.Equal(header.Length, MsgPackSpec.WriteExtensionHeader(headerBuffer, new ExtensionHeader(type, length)));
            Assert.Equal(headerHex, Hex.Of(headerBuffer.AsSpan(0, header.Length)));
            Assert.True(ContainerTestData.IsUntouched(headerBuffer.AsSpan(header.Length)));

            byte[] headerTried = ContainerTestData.Filled(header.Length);
            Assert.True(MsgPackSpec.TryWriteExtensionHeader(headerTried, new ExtensionHeader(type, length), out int headerWritten));
            Assert.Equal(header.Length, headerWritten);
            Assert.Equal(headerHex, Hex.Of(headerTried));

            byte[] headerViaPointer = ContainerTestData.Filled(8);
            fixed (byte* p = headerViaPointer)
            {
                Assert.Equal(header.Length, MsgPackSpec.WriteExtensionHeader(p, new ExtensionHeader(type, length)));
            }

            Assert.Equal(headerHex, Hex.Of(headerViaPointer.AsSpan(0, header.Length)));
            Assert.True(ContainerTestData.IsUntouched(headerViaPointer.AsSpan(header.Length)));

            // The whole value.
            byte[] buffer = ContainerTestData.Filled(total + 2);
            Assert.Equal(total, MsgPackSpec.WriteExtension(buffer, type, data));
            Assert.Equal(expected, buffer.AsSpan(0, total).ToArray());
            Assert.True(ContainerTestData.IsUntouched(buffer.AsSpan(total)));

            byte[] tried = ContainerTestData.Filled(total);
            Assert.True(MsgPackSpec.TryWriteExtension(tried, type, data, out int written));
            Assert.Equal(total, written);
            Assert.Equal(expected, tried);

            byte[] viaPointer = ContainerTestData.Filled(total + 2);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(total, MsgPackSpec.WriteExtension(p, type, data));
            }

            Assert.Equal(expected, viaPointer.AsSpan(0, total).ToArray());
            Assert.True(ContainerTestData.IsUntouched(viaPointer.AsSpan(total)));

            // Read back from the buffer with two trailing filler bytes.
            var expectedHeader = new ExtensionHeader(type, length);
            Assert.Equal(expectedHeader, MsgPackSpec.ReadExtensionHeader(buffer, out int headerRead));
            Assert.Equal(header.Length, headerRead);
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadExtensionHeader(buffer, out ExtensionHeader triedHeader, out int triedHeaderRead));
            Assert.Equal(expectedHeader, triedHeader);
            Assert.Equal(header.Length, triedHeaderRead);

            ReadOnlySpan<byte> read = MsgPackSpec.ReadExtension(buffer, out ExtensionHeader readHeader, out int bytesRead);
            Assert.Equal(expectedHeader, readHeader);
            Assert.Equal(type, readHeader.TypeCode);
            Assert.Equal(length, readHeader.Length);
            Assert.Equal(total, bytesRead);
            Assert.Equal(length, read.Length);
            Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(read), ref buffer[header.Length]));
            Assert.True(read.SequenceEqual(data));

            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadExtension(buffer, out ExtensionHeader triedReadHeader, out ReadOnlySpan<byte> triedData, out int triedRead));
            Assert.Equal(expectedHeader, triedReadHeader);
            Assert.Equal(total, triedRead);
            Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(triedData), ref buffer[header.Length]));
            Assert.Equal(length, triedData.Length);

            fixed (byte* p = buffer)
            {
                Assert.Equal(expectedHeader, MsgPackSpec.ReadExtensionHeader(p, buffer.Length, out int pointerHeaderRead));
                Assert.Equal(header.Length, pointerHeaderRead);
                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadExtensionHeader(p, buffer.Length, out ExtensionHeader pointerTriedHeader, out _));
                Assert.Equal(expectedHeader, pointerTriedHeader);

                ReadOnlySpan<byte> pointerData = MsgPackSpec.ReadExtension(p, buffer.Length, out ExtensionHeader pointerHeader, out int pointerRead);
                Assert.Equal(expectedHeader, pointerHeader);
                Assert.Equal(total, pointerRead);
                Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(pointerData), ref buffer[header.Length]));

                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadExtension(p, buffer.Length, out ExtensionHeader pointerTriedReadHeader, out ReadOnlySpan<byte> pointerTriedData, out int pointerTriedRead));
                Assert.Equal(expectedHeader, pointerTriedReadHeader);
                Assert.Equal(total, pointerTriedRead);
                Assert.Equal(length, pointerTriedData.Length);
            }
        }

        [Theory]
        [InlineData(1, -128, "d4 80")]
        [InlineData(2, -1, "d5 ff")]
        [InlineData(4, 0, "d6 00")]
        [InlineData(8, 1, "d7 01")]
        [InlineData(16, 127, "d8 7f")]
        public void FixExtensionHeadersAlwaysWriteTwoBytes(int dataLength, int typeCode, string expectedHex)
        {
            sbyte type = (sbyte)typeCode;
            byte[] buffer = ContainerTestData.Filled(3);
            byte[] viaPointer = ContainerTestData.Filled(3);
            int written;
            int writtenViaPointer;
            fixed (byte* p = viaPointer)
            {
                switch (dataLength)
                {
                    case 1:
                        written = MsgPackSpec.WriteFixExtension1Header(buffer, type);
                        writtenViaPointer = MsgPackSpec.WriteFixExtension1Header(p, type);
                        break;
                    case 2:
                        written = MsgPackSpec.WriteFixExtension2Header(buffer, type);
                        writtenViaPointer = MsgPackSpec.WriteFixExtension2Header(p, type);
                        break;
                    case 4:
                        written = MsgPackSpec.WriteFixExtension4Header(buffer, type);
                        writtenViaPointer = MsgPackSpec.WriteFixExtension4Header(p, type);
                        break;
                    case 8:
                        written = MsgPackSpec.WriteFixExtension8Header(buffer, type);
                        writtenViaPointer = MsgPackSpec.WriteFixExtension8Header(p, type);
                        break;
                    default:
                        written = MsgPackSpec.WriteFixExtension16Header(buffer, type);
                        writtenViaPointer = MsgPackSpec.WriteFixExtension16Header(p, type);
                        break;
                }
            }

            Assert.Equal(2, written);
            Assert.Equal(2, writtenViaPointer);
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));
            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));

            Assert.Equal(new ExtensionHeader(type, dataLength), MsgPackSpec.ReadExtensionHeader(buffer, out int read));
            Assert.Equal(2, read);
        }

        [Theory]
        [InlineData(-128, 0, "c7 00 80")]
        [InlineData(-1, 1, "c7 01 ff")] // a 1-byte ext 8 where fixext 1 would do: the exact writer obeys
        [InlineData(0, 3, "c7 03 00")]
        [InlineData(127, 255, "c7 ff 7f")]
        public void WriteExtension8HeaderAlwaysWritesThreeBytes(int typeCode, int length, string expectedHex)
        {
            byte[] buffer = ContainerTestData.Filled(4);
            Assert.Equal(3, MsgPackSpec.WriteExtension8Header(buffer, (sbyte)typeCode, (byte)length));
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));

            byte[] viaPointer = ContainerTestData.Filled(4);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(3, MsgPackSpec.WriteExtension8Header(p, (sbyte)typeCode, (byte)length));
            }

            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));
            Assert.Equal(new ExtensionHeader((sbyte)typeCode, length), MsgPackSpec.ReadExtensionHeader(buffer, out int read));
            Assert.Equal(3, read);
        }

        [Theory]
        [InlineData(-2, 0, "c8 00 00 fe")]
        [InlineData(5, 1, "c8 00 01 05")]
        [InlineData(-128, 0x1234, "c8 12 34 80")]
        [InlineData(127, 65535, "c8 ff ff 7f")]
        public void WriteExtension16HeaderAlwaysWritesFourBytes(int typeCode, int length, string expectedHex)
        {
            byte[] buffer = ContainerTestData.Filled(5);
            Assert.Equal(4, MsgPackSpec.WriteExtension16Header(buffer, (sbyte)typeCode, (ushort)length));
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));

            byte[] viaPointer = ContainerTestData.Filled(5);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(4, MsgPackSpec.WriteExtension16Header(p, (sbyte)typeCode, (ushort)length));
            }

            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));
            Assert.Equal(new ExtensionHeader((sbyte)typeCode, length), MsgPackSpec.ReadExtensionHeader(buffer, out int read));
            Assert.Equal(4, read);
        }

        [Theory]
        [InlineData(127, 0x01020304u, "c9 01 02 03 04 7f")]
        [InlineData(-1, 0u, "c9 00 00 00 00 ff")]
        [InlineData(0, 16u, "c9 00 00 00 10 00")]
        [InlineData(-128, uint.MaxValue, "c9 ff ff ff ff 80")]
        public void WriteExtension32HeaderAlwaysWritesSixBytes(int typeCode, uint length, string expectedHex)
        {
            byte[] buffer = ContainerTestData.Filled(7);
            Assert.Equal(6, MsgPackSpec.WriteExtension32Header(buffer, (sbyte)typeCode, length));
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));

            byte[] viaPointer = ContainerTestData.Filled(7);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(6, MsgPackSpec.WriteExtension32Header(p, (sbyte)typeCode, length));
            }

            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));
        }

        [Theory]
        [InlineData("c7 01 05 aa", 5, "aa")]
        [InlineData("c7 04 ff 00 00 00 01", -1, "00 00 00 01")]
        [InlineData("c8 00 02 05 aa bb", 5, "aa bb")]
        [InlineData("c9 00 00 00 00 80", -128, "")]
        [InlineData("c9 00 00 00 01 7f 42", 127, "42")]
        public void ReadExtensionAcceptsLongerFormsThanNeeded(string hex, int typeCode, string dataHex)
        {
            byte[] input = ContainerTestData.Concat(Hex.ToBytes(hex), Hex.ToBytes("c1"));
            ReadOnlySpan<byte> data = MsgPackSpec.ReadExtension(input, out ExtensionHeader header, out int read);
            Assert.Equal(input.Length - 1, read);
            Assert.Equal((sbyte)typeCode, header.TypeCode);
            Assert.Equal(Hex.ToBytes(dataHex).Length, header.Length);
            Assert.Equal(dataHex, Hex.Of(data));
        }

        [Theory]
        [InlineData("", false, 1, 1)]
        [InlineData("d4", false, 2, 2)]
        [InlineData("d4 01", true, 2, 3)]
        [InlineData("d5 01 aa", true, 2, 4)]
        [InlineData("d6 01", true, 2, 6)]
        [InlineData("d7 01 00 00 00 00 00 00 00", true, 2, 10)]
        [InlineData("d8", false, 2, 2)]
        [InlineData("d8 01", true, 2, 18)]
        [InlineData("c7", false, 3, 3)]
        [InlineData("c7 05", false, 3, 3)]
        [InlineData("c7 05 01", true, 3, 8)]
        [InlineData("c7 05 01 aa bb cc dd", true, 3, 8)]
        [InlineData("c8 00", false, 4, 4)]
        [InlineData("c8 01 00 01", true, 4, 260)]
        [InlineData("c9 00 00 00", false, 6, 6)]
        [InlineData("c9 00 00 00 01 01", true, 6, 7)]
        [InlineData("c9 7f ff ff f9 01", true, 6, int.MaxValue)]
        public void TruncatedExtensionNeedsMoreData(string hex, bool headerComplete, int headerBytes, int valueNeeded)
        {
            // headerComplete: the header is all there (headerBytes long) and only the data is missing;
            // otherwise headerBytes is the input length the header needs.
            byte[] input = Hex.ToBytes(hex);

            var thrown = Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.ReadExtension(input, out _, out _));
            Assert.Equal(valueNeeded, thrown.BytesNeeded);
            Assert.Equal(input.Length, thrown.BytesAvailable);

            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadExtension(input, out ExtensionHeader header, out ReadOnlySpan<byte> data, out int read));
            Assert.Equal(valueNeeded, read);
            Assert.Equal(default(ExtensionHeader), header);
            Assert.True(data.IsEmpty);

            fixed (byte* p = input)
            {
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadExtension(p, input.Length, out _, out _, out int pointerRead));
                Assert.Equal(valueNeeded, pointerRead);
            }

            OperationStatus headerStatus = MsgPackSpec.TryReadExtensionHeader(input, out _, out int headerRead);
            Assert.Equal(headerBytes, headerRead);
            if (headerComplete)
            {
                Assert.Equal(OperationStatus.Done, headerStatus);
            }
            else
            {
                Assert.Equal(OperationStatus.NeedMoreData, headerStatus);
                Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.ReadExtensionHeader(input, out _));
            }
        }

        [Theory]
        [InlineData("c0")]
        [InlineData("c1")]
        [InlineData("c4 01 aa")]
        [InlineData("a1 61")]
        [InlineData("d3 00 00 00 00 00 00 00 00")]
        [InlineData("d9 01 61")]
        [InlineData("ca 00 00 00 00")]
        public void NonExtensionCodeIsUnexpected(string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            var thrown = Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadExtension(input, out _, out _));
            Assert.Equal(input[0], thrown.Code);
            Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadExtensionHeader(input, out _));

            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadExtension(input, out _, out _, out int read));
            Assert.Equal(0, read);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadExtensionHeader(input, out _, out int headerRead));
            Assert.Equal(0, headerRead);
        }

        [Theory]
        [InlineData("c9 80 00 00 00 01")]
        [InlineData("c9 ff ff ff ff 01 00")]
        public void ExtensionHeaderAboveIntMaxValueOverflows(string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadExtensionHeader(input, out _));
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadExtension(input, out _, out _));
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadExtensionHeader(input, out _, out int headerRead));
            Assert.Equal(0, headerRead);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadExtension(input, out _, out _, out int read));
            Assert.Equal(0, read);
        }

        [Fact]
        public void ExtensionOfIntMaxValueBytesCannotFitAfterItsHeader()
        {
            // The header is fine, but 6 + int.MaxValue bytes is longer than any span.
            byte[] input = Hex.ToBytes("c9 7f ff ff ff 01");
            Assert.Equal(new ExtensionHeader(1, int.MaxValue), MsgPackSpec.ReadExtensionHeader(input, out int headerRead));
            Assert.Equal(6, headerRead);
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadExtension(input, out _, out _));
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadExtension(input, out _, out _, out int read));
            Assert.Equal(0, read);
        }

        [Fact]
        public void NegativeLengthsAreRejected()
        {
            Assert.Throws<ArgumentOutOfRangeException>(() => new ExtensionHeader(1, -1));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.GetExtensionHeaderEncodedLength(-1));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.GetExtensionEncodedLength(int.MinValue));
            Assert.Throws<OverflowException>(() => MsgPackSpec.GetExtensionEncodedLength(int.MaxValue));
        }

        [Fact]
        public void ExtensionHeaderComparesTypeAndLength()
        {
            var a = new ExtensionHeader(-1, 4);
            Assert.True(a == new ExtensionHeader(-1, 4));
            Assert.False(a != new ExtensionHeader(-1, 4));
            Assert.True(a != new ExtensionHeader(1, 4));
            Assert.True(a != new ExtensionHeader(-1, 8));
            Assert.True(a.Equals((object)new ExtensionHeader(-1, 4)));
            Assert.False(a.Equals((object)4));
            Assert.Equal(a.GetHashCode(), new ExtensionHeader(-1, 4).GetHashCode());

            // The default header is type 0, no data: written as ext 8 of length 0.
            byte[] buffer = new byte[3];
            Assert.Equal(3, MsgPackSpec.WriteExtensionHeader(buffer, default));
            Assert.Equal("c7 00 00", Hex.Of(buffer));
        }
    }
}
