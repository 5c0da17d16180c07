using System;
using System.Linq;
using Xunit;

namespace MsgPack.Spec.Interop.Tests
{
    /// <summary>Member-by-member equality of the models: floats by bits (so -0 and 0 differ), any NaN equal to any NaN.</summary>
    internal static class Same
    {
        public static void Float(float expected, float actual)
        {
            if (!(float.IsNaN(expected) && float.IsNaN(actual)))
            {
                Assert.Equal(BitConverter.SingleToInt32Bits(expected), BitConverter.SingleToInt32Bits(actual));
            }
        }

        public static void Float(double expected, double actual)
        {
            if (!(double.IsNaN(expected) && double.IsNaN(actual)))
            {
                Assert.Equal(BitConverter.DoubleToInt64Bits(expected), BitConverter.DoubleToInt64Bits(actual));
            }
        }

        public static void Inner(Inner? expected, Inner? actual)
        {
            Assert.Equal(expected is null, actual is null);
            if (expected is not null && actual is not null)
            {
                Assert.Equal(expected.Id, actual.Id);
                Assert.Equal(expected.Label, actual.Label);
            }
        }

        public static void Model(ArrayModel expected, ArrayModel actual) => EveryKind(expected, actual);

        public static void Model(MapModel expected, MapModel actual)
        {
            EveryKind(expected, actual);
            Assert.Equal(expected.Scores, actual.Scores);
            Children(expected.Children, actual.Children);
        }

        private static void EveryKind(IEveryKind expected, IEveryKind actual)
        {
            Assert.Equal(expected.Flag, actual.Flag);
            Assert.Equal(expected.I8, actual.I8);
            Assert.Equal(expected.U8, actual.U8);
            Assert.Equal(expected.I16, actual.I16);
            Assert.Equal(expected.U16, actual.U16);
            Assert.Equal(expected.I32, actual.I32);
            Assert.Equal(expected.U32, actual.U32);
            Assert.Equal(expected.I64, actual.I64);
            Assert.Equal(expected.U64, actual.U64);
            Float(expected.F32, actual.F32);
            Float(expected.F64, actual.F64);
            Assert.Equal(expected.Text, actual.Text);
            Assert.Equal(expected.Maybe, actual.Maybe);
            Assert.Equal(expected.Bytes, actual.Bytes);
            Assert.Equal(expected.Shade, actual.Shade);
            Inner(expected.Nested, actual.Nested);
            Assert.Equal(expected.Numbers, actual.Numbers);
            Assert.Equal(expected.Names, actual.Names);
        }

        public static void Model(SmallMapModel expected, SmallMapModel actual)
        {
            Assert.Equal(expected.Id, actual.Id);
            Assert.Equal(expected.Name, actual.Name);
            Float(expected.Score, actual.Score);
            Float(expected.Ratio, actual.Ratio);
            Assert.Equal(expected.Shade, actual.Shade);
            Assert.Equal(expected.Bin, actual.Bin);
            Assert.Equal(expected.Tags, actual.Tags);
            Assert.Equal(expected.Scores, actual.Scores);
            Children(expected.Children, actual.Children);
        }

        /// <summary>The instants and Guids; a DateTime read back is UTC in every library (checked here too).</summary>
        public static void Model(TimeModel expected, TimeModel actual)
        {
            Assert.Equal(expected.When, actual.When);
            Assert.Equal(DateTimeKind.Utc, actual.When.Kind);
            Assert.Equal(expected.MaybeWhen, actual.MaybeWhen);
            if (actual.MaybeWhen is DateTime when)
            {
                Assert.Equal(DateTimeKind.Utc, when.Kind);
            }

            Assert.Equal(expected.Id, actual.Id);
            Assert.Equal(expected.MaybeId, actual.MaybeId);
        }

        private static void Children(System.Collections.Generic.List<Inner>? expected, System.Collections.Generic.List<Inner>? actual)
        {
            Assert.Equal(expected is null, actual is null);
            if (expected is not null && actual is not null)
            {
                Assert.Equal(expected.Count, actual.Count);
                foreach ((Inner e, Inner a) in expected.Zip(actual))
                {
                    Inner(e, a);
                }
            }
        }

        public static void Model(PairModel expected, PairModel actual)
        {
            Assert.Equal(expected.Pair, actual.Pair);
            Assert.Equal(expected.Pairs, actual.Pairs);
        }

        public static void Model(BclModel expected, BclModel actual)
        {
            Assert.Equal(expected.Price, actual.Price);
            Assert.Equal(expected.Elapsed, actual.Elapsed);
            Assert.Equal(expected.Day, actual.Day);
            Assert.Equal(expected.Time, actual.Time);
            Assert.Equal(expected.Letter, actual.Letter);
            Float((float)expected.Small, (float)actual.Small);
            Assert.Equal(expected.Huge, actual.Huge);
            Assert.Equal(expected.HugeUnsigned, actual.HugeUnsigned);
            Assert.Equal(expected.Big, actual.Big);
            Assert.Equal(expected.Link?.OriginalString, actual.Link?.OriginalString);
            Assert.Equal(expected.Release, actual.Release);
            Assert.Equal(expected.Set?.Order(), actual.Set?.Order());
            Assert.Equal(expected.SetInterface?.Order(StringComparer.Ordinal), actual.SetInterface?.Order(StringComparer.Ordinal));
            Assert.Equal(expected.Frozen.IsDefault, actual.Frozen.IsDefault);
            Assert.Equal(expected.Frozen.IsDefault ? null : expected.Frozen.ToArray(), actual.Frozen.IsDefault ? null : actual.Frozen.ToArray());
            Assert.Equal(expected.FrozenList, actual.FrozenList);
            Assert.Equal(expected.FrozenMap?.OrderBy(p => p.Key, StringComparer.Ordinal), actual.FrozenMap?.OrderBy(p => p.Key, StringComparer.Ordinal));
            Assert.Equal(expected.Samples.ToArray(), actual.Samples.ToArray());
            Assert.Equal(expected.Weights.Length, actual.Weights.Length);
            for (int i = 0; i < expected.Weights.Length; i++)
            {
                Float(expected.Weights.Span[i], actual.Weights.Span[i]);
            }

            Assert.Equal(expected.Single, actual.Single);
            Assert.Equal(expected.Couple, actual.Couple);
            Assert.Equal((expected.Seven.Item1, expected.Seven.Item2, expected.Seven.Item3, expected.Seven.Item4, expected.Seven.Item7), (actual.Seven.Item1, actual.Seven.Item2, actual.Seven.Item3, actual.Seven.Item4, actual.Seven.Item7));
            Float(expected.Seven.Item5, actual.Seven.Item5);
            Float(expected.Seven.Item6, actual.Seven.Item6);
            Assert.Equal(expected.MaybePrice, actual.MaybePrice);
            Assert.Equal(expected.MaybeDay, actual.MaybeDay);
        }
    }
}
