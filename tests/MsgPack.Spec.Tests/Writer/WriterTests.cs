using System;
using System.Buffers;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Writer
{
    /// <summary>
    /// <see cref="MsgPackWriter"/> writes exactly the bytes <see cref="MsgPackSpec"/> writes into one big span,
    /// whatever spans the buffer writer hands out: exactly what was asked, random sizes, pooled, segmented, growing.
    /// </summary>
    public class WriterTests
    {
        public static TheoryData<string> Outputs => new TheoryData<string>
        {
            "exact spans", "random spans seed 1", "random spans seed 2", "pooled", "pooled from empty", "segmented 16", "segmented default", "array buffer writer",
        };

        [Theory]
        [MemberData(nameof(Outputs))]
        public void EveryMethodWritesTheBytesOfMsgPackSpec(string output)
        {
            using Output o = Output.Create(output);
            var writer = new MsgPackWriter(o.Writer);
            Assert.Equal(0, writer.BytesWritten);
            for (int i = 0; i < WriterOps.All.Count; i++)
            {
                WriterOps.All[i].Write(ref writer);

                Assert.Equal(WriterOps.Ends[i], writer.BytesWritten);
                Assert.Equal(writer.BytesWritten, writer.BytesCommitted + writer.BytesPending);

                // Bytes reach the buffer writer only when the writer commits them.
                Assert.Equal(writer.BytesCommitted, o.Committed());
            }

            writer.Flush();
            Assert.Equal(0, writer.BytesPending);
            Assert.Equal(WriterOps.Expected.Length, writer.BytesCommitted);
            Assert.Equal(WriterOps.Expected.Length, o.Committed());
            byte[] written = o.Contents();
            Assert.Equal(WriterOps.Expected.Length, written.Length);
            for (int i = 0, start = 0; i < WriterOps.All.Count; start = (int)WriterOps.Ends[i], i++)
            {
                int end = (int)WriterOps.Ends[i];
                if (!written.AsSpan(start, end - start).SequenceEqual(WriterOps.Expected.AsSpan(start, end - start)))
                {
                    Assert.Fail($"{WriterOps.All[i].Name}: expected {Hex.Of(WriterOps.Expected.AsSpan(start, Math.Min(end - start, 40)))}, written {Hex.Of(written.AsSpan(start, Math.Min(end - start, 40)))}");
                }
            }
        }

        [Theory]
        [MemberData(nameof(Outputs))]
        public void EachMethodAloneWritesTheBytesOfMsgPackSpec(string output)
        {
            // The same, one value per writer, so that each starts at the start of a fresh span.
            using Output o = Output.Create(output);
            long start = 0;
            for (int i = 0; i < WriterOps.All.Count; i++)
            {
                var writer = new MsgPackWriter(o.Writer);
                WriterOps.All[i].Write(ref writer);
                writer.Flush();
                Assert.Equal(WriterOps.Ends[i] - start, writer.BytesCommitted);
                start = WriterOps.Ends[i];
                Assert.Equal(start, o.Committed());
            }

            Assert.True(o.Contents().AsSpan().SequenceEqual(WriterOps.Expected));
        }

        [Fact]
        public void NothingReachesTheBufferWriterBeforeFlush()
        {
            var output = new ArrayBufferWriter<byte>(1024);
            var writer = new MsgPackWriter(output);
            writer.WriteArrayHeader(3);
            writer.WriteInt32(1 << 30);
            writer.WriteString("abc".AsSpan());
            Assert.Equal(0, output.WrittenCount);
            Assert.Equal(10, writer.BytesPending);
            Assert.Equal(0, writer.BytesCommitted);
            Assert.Equal(10, writer.BytesWritten);

            writer.Flush();
            Assert.Equal(10, output.WrittenCount);
            Assert.Equal("93 ce 40 00 00 00 a3 61 62 63", Hex.Of(output.WrittenSpan));
            Assert.Equal(0, writer.BytesPending);
            Assert.Equal(10, writer.BytesCommitted);

            // Flushing twice commits nothing more; writing again continues after the committed bytes.
            writer.Flush();
            Assert.Equal(10, output.WrittenCount);
            writer.WriteNil();
            Assert.Equal(10, output.WrittenCount);
            Assert.Equal(11, writer.BytesWritten);
            writer.Flush();
            Assert.Equal("93 ce 40 00 00 00 a3 61 62 63 c0", Hex.Of(output.WrittenSpan));

            // A writer dropped without Flush leaves its bytes uncommitted.
            var dropped = new MsgPackWriter(output);
            dropped.WriteNil();
            Assert.Equal(1, dropped.BytesPending);
            Assert.Equal(11, output.WrittenCount);
        }

        [Fact]
        public void RefillsCommitWhatWasWrittenAndAskForTheLargestFormOfTheNextValue()
        {
            var output = new TestBufferWriter();
            var writer = new MsgPackWriter(output);
            writer.WriteInt64(1); // asks for 9 bytes (the largest int form), gets exactly 9, writes 1
            Assert.Equal(1, output.GetMemoryCalls);
            Assert.Equal(0, output.Committed);
            writer.WriteInt64(1); // 8 bytes left, fewer than 9: the 1 byte is committed and 9 more asked for
            Assert.Equal(2, output.GetMemoryCalls);
            Assert.Equal(1, output.Committed);
            Assert.Equal(1, writer.BytesCommitted);
            Assert.Equal(1, writer.BytesPending);
            writer.WriteNil(); // asks for 1: fits
            writer.WriteBoolean(true);
            Assert.Equal(2, output.GetMemoryCalls);
            Assert.Equal(3, writer.BytesPending);
            writer.WriteString(new string('a', 10).AsSpan()); // the header fits the 6 bytes left, the text does not
            Assert.Equal(3, output.GetMemoryCalls);
            Assert.Equal(5, output.Committed);
            writer.Flush();
            Assert.Equal("01 01 c0 c3 aa 61 61 61 61 61 61 61 61 61 61", Hex.Of(output.WrittenSpan));
        }

        /// <summary>
        /// A buffer writer with a bound (a fixed buffer that refuses a size hint past its end) takes every text that
        /// fits it: the writer asks such a buffer writer for the text's exact length, never for its longest form.
        /// </summary>
        [Theory]
        [InlineData("x", 3)]
        [InlineData("x", 60)]
        [InlineData("x", 300)]
        [InlineData("П", 20)]
        [InlineData("П", 200)]
        [InlineData("😀", 10)]
        public void TextThatFitsABoundedBufferWriterIsWritten(string unit, int repeat)
        {
            string text = string.Concat(System.Linq.Enumerable.Repeat(unit, repeat));
            byte[] expected = new byte[MsgPackSpec.GetStringEncodedLength(text)];
            MsgPackSpec.WriteString(expected, text);

            foreach (int before in new[] { 0, 1 })
            {
                // The room the value takes, plus what the header may ask for beyond its own form (every write asks for
                // room for the largest form of its header, 5 bytes), after a value written first (nil) or none. The
                // longest form of the text (3 bytes a char) is far more for every text here.
                int room = before + expected.Length + MsgPackSpec.MaxHeaderEncodedLength - 1;
                Assert.True(room < before + MsgPackSpec.GetStringHeaderEncodedLength(3 * text.Length) + (3 * text.Length));
                var output = new BoundedBufferWriter(room);
                var writer = new MsgPackWriter(output);
                if (before == 1)
                {
                    writer.WriteNil();
                }

                writer.WriteString(text);
                writer.Flush();
                Assert.Equal((before == 1 ? "c0 " : string.Empty) + Hex.Of(expected), Hex.Of(output.WrittenSpan));
            }
        }

        [Fact]
        public void ArgumentsOutsideAFormsRangeThrowAndWriteNothing()
        {
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            writer.WriteNil();
            Assert.Equal(1, Throws<ArgumentOutOfRangeException>(ref writer, (ref MsgPackWriter w) => w.WriteFixArrayHeader(16)));
            Assert.Equal(1, Throws<ArgumentOutOfRangeException>(ref writer, (ref MsgPackWriter w) => w.WriteArrayHeader(-1)));
            Assert.Equal(1, Throws<ArgumentOutOfRangeException>(ref writer, (ref MsgPackWriter w) => w.WriteMapHeader(-1)));
            Assert.Equal(1, Throws<ArgumentOutOfRangeException>(ref writer, (ref MsgPackWriter w) => w.WriteStringHeader(-1)));
            Assert.Equal(1, Throws<ArgumentOutOfRangeException>(ref writer, (ref MsgPackWriter w) => w.WriteBinaryHeader(-1)));
            Assert.Equal(1, Throws<ArgumentOutOfRangeException>(ref writer, (ref MsgPackWriter w) => w.WritePositiveFixInt(128)));
            Assert.Equal(1, Throws<ArgumentOutOfRangeException>(ref writer, (ref MsgPackWriter w) => w.WriteNegativeFixInt(0)));
            Assert.Equal(1, Throws<ArgumentOutOfRangeException>(ref writer, (ref MsgPackWriter w) => w.WriteFixStringHeader(32)));
            Assert.Equal(1, Throws<ArgumentOutOfRangeException>(ref writer, (ref MsgPackWriter w) => w.WriteFixMapHeader(16)));
            Assert.Equal(1, Throws<ArgumentOutOfRangeException>(ref writer, (ref MsgPackWriter w) => w.Reserve(0)));
            Assert.Equal(1, Throws<ArgumentOutOfRangeException>(ref writer, (ref MsgPackWriter w) => w.Reserve(-1)));
            Assert.Equal(1, Throws<ArgumentOutOfRangeException>(ref writer, (ref MsgPackWriter w) => w.GetSpan(-1)));
            Assert.Equal(1, Throws<ArgumentOutOfRangeException>(ref writer, (ref MsgPackWriter w) => w.GetMemory(-1)));
            Assert.Equal(1, Throws<ArgumentOutOfRangeException>(ref writer, (ref MsgPackWriter w) => w.Advance(-1)));
            Assert.Equal(1, Throws<InvalidOperationException>(ref writer, (ref MsgPackWriter w) => w.GetReservedSpan(default)));
            writer.Flush();
            Assert.Equal("c0", Hex.Of(output.WrittenSpan));
        }

        [Fact]
        public void MisuseIsReported()
        {
            Assert.Throws<ArgumentNullException>(() => { _ = new MsgPackWriter(null!); });
            Assert.Throws<InvalidOperationException>(() =>
            {
                MsgPackWriter writer = default;
                writer.WriteNil();
            });

            // A buffer writer that hands out less than asked for breaks the contract of IBufferWriter.
            Assert.Throws<InvalidOperationException>(() =>
            {
                var writer = new MsgPackWriter(new ShortBufferWriter());
                writer.WriteInt64(long.MaxValue);
            });
        }

        private static long Throws<T>(ref MsgPackWriter writer, WriterAction action)
            where T : Exception
        {
            try
            {
                action(ref writer);
            }
            catch (T)
            {
                return writer.BytesWritten;
            }

            throw new Xunit.Sdk.XunitException($"Expected {typeof(T).Name}.");
        }

        /// <summary>A buffer writer under test, with what it has committed and its contents.</summary>
        internal sealed class Output : IDisposable
        {
            private readonly IDisposable? _owner;

            private Output(IBufferWriter<byte> writer, Func<long> committed, Func<byte[]> contents, IDisposable? owner)
            {
                Writer = writer;
                Committed = committed;
                Contents = contents;
                _owner = owner;
            }

            public IBufferWriter<byte> Writer { get; }

            public Func<long> Committed { get; }

            public Func<byte[]> Contents { get; }

            public static Output Create(string name)
            {
                switch (name)
                {
                    case "exact spans":
                    case "random spans seed 1":
                    case "random spans seed 2":
                        {
                            int? seed = name == "exact spans" ? null : name.EndsWith("1", StringComparison.Ordinal) ? 1 : 2;
                            var test = new TestBufferWriter(1 << 20, seed);
                            return new Output(test, () => test.Committed, () => test.WrittenSpan.ToArray(), null);
                        }

                    case "pooled":
                    case "pooled from empty":
                        {
                            var pooled = name == "pooled" ? new PooledBufferWriter() : new PooledBufferWriter(0);
                            return new Output(pooled, () => pooled.WrittenCount, () => pooled.WrittenSpan.ToArray(), pooled);
                        }

                    case "segmented 16":
                    case "segmented default":
                        {
                            var segmented = name == "segmented 16" ? new SegmentedBufferWriter(16) : new SegmentedBufferWriter();
                            return new Output(segmented, () => segmented.WrittenCount, segmented.ToArray, segmented);
                        }

                    case "array buffer writer":
                        {
                            var array = new ArrayBufferWriter<byte>(1);
                            return new Output(array, () => array.WrittenCount, () => array.WrittenSpan.ToArray(), null);
                        }

                    default:
                        throw new ArgumentException(name);
                }
            }

            public void Dispose() => _owner?.Dispose();
        }

        private sealed class ShortBufferWriter : IBufferWriter<byte>
        {
            private readonly byte[] _buffer = new byte[4];

            public void Advance(int count)
            {
            }

            public Memory<byte> GetMemory(int sizeHint = 0) => _buffer;

            public Span<byte> GetSpan(int sizeHint = 0) => _buffer;
        }

        /// <summary>A buffer writer over a fixed array that throws when asked for more than it has left, as a bounded one may.</summary>
        private sealed class BoundedBufferWriter : IBufferWriter<byte>
        {
            private readonly byte[] _buffer;
            private int _written;

            public BoundedBufferWriter(int capacity) => _buffer = new byte[capacity];

            public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _written);

            public void Advance(int count) => _written += count;

            public Memory<byte> GetMemory(int sizeHint = 0)
            {
                if (sizeHint > _buffer.Length - _written)
                {
                    throw new InvalidOperationException($"asked for {sizeHint} bytes, {_buffer.Length - _written} left");
                }

                return _buffer.AsMemory(_written);
            }

            public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;
        }
    }
}
