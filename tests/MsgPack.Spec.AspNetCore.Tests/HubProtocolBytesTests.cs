using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.Options;
using Xunit;

namespace MsgPack.Spec.AspNetCore.Tests
{
    /// <summary>
    /// Every message type of the published protocol, written by ours and by the official MessagePackHubProtocol: the
    /// same bytes, and each side reads the other's into the same message.
    /// </summary>
    public sealed class HubProtocolBytesTests
    {
        internal static readonly MsgPackHubProtocol Ours = new MsgPackHubProtocol(Options.Create(Configure(new MsgPackHubProtocolOptions())));
        internal static readonly MessagePackHubProtocol Official = new MessagePackHubProtocol();

        internal static MsgPackHubProtocolOptions Configure(MsgPackHubProtocolOptions options)
        {
            options.Types.Add<Order>();
            options.Types.Add<Node>();
            return options;
        }

        private static readonly Guid SomeGuid = Guid.Parse("6f9619ff-8b86-d011-b42d-00c04fc964ff");

        /// <summary>Arguments of every type of the primitive set, at the boundaries of their forms.</summary>
        internal static readonly object?[] Primitives =
        [
            0, 1, 127, 128, 255, 256, 65535, 65536, int.MaxValue, -1, -32, -33, -128, -129, -32768, -32769, int.MinValue,
            long.MaxValue, long.MinValue, 4_294_967_296L, ulong.MaxValue, (byte)200, (sbyte)-100, (short)-300, (ushort)60000, 3_000_000_000u,
            true, false, 1.5, double.NaN, -0.0, 2.25f, 12.75m, 'x', null,
            "", "short", new string('a', 31), new string('b', 32), new string('c', 255), new string('d', 256), new string('e', 70_000), "héllo wörld ✓",
            Array.Empty<byte>(), new byte[] { 1, 2, 3 }, new byte[300], new byte[70_000],
            new DateTime(2026, 11, 29, 8, 0, 0, DateTimeKind.Utc), new DateTime(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc), new DateTime(2026, 1, 1, 0, 0, 0, 123, DateTimeKind.Utc).AddTicks(4567),
            new DateTime(2600, 1, 1, 0, 0, 0, DateTimeKind.Utc), new DateTime(1900, 1, 1, 0, 0, 0, DateTimeKind.Utc), SomeGuid,
            new[] { 1, 2, 3 }, new List<string> { "a", "b" },
        ];

        public static TheoryData<string, HubMessage> Messages()
        {
            var headers = new Dictionary<string, string> { ["trace"] = "abc", ["tenant"] = "é" };
            var data = new TheoryData<string, HubMessage>
            {
                { "invocation", new InvocationMessage("42", "Add", [1, 2]) },
                { "invocation without id", new InvocationMessage("Notify", [Order.Sample(1)]) },
                { "invocation with headers and streams", new InvocationMessage("7", "Upload", ["x"], ["1", "2"]) { Headers = headers } },
                { "invocation of every primitive", new InvocationMessage("8", "All", Primitives) },
                { "invocation of a model", new InvocationMessage("9", "Echo", [Order.Sample(3), null]) },
                { "stream invocation", new StreamInvocationMessage("3", "Orders", [10]) },
                { "stream invocation with streams", new StreamInvocationMessage("4", "Both", [], ["5"]) { Headers = headers } },
                { "stream item", new StreamItemMessage("3", Order.Sample(2)) },
                { "stream item of a primitive", new StreamItemMessage("3", 12345) },
                { "stream item null", new StreamItemMessage("3", null) },
                { "completion with result", CompletionMessage.WithResult("42", 3) },
                { "completion with a model", CompletionMessage.WithResult("42", Order.Sample(4)) },
                { "completion with null result", CompletionMessage.WithResult("42", null) },
                { "completion void", CompletionMessage.Empty("42") },
                { "completion error", CompletionMessage.WithError("42", "refused") },
                { "completion with headers", new CompletionMessage("42", null, "ok", true) { Headers = headers } },
                { "cancel invocation", new CancelInvocationMessage("3") },
                { "ping", PingMessage.Instance },
                { "close", CloseMessage.Empty },
                { "close with error", new CloseMessage("Connection closed with an error.") },
                { "close with reconnect", new CloseMessage("bye", allowReconnect: true) },
                { "ack", new AckMessage(1) },
                { "ack of a large id", new AckMessage(long.MaxValue) },
                { "sequence", new SequenceMessage(1_000_000) },
            };
            return data;
        }

        [Theory]
        [MemberData(nameof(Messages))]
        public void Ours_writes_the_official_bytes(string name, HubMessage message)
        {
            byte[] official = Write(Official, message);
            byte[] ours = Write(Ours, message);
            Assert.True(official.AsSpan().SequenceEqual(ours), name + ": official " + Convert.ToHexString(official.AsSpan(0, Math.Min(200, official.Length))) + " ours " + Convert.ToHexString(ours.AsSpan(0, Math.Min(200, ours.Length))));
            Assert.Equal(official, Ours.GetMessageBytes(message).ToArray());
        }

        [Theory]
        [MemberData(nameof(Messages))]
        public void Each_reads_the_others_bytes_into_the_same_message(string name, HubMessage message)
        {
            var binder = new TestBinder(message);
            HubMessage fromOfficial = ParseOne(Ours, Write(Official, message), binder);
            HubMessage fromOurs = ParseOne(Official, Write(Ours, message), binder);
            Assert.Equal(Describe(fromOurs), Describe(fromOfficial));
            Assert.Equal(Describe(message), Describe(fromOfficial));
            Assert.NotNull(name);
        }

        [Fact]
        public void Several_messages_in_one_buffer_and_every_split_of_them()
        {
            HubMessage[] messages = [new InvocationMessage("1", "Echo", [Order.Sample(1), null]), PingMessage.Instance, CompletionMessage.WithResult("42", 3), new AckMessage(5)];
            byte[] all = messages.SelectMany(m => Write(Official, m)).ToArray();
            var binder = new TestBinder(messages[0], item: typeof(int));
            for (int split = 0; split <= all.Length; split++)
            {
                var parsed = new List<HubMessage>();
                var pending = new List<byte>(all.AsSpan(0, split).ToArray());
                foreach (byte[] chunk in new[] { Array.Empty<byte>(), all.AsSpan(split).ToArray() })
                {
                    pending.AddRange(chunk);
                    var input = new ReadOnlySequence<byte>(pending.ToArray());
                    while (Ours.TryParseMessage(ref input, binder, out HubMessage? message))
                    {
                        parsed.Add(message);
                    }

                    pending = new List<byte>(input.ToArray());
                }

                Assert.Equal(messages.Select(Describe), parsed.Select(Describe));
                Assert.Empty(pending);
            }
        }

        [Fact]
        public void Writing_a_message_allocates_nothing()
        {
            // The message and its boxed arguments are made first; the write itself (the measure pass, the prefix, the
            // values) allocates nothing. Two rounds, one of which must be 0 B: a one-off (tier-up) shows in one only.
            HubMessage[] messages =
            [
                new InvocationMessage("42", "Echo", [Order.Sample(1), 7, "text", null, new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc)]),
                new StreamItemMessage("3", Order.Sample(2)),
                CompletionMessage.WithResult("42", new[] { Order.Sample(3), Order.Sample(4) }),
                new CloseMessage("bye", allowReconnect: true),
                new AckMessage(9),
            ];
            var output = new ArrayBufferWriter<byte>(64 * 1024);
            long[] rounds = new long[2];
            for (int round = 0; round < rounds.Length; round++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                for (int i = 0; i < 100; i++)
                {
                    output.ResetWrittenCount();
                    foreach (HubMessage message in messages)
                    {
                        Ours.WriteMessage(message, output);
                    }
                }

                rounds[round] = GC.GetAllocatedBytesForCurrentThread() - before;
            }

            Assert.Contains(0L, rounds);
        }

        [Fact]
        public void The_protocol_is_named_and_versioned_as_the_official_one()
        {
            Assert.Equal(Official.Name, Ours.Name);
            Assert.Equal(Official.Version, Ours.Version);
            Assert.Equal(TransferFormat.Binary, Ours.TransferFormat);
            Assert.True(Ours.IsVersionSupported(1));
            Assert.True(Ours.IsVersionSupported(2));
            Assert.False(Ours.IsVersionSupported(3));
        }

        [Fact]
        public void An_argument_of_a_type_not_registered_fails_the_binding_and_the_write_says_how_to_register_it()
        {
            var binder = new TestBinder(parameters: [typeof(Uri)]);
            var input = new ReadOnlySequence<byte>(Write(Official, new InvocationMessage("1", "Go", ["http://x/"])));
            Assert.True(Ours.TryParseMessage(ref input, binder, out HubMessage? message));
            InvocationBindingFailureMessage failure = Assert.IsType<InvocationBindingFailureMessage>(message);
            Assert.Contains("System.Uri", failure.BindingFailure.SourceException.ToString());

            var error = Assert.Throws<InvalidOperationException>(() => Write(Ours, new InvocationMessage("Go", [new Uri("http://x/")])));
            Assert.Contains("Add<Uri>()", error.Message);
        }

        [Fact]
        public void Arguments_of_the_wrong_count_or_type_fail_the_binding_only()
        {
            var binder = new TestBinder(parameters: [typeof(int), typeof(int)]);
            var input = new ReadOnlySequence<byte>(Write(Official, new InvocationMessage("1", "Add", [1])));
            Assert.True(Ours.TryParseMessage(ref input, binder, out HubMessage? count));
            Assert.IsType<InvocationBindingFailureMessage>(count);

            input = new ReadOnlySequence<byte>(Write(Official, new InvocationMessage("1", "Add", ["one", 2])));
            Assert.True(Ours.TryParseMessage(ref input, binder, out HubMessage? type));
            Assert.Contains("Error binding argument 1", Assert.IsType<InvocationBindingFailureMessage>(type).BindingFailure.SourceException.Message);
        }

        internal static byte[] Write(IHubProtocol protocol, HubMessage message)
        {
            var output = new ArrayBufferWriter<byte>();
            protocol.WriteMessage(message, output);
            return output.WrittenSpan.ToArray();
        }

        internal static HubMessage ParseOne(IHubProtocol protocol, byte[] bytes, IInvocationBinder binder)
        {
            var input = new ReadOnlySequence<byte>(bytes);
            Assert.True(protocol.TryParseMessage(ref input, binder, out HubMessage? message));
            Assert.True(input.IsEmpty);
            return message!;
        }

        /// <summary>A message as text, arguments and results by value (models by their fields), for comparison.</summary>
        internal static string Describe(HubMessage message) => message switch
        {
            InvocationMessage m => $"{m.GetType().Name} id={m.InvocationId} target={m.Target} args=[{string.Join(",", m.Arguments.Select(Value))}] streams=[{string.Join(",", m.StreamIds ?? [])}] headers={Headers(m.Headers)}",
            StreamInvocationMessage m => $"{m.GetType().Name} id={m.InvocationId} target={m.Target} args=[{string.Join(",", m.Arguments.Select(Value))}] streams=[{string.Join(",", m.StreamIds ?? [])}] headers={Headers(m.Headers)}",
            StreamItemMessage m => $"item id={m.InvocationId} {Value(m.Item)} headers={Headers(m.Headers)}",
            CompletionMessage m => $"completion id={m.InvocationId} error={m.Error} has={m.HasResult} result={Value(m.Result)} headers={Headers(m.Headers)}",
            CancelInvocationMessage m => $"cancel id={m.InvocationId} headers={Headers(m.Headers)}",
            PingMessage => "ping",
            CloseMessage m => $"close error={m.Error} reconnect={m.AllowReconnect}",
            AckMessage m => $"ack {m.SequenceId}",
            SequenceMessage m => $"sequence {m.SequenceId}",
            _ => message.ToString()!,
        };

        private static string Headers(IDictionary<string, string>? headers) =>
            headers is null ? "none" : string.Join(";", headers.OrderBy(h => h.Key, StringComparer.Ordinal).Select(h => h.Key + "=" + h.Value));

        private static string Value(object? value) => value switch
        {
            null => "null",
            Order o => $"Order({o.Id},{o.Customer},{o.Placed:O},{string.Join("|", o.Lines.Select(l => l.Sku + "*" + l.Quantity + "@" + l.Price))})",
            byte[] b => "bin:" + Convert.ToHexString(b),
            DateTime d => d.ToUniversalTime().ToString("O"),
            string s => "str:" + s,
            System.Collections.IEnumerable e => "[" + string.Join(",", e.Cast<object?>().Select(Value)) + "]",
            double d => d.ToString("R", System.Globalization.CultureInfo.InvariantCulture),
            float f => f.ToString("R", System.Globalization.CultureInfo.InvariantCulture),
            IFormattable f => f.ToString(null, System.Globalization.CultureInfo.InvariantCulture),
            _ => value.ToString()!,
        };
    }

    /// <summary>What a hub or a client would answer, made from the message at hand: each argument's own type.</summary>
    internal sealed class TestBinder : IInvocationBinder
    {
        private readonly IReadOnlyList<Type> _parameters;
        private readonly Type? _item;

        public TestBinder(HubMessage? message = null, Type[]? parameters = null, Type? item = null)
        {
            object?[] arguments = message switch
            {
                InvocationMessage m => m.Arguments,
                StreamInvocationMessage m => m.Arguments,
                _ => [],
            };
            _parameters = parameters ?? arguments.Select(a => a?.GetType() ?? typeof(string)).ToArray();
            _item = item ?? message switch
            {
                StreamItemMessage m => m.Item?.GetType() ?? typeof(string),
                CompletionMessage m => m.Result?.GetType() ?? typeof(string),
                _ => typeof(Order),
            };
        }

        public Type GetReturnType(string invocationId) => _item ?? throw new InvalidOperationException("unknown invocation");

        public IReadOnlyList<Type> GetParameterTypes(string methodName) => _parameters;

        public Type GetStreamItemType(string streamId) => _item ?? throw new InvalidOperationException("unknown stream");
    }
}
