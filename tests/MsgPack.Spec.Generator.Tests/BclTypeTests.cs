using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Numerics;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>The BCL types (docs/serialization.md, "Type mapping"): every door, the wire forms, the peers' other forms read, bad input, no allocation writing.</summary>
    public class BclTypeTests
    {
        internal static BclTypes Some() => new BclTypes
        {
            Price = -79228162514264337593543950335m,
            Elapsed = TimeSpan.FromTicks(-1),
            Day = new DateOnly(2024, 1, 2),
            Time = new TimeOnly(23, 59, 59, 999).Add(TimeSpan.FromTicks(9999)),
            Letter = '\uffff',
            Small = (Half)1.5,
            Huge = Int128.MinValue,
            HugeUnsigned = UInt128.MaxValue,
            Big = -BigInteger.Pow(2, 300),
            Link = new Uri("../a b?c#d", UriKind.Relative),
            Release = new Version(1, 2, 3),
            Set = new HashSet<int> { 1, -1, 300 },
            SetInterface = new SortedSet<string> { "b", "a" },
            ReadOnlySet = new HashSet<long> { long.MaxValue },
            Frozen = ImmutableArray.Create(1, 2, 3),
            FrozenList = ImmutableList.Create("x", "y"),
            FrozenMap = ImmutableDictionary<string, int>.Empty.Add("k", 7),
            Samples = new[] { 0, 200, -70000 },
            Weights = new[] { 0.5, double.NaN },
            Pair = new KeyValuePair<int, string>(5, "five"),
            Single = ValueTuple.Create(9),
            Named = (1, null),
            Seven = (255, -1, 2, long.MinValue, 1.5f, -0.0, true),
            Eight = (1, 2, 3, 4, 5, 6, 7, "eighth"),
            MaybePrice = 0.10m,
            MaybeDay = null,
            Pairs = new List<KeyValuePair<string, decimal>> { new("a", 1m) },
            ByLetter = new Dictionary<char, TimeSpan> { ['é'] = TimeSpan.FromDays(1) },
        };

        private static void AssertSame(BclTypes expected, BclTypes actual)
        {
            Assert.Equal(expected.Price, actual.Price);
            Assert.Equal(expected.Elapsed, actual.Elapsed);
            Assert.Equal(expected.Day, actual.Day);
            Assert.Equal(expected.Time, actual.Time);
            Assert.Equal(expected.Letter, actual.Letter);
            Assert.Equal(expected.Small, actual.Small);
            Assert.Equal(expected.Huge, actual.Huge);
            Assert.Equal(expected.HugeUnsigned, actual.HugeUnsigned);
            Assert.Equal(expected.Big, actual.Big);
            Assert.Equal(expected.Link?.OriginalString, actual.Link?.OriginalString);
            Assert.Equal(expected.Release, actual.Release);
            Assert.Equal(expected.Set?.OrderBy(x => x), actual.Set?.OrderBy(x => x));
            Assert.Equal(expected.SetInterface?.OrderBy(x => x), actual.SetInterface?.OrderBy(x => x));
            Assert.Equal(expected.ReadOnlySet?.OrderBy(x => x), actual.ReadOnlySet?.OrderBy(x => x));
            Assert.Equal(expected.Frozen.IsDefault, actual.Frozen.IsDefault);
            if (!expected.Frozen.IsDefault)
            {
                Assert.Equal(expected.Frozen.ToArray(), actual.Frozen.ToArray());
            }

            Assert.Equal(expected.FrozenList, actual.FrozenList);
            Assert.Equal(expected.FrozenMap?.OrderBy(p => p.Key), actual.FrozenMap?.OrderBy(p => p.Key));
            Assert.Equal(expected.Samples.ToArray(), actual.Samples.ToArray());
            Assert.Equal(expected.Weights.ToArray(), actual.Weights.ToArray());
            Assert.Equal(expected.Pair, actual.Pair);
            Assert.Equal(expected.Single, actual.Single);
            Assert.Equal(expected.Named, actual.Named);
            Assert.Equal(expected.Seven, actual.Seven);
            Assert.Equal(expected.Eight, actual.Eight);
            Assert.Equal(expected.MaybePrice, actual.MaybePrice);
            Assert.Equal(expected.MaybeDay, actual.MaybeDay);
            Assert.Equal(expected.Pairs, actual.Pairs);
            Assert.Equal(expected.ByLetter, actual.ByLetter);
        }

        private static byte[] Bytes(BclTypes value) => Doors.Bytes(value, BclTypes.Write);

        [Fact]
        public void Every_BCL_type_round_trips_through_every_door()
        {
            // The defaults, but for the non-nullable strings inside structs (a pair's value, a tuple's item), which nil is not.
            var defaults = new BclTypes { Pair = new KeyValuePair<int, string>(0, ""), Eight = (0, 0, 0, 0, 0, 0, 0, "") };
            foreach (BclTypes value in new[] { Some(), defaults })
            {
                byte[] bytes = Bytes(value);
                Doors.AssertWritersAgree(value, bytes);

                AssertSame(value, BclTypes.Read(bytes, out int read));
                Assert.Equal(bytes.Length, read);
                Doors.AssertReadsAcrossSegments<BclTypes>(bytes, Doors.Cuts(bytes.Length, 5), back => AssertSame(value, back));
            }
        }

        [Fact]
        public void Writing_allocates_nothing()
        {
            // (An ISet<T> that is not a HashSet<T> is enumerated through the interface, which allocates its enumerator.)
            BclTypes value = Some();
            value.SetInterface = new HashSet<string>(value.SetInterface!);
            Doors.AssertWritingAllocatesNothing(value, 50, static (buffer, model) => BclTypes.Write(buffer, model));
        }

        [Theory]
        [InlineData(nameof(BclTypes.Price), "A4312E3530")]                                        // 1.50m: str "1.50"
        [InlineData(nameof(BclTypes.Elapsed), "CE00E4E1C0")]                                      // 1.5 s: 15000000 ticks
        [InlineData(nameof(BclTypes.Day), "CE000B4646")]                                          // 2024-01-02: day 738886
        [InlineData(nameof(BclTypes.Time), "CF00000019B7A18BC0")]                                 // 03:04:05.5 in ticks
        [InlineData(nameof(BclTypes.Letter), "CCE9")]                                             // 'é': 0xe9
        [InlineData(nameof(BclTypes.Small), "CA3FC00000")]                                        // 1.5 as float 32
        [InlineData(nameof(BclTypes.Huge), "C410" + "0100000000000000" + "0100000000000000")]     // 2^64 + 1: bin 16, little endian
        [InlineData(nameof(BclTypes.Big), "C409" + "000000000000000040")]                         // 2^70: bin of 9 bytes, little endian
        [InlineData(nameof(BclTypes.Link), "B7" + "68747470733A2F2F6578616D706C652E636F6D2F613F62")] // its original text
        [InlineData(nameof(BclTypes.Release), "A7312E322E332E34")]                                // "1.2.3.4"
        [InlineData(nameof(BclTypes.Frozen), "C0")]                                               // default: nil
        [InlineData(nameof(BclTypes.Samples), "9201CCC8")]                                        // [1, 200]
        [InlineData(nameof(BclTypes.Pair), "9201A161")]                                           // [1, "a"]
        [InlineData(nameof(BclTypes.Eight), "98" + "01020304050607" + "91A161")]                  // the rest nested: [.., ["a"]]
        public void The_wire_forms_are_MessagePack_CSharps(string member, string hex)
        {
            var value = new BclTypes
            {
                Price = 1.50m,
                Elapsed = TimeSpan.FromSeconds(1.5),
                Day = new DateOnly(2024, 1, 2),
                Time = new TimeOnly(3, 4, 5, 500),
                Letter = 'é',
                Small = (Half)1.5,
                Huge = ((Int128)1 << 64) + 1,
                Big = BigInteger.Pow(2, 70),
                Link = new Uri("https://example.com/a?b"),
                Release = new Version(1, 2, 3, 4),
                Samples = new[] { 1, 200 },
                Pair = new KeyValuePair<int, string>(1, "a"),
                Eight = (1, 2, 3, 4, 5, 6, 7, "a"),
            };
            int index = typeof(BclTypes).GetProperty(member)!.GetCustomAttributes(typeof(MsgPackKeyAttribute), false).Cast<MsgPackKeyAttribute>().Single().Index;
            Assert.Equal(hex, Item(Bytes(value), index));
        }

        [Theory]
        [InlineData(nameof(BclTypes.Price), "D804" + "00000100" + "00000000" + "0F000000" + "00000000", "1.5")]   // Nerdbank's ext 4
        [InlineData(nameof(BclTypes.Huge), "FF", "-1")]                                                            // Nerdbank: an integer within 64 bits
        [InlineData(nameof(BclTypes.Huge), "D805" + "00000000000000010000000000000001", "18446744073709551617")]   // ... and ext 5, big endian, past them
        [InlineData(nameof(BclTypes.HugeUnsigned), "CFFFFFFFFFFFFFFFFF", "18446744073709551615")]
        [InlineData(nameof(BclTypes.HugeUnsigned), "D806" + "00000000000000010000000000000001", "18446744073709551617")]
        [InlineData(nameof(BclTypes.Big), "D0FF", "-1")]
        [InlineData(nameof(BclTypes.Big), "C70903" + "400000000000000000", "1180591620717411303424")]            // ext 3, big endian
        [InlineData(nameof(BclTypes.Pair), "82" + "A34B6579" + "01" + "A556616C7565" + "A161", "[1, a]")]         // {"Key": 1, "Value": "a"}
        public void The_peers_other_forms_are_read(string member, string hex, string expected)
        {
            BclTypes read = BclTypes.Read(Replace(Bytes(Some()), member, hex), out _);
            object? actual = typeof(BclTypes).GetProperty(member)!.GetValue(read);
            Assert.Equal(expected, Convert.ToString(actual, System.Globalization.CultureInfo.InvariantCulture));
        }

        [Theory]
        [InlineData(nameof(BclTypes.Price), "A3312E7A", 0)]                        // "1.z"
        [InlineData(nameof(BclTypes.Price), "D805" + "00000000000000000000000000000000", 0)]   // another extension
        [InlineData(nameof(BclTypes.Price), "D804" + "01000000" + "00000000" + "00000000" + "00000000", 0)]   // flags with low bits set
        [InlineData(nameof(BclTypes.Day), "CE0037BA3B", 0)]                        // day 3652059: past 9999-12-31
        [InlineData(nameof(BclTypes.Day), "FF", 0)]                                // -1
        [InlineData(nameof(BclTypes.Time), "CF000000C92A69C000", 0)]               // 24:00:00
        [InlineData(nameof(BclTypes.Letter), "CE00010000", 0)]                     // 65536: not a char
        [InlineData(nameof(BclTypes.Huge), "C40F" + "000000000000000000000000000000", 0)]   // bin of 15 bytes
        [InlineData(nameof(BclTypes.HugeUnsigned), "FF", 0)]                       // negative
        [InlineData(nameof(BclTypes.Big), "A131", 0)]                              // a str
        [InlineData(nameof(BclTypes.Link), "A0", 0)]                               // "" is a relative URI ... (see below)
        [InlineData(nameof(BclTypes.Release), "A3312E2E", 0)]                      // "1.."
        [InlineData(nameof(BclTypes.Release), "A131", 0)]                          // "1": one component
        [InlineData(nameof(BclTypes.Release), "AC312E32313437343833363438", 0)]       // a component past int.MaxValue
        [InlineData(nameof(BclTypes.Set), "92" + "01" + "01", 3)]                  // a repeated element
        [InlineData(nameof(BclTypes.Pair), "93" + "01A161C0", 0)]                  // three items
        [InlineData(nameof(BclTypes.Pair), "82" + "A3586579" + "01" + "A556616C7565" + "A161", 1)]   // {"Xey": ...}
        [InlineData(nameof(BclTypes.Seven), "91" + "01", 0)]                       // one item of seven
        public void Bad_input_is_a_serialization_exception_with_the_member_path(string member, string hex, int at)
        {
            if (member == nameof(BclTypes.Link))
            {
                // An empty relative URI is a URI: what fails is a str that no Uri takes, as a lone "http://".
                hex = "A7687474703A2F2F";
            }

            byte[] bytes = Replace(Bytes(Some()), member, hex);
            var error = Assert.Throws<MsgPackSerializationException>(() => BclTypes.Read(bytes, out _));
            Assert.StartsWith("$." + member, error.Path);
            // The failing value's start (a name of a pair's map: its start; a repeated element of a set: its end).
            Assert.Equal(Offset(bytes, Index(member)) + at, error.Offset);
        }

        [Fact]
        public void A_huge_BigInteger_fails_without_being_parsed()
        {
            const int Length = MsgPackSerialization.MaxBigIntegerLength + 1;
            byte[] huge = new byte[3 + Length];
            huge[0] = 0xc5;                     // bin 16
            huge[1] = Length >> 8;
            huge[2] = Length & 0xff;
            byte[] bytes = Replace(Bytes(Some()), nameof(BclTypes.Big), Convert.ToHexString(huge));
            var error = Assert.Throws<MsgPackSerializationException>(() => BclTypes.Read(bytes, out _));
            Assert.Equal("$.Big", error.Path);
        }

        [Fact]
        public void An_error_inside_a_tuple_names_the_item()
        {
            byte[] bytes = Replace(Bytes(Some()), nameof(BclTypes.Seven), "97" + "FF" + "00000000C2");   // Item1: byte of -1
            var error = Assert.Throws<MsgPackSerializationException>(() => BclTypes.Read(bytes, out _));
            Assert.Equal("$.Seven[0]", error.Path);
            bytes = Replace(Bytes(Some()), nameof(BclTypes.Pairs), "91" + "92" + "A161" + "A178");       // "x" is no decimal
            error = Assert.Throws<MsgPackSerializationException>(() => BclTypes.Read(bytes, out _));
            Assert.Equal("$.Pairs[0][1]", error.Path);
        }

        /// <summary>Integers on every encoding boundary (fixint, int/uint 8, 16, 32, 64 and each type's limits).</summary>
        private static readonly long[] IntegerBoundaries =
        {
            0, 1, -1, 127, 128, -32, -33, 255, 256, -128, -129, 32767, 32768, -32768, -32769, 65535, 65536,
            int.MaxValue, (long)int.MaxValue + 1, int.MinValue, (long)int.MinValue - 1, uint.MaxValue, (long)uint.MaxValue + 1,
            long.MaxValue, long.MinValue,
        };

        /// <summary>The boundaries that fit the type, in order: 7 (an sbyte's, a fixarray) to 25 (a long's, array 16).</summary>
        private static ImmutableArray<T> Fitting<T>(long min, ulong max, Func<long, T> convert) =>
            IntegerBoundaries.Where(b => b >= min && (b < 0 || (ulong)b <= max)).Select(convert).ToImmutableArray();

        private static FrozenNumbers OnTheBoundaries() => new FrozenNumbers
        {
            Flags = ImmutableArray.Create(true, false, true),
            Tiny = Fitting(sbyte.MinValue, (ulong)sbyte.MaxValue, b => (sbyte)b),
            Shorts = Fitting(short.MinValue, (ulong)short.MaxValue, b => (short)b),
            UShorts = Fitting(0, ushort.MaxValue, b => (ushort)b),
            Ints = Fitting(int.MinValue, int.MaxValue, b => (int)b),
            UInts = Fitting(0, uint.MaxValue, b => (uint)b),
            Longs = Fitting(long.MinValue, long.MaxValue, b => b),
            ULongs = Fitting(0, ulong.MaxValue, b => (ulong)b).Add(ulong.MaxValue),
            Singles = ImmutableArray.Create(0f, -0f, 1.5f, float.NaN, float.PositiveInfinity, float.MinValue, float.Epsilon),
            Doubles = ImmutableArray.Create(0d, -0d, 1.5, double.NaN, double.NegativeInfinity, double.MaxValue, double.Epsilon),
            Maybe = ImmutableArray.Create(-1, 200),
            Bytes = ImmutableArray.Create<byte>(0, 127, 128, 255),
        };

        /// <summary>Every member an empty array (<c>90</c>), not default (nil).</summary>
        private static FrozenNumbers Empty() => new FrozenNumbers
        {
            Flags = ImmutableArray<bool>.Empty,
            Tiny = ImmutableArray<sbyte>.Empty,
            Shorts = ImmutableArray<short>.Empty,
            UShorts = ImmutableArray<ushort>.Empty,
            Ints = ImmutableArray<int>.Empty,
            UInts = ImmutableArray<uint>.Empty,
            Longs = ImmutableArray<long>.Empty,
            ULongs = ImmutableArray<ulong>.Empty,
            Singles = ImmutableArray<float>.Empty,
            Doubles = ImmutableArray<double>.Empty,
            Maybe = ImmutableArray<int>.Empty,
            Bytes = ImmutableArray<byte>.Empty,
        };

        /// <summary>The same values as lists: written element by element.</summary>
        private static ListedNumbers Listed(FrozenNumbers value)
        {
            static List<T>? List<T>(ImmutableArray<T> array) => array.IsDefault ? null : array.ToList();
            return new ListedNumbers
            {
                Flags = List(value.Flags),
                Tiny = List(value.Tiny),
                Shorts = List(value.Shorts),
                UShorts = List(value.UShorts),
                Ints = List(value.Ints),
                UInts = List(value.UInts),
                Longs = List(value.Longs),
                ULongs = List(value.ULongs),
                Singles = List(value.Singles),
                Doubles = List(value.Doubles),
                Maybe = value.Maybe is { } maybe ? List(maybe) : null,
                Bytes = List(value.Bytes),
            };
        }

        private static void AssertSame(FrozenNumbers expected, FrozenNumbers actual)
        {
            // Default stays default (nil), and empty stays empty: IsDefault compared, then the elements.
            static void Same<T>(ImmutableArray<T> expected, ImmutableArray<T> actual)
            {
                Assert.Equal(expected.IsDefault, actual.IsDefault);
                if (!expected.IsDefault)
                {
                    Assert.Equal(expected.ToArray(), actual.ToArray());
                }
            }

            Same(expected.Flags, actual.Flags);
            Same(expected.Tiny, actual.Tiny);
            Same(expected.Shorts, actual.Shorts);
            Same(expected.UShorts, actual.UShorts);
            Same(expected.Ints, actual.Ints);
            Same(expected.UInts, actual.UInts);
            Same(expected.Longs, actual.Longs);
            Same(expected.ULongs, actual.ULongs);
            Same(expected.Singles, actual.Singles);
            Same(expected.Doubles, actual.Doubles);
            Assert.Equal(expected.Maybe.HasValue, actual.Maybe.HasValue);
            if (expected.Maybe is { } maybe)
            {
                Same(maybe, actual.Maybe!.Value);
            }

            Same(expected.Bytes, actual.Bytes);
        }

        private static byte[] Bytes(FrozenNumbers value) => Doors.Bytes(value, FrozenNumbers.Write);

        [Fact]
        public void An_ImmutableArray_of_numbers_is_written_as_before_the_bulk_doors_and_read_through_every_door()
        {
            var many = new Random(30);
            FrozenNumbers large = OnTheBoundaries();
            large.Singles = Enumerable.Range(0, 70_000).Select(_ => (float)many.NextDouble()).ToImmutableArray();   // array 32
            large.Longs = Enumerable.Range(0, 300).Select(_ => many.NextInt64(long.MinValue, long.MaxValue) >> many.Next(64)).ToImmutableArray();
            // (new FrozenNumbers(): every member default, nil; Maybe null.)
            foreach (FrozenNumbers value in new[] { OnTheBoundaries(), Empty(), new FrozenNumbers(), large })
            {
                byte[] bytes = Bytes(value);
                ListedNumbers listed = Listed(value);
                byte[] elementByElement = new byte[ListedNumbers.GetEncodedLength(listed)];
                ListedNumbers.Write(elementByElement, listed);
                Assert.Equal(Convert.ToHexString(elementByElement), Convert.ToHexString(bytes));
                Doors.AssertWritersAgree(value, bytes);

                AssertSame(value, FrozenNumbers.Read(bytes, out int read));
                Assert.Equal(bytes.Length, read);

                // Every cut of the small inputs; of the large one, around each member's start and inside the long arrays.
                IEnumerable<int> cuts = bytes.Length < 4096
                    ? Enumerable.Range(0, bytes.Length + 1)
                    : Enumerable.Range(0, 12).SelectMany(m => new[] { (int)Offset(bytes, m), (int)Offset(bytes, m) + 1, (int)Offset(bytes, m) + 6 }).Append(bytes.Length / 2);
                foreach (int cut in cuts)
                {
                    var reader = new MsgPackReader(Sequences.Split(bytes, cut));
                    AssertSame(value, FrozenNumbers.Read(ref reader));
                    Assert.Equal(bytes.Length, reader.Consumed);

                    reader = new MsgPackReader(Sequences.Split(bytes, cut));
                    FrozenNumbers? into = OnTheBoundaries();
                    FrozenNumbers.Read(ref reader, ref into);
                    AssertSame(value, into!);
                    Assert.Equal(bytes.Length, reader.Consumed);
                }
            }
        }

        [Fact]
        public void A_default_ImmutableArray_of_numbers_is_nil_and_nil_reads_as_default()
        {
            byte[] bytes = Bytes(new FrozenNumbers { Ints = ImmutableArray.Create(1), Maybe = default(ImmutableArray<int>) });
            Assert.Equal("9C" + "C0C0C0C0" + "9101" + "C0C0C0C0C0" + "C0" + "C0", Convert.ToHexString(bytes));
            FrozenNumbers read = FrozenNumbers.Read(bytes, out _);
            Assert.True(read.Doubles.IsDefault);
            Assert.Equal(new[] { 1 }, read.Ints.ToArray());
            Assert.Null(read.Maybe);   // nil, to the nullable: null (a default array inside it was written as nil too)

            // An empty array is empty, not default.
            FrozenNumbers empty = FrozenNumbers.Read(Convert.FromHexString("9C" + "909090909090909090909090"), out _);
            Assert.False(empty.Doubles.IsDefault);
            Assert.Empty(empty.Doubles);
            Assert.Empty(empty.Maybe!.Value);
        }

        [Fact]
        public void Writing_an_ImmutableArray_of_numbers_allocates_nothing()
        {
            Doors.AssertWritingAllocatesNothing(OnTheBoundaries(), 50, static (buffer, model) =>
            {
                Span<byte> rest = buffer;
                FrozenNumbers.Write(ref rest, model);
            });
        }

        [Fact]
        public void A_bad_element_of_an_ImmutableArray_of_numbers_fails_as_a_T_arrays_does_at_the_arrays_start()
        {
            // The bulk door reads the array as one value (as for int[]): the member's path, the array's start, the
            // element named in the message. Element by element (a byte's) the element itself is the failing value.
            byte[] bytes = Bytes(OnTheBoundaries());
            byte[] bad = ReplaceItem(bytes, 4, "93" + "01" + "A178" + "02");   // Ints: [1, "x", 2]
            var error = Assert.Throws<MsgPackSerializationException>(() => FrozenNumbers.Read(bad, out _));
            Assert.Equal("$.Ints", error.Path);
            Assert.Equal(Offset(bad, 4), error.Offset);
            Assert.IsType<MsgPackUnexpectedCodeException>(error.InnerException);
            Assert.Contains("element 1", error.InnerException!.Message);

            bad = ReplaceItem(bytes, 11, "93" + "01" + "CD0100" + "02");   // Bytes: [1, 256, 2]
            error = Assert.Throws<MsgPackSerializationException>(() => FrozenNumbers.Read(bad, out _));
            Assert.Equal("$.Bytes[1]", error.Path);
            Assert.Equal(Offset(bad, 11) + 2, error.Offset);
            Assert.IsType<MsgPackOverflowException>(error.InnerException);
        }

        /// <summary>The bytes with item <paramref name="index"/> of the top-level array replaced by <paramref name="hex"/>.</summary>
        private static byte[] ReplaceItem(byte[] array, int index, string hex)
        {
            int start = (int)Offset(array, index);
            int length = MsgPackSpec.Skip(array.AsSpan(start));
            return array.Take(start).Concat(Convert.FromHexString(hex)).Concat(array.Skip(start + length)).ToArray();
        }

        private static int Index(string member) =>
            typeof(BclTypes).GetProperty(member)!.GetCustomAttributes(typeof(MsgPackKeyAttribute), false).Cast<MsgPackKeyAttribute>().Single().Index;

        /// <summary>Item <paramref name="index"/> of a top-level array, as hex.</summary>
        private static string Item(byte[] array, int index)
        {
            int start = (int)Offset(array, index);
            return Convert.ToHexString(array, start, MsgPackSpec.Skip(array.AsSpan(start)));
        }

        /// <summary>Where item <paramref name="index"/> of a top-level array starts.</summary>
        private static long Offset(byte[] array, int index)
        {
            ReadOnlySpan<byte> rest = array;
            _ = MsgPackSpec.ReadArrayHeader(ref rest);
            for (int i = 0; i < index; i++)
            {
                MsgPackSpec.Skip(ref rest);
            }

            return array.Length - rest.Length;
        }

        /// <summary>The bytes with one member's value replaced by <paramref name="hex"/>.</summary>
        private static byte[] Replace(byte[] array, string member, string hex) => ReplaceItem(array, Index(member), hex);
    }
}
