using System;
using System.Collections.Generic;
using System.Linq;
using Xunit;
using static MsgPack.Spec.Samples.Tarantool.Tests.Types.Converters;

namespace MsgPack.Spec.Samples.Tarantool.Tests.Types
{
    /// <summary>MP_INTERVAL and MP_ERROR byte for byte, the layouts worked out by hand from Tarantool's documentation.</summary>
    // In the server's collection although they need no server: run beside it, their allocations would count in the
    // whole-process measurements of AllocationTests and the hostile-server tests.
    [Collection(TarantoolCollection.Name)]
    public sealed class IntervalErrorConverterTests
    {
        public static TheoryData<string, TarantoolInterval, string> Intervals => new()
        {
            // No field: the count 0 alone, fixext 1.
            { "empty", default, "d4 06 00" },
            // 3 fields: months 1, days -2 (negative fixint fe), adjust 2 (last). 7 bytes: ext 8.
            { "months, days, adjust", new TarantoolInterval(Months: 1, Days: -2, Adjust: TarantoolIntervalAdjust.Last), "c7 07 06 03 01 01 03 fe 08 02" },
            // Lua's datetime.interval.new{}: adjust none (1) and nothing else. 3 bytes: ext 8.
            { "Lua's default", new TarantoolInterval(Adjust: TarantoolIntervalAdjust.None), "c7 03 06 01 08 01" },
            // Every field, each in the order of its number: 9 fields, 19 bytes.
            {
                "every field",
                new TarantoolInterval(1, 2, 3, 4, 5, 6, 7, 8, TarantoolIntervalAdjust.None),
                "c7 13 06 09 00 01 01 02 02 03 03 04 04 05 05 06 06 07 07 08 08 01"
            },
            // The widest values: years int.MaxValue (uint 32), seconds long.MinValue (int 64), nanoseconds -1.
            {
                "widest",
                new TarantoolInterval(Years: int.MaxValue, Seconds: long.MinValue, Nanoseconds: -1),
                "c7 13 06 03 00 ce 7f ff ff ff 06 d3 80 00 00 00 00 00 00 00 07 ff"
            },
            // One field whose value takes 2 bytes (hours 200: uint 8, cc c8): 4 bytes, fixext 4.
            { "fixext 4", new TarantoolInterval(Hours: 200), "d6 06 01 04 cc c8" },
        };

        [Theory]
        [MemberData(nameof(Intervals))]
        public void An_interval_is_a_count_and_each_field_s_number_and_value(string name, TarantoolInterval value, string hex)
        {
            byte[] bytes = Write<TarantoolInterval, TarantoolIntervalConverter>(value);
            Assert.True(Hex(hex).AsSpan().SequenceEqual(bytes), $"{name}: {Convert.ToHexString(bytes)}");
            Assert.Equal(value, Read<TarantoolInterval, TarantoolIntervalConverter>(bytes));
        }

        [Fact]
        public void An_interval_reads_its_fields_in_any_order_and_form()
        {
            // Adjust first, days as int 64, an explicit zero year, hours as uint 8.
            TarantoolInterval read = Read<TarantoolInterval, TarantoolIntervalConverter>(
                Hex("c7 12 06 04 08 00 03 d3 ff ff ff ff ff ff ff fd 00 00 04 cc 07"));
            Assert.Equal(new TarantoolInterval(Days: -3, Hours: 7), read);
        }

        [Theory]
        [InlineData("c7 03 06 01 09 01", "field 9")]
        [InlineData("c7 05 06 02 03 01 03 02", "field 3 twice")]
        [InlineData("c7 07 06 01 00 ce 80 00 00 00", "field 0 is 2147483648")]
        [InlineData("c7 03 06 01 08 03", "field 8 is 3")]
        [InlineData("c7 03 06 01 07 c0", "field 7 is not an integer")]
        [InlineData("c7 04 06 01 03 01 00", "1 bytes after its 1 fields")]
        [InlineData("c7 03 06 02 03 01", "counts 2 fields and ends after 1")]
        [InlineData("c7 0b 06 01 06 cf 80 00 00 00 00 00 00 00", "field 6 is not an integer of 64 bits")]
        [InlineData("d6 01 01 04 cc c8", "found ext type 1")]
        public void An_interval_that_breaks_the_layout_is_a_MsgPackException(string hex, string message)
        {
            var error = ReadFails<TarantoolInterval, TarantoolIntervalConverter, MsgPackException>(Hex(hex));
            Assert.Contains(message, error.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void An_empty_extension_is_no_interval()
        {
            // ext 8 of length 0: no count.
            var error = ReadFails<TarantoolInterval, TarantoolIntervalConverter, MsgPackException>(Hex("c7 00 06"));
            Assert.Contains("no data", error.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void An_error_is_its_stack_map()
        {
            var error = new TarantoolException(42, "boom", []);
            byte[] bytes = Write<TarantoolException, TarantoolErrorConverter>(error);

            // {0x00: [{0: "ClientError", 1: "", 2: 0, 3: "boom", 4: 0, 5: 42}]}: 31 bytes of data, ext 8.
            byte[] data = Hex("81 00 91 86 00 ab" + Ascii("ClientError") + "01 a0 02 00 03 a4" + Ascii("boom") + "04 00 05 2a");
            Assert.Equal(31, data.Length);
            Assert.Equal([0xc7, 31, 0x03, .. data], bytes);

            TarantoolException read = Read<TarantoolException, TarantoolErrorConverter>(bytes, (a, b) => a.Code == b.Code && a.Message == b.Message);
            Assert.Equal((42u, "boom"), (read.Code, read.Message));
            TarantoolErrorFrame frame = Assert.Single(read.Stack);
            Assert.Equal(new TarantoolErrorFrame("ClientError", "", 0, "boom", 0, 42, "{}"), frame);
        }

        [Fact]
        public void An_error_s_stack_and_fields_round_trip()
        {
            var stack = new List<TarantoolErrorFrame>
            {
                new("CustomError", "init.lua", 10, "outer", 0, 0, """{"custom_type":"SampleError","n":-5,"big":18446744073709551615,"x":1.5,"list":[true,null,"s"]}"""),
                new("ClientError", "box.cc", 99, "the cause", 2, 3, "{}"),
            };
            var error = new TarantoolException(0, "outer", stack);
            byte[] bytes = Write<TarantoolException, TarantoolErrorConverter>(error);
            TarantoolException read = Read<TarantoolException, TarantoolErrorConverter>(bytes, (a, b) => a.Stack.SequenceEqual(b.Stack));
            Assert.Equal(stack, read.Stack);
            Assert.Equal((0u, "outer"), (read.Code, read.Message));
        }

        [Theory]
        // {0: []}: a stack with no error.
        [InlineData("c7 03 03 81 00 90", "holds no error")]
        [InlineData("d4 03 c0", "found code 0xc0")]
        [InlineData("c7 03 02 81 00 90", "found type 2")]
        // The data is 2 bytes, the stack in it 3: the extension's length is checked against what it holds.
        [InlineData("d5 03 81 00 90", "payload is 2 bytes")]
        public void An_error_that_breaks_the_layout_is_a_MsgPackException(string hex, string message)
        {
            var error = ReadFails<TarantoolException, TarantoolErrorConverter, MsgPackException>(Hex(hex));
            Assert.Contains(message, error.Message, StringComparison.OrdinalIgnoreCase);
        }

        private static string Ascii(string text) => " " + string.Join(" ", text.Select(c => ((int)c).ToString("x2", System.Globalization.CultureInfo.InvariantCulture))) + " ";
    }
}
