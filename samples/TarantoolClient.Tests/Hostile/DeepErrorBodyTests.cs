using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Linq;
using MsgPack.Spec.Fuzzing;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests.Hostile
{
    /// <summary>
    /// Issue #28 in the sample: the checks and readers of a response body (<see cref="IprotoCodec.CheckBody"/>,
    /// <see cref="IprotoCodec.ReadError"/>, <see cref="TarantoolErrorFrame.ReadExtension"/>) on values nested at the
    /// JSON limit of an error's fields (32), one past it and 100,000 deep, cut at every byte, and broken at the bottom,
    /// on a 256 KiB stack: each gives its documented result. None recurses: skipping and the fields' JSON walk
    /// without recursion, and a frame's maps are read flat, so no nesting is exception dispatch nested either. No
    /// server is needed.
    /// </summary>
    public sealed class DeepErrorBodyTests
    {
        private const int FieldsDepth = 32; // TarantoolErrorFrame's JSON limit for the fields
        private const int Deep = 100_000;
        private const string Truncated = "{\"$truncated\":true}";

        [Fact]
        public void Fields_at_the_limit_are_json_and_one_past_it_or_100000_deep_are_marked_truncated()
        {
            SmallStack.Run(() =>
            {
                Assert.Equal(new string('[', FieldsDepth) + "null" + new string(']', FieldsDepth), FieldsOf(Arrays(FieldsDepth, 0xc0)));
                Assert.Equal(Truncated, FieldsOf(Arrays(FieldsDepth + 1, 0xc0)));
                Assert.Equal(Truncated, FieldsOf(Arrays(Deep, 0xc0)));

                // Maps each the key of the one around it: JSON quotes a key that is not a str, and quotes the quotes of
                // the keys inside it again, level by level, so the text passes 2,048 bytes long before the depth limit.
                Assert.Equal(Truncated, FieldsOf(KeyChain(Deep)));
            });
        }

        [Fact]
        public void A_deep_value_under_an_unknown_key_is_skipped_at_every_level_of_the_body()
        {
            byte[] deep = Arrays(Deep, 0xc0);
            SmallStack.Run(() =>
            {
                // An unknown key of the body, of the stack map, and of a frame: each value skipped, the error read.
                byte[] body = Frames.Concat([0x83, 0x33], deep, [0x31, 0xa4, (byte)'b', (byte)'o', (byte)'o', (byte)'m'], [0x52, 0x82, 0x01], deep, [0x00, 0x91, 0x82, 0x07], deep, [0x05, 0x2a]);
                IprotoCodec.CheckBody(new ReadOnlySequence<byte>(body));
                TarantoolException error = IprotoCodec.ReadError(0x8000 | 42, new ReadOnlySequence<byte>(body));
                Assert.Equal(42u, error.Code);
                Assert.Equal("boom", error.Message);
                Assert.Equal(42u, Assert.Single(error.Stack).Code);
            });
        }

        [Fact]
        public void A_bad_value_at_the_bottom_of_deep_fields_is_the_documented_exception()
        {
            SmallStack.Run(() =>
            {
                // 0xc1 at the bottom: the body is not MessagePack, for the check and for the reader (which reads the
                // fields raw, skipping them, before any JSON).
                foreach (int depth in new[] { FieldsDepth, Deep })
                {
                    byte[] body = ErrorBody(Arrays(depth, 0xc1));
                    Assert.IsType<MsgPackUnexpectedCodeException>(Assert.Throws<TarantoolProtocolException>(() => IprotoCodec.CheckBody(new ReadOnlySequence<byte>(body))).InnerException);
                    Assert.Throws<MsgPackUnexpectedCodeException>(() => IprotoCodec.ReadError(0x8001, new ReadOnlySequence<byte>(body)));
                }

                // A str that is not UTF-8 at the bottom: well formed, so the check passes; within the JSON limit the
                // rendering finds it, deeper the limit stops the rendering first.
                byte[] badText = ErrorBody(Arrays(FieldsDepth, 0xa2, 0xc3, 0x28));
                IprotoCodec.CheckBody(new ReadOnlySequence<byte>(badText));
                Assert.Throws<MsgPackInvalidUtf8Exception>(() => IprotoCodec.ReadError(0x8001, new ReadOnlySequence<byte>(badText)));
                Assert.Equal(Truncated, FieldsOf(Arrays(Deep, 0xa2, 0xc3, 0x28)));

                // A value of the wrong type after a deep one: a frame's line that is a str.
                byte[] wrongType = Frames.Concat([0x81, 0x52, 0x81, 0x00, 0x91, 0x82, 0x07], Arrays(Deep, 0xc0), [0x02, 0xa1, (byte)'x']);
                IprotoCodec.CheckBody(new ReadOnlySequence<byte>(wrongType));
                Assert.Throws<MsgPackUnexpectedCodeException>(() => IprotoCodec.ReadError(0x8001, new ReadOnlySequence<byte>(wrongType)));
            });
        }

        [Fact]
        public void Every_cut_of_an_error_body_with_fields_one_past_the_limit_is_a_truncation()
        {
            byte[] body = ErrorBody(Arrays(FieldsDepth + 1, 0xc0));
            SmallStack.Run(() =>
            {
                Assert.Equal(Truncated, Assert.Single(IprotoCodec.ReadError(0x8001, new ReadOnlySequence<byte>(body)).Stack).FieldsJson);
                for (int cut = 0; cut < body.Length; cut++)
                {
                    ReadOnlySequence<byte> prefix = new(body.AsMemory(0, cut));
                    Assert.IsType<MsgPackTruncatedException>(Assert.Throws<TarantoolProtocolException>(() => IprotoCodec.CheckBody(prefix)).InnerException);
                    if (cut == 0)
                    {
                        // An empty body is an error without a message or a stack (ReadError's documented default).
                        Assert.Empty(IprotoCodec.ReadError(0x8001, prefix).Stack);
                        continue;
                    }

                    Assert.Throws<MsgPackTruncatedException>(() => IprotoCodec.ReadError(0x8001, prefix));
                }
            });
        }

        [Fact]
        public void An_MP_ERROR_extension_with_deep_fields_reads_as_a_stack()
        {
            SmallStack.Run(() =>
            {
                foreach (int depth in new[] { FieldsDepth, FieldsDepth + 1, Deep })
                {
                    byte[] stack = Frames.Concat([0x81, 0x00, 0x91, 0x82, 0x03, 0xa1, (byte)'x', 0x06], Arrays(depth, 0xc0));
                    byte[] extension = Frames.Concat([0xc9, 0, 0, 0, 0, (byte)TarantoolErrorFrame.ExtensionType], stack);
                    BinaryPrimitives.WriteUInt32BigEndian(extension.AsSpan(1), (uint)stack.Length);
                    var reader = new MsgPackReader(extension);
                    TarantoolErrorFrame frame = Assert.Single(TarantoolErrorFrame.ReadExtension(ref reader));
                    Assert.True(reader.End);
                    Assert.Equal("x", frame.Message);
                    Assert.Equal(depth == FieldsDepth ? new string('[', depth) + "null" + new string(']', depth) : Truncated, frame.FieldsJson);
                }
            });
        }

        /// <summary>An error body whose one frame has message "x" and <paramref name="fields"/>: <c>{0x52: {0x00: [{0x03: "x", 0x06: fields}]}}</c>.</summary>
        private static byte[] ErrorBody(byte[] fields) => Frames.Concat([0x81, 0x52, 0x81, 0x00, 0x91, 0x82, 0x03, 0xa1, (byte)'x', 0x06], fields);

        /// <summary>The fields' JSON of the one frame of <see cref="ErrorBody"/>, after the body passes the connection's check.</summary>
        private static string FieldsOf(byte[] fields)
        {
            var body = new ReadOnlySequence<byte>(ErrorBody(fields));
            IprotoCodec.CheckBody(body);
            return Assert.Single(IprotoCodec.ReadError(0x8001, body).Stack).FieldsJson;
        }

        /// <summary><paramref name="depth"/> arrays of one item, nested, around <paramref name="bottom"/>.</summary>
        private static byte[] Arrays(int depth, params byte[] bottom) => Frames.Concat(Enumerable.Repeat((byte)0x91, depth).ToArray(), bottom);

        /// <summary><paramref name="depth"/> maps of one entry, each the key of the one around it: <c>81 81 … c0 c0 …</c>.</summary>
        private static byte[] KeyChain(int depth) => Frames.Concat(Enumerable.Repeat((byte)0x81, depth).ToArray(), Enumerable.Repeat((byte)0xc0, depth + 1).ToArray());
    }
}
