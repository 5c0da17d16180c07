using System;
using System.Buffers;
using System.Collections.Generic;
using MsgPack.Spec;
using MsgPack.Spec.PackageConsumer;

// The serializers the package's generator wrote for Models.cs, through each door a user calls, against bytes written
// out here by hand from the MessagePack spec: what the package gives a project that has nothing but the package.
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

if (failures.Count > 0)
{
    Console.WriteLine($"package consumer: {failures.Count} of {checks} checks failed: {string.Join(", ", failures)}");
    return 1;
}

Console.WriteLine($"package consumer: {checks} checks passed");
return 0;
