using System;
using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using MsgPack.Spec;
using MsgPack.Spec.AspNetCore;
using MsgPack.Spec.AspNetCore.AotApp;
using MsgPack.Spec.AspNetCore.Tests;

// serve: the server, which prints its address and runs until its standard input closes.
// client URL: the checks against a server, "aspnetcore aot: N checks passed" (exit 0) or the failures (exit 1).
if (args.Length == 2 && args[0] == "client")
{
    return await Client.RunAsync(new Uri(args[1]));
}

WebApplicationBuilder builder = WebApplication.CreateSlimBuilder(args);
builder.WebHost.UseUrls("http://127.0.0.1:0");
builder.Logging.ClearProviders();
builder.Services.AddMsgPackHttp(o => o.MaxBodyLength = 64 * 1024);
builder.Services.AddSignalR().AddMsgPackProtocol(o => o.Types.Add<Order>());
WebApplication app = builder.Build();
app.MapPost("/orders", (MsgPackBody<Order> order) => order.IsValid ? MsgPackResults.Ok(order.Value) : order.Problem);
app.MapHub<OrderHub>("/hub");
await app.StartAsync();
Console.WriteLine("listening " + app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First());
await Console.In.ReadToEndAsync();
await app.StopAsync();
return 0;

internal static class Client
{
    public static async Task<int> RunAsync(Uri address)
    {
        var failures = new List<string>();
        int checks = 0;
        void Check(bool condition, string what)
        {
            checks++;
            if (!condition)
            {
                failures.Add(what);
            }
        }

        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        try
        {
            using var http = new HttpClient { BaseAddress = address };

            // A body read and a result written by the minimal API.
            var order = new Order { Id = 21, Customer = "Ada", Lines = { new OrderLine { Sku = "KB", Quantity = 2 } } };
            using var content = new ByteArrayContent(Encode(order));
            content.Headers.ContentType = new MediaTypeHeaderValue(MsgPackMediaTypes.XMsgPack);
            using HttpResponseMessage response = await http.PostAsync("orders", content, timeout.Token);
            Check(response.StatusCode == HttpStatusCode.OK, "POST /orders: 200");
            Order back = Decode(await response.Content.ReadAsByteArrayAsync(timeout.Token));
            Check(back.Id == 21 && back.Customer == "Ada" && back.Lines.Single().Sku == "KB", "POST /orders: the order back");

            // A malformed body: 400 with the reason, a body over the limit: 413.
            using var malformed = new ByteArrayContent(new byte[] { 0xc1 });
            malformed.Headers.ContentType = new MediaTypeHeaderValue(MsgPackMediaTypes.XMsgPack);
            using HttpResponseMessage bad = await http.PostAsync("orders", malformed, timeout.Token);
            string reason = await bad.Content.ReadAsStringAsync(timeout.Token);
            Check(bad.StatusCode == HttpStatusCode.BadRequest && reason.Contains("Order", StringComparison.Ordinal) && !reason.Contains("   at ", StringComparison.Ordinal), "POST /orders malformed: 400, no stack trace");
            using var big = new ByteArrayContent(Encode(new Order { Customer = new string('x', 100_000) }));
            big.Headers.ContentType = new MediaTypeHeaderValue(MsgPackMediaTypes.XMsgPack);
            using HttpResponseMessage tooLarge = await http.PostAsync("orders", big, timeout.Token);
            Check(tooLarge.StatusCode == HttpStatusCode.RequestEntityTooLarge, "POST /orders over the limit: 413");

            // The hub on our protocol, from the .NET client on our protocol.
            var url = new Uri(address, "hub");
            await using HubConnection connection = new HubConnectionBuilder().WithUrl(url).AddMsgPackProtocol(o => o.Types.Add<Order>()).Build();
            await connection.StartAsync(timeout.Token);
            Check(await connection.InvokeAsync<int>("Add", 20, 22, timeout.Token) == 42, "hub: Add");
            Order echoed = await connection.InvokeAsync<Order>("Echo", order, timeout.Token);
            Check(echoed.Id == 22 && echoed.Lines.Single().Quantity == 2, "hub: Echo");
            int count = 0;
            await foreach (Order item in connection.StreamAsync<Order>("Orders", 10, timeout.Token))
            {
                Check(item.Id == count++, "hub: stream item " + item.Id);
            }

            Check(count == 10, "hub: stream of 10");
            Check(await connection.InvokeAsync<int>("Upload", Upload(5), timeout.Token) == 10, "hub: upload stream");
            try
            {
                await connection.InvokeAsync("Fail", timeout.Token);
                Check(false, "hub: Fail throws");
            }
            catch (HubException exception)
            {
                Check(exception.Message.Contains("refused", StringComparison.Ordinal), "hub: Fail's error: " + exception.Message);
            }
        }
        catch (Exception exception)
        {
            failures.Add("unexpected " + exception);
            checks++;
        }

        if (failures.Count == 0)
        {
            Console.WriteLine($"aspnetcore aot: {checks} checks passed");
            return 0;
        }

        foreach (string failure in failures)
        {
            Console.WriteLine("FAILED: " + failure);
        }

        Console.WriteLine($"aspnetcore aot: {failures.Count} of {checks} checks failed");
        return 1;
    }

    private static byte[] Encode(Order order)
    {
        byte[] bytes = new byte[Order.GetEncodedLength(order)];
        Span<byte> rest = bytes;
        Order.Write(ref rest, order);
        return bytes;
    }

    private static Order Decode(byte[] bytes)
    {
        var reader = new MsgPackReader(bytes);
        return Order.Read(ref reader);
    }

    private static async IAsyncEnumerable<Order> Upload(int count, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        for (int i = 0; i < count; i++)
        {
            yield return new Order { Id = i };
            await Task.Yield();
        }
    }
}
