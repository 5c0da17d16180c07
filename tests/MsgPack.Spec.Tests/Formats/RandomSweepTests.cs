using System;
using System.Text;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>
    /// A seeded random sweep over every family at once: the span and the pointer front doors must write identical
    /// bytes, read back the values written, and agree with <see cref="MsgPackSpec.Skip(ReadOnlySpan{byte})"/> on
    /// where each value ends.
    /// </summary>
    public unsafe class RandomSweepTests
    {
        private enum Kind
        {
            Nil,
            Boolean,
            Int64,
            UInt64,
            Single,
            Double,
            String,
            Binary,
            Extension,
            Timestamp,
            ArrayHeader,
            MapHeader,
        }

        private readonly struct Value
        {
            public Value(Kind kind, long integer, ulong unsigned, double real, string text, byte[] bytes, sbyte typeCode, Timestamp timestamp)
            {
                Kind = kind;
                Integer = integer;
                Unsigned = unsigned;
                Real = real;
                Text = text;
                Bytes = bytes;
                TypeCode = typeCode;
                Timestamp = timestamp;
            }

            public Kind Kind { get; }

            public long Integer { get; }

            public ulong Unsigned { get; }

            public double Real { get; }

            public string Text { get; }

            public byte[] Bytes { get; }

            public sbyte TypeCode { get; }

            public Timestamp Timestamp { get; }
        }

        [Theory]
        [InlineData(1)]
        [InlineData(2)]
        [InlineData(3)]
        [InlineData(4)]
        public void SpanAndPointerWritersAgreeAndEveryValueReadsBack(int seed)
        {
            var random = new Random(seed);
            Value[] values = new Value[2000];
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = NextValue(random);
            }

            byte[] viaSpan = new byte[32 << 20];
            byte[] viaPointer = new byte[viaSpan.Length];
            int spanLength = 0;
            int pointerLength = 0;
            fixed (byte* start = viaPointer)
            {
                foreach (Value value in values)
                {
                    spanLength += WriteWithSpan(viaSpan.AsSpan(spanLength), value);
                    pointerLength += WriteWithPointer(start + pointerLength, value);
                }
            }

            Assert.Equal(spanLength, pointerLength);
            Assert.True(viaSpan.AsSpan(0, spanLength).SequenceEqual(viaPointer.AsSpan(0, pointerLength)));

            ReadOnlySpan<byte> input = viaSpan.AsSpan(0, spanLength);
            int position = 0;
            fixed (byte* start = viaSpan)
            {
                foreach (Value value in values)
                {
                    int readBySpan = ReadAndCheckWithSpan(input.Slice(position), value);
                    int readByPointer = ReadAndCheckWithPointer(start + position, spanLength - position, value);
                    Assert.Equal(readBySpan, readByPointer);

                    // Skip measures a whole value; after an array or map header the items would be the values that
                    // follow, and this stream of values was not built to match the counts, so headers are not skipped.
                    if (value.Kind is not Kind.ArrayHeader and not Kind.MapHeader)
                    {
                        Assert.Equal(readBySpan, MsgPackSpec.Skip(input.Slice(position)));
                    }

                    position += readBySpan;
                }
            }

            Assert.Equal(spanLength, position);
        }

        private static Value NextValue(Random random)
        {
            var kind = (Kind)random.Next(Enum.GetValues(typeof(Kind)).Length);
            long integer = 0;
            ulong unsigned = 0;
            double real = 0;
            string text = string.Empty;
            byte[] bytes = Array.Empty<byte>();
            sbyte typeCode = 0;
            Timestamp timestamp = default;
            switch (kind)
            {
                case Kind.Boolean:
                    integer = random.Next(2);
                    break;
                case Kind.Int64:
                    // A random bit length first, so that every width is drawn as often as the others.
                    integer = NextBits(random) >> random.Next(64);
                    break;
                case Kind.UInt64:
                    unsigned = (ulong)NextBits(random) >> random.Next(64);
                    break;
                case Kind.Single:
                    real = BitConverter.Int32BitsToSingle(random.Next(int.MinValue, int.MaxValue));
                    break;
                case Kind.Double:
                    real = BitConverter.Int64BitsToDouble(NextBits(random));
                    break;
                case Kind.String:
                    text = NextText(random);
                    break;
                case Kind.Binary:
                case Kind.Extension:
                    bytes = new byte[NextLength(random)];
                    random.NextBytes(bytes);
                    typeCode = (sbyte)random.Next(sbyte.MinValue, sbyte.MaxValue + 1);
                    break;
                case Kind.Timestamp:
                    long seconds = random.Next(4) switch
                    {
                        0 => random.Next(),
                        1 => NextBits(random) >> random.Next(64),
                        2 => (long)((ulong)NextBits(random) >> 30),
                        _ => -random.Next(),
                    };
                    uint nanoseconds = random.Next(2) == 0 ? 0u : (uint)random.Next(1_000_000_000);
                    timestamp = new Timestamp(seconds, nanoseconds);
                    break;
                case Kind.ArrayHeader:
                case Kind.MapHeader:
                    integer = NextLength(random) * (random.Next(4) == 0 ? 1000 : 1);
                    break;
            }

            return new Value(kind, integer, unsigned, real, text, bytes, typeCode, timestamp);
        }

        private static long NextBits(Random random)
        {
            byte[] eight = new byte[8];
            random.NextBytes(eight);
            return BitConverter.ToInt64(eight, 0);
        }

        // Mostly short, sometimes around the 8-bit and 16-bit length limits.
        private static int NextLength(Random random) => random.Next(40) switch
        {
            0 => random.Next(65_000, 66_000),
            < 10 => random.Next(200, 300),
            _ => random.Next(0, 40),
        };

        private static string NextText(Random random)
        {
            int length = NextLength(random);
            var text = new StringBuilder(length);
            for (int i = 0; i < length; i++)
            {
                switch (random.Next(4))
                {
                    case 0: text.Append((char)random.Next(0x20, 0x7f)); break;
                    case 1: text.Append((char)random.Next(0x400, 0x4ff)); break; // Cyrillic: 2 bytes
                    case 2: text.Append((char)random.Next(0x4e00, 0x9fff)); break; // CJK: 3 bytes
                    default: text.Append(char.ConvertFromUtf32(random.Next(0x1f300, 0x1f600))); break; // emoji: 4 bytes
                }
            }

            return text.ToString();
        }

        private static int WriteWithSpan(Span<byte> destination, Value value) => value.Kind switch
        {
            Kind.Nil => MsgPackSpec.WriteNil(destination),
            Kind.Boolean => MsgPackSpec.WriteBoolean(destination, value.Integer != 0),
            Kind.Int64 => MsgPackSpec.WriteInt64(destination, value.Integer),
            Kind.UInt64 => MsgPackSpec.WriteUInt64(destination, value.Unsigned),
            Kind.Single => MsgPackSpec.WriteSingle(destination, (float)value.Real),
            Kind.Double => MsgPackSpec.WriteDouble(destination, value.Real),
            Kind.String => MsgPackSpec.WriteString(destination, value.Text),
            Kind.Binary => MsgPackSpec.WriteBinary(destination, value.Bytes),
            Kind.Extension => MsgPackSpec.WriteExtension(destination, value.TypeCode, value.Bytes),
            Kind.Timestamp => MsgPackSpec.WriteTimestamp(destination, value.Timestamp),
            Kind.ArrayHeader => MsgPackSpec.WriteArrayHeader(destination, (int)value.Integer),
            _ => MsgPackSpec.WriteMapHeader(destination, (int)value.Integer),
        };

        private static int WriteWithPointer(byte* destination, Value value) => value.Kind switch
        {
            Kind.Nil => MsgPackSpec.WriteNil(destination),
            Kind.Boolean => MsgPackSpec.WriteBoolean(destination, value.Integer != 0),
            Kind.Int64 => MsgPackSpec.WriteInt64(destination, value.Integer),
            Kind.UInt64 => MsgPackSpec.WriteUInt64(destination, value.Unsigned),
            Kind.Single => MsgPackSpec.WriteSingle(destination, (float)value.Real),
            Kind.Double => MsgPackSpec.WriteDouble(destination, value.Real),
            Kind.String => MsgPackSpec.WriteString(destination, value.Text),
            Kind.Binary => MsgPackSpec.WriteBinary(destination, value.Bytes),
            Kind.Extension => MsgPackSpec.WriteExtension(destination, value.TypeCode, value.Bytes),
            Kind.Timestamp => MsgPackSpec.WriteTimestamp(destination, value.Timestamp),
            Kind.ArrayHeader => MsgPackSpec.WriteArrayHeader(destination, (int)value.Integer),
            _ => MsgPackSpec.WriteMapHeader(destination, (int)value.Integer),
        };

        private static int ReadAndCheckWithSpan(ReadOnlySpan<byte> source, Value value)
        {
            int read;
            switch (value.Kind)
            {
                case Kind.Nil:
                    MsgPackSpec.ReadNil(source, out read);
                    break;
                case Kind.Boolean:
                    Assert.Equal(value.Integer != 0, MsgPackSpec.ReadBoolean(source, out read));
                    break;
                case Kind.Int64:
                    Assert.Equal(value.Integer, MsgPackSpec.ReadInt64(source, out read));
                    Assert.Equal(MsgPackSpec.GetInt64EncodedLength(value.Integer), read);
                    break;
                case Kind.UInt64:
                    Assert.Equal(value.Unsigned, MsgPackSpec.ReadUInt64(source, out read));
                    Assert.Equal(MsgPackSpec.GetUInt64EncodedLength(value.Unsigned), read);
                    break;
                case Kind.Single:
                    Assert.Equal(BitConverter.SingleToInt32Bits((float)value.Real), BitConverter.SingleToInt32Bits(MsgPackSpec.ReadSingle(source, out read)));
                    break;
                case Kind.Double:
                    Assert.Equal(BitConverter.DoubleToInt64Bits(value.Real), BitConverter.DoubleToInt64Bits(MsgPackSpec.ReadDouble(source, out read)));
                    break;
                case Kind.String:
                    Assert.Equal(value.Text, MsgPackSpec.ReadString(source, out read));
                    Assert.Equal(MsgPackSpec.GetStringEncodedLength(value.Text), read);
                    break;
                case Kind.Binary:
                    Assert.True(value.Bytes.AsSpan().SequenceEqual(MsgPackSpec.ReadBinary(source, out read)));
                    Assert.Equal(MsgPackSpec.GetBinaryEncodedLength(value.Bytes.Length), read);
                    break;
                case Kind.Extension:
                    Assert.True(value.Bytes.AsSpan().SequenceEqual(MsgPackSpec.ReadExtension(source, out ExtensionHeader header, out read)));
                    Assert.Equal(new ExtensionHeader(value.TypeCode, value.Bytes.Length), header);
                    Assert.Equal(MsgPackSpec.GetExtensionEncodedLength(value.Bytes.Length), read);
                    break;
                case Kind.Timestamp:
                    Assert.Equal(value.Timestamp, MsgPackSpec.ReadTimestamp(source, out read));
                    Assert.Equal(MsgPackSpec.GetTimestampEncodedLength(value.Timestamp), read);
                    break;
                case Kind.ArrayHeader:
                    Assert.Equal(value.Integer, MsgPackSpec.ReadArrayHeader(source, out read));
                    Assert.Equal(MsgPackSpec.GetArrayHeaderEncodedLength((int)value.Integer), read);
                    break;
                default:
                    Assert.Equal(value.Integer, MsgPackSpec.ReadMapHeader(source, out read));
                    Assert.Equal(MsgPackSpec.GetMapHeaderEncodedLength((int)value.Integer), read);
                    break;
            }

            return read;
        }

        private static int ReadAndCheckWithPointer(byte* source, int length, Value value)
        {
            int read;
            switch (value.Kind)
            {
                case Kind.Nil:
                    MsgPackSpec.ReadNil(source, length, out read);
                    break;
                case Kind.Boolean:
                    Assert.Equal(value.Integer != 0, MsgPackSpec.ReadBoolean(source, length, out read));
                    break;
                case Kind.Int64:
                    Assert.Equal(value.Integer, MsgPackSpec.ReadInt64(source, length, out read));
                    break;
                case Kind.UInt64:
                    Assert.Equal(value.Unsigned, MsgPackSpec.ReadUInt64(source, length, out read));
                    break;
                case Kind.Single:
                    Assert.Equal(BitConverter.SingleToInt32Bits((float)value.Real), BitConverter.SingleToInt32Bits(MsgPackSpec.ReadSingle(source, length, out read)));
                    break;
                case Kind.Double:
                    Assert.Equal(BitConverter.DoubleToInt64Bits(value.Real), BitConverter.DoubleToInt64Bits(MsgPackSpec.ReadDouble(source, length, out read)));
                    break;
                case Kind.String:
                    Assert.Equal(value.Text, MsgPackSpec.ReadString(source, length, out read));
                    break;
                case Kind.Binary:
                    Assert.True(value.Bytes.AsSpan().SequenceEqual(MsgPackSpec.ReadBinary(source, length, out read)));
                    break;
                case Kind.Extension:
                    Assert.True(value.Bytes.AsSpan().SequenceEqual(MsgPackSpec.ReadExtension(source, length, out ExtensionHeader header, out read)));
                    Assert.Equal(value.TypeCode, header.TypeCode);
                    break;
                case Kind.Timestamp:
                    Assert.Equal(value.Timestamp, MsgPackSpec.ReadTimestamp(source, length, out read));
                    break;
                case Kind.ArrayHeader:
                    Assert.Equal(value.Integer, MsgPackSpec.ReadArrayHeader(source, length, out read));
                    break;
                default:
                    Assert.Equal(value.Integer, MsgPackSpec.ReadMapHeader(source, length, out read));
                    break;
            }

            return read;
        }
    }
}
