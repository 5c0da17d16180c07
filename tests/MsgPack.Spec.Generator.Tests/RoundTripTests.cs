using System;
using System.Buffers;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>The generated members of the models in Models.cs, through every door.</summary>
    public class RoundTripTests
    {
        internal static readonly Primitives SomePrimitives = new Primitives
        {
            Flag = true,
            SByte = sbyte.MinValue,
            Byte = byte.MaxValue,
            Int16 = -300,
            UInt16 = 60000,
            Int32 = int.MinValue,
            UInt32 = uint.MaxValue,
            Int64 = long.MinValue,
            UInt64 = ulong.MaxValue,
            Single = 1.25f,
            Double = -2.5e300,
            MaybeInt32 = 5,
            MaybeDouble = null,
            Where = new Point(-1, 100000),
            MaybeWhere = new Point(3, 4),
            Sixteenth = 16,
        };

        internal static Person SomePerson() => new Person("Ada", 36)
        {
            Email = null,
            Home = new Point(7, -7),
            OwnerOf = new Account { Id = 1, Name = "main", Balance = -5, Note = "ü" },
            Score = 99.5,
        };

        [Fact]
        public void Primitives_round_trip_through_every_door() => AllDoors(SomePrimitives, default(Primitives),
            Primitives.GetEncodedLength, Primitives.Write, Primitives.Write, Primitives.TryWrite, Primitives.Write,
            Primitives.Read, Primitives.Read, (a, b) => Assert.Equal(a, b));

        [Fact]
        public void Default_primitives_round_trip() => AllDoors(default(Primitives), SomePrimitives,
            Primitives.GetEncodedLength, Primitives.Write, Primitives.Write, Primitives.TryWrite, Primitives.Write,
            Primitives.Read, Primitives.Read, (a, b) => Assert.Equal(a, b));

        [Fact]
        public void A_record_in_a_map_layout_round_trips_through_every_door() => AllDoors(SomePerson(), new Person("", 0),
            Person.GetEncodedLength, Person.Write, Person.Write, Person.TryWrite, Person.Write,
            Person.Read, Person.Read, AssertEqualPerson);

        [Fact]
        public void A_class_in_an_array_layout_with_a_gap_round_trips()
        {
            var account = new Account { Id = 42, Name = "savings", Balance = long.MaxValue, Note = null, Cached = 1 };
            AllDoors(account, new Account(), Account.GetEncodedLength, Account.Write, Account.Write, Account.TryWrite, Account.Write,
                Account.Read, Account.Read, (a, b) =>
                {
                    Assert.Equal(a.Id, b.Id);
                    Assert.Equal(a.Name, b.Name);
                    Assert.Equal(a.Balance, b.Balance);
                    Assert.Equal(a.Note, b.Note);
                    Assert.Equal(7, b.Cached); // ignored: the reader's new object keeps its initializer
                });

            byte[] bytes = new byte[Account.GetEncodedLength(account)];
            Account.Write(bytes, account);
            Assert.Equal(0x95, bytes[0]);           // fixarray of 5: the largest index is 4
            Assert.Equal(0xc0, bytes[1 + 1 + 8]);  // index 2, no member: nil (after 42 and "savings")
        }

        [Fact]
        public void Map_keys_longer_than_31_bytes_and_not_ascii_round_trip() => AllDoors(
            new Settings { Long = -1, Size = 7, On = false }, new Settings(),
            Settings.GetEncodedLength, Settings.Write, Settings.Write, Settings.TryWrite, Settings.Write,
            Settings.Read, Settings.Read, (a, b) =>
            {
                Assert.Equal(a.Long, b.Long);
                Assert.Equal(a.Size, b.Size);
                Assert.Equal(a.On, b.On);
            });

        [Fact]
        public void A_type_inside_another_type_round_trips() => AllDoors(new Outer.Inner(-2, 0.5f), default(Outer.Inner),
            Outer.Inner.GetEncodedLength, Outer.Inner.Write, Outer.Inner.Write, Outer.Inner.TryWrite, Outer.Inner.Write,
            Outer.Inner.Read, Outer.Inner.Read, (a, b) => Assert.Equal(a, b));

        [Theory]
        [InlineData(0L)]
        [InlineData(127L)]
        [InlineData(128L)]
        [InlineData(-32L)]
        [InlineData(-33L)]
        [InlineData(255L)]
        [InlineData(256L)]
        [InlineData(65535L)]
        [InlineData(65536L)]
        [InlineData(-129L)]
        [InlineData(-32769L)]
        [InlineData(int.MaxValue + 1L)]
        [InlineData(long.MinValue)]
        public void The_encoded_length_is_exact_at_every_integer_boundary(long n)
        {
            var value = new Primitives { Int64 = n, UInt64 = (ulong)Math.Abs(n % long.MaxValue), Int32 = (int)n, Int16 = (short)n, MaybeInt32 = (int)n };
            byte[] buffer = new byte[256];
            int written = Primitives.Write(buffer, value);
            Assert.Equal(Primitives.GetEncodedLength(value), written);
            Assert.Equal(value, Primitives.Read(buffer.AsSpan(0, written), out int read));
            Assert.Equal(written, read);
        }

        [Fact]
        public void Unknown_keys_are_skipped_and_missing_members_keep_their_defaults()
        {
            var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            writer.WriteMapHeader(3);
            writer.WriteString("unknown");
            writer.WriteArrayHeader(2);
            writer.WriteInt32(1);
            writer.WriteString("nested");
            writer.WriteString("on");
            writer.WriteBoolean(true);
            writer.WriteString("größ");   // a prefix of a key is another key
            writer.WriteInt32(5);
            writer.Flush();

            Settings settings = Settings.Read(output.WrittenSpan, out int read);
            Assert.Equal(output.WrittenCount, read);
            Assert.True(settings.On);
            Assert.Equal(42u, settings.Size); // missing: the initializer's value
            Assert.Equal(0, settings.Long);
        }

        [Fact]
        public void Extra_array_items_are_skipped_and_a_short_array_leaves_defaults()
        {
            var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            writer.WriteArrayHeader(4);
            writer.WriteInt32(1);
            writer.WriteInt32(2);
            writer.WriteString("extra");
            writer.WriteMapHeader(0);
            writer.WriteArrayHeader(1);
            writer.WriteInt32(9);
            writer.Flush();

            var reader = new MsgPackReader(output.WrittenSpan);
            Point point = Point.Read(ref reader);
            Assert.Equal(new Point(1, 2), point);
            Account account = Account.Read(ref reader);
            Assert.Equal(9ul, account.Id);
            Assert.Equal("", account.Name);
            Assert.Equal(0, reader.Remaining);
        }

        [Fact]
        public void Keys_in_other_orders_and_with_longer_str_headers_are_found()
        {
            // Settings' keys in reverse order; "on" with a str 8 header and "größe" with a str 16 header, where the
            // writers' form is a fixstr: neither matches the constant bytes of the key as written, so Find finds them.
            byte[] bytes =
            {
                0x82,
                0xd9, 0x02, (byte)'o', (byte)'n', 0xc3,
                0xda, 0x00, 0x07, (byte)'g', (byte)'r', 0xc3, 0xb6, 0xc3, 0x9f, (byte)'e', 0x07,
            };
            Settings settings = Settings.Read(bytes, out int read);
            Assert.Equal(bytes.Length, read);
            Assert.True(settings.On);
            Assert.Equal(7u, settings.Size);
            Assert.Equal(0, settings.Long);
        }

        [Fact]
        public void A_value_of_the_wrong_type_fails_with_MsgPackException()
        {
            // Age is a str, not an int.
            byte[] bytes = { 0x81, 0xa3, (byte)'a', (byte)'g', (byte)'e', 0xa1, (byte)'x' };
            Assert.ThrowsAny<MsgPackException>(() => Person.Read(bytes, out _));

            // A map where an array is expected; a non-str key; nil for a non-nullable string; truncated input.
            Assert.ThrowsAny<MsgPackException>(() => Point.Read(new byte[] { 0x80 }, out _));
            Assert.ThrowsAny<MsgPackException>(() => Settings.Read(new byte[] { 0x81, 0x01, 0x01 }, out _));
            Assert.ThrowsAny<MsgPackException>(() => Account.Read(new byte[] { 0x92, 0x01, 0xc0 }, out _));
            Assert.ThrowsAny<MsgPackException>(() => Point.Read(new byte[] { 0x92, 0x01 }, out _));
        }

        [Fact]
        public void Nullable_members_read_nil_as_null()
        {
            var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            writer.WriteMapHeader(2);
            writer.WriteString("owner_of");
            writer.WriteNil();
            writer.WriteString("name");
            writer.WriteString("x");
            writer.Flush();
            Person person = Person.Read(output.WrittenSpan, out _);
            Assert.Null(person.OwnerOf);
            Assert.Equal("x", person.Name);
            Assert.Equal(1.5, person.Score); // missing: the initializer's value survives the constructor path
        }

        [Fact]
        public void Missing_constructor_parameters_take_their_declared_defaults()
        {
            Assert.Equal(new Defaults(), Defaults.Read(new byte[] { 0x90 }, out _));
            Assert.Equal(new Defaults(Count: 3), Defaults.Read(new byte[] { 0x91, 0x03 }, out _));
            var all = new Defaults(1, "x", 2.5, 1.5f, null);
            byte[] bytes = new byte[Defaults.GetEncodedLength(all)];
            Defaults.Write(bytes, all);
            Assert.Equal(all, Defaults.Read(bytes, out _));
        }

        [Fact]
        public void A_model_without_strings_writes_and_reads_with_no_allocation()
        {
            var output = new PooledBufferWriter(1024);
            byte[] buffer = new byte[256];
            Primitives value = SomePrimitives;
            Exercise(output, buffer, value); // warm up: JIT, statics
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 100; i++)
            {
                Exercise(output, buffer, value);
            }

            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.Equal(0, allocated);

            static void Exercise(PooledBufferWriter output, byte[] buffer, Primitives value)
            {
                output.Reset();
                var writer = new MsgPackWriter(output);
                Primitives.Write(ref writer, value);
                writer.Flush();
                var reader = new MsgPackReader(output.WrittenSpan);
                Primitives back = Primitives.Read(ref reader);
                int written = Primitives.Write(buffer, back);
                Primitives.TryWrite(buffer, back, out _);
                Primitives.Read(buffer.AsSpan(0, written), out _);
                _ = Primitives.GetEncodedLength(back);
            }
        }

        [Fact]
        public void Reading_across_segments_gives_the_same_value()
        {
            Person person = SomePerson();
            byte[] bytes = new byte[Person.GetEncodedLength(person)];
            Person.Write(bytes, person);
            for (int cut = 1; cut < bytes.Length; cut++)
            {
                var reader = new MsgPackReader(Sequences.Split(bytes, cut));
                AssertEqualPerson(person, Person.Read(ref reader));
                Assert.Equal(bytes.Length, reader.Consumed);
            }
        }

        [Fact]
        public void A_long_array_layout_read_in_parts_reads_across_segments_and_names_a_failing_member()
        {
            // Primitives has 16 members, read in two parts of eight (the second starts at UInt64, member 8).
            byte[] bytes = new byte[Primitives.GetEncodedLength(SomePrimitives)];
            Primitives.Write(bytes, SomePrimitives);
            for (int cut = 1; cut < bytes.Length; cut++)
            {
                var reader = new MsgPackReader(Sequences.Split(bytes, cut));
                Assert.Equal(SomePrimitives, Primitives.Read(ref reader));
                Assert.Equal(bytes.Length, reader.Consumed);
            }

            // MaybeDouble (member 12, in the second part) written as a str: the path and offset name it, in one span and at every cut.
            var bad = SomePrimitives;
            bad.MaybeDouble = 1.0;
            byte[] encoded = new byte[Primitives.GetEncodedLength(bad)];
            Primitives.Write(encoded, bad);
            int at = encoded.AsSpan().IndexOf(new byte[] { 0xcb, 0x3f, 0xf0 });
            Assert.True(at > 0);
            encoded[at] = 0xa1;
            var error = Assert.Throws<MsgPackSerializationException>(() => Primitives.Read(encoded, out _));
            Assert.Equal("$.MaybeDouble", error.Path);
            Assert.Equal(at, error.Offset);
            for (int cut = 1; cut < encoded.Length; cut++)
            {
                var reader = new MsgPackReader(Sequences.Split(encoded, cut));
                try
                {
                    Primitives.Read(ref reader);
                    Assert.Fail("no failure at cut " + cut);
                }
                catch (MsgPackSerializationException e)
                {
                    Assert.Equal("$.MaybeDouble", e.Path);
                    Assert.Equal(at, e.Offset);
                }
            }
        }

        private static void AssertEqualPerson(Person expected, Person actual)
        {
            Assert.Equal(expected.Name, actual.Name);
            Assert.Equal(expected.Age, actual.Age);
            Assert.Equal(expected.Email, actual.Email);
            Assert.Equal(expected.Home, actual.Home);
            Assert.Equal(expected.Score, actual.Score);
            Assert.Equal(expected.OwnerOf is null, actual.OwnerOf is null);
            if (expected.OwnerOf is not null)
            {
                Assert.Equal(expected.OwnerOf.Name, actual.OwnerOf!.Name);
                Assert.Equal(expected.OwnerOf.Note, actual.OwnerOf.Note);
                Assert.Equal(expected.OwnerOf.Balance, actual.OwnerOf.Balance);
            }
        }

        private delegate int GetLength<T>(in T value);
        private delegate void WriteToWriter<T>(ref MsgPackWriter writer, in T value);
        private delegate void WriteAdvancing<T>(ref Span<byte> destination, in T value);
        private delegate int WriteToSpan<T>(Span<byte> destination, in T value);
        private delegate bool TryWriteToSpan<T>(Span<byte> destination, in T value, out int bytesWritten);
        private delegate T ReadFromReader<T>(ref MsgPackReader reader);
        private delegate T ReadFromSpan<T>(ReadOnlySpan<byte> source, out int bytesRead);

        /// <summary>Writes through every door, checks that all write the same bytes, of the exact length, and reads them back through every door.</summary>
        private static void AllDoors<T>(T value, T other, GetLength<T> getLength, WriteToWriter<T> writeWriter, WriteAdvancing<T> writeAdvancing,
            TryWriteToSpan<T> tryWrite, WriteToSpan<T> writeSpan, ReadFromReader<T> readReader, ReadFromSpan<T> readSpan, Action<T, T> assertEqual)
        {
            int length = getLength(value);

            var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            writeWriter(ref writer, value);
            writeWriter(ref writer, other);
            writer.Flush();
            byte[] viaWriter = output.WrittenSpan.ToArray();
            Assert.Equal(length + getLength(other), viaWriter.Length);

            byte[] viaSpan = new byte[length];
            Assert.Equal(length, writeSpan(viaSpan, value));
            Assert.Equal(viaWriter.AsSpan(0, length).ToArray(), viaSpan);

            Span<byte> rest = new byte[length + 3];
            Span<byte> start = rest;
            writeAdvancing(ref rest, value);
            Assert.Equal(3, rest.Length);
            Assert.Equal(viaSpan, start.Slice(0, length).ToArray());

            Assert.False(tryWrite(new byte[length - 1], value, out int none));
            Assert.Equal(0, none);
            Assert.True(tryWrite(new byte[length + 1], value, out int written));
            Assert.Equal(length, written);
            Assert.ThrowsAny<ArgumentException>(() => writeSpan(new byte[length - 1], value));

            var reader = new MsgPackReader(viaWriter);
            assertEqual(value, readReader(ref reader));
            Assert.Equal(length, reader.Consumed);
            assertEqual(other, readReader(ref reader));
            Assert.Equal(0, reader.Remaining);

            assertEqual(value, readSpan(viaWriter, out int read));
            Assert.Equal(length, read);

            // The whole value is a valid MessagePack value, as the library's validator sees it.
            Assert.Equal(length, MsgPackSpec.Skip(viaSpan));
        }
    }
}
