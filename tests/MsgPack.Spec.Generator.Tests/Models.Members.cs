using System;
using System.Collections.Generic;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Generator.Tests
{
    public enum Color
    {
        Red = 1,
        Green = 2,
        Blue = 300,
    }

    public enum Tiny : byte
    {
        None = 0,
        Max = 255,
    }

    [Flags]
    public enum Wide : ulong
    {
        None = 0,
        Top = 1UL << 63,
    }

    /// <summary>Every member type of phase 2 in a map layout: enums, times, Guid, bin, number arrays, collections and dictionaries.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class Everything
    {
        [MsgPackKey("color")] public Color Color { get; set; }
        [MsgPackKey("tiny")] public Tiny Tiny { get; set; }
        [MsgPackKey("wide")] public Wide Wide { get; set; }
        [MsgPackKey("maybe_color")] public Color? MaybeColor { get; set; }
        [MsgPackKey("when")] public DateTime When { get; set; }
        [MsgPackKey("offset")] public DateTimeOffset Offset { get; set; }
        [MsgPackKey("stamp")] public Timestamp Stamp { get; set; }
        [MsgPackKey("maybe_when")] public DateTime? MaybeWhen { get; set; }
        [MsgPackKey("id")] public Guid Id { get; set; }
        [MsgPackKey("bytes")] public byte[]? Bytes { get; set; }
        [MsgPackKey("memory")] public ReadOnlyMemory<byte> Memory { get; set; }
        [MsgPackKey("writable")] public Memory<byte> Writable { get; set; }
        [MsgPackKey("ints")] public int[]? Ints { get; set; }
        [MsgPackKey("doubles")] public double[] Doubles { get; set; } = Array.Empty<double>();
        [MsgPackKey("flags")] public bool[]? Flags { get; set; }
        [MsgPackKey("names")] public string[]? Names { get; set; }
        [MsgPackKey("tags")] public List<string> Tags { get; set; } = new List<string>();
        [MsgPackKey("points")] public List<Point>? Points { get; set; }
        [MsgPackKey("readonly_list")] public IReadOnlyList<int>? ReadOnlyList { get; set; }
        [MsgPackKey("accounts")] public IList<Account>? Accounts { get; set; }
        [MsgPackKey("counted")] public ICollection<long>? Counted { get; set; }
        [MsgPackKey("read_only_counted")] public IReadOnlyCollection<string?>? ReadOnlyCounted { get; set; }
        [MsgPackKey("scores")] public Dictionary<string, int>? Scores { get; set; }
        [MsgPackKey("labels")] public IReadOnlyDictionary<int, string?>? Labels { get; set; }
        [MsgPackKey("places")] public IDictionary<string, Point>? Places { get; set; }
        [MsgPackKey("grid")] public List<List<int>>? Grid { get; set; }
        [MsgPackKey("series")] public Dictionary<string, List<double>>? Series { get; set; }
        [MsgPackKey("jagged")] public int[][]? Jagged { get; set; }
        [MsgPackKey("maybe_ints")] public List<int?>? MaybeInts { get; set; }
        [MsgPackKey("buckets")] public List<int[]>[]? Buckets { get; set; }
    }

    /// <summary>A recursive type: the depth limit applies.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class Node
    {
        [MsgPackKey(0)] public int Value { get; set; }
        [MsgPackKey(1)] public Node? Next { get; set; }
        [MsgPackKey(2)] public List<Node>? Children { get; set; }
    }

    /// <summary>
    /// A recursive map layout: through a member, a list's elements and a dictionary's values; with members whose
    /// values can be well formed and still not fit (a Guid, a DateTime, the BCL types), and number arrays (read in
    /// bulk), for the error contract's tests. The keys of the values that fail are one character long: the tests take each value's
    /// length as its entry's less two.
    /// </summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class Holder
    {
        [MsgPackKey("n")] public int Number { get; set; }
        [MsgPackKey("g")] public Guid Id { get; set; }
        [MsgPackKey("t")] public DateTime When { get; set; }
        [MsgPackKey("next")] public Holder? Next { get; set; }
        [MsgPackKey("list")] public List<Holder>? List { get; set; }
        [MsgPackKey("dict")] public Dictionary<string, Holder>? Dict { get; set; }
        [MsgPackKey("u")] public Shape? Shape { get; set; }
        [MsgPackKey("d")] public decimal Price { get; set; }
        [MsgPackKey("v")] public Version? Release { get; set; }
        [MsgPackKey("l")] public Uri? Link { get; set; }
        [MsgPackKey("e")] public TimeSpan Elapsed { get; set; }
        [MsgPackKey("y")] public DateOnly Day { get; set; }
        [MsgPackKey("o")] public TimeOnly Time { get; set; }
        [MsgPackKey("c")] public char Letter { get; set; }
        [MsgPackKey("h")] public Int128 Huge { get; set; }
        [MsgPackKey("w")] public UInt128 HugeUnsigned { get; set; }
        [MsgPackKey("b")] public System.Numerics.BigInteger Big { get; set; }
        [MsgPackKey("s")] public HashSet<int>? Set { get; set; }
        [MsgPackKey("p")] public KeyValuePair<int, string> Pair { get; set; }
        [MsgPackKey("q")] public (int, int) Two { get; set; }
        [MsgPackKey("a")] public int[]? Numbers { get; set; }
        [MsgPackKey("f")] public System.Collections.Immutable.ImmutableArray<int> Frozen { get; set; }
    }

    /// <summary>Init-only and required members, set through the object initializer.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class Login
    {
        [MsgPackKey("user")] public required string User { get; init; }
        [MsgPackKey("retries")] public int Retries { get; init; } = 3;
        [MsgPackKey("token")] public string? Token { get; set; }
    }

    /// <summary>A struct with no reference members, read into an existing value.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public partial struct Counters
    {
        [MsgPackKey(0)] public long Reads;
        [MsgPackKey(1)] public long Writes;
        [MsgPackKey(2)] public double Ratio;
    }

    /// <summary>A map of 20 members declared in descending key order: written in declaration order, not sorted or shuffled.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public partial class Twenty
    {
        [MsgPackKey("k20")] public int K20 { get; set; }
        [MsgPackKey("k19")] public int K19 { get; set; }
        [MsgPackKey("k18")] public int K18 { get; set; }
        [MsgPackKey("k17")] public int K17 { get; set; }
        [MsgPackKey("k16")] public int K16 { get; set; }
        [MsgPackKey("k15")] public int K15 { get; set; }
        [MsgPackKey("k14")] public int K14 { get; set; }
        [MsgPackKey("k13")] public int K13 { get; set; }
        [MsgPackKey("k12")] public int K12 { get; set; }
        [MsgPackKey("k11")] public int K11 { get; set; }
        [MsgPackKey("k10")] public int K10 { get; set; }
        [MsgPackKey("k09")] public int K09 { get; set; }
        [MsgPackKey("k08")] public int K08 { get; set; }
        [MsgPackKey("k07")] public int K07 { get; set; }
        [MsgPackKey("k06")] public int K06 { get; set; }
        [MsgPackKey("k05")] public int K05 { get; set; }
        [MsgPackKey("k04")] public int K04 { get; set; }
        [MsgPackKey("k03")] public int K03 { get; set; }
        [MsgPackKey("k02")] public int K02 { get; set; }
        [MsgPackKey("k01")] public int K01 { get; set; }
    }
}
