using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net.WebSockets;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Xunit;

namespace MsgPack.Spec.AspNetCore.Tests
{
    /// <summary>
    /// Hostile frames sent on a raw WebSocket to a hub on our protocol: what is malformed closes the connection with
    /// the documented error (a close message, then the socket's close), what is only a bad argument fails that
    /// invocation, and nothing crashes the server or hangs.
    /// </summary>
    public sealed class HubHostileTests
    {
        private static readonly TimeSpan Patience = TimeSpan.FromSeconds(20);

        public static TheoryData<string, byte[], string> Malformed() => new TheoryData<string, byte[], string>
        {
            { "a length prefix of 2^31", [0x80, 0x80, 0x80, 0x80, 0x08], "2GB" },
            { "a length prefix of six bytes", [0xff, 0xff, 0xff, 0xff, 0xff, 0x01], "2GB" },
            { "an empty message", [0x00], "InvalidDataException" },
            { "a message that is not an array", [0x01, 0x2a], "InvalidDataException" },
            { "0xc1 where the type is", [0x02, 0x91, 0xc1], "InvalidDataException" },
            { "an invocation cut short inside its frame", [0x04, 0x96, 0x01, 0x80, 0xa1], "InvalidDataException" },
            { "headers nested 30,000 deep", Frame(Concat([0x96, 0x01], Nested(30_000))), "InvalidDataException" },
            { "a header that is not a string", Frame([0x96, 0x01, 0x81, 0x01, 0x02]), "InvalidDataException" },
            { "a target of invalid UTF-8", Frame([0x96, 0x01, 0x80, 0xa1, 0x31, 0xa2, 0xc3, 0x28, 0x90, 0x90]), "InvalidDataException" },
            { "a completion of an unknown kind", Frame([0x95, 0x03, 0x80, 0xa1, 0x31, 0x07, 0xc0]), "result kind" },
        };

        [Theory]
        [MemberData(nameof(Malformed))]
        public async Task A_malformed_frame_closes_the_connection_with_the_error(string name, byte[] frame, string error)
        {
            await using Host host = await HubInteropTests.StartHub(oursOnServer: true);
            using var client = await RawHubClient.ConnectAsync(host);
            await client.SendAsync(frame);
            (List<HubMessage> messages, bool closed) = await client.ReceiveUntilClosedAsync(Patience);

            Assert.True(closed, name + ": the server did not close the connection");
            CloseMessage close = Assert.IsType<CloseMessage>(messages.Last(m => m is not PingMessage));
            Assert.Contains("Connection closed with an error.", close.Error);
            Assert.Contains(error, close.Error);
            await AssertStillServes(host);
        }

        [Fact]
        public async Task A_frame_over_the_servers_message_size_closes_the_connection()
        {
            await using Host host = await HubInteropTests.StartHub(oursOnServer: true);
            using var client = await RawHubClient.ConnectAsync(host);

            // 1 MiB announced, 40 KB sent: past the hub's MaximumReceiveMessageSize (32 KB) before the message is whole.
            byte[] frame = new byte[3 + 40_000];
            frame[0] = 0x80;
            frame[1] = 0x80;
            frame[2] = 0x40;
            await client.SendAsync(frame);
            (List<HubMessage> messages, bool closed) = await client.ReceiveUntilClosedAsync(Patience);

            Assert.True(closed);
            CloseMessage close = Assert.IsType<CloseMessage>(messages.Last(m => m is not PingMessage));
            Assert.Contains("maximum message size", close.Error);
            await AssertStillServes(host);
        }

        [Fact]
        public async Task A_truncated_frame_waits_for_its_end_and_a_client_that_leaves_inside_it_harms_nothing()
        {
            await using Host host = await HubInteropTests.StartHub(oursOnServer: true);
            byte[] whole = HubProtocolBytesTests.Write(HubProtocolBytesTests.Official, new InvocationMessage("1", "Add", [20, 22]));

            using (var client = await RawHubClient.ConnectAsync(host))
            {
                await client.SendAsync(whole.AsSpan(0, 6).ToArray());
                await Task.Delay(300);
                await client.SendAsync(whole.AsSpan(6).ToArray());
                CompletionMessage done = await client.ReceiveCompletionAsync("1", Patience);
                Assert.Equal(42, done.Result);
            }

            using (var leaver = await RawHubClient.ConnectAsync(host))
            {
                await leaver.SendAsync(whole.AsSpan(0, whole.Length - 1).ToArray());
                await leaver.AbortAsync();
            }

            await AssertStillServes(host);
        }

        [Fact]
        public async Task An_argument_nested_past_the_depth_limit_fails_its_invocation_and_the_connection_stays()
        {
            await using Host host = await HubInteropTests.StartHub(oursOnServer: true, maxMessageSize: 4 << 20);
            using var client = await RawHubClient.ConnectAsync(host);

            // Depth(Node) with a Node chain 100,000 deep: the generated reader stops at MsgPackSerialization.MaxDepth.
            await client.SendAsync(Frame(Concat([0x96, 0x01, 0x80, 0xa1, 0x31, 0xa5, .. "Depth"u8, 0x91], Bytes.DeepNode(100_000), [0x90])));
            CompletionMessage deep = await client.ReceiveCompletionAsync("1", Patience);
            Assert.Contains("Failed to invoke 'Depth'", deep.Error);

            await client.SendAsync(Frame(Concat([0x96, 0x01, 0x80, 0xa1, 0x32, 0xa5, .. "Depth"u8, 0x91], Bytes.DeepNode(50), [0x90])));
            CompletionMessage fine = await client.ReceiveCompletionAsync("2", Patience);
            Assert.Null(fine.Error);
            Assert.Equal(50, fine.Result);
        }

        [Fact]
        public async Task A_result_nested_100000_deep_for_an_unknown_invocation_is_skipped()
        {
            await using Host host = await HubInteropTests.StartHub(oursOnServer: true, maxMessageSize: 4 << 20);
            using var client = await RawHubClient.ConnectAsync(host);

            // A client result for an invocation the server never made: skipped whole (iteratively, whatever its depth).
            await client.SendAsync(Frame(Concat([0x95, 0x03, 0x80, 0xa2, (byte)'z', (byte)'z', 0x03], Nested(100_000))));
            byte[] add = HubProtocolBytesTests.Write(HubProtocolBytesTests.Official, new InvocationMessage("5", "Add", [1, 2]));
            await client.SendAsync(add);
            Assert.Equal(3, (await client.ReceiveCompletionAsync("5", Patience)).Result);
        }

        [Fact]
        public async Task A_message_of_an_unknown_type_is_skipped()
        {
            await using Host host = await HubInteropTests.StartHub(oursOnServer: true);
            using var client = await RawHubClient.ConnectAsync(host);
            byte[] add = HubProtocolBytesTests.Write(HubProtocolBytesTests.Official, new InvocationMessage("6", "Add", [2, 2]));
            await client.SendAsync(Concat(Frame([0x92, 0x63, 0xc0]), add));
            Assert.Equal(4, (await client.ReceiveCompletionAsync("6", Patience)).Result);
        }

        [Fact]
        public void The_parser_refuses_a_prefix_of_2_to_the_31_and_waits_on_a_partial_one()
        {
            var binder = new TestBinder();
            var huge = new ReadOnlySequence<byte>(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x08 });
            Assert.Throws<InvalidDataException>(() => HubProtocolBytesTests.Ours.TryParseMessage(ref huge, binder, out _));

            // 2^31 - 1 is a valid announcement: the parser waits for the bytes (and the server's size limit stops it).
            var largest = new ReadOnlySequence<byte>(new byte[] { 0xff, 0xff, 0xff, 0xff, 0x07, 0x90 });
            Assert.False(HubProtocolBytesTests.Ours.TryParseMessage(ref largest, binder, out _));
            Assert.Equal(6, largest.Length);

            var partial = new ReadOnlySequence<byte>(new byte[] { 0x80, 0x80 });
            Assert.False(HubProtocolBytesTests.Ours.TryParseMessage(ref partial, binder, out _));
            Assert.Equal(2, partial.Length);
        }

        private static async Task AssertStillServes(Host host)
        {
            await using var connection = HubInteropTests.Connect(host, oursOnClient: false);
            using var timeout = new CancellationTokenSource(Patience);
            await connection.StartAsync(timeout.Token);
            Assert.Equal(9, await Microsoft.AspNetCore.SignalR.Client.HubConnectionExtensions.InvokeAsync<int>(connection, "Add", 4, 5, timeout.Token));
        }

        /// <summary>A message with its VarInt length prefix.</summary>
        private static byte[] Frame(byte[] payload)
        {
            var bytes = new List<byte>();
            uint rest = (uint)payload.Length;
            while (rest >= 0x80)
            {
                bytes.Add((byte)(rest | 0x80));
                rest >>= 7;
            }

            bytes.Add((byte)rest);
            bytes.AddRange(payload);
            return bytes.ToArray();
        }

        private static byte[] Concat(params byte[][] parts) => parts.SelectMany(p => p).ToArray();

        /// <summary>Arrays of one item nested <paramref name="depth"/> deep around a nil.</summary>
        private static byte[] Nested(int depth)
        {
            byte[] bytes = new byte[depth + 1];
            bytes.AsSpan(0, depth).Fill(0x91);
            bytes[depth] = 0xc0;
            return bytes;
        }

        /// <summary>A SignalR client by hand: the handshake, then whatever bytes a test sends.</summary>
        private sealed class RawHubClient : IDisposable
        {
            private readonly ClientWebSocket _socket;
            private readonly List<byte> _pending = new List<byte>();
            private readonly List<HubMessage> _received = new List<HubMessage>();

            private RawHubClient(ClientWebSocket socket) => _socket = socket;

            public static async Task<RawHubClient> ConnectAsync(Host host)
            {
                var socket = new ClientWebSocket();
                var address = new UriBuilder(host.Address) { Scheme = "ws", Path = "/hub" }.Uri;
                using var timeout = new CancellationTokenSource(Patience);
                await socket.ConnectAsync(address, timeout.Token);
                var client = new RawHubClient(socket);
                await socket.SendAsync(Encoding.UTF8.GetBytes("{\"protocol\":\"messagepack\",\"version\":1}\u001e"), WebSocketMessageType.Binary, true, timeout.Token);

                // The handshake's answer: {} and the record separator.
                while (!client._pending.Contains(0x1e))
                {
                    if (!await client.ReceiveAsync(timeout.Token))
                    {
                        throw new InvalidOperationException("The server closed the connection during the handshake.");
                    }
                }

                int end = client._pending.IndexOf(0x1e);
                Assert.Equal("{}", Encoding.UTF8.GetString(client._pending.GetRange(0, end).ToArray()));
                client._pending.RemoveRange(0, end + 1);
                return client;
            }

            public Task SendAsync(byte[] bytes) =>
                _socket.SendAsync(bytes, WebSocketMessageType.Binary, true, CancellationToken.None);

            public Task AbortAsync()
            {
                _socket.Abort();
                return Task.CompletedTask;
            }

            /// <summary>Every message until the server closes the socket (true), or the time is up (false).</summary>
            public async Task<(List<HubMessage> Messages, bool Closed)> ReceiveUntilClosedAsync(TimeSpan patience)
            {
                using var timeout = new CancellationTokenSource(patience);
                try
                {
                    while (await ReceiveAsync(timeout.Token))
                    {
                    }

                    return (_received, true);
                }
                catch (OperationCanceledException)
                {
                    return (_received, false);
                }
                catch (WebSocketException)
                {
                    return (_received, true); // closed without the close handshake: closed all the same
                }
            }

            public async Task<CompletionMessage> ReceiveCompletionAsync(string invocationId, TimeSpan patience)
            {
                using var timeout = new CancellationTokenSource(patience);
                while (true)
                {
                    CompletionMessage? found = _received.OfType<CompletionMessage>().FirstOrDefault(c => c.InvocationId == invocationId);
                    if (found is not null)
                    {
                        return found;
                    }

                    if (!await ReceiveAsync(timeout.Token))
                    {
                        throw new InvalidOperationException("The server closed the connection: " + string.Join("; ", _received.Select(HubProtocolBytesTests.Describe)));
                    }
                }
            }

            private async Task<bool> ReceiveAsync(CancellationToken cancellationToken)
            {
                byte[] buffer = new byte[8192];
                WebSocketReceiveResult result = await _socket.ReceiveAsync(buffer, cancellationToken);
                if (result.MessageType == WebSocketMessageType.Close)
                {
                    return false;
                }

                _pending.AddRange(buffer.AsSpan(0, result.Count).ToArray());
                if (_pending.Contains(0x1e) && _received.Count == 0 && _pending[0] == (byte)'{')
                {
                    return true; // still the handshake's answer
                }

                var input = new ReadOnlySequence<byte>(_pending.ToArray());
                while (HubProtocolBytesTests.Ours.TryParseMessage(ref input, new TestBinder(item: typeof(int)), out HubMessage? message))
                {
                    _received.Add(message);
                }

                _pending.RemoveRange(0, _pending.Count - (int)input.Length);
                return true;
            }

            public void Dispose() => _socket.Dispose();
        }
    }
}
