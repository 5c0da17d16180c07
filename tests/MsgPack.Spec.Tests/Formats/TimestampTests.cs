using System;
using System.Buffers;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>
    /// The timestamp extension (type -1): timestamp 32 (d6 ff + u32 seconds), timestamp 64 (d7 ff + u64 of
    /// nanoseconds &lt;&lt; 34 | seconds) and timestamp 96 (c7 0c ff + u32 nanoseconds + i64 seconds), and the
    /// conversions to and from <see cref="DateTime"/>.
    /// </summary>
    public unsafe class TimestampTests
    {
        [Theory]
        // timestamp 32: whole seconds from 0 to 2^32-1
        [InlineData(0L, 0, "d6 ff 00 00 00 00")]
        [InlineData(1L, 0, "d6 ff 00 00 00 01")]
        [InlineData(1704067200L, 0, "d6 ff 65 92 00 80")] // 2024-01-01T00:00:00Z
        [InlineData(4294967295L, 0, "d6 ff ff ff ff ff")]
        // timestamp 64: seconds from 0 to 2^34-1 with nanoseconds, or above 2^32-1
        [InlineData(4294967296L, 0, "d7 ff 00 00 00 01 00 00 00 00")]
        [InlineData(17179869183L, 0, "d7 ff 00 00 00 03 ff ff ff ff")]
        [InlineData(0L, 1, "d7 ff 00 00 00 04 00 00 00 00")]
        [InlineData(0L, 999999999, "d7 ff ee 6b 27 fc 00 00 00 00")]
        [InlineData(1L, 500000000, "d7 ff 77 35 94 00 00 00 00 01")]
        [InlineData(4294967295L, 1, "d7 ff 00 00 00 04 ff ff ff ff")]
        [InlineData(17179869183L, 999999999, "d7 ff ee 6b 27 ff ff ff ff ff")]
        [InlineData(1704067200L, 123456700, "d7 ff 1d 6f 32 f0 65 92 00 80")]
        // timestamp 96: negative seconds or 2^34 and above
        [InlineData(17179869184L, 0, "c7 0c ff 00 00 00 00 00 00 00 04 00 00 00 00")]
        [InlineData(17179869184L, 1, "c7 0c ff 00 00 00 01 00 00 00 04 00 00 00 00")]
        [InlineData(-1L, 0, "c7 0c ff 00 00 00 00 ff ff ff ff ff ff ff ff")]
        [InlineData(-1L, 999999999, "c7 0c ff 3b 9a c9 ff ff ff ff ff ff ff ff ff")]
        [InlineData(long.MinValue, 0, "c7 0c ff 00 00 00 00 80 00 00 00 00 00 00 00")]
        [InlineData(long.MaxValue, 0, "c7 0c ff 00 00 00 00 7f ff ff ff ff ff ff ff")]
        [InlineData(long.MaxValue, 999999999, "c7 0c ff 3b 9a c9 ff 7f ff ff ff ff ff ff ff")]
        [InlineData(-62135596800L, 0, "c7 0c ff 00 00 00 00 ff ff ff f1 88 6e 09 00")] // 0001-01-01T00:00:00Z
        [InlineData(32503680000L, 0, "c7 0c ff 00 00 00 00 00 00 00 07 91 5e cc 00")] // 3000-01-01T00:00:00Z
        public void WriteTimestampChoosesTheSmallestFormAndReadsBack(long seconds, int nanoseconds, string expectedHex)
        {
            var value = new Timestamp(seconds, (uint)nanoseconds);
            byte[] expected = Hex.ToBytes(expectedHex);
            Assert.Equal(expected.Length, MsgPackSpec.GetTimestampEncodedLength(value));

            byte[] buffer = ContainerTestData.Filled(MsgPackSpec.MaxTimestampEncodedLength + 2);
            Assert.Equal(expected.Length, MsgPackSpec.WriteTimestamp(buffer, value));
            Assert.Equal(expectedHex, Hex.Of(buffer.AsSpan(0, expected.Length)));
            Assert.True(ContainerTestData.IsUntouched(buffer.AsSpan(expected.Length)));

            byte[] exact = ContainerTestData.Filled(expected.Length);
            Assert.Equal(expected.Length, MsgPackSpec.WriteTimestamp(exact, value));
            Assert.Equal(expectedHex, Hex.Of(exact));

            byte[] tried = ContainerTestData.Filled(expected.Length);
            Assert.True(MsgPackSpec.TryWriteTimestamp(tried, value, out int written));
            Assert.Equal(expected.Length, written);
            Assert.Equal(expectedHex, Hex.Of(tried));

            byte[] viaPointer = ContainerTestData.Filled(MsgPackSpec.MaxTimestampEncodedLength + 2);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(expected.Length, MsgPackSpec.WriteTimestamp(p, value));
            }

            Assert.Equal(expectedHex, Hex.Of(viaPointer.AsSpan(0, expected.Length)));
            Assert.True(ContainerTestData.IsUntouched(viaPointer.AsSpan(expected.Length)));

            // Read back, with trailing bytes after the value.
            byte[] input = ContainerTestData.Concat(expected, Hex.ToBytes("c1 c1"));
            Timestamp read = MsgPackSpec.ReadTimestamp(input, out int bytesRead);
            Assert.Equal(seconds, read.Seconds);
            Assert.Equal((uint)nanoseconds, read.Nanoseconds);
            Assert.Equal(expected.Length, bytesRead);

            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadTimestamp(input, out Timestamp triedRead, out int triedBytesRead));
            Assert.Equal(value, triedRead);
            Assert.Equal(expected.Length, triedBytesRead);

            fixed (byte* p = input)
            {
                Assert.Equal(value, MsgPackSpec.ReadTimestamp(p, input.Length, out int pointerRead));
                Assert.Equal(expected.Length, pointerRead);
                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadTimestamp(p, input.Length, out Timestamp pointerTried, out int pointerTriedRead));
                Assert.Equal(value, pointerTried);
                Assert.Equal(expected.Length, pointerTriedRead);
            }

            // It is an ext value of type -1 for a generic ext reader too.
            ReadOnlySpan<byte> data = MsgPackSpec.ReadExtension(input, out ExtensionHeader header, out int extRead);
            Assert.Equal(-1, header.TypeCode);
            Assert.Equal(expected.Length, extRead);
            Assert.Equal(expected.Length == 6 ? 4 : expected.Length == 10 ? 8 : 12, data.Length);
        }

        // ---- The exact writers. ----

        [Theory]
        [InlineData(0L, "d6 ff 00 00 00 00")]
        [InlineData(1L, "d6 ff 00 00 00 01")]
        [InlineData(4294967295L, "d6 ff ff ff ff ff")]
        public void WriteTimestamp32WritesSixBytes(long seconds, string expectedHex)
        {
            var value = new Timestamp(seconds, 0);
            byte[] buffer = ContainerTestData.Filled(7);
            Assert.Equal(6, MsgPackSpec.WriteTimestamp32(buffer, value));
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));

            byte[] viaPointer = ContainerTestData.Filled(7);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(6, MsgPackSpec.WriteTimestamp32(p, value));
            }

            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));
        }

        [Theory]
        [InlineData(0L, 1)]
        [InlineData(1L, 999999999)]
        [InlineData(-1L, 0)]
        [InlineData(4294967296L, 0)]
        [InlineData(long.MinValue, 0)]
        [InlineData(long.MaxValue, 0)]
        public void WriteTimestamp32RejectsWhatDoesNotFit(long seconds, int nanoseconds)
        {
            var value = new Timestamp(seconds, (uint)nanoseconds);
            byte[] buffer = ContainerTestData.Filled(16);
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.WriteTimestamp32(buffer, value));
            Assert.Throws<ArgumentOutOfRangeException>(() =>
            {
                fixed (byte* p = buffer)
                {
                    MsgPackSpec.WriteTimestamp32(p, value);
                }
            });
            Assert.True(ContainerTestData.IsUntouched(buffer));
        }

        [Theory]
        [InlineData(0L, 0, "d7 ff 00 00 00 00 00 00 00 00")]
        [InlineData(1L, 0, "d7 ff 00 00 00 00 00 00 00 01")]
        [InlineData(4294967295L, 0, "d7 ff 00 00 00 00 ff ff ff ff")]
        [InlineData(17179869183L, 999999999, "d7 ff ee 6b 27 ff ff ff ff ff")]
        public void WriteTimestamp64WritesTenBytes(long seconds, int nanoseconds, string expectedHex)
        {
            var value = new Timestamp(seconds, (uint)nanoseconds);
            byte[] buffer = ContainerTestData.Filled(11);
            Assert.Equal(10, MsgPackSpec.WriteTimestamp64(buffer, value));
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));

            byte[] viaPointer = ContainerTestData.Filled(11);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(10, MsgPackSpec.WriteTimestamp64(p, value));
            }

            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));

            // Readers accept the longer form.
            Assert.Equal(value, MsgPackSpec.ReadTimestamp(buffer, out int read));
            Assert.Equal(10, read);
        }

        [Theory]
        [InlineData(-1L)]
        [InlineData(17179869184L)]
        [InlineData(long.MinValue)]
        [InlineData(long.MaxValue)]
        public void WriteTimestamp64RejectsSecondsOutside34Bits(long seconds)
        {
            var value = new Timestamp(seconds, 0);
            byte[] buffer = ContainerTestData.Filled(16);
            Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.WriteTimestamp64(buffer, value));
            Assert.Throws<ArgumentOutOfRangeException>(() =>
            {
                fixed (byte* p = buffer)
                {
                    MsgPackSpec.WriteTimestamp64(p, value);
                }
            });
            Assert.True(ContainerTestData.IsUntouched(buffer));
        }

        [Theory]
        [InlineData(0L, 0, "c7 0c ff 00 00 00 00 00 00 00 00 00 00 00 00")]
        [InlineData(1L, 1, "c7 0c ff 00 00 00 01 00 00 00 00 00 00 00 01")]
        [InlineData(-1L, 999999999, "c7 0c ff 3b 9a c9 ff ff ff ff ff ff ff ff ff")]
        [InlineData(long.MinValue, 999999999, "c7 0c ff 3b 9a c9 ff 80 00 00 00 00 00 00 00")]
        public void WriteTimestamp96WritesFifteenBytes(long seconds, int nanoseconds, string expectedHex)
        {
            var value = new Timestamp(seconds, (uint)nanoseconds);
            byte[] buffer = ContainerTestData.Filled(16);
            Assert.Equal(15, MsgPackSpec.WriteTimestamp96(buffer, value));
            Assert.Equal(expectedHex + " ee", Hex.Of(buffer));

            byte[] viaPointer = ContainerTestData.Filled(16);
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(15, MsgPackSpec.WriteTimestamp96(p, value));
            }

            Assert.Equal(expectedHex + " ee", Hex.Of(viaPointer));
            Assert.Equal(value, MsgPackSpec.ReadTimestamp(buffer, out int read));
            Assert.Equal(15, read);
        }

        [Theory]
        [InlineData("c7 04 ff 00 00 00 05", 5L, 0)] // 4 bytes of data as ext 8 instead of fixext 4
        [InlineData("c8 00 08 ff 00 00 00 04 00 00 00 05", 5L, 1)]
        [InlineData("c9 00 00 00 0c ff 00 00 00 00 00 00 00 00 00 00 00 05", 5L, 0)]
        public void ReaderAcceptsTimestampInAnyExtForm(string hex, long seconds, int nanoseconds)
        {
            byte[] input = Hex.ToBytes(hex);
            Assert.Equal(new Timestamp(seconds, (uint)nanoseconds), MsgPackSpec.ReadTimestamp(input, out int read));
            Assert.Equal(input.Length, read);
        }

        // ---- Invalid timestamps. ----

        [Theory]
        [InlineData("d7 ff ee 6b 28 00 00 00 00 00")] // timestamp 64 with 1,000,000,000 ns
        [InlineData("d7 ff ee 6b 28 00 00 00 00 01")]
        [InlineData("d7 ff ff ff ff fc 00 00 00 00")] // the largest 30-bit field
        [InlineData("c7 0c ff 3b 9a ca 00 00 00 00 00 00 00 00 00")] // timestamp 96 with 1,000,000,000 ns
        [InlineData("c7 0c ff ff ff ff ff 00 00 00 00 00 00 00 00")]
        [InlineData("d4 ff 00")] // other lengths for type -1
        [InlineData("d5 ff 00 00")]
        [InlineData("d8 ff 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00")]
        [InlineData("c7 00 ff")]
        [InlineData("c7 05 ff 00 00 00 00 00")]
        [InlineData("c7 0b ff 00 00 00 00 00 00 00 00 00 00 00")]
        [InlineData("c7 0d ff 00 00 00 00 00 00 00 00 00 00 00 00 00")]
        public void InvalidTimestampIsRejected(string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            Assert.Throws<MsgPackInvalidTimestampException>(() => MsgPackSpec.ReadTimestamp(input, out _));
            Assert.Throws<MsgPackInvalidTimestampException>(() =>
            {
                fixed (byte* p = input)
                {
                    MsgPackSpec.ReadTimestamp(p, input.Length, out _);
                }
            });

            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadTimestamp(input, out Timestamp value, out int read));
            Assert.Equal(0, read);
            Assert.Equal(default(Timestamp), value);
            fixed (byte* p = input)
            {
                Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadTimestamp(p, input.Length, out _, out int pointerRead));
                Assert.Equal(0, pointerRead);
            }

            // A generic ext reader does not care: it is a well-formed ext value.
            MsgPackSpec.ReadExtension(input, out ExtensionHeader header, out int extRead);
            Assert.Equal(-1, header.TypeCode);
            Assert.Equal(input.Length, extRead);
        }

        [Theory]
        [InlineData("d6 01 00 00 00 00")]
        [InlineData("d6 fe 00 00 00 00")]
        [InlineData("d6 00 00 00 00 00")]
        [InlineData("d7 7f 00 00 00 00 00 00 00 00")]
        [InlineData("c7 0c 00 00 00 00 00 00 00 00 00 00 00 00 00")]
        [InlineData("c0")]
        [InlineData("c1")]
        [InlineData("ce 00 00 00 00")]
        [InlineData("a4 00 00 00 00")]
        [InlineData("c4 04 00 00 00 00")]
        public void OtherTypesAreUnexpected(string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            var thrown = Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadTimestamp(input, out _));
            Assert.Equal(input[0], thrown.Code);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadTimestamp(input, out _, out int read));
            Assert.Equal(0, read);
        }

        [Theory]
        [InlineData("", 1)]
        [InlineData("d6", 2)]
        [InlineData("d6 ff", 6)]
        [InlineData("d6 ff 00 00 00", 6)]
        [InlineData("d7 ff 00 00 00 00 00 00 00", 10)]
        [InlineData("c7", 3)]
        [InlineData("c7 0c", 3)]
        [InlineData("c7 0c ff", 15)]
        [InlineData("c7 0c ff 00 00 00 00 00 00 00 00 00 00 00", 15)]
        public void TruncatedTimestampNeedsMoreData(string hex, int needed)
        {
            byte[] input = Hex.ToBytes(hex);
            var thrown = Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.ReadTimestamp(input, out _));
            Assert.Equal(needed, thrown.BytesNeeded);
            Assert.Equal(input.Length, thrown.BytesAvailable);
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadTimestamp(input, out _, out int read));
            Assert.Equal(needed, read);
        }

        // ---- The Timestamp type and DateTime. ----

        [Fact]
        public void ConstructorRejectsOneSecondOfNanoseconds()
        {
            Assert.Throws<ArgumentOutOfRangeException>(() => new Timestamp(0, 1_000_000_000));
            Assert.Throws<ArgumentOutOfRangeException>(() => new Timestamp(-1, uint.MaxValue));
            var max = new Timestamp(long.MinValue, 999_999_999);
            Assert.Equal(long.MinValue, max.Seconds);
            Assert.Equal(999_999_999u, max.Nanoseconds);
            Assert.Equal(1_000_000_000u, Timestamp.NanosecondsPerSecond);
            Assert.Equal(new Timestamp(0, 0), Timestamp.UnixEpoch);
        }

        [Fact]
        public void InstantJustBefore1970HasNegativeSecondsAndPositiveNanoseconds()
        {
            // 1969-12-31T23:59:59.9999999Z
            var instant = new DateTime(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddTicks(-1);
            Timestamp value = Timestamp.FromDateTime(instant);
            Assert.Equal(-1, value.Seconds);
            Assert.Equal(999_999_900u, value.Nanoseconds);

            byte[] buffer = new byte[15];
            Assert.Equal(15, MsgPackSpec.WriteTimestamp(buffer, value));
            Assert.Equal("c7 0c ff 3b 9a c9 9c ff ff ff ff ff ff ff ff", Hex.Of(buffer));

            DateTime back = MsgPackSpec.ReadTimestamp(buffer, out _).ToDateTime();
            Assert.Equal(instant, back);
            Assert.Equal(DateTimeKind.Utc, back.Kind);
        }

        [Theory]
        [InlineData(1970, 1, 1, 0, 0, 0, 0L, 0L, 0, "d6 ff 00 00 00 00")]
        [InlineData(2024, 1, 1, 0, 0, 0, 0L, 1704067200L, 0, "d6 ff 65 92 00 80")]
        [InlineData(2024, 1, 1, 0, 0, 0, 1234567L, 1704067200L, 123456700, "d7 ff 1d 6f 32 f0 65 92 00 80")]
        [InlineData(2106, 2, 7, 6, 28, 15, 0L, 4294967295L, 0, "d6 ff ff ff ff ff")] // last timestamp 32
        [InlineData(2106, 2, 7, 6, 28, 16, 0L, 4294967296L, 0, "d7 ff 00 00 00 01 00 00 00 00")]
        [InlineData(2514, 5, 30, 1, 53, 3, 0L, 17179869183L, 0, "d7 ff 00 00 00 03 ff ff ff ff")] // last timestamp 64
        [InlineData(2514, 5, 30, 1, 53, 4, 0L, 17179869184L, 0, "c7 0c ff 00 00 00 00 00 00 00 04 00 00 00 00")]
        [InlineData(3000, 1, 1, 0, 0, 0, 0L, 32503680000L, 0, "c7 0c ff 00 00 00 00 00 00 00 07 91 5e cc 00")]
        [InlineData(1, 1, 1, 0, 0, 0, 0L, -62135596800L, 0, "c7 0c ff 00 00 00 00 ff ff ff f1 88 6e 09 00")]
        [InlineData(9999, 12, 31, 23, 59, 59, 9999999L, 253402300799L, 999999900, "c7 0c ff 3b 9a c9 9c 00 00 00 3a ff f4 41 7f")]
        [InlineData(1969, 7, 20, 20, 17, 40, 0L, -14182940L, 0, "c7 0c ff 00 00 00 00 ff ff ff ff ff 27 95 e4")]
        public void DateTimeRoundTripsExactly(int year, int month, int day, int hour, int minute, int second, long extraTicks, long seconds, int nanoseconds, string expectedHex)
        {
            DateTime instant = new DateTime(year, month, day, hour, minute, second, DateTimeKind.Utc).AddTicks(extraTicks);
            Timestamp value = Timestamp.FromDateTime(instant);
            Assert.Equal(seconds, value.Seconds);
            Assert.Equal((uint)nanoseconds, value.Nanoseconds);
            Assert.Equal(value, Timestamp.FromDateTimeOffset(new DateTimeOffset(instant)));

            byte[] buffer = new byte[MsgPackSpec.MaxTimestampEncodedLength];
            int written = MsgPackSpec.WriteTimestamp(buffer, value);
            Assert.Equal(expectedHex, Hex.Of(buffer.AsSpan(0, written)));

            Timestamp read = MsgPackSpec.ReadTimestamp(buffer.AsSpan(0, written), out int bytesRead);
            Assert.Equal(written, bytesRead);
            DateTime back = read.ToDateTime();
            Assert.Equal(instant.Ticks, back.Ticks);
            Assert.Equal(DateTimeKind.Utc, back.Kind);

            DateTimeOffset backOffset = read.ToDateTimeOffset();
            Assert.Equal(instant.Ticks, backOffset.UtcTicks);
            Assert.Equal(TimeSpan.Zero, backOffset.Offset);
        }

        [Fact]
        public void DateTimeMinAndMaxValueRoundTrip()
        {
            Assert.Equal(DateTime.MinValue.Ticks, Timestamp.FromDateTime(DateTime.MinValue).ToDateTime().Ticks);
            Assert.Equal(DateTime.MaxValue.Ticks, Timestamp.FromDateTime(DateTime.MaxValue).ToDateTime().Ticks);
            Assert.Equal(DateTimeOffset.MinValue, Timestamp.FromDateTimeOffset(DateTimeOffset.MinValue).ToDateTimeOffset());
            Assert.Equal(DateTimeOffset.MaxValue, Timestamp.FromDateTimeOffset(DateTimeOffset.MaxValue).ToDateTimeOffset());
        }

        [Fact]
        public void LocalTimeIsConvertedToUtcAndUnspecifiedIsTakenAsUtc()
        {
            var utc = new DateTime(2024, 6, 1, 12, 0, 0, DateTimeKind.Utc);
            DateTime local = utc.ToLocalTime();
            Assert.Equal(DateTimeKind.Local, local.Kind);
            long expectedSeconds = (long)(utc - new DateTime(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc)).TotalSeconds;
            Assert.Equal(new Timestamp(expectedSeconds, 0), Timestamp.FromDateTime(local));

            // Unspecified: the wall-clock value itself, whatever the machine's zone.
            var unspecified = new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Unspecified);
            Assert.Equal(new Timestamp(1704067200, 0), Timestamp.FromDateTime(unspecified));
        }

        [Fact]
        public void DateTimeOffsetUsesTheUtcInstant()
        {
            var plusThree = new DateTimeOffset(2024, 1, 1, 3, 0, 0, TimeSpan.FromHours(3));
            var minusFive = new DateTimeOffset(2023, 12, 31, 19, 0, 0, TimeSpan.FromHours(-5));
            Assert.Equal(new Timestamp(1704067200, 0), Timestamp.FromDateTimeOffset(plusThree));
            Assert.Equal(new Timestamp(1704067200, 0), Timestamp.FromDateTimeOffset(minusFive));
            Assert.Equal(TimeSpan.Zero, Timestamp.FromDateTimeOffset(plusThree).ToDateTimeOffset().Offset);
        }

        [Theory]
        [InlineData(-62135596801L, 999999999)]
        [InlineData(253402300800L, 0)]
        [InlineData(long.MinValue, 0)]
        [InlineData(long.MaxValue, 999999999)]
        public void ConversionOutsideDateTimeRangeThrowsOverflow(long seconds, int nanoseconds)
        {
            var value = new Timestamp(seconds, (uint)nanoseconds);
            Assert.Throws<OverflowException>(() => value.ToDateTime());
            Assert.Throws<OverflowException>(() => value.ToDateTimeOffset());
        }

        [Fact]
        public void ConversionAtTheEdgesOfDateTimeRangeSucceeds()
        {
            Assert.Equal(DateTime.MinValue.Ticks, new Timestamp(-62135596800, 0).ToDateTime().Ticks);
            Assert.Equal(DateTime.MaxValue.Ticks, new Timestamp(253402300799, 999_999_999).ToDateTime().Ticks);
        }

        [Fact]
        public void NanosecondsBelowOneTickAreRoundedDown()
        {
            var epoch = new DateTime(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc);
            Assert.Equal(epoch.Ticks, new Timestamp(0, 99).ToDateTime().Ticks);
            Assert.Equal(epoch.Ticks + 1, new Timestamp(0, 199).ToDateTime().Ticks);
            Assert.Equal(epoch.Ticks - 1, new Timestamp(-1, 999_999_999).ToDateTime().Ticks);
        }

        [Fact]
        public void TimestampsCompareByInstant()
        {
            var beforeEpoch = new Timestamp(-1, 999_999_999);
            var epoch = new Timestamp(0, 0);
            var later = new Timestamp(0, 1);
            Assert.True(beforeEpoch < epoch);
            Assert.True(epoch < later);
            Assert.True(later > beforeEpoch);
            Assert.True(epoch <= new Timestamp(0, 0));
            Assert.True(epoch >= new Timestamp(0, 0));
            Assert.True(epoch == Timestamp.UnixEpoch);
            Assert.True(epoch != later);
            Assert.Equal(0, epoch.CompareTo(Timestamp.UnixEpoch));
            Assert.True(new Timestamp(long.MinValue, 0).CompareTo(new Timestamp(long.MaxValue, 0)) < 0);
            Assert.True(epoch.Equals((object)new Timestamp(0, 0)));
            Assert.False(epoch.Equals((object)0L));
            Assert.Equal(epoch.GetHashCode(), Timestamp.UnixEpoch.GetHashCode());
        }

        [Fact]
        public void ToStringShowsNineFractionalDigits()
        {
            Assert.Equal("1970-01-01T00:00:00.000000001Z", new Timestamp(0, 1).ToString());
            Assert.Equal("1969-12-31T23:59:59.500000000Z", new Timestamp(-1, 500_000_000).ToString());
            Assert.Equal("9999-12-31T23:59:59.999999999Z", new Timestamp(253402300799, 999_999_999).ToString());
            Assert.Equal("9223372036854775807 s + 5 ns since 1970-01-01T00:00:00Z", new Timestamp(long.MaxValue, 5).ToString());
        }
    }
}
