using System;
using System.Buffers;
using System.Linq;
using MsgPack.Spec.Fuzzing;
using Xunit;

namespace MsgPack.Spec.Tests.Document
{
    /// <summary>
    /// Issue #40, hostile input: the document's parse does not recurse (100,000 levels on a 256 KiB stack), counts the
    /// depth as the validator does, grows its index with the bytes present only (a claimed count of 2^32 allocates
    /// nothing), holds to MaxValueCount, and parses in a steady state without allocating at all.
    /// </summary>
    public class DocumentHostileTests
    {
        private static byte[] Chain(byte level, int depth, byte bottom)
        {
            byte[] bytes = new byte[depth + 1];
            bytes.AsSpan(0, depth).Fill(level);
            bytes[depth] = bottom;
            return bytes;
        }

        [Fact]
        public void A_hundred_thousand_levels_parse_on_a_small_stack_without_recursion()
        {
            byte[] arrays = Chain(0x91, 100_000, 0x2a);
            var unlimited = new MsgPackDocumentOptions { MaxDepth = int.MaxValue };
            int value = SmallStack.Call(() =>
            {
                using MsgPackDocument document = MsgPackDocument.Parse(arrays, unlimited);
                MsgPackElement element = document.RootElement;
                for (int i = 0; i < 100_000; i++)
                {
                    element = element[0];
                }

                return element.GetInt32();
            });
            Assert.Equal(42, value);

            // Maps whose key is the next map: a key is inside its map, as the validator counts.
            byte[] keys = Chain(0x81, 100_000, 0xc0).Concat(Enumerable.Repeat((byte)0xc0, 100_000)).ToArray();
            int rows = SmallStack.Call(() =>
            {
                using MsgPackDocument document = MsgPackDocument.Parse(keys, unlimited);
                return document.ValueCount;
            });
            Assert.Equal(200_001, rows);
        }

        [Theory]
        [InlineData(0x91)]
        [InlineData(0x81)]
        public void The_depth_limit_falls_where_the_validators_does(byte level)
        {
            foreach (int limit in new[] { 1, 2, 64 })
            {
                var options = new MsgPackDocumentOptions { MaxDepth = limit };
                var validation = new MsgPackValidationOptions { MaxDepth = limit };
                for (int depth = limit - 1; depth <= limit + 1; depth++)
                {
                    // Maps need a value after each key: nil closes every level.
                    byte[] bytes = level == 0x91 ? Chain(level, depth, 0x90) : Chain(level, depth, 0x80).Concat(Enumerable.Repeat((byte)0xc0, depth)).ToArray();
                    bytes = level == 0x81 ? Chain(0x81, depth, 0xc0).Concat(Enumerable.Repeat((byte)0xc0, depth)).Prepend((byte)0x91).ToArray() : bytes;
                    OperationStatus expected = MsgPackSpec.TryValidate(bytes, out MsgPackValidationResult result, validation);
                    Assert.Equal(expected, MsgPackDocument.TryParse(bytes, out MsgPackDocument document, out _, options));
                    document.Dispose();
                    if (expected != OperationStatus.Done)
                    {
                        var thrown = Assert.Throws<MsgPackValidationException>(() => MsgPackDocument.Parse(bytes, options));
                        Assert.Equal(MsgPackValidationError.DepthExceeded, thrown.Error);
                        Assert.Equal(result.Offset, thrown.Offset);
                    }
                }
            }
        }

        [Theory]
        [InlineData("dd ff ff ff ff")]
        [InlineData("df ff ff ff ff 01 02")]
        [InlineData("91 dc ff ff c0")]
        [InlineData("c6 ff ff ff ff 00")]
        [InlineData("db 7f ff ff ff 61")]
        public void A_count_or_length_the_input_cannot_hold_allocates_nothing(string hex)
        {
            byte[] bytes = Hex.ToBytes(hex);
            Warm(bytes);
            long before = GC.GetAllocatedBytesForCurrentThread();
            OperationStatus status = MsgPackDocument.TryParse(bytes, out _, out int needed);
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.True(status is OperationStatus.NeedMoreData or OperationStatus.InvalidData);
            Assert.True(allocated < 1024, $"{allocated} bytes allocated");
            Assert.Equal(MsgPackSpec.TryValidate(bytes, out MsgPackValidationResult result), status);
            Assert.Equal(status == OperationStatus.NeedMoreData ? result.BytesNeeded : 0, needed);
        }

        /// <summary>
        /// Short str payloads are tested for ASCII a word at a time before the validator is asked: at every length to
        /// past that path's 64 bytes, one byte that is not ASCII at every position (the start of a valid two-byte
        /// character, a lone continuation byte, 0xff) must reach the validator, in a fixstr and in a str 8.
        /// </summary>
        [Fact]
        public void A_str_with_one_byte_that_is_not_ASCII_anywhere_is_checked_as_UTF8()
        {
            int checkedCount = 0;
            for (int length = 1; length <= 72; length++)
            {
                for (int at = 0; at < length; at++)
                {
                    foreach (byte[] odd in new[] { new byte[] { 0xc3, 0xa9 }, new byte[] { 0x80 }, new byte[] { 0xff } })
                    {
                        if (at + odd.Length > length)
                        {
                            continue;
                        }

                        byte[] payload = Enumerable.Repeat((byte)'a', length).ToArray();
                        odd.CopyTo(payload, at);
                        bool valid = odd.Length == 2;
                        byte[] header = length <= 31 ? new[] { (byte)(0xa0 | length) } : new byte[] { 0xd9, (byte)length };
                        foreach (byte[] str in new[] { header.Concat(payload).ToArray(), new byte[] { 0xd9, (byte)length }.Concat(payload).ToArray() })
                        {
                            Assert.Equal(valid ? OperationStatus.Done : OperationStatus.InvalidData, MsgPackSpec.TryValidate(str, out _));
                            Assert.Equal(valid ? OperationStatus.Done : OperationStatus.InvalidData, MsgPackDocument.TryParse(str, out MsgPackDocument document, out _));
                            if (valid)
                            {
                                Assert.Equal(System.Text.Encoding.UTF8.GetString(payload), document.RootElement.GetString());
                                document.Dispose();
                            }

                            checkedCount++;
                        }
                    }
                }
            }

            Assert.True(checkedCount > 7_000, $"{checkedCount} inputs");
        }

        [Fact]
        public void MaxValueCount_bounds_the_index()
        {
            byte[] bytes = Hex.ToBytes("93 01 02 03");
            var four = new MsgPackDocumentOptions { MaxValueCount = 4 };
            using (MsgPackDocument document = MsgPackDocument.Parse(bytes, four))
            {
                Assert.Equal(4, document.ValueCount);
            }

            var three = new MsgPackDocumentOptions { MaxValueCount = 3 };
            var thrown = Assert.Throws<MsgPackException>(() => MsgPackDocument.Parse(bytes, three));
            Assert.Contains("MaxValueCount (3)", thrown.Message, StringComparison.Ordinal);
            Assert.Contains("offset 3", thrown.Message, StringComparison.Ordinal);
            Assert.Equal(OperationStatus.InvalidData, MsgPackDocument.TryParse(bytes, out _, out _, three));
        }

        [Fact]
        public void A_parse_in_a_steady_state_allocates_nothing()
        {
            byte[] bytes = DocumentTests.Sample();
            ReadOnlySequence<byte> sequence = Reader.Sequences.Split(bytes, 16, withEmpty: false);
            long checksum = 0;
            for (int i = 0; i < 20; i++)
            {
                checksum += ParseAndVisit(bytes, sequence);   // warms the pools and the thread's stores
            }

            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 100; i++)
            {
                checksum += ParseAndVisit(bytes, sequence);
            }

            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.True(checksum > 0);
            Assert.Equal(0, allocated);
        }

        /// <summary>Two documents at once (one over a copy of a segmented sequence), looked up and enumerated.</summary>
        private static long ParseAndVisit(byte[] bytes, ReadOnlySequence<byte> sequence)
        {
            using MsgPackDocument document = MsgPackDocument.Parse(bytes);
            MsgPackElement root = document.RootElement;
            long checksum = root.GetProperty("id").GetInt32() + root.GetProperty("nested"u8).GetProperty("deep")[1][1].GetInt32();
            foreach (MsgPackMapEntry entry in root.EnumerateMap())
            {
                checksum += (int)entry.Value.Type;
            }

            using MsgPackDocument segmented = MsgPackDocument.Parse(sequence);
            return checksum + segmented.ValueCount;
        }

        private static void Warm(byte[] bytes)
        {
            for (int i = 0; i < 3; i++)
            {
                if (MsgPackDocument.TryParse(bytes, out MsgPackDocument document, out _) == OperationStatus.Done)
                {
                    document.Dispose();
                }
            }
        }
    }
}
