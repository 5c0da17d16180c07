using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace MsgPack.Spec.AspNetCore.Tests
{
    /// <summary>
    /// The real SignalR server and .NET client over WebSockets on Kestrel, each end on our protocol or the official one:
    /// every pairing runs the same calls (results, fire and forget, server-to-client invocations, client results,
    /// streams both ways, cancellation, errors, a refused connection's close, keep-alive pings, stateful reconnect's acks).
    /// </summary>
    public sealed class HubInteropTests
    {
        public static TheoryData<bool, bool> Pairings() => new TheoryData<bool, bool>
        {
            { true, false },  // the official client against a hub on ours
            { false, true },  // our protocol in the client against a hub on the official one
            { true, true },
            { false, false }, // the official pair: the yardstick the test itself is checked with
        };

        internal static Task<Host> StartHub(bool oursOnServer, long? maxMessageSize = null) =>
            Host.StartAsync(
                services =>
                {
                    services.AddSingleton<HubRecorder>();
                    ISignalRServerBuilder signalR = services.AddSignalR(o =>
                    {
                        o.EnableDetailedErrors = true;
                        o.KeepAliveInterval = TimeSpan.FromMilliseconds(200);
                        if (maxMessageSize is not null)
                        {
                            o.MaximumReceiveMessageSize = maxMessageSize;
                        }
                    });
                    if (oursOnServer)
                    {
                        signalR.AddMsgPackProtocol(o => HubProtocolBytesTests.Configure(o));
                    }
                    else
                    {
                        signalR.AddMessagePackProtocol();
                    }
                },
                app => app.MapHub<OrderHub>("/hub", o => o.AllowStatefulReconnects = true));

        internal static HubConnection Connect(Host host, bool oursOnClient, string query = "")
        {
            IHubConnectionBuilder builder = new HubConnectionBuilder()
                .WithUrl(new Uri(host.Address, "hub" + query), HttpTransportType.WebSockets, o => o.SkipNegotiation = true)
                .WithStatefulReconnect()
                .WithKeepAliveInterval(TimeSpan.FromMilliseconds(200));
            if (oursOnClient)
            {
                builder.AddMsgPackProtocol(o => HubProtocolBytesTests.Configure(o));
            }
            else
            {
                builder.AddMessagePackProtocol();
            }

            return builder.Build();
        }

        [Theory]
        [MemberData(nameof(Pairings))]
        public async Task Invocations_results_and_server_to_client_calls(bool oursOnServer, bool oursOnClient)
        {
            await using Host host = await StartHub(oursOnServer);
            await using HubConnection connection = Connect(host, oursOnClient);
            var notified = new TaskCompletionSource<Order>(TaskCreationOptions.RunContinuationsAsynchronously);
            connection.On<Order>("Notified", o => notified.TrySetResult(o));
            connection.On("Twice", (int value) => value * 2);
            connection.On("MakeOrder", (int id) => Order.Sample(id));
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
            await connection.StartAsync(timeout.Token);

            Order echoed = await connection.InvokeAsync<Order>("Echo", Order.Sample(5), timeout.Token);
            Order expected = Order.Sample(5);
            expected.Id = 6;
            Assert.True(expected.SameAs(echoed));

            Assert.Equal(5, await connection.InvokeAsync<int>("Add", 2, 3, timeout.Token));
            var when = new DateTime(2026, 11, 29, 8, 30, 0, DateTimeKind.Utc);
            var id = Guid.Parse("6f9619ff-8b86-d011-b42d-00c04fc964ff");
            string described = await connection.InvokeCoreAsync<string>("Describe", ["text", long.MinValue, 1.5, true, new byte[] { 0xca, 0xfe }, when, id, null, new[] { 1, 2 }], timeout.Token);
            Assert.Equal($"text|{long.MinValue}|1.5|True|CAFE|{when:O}|{id}|null|1,2", described);

            Order[] many = await connection.InvokeAsync<Order[]>("Many", 3, timeout.Token);
            Assert.Equal([0, 1, 2], many.Select(o => o.Id));

            // A non-blocking invocation (no invocation id), and the server invoking the client.
            await connection.SendAsync("Fire", "and forget", timeout.Token);
            Assert.Equal("and forget", await host.Services.GetRequiredService<HubRecorder>().FireAndForget.Task.WaitAsync(timeout.Token));
            await connection.SendAsync("Notify", Order.Sample(9), timeout.Token);
            Assert.True(Order.Sample(9).SameAs(await notified.Task.WaitAsync(timeout.Token)));

            // Client results: the server's invocation, the client's completion with a result.
            Assert.Equal(42, await connection.InvokeAsync<int>("AskClient", 21, timeout.Token));
            Assert.True(Order.Sample(4).SameAs(await connection.InvokeAsync<Order>("AskClientForOrder", 4, timeout.Token)));

            // A completion with an error.
            HubException error = await Assert.ThrowsAsync<HubException>(() => connection.InvokeAsync("Fail", timeout.Token));
            Assert.Contains("refused: the order is closed", error.Message);

            // Keep-alive pings both ways every 200 ms, stateful reconnect's acks: the connection is still well after a second.
            await Task.Delay(1000, timeout.Token);
            Assert.Equal(HubConnectionState.Connected, connection.State);
            Assert.Equal(7, await connection.InvokeAsync<int>("Add", 3, 4, timeout.Token));
        }

        [Theory]
        [MemberData(nameof(Pairings))]
        public async Task Streams_both_ways_and_their_cancellation(bool oursOnServer, bool oursOnClient)
        {
            await using Host host = await StartHub(oursOnServer);
            await using HubConnection connection = Connect(host, oursOnClient);
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
            await connection.StartAsync(timeout.Token);

            // Server to client: a stream invocation, its items, its completion.
            var received = new List<Order>();
            await foreach (Order order in connection.StreamAsync<Order>("Orders", 20, timeout.Token))
            {
                received.Add(order);
            }

            Assert.Equal(Enumerable.Range(0, 20), received.Select(o => o.Id));
            Assert.True(Order.Sample(19).SameAs(received[19]));

            // Client to server: the client's stream items and completion, into IAsyncEnumerable<Order>.
            Assert.Equal(Enumerable.Range(0, 10).Sum(), await connection.InvokeAsync<int>("Upload", Upload(10), timeout.Token));

            // Cancel invocation: stop reading a stream that never ends.
            using var stop = new CancellationTokenSource();
            int seen = 0;
            await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
            {
                await foreach (int item in connection.StreamAsync<int>("Endless", stop.Token))
                {
                    Assert.Equal(seen++, item);
                    if (seen == 5)
                    {
                        stop.Cancel();
                    }
                }
            });
            await host.Services.GetRequiredService<HubRecorder>().StreamCanceled.Task.WaitAsync(timeout.Token);
            Assert.Equal(HubConnectionState.Connected, connection.State);
        }

        [Theory]
        [MemberData(nameof(Pairings))]
        public async Task A_refused_connection_is_closed_with_the_servers_error(bool oursOnServer, bool oursOnClient)
        {
            await using Host host = await StartHub(oursOnServer);
            await using HubConnection connection = Connect(host, oursOnClient, "?refuse=1");
            var closed = new TaskCompletionSource<Exception?>(TaskCreationOptions.RunContinuationsAsynchronously);
            connection.Closed += e =>
            {
                closed.TrySetResult(e);
                return Task.CompletedTask;
            };
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
            try
            {
                await connection.StartAsync(timeout.Token);
            }
            catch (Exception refused)
            {
                // The close may arrive before StartAsync returns: then it throws with the server's error.
                Assert.Contains("refused at the door", refused.Message);
                return;
            }

            Exception? reason = await closed.Task.WaitAsync(timeout.Token);
            Assert.NotNull(reason);
            Assert.Contains("refused at the door", reason.Message);
        }

        private static async IAsyncEnumerable<Order> Upload(int count, [EnumeratorCancellation] CancellationToken cancellationToken = default)
        {
            for (int i = 0; i < count; i++)
            {
                yield return Order.Sample(i);
                await Task.Yield();
            }
        }
    }
}
