using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Xunit;

namespace MsgPack.Spec.Tests.Contracts
{
    /// <summary>Calls a span writer with a fixed value.</summary>
    internal delegate int SpanWrite(Span<byte> destination);

    /// <summary>Calls a span <c>TryWrite*</c> with a fixed value.</summary>
    internal delegate bool SpanTryWrite(Span<byte> destination, out int bytesWritten);

    /// <summary>Calls a pointer writer with a fixed value.</summary>
    internal unsafe delegate int PointerWrite(byte* destination);

    /// <summary>One writer call with a fixed value, through its front doors, and the bytes the specification gives for it.</summary>
    internal sealed class WriterCase
    {
        public WriterCase(string name, string expected, SpanWrite write, SpanTryWrite? tryWrite, PointerWrite writeAt)
        {
            Name = name;
            Expected = expected;
            Write = write;
            TryWrite = tryWrite;
            WriteAt = writeAt;
        }

        public string Name { get; }

        /// <summary>The encoding, as hex.</summary>
        public string Expected { get; }

        public SpanWrite Write { get; }

        /// <summary>The Try form, for the writers that have one (the smallest-form writers).</summary>
        public SpanTryWrite? TryWrite { get; }

        public PointerWrite WriteAt { get; }

        public override string ToString() => Name;
    }

    /// <summary>Every writer of <see cref="MsgPackSpec"/>, smallest and exact forms, with values at the edges of each form.</summary>
    internal static unsafe class WriterCatalog
    {
        private static readonly Dictionary<string, WriterCase> Cases = Build().ToDictionary(c => c.Name);

        public static TheoryData<string> Names
        {
            get
            {
                var data = new TheoryData<string>();
                foreach (string name in Cases.Keys)
                {
                    data.Add(name);
                }

                return data;
            }
        }

        public static IEnumerable<WriterCase> All => Cases.Values;

        public static WriterCase Get(string name) => Cases[name];

        private static string Repeat(string hexByte, int count) => string.Join(" ", Enumerable.Repeat(hexByte, count));

        private static byte[] Bytes(int count, byte value) => Enumerable.Repeat(value, count).ToArray();

        private static List<WriterCase> Build()
        {
            var cases = new List<WriterCase>();
            cases.Add(new WriterCase("Nil", "c0", d => MsgPackSpec.WriteNil(d), (Span<byte> d, out int n) => MsgPackSpec.TryWriteNil(d, out n), p => MsgPackSpec.WriteNil(p)));
            foreach (bool v in new[] { false, true })
            {
                cases.Add(new WriterCase($"Boolean({v})", v ? "c3" : "c2", d => MsgPackSpec.WriteBoolean(d, v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteBoolean(d, v, out n), p => MsgPackSpec.WriteBoolean(p, v)));
            }

            (long Value, string Hex)[] int64 =
            {
                (0, "00"), (1, "01"), (127, "7f"), (128, "cc 80"), (255, "cc ff"), (256, "cd 01 00"), (65535, "cd ff ff"),
                (65536, "ce 00 01 00 00"), (uint.MaxValue, "ce ff ff ff ff"), (1L << 32, "cf 00 00 00 01 00 00 00 00"),
                (long.MaxValue, "cf 7f ff ff ff ff ff ff ff"), (-1, "ff"), (-32, "e0"), (-33, "d0 df"), (-128, "d0 80"),
                (-129, "d1 ff 7f"), (-32768, "d1 80 00"), (-32769, "d2 ff ff 7f ff"), (int.MinValue, "d2 80 00 00 00"),
                (int.MinValue - 1L, "d3 ff ff ff ff 7f ff ff ff"), (long.MinValue, "d3 80 00 00 00 00 00 00 00"),
            };
            foreach ((long v, string hex) in int64)
            {
                cases.Add(new WriterCase($"Int64({v})", hex, d => MsgPackSpec.WriteInt64(d, v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteInt64(d, v, out n), p => MsgPackSpec.WriteInt64(p, v)));
                if (v >= int.MinValue && v <= int.MaxValue)
                {
                    int i = (int)v;
                    cases.Add(new WriterCase($"Int32({i})", hex, d => MsgPackSpec.WriteInt32(d, i), (Span<byte> d, out int n) => MsgPackSpec.TryWriteInt32(d, i, out n), p => MsgPackSpec.WriteInt32(p, i)));
                }

                if (v >= short.MinValue && v <= short.MaxValue)
                {
                    short s = (short)v;
                    cases.Add(new WriterCase($"Int16({s})", hex, d => MsgPackSpec.WriteInt16(d, s), (Span<byte> d, out int n) => MsgPackSpec.TryWriteInt16(d, s, out n), p => MsgPackSpec.WriteInt16(p, s)));
                }

                if (v >= sbyte.MinValue && v <= sbyte.MaxValue)
                {
                    sbyte s = (sbyte)v;
                    cases.Add(new WriterCase($"SByte({s})", hex, d => MsgPackSpec.WriteSByte(d, s), (Span<byte> d, out int n) => MsgPackSpec.TryWriteSByte(d, s, out n), p => MsgPackSpec.WriteSByte(p, s)));
                }

                if (v >= 0)
                {
                    ulong u = (ulong)v;
                    cases.Add(new WriterCase($"UInt64({u})", hex, d => MsgPackSpec.WriteUInt64(d, u), (Span<byte> d, out int n) => MsgPackSpec.TryWriteUInt64(d, u, out n), p => MsgPackSpec.WriteUInt64(p, u)));
                }

                if (v >= 0 && v <= uint.MaxValue)
                {
                    uint u = (uint)v;
                    cases.Add(new WriterCase($"UInt32({u})", hex, d => MsgPackSpec.WriteUInt32(d, u), (Span<byte> d, out int n) => MsgPackSpec.TryWriteUInt32(d, u, out n), p => MsgPackSpec.WriteUInt32(p, u)));
                }

                if (v >= 0 && v <= ushort.MaxValue)
                {
                    ushort u = (ushort)v;
                    cases.Add(new WriterCase($"UInt16({u})", hex, d => MsgPackSpec.WriteUInt16(d, u), (Span<byte> d, out int n) => MsgPackSpec.TryWriteUInt16(d, u, out n), p => MsgPackSpec.WriteUInt16(p, u)));
                }

                if (v >= 0 && v <= byte.MaxValue)
                {
                    byte u = (byte)v;
                    cases.Add(new WriterCase($"Byte({u})", hex, d => MsgPackSpec.WriteByte(d, u), (Span<byte> d, out int n) => MsgPackSpec.TryWriteByte(d, u, out n), p => MsgPackSpec.WriteByte(p, u)));
                }
            }

            cases.Add(new WriterCase("UInt64(max)", "cf ff ff ff ff ff ff ff ff", d => MsgPackSpec.WriteUInt64(d, ulong.MaxValue), (Span<byte> d, out int n) => MsgPackSpec.TryWriteUInt64(d, ulong.MaxValue, out n), p => MsgPackSpec.WriteUInt64(p, ulong.MaxValue)));

            cases.Add(new WriterCase("Single(1)", "ca 3f 80 00 00", d => MsgPackSpec.WriteSingle(d, 1f), (Span<byte> d, out int n) => MsgPackSpec.TryWriteSingle(d, 1f, out n), p => MsgPackSpec.WriteSingle(p, 1f)));
            cases.Add(new WriterCase("Single(-0)", "ca 80 00 00 00", d => MsgPackSpec.WriteSingle(d, -0f), (Span<byte> d, out int n) => MsgPackSpec.TryWriteSingle(d, -0f, out n), p => MsgPackSpec.WriteSingle(p, -0f)));
            cases.Add(new WriterCase("Double(1)", "cb 3f f0 00 00 00 00 00 00", d => MsgPackSpec.WriteDouble(d, 1d), (Span<byte> d, out int n) => MsgPackSpec.TryWriteDouble(d, 1d, out n), p => MsgPackSpec.WriteDouble(p, 1d)));
            cases.Add(new WriterCase("Double(-2.5)", "cb c0 04 00 00 00 00 00 00", d => MsgPackSpec.WriteDouble(d, -2.5), (Span<byte> d, out int n) => MsgPackSpec.TryWriteDouble(d, -2.5, out n), p => MsgPackSpec.WriteDouble(p, -2.5)));

            (string Text, string Hex)[] strings =
            {
                (string.Empty, "a0"),
                ("abc", "a3 61 62 63"),
                ("\u00e9", "a2 c3 a9"),
                ("\U0001F600", "a4 f0 9f 98 80"),
                (new string('a', 31), "bf " + Repeat("61", 31)),
                (new string('a', 32), "d9 20 " + Repeat("61", 32)),
                (new string('b', 255), "d9 ff " + Repeat("62", 255)),
                (new string('c', 256), "da 01 00 " + Repeat("63", 256)),
                (new string('\u00e9', 128), "da 01 00 " + Repeat("c3 a9", 128)),
            };
            foreach ((string text, string hex) in strings)
            {
                string label = text.Length > 4 ? $"{text.Length} chars of U+{(int)text[0]:X4}" : string.Join(" ", text.Select(c => $"U+{(int)c:X4}"));
                cases.Add(new WriterCase($"String(chars: {label})", hex, d => MsgPackSpec.WriteString(d, text.AsSpan()), (Span<byte> d, out int n) => MsgPackSpec.TryWriteString(d, text.AsSpan(), out n), p => MsgPackSpec.WriteString(p, text.AsSpan())));
                cases.Add(new WriterCase($"String(text: {label})", hex, d => MsgPackSpec.WriteString(d, text), (Span<byte> d, out int n) => MsgPackSpec.TryWriteString(d, text, out n), p => MsgPackSpec.WriteString(p, text)));
                byte[] utf8 = Encoding.UTF8.GetBytes(text);
                cases.Add(new WriterCase($"String(utf8: {label})", hex, d => MsgPackSpec.WriteString(d, utf8.AsSpan()), (Span<byte> d, out int n) => MsgPackSpec.TryWriteString(d, utf8.AsSpan(), out n), p => MsgPackSpec.WriteString(p, utf8.AsSpan())));
            }

            (int Length, string Str, string Bin, string Array, string Map)[] headers =
            {
                (0, "a0", "c4 00", "90", "80"),
                (15, "af", "c4 0f", "9f", "8f"),
                (16, "b0", "c4 10", "dc 00 10", "de 00 10"),
                (31, "bf", "c4 1f", "dc 00 1f", "de 00 1f"),
                (32, "d9 20", "c4 20", "dc 00 20", "de 00 20"),
                (255, "d9 ff", "c4 ff", "dc 00 ff", "de 00 ff"),
                (256, "da 01 00", "c5 01 00", "dc 01 00", "de 01 00"),
                (65535, "da ff ff", "c5 ff ff", "dc ff ff", "de ff ff"),
                (65536, "db 00 01 00 00", "c6 00 01 00 00", "dd 00 01 00 00", "df 00 01 00 00"),
                (int.MaxValue, "db 7f ff ff ff", "c6 7f ff ff ff", "dd 7f ff ff ff", "df 7f ff ff ff"),
            };
            foreach ((int v, string str, string bin, string array, string map) in headers)
            {
                cases.Add(new WriterCase($"StringHeader({v})", str, d => MsgPackSpec.WriteStringHeader(d, v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteStringHeader(d, v, out n), p => MsgPackSpec.WriteStringHeader(p, v)));
                cases.Add(new WriterCase($"BinaryHeader({v})", bin, d => MsgPackSpec.WriteBinaryHeader(d, v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteBinaryHeader(d, v, out n), p => MsgPackSpec.WriteBinaryHeader(p, v)));
                cases.Add(new WriterCase($"ArrayHeader({v})", array, d => MsgPackSpec.WriteArrayHeader(d, v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteArrayHeader(d, v, out n), p => MsgPackSpec.WriteArrayHeader(p, v)));
                cases.Add(new WriterCase($"MapHeader({v})", map, d => MsgPackSpec.WriteMapHeader(d, v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteMapHeader(d, v, out n), p => MsgPackSpec.WriteMapHeader(p, v)));
            }

            (byte[] Data, string Hex)[] binaries =
            {
                (Array.Empty<byte>(), "c4 00"),
                (new byte[] { 1, 2, 3 }, "c4 03 01 02 03"),
                (Bytes(255, 0xee), "c4 ff " + Repeat("ee", 255)),
                (Bytes(256, 0x11), "c5 01 00 " + Repeat("11", 256)),
            };
            foreach ((byte[] data, string hex) in binaries)
            {
                cases.Add(new WriterCase($"Binary({data.Length} bytes)", hex, d => MsgPackSpec.WriteBinary(d, data), (Span<byte> d, out int n) => MsgPackSpec.TryWriteBinary(d, data, out n), p => MsgPackSpec.WriteBinary(p, data)));
            }

            (sbyte Type, int Length, string Hex)[] extensionHeaders =
            {
                (5, 1, "d4 05"), (5, 2, "d5 05"), (5, 4, "d6 05"), (5, 8, "d7 05"), (5, 16, "d8 05"), (-128, 1, "d4 80"),
                (5, 0, "c7 00 05"), (5, 3, "c7 03 05"), (-1, 12, "c7 0c ff"), (5, 17, "c7 11 05"), (5, 32, "c7 20 05"),
                (5, 255, "c7 ff 05"), (5, 256, "c8 01 00 05"), (127, 65535, "c8 ff ff 7f"), (5, 65536, "c9 00 01 00 00 05"),
                (5, int.MaxValue, "c9 7f ff ff ff 05"),
            };
            foreach ((sbyte type, int length, string hex) in extensionHeaders)
            {
                var header = new ExtensionHeader(type, length);
                cases.Add(new WriterCase($"ExtensionHeader({type}, {length})", hex, d => MsgPackSpec.WriteExtensionHeader(d, header), (Span<byte> d, out int n) => MsgPackSpec.TryWriteExtensionHeader(d, header, out n), p => MsgPackSpec.WriteExtensionHeader(p, header)));
            }

            (sbyte Type, byte[] Data, string Hex)[] extensions =
            {
                (7, new byte[] { 0xaa }, "d4 07 aa"),
                (7, new byte[] { 0xaa, 0xbb }, "d5 07 aa bb"),
                (7, Array.Empty<byte>(), "c7 00 07"),
                (7, new byte[] { 0xaa, 0xbb, 0xcc }, "c7 03 07 aa bb cc"),
                (-7, Bytes(16, 0x42), "d8 f9 " + Repeat("42", 16)),
                (7, Bytes(256, 0x24), "c8 01 00 07 " + Repeat("24", 256)),
            };
            foreach ((sbyte type, byte[] data, string hex) in extensions)
            {
                cases.Add(new WriterCase($"Extension({type}, {data.Length} bytes)", hex, d => MsgPackSpec.WriteExtension(d, type, data), (Span<byte> d, out int n) => MsgPackSpec.TryWriteExtension(d, type, data, out n), p => MsgPackSpec.WriteExtension(p, type, data)));
            }

            (long Seconds, uint Nanoseconds, string Hex)[] timestamps =
            {
                (0, 0, "d6 ff 00 00 00 00"),
                (uint.MaxValue, 0, "d6 ff ff ff ff ff"),
                (1, 1, "d7 ff 00 00 00 04 00 00 00 01"),
                (0, 1, "d7 ff 00 00 00 04 00 00 00 00"),
                (1L << 32, 0, "d7 ff 00 00 00 01 00 00 00 00"),
                ((1L << 34) - 1, 999_999_999, "d7 ff ee 6b 27 ff ff ff ff ff"),
                (1L << 34, 0, "c7 0c ff 00 00 00 00 00 00 00 04 00 00 00 00"),
                (-1, 0, "c7 0c ff 00 00 00 00 ff ff ff ff ff ff ff ff"),
                (long.MinValue, 999_999_999, "c7 0c ff 3b 9a c9 ff 80 00 00 00 00 00 00 00"),
            };
            foreach ((long seconds, uint nanoseconds, string hex) in timestamps)
            {
                var t = new Timestamp(seconds, nanoseconds);
                cases.Add(new WriterCase($"Timestamp({seconds}, {nanoseconds})", hex, d => MsgPackSpec.WriteTimestamp(d, t), (Span<byte> d, out int n) => MsgPackSpec.TryWriteTimestamp(d, t, out n), p => MsgPackSpec.WriteTimestamp(p, t)));
            }

            // ---- Exact forms: no Try form; the span writer throws when short, the pointer writer checks nothing.
            cases.Add(new WriterCase("PositiveFixInt(5)", "05", d => MsgPackSpec.WritePositiveFixInt(d, 5), null, p => MsgPackSpec.WritePositiveFixInt(p, 5)));
            cases.Add(new WriterCase("PositiveFixInt(127)", "7f", d => MsgPackSpec.WritePositiveFixInt(d, 127), null, p => MsgPackSpec.WritePositiveFixInt(p, 127)));
            cases.Add(new WriterCase("NegativeFixInt(-1)", "ff", d => MsgPackSpec.WriteNegativeFixInt(d, -1), null, p => MsgPackSpec.WriteNegativeFixInt(p, -1)));
            cases.Add(new WriterCase("NegativeFixInt(-32)", "e0", d => MsgPackSpec.WriteNegativeFixInt(d, -32), null, p => MsgPackSpec.WriteNegativeFixInt(p, -32)));
            cases.Add(new WriterCase("UInt8Exact(1)", "cc 01", d => MsgPackSpec.WriteUInt8Exact(d, 1), null, p => MsgPackSpec.WriteUInt8Exact(p, 1)));
            cases.Add(new WriterCase("UInt16Exact(1)", "cd 00 01", d => MsgPackSpec.WriteUInt16Exact(d, 1), null, p => MsgPackSpec.WriteUInt16Exact(p, 1)));
            cases.Add(new WriterCase("UInt32Exact(1)", "ce 00 00 00 01", d => MsgPackSpec.WriteUInt32Exact(d, 1), null, p => MsgPackSpec.WriteUInt32Exact(p, 1)));
            cases.Add(new WriterCase("UInt64Exact(1)", "cf 00 00 00 00 00 00 00 01", d => MsgPackSpec.WriteUInt64Exact(d, 1), null, p => MsgPackSpec.WriteUInt64Exact(p, 1)));
            cases.Add(new WriterCase("Int8Exact(-1)", "d0 ff", d => MsgPackSpec.WriteInt8Exact(d, -1), null, p => MsgPackSpec.WriteInt8Exact(p, -1)));
            cases.Add(new WriterCase("Int16Exact(1)", "d1 00 01", d => MsgPackSpec.WriteInt16Exact(d, 1), null, p => MsgPackSpec.WriteInt16Exact(p, 1)));
            cases.Add(new WriterCase("Int32Exact(-2)", "d2 ff ff ff fe", d => MsgPackSpec.WriteInt32Exact(d, -2), null, p => MsgPackSpec.WriteInt32Exact(p, -2)));
            cases.Add(new WriterCase("Int64Exact(1)", "d3 00 00 00 00 00 00 00 01", d => MsgPackSpec.WriteInt64Exact(d, 1), null, p => MsgPackSpec.WriteInt64Exact(p, 1)));
            cases.Add(new WriterCase("FixArrayHeader(3)", "93", d => MsgPackSpec.WriteFixArrayHeader(d, 3), null, p => MsgPackSpec.WriteFixArrayHeader(p, 3)));
            cases.Add(new WriterCase("Array16Header(1)", "dc 00 01", d => MsgPackSpec.WriteArray16Header(d, 1), null, p => MsgPackSpec.WriteArray16Header(p, 1)));
            cases.Add(new WriterCase("Array32Header(1)", "dd 00 00 00 01", d => MsgPackSpec.WriteArray32Header(d, 1), null, p => MsgPackSpec.WriteArray32Header(p, 1)));
            cases.Add(new WriterCase("FixMapHeader(15)", "8f", d => MsgPackSpec.WriteFixMapHeader(d, 15), null, p => MsgPackSpec.WriteFixMapHeader(p, 15)));
            cases.Add(new WriterCase("Map16Header(1)", "de 00 01", d => MsgPackSpec.WriteMap16Header(d, 1), null, p => MsgPackSpec.WriteMap16Header(p, 1)));
            cases.Add(new WriterCase("Map32Header(1)", "df 00 00 00 01", d => MsgPackSpec.WriteMap32Header(d, 1), null, p => MsgPackSpec.WriteMap32Header(p, 1)));
            cases.Add(new WriterCase("FixStringHeader(31)", "bf", d => MsgPackSpec.WriteFixStringHeader(d, 31), null, p => MsgPackSpec.WriteFixStringHeader(p, 31)));
            cases.Add(new WriterCase("String8Header(1)", "d9 01", d => MsgPackSpec.WriteString8Header(d, 1), null, p => MsgPackSpec.WriteString8Header(p, 1)));
            cases.Add(new WriterCase("String16Header(1)", "da 00 01", d => MsgPackSpec.WriteString16Header(d, 1), null, p => MsgPackSpec.WriteString16Header(p, 1)));
            cases.Add(new WriterCase("String32Header(1)", "db 00 00 00 01", d => MsgPackSpec.WriteString32Header(d, 1), null, p => MsgPackSpec.WriteString32Header(p, 1)));
            cases.Add(new WriterCase("Binary8Header(1)", "c4 01", d => MsgPackSpec.WriteBinary8Header(d, 1), null, p => MsgPackSpec.WriteBinary8Header(p, 1)));
            cases.Add(new WriterCase("Binary16Header(1)", "c5 00 01", d => MsgPackSpec.WriteBinary16Header(d, 1), null, p => MsgPackSpec.WriteBinary16Header(p, 1)));
            cases.Add(new WriterCase("Binary32Header(1)", "c6 00 00 00 01", d => MsgPackSpec.WriteBinary32Header(d, 1), null, p => MsgPackSpec.WriteBinary32Header(p, 1)));
            cases.Add(new WriterCase("FixExtension1Header(5)", "d4 05", d => MsgPackSpec.WriteFixExtension1Header(d, 5), null, p => MsgPackSpec.WriteFixExtension1Header(p, 5)));
            cases.Add(new WriterCase("FixExtension2Header(5)", "d5 05", d => MsgPackSpec.WriteFixExtension2Header(d, 5), null, p => MsgPackSpec.WriteFixExtension2Header(p, 5)));
            cases.Add(new WriterCase("FixExtension4Header(-1)", "d6 ff", d => MsgPackSpec.WriteFixExtension4Header(d, -1), null, p => MsgPackSpec.WriteFixExtension4Header(p, -1)));
            cases.Add(new WriterCase("FixExtension8Header(5)", "d7 05", d => MsgPackSpec.WriteFixExtension8Header(d, 5), null, p => MsgPackSpec.WriteFixExtension8Header(p, 5)));
            cases.Add(new WriterCase("FixExtension16Header(5)", "d8 05", d => MsgPackSpec.WriteFixExtension16Header(d, 5), null, p => MsgPackSpec.WriteFixExtension16Header(p, 5)));
            cases.Add(new WriterCase("Extension8Header(5, 1)", "c7 01 05", d => MsgPackSpec.WriteExtension8Header(d, 5, 1), null, p => MsgPackSpec.WriteExtension8Header(p, 5, 1)));
            cases.Add(new WriterCase("Extension16Header(5, 1)", "c8 00 01 05", d => MsgPackSpec.WriteExtension16Header(d, 5, 1), null, p => MsgPackSpec.WriteExtension16Header(p, 5, 1)));
            cases.Add(new WriterCase("Extension32Header(5, 1)", "c9 00 00 00 01 05", d => MsgPackSpec.WriteExtension32Header(d, 5, 1), null, p => MsgPackSpec.WriteExtension32Header(p, 5, 1)));
            var one = new Timestamp(1, 0);
            cases.Add(new WriterCase("Timestamp32(1, 0)", "d6 ff 00 00 00 01", d => MsgPackSpec.WriteTimestamp32(d, one), null, p => MsgPackSpec.WriteTimestamp32(p, one)));
            cases.Add(new WriterCase("Timestamp64(1, 0)", "d7 ff 00 00 00 00 00 00 00 01", d => MsgPackSpec.WriteTimestamp64(d, one), null, p => MsgPackSpec.WriteTimestamp64(p, one)));
            cases.Add(new WriterCase("Timestamp96(1, 0)", "c7 0c ff 00 00 00 00 00 00 00 00 00 00 00 01", d => MsgPackSpec.WriteTimestamp96(d, one), null, p => MsgPackSpec.WriteTimestamp96(p, one)));

            return cases;
        }
    }
}
