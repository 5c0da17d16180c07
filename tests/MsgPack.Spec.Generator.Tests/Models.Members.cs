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

    /// <summary>A map of 70 members: past 64, the reader keeps the members it has seen in more than one word (a repeated key fails).</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public partial class Seventy
    {
        [MsgPackKey("m00")] public int M00 { get; set; }
        [MsgPackKey("m01")] public int M01 { get; set; }
        [MsgPackKey("m02")] public int M02 { get; set; }
        [MsgPackKey("m03")] public int M03 { get; set; }
        [MsgPackKey("m04")] public int M04 { get; set; }
        [MsgPackKey("m05")] public int M05 { get; set; }
        [MsgPackKey("m06")] public int M06 { get; set; }
        [MsgPackKey("m07")] public int M07 { get; set; }
        [MsgPackKey("m08")] public int M08 { get; set; }
        [MsgPackKey("m09")] public int M09 { get; set; }
        [MsgPackKey("m10")] public int M10 { get; set; }
        [MsgPackKey("m11")] public int M11 { get; set; }
        [MsgPackKey("m12")] public int M12 { get; set; }
        [MsgPackKey("m13")] public int M13 { get; set; }
        [MsgPackKey("m14")] public int M14 { get; set; }
        [MsgPackKey("m15")] public int M15 { get; set; }
        [MsgPackKey("m16")] public int M16 { get; set; }
        [MsgPackKey("m17")] public int M17 { get; set; }
        [MsgPackKey("m18")] public int M18 { get; set; }
        [MsgPackKey("m19")] public int M19 { get; set; }
        [MsgPackKey("m20")] public int M20 { get; set; }
        [MsgPackKey("m21")] public int M21 { get; set; }
        [MsgPackKey("m22")] public int M22 { get; set; }
        [MsgPackKey("m23")] public int M23 { get; set; }
        [MsgPackKey("m24")] public int M24 { get; set; }
        [MsgPackKey("m25")] public int M25 { get; set; }
        [MsgPackKey("m26")] public int M26 { get; set; }
        [MsgPackKey("m27")] public int M27 { get; set; }
        [MsgPackKey("m28")] public int M28 { get; set; }
        [MsgPackKey("m29")] public int M29 { get; set; }
        [MsgPackKey("m30")] public int M30 { get; set; }
        [MsgPackKey("m31")] public int M31 { get; set; }
        [MsgPackKey("m32")] public int M32 { get; set; }
        [MsgPackKey("m33")] public int M33 { get; set; }
        [MsgPackKey("m34")] public int M34 { get; set; }
        [MsgPackKey("m35")] public int M35 { get; set; }
        [MsgPackKey("m36")] public int M36 { get; set; }
        [MsgPackKey("m37")] public int M37 { get; set; }
        [MsgPackKey("m38")] public int M38 { get; set; }
        [MsgPackKey("m39")] public int M39 { get; set; }
        [MsgPackKey("m40")] public int M40 { get; set; }
        [MsgPackKey("m41")] public int M41 { get; set; }
        [MsgPackKey("m42")] public int M42 { get; set; }
        [MsgPackKey("m43")] public int M43 { get; set; }
        [MsgPackKey("m44")] public int M44 { get; set; }
        [MsgPackKey("m45")] public int M45 { get; set; }
        [MsgPackKey("m46")] public int M46 { get; set; }
        [MsgPackKey("m47")] public int M47 { get; set; }
        [MsgPackKey("m48")] public int M48 { get; set; }
        [MsgPackKey("m49")] public int M49 { get; set; }
        [MsgPackKey("m50")] public int M50 { get; set; }
        [MsgPackKey("m51")] public int M51 { get; set; }
        [MsgPackKey("m52")] public int M52 { get; set; }
        [MsgPackKey("m53")] public int M53 { get; set; }
        [MsgPackKey("m54")] public int M54 { get; set; }
        [MsgPackKey("m55")] public int M55 { get; set; }
        [MsgPackKey("m56")] public int M56 { get; set; }
        [MsgPackKey("m57")] public int M57 { get; set; }
        [MsgPackKey("m58")] public int M58 { get; set; }
        [MsgPackKey("m59")] public int M59 { get; set; }
        [MsgPackKey("m60")] public int M60 { get; set; }
        [MsgPackKey("m61")] public int M61 { get; set; }
        [MsgPackKey("m62")] public int M62 { get; set; }
        [MsgPackKey("m63")] public int M63 { get; set; }
        [MsgPackKey("m64")] public int M64 { get; set; }
        [MsgPackKey("m65")] public int M65 { get; set; }
        [MsgPackKey("m66")] public int M66 { get; set; }
        [MsgPackKey("m67")] public int M67 { get; set; }
        [MsgPackKey("m68")] public int M68 { get; set; }
        [MsgPackKey("m69")] public int M69 { get; set; }
    }
}
