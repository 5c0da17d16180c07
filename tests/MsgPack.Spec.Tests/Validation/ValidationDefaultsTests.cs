using System;
using System.Buffers;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Validation
{
    /// <summary>
    /// Validation checks UTF-8 by default, so that what validates also reads (<c>ReadString</c> rejects invalid
    /// UTF-8): <c>default(MsgPackValidationOptions)</c>, <c>new()</c> and options that set something else all check;
    /// only <c>CheckUtf8 = false</c> turns it off.
    /// </summary>
    public unsafe class ValidationDefaultsTests
    {
        [Fact]
        public void EveryWayOfMakingOptionsChecksUtf8UnlessToldNot()
        {
            Assert.True(default(MsgPackValidationOptions).CheckUtf8);
            Assert.True(new MsgPackValidationOptions().CheckUtf8);
            Assert.True(new MsgPackValidationOptions { MaxDepth = 5, AllowMultipleValues = true }.CheckUtf8);
            Assert.True(new MsgPackValidationOptions { CheckUtf8 = true }.CheckUtf8);

            var off = new MsgPackValidationOptions { CheckUtf8 = false };
            Assert.False(off.CheckUtf8);
            Assert.Equal(MsgPackValidationOptions.DefaultMaxDepth, off.MaxDepth);
            Assert.False(off.AllowMultipleValues);
            off.CheckUtf8 = true;
            Assert.True(off.CheckUtf8);
        }

        [Theory]
        [InlineData("a1 ff", 0)]
        [InlineData("a3 ed a0 80", 0)]             // a surrogate
        [InlineData("a2 c0 80", 0)]                // an overlong NUL
        [InlineData("91 a4 f4 90 80 80", 1)]       // above U+10FFFF, inside an array
        [InlineData("81 a1 41 a2 c3 28", 3)]       // a bad continuation, as a map value
        public void TheDefaultRejectsWhatReadStringRejectsAndCheckUtf8FalseAcceptsIt(string hex, int badString)
        {
            byte[] input = Hex.ToBytes(hex);
            var off = new MsgPackValidationOptions { CheckUtf8 = false };

            var thrown = Assert.Throws<MsgPackValidationException>(() => MsgPackSpec.Validate(input));
            Assert.Equal(MsgPackValidationError.InvalidUtf8, thrown.Error);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(input, out MsgPackValidationResult result));
            Assert.Equal(MsgPackValidationError.InvalidUtf8, result.Error);
            fixed (byte* p = input)
            {
                Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(p, input.Length, out result));
                Assert.Equal(MsgPackValidationError.InvalidUtf8, result.Error);
                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryValidate(p, input.Length, out _, off));
            }

            for (int at = 0; at <= input.Length; at++)
            {
                ReadOnlySequence<byte> sequence = Sequences.SplitAt(input, at);
                Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(sequence, out result));
                Assert.Equal(MsgPackValidationError.InvalidUtf8, result.Error);
                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryValidate(sequence, out _, off));
            }

            MsgPackSpec.Validate(input, off);
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryValidate(input, out result, off));
            Assert.Equal(input.Length, result.Offset);

            // The str that the default rejects is one ReadString rejects too.
            Assert.Throws<MsgPackInvalidUtf8Exception>(() => MsgPackSpec.ReadString(input.AsSpan(badString), out _));
        }

        [Fact]
        public void ValidUtf8PassesTheDefault()
        {
            byte[] input = Hex.ToBytes("92 a6 68 c3 a9 e2 82 ac a4 f0 9f 98 80"); // ["hé€", "😀"]
            MsgPackSpec.Validate(input);
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryValidate(Sequences.Split(input, 1, withEmpty: true), out MsgPackValidationResult result));
            Assert.Equal(1, result.ValueCount);
        }
    }
}
