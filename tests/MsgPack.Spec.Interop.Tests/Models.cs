using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Numerics;
using MsgPack.Spec.Serialization;
using PolyType;
using MP = MessagePack;
using NB = Nerdbank.MessagePack;

// One class per case carries the attributes of all three libraries at once, so that each library serializes the same
// members under the same keys: ours ([MsgPackObject]/[MsgPackKey]), MessagePack-CSharp's ([MessagePackObject]/[Key],
// read by its dynamic resolver) and Nerdbank.MessagePack's ([Key] for an array layout, [PropertyShape(Name)] for map
// keys; [GenerateShape] has PolyType's source generator make the shape of the type and of every type it reaches).
namespace MsgPack.Spec.Interop.Tests
{
    public enum Shade
    {
        Negative = -5,
        None = 0,
        Red = 1,
        Wide = 300,
        Huge = int.MaxValue,
    }

    /// <summary>A nested array-layout type.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    public sealed partial class Inner
    {
        [MsgPackKey(0)] [MP.Key(0)] [NB.Key(0)] public int Id { get; set; }
        [MsgPackKey(1)] [MP.Key(1)] [NB.Key(1)] public string? Label { get; set; }
    }

    /// <summary>The members the array and the map layouts share, so that one generator and one comparison serve both.</summary>
    public interface IEveryKind
    {
        bool Flag { get; set; }

        sbyte I8 { get; set; }

        byte U8 { get; set; }

        short I16 { get; set; }

        ushort U16 { get; set; }

        int I32 { get; set; }

        uint U32 { get; set; }

        long I64 { get; set; }

        ulong U64 { get; set; }

        float F32 { get; set; }

        double F64 { get; set; }

        string? Text { get; set; }

        int? Maybe { get; set; }

        byte[]? Bytes { get; set; }

        Shade Shade { get; set; }

        Inner? Nested { get; set; }

        List<int>? Numbers { get; set; }

        string[]? Names { get; set; }
    }

    /// <summary>The array layout: every integer width, bool, both floats, string, nullable, bin, enum, nested, lists.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    [GenerateShape]
    public sealed partial class ArrayModel : IEveryKind
    {
        [MsgPackKey(0)] [MP.Key(0)] [NB.Key(0)] public bool Flag { get; set; }
        [MsgPackKey(1)] [MP.Key(1)] [NB.Key(1)] public sbyte I8 { get; set; }
        [MsgPackKey(2)] [MP.Key(2)] [NB.Key(2)] public byte U8 { get; set; }
        [MsgPackKey(3)] [MP.Key(3)] [NB.Key(3)] public short I16 { get; set; }
        [MsgPackKey(4)] [MP.Key(4)] [NB.Key(4)] public ushort U16 { get; set; }
        [MsgPackKey(5)] [MP.Key(5)] [NB.Key(5)] public int I32 { get; set; }
        [MsgPackKey(6)] [MP.Key(6)] [NB.Key(6)] public uint U32 { get; set; }
        [MsgPackKey(7)] [MP.Key(7)] [NB.Key(7)] public long I64 { get; set; }
        [MsgPackKey(8)] [MP.Key(8)] [NB.Key(8)] public ulong U64 { get; set; }
        [MsgPackKey(9)] [MP.Key(9)] [NB.Key(9)] public float F32 { get; set; }
        [MsgPackKey(10)] [MP.Key(10)] [NB.Key(10)] public double F64 { get; set; }
        [MsgPackKey(11)] [MP.Key(11)] [NB.Key(11)] public string? Text { get; set; }
        [MsgPackKey(12)] [MP.Key(12)] [NB.Key(12)] public int? Maybe { get; set; }
        [MsgPackKey(13)] [MP.Key(13)] [NB.Key(13)] public byte[]? Bytes { get; set; }
        [MsgPackKey(14)] [MP.Key(14)] [NB.Key(14)] public Shade Shade { get; set; }
        [MsgPackKey(15)] [MP.Key(15)] [NB.Key(15)] public Inner? Nested { get; set; }
        [MsgPackKey(16)] [MP.Key(16)] [NB.Key(16)] public List<int>? Numbers { get; set; }
        [MsgPackKey(17)] [MP.Key(17)] [NB.Key(17)] public string[]? Names { get; set; }
    }

    /// <summary>The map layout with string keys: the same member kinds, a dictionary and a list of nested values.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    [MP.MessagePackObject]
    [GenerateShape]
    public sealed partial class MapModel : IEveryKind
    {
        [MsgPackKey("flag")] [MP.Key("flag")] [PropertyShape(Name = "flag")] public bool Flag { get; set; }
        [MsgPackKey("i8")] [MP.Key("i8")] [PropertyShape(Name = "i8")] public sbyte I8 { get; set; }
        [MsgPackKey("u8")] [MP.Key("u8")] [PropertyShape(Name = "u8")] public byte U8 { get; set; }
        [MsgPackKey("i16")] [MP.Key("i16")] [PropertyShape(Name = "i16")] public short I16 { get; set; }
        [MsgPackKey("u16")] [MP.Key("u16")] [PropertyShape(Name = "u16")] public ushort U16 { get; set; }
        [MsgPackKey("i32")] [MP.Key("i32")] [PropertyShape(Name = "i32")] public int I32 { get; set; }
        [MsgPackKey("u32")] [MP.Key("u32")] [PropertyShape(Name = "u32")] public uint U32 { get; set; }
        [MsgPackKey("i64")] [MP.Key("i64")] [PropertyShape(Name = "i64")] public long I64 { get; set; }
        [MsgPackKey("u64")] [MP.Key("u64")] [PropertyShape(Name = "u64")] public ulong U64 { get; set; }
        [MsgPackKey("f32")] [MP.Key("f32")] [PropertyShape(Name = "f32")] public float F32 { get; set; }
        [MsgPackKey("f64")] [MP.Key("f64")] [PropertyShape(Name = "f64")] public double F64 { get; set; }
        [MsgPackKey("text")] [MP.Key("text")] [PropertyShape(Name = "text")] public string? Text { get; set; }
        [MsgPackKey("maybe")] [MP.Key("maybe")] [PropertyShape(Name = "maybe")] public int? Maybe { get; set; }
        [MsgPackKey("bytes")] [MP.Key("bytes")] [PropertyShape(Name = "bytes")] public byte[]? Bytes { get; set; }
        [MsgPackKey("shade")] [MP.Key("shade")] [PropertyShape(Name = "shade")] public Shade Shade { get; set; }
        [MsgPackKey("nested")] [MP.Key("nested")] [PropertyShape(Name = "nested")] public Inner? Nested { get; set; }
        [MsgPackKey("numbers")] [MP.Key("numbers")] [PropertyShape(Name = "numbers")] public List<int>? Numbers { get; set; }
        [MsgPackKey("names")] [MP.Key("names")] [PropertyShape(Name = "names")] public string[]? Names { get; set; }
        [MsgPackKey("scores")] [MP.Key("scores")] [PropertyShape(Name = "scores")] public Dictionary<string, int>? Scores { get; set; }
        [MsgPackKey("children")] [MP.Key("children")] [PropertyShape(Name = "children")] public List<Inner>? Children { get; set; }
    }

    /// <summary>
    /// A map layout of nine members: few enough that the generator keeps declaration order (see
    /// <see cref="DifferenceTests.MapKeyOrder_MoreThan16Members_FollowsDeclaration"/>), so its bytes can equal the peers'.
    /// </summary>
    [MsgPackObject(MsgPackLayout.Map)]
    [MP.MessagePackObject]
    [GenerateShape]
    public sealed partial class SmallMapModel
    {
        [MsgPackKey("id")] [MP.Key("id")] [PropertyShape(Name = "id")] public long Id { get; set; }
        [MsgPackKey("name")] [MP.Key("name")] [PropertyShape(Name = "name")] public string? Name { get; set; }
        [MsgPackKey("score")] [MP.Key("score")] [PropertyShape(Name = "score")] public double Score { get; set; }
        [MsgPackKey("ratio")] [MP.Key("ratio")] [PropertyShape(Name = "ratio")] public float Ratio { get; set; }
        [MsgPackKey("shade")] [MP.Key("shade")] [PropertyShape(Name = "shade")] public Shade Shade { get; set; }
        [MsgPackKey("bin")] [MP.Key("bin")] [PropertyShape(Name = "bin")] public byte[]? Bin { get; set; }
        [MsgPackKey("tags")] [MP.Key("tags")] [PropertyShape(Name = "tags")] public List<string>? Tags { get; set; }
        [MsgPackKey("scores")] [MP.Key("scores")] [PropertyShape(Name = "scores")] public Dictionary<string, int>? Scores { get; set; }
        [MsgPackKey("children")] [MP.Key("children")] [PropertyShape(Name = "children")] public List<Inner>? Children { get; set; }
    }

    /// <summary>Time and identity: DateTime (timestamp ext -1) and Guid, plain and nullable.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    [GenerateShape]
    public sealed partial class TimeModel
    {
        [MsgPackKey(0)] [MP.Key(0)] [NB.Key(0)] public DateTime When { get; set; }
        [MsgPackKey(1)] [MP.Key(1)] [NB.Key(1)] public DateTime? MaybeWhen { get; set; }
        [MsgPackKey(2)] [MP.Key(2)] [NB.Key(2)] public Guid Id { get; set; }
        [MsgPackKey(3)] [MP.Key(3)] [NB.Key(3)] public Guid? MaybeId { get; set; }
    }

    /// <summary>DateTimeOffset alone: each library has its own form of it.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    [GenerateShape]
    public sealed partial class OffsetModel
    {
        [MsgPackKey(0)] [MP.Key(0)] [NB.Key(0)] public DateTimeOffset At { get; set; }
    }

    /// <summary>
    /// The same [Key(int)] members as a map with integer keys on our side: what Nerdbank writes when it leaves out
    /// default members (SerializeDefaultValuesPolicy.Never).
    /// </summary>
    [MsgPackObject(MsgPackLayout.Map)]
    [MP.MessagePackObject]
    [GenerateShape]
    public sealed partial class IntegerKeyModel
    {
        [MsgPackKey(0)] [MP.Key(0)] [NB.Key(0)] public int Id { get; set; }
        [MsgPackKey(1)] [MP.Key(1)] [NB.Key(1)] public string? Name { get; set; }
        [MsgPackKey(5)] [MP.Key(5)] [NB.Key(5)] public long Count { get; set; }
        [MsgPackKey(200)] [MP.Key(200)] [NB.Key(200)] public bool Far { get; set; }
    }

    /// <summary>A float member holding a whole number: a peer may write it narrower than float 32.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    [GenerateShape]
    public sealed partial class FloatModel
    {
        [MsgPackKey(0)] [MP.Key(0)] [NB.Key(0)] public float F32 { get; set; }
        [MsgPackKey(1)] [MP.Key(1)] [NB.Key(1)] public double F64 { get; set; }
    }

    /// <summary>
    /// The BCL types that are not MessagePack types, in an array layout: MessagePack-CSharp's forms are ours, byte for
    /// byte; Nerdbank's differ for decimal, Int128, UInt128 and BigInteger, and each reads the other's (KeyValuePair: PairModel).
    /// </summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    [GenerateShape]
    public sealed partial class BclModel
    {
        [MsgPackKey(0)] [MP.Key(0)] [NB.Key(0)] public decimal Price { get; set; }
        [MsgPackKey(1)] [MP.Key(1)] [NB.Key(1)] public TimeSpan Elapsed { get; set; }
        [MsgPackKey(2)] [MP.Key(2)] [NB.Key(2)] public DateOnly Day { get; set; }
        [MsgPackKey(3)] [MP.Key(3)] [NB.Key(3)] public TimeOnly Time { get; set; }
        [MsgPackKey(4)] [MP.Key(4)] [NB.Key(4)] public char Letter { get; set; }
        [MsgPackKey(5)] [MP.Key(5)] [NB.Key(5)] public Half Small { get; set; }
        [MsgPackKey(6)] [MP.Key(6)] [NB.Key(6)] public Int128 Huge { get; set; }
        [MsgPackKey(7)] [MP.Key(7)] [NB.Key(7)] public UInt128 HugeUnsigned { get; set; }
        [MsgPackKey(8)] [MP.Key(8)] [NB.Key(8)] public BigInteger Big { get; set; }
        [MsgPackKey(9)] [MP.Key(9)] [NB.Key(9)] public Uri? Link { get; set; }
        [MsgPackKey(10)] [MP.Key(10)] [NB.Key(10)] public Version? Release { get; set; }
        [MsgPackKey(11)] [MP.Key(11)] [NB.Key(11)] public HashSet<int>? Set { get; set; }
        [MsgPackKey(12)] [MP.Key(12)] [NB.Key(12)] public ISet<string>? SetInterface { get; set; }
        [MsgPackKey(13)] [MP.Key(13)] [NB.Key(13)] public ImmutableArray<int> Frozen { get; set; } = ImmutableArray<int>.Empty;
        [MsgPackKey(14)] [MP.Key(14)] [NB.Key(14)] public ImmutableList<string>? FrozenList { get; set; }
        [MsgPackKey(15)] [MP.Key(15)] [NB.Key(15)] public ImmutableDictionary<string, int>? FrozenMap { get; set; }
        [MsgPackKey(16)] [MP.Key(16)] [NB.Key(16)] public ReadOnlyMemory<int> Samples { get; set; }
        [MsgPackKey(17)] [MP.Key(17)] [NB.Key(17)] public Memory<double> Weights { get; set; }
        [MsgPackKey(18)] [MP.Key(18)] [NB.Key(18)] public ValueTuple<long> Single { get; set; }
        [MsgPackKey(19)] [MP.Key(19)] [NB.Key(19)] public (int, string?) Couple { get; set; }
        [MsgPackKey(20)] [MP.Key(20)] [NB.Key(20)] public (byte, short, int, long, float, double, bool) Seven { get; set; }
        [MsgPackKey(21)] [MP.Key(21)] [NB.Key(21)] public decimal? MaybePrice { get; set; }
        [MsgPackKey(22)] [MP.Key(22)] [NB.Key(22)] public DateOnly? MaybeDay { get; set; }
    }

    /// <summary>KeyValuePair: MessagePack-CSharp's [key, value] (ours), Nerdbank's {"Key": key, "Value": value}; we read both, Nerdbank only its own.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    [GenerateShape]
    public sealed partial class PairModel
    {
        [MsgPackKey(0)] [MP.Key(0)] [NB.Key(0)] public KeyValuePair<int, string?> Pair { get; set; }
        [MsgPackKey(1)] [MP.Key(1)] [NB.Key(1)] public List<KeyValuePair<string, long>>? Pairs { get; set; }
    }

    /// <summary>A value tuple of eight: MessagePack-CSharp nests the eighth item (the rest), Nerdbank flattens it.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    [GenerateShape]
    public sealed partial class EightModel
    {
        [MsgPackKey(0)] [MP.Key(0)] [NB.Key(0)] public (int, int, int, int, int, int, int, string?) Eight { get; set; }
    }

    /// <summary>Shapes of the values that are not one of the models, for Nerdbank.MessagePack.</summary>
    [GenerateShapeFor<decimal>]
    [GenerateShapeFor<Shade>]
    [GenerateShapeFor<Guid>]
    [GenerateShapeFor<DateTime>]
    internal sealed partial class Witness
    {
    }
}

namespace MsgPack.Spec.Interop.Tests
{
    /// <summary>Members of type object and the collections of object (issue #40), by name: MessagePack-CSharp's twin is the same class.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    [MP.MessagePackObject]
    public sealed partial class ObjectMapModel
    {
        [MsgPackKey("name")] [MP.Key("name")] public string? Name { get; set; }
        [MsgPackKey("any")] [MP.Key("any")] public object? Any { get; set; }
        [MsgPackKey("meta")] [MP.Key("meta")] public Dictionary<string, object?>? Meta { get; set; }
        [MsgPackKey("imeta")] [MP.Key("imeta")] public IDictionary<string, object?>? InterfaceMeta { get; set; }
        [MsgPackKey("rmeta")] [MP.Key("rmeta")] public IReadOnlyDictionary<string, object?>? ReadOnlyMeta { get; set; }
        [MsgPackKey("list")] [MP.Key("list")] public List<object?>? List { get; set; }
        [MsgPackKey("array")] [MP.Key("array")] public object?[]? Array { get; set; }
    }

    /// <summary>The same by index, with a member that holds a generated type (written by its own writer on both sides).</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    public sealed partial class ObjectArrayModel
    {
        [MsgPackKey(0)] [MP.Key(0)] public int Id { get; set; }
        [MsgPackKey(1)] [MP.Key(1)] public object? Any { get; set; }
        [MsgPackKey(2)] [MP.Key(2)] public object? Typed { get; set; }
        [MsgPackKey(3)] [MP.Key(3)] public List<object?>? List { get; set; }
    }
}
