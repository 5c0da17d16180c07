using System.Globalization;

namespace MsgPack.Spec
{
    /// <summary>
    /// A point in time as the MessagePack timestamp extension (type -1) stores it: whole seconds since
    /// 1970-01-01T00:00:00Z (negative before it) and a nanosecond part from 0 to 999,999,999.
    /// </summary>
    /// <remarks>
    /// The range, ±2^63 seconds, is far wider than <see cref="DateTime"/>'s (years 1 to 9999), so converting to
    /// <see cref="DateTime"/> can fail, while converting from it is always exact (a tick is 100 ns).
    /// </remarks>
    public readonly struct Timestamp : IEquatable<Timestamp>, IComparable<Timestamp>
    {
        /// <summary>The number of nanoseconds in a second; <see cref="Nanoseconds"/> is always below it.</summary>
        public const uint NanosecondsPerSecond = 1_000_000_000;

        // DateTime ticks (100 ns) at the Unix epoch, and the range of Unix seconds that DateTime can represent.
        private const long TicksPerSecond = TimeSpan.TicksPerSecond;
        private const long UnixEpochTicks = 621_355_968_000_000_000;
        private const long MinDateTimeSeconds = -62_135_596_800;
        private const long MaxDateTimeSeconds = 253_402_300_799;

        /// <summary>Creates a timestamp.</summary>
        /// <param name="seconds">Seconds since 1970-01-01T00:00:00Z; negative before it.</param>
        /// <param name="nanoseconds">The fraction of the second, from 0 to 999,999,999 (added to <paramref name="seconds"/>, also for negative seconds).</param>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="nanoseconds"/> is 1,000,000,000 or more.</exception>
        public Timestamp(long seconds, uint nanoseconds)
        {
            if (nanoseconds >= NanosecondsPerSecond)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(nanoseconds), nanoseconds, "below 1,000,000,000");
            }

            Seconds = seconds;
            Nanoseconds = nanoseconds;
        }

        /// <summary>1970-01-01T00:00:00Z: zero seconds, zero nanoseconds.</summary>
        public static Timestamp UnixEpoch => default;

        /// <summary>Whole seconds since 1970-01-01T00:00:00Z; negative before it.</summary>
        public long Seconds { get; }

        /// <summary>The nanoseconds after <see cref="Seconds"/>, from 0 to 999,999,999.</summary>
        public uint Nanoseconds { get; }

        /// <summary>Converts a <see cref="DateTime"/> exactly.</summary>
        /// <param name="value">The time. <see cref="DateTimeKind.Local"/> is converted to UTC first; <see cref="DateTimeKind.Unspecified"/> is taken as UTC.</param>
        /// <returns>The same instant.</returns>
        public static Timestamp FromDateTime(DateTime value)
        {
            if (value.Kind == DateTimeKind.Local)
            {
                value = value.ToUniversalTime();
            }

            return FromTicks(value.Ticks);
        }

        /// <summary>Converts a <see cref="DateTimeOffset"/> exactly (its UTC instant; the offset is not kept).</summary>
        /// <param name="value">The time.</param>
        /// <returns>The same instant.</returns>
        public static Timestamp FromDateTimeOffset(DateTimeOffset value) => FromTicks(value.UtcTicks);

        /// <summary>Whether the seconds fall in years 1 to 9999, the range of <see cref="DateTime"/> (the text renderers write an ISO 8601 date there).</summary>
        internal bool FitsDateTime => Seconds >= MinDateTimeSeconds && Seconds <= MaxDateTimeSeconds;

        /// <summary>The most bytes <see cref="FormatIso8601"/> writes: yyyy-MM-ddTHH:mm:ss.nnnnnnnnnZ.</summary>
        internal const int MaxIso8601Length = 30;

        /// <summary>
        /// The ISO 8601 text (ASCII) of a timestamp that <see cref="FitsDateTime"/>, as the JSON and the dump show it:
        /// yyyy-MM-ddTHH:mm:ss, the 9 digits of the nanoseconds after a point unless they are 0, then Z.
        /// </summary>
        /// <returns>The bytes written to <paramref name="destination"/>, at most <see cref="MaxIso8601Length"/>.</returns>
        internal int FormatIso8601(Span<byte> destination)
        {
            DateTimeOffset time = DateTimeOffset.FromUnixTimeSeconds(Seconds);
#if NET8_0_OR_GREATER
            ThrowHelper.ThrowIfFailed(time.TryFormat(destination, out int length, "yyyy-MM-dd'T'HH:mm:ss", System.Globalization.CultureInfo.InvariantCulture), "DateTimeOffset.TryFormat");
#else
            string text = time.ToString("yyyy-MM-dd'T'HH:mm:ss", System.Globalization.CultureInfo.InvariantCulture);
            int length = text.Length;
            for (int i = 0; i < length; i++)
            {
                destination[i] = (byte)text[i];
            }
#endif
            if (Nanoseconds != 0)
            {
                destination[length++] = (byte)'.';
                ThrowHelper.ThrowIfFailed(System.Buffers.Text.Utf8Formatter.TryFormat(Nanoseconds, destination.Slice(length), out int digits, new System.Buffers.StandardFormat('D', 9)), "Utf8Formatter.TryFormat");
                length += digits;
            }

            destination[length++] = (byte)'Z';
            return length;
        }

        /// <summary>Converts to a UTC <see cref="DateTime"/>. Nanoseconds that are not a multiple of 100 are rounded down to the tick.</summary>
        /// <returns>The instant, of kind <see cref="DateTimeKind.Utc"/>.</returns>
        /// <exception cref="OverflowException">The instant lies outside the years 1 to 9999.</exception>
        public DateTime ToDateTime() => new DateTime(ToTicks(), DateTimeKind.Utc);

        /// <summary>Converts to a <see cref="DateTimeOffset"/> with offset zero. Nanoseconds that are not a multiple of 100 are rounded down to the tick.</summary>
        /// <returns>The instant.</returns>
        /// <exception cref="OverflowException">The instant lies outside the years 1 to 9999.</exception>
        public DateTimeOffset ToDateTimeOffset() => new DateTimeOffset(ToTicks(), TimeSpan.Zero);

        /// <summary>Compares two timestamps.</summary>
        /// <param name="left">A timestamp.</param>
        /// <param name="right">Another timestamp.</param>
        /// <returns><see langword="true"/> when they are the same instant.</returns>
        public static bool operator ==(Timestamp left, Timestamp right) => left.Equals(right);

        /// <summary>Compares two timestamps.</summary>
        /// <param name="left">A timestamp.</param>
        /// <param name="right">Another timestamp.</param>
        /// <returns><see langword="true"/> when they are different instants.</returns>
        public static bool operator !=(Timestamp left, Timestamp right) => !left.Equals(right);

        /// <summary>Orders two timestamps.</summary>
        /// <param name="left">A timestamp.</param>
        /// <param name="right">Another timestamp.</param>
        /// <returns><see langword="true"/> when <paramref name="left"/> is earlier.</returns>
        public static bool operator <(Timestamp left, Timestamp right) => left.CompareTo(right) < 0;

        /// <summary>Orders two timestamps.</summary>
        /// <param name="left">A timestamp.</param>
        /// <param name="right">Another timestamp.</param>
        /// <returns><see langword="true"/> when <paramref name="left"/> is later.</returns>
        public static bool operator >(Timestamp left, Timestamp right) => left.CompareTo(right) > 0;

        /// <summary>Orders two timestamps.</summary>
        /// <param name="left">A timestamp.</param>
        /// <param name="right">Another timestamp.</param>
        /// <returns><see langword="true"/> when <paramref name="left"/> is earlier or the same.</returns>
        public static bool operator <=(Timestamp left, Timestamp right) => left.CompareTo(right) <= 0;

        /// <summary>Orders two timestamps.</summary>
        /// <param name="left">A timestamp.</param>
        /// <param name="right">Another timestamp.</param>
        /// <returns><see langword="true"/> when <paramref name="left"/> is later or the same.</returns>
        public static bool operator >=(Timestamp left, Timestamp right) => left.CompareTo(right) >= 0;

        /// <inheritdoc/>
        public bool Equals(Timestamp other) => Seconds == other.Seconds && Nanoseconds == other.Nanoseconds;

        /// <inheritdoc/>
        public override bool Equals(object? obj) => obj is Timestamp other && Equals(other);

        /// <inheritdoc/>
        public override int GetHashCode() => Seconds.GetHashCode() ^ (int)Nanoseconds;

        /// <inheritdoc/>
        public int CompareTo(Timestamp other)
        {
            int bySeconds = Seconds.CompareTo(other.Seconds);
            return bySeconds != 0 ? bySeconds : Nanoseconds.CompareTo(other.Nanoseconds);
        }

        /// <summary>The instant in ISO 8601 with nine fractional digits when it fits <see cref="DateTime"/>, else as seconds and nanoseconds.</summary>
        /// <returns>For example <c>1970-01-01T00:00:00.000000001Z</c>.</returns>
        public override string ToString()
        {
            if (Seconds < MinDateTimeSeconds || Seconds > MaxDateTimeSeconds)
            {
                return string.Format(CultureInfo.InvariantCulture, "{0} s + {1} ns since 1970-01-01T00:00:00Z", Seconds, Nanoseconds);
            }

            DateTime whole = new DateTime(UnixEpochTicks + (Seconds * TicksPerSecond), DateTimeKind.Utc);
            return whole.ToString("yyyy'-'MM'-'dd'T'HH':'mm':'ss", CultureInfo.InvariantCulture)
                + "." + Nanoseconds.ToString("D9", CultureInfo.InvariantCulture) + "Z";
        }

        private static Timestamp FromTicks(long ticks)
        {
            // Floor division, so that instants before 1970 get negative seconds and a non-negative fraction.
            long sinceEpoch = ticks - UnixEpochTicks;
            long seconds = sinceEpoch / TicksPerSecond;
            long remainder = sinceEpoch % TicksPerSecond;
            if (remainder < 0)
            {
                seconds--;
                remainder += TicksPerSecond;
            }

            return new Timestamp(seconds, (uint)remainder * 100);
        }

        private long ToTicks()
        {
            if (Seconds < MinDateTimeSeconds || Seconds > MaxDateTimeSeconds)
            {
                ThrowOutsideDateTime(this);
            }

            return UnixEpochTicks + (Seconds * TicksPerSecond) + (Nanoseconds / 100);
        }

        // Out of line: the message's formatting would otherwise be inlined into every reader of a DateTime.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void ThrowOutsideDateTime(Timestamp value) =>
            throw new OverflowException($"The timestamp {value} lies outside the range of DateTime (years 1 to 9999).");
    }
}
