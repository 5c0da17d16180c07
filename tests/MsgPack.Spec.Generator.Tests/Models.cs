using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>Every primitive of phase 1, and nullable ones, in an array layout: no string, so no allocation.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public partial record struct Primitives
    {
        [MsgPackKey(0)] public bool Flag { get; set; }
        [MsgPackKey(1)] public sbyte SByte { get; set; }
        [MsgPackKey(2)] public byte Byte { get; set; }
        [MsgPackKey(3)] public short Int16 { get; set; }
        [MsgPackKey(4)] public ushort UInt16 { get; set; }
        [MsgPackKey(5)] public int Int32 { get; set; }
        [MsgPackKey(6)] public uint UInt32 { get; set; }
        [MsgPackKey(7)] public long Int64 { get; set; }
        [MsgPackKey(8)] public ulong UInt64 { get; set; }
        [MsgPackKey(9)] public float Single { get; set; }
        [MsgPackKey(10)] public double Double { get; set; }
        [MsgPackKey(11)] public int? MaybeInt32 { get; set; }
        [MsgPackKey(12)] public double? MaybeDouble { get; set; }
        [MsgPackKey(13)] public Point Where { get; set; }
        [MsgPackKey(14)] public Point? MaybeWhere { get; set; }
        [MsgPackKey(15)] public ulong Sixteenth { get; set; }
    }

    /// <summary>A nested struct, with fields.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public partial struct Point
    {
        [MsgPackKey(0)] public int X;
        [MsgPackKey(1)] public int Y;

        public Point(int x, int y)
        {
            X = x;
            Y = y;
        }
    }

    /// <summary>A Tarantool-style tuple: a class by index, with a gap (index 2 is written as nil) and an ignored member.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public partial class Account
    {
        [MsgPackKey(0)] public ulong Id { get; set; }
        [MsgPackKey(1)] public string Name { get; set; } = "";
        [MsgPackKey(3)] public long Balance { get; set; }
        [MsgPackKey(4)] public string? Note { get; set; }
        [MsgPackIgnore] public int Cached { get; set; } = 7;
    }

    /// <summary>A map layout through a record's primary constructor, with a set member, nested classes and structs.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public partial record Person(
        [property: MsgPackKey("name")] string Name,
        [property: MsgPackKey("age")] int Age)
    {
        [MsgPackKey("email")] public string? Email { get; set; }
        [MsgPackKey("home")] public Point Home { get; set; }
        [MsgPackKey("owner_of")] public Account? OwnerOf { get; set; }
        [MsgPackKey("score")] public double Score { get; set; } = 1.5;
    }

    /// <summary>A map layout by setters, with a key longer than 31 bytes (str 8 header) and a non-ASCII key.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class Settings
    {
        [MsgPackKey("a_key_that_is_longer_than_thirty_one_bytes")] public int Long { get; set; }
        [MsgPackKey("größe")] public uint Size { get; set; } = 42;
        [MsgPackKey("on")] public bool? On { get; set; }
    }

    public static partial class Outer
    {
        /// <summary>A generated type inside another type.</summary>
        [MsgPackObject(MsgPackLayout.Array)]
        public partial record struct Inner([property: MsgPackKey(0)] short A, [property: MsgPackKey(1)] float B);
    }

    /// <summary>A constructor's parameter defaults are the defaults of missing members.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public partial record Defaults(
        [property: MsgPackKey(0)] int Count = 18,
        [property: MsgPackKey(1)] string Name = "anon",
        [property: MsgPackKey(2)] double Ratio = -0.25,
        [property: MsgPackKey(3)] float Missing = float.NaN,
        [property: MsgPackKey(4)] long? Maybe = -7);
}
