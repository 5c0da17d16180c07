using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Numerics;
using System.Linq;
using Xunit;
using static MsgPack.Spec.Interop.Tests.Codecs;
using MP = MessagePack;
using NB = Nerdbank.MessagePack;

namespace MsgPack.Spec.Interop.Tests
{
    /// <summary>
    /// Each row of docs/serialization.md ("Interoperability"), pinned: the exact bytes each library writes for a member type and
    /// which library reads which. Where the forms agree the test says so byte for byte; where they differ it names
    /// the difference and what fails.
    /// </summary>
    public partial class DifferenceTests
    {
        private static readonly Guid SomeGuid = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e");

        // 2024-01-02T03:04:05Z is 0x65937D25 seconds after the epoch: a timestamp 32 (d6 ff + 4 bytes).
        private static readonly DateTime SomeUtc = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc);

        private const string SomeGuidStr = "D924" + "30663866616435622D643963622D343639662D613136352D373038363737323839353065";

        [Fact]
        public void Integers_AllThreeWriteTheSmallestForm()
        {
            // A positive value of a signed member is written as an unsigned form (200 -> uint 8), a negative one in the
            // smallest signed form (-100 -> int 8, -33 -> int 8, -32 -> negative fixint): the same in the three libraries.
            var value = new ArrayModel { I8 = -32, U8 = 200, I16 = -100, U16 = 128, I32 = 200, U32 = 65536, I64 = -33, U64 = ulong.MaxValue };
            string expected = "DC0012" + "C2" + "E0" + "CCC8" + "D09C" + "CC80" + "CCC8" + "CE00010000" + "D0DF" + "CFFFFFFFFFFFFFFFFF"
                + "CA00000000" + "CB0000000000000000" + "C0C0C0" + "00" + "C0C0C0";
            Assert.Equal(expected, Hex(Ours(value)));
            Assert.Equal(expected, Hex(MpWrite(value)));
            Assert.Equal(expected, Hex(Nb.Serialize(value)));
        }

        [Fact]
        public void NullStringsBinNestedAndCollections_AllThreeWriteNil()
        {
            // Every reference member null (and the numbers zero): nil (c0) in each library, in each layout.
            var value = new ArrayModel();
            const string expected = "DC0012C20000000000000000CA00000000CB0000000000000000C0C0C000C0C0C0";
            Assert.Equal(expected, Hex(Ours(value)));
            Assert.Equal(expected, Hex(MpWrite(value)));
            Assert.Equal(expected, Hex(Nb.Serialize(value)));
            var small = new SmallMapModel();
            Assert.Equal(Hex(Ours(small)), Hex(MpWrite(small)));
            Assert.Equal(Hex(Ours(small)), Hex(Nb.Serialize(small)));
            Assert.Equal(new[] { "C0" }, Wire.SortedEntries(Ours(small)).Where(e => e.Key == KeyHex("bin")).Select(e => e.Value));
        }

        [Fact]
        public void EmptyCollections_AreEmptyNotNil_InAllThree()
        {
            var value = new SmallMapModel { Name = "", Bin = Array.Empty<byte>(), Tags = new List<string>(), Scores = new Dictionary<string, int>(), Children = new List<Inner>() };
            byte[] ours = Ours(value);
            Assert.Equal(Hex(ours), Hex(MpWrite(value)));
            Assert.Equal(Hex(ours), Hex(Nb.Serialize(value)));
            Dictionary<string, string> entries = Wire.SortedEntries(ours).ToDictionary(e => e.Key, e => e.Value);
            Assert.Equal("A0", entries[KeyHex("name")]);               // fixstr 0
            Assert.Equal("C400", entries[KeyHex("bin")]);              // bin 8 of length 0
            Assert.Equal("90", entries[KeyHex("tags")]);               // fixarray 0
            Assert.Equal("80", entries[KeyHex("scores")]);             // fixmap 0
            Assert.Equal("90", entries[KeyHex("children")]);
        }

        [Fact]
        public void Floats_AllThreeKeepTheDeclaredWidth()
        {
            // A whole-number float is still float 32 (ca) and a double float 64 (cb): no library narrows a float to an
            // integer or a double to float 32.
            var value = new FloatModel { F32 = 3f, F64 = 4d };
            const string expected = "92" + "CA40400000" + "CB4010000000000000";
            Assert.Equal(expected, Hex(Ours(value)));
            Assert.Equal(expected, Hex(MpWrite(value)));
            Assert.Equal(expected, Hex(Nb.Serialize(value)));
            Assert.Equal(3f, OursFloat(MpWrite(value)).F32);
        }

        [Fact]
        public void Enums_AreTheUnderlyingNumber_ByName_OnlyWhenNerdbankIsAskedTo()
        {
            var value = new SmallMapModel { Shade = Shade.Wide };
            byte[] ours = Ours(value);
            Assert.Equal("CD012C", Entry(ours, "shade"));              // 300 as uint 16
            Assert.Equal(Hex(ours), Hex(MpWrite(value)));
            Assert.Equal(Hex(ours), Hex(Nb.Serialize(value)));
            Assert.Equal("FB", Entry(Ours(new SmallMapModel { Shade = Shade.Negative }), "shade"));   // -5: negative fixint

            // Nerdbank's SerializeEnumValuesByName writes the name, a str: our reader wants an integer.
            var byName = new NB.MessagePackSerializer { SerializeEnumValuesByName = true };
            byte[] nb = byName.Serialize(value);
            Assert.Equal("A457696465", Entry(nb, "shade"));            // "Wide"
            Assert.ThrowsAny<MsgPackException>(() => OursSmallMap(nb));
            // It still reads our numbers.
            Assert.Equal(Shade.Wide, byName.Deserialize<SmallMapModel>(ours)!.Shade);
        }

        [Fact]
        public void Guid_NerdbankDefault_DoesNotReadOurString()
        {
            // Its default converter reads only its own ext 2; WithGuidConverter(StringD) reads ours
            // (RandomInteropTests.DateTimeAndGuid_EachWay_AndByteForByteWithNerdbankWritingGuidAsString).
            byte[] ours = Ours(new TimeModel { When = SomeUtc, Id = SomeGuid });
            Assert.Throws<NB.MessagePackSerializationException>(() => Nb.Deserialize<TimeModel>(ours));
            Assert.Equal(SomeGuid, NbAsOurs.Deserialize<TimeModel>(ours)!.Id);
        }

        [Fact]
        public void Guid_OursIsTheDString_AsMessagePackCSharps()
        {
            var value = new TimeModel { When = SomeUtc, Id = SomeGuid };
            string expected = "94" + "D6FF65937D25" + "C0" + SomeGuidStr + "C0";   // str 8 of 36 ASCII bytes
            Assert.Equal(expected, Hex(Ours(value)));
            Assert.Equal(expected, Hex(MpWrite(value)));
            Assert.Equal(expected, Hex(NbAsOurs.Serialize(value)));
        }

        [Fact]
        public void Guid_NerdbankDefault_IsExt2BigEndian_WhichWeDoNotRead()
        {
            var value = new TimeModel { When = SomeUtc, Id = SomeGuid };
            byte[] nb = Nb.Serialize(value);
            // fixext 16 (d8) of type 2, the 16 bytes in the order of the "D" text (big endian).
            Assert.Equal("94" + "D6FF65937D25" + "C0" + "D802" + "0F8FAD5BD9CB469FA16570867728950E" + "C0", Hex(nb));
            Assert.ThrowsAny<MsgPackException>(() => OursTime(nb));
            // MessagePack-CSharp does not read it either.
            Assert.ThrowsAny<MP.MessagePackSerializationException>(() => MpRead<TimeModel>(nb));
        }

        [Fact]
        public void DateTime_Utc_IsTheSameTimestampInAllThree()
        {
            var value = new TimeModel { When = SomeUtc, MaybeWhen = DateTime.UnixEpoch.AddTicks(-1) };
            byte[] ours = Ours(value);
            // timestamp 32 for whole seconds; 1969-12-31T23:59:59.9999999Z is before the epoch: timestamp 96 (c7 0c ff).
            Assert.Equal("D6FF65937D25", Item(ours, 0));
            Assert.Equal("C70CFF" + "3B9AC99C" + "FFFFFFFFFFFFFFFF", Item(ours, 1));
            Assert.Equal(Hex(ours), Hex(MpWrite(value)));
            Assert.Equal(Item(ours, 1), Item(Nb.Serialize(value), 1));
        }

        [Fact]
        public void DateTime_Unspecified_OursIsUtc_NerdbankRefusesIt_UnlessToldTheKind()
        {
            var value = new TimeModel { When = DateTime.SpecifyKind(SomeUtc, DateTimeKind.Unspecified) };
            Assert.Equal("D6FF65937D25", Item(Ours(value), 0));
            Assert.Throws<NB.MessagePackSerializationException>(() => Nb.Serialize(value));
            Assert.Equal(Hex(Ours(value)), Hex(NbAsOurs.Serialize(value)));
        }

        [Fact]
        public void DateTime_ReadBack_IsUtcInAllThree()
        {
            var value = new TimeModel { When = SomeUtc, MaybeWhen = SomeUtc };
            byte[] ours = Ours(value);
            Assert.Equal(DateTimeKind.Utc, OursTime(ours).When.Kind);
            Assert.Equal(DateTimeKind.Utc, MpRead<TimeModel>(ours).When.Kind);
            Assert.Equal(DateTimeKind.Utc, NbAsOurs.Deserialize<TimeModel>(ours)!.When.Kind);
        }

        [Fact]
        public void DateTimeOffset_ThreeForms_NoneReadsAnother()
        {
            // 03:04:05 at +02:00 is 01:04:05Z (0x65936105).
            var value = new OffsetModel { At = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(2)) };
            byte[] ours = Ours(value);
            byte[] mp = MpWrite(value);
            byte[] nb = Nb.Serialize(value);
            // Ours: the instant as a timestamp; the offset is not written (read back as +00:00).
            Assert.Equal("91" + "D6FF65936105", Hex(ours));
            Assert.Equal(TimeSpan.Zero, OursOffset(ours).At.Offset);
            Assert.Equal(value.At.UtcDateTime, OursOffset(ours).At.UtcDateTime);
            // MessagePack-CSharp: [the clock time 03:04:05 as if it were UTC, the offset in minutes (120)].
            Assert.Equal("91" + "92" + "D6FF65937D25" + "78", Hex(mp));
            // Nerdbank: [the instant 01:04:05Z, the offset in minutes].
            Assert.Equal("91" + "92" + "D6FF65936105" + "78", Hex(nb));
            Assert.ThrowsAny<MsgPackException>(() => OursOffset(mp));
            Assert.ThrowsAny<MsgPackException>(() => OursOffset(nb));
            Assert.ThrowsAny<MP.MessagePackSerializationException>(() => MpRead<OffsetModel>(ours));
            Assert.ThrowsAny<NB.MessagePackSerializationException>(() => Nb.Deserialize<OffsetModel>(ours));
        }

        /// <summary>A BclModel whose every member has a value; Int128, UInt128 and BigInteger past 64 bits.</summary>
        private static BclModel SomeBcl() => new()
        {
            Price = 1.5m,
            Elapsed = TimeSpan.FromSeconds(1.5),
            Day = new DateOnly(2024, 1, 2),
            Time = new TimeOnly(3, 4, 5, 500),
            Letter = '\u00e9',
            Small = (Half)1.5,
            Huge = ((Int128)1 << 64) + 1,
            HugeUnsigned = ((UInt128)1 << 64) + 1,
            Big = BigInteger.Pow(2, 70),
            Link = new Uri("https://example.com/a?b"),
            Release = new Version(1, 2, 3, 4),
            Set = new HashSet<int> { 1, 2 },
            SetInterface = new HashSet<string> { "a" },
            Frozen = ImmutableArray.Create(1, 2),
            FrozenList = ImmutableList.Create("a"),
            FrozenMap = ImmutableDictionary<string, int>.Empty.Add("a", 1),
            Samples = new[] { 1, 200 },
            Weights = new[] { 1.0 },
            Single = ValueTuple.Create(7L),
            Couple = (1, "a"),
            Seven = (1, 2, 3, 4, 5f, 6d, true),
            MaybePrice = null,
            MaybeDay = new DateOnly(1, 1, 1),
        };

        [Theory]
        [InlineData(1, "CE00E4E1C0")]                       // TimeSpan: its ticks (15,000,000)
        [InlineData(2, "CE000B4646")]                       // DateOnly: its day number (738,886)
        [InlineData(3, "CF00000019B7A18BC0")]               // TimeOnly: its ticks since midnight
        [InlineData(4, "CCE9")]                             // char: its UTF-16 unit
        [InlineData(5, "CA3FC00000")]                       // Half: float 32
        [InlineData(9, "B768747470733A2F2F6578616D706C652E636F6D2F613F62")]   // Uri: its original text
        [InlineData(10, "A7312E322E332E34")]                // Version: its text
        [InlineData(11, "920102")]                          // HashSet: an array
        [InlineData(12, "91A161")]                          // ISet
        [InlineData(13, "920102")]                          // ImmutableArray
        [InlineData(14, "91A161")]                          // ImmutableList
        [InlineData(15, "81A16101")]                        // ImmutableDictionary: a map
        [InlineData(16, "9201CCC8")]                        // ReadOnlyMemory<int>: an array
        [InlineData(17, "91CB3FF0000000000000")]            // Memory<double>
        [InlineData(18, "9107")]                            // ValueTuple<long>: an array of one
        [InlineData(19, "9201A161")]                        // (int, string)
        [InlineData(20, "9701020304" + "CA40A00000" + "CB4018000000000000" + "C3")]   // seven items
        [InlineData(22, "00")]                              // DateOnly 0001-01-01: day 0
        public void BclTypes_AllThreeWriteTheSameBytes(int index, string expected)
        {
            BclModel value = SomeBcl();
            Assert.Equal(expected, Item(Ours(value), index));
            Assert.Equal(expected, Item(MpWrite(value), index));
            Assert.Equal(expected, Item(Nb.Serialize(value), index));
        }

        [Fact]
        public void Decimal_OursIsMessagePackCSharpsString_NerdbanksExt4_EachReadsTheOther()
        {
            BclModel value = SomeBcl();
            byte[] ours = Ours(value);
            byte[] nb = Nb.Serialize(value);
            Assert.Equal("A3312E35", Item(ours, 0));                                               // str "1.5"
            Assert.Equal(Item(ours, 0), Item(MpWrite(value), 0));
            Assert.Equal("D804" + "00000100" + "00000000" + "0F000000" + "00000000", Item(nb, 0));   // fixext 16, type 4: flags, hi, lo, mid
            Assert.Equal(1.5m, OursBcl(nb).Price);
            Assert.Equal(1.5m, Nb.Deserialize<BclModel>(ours)!.Price);
            // MessagePack-CSharp reads only its string.
            Assert.ThrowsAny<MP.MessagePackSerializationException>(() => MpRead<BclModel>(nb));
        }

        [Fact]
        public void Int128AndBigInteger_OursAreMessagePackCSharpsBin_NerdbanksIntegerOrExtension_EachReadsTheOther()
        {
            BclModel value = SomeBcl();
            byte[] ours = Ours(value);
            byte[] nb = Nb.Serialize(value);
            // Ours and MessagePack-CSharp's: bin of the bytes, little endian (16 for Int128 and UInt128, the fewest for BigInteger).
            Assert.Equal("C410" + "0100000000000000" + "0100000000000000", Item(ours, 6));
            Assert.Equal("C410" + "0100000000000000" + "0100000000000000", Item(ours, 7));
            Assert.Equal("C409" + "000000000000000040", Item(ours, 8));
            Assert.Equal(Hex(ours), Hex(MpWrite(value)));
            // Nerdbank's: past 64 bits an extension, big endian (5 Int128, 6 UInt128, 3 BigInteger) ...
            Assert.Equal("D805" + "0000000000000001" + "0000000000000001", Item(nb, 6));
            Assert.Equal("D806" + "0000000000000001" + "0000000000000001", Item(nb, 7));
            Assert.Equal("C70903" + "400000000000000000", Item(nb, 8));
            // ... and within them an integer.
            value.Huge = -1;
            value.HugeUnsigned = 1;
            value.Big = -1;
            byte[] small = Nb.Serialize(value);
            Assert.Equal(new[] { "FF", "01", "FF" }, new[] { Item(small, 6), Item(small, 7), Item(small, 8) });
            Same.Model(value, OursBcl(small));
            Same.Model(SomeBcl(), OursBcl(nb));
            Same.Model(SomeBcl(), Nb.Deserialize<BclModel>(ours)!);
            Assert.ThrowsAny<MP.MessagePackSerializationException>(() => MpRead<BclModel>(nb));
        }

        [Fact]
        public void KeyValuePair_OursIsMessagePackCSharpsArray_NerdbanksMap_WhichWeRead_ItDoesNotReadOurs()
        {
            var value = new PairModel { Pair = new KeyValuePair<int, string?>(1, "a") };
            byte[] ours = Ours(value);
            byte[] nb = Nb.Serialize(value);
            Assert.Equal("92" + "9201A161" + "C0", Hex(ours));
            Assert.Equal(Hex(ours), Hex(MpWrite(value)));
            Assert.Equal("92" + "82A34B657901A556616C7565A161" + "C0", Hex(nb));             // {"Key": 1, "Value": "a"}
            Same.Model(value, OursPair(nb));
            Assert.Throws<NB.MessagePackSerializationException>(() => Nb.Deserialize<PairModel>(ours));
            Assert.ThrowsAny<MP.MessagePackSerializationException>(() => MpRead<PairModel>(nb));
        }

        [Fact]
        public void ValueTupleOfEight_OursNestsTheRestAsMessagePackCSharp_NerdbankFlattens_NeitherReadsTheOther()
        {
            var value = new EightModel { Eight = (1, 2, 3, 4, 5, 6, 7, "a") };
            byte[] ours = Ours(value);
            Assert.Equal("91" + "98" + "01020304050607" + "91A161", Hex(ours));                 // the rest: ValueTuple<string>, an array of one
            Assert.Equal(Hex(ours), Hex(MpWrite(value)));
            byte[] nb = Nb.Serialize(value);
            Assert.Equal("91" + "98" + "01020304050607" + "A161", Hex(nb));
            Assert.ThrowsAny<MsgPackException>(() => OursEight(nb));
            Assert.Throws<NB.MessagePackSerializationException>(() => Nb.Deserialize<EightModel>(ours));
        }

        [Fact]
        public void DefaultImmutableArray_IsNilInOursAndMessagePackCSharps_NerdbankRefusesToWriteIt()
        {
            BclModel value = SomeBcl();
            value.Frozen = default;
            byte[] ours = Ours(value);
            Assert.Equal("C0", Item(ours, 13));
            Assert.Equal(Hex(ours), Hex(MpWrite(value)));
            Assert.True(OursBcl(ours).Frozen.IsDefault);
            Assert.True(MpRead<BclModel>(ours).Frozen.IsDefault);
            Assert.Throws<NB.MessagePackSerializationException>(() => Nb.Serialize(value));
        }

        [Fact]
        public void NerdbankOmittingDefaults_ArrayLayoutBecomesAMapWithIntegerKeys_WhichWeDoNotRead()
        {
            var never = new NB.MessagePackSerializer { SerializeDefaultValues = NB.SerializeDefaultValuesPolicy.Never };
            var value = new ArrayModel { I32 = 200 };
            byte[] nb = never.Serialize(value);
            Assert.Equal("81" + "05" + "CCC8", Hex(nb));             // {5: 200}
            Assert.ThrowsAny<MsgPackException>(() => OursArray(nb));
            // Its default (Always) writes every member: the array our reader wants.
            Assert.Equal(Hex(Ours(value)), Hex(Nb.Serialize(value)));
        }

        [Fact]
        public void NerdbankOmittingDefaults_MapWithIntegerKeys_WhichAnIntegerKeyedMapLayoutReads()
        {
            var never = new NB.MessagePackSerializer { SerializeDefaultValues = NB.SerializeDefaultValuesPolicy.Never };
            var value = new IntegerKeyModel { Name = "x", Far = true };
            byte[] nb = never.Serialize(value);
            Assert.Equal("82" + "01A178" + "CCC8C3", Hex(nb));        // {1: "x", 200: true}
            IntegerKeyModel ours = IntegerKeyModel.Read(nb, out int read);
            Assert.Equal(nb.Length, read);
            Assert.Equal((0, "x", 0L, true), (ours.Id, ours.Name, ours.Count, ours.Far));

            // Every member: ours writes the map of all four; Nerdbank writes its array then, which a map layout does not read.
            var full = new IntegerKeyModel { Id = 1, Name = "y", Count = 300, Far = true };
            Assert.Equal("84" + "0001" + "01A179" + "05CD012C" + "CCC8C3", Hex(Ours(full)));
            Assert.StartsWith("DC00C9", Hex(Nb.Serialize(full)));   // array 16 of 201 items
            Assert.ThrowsAny<MsgPackException>(() => IntegerKeyModel.Read(Nb.Serialize(full), out _));
        }

        [Fact]
        public void NerdbankOmittingDefaults_MapLayoutLeavesOutKeys_WhichWeRead()
        {
            var never = new NB.MessagePackSerializer { SerializeDefaultValues = NB.SerializeDefaultValuesPolicy.Never };
            var value = new SmallMapModel { Id = 7, Name = "x" };
            byte[] nb = never.Serialize(value);
            Assert.Equal("82" + "A2696407" + "A46E616D65A178", Hex(nb));
            Same.Model(value, OursSmallMap(nb));
        }

        [Fact]
        public void MapKeyOrder_UpTo16Members_FollowsDeclaration_AsThePeers()
        {
            string[] declared = { "id", "name", "score", "ratio", "shade", "bin", "tags", "scores", "children" };
            var value = new SmallMapModel();
            Assert.Equal(declared, Wire.Keys(Ours(value)));
            Assert.Equal(declared, Wire.Keys(MpWrite(value)));
            Assert.Equal(declared, Wire.Keys(Nb.Serialize(value)));
        }

        private static readonly string[] MapModelDeclared =
        {
            "flag", "i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "f32", "f64", "text", "maybe", "bytes", "shade",
            "nested", "numbers", "names", "scores", "children",
        };

        [Fact]
        public void MapKeyOrder_MoreThan16Members_FollowsDeclaration_AsThePeers()
        {
            var value = new MapModel();
            Assert.Equal(MapModelDeclared, Wire.Keys(MpWrite(value)));
            Assert.Equal(MapModelDeclared, Wire.Keys(Nb.Serialize(value)));
            Assert.Equal(MapModelDeclared, Wire.Keys(Ours(value)));
            Assert.Equal(Hex(MpWrite(value)), Hex(Ours(value)));
        }

        /// <summary>The value of one key of a top-level map, as hex.</summary>
        private static string Entry(byte[] map, string key)
        {
            string keyHex = KeyHex(key);
            return Wire.SortedEntries(map).Single(e => e.Key == keyHex).Value;
        }

        /// <summary>A short key as the peers and we write it: fixstr and UTF-8.</summary>
        private static string KeyHex(string key) => "A" + key.Length.ToString("X", System.Globalization.CultureInfo.InvariantCulture) + Convert.ToHexString(System.Text.Encoding.UTF8.GetBytes(key));

        /// <summary>Item <paramref name="index"/> of a top-level array, as hex.</summary>
        private static string Item(byte[] array, int index)
        {
            ReadOnlySpan<byte> rest = array;
            int count = MsgPackSpec.ReadArrayHeader(ref rest);
            Assert.True(index < count);
            for (int i = 0; i < index; i++)
            {
                MsgPackSpec.Skip(ref rest);
            }

            return Hex(rest.Slice(0, MsgPackSpec.Skip(rest)).ToArray());
        }
    }
}
