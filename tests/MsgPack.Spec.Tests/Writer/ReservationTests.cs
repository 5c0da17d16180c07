using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Threading.Tasks;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Writer
{
    /// <summary>
    /// Reserve now, write later: a 5-byte uint 32 slot before a body, patched with the body's length, whether the body
    /// stays in the writer's span or forces refills (1 MiB), over buffer writers that move their bytes when they grow
    /// (<see cref="PooledBufferWriter"/>, <see cref="ArrayBufferWriter{T}"/>) and ones that do not
    /// (<see cref="SegmentedBufferWriter"/>, a <see cref="PipeWriter"/>). The result is read back with
    /// <see cref="MsgPackReader.TryReadFrame"/>.
    /// </summary>
    public class ReservationTests
    {
        private const int MiB = 1 << 20;

        /// <summary>The bin lengths inside the frames' bodies; -1 is an empty body.</summary>
        private static readonly int[] BodyBinLengths = { -1, 10, MiB, 0, 100, MiB + 3, 5 };

        public enum PatchOrder
        {
            /// <summary>Patch each frame right after its body, then flush at the end.</summary>
            PatchThenFlush,

            /// <summary>Flush (commit) after each body, then patch.</summary>
            FlushThenPatch,

            /// <summary>Write every frame, then patch them all, last first.</summary>
            Deferred,
        }

        public static TheoryData<string, PatchOrder> Cases()
        {
            var data = new TheoryData<string, PatchOrder>();
            foreach (string output in new[] { "pooled 16", "pooled default", "segmented 16", "segmented default", "array buffer writer 16", "exact spans", "random spans" })
            {
                foreach (PatchOrder order in Enum.GetValues<PatchOrder>())
                {
                    data.Add(output, order);
                }
            }

            return data;
        }

        [Theory]
        [MemberData(nameof(Cases))]
        public void PatchedLengthPrefixesFrameTheirBodies(string output, PatchOrder order)
        {
            IBufferWriter<byte> writer;
            Func<byte[]> contents;
            IDisposable? owner = null;
            switch (output)
            {
                case "pooled 16":
                case "pooled default":
                    {
                        var pooled = output == "pooled 16" ? new PooledBufferWriter(16) : new PooledBufferWriter();
                        (writer, contents, owner) = (pooled, () => pooled.WrittenSpan.ToArray(), pooled);
                        break;
                    }

                case "segmented 16":
                case "segmented default":
                    {
                        var segmented = output == "segmented 16" ? new SegmentedBufferWriter(16) : new SegmentedBufferWriter();
                        (writer, contents, owner) = (segmented, segmented.ToArray, segmented);
                        break;
                    }

                case "array buffer writer 16":
                    {
                        var array = new ArrayBufferWriter<byte>(16);
                        (writer, contents) = (array, () => array.WrittenSpan.ToArray());
                        break;
                    }

                default:
                    {
                        // Large enough never to grow: these test writers would move their bytes if they did.
                        var test = new TestBufferWriter(5 * MiB, output == "random spans" ? 7 : null);
                        (writer, contents) = (test, () => test.WrittenSpan.ToArray());
                        break;
                    }
            }

            using (owner)
            {
                List<byte[]> bodies = WriteFrames(writer, order);
                CheckFrames(new ReadOnlySequence<byte>(contents()), bodies);
            }
        }

        [Theory]
        [InlineData(PatchOrder.PatchThenFlush, 0)]
        [InlineData(PatchOrder.FlushThenPatch, 0)]
        [InlineData(PatchOrder.Deferred, 0)]
        [InlineData(PatchOrder.PatchThenFlush, 16)]
        [InlineData(PatchOrder.Deferred, 16)]
        public async Task PatchedLengthPrefixesFrameTheirBodiesInAPipe(PatchOrder order, int minimumSegmentSize)
        {
            // Patch before FlushAsync: once the reader has the bytes, they are gone. pauseWriterThreshold 0 lets the
            // 2 MiB be flushed before anything reads them.
            var pipe = new Pipe(new PipeOptions(
                pauseWriterThreshold: 0,
                minimumSegmentSize: minimumSegmentSize == 0 ? -1 : minimumSegmentSize,
                useSynchronizationContext: false));
            List<byte[]> bodies = WriteFrames(pipe.Writer, order);
            await pipe.Writer.FlushAsync();
            await pipe.Writer.CompleteAsync();

            while (true)
            {
                ReadResult result = await pipe.Reader.ReadAsync();
                if (result.IsCompleted)
                {
                    CheckFrames(result.Buffer, bodies);
                    pipe.Reader.AdvanceTo(result.Buffer.End);
                    break;
                }

                pipe.Reader.AdvanceTo(result.Buffer.Start, result.Buffer.End);
            }

            await pipe.Reader.CompleteAsync();
        }

        [Fact]
        public void ASlotStillInTheSpanIsPatchedThere()
        {
            var output = new ArrayBufferWriter<byte>(256);
            var writer = new MsgPackWriter(output);
            writer.WriteNil();
            MsgPackReservation reservation = writer.ReserveUInt32Exact();
            Assert.Equal(1, reservation.Offset);
            Assert.Equal(5, reservation.Length);
            writer.WriteArrayHeader(2);
            writer.WriteInt32(1);
            writer.WriteInt32(2);
            Assert.Equal(3, writer.GetBytesWrittenSince(reservation));
            Assert.Equal(0, output.WrittenCount); // nothing committed: the slot is in the writer's span
            writer.PatchUInt32Exact(reservation, (uint)writer.GetBytesWrittenSince(reservation));
            writer.Flush();
            Assert.Equal("c0 ce 00 00 00 03 92 01 02", Hex.Of(output.WrittenSpan));
        }

        [Fact]
        public void ReserveStartsANewSpanWhenTheSlotDoesNotFit()
        {
            // The slot is one span: with 3 bytes left of 4, it goes to the next span whole.
            var output = new TestBufferWriter(1024);
            var writer = new MsgPackWriter(output);
            writer.WriteNil();
            MsgPackReservation reservation = writer.Reserve(5);
            Assert.Equal(1, output.Committed); // the nil was committed by the refill
            writer.GetReservedSpan(reservation).Fill(0x11);
            writer.WriteNil();
            writer.Flush();
            Assert.Equal("c0 11 11 11 11 11 c0", Hex.Of(output.WrittenSpan));
        }

        [Fact]
        public void PatchUInt32ExactRefusesASlotThatIsNotFiveBytes()
        {
            // As documented: "ArgumentException: the reservation is not 5 bytes long", for wider slots too, where
            // writing 5 bytes would silently leave the rest of the slot unwritten.
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            MsgPackReservation wide = writer.Reserve(8);
            MsgPackReservation narrow = writer.Reserve(3);
            MsgPackReservation exact = writer.ReserveUInt32Exact();
            Assert.IsType<ArgumentException>(PatchError(ref writer, wide));
            Assert.IsType<ArgumentException>(PatchError(ref writer, narrow));
            Assert.Null(PatchError(ref writer, exact));
            writer.GetReservedSpan(wide).Fill(0xc0);
            writer.GetReservedSpan(narrow).Fill(0xc0);
            writer.Flush();
            Assert.Equal("c0 c0 c0 c0 c0 c0 c0 c0 c0 c0 c0 ce 00 00 00 07", Hex.Of(output.WrittenSpan));
        }

        public enum FillWhen
        {
            /// <summary>Fill the slot right after reserving it, while it is still in the writer's span.</summary>
            AtOnce,

            /// <summary>Fill it after a body that made the writer commit it (and a growing buffer writer move it).</summary>
            AfterTheBody,

            /// <summary>Fill it after <see cref="MsgPackWriter.Flush"/>.</summary>
            AfterFlush,
        }

        public static TheoryData<string, int, FillWhen> SlotCases()
        {
            var data = new TheoryData<string, int, FillWhen>();
            foreach (string sink in Sink.Names)
            {
                foreach (int length in new[] { 1, 64, 65, 4096, 100_000 })
                {
                    foreach (FillWhen when in Enum.GetValues<FillWhen>())
                    {
                        data.Add(sink, length, when);
                    }
                }
            }

            return data;
        }

        [Theory]
        [MemberData(nameof(SlotCases))]
        public void SlotsOfAnyLengthAreFilledWhereverTheBufferWriterKeptThem(string sink, int length, FillWhen when)
        {
            byte[] slotBytes = StreamingDocument.Pattern(length, 99);
            byte[] bin = StreamingDocument.Pattern(300_000, 3);
            using Sink output = Sink.Create(sink);
            var writer = new MsgPackWriter(output.Writer);
            writer.WriteNil();
            MsgPackReservation slot = writer.Reserve(length);
            Assert.Equal(length, slot.Length);
            Assert.Equal(1, slot.Offset);
            Assert.Equal(1 + length, writer.BytesWritten);
            Assert.Equal(length, writer.GetReservedSpan(slot).Length);
            if (when == FillWhen.AtOnce)
            {
                slotBytes.CopyTo(writer.GetReservedSpan(slot));
            }

            writer.WriteArrayHeader(2);
            writer.WriteBinary(bin);
            writer.WriteInt32(length);
            Assert.Equal(writer.BytesWritten - 1 - length, writer.GetBytesWrittenSince(slot));
            if (when == FillWhen.AfterTheBody)
            {
                slotBytes.CopyTo(writer.GetReservedSpan(slot));
            }

            writer.Flush();
            if (when == FillWhen.AfterFlush)
            {
                slotBytes.CopyTo(writer.GetReservedSpan(slot));
            }

            writer.WriteNil();
            writer.Flush();

            byte[] expected = new byte[1 + length + bin.Length + 32];
            Span<byte> s = expected;
            int n = MsgPackSpec.WriteNil(s);
            slotBytes.CopyTo(s.Slice(n));
            n += length;
            n += MsgPackSpec.WriteArrayHeader(s.Slice(n), 2);
            n += MsgPackSpec.WriteBinary(s.Slice(n), bin);
            n += MsgPackSpec.WriteInt32(s.Slice(n), length);
            n += MsgPackSpec.WriteNil(s.Slice(n));
            byte[] written = output.Contents();
            Assert.Equal(n, written.Length);
            StreamingAssert.Same(expected.AsSpan(0, n).ToArray(), written);
        }

        [Theory]
        [MemberData(nameof(Sinks))]
        public void PatchLengthPrefixFramesABodyThatSpansSegments(string sink)
        {
            using Sink output = Sink.Create(sink);
            var writer = new MsgPackWriter(output.Writer);
            var bodies = new List<byte[]>();
            for (int frame = 0; frame < 3; frame++)
            {
                MsgPackReservation prefix = writer.ReserveLengthPrefix();
                Assert.Equal(5, prefix.Length);
                writer.WriteMapHeader(2);
                writer.WriteUInt32(0x00);
                writer.WriteArrayHeader(100);
                for (int i = 0; i < 100; i++)
                {
                    writer.WriteString($"value {i} of frame {frame}".AsSpan());
                }

                writer.WriteUInt32(0x01);
                writer.WriteBinary(StreamingDocument.Pattern(3000 * frame, frame));
                long bodyLength = writer.GetBytesWrittenSince(prefix);
                writer.PatchLengthPrefix(prefix);
                Assert.Equal(bodyLength, writer.GetBytesWrittenSince(prefix)); // patching writes nothing new

                byte[] body = new byte[bodyLength];
                Span<byte> s = body;
                int n = MsgPackSpec.WriteMapHeader(s, 2);
                n += MsgPackSpec.WriteUInt32(s.Slice(n), 0x00);
                n += MsgPackSpec.WriteArrayHeader(s.Slice(n), 100);
                for (int i = 0; i < 100; i++)
                {
                    n += MsgPackSpec.WriteString(s.Slice(n), $"value {i} of frame {frame}".AsSpan());
                }

                n += MsgPackSpec.WriteUInt32(s.Slice(n), 0x01);
                n += MsgPackSpec.WriteBinary(s.Slice(n), StreamingDocument.Pattern(3000 * frame, frame));
                Assert.Equal(bodyLength, n);
                bodies.Add(body);
            }

            writer.Flush();
            if (output.Writer is SegmentedBufferWriter segmented)
            {
                Assert.True(segmented.SegmentCount >= (sink == "segmented 16" ? 6 : 2), $"{segmented.SegmentCount} segments");
            }

            byte[] written = output.Contents();
            Assert.Equal("ce 00 00 " + Hex.Of(new[] { (byte)(bodies[0].Length >> 8), (byte)bodies[0].Length }), Hex.Of(written.AsSpan(0, 5)));
            CheckFrames(new ReadOnlySequence<byte>(written), bodies);
        }

        public static TheoryData<string> Sinks() => Sink.All();

        [Fact]
        public void PatchLengthPrefixRefusesASlotThatIsNotFiveBytesOrNotThisWriters()
        {
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            MsgPackReservation narrow = writer.Reserve(4);
            MsgPackReservation wide = writer.Reserve(6);
            MsgPackReservation prefix = writer.ReserveLengthPrefix();
            Assert.Equal("prefix", LengthPrefixError<ArgumentException>(ref writer, narrow).ParamName);
            Assert.Equal("prefix", LengthPrefixError<ArgumentException>(ref writer, wide).ParamName);
            Assert.Equal("prefix", LengthPrefixError<ArgumentException>(ref writer, default).ParamName);

            // A prefix another writer set aside, after more bytes than this one has written.
            var other = new MsgPackWriter(new ArrayBufferWriter<byte>());
            other.WriteNil();
            Assert.Contains("another writer", LengthPrefixError<ArgumentException>(ref other, prefix).Message);

            writer.GetReservedSpan(narrow).Fill(0xc0);
            writer.GetReservedSpan(wide).Fill(0xc0);
            writer.WriteNil();
            writer.PatchLengthPrefix(prefix);
            writer.Flush();
            Assert.Equal("c0 c0 c0 c0 c0 c0 c0 c0 c0 c0 ce 00 00 00 01 c0", Hex.Of(output.WrittenSpan));
        }

        [Fact]
        public void PatchLengthPrefixTakesUpToUIntMaxValueBytesAndThrowsOverflowPastIt()
        {
            // More than 4 GiB committed through GetSpan and Advance, into a buffer writer that only counts it.
            var output = new DiscardingBufferWriter(1 << 20);
            var writer = new MsgPackWriter(output);
            MsgPackReservation prefix = writer.ReserveLengthPrefix();
            long remaining = uint.MaxValue;
            while (remaining > 0)
            {
                int count = (int)Math.Min(writer.GetSpan().Length, remaining);
                writer.Advance(count);
                remaining -= count;
            }

            Assert.Equal(uint.MaxValue, writer.GetBytesWrittenSince(prefix));
            writer.PatchLengthPrefix(prefix);
            Assert.Equal("ce ff ff ff ff", Hex.Of(output.First.AsSpan(0, 5)));

            writer.WriteNil();
            OverflowException overflow = LengthPrefixError<OverflowException>(ref writer, prefix);
            Assert.Contains("4294967296", overflow.Message, StringComparison.Ordinal);
            Assert.Equal("ce ff ff ff ff", Hex.Of(output.First.AsSpan(0, 5))); // left as it was
            writer.Flush();
            Assert.Equal(5 + (long)uint.MaxValue + 1, output.Committed);
        }

        private static T LengthPrefixError<T>(ref MsgPackWriter writer, MsgPackReservation prefix)
            where T : Exception
        {
            try
            {
                writer.PatchLengthPrefix(prefix);
            }
            catch (T e)
            {
                return e;
            }

            throw new Xunit.Sdk.XunitException($"Expected {typeof(T).Name}.");
        }

        private static Exception? PatchError(ref MsgPackWriter writer, MsgPackReservation reservation)
        {
            try
            {
                writer.PatchUInt32Exact(reservation, 7);
                return null;
            }
            catch (ArgumentException e)
            {
                return e;
            }
        }

        /// <summary>
        /// Writes one frame per body length: ReserveLengthPrefix, the body, PatchLengthPrefix; returns the bodies as
        /// MsgPackSpec writes them. Deferred patches each prefix after later frames were written, so it notes each
        /// length right after its body and writes it with the lower-level PatchUInt32Exact (PatchLengthPrefix would
        /// count the later frames too).
        /// </summary>
        private static List<byte[]> WriteFrames(IBufferWriter<byte> output, PatchOrder order)
        {
            var bodies = new List<byte[]>();
            var pending = new List<(MsgPackReservation Reservation, int Length)>();
            var writer = new MsgPackWriter(output);
            foreach (int binLength in BodyBinLengths)
            {
                byte[] body = ExpectedBody(binLength);
                bodies.Add(body);
                MsgPackReservation reservation = order == PatchOrder.Deferred ? writer.ReserveUInt32Exact() : writer.ReserveLengthPrefix();
                Assert.Equal(5, reservation.Length);
                if (binLength >= 0)
                {
                    byte[] bin = StreamingDocument.Pattern(binLength, binLength);
                    writer.WriteArrayHeader(3);
                    writer.WriteInt32(binLength);
                    writer.WriteString("body".AsSpan());
                    writer.WriteBinary(bin);
                }

                Assert.Equal(body.Length, writer.GetBytesWrittenSince(reservation));
                switch (order)
                {
                    case PatchOrder.PatchThenFlush:
                        writer.PatchLengthPrefix(reservation);
                        break;
                    case PatchOrder.FlushThenPatch:
                        writer.Flush();
                        writer.PatchLengthPrefix(reservation);
                        break;
                    default:
                        pending.Add((reservation, (int)writer.GetBytesWrittenSince(reservation)));
                        break;
                }
            }

            for (int i = pending.Count - 1; i >= 0; i--)
            {
                writer.PatchUInt32Exact(pending[i].Reservation, (uint)pending[i].Length);
            }

            writer.Flush();
            return bodies;
        }

        private static byte[] ExpectedBody(int binLength)
        {
            if (binLength < 0)
            {
                return Array.Empty<byte>();
            }

            byte[] body = new byte[binLength + 32];
            Span<byte> s = body;
            int n = MsgPackSpec.WriteArrayHeader(s, 3);
            n += MsgPackSpec.WriteInt32(s.Slice(n), binLength);
            n += MsgPackSpec.WriteString(s.Slice(n), "body".AsSpan());
            n += MsgPackSpec.WriteBinary(s.Slice(n), StreamingDocument.Pattern(binLength, binLength));
            return body.AsSpan(0, n).ToArray();
        }

        /// <summary>Each frame is ce + the body's length, big-endian, + the body.</summary>
        private static void CheckFrames(ReadOnlySequence<byte> input, List<byte[]> bodies)
        {
            long expectedLength = 0;
            foreach (byte[] body in bodies)
            {
                expectedLength += 5 + body.Length;
            }

            Assert.Equal(expectedLength, input.Length);
            foreach (byte[] body in bodies)
            {
                byte[] prefix = input.Slice(0, 5).ToArray();
                Assert.Equal(0xce, prefix[0]);
                Assert.Equal((uint)body.Length, BinaryPrimitives.ReadUInt32BigEndian(prefix.AsSpan(1)));
                Assert.Equal(OperationStatus.Done, MsgPackReader.TryReadFrame(input, 2 * MiB, out ReadOnlySequence<byte> framed, out SequencePosition end));
                StreamingAssert.Same(body, framed.ToArray());
                input = input.Slice(end);
            }

            Assert.True(input.IsEmpty);
        }
    }
}
