using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>
    /// Turns the round-trip target's input into writer calls. Layout: three bytes of span sizes for the chunky buffer
    /// writer, then ops: an opcode byte (modulo the number of ops) and the bytes its values take. Past the end every
    /// byte reads as 0, so any input is a script; a value is picked from a table of format boundaries or taken from
    /// the bytes, so that the fuzzer reaches both.
    /// </summary>
    internal static unsafe class FuzzScript
    {
        private const int PayloadBudget = 1 << 18;

        private static readonly long[] Boundaries =
        {
            0, 1, 31, 32, 127, 128, 255, 256, 32767, 32768, 65535, 65536, int.MaxValue, 1L + int.MaxValue, uint.MaxValue, 1L + uint.MaxValue,
            long.MaxValue, -1, -31, -32, -33, -127, -128, -129, -32767, -32768, -32769, int.MinValue, int.MinValue - 1L, long.MinValue,
        };

        private static readonly int[] Lengths = { 0, 1, 2, 3, 4, 5, 7, 8, 12, 15, 16, 17, 31, 32, 33, 255, 256, 257, 1000, 65535, 65536, 70000 };

        private static readonly int[] Counts = { 0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536, int.MaxValue, -1, int.MinValue };

        private static readonly (long Seconds, uint Nanoseconds)[] Timestamps =
        {
            (0, 0), (1, 0), (uint.MaxValue, 0), (1L + uint.MaxValue, 0), ((1L << 34) - 1, 999_999_999), (1L << 34, 0), (-1, 0),
            (long.MinValue, 0), (long.MaxValue, 999_999_999), (0, 1), (-1, 999_999_999),
        };

        private delegate WriteOp Builder(Script s);

        /// <summary>The ops, in opcode order. Each builder reads its values from the script.</summary>
        private static readonly Builder[] Builders =
        {
            s => Nil(),
            s => Boolean((s.Next() & 1) == 1),
            s => { long v = s.Integer(); return Int("SByte", (sbyte)v, (sbyte)v < 0, unchecked((ulong)(long)(sbyte)v), d => MsgPackSpec.WriteSByte(d, (sbyte)v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteSByte(d, (sbyte)v, out n), p => MsgPackSpec.WriteSByte(p, (sbyte)v), (ref Span<byte> d) => MsgPackSpec.WriteSByte(ref d, (sbyte)v), (ref Span<byte> d) => MsgPackSpec.TryWriteSByte(ref d, (sbyte)v), (ref MsgPackWriter w) => w.WriteSByte((sbyte)v)); },
            s => { long v = s.Integer(); return Int("Byte", (byte)v, false, (byte)v, d => MsgPackSpec.WriteByte(d, (byte)v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteByte(d, (byte)v, out n), p => MsgPackSpec.WriteByte(p, (byte)v), (ref Span<byte> d) => MsgPackSpec.WriteByte(ref d, (byte)v), (ref Span<byte> d) => MsgPackSpec.TryWriteByte(ref d, (byte)v), (ref MsgPackWriter w) => w.WriteByte((byte)v)); },
            s => { long v = s.Integer(); return Int("Int16", (short)v, (short)v < 0, unchecked((ulong)(long)(short)v), d => MsgPackSpec.WriteInt16(d, (short)v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteInt16(d, (short)v, out n), p => MsgPackSpec.WriteInt16(p, (short)v), (ref Span<byte> d) => MsgPackSpec.WriteInt16(ref d, (short)v), (ref Span<byte> d) => MsgPackSpec.TryWriteInt16(ref d, (short)v), (ref MsgPackWriter w) => w.WriteInt16((short)v)); },
            s => { long v = s.Integer(); return Int("UInt16", (ushort)v, false, (ushort)v, d => MsgPackSpec.WriteUInt16(d, (ushort)v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteUInt16(d, (ushort)v, out n), p => MsgPackSpec.WriteUInt16(p, (ushort)v), (ref Span<byte> d) => MsgPackSpec.WriteUInt16(ref d, (ushort)v), (ref Span<byte> d) => MsgPackSpec.TryWriteUInt16(ref d, (ushort)v), (ref MsgPackWriter w) => w.WriteUInt16((ushort)v)); },
            s => { long v = s.Integer(); return Int("Int32", (int)v, (int)v < 0, unchecked((ulong)(long)(int)v), d => MsgPackSpec.WriteInt32(d, (int)v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteInt32(d, (int)v, out n), p => MsgPackSpec.WriteInt32(p, (int)v), (ref Span<byte> d) => MsgPackSpec.WriteInt32(ref d, (int)v), (ref Span<byte> d) => MsgPackSpec.TryWriteInt32(ref d, (int)v), (ref MsgPackWriter w) => w.WriteInt32((int)v)); },
            s => { long v = s.Integer(); return Int("UInt32", (uint)v, false, (uint)v, d => MsgPackSpec.WriteUInt32(d, (uint)v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteUInt32(d, (uint)v, out n), p => MsgPackSpec.WriteUInt32(p, (uint)v), (ref Span<byte> d) => MsgPackSpec.WriteUInt32(ref d, (uint)v), (ref Span<byte> d) => MsgPackSpec.TryWriteUInt32(ref d, (uint)v), (ref MsgPackWriter w) => w.WriteUInt32((uint)v)); },
            s => { long v = s.Integer(); return Int("Int64", v, v < 0, unchecked((ulong)v), d => MsgPackSpec.WriteInt64(d, v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteInt64(d, v, out n), p => MsgPackSpec.WriteInt64(p, v), (ref Span<byte> d) => MsgPackSpec.WriteInt64(ref d, v), (ref Span<byte> d) => MsgPackSpec.TryWriteInt64(ref d, v), (ref MsgPackWriter w) => w.WriteInt64(v)); },
            s => { ulong v = s.Unsigned(); return Int("UInt64", v, false, v, d => MsgPackSpec.WriteUInt64(d, v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteUInt64(d, v, out n), p => MsgPackSpec.WriteUInt64(p, v), (ref Span<byte> d) => MsgPackSpec.WriteUInt64(ref d, v), (ref Span<byte> d) => MsgPackSpec.TryWriteUInt64(ref d, v), (ref MsgPackWriter w) => w.WriteUInt64(v)); },
            s => Single(BitConverter.Int32BitsToSingle(unchecked((int)s.Bytes(4)))),
            s => Double(BitConverter.Int64BitsToDouble(unchecked((long)s.Bytes(8)))),
            s => StringOfChars(s.Text()),
            s => StringOfUtf8(s.Utf8()),
            s => Header(OpKind.StrHeader, "StringHeader", s.Count(), v => MsgPackSpec.GetStringHeaderEncodedLength(v), (d, v) => MsgPackSpec.WriteStringHeader(d, v), (Span<byte> d, int v, out int n) => MsgPackSpec.TryWriteStringHeader(d, v, out n), (p, v) => MsgPackSpec.WriteStringHeader(p, v), (ref Span<byte> d, int v) => MsgPackSpec.WriteStringHeader(ref d, v), (ref Span<byte> d, int v) => MsgPackSpec.TryWriteStringHeader(ref d, v), (ref MsgPackWriter w, int v) => w.WriteStringHeader(v)),
            s => Binary(s.Payload()),
            s => Header(OpKind.BinHeader, "BinaryHeader", s.Count(), v => MsgPackSpec.GetBinaryHeaderEncodedLength(v), (d, v) => MsgPackSpec.WriteBinaryHeader(d, v), (Span<byte> d, int v, out int n) => MsgPackSpec.TryWriteBinaryHeader(d, v, out n), (p, v) => MsgPackSpec.WriteBinaryHeader(p, v), (ref Span<byte> d, int v) => MsgPackSpec.WriteBinaryHeader(ref d, v), (ref Span<byte> d, int v) => MsgPackSpec.TryWriteBinaryHeader(ref d, v), (ref MsgPackWriter w, int v) => w.WriteBinaryHeader(v)),
            s => Header(OpKind.ArrayHeader, "ArrayHeader", s.Count(), v => MsgPackSpec.GetArrayHeaderEncodedLength(v), (d, v) => MsgPackSpec.WriteArrayHeader(d, v), (Span<byte> d, int v, out int n) => MsgPackSpec.TryWriteArrayHeader(d, v, out n), (p, v) => MsgPackSpec.WriteArrayHeader(p, v), (ref Span<byte> d, int v) => MsgPackSpec.WriteArrayHeader(ref d, v), (ref Span<byte> d, int v) => MsgPackSpec.TryWriteArrayHeader(ref d, v), (ref MsgPackWriter w, int v) => w.WriteArrayHeader(v)),
            s => Header(OpKind.MapHeader, "MapHeader", s.Count(), v => MsgPackSpec.GetMapHeaderEncodedLength(v), (d, v) => MsgPackSpec.WriteMapHeader(d, v), (Span<byte> d, int v, out int n) => MsgPackSpec.TryWriteMapHeader(d, v, out n), (p, v) => MsgPackSpec.WriteMapHeader(p, v), (ref Span<byte> d, int v) => MsgPackSpec.WriteMapHeader(ref d, v), (ref Span<byte> d, int v) => MsgPackSpec.TryWriteMapHeader(ref d, v), (ref MsgPackWriter w, int v) => w.WriteMapHeader(v)),
            s => Extension(unchecked((sbyte)s.Next()), s.Payload()),
            s => ExtensionHeader(unchecked((sbyte)s.Next()), Math.Max(0, s.Count())),
            s => TimestampOp("Timestamp", s.Timestamp()),
            s => TimestampOp("Timestamp32", s.Timestamp()),
            s => TimestampOp("Timestamp64", s.Timestamp()),
            s => TimestampOp("Timestamp96", s.Timestamp()),

            // Exact formats: the format is the writer's, whatever the value.
            s => { byte v = (byte)s.Integer(); return Exact("UInt8Exact", OpKind.Integer, false, v, 2, d => MsgPackSpec.WriteUInt8Exact(d, v), p => MsgPackSpec.WriteUInt8Exact(p, v), (ref MsgPackWriter w) => w.WriteUInt8Exact(v)); },
            s => { ushort v = (ushort)s.Integer(); return Exact("UInt16Exact", OpKind.Integer, false, v, 3, d => MsgPackSpec.WriteUInt16Exact(d, v), p => MsgPackSpec.WriteUInt16Exact(p, v), (ref MsgPackWriter w) => w.WriteUInt16Exact(v)); },
            s => { uint v = (uint)s.Integer(); return Exact("UInt32Exact", OpKind.Integer, false, v, 5, d => MsgPackSpec.WriteUInt32Exact(d, v), p => MsgPackSpec.WriteUInt32Exact(p, v), (ref MsgPackWriter w) => w.WriteUInt32Exact(v)); },
            s => { ulong v = s.Unsigned(); return Exact("UInt64Exact", OpKind.Integer, false, v, 9, d => MsgPackSpec.WriteUInt64Exact(d, v), p => MsgPackSpec.WriteUInt64Exact(p, v), (ref MsgPackWriter w) => w.WriteUInt64Exact(v)); },
            s => { sbyte v = (sbyte)s.Integer(); return Exact("Int8Exact", OpKind.Integer, v < 0, unchecked((ulong)(long)v), 2, d => MsgPackSpec.WriteInt8Exact(d, v), p => MsgPackSpec.WriteInt8Exact(p, v), (ref MsgPackWriter w) => w.WriteInt8Exact(v)); },
            s => { short v = (short)s.Integer(); return Exact("Int16Exact", OpKind.Integer, v < 0, unchecked((ulong)(long)v), 3, d => MsgPackSpec.WriteInt16Exact(d, v), p => MsgPackSpec.WriteInt16Exact(p, v), (ref MsgPackWriter w) => w.WriteInt16Exact(v)); },
            s => { int v = (int)s.Integer(); return Exact("Int32Exact", OpKind.Integer, v < 0, unchecked((ulong)(long)v), 5, d => MsgPackSpec.WriteInt32Exact(d, v), p => MsgPackSpec.WriteInt32Exact(p, v), (ref MsgPackWriter w) => w.WriteInt32Exact(v)); },
            s => { long v = s.Integer(); return Exact("Int64Exact", OpKind.Integer, v < 0, unchecked((ulong)v), 9, d => MsgPackSpec.WriteInt64Exact(d, v), p => MsgPackSpec.WriteInt64Exact(p, v), (ref MsgPackWriter w) => w.WriteInt64Exact(v)); },
            s =>
            {
                byte v = s.Next();
                WriteOp op = Exact("PositiveFixInt", OpKind.Integer, false, v, 1, d => MsgPackSpec.WritePositiveFixInt(d, v), p => MsgPackSpec.WritePositiveFixInt(p, v), (ref MsgPackWriter w) => w.WritePositiveFixInt(v));
                op.ArgumentError = v > 127;
                return op;
            },
            s =>
            {
                sbyte v = unchecked((sbyte)s.Next());
                WriteOp op = Exact("NegativeFixInt", OpKind.Integer, v < 0, unchecked((ulong)(long)v), 1, d => MsgPackSpec.WriteNegativeFixInt(d, v), p => MsgPackSpec.WriteNegativeFixInt(p, v), (ref MsgPackWriter w) => w.WriteNegativeFixInt(v));
                op.ArgumentError = v < -32 || v > -1;
                return op;
            },
            s => FixHeader(OpKind.StrHeader, "FixStringHeader", s.Next(), 31, (p, v) => MsgPackSpec.WriteFixStringHeader(p, v), (ref MsgPackWriter w, byte v) => w.WriteFixStringHeader(v)),
            s => FixHeader(OpKind.ArrayHeader, "FixArrayHeader", s.Next(), 15, (p, v) => MsgPackSpec.WriteFixArrayHeader(p, v), (ref MsgPackWriter w, byte v) => w.WriteFixArrayHeader(v)),
            s => FixHeader(OpKind.MapHeader, "FixMapHeader", s.Next(), 15, (p, v) => MsgPackSpec.WriteFixMapHeader(p, v), (ref MsgPackWriter w, byte v) => w.WriteFixMapHeader(v)),
            s => { byte v = s.Next(); return ExactHeader(OpKind.StrHeader, "String8Header", v, 2, d => MsgPackSpec.WriteString8Header(d, v), p => MsgPackSpec.WriteString8Header(p, v), (ref MsgPackWriter w) => w.WriteString8Header(v)); },
            s => { ushort v = (ushort)s.Count(); return ExactHeader(OpKind.StrHeader, "String16Header", v, 3, d => MsgPackSpec.WriteString16Header(d, v), p => MsgPackSpec.WriteString16Header(p, v), (ref MsgPackWriter w) => w.WriteString16Header(v)); },
            s => { uint v = (uint)s.Count(); return ExactHeader(OpKind.StrHeader, "String32Header", v, 5, d => MsgPackSpec.WriteString32Header(d, v), p => MsgPackSpec.WriteString32Header(p, v), (ref MsgPackWriter w) => w.WriteString32Header(v)); },
            s => { byte v = s.Next(); return ExactHeader(OpKind.BinHeader, "Binary8Header", v, 2, d => MsgPackSpec.WriteBinary8Header(d, v), p => MsgPackSpec.WriteBinary8Header(p, v), (ref MsgPackWriter w) => w.WriteBinary8Header(v)); },
            s => { ushort v = (ushort)s.Count(); return ExactHeader(OpKind.BinHeader, "Binary16Header", v, 3, d => MsgPackSpec.WriteBinary16Header(d, v), p => MsgPackSpec.WriteBinary16Header(p, v), (ref MsgPackWriter w) => w.WriteBinary16Header(v)); },
            s => { uint v = (uint)s.Count(); return ExactHeader(OpKind.BinHeader, "Binary32Header", v, 5, d => MsgPackSpec.WriteBinary32Header(d, v), p => MsgPackSpec.WriteBinary32Header(p, v), (ref MsgPackWriter w) => w.WriteBinary32Header(v)); },
            s => { ushort v = (ushort)s.Count(); return ExactHeader(OpKind.ArrayHeader, "Array16Header", v, 3, d => MsgPackSpec.WriteArray16Header(d, v), p => MsgPackSpec.WriteArray16Header(p, v), (ref MsgPackWriter w) => w.WriteArray16Header(v)); },
            s => { uint v = (uint)s.Count(); return ExactHeader(OpKind.ArrayHeader, "Array32Header", v, 5, d => MsgPackSpec.WriteArray32Header(d, v), p => MsgPackSpec.WriteArray32Header(p, v), (ref MsgPackWriter w) => w.WriteArray32Header(v)); },
            s => { ushort v = (ushort)s.Count(); return ExactHeader(OpKind.MapHeader, "Map16Header", v, 3, d => MsgPackSpec.WriteMap16Header(d, v), p => MsgPackSpec.WriteMap16Header(p, v), (ref MsgPackWriter w) => w.WriteMap16Header(v)); },
            s => { uint v = (uint)s.Count(); return ExactHeader(OpKind.MapHeader, "Map32Header", v, 5, d => MsgPackSpec.WriteMap32Header(d, v), p => MsgPackSpec.WriteMap32Header(p, v), (ref MsgPackWriter w) => w.WriteMap32Header(v)); },
            s => FixExtension(unchecked((sbyte)s.Next()), s.Next() % 5),
            s => { sbyte t = unchecked((sbyte)s.Next()); byte v = s.Next(); return ExactExtensionHeader("Extension8Header", t, v, 3, d => MsgPackSpec.WriteExtension8Header(d, t, v), p => MsgPackSpec.WriteExtension8Header(p, t, v), (ref MsgPackWriter w) => w.WriteExtension8Header(t, v)); },
            s => { sbyte t = unchecked((sbyte)s.Next()); ushort v = (ushort)s.Count(); return ExactExtensionHeader("Extension16Header", t, v, 4, d => MsgPackSpec.WriteExtension16Header(d, t, v), p => MsgPackSpec.WriteExtension16Header(p, t, v), (ref MsgPackWriter w) => w.WriteExtension16Header(t, v)); },
            s => { sbyte t = unchecked((sbyte)s.Next()); uint v = (uint)s.Count(); return ExactExtensionHeader("Extension32Header", t, v, 6, d => MsgPackSpec.WriteExtension32Header(d, t, v), p => MsgPackSpec.WriteExtension32Header(p, t, v), (ref MsgPackWriter w) => w.WriteExtension32Header(t, v)); },

            // MsgPackWriter alone: raw bytes (as a span and as a two-segment sequence), GetSpan/Advance, Flush.
            s =>
            {
                byte[] raw = s.Payload();
                return new WriteOp { Name = $"WriteRaw(span, {raw.Length})", Raw = raw, Writer = (ref MsgPackWriter w) => w.WriteRaw(raw) };
            },
            s =>
            {
                byte[] raw = s.Payload();
                int cut = raw.Length == 0 ? 0 : s.Next() % (raw.Length + 1);
                ReadOnlySequence<byte> sequence = FuzzOracle.Segments.FromCuts(raw, new[] { cut }, out _);
                return new WriteOp { Name = $"WriteRaw(sequence, {raw.Length} cut at {cut})", Raw = raw, Writer = (ref MsgPackWriter w) => w.WriteRaw(sequence) };
            },
            s =>
            {
                byte[] raw = s.Payload();
                int hint = s.Next() % 4 == 0 ? 0 : raw.Length;
                return new WriteOp
                {
                    Name = $"GetSpan({hint})+Advance({raw.Length})",
                    Raw = raw,
                    Writer = (ref MsgPackWriter w) =>
                    {
                        // GetSpan may hand out more than asked for, never less than the hint (or than 1 byte).
                        Span<byte> span = w.GetSpan(hint);
                        if (span.Length < raw.Length)
                        {
                            span = w.GetSpan(raw.Length);
                        }

                        raw.CopyTo(span);
                        w.Advance(raw.Length);
                    },
                };
            },
            s => new WriteOp { Name = "Flush", Writer = (ref MsgPackWriter w) => w.Flush() },

            // Reservations: set a slot aside now, patch it after later ops (innermost first; the script closes the rest).
            s => Reserve(s.Next(), s.Next(), (uint)s.Integer()),
            s => Patch(),
        };

        [ThreadStatic]
        private static Stack<(MsgPackReservation Reservation, ReservedSlot Slot)>? t_writerSlots;

        /// <summary>Before each MsgPackWriter runs the script: no slot open.</summary>
        public static void ResetWriterSlots() => (t_writerSlots ??= new Stack<(MsgPackReservation, ReservedSlot)>()).Clear();

        private static WriteOp Reserve(byte kind, byte length, uint value)
        {
            var slot = new ReservedSlot { Kind = kind % 3, Length = kind % 3 == 2 ? 1 + (length % 40) : 5, Value = value, Fill = length };
            string name = slot.Kind switch { 0 => "ReserveLengthPrefix", 1 => $"ReserveUInt32Exact({value})", _ => $"Reserve({slot.Length})" };
            return new WriteOp
            {
                Name = name,
                Document = (doc, slots) =>
                {
                    slots.Push((doc.Count, slot));
                    doc.AddRange(new byte[slot.Length]);
                },
                Writer = (ref MsgPackWriter w) =>
                {
                    MsgPackReservation reservation = slot.Kind switch { 0 => w.ReserveLengthPrefix(), 1 => w.ReserveUInt32Exact(), _ => w.Reserve(slot.Length) };
                    if (reservation.Length != slot.Length)
                    {
                        throw new FuzzContractException($"{name}: a reservation of {reservation.Length} bytes");
                    }

                    t_writerSlots!.Push((reservation, slot));
                },
            };
        }

        private static WriteOp Patch() => new WriteOp
        {
            Name = "Patch",
            Document = (doc, slots) =>
            {
                if (slots.Count == 0)
                {
                    return;
                }

                (int at, ReservedSlot slot) = slots.Pop();
                var bytes = new byte[slot.Length];
                switch (slot.Kind)
                {
                    case 0:
                        MsgPackSpec.WriteUInt32Exact(bytes, (uint)(doc.Count - at - 5));
                        break;
                    case 1:
                        MsgPackSpec.WriteUInt32Exact(bytes, slot.Value);
                        break;
                    default:
                        bytes.AsSpan().Fill(slot.Fill);
                        break;
                }

                for (int i = 0; i < bytes.Length; i++)
                {
                    doc[at + i] = bytes[i];
                }
            },
            Writer = (ref MsgPackWriter w) =>
            {
                if (t_writerSlots!.Count == 0)
                {
                    return;
                }

                (MsgPackReservation reservation, ReservedSlot slot) = t_writerSlots.Pop();
                switch (slot.Kind)
                {
                    case 0:
                        w.PatchLengthPrefix(reservation);
                        break;
                    case 1:
                        w.PatchUInt32Exact(reservation, slot.Value);
                        break;
                    default:
                        w.GetReservedSpan(reservation).Fill(slot.Fill);
                        break;
                }
            },
        };

        public static int OpCount => Builders.Length;

        public static List<WriteOp> Parse(byte[] input, out int[] chunkSizes)
        {
            var script = new Script(input);
            chunkSizes = new[] { script.Next() % 32 + 1, script.Next() % 8 + 1, script.Next() + 1 };
            var ops = new List<WriteOp>();
            int open = 0;
            while (!script.End && ops.Count < 48)
            {
                WriteOp op = Builders[script.Next() % Builders.Length](script);
                open = op.Name == "Patch" ? Math.Max(0, open - 1) : op.Document != null ? open + 1 : open;
                ops.Add(op);
            }

            // A slot's bytes are the buffer writer's until patched: close every slot still open.
            for (; open > 0; open--)
            {
                ops.Add(Patch());
            }

            return ops;
        }

        // ---- Op builders.

        private static WriteOp Nil() => new WriteOp
        {
            Name = "Nil",
            Kind = OpKind.Nil,
            ExpectedLength = 1,
            Span = d => MsgPackSpec.WriteNil(d),
            Try = (Span<byte> d, out int n) => MsgPackSpec.TryWriteNil(d, out n),
            Pointer = p => MsgPackSpec.WriteNil(p),
            Advancing = (ref Span<byte> d) => MsgPackSpec.WriteNil(ref d),
            AdvancingTry = (ref Span<byte> d) => MsgPackSpec.TryWriteNil(ref d),
            Writer = (ref MsgPackWriter w) => w.WriteNil(),
        };

        private static WriteOp Boolean(bool v) => new WriteOp
        {
            Name = $"Boolean({v})",
            Kind = OpKind.Boolean,
            Bits = v ? 1UL : 0UL,
            ExpectedLength = 1,
            Span = d => MsgPackSpec.WriteBoolean(d, v),
            Try = (Span<byte> d, out int n) => MsgPackSpec.TryWriteBoolean(d, v, out n),
            Pointer = p => MsgPackSpec.WriteBoolean(p, v),
            Advancing = (ref Span<byte> d) => MsgPackSpec.WriteBoolean(ref d, v),
            AdvancingTry = (ref Span<byte> d) => MsgPackSpec.TryWriteBoolean(ref d, v),
            Writer = (ref MsgPackWriter w) => w.WriteBoolean(v),
        };

        private static WriteOp Int(string name, object shown, bool negative, ulong bits, OpSpanWrite span, OpSpanTryWrite tryWrite, OpPointerWrite pointer, OpAdvancingWrite advancing, OpAdvancingTryWrite advancingTry, OpWriterWrite writer) => new WriteOp
        {
            Name = $"{name}({shown})",
            Kind = OpKind.Integer,
            Negative = negative,
            Bits = bits,
            ExpectedLength = SmallestIntegerLength(negative, bits),
            Span = span,
            Try = tryWrite,
            Pointer = pointer,
            Advancing = advancing,
            AdvancingTry = advancingTry,
            Writer = writer,
        };

        /// <summary>The smallest encoding of an integer (non-negative values in the unsigned formats).</summary>
        private static int SmallestIntegerLength(bool negative, ulong bits)
        {
            if (!negative)
            {
                return bits <= 127 ? 1 : bits <= byte.MaxValue ? 2 : bits <= ushort.MaxValue ? 3 : bits <= uint.MaxValue ? 5 : 9;
            }

            long v = unchecked((long)bits);
            return v >= -32 ? 1 : v >= sbyte.MinValue ? 2 : v >= short.MinValue ? 3 : v >= int.MinValue ? 5 : 9;
        }

        private static WriteOp Single(float v) => new WriteOp
        {
            Name = $"Single(0x{BitConverter.SingleToInt32Bits(v):x8})",
            Kind = OpKind.Float32,
            Single = v,
            ExpectedLength = 5,
            Span = d => MsgPackSpec.WriteSingle(d, v),
            Try = (Span<byte> d, out int n) => MsgPackSpec.TryWriteSingle(d, v, out n),
            Pointer = p => MsgPackSpec.WriteSingle(p, v),
            Advancing = (ref Span<byte> d) => MsgPackSpec.WriteSingle(ref d, v),
            AdvancingTry = (ref Span<byte> d) => MsgPackSpec.TryWriteSingle(ref d, v),
            Writer = (ref MsgPackWriter w) => w.WriteSingle(v),
        };

        private static WriteOp Double(double v) => new WriteOp
        {
            Name = $"Double(0x{BitConverter.DoubleToInt64Bits(v):x16})",
            Kind = OpKind.Float64,
            Double = v,
            ExpectedLength = 9,
            Span = d => MsgPackSpec.WriteDouble(d, v),
            Try = (Span<byte> d, out int n) => MsgPackSpec.TryWriteDouble(d, v, out n),
            Pointer = p => MsgPackSpec.WriteDouble(p, v),
            Advancing = (ref Span<byte> d) => MsgPackSpec.WriteDouble(ref d, v),
            AdvancingTry = (ref Span<byte> d) => MsgPackSpec.TryWriteDouble(ref d, v),
            Writer = (ref MsgPackWriter w) => w.WriteDouble(v),
        };

        private static WriteOp StringOfChars(string text)
        {
            // What the writers must produce: UTF-8 with every lone surrogate as U+FFFD (as Encoding.UTF8 writes it).
            byte[] utf8 = Encoding.UTF8.GetBytes(text);
            return new WriteOp
            {
                Name = $"String(chars: {text.Length})",
                Kind = OpKind.Str,
                Length = utf8.Length,
                Payload = utf8,
                ExpectedLength = MsgPackSpec.GetStringHeaderEncodedLength(utf8.Length) + utf8.Length,
                Span = d => MsgPackSpec.WriteString(d, text.AsSpan()),
                Try = (Span<byte> d, out int n) => MsgPackSpec.TryWriteString(d, text.AsSpan(), out n),
                Pointer = p => MsgPackSpec.WriteString(p, text.AsSpan()),
                Advancing = (ref Span<byte> d) => MsgPackSpec.WriteString(ref d, text.AsSpan()),
                AdvancingTry = (ref Span<byte> d) => MsgPackSpec.TryWriteString(ref d, text.AsSpan()),
                Writer = (ref MsgPackWriter w) => w.WriteString(text.AsSpan()),
            };
        }

        private static WriteOp StringOfUtf8(byte[] utf8) => new WriteOp
        {
            Name = $"String(utf8: {utf8.Length})",
            Kind = OpKind.Str,
            Length = utf8.Length,
            Payload = utf8,
            ExpectedLength = MsgPackSpec.GetStringHeaderEncodedLength(utf8.Length) + utf8.Length,
            Span = d => MsgPackSpec.WriteString(d, utf8.AsSpan()),
            Try = (Span<byte> d, out int n) => MsgPackSpec.TryWriteString(d, utf8.AsSpan(), out n),
            Pointer = p => MsgPackSpec.WriteString(p, utf8.AsSpan()),
            Advancing = (ref Span<byte> d) => MsgPackSpec.WriteString(ref d, utf8.AsSpan()),
            AdvancingTry = (ref Span<byte> d) => MsgPackSpec.TryWriteString(ref d, utf8.AsSpan()),
            Writer = (ref MsgPackWriter w) => w.WriteString(utf8.AsSpan()),
        };

        private static WriteOp Binary(byte[] data) => new WriteOp
        {
            Name = $"Binary({data.Length})",
            Kind = OpKind.Bin,
            Length = data.Length,
            Payload = data,
            ExpectedLength = MsgPackSpec.GetBinaryEncodedLength(data.Length),
            Span = d => MsgPackSpec.WriteBinary(d, data),
            Try = (Span<byte> d, out int n) => MsgPackSpec.TryWriteBinary(d, data, out n),
            Pointer = p => MsgPackSpec.WriteBinary(p, data),
            Advancing = (ref Span<byte> d) => MsgPackSpec.WriteBinary(ref d, data),
            AdvancingTry = (ref Span<byte> d) => MsgPackSpec.TryWriteBinary(ref d, data),
            Writer = (ref MsgPackWriter w) => w.WriteBinary(data),
        };

        private static WriteOp Extension(sbyte type, byte[] data) => new WriteOp
        {
            Name = $"Extension({type}, {data.Length})",
            Kind = OpKind.Ext,
            ExtType = type,
            Length = data.Length,
            Payload = data,
            ExpectedLength = MsgPackSpec.GetExtensionEncodedLength(data.Length),
            Span = d => MsgPackSpec.WriteExtension(d, type, data),
            Try = (Span<byte> d, out int n) => MsgPackSpec.TryWriteExtension(d, type, data, out n),
            Pointer = p => MsgPackSpec.WriteExtension(p, type, data),
            Advancing = (ref Span<byte> d) => MsgPackSpec.WriteExtension(ref d, type, data),
            AdvancingTry = (ref Span<byte> d) => MsgPackSpec.TryWriteExtension(ref d, type, data),
            Writer = (ref MsgPackWriter w) => w.WriteExtension(type, data),
        };

        private static WriteOp ExtensionHeader(sbyte type, int length)
        {
            var header = new ExtensionHeader(type, length);
            return new WriteOp
            {
                Name = $"ExtensionHeader({type}, {length})",
                Kind = OpKind.ExtHeader,
                ExtType = type,
                Length = length,
                ExpectedLength = MsgPackSpec.GetExtensionHeaderEncodedLength(length),
                Span = d => MsgPackSpec.WriteExtensionHeader(d, header),
                Try = (Span<byte> d, out int n) => MsgPackSpec.TryWriteExtensionHeader(d, header, out n),
                Pointer = p => MsgPackSpec.WriteExtensionHeader(p, header),
                Advancing = (ref Span<byte> d) => MsgPackSpec.WriteExtensionHeader(ref d, header),
                AdvancingTry = (ref Span<byte> d) => MsgPackSpec.TryWriteExtensionHeader(ref d, header),
                Writer = (ref MsgPackWriter w) => w.WriteExtensionHeader(header),
            };
        }

        private delegate int HeaderSpan(Span<byte> d, int v);

        private delegate bool HeaderTry(Span<byte> d, int v, out int n);

        private delegate int HeaderPointer(byte* p, int v);

        private delegate void HeaderAdvancing(ref Span<byte> d, int v);

        private delegate bool HeaderAdvancingTry(ref Span<byte> d, int v);

        private delegate void HeaderWriter(ref MsgPackWriter w, int v);

        private static WriteOp Header(OpKind kind, string name, int v, Func<int, int> length, HeaderSpan span, HeaderTry tryWrite, HeaderPointer pointer, HeaderAdvancing advancing, HeaderAdvancingTry advancingTry, HeaderWriter writer) => new WriteOp
        {
            Name = $"{name}({v})",
            Kind = kind,
            Length = v,
            ArgumentError = v < 0,
            ExpectedLength = v < 0 ? -1 : length(v),
            Span = d => span(d, v),
            Try = (Span<byte> d, out int n) => tryWrite(d, v, out n),
            Pointer = p => pointer(p, v),
            Advancing = (ref Span<byte> d) => advancing(ref d, v),
            AdvancingTry = (ref Span<byte> d) => advancingTry(ref d, v),
            Writer = (ref MsgPackWriter w) => writer(ref w, v),
        };

        private static WriteOp TimestampOp(string name, Timestamp t)
        {
            bool fits32 = t.Nanoseconds == 0 && t.Seconds >= 0 && t.Seconds <= uint.MaxValue;
            bool fits64 = t.Seconds >= 0 && t.Seconds < 1L << 34;
            int smallest = fits32 ? 6 : fits64 ? 10 : 15;
            var op = new WriteOp { Name = $"{name}({t.Seconds}, {t.Nanoseconds})", Kind = OpKind.Timestamp, ExtType = -1, Timestamp = t };
            switch (name)
            {
                case "Timestamp32":
                    op.ExpectedLength = 6;
                    op.ArgumentError = !fits32;
                    op.Span = d => MsgPackSpec.WriteTimestamp32(d, t);
                    op.Pointer = p => MsgPackSpec.WriteTimestamp32(p, t);
                    op.Writer = (ref MsgPackWriter w) => w.WriteTimestamp32(t);
                    break;
                case "Timestamp64":
                    op.ExpectedLength = 10;
                    op.ArgumentError = !fits64;
                    op.Span = d => MsgPackSpec.WriteTimestamp64(d, t);
                    op.Pointer = p => MsgPackSpec.WriteTimestamp64(p, t);
                    op.Writer = (ref MsgPackWriter w) => w.WriteTimestamp64(t);
                    break;
                case "Timestamp96":
                    op.ExpectedLength = 15;
                    op.Span = d => MsgPackSpec.WriteTimestamp96(d, t);
                    op.Pointer = p => MsgPackSpec.WriteTimestamp96(p, t);
                    op.Writer = (ref MsgPackWriter w) => w.WriteTimestamp96(t);
                    break;
                default:
                    op.ExpectedLength = smallest;
                    op.Span = d => MsgPackSpec.WriteTimestamp(d, t);
                    op.Try = (Span<byte> d, out int n) => MsgPackSpec.TryWriteTimestamp(d, t, out n);
                    op.Pointer = p => MsgPackSpec.WriteTimestamp(p, t);
                    op.Advancing = (ref Span<byte> d) => MsgPackSpec.WriteTimestamp(ref d, t);
                    op.AdvancingTry = (ref Span<byte> d) => MsgPackSpec.TryWriteTimestamp(ref d, t);
                    op.Writer = (ref MsgPackWriter w) => w.WriteTimestamp(t);
                    break;
            }

            // The data length the timestamp takes (for the ext header and the token): the header is 2 (fixext) or 3 (ext 8).
            op.Length = op.ExpectedLength == 6 ? 4 : op.ExpectedLength == 10 ? 8 : 12;
            return op;
        }

        private static WriteOp Exact(string name, OpKind kind, bool negative, ulong bits, int length, OpSpanWrite span, OpPointerWrite pointer, OpWriterWrite writer) => new WriteOp
        {
            Name = $"{name}({(negative ? unchecked((long)bits).ToString(System.Globalization.CultureInfo.InvariantCulture) : bits.ToString(System.Globalization.CultureInfo.InvariantCulture))})",
            Kind = kind,
            Negative = negative,
            Bits = bits,
            ExpectedLength = length,
            Span = span,
            Pointer = pointer,
            Writer = writer,
        };

        private delegate int FixPointer(byte* p, byte v);

        private delegate void FixWriter(ref MsgPackWriter w, byte v);

        private static WriteOp FixHeader(OpKind kind, string name, byte v, int max, FixPointer pointer, FixWriter writer)
        {
            OpSpanWrite span = name switch
            {
                "FixStringHeader" => d => MsgPackSpec.WriteFixStringHeader(d, v),
                "FixArrayHeader" => d => MsgPackSpec.WriteFixArrayHeader(d, v),
                _ => d => MsgPackSpec.WriteFixMapHeader(d, v),
            };
            return new WriteOp
            {
                Name = $"{name}({v})",
                Kind = kind,
                Length = v,
                ArgumentError = v > max,
                ExpectedLength = 1,
                Span = span,
                Pointer = p => pointer(p, v),
                Writer = (ref MsgPackWriter w) => writer(ref w, v),
            };
        }

        private static WriteOp ExactHeader(OpKind kind, string name, uint v, int length, OpSpanWrite span, OpPointerWrite pointer, OpWriterWrite writer) => new WriteOp
        {
            Name = $"{name}({v})",

            // Above int.MaxValue no reader returns the length (an int): they report an overflow, which the readers target judges.
            Kind = v > int.MaxValue ? OpKind.Opaque : kind,
            Length = unchecked((int)v),
            ExpectedLength = length,
            Span = span,
            Pointer = pointer,
            Writer = writer,
        };

        private static WriteOp FixExtension(sbyte type, int which)
        {
            int length = 1 << which;
            OpSpanWrite span = which switch
            {
                0 => d => MsgPackSpec.WriteFixExtension1Header(d, type),
                1 => d => MsgPackSpec.WriteFixExtension2Header(d, type),
                2 => d => MsgPackSpec.WriteFixExtension4Header(d, type),
                3 => d => MsgPackSpec.WriteFixExtension8Header(d, type),
                _ => d => MsgPackSpec.WriteFixExtension16Header(d, type),
            };
            OpPointerWrite pointer = which switch
            {
                0 => p => MsgPackSpec.WriteFixExtension1Header(p, type),
                1 => p => MsgPackSpec.WriteFixExtension2Header(p, type),
                2 => p => MsgPackSpec.WriteFixExtension4Header(p, type),
                3 => p => MsgPackSpec.WriteFixExtension8Header(p, type),
                _ => p => MsgPackSpec.WriteFixExtension16Header(p, type),
            };
            OpWriterWrite writer = which switch
            {
                0 => (ref MsgPackWriter w) => w.WriteFixExtension1Header(type),
                1 => (ref MsgPackWriter w) => w.WriteFixExtension2Header(type),
                2 => (ref MsgPackWriter w) => w.WriteFixExtension4Header(type),
                3 => (ref MsgPackWriter w) => w.WriteFixExtension8Header(type),
                _ => (ref MsgPackWriter w) => w.WriteFixExtension16Header(type),
            };
            return new WriteOp
            {
                Name = $"FixExtension{length}Header({type})",
                Kind = OpKind.ExtHeader,
                ExtType = type,
                Length = length,
                ExpectedLength = 2,
                Span = span,
                Pointer = pointer,
                Writer = writer,
            };
        }

        private static WriteOp ExactExtensionHeader(string name, sbyte type, uint v, int length, OpSpanWrite span, OpPointerWrite pointer, OpWriterWrite writer) => new WriteOp
        {
            Name = $"{name}({type}, {v})",
            Kind = v > int.MaxValue ? OpKind.Opaque : OpKind.ExtHeader,
            ExtType = type,
            Length = unchecked((int)v),
            ExpectedLength = length,
            Span = span,
            Pointer = pointer,
            Writer = writer,
        };

        /// <summary>Reads the script: bytes past its end are 0.</summary>
        private sealed class Script
        {
            private readonly byte[] _bytes;
            private int _position;
            private int _payloadSpent;

            public Script(byte[] bytes) => _bytes = bytes;

            public bool End => _position >= _bytes.Length;

            public byte Next() => _position < _bytes.Length ? _bytes[_position++] : (byte)0;

            /// <summary>Big-endian, from the next <paramref name="count"/> bytes.</summary>
            public ulong Bytes(int count)
            {
                ulong value = 0;
                for (int i = 0; i < count; i++)
                {
                    value = (value << 8) | Next();
                }

                return value;
            }

            /// <summary>A boundary of some integer format, or 1, 2, 4 or 8 bytes of the script, sign-extended or not.</summary>
            public long Integer()
            {
                byte select = Next();
                if (select < 96)
                {
                    return Boundaries[select % Boundaries.Length];
                }

                int width = 1 << (select & 3);
                ulong raw = Bytes(width);
                if ((select & 4) != 0 && width < 8)
                {
                    int shift = 64 - 8 * width;
                    return unchecked((long)(raw << shift)) >> shift;
                }

                return unchecked((long)raw);
            }

            public ulong Unsigned()
            {
                byte select = Next();
                return select < 16 ? ulong.MaxValue - select : unchecked((ulong)(select < 128 ? Boundaries[select % Boundaries.Length] : (long)Bytes(1 << (select & 3))));
            }

            /// <summary>A count or length argument: a boundary (negative ones included), or 1 to 4 bytes of the script.</summary>
            public int Count()
            {
                byte select = Next();
                if (select < 128)
                {
                    return Counts[select % Counts.Length];
                }

                return unchecked((int)Bytes(1 + (select & 3)));
            }

            /// <summary>A length for a payload, within the script's budget (the big ones only while it lasts).</summary>
            public int Length()
            {
                byte select = Next();
                int length = select < 128 ? Lengths[select % Lengths.Length] : select - 128;
                if (_payloadSpent + length > PayloadBudget)
                {
                    length = select & 15;
                }

                _payloadSpent += length;
                return length;
            }

            /// <summary>Payload bytes: taken from the script (so the fuzzer shapes them) or made from a seed.</summary>
            public byte[] Payload()
            {
                int length = Length();
                byte mode = Next();
                var data = new byte[length];
                if ((mode & 1) == 0)
                {
                    for (int i = 0; i < length; i++)
                    {
                        data[i] = Next();
                    }
                }
                else
                {
                    new FuzzRandom(mode).Fill(data);
                }

                return data;
            }

            /// <summary>UTF-8 for WriteString(utf8): valid text, or payload bytes that may not be UTF-8 at all.</summary>
            public byte[] Utf8()
            {
                byte mode = Next();
                return mode % 3 == 0 ? Encoding.UTF8.GetBytes(Text()) : Payload();
            }

            /// <summary>Text of ASCII, 2- and 3-byte characters, surrogate pairs and lone surrogates, from a seed.</summary>
            public string Text()
            {
                int length = Length();
                var random = new FuzzRandom(Bytes(2));
                var text = new StringBuilder(length);
                for (int i = 0; i < length; i++)
                {
                    switch (random.Next(16))
                    {
                        case 8:
                        case 9:
                            text.Append((char)random.Next(0x80, 0x800));
                            break;
                        case 10:
                        case 11:
                            text.Append((char)random.Next(0x800, 0xd800));
                            break;
                        case 12:
                        case 13:
                            text.Append((char)random.Next(0xd800, 0xdc00)).Append((char)random.Next(0xdc00, 0xe000));
                            i++;
                            break;
                        case 14:
                            text.Append((char)random.Next(0xd800, 0xdc00));
                            break;
                        case 15:
                            text.Append((char)random.Next(0xdc00, 0xe000));
                            break;
                        default:
                            text.Append((char)random.Next(0x20, 0x7f));
                            break;
                    }
                }

                return text.ToString();
            }

            public Timestamp Timestamp()
            {
                byte select = Next();
                switch (select & 3)
                {
                    case 0:
                        return new Timestamp((long)Bytes(4), 0);
                    case 1:
                        return new Timestamp((long)(Bytes(5) & ((1UL << 34) - 1)), (uint)(Bytes(4) % global::MsgPack.Spec.Timestamp.NanosecondsPerSecond));
                    case 2:
                        return new Timestamp(unchecked((long)Bytes(8)), (uint)(Bytes(4) % global::MsgPack.Spec.Timestamp.NanosecondsPerSecond));
                    default:
                        (long seconds, uint nanoseconds) = Timestamps[(select >> 2) % Timestamps.Length];
                        return new Timestamp(seconds, nanoseconds);
                }
            }
        }
    }
}
