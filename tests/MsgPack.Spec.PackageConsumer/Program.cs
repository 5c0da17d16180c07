using System;
using System.Buffers;
using System.Collections.Generic;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.Options;
using MsgPack.Spec;
using MsgPack.Spec.AspNetCore;
using MsgPack.Spec.Lz4;
using MsgPack.Spec.PackageConsumer;

// The serializers the package's generator wrote for Models.cs, through each door a user calls, against bytes written
// out here by hand from the MessagePack spec: what the package gives a project that has nothing but the package. Then
// the LZ4 and ASP.NET Core packages over the same models.
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

var item = new Item { Id = 7, Name = "pen", Price = 1.5 };
byte[] itemBytes =
{
    0x94, // fixarray(4): indexes 0..3
    0x07, // positive fixint 7
    0xa3, (byte)'p', (byte)'e', (byte)'n', // fixstr(3)
    0xc0, // index 2, which no member has: nil
    0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0, // float 64 1.5
};

var order = new Order(-1, item) { Paid = true };
var orderBytes = new List<byte>
{
    0x83, // fixmap(3)
    0xa2, (byte)'i', (byte)'d', 0xff, // "id": negative fixint -1
    0xa4, (byte)'i', (byte)'t', (byte)'e', (byte)'m', // "item": the array above
};
orderBytes.AddRange(itemBytes);
orderBytes.AddRange(new byte[] { 0xa4, (byte)'p', (byte)'a', (byte)'i', (byte)'d', 0xc3 }); // "paid": true

// Write(Span<byte>, in T) and GetEncodedLength.
byte[] buffer = new byte[64];
int length = Item.Write(buffer, item);
Check(buffer.AsSpan(0, length).SequenceEqual(itemBytes), "array layout: Write(Span<byte>) bytes");
Check(Item.GetEncodedLength(item) == itemBytes.Length, "array layout: GetEncodedLength");
length = Order.Write(buffer, order);
Check(buffer.AsSpan(0, length).SequenceEqual(orderBytes.ToArray()), "map layout: Write(Span<byte>) bytes");
Check(Order.GetEncodedLength(order) == orderBytes.Count, "map layout: GetEncodedLength");

// Write(ref MsgPackWriter, in T), to an IBufferWriter<byte>.
var output = new ArrayBufferWriter<byte>();
var writer = new MsgPackWriter(output);
Item.Write(ref writer, item);
Order.Write(ref writer, order);
writer.Flush();
Check(output.WrittenSpan.SequenceEqual([.. itemBytes, .. orderBytes]), "Write(ref MsgPackWriter) bytes");

// Read(ReadOnlySpan<byte>, out int): the values, and the length read.
Item itemBack = Item.Read(itemBytes, out int itemRead);
Check(itemRead == itemBytes.Length, "array layout: bytes read");
Check(itemBack.Id == 7 && itemBack.Name == "pen" && itemBack.Price == 1.5, "array layout: values read");
Order orderBack = Order.Read(orderBytes.ToArray(), out int orderRead);
Check(orderRead == orderBytes.Count, "map layout: bytes read");
Check(orderBack.Id == -1 && orderBack.Paid && orderBack.Item.Name == "pen" && orderBack.Item.Price == 1.5, "map layout: values read");

// Read(ref MsgPackReader) over what the writer wrote: two values, one after the other.
var reader = new MsgPackReader(output.WrittenSpan);
Check(Item.Read(ref reader).Name == "pen" && Order.Read(ref reader).Item.Id == 7 && reader.End, "Read(ref MsgPackReader)");

// A null price is nil; a short array leaves the members it lacks at their defaults; an unknown key is skipped.
length = Item.Write(buffer, new Item { Id = 1, Name = "" });
Check(buffer.AsSpan(0, length).SequenceEqual(new byte[] { 0x94, 0x01, 0xa0, 0xc0, 0xc0 }), "null member written as nil");
Item shortItem = Item.Read(new byte[] { 0x91, 0x05 }, out _);
Check(shortItem.Id == 5 && shortItem.Name == "" && shortItem.Price is null, "short array read");
Order skipped = Order.Read(new byte[] { 0x83, 0xa1, (byte)'x', 0x92, 0x01, 0x02, 0xa2, (byte)'i', (byte)'d', 0x05, 0xa4, (byte)'i', (byte)'t', (byte)'e', (byte)'m', 0x90 }, out _);
Check(skipped.Id == 5 && skipped.Item.Id == 0 && !skipped.Paid, "unknown key skipped");

// What the reader finds wrong is the library's MsgPackException.
try
{
    Item.Read(new byte[] { 0x92, 0xc3, 0xa0 }, out _);
    Check(false, "a bool for a uint: MsgPackException expected");
}
catch (MsgPackException)
{
    checks++;
}

// MsgPack.Spec.Lz4: a run of orders long enough to be compressed, as MessagePack-CSharp's Lz4BlockArray lays it out
// (an array: ext 98 with the uncompressed lengths, then one bin per chunk), back to the same bytes; a generated type
// through the package's serialize and deserialize doors.
var plain = new ArrayBufferWriter<byte>();
var run = new MsgPackWriter(plain);
run.WriteArrayHeader(100);
for (int i = 0; i < 100; i++)
{
    Order.Write(ref run, order);
}

run.Flush();
var compressed = new ArrayBufferWriter<byte>();
MsgPackLz4.Compress(plain.WrittenSpan, compressed);
Check(compressed.WrittenCount < plain.WrittenCount / 4, "lz4: a repetitive value compresses");
// fixarray(2), ext 8 of 3 bytes and type 98: the one chunk's uncompressed length, a uint 16 (0xcd); then a bin 32.
ReadOnlySpan<byte> head = compressed.WrittenSpan;
Check(plain.WrittenCount is > 255 and < 65536 && head[0] == 0x92 && head[1] == 0xc7 && head[2] == 3 && head[3] == 98
    && head[4] == 0xcd && (head[5] << 8 | head[6]) == plain.WrittenCount && head[7] == 0xc6, "lz4: the block-array layout");
var decompressed = new ArrayBufferWriter<byte>();
MsgPackLz4.Decompress(compressed.WrittenSpan, decompressed);
Check(decompressed.WrittenSpan.SequenceEqual(plain.WrittenSpan), "lz4: decompressed bytes equal the original");
byte[] orderLz4 = MsgPackLz4.Serialize(order, new MsgPackLz4Options { Format = MsgPackLz4Format.Lz4Block, MinLength = 1 });
Check(orderLz4[0] == 0xc7 && orderLz4[2] == 99, "lz4: Lz4Block is ext 8 of type 99");
Order orderFromLz4 = MsgPackLz4.Deserialize<Order>(orderLz4, new MsgPackLz4Options { MinLength = 1 });
Check(orderFromLz4.Id == -1 && orderFromLz4.Paid && orderFromLz4.Item.Name == "pen", "lz4: Serialize then Deserialize");

// MsgPack.Spec.AspNetCore: SignalR's "messagepack" protocol carries the generated type as an argument and back.
var hubOptions = new MsgPackHubProtocolOptions();
hubOptions.Types.Add<Order>();
var protocol = new MsgPackHubProtocol(Options.Create(hubOptions));
var hubOutput = new ArrayBufferWriter<byte>();
protocol.WriteMessage(new InvocationMessage("7", "Place", [order]), hubOutput);
var hubInput = new ReadOnlySequence<byte>(hubOutput.WrittenMemory);
bool parsed = protocol.TryParseMessage(ref hubInput, new OrderBinder(), out HubMessage? hubMessage);
Check(parsed && hubInput.IsEmpty, "hub protocol: one whole message parsed");
Check(hubMessage is InvocationMessage { InvocationId: "7", Target: "Place" } invocation && invocation.Arguments.Length == 1
    && invocation.Arguments[0] is Order { Id: -1, Paid: true, Item.Name: "pen" }, "hub protocol: the invocation and its Order argument");

if (failures.Count > 0)
{
    Console.WriteLine($"package consumer: {failures.Count} of {checks} checks failed: {string.Join(", ", failures)}");
    return 1;
}

Console.WriteLine($"package consumer: {checks} checks passed");
return 0;

/// <summary>What a hub answers for the one method here: Place(Order).</summary>
internal sealed class OrderBinder : IInvocationBinder
{
    public IReadOnlyList<Type> GetParameterTypes(string methodName) => [typeof(Order)];

    public Type GetReturnType(string invocationId) => typeof(Order);

    public Type GetStreamItemType(string streamId) => typeof(Order);
}
