using System;
using System.Threading.Tasks;
using Xunit;
using Xunit.Abstractions;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>
    /// The hot path (write a request, read its response) allocates nothing once warmed up: the whole process's
    /// allocated bytes (every thread: the send and receive loops run on the thread pool) over thousands of requests.
    /// A property of a Release build: a Debug build (a plain <c>dotnet test</c>) skips these, unless <c>CI</c> is set.
    /// Measured alone (<see cref="TarantoolAloneCollection"/>): no other test class runs while they count.
    /// </summary>
    [Collection(TarantoolAloneCollection.Name)]
    public sealed class AllocationTests(TarantoolFixture fixture, ITestOutputHelper output)
    {
        private const int Requests = 5000;

        // On the thread pool, as in a service: the test's own SynchronizationContext (xunit's) would otherwise
        // receive every continuation, and its Post allocates.
        private static Task<long> MeasureAsync(Func<Task> run) => Task.Run(() => MeasureOnThreadPoolAsync(run));

        private static async Task<long> MeasureOnThreadPoolAsync(Func<Task> run)
        {
            await run(); // warm-up: JIT, the slots, the pool's arrays, the socket's awaitables
            await run();
            // The least of three runs: the runtime's own occasional allocations (a thread the pool adds while other
            // test assemblies load the machine) land in one run, while an allocation per request would be in each.
            long least = long.MaxValue;
            for (int i = 0; i < 3; i++)
            {
                long before = GC.GetTotalAllocatedBytes(precise: true);
                await run();
                least = Math.Min(least, GC.GetTotalAllocatedBytes(precise: true) - before);
            }

            return least;
        }

        // Anything per request would be at least one object (24 bytes) each time: 120,000 bytes over 5,000
        // requests. What is allowed is what the runtime allocates now and then on its own (a timer, the thread
        // pool's bookkeeping), well under a byte a request.
        private void AssertNothingPerRequest(long allocated, string what)
        {
            output.WriteLine($"{what}: {allocated} bytes allocated over {Requests} requests");
            Assert.True(allocated < Requests, $"{what}: {allocated} bytes over {Requests} requests ({(double)allocated / Requests:F2} per request)");
        }

        [TarantoolAllocationFact]
        public async Task Ping_one_at_a_time_allocates_nothing_per_request()
        {
            TarantoolConnection connection = fixture.Connection;
            long allocated = await MeasureAsync(async () =>
            {
                for (int i = 0; i < Requests; i++)
                {
                    await connection.PingAsync();
                }
            });
            AssertNothingPerRequest(allocated, "PING");
        }

        [TarantoolAllocationFact]
        public async Task Select_and_read_of_a_tuple_allocates_nothing_per_request()
        {
            TarantoolConnection connection = fixture.Connection;
            using (await connection.ReplaceAsync(fixture.ValuesSpace, new Account(90_000, "alloc", 12345)))
            {
            }

            long sum = 0;
            long allocated = await MeasureAsync(async () =>
            {
                for (int i = 0; i < Requests; i++)
                {
                    using TarantoolResponse response = await connection.SelectAsync(fixture.ValuesSpace, 0, new UnsignedKey(90_000));
                    sum += ReadBalance(response);
                }
            });
            Assert.Equal(5L * Requests * 12345, sum); // 2 warm-up runs and 3 measured
            AssertNothingPerRequest(allocated, "SELECT");
        }

        [TarantoolAllocationFact]
        public async Task A_typed_select_allocates_nothing_per_request_but_the_caller_s_tuples()
        {
            TarantoolConnection connection = fixture.Connection;
            using (await connection.ReplaceAsync(fixture.ValuesSpace, new Account(90_001, "alloc", 54321)))
            {
            }

            // Balance skips the owner's str: a tuple type that allocates nothing itself, so whatever is counted is the client's.
            long sum = 0;
            long allocated = await MeasureAsync(async () =>
            {
                for (int i = 0; i < Requests; i++)
                {
                    using TarantoolTuples<Balance> tuples = await connection.SelectAsync<UnsignedKey, Balance>(fixture.ValuesSpace, 0, new UnsignedKey(90_001));
                    foreach (Balance balance in tuples)
                    {
                        sum += balance.Amount;
                    }
                }
            });
            Assert.Equal(5L * Requests * 54321, sum);
            AssertNothingPerRequest(allocated, "typed SELECT");
        }

        [TarantoolAllocationTheory]
        [InlineData(2)]
        [InlineData(3)]
        public async Task Typed_selects_alternating_tuple_types_allocate_nothing_per_request(int types)
        {
            // One request at a time: every request takes the same slot, each time with another tuple type than the last.
            // Each type's reader allocates nothing itself, so whatever is counted is the client's.
            TarantoolConnection connection = fixture.Connection;
            using (await connection.ReplaceAsync(fixture.ValuesSpace, new Account(90_002, "alloc", 777)))
            {
            }

            long sum = 0;
            long allocated = await MeasureAsync(async () =>
            {
                for (int i = 0; i < Requests; i++)
                {
                    switch (i % types)
                    {
                        case 0:
                            using (TarantoolTuples<Balance> tuples = await connection.SelectAsync<UnsignedKey, Balance>(fixture.ValuesSpace, 0, new UnsignedKey(90_002)))
                            {
                                foreach (Balance balance in tuples)
                                {
                                    sum += balance.Amount;
                                }
                            }

                            break;
                        case 1:
                            using (TarantoolTuples<AccountId> tuples = await connection.SelectAsync<UnsignedKey, AccountId>(fixture.ValuesSpace, 0, new UnsignedKey(90_002)))
                            {
                                foreach (AccountId id in tuples)
                                {
                                    sum += 777 + (long)id.Id - 90_002;
                                }
                            }

                            break;
                        default:
                            using (TarantoolTuples<AccountAmount> tuples = await connection.SelectAsync<UnsignedKey, AccountAmount>(fixture.ValuesSpace, 0, new UnsignedKey(90_002)))
                            {
                                foreach (AccountAmount amount in tuples)
                                {
                                    sum += amount.Amount;
                                }
                            }

                            break;
                    }
                }
            });
            Assert.Equal(5L * Requests * 777, sum);
            AssertNothingPerRequest(allocated, $"typed SELECT alternating {types} tuple types");
        }

        [Fact]
        public void A_slot_s_typed_views_of_any_mix_of_types_are_made_once_each()
        {
            // The same slot asked for its typed view of three types in turn: after the first round, nothing at all is
            // allocated (this thread's own count, exact: no other thread takes part).
            var pool = new PendingRequests();
            PendingRequest slot = pool.Rent(0, long.MaxValue);
            AskAll(slot);
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 1000; i++)
            {
                AskAll(slot);
            }

            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
            slot.Abandon();

            static void AskAll(PendingRequest slot)
            {
                _ = slot.AsTuples<Balance>();
                _ = slot.AsTuples<AccountId>();
                _ = slot.AsTuples<AccountAmount>();
            }
        }

        [TarantoolAllocationFact]
        public async Task A_hundred_in_flight_at_a_time_allocate_nothing_per_request()
        {
            TarantoolConnection connection = fixture.Connection;
            var inFlight = new ValueTask<TarantoolResponse>[100];
            long allocated = await MeasureAsync(async () =>
            {
                for (int round = 0; round < Requests / inFlight.Length; round++)
                {
                    for (int i = 0; i < inFlight.Length; i++)
                    {
                        inFlight[i] = connection.CallAsync("echo", new UnsignedKey((ulong)i));
                    }

                    for (int i = 0; i < inFlight.Length; i++)
                    {
                        using TarantoolResponse response = await inFlight[i];
                        MsgPackReader reader = response.GetDataReader();
                        // Checked by hand: xunit's Assert.Equal allocates a comparer on each call.
                        if (reader.ReadArrayHeader() != 1 || reader.ReadInt32() != i)
                        {
                            throw new InvalidOperationException($"request {i} got another's response");
                        }
                    }
                }
            });
            AssertNothingPerRequest(allocated, "CALL, 100 in flight");
        }

        private static long ReadBalance(TarantoolResponse response)
        {
            MsgPackReader reader = response.GetDataReader();
            reader.ReadArrayHeader();
            reader.ReadArrayHeader();
            reader.Skip();
            reader.Skip();
            return reader.ReadInt64();
        }
    }
}
