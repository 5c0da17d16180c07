using System;
using System.Collections;
using System.Collections.Generic;
using System.Linq;
using MsgPack.Spec.Tests.Dynamic;
using Xunit;
using static MsgPack.Spec.Interop.Tests.Codecs;
using MP = MessagePack;
using NB = Nerdbank.MessagePack;

namespace MsgPack.Spec.Interop.Tests
{
    /// <summary>
    /// Issue #40: <see cref="MsgPackDynamic"/> against MessagePack-CSharp 3.1.12's <c>object</c> (its primitive object
    /// formatter) on random trees, each way and byte for byte, and against Nerdbank.MessagePack's untyped reads and
    /// writes (its object converter and <c>DeserializeDynamicPrimitives</c>). The trees are
    /// <see cref="DynamicTrees.Random"/>'s (linked from MsgPack.Spec.Tests) without extensions other than the timestamp,
    /// which MessagePack-CSharp's formatter refuses to read.
    /// </summary>
    public class DynamicInteropTests
    {
        private const int Count = 500;

        /// <summary>Nerdbank.MessagePack with the converter that writes <c>object</c> by its runtime type and reads primitives, maps and arrays.</summary>
        private static readonly NB.MessagePackSerializer NbObjects = NB.OptionalConverters.WithObjectConverter(new NB.MessagePackSerializer());

        /// <summary>The shape of <c>object</c> (and of the runtime types the converter meets) from PolyType's reflection provider.</summary>
        private static readonly PolyType.ITypeShape<object?> ObjectShape = PolyType.ReflectionProvider.ReflectionTypeShapeProvider.Default.GetTypeShape<object?>();

        private static byte[] OursWrite(object? tree)
        {
            var bytes = new byte[MsgPackDynamic.GetEncodedLength(tree)];
            Assert.Equal(bytes.Length, MsgPackDynamic.Write(bytes, tree));
            return bytes;
        }

        private static object? OursRead(byte[] bytes)
        {
            object? value = MsgPackDynamic.Read(bytes, out int read);
            Assert.Equal(bytes.Length, read);
            return value;
        }

        private static void Each(int seed, Action<object?, byte[]> check)
        {
            var random = new Random(seed);
            for (int i = 0; i < Count; i++)
            {
                object? tree = DynamicTrees.Random(random, 4, extensions: false);
                byte[] ours = OursWrite(tree);
                try
                {
                    check(tree, ours);
                }
                catch (Exception e)
                {
                    throw new InvalidOperationException($"seed {seed}, tree {i}, our bytes {Hex(ours)}: {e.Message}", e);
                }
            }
        }

        [Fact]
        public void Random_trees_are_written_byte_for_byte_as_MessagePack_CSharp_writes_object_and_each_reads_the_other()
        {
            int compared = 0;
            Each(40, (tree, ours) =>
            {
                byte[] mp = MP.MessagePackSerializer.Serialize<object?>(tree, Mp);
                Assert.Equal(Hex(mp), Hex(ours));

                // Each reads the other's bytes into the same shapes: the same .NET types, values and entry order.
                object? theirsReadByUs = OursRead(mp);
                object? oursReadByThem = MpRead<object?>(ours);
                DynamicTrees.AssertSame(oursReadByThem, theirsReadByUs);
                DynamicTrees.AssertSame(MpRead<object?>(mp), OursRead(ours));
                compared++;
            });
            Assert.Equal(Count, compared);
        }

        [Fact]
        public void What_MessagePack_CSharp_reads_writes_back_to_the_same_bytes_through_us()
        {
            Each(41, (tree, ours) =>
            {
                // A read tree has the integer types the formats imply: written again by either side, the same bytes.
                object? read = MpRead<object?>(ours);
                Assert.Equal(Hex(ours), Hex(OursWrite(read)));
                Assert.Equal(Hex(ours), Hex(MP.MessagePackSerializer.Serialize(read, Mp)));
            });
        }

        /// <summary>
        /// Integers typed object (the root, items of object[] or ArrayList, keys and values of Dictionary&lt;object,
        /// object&gt; or Hashtable, values of Dictionary&lt;string, object&gt;) take the exact format of their type; those
        /// of typed containers (int[], List&lt;int&gt;, Dictionary&lt;string, int&gt;) their smallest form.
        /// </summary>
        [Fact]
        public void Integers_take_the_form_MessagePack_CSharp_gives_them_in_each_kind_of_container()
        {
            object?[] values =
            {
                (byte)1, (sbyte)-1, (short)1, (ushort)1, 1, 1u, 1L, 1UL, 'A', int.MaxValue, long.MinValue,
                new object?[] { (byte)1, 2, 3L, (ushort)4 },
                new ArrayList { 1, (short)2 },
                new List<object?> { 1, (sbyte)2 },
                new int[] { 1, 70000 },
                new List<int> { 1, 2 },
                new List<long> { 1, -1 },
                new Dictionary<object, object?> { [1] = 2L, ["k"] = (byte)3 },
                new Dictionary<string, object?> { ["a"] = 1, ["b"] = (uint)2 },
                new Dictionary<string, int> { ["a"] = 1 },
                new Dictionary<int, string> { [1] = "x" },
                new Hashtable { ["k"] = (short)1 },
            };
            foreach (object? value in values)
            {
                Assert.Equal(Hex(MP.MessagePackSerializer.Serialize(value, Mp)), Hex(OursWrite(value)));
            }
        }

        [Fact]
        public void Nerdbank_reads_our_trees_and_we_read_what_its_object_converter_writes()
        {
            Each(42, (tree, ours) =>
            {
                // Nerdbank reads every integer as long or ulong and maps as read-only dictionaries: compared by value.
                var reader = new NB.MessagePackReader(new System.Buffers.ReadOnlySequence<byte>(ours));
                object? nbRead = NbObjects.DeserializePrimitives(ref reader);
                SameValue(OursRead(ours), nbRead, "$");
                reader = new NB.MessagePackReader(new System.Buffers.ReadOnlySequence<byte>(ours));
                object? nbDynamic = NbObjects.DeserializeDynamicPrimitives(ref reader);
                SameValue(OursRead(ours), nbDynamic, "$");

                // What it writes for the tree it read we read into the same values.
                byte[] nbBytes = NbObjects.Serialize(nbRead, ObjectShape);
                SameValue(OursRead(nbBytes), nbRead, "$");
            });
        }

        /// <summary>The same value whatever .NET types the two readers chose: integers by value, maps by entry in order, arrays by item.</summary>
        private static void SameValue(object? ours, object? theirs, string path)
        {
            switch (ours)
            {
                case null:
                    Assert.True(theirs is null, $"{path}: null against {theirs}");
                    break;
                case byte or sbyte or short or ushort or int or uint or long or ulong:
                    Assert.True(theirs is byte or sbyte or short or ushort or int or uint or long or ulong, $"{path}: {ours} against {theirs?.GetType()}");
                    Assert.Equal(Convert.ToDecimal(ours), Convert.ToDecimal(theirs));
                    break;
                case object?[] items:
                    var theirItems = Assert.IsType<object?[]>(theirs);
                    Assert.Equal(items.Length, theirItems.Length);
                    for (int i = 0; i < items.Length; i++)
                    {
                        SameValue(items[i], theirItems[i], $"{path}[{i}]");
                    }

                    break;
                case Dictionary<object, object?> map:
                    List<KeyValuePair<object, object?>> theirEntries = Entries(theirs, path);
                    Assert.Equal(map.Count, theirEntries.Count);
                    int index = 0;
                    foreach (KeyValuePair<object, object?> entry in map)
                    {
                        SameValue(entry.Key, theirEntries[index].Key, $"{path}.key{index}");
                        SameValue(entry.Value, theirEntries[index].Value, $"{path}[{entry.Key}]");
                        index++;
                    }

                    break;
                default:
                    DynamicTrees.AssertSame(ours, theirs, path);
                    break;
            }
        }

        /// <summary>A peer's map, whatever dictionary type holds it, as its entries in order.</summary>
        private static List<KeyValuePair<object, object?>> Entries(object? map, string path)
        {
            Assert.True(map is IEnumerable, $"{path}: a map read as {map?.GetType()}");
            var entries = new List<KeyValuePair<object, object?>>();
            if (map is IEnumerable<KeyValuePair<object, object?>> pairs)
            {
                // DeserializeDynamicPrimitives' maps enumerate their keys as a plain IEnumerable, their entries as this.
                entries.AddRange(pairs);
                return entries;
            }

            foreach (object? entry in (IEnumerable)map!)
            {
                entries.Add(Assert.IsType<KeyValuePair<object, object?>>(entry));
            }

            return entries;
        }
    }
}
