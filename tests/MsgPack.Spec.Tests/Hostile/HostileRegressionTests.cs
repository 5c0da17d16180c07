using System;
using System.Buffers;
using System.Collections.Generic;
using MsgPack.Spec.Fuzzing;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Hostile
{
    /// <summary>
    /// Inputs that broke earlier MessagePack readers, and the limits that keep hostile input cheap: every reader
    /// must end on them with a documented result, never loop, never move backwards, never recurse, and never
    /// allocate what a length field claims before checking it against the input.
    /// </summary>
    public unsafe class HostileRegressionTests
    {
        /// <summary>The first msgpack.spec's token reader looped forever on this: an array 16 of 2 items whose first is a str 32 claiming 2^32 - 8 bytes.</summary>
        private static readonly byte[] LoopingInput = Hex.ToBytes("dc 00 02 db ff ff ff f8");

        // ---- dc 00 02 db ff ff ff f8

        [Fact]
        public void The_looping_input_is_an_overflow_for_Skip_over_span_and_pointer()
        {
            Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.Skip(LoopingInput));
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TrySkip(LoopingInput, out int bytesRead));
            Assert.Equal(0, bytesRead);
            fixed (byte* p = LoopingInput)
            {
                byte* start = p;
                Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.Skip(start, LoopingInput.Length));
                Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TrySkip(p, LoopingInput.Length, out bytesRead));
                Assert.Equal(0, bytesRead);
            }
        }

        [Fact]
        public void The_looping_input_is_a_length_too_large_for_Validate()
        {
            // A str of 2^32 - 8 bytes is more than any reader of the library takes (payloads are spans): invalid
            // whatever follows, over a span and over a sequence (which could hold it) alike.
            MsgPackValidationException e = Assert.Throws<MsgPackValidationException>(() => MsgPackSpec.Validate(LoopingInput));
            Assert.Equal(MsgPackValidationError.LengthTooLarge, e.Error);
            Assert.Equal(3, e.Offset);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(LoopingInput, out MsgPackValidationResult result));
            Assert.Equal(MsgPackValidationError.LengthTooLarge, result.Error);
            Assert.Equal(3, result.Offset);
            Assert.Equal(0, result.ValueCount);
            Assert.Equal(0, result.BytesNeeded);
            foreach (ReadOnlySequence<byte> sequence in Sequences(LoopingInput))
            {
                Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(sequence, out MsgPackValidationResult overSequence));
                Assert.Equal(MsgPackValidationError.LengthTooLarge, overSequence.Error);
                Assert.Equal(3, overSequence.Offset);
            }
        }

        [Fact]
        public void The_looping_input_is_an_overflow_for_MsgPackReader_Skip_and_ReadRaw_and_consumes_nothing()
        {
            // Every prefix too: each must end with a documented result and leave the reader where it was.
            for (int cut = 0; cut <= LoopingInput.Length; cut++)
            {
                byte[] prefix = LoopingInput.AsSpan(0, cut).ToArray();
                OperationStatus expected = MsgPackSpec.TrySkip(prefix, out _);
                Assert.NotEqual(OperationStatus.Done, expected);
                foreach (ReadOnlySequence<byte> sequence in Sequences(prefix))
                {
                    AssertReaderSkipFails(new MsgPackReader(sequence), expected);
                }

                AssertReaderSkipFails(new MsgPackReader(prefix), expected);
            }
        }

        private static void AssertReaderSkipFails(MsgPackReader reader, OperationStatus expected)
        {
            Assert.Equal(expected, reader.TrySkip());
            Assert.Equal(0, reader.Consumed);
            Assert.Equal(expected, reader.TryReadRaw(out MsgPackPayload raw));
            Assert.Equal(0, raw.Length);
            Assert.Equal(0, reader.Consumed);
            MsgPackException skip = CatchMsgPack(ref reader, static (ref MsgPackReader r) => r.Skip());
            MsgPackException readRaw = CatchMsgPack(ref reader, static (ref MsgPackReader r) => r.ReadRaw());
            Type type = expected == OperationStatus.NeedMoreData ? typeof(MsgPackTruncatedException) : typeof(MsgPackOverflowException);
            Assert.IsType(type, skip);
            Assert.IsType(type, readRaw);
            Assert.Equal(0, reader.Consumed);
        }

        // ---- Empty arrays and maps (a pending-count underflow in the first token reader).

        public static IEnumerable<object[]> EmptyContainers() => new[]
        {
            new object[] { "90" }, new object[] { "80" }, new object[] { "dc 00 00" }, new object[] { "dd 00 00 00 00" },
            new object[] { "de 00 00" }, new object[] { "df 00 00 00 00" }, new object[] { "91 90" }, new object[] { "92 90 80" },
            new object[] { "93 90 dc 00 00 dd 00 00 00 00" }, new object[] { "81 90 80" }, new object[] { "91 91 91 90" },
            new object[] { "de 00 01 dc 00 00 df 00 00 00 00" }, new object[] { "dd 00 00 00 02 90 dd 00 00 00 00" },
        };

        [Theory]
        [MemberData(nameof(EmptyContainers))]
        public void Empty_arrays_and_maps_are_whole_values_for_every_skipper(string hex)
        {
            byte[] value = Hex.ToBytes(hex);
            byte[] followed = Hex.ToBytes(hex + " c3 c2");
            Assert.Equal(value.Length, MsgPackSpec.Skip(value));
            Assert.Equal(value.Length, MsgPackSpec.Skip(followed));
            MsgPackSpec.Validate(value);
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryValidate(followed, out MsgPackValidationResult many, new MsgPackValidationOptions { AllowMultipleValues = true }));
            Assert.Equal(3, many.ValueCount);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(followed, out MsgPackValidationResult one));
            Assert.Equal(MsgPackValidationError.TrailingBytes, one.Error);
            Assert.Equal(value.Length, one.Offset);
            foreach (ReadOnlySequence<byte> sequence in Sequences(followed))
            {
                var reader = new MsgPackReader(sequence);
                reader.Skip();
                Assert.Equal(value.Length, reader.Consumed);
                var again = new MsgPackReader(sequence);
                MsgPackPayload raw = again.ReadRaw();
                Assert.Equal(value, raw.ToArray());
                Assert.True(again.ReadBoolean());
                Assert.False(again.ReadBoolean());
                Assert.True(again.End);
            }

            // One byte short: every skipper waits for exactly the missing byte, none counts below zero.
            byte[] cut = value.AsSpan(0, value.Length - 1).ToArray();
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TrySkip(cut, out int needed));
            Assert.Equal(value.Length, needed);
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryValidate(cut, out _));
        }

        // ---- 1,000,000 nested arrays.

        private static byte[] DeepArrays(int depth)
        {
            byte[] bytes = new byte[depth + 1];
            bytes.AsSpan(0, depth).Fill(0x91);
            bytes[depth] = 0xc0;
            return bytes;
        }

        [Fact]
        public void A_million_nested_arrays_exceed_the_default_depth_at_64_without_recursion()
        {
            byte[] deep = DeepArrays(1_000_000);
            SmallStack.Run(() =>
            {
                MsgPackValidationException e = Assert.Throws<MsgPackValidationException>(() => MsgPackSpec.Validate(deep));
                Assert.Equal(MsgPackValidationError.DepthExceeded, e.Error);
                Assert.Equal(MsgPackValidationOptions.DefaultMaxDepth, e.Offset);
                Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(deep, out MsgPackValidationResult result));
                Assert.Equal(MsgPackValidationError.DepthExceeded, result.Error);
                Assert.Equal(64, result.Offset);
                Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(new ReadOnlySequence<byte>(deep), out result));
                Assert.Equal(MsgPackValidationError.DepthExceeded, result.Error);
                Assert.Equal(64, result.Offset);
            });
        }

        [Fact]
        public void A_million_nested_arrays_exceed_a_depth_of_1000_at_1000()
        {
            byte[] deep = DeepArrays(1_000_000);
            var options = new MsgPackValidationOptions { MaxDepth = 1000 };
            SmallStack.Run(() =>
            {
                MsgPackValidationException e = Assert.Throws<MsgPackValidationException>(() => MsgPackSpec.Validate(deep, options));
                Assert.Equal(MsgPackValidationError.DepthExceeded, e.Error);
                Assert.Equal(1000, e.Offset);
                foreach (ReadOnlySequence<byte> sequence in Sequences(deep, 4096))
                {
                    Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(sequence, out MsgPackValidationResult result, options));
                    Assert.Equal(MsgPackValidationError.DepthExceeded, result.Error);
                    Assert.Equal(1000, result.Offset);
                }
            });
        }

        [Fact]
        public void A_million_nested_arrays_are_one_value_for_Skip_and_ReadRaw()
        {
            byte[] deep = DeepArrays(1_000_000);
            SmallStack.Run(() =>
            {
                Assert.Equal(deep.Length, MsgPackSpec.Skip(deep));
                Assert.Equal(OperationStatus.Done, MsgPackSpec.TrySkip(deep, out int length));
                Assert.Equal(deep.Length, length);
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TrySkip(deep.AsSpan(0, deep.Length - 1), out length));
                Assert.Equal(deep.Length, length);
                foreach (ReadOnlySequence<byte> sequence in Sequences(deep, 4096))
                {
                    var reader = new MsgPackReader(sequence);
                    reader.Skip();
                    Assert.True(reader.End);
                    var raw = new MsgPackReader(sequence);
                    Assert.Equal(deep.Length, raw.ReadRaw().Length);
                }

                // Without a depth limit the counters live in memory bounded by the input, not by MaxDepth.
                var unlimited = new MsgPackValidationOptions { MaxDepth = int.MaxValue };
                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryValidate(deep, out MsgPackValidationResult result, unlimited));
                Assert.Equal(1, result.ValueCount);
            });
        }

        [Fact]
        public void MaxDepth_int_MaxValue_is_a_valid_option_not_an_exception()
        {
            // Regression: the depth counters were rented as MaxDepth + 1 longs, which overflowed to a negative size
            // (ArgumentOutOfRangeException from TryValidate) and for large values asked for gigabytes.
            var unlimited = new MsgPackValidationOptions { MaxDepth = int.MaxValue };
            byte[] nil = Hex.ToBytes("c0");
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryValidate(nil, out _, unlimited));
            MsgPackSpec.Validate(nil, unlimited);
            MsgPackSpec.Validate(new ReadOnlySequence<byte>(nil), unlimited);
            var huge = new MsgPackValidationOptions { MaxDepth = 1 << 30 };
            long before = GC.GetAllocatedBytesForCurrentThread();
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryValidate(nil, out _, huge));
            Assert.True(GC.GetAllocatedBytesForCurrentThread() - before < 1024, "MaxDepth 2^30 must not allocate 8 GiB for one byte of input.");
        }

        // ---- Lengths past the end are rejected before anything is allocated.

        [Theory]
        [InlineData(0x7fffffffu, typeof(MsgPackOverflowException))] // 5 + (2^31 - 1) bytes: more than any span holds
        [InlineData(0xffffffffu, typeof(MsgPackOverflowException))] // above int.MaxValue
        [InlineData(0x80000000u, typeof(MsgPackOverflowException))]
        [InlineData(0x7ffffffau, typeof(MsgPackTruncatedException))] // 5 + (2^31 - 6) = int.MaxValue: a span could hold it
        [InlineData(0x00100000u, typeof(MsgPackTruncatedException))]
        public void ReadString_checks_a_str32_length_against_the_input_before_allocating(uint claimed, Type expected)
        {
            byte[] input = Str32(claimed, "hello");
            Assert.Equal(10, input.Length);
            MsgPackSpec.TryReadString(input, out _, out _); // warm up (first calls may run static constructors)
            long before = GC.GetAllocatedBytesForCurrentThread();
            Exception e = Record.Exception(() => MsgPackSpec.ReadString(input, out _));
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.IsType(expected, e);
            Assert.True(allocated < 16 * 1024, $"ReadString allocated {allocated} bytes (the exception only is allowed).");

            before = GC.GetAllocatedBytesForCurrentThread();
            OperationStatus status = MsgPackSpec.TryReadString(input, out string value, out int bytesRead);
            allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.Equal(expected == typeof(MsgPackTruncatedException) ? OperationStatus.NeedMoreData : OperationStatus.InvalidData, status);
            Assert.Equal(string.Empty, value);
            Assert.Equal(expected == typeof(MsgPackTruncatedException) ? 5 + (int)claimed : 0, bytesRead);
            Assert.Equal(0, allocated);
        }

        [Theory]
        [InlineData(0x7fffffffu, typeof(MsgPackOverflowException))]
        [InlineData(0xffffffffu, typeof(MsgPackOverflowException))]
        [InlineData(0x7ffffffau, typeof(MsgPackTruncatedException))]
        public void MsgPackReader_ReadString_checks_the_length_against_the_sequence_before_allocating(uint claimed, Type expected)
        {
            byte[] input = Str32(claimed, "hello");
            foreach (ReadOnlySequence<byte> sequence in Sequences(input))
            {
                var reader = new MsgPackReader(sequence);
                reader.TryReadString(out _); // warm up
                long before = GC.GetAllocatedBytesForCurrentThread();
                Exception? e = null;
                try
                {
                    reader.ReadString();
                }
                catch (Exception caught)
                {
                    e = caught;
                }

                long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                Assert.IsType(expected, e);
                Assert.True(allocated < 16 * 1024, $"MsgPackReader.ReadString allocated {allocated} bytes.");
                Assert.Equal(0, reader.Consumed);
                Assert.NotEqual(OperationStatus.Done, reader.TryReadString(out string text));
                Assert.Equal(string.Empty, text);
            }
        }

        [Fact]
        public void An_array32_claiming_2_to_the_32_minus_1_items_needs_more_than_a_span_holds_and_a_sequence_may_wait()
        {
            // The three items present are checked; then the input ends with 2^32 - 4 items to go, one byte each at least.
            byte[] input = Hex.ToBytes("dd ff ff ff ff c0 c0 c0");
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(input, out MsgPackValidationResult result));
            Assert.Equal(MsgPackValidationError.Truncated, result.Error);
            Assert.Equal(8, result.Offset);
            Assert.Equal(5L + uint.MaxValue, result.BytesNeeded);
            foreach (ReadOnlySequence<byte> sequence in Sequences(input))
            {
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryValidate(sequence, out MsgPackValidationResult overSequence));
                Assert.Equal(5L + uint.MaxValue, overSequence.BytesNeeded);
            }

            // A count that a span could still satisfy asks for more data.
            byte[] small = Hex.ToBytes("dd 00 00 01 00 c0 c0 c0");
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryValidate(small, out result));
            Assert.Equal(MsgPackValidationError.Truncated, result.Error);
            Assert.Equal(5 + 256, result.BytesNeeded);
        }

        // ---- No int overflow near 2^32 in any reader.

        public static IEnumerable<object[]> LengthsNear2To32()
        {
            uint[] lengths = { 0x7ffffff9, 0x7ffffffa, 0x7ffffffb, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffff8, 0xfffffffe, 0xffffffff };
            foreach (byte code in new byte[] { 0xdb, 0xc6, 0xc9, 0xdd, 0xdf })
            {
                foreach (uint length in lengths)
                {
                    yield return new object[] { code, length };
                }
            }
        }

        [Theory]
        [MemberData(nameof(LengthsNear2To32))]
        public void Lengths_near_2_to_the_32_end_every_reader_with_a_documented_result(byte code, uint length)
        {
            foreach (int tail in new[] { 0, 1, 7 })
            {
                byte[] header = code == 0xc9
                    ? new byte[] { code, (byte)(length >> 24), (byte)(length >> 16), (byte)(length >> 8), (byte)length, 0xff }
                    : new byte[] { code, (byte)(length >> 24), (byte)(length >> 16), (byte)(length >> 8), (byte)length };
                byte[] input = new byte[header.Length + tail];
                header.CopyTo(input, 0);
                input.AsSpan(header.Length).Fill(0xc0);

                // The fuzzer's oracle: every reader through every door, all contracts and agreements.
                var report = new FuzzReport(0);
                using (var oracle = new FuzzOracle(report, 0))
                {
                    for (int i = 0; i < 8; i++)
                    {
                        oracle.Check(input, i);
                    }
                }

                Assert.True(report.Failures == 0, report.Format());

                // And the exact verdict of Skip: the whole value needs header + payload bytes (header + one byte per
                // item for arrays, two per pair for maps), an overflow beyond int.MaxValue.
                long needed = header.Length + (code == 0xdf ? 2L * length : length);
                OperationStatus status = MsgPackSpec.TrySkip(input, out int bytesRead);
                if (needed > int.MaxValue)
                {
                    Assert.Equal(OperationStatus.InvalidData, status);
                    Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.Skip(input));
                }
                else
                {
                    Assert.Equal(OperationStatus.NeedMoreData, status);
                    Assert.Equal(needed, bytesRead);
                }

                foreach (ReadOnlySequence<byte> sequence in Sequences(input))
                {
                    var reader = new MsgPackReader(sequence);
                    Assert.Equal(status, reader.TrySkip());
                    Assert.Equal(status, reader.TryReadRaw(out _));
                    Assert.Equal(0, reader.Consumed);
                }
            }
        }

        [Fact]
        public void MsgPackReader_over_a_sequence_reports_a_pending_count_beyond_int_MaxValue_as_an_overflow()
        {
            // Regression: the sequence path of MsgPackReader.Skip/TrySkip/ReadRaw said NeedMoreData (and threw
            // MsgPackTruncatedException) where MsgPackSpec.Skip and the span reader say Overflow, when a header
            // left more than int.MaxValue values pending at the end of the input.
            foreach (string hex in new[] { "91 dd ff ff ff ff", "dd 80 00 00 00", "df 40 00 00 00", "dd ff ff ff fe" })
            {
                byte[] input = Hex.ToBytes(hex);
                Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TrySkip(input, out _));
                foreach (ReadOnlySequence<byte> sequence in Sequences(input))
                {
                    var reader = new MsgPackReader(sequence);
                    Assert.Equal(OperationStatus.InvalidData, reader.TrySkip());
                    Assert.Equal(OperationStatus.InvalidData, reader.TryReadRaw(out _));
                    Assert.IsType<MsgPackOverflowException>(CatchMsgPack(ref reader, static (ref MsgPackReader r) => r.Skip()));
                    Assert.Equal(0, reader.Consumed);
                }
            }
        }

        [Fact]
        public void A_negative_pointer_length_is_an_argument_error_even_for_Try_methods()
        {
            byte[] input = Hex.ToBytes("c0");
            fixed (byte* p = input)
            {
                byte* start = p;
                Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.TrySkip(start, -1, out _));
                Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.TryReadInt32(start, -1, out _, out _));
                Assert.Throws<ArgumentOutOfRangeException>(() => MsgPackSpec.TryValidate(start, -1, out _));
            }
        }

        // ---- Helpers.

        private delegate void ReaderAction(ref MsgPackReader reader);

        /// <summary>Runs <paramref name="action"/> on a copy of the reader, expecting a MsgPackException; the copy must not move.</summary>
        private static MsgPackException CatchMsgPack(ref MsgPackReader reader, ReaderAction action)
        {
            MsgPackReader copy = reader;
            try
            {
                action(ref copy);
            }
            catch (MsgPackException e)
            {
                Assert.Equal(reader.Consumed, copy.Consumed);
                return e;
            }

            throw new Xunit.Sdk.XunitException("Expected a MsgPackException.");
        }

        /// <summary>A str 32 header claiming <paramref name="claimed"/> bytes, followed by <paramref name="text"/>.</summary>
        private static byte[] Str32(uint claimed, string text)
        {
            byte[] bytes = new byte[5 + text.Length];
            bytes[0] = 0xdb;
            bytes[1] = (byte)(claimed >> 24);
            bytes[2] = (byte)(claimed >> 16);
            bytes[3] = (byte)(claimed >> 8);
            bytes[4] = (byte)claimed;
            for (int i = 0; i < text.Length; i++)
            {
                bytes[5 + i] = (byte)text[i];
            }

            return bytes;
        }

        /// <summary>The input as one segment, as 1-byte segments (or <paramref name="chunk"/>-byte ones), and cut in three.</summary>
        private static IEnumerable<ReadOnlySequence<byte>> Sequences(byte[] input, int chunk = 1)
        {
            yield return new ReadOnlySequence<byte>(input);
            yield return Chunked(input, chunk);
            if (input.Length >= 3)
            {
                yield return Cut(input, input.Length / 3, 2 * input.Length / 3);
            }
        }

        private static ReadOnlySequence<byte> Chunked(byte[] input, int chunk)
        {
            if (input.Length == 0)
            {
                return ReadOnlySequence<byte>.Empty;
            }

            var cuts = new List<int>();
            for (int at = chunk; at < input.Length; at += chunk)
            {
                cuts.Add(at);
            }

            return Cut(input, cuts.ToArray());
        }

        // The fuzz engine's cutter: each segment in an array of its own, so a read past a segment's end shows.
        private static ReadOnlySequence<byte> Cut(byte[] input, params int[] cuts) => FuzzOracle.Segments.FromCuts(input, cuts, out _);
    }
}
