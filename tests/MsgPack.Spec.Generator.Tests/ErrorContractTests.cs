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
    /// The generated readers' error contract (docs/serialization.md, "Versioning and hostile input"): every failure, the
    /// outermost value's included, is a <see cref="MsgPackSerializationException"/> with the documented Path and Offset;
    /// deep input, valid or not, is read on a thread of 256 KiB of stack (a failure crosses the levels without a throw
    /// per level: a rethrow per level overflowed a 1 MiB thread at 40 levels).
    /// </summary>
    public class ErrorContractTests
    {
        private const int Levels = MsgPackSerialization.MaxDepth + 1;

        /// <summary>A recursive chain: each level's bytes before its child, the innermost object, each level's bytes after its child.</summary>
        public sealed class Shape
        {
            public Shape(string name, byte[] before, byte[] innermost, byte[] after, string segment)
            {
                Name = name;
                Before = before;
                Innermost = innermost;
                After = after;
                Segment = segment;
            }

            public string Name { get; }

            public byte[] Before { get; }

            public byte[] Innermost { get; }

            public byte[] After { get; }

            /// <summary>The path segment of one level.</summary>
            public string Segment { get; }

            public byte[] Chain(int levels) =>
                Repeat(Before, levels - 1).Concat(Innermost).Concat(Repeat(After, levels - 1)).ToArray();

            public string PathTo(int depth) => "$" + string.Concat(Enumerable.Repeat(Segment, depth));

            public override string ToString() => Name;

            private static IEnumerable<byte> Repeat(byte[] bytes, int count) => Enumerable.Repeat(bytes, count).SelectMany(b => b);
        }

        public static IEnumerable<object[]> Shapes()
        {
            // Node: [Value, Next, Children]; Holder: { "n", "g", "t", "next", "list", "dict" }.
            yield return new object[] { new Shape("Node.Next", new byte[] { 0x93, 0x00 }, new byte[] { 0x93, 0x00, 0xc0, 0xc0 }, new byte[] { 0xc0 }, ".Next") };
            yield return new object[] { new Shape("Node.Children", new byte[] { 0x93, 0x00, 0xc0, 0x91 }, new byte[] { 0x93, 0x00, 0xc0, 0xc0 }, Array.Empty<byte>(), ".Children[0]") };
            yield return new object[] { new Shape("Holder.Next", Concat(new byte[] { 0x81 }, Str("next")), new byte[] { 0x80 }, Array.Empty<byte>(), ".Next") };
            yield return new object[] { new Shape("Holder.List", Concat(new byte[] { 0x81 }, Str("list"), new byte[] { 0x91 }), new byte[] { 0x80 }, Array.Empty<byte>(), ".List[0]") };
            yield return new object[] { new Shape("Holder.Dict", Concat(new byte[] { 0x81 }, Str("dict"), new byte[] { 0x81 }, Str("k")), new byte[] { 0x80 }, Array.Empty<byte>(), ".Dict[0]") };
        }

        [Theory]
        [MemberData(nameof(Shapes))]
        public void Deep_input_valid_or_not_is_read_on_a_256_KiB_stack(Shape shape)
        {
            SmallStack.Run(() =>
            {
                // MaxDepth: every door reads it.
                byte[] valid = shape.Chain(Levels);
                Assert.Equal(valid.Length, ReadAll(shape, valid));

                // MaxDepth + 1 and 100,000 levels: the object past the limit fails where it starts.
                int tooDeep = (Levels) * shape.Before.Length;
                foreach (byte[] input in new[] { shape.Chain(Levels + 1), Enumerable.Repeat(shape.Before, 100_000).SelectMany(b => b).ToArray() })
                {
                    MsgPackSerializationException error = FailsAlike(shape, input, OperationStatus.InvalidData);
                    Assert.Equal(shape.PathTo(Levels), error.Path);
                    Assert.Equal(tooDeep, error.Offset);
                    Assert.Contains("MaxDepth", error.Message);
                }

                // A malformed innermost object: its header is the failing value.
                byte[] bad = (byte[])valid.Clone();
                int bottom = (Levels - 1) * shape.Before.Length;
                bad[bottom] = 0xc1;
                MsgPackSerializationException malformed = FailsAlike(shape, bad, OperationStatus.InvalidData);
                Assert.Equal(shape.PathTo(Levels - 1), malformed.Path);
                Assert.Equal(bottom, malformed.Offset);
                Assert.IsType<MsgPackUnexpectedCodeException>(malformed.InnerException);

                // Every cut of the deepest valid chain: truncated, wherever it ends.
                for (int length = 0; length < valid.Length; length++)
                {
                    MsgPackSerializationException truncated = FailsAlike(shape, valid.AsSpan(0, length).ToArray(), OperationStatus.NeedMoreData, everyDoor: false);
                    Assert.IsType<MsgPackTruncatedException>(truncated.InnerException);
                    Assert.InRange(truncated.Offset, 0, length);
                }
            });
        }

        [Theory]
        [InlineData(new byte[0], typeof(MsgPackTruncatedException))]
        [InlineData(new byte[] { 0xa1, 0x78 }, typeof(MsgPackUnexpectedCodeException))]
        [InlineData(new byte[] { 0xc1 }, typeof(MsgPackUnexpectedCodeException))]
        [InlineData(new byte[] { 0xdf, 0xff, 0xff, 0xff, 0xff }, typeof(MsgPackOverflowException))]
        [InlineData(new byte[] { 0xde, 0x00 }, typeof(MsgPackTruncatedException))]
        public void A_failure_in_the_outermost_header_is_a_serialization_exception_at_the_root(byte[] input, Type cause)
        {
            MsgPackSerializationException error = FailsAlike(Holders, input, cause == typeof(MsgPackTruncatedException) ? OperationStatus.NeedMoreData : OperationStatus.InvalidData);
            Assert.Equal("$", error.Path);
            Assert.Equal(0, error.Offset);
            Assert.IsType(cause, error.InnerException);

            // The same for an array layout, with the map where the array is expected.
            byte[] forArray = input.Length > 0 && (input[0] == 0xdf || input[0] == 0xde) ? input.Select((b, i) => i == 0 ? (byte)(b - 2) : b).ToArray() : input;
            MsgPackSerializationException arrayError = FailsAlike(Nodes, forArray, cause == typeof(MsgPackTruncatedException) ? OperationStatus.NeedMoreData : OperationStatus.InvalidData);
            Assert.Equal("$", arrayError.Path);
            Assert.Equal(0, arrayError.Offset);
            Assert.IsType(cause, arrayError.InnerException);
        }

        /// <summary>Where a failing value can stand: its path prefix and how its holder is wrapped.</summary>
        public static IEnumerable<object[]> Places() =>
            from place in new[] { "top", "nested", "element", "dictionary" }
            from kind in new[] { "malformed", "mistyped", "out of range", "truncated", "not a Guid", "not a DateTime", "key not UTF-8", "union not a pair", "union tag unknown", "union tag mistyped", "union case malformed" }
                .Concat(BclFailures.Keys)
            select new object[] { place, kind };

        /// <summary>
        /// The BCL types' failures (BclTypeTests has them at the top level only) and a bad element of a number array: the
        /// entry (a key of one character, then the value), the member's path, the cause, and where in the value the
        /// failure is (0: its start, as for most; a set's repeated element: the end of the element).
        /// </summary>
        private static readonly Dictionary<string, (byte[] Entry, string Member, Type Cause, int At)> BclFailures = new()
        {
            ["decimal not a number"] = (Concat(Str("d"), Str("1.z")), ".Price", typeof(MsgPackException), 0),
            ["decimal ext of another type"] = (Concat(Str("d"), Hex("D805" + "00000000000000000000000000000000")), ".Price", typeof(MsgPackException), 0),
            ["decimal ext 4 with bad flags"] = (Concat(Str("d"), Hex("D804" + "01000000" + "000000000000000000000000")), ".Price", typeof(MsgPackException), 0),
            ["Version not a version"] = (Concat(Str("v"), Str("1..")), ".Release", typeof(MsgPackException), 0),
            ["Version component past int"] = (Concat(Str("v"), Str("1.2147483648")), ".Release", typeof(MsgPackException), 0),
            ["Uri not a URI"] = (Concat(Str("l"), Str("http://")), ".Link", typeof(MsgPackException), 0),
            ["TimeSpan out of range"] = (Concat(Str("e"), Hex("CFFFFFFFFFFFFFFFFF")), ".Elapsed", typeof(MsgPackOverflowException), 0),
            ["DateOnly past 9999-12-31"] = (Concat(Str("y"), Hex("CE0037BA3B")), ".Day", typeof(MsgPackException), 0),
            ["DateOnly negative"] = (Concat(Str("y"), Hex("FF")), ".Day", typeof(MsgPackException), 0),
            ["TimeOnly 24:00"] = (Concat(Str("o"), Hex("CF000000C92A69C000")), ".Time", typeof(MsgPackException), 0),
            ["char out of range"] = (Concat(Str("c"), Hex("CE00010000")), ".Letter", typeof(MsgPackOverflowException), 0),
            ["Int128 bin of 15 bytes"] = (Concat(Str("h"), Hex("C40F" + "000000000000000000000000000000")), ".Huge", typeof(MsgPackException), 0),
            ["Int128 a str"] = (Concat(Str("h"), Str("1")), ".Huge", typeof(MsgPackException), 0),
            ["UInt128 negative"] = (Concat(Str("w"), Hex("FF")), ".HugeUnsigned", typeof(MsgPackOverflowException), 0),
            ["UInt128 ext of Int128"] = (Concat(Str("w"), Hex("D805" + "00000000000000000000000000000001")), ".HugeUnsigned", typeof(MsgPackException), 0),
            ["BigInteger a str"] = (Concat(Str("b"), Str("1")), ".Big", typeof(MsgPackException), 0),
            ["BigInteger ext of another type"] = (Concat(Str("b"), Hex("C70104" + "01")), ".Big", typeof(MsgPackException), 0),
            ["BigInteger past MaxBigIntegerLength"] = (Concat(Str("b"), Hex("C51001"), new byte[MsgPackSerialization.MaxBigIntegerLength + 1]), ".Big", typeof(MsgPackException), 0),
            ["set element repeated"] = (Concat(Str("s"), Hex("93" + "01" + "02" + "01")), ".Set[2]", typeof(MsgPackException), 4),
            ["KeyValuePair of three items"] = (Concat(Str("p"), Hex("93" + "01" + "A161" + "C0")), ".Pair", typeof(MsgPackException), 0),
            ["KeyValuePair map name wrong"] = (Concat(Str("p"), Hex("82" + "A3586579" + "01" + "A556616C7565" + "A161")), ".Pair[0]", typeof(MsgPackException), 1),
            ["KeyValuePair value mistyped"] = (Concat(Str("p"), Hex("92" + "01" + "02")), ".Pair[1]", typeof(MsgPackUnexpectedCodeException), 2),
            ["tuple of another length"] = (Concat(Str("q"), Hex("91" + "01")), ".Two", typeof(MsgPackException), 0),
            ["int[] element mistyped"] = (Concat(Str("a"), Hex("93" + "01" + "A178" + "02")), ".Numbers", typeof(MsgPackUnexpectedCodeException), 0),
            ["ImmutableArray<int> element mistyped"] = (Concat(Str("f"), Hex("93" + "01" + "A178" + "02")), ".Frozen", typeof(MsgPackUnexpectedCodeException), 0),
        };

        [Theory]
        [MemberData(nameof(Places))]
        public void Every_failure_names_its_path_and_the_failing_values_start(string place, string kind)
        {
            // The failing value is the last thing in the input, so it starts at (length - its length).
            (byte[] entry, string member, Type cause) = kind switch
            {
                "malformed" => (Concat(Str("n"), new byte[] { 0xc1 }), ".Number", typeof(MsgPackUnexpectedCodeException)),
                "mistyped" => (Concat(Str("n"), Str("x")), ".Number", typeof(MsgPackUnexpectedCodeException)),
                "out of range" => (Concat(Str("n"), new byte[] { 0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff }), ".Number", typeof(MsgPackOverflowException)),
                "truncated" => (Concat(Str("n"), new byte[] { 0xcd, 0x01 }), ".Number", typeof(MsgPackTruncatedException)),
                "not a Guid" => (Concat(Str("g"), Str("not-a-guid")), ".Id", typeof(MsgPackException)),
                "not a DateTime" => (Concat(Str("t"), new byte[] { 0xc7, 0x0c, 0xff, 0, 0, 0, 0, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff }), ".When", typeof(MsgPackException)),
                // A union: [tag, value] (Shape: 0 is Circle). Its own failures are at the union's path.
                "union not a pair" => (Concat(Str("u"), new byte[] { 0x93, 0x00, 0x91, 0x00, 0xc0 }), ".Shape", typeof(MsgPackException)),
                "union tag unknown" => (Concat(Str("u"), new byte[] { 0x92, 0x07, 0xc0 }), ".Shape", typeof(MsgPackException)),
                "union tag mistyped" => (Concat(Str("u"), new byte[] { 0x92, 0xa1, 0x78, 0xc0 }), ".Shape", typeof(MsgPackUnexpectedCodeException)),
                "union case malformed" => (Concat(Str("u"), new byte[] { 0x92, 0x00, 0xc1 }), ".Shape", typeof(MsgPackUnexpectedCodeException)),
                "key not UTF-8" => (new byte[] { 0xa2, 0xff, 0xfe, 0x01 }, "", typeof(MsgPackInvalidUtf8Exception)),
                _ => (BclFailures[kind].Entry, BclFailures[kind].Member, BclFailures[kind].Cause),
            };
            int valueLength = kind switch
            {
                _ when BclFailures.TryGetValue(kind, out var failure) => failure.Entry.Length - 2 - failure.At,
                "key not UTF-8" => entry.Length,
                "truncated" => 2,
                "union tag unknown" => 2,
                "union tag mistyped" => 3,
                "union case malformed" => 1,
                _ => entry.Length - 2,
            };
            byte[] holder = Concat(new byte[] { 0x81 }, entry);
            (byte[] input, string prefix) = place switch
            {
                "top" => (holder, "$"),
                "nested" => (Concat(new byte[] { 0x81 }, Str("next"), holder), "$.Next"),
                "element" => (Concat(new byte[] { 0x81 }, Str("list"), new byte[] { 0x92, 0x80 }, holder), "$.List[1]"),
                _ => (Concat(new byte[] { 0x81 }, Str("dict"), new byte[] { 0x82 }, Str("a"), new byte[] { 0x80 }, Str("b"), holder), "$.Dict[1]"),
            };

            MsgPackSerializationException error = FailsAlike(Holders, input, kind == "truncated" ? OperationStatus.NeedMoreData : OperationStatus.InvalidData);
            Assert.Equal(prefix + member, error.Path);
            Assert.Equal(input.Length - valueLength, error.Offset);
            Assert.IsType(cause, error.InnerException);

            // Every cut from the failing entry's start on: a key or value read across two segments (a decimal's text, a
            // BigInteger's bytes, a set's elements) fails as it does in one.
            for (int cut = input.Length - entry.Length; cut <= input.Length; cut++)
            {
                ReadOnlySequence<byte> segments = Sequences.Split(input, cut);
                MsgPackSerializationException split = Assert.Throws<MsgPackSerializationException>(() =>
                {
                    var reader = new MsgPackReader(segments);
                    _ = Holder.Read(ref reader);
                });
                Assert.Equal(error.Path, split.Path);
                Assert.Equal(error.Offset, split.Offset);
                Assert.IsType(cause, split.InnerException);
            }
        }

        [Fact]
        public void A_missing_member_fails_at_the_end_of_its_object_and_a_repeated_key_at_the_end_of_its_entry()
        {
            // { "retries": 1 }: no user.
            byte[] missing = Concat(new byte[] { 0x81 }, Str("retries"), new byte[] { 0x01 });
            MsgPackSerializationException error = Assert.Throws<MsgPackSerializationException>(() => Login.Read(missing, out _));
            Assert.Equal("$.User", error.Path);
            Assert.Equal(missing.Length, error.Offset);

            // { "dict": { "a": {}, "a": {} } }
            byte[] repeated = Concat(new byte[] { 0x81 }, Str("dict"), new byte[] { 0x82 }, Str("a"), new byte[] { 0x80 }, Str("a"), new byte[] { 0x80 });
            MsgPackSerializationException twice = FailsAlike(Holders, repeated, OperationStatus.InvalidData);
            Assert.Equal("$.Dict[1]", twice.Path);
            Assert.Equal(repeated.Length, twice.Offset);
        }

        private static readonly Shape Holders = (Shape)Shapes().ElementAt(2)[0];

        private static readonly Shape Nodes = (Shape)Shapes().ElementAt(0)[0];

        /// <summary>Reads <paramref name="input"/> through every door of the shape's type; the bytes read.</summary>
        private static int ReadAll(Shape shape, byte[] input)
        {
            int read;
            OperationStatus status;
            int tried;
            if (shape.Name.StartsWith("Node", StringComparison.Ordinal))
            {
                Node.Read(input, out read);
                status = Node.TryRead(input, out _, out tried);
                var reader = new MsgPackReader(Sequences.Split(input, input.Length / 2));
                Node? into = new Node();
                Node.Read(ref reader, ref into);
                Assert.Equal(read, reader.Consumed);
            }
            else
            {
                Holder.Read(input, out read);
                status = Holder.TryRead(input, out _, out tried);
                var reader = new MsgPackReader(Sequences.Split(input, input.Length / 2));
                Holder? into = null;
                Holder.Read(ref reader, ref into);
                Assert.Equal(read, reader.Consumed);
            }

            Assert.Equal(OperationStatus.Done, status);
            Assert.Equal(read, tried);
            return read;
        }

        /// <summary>
        /// Reads <paramref name="input"/> through the span door, the reader over two segments (cut at the start, in the
        /// middle and at the end; only in the middle unless <paramref name="everyDoor"/>), the read-into door and
        /// TryRead: each fails the same way (the same path, offset and cause), TryRead with <paramref name="status"/> and
        /// nothing consumed, and the TryRead that gives the error with this exception's path, offset, message and cause,
        /// and no exception thrown inside (<see cref="Agreement"/>).
        /// </summary>
        private static MsgPackSerializationException FailsAlike(Shape shape, byte[] input, OperationStatus status, bool everyDoor = true)
        {
            bool node = shape.Name.StartsWith("Node", StringComparison.Ordinal);
            MsgPackSerializationException span = Assert.Throws<MsgPackSerializationException>(() =>
            {
                _ = node ? (object)Node.Read(input, out _) : Holder.Read(input, out _);
            });
            foreach (int cut in everyDoor ? new[] { 0, input.Length / 2, input.Length } : new[] { input.Length / 2 })
            {
                MsgPackSerializationException segmented = Assert.Throws<MsgPackSerializationException>(() =>
                {
                    var reader = new MsgPackReader(Sequences.Split(input, cut));
                    _ = node ? (object)Node.Read(ref reader) : Holder.Read(ref reader);
                });
                MsgPackSerializationException into = Assert.Throws<MsgPackSerializationException>(() =>
                {
                    var reader = new MsgPackReader(Sequences.Split(input, cut));
                    if (node)
                    {
                        Node? value = null;
                        Node.Read(ref reader, ref value);
                    }
                    else
                    {
                        Holder? value = null;
                        Holder.Read(ref reader, ref value);
                    }
                });
                foreach (MsgPackSerializationException other in new[] { segmented, into })
                {
                    Assert.Equal(span.Path, other.Path);
                    Assert.Equal(span.Offset, other.Offset);
                    Assert.Equal(span.InnerException!.GetType(), other.InnerException!.GetType());
                }
            }

            int consumed;
            OperationStatus tried = node ? Node.TryRead(input, out _, out consumed) : Holder.TryRead(input, out _, out consumed);
            Assert.Equal(status, tried);
            Assert.Equal(0, consumed);

            // The status path: TryRead's error is this exception as values, and nothing is thrown inside TryRead.
            MsgPackSerializationException? agreed = node
                ? Agreement.Check<Node>(input, Node.Read, Node.TryRead, Node.TryRead)
                : Agreement.Check<Holder>(input, Holder.Read, Holder.TryRead, Holder.TryRead);
            Assert.NotNull(agreed);
            Assert.Equal(span.Path, agreed!.Path);
            Assert.Equal(span.Offset, agreed.Offset);
            return span;
        }

        private static byte[] Str(string text) =>
            new[] { (byte)(0xa0 | text.Length) }.Concat(System.Text.Encoding.UTF8.GetBytes(text)).ToArray();

        private static byte[] Concat(params byte[][] parts) => parts.SelectMany(p => p).ToArray();

        private static byte[] Hex(string hex) => Convert.FromHexString(hex);
    }
}
