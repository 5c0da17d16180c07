using System;
using System.Collections.Concurrent;
using System.Linq;
using System.Threading.Tasks;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    [Collection(TarantoolCollection.Name)]
    public sealed class PipelineTests(TarantoolFixture fixture)
    {
        [TarantoolFact]
        public async Task A_thousand_pipelined_requests_get_their_own_responses_split_across_reads()
        {
            const int Count = 1000;
            // Tiny segments (7 bytes asked, 16 from the array pool): every response arrives in pieces, and the frame
            // reader waits for the rest of each.
            await using TarantoolConnection connection = await fixture.ConnectAsync(new TarantoolConnectionOptions { ReceiveSegmentSize = 7 });
            for (ulong id = 0; id < Count; id++)
            {
                using TarantoolResponse _ = await connection.ReplaceAsync(fixture.ValuesSpace, new Account(200_000 + id, "p" + id, -(long)id));
            }

            long readsBefore = connection.ReadCount, responsesBefore = connection.ResponseCount;
            ValueTask<TarantoolResponse>[] inFlight = new ValueTask<TarantoolResponse>[Count];
            for (int i = 0; i < Count; i++)
            {
                // Every request is sent before any response is awaited.
                inFlight[i] = connection.SelectAsync(fixture.ValuesSpace, 0, new UnsignedKey(200_000 + (ulong)i));
            }

            for (int i = 0; i < Count; i++)
            {
                using TarantoolResponse response = await inFlight[i];
                MsgPackReader reader = response.GetDataReader();
                Assert.Equal(1, reader.ReadArrayHeader());
                Assert.Equal(new Account(200_000 + (ulong)i, "p" + i, -i), Account.Read(ref reader));
            }

            Assert.Equal(Count, connection.ResponseCount - responsesBefore);
            // A response is about 50 bytes, so 3 reads or more each.
            Assert.True(connection.ReadCount - readsBefore >= 3 * Count, $"{connection.ReadCount - readsBefore} reads for {Count} responses");
            // The slots were reused: no more of them than requests in flight at once.
            Assert.True(connection.SlotCount <= Count + 1, $"{connection.SlotCount} slots");
        }

        [TarantoolFact]
        public async Task Responses_that_come_back_out_of_order_find_their_requests()
        {
            const int Count = 20;
            TarantoolConnection connection = fixture.Connection;
            var completionOrder = new ConcurrentQueue<uint>();
            Task[] calls = Enumerable.Range(0, Count).Select(async i =>
            {
                // The first request sleeps longest: the server answers in the reverse order.
                using TarantoolResponse response = await connection.CallAsync("sleep_echo", Encode.SleepEcho(0.02 * (Count - i), (uint)i));
                MsgPackReader reader = response.GetDataReader();
                Assert.Equal(1, reader.ReadArrayHeader());
                uint echoed = reader.ReadUInt32();
                Assert.Equal((uint)i, echoed);
                completionOrder.Enqueue(echoed);
            }).ToArray();
            await Task.WhenAll(calls);
            uint[] order = completionOrder.ToArray();
            Assert.Equal(Count, order.Length);
            Assert.True(order[0] > order[^1], "the last request sent was answered first: " + string.Join(",", order));
        }

        [TarantoolFact]
        public async Task A_response_over_64_KiB_arrives_across_pipe_segments()
        {
            const int Length = 300_000;
            // 4 KiB segments: the response spans about 75 of them.
            await using TarantoolConnection connection = await fixture.ConnectAsync(new TarantoolConnectionOptions { ReceiveSegmentSize = 4096 });
            using TarantoolResponse response = await connection.CallAsync("big", new UnsignedKey(Length));
            Assert.True(response.Body.Length > Length);
            MsgPackReader reader = response.GetDataReader();
            Assert.Equal(1, reader.ReadArrayHeader());
            string text = reader.ReadString();
            Assert.Equal(Length, text.Length);
            Assert.True(text.All(c => c == 'x'));
            // The same connection carries the next request.
            await connection.PingAsync();
        }

        [TarantoolFact]
        public async Task A_response_longer_than_the_limit_closes_the_connection_before_it_is_buffered()
        {
            await using TarantoolConnection connection = await fixture.ConnectAsync(new TarantoolConnectionOptions { MaxResponseLength = 10_000 });
            var error = await Assert.ThrowsAsync<TarantoolProtocolException>(async () =>
            {
                using TarantoolResponse _ = await connection.CallAsync("big", new UnsignedKey(20_000));
            });
            Assert.Contains("length prefix", error.Message, StringComparison.Ordinal);
            Assert.True(error.ConnectionClosed);
        }
    }
}
