using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;
using Xunit;
using MsgPack.Spec.Tests.Formats;

namespace MsgPack.Spec.Tests.Reader
{
    /// <summary>
    /// <see cref="MsgPackCursor"/>: a tree of helpers that take <c>ref MsgPackReader</c> and read through cursors reads
    /// the same values as the same tree on the reader, however the input is cut (values straddle every boundary);
    /// partial input and bad data behave as the reader's (nothing consumed on a Try failure, the cursor unmoved after
    /// a throw); a cursor is refused by a reader it does not belong to; and reading allocates nothing.
    /// </summary>
    public class CursorTests
    {
        private const int Records = 6;

        private static readonly byte[] Document = MakeDocument();

        public static TheoryData<string> Layouts => new TheoryData<string>
        {
            "span", "one segment", "1-byte segments", "1-byte segments with empty ones", "2-byte segments", "3-byte segments", "7-byte segments", "16-byte segments", "random segments",
        };

        [Theory]
        [MemberData(nameof(Layouts))]
        public void HelpersReadingThroughCursorsReadWhatTheReaderReads(string layout)
        {
            List<string> expected = ReadWithReader(new MsgPackReader(new ReadOnlySequence<byte>(Document)));
            Assert.Equal(Records * 39, expected.Count); // every record read, 39 entries each

            List<string> actual;
            long consumed;
            if (layout == "span")
            {
                var reader = new MsgPackReader(Document.AsSpan());
                actual = ReadWithCursors(ref reader);
                consumed = reader.Consumed;
                Assert.True(reader.End);
            }
            else
            {
                ReadOnlySequence<byte> input = Layout(Document, layout);
                var reader = new MsgPackReader(input);
                actual = ReadWithCursors(ref reader);
                consumed = reader.Consumed;
                Assert.True(reader.End);
                Assert.Equal(input.End, reader.Position);
            }

            Assert.Equal(Document.Length, consumed);
            Assert.Equal(expected, actual);
        }

        [Fact]
        public void TwoSegmentsCutAtEveryByteReadTheSame()
        {
            List<string> expected = ReadWithReader(new MsgPackReader(new ReadOnlySequence<byte>(Document)));
            for (int at = 0; at <= Document.Length; at++)
            {
                var reader = new MsgPackReader(Sequences.SplitAt(Document, at));
                Assert.Equal(expected, ReadWithCursors(ref reader));
                Assert.True(reader.End);
            }
        }

        [Fact]
        public void TheCursorReadsTheRestOfTheSegmentAndTheReaderMovesOnlyOnMoveTo()
        {
            byte[] bytes = Concat(Int(1), Int(300), Int(70_000));
            var reader = new MsgPackReader(Sequences.SplitAt(bytes, 2)); // 01 cd | 01 2c ce ...
            MsgPackCursor cursor = reader.GetCursor();
            Assert.Equal(2, cursor.UnreadSpan.Length);
            Assert.Equal(1, cursor.ReadInt32(ref reader));
            Assert.Equal(0, reader.Consumed);

            // A Try read that fails on bytes in the segment is decided there: the reader is not involved (it would
            // move to the cursor's place), and the cursor stays.
            Assert.Equal(OperationStatus.InvalidData, cursor.TryReadNil(ref reader));
            Assert.Equal(OperationStatus.InvalidData, cursor.TryReadMapHeader(ref reader, out _));
            Assert.Equal(0, reader.Consumed);
            Assert.Equal(1, cursor.UnreadSpan.Length);
            Assert.Equal(300, cursor.ReadInt32(ref reader)); // straddles: the reader reads it, the cursor follows
            Assert.Equal(5, cursor.UnreadSpan.Length);
            reader.MoveTo(cursor);
            Assert.Equal(4, reader.Consumed);
            Assert.Equal(70_000, reader.ReadInt32());
            Assert.True(reader.End);
        }

        [Theory]
        [MemberData(nameof(Layouts))]
        public void AtEveryCutTheTryReadOfTheValueThereNeedsMoreDataAndConsumesNothing(string layout)
        {
            (byte[] bytes, List<(Scalar Kind, int Start, int End)> items) = Scalars();
            ReadOnlySequence<byte> full = layout == "span" ? new ReadOnlySequence<byte>(bytes) : Layout(bytes, layout);
            for (int cut = 0; cut < bytes.Length; cut++)
            {
                var reader = layout == "span" ? new MsgPackReader(bytes.AsSpan(0, cut)) : new MsgPackReader(full.Slice(0, cut));
                MsgPackCursor cursor = reader.GetCursor();
                int next = 0;
                while (next < items.Count && items[next].End <= cut)
                {
                    Assert.Equal(OperationStatus.Done, TryRead(ref cursor, ref reader, items[next].Kind));
                    next++;
                }

                // The value at the cut: NeedMoreData, nothing consumed; its Read* throws and leaves the cursor where it was.
                int remaining = cursor.UnreadSpan.Length;
                Assert.Equal(OperationStatus.NeedMoreData, TryRead(ref cursor, ref reader, items[next].Kind));
                Assert.Equal(remaining, cursor.UnreadSpan.Length);
                bool threw = false;
                try
                {
                    Read(ref cursor, ref reader, items[next].Kind);
                }
                catch (MsgPackTruncatedException)
                {
                    threw = true;
                }

                Assert.True(threw, $"cut {cut}: {items[next].Kind} did not throw");
                Assert.Equal(remaining, cursor.UnreadSpan.Length);
                reader.MoveTo(cursor);
                Assert.Equal(items[next].Start, reader.Consumed);
            }
        }

        [Theory]
        [InlineData(1)]
        [InlineData(2)]
        [InlineData(100)]
        public void BadDataIsInvalidDataOrAMsgPackExceptionAndConsumesNothing(int segmentSize)
        {
            // 07, then a str where an integer is expected, 0xc1 where a value to skip is, and a str of invalid UTF-8.
            byte[] bytes = Concat(Int(7), Str("abc"), new byte[] { 0xc1 }, new byte[] { 0xa2, 0xc3, 0x28 });
            var reader = new MsgPackReader(Sequences.Split(bytes, segmentSize, withEmpty: false));
            MsgPackCursor cursor = reader.GetCursor();
            Assert.Equal(7, cursor.ReadInt64(ref reader));

            Assert.Equal(OperationStatus.InvalidData, cursor.TryReadInt32(ref reader, out int value));
            Assert.Equal(0, value);
            Assert.Equal(OperationStatus.InvalidData, cursor.TryReadMapHeader(ref reader, out _));
            AssertPlace(ref reader, ref cursor, 1);
            Assert.IsType<MsgPackUnexpectedCodeException>(Catch(ref cursor, ref reader, static (ref MsgPackCursor c, ref MsgPackReader r) => c.ReadInt32(ref r)));
            AssertPlace(ref reader, ref cursor, 1);
            Assert.Equal("abc", Encoding.UTF8.GetString(cursor.ReadStringBytes(ref reader).ToArray()));

            Assert.Equal(OperationStatus.InvalidData, cursor.TrySkip(ref reader));
            AssertPlace(ref reader, ref cursor, 5);
            Assert.IsAssignableFrom<MsgPackException>(Catch(ref cursor, ref reader, static (ref MsgPackCursor c, ref MsgPackReader r) => c.Skip(ref r)));
            AssertPlace(ref reader, ref cursor, 5);
            Assert.Equal(MsgPackType.NeverUsed, cursor.PeekMsgPackType(ref reader));
            Assert.Equal(0xc1, cursor.ReadBytes(ref reader, 1).Span[0]);

            Assert.Equal(OperationStatus.InvalidData, cursor.TryReadStringBytes(ref reader, out MsgPackPayload text));
            Assert.Equal(0, text.Length);
            AssertPlace(ref reader, ref cursor, 6);
            Assert.IsType<MsgPackInvalidUtf8Exception>(Catch(ref cursor, ref reader, static (ref MsgPackCursor c, ref MsgPackReader r) => c.ReadStringBytes(ref r)));
            Assert.IsType<MsgPackInvalidUtf8Exception>(Catch(ref cursor, ref reader, static (ref MsgPackCursor c, ref MsgPackReader r) => c.ReadString(ref r)));
            AssertPlace(ref reader, ref cursor, 6);
            Assert.Equal(2, cursor.ReadStringHeader(ref reader));
            Assert.Equal(2, cursor.ReadBytes(ref reader, 2).Length);
            Assert.IsType<MsgPackTruncatedException>(Catch(ref cursor, ref reader, static (ref MsgPackCursor c, ref MsgPackReader r) => c.ReadInt32(ref r)));
            Assert.Throws<ArgumentOutOfRangeException>(() =>
            {
                var r = new MsgPackReader(bytes.AsSpan());
                r.GetCursor().ReadBytes(ref r, -1);
            });
            reader.MoveTo(cursor);
            Assert.True(reader.End);
        }

        [Fact]
        public void ThrowingReadsLeaveTheCursorWhereItWas()
        {
            byte[] bytes = Concat(Str("abc"), Int(5));
            foreach (ReadOnlySequence<byte> input in new[] { new ReadOnlySequence<byte>(bytes), Sequences.Split(bytes, 1, withEmpty: true) })
            {
                var reader = new MsgPackReader(input);
                MsgPackCursor cursor = reader.GetCursor();
                try
                {
                    cursor.ReadInt64(ref reader);
                    Assert.Fail("ReadInt64 read a str");
                }
                catch (MsgPackUnexpectedCodeException)
                {
                }

                try
                {
                    cursor.ReadArrayHeader(ref reader);
                    Assert.Fail("ReadArrayHeader read a str");
                }
                catch (MsgPackUnexpectedCodeException)
                {
                }

                reader.MoveTo(cursor);
                Assert.Equal(0, reader.Consumed);
                cursor = reader.GetCursor();
                Assert.Equal(3, cursor.ReadStringBytes(ref reader).Length);
                Assert.Equal(5, cursor.ReadInt64(ref reader));
                reader.MoveTo(cursor);
                Assert.True(reader.End);
            }
        }

        [Fact]
        public void AReaderRefusesACursorThatIsNotInItsCurrentSegment()
        {
            byte[] bytes = Concat(Int(1), Int(2), Int(3));
            var reader = new MsgPackReader(Sequences.Split(bytes, 1, withEmpty: false));
            var other = new MsgPackReader(bytes.AsSpan());
            MsgPackCursor foreign = other.GetCursor();
            Assert.False(TryMoveTo(ref reader, foreign));

            // Taken in the first segment, given back after the reader moved to the second.
            MsgPackCursor stale = reader.GetCursor();
            Assert.Equal(1, reader.ReadInt32());
            Assert.Equal(2, reader.ReadInt32());
            Assert.False(TryMoveTo(ref reader, stale));
            Assert.False(TryMoveTo(ref reader, default));

            // Reading with another reader than the cursor's fails when that reader is needed (here at once: the
            // cursor's segment is used up).
            MsgPackCursor cursor = reader.GetCursor();
            Assert.Equal(0, cursor.UnreadSpan.Length);
            var third = new MsgPackReader(bytes.AsSpan());
            bool threw = false;
            try
            {
                cursor.ReadInt32(ref third);
            }
            catch (InvalidOperationException)
            {
                threw = true;
            }

            Assert.True(threw);
            Assert.Equal(3, cursor.ReadInt32(ref reader));
            reader.MoveTo(cursor);
            Assert.True(reader.End);
        }

        [Fact]
        public void ReadingTheDocumentThroughCursorsOverManySegmentsAllocatesNothing()
        {
            ReadOnlySequence<byte> input = Sequences.Split(Document, 3, withEmpty: true);
            long expected = Checksum(input);
            for (int i = 0; i < 3; i++)
            {
                Checksum(input);
            }

            long allocated = long.MaxValue;
            long sum = 0;
            for (int attempt = 0; attempt < 3 && allocated != 0; attempt++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                sum = 0;
                for (int i = 0; i < 200; i++)
                {
                    sum += Checksum(input);
                }

                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            }

            Assert.Equal(0, allocated);
            Assert.Equal(expected * 200, sum);
        }

        // ---- The document: records of every kind of value, read by a tree of helpers (a record, its inner map).

        private static byte[] MakeDocument()
        {
            byte[] buffer = new byte[64 * 1024];
            Span<byte> rest = buffer;
            MsgPackSpec.WriteArrayHeader(ref rest, Records);
            for (int i = 0; i < Records; i++)
            {
                MsgPackSpec.WriteArrayHeader(ref rest, 17);
                MsgPackSpec.WriteInt64(ref rest, i % 2 == 0 ? -(1L << (i * 7)) : 1L << (i * 9));
                MsgPackSpec.WriteUInt64(ref rest, ulong.MaxValue - (ulong)i);
                MsgPackSpec.WriteInt32(ref rest, -70_000 * i);
                MsgPackSpec.WriteInt16(ref rest, (short)(-300 * i));
                MsgPackSpec.WriteSByte(ref rest, (sbyte)(-20 * i));
                MsgPackSpec.WriteUInt32(ref rest, 4_000_000_000u - (uint)i);
                MsgPackSpec.WriteUInt16(ref rest, (ushort)(60_000 + i));
                MsgPackSpec.WriteByte(ref rest, (byte)(250 + i));
                MsgPackSpec.WriteBoolean(ref rest, i % 2 == 0);
                if (i % 3 == 0)
                {
                    MsgPackSpec.WriteNil(ref rest);
                }
                else
                {
                    MsgPackSpec.WriteSingle(ref rest, i * 0.5f);
                }

                MsgPackSpec.WriteDouble(ref rest, i * 1.25);
                MsgPackSpec.WriteTimestamp(ref rest, new Timestamp(i switch { 0 => 1, 1 => 1L << 33, _ => -5 - i }, i == 0 ? 0u : (uint)(i * 1000)));
                MsgPackSpec.WriteString(ref rest, new string((char)('a' + i), new[] { 0, 5, 31, 40, 300, 3 }[i]) + (i == 4 ? "€" : string.Empty));
                MsgPackSpec.WriteBinary(ref rest, new byte[i * 13]);
                MsgPackSpec.WriteExtension(ref rest, (sbyte)(i + 1), new byte[] { 1, 2, (byte)i });
                MsgPackSpec.WriteMapHeader(ref rest, 2); // the inner map, read by a helper of its own
                MsgPackSpec.WriteString(ref rest, "values");
                MsgPackSpec.WriteArrayHeader(ref rest, 3);
                MsgPackSpec.WriteInt64(ref rest, i);
                MsgPackSpec.WriteInt64(ref rest, -i * 1_000_000_000L);
                MsgPackSpec.WriteDouble(ref rest, -i);
                MsgPackSpec.WriteString(ref rest, "skipped");
                MsgPackSpec.WriteArrayHeader(ref rest, 2); // a value to skip
                MsgPackSpec.WriteMapHeader(ref rest, 1);
                MsgPackSpec.WriteString(ref rest, "k");
                MsgPackSpec.WriteString(ref rest, new string('x', 20 * i));
                MsgPackSpec.WriteBinary(ref rest, new byte[40]);
            }

            return buffer.AsSpan(0, buffer.Length - rest.Length).ToArray();
        }

        private static List<string> ReadWithReader(MsgPackReader reader)
        {
            var log = new List<string>();
            int records = reader.ReadArrayHeader();
            for (int i = 0; i < records; i++)
            {
                log.Add("record " + reader.ReadArrayHeader());
                log.Add(reader.ReadInt64().ToString());
                log.Add(reader.ReadUInt64().ToString());
                log.Add(reader.ReadInt32().ToString());
                log.Add(reader.ReadInt16().ToString());
                log.Add(reader.ReadSByte().ToString());
                log.Add(reader.ReadUInt32().ToString());
                log.Add(reader.ReadUInt16().ToString());
                log.Add(reader.ReadByte().ToString());
                log.Add(reader.ReadBoolean().ToString());
                log.Add(reader.PeekMsgPackType().ToString());
                if (reader.IsNil())
                {
                    reader.ReadNil();
                    log.Add("nil");
                }
                else
                {
                    log.Add(reader.ReadSingle().ToString());
                }

                log.Add(reader.PeekCode().ToString());
                log.Add(reader.ReadDouble().ToString());
                log.Add(reader.ReadTimestamp().ToString());
                log.Add(Hex.Of(reader.ReadStringBytes().ToArray()));
                log.Add(Hex.Of(reader.ReadBinary().ToArray()));
                ExtensionHeader header = reader.ReadExtensionHeader();
                log.Add(header.TypeCode + ":" + header.Length);
                log.Add(Hex.Of(reader.ReadBytes(header.Length).ToArray()));
                ReadInnerWithReader(ref reader, log);
            }

            return log;
        }

        private static void ReadInnerWithReader(ref MsgPackReader reader, List<string> log)
        {
            log.Add("map " + reader.ReadMapHeader());
            log.Add(reader.ReadString());
            log.Add("array " + reader.ReadArrayHeader());
            log.Add(reader.ReadInt64().ToString());
            log.Add(reader.ReadToken().ToString());
            log.Add(reader.ReadDouble().ToString());
            int length = reader.ReadStringHeader();
            log.Add(Hex.Of(reader.ReadBytes(length).ToArray()));
            log.Add(reader.PeekMsgPackType().ToString());
            for (int i = 0; i < 9; i++)
            {
                log.Add("-"); // the cursor's Try forms that cannot read the next value
            }

            log.Add("array " + reader.ReadArrayHeader());
            reader.Skip();
            log.Add("skipped");
            reader.Skip();
            log.Add("skipped");
        }

        // The same reads, through a cursor per helper: taken on entry, given back before the nested helper and after.
        private static List<string> ReadWithCursors(ref MsgPackReader reader)
        {
            var log = new List<string>();
            MsgPackCursor cursor = reader.GetCursor();
            int records = cursor.ReadArrayHeader(ref reader);
            for (int i = 0; i < records; i++)
            {
                log.Add("record " + cursor.ReadArrayHeader(ref reader));
                log.Add(cursor.ReadInt64(ref reader).ToString());
                log.Add(cursor.ReadUInt64(ref reader).ToString());
                log.Add(cursor.ReadInt32(ref reader).ToString());
                log.Add(cursor.ReadInt16(ref reader).ToString());
                log.Add(cursor.ReadSByte(ref reader).ToString());
                log.Add(cursor.ReadUInt32(ref reader).ToString());
                log.Add(cursor.ReadUInt16(ref reader).ToString());
                log.Add(cursor.ReadByte(ref reader).ToString());
                log.Add(cursor.ReadBoolean(ref reader).ToString());
                log.Add(cursor.PeekMsgPackType(ref reader).ToString());
                if (cursor.IsNil(ref reader))
                {
                    cursor.ReadNil(ref reader);
                    log.Add("nil");
                }
                else
                {
                    log.Add(cursor.ReadSingle(ref reader).ToString());
                }

                log.Add(cursor.PeekCode(ref reader).ToString());
                log.Add(cursor.ReadDouble(ref reader).ToString());
                log.Add(cursor.ReadTimestamp(ref reader).ToString());
                log.Add(Hex.Of(cursor.ReadStringBytes(ref reader).ToArray()));
                log.Add(Hex.Of(cursor.ReadBinary(ref reader).ToArray()));
                ExtensionHeader header = cursor.ReadExtensionHeader(ref reader);
                log.Add(header.TypeCode + ":" + header.Length);
                log.Add(Hex.Of(cursor.ReadBytes(ref reader, header.Length).ToArray()));
                reader.MoveTo(cursor);
                ReadInnerWithCursor(ref reader, log);
                cursor = reader.GetCursor();
            }

            reader.MoveTo(cursor);
            return log;
        }

        private static void ReadInnerWithCursor(ref MsgPackReader reader, List<string> log)
        {
            MsgPackCursor cursor = reader.GetCursor();
            log.Add("map " + cursor.ReadMapHeader(ref reader));
            log.Add(cursor.ReadString(ref reader));
            log.Add("array " + cursor.ReadArrayHeader(ref reader));
            log.Add(cursor.ReadInt64(ref reader).ToString());
            log.Add(cursor.ReadToken(ref reader).ToString());
            log.Add(cursor.ReadDouble(ref reader).ToString());
            int length = cursor.ReadStringHeader(ref reader);
            log.Add(Hex.Of(cursor.ReadBytes(ref reader, length).ToArray()));
            log.Add(cursor.PeekMsgPackType(ref reader).ToString());

            // The Try forms on a value they cannot read (an array): InvalidData, nothing consumed.
            log.Add(cursor.TryReadNil(ref reader) == OperationStatus.InvalidData ? "-" : "nil?");
            log.Add(cursor.TryReadInt64(ref reader, out _) == OperationStatus.InvalidData ? "-" : "int64?");
            log.Add(cursor.TryReadInt32(ref reader, out _) == OperationStatus.InvalidData ? "-" : "int32?");
            log.Add(cursor.TryReadUInt64(ref reader, out _) == OperationStatus.InvalidData ? "-" : "uint64?");
            log.Add(cursor.TryReadDouble(ref reader, out _) == OperationStatus.InvalidData ? "-" : "double?");
            log.Add(cursor.TryReadMapHeader(ref reader, out _) == OperationStatus.InvalidData ? "-" : "map?");
            log.Add(cursor.TryReadStringBytes(ref reader, out _) == OperationStatus.InvalidData ? "-" : "str?");
            log.Add(cursor.IsNil(ref reader) ? "nil?" : "-");
            log.Add(cursor.PeekCode(ref reader) == 0x92 ? "-" : "code?");
            log.Add(cursor.TryReadArrayHeader(ref reader, out int items) == OperationStatus.Done ? "array " + items : "array?");
            log.Add(cursor.TrySkip(ref reader) == OperationStatus.Done ? "skipped" : "skip?");
            cursor.Skip(ref reader);
            log.Add("skipped");
            reader.MoveTo(cursor);
        }

        // The checksum of the document through cursors, with no list: what the allocation test measures.
        private static long Checksum(ReadOnlySequence<byte> input)
        {
            var reader = new MsgPackReader(input);
            MsgPackCursor cursor = reader.GetCursor();
            int records = cursor.ReadArrayHeader(ref reader);
            long sum = records;
            for (int i = 0; i < records; i++)
            {
                sum += cursor.ReadArrayHeader(ref reader);
                sum += cursor.ReadInt64(ref reader);
                sum += (long)cursor.ReadUInt64(ref reader);
                sum += cursor.ReadInt32(ref reader) + cursor.ReadInt16(ref reader) + cursor.ReadSByte(ref reader);
                sum += cursor.ReadUInt32(ref reader) + cursor.ReadUInt16(ref reader) + cursor.ReadByte(ref reader);
                sum += cursor.ReadBoolean(ref reader) ? 1 : 0;
                if (cursor.IsNil(ref reader))
                {
                    cursor.ReadNil(ref reader);
                }
                else
                {
                    sum += (long)cursor.ReadSingle(ref reader);
                }

                sum += (long)cursor.ReadDouble(ref reader);
                sum += cursor.ReadTimestamp(ref reader).Seconds;
                sum += cursor.ReadStringBytes(ref reader).Length;
                sum += cursor.ReadBinary(ref reader).Length;
                sum += cursor.ReadBytes(ref reader, cursor.ReadExtensionHeader(ref reader).Length).Length;
                reader.MoveTo(cursor);
                sum += ChecksumInner(ref reader);
                cursor = reader.GetCursor();
            }

            reader.MoveTo(cursor);
            return sum;
        }

        private static long ChecksumInner(ref MsgPackReader reader)
        {
            MsgPackCursor cursor = reader.GetCursor();
            long sum = cursor.ReadMapHeader(ref reader);
            sum += cursor.ReadStringBytes(ref reader).Length;
            sum += cursor.ReadArrayHeader(ref reader);
            sum += cursor.ReadInt64(ref reader) + cursor.ReadToken(ref reader).GetInt64() + (long)cursor.ReadDouble(ref reader);
            sum += cursor.ReadBytes(ref reader, cursor.ReadStringHeader(ref reader)).Length;
            sum += cursor.TryReadInt64(ref reader, out long _) == OperationStatus.InvalidData ? 1 : 0;
            cursor.Skip(ref reader);
            reader.MoveTo(cursor);
            return sum;
        }

        // ---- Partial input: a flat run of values, each read with a Try form and a Read form.

        private enum Scalar
        {
            Int64,
            UInt64,
            Int32,
            Double,
            Nil,
            ArrayHeader,
            MapHeader,
            StringBytes,
            Skip,
        }

        private static (byte[] Bytes, List<(Scalar Kind, int Start, int End)> Items) Scalars()
        {
            var items = new List<(Scalar, int, int)>();
            var bytes = new List<byte>();
            void Add(Scalar kind, byte[] value)
            {
                items.Add((kind, bytes.Count, bytes.Count + value.Length));
                bytes.AddRange(value);
            }

            Add(Scalar.Int64, Int(-1L << 40));
            Add(Scalar.UInt64, Int(1L << 62));
            Add(Scalar.Int32, Int(-100_000));
            Add(Scalar.Double, Write(static (ref Span<byte> s) => MsgPackSpec.WriteDouble(ref s, 2.5)));
            Add(Scalar.Nil, new byte[] { 0xc0 });
            Add(Scalar.ArrayHeader, Write(static (ref Span<byte> s) => MsgPackSpec.WriteArrayHeader(ref s, 70_000)));
            Add(Scalar.MapHeader, Write(static (ref Span<byte> s) => MsgPackSpec.WriteMapHeader(ref s, 300)));
            Add(Scalar.StringBytes, Str(new string('s', 40)));
            Add(Scalar.Skip, Write(static (ref Span<byte> s) =>
            {
                MsgPackSpec.WriteArrayHeader(ref s, 3);
                MsgPackSpec.WriteString(ref s, "nested");
                MsgPackSpec.WriteMapHeader(ref s, 1);
                MsgPackSpec.WriteInt64(ref s, 1);
                MsgPackSpec.WriteDouble(ref s, 1.5);
                MsgPackSpec.WriteBinary(ref s, new byte[10]);
            }));
            Add(Scalar.Int32, Int(5));
            return (bytes.ToArray(), items);
        }

        private static OperationStatus TryRead(ref MsgPackCursor cursor, ref MsgPackReader reader, Scalar kind) => kind switch
        {
            Scalar.Int64 => cursor.TryReadInt64(ref reader, out _),
            Scalar.UInt64 => cursor.TryReadUInt64(ref reader, out _),
            Scalar.Int32 => cursor.TryReadInt32(ref reader, out _),
            Scalar.Double => cursor.TryReadDouble(ref reader, out _),
            Scalar.Nil => cursor.TryReadNil(ref reader),
            Scalar.ArrayHeader => cursor.TryReadArrayHeader(ref reader, out _),
            Scalar.MapHeader => cursor.TryReadMapHeader(ref reader, out _),
            Scalar.StringBytes => cursor.TryReadStringBytes(ref reader, out _),
            _ => cursor.TrySkip(ref reader),
        };

        private static void Read(ref MsgPackCursor cursor, ref MsgPackReader reader, Scalar kind)
        {
            switch (kind)
            {
                case Scalar.Int64: cursor.ReadInt64(ref reader); break;
                case Scalar.UInt64: cursor.ReadUInt64(ref reader); break;
                case Scalar.Int32: cursor.ReadInt32(ref reader); break;
                case Scalar.Double: cursor.ReadDouble(ref reader); break;
                case Scalar.Nil: cursor.ReadNil(ref reader); break;
                case Scalar.ArrayHeader: cursor.ReadArrayHeader(ref reader); break;
                case Scalar.MapHeader: cursor.ReadMapHeader(ref reader); break;
                case Scalar.StringBytes: cursor.ReadStringBytes(ref reader); break;
                default: cursor.Skip(ref reader); break;
            }
        }

        // ---- Helpers.

        private static void AssertPlace(ref MsgPackReader reader, ref MsgPackCursor cursor, long consumed)
        {
            reader.MoveTo(cursor);
            Assert.Equal(consumed, reader.Consumed);
            cursor = reader.GetCursor();
        }

        private delegate void CursorRead(ref MsgPackCursor cursor, ref MsgPackReader reader);

        private static Exception? Catch(ref MsgPackCursor cursor, ref MsgPackReader reader, CursorRead read)
        {
            try
            {
                read(ref cursor, ref reader);
                return null;
            }
            catch (Exception e)
            {
                return e;
            }
        }

        private static bool TryMoveTo(ref MsgPackReader reader, MsgPackCursor cursor)
        {
            long consumed = reader.Consumed;
            try
            {
                reader.MoveTo(cursor);
                return true;
            }
            catch (InvalidOperationException)
            {
                Assert.Equal(consumed, reader.Consumed);
                return false;
            }
        }

        private static ReadOnlySequence<byte> Layout(byte[] bytes, string layout) => layout switch
        {
            "one segment" => new ReadOnlySequence<byte>(bytes),
            "1-byte segments" => Sequences.Split(bytes, 1, withEmpty: false),
            "1-byte segments with empty ones" => Sequences.Split(bytes, 1, withEmpty: true),
            "2-byte segments" => Sequences.Split(bytes, 2, withEmpty: false),
            "3-byte segments" => Sequences.Split(bytes, 3, withEmpty: false),
            "7-byte segments" => Sequences.Split(bytes, 7, withEmpty: false),
            "16-byte segments" => Sequences.Split(bytes, 16, withEmpty: false),
            "random segments" => Sequences.SplitSizes(bytes, new[] { 5, 1, 33, 2, 64, 9, 3, 17 }, withEmpty: true),
            _ => throw new ArgumentOutOfRangeException(nameof(layout)),
        };

        private delegate void SpanWriter(ref Span<byte> destination);

        private static byte[] Write(SpanWriter write)
        {
            Span<byte> buffer = stackalloc byte[256];
            Span<byte> rest = buffer;
            write(ref rest);
            return buffer.Slice(0, buffer.Length - rest.Length).ToArray();
        }

        private static byte[] Int(long value)
        {
            Span<byte> buffer = stackalloc byte[9];
            Span<byte> rest = buffer;
            MsgPackSpec.WriteInt64(ref rest, value);
            return buffer.Slice(0, 9 - rest.Length).ToArray();
        }

        private static byte[] Str(string text)
        {
            byte[] buffer = new byte[text.Length * 3 + 5];
            Span<byte> rest = buffer;
            MsgPackSpec.WriteString(ref rest, text);
            return buffer.AsSpan(0, buffer.Length - rest.Length).ToArray();
        }

        private static byte[] Concat(params byte[][] parts)
        {
            var all = new List<byte>();
            foreach (byte[] part in parts)
            {
                all.AddRange(part);
            }

            return all.ToArray();
        }
    }
}
