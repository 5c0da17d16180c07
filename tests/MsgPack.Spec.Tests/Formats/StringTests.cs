using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>str: headers in every form, UTF-8 encoding straight into the destination, zero-copy reading.</summary>
    public unsafe class StringTests
    {
        // ---- Headers: the smallest form for each length boundary. ----

        [Theory]
        [InlineData(0, "a0")]
        [InlineData(1, "a1")]
        [InlineData(31, "bf")]
        [InlineData(32, "d9 20")]
        [InlineData(255, "d9 ff")]
        [InlineData(256, "da 01 00")]
        [InlineData(65535, "da ff ff")]
        [InlineData(65536, "db 00 01 00 00")]
        [InlineData(int.MaxValue, "db 7f ff ff ff")]
        public void WriteStringHeaderWritesTheSmallestForm(int length, string expectedHex)
        {
            int headerLength = Hex.ToBytes(expectedHex).Length;
            Assert.Equal(headerLength, MsgPackSpec.GetStringHeaderEncodedLength(length));

            byte[] buffer = ContainerTestData.Filled(8);
            Assert.Equal(headerLength, MsgPackSpec.WriteStringHeader(buffer, length));
            Assert.Equal(expectedHex, Hex.Of(buffer.AsSpan(0, headerLength)));
            Assert.True(ContainerTestData.IsUntouched(buffer.AsSpan(headerLength)));

            byte[] exact = ContainerTestData.Filled(headerLength);
            Assert.True(MsgPackSpec.TryWriteStringHeader(exact, length, out int written));
            Assert.Equal(headerLength, written);
            Assert.Equal(expectedHex, Hex.Of(exact));

            byte[] viaPointer = ContainerTestData.Filled(8);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(headerLength, MsgPackSpec.WriteStringHeader(p, length));
            }

            Assert.Equal(expectedHex, Hex.Of(viaPointer.AsSpan(0, headerLength)));
            Assert.True(ContainerTestData.IsUntouched(viaPointer.AsSpan(headerLength)));
        }

        [Theory]
        [InlineData(0, "a0")]
        [InlineData(1, "a1")]
        [InlineData(31, "bf")]
        [InlineData(32, "d9 20")]
        [InlineData(255, "d9 ff")]
        [InlineData(256, "da 01 00")]
        [InlineData(65535, "da ff ff")]
        [InlineData(65536, "db 00 01 00 00")]
        public void StringOfEachBoundaryLengthIsHeaderThenPayload(int length, string headerHex)
        {
            byte[] header = Hex.ToBytes(headerHex);
            byte[] payload = ContainerTestData.Repeat((byte)'x', length);
            byte[] expected = ContainerTestData.Concat(header, payload, Hex.ToBytes("c0"));

            // From UTF-8 bytes.
            byte[] buffer = ContainerTestData.Filled(header.Length + length + 1);
            buffer[buffer.Length - 1] = 0xc0;
            Assert.Equal(header.Length + length, MsgPackSpec.WriteString(buffer, payload));
            Assert.Equal(expected, buffer);

            // From text: the same bytes.
            string text = new string('x', length);
            Assert.Equal(header.Length + length, MsgPackSpec.GetStringEncodedLength(text));
            byte[] fromText = ContainerTestData.Filled(header.Length + length + 1);
            fromText[fromText.Length - 1] = 0xc0;
            Assert.Equal(header.Length + length, MsgPackSpec.WriteString(fromText, text));
            Assert.Equal(expected, fromText);

            // Read back: the header, the bytes (a slice of the input), the text; each stops before the trailing c0.
            Assert.Equal(length, MsgPackSpec.ReadStringHeader(expected, out int headerRead));
            Assert.Equal(header.Length, headerRead);

            ReadOnlySpan<byte> bytes = MsgPackSpec.ReadStringBytes(expected, out int bytesRead);
            Assert.Equal(header.Length + length, bytesRead);
            Assert.Equal(length, bytes.Length);
            Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(bytes), ref expected[header.Length]));

            Assert.Equal(text, MsgPackSpec.ReadString(expected, out int stringRead));
            Assert.Equal(header.Length + length, stringRead);

            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadString(expected, out string tried, out int triedRead));
            Assert.Equal(text, tried);
            Assert.Equal(header.Length + length, triedRead);
        }

        // ---- Headers: the exact forms. ----

        [Theory]
        [InlineData(0, "a0")]
        [InlineData(1, "a1")]
        [InlineData(31, "bf")]
        public void WriteFixStringHeaderWritesOneByte(int length, string expectedHex)
        {
            byte[] buffer = ContainerTestData.Filled(2);
            Assert.Equal(1, MsgPackSpec.WriteFixStringHeader(buffer, (byte)length));
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));

            byte[] viaPointer = ContainerTestData.Filled(2);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(1, MsgPackSpec.WriteFixStringHeader(p, (byte)length));
            }

            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));
        }

        [Theory]
        [InlineData(32)]
        [InlineData(255)]
        public void WriteFixStringHeaderRejectsLengthsAbove31(int value)
        {
            byte length = (byte)value;
            byte[] buffer = ContainerTestData.Filled(4);
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.WriteFixStringHeader(buffer, length));
            Assert.Throws<ArgumentOutOfRangeException>(() =>
            {
                fixed (byte* p = buffer)
                {
                    MsgPackSpec.WriteFixStringHeader(p, length);
                }
            });
            Assert.True(ContainerTestData.IsUntouched(buffer));
        }

        [Theory]
        [InlineData(0, "d9 00")]
        [InlineData(31, "d9 1f")]
        [InlineData(255, "d9 ff")]
        public void WriteString8HeaderAlwaysWritesTwoBytes(int length, string expectedHex)
        {
            byte[] buffer = ContainerTestData.Filled(3);
            Assert.Equal(2, MsgPackSpec.WriteString8Header(buffer, (byte)length));
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));

            byte[] viaPointer = ContainerTestData.Filled(3);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(2, MsgPackSpec.WriteString8Header(p, (byte)length));
            }

            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));
            Assert.Equal(length, MsgPackSpec.ReadStringHeader(buffer, out int read));
            Assert.Equal(2, read);
        }

        [Theory]
        [InlineData(0, "da 00 00")]
        [InlineData(31, "da 00 1f")]
        [InlineData(256, "da 01 00")]
        [InlineData(65535, "da ff ff")]
        public void WriteString16HeaderAlwaysWritesThreeBytes(int length, string expectedHex)
        {
            byte[] buffer = ContainerTestData.Filled(4);
            Assert.Equal(3, MsgPackSpec.WriteString16Header(buffer, (ushort)length));
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));

            byte[] viaPointer = ContainerTestData.Filled(4);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(3, MsgPackSpec.WriteString16Header(p, (ushort)length));
            }

            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));
            Assert.Equal(length, MsgPackSpec.ReadStringHeader(buffer, out int read));
            Assert.Equal(3, read);
        }

        [Theory]
        [InlineData(0u, "db 00 00 00 00")]
        [InlineData(31u, "db 00 00 00 1f")]
        [InlineData(65536u, "db 00 01 00 00")]
        [InlineData(0x12345678u, "db 12 34 56 78")]
        [InlineData(uint.MaxValue, "db ff ff ff ff")]
        public void WriteString32HeaderAlwaysWritesFiveBytes(uint length, string expectedHex)
        {
            byte[] buffer = ContainerTestData.Filled(6);
            Assert.Equal(5, MsgPackSpec.WriteString32Header(buffer, length));
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));

            byte[] viaPointer = ContainerTestData.Filled(6);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(5, MsgPackSpec.WriteString32Header(p, length));
            }

            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));
        }

        [Theory]
        [InlineData("d9 00", 0, 2)]
        [InlineData("d9 05", 5, 2)]
        [InlineData("da 00 00", 0, 3)]
        [InlineData("da 00 05", 5, 3)]
        [InlineData("db 00 00 00 00", 0, 5)]
        [InlineData("db 00 00 00 05", 5, 5)]
        [InlineData("db 7f ff ff ff", int.MaxValue, 5)]
        public void ReadStringHeaderAcceptsLongerFormsThanNeeded(string hex, int expectedLength, int expectedRead)
        {
            byte[] input = Hex.ToBytes(hex);
            Assert.Equal(expectedLength, MsgPackSpec.ReadStringHeader(input, out int read));
            Assert.Equal(expectedRead, read);

            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadStringHeader(input, out int value, out int tryRead));
            Assert.Equal(expectedLength, value);
            Assert.Equal(expectedRead, tryRead);

            fixed (byte* p = input)
            {
                Assert.Equal(expectedLength, MsgPackSpec.ReadStringHeader(p, input.Length, out int pointerRead));
                Assert.Equal(expectedRead, pointerRead);
                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadStringHeader(p, input.Length, out int pointerValue, out _));
                Assert.Equal(expectedLength, pointerValue);
            }
        }

        [Fact]
        public void StringValueInALongerFormReadsTheSameText()
        {
            byte[] input = Hex.ToBytes("db 00 00 00 03 61 62 63 c0");
            Assert.Equal("abc", MsgPackSpec.ReadString(input, out int read));
            Assert.Equal(8, read);
        }

        [Fact]
        public void NegativeLengthIsRejected()
        {
            byte[] buffer = new byte[8];
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.GetStringHeaderEncodedLength(-1));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.WriteStringHeader(buffer, -1));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.WriteStringHeader(buffer.AsSpan(0, 2), int.MinValue));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.TryWriteStringHeader(buffer, -1, out _));
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.TryWriteStringHeader(buffer.AsSpan(0, 1), -1, out _));
            Assert.Throws<ArgumentOutOfRangeException>(() =>
            {
                fixed (byte* p = buffer)
                {
                    MsgPackSpec.WriteStringHeader(p, -1);
                }
            });
        }

        // ---- Text encoded straight into the destination. ----

        [Theory]
        [InlineData("", "a0")]
        [InlineData("a", "a1 61")]
        [InlineData("hello", "a5 68 65 6c 6c 6f")]
        [InlineData("Привет", "ac d0 9f d1 80 d0 b8 d0 b2 d0 b5 d1 82")]
        [InlineData("😀", "a4 f0 9f 98 80")]
        [InlineData("€", "a3 e2 82 ac")]
        [InlineData("aП😀€", "aa 61 d0 9f f0 9f 98 80 e2 82 ac")]
        [InlineData("\u007f\u0080\u07ff\u0800\uffff", "ab 7f c2 80 df bf e0 a0 80 ef bf bf")]
        [InlineData("\0", "a1 00")]
        public void WriteStringEncodesUtf8(string text, string expectedHex)
        {
            byte[] expected = Hex.ToBytes(expectedHex);
            int byteCount = Encoding.UTF8.GetByteCount(text);
            Assert.Equal(expected.Length, MsgPackSpec.GetStringEncodedLength(text));
            Assert.Equal(expected.Length, MsgPackSpec.GetStringHeaderEncodedLength(byteCount) + byteCount);

            byte[] buffer = ContainerTestData.Filled(expected.Length + 4);
            Assert.Equal(expected.Length, MsgPackSpec.WriteString(buffer, text));
            Assert.Equal(expectedHex, Hex.Of(buffer.AsSpan(0, expected.Length)));
            Assert.True(ContainerTestData.IsUntouched(buffer.AsSpan(expected.Length)));

            // ReadOnlySpan<char> overload, from the middle of a larger text.
            string padded = "<" + text + ">";
            byte[] fromSpan = ContainerTestData.Filled(expected.Length);
            Assert.Equal(expected.Length, MsgPackSpec.WriteString(fromSpan, padded.AsSpan(1, text.Length)));
            Assert.Equal(expectedHex, Hex.Of(fromSpan));

            byte[] tried = ContainerTestData.Filled(expected.Length);
            Assert.True(MsgPackSpec.TryWriteString(tried, text, out int written));
            Assert.Equal(expected.Length, written);
            Assert.Equal(expectedHex, Hex.Of(tried));

            byte[] viaPointer = ContainerTestData.Filled(expected.Length + 4);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(expected.Length, MsgPackSpec.WriteString(p, text));
            }

            Assert.Equal(expectedHex, Hex.Of(viaPointer.AsSpan(0, expected.Length)));
            Assert.True(ContainerTestData.IsUntouched(viaPointer.AsSpan(expected.Length)));

            // From the UTF-8 bytes: the same value.
            byte[] utf8 = expected.AsSpan(expected.Length - byteCount).ToArray();
            byte[] fromBytes = ContainerTestData.Filled(expected.Length);
            Assert.Equal(expected.Length, MsgPackSpec.WriteString(fromBytes, utf8));
            Assert.Equal(expectedHex, Hex.Of(fromBytes));

            byte[] fromBytesTried = ContainerTestData.Filled(expected.Length);
            Assert.True(MsgPackSpec.TryWriteString(fromBytesTried, utf8.AsSpan(), out int bytesWritten));
            Assert.Equal(expected.Length, bytesWritten);
            Assert.Equal(expectedHex, Hex.Of(fromBytesTried));

            byte[] fromBytesPointer = ContainerTestData.Filled(expected.Length);
            fixed (byte* p = fromBytesPointer)
            {
                Assert.Equal(expected.Length, MsgPackSpec.WriteString(p, utf8.AsSpan()));
            }

            Assert.Equal(expectedHex, Hex.Of(fromBytesPointer));
        }

        [Theory]
        [InlineData("", "a0")]
        [InlineData("a", "a1 61")]
        [InlineData("Привет", "ac d0 9f d1 80 d0 b8 d0 b2 d0 b5 d1 82")]
        [InlineData("😀", "a4 f0 9f 98 80")]
        [InlineData("aП😀€", "aa 61 d0 9f f0 9f 98 80 e2 82 ac")]
        [InlineData("\U0010ffff\U00010000", "a8 f4 8f bf bf f0 90 80 80")]
        public void ReadStringRoundTripsSpanAndPointer(string text, string hex)
        {
            byte[] input = ContainerTestData.Concat(Hex.ToBytes(hex), Hex.ToBytes("c1 ff"));
            int valueLength = input.Length - 2;
            int byteCount = Encoding.UTF8.GetByteCount(text);

            Assert.Equal(text, MsgPackSpec.ReadString(input, out int read));
            Assert.Equal(valueLength, read);

            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadString(input, out string tried, out int triedRead));
            Assert.Equal(text, tried);
            Assert.Equal(valueLength, triedRead);

            ReadOnlySpan<byte> bytes = MsgPackSpec.ReadStringBytes(input, out int bytesRead);
            Assert.Equal(valueLength, bytesRead);
            Assert.Equal(byteCount, bytes.Length);
            Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(bytes), ref input[valueLength - byteCount]));

            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadStringBytes(input, out ReadOnlySpan<byte> triedBytes, out int triedBytesRead));
            Assert.Equal(valueLength, triedBytesRead);
            Assert.Equal(byteCount, triedBytes.Length);
            Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(triedBytes), ref input[valueLength - byteCount]));

            fixed (byte* p = input)
            {
                Assert.Equal(text, MsgPackSpec.ReadString(p, input.Length, out int pointerRead));
                Assert.Equal(valueLength, pointerRead);

                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadString(p, input.Length, out string pointerTried, out int pointerTriedRead));
                Assert.Equal(text, pointerTried);
                Assert.Equal(valueLength, pointerTriedRead);

                ReadOnlySpan<byte> pointerBytes = MsgPackSpec.ReadStringBytes(p, input.Length, out int pointerBytesRead);
                Assert.Equal(valueLength, pointerBytesRead);
                Assert.Equal(byteCount, pointerBytes.Length);
                fixed (byte* q = pointerBytes)
                {
                    if (byteCount > 0)
                    {
                        Assert.True(q == p + (valueLength - byteCount));
                    }
                }

                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadStringBytes(p, input.Length, out ReadOnlySpan<byte> pointerTriedBytes, out int pointerTriedBytesRead));
                Assert.Equal(valueLength, pointerTriedBytesRead);
                Assert.Equal(byteCount, pointerTriedBytes.Length);
                Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(pointerTriedBytes), ref input[valueLength - byteCount]));
            }
        }

        [Theory]
        [InlineData("x", 31, "bf")]
        [InlineData("x", 32, "d9 20")]
        [InlineData("П", 15, "be")]
        [InlineData("П", 16, "d9 20")] // 16 chars, 32 UTF-8 bytes: the header counts bytes, not chars
        [InlineData("😀", 7, "bc")]
        [InlineData("😀", 8, "d9 20")]
        [InlineData("€", 85, "d9 ff")]
        [InlineData("€", 86, "da 01 02")]
        [InlineData("П", 128, "da 01 00")]
        [InlineData("€", 21845, "da ff ff")]
        [InlineData("€", 21846, "db 00 01 00 02")]
        public void HeaderIsChosenByUtf8LengthNotCharCount(string unit, int repeat, string headerHex)
        {
            var builder = new StringBuilder();
            for (int i = 0; i < repeat; i++)
            {
                builder.Append(unit);
            }

            string text = builder.ToString();
            byte[] unitBytes = Encoding.UTF8.GetBytes(unit);
            byte[] header = Hex.ToBytes(headerHex);
            int total = header.Length + (unitBytes.Length * repeat);

            Assert.Equal(total, MsgPackSpec.GetStringEncodedLength(text));
            byte[] buffer = new byte[total];
            Assert.Equal(total, MsgPackSpec.WriteString(buffer, text));
            Assert.Equal(headerHex, Hex.Of(buffer.AsSpan(0, header.Length)));
            for (int i = header.Length; i < total; i += unitBytes.Length)
            {
                Assert.Equal(Hex.Of(unitBytes), Hex.Of(buffer.AsSpan(i, unitBytes.Length)));
            }

            Assert.Equal(text, MsgPackSpec.ReadString(buffer, out int read));
            Assert.Equal(total, read);

            // With room for the longest form the text is encoded in one pass after the header its char count implies;
            // where the bytes need a longer header (16 П: 16 chars, 32 bytes) the text moves right. The same bytes,
            // and nothing after the value touched.
            byte[] roomy = ContainerTestData.Filled((3 * text.Length) + 5 + 8);
            Assert.Equal(total, MsgPackSpec.WriteString(roomy, text));
            Assert.Equal(Hex.Of(buffer), Hex.Of(roomy.AsSpan(0, total)));
            Assert.True(ContainerTestData.IsUntouched(roomy.AsSpan(total)));

            Assert.True(MsgPackSpec.TryWriteString(roomy, text, out int written));
            Assert.Equal(total, written);
            Assert.Equal(Hex.Of(buffer), Hex.Of(roomy.AsSpan(0, total)));

            // MsgPackWriter: one pass into a span it asks for, or counted first for text longer than that.
            var output = new ArrayBufferWriter<byte>(1);
            var writer = new MsgPackWriter(output);
            writer.WriteString(text);
            writer.Flush();
            Assert.Equal(Hex.Of(buffer), Hex.Of(output.WrittenSpan));
        }

        [Theory]
        [InlineData("D800", "a3 ef bf bd")]
        [InlineData("DFFF", "a3 ef bf bd")]
        [InlineData("0061 DC00 0062", "a5 61 ef bf bd 62")]
        [InlineData("0078 D83D", "a4 78 ef bf bd")]
        [InlineData("DE00 D83D", "a6 ef bf bd ef bf bd")]
        [InlineData("D83D D83D DE00", "a7 ef bf bd f0 9f 98 80")]
        public void LoneSurrogatesAreWrittenAsReplacementCharacter(string units, string expectedHex)
        {
            string text = ContainerTestData.FromUtf16Units(units);
            byte[] expected = Hex.ToBytes(expectedHex);

            Assert.Equal(expected.Length, MsgPackSpec.GetStringEncodedLength(text));

            byte[] buffer = ContainerTestData.Filled(expected.Length + 2);
            Assert.Equal(expected.Length, MsgPackSpec.WriteString(buffer, text));
            Assert.Equal(expectedHex + " ee ee", Hex.Of(buffer));

            byte[] tried = ContainerTestData.Filled(expected.Length);
            Assert.True(MsgPackSpec.TryWriteString(tried, text, out int written));
            Assert.Equal(expected.Length, written);
            Assert.Equal(expectedHex, Hex.Of(tried));

            byte[] viaPointer = ContainerTestData.Filled(expected.Length + 2);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(expected.Length, MsgPackSpec.WriteString(p, text));
            }

            Assert.Equal(expectedHex + " ee ee", Hex.Of(viaPointer));

            // What was written is valid UTF-8 and reads back.
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadString(expected, out _, out int read));
            Assert.Equal(expected.Length, read);
        }

        [Fact]
        public void WriteStringFromBytesDoesNotValidate()
        {
            byte[] buffer = new byte[3];
            Assert.Equal(2, MsgPackSpec.WriteString(buffer, new byte[] { 0xff }));
            Assert.Equal("a1 ff 00", Hex.Of(buffer));
        }

        // ---- Reading: what is not a str value. ----

        [Theory]
        [InlineData("", 1)]
        [InlineData("a1", 2)]
        [InlineData("a3 61 62", 4)]
        [InlineData("bf", 32)]
        [InlineData("d9", 2)]
        [InlineData("d9 03 61", 5)]
        [InlineData("da", 3)]
        [InlineData("da 00", 3)]
        [InlineData("da 01 00", 259)]
        [InlineData("db", 5)]
        [InlineData("db 00 00 00", 5)]
        [InlineData("db 00 01 00 00 61", 65541)]
        [InlineData("db 7f ff ff fa", int.MaxValue)]
        public void TruncatedStringNeedsMoreData(string hex, int needed)
        {
            byte[] input = Hex.ToBytes(hex);

            var thrown = Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.ReadString(input, out _));
            Assert.Equal(needed, thrown.BytesNeeded);
            Assert.Equal(input.Length, thrown.BytesAvailable);
            Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.ReadStringBytes(input, out _));

            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadString(input, out string value, out int read));
            Assert.Equal(needed, read);
            Assert.Equal(string.Empty, value);

            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadStringBytes(input, out ReadOnlySpan<byte> bytes, out int bytesRead));
            Assert.Equal(needed, bytesRead);
            Assert.True(bytes.IsEmpty);

            fixed (byte* p = input)
            {
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadString(p, input.Length, out _, out int pointerRead));
                Assert.Equal(needed, pointerRead);
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadStringBytes(p, input.Length, out _, out int pointerBytesRead));
                Assert.Equal(needed, pointerBytesRead);
            }

            Assert.Throws<MsgPackTruncatedException>(() =>
            {
                fixed (byte* p = input)
                {
                    MsgPackSpec.ReadString(p, input.Length, out _);
                }
            });
        }

        [Theory]
        [InlineData("c0")]
        [InlineData("c1")]
        [InlineData("c4 01 61")] // bin is not str
        [InlineData("91 a0")]
        [InlineData("00")]
        [InlineData("ff")]
        [InlineData("d4 01 61")]
        public void NonStringCodeIsUnexpected(string hex)
        {
            byte[] input = Hex.ToBytes(hex);

            var thrown = Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadString(input, out _));
            Assert.Equal(input[0], thrown.Code);
            Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadStringBytes(input, out _));
            Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadStringHeader(input, out _));

            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadString(input, out _, out int read));
            Assert.Equal(0, read);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadStringHeader(input, out _, out int headerRead));
            Assert.Equal(0, headerRead);
        }

        [Theory]
        [InlineData("db 80 00 00 00")]
        [InlineData("db ff ff ff ff 61")]
        [InlineData("db 7f ff ff ff")] // 5 + int.MaxValue bytes cannot exist
        public void StringLongerThanIntMaxValueOverflows(string hex)
        {
            byte[] input = Hex.ToBytes(hex);

            var thrown = Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadString(input, out _));
            Assert.Equal(0xdb, thrown.Code);
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadStringBytes(input, out _));

            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadString(input, out _, out int read));
            Assert.Equal(0, read);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadStringBytes(input, out _, out int bytesRead));
            Assert.Equal(0, bytesRead);
        }

        [Fact]
        public void StringHeaderAboveIntMaxValueOverflows()
        {
            byte[] input = Hex.ToBytes("db 80 00 00 00");
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadStringHeader(input, out _));
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadStringHeader(input, out _, out int read));
            Assert.Equal(0, read);
        }

        // ---- UTF-8 validation. ----

        [Theory]
        [InlineData("80")] // lone continuation
        [InlineData("bf")]
        [InlineData("61 80 62")]
        [InlineData("c0 80")] // overlong NUL
        [InlineData("c1 bf")] // overlong U+007F
        [InlineData("e0 80 80")] // overlong 3-byte
        [InlineData("e0 9f bf")] // overlong U+07FF
        [InlineData("f0 80 80 80")] // overlong 4-byte
        [InlineData("f0 8f bf bf")] // overlong U+FFFF
        [InlineData("ed a0 80")] // surrogate U+D800
        [InlineData("ed bf bf")] // surrogate U+DFFF
        [InlineData("ed a0 bd ed b8 80")] // CESU-8 pair
        [InlineData("f4 90 80 80")] // U+110000
        [InlineData("f5 80 80 80")]
        [InlineData("f7 bf bf bf")]
        [InlineData("f8 88 80 80 80")]
        [InlineData("fc 84 80 80 80 80")]
        [InlineData("fe")]
        [InlineData("ff")]
        [InlineData("e2 82")] // truncated at the end
        [InlineData("61 62 e2 82")]
        [InlineData("f0 9f 98")]
        [InlineData("c2")]
        [InlineData("c2 41")] // bad continuation
        [InlineData("e2 28 a1")]
        [InlineData("e2 82 28")]
        [InlineData("f0 28 8c bc")]
        [InlineData("f0 9f 28 80")]
        [InlineData("f0 9f 98 28")]
        [InlineData("61 62 ff 63")]
        public void InvalidUtf8IsRejected(string payloadHex)
        {
            byte[] payload = Hex.ToBytes(payloadHex);
            byte[] input = ContainerTestData.Concat(new[] { (byte)(0xa0 | payload.Length) }, payload, Hex.ToBytes("c0"));

            Assert.Throws<MsgPackInvalidUtf8Exception>(() => MsgPackSpec.ReadString(input, out _));
            Assert.Throws<MsgPackInvalidUtf8Exception>(() => MsgPackSpec.ReadStringBytes(input, out _));
            Assert.Throws<MsgPackInvalidUtf8Exception>(() =>
            {
                fixed (byte* p = input)
                {
                    MsgPackSpec.ReadString(p, input.Length, out _);
                }
            });
            Assert.Throws<MsgPackInvalidUtf8Exception>(() =>
            {
                fixed (byte* p = input)
                {
                    MsgPackSpec.ReadStringBytes(p, input.Length, out _);
                }
            });

            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadString(input, out string value, out int read));
            Assert.Equal(0, read);
            Assert.Equal(string.Empty, value);

            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadStringBytes(input, out ReadOnlySpan<byte> bytes, out int bytesRead));
            Assert.Equal(0, bytesRead);
            Assert.True(bytes.IsEmpty);

            fixed (byte* p = input)
            {
                Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadString(p, input.Length, out _, out int pointerRead));
                Assert.Equal(0, pointerRead);
                Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadStringBytes(p, input.Length, out _, out int pointerBytesRead));
                Assert.Equal(0, pointerBytesRead);
            }

            // The header alone is fine: only the value readers look at the bytes.
            Assert.Equal(payload.Length, MsgPackSpec.ReadStringHeader(input, out _));
        }

        [Theory]
        [InlineData("00", 0x0000)]
        [InlineData("7f", 0x007f)]
        [InlineData("c2 80", 0x0080)]
        [InlineData("df bf", 0x07ff)]
        [InlineData("e0 a0 80", 0x0800)]
        [InlineData("ed 9f bf", 0xd7ff)]
        [InlineData("ee 80 80", 0xe000)]
        [InlineData("ef bf bd", 0xfffd)]
        [InlineData("ef bf bf", 0xffff)]
        [InlineData("f0 90 80 80", 0x10000)]
        [InlineData("f3 bf bf bf", 0xfffff)]
        [InlineData("f4 80 80 80", 0x100000)]
        [InlineData("f4 8f bf bf", 0x10ffff)]
        public void ValidUtf8EdgeCasesAreAccepted(string payloadHex, int codePoint)
        {
            byte[] payload = Hex.ToBytes(payloadHex);
            byte[] input = ContainerTestData.Concat(new[] { (byte)(0xa0 | payload.Length) }, payload);
            string expected = char.ConvertFromUtf32(codePoint);

            Assert.Equal(expected, MsgPackSpec.ReadString(input, out int read));
            Assert.Equal(input.Length, read);
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadStringBytes(input, out ReadOnlySpan<byte> bytes, out _));
            Assert.Equal(payloadHex, Hex.Of(bytes));

            // And the writer produces exactly these bytes for the code point.
            byte[] written = new byte[input.Length];
            Assert.Equal(input.Length, MsgPackSpec.WriteString(written, expected));
            Assert.Equal(Hex.Of(input), Hex.Of(written));
        }

        [Theory]
        [InlineData(0x80)]
        [InlineData(0xbf)]
        [InlineData(0xc0)]
        [InlineData(0xc2)] // a lead byte followed by ASCII
        [InlineData(0xe2)]
        [InlineData(0xf0)]
        [InlineData(0xf5)]
        [InlineData(0xff)]
        public void OneBadByteInALongAsciiRunIsFoundAtEveryPosition(int bad)
        {
            // Runs of 1..40 bytes put the bad byte inside, before and after every 8-byte block of the ASCII fast path.
            for (int length = 1; length <= 40; length++)
            {
                for (int position = 0; position < length; position++)
                {
                    byte[] payload = ContainerTestData.Repeat((byte)'a', length);
                    payload[position] = (byte)bad;
                    byte[] input = ContainerTestData.Concat(new byte[] { 0xd9, (byte)length }, payload);

                    OperationStatus status = MsgPackSpec.TryReadStringBytes(input, out _, out int read);
                    Assert.Equal((length, position, OperationStatus.InvalidData, 0), (length, position, status, read));
                }
            }
        }

        [Theory]
        [InlineData("c3 a9")] // é
        [InlineData("e2 82 ac")] // €
        [InlineData("f0 9f 98 80")] // 😀
        public void OneValidSequenceInALongAsciiRunIsAcceptedAtEveryPosition(string sequenceHex)
        {
            byte[] sequence = Hex.ToBytes(sequenceHex);
            for (int length = 0; length <= 36; length++)
            {
                for (int position = 0; position <= length; position++)
                {
                    byte[] payload = ContainerTestData.Concat(
                        ContainerTestData.Repeat((byte)'a', position),
                        sequence,
                        ContainerTestData.Repeat((byte)'b', length - position));
                    byte[] input = ContainerTestData.Concat(new byte[] { 0xd9, (byte)payload.Length }, payload);

                    OperationStatus status = MsgPackSpec.TryReadStringBytes(input, out ReadOnlySpan<byte> bytes, out int read);
                    Assert.Equal((length, position, OperationStatus.Done, input.Length), (length, position, status, read));
                    Assert.Equal(payload.Length, bytes.Length);
                }

                // The same sequence cut short at the end of the run is invalid.
                byte[] cut = ContainerTestData.Concat(ContainerTestData.Repeat((byte)'a', length), sequence.AsSpan(0, sequence.Length - 1).ToArray());
                byte[] cutInput = ContainerTestData.Concat(new byte[] { 0xd9, (byte)cut.Length }, cut);
                OperationStatus cutStatus = MsgPackSpec.TryReadStringBytes(cutInput, out _, out _);
                Assert.Equal((length, OperationStatus.InvalidData), (length, cutStatus));
            }
        }

        [Fact]
        public void LongValidMixedTextIsAccepted()
        {
            var builder = new StringBuilder();
            for (int i = 0; i < 500; i++)
            {
                builder.Append("abcdefgh").Append('\u00e9').Append("12345678").Append('\u20ac').Append("\U0001F600");
            }

            string text = builder.ToString();
            byte[] buffer = new byte[MsgPackSpec.GetStringEncodedLength(text)];
            int written = MsgPackSpec.WriteString(buffer, text);
            Assert.Equal(buffer.Length, written);
            Assert.Equal(Encoding.UTF8.GetBytes(text), buffer.AsSpan(3).ToArray());
            Assert.Equal(text, MsgPackSpec.ReadString(buffer, out int read));
            Assert.Equal(buffer.Length, read);
        }
    }
}
