using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using MsgPack.Spec.Samples.Tarantool.Tests.Types;
using MsgPack.Spec.Serialization;
using Xunit;
using Xunit.Abstractions;

namespace MsgPack.Spec.Samples.Tarantool.Tests.Hostile
{
    /// <summary>
    /// UPSERT, EXECUTE and PREPARE against the lying server: the frame checks hold for them as for every request, their
    /// bodies are what IPROTO expects, and answers that break SQL's layout or hold broken extension values fail where
    /// they are read, with the connection going on.
    /// </summary>
    [Collection(TarantoolCollection.Name)]
    public sealed class SqlAndExtensionTests(ITestOutputHelper output) : IDisposable
    {
        private static readonly TimeSpan Guard = TimeSpan.FromSeconds(20);

        private readonly FakeTarantool _server = FakeTarantool.Start();

        public void Dispose() => _server.Dispose();

        private Task<TarantoolConnection> ConnectAsync() => TarantoolConnection.ConnectAsync(_server.EndPoint).WaitAsync(Guard);

        /// <summary>The five new requests, in this order: UPSERT, EXECUTE, typed EXECUTE, PREPARE, EXECUTE by id.</summary>
        private static Task[] SendAll(TarantoolConnection connection) =>
        [
            connection.UpsertAsync(1, new UnsignedKey(1), new EmptyArray()).AsTask(),
            connection.ExecuteAsync("SELECT 1", new EmptyArray()).AsTask(),
            connection.ExecuteAsync<OneParameter, BookYear>("SELECT ?, 2", new OneParameter(1)).AsTask(),
            connection.PrepareAsync("SELECT 1").AsTask(),
            connection.ExecuteAsync(new PreparedStatement(77, 0, [], []), new EmptyArray()).AsTask(),
        ];

        [Theory]
        [MemberData(nameof(HostileServerTests.BrokenFrames), MemberType = typeof(HostileServerTests))]
        public async Task A_frame_that_breaks_the_protocol_fails_the_new_requests_too(string what, byte[] frame)
        {
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                await peer.ReadRequestsAsync(5);
                await peer.SendAsync(frame);
                await peer.WaitForCloseAsync();
            });
            TarantoolConnection connection = await ConnectAsync();
            Task[] requests = SendAll(connection);
            Exception? first = null;
            foreach (Task request in requests)
            {
                var error = await Assert.ThrowsAsync<TarantoolProtocolException>(() => request.WaitAsync(Guard));
                Assert.True(error.ConnectionClosed, what);
                first ??= error;
                Assert.Same(first, error);
            }

            await connection.DisposeAsync();
            await served.WaitAsync(Guard);
        }

        [Fact]
        public async Task The_new_requests_carry_the_codes_and_keys_IPROTO_defines()
        {
            FakeRequest[] seen = [];
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                seen = await peer.ReadRequestsAsync(6);
                foreach (FakeRequest request in seen)
                {
                    await peer.SendAsync(request.Code == (uint)IprotoCode.Prepare && Keys(request.Body).Contains((byte)0x40)
                        ? Frames.Ok(request.Sync, [0x82, 0x43, 0xce, 0x00, 0x00, 0x00, 0x4d, 0x34, 0x00]) // {STMT_ID: 77, BIND_COUNT: 0}
                        : Frames.Ok(request.Sync, [0x81, 0x30, 0x90]));
                }

                await peer.WaitForCloseAsync();
            });
            await using (TarantoolConnection connection = await ConnectAsync())
            {
                Task[] requests = [.. SendAll(connection), connection.UnprepareAsync(new PreparedStatement(77, 0, [], [])).AsTask()];
                await Task.WhenAll(requests).WaitAsync(Guard);
                PreparedStatement statement = await (Task<PreparedStatement>)requests[3];
                Assert.Equal((77u, 0), (statement.Id, statement.ParameterCount));
            }

            await served.WaitAsync(Guard);
            Assert.Equal(
                [
                    (0x09u, new byte[] { 0x10, 0x21, 0x28 }), // UPSERT: space, tuple, ops
                    (0x0bu, [0x40, 0x41]), // EXECUTE: SQL text, bind
                    (0x0bu, [0x40, 0x41]),
                    (0x0du, [0x40]), // PREPARE: SQL text
                    (0x0bu, [0x43, 0x41]), // EXECUTE: statement id, bind
                    (0x0du, [0x43]), // unprepare: statement id
                ],
                seen.Select(r => (r.Code, Keys(r.Body))).ToArray());
        }

        public static TheoryData<string, byte[], string> BrokenSqlAnswers => new()
        {
            // METADATA a str.
            { "metadata not an array", [0x82, 0x32, 0xa1, 0x78, 0x30, 0x90], "columns" },
            // A column that is an array. (A count or length that claims more than the frame holds never gets here: the
            // frame check refuses it, as HostileServerTests shows.)
            { "a column an array", [0x82, 0x32, 0x91, 0x91, 0x00, 0x30, 0x90], "columns" },
            // A column whose name is a 64 KB str: kept to 2,048 bytes.
            { "a huge column name", Frames.Concat([0x82, 0x32, 0x91, 0x82, 0x00, 0xda, 0xff, 0xff], Enumerable.Repeat((byte)'n', 0xffff).ToArray(), [0x01, 0xa1, 0x78, 0x30, 0x90]), "long name" },
            // SQL_INFO's row count negative.
            { "row count negative", [0x81, 0x42, 0x81, 0x00, 0xff], "info" },
            // SQL_INFO's ids a map.
            { "autoincrement ids a map", [0x81, 0x42, 0x81, 0x01, 0x80], "info" },
        };

        [Theory]
        [MemberData(nameof(BrokenSqlAnswers))]
        public async Task A_broken_SQL_answer_fails_where_it_is_read_and_the_connection_goes_on(string what, byte[] body, string part)
        {
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                FakeRequest request = await peer.ReadRequestAsync();
                await peer.SendAsync(Frames.Ok(request.Sync, body));
                FakeRequest ping = await peer.ReadRequestAsync();
                await peer.SendAsync(Frames.Ok(ping.Sync));
                await peer.WaitForCloseAsync();
            });
            await using (TarantoolConnection connection = await ConnectAsync())
            {
                long before = GC.GetTotalAllocatedBytes(precise: true);
                using (TarantoolResponse response = await connection.ExecuteAsync("SELECT 1", new EmptyArray()).AsTask().WaitAsync(Guard))
                {
                    switch (part)
                    {
                        case "columns":
                            Assert.ThrowsAny<MsgPackException>(() => response.GetSqlColumns());
                            break;
                        case "long name":
                            SqlColumn column = Assert.Single(response.GetSqlColumns());
                            Assert.Equal(TarantoolErrorFrame.MaxTextLength + 1, column.Name.Length); // cut, and "…"
                            break;
                        default:
                            Assert.ThrowsAny<MsgPackException>(() => response.GetSqlInfo());
                            break;
                    }
                }

                long allocated = GC.GetTotalAllocatedBytes(precise: true) - before;
                output.WriteLine($"{what}: {allocated:N0} bytes allocated");
                Assert.True(allocated < 2 * 1024 * 1024, $"{what}: {allocated:N0} bytes");
                await connection.PingAsync().AsTask().WaitAsync(Guard);
            }

            await served.WaitAsync(Guard);
        }

        [Theory]
        // No STMT_ID.
        [InlineData("no statement id", new byte[] { 0x81, 0x34, 0x00 })]
        // STMT_ID a str.
        [InlineData("statement id a str", new byte[] { 0x81, 0x43, 0xa1, 0x31 })]
        // BIND_METADATA a map.
        [InlineData("bind metadata a map", new byte[] { 0x82, 0x43, 0x01, 0x33, 0x80 })]
        public async Task A_broken_PREPARE_answer_fails_that_request_only(string what, byte[] body)
        {
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                FakeRequest request = await peer.ReadRequestAsync();
                await peer.SendAsync(Frames.Ok(request.Sync, body));
                FakeRequest ping = await peer.ReadRequestAsync();
                await peer.SendAsync(Frames.Ok(ping.Sync));
                await peer.WaitForCloseAsync();
            });
            await using (TarantoolConnection connection = await ConnectAsync())
            {
                var error = await Assert.ThrowsAsync<TarantoolProtocolException>(() => connection.PrepareAsync("SELECT 1").AsTask().WaitAsync(Guard));
                Assert.False(error.ConnectionClosed, what);
                await connection.PingAsync().AsTask().WaitAsync(Guard);
                Assert.Equal(connection.SlotCount, connection.FreeSlotCount);
            }

            await served.WaitAsync(Guard);
        }

        public static TheoryData<string, string, string> BrokenValues => new()
        {
            // [id, amount, reference, note] with one broken extension each.
            { "a BCD nibble above 9", "94 07 d5 01 00 ac d8 02 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 a0", "$.Amount" },
            { "a bad sign nibble", "94 07 d5 01 00 15 d8 02 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 a0", "$.Amount" },
            { "a scale past 38", "94 07 d5 01 27 1c d8 02 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 a0", "$.Amount" },
            { "a decimal of 48 bytes", "94 07 c7 30 01 " + string.Concat(Enumerable.Repeat("00 ", 48)) + "d8 02 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 a0", "$.Amount" },
            { "a decimal of 38 digits", "94 07 c7 15 01 26 03 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 3c d8 02 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 a0", "$.Amount" },
            { "a uuid of 8 bytes", "94 07 d5 01 00 1c d7 02 00 00 00 00 00 00 00 00 a0", "$.Reference" },
            { "a uuid that is a decimal", "94 07 d5 01 00 1c d5 01 00 1c a0", "$.Reference" },
        };

        [Theory]
        [MemberData(nameof(BrokenValues))]
        public async Task A_broken_extension_in_a_typed_answer_fails_with_its_path_and_the_connection_goes_on(string what, string tuple, string path)
        {
            byte[] bytes = Converters.Hex(tuple);
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                FakeRequest select = await peer.ReadRequestAsync();
                // {DATA: [good, broken]}
                byte[] good = Converters.Hex("94 06 d5 01 00 1c d8 02 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 a0");
                await peer.SendAsync(Frames.Ok(select.Sync, Frames.Concat([0x81, 0x30, 0x92], good, bytes)));
                FakeRequest ping = await peer.ReadRequestAsync();
                await peer.SendAsync(Frames.Ok(ping.Sync));
                await peer.WaitForCloseAsync();
            });
            await using (TarantoolConnection connection = await ConnectAsync())
            {
                using (TarantoolTuples<Payment> tuples = await connection.SelectAsync<DecimalKey, Payment>(1, 1, new DecimalKey(1m)).AsTask().WaitAsync(Guard))
                {
                    var read = new List<Payment>();
                    long before = GC.GetTotalAllocatedBytes(precise: true);
                    var error = Assert.Throws<MsgPackSerializationException>(() =>
                    {
                        foreach (Payment payment in tuples)
                        {
                            read.Add(payment);
                        }
                    });
                    long allocated = GC.GetTotalAllocatedBytes(precise: true) - before;
                    output.WriteLine($"{what}: {error.Message} ({allocated:N0} bytes allocated)");
                    Assert.Equal(path, error.Path);
                    Assert.Equal(6ul, Assert.Single(read).Id); // the good tuple first, then the broken one
                    Assert.True(allocated < 64 * 1024, $"{what}: {allocated:N0} bytes");
                }

                await connection.PingAsync().AsTask().WaitAsync(Guard);
            }

            await served.WaitAsync(Guard);
        }

        // The keys of a request body, in order.
        private static byte[] Keys(byte[] body)
        {
            ReadOnlySpan<byte> rest = body;
            int count = MsgPackSpec.ReadMapHeader(ref rest);
            var keys = new byte[count];
            for (int i = 0; i < count; i++)
            {
                keys[i] = (byte)MsgPackSpec.ReadUInt32(ref rest);
                MsgPackSpec.Skip(ref rest);
            }

            return keys;
        }
    }
}
