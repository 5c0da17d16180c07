using System.Collections.Generic;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.AspNetCore.AotApp
{
    [MsgPackObject(MsgPackLayout.Map)]
    public partial class Order
    {
        [MsgPackKey("Id")]
        public int Id { get; set; }

        [MsgPackKey("Customer")]
        public string Customer { get; set; } = "";

        [MsgPackKey("Lines")]
        public List<OrderLine> Lines { get; set; } = new List<OrderLine>();
    }

    [MsgPackObject(MsgPackLayout.Map)]
    public partial class OrderLine
    {
        [MsgPackKey("Sku")]
        public string Sku { get; set; } = "";

        [MsgPackKey("Quantity")]
        public int Quantity { get; set; }
    }
}
