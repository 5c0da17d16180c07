using System;
using System.Collections.Generic;
using System.Globalization;
using System.Threading.Tasks;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests.Types
{
    /// <summary>One decimal operation of an UPDATE: <c>[["+", 1, operand]]</c>.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct DecimalOperations([property: MsgPackKey(0)] DecimalOperation Operation);

    /// <summary>The arguments of init.lua's <c>scale_payment(id, factor, addend)</c>, the two numbers as strings the server parses.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct ScaleArguments(
        [property: MsgPackKey(0)] ulong Id,
        [property: MsgPackKey(1)] string Factor,
        [property: MsgPackKey(2)] string Addend);

    /// <summary>What init.lua's <c>describe_payment</c> returns: whether the server holds a decimal and a uuid, and their texts.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct ServerView(
        [property: MsgPackKey(0)] bool IsDecimal,
        [property: MsgPackKey(1)] string Amount,
        [property: MsgPackKey(2)] bool IsUuid,
        [property: MsgPackKey(3)] string Reference);

    /// <summary>
    /// A space with a <c>decimal</c> and a <c>uuid</c> field, each indexed, against the real server: typed INSERT, SELECT
    /// by either key, UPDATE with the server's arithmetic, and every edge of a decimal through the server and back.
    /// </summary>
    [Collection(TarantoolCollection.Name)]
    public sealed class PaymentTests(TarantoolFixture fixture)
    {
        private const uint AmountIndex = 1, ReferenceIndex = 2;

        private static Guid ReferenceOf(ulong id) => new($"00000000-0000-4000-8000-{id:x12}");

        private async Task<Payment> InsertAsync(ulong id, decimal amount, string note = "")
        {
            var payment = new Payment(id, amount, ReferenceOf(id), note);
            using TarantoolResponse inserted = await fixture.Connection.InsertAsync(fixture.PaymentsSpace, payment);
            foreach (Payment stored in inserted.Tuples<Payment>())
            {
                Assert.Equal(payment, stored);
                Assert.True(DecimalConverterTests.Same(amount, stored.Amount));
            }

            return payment;
        }

        private async Task<ServerView> DescribeAsync(ulong id)
        {
            using TarantoolResponse described = await fixture.Connection.CallAsync("describe_payment", new UnsignedKey(id));
            MsgPackReader reader = described.GetDataReader();
            return ServerView.Read(ref reader);
        }

        [TarantoolFact]
        public async Task A_typed_insert_stores_a_decimal_and_a_uuid_the_server_reads_as_its_own()
        {
            Payment payment = await InsertAsync(1, -1234.5600m, "first");
            // The server's decimal keeps the trailing zeros; its uuid is the Guid's text.
            Assert.Equal(new ServerView(true, "-1234.5600", true, payment.Reference.ToString()), await DescribeAsync(1));

            // A field of type decimal refuses what the generator's own mapping writes (a decimal as a str).
            var refused = await Assert.ThrowsAsync<TarantoolException>(async () =>
            {
                using TarantoolResponse _ = await fixture.Connection.InsertAsync(fixture.PaymentsSpace, new UntypedPayment(2, -1234.56m, payment.Reference, ""));
            });
            Assert.Contains("decimal", refused.Message, StringComparison.Ordinal);
        }

        [TarantoolFact]
        public async Task Selects_by_the_decimal_key_and_by_the_uuid_key_find_their_tuples()
        {
            for (ulong id = 100; id < 110; id++)
            {
                await InsertAsync(id, 10.5m * (id % 3), "selected");
            }

            // By amount: 21.0 is 10.5 * 2 (ids 101, 104, 107); the key 21 (scale 0) finds them, as the server compares numbers.
            var found = new List<ulong>();
            using (TarantoolTuples<Payment> byAmount = await fixture.Connection.SelectAsync<DecimalKey, Payment>(fixture.PaymentsSpace, AmountIndex, new DecimalKey(21m)))
            {
                foreach (Payment payment in byAmount)
                {
                    found.Add(payment.Id);
                    Assert.Equal(21.0m, payment.Amount);
                    Assert.Equal(1, payment.Amount.Scale);
                }
            }

            Assert.Equal([101, 104, 107], found);

            // A range: amounts above 10.5 in the index's order (then by primary key).
            found.Clear();
            using (TarantoolTuples<Payment> above = await fixture.Connection.SelectAsync<DecimalKey, Payment>(fixture.PaymentsSpace, AmountIndex, new DecimalKey(10.5m), iterator: Iterator.Gt))
            {
                foreach (Payment payment in above)
                {
                    if (payment.Note == "selected")
                    {
                        found.Add(payment.Id);
                    }
                }
            }

            Assert.Equal([101, 104, 107], found);

            // By reference: the unique uuid index.
            using TarantoolTuples<Payment> byReference = await fixture.Connection.SelectAsync<UuidKey, Payment>(fixture.PaymentsSpace, ReferenceIndex, new UuidKey(ReferenceOf(105)));
            Payment only = Assert.Single(Read(byReference));
            Assert.Equal((105ul, 0.0m), (only.Id, only.Amount)); // 10.5 * (105 % 3)
        }

        [TarantoolFact]
        public async Task The_server_s_arithmetic_agrees_with_NET_s()
        {
            await InsertAsync(200, 19.99m);

            // UPDATE's "+" with a decimal operand: the server adds in its decimals.
            using (TarantoolResponse updated = await fixture.Connection.UpdateAsync(fixture.PaymentsSpace, 0, new UnsignedKey(200), new DecimalOperations(new DecimalOperation("+", 1, 0.015m))))
            {
                Assert.Equal(19.99m + 0.015m, Assert.Single(Read(updated.Tuples<Payment>())).Amount);
            }

            // Lua: amount * 3 + -0.5 (scale_payment), then compared digit for digit (the scale too) with .NET's.
            decimal expected = ((19.99m + 0.015m) * 3m) + -0.5m;
            using (TarantoolResponse scaled = await fixture.Connection.CallAsync("scale_payment", new ScaleArguments(200, "3", "-0.5")))
            {
                Payment payment = Assert.Single(Read(scaled.Tuples<Payment>()));
                Assert.True(DecimalConverterTests.Same(expected, payment.Amount), $"{payment.Amount} against {expected}");
            }

            Assert.Equal(expected.ToString(CultureInfo.InvariantCulture), (await DescribeAsync(200)).Amount);

            // Large operands: 79228162514264337593543950.335 - 0.335 in the server's 38 digits, exact in .NET's 29.
            await InsertAsync(201, 79228162514264337593543950.335m);
            using (TarantoolResponse updated = await fixture.Connection.UpdateAsync(fixture.PaymentsSpace, 0, new UnsignedKey(201), new DecimalOperations(new DecimalOperation("-", 1, 0.335m))))
            {
                Assert.Equal(79228162514264337593543950.000m, Assert.Single(Read(updated.Tuples<Payment>())).Amount);
            }
        }

        [TarantoolFact]
        public async Task A_quotient_of_38_digits_is_an_overflow_with_its_path_and_the_connection_goes_on()
        {
            await InsertAsync(300, 1m);
            using (TarantoolResponse divided = await fixture.Connection.CallAsync("divide_payment", new DivideArguments(300, 3)))
            {
                // 0.33333333333333333333333333333333333333 in the server: no .NET decimal holds it, so no value is made up.
                var error = Assert.Throws<MsgPackSerializationException>(() => Read(divided.Tuples<Payment>()));
                Assert.Equal("$.Amount", error.Path);
                Assert.IsType<MsgPackOverflowException>(error.InnerException);
                Assert.Contains("38 significant digits", error.Message, StringComparison.Ordinal);
            }

            Assert.Equal("0.33333333333333333333333333333333333333", (await DescribeAsync(300)).Amount);
            await fixture.Connection.PingAsync();
        }

        [TarantoolFact]
        public async Task Every_edge_of_a_decimal_comes_back_from_the_server_digit_for_digit()
        {
            var edges = new List<decimal>
            {
                0m, new(0, 0, 0, true, 0), new(0, 0, 0, true, 28), 0.0000000000000000000000000000m,
                decimal.MaxValue, decimal.MinValue, 0.0000000000000000000000000001m, -0.0000000000000000000000000001m,
                1.10m, 100m, 1.000000m, -7.9228162514264337593543950335m, 123456789012345678.901234567m,
            };
            for (byte scale = 0; scale <= 28; scale++)
            {
                edges.Add(new decimal(-1, -1, -1, false, scale)); // 2^96 - 1 at every scale
                edges.Add(new decimal(12345, 0, 0, true, scale));
                edges.Add(new decimal(1000, 0, 0, false, scale)); // trailing zeros at every scale
            }

            ulong id = 1000;
            foreach (decimal amount in edges)
            {
                id++;
                await InsertAsync(id, amount);
                using TarantoolTuples<Payment> selected = await fixture.Connection.SelectAsync<UnsignedKey, Payment>(fixture.PaymentsSpace, 0, new UnsignedKey(id));
                Payment back = Assert.Single(Read(selected));
                Assert.True(DecimalConverterTests.Same(amount, back.Amount), $"{amount}: came back as {back.Amount} (scale {back.Amount.Scale})");

                // The server's text is .NET's, but for the sign of zero, which only the server prints.
                ServerView view = await DescribeAsync(id);
                Assert.True(view.IsDecimal);
                string text = amount.ToString(CultureInfo.InvariantCulture);
                Assert.Equal(amount == 0 && decimal.IsNegative(amount) ? "-" + text : text, view.Amount);
            }
        }

        private static List<T> Read<T>(TarantoolTuples<T> tuples)
            where T : IMsgPackSerializable<T>
        {
            var read = new List<T>();
            foreach (T item in tuples)
            {
                read.Add(item);
            }

            return read;
        }
    }

    /// <summary>A payment as the generator writes it without a converter: the decimal a str, the Guid its text.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct UntypedPayment(
        [property: MsgPackKey(0)] ulong Id,
        [property: MsgPackKey(1)] decimal Amount,
        [property: MsgPackKey(2), MsgPackConverter(typeof(GuidAsTextConverter))] Guid Reference,
        [property: MsgPackKey(3)] string Note);

    /// <summary>The arguments of init.lua's <c>divide_payment(id, divisor)</c>.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct DivideArguments([property: MsgPackKey(0)] ulong Id, [property: MsgPackKey(1)] int Divisor);

    /// <summary>A Guid as its text, as the generator writes one without a converter (this assembly's converter is the uuid's).</summary>
    public readonly struct GuidAsTextConverter : IMsgPackConverter<Guid>
    {
        public void Write(ref MsgPackWriter writer, in Guid value) => writer.WriteString(value.ToString());

        public void Write(ref Span<byte> destination, in Guid value) => MsgPackSpec.WriteString(ref destination, value.ToString());

        public int GetEncodedLength(in Guid value) => MsgPackSerialization.GuidEncodedLength;

        public Guid Read(ref MsgPackReader reader, int depth) => Guid.Parse(reader.ReadString());
    }
}
