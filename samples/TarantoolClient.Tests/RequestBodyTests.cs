using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>
    /// The request bodies, generated since they replaced the hand-written writers of 7545bb8: the same bytes for each
    /// request kind. The reference writers below are those writers, as they were, so that a change of key order, of
    /// integer form or of a key is caught here and not by a server that happens to accept it.
    /// </summary>
    public sealed class RequestBodyTests
    {
        private delegate void Writes(ref MsgPackWriter writer);

        // Values whose smallest forms differ: positive fixint, uint 8, uint 16, uint 32, and their edges.
        public static IEnumerable<object[]> Numbers() =>
            new uint[] { 0, 1, 0x7f, 0x80, 0xff, 0x100, 0xffff, 0x10000, 512, uint.MaxValue }.Select(n => new object[] { n });

        private static byte[] Reference(Writes writes)
        {
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            writes(ref writer);
            writer.Flush();
            return output.WrittenSpan.ToArray();
        }

        // The generated body through each of its writers: the writer, the span writer and the length must agree.
        private static byte[] Generated<T>(T body)
            where T : IMsgPackSerializable<T>
        {
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            T.Write(ref writer, body);
            writer.Flush();
            byte[] bytes = output.WrittenSpan.ToArray();
            var buffer = new byte[bytes.Length + 8];
            Span<byte> rest = buffer;
            T.Write(ref rest, body);
            Assert.Equal(bytes, buffer.AsSpan(0, buffer.Length - rest.Length).ToArray());
            Assert.Equal(bytes.Length, T.GetEncodedLength(body));
            return bytes;
        }

        private static T ReadBack<T>(byte[] bytes)
            where T : IMsgPackSerializable<T>
        {
            var reader = new MsgPackReader(bytes);
            T value = T.Read(ref reader);
            Assert.True(reader.End);
            return value;
        }

        private static void Unsigned(ref MsgPackWriter writer, byte key, uint value)
        {
            writer.WriteUInt32(key);
            writer.WriteUInt32(value);
        }

        private static void Key(ref MsgPackWriter writer, byte key, ulong value)
        {
            writer.WriteUInt32(key);
            writer.WriteArrayHeader(1);
            writer.WriteUInt64(value);
        }

        [Fact]
        public void Ping_is_an_empty_map()
        {
            Assert.Equal(Reference((ref MsgPackWriter w) => w.WriteMapHeader(0)), Generated(new PingRequest()));
            Assert.Equal(default, ReadBack<PingRequest>([0x81, 0x01, 0x02]));
        }

        [Theory]
        [MemberData(nameof(Numbers))]
        public void Select_writes_the_bytes_of_the_hand_written_body(uint n)
        {
            var iterator = (Iterator)(n % 7);
            var body = new SelectRequest<UnsignedKey>(n, n / 2, new UnsignedKey((ulong)n * 3), limit: n, offset: n / 3, iterator);
            byte[] expected = Reference((ref MsgPackWriter w) =>
            {
                w.WriteMapHeader(6);
                Unsigned(ref w, 0x10, n);
                Unsigned(ref w, 0x11, n / 2);
                Unsigned(ref w, 0x12, n);
                Unsigned(ref w, 0x13, n / 3);
                Unsigned(ref w, 0x14, (uint)iterator);
                Key(ref w, 0x20, (ulong)n * 3);
            });
            Assert.Equal(expected, Generated(body));
            Assert.Equal(body, ReadBack<SelectRequest<UnsignedKey>>(expected));
        }

        [Fact]
        public void Select_s_defaults_are_every_tuple_from_the_key()
        {
            var body = new SelectRequest<EmptyArray>(512, 0, default);
            Assert.Equal(uint.MaxValue, body.Limit);
            Assert.Equal(0u, body.Offset);
            Assert.Equal(Iterator.Eq, body.Iterator);
            // {0x10: 512, 0x11: 0, 0x12: 0xffffffff, 0x13: 0, 0x14: 0, 0x20: []}
            Assert.Equal(Convert.FromHexString("8610cd0200110012ceffffffff1300140020 90".Replace(" ", "")), Generated(body));
        }

        [Theory]
        [MemberData(nameof(Numbers))]
        public void Insert_and_replace_write_the_bytes_of_the_hand_written_body(uint n)
        {
            var tuple = new Account(n, "Ann " + n, -(long)n);
            byte[] expected = Reference((ref MsgPackWriter w) =>
            {
                w.WriteMapHeader(2);
                Unsigned(ref w, 0x10, n);
                w.WriteUInt32(0x21);
                Account.Write(ref w, tuple);
            });
            Assert.Equal(expected, Generated(new TupleRequest<Account>(n, tuple)));
            Assert.Equal(new TupleRequest<Account>(n, tuple), ReadBack<TupleRequest<Account>>(expected));
        }

        [Theory]
        [MemberData(nameof(Numbers))]
        public void Update_writes_the_bytes_of_the_hand_written_body(uint n)
        {
            var operations = new RenameAndAdd(new("=", 1, "Zoë"), new("+", 2, n));
            byte[] expected = Reference((ref MsgPackWriter w) =>
            {
                w.WriteMapHeader(4);
                Unsigned(ref w, 0x10, n);
                Unsigned(ref w, 0x11, n / 2);
                Key(ref w, 0x20, n);
                // The operations under TUPLE (0x21), as the hand-written RenameAndAdd wrote them.
                w.WriteUInt32(0x21);
                w.WriteArrayHeader(2);
                w.WriteArrayHeader(3);
                w.WriteString("=");
                w.WriteUInt32(1);
                w.WriteString("Zoë");
                w.WriteArrayHeader(3);
                w.WriteString("+");
                w.WriteUInt32(2);
                w.WriteInt64(n);
            });
            var body = new UpdateRequest<UnsignedKey, RenameAndAdd>(n, n / 2, new UnsignedKey(n), operations);
            Assert.Equal(expected, Generated(body));
            Assert.Equal(body, ReadBack<UpdateRequest<UnsignedKey, RenameAndAdd>>(expected));
        }

        [Theory]
        [MemberData(nameof(Numbers))]
        public void Delete_writes_the_bytes_of_the_hand_written_body(uint n)
        {
            byte[] expected = Reference((ref MsgPackWriter w) =>
            {
                w.WriteMapHeader(3);
                Unsigned(ref w, 0x10, n);
                Unsigned(ref w, 0x11, n / 2);
                Key(ref w, 0x20, n);
            });
            var body = new DeleteRequest<UnsignedKey>(n, n / 2, new UnsignedKey(n));
            Assert.Equal(expected, Generated(body));
            Assert.Equal(body, ReadBack<DeleteRequest<UnsignedKey>>(expected));
        }

        [Theory]
        [InlineData("echo")]
        [InlineData("box.space.values:select")]
        [InlineData("a name of 40 characters, past a fixstr.")]
        public void Call_and_eval_write_the_bytes_of_the_hand_written_body(string name)
        {
            foreach (bool isEval in new[] { false, true })
            {
                byte[] expected = Reference((ref MsgPackWriter w) =>
                {
                    w.WriteMapHeader(2);
                    w.WriteUInt32(isEval ? 0x27u : 0x22u);
                    w.WriteString(name);
                    Key(ref w, 0x21, 7);
                });
                byte[] generated = isEval
                    ? Generated(new EvalRequest<UnsignedKey>(name, new UnsignedKey(7)))
                    : Generated(new CallRequest<UnsignedKey>(name, new UnsignedKey(7)));
                Assert.Equal(expected, generated);
            }

            Assert.Equal(new CallRequest<EmptyArray>(name, default), ReadBack<CallRequest<EmptyArray>>(Generated(new CallRequest<EmptyArray>(name, default))));
        }

        [Fact]
        public void Auth_writes_the_bytes_of_the_hand_written_body()
        {
            // Not UTF-8, as a scramble is: a str of whatever bytes, which only the hand-written ChapSha1 writes.
            byte[] scramble = Enumerable.Range(0, 20).Select(i => (byte)(0xff - i)).ToArray();
            byte[] expected = Reference((ref MsgPackWriter w) =>
            {
                w.WriteMapHeader(2);
                w.WriteUInt32(0x23);
                w.WriteString("tester");
                w.WriteUInt32(0x21);
                w.WriteArrayHeader(2);
                w.WriteString("chap-sha1"u8);
                w.WriteString(scramble);
            });
            Assert.Equal(expected, Generated(new AuthRequest("tester", new ChapSha1(scramble))));
            AuthRequest read = ReadBack<AuthRequest>(expected);
            Assert.Equal("tester", read.User);
            Assert.Equal(scramble, read.Method.Scramble.ToArray());
        }

        [Fact]
        public void A_hand_written_value_is_its_bytes_both_ways()
        {
            byte[] tuple = Convert.FromHexString("9301a3416e6e64");
            Assert.Equal(tuple, Generated(new MsgPackBytes(tuple)));
            // Read: exactly one whole value, copied out of the reader's input.
            var reader = new MsgPackReader(Convert.FromHexString("9301a3416e6e64c0"));
            Assert.Equal(tuple, MsgPackBytes.Read(ref reader, 0).Encoded.ToArray());
            Assert.Equal(1, reader.Remaining);
        }

        [Fact]
        public void The_frame_around_a_body_is_unchanged()
        {
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            IprotoCodec.WriteRequest(ref writer, IprotoCode.Select, 0x1_0000_0005, new SelectRequest<UnsignedKey>(512, 0, new UnsignedKey(1)));
            writer.Flush();
            // ce + length, {0x00: 1, 0x01: sync}, then the body.
            Assert.Equal(
                Convert.FromHexString("ce00000021" + "820001" + "01cf0000000100000005" + "8610cd0200110012ceffffffff130014002091" + "01"),
                output.WrittenSpan.ToArray());
        }
    }
}
