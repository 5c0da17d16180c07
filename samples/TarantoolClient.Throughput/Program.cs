using System;
using System.Buffers;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using MsgPack.Spec;
using MsgPack.Spec.Samples.Tarantool;
using MsgPack.Spec.Samples.Tarantool.Tests;
using MsgPack.Spec.Samples.Tarantool.Throughput;

// ./build.sh throughput [--seconds S] [--in-flight N] [--perf DIR]: PING and SELECT against a Tarantool of our own on 127.0.0.1,
// N requests in flight (N async loops, each awaiting its request and sending the next), each workload for S seconds
// after a warm-up. Prints requests per second, the CPU time of the client and of the server per request, what the
// client allocated, and the time the library's calls take per request, measured apart on the same bytes. With
// --perf (run with DOTNET_PerfMapEnabled=1, as build.sh does), perf samples the client during each workload and the
// samples are summed by whose code they were in: the library, the sample, Pipelines, sockets, the runtime, the kernel.
int seconds = 5, inFlight = 1000;
string? perfDirectory = null;
for (int i = 0; i + 1 < args.Length; i += 2)
{
    switch (args[i])
    {
        case "--seconds": seconds = int.Parse(args[i + 1], CultureInfo.InvariantCulture); break;
        case "--in-flight": inFlight = int.Parse(args[i + 1], CultureInfo.InvariantCulture); break;
        case "--perf": perfDirectory = Directory.CreateDirectory(args[i + 1]).FullName; break;
        default: Console.Error.WriteLine($"unknown option {args[i]}"); return 2;
    }
}

using TarantoolServer server = TarantoolServer.Start();
await using TarantoolConnection connection = await TarantoolConnection.ConnectAsync(server.EndPoint, new TarantoolConnectionOptions { User = "tester", Password = "secret" });
uint space;
using (TarantoolResponse ids = await connection.EvalAsync("return box.space.values.id", new EmptyArray()))
{
    MsgPackReader reader = ids.GetDataReader();
    reader.ReadArrayHeader();
    space = reader.ReadUInt32();
}

var row = new Account(1, "a row of the throughput run", 1234567);
using (await connection.ReplaceAsync(space, row))
{
}

Console.WriteLine($"client: .NET {Environment.Version}, {Environment.ProcessorCount} logical processors, workstation GC; server: {connection.Greeting.Version}, pid {server.ProcessId}");
Console.WriteLine($"{inFlight} requests in flight, {seconds} s per workload after a 2 s warm-up, loopback{(perfDirectory is null ? "" : ", perf sampling the client at 999 Hz")}");
Console.WriteLine();
Console.WriteLine("| workload | requests | requests/s | client CPU µs/request | server CPU µs/request | client allocated B/request | gen0 GCs |");
Console.WriteLine("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
var profiles = new System.Collections.Generic.List<(string Name, string File)>();
await Measure("PING", "ping", PingLoop);
await Measure("SELECT one tuple by key, read", "select", SelectLoop);
Console.WriteLine();
LibraryShare(space, row);
foreach ((string name, string file) in profiles)
{
    Console.WriteLine();
    Console.WriteLine($"where the client's CPU goes, {name} (perf samples of every thread, by code):");
    PerfBreakdown.Print(file);
}

return 0;

// One of the in-flight loops: a request, its response, the next request. Each is an async method of its own, so
// its state machine is allocated once per loop, not per request.
async Task<long> PingLoop(Stopwatch clock, TimeSpan duration)
{
    long done = 0;
    while (clock.Elapsed < duration)
    {
        await connection.PingAsync().ConfigureAwait(false);
        done++;
    }

    return done;
}

async Task<long> SelectLoop(Stopwatch clock, TimeSpan duration)
{
    long done = 0;
    while (clock.Elapsed < duration)
    {
        // The typed API: each tuple read by Account's generated reader; its name is a new string each time, what the
        // caller asked for.
        using (TarantoolTuples<Account> tuples = await connection.SelectAsync<UnsignedKey, Account>(space, 0, new UnsignedKey(1)).ConfigureAwait(false))
        {
            int count = 0;
            foreach (Account account in tuples)
            {
                count++;
                if (account != row)
                {
                    throw new InvalidOperationException("SELECT returned another tuple");
                }
            }

            if (count != 1)
            {
                throw new InvalidOperationException($"SELECT returned {count} tuples");
            }
        }

        done++;
    }

    return done;
}

async Task Measure(string name, string tag, Func<Stopwatch, TimeSpan, Task<long>> loop)
{
    await RunFor(TimeSpan.FromSeconds(2));
    GC.Collect();
    Process? perf = null;
    if (perfDirectory is not null)
    {
        string file = Path.Combine(perfDirectory, $"{tag}.perf.data");
        perf = Process.Start(new ProcessStartInfo("perf", ["record", "-q", "-F", "999", "-p", Environment.ProcessId.ToString(CultureInfo.InvariantCulture), "-o", file, "--", "sleep", seconds.ToString(CultureInfo.InvariantCulture)]) { UseShellExecute = false })
            ?? throw new InvalidOperationException("perf did not start");
        profiles.Add((name, file));
        Thread.Sleep(200); // perf attaches
    }

    TimeSpan clientBefore = Process.GetCurrentProcess().TotalProcessorTime;
    double serverBefore = ServerCpuSeconds(server.ProcessId);
    long allocatedBefore = GC.GetTotalAllocatedBytes(precise: true);
    int gcBefore = GC.CollectionCount(0);
    var clock = Stopwatch.StartNew();
    long done = await RunFor(TimeSpan.FromSeconds(seconds));
    double elapsed = clock.Elapsed.TotalSeconds;
    double client = (Process.GetCurrentProcess().TotalProcessorTime - clientBefore).TotalSeconds;
    double serverCpu = ServerCpuSeconds(server.ProcessId) - serverBefore;
    long allocated = GC.GetTotalAllocatedBytes(precise: true) - allocatedBefore;
    int gcs = GC.CollectionCount(0) - gcBefore;
    perf?.WaitForExit();
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
        $"| {name} | {done:N0} | {done / elapsed:N0} | {client * 1e6 / done:F2} | {serverCpu * 1e6 / done:F2} | {(double)allocated / done:F3} | {gcs} |"));

    async Task<long> RunFor(TimeSpan duration)
    {
        var deadline = Stopwatch.StartNew();
        Task<long>[] loops = Enumerable.Range(0, inFlight).Select(_ => Task.Run(() => loop(deadline, duration))).ToArray();
        long[] counts = await Task.WhenAll(loops).ConfigureAwait(false);
        return counts.Sum();
    }
}

// utime + stime of a process, from /proc/PID/stat (fields 14 and 15, in clock ticks of 1/100 s on Linux).
static double ServerCpuSeconds(int pid)
{
    string stat = File.ReadAllText($"/proc/{pid}/stat");
    string[] fields = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
    return (long.Parse(fields[11], CultureInfo.InvariantCulture) + long.Parse(fields[12], CultureInfo.InvariantCulture)) / 100.0;
}

// The library's calls of one request and its response, timed apart on the bytes of a real exchange: write the
// request frame, find the response frame in the received bytes, read its header, find DATA, read the tuple.
static void LibraryShare(uint space, Account row)
{
    const int Iterations = 2_000_000;
    var scratch = new PooledBufferWriter(256);
    // A SELECT response as Tarantool 2.6 frames it: ce + length, header {0: 0, 1: sync, 5: schema}, body {0x30: [tuple]}.
    byte[] response = BuildSelectResponse(row);
    var sequence = new ReadOnlySequence<byte>(response);
    long check = 0;
    double Time(Action body)
    {
        for (int i = 0; i < Iterations / 10; i++)
        {
            body();
        }

        var clock = Stopwatch.StartNew();
        for (int i = 0; i < Iterations; i++)
        {
            body();
        }

        return clock.Elapsed.TotalMilliseconds * 1e6 / Iterations;
    }

    double ping = Time(() =>
    {
        scratch.Reset();
        var writer = new MsgPackWriter(scratch);
        IprotoCodec.WriteRequest(ref writer, IprotoCode.Ping, 12345, new PingRequest());
        writer.Flush();
        ReadFrameAndHeader(sequence, ref check);
    });
    double select = Time(() =>
    {
        scratch.Reset();
        var writer = new MsgPackWriter(scratch);
        IprotoCodec.WriteRequest(ref writer, IprotoCode.Select, 12345, new SelectRequest<UnsignedKey>(space, 0, new UnsignedKey(1)));
        writer.Flush();
        ReadOnlySequence<byte> body = ReadFrameAndHeader(sequence, ref check);
        // What the client does with the body: DATA found in the body map, the tuple read field by field.
        ReadOnlySpan<byte> span = body.FirstSpan;
        MsgPackSpec.ReadMapHeader(ref span);
        MsgPackSpec.ReadUInt32(ref span);
        var reader = new MsgPackReader(span);
        reader.ReadArrayHeader();
        Account read = Account.Read(ref reader);
        check += read.Balance;
    });
    GC.KeepAlive(check);
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
        $"library calls per request (write the request; frame, header and body of the response), timed apart: PING {ping:F0} ns, SELECT {select:F0} ns"));
}

static ReadOnlySequence<byte> ReadFrameAndHeader(ReadOnlySequence<byte> received, ref long check)
{
    MsgPackReader.TryReadFrame(received, 1 << 20, out ReadOnlySequence<byte> frame, out _);
    var reader = new MsgPackReader(frame);
    IprotoCodec.ReadResponseHeader(ref reader, out uint code, out ulong sync, out _);
    check += code + (long)sync;
    return frame.Slice(reader.Position);
}

static byte[] BuildSelectResponse(Account row)
{
    var output = new PooledBufferWriter(256);
    var writer = new MsgPackWriter(output);
    MsgPackReservation prefix = writer.ReserveLengthPrefix();
    writer.WriteMapHeader(3);
    writer.WriteUInt32(0x00);
    writer.WriteUInt32Exact(0);
    writer.WriteUInt32(0x01);
    writer.WriteUInt64Exact(12345);
    writer.WriteUInt32(0x05);
    writer.WriteUInt32Exact(82);
    writer.WriteMapHeader(1);
    writer.WriteUInt32(0x30);
    writer.WriteArray32Header(1);
    Account.Write(ref writer, row);
    writer.PatchLengthPrefix(prefix);
    writer.Flush();
    return output.WrittenSpan.ToArray();
}
