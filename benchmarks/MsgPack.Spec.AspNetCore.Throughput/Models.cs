using System.Collections.Generic;
using System.Text.Json.Serialization;
using MessagePack;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.AspNetCore.Throughput
{
    // The benchmark suite's order document (benchmarks/MsgPack.Spec.Benchmarks/Benchmarks/Nested.cs) as a model for the
    // three serializers: a map {"id", "name", "status", "lines": [[sku, quantity, price, name]], "sum"} per order. Ours
    // and MessagePack-CSharp write the same bytes (checked before the run); JSON writes a line as an object.

    [MsgPackObject(MsgPackLayout.Map)]
    [MessagePackObject]
    public sealed partial class Order
    {
        [MsgPackKey("id")] [Key("id")] [JsonPropertyName("id")] public uint Id { get; set; }

        [MsgPackKey("name")] [Key("name")] [JsonPropertyName("name")] public string Name { get; set; } = "";

        [MsgPackKey("status")] [Key("status")] [JsonPropertyName("status")] public int Status { get; set; }

        [MsgPackKey("lines")] [Key("lines")] [JsonPropertyName("lines")] public List<OrderLine> Lines { get; set; } = new List<OrderLine>();

        [MsgPackKey("sum")] [Key("sum")] [JsonPropertyName("sum")] public double Sum { get; set; }

        /// <summary>The suite's 16 orders.</summary>
        public static Order[] Document()
        {
            var orders = new Order[16];
            for (int i = 0; i < orders.Length; i++)
            {
                var order = new Order { Id = 100_000u + ((uint)i * 7_919u), Name = $"customer-{i:d2}", Status = i % 4 };
                for (int l = 0; l < (i % 4) + 1; l++)
                {
                    double price = 9.75 + (l * 12.5) + i;
                    order.Lines.Add(new OrderLine { Sku = 1_000 + (l * 37) + i, Quantity = l + 1, Price = price, Name = $"item-{i:d2}{l}" });
                    order.Sum += price * (l + 1);
                }

                orders[i] = order;
            }

            return orders;
        }
    }

    [MsgPackObject(MsgPackLayout.Array)]
    [MessagePackObject]
    public sealed partial class OrderLine
    {
        [MsgPackKey(0)] [Key(0)] [JsonPropertyName("sku")] public int Sku { get; set; }

        [MsgPackKey(1)] [Key(1)] [JsonPropertyName("quantity")] public int Quantity { get; set; }

        [MsgPackKey(2)] [Key(2)] [JsonPropertyName("price")] public double Price { get; set; }

        [MsgPackKey(3)] [Key(3)] [JsonPropertyName("name")] public string Name { get; set; } = "";
    }
}
