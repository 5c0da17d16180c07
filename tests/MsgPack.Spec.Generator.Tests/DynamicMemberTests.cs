using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using MsgPack.Spec.Fuzzing;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>
    /// Members of type object, collections of object, MsgPackElement and MsgPackDocument in generated types (issue #40):
    /// written by the runtime type (the assembly's generated and hand-written types by their own writers, the rest by
    /// MsgPackDynamic), read as MsgPackDynamic's shapes, on the status path.
    /// </summary>
    public class DynamicMemberTests
    {
        private static readonly DateTime Noon = new DateTime(2024, 2, 29, 12, 0, 0, DateTimeKind.Utc);

        internal static Bag SomeBag() => new Bag
        {
            Name = "bag",
            Any = new Dictionary<object, object?> { ["k"] = new object?[] { 1, "two", null, 3.5, true }, [(byte)7] = Noon },
            Must = -70_000,
            Meta = new Dictionary<string, object?> { ["a"] = (byte)1, ["b"] = null, ["c"] = new byte[] { 1, 2 }, ["d"] = new MsgPackExtension(5, new byte[] { 9 }) },
            InterfaceMeta = new Dictionary<string, object?> { ["x"] = 1.5f },
            ReadOnlyMeta = new Dictionary<string, object?> { ["y"] = "ü" },
            List = new List<object?> { null, (sbyte)-3, ulong.MaxValue, "s" },
            Array = new object[] { (short)-300, (ushort)300, long.MinValue, new object[0] },
        };

        internal static RawHolder SomeRawHolder()
        {
            using MsgPackDocument source = MsgPackDocument.Parse(new byte[] { 0x92, 0x01, 0xa1, (byte)'x' });
            return new RawHolder
            {
                Id = 3,
                Payload = source.RootElement.Clone(),
                Optional = source.RootElement[1].Clone(),
                Document = null,
                Tail = "end",
            };
        }

        /// <summary>The value's bytes, which every writer writes alike.</summary>
        private static byte[] Bytes<T>(T value)
            where T : IMsgPackSerializable<T>
        {
            byte[] bytes = Doors.ContractBytes(value);
            Doors.AssertWritersAgree(value, bytes);
            return bytes;
        }

        [Fact]
        public void A_bag_reads_back_as_MsgPackDynamic_reads_its_values_and_writes_them_as_MsgPackDynamic_does()
        {
            Bag bag = SomeBag();
            byte[] bytes = Bytes(bag);
            Bag back = Bag.Read(bytes, out int read);
            Assert.Equal(bytes.Length, read);

            // Every object as MsgPackDynamic writes it (MessagePack-CSharp's forms) and reads it back.
            Assert.Equal(DynamicBytes(bag.Any), DynamicBytes(back.Any));
            Assert.Equal(-70_000, Assert.IsType<int>(back.Must));
            Assert.Equal((byte)1, back.Meta!["a"]);
            Assert.Null(back.Meta["b"]);
            Assert.Equal(new byte[] { 1, 2 }, back.Meta["c"]);
            Assert.Equal(5, Assert.IsType<MsgPackExtension>(back.Meta["d"]).TypeCode);
            Assert.Equal(1.5f, back.InterfaceMeta!["x"]);
            Assert.Equal("ü", back.ReadOnlyMeta!["y"]);
            Assert.Equal(new object?[] { null, (sbyte)-3, ulong.MaxValue, "s" }, back.List);
            Assert.Equal((short)-300, back.Array![0]);
            Assert.Equal((ushort)300, back.Array[1]);
            Assert.Equal(long.MinValue, back.Array[2]);
            Assert.Empty(Assert.IsType<object[]>(back.Array[3]));
            Assert.Equal(Noon, ((Dictionary<object, object?>)back.Any!)[(byte)7]);

            // Written again, the same bytes: a value read is written in the form it was read from.
            Assert.Equal(bytes, Bytes(back));

            // A member of type object is a root to MsgPackDynamic: { "any": v } holds v's bytes as MsgPackDynamic writes them.
            byte[] any = DynamicBytes(bag.Any);
            Assert.Equal(any, bytes.AsSpan(IndexOf(bytes, new byte[] { 0xa3, (byte)'a', (byte)'n', (byte)'y' }) + 4, any.Length).ToArray());
        }

        [Fact]
        public void A_nil_object_is_null_and_a_missing_one_keeps_its_default()
        {
            byte[] bytes = Bytes(new Bag { Must = null! });
            Bag back = Bag.Read(bytes, out _);
            Assert.Null(back.Must);
            Assert.Null(back.Any);

            Bag empty = Bag.Read(new byte[] { 0x80 }, out _);
            Assert.Equal(0, empty.Must);
        }

        [Fact]
        public void A_generated_or_hand_written_type_held_as_object_is_written_by_its_own_writer()
        {
            var account = new Account { Id = 9, Name = "main", Note = "n" };
            byte[] accountBytes = Doors.Bytes(account, Account.Write);
            byte[] celsiusBytes = new byte[Celsius.GetEncodedLength(new Celsius(21.5))];
            Span<byte> celsiusRest = celsiusBytes;
            Celsius.Write(ref celsiusRest, new Celsius(21.5));
            var point = new Point(1, 2);
            byte[] pointBytes = new byte[Point.GetEncodedLength(point)];
            Point.Write(pointBytes, point);

            foreach ((object value, byte[] expected) in new (object, byte[])[] { (account, accountBytes), (new Celsius(21.5), celsiusBytes), (point, pointBytes) })
            {
                // { "any": value }, by every door.
                byte[] bytes = Bytes(new Bag { Any = value, Must = null! });
                int at = IndexOf(bytes, new byte[] { 0xa3, (byte)'a', (byte)'n', (byte)'y' }) + 4;
                Assert.Equal(expected, bytes.AsSpan(at, expected.Length).ToArray());

                // An element and a dictionary's value too.
                byte[] listed = Bytes(new Bag { List = new List<object?> { value }, Meta = new Dictionary<string, object?> { ["v"] = value } });
                Assert.Equal(2, Count(listed, expected));
            }

            // Read back, it is what MsgPackDynamic makes of its bytes: the type is not on the wire.
            Bag back = Bag.Read(Bytes(new Bag { Any = account }), out _);
            Assert.Equal(DynamicBytes(MsgPackDynamic.Read(accountBytes, out _)), DynamicBytes(back.Any));
        }

        [Fact]
        public void A_value_that_cannot_be_written_fails_with_its_type_and_its_member()
        {
            var cases = new (Bag Bag, string Path)[]
            {
                (new Bag { Any = new System.Text.StringBuilder() }, "Bag.Any"),
                (new Bag { List = new List<object?> { 1, new System.Text.StringBuilder() } }, "Bag.List[]"),
                (new Bag { Meta = new Dictionary<string, object?> { ["x"] = new System.Text.StringBuilder() } }, "Bag.Meta[]"),
                (new Bag { Array = new object[] { new System.Text.StringBuilder() } }, "Bag.Array[]"),
                // Inside a value MsgPackDynamic writes: it names where.
                (new Bag { Any = new List<object> { new System.Text.StringBuilder() } }, "Bag.Any"),
            };
            foreach ((Bag bag, string path) in cases)
            {
                var length = Assert.Throws<MsgPackSerializationException>(() => Bag.GetEncodedLength(bag));
                var span = Assert.Throws<MsgPackSerializationException>(() => Bag.Write(new byte[4096], bag));
                var writer = Assert.Throws<MsgPackSerializationException>(() =>
                {
                    var w = new MsgPackWriter(new PooledBufferWriter());
                    Bag.Write(ref w, bag);
                });
                foreach (MsgPackSerializationException e in new[] { length, span, writer })
                {
                    Assert.Equal(path, e.Path);
                    Assert.Equal(-1, e.Offset);
                    Assert.Contains(path, e.Message);
                    Assert.Contains("System.Text.StringBuilder", e.Message);
                    Assert.IsType<NotSupportedException>(e.InnerException);
                }
            }

            // A graph that holds itself: the depth limit, as an exception of the member.
            var loop = new List<object?>();
            loop.Add(loop);
            var deep = Assert.Throws<MsgPackSerializationException>(() => Bag.GetEncodedLength(new Bag { Any = loop }));
            Assert.IsType<InvalidOperationException>(deep.InnerException);
            Assert.Equal("Bag.Any", deep.Path);
        }

        [Fact]
        public void Elements_and_documents_are_written_as_their_bytes_and_read_as_copies()
        {
            RawHolder holder = SomeRawHolder();
            byte[] bytes = Bytes(holder);
            Assert.Equal(new byte[] { 0x95, 0x03, 0x92, 0x01, 0xa1, (byte)'x', 0xa1, (byte)'x', 0xc0, 0xa3, (byte)'e', (byte)'n', (byte)'d' }, bytes);

            RawHolder back = RawHolder.Read(bytes, out _);
            Assert.Equal(new byte[] { 0x92, 0x01, 0xa1, (byte)'x' }, back.Payload.GetRawBytes().ToArray());
            Assert.Equal("x", back.Optional!.Value.GetString());
            Assert.Null(back.Document);

            // A document member owns a copy: the input may change after the read.
            byte[] withDocument = Bytes(new RawHolder { Payload = holder.Payload, Document = MsgPackDocument.Parse(new byte[] { 0x81, 0xa1, (byte)'k', 0x07 }) });
            RawHolder read = RawHolder.Read(withDocument, out _);
            Array.Clear(withDocument);
            using (MsgPackDocument document = read.Document!.Value)
            {
                Assert.Equal(7, document.RootElement.GetProperty("k").GetInt32());
            }

            // Across segments, the same values.
            foreach (int cut in Doors.Cuts(bytes.Length, 1))
            {
                var reader = new MsgPackReader(Sequences.Split(bytes, cut));
                RawHolder split = RawHolder.Read(ref reader);
                Assert.Equal(holder.Payload.GetRawBytes().ToArray(), split.Payload.GetRawBytes().ToArray());
                Assert.Equal("end", split.Tail);
            }
        }

        [Fact]
        public void A_bag_reads_across_segments_at_every_cut()
        {
            byte[] bytes = Bytes(SomeBag());
            foreach (int cut in Doors.Cuts(bytes.Length, 1))
            {
                var reader = new MsgPackReader(Sequences.Split(bytes, cut));
                Bag back = Bag.Read(ref reader);
                Assert.Equal(bytes, Bytes(back));
            }
        }

        [Fact]
        public void Deep_input_in_an_object_fails_on_a_small_stack_without_an_exception_inside()
        {
            // { "any": [[[[...]]]] } a hundred thousand levels down, and inside a dictionary's value and a list.
            const int levels = 100_000;
            byte[] Nest(byte[] prefix) => prefix.Concat(Enumerable.Repeat((byte)0x91, levels)).Concat(new byte[] { 0xc0 }).ToArray();
            byte[][] inputs =
            {
                Nest(new byte[] { 0x81, 0xa3, (byte)'a', (byte)'n', (byte)'y' }),
                Nest(new byte[] { 0x81, 0xa4, (byte)'m', (byte)'e', (byte)'t', (byte)'a', 0x81, 0xa1, (byte)'k' }),
                Nest(new byte[] { 0x81, 0xa4, (byte)'l', (byte)'i', (byte)'s', (byte)'t', 0x91 }),
            };
            SmallStack.Run(() =>
            {
                foreach (byte[] input in inputs)
                {
                    int thrown = FirstChance.During(() => Assert.Equal(OperationStatus.InvalidData, Bag.TryRead(input, out _, out _, out MsgPackReadError error)));
                    Assert.Equal(0, thrown);
                    MsgPackSerializationException e = Assert.Throws<MsgPackSerializationException>(() => Bag.Read(input, out _));
                    Assert.Contains("deeper", e.InnerException!.Message, StringComparison.OrdinalIgnoreCase);
                }
            });

            // The objects around count: a bag's object may open 64 arrays (as 64 objects could nest in the bag), not 65.
            byte[] Levels(int n) => new byte[] { 0x81, 0xa3, (byte)'a', (byte)'n', (byte)'y' }.Concat(Enumerable.Repeat((byte)0x91, n)).Concat(new byte[] { 0xc0 }).ToArray();
            Assert.Equal(OperationStatus.Done, Bag.TryRead(Levels(MsgPackSerialization.MaxDepth), out _, out _));
            Assert.Equal(OperationStatus.InvalidData, Bag.TryRead(Levels(MsgPackSerialization.MaxDepth + 1), out _, out _));
        }

        [Fact]
        public void A_claimed_count_past_the_input_allocates_nothing()
        {
            // { "any": array of 2^31-1 }, { "any": array of 2^32-1 }, { "meta": map of 2^31-1 }, { "array": array of 65535 }.
            byte[][] inputs =
            {
                new byte[] { 0x81, 0xa3, (byte)'a', (byte)'n', (byte)'y', 0xdd, 0x7f, 0xff, 0xff, 0xff, 0x01 },
                new byte[] { 0x81, 0xa3, (byte)'a', (byte)'n', (byte)'y', 0xdd, 0xff, 0xff, 0xff, 0xff, 0x01 },
                new byte[] { 0x81, 0xa4, (byte)'m', (byte)'e', (byte)'t', (byte)'a', 0xdf, 0x7f, 0xff, 0xff, 0xff, 0xa1, (byte)'k', 0x01 },
                new byte[] { 0x81, 0xa5, (byte)'a', (byte)'r', (byte)'r', (byte)'a', (byte)'y', 0xdc, 0xff, 0xff, 0x01 },
            };
            // What the input justifies: the bag (read in place, it is made before its members), as an empty map makes it.
            long empty = Allocated(new byte[] { 0x80 });
            Assert.True(empty > 0);
            foreach (byte[] input in inputs)
            {
                Assert.NotEqual(OperationStatus.Done, Bag.TryRead(input, out _, out _));
                long once = Allocated(input);
                long twice = Allocated(input);
                Assert.True(Math.Min(once, twice) <= empty, $"{once} B, then {twice} B, for {Convert.ToHexString(input)}; an empty bag: {empty} B");
            }

            static long Allocated(byte[] input)
            {
                Bag.TryRead(input, out _, out _);
                long before = GC.GetAllocatedBytesForCurrentThread();
                Bag.TryRead(input, out _, out _);
                return GC.GetAllocatedBytesForCurrentThread() - before;
            }
        }

        private static byte[] DynamicBytes(object? value)
        {
            byte[] bytes = new byte[MsgPackDynamic.GetEncodedLength(value)];
            Assert.Equal(bytes.Length, MsgPackDynamic.Write(bytes, value));
            return bytes;
        }

        private static int IndexOf(byte[] bytes, byte[] part)
        {
            for (int i = 0; i + part.Length <= bytes.Length; i++)
            {
                if (bytes.AsSpan(i, part.Length).SequenceEqual(part))
                {
                    return i;
                }
            }

            return -1;
        }

        private static int Count(byte[] bytes, byte[] part)
        {
            int count = 0;
            for (int i = 0; i + part.Length <= bytes.Length; i++)
            {
                if (bytes.AsSpan(i, part.Length).SequenceEqual(part))
                {
                    count++;
                }
            }

            return count;
        }
    }
}
