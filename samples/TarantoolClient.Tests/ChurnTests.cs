using System;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Xunit;
using Xunit.Abstractions;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>
    /// Churn against the real server: many requests in flight for a few seconds, a share of them cancelled 0 to 3 ms
    /// after the call and many racing a 5 ms request timeout, so that cancellations, timeouts, answers and the
    /// callers' releases fall in every order. Once the late answers are in, every slot must be free (a slot whose
    /// release was lost stays held for the connection's life) and a burst as large as the pool must find room in it.
    /// </summary>
    [Collection(TarantoolCollection.Name)]
    public sealed class ChurnTests(TarantoolFixture fixture, ITestOutputHelper output)
    {
        private const int Loops = 64;
        private static readonly TimeSpan Load = TimeSpan.FromSeconds(2);
        private static readonly TimeSpan RequestTimeout = TimeSpan.FromMilliseconds(5);

        // The late answers come within the server's longest sleep (12 ms); this only bounds a wait for a leak.
        private static readonly TimeSpan QuietAtMost = TimeSpan.FromSeconds(2);

        private sealed class Tally
        {
            public int Answered;
            public int Cancelled;
            public int TimedOut;
            public int Wrong;
        }

        private static uint Echoed(TarantoolResponse response)
        {
            MsgPackReader reader = response.GetDataReader();
            return reader.ReadArrayHeader() == 1 ? reader.ReadUInt32() : uint.MaxValue;
        }

        private static void CancelSoon(CancellationTokenSource cancel, Random random)
        {
            int after = random.Next(4);
            if (after == 0)
            {
                cancel.Cancel();
            }
            else
            {
                cancel.CancelAfter(after);
            }
        }

        private static async Task ChurnAsync(TarantoolConnection connection, int seed, Stopwatch clock, Tally tally)
        {
            var random = new Random(seed);
            for (uint n = (uint)seed << 24; clock.Elapsed < Load; n++)
            {
                using var cancel = new CancellationTokenSource();
                bool cancels = random.Next(3) == 0;
                CancellationToken token = cancels ? cancel.Token : CancellationToken.None;
                int what = random.Next(10);
                try
                {
                    if (what < 2)
                    {
                        // PING's task is the non-generic one: its result is taken (and the slot let go) by another path.
                        ValueTask ping = connection.PingAsync(token);
                        if (cancels)
                        {
                            CancelSoon(cancel, random);
                        }

                        await ping;
                    }
                    else
                    {
                        // Most answer at once; a sleep of 2 to 12 ms races the 5 ms timeout (and its 10 ms timer).
                        ValueTask<TarantoolResponse> call = what < 7
                            ? connection.CallAsync("echo", new UnsignedKey(n), token)
                            : connection.CallAsync("sleep_echo", Encode.SleepEcho(0.002 + random.NextDouble() * 0.01, n), token);
                        if (cancels)
                        {
                            CancelSoon(cancel, random);
                        }

                        using TarantoolResponse response = await call;
                        if (Echoed(response) != n)
                        {
                            Interlocked.Increment(ref tally.Wrong);
                        }
                    }

                    Interlocked.Increment(ref tally.Answered);
                }
                catch (OperationCanceledException)
                {
                    Interlocked.Increment(ref tally.Cancelled);
                }
                catch (TimeoutException)
                {
                    Interlocked.Increment(ref tally.TimedOut);
                }
            }
        }

        /// <summary>Waits (a bounded while) for the late answers: until every slot is free.</summary>
        private static async Task<TimeSpan> QuietAsync(TarantoolConnection connection)
        {
            var quiet = Stopwatch.StartNew();
            while (connection.FreeSlotCount != connection.SlotCount && quiet.Elapsed < QuietAtMost)
            {
                await Task.Delay(5);
            }

            return quiet.Elapsed;
        }

        [TarantoolFact]
        public async Task After_churn_every_slot_is_free_and_the_pool_has_not_grown()
        {
            await using TarantoolConnection connection = await fixture.ConnectWithShortTimeoutsAsync(new TarantoolConnectionOptions { RequestTimeout = RequestTimeout });
            var tally = new Tally();
            var clock = Stopwatch.StartNew();
            // On the thread pool, as in a service (not through xunit's synchronization context).
            await Task.WhenAll(Enumerable.Range(1, Loops).Select(seed => Task.Run(() => ChurnAsync(connection, seed, clock, tally))));
            TimeSpan quiet = await QuietAsync(connection);
            int slots = connection.SlotCount;
            output.WriteLine($"{tally.Answered} answered, {tally.Cancelled} cancelled, {tally.TimedOut} timed out in {clock.Elapsed.TotalSeconds:F1} s; "
                + $"{connection.FreeSlotCount} of {slots} slots free after {quiet.TotalMilliseconds:F0} ms of quiet");
            Assert.Equal(0, tally.Wrong);
            Assert.True(tally.Answered > 0 && tally.Cancelled > 0 && tally.TimedOut > 0, "every outcome should occur under this load");
            Assert.Equal(slots, connection.FreeSlotCount);

            // As many at once as there are slots: every one is reused, none added.
            ValueTask<TarantoolResponse>[] burst = Enumerable.Range(0, slots).Select(i => connection.CallAsync("echo", new UnsignedKey((ulong)i))).ToArray();
            Assert.Equal(slots, connection.SlotCount);
            Assert.Equal(0, connection.FreeSlotCount);
            foreach (ValueTask<TarantoolResponse> request in burst)
            {
                try
                {
                    using TarantoolResponse _ = await request;
                }
                catch (TimeoutException)
                {
                    // The 5 ms timeout applies to the burst too; its late answer frees the slot.
                }
            }

            await QuietAsync(connection);
            Assert.Equal((slots, slots), (connection.SlotCount, connection.FreeSlotCount));
        }
    }
}
