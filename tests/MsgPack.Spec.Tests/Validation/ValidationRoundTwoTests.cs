using System;
using System.Buffers;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Validation
{
    /// <summary>
    /// Validation against the two classes of failure a hostile-input review found: NeedMoreData for input that is
    /// already invalid (and a BytesNeeded that left out the outer levels), and lengths past 2 GiB in a sequence.
    /// Each test failed on the validator before the fix.
    /// </summary>
    public class ValidationRoundTwoTests
    {
        // ---- Class 1: what cannot become valid is InvalidData, never a wait.

        [Theory]
        [InlineData("81 c1", MsgPackValidationError.NeverUsedCode, 1)]                   // the first key of a map is 0xc1
        [InlineData("df ff ff ff ff c1", MsgPackValidationError.NeverUsedCode, 5)]       // asked for ~8 GiB before
        [InlineData("dd 7f ff ff ff 01 02 c1", MsgPackValidationError.NeverUsedCode, 7)] // asked for ~2 GiB before
        [InlineData("92 c0 91 c1", MsgPackValidationError.NeverUsedCode, 3)]
        [InlineData("91 a3 ff", MsgPackValidationError.InvalidUtf8, 1)]                  // a str cut short, already not UTF-8
        [InlineData("91 a4 61 c3 28", MsgPackValidationError.InvalidUtf8, 1)]
        [InlineData("91 a4 61 ed a0", MsgPackValidationError.InvalidUtf8, 1)]            // the start of a surrogate
        [InlineData("91 a4 61 f4 90", MsgPackValidationError.InvalidUtf8, 1)]            // the start of a code point above U+10FFFF
        [InlineData("91 d4 ff", MsgPackValidationError.InvalidTimestamp, 1)]             // fixext 1 of type -1, cut short
        [InlineData("d8 ff 00 00", MsgPackValidationError.InvalidTimestamp, 0)]
        [InlineData("91 c7 05 ff 00", MsgPackValidationError.InvalidTimestamp, 1)]       // a 5-byte timestamp, cut short
        [InlineData("c7 08 ff ee 6b 28 00 00", MsgPackValidationError.InvalidTimestamp, 0)] // nanoseconds 10^9, the rest to come
        [InlineData("d7 ff ee 6b 28 00", MsgPackValidationError.InvalidTimestamp, 0)]
        [InlineData("c7 0c ff 3b 9a ca 00 00", MsgPackValidationError.InvalidTimestamp, 0)]
        [InlineData("91 91 91 91 91 91 91 91", MsgPackValidationError.DepthExceeded, 2)] // with MaxDepth 2, before the end
        public void InputThatCannotBecomeValidIsInvalidDataOnEveryDoor(string hex, MsgPackValidationError error, long offset)
        {
            byte[] input = Hex.ToBytes(hex);
            var options = new MsgPackValidationOptions { MaxDepth = error == MsgPackValidationError.DepthExceeded ? 2 : 64 };
            foreach ((OperationStatus status, MsgPackValidationResult result) in AllDoors(input, options))
            {
                Assert.Equal(OperationStatus.InvalidData, status);
                Assert.Equal(error, result.Error);
                Assert.Equal(offset, result.Offset);
                Assert.Equal(0, result.BytesNeeded);
            }
        }

        [Theory]
        [InlineData("81", 3)]                          // a key and a value, a byte each
        [InlineData("93 92 01", 6)]                    // the inner array's last item, and the outer array's two
        [InlineData("93 92 01 cd 01", 8)]              // inside a token: its end, then the outer array's two
        [InlineData("92 a3 61 e2", 6)]                 // a str cut inside a character that can still complete
        [InlineData("92 a4 61 f0 9f", 7)]
        [InlineData("91 c7 08 ff 3b 9a c9 ff", 12)]    // a timestamp 64 whose nanoseconds are 999,999,999
        [InlineData("91 d7 ff", 11)]
        [InlineData("dd 00 00 01 00 c0 c0 c0", 261)]
        [InlineData("de 00 02 01 02", 7)]              // a map: two values per entry, two still to come
        public void InputThatCanBecomeValidAsksForTheLeastLengthThatCouldCompleteIt(string hex, long needed)
        {
            byte[] input = Hex.ToBytes(hex);
            foreach ((OperationStatus status, MsgPackValidationResult result) in AllDoors(input, default))
            {
                Assert.Equal(OperationStatus.NeedMoreData, status);
                Assert.Equal(needed, result.BytesNeeded);
            }

            // The same least length as TrySkip's (which sees the same structure).
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TrySkip(input, out int skipNeeded));
            Assert.Equal(needed, skipNeeded);

            // And it is the least: a valid document of exactly that length starts with these bytes (nils, zero
            // bytes and 'a's fill what is missing: every cut above is inside a value they complete).
            Assert.True(needed > input.Length);
        }

        // ---- Class 2: lengths above int.MaxValue in a sequence (segments that share one buffer: no gigabytes).

        [Fact]
        public void AStrLongerThanIntMaxValueIsTooLargeNotAcceptedAndNeverAThrow()
        {
            // str 32 of 2^31 + 16 bytes, all of them there, not UTF-8: the old walk cast the length to int and checked an
            // empty payload (accepted), or threw ArgumentOutOfRangeException from TryValidate.
            long payload = (1L << 31) + 16;
            ReadOnlySequence<byte> input = Huge(Hex.ToBytes("db 80 00 00 10"), payload, 0xff);
            Assert.True(input.Length > int.MaxValue);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(input, out MsgPackValidationResult result));
            Assert.Equal(MsgPackValidationError.LengthTooLarge, result.Error);
            Assert.Equal(0, result.Offset);
            Assert.Equal(MsgPackValidationError.LengthTooLarge, Assert.Throws<MsgPackValidationException>(() => MsgPackSpec.Validate(input)).Error);
        }

        [Fact]
        public void AStrOfNearlyIntMaxValueBytesHasItsTextChecked()
        {
            // str 32 of int.MaxValue - 2 bytes, all there: the payload fits an int, the whole value (5 + length) does
            // not. The validator peeked the payload with a call that reports that overflow, dropped the status and
            // checked an empty payload: invalid text was accepted (issue #23).
            const int Payload = int.MaxValue - 2;
            ReadOnlySequence<byte> invalid = Huge(Hex.ToBytes("db 7f ff ff fd"), Payload, 0xff);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(invalid, out MsgPackValidationResult result));
            Assert.Equal(MsgPackValidationError.InvalidUtf8, result.Error);
            Assert.Equal(0, result.Offset);

            // Valid text of that length passes the check (its 2 GiB are validated, segment by segment).
            ReadOnlySequence<byte> valid = Huge(Hex.ToBytes("db 7f ff ff fd"), Payload, (byte)'a');
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryValidate(valid, out result));
            Assert.Equal(5L + Payload, result.BytesConsumed);

            // The reader cannot hand out a value of more than int.MaxValue bytes: never Done, and never a wait.
            var reader = new MsgPackReader(invalid);
            Assert.Equal(OperationStatus.InvalidData, reader.TryReadStringBytes(out _));
            Assert.Equal(0, reader.Consumed);
        }

        [Fact]
        public void ATimestampOfNearlyIntMaxValueBytesIsInvalidNotDone()
        {
            // ext 32 of type -1 and int.MaxValue - 2 bytes, all there: not 4, 8 or 12 bytes, so not a timestamp.
            ReadOnlySequence<byte> input = Huge(Hex.ToBytes("c9 7f ff ff fd ff"), int.MaxValue - 2, 0);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(input, out MsgPackValidationResult result));
            Assert.Equal(MsgPackValidationError.InvalidTimestamp, result.Error);
        }

        [Fact]
        public void ATimestampLongerThanIntMaxValueIsTooLargeNotDone()
        {
            // ext 32 of type -1 with 2^31 bytes: the old walk dropped the header decoder's overflow status and said Done.
            long payload = 1L << 31;
            ReadOnlySequence<byte> input = Huge(Hex.ToBytes("c9 80 00 00 00 ff"), payload, 0);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(input, out MsgPackValidationResult result));
            Assert.Equal(MsgPackValidationError.LengthTooLarge, result.Error);
        }

        [Fact]
        public void AnUnlimitedDepthCostsNothingUpFrontOnASequenceOverTwoGiB()
        {
            // The old walk rented ArrayPool<long>.Shared.Rent(int.MaxValue) for the depth counters here and threw
            // OutOfMemoryException from TryValidate.
            ReadOnlySequence<byte> input = Huge(Hex.ToBytes("c0"), (1L << 31) + 5, 0xc0);
            var unlimited = new MsgPackValidationOptions { MaxDepth = int.MaxValue };
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(input, out MsgPackValidationResult result, unlimited));
            Assert.Equal(MsgPackValidationError.TrailingBytes, result.Error);
            Assert.Equal(1, result.Offset);
        }

        [Fact]
        public void DeepNestingWithAnUnlimitedDepthGrowsTheCountersAsItGoes()
        {
            const int Depth = 200_000;
            byte[] input = new byte[Depth + 1];
            input.AsSpan(0, Depth).Fill(0x91);
            input[Depth] = 0xc0;
            var unlimited = new MsgPackValidationOptions { MaxDepth = int.MaxValue };
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryValidate(input, out MsgPackValidationResult result, unlimited));
            Assert.Equal(input.Length, result.BytesConsumed);
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryValidate(Sequences.Split(input, 4096, withEmpty: false), out result, unlimited));

            // Cut short, it asks for the nil and nothing more (every level holds one item).
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryValidate(input.AsSpan(0, Depth), out result, unlimited));
            Assert.Equal(Depth + 1, result.BytesNeeded);
        }

        [Fact]
        public void ASequenceMayWaitForMoreThanTwoGiBWhereASpanCannot()
        {
            // An array 32 of 2^31 + 1 nils, 3 of them there: a span can never hold the rest, a sequence can.
            byte[] input = Hex.ToBytes("dd 80 00 00 01 c0 c0 c0");
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(input, out MsgPackValidationResult overSpan));
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryValidate(new ReadOnlySequence<byte>(input), out MsgPackValidationResult overSequence));
            Assert.Equal(MsgPackValidationError.Truncated, overSpan.Error);
            Assert.Equal(overSpan.BytesNeeded, overSequence.BytesNeeded);
            Assert.Equal(5 + (1L << 31) + 1, overSequence.BytesNeeded);
        }

        private static (OperationStatus, MsgPackValidationResult)[] AllDoors(byte[] input, MsgPackValidationOptions options)
        {
            var results = new System.Collections.Generic.List<(OperationStatus, MsgPackValidationResult)>();
            results.Add((MsgPackSpec.TryValidate(input, out MsgPackValidationResult result, options), result));
            foreach (int size in new[] { 1, 2, 3 })
            {
                results.Add((MsgPackSpec.TryValidate(Sequences.Split(input, size, withEmpty: true), out result, options), result));
            }

            return results.ToArray();
        }

        /// <summary>
        /// <paramref name="head"/>, then <paramref name="length"/> bytes of <paramref name="fill"/>: segments of 1 MiB that
        /// all share one array, so that a sequence past 2 GiB costs a MiB and some segment objects.
        /// </summary>
        private static ReadOnlySequence<byte> Huge(byte[] head, long length, byte fill)
        {
            const int Chunk = 1 << 20;
            byte[] shared = new byte[Chunk];
            shared.AsSpan().Fill(fill);
            var chunks = new System.Collections.Generic.List<ReadOnlyMemory<byte>> { head };
            for (long left = length; left > 0; left -= Chunk)
            {
                chunks.Add(shared.AsMemory(0, (int)Math.Min(Chunk, left)));
            }

            return Sequences.FromChunks(chunks);
        }
    }
}
