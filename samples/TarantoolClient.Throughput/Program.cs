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
using MsgPack.Spec.Serialization;
using MsgPack.Spec.Samples.Tarantool.Throughput;

// ./build.sh throughput [--seconds S] [--in-flight N] [--perf DIR] [--only NAME,...]: PING, SELECT (one tuple type, and two
// alternating), SELECT of a decimal and uuid tuple, UPSERT, SQL EXECUTE and EXECUTE of a prepared statement against a
// Tarantool of our own on 127.0.0.1,
// N requests in flight (N async loops, each awaiting its request and sending the next), each workload for S seconds
// after a warm-up. Prints requests per second, the CPU time of the client and of the server per request, what the
// client allocated, and the time the library's calls take per request, measured apart on the same bytes. With
// --perf (run with DOTNET_PerfMapEnabled=1, as build.sh does), perf samples the client during each workload and the
// samples are summed by whose code they were in: the library, the sample, Pipelines, sockets, the runtime, the kernel.
int seconds = 5, inFlight = 1000;
string? perfDirectory = null;
string[]? only = null;
for (int i = 0; i + 1 < args.Length; i += 2)
{
    switch (args[i])
    {
        case "--seconds": seconds = int.Parse(args[i + 1], CultureInfo.InvariantCulture); break;
        case "--in-flight": inFlight = int.Parse(args[i + 1], CultureInfo.InvariantCulture); break;
        case "--perf": perfDirectory = Directory.CreateDirectory(args[i + 1]).FullName; break;
        case "--only": only = args[i + 1].Split(','); break;
        default: Console.Error.WriteLine($"unknown option {args[i]}"); return 2;
    }
}

using TarantoolServer server = TarantoolServer.Start();
await using TarantoolConnection connection = await TarantoolConnection.ConnectAsync(server.EndPoint, new TarantoolConnectionOptions { User = "tester", Password = "secret" });
uint space, payments;
using (TarantoolResponse ids = await connection.EvalAsync("return box.space.values.id, box.space.payments.id", new EmptyArray()))
{
    MsgPackReader reader = ids.GetDataReader();
    reader.ReadArrayHeader();
    space = reader.ReadUInt32();
    payments = reader.ReadUInt32();
}

var row = new Account(1, "a row of the throughput run", 1234567);
using (await connection.ReplaceAsync(space, row))
{
}

// A tuple of Tarantool's own types: a decimal amount and a uuid reference, found by the uuid's index.
var payment = new Payment(1, -1234.5678m, Guid.Parse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6"));
using (await connection.ReplaceAsync(payments, payment))
{
}

// SQL: one row of books, selected by its primary key with a bound parameter, by text and prepared.
const string BookQuery = "SELECT id, title, year FROM books WHERE id = ?";
var book = new Book(1, "a row of the throughput run", 2026);
using (await connection.ExecuteAsync("REPLACE INTO books (id, title, year) VALUES (?, ?, ?)", book))
{
}

PreparedStatement prepared = await connection.PrepareAsync(BookQuery);

Console.WriteLine($"client: .NET {Environment.Version}, {Environment.ProcessorCount} logical processors, workstation GC; server: {connection.Greeting.Version}, pid {server.ProcessId}");
Console.WriteLine($"{inFlight} requests in flight, {seconds} s per workload after a 2 s warm-up, loopback{(perfDirectory is null ? "" : ", perf sampling the client at 999 Hz")}");
Console.WriteLine();
Console.WriteLine("| workload | requests | requests/s | client CPU µs/request | server CPU µs/request | client allocated B/request | gen0 GCs |");
Console.WriteLine("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
var profiles = new System.Collections.Generic.List<(string Name, string File)>();
await Measure("PING", "ping", PingLoop);
await Measure("SELECT one tuple by key, read", "select", SelectLoop);
await Measure("SELECT in two branches, one tuple type", "select-branches", BranchingSelectLoop<Account>(account => account == row));
await Measure("SELECT in two branches, two tuple types alternating", "select-alternating", BranchingSelectLoop<AccountView>(view => view.Id == row.Id && view.Owner == row.Owner && view.Balance == row.Balance));
await Measure("SELECT by uuid key, a decimal and a uuid read", "select-payment", PaymentLoop);
await Measure("UPSERT, +1 on a counter", "upsert", UpsertLoop);
await Measure("SQL EXECUTE, SELECT by key, typed row", "execute", ExecuteLoop);
await Measure("SQL EXECUTE of a prepared statement", "execute-prepared", PreparedLoop);
Console.WriteLine();
LibraryShare(space, row, payment);
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

// SELECT through one loop body of two branches, taken in turn, each reading its tuple as its own type: run with the
// same type in both (Account, Account) and with two (Account, AccountView), so that the two workloads differ in the
// second branch's tuple type only, and the client's CPU per request tells whether a slot serving two types costs more
// than one serving one. (The plain SELECT loop above has one branch: its async state machine is smaller, so it is no
// baseline for this.)
Func<Stopwatch, TimeSpan, Task<long>> BranchingSelectLoop<TSecond>(Func<TSecond, bool> matches)
    where TSecond : IMsgPackSerializable<TSecond>
{
    return async (clock, duration) =>
    {
        long done = 0;
        while (clock.Elapsed < duration)
        {
            int count = 0;
            if ((done & 1) == 0)
            {
                using TarantoolTuples<Account> tuples = await connection.SelectAsync<UnsignedKey, Account>(space, 0, new UnsignedKey(1)).ConfigureAwait(false);
                foreach (Account account in tuples)
                {
                    count += account == row ? 1 : 100;
                }
            }
            else
            {
                using TarantoolTuples<TSecond> tuples = await connection.SelectAsync<UnsignedKey, TSecond>(space, 0, new UnsignedKey(1)).ConfigureAwait(false);
                foreach (TSecond tuple in tuples)
                {
                    count += matches(tuple) ? 1 : 100;
                }
            }

            if (count != 1)
            {
                throw new InvalidOperationException("SELECT returned another tuple");
            }

            done++;
        }

        return done;
    };
}

async Task<long> PaymentLoop(Stopwatch clock, TimeSpan duration)
{
    long done = 0;
    var key = new UuidKey(payment.Reference);
    while (clock.Elapsed < duration)
    {
        using (TarantoolTuples<Payment> tuples = await connection.SelectAsync<UuidKey, Payment>(payments, 2, key).ConfigureAwait(false))
        {
            foreach (Payment read in tuples)
            {
                if (read != payment)
                {
                    throw new InvalidOperationException("SELECT returned another payment");
                }
            }
        }

        done++;
    }

    return done;
}

async Task<long> UpsertLoop(Stopwatch clock, TimeSpan duration)
{
    long done = 0;
    var counter = new Counter(2, 0);
    var add = new AddOne(new CountOperation("+", 1, 1));
    while (clock.Elapsed < duration)
    {
        using (await connection.UpsertAsync(space, counter, add).ConfigureAwait(false))
        {
        }

        done++;
    }

    return done;
}

async Task<long> ExecuteLoop(Stopwatch clock, TimeSpan duration)
{
    long done = 0;
    var parameter = new BookId(1);
    while (clock.Elapsed < duration)
    {
        using (TarantoolTuples<BookYear> rows = await connection.ExecuteAsync<BookId, BookYear>(BookQuery, parameter).ConfigureAwait(false))
        {
            CheckBook(rows);
        }

        done++;
    }

    return done;
}

async Task<long> PreparedLoop(Stopwatch clock, TimeSpan duration)
{
    long done = 0;
    var parameter = new BookId(1);
    while (clock.Elapsed < duration)
    {
        using (TarantoolTuples<BookYear> rows = await connection.ExecuteAsync<BookId, BookYear>(prepared, parameter).ConfigureAwait(false))
        {
            CheckBook(rows);
        }

        done++;
    }

    return done;
}

void CheckBook(TarantoolTuples<BookYear> rows)
{
    int count = 0;
    foreach (BookYear read in rows)
    {
        count += read.Id == book.Id && read.Year == book.Year ? 1 : 100;
    }

    if (count != 1)
    {
        throw new InvalidOperationException("EXECUTE returned another row");
    }
}

async Task Measure(string name, string tag, Func<Stopwatch, TimeSpan, Task<long>> loop)
{
    if (only is not null && !only.Contains(tag))
    {
        return;
    }

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
static void LibraryShare(uint space, Account row, Payment payment)
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
    // A payment tuple read alone: the decimal's and the uuid's converters, and the generated reader around them.
    byte[] paymentBytes = Encode(payment);
    double paymentRead = Time(() =>
    {
        var reader = new MsgPackReader(paymentBytes);
        check += (long)Payment.Read(ref reader).Id;
    });
    double paymentWrite = Time(() =>
    {
        scratch.Reset();
        var writer = new MsgPackWriter(scratch);
        Payment.Write(ref writer, payment);
        writer.Flush();
        check += scratch.WrittenCount;
    });
    GC.KeepAlive(check);
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
        $"library calls per request (write the request; frame, header and body of the response), timed apart: PING {ping:F0} ns, SELECT {select:F0} ns"));
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
        $"a payment tuple [id, MP_DECIMAL, MP_UUID] ({paymentBytes.Length} bytes), timed apart: read {paymentRead:F0} ns, written {paymentWrite:F0} ns"));
}

static byte[] Encode(Payment payment)
{
    var output = new PooledBufferWriter(64);
    var writer = new MsgPackWriter(output);
    Payment.Write(ref writer, payment);
    writer.Flush();
    return output.WrittenSpan.ToArray();
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
