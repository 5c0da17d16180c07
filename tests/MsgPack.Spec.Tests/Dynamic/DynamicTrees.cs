using System;
using System.Collections;
using System.Collections.Generic;
using System.Linq;
using Xunit;

namespace MsgPack.Spec.Tests.Dynamic
{
    /// <summary>Object trees of every shape <see cref="MsgPackDynamic"/> reads, random or fixed, and a deep comparison of two.</summary>
    internal static class DynamicTrees
    {
        public static object?[] Sample() => new object?[]
        {
            null, true, false, (byte)7, (sbyte)-3, (short)-300, (ushort)60000, -70000, 4_000_000_000u, long.MinValue, ulong.MaxValue,
            1.5f, -2.25, "text", "é€😀", new string('x', 300), new byte[] { 1, 2, 3 }, new byte[70000],
            DateTime.UnixEpoch.AddTicks(123456789), new MsgPackExtension(9, new byte[] { 1 }), new MsgPackExtension(-5, new byte[20]),
            new object?[] { new object?[0], new Dictionary<object, object?>() },
            new Dictionary<object, object?> { ["k"] = 1, [(byte)2] = new object?[] { "v" }, [-1L] = null },
        };

        /// <summary>A random tree: scalars of every kind, arrays and maps up to <paramref name="depth"/> levels.</summary>
        /// <param name="random">The source of every choice.</param>
        /// <param name="depth">The levels of arrays and maps left.</param>
        /// <param name="extensions">Whether extensions other than the timestamp may appear (MessagePack-CSharp's object formatter reads none: a str takes their place).</param>
        public static object? Random(Random random, int depth, bool extensions = true)
        {
            int kind = random.Next(depth > 0 ? 20 : 16);
            if (kind == 15 && !extensions)
            {
                kind = 12;
            }

            switch (kind)
            {
                case 0: return null;
                case 1: return random.Next(2) == 0;
                case 2: return (byte)random.Next(256);
                case 3: return (sbyte)random.Next(-128, 128);
                case 4: return (short)random.Next(short.MinValue, short.MaxValue);
                case 5: return (ushort)random.Next(65536);
                case 6: return random.Next(int.MinValue, int.MaxValue);
                case 7: return (uint)random.NextInt64(0, uint.MaxValue);
                case 8: return random.NextInt64(long.MinValue, long.MaxValue) >> random.Next(64);
                case 9: return (ulong)random.NextInt64() << random.Next(2);
                case 10: return (float)(random.NextDouble() * 1000 - 500);
                case 11: return random.NextDouble() * 1e12 - 5e11;
                case 12: return RandomString(random);
                case 13: return Enumerable.Range(0, random.Next(40)).Select(_ => (byte)random.Next(256)).ToArray();
                case 14: return DateTime.UnixEpoch.AddTicks(random.NextInt64(-DateTime.UnixEpoch.Ticks, DateTime.MaxValue.Ticks - DateTime.UnixEpoch.Ticks));
                case 15: return new MsgPackExtension((sbyte)random.Next(0, 128), Enumerable.Range(0, random.Next(20)).Select(_ => (byte)random.Next(256)).ToArray());
                case 16:
                case 17:
                    return Enumerable.Range(0, random.Next(6)).Select(_ => Random(random, depth - 1, extensions)).ToArray();
                default:
                    var map = new Dictionary<object, object?>();
                    int entries = random.Next(6);
                    for (int i = 0; i < entries; i++)
                    {
                        object key = random.Next(3) switch
                        {
                            0 => RandomString(random),
                            1 => (object)(byte)random.Next(128),
                            _ => (short)random.Next(-30000, -200),
                        };
                        map[key] = Random(random, depth - 1, extensions);
                    }

                    return map;
            }
        }

        private static string RandomString(Random random)
        {
            const string Letters = "abcxyz é€😀";
            int length = random.Next(random.Next(10) == 0 ? 300 : 12);
            var text = new System.Text.StringBuilder();
            while (text.Length < length)
            {
                char c = Letters[random.Next(Letters.Length)];
                if (char.IsHighSurrogate(c))
                {
                    text.Append("😀");
                    continue;
                }

                if (!char.IsLowSurrogate(c))
                {
                    text.Append(c);
                }
            }

            return text.ToString();
        }

        private static List<DictionaryEntry> Entries(IDictionary map)
        {
            var entries = new List<DictionaryEntry>();
            IDictionaryEnumerator enumerator = map.GetEnumerator();
            while (enumerator.MoveNext())
            {
                entries.Add(enumerator.Entry);
            }

            return entries;
        }

        /// <summary>The two trees are the same: the same types and values, byte arrays and extensions by content, maps entry by entry in order.</summary>
        public static void AssertSame(object? expected, object? actual, string path = "$")
        {
            if (expected is null || actual is null)
            {
                Assert.True(expected is null && actual is null, $"{path}: {expected ?? "null"} against {actual ?? "null"}");
                return;
            }

            Assert.True(expected.GetType() == actual.GetType(), $"{path}: {expected.GetType()} against {actual.GetType()}");
            switch (expected)
            {
                case byte[] bytes:
                    Assert.True(bytes.AsSpan().SequenceEqual((byte[])actual), $"{path}: different bytes");
                    break;
                case float single:
                    Assert.Equal(BitConverter.SingleToInt32Bits(single), BitConverter.SingleToInt32Bits((float)actual));
                    break;
                case double number:
                    Assert.Equal(BitConverter.DoubleToInt64Bits(number), BitConverter.DoubleToInt64Bits((double)actual));
                    break;
                case DateTime time:
                    Assert.True(time.Ticks == ((DateTime)actual).Ticks && time.Kind == ((DateTime)actual).Kind, $"{path}: {time:O} against {(DateTime)actual:O}");
                    break;
                case IDictionary map:
                    var other = (IDictionary)actual;
                    Assert.True(map.Count == other.Count, $"{path}: {map.Count} entries against {other.Count}");
                    List<DictionaryEntry> left = Entries(map);
                    List<DictionaryEntry> right = Entries(other);
                    for (int i = 0; i < left.Count; i++)
                    {
                        AssertSame(left[i].Key, right[i].Key, $"{path}.key{i}");
                        AssertSame(left[i].Value, right[i].Value, $"{path}[{left[i].Key}]");
                    }

                    break;
                case IList list:
                    var items = (IList)actual;
                    Assert.True(list.Count == items.Count, $"{path}: {list.Count} items against {items.Count}");
                    for (int i = 0; i < list.Count; i++)
                    {
                        AssertSame(list[i], items[i], $"{path}[{i}]");
                    }

                    break;
                default:
                    Assert.True(expected.Equals(actual), $"{path}: {expected} against {actual}");
                    break;
            }
        }
    }
}
