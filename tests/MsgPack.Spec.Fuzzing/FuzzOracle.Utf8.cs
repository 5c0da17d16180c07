using System;
using System.Buffers;
using System.Text.Unicode;

namespace MsgPack.Spec.Fuzzing
{
    internal sealed unsafe partial class FuzzOracle
    {
        /// <summary>
        /// The input's bytes taken as the payload of a str value (whatever they are): the library's UTF-8 check, on the
        /// span door, the sequence reader over a random cut of the value into segments and the validator with
        /// CheckUtf8, must say what the BCL's <see cref="Utf8.IsValid(ReadOnlySpan{byte})"/> says, and a valid text
        /// must decode to the string the BCL makes.
        /// </summary>
        private void CheckUtf8(byte[] input, FuzzRandom random)
        {
            bool expected = Utf8.IsValid(input);
            byte[] str = new byte[5 + input.Length];
            MsgPackSpec.WriteString32Header(str, (uint)input.Length);
            input.CopyTo(str, 5);
            string context = _context;
            _context = string.Empty;

            OperationStatus span = MsgPackSpec.TryReadStringBytes(str, out _, out _);
            if (span != (expected ? OperationStatus.Done : OperationStatus.InvalidData))
            {
                Fail("utf8", "TryReadStringBytes (span)", $"{span}, the BCL says {(expected ? "valid" : "invalid")}");
            }

            ReadOnlySequence<byte> sequence = Segments.Build(str, random, out string segments);
            _context = ", segments " + segments;
            var reader = new MsgPackReader(sequence);
            OperationStatus overSequence = reader.TryReadStringBytes(out _);
            if (overSequence != span)
            {
                Fail("utf8", "MsgPackReader.TryReadStringBytes (sequence)", $"{overSequence}, the span door {span}");
            }

            OperationStatus validated = MsgPackSpec.TryValidate(sequence, out MsgPackValidationResult validation, new MsgPackValidationOptions { CheckUtf8 = true });
            if (validated != span || (!expected && validation.Error != MsgPackValidationError.InvalidUtf8))
            {
                Fail("utf8", "TryValidate (sequence, CheckUtf8)", $"{validated} ({validation.Error}), the BCL says {(expected ? "valid" : "invalid")}");
            }

            if (expected)
            {
                string text = MsgPackSpec.ReadString(str, out _);
                if (text != System.Text.Encoding.UTF8.GetString(input))
                {
                    Fail("utf8", "ReadString (span)", "a valid text decoded to another string than the BCL's");
                }
            }

            _context = context;
        }
    }
}
