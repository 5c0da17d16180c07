using System.Collections.Generic;
using System.Linq;
using MsgPack.Spec.Serialization;
using PolyType;
using MP = MessagePack;
using NB = Nerdbank.MessagePack;

// Unions, with each library's attributes on the same types: ours ([MsgPackUnion(tag, typeof(Case))]), MessagePack-CSharp's
// ([Union(tag, typeof(Case))], integer tags only, read by its dynamic union resolver) and PolyType's derived type shapes
// for Nerdbank.MessagePack ([DerivedTypeShape(typeof(Case), Tag = tag)] for an integer tag, Name = "tag" for a string).
// MessagePack-CSharp's analyzer asks for [MessagePackObject] on a member whose type is a union; its dynamic union
// resolver reads the [Union] type without it.
#pragma warning disable MsgPack003

namespace MsgPack.Spec.Interop.Tests
{
    /// <summary>An abstract class with integer tags (one past a fixint), a case that holds the union.</summary>
    [MsgPackUnion(0, typeof(Circle))]
    [MsgPackUnion(1, typeof(Polygon))]
    [MsgPackUnion(7, typeof(Label))]
    [MsgPackUnion(300, typeof(Composite))]
    [MP.Union(0, typeof(Circle))]
    [MP.Union(1, typeof(Polygon))]
    [MP.Union(7, typeof(Label))]
    [MP.Union(300, typeof(Composite))]
    [DerivedTypeShape(typeof(Circle), Tag = 0)]
    [DerivedTypeShape(typeof(Polygon), Tag = 1)]
    [DerivedTypeShape(typeof(Label), Tag = 7)]
    [DerivedTypeShape(typeof(Composite), Tag = 300)]
    public abstract partial class Figure
    {
    }

    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    public sealed partial class Circle : Figure
    {
        [MsgPackKey(0)] [MP.Key(0)] [NB.Key(0)] public double Radius { get; set; }
        [MsgPackKey(1)] [MP.Key(1)] [NB.Key(1)] public Shade Shade { get; set; }
    }

    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    public sealed partial class Polygon : Figure
    {
        [MsgPackKey(0)] [MP.Key(0)] [NB.Key(0)] public List<int>? Points { get; set; }
        [MsgPackKey(1)] [MP.Key(1)] [NB.Key(1)] public string? Name { get; set; }
    }

    /// <summary>A map layout case.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    [MP.MessagePackObject]
    public sealed partial class Label : Figure
    {
        [MsgPackKey("text")] [MP.Key("text")] [PropertyShape(Name = "text")] public string? Text { get; set; }
    }

    /// <summary>A case holding the union: alone, in a list and in a dictionary, each nullable.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    public sealed partial class Composite : Figure
    {
        [MsgPackKey(0)] [MP.Key(0)] [NB.Key(0)] public Figure? Main { get; set; }
        [MsgPackKey(1)] [MP.Key(1)] [NB.Key(1)] public List<Figure?>? Parts { get; set; }
        [MsgPackKey(2)] [MP.Key(2)] [NB.Key(2)] public Dictionary<string, Figure?>? Named { get; set; }
    }

    /// <summary>Unions as members of an ordinary type: the root the three libraries read and write.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    [GenerateShape]
    public sealed partial class Scene
    {
        [MsgPackKey(0)] [MP.Key(0)] [NB.Key(0)] public Figure? Main { get; set; }
        [MsgPackKey(1)] [MP.Key(1)] [NB.Key(1)] public List<Figure?>? Figures { get; set; }
        [MsgPackKey(2)] [MP.Key(2)] [NB.Key(2)] public Dictionary<int, Figure?>? ById { get; set; }
    }

    /// <summary>An interface with string tags: Nerdbank's derived type shapes by name (MessagePack-CSharp has integer tags only).</summary>
    [MsgPackUnion("cat", typeof(Cat))]
    [MsgPackUnion("a_dog_by_a_name_longer_than_31_bytes", typeof(Dog))]
    [DerivedTypeShape(typeof(Cat), Name = "cat")]
    [DerivedTypeShape(typeof(Dog), Name = "a_dog_by_a_name_longer_than_31_bytes")]
    public partial interface IAnimal
    {
    }

    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class Cat : IAnimal
    {
        [MsgPackKey("lives")] [PropertyShape(Name = "lives")] public int Lives { get; set; }
        [MsgPackKey("name")] [PropertyShape(Name = "name")] public string? Name { get; set; }
    }

    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class Dog : IAnimal
    {
        [MsgPackKey(0)] [NB.Key(0)] public IAnimal? Friend { get; set; }
    }

    [MsgPackObject(MsgPackLayout.Array)]
    [GenerateShape]
    public sealed partial class Zoo
    {
        [MsgPackKey(0)] [NB.Key(0)] public IAnimal? Star { get; set; }
        [MsgPackKey(1)] [NB.Key(1)] public List<IAnimal>? Animals { get; set; }
    }

    /// <summary>An interface with integer tags: MessagePack-CSharp's [Union] on an interface, and Nerdbank's.</summary>
    [MsgPackUnion(0, typeof(Hammer))]
    [MsgPackUnion(128, typeof(Saw))]
    [MP.Union(0, typeof(Hammer))]
    [MP.Union(128, typeof(Saw))]
    [DerivedTypeShape(typeof(Hammer), Tag = 0)]
    [DerivedTypeShape(typeof(Saw), Tag = 128)]
    public partial interface ITool
    {
    }

    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    public sealed partial class Hammer : ITool
    {
        [MsgPackKey(0)] [MP.Key(0)] [NB.Key(0)] public long Weight { get; set; }
    }

    [MsgPackObject(MsgPackLayout.Map)]
    [MP.MessagePackObject]
    public sealed partial class Saw : ITool
    {
        [MsgPackKey("teeth")] [MP.Key("teeth")] [PropertyShape(Name = "teeth")] public List<int>? Teeth { get; set; }
        [MsgPackKey("next")] [MP.Key("next")] [PropertyShape(Name = "next")] public ITool? Next { get; set; }
    }

    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    [GenerateShape]
    public sealed partial class Toolbox
    {
        [MsgPackKey(0)] [MP.Key(0)] [NB.Key(0)] public ITool? Main { get; set; }
        [MsgPackKey(1)] [MP.Key(1)] [NB.Key(1)] public List<ITool?>? Tools { get; set; }
    }

    /// <summary>Random unions, drawn with <see cref="Gen"/>'s boundaries.</summary>
    internal static class UnionGen
    {
        public static Scene Scene(this Gen gen) => new()
        {
            Main = gen.Figure(0),
            Figures = gen.Chance(15) ? null : Enumerable.Range(0, gen.Count()).Select(_ => gen.Figure(1)).ToList(),
            ById = gen.Chance(15) ? null : gen.ById(gen.Count()),
        };

        private static Dictionary<int, Figure?> ById(this Gen gen, int count)
        {
            var byId = new Dictionary<int, Figure?>();
            while (byId.Count < count)
            {
                byId[(int)gen.Int(int.MinValue, int.MaxValue)] = gen.Figure(1);
            }

            return byId;
        }

        public static Figure? Figure(this Gen gen, int depth)
        {
            if (gen.Chance(15))
            {
                return null;
            }

            int pick = (int)gen.Int(0, depth < 3 ? 3 : 2);
            return pick switch
            {
                0 => new Circle { Radius = gen.Double(), Shade = gen.Shade() },
                1 => new Polygon { Points = gen.Numbers(), Name = gen.MaybeText() },
                2 => new Label { Text = gen.MaybeText() },
                _ => new Composite
                {
                    Main = gen.Figure(depth + 1),
                    Parts = gen.Chance(20) ? null : Enumerable.Range(0, gen.Count() % 4).Select(_ => gen.Figure(depth + 1)).ToList(),
                    Named = gen.Chance(20) ? null : Enumerable.Range(0, gen.Count() % 4).ToDictionary(i => gen.Text() + i, _ => gen.Figure(depth + 1)),
                },
            };
        }

        public static Toolbox Toolbox(this Gen gen) => new()
        {
            Main = gen.Tool(0),
            Tools = gen.Chance(15) ? null : Enumerable.Range(0, gen.Count()).Select(_ => gen.Tool(1)).ToList(),
        };

        public static ITool? Tool(this Gen gen, int depth) =>
            gen.Chance(15) ? null
            : gen.Chance(50) || depth > 3 ? new Hammer { Weight = gen.Int(long.MinValue, long.MaxValue) }
            : new Saw { Teeth = gen.Numbers(), Next = gen.Tool(depth + 1) };

        public static Zoo Zoo(this Gen gen) => new()
        {
            Star = gen.Animal(0),
            Animals = gen.Chance(15) ? null : Enumerable.Range(0, gen.Count()).Select(_ => gen.Animal(1) ?? new Cat()).ToList(),
        };

        public static IAnimal? Animal(this Gen gen, int depth) =>
            gen.Chance(15) ? null
            : gen.Chance(50) || depth > 3 ? new Cat { Lives = (int)gen.Int(int.MinValue, int.MaxValue), Name = gen.MaybeText() }
            : new Dog { Friend = gen.Animal(depth + 1) };
    }
}
