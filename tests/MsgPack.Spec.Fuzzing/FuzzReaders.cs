using System;
using System.Buffers;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>
    /// What a reader returned, reduced to comparable numbers: integers and float bits in <see cref="A"/>, a second
    /// field (nanoseconds, ext length) in <see cref="B"/>, a payload as its length and an FNV-1a hash of its bytes,
    /// a string as itself.
    /// </summary>
    internal struct Val : IEquatable<Val>
    {
        public ulong A;
        public ulong B;
        public int PayloadLength;
        public ulong PayloadHash;
        public string? Text;

        public readonly bool IsEmpty => A == 0 && B == 0 && PayloadLength == 0 && PayloadHash == 0 && string.IsNullOrEmpty(Text);

        public static Val Of(ulong a, ulong b = 0) => new Val { A = a, B = b };

        public static Val Of(long a) => new Val { A = unchecked((ulong)a) };

        public static Val Of(bool a) => new Val { A = a ? 1UL : 0UL };

        public static Val Of(float a) => new Val { A = unchecked((uint)BitConverter.SingleToInt32Bits(a)) };

        public static Val Of(double a) => new Val { A = unchecked((ulong)BitConverter.DoubleToInt64Bits(a)) };

        public static Val Of(Timestamp a) => new Val { A = unchecked((ulong)a.Seconds), B = a.Nanoseconds };

        public static Val Of(ExtensionHeader a) => new Val { A = unchecked((ulong)a.TypeCode), B = (ulong)a.Length };

        public static Val OfText(string text) => new Val { Text = text };

        public static Val Payload(ReadOnlySpan<byte> bytes, ulong a = 0, ulong b = 0) =>
            new Val { A = a, B = b, PayloadLength = bytes.Length, PayloadHash = Hash(0, bytes) };

        public static Val Payload(MsgPackPayload payload, ulong a = 0, ulong b = 0)
        {
            if (payload.IsSingleSpan)
            {
                return Payload(payload.Span, a, b);
            }

            ulong hash = 0;
            foreach (ReadOnlyMemory<byte> segment in payload.Sequence)
            {
                hash = Hash(hash, segment.Span);
            }

            return new Val { A = a, B = b, PayloadLength = payload.Length, PayloadHash = hash };
        }

        public static Val Payload(ReadOnlySequence<byte> bytes)
        {
            ulong hash = 0;
            foreach (ReadOnlyMemory<byte> segment in bytes)
            {
                hash = Hash(hash, segment.Span);
            }

            return new Val { PayloadLength = (int)bytes.Length, PayloadHash = hash };
        }

        /// <summary>FNV-1a, continued from <paramref name="hash"/> (0 for nothing hashed yet).</summary>
        private static ulong Hash(ulong hash, ReadOnlySpan<byte> bytes)
        {
            if (bytes.IsEmpty)
            {
                return hash;
            }

            if (hash == 0)
            {
                hash = 14695981039346656037UL;
            }

            foreach (byte b in bytes)
            {
                hash = (hash ^ b) * 1099511628211UL;
            }

            return hash;
        }

        public readonly bool Equals(Val other) =>
            A == other.A && B == other.B && PayloadLength == other.PayloadLength && PayloadHash == other.PayloadHash
            && string.Equals(Text ?? string.Empty, other.Text ?? string.Empty, StringComparison.Ordinal);

        public readonly override bool Equals(object? obj) => obj is Val other && Equals(other);

        public readonly override int GetHashCode() => HashCode.Combine(A, B, PayloadLength, PayloadHash);

        public readonly override string ToString() =>
            Text != null ? $"text of {Text.Length} chars" : $"a=0x{A:x} b=0x{B:x} payload={PayloadLength}/0x{PayloadHash:x}";
    }

    internal delegate OperationStatus SpanTry(ReadOnlySpan<byte> source, out Val value, out int bytesRead);

    internal delegate Val SpanRead(ReadOnlySpan<byte> source, out int bytesRead);

    internal unsafe delegate OperationStatus PointerTry(byte* source, int length, out Val value, out int bytesRead);

    internal unsafe delegate Val PointerRead(byte* source, int length, out int bytesRead);

    internal delegate OperationStatus ReaderTry(ref MsgPackReader reader, out Val value);

    internal delegate Val ReaderRead(ref MsgPackReader reader);

    /// <summary>One reader through its six front doors: span Try/Read, pointer Try/Read, MsgPackReader Try/Read.</summary>
    internal sealed class ReaderDef
    {
        public ReaderDef(string name, bool allocatesText, SpanTry spanTry, SpanRead spanRead, PointerTry pointerTry, PointerRead pointerRead, ReaderTry readerTry, ReaderRead readerRead)
        {
            Name = name;
            AllocatesText = allocatesText;
            SpanTry = spanTry;
            SpanRead = spanRead;
            PointerTry = pointerTry;
            PointerRead = pointerRead;
            ReaderTry = readerTry;
            ReaderRead = readerRead;
        }

        public string Name { get; }

        /// <summary>Whether the reader returns a string (allowed to allocate it: 2 bytes per input byte at most).</summary>
        public bool AllocatesText { get; }

        public SpanTry SpanTry { get; }

        public SpanRead SpanRead { get; }

        public PointerTry PointerTry { get; }

        public PointerRead PointerRead { get; }

        public ReaderTry ReaderTry { get; }

        public ReaderRead ReaderRead { get; }

        public override string ToString() => Name;
    }

    /// <summary>Every reader of the public API, each through every front door it has.</summary>
    internal static unsafe class FuzzReaders
    {
        public static readonly ReaderDef[] All =
        {
            new ReaderDef(
                "Nil", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { v = default; return MsgPackSpec.TryReadNil(s, out n); },
                (ReadOnlySpan<byte> s, out int n) => { MsgPackSpec.ReadNil(s, out n); return default; },
                (byte* p, int l, out Val v, out int n) => { v = default; return MsgPackSpec.TryReadNil(p, l, out n); },
                (byte* p, int l, out int n) => { MsgPackSpec.ReadNil(p, l, out n); return default; },
                (ref MsgPackReader r, out Val v) => { v = default; return r.TryReadNil(); },
                (ref MsgPackReader r) => { r.ReadNil(); return default; }),
            new ReaderDef(
                "Boolean", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadBoolean(s, out bool x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadBoolean(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadBoolean(p, l, out bool x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadBoolean(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadBoolean(out bool x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadBoolean())),
            new ReaderDef(
                "SByte", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadSByte(s, out sbyte x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadSByte(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadSByte(p, l, out sbyte x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadSByte(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadSByte(out sbyte x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadSByte())),
            new ReaderDef(
                "Byte", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadByte(s, out byte x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadByte(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadByte(p, l, out byte x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadByte(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadByte(out byte x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadByte())),
            new ReaderDef(
                "Int16", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadInt16(s, out short x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadInt16(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadInt16(p, l, out short x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadInt16(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadInt16(out short x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadInt16())),
            new ReaderDef(
                "UInt16", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadUInt16(s, out ushort x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadUInt16(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadUInt16(p, l, out ushort x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadUInt16(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadUInt16(out ushort x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadUInt16())),
            new ReaderDef(
                "Int32", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadInt32(s, out int x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadInt32(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadInt32(p, l, out int x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadInt32(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadInt32(out int x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadInt32())),
            new ReaderDef(
                "UInt32", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadUInt32(s, out uint x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadUInt32(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadUInt32(p, l, out uint x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadUInt32(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadUInt32(out uint x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadUInt32())),
            new ReaderDef(
                "Int64", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadInt64(s, out long x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadInt64(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadInt64(p, l, out long x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadInt64(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadInt64(out long x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadInt64())),
            new ReaderDef(
                "UInt64", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadUInt64(s, out ulong x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadUInt64(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadUInt64(p, l, out ulong x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadUInt64(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadUInt64(out ulong x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadUInt64())),
            new ReaderDef(
                "Single", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadSingle(s, out float x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadSingle(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadSingle(p, l, out float x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadSingle(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadSingle(out float x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadSingle())),
            new ReaderDef(
                "Double", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadDouble(s, out double x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadDouble(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadDouble(p, l, out double x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadDouble(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadDouble(out double x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadDouble())),
            new ReaderDef(
                "Timestamp", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadTimestamp(s, out Timestamp x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadTimestamp(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadTimestamp(p, l, out Timestamp x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadTimestamp(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadTimestamp(out Timestamp x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadTimestamp())),
            new ReaderDef(
                "ArrayHeader", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadArrayHeader(s, out int x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadArrayHeader(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadArrayHeader(p, l, out int x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadArrayHeader(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadArrayHeader(out int x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadArrayHeader())),
            new ReaderDef(
                "MapHeader", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadMapHeader(s, out int x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadMapHeader(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadMapHeader(p, l, out int x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadMapHeader(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadMapHeader(out int x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadMapHeader())),
            new ReaderDef(
                "StringHeader", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadStringHeader(s, out int x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadStringHeader(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadStringHeader(p, l, out int x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadStringHeader(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadStringHeader(out int x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadStringHeader())),
            new ReaderDef(
                "BinaryHeader", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadBinaryHeader(s, out int x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadBinaryHeader(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadBinaryHeader(p, l, out int x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadBinaryHeader(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadBinaryHeader(out int x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadBinaryHeader())),
            new ReaderDef(
                "ExtensionHeader", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadExtensionHeader(s, out ExtensionHeader x, out n); v = Val.Of(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Of(MsgPackSpec.ReadExtensionHeader(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadExtensionHeader(p, l, out ExtensionHeader x, out n); v = Val.Of(x); return st; },
                (byte* p, int l, out int n) => Val.Of(MsgPackSpec.ReadExtensionHeader(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadExtensionHeader(out ExtensionHeader x); v = Val.Of(x); return st; },
                (ref MsgPackReader r) => Val.Of(r.ReadExtensionHeader())),
            new ReaderDef(
                "StringBytes", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadStringBytes(s, out ReadOnlySpan<byte> x, out n); v = Val.Payload(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Payload(MsgPackSpec.ReadStringBytes(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadStringBytes(p, l, out ReadOnlySpan<byte> x, out n); v = Val.Payload(x); return st; },
                (byte* p, int l, out int n) => Val.Payload(MsgPackSpec.ReadStringBytes(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadStringBytes(out MsgPackPayload x); v = Val.Payload(x); return st; },
                (ref MsgPackReader r) => Val.Payload(r.ReadStringBytes())),
            new ReaderDef(
                "String", true,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadString(s, out string x, out n); v = Val.OfText(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.OfText(MsgPackSpec.ReadString(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadString(p, l, out string x, out n); v = Val.OfText(x); return st; },
                (byte* p, int l, out int n) => Val.OfText(MsgPackSpec.ReadString(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadString(out string x); v = Val.OfText(x); return st; },
                (ref MsgPackReader r) => Val.OfText(r.ReadString())),
            new ReaderDef(
                "Binary", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadBinary(s, out ReadOnlySpan<byte> x, out n); v = Val.Payload(x); return st; },
                (ReadOnlySpan<byte> s, out int n) => Val.Payload(MsgPackSpec.ReadBinary(s, out n)),
                (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadBinary(p, l, out ReadOnlySpan<byte> x, out n); v = Val.Payload(x); return st; },
                (byte* p, int l, out int n) => Val.Payload(MsgPackSpec.ReadBinary(p, l, out n)),
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadBinary(out MsgPackPayload x); v = Val.Payload(x); return st; },
                (ref MsgPackReader r) => Val.Payload(r.ReadBinary())),
            new ReaderDef(
                "Extension", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) =>
                {
                    OperationStatus st = MsgPackSpec.TryReadExtension(s, out ExtensionHeader h, out ReadOnlySpan<byte> x, out n);
                    v = Val.Payload(x, unchecked((ulong)h.TypeCode), (ulong)h.Length);
                    return st;
                },
                (ReadOnlySpan<byte> s, out int n) =>
                {
                    ReadOnlySpan<byte> x = MsgPackSpec.ReadExtension(s, out ExtensionHeader h, out n);
                    return Val.Payload(x, unchecked((ulong)h.TypeCode), (ulong)h.Length);
                },
                (byte* p, int l, out Val v, out int n) =>
                {
                    OperationStatus st = MsgPackSpec.TryReadExtension(p, l, out ExtensionHeader h, out ReadOnlySpan<byte> x, out n);
                    v = Val.Payload(x, unchecked((ulong)h.TypeCode), (ulong)h.Length);
                    return st;
                },
                (byte* p, int l, out int n) =>
                {
                    ReadOnlySpan<byte> x = MsgPackSpec.ReadExtension(p, l, out ExtensionHeader h, out n);
                    return Val.Payload(x, unchecked((ulong)h.TypeCode), (ulong)h.Length);
                },
                (ref MsgPackReader r, out Val v) =>
                {
                    OperationStatus st = r.TryReadExtension(out ExtensionHeader h, out MsgPackPayload x);
                    v = Val.Payload(x, unchecked((ulong)h.TypeCode), (ulong)h.Length);
                    return st;
                },
                (ref MsgPackReader r) =>
                {
                    MsgPackPayload x = r.ReadExtension(out ExtensionHeader h);
                    return Val.Payload(x, unchecked((ulong)h.TypeCode), (ulong)h.Length);
                }),
            new ReaderDef(
                "Skip", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) => { v = default; return MsgPackSpec.TrySkip(s, out n); },
                (ReadOnlySpan<byte> s, out int n) => { n = MsgPackSpec.Skip(s); return default; },
                (byte* p, int l, out Val v, out int n) => { v = default; return MsgPackSpec.TrySkip(p, l, out n); },
                (byte* p, int l, out int n) => { n = MsgPackSpec.Skip(p, l); return default; },
                (ref MsgPackReader r, out Val v) => { v = default; return r.TrySkip(); },
                (ref MsgPackReader r) => { r.Skip(); return default; }),

            // ReadRaw has no MsgPackSpec twin: its span and pointer doors are Skip plus the skipped bytes.
            new ReaderDef(
                "Raw", false,
                (ReadOnlySpan<byte> s, out Val v, out int n) =>
                {
                    OperationStatus st = MsgPackSpec.TrySkip(s, out n);
                    v = st == OperationStatus.Done ? Val.Payload(s.Slice(0, n)) : default;
                    return st;
                },
                (ReadOnlySpan<byte> s, out int n) => { n = MsgPackSpec.Skip(s); return Val.Payload(s.Slice(0, n)); },
                (byte* p, int l, out Val v, out int n) =>
                {
                    OperationStatus st = MsgPackSpec.TrySkip(p, l, out n);
                    v = st == OperationStatus.Done ? Val.Payload(new ReadOnlySpan<byte>(p, n)) : default;
                    return st;
                },
                (byte* p, int l, out int n) => { n = MsgPackSpec.Skip(p, l); return Val.Payload(new ReadOnlySpan<byte>(p, n)); },
                (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadRaw(out MsgPackPayload x); v = Val.Payload(x); return st; },
                (ref MsgPackReader r) => Val.Payload(r.ReadRaw())),
        };
    }
}
