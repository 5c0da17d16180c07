using System.Collections.Generic;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>
    /// A union of an abstract class with integer tags: a case derived from another case (Square from Rectangle, listed
    /// after it, tested before it), a negative tag and a tag past a fixint, and a case that holds the union (Group).
    /// </summary>
    [MsgPackUnion(0, typeof(Circle))]
    [MsgPackUnion(1, typeof(Rectangle))]
    [MsgPackUnion(-40, typeof(Square))]
    [MsgPackUnion(200, typeof(Group))]
    [MsgPackUnion(3, typeof(Polygon))]
    public abstract partial class Shape
    {
    }

    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class Circle : Shape
    {
        [MsgPackKey(0)] public double Radius { get; set; }
    }

    /// <summary>A case that is not sealed, with a generated case derived from it.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public partial class Rectangle : Shape
    {
        [MsgPackKey(0)] public int Width { get; set; }
        [MsgPackKey(1)] public int Height { get; set; }
    }

    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class Square : Rectangle
    {
        [MsgPackKey(2)] public int Side { get; set; }
    }

    /// <summary>A case that is a union itself: [3, [tag, value]], as Nerdbank's unions of unions.</summary>
    [MsgPackUnion(0, typeof(Triangle))]
    public abstract partial class Polygon : Shape
    {
    }

    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class Triangle : Polygon
    {
        [MsgPackKey(0)] public int Base { get; set; }
    }

    /// <summary>A case holding the union: alone, nullable, in a list and in a dictionary.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class Group : Shape
    {
        [MsgPackKey("name")] public string? Name { get; set; }
        [MsgPackKey("main")] public Shape? Main { get; set; }
        [MsgPackKey("items")] public List<Shape>? Items { get; set; }
        [MsgPackKey("named")] public Dictionary<string, Shape?>? Named { get; set; }
    }

    /// <summary>A union of an interface with string tags: a class, a record read through its constructor and a struct.</summary>
    [MsgPackUnion("cat", typeof(Cat))]
    [MsgPackUnion("dog", typeof(Dog))]
    [MsgPackUnion("a_tag_that_is_longer_than_thirty_one_bytes", typeof(Fish))]
    [MsgPackUnion("größe", typeof(Tag))]
    public partial interface IPet
    {
    }

    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class Cat : IPet
    {
        [MsgPackKey("lives")] public int Lives { get; set; }
    }

    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial record Dog([property: MsgPackKey(0)] string Name, [property: MsgPackKey(1)] IPet? Friend) : IPet;

    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class Fish : IPet
    {
        [MsgPackKey(0)] public bool Salt { get; set; }
    }

    [MsgPackObject(MsgPackLayout.Array)]
    public partial struct Tag : IPet
    {
        [MsgPackKey(0)] public long Id;
    }

    /// <summary>Unions as members of a type read in place (read-into replaces them) and through its constructor.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class Drawing
    {
        [MsgPackKey(0)] public Shape? Main { get; set; }
        [MsgPackKey(1)] public Shape[]? Shapes { get; set; }
        [MsgPackKey(2)] public Dictionary<int, IPet>? Pets { get; set; }
        [MsgPackKey(3)] public IPet? Pet { get; set; }
    }
}
