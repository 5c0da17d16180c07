using System;
using System.Buffers;
using System.Numerics;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>A span writer under test, with the value already bound.</summary>
    internal delegate int SpanWriter(Span<byte> destination);

    /// <summary>A pointer writer under test, with the value already bound.</summary>
    internal unsafe delegate int PointerWriter(byte* destination);

    /// <summary>A <c>TryWrite*</c> method under test, with the value already bound.</summary>
    internal delegate bool SpanTryWriter(Span<byte> destination, out int bytesWritten);

    internal delegate T SpanReader<T>(ReadOnlySpan<byte> source, out int bytesRead);

    internal delegate OperationStatus SpanTryReader<T>(ReadOnlySpan<byte> source, out T value, out int bytesRead);

    internal unsafe delegate T PointerReader<T>(byte* source, int length, out int bytesRead);

    internal unsafe delegate OperationStatus PointerTryReader<T>(byte* source, int length, out T value, out int bytesRead);

    /// <summary>Shared checks of the scalar tests.</summary>
    internal static unsafe class ScalarAssert
    {
        /// <summary>A byte no writer of a given test is expected to produce at a position it must not touch.</summary>
        public const byte Sentinel = 0x5a;

        /// <summary>
        /// Asserts that the span writer and the pointer writer both write exactly <paramref name="expectedHex"/>,
        /// return its length, and leave the bytes after it untouched.
        /// </summary>
        public static void Writes(string what, string expectedHex, SpanWriter span, PointerWriter pointer)
        {
            byte[] expected = Hex.ToBytes(expectedHex);
            string expectedText = what + ": " + Hex.Of(expected);

            // A destination of exactly the needed size.
            byte[] exact = Filled(expected.Length, Sentinel);
            int written = span(exact);
            Assert.Equal(expected.Length, written);
            Assert.Equal(expectedText, what + ": " + Hex.Of(exact));

            // A larger destination: the bytes after the value stay untouched.
            byte[] large = Filled(expected.Length + 7, Sentinel);
            written = span(large);
            Assert.Equal(expected.Length, written);
            Assert.Equal(expectedText, what + ": " + Hex.Of(large.AsSpan(0, written)));
            AssertUntouched(what + " (span)", large, expected.Length);

            // The pointer writer, at an odd (unaligned) address.
            byte[] raw = Filled(expected.Length + 8, Sentinel);
            fixed (byte* p = raw)
            {
                written = pointer(p + 1);
            }

            Assert.Equal(expected.Length, written);
            Assert.Equal(Sentinel, raw[0]);
            Assert.Equal(expectedText, what + ": " + Hex.Of(raw.AsSpan(1, written)));
            AssertUntouched(what + " (pointer)", raw, 1 + expected.Length);
        }

        public static byte[] Filled(int length, byte value)
        {
            byte[] bytes = new byte[length];
            bytes.AsSpan().Fill(value);
            return bytes;
        }

        public static void AssertUntouched(string what, byte[] bytes, int from)
        {
            for (int i = from; i < bytes.Length; i++)
            {
                if (bytes[i] != Sentinel)
                {
                    Assert.Fail($"{what}: byte {i} was overwritten with 0x{bytes[i]:x2}: {Hex.Of(bytes)}");
                }
            }
        }
    }

    /// <summary>
    /// Runs an encoded integer through all eight integer readers (span and pointer, Read and TryRead) and checks
    /// each against the mathematical value: the value when it fits the type, an overflow otherwise.
    /// </summary>
    internal static unsafe class IntegerReaders
    {
        /// <summary>
        /// <paramref name="input"/> holds an integer of <paramref name="valueLength"/> bytes whose value is
        /// <paramref name="value"/>, possibly followed by more bytes that the readers must not take.
        /// </summary>
        /// <param name="checkThrowingOverflow">Whether to call <c>Read*</c> when the value does not fit (exceptions are slow, the sweep samples them).</param>
        public static void AssertAll(byte[] input, int valueLength, Int128 value, bool checkThrowingOverflow = true)
        {
            Check<long>("Int64", input, valueLength, value, checkThrowingOverflow, MsgPackSpec.ReadInt64, MsgPackSpec.TryReadInt64, MsgPackSpec.ReadInt64, MsgPackSpec.TryReadInt64);
            Check<int>("Int32", input, valueLength, value, checkThrowingOverflow, MsgPackSpec.ReadInt32, MsgPackSpec.TryReadInt32, MsgPackSpec.ReadInt32, MsgPackSpec.TryReadInt32);
            Check<short>("Int16", input, valueLength, value, checkThrowingOverflow, MsgPackSpec.ReadInt16, MsgPackSpec.TryReadInt16, MsgPackSpec.ReadInt16, MsgPackSpec.TryReadInt16);
            Check<sbyte>("SByte", input, valueLength, value, checkThrowingOverflow, MsgPackSpec.ReadSByte, MsgPackSpec.TryReadSByte, MsgPackSpec.ReadSByte, MsgPackSpec.TryReadSByte);
            Check<ulong>("UInt64", input, valueLength, value, checkThrowingOverflow, MsgPackSpec.ReadUInt64, MsgPackSpec.TryReadUInt64, MsgPackSpec.ReadUInt64, MsgPackSpec.TryReadUInt64);
            Check<uint>("UInt32", input, valueLength, value, checkThrowingOverflow, MsgPackSpec.ReadUInt32, MsgPackSpec.TryReadUInt32, MsgPackSpec.ReadUInt32, MsgPackSpec.TryReadUInt32);
            Check<ushort>("UInt16", input, valueLength, value, checkThrowingOverflow, MsgPackSpec.ReadUInt16, MsgPackSpec.TryReadUInt16, MsgPackSpec.ReadUInt16, MsgPackSpec.TryReadUInt16);
            Check<byte>("Byte", input, valueLength, value, checkThrowingOverflow, MsgPackSpec.ReadByte, MsgPackSpec.TryReadByte, MsgPackSpec.ReadByte, MsgPackSpec.TryReadByte);
        }

        /// <summary>
        /// Only the first <paramref name="available"/> bytes of the <paramref name="fullLength"/>-byte integer in
        /// <paramref name="input"/> are readable: every reader must ask for more, and never look past them.
        /// </summary>
        public static void AssertTruncated(byte[] input, int available, int fullLength)
        {
            Truncated<long>("Int64", input, available, fullLength, MsgPackSpec.ReadInt64, MsgPackSpec.TryReadInt64, MsgPackSpec.ReadInt64, MsgPackSpec.TryReadInt64);
            Truncated<int>("Int32", input, available, fullLength, MsgPackSpec.ReadInt32, MsgPackSpec.TryReadInt32, MsgPackSpec.ReadInt32, MsgPackSpec.TryReadInt32);
            Truncated<short>("Int16", input, available, fullLength, MsgPackSpec.ReadInt16, MsgPackSpec.TryReadInt16, MsgPackSpec.ReadInt16, MsgPackSpec.TryReadInt16);
            Truncated<sbyte>("SByte", input, available, fullLength, MsgPackSpec.ReadSByte, MsgPackSpec.TryReadSByte, MsgPackSpec.ReadSByte, MsgPackSpec.TryReadSByte);
            Truncated<ulong>("UInt64", input, available, fullLength, MsgPackSpec.ReadUInt64, MsgPackSpec.TryReadUInt64, MsgPackSpec.ReadUInt64, MsgPackSpec.TryReadUInt64);
            Truncated<uint>("UInt32", input, available, fullLength, MsgPackSpec.ReadUInt32, MsgPackSpec.TryReadUInt32, MsgPackSpec.ReadUInt32, MsgPackSpec.TryReadUInt32);
            Truncated<ushort>("UInt16", input, available, fullLength, MsgPackSpec.ReadUInt16, MsgPackSpec.TryReadUInt16, MsgPackSpec.ReadUInt16, MsgPackSpec.TryReadUInt16);
            Truncated<byte>("Byte", input, available, fullLength, MsgPackSpec.ReadByte, MsgPackSpec.TryReadByte, MsgPackSpec.ReadByte, MsgPackSpec.TryReadByte);
        }

        /// <summary>The input starts with a code that is not an integer: every reader must reject it as such.</summary>
        public static void AssertUnexpectedCode(byte[] input)
        {
            Unexpected<long>("Int64", input, MsgPackSpec.ReadInt64, MsgPackSpec.TryReadInt64, MsgPackSpec.ReadInt64, MsgPackSpec.TryReadInt64);
            Unexpected<int>("Int32", input, MsgPackSpec.ReadInt32, MsgPackSpec.TryReadInt32, MsgPackSpec.ReadInt32, MsgPackSpec.TryReadInt32);
            Unexpected<short>("Int16", input, MsgPackSpec.ReadInt16, MsgPackSpec.TryReadInt16, MsgPackSpec.ReadInt16, MsgPackSpec.TryReadInt16);
            Unexpected<sbyte>("SByte", input, MsgPackSpec.ReadSByte, MsgPackSpec.TryReadSByte, MsgPackSpec.ReadSByte, MsgPackSpec.TryReadSByte);
            Unexpected<ulong>("UInt64", input, MsgPackSpec.ReadUInt64, MsgPackSpec.TryReadUInt64, MsgPackSpec.ReadUInt64, MsgPackSpec.TryReadUInt64);
            Unexpected<uint>("UInt32", input, MsgPackSpec.ReadUInt32, MsgPackSpec.TryReadUInt32, MsgPackSpec.ReadUInt32, MsgPackSpec.TryReadUInt32);
            Unexpected<ushort>("UInt16", input, MsgPackSpec.ReadUInt16, MsgPackSpec.TryReadUInt16, MsgPackSpec.ReadUInt16, MsgPackSpec.TryReadUInt16);
            Unexpected<byte>("Byte", input, MsgPackSpec.ReadByte, MsgPackSpec.TryReadByte, MsgPackSpec.ReadByte, MsgPackSpec.TryReadByte);
        }

        private static void Check<T>(
            string type,
            byte[] input,
            int valueLength,
            Int128 value,
            bool checkThrowingOverflow,
            SpanReader<T> read,
            SpanTryReader<T> tryRead,
            PointerReader<T> readPointer,
            PointerTryReader<T> tryReadPointer)
            where T : struct, IBinaryInteger<T>, IMinMaxValue<T>
        {
            bool fits = value >= Int128.CreateChecked(T.MinValue) && value <= Int128.CreateChecked(T.MaxValue);
            string what = $"{Hex.Of(input)} read as {type} (value {value})";

            OperationStatus status = tryRead(input, out T got, out int bytesRead);
            if (fits)
            {
                if (status != OperationStatus.Done || bytesRead != valueLength || Int128.CreateChecked(got) != value)
                {
                    Assert.Fail($"{what}: TryRead gave {status}, {got}, bytesRead {bytesRead}; expected Done, {value}, {valueLength}.");
                }
            }
            else if (status != OperationStatus.InvalidData || bytesRead != 0 || got != T.Zero)
            {
                Assert.Fail($"{what}: TryRead gave {status}, {got}, bytesRead {bytesRead}; expected InvalidData, 0, 0.");
            }

            fixed (byte* p = input)
            {
                status = tryReadPointer(p, input.Length, out got, out bytesRead);
            }

            if (fits)
            {
                if (status != OperationStatus.Done || bytesRead != valueLength || Int128.CreateChecked(got) != value)
                {
                    Assert.Fail($"{what}: TryRead(byte*) gave {status}, {got}, bytesRead {bytesRead}; expected Done, {value}, {valueLength}.");
                }
            }
            else if (status != OperationStatus.InvalidData || bytesRead != 0 || got != T.Zero)
            {
                Assert.Fail($"{what}: TryRead(byte*) gave {status}, {got}, bytesRead {bytesRead}; expected InvalidData, 0, 0.");
            }

            if (fits)
            {
                got = read(input, out bytesRead);
                if (bytesRead != valueLength || Int128.CreateChecked(got) != value)
                {
                    Assert.Fail($"{what}: Read gave {got}, bytesRead {bytesRead}; expected {value}, {valueLength}.");
                }

                fixed (byte* p = input)
                {
                    got = readPointer(p, input.Length, out bytesRead);
                }

                if (bytesRead != valueLength || Int128.CreateChecked(got) != value)
                {
                    Assert.Fail($"{what}: Read(byte*) gave {got}, bytesRead {bytesRead}; expected {value}, {valueLength}.");
                }
            }
            else if (checkThrowingOverflow)
            {
                MsgPackOverflowException e = Assert.Throws<MsgPackOverflowException>(() => { read(input, out _); });
                Assert.Equal(input[0], e.Code);
                e = Assert.Throws<MsgPackOverflowException>(() =>
                {
                    fixed (byte* p = input)
                    {
                        readPointer(p, input.Length, out _);
                    }
                });
                Assert.Equal(input[0], e.Code);
            }
        }

        private static void Truncated<T>(
            string type,
            byte[] input,
            int available,
            int fullLength,
            SpanReader<T> read,
            SpanTryReader<T> tryRead,
            PointerReader<T> readPointer,
            PointerTryReader<T> tryReadPointer)
            where T : struct, IBinaryInteger<T>
        {
            string what = $"the first {available} bytes of {Hex.Of(input)} read as {type}";
            int needed = available == 0 ? 1 : fullLength;

            OperationStatus status = tryRead(input.AsSpan(0, available), out T got, out int bytesRead);
            Assert.True(
                status == OperationStatus.NeedMoreData && bytesRead == needed && got == T.Zero,
                $"{what}: TryRead gave {status}, {got}, bytesRead {bytesRead}; expected NeedMoreData, 0, {needed}.");

            fixed (byte* p = input)
            {
                status = tryReadPointer(p, available, out got, out bytesRead);
            }

            Assert.True(
                status == OperationStatus.NeedMoreData && bytesRead == needed && got == T.Zero,
                $"{what}: TryRead(byte*) gave {status}, {got}, bytesRead {bytesRead}; expected NeedMoreData, 0, {needed}.");

            MsgPackTruncatedException e = Assert.Throws<MsgPackTruncatedException>(() => { read(input.AsSpan(0, available), out _); });
            Assert.Equal(needed, e.BytesNeeded);
            Assert.Equal(available, e.BytesAvailable);

            e = Assert.Throws<MsgPackTruncatedException>(() =>
            {
                fixed (byte* p = input)
                {
                    readPointer(p, available, out _);
                }
            });
            Assert.Equal(needed, e.BytesNeeded);
            Assert.Equal(available, e.BytesAvailable);
        }

        private static void Unexpected<T>(
            string type,
            byte[] input,
            SpanReader<T> read,
            SpanTryReader<T> tryRead,
            PointerReader<T> readPointer,
            PointerTryReader<T> tryReadPointer)
            where T : struct, IBinaryInteger<T>
        {
            string what = $"{Hex.Of(input)} read as {type}";

            OperationStatus status = tryRead(input, out T got, out int bytesRead);
            Assert.True(
                status == OperationStatus.InvalidData && bytesRead == 0 && got == T.Zero,
                $"{what}: TryRead gave {status}, {got}, bytesRead {bytesRead}; expected InvalidData, 0, 0.");

            fixed (byte* p = input)
            {
                status = tryReadPointer(p, input.Length, out got, out bytesRead);
            }

            Assert.True(
                status == OperationStatus.InvalidData && bytesRead == 0 && got == T.Zero,
                $"{what}: TryRead(byte*) gave {status}, {got}, bytesRead {bytesRead}; expected InvalidData, 0, 0.");

            MsgPackUnexpectedCodeException e = Assert.Throws<MsgPackUnexpectedCodeException>(() => { read(input, out _); });
            Assert.Equal(input[0], e.Code);

            e = Assert.Throws<MsgPackUnexpectedCodeException>(() =>
            {
                fixed (byte* p = input)
                {
                    readPointer(p, input.Length, out _);
                }
            });
            Assert.Equal(input[0], e.Code);
        }
    }

    /// <summary>The smallest form of an integer, computed from the specification's format table, independently of the library.</summary>
    internal static class ReferenceEncoding
    {
        /// <summary>Non-negative values take positive fixint or uint 8/16/32/64; negative ones negative fixint or int 8/16/32/64.</summary>
        public static byte[] SmallestForm(Int128 value)
        {
            if (value >= 0)
            {
                if (value <= 0x7f)
                {
                    return new[] { (byte)value };
                }

                if (value <= 0xff)
                {
                    return WithCode(0xcc, value, 1);
                }

                if (value <= 0xffff)
                {
                    return WithCode(0xcd, value, 2);
                }

                return value <= 0xffff_ffff ? WithCode(0xce, value, 4) : WithCode(0xcf, value, 8);
            }

            if (value >= -32)
            {
                // 111xxxxx: the low five bits of the two's complement value.
                return new[] { (byte)(0xe0 | (int)(value & 0x1f)) };
            }

            if (value >= -128)
            {
                return WithCode(0xd0, value, 1);
            }

            if (value >= -32768)
            {
                return WithCode(0xd1, value, 2);
            }

            return value >= -2147483648L ? WithCode(0xd2, value, 4) : WithCode(0xd3, value, 8);
        }

        /// <summary>The number of bytes of <see cref="SmallestForm"/>.</summary>
        public static int SmallestLength(Int128 value) => SmallestForm(value).Length;

        /// <summary>A code followed by the low <paramref name="size"/> bytes of the two's complement value, big-endian.</summary>
        public static byte[] WithCode(byte code, Int128 value, int size)
        {
            byte[] bytes = new byte[1 + size];
            bytes[0] = code;
            for (int i = 0; i < size; i++)
            {
                bytes[size - i] = (byte)((value >> (8 * i)) & 0xff);
            }

            return bytes;
        }
    }
}
