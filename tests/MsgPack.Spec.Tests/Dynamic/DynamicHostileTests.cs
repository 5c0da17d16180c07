using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using MsgPack.Spec.Fuzzing;
using Xunit;

namespace MsgPack.Spec.Tests.Dynamic
{
    /// <summary>
    /// Issue #40, hostile input to <see cref="MsgPackDynamic"/>: no recursion, the depth and value limits, nothing
    /// allocated for a count the input cannot hold, map keys that are nil or repeat, and keys crafted to collide.
    /// </summary>
    public class DynamicHostileTests
    {
        [Fact]
        public void A_hundred_thousand_levels_read_on_a_small_stack_without_recursion()
        {
            byte[] bytes = Enumerable.Repeat((byte)0x91, 100_000).Append((byte)0x2a).ToArray();
            var unlimited = new MsgPackDynamicOptions { MaxDepth = int.MaxValue };
            object? value = SmallStack.Call(() => MsgPackDynamic.Read(bytes, out _, unlimited));
            for (int i = 0; i < 100_000; i++)
            {
                value = Assert.IsType<object[]>(value)[0];
            }

            Assert.Equal((byte)42, value);

            var thrown = Assert.Throws<MsgPackException>(() => MsgPackDynamic.Read(bytes, out _));
            Assert.Contains("offset 64", thrown.Message, StringComparison.Ordinal);
            Assert.Contains("MaxDepth (64)", thrown.Message, StringComparison.Ordinal);
            Assert.Equal(OperationStatus.InvalidData, MsgPackDynamic.TryRead(bytes, out _, out _));
        }

        [Fact]
        public void Empty_arrays_and_maps_are_levels_too()
        {
            var two = new MsgPackDynamicOptions { MaxDepth = 2 };
            Assert.NotNull(MsgPackDynamic.Read(Hex.ToBytes("91 90"), out _, two));
            Assert.NotNull(MsgPackDynamic.Read(Hex.ToBytes("91 80"), out _, two));
            Assert.Throws<MsgPackException>(() => MsgPackDynamic.Read(Hex.ToBytes("91 91 90"), out _, two));
            Assert.Throws<MsgPackException>(() => MsgPackDynamic.Read(Hex.ToBytes("91 81 80 c0"), out _, two));
        }

        [Theory]
        [InlineData("dd 00 ff ff ff", OperationStatus.NeedMoreData, typeof(MsgPackTruncatedException))]         // 16 Mi items: an object[] of 128 MiB if allocated
        [InlineData("df 00 ff ff ff 01 02", OperationStatus.NeedMoreData, typeof(MsgPackTruncatedException))]
        [InlineData("dc ff ff 01 02 03", OperationStatus.NeedMoreData, typeof(MsgPackTruncatedException))]
        [InlineData("c6 00 ff ff ff 00", OperationStatus.NeedMoreData, typeof(MsgPackTruncatedException))]
        [InlineData("dd 7f ff ff ff", OperationStatus.InvalidData, typeof(MsgPackValidationException))]          // more than a span can hold: the validator says so
        [InlineData("dd ff ff ff ff", OperationStatus.InvalidData, typeof(MsgPackOverflowException))]          // past int.MaxValue: an overflow, as for every reader
        [InlineData("df ff ff ff ff 01 02", OperationStatus.InvalidData, typeof(MsgPackOverflowException))]
        [InlineData("c6 ff ff ff ff 00", OperationStatus.InvalidData, typeof(MsgPackOverflowException))]
        public void A_count_the_input_cannot_hold_allocates_nothing(string hex, OperationStatus expected, Type exception)
        {
            byte[] bytes = Hex.ToBytes(hex);
            _ = MsgPackDynamic.TryRead(bytes, out _, out _);
            long before = GC.GetAllocatedBytesForCurrentThread();
            OperationStatus status = MsgPackDynamic.TryRead(bytes, out object? value, out _);
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.Equal(expected, status);
            Assert.Null(value);
            Assert.True(allocated < 1024, $"{allocated} bytes allocated");
            Exception thrown = Assert.ThrowsAny<MsgPackException>(() => MsgPackDynamic.Read(bytes, out _));
            Assert.IsType(exception, thrown);
        }

        /// <summary>
        /// Nested headers that each claim what the input has left (the afl <c>document</c> target's find, 2026-11-29):
        /// each passed the count check alone, and each was presized, so 64 levels of array 32 over 1 MB of input
        /// would have allocated 64 x 8 MB. The room of a level is what the bytes left hold after the levels around
        /// it are served: cut input allocates in proportion to its bytes, and complete input is presized as before.
        /// </summary>
        [Theory]
        [InlineData(0xdd, 100_000)]   // array 32
        [InlineData(0xdf, 100_000)]   // map 32: each level the first key of the one around it
        [InlineData(0x9f, 60)]        // fixarray 15: one byte claims 15 items
        [InlineData(0x8f, 60)]        // fixmap 15
        public void Nested_claims_on_the_same_bytes_allocate_in_proportion_to_the_input(byte code, int length)
        {
            var bytes = new List<byte>();
            for (int level = 0; level < 60; level++)
            {
                bytes.Add(code);
                if (code >= 0xdc)
                {
                    int left = length - bytes.Count - 4;
                    uint claim = code == 0xdf ? (uint)(left / 2) : (uint)left;
                    bytes.AddRange(new[] { (byte)(claim >> 24), (byte)(claim >> 16), (byte)(claim >> 8), (byte)claim });
                }
            }

            while (bytes.Count < length)
            {
                bytes.Add(0x01);
            }

            byte[] input = bytes.ToArray();
            _ = MsgPackDynamic.TryRead(input, out _, out _);
            long before = GC.GetAllocatedBytesForCurrentThread();
            OperationStatus status = MsgPackDynamic.TryRead(input, out object? value, out _);
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            // Cut short (NeedMoreData), or, for maps, a repeated key among the filler bytes (InvalidData): after the
            // levels were opened either way.
            Assert.NotEqual(OperationStatus.Done, status);
            Assert.Null(value);
            // A slot a byte: 8 bytes an array item, about 30 a map entry (two bytes), the arrays doubled as they grow,
            // and a dictionary's fixed cost per level; the presized levels were 60 x the input.
            Assert.True(allocated <= (64L * length) + (60 * 256), $"{allocated} bytes allocated for {length} bytes of input");
        }

        [Fact]
        public void Complete_input_is_presized_and_read_whole_through_nested_levels()
        {
            // [[1, 2, 3], {"a": [4]}, 5] over one segment and over a segment a byte.
            byte[] input = Hex.ToBytes("93 93 01 02 03 81 a1 61 91 04 05");
            object? read = MsgPackDynamic.Read(input, out int length);
            Assert.Equal(input.Length, length);
            object?[] outer = Assert.IsType<object[]>(read);
            Assert.Equal(new object[] { (byte)1, (byte)2, (byte)3 }, Assert.IsType<object[]>(outer[0]));
            var map = Assert.IsType<Dictionary<object, object>>(outer[1]);
            Assert.Equal(new object[] { (byte)4 }, Assert.IsType<object[]>(map["a"]));
            Assert.Equal((byte)5, outer[2]);
            var reader = new MsgPackReader(FuzzOracle.Segments.FromCuts(input, Enumerable.Range(1, input.Length - 1).ToArray(), out _));
            Assert.Equal(OperationStatus.Done, MsgPackDynamic.TryRead(ref reader, out object? split));
            Assert.Equal(3, Assert.IsType<object[]>(split).Length);
        }

        [Fact]
        public void A_nil_or_repeated_map_key_fails_the_read()
        {
            var nil = Assert.Throws<MsgPackException>(() => MsgPackDynamic.Read(Hex.ToBytes("82 01 01 c0 02"), out _));
            Assert.Contains("offset 3 is nil", nil.Message, StringComparison.Ordinal);
            var repeated = Assert.Throws<MsgPackException>(() => MsgPackDynamic.Read(Hex.ToBytes("91 82 a1 61 01 a1 61 02"), out _));
            Assert.Contains("offset 5 repeats", repeated.Message, StringComparison.Ordinal);
            Assert.Equal(OperationStatus.InvalidData, MsgPackDynamic.TryRead(Hex.ToBytes("82 01 01 01 02"), out _, out _));

            // 1 as a fixint and as a uint 16 are different keys (a byte and a ushort), as with MessagePack-CSharp.
            var map = Assert.IsType<Dictionary<object, object>>(MsgPackDynamic.Read(Hex.ToBytes("82 01 01 cd 00 01 02"), out _));
            Assert.Equal(2, map.Count);
        }

        [Fact]
        public void MaxValueCount_counts_keys_and_values()
        {
            byte[] bytes = Hex.ToBytes("81 01 92 02 03");
            Assert.NotNull(MsgPackDynamic.Read(bytes, out _, new MsgPackDynamicOptions { MaxValueCount = 5 }));
            var thrown = Assert.Throws<MsgPackException>(() => MsgPackDynamic.Read(bytes, out _, new MsgPackDynamicOptions { MaxValueCount = 4 }));
            Assert.Contains("offset 4", thrown.Message, StringComparison.Ordinal);
            Assert.Throws<ArgumentOutOfRangeException>(() => new MsgPackDynamicOptions { MaxValueCount = 0 });
            Assert.Throws<ArgumentOutOfRangeException>(() => new MsgPackDynamicOptions { MaxDepth = -1 });
        }

        /// <summary>
        /// The tokens the read decodes from their first byte (fixints, fixstr, fixmap and fixarray headers) fail as
        /// the general path does: the value limit at the token's offset, a fixstr that is not UTF-8, a fixstr cut by
        /// the end of the input or by a segment boundary (read across it).
        /// </summary>
        [Theory]
        [InlineData("93 7f e0 a1 61", 3, "offset 3")]   // the third item, a fixstr, is one value too many
        [InlineData("93 7f e0 a1 61", 2, "offset 2")]   // the second, a negative fixint
        [InlineData("92 01 91 01", 2, "offset 2")]      // a fixarray header
        [InlineData("92 01 81 01 02", 2, "offset 2")]   // a fixmap header
        public void First_byte_tokens_count_against_MaxValueCount_where_they_start(string hex, int limit, string where)
        {
            byte[] bytes = Hex.ToBytes(hex);
            var thrown = Assert.Throws<MsgPackException>(() => MsgPackDynamic.Read(bytes, out _, new MsgPackDynamicOptions { MaxValueCount = limit }));
            Assert.Contains(where, thrown.Message, StringComparison.Ordinal);
            Assert.Equal(OperationStatus.InvalidData, MsgPackDynamic.TryRead(bytes, out _, out _, new MsgPackDynamicOptions { MaxValueCount = limit }));
            Assert.NotNull(MsgPackDynamic.Read(bytes, out int read, new MsgPackDynamicOptions { MaxValueCount = limit + 10 }));
            Assert.Equal(bytes.Length, read);
        }

        [Fact]
        public void A_fixstr_that_is_not_UTF8_or_is_cut_short_fails_as_any_str_does()
        {
            Assert.Throws<MsgPackInvalidUtf8Exception>(() => MsgPackDynamic.Read(Hex.ToBytes("92 a2 c3 28 01"), out _));
            Assert.Equal(OperationStatus.InvalidData, MsgPackDynamic.TryRead(Hex.ToBytes("92 a2 c3 28 01"), out _, out _));
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackDynamic.TryRead(Hex.ToBytes("91 a3 61 62"), out _, out int needed));
            Assert.Equal(5, needed);
            Assert.Throws<MsgPackTruncatedException>(() => MsgPackDynamic.Read(Hex.ToBytes("91 a3 61 62"), out _));

            // A fixstr across a segment boundary: the general path reads it whole.
            byte[] bytes = Hex.ToBytes("92 a3 61 62 63 a1 64");
            for (int cut = 1; cut < bytes.Length; cut++)
            {
                var reader = new MsgPackReader(FuzzOracle.Segments.FromCuts(bytes, new[] { cut }, out _));
                var items = Assert.IsType<object[]>(MsgPackDynamic.Read(ref reader));
                Assert.Equal(new object[] { "abc", "d" }, items);
            }
        }

        /// <summary>
        /// The first-byte path (a token whole in the segment) and the token path (a token cut by a segment boundary)
        /// make the same values: each integer format boxed as the type it implies, fixstr and str 8.
        /// </summary>
        [Fact]
        public void Integers_and_strs_read_alike_whole_and_cut_by_a_segment()
        {
            byte[] bytes = Hex.ToBytes(
                "9d 05 ef cc ff cd ff fe ce ff ff ff fd cf ff ff ff ff ff ff ff fc d0 80 d1 80 01 d2 80 00 00 02 d3 80 00 00 00 00 00 00 03" +
                " a2 68 69 d9 03 61 62 63 d9 00");
            object?[] whole = Assert.IsType<object[]>(MsgPackDynamic.Read(bytes, out int read));
            Assert.Equal(bytes.Length, read);
            object[] expected =
            {
                (byte)5, (sbyte)-17, (byte)255, (ushort)65534, 4294967293u, 18446744073709551612ul, (sbyte)-128, (short)-32767,
                -2147483646, -9223372036854775805L, "hi", "abc", "",
            };
            Assert.Equal(expected.Length, whole.Length);
            for (int i = 0; i < expected.Length; i++)
            {
                Assert.Equal(expected[i].GetType(), whole[i]!.GetType());
                Assert.Equal(expected[i], whole[i]);
            }

            for (int cut = 1; cut < bytes.Length; cut++)
            {
                var reader = new MsgPackReader(FuzzOracle.Segments.FromCuts(bytes, new[] { cut }, out _));
                object?[] pieces = Assert.IsType<object[]>(MsgPackDynamic.Read(ref reader));
                for (int i = 0; i < expected.Length; i++)
                {
                    Assert.Equal(expected[i].GetType(), pieces[i]!.GetType());
                    Assert.Equal(expected[i], pieces[i]);
                }
            }

            // A str 8 of 0 bytes: the last byte, cut off, is a truncation.
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackDynamic.TryRead(bytes.AsSpan(0, bytes.Length - 1), out _, out _));
        }

        /// <summary>
        /// The first-byte path and the token path make the same values of nil, bool, float 32 and 64, timestamp 32
        /// and 64 (and a fixext 8 that is not a timestamp), whole and cut by a segment at every byte; a timestamp 64
        /// whose nanoseconds are past 10^9 fails inside an array as at the root.
        /// </summary>
        [Fact]
        public void Nil_bools_floats_and_timestamps_read_alike_whole_and_cut_by_a_segment()
        {
            byte[] bytes = Hex.ToBytes(
                "9a c0 c2 c3 ca 3f c0 00 00 cb 3f f8 00 00 00 00 00 00 d6 ff 00 00 00 01 d7 ff 00 00 03 20 00 00 00 02" +
                " d7 01 01 02 03 04 05 06 07 08 d6 ff ff ff ff ff ca 7f 80 00 00");
            object?[] expected =
            {
                null, false, true, 1.5f, 1.5, DateTime.UnixEpoch.AddSeconds(1), DateTime.UnixEpoch.AddSeconds(2).AddTicks(2),
                new MsgPackExtension(1, new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 }), DateTime.UnixEpoch.AddSeconds(uint.MaxValue), float.PositiveInfinity,
            };
            for (int cut = 0; cut < bytes.Length; cut++)
            {
                object? read;
                if (cut == 0)
                {
                    read = MsgPackDynamic.Read(bytes, out int length);
                    Assert.Equal(bytes.Length, length);
                }
                else
                {
                    var reader = new MsgPackReader(FuzzOracle.Segments.FromCuts(bytes, new[] { cut }, out _));
                    read = MsgPackDynamic.Read(ref reader);
                    Assert.True(reader.End);
                }

                object?[] items = Assert.IsType<object[]>(read);
                Assert.Equal(expected.Length, items.Length);
                for (int i = 0; i < expected.Length; i++)
                {
                    Assert.Equal(expected[i]?.GetType(), items[i]?.GetType());
                    Assert.Equal(expected[i], items[i]);
                }
            }

            Assert.Throws<MsgPackInvalidTimestampException>(() => MsgPackDynamic.Read(Hex.ToBytes("91 d7 ff ff ff ff ff 00 00 00 00"), out _));
            Assert.Equal(OperationStatus.InvalidData, MsgPackDynamic.TryRead(Hex.ToBytes("91 d7 ff ff ff ff ff 00 00 00 00"), out _, out _));
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackDynamic.TryRead(Hex.ToBytes("92 cb 3f f8 00 00"), out _, out int needed));
            Assert.Equal(11, needed);
        }

        /// <summary>
        /// The read keeps the innermost open array or map apart from the ones around it: each level here has items
        /// before and after the one that nests (an array of three, a map of three), past the 16 levels the read
        /// starts with room for, and every level gets its own items back when the one inside closes.
        /// </summary>
        [Fact]
        public void Levels_nested_past_the_first_room_get_their_items_back_when_the_inner_one_closes()
        {
            const int Depth = 150;
            using var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            for (int level = 0; level < Depth; level++)
            {
                if (level % 2 == 0)
                {
                    writer.WriteArrayHeader(3);
                    writer.WriteInt32(level);
                }
                else
                {
                    writer.WriteMapHeader(3);
                    writer.WriteString("before");
                    writer.WriteInt32(level);
                    writer.WriteString("inner");
                }
            }

            writer.WriteNil();
            for (int level = Depth - 1; level >= 0; level--)
            {
                if (level % 2 == 1)
                {
                    writer.WriteString("after");
                }

                writer.WriteString("end " + level);
            }

            writer.Flush();
            byte[] bytes = output.WrittenSpan.ToArray();
            Assert.Throws<MsgPackException>(() => MsgPackDynamic.Read(bytes, out _));
            object? value = SmallStack.Call(() => MsgPackDynamic.Read(bytes, out _, new MsgPackDynamicOptions { MaxDepth = Depth }));
            for (int level = 0; level < Depth; level++)
            {
                if (level % 2 == 0)
                {
                    object?[] items = Assert.IsType<object[]>(value);
                    Assert.Equal(3, items.Length);
                    Assert.Equal(level, Convert.ToInt32(items[0], System.Globalization.CultureInfo.InvariantCulture));
                    Assert.Equal("end " + level, items[2]);
                    value = items[1];
                }
                else
                {
                    var map = Assert.IsType<Dictionary<object, object?>>(value);
                    Assert.Equal(3, map.Count);
                    Assert.Equal(level, Convert.ToInt32(map["before"], System.Globalization.CultureInfo.InvariantCulture));
                    Assert.Equal("end " + level, map["after"]);
                    value = map["inner"];
                }
            }

            Assert.Null(value);
        }

        /// <summary>
        /// A str of up to 72 bytes with one byte that is not ASCII at any position (the start of a valid two-byte
        /// character, a lone continuation byte, 0xff) reads as the BCL decodes it, or fails as not UTF-8: the inline
        /// ASCII test of short text must let every such byte through to the validator.
        /// </summary>
        [Fact]
        public void A_str_with_one_byte_that_is_not_ASCII_anywhere_reads_or_fails_as_UTF8()
        {
            for (int length = 0; length <= 72; length++)
            {
                for (int at = -1; at < length; at++)
                {
                    foreach (byte[] odd in new[] { new byte[] { 0xc3, 0xa9 }, new byte[] { 0x80 }, new byte[] { 0xff } })
                    {
                        if (at + odd.Length > length)
                        {
                            continue;
                        }

                        byte[] payload = Enumerable.Repeat((byte)'a', length).ToArray();
                        if (at >= 0)
                        {
                            odd.CopyTo(payload, at);
                        }

                        bool valid = at < 0 || odd.Length == 2;
                        byte[] str = (length <= 31 ? new[] { (byte)(0xa0 | length) } : new byte[] { 0xd9, (byte)length }).Concat(payload).ToArray();
                        Assert.Equal(valid ? OperationStatus.Done : OperationStatus.InvalidData, MsgPackDynamic.TryRead(str, out object? value, out _));
                        if (valid)
                        {
                            Assert.Equal(System.Text.Encoding.UTF8.GetString(payload), value);
                        }
                    }
                }
            }
        }

        [Fact]
        public void Integer_keys_crafted_to_share_a_default_hash_spread_over_the_buckets()
        {
            // (a << 32) | a: every such long hashes to 0 by default (its halves xored); here they must not pile up.
            IEqualityComparer<object> comparer = ReadMap(Enumerable.Range(1, 2).Select(a => ((long)a << 32) | (uint)a)).Comparer;
            var keys = Enumerable.Range(1, 10_000).Select(a => (object)(((long)a << 32) | (uint)a)).ToList();
            Assert.All(keys, key => Assert.Equal(0, key.GetHashCode()));
            int distinct = keys.Select(comparer.GetHashCode).Distinct().Count();
            Assert.True(distinct > 9_990, $"{distinct} distinct hashes of 10,000 keys");

            // Equal keys hash alike: +0 and -0, every NaN, a DateTime of either kind.
            Assert.Equal(comparer.GetHashCode(0.0), comparer.GetHashCode(-0.0));
            Assert.Equal(comparer.GetHashCode(double.NaN), comparer.GetHashCode(BitConverter.Int64BitsToDouble(-1)));
            Assert.Equal(comparer.GetHashCode(new DateTime(5, DateTimeKind.Utc)), comparer.GetHashCode(new DateTime(5, DateTimeKind.Local)));
            Assert.Equal(comparer.GetHashCode("key"), comparer.GetHashCode(new string("key".ToCharArray())));
        }

        private static Dictionary<object, object> ReadMap(IEnumerable<long> keys)
        {
            using var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            List<long> list = keys.ToList();
            writer.WriteMapHeader(list.Count);
            foreach (long key in list)
            {
                writer.WriteInt64(key);
                writer.WriteNil();
            }

            writer.Flush();
            return Assert.IsType<Dictionary<object, object>>(MsgPackDynamic.Read(output.WrittenSpan, out _));
        }
    }
}
