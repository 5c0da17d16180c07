using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>How adding months or years to a date treats the end of a month (Tarantool's <c>adjust</c>).</summary>
    public enum TarantoolIntervalAdjust
    {
        /// <summary><c>excess</c>: days past the month's end carry into the next month (Jan 31 + 1 month = Mar 3). 0 on the wire, and left out of it.</summary>
        Excess = 0,

        /// <summary><c>none</c>: the day is kept, or the month's last day when it has fewer (Jan 31 + 1 month = Feb 29); Tarantool's default in Lua. 1 on the wire.</summary>
        None = 1,

        /// <summary><c>last</c>: the last day of a month stays the last day (Feb 29 + 1 month = Mar 31). 2 on the wire.</summary>
        Last = 2,
    }

    /// <summary>
    /// Tarantool's <c>interval</c> (MP_INTERVAL, ext type 6, Tarantool 2.10 and later): each unit kept apart, as Tarantool
    /// keeps them, so that adding "1 month" to a date means a month and not 30 days. Every <see cref="MsgPackObjectAttribute"/>
    /// type that has one as a member reads and writes it through <see cref="TarantoolIntervalConverter"/> (the attribute is
    /// on this type).
    /// </summary>
    /// <param name="Years">Years (Tarantool's range: ±11,759,221).</param>
    /// <param name="Months">Months.</param>
    /// <param name="Weeks">Weeks.</param>
    /// <param name="Days">Days.</param>
    /// <param name="Hours">Hours.</param>
    /// <param name="Minutes">Minutes.</param>
    /// <param name="Seconds">Seconds.</param>
    /// <param name="Nanoseconds">Nanoseconds.</param>
    /// <param name="Adjust">How a month's end is treated; the default, <see cref="TarantoolIntervalAdjust.Excess"/>, is what the wire means by leaving it out.</param>
    [MsgPackConverter(typeof(TarantoolIntervalConverter))]
    public readonly record struct TarantoolInterval(
        int Years = 0,
        int Months = 0,
        int Weeks = 0,
        long Days = 0,
        long Hours = 0,
        long Minutes = 0,
        long Seconds = 0,
        int Nanoseconds = 0,
        TarantoolIntervalAdjust Adjust = TarantoolIntervalAdjust.Excess);

    /// <summary>
    /// A <see cref="TarantoolInterval"/> as MP_INTERVAL: the data is the count of fields (one byte), then for each field
    /// that is not zero, its number (0 years, 1 months, 2 weeks, 3 days, 4 hours, 5 minutes, 6 seconds, 7 nanoseconds,
    /// 8 adjust) and its value, a MessagePack integer in the smallest form (unsigned when positive), in that order.
    /// <c>{months = 1, days = -2, adjust = last}</c> is <c>c7 07 06 03 01 01 03 fe 08 02</c>: ext 8 of 7 bytes, type 6,
    /// 3 fields, months 1, days -2, adjust 2.
    /// </summary>
    /// <remarks>
    /// Read: the fields in any order, in any integer form, zeros included; a field Tarantool does not define, a value
    /// outside its field's range (years, months, weeks and nanoseconds are 32-bit, the others 64-bit; adjust 0 to 2), a
    /// field given twice, or bytes left after the count's fields are a <see cref="MsgPackException"/>. Nothing is
    /// allocated but that exception.
    /// </remarks>
    public readonly struct TarantoolIntervalConverter : IMsgPackConverter<TarantoolInterval>
    {
        /// <summary>The most bytes an interval takes: the ext 8 header (3), the count, and 9 fields of a number and up to 9 bytes each.</summary>
        public const int MaxEncodedLength = 3 + MaxDataLength;

        private const int MaxDataLength = 1 + (9 * 10);

        private const int Years = 0, Months = 1, Weeks = 2, Days = 3, Hours = 4, Minutes = 5, Seconds = 6, Nanoseconds = 7, Adjust = 8;

        /// <inheritdoc/>
        public void Write(ref MsgPackWriter writer, in TarantoolInterval value)
        {
            Span<byte> span = writer.GetSpan(MaxEncodedLength);
            writer.Advance(Encode(span, value));
        }

        /// <inheritdoc/>
        public void Write(ref Span<byte> destination, in TarantoolInterval value)
        {
            Span<byte> encoded = stackalloc byte[MaxEncodedLength];
            TarantoolExtension.CopyOut(ref destination, encoded[..Encode(encoded, value)]);
        }

        /// <inheritdoc/>
        public int GetEncodedLength(in TarantoolInterval value)
        {
            Span<byte> encoded = stackalloc byte[MaxEncodedLength];
            return Encode(encoded, value);
        }

        /// <inheritdoc/>
        public TarantoolInterval Read(ref MsgPackReader reader, int depth)
        {
            MsgPackPayload data = reader.ReadExtension(out ExtensionHeader header);
            TarantoolExtension.Check(header, TarantoolExtension.Interval, "an MP_INTERVAL", MaxDataLength);
            return data.IsSingleSpan ? Decode(data.Span) : DecodeCopied(data);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static TarantoolInterval DecodeCopied(MsgPackPayload data) => Decode(TarantoolExtension.Copy(data, stackalloc byte[MaxDataLength]));

        /// <summary>Writes the whole extension at the start of <paramref name="destination"/>.</summary>
        /// <param name="destination">At least <see cref="MaxEncodedLength"/> bytes.</param>
        /// <param name="value">The interval.</param>
        /// <returns>The bytes written.</returns>
        public static int Encode(Span<byte> destination, in TarantoolInterval value)
        {
            // The data first, after room for the longest header, then the header in front of it.
            Span<byte> data = destination[3..];
            Span<byte> fields = data[1..];
            int count = 0;
            Field(ref fields, ref count, Years, value.Years);
            Field(ref fields, ref count, Months, value.Months);
            Field(ref fields, ref count, Weeks, value.Weeks);
            Field(ref fields, ref count, Days, value.Days);
            Field(ref fields, ref count, Hours, value.Hours);
            Field(ref fields, ref count, Minutes, value.Minutes);
            Field(ref fields, ref count, Seconds, value.Seconds);
            Field(ref fields, ref count, Nanoseconds, value.Nanoseconds);
            Field(ref fields, ref count, Adjust, (long)value.Adjust);
            data[0] = (byte)count;
            int dataLength = data.Length - fields.Length;
            int header = MsgPackSpec.GetExtensionHeaderEncodedLength(dataLength);
            if (header != 3)
            {
                // fixext: a 2-byte header.
                data[..dataLength].CopyTo(destination[header..]);
            }

            MsgPackSpec.WriteExtensionHeader(destination, new ExtensionHeader(TarantoolExtension.Interval, dataLength));
            return header + dataLength;
        }

        /// <summary>Reads the data of an MP_INTERVAL (what follows its ext header).</summary>
        /// <param name="data">The count and the fields.</param>
        /// <returns>The interval.</returns>
        /// <exception cref="MsgPackException">The data breaks the layout (see the remarks).</exception>
        public static TarantoolInterval Decode(ReadOnlySpan<byte> data)
        {
            if (data.IsEmpty)
            {
                TarantoolExtension.ThrowMalformed("An MP_INTERVAL has no data: it needs at least its count of fields.");
            }

            int count = data[0];
            ReadOnlySpan<byte> rest = data[1..];
            long years = 0, months = 0, weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0, nanoseconds = 0, adjust = 0;
            int seen = 0;
            for (int i = 0; i < count; i++)
            {
                if (rest.Length < 2)
                {
                    TarantoolExtension.ThrowMalformed($"An MP_INTERVAL counts {count} fields and ends after {i}.");
                }

                int field = rest[0];
                rest = rest[1..];
                if (field > Adjust)
                {
                    TarantoolExtension.ThrowMalformed($"An MP_INTERVAL holds field {field}: Tarantool's are 0 (years) to 8 (adjust).");
                }

                if ((seen & (1 << field)) != 0)
                {
                    TarantoolExtension.ThrowMalformed($"An MP_INTERVAL holds field {field} twice.");
                }

                seen |= 1 << field;
                if (MsgPackSpec.TryReadInt64(ref rest, out long value) != OperationStatus.Done)
                {
                    TarantoolExtension.ThrowMalformed($"An MP_INTERVAL's field {field} is not an integer of 64 bits.");
                }

                bool inRange = field switch
                {
                    Years or Months or Weeks or Nanoseconds => value is >= int.MinValue and <= int.MaxValue,
                    Adjust => value is >= 0 and <= (long)TarantoolIntervalAdjust.Last,
                    _ => true,
                };
                if (!inRange)
                {
                    TarantoolExtension.ThrowMalformed($"An MP_INTERVAL's field {field} is {value}, outside its range.");
                }

                switch (field)
                {
                    case Years: years = value; break;
                    case Months: months = value; break;
                    case Weeks: weeks = value; break;
                    case Days: days = value; break;
                    case Hours: hours = value; break;
                    case Minutes: minutes = value; break;
                    case Seconds: seconds = value; break;
                    case Nanoseconds: nanoseconds = value; break;
                    default: adjust = value; break;
                }
            }

            if (!rest.IsEmpty)
            {
                TarantoolExtension.ThrowMalformed($"An MP_INTERVAL has {rest.Length} bytes after its {count} fields.");
            }

            return new TarantoolInterval((int)years, (int)months, (int)weeks, days, hours, minutes, seconds, (int)nanoseconds, (TarantoolIntervalAdjust)adjust);
        }

        private static void Field(ref Span<byte> destination, ref int count, int field, long value)
        {
            if (value == 0)
            {
                return;
            }

            destination[0] = (byte)field;
            destination = destination[1..];
            if (value > 0)
            {
                MsgPackSpec.WriteUInt64(ref destination, (ulong)value);
            }
            else
            {
                MsgPackSpec.WriteInt64(ref destination, value);
            }

            count++;
        }
    }
}
