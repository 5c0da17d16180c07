using System;
using System.Collections.Generic;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Lz4.Tests
{
    /// <summary>A line of an order.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class OrderLine
    {
        [MsgPackKey(0)] public string Sku { get; set; } = string.Empty;

        [MsgPackKey(1)] public int Quantity { get; set; }

        [MsgPackKey(2)] public double Price { get; set; }
    }

    /// <summary>An order: what compresses well (repeated keys, names and codes), as a catalog of them does.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class Order
    {
        [MsgPackKey("id")] public long Id { get; set; }

        [MsgPackKey("customer")] public string Customer { get; set; } = string.Empty;

        [MsgPackKey("status")] public string Status { get; set; } = string.Empty;

        [MsgPackKey("lines")] public List<OrderLine> Lines { get; set; } = new List<OrderLine>();

        [MsgPackKey("total")] public double Total { get; set; }
    }

    /// <summary>Orders in one value: a payload of any length.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class Catalog
    {
        [MsgPackKey(0)] public List<Order> Orders { get; set; } = new List<Order>();
    }

    /// <summary>A struct without references: reading it allocates nothing.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public partial struct Reading
    {
        [MsgPackKey(0)] public long Sensor { get; set; }

        [MsgPackKey(1)] public int A { get; set; }

        [MsgPackKey(2)] public int B { get; set; }

        [MsgPackKey(3)] public int C { get; set; }

        [MsgPackKey(4)] public int D { get; set; }

        [MsgPackKey(5)] public double Value { get; set; }

        [MsgPackKey(6)] public double Min { get; set; }

        [MsgPackKey(7)] public double Max { get; set; }

        [MsgPackKey(8)] public long Stamp { get; set; }
    }

    /// <summary>Seeded values of the models.</summary>
    internal static class Samples
    {
        private static readonly string[] Customers = { "Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth" };
        private static readonly string[] Statuses = { "new", "paid", "shipped", "delivered", "returned" };

        public static Order Order(Random random, long id)
        {
            var order = new Order
            {
                Id = id,
                Customer = Customers[random.Next(Customers.Length)],
                Status = Statuses[random.Next(Statuses.Length)],
            };
            int lines = random.Next(1, 6);
            for (int i = 0; i < lines; i++)
            {
                var line = new OrderLine { Sku = "SKU-" + random.Next(1000, 1100), Quantity = random.Next(1, 10), Price = Math.Round(random.NextDouble() * 100, 2) };
                order.Lines.Add(line);
                order.Total += line.Quantity * line.Price;
            }

            return order;
        }

        /// <summary>A catalog whose plain encoding is at least <paramref name="length"/> bytes.</summary>
        public static Catalog Catalog(int seed, int length)
        {
            var random = new Random(seed);
            var catalog = new Catalog();
            int written = 0;
            while (written < length)
            {
                Order order = Order(random, catalog.Orders.Count + 1);
                catalog.Orders.Add(order);
                written += Lz4.Tests.Order.GetEncodedLength(order);
            }

            return catalog;
        }

        public static byte[] Plain(Catalog catalog)
        {
            var bytes = new byte[Lz4.Tests.Catalog.GetEncodedLength(catalog)];
            Lz4.Tests.Catalog.Write(bytes, catalog);
            return bytes;
        }

        public static Reading Reading(int i) => new Reading { Sensor = i, A = 1, B = 2, C = 3, D = 4, Value = i * 0.5, Min = -1, Max = 1, Stamp = 1_700_000_000 + i };
    }
}
