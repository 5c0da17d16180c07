using System;
using System.Buffers;
using MsgPack.Spec.Serialization;
using Xunit;
using static MsgPack.Spec.Samples.Tarantool.Tests.Types.Converters;

namespace MsgPack.Spec.Samples.Tarantool.Tests.Types
{
    /// <summary>The converters where users put them: on a member, on a type, on the assembly; their errors with the member's path.</summary>
    // In the server's collection although they need no server: run beside it, their allocations would count in the
    // whole-process measurements of AllocationTests and the hostile-server tests.
    [Collection(TarantoolCollection.Name)]
    public sealed class GeneratedTypeTests
    {
        private static readonly Guid Reference = Guid.Parse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6");

        [Fact]
        public void A_tuple_writes_its_decimal_and_uuid_as_Tarantool_s_extensions()
        {
            var payment = new Payment(7, -12.34m, Reference, "n");
            byte[] bytes = Bytes(payment);
            // [7, MP_DECIMAL -12.34, MP_UUID, "n"]
            Assert.Equal(Hex("94 07 d6 01 02 01 23 4d d8 02 f8 1d 4f ae 7d ec 11 d0 a7 65 00 a0 c9 1e 6b f6 a1 6e"), bytes);
            var reader = new MsgPackReader(bytes);
            Assert.Equal(payment, Payment.Read(ref reader));
        }

        [Fact]
        public void A_map_of_every_converter_round_trips_and_nil_stays_the_generated_code_s()
        {
            var schedule = new Schedule
            {
                At = new DateTimeOffset(2024, 2, 29, 12, 34, 56, 789, TimeSpan.FromHours(3)),
                Utc = new DateTime(2001, 2, 3, 4, 5, 6, DateTimeKind.Utc),
                Every = new TarantoolInterval(Months: 1, Days: -2, Adjust: TarantoolIntervalAdjust.Last),
                Limit = null,
                Ids = [Reference, Guid.Empty],
                Failure = new TarantoolException(42, "boom", []),
            };
            byte[] bytes = Bytes(schedule);
            var reader = new MsgPackReader(bytes);
            Schedule read = Schedule.Read(ref reader);
            Assert.Equal((schedule.At, schedule.At.Offset, schedule.Utc, schedule.Every, schedule.Limit), (read.At, read.At.Offset, read.Utc, read.Every, read.Limit));
            Assert.Equal(schedule.Ids, read.Ids);
            Assert.Equal((42u, "boom"), (read.Failure!.Code, read.Failure.Message));

            // "every": the interval's converter, from its type; "ids": each element an MP_UUID, from the assembly.
            Assert.True(bytes.AsSpan().IndexOf(Hex("a5 65 76 65 72 79 c7 07 06 03 01 01 03 fe 08 02")) >= 0);
            Assert.True(bytes.AsSpan().IndexOf(Hex("a3 69 64 73 92 d8 02 f8 1d")) >= 0);
            // A null decimal is nil, written and read by the generated code.
            Assert.True(bytes.AsSpan().IndexOf(Hex("a5 6c 69 6d 69 74 c0")) >= 0);

            schedule.Limit = 1.5m;
            schedule.Failure = null;
            reader = new MsgPackReader(Bytes(schedule));
            read = Schedule.Read(ref reader);
            Assert.Equal((1.5m, (TarantoolException?)null), (read.Limit, read.Failure));
        }

        [Theory]
        // A BCD nibble above 9 in the amount.
        [InlineData("94 07 d6 01 02 01 a3 4d d8 02 f8 1d 4f ae 7d ec 11 d0 a7 65 00 a0 c9 1e 6b f6 a1 6e", "$.Amount", typeof(MsgPackException))]
        // 1/3 as Tarantool computes it: 38 digits.
        [InlineData("94 07 c7 15 01 26 03 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 3c d8 02 f8 1d 4f ae 7d ec 11 d0 a7 65 00 a0 c9 1e 6b f6 a1 6e", "$.Amount", typeof(MsgPackOverflowException))]
        // A uuid of 8 bytes.
        [InlineData("94 07 d6 01 02 01 23 4d d7 02 f8 1d 4f ae 7d ec 11 d0 a1 6e", "$.Reference", typeof(MsgPackException))]
        public void A_value_a_converter_refuses_fails_with_the_member_s_path(string hex, string path, Type cause)
        {
            var error = Assert.Throws<MsgPackSerializationException>(() =>
            {
                var reader = new MsgPackReader(Hex(hex));
                Payment.Read(ref reader);
            });
            Assert.Equal(path, error.Path);
            Assert.Equal(cause, error.InnerException!.GetType());
        }

        [Fact]
        public void Reading_a_tuple_with_a_decimal_and_a_uuid_allocates_nothing()
        {
            byte[] bytes = Bytes(new PaymentAmount(7, 123.45m, Reference));
            decimal sum = 0;
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 1000; i++)
            {
                var reader = new MsgPackReader(bytes);
                sum += PaymentAmount.Read(ref reader).Amount;
            }

            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
            Assert.Equal(123_450m, sum);
        }

        private static byte[] Bytes<T>(T value)
            where T : IMsgPackSerializable<T>
        {
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            T.Write(ref writer, value);
            writer.Flush();
            return output.WrittenSpan.ToArray();
        }
    }
}
