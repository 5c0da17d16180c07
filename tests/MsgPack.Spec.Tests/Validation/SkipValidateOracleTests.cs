using System;
using System.Buffers;
using System.Collections.Generic;
using MsgPack.Spec.Fuzzing;
using Xunit;
using MsgPack.Spec.Tests.Formats;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Validation
{
    /// <summary>
    /// Skip and Validate against the token-by-token implementations they replaced (kept below as oracles, written
    /// with the public API only): the table-driven skip loop and the in-place validation walk must return exactly what
    /// those did, status, bytes read or needed, error, offset and counts, on generated values, on every cut of them,
    /// and on mutated ones.
    /// </summary>
    public class SkipValidateOracleTests
    {
        private static readonly (string Name, MsgPackValidationOptions Options)[] OptionSets =
        {
            ("default", default),
            ("multiple", new MsgPackValidationOptions { AllowMultipleValues = true }),
            ("no utf8", new MsgPackValidationOptions { CheckUtf8 = false }),
            ("depth 2", new MsgPackValidationOptions { MaxDepth = 2 }),
            ("depth 1, multiple, utf8", new MsgPackValidationOptions { MaxDepth = 1, AllowMultipleValues = true, CheckUtf8 = true }),
        };

        [Fact]
        public void GeneratedValuesAndEveryCutMatchTheOracles()
        {
            var random = new Random(7301);
            for (int round = 0; round < 400; round++)
            {
                byte[] input = Generate(random, 1 + random.Next(2));
                for (int cut = 0; cut <= input.Length; cut++)
                {
                    Check(input.AsSpan(0, cut).ToArray(), random, $"round {round}, cut {cut}");
                }
            }
        }

        [Fact]
        public void MutatedValuesMatchTheOracles()
        {
            var random = new Random(9157);
            for (int round = 0; round < 4000; round++)
            {
                byte[] input = Generate(random, 1 + random.Next(3));
                int mutations = 1 + random.Next(3);
                for (int m = 0; m < mutations && input.Length > 0; m++)
                {
                    int at = random.Next(input.Length);
                    switch (random.Next(5))
                    {
                        case 0:
                            input[at] = (byte)random.Next(256);
                            break;
                        case 1:
                            input[at] = 0xc1;
                            break;
                        case 2:
                            input[at] ^= (byte)(1 << random.Next(8));
                            break;
                        case 3:
                            input = input.AsSpan(0, at).ToArray();
                            break;
                        default:
                            // A lying length or count: a byte after a code set to something large.
                            input[at] = (byte)(0xf0 | random.Next(16));
                            break;
                    }
                }

                Check(input, random, $"mutated round {round}");
            }
        }

        [Theory]
        [InlineData("dd 7f ff ff fa")]
        [InlineData("df 3f ff ff fe")]
        [InlineData("dc 00 02 db ff ff ff f8")]
        [InlineData("dc 00 02 db 7f ff ff f0")]
        [InlineData("92 cd 01")]
        [InlineData("92 a5 61 62")]
        [InlineData("92 d6 ff 00")]
        [InlineData("93 01 02")]
        [InlineData("91 91 91 91 91 91 91 91 c0")]
        [InlineData("81 a1 61 c7 0c ff 00 00 00 00 00 00 00 00 3b 9a ca 00")]
        [InlineData("92 d4 ff 00 a2 c3 28")]
        public void HandPickedInputsMatchTheOracles(string hex)
        {
            byte[] value = Hex.ToBytes(hex);
            var random = new Random(1);
            for (int cut = 0; cut <= value.Length; cut++)
            {
                Check(value.AsSpan(0, cut).ToArray(), random, $"{hex}, cut {cut}");
            }
        }

        private static void Check(byte[] input, Random random, string what)
        {
            // Skip: TrySkip's status and count, and the exception type of Skip.
            OperationStatus expectedSkip = OldSkip(input, out int expectedRead);
            OperationStatus skip = MsgPackSpec.TrySkip(input, out int read);
            Assert.True((expectedSkip, expectedRead) == (skip, read), $"{what}: TrySkip {skip} {read}, expected {expectedSkip} {expectedRead} on {Hex.Of(input)}");
            Exception? thrown = Record.Exception(() => MsgPackSpec.Skip(input));
            switch (expectedSkip)
            {
                case OperationStatus.Done:
                    Assert.Null(thrown);
                    break;
                case OperationStatus.NeedMoreData:
                    Assert.IsType<MsgPackTruncatedException>(thrown);
                    Assert.Equal(expectedRead, ((MsgPackTruncatedException)thrown!).BytesNeeded);
                    break;
                default:
                    Assert.True(thrown is MsgPackUnexpectedCodeException or MsgPackOverflowException, $"{what}: {thrown}");
                    break;
            }

            // Validate: over the span, and over the same bytes cut into segments.
            ReadOnlySequence<byte> sequence = Sequences.Split(input, 1 + random.Next(7), random.Next(2) == 0);
            foreach ((string name, MsgPackValidationOptions options) in OptionSets)
            {
                var expected = OldValidate(input, options);
                MsgPackSpec.TryValidate(input, out MsgPackValidationResult actual, options);
                Assert.True(expected == Tuple(actual), $"{what}, {name}: {Tuple(actual)}, expected {expected} on {Hex.Of(input)}");
                MsgPackSpec.TryValidate(sequence, out MsgPackValidationResult overSequence, options);
                Assert.True(expected == Tuple(overSequence), $"{what}, {name}, sequence: {Tuple(overSequence)}, expected {expected} on {Hex.Of(input)}");
            }
        }

        private static (MsgPackValidationError, long, long, long, long) Tuple(MsgPackValidationResult r) =>
            (r.Error, r.Offset, r.BytesConsumed, r.ValueCount, r.BytesNeeded);

        // ---- Generated values: every format, nested, with timestamps (good and bad) and text strs (some not UTF-8).

        private static byte[] Generate(Random random, int count)
        {
            var output = new List<byte>();
            for (int i = 0; i < count; i++)
            {
                Emit(random, output, 0);
            }

            return output.ToArray();
        }

        private static void Emit(Random random, List<byte> output, int depth)
        {
            void Big(long value, int size)
            {
                for (int shift = (size - 1) * 8; shift >= 0; shift -= 8)
                {
                    output.Add((byte)(value >> shift));
                }
            }

            void Items(int count)
            {
                for (int i = 0; i < count; i++)
                {
                    Emit(random, output, depth + 1);
                }
            }

            switch (random.Next(depth >= 4 ? 4 : 9))
            {
                case 0:
                case 1:
                    // Any scalar, str, bin or ext, as SkipTests makes them (at its depth 5: no arrays or maps).
                    SkipTests.EmitRandomValue(random, output, 5);
                    break;
                case 2:
                {
                    // A str of mostly ASCII text, now and then a byte that is not UTF-8, in any of the four forms.
                    int length = random.Next(40);
                    int form = length < 32 ? random.Next(4) : 1 + random.Next(3);
                    output.Add(form == 0 ? (byte)(0xa0 | length) : (byte)(0xd8 + form));
                    if (form > 0)
                    {
                        Big(length, new[] { 0, 1, 2, 4 }[form]);
                    }

                    for (int i = 0; i < length; i++)
                    {
                        int pick = random.Next(20);
                        output.Add(pick == 0 ? (byte)0xff : (byte)('a' + pick));
                    }

                    break;
                }

                case 3:
                {
                    // A timestamp (ext -1) of a valid or invalid length, with nanoseconds that may be too large.
                    int[] lengths = { 4, 8, 12, 1, 2, 16, 5 };
                    int length = lengths[random.Next(lengths.Length)];
                    int fixCode = length switch { 1 => 0xd4, 2 => 0xd5, 4 => 0xd6, 8 => 0xd7, 16 => 0xd8, _ => 0 };
                    if (fixCode != 0 && random.Next(2) == 0)
                    {
                        output.Add((byte)fixCode);
                    }
                    else
                    {
                        output.Add(0xc7);
                        output.Add((byte)length);
                    }

                    output.Add(0xff);
                    for (int i = 0; i < length; i++)
                    {
                        output.Add(random.Next(4) == 0 ? (byte)0xff : (byte)0);
                    }

                    break;
                }

                case 4:
                    output.Add(random.Next(2) == 0 ? (byte)0x90 : (byte)0x80);
                    break;
                case 5:
                {
                    int n = random.Next(5);
                    output.Add((byte)(0x90 | n));
                    Items(n);
                    break;
                }

                case 6:
                {
                    int n = random.Next(4);
                    bool wide = random.Next(2) == 0;
                    output.Add(wide ? (byte)0xdd : (byte)0xdc);
                    Big(n, wide ? 4 : 2);
                    Items(n);
                    break;
                }

                case 7:
                {
                    int n = random.Next(3);
                    output.Add((byte)(0x80 | n));
                    Items(2 * n);
                    break;
                }

                default:
                {
                    int n = random.Next(3);
                    bool wide = random.Next(2) == 0;
                    output.Add(wide ? (byte)0xdf : (byte)0xde);
                    Big(n, wide ? 4 : 2);
                    Items(2 * n);
                    break;
                }
            }
        }

        // ---- The oracles: the token-by-token Skip as it was, and a token-by-token Validate with the rule of
        // docs/security.md (NeedMoreData only while the bytes present can start a valid document, with the least length
        // that could complete it), over a span, with the public API.

        private static ReadOnlySpan<byte> HeaderSizes => new byte[256]
        {
            1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
            1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
            1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
            1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
            1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
            1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
            1, 0, 1, 1, 2, 3, 5, 3, 4, 6, 5, 9, 2, 3, 5, 9, 2, 3, 5, 9, 3, 4, 6, 10, 18, 2, 3, 5, 3, 5, 3, 5,
            1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        };

        private enum Header
        {
            Done,
            NeedMoreData,
            NeverUsed,
        }

        private static uint Field(ReadOnlySpan<byte> s, int size)
        {
            uint value = 0;
            for (int i = 1; i <= size; i++)
            {
                value = (value << 8) | s[i];
            }

            return value;
        }

        private static Header OldTokenHeader(ReadOnlySpan<byte> s, out int headerLength, out long payloadLength, out long childCount)
        {
            payloadLength = 0;
            childCount = 0;
            if (s.Length == 0)
            {
                headerLength = 1;
                return Header.NeedMoreData;
            }

            byte code = s[0];
            headerLength = HeaderSizes[code];
            if (headerLength == 0)
            {
                return Header.NeverUsed;
            }

            if (s.Length < headerLength)
            {
                return Header.NeedMoreData;
            }

            switch (code)
            {
                case 0xd9 or 0xc4 or 0xc7:
                    payloadLength = Field(s, 1);
                    break;
                case 0xda or 0xc5 or 0xc8:
                    payloadLength = Field(s, 2);
                    break;
                case 0xdb or 0xc6 or 0xc9:
                    payloadLength = Field(s, 4);
                    break;
                case 0xdc:
                    childCount = Field(s, 2);
                    break;
                case 0xdd:
                    childCount = Field(s, 4);
                    break;
                case 0xde:
                    childCount = 2L * Field(s, 2);
                    break;
                case 0xdf:
                    childCount = 2L * Field(s, 4);
                    break;
                case >= 0x80 and <= 0x8f:
                    childCount = 2 * (code & 0x0f);
                    break;
                case >= 0x90 and <= 0x9f:
                    childCount = code & 0x0f;
                    break;
                case >= 0xa0 and <= 0xbf:
                    payloadLength = code & 0x1f;
                    break;
            }

            return Header.Done;
        }

        private static OperationStatus NeedMore(long needed, out int read)
        {
            read = needed > int.MaxValue ? 0 : (int)needed;
            return needed > int.MaxValue ? OperationStatus.InvalidData : OperationStatus.NeedMoreData;
        }

        private static OperationStatus OldSkip(ReadOnlySpan<byte> source, out int read)
        {
            long pending = 1;
            long position = 0;
            do
            {
                if (position >= source.Length)
                {
                    return NeedMore(position + pending, out read);
                }

                Header status = OldTokenHeader(source.Slice((int)position), out int headerLength, out long payloadLength, out long childCount);
                if (status == Header.NeedMoreData)
                {
                    return NeedMore(position + headerLength + pending - 1, out read);
                }

                if (status != Header.Done)
                {
                    read = 0;
                    return OperationStatus.InvalidData;
                }

                position += headerLength + payloadLength;
                pending += childCount - 1;
            }
            while (pending != 0);

            if (position > source.Length)
            {
                return NeedMore(position, out read);
            }

            read = (int)position;
            return OperationStatus.Done;
        }

        private static (MsgPackValidationError, long, long, long, long) OldValidate(ReadOnlySpan<byte> source, MsgPackValidationOptions options)
        {
            int maxDepth = options.MaxDepth;
            var pending = new long[Math.Min(maxDepth, source.Length) + 1];
            long position = 0;
            long values = 0;
            long valueStart = 0;
            int depth = 0;
            pending[0] = 1;
            while (true)
            {
                while (depth > 0 && pending[depth] == 0)
                {
                    depth--;
                }

                if (depth == 0 && pending[0] == 0)
                {
                    values++;
                    valueStart = position;
                    if (position == source.Length)
                    {
                        return (MsgPackValidationError.None, position, position, values, 0);
                    }

                    if (!options.AllowMultipleValues)
                    {
                        return (MsgPackValidationError.TrailingBytes, valueStart, valueStart, values, 0);
                    }

                    pending[0] = 1;
                }

                long offset = position;
                ReadOnlySpan<byte> rest = source.Slice((int)position);
                Header status = OldTokenHeader(rest, out int headerLength, out long payloadLength, out long childCount);
                // Every value announced and not reached, besides this one, at every level: a byte each at least.
                long others = -1;
                for (int level = 0; level <= depth; level++)
                {
                    others += pending[level];
                }

                if (status == Header.NeedMoreData)
                {
                    // A fixext cut short whose type says timestamp: its length, and the nanoseconds once there, decide.
                    if (FuzzUtf8.IsCutTimestampInvalid(rest))
                    {
                        return (MsgPackValidationError.InvalidTimestamp, offset, valueStart, values, 0);
                    }

                    return (MsgPackValidationError.Truncated, offset, valueStart, values, offset + headerLength + others);
                }

                if (status != Header.Done)
                {
                    return (MsgPackValidationError.NeverUsedCode, offset, valueStart, values, 0);
                }

                if (payloadLength > int.MaxValue)
                {
                    return (MsgPackValidationError.LengthTooLarge, offset, valueStart, values, 0);
                }

                long tokenLength = headerLength + payloadLength;
                long left = rest.Length;
                bool complete = tokenLength <= left;
                MsgPackType type = MsgPackSpec.GetMsgPackType(rest[0]);
                if (type == MsgPackType.Extension)
                {
                    MsgPackSpec.TryReadExtensionHeader(rest, out ExtensionHeader header, out _);
                    sbyte typeCode = header.TypeCode;
                    if (typeCode == -1 && (complete ? MsgPackSpec.TryReadTimestamp(rest, out _, out _) != OperationStatus.Done : FuzzUtf8.IsCutTimestampInvalid(rest)))
                    {
                        return (MsgPackValidationError.InvalidTimestamp, offset, valueStart, values, 0);
                    }
                }
                else if (type == MsgPackType.String && options.CheckUtf8)
                {
                    ReadOnlySpan<byte> text = rest.Slice(headerLength, (int)Math.Min(payloadLength, left - headerLength));
                    if (complete ? !System.Text.Unicode.Utf8.IsValid(text) : !FuzzUtf8.CanStart(text))
                    {
                        return (MsgPackValidationError.InvalidUtf8, offset, valueStart, values, 0);
                    }
                }

                if (!complete)
                {
                    return (MsgPackValidationError.LengthPastEnd, offset, valueStart, values, offset + tokenLength + others);
                }

                position += tokenLength;
                pending[depth]--;
                if (type is MsgPackType.Array or MsgPackType.Map)
                {
                    if (depth == maxDepth)
                    {
                        return (MsgPackValidationError.DepthExceeded, offset, valueStart, values, 0);
                    }

                    if (childCount != 0)
                    {
                        depth++;
                        pending[depth] = childCount;
                    }
                }
            }
        }
    }
}
