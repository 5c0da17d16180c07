using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>The member types of phase 2, read into existing values, TryRead, error paths, hostile counts and the depth limit.</summary>
    public class MemberTypeTests
    {
        internal static Everything SomeEverything() => new Everything
        {
            Color = Color.Blue,
            Tiny = Tiny.Max,
            Wide = Wide.Top,
            MaybeColor = Color.Green,
            When = new DateTime(2024, 2, 29, 23, 59, 58, DateTimeKind.Utc).AddTicks(1234567),
            Offset = new DateTimeOffset(1969, 7, 20, 20, 17, 40, TimeSpan.FromHours(3)),
            Stamp = new Timestamp(-1, 999_999_999),
            MaybeWhen = null,
            Id = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"),
            Bytes = new byte[] { 0, 1, 255 },
            Memory = new byte[300],
            Writable = new byte[] { 7 },
            Ints = new[] { 0, -1, int.MaxValue, int.MinValue, 127, 128 },
            Doubles = new[] { 0.5, double.NaN, -0.0 },
            Flags = new[] { true, false },
            Names = new[] { "a", "ß", "" },
            Tags = new List<string> { "x", "y" },
            Points = new List<Point> { new Point(1, 2), new Point(-3, 4) },
            ReadOnlyList = new[] { 5, 6, 7 },
            Accounts = new List<Account> { new Account { Id = 9, Name = "n", Balance = -1, Note = null } },
            Counted = new List<long> { long.MinValue, 0 },
            ReadOnlyCounted = new List<string?> { "p", null },
            Scores = new Dictionary<string, int> { ["a"] = 1, ["b"] = -2 },
            Labels = new Dictionary<int, string?> { [1] = "one", [2] = null },
            Places = new Dictionary<string, Point> { ["home"] = new Point(0, 0) },
            Grid = new List<List<int>> { new List<int> { 1, 2 }, new List<int>() },
            Series = new Dictionary<string, List<double>> { ["s"] = new List<double> { 1.5, 2.5 } },
            Jagged = new[] { new[] { 1 }, Array.Empty<int>() },
            MaybeInts = new List<int?> { 1, null, 3 },
            Buckets = new[] { new List<int[]> { new[] { 4, 5 } }, new List<int[]>() },
        };

        private static void AssertEqualEverything(Everything expected, Everything actual)
        {
            Assert.Equal(expected.Color, actual.Color);
            Assert.Equal(expected.Tiny, actual.Tiny);
            Assert.Equal(expected.Wide, actual.Wide);
            Assert.Equal(expected.MaybeColor, actual.MaybeColor);
            Assert.Equal(expected.When, actual.When);
            Assert.Equal(DateTimeKind.Utc, actual.When.Kind);
            Assert.Equal(expected.Offset.UtcDateTime, actual.Offset.UtcDateTime);
            Assert.Equal(TimeSpan.Zero, actual.Offset.Offset);
            Assert.Equal(expected.Stamp, actual.Stamp);
            Assert.Equal(expected.MaybeWhen, actual.MaybeWhen);
            Assert.Equal(expected.Id, actual.Id);
            Assert.Equal(expected.Bytes, actual.Bytes);
            Assert.Equal(expected.Memory.ToArray(), actual.Memory.ToArray());
            Assert.Equal(expected.Writable.ToArray(), actual.Writable.ToArray());
            Assert.Equal(expected.Ints, actual.Ints);
            Assert.Equal(expected.Doubles, actual.Doubles);
            Assert.Equal(expected.Flags, actual.Flags);
            Assert.Equal(expected.Names, actual.Names);
            Assert.Equal(expected.Tags, actual.Tags);
            Assert.Equal(expected.Points, actual.Points);
            Assert.Equal(expected.ReadOnlyList, actual.ReadOnlyList);
            Assert.Equal(expected.Accounts?.Select(a => (a.Id, a.Name, a.Balance, a.Note)), actual.Accounts?.Select(a => (a.Id, a.Name, a.Balance, a.Note)));
            Assert.Equal(expected.Counted, actual.Counted);
            Assert.Equal(expected.ReadOnlyCounted, actual.ReadOnlyCounted);
            Assert.Equal(expected.Scores, actual.Scores);
            Assert.Equal(expected.Labels, actual.Labels);
            Assert.Equal(expected.Places, actual.Places);
            Assert.Equal(expected.Grid, actual.Grid);
            Assert.Equal(expected.Series, actual.Series);
            Assert.Equal(expected.Jagged, actual.Jagged);
            Assert.Equal(expected.MaybeInts, actual.MaybeInts);
            Assert.Equal(expected.Buckets, actual.Buckets);
        }

        private static byte[] Bytes(Everything value) => Doors.Bytes(value, Everything.Write);

        [Fact]
        public void Every_member_type_round_trips_through_every_door()
        {
            Everything value = SomeEverything();
            byte[] bytes = Bytes(value);
            Doors.AssertWritersAgree(value, bytes);

            AssertEqualEverything(value, Everything.Read(bytes, out int read));
            Assert.Equal(bytes.Length, read);
            Assert.Equal(bytes.Length, MsgPackSpec.Skip(bytes));

            // Every cut of a two-segment sequence.
            Doors.AssertReadsAcrossSegments<Everything>(bytes, Doors.Cuts(bytes.Length, 7), back => AssertEqualEverything(value, back));
        }

        [Fact]
        public void Null_and_empty_members_round_trip()
        {
            var value = new Everything { Doubles = Array.Empty<double>() };
            byte[] bytes = Bytes(value);
            AssertEqualEverything(value, Everything.Read(bytes, out _));
        }

        [Fact]
        public void The_wire_forms_are_the_documented_ones()
        {
            var value = new Everything { Color = Color.Blue, Tiny = Tiny.Max, Id = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"), When = new DateTime(1970, 1, 1, 0, 0, 1, DateTimeKind.Unspecified) };
            byte[] bytes = Bytes(value);
            var reader = new MsgPackReader(bytes);
            int count = reader.ReadMapHeader();
            var seen = new Dictionary<string, byte[]>();
            for (int i = 0; i < count; i++)
            {
                string key = reader.ReadString();
                seen[key] = reader.ReadRaw().ToArray();
            }

            Assert.Equal(new byte[] { 0xcd, 0x01, 0x2c }, seen["color"]);                  // the enum's integer, smallest form
            Assert.Equal(new byte[] { 0xcc, 0xff }, seen["tiny"]);
            Assert.Equal(new byte[] { 0xd6, 0xff, 0, 0, 0, 1 }, seen["when"]);             // Unspecified is taken as UTC: timestamp 32
            Assert.Equal("0f8fad5b-d9cb-469f-a165-70867728950e", MsgPackSpec.ReadString(seen["id"], out _)); // str "D"
            Assert.Equal(new byte[] { 0xc0 }, seen["bytes"]);
            Assert.Equal(new byte[] { 0xc4, 0x00 }, seen["memory"]);                       // bin
            Assert.Equal(new byte[] { 0x90 }, seen["doubles"]);
        }

        [Fact]
        public void A_map_of_more_than_16_members_is_written_in_declaration_order()
        {
            var value = new Twenty { K07 = 7 };
            byte[] bytes = new byte[Twenty.GetEncodedLength(value)];
            Twenty.Write(bytes, value);
            var reader = new MsgPackReader(bytes);
            int count = reader.ReadMapHeader();
            var keys = new List<string>();
            for (int i = 0; i < count; i++)
            {
                keys.Add(reader.ReadString());
                reader.Skip();
            }

            Assert.Equal(Enumerable.Range(1, 20).Reverse().Select(i => "k" + i.ToString("00")), keys);
            Assert.Equal(7, Twenty.Read(bytes, out _).K07);
        }

        [Fact]
        public void A_local_DateTime_is_written_as_its_UTC_instant()
        {
            DateTime local = new DateTime(2020, 5, 6, 7, 8, 9, DateTimeKind.Local);
            Everything back = Everything.Read(Bytes(new Everything { When = local }), out _);
            Assert.Equal(local.ToUniversalTime(), back.When);
            Assert.Equal(DateTimeKind.Utc, back.When.Kind);
        }

        [Fact]
        public void Writing_allocates_nothing_even_through_collection_interfaces()
        {
            // The interfaces holding lists, then arrays (ICollection<T> and IReadOnlyCollection<T> have no indexer).
            Everything lists = SomeEverything();
            Everything arrays = SomeEverything();
            arrays.Counted = new[] { long.MinValue, 0 };
            arrays.ReadOnlyCounted = new[] { "p", null };
            arrays.Accounts = arrays.Accounts!.ToArray();
            foreach (Everything value in new[] { lists, arrays })
            {
                Doors.AssertWritingAllocatesNothing(value, 50, static (buffer, model) => Everything.Write(buffer, model));
            }

            Assert.Equal(Bytes(lists), Bytes(arrays));
        }

        [Fact]
        public void A_struct_without_references_reads_into_an_existing_value_without_allocating()
        {
            var source = new Counters { Reads = 5, Writes = long.MaxValue, Ratio = 0.25 };
            byte[] bytes = new byte[Counters.GetEncodedLength(source)];
            Counters.Write(bytes, source);
            var target = new Counters();
            var reader = new MsgPackReader(bytes);
            Counters.Read(ref reader, ref target);
            Assert.Equal(source, target);

            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 100; i++)
            {
                reader = new MsgPackReader(bytes);
                Counters.Read(ref reader, ref target);
            }

            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        [Fact]
        public void Reading_into_an_existing_value_sets_only_the_members_the_input_has()
        {
            // A short array: index 0 (Id) and 1 (Name) only.
            byte[] bytes = { 0x92, 0x07, 0xa1, (byte)'n' };
            var account = new Account { Id = 1, Name = "old", Balance = 99, Note = "kept", Cached = 5 };
            Account? same = account;
            var reader = new MsgPackReader(bytes);
            Account.Read(ref reader, ref same);
            Assert.Same(account, same);
            Assert.Equal((7UL, "n", 99L, "kept", 5), (account.Id, account.Name, account.Balance, account.Note, account.Cached));

            Account? none = null;
            reader = new MsgPackReader(bytes);
            Account.Read(ref reader, ref none);
            Assert.NotNull(none);
            Assert.Equal(7UL, none!.Id);
        }

        [Fact]
        public void Init_and_required_members_are_set_and_a_missing_required_member_fails()
        {
            var login = new Login { User = "ada", Retries = 9, Token = "t" };
            byte[] bytes = new byte[Login.GetEncodedLength(login)];
            Login.Write(bytes, login);
            Login back = Login.Read(bytes, out _);
            Assert.Equal((login.User, login.Retries, login.Token), (back.User, back.Retries, back.Token));

            // { "retries": 1 }: no user.
            byte[] missing = { 0x81, 0xa7, (byte)'r', (byte)'e', (byte)'t', (byte)'r', (byte)'i', (byte)'e', (byte)'s', 0x01 };
            var error = Assert.Throws<MsgPackSerializationException>(() => Login.Read(missing, out _));
            Assert.Equal("$.User", error.Path);
            Assert.Contains("required", error.Message);
        }

        [Fact]
        public void A_missing_non_nullable_constructor_parameter_fails_instead_of_becoming_null()
        {
            // Person(string Name, int Age): { "age": 1 } has no name, and null is not a string of that record.
            byte[] bytes = { 0x81, 0xa3, (byte)'a', (byte)'g', (byte)'e', 0x01 };
            var error = Assert.Throws<MsgPackSerializationException>(() => Person.Read(bytes, out _));
            Assert.Equal("$.Name", error.Path);
            Assert.Contains("does not accept null", error.Message);

            // Nullable ones and ones with a default are simply left at that.
            Assert.Equal(OperationStatus.Done, Defaults.TryRead(new byte[] { 0x90 }, out Defaults? defaults, out _));
            Assert.Equal("anon", defaults!.Name);
        }

        [Fact]
        public void A_wrong_type_deep_inside_names_the_member_path_and_the_offset()
        {
            Everything value = SomeEverything();
            byte[] bytes = Bytes(value);

            // The second account's... the first account's Name (index 1 of the account array) becomes an integer.
            var accounts = new Everything { Accounts = new List<Account> { new Account { Name = "x" }, new Account { Name = "QQ" } } };
            byte[] encoded = Bytes(accounts);
            int at = IndexOf(encoded, new byte[] { 0xa2, (byte)'Q', (byte)'Q' });
            encoded[at] = 0x05; // a positive fixint where a str is expected
            var error = Assert.Throws<MsgPackSerializationException>(() => Everything.Read(encoded, out _));
            Assert.Equal("$.Accounts[1].Name", error.Path);
            Assert.Equal(at, error.Offset);
            Assert.IsType<MsgPackUnexpectedCodeException>(error.InnerException);
            Assert.Contains("$.Accounts[1].Name", error.Message);
            Assert.Contains("offset " + at, error.Message);

            // The same failure across segments names the same path and offset.
            for (int cut = 1; cut < encoded.Length; cut++)
            {
                var reader = new MsgPackReader(Sequences.Split(encoded, cut));
                MsgPackSerializationException split;
                try
                {
                    Everything.Read(ref reader);
                    throw new InvalidOperationException("no failure");
                }
                catch (MsgPackSerializationException e)
                {
                    split = e;
                }

                Assert.Equal("$.Accounts[1].Name", split.Path);
                Assert.Equal(at, split.Offset);
            }

            Assert.NotEmpty(bytes);
        }

        [Fact]
        public void A_claimed_count_the_input_cannot_hold_allocates_nothing_and_fails()
        {
            // { "tags": array 32 of 2^31-1 items } with nothing after the header, and the same for a number array and a map.
            foreach (string key in new[] { "tags", "ints", "scores" })
            {
                byte code = key == "scores" ? (byte)0xdf : (byte)0xdd;
                byte[] bytes = new byte[] { 0x81, (byte)(0xa0 | key.Length) }
                    .Concat(System.Text.Encoding.ASCII.GetBytes(key))
                    .Concat(new byte[] { code, 0x7f, 0xff, 0xff, 0xff, 0x01 }).ToArray();
                long before = GC.GetAllocatedBytesForCurrentThread();
                var error = Assert.Throws<MsgPackSerializationException>(() => Everything.Read(bytes, out _));
                Assert.True(GC.GetAllocatedBytesForCurrentThread() - before < 64 * 1024, "allocated by the claim");
                Assert.IsType<MsgPackTruncatedException>(error.InnerException);
                Assert.Equal(OperationStatus.NeedMoreData, Everything.TryRead(bytes, out _, out _));
            }
        }

        [Fact]
        public void A_duplicate_dictionary_key_fails()
        {
            byte[] bytes = { 0x81, 0xa6, (byte)'s', (byte)'c', (byte)'o', (byte)'r', (byte)'e', (byte)'s', 0x82, 0xa1, (byte)'a', 0x01, 0xa1, (byte)'a', 0x02 };
            var error = Assert.Throws<MsgPackSerializationException>(() => Everything.Read(bytes, out _));
            Assert.Equal("$.Scores[1]", error.Path);
        }

        [Fact]
        public void A_timestamp_outside_DateTime_and_a_str_that_is_not_a_Guid_fail_with_MsgPackException()
        {
            var far = new Everything { Stamp = new Timestamp(long.MaxValue / 4, 0) };
            byte[] bytes = Bytes(far);
            // Rename "stamp" to "when" is not possible in place; write the timestamp under "when" by hand.
            byte[] when = new byte[] { 0x81, 0xa4, (byte)'w', (byte)'h', (byte)'e', (byte)'n' }
                .Concat(MsgPackBytes((ref MsgPackWriter w) => w.WriteTimestamp(new Timestamp(long.MaxValue / 4, 0)))).ToArray();
            Assert.Equal("$.When", Assert.Throws<MsgPackSerializationException>(() => Everything.Read(when, out _)).Path);
            byte[] id = new byte[] { 0x81, 0xa2, (byte)'i', (byte)'d' }.Concat(MsgPackBytes((ref MsgPackWriter w) => w.WriteString("not-a-guid"))).ToArray();
            Assert.Equal("$.Id", Assert.Throws<MsgPackSerializationException>(() => Everything.Read(id, out _)).Path);
            Assert.Equal(OperationStatus.InvalidData, Everything.TryRead(id, out _, out int none));
            Assert.Equal(0, none);
            Assert.NotEmpty(bytes);
        }

        [Fact]
        public void TryRead_reports_truncation_and_bad_data_and_consumes_nothing()
        {
            byte[] bytes = Bytes(SomeEverything());
            for (int length = 0; length < bytes.Length; length += 3)
            {
                Assert.Equal(OperationStatus.NeedMoreData, Everything.TryRead(bytes.AsSpan(0, length), out Everything? value, out int read));
                Assert.Null(value);
                Assert.Equal(0, read);
            }

            Assert.Equal(OperationStatus.Done, Everything.TryRead(bytes, out Everything? done, out int all));
            Assert.Equal(bytes.Length, all);
            AssertEqualEverything(SomeEverything(), done!);

            var reader = new MsgPackReader(new byte[] { 0x81, 0x01, 0x02 });
            Assert.Equal(OperationStatus.InvalidData, Everything.TryRead(ref reader, out _));
            Assert.Equal(0, reader.Consumed);
        }

        [Fact]
        public void A_recursive_type_reads_to_the_depth_limit_and_fails_past_it()
        {
            Node Chain(int length)
            {
                var head = new Node { Value = 0 };
                Node tail = head;
                for (int i = 1; i < length; i++)
                {
                    tail.Next = new Node { Value = i };
                    tail = tail.Next;
                }

                return head;
            }

            Node ok = Chain(MsgPackSerialization.MaxDepth + 1);
            byte[] bytes = new byte[Node.GetEncodedLength(ok)];
            Node.Write(bytes, ok);
            Node back = Node.Read(bytes, out _);
            int depth = 0;
            for (Node? n = back; n is not null; n = n.Next)
            {
                Assert.Equal(depth++, n.Value);
            }

            Assert.Equal(MsgPackSerialization.MaxDepth + 1, depth);

            // One more level, and a hostile input of 100,000 nested arrays: a clear error, never a stack overflow.
            Node deep = Chain(MsgPackSerialization.MaxDepth + 2);
            bytes = new byte[Node.GetEncodedLength(deep)];
            Node.Write(bytes, deep);
            var error = Assert.Throws<MsgPackSerializationException>(() => Node.Read(bytes, out _));
            Assert.StartsWith("$.Next.Next.", error.Path);
            byte[] hostile = Enumerable.Range(0, 100_000).SelectMany(_ => new byte[] { 0x92, 0x00 }).ToArray();
            Assert.Throws<MsgPackSerializationException>(() => Node.Read(hostile, out _));
            Assert.Equal(OperationStatus.InvalidData, Node.TryRead(hostile, out _, out _));
        }

        [Fact]
        public unsafe void The_pointer_doors_write_and_read_the_span_doors_bytes()
        {
            Everything value = SomeEverything();
            byte[] bytes = Bytes(value);
            byte[] viaPointer = new byte[bytes.Length];
            fixed (byte* p = viaPointer)
            {
                Assert.Equal(bytes.Length, Everything.Write(p, viaPointer.Length, value));
                bool tooSmall = false;
                try
                {
                    Everything.Write(p, viaPointer.Length - 1, value);
                }
                catch (ArgumentException)
                {
                    tooSmall = true;
                }

                Assert.True(tooSmall);
                AssertEqualEverything(value, Everything.Read(p, viaPointer.Length, out int read));
                Assert.Equal(bytes.Length, read);
            }

            Assert.Equal(bytes, viaPointer);
        }

        private static byte[] MsgPackBytes(WriteAction write)
        {
            var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            write(ref writer);
            writer.Flush();
            return output.WrittenSpan.ToArray();
        }

        private delegate void WriteAction(ref MsgPackWriter writer);

        private static int IndexOf(byte[] haystack, byte[] needle)
        {
            for (int i = 0; i + needle.Length <= haystack.Length; i++)
            {
                if (haystack.AsSpan(i, needle.Length).SequenceEqual(needle))
                {
                    return i;
                }
            }

            throw new InvalidOperationException("not found");
        }
    }
}
