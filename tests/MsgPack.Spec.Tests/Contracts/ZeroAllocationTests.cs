using System;
using System.Buffers;
using System.Linq;
using Xunit;

namespace MsgPack.Spec.Tests.Contracts
{
    /// <summary>
    /// "Without allocating": every writer and every reader but ReadString, over every format, through the span and
    /// the pointer front doors, on success and failure paths of the Try forms, allocates nothing at all.
    /// </summary>
    /// <remarks>
    /// The loop bodies call the library directly from static methods with locals and preallocated buffers: no
    /// lambdas, no boxing, no LINQ, no params arrays, so any byte allocated is the library's.
    /// </remarks>
    public unsafe class ZeroAllocationTests
    {
        private const int Iterations = 1000;

        private static readonly long[] Integers =
        {
            0, 5, 127, 128, 255, 256, 65535, 65536, uint.MaxValue, 1L << 32, long.MaxValue,
            -1, -32, -33, -128, -129, -32768, -32769, int.MinValue, int.MinValue - 1L, long.MinValue,
        };

        /// <summary>The value 5 in every integer format, which every integer reader accepts.</summary>
        private static readonly byte[][] Fives =
        {
            Hex.ToBytes("05"), Hex.ToBytes("cc 05"), Hex.ToBytes("cd 00 05"), Hex.ToBytes("ce 00 00 00 05"),
            Hex.ToBytes("cf 00 00 00 00 00 00 00 05"), Hex.ToBytes("d0 05"), Hex.ToBytes("d1 00 05"),
            Hex.ToBytes("d2 00 00 00 05"), Hex.ToBytes("d3 00 00 00 00 00 00 00 05"),
        };

        private static readonly byte[] NilInput = Hex.ToBytes("c0");
        private static readonly byte[] TrueInput = Hex.ToBytes("c3");
        private static readonly byte[] SingleInput = Hex.ToBytes("ca 3f 80 00 00");
        private static readonly byte[] DoubleInput = Hex.ToBytes("cb 3f f0 00 00 00 00 00 00");

        private static readonly byte[][] Strings =
        {
            Hex.ToBytes("a3 61 62 63"), Hex.ToBytes("d9 02 c3 a9"), Hex.ToBytes("da 00 04 f0 9f 98 80"), Hex.ToBytes("db 00 00 00 01 7a"),
        };

        private static readonly byte[][] Binaries =
        {
            Hex.ToBytes("c4 02 01 02"), Hex.ToBytes("c5 00 01 ff"), Hex.ToBytes("c6 00 00 00 03 01 02 03"),
        };

        private static readonly byte[][] Arrays = { Hex.ToBytes("93"), Hex.ToBytes("dc 00 10"), Hex.ToBytes("dd 00 01 00 00") };

        private static readonly byte[][] Maps = { Hex.ToBytes("83"), Hex.ToBytes("de 00 10"), Hex.ToBytes("df 00 01 00 00") };

        private static readonly byte[][] Extensions =
        {
            Hex.ToBytes("d4 01 aa"), Hex.ToBytes("d5 01 aa bb"), Hex.ToBytes("d6 01 00 00 00 00"),
            Hex.ToBytes("d7 01 00 00 00 00 00 00 00 00"), Hex.ToBytes("d8 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"),
            Hex.ToBytes("c7 03 01 aa bb cc"), Hex.ToBytes("c8 00 01 01 aa"), Hex.ToBytes("c9 00 00 00 01 01 aa"),
        };

        private static readonly byte[][] Timestamps =
        {
            Hex.ToBytes("d6 ff 00 00 00 01"), Hex.ToBytes("d7 ff 00 00 00 04 00 00 00 01"),
            Hex.ToBytes("c7 0c ff 00 00 00 01 ff ff ff ff ff ff ff ff"),
        };

        /// <summary>Whole values for Skip: scalars, strings, nested containers, extensions.</summary>
        private static readonly byte[] Document = Hex.ToBytes(
            "83 a1 61 93 01 cd 01 00 d9 03 61 62 63 a1 62 82 c4 02 01 02 d6 ff 00 00 00 01 c0 de 00 01 c3 cb 3f f0 00 00 00 00 00 00 " +
            "a1 63 dd 00 00 00 02 c7 03 05 01 02 03 d3 80 00 00 00 00 00 00 00");

        /// <summary>Inputs the Try readers must fail on, without allocating either.</summary>
        private static readonly byte[] WrongCode = Hex.ToBytes("c1 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00");
        private static readonly byte[] Truncated32 = Hex.ToBytes("ce 00");
        private static readonly byte[] TooBigForByte = Hex.ToBytes("cd 01 00");
        private static readonly byte[] InvalidUtf8 = Hex.ToBytes("a2 c3 28");
        private static readonly byte[] InvalidTimestamp = Hex.ToBytes("d4 ff 00");
        private static readonly byte[] TruncatedString = Hex.ToBytes("db 00 0f 42 40 61 61 61 61 61");

        private static readonly byte[][] Failing = { WrongCode, Truncated32, TooBigForByte, InvalidUtf8, InvalidTimestamp, TruncatedString };

        private static readonly string Text = "h\u00e9llo, w\u00f6rld \U0001F600";
        private static readonly string LongText = new string('x', 300);
        private static readonly byte[] Utf8 = System.Text.Encoding.UTF8.GetBytes(Text);
        private static readonly byte[] LongUtf8 = System.Text.Encoding.UTF8.GetBytes(LongText);
        private static readonly byte[] Payload = Enumerable.Range(0, 300).Select(i => (byte)i).ToArray();

        [Fact]
        public void NoWriterAndNoReaderButReadStringAllocates()
        {
            byte[] destination = new byte[1024];

            // Warm up: JIT, tiering, static constructors.
            long once = 0;
            for (int i = 0; i < 3; i++)
            {
                once = RunAll(destination);
            }

            // Two measured rounds, one of which must allocate exactly 0 B: a call that allocates does so in both, while a
            // pooled buffer (long text read across segments rents one) is allocated again once after a gen 2 GC trimmed
            // the pool, which a full test run's other classes can cause between the warm-up and the measure.
            long allocated = long.MaxValue;
            for (int round = 0; round < 2 && allocated != 0; round++)
            {
                long sum = 0;
                long before = GC.GetAllocatedBytesForCurrentThread();
                for (int i = 0; i < Iterations; i++)
                {
                    sum += RunAll(destination);
                }

                allocated = GC.GetAllocatedBytesForCurrentThread() - before;

                // Each pass did the same work (the checksum covers the counts and values the calls returned).
                Assert.Equal(once * Iterations, sum);
            }

            Assert.Equal(0, allocated);
        }

        [Fact]
        public void ReadStringAllocatesOnlyTheString()
        {
            byte[] ascii = Hex.ToBytes("da 03 e8 " + string.Join(" ", Enumerable.Repeat("61", 1000)));
            byte[] accented = Hex.ToBytes("da 03 e8 " + string.Join(" ", Enumerable.Repeat("c3 a9", 500)));
            string expectedAscii = new string('a', 1000);
            string expectedAccented = new string('\u00e9', 500);

            for (int warmUp = 0; warmUp < 3; warmUp++)
            {
                ReadEveryWay(ascii, out _);
                ReadEveryWay(accented, out _);
            }

            // Four reads (span and pointer, Read and TryRead) of 1000 chars: 4 strings of 2000 bytes and a header each.
            long allocated = ReadEveryWay(ascii, out string asciiRead);
            Assert.Equal(expectedAscii, asciiRead);
            Assert.InRange(allocated, 4 * 2000, 4 * 2100);

            // 500 chars: 4 strings of 1000 bytes and a header each.
            allocated = ReadEveryWay(accented, out string accentedRead);
            Assert.Equal(expectedAccented, accentedRead);
            Assert.InRange(allocated, 4 * 1000, 4 * 1100);
        }

        [Fact]
        public void AStrHeaderClaimingAMegabyteOnTenBytesThrowsWithoutAllocatingTheClaim()
        {
            byte[] input = TruncatedString;
            Assert.Equal(10, input.Length);
            for (int warmUp = 0; warmUp < 3; warmUp++)
            {
                Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.ReadString(input, out _));
            }

            long before = GC.GetAllocatedBytesForCurrentThread();
            MsgPackTruncatedException? caught = null;
            try
            {
                MsgPackSpec.ReadString(input, out _);
            }
            catch (MsgPackTruncatedException e)
            {
                caught = e;
            }

            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.NotNull(caught);
            Assert.Equal(1_000_005, caught!.BytesNeeded);
            Assert.Equal(10, caught.BytesAvailable);

            // The exception, its message and its stack trace; nothing near the 1,000,000 bytes claimed.
            Assert.InRange(allocated, 1, 1500);

            // The Try form allocates nothing at all.
            before = GC.GetAllocatedBytesForCurrentThread();
            OperationStatus status = MsgPackSpec.TryReadString(input, out string value, out int bytesRead);
            allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.Equal(OperationStatus.NeedMoreData, status);
            Assert.Equal(1_000_005, bytesRead);
            Assert.Same(string.Empty, value);
            Assert.Equal(0, allocated);
        }

        private static long ReadEveryWay(byte[] input, out string last)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            string a = MsgPackSpec.ReadString(input, out int n1);
            MsgPackSpec.TryReadString(input, out string b, out int n2);
            string c, d;
            int n3, n4;
            fixed (byte* p = input)
            {
                c = MsgPackSpec.ReadString(p, input.Length, out n3);
                MsgPackSpec.TryReadString(p, input.Length, out d, out n4);
            }

            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.Equal(input.Length, n1);
            Assert.Equal(input.Length, n2);
            Assert.Equal(input.Length, n3);
            Assert.Equal(input.Length, n4);
            Assert.Equal(a, b);
            Assert.Equal(a, c);
            Assert.Equal(a, d);
            last = d;
            return allocated;
        }

        private static long RunAll(byte[] destination)
        {
            long sum = 0;
            sum += WriteSmallest(destination);
            sum += WriteExact(destination);
            fixed (byte* p = destination)
            {
                sum += WriteSmallestAt(p);
                sum += WriteExactAt(p);
                sum += BigEndianAt(p);
            }

            sum += BigEndianSpan(destination);
            foreach (byte[] input in Fives)
            {
                sum += ReadIntegers(input);
                fixed (byte* p = input)
                {
                    sum += ReadIntegersAt(p, input.Length);
                }
            }

            sum += ReadOthers();
            sum += ReadOthersAt();
            sum += FailingTryReads();
            return sum;
        }

        private static int Status(OperationStatus status) => (int)status + 1;

        private static long WriteSmallest(Span<byte> d)
        {
            long sum = 0;
            int n;
            sum += MsgPackSpec.WriteNil(d);
            sum += MsgPackSpec.TryWriteNil(d, out n) ? n : -1;
            sum += MsgPackSpec.WriteBoolean(d, true);
            sum += MsgPackSpec.TryWriteBoolean(d, false, out n) ? n : -1;
            foreach (long v in Integers)
            {
                sum += MsgPackSpec.WriteInt64(d, v);
                sum += MsgPackSpec.TryWriteInt64(d, v, out n) ? n : -1;
                sum += MsgPackSpec.WriteInt32(d, unchecked((int)v));
                sum += MsgPackSpec.TryWriteInt32(d, unchecked((int)v), out n) ? n : -1;
                sum += MsgPackSpec.WriteInt16(d, unchecked((short)v));
                sum += MsgPackSpec.TryWriteInt16(d, unchecked((short)v), out n) ? n : -1;
                sum += MsgPackSpec.WriteSByte(d, unchecked((sbyte)v));
                sum += MsgPackSpec.TryWriteSByte(d, unchecked((sbyte)v), out n) ? n : -1;
                sum += MsgPackSpec.WriteUInt64(d, unchecked((ulong)v));
                sum += MsgPackSpec.TryWriteUInt64(d, unchecked((ulong)v), out n) ? n : -1;
                sum += MsgPackSpec.WriteUInt32(d, unchecked((uint)v));
                sum += MsgPackSpec.TryWriteUInt32(d, unchecked((uint)v), out n) ? n : -1;
                sum += MsgPackSpec.WriteUInt16(d, unchecked((ushort)v));
                sum += MsgPackSpec.TryWriteUInt16(d, unchecked((ushort)v), out n) ? n : -1;
                sum += MsgPackSpec.WriteByte(d, unchecked((byte)v));
                sum += MsgPackSpec.TryWriteByte(d, unchecked((byte)v), out n) ? n : -1;
                sum += MsgPackSpec.GetInt64EncodedLength(v) + MsgPackSpec.GetUInt64EncodedLength(unchecked((ulong)v));

                int length = unchecked((int)v) & 0x1ffff;
                sum += MsgPackSpec.WriteStringHeader(d, length);
                sum += MsgPackSpec.TryWriteStringHeader(d, length, out n) ? n : -1;
                sum += MsgPackSpec.WriteBinaryHeader(d, length);
                sum += MsgPackSpec.TryWriteBinaryHeader(d, length, out n) ? n : -1;
                sum += MsgPackSpec.WriteArrayHeader(d, length);
                sum += MsgPackSpec.TryWriteArrayHeader(d, length, out n) ? n : -1;
                sum += MsgPackSpec.WriteMapHeader(d, length);
                sum += MsgPackSpec.TryWriteMapHeader(d, length, out n) ? n : -1;
                var header = new ExtensionHeader(unchecked((sbyte)v), length);
                sum += MsgPackSpec.WriteExtensionHeader(d, header);
                sum += MsgPackSpec.TryWriteExtensionHeader(d, header, out n) ? n : -1;
                sum += MsgPackSpec.GetStringHeaderEncodedLength(length) + MsgPackSpec.GetBinaryHeaderEncodedLength(length) + MsgPackSpec.GetExtensionHeaderEncodedLength(length);
                sum += MsgPackSpec.GetArrayHeaderEncodedLength(length) + MsgPackSpec.GetMapHeaderEncodedLength(length);

                var timestamp = new Timestamp(v, unchecked((uint)v) % Timestamp.NanosecondsPerSecond);
                sum += MsgPackSpec.WriteTimestamp(d, timestamp);
                sum += MsgPackSpec.TryWriteTimestamp(d, timestamp, out n) ? n : -1;
                sum += MsgPackSpec.GetTimestampEncodedLength(timestamp);
            }

            sum += MsgPackSpec.WriteSingle(d, 1.5f);
            sum += MsgPackSpec.TryWriteSingle(d, -1.5f, out n) ? n : -1;
            sum += MsgPackSpec.WriteDouble(d, 1.5);
            sum += MsgPackSpec.TryWriteDouble(d, -1.5, out n) ? n : -1;
            sum += MsgPackSpec.WriteString(d, Text.AsSpan());
            sum += MsgPackSpec.TryWriteString(d, Text.AsSpan(), out n) ? n : -1;
            sum += MsgPackSpec.WriteString(d, LongText.AsSpan());
            sum += MsgPackSpec.TryWriteString(d, LongText.AsSpan(), out n) ? n : -1;
            sum += MsgPackSpec.TryWriteString(d.Slice(0, 3), LongText.AsSpan(), out n) ? -1 : n;
            sum += MsgPackSpec.WriteString(d, Utf8.AsSpan());
            sum += MsgPackSpec.TryWriteString(d, Utf8.AsSpan(), out n) ? n : -1;
            sum += MsgPackSpec.WriteString(d, LongUtf8.AsSpan());
            sum += MsgPackSpec.TryWriteString(d, LongUtf8.AsSpan(), out n) ? n : -1;
            sum += MsgPackSpec.GetStringEncodedLength(Text.AsSpan());
            sum += MsgPackSpec.WriteString(d, Text) + MsgPackSpec.WriteString(d, LongText);
            sum += MsgPackSpec.TryWriteString(d, Text, out n) ? n : -1;
            sum += MsgPackSpec.TryWriteString(d.Slice(0, 3), LongText, out n) ? -1 : n;
            sum += MsgPackSpec.GetStringEncodedLength(Text);
            sum += MsgPackSpec.WriteBinary(d, Payload.AsSpan(0, 3));
            sum += MsgPackSpec.TryWriteBinary(d, Payload.AsSpan(0, 3), out n) ? n : -1;
            sum += MsgPackSpec.WriteBinary(d, Payload);
            sum += MsgPackSpec.TryWriteBinary(d, Payload, out n) ? n : -1;
            sum += MsgPackSpec.TryWriteBinary(d.Slice(0, 3), Payload, out n) ? -1 : n;
            sum += MsgPackSpec.GetBinaryEncodedLength(Payload.Length) + MsgPackSpec.GetExtensionEncodedLength(Payload.Length);
            sum += MsgPackSpec.WriteExtension(d, 5, Payload.AsSpan(0, 4));
            sum += MsgPackSpec.TryWriteExtension(d, 5, Payload.AsSpan(0, 4), out n) ? n : -1;
            sum += MsgPackSpec.WriteExtension(d, -5, Payload);
            sum += MsgPackSpec.TryWriteExtension(d, -5, Payload, out n) ? n : -1;
            sum += MsgPackSpec.TryWriteExtension(d.Slice(0, 3), -5, Payload, out n) ? -1 : n;
            sum += MsgPackSpec.TryWriteNil(d.Slice(0, 0), out n) ? -1 : n;
            sum += MsgPackSpec.TryWriteInt64(d.Slice(0, 2), long.MinValue, out n) ? -1 : n;
            sum += MsgPackSpec.TryWriteTimestamp(d.Slice(0, 2), new Timestamp(-1, 0), out n) ? -1 : n;
            return sum;
        }

        private static long WriteSmallestAt(byte* p)
        {
            long sum = 0;
            sum += MsgPackSpec.WriteNil(p);
            sum += MsgPackSpec.WriteBoolean(p, true);
            foreach (long v in Integers)
            {
                sum += MsgPackSpec.WriteInt64(p, v);
                sum += MsgPackSpec.WriteInt32(p, unchecked((int)v));
                sum += MsgPackSpec.WriteInt16(p, unchecked((short)v));
                sum += MsgPackSpec.WriteSByte(p, unchecked((sbyte)v));
                sum += MsgPackSpec.WriteUInt64(p, unchecked((ulong)v));
                sum += MsgPackSpec.WriteUInt32(p, unchecked((uint)v));
                sum += MsgPackSpec.WriteUInt16(p, unchecked((ushort)v));
                sum += MsgPackSpec.WriteByte(p, unchecked((byte)v));
                int length = unchecked((int)v) & 0x1ffff;
                sum += MsgPackSpec.WriteStringHeader(p, length);
                sum += MsgPackSpec.WriteBinaryHeader(p, length);
                sum += MsgPackSpec.WriteArrayHeader(p, length);
                sum += MsgPackSpec.WriteMapHeader(p, length);
                sum += MsgPackSpec.WriteExtensionHeader(p, new ExtensionHeader(unchecked((sbyte)v), length));
                sum += MsgPackSpec.WriteTimestamp(p, new Timestamp(v, unchecked((uint)v) % Timestamp.NanosecondsPerSecond));
            }

            sum += MsgPackSpec.WriteSingle(p, 1.5f);
            sum += MsgPackSpec.WriteDouble(p, 1.5);
            sum += MsgPackSpec.WriteString(p, Text.AsSpan());
            sum += MsgPackSpec.WriteString(p, LongText.AsSpan());
            sum += MsgPackSpec.WriteString(p, Text) + MsgPackSpec.WriteString(p, LongText);
            sum += MsgPackSpec.WriteString(p, Utf8.AsSpan());
            sum += MsgPackSpec.WriteString(p, LongUtf8.AsSpan());
            sum += MsgPackSpec.WriteBinary(p, Payload.AsSpan(0, 3));
            sum += MsgPackSpec.WriteBinary(p, Payload);
            sum += MsgPackSpec.WriteExtension(p, 5, Payload.AsSpan(0, 4));
            sum += MsgPackSpec.WriteExtension(p, -5, Payload);
            return sum;
        }

        private static long WriteExact(Span<byte> d)
        {
            long sum = 0;
            var t = new Timestamp(1, 0);
            sum += MsgPackSpec.WritePositiveFixInt(d, 5) + MsgPackSpec.WriteNegativeFixInt(d, -5);
            sum += MsgPackSpec.WriteUInt8Exact(d, 5) + MsgPackSpec.WriteUInt16Exact(d, 5) + MsgPackSpec.WriteUInt32Exact(d, 5) + MsgPackSpec.WriteUInt64Exact(d, 5);
            sum += MsgPackSpec.WriteInt8Exact(d, -5) + MsgPackSpec.WriteInt16Exact(d, -5) + MsgPackSpec.WriteInt32Exact(d, -5) + MsgPackSpec.WriteInt64Exact(d, -5);
            sum += MsgPackSpec.WriteFixArrayHeader(d, 5) + MsgPackSpec.WriteArray16Header(d, 5) + MsgPackSpec.WriteArray32Header(d, 5);
            sum += MsgPackSpec.WriteFixMapHeader(d, 5) + MsgPackSpec.WriteMap16Header(d, 5) + MsgPackSpec.WriteMap32Header(d, 5);
            sum += MsgPackSpec.WriteFixStringHeader(d, 5) + MsgPackSpec.WriteString8Header(d, 5) + MsgPackSpec.WriteString16Header(d, 5) + MsgPackSpec.WriteString32Header(d, 5);
            sum += MsgPackSpec.WriteBinary8Header(d, 5) + MsgPackSpec.WriteBinary16Header(d, 5) + MsgPackSpec.WriteBinary32Header(d, 5);
            sum += MsgPackSpec.WriteFixExtension1Header(d, 5) + MsgPackSpec.WriteFixExtension2Header(d, 5) + MsgPackSpec.WriteFixExtension4Header(d, 5);
            sum += MsgPackSpec.WriteFixExtension8Header(d, 5) + MsgPackSpec.WriteFixExtension16Header(d, 5);
            sum += MsgPackSpec.WriteExtension8Header(d, 5, 5) + MsgPackSpec.WriteExtension16Header(d, 5, 5) + MsgPackSpec.WriteExtension32Header(d, 5, 5);
            sum += MsgPackSpec.WriteTimestamp32(d, t) + MsgPackSpec.WriteTimestamp64(d, t) + MsgPackSpec.WriteTimestamp96(d, t);
            return sum;
        }

        private static long WriteExactAt(byte* d)
        {
            long sum = 0;
            var t = new Timestamp(1, 0);
            sum += MsgPackSpec.WritePositiveFixInt(d, 5) + MsgPackSpec.WriteNegativeFixInt(d, -5);
            sum += MsgPackSpec.WriteUInt8Exact(d, 5) + MsgPackSpec.WriteUInt16Exact(d, 5) + MsgPackSpec.WriteUInt32Exact(d, 5) + MsgPackSpec.WriteUInt64Exact(d, 5);
            sum += MsgPackSpec.WriteInt8Exact(d, -5) + MsgPackSpec.WriteInt16Exact(d, -5) + MsgPackSpec.WriteInt32Exact(d, -5) + MsgPackSpec.WriteInt64Exact(d, -5);
            sum += MsgPackSpec.WriteFixArrayHeader(d, 5) + MsgPackSpec.WriteArray16Header(d, 5) + MsgPackSpec.WriteArray32Header(d, 5);
            sum += MsgPackSpec.WriteFixMapHeader(d, 5) + MsgPackSpec.WriteMap16Header(d, 5) + MsgPackSpec.WriteMap32Header(d, 5);
            sum += MsgPackSpec.WriteFixStringHeader(d, 5) + MsgPackSpec.WriteString8Header(d, 5) + MsgPackSpec.WriteString16Header(d, 5) + MsgPackSpec.WriteString32Header(d, 5);
            sum += MsgPackSpec.WriteBinary8Header(d, 5) + MsgPackSpec.WriteBinary16Header(d, 5) + MsgPackSpec.WriteBinary32Header(d, 5);
            sum += MsgPackSpec.WriteFixExtension1Header(d, 5) + MsgPackSpec.WriteFixExtension2Header(d, 5) + MsgPackSpec.WriteFixExtension4Header(d, 5);
            sum += MsgPackSpec.WriteFixExtension8Header(d, 5) + MsgPackSpec.WriteFixExtension16Header(d, 5);
            sum += MsgPackSpec.WriteExtension8Header(d, 5, 5) + MsgPackSpec.WriteExtension16Header(d, 5, 5) + MsgPackSpec.WriteExtension32Header(d, 5, 5);
            sum += MsgPackSpec.WriteTimestamp32(d, t) + MsgPackSpec.WriteTimestamp64(d, t) + MsgPackSpec.WriteTimestamp96(d, t);
            return sum;
        }

        private static long BigEndianSpan(Span<byte> d)
        {
            long sum = 0;
            BigEndian.WriteUInt16(d, 0x1234);
            sum += BigEndian.ReadUInt16(d) + BigEndian.ReadUInt16(ref d[0]);
            BigEndian.WriteUInt16(ref d[0], 0x1234);
            BigEndian.WriteInt16(d, -2);
            sum += BigEndian.ReadInt16(d) + BigEndian.ReadInt16(ref d[0]);
            BigEndian.WriteInt16(ref d[0], -2);
            BigEndian.WriteUInt32(d, 0x12345678);
            sum += BigEndian.ReadUInt32(d) + BigEndian.ReadUInt32(ref d[0]);
            BigEndian.WriteUInt32(ref d[0], 0x12345678);
            BigEndian.WriteInt32(d, -2);
            sum += BigEndian.ReadInt32(d) + BigEndian.ReadInt32(ref d[0]);
            BigEndian.WriteInt32(ref d[0], -2);
            BigEndian.WriteUInt64(d, 0x123456789);
            sum += unchecked((long)(BigEndian.ReadUInt64(d) + BigEndian.ReadUInt64(ref d[0])));
            BigEndian.WriteUInt64(ref d[0], 0x123456789);
            BigEndian.WriteInt64(d, -2);
            sum += BigEndian.ReadInt64(d) + BigEndian.ReadInt64(ref d[0]);
            BigEndian.WriteInt64(ref d[0], -2);
            BigEndian.WriteSingle(d, 2.5f);
            sum += (long)(BigEndian.ReadSingle(d) + BigEndian.ReadSingle(ref d[0]));
            BigEndian.WriteSingle(ref d[0], 2.5f);
            BigEndian.WriteDouble(d, 2.5);
            sum += (long)(BigEndian.ReadDouble(d) + BigEndian.ReadDouble(ref d[0]));
            BigEndian.WriteDouble(ref d[0], 2.5);
            return sum;
        }

        private static long BigEndianAt(byte* p)
        {
            long sum = 0;
            BigEndian.WriteUInt16(p, 0x1234);
            sum += BigEndian.ReadUInt16(p);
            BigEndian.WriteInt16(p, -2);
            sum += BigEndian.ReadInt16(p);
            BigEndian.WriteUInt32(p, 0x12345678);
            sum += BigEndian.ReadUInt32(p);
            BigEndian.WriteInt32(p, -2);
            sum += BigEndian.ReadInt32(p);
            BigEndian.WriteUInt64(p, 0x123456789);
            sum += unchecked((long)BigEndian.ReadUInt64(p));
            BigEndian.WriteInt64(p, -2);
            sum += BigEndian.ReadInt64(p);
            BigEndian.WriteSingle(p, 2.5f);
            sum += (long)BigEndian.ReadSingle(p);
            BigEndian.WriteDouble(p, 2.5);
            sum += (long)BigEndian.ReadDouble(p);
            return sum;
        }

        private static long ReadIntegers(ReadOnlySpan<byte> s)
        {
            long sum = 0;
            int n;
            sum += MsgPackSpec.ReadInt64(s, out n) + n;
            sum += MsgPackSpec.ReadInt32(s, out n) + n;
            sum += MsgPackSpec.ReadInt16(s, out n) + n;
            sum += MsgPackSpec.ReadSByte(s, out n) + n;
            sum += unchecked((long)MsgPackSpec.ReadUInt64(s, out n)) + n;
            sum += MsgPackSpec.ReadUInt32(s, out n) + n;
            sum += MsgPackSpec.ReadUInt16(s, out n) + n;
            sum += MsgPackSpec.ReadByte(s, out n) + n;
            sum += Status(MsgPackSpec.TryReadInt64(s, out long l, out n)) + l + n;
            sum += Status(MsgPackSpec.TryReadInt32(s, out int i, out n)) + i + n;
            sum += Status(MsgPackSpec.TryReadInt16(s, out short h, out n)) + h + n;
            sum += Status(MsgPackSpec.TryReadSByte(s, out sbyte b, out n)) + b + n;
            sum += Status(MsgPackSpec.TryReadUInt64(s, out ulong ul, out n)) + unchecked((long)ul) + n;
            sum += Status(MsgPackSpec.TryReadUInt32(s, out uint ui, out n)) + ui + n;
            sum += Status(MsgPackSpec.TryReadUInt16(s, out ushort uh, out n)) + uh + n;
            sum += Status(MsgPackSpec.TryReadByte(s, out byte ub, out n)) + ub + n;
            sum += (long)MsgPackSpec.GetMsgPackType(s) + (MsgPackSpec.IsNil(s) ? 1 : 0);
            sum += MsgPackSpec.Skip(s) + Status(MsgPackSpec.TrySkip(s, out n)) + n;
            return sum;
        }

        private static long ReadIntegersAt(byte* p, int length)
        {
            long sum = 0;
            int n;
            sum += MsgPackSpec.ReadInt64(p, length, out n) + n;
            sum += MsgPackSpec.ReadInt32(p, length, out n) + n;
            sum += MsgPackSpec.ReadInt16(p, length, out n) + n;
            sum += MsgPackSpec.ReadSByte(p, length, out n) + n;
            sum += unchecked((long)MsgPackSpec.ReadUInt64(p, length, out n)) + n;
            sum += MsgPackSpec.ReadUInt32(p, length, out n) + n;
            sum += MsgPackSpec.ReadUInt16(p, length, out n) + n;
            sum += MsgPackSpec.ReadByte(p, length, out n) + n;
            sum += Status(MsgPackSpec.TryReadInt64(p, length, out long l, out n)) + l + n;
            sum += Status(MsgPackSpec.TryReadInt32(p, length, out int i, out n)) + i + n;
            sum += Status(MsgPackSpec.TryReadInt16(p, length, out short h, out n)) + h + n;
            sum += Status(MsgPackSpec.TryReadSByte(p, length, out sbyte b, out n)) + b + n;
            sum += Status(MsgPackSpec.TryReadUInt64(p, length, out ulong ul, out n)) + unchecked((long)ul) + n;
            sum += Status(MsgPackSpec.TryReadUInt32(p, length, out uint ui, out n)) + ui + n;
            sum += Status(MsgPackSpec.TryReadUInt16(p, length, out ushort uh, out n)) + uh + n;
            sum += Status(MsgPackSpec.TryReadByte(p, length, out byte ub, out n)) + ub + n;
            sum += MsgPackSpec.Skip(p, length) + Status(MsgPackSpec.TrySkip(p, length, out n)) + n;
            return sum;
        }

        private static long ReadOthers()
        {
            long sum = 0;
            int n;
            MsgPackSpec.ReadNil(NilInput, out n);
            sum += n + Status(MsgPackSpec.TryReadNil(NilInput, out n)) + n;
            sum += (MsgPackSpec.ReadBoolean(TrueInput, out n) ? 1 : 0) + n;
            sum += Status(MsgPackSpec.TryReadBoolean(TrueInput, out bool flag, out n)) + (flag ? 1 : 0) + n;
            sum += (long)MsgPackSpec.ReadSingle(SingleInput, out n) + n;
            sum += Status(MsgPackSpec.TryReadSingle(SingleInput, out float f, out n)) + (long)f + n;
            sum += (long)MsgPackSpec.ReadDouble(DoubleInput, out n) + n + (long)MsgPackSpec.ReadDouble(SingleInput, out n) + n;
            sum += Status(MsgPackSpec.TryReadDouble(DoubleInput, out double g, out n)) + (long)g + n;
            foreach (byte[] input in Strings)
            {
                sum += MsgPackSpec.ReadStringBytes(input, out n).Length + n;
                sum += Status(MsgPackSpec.TryReadStringBytes(input, out ReadOnlySpan<byte> utf8, out n)) + utf8.Length + n;
                sum += MsgPackSpec.ReadStringHeader(input, out n) + n;
                sum += Status(MsgPackSpec.TryReadStringHeader(input, out int length, out n)) + length + n;
                sum += MsgPackSpec.Skip(input) + Status(MsgPackSpec.TrySkip(input, out n)) + n;
            }

            foreach (byte[] input in Binaries)
            {
                sum += MsgPackSpec.ReadBinary(input, out n).Length + n;
                sum += Status(MsgPackSpec.TryReadBinary(input, out ReadOnlySpan<byte> bytes, out n)) + bytes.Length + n;
                sum += MsgPackSpec.ReadBinaryHeader(input, out n) + n;
                sum += Status(MsgPackSpec.TryReadBinaryHeader(input, out int length, out n)) + length + n;
            }

            foreach (byte[] input in Arrays)
            {
                sum += MsgPackSpec.ReadArrayHeader(input, out n) + n;
                sum += Status(MsgPackSpec.TryReadArrayHeader(input, out int count, out n)) + count + n;
            }

            foreach (byte[] input in Maps)
            {
                sum += MsgPackSpec.ReadMapHeader(input, out n) + n;
                sum += Status(MsgPackSpec.TryReadMapHeader(input, out int count, out n)) + count + n;
            }

            foreach (byte[] input in Extensions)
            {
                sum += MsgPackSpec.ReadExtensionHeader(input, out n).Length + n;
                sum += Status(MsgPackSpec.TryReadExtensionHeader(input, out ExtensionHeader header, out n)) + header.TypeCode + n;
                sum += MsgPackSpec.ReadExtension(input, out header, out n).Length + header.Length + n;
                sum += Status(MsgPackSpec.TryReadExtension(input, out header, out ReadOnlySpan<byte> data, out n)) + data.Length + n;
            }

            foreach (byte[] input in Timestamps)
            {
                sum += MsgPackSpec.ReadTimestamp(input, out n).Seconds + n;
                sum += Status(MsgPackSpec.TryReadTimestamp(input, out Timestamp t, out n)) + t.Nanoseconds + n;
            }

            sum += MsgPackSpec.Skip(Document) + Status(MsgPackSpec.TrySkip(Document, out n)) + n;
            return sum;
        }

        private static long ReadOthersAt()
        {
            long sum = 0;
            int n;
            fixed (byte* p = NilInput)
            {
                MsgPackSpec.ReadNil(p, 1, out n);
                sum += n + Status(MsgPackSpec.TryReadNil(p, 1, out n)) + n;
            }

            fixed (byte* p = TrueInput)
            {
                sum += (MsgPackSpec.ReadBoolean(p, 1, out n) ? 1 : 0) + n;
                sum += Status(MsgPackSpec.TryReadBoolean(p, 1, out bool flag, out n)) + (flag ? 1 : 0) + n;
            }

            fixed (byte* p = SingleInput)
            {
                sum += (long)MsgPackSpec.ReadSingle(p, 5, out n) + n;
                sum += Status(MsgPackSpec.TryReadSingle(p, 5, out float f, out n)) + (long)f + n;
            }

            fixed (byte* p = DoubleInput)
            {
                sum += (long)MsgPackSpec.ReadDouble(p, 9, out n) + n;
                sum += Status(MsgPackSpec.TryReadDouble(p, 9, out double g, out n)) + (long)g + n;
            }

            foreach (byte[] input in Strings)
            {
                fixed (byte* p = input)
                {
                    sum += MsgPackSpec.ReadStringBytes(p, input.Length, out n).Length + n;
                    sum += Status(MsgPackSpec.TryReadStringBytes(p, input.Length, out ReadOnlySpan<byte> utf8, out n)) + utf8.Length + n;
                    sum += MsgPackSpec.ReadStringHeader(p, input.Length, out n) + n;
                    sum += Status(MsgPackSpec.TryReadStringHeader(p, input.Length, out int length, out n)) + length + n;
                }
            }

            foreach (byte[] input in Binaries)
            {
                fixed (byte* p = input)
                {
                    sum += MsgPackSpec.ReadBinary(p, input.Length, out n).Length + n;
                    sum += Status(MsgPackSpec.TryReadBinary(p, input.Length, out ReadOnlySpan<byte> bytes, out n)) + bytes.Length + n;
                    sum += MsgPackSpec.ReadBinaryHeader(p, input.Length, out n) + n;
                    sum += Status(MsgPackSpec.TryReadBinaryHeader(p, input.Length, out int length, out n)) + length + n;
                }
            }

            foreach (byte[] input in Arrays)
            {
                fixed (byte* p = input)
                {
                    sum += MsgPackSpec.ReadArrayHeader(p, input.Length, out n) + n;
                    sum += Status(MsgPackSpec.TryReadArrayHeader(p, input.Length, out int count, out n)) + count + n;
                }
            }

            foreach (byte[] input in Maps)
            {
                fixed (byte* p = input)
                {
                    sum += MsgPackSpec.ReadMapHeader(p, input.Length, out n) + n;
                    sum += Status(MsgPackSpec.TryReadMapHeader(p, input.Length, out int count, out n)) + count + n;
                }
            }

            foreach (byte[] input in Extensions)
            {
                fixed (byte* p = input)
                {
                    sum += MsgPackSpec.ReadExtensionHeader(p, input.Length, out n).Length + n;
                    sum += Status(MsgPackSpec.TryReadExtensionHeader(p, input.Length, out ExtensionHeader header, out n)) + header.TypeCode + n;
                    sum += MsgPackSpec.ReadExtension(p, input.Length, out header, out n).Length + header.Length + n;
                    sum += Status(MsgPackSpec.TryReadExtension(p, input.Length, out header, out ReadOnlySpan<byte> data, out n)) + data.Length + n;
                }
            }

            foreach (byte[] input in Timestamps)
            {
                fixed (byte* p = input)
                {
                    sum += MsgPackSpec.ReadTimestamp(p, input.Length, out n).Seconds + n;
                    sum += Status(MsgPackSpec.TryReadTimestamp(p, input.Length, out Timestamp t, out n)) + t.Nanoseconds + n;
                }
            }

            fixed (byte* p = Document)
            {
                sum += MsgPackSpec.Skip(p, Document.Length) + Status(MsgPackSpec.TrySkip(p, Document.Length, out n)) + n;
            }

            return sum;
        }

        /// <summary>The NeedMoreData and InvalidData paths of the Try readers, span and pointer.</summary>
        private static long FailingTryReads()
        {
            long sum = 0;
            int n;
            foreach (byte[] input in Failing)
            {
                sum += FailingTryReads(input);
                fixed (byte* p = input)
                {
                    sum += FailingTryReadsAt(p, input.Length);
                }
            }

            sum += Status(MsgPackSpec.TrySkip(Document.AsSpan(0, Document.Length - 1), out n)) + n;
            return sum;
        }

        private static long FailingTryReads(ReadOnlySpan<byte> s)
        {
            long sum = 0;
            int n;
            sum += Status(MsgPackSpec.TryReadNil(s, out n)) + n;
            sum += Status(MsgPackSpec.TryReadBoolean(s, out bool _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadInt64(s, out long _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadInt32(s, out int _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadInt16(s, out short _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadSByte(s, out sbyte _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadUInt64(s, out ulong _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadUInt32(s, out uint _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadUInt16(s, out ushort _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadByte(s, out byte _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadSingle(s, out float _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadDouble(s, out double _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadStringBytes(s, out ReadOnlySpan<byte> _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadString(s, out string _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadStringHeader(s, out int _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadBinary(s, out ReadOnlySpan<byte> _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadBinaryHeader(s, out int _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadArrayHeader(s, out int _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadMapHeader(s, out int _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadExtensionHeader(s, out ExtensionHeader _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadExtension(s, out ExtensionHeader _, out ReadOnlySpan<byte> _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadTimestamp(s, out Timestamp _, out n)) + n;
            sum += Status(MsgPackSpec.TrySkip(s, out n)) + n;
            return sum;
        }

        private static long FailingTryReadsAt(byte* p, int length)
        {
            long sum = 0;
            int n;
            sum += Status(MsgPackSpec.TryReadNil(p, length, out n)) + n;
            sum += Status(MsgPackSpec.TryReadBoolean(p, length, out bool _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadInt64(p, length, out long _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadInt32(p, length, out int _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadInt16(p, length, out short _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadSByte(p, length, out sbyte _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadUInt64(p, length, out ulong _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadUInt32(p, length, out uint _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadUInt16(p, length, out ushort _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadByte(p, length, out byte _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadSingle(p, length, out float _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadDouble(p, length, out double _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadStringBytes(p, length, out ReadOnlySpan<byte> _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadString(p, length, out string _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadStringHeader(p, length, out int _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadBinary(p, length, out ReadOnlySpan<byte> _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadBinaryHeader(p, length, out int _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadArrayHeader(p, length, out int _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadMapHeader(p, length, out int _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadExtensionHeader(p, length, out ExtensionHeader _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadExtension(p, length, out ExtensionHeader _, out ReadOnlySpan<byte> _, out n)) + n;
            sum += Status(MsgPackSpec.TryReadTimestamp(p, length, out Timestamp _, out n)) + n;
            sum += Status(MsgPackSpec.TrySkip(p, length, out n)) + n;
            return sum;
        }
    }
}
