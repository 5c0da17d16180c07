using System;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Sockets;
using System.Threading;
using System.Threading.Tasks;
using Xunit;
using Xunit.Abstractions;

namespace MsgPack.Spec.Samples.Tarantool.Tests.Hostile
{
    /// <summary>
    /// The client against a server that lies: each scenario asserts no hang (every wait is bounded by a generous
    /// guard), the documented exception, bounded allocation, no request completed with another's bytes, and that a
    /// new connection works afterwards. In the Tarantool collection, so that no other test allocates while these
    /// (and the hot path's allocation tests) measure.
    /// </summary>
    [Collection(TarantoolCollection.Name)]
    public sealed class HostileServerTests(ITestOutputHelper output) : IDisposable
    {
        // Only against a hang: a loaded 2-core machine must never make a correct run reach it.
        private static readonly TimeSpan Guard = TimeSpan.FromSeconds(20);

        private readonly FakeTarantool _server = FakeTarantool.Start();

        public void Dispose() => _server.Dispose();

        private Task<TarantoolConnection> ConnectAsync(TarantoolConnectionOptions? options = null) =>
            TarantoolConnection.ConnectAsync(_server.EndPoint, options).WaitAsync(Guard);

        /// <summary>A well-behaved exchange on a new connection: greeting, a PING answered, an echo answered.</summary>
        private async Task ANewConnectionWorksAsync()
        {
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                FakeRequest ping = await peer.ReadRequestAsync();
                await peer.SendAsync(Frames.Ok(ping.Sync));
                FakeRequest echo = await peer.ReadRequestAsync();
                await peer.SendAsync(Frames.Echo(echo.Sync, echo.EchoArgument));
                await peer.WaitForCloseAsync();
            });
            await using (TarantoolConnection connection = await ConnectAsync())
            {
                await connection.PingAsync().AsTask().WaitAsync(Guard);
                using TarantoolResponse response = await connection.CallAsync("echo", new UnsignedKey(77)).AsTask().WaitAsync(Guard);
                Assert.Equal(77u, Echoed(response));
            }

            await served.WaitAsync(Guard);
        }

        private static ulong Echoed(TarantoolResponse response)
        {
            MsgPackReader reader = response.GetDataReader();
            Assert.Equal(1, reader.ReadArrayHeader());
            return reader.ReadUInt64();
        }

        private void AssertAllocatedAtMost(long allocated, long bound, string what)
        {
            output.WriteLine($"{what}: {allocated:N0} bytes allocated (bound {bound:N0})");
            Assert.True(allocated <= bound, $"{what}: {allocated:N0} bytes allocated, more than {bound:N0}");
        }

        // ---- Greetings: ConnectAsync throws only what its documentation lists ----

        public static TheoryData<string, byte[]> BadGreetings => new()
        {
            { "not Tarantool", Frames.Greeting("HTTP/1.1 400 Bad Request") },
            { "salt not base64", Frames.Greeting(salt: "!!!! not base64 !!!!") },
            { "salt too short", Frames.Greeting(salt: "AAECAw==") },
            { "no newlines", Enumerable.Repeat((byte)'T', 128).ToArray() },
            { "binary", Enumerable.Range(0, 128).Select(i => (byte)(i * 37)).ToArray() },
        };

        [Theory]
        [MemberData(nameof(BadGreetings))]
        public async Task A_malformed_greeting_is_a_protocol_exception(string what, byte[] greeting)
        {
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendAsync(greeting);
                await peer.WaitForCloseAsync();
            });
            var error = await Assert.ThrowsAsync<TarantoolProtocolException>(() => ConnectAsync());
            Assert.True(error.ConnectionClosed, what);
            await served.WaitAsync(Guard);
            await ANewConnectionWorksAsync();
        }

        [Fact]
        public async Task A_greeting_cut_short_or_reset_is_an_IOException()
        {
            Task served = _server.ServeAsync(async peer => await peer.SendAsync(Frames.Greeting()[..60]));
            await Assert.ThrowsAsync<IOException>(() => ConnectAsync());
            await served.WaitAsync(Guard);

            served = _server.ServeAsync(async peer =>
            {
                await peer.SendAsync(Frames.Greeting()[..10]);
                await Task.Delay(50);
                peer.Reset();
            });
            await Assert.ThrowsAnyAsync<IOException>(() => ConnectAsync());
            await served.WaitAsync(Guard);
            await ANewConnectionWorksAsync();
        }

        [Fact]
        public async Task A_silent_or_trickling_greeting_is_a_TimeoutException()
        {
            var options = new TarantoolConnectionOptions { ConnectTimeout = TimeSpan.FromMilliseconds(300) };
            Task served = _server.ServeAsync(peer => peer.WaitForCloseAsync());
            await Assert.ThrowsAsync<TimeoutException>(() => ConnectAsync(options));
            await served.WaitAsync(Guard);

            served = _server.ServeAsync(peer => peer.TrickleAsync(Frames.Greeting(), TimeSpan.FromMilliseconds(50)));
            await Assert.ThrowsAsync<TimeoutException>(() => ConnectAsync(options));
            await served.WaitAsync(Guard);
            await ANewConnectionWorksAsync();
        }

        [Fact]
        public async Task An_authentication_answered_with_garbage_is_a_protocol_exception()
        {
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                await peer.ReadRequestAsync();
                await peer.SendAsync(Frames.Raw(Frames.HeaderOf((0x00, [0x00])), Frames.EmptyMap)); // no sync
                await peer.WaitForCloseAsync();
            });
            await Assert.ThrowsAsync<TarantoolProtocolException>(() => ConnectAsync(new TarantoolConnectionOptions { User = "u", Password = "p" }));
            await served.WaitAsync(Guard);
            await ANewConnectionWorksAsync();
        }

        [Fact]
        public async Task ConnectAsync_throws_its_documented_argument_socket_and_cancellation_exceptions()
        {
            await Assert.ThrowsAsync<ArgumentNullException>(() => TarantoolConnection.ConnectAsync(null!));
            await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => TarantoolConnection.ConnectAsync(_server.EndPoint, new TarantoolConnectionOptions { ConnectTimeout = TimeSpan.FromSeconds(-2) }));
            await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => TarantoolConnection.ConnectAsync(_server.EndPoint, new TarantoolConnectionOptions { RequestTimeout = TimeSpan.Zero }));

            // A port nobody listens on: refused.
            var closed = new TcpListener(IPAddress.Loopback, 0);
            closed.Start();
            var nobody = (IPEndPoint)closed.LocalEndpoint;
            closed.Stop();
            await Assert.ThrowsAsync<SocketException>(() => TarantoolConnection.ConnectAsync(nobody).WaitAsync(Guard));

            using var cancel = new CancellationTokenSource();
            Task served = _server.ServeAsync(peer => peer.WaitForCloseAsync());
            Task<TarantoolConnection> connecting = TarantoolConnection.ConnectAsync(_server.EndPoint, cancellationToken: cancel.Token);
            cancel.CancelAfter(100);
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => connecting.WaitAsync(Guard));
            await served.WaitAsync(Guard);
            await ANewConnectionWorksAsync();
        }

        // ---- Frames that break the protocol: every request fails with one exception, the connection closes ----

        public static TheoryData<string, byte[]> BrokenFrames
        {
            get
            {
                // Sync 0 is the first request's (slot 0, generation 0): a frame that is not a valid answer must not reach it.
                byte[] code = [0x00], sync = Frames.UInt64(0), schema = [0x50];
                return new TheoryData<string, byte[]>
                {
                    { "no sync", Frames.Raw(Frames.HeaderOf((0x00, code), (0x05, schema)), Frames.EmptyMap) },
                    { "no code", Frames.Raw(Frames.HeaderOf((0x01, sync), (0x05, schema)), Frames.EmptyMap) },
                    { "no schema version", Frames.Raw(Frames.HeaderOf((0x00, code), (0x01, sync)), Frames.EmptyMap) },
                    { "sync twice", Frames.Raw(Frames.HeaderOf((0x00, code), (0x01, sync), (0x01, Frames.UInt64(1)), (0x05, schema)), Frames.EmptyMap) },
                    { "sync a string", Frames.Raw(Frames.HeaderOf((0x00, code), (0x01, [0xa1, 0x30]), (0x05, schema)), Frames.EmptyMap) },
                    { "sync negative", Frames.Raw(Frames.HeaderOf((0x00, code), (0x01, [0xff]), (0x05, schema)), Frames.EmptyMap) },
                    { "code over 32 bits", Frames.Raw(Frames.HeaderOf((0x00, Frames.UInt64(1UL << 40)), (0x01, sync), (0x05, schema)), Frames.EmptyMap) },
                    { "header an array", Frames.Raw([0x93, 0x00, 0x00, 0x50], Frames.EmptyMap) },
                    { "header key a string", Frames.Raw([0x83, 0xa1, 0x00, 0x00, 0x01, 0x00, 0x05, 0x50], Frames.EmptyMap) },
                    { "unknown sync", Frames.Ok(12345) },
                    { "sync of a later generation", Frames.Ok(1UL << 32) },
                    { "body an array", Frames.Response(0, 0, [0x91, 0x01]) },
                    { "body empty", Frames.Response(0, 0, []) },
                    { "bytes after the body", Frames.Response(0, 0, [0x80, 0x80]) },
                    { "body key a string", Frames.Response(0, 0, [0x81, 0xa1, 0x30, 0x90]) },
                    { "body truncated inside a str", Frames.Response(0, 0, [0x81, 0x30, 0xdb, 0x7f, 0xff, 0xff, 0xff, 0x41]) },
                    { "body claims 4 billion entries", Frames.Response(0, 0, [0xdf, 0xff, 0xff, 0xff, 0xff, 0x30, 0x90]) },
                    { "body holds 0xc1", Frames.Response(0, 0, [0x81, 0x30, 0xc1]) },
                    { "prefix negative", Frames.WithPrefix([0xd0, 0xf0], Frames.Header(0, 0), Frames.EmptyMap) },
                    { "prefix a string", Frames.WithPrefix([0xa1, 0x30], Frames.Header(0, 0), Frames.EmptyMap) },
                    { "prefix over MaxResponseLength", Frames.WithPrefix([0xce, 0x7f, 0xff, 0xff, 0xff], Frames.Header(0, 0), Frames.EmptyMap) },
                    { "prefix shorter than the frame", Frames.WithPrefix([0xce, 0, 0, 0, 10], Frames.Header(0, 0), Frames.EmptyMap) },
                    { "prefix 0", Frames.WithPrefix([0x00], [], []) },
                    { "garbage", Enumerable.Range(0, 64).Select(i => (byte)(0xc1 ^ i)).ToArray() },
                };
            }
        }

        [Theory]
        [MemberData(nameof(BrokenFrames))]
        public async Task A_frame_that_breaks_the_protocol_fails_every_request_and_closes_the_connection(string what, byte[] frame)
        {
            const int InFlight = 3;
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                await peer.ReadRequestsAsync(InFlight);
                await peer.SendAsync(frame);
                await peer.WaitForCloseAsync();
            });
            TarantoolConnection connection = await ConnectAsync();
            long before = GC.GetTotalAllocatedBytes(precise: true);
            ValueTask<TarantoolResponse>[] requests = Enumerable.Range(0, InFlight).Select(i => connection.CallAsync("echo", new UnsignedKey((ulong)i))).ToArray();
            TarantoolProtocolException? first = null;
            foreach (ValueTask<TarantoolResponse> request in requests)
            {
                var error = await Assert.ThrowsAsync<TarantoolProtocolException>(async () =>
                {
                    using TarantoolResponse _ = await request.AsTask().WaitAsync(Guard);
                });
                Assert.True(error.ConnectionClosed, what);
                first ??= error;
                Assert.Same(first, error); // one exception for every request in flight
            }

            AssertAllocatedAtMost(GC.GetTotalAllocatedBytes(precise: true) - before, 1024 * 1024, what);
            var closed = Assert.Throws<IOException>(() => { _ = connection.PingAsync(); });
            Assert.Same(first, closed.InnerException);
            await connection.DisposeAsync();
            await served.WaitAsync(Guard);
            await ANewConnectionWorksAsync();
        }

        [Fact]
        public async Task A_duplicate_answer_is_never_delivered_and_closes_the_connection()
        {
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                FakeRequest[] requests = await peer.ReadRequestsAsync(2);
                await peer.SendAsync(Frames.Echo(requests[0].Sync, requests[0].EchoArgument));
                await peer.SendAsync(Frames.Echo(requests[0].Sync, 999)); // the same sync again
                await peer.WaitForCloseAsync();
            });
            await using TarantoolConnection connection = await ConnectAsync();
            ValueTask<TarantoolResponse> a = connection.CallAsync("echo", new UnsignedKey(1));
            ValueTask<TarantoolResponse> b = connection.CallAsync("echo", new UnsignedKey(2));
            using (TarantoolResponse response = await a.AsTask().WaitAsync(Guard))
            {
                Assert.Equal(1u, Echoed(response));
            }

            await Assert.ThrowsAsync<TarantoolProtocolException>(async () => { using TarantoolResponse _ = await b.AsTask().WaitAsync(Guard); });
            await served.WaitAsync(Guard);
            await ANewConnectionWorksAsync();
        }

        [Fact]
        public async Task An_unknown_code_fails_its_own_request_only()
        {
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                FakeRequest[] requests = await peer.ReadRequestsAsync(3);
                await peer.SendAsync(Frames.Response(0x01, requests[0].Sync, [0x81, 0x30, 0x91, 0x07])); // looks like data
                await peer.SendAsync(Frames.Response(0x1_0000, requests[1].Sync, Frames.EmptyMap)); // past the error codes
                await peer.SendAsync(Frames.Echo(requests[2].Sync, requests[2].EchoArgument));
                FakeRequest ping = await peer.ReadRequestAsync();
                await peer.SendAsync(Frames.Ok(ping.Sync));
                await peer.WaitForCloseAsync();
            });
            await using TarantoolConnection connection = await ConnectAsync();
            ValueTask<TarantoolResponse> a = connection.CallAsync("echo", new UnsignedKey(1));
            ValueTask<TarantoolResponse> b = connection.CallAsync("echo", new UnsignedKey(2));
            ValueTask<TarantoolResponse> c = connection.CallAsync("echo", new UnsignedKey(3));
            foreach (ValueTask<TarantoolResponse> unknown in new[] { a, b })
            {
                var error = await Assert.ThrowsAsync<TarantoolProtocolException>(async () => { using TarantoolResponse _ = await unknown.AsTask().WaitAsync(Guard); });
                Assert.False(error.ConnectionClosed);
            }

            using (TarantoolResponse response = await c.AsTask().WaitAsync(Guard))
            {
                Assert.Equal(3u, Echoed(response));
            }

            await connection.PingAsync().AsTask().WaitAsync(Guard);
            await connection.DisposeAsync();
            await served.WaitAsync(Guard);
        }

        [Fact]
        public async Task Non_canonical_length_prefixes_and_unknown_header_keys_are_accepted()
        {
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                FakeRequest[] requests = await peer.ReadRequestsAsync(3);
                byte[] body = [0x81, 0x30, 0x91, 0x0b];
                byte[] header = Frames.Header(0, requests[0].Sync);
                int length = header.Length + body.Length;
                await peer.SendAsync(Frames.WithPrefix([0xcf, 0, 0, 0, 0, 0, 0, 0, (byte)length], header, body)); // uint 64
                header = Frames.Header(0, requests[1].Sync);
                await peer.SendAsync(Frames.WithPrefix([(byte)length], header, [0x81, 0x30, 0x91, 0x0c])); // positive fixint
                header = Frames.HeaderOf((0x05, [0x01]), (0x42, [0x92, 0xa1, 0x78, 0xc0]), (0x01, Frames.UInt64(requests[2].Sync)), (0x00, [0x00]));
                await peer.SendAsync(Frames.Raw(header, [0x81, 0x30, 0x91, 0x0d])); // keys in another order, one unknown
                await peer.WaitForCloseAsync();
            });
            await using TarantoolConnection connection = await ConnectAsync();
            ValueTask<TarantoolResponse>[] requests = Enumerable.Range(0, 3).Select(i => connection.CallAsync("echo", new UnsignedKey((ulong)i))).ToArray();
            for (int i = 0; i < 3; i++)
            {
                using TarantoolResponse response = await requests[i].AsTask().WaitAsync(Guard);
                Assert.Equal(11u + (uint)i, Echoed(response));
            }

            await connection.DisposeAsync();
            await served.WaitAsync(Guard);
        }

        [Fact]
        public async Task A_deep_body_is_delivered_without_recursion_and_a_flood_of_pushes_is_skipped()
        {
            const int Depth = 100_000, Pushes = 10_000;
            byte[] deep = Frames.Concat([0x81, 0x30], Enumerable.Repeat((byte)0x91, Depth).ToArray(), [0x90]);
            byte[] push = Frames.Response(0x80, 0, [0x81, 0x30, 0x91, 0x01]);
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                FakeRequest request = await peer.ReadRequestAsync();
                Assert.Equal(0UL, request.Sync);
                await peer.SendAsync(Frames.Concat(Enumerable.Repeat(push, Pushes).ToArray()));
                await peer.SendAsync(Frames.Ok(request.Sync, deep));
                await peer.WaitForCloseAsync();
            });
            await using TarantoolConnection connection = await ConnectAsync();
            using (TarantoolResponse response = await connection.CallAsync("deep", new EmptyArray()).AsTask().WaitAsync(Guard))
            {
                Assert.Equal(deep.Length, response.Body.Length);
                Assert.Equal(Depth + 1, response.Data.Length);
            }

            await connection.DisposeAsync();
            await served.WaitAsync(Guard);
        }

        // ---- Lost connections ----

        [Fact]
        public async Task Truncation_and_reset_fail_every_request_with_an_IOException()
        {
            foreach (bool reset in new[] { false, true })
            {
                Task served = _server.ServeAsync(async peer =>
                {
                    await peer.SendGreetingAsync();
                    FakeRequest[] requests = await peer.ReadRequestsAsync(2);
                    await peer.SendAsync(Frames.Echo(requests[0].Sync, 5)[..12]); // half a frame
                    if (reset)
                    {
                        peer.Reset();
                    }
                });
                await using TarantoolConnection connection = await ConnectAsync();
                ValueTask<TarantoolResponse>[] requests = [connection.CallAsync("echo", new UnsignedKey(1)), connection.CallAsync("echo", new UnsignedKey(2))];
                foreach (ValueTask<TarantoolResponse> request in requests)
                {
                    await Assert.ThrowsAnyAsync<IOException>(async () => { using TarantoolResponse _ = await request.AsTask().WaitAsync(Guard); });
                }

                await served.WaitAsync(Guard);
            }

            await ANewConnectionWorksAsync();
        }

        [Fact]
        public async Task A_silent_server_trips_the_receive_idle_timeout_and_the_connection_closes()
        {
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                await peer.ReadRequestsAsync(2);
                await peer.WaitForCloseAsync();
            });
            TarantoolConnection connection = await ConnectAsync(new TarantoolConnectionOptions { ReceiveIdleTimeout = TimeSpan.FromMilliseconds(300) });
            ValueTask<TarantoolResponse>[] requests = [connection.CallAsync("echo", new UnsignedKey(1)), connection.CallAsync("echo", new UnsignedKey(2))];
            foreach (ValueTask<TarantoolResponse> request in requests)
            {
                await Assert.ThrowsAsync<TimeoutException>(async () => { using TarantoolResponse _ = await request.AsTask().WaitAsync(Guard); });
            }

            Assert.Throws<IOException>(() => { _ = connection.PingAsync(); });
            await connection.DisposeAsync();
            await served.WaitAsync(Guard);
            await ANewConnectionWorksAsync();
        }

        [Fact]
        public async Task A_trickled_answer_trips_the_request_timeout()
        {
            using var stop = new CancellationTokenSource();
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                FakeRequest request = await peer.ReadRequestAsync();
                await peer.TrickleAsync(Frames.Echo(request.Sync, 1), TimeSpan.FromMilliseconds(50), stop.Token);
                await peer.WaitForCloseAsync();
            });
            await using (TarantoolConnection connection = await ConnectAsync(new TarantoolConnectionOptions { RequestTimeout = TimeSpan.FromMilliseconds(400), ReceiveIdleTimeout = TimeSpan.FromSeconds(30) }))
            {
                await Assert.ThrowsAsync<TimeoutException>(async () =>
                {
                    using TarantoolResponse _ = await connection.CallAsync("echo", new UnsignedKey(1)).AsTask().WaitAsync(Guard);
                });
                stop.Cancel();
            }

            await served.WaitAsync(Guard);
            await ANewConnectionWorksAsync();
        }

        // ---- Bounded allocation ----

        [Fact]
        public async Task An_error_stack_of_a_million_frames_allocates_a_bounded_amount()
        {
            // {0x31: message, 0x52: {0x00: [1,000,000 empty maps]}}: before the limits, about 77 MB for 1 MB.
            const int Count = 1_000_000;
            byte[] body = Frames.Concat(
                [0x82, 0x31, 0xda, 0x40, 0x00], Enumerable.Repeat((byte)'m', 0x4000).ToArray(),
                [0x52, 0x81, 0x00, 0xdd, 0x00, 0x0f, 0x42, 0x40], Enumerable.Repeat((byte)0x80, Count).ToArray());
            byte[] frame = Frames.Response(0x8000 | 32, 0, body);
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                await peer.ReadRequestAsync();
                await peer.SendAsync(frame);
                await peer.WaitForCloseAsync();
            });
            await using TarantoolConnection connection = await ConnectAsync();
            long before = GC.GetTotalAllocatedBytes(precise: true);
            var error = await Assert.ThrowsAsync<TarantoolException>(async () =>
            {
                using TarantoolResponse _ = await connection.CallAsync("fails", new EmptyArray()).AsTask().WaitAsync(Guard);
            });
            long allocated = GC.GetTotalAllocatedBytes(precise: true) - before;
            Assert.Equal(32u, error.Code);
            Assert.Equal(TarantoolErrorFrame.MaxFrames, error.Stack.Count);
            Assert.Equal(TarantoolErrorFrame.MaxTextLength + 1, error.Message.Length); // cut, then "…"
            Assert.EndsWith("…", error.Message, StringComparison.Ordinal);
            // The frame is buffered (about 1 MB, in pooled segments), and the error itself is bounded whatever its size.
            AssertAllocatedAtMost(allocated, 2L * frame.Length + 1024 * 1024, "1 MB error stack");
            await connection.DisposeAsync();
            await served.WaitAsync(Guard);
            await ANewConnectionWorksAsync();
        }

        [Fact]
        public async Task An_error_frame_with_huge_texts_and_deep_fields_is_cut_to_the_limits()
        {
            byte[] frameMap = Frames.Concat(
                [0x83, 0x00, 0xdb, 0x00, 0x01, 0x00, 0x01, (byte)'a'],
                Frames.Concat(Enumerable.Repeat(new byte[] { 0xc3, 0xa9 }, 0x8000).ToArray()), // "a" and 64 KiB of "é": the cut falls inside one
                [0x03, 0xa1, 0x78],
                [0x06], Enumerable.Repeat((byte)0x91, 50_000).ToArray(), [0xc0]); // fields nested 50,000 deep
            byte[] body = Frames.Concat([0x81, 0x52, 0x81, 0x00, 0x91], frameMap);
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                FakeRequest request = await peer.ReadRequestAsync();
                await peer.SendAsync(Frames.Response(0x8000 | 1, request.Sync, body));
                await peer.WaitForCloseAsync();
            });
            await using TarantoolConnection connection = await ConnectAsync();
            var error = await Assert.ThrowsAsync<TarantoolException>(async () =>
            {
                using TarantoolResponse _ = await connection.CallAsync("fails", new EmptyArray()).AsTask().WaitAsync(Guard);
            });
            TarantoolErrorFrame frame = Assert.Single(error.Stack);
            Assert.Equal((TarantoolErrorFrame.MaxTextLength / 2) + 1, frame.Type.Length);
            Assert.Equal("x", frame.Message);
            Assert.Equal("{\"$truncated\":true}", frame.FieldsJson);
            await connection.DisposeAsync();
            await served.WaitAsync(Guard);
        }

        [Fact]
        public async Task A_large_answer_allocates_a_small_multiple_of_its_bytes_and_a_huge_claim_nothing()
        {
            const int Length = 4_000_000;
            byte[] body = Frames.Concat([0x81, 0x30, 0x91, 0xc6], BitConverter.IsLittleEndian ? BitConverter.GetBytes(Length).Reverse().ToArray() : BitConverter.GetBytes(Length), new byte[Length]);
            byte[] frame = Frames.Ok(0, body);
            Task served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                await peer.ReadRequestAsync();
                await peer.SendAsync(frame);
                await peer.WaitForCloseAsync();
            });
            TarantoolConnection connection = await ConnectAsync();
            long before = GC.GetTotalAllocatedBytes(precise: true);
            using (TarantoolResponse response = await connection.CallAsync("big", new EmptyArray()).AsTask().WaitAsync(Guard))
            {
                Assert.Equal(body.Length, response.Body.Length);
            }

            // Received into pooled segments (at most the frame), copied into one pooled array (at most twice the body).
            AssertAllocatedAtMost(GC.GetTotalAllocatedBytes(precise: true) - before, 3L * frame.Length + 1024 * 1024, "4 MB answer");
            await connection.DisposeAsync();
            await served.WaitAsync(Guard);

            // A prefix that claims a gigabyte: refused before a byte of it is buffered.
            served = _server.ServeAsync(async peer =>
            {
                await peer.SendGreetingAsync();
                await peer.ReadRequestAsync();
                await peer.SendAsync(Frames.WithPrefix([0xce, 0x40, 0, 0, 0], Frames.Header(0, 0), new byte[1000]));
                await peer.WaitForCloseAsync();
            });
            connection = await ConnectAsync();
            before = GC.GetTotalAllocatedBytes(precise: true);
            await Assert.ThrowsAsync<TarantoolProtocolException>(async () =>
            {
                using TarantoolResponse _ = await connection.CallAsync("big", new EmptyArray()).AsTask().WaitAsync(Guard);
            });
            AssertAllocatedAtMost(GC.GetTotalAllocatedBytes(precise: true) - before, 1024 * 1024, "1 GB claim");
            await connection.DisposeAsync();
            await served.WaitAsync(Guard);
            await ANewConnectionWorksAsync();
        }
    }
}
