using System;
using System.Collections.Generic;
using System.Text;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Writer
{
    /// <summary>Writes through a <see cref="MsgPackWriter"/>.</summary>
    internal delegate void WriterAction(ref MsgPackWriter writer);

    /// <summary>One call of a <see cref="MsgPackWriter"/> method and the same value written by <see cref="MsgPackSpec"/>.</summary>
    internal sealed class WriterOp
    {
        public WriterOp(string name, WriterAction write, SpanWrite expected)
        {
            Name = name;
            Write = write;
            Expected = expected;
        }

        public string Name { get; }

        public WriterAction Write { get; }

        public SpanWrite Expected { get; }

        public override string ToString() => Name;
    }

    /// <summary>Every <see cref="MsgPackWriter"/> method, with values at each form's boundaries, beside its <see cref="MsgPackSpec"/> twin.</summary>
    internal static class WriterOps
    {
        private static readonly Lazy<(List<WriterOp> Ops, byte[] Expected, long[] Ends)> Cached = new Lazy<(List<WriterOp>, byte[], long[])>(Build);

        /// <summary>The operations.</summary>
        public static List<WriterOp> All => Cached.Value.Ops;

        /// <summary>What <see cref="MsgPackSpec"/> writes for all of them, one after the other, into one span.</summary>
        public static byte[] Expected => Cached.Value.Expected;

        /// <summary>Where each operation's bytes end in <see cref="Expected"/>.</summary>
        public static long[] Ends => Cached.Value.Ends;

        /// <summary>Texts for WriteString: multi-byte, surrogate pairs at and around the writer's 256-char pieces, lone surrogates, long ones.</summary>
        public static string[] Texts { get; } =
        {
            string.Empty,
            "a",
            new string('x', 31),
            new string('y', 32),
            new string('z', 256),
            "h\u00e9llo w\u00f6rld \u20ac \U0001F600",
            StreamingDocument.LongText(100),                                  // 1000 bytes: str 16, pairs at shifting places
            new string('a', 255) + "\U0001D11E" + new string('b', 300),       // a pair across the first piece boundary
            new string('a', 254) + "\U0001D11E" + new string('b', 300),       // a pair that ends the first piece
            new string('a', 255) + "\uD800" + "b" + new string('c', 300),     // a lone high surrogate at the boundary
            new string('a', 256) + "\uDC00" + new string('c', 300),           // a lone low surrogate after it
            "\uD800",                                                           // alone: U+FFFD
            "x\uDBFF",                                                          // ends with a high surrogate
            new string('\u20ac', 1000),                                         // 3 bytes a char: 3000 bytes
            new string('\u00e9', 40000),                                        // 80,000 bytes: str 32
            StreamingDocument.LongText(7000),                                   // 70,000 bytes: str 32
        };

        /// <summary>bin and ext payload lengths: every boundary of the formats, up to 100,000.</summary>
        public static int[] PayloadLengths { get; } = { 0, 1, 2, 3, 4, 5, 8, 15, 16, 17, 31, 32, 255, 256, 257, 4096, 65535, 65536, 65537, 100_000 };

        private static (List<WriterOp>, byte[], long[]) Build()
        {
            var ops = new List<WriterOp>();
            void Add(string name, WriterAction write, SpanWrite expected) => ops.Add(new WriterOp(name, write, expected));

            Add("Nil", (ref MsgPackWriter w) => w.WriteNil(), s => MsgPackSpec.WriteNil(s));
            foreach (bool b in new[] { true, false })
            {
                Add($"Boolean {b}", (ref MsgPackWriter w) => w.WriteBoolean(b), s => MsgPackSpec.WriteBoolean(s, b));
            }

            long[] signed =
            {
                0, 1, 127, 128, 255, 256, 65535, 65536, uint.MaxValue, 1L << 32, long.MaxValue,
                -1, -32, -33, -128, -129, -32768, -32769, int.MinValue, int.MinValue - 1L, long.MinValue,
            };
            foreach (long v in signed)
            {
                Add($"Int64 {v}", (ref MsgPackWriter w) => w.WriteInt64(v), s => MsgPackSpec.WriteInt64(s, v));
                if (v >= int.MinValue && v <= int.MaxValue)
                {
                    int i = (int)v;
                    Add($"Int32 {i}", (ref MsgPackWriter w) => w.WriteInt32(i), s => MsgPackSpec.WriteInt32(s, i));
                }

                if (v >= short.MinValue && v <= short.MaxValue)
                {
                    short i = (short)v;
                    Add($"Int16 {i}", (ref MsgPackWriter w) => w.WriteInt16(i), s => MsgPackSpec.WriteInt16(s, i));
                }

                if (v >= sbyte.MinValue && v <= sbyte.MaxValue)
                {
                    sbyte i = (sbyte)v;
                    Add($"SByte {i}", (ref MsgPackWriter w) => w.WriteSByte(i), s => MsgPackSpec.WriteSByte(s, i));
                }

                if (v >= 0)
                {
                    ulong u = (ulong)v;
                    Add($"UInt64 {u}", (ref MsgPackWriter w) => w.WriteUInt64(u), s => MsgPackSpec.WriteUInt64(s, u));
                    if (u <= uint.MaxValue)
                    {
                        uint u32 = (uint)u;
                        Add($"UInt32 {u32}", (ref MsgPackWriter w) => w.WriteUInt32(u32), s => MsgPackSpec.WriteUInt32(s, u32));
                    }

                    if (u <= ushort.MaxValue)
                    {
                        ushort u16 = (ushort)u;
                        Add($"UInt16 {u16}", (ref MsgPackWriter w) => w.WriteUInt16(u16), s => MsgPackSpec.WriteUInt16(s, u16));
                    }

                    if (u <= byte.MaxValue)
                    {
                        byte u8 = (byte)u;
                        Add($"Byte {u8}", (ref MsgPackWriter w) => w.WriteByte(u8), s => MsgPackSpec.WriteByte(s, u8));
                    }
                }
            }

            Add("UInt64 max", (ref MsgPackWriter w) => w.WriteUInt64(ulong.MaxValue), s => MsgPackSpec.WriteUInt64(s, ulong.MaxValue));
            foreach (byte v in new byte[] { 0, 127 })
            {
                Add($"PositiveFixInt {v}", (ref MsgPackWriter w) => w.WritePositiveFixInt(v), s => MsgPackSpec.WritePositiveFixInt(s, v));
            }

            foreach (sbyte v in new sbyte[] { -32, -1 })
            {
                Add($"NegativeFixInt {v}", (ref MsgPackWriter w) => w.WriteNegativeFixInt(v), s => MsgPackSpec.WriteNegativeFixInt(s, v));
            }

            Add("FixUInt8", (ref MsgPackWriter w) => w.WriteUInt8Exact(1), s => MsgPackSpec.WriteUInt8Exact(s, 1));
            Add("FixUInt16", (ref MsgPackWriter w) => w.WriteUInt16Exact(0xfffe), s => MsgPackSpec.WriteUInt16Exact(s, 0xfffe));
            Add("FixUInt32", (ref MsgPackWriter w) => w.WriteUInt32Exact(3), s => MsgPackSpec.WriteUInt32Exact(s, 3));
            Add("FixUInt64", (ref MsgPackWriter w) => w.WriteUInt64Exact(ulong.MaxValue - 1), s => MsgPackSpec.WriteUInt64Exact(s, ulong.MaxValue - 1));
            Add("FixInt8", (ref MsgPackWriter w) => w.WriteInt8Exact(-1), s => MsgPackSpec.WriteInt8Exact(s, -1));
            Add("FixInt16", (ref MsgPackWriter w) => w.WriteInt16Exact(1), s => MsgPackSpec.WriteInt16Exact(s, 1));
            Add("FixInt32", (ref MsgPackWriter w) => w.WriteInt32Exact(-2), s => MsgPackSpec.WriteInt32Exact(s, -2));
            Add("FixInt64", (ref MsgPackWriter w) => w.WriteInt64Exact(long.MinValue + 1), s => MsgPackSpec.WriteInt64Exact(s, long.MinValue + 1));

            foreach (double v in new[] { 0.0, -0.0, Math.PI, double.NaN, double.PositiveInfinity })
            {
                float f = (float)v;
                Add($"Single {f}", (ref MsgPackWriter w) => w.WriteSingle(f), s => MsgPackSpec.WriteSingle(s, f));
                Add($"Double {v}", (ref MsgPackWriter w) => w.WriteDouble(v), s => MsgPackSpec.WriteDouble(s, v));
            }

            Timestamp[] timestamps =
            {
                default, new Timestamp(1, 0), new Timestamp(uint.MaxValue, 0), new Timestamp(1L << 32, 0), new Timestamp(1, 1),
                new Timestamp((1L << 34) - 1, 999_999_999), new Timestamp(1L << 34, 0), new Timestamp(-1, 0), new Timestamp(long.MinValue, 999_999_999),
            };
            foreach (Timestamp t in timestamps)
            {
                Add($"Timestamp {t}", (ref MsgPackWriter w) => w.WriteTimestamp(t), s => MsgPackSpec.WriteTimestamp(s, t));
                Add($"Timestamp96 {t}", (ref MsgPackWriter w) => w.WriteTimestamp96(t), s => MsgPackSpec.WriteTimestamp96(s, t));
            }

            Add("Timestamp32", (ref MsgPackWriter w) => w.WriteTimestamp32(new Timestamp(5, 0)), s => MsgPackSpec.WriteTimestamp32(s, new Timestamp(5, 0)));
            Add("Timestamp64", (ref MsgPackWriter w) => w.WriteTimestamp64(new Timestamp(5, 0)), s => MsgPackSpec.WriteTimestamp64(s, new Timestamp(5, 0)));
            Add("Timestamp64 ns", (ref MsgPackWriter w) => w.WriteTimestamp64(new Timestamp(5, 6)), s => MsgPackSpec.WriteTimestamp64(s, new Timestamp(5, 6)));

            foreach (int n in new[] { 0, 15, 16, 65535, 65536, int.MaxValue })
            {
                Add($"ArrayHeader {n}", (ref MsgPackWriter w) => w.WriteArrayHeader(n), s => MsgPackSpec.WriteArrayHeader(s, n));
                Add($"MapHeader {n}", (ref MsgPackWriter w) => w.WriteMapHeader(n), s => MsgPackSpec.WriteMapHeader(s, n));
                Add($"BinaryHeader {n}", (ref MsgPackWriter w) => w.WriteBinaryHeader(n), s => MsgPackSpec.WriteBinaryHeader(s, n));
            }

            foreach (int n in new[] { 0, 31, 32, 255, 256, 65535, 65536, int.MaxValue })
            {
                Add($"StringHeader {n}", (ref MsgPackWriter w) => w.WriteStringHeader(n), s => MsgPackSpec.WriteStringHeader(s, n));
            }

            foreach (int n in new[] { 255, 256 })
            {
                Add($"BinaryHeader {n}", (ref MsgPackWriter w) => w.WriteBinaryHeader(n), s => MsgPackSpec.WriteBinaryHeader(s, n));
            }

            Add("FixArrayHeader", (ref MsgPackWriter w) => w.WriteFixArrayHeader(15), s => MsgPackSpec.WriteFixArrayHeader(s, 15));
            Add("Array16Header", (ref MsgPackWriter w) => w.WriteArray16Header(1), s => MsgPackSpec.WriteArray16Header(s, 1));
            Add("Array32Header", (ref MsgPackWriter w) => w.WriteArray32Header(uint.MaxValue), s => MsgPackSpec.WriteArray32Header(s, uint.MaxValue));
            Add("FixMapHeader", (ref MsgPackWriter w) => w.WriteFixMapHeader(0), s => MsgPackSpec.WriteFixMapHeader(s, 0));
            Add("Map16Header", (ref MsgPackWriter w) => w.WriteMap16Header(65535), s => MsgPackSpec.WriteMap16Header(s, 65535));
            Add("Map32Header", (ref MsgPackWriter w) => w.WriteMap32Header(2), s => MsgPackSpec.WriteMap32Header(s, 2));
            Add("FixStringHeader", (ref MsgPackWriter w) => w.WriteFixStringHeader(31), s => MsgPackSpec.WriteFixStringHeader(s, 31));
            Add("String8Header", (ref MsgPackWriter w) => w.WriteString8Header(0), s => MsgPackSpec.WriteString8Header(s, 0));
            Add("String16Header", (ref MsgPackWriter w) => w.WriteString16Header(3), s => MsgPackSpec.WriteString16Header(s, 3));
            Add("String32Header", (ref MsgPackWriter w) => w.WriteString32Header(70000), s => MsgPackSpec.WriteString32Header(s, 70000));
            Add("Binary8Header", (ref MsgPackWriter w) => w.WriteBinary8Header(7), s => MsgPackSpec.WriteBinary8Header(s, 7));
            Add("Binary16Header", (ref MsgPackWriter w) => w.WriteBinary16Header(7), s => MsgPackSpec.WriteBinary16Header(s, 7));
            Add("Binary32Header", (ref MsgPackWriter w) => w.WriteBinary32Header(7), s => MsgPackSpec.WriteBinary32Header(s, 7));

            foreach (int n in new[] { 0, 1, 2, 3, 4, 8, 16, 17, 255, 256, 65535, 65536, int.MaxValue })
            {
                var header = new ExtensionHeader((sbyte)(n % 128), n);
                Add($"ExtensionHeader {n}", (ref MsgPackWriter w) => w.WriteExtensionHeader(header), s => MsgPackSpec.WriteExtensionHeader(s, header));
            }

            Add("FixExtension1Header", (ref MsgPackWriter w) => w.WriteFixExtension1Header(-1), s => MsgPackSpec.WriteFixExtension1Header(s, -1));
            Add("FixExtension2Header", (ref MsgPackWriter w) => w.WriteFixExtension2Header(2), s => MsgPackSpec.WriteFixExtension2Header(s, 2));
            Add("FixExtension4Header", (ref MsgPackWriter w) => w.WriteFixExtension4Header(-128), s => MsgPackSpec.WriteFixExtension4Header(s, -128));
            Add("FixExtension8Header", (ref MsgPackWriter w) => w.WriteFixExtension8Header(127), s => MsgPackSpec.WriteFixExtension8Header(s, 127));
            Add("FixExtension16Header", (ref MsgPackWriter w) => w.WriteFixExtension16Header(0), s => MsgPackSpec.WriteFixExtension16Header(s, 0));
            Add("Ext8Header", (ref MsgPackWriter w) => w.WriteExtension8Header(5, 0), s => MsgPackSpec.WriteExtension8Header(s, 5, 0));
            Add("Ext16Header", (ref MsgPackWriter w) => w.WriteExtension16Header(-5, 1), s => MsgPackSpec.WriteExtension16Header(s, -5, 1));
            Add("Ext32Header", (ref MsgPackWriter w) => w.WriteExtension32Header(6, uint.MaxValue), s => MsgPackSpec.WriteExtension32Header(s, 6, uint.MaxValue));

            foreach (string text in Texts)
            {
                byte[] utf8 = Encoding.UTF8.GetBytes(text);
                Add($"String chars {text.Length}", (ref MsgPackWriter w) => w.WriteString(text.AsSpan()), s => MsgPackSpec.WriteString(s, text.AsSpan()));
                Add($"String utf8 {utf8.Length}", (ref MsgPackWriter w) => w.WriteString(utf8), s => MsgPackSpec.WriteString(s, utf8));

                // a short value between, so that the next text starts at a different place in the span
                Add("Int64 between", (ref MsgPackWriter w) => w.WriteInt64(-200), s => MsgPackSpec.WriteInt64(s, -200));
            }

            foreach (int length in PayloadLengths)
            {
                byte[] bytes = StreamingDocument.Pattern(length, length);
                sbyte type = (sbyte)(length % 256 - 128);
                Add($"Binary {length}", (ref MsgPackWriter w) => w.WriteBinary(bytes), s => MsgPackSpec.WriteBinary(s, bytes));
                Add($"Extension {length}", (ref MsgPackWriter w) => w.WriteExtension(type, bytes), s => MsgPackSpec.WriteExtension(s, type, bytes));
                Add($"Raw {length}", (ref MsgPackWriter w) => w.WriteRaw(bytes), s => Copy(bytes, s));
                Add("Nil between", (ref MsgPackWriter w) => w.WriteNil(), s => MsgPackSpec.WriteNil(s));
            }

            byte[] expected = new byte[4 << 20];
            long[] ends = new long[ops.Count];
            int position = 0;
            for (int i = 0; i < ops.Count; i++)
            {
                position += ops[i].Expected(expected.AsSpan(position));
                ends[i] = position;
            }

            return (ops, expected.AsSpan(0, position).ToArray(), ends);
        }

        private static int Copy(byte[] bytes, Span<byte> destination)
        {
            bytes.CopyTo(destination);
            return bytes.Length;
        }
    }
}
