using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.PackageConsumer
{
    /// <summary>An array layout (a Tarantool tuple): a gap at index 2 is written as nil.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public partial class Item
    {
        /// <summary>The item's id.</summary>
        [MsgPackKey(0)] public uint Id { get; set; }

        /// <summary>The item's name.</summary>
        [MsgPackKey(1)] public string Name { get; set; } = "";

        /// <summary>The price, when there is one.</summary>
        [MsgPackKey(3)] public double? Price { get; set; }
    }

    /// <summary>A map layout through a record's primary constructor, with a nested array-layout type.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public partial record Order([property: MsgPackKey("id")] long Id, [property: MsgPackKey("item")] Item Item)
    {
        /// <summary>Whether the order is paid.</summary>
        [MsgPackKey("paid")] public bool Paid { get; set; }
    }
}
