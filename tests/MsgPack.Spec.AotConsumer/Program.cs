using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Text.Json;
using MsgPack.Spec;
using MsgPack.Spec.AotConsumer;

// Every family of the library once, as an application would call it, with checks on the results: what trimming or
// AOT compilation could break (a removed member, a generic instantiation missing at run time) shows as a failure.
var failures = new List<string>();
int checks = 0;
void Check(bool condition, string what)
{
    checks++;
    if (!condition)
    {
        failures.Add(what);
    }
}

// Span writers and readers, every family.
byte[] buffer = new byte[4096];
Span<byte> rest = buffer;
MsgPackSpec.WriteArrayHeader(ref rest, 12);
MsgPackSpec.WriteNil(ref rest);
MsgPackSpec.WriteBoolean(ref rest, true);
MsgPackSpec.WriteInt64(ref rest, long.MinValue);
MsgPackSpec.WriteUInt64(ref rest, ulong.MaxValue);
MsgPackSpec.WriteInt32(ref rest, -300);
MsgPackSpec.WriteSingle(ref rest, 1.5f);
MsgPackSpec.WriteDouble(ref rest, -0.25);
MsgPackSpec.WriteString(ref rest, "héllo 😀");
MsgPackSpec.WriteBinary(ref rest, new byte[] { 1, 2, 3 });
MsgPackSpec.WriteMapHeader(ref rest, 1);
MsgPackSpec.WriteString(ref rest, "k");
MsgPackSpec.WriteUInt32(ref rest, 7);
MsgPackSpec.WriteExtension(ref rest, 5, new byte[] { 9 });
MsgPackSpec.WriteTimestamp(ref rest, Timestamp.FromDateTimeOffset(new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.Zero)));
int length = buffer.Length - rest.Length;

ReadOnlySpan<byte> input = buffer.AsSpan(0, length);
Check(MsgPackSpec.ReadArrayHeader(ref input) == 12, "array header");
MsgPackSpec.ReadNil(ref input);
Check(MsgPackSpec.ReadBoolean(ref input), "bool");
Check(MsgPackSpec.ReadInt64(ref input) == long.MinValue, "int64");
Check(MsgPackSpec.ReadUInt64(ref input) == ulong.MaxValue, "uint64");
Check(MsgPackSpec.ReadInt32(ref input) == -300, "int32");
Check(MsgPackSpec.ReadSingle(ref input) == 1.5f, "float32");
Check(MsgPackSpec.ReadDouble(ref input) == -0.25, "float64");
Check(MsgPackSpec.ReadString(ref input) == "héllo 😀", "str");
Check(MsgPackSpec.ReadBinary(ref input).SequenceEqual(new byte[] { 1, 2, 3 }), "bin");
Check(MsgPackSpec.ReadMapHeader(ref input) == 1 && MsgPackSpec.ReadString(ref input) == "k" && MsgPackSpec.ReadUInt32(ref input) == 7, "map");
Check(MsgPackSpec.ReadExtension(ref input, out ExtensionHeader header)[0] == 9 && header.TypeCode == 5, "ext");
Check(MsgPackSpec.ReadTimestamp(ref input).ToDateTimeOffset().Year == 2024, "timestamp");
Check(input.IsEmpty, "all read");

// Try readers: need more data, invalid data.
Check(MsgPackSpec.TryReadInt32(buffer.AsSpan(0, 0), out _, out int needed) == OperationStatus.NeedMoreData && needed == 1, "need more data");
Check(MsgPackSpec.TryReadInt32(new byte[] { 0xc0 }, out _, out _) == OperationStatus.InvalidData, "invalid data");
try
{
    MsgPackSpec.ReadInt32(new byte[] { 0xc3 }, out _);
    Check(false, "exception expected");
}
catch (MsgPackException error)
{
    Check(error.Message.Length > 0, "exception message");
}

// Pointers.
byte[] scratch = new byte[16];
unsafe
{
    fixed (byte* p = scratch)
    {
        int written = MsgPackSpec.WriteInt32(p, 123456);
        Check(MsgPackSpec.ReadInt32(p, written, out int read) == 123456 && read == written, "pointer");
    }
}

// Tokens, skip, validation.
var tokens = new MsgPackReader(buffer.AsSpan(0, length));
int tokenCount = 0;
while (!tokens.End)
{
    MsgPackToken token = tokens.ReadToken();
    if (token.Type is MsgPackType.String or MsgPackType.Binary or MsgPackType.Extension)
    {
        tokens.ReadBytes(token.Length); // a str, bin or ext token is its header: the payload follows
    }

    tokenCount++;
}

Check(tokenCount == 15, $"tokens ({tokenCount})");
Check(MsgPackSpec.Skip(buffer.AsSpan(0, length)) == length, "skip");
MsgPackSpec.Validate(buffer.AsSpan(0, length));
Check(MsgPackSpec.TryValidate(new byte[] { 0x92, 0x01 }, out _) == OperationStatus.NeedMoreData, "validate");

// Streaming writer and reader across segments, with a length prefix.
using (var segmented = new SegmentedBufferWriter())
{
    var writer = new MsgPackWriter(segmented);
    MsgPackReservation prefix = writer.ReserveLengthPrefix();
    for (int i = 0; i < 1000; i++)
    {
        writer.WriteInt64(i * 1_000_003L - 5_000_000);
        writer.WriteString("value " + i);
    }

    writer.PatchLengthPrefix(prefix);
    writer.Flush();
    ReadOnlySequence<byte> sequence = segmented.WrittenSequence;
    Check(MsgPackReader.TryReadFrame(sequence, 1 << 20, out ReadOnlySequence<byte> body, out _) == OperationStatus.Done, "frame");
    var reader = new MsgPackReader(body);
    bool same = true;
    for (int i = 0; i < 1000; i++)
    {
        same &= reader.ReadInt64() == i * 1_000_003L - 5_000_000 && reader.ReadString() == "value " + i;
    }

    Check(same && reader.End, "streaming");
}

// Arrays of numbers (the vector paths on this machine, generic over the element codecs).
var doubles = new double[100];
var ints = new int[100];
for (int i = 0; i < 100; i++)
{
    doubles[i] = i * 0.5 - 7;
    ints[i] = (i % 3 == 0 ? -1 : 1) * (i << (i % 24));
}

int arrayLength = MsgPackSpec.WriteDoubleArray(buffer, doubles);
var doublesBack = new double[100];
Check(MsgPackSpec.ReadDoubleArray(buffer.AsSpan(0, arrayLength), doublesBack, out _) == 100 && doublesBack.AsSpan().SequenceEqual(doubles), "float64 array");
arrayLength = MsgPackSpec.WriteInt32Array(buffer, ints);
var intsBack = new int[100];
Check(MsgPackSpec.ReadInt32Array(buffer.AsSpan(0, arrayLength), intsBack, out _) == 100 && intsBack.AsSpan().SequenceEqual(ints), "int32 array");

// JSON and the dump.
byte[] document = { 0x82, 0xa2, 0x69, 0x64, 0x2a, 0xa4, 0x6e, 0x61, 0x6d, 0x65, 0xa3, 0x41, 0x64, 0x61 };
Check(MsgPackJson.ToJson(document) == "{\"id\":42,\"name\":\"Ada\"}", "json");
using (var stream = new MemoryStream())
{
    using (var json = new Utf8JsonWriter(stream))
    {
        MsgPackJson.WriteJson(document, json);
    }

    Check(stream.Length == 22, "Utf8JsonWriter");
}

Check(MsgPackDump.ToText(document).Contains("fixmap(2)", StringComparison.Ordinal), "dump");
Check(BigEndian.ReadUInt32(new byte[] { 0, 0, 1, 0 }) == 256, "big-endian");

// Serializers of the generator (Models.cs): an array and a map layout, a nested type, strings, nullable members.
var order = new Order
{
    Id = 1UL << 40,
    Customer = "Ada 😀",
    First = new Line { Product = "pen", Quantity = -3, Discount = 0.5 },
    Second = new Line { Product = "ink", Quantity = 300 },
};
byte[] first = { 0x94, 0xa3, (byte)'p', (byte)'e', (byte)'n', 0xfd, 0xc0, 0xcb, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0 };
int orderLength = Order.Write(buffer, order);
Check(orderLength == Order.GetEncodedLength(order), "generated: GetEncodedLength");
Check(buffer[0] == 0x85 && buffer.AsSpan(0, orderLength).IndexOf(first) > 0, "generated: map header and nested array bytes");
Order back = Order.Read(buffer.AsSpan(0, orderLength), out int orderRead);
Check(orderRead == orderLength, "generated: bytes read");
Check(back.Id == order.Id && back.Customer == order.Customer && back.Note is null, "generated: scalars and strings read");
Check(back.First.Product == "pen" && back.First.Quantity == -3 && back.First.Discount == 0.5, "generated: nested struct read");
Check(back.Second is { Product: "ink", Quantity: 300, Discount: null }, "generated: nullable nested struct read");
using (var segmented = new SegmentedBufferWriter())
{
    var writer = new MsgPackWriter(segmented);
    Order.Write(ref writer, order);
    Order.Write(ref writer, new Order { Note = "n", First = new Line { Product = "" } });
    writer.Flush();
    var reader = new MsgPackReader(segmented.WrittenSequence);
    Order one = Order.Read(ref reader);
    Order two = Order.Read(ref reader);
    Check(one.Customer == order.Customer && one.Second?.Product == "ink" && two.Note == "n" && two.Second is null && reader.End, "generated: writer and reader");
}

try
{
    Order.Read(new byte[] { 0x81, 0xa8, (byte)'c', (byte)'u', (byte)'s', (byte)'t', (byte)'o', (byte)'m', (byte)'e', (byte)'r', 0xc0 }, out _);
    Check(false, "generated: nil for a non-nullable string must throw");
}
catch (MsgPackException)
{
    Check(true, "generated: nil for a non-nullable string");
}

// Members of type object: a generated type by its own writer (a type test, no reflection), a tree by MsgPackDynamic,
// read back as MsgPackDynamic's shapes; an element as its bytes.
using (MsgPackDocument raw = MsgPackDocument.Parse(new byte[] { 0x92, 0x01, 0xa1, (byte)'x' }))
{
    var envelope = new Envelope
    {
        Body = new Line { Product = "pen", Quantity = 2 },
        Meta = new Dictionary<string, object?> { ["n"] = 1, ["s"] = "t", ["list"] = new List<object?> { 1.5, null, true } },
        Arguments = new object?[] { (byte)7, new Dictionary<object, object?> { ["k"] = -1L } },
        Raw = raw.RootElement.Clone(),
    };
    int envelopeLength = Envelope.Write(buffer, envelope);
    Check(envelopeLength == Envelope.GetEncodedLength(envelope), "object members: GetEncodedLength");
    Check(buffer.AsSpan(0, envelopeLength).IndexOf(new byte[] { 0x94, 0xa3, (byte)'p', (byte)'e', (byte)'n', 0x02 }) > 0, "object members: a generated type by its own writer");
    Check(buffer.AsSpan(0, envelopeLength).IndexOf(new byte[] { 0xa1, (byte)'n', 0xd2, 0, 0, 0, 1 }) > 0, "object members: an int typed object as int 32");
    Envelope envelopeBack = Envelope.Read(buffer.AsSpan(0, envelopeLength), out int envelopeRead);
    Check(envelopeRead == envelopeLength, "object members: bytes read");
    Check(envelopeBack.Body is object?[] { Length: 4 } body && (string?)body[0] == "pen", "object members: a map read as object[]");
    Check(envelopeBack.Meta!["n"] is int n && n == 1 && envelopeBack.Meta["list"] is object?[] { Length: 3 }, "object members: a dictionary of object read");
    Check(envelopeBack.Arguments![0] is byte b && b == 7 && envelopeBack.Arguments[1] is Dictionary<object, object?> map && map["k"] is long k && k == -1, "object members: object[] read");
    Check(envelopeBack.Raw!.Value.GetRawBytes().Span.SequenceEqual(new byte[] { 0x92, 0x01, 0xa1, (byte)'x' }), "object members: an element's bytes");
    Check(Envelope.TryRead(buffer.AsSpan(0, envelopeLength - 1), out _, out _) == OperationStatus.NeedMoreData, "object members: a cut is NeedMoreData");
    try
    {
        Envelope.GetEncodedLength(new Envelope { Body = new MemoryStream() });
        Check(false, "object members: a type that cannot be written must throw");
    }
    catch (MsgPack.Spec.Serialization.MsgPackSerializationException error)
    {
        Check(error.Message.Contains("Envelope.Body", StringComparison.Ordinal) && error.Message.Contains("MemoryStream", StringComparison.Ordinal), "object members: the exception names the member and the type");
    }
}

if (failures.Count > 0)
{
    Console.WriteLine($"aot consumer: {failures.Count} of {checks} checks failed: {string.Join(", ", failures)}");
    return 1;
}

Console.WriteLine($"aot consumer: {checks} checks passed ({(System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported ? "JIT" : "native AOT")})");
return 0;
