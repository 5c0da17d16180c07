using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.AotConsumer
{
    /// <summary>An array layout: a struct with a string, a nullable member and a gap (index 2, written as nil).</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public partial struct Line
    {
        /// <summary>The product.</summary>
        [MsgPackKey(0)] public string Product;

        /// <summary>How many.</summary>
        [MsgPackKey(1)] public int Quantity;

        /// <summary>The discount, when there is one.</summary>
        [MsgPackKey(3)] public double? Discount;
    }

    /// <summary>A map layout: a class by setters, with nested array-layout members, one of them nullable, and a nullable string.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class Order
    {
        /// <summary>The order's id.</summary>
        [MsgPackKey("id")] public ulong Id { get; set; }

        /// <summary>The customer's name.</summary>
        [MsgPackKey("customer")] public string Customer { get; set; } = "";

        /// <summary>A note, when there is one.</summary>
        [MsgPackKey("note")] public string? Note { get; set; }

        /// <summary>The first line.</summary>
        [MsgPackKey("first")] public Line First { get; set; }

        /// <summary>The second line, when there is one.</summary>
        [MsgPackKey("second")] public Line? Second { get; set; }
    }
}
