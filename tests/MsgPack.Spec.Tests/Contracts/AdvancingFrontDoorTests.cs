using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using Xunit;
using MsgPack.Spec.Tests.Arrays;
using MsgPack.Spec.Fuzzing;

namespace MsgPack.Spec.Tests.Contracts
{
    /// <summary>
    /// The advancing front doors, <c>Write*(ref Span&lt;byte&gt;)</c> and <c>Read*(ref ReadOnlySpan&lt;byte&gt;)</c>: each
    /// writes or reads exactly what the index-based front door does, moves the span past exactly the bytes that one
    /// reports, leaves the span where it was when it throws, and allocates nothing.
    /// </summary>
    /// <remarks>
    /// Every check compares the advancing call with the index-based call on the same input, so a case fails if the
    /// two disagree on the bytes, the value, the count, or the exception. A ref-like span cannot be captured by a
    /// lambda, so the failing paths use try/catch on a local span.
    /// </remarks>
    public class AdvancingFrontDoorTests
    {
        /// <summary>The byte the destinations are filled with, so that any byte written where it should not be shows.</summary>
        private const byte Untouched = 0xaa;

        /// <summary>Where the span handed to a front door starts in its array, so that "not moved" is not the array's start by chance.</summary>
        private const int Offset = 3;

        /// <summary>Extra room after the value, which a writer must not touch and must leave in the span.</summary>
        private const int Guard = 8;

        /// <summary>Larger than any value of the catalogs (65,536 payload bytes and a header).</summary>
        private const int ScratchLength = 1 << 18;

        private const int Iterations = 1000;

        private static readonly long[] Integers =
        {
            0, 1, 5, 127, 128, 255, 256, 32767, 32768, 65535, 65536, int.MaxValue, 1L + int.MaxValue, uint.MaxValue, 1L << 32, long.MaxValue,
            -1, -32, -33, -128, -129, -32768, -32769, int.MinValue, int.MinValue - 1L, long.MinValue,
        };

        private static readonly int[] Lengths = { 0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536 };

        private static readonly int[] HeaderValues = { 0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536, int.MaxValue };

        private static readonly int[] ExtensionLengths = { 0, 1, 2, 3, 4, 5, 8, 15, 16, 17, 255, 256, 65535, 65536 };

        private static readonly sbyte[] TypeCodes = { 0, 5, 127, -1, -128 };

        private static readonly float[] Singles = { 0f, -0f, 1.5f, -1.5f, float.Epsilon, float.MaxValue, float.MinValue, float.NaN, float.PositiveInfinity, float.NegativeInfinity };

        private static readonly double[] Doubles = { 0, -0.0, 1.5, -1.5, double.Epsilon, double.MaxValue, double.MinValue, double.NaN, double.PositiveInfinity, double.NegativeInfinity, 0.1 };

        private static readonly string[] Texts =
        {
            string.Empty, "a", new string('x', 31), new string('x', 32), new string('x', 255), new string('x', 256),
            new string('x', 65535), new string('x', 65536), "h\u00e9llo, w\u00f6rld \U0001F600", new string('\u00e9', 16),
            new string('\u00e9', 128), new string('\u20ac', 21845), new string('\u20ac', 21846),
        };

        private static readonly Timestamp[] Timestamps =
        {
            new Timestamp(0, 0), new Timestamp(1, 0), new Timestamp(uint.MaxValue, 0), new Timestamp(1L << 32, 0), new Timestamp(0, 1),
            new Timestamp((1L << 34) - 1, 999_999_999), new Timestamp(1L << 34, 0), new Timestamp(-1, 0), new Timestamp(-1, 999_999_999),
            new Timestamp(long.MinValue, 0), new Timestamp(long.MaxValue, 999_999_999),
        };

        /// <summary>Nested, self-contained values for Skip.</summary>
        private static readonly byte[] Nested = Hex.ToBytes(
            "83 a1 61 93 01 cd 01 00 d9 03 61 62 63 a1 62 82 c4 02 01 02 d6 ff 00 00 00 01 c0 de 00 01 c3 cb 3f f0 00 00 00 00 00 00 " +
            "a1 63 dd 00 00 00 02 c7 03 05 01 02 03 d3 80 00 00 00 00 00 00 00");

        /// <summary>The value 5 in every integer format, which every integer reader accepts.</summary>
        private static readonly string[] Fives =
        {
            "05", "cc 05", "cd 00 05", "ce 00 00 00 05", "cf 00 00 00 00 00 00 00 05", "d0 05", "d1 00 05", "d2 00 00 00 05", "d3 00 00 00 00 00 00 00 05",
        };

        private static readonly Dictionary<string, WriterCase> Writers = BuildWriters().ToDictionary(c => c.Name);

        private static readonly Dictionary<string, ReaderCase> Readers = BuildReaders().ToDictionary(c => c.Name);

        // Inputs of the zero-allocation pass.
        private static readonly byte[] AllocUtf8 = Encoding.UTF8.GetBytes("h\u00e9llo");
        private static readonly string AllocText = "w\u00f6rld \U0001F600";
        private static readonly byte[] AllocPayload = Enumerable.Range(1, 40).Select(i => (byte)i).ToArray();

        [ThreadStatic]
        private static byte[]? scratch;

        private delegate int IndexWrite(Span<byte> destination);

        private delegate void AdvancingWrite(ref Span<byte> destination);

        /// <summary>Calls an index-based reader and describes what it returned, so that values of any type compare as text.</summary>
        private delegate string IndexRead(ReadOnlySpan<byte> source, out int bytesRead);

        /// <summary>Calls an advancing reader and describes what it returned, in the same words as its <see cref="IndexRead"/>.</summary>
        private delegate string AdvancingRead(ref ReadOnlySpan<byte> source);

        public static TheoryData<string> WriterNames => Names(Writers.Keys);

        public static TheoryData<string> ReaderNames => Names(Readers.Keys);

        // ---- Writers.

        [Theory]
        [MemberData(nameof(WriterNames))]
        public void AWriterWritesTheIndexBytesAndMovesPastExactlyThem(string name)
        {
            WriterCase writer = Writers[name];
            int n = writer.Index(Scratch());
            Assert.True(n > 0, $"{name}: the index writer wrote {n} bytes");

            byte[] expected = Filled(Offset + n + Guard);
            Assert.Equal(n, writer.Index(expected.AsSpan(Offset)));

            byte[] actual = Filled(Offset + n + Guard);
            Span<byte> destination = actual.AsSpan(Offset);
            writer.Advancing(ref destination);

            Assert.True(destination.Length == Guard, $"{name}: {destination.Length} bytes left, expected {Guard} (the value takes {n})");
            Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(destination), ref actual[Offset + n]), $"{name}: the span does not start right after the value");
            AssertSameBytes(expected, actual, name);
        }

        [Theory]
        [MemberData(nameof(WriterNames))]
        public void AnExactDestinationIsFilledAndEmptiedAndAShorterOneThrowsWithoutMoving(string name)
        {
            WriterCase writer = Writers[name];
            int n = writer.Index(Scratch());
            byte[] expected = Filled(Offset + n);
            writer.Index(expected.AsSpan(Offset));

            byte[] exact = Filled(Offset + n);
            Span<byte> destination = exact.AsSpan(Offset);
            writer.Advancing(ref destination);
            Assert.True(destination.IsEmpty, $"{name}: {destination.Length} bytes left in an exact destination");
            Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(destination), ref End(exact)), $"{name}: the empty span does not point at the end of the value");
            AssertSameBytes(expected, exact, name);

            foreach (int room in ShorterRooms(n))
            {
                string where = $"{name} into {room} of the {n} bytes it needs";
                byte[] buffer = Filled(Offset + room + Guard);
                Exception? indexFailure = Record.Exception(() => writer.Index(buffer.AsSpan(Offset, room)));

                byte[] advancingBuffer = Filled(Offset + room + Guard);
                Span<byte> shortDestination = advancingBuffer.AsSpan(Offset, room);
                Exception? failure = null;
                try
                {
                    writer.Advancing(ref shortDestination);
                }
                catch (Exception e)
                {
                    failure = e;
                }

                ArgumentException thrown = Assert.IsAssignableFrom<ArgumentException>(failure);
                Assert.True(thrown.ParamName == "destination", $"{where}: ParamName '{thrown.ParamName}'");
                Assert.True(indexFailure?.GetType() == failure!.GetType(), $"{where}: the index writer threw {indexFailure?.GetType().Name ?? "nothing"}, the advancing one {failure.GetType().Name}");
                Assert.Equal(indexFailure!.Message, failure.Message);
                Assert.True(shortDestination.Length == room, $"{where}: the span moved to {shortDestination.Length} bytes");
                Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(shortDestination), ref advancingBuffer[Offset]), $"{where}: the span moved");
                AssertUntouched(advancingBuffer, Offset + room, where);
            }
        }

        [Fact]
        public void AWholeSequenceWrittenByAdvancingEqualsTheSameSequenceWrittenByIndex()
        {
            List<WriterCase> sequence = Writers.Values.ToList();
            int total = sequence.Sum(c => c.Index(Scratch()));

            byte[] expected = Filled(total + Guard);
            int w = 0;
            foreach (WriterCase writer in sequence)
            {
                w += writer.Index(expected.AsSpan(w));
            }

            Assert.Equal(total, w);

            byte[] actual = Filled(total + Guard);
            Span<byte> destination = actual;
            int written = 0;
            foreach (WriterCase writer in sequence)
            {
                int before = destination.Length;
                writer.Advancing(ref destination);
                written += before - destination.Length;
                Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(destination), ref actual[written]), $"{writer.Name}: the span does not start after the bytes written");
            }

            Assert.Equal(total, written);
            Assert.Equal(Guard, destination.Length);
            AssertSameBytes(expected, actual, "the sequence");
        }

        [Fact]
        public void ARecordWrittenByAdvancingHasTheSpecBytesAndReadsBackByAdvancing()
        {
            const string expected =
                "84 a2 69 64 d1 ff 7f a4 74 61 67 73 94 c3 c0 c4 03 01 02 03 d4 05 aa a2 61 74 d6 ff 00 00 00 01 a1 78 cb 3f f8 00 00 00 00 00 00 " +
                "cf ff ff ff ff ff ff ff ff";

            byte[] buffer = Filled(64);
            Span<byte> w = buffer;
            MsgPackSpec.WriteMapHeader(ref w, 4);
            MsgPackSpec.WriteString(ref w, "id".AsSpan());
            MsgPackSpec.WriteInt64(ref w, -129);
            MsgPackSpec.WriteString(ref w, Encoding.UTF8.GetBytes("tags").AsSpan());
            MsgPackSpec.WriteArrayHeader(ref w, 4);
            MsgPackSpec.WriteBoolean(ref w, true);
            MsgPackSpec.WriteNil(ref w);
            MsgPackSpec.WriteBinary(ref w, new byte[] { 1, 2, 3 });
            MsgPackSpec.WriteExtension(ref w, 5, new byte[] { 0xaa });
            MsgPackSpec.WriteStringHeader(ref w, 2);
            w[0] = (byte)'a';
            w[1] = (byte)'t';
            w = w.Slice(2);
            MsgPackSpec.WriteTimestamp(ref w, new Timestamp(1, 0));
            MsgPackSpec.WriteString(ref w, "x".AsSpan());
            MsgPackSpec.WriteDouble(ref w, 1.5);
            MsgPackSpec.WriteUInt64(ref w, ulong.MaxValue);

            int length = buffer.Length - w.Length;
            Assert.Equal(expected, Hex.Of(buffer.AsSpan(0, length)));
            AssertUntouched(buffer, length, "the record");

            ReadOnlySpan<byte> r = buffer.AsSpan(0, length);
            Assert.Equal(4, MsgPackSpec.ReadMapHeader(ref r));
            Assert.Equal("id", MsgPackSpec.ReadString(ref r));
            Assert.Equal(-129, MsgPackSpec.ReadInt32(ref r));
            Assert.Equal("74 61 67 73", Hex.Of(MsgPackSpec.ReadStringBytes(ref r)));
            Assert.Equal(4, MsgPackSpec.ReadArrayHeader(ref r));
            Assert.True(MsgPackSpec.ReadBoolean(ref r));
            MsgPackSpec.ReadNil(ref r);
            Assert.Equal("01 02 03", Hex.Of(MsgPackSpec.ReadBinary(ref r)));
            Assert.Equal("aa", Hex.Of(MsgPackSpec.ReadExtension(ref r, out ExtensionHeader header)));
            Assert.Equal(new ExtensionHeader(5, 1), header);
            Assert.Equal(2, MsgPackSpec.ReadStringHeader(ref r));
            Assert.Equal("61 74", Hex.Of(r.Slice(0, 2)));
            r = r.Slice(2);
            Assert.Equal(new Timestamp(1, 0), MsgPackSpec.ReadTimestamp(ref r));
            Assert.Equal(1, MsgPackSpec.ReadStringHeader(ref r));
            r = r.Slice(1);
            Assert.Equal(1.5, MsgPackSpec.ReadDouble(ref r));
            Assert.Equal(ulong.MaxValue, MsgPackSpec.ReadUInt64(ref r));
            Assert.True(r.IsEmpty, $"{r.Length} bytes left after the record");

            // Skip moves past the whole map, then past the integer after it.
            r = buffer.AsSpan(0, length);
            MsgPackSpec.Skip(ref r);
            Assert.Equal(9, r.Length);
            MsgPackSpec.Skip(ref r);
            Assert.True(r.IsEmpty, $"{r.Length} bytes left after two skips");
        }

        [Theory]
        [InlineData(0)]
        [InlineData(2)]
        [InlineData(5)]
        [InlineData(16)]
        public void ANegativeLengthThrowsArgumentOutOfRangeWithoutMovingTheDestination(int room)
        {
            var cases = new (string Name, IndexWrite Index, AdvancingWrite Advancing)[]
            {
                ("ArrayHeader", d => MsgPackSpec.WriteArrayHeader(d, -1), (ref Span<byte> d) => MsgPackSpec.WriteArrayHeader(ref d, -1)),
                ("MapHeader", d => MsgPackSpec.WriteMapHeader(d, -1), (ref Span<byte> d) => MsgPackSpec.WriteMapHeader(ref d, -1)),
                ("StringHeader", d => MsgPackSpec.WriteStringHeader(d, -1), (ref Span<byte> d) => MsgPackSpec.WriteStringHeader(ref d, -1)),
                ("BinaryHeader", d => MsgPackSpec.WriteBinaryHeader(d, int.MinValue), (ref Span<byte> d) => MsgPackSpec.WriteBinaryHeader(ref d, int.MinValue)),
            };

            foreach (var (name, index, advancing) in cases)
            {
                string where = $"{name} of a negative length into {room} bytes";
                byte[] buffer = Filled(Offset + room + Guard);
                Exception? indexFailure = Record.Exception(() => index(buffer.AsSpan(Offset, room)));
                Assert.IsType<ArgumentOutOfRangeException>(indexFailure);

                Span<byte> destination = buffer.AsSpan(Offset, room);
                Exception? failure = null;
                try
                {
                    advancing(ref destination);
                }
                catch (Exception e)
                {
                    failure = e;
                }

                Assert.True(failure is ArgumentOutOfRangeException, $"{where}: threw {failure?.GetType().Name ?? "nothing"}");
                Assert.True(destination.Length == room && Unsafe.AreSame(ref MemoryMarshal.GetReference(destination), ref buffer[Offset]), $"{where}: the span moved");
                AssertUntouched(buffer, 0, where);
            }
        }

        [Theory]
        [InlineData(0, "a3 ef bf bd")]
        [InlineData(1, "a5 61 62 ef bf bd")]
        [InlineData(2, "a6 61 62 63 ef bf bd")]
        public void ALoneSurrogateIsWrittenAsTheReplacementCharacterAsTheIndexWriterWritesIt(int which, string expected)
        {
            // Built here: a lone surrogate does not survive an attribute argument (its blob is UTF-8).
            string text = new[] { "\ud800", "ab\udc00", "abc\ud83d" }[which];
            Assert.Contains(text, c => char.IsSurrogate(c));

            // The index-based WriteString(Span<byte>, ReadOnlySpan<char>) documents U+FFFD for lone surrogates; the
            // advancing one calls it, so it must write the same bytes and move past them.
            byte[] indexBuffer = Filled(Offset + 16);
            int n = MsgPackSpec.WriteString(indexBuffer.AsSpan(Offset), text.AsSpan());
            Assert.Equal(expected, Hex.Of(indexBuffer.AsSpan(Offset, n)));

            byte[] buffer = Filled(Offset + 16);
            Span<byte> destination = buffer.AsSpan(Offset);
            MsgPackSpec.WriteString(ref destination, text.AsSpan());
            Assert.Equal(16 - n, destination.Length);
            Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(destination), ref buffer[Offset + n]), "the span does not start after the value");
            AssertSameBytes(indexBuffer, buffer, expected);
        }

        // ---- Readers.

        [Theory]
        [MemberData(nameof(ReaderNames))]
        public void AReaderReturnsWhatTheIndexReaderReturnsAndMovesPastTheSameBytesToTheEnd(string name)
        {
            ReaderCase reader = Readers[name];
            byte[] document = new byte[Offset + reader.Document.Length];
            reader.Document.CopyTo(document, Offset);

            ReadOnlySpan<byte> source = document.AsSpan(Offset);
            int position = Offset;
            int count = 0;
            while (position < document.Length)
            {
                string where = $"{name}, value {count} at byte {position - Offset}";
                string expected = reader.Index(document.AsSpan(position), out int bytesRead);
                Assert.True(bytesRead > 0 && bytesRead <= document.Length - position, $"{where}: the index reader read {bytesRead} bytes");

                int before = source.Length;
                string actual = reader.Advancing(ref source);
                Assert.Equal(where + ": " + expected, where + ": " + actual);
                Assert.True(source.Length == before - bytesRead, $"{where}: moved {before - source.Length} bytes, the index reader read {bytesRead}");

                position += bytesRead;
                Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(source), ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(document), position)), $"{where}: the span does not start after the value");
                count++;
            }

            Assert.Equal(reader.Count, count);
            Assert.True(source.IsEmpty, $"{name}: {source.Length} bytes left after the document");
        }

        [Theory]
        [MemberData(nameof(ReaderNames))]
        public void AReaderThrowsWhatTheIndexReaderThrowsWithoutMovingTheSource(string name)
        {
            ReaderCase reader = Readers[name];
            int checkedCases = 0;

            // Truncated: every value of the document, cut short.
            foreach (byte[] value in reader.Values)
            {
                foreach (int cut in ShorterRooms(value.Length))
                {
                    AssertFailsWithoutMoving(reader, value.AsSpan(0, cut).ToArray(), typeof(MsgPackTruncatedException), $"{name} on {cut} of {value.Length} bytes");
                    checkedCases++;
                }
            }

            // A code that is no value at all, and (but for Skip) a value of another type.
            // (The token reader reads any value, and ReadBytes any bytes.)
            if (name != "Bytes")
            {
                AssertFailsWithoutMoving(reader, Padded("c1"), typeof(MsgPackUnexpectedCodeException), $"{name} on c1");
            }

            if (name is not ("Skip" or "Token" or "Bytes"))
            {
                string other = name == "Nil" ? "c3" : "c0";
                AssertFailsWithoutMoving(reader, Padded(other), typeof(MsgPackUnexpectedCodeException), $"{name} on {other}");
            }

            foreach ((string hex, Type type) in reader.Failures)
            {
                AssertFailsWithoutMoving(reader, Hex.ToBytes(hex), type, $"{name} on {hex}");
                checkedCases++;
            }

            Assert.True(checkedCases > 0, $"{name}: no failing input");
        }

        [Fact]
        public void TheReaderCatalogCoversEveryAdvancingReader()
        {
            var expected = new SortedSet<string>(
                typeof(MsgPackSpec).GetMethods(System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.Static)
                    .Where(m => (m.Name.StartsWith("Read", StringComparison.Ordinal) || m.Name == "Skip")
                        && !m.Name.EndsWith("Array", StringComparison.Ordinal) // bulk readers: BulkArrayTests
                        && m.GetParameters().Length > 0
                        && m.GetParameters()[0].ParameterType == typeof(ReadOnlySpan<byte>).MakeByRefType())
                    .Select(m => m.Name == "Skip" ? "Skip" : m.Name.Substring(4)),
                StringComparer.Ordinal);
            Assert.Equal(25, expected.Count);
            Assert.Equal(string.Join(", ", expected), string.Join(", ", new SortedSet<string>(Readers.Keys, StringComparer.Ordinal)));
        }

        [Fact]
        public void TheWriterCatalogCoversEveryAdvancingWriter()
        {
            var expected = new SortedSet<string>(
                typeof(MsgPackSpec).GetMethods(System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.Static)
                    .Where(m => m.Name.StartsWith("Write", StringComparison.Ordinal)
                        && !m.Name.EndsWith("Array", StringComparison.Ordinal) // bulk writers: BulkArrayTests
                        && m.GetParameters().Length > 0
                        && m.GetParameters()[0].ParameterType == typeof(Span<byte>).MakeByRefType())
                    .Select(m => m.Name.Substring(5) + (m.Name == "WriteString" ? "(" + StringArgument(m.GetParameters()[1].ParameterType) : string.Empty)),
                StringComparer.Ordinal);
            var covered = new SortedSet<string>(Writers.Keys.Select(k => k.Substring(0, k.IndexOf('(') < 0 ? k.Length : k.StartsWith("String(", StringComparison.Ordinal) ? k.IndexOf(',') : k.IndexOf('('))), StringComparer.Ordinal);
            Assert.Equal(23, expected.Count);
            Assert.Equal(string.Join(", ", expected), string.Join(", ", covered));
        }

        /// <summary>The word the catalog's WriteString cases use for each kind of text argument.</summary>
        private static string StringArgument(Type type) =>
            type == typeof(ReadOnlySpan<char>) ? "chars" : type == typeof(string) ? "text" : type == typeof(ReadOnlySpan<byte>) ? "utf8" : type.Name;

        // ---- Allocations.

        [Fact]
        public void WritingAndReadingThousandsOfValuesByAdvancingAllocatesNothing()
        {
            byte[] buffer = new byte[Iterations * 256];

            long once = 0;
            for (int i = 0; i < 3; i++)
            {
                once = WriteAndReadAll(buffer, out int left);
                Assert.Equal(0, left);
            }

            // The measured loop may run up to three times, and one run must allocate exactly 0 B, as in
            // StreamingZeroAllocationTests: anything the front doors allocate per value shows in every run; what this
            // forgives is one allocation the runtime made on the test thread once (a parallel run of the whole suite
            // saw this test fail once, and five runs since, whole and alone, passed).
            long allocated = long.MaxValue;
            for (int attempt = 0; attempt < 3 && allocated != 0; attempt++)
            {
                long sum = 0;
                int leftOver = 0;
                long before = GC.GetAllocatedBytesForCurrentThread();
                for (int i = 0; i < 10; i++)
                {
                    sum += WriteAndReadAll(buffer, out int left);
                    leftOver += left;
                }

                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                Assert.Equal(0, leftOver);
                Assert.Equal(once * 10, sum);
            }

            Assert.Equal(0, allocated);
        }

        /// <summary>One pass: 1,000 of each value written by advancing, then read back and skipped by advancing; no lambdas, no boxing.</summary>
        private static long WriteAndReadAll(byte[] buffer, out int left)
        {
            Span<byte> d = buffer;
            for (int i = 0; i < Iterations; i++)
            {
                long v = Integers[i % Integers.Length];
                int length = unchecked((int)v) & 0x1ffff;
                MsgPackSpec.WriteNil(ref d);
                MsgPackSpec.WriteBoolean(ref d, (i & 1) == 0);
                MsgPackSpec.WriteInt64(ref d, v);
                MsgPackSpec.WriteInt32(ref d, unchecked((int)v));
                MsgPackSpec.WriteInt16(ref d, unchecked((short)v));
                MsgPackSpec.WriteSByte(ref d, unchecked((sbyte)v));
                MsgPackSpec.WriteUInt64(ref d, unchecked((ulong)v));
                MsgPackSpec.WriteUInt32(ref d, unchecked((uint)v));
                MsgPackSpec.WriteUInt16(ref d, unchecked((ushort)v));
                MsgPackSpec.WriteByte(ref d, unchecked((byte)v));
                MsgPackSpec.WriteSingle(ref d, i * 0.5f);
                MsgPackSpec.WriteDouble(ref d, i * 0.25);
                MsgPackSpec.WriteArrayHeader(ref d, length);
                MsgPackSpec.WriteMapHeader(ref d, length);
                MsgPackSpec.WriteStringHeader(ref d, length);
                MsgPackSpec.WriteBinaryHeader(ref d, length);
                MsgPackSpec.WriteExtensionHeader(ref d, new ExtensionHeader(unchecked((sbyte)v), length));
                MsgPackSpec.WriteString(ref d, AllocUtf8);
                MsgPackSpec.WriteString(ref d, AllocText.AsSpan());
                MsgPackSpec.WriteString(ref d, AllocText);
                MsgPackSpec.WriteBinary(ref d, AllocPayload.AsSpan(0, i % 40));
                MsgPackSpec.WriteExtension(ref d, 5, AllocPayload.AsSpan(0, i % 20));
                MsgPackSpec.WriteTimestamp(ref d, new Timestamp(v, (uint)i));
            }

            int written = buffer.Length - d.Length;
            long sum = written;
            ReadOnlySpan<byte> s = buffer.AsSpan(0, written);
            for (int i = 0; i < Iterations; i++)
            {
                MsgPackSpec.ReadNil(ref s);
                sum += MsgPackSpec.ReadBoolean(ref s) ? 1 : 0;
                sum += MsgPackSpec.ReadInt64(ref s);
                sum += MsgPackSpec.ReadInt32(ref s);
                sum += MsgPackSpec.ReadInt16(ref s);
                sum += MsgPackSpec.ReadSByte(ref s);
                sum += unchecked((long)MsgPackSpec.ReadUInt64(ref s));
                sum += MsgPackSpec.ReadUInt32(ref s);
                sum += MsgPackSpec.ReadUInt16(ref s);
                sum += MsgPackSpec.ReadByte(ref s);
                sum += (long)MsgPackSpec.ReadSingle(ref s);
                sum += (long)MsgPackSpec.ReadDouble(ref s);
                sum += MsgPackSpec.ReadArrayHeader(ref s);
                sum += MsgPackSpec.ReadMapHeader(ref s);
                sum += MsgPackSpec.ReadStringHeader(ref s);
                sum += MsgPackSpec.ReadBinaryHeader(ref s);
                ExtensionHeader header = MsgPackSpec.ReadExtensionHeader(ref s);
                sum += header.Length + header.TypeCode;
                sum += MsgPackSpec.ReadStringBytes(ref s).Length;
                sum += MsgPackSpec.ReadStringBytes(ref s).Length;
                sum += MsgPackSpec.ReadStringBytes(ref s).Length;
                sum += MsgPackSpec.ReadBinary(ref s).Length;
                sum += MsgPackSpec.ReadExtension(ref s, out header).Length + header.TypeCode;
                Timestamp t = MsgPackSpec.ReadTimestamp(ref s);
                sum += t.Seconds + t.Nanoseconds;
            }

            left = s.Length;

            // Skip, over nested values.
            for (int i = 0; i < Iterations; i++)
            {
                ReadOnlySpan<byte> nested = Nested;
                while (!nested.IsEmpty)
                {
                    MsgPackSpec.Skip(ref nested);
                    sum++;
                }
            }

            return sum;
        }

        // ---- Catalogs.

        private static List<WriterCase> BuildWriters()
        {
            var cases = new List<WriterCase>
            {
                new WriterCase("Nil", d => MsgPackSpec.WriteNil(d), (ref Span<byte> d) => MsgPackSpec.WriteNil(ref d)),
                new WriterCase("Boolean(False)", d => MsgPackSpec.WriteBoolean(d, false), (ref Span<byte> d) => MsgPackSpec.WriteBoolean(ref d, false)),
                new WriterCase("Boolean(True)", d => MsgPackSpec.WriteBoolean(d, true), (ref Span<byte> d) => MsgPackSpec.WriteBoolean(ref d, true)),
            };

            foreach (float v in Singles)
            {
                cases.Add(new WriterCase($"Single({Bits(v)})", d => MsgPackSpec.WriteSingle(d, v), (ref Span<byte> d) => MsgPackSpec.WriteSingle(ref d, v)));
            }

            foreach (double v in Doubles)
            {
                cases.Add(new WriterCase($"Double({Bits(v)})", d => MsgPackSpec.WriteDouble(d, v), (ref Span<byte> d) => MsgPackSpec.WriteDouble(ref d, v)));
            }

            foreach (long v in Integers)
            {
                cases.Add(new WriterCase($"Int64({Number(v)})", d => MsgPackSpec.WriteInt64(d, v), (ref Span<byte> d) => MsgPackSpec.WriteInt64(ref d, v)));
            }

            foreach (int v in Integers.Select(v => unchecked((int)v)).Distinct())
            {
                cases.Add(new WriterCase($"Int32({Number(v)})", d => MsgPackSpec.WriteInt32(d, v), (ref Span<byte> d) => MsgPackSpec.WriteInt32(ref d, v)));
            }

            foreach (short v in Integers.Select(v => unchecked((short)v)).Distinct())
            {
                cases.Add(new WriterCase($"Int16({Number(v)})", d => MsgPackSpec.WriteInt16(d, v), (ref Span<byte> d) => MsgPackSpec.WriteInt16(ref d, v)));
            }

            foreach (sbyte v in Integers.Select(v => unchecked((sbyte)v)).Distinct())
            {
                cases.Add(new WriterCase($"SByte({Number(v)})", d => MsgPackSpec.WriteSByte(d, v), (ref Span<byte> d) => MsgPackSpec.WriteSByte(ref d, v)));
            }

            foreach (ulong v in Integers.Select(v => unchecked((ulong)v)).Concat(new[] { 1UL << 63 }).Distinct())
            {
                cases.Add(new WriterCase($"UInt64({Number(v)})", d => MsgPackSpec.WriteUInt64(d, v), (ref Span<byte> d) => MsgPackSpec.WriteUInt64(ref d, v)));
            }

            foreach (uint v in Integers.Select(v => unchecked((uint)v)).Distinct())
            {
                cases.Add(new WriterCase($"UInt32({Number(v)})", d => MsgPackSpec.WriteUInt32(d, v), (ref Span<byte> d) => MsgPackSpec.WriteUInt32(ref d, v)));
            }

            foreach (ushort v in Integers.Select(v => unchecked((ushort)v)).Distinct())
            {
                cases.Add(new WriterCase($"UInt16({Number(v)})", d => MsgPackSpec.WriteUInt16(d, v), (ref Span<byte> d) => MsgPackSpec.WriteUInt16(ref d, v)));
            }

            foreach (byte v in Integers.Select(v => unchecked((byte)v)).Distinct())
            {
                cases.Add(new WriterCase($"Byte({Number(v)})", d => MsgPackSpec.WriteByte(d, v), (ref Span<byte> d) => MsgPackSpec.WriteByte(ref d, v)));
            }

            foreach (int v in HeaderValues)
            {
                cases.Add(new WriterCase($"ArrayHeader({v})", d => MsgPackSpec.WriteArrayHeader(d, v), (ref Span<byte> d) => MsgPackSpec.WriteArrayHeader(ref d, v)));
                cases.Add(new WriterCase($"MapHeader({v})", d => MsgPackSpec.WriteMapHeader(d, v), (ref Span<byte> d) => MsgPackSpec.WriteMapHeader(ref d, v)));
                cases.Add(new WriterCase($"StringHeader({v})", d => MsgPackSpec.WriteStringHeader(d, v), (ref Span<byte> d) => MsgPackSpec.WriteStringHeader(ref d, v)));
                cases.Add(new WriterCase($"BinaryHeader({v})", d => MsgPackSpec.WriteBinaryHeader(d, v), (ref Span<byte> d) => MsgPackSpec.WriteBinaryHeader(ref d, v)));
            }

            for (int i = 0; i < Texts.Length; i++)
            {
                string text = Texts[i];
                byte[] utf8 = Encoding.UTF8.GetBytes(text);
                string label = $"{i}, {text.Length} chars, {utf8.Length} bytes";
                cases.Add(new WriterCase($"String(chars, {label})", d => MsgPackSpec.WriteString(d, text.AsSpan()), (ref Span<byte> d) => MsgPackSpec.WriteString(ref d, text.AsSpan())));
                cases.Add(new WriterCase($"String(text, {label})", d => MsgPackSpec.WriteString(d, text), (ref Span<byte> d) => MsgPackSpec.WriteString(ref d, text)));
                cases.Add(new WriterCase($"String(utf8, {label})", d => MsgPackSpec.WriteString(d, utf8.AsSpan()), (ref Span<byte> d) => MsgPackSpec.WriteString(ref d, utf8.AsSpan())));
            }

            foreach (int length in Lengths)
            {
                byte[] payload = Payload(length);
                cases.Add(new WriterCase($"Binary({length})", d => MsgPackSpec.WriteBinary(d, payload), (ref Span<byte> d) => MsgPackSpec.WriteBinary(ref d, payload)));
            }

            for (int i = 0; i < ExtensionLengths.Length; i++)
            {
                int length = ExtensionLengths[i];
                sbyte typeCode = TypeCodes[i % TypeCodes.Length];
                var header = new ExtensionHeader(typeCode, length);
                byte[] data = Payload(length);
                cases.Add(new WriterCase($"ExtensionHeader({typeCode}, {length})", d => MsgPackSpec.WriteExtensionHeader(d, header), (ref Span<byte> d) => MsgPackSpec.WriteExtensionHeader(ref d, header)));
                cases.Add(new WriterCase($"Extension({typeCode}, {length})", d => MsgPackSpec.WriteExtension(d, typeCode, data), (ref Span<byte> d) => MsgPackSpec.WriteExtension(ref d, typeCode, data)));
            }

            var largest = new ExtensionHeader(-2, int.MaxValue);
            cases.Add(new WriterCase($"ExtensionHeader(-2, {int.MaxValue})", d => MsgPackSpec.WriteExtensionHeader(d, largest), (ref Span<byte> d) => MsgPackSpec.WriteExtensionHeader(ref d, largest)));

            foreach (Timestamp t in Timestamps)
            {
                cases.Add(new WriterCase($"Timestamp({t.Seconds}, {t.Nanoseconds})", d => MsgPackSpec.WriteTimestamp(d, t), (ref Span<byte> d) => MsgPackSpec.WriteTimestamp(ref d, t)));
            }

            return cases;
        }

        private static List<ReaderCase> BuildReaders()
        {
            var truncated = typeof(MsgPackTruncatedException);
            var overflow = typeof(MsgPackOverflowException);
            var unexpected = typeof(MsgPackUnexpectedCodeException);
            var utf8 = typeof(MsgPackInvalidUtf8Exception);
            var timestamp = typeof(MsgPackInvalidTimestampException);

            var cases = new List<ReaderCase>
            {
                new ReaderCase(
                    "Nil",
                    (ReadOnlySpan<byte> s, out int n) =>
                    {
                        MsgPackSpec.ReadNil(s, out n);
                        return "nil";
                    },
                    (ref ReadOnlySpan<byte> s) =>
                    {
                        MsgPackSpec.ReadNil(ref s);
                        return "nil";
                    },
                    HexValues("c0", "c0", "c0"),
                    ("c2", unexpected)),
                new ReaderCase(
                    "Boolean",
                    (ReadOnlySpan<byte> s, out int n) => Flag(MsgPackSpec.ReadBoolean(s, out n)),
                    (ref ReadOnlySpan<byte> s) => Flag(MsgPackSpec.ReadBoolean(ref s)),
                    HexValues("c3", "c2", "c3"),
                    ("c1", unexpected), ("a1 61", unexpected)),
            };

            cases.Add(Integer("Int64", long.MinValue, long.MaxValue, (ReadOnlySpan<byte> s, out int n) => Number(MsgPackSpec.ReadInt64(s, out n)), (ref ReadOnlySpan<byte> s) => Number(MsgPackSpec.ReadInt64(ref s))));
            cases.Add(Integer("Int32", int.MinValue, int.MaxValue, (ReadOnlySpan<byte> s, out int n) => Number(MsgPackSpec.ReadInt32(s, out n)), (ref ReadOnlySpan<byte> s) => Number(MsgPackSpec.ReadInt32(ref s))));
            cases.Add(Integer("Int16", short.MinValue, (ulong)short.MaxValue, (ReadOnlySpan<byte> s, out int n) => Number(MsgPackSpec.ReadInt16(s, out n)), (ref ReadOnlySpan<byte> s) => Number(MsgPackSpec.ReadInt16(ref s))));
            cases.Add(Integer("SByte", sbyte.MinValue, (ulong)sbyte.MaxValue, (ReadOnlySpan<byte> s, out int n) => Number(MsgPackSpec.ReadSByte(s, out n)), (ref ReadOnlySpan<byte> s) => Number(MsgPackSpec.ReadSByte(ref s))));
            cases.Add(Integer("UInt64", 0, ulong.MaxValue, (ReadOnlySpan<byte> s, out int n) => Number(MsgPackSpec.ReadUInt64(s, out n)), (ref ReadOnlySpan<byte> s) => Number(MsgPackSpec.ReadUInt64(ref s))));
            cases.Add(Integer("UInt32", 0, uint.MaxValue, (ReadOnlySpan<byte> s, out int n) => Number(MsgPackSpec.ReadUInt32(s, out n)), (ref ReadOnlySpan<byte> s) => Number(MsgPackSpec.ReadUInt32(ref s))));
            cases.Add(Integer("UInt16", 0, ushort.MaxValue, (ReadOnlySpan<byte> s, out int n) => Number(MsgPackSpec.ReadUInt16(s, out n)), (ref ReadOnlySpan<byte> s) => Number(MsgPackSpec.ReadUInt16(ref s))));
            cases.Add(Integer("Byte", 0, byte.MaxValue, (ReadOnlySpan<byte> s, out int n) => Number(MsgPackSpec.ReadByte(s, out n)), (ref ReadOnlySpan<byte> s) => Number(MsgPackSpec.ReadByte(ref s))));

            cases.Add(new ReaderCase(
                "Single",
                (ReadOnlySpan<byte> s, out int n) => Bits(MsgPackSpec.ReadSingle(s, out n)),
                (ref ReadOnlySpan<byte> s) => Bits(MsgPackSpec.ReadSingle(ref s)),
                Singles.Select(v => Encode(d => MsgPackSpec.WriteSingle(d, v))).ToArray(),
                ("05", unexpected)));
            cases.Add(new ReaderCase(
                "Double",
                (ReadOnlySpan<byte> s, out int n) => Bits(MsgPackSpec.ReadDouble(s, out n)),
                (ref ReadOnlySpan<byte> s) => Bits(MsgPackSpec.ReadDouble(ref s)),
                Doubles.Select(v => Encode(d => MsgPackSpec.WriteDouble(d, v))).Concat(Singles.Select(v => Encode(d => MsgPackSpec.WriteSingle(d, v)))).ToArray(),
                ("05", unexpected)));

            byte[][] strings = Texts.Select(t => Encode(d => MsgPackSpec.WriteString(d, t.AsSpan()))).Concat(HexValues("d9 00", "da 00 01 7a", "db 00 00 00 02 c3 a9")).ToArray();
            cases.Add(new ReaderCase(
                "StringHeader",
                (ReadOnlySpan<byte> s, out int n) => Number(MsgPackSpec.ReadStringHeader(s, out n)),
                (ref ReadOnlySpan<byte> s) => Number(MsgPackSpec.ReadStringHeader(ref s)),
                HeaderValues.Select(v => Encode(d => MsgPackSpec.WriteStringHeader(d, v))).Concat(HexValues("d9 00", "da 00 00", "db 00 00 00 00", "db 7f ff ff ff")).ToArray(),
                ("db 80 00 00 00", overflow), ("c4 00", unexpected)));
            cases.Add(new ReaderCase(
                "StringBytes",
                (ReadOnlySpan<byte> s, out int n) => Located(MsgPackSpec.ReadStringBytes(s, out n), s),
                (ref ReadOnlySpan<byte> s) =>
                {
                    ReadOnlySpan<byte> start = s;
                    return Located(MsgPackSpec.ReadStringBytes(ref s), start);
                },
                strings,
                ("a2 c3 28", utf8), ("db 80 00 00 00", overflow), ("c4 00", unexpected)));
            cases.Add(new ReaderCase(
                "String",
                (ReadOnlySpan<byte> s, out int n) => MsgPackSpec.ReadString(s, out n),
                (ref ReadOnlySpan<byte> s) => MsgPackSpec.ReadString(ref s),
                strings,
                ("a2 c3 28", utf8), ("a1 80", utf8), ("db 80 00 00 00", overflow), ("c4 00", unexpected)));

            cases.Add(new ReaderCase(
                "BinaryHeader",
                (ReadOnlySpan<byte> s, out int n) => Number(MsgPackSpec.ReadBinaryHeader(s, out n)),
                (ref ReadOnlySpan<byte> s) => Number(MsgPackSpec.ReadBinaryHeader(ref s)),
                HeaderValues.Select(v => Encode(d => MsgPackSpec.WriteBinaryHeader(d, v))).Concat(HexValues("c5 00 00", "c6 00 00 00 00")).ToArray(),
                ("c6 80 00 00 00", overflow), ("a0", unexpected)));
            cases.Add(new ReaderCase(
                "Binary",
                (ReadOnlySpan<byte> s, out int n) => Located(MsgPackSpec.ReadBinary(s, out n), s),
                (ref ReadOnlySpan<byte> s) =>
                {
                    ReadOnlySpan<byte> start = s;
                    return Located(MsgPackSpec.ReadBinary(ref s), start);
                },
                Lengths.Select(l => Encode(d => MsgPackSpec.WriteBinary(d, Payload(l)))).Concat(HexValues("c5 00 01 ff", "c6 00 00 00 02 01 02")).ToArray(),
                ("c6 80 00 00 00", overflow), ("a0", unexpected)));

            cases.Add(new ReaderCase(
                "ArrayHeader",
                (ReadOnlySpan<byte> s, out int n) => Number(MsgPackSpec.ReadArrayHeader(s, out n)),
                (ref ReadOnlySpan<byte> s) => Number(MsgPackSpec.ReadArrayHeader(ref s)),
                HeaderValues.Select(v => Encode(d => MsgPackSpec.WriteArrayHeader(d, v))).Concat(HexValues("dc 00 00", "dd 00 00 00 01")).ToArray(),
                ("dd 80 00 00 00", overflow), ("80", unexpected)));
            cases.Add(new ReaderCase(
                "MapHeader",
                (ReadOnlySpan<byte> s, out int n) => Number(MsgPackSpec.ReadMapHeader(s, out n)),
                (ref ReadOnlySpan<byte> s) => Number(MsgPackSpec.ReadMapHeader(ref s)),
                HeaderValues.Select(v => Encode(d => MsgPackSpec.WriteMapHeader(d, v))).Concat(HexValues("de 00 00", "df 00 00 00 01")).ToArray(),
                ("df 80 00 00 00", overflow), ("90", unexpected)));

            cases.Add(new ReaderCase(
                "ExtensionHeader",
                (ReadOnlySpan<byte> s, out int n) => MsgPackSpec.ReadExtensionHeader(s, out n).ToString(),
                (ref ReadOnlySpan<byte> s) => MsgPackSpec.ReadExtensionHeader(ref s).ToString(),
                ExtensionLengths.Select((l, i) => Encode(d => MsgPackSpec.WriteExtensionHeader(d, new ExtensionHeader(TypeCodes[i % TypeCodes.Length], l))))
                    .Concat(HexValues("c7 00 05", "c8 00 01 05", "c9 00 00 00 00 05", "c9 7f ff ff ff 05")).ToArray(),
                ("c9 80 00 00 00 05", overflow), ("c4 00", unexpected)));
            cases.Add(new ReaderCase(
                "Extension",
                (ReadOnlySpan<byte> s, out int n) => Extension(MsgPackSpec.ReadExtension(s, out ExtensionHeader h, out n), h, s),
                (ref ReadOnlySpan<byte> s) =>
                {
                    ReadOnlySpan<byte> start = s;
                    ReadOnlySpan<byte> data = MsgPackSpec.ReadExtension(ref s, out ExtensionHeader h);
                    return Extension(data, h, start);
                },
                ExtensionLengths.Select((l, i) => Encode(d => MsgPackSpec.WriteExtension(d, TypeCodes[i % TypeCodes.Length], Payload(l)))).Concat(HexValues("c7 01 05 aa", "c9 00 00 00 02 05 aa bb")).ToArray(),
                ("c9 80 00 00 00 05", overflow), ("c4 00", unexpected)));
            cases.Add(new ReaderCase(
                "Timestamp",
                (ReadOnlySpan<byte> s, out int n) => Moment(MsgPackSpec.ReadTimestamp(s, out n)),
                (ref ReadOnlySpan<byte> s) => Moment(MsgPackSpec.ReadTimestamp(ref s)),
                Timestamps.Select(t => Encode(d => MsgPackSpec.WriteTimestamp(d, t))).Concat(HexValues("d7 ff 00 00 00 00 00 00 00 05", "c7 0c ff 00 00 00 00 00 00 00 00 00 00 00 05")).ToArray(),
                ("d4 ff 00", timestamp), ("d7 ff ff ff ff fc 00 00 00 00", timestamp), ("c7 0c ff 3b 9a ca 00 00 00 00 00 00 00 00 00", timestamp)));

            byte[][] skippable = cases.Where(c => c.Name is "Nil" or "Boolean" or "Int64" or "UInt64" or "Double" or "String" or "Binary" or "Extension" or "Timestamp")
                .SelectMany(c => c.Values)
                .Concat(new[] { Nested, Hex.ToBytes("90"), Hex.ToBytes("80"), Hex.ToBytes("92 91 90 81 a0 c0") })
                .ToArray();
            cases.Add(new ReaderCase(
                "Skip",
                (ReadOnlySpan<byte> s, out int n) =>
                {
                    n = MsgPackSpec.Skip(s);
                    return "skipped";
                },
                (ref ReadOnlySpan<byte> s) =>
                {
                    MsgPackSpec.Skip(ref s);
                    return "skipped";
                },
                skippable,
                ("db 80 00 00 00", overflow), ("92 c0 c1", unexpected), ("dd 00 00 00 03 c0 c0", truncated)));

            // Tokens that are whole values (scalars, timestamps, empty containers and payloads), so that a document of
            // them reads token after token.
            byte[][] tokens = cases.Where(c => c.Name is "Nil" or "Boolean" or "Int64" or "UInt64" or "Double" or "Timestamp")
                .SelectMany(c => c.Values)
                .Concat(HexValues("90", "80", "a0", "d9 00", "c4 00", "c7 00 05", "db 00 00 00 00"))
                .ToArray();
            cases.Add(new ReaderCase(
                "Token",
                (ReadOnlySpan<byte> s, out int n) => MsgPackSpec.ReadToken(s, out n).ToString(),
                (ref ReadOnlySpan<byte> s) => MsgPackSpec.ReadToken(ref s).ToString(),
                tokens,
                ("c1", unexpected), ("d4 ff 00", timestamp), ("dd 80 00 00 00", overflow), ("cd 01", truncated)));
            cases.Add(new ReaderCase(
                "Bytes",
                (ReadOnlySpan<byte> s, out int n) =>
                {
                    // What an index-based reader of three bytes would do: take them, or say how many are missing.
                    if (s.Length < 3)
                    {
                        throw new MsgPackTruncatedException(3, s.Length, "3 bytes");
                    }

                    n = 3;
                    return Hex.Of(s.Slice(0, 3));
                },
                (ref ReadOnlySpan<byte> s) => Hex.Of(MsgPackSpec.ReadBytes(ref s, 3)),
                HexValues("01 02 03", "c1 c1 c1", "00 00 00"),
                ("01 02", truncated)));

            return cases;
        }

        /// <summary>An integer reader over [min, max]: every value of <see cref="Integers"/> in range, smallest form, and 5 in every format; the first values out of range overflow.</summary>
        private static ReaderCase Integer(string name, long min, ulong max, IndexRead index, AdvancingRead advancing)
        {
            var values = Integers.Where(v => v >= min && (v < 0 || (ulong)v <= max)).Select(v => Encode(d => MsgPackSpec.WriteInt64(d, v))).ToList();
            if (max == ulong.MaxValue)
            {
                values.Add(Encode(d => MsgPackSpec.WriteUInt64(d, 1UL << 63)));
                values.Add(Encode(d => MsgPackSpec.WriteUInt64(d, ulong.MaxValue)));
            }

            values.AddRange(HexValues(Fives));
            var overflow = typeof(MsgPackOverflowException);
            var failures = new List<(string, Type)> { ("ca 00 00 00 00", typeof(MsgPackUnexpectedCodeException)) };
            if (max < ulong.MaxValue)
            {
                failures.Add((Hex.Of(Encode(d => MsgPackSpec.WriteUInt64(d, max + 1))), overflow));
            }

            if (min > long.MinValue)
            {
                failures.Add((Hex.Of(Encode(d => MsgPackSpec.WriteInt64(d, min - 1))), overflow));
            }

            if (min == 0)
            {
                failures.Add(("d3 ff ff ff ff ff ff ff ff", overflow));
            }

            return new ReaderCase(name, index, advancing, values.ToArray(), failures.ToArray());
        }

        // ---- Helpers.

        private static void AssertFailsWithoutMoving(ReaderCase reader, byte[] input, Type expected, string where)
        {
            Exception? indexFailure = Record.Exception(() => reader.Index(input, out _));
            Assert.True(indexFailure?.GetType() == expected, $"{where}: the index reader threw {indexFailure?.GetType().Name ?? "nothing"}, expected {expected.Name}");

            byte[] padded = new byte[Offset + input.Length];
            input.CopyTo(padded, Offset);
            ReadOnlySpan<byte> source = padded.AsSpan(Offset);
            Exception? failure = null;
            try
            {
                reader.Advancing(ref source);
            }
            catch (Exception e)
            {
                failure = e;
            }

            Assert.True(failure?.GetType() == expected, $"{where}: the advancing reader threw {failure?.GetType().Name ?? "nothing"}, expected {expected.Name}");
            Assert.Equal(where + ": " + indexFailure!.Message, where + ": " + failure!.Message);
            Assert.True(source.Length == input.Length, $"{where}: the span moved to {source.Length} of {input.Length} bytes");
            Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(source), ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(padded), Offset)), $"{where}: the span moved");
        }

        /// <summary>The lengths shorter than <paramref name="n"/> to try: all of them for short values, the edges for long ones.</summary>
        private static IEnumerable<int> ShorterRooms(int n) =>
            n <= 32 ? Enumerable.Range(0, n) : new[] { 0, 1, 2, 3, 4, 5, 6, 7, n / 2, n - 2, n - 1 }.Distinct();

        private static TheoryData<string> Names(IEnumerable<string> names)
        {
            var data = new TheoryData<string>();
            foreach (string name in names)
            {
                data.Add(name);
            }

            return data;
        }

        private static byte[] Scratch() => scratch ??= new byte[ScratchLength];

        private static byte[] Encode(IndexWrite write)
        {
            byte[] buffer = Scratch();
            int n = write(buffer);
            return buffer.AsSpan(0, n).ToArray();
        }

        private static byte[][] HexValues(params string[] hex) => hex.Select(Hex.ToBytes).ToArray();

        private static byte[] Padded(string hex) => Hex.ToBytes(hex + " 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00");

        private static byte[] Payload(int length) => Enumerable.Range(0, length).Select(i => (byte)(i * 7 + 1)).ToArray();

        private static byte[] Filled(int length)
        {
            byte[] buffer = new byte[length];
            buffer.AsSpan().Fill(Untouched);
            return buffer;
        }

        private static ref byte End(byte[] array) => ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(array), array.Length);

        private static void AssertSameBytes(byte[] expected, byte[] actual, string where)
        {
            Assert.Equal(expected.Length, actual.Length);
            for (int i = 0; i < expected.Length; i++)
            {
                if (expected[i] != actual[i])
                {
                    Assert.Fail($"{where}: byte {i} is {actual[i]:x2}, the index writer wrote {expected[i]:x2}");
                }
            }
        }

        private static void AssertUntouched(byte[] buffer, int from, string where)
        {
            for (int i = from; i < buffer.Length; i++)
            {
                if (buffer[i] != Untouched)
                {
                    Assert.Fail($"{where}: byte {i} was written");
                }
            }
        }

        private static string Number(IFormattable value) => value.ToString(null, CultureInfo.InvariantCulture);

        private static string Flag(bool value) => value ? "true" : "false";

        private static string Bits(float value) => $"{value.ToString("R", CultureInfo.InvariantCulture)} ({BitConverter.SingleToInt32Bits(value):x8})";

        private static string Bits(double value) => $"{value.ToString("R", CultureInfo.InvariantCulture)} ({BitConverter.DoubleToInt64Bits(value):x16})";

        private static string Moment(Timestamp value) => $"{value.Seconds}s {value.Nanoseconds}ns";

        /// <summary>Describes a span a reader returned: its length, where it lies in the input (it must not be a copy) and its first bytes.</summary>
        private static string Located(ReadOnlySpan<byte> data, ReadOnlySpan<byte> source)
        {
            if (data.IsEmpty)
            {
                return "empty";
            }

            long at = (long)Unsafe.ByteOffset(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(data));
            string preview = data.Length <= 24 ? Hex.Of(data) : Hex.Of(data.Slice(0, 24)) + " ...";
            return $"{data.Length} bytes at {at}: {preview}";
        }

        private static string Extension(ReadOnlySpan<byte> data, ExtensionHeader header, ReadOnlySpan<byte> source) => $"{header}; {Located(data, source)}";

        private sealed class WriterCase
        {
            public WriterCase(string name, IndexWrite index, AdvancingWrite advancing)
            {
                Name = name;
                Index = index;
                Advancing = advancing;
            }

            public string Name { get; }

            public IndexWrite Index { get; }

            public AdvancingWrite Advancing { get; }

            public override string ToString() => Name;
        }

        private sealed class ReaderCase
        {
            public ReaderCase(string name, IndexRead index, AdvancingRead advancing, byte[][] values, params (string Hex, Type Exception)[] failures)
            {
                Name = name;
                Index = index;
                Advancing = advancing;
                Values = values;
                Failures = failures;
                Document = values.SelectMany(v => v).ToArray();
            }

            public string Name { get; }

            public IndexRead Index { get; }

            public AdvancingRead Advancing { get; }

            /// <summary>The values the reader accepts, one encoding each.</summary>
            public byte[][] Values { get; }

            /// <summary>The values, one after the other.</summary>
            public byte[] Document { get; }

            public int Count => Values.Length;

            /// <summary>Inputs the reader must fail on, and the exception it throws.</summary>
            public (string Hex, Type Exception)[] Failures { get; }

            public override string ToString() => Name;
        }
    }
}
