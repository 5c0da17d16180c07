using System;
using System.Buffers;
using Xunit;

namespace MsgPack.Spec.Tests.Reader
{
    /// <summary>
    /// <see cref="MsgPackPayload"/> composes with the reader and compares and copies its bytes the same way whether
    /// they are one span or straddle segments: <see cref="MsgPackReader(MsgPackPayload)"/> reads an ext whose data is
    /// MessagePack (Tarantool's MP_ERROR), and <see cref="MsgPackPayload.SequenceEqual"/>,
    /// <see cref="MsgPackPayload.StartsWith"/> and <see cref="MsgPackPayload.TryCopyTo"/> agree with the bytes, in
    /// every split, without allocating.
    /// </summary>
    public class PayloadTests
    {
        // Tarantool's MP_ERROR (ext type 3): {MP_ERROR_STACK (0x00): [{TYPE (0x00): "ClientError", CODE (0x02): 42,
        // MESSAGE (0x03): "message"}]}, 28 bytes of data in an ext 8, between two other values.
        private const string ErrorData =
            "81 00 91 83 00 ab 43 6c 69 65 6e 74 45 72 72 6f 72 02 2a 03 a7 6d 65 73 73 61 67 65";

        private const int DataOffset = 5;

        private static readonly byte[] Document = Hex.ToBytes("93 05 c7 1c 03 " + ErrorData + " c3");

        [Fact]
        public void TheDocumentIsAnArrayOfAnIntAnErrorExtAndTrue()
        {
            Assert.Equal(28, Hex.ToBytes(ErrorData).Length);
            Assert.Equal(Document.Length, MsgPackSpec.Skip(Document));
            Assert.Equal(DataOffset + 28 + 1, Document.Length);
        }

        [Fact]
        public void AReaderOverAnExtPayloadInOneSpanReadsTheError()
        {
            var outer = new MsgPackReader(Document.AsSpan());
            MsgPackPayload data = ReadToError(ref outer);
            Assert.True(data.IsSingleSpan);
            ReadError(data, out string type, out long code, out string message);
            Assert.Equal(("ClientError", 42L, "message"), (type, code, message));
            Assert.True(outer.ReadBoolean());
            Assert.True(outer.End);
        }

        [Fact]
        public void AReaderOverAnExtPayloadReadsTheErrorAtEverySplit()
        {
            int straddling = 0;
            for (int at = 0; at <= Document.Length; at++)
            {
                ReadOnlySequence<byte> sequence = Sequences.SplitAt(Document, at);
                var outer = new MsgPackReader(sequence);
                MsgPackPayload data = ReadToError(ref outer);
                straddling += data.IsSingleSpan ? 0 : 1;
                Assert.True(data.IsSingleSpan == (at <= DataOffset || at >= DataOffset + 28), $"split at {at}");
                ReadError(data, out string type, out long code, out string message);
                Assert.Equal(("ClientError", 42L, "message"), (type, code, message));
                Assert.True(outer.ReadBoolean());
                Assert.True(outer.End);
            }

            Assert.Equal(27, straddling);
        }

        [Theory]
        [InlineData(1, false)]
        [InlineData(2, true)]
        [InlineData(3, false)]
        [InlineData(5, true)]
        [InlineData(7, false)]
        public void AReaderOverAnExtPayloadReadsTheErrorFromSmallSegments(int size, bool withEmpty)
        {
            ReadOnlySequence<byte> sequence = Sequences.Split(Document, size, withEmpty);
            var outer = new MsgPackReader(sequence);
            MsgPackPayload data = ReadToError(ref outer);
            Assert.False(data.IsSingleSpan);
            ReadError(data, out string type, out long code, out string message);
            Assert.Equal(("ClientError", 42L, "message"), (type, code, message));
        }

        [Fact]
        public void AReaderOverAStraddlingPayloadCountsFromItsStartAndPositionsInTheOuterSequence()
        {
            ReadOnlySequence<byte> sequence = Sequences.SplitAt(Document, 12);
            var outer = new MsgPackReader(sequence);
            MsgPackPayload data = ReadToError(ref outer);
            Assert.False(data.IsSingleSpan);

            var inner = new MsgPackReader(data);
            Assert.Equal(0, inner.Consumed);
            Assert.Equal(28, inner.Remaining);
            inner.Skip();
            Assert.True(inner.End);
            Assert.Equal(28, inner.Consumed);

            // The inner reader's position is one the outer sequence understands: what is left after it is the true.
            Assert.Equal("c3", Hex.Of(sequence.Slice(inner.Position).ToArray()));
            Assert.Equal(outer.Position, inner.Position);
        }

        [Fact]
        public void AReaderOverARawValueReadsItAgain()
        {
            for (int at = 0; at <= Document.Length; at++)
            {
                var outer = new MsgPackReader(Sequences.SplitAt(Document, at));
                MsgPackPayload raw = outer.ReadRaw();
                Assert.True(outer.End);
                Assert.True(raw.SequenceEqual(Document));

                var again = new MsgPackReader(raw);
                Assert.Equal(3, again.ReadArrayHeader());
                Assert.Equal(5, again.ReadInt32());
                MsgPackPayload data = again.ReadExtension(out ExtensionHeader header);
                Assert.Equal(new ExtensionHeader(3, 28), header);
                ReadError(data, out string type, out _, out _);
                Assert.Equal("ClientError", type);
                Assert.True(again.ReadBoolean());
                Assert.True(again.End);
            }
        }

        [Fact]
        public void AReaderOverAnEmptyPayloadIsAtItsEnd()
        {
            byte[] bytes = Hex.ToBytes("c4 00 c0");
            for (int at = 0; at <= bytes.Length; at++)
            {
                var outer = new MsgPackReader(Sequences.SplitAt(bytes, at));
                var inner = new MsgPackReader(outer.ReadBinary());
                Assert.True(inner.End);
                Assert.Equal(0, inner.Remaining);
                Assert.Equal(OperationStatus.NeedMoreData, inner.TryReadNil());
            }
        }

        [Theory]
        [InlineData(0)]
        [InlineData(1)]
        [InlineData(2)]
        [InlineData(9)]
        [InlineData(40)]
        public void ComparisonsAndCopiesAgreeWithTheBytesInOneSpanAndAtEverySplit(int length)
        {
            byte[] content = StreamingDocument.Pattern(length, length + 1);
            byte[] bytes = new byte[2 + length + 1];
            bytes[0] = DataCodes.Binary8;
            bytes[1] = (byte)length;
            content.CopyTo(bytes, 2);
            bytes[bytes.Length - 1] = DataCodes.Nil;

            var fromSpan = new MsgPackReader(bytes.AsSpan());
            MsgPackPayload single = fromSpan.ReadBinary();
            Assert.True(single.IsSingleSpan);
            CheckAgainst(single, content);

            int straddling = 0;
            for (int at = 0; at <= bytes.Length; at++)
            {
                var reader = new MsgPackReader(Sequences.SplitAt(bytes, at));
                MsgPackPayload payload = reader.ReadBinary();
                straddling += payload.IsSingleSpan ? 0 : 1;
                CheckAgainst(payload, content);
            }

            Assert.Equal(Math.Max(length - 1, 0), straddling);

            var oneByteSegments = new MsgPackReader(Sequences.Split(bytes, 1, withEmpty: true));
            CheckAgainst(oneByteSegments.ReadBinary(), content);
        }

        [Fact]
        public void TryCopyToRefusesATooSmallDestinationAndCopiesNothing()
        {
            byte[] bytes = Hex.ToBytes("c4 05 01 02 03 04 05");
            for (int at = 0; at <= bytes.Length; at++)
            {
                var reader = new MsgPackReader(Sequences.SplitAt(bytes, at));
                MsgPackPayload payload = reader.ReadBinary();
                byte[] destination = { 0xee, 0xee, 0xee, 0xee };
                Assert.False(payload.TryCopyTo(destination));
                Assert.Equal("ee ee ee ee", Hex.Of(destination));
                Assert.False(payload.TryCopyTo(Span<byte>.Empty));
            }
        }

        [Fact]
        public void ComparingAndCopyingPayloadsAndReadingAnErrorExtAllocateNothing()
        {
            byte[] destination = new byte[64];
            ReadOnlySequence<byte> segmented = Sequences.Split(Document, 3, withEmpty: true);
            ReadOnlySequence<byte> split = Sequences.SplitAt(Document, 20);
            Assert.Equal(3 * 3, Loop(Document, segmented, split, destination, 1));

            long total = 0;
            long allocated = long.MaxValue;
            for (int attempt = 0; attempt < 3 && allocated != 0; attempt++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                total = Loop(Document, segmented, split, destination, 1000);
                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            }

            Assert.Equal(0, allocated);
            Assert.Equal(3 * 3 * 1000, total);
            Assert.Equal(Hex.ToBytes(ErrorData), destination.AsSpan(0, 28).ToArray());
        }

        /// <summary>Each pass over each of the three inputs scores 3 when every check holds.</summary>
        private static long Loop(byte[] contiguous, ReadOnlySequence<byte> segmented, ReadOnlySequence<byte> split, byte[] destination, int iterations)
        {
            long score = 0;
            for (int i = 0; i < iterations; i++)
            {
                var fromSpan = new MsgPackReader(contiguous.AsSpan());
                score += Score(ref fromSpan, destination);
                var fromSegments = new MsgPackReader(segmented);
                score += Score(ref fromSegments, destination);
                var fromTwo = new MsgPackReader(split);
                score += Score(ref fromTwo, destination);
            }

            return score;
        }

        private static int Score(ref MsgPackReader outer, byte[] destination)
        {
            outer.ReadArrayHeader();
            outer.ReadInt32();
            MsgPackPayload data = outer.ReadExtension(out _);
            int score = data.StartsWith(stackalloc byte[] { 0x81, 0x00, 0x91 }) && data.TryCopyTo(destination) ? 1 : 0;
            var reader = new MsgPackReader(data);
            reader.ReadMapHeader();
            reader.ReadUInt32();
            reader.ReadArrayHeader();
            int fields = reader.ReadMapHeader();
            for (int f = 0; f < fields; f++)
            {
                switch (reader.ReadUInt32())
                {
                    case 0x00:
                        score += reader.ReadStringBytes().SequenceEqual("ClientError"u8) ? 1 : 0;
                        break;
                    case 0x03:
                        score += reader.ReadStringBytes().SequenceEqual("message"u8) ? 1 : 0;
                        break;
                    default:
                        reader.Skip();
                        break;
                }
            }

            return reader.End ? score : -100;
        }

        /// <summary>Reads the array header and the int, then the ext, checking its header.</summary>
        private static MsgPackPayload ReadToError(ref MsgPackReader outer)
        {
            Assert.Equal(3, outer.ReadArrayHeader());
            Assert.Equal(5, outer.ReadInt32());
            MsgPackPayload data = outer.ReadExtension(out ExtensionHeader header);
            Assert.Equal(new ExtensionHeader(3, 28), header);
            Assert.Equal(28, data.Length);
            Assert.True(data.SequenceEqual(Hex.ToBytes(ErrorData)));
            return data;
        }

        /// <summary>Reads an MP_ERROR's data as a driver would, with one reader whichever form the data takes.</summary>
        private static void ReadError(MsgPackPayload data, out string type, out long code, out string message)
        {
            type = message = string.Empty;
            code = 0;
            var reader = new MsgPackReader(data);
            Assert.Equal(1, reader.ReadMapHeader());
            Assert.Equal(0u, reader.ReadUInt32());                 // MP_ERROR_STACK
            int errors = reader.ReadArrayHeader();
            Assert.Equal(1, errors);
            int fields = reader.ReadMapHeader();
            for (int i = 0; i < fields; i++)
            {
                switch (reader.ReadUInt32())
                {
                    case 0x00:
                        type = reader.ReadString();
                        break;
                    case 0x02:
                        code = reader.ReadInt64();
                        break;
                    case 0x03:
                        message = reader.ReadString();
                        break;
                    default:
                        reader.Skip();
                        break;
                }
            }

            Assert.True(reader.End);
            Assert.Equal(data.Length, reader.Consumed);
        }

        private static void CheckAgainst(MsgPackPayload payload, byte[] content)
        {
            int length = content.Length;
            Assert.Equal(length, payload.Length);
            Assert.True(payload.SequenceEqual(content));
            Assert.True(payload.StartsWith(ReadOnlySpan<byte>.Empty));
            Assert.Equal(length == 0, payload.SequenceEqual(ReadOnlySpan<byte>.Empty));

            // Longer or shorter is never equal; a longer prefix never matches.
            byte[] longer = new byte[length + 1];
            content.CopyTo(longer, 0);
            Assert.False(payload.SequenceEqual(longer));
            Assert.False(payload.StartsWith(longer));
            if (length > 0)
            {
                Assert.False(payload.SequenceEqual(content.AsSpan(0, length - 1)));
            }

            for (int n = 0; n <= length; n++)
            {
                Assert.True(payload.StartsWith(content.AsSpan(0, n)), $"prefix of {n}");
            }

            // One byte different anywhere: not equal, and no prefix that reaches it matches.
            byte[] changed = (byte[])content.Clone();
            for (int i = 0; i < length; i++)
            {
                changed[i] ^= 0x5a;
                Assert.False(payload.SequenceEqual(changed), $"byte {i} changed");
                Assert.False(payload.StartsWith(changed.AsSpan(0, i + 1)), $"prefix to byte {i} changed");
                Assert.True(payload.StartsWith(changed.AsSpan(0, i)));
                changed[i] ^= 0x5a;
            }

            // TryCopyTo: exactly long enough, longer (the rest untouched), one byte short (nothing copied).
            byte[] exact = new byte[length];
            Assert.True(payload.TryCopyTo(exact));
            Assert.Equal(content, exact);
            byte[] roomy = new byte[length + 3];
            roomy.AsSpan().Fill(0xee);
            Assert.True(payload.TryCopyTo(roomy));
            Assert.Equal(content, roomy.AsSpan(0, length).ToArray());
            Assert.Equal("ee ee ee", Hex.Of(roomy.AsSpan(length)));
            if (length > 0)
            {
                byte[] small = new byte[length - 1];
                small.AsSpan().Fill(0xee);
                Assert.False(payload.TryCopyTo(small));
                Assert.All(small, b => Assert.Equal(0xee, b));
            }

            Assert.Equal(content, StreamingAssert.Bytes(payload));
        }
    }
}
