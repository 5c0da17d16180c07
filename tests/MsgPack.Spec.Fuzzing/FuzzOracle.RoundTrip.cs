using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;

namespace MsgPack.Spec.Fuzzing
{
    internal delegate int OpSpanWrite(Span<byte> destination);

    internal delegate bool OpSpanTryWrite(Span<byte> destination, out int bytesWritten);

    internal unsafe delegate int OpPointerWrite(byte* destination);

    internal delegate void OpAdvancingWrite(ref Span<byte> destination);

    internal delegate bool OpAdvancingTryWrite(ref Span<byte> destination);

    internal delegate void OpWriterWrite(ref MsgPackWriter writer);

    internal delegate void DocumentEdit(List<byte> document, Stack<(int Offset, ReservedSlot Slot)> slots);

    /// <summary>
    /// A slot a script set aside: a length prefix (kind 0, patched with the bytes written after it), a uint 32 (kind 1,
    /// patched with <see cref="Value"/>) or <see cref="Length"/> bytes (kind 2, filled with <see cref="Fill"/>).
    /// </summary>
    internal sealed class ReservedSlot
    {
        public int Kind;
        public int Length;
        public uint Value;
        public byte Fill;
    }

    /// <summary>What a written value is, for the readers: which ones must read it back and as what.</summary>
    internal enum OpKind
    {
        /// <summary>Bytes no reader is asked about (raw bytes, a flush).</summary>
        Opaque,
        Nil,
        Boolean,
        Integer,
        Float32,
        Float64,

        /// <summary>A whole str (header and UTF-8).</summary>
        Str,
        Bin,
        Ext,
        Timestamp,
        StrHeader,
        BinHeader,
        ArrayHeader,
        MapHeader,
        ExtHeader,
    }

    /// <summary>
    /// One writer call of a round-trip script, through every door it has: span (and Try), pointer, advancing (and
    /// Try), MsgPackWriter. Null doors do not exist for that writer. <see cref="ArgumentError"/>: every door must
    /// throw <see cref="ArgumentOutOfRangeException"/> and write nothing.
    /// </summary>
    internal sealed class WriteOp
    {
        public string Name = string.Empty;
        public OpKind Kind;
        public bool ArgumentError;
        public OpSpanWrite? Span;
        public OpSpanTryWrite? Try;
        public OpPointerWrite? Pointer;
        public OpAdvancingWrite? Advancing;
        public OpAdvancingTryWrite? AdvancingTry;
        public OpWriterWrite Writer = (ref MsgPackWriter w) => { };

        /// <summary>For the writer's reservations: what the op does to the span document instead of the span doors.</summary>
        public DocumentEdit? Document;

        /// <summary>The length the value must take when the writer is a smallest-form one (or an exact one), -1 when not known.</summary>
        public int ExpectedLength = -1;

        // The value, for the readers.
        public bool Negative;
        public ulong Bits;
        public float Single;
        public double Double;
        public Timestamp Timestamp;
        public sbyte ExtType;
        public int Length;
        public byte[] Payload = Array.Empty<byte>();

        /// <summary>The bytes, for <see cref="OpKind.Opaque"/> (what MsgPackWriter.WriteRaw must write).</summary>
        public byte[] Raw = Array.Empty<byte>();

        public override string ToString() => Name;
    }

    /// <summary>
    /// Round trip: the input is a script of writer calls with their values. Every writer door must write the same
    /// bytes (and the length the format says), MsgPackWriter over three kinds of buffer writer the same document,
    /// and every reader must read each value back as it was written, over the span, the pointer, advancing, and
    /// MsgPackReader over the span and over the buffer writer's own segments.
    /// </summary>
    internal sealed unsafe partial class FuzzOracle
    {
        private const int MaxOps = 48;

        private static readonly UTF8Encoding StrictUtf8 = new UTF8Encoding(false, true);

        private GuardedBuffer? _writeGuard;

        public void CheckRoundTrip(byte[] script, long index)
        {
            _input = script;
            _index = index;
            _context = ", round trip";
            List<WriteOp> ops = FuzzScript.Parse(script, out int[] chunkSizes);
            _context = ", round trip: " + string.Join(" ", ops.ConvertAll(o => o.Name));

            // 1. Each op through its span, Try, pointer and advancing doors; the document from the span doors.
            var document = new List<byte>();
            var ends = new List<int>();
            var starts = new List<int>();
            var slots = new Stack<(int Offset, ReservedSlot Slot)>();
            foreach (WriteOp op in ops)
            {
                starts.Add(document.Count);
                if (op.Document != null)
                {
                    op.Document(document, slots);
                    ends.Add(document.Count);
                    continue;
                }

                byte[]? bytes = WriteOneOp(op);
                if (bytes != null)
                {
                    document.AddRange(bytes);
                }

                ends.Add(document.Count);
            }

            byte[] doc = document.ToArray();

            // 2. MsgPackWriter over three buffer writers: the same bytes, op by op (BytesWritten), and in the end.
            using var segmented = new SegmentedBufferWriter(16);
            CheckWriter("ArrayBufferWriter", new ArrayBufferWriter<byte>(1), ops, ends, doc);
            CheckWriter("SegmentedBufferWriter(16)", segmented, ops, ends, doc);
            var chunky = new ChunkyBufferWriter(chunkSizes);
            CheckWriter("chunky spans", chunky, ops, ends, doc);
            if (!Val.Payload(segmented.WrittenSequence).Equals(Val.Payload(doc)))
            {
                Fail("round trip", "SegmentedBufferWriter", "WrittenSequence differs from the document");
                return;
            }

            // 3. Every reader reads each value back.
            if (doc.Length > _guard.Capacity)
            {
                return;
            }

            byte* p = _guard.Place(doc);
            var seqReader = new MsgPackReader(segmented.WrittenSequence);
            for (int i = 0; i < ops.Count; i++)
            {
                WriteOp op = ops[i];
                int start = starts[i];
                int length = ends[i] - start;
                if (length == 0)
                {
                    continue;
                }

                if (seqReader.Consumed != start)
                {
                    Fail("round trip", "MsgPackReader(sequence)", $"op {i} {op.Name}: Consumed {seqReader.Consumed}, expected {start}");
                    return;
                }

                ReadBack(op, i, p + start, doc.Length - start, length, seqReader);
                try
                {
                    seqReader.ReadBytes(length);
                }
                catch (Exception e)
                {
                    Fail("round trip", "MsgPackReader(sequence).ReadBytes", $"op {i} {op.Name}: {Describe(e)}");
                    return;
                }
            }
        }

        /// <summary>Writes one op through its span, Try, pointer and advancing doors; returns the bytes (null when it must throw).</summary>
        private byte[]? WriteOneOp(WriteOp op)
        {
            if (op.Span == null)
            {
                return op.Raw;
            }

            _writeGuard ??= new GuardedBuffer(1 << 20);
            var big = new byte[Math.Max(16, op.ExpectedLength + 64)];
            int n;
            try
            {
                n = op.Span(big);
            }
            catch (ArgumentOutOfRangeException) when (op.ArgumentError)
            {
                CheckArgumentErrorDoors(op);
                return null;
            }
            catch (Exception e)
            {
                Fail("writer threw", op.Name + " span", Describe(e));
                return null;
            }

            if (op.ArgumentError)
            {
                Fail("writer accepted a bad argument", op.Name + " span", $"wrote {n} bytes");
                return null;
            }

            if (n < 1 || n > big.Length || (op.ExpectedLength >= 0 && n != op.ExpectedLength))
            {
                Fail("writer length", op.Name + " span", $"wrote {n} bytes, expected {op.ExpectedLength}");
                return null;
            }

            byte[] bytes = big.AsSpan(0, n).ToArray();
            string hex = FuzzReport.Hex(bytes);

            // Exactly n bytes of room: the same bytes. One byte less: ArgumentException (destination too small), nothing written past it.
            var exact = new byte[n];
            try
            {
                if (op.Span(exact) != n || !exact.AsSpan().SequenceEqual(bytes))
                {
                    Fail("writers disagree", op.Name + " span (exact room)", FuzzReport.Hex(exact) + " vs " + hex);
                }
            }
            catch (Exception e)
            {
                Fail("writer threw", op.Name + " span (exact room)", Describe(e));
            }

            var small = new byte[n];
            try
            {
                op.Span(small.AsSpan(0, n - 1));
                Fail("writer wrote past its span", op.Name + " span (room for n-1)", "no exception");
            }
            catch (ArgumentOutOfRangeException e)
            {
                Fail("writer threw", op.Name + " span (room for n-1)", "ArgumentOutOfRangeException instead of ArgumentException: " + e.Message);
            }
            catch (ArgumentException)
            {
            }
            catch (Exception e)
            {
                Fail("writer threw", op.Name + " span (room for n-1)", Describe(e));
            }

            if (small[n - 1] != 0)
            {
                Fail("writer wrote past its span", op.Name + " span (room for n-1)", "the byte after the span changed");
            }

            if (op.Try != null)
            {
                try
                {
                    var room = new byte[n];
                    bool ok = op.Try(room, out int written);
                    if (!ok || written != n || !room.AsSpan().SequenceEqual(bytes))
                    {
                        Fail("writers disagree", op.Name + " Try", $"{ok} {written}: {FuzzReport.Hex(room)} vs {hex}");
                    }

                    var tooSmall = new byte[n];
                    ok = op.Try(tooSmall.AsSpan(0, n - 1), out written);
                    if (ok || written != n || tooSmall[n - 1] != 0)
                    {
                        Fail("Try writer broke its contract", op.Name + " Try (room for n-1)", $"returned {ok}, bytesWritten {written} (the value needs {n})");
                    }
                }
                catch (Exception e)
                {
                    Fail("Try threw", op.Name + " Try", Describe(e));
                }
            }

            if (op.Pointer != null)
            {
                // Exactly n writable bytes before an unreadable page: a write past them crashes.
                byte* at = _writeGuard.Place(new byte[n]);
                try
                {
                    int written = op.Pointer(at);
                    if (written != n || !new ReadOnlySpan<byte>(at, n).SequenceEqual(bytes))
                    {
                        Fail("writers disagree", op.Name + " pointer", $"{written}: {FuzzReport.Hex(new ReadOnlySpan<byte>(at, Math.Min(Math.Max(written, 0), n)))} vs {hex}");
                    }
                }
                catch (Exception e)
                {
                    Fail("writer threw", op.Name + " pointer", Describe(e));
                }
            }

            if (op.Advancing != null)
            {
                try
                {
                    var room = new byte[n + 3];
                    Span<byte> cursor = room;
                    op.Advancing(ref cursor);
                    if (cursor.Length != 3 || !room.AsSpan(0, n).SequenceEqual(bytes))
                    {
                        Fail("writers disagree", op.Name + " advancing", $"left {cursor.Length} of {n + 3}: {FuzzReport.Hex(room)} vs {hex}");
                    }
                }
                catch (Exception e)
                {
                    Fail("writer threw", op.Name + " advancing", Describe(e));
                }
            }

            if (op.AdvancingTry != null)
            {
                try
                {
                    var room = new byte[n];
                    Span<byte> cursor = room;
                    bool ok = op.AdvancingTry(ref cursor);
                    if (!ok || cursor.Length != 0 || !room.AsSpan().SequenceEqual(bytes))
                    {
                        Fail("writers disagree", op.Name + " advancing Try", $"{ok}, left {cursor.Length}: {FuzzReport.Hex(room)} vs {hex}");
                    }

                    var tooSmall = new byte[n];
                    cursor = tooSmall.AsSpan(0, n - 1);
                    ok = op.AdvancingTry(ref cursor);
                    if (ok || cursor.Length != n - 1 || tooSmall[n - 1] != 0)
                    {
                        Fail("Try writer broke its contract", op.Name + " advancing Try (room for n-1)", $"returned {ok}, left {cursor.Length} of {n - 1}");
                    }
                }
                catch (Exception e)
                {
                    Fail("Try threw", op.Name + " advancing Try", Describe(e));
                }
            }

            return bytes;
        }

        /// <summary>A bad argument: every door throws ArgumentOutOfRangeException (a Try door too: it is not a matter of room).</summary>
        private void CheckArgumentErrorDoors(WriteOp op)
        {
            void Expect(string door, Action call)
            {
                try
                {
                    call();
                    Fail("writer accepted a bad argument", op.Name + " " + door, "no exception");
                }
                catch (ArgumentOutOfRangeException)
                {
                }
                catch (Exception e)
                {
                    Fail("writer threw", op.Name + " " + door, "expected ArgumentOutOfRangeException: " + Describe(e));
                }
            }

            if (op.Try != null)
            {
                Expect("Try", () => op.Try(new byte[64], out _));
            }

            if (op.Pointer != null)
            {
                Expect("pointer", () =>
                {
                    byte* at = _writeGuard!.Place(new byte[64]);
                    op.Pointer(at);
                });
            }

            if (op.Advancing != null)
            {
                Expect("advancing", () =>
                {
                    Span<byte> cursor = new byte[64];
                    op.Advancing(ref cursor);
                });
            }

            if (op.AdvancingTry != null)
            {
                Expect("advancing Try", () =>
                {
                    Span<byte> cursor = new byte[64];
                    op.AdvancingTry(ref cursor);
                });
            }
        }

        /// <summary>Runs the script through a MsgPackWriter: after each op BytesWritten is where the span document says; in the end the same bytes.</summary>
        private void CheckWriter(string name, IBufferWriter<byte> output, List<WriteOp> ops, List<int> ends, byte[] doc)
        {
            var writer = new MsgPackWriter(output);
            FuzzScript.ResetWriterSlots();
            for (int i = 0; i < ops.Count; i++)
            {
                WriteOp op = ops[i];
                long before = writer.BytesWritten;
                try
                {
                    op.Writer(ref writer);
                    if (op.ArgumentError)
                    {
                        Fail("writer accepted a bad argument", op.Name + " MsgPackWriter(" + name + ")", "no exception");
                        return;
                    }
                }
                catch (ArgumentOutOfRangeException) when (op.ArgumentError)
                {
                    if (writer.BytesWritten != before)
                    {
                        Fail("writer wrote on a bad argument", op.Name + " MsgPackWriter(" + name + ")", $"BytesWritten {before} -> {writer.BytesWritten}");
                        return;
                    }
                }
                catch (Exception e)
                {
                    Fail("writer threw", op.Name + " MsgPackWriter(" + name + ")", Describe(e));
                    return;
                }

                if (writer.BytesWritten != ends[i])
                {
                    Fail("writers disagree", op.Name + " MsgPackWriter(" + name + ")", $"BytesWritten {writer.BytesWritten}, the span writers are at {ends[i]}");
                    return;
                }
            }

            writer.Flush();
            byte[] written = output switch
            {
                ArrayBufferWriter<byte> array => array.WrittenSpan.ToArray(),
                SegmentedBufferWriter segmented => segmented.ToArray(),
                ChunkyBufferWriter chunky => chunky.Written,
                _ => Array.Empty<byte>(),
            };
            if (!written.AsSpan().SequenceEqual(doc))
            {
                int at = 0;
                while (at < written.Length && at < doc.Length && written[at] == doc[at])
                {
                    at++;
                }

                Fail("writers disagree", "MsgPackWriter(" + name + ")", $"{written.Length} bytes vs the span writers' {doc.Length}, first difference at {at}");
            }
        }

        // ---- Reading back.

        /// <summary>What one reader must make of a value: Done with this value and length, or InvalidData; null: not determined (the bytes after it decide).</summary>
        private struct Expected
        {
            public OperationStatus Status;
            public Val Value;
            public int Length;
        }

        private void ReadBack(WriteOp op, int index, byte* p, int available, int length, MsgPackReader seqReader)
        {
            if (op.Kind == OpKind.Opaque)
            {
                return;
            }

            var span = new ReadOnlySpan<byte>(p, available);
            var all = FuzzTokens.WithToken;
            foreach (ReaderDef def in all)
            {
                Expected? e = Expect(op, def, span, length);
                if (e == null)
                {
                    continue;
                }

                Expected expected = e.Value;
                string name = $"{def.Name} reading back op {index} {op.Name}";
                TryOutcome tried = SpanTry(def, span);
                if (!Matches(tried, expected))
                {
                    Fail("round trip", name + " span Try", $"{tried}; expected {expected.Status} {expected.Length} {expected.Value}");
                    continue;
                }

                bool family = expected.Status == OperationStatus.Done;
                if (!family)
                {
                    // A reader of another family: refusing from the first byte is enough here (the readers target judges the doors).
                    continue;
                }

                ReadOutcome read = SpanRead(def, span);
                TryOutcome pointerTry = PointerTry(def, p, available);
                ReadOutcome pointerRead = PointerRead(def, p, available);
                if (read.Error != null || read.BytesRead != expected.Length || !read.Value.Equals(expected.Value)
                    || !Matches(pointerTry, expected) || pointerRead.Error != null || pointerRead.BytesRead != expected.Length || !pointerRead.Value.Equals(expected.Value))
                {
                    Fail("round trip", name + " span Read / pointer", $"span Read {read}; pointer Try {pointerTry}; pointer Read {pointerRead}; expected {expected.Length} {expected.Value}");
                    continue;
                }

                if (FuzzAdvancingReaders.ByName.TryGetValue(def.Name, out (AdvancingTry Try, AdvancingRead Read) doors))
                {
                    ReadOnlySpan<byte> cursor = span;
                    OperationStatus st = OperationStatus.InvalidData;
                    Val v = default;
                    Val r = default;
                    int left = -1;
                    try
                    {
                        st = doors.Try(ref cursor, out v);
                        left = cursor.Length;
                        cursor = span;
                        r = doors.Read(ref cursor);
                    }
                    catch (Exception ex)
                    {
                        Fail("round trip", name + " advancing", Describe(ex));
                        continue;
                    }

                    if (st != OperationStatus.Done || !v.Equals(expected.Value) || left != available - expected.Length || !r.Equals(expected.Value) || cursor.Length != available - expected.Length)
                    {
                        Fail("round trip", name + " advancing", $"Try {st} {v} left {left}; Read {r} left {cursor.Length}; expected {expected.Length} {expected.Value}");
                        continue;
                    }
                }

                CheckReaderReadBack(def, new MsgPackReader(span), "span", name, expected);
                CheckReaderReadBack(def, seqReader, "sequence", name, expected);
            }
        }

        private void CheckReaderReadBack(ReaderDef def, MsgPackReader start, string flavor, string name, Expected expected)
        {
            TryOutcome tried = ReaderTry(def, start, out long consumed, out _);
            ReadOutcome read = ReaderRead(def, start, out long readConsumed, out _);
            if (tried.Error != null || tried.Status != OperationStatus.Done || consumed != expected.Length || !tried.Value.Equals(expected.Value)
                || read.Error != null || readConsumed != expected.Length || !read.Value.Equals(expected.Value))
            {
                Fail("round trip", name + " MsgPackReader(" + flavor + ")", $"Try {tried} consumed {consumed}; Read {read} consumed {readConsumed}; expected {expected.Length} {expected.Value}");
            }
        }

        private static bool Matches(TryOutcome outcome, Expected expected) =>
            outcome.Error == null && outcome.Status == expected.Status
            && (expected.Status != OperationStatus.Done || (outcome.BytesRead == expected.Length && outcome.Value.Equals(expected.Value)));

        private static Expected Done(Val value, int length) => new Expected { Status = OperationStatus.Done, Value = value, Length = length };

        private static readonly Expected Refused = new Expected { Status = OperationStatus.InvalidData };

        /// <summary>What <paramref name="def"/> must read at the start of the op's bytes (which other ops' bytes follow).</summary>
        private static Expected? Expect(WriteOp op, ReaderDef def, ReadOnlySpan<byte> span, int length)
        {
            string reader = def.Name;
            byte code = span[0];
            bool whole = op.Kind is OpKind.Nil or OpKind.Boolean or OpKind.Integer or OpKind.Float32 or OpKind.Float64 or OpKind.Str or OpKind.Bin or OpKind.Ext or OpKind.Timestamp;
            if (reader == "Skip")
            {
                return whole ? Done(default, length) : null;
            }

            if (reader == "Raw")
            {
                return whole ? Done(Val.Payload(span.Slice(0, length)), length) : null;
            }

            if (reader == "Token")
            {
                return ExpectToken(op, span, length);
            }

            switch (op.Kind)
            {
                case OpKind.Nil:
                    return reader == "Nil" ? Done(default, length) : Refused;
                case OpKind.Boolean:
                    return reader == "Boolean" ? Done(Val.Of(op.Bits != 0), length) : Refused;
                case OpKind.Integer:
                    return reader switch
                    {
                        "SByte" => Fits(op, sbyte.MinValue, (ulong)sbyte.MaxValue, length),
                        "Byte" => Fits(op, 0, byte.MaxValue, length),
                        "Int16" => Fits(op, short.MinValue, (ulong)short.MaxValue, length),
                        "UInt16" => Fits(op, 0, ushort.MaxValue, length),
                        "Int32" => Fits(op, int.MinValue, int.MaxValue, length),
                        "UInt32" => Fits(op, 0, uint.MaxValue, length),
                        "Int64" => Fits(op, long.MinValue, long.MaxValue, length),
                        "UInt64" => Fits(op, 0, ulong.MaxValue, length),
                        _ => Refused,
                    };
                case OpKind.Float32:
                    return reader == "Single" ? Done(Val.Of(op.Single), length) : reader == "Double" ? Done(Val.Of((double)op.Single), length) : Refused;
                case OpKind.Float64:
                    return reader == "Double" ? Done(Val.Of(op.Double), length) : Refused;
                case OpKind.Str:
                case OpKind.StrHeader:
                    {
                        int header = op.Kind == OpKind.Str ? length - op.Payload.Length : length;
                        if (reader == "StringHeader")
                        {
                            return Done(Val.Of(op.Length), header);
                        }

                        if (op.Kind == OpKind.StrHeader)
                        {
                            return reader is "StringBytes" or "String" ? null : Refused;
                        }

                        if (reader is "StringBytes" or "String")
                        {
                            // Both check UTF-8 as strictly as .NET's throwing decoder: what it refuses, they refuse.
                            string? text;
                            try
                            {
                                text = StrictUtf8.GetString(op.Payload);
                            }
                            catch (ArgumentException)
                            {
                                text = null;
                            }

                            return text == null ? Refused : reader == "String" ? Done(Val.OfText(text), length) : Done(Val.Payload(op.Payload), length);
                        }

                        return Refused;
                    }

                case OpKind.Bin:
                case OpKind.BinHeader:
                    if (reader == "BinaryHeader")
                    {
                        return Done(Val.Of(op.Length), op.Kind == OpKind.Bin ? length - op.Payload.Length : length);
                    }

                    return reader == "Binary" ? (op.Kind == OpKind.Bin ? Done(Val.Payload(op.Payload), length) : null) : Refused;
                case OpKind.ArrayHeader:
                    return reader == "ArrayHeader" ? Done(Val.Of(op.Length), length) : Refused;
                case OpKind.MapHeader:
                    return reader == "MapHeader" ? Done(Val.Of(op.Length), length) : Refused;
                case OpKind.Ext:
                case OpKind.ExtHeader:
                case OpKind.Timestamp:
                    {
                        int data = op.Kind == OpKind.Ext ? op.Payload.Length : op.Kind == OpKind.Timestamp ? op.Length : 0;
                        int header = length - data;
                        if (reader == "ExtensionHeader")
                        {
                            return Done(Val.Of(new ExtensionHeader(op.ExtType, op.Length)), header);
                        }

                        if (op.Kind == OpKind.ExtHeader)
                        {
                            return reader is "Extension" or "Timestamp" ? null : Refused;
                        }

                        if (reader == "Extension")
                        {
                            byte[] payload = op.Kind == OpKind.Ext ? op.Payload : span.Slice(header, data).ToArray();
                            return Done(Val.Payload(payload, unchecked((ulong)op.ExtType), (ulong)op.Length), length);
                        }

                        if (reader == "Timestamp")
                        {
                            if (op.Kind == OpKind.Timestamp)
                            {
                                return Done(Val.Of(op.Timestamp), length);
                            }

                            return op.ExtType == -1 && DecodeTimestamp(op.Payload, out Timestamp t) ? Done(Val.Of(t), length) : Refused;
                        }

                        return Refused;
                    }

                default:
                    return null;
            }
        }

        private static Expected Fits(WriteOp op, long min, ulong max, int length)
        {
            bool fits = op.Negative ? unchecked((long)op.Bits) >= min : op.Bits <= max;
            return fits ? Done(Val.Of(op.Bits), length) : Refused;
        }

        /// <summary>The token of a written value: its type, code and value (from the op, not from any reader).</summary>
        private static Expected? ExpectToken(WriteOp op, ReadOnlySpan<byte> span, int length)
        {
            byte code = span[0];
            ulong B(MsgPackType type, sbyte ext = 0, bool negative = false, uint nanos = 0) =>
                ((ulong)type << 56) | ((ulong)code << 48) | ((ulong)unchecked((byte)ext) << 40) | (negative ? 1UL << 39 : 0) | nanos;
            switch (op.Kind)
            {
                case OpKind.Nil:
                    return Done(new Val { B = B(MsgPackType.Nil) }, length);
                case OpKind.Boolean:
                    return Done(new Val { A = op.Bits != 0 ? 1UL : 0UL, B = B(MsgPackType.Boolean) }, length);
                case OpKind.Integer:
                    return Done(new Val { A = op.Bits, B = B(MsgPackType.Integer, negative: op.Negative) }, length);
                case OpKind.Float32:
                    return Done(new Val { A = unchecked((ulong)BitConverter.DoubleToInt64Bits(op.Single)), B = B(MsgPackType.Float) }, length);
                case OpKind.Float64:
                    return Done(new Val { A = unchecked((ulong)BitConverter.DoubleToInt64Bits(op.Double)), B = B(MsgPackType.Float) }, length);
                case OpKind.Str:
                case OpKind.StrHeader:
                    return Done(new Val { A = (ulong)op.Length, B = B(MsgPackType.String), PayloadLength = op.Length }, op.Kind == OpKind.Str ? length - op.Payload.Length : length);
                case OpKind.Bin:
                case OpKind.BinHeader:
                    return Done(new Val { A = (ulong)op.Length, B = B(MsgPackType.Binary), PayloadLength = op.Length }, op.Kind == OpKind.Bin ? length - op.Payload.Length : length);
                case OpKind.ArrayHeader:
                    return Done(new Val { A = (ulong)op.Length, B = B(MsgPackType.Array) }, length);
                case OpKind.MapHeader:
                    return Done(new Val { A = (ulong)op.Length, B = B(MsgPackType.Map) }, length);
                case OpKind.Timestamp:
                    return Done(new Val { A = unchecked((ulong)op.Timestamp.Seconds), B = B(MsgPackType.Timestamp, -1, nanos: op.Timestamp.Nanoseconds), PayloadLength = 0 }, length);
                case OpKind.Ext:
                case OpKind.ExtHeader:
                    {
                        if (op.ExtType == -1)
                        {
                            // A timestamp when its data is one; the token reads it whole.
                            if (op.Kind == OpKind.ExtHeader)
                            {
                                return null;
                            }

                            return DecodeTimestamp(op.Payload, out Timestamp t)
                                ? Done(new Val { A = unchecked((ulong)t.Seconds), B = B(MsgPackType.Timestamp, -1, nanos: t.Nanoseconds), PayloadLength = 0 }, length)
                                : Refused;
                        }

                        int header = op.Kind == OpKind.Ext ? length - op.Payload.Length : length;
                        return Done(new Val { A = (ulong)op.Length, B = B(MsgPackType.Extension, op.ExtType), PayloadLength = op.Length }, header);
                    }

                default:
                    return null;
            }
        }

        /// <summary>The specification's three timestamp forms, decoded here from the data alone.</summary>
        private static bool DecodeTimestamp(byte[] data, out Timestamp value)
        {
            value = default;
            switch (data.Length)
            {
                case 4:
                    value = new Timestamp(BigEndianUInt(data, 0, 4), 0);
                    return true;
                case 8:
                    {
                        ulong all = unchecked((ulong)BigEndianUInt(data, 0, 8));
                        uint nanos = (uint)(all >> 34);
                        if (nanos >= Timestamp.NanosecondsPerSecond)
                        {
                            return false;
                        }

                        value = new Timestamp((long)(all & ((1UL << 34) - 1)), nanos);
                        return true;
                    }

                case 12:
                    {
                        uint nanos = (uint)BigEndianUInt(data, 0, 4);
                        if (nanos >= Timestamp.NanosecondsPerSecond)
                        {
                            return false;
                        }

                        value = new Timestamp(unchecked((long)BigEndianUInt(data, 4, 8)), nanos);
                        return true;
                    }

                default:
                    return false;
            }
        }

        private static long BigEndianUInt(byte[] data, int offset, int count)
        {
            ulong value = 0;
            for (int i = 0; i < count; i++)
            {
                value = (value << 8) | data[offset + i];
            }

            return unchecked((long)value);
        }
    }

    /// <summary>
    /// A buffer writer that hands out spans of the sizes the script chose (never less than asked for), each its own
    /// array, so the MsgPackWriter meets short spans and values that straddle them. It never moves bytes it was given
    /// (each array stays where it is), as MsgPackWriter's reservations require of a buffer writer that does not say
    /// where its bytes went.
    /// </summary>
    internal sealed class ChunkyBufferWriter : IBufferWriter<byte>
    {
        private readonly int[] _sizes;
        private readonly List<(byte[] Array, int Count)> _chunks = new List<(byte[], int)>();
        private byte[] _current = Array.Empty<byte>();
        private int _next;

        public ChunkyBufferWriter(int[] sizes) => _sizes = sizes.Length == 0 ? new[] { 1 } : sizes;

        public byte[] Written
        {
            get
            {
                var all = new List<byte>();
                foreach ((byte[] array, int count) in _chunks)
                {
                    all.AddRange(new ArraySegment<byte>(array, 0, count));
                }

                return all.ToArray();
            }
        }

        public void Advance(int count)
        {
            if (count < 0 || count > _current.Length)
            {
                throw new InvalidOperationException($"Advance({count}) past the {_current.Length} bytes handed out.");
            }

            _chunks.Add((_current, count));
            _current = Array.Empty<byte>();
        }

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            int size = Math.Max(Math.Max(sizeHint, 1), _sizes[_next++ % _sizes.Length]);
            _current = new byte[size];
            return _current;
        }

        public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;
    }
}
