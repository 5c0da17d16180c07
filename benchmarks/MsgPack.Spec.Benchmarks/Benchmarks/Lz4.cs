using System;
using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using MsgPack.Spec.Lz4;
using MsgPack.Spec.Serialization;

// LZ4 compression of a 1 MB catalog of orders: MsgPackLz4 (MsgPack.Spec.Lz4: its own LZ4 block encoder, K4os.Compression.LZ4
// to decode) against MessagePack-CSharp with WithCompression(Lz4BlockArray), the baseline, and with Lz4Block. The model is
// in a map layout of few members, whose plain bytes are the same in both libraries (the setups check it), so the rows
// compress the same bytes. Lz4Block's outputs are the same bytes (the setup checks it); Lz4BlockArray's chunks are cut
// at other places (MessagePack-CSharp's buffer segments, ours every 32 KiB), so the outputs are compared decompressed.
namespace MsgPack.Spec.Benchmarks.Lz4Compression
{
    /// <summary>A line of an order.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    public sealed partial class CatalogLine
    {
        [MsgPackKey(0)] [MpcKey(0)] public string Sku { get; set; } = string.Empty;
        [MsgPackKey(1)] [MpcKey(1)] public int Quantity { get; set; }
        [MsgPackKey(2)] [MpcKey(2)] public double Price { get; set; }
    }

    /// <summary>An order: repeated keys, names, codes and statuses, as a catalog of them has.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    [MpcObject]
    public sealed partial class CatalogOrder
    {
        [MsgPackKey("id")] [MpcKey("id")] public long Id { get; set; }
        [MsgPackKey("customer")] [MpcKey("customer")] public string Customer { get; set; } = string.Empty;
        [MsgPackKey("email")] [MpcKey("email")] public string Email { get; set; } = string.Empty;
        [MsgPackKey("status")] [MpcKey("status")] public string Status { get; set; } = string.Empty;
        [MsgPackKey("created")] [MpcKey("created")] public long Created { get; set; }
        [MsgPackKey("lines")] [MpcKey("lines")] public List<CatalogLine> Lines { get; set; } = new List<CatalogLine>();
        [MsgPackKey("total")] [MpcKey("total")] public double Total { get; set; }
    }

    /// <summary>The payload: orders in one value, a little over 1 MB plain.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    public sealed partial class OrderCatalog
    {
        [MsgPackKey(0)] [MpcKey(0)] public List<CatalogOrder> Orders { get; set; } = new List<CatalogOrder>();

        public static OrderCatalog Sample(int length = 1 << 20)
        {
            string[] customers = { "Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth", "Frances Allen", "John Backus" };
            string[] statuses = { "new", "paid", "shipped", "delivered", "returned" };
            var random = new Random(42);
            var catalog = new OrderCatalog();
            while (GetEncodedLength(catalog) < length)
            {
                string customer = customers[random.Next(customers.Length)];
                var order = new CatalogOrder
                {
                    Id = 100_000 + catalog.Orders.Count,
                    Customer = customer,
                    Email = customer.Replace(' ', '.').ToLowerInvariant() + "@example.com",
                    Status = statuses[random.Next(statuses.Length)],
                    Created = 1_700_000_000 + random.Next(10_000_000),
                };
                int lines = random.Next(1, 8);
                for (int i = 0; i < lines; i++)
                {
                    var line = new CatalogLine { Sku = "SKU-" + random.Next(1000, 1400), Quantity = random.Next(1, 10), Price = Math.Round(random.NextDouble() * 200, 2) };
                    order.Lines.Add(line);
                    order.Total += line.Quantity * line.Price;
                }

                catalog.Orders.Add(order);
            }

            return catalog;
        }
    }

    /// <summary>What the two LZ4 benchmark classes share: the catalog, the options of both libraries, the checks.</summary>
    internal static class Lz4Peers
    {
        internal static readonly MessagePack.MessagePackSerializerOptions BlockArray =
            MessagePack.MessagePackSerializerOptions.Standard.WithCompression(MessagePack.MessagePackCompression.Lz4BlockArray);

        internal static readonly MessagePack.MessagePackSerializerOptions Block =
            MessagePack.MessagePackSerializerOptions.Standard.WithCompression(MessagePack.MessagePackCompression.Lz4Block);

        internal static readonly MsgPackLz4Options OurBlockArray = new() { Format = MsgPackLz4Format.Lz4BlockArray };

        internal static readonly MsgPackLz4Options OurBlock = new() { Format = MsgPackLz4Format.Lz4Block };

        /// <summary>The plain bytes of a compressed value, by our reader (either library's).</summary>
        internal static byte[] Plain(ReadOnlySpan<byte> compressed)
        {
            var output = new ArrayBufferWriter<byte>();
            MsgPackLz4.Decompress(compressed, output);
            return output.WrittenSpan.ToArray();
        }

        /// <summary>The plain bytes of a compressed value, by MessagePack-CSharp's reader.</summary>
        internal static byte[] PlainByPeer(byte[] compressed) =>
            MessagePack.MessagePackSerializer.Serialize(MessagePack.MessagePackSerializer.Deserialize<OrderCatalog>(compressed, BlockArray));
    }

    /// <summary>Serialize and compress a 1 MB catalog of orders into a reused buffer writer.</summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Lz4", "Serialize")]
    public class Lz4Serialize : BenchmarkBase
    {
        private OrderCatalog _catalog = null!;

        [GlobalSetup]
        public void Setup()
        {
            _catalog = OrderCatalog.Sample();
            byte[] plain = MessagePack.MessagePackSerializer.Serialize(_catalog);
            var ours = new byte[OrderCatalog.GetEncodedLength(_catalog)];
            OrderCatalog.Write(ours, _catalog);
            Fairness.SameBytes(Workload, "MsgPackSpec generated Write (plain)", plain, ours);
            AllocateOutput(plain.Length + 4096);

            // Every row's output decompresses (by our reader and by MessagePack-CSharp's) to the same plain bytes.
            foreach ((string name, Func<long> row) in new (string, Func<long>)[]
            {
                ("MessagePackCSharpBlockArray", MessagePackCSharpBlockArray), ("MessagePackCSharpBlock", MessagePackCSharpBlock),
                ("OursBlockArray", OursBlockArray), ("OursBlock", OursBlock),
            })
            {
                long written = row();
                Fairness.Check(written == Pooled.WrittenCount && written < plain.Length / 2, Workload, $"{name} wrote {written} bytes ({Pooled.WrittenCount} in the buffer) of {plain.Length} plain.");
                byte[] output = Pooled.WrittenSpan.ToArray();
                Fairness.SameBytes(Workload, name + ", decompressed", plain, Lz4Peers.Plain(output));
                Fairness.SameBytes(Workload, name + ", read by MessagePack-CSharp", plain, Lz4Peers.PlainByPeer(output));
            }

            // Lz4Block: one block of the same bytes, and the same matching rules: the same compressed bytes.
            MessagePackCSharpBlock();
            byte[] theirs = Pooled.WrittenSpan.ToArray();
            OursBlock();
            Fairness.SameBytes(Workload, "OursBlock, against MessagePackCSharpBlock", theirs, Pooled.WrittenSpan.ToArray());
        }

        [Benchmark(Baseline = true, Description = "MessagePack-CSharp Serialize(IBufferWriter), Lz4BlockArray")]
        [BufferWriterOutput]
        [NotCompared]
        public long MessagePackCSharpBlockArray()
        {
            Pooled.Reset();
            MessagePack.MessagePackSerializer.Serialize(Pooled, _catalog, Lz4Peers.BlockArray);
            return Pooled.WrittenCount;
        }

        [Benchmark(Description = "MessagePack-CSharp Serialize(IBufferWriter), Lz4Block")]
        [BufferWriterOutput]
        [NotCompared]
        public long MessagePackCSharpBlock()
        {
            Pooled.Reset();
            MessagePack.MessagePackSerializer.Serialize(Pooled, _catalog, Lz4Peers.Block);
            return Pooled.WrittenCount;
        }

        [Benchmark(Description = "MsgPackLz4.Serialize(IBufferWriter), Lz4BlockArray")]
        [BufferWriterOutput]
        [NotCompared]
        public long OursBlockArray()
        {
            Pooled.Reset();
            MsgPackLz4.Serialize(Pooled, _catalog, Lz4Peers.OurBlockArray);
            return Pooled.WrittenCount;
        }

        [Benchmark(Description = "MsgPackLz4.Serialize(IBufferWriter), Lz4Block")]
        [BufferWriterOutput]
        [NotCompared]
        public long OursBlock()
        {
            Pooled.Reset();
            MsgPackLz4.Serialize(Pooled, _catalog, Lz4Peers.OurBlock);
            return Pooled.WrittenCount;
        }
    }

    /// <summary>
    /// Decompress and deserialize a 1 MB catalog of orders. Every row reads MessagePack-CSharp's own bytes of its
    /// form (what a cache written by it holds); the setup checks that each row's catalog is the model.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Lz4", "Deserialize")]
    public class Lz4Deserialize : BenchmarkBase
    {
        private byte[] _blockArray = Array.Empty<byte>();
        private byte[] _block = Array.Empty<byte>();

        [GlobalSetup]
        public void Setup()
        {
            OrderCatalog catalog = OrderCatalog.Sample();
            byte[] plain = MessagePack.MessagePackSerializer.Serialize(catalog);
            _blockArray = MessagePack.MessagePackSerializer.Serialize(catalog, Lz4Peers.BlockArray);
            _block = MessagePack.MessagePackSerializer.Serialize(catalog, Lz4Peers.Block);
            foreach ((string name, Func<OrderCatalog> row) in new (string, Func<OrderCatalog>)[]
            {
                ("MessagePackCSharpBlockArray", MessagePackCSharpBlockArray), ("MessagePackCSharpBlock", MessagePackCSharpBlock),
                ("OursBlockArray", OursBlockArray), ("OursBlock", OursBlock),
            })
            {
                Fairness.SameBytes(Workload, name + ", written again plain by MessagePack-CSharp", plain, MessagePack.MessagePackSerializer.Serialize(row()));
            }
        }

        [Benchmark(Baseline = true, Description = "MessagePack-CSharp Deserialize(ReadOnlyMemory), Lz4BlockArray")]
        [Allocates("the object graph it returns")]
        public OrderCatalog MessagePackCSharpBlockArray() => MessagePack.MessagePackSerializer.Deserialize<OrderCatalog>(_blockArray, Lz4Peers.BlockArray);

        [Benchmark(Description = "MessagePack-CSharp Deserialize(ReadOnlyMemory), Lz4Block")]
        [Allocates("the object graph it returns")]
        public OrderCatalog MessagePackCSharpBlock() => MessagePack.MessagePackSerializer.Deserialize<OrderCatalog>(_block, Lz4Peers.Block);

        [Benchmark(Description = "MsgPackLz4.Deserialize(ReadOnlySpan), Lz4BlockArray")]
        [Allocates("the object graph it returns")]
        public OrderCatalog OursBlockArray() => MsgPackLz4.Deserialize<OrderCatalog>(_blockArray);

        [Benchmark(Description = "MsgPackLz4.Deserialize(ReadOnlySpan), Lz4Block")]
        [Allocates("the object graph it returns")]
        public OrderCatalog OursBlock() => MsgPackLz4.Deserialize<OrderCatalog>(_block);
    }
}
