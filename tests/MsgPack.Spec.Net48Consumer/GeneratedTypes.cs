using System;
using System.Collections.Generic;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Net48Consumer
{
    /// <summary>A generated map-layout type, as a .NET Framework user declares it (C# 7.3: no records, no nullable annotations).</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public partial class Order
    {
        [MsgPackKey("id")] public long Id { get; set; }
        [MsgPackKey("customer")] public string Customer { get; set; }
        [MsgPackKey("when")] public DateTime When { get; set; }
        [MsgPackKey("ref")] public Guid Reference { get; set; }
        [MsgPackKey("lines")] public List<Line> Lines { get; set; }
        [MsgPackKey("totals")] public double[] Totals { get; set; }
        [MsgPackKey("notes")] public Dictionary<string, string> Notes { get; set; }
        [MsgPackKey("discount")] public int? Discount { get; set; }
    }

    /// <summary>A generated array-layout struct with a constructor, as a Tarantool tuple.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public partial struct Line
    {
        [MsgPackKey(0)] public uint Sku;
        [MsgPackKey(1)] public short Quantity;
        [MsgPackKey(2)] public string Label;

        public Line(uint sku, short quantity, string label)
        {
            Sku = sku;
            Quantity = quantity;
            Label = label;
        }
    }

    internal static partial class Program
    {
        // ---- The source generator's code, compiled at C# 7.3 against netstandard2.0 and run here.

        private static void GeneratedTypes()
        {
            var order = new Order
            {
                Id = -5,
                Customer = "h\u00e9llo",
                When = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc),
                Reference = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"),
                Lines = new List<Line> { new Line(7, -1, "a"), new Line(uint.MaxValue, 300, null) },
                Totals = new[] { 1.5, -2.25 },
                Notes = new Dictionary<string, string> { { "k", "v" } },
                Discount = null,
            };

            byte[] bytes = new byte[Order.GetEncodedLength(order)];
            Equal(bytes.Length, Order.Write(bytes, order), "a generated type's span door writes GetEncodedLength bytes");
            var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            Order.Write(ref writer, order);
            writer.Flush();
            Check(output.WrittenSpan.SequenceEqual(bytes), "the generated MsgPackWriter door writes the span door's bytes");

            int read;
            Order back = Order.Read(bytes, out read);
            Equal(bytes.Length, read, "the generated reader reads every byte");
            Equal(order.Id, back.Id, "Id");
            Equal(order.Customer, back.Customer, "Customer (non-ASCII)");
            Equal(order.When, back.When, "When");
            Equal(order.Reference, back.Reference, "Reference (Guid)");
            Equal(2, back.Lines.Count, "Lines.Count");
            Equal(uint.MaxValue, back.Lines[1].Sku, "Lines[1].Sku");
            Equal((short)300, back.Lines[1].Quantity, "Lines[1].Quantity");
            Check(back.Lines[1].Label == null, "Lines[1].Label is null");
            Equal(-2.25, back.Totals[1], "Totals[1] (bulk double array)");
            Equal("v", back.Notes["k"], "Notes[k]");
            Check(!back.Discount.HasValue, "Discount is null");

            Order none;
            Equal(System.Buffers.OperationStatus.NeedMoreData, Order.TryRead(new ReadOnlySpan<byte>(bytes, 0, bytes.Length - 1), out none, out read), "TryRead of a cut value");
            bytes[1] = 0x01; // the first key is no longer a str
            Equal(System.Buffers.OperationStatus.InvalidData, Order.TryRead(bytes, out none, out read), "TryRead of a value with a non-str key");
        }
    }
}
