using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;
using Xunit;

namespace MsgPack.Spec.Tests.Reader
{
    /// <summary>How the reader reads one item of a <see cref="StreamingDocument"/>.</summary>
    internal enum ItemKind
    {
        Nil,
        Boolean,
        Int64,
        Int32,
        Int16,
        SByte,
        UInt64,
        UInt32,
        UInt16,
        Byte,
        Single,
        Double,
        String,
        StringBytes,
        Binary,
        Extension,
        Timestamp,
        ArrayHeader,
        MapHeader,
        StringHeader,
        BinaryHeader,
        ExtensionHeader,
        Skip,
        Raw,
    }

    /// <summary>One value of the document, as written with <see cref="MsgPackSpec"/>, and what reading it must give.</summary>
    internal sealed class Item
    {
        private byte[]? _utf8;

        public Item(ItemKind kind)
        {
            Kind = kind;
        }

        public ItemKind Kind { get; }

        public long Integer { get; init; }

        public ulong Unsigned { get; init; }

        public double Real { get; init; }

        public string Text { get; init; } = string.Empty;

        /// <summary>The UTF-8 bytes of <see cref="Text"/>.</summary>
        public byte[] Utf8 => _utf8 ??= Encoding.UTF8.GetBytes(Text);

        public byte[] Bytes { get; init; } = Array.Empty<byte>();

        public sbyte TypeCode { get; init; }

        public Timestamp Timestamp { get; init; }

        /// <summary>Where the item's bytes start in the document.</summary>
        public int Start { get; set; }

        /// <summary>Where they end.</summary>
        public int End { get; set; }

        /// <summary>The family of the first byte, as <see cref="MsgPackSpec.GetMsgPackType"/> tells it.</summary>
        public MsgPackType Family { get; set; }

        public int Length => End - Start;

        public override string ToString() => $"{Kind} at {Start}..{End}";
    }

    /// <summary>Writes into a span, with the <see cref="MsgPackSpec"/> span API.</summary>
    internal delegate int SpanWrite(Span<byte> destination);

    /// <summary>
    /// A document holding every family of MessagePack (every format of each, nested containers included), written
    /// with the static span API, with the list of its items, to be read back through <see cref="MsgPackReader"/>.
    /// </summary>
    internal sealed class StreamingDocument
    {
        private readonly byte[] _buffer = new byte[1 << 16];
        private readonly List<Item> _items = new List<Item>();
        private int _length;

        private StreamingDocument()
        {
        }

        /// <summary>The document every streaming test reads (about 3 KB).</summary>
        public static StreamingDocument Full { get; } = BuildFull();

        public byte[] Bytes { get; private set; } = Array.Empty<byte>();

        public IReadOnlyList<Item> Items => _items;

        /// <summary>A long text of 1-, 2-, 3- and 4-byte UTF-8 characters.</summary>
        public static string LongText(int repeats)
        {
            var text = new StringBuilder();
            for (int i = 0; i < repeats; i++)
            {
                text.Append("a\u00f1\u20ac\U0001D11E"); // a ñ € 𝄞: 1 + 2 + 3 + 4 bytes
            }

            return text.ToString();
        }

        /// <summary>Bytes 0, 1, 2, ... wrapping, offset by <paramref name="seed"/> so that payloads differ.</summary>
        public static byte[] Pattern(int length, int seed)
        {
            byte[] bytes = new byte[length];
            for (int i = 0; i < length; i++)
            {
                bytes[i] = (byte)((i * 7) + seed);
            }

            return bytes;
        }

        /// <summary>Reads one item with the throwing <c>Read*</c> method and checks its value; payloads of a contiguous input must be spans.</summary>
        public static void Read(ref MsgPackReader reader, Item item, bool contiguous = false)
        {
            switch (item.Kind)
            {
                case ItemKind.Nil:
                    Assert.Equal(reader.Remaining > 0, reader.IsNil());
                    reader.ReadNil();
                    break;
                case ItemKind.Boolean:
                    Assert.False(reader.IsNil());
                    Assert.Equal(item.Integer != 0, reader.ReadBoolean());
                    break;
                case ItemKind.Int64:
                    Assert.Equal(item.Integer, reader.ReadInt64());
                    break;
                case ItemKind.Int32:
                    Assert.Equal(item.Integer, reader.ReadInt32());
                    break;
                case ItemKind.Int16:
                    Assert.Equal(item.Integer, reader.ReadInt16());
                    break;
                case ItemKind.SByte:
                    Assert.Equal(item.Integer, reader.ReadSByte());
                    break;
                case ItemKind.UInt64:
                    Assert.Equal(item.Unsigned, reader.ReadUInt64());
                    break;
                case ItemKind.UInt32:
                    Assert.Equal(item.Unsigned, reader.ReadUInt32());
                    break;
                case ItemKind.UInt16:
                    Assert.Equal(item.Unsigned, reader.ReadUInt16());
                    break;
                case ItemKind.Byte:
                    Assert.Equal(item.Unsigned, reader.ReadByte());
                    break;
                case ItemKind.Single:
                    Assert.Equal(BitConverter.SingleToInt32Bits((float)item.Real), BitConverter.SingleToInt32Bits(reader.ReadSingle()));
                    break;
                case ItemKind.Double:
                    Assert.Equal(BitConverter.DoubleToInt64Bits(item.Real), BitConverter.DoubleToInt64Bits(reader.ReadDouble()));
                    break;
                case ItemKind.String:
                    Assert.Equal(item.Text, reader.ReadString());
                    break;
                case ItemKind.StringBytes:
                    StreamingAssert.Same(item.Utf8, StreamingAssert.Bytes(reader.ReadStringBytes(), contiguous));
                    break;
                case ItemKind.Binary:
                    StreamingAssert.Same(item.Bytes, StreamingAssert.Bytes(reader.ReadBinary(), contiguous));
                    break;
                case ItemKind.Extension:
                    {
                        MsgPackPayload data = reader.ReadExtension(out ExtensionHeader header);
                        Assert.Equal(new ExtensionHeader(item.TypeCode, item.Bytes.Length), header);
                        StreamingAssert.Same(item.Bytes, StreamingAssert.Bytes(data, contiguous));
                        break;
                    }

                case ItemKind.Timestamp:
                    Assert.Equal(item.Timestamp, reader.ReadTimestamp());
                    break;
                case ItemKind.ArrayHeader:
                    Assert.Equal(item.Integer, reader.ReadArrayHeader());
                    break;
                case ItemKind.MapHeader:
                    Assert.Equal(item.Integer, reader.ReadMapHeader());
                    break;
                case ItemKind.StringHeader:
                    Assert.Equal(item.Integer, reader.ReadStringHeader());
                    break;
                case ItemKind.BinaryHeader:
                    Assert.Equal(item.Integer, reader.ReadBinaryHeader());
                    break;
                case ItemKind.ExtensionHeader:
                    Assert.Equal(new ExtensionHeader(item.TypeCode, (int)item.Integer), reader.ReadExtensionHeader());
                    break;
                case ItemKind.Skip:
                    reader.Skip();
                    break;
                case ItemKind.Raw:
                    StreamingAssert.Same(item.Bytes, StreamingAssert.Bytes(reader.ReadRaw(), contiguous));
                    break;
                default:
                    throw new InvalidOperationException(item.Kind.ToString());
            }
        }

        /// <summary>Reads one item with the <c>TryRead*</c> method; when it is Done, checks the value.</summary>
        public static OperationStatus TryRead(ref MsgPackReader reader, Item item, bool contiguous = false)
        {
            OperationStatus status;
            switch (item.Kind)
            {
                case ItemKind.Nil:
                    return reader.TryReadNil();
                case ItemKind.Boolean:
                    {
                        status = reader.TryReadBoolean(out bool value);
                        Assert.Equal(status == OperationStatus.Done && item.Integer != 0, value);
                        return status;
                    }

                case ItemKind.Int64:
                    {
                        status = reader.TryReadInt64(out long value);
                        Assert.Equal(status == OperationStatus.Done ? item.Integer : 0, value);
                        return status;
                    }

                case ItemKind.Int32:
                    {
                        status = reader.TryReadInt32(out int value);
                        Assert.Equal(status == OperationStatus.Done ? item.Integer : 0, value);
                        return status;
                    }

                case ItemKind.Int16:
                    {
                        status = reader.TryReadInt16(out short value);
                        Assert.Equal(status == OperationStatus.Done ? item.Integer : 0, value);
                        return status;
                    }

                case ItemKind.SByte:
                    {
                        status = reader.TryReadSByte(out sbyte value);
                        Assert.Equal(status == OperationStatus.Done ? item.Integer : 0, value);
                        return status;
                    }

                case ItemKind.UInt64:
                    {
                        status = reader.TryReadUInt64(out ulong value);
                        Assert.Equal(status == OperationStatus.Done ? item.Unsigned : 0, value);
                        return status;
                    }

                case ItemKind.UInt32:
                    {
                        status = reader.TryReadUInt32(out uint value);
                        Assert.Equal(status == OperationStatus.Done ? item.Unsigned : 0, value);
                        return status;
                    }

                case ItemKind.UInt16:
                    {
                        status = reader.TryReadUInt16(out ushort value);
                        Assert.Equal(status == OperationStatus.Done ? item.Unsigned : 0, value);
                        return status;
                    }

                case ItemKind.Byte:
                    {
                        status = reader.TryReadByte(out byte value);
                        Assert.Equal(status == OperationStatus.Done ? item.Unsigned : 0, value);
                        return status;
                    }

                case ItemKind.Single:
                    {
                        status = reader.TryReadSingle(out float value);
                        Assert.Equal(status == OperationStatus.Done ? BitConverter.SingleToInt32Bits((float)item.Real) : 0, BitConverter.SingleToInt32Bits(value));
                        return status;
                    }

                case ItemKind.Double:
                    {
                        status = reader.TryReadDouble(out double value);
                        Assert.Equal(status == OperationStatus.Done ? BitConverter.DoubleToInt64Bits(item.Real) : 0, BitConverter.DoubleToInt64Bits(value));
                        return status;
                    }

                case ItemKind.String:
                    {
                        status = reader.TryReadString(out string value);
                        Assert.Equal(status == OperationStatus.Done ? item.Text : string.Empty, value);
                        return status;
                    }

                case ItemKind.StringBytes:
                    {
                        status = reader.TryReadStringBytes(out MsgPackPayload value);
                        StreamingAssert.Same(status == OperationStatus.Done ? item.Utf8 : Array.Empty<byte>(), StreamingAssert.Bytes(value, contiguous && status == OperationStatus.Done));
                        return status;
                    }

                case ItemKind.Binary:
                    {
                        status = reader.TryReadBinary(out MsgPackPayload value);
                        StreamingAssert.Same(status == OperationStatus.Done ? item.Bytes : Array.Empty<byte>(), StreamingAssert.Bytes(value, contiguous && status == OperationStatus.Done));
                        return status;
                    }

                case ItemKind.Extension:
                    {
                        status = reader.TryReadExtension(out ExtensionHeader header, out MsgPackPayload data);
                        bool done = status == OperationStatus.Done;
                        Assert.Equal(done ? new ExtensionHeader(item.TypeCode, item.Bytes.Length) : default, header);
                        StreamingAssert.Same(done ? item.Bytes : Array.Empty<byte>(), StreamingAssert.Bytes(data, contiguous && done));
                        return status;
                    }

                case ItemKind.Timestamp:
                    {
                        status = reader.TryReadTimestamp(out Timestamp value);
                        Assert.Equal(status == OperationStatus.Done ? item.Timestamp : default, value);
                        return status;
                    }

                case ItemKind.ArrayHeader:
                    {
                        status = reader.TryReadArrayHeader(out int value);
                        Assert.Equal(status == OperationStatus.Done ? item.Integer : 0, value);
                        return status;
                    }

                case ItemKind.MapHeader:
                    {
                        status = reader.TryReadMapHeader(out int value);
                        Assert.Equal(status == OperationStatus.Done ? item.Integer : 0, value);
                        return status;
                    }

                case ItemKind.StringHeader:
                    {
                        status = reader.TryReadStringHeader(out int value);
                        Assert.Equal(status == OperationStatus.Done ? item.Integer : 0, value);
                        return status;
                    }

                case ItemKind.BinaryHeader:
                    {
                        status = reader.TryReadBinaryHeader(out int value);
                        Assert.Equal(status == OperationStatus.Done ? item.Integer : 0, value);
                        return status;
                    }

                case ItemKind.ExtensionHeader:
                    {
                        status = reader.TryReadExtensionHeader(out ExtensionHeader value);
                        Assert.Equal(status == OperationStatus.Done ? new ExtensionHeader(item.TypeCode, (int)item.Integer) : default, value);
                        return status;
                    }

                case ItemKind.Skip:
                    return reader.TrySkip();
                case ItemKind.Raw:
                    {
                        status = reader.TryReadRaw(out MsgPackPayload value);
                        StreamingAssert.Same(status == OperationStatus.Done ? item.Bytes : Array.Empty<byte>(), StreamingAssert.Bytes(value, contiguous && status == OperationStatus.Done));
                        return status;
                    }

                default:
                    throw new InvalidOperationException(item.Kind.ToString());
            }
        }

        /// <summary>Reads one item with <see cref="Read"/> and returns what it threw, or null.</summary>
        public static Exception? Catch(ref MsgPackReader reader, Item item)
        {
            try
            {
                Read(ref reader, item);
                return null;
            }
            catch (MsgPackException e)
            {
                return e;
            }
        }

        private static StreamingDocument BuildFull()
        {
            var d = new StreamingDocument();

            // nil and booleans
            d.Add(new Item(ItemKind.Nil), s => MsgPackSpec.WriteNil(s));
            d.Add(new Item(ItemKind.Boolean) { Integer = 1 }, s => MsgPackSpec.WriteBoolean(s, true));
            d.Add(new Item(ItemKind.Boolean) { Integer = 0 }, s => MsgPackSpec.WriteBoolean(s, false));

            // integers of every width, in their smallest forms
            long[] signed =
            {
                0, 1, 127, 128, 255, 256, 65535, 65536, uint.MaxValue, 1L << 32, long.MaxValue,
                -1, -31, -32, -33, -127, -128, -129, -32767, -32768, -32769, int.MinValue, int.MinValue - 1L, long.MinValue,
            };
            foreach (long value in signed)
            {
                d.Add(new Item(ItemKind.Int64) { Integer = value }, s => MsgPackSpec.WriteInt64(s, value));
            }

            d.Add(new Item(ItemKind.UInt64) { Unsigned = ulong.MaxValue }, s => MsgPackSpec.WriteUInt64(s, ulong.MaxValue));
            d.Add(new Item(ItemKind.UInt64) { Unsigned = 1UL << 63 }, s => MsgPackSpec.WriteUInt64(s, 1UL << 63));
            d.Add(new Item(ItemKind.Int32) { Integer = int.MinValue }, s => MsgPackSpec.WriteInt32(s, int.MinValue));
            d.Add(new Item(ItemKind.Int32) { Integer = int.MaxValue }, s => MsgPackSpec.WriteInt32(s, int.MaxValue));
            d.Add(new Item(ItemKind.Int16) { Integer = short.MinValue }, s => MsgPackSpec.WriteInt16(s, short.MinValue));
            d.Add(new Item(ItemKind.Int16) { Integer = 300 }, s => MsgPackSpec.WriteInt16(s, 300));
            d.Add(new Item(ItemKind.SByte) { Integer = sbyte.MinValue }, s => MsgPackSpec.WriteSByte(s, sbyte.MinValue));
            d.Add(new Item(ItemKind.SByte) { Integer = -5 }, s => MsgPackSpec.WriteSByte(s, -5));
            d.Add(new Item(ItemKind.UInt32) { Unsigned = uint.MaxValue }, s => MsgPackSpec.WriteUInt32(s, uint.MaxValue));
            d.Add(new Item(ItemKind.UInt16) { Unsigned = ushort.MaxValue }, s => MsgPackSpec.WriteUInt16(s, ushort.MaxValue));
            d.Add(new Item(ItemKind.Byte) { Unsigned = byte.MaxValue }, s => MsgPackSpec.WriteByte(s, byte.MaxValue));

            // integers in exact forms, read by narrower readers than the form
            d.Add(new Item(ItemKind.Byte) { Unsigned = 5 }, s => MsgPackSpec.WriteUInt8Exact(s, 5));
            d.Add(new Item(ItemKind.UInt16) { Unsigned = 5 }, s => MsgPackSpec.WriteUInt16Exact(s, 5));
            d.Add(new Item(ItemKind.UInt32) { Unsigned = 70000 }, s => MsgPackSpec.WriteUInt32Exact(s, 70000));
            d.Add(new Item(ItemKind.Byte) { Unsigned = 6 }, s => MsgPackSpec.WriteUInt64Exact(s, 6));
            d.Add(new Item(ItemKind.SByte) { Integer = -5 }, s => MsgPackSpec.WriteInt8Exact(s, -5));
            d.Add(new Item(ItemKind.Int16) { Integer = -300 }, s => MsgPackSpec.WriteInt16Exact(s, -300));
            d.Add(new Item(ItemKind.Int32) { Integer = -70000 }, s => MsgPackSpec.WriteInt32Exact(s, -70000));
            d.Add(new Item(ItemKind.Int64) { Integer = 7 }, s => MsgPackSpec.WriteInt64Exact(s, 7));
            d.Add(new Item(ItemKind.UInt64) { Unsigned = 7 }, s => MsgPackSpec.WritePositiveFixInt(s, 7));
            d.Add(new Item(ItemKind.Int32) { Integer = -7 }, s => MsgPackSpec.WriteNegativeFixInt(s, -7));

            // floats
            d.Add(new Item(ItemKind.Single) { Real = 1.5f }, s => MsgPackSpec.WriteSingle(s, 1.5f));
            d.Add(new Item(ItemKind.Double) { Real = -0.25f }, s => MsgPackSpec.WriteSingle(s, -0.25f));
            d.Add(new Item(ItemKind.Double) { Real = Math.PI }, s => MsgPackSpec.WriteDouble(s, Math.PI));
            d.Add(new Item(ItemKind.Double) { Real = double.NegativeInfinity }, s => MsgPackSpec.WriteDouble(s, double.NegativeInfinity));
            d.Add(new Item(ItemKind.Double) { Real = -0.0 }, s => MsgPackSpec.WriteDouble(s, -0.0));

            // strings: fixstr, str 8, str 16, multi-byte, long, and the exact forms
            string[] texts =
            {
                string.Empty, "a", new string('x', 31), new string('y', 32), "h\u00e9llo w\u00f6rld \u20ac \U0001F600",
                LongText(40), new string('z', 255), new string('w', 256),
            };
            for (int i = 0; i < texts.Length; i++)
            {
                // Long texts once (from chars or from UTF-8, read as string or as bytes), short ones both ways.
                string text = texts[i];
                if (text.Length < 100 || i % 2 == 0)
                {
                    d.Add(new Item(i % 2 == 0 ? ItemKind.String : ItemKind.StringBytes) { Text = text }, s => MsgPackSpec.WriteString(s, text.AsSpan()));
                }

                if (text.Length < 100 || i % 2 == 1)
                {
                    d.Add(new Item(i % 2 == 0 ? ItemKind.StringBytes : ItemKind.String) { Text = text }, s => MsgPackSpec.WriteString(s, Encoding.UTF8.GetBytes(text)));
                }
            }

            string longBytes = LongText(31);
            d.Add(new Item(ItemKind.StringBytes) { Text = longBytes }, s => MsgPackSpec.WriteString(s, longBytes.AsSpan()));
            d.Add(new Item(ItemKind.String) { Text = "ab" }, s => Concat(s, t => MsgPackSpec.WriteString8Header(t, 2), "ab"u8.ToArray()));
            d.Add(new Item(ItemKind.String) { Text = "\u00e9" }, s => Concat(s, t => MsgPackSpec.WriteString16Header(t, 2), "\u00e9"u8.ToArray()));
            d.Add(new Item(ItemKind.StringBytes) { Text = "str32" }, s => Concat(s, t => MsgPackSpec.WriteString32Header(t, 5), "str32"u8.ToArray()));
            d.Add(new Item(ItemKind.String) { Text = "fix" }, s => Concat(s, t => MsgPackSpec.WriteFixStringHeader(t, 3), "fix"u8.ToArray()));

            // A header read alone: the reader is token by token, so its payload bytes are read as the values they
            // also are (here positive fixints 1, 2, 3).
            d.Add(new Item(ItemKind.StringHeader) { Integer = 3 }, s => MsgPackSpec.WriteStringHeader(s, 3));
            for (int i = 1; i <= 3; i++)
            {
                int value = i;
                d.Add(new Item(ItemKind.Int32) { Integer = value }, s => MsgPackSpec.WriteInt32(s, value));
            }

            d.Add(new Item(ItemKind.StringHeader) { Integer = 0 }, s => MsgPackSpec.WriteString32Header(s, 0));

            // bin: every form
            foreach (int length in new[] { 0, 3, 255, 256 })
            {
                byte[] bytes = Pattern(length, length);
                d.Add(new Item(ItemKind.Binary) { Bytes = bytes }, s => MsgPackSpec.WriteBinary(s, bytes));
            }

            d.Add(new Item(ItemKind.Binary) { Bytes = Pattern(2, 9) }, s => Concat(s, t => MsgPackSpec.WriteBinary16Header(t, 2), Pattern(2, 9)));
            d.Add(new Item(ItemKind.Binary) { Bytes = Pattern(3, 8) }, s => Concat(s, t => MsgPackSpec.WriteBinary32Header(t, 3), Pattern(3, 8)));
            d.Add(new Item(ItemKind.BinaryHeader) { Integer = 2 }, s => MsgPackSpec.WriteBinary8Header(s, 2));
            d.Add(new Item(ItemKind.Nil), s => MsgPackSpec.WriteNil(s)); // the two payload bytes, c0 c0
            d.Add(new Item(ItemKind.Nil), s => MsgPackSpec.WriteNil(s));
            d.Add(new Item(ItemKind.BinaryHeader) { Integer = 0 }, s => MsgPackSpec.WriteBinary16Header(s, 0));

            // ext: every form
            foreach (int length in new[] { 1, 2, 4, 8, 16, 0, 3, 17, 255, 256 })
            {
                byte[] bytes = Pattern(length, length + 1);
                sbyte type = (sbyte)(length % 100);
                d.Add(new Item(ItemKind.Extension) { TypeCode = type, Bytes = bytes }, s => MsgPackSpec.WriteExtension(s, type, bytes));
            }

            d.Add(new Item(ItemKind.Extension) { TypeCode = -100, Bytes = Pattern(3, 2) }, s => Concat(s, t => MsgPackSpec.WriteExtension32Header(t, -100, 3), Pattern(3, 2)));
            d.Add(new Item(ItemKind.Extension) { TypeCode = 100, Bytes = Pattern(4, 3) }, s => Concat(s, t => MsgPackSpec.WriteExtension16Header(t, 100, 4), Pattern(4, 3)));
            d.Add(new Item(ItemKind.ExtensionHeader) { TypeCode = 42, Integer = 1 }, s => MsgPackSpec.WriteFixExtension1Header(s, 42));
            d.Add(new Item(ItemKind.Boolean) { Integer = 1 }, s => MsgPackSpec.WriteBoolean(s, true)); // the data byte, c3
            d.Add(new Item(ItemKind.ExtensionHeader) { TypeCode = -3, Integer = 0 }, s => MsgPackSpec.WriteExtension8Header(s, -3, 0));
            d.Add(new Item(ItemKind.ExtensionHeader) { TypeCode = 3, Integer = 0 }, s => MsgPackSpec.WriteExtension32Header(s, 3, 0));

            // timestamps: the three forms, chosen by value and written exactly
            d.Add(new Item(ItemKind.Timestamp) { Timestamp = new Timestamp(1, 0) }, s => MsgPackSpec.WriteTimestamp(s, new Timestamp(1, 0)));
            d.Add(new Item(ItemKind.Timestamp) { Timestamp = new Timestamp(1_700_000_000, 123_456_789) }, s => MsgPackSpec.WriteTimestamp(s, new Timestamp(1_700_000_000, 123_456_789)));
            d.Add(new Item(ItemKind.Timestamp) { Timestamp = new Timestamp(-1, 999_999_999) }, s => MsgPackSpec.WriteTimestamp(s, new Timestamp(-1, 999_999_999)));
            d.Add(new Item(ItemKind.Timestamp) { Timestamp = new Timestamp(1L << 40, 5) }, s => MsgPackSpec.WriteTimestamp(s, new Timestamp(1L << 40, 5)));
            d.Add(new Item(ItemKind.Timestamp) { Timestamp = new Timestamp(2, 0) }, s => MsgPackSpec.WriteTimestamp32(s, new Timestamp(2, 0)));
            d.Add(new Item(ItemKind.Timestamp) { Timestamp = new Timestamp(3, 0) }, s => MsgPackSpec.WriteTimestamp64(s, new Timestamp(3, 0)));
            d.Add(new Item(ItemKind.Timestamp) { Timestamp = new Timestamp(4, 0) }, s => MsgPackSpec.WriteTimestamp96(s, new Timestamp(4, 0)));

            // nested arrays and maps, read token by token: [1, "a", [nil, {"k": 2}]]
            d.Add(new Item(ItemKind.ArrayHeader) { Integer = 3 }, s => MsgPackSpec.WriteArrayHeader(s, 3));
            d.Add(new Item(ItemKind.Int32) { Integer = 1 }, s => MsgPackSpec.WriteInt32(s, 1));
            d.Add(new Item(ItemKind.String) { Text = "a" }, s => MsgPackSpec.WriteString(s, "a".AsSpan()));
            d.Add(new Item(ItemKind.ArrayHeader) { Integer = 2 }, s => MsgPackSpec.WriteFixArrayHeader(s, 2));
            d.Add(new Item(ItemKind.Nil), s => MsgPackSpec.WriteNil(s));
            d.Add(new Item(ItemKind.MapHeader) { Integer = 1 }, s => MsgPackSpec.WriteMapHeader(s, 1));
            d.Add(new Item(ItemKind.String) { Text = "k" }, s => MsgPackSpec.WriteString(s, "k".AsSpan()));
            d.Add(new Item(ItemKind.Int32) { Integer = 2 }, s => MsgPackSpec.WriteInt32(s, 2));

            // the container headers in every form
            d.Add(new Item(ItemKind.ArrayHeader) { Integer = 16 }, s => MsgPackSpec.WriteArrayHeader(s, 16));
            for (int i = 0; i < 16; i++)
            {
                int value = i * 1000;
                d.Add(new Item(ItemKind.Int32) { Integer = value }, s => MsgPackSpec.WriteInt32(s, value));
            }

            d.Add(new Item(ItemKind.MapHeader) { Integer = 1 }, s => MsgPackSpec.WriteMap16Header(s, 1));
            d.Add(new Item(ItemKind.Int64) { Integer = 1 }, s => MsgPackSpec.WriteInt64(s, 1));
            d.Add(new Item(ItemKind.ArrayHeader) { Integer = 1 }, s => MsgPackSpec.WriteArray32Header(s, 1));
            d.Add(new Item(ItemKind.MapHeader) { Integer = 0 }, s => MsgPackSpec.WriteMap32Header(s, 0));
            d.Add(new Item(ItemKind.ArrayHeader) { Integer = 0 }, s => MsgPackSpec.WriteArray16Header(s, 0));
            d.Add(new Item(ItemKind.MapHeader) { Integer = 0 }, s => MsgPackSpec.WriteFixMapHeader(s, 0));

            // whole nested values, skipped and read raw
            byte[] nested = Nested(1);
            byte[] nestedLong = Nested(2);
            d.Add(new Item(ItemKind.Skip), s => Concat(s, _ => 0, nested));
            d.Add(new Item(ItemKind.Raw) { Bytes = nestedLong }, s => Concat(s, _ => 0, nestedLong));
            d.Add(new Item(ItemKind.Skip), s => MsgPackSpec.WriteTimestamp(s, new Timestamp(-5, 5)));
            d.Add(new Item(ItemKind.Skip), s => MsgPackSpec.WriteInt64(s, 1));
            d.Add(new Item(ItemKind.Raw) { Bytes = Hex.ToBytes("cb 3f f0 00 00 00 00 00 00") }, s => MsgPackSpec.WriteDouble(s, 1.0));
            d.Add(new Item(ItemKind.Raw) { Bytes = Hex.ToBytes("90") }, s => MsgPackSpec.WriteArrayHeader(s, 0));

            // and a last small value, so that End is checked after something short
            d.Add(new Item(ItemKind.Int32) { Integer = -1 }, s => MsgPackSpec.WriteInt32(s, -1));

            d.Bytes = d._buffer.AsSpan(0, d._length).ToArray();
            return d;
        }

        /// <summary>A nested value: a map of strings, arrays, bin, ext, timestamp and a map inside an array.</summary>
        private static byte[] Nested(int size)
        {
            byte[] buffer = new byte[8192];
            Span<byte> s = buffer;
            int n = 0;
            n += MsgPackSpec.WriteMapHeader(s.Slice(n), 4);
            n += MsgPackSpec.WriteString(s.Slice(n), "numbers".AsSpan());
            n += MsgPackSpec.WriteArrayHeader(s.Slice(n), 20 * size);
            for (int i = 0; i < 20 * size; i++)
            {
                n += MsgPackSpec.WriteInt64(s.Slice(n), (i * 7919L) - 50_000);
            }

            n += MsgPackSpec.WriteString(s.Slice(n), "blob".AsSpan());
            n += MsgPackSpec.WriteBinary(s.Slice(n), Pattern(40 * size, 3));
            n += MsgPackSpec.WriteString(s.Slice(n), LongText(3 * size).AsSpan());
            n += MsgPackSpec.WriteArrayHeader(s.Slice(n), 4);
            n += MsgPackSpec.WriteExtension(s.Slice(n), 7, Pattern(20 * size, 4));
            n += MsgPackSpec.WriteTimestamp(s.Slice(n), new Timestamp(1L << 36, 1));
            n += MsgPackSpec.WriteMapHeader(s.Slice(n), 1);
            n += MsgPackSpec.WriteNil(s.Slice(n));
            n += MsgPackSpec.WriteArrayHeader(s.Slice(n), 0);
            n += MsgPackSpec.WriteDouble(s.Slice(n), 2.5);
            n += MsgPackSpec.WriteInt64(s.Slice(n), 4);
            n += MsgPackSpec.WriteMapHeader(s.Slice(n), 0);
            return buffer.AsSpan(0, n).ToArray();
        }

        private static int Concat(Span<byte> destination, SpanWrite header, byte[] payload)
        {
            int n = header(destination);
            payload.CopyTo(destination.Slice(n));
            return n + payload.Length;
        }

        private void Add(Item item, SpanWrite write)
        {
            item.Start = _length;
            _length += write(_buffer.AsSpan(_length));
            item.End = _length;
            item.Family = MsgPackSpec.GetMsgPackType(_buffer[item.Start]);
            _items.Add(item);
        }
    }
}
