using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using Xunit;
using MsgPack.Spec.Tests.Contracts;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>
    /// The <see cref="string"/> overloads, which exist for C# 7.3 and .NET Framework callers (there a string does not
    /// convert to <see cref="ReadOnlySpan{T}"/> of char): each writes exactly what its <c>ReadOnlySpan&lt;char&gt;</c>
    /// twin writes, throws <see cref="ArgumentNullException"/> for null instead of writing anything (nil included), and
    /// allocates nothing. tests/MsgPack.Spec.Net48Consumer compiles them at C# 7.3 against the netstandard2.0 build.
    /// </summary>
    public unsafe class StringOverloadTests
    {
        private const byte Untouched = 0xaa;

        private const int Iterations = 1000;

        private static readonly Dictionary<string, string> Texts = new Dictionary<string, string>
        {
            ["empty"] = string.Empty,
            ["ascii"] = "id",
            ["ascii, 31 chars (fixstr)"] = new string('a', 31),
            ["ascii, 32 chars (str 8)"] = new string('a', 32),
            ["2-byte chars"] = "h\u00e9llo, w\u00f6rld",
            ["a surrogate pair"] = "\U0001F600",
            ["3-byte chars, 20 (fixstr guess, str 8 written)"] = new string('\u20ac', 20),
            ["ascii, 70,000 chars (str 32)"] = new string('x', 70000),
            ["2-byte chars, 70,000 (str 32)"] = new string('\u00e9', 70000),
        };

        // Inputs of the allocation test.
        private static readonly string ShortText = "h\u00e9llo, w\u00f6rld \U0001F600";
        private static readonly string LongText = new string('x', 300);

        public static TheoryData<string> TextNames
        {
            get
            {
                var data = new TheoryData<string>();
                foreach (string name in Texts.Keys)
                {
                    data.Add(name);
                }

                return data;
            }
        }

        [Theory]
        [MemberData(nameof(TextNames))]
        public void EachStringOverloadWritesWhatItsSpanTwinWrites(string name)
        {
            string text = Texts[name];
            int n = MsgPackSpec.GetStringEncodedLength(text.AsSpan());
            byte[] expected = Filled(n);
            Assert.Equal(n, MsgPackSpec.WriteString(expected, text.AsSpan()));
            Assert.Equal(Encoding.UTF8.GetBytes(text), MsgPackSpec.ReadStringBytes(expected, out _).ToArray());

            Assert.Equal(n, MsgPackSpec.GetStringEncodedLength(text));

            // A destination of exactly the value's length (the writer counts first) and one with room for the longest
            // form (the writer encodes in one pass): the same bytes, and nothing after them.
            foreach (int room in new[] { n, (3 * text.Length) + 5 + 8 })
            {
                byte[] span = Filled(room);
                Assert.Equal(n, MsgPackSpec.WriteString(span, text));
                AssertWritten(expected, span, $"WriteString(Span<byte>, string) into {room} bytes");

                byte[] tried = Filled(room);
                Assert.True(MsgPackSpec.TryWriteString(tried, text, out int written));
                Assert.Equal(n, written);
                AssertWritten(expected, tried, $"TryWriteString(Span<byte>, string) into {room} bytes");

                byte[] pointed = Filled(room);
                fixed (byte* p = pointed)
                {
                    Assert.Equal(n, MsgPackSpec.WriteString(p, text));
                }

                AssertWritten(expected, pointed, $"WriteString(byte*, string) into {room} bytes");

                byte[] advanced = Filled(room);
                Span<byte> rest = advanced;
                MsgPackSpec.WriteString(ref rest, text);
                Assert.Equal(room - n, rest.Length);
                if (room > n)
                {
                    Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(rest), ref advanced[n]), "the span does not start right after the value");
                }

                AssertWritten(expected, advanced, $"WriteString(ref Span<byte>, string) into {room} bytes");
            }

            // Too little room: the Try form reports the size needed and writes nothing; the others throw, writing nothing.
            byte[] shortBuffer = Filled(n - 1);
            Assert.False(MsgPackSpec.TryWriteString(shortBuffer, text, out int needed));
            Assert.Equal(n, needed);
            Assert.Throws<ArgumentException>(() => MsgPackSpec.WriteString(shortBuffer, text));
            Span<byte> shortRest = shortBuffer;
            try
            {
                MsgPackSpec.WriteString(ref shortRest, text);
                Assert.Fail("WriteString(ref Span<byte>, string) into too little room did not throw");
            }
            catch (ArgumentException)
            {
                Assert.Equal(n - 1, shortRest.Length);
            }

            Assert.All(shortBuffer, b => Assert.Equal(Untouched, b));

            // The streaming writer: over one pooled array, and over segments the text has to be split across.
            using (var pooled = new PooledBufferWriter())
            {
                var writer = new MsgPackWriter(pooled);
                writer.WriteString(text);
                writer.Flush();
                Assert.Equal(expected, pooled.WrittenSpan.ToArray());
            }

            using (var segmented = new SegmentedBufferWriter(16))
            {
                var writer = new MsgPackWriter(segmented);
                writer.WriteString(text);
                writer.Flush();
                Assert.Equal(expected, segmented.ToArray());
            }
        }

        [Fact]
        public void ANullStringThrowsArgumentNullExceptionForValueAndWritesNothing()
        {
            string text = null!;
            byte[] buffer = Filled(16);

            Assert.Equal("value", Assert.Throws<ArgumentNullException>(() => MsgPackSpec.GetStringEncodedLength(text)).ParamName);
            Assert.Equal("value", Assert.Throws<ArgumentNullException>(() => MsgPackSpec.WriteString(buffer, text)).ParamName);
            Assert.Equal("value", Assert.Throws<ArgumentNullException>(() => MsgPackSpec.TryWriteString(buffer, text, out _)).ParamName);
            Assert.Equal("value", Assert.Throws<ArgumentNullException>(() =>
            {
                fixed (byte* p = buffer)
                {
                    MsgPackSpec.WriteString(p, text);
                }
            }).ParamName);

            Span<byte> rest = buffer;
            try
            {
                MsgPackSpec.WriteString(ref rest, text);
                Assert.Fail("WriteString(ref Span<byte>, null) did not throw");
            }
            catch (ArgumentNullException e)
            {
                Assert.Equal("value", e.ParamName);
                Assert.Equal(buffer.Length, rest.Length);
            }

            Assert.All(buffer, b => Assert.Equal(Untouched, b));

            using var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            writer.WriteInt32(1);
            try
            {
                writer.WriteString(text);
                Assert.Fail("MsgPackWriter.WriteString(null) did not throw");
            }
            catch (ArgumentNullException e)
            {
                Assert.Equal("value", e.ParamName);
            }

            writer.Flush();
            Assert.Equal("01", Hex.Of(output.WrittenSpan));
        }

        [Fact]
        public void OverloadResolutionPicksTheStringOverloadForAStringAndTheUtf8OverloadForBytes()
        {
            // Compiling this is most of the test: with the string overloads beside the ReadOnlySpan<char> and
            // ReadOnlySpan<byte> ones, none of these calls is ambiguous (on C# 14, where a string also converts to
            // ReadOnlySpan<char>, the identity conversion wins). The bytes show that each went where it should.
            byte[] utf8 = { 0xc3, 0xa9 };
            byte[] buffer = new byte[8];
            Assert.Equal(3, MsgPackSpec.WriteString(buffer, "\u00e9"));
            Assert.Equal("a2 c3 a9", Hex.Of(buffer.AsSpan(0, 3)));
            Assert.Equal(3, MsgPackSpec.WriteString(buffer, "\u00e9"u8));
            Assert.Equal("a2 c3 a9", Hex.Of(buffer.AsSpan(0, 3)));
            Assert.Equal(3, MsgPackSpec.WriteString(buffer, (ReadOnlySpan<byte>)utf8));
            Assert.Equal(3, MsgPackSpec.WriteString(buffer, utf8.AsSpan()));
            Assert.Equal(3, MsgPackSpec.WriteString(buffer, "\u00e9".AsSpan()));
            Assert.Equal(3, MsgPackSpec.WriteString(buffer, new[] { '\u00e9' }.AsSpan()));

            // Bytes that are not UTF-8 go out as they are: only the ReadOnlySpan<byte> overload does that.
            byte[] latin1 = { 0xe9 };
            Assert.Equal(2, MsgPackSpec.WriteString(buffer, latin1));
            Assert.Equal("a1 e9", Hex.Of(buffer.AsSpan(0, 2)));

            Span<byte> rest = buffer;
            MsgPackSpec.WriteString(ref rest, "id");
            MsgPackSpec.WriteString(ref rest, "id"u8);
            Assert.Equal("a2 69 64 a2 69 64", Hex.Of(buffer.AsSpan(0, 6)));
        }

        [Fact]
        public void TheStringOverloadsAllocateNothing()
        {
            byte[] destination = new byte[2048];
            using var output = new PooledBufferWriter();
            long once = 0;
            for (int i = 0; i < 3; i++)
            {
                once = WriteAll(destination, output);
            }

            Assert.True(once > 0);

            // Up to three runs, one of which must allocate exactly 0 B, as in ZeroAllocationTests and
            // StreamingZeroAllocationTests: what this forgives is one allocation the runtime made once on the thread.
            long allocated = long.MaxValue;
            for (int attempt = 0; attempt < 3 && allocated != 0; attempt++)
            {
                long sum = 0;
                long before = GC.GetAllocatedBytesForCurrentThread();
                for (int i = 0; i < Iterations; i++)
                {
                    sum += WriteAll(destination, output);
                }

                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                Assert.Equal(once * Iterations, sum);
            }

            Assert.Equal(0, allocated);
        }

        /// <summary>Every string overload, on a short multi-byte text and a longer one; no lambdas, no boxing.</summary>
        private static long WriteAll(byte[] destination, PooledBufferWriter output)
        {
            long sum = 0;
            Span<byte> d = destination;
            sum += MsgPackSpec.GetStringEncodedLength(ShortText) + MsgPackSpec.GetStringEncodedLength(LongText);
            sum += MsgPackSpec.WriteString(d, ShortText) + MsgPackSpec.WriteString(d, LongText);
            sum += MsgPackSpec.TryWriteString(d, ShortText, out int n) ? n : -1;
            sum += MsgPackSpec.TryWriteString(d, LongText, out n) ? n : -1;
            sum += MsgPackSpec.TryWriteString(d.Slice(0, 3), LongText, out n) ? -1 : n;
            fixed (byte* p = destination)
            {
                sum += MsgPackSpec.WriteString(p, ShortText) + MsgPackSpec.WriteString(p, LongText);
            }

            Span<byte> rest = d;
            MsgPackSpec.WriteString(ref rest, ShortText);
            MsgPackSpec.WriteString(ref rest, LongText);
            sum += d.Length - rest.Length;

            output.Reset();
            var writer = new MsgPackWriter(output);
            writer.WriteString(ShortText);
            writer.WriteString(LongText);
            writer.Flush();
            sum += output.WrittenCount;
            return sum;
        }

        private static byte[] Filled(int length) => Enumerable.Repeat(Untouched, length).ToArray();

        /// <summary>The destination starts with the expected bytes and is untouched after them.</summary>
        private static void AssertWritten(byte[] expected, byte[] actual, string where)
        {
            Assert.True(actual.AsSpan(0, expected.Length).SequenceEqual(expected), $"{where}: the bytes differ from the span overload's");
            Assert.True(actual.AsSpan(expected.Length).IndexOfAnyExcept(Untouched) < 0, $"{where}: a byte after the value was written");
        }
    }
}
