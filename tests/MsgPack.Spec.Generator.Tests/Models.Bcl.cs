using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Numerics;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>The BCL types that are not MessagePack types, in an array layout: scalars, sets, immutable collections, memory of numbers, pairs and tuples.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class BclTypes
    {
        [MsgPackKey(0)] public decimal Price { get; set; }
        [MsgPackKey(1)] public TimeSpan Elapsed { get; set; }
        [MsgPackKey(2)] public DateOnly Day { get; set; }
        [MsgPackKey(3)] public TimeOnly Time { get; set; }
        [MsgPackKey(4)] public char Letter { get; set; }
        [MsgPackKey(5)] public Half Small { get; set; }
        [MsgPackKey(6)] public Int128 Huge { get; set; }
        [MsgPackKey(7)] public UInt128 HugeUnsigned { get; set; }
        [MsgPackKey(8)] public BigInteger Big { get; set; }
        [MsgPackKey(9)] public Uri? Link { get; set; }
        [MsgPackKey(10)] public Version? Release { get; set; }
        [MsgPackKey(11)] public HashSet<int>? Set { get; set; }
        [MsgPackKey(12)] public ISet<string>? SetInterface { get; set; }
        [MsgPackKey(13)] public IReadOnlySet<long>? ReadOnlySet { get; set; }
        [MsgPackKey(14)] public ImmutableArray<int> Frozen { get; set; }
        [MsgPackKey(15)] public ImmutableList<string>? FrozenList { get; set; }
        [MsgPackKey(16)] public ImmutableDictionary<string, int>? FrozenMap { get; set; }
        [MsgPackKey(17)] public ReadOnlyMemory<int> Samples { get; set; }
        [MsgPackKey(18)] public Memory<double> Weights { get; set; }
        [MsgPackKey(19)] public KeyValuePair<int, string> Pair { get; set; }
        [MsgPackKey(20)] public ValueTuple<int> Single { get; set; }
        [MsgPackKey(21)] public (int Id, string? Name) Named { get; set; }
        [MsgPackKey(22)] public (byte, short, int, long, float, double, bool) Seven { get; set; }
        [MsgPackKey(23)] public (int, int, int, int, int, int, int, string) Eight { get; set; }
        [MsgPackKey(24)] public decimal? MaybePrice { get; set; }
        [MsgPackKey(25)] public DateOnly? MaybeDay { get; set; }
        [MsgPackKey(26)] public List<KeyValuePair<string, decimal>>? Pairs { get; set; }
        [MsgPackKey(27)] public Dictionary<char, TimeSpan>? ByLetter { get; set; }
    }

    /// <summary>
    /// ImmutableArray of every element type the bulk array doors take (written and read through them), one nullable, and
    /// one of byte (element by element: an array of integers, not bin).
    /// </summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class FrozenNumbers
    {
        [MsgPackKey(0)] public ImmutableArray<bool> Flags { get; set; }
        [MsgPackKey(1)] public ImmutableArray<sbyte> Tiny { get; set; }
        [MsgPackKey(2)] public ImmutableArray<short> Shorts { get; set; }
        [MsgPackKey(3)] public ImmutableArray<ushort> UShorts { get; set; }
        [MsgPackKey(4)] public ImmutableArray<int> Ints { get; set; }
        [MsgPackKey(5)] public ImmutableArray<uint> UInts { get; set; }
        [MsgPackKey(6)] public ImmutableArray<long> Longs { get; set; }
        [MsgPackKey(7)] public ImmutableArray<ulong> ULongs { get; set; }
        [MsgPackKey(8)] public ImmutableArray<float> Singles { get; set; }
        [MsgPackKey(9)] public ImmutableArray<double> Doubles { get; set; }
        [MsgPackKey(10)] public ImmutableArray<int>? Maybe { get; set; }
        [MsgPackKey(11)] public ImmutableArray<byte> Bytes { get; set; }
    }

    /// <summary><see cref="FrozenNumbers"/> as lists, which go element by element: the bytes an ImmutableArray was written as before the bulk doors.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class ListedNumbers
    {
        [MsgPackKey(0)] public List<bool>? Flags { get; set; }
        [MsgPackKey(1)] public List<sbyte>? Tiny { get; set; }
        [MsgPackKey(2)] public List<short>? Shorts { get; set; }
        [MsgPackKey(3)] public List<ushort>? UShorts { get; set; }
        [MsgPackKey(4)] public List<int>? Ints { get; set; }
        [MsgPackKey(5)] public List<uint>? UInts { get; set; }
        [MsgPackKey(6)] public List<long>? Longs { get; set; }
        [MsgPackKey(7)] public List<ulong>? ULongs { get; set; }
        [MsgPackKey(8)] public List<float>? Singles { get; set; }
        [MsgPackKey(9)] public List<double>? Doubles { get; set; }
        [MsgPackKey(10)] public List<int>? Maybe { get; set; }
        [MsgPackKey(11)] public List<byte>? Bytes { get; set; }
    }
}
