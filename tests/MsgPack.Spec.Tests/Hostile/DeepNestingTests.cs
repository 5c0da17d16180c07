using System;
using System.Buffers;
using System.Text;
using MsgPack.Spec.Fuzzing;
using MsgPack.Spec.Tests.Text;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Hostile
{
    /// <summary>
    /// Issue #28, no input crashes a reader: every walker of whole values in the library (<c>Skip</c>, the reader's
    /// and the cursor's <c>Skip</c> and <c>ReadRaw</c>, <c>Validate</c>, <see cref="MsgPackJson"/>,
    /// <see cref="MsgPackDump"/>) on chains of arrays, of map values and of map keys nested at the depth limit, one
    /// past it and 100,000 deep, cut at every byte near the limit, and broken at the bottom, on a 256 KiB stack
    /// (<see cref="SmallStack"/>): each ends with its documented result or exception, and the text classes' depth
    /// limit falls where <c>Validate</c>'s does.
    /// </summary>
    public class DeepNestingTests
    {
        private const int Deep = 100_000;

        /// <summary>How a chain nests: each level a container whose only item (or only key, or only value) is the next level.</summary>
        public enum Shape
        {
            /// <summary><c>91 91 … bottom</c>: arrays of one item.</summary>
            Arrays,

            /// <summary><c>81 00 81 00 … bottom</c>: maps whose one value is the next map.</summary>
            MapValues,

            /// <summary><c>81 81 … bottom c0 c0 …</c>: maps whose one key is the next map (JSON writes such a key as its text, in a string).</summary>
            MapKeys,
        }

        /// <summary>
        /// The depth limit each shape is tested at: the default for arrays and map values; 8 for map keys, whose JSON
        /// doubles its backslashes at every level (a key in a key in a key…), so that the text at the limit stays small.
        /// </summary>
        public static TheoryData<Shape, int> Limits => new TheoryData<Shape, int>
        {
            { Shape.Arrays, MsgPackValidationOptions.DefaultMaxDepth },
            { Shape.MapValues, MsgPackValidationOptions.DefaultMaxDepth },
            { Shape.MapKeys, 8 },
        };

        public static TheoryData<Shape> Shapes => new TheoryData<Shape> { Shape.Arrays, Shape.MapValues, Shape.MapKeys };

        // ---- At the limit, one past it, 100,000 deep.

        [Theory]
        [MemberData(nameof(Limits))]
        public void A_chain_at_the_depth_limit_is_one_whole_value_for_every_walker(Shape shape, int limit)
        {
            byte[] input = Chain(shape, limit, Nil);
            SmallStack.Run(() =>
            {
                AssertSkipped(input, failure: null);
                AssertValidated(input, limit, MsgPackValidationError.None, input.Length);
                AssertJson(input, Text(limit), Json(shape, limit), failure: null);
                string dump = AssertDumped(input, Text(limit));
                Assert.DoesNotContain("error", dump, StringComparison.Ordinal);
                Assert.Equal(Values(shape, limit), Lines(dump));
            });
        }

        [Theory]
        [MemberData(nameof(Limits))]
        public void A_chain_one_past_the_depth_limit_stops_every_limited_walker_at_the_container_too_many(Shape shape, int limit)
        {
            byte[] input = Chain(shape, limit + 1, Nil);
            long tooDeep = Offset(shape, limit);
            SmallStack.Run(() =>
            {
                AssertSkipped(input, failure: null);
                AssertTooDeep(input, limit, tooDeep);
            });
        }

        [Fact]
        public void An_empty_array_or_map_is_a_level_for_the_text_classes_as_for_Validate()
        {
            // [[…[]…]]: the innermost, empty, array is level 11; so is an empty map.
            foreach (string empty in new[] { "90", "80" })
            {
                byte[] input = Chain(Shape.Arrays, 10, Hex.ToBytes(empty));
                AssertTooDeep(input, 10, 10);
                AssertValidated(input, 11, MsgPackValidationError.None, input.Length);
                AssertJson(input, Text(11), new string('[', 10) + (empty == "90" ? "[]" : "{}") + new string(']', 10), failure: null);
            }
        }

        [Theory]
        [MemberData(nameof(Shapes))]
        public void A_chain_100000_deep_ends_every_walker_with_its_documented_result(Shape shape)
        {
            byte[] input = Chain(shape, Deep, Nil);
            int limit = MsgPackValidationOptions.DefaultMaxDepth;
            SmallStack.Run(() =>
            {
                AssertSkipped(input, failure: null);

                // With the default limits: the 65th container.
                AssertValidated(input, limit, MsgPackValidationError.DepthExceeded, Offset(shape, limit));
                var defaults = new MsgPackTextOptions();
                if (shape == Shape.MapKeys)
                {
                    // Each key in a key doubles the backslashes of the quotes inside it: 16 MiB of text is reached
                    // near level 24, before the depth limit.
                    AssertJsonTooLong(input, defaults);
                }
                else
                {
                    AssertJsonTooDeep(input, defaults, limit, Offset(shape, limit));
                }

                AssertDumpError(input, defaults, Offset(shape, limit));

                // Without a depth limit, as deep as the input goes: no recursion, and the output limit still holds.
                AssertValidated(input, int.MaxValue, MsgPackValidationError.None, input.Length);
                MsgPackTextOptions unlimited = Text(int.MaxValue);
                unlimited.MaxOutputLength = 1 << 20;
                if (shape == Shape.MapKeys)
                {
                    AssertJsonTooLong(input, unlimited);
                }
                else
                {
                    AssertJson(input, unlimited, Json(shape, Deep), failure: null);
                }

                // The dump indents each level by two more spaces: 100,000 levels pass the output limit.
                unlimited.MaxOutputLength = 1 << 16;
                string dump = AssertDumped(input, unlimited);
                Assert.EndsWith($"MaxOutputLength ({1 << 16}) reached\n", dump, StringComparison.Ordinal);
            });
        }

        // ---- Cut at every byte.

        [Theory]
        [MemberData(nameof(Limits))]
        public void Every_cut_of_a_chain_one_past_the_limit_is_truncated_or_too_deep_for_every_walker(Shape shape, int limit)
        {
            byte[] whole = Chain(shape, limit + 1, Nil);
            long tooDeep = Offset(shape, limit);
            SmallStack.Run(() =>
            {
                for (int cut = 0; cut < whole.Length; cut++)
                {
                    byte[] input = whole.AsSpan(0, cut).ToArray();
                    AssertSkipped(input, typeof(MsgPackTruncatedException));

                    // The header of the container too many is what the limited walkers stop at, once it is there.
                    if (cut > tooDeep)
                    {
                        AssertTooDeep(input, limit, tooDeep);
                    }
                    else
                    {
                        AssertValidated(input, limit, MsgPackValidationError.Truncated, cut);
                        AssertJson(input, Text(limit), json: null, typeof(MsgPackTruncatedException));
                        if (cut > 0)
                        {
                            AssertDumpError(input, Text(limit), cut);
                        }
                        else
                        {
                            Assert.Equal(string.Empty, AssertDumped(input, Text(limit)));
                        }
                    }
                }
            });
        }

        // ---- Broken at the bottom.

        /// <summary>
        /// A bad value at the bottom: its validation error, what Skip throws (null: Skip reads structure only and takes
        /// it), what JSON throws, and whether it is tried 100,000 deep as well as at the limit (a malformed byte, a str
        /// that is not UTF-8 and a header cut short are; the rest take the same paths).
        /// </summary>
        public static TheoryData<Shape, string, MsgPackValidationError, Type?, Type, bool> BrokenBottoms
        {
            get
            {
                var data = new TheoryData<Shape, string, MsgPackValidationError, Type?, Type, bool>();
                foreach (Shape shape in new[] { Shape.Arrays, Shape.MapValues, Shape.MapKeys })
                {
                    data.Add(shape, "c1", MsgPackValidationError.NeverUsedCode, typeof(MsgPackUnexpectedCodeException), typeof(MsgPackUnexpectedCodeException), true);
                    data.Add(shape, "a2 c3 28", MsgPackValidationError.InvalidUtf8, null, typeof(MsgPackInvalidUtf8Exception), true);
                    data.Add(shape, "c7 0c ff 3b 9a ca 00 00 00 00 00 00 00 00 00", MsgPackValidationError.InvalidTimestamp, null, typeof(MsgPackInvalidTimestampException), false);
                }

                // Cut short at the bottom: where the input ends, so not under a chain of keys, whose values follow it.
                foreach (Shape shape in new[] { Shape.Arrays, Shape.MapValues })
                {
                    data.Add(shape, "dc 00", MsgPackValidationError.Truncated, typeof(MsgPackTruncatedException), typeof(MsgPackTruncatedException), true);
                    data.Add(shape, "a3 61 62", MsgPackValidationError.LengthPastEnd, typeof(MsgPackTruncatedException), typeof(MsgPackTruncatedException), false);
                }

                return data;
            }
        }

        [Theory]
        [MemberData(nameof(BrokenBottoms))]
        public void A_bad_value_at_the_bottom_of_a_deep_chain_is_reported_from_the_bottom(Shape shape, string bottom, MsgPackValidationError error, Type? skipFailure, Type jsonFailure, bool deep)
        {
            SmallStack.Run(() =>
            {
                foreach (int depth in deep ? new[] { Limit(shape), Deep } : new[] { Limit(shape) })
                {
                    byte[] input = Chain(shape, depth, Hex.ToBytes(bottom));
                    long at = Offset(shape, depth);
                    int limit = depth == Deep ? int.MaxValue : depth;
                    AssertSkipped(input, skipFailure);
                    AssertValidated(input, limit, error, at);

                    // Room for the JSON of 100,000 arrays or map values; the keys' backslashes, doubling with each
                    // level, pass any limit long before the bottom.
                    MsgPackTextOptions options = Text(limit);
                    options.MaxOutputLength = 1 << 20;
                    if (depth == Deep && shape == Shape.MapKeys)
                    {
                        AssertJsonTooLong(input, options);
                    }
                    else
                    {
                        AssertJson(input, options, json: null, jsonFailure);
                    }

                    if (depth == Deep)
                    {
                        // The dump's indentation grows with the depth too: the dump stops at the limit.
                        options.MaxOutputLength = 1 << 16;
                        Assert.EndsWith($"MaxOutputLength ({1 << 16}) reached\n", AssertDumped(input, options), StringComparison.Ordinal);
                    }
                    else
                    {
                        AssertDumpError(input, options, at);
                    }
                }
            });
        }

        // ---- The chains.

        private static readonly byte[] Nil = { 0xc0 };

        private static int Limit(Shape shape) => shape == Shape.MapKeys ? 8 : MsgPackValidationOptions.DefaultMaxDepth;

        /// <summary><paramref name="depth"/> containers, each holding the next, and <paramref name="bottom"/> innermost.</summary>
        private static byte[] Chain(Shape shape, int depth, byte[] bottom)
        {
            int head = shape == Shape.MapValues ? 2 * depth : depth;
            byte[] bytes = new byte[head + bottom.Length + (shape == Shape.MapKeys ? depth : 0)];
            for (int i = 0; i < head; i++)
            {
                bytes[i] = shape == Shape.Arrays ? (byte)0x91 : shape == Shape.MapKeys || i % 2 == 0 ? (byte)0x81 : (byte)0x00;
            }

            bottom.CopyTo(bytes, head);
            bytes.AsSpan(head + bottom.Length).Fill(0xc0); // the keys' values, innermost first
            return bytes;
        }

        /// <summary>Where the container of <paramref name="level"/> (0: the outermost) starts; at the chain's depth, where the bottom does.</summary>
        private static long Offset(Shape shape, int level) => shape == Shape.MapValues ? 2L * level : level;

        /// <summary>The values of a chain whose bottom is one value: the containers, the bottom, and the maps' other halves.</summary>
        private static int Values(Shape shape, int depth) => shape == Shape.Arrays ? depth + 1 : (2 * depth) + 1;

        /// <summary>The JSON of a chain with nil at the bottom, by the conventions in MsgPackJson's remarks (a key that is not a str: its text, as a string).</summary>
        private static string Json(Shape shape, int depth)
        {
            switch (shape)
            {
                case Shape.Arrays:
                    return new string('[', depth) + "null" + new string(']', depth);
                case Shape.MapValues:
                    return new StringBuilder().Insert(0, "{\"0\":", depth).Append("null").Append('}', depth).ToString();
                default:
                    string json = "null";
                    for (int level = 0; level < depth; level++)
                    {
                        json = "{" + MsgPackJsonTests.Quoted(json) + ":null}";
                    }

                    return json;
            }
        }

        private static MsgPackTextOptions Text(int maxDepth) => new MsgPackTextOptions { MaxDepth = maxDepth };

        // ---- The walkers.

        /// <summary>
        /// Skip and TrySkip over a span, and the reader's and the cursor's Skip, TrySkip and ReadRaw over the
        /// <see cref="Segmented"/> sequences (where a value straddles segments, the reader walks it token by token): the
        /// whole input is one value, or each throws <paramref name="failure"/> (the Try forms return something else than
        /// Done) and moves nothing.
        /// </summary>
        private static void AssertSkipped(byte[] input, Type? failure)
        {
            if (failure == null)
            {
                Assert.Equal(input.Length, MsgPackSpec.Skip(input));
                Assert.Equal(OperationStatus.Done, MsgPackSpec.TrySkip(input, out int length));
                Assert.Equal(input.Length, length);
            }
            else
            {
                Assert.Throws(failure, () => MsgPackSpec.Skip(input));
                Assert.NotEqual(OperationStatus.Done, MsgPackSpec.TrySkip(input, out _));
            }

            foreach (ReadOnlySequence<byte> sequence in Segmented(input))
            {
                AssertReaderSkipped(sequence, failure, static (ref MsgPackReader reader) => reader.Skip());
                AssertReaderSkipped(sequence, failure, (ref MsgPackReader reader) => Assert.Equal(sequence.Length, reader.ReadRaw().Length));
                AssertReaderSkipped(sequence, failure, static (ref MsgPackReader reader) =>
                {
                    MsgPackCursor cursor = reader.GetCursor();
                    cursor.Skip(ref reader);
                    reader.MoveTo(cursor);
                });

                var tried = new MsgPackReader(sequence);
                Assert.Equal(failure == null, tried.TrySkip() == OperationStatus.Done);
                Assert.Equal(failure == null ? input.Length : 0, tried.Consumed);
            }
        }

        private delegate void ReaderAction(ref MsgPackReader reader);

        private static void AssertReaderSkipped(ReadOnlySequence<byte> sequence, Type? failure, ReaderAction skip)
        {
            var reader = new MsgPackReader(sequence);
            Exception? thrown = null;
            try
            {
                skip(ref reader);
            }
            catch (Exception e)
            {
                thrown = e;
            }

            if (failure == null)
            {
                Assert.Null(thrown);
                Assert.True(reader.End);
            }
            else
            {
                Assert.IsType(failure, thrown);
                Assert.Equal(0, reader.Consumed);
            }
        }

        /// <summary>Validate over a span and TryValidate over the <see cref="Segmented"/> sequences, with the depth limit: the error and its offset.</summary>
        private static void AssertValidated(byte[] input, int maxDepth, MsgPackValidationError error, long offset)
        {
            var options = new MsgPackValidationOptions { MaxDepth = maxDepth };
            foreach (ReadOnlySequence<byte> sequence in Segmented(input))
            {
                MsgPackSpec.TryValidate(sequence, out MsgPackValidationResult result, options);
                Assert.Equal(error, result.Error);
                Assert.Equal(offset, result.Offset);
            }

            Exception? thrown = Record.Exception(() => MsgPackSpec.Validate(input, options));
            if (error == MsgPackValidationError.None)
            {
                Assert.Null(thrown);
                return;
            }

            MsgPackValidationException invalid = Assert.IsType<MsgPackValidationException>(thrown);
            Assert.Equal(error, invalid.Error);
            Assert.Equal(offset, invalid.Offset);
        }

        /// <summary>MsgPackJson over a span and over the <see cref="Segmented"/> sequences: <paramref name="json"/>, or exactly <paramref name="failure"/>.</summary>
        private static MsgPackException? AssertJson(byte[] input, MsgPackTextOptions options, string? json, Type? failure)
        {
            MsgPackException? first = null;
            foreach (ReadOnlySequence<byte> sequence in Segmented(input))
            {
                if (failure == null)
                {
                    Assert.Equal(json, MsgPackJson.ToJson(sequence, options));
                    continue;
                }

                MsgPackException thrown = Assert.ThrowsAny<MsgPackException>(() => MsgPackJson.ToJson(sequence, options));
                Assert.IsType(failure, thrown);
                first ??= thrown;
            }

            if (failure == null)
            {
                Assert.Equal(json, MsgPackJson.ToJson(input, options));
            }
            else
            {
                Assert.IsType(failure, Assert.ThrowsAny<MsgPackException>(() => MsgPackJson.ToJson(input, options)));
            }

            return first;
        }

        /// <summary>
        /// What the walkers with a depth limit say of input that nests deeper than <paramref name="limit"/>: Validate's
        /// DepthExceeded, JSON's limit exception and the dump's error line, all at the array or map too many.
        /// </summary>
        private static void AssertTooDeep(byte[] input, int limit, long offset)
        {
            AssertValidated(input, limit, MsgPackValidationError.DepthExceeded, offset);
            AssertJsonTooDeep(input, Text(limit), limit, offset);
            AssertDumpError(input, Text(limit), offset);
        }

        private static void AssertJsonTooDeep(byte[] input, MsgPackTextOptions options, int limit, long offset)
        {
            MsgPackException? thrown = AssertJson(input, options, json: null, typeof(MsgPackTextLimitException));
            Assert.Contains($"MaxDepth ({limit})", thrown!.Message, StringComparison.Ordinal);
            Assert.Contains($"offset {offset}", thrown.Message, StringComparison.Ordinal);
        }

        private static void AssertJsonTooLong(byte[] input, MsgPackTextOptions options)
        {
            MsgPackException? thrown = AssertJson(input, options, json: null, typeof(MsgPackTextLimitException));
            Assert.Contains($"MaxOutputLength ({options.MaxOutputLength} bytes)", thrown!.Message, StringComparison.Ordinal);
        }

        /// <summary>The dump over a span, which must be the dump over segments; it never throws.</summary>
        private static string AssertDumped(byte[] input, MsgPackTextOptions options)
        {
            string dump = MsgPackDump.ToText(input, options);
            Assert.Equal(dump, MsgPackDump.ToText(Segmented(input)[^1], options));
            return dump;
        }

        /// <summary>The dump shows a line for each value before <paramref name="offset"/> (every value of a chain but the bottom is one byte), then the error there.</summary>
        private static void AssertDumpError(byte[] input, MsgPackTextOptions options, long offset)
        {
            string dump = AssertDumped(input, options);
            Assert.Equal(offset + 1, Lines(dump));
            Assert.StartsWith($"{offset:x8}  error: ", dump.Substring(dump.LastIndexOf('\n', dump.Length - 2) + 1), StringComparison.Ordinal);
        }

        private static int Lines(string dump) => dump.Split('\n').Length - 1;

        /// <summary>
        /// The input as sequences: a short one in one segment and in 7-byte segments (tokens straddle them); a deep one
        /// in two halves, enough for the walk across segments, which goes token by token through the whole value.
        /// </summary>
        private static ReadOnlySequence<byte>[] Segmented(byte[] input) => input.Length <= 1024
            ? new[] { new ReadOnlySequence<byte>(input), Sequences.Split(input, 7, withEmpty: false) }
            : new[] { Sequences.SplitAt(input, input.Length / 2) };
    }
}
