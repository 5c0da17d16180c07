using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using MsgPack.Spec.Fuzzing;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>An account's id and balance only: its reader skips the owner (index 1), so reading one allocates nothing.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct Balance(
        [property: MsgPackKey(0)] ulong Id,
        [property: MsgPackKey(2)] long Amount);

    /// <summary>Not an account: its index 1 is an integer, where an account has the owner's str.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct NotAnAccount(
        [property: MsgPackKey(0)] ulong Id,
        [property: MsgPackKey(1)] long Owner);

    /// <summary>An account's id only (index 0): a third tuple type that allocates nothing, for the tests that alternate types.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct AccountId([property: MsgPackKey(0)] ulong Id);

    /// <summary>An account's balance only (index 2).</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct AccountAmount([property: MsgPackKey(2)] long Amount);

    /// <summary>The typed reads: SELECT's tuples, and any response's DATA, as the caller's type.</summary>
    [Collection(TarantoolCollection.Name)]
    public sealed class TypedReadTests(TarantoolFixture fixture)
    {
        private async Task PutAsync(ulong first, int count)
        {
            for (ulong id = first; id < first + (ulong)count; id++)
            {
                using TarantoolResponse _ = await fixture.Connection.ReplaceAsync(fixture.ValuesSpace, new Account(id, "typed " + id, (long)id * 10));
            }
        }

        [TarantoolFact]
        public async Task Select_returns_its_tuples_as_the_caller_s_type()
        {
            await PutAsync(80_000, 10);
            using TarantoolTuples<Account> tuples = await fixture.Connection.SelectAsync<UnsignedKey, Account>(
                fixture.ValuesSpace, 0, new UnsignedKey(80_003), limit: 3, offset: 1, iterator: Iterator.Ge);
            Assert.Equal(3, tuples.Count);
            var read = new List<Account>();
            foreach (Account account in tuples)
            {
                read.Add(account);
            }

            Assert.Equal([new(80_004, "typed 80004", 800_040), new(80_005, "typed 80005", 800_050), new(80_006, "typed 80006", 800_060)], read);
            // Enumerated again: read again from the same bytes.
            int again = 0;
            foreach (Account account in tuples)
            {
                Assert.Equal(read[again++], account);
            }

            Assert.Equal(3, again);
        }

        [TarantoolFact]
        public async Task A_select_of_nothing_has_no_tuples()
        {
            using TarantoolTuples<Account> tuples = await fixture.Connection.SelectAsync<UnsignedKey, Account>(fixture.ValuesSpace, 0, new UnsignedKey(89_999));
            Assert.Equal(0, tuples.Count);
            foreach (Account _ in tuples)
            {
                Assert.Fail("no tuple was selected");
            }
        }

        [TarantoolFact]
        public async Task A_type_that_reads_part_of_a_tuple_skips_the_rest()
        {
            await PutAsync(81_000, 1);
            using TarantoolTuples<Balance> tuples = await fixture.Connection.SelectAsync<UnsignedKey, Balance>(fixture.ValuesSpace, 0, new UnsignedKey(81_000));
            Assert.Equal(new Balance(81_000, 810_000), Assert.Single(Read(tuples)));
        }

        [TarantoolFact]
        public async Task A_tuple_of_another_shape_fails_where_it_is_read_and_the_connection_goes_on()
        {
            await PutAsync(82_000, 1);
            using (TarantoolTuples<NotAnAccount> tuples = await fixture.Connection.SelectAsync<UnsignedKey, NotAnAccount>(fixture.ValuesSpace, 0, new UnsignedKey(82_000)))
            {
                var error = Assert.Throws<MsgPackSerializationException>(() => Read(tuples));
                Assert.Equal("$.Owner", error.Path);
            }

            using TarantoolTuples<Account> again = await fixture.Connection.SelectAsync<UnsignedKey, Account>(fixture.ValuesSpace, 0, new UnsignedKey(82_000));
            Assert.Equal(new Account(82_000, "typed 82000", 820_000), Assert.Single(Read(again)));
        }

        [TarantoolFact]
        public async Task Typed_tuples_are_read_without_an_exception_and_a_tuple_of_another_shape_costs_one()
        {
            // The enumerator reads each tuple through the type's status read: nothing is thrown (or thrown and caught)
            // for tuples that read, and exactly one exception, the one MoveNext throws, for one that does not. Counted on
            // this thread, where the enumeration runs.
            await PutAsync(84_000, 3);
            using (TarantoolTuples<Account> tuples = await fixture.Connection.SelectAsync<UnsignedKey, Account>(fixture.ValuesSpace, 0, new UnsignedKey(84_000), limit: 3, iterator: Iterator.Ge))
            {
                List<Account>? read = null;
                Assert.Equal(0, FirstChance.During(() => read = Read(tuples)));
                Assert.Equal(3, read!.Count);
            }

            using (TarantoolTuples<NotAnAccount> tuples = await fixture.Connection.SelectAsync<UnsignedKey, NotAnAccount>(fixture.ValuesSpace, 0, new UnsignedKey(84_001)))
            {
                MsgPackSerializationException? error = null;
                Assert.Equal(1, FirstChance.During(() => error = Assert.Throws<MsgPackSerializationException>(() => Read(tuples))));
                Assert.Equal("$.Owner", error!.Path);
                Assert.IsType<MsgPackUnexpectedCodeException>(error.InnerException);
            }
        }

        [TarantoolFact]
        public async Task Any_response_s_data_reads_as_the_caller_s_type()
        {
            using (TarantoolResponse inserted = await fixture.Connection.ReplaceAsync(fixture.ValuesSpace, new Account(83_000, "Ann", 5)))
            {
                Assert.Equal(new Account(83_000, "Ann", 5), Assert.Single(Read(inserted.Tuples<Account>())));
            }

            // CALL's return values, each a value of any shape: MsgPackBytes takes each as its bytes.
            using TarantoolResponse called = await fixture.Connection.CallAsync("echo", new UnsignedKey(300));
            Assert.Equal([0xcd, 0x01, 0x2c], Assert.Single(Read(called.Tuples<MsgPackBytes>())).Encoded.ToArray());
        }

        [TarantoolFact]
        public async Task Disposed_tuples_throw_and_the_server_s_error_comes_from_the_await()
        {
            TarantoolTuples<Account> tuples = await fixture.Connection.SelectAsync<UnsignedKey, Account>(fixture.ValuesSpace, 0, new UnsignedKey(1));
            tuples.Dispose();
            tuples.Dispose();
            Assert.Throws<ObjectDisposedException>(() => tuples.Count);
            Assert.Throws<ObjectDisposedException>(() => Read(tuples));

            // Space 1 does not exist: the error is the await's, as for the untyped request.
            await Assert.ThrowsAsync<TarantoolException>(async () =>
            {
                using TarantoolTuples<Account> _ = await fixture.Connection.SelectAsync<UnsignedKey, Account>(1, 0, new UnsignedKey(1)).ConfigureAwait(false);
            });
        }

        [TarantoolFact]
        public async Task Types_that_alternate_on_the_same_slots_each_read_their_own_shape()
        {
            // One request at a time reuses the same slot: its typed view is remade when the tuple type changes.
            await PutAsync(84_000, 1);
            for (int i = 0; i < 3; i++)
            {
                using (TarantoolTuples<Account> accounts = await fixture.Connection.SelectAsync<UnsignedKey, Account>(fixture.ValuesSpace, 0, new UnsignedKey(84_000)))
                {
                    Assert.Equal(new Account(84_000, "typed 84000", 840_000), Assert.Single(Read(accounts)));
                }

                using TarantoolTuples<Balance> balances = await fixture.Connection.SelectAsync<UnsignedKey, Balance>(fixture.ValuesSpace, 0, new UnsignedKey(84_000));
                Assert.Equal(new Balance(84_000, 840_000), Assert.Single(Read(balances)));
            }
        }

        [TarantoolFact]
        public async Task A_cancelled_token_fails_the_typed_select_before_it_is_sent()
        {
            await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
            {
                using TarantoolTuples<Account> _ = await fixture.Connection.SelectAsync<UnsignedKey, Account>(fixture.ValuesSpace, 0, new UnsignedKey(1), cancellationToken: new CancellationToken(canceled: true));
            });
            await fixture.Connection.PingAsync();
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
}
