using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Numerics;
using System.Linq;
using System.Text;

namespace MsgPack.Spec.Interop.Tests
{
    /// <summary>
    /// Seeded random instances of the models. Integers are a boundary of some encoding (fixint, 8, 16, 32, 64 bits,
    /// signed and unsigned) about half the time, so that each of them meets every header; strings are null, empty,
    /// ASCII or mixed with 2-, 3- and 4-byte UTF-8 and have lengths around the fixstr/str 8/str 16 limits; collections
    /// are null, empty or around the fix/16-bit header limits.
    /// </summary>
    internal sealed class Gen
    {
        private static readonly long[] Boundaries =
        {
            0, 1, -1, 31, 32, 127, 128, 255, 256, -32, -33, -128, -129, 32767, 32768, -32768, -32769, 65535, 65536,
            int.MaxValue, (long)int.MaxValue + 1, int.MinValue, (long)int.MinValue - 1, uint.MaxValue, (long)uint.MaxValue + 1,
            long.MaxValue, long.MinValue, sbyte.MinValue, sbyte.MaxValue, short.MinValue, short.MaxValue,
        };

        private static readonly string[] Pieces = { "a", "Z", "0", " ", "ß", "é", "Ж", "日本", "€", "😀", "\u0000", "\t", "𝄞" };

        private readonly Random _random;

        public Gen(int seed) => _random = new Random(seed);

        public bool Chance(int percent) => _random.Next(100) < percent;

        /// <summary>A boundary in [min, max] about half the time, else any value of the range.</summary>
        public long Int(long min, long max)
        {
            if (Chance(50))
            {
                long[] inRange = Boundaries.Where(b => b >= min && b <= max).ToArray();
                return inRange[_random.Next(inRange.Length)];
            }

            // A random width first, so that small values are as likely as large ones.
            int bits = _random.Next(1, 65);
            long value = _random.NextInt64() >> (64 - bits);
            if (Chance(50))
            {
                value = -value;
            }

            return Math.Clamp(value, min, max);
        }

        public ulong UInt64()
        {
            if (Chance(30))
            {
                return ulong.MaxValue - (ulong)_random.Next(2);
            }

            return (ulong)Int(0, long.MaxValue) << (Chance(20) ? 1 : 0);
        }

        public float Single()
        {
            float[] special = { 0f, -0f, float.NaN, float.PositiveInfinity, float.NegativeInfinity, float.Epsilon, float.MaxValue, float.MinValue, 1f, -1.5f, 16777216f };
            return Chance(40) ? special[_random.Next(special.Length)] : BitConverter.Int32BitsToSingle(_random.Next() ^ (Chance(50) ? int.MinValue : 0));
        }

        public double Double()
        {
            double[] special = { 0d, -0d, double.NaN, double.PositiveInfinity, double.NegativeInfinity, double.Epsilon, double.MaxValue, double.MinValue, 1d, 0.1, 3.0 };
            return Chance(40) ? special[_random.Next(special.Length)] : BitConverter.Int64BitsToDouble(_random.NextInt64() ^ (Chance(50) ? long.MinValue : 0));
        }

        /// <summary>Not null: a length of 0 to about 300 UTF-16 units, ASCII or mixed.</summary>
        public string Text()
        {
            int[] lengths = { 0, 1, 15, 31, 32, 33, 100, 255, 256, 300 };
            int length = Chance(50) ? lengths[_random.Next(lengths.Length)] : _random.Next(0, 40);
            bool ascii = Chance(40);
            var text = new StringBuilder(length + 2);
            while (text.Length < length)
            {
                text.Append(ascii ? (char)_random.Next(0x20, 0x7f) : Pieces[_random.Next(Pieces.Length)]);
            }

            return text.ToString();
        }

        public string? MaybeText() => Chance(15) ? null : Text();

        public byte[]? Bytes()
        {
            if (Chance(15))
            {
                return null;
            }

            int[] lengths = { 0, 1, 255, 256, 300 };
            byte[] bytes = new byte[Chance(30) ? lengths[_random.Next(lengths.Length)] : _random.Next(0, 20)];
            _random.NextBytes(bytes);
            return bytes;
        }

        public int Count()
        {
            int[] counts = { 0, 1, 15, 16, 17 };
            return Chance(30) ? counts[_random.Next(counts.Length)] : _random.Next(0, 8);
        }

        public Shade Shade()
        {
            Shade[] values = Enum.GetValues<Shade>();
            // An undefined value now and then: every library writes the number, named or not.
            return Chance(10) ? (Shade)(int)Int(int.MinValue, int.MaxValue) : values[_random.Next(values.Length)];
        }

        public Inner? Inner() => Chance(20) ? null : new Inner { Id = (int)Int(int.MinValue, int.MaxValue), Label = MaybeText() };

        public List<int>? Numbers() => Chance(15) ? null : Enumerable.Range(0, Count()).Select(_ => (int)Int(int.MinValue, int.MaxValue)).ToList();

        public string[]? Names() => Chance(15) ? null : Enumerable.Range(0, Count()).Select(_ => Text()).ToArray();

        public Dictionary<string, int>? Scores()
        {
            if (Chance(15))
            {
                return null;
            }

            var scores = new Dictionary<string, int>();
            int count = Count();
            while (scores.Count < count)
            {
                scores[Text() + scores.Count.ToString(System.Globalization.CultureInfo.InvariantCulture)] = (int)Int(int.MinValue, int.MaxValue);
            }

            return scores;
        }

        public List<Inner>? Children() =>
            Chance(15) ? null : Enumerable.Range(0, Count()).Select(_ => Inner() ?? new Inner()).ToList();

        public ArrayModel ArrayModel() => EveryKind(new ArrayModel());

        public MapModel MapModel()
        {
            MapModel model = EveryKind(new MapModel());
            model.Scores = Scores();
            model.Children = Children();
            return model;
        }

        /// <summary>Sets the members both layouts share, drawn in the order of their keys.</summary>
        private T EveryKind<T>(T model)
            where T : IEveryKind
        {
            model.Flag = Chance(50);
            model.I8 = (sbyte)Int(sbyte.MinValue, sbyte.MaxValue);
            model.U8 = (byte)Int(byte.MinValue, byte.MaxValue);
            model.I16 = (short)Int(short.MinValue, short.MaxValue);
            model.U16 = (ushort)Int(ushort.MinValue, ushort.MaxValue);
            model.I32 = (int)Int(int.MinValue, int.MaxValue);
            model.U32 = (uint)Int(uint.MinValue, uint.MaxValue);
            model.I64 = Int(long.MinValue, long.MaxValue);
            model.U64 = UInt64();
            model.F32 = Single();
            model.F64 = Double();
            model.Text = MaybeText();
            model.Maybe = Chance(30) ? null : (int)Int(int.MinValue, int.MaxValue);
            model.Bytes = Bytes();
            model.Shade = Shade();
            model.Nested = Inner();
            model.Numbers = Numbers();
            model.Names = Names();
            return model;
        }

        public SmallMapModel SmallMapModel() => new()
        {
            Id = Int(long.MinValue, long.MaxValue),
            Name = MaybeText(),
            Score = Double(),
            Ratio = Single(),
            Shade = Shade(),
            Bin = Bytes(),
            Tags = Chance(15) ? null : Enumerable.Range(0, Count()).Select(_ => Text()).ToList(),
            Scores = Scores(),
            Children = Children(),
        };

        /// <summary>A UTC DateTime: a timestamp 32/64/96 boundary or any tick of 0001..9999.</summary>
        public DateTime When()
        {
            DateTime[] special =
            {
                DateTime.MinValue, DateTime.MaxValue, DateTime.UnixEpoch, DateTime.UnixEpoch.AddTicks(1), DateTime.UnixEpoch.AddTicks(-1),
                DateTime.UnixEpoch.AddSeconds(uint.MaxValue), DateTime.UnixEpoch.AddSeconds(uint.MaxValue).AddTicks(1),
                DateTime.UnixEpoch.AddSeconds((1L << 34) - 1), DateTime.UnixEpoch.AddSeconds(1L << 34),
            };
            DateTime value = Chance(30) ? special[_random.Next(special.Length)] : new DateTime(_random.NextInt64(DateTime.MinValue.Ticks, DateTime.MaxValue.Ticks + 1));
            if (Chance(30))
            {
                // Whole seconds: timestamp 32 in its range.
                value = new DateTime(value.Ticks - (value.Ticks % TimeSpan.TicksPerSecond));
            }

            return DateTime.SpecifyKind(value, DateTimeKind.Utc);
        }

        public Guid Guid()
        {
            if (Chance(10))
            {
                return System.Guid.Empty;
            }

            byte[] bytes = new byte[16];
            _random.NextBytes(bytes);
            return new Guid(bytes);
        }

        public TimeModel TimeModel() => new()
        {
            When = When(),
            MaybeWhen = Chance(30) ? null : When(),
            Id = Guid(),
            MaybeId = Chance(30) ? null : Guid(),
        };

        /// <summary>A decimal of any scale 0 to 28 and up to 96 bits, negative zero included: every text length up to 31.</summary>
        public decimal Decimal()
        {
            decimal[] special = { 0m, -0m, 1m, -1m, 0.10m, decimal.MaxValue, decimal.MinValue, 0.0000000000000000000000000001m, -7.9228162514264337593543950335m };
            if (Chance(25))
            {
                return special[_random.Next(special.Length)];
            }

            int bits = _random.Next(0, 97);
            int lo = bits == 0 ? 0 : _random.Next(int.MinValue, int.MaxValue);
            int mid = bits <= 32 ? 0 : _random.Next(int.MinValue, int.MaxValue);
            int hi = bits <= 64 ? 0 : _random.Next(int.MinValue, int.MaxValue) >>> (96 - bits);
            return new decimal(lo, mid, hi, Chance(50), (byte)_random.Next(0, 29));
        }

        /// <summary>An Int128 within 64 bits half the time (Nerdbank writes those as integers), else any.</summary>
        public Int128 Int128() => Chance(50)
            ? Int(long.MinValue, long.MaxValue)
            : new Int128(UInt64(), UInt64()) >> _random.Next(0, 64);

        public UInt128 UInt128() => Chance(50) ? UInt64() : new UInt128(UInt64(), UInt64()) >> _random.Next(0, 64);

        /// <summary>A BigInteger of 0 to 300 bits, either sign.</summary>
        public BigInteger BigInteger()
        {
            byte[] bytes = new byte[_random.Next(0, 40)];
            _random.NextBytes(bytes);
            return Chance(30) ? Int(long.MinValue, long.MaxValue) : new BigInteger(bytes);
        }

        public Uri? Uri()
        {
            string[] uris = { "https://example.com/a?b=c#d", "urn:isbn:0451450523", "../relative/path", "", "file:///tmp/x", "http://[::1]:8080/" };
            return Chance(15) ? null : new Uri(uris[_random.Next(uris.Length)], UriKind.RelativeOrAbsolute);
        }

        public Version? Version()
        {
            int Part() => (int)Int(0, int.MaxValue);
            return _random.Next(4) switch
            {
                0 => null,
                1 => new Version(Part(), Part()),
                2 => new Version(Part(), Part(), Part()),
                _ => new Version(Part(), Part(), Part(), Part()),
            };
        }

        public BclModel BclModel() => new()
        {
            Price = Decimal(),
            Elapsed = TimeSpan.FromTicks(Int(long.MinValue, long.MaxValue)),
            Day = DateOnly.FromDayNumber(_random.Next(0, DateOnly.MaxValue.DayNumber + 1)),
            Time = new TimeOnly(_random.NextInt64(0, TimeOnly.MaxValue.Ticks + 1)),
            Letter = (char)Int(0, char.MaxValue),
            Small = BitConverter.Int16BitsToHalf((short)_random.Next(short.MinValue, short.MaxValue + 1)),
            Huge = Int128(),
            HugeUnsigned = UInt128(),
            Big = BigInteger(),
            Link = Uri(),
            Release = Version(),
            Set = Chance(15) ? null : Enumerable.Range(0, Count()).Select(_ => (int)Int(int.MinValue, int.MaxValue)).ToHashSet(),
            SetInterface = Chance(15) ? null : Enumerable.Range(0, Count()).Select(i => Text() + i.ToString(System.Globalization.CultureInfo.InvariantCulture)).ToHashSet(),
            Frozen = Enumerable.Range(0, Count()).Select(_ => (int)Int(int.MinValue, int.MaxValue)).ToImmutableArray(),
            FrozenList = Chance(15) ? null : Enumerable.Range(0, Count()).Select(_ => Text()).ToImmutableList(),
            FrozenMap = Scores()?.ToImmutableDictionary(),
            Samples = Enumerable.Range(0, Count()).Select(_ => (int)Int(int.MinValue, int.MaxValue)).ToArray(),
            Weights = Enumerable.Range(0, Count()).Select(_ => Double()).ToArray(),
            Single = ValueTuple.Create(Int(long.MinValue, long.MaxValue)),
            Couple = ((int)Int(int.MinValue, int.MaxValue), MaybeText()),
            Seven = ((byte)Int(0, 255), (short)Int(short.MinValue, short.MaxValue), (int)Int(int.MinValue, int.MaxValue), Int(long.MinValue, long.MaxValue), Single(), Double(), Chance(50)),
            MaybePrice = Chance(30) ? null : Decimal(),
            MaybeDay = Chance(30) ? null : DateOnly.FromDayNumber(_random.Next(0, DateOnly.MaxValue.DayNumber + 1)),
        };

        public PairModel PairModel() => new()
        {
            Pair = new KeyValuePair<int, string?>((int)Int(int.MinValue, int.MaxValue), MaybeText()),
            Pairs = Chance(15) ? null : Enumerable.Range(0, Count()).Select(_ => new KeyValuePair<string, long>(Text(), Int(long.MinValue, long.MaxValue))).ToList(),
        };
    }
}
