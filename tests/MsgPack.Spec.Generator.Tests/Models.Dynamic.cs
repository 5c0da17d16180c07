using System.Collections.Generic;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>A metadata bag: members of type object, and the collections of object the generator takes (issue #40).</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public partial class Bag
    {
        [MsgPackKey("name")] public string? Name { get; set; }
        [MsgPackKey("any")] public object? Any { get; set; }
        [MsgPackKey("must")] public object Must { get; set; } = 0;
        [MsgPackKey("meta")] public Dictionary<string, object?>? Meta { get; set; }
        [MsgPackKey("imeta")] public IDictionary<string, object?>? InterfaceMeta { get; set; }
        [MsgPackKey("rmeta")] public IReadOnlyDictionary<string, object?>? ReadOnlyMeta { get; set; }
        [MsgPackKey("list")] public List<object?>? List { get; set; }
        [MsgPackKey("array")] public object[]? Array { get; set; }
    }

    /// <summary>Raw values by index: an element (its bytes as they are), an optional one, and a document.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public partial class RawHolder
    {
        [MsgPackKey(0)] public int Id { get; set; }
        [MsgPackKey(1)] public MsgPackElement Payload { get; set; }
        [MsgPackKey(2)] public MsgPackElement? Optional { get; set; }
        [MsgPackKey(3)] public MsgPackDocument? Document { get; set; }
        [MsgPackKey(4)] public object? Tail { get; set; }
    }
}
