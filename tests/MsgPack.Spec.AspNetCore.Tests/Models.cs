using System;
using System.Collections.Generic;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.AspNetCore.Tests
{
    // Maps keyed by the property names: the official protocol's resolver (MessagePack-CSharp's contractless one) reads
    // and writes a class as a map of its public properties' names, so the same class goes both ways between the two.

    [MsgPackObject(MsgPackLayout.Map)]
    public partial class Order
    {
        [MsgPackKey("Id")]
        public int Id { get; set; }

        [MsgPackKey("Customer")]
        public string Customer { get; set; } = "";

        [MsgPackKey("Placed")]
        public DateTime Placed { get; set; }

        [MsgPackKey("Lines")]
        public List<OrderLine> Lines { get; set; } = new List<OrderLine>();

        public static Order Sample(int id) => new Order
        {
            Id = id,
            Customer = "Ada Lovelace " + id,
            Placed = new DateTime(2026, 11, 29, 8, 0, 0, DateTimeKind.Utc).AddSeconds(id),
            Lines =
            {
                new OrderLine { Sku = "KB-" + id, Quantity = 2, Price = 49.5 },
                new OrderLine { Sku = "MS-" + id, Quantity = 1, Price = 19.25 },
            },
        };

        public bool SameAs(Order other)
        {
            if (other.Id != Id || other.Customer != Customer || other.Placed != Placed || other.Lines.Count != Lines.Count)
            {
                return false;
            }

            for (int i = 0; i < Lines.Count; i++)
            {
                if (other.Lines[i].Sku != Lines[i].Sku || other.Lines[i].Quantity != Lines[i].Quantity || other.Lines[i].Price != Lines[i].Price)
                {
                    return false;
                }
            }

            return true;
        }
    }

    [MsgPackObject(MsgPackLayout.Map)]
    public partial class OrderLine
    {
        [MsgPackKey("Sku")]
        public string Sku { get; set; } = "";

        [MsgPackKey("Quantity")]
        public int Quantity { get; set; }

        [MsgPackKey("Price")]
        public double Price { get; set; }
    }

    /// <summary>A recursive type: nesting is limited by the generated reader's depth check.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public partial class Node
    {
        [MsgPackKey("Child")]
        public Node? Child { get; set; }

        [MsgPackKey("Value")]
        public int Value { get; set; }
    }
}
