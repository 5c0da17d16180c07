using System;
using System.IO;
using System.Threading.Tasks;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>UPDATE's operations: <c>[["=", 1, owner], ["+", 2, delta]]</c> (over IPROTO, field numbers count from 0), generated.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct RenameAndAdd(
        [property: MsgPackKey(0)] StringOperation Rename,
        [property: MsgPackKey(1)] IntegerOperation Add);

    /// <summary>An operation with a str operand, such as <c>["=", 1, "Ann"]</c>.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct StringOperation(
        [property: MsgPackKey(0)] string Operator,
        [property: MsgPackKey(1)] uint Field,
        [property: MsgPackKey(2)] string Operand);

    /// <summary>An operation with an integer operand, such as <c>["+", 2, 1]</c>.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct IntegerOperation(
        [property: MsgPackKey(0)] string Operator,
        [property: MsgPackKey(1)] uint Field,
        [property: MsgPackKey(2)] long Operand);

    /// <summary>A tuple whose writing fails halfway through, as a user's hand-written <c>Write</c> with a bug does.</summary>
    public readonly struct HalfWritten : IMsgPackSerializable<HalfWritten>
    {
        public static void Write(ref MsgPackWriter writer, in HalfWritten value)
        {
            writer.WriteArrayHeader(3);
            writer.WriteUInt64(60_100);
            throw new ArgumentNullException("owner");
        }

        public static void Write(ref Span<byte> destination, in HalfWritten value)
        {
            MsgPackSpec.WriteArrayHeader(ref destination, 3);
            MsgPackSpec.WriteUInt64(ref destination, 60_100);
            throw new ArgumentNullException("owner");
        }

        public static int GetEncodedLength(in HalfWritten value) => throw new ArgumentNullException("owner");

        // Never read: the tests only write it.
        public static HalfWritten Read(ref MsgPackReader reader, int depth) => throw new NotSupportedException();
    }

    [Collection(TarantoolCollection.Name)]
    public sealed class CrudTests(TarantoolFixture fixture)
    {
        private static Account Single(TarantoolResponse response)
        {
            MsgPackReader reader = response.GetDataReader();
            Assert.Equal(1, reader.ReadArrayHeader());
            Account account = Account.Read(ref reader);
            Assert.True(reader.End);
            return account;
        }

        [TarantoolFact]
        public async Task Insert_replace_update_select_delete_go_through_the_server()
        {
            TarantoolConnection c = fixture.Connection;
            uint space = fixture.ValuesSpace;
            var key = new UnsignedKey(60_000);

            using (TarantoolResponse r = await c.InsertAsync(space, new Account(60_000, "Ann", 100)))
            {
                Assert.Equal(new Account(60_000, "Ann", 100), Single(r));
            }

            using (TarantoolResponse r = await c.ReplaceAsync(space, new Account(60_000, "Бoб", -5)))
            {
                Assert.Equal(new Account(60_000, "Бoб", -5), Single(r));
            }

            using (TarantoolResponse r = await c.UpdateAsync(space, 0, key, new RenameAndAdd(new("=", 1, "Zoë 😀"), new("+", 2, 1_000_000_000_000))))
            {
                Assert.Equal(new Account(60_000, "Zoë 😀", 999_999_999_995), Single(r));
            }

            using (TarantoolResponse r = await c.SelectAsync(space, 0, key))
            {
                Assert.Equal(new Account(60_000, "Zoë 😀", 999_999_999_995), Single(r));
            }

            using (TarantoolResponse r = await c.DeleteAsync(space, 0, key))
            {
                Assert.Equal(new Account(60_000, "Zoë 😀", 999_999_999_995), Single(r));
            }

            using (TarantoolResponse r = await c.SelectAsync(space, 0, key))
            {
                MsgPackReader reader = r.GetDataReader();
                Assert.Equal(0, reader.ReadArrayHeader());
            }
        }

        [TarantoolFact]
        public async Task Select_walks_the_index_with_limit_offset_and_iterator()
        {
            TarantoolConnection c = fixture.Connection;
            for (ulong id = 70_000; id < 70_010; id++)
            {
                using TarantoolResponse _ = await c.ReplaceAsync(fixture.ValuesSpace, new Account(id, "n" + id, (long)id));
            }

            using TarantoolResponse r = await c.SelectAsync(fixture.ValuesSpace, 0, new UnsignedKey(70_003), limit: 3, offset: 1, iterator: Iterator.Ge);
            MsgPackReader reader = r.GetDataReader();
            Assert.Equal(3, reader.ReadArrayHeader());
            Assert.Equal(70_004UL, Account.Read(ref reader).Id);
            Assert.Equal(70_005UL, Account.Read(ref reader).Id);
            Assert.Equal(70_006UL, Account.Read(ref reader).Id);
        }

        [TarantoolFact]
        public async Task Eval_gets_its_arguments_and_returns_every_value()
        {
            byte[] args = Encode.Bytes((ref Span<byte> s) =>
            {
                MsgPackSpec.WriteArrayHeader(ref s, 3);
                MsgPackSpec.WriteInt32(ref s, 20);
                MsgPackSpec.WriteInt32(ref s, 22);
                MsgPackSpec.WriteString(ref s, "sum");
            });
            using TarantoolResponse r = await fixture.Connection.EvalAsync("local a, b, label = ... return label, a + b, a * b", new MsgPackBytes(args));
            MsgPackReader reader = r.GetDataReader();
            Assert.Equal(3, reader.ReadArrayHeader());
            Assert.Equal("sum", reader.ReadString());
            Assert.Equal(42, reader.ReadInt32());
            Assert.Equal(440, reader.ReadInt32());
        }

        [TarantoolFact]
        public async Task A_value_that_fails_to_write_fails_its_request_and_leaves_the_connection_working()
        {
            var error = await Assert.ThrowsAsync<ArgumentNullException>(async () =>
            {
                using TarantoolResponse _ = await fixture.Connection.InsertAsync(fixture.ValuesSpace, new HalfWritten());
            });
            await fixture.Connection.PingAsync();
            using TarantoolResponse r = await fixture.Connection.SelectAsync(fixture.ValuesSpace, 0, new UnsignedKey(60_100));
            Assert.Equal(0, r.GetDataReader().ReadArrayHeader());
        }
    }
}
