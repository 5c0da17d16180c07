using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.SignalR;

namespace MsgPack.Spec.AspNetCore.Tests
{
    /// <summary>What the hub saw, for the tests to wait on.</summary>
    public sealed class HubRecorder
    {
        public TaskCompletionSource StreamCanceled { get; } = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);

        public TaskCompletionSource<string> FireAndForget { get; } = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);
    }

    public sealed class OrderHub(HubRecorder recorder) : Hub
    {
        public override Task OnConnectedAsync()
        {
            if (Context.GetHttpContext()?.Request.Query.ContainsKey("refuse") == true)
            {
                throw new HubException("refused at the door");
            }

            return Task.CompletedTask;
        }

        public Order Echo(Order order)
        {
            order.Id++;
            return order;
        }

        public int Add(int a, int b) => a + b;

        public string Describe(string? text, long big, double real, bool flag, byte[]? bytes, DateTime when, Guid id, int? maybe, int[] numbers) =>
            $"{text}|{big}|{real}|{flag}|{(bytes is null ? "null" : Convert.ToHexString(bytes))}|{when:O}|{id}|{(maybe is null ? "null" : maybe)}|{string.Join(",", numbers)}";

        public void Fire(string text) => recorder.FireAndForget.TrySetResult(text);

        public Task Notify(Order order) => Clients.Caller.SendAsync("Notified", order);

        public Order[] Many(int count)
        {
            var orders = new Order[count];
            for (int i = 0; i < count; i++)
            {
                orders[i] = Order.Sample(i);
            }

            return orders;
        }

        public async IAsyncEnumerable<Order> Orders(int count, [EnumeratorCancellation] CancellationToken cancellationToken)
        {
            for (int i = 0; i < count; i++)
            {
                cancellationToken.ThrowIfCancellationRequested();
                yield return Order.Sample(i);
                await Task.Yield();
            }
        }

        public async IAsyncEnumerable<int> Endless([EnumeratorCancellation] CancellationToken cancellationToken)
        {
            try
            {
                for (int i = 0; ; i++)
                {
                    yield return i;
                    await Task.Delay(5, cancellationToken);
                }
            }
            finally
            {
                recorder.StreamCanceled.TrySetResult();
            }
        }

        public async Task<int> Upload(IAsyncEnumerable<Order> orders)
        {
            int sum = 0;
            await foreach (Order order in orders)
            {
                sum += order.Id;
            }

            return sum;
        }

        public int Depth(Node? node)
        {
            int depth = 0;
            for (; node is not null; node = node.Child)
            {
                depth++;
            }

            return depth;
        }

        public Task Fail() => throw new HubException("refused: the order is closed");

        public Task<int> AskClient(int value) => Clients.Caller.InvokeAsync<int>("Twice", value, CancellationToken.None);

        public Task<Order> AskClientForOrder(int id) => Clients.Caller.InvokeAsync<Order>("MakeOrder", id, CancellationToken.None);
    }
}
