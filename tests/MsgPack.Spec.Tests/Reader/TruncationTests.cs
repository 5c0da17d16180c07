using System;
using System.Buffers;
using System.Text;
using Xunit;

namespace MsgPack.Spec.Tests.Reader
{
    /// <summary>
    /// Partial input: cut a valid document at every byte; the values before the cut read, the <c>TryRead*</c> of the
    /// value at the cut returns NeedMoreData and consumes nothing, its <c>Read*</c> throws
    /// <see cref="MsgPackTruncatedException"/>, and reading resumes from <see cref="MsgPackReader.Consumed"/> once
    /// the rest has arrived. Bad data (InvalidData) consumes nothing either.
    /// </summary>
    public class TruncationTests
    {
        private static readonly StreamingDocument Document = StreamingDocument.Full;

        public static TheoryData<string> Layouts => new TheoryData<string> { "span", "one segment", "7-byte segments", "3-byte segments with empty ones", "random segments" };

        [Theory]
        [MemberData(nameof(Layouts))]
        public void EveryPrefixStopsAtTheValueAtTheCutAndResumesOnTheFullInput(string layout)
        {
            byte[] bytes = Document.Bytes;
            ReadOnlySequence<byte> full = Layout(bytes, layout);
            for (int cut = 0; cut < bytes.Length; cut++)
            {
                long resumeAt;
                int next;
                if (layout == "span")
                {
                    var reader = new MsgPackReader(bytes.AsSpan(0, cut));
                    next = ReadUntilTheCut(ref reader, cut);
                    resumeAt = reader.Consumed;
                }
                else
                {
                    // What has arrived so far: the full layout cut at any byte, often inside a segment, as a
                    // PipeReader's buffer is.
                    ReadOnlySequence<byte> input = full.Slice(0, cut);
                    var reader = new MsgPackReader(input);
                    next = ReadUntilTheCut(ref reader, cut);
                    resumeAt = reader.Consumed;

                    // What a pipeline hands to AdvanceTo: the position of what was consumed.
                    Assert.Equal(resumeAt, input.Slice(0, reader.Position).Length);
                }

                Assert.Equal(Document.Items[next].Start, resumeAt);

                // The rest arrives: resume on the whole input from where the reader stopped, and read the value
                // at the cut and a few after it (every 16th cut, the whole rest of the document).
                var resumed = new MsgPackReader(full.Slice(resumeAt));
                int last = cut % 16 == 0 ? Document.Items.Count : Math.Min(next + 4, Document.Items.Count);
                for (int i = next; i < last; i++)
                {
                    StreamingDocument.Read(ref resumed, Document.Items[i]);
                    Assert.Equal(Document.Items[i].End - resumeAt, resumed.Consumed);
                }

                Assert.Equal(last == Document.Items.Count, resumed.End);
            }
        }

        [Fact]
        public void SkipTrySkipAndTryReadRawOnNestedValuesCutAnywhere()
        {
            // [ {"k": [1, "long text", bin]} x 3, ext ] in 5-byte segments, cut at every byte.
            byte[] value = NestedValue();
            for (int cut = 0; cut < value.Length; cut++)
            {
                byte[] prefix = value.AsSpan(0, cut).ToArray();
                foreach (ReadOnlySequence<byte> input in new[] { Sequences.Split(prefix, 5, withEmpty: true), Sequences.SplitAt(prefix, cut / 2), new ReadOnlySequence<byte>(prefix) })
                {
                    var reader = new MsgPackReader(input);
                    Assert.Equal(OperationStatus.NeedMoreData, reader.TrySkip());
                    Assert.Equal(0, reader.Consumed);
                    Assert.Equal(OperationStatus.NeedMoreData, reader.TryReadRaw(out MsgPackPayload raw));
                    Assert.Equal(0, raw.Length);
                    Assert.Equal(0, reader.Consumed);
                    Assert.Equal(0, input.Slice(0, reader.Position).Length);
                    MsgPackTruncatedException e = CatchTruncated(ref reader, skip: true);
                    Assert.Equal(cut, e.BytesAvailable);
                    Assert.InRange(e.BytesNeeded, cut + 1, value.Length);
                    e = CatchTruncated(ref reader, skip: false);
                    Assert.Equal(cut, e.BytesAvailable);
                    Assert.Equal(0, reader.Consumed);
                }

                var span = new MsgPackReader(prefix.AsSpan());
                Assert.Equal(OperationStatus.NeedMoreData, span.TrySkip());
                Assert.Equal(OperationStatus.NeedMoreData, span.TryReadRaw(out _));
                Assert.Equal(0, span.Consumed);
            }

            ReadOnlySequence<byte> whole = Sequences.Split(value, 5, withEmpty: true);
            var complete = new MsgPackReader(whole);
            Assert.Equal(OperationStatus.Done, complete.TryReadRaw(out MsgPackPayload all));
            Assert.Equal(value, StreamingAssert.Bytes(all));
            Assert.True(complete.End);
            complete = new MsgPackReader(whole);
            Assert.Equal(OperationStatus.Done, complete.TrySkip());
            Assert.Equal(value.Length, complete.Consumed);
        }

        [Theory]
        [InlineData("String")]
        [InlineData("StringBytes")]
        [InlineData("Binary")]
        [InlineData("Extension")]
        public void PayloadsThatStraddleSegmentsWaitForTheirLastByte(string kindName)
        {
            var kind = Enum.Parse<ItemKind>(kindName);
            // A value after a small one, its payload (300+ bytes, multi-byte text) across segments of 1 to 64 bytes,
            // cut at every byte: NeedMoreData until the whole value is there, then Done with the right bytes.
            string text = StreamingDocument.LongText(40);
            byte[] payload = kind is ItemKind.String or ItemKind.StringBytes ? Encoding.UTF8.GetBytes(text) : StreamingDocument.Pattern(333, 5);
            byte[] buffer = new byte[1024];
            int n = MsgPackSpec.WriteInt32(buffer, 1);
            int start = n;
            n += kind switch
            {
                ItemKind.String or ItemKind.StringBytes => MsgPackSpec.WriteString(buffer.AsSpan(n), text.AsSpan()),
                ItemKind.Binary => MsgPackSpec.WriteBinary(buffer.AsSpan(n), payload),
                _ => MsgPackSpec.WriteExtension(buffer.AsSpan(n), 9, payload),
            };
            byte[] value = buffer.AsSpan(0, n).ToArray();
            var item = new Item(kind) { Text = text, Bytes = payload, TypeCode = 9, Start = start, End = n };
            foreach (int size in new[] { 1, 2, 3, 7, 64 })
            {
                for (int cut = start; cut <= value.Length; cut++)
                {
                    ReadOnlySequence<byte> input = Sequences.Split(value.AsSpan(0, cut).ToArray(), size, withEmpty: size == 3);
                    var reader = new MsgPackReader(input);
                    Assert.Equal(1, reader.ReadInt32());
                    OperationStatus status = StreamingDocument.TryRead(ref reader, item);
                    if (cut < value.Length)
                    {
                        Assert.Equal(OperationStatus.NeedMoreData, status);
                        Assert.Equal(start, reader.Consumed);
                        Assert.Equal(start, input.Slice(0, reader.Position).Length);
                        MsgPackTruncatedException e = Assert.IsType<MsgPackTruncatedException>(StreamingDocument.Catch(ref reader, item));
                        Assert.Equal(cut - start, e.BytesAvailable);
                        int total = value.Length - start;
                        if (cut - start >= total - payload.Length)
                        {
                            Assert.Equal(total, e.BytesNeeded); // the header tells the whole value's length
                        }
                        else
                        {
                            Assert.InRange(e.BytesNeeded, cut - start + 1, total);
                        }

                        Assert.Equal(start, reader.Consumed);
                    }
                    else
                    {
                        Assert.Equal(OperationStatus.Done, status);
                        Assert.True(reader.End);
                    }
                }
            }
        }

        [Fact]
        public void AWrongTypeIsInvalidDataAndConsumesNothing()
        {
            // 01, then "abc" (a3 61 62 63), then 0x90 (empty array); every reader but the str ones refuses the str.
            byte[] value = Hex.ToBytes("01 a3 61 62 63 90");
            for (int at = 0; at <= value.Length; at++)
            {
                ReadOnlySequence<byte> input = Sequences.SplitAt(value, at);
                var reader = new MsgPackReader(input);
                Assert.Equal(1, reader.ReadByte());
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadNil());
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadBoolean(out bool boolean));
                Assert.False(boolean);
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadInt64(out long integer));
                Assert.Equal(0, integer);
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadUInt32(out _));
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadDouble(out _));
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadTimestamp(out _));
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadArrayHeader(out _));
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadMapHeader(out _));
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadBinaryHeader(out _));
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadBinary(out MsgPackPayload binary));
                Assert.Equal(0, binary.Length);
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadExtensionHeader(out _));
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadExtension(out ExtensionHeader header, out _));
                Assert.Equal(default, header);
                Assert.Equal(1, reader.Consumed);
                Assert.IsType<MsgPackUnexpectedCodeException>(Catch(ref reader, (ref MsgPackReader r) => r.ReadInt32()));
                Assert.IsType<MsgPackUnexpectedCodeException>(Catch(ref reader, (ref MsgPackReader r) => r.ReadBinary()));
                Assert.IsType<MsgPackUnexpectedCodeException>(Catch(ref reader, (ref MsgPackReader r) => r.ReadArrayHeader()));
                Assert.Equal(1, reader.Consumed);
                Assert.Equal(1, input.Slice(0, reader.Position).Length);
                Assert.Equal("abc", reader.ReadString());
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadString(out string text));
                Assert.Equal(string.Empty, text);
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadStringBytes(out _));
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadStringHeader(out _));
                Assert.Equal(5, reader.Consumed);
                Assert.Equal(0, reader.ReadArrayHeader());
                Assert.True(reader.End);
            }
        }

        [Fact]
        public void InvalidUtf8InAStraddlingStringIsInvalidDataAndConsumesNothing()
        {
            // 01, then a str of 6 bytes "a é(broken: c3 28) € ..." whose bad sequence can straddle any cut.
            byte[] value = Hex.ToBytes("01 a6 61 c3 28 e2 82 ac 02");
            byte[] valid = Hex.ToBytes("01 a6 61 c3 a9 e2 82 ac 02");
            for (int at = 0; at <= value.Length; at++)
            {
                foreach (ReadOnlySequence<byte> input in new[] { Sequences.SplitAt(value, at), Sequences.Split(value, 1 + (at % 3), withEmpty: true) })
                {
                    var reader = new MsgPackReader(input);
                    Assert.Equal(1, reader.ReadInt32());
                    Assert.Equal(OperationStatus.InvalidData, reader.TryReadString(out string text));
                    Assert.Equal(string.Empty, text);
                    Assert.Equal(OperationStatus.InvalidData, reader.TryReadStringBytes(out MsgPackPayload utf8));
                    Assert.Equal(0, utf8.Length);
                    Assert.Equal(1, reader.Consumed);
                    Assert.IsType<MsgPackInvalidUtf8Exception>(Catch(ref reader, (ref MsgPackReader r) => r.ReadString()));
                    Assert.IsType<MsgPackInvalidUtf8Exception>(Catch(ref reader, (ref MsgPackReader r) => r.ReadStringBytes()));
                    Assert.Equal(1, reader.Consumed);
                    Assert.Equal(1, input.Slice(0, reader.Position).Length);

                    // The bytes are still there for a reader that does not decode them.
                    Assert.Equal(OperationStatus.Done, reader.TryReadRaw(out MsgPackPayload raw));
                    Assert.Equal(value.AsSpan(1, 7).ToArray(), StreamingAssert.Bytes(raw));
                    Assert.Equal(2, reader.ReadInt32());
                }

                // The same bytes, valid, read across the same cut.
                var good = new MsgPackReader(Sequences.SplitAt(valid, at));
                Assert.Equal(1, good.ReadInt32());
                Assert.Equal("a\u00e9\u20ac", good.ReadString());
                Assert.Equal(2, good.ReadInt32());
            }
        }

        [Fact]
        public void NeverUsedCodeIsInvalidDataForSkipAndRawAndConsumesNothing()
        {
            // 01, then [1, [2, c1]] — the 0xc1 deep inside, the array across segments.
            byte[] value = Hex.ToBytes("01 92 01 92 02 c1");
            for (int at = 0; at <= value.Length; at++)
            {
                ReadOnlySequence<byte> input = Sequences.SplitAt(value, at);
                var reader = new MsgPackReader(input);
                Assert.Equal(1, reader.ReadInt32());
                Assert.Equal(OperationStatus.InvalidData, reader.TrySkip());
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadRaw(out MsgPackPayload raw));
                Assert.Equal(0, raw.Length);
                Assert.Equal(1, reader.Consumed);
                MsgPackUnexpectedCodeException e = Assert.IsType<MsgPackUnexpectedCodeException>(Catch(ref reader, (ref MsgPackReader r) => r.Skip()));

                // As MsgPackSpec.Skip does, the exception names the code at the start of the value being skipped.
                MsgPackUnexpectedCodeException fromSpan = Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.Skip(value.AsSpan(1)));
                Assert.Equal(fromSpan.Code, e.Code);
                Assert.IsType<MsgPackUnexpectedCodeException>(Catch(ref reader, (ref MsgPackReader r) => r.ReadRaw()));
                Assert.Equal(1, reader.Consumed);
                Assert.Equal(2, reader.ReadArrayHeader());
                Assert.Equal(1, reader.ReadInt32());
                Assert.Equal(2, reader.ReadArrayHeader());
                Assert.Equal(2, reader.ReadInt32());
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadInt32(out _));
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadNil());
                Assert.Equal(OperationStatus.InvalidData, reader.TrySkip());
                Assert.Equal(MsgPackType.NeverUsed, reader.PeekMsgPackType());
                Assert.Equal(5, reader.Consumed);
                Assert.False(reader.End);
            }
        }

        [Fact]
        public void ValuesThatDoNotFitOrInvalidTimestampsAreInvalidDataAndConsumeNothing()
        {
            // 256 as uint 16 and an invalid fixext 1 timestamp, across every cut.
            byte[] value = Hex.ToBytes("01 cd 01 00 d4 ff 00 d7 ff ee 6b 28 00 00 00 00 00");
            for (int at = 0; at <= value.Length; at++)
            {
                var reader = new MsgPackReader(Sequences.SplitAt(value, at));
                Assert.Equal(1, reader.ReadSByte());
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadByte(out byte small));
                Assert.Equal(0, small);
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadSByte(out _));
                Assert.Equal(1, reader.Consumed);
                Assert.IsType<MsgPackOverflowException>(Catch(ref reader, (ref MsgPackReader r) => r.ReadByte()));
                Assert.Equal(OperationStatus.Done, reader.TryReadUInt16(out ushort wide));
                Assert.Equal(256, wide);
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadTimestamp(out Timestamp timestamp));
                Assert.Equal(default, timestamp);
                Assert.IsType<MsgPackInvalidTimestampException>(Catch(ref reader, (ref MsgPackReader r) => r.ReadTimestamp()));
                Assert.Equal(4, reader.Consumed);
                reader.Skip();

                // timestamp 64 whose nanoseconds field (the top 30 bits) is 1,000,000,000: invalid.
                Assert.Equal(OperationStatus.InvalidData, reader.TryReadTimestamp(out _));
                Assert.Equal(7, reader.Consumed);
                Assert.Equal(OperationStatus.Done, reader.TryReadExtension(out ExtensionHeader header, out MsgPackPayload data));
                Assert.Equal(new ExtensionHeader(-1, 8), header);
                Assert.Equal(value.AsSpan(9).ToArray(), StreamingAssert.Bytes(data));
                Assert.True(reader.End);
            }
        }

        [Fact]
        public void TryReadFrameWaitsForTheWholeBodyAndRejectsBadPrefixes()
        {
            // A Tarantool-style frame (ce + 4-byte length, then the body), a frame with a fixint prefix, and the
            // start of a third frame that never completes.
            byte[] frames = Hex.ToBytes("ce 00 00 00 03 93 01 02 02 c0 01 02 03");
            for (int cut = 0; cut <= frames.Length; cut++)
            {
                ReadOnlySequence<byte> input = Sequences.Split(frames.AsSpan(0, cut).ToArray(), 2, withEmpty: true);
                OperationStatus status = MsgPackReader.TryReadFrame(input, 1000, out ReadOnlySequence<byte> body, out SequencePosition end);
                if (cut < 8)
                {
                    Assert.Equal(OperationStatus.NeedMoreData, status);
                    Assert.True(body.IsEmpty);
                    Assert.Equal(0, input.Slice(0, end).Length);
                    continue;
                }

                Assert.Equal(OperationStatus.Done, status);
                Assert.Equal("93 01 02", Hex.Of(body.ToArray()));
                Assert.Equal(8, input.Slice(0, end).Length);
                ReadOnlySequence<byte> rest = input.Slice(end);
                status = MsgPackReader.TryReadFrame(rest, 1000, out body, out end);
                if (cut < 11)
                {
                    Assert.Equal(OperationStatus.NeedMoreData, status);
                    Assert.Equal(0, rest.Slice(0, end).Length);
                    continue;
                }

                Assert.Equal(OperationStatus.Done, status);
                Assert.Equal("c0 01", Hex.Of(body.ToArray()));
                ReadOnlySequence<byte> third = rest.Slice(end);
                Assert.Equal(cut - 11, third.Length);
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackReader.TryReadFrame(third, 1000, out body, out end));
                Assert.True(body.IsEmpty);
                Assert.Equal(0, third.Slice(0, end).Length);
            }

            // Not an unsigned integer, negative, or longer than allowed: InvalidData, nothing consumed.
            foreach (string bad in new[] { "a1 61", "ff 00", "d0 fb 00 00 00 00 00", "ce 00 00 10 00 00", "c1 00" })
            {
                var input = new ReadOnlySequence<byte>(Hex.ToBytes(bad));
                Assert.Equal(OperationStatus.InvalidData, MsgPackReader.TryReadFrame(input, 1000, out ReadOnlySequence<byte> body, out SequencePosition end));
                Assert.True(body.IsEmpty);
                Assert.Equal(input.Start, end);
            }

            // A prefix that is too long is refused before its body arrives.
            Assert.Equal(OperationStatus.InvalidData, MsgPackReader.TryReadFrame(new ReadOnlySequence<byte>(Hex.ToBytes("cd 03 e9")), 1000, out _, out _));
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackReader.TryReadFrame(new ReadOnlySequence<byte>(Hex.ToBytes("cd 03 e8")), 1000, out _, out _));
        }

        internal static ReadOnlySequence<byte> Layout(byte[] bytes, string layout) => layout switch
        {
            "one segment" or "span" => new ReadOnlySequence<byte>(bytes),
            "7-byte segments" => Sequences.Split(bytes, 7, withEmpty: false),
            "3-byte segments with empty ones" => Sequences.Split(bytes, 3, withEmpty: true),
            "random segments" => Sequences.SplitSizes(bytes, new[] { 1, 17, 2, 300, 5, 64, 3, 1, 1, 40 }, withEmpty: false),
            _ => throw new ArgumentException(layout),
        };

        /// <summary>Reads the items before the cut with Try* (Done), then checks the item at the cut; returns its index.</summary>
        private static int ReadUntilTheCut(ref MsgPackReader reader, int cut)
        {
            for (int i = 0; i < Document.Items.Count; i++)
            {
                Item item = Document.Items[i];
                if (item.End <= cut)
                {
                    Assert.Equal(OperationStatus.Done, StreamingDocument.TryRead(ref reader, item));
                    Assert.Equal(item.End, reader.Consumed);
                    continue;
                }

                // The value at the cut: nothing consumed by Try*, Read* throws, still nothing consumed.
                Assert.Equal(item.Start, reader.Consumed);
                Assert.Equal(OperationStatus.NeedMoreData, StreamingDocument.TryRead(ref reader, item));
                Assert.Equal(item.Start, reader.Consumed);
                Assert.Equal(cut - item.Start, reader.Remaining);
                Assert.False(reader.End && cut > item.Start);
                MsgPackTruncatedException e = Assert.IsType<MsgPackTruncatedException>(StreamingDocument.Catch(ref reader, item));
                Assert.Equal(cut - item.Start, e.BytesAvailable);
                Assert.InRange(e.BytesNeeded, cut - item.Start + 1, item.Length);
                Assert.Equal(item.Start, reader.Consumed);
                return i;
            }

            throw new InvalidOperationException("The cut is after the document.");
        }

        private static byte[] NestedValue()
        {
            byte[] buffer = new byte[4096];
            Span<byte> s = buffer;
            int n = MsgPackSpec.WriteArrayHeader(s, 4);
            for (int i = 0; i < 3; i++)
            {
                n += MsgPackSpec.WriteMapHeader(s.Slice(n), 1);
                n += MsgPackSpec.WriteString(s.Slice(n), "k".AsSpan());
                n += MsgPackSpec.WriteArrayHeader(s.Slice(n), 3);
                n += MsgPackSpec.WriteInt64(s.Slice(n), -100000L * i);
                n += MsgPackSpec.WriteString(s.Slice(n), StreamingDocument.LongText(4 + i).AsSpan());
                n += MsgPackSpec.WriteBinary(s.Slice(n), StreamingDocument.Pattern(10 * i, i));
            }

            n += MsgPackSpec.WriteExtension(s.Slice(n), 3, StreamingDocument.Pattern(30, 9));
            return buffer.AsSpan(0, n).ToArray();
        }

        private static MsgPackTruncatedException CatchTruncated(ref MsgPackReader reader, bool skip)
        {
            try
            {
                if (skip)
                {
                    reader.Skip();
                }
                else
                {
                    reader.ReadRaw();
                }
            }
            catch (MsgPackTruncatedException e)
            {
                return e;
            }

            throw new Xunit.Sdk.XunitException("Expected MsgPackTruncatedException.");
        }

        private delegate void ReaderAction(ref MsgPackReader reader);

        private static Exception? Catch(ref MsgPackReader reader, ReaderAction action)
        {
            try
            {
                action(ref reader);
                return null;
            }
            catch (MsgPackException e)
            {
                return e;
            }
        }
    }
}
