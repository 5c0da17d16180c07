using System;
using System.Buffers;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using MsgPack.Spec.Fuzzing;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>
    /// The status path of generated readers (issue #39): over every cut, every corruption and thousands of mutants of
    /// this project's models, Read throws exactly when TryRead fails, TryRead's error is Read's exception as values,
    /// and nothing is thrown inside TryRead (first-chance exceptions: 0); a failed TryRead allocates nothing.
    /// </summary>
    public class StatusPathTests
    {
        /// <summary>One model: its samples' bytes, and the check of one input through its doors.</summary>
        public sealed class Model
        {
            public Model(string name, byte[][] samples, Func<byte[], MsgPackSerializationException?> check)
            {
                Name = name;
                Samples = samples;
                Check = check;
            }

            public string Name { get; }

            public byte[][] Samples { get; }

            /// <summary><see cref="Agreement.Check{T}"/> on the model's span doors.</summary>
            public Func<byte[], MsgPackSerializationException?> Check { get; }

            public override string ToString() => Name;
        }

        private static Model Of<T>(string name, SpanWrite<T> write, SpanRead<T> read, SpanTryRead<T> tryRead, SpanTryReadError<T> tryReadError, params T[] samples)
            where T : IMsgPackSerializable<T> =>
            new Model(name, samples.Select(s => Doors.Bytes(s, write)).ToArray(), input => Agreement.Check(input, read, tryRead, tryReadError));

        /// <summary>As <see cref="Of{T}"/>, for a model that holds a converter or a hand-written type that has no status read of its own.</summary>
        private static Model WithThrowingParts<T>(string name, SpanWrite<T> write, SpanRead<T> read, SpanTryRead<T> tryRead, SpanTryReadError<T> tryReadError, params T[] samples)
            where T : IMsgPackSerializable<T> =>
            new Model(name, samples.Select(s => Doors.Bytes(s, write)).ToArray(), input => Agreement.Check(input, read, tryRead, tryReadError, exceptionFree: false));

        private static readonly DateTime Noon = new DateTime(2024, 2, 29, 12, 0, 0, DateTimeKind.Utc);

        /// <summary>A holder inside another: its pair has a key and a value (a default one's null str does not read back).</summary>
        private static Holder Inner(int number) => new Holder { Number = number, Pair = new KeyValuePair<int, string>(number, "") };

        internal static Holder SomeHolder() => new Holder
        {
            Number = -5,
            Id = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"),
            When = Noon,
            Next = Inner(1),
            List = new List<Holder> { Inner(2), Inner(3) },
            Dict = new Dictionary<string, Holder> { ["k"] = Inner(4) },
            Shape = new Square { Side = 2 },
            Price = 12.5m,
            Release = new Version(1, 2, 3),
            Link = new Uri("http://example.org/a"),
            Elapsed = TimeSpan.FromSeconds(90),
            Day = new DateOnly(2024, 2, 29),
            Time = new TimeOnly(23, 59),
            Letter = 'q',
            Huge = Int128.MinValue,
            HugeUnsigned = UInt128.MaxValue,
            Big = System.Numerics.BigInteger.Parse("123456789012345678901234567890"),
            Set = new HashSet<int> { 3 },
            Pair = new KeyValuePair<int, string>(4, "four"),
            Two = (5, 6),
            Numbers = new[] { 1, -1, 1000 },
            Frozen = ImmutableArray.Create(7, 8),
        };

        internal static Page<Account> SomePage() => new Page<Account>
        {
            Items = new List<Account> { new Account { Id = 1, Name = "a" }, new Account { Id = 2, Name = "b", Note = "n" } },
            First = new Account { Id = 1, Name = "a" },
            Total = 2,
        };

        /// <summary>The models: objects of both layouts (setters, constructors, init and required members), unions, generic types, BCL values, converters.</summary>
        public static IEnumerable<Model> Models()
        {
            yield return Of<Primitives>("Primitives", Primitives.Write, Primitives.Read, Primitives.TryRead, Primitives.TryRead, RoundTripTests.SomePrimitives, default);
            yield return Of<Account>("Account", Account.Write, Account.Read, Account.TryRead, Account.TryRead, new Account { Id = 9, Name = "main", Balance = -5, Note = "ü" });
            yield return Of<Person>("Person", Person.Write, Person.Read, Person.TryRead, Person.TryRead, RoundTripTests.SomePerson());
            yield return Of<Settings>("Settings", Settings.Write, Settings.Read, Settings.TryRead, Settings.TryRead, new Settings { Long = 1, On = true });
            yield return Of<Defaults>("Defaults", Defaults.Write, Defaults.Read, Defaults.TryRead, Defaults.TryRead, new Defaults(3, "x", 1, 2, null));
            yield return Of<Everything>("Everything", Everything.Write, Everything.Read, Everything.TryRead, Everything.TryRead, MemberTypeTests.SomeEverything());
            yield return Of<BclTypes>("BclTypes", BclTypes.Write, BclTypes.Read, BclTypes.TryRead, BclTypes.TryRead, BclTypeTests.Some());
            yield return Of<Holder>("Holder", Holder.Write, Holder.Read, Holder.TryRead, Holder.TryRead, SomeHolder());
            yield return Of<Node>("Node", Node.Write, Node.Read, Node.TryRead, Node.TryRead, new Node { Value = 1, Next = new Node { Value = 2 }, Children = new List<Node> { new Node { Value = 3 } } });
            yield return Of<Login>("Login", Login.Write, Login.Read, Login.TryRead, Login.TryRead, new Login { User = "ada", Retries = 2, Token = "t" });
            yield return Of<Twenty>("Twenty", Twenty.Write, Twenty.Read, Twenty.TryRead, Twenty.TryRead, new Twenty { K01 = 1, K07 = 7, K20 = 20 });
            yield return Of<IntegerKeyed>("IntegerKeyed", IntegerKeyed.Write, IntegerKeyed.Read, IntegerKeyed.TryRead, IntegerKeyed.TryRead, new IntegerKeyed { Space = 512, Name = "x", Big = -1, Items = new List<int> { 1 }, Far = true });
            yield return Of<Page<Account>>("Page<Account>", Page<Account>.Write, Page<Account>.Read, Page<Account>.TryRead, Page<Account>.TryRead, SomePage());
            yield return Of<Hound>("Hound", Hound.Write, Hound.Read, Hound.TryRead, Hound.TryRead, new Hound { Name = "Rex", Legs = 4, Breed = "collie" });
            yield return Of<Disc>("Disc", Disc.Write, Disc.Read, Disc.TryRead, Disc.TryRead, new Disc("unit", 1.0));
            yield return Of<Shape>("Shape", Shape.Write, Shape.Read, Shape.TryRead, Shape.TryRead, new Group
            {
                Name = "outer",
                Main = new Group { Main = new Circle { Radius = 2 }, Items = new List<Shape>() },
                Items = new List<Shape> { new Rectangle { Width = 1 }, new Group { Name = "inner", Items = new List<Shape> { new Square { Side = 9 } } } },
                Named = new Dictionary<string, Shape?> { ["none"] = null, ["dot"] = new Circle() },
            });
            yield return Of<Drawing>("Drawing", Drawing.Write, Drawing.Read, Drawing.TryRead, Drawing.TryRead, new Drawing
            {
                Pet = new Dog("rex", new Dog("pup", new Tag { Id = -1 })),
                Pets = new Dictionary<int, IPet> { [1] = new Cat { Lives = 3 }, [2] = new Fish { Salt = true }, [3] = new Tag { Id = long.MaxValue } },
                Shapes = new Shape[] { new Circle(), new Square { Side = 1 } },
            });
            yield return Of<Thermometer>("Thermometer", Thermometer.Write, Thermometer.Read, Thermometer.TryRead, Thermometer.TryRead, new Thermometer
            {
                Reading = new Tenths(215),
                History = new List<Tenths> { new Tenths(-2732), new Tenths(0) },
                Maybe = new Tenths(1),
            });

            // Members of type object, collections of object, elements and documents (issue #40).
            yield return Of<Bag>("Bag", Bag.Write, Bag.Read, Bag.TryRead, Bag.TryRead, DynamicMemberTests.SomeBag(), new Bag { Must = null! });
            yield return Of<RawHolder>("RawHolder", RawHolder.Write, RawHolder.Read, RawHolder.TryRead, RawHolder.TryRead, DynamicMemberTests.SomeRawHolder());

            // Converters without a status read, and a hand-written type (Celsius, in Mailbox): their Read, in a try.
            yield return WithThrowingParts<Converted>("Converted", Converted.Write, Converted.Read, Converted.TryRead, Converted.TryRead, ConverterTests.Sample());
            yield return WithThrowingParts<Mailbox>("Mailbox", Mailbox.Write, Mailbox.Read, Mailbox.TryRead, Mailbox.TryRead, new Mailbox
            {
                Pages = new List<Page<Account>> { SomePage() },
                Letters = new[] { new Envelope<Point> { Sequence = 1, Body = new Point(1, 2) } },
                Nested = new Envelope<Envelope<Celsius>> { Sequence = 2, Body = new Envelope<Celsius> { Sequence = 3, Body = new Celsius(21.5) } },
            });
        }

        public static IEnumerable<object[]> ModelData() => Models().Select(m => new object[] { m });

        [Theory]
        [MemberData(nameof(ModelData))]
        public void Read_throws_exactly_when_TryRead_fails_at_every_cut_and_corruption(Model model)
        {
            int done = 0, truncated = 0, invalid = 0;
            foreach (byte[] sample in model.Samples)
            {
                Assert.Null(model.Check(sample));
                done++;

                // Every cut: truncated, wherever it ends.
                for (int length = 0; length < sample.Length; length++)
                {
                    MsgPackSerializationException? error = model.Check(sample.AsSpan(0, length).ToArray());
                    Assert.NotNull(error);
                    Assert.IsType<MsgPackTruncatedException>(error!.InnerException);
                    truncated++;
                }

                // Every byte replaced by a code that is never valid, and by a few that change a value's type or length.
                foreach (byte code in new byte[] { 0xc1, 0xc0, 0xa1, 0x91, 0xdf, 0xcf, 0xff })
                {
                    for (int at = 0; at < sample.Length; at++)
                    {
                        byte[] input = (byte[])sample.Clone();
                        input[at] = code;
                        MsgPackSerializationException? error = model.Check(input);
                        if (error is null)
                        {
                            done++;
                        }
                        else if (error.InnerException is MsgPackTruncatedException)
                        {
                            truncated++;
                        }
                        else
                        {
                            invalid++;
                        }
                    }
                }
            }

            // The checks saw each outcome: a test that could not fail would see one.
            Assert.True(truncated > 0 && invalid > 0, $"{model}: {done} read, {truncated} truncated, {invalid} invalid");
        }

        [Theory]
        [MemberData(nameof(ModelData))]
        public void Read_throws_exactly_when_TryRead_fails_over_every_mutant(Model model)
        {
            // The corpus is every model's samples: a mutant of another model's bytes is hostile input too.
            byte[][] corpus = Models().SelectMany(m => m.Samples).ToArray();
            var mutator = new FuzzMutator(0x39_5747 + (ulong)model.Name.Length, corpus);
            int failed = 0;
            for (int i = 0; i < 3_000; i++)
            {
                if (model.Check(mutator.Next()) is not null)
                {
                    failed++;
                }
            }

            Assert.True(failed > 0, $"{model}: no mutant failed");
        }

        /// <summary>The inputs that make Primitives fail: every cut, and every byte replaced by 0xc1 or a str header where that fails.</summary>
        private static IEnumerable<byte[]> FailingPrimitives(byte[] sample)
        {
            for (int length = 0; length < sample.Length; length++)
            {
                yield return sample.AsSpan(0, length).ToArray();
            }

            foreach (byte code in new byte[] { 0xc1, 0xa1 })
            {
                for (int at = 0; at < sample.Length; at++)
                {
                    byte[] input = (byte[])sample.Clone();
                    input[at] = code;
                    if (Primitives.TryRead(input, out _, out _) != OperationStatus.Done)
                    {
                        yield return input;
                    }
                }
            }
        }

        [Fact]
        public void A_failed_TryRead_allocates_nothing_unless_the_errors_text_is_asked_for()
        {
            // Primitives holds no reference: reading it allocates nothing, so what a failure allocates shows whole.
            byte[] sample = Doors.Bytes(RoundTripTests.SomePrimitives, Primitives.Write);
            byte[][] inputs = FailingPrimitives(sample).ToArray();
            Assert.True(inputs.Length > sample.Length, $"{inputs.Length} failing inputs");
            long kinds = Round(inputs);
            long before = GC.GetAllocatedBytesForCurrentThread();
            kinds += Round(inputs);
            long first = GC.GetAllocatedBytesForCurrentThread() - before;
            before = GC.GetAllocatedBytesForCurrentThread();
            kinds += Round(inputs);
            long second = GC.GetAllocatedBytesForCurrentThread() - before;

            // One round may refill a pool or tier a method up; the other is the steady state.
            Assert.True(first == 0 || second == 0, $"{first} B, then {second} B over {inputs.Length} failing inputs");
            Assert.True(kinds > 0);

            // The text, when asked for, is Read's exception's message.
            Assert.NotEqual(OperationStatus.Done, Primitives.TryRead(inputs[^1], out _, out _, out MsgPackReadError last));
            Assert.Equal(Assert.Throws<MsgPackSerializationException>(() => Primitives.Read(inputs[^1], out _)).Message, last.ToString());

            static long Round(byte[][] inputs)
            {
                long kinds = 0;
                foreach (byte[] input in inputs)
                {
                    OperationStatus status = Primitives.TryRead(input, out _, out int read);
                    OperationStatus detailed = Primitives.TryRead(input, out _, out int detailedRead, out MsgPackReadError error);
                    if (status == OperationStatus.Done || detailed != status || read != 0 || detailedRead != 0 || !error.Failed)
                    {
                        throw new InvalidOperationException("A failing input did not fail alike: " + Convert.ToHexString(input));
                    }

                    // The error's fields are values: reading them allocates nothing.
                    kinds += (long)error.Kind + error.Offset + error.Depth;
                }

                return kinds;
            }
        }

        [Fact]
        public void Read_throws_once_at_the_outermost_level_and_TryRead_never()
        {
            // A failure four levels down ($.Next.List[0].Next.Number): one exception, not one per level.
            byte[] inner = { 0x81, 0xa1, (byte)'n', 0xc1 };
            byte[] input = new byte[] { 0x81, 0xa4 }.Concat("next"u8.ToArray()).Concat(new byte[] { 0x81, 0xa4 }).Concat("list"u8.ToArray())
                .Concat(new byte[] { 0x91, 0x81, 0xa4 }).Concat("next"u8.ToArray()).Concat(inner).ToArray();
            MsgPackSerializationException? error = null;
            int thrown = FirstChance.During(() => error = Assert.Throws<MsgPackSerializationException>(() => Holder.Read(input, out _)));
            Assert.Equal(1, thrown);
            Assert.Equal("$.Next.List[0].Next.Number", error!.Path);
            Assert.Equal(input.Length - 1, error.Offset);
            Assert.Equal(0, FirstChance.During(() => Assert.Equal(OperationStatus.InvalidData, Holder.TryRead(input, out _, out _, out _))));
        }

        [Fact]
        public void A_member_key_seen_twice_fails_at_the_repeat_with_the_members_path()
        {
            // { "on": true, "on": false }: in the writers' order, then again.
            byte[] twice = { 0x82, 0xa2, (byte)'o', (byte)'n', 0xc3, 0xa2, (byte)'o', (byte)'n', 0xc2 };
            MsgPackSerializationException? error = Agreement.Check<Settings>(twice, Settings.Read, Settings.TryRead, Settings.TryRead);
            Assert.Equal("$.On", error!.Path);
            Assert.Equal(5, error.Offset);
            Assert.Equal(MsgPackReadErrorKind.Duplicate, Error<Settings>(twice, Settings.TryRead).Kind);

            // Out of the writers' order (found by the key lookup): { "on": true, "größe": 1, "on": false }.
            byte[] apart = new byte[] { 0x83, 0xa2, (byte)'o', (byte)'n', 0xc3, 0xa7 }.Concat("größe"u8.ToArray()).Concat(new byte[] { 0x01, 0xa2, (byte)'o', (byte)'n', 0xc2 }).ToArray();
            MsgPackSerializationException? apartError = Agreement.Check<Settings>(apart, Settings.Read, Settings.TryRead, Settings.TryRead);
            Assert.Equal("$.On", apartError!.Path);
            Assert.Equal(apart.Length - 4, apartError.Offset);

            // Integer keys: { 16: 1, 16: 2 }.
            byte[] integers = { 0x82, 0x10, 0x01, 0x10, 0x02 };
            MsgPackSerializationException? integerError = Agreement.Check<IntegerKeyed>(integers, IntegerKeyed.Read, IntegerKeyed.TryRead, IntegerKeyed.TryRead);
            Assert.Equal("$.Space", integerError!.Path);
            Assert.Equal(3, integerError.Offset);

            // An unknown key seen twice is skipped twice: no member is read two ways.
            byte[] unknown = { 0x82, 0xa1, (byte)'x', 0x01, 0xa1, (byte)'x', 0x02 };
            Assert.Null(Agreement.Check<Settings>(unknown, Settings.Read, Settings.TryRead, Settings.TryRead));
        }

        [Fact]
        public void A_member_key_seen_twice_fails_past_64_members_too()
        {
            // 70 members: the seen members are kept in two words. Every key in order, then one of them again.
            static byte[] Key(int member) => new byte[] { 0xa3, (byte)'m', (byte)('0' + member / 10), (byte)('0' + member % 10) };
            byte[] AllThen(int again)
            {
                var bytes = new List<byte> { 0xde, 0x00, 71 };
                for (int m = 0; m < 70; m++)
                {
                    bytes.AddRange(Key(m));
                    bytes.Add((byte)m);
                }

                bytes.AddRange(Key(again));
                bytes.Add(0x01);
                return bytes.ToArray();
            }

            foreach (int again in new[] { 0, 63, 64, 69 })
            {
                byte[] input = AllThen(again);
                MsgPackSerializationException? error = Agreement.Check<Seventy>(input, Seventy.Read, Seventy.TryRead, Seventy.TryRead);
                Assert.Equal("$.M" + again.ToString("00", System.Globalization.CultureInfo.InvariantCulture), error!.Path);
                Assert.Equal(input.Length - 5, error.Offset);
            }

            // Every member once, in any order: read.
            var value = new Seventy { M00 = 1, M63 = 63, M64 = 64, M69 = 69 };
            byte[] valid = Doors.Bytes(value, Seventy.Write);
            Assert.Null(Agreement.Check<Seventy>(valid, Seventy.Read, Seventy.TryRead, Seventy.TryRead));
            Seventy back = Seventy.Read(valid, out _);
            Assert.Equal((1, 63, 64, 69), (back.M00, back.M63, back.M64, back.M69));
        }

        private static MsgPackReadError Error<T>(byte[] input, SpanTryReadError<T> tryRead)
        {
            Assert.NotEqual(OperationStatus.Done, tryRead(input, out _, out _, out MsgPackReadError error));
            return error;
        }

        [Fact]
        public void A_converter_with_a_status_read_is_called_for_it_and_its_failure_has_the_members_path()
        {
            // [Reading, History, Maybe]: the second entry of History is below absolute zero.
            byte[] input = { 0x93, 0x00, 0x92, 0x01, 0xd1, 0xf5, 0x53, 0xc0 };
            MsgPackSerializationException? error = Agreement.Check<Thermometer>(input, Thermometer.Read, Thermometer.TryRead, Thermometer.TryRead);
            Assert.NotNull(error);
            Assert.Equal("$.History[1]", error!.Path);
            Assert.Equal(4, error.Offset);
            Assert.Equal(TenthsConverter.BelowZero, error.InnerException!.Message);

            // Its own read's failure (a str where the int is) is recorded by the library's helpers, as Read's would be.
            byte[] mistyped = { 0x93, 0xa1, 0x78, 0xc0, 0xc0 };
            MsgPackSerializationException? wrong = Agreement.Check<Thermometer>(mistyped, Thermometer.Read, Thermometer.TryRead, Thermometer.TryRead);
            Assert.Equal("$.Reading", wrong!.Path);
            Assert.IsType<MsgPackUnexpectedCodeException>(wrong.InnerException);
        }
    }
}
