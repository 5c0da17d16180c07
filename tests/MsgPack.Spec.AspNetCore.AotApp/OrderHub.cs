using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.SignalR;
using MsgPack.Spec.AspNetCore.Tests;

namespace MsgPack.Spec.AspNetCore.AotApp
{
    public sealed class OrderHub : Hub
    {
        public Order Echo(Order order)
        {
            order.Id++;
            return order;
        }

        public int Add(int a, int b) => a + b;

        public async IAsyncEnumerable<Order> Orders(int count, [EnumeratorCancellation] CancellationToken cancellationToken)
        {
            for (int i = 0; i < count; i++)
            {
                cancellationToken.ThrowIfCancellationRequested();
                yield return Order.Sample(i);
                await Task.Yield();
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

        // Thrown from the task, not from the call: under native AOT the hub's method is invoked through reflection,
        // which wraps an exception thrown synchronously in a TargetInvocationException that SignalR then reports as
        // "an unexpected error" without its message.
        public async Task Fail()
        {
            await Task.Yield();
            throw new HubException("refused");
        }
    }
}
