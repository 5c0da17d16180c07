using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;
using MsgPack.Spec.Fuzzing;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>
    /// Every str door writes and reads the same bytes: the index span writer (exact room, room for the longest form,
    /// one byte short), TryWriteString, the advancing writers, the pointer writer (given exactly the room the value
    /// needs, ending at an unreadable page), MsgPackWriter (one array, and segments too small for the value), and the
    /// span, advancing, pointer and MsgPackReader readers. Texts of ASCII, 2-byte (Cyrillic), 3-byte, 4-byte (emoji)
    /// characters and lone surrogates, around the header boundaries 31/32, 255/256 and 65535/65536 bytes, and at random.
    /// </summary>
    public unsafe class StringDoorTests
    {
        private const byte Untouched = 0xee;

        // Units each text is made of: the encoder's paths (short ASCII, the ASCII run, 2-byte blocks with and without
        // ASCII, 3- and 4-byte characters after a 2-byte run, a lone surrogate) in turn.
        private static readonly string[] Patterns =
        {
            "x",
            "\u041f",
            "\u041f\u0440\u0438\u0432\u0435\u0442 ",
            "\u0421\u044a\u0435\u0448\u044c \u0436\u0435, ",
            "a\u00e9",
            "\u20ac",
            "\U0001F600",
            "\u041f\u0440\u0438\u0432\u0435\u0442 \U0001F680 ",
            "\u0436\u0435\ud800",
            "ab\udc00\u0436",
            "\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u4e2d",
        };

        public static TheoryData<int, int> BoundaryCases()
        {
            var data = new TheoryData<int, int>();
            for (int pattern = 0; pattern < Patterns.Length; pattern++)
            {
                foreach (int boundary in new[] { 31, 32, 255, 256, 65535, 65536 })
                {
                    data.Add(pattern, boundary);
                }
            }

            return data;
        }

        [Theory]
        [MemberData(nameof(BoundaryCases))]
        public void EveryDoorWritesAndReadsTheSameBytesAroundHeaderBoundaries(int pattern, int boundary)
        {
            // Texts whose UTF-8 length is a few bytes either side of the boundary.
            for (int delta = -4; delta <= 4; delta++)
            {
                string text = TextOfUtf8Length(Patterns[pattern], boundary + delta);
                CheckEveryDoor(text);
            }
        }

        [Fact]
        public void EveryDoorAgreesOnRandomTexts()
        {
            var random = new Random(21);
            string[] units = { "a", " ", "Z", ",", "\u00e9", "\u041f", "\u0436", "\u07ff", "\u0800", "\u20ac", "\uffff", "\U0001F600", "\U0010FFFF", "\ud800", "\udfff" };
            for (int round = 0; round < 3000; round++)
            {
                // Mostly one or two kinds of unit, as real text is, sometimes anything.
                int kinds = random.Next(4) == 0 ? units.Length : 2;
                int first = random.Next(units.Length);
                int second = random.Next(units.Length);
                int length = round % 10 == 0 ? random.Next(300) : random.Next(70);
                var builder = new StringBuilder();
                while (builder.Length < length)
                {
                    builder.Append(kinds == 2 ? (random.Next(3) == 0 ? units[second] : units[first]) : units[random.Next(units.Length)]);
                }

                CheckEveryDoor(builder.ToString());
            }
        }

        private static string TextOfUtf8Length(string pattern, int utf8Length)
        {
            var builder = new StringBuilder();
            int bytes = 0;
            int i = 0;
            while (true)
            {
                // Whole UTF-16 units of the pattern (a surrogate pair as one), padded with ASCII at the end.
                int take = char.IsHighSurrogate(pattern[i]) && i + 1 < pattern.Length && char.IsLowSurrogate(pattern[i + 1]) ? 2 : 1;
                int size = Encoding.UTF8.GetByteCount(pattern.Substring(i, take));
                if (bytes + size > utf8Length)
                {
                    break;
                }

                builder.Append(pattern, i, take);
                bytes += size;
                i = (i + take) % pattern.Length;
            }

            builder.Append('.', utf8Length - bytes);
            string text = builder.ToString();
            Assert.Equal(utf8Length, Encoding.UTF8.GetByteCount(text));
            return text;
        }

        private static byte[] Expected(string text)
        {
            byte[] utf8 = Encoding.UTF8.GetBytes(text); // lone surrogates as U+FFFD, as the writers do
            byte[] header = new byte[5];
            int headerLength = utf8.Length <= 31 ? Put(header, (byte)(0xa0 | utf8.Length))
                : utf8.Length <= byte.MaxValue ? Put(header, 0xd9, (byte)utf8.Length)
                : utf8.Length <= ushort.MaxValue ? Put(header, 0xda, (byte)(utf8.Length >> 8), (byte)utf8.Length)
                : Put(header, 0xdb, (byte)(utf8.Length >> 24), (byte)(utf8.Length >> 16), (byte)(utf8.Length >> 8), (byte)utf8.Length);
            byte[] expected = new byte[headerLength + utf8.Length];
            header.AsSpan(0, headerLength).CopyTo(expected);
            utf8.CopyTo(expected, headerLength);
            return expected;
        }

        private static int Put(byte[] header, params byte[] bytes)
        {
            bytes.CopyTo(header, 0);
            return bytes.Length;
        }

        private static byte[] Filled(int length)
        {
            byte[] buffer = new byte[length];
            buffer.AsSpan().Fill(Untouched);
            return buffer;
        }

        private static void AssertWritten(byte[] expected, byte[] buffer, int written, string door)
        {
            Assert.True(expected.Length == written, $"{door}: wrote {written} bytes, expected {expected.Length}");
            Assert.True(buffer.AsSpan(0, written).SequenceEqual(expected), $"{door}: bytes differ");
            Assert.True(buffer.AsSpan(written).IndexOfAnyExcept(Untouched) < 0, $"{door}: wrote past the value");
        }

        private static void CheckEveryDoor(string text)
        {
            byte[] expected = Expected(text);
            int total = expected.Length;
            Assert.Equal(total, MsgPackSpec.GetStringEncodedLength(text));

            // Index span: exact room (counted), room for the longest form (one pass), more than that.
            foreach (int room in new[] { total, (3 * text.Length) + 5, (3 * text.Length) + 5 + 64 })
            {
                if (room < total)
                {
                    continue;
                }

                byte[] buffer = Filled(room);
                AssertWritten(expected, buffer, MsgPackSpec.WriteString(buffer, text), $"WriteString(span of {room})");

                buffer = Filled(room);
                AssertWritten(expected, buffer, MsgPackSpec.WriteString(buffer, text.AsSpan()), $"WriteString(span of {room}, chars)");

                buffer = Filled(room);
                Assert.True(MsgPackSpec.TryWriteString(buffer, text, out int tried));
                AssertWritten(expected, buffer, tried, $"TryWriteString(span of {room})");

                buffer = Filled(room);
                Span<byte> rest = buffer;
                MsgPackSpec.WriteString(ref rest, text);
                AssertWritten(expected, buffer, room - rest.Length, $"WriteString(ref span of {room})");

                buffer = Filled(room);
                rest = buffer;
                Assert.True(MsgPackSpec.TryWriteString(ref rest, text));
                AssertWritten(expected, buffer, room - rest.Length, $"TryWriteString(ref span of {room})");
            }

            byte[] small = Filled(total - 1);
            Assert.False(MsgPackSpec.TryWriteString(small, text, out int needed));
            Assert.Equal(total, needed);
            Assert.Throws<ArgumentException>(() => MsgPackSpec.WriteString(new byte[total - 1], text));

            // Pointer: exactly the room the value needs, ending at an unreadable, unwritable page.
            using (var guarded = new GuardedBuffer(total))
            {
                byte* start = guarded.Place(Filled(total));
                Assert.Equal(total, MsgPackSpec.WriteString(start, text));
                Assert.True(new ReadOnlySpan<byte>(start, total).SequenceEqual(expected), "WriteString(byte*): bytes differ");

                start = guarded.Place(Filled(total));
                Assert.Equal(total, MsgPackSpec.WriteString(start, text.AsSpan()));
                Assert.True(new ReadOnlySpan<byte>(start, total).SequenceEqual(expected), "WriteString(byte*, chars): bytes differ");
            }

            // MsgPackWriter: one growing array, a fixed-size one (exact room), and segments smaller than the value.
            var array = new ArrayBufferWriter<byte>(1);
            var writer = new MsgPackWriter(array);
            writer.WriteString(text);
            writer.Flush();
            Assert.True(array.WrittenSpan.SequenceEqual(expected), "MsgPackWriter(ArrayBufferWriter): bytes differ");

            using (var segments = new SegmentedBufferWriter(64))
            {
                var segmented = new MsgPackWriter(segments);
                segmented.WriteString(text);
                segmented.Flush();
                Assert.True(segments.WrittenSequence.ToArray().AsSpan().SequenceEqual(expected), "MsgPackWriter(SegmentedBufferWriter): bytes differ");
            }

            // Readers: span, advancing, pointer, MsgPackReader over one segment and over 7-byte segments.
            string expectedText = Encoding.UTF8.GetString(Encoding.UTF8.GetBytes(text)); // lone surrogates read back as U+FFFD
            Assert.Equal(expectedText, MsgPackSpec.ReadString(expected, out int read));
            Assert.Equal(total, read);
            ReadOnlySpan<byte> source = expected;
            Assert.Equal(expectedText, MsgPackSpec.ReadString(ref source));
            Assert.True(source.IsEmpty);
            fixed (byte* p = expected)
            {
                Assert.Equal(expectedText, MsgPackSpec.ReadString(p, total, out read));
                Assert.Equal(total, read);
            }

            var reader = new MsgPackReader(new ReadOnlySequence<byte>(expected));
            Assert.Equal(expectedText, reader.ReadString());
            reader = new MsgPackReader(Sequences.Split(expected, 7, withEmpty: false));
            Assert.Equal(expectedText, reader.ReadString());
        }
    }
}
