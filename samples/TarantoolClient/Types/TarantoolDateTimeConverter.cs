using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>
    /// A <see cref="DateTimeOffset"/> as Tarantool's MP_DATETIME (ext type 4, Tarantool 2.10 and later): the seconds
    /// since 1970-01-01T00:00Z as a little-endian int64, then, when any of them is not zero, the nanoseconds (int32), the
    /// offset from UTC in minutes (int16) and the time zone's index (int16), little-endian: fixext 8 or fixext 16.
    /// 2024-02-29T12:34:56.789+03:00 is <c>d8 04</c>, <c>c0 4f e0 65 00 00 00 00</c> (1,709,199,296 s: 09:34:56 UTC),
    /// <c>40 2f 07 2f</c> (789,000,000 ns), <c>b4 00</c> (180 minutes), <c>00 00</c>.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Written: the instant and the offset; the zone's index is 0 (a <see cref="DateTimeOffset"/> has no zone name).
    /// Read: the instant and the offset; a zone index (<c>Europe/Moscow</c>) is not kept, its offset at that instant is.
    /// Nanoseconds below .NET's 100 ns tick are rounded down to the tick, as the library's timestamps are: every
    /// <c>datetime.now()</c> carries them, and no .NET clock type can.
    /// </para>
    /// <para>
    /// A datetime outside the years 1 to 9999 (Tarantool's run from -5879610 to 5879611), or whose offset is more than
    /// 14 hours, is a <see cref="MsgPackOverflowException"/>, not a clamped value; one that breaks the layout (a length
    /// other than 8 or 16, nanoseconds past 999,999,999, a zone index outside 0 to 1024) is a
    /// <see cref="MsgPackException"/>. Nothing is allocated but those exceptions.
    /// </para>
    /// </remarks>
    public readonly struct TarantoolDateTimeOffsetConverter : IMsgPackConverter<DateTimeOffset>
    {
        /// <summary>The most bytes a datetime takes: the fixext 16 header (2) and 16 bytes.</summary>
        public const int MaxEncodedLength = 18;

        /// <inheritdoc/>
        public void Write(ref MsgPackWriter writer, in DateTimeOffset value)
        {
            Span<byte> span = writer.GetSpan(MaxEncodedLength);
            writer.Advance(TarantoolDatetime.Encode(span, value.UtcTicks, (short)value.TotalOffsetMinutes));
        }

        /// <inheritdoc/>
        public void Write(ref Span<byte> destination, in DateTimeOffset value)
        {
            Span<byte> encoded = stackalloc byte[MaxEncodedLength];
            TarantoolExtension.CopyOut(ref destination, encoded[..TarantoolDatetime.Encode(encoded, value.UtcTicks, (short)value.TotalOffsetMinutes)]);
        }

        /// <inheritdoc/>
        public int GetEncodedLength(in DateTimeOffset value) => TarantoolDatetime.EncodedLength(value.UtcTicks, value.TotalOffsetMinutes);

        /// <inheritdoc/>
        public DateTimeOffset Read(ref MsgPackReader reader, int depth)
        {
            long utcTicks = TarantoolDatetime.Read(ref reader, out short offsetMinutes);
            long localTicks = utcTicks + (offsetMinutes * TimeSpan.TicksPerMinute);
            if (offsetMinutes is > TarantoolDatetime.MaxNetOffset or < -TarantoolDatetime.MaxNetOffset || !TarantoolDatetime.FitsDateTime(localTicks))
            {
                TarantoolExtension.ThrowDoesNotFit(DataCodes.FixExtension16, $"a .NET DateTimeOffset: offset {offsetMinutes} minutes from UTC, local time {TarantoolDatetime.Describe(localTicks)} (it holds offsets of at most 14 hours, and local times in the years 1 to 9999)");
            }

            return new DateTimeOffset(utcTicks + (offsetMinutes * TimeSpan.TicksPerMinute), TimeSpan.FromMinutes(offsetMinutes));
        }
    }

    /// <summary>
    /// A <see cref="DateTime"/> as Tarantool's MP_DATETIME (ext type 4; see <see cref="TarantoolDateTimeOffsetConverter"/>):
    /// written as its instant in UTC with offset 0 (<see cref="DateTimeKind.Local"/> is converted to UTC first,
    /// <see cref="DateTimeKind.Unspecified"/> is taken as UTC, as the library does for timestamps); read as the instant,
    /// <see cref="DateTimeKind.Utc"/>, whatever offset the value carried.
    /// </summary>
    public readonly struct TarantoolDateTimeConverter : IMsgPackConverter<DateTime>
    {
        /// <inheritdoc/>
        public void Write(ref MsgPackWriter writer, in DateTime value)
        {
            Span<byte> span = writer.GetSpan(TarantoolDateTimeOffsetConverter.MaxEncodedLength);
            writer.Advance(TarantoolDatetime.Encode(span, UtcTicks(value), 0));
        }

        /// <inheritdoc/>
        public void Write(ref Span<byte> destination, in DateTime value)
        {
            Span<byte> encoded = stackalloc byte[TarantoolDateTimeOffsetConverter.MaxEncodedLength];
            TarantoolExtension.CopyOut(ref destination, encoded[..TarantoolDatetime.Encode(encoded, UtcTicks(value), 0)]);
        }

        /// <inheritdoc/>
        public int GetEncodedLength(in DateTime value) => TarantoolDatetime.EncodedLength(UtcTicks(value), 0);

        /// <inheritdoc/>
        public DateTime Read(ref MsgPackReader reader, int depth) => new(TarantoolDatetime.Read(ref reader, out _), DateTimeKind.Utc);

        private static long UtcTicks(DateTime value) => (value.Kind == DateTimeKind.Local ? value.ToUniversalTime() : value).Ticks;
    }

    /// <summary>The layout of MP_DATETIME, shared by the two converters.</summary>
    internal static class TarantoolDatetime
    {
        /// <summary>The most minutes from UTC a <see cref="DateTimeOffset"/> holds.</summary>
        public const int MaxNetOffset = 14 * 60;

        private const int SecondsLength = 8;
        private const int FullLength = 16;
        private const int MaxZoneIndex = 1024;
        private const long TicksPerSecond = TimeSpan.TicksPerSecond;
        private static readonly long UnixEpochTicks = DateTime.UnixEpoch.Ticks;

        public static int EncodedLength(long utcTicks, int offsetMinutes) =>
            2 + ((utcTicks - UnixEpochTicks) % TicksPerSecond == 0 && offsetMinutes == 0 ? SecondsLength : FullLength);

        public static int Encode(Span<byte> destination, long utcTicks, short offsetMinutes)
        {
            long sinceEpoch = utcTicks - UnixEpochTicks;
            long seconds = Math.DivRem(sinceEpoch, TicksPerSecond, out long remainder);
            if (remainder < 0)
            {
                // Before 1970: the seconds round down, the nanoseconds stay positive.
                seconds--;
                remainder += TicksPerSecond;
            }

            int nanoseconds = (int)remainder * 100;
            bool full = nanoseconds != 0 || offsetMinutes != 0;
            destination[0] = full ? DataCodes.FixExtension16 : DataCodes.FixExtension8;
            destination[1] = (byte)TarantoolExtension.Datetime;
            BinaryPrimitives.WriteInt64LittleEndian(destination[2..], seconds);
            if (!full)
            {
                return 2 + SecondsLength;
            }

            BinaryPrimitives.WriteInt32LittleEndian(destination[10..], nanoseconds);
            BinaryPrimitives.WriteInt16LittleEndian(destination[14..], offsetMinutes);
            BinaryPrimitives.WriteInt16LittleEndian(destination[16..], 0);
            return 2 + FullLength;
        }

        /// <summary>Reads an MP_DATETIME: its instant as UTC ticks (checked to lie in .NET's years 1 to 9999) and its offset.</summary>
        public static long Read(ref MsgPackReader reader, out short offsetMinutes)
        {
            MsgPackPayload data = reader.ReadExtension(out ExtensionHeader header);
            TarantoolExtension.Check(header, TarantoolExtension.Datetime, "an MP_DATETIME", FullLength);
            return data.IsSingleSpan ? Decode(data.Span, out offsetMinutes) : DecodeCopied(data, out offsetMinutes);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static long DecodeCopied(MsgPackPayload data, out short offsetMinutes) => Decode(TarantoolExtension.Copy(data, stackalloc byte[FullLength]), out offsetMinutes);

        public static long Decode(ReadOnlySpan<byte> data, out short offsetMinutes)
        {
            if (data.Length is not (SecondsLength or FullLength))
            {
                TarantoolExtension.ThrowMalformed($"An MP_DATETIME of {data.Length} bytes: Tarantool's are 8 or 16.");
            }

            long seconds = BinaryPrimitives.ReadInt64LittleEndian(data);
            int nanoseconds = 0;
            offsetMinutes = 0;
            if (data.Length == FullLength)
            {
                nanoseconds = BinaryPrimitives.ReadInt32LittleEndian(data[8..]);
                offsetMinutes = BinaryPrimitives.ReadInt16LittleEndian(data[12..]);
                short zone = BinaryPrimitives.ReadInt16LittleEndian(data[14..]);
                if (nanoseconds is < 0 or >= 1_000_000_000)
                {
                    TarantoolExtension.ThrowMalformed($"An MP_DATETIME's nanoseconds are {nanoseconds}: Tarantool's lie between 0 and 999,999,999.");
                }

                if (zone is < 0 or > MaxZoneIndex)
                {
                    TarantoolExtension.ThrowMalformed($"An MP_DATETIME's zone index is {zone}: Tarantool's lie between 0 and {MaxZoneIndex}.");
                }
            }

            // Seconds past what ticks can count overflow long: checked against .NET's range first.
            const long MinSeconds = -62_135_596_800, MaxSeconds = 253_402_300_799; // 0001-01-01T00:00:00Z, 9999-12-31T23:59:59Z
            if (seconds is < MinSeconds or > MaxSeconds)
            {
                TarantoolExtension.ThrowDoesNotFit(
                    TarantoolExtension.CodeOf(data.Length),
                    $"a .NET DateTime: {seconds} seconds from 1970-01-01T00:00Z lie outside the years 1 to 9999 (from {MinSeconds} to {MaxSeconds})");
            }

            // Below the tick: rounded down (see the converter's remarks).
            return UnixEpochTicks + (seconds * TicksPerSecond) + (nanoseconds / 100);
        }

        public static bool FitsDateTime(long ticks) => ticks >= 0 && ticks <= DateTime.MaxValue.Ticks;

        public static string Describe(long ticks) =>
            FitsDateTime(ticks) ? new DateTime(ticks).ToString("O", System.Globalization.CultureInfo.InvariantCulture) : (ticks < 0 ? "before the year 1" : "after the year 9999");
    }
}
