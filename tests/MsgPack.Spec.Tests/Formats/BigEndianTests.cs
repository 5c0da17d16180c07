using System;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>
    /// <see cref="BigEndian"/>: every type over a span, a ref byte and a pointer writes and reads network order,
    /// at aligned and unaligned addresses; the span overloads check the length.
    /// </summary>
    public unsafe class BigEndianTests
    {
        private delegate void RefWriter(ref byte destination);

        private delegate ulong SpanBitsReader(ReadOnlySpan<byte> source);

        private delegate ulong RefBitsReader(ref byte source);

        private delegate ulong PointerBitsReader(byte* source);

        [Theory]
        [InlineData((ushort)0x0000, "00 00")]
        [InlineData((ushort)0x0001, "00 01")]
        [InlineData((ushort)0x1234, "12 34")]
        [InlineData((ushort)0x8000, "80 00")]
        [InlineData((ushort)0xfffe, "ff fe")]
        public void UInt16IsBigEndianOverSpanRefAndPointer(ushort value, string hex)
        {
            AssertWrites(hex, d => BigEndian.WriteUInt16(d, value), (ref byte d) => BigEndian.WriteUInt16(ref d, value), p => BigEndian.WriteUInt16(p, value));
            AssertReads(hex, value, s => BigEndian.ReadUInt16(s), (ref byte s) => BigEndian.ReadUInt16(ref s), p => BigEndian.ReadUInt16(p));
        }

        [Theory]
        [InlineData((short)0, "00 00")]
        [InlineData((short)0x1234, "12 34")]
        [InlineData((short)-1, "ff ff")]
        [InlineData((short)-2, "ff fe")]
        [InlineData(short.MinValue, "80 00")]
        [InlineData(short.MaxValue, "7f ff")]
        public void Int16IsBigEndianOverSpanRefAndPointer(short value, string hex)
        {
            AssertWrites(hex, d => BigEndian.WriteInt16(d, value), (ref byte d) => BigEndian.WriteInt16(ref d, value), p => BigEndian.WriteInt16(p, value));
            AssertReads(hex, unchecked((ushort)value), s => unchecked((ushort)BigEndian.ReadInt16(s)), (ref byte s) => unchecked((ushort)BigEndian.ReadInt16(ref s)), p => unchecked((ushort)BigEndian.ReadInt16(p)));
            Assert.Equal(value, BigEndian.ReadInt16(Hex.ToBytes(hex)));
        }

        [Theory]
        [InlineData(0u, "00 00 00 00")]
        [InlineData(1u, "00 00 00 01")]
        [InlineData(0x12345678u, "12 34 56 78")]
        [InlineData(0x80000000u, "80 00 00 00")]
        [InlineData(0xfffffffeu, "ff ff ff fe")]
        public void UInt32IsBigEndianOverSpanRefAndPointer(uint value, string hex)
        {
            AssertWrites(hex, d => BigEndian.WriteUInt32(d, value), (ref byte d) => BigEndian.WriteUInt32(ref d, value), p => BigEndian.WriteUInt32(p, value));
            AssertReads(hex, value, s => BigEndian.ReadUInt32(s), (ref byte s) => BigEndian.ReadUInt32(ref s), p => BigEndian.ReadUInt32(p));
        }

        [Theory]
        [InlineData(0, "00 00 00 00")]
        [InlineData(0x12345678, "12 34 56 78")]
        [InlineData(-2, "ff ff ff fe")]
        [InlineData(int.MinValue, "80 00 00 00")]
        [InlineData(int.MaxValue, "7f ff ff ff")]
        public void Int32IsBigEndianOverSpanRefAndPointer(int value, string hex)
        {
            AssertWrites(hex, d => BigEndian.WriteInt32(d, value), (ref byte d) => BigEndian.WriteInt32(ref d, value), p => BigEndian.WriteInt32(p, value));
            AssertReads(hex, unchecked((uint)value), s => unchecked((uint)BigEndian.ReadInt32(s)), (ref byte s) => unchecked((uint)BigEndian.ReadInt32(ref s)), p => unchecked((uint)BigEndian.ReadInt32(p)));
            Assert.Equal(value, BigEndian.ReadInt32(Hex.ToBytes(hex)));
        }

        [Theory]
        [InlineData(0ul, "00 00 00 00 00 00 00 00")]
        [InlineData(1ul, "00 00 00 00 00 00 00 01")]
        [InlineData(0x0123456789abcdeful, "01 23 45 67 89 ab cd ef")]
        [InlineData(0x8000000000000000ul, "80 00 00 00 00 00 00 00")]
        [InlineData(0xfffffffffffffffeul, "ff ff ff ff ff ff ff fe")]
        public void UInt64IsBigEndianOverSpanRefAndPointer(ulong value, string hex)
        {
            AssertWrites(hex, d => BigEndian.WriteUInt64(d, value), (ref byte d) => BigEndian.WriteUInt64(ref d, value), p => BigEndian.WriteUInt64(p, value));
            AssertReads(hex, value, s => BigEndian.ReadUInt64(s), (ref byte s) => BigEndian.ReadUInt64(ref s), p => BigEndian.ReadUInt64(p));
        }

        [Theory]
        [InlineData(0L, "00 00 00 00 00 00 00 00")]
        [InlineData(0x0123456789abcdefL, "01 23 45 67 89 ab cd ef")]
        [InlineData(-2L, "ff ff ff ff ff ff ff fe")]
        [InlineData(long.MinValue + 1, "80 00 00 00 00 00 00 01")]
        [InlineData(long.MaxValue, "7f ff ff ff ff ff ff ff")]
        public void Int64IsBigEndianOverSpanRefAndPointer(long value, string hex)
        {
            AssertWrites(hex, d => BigEndian.WriteInt64(d, value), (ref byte d) => BigEndian.WriteInt64(ref d, value), p => BigEndian.WriteInt64(p, value));
            AssertReads(hex, unchecked((ulong)value), s => unchecked((ulong)BigEndian.ReadInt64(s)), (ref byte s) => unchecked((ulong)BigEndian.ReadInt64(ref s)), p => unchecked((ulong)BigEndian.ReadInt64(p)));
            Assert.Equal(value, BigEndian.ReadInt64(Hex.ToBytes(hex)));
        }

        /// <summary>The IEEE 754 bits of the value, written by hand, big-endian.</summary>
        [Theory]
        [InlineData(0x3fc00000u, "3f c0 00 00")] // 1.5
        [InlineData(0x80000000u, "80 00 00 00")] // -0.0
        [InlineData(0x7f800000u, "7f 80 00 00")] // +Infinity
        [InlineData(0x00000001u, "00 00 00 01")] // float.Epsilon
        [InlineData(0x7fc12345u, "7f c1 23 45")] // NaN with a payload
        public void SingleIsBigEndianOverSpanRefAndPointer(uint bits, string hex)
        {
            float value = BitConverter.UInt32BitsToSingle(bits);
            AssertWrites(hex, d => BigEndian.WriteSingle(d, value), (ref byte d) => BigEndian.WriteSingle(ref d, value), p => BigEndian.WriteSingle(p, value));
            AssertReads(
                hex,
                bits,
                s => BitConverter.SingleToUInt32Bits(BigEndian.ReadSingle(s)),
                (ref byte s) => BitConverter.SingleToUInt32Bits(BigEndian.ReadSingle(ref s)),
                p => BitConverter.SingleToUInt32Bits(BigEndian.ReadSingle(p)));
        }

        [Fact]
        public void SingleOfNamedValues()
        {
            byte[] buffer = new byte[4];
            BigEndian.WriteSingle(buffer, 1.5f);
            Assert.Equal("3f c0 00 00", Hex.Of(buffer));
            BigEndian.WriteSingle(buffer, float.MaxValue);
            Assert.Equal("7f 7f ff ff", Hex.Of(buffer));
            Assert.Equal(-2.5f, BigEndian.ReadSingle(Hex.ToBytes("c0 20 00 00")));
        }

        [Theory]
        [InlineData(0x3ff8000000000000ul, "3f f8 00 00 00 00 00 00")] // 1.5
        [InlineData(0x8000000000000000ul, "80 00 00 00 00 00 00 00")] // -0.0
        [InlineData(0xfff0000000000000ul, "ff f0 00 00 00 00 00 00")] // -Infinity
        [InlineData(0x0000000000000001ul, "00 00 00 00 00 00 00 01")] // double.Epsilon
        [InlineData(0x3fb999999999999aul, "3f b9 99 99 99 99 99 9a")] // 0.1
        [InlineData(0x7ff8000000000123ul, "7f f8 00 00 00 00 01 23")] // NaN with a payload
        public void DoubleIsBigEndianOverSpanRefAndPointer(ulong bits, string hex)
        {
            double value = BitConverter.UInt64BitsToDouble(bits);
            AssertWrites(hex, d => BigEndian.WriteDouble(d, value), (ref byte d) => BigEndian.WriteDouble(ref d, value), p => BigEndian.WriteDouble(p, value));
            AssertReads(
                hex,
                bits,
                s => BitConverter.DoubleToUInt64Bits(BigEndian.ReadDouble(s)),
                (ref byte s) => BitConverter.DoubleToUInt64Bits(BigEndian.ReadDouble(ref s)),
                p => BitConverter.DoubleToUInt64Bits(BigEndian.ReadDouble(p)));
        }

        [Fact]
        public void DoubleOfNamedValues()
        {
            byte[] buffer = new byte[8];
            BigEndian.WriteDouble(buffer, 1.5);
            Assert.Equal("3f f8 00 00 00 00 00 00", Hex.Of(buffer));
            BigEndian.WriteDouble(buffer, double.MaxValue);
            Assert.Equal("7f ef ff ff ff ff ff ff", Hex.Of(buffer));
            Assert.Equal(0.1, BigEndian.ReadDouble(Hex.ToBytes("3f b9 99 99 99 99 99 9a")));
        }

        /// <summary>Each span overload, given one byte fewer than it needs (and none at all), throws ArgumentOutOfRangeException and writes nothing.</summary>
        [Theory]
        [InlineData("UInt16", 2)]
        [InlineData("Int16", 2)]
        [InlineData("UInt32", 4)]
        [InlineData("Int32", 4)]
        [InlineData("UInt64", 8)]
        [InlineData("Int64", 8)]
        [InlineData("Single", 4)]
        [InlineData("Double", 8)]
        public void SpanOverloadsThrowWhenTheSpanIsTooShort(string type, int size)
        {
            foreach (int length in new[] { 0, 1, size - 1 })
            {
                byte[] buffer = ScalarAssert.Filled(length, ScalarAssert.Sentinel);
                ArgumentOutOfRangeException write = Assert.Throws<ArgumentOutOfRangeException>(() => Write(type, buffer));
                Assert.Equal("destination", write.ParamName);
                ScalarAssert.AssertUntouched($"BigEndian.Write{type} into {length} bytes", buffer, 0);

                ArgumentOutOfRangeException read = Assert.Throws<ArgumentOutOfRangeException>(() => Read(type, buffer));
                Assert.Equal("source", read.ParamName);
            }

            // Exactly the size is enough.
            byte[] exact = new byte[size];
            Write(type, exact);
            Read(type, exact);
        }

        private static void Write(string type, byte[] destination)
        {
            switch (type)
            {
                case "UInt16": BigEndian.WriteUInt16(destination, 1); break;
                case "Int16": BigEndian.WriteInt16(destination, 1); break;
                case "UInt32": BigEndian.WriteUInt32(destination, 1); break;
                case "Int32": BigEndian.WriteInt32(destination, 1); break;
                case "UInt64": BigEndian.WriteUInt64(destination, 1); break;
                case "Int64": BigEndian.WriteInt64(destination, 1); break;
                case "Single": BigEndian.WriteSingle(destination, 1); break;
                case "Double": BigEndian.WriteDouble(destination, 1); break;
                default: Assert.Fail("Unknown type " + type); break;
            }
        }

        private static void Read(string type, byte[] source)
        {
            switch (type)
            {
                case "UInt16": BigEndian.ReadUInt16(source); break;
                case "Int16": BigEndian.ReadInt16(source); break;
                case "UInt32": BigEndian.ReadUInt32(source); break;
                case "Int32": BigEndian.ReadInt32(source); break;
                case "UInt64": BigEndian.ReadUInt64(source); break;
                case "Int64": BigEndian.ReadInt64(source); break;
                case "Single": BigEndian.ReadSingle(source); break;
                case "Double": BigEndian.ReadDouble(source); break;
                default: Assert.Fail("Unknown type " + type); break;
            }
        }

        /// <summary>The three writers write exactly the expected bytes, at every offset 0..7 of a buffer, touching nothing else.</summary>
        private static void AssertWrites(string expectedHex, SpanWriterAction span, RefWriter reference, PointerWriterAction pointer)
        {
            byte[] expected = Hex.ToBytes(expectedHex);
            for (int offset = 0; offset < 8; offset++)
            {
                byte[] a = ScalarAssert.Filled(offset + expected.Length + 8, ScalarAssert.Sentinel);
                span(a.AsSpan(offset));
                Check("span", a, offset, expected);

                byte[] b = ScalarAssert.Filled(offset + expected.Length + 8, ScalarAssert.Sentinel);
                reference(ref b[offset]);
                Check("ref byte", b, offset, expected);

                byte[] c = ScalarAssert.Filled(offset + expected.Length + 8, ScalarAssert.Sentinel);
                fixed (byte* p = c)
                {
                    pointer(p + offset);
                }

                Check("pointer", c, offset, expected);
            }

            // A span of exactly the size.
            byte[] exact = new byte[expected.Length];
            span(exact);
            Assert.Equal(Hex.Of(expected), Hex.Of(exact));
        }

        private static void Check(string overload, byte[] buffer, int offset, byte[] expected)
        {
            Assert.Equal($"{overload} at {offset}: {Hex.Of(expected)}", $"{overload} at {offset}: {Hex.Of(buffer.AsSpan(offset, expected.Length))}");
            for (int i = 0; i < buffer.Length; i++)
            {
                if ((i < offset || i >= offset + expected.Length) && buffer[i] != ScalarAssert.Sentinel)
                {
                    Assert.Fail($"{overload} at {offset} overwrote byte {i}: {Hex.Of(buffer)}");
                }
            }
        }

        /// <summary>The three readers read the value back from the bytes, at every offset 0..7 of a buffer.</summary>
        private static void AssertReads(string hex, ulong expectedBits, SpanBitsReader span, RefBitsReader reference, PointerBitsReader pointer)
        {
            byte[] bytes = Hex.ToBytes(hex);
            for (int offset = 0; offset < 8; offset++)
            {
                byte[] buffer = ScalarAssert.Filled(offset + bytes.Length + 8, 0xee);
                bytes.CopyTo(buffer, offset);

                Assert.Equal(expectedBits, span(buffer.AsSpan(offset)));
                Assert.Equal(expectedBits, span(buffer.AsSpan(offset, bytes.Length)));
                Assert.Equal(expectedBits, reference(ref buffer[offset]));
                fixed (byte* p = buffer)
                {
                    Assert.Equal(expectedBits, pointer(p + offset));
                }
            }
        }

        private delegate void SpanWriterAction(Span<byte> destination);

        private delegate void PointerWriterAction(byte* destination);
    }
}
