using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.IO;
using System.Runtime.ExceptionServices;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.Options;

namespace MsgPack.Spec.AspNetCore
{
    /// <summary>
    /// SignalR's MessagePack hub protocol ("messagepack", version 2), on MsgPack.Spec: the bytes of the published
    /// protocol (HubProtocol.md), so that either end may be the official <c>MessagePackHubProtocol</c>, and the
    /// arguments, results and stream items written by the generated serializers, with no reflection (native AOT).
    /// </summary>
    /// <remarks>
    /// <para>
    /// Every message is an array whose first item is its type: invocation
    /// <c>[1, headers, invocationId or nil, target, [arguments], [streamIds]]</c>, stream item <c>[2, headers, invocationId, item]</c>,
    /// completion <c>[3, headers, invocationId, 1 error | 2 void | 3 result, error or result]</c>, stream invocation
    /// <c>[4, ...]</c> as an invocation, cancel invocation <c>[5, headers, invocationId]</c>, ping <c>[6]</c>, close
    /// <c>[7, error or nil, allowReconnect]</c>, ack <c>[8, sequenceId]</c> and sequence <c>[9, sequenceId]</c>; each message
    /// is prefixed with its length as a VarInt.
    /// </para>
    /// <para>
    /// A message is measured before it is written (the generated types know their exact length), so its prefix and
    /// its bytes go straight into the transport's buffer, with no copy through a buffer of its own.
    /// </para>
    /// <para>
    /// Malformed input (a message that is not such an array, a prefix of 2^31 or more, a string that is not UTF-8) throws
    /// <see cref="InvalidDataException"/>, and SignalR closes the connection, as with the official protocol; arguments
    /// that do not fit the hub method (a type not registered, a value of another type, too few or too many) fail that
    /// invocation's binding only. A message of a type number this protocol does not know is skipped, and the messages
    /// after it in the same buffer are parsed at once.
    /// </para>
    /// </remarks>
    public sealed class MsgPackHubProtocol : IHubProtocol
    {
        /// <summary>The protocol's name, that of the official MessagePack protocol: a client that asks for "messagepack" gets this one.</summary>
        public const string ProtocolName = "messagepack";

        /// <summary>The version of the published protocol spoken (2: ack and sequence messages).</summary>
        public const int ProtocolVersion = 2;

        private const int ErrorResult = 1;
        private const int VoidResult = 2;
        private const int NonVoidResult = 3;

        private readonly MsgPackTypeRegistry _types;

        /// <summary>Creates the protocol with the primitive set only.</summary>
        public MsgPackHubProtocol()
        {
            _types = new MsgPackTypeRegistry();
        }

        /// <summary>Creates the protocol with the options' types (how <c>AddMsgPackProtocol</c> registers it).</summary>
        /// <param name="options">The options.</param>
        /// <exception cref="ArgumentNullException"><paramref name="options"/> is <see langword="null"/>.</exception>
        public MsgPackHubProtocol(IOptions<MsgPackHubProtocolOptions> options)
        {
            ArgumentNullException.ThrowIfNull(options);
            _types = options.Value.Types;
        }

        /// <inheritdoc/>
        public string Name => ProtocolName;

        /// <inheritdoc/>
        public int Version => ProtocolVersion;

        /// <inheritdoc/>
        public TransferFormat TransferFormat => TransferFormat.Binary;

        /// <inheritdoc/>
        public bool IsVersionSupported(int version) => version <= Version;

        /// <inheritdoc/>
        public bool TryParseMessage(ref ReadOnlySequence<byte> input, IInvocationBinder binder, [NotNullWhen(true)] out HubMessage? message)
        {
            ArgumentNullException.ThrowIfNull(binder);

            // A message of a type this protocol does not know is consumed and skipped, as the published protocol asks,
            // and the next one is parsed at once: a parser that returned false there would leave the messages after it
            // in the buffer until more bytes arrive.
            while (BinaryFraming.TryReadMessage(ref input, out ReadOnlySequence<byte> payload))
            {
                try
                {
                    message = new MessageReader(payload, binder, _types).Read();
                }
                catch (MsgPackException exception)
                {
                    throw new InvalidDataException("The message is not a valid message of the MessagePack hub protocol: " + exception.Message, exception);
                }

                if (message is not null)
                {
                    return true;
                }
            }

            message = null;
            return false;
        }

        /// <inheritdoc/>
        public void WriteMessage(HubMessage message, IBufferWriter<byte> output)
        {
            ArgumentNullException.ThrowIfNull(message);
            ArgumentNullException.ThrowIfNull(output);
            var writer = new MessageWriter(_types);
            int length = writer.Measure(message);
            Span<byte> prefix = output.GetSpan(BinaryFraming.MaxPrefixLength);
            output.Advance(BinaryFraming.WritePrefix(prefix, length));
            writer.Write(message, output, length);
        }

        /// <inheritdoc/>
        public ReadOnlyMemory<byte> GetMessageBytes(HubMessage message)
        {
            ArgumentNullException.ThrowIfNull(message);
            var writer = new MessageWriter(_types);
            int length = writer.Measure(message);
            int total = BinaryFraming.GetPrefixLength(length) + length;

            // Room for what a writer asks of its buffer beyond the bytes it then writes (a span for the longest form of a
            // number near the end): the buffer does not grow, and the message is returned where it was written.
            var output = new ArrayBufferWriter<byte>(total + 16);
            BinaryFraming.WritePrefix(output.GetSpan(BinaryFraming.MaxPrefixLength), length);
            output.Advance(total - length);
            writer.Write(message, output, length);
            return output.WrittenMemory;
        }

        /// <summary>Reads one message's payload (its length prefix taken off).</summary>
        private ref struct MessageReader
        {
            private readonly ReadOnlySequence<byte> _payload;
            private readonly IInvocationBinder _binder;
            private readonly MsgPackTypeRegistry _types;
            private MsgPackReader _reader;

            public MessageReader(ReadOnlySequence<byte> payload, IInvocationBinder binder, MsgPackTypeRegistry types)
            {
                _payload = payload;
                _binder = binder;
                _types = types;
                _reader = new MsgPackReader(payload);
            }

            public HubMessage? Read()
            {
                int itemCount = _reader.ReadArrayHeader();
                int messageType = _reader.ReadInt32();
                switch (messageType)
                {
                    case HubProtocolConstants.InvocationMessageType:
                        return ReadInvocation(itemCount, stream: false);
                    case HubProtocolConstants.StreamInvocationMessageType:
                        return ReadInvocation(itemCount, stream: true);
                    case HubProtocolConstants.StreamItemMessageType:
                        return ReadStreamItem();
                    case HubProtocolConstants.CompletionMessageType:
                        return ReadCompletion();
                    case HubProtocolConstants.CancelInvocationMessageType:
                        return ReadCancelInvocation();
                    case HubProtocolConstants.PingMessageType:
                        return PingMessage.Instance;
                    case HubProtocolConstants.CloseMessageType:
                        return ReadClose(itemCount);
                    case HubProtocolConstants.AckMessageType:
                        return new AckMessage(_reader.ReadInt64());
                    case HubProtocolConstants.SequenceMessageType:
                        return new SequenceMessage(_reader.ReadInt64());
                    default:
                        return null; // a later version's message: skipped
                }
            }

            private HubMessage ReadInvocation(int itemCount, bool stream)
            {
                Dictionary<string, string>? headers = ReadHeaders();
                string? invocationId = ReadNullableString();
                if (stream)
                {
                    ThrowIfNullOrEmpty(invocationId, "invocation ID for StreamInvocation message");
                }
                else if (invocationId is { Length: 0 })
                {
                    invocationId = null; // an empty ID is a non-blocking invocation, as nil is
                }

                string target = ReadTarget();
                object?[] arguments;
                try
                {
                    arguments = ReadArguments(_binder.GetParameterTypes(target));
                }
                catch (Exception exception)
                {
                    return new InvocationBindingFailureMessage(invocationId, target, ExceptionDispatchInfo.Capture(exception));
                }

                // Clients before stream parameters send 5 items.
                string[]? streamIds = itemCount > 5 ? ReadStreamIds() : null;
                return stream
                    ? WithHeaders(headers, new StreamInvocationMessage(invocationId!, target, arguments, streamIds))
                    : WithHeaders(headers, new InvocationMessage(invocationId, target, arguments, streamIds));
            }

            private HubMessage ReadStreamItem()
            {
                Dictionary<string, string>? headers = ReadHeaders();
                string? invocationId = ReadNullableString();
                ThrowIfNullOrEmpty(invocationId, "invocation ID for StreamItem message");
                object? item;
                try
                {
                    item = _types.Get(_binder.GetStreamItemType(invocationId)).ReadObject(ref _reader);
                }
                catch (Exception exception)
                {
                    return new StreamBindingFailureMessage(invocationId, ExceptionDispatchInfo.Capture(exception));
                }

                return WithHeaders(headers, new StreamItemMessage(invocationId, item));
            }

            private CompletionMessage ReadCompletion()
            {
                Dictionary<string, string>? headers = ReadHeaders();
                string? invocationId = ReadNullableString();
                ThrowIfNullOrEmpty(invocationId, "invocation ID for Completion message");
                int resultKind = _reader.ReadInt32();
                string? error = null;
                object? result = null;
                bool hasResult = false;
                switch (resultKind)
                {
                    case ErrorResult:
                        error = ReadNullableString();
                        break;
                    case VoidResult:
                        break;
                    case NonVoidResult:
                        hasResult = true;
                        Type? type = TryGetReturnType(invocationId);
                        if (type is null)
                        {
                            _reader.Skip();
                        }
                        else if (type == typeof(RawResult))
                        {
                            long start = _reader.Consumed;
                            _reader.Skip();
                            result = new RawResult(_payload.Slice(start, _reader.Consumed - start));
                        }
                        else if (!_types.TryGet(type, out MsgPackTypeInfo? info))
                        {
                            _reader.Skip();
                            error = "Error trying to deserialize result to " + type.Name + ". " + MsgPackTypeRegistry.NotRegistered(type).Message;
                            hasResult = false;
                        }
                        else
                        {
                            try
                            {
                                result = info.ReadObject(ref _reader);
                            }
                            catch (MsgPackException exception)
                            {
                                error = "Error trying to deserialize result to " + type.Name + ". " + exception.Message;
                                hasResult = false;
                            }
                        }

                        break;
                    default:
                        throw new InvalidDataException("Invalid invocation result kind.");
                }

                return WithHeaders(headers, new CompletionMessage(invocationId, error, result, hasResult));
            }

            private CancelInvocationMessage ReadCancelInvocation()
            {
                Dictionary<string, string>? headers = ReadHeaders();
                string? invocationId = ReadNullableString();
                ThrowIfNullOrEmpty(invocationId, "invocation ID for CancelInvocation message");
                return WithHeaders(headers, new CancelInvocationMessage(invocationId));
            }

            private CloseMessage ReadClose(int itemCount)
            {
                string? error = ReadNullableString();
                bool allowReconnect = itemCount > 2 && _reader.ReadBoolean();
                return error is null && !allowReconnect ? CloseMessage.Empty : new CloseMessage(error, allowReconnect);
            }

            private Type? TryGetReturnType(string invocationId)
            {
                try
                {
                    return _binder.GetReturnType(invocationId);
                }
                catch (Exception)
                {
                    return null; // a result for an invocation the binder no longer knows: skipped, as the official protocol does
                }
            }

            private object?[] ReadArguments(IReadOnlyList<Type> parameterTypes)
            {
                int count = _reader.ReadArrayHeader();
                if (count != parameterTypes.Count)
                {
                    throw new InvalidDataException("Invocation provides " + count + " argument(s) but target expects " + parameterTypes.Count + ".");
                }

                object?[] arguments = count == 0 ? [] : new object?[count];
                int i = 0;
                try
                {
                    for (; i < count; i++)
                    {
                        arguments[i] = _types.Get(parameterTypes[i]).ReadObject(ref _reader);
                    }
                }
                catch (Exception exception) when (exception is MsgPackException or InvalidOperationException)
                {
                    throw new InvalidDataException("Error binding argument " + (i + 1) + ". Make sure that the types of the provided values match the types of the hub method being invoked.", exception);
                }

                return arguments;
            }

            private string[]? ReadStreamIds()
            {
                int count = _reader.ReadArrayHeader();
                if (count == 0)
                {
                    return null;
                }

                // Each ID takes 2 bytes at least: a count the message cannot hold fails before the array is made.
                Serialization.MsgPackSerialization.CheckCount(count, 2, _reader.Remaining);
                string[] ids = new string[count];
                for (int i = 0; i < count; i++)
                {
                    string? id = ReadNullableString();
                    ThrowIfNullOrEmpty(id, "value in streamIds received");
                    ids[i] = id;
                }

                return ids;
            }

            private Dictionary<string, string>? ReadHeaders()
            {
                int count = _reader.ReadMapHeader();
                if (count == 0)
                {
                    return null;
                }

                var headers = new Dictionary<string, string>(StringComparer.Ordinal);
                for (int i = 0; i < count; i++)
                {
                    string? key = ReadNullableString();
                    ThrowIfNullOrEmpty(key, "key in header");
                    string? value = ReadNullableString();
                    ThrowIfNullOrEmpty(value, "value in header");
                    headers.Add(key, value);
                }

                return headers;
            }

            /// <summary>The target's name: the binder's own string when it knows the bytes (no allocation), else decoded.</summary>
            private string ReadTarget()
            {
                MsgPackPayload bytes = _reader.ReadStringBytes();
                string? target = bytes.IsSingleSpan ? _binder.GetTarget(bytes.Span) : null;
                target ??= bytes.GetString();
                ThrowIfNullOrEmpty(target, "target for Invocation message");
                return target;
            }

            private string? ReadNullableString()
            {
                if (_reader.IsNil())
                {
                    _reader.ReadNil();
                    return null;
                }

                return _reader.ReadString();
            }

            private static T WithHeaders<T>(Dictionary<string, string>? headers, T message)
                where T : HubInvocationMessage
            {
                if (headers is not null)
                {
                    message.Headers = headers;
                }

                return message;
            }

            private static void ThrowIfNullOrEmpty([NotNull] string? value, string what)
            {
                if (string.IsNullOrEmpty(value))
                {
                    throw new InvalidDataException("Null or empty " + what + ".");
                }
            }
        }

        /// <summary>Measures a message, then writes it: the two passes agree, or the write fails before the transport sends it.</summary>
        private readonly struct MessageWriter
        {
            private readonly MsgPackTypeRegistry _types;

            public MessageWriter(MsgPackTypeRegistry types) => _types = types;

            public int Measure(HubMessage message)
            {
                long length = message switch
                {
                    InvocationMessage m => 1 + 1 + Headers(m.Headers) + NilOrString(NullIfEmpty(m.InvocationId)) + Str(m.Target) + Arguments(m.Arguments) + StreamIds(m.StreamIds),
                    StreamInvocationMessage m => 1 + 1 + Headers(m.Headers) + NilOrString(m.InvocationId) + Str(m.Target) + Arguments(m.Arguments) + StreamIds(m.StreamIds),
                    StreamItemMessage m => 1 + 1 + Headers(m.Headers) + NilOrString(m.InvocationId) + Argument(m.Item),
                    CompletionMessage m => 1 + 1 + Headers(m.Headers) + NilOrString(m.InvocationId) + 1
                        + (m.Error is not null ? NilOrString(m.Error) : m.HasResult ? Argument(m.Result) : 0),
                    CancelInvocationMessage m => 1 + 1 + Headers(m.Headers) + NilOrString(m.InvocationId),
                    PingMessage => 1 + 1,
                    CloseMessage m => 1 + 1 + NilOrString(NullIfEmpty(m.Error)) + 1,
                    AckMessage m => 1 + 1 + MsgPackSpec.GetInt64EncodedLength(m.SequenceId),
                    SequenceMessage m => 1 + 1 + MsgPackSpec.GetInt64EncodedLength(m.SequenceId),
                    _ => throw new InvalidDataException("Unexpected message type: " + message.GetType().Name),
                };
                if (length > int.MaxValue)
                {
                    throw new InvalidDataException("Messages over 2GB in size are not supported.");
                }

                return (int)length;
            }

            public void Write(HubMessage message, IBufferWriter<byte> output, int length)
            {
                var writer = new MsgPackWriter(output);
                switch (message)
                {
                    case InvocationMessage m:
                        WriteInvocation(ref writer, HubProtocolConstants.InvocationMessageType, m.Headers, NullIfEmpty(m.InvocationId), m.Target, m.Arguments, m.StreamIds);
                        break;
                    case StreamInvocationMessage m:
                        WriteInvocation(ref writer, HubProtocolConstants.StreamInvocationMessageType, m.Headers, m.InvocationId, m.Target, m.Arguments, m.StreamIds);
                        break;
                    case StreamItemMessage m:
                        writer.WriteArrayHeader(4);
                        writer.WriteInt32(HubProtocolConstants.StreamItemMessageType);
                        WriteHeaders(ref writer, m.Headers);
                        WriteNilOrString(ref writer, m.InvocationId);
                        WriteArgument(ref writer, m.Item);
                        break;
                    case CompletionMessage m:
                        int kind = m.Error is not null ? ErrorResult : m.HasResult ? NonVoidResult : VoidResult;
                        writer.WriteArrayHeader(kind == VoidResult ? 4 : 5);
                        writer.WriteInt32(HubProtocolConstants.CompletionMessageType);
                        WriteHeaders(ref writer, m.Headers);
                        WriteNilOrString(ref writer, m.InvocationId);
                        writer.WriteInt32(kind);
                        if (kind == ErrorResult)
                        {
                            WriteNilOrString(ref writer, m.Error);
                        }
                        else if (kind == NonVoidResult)
                        {
                            WriteArgument(ref writer, m.Result);
                        }

                        break;
                    case CancelInvocationMessage m:
                        writer.WriteArrayHeader(3);
                        writer.WriteInt32(HubProtocolConstants.CancelInvocationMessageType);
                        WriteHeaders(ref writer, m.Headers);
                        WriteNilOrString(ref writer, m.InvocationId);
                        break;
                    case PingMessage:
                        writer.WriteArrayHeader(1);
                        writer.WriteInt32(HubProtocolConstants.PingMessageType);
                        break;
                    case CloseMessage m:
                        writer.WriteArrayHeader(3);
                        writer.WriteInt32(HubProtocolConstants.CloseMessageType);
                        WriteNilOrString(ref writer, NullIfEmpty(m.Error));
                        writer.WriteBoolean(m.AllowReconnect);
                        break;
                    case AckMessage m:
                        writer.WriteArrayHeader(2);
                        writer.WriteInt32(HubProtocolConstants.AckMessageType);
                        writer.WriteInt64(m.SequenceId);
                        break;
                    case SequenceMessage m:
                        writer.WriteArrayHeader(2);
                        writer.WriteInt32(HubProtocolConstants.SequenceMessageType);
                        writer.WriteInt64(m.SequenceId);
                        break;
                    default:
                        throw new InvalidDataException("Unexpected message type: " + message.GetType().Name);
                }

                if (writer.BytesWritten != length)
                {
                    // A serializer whose GetEncodedLength disagrees with its Write: the prefix would lie to the peer.
                    throw new InvalidOperationException("The message took " + writer.BytesWritten + " bytes where " + length + " were measured: a serializer's GetEncodedLength disagrees with its Write.");
                }

                writer.Flush();
            }

            private void WriteInvocation(ref MsgPackWriter writer, int type, IDictionary<string, string>? headers, string? invocationId, string target, object?[]? arguments, string[]? streamIds)
            {
                writer.WriteArrayHeader(6);
                writer.WriteInt32(type);
                WriteHeaders(ref writer, headers);
                WriteNilOrString(ref writer, invocationId);
                WriteNilOrString(ref writer, target);
                if (arguments is null)
                {
                    writer.WriteArrayHeader(0);
                }
                else
                {
                    writer.WriteArrayHeader(arguments.Length);
                    foreach (object? argument in arguments)
                    {
                        WriteArgument(ref writer, argument);
                    }
                }

                if (streamIds is null)
                {
                    writer.WriteArrayHeader(0);
                }
                else
                {
                    writer.WriteArrayHeader(streamIds.Length);
                    foreach (string id in streamIds)
                    {
                        WriteNilOrString(ref writer, id);
                    }
                }
            }

            private void WriteArgument(ref MsgPackWriter writer, object? argument)
            {
                switch (argument)
                {
                    case null:
                        writer.WriteNil();
                        break;
                    case RawResult raw:
                        writer.WriteRaw(raw.RawSerializedData);
                        break;
                    default:
                        Find(argument.GetType()).WriteObject(ref writer, argument);
                        break;
                }
            }

            private long Argument(object? argument) => argument switch
            {
                null => 1,
                RawResult raw => raw.RawSerializedData.Length,
                _ => Find(argument.GetType()).GetEncodedLength(argument),
            };

            private long Arguments(object?[]? arguments)
            {
                if (arguments is null)
                {
                    return 1;
                }

                long length = MsgPackSpec.GetArrayHeaderEncodedLength(arguments.Length);
                foreach (object? argument in arguments)
                {
                    length += Argument(argument);
                }

                return length;
            }

            /// <summary>The entry of a value's type, or of the nearest registered base type.</summary>
            private MsgPackTypeInfo Find(Type type)
            {
                for (Type? candidate = type; candidate is not null; candidate = candidate.BaseType)
                {
                    if (_types.TryGet(candidate, out MsgPackTypeInfo? info))
                    {
                        return info;
                    }
                }

                throw MsgPackTypeRegistry.NotRegistered(type);
            }

            private static long StreamIds(string[]? ids)
            {
                if (ids is null)
                {
                    return 1;
                }

                long length = MsgPackSpec.GetArrayHeaderEncodedLength(ids.Length);
                foreach (string id in ids)
                {
                    length += NilOrString(id);
                }

                return length;
            }

            private static long Headers(IDictionary<string, string>? headers)
            {
                if (headers is null)
                {
                    return 1;
                }

                long length = MsgPackSpec.GetMapHeaderEncodedLength(headers.Count);
                foreach (KeyValuePair<string, string> header in headers)
                {
                    length += NilOrString(header.Key) + NilOrString(header.Value);
                }

                return length;
            }

            private static void WriteHeaders(ref MsgPackWriter writer, IDictionary<string, string>? headers)
            {
                if (headers is null)
                {
                    writer.WriteMapHeader(0);
                    return;
                }

                writer.WriteMapHeader(headers.Count);
                foreach (KeyValuePair<string, string> header in headers)
                {
                    WriteNilOrString(ref writer, header.Key);
                    WriteNilOrString(ref writer, header.Value);
                }
            }

            private static long Str(string value) => NilOrString(value);

            private static long NilOrString(string? value) => value is null ? 1 : MsgPackSpec.GetStringEncodedLength(value);

            private static void WriteNilOrString(ref MsgPackWriter writer, string? value)
            {
                if (value is null)
                {
                    writer.WriteNil();
                }
                else
                {
                    writer.WriteString(value);
                }
            }

            private static string? NullIfEmpty(string? value) => string.IsNullOrEmpty(value) ? null : value;
        }
    }
}
