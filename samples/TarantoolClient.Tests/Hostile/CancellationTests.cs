using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests.Hostile
{
    /// <summary>
    /// Cancellation and timeouts against the fake server, which decides exactly when each answer arrives: before,
    /// during and after the cancellation, with 1,000 requests in flight. A cancelled request fails at once; its
    /// late answer is discarded and never reaches another request; the connection goes on.
    /// </summary>
    [Collection(TarantoolCollection.Name)]
    public sealed class CancellationTests : IDisposable
    {
        private const int Count = 1000;
        private static readonly TimeSpan Guard = TimeSpan.FromSeconds(20);
        private readonly FakeTarantool _server = FakeTarantool.Start();

        public void Dispose() => _server.Dispose();

        private static ulong Echoed(TarantoolResponse response)
        {
            MsgPackReader reader = response.GetDataReader();
            if (reader.ReadArrayHeader() != 1)
            {
                throw new InvalidOperationException("not an echo");
            }

            return reader.ReadUInt64();
        }

        /// <summary>Each request either gets its own answer (the echo of its own number) or the cancellation.</summary>
        private static async Task<(int Answered, int Cancelled)> OutcomesAsync(ValueTask<TarantoolResponse>[] requests)
        {
            int answered = 0, cancelled = 0;
            for (int i = 0; i < requests.Length; i++)
            {
                try
                {
                    using TarantoolResponse response = await requests[i].AsTask().WaitAsync(Guard);
                    Assert.Equal((ulong)i, Echoed(response));
                    answered++;
                }
                catch (OperationCanceledException)
                {
                    cancelled++;
                }
            }

            return (answered, cancelled);
        }

        private Task ServeEchoesAsync(Func<FakePeer, FakeRequest[], Task> answer, int count = Count) => _server.ServeAsync(async peer =>
        {
            await peer.SendGreetingAsync();
            FakeRequest[] requests = await peer.ReadRequestsAsync(count);
            await answer(peer, requests);
            // Then a well-behaved tail: the connection must still carry requests.
            while (true)
            {
                FakeRequest next = await peer.ReadRequestAsync();
                await peer.SendAsync(next.Code == (uint)IprotoCode.Ping ? Frames.Ok(next.Sync) : Frames.Echo(next.Sync, next.EchoArgument));
            }
        });

        private static byte[] Answers(IEnumerable<FakeRequest> requests) => Frames.Concat(requests.Select(r => Frames.Echo(r.Sync, r.EchoArgument)).ToArray());

        private static async Task TheConnectionGoesOnAsync(TarantoolConnection connection)
        {
            await connection.PingAsync().AsTask().WaitAsync(Guard);
            using TarantoolResponse response = await connection.CallAsync("echo", new UnsignedKey(4242)).AsTask().WaitAsync(Guard);
            Assert.Equal(4242UL, Echoed(response));
        }

        [Fact]
        public async Task Answers_before_the_cancellation_are_delivered_and_cancelling_then_does_nothing()
        {
            using var cancel = new CancellationTokenSource();
            var answered = new TaskCompletionSource();
            Task served = ServeEchoesAsync(async (peer, requests) =>
            {
                await peer.SendAsync(Answers(requests));
                answered.SetResult();
            });
            await using TarantoolConnection connection = await TarantoolConnection.ConnectAsync(_server.EndPoint).WaitAsync(Guard);
            ValueTask<TarantoolResponse>[] requests = Enumerable.Range(0, Count).Select(i => connection.CallAsync("echo", new UnsignedKey((ulong)i), cancel.Token)).ToArray();
            await answered.Task.WaitAsync(Guard);
            // Every answer is in once the last request's is: then cancel.
            using (TarantoolResponse last = await requests[^1].AsTask().WaitAsync(Guard))
            {
                Assert.Equal(Count - 1UL, Echoed(last));
            }

            requests[^1] = connection.CallAsync("echo", new UnsignedKey(Count - 1));
            cancel.Cancel();
            (int done, int cancelled) = await OutcomesAsync(requests);
            Assert.Equal((Count, 0), (done, cancelled));
            await TheConnectionGoesOnAsync(connection);
        }

        [Fact]
        public async Task Answers_during_the_cancellation_reach_their_own_request_or_none()
        {
            using var cancel = new CancellationTokenSource();
            var go = new TaskCompletionSource();
            Task served = ServeEchoesAsync(async (peer, requests) =>
            {
                go.SetResult();
                // Answered in reverse order, in small batches, while the client cancels.
                foreach (FakeRequest[] batch in requests.Reverse().Chunk(50))
                {
                    await peer.SendAsync(Answers(batch));
                    await Task.Yield();
                }
            });
            await using TarantoolConnection connection = await TarantoolConnection.ConnectAsync(_server.EndPoint).WaitAsync(Guard);
            ValueTask<TarantoolResponse>[] requests = Enumerable.Range(0, Count).Select(i => connection.CallAsync("echo", new UnsignedKey((ulong)i), cancel.Token)).ToArray();
            await go.Task.WaitAsync(Guard);
            cancel.Cancel();
            (int done, int cancelled) = await OutcomesAsync(requests);
            Assert.Equal(Count, done + cancelled);
            await TheConnectionGoesOnAsync(connection);
            // The late answers of the cancelled requests came in and freed their slots: no more slots than requests at once (+1).
            Assert.True(connection.SlotCount <= Count + 1, $"{connection.SlotCount} slots");
        }

        [Fact]
        public async Task Answers_after_the_cancellation_are_discarded_and_their_slots_wait_for_them()
        {
            using var cancel = new CancellationTokenSource();
            var release = new TaskCompletionSource();
            Task served = ServeEchoesAsync(async (peer, requests) =>
            {
                await release.Task;
                await peer.SendAsync(Answers(requests));
            });
            await using TarantoolConnection connection = await TarantoolConnection.ConnectAsync(_server.EndPoint).WaitAsync(Guard);
            // Every other request can be cancelled.
            ValueTask<TarantoolResponse>[] requests = Enumerable.Range(0, Count)
                .Select(i => connection.CallAsync("echo", new UnsignedKey((ulong)i), i % 2 == 0 ? cancel.Token : CancellationToken.None)).ToArray();
            cancel.Cancel();
            for (int i = 0; i < Count; i += 2)
            {
                await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => { using TarantoolResponse _ = await requests[i].AsTask().WaitAsync(Guard); });
            }

            // The cancelled requests' slots are still reserved for their late answers: a new request takes a new slot.
            Assert.Equal(Count, connection.SlotCount);
            ValueTask<TarantoolResponse> extra = connection.CallAsync("echo", new UnsignedKey(5000));
            Assert.Equal(Count + 1, connection.SlotCount);
            release.SetResult();
            for (int i = 1; i < Count; i += 2)
            {
                using TarantoolResponse response = await requests[i].AsTask().WaitAsync(Guard);
                Assert.Equal((ulong)i, Echoed(response));
            }

            using (TarantoolResponse response = await extra.AsTask().WaitAsync(Guard))
            {
                Assert.Equal(5000UL, Echoed(response));
            }

            await TheConnectionGoesOnAsync(connection);
            // The late answers freed the slots: the next 1,000 in flight need no new ones.
            ValueTask<TarantoolResponse>[] again = Enumerable.Range(0, Count).Select(i => connection.CallAsync("echo", new UnsignedKey((ulong)i))).ToArray();
            Assert.Equal((Count, 0), await OutcomesAsync(again));
            Assert.Equal(Count + 1, connection.SlotCount);
        }

        [Fact]
        public async Task A_request_timeout_fails_the_request_and_the_connection_goes_on()
        {
            var release = new TaskCompletionSource();
            Task served = ServeEchoesAsync(async (peer, requests) =>
            {
                await release.Task;
                await peer.SendAsync(Answers(requests));
            }, count: 10);
            await using TarantoolConnection connection = await TarantoolConnection.ConnectAsync(_server.EndPoint, new TarantoolConnectionOptions { RequestTimeout = TimeSpan.FromMilliseconds(300) }).WaitAsync(Guard);
            ValueTask<TarantoolResponse>[] requests = Enumerable.Range(0, 10).Select(i => connection.CallAsync("echo", new UnsignedKey((ulong)i))).ToArray();
            foreach (ValueTask<TarantoolResponse> request in requests)
            {
                await Assert.ThrowsAsync<TimeoutException>(async () => { using TarantoolResponse _ = await request.AsTask().WaitAsync(Guard); });
            }

            release.SetResult(); // the late answers: discarded
            await TheConnectionGoesOnAsync(connection);
        }

        [Fact]
        public async Task A_token_cancelled_already_sends_nothing_and_throws()
        {
            Task served = ServeEchoesAsync((peer, requests) => Task.CompletedTask, count: 0);
            await using TarantoolConnection connection = await TarantoolConnection.ConnectAsync(_server.EndPoint).WaitAsync(Guard);
            using var cancel = new CancellationTokenSource();
            cancel.Cancel();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => connection.PingAsync(cancel.Token).AsTask());
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => connection.CallAsync("echo", new UnsignedKey(1), cancel.Token).AsTask());
            Assert.Equal(0, connection.SlotCount);
            await TheConnectionGoesOnAsync(connection);
        }
    }
}
