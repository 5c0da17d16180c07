using System.Collections.Generic;
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

    /// <summary>Members of type object (issue #40): written by their runtime type with no reflection, read as MsgPackDynamic's shapes.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class Envelope
    {
        /// <summary>Anything: a generated type by its own writer, the rest as MessagePack-CSharp writes object.</summary>
        [MsgPackKey("body")] public object? Body { get; set; }

        /// <summary>A metadata bag.</summary>
        [MsgPackKey("meta")] public Dictionary<string, object?>? Meta { get; set; }

        /// <summary>Arguments of any type.</summary>
        [MsgPackKey("args")] public object?[]? Arguments { get; set; }

        /// <summary>A raw value, kept as its bytes.</summary>
        [MsgPackKey("raw")] public MsgPackElement? Raw { get; set; }
    }
}
