using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using MessagePack;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using MsgPack.Spec;
using MsgPack.Spec.AspNetCore;
using MsgPack.Spec.AspNetCore.Throughput;

double seconds = Option("--seconds", 1.0);
int rounds = (int)Option("--rounds", 5);
string? output = args.SkipWhile(a => a != "--out").Skip(1).FirstOrDefault();
const int InFlight = 8;

Order[] document = Order.Document();
byte[] oursBody = Encode(document);
byte[] mpcBody = MessagePackSerializer.Serialize(document, MessagePackSerializerOptions.Standard);
byte[] jsonBody = JsonSerializer.SerializeToUtf8Bytes(document);
if (!oursBody.AsSpan().SequenceEqual(mpcBody))
{
    throw new InvalidOperationException("Ours and MessagePack-CSharp do not write the same bytes for the document: the rows would not compare.");
}

await using var mvcOurs = await Start(s => s.AddControllers().AddMsgPackFormatters(o => o.Types.Add<Order>()).AddApplicationPart(typeof(OrdersController).Assembly), a => a.MapControllers());
await using var mvcMpc = await Start(
    s => s.AddControllers(o =>
    {
        o.InputFormatters.Insert(0, new MpcInputFormatter());
        o.OutputFormatters.Insert(0, new MpcOutputFormatter());
    }).AddApplicationPart(typeof(OrdersController).Assembly),
    a => a.MapControllers());
await using var mvcJson = await Start(s => s.AddControllers().AddApplicationPart(typeof(OrdersController).Assembly), a => a.MapControllers());
await using var hubOurs = await Start(s => s.AddSignalR().AddMsgPackProtocol(o => o.Types.Add<Order>()), a => a.MapHub<EchoHub>("/hub"));
await using var hubOfficial = await Start(s => s.AddSignalR().AddMessagePackProtocol(), a => a.MapHub<EchoHub>("/hub"));

Order single = document[7];
await using HubConnection oursConnection = await Connect(hubOurs, ours: true);
await using HubConnection officialConnection = await Connect(hubOfficial, ours: false);

var rows = new List<Row>
{
    new Row("MVC round trip", "MsgPack.Spec.AspNetCore", () => Post(mvcOurs, oursBody, MsgPackMediaTypes.XMsgPack, DecodeOurs)),
    new Row("MVC round trip", "MessagePack-CSharp 2.5.302", () => Post(mvcMpc, mpcBody, MsgPackMediaTypes.XMsgPack, b => MessagePackSerializer.Deserialize<Order[]>(b, MessagePackSerializerOptions.Standard).Length), baseline: true),
    new Row("MVC round trip", "System.Text.Json", () => Post(mvcJson, jsonBody, "application/json", b => JsonSerializer.Deserialize<Order[]>(b)!.Length)),
    new Row("hub invocation", "MsgPackHubProtocol", async () => (await oursConnection.InvokeAsync<Order>("Echo", single)).Lines.Count),
    new Row("hub invocation", "MessagePackHubProtocol 10.0.12", async () => (await officialConnection.InvokeAsync<Order>("Echo", single)).Lines.Count, baseline: true),
    new Row("hub invocation, 16 orders", "MsgPackHubProtocol", async () => (await oursConnection.InvokeAsync<Order[]>("EchoAll", document)).Length),
    new Row("hub invocation, 16 orders", "MessagePackHubProtocol 10.0.12", async () => (await officialConnection.InvokeAsync<Order[]>("EchoAll", document)).Length, baseline: true),
};

// The protocols alone: one invocation of Echo(order) written and parsed, on this thread.
var protocolRows = new List<(string Name, IHubProtocol Protocol)>
{
    ("MsgPackHubProtocol", new MsgPackHubProtocol(Options.Create(Configure(new MsgPackHubProtocolOptions())))),
    ("MessagePackHubProtocol 10.0.12", new MessagePackHubProtocol()),
};

Console.WriteLine($"{rounds} rounds of {seconds} s per row, rows interleaved, {InFlight} requests in flight; document {oursBody.Length} B as MessagePack, {jsonBody.Length} B as JSON");
foreach (Row row in rows)
{
    await row.Run(0.3, InFlight); // warm-up: tiering, connection pools
}

(string Name, bool Write, bool Parse)[] protocolModes = [("write + parse", true, true), ("write", true, false), ("parse", false, true)];
var protocolResults = new Dictionary<(string, string), List<(double Ns, double Bytes)>>();
for (int round = 0; round < rounds; round++)
{
    foreach (Row row in rows)
    {
        await row.Run(seconds, InFlight, record: true);
    }

    foreach ((string mode, bool write, bool parse) in protocolModes)
    {
        foreach ((string name, IHubProtocol protocol) in protocolRows)
        {
            if (!protocolResults.TryGetValue((mode, name), out var results))
            {
                protocolResults[(mode, name)] = results = new List<(double Ns, double Bytes)>();
            }

            results.Add(MeasureProtocol(protocol, single, seconds / 4, write, parse));
        }
    }

    Console.WriteLine($"round {round + 1} of {rounds} done");
}

var report = new StringBuilder();
report.AppendLine("| workload | row | requests/s (median) | ratio to the peer | allocated per request (whole process) |");
report.AppendLine("| --- | --- | ---: | ---: | ---: |");
foreach (IGrouping<string, Row> group in rows.GroupBy(r => r.Workload))
{
    Row peer = group.Single(r => r.Baseline);
    foreach (Row row in group)
    {
        report.AppendLine($"| {row.Workload} | {row.Name} | {row.MedianRate:N0} | {row.MedianRate / peer.MedianRate:0.00}x | {row.MedianBytes:N0} B |");
    }
}

report.AppendLine();
report.AppendLine("| protocol alone, one invocation of Echo(order) | protocol | ns per message (median) | ratio to the official | allocated per message |");
report.AppendLine("| --- | --- | ---: | ---: | ---: |");
foreach ((string mode, _, _) in protocolModes)
{
    double officialNs = Median(protocolResults[(mode, "MessagePackHubProtocol 10.0.12")].Select(r => r.Ns));
    foreach ((string name, _) in protocolRows)
    {
        double ns = Median(protocolResults[(mode, name)].Select(r => r.Ns));
        report.AppendLine($"| {mode} | {name} | {ns:N0} | {ns / officialNs:0.00}x | {Median(protocolResults[(mode, name)].Select(r => r.Bytes)):N0} B |");
    }
}

report.AppendLine();
report.AppendLine("```");
report.AppendLine($"finished: {DateTime.UtcNow:yyyy-MM-dd HH:mm:ss} UTC; {rounds} rounds of {seconds} s per row, interleaved; {InFlight} requests in flight");
report.AppendLine($"runtime: {RuntimeInformation.FrameworkDescription}, {RuntimeInformation.OSDescription}, {RuntimeInformation.ProcessArchitecture}, {Environment.ProcessorCount} cores, workstation GC");
report.AppendLine($"cpu: {Cpu()}");
report.AppendLine($"load average (1, 5, 15 min) at the end: {Load()}");
report.AppendLine("```");
Console.WriteLine();
Console.Write(report);
if (output is not null)
{
    Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(output))!);
    File.WriteAllText(output, "# ASP.NET Core figures (benchmarks/MsgPack.Spec.AspNetCore.Throughput)\n\n" + report);
}

return 0;

double Option(string name, double fallback)
{
    int at = Array.IndexOf(args, name);
    return at >= 0 && at + 1 < args.Length ? double.Parse(args[at + 1], CultureInfo.InvariantCulture) : fallback;
}

static MsgPackHubProtocolOptions Configure(MsgPackHubProtocolOptions options)
{
    options.Types.Add<Order>();
    return options;
}

static byte[] Encode(Order[] orders)
{
    var output = new ArrayBufferWriter<byte>();
    var writer = new MsgPackWriter(output);
    writer.WriteArrayHeader(orders.Length);
    foreach (Order order in orders)
    {
        Order.Write(ref writer, order);
    }

    writer.Flush();
    return output.WrittenSpan.ToArray();
}

static int DecodeOurs(byte[] bytes)
{
    var reader = new MsgPackReader(bytes);
    int count = reader.ReadArrayHeader();
    for (int i = 0; i < count; i++)
    {
        _ = Order.Read(ref reader);
    }

    return count;
}

static async Task<int> Post(Server server, byte[] body, string mediaType, Func<byte[], int> decode)
{
    using var content = new ByteArrayContent(body);
    content.Headers.ContentType = new MediaTypeHeaderValue(mediaType);
    using var request = new HttpRequestMessage(HttpMethod.Post, "orders") { Content = content };
    request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(mediaType));
    using HttpResponseMessage response = await server.Client.SendAsync(request);
    response.EnsureSuccessStatusCode();
    int count = decode(await response.Content.ReadAsByteArrayAsync());
    return count == 16 ? count : throw new InvalidOperationException("the document came back with " + count + " orders");
}

static (double Ns, double Bytes) MeasureProtocol(IHubProtocol protocol, Order order, double seconds, bool write, bool parse)
{
    var message = new InvocationMessage("1", "Echo", [order]);
    var binder = new EchoBinder();
    var output = new ArrayBufferWriter<byte>(4096);
    protocol.WriteMessage(message, output);
    ReadOnlyMemory<byte> written = output.WrittenMemory.ToArray();
    long count = 0;
    long allocated = GC.GetAllocatedBytesForCurrentThread();
    var clock = Stopwatch.StartNew();
    while (clock.Elapsed.TotalSeconds < seconds)
    {
        for (int i = 0; i < 1000; i++)
        {
            if (write)
            {
                output.ResetWrittenCount();
                protocol.WriteMessage(message, output);
            }

            if (parse)
            {
                var input = new ReadOnlySequence<byte>(written);
                if (!protocol.TryParseMessage(ref input, binder, out HubMessage? parsed) || parsed is not InvocationMessage)
                {
                    throw new InvalidOperationException(protocol.GetType().Name + " did not read its own message back");
                }
            }
        }

        count += 1000;
    }

    return (clock.Elapsed.TotalMilliseconds * 1e6 / count, (double)(GC.GetAllocatedBytesForCurrentThread() - allocated) / count);
}

static double Median(IEnumerable<double> values)
{
    double[] sorted = values.OrderBy(v => v).ToArray();
    return sorted[sorted.Length / 2];
}

static async Task<Server> Start(Action<IServiceCollection> services, Action<WebApplication> endpoints)
{
    WebApplicationBuilder builder = WebApplication.CreateBuilder();
    builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
    builder.Logging.ClearProviders();
    services(builder.Services);
    WebApplication app = builder.Build();
    endpoints(app);
    await app.StartAsync();
    string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
    return new Server(app, new Uri(address + "/"));
}

static async Task<HubConnection> Connect(Server server, bool ours)
{
    IHubConnectionBuilder builder = new HubConnectionBuilder()
        .WithUrl(new Uri(server.Address, "hub"), HttpTransportType.WebSockets, o => o.SkipNegotiation = true);
    builder = ours ? builder.AddMsgPackProtocol(o => Configure(o)) : builder.AddMessagePackProtocol();
    HubConnection connection = builder.Build();
    await connection.StartAsync();
    return connection;
}

static string Cpu()
{
    try
    {
        return File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))?.Split(':', 2)[1].Trim() ?? "?";
    }
    catch (IOException)
    {
        return "?";
    }
}

static string Load()
{
    try
    {
        return string.Join(", ", File.ReadAllText("/proc/loadavg").Split(' ').Take(3));
    }
    catch (IOException)
    {
        return "?";
    }
}

internal sealed class Server(WebApplication app, Uri address) : IAsyncDisposable
{
    public Uri Address { get; } = address;

    public HttpClient Client { get; } = new HttpClient { BaseAddress = address };

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await app.StopAsync();
        await app.DisposeAsync();
    }
}

internal sealed class EchoBinder : IInvocationBinder
{
    private static readonly Type[] Parameters = [typeof(Order)];

    public Type GetReturnType(string invocationId) => typeof(Order);

    public IReadOnlyList<Type> GetParameterTypes(string methodName) => Parameters;

    public Type GetStreamItemType(string streamId) => typeof(Order);
}

/// <summary>One row: requests kept <c>inFlight</c> at a time for a while; its rate and allocation per request per round.</summary>
internal sealed class Row(string workload, string name, Func<Task<int>> request, bool baseline = false)
{
    private readonly List<double> _rates = new List<double>();
    private readonly List<double> _bytes = new List<double>();

    public string Workload { get; } = workload;

    public string Name { get; } = name;

    public bool Baseline { get; } = baseline;

    public double MedianRate => _rates.OrderBy(r => r).ElementAt(_rates.Count / 2);

    public double MedianBytes => _bytes.OrderBy(r => r).ElementAt(_bytes.Count / 2);

    public async Task Run(double seconds, int inFlight, bool record = false)
    {
        long done = 0;
        long allocated = GC.GetTotalAllocatedBytes(precise: true);
        var clock = Stopwatch.StartNew();
        var workers = new Task[inFlight];
        for (int w = 0; w < inFlight; w++)
        {
            workers[w] = Task.Run(async () =>
            {
                while (clock.Elapsed.TotalSeconds < seconds)
                {
                    await request();
                    Interlocked.Increment(ref done);
                }
            });
        }

        await Task.WhenAll(workers);
        double elapsed = clock.Elapsed.TotalSeconds;
        long bytes = GC.GetTotalAllocatedBytes(precise: true) - allocated;
        if (record)
        {
            _rates.Add(done / elapsed);
            _bytes.Add((double)bytes / done);
        }
    }
}
