using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using MsgPack.Spec.Tests.Reader;
using Xunit;

namespace MsgPack.Spec.Tests.Dynamic
{
    /// <summary>
    /// <see cref="MsgPackDynamic"/>'s read: every format into the .NET type MessagePack-CSharp's primitive object
    /// formatter makes of it, over spans and cut sequences alike, and the reader moved only on success.
    /// </summary>
    public class DynamicReadTests
    {
        public static IEnumerable<object[]> Formats() => new[]
        {
            new object[] { "c0", null!, null! },
            new object[] { "c3", typeof(bool), true },
            new object[] { "c2", typeof(bool), false },
            new object[] { "05", typeof(byte), (byte)5 },
            new object[] { "7f", typeof(byte), (byte)127 },
            new object[] { "ff", typeof(sbyte), (sbyte)-1 },
            new object[] { "e0", typeof(sbyte), (sbyte)-32 },
            new object[] { "cc 05", typeof(byte), (byte)5 },
            new object[] { "cc ff", typeof(byte), (byte)255 },
            new object[] { "cd 00 05", typeof(ushort), (ushort)5 },
            new object[] { "ce 00 00 00 05", typeof(uint), 5u },
            new object[] { "cf ff ff ff ff ff ff ff ff", typeof(ulong), ulong.MaxValue },
            new object[] { "d0 05", typeof(sbyte), (sbyte)5 },
            new object[] { "d0 80", typeof(sbyte), sbyte.MinValue },
            new object[] { "d1 80 00", typeof(short), short.MinValue },
            new object[] { "d2 00 00 00 05", typeof(int), 5 },
            new object[] { "d3 80 00 00 00 00 00 00 00", typeof(long), long.MinValue },
            new object[] { "ca 3f c0 00 00", typeof(float), 1.5f },
            new object[] { "cb 3f f8 00 00 00 00 00 00", typeof(double), 1.5 },
            new object[] { "a3 41 64 61", typeof(string), "Ada" },
            new object[] { "d9 00", typeof(string), string.Empty },
            new object[] { "c4 02 01 02", typeof(byte[]), new byte[] { 1, 2 } },
            new object[] { "d6 ff 00 00 00 01", typeof(DateTime), DateTime.UnixEpoch.AddSeconds(1) },
            new object[] { "d4 05 2a", typeof(MsgPackExtension), new MsgPackExtension(5, new byte[] { 0x2a }) },
            new object[] { "c7 00 7f", typeof(MsgPackExtension), new MsgPackExtension(127, Array.Empty<byte>()) },
        };

        [Theory]
        [MemberData(nameof(Formats))]
        public void Each_format_reads_as_the_type_MessagePack_CSharp_makes_of_it(string hex, Type? type, object? expected)
        {
            byte[] bytes = Hex.ToBytes(hex);
            object? value = MsgPackDynamic.Read(bytes, out int read);
            Assert.Equal(bytes.Length, read);
            Assert.Equal(type, value?.GetType());
            Assert.Equal(expected, value);
            if (value is DateTime time)
            {
                Assert.Equal(DateTimeKind.Utc, time.Kind);
            }

            for (int at = 0; at <= bytes.Length; at++)
            {
                var reader = new MsgPackReader(Sequences.SplitAt(bytes, at));
                Assert.Equal(OperationStatus.Done, MsgPackDynamic.TryRead(ref reader, out object? fromSequence));
                Assert.Equal(expected, fromSequence);
                Assert.True(reader.End);
            }
        }

        [Theory]
        [InlineData("ca 7f 80 00 01", "a signalling NaN")]
        [InlineData("ca ff a0 12 34", "a negative signalling NaN with a payload")]
        [InlineData("ca 7f c0 00 01", "a quiet NaN with a payload")]
        public void A_float_32_reads_to_the_same_bits_whole_in_a_segment_and_across_segments(string hex, string why)
        {
            // The first-byte decode (the token whole in the segment) and the token path (across segments) must agree
            // on every bit, a NaN's too.
            byte[] bytes = Hex.ToBytes(hex);
            int whole = BitConverter.ToInt32(BitConverter.GetBytes(Assert.IsType<float>(MsgPackDynamic.Read(bytes, out _))), 0);
            for (int at = 1; at < bytes.Length; at++)
            {
                var reader = new MsgPackReader(Sequences.SplitAt(bytes, at));
                Assert.Equal(OperationStatus.Done, MsgPackDynamic.TryRead(ref reader, out object? split));
                int bits = BitConverter.ToInt32(BitConverter.GetBytes(Assert.IsType<float>(split)), 0);
                Assert.True(whole == bits, why + ": " + whole.ToString("x8") + " whole, " + bits.ToString("x8") + " split at " + at);
            }
        }

        [Fact]
        public void Arrays_and_maps_read_as_object_arrays_and_dictionaries_of_objects()
        {
            // [ {"a": 1, 2: [], "c": {}}, [] ]
            byte[] bytes = Hex.ToBytes("92 83 a1 61 01 02 90 a1 63 80 90");
            var root = Assert.IsType<object[]>(MsgPackDynamic.Read(bytes, out _));
            var map = Assert.IsType<Dictionary<object, object>>(root[0]);
            Assert.Equal((byte)1, map["a"]);
            Assert.Same(Array.Empty<object>(), map[(byte)2]);
            Assert.False(map.ContainsKey(2));   // as with MessagePack-CSharp: the key is a byte
            Assert.Empty(Assert.IsType<Dictionary<object, object>>(map["c"]));
            Assert.Same(Array.Empty<object>(), root[1]);
            Assert.Equal(new object[] { "a", (byte)2, "c" }, map.Keys.ToArray());
        }

        [Fact]
        public void A_timestamp_outside_the_years_of_DateTime_reads_as_a_Timestamp()
        {
            var far = new Timestamp(-400_000_000_000, 7);
            byte[] bytes = new byte[MsgPackSpec.MaxTimestampEncodedLength];
            int length = MsgPackSpec.WriteTimestamp(bytes, far);
            Assert.Equal(far, MsgPackDynamic.Read(bytes.AsSpan(0, length), out _));
        }

        [Fact]
        public void A_read_cut_short_is_NeedMoreData_and_consumes_nothing()
        {
            byte[] bytes = Hex.ToBytes("93 a5 68 65 6c 6c 6f c4 03 01 02 03 81 a1 6b cb 3f f8 00 00 00 00 00 00");
            Assert.NotNull(MsgPackDynamic.Read(bytes, out _));
            for (int length = 0; length < bytes.Length; length++)
            {
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackDynamic.TryRead(bytes.AsSpan(0, length), out object? value, out int needed));
                Assert.Null(value);
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryValidate(bytes.AsSpan(0, length), out MsgPackValidationResult result));
                Assert.Equal(result.BytesNeeded, needed);
                Assert.Throws<MsgPackTruncatedException>(() => MsgPackDynamic.Read(bytes.AsSpan(0, length).ToArray(), out _));

                var reader = new MsgPackReader(Sequences.Split(bytes.AsSpan(0, length).ToArray(), 3, withEmpty: true));
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackDynamic.TryRead(ref reader, out _));
                Assert.Equal(0, reader.Consumed);
            }
        }

        [Theory]
        [InlineData("81 c1", "a map of 1 entry that cannot hold its 2 values, and 0xc1")]
        [InlineData("a5 ff", "a cut str whose first byte is no UTF-8")]
        [InlineData("93 a2 c3 28", "a cut array whose str is not UTF-8")]
        [InlineData("d7 ff ff ff ff ff", "a cut timestamp 64 whose nanoseconds are already past 10^9")]
        public void A_cut_value_whose_bytes_are_already_wrong_is_InvalidData_as_the_validator_says(string hex, string why)
        {
            byte[] bytes = Hex.ToBytes(hex);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(bytes, out _));
            Assert.True(OperationStatus.InvalidData == MsgPackDynamic.TryRead(bytes, out _, out int bytesRead), why);
            Assert.Equal(0, bytesRead);
            Assert.ThrowsAny<MsgPackException>(() => MsgPackDynamic.Read(bytes, out _));
        }

        [Fact]
        public void Bad_bytes_fail_with_the_readers_exceptions()
        {
            Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackDynamic.Read(Hex.ToBytes("92 01 c1"), out _));
            Assert.Throws<MsgPackInvalidUtf8Exception>(() => MsgPackDynamic.Read(Hex.ToBytes("91 a2 c3 28"), out _));
            Assert.Throws<MsgPackInvalidTimestampException>(() => MsgPackDynamic.Read(Hex.ToBytes("d7 ff ff ff ff ff 00 00 00 00"), out _));   // nanoseconds past 10^9
            Assert.Throws<MsgPackInvalidTimestampException>(() => MsgPackDynamic.Read(Hex.ToBytes("c7 03 ff 00 00 00"), out _));   // 3 bytes of data
            Assert.Equal(OperationStatus.InvalidData, MsgPackDynamic.TryRead(Hex.ToBytes("92 01 c1"), out _, out int bytesRead));
            Assert.Equal(0, bytesRead);
            Assert.Equal(OperationStatus.InvalidData, MsgPackDynamic.TryRead(Hex.ToBytes("d7 ff ff ff ff ff 00 00 00 00"), out _, out _));
        }

        [Fact]
        public void A_value_straddling_segments_reads_as_from_one_span()
        {
            object?[] tree = DynamicTrees.Sample();
            byte[] bytes = new byte[MsgPackDynamic.GetEncodedLength(tree)];
            MsgPackDynamic.Write(bytes, tree);
            object? expected = MsgPackDynamic.Read(bytes, out _);
            for (int size = 1; size < 12; size++)
            {
                var reader = new MsgPackReader(Sequences.Split(bytes, size, withEmpty: size % 3 == 0));
                object? value = MsgPackDynamic.Read(ref reader);
                DynamicTrees.AssertSame(expected, value);
                Assert.True(reader.End);
            }
        }
    }
}
