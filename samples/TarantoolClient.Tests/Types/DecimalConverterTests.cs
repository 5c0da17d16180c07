using System;
using Xunit;
using static MsgPack.Spec.Samples.Tarantool.Tests.Types.Converters;

namespace MsgPack.Spec.Samples.Tarantool.Tests.Types
{
    /// <summary>
    /// MP_DECIMAL byte for byte. Each layout is worked out by hand from Tarantool's documentation (scale, then BCD with a
    /// sign nibble) and is the one Tarantool 2.6 itself writes for the same number (msgpack.encode(decimal.new(...))).
    /// </summary>
    // In the server's collection although they need no server: run beside it, their allocations would count in the
    // whole-process measurements of AllocationTests and the hostile-server tests.
    [Collection(TarantoolCollection.Name)]
    public sealed class DecimalConverterTests
    {
        private static readonly decimal NegativeZero = new(0, 0, 0, isNegative: true, scale: 0);

        public static TheoryData<string, decimal, string> Written => new()
        {
            // fixext 2, type 1, scale 0, BCD "0" + plus.
            { "0", 0m, "d5 01 00 0c" },
            // 3 digits + sign: 2 bytes; data 3 bytes: ext 8.
            { "1.23", 1.23m, "c7 03 01 02 12 3c" },
            // Trailing zeros are the scale's: 4 digits, a leading zero nibble.
            { "1.230", 1.230m, "d6 01 03 01 23 0c" },
            { "-12.34", -12.34m, "d6 01 02 01 23 4d" },
            { "100", 100m, "c7 03 01 00 10 0c" },
            // Scale 28 (0x1c), the smallest positive decimal.
            { "1E-28", 0.0000000000000000000000000001m, "d5 01 1c 1c" },
            // 29 digits, odd: no leading nibble; 15 BCD bytes + scale = fixext 16.
            { "max", decimal.MaxValue, "d8 01 00 79 22 81 62 51 42 64 33 75 93 54 39 50 33 5c" },
            { "min", decimal.MinValue, "d8 01 00 79 22 81 62 51 42 64 33 75 93 54 39 50 33 5d" },
            // 10 digits: 6 BCD bytes, data 7: ext 8.
            { "1234567890", 1234567890m, "c7 07 01 00 01 23 45 67 89 0c" },
            // 20 digits below 2^64 (ulong.MaxValue): even, a leading zero nibble; 11 BCD bytes.
            { "2^64 - 1", 18446744073709551615m, "c7 0c 01 00 01 84 46 74 40 73 70 95 51 61 5c" },
            // 21 digits (a mantissa above 2^64): the low 19 digits padded with zeros.
            { "10000000000000000000.5", 10000000000000000000.5m, "c7 0c 01 01 10 00 00 00 00 00 00 00 00 00 5c" },
        };

        [Theory]
        [MemberData(nameof(Written))]
        public void Writes_Tarantool_s_layout_and_reads_it_back(string name, decimal value, string hex)
        {
            byte[] bytes = Write<decimal, TarantoolDecimalConverter>(value);
            Assert.True(Hex(hex).AsSpan().SequenceEqual(bytes), $"{name}: {Convert.ToHexString(bytes)}");
            decimal read = Read<decimal, TarantoolDecimalConverter>(bytes, Same);
            Assert.True(Same(value, read), $"{name}: read {read}");
        }

        [Fact]
        public void The_sign_of_zero_is_kept()
        {
            // Negative zero: the minus nibble, at scale 0 and at scale 2 (xunit's theory data would lose the sign).
            foreach ((decimal value, string hex) in new[] { (NegativeZero, "d5 01 00 0d"), (new decimal(0, 0, 0, true, 2), "d5 01 02 0d") })
            {
                byte[] bytes = Write<decimal, TarantoolDecimalConverter>(value);
                Assert.Equal(Hex(hex), bytes);
                decimal read = Read<decimal, TarantoolDecimalConverter>(bytes, Same);
                Assert.True(Same(value, read));
                Assert.True(decimal.IsNegative(read));
            }
        }

        [Fact]
        public void Every_scale_from_0_to_28_round_trips_with_its_digits_and_sign()
        {
            for (byte scale = 0; scale <= 28; scale++)
            {
                foreach (decimal value in new[]
                         {
                             new decimal(1, 0, 0, false, scale),
                             new decimal(-1, -1, -1, true, scale), // 2^96 - 1, negative
                             new decimal(0, 0, 0, true, scale),
                             new decimal(123_456_789, 987_654, 1, false, scale),
                         })
                {
                    byte[] bytes = Write<decimal, TarantoolDecimalConverter>(value);
                    Assert.True(Same(value, Read<decimal, TarantoolDecimalConverter>(bytes, Same)), $"{value} at scale {scale}");
                    Assert.Equal(scale, bytes[bytes[0] == 0xc7 ? 3 : 2]); // after the header: ext 8 has a length byte
                }
            }
        }

        public static TheoryData<string, string, decimal> ReadOnly => new()
        {
            // Tarantool's 1E+3: scale -3 (negative fixint fd). .NET holds it at scale 0.
            { "1E+3", "d5 01 fd 1c", 1000m },
            // A scale in a wider form than needed (int 8), and leading zero nibbles.
            { "scale as int 8", "c7 04 01 d0 02 12 3c", 1.23m },
            { "all zeros at scale 2", "d6 01 02 00 00 0c", 0.00m },
            { "leading zero bytes", "d6 01 02 00 12 3c", 1.23m },
            // Every sign nibble: a, c, e, f plus; b, d minus.
            { "sign a", "d5 01 00 5a", 5m },
            { "sign e", "d5 01 00 5e", 5m },
            { "sign f", "d5 01 00 5f", 5m },
            { "sign b", "d5 01 00 5b", -5m },
            // Scale 30, digits 1 and 30 zeros (16 BCD bytes): the zeros past 28 places go, the number stays 1.
            { "1.000 (30 places)", "c7 11 01 1e 10 00 00 00 00 00 00 00 00 00 00 00 00 00 00 0c", 1.0000000000000000000000000000m },
            // 29 digits above 2^96 - 1 whose last is a zero at scale 1: 28 nines at scale 0.
            { "29 digits, last a zero", "c7 10 01 01 99 99 99 99 99 99 99 99 99 99 99 99 99 99 0c", 9999999999999999999999999999m },
            // Zero at scale 30: zero at the most places .NET keeps.
            { "0E-30", "d5 01 1e 0c", 0.0000000000000000000000000000m },
            // Zero with a negative scale: zero.
            { "0E+5", "d5 01 fb 0c", 0m },
        };

        [Theory]
        [MemberData(nameof(ReadOnly))]
        public void Reads_every_form_Tarantool_takes(string name, string hex, decimal expected)
        {
            decimal read = Read<decimal, TarantoolDecimalConverter>(Hex(hex), Same);
            Assert.True(Same(expected, read), $"{name}: {read} (scale {read.Scale})");
        }

        public static TheoryData<string, string, string> DoNotFit => new()
        {
            // 1/3 in Tarantool: 38 digits at scale 38.
            { "38 digits", "c7 15 01 26 03 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 3c", "0.33333333333333333333333333333333333333 has 38 significant digits" },
            // 1E-30: a significant digit past 28 places.
            { "1E-30", "d5 01 1e 1c", "0.000000000000000000000000000001 has 1 significant digits at scale 30" },
            // 2^96 exactly (29 digits, no trailing zero to drop).
            { "2^96", "d8 01 00 79 22 81 62 51 42 64 33 75 93 54 39 50 33 6c", "79228162514264337593543950336 has 29" },
            // 1E+29: 30 digits at scale 0.
            { "1E+29", "d5 01 e3 1c", "1E+29 has 1 significant digits at scale -29" },
            // 30 significant digits at scale 2, negative.
            { "30 digits", "c7 11 01 02 01 23 45 67 89 01 23 45 67 89 01 23 45 67 89 1d", "-1234567890123456789012345678.91 has 30" },
        };

        [Theory]
        [MemberData(nameof(DoNotFit))]
        public void A_number_NET_cannot_hold_is_an_overflow_not_a_rounded_value(string name, string hex, string message)
        {
            var error = ReadFails<decimal, TarantoolDecimalConverter, MsgPackOverflowException>(Hex(hex));
            Assert.True(error.Message.Contains("does not fit a .NET decimal: " + message, StringComparison.Ordinal), $"{name}: {error.Message}");
        }

        public static TheoryData<string, string, string> Malformed => new()
        {
            { "a digit nibble above 9", "d5 01 00 ac", "nibble 0xa" },
            { "a digit nibble f", "d5 01 00 f1", "nibble 0xf" },
            { "a sign nibble below a", "d5 01 00 15", "sign nibble is 0x5" },
            { "scale 39", "d5 01 27 1c", "scale is 39" },
            { "scale -38", "c7 03 01 d0 da 1c", "scale is -38" },
            { "no BCD", "d4 01 00", "0 BCD bytes" },
            { "a scale that is nil", "d5 01 c0 1c", "not a MessagePack integer" },
            { "a scale cut short", "d4 01 d0", "not a MessagePack integer" },
            { "21 BCD bytes", "c7 16 01 00 " + string.Concat(System.Linq.Enumerable.Repeat("00 ", 20)) + "1c", "21 BCD bytes" },
            { "an MP_UUID", "d5 02 00 0c", "found ext type 2" },
            { "longer than any decimal", "c7 30 01 " + string.Concat(System.Linq.Enumerable.Repeat("00 ", 0x30)), "48 bytes" },
        };

        [Theory]
        [MemberData(nameof(Malformed))]
        public void A_value_that_breaks_the_layout_is_a_MsgPackException(string name, string hex, string message)
        {
            var error = ReadFails<decimal, TarantoolDecimalConverter, MsgPackException>(Hex(hex));
            Assert.IsNotType<MsgPackOverflowException>(error);
            Assert.True(error.Message.Contains(message, StringComparison.Ordinal), $"{name}: {error.Message}");
        }

        [Fact]
        public void A_value_that_is_no_extension_is_the_reader_s_own_exception()
        {
            ReadFails<decimal, TarantoolDecimalConverter, MsgPackUnexpectedCodeException>(Hex("a4 31 2e 32 33"));
        }

        [Fact]
        public void Writing_and_reading_allocate_nothing()
        {
            byte[] bytes = Write<decimal, TarantoolDecimalConverter>(-12345.6789m);
            var output = new byte[64];
            decimal sum = 0;
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 1000; i++)
            {
                Span<byte> rest = output;
                default(TarantoolDecimalConverter).Write(ref rest, i);
                var reader = new MsgPackReader(bytes);
                sum += default(TarantoolDecimalConverter).Read(ref reader, 0) + default(TarantoolDecimalConverter).GetEncodedLength(i);
            }

            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
            Assert.NotEqual(0, sum);
        }

        /// <summary>The same decimal, digit for digit: its bits, so the scale and the sign of zero count.</summary>
        internal static bool Same(decimal a, decimal b) => decimal.GetBits(a).AsSpan().SequenceEqual(decimal.GetBits(b));
    }
}
