using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Xunit;

namespace MsgPack.Spec.Tests.Contracts
{
    /// <summary>Calls a span <c>Read*</c> and formats the value it returns.</summary>
    internal delegate string SpanRead(ReadOnlySpan<byte> source, out int bytesRead);

    /// <summary>Calls a span <c>TryRead*</c> and formats the value it returns.</summary>
    internal delegate OperationStatus SpanTryRead(ReadOnlySpan<byte> source, out string value, out int bytesRead);

    /// <summary>Calls a pointer <c>Read*</c> and formats the value it returns.</summary>
    internal unsafe delegate string PointerRead(byte* source, int length, out int bytesRead);

    /// <summary>Calls a pointer <c>TryRead*</c> and formats the value it returns.</summary>
    internal unsafe delegate OperationStatus PointerTryRead(byte* source, int length, out string value, out int bytesRead);

    /// <summary>
    /// One reader of the library through its four front doors (span and pointer, throwing and Try), the first bytes
    /// the MessagePack specification lets it start with, and valid encodings written as hex.
    /// </summary>
    /// <remarks>
    /// In an encoding, "|" marks the end of the header: from there on the bytes present tell the whole value's
    /// length, so every input cut after the mark must report exactly that length as needed (for Skip, the mark is
    /// where the rest of the value is determined). Without a mark the first byte tells it.
    /// </remarks>
    internal sealed class ReaderCase
    {
        public ReaderCase(
            string name,
            SpanRead read,
            SpanTryRead tryRead,
            PointerRead readAt,
            PointerTryRead tryReadAt,
            Func<byte, bool> accepts,
            string defaultValue,
            string[] valid)
        {
            Name = name;
            Read = read;
            TryRead = tryRead;
            ReadAt = readAt;
            TryReadAt = tryReadAt;
            Accepts = accepts;
            DefaultValue = defaultValue;
            Valid = valid;
        }

        public string Name { get; }

        public SpanRead Read { get; }

        public SpanTryRead TryRead { get; }

        public PointerRead ReadAt { get; }

        public PointerTryRead TryReadAt { get; }

        /// <summary>Whether the specification lets a value this reader reads start with the byte.</summary>
        public Func<byte, bool> Accepts { get; }

        /// <summary>The formatted value a Try reader must report when it does not return Done.</summary>
        public string DefaultValue { get; }

        public string[] Valid { get; }

        public override string ToString() => Name;
    }

    /// <summary>Every reader of <see cref="MsgPackSpec"/>, with its valid encodings taken from the specification.</summary>
    internal static unsafe class ReaderCatalog
    {
        private static readonly Dictionary<string, ReaderCase> Cases = Build().ToDictionary(c => c.Name);

        public static IEnumerable<ReaderCase> All => Cases.Values;

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

        public static ReaderCase Get(string name) => Cases[name];

        /// <summary>Parses an encoding: its bytes, and how many of them the header takes ("|"), 1 when unmarked.</summary>
        public static byte[] Parse(string encoding, out int headerLength)
        {
            int mark = encoding.IndexOf('|');
            if (mark < 0)
            {
                headerLength = 1;
                return Hex.ToBytes(encoding);
            }

            headerLength = Hex.ToBytes(encoding.Substring(0, mark)).Length;
            return Hex.ToBytes(encoding.Replace("|", " "));
        }

        // ---- The first bytes of each family, from the specification's table of formats.

        public static bool IsInteger(byte b) => b <= 0x7f || b >= 0xe0 || (b >= 0xcc && b <= 0xd3);

        public static bool IsStr(byte b) => (b >= 0xa0 && b <= 0xbf) || b == 0xd9 || b == 0xda || b == 0xdb;

        public static bool IsBin(byte b) => b >= 0xc4 && b <= 0xc6;

        public static bool IsArray(byte b) => (b >= 0x90 && b <= 0x9f) || b == 0xdc || b == 0xdd;

        public static bool IsMap(byte b) => (b >= 0x80 && b <= 0x8f) || b == 0xde || b == 0xdf;

        public static bool IsExt(byte b) => (b >= 0xd4 && b <= 0xd8) || (b >= 0xc7 && b <= 0xc9);

        // ---- Formatting of values, so that the four front doors can be compared.

        public static string F(long value) => value.ToString(CultureInfo.InvariantCulture);

        public static string F(ulong value) => value.ToString(CultureInfo.InvariantCulture);

        public static string F(bool value) => value ? "true" : "false";

        public static string F(float value) => value.ToString("R", CultureInfo.InvariantCulture);

        public static string F(double value) => value.ToString("R", CultureInfo.InvariantCulture);

        public static string F(ReadOnlySpan<byte> value) => "[" + Hex.Of(value) + "]";

        public static string F(ExtensionHeader value) => "ext " + F(value.TypeCode) + "/" + F(value.Length);

        public static string F(Timestamp value) => F(value.Seconds) + "s+" + F(value.Nanoseconds) + "ns";

        private static string Repeat(string hexByte, int count) => string.Join(" ", Enumerable.Repeat(hexByte, count));

        private static List<ReaderCase> Build()
        {
            var cases = new List<ReaderCase>();
            cases.Add(new ReaderCase(
                "Nil",
                (ReadOnlySpan<byte> s, out int n) => { MsgPackSpec.ReadNil(s, out n); return "nil"; },
                (ReadOnlySpan<byte> s, out string v, out int n) =>
                {
                    OperationStatus st = MsgPackSpec.TryReadNil(s, out n);
                    v = st == OperationStatus.Done ? "nil" : string.Empty;
                    return st;
                },
                (byte* p, int l, out int n) => { MsgPackSpec.ReadNil(p, l, out n); return "nil"; },
                (byte* p, int l, out string v, out int n) =>
                {
                    OperationStatus st = MsgPackSpec.TryReadNil(p, l, out n);
                    v = st == OperationStatus.Done ? "nil" : string.Empty;
                    return st;
                },
                b => b == 0xc0,
                string.Empty,
                new[] { "c0" }));

            cases.Add(new ReaderCase(
                "Boolean",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadBoolean(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadBoolean(s, out bool x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadBoolean(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadBoolean(p, l, out bool x, out n); v = F(x); return st; },
                b => b == 0xc2 || b == 0xc3,
                F(false),
                new[] { "c2", "c3" }));

            cases.Add(new ReaderCase(
                "Int64",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadInt64(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadInt64(s, out long x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadInt64(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadInt64(p, l, out long x, out n); v = F(x); return st; },
                IsInteger,
                F(0L),
                new[]
                {
                    "00", "7f", "e0", "ff", "cc ff", "cd ff ff", "ce ff ff ff ff", "cf 7f ff ff ff ff ff ff ff",
                    "d0 80", "d1 80 00", "d2 80 00 00 00", "d3 80 00 00 00 00 00 00 00",
                }));

            cases.Add(new ReaderCase(
                "Int32",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadInt32(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadInt32(s, out int x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadInt32(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadInt32(p, l, out int x, out n); v = F(x); return st; },
                IsInteger,
                F(0L),
                new[]
                {
                    "7f", "e0", "cc ff", "cd ff ff", "ce 7f ff ff ff", "cf 00 00 00 00 7f ff ff ff",
                    "d0 80", "d1 80 00", "d2 80 00 00 00", "d3 ff ff ff ff 80 00 00 00",
                }));

            cases.Add(new ReaderCase(
                "Int16",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadInt16(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadInt16(s, out short x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadInt16(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadInt16(p, l, out short x, out n); v = F(x); return st; },
                IsInteger,
                F(0L),
                new[]
                {
                    "7f", "e0", "cc ff", "cd 7f ff", "ce 00 00 7f ff", "cf 00 00 00 00 00 00 7f ff",
                    "d0 80", "d1 80 00", "d2 ff ff 80 00", "d3 ff ff ff ff ff ff 80 00",
                }));

            cases.Add(new ReaderCase(
                "SByte",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadSByte(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadSByte(s, out sbyte x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadSByte(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadSByte(p, l, out sbyte x, out n); v = F(x); return st; },
                IsInteger,
                F(0L),
                new[]
                {
                    "7f", "e0", "cc 7f", "cd 00 7f", "ce 00 00 00 7f", "cf 00 00 00 00 00 00 00 7f",
                    "d0 80", "d1 ff 80", "d2 ff ff ff 80", "d3 ff ff ff ff ff ff ff 80",
                }));

            cases.Add(new ReaderCase(
                "UInt64",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadUInt64(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadUInt64(s, out ulong x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadUInt64(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadUInt64(p, l, out ulong x, out n); v = F(x); return st; },
                IsInteger,
                F(0UL),
                new[]
                {
                    "00", "7f", "cc ff", "cd ff ff", "ce ff ff ff ff", "cf ff ff ff ff ff ff ff ff",
                    "d0 7f", "d1 7f ff", "d2 7f ff ff ff", "d3 7f ff ff ff ff ff ff ff",
                }));

            cases.Add(new ReaderCase(
                "UInt32",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadUInt32(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadUInt32(s, out uint x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadUInt32(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadUInt32(p, l, out uint x, out n); v = F(x); return st; },
                IsInteger,
                F(0UL),
                new[]
                {
                    "7f", "cc ff", "cd ff ff", "ce ff ff ff ff", "cf 00 00 00 00 ff ff ff ff",
                    "d0 7f", "d1 7f ff", "d2 7f ff ff ff", "d3 00 00 00 00 7f ff ff ff",
                }));

            cases.Add(new ReaderCase(
                "UInt16",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadUInt16(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadUInt16(s, out ushort x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadUInt16(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadUInt16(p, l, out ushort x, out n); v = F(x); return st; },
                IsInteger,
                F(0UL),
                new[]
                {
                    "7f", "cc ff", "cd ff ff", "ce 00 00 ff ff", "cf 00 00 00 00 00 00 ff ff",
                    "d0 7f", "d1 7f ff", "d2 00 00 7f ff", "d3 00 00 00 00 00 00 7f ff",
                }));

            cases.Add(new ReaderCase(
                "Byte",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadByte(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadByte(s, out byte x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadByte(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadByte(p, l, out byte x, out n); v = F(x); return st; },
                IsInteger,
                F(0UL),
                new[]
                {
                    "00", "7f", "cc ff", "cd 00 ff", "ce 00 00 00 ff", "cf 00 00 00 00 00 00 00 ff",
                    "d0 7f", "d1 00 7f", "d2 00 00 00 7f", "d3 00 00 00 00 00 00 00 7f",
                }));

            cases.Add(new ReaderCase(
                "Single",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadSingle(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadSingle(s, out float x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadSingle(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadSingle(p, l, out float x, out n); v = F(x); return st; },
                b => b == 0xca,
                F(0f),
                new[] { "ca 3f 80 00 00", "ca ff 80 00 00", "ca 7f c0 00 00" }));

            cases.Add(new ReaderCase(
                "Double",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadDouble(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadDouble(s, out double x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadDouble(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadDouble(p, l, out double x, out n); v = F(x); return st; },
                b => b == 0xca || b == 0xcb,
                F(0d),
                new[] { "cb 3f f0 00 00 00 00 00 00", "cb 80 00 00 00 00 00 00 00", "ca 3f 80 00 00" }));

            string[] strings =
            {
                "a0",
                "a3 61 62 63",
                "a2 c3 a9",
                "a4 f0 9f 98 80",
                "bf " + Repeat("61", 31),
                "d9 00 |",
                "d9 03 | 61 62 63",
                "d9 20 | " + Repeat("7a", 32),
                "da 00 03 | 61 62 63",
                "db 00 00 00 03 | 61 62 63",
            };

            cases.Add(new ReaderCase(
                "String",
                (ReadOnlySpan<byte> s, out int n) => MsgPackSpec.ReadString(s, out n),
                (ReadOnlySpan<byte> s, out string v, out int n) => MsgPackSpec.TryReadString(s, out v, out n),
                (byte* p, int l, out int n) => MsgPackSpec.ReadString(p, l, out n),
                (byte* p, int l, out string v, out int n) => MsgPackSpec.TryReadString(p, l, out v, out n),
                IsStr,
                string.Empty,
                strings));

            cases.Add(new ReaderCase(
                "StringBytes",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadStringBytes(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadStringBytes(s, out ReadOnlySpan<byte> x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadStringBytes(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadStringBytes(p, l, out ReadOnlySpan<byte> x, out n); v = F(x); return st; },
                IsStr,
                F(default(ReadOnlySpan<byte>)),
                strings));

            cases.Add(new ReaderCase(
                "StringHeader",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadStringHeader(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadStringHeader(s, out int x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadStringHeader(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadStringHeader(p, l, out int x, out n); v = F(x); return st; },
                IsStr,
                F(0L),
                new[] { "a0", "bf", "d9 00", "d9 ff", "da 00 00", "da ff ff", "db 00 00 00 00", "db 7f ff ff ff" }));

            cases.Add(new ReaderCase(
                "Binary",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadBinary(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadBinary(s, out ReadOnlySpan<byte> x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadBinary(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadBinary(p, l, out ReadOnlySpan<byte> x, out n); v = F(x); return st; },
                IsBin,
                F(default(ReadOnlySpan<byte>)),
                new[]
                {
                    "c4 00 |",
                    "c4 03 | 01 02 03",
                    "c4 ff | " + Repeat("ee", 255),
                    "c5 00 03 | 01 02 03",
                    "c5 01 00 | " + Repeat("00", 256),
                    "c6 00 00 00 03 | 01 02 03",
                }));

            cases.Add(new ReaderCase(
                "BinaryHeader",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadBinaryHeader(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadBinaryHeader(s, out int x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadBinaryHeader(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadBinaryHeader(p, l, out int x, out n); v = F(x); return st; },
                IsBin,
                F(0L),
                new[] { "c4 00", "c4 ff", "c5 ff ff", "c6 00 00 00 00", "c6 7f ff ff ff" }));

            cases.Add(new ReaderCase(
                "ArrayHeader",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadArrayHeader(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadArrayHeader(s, out int x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadArrayHeader(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadArrayHeader(p, l, out int x, out n); v = F(x); return st; },
                IsArray,
                F(0L),
                new[] { "90", "9f", "dc 00 00", "dc ff ff", "dd 00 00 00 00", "dd 7f ff ff ff" }));

            cases.Add(new ReaderCase(
                "MapHeader",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadMapHeader(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadMapHeader(s, out int x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadMapHeader(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadMapHeader(p, l, out int x, out n); v = F(x); return st; },
                IsMap,
                F(0L),
                new[] { "80", "8f", "de 00 00", "de ff ff", "df 00 00 00 00", "df 7f ff ff ff" }));

            cases.Add(new ReaderCase(
                "ExtensionHeader",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadExtensionHeader(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadExtensionHeader(s, out ExtensionHeader x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadExtensionHeader(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadExtensionHeader(p, l, out ExtensionHeader x, out n); v = F(x); return st; },
                IsExt,
                F(default(ExtensionHeader)),
                new[]
                {
                    "d4 01", "d5 02", "d6 ff", "d7 80", "d8 7f",
                    "c7 00 01", "c7 ff 01", "c8 00 00 01", "c8 ff ff 01", "c9 00 00 00 00 01", "c9 7f ff ff ff 01",
                }));

            cases.Add(new ReaderCase(
                "Extension",
                (ReadOnlySpan<byte> s, out int n) =>
                {
                    ReadOnlySpan<byte> data = MsgPackSpec.ReadExtension(s, out ExtensionHeader h, out n);
                    return F(h) + F(data);
                },
                (ReadOnlySpan<byte> s, out string v, out int n) =>
                {
                    OperationStatus st = MsgPackSpec.TryReadExtension(s, out ExtensionHeader h, out ReadOnlySpan<byte> data, out n);
                    v = F(h) + F(data);
                    return st;
                },
                (byte* p, int l, out int n) =>
                {
                    ReadOnlySpan<byte> data = MsgPackSpec.ReadExtension(p, l, out ExtensionHeader h, out n);
                    return F(h) + F(data);
                },
                (byte* p, int l, out string v, out int n) =>
                {
                    OperationStatus st = MsgPackSpec.TryReadExtension(p, l, out ExtensionHeader h, out ReadOnlySpan<byte> data, out n);
                    v = F(h) + F(data);
                    return st;
                },
                IsExt,
                F(default(ExtensionHeader)) + F(default(ReadOnlySpan<byte>)),
                new[]
                {
                    "d4 01 | aa",
                    "d5 01 | aa bb",
                    "d6 01 | 00 00 00 01",
                    "d7 80 | 01 02 03 04 05 06 07 08",
                    "d8 7f | " + Repeat("55", 16),
                    "c7 00 01 |",
                    "c7 03 01 | aa bb cc",
                    "c7 11 02 | " + Repeat("33", 17),
                    "c8 00 03 01 | aa bb cc",
                    "c9 00 00 00 03 01 | aa bb cc",
                }));

            cases.Add(new ReaderCase(
                "Timestamp",
                (ReadOnlySpan<byte> s, out int n) => F(MsgPackSpec.ReadTimestamp(s, out n)),
                (ReadOnlySpan<byte> s, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadTimestamp(s, out Timestamp x, out n); v = F(x); return st; },
                (byte* p, int l, out int n) => F(MsgPackSpec.ReadTimestamp(p, l, out n)),
                (byte* p, int l, out string v, out int n) => { OperationStatus st = MsgPackSpec.TryReadTimestamp(p, l, out Timestamp x, out n); v = F(x); return st; },
                IsExt,
                F(default(Timestamp)),
                new[]
                {
                    "d6 ff | 00 00 00 01",
                    "d6 ff | ff ff ff ff",
                    "d7 ff | 00 00 00 04 00 00 00 01",
                    "d7 ff | ee 6b 27 ff ff ff ff ff",
                    "c7 0c ff | 00 00 00 01 00 00 00 00 00 00 00 01",
                    "c7 0c ff | 3b 9a c9 ff ff ff ff ff ff ff ff ff",
                }));

            cases.Add(new ReaderCase(
                "Skip",
                (ReadOnlySpan<byte> s, out int n) => { n = MsgPackSpec.Skip(s); return F(n); },
                (ReadOnlySpan<byte> s, out string v, out int n) =>
                {
                    OperationStatus st = MsgPackSpec.TrySkip(s, out n);
                    v = st == OperationStatus.Done ? F(n) : string.Empty;
                    return st;
                },
                (byte* p, int l, out int n) => { n = MsgPackSpec.Skip(p, l); return F(n); },
                (byte* p, int l, out string v, out int n) =>
                {
                    OperationStatus st = MsgPackSpec.TrySkip(p, l, out n);
                    v = st == OperationStatus.Done ? F(n) : string.Empty;
                    return st;
                },
                b => b != 0xc1,
                string.Empty,
                new[]
                {
                    "c0", "c2", "c3", "00", "7f", "e0", "ff",
                    "cc 01", "cd 01 02", "ce 01 02 03 04", "cf 01 02 03 04 05 06 07 08",
                    "d0 01", "d1 01 02", "d2 01 02 03 04", "d3 01 02 03 04 05 06 07 08",
                    "ca 3f 80 00 00", "cb 3f f0 00 00 00 00 00 00",
                    "a0", "a3 61 62 63", "d9 03 | 61 62 63", "da 00 02 | 61 62", "db 00 00 00 01 | 61",
                    "c4 00 |", "c4 02 | 01 02", "c5 00 01 | 01", "c6 00 00 00 02 | 01 02",
                    "d4 05 | aa", "d5 05 | aa bb", "d6 ff | 00 00 00 00", "d7 05 | 01 02 03 04 05 06 07 08", "d8 05 | " + Repeat("99", 16),
                    "c7 01 05 | aa", "c8 00 02 05 | aa bb", "c9 00 00 00 01 05 | aa",
                    "90", "80", "92 01 02", "dc 00 00", "dd 00 00 00 00", "de 00 00", "df 00 00 00 00",
                    "dc 00 02 | 01 02",
                    "81 a1 | 61 c3",
                    "93 92 | 01 02 80 c0",
                    "df 00 00 00 01 a1 | 6b 90",
                    "91 d9 02 | 68 69",
                    "82 01 c4 01 ff 02 92 c2 | c3",
                }));

            return cases;
        }
    }
}
