using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>A generated base class.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public partial class Animal
    {
        [MsgPackKey("name")] public string? Name { get; set; }

        [MsgPackKey("legs")] public int Legs { get; set; }

        [MsgPackKey("sound")] public virtual string? Sound { get; set; }
    }

    /// <summary>A generated class deriving from a generated one: the base's members first, an override taken once.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class Dog : Animal
    {
        [MsgPackKey("breed")] public string? Breed { get; set; }

        [MsgPackKey("sound")] public override string? Sound { get; set; } = "woof";
    }

    /// <summary>A base class that is not generated (as one of another assembly would be): its keyed members, protected ones included.</summary>
    public abstract class Entity
    {
        [MsgPackKey(0)] public long Id { get; set; }

        [MsgPackKey(1)] protected internal int Version { get; set; }

        public int VersionForTests => Version;
    }

    /// <summary>An array layout over a base's indexes.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class Customer : Entity
    {
        [MsgPackIgnore] public new int VersionForTests => Version;

        [MsgPackKey(2)] public string? Email { get; set; }

        public void Bump() => Version++;
    }

    /// <summary>A record with a positional member.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public partial record Shape([property: MsgPackKey(0)] string Name);

    /// <summary>A record deriving from it: the constructor's Name is the base's member.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial record Circle(string Name, [property: MsgPackKey(1)] double Radius) : Shape(Name);
}
