using System;
using Xunit;
using static MsgPack.Spec.Samples.Tarantool.Tests.Types.Converters;

namespace MsgPack.Spec.Samples.Tarantool.Tests.Types
{
    /// <summary>MP_UUID and MP_DATETIME byte for byte, the layouts worked out by hand from Tarantool's documentation.</summary>
    // In the server's collection although they need no server: run beside it, their allocations would count in the
    // whole-process measurements of AllocationTests and the hostile-server tests.
    [Collection(TarantoolCollection.Name)]
    public sealed class UuidDatetimeConverterTests
    {
        [Fact]
        public void A_uuid_is_fixext_16_of_its_RFC_4122_bytes()
        {
            // The Guid's text is the RFC's field order: the bytes follow it, big-endian (.NET keeps the first three
            // fields little-endian in memory: written naively they would come out as 4f ae 1d f8 ec 7d d0 11).
            var value = Guid.Parse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
            byte[] bytes = Write<Guid, TarantoolUuidConverter>(value);
            Assert.Equal(Hex("d8 02 f8 1d 4f ae 7d ec 11 d0 a7 65 00 a0 c9 1e 6b f6"), bytes);
            Assert.Equal(value, Read<Guid, TarantoolUuidConverter>(bytes));
            Assert.Equal(Guid.Empty, Read<Guid, TarantoolUuidConverter>(Write<Guid, TarantoolUuidConverter>(Guid.Empty)));
        }

        [Theory]
        [InlineData("d7 02 00 00 00 00 00 00 00 00", "An MP_UUID of 8 bytes")]
        [InlineData("c7 11 02 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", "An MP_UUID of 17 bytes")]
        [InlineData("d8 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", "found ext type 1")]
        public void A_uuid_of_another_length_or_type_is_a_MsgPackException(string hex, string message)
        {
            var error = ReadFails<Guid, TarantoolUuidConverter, MsgPackException>(Hex(hex));
            Assert.Contains(message, error.Message, StringComparison.Ordinal);
        }

        public static TheoryData<string, DateTimeOffset, string> Datetimes => new()
        {
            // The epoch, no tail: fixext 8.
            { "epoch", DateTimeOffset.UnixEpoch, "d7 04 00 00 00 00 00 00 00 00" },
            // 09:34:56 UTC = 1,709,199,296 s (0x65e04fc0), 789,000,000 ns (0x2f072f40), +180 minutes (0x00b4), zone 0.
            { "with offset and ns", new DateTimeOffset(2024, 2, 29, 12, 34, 56, 789, TimeSpan.FromHours(3)), "d8 04 c0 4f e0 65 00 00 00 00 40 2f 07 2f b4 00 00 00" },
            // An offset alone makes the tail: 946,702,800 s (05:00 UTC), -300 minutes (0xfed4).
            { "negative offset", new DateTimeOffset(2000, 1, 1, 0, 0, 0, TimeSpan.FromHours(-5)), "d8 04 d0 89 6d 38 00 00 00 00 00 00 00 00 d4 fe 00 00" },
            // The last tick before 1970: -1 s and 999,999,900 ns (0x3b9ac99c): the seconds round down.
            { "before 1970", DateTimeOffset.UnixEpoch.AddTicks(-1), "d8 04 ff ff ff ff ff ff ff ff 9c c9 9a 3b 00 00 00 00" },
            // .NET's range: -62,135,596,800 s and 253,402,300,799 s + 999,999,900 ns.
            { "min", DateTimeOffset.MinValue, "d7 04 00 09 6e 88 f1 ff ff ff" },
            { "max", DateTimeOffset.MaxValue, "d8 04 7f 41 f4 ff 3a 00 00 00 9c c9 9a 3b 00 00 00 00" },
        };

        [Theory]
        [MemberData(nameof(Datetimes))]
        public void A_datetime_is_seconds_then_ns_offset_and_zone_little_endian(string name, DateTimeOffset value, string hex)
        {
            byte[] bytes = Write<DateTimeOffset, TarantoolDateTimeOffsetConverter>(value);
            Assert.True(Hex(hex).AsSpan().SequenceEqual(bytes), $"{name}: {Convert.ToHexString(bytes)}");
            DateTimeOffset read = Read<DateTimeOffset, TarantoolDateTimeOffsetConverter>(bytes);
            Assert.Equal((value.UtcTicks, value.Offset), (read.UtcTicks, read.Offset));
        }

        [Fact]
        public void A_DateTime_is_its_UTC_instant()
        {
            var utc = new DateTime(2024, 2, 29, 9, 34, 56, 789, DateTimeKind.Utc);
            byte[] bytes = Write<DateTime, TarantoolDateTimeConverter>(utc);
            // The same instant as the DateTimeOffset above, offset 0.
            Assert.Equal(Hex("d8 04 c0 4f e0 65 00 00 00 00 40 2f 07 2f 00 00 00 00"), bytes);
            DateTime read = Read<DateTime, TarantoolDateTimeConverter>(bytes);
            Assert.Equal((utc, DateTimeKind.Utc), (read, read.Kind));

            // Unspecified is taken as UTC; Local is converted.
            Assert.Equal(bytes, Write<DateTime, TarantoolDateTimeConverter>(DateTime.SpecifyKind(utc, DateTimeKind.Unspecified)));
            Assert.Equal(bytes, Write<DateTime, TarantoolDateTimeConverter>(utc.ToLocalTime()));

            // A datetime with an offset reads as its instant.
            Assert.Equal(utc, Read<DateTime, TarantoolDateTimeConverter>(Hex("d8 04 c0 4f e0 65 00 00 00 00 40 2f 07 2f b4 00 00 00")));
        }

        [Fact]
        public void What_Tarantool_adds_reads_as_far_as_NET_holds_it()
        {
            // Zone index 1 with its offset +180: the offset is kept, the zone's name is not.
            DateTimeOffset zoned = Read<DateTimeOffset, TarantoolDateTimeOffsetConverter>(Hex("d8 04 c0 4f e0 65 00 00 00 00 00 00 00 00 b4 00 01 00"));
            Assert.Equal(new DateTimeOffset(2024, 2, 29, 12, 34, 56, TimeSpan.FromHours(3)), zoned);
            Assert.Equal(TimeSpan.FromHours(3), zoned.Offset);

            // 123,456,789 ns (0x075bcd15): rounded down to the tick, 1,234,567 ticks.
            DateTimeOffset fine = Read<DateTimeOffset, TarantoolDateTimeOffsetConverter>(Hex("d8 04 00 00 00 00 00 00 00 00 15 cd 5b 07 00 00 00 00"));
            Assert.Equal(DateTimeOffset.UnixEpoch.AddTicks(1_234_567), fine);
        }

        [Theory]
        // 253,402,300,800 s: 10000-01-01T00:00Z.
        [InlineData("year 10000", "d7 04 80 41 f4 ff 3a 00 00 00")]
        // -62,135,596,801 s: one second before the year 1.
        [InlineData("before the year 1", "d7 04 ff 08 6e 88 f1 ff ff ff")]
        // Tarantool's last day, 5879611-07-11: 185,480,451,417,600 s (0xa8b1886b6600).
        [InlineData("Tarantool's largest", "d7 04 00 66 6b 88 b1 a8 00 00")]
        // An offset of 15 hours (900 minutes, 0x0384): more than .NET's 14.
        [InlineData("offset 15 h", "d8 04 00 00 00 00 00 00 00 00 00 00 00 00 84 03 00 00")]
        // The last instant .NET holds, at +01:00: its local time is in the year 10000.
        [InlineData("local time past 9999", "d8 04 7f 41 f4 ff 3a 00 00 00 00 00 00 00 3c 00 00 00")]
        public void A_datetime_outside_NET_s_range_is_an_overflow(string name, string hex)
        {
            var error = ReadFails<DateTimeOffset, TarantoolDateTimeOffsetConverter, MsgPackOverflowException>(Hex(hex));
            Assert.Contains(".NET", error.Message, StringComparison.Ordinal);
            Assert.False(string.IsNullOrEmpty(name));
        }

        [Theory]
        [InlineData("d6 04 00 00 00 00", "An MP_DATETIME of 4 bytes")]
        [InlineData("c7 0c 04 00 00 00 00 00 00 00 00 00 00 00 00", "An MP_DATETIME of 12 bytes")]
        [InlineData("d8 04 00 00 00 00 00 00 00 00 00 ca 9a 3b 00 00 00 00", "nanoseconds are 1000000000")]
        [InlineData("d8 04 00 00 00 00 00 00 00 00 ff ff ff ff 00 00 00 00", "nanoseconds are -1")]
        [InlineData("d8 04 00 00 00 00 00 00 00 00 00 00 00 00 00 00 01 04", "zone index is 1025")]
        [InlineData("d8 04 00 00 00 00 00 00 00 00 00 00 00 00 00 00 ff ff", "zone index is -1")]
        [InlineData("d7 05 00 00 00 00 00 00 00 00", "found ext type 5")]
        [InlineData("d8 04 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", "The input ends")]
        public void A_datetime_that_breaks_the_layout_is_a_MsgPackException(string hex, string message)
        {
            var error = ReadFails<DateTimeOffset, TarantoolDateTimeOffsetConverter, MsgPackException>(Hex(hex));
            Assert.IsNotType<MsgPackOverflowException>(error);
            Assert.Contains(message, error.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void Writing_and_reading_allocate_nothing()
        {
            byte[] uuid = Write<Guid, TarantoolUuidConverter>(Guid.NewGuid());
            byte[] datetime = Write<DateTimeOffset, TarantoolDateTimeOffsetConverter>(DateTimeOffset.Now);
            var output = new byte[64];
            long check = 0;
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 1000; i++)
            {
                Span<byte> rest = output;
                default(TarantoolUuidConverter).Write(ref rest, Guid.Empty);
                default(TarantoolDateTimeOffsetConverter).Write(ref rest, DateTimeOffset.UnixEpoch.AddTicks(i));
                var reader = new MsgPackReader(uuid);
                check += default(TarantoolUuidConverter).Read(ref reader, 0).GetHashCode();
                reader = new MsgPackReader(datetime);
                check += default(TarantoolDateTimeOffsetConverter).Read(ref reader, 0).Ticks;
            }

            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
            Assert.NotEqual(0, check);
        }
    }
}
