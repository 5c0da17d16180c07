using System.Collections.Generic;
using MemoryPack;
using MsgPack.Spec.Serialization;
using PolyType;

// A union-heavy model: a scene of shapes, each a case of an abstract class, some holding shapes of their own. Each
// library's union attributes (integer tags): ours [MsgPackUnion], MessagePack-CSharp's [Union], PolyType's
// [DerivedTypeShape(Tag = ...)] for Nerdbank.MessagePack, MemoryPack's [MemoryPackUnion].
#pragma warning disable MsgPack003 // MessagePack-CSharp's analyzer wants [MessagePackObject] on a union member's type; its union resolver does not.

namespace MsgPack.Spec.Benchmarks.Serializers
{
    [MsgPackUnion(0, typeof(CircleShape))]
    [MsgPackUnion(1, typeof(RectShape))]
    [MsgPackUnion(2, typeof(TextShape))]
    [MsgPackUnion(3, typeof(GroupShape))]
    [MpcUnion(0, typeof(CircleShape))]
    [MpcUnion(1, typeof(RectShape))]
    [MpcUnion(2, typeof(TextShape))]
    [MpcUnion(3, typeof(GroupShape))]
    [DerivedTypeShape(typeof(CircleShape), Tag = 0)]
    [DerivedTypeShape(typeof(RectShape), Tag = 1)]
    [DerivedTypeShape(typeof(TextShape), Tag = 2)]
    [DerivedTypeShape(typeof(GroupShape), Tag = 3)]
    [MemoryPackable]
    [MemoryPackUnion(0, typeof(CircleShape))]
    [MemoryPackUnion(1, typeof(RectShape))]
    [MemoryPackUnion(2, typeof(TextShape))]
    [MemoryPackUnion(3, typeof(GroupShape))]
    public abstract partial class Shape
    {
    }

    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [MemoryPackable]
    public sealed partial class CircleShape : Shape
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public int X { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public int Y { get; set; }
        [MsgPackKey(2)] [MpcKey(2)] [NbKey(2)] public double Radius { get; set; }
    }

    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [MemoryPackable]
    public sealed partial class RectShape : Shape
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public int X { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public int Y { get; set; }
        [MsgPackKey(2)] [MpcKey(2)] [NbKey(2)] public int Width { get; set; }
        [MsgPackKey(3)] [MpcKey(3)] [NbKey(3)] public int Height { get; set; }
    }

    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [MemoryPackable]
    public sealed partial class TextShape : Shape
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public int X { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public int Y { get; set; }
        [MsgPackKey(2)] [MpcKey(2)] [NbKey(2)] public string? Text { get; set; }
    }

    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [MemoryPackable]
    public sealed partial class GroupShape : Shape
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public string? Name { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public List<Shape>? Children { get; set; }
    }

    /// <summary>32 shapes in a list (8 circles, 8 rectangles, 8 labels, 8 groups of 3 shapes each) and a background shape.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [GenerateShape]
    [MemoryPackable]
    public sealed partial class UnionScene
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public Shape? Background { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public List<Shape>? Shapes { get; set; }

        public static UnionScene Sample()
        {
            var shapes = new List<Shape>();
            for (int i = 0; i < 8; i++)
            {
                shapes.Add(new CircleShape { X = i * 40, Y = -i * 3, Radius = 1.5 * i });
                shapes.Add(new RectShape { X = i, Y = 1000 + i, Width = 640, Height = 48 });
                shapes.Add(new TextShape { X = 12, Y = i * 300, Text = "label " + i });
                shapes.Add(new GroupShape
                {
                    Name = "group " + i,
                    Children = new List<Shape> { new CircleShape { X = i, Radius = 0.5 }, new RectShape { Width = i }, new TextShape { Text = "inner" } },
                });
            }

            return new UnionScene { Background = new RectShape { Width = 1920, Height = 1080 }, Shapes = shapes };
        }
    }
}
