using System;
using System.IO;
using System.Threading.Tasks;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>UPDATE's operations: <c>[["=", 1, owner], ["+", 2, delta]]</c> (over IPROTO, field numbers count from 0).</summary>
    public readonly record struct RenameAndAdd(string Owner, long Delta) : IMsgPackValue
    {
        public void WriteTo(ref MsgPackWriter writer)
        {
            writer.WriteArrayHeader(2);
            writer.WriteArrayHeader(3);
            writer.WriteString("=");
            writer.WriteUInt32(1);
            writer.WriteString(Owner);
            writer.WriteArrayHeader(3);
            writer.WriteString("+");
            writer.WriteUInt32(2);
            writer.WriteInt64(Delta);
        }
    }

    /// <summary>A tuple whose writing fails halfway through, as a user's WriteTo with a bug does.</summary>
    public readonly struct HalfWritten : IMsgPackValue
    {
        public void WriteTo(ref MsgPackWriter writer)
        {
            writer.WriteArrayHeader(3);
            writer.WriteUInt64(60_100);
            throw new ArgumentNullException("owner");
        }
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

        [Fact]
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

            using (TarantoolResponse r = await c.UpdateAsync(space, 0, key, new RenameAndAdd("Zoë 😀", 1_000_000_000_000)))
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

        [Fact]
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

        [Fact]
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

        [Fact]
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
