using System;
using System.Buffers;
using System.Collections.Generic;
using System.Numerics;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>Custom converters ([MsgPackConverter]) on a type, on a member and on the assembly, called from generated code.</summary>
    public class ConverterTests
    {
        private static readonly DateTime NewYear = new DateTime(2021, 1, 1, 0, 0, 0, DateTimeKind.Utc);

        internal static Converted Sample() => new Converted
        {
            Color = new Rgb(1, 2, 3),
            Highlight = null,
            Created = NewYear,
            Signal = new Complex(1.5, -2),
            Palette = new List<Rgb> { new Rgb(0, 0, 0), new Rgb(255, 255, 255) },
            Samples = new Dictionary<string, Complex> { ["a"] = new Complex(0, 1) },
            Target = new Option<Spot>(new Spot(1, 2)),
            Stamped = NewYear,
        };

        /// <summary>The bytes each converter writes, spelled with the library's own writers: a test of where each converter is found.</summary>
        private static byte[] Expected()
        {
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            writer.WriteArrayHeader(8);
            writer.WriteUInt32(0x010203);                     // Color: the type's converter
            writer.WriteNil();                                // Highlight: null, written by the generated code
            writer.WriteInt64(1609459200);                    // Created: the member's converter (Unix seconds)
            writer.WriteArrayHeader(2);                       // Signal: the assembly's converter
            writer.WriteDouble(1.5);
            writer.WriteDouble(-2);
            writer.WriteArrayHeader(2);                       // Palette: the type's converter per element
            writer.WriteUInt32(0);
            writer.WriteUInt32(0xffffff);
            writer.WriteMapHeader(1);                         // Samples: the assembly's converter per value
            writer.WriteString("a");
            writer.WriteArrayHeader(2);
            writer.WriteDouble(0);
            writer.WriteDouble(1);
            writer.WriteArrayHeader(2);                       // Target: the assembly's generic converter, closed for Spot
            writer.WriteInt32(1);
            writer.WriteInt32(2);
            writer.WriteTimestamp(Timestamp.FromDateTime(NewYear)); // Stamped: no converter, the generator's own mapping
            writer.Flush();
            return output.WrittenSpan.ToArray();
        }

        [Fact]
        public void Each_place_of_a_converter_writes_its_bytes_through_every_door_and_reads_them_back()
        {
            Converted value = Sample();
            byte[] expected = Expected();
            Assert.Equal(expected.Length, Converted.GetEncodedLength(value));

            byte[] span = new byte[expected.Length];
            Assert.Equal(expected.Length, Converted.Write(span, value));
            Assert.Equal(expected, span);

            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            Converted.Write(ref writer, value);
            writer.Flush();
            Assert.Equal(expected, output.WrittenSpan.ToArray());

            for (int cut = 0; cut <= expected.Length; cut++)
            {
                var reader = new MsgPackReader(Sequences.Split(expected, cut));
                AssertSame(value, Converted.Read(ref reader));
                Assert.Equal(expected.Length, reader.Consumed);
            }
        }

        [Fact]
        public void None_and_null_go_through_their_own_paths()
        {
            var value = new Converted { Highlight = new Rgb(9, 9, 9), Target = default, Created = NewYear, Stamped = NewYear };
            byte[] bytes = new byte[Converted.GetEncodedLength(value)];
            Converted.Write(bytes, value);
            Converted read = Converted.Read(bytes, out int length);
            Assert.Equal(bytes.Length, length);
            Assert.Equal(new Rgb(9, 9, 9), read.Highlight);
            Assert.False(read.Target.HasValue);
            Assert.Null(read.Palette);
            Assert.Null(read.Samples);
        }

        [Fact]
        public void Writing_through_converters_allocates_nothing()
        {
            Converted value = Sample();
            byte[] bytes = new byte[Converted.GetEncodedLength(value)];
            Converted.Write(bytes, value);
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 100; i++)
            {
                Converted.GetEncodedLength(value);
                Converted.Write(bytes, value);
                Span<byte> rest = bytes;
                Converted.Write(ref rest, value);
            }

            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        [Fact]
        public void A_converter_s_failure_is_reported_under_its_member()
        {
            byte[] bytes = Expected();

            // Color 0x01000000 is not a colour: the converter's own exception, under $.Color.
            byte[] bad = new byte[bytes.Length];
            bytes.CopyTo(bad, 0);
            bad[2] = 0x01;
            MsgPackSerializationException error = Assert.Throws<MsgPackSerializationException>(() => Converted.Read(bad, out _));
            Assert.Equal("$.Color", error.Path);
            Assert.Equal(6, error.Offset); // where the reader stood when the converter threw: after the value it read
            Assert.Equal(OperationStatus.InvalidData, Converted.TryRead(bad, out _, out _));

            // A value the converter's reads refuse: the library's exception at the value's start, under the element.
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            writer.WriteArrayHeader(5);
            writer.WriteUInt32(0);
            writer.WriteNil();
            writer.WriteInt64(0);
            writer.WriteArrayHeader(2);
            writer.WriteDouble(0);
            writer.WriteDouble(0);
            writer.WriteArrayHeader(1);
            writer.WriteString("red");
            writer.Flush();
            error = Assert.Throws<MsgPackSerializationException>(() => Converted.Read(output.WrittenSpan, out _));
            Assert.Equal("$.Palette[0]", error.Path);
            Assert.Equal(output.WrittenCount - 4, error.Offset);
            Assert.IsType<MsgPackUnexpectedCodeException>(error.InnerException);
        }

        private static void AssertSame(Converted expected, Converted actual)
        {
            Assert.Equal(expected.Color, actual.Color);
            Assert.Equal(expected.Highlight, actual.Highlight);
            Assert.Equal(expected.Created, actual.Created);
            Assert.Equal(expected.Signal, actual.Signal);
            Assert.Equal(expected.Palette, actual.Palette);
            Assert.Equal(expected.Samples, actual.Samples);
            Assert.Equal(expected.Target.HasValue, actual.Target.HasValue);
            Assert.Equal(expected.Target.Value, actual.Target.Value);
            Assert.Equal(expected.Stamped, actual.Stamped);
        }
    }
}
