using System;
using System.Buffers;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>Members of base classes: generated and plain bases, records deriving from records, overrides.</summary>
    public class InheritanceTests
    {
        private static byte[] Written(Action<MsgPackWriter> write)
        {
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            write(writer);
            return output.WrittenSpan.ToArray();
        }

        [Fact]
        public void A_derived_map_writes_the_base_s_members_first_and_an_override_once()
        {
            var dog = new Dog { Name = "Rex", Legs = 4, Breed = "collie" };
            byte[] expected = Written(w =>
            {
                w.WriteMapHeader(4);
                w.WriteString("name");
                w.WriteString("Rex");
                w.WriteString("legs");
                w.WriteInt32(4);
                w.WriteString("sound");
                w.WriteString("woof");
                w.WriteString("breed");
                w.WriteString("collie");
                w.Flush();
            });
            byte[] bytes = new byte[Dog.GetEncodedLength(dog)];
            Assert.Equal(bytes.Length, Dog.Write(bytes, dog));
            Assert.Equal(expected, bytes);

            Dog read = Dog.Read(bytes, out _);
            Assert.Equal(("Rex", 4, "woof", "collie"), (read.Name, read.Legs, read.Sound, read.Breed));

            // The base reads the derived's bytes as its own (the unknown key skipped), and its own doors stay its own.
            Animal animal = Animal.Read(bytes, out _);
            Assert.Equal(("Rex", 4, "woof"), (animal.Name, animal.Legs, animal.Sound));
            Assert.IsType<Animal>(animal);
        }

        [Fact]
        public void A_plain_base_s_keyed_members_protected_included_are_written_and_read_into()
        {
            var customer = new Customer { Id = 7, Email = "a@b.c" };
            customer.Bump();
            byte[] bytes = new byte[Customer.GetEncodedLength(customer)];
            Customer.Write(bytes, customer);
            Assert.Equal(Written(w =>
            {
                w.WriteArrayHeader(3);
                w.WriteInt64(7);
                w.WriteInt32(1);
                w.WriteString("a@b.c");
                w.Flush();
            }), bytes);

            Customer? into = new Customer { Id = 1 };
            var reader = new MsgPackReader(bytes);
            Customer.Read(ref reader, ref into);
            Assert.Equal((7L, 1, "a@b.c"), (into!.Id, into.VersionForTests, into.Email));
        }

        [Fact]
        public void A_record_deriving_from_a_record_passes_the_base_s_member_to_its_constructor()
        {
            var circle = new Circle("unit", 1.0);
            byte[] bytes = new byte[Circle.GetEncodedLength(circle)];
            Circle.Write(bytes, circle);
            Assert.Equal(Written(w =>
            {
                w.WriteArrayHeader(2);
                w.WriteString("unit");
                w.WriteDouble(1.0);
                w.Flush();
            }), bytes);
            Assert.Equal(circle, Circle.Read(bytes, out _));
            Assert.Equal(new Shape("unit"), Shape.Read(bytes, out _));
        }

        [Fact]
        public void Generic_code_reaches_each_level_s_own_doors()
        {
            var dog = new Dog { Name = "Rex", Breed = "collie" };
            Assert.Equal(Dog.GetEncodedLength(dog), Length<Dog>(dog));
            Assert.Equal(Animal.GetEncodedLength(dog), Length<Animal>(dog));
            Assert.True(Length<Dog>(dog) > Length<Animal>(dog));
        }

        private static int Length<T>(T value)
            where T : IMsgPackSerializable<T> => T.GetEncodedLength(value);
    }
}
