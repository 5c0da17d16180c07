using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using MsgPack.Spec.Serialization;
using MsgPack.Spec.Fuzzing;
using Xunit;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>
    /// The generated unions (Models.Unions.cs): [tag, value] with each case's own bytes, every door, nesting, null,
    /// collections, read-into, the failures, deep input on a small stack, and writing without allocation.
    /// </summary>
    public class UnionTests
    {
        /// <summary>Derived from a case that is not sealed, and not listed: written as that case (its nearest listed base).</summary>
        private sealed class WideRectangle : Rectangle
        {
        }

        /// <summary>Derived from the union, and not listed.</summary>
        private sealed class Unlisted : Shape
        {
        }

        private static string Hex(byte[] bytes) => Convert.ToHexString(bytes);

        private static byte[] Bytes(Shape value) => Doors.Bytes(value, Shape.Write);

        private static byte[] Bytes(IPet value)
        {
            byte[] bytes = new byte[IPet.GetEncodedLength(value)];
            Assert.Equal(bytes.Length, IPet.Write(bytes, value));
            return bytes;
        }

        [Fact]
        public void A_value_is_its_tag_in_the_smallest_form_then_its_case_as_the_case_writes_it()
        {
            // 0, 1, -40 (int 8), 200 (uint 8); then the case's own array or map.
            Assert.Equal("9200" + "91CB3FF8000000000000", Hex(Bytes(new Circle { Radius = 1.5 })));
            Assert.Equal("9201" + "920203", Hex(Bytes(new Rectangle { Width = 2, Height = 3 })));
            Assert.Equal("92D0D8" + "93000004", Hex(Bytes(new Square { Side = 4 }))); // Width and Height of its base, then Side
            Assert.Equal("92CCC8" + "84A46E616D65C0A46D61696EC0A56974656D73C0A56E616D6564C0", Hex(Bytes(new Group())));

            // A str tag: its smallest header and UTF-8 (str 8 past 31 bytes; not ASCII).
            Assert.Equal("92A3636174" + "81A56C6976657309", Hex(Bytes(new Cat { Lives = 9 })));
            Assert.StartsWith("92D92A615F746167", Hex(Bytes(new Fish())));
            Assert.Equal("92A76772C3B6C39F65" + "9105", Hex(Bytes(new Tag { Id = 5 })));

            // A case that is a union itself: its own [tag, value] inside.
            Assert.Equal("9203" + "9200" + "9107", Hex(Bytes(new Triangle { Base = 7 })));
            Assert.Equal(7, Assert.IsType<Triangle>(Shape.Read(Bytes(new Triangle { Base = 7 }), out _)).Base);
        }

        [Fact]
        public void A_case_derived_from_another_case_is_written_as_itself_and_an_unlisted_type_as_its_nearest_case()
        {
            // Square derives from Rectangle, listed before it: tested first.
            Assert.IsType<Square>(Shape.Read(Bytes(new Square { Side = 4 }), out _));
            Shape wide = Shape.Read(Bytes(new WideRectangle { Width = 7, Height = 1 }), out _);
            Assert.Equal(typeof(Rectangle), wide.GetType());
            Assert.Equal(7, ((Rectangle)wide).Width);
        }

        [Fact]
        public void A_value_of_no_cases_type_fails_to_write_and_says_which()
        {
            var unlisted = new Unlisted();
            foreach (Action write in new Action[]
            {
                () => Shape.GetEncodedLength(unlisted),
                () => Shape.Write(new byte[16], unlisted),
                () =>
                {
                    var writer = new MsgPackWriter(new PooledBufferWriter());
                    Shape.Write(ref writer, unlisted);
                },
                () => Shape.TryWrite(new byte[16], unlisted, out _),
            })
            {
                ArgumentException error = Assert.Throws<ArgumentException>(write);
                Assert.Contains(typeof(Unlisted).FullName!, error.Message);
                Assert.Contains("MsgPack.Spec.Generator.Tests.Shape", error.Message);
            }

            Assert.Throws<ArgumentNullException>(() => Shape.GetEncodedLength(null!));
        }

        public static IEnumerable<object[]> Values()
        {
            yield return new object[] { new Circle { Radius = -0.25 } };
            yield return new object[] { new Square { Side = int.MinValue } };
            yield return new object[]
            {
                new Group
                {
                    Name = "outer",
                    Main = new Group { Main = new Circle { Radius = 2 }, Items = new List<Shape>() },
                    Items = new List<Shape> { new Rectangle { Width = 1 }, new Group { Name = "inner", Items = new List<Shape> { new Square { Side = 9 } } } },
                    Named = new Dictionary<string, Shape?> { ["none"] = null, ["dot"] = new Circle() },
                },
            };
        }

        [Theory]
        [MemberData(nameof(Values))]
        public void A_union_round_trips_through_every_door_and_across_segments(Shape value)
        {
            byte[] bytes = Bytes(value);
            Doors.AssertWritersAgree(value, bytes);
            Assert.False(Shape.TryWrite(new byte[bytes.Length - 1], value, out _));
            Assert.ThrowsAny<ArgumentException>(() => Shape.Write(new byte[bytes.Length - 1], value));

            // Read back and written again: the same bytes (the values' own equality is their bytes).
            Assert.Equal(Hex(bytes), Hex(Bytes(Shape.Read(bytes, out int read))));
            Assert.Equal(bytes.Length, read);
            Assert.Equal(OperationStatus.Done, Shape.TryRead(bytes, out Shape? tried, out _));
            Assert.Equal(Hex(bytes), Hex(Bytes(tried!)));
            Doors.AssertReadsAcrossSegments<Shape>(bytes, Enumerable.Range(0, bytes.Length + 1), back => Assert.Equal(Hex(bytes), Hex(Bytes(back))));

            Assert.Equal(OperationStatus.NeedMoreData, Shape.TryRead(bytes.AsSpan(0, bytes.Length - 1), out _, out int none));
            Assert.Equal(0, none);
        }

        [Fact]
        public void An_interface_union_of_classes_records_and_structs_round_trips_with_str_tags_across_segments()
        {
            var drawing = new Drawing
            {
                Pet = new Dog("rex", new Dog("pup", new Tag { Id = -1 })),
                Pets = new Dictionary<int, IPet> { [1] = new Cat { Lives = 3 }, [2] = new Fish { Salt = true }, [3] = new Tag { Id = long.MaxValue } },
                Shapes = new Shape[] { new Circle(), new Square { Side = 1 } },
            };
            byte[] bytes = new byte[Drawing.GetEncodedLength(drawing)];
            Drawing.Write(bytes, drawing);
            for (int cut = 0; cut <= bytes.Length; cut++)
            {
                var reader = new MsgPackReader(Sequences.Split(bytes, cut));
                Drawing back = Drawing.Read(ref reader);
                Assert.Null(back.Main);
                var dog = Assert.IsType<Dog>(back.Pet);
                Assert.Equal("rex", dog.Name);
                Assert.Equal(new Tag { Id = -1 }, Assert.IsType<Dog>(dog.Friend).Friend);
                Assert.Equal(3, Assert.IsType<Cat>(back.Pets![1]).Lives);
                Assert.True(Assert.IsType<Fish>(back.Pets[2]).Salt);
                Assert.Equal(long.MaxValue, Assert.IsType<Tag>(back.Pets[3]).Id);
                Assert.IsType<Square>(back.Shapes![1]);
            }
        }

        [Fact]
        public void Null_is_nil_and_a_tag_in_any_integer_form_is_read()
        {
            var drawing = new Drawing();
            byte[] bytes = new byte[Drawing.GetEncodedLength(drawing)];
            Drawing.Write(bytes, drawing);
            Assert.Equal("94C0C0C0C0", Hex(bytes));

            // 0 as int 32, -40 as int 64, 200 as uint 16.
            Assert.IsType<Circle>(Shape.Read(new byte[] { 0x92, 0xd2, 0, 0, 0, 0, 0x90 }, out _));
            Assert.IsType<Square>(Shape.Read(new byte[] { 0x92, 0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xd8, 0x90 }, out _));
            Assert.IsType<Group>(Shape.Read(new byte[] { 0x92, 0xcd, 0x00, 0xc8, 0x80 }, out _));
        }

        [Fact]
        public void Read_into_replaces_a_union_member()
        {
            var circle = new Circle { Radius = 1 };
            Drawing? target = new Drawing { Main = circle, Pet = new Cat() };
            byte[] bytes = new byte[Drawing.GetEncodedLength(new Drawing { Main = new Circle { Radius = 5 } })];
            Drawing.Write(bytes, new Drawing { Main = new Circle { Radius = 5 } });
            var reader = new MsgPackReader(bytes);
            Drawing.Read(ref reader, ref target);
            Assert.NotSame(circle, target!.Main);
            Assert.Equal(1, circle.Radius);
            Assert.Equal(5, Assert.IsType<Circle>(target.Main).Radius);
            Assert.Null(target.Pet);
        }

        [Fact]
        public void At_the_top_a_union_fails_with_a_serialization_exception_at_the_root()
        {
            foreach ((byte[] input, long offset, Type cause) in new[]
            {
                (new byte[] { 0xc0 }, 0L, typeof(MsgPackUnexpectedCodeException)),
                (new byte[] { 0x91, 0x00 }, 0L, typeof(MsgPackException)),
                (new byte[] { 0x92, 0x05, 0x90 }, 1L, typeof(MsgPackException)),
                (new byte[] { 0x92, 0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x90 }, 1L, typeof(MsgPackOverflowException)),
                (new byte[] { 0x92, 0x00 }, 2L, typeof(MsgPackTruncatedException)),
            })
            {
                MsgPackSerializationException error = Assert.Throws<MsgPackSerializationException>(() => Shape.Read(input, out _));
                Assert.Equal("$", error.Path);
                Assert.Equal(offset, error.Offset);
                Assert.IsType(cause, error.InnerException);
            }

            // A str tag no case has; an integer where a str is expected.
            MsgPackSerializationException unknown = Assert.Throws<MsgPackSerializationException>(() => IPet.Read(new byte[] { 0x92, 0xa3, 0x63, 0x6f, 0x77, 0x80 }, out _));
            Assert.Equal(1, unknown.Offset);
            Assert.Contains("IPet", unknown.Message);
            Assert.IsType<MsgPackUnexpectedCodeException>(Assert.Throws<MsgPackSerializationException>(() => IPet.Read(new byte[] { 0x92, 0x00, 0x80 }, out _)).InnerException);
            Assert.Equal(OperationStatus.InvalidData, IPet.TryRead(new byte[] { 0x92, 0xa3, 0x63, 0x6f, 0x77, 0x80 }, out _, out _));
        }

        [Fact]
        public void Deep_nested_unions_valid_or_not_are_read_on_a_256_KiB_stack()
        {
            // Group.Main, level after level: [200, {"main": ...}]. A union and its case are a level each.
            byte[] before = { 0x92, 0xcc, 0xc8, 0x81, 0xa4, 0x6d, 0x61, 0x69, 0x6e };
            byte[] innermost = { 0x92, 0x00, 0x90 };
            byte[] Chain(int levels) => Enumerable.Repeat(before, levels).SelectMany(b => b).Concat(innermost).ToArray();
            int deepest = MsgPackSerialization.MaxDepth / 2 - 1;
            SmallStack.Run(() =>
            {
                byte[] valid = Chain(deepest);
                Assert.IsType<Group>(Shape.Read(valid, out int read));
                Assert.Equal(valid.Length, read);

                foreach (byte[] input in new[] { Chain(deepest + 1), Enumerable.Repeat(before, 100_000).SelectMany(b => b).ToArray() })
                {
                    MsgPackSerializationException error = Assert.Throws<MsgPackSerializationException>(() => Shape.Read(input, out _));
                    Assert.Contains("MaxDepth", error.Message);
                    Assert.Equal("$" + string.Concat(Enumerable.Repeat(".Main", deepest + 1)), error.Path);
                    Assert.Equal(OperationStatus.InvalidData, Shape.TryRead(input, out _, out _));
                }

                byte[] cut = valid.AsSpan(0, valid.Length - 1).ToArray();
                Assert.IsType<MsgPackTruncatedException>(Assert.Throws<MsgPackSerializationException>(() => Shape.Read(cut, out _)).InnerException);
            });
        }

        [Fact]
        public void Generic_code_reaches_a_union_through_its_converter_and_its_contract()
        {
            Shape value = new Group { Items = new List<Shape> { new Circle { Radius = 3 } } };
            Assert.Equal(Hex(Bytes(value)), Hex(ViaConverter<Shape, Shape.MsgPackConverter>(value)));
            Assert.Equal(Hex(Bytes(value)), Hex(ViaContract(value)));
            IPet pet = new Cat { Lives = 1 };
            Assert.Equal(Hex(Bytes(pet)), Hex(ViaConverter<IPet, IPet.MsgPackConverter>(pet)));

            static byte[] ViaConverter<T, TConverter>(T item)
                where TConverter : struct, IMsgPackConverter<T>
            {
                byte[] bytes = new byte[default(TConverter).GetEncodedLength(item)];
                Span<byte> rest = bytes;
                default(TConverter).Write(ref rest, item);
                var reader = new MsgPackReader(bytes);
                Assert.NotNull(default(TConverter).Read(ref reader, 0));
                return bytes;
            }

            static byte[] ViaContract<T>(T item)
                where T : IMsgPackSerializable<T>
            {
                byte[] bytes = new byte[T.GetEncodedLength(item)];
                Span<byte> rest = bytes;
                T.Write(ref rest, item);
                var reader = new MsgPackReader(bytes);
                Assert.NotNull(T.Read(ref reader));
                return bytes;
            }
        }

        [Fact]
        public void Writing_a_union_allocates_nothing()
        {
            Doors.AssertWritingAllocatesNothing((Shape)Values().Last()[0], 100, static (buffer, model) =>
            {
                Shape.Write(buffer, model);
                Shape.TryWrite(buffer, model, out _);
            });
        }
    }
}
