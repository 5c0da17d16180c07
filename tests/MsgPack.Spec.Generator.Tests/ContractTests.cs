using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>
    /// The contract for generic code (IMsgPackSerializable&lt;T&gt; and each type's MsgPackConverter), maps with integer
    /// keys, and generic [MsgPackObject] types.
    /// </summary>
    public class ContractTests
    {
        [Fact]
        public void Generic_code_writes_and_reads_any_type_of_the_contract_as_the_type_itself_does()
        {
            var account = new Account { Id = 7, Name = "ada", Balance = -3, Note = "n" };
            Assert.Equal(Concrete(account), Generic(account));
            Assert.Equal(Concrete(account), ThroughConverter<Account, Account.MsgPackConverter>(account));
            Assert.Equal(Concrete(account), ThroughConverter<Account, MsgPackConverter<Account>>(account));
            Account back = Read<Account>(Generic(account));
            Assert.Equal((account.Id, account.Name, account.Balance, account.Note), (back.Id, back.Name, back.Balance, back.Note));

            var point = new Point(3, -4);
            Assert.Equal(point, Read<Point>(Generic(point)));
            Assert.Equal(point, ReadThroughConverter<Point, Point.MsgPackConverter>(ThroughConverter<Point, Point.MsgPackConverter>(point)));

            static byte[] Concrete(Account value)
            {
                byte[] bytes = new byte[Account.GetEncodedLength(value)];
                Account.Write(bytes, value);
                return bytes;
            }
        }

        [Fact]
        public void Generic_calls_allocate_nothing()
        {
            var account = new Account { Id = 7, Name = "ada", Balance = -3 };
            var point = new Point(1, 2);
            byte[] buffer = new byte[256];
            var output = new PooledBufferWriter(1024);
            Exercise(buffer, output, account, point);
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 100; i++)
            {
                Exercise(buffer, output, account, point);
            }

            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);

            static void Exercise(byte[] buffer, PooledBufferWriter output, Account account, Point point)
            {
                WriteGeneric(buffer, account);
                WriteGeneric(buffer, point);
                WriteConverter<Point, Point.MsgPackConverter>(buffer, point);
                output.Reset();
                var writer = new MsgPackWriter(output);
                WriteToWriter(ref writer, account);
                WriteToWriter(ref writer, point);
                writer.Flush();
                var reader = new MsgPackReader(buffer);
                _ = ReadFrom<Point>(ref reader);
            }
        }

        [Fact]
        public void A_generic_type_writes_its_items_through_their_contract()
        {
            var page = new Page<Account>
            {
                Items = new List<Account> { new Account { Id = 1, Name = "a" }, new Account { Id = 2, Name = "b" } },
                First = new Account { Id = 1, Name = "a" },
                Total = 40,
            };
            byte[] bytes = Generic(page);
            Page<Account> back = Page<Account>.Read(bytes, out int read);
            Assert.Equal(bytes.Length, read);
            Assert.Equal(new ulong[] { 1, 2 }, back.Items.Select(a => a.Id));
            Assert.Equal("a", back.First!.Name);
            Assert.Equal(40, back.Total);

            // T? of a class reads nil as null; of a struct, as default.
            byte[] empty = Generic(new Page<Account>());
            Assert.Null(Page<Account>.Read(empty, out _).First);
            byte[] points = Generic(new Page<Point> { Items = { new Point(1, 1) } });
            Assert.Equal(new Point(1, 1), Page<Point>.Read(points, out _).Items.Single());
        }

        [Fact]
        public void Generic_types_nest_and_sit_in_collections_with_hand_written_types()
        {
            var mailbox = new Mailbox
            {
                Pages = new List<Page<Account>> { new Page<Account> { Total = 1, Items = { new Account { Id = 9, Name = "z" } } } },
                Letters = new[] { new Envelope<Point> { Sequence = 5, Body = new Point(7, 8), Named = new Dictionary<string, Point> { ["home"] = new Point(0, 1) } } },
                Nested = new Envelope<Envelope<Celsius>> { Sequence = 1, Body = new Envelope<Celsius> { Sequence = 2, Body = new Celsius(21.5) } },
            };
            byte[] bytes = Generic(mailbox);
            Mailbox back = Read<Mailbox>(bytes);
            Assert.Equal(9UL, back.Pages!.Single().Items.Single().Id);
            Assert.Equal(new Point(7, 8), back.Letters!.Single().Body);
            Assert.Equal(new Point(0, 1), back.Letters!.Single().Named!["home"]);
            Assert.Equal(21.5, back.Nested.Body.Body.Degrees);
            Assert.Equal(bytes, Generic(back));

            // A failure deep inside names its path through the generic types.
            byte[] bad = (byte[])bytes.Clone();
            int at = Array.LastIndexOf(bad, (byte)215); // 21.5 degrees: 215 as uint 8 (cc d7)
            bad[at - 1] = 0xc1;
            var error = Assert.Throws<MsgPackSerializationException>(() => Mailbox.Read(bad, out _));
            Assert.Equal("$.Nested.Body.Body", error.Path);
            Assert.Equal(at - 1, error.Offset);
        }

        [Fact]
        public void A_map_with_integer_keys_writes_each_key_in_its_smallest_form()
        {
            var value = new IntegerKeyed { Space = 512, Name = "x", Big = -1, Items = new List<int> { 1 }, Far = true };
            byte[] bytes = Generic(value);
            byte[] expected = Concat(
                new byte[] { 0x85 },
                new byte[] { 0x10, 0xcd, 0x02, 0x00 },
                new byte[] { 0x00, 0xa1, (byte)'x' },
                new byte[] { 0xcc, 0xc8, 0xff },
                new byte[] { 0xcd, 0x01, 0x2c, 0x91, 0x01 },
                new byte[] { 0xce, 0x00, 0x01, 0x11, 0x70, 0xc3 });
            Assert.Equal(expected, bytes);
            Assert.Equal(bytes.Length, IntegerKeyed.GetEncodedLength(value));
        }

        [Fact]
        public void A_map_with_integer_keys_reads_keys_in_any_order_and_any_integer_form_and_skips_unknown_ones()
        {
            // Reverse order; 0x10 as int 64, 0 as int 8, 300 as uint 64; unknown keys: 5, -1, 2^64-1 and 2^31 (with values to skip).
            byte[] bytes = Concat(
                new byte[] { 0x89 },
                new byte[] { 0xce, 0x00, 0x01, 0x11, 0x70, 0xc3 },
                new byte[] { 0xcf, 0, 0, 0, 0, 0, 0, 0x01, 0x2c, 0x92, 0x01, 0x02 },
                new byte[] { 0x05, 0x81, 0xa1, (byte)'k', 0x90 },
                new byte[] { 0xcc, 0xc8, 0xd0, 0x80 },
                new byte[] { 0xff, 0xc0 },
                new byte[] { 0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xa3, (byte)'a', (byte)'b', (byte)'c' },
                new byte[] { 0xce, 0x80, 0, 0, 0, 0x01 },
                new byte[] { 0xd0, 0x00, 0xa2, (byte)'h', (byte)'i' },
                new byte[] { 0xd3, 0, 0, 0, 0, 0, 0, 0, 0x10, 0x2a });
            IntegerKeyed value = Read<IntegerKeyed>(bytes);
            Assert.Equal((42u, "hi", -128L, true), (value.Space, value.Name, value.Big, value.Far));
            Assert.Equal(new[] { 1, 2 }, value.Items);

            // The same across every two-segment split.
            for (int cut = 0; cut <= bytes.Length; cut++)
            {
                var reader = new MsgPackReader(Sequences.Split(bytes, cut));
                IntegerKeyed split = IntegerKeyed.Read(ref reader);
                Assert.Equal((42u, "hi", -128L, true), (split.Space, split.Name, split.Big, split.Far));
                Assert.Equal(bytes.Length, reader.Consumed);
            }
        }

        [Fact]
        public void A_map_with_integer_keys_fails_on_a_key_that_is_not_an_integer()
        {
            byte[] bytes = { 0x82, 0x10, 0x01, 0xa1, (byte)'x', 0x02 };
            var error = Assert.Throws<MsgPackSerializationException>(() => IntegerKeyed.Read(bytes, out _));
            Assert.Equal("$", error.Path);
            Assert.Equal(3, error.Offset);
            Assert.IsType<MsgPackUnexpectedCodeException>(error.InnerException);
            Assert.Equal(OperationStatus.InvalidData, IntegerKeyed.TryRead(bytes, out _, out _));
        }

        [Fact]
        public void A_map_with_no_member_is_written_empty_and_skips_every_key()
        {
            Assert.Equal(new byte[] { 0x80 }, Generic(new EmptyMap()));
            Assert.Equal(new byte[] { 0x80 }, Generic(default(EmptyArrayOrMap)));
            byte[] bytes = { 0x82, 0xa1, (byte)'a', 0x01, 0xa1, (byte)'b', 0x91, 0xc0 };
            Assert.NotNull(Read<EmptyMap>(bytes));
            Assert.Equal(default, Read<EmptyArrayOrMap>(bytes));

            // Integer keys too (Tarantool's bodies), and keys of any other type: no member means no key type.
            byte[] mixed = { 0x83, 0x01, 0x02, 0xcd, 0x01, 0x00, 0xa1, (byte)'x', 0xc3, 0x90 };
            Assert.NotNull(Read<EmptyMap>(mixed));
        }

        private static byte[] Generic<T>(T value)
            where T : IMsgPackSerializable<T> => Doors.ContractBytes(value);

        private static T Read<T>(byte[] bytes)
            where T : IMsgPackSerializable<T>
        {
            var reader = new MsgPackReader(bytes);
            T value = T.Read(ref reader);
            Assert.Equal(bytes.Length, reader.Consumed);
            return value;
        }

        private static byte[] ThroughConverter<T, TConverter>(T value)
            where TConverter : struct, IMsgPackConverter<T>
        {
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            default(TConverter).Write(ref writer, value);
            writer.Flush();
            Assert.Equal(default(TConverter).GetEncodedLength(value), output.WrittenCount);
            return output.WrittenSpan.ToArray();
        }

        private static T ReadThroughConverter<T, TConverter>(byte[] bytes)
            where TConverter : struct, IMsgPackConverter<T>
        {
            var reader = new MsgPackReader(bytes);
            return default(TConverter).Read(ref reader, 0);
        }

        private static void WriteGeneric<T>(byte[] buffer, T value)
            where T : IMsgPackSerializable<T>
        {
            Span<byte> rest = buffer;
            T.Write(ref rest, value);
            _ = T.GetEncodedLength(value);
        }

        private static void WriteConverter<T, TConverter>(byte[] buffer, T value)
            where TConverter : struct, IMsgPackConverter<T>
        {
            Span<byte> rest = buffer;
            default(TConverter).Write(ref rest, value);
        }

        private static void WriteToWriter<T>(ref MsgPackWriter writer, T value)
            where T : IMsgPackSerializable<T> => T.Write(ref writer, value);

        private static T ReadFrom<T>(ref MsgPackReader reader)
            where T : IMsgPackSerializable<T> => T.Read(ref reader);

        private static byte[] Concat(params byte[][] parts) => parts.SelectMany(p => p).ToArray();
    }
}
