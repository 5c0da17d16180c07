using System;
using System.Diagnostics;
using System.Linq;
using System.Net;
using System.Net.Sockets;
using System.Threading.Tasks;
using MsgPack.Spec.Samples.Tarantool.Tests.Hostile;
using Xunit;
using Xunit.Abstractions;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>
    /// Every timeout of the client is a lower bound by <see cref="Stopwatch"/>: many requests (and connections)
    /// with a 10 ms timeout, each timed from before the call to its <see cref="TimeoutException"/>, and none may
    /// fail before 10 ms. On <see cref="Environment.TickCount64"/>, whose steps are 4 ms on Linux, a good share did.
    /// The slack the docs give (up to a quarter of the timeout, at least 10 ms, late, plus the timer's own delay)
    /// is checked on the median, with room for a loaded machine.
    /// </summary>
    [Collection(TarantoolCollection.Name)]
    public sealed class TimeoutTests(TarantoolFixture fixture, ITestOutputHelper output)
    {
        private static readonly TimeSpan Duration = TimeSpan.FromMilliseconds(10);

        // The timer's period for a 10 ms timeout: a quarter of it, at least 10 ms.
        private static readonly TimeSpan Period = TimeSpan.FromMilliseconds(10);

        private static readonly TimeSpan Guard = TimeSpan.FromSeconds(20);

        /// <summary>
        /// How long <paramref name="call"/> took to throw a <see cref="TimeoutException"/>, by Stopwatch from before the
        /// call to the caller's continuation, which runs on the thread pool (as in a service, not through xunit's
        /// synchronization context, which would add its own delay to the slack).
        /// </summary>
        private static Task<TimeSpan> TimeToTimeoutAsync(Func<Task> call) => Task.Run(async () =>
        {
            long start = Stopwatch.GetTimestamp();
            try
            {
                await call().WaitAsync(Guard);
            }
            catch (TimeoutException)
            {
                return Stopwatch.GetElapsedTime(start);
            }

            throw new InvalidOperationException("The call did not time out.");
        });

        private void AssertNeverEarly(string what, TimeSpan[] elapsed)
        {
            Array.Sort(elapsed);
            TimeSpan median = elapsed[elapsed.Length / 2];
            output.WriteLine($"{what}: {elapsed.Length} timeouts of {Duration.TotalMilliseconds} ms after {elapsed[0].TotalMilliseconds:F2} ms at least, "
                + $"{median.TotalMilliseconds:F2} median, {elapsed[^1].TotalMilliseconds:F2} at most");
            Assert.True(elapsed[0] >= Duration, $"{what}: a timeout fired after {elapsed[0].TotalMilliseconds:F3} ms");
            // The slack: one period late, plus the timer's and the thread pool's delay, which a loaded machine (CI runs
            // every test project at once on 2 cores) stretches; a period of the wrong unit or size would show here.
            Assert.True(median <= Duration + Period + TimeSpan.FromMilliseconds(100), $"{what}: the median timeout fired after {median.TotalMilliseconds:F2} ms");
        }

        [TarantoolFact]
        public async Task A_request_timeout_never_fires_before_its_duration()
        {
            await using TarantoolConnection connection = await fixture.ConnectWithShortTimeoutsAsync(new TarantoolConnectionOptions { RequestTimeout = Duration });
            var elapsed = new TimeSpan[200];
            // In waves of 50 in flight; the server sleeps 1 s before it answers, far past the timeout and its slack
            // (the test does not wait for those answers: the connection closes first).
            for (int wave = 0; wave < elapsed.Length; wave += 50)
            {
                Task<TimeSpan>[] requests = Enumerable.Range(wave, 50).Select(i => TimeToTimeoutAsync(async () =>
                {
                    using TarantoolResponse _ = await connection.CallAsync("sleep_echo", Encode.SleepEcho(1, (uint)i));
                })).ToArray();
                (await Task.WhenAll(requests)).CopyTo(elapsed, wave);
            }

            AssertNeverEarly("RequestTimeout", elapsed);
        }

        [Fact]
        public async Task A_receive_idle_timeout_never_fires_before_its_duration()
        {
            using FakeTarantool server = FakeTarantool.Start();
            var elapsed = new TimeSpan[20];
            for (int i = 0; i < elapsed.Length; i++)
            {
                // Greets, then says nothing.
                Task served = server.ServeAsync(async peer =>
                {
                    await peer.SendGreetingAsync();
                    await peer.WaitForCloseAsync();
                });
                TarantoolConnection connection = await TarantoolConnection.ConnectAsync(server.EndPoint, new TarantoolConnectionOptions { ReceiveIdleTimeout = Duration }).WaitAsync(Guard);
                elapsed[i] = await TimeToTimeoutAsync(() => connection.PingAsync().AsTask());
                await connection.DisposeAsync();
                await served.WaitAsync(Guard);
            }

            AssertNeverEarly("ReceiveIdleTimeout", elapsed);
        }

        [Fact]
        public async Task A_connect_timeout_never_fires_before_its_duration()
        {
            // A listener that never accepts: the kernel completes the handshake, and no greeting ever comes.
            var listener = new TcpListener(IPAddress.Loopback, 0);
            listener.Start();
            try
            {
                var endPoint = (IPEndPoint)listener.LocalEndpoint;
                // CancelAfter, on the timer's coarse clock, fired early about once in 16 tries here: 50 tries.
                var elapsed = new TimeSpan[50];
                for (int i = 0; i < elapsed.Length; i++)
                {
                    elapsed[i] = await TimeToTimeoutAsync(() => TarantoolConnection.ConnectAsync(endPoint, new TarantoolConnectionOptions { ConnectTimeout = Duration }));
                }

                AssertNeverEarly("ConnectTimeout", elapsed);
            }
            finally
            {
                listener.Stop();
            }
        }
    }
}
