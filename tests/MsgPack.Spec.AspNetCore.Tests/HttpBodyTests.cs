using System;
using System.Globalization;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Net.Sockets;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace MsgPack.Spec.AspNetCore.Tests
{
    public sealed class HttpBodyTests
    {
        private static Task<Host> StartMinimal(Action<MsgPackHttpOptions>? options = null, long? kestrelLimit = null) =>
            Host.StartAsync(
                services =>
                {
                    services.AddMsgPackHttp(options);
                    if (kestrelLimit is not null)
                    {
                        services.Configure<KestrelServerOptions>(k => k.Limits.MaxRequestBodySize = kestrelLimit);
                    }
                },
                app =>
                {
                    app.MapPost("/orders", (MsgPackBody<Order> order) =>
                        order.IsValid ? MsgPackResults.Ok(Processed(order.Value)) : order.Problem);
                    app.MapPost("/read", async (HttpRequest request) =>
                    {
                        MsgPackBody<Order> order = await request.ReadMsgPackAsync<Order>();
                        return order.IsValid ? MsgPackResults.Value(StatusCodes.Status201Created, order.Value) : order.Problem;
                    });
                    app.MapPost("/nodes", (MsgPackBody<Node> node) => node.IsValid ? Results.Ok() : node.Problem);
                });

        private static Order Processed(Order order)
        {
            order.Id += 1000;
            return order;
        }

        private static ByteArrayContent Body(byte[] bytes, string contentType = MsgPackMediaTypes.XMsgPack)
        {
            var content = new ByteArrayContent(bytes);
            content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
            return content;
        }

        [Theory]
        [InlineData(MsgPackMediaTypes.XMsgPack)]
        [InlineData(MsgPackMediaTypes.MsgPack)]
        [InlineData("application/x-msgpack; charset=binary")]
        public async Task A_minimal_API_handler_reads_the_body_and_writes_the_result(string contentType)
        {
            await using Host host = await StartMinimal();
            Order order = Order.Sample(7);
            using HttpResponseMessage response = await host.Client.PostAsync("orders", Body(Bytes.Of(order), contentType));

            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            Assert.Equal(MsgPackMediaTypes.XMsgPack, response.Content.Headers.ContentType?.MediaType);
            byte[] body = await response.Content.ReadAsByteArrayAsync();
            Assert.Equal(body.Length, response.Content.Headers.ContentLength);
            Order back = Bytes.Read<Order>(body);
            order.Id += 1000;
            Assert.True(order.SameAs(back));
        }

        [Fact]
        public async Task ReadMsgPackAsync_and_a_status_of_ones_choice()
        {
            await using Host host = await StartMinimal();
            using HttpResponseMessage response = await host.Client.PostAsync("read", Body(Bytes.Of(Order.Sample(1))));
            Assert.Equal(HttpStatusCode.Created, response.StatusCode);
            Assert.True(Order.Sample(1).SameAs(Bytes.Read<Order>(await response.Content.ReadAsByteArrayAsync())));
        }

        [Fact]
        public async Task A_body_of_another_media_type_is_415()
        {
            await using Host host = await StartMinimal();
            using HttpResponseMessage json = await host.Client.PostAsync("orders", Body(Bytes.Of(Order.Sample(1)), "application/json"));
            await AssertProblem(json, HttpStatusCode.UnsupportedMediaType, "Content-Type");

            using var none = new ByteArrayContent(Bytes.Of(Order.Sample(1)));
            using HttpResponseMessage missing = await host.Client.PostAsync("orders", none);
            await AssertProblem(missing, HttpStatusCode.UnsupportedMediaType, "missing");
        }

        public static TheoryData<string, byte[], string> Malformed() => new TheoryData<string, byte[], string>
        {
            { "empty", Array.Empty<byte>(), "empty" },
            { "never used 0xc1", new byte[] { 0xc1 }, "Order" },
            { "truncated", Bytes.Of(Order.Sample(3)).AsSpan(0, 20).ToArray(), "Order" },
            { "trailing bytes", [.. Bytes.Of(Order.Sample(3)), 0x01, 0x02], "2 bytes after" },
            { "another type", new byte[] { 0x2a }, "Order" },
            { "a str claiming 4 GiB", new byte[] { 0x81, 0xa8, (byte)'C', (byte)'u', (byte)'s', (byte)'t', (byte)'o', (byte)'m', (byte)'e', (byte)'r', 0xdb, 0xff, 0xff, 0xff, 0xff }, "Order" },
        };

        [Theory]
        [MemberData(nameof(Malformed))]
        public async Task A_malformed_body_is_400_with_the_reason_and_no_stack_trace(string name, byte[] bytes, string reason)
        {
            await using Host host = await StartMinimal();
            using HttpResponseMessage response = await host.Client.PostAsync("orders", Body(bytes));
            await AssertProblem(response, HttpStatusCode.BadRequest, reason);
            Assert.NotNull(name);

            // The server still serves.
            using HttpResponseMessage next = await host.Client.PostAsync("orders", Body(Bytes.Of(Order.Sample(1))));
            Assert.Equal(HttpStatusCode.OK, next.StatusCode);
        }

        [Fact]
        public async Task Nesting_past_the_depth_limit_is_400_not_a_crash()
        {
            await using Host host = await StartMinimal();
            using HttpResponseMessage deep = await host.Client.PostAsync("nodes", Body(Bytes.DeepNode(100_000)));
            await AssertProblem(deep, HttpStatusCode.BadRequest, "MaxDepth");

            using HttpResponseMessage shallow = await host.Client.PostAsync("nodes", Body(Bytes.DeepNode(60)));
            Assert.Equal(HttpStatusCode.OK, shallow.StatusCode);
        }

        [Fact]
        public async Task A_body_over_the_option_is_413_whether_its_length_is_declared_or_not()
        {
            await using Host host = await StartMinimal(o => o.MaxBodyLength = 1024);
            var big = new Order { Customer = new string('x', 2000) };

            using HttpResponseMessage declared = await host.Client.PostAsync("orders", Body(Bytes.Of(big)));
            await AssertProblem(declared, HttpStatusCode.RequestEntityTooLarge, "1024");

            // Chunked: no Content-Length, so the limit is found while reading. Sent whole and then read on a socket of
            // its own: the server answers and closes the connection, which an HttpClient still sending may see as a
            // reset before it reads the answer.
            string streamed = await RawChunkedPost(host, "/orders", Bytes.Of(big));
            Assert.StartsWith("HTTP/1.1 413 ", streamed, StringComparison.Ordinal);
            Assert.Contains("1024 bytes", streamed, StringComparison.Ordinal);
            Assert.DoesNotContain("   at ", streamed, StringComparison.Ordinal);

            // Under the limit, fine.
            using HttpResponseMessage small = await host.Client.PostAsync("orders", Body(Bytes.Of(Order.Sample(2))));
            Assert.Equal(HttpStatusCode.OK, small.StatusCode);
        }

        [Fact]
        public async Task Without_the_option_the_servers_MaxRequestBodySize_is_the_limit()
        {
            await using Host host = await StartMinimal(kestrelLimit: 500);
            var big = new Order { Customer = new string('x', 600) };
            using HttpResponseMessage declared = await host.Client.PostAsync("orders", Body(Bytes.Of(big)));
            await AssertProblem(declared, HttpStatusCode.RequestEntityTooLarge, "500");

            string streamed = await RawChunkedPost(host, "/orders", Bytes.Of(big));
            Assert.StartsWith("HTTP/1.1 413 ", streamed, StringComparison.Ordinal);
            Assert.Contains("500 bytes", streamed, StringComparison.Ordinal);
        }

        [Fact]
        public async Task The_option_raises_the_servers_limit_for_the_request()
        {
            await using Host host = await StartMinimal(o => o.MaxBodyLength = 100_000, kestrelLimit: 500);
            var big = new Order { Customer = new string('x', 50_000) };
            using var chunked = new StreamContent(new NoLengthStream(Bytes.Of(big)));
            chunked.Headers.ContentType = MediaTypeHeaderValue.Parse(MsgPackMediaTypes.XMsgPack);
            using HttpResponseMessage response = await host.Client.PostAsync("orders", chunked);
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            Assert.Equal(big.Customer, Bytes.Read<Order>(await response.Content.ReadAsByteArrayAsync()).Customer);
        }

        [Fact]
        public void The_option_refuses_a_limit_out_of_range()
        {
            var options = new MsgPackHttpOptions();
            Assert.Throws<ArgumentOutOfRangeException>(() => options.MaxBodyLength = 0);
            Assert.Throws<ArgumentOutOfRangeException>(() => options.MaxBodyLength = (long)int.MaxValue + 1);
            options.MaxBodyLength = null;
            Assert.Null(options.MaxBodyLength);
        }

        [Fact]
        public void An_unread_body_says_so()
        {
            MsgPackBody<Order> none = default;
            Assert.False(none.IsValid);
            Assert.Throws<InvalidOperationException>(() => none.Value);
        }

        // MVC: the formatters over the registry.

        private static Task<Host> StartMvc(long? limit = null) =>
            Host.StartAsync(
                services => services.AddControllers().AddMsgPackFormatters(o =>
                {
                    o.Types.Add<Order>();
                    o.MaxBodyLength = limit;
                }).AddApplicationPart(typeof(OrdersController).Assembly),
                app => app.MapControllers());

        [Theory]
        [InlineData(MsgPackMediaTypes.XMsgPack)]
        [InlineData(MsgPackMediaTypes.MsgPack)]
        public async Task An_MVC_action_reads_and_writes_MessagePack(string mediaType)
        {
            await using Host host = await StartMvc();
            using var request = new HttpRequestMessage(HttpMethod.Post, "mvc/orders") { Content = Body(Bytes.Of(Order.Sample(5)), mediaType) };
            request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(mediaType));
            using HttpResponseMessage response = await host.Client.SendAsync(request);

            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            Assert.Equal(mediaType, response.Content.Headers.ContentType?.MediaType);
            byte[] body = await response.Content.ReadAsByteArrayAsync();
            Assert.Equal(body.Length, response.Content.Headers.ContentLength);
            Order expected = Order.Sample(5);
            expected.Id = 5 * 2;
            Assert.True(expected.SameAs(Bytes.Read<Order>(body)));

            // Arrays of a registered type are registered with it.
            using var many = new HttpRequestMessage(HttpMethod.Get, "mvc/orders?count=3");
            many.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(mediaType));
            using HttpResponseMessage list = await host.Client.SendAsync(many);
            var reader = new MsgPackReader(await list.Content.ReadAsByteArrayAsync());
            Assert.Equal(3, reader.ReadArrayHeader());
        }

        [Fact]
        public async Task An_MVC_action_answers_a_malformed_body_with_400_and_no_stack_trace()
        {
            await using Host host = await StartMvc();
            using HttpResponseMessage response = await host.Client.PostAsync("mvc/orders", Body(new byte[] { 0x81, 0xa2, (byte)'I', (byte)'d', 0xc1 }));
            Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
            string text = await response.Content.ReadAsStringAsync();
            Assert.Contains("Order", text);
            Assert.DoesNotContain("   at ", text);
        }

        [Fact]
        public async Task An_MVC_action_answers_a_body_over_the_limit_with_413()
        {
            await using Host host = await StartMvc(limit: 256);
            using HttpResponseMessage response = await host.Client.PostAsync("mvc/orders", Body(Bytes.Of(new Order { Customer = new string('y', 1000) })));
            Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
            Assert.DoesNotContain("   at ", await response.Content.ReadAsStringAsync());
        }

        private static async Task AssertProblem(HttpResponseMessage response, HttpStatusCode status, string reason)
        {
            Assert.Equal(status, response.StatusCode);
            Assert.Equal("text/plain", response.Content.Headers.ContentType?.MediaType);
            string text = await response.Content.ReadAsStringAsync();
            Assert.Contains(reason, text, StringComparison.Ordinal);
            Assert.DoesNotContain("   at ", text, StringComparison.Ordinal); // a stack frame
            Assert.DoesNotContain("Exception", text, StringComparison.Ordinal);
            Assert.DoesNotContain('\n', text);
        }

        /// <summary>A chunked POST written whole on a socket of its own; returns the response as text.</summary>
        private static async Task<string> RawChunkedPost(Host host, string path, byte[] body)
        {
            using var tcp = new TcpClient();
            await tcp.ConnectAsync("127.0.0.1", host.Address.Port);
            NetworkStream stream = tcp.GetStream();
            string head = "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: " + MsgPackMediaTypes.XMsgPack
                + "\r\nTransfer-Encoding: chunked\r\n\r\n" + body.Length.ToString("x", CultureInfo.InvariantCulture) + "\r\n";
            await stream.WriteAsync(Encoding.ASCII.GetBytes(head));
            await stream.WriteAsync(body);
            await stream.WriteAsync(Encoding.ASCII.GetBytes("\r\n0\r\n\r\n"));
            using var response = new MemoryStream();
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
            byte[] buffer = new byte[4096];
            int read;
            while ((read = await stream.ReadAsync(buffer, timeout.Token)) > 0)
            {
                response.Write(buffer, 0, read);
            }

            return Encoding.UTF8.GetString(response.ToArray());
        }

        /// <summary>A body whose length the client does not know: sent chunked.</summary>
        private sealed class NoLengthStream : MemoryStream
        {
            public NoLengthStream(byte[] bytes)
                : base(bytes)
            {
            }

            public override bool CanSeek => false;
        }
    }

    [ApiController]
    [Route("mvc/orders")]
    public sealed class OrdersController : ControllerBase
    {
        [HttpPost]
        public Order Echo(Order order)
        {
            order.Id *= 2;
            return order;
        }

        [HttpGet]
        public Order[] List(int count)
        {
            var orders = new Order[count];
            for (int i = 0; i < count; i++)
            {
                orders[i] = Order.Sample(i);
            }

            return orders;
        }
    }
}
