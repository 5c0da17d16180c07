using System;
using System.Collections.Generic;
using System.Linq;
using MsgPack.Spec.Tests.Dynamic;
using Xunit;
using static MsgPack.Spec.Interop.Tests.Codecs;
using MP = MessagePack;

namespace MsgPack.Spec.Interop.Tests
{
    /// <summary>
    /// Issue #40: members of type object in generated types against MessagePack-CSharp 3.1.12's [MessagePackObject] twins,
    /// on random trees: the same bytes each way, and each reads the other's into the same shapes (MsgPackDynamic's, which
    /// are its primitive object formatter's).
    /// </summary>
    public class ObjectMemberInteropTests
    {
        private const int Count = 300;

        private static byte[] Ours(ObjectMapModel value)
        {
            byte[] bytes = new byte[ObjectMapModel.GetEncodedLength(value)];
            Assert.Equal(bytes.Length, ObjectMapModel.Write(bytes, value));
            return bytes;
        }

        private static byte[] Ours(ObjectArrayModel value)
        {
            byte[] bytes = new byte[ObjectArrayModel.GetEncodedLength(value)];
            Assert.Equal(bytes.Length, ObjectArrayModel.Write(bytes, value));
            return bytes;
        }

        private static Dictionary<string, object?> RandomMap(Random random)
        {
            var map = new Dictionary<string, object?>();
            int count = random.Next(4);
            for (int i = 0; i < count; i++)
            {
                map["k" + i] = DynamicTrees.Random(random, 3, extensions: false);
            }

            return map;
        }

        private static List<object?> RandomList(Random random) =>
            Enumerable.Range(0, random.Next(4)).Select(_ => DynamicTrees.Random(random, 3, extensions: false)).ToList();

        private static ObjectMapModel RandomMapModel(Random random) => new ObjectMapModel
        {
            Name = random.Next(3) == 0 ? null : "n" + random.Next(100),
            Any = DynamicTrees.Random(random, 4, extensions: false),
            Meta = random.Next(4) == 0 ? null : RandomMap(random),
            InterfaceMeta = random.Next(4) == 0 ? null : RandomMap(random),
            ReadOnlyMeta = random.Next(4) == 0 ? null : RandomMap(random),
            List = random.Next(4) == 0 ? null : RandomList(random),
            Array = random.Next(4) == 0 ? null : RandomList(random).ToArray(),
        };

        private static void AssertSame(ObjectMapModel expected, ObjectMapModel actual)
        {
            Assert.Equal(expected.Name, actual.Name);
            DynamicTrees.AssertSame(expected.Any, actual.Any, "$.Any");
            DynamicTrees.AssertSame(expected.Meta?.ToDictionary(p => (object)p.Key, p => p.Value), actual.Meta?.ToDictionary(p => (object)p.Key, p => p.Value), "$.Meta");
            DynamicTrees.AssertSame(expected.InterfaceMeta?.ToDictionary(p => (object)p.Key, p => p.Value), actual.InterfaceMeta?.ToDictionary(p => (object)p.Key, p => p.Value), "$.InterfaceMeta");
            DynamicTrees.AssertSame(expected.ReadOnlyMeta?.ToDictionary(p => (object)p.Key, p => p.Value), actual.ReadOnlyMeta?.ToDictionary(p => (object)p.Key, p => p.Value), "$.ReadOnlyMeta");
            DynamicTrees.AssertSame(expected.List?.ToArray(), actual.List?.ToArray(), "$.List");
            DynamicTrees.AssertSame(expected.Array, actual.Array, "$.Array");
        }

        [Fact]
        public void Random_object_members_are_written_byte_for_byte_as_MessagePack_CSharp_writes_them_and_each_reads_the_other()
        {
            var random = new Random(4003);
            int compared = 0;
            for (int i = 0; i < Count; i++)
            {
                ObjectMapModel model = RandomMapModel(random);
                byte[] ours = Ours(model);
                byte[] theirs = MpWrite(model);
                Assert.True(Hex(theirs) == Hex(ours), $"model {i}: ours {Hex(ours)}, theirs {Hex(theirs)}");

                // Each reads the other's bytes into the same shapes; and what either read writes back the same bytes.
                ObjectMapModel oursReadByThem = MpRead<ObjectMapModel>(ours);
                ObjectMapModel theirsReadByUs = ObjectMapModel.Read(theirs, out int read);
                Assert.Equal(theirs.Length, read);
                AssertSame(oursReadByThem, theirsReadByUs);
                Assert.Equal(Hex(ours), Hex(Ours(theirsReadByUs)));
                Assert.Equal(Hex(ours), Hex(MpWrite(theirsReadByUs)));
                compared++;
            }

            Assert.Equal(Count, compared);
        }

        [Fact]
        public void A_generated_type_held_as_object_is_written_as_MessagePack_CSharp_writes_its_twin_and_read_back_as_a_tree()
        {
            var random = new Random(4004);
            for (int i = 0; i < Count; i++)
            {
                var inner = new Inner { Id = random.Next(-1000, 1000), Label = random.Next(2) == 0 ? null : "l" + i };
                var model = new ObjectArrayModel
                {
                    Id = i,
                    Any = DynamicTrees.Random(random, 3, extensions: false),
                    Typed = random.Next(3) == 0 ? i : inner,
                    List = new List<object?> { inner, DynamicTrees.Random(random, 2, extensions: false) },
                };
                byte[] ours = Ours(model);
                Assert.Equal(Hex(MpWrite(model)), Hex(ours));

                // The type is not on the wire: each side reads the inner object as an array of its members.
                ObjectArrayModel oursReadByThem = MpRead<ObjectArrayModel>(ours);
                ObjectArrayModel theirsReadByUs = ObjectArrayModel.Read(ours, out _);
                DynamicTrees.AssertSame(oursReadByThem.Typed, theirsReadByUs.Typed, "$.Typed");
                DynamicTrees.AssertSame(oursReadByThem.List?.ToArray(), theirsReadByUs.List?.ToArray(), "$.List");
                DynamicTrees.AssertSame(oursReadByThem.Any, theirsReadByUs.Any, "$.Any");

                // Written again, the trees read give other bytes (a small Id read back is a byte, written as uint 8), the
                // same on both sides.
                Assert.Equal(Hex(MpWrite(theirsReadByUs)), Hex(Ours(theirsReadByUs)));
                Assert.Equal(Hex(MpWrite(oursReadByThem)), Hex(Ours(theirsReadByUs)));
            }
        }
    }
}
