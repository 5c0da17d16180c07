using System;
using System.Buffers;
using System.Collections.Generic;

namespace MsgPack.Spec.Fuzzing
{
    internal delegate OperationStatus AdvancingTry(ref ReadOnlySpan<byte> source, out Val value);

    internal delegate Val AdvancingRead(ref ReadOnlySpan<byte> source);

    /// <summary>Which checks <see cref="FuzzOracle.Check(FuzzChecks, ReaderDef[], byte[], long, ReadOnlySequence{byte}, string, bool, FuzzRandom)"/> runs.</summary>
    [Flags]
    internal enum FuzzChecks
    {
        None = 0,

        /// <summary>Every reader's span and pointer doors, Try and Read, and MsgPackReader over the span.</summary>
        SpanReaders = 1,

        /// <summary>Every reader's MsgPackReader doors over the input cut into a sequence (with the span doors as the reference).</summary>
        SequenceReaders = 2,

        /// <summary>The advancing doors (<c>ref ReadOnlySpan&lt;byte&gt;</c>) against the index-based span doors.</summary>
        Advancing = 4,

        Validation = 8,
        Peeks = 16,
        Frame = 32,
        SpanWalk = 64,
        SequenceWalk = 128,

        /// <summary>The token API on every door, against the typed readers, and a token walk against Skip.</summary>
        Tokens = 256,

        /// <summary>The token walk alone: each value it walks against TrySkip (part of <see cref="Tokens"/>).</summary>
        SkipWalk = 512,

        /// <summary>MsgPackPayload (ReadRaw, ReadStringBytes, ReadBinary over the sequence) and its helpers against the span's bytes.</summary>
        Payloads = 1024,

        /// <summary>MsgPackDump and MsgPackJson: documented exceptions only, span and sequence alike, valid documents rendered.</summary>
        Text = 2048,

        /// <summary>The input's bytes as a str payload: the library's UTF-8 check, span and sequence, against the BCL's.</summary>
        Utf8 = 4096,

        /// <summary>The bulk integer array readers (span, pointer, Try and Read) against per-value reads, and the bulk writers on what they read.</summary>
        BulkArrays = 8192,

        /// <summary>MsgPackDocument and MsgPackDynamic against the validator, span against sequence, and every element against the token walk at its offset.</summary>
        Document = 16384,

        /// <summary>What the mutation fuzzer runs (it adds neither the advancing doors nor the token checks).</summary>
        All = SpanReaders | SequenceReaders | Validation | Peeks | Frame | SpanWalk | SequenceWalk | Text | Utf8 | BulkArrays | Document,
    }

    /// <summary>
    /// The advancing doors of each reader of <see cref="FuzzReaders"/> (by name): <c>MsgPackSpec.TryReadX(ref span, out x)</c>
    /// and <c>MsgPackSpec.ReadX(ref span)</c>. Kept beside the table rather than in it, so the mutation fuzzer's table
    /// stays as it was.
    /// </summary>
    internal static class FuzzAdvancingReaders
    {
        public static readonly Dictionary<string, (AdvancingTry Try, AdvancingRead Read)> ByName = new Dictionary<string, (AdvancingTry, AdvancingRead)>(StringComparer.Ordinal)
        {
            ["Nil"] = ((ref ReadOnlySpan<byte> s, out Val v) => { v = default; return MsgPackSpec.TryReadNil(ref s); }, (ref ReadOnlySpan<byte> s) => { MsgPackSpec.ReadNil(ref s); return default; }),
            ["Boolean"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadBoolean(ref s, out bool x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadBoolean(ref s))),
            ["SByte"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadSByte(ref s, out sbyte x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadSByte(ref s))),
            ["Byte"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadByte(ref s, out byte x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadByte(ref s))),
            ["Int16"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadInt16(ref s, out short x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadInt16(ref s))),
            ["UInt16"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadUInt16(ref s, out ushort x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadUInt16(ref s))),
            ["Int32"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadInt32(ref s, out int x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadInt32(ref s))),
            ["UInt32"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadUInt32(ref s, out uint x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadUInt32(ref s))),
            ["Int64"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadInt64(ref s, out long x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadInt64(ref s))),
            ["UInt64"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadUInt64(ref s, out ulong x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadUInt64(ref s))),
            ["Single"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadSingle(ref s, out float x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadSingle(ref s))),
            ["Double"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadDouble(ref s, out double x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadDouble(ref s))),
            ["Timestamp"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadTimestamp(ref s, out Timestamp x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadTimestamp(ref s))),
            ["ArrayHeader"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadArrayHeader(ref s, out int x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadArrayHeader(ref s))),
            ["MapHeader"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadMapHeader(ref s, out int x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadMapHeader(ref s))),
            ["StringHeader"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadStringHeader(ref s, out int x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadStringHeader(ref s))),
            ["BinaryHeader"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadBinaryHeader(ref s, out int x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadBinaryHeader(ref s))),
            ["ExtensionHeader"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadExtensionHeader(ref s, out ExtensionHeader x); v = Val.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Of(MsgPackSpec.ReadExtensionHeader(ref s))),
            ["StringBytes"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadStringBytes(ref s, out ReadOnlySpan<byte> x); v = Val.Payload(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Payload(MsgPackSpec.ReadStringBytes(ref s))),
            ["String"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadString(ref s, out string x); v = Val.OfText(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.OfText(MsgPackSpec.ReadString(ref s))),
            ["Binary"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadBinary(ref s, out ReadOnlySpan<byte> x); v = Val.Payload(x); return st; }, (ref ReadOnlySpan<byte> s) => Val.Payload(MsgPackSpec.ReadBinary(ref s))),
            ["Extension"] = (
                (ref ReadOnlySpan<byte> s, out Val v) =>
                {
                    OperationStatus st = MsgPackSpec.TryReadExtension(ref s, out ExtensionHeader h, out ReadOnlySpan<byte> x);
                    v = Val.Payload(x, unchecked((ulong)h.TypeCode), (ulong)h.Length);
                    return st;
                },
                (ref ReadOnlySpan<byte> s) =>
                {
                    ReadOnlySpan<byte> x = MsgPackSpec.ReadExtension(ref s, out ExtensionHeader h);
                    return Val.Payload(x, unchecked((ulong)h.TypeCode), (ulong)h.Length);
                }),
            ["Skip"] = ((ref ReadOnlySpan<byte> s, out Val v) => { v = default; return MsgPackSpec.TrySkip(ref s); }, (ref ReadOnlySpan<byte> s) => { MsgPackSpec.Skip(ref s); return default; }),

            // ReadRaw has no MsgPackSpec twin: as in the span and pointer doors, it is Skip plus the bytes stepped over.
            ["Raw"] = (
                (ref ReadOnlySpan<byte> s, out Val v) =>
                {
                    ReadOnlySpan<byte> before = s;
                    OperationStatus st = MsgPackSpec.TrySkip(ref s);
                    v = st == OperationStatus.Done ? Val.Payload(before.Slice(0, before.Length - s.Length)) : default;
                    return st;
                },
                (ref ReadOnlySpan<byte> s) =>
                {
                    ReadOnlySpan<byte> before = s;
                    MsgPackSpec.Skip(ref s);
                    return Val.Payload(before.Slice(0, before.Length - s.Length));
                }),
            ["Token"] = ((ref ReadOnlySpan<byte> s, out Val v) => { OperationStatus st = MsgPackSpec.TryReadToken(ref s, out MsgPackToken x); v = FuzzTokens.Of(x); return st; }, (ref ReadOnlySpan<byte> s) => FuzzTokens.Of(MsgPackSpec.ReadToken(ref s))),
        };
    }

    /// <summary>The advancing doors: each must do exactly what the index-based span door does, and move the span by bytesRead (or not at all).</summary>
    internal sealed unsafe partial class FuzzOracle
    {
        private void CheckAdvancing(ReaderDef reader, byte* p, int length)
        {
            if (!FuzzAdvancingReaders.ByName.TryGetValue(reader.Name, out (AdvancingTry Try, AdvancingRead Read) doors))
            {
                Fail("harness", reader.Name, "no advancing doors in FuzzAdvancingReaders");
                return;
            }

            var span = new ReadOnlySpan<byte>(p, length);
            TryOutcome spanTry = SpanTry(reader, span);
            ReadOutcome spanRead = SpanRead(reader, span);
            string name = reader.Name + " advancing";

            // Try: the status, value and length of the span door; moved only when Done.
            TryOutcome tried = default;
            int triedLeft = length;
            bool triedInPlace = true;
            for (int attempt = 0; ; attempt++)
            {
                tried = default;
                ReadOnlySpan<byte> cursor = span;
                long before = Allocated();
                try
                {
                    tried.Status = doors.Try(ref cursor, out tried.Value);
                }
                catch (Exception e)
                {
                    tried.Error = e;
                }

                long used = Allocated() - before;
                triedLeft = cursor.Length;
                triedInPlace = IsTail(cursor, p, length);
                if (WithinBudget(reader, length, tried.Error != null, used, name + " Try") || Overspent(attempt, name + " Try", used, length))
                {
                    break;
                }
            }

            int triedMoved = length - triedLeft;
            if (tried.Error != null)
            {
                Fail("Try threw", name + " Try", Describe(tried.Error));
            }
            else if (spanTry.Error == null
                && (tried.Status != spanTry.Status || !triedInPlace
                    || (tried.Status == OperationStatus.Done ? triedMoved != spanTry.BytesRead || !tried.Value.Equals(spanTry.Value) : triedMoved != 0 || !tried.Value.IsEmpty)))
            {
                Fail("advancing/span disagree", name + " Try", $"advancing {tried.Status} moved={triedMoved} {tried.Value} (a tail of the input: {triedInPlace}); span {spanTry}");
            }

            // Read: the value of the span door and moved by its length, or its exception (type and message) and not moved.
            ReadOutcome read = default;
            int readLeft = length;
            bool readInPlace = true;
            for (int attempt = 0; ; attempt++)
            {
                read = default;
                ReadOnlySpan<byte> cursor = span;
                long before = Allocated();
                try
                {
                    read.Value = doors.Read(ref cursor);
                }
                catch (Exception e)
                {
                    read.Error = e;
                }

                long used = Allocated() - before;
                readLeft = cursor.Length;
                readInPlace = IsTail(cursor, p, length);
                if (WithinBudget(reader, length, read.Error != null, used, name + " Read") || Overspent(attempt, name + " Read", used, length))
                {
                    break;
                }
            }

            read.BytesRead = length - readLeft;
            CheckReadContract(name + " Read", read, length);
            bool same = read.Error == null
                ? spanRead.Error == null && read.BytesRead == spanRead.BytesRead && read.Value.Equals(spanRead.Value) && readInPlace
                : spanRead.Error != null && read.Error.GetType() == spanRead.Error.GetType() && read.Error.Message == spanRead.Error.Message && read.BytesRead == 0 && readInPlace;
            if (!same)
            {
                Fail("advancing/span disagree", name + " Read", $"advancing {read} moved={read.BytesRead} (a tail of the input: {readInPlace}); span {spanRead}");
            }
        }

        /// <summary>Whether <paramref name="rest"/> is the input's own tail (a slice of it that ends where it ends), not a copy or another place.</summary>
        private static bool IsTail(ReadOnlySpan<byte> rest, byte* p, int length)
        {
            if (rest.Length > length)
            {
                return false;
            }

            fixed (byte* start = rest)
            {
                return rest.IsEmpty || start == p + (length - rest.Length);
            }
        }
    }
}
