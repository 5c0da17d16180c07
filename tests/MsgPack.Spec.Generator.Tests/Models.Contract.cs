using System;
using System.Collections.Generic;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>A map with integer keys, as Tarantool's request bodies and Nerdbank's maps without default members are.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class IntegerKeyed
    {
        [MsgPackKey(0x10)] public uint Space { get; set; }
        [MsgPackKey(0)] public string? Name { get; set; }
        [MsgPackKey(200)] public long Big { get; set; }
        [MsgPackKey(300)] public List<int>? Items { get; set; }
        [MsgPackKey(70_000)] public bool Far { get; set; }
    }

    /// <summary>A map with no member (a request body that is empty, as Tarantool's PING): every key is skipped.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class EmptyMap
    {
    }

    /// <summary>The same as a struct.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public partial struct EmptyArrayOrMap
    {
    }

    /// <summary>A generic type: its items are any type of the contract.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class Page<TItem>
        where TItem : IMsgPackSerializable<TItem>
    {
        [MsgPackKey("items")] public List<TItem> Items { get; set; } = new List<TItem>();
        [MsgPackKey("first")] public TItem? First { get; set; }
        [MsgPackKey("total")] public int Total { get; set; }
    }

    /// <summary>A generic struct in an array layout: a sequence number, a body, and bodies by name.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public partial struct Envelope<TBody>
        where TBody : IMsgPackSerializable<TBody>
    {
        [MsgPackKey(0)] public ulong Sequence { get; set; }
        [MsgPackKey(1)] public TBody Body { get; set; }
        [MsgPackKey(2)] public Dictionary<string, TBody>? Named { get; set; }
    }

    /// <summary>Generic types nested and in collections.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class Mailbox
    {
        [MsgPackKey("pages")] public List<Page<Account>>? Pages { get; set; }
        [MsgPackKey("letters")] public Envelope<Point>[]? Letters { get; set; }
        [MsgPackKey("nested")] public Envelope<Envelope<Celsius>> Nested { get; set; }
    }

    /// <summary>A hand-written type of the contract: one positive fixint or int of tenths of a degree.</summary>
    public readonly struct Celsius : IMsgPackSerializable<Celsius>
    {
        public Celsius(double degrees) => Degrees = degrees;

        public double Degrees { get; }

        public static void Write(ref MsgPackWriter writer, in Celsius value) => writer.WriteInt32((int)Math.Round(value.Degrees * 10));

        public static void Write(ref Span<byte> destination, in Celsius value) => MsgPackSpec.WriteInt32(ref destination, (int)Math.Round(value.Degrees * 10));

        public static int GetEncodedLength(in Celsius value) => MsgPackSpec.GetInt64EncodedLength((int)Math.Round(value.Degrees * 10));

        public static Celsius Read(ref MsgPackReader reader, int depth) => new Celsius(reader.ReadInt32() / 10.0);
    }
}
