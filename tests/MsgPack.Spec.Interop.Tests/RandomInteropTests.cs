using System;
using System.Collections.Generic;
using Xunit;
using static MsgPack.Spec.Interop.Tests.Codecs;

namespace MsgPack.Spec.Interop.Tests
{
    /// <summary>
    /// A few hundred seeded random instances per model, each way through the wire: (a) our bytes read by
    /// MessagePack-CSharp, (b) its bytes read by us, (c) the same both ways with Nerdbank.MessagePack, and (d) the bytes
    /// compared, equal where the formats agree (docs/serialization.md ("Interoperability") says where they do not, and
    /// DifferenceTests pins each difference).
    /// </summary>
    public partial class RandomInteropTests
    {
        private const int Count = 300;

        /// <summary>Runs the check on each instance; a failure names the seed, the instance and our bytes.</summary>
        private static void Each<T>(int seed, Func<Gen, T> make, Func<T, byte[]> ours, Action<T, byte[]> check)
        {
            var gen = new Gen(seed);
            for (int i = 0; i < Count; i++)
            {
                T value = make(gen);
                byte[] bytes = ours(value);
                try
                {
                    check(value, bytes);
                }
                catch (Exception e)
                {
                    throw new InvalidOperationException($"seed {seed}, instance {i}, our bytes {Hex(bytes)}: {e.Message}", e);
                }
            }
        }

        [Fact]
        public void ArrayLayout_EachWay_AndByteForByte()
        {
            Each(1, g => g.ArrayModel(), Ours, (value, ours) =>
            {
                Same.Model(value, MpRead<ArrayModel>(ours));                       // (a)
                byte[] mp = MpWrite(value);
                Same.Model(value, OursArray(mp));                                   // (b)
                Same.Model(value, Nb.Deserialize<ArrayModel>(ours)!);               // (c)
                byte[] nb = Nb.Serialize(value);
                Same.Model(value, OursArray(nb));
                Assert.Equal(Hex(mp), Hex(ours));                                   // (d)
                Assert.Equal(Hex(nb), Hex(ours));
            });
        }

        [Fact]
        public void SmallMapLayout_EachWay_AndByteForByte()
        {
            Each(2, g => g.SmallMapModel(), Ours, (value, ours) =>
            {
                Same.Model(value, MpRead<SmallMapModel>(ours));
                byte[] mp = MpWrite(value);
                Same.Model(value, OursSmallMap(mp));
                Same.Model(value, Nb.Deserialize<SmallMapModel>(ours)!);
                byte[] nb = Nb.Serialize(value);
                Same.Model(value, OursSmallMap(nb));
                // Up to 16 members our key order is the declaration order, as the peers': the same bytes.
                Assert.Equal(Hex(mp), Hex(ours));
                Assert.Equal(Hex(nb), Hex(ours));
            });
        }

        /// <summary>
        /// 20 members: each way works; the two peers write the same bytes, and ours are the same entries, compared as a
        /// set because our order differs past 16 members (DifferenceTests.MapKeyOrder_MoreThan16Members_FollowsDeclaration).
        /// </summary>
        [Fact]
        public void MapLayout_EachWay_SameEntries()
        {
            Each(3, g => g.MapModel(), Ours, (value, ours) =>
            {
                Same.Model(value, MpRead<MapModel>(ours));
                byte[] mp = MpWrite(value);
                Same.Model(value, OursMap(mp));
                Same.Model(value, Nb.Deserialize<MapModel>(ours)!);
                byte[] nb = Nb.Serialize(value);
                Same.Model(value, OursMap(nb));
                Assert.Equal(Hex(mp), Hex(nb));
                Assert.Equal(mp.Length, ours.Length);
                Assert.Equal(Wire.SortedEntries(mp), Wire.SortedEntries(ours));
            });
        }

        /// <summary>UTC DateTimes (timestamp 32, 64 and 96) and Guids: MessagePack-CSharp's bytes are ours.</summary>
        [Fact]
        public void DateTimeAndGuid_EachWay_AndByteForByteWithMessagePackCSharp()
        {
            Each(4, g => g.TimeModel(), Ours, (value, ours) =>
            {
                Same.Model(value, MpRead<TimeModel>(ours));
                byte[] mp = MpWrite(value);
                Same.Model(value, OursTime(mp));
                Assert.Equal(Hex(mp), Hex(ours));
            });
        }

        /// <summary>
        /// With Nerdbank.MessagePack's defaults a Guid is ext 2, which we do not read (DifferenceTests); configured to write
        /// the "D" string (WithGuidConverter(StringD)) its bytes are ours.
        /// </summary>
        [Fact]
        public void DateTimeAndGuid_EachWay_AndByteForByteWithNerdbankWritingGuidAsString()
        {
            Each(5, g => g.TimeModel(), Ours, (value, ours) =>
            {
                Same.Model(value, NbAsOurs.Deserialize<TimeModel>(ours)!);
                byte[] nb = NbAsOurs.Serialize(value);
                Same.Model(value, OursTime(nb));
                Assert.Equal(Hex(nb), Hex(ours));
            });
        }

        /// <summary>The BCL types: MessagePack-CSharp's bytes are ours, and each reads the other's.</summary>
        [Fact]
        public void BclTypes_EachWay_AndByteForByteWithMessagePackCSharp()
        {
            Each(6, g => g.BclModel(), Ours, (value, ours) =>
            {
                Same.Model(value, MpRead<BclModel>(ours));
                byte[] mp = MpWrite(value);
                Same.Model(value, OursBcl(mp));
                Assert.Equal(Hex(mp), Hex(ours));
            });
        }

        /// <summary>
        /// The BCL types with Nerdbank.MessagePack: its bytes differ for decimal (ext 4), Int128, UInt128 and BigInteger
        /// (an integer within 64 bits, else an extension), and each reads the other's.
        /// </summary>
        [Fact]
        public void BclTypes_EachWay_WithNerdbank()
        {
            Each(7, g => g.BclModel(), Ours, (value, ours) =>
            {
                Same.Model(value, Nb.Deserialize<BclModel>(ours)!);
                byte[] nb = Nb.Serialize(value);
                Same.Model(value, OursBcl(nb));
            });
        }

        /// <summary>
        /// KeyValuePair: MessagePack-CSharp writes [key, value], our bytes; Nerdbank writes {"Key": key, "Value": value},
        /// which we read, but does not read the array (DifferenceTests.KeyValuePair_...).
        /// </summary>
        [Fact]
        public void KeyValuePairs_EachWayWithMessagePackCSharp_AndNerdbanksMapRead()
        {
            Each(8, g => g.PairModel(), Ours, (value, ours) =>
            {
                Same.Model(value, MpRead<PairModel>(ours));
                byte[] mp = MpWrite(value);
                Same.Model(value, OursPair(mp));
                Assert.Equal(Hex(mp), Hex(ours));
                Same.Model(value, OursPair(Nb.Serialize(value)));
            });
        }

        [Fact]
        public void Generator_IsDeterministicPerSeed()
        {
            // The instances are the same from run to run, so that a failure's seed and index reproduce it.
            Assert.Equal(Hex(Ours(new Gen(7).ArrayModel())), Hex(Ours(new Gen(7).ArrayModel())));
            Assert.NotEqual(Hex(Ours(new Gen(7).ArrayModel())), Hex(Ours(new Gen(8).ArrayModel())));
        }
    }

    /// <summary>Just enough of a MessagePack walker to compare two maps as sets of entries, with our own reader.</summary>
    internal static class Wire
    {
        /// <summary>The top-level map's entries as (key hex, value hex), sorted by key.</summary>
        public static List<(string Key, string Value)> SortedEntries(byte[] bytes)
        {
            ReadOnlySpan<byte> rest = bytes;
            int count = MsgPackSpec.ReadMapHeader(ref rest);
            var entries = new List<(string, string)>(count);
            for (int i = 0; i < count; i++)
            {
                entries.Add((Item(ref rest), Item(ref rest)));
            }

            Assert.True(rest.IsEmpty);
            entries.Sort((a, b) => string.CompareOrdinal(a.Item1, b.Item1));
            return entries;
        }

        /// <summary>The top-level map's keys in the order written.</summary>
        public static List<string> Keys(byte[] bytes)
        {
            ReadOnlySpan<byte> rest = bytes;
            int count = MsgPackSpec.ReadMapHeader(ref rest);
            var keys = new List<string>(count);
            for (int i = 0; i < count; i++)
            {
                keys.Add(MsgPackSpec.ReadString(ref rest));
                MsgPackSpec.Skip(ref rest);
            }

            return keys;
        }

        private static string Item(ref ReadOnlySpan<byte> rest)
        {
            int length = MsgPackSpec.Skip(rest);
            string hex = Convert.ToHexString(rest.Slice(0, length));
            rest = rest.Slice(length);
            return hex;
        }
    }
}
