using System;
using System.Collections.Generic;
using System.Linq;
using Xunit;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>
    /// Every scalar span writer, for values of every size: a destination one byte short (or shorter) makes the
    /// span writer throw ArgumentException naming the size needed and makes TryWrite* return false with that size;
    /// exactly the size needed is enough. Nothing is written when the destination is too small.
    /// </summary>
    public class ScalarDestinationTooSmallTests
    {
        private sealed class Case
        {
            public Case(int needed, SpanWriter write, SpanTryWriter? tryWrite)
            {
                Needed = needed;
                Write = write;
                TryWrite = tryWrite;
            }

            public int Needed { get; }

            public SpanWriter Write { get; }

            public SpanTryWriter? TryWrite { get; }
        }

        private static readonly long[] SignedBoundaries =
        {
            0, 1, 127, 128, 255, 256, 32767, 32768, 65535, 65536,
            2147483647L, 2147483648L, 4294967295L, 4294967296L, long.MaxValue,
            -1, -32, -33, -128, -129, -32768, -32769, int.MinValue, int.MinValue - 1L, long.MinValue,
        };

        private static readonly ulong[] UnsignedAboveInt64 = { 9223372036854775808UL, ulong.MaxValue };

        private static readonly Dictionary<string, Case> Cases = BuildCases();

        public static IEnumerable<object[]> CaseNames => Cases.Keys.Select(name => new object[] { name });

        private static Dictionary<string, Case> BuildCases()
        {
            var cases = new Dictionary<string, Case>();

            foreach (long value in SignedBoundaries)
            {
                // The size comes from the spec's table (ReferenceEncoding), not from the library.
                int needed = ReferenceEncoding.SmallestLength(value);
                cases[$"WriteInt64({value})"] = new Case(needed, d => MsgPackSpec.WriteInt64(d, value), (Span<byte> d, out int n) => MsgPackSpec.TryWriteInt64(d, value, out n));
                if (value >= int.MinValue && value <= int.MaxValue)
                {
                    int v = (int)value;
                    cases[$"WriteInt32({v})"] = new Case(needed, d => MsgPackSpec.WriteInt32(d, v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteInt32(d, v, out n));
                    cases[$"WriteInt32Exact({v})"] = new Case(5, d => MsgPackSpec.WriteInt32Exact(d, v), null);
                }

                if (value >= short.MinValue && value <= short.MaxValue)
                {
                    short v = (short)value;
                    cases[$"WriteInt16({v})"] = new Case(needed, d => MsgPackSpec.WriteInt16(d, v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteInt16(d, v, out n));
                    cases[$"WriteInt16Exact({v})"] = new Case(3, d => MsgPackSpec.WriteInt16Exact(d, v), null);
                }

                if (value >= sbyte.MinValue && value <= sbyte.MaxValue)
                {
                    sbyte v = (sbyte)value;
                    cases[$"WriteSByte({v})"] = new Case(needed, d => MsgPackSpec.WriteSByte(d, v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteSByte(d, v, out n));
                    cases[$"WriteInt8Exact({v})"] = new Case(2, d => MsgPackSpec.WriteInt8Exact(d, v), null);
                    if (v >= -32 && v <= -1)
                    {
                        cases[$"WriteNegativeFixInt({v})"] = new Case(1, d => MsgPackSpec.WriteNegativeFixInt(d, v), null);
                    }
                }

                cases[$"WriteInt64Exact({value})"] = new Case(9, d => MsgPackSpec.WriteInt64Exact(d, value), null);

                if (value >= 0)
                {
                    AddUnsigned(cases, (ulong)value);
                }
            }

            foreach (ulong value in UnsignedAboveInt64)
            {
                AddUnsigned(cases, value);
            }

            cases["WriteNil"] = new Case(1, d => MsgPackSpec.WriteNil(d), (Span<byte> d, out int n) => MsgPackSpec.TryWriteNil(d, out n));
            cases["WriteBoolean(false)"] = new Case(1, d => MsgPackSpec.WriteBoolean(d, false), (Span<byte> d, out int n) => MsgPackSpec.TryWriteBoolean(d, false, out n));
            cases["WriteBoolean(true)"] = new Case(1, d => MsgPackSpec.WriteBoolean(d, true), (Span<byte> d, out int n) => MsgPackSpec.TryWriteBoolean(d, true, out n));
            cases["WriteSingle(0)"] = new Case(5, d => MsgPackSpec.WriteSingle(d, 0f), (Span<byte> d, out int n) => MsgPackSpec.TryWriteSingle(d, 0f, out n));
            cases["WriteSingle(NaN)"] = new Case(5, d => MsgPackSpec.WriteSingle(d, float.NaN), (Span<byte> d, out int n) => MsgPackSpec.TryWriteSingle(d, float.NaN, out n));
            cases["WriteDouble(0)"] = new Case(9, d => MsgPackSpec.WriteDouble(d, 0.0), (Span<byte> d, out int n) => MsgPackSpec.TryWriteDouble(d, 0.0, out n));
            cases["WriteDouble(-Infinity)"] = new Case(9, d => MsgPackSpec.WriteDouble(d, double.NegativeInfinity), (Span<byte> d, out int n) => MsgPackSpec.TryWriteDouble(d, double.NegativeInfinity, out n));
            return cases;
        }

        private static void AddUnsigned(Dictionary<string, Case> cases, ulong value)
        {
            int needed = ReferenceEncoding.SmallestLength(value);
            cases[$"WriteUInt64({value})"] = new Case(needed, d => MsgPackSpec.WriteUInt64(d, value), (Span<byte> d, out int n) => MsgPackSpec.TryWriteUInt64(d, value, out n));
            cases[$"WriteUInt64Exact({value})"] = new Case(9, d => MsgPackSpec.WriteUInt64Exact(d, value), null);
            if (value <= uint.MaxValue)
            {
                uint v = (uint)value;
                cases[$"WriteUInt32({v})"] = new Case(needed, d => MsgPackSpec.WriteUInt32(d, v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteUInt32(d, v, out n));
                cases[$"WriteUInt32Exact({v})"] = new Case(5, d => MsgPackSpec.WriteUInt32Exact(d, v), null);
            }

            if (value <= ushort.MaxValue)
            {
                ushort v = (ushort)value;
                cases[$"WriteUInt16({v})"] = new Case(needed, d => MsgPackSpec.WriteUInt16(d, v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteUInt16(d, v, out n));
                cases[$"WriteUInt16Exact({v})"] = new Case(3, d => MsgPackSpec.WriteUInt16Exact(d, v), null);
            }

            if (value <= byte.MaxValue)
            {
                byte v = (byte)value;
                cases[$"WriteByte({v})"] = new Case(needed, d => MsgPackSpec.WriteByte(d, v), (Span<byte> d, out int n) => MsgPackSpec.TryWriteByte(d, v, out n));
                cases[$"WriteUInt8Exact({v})"] = new Case(2, d => MsgPackSpec.WriteUInt8Exact(d, v), null);
                if (v <= 127)
                {
                    cases[$"WritePositiveFixInt({v})"] = new Case(1, d => MsgPackSpec.WritePositiveFixInt(d, v), null);
                }
            }
        }

        [Theory]
        [MemberData(nameof(CaseNames))]
        public void TooSmallThrowsOrReturnsFalseWithTheSizeNeededAndExactlyEnoughSucceeds(string name)
        {
            Case c = Cases[name];

            for (int length = 0; length < c.Needed; length++)
            {
                byte[] destination = ScalarAssert.Filled(length, ScalarAssert.Sentinel);
                ArgumentException e = Assert.ThrowsAny<ArgumentException>(() => c.Write(destination));
                Assert.Equal("destination", e.ParamName);
                Assert.Contains($" {c.Needed} ", e.Message, StringComparison.Ordinal);
                ScalarAssert.AssertUntouched(name + " (span, too small)", destination, 0);

                if (c.TryWrite is not null)
                {
                    bool ok = c.TryWrite(destination, out int bytesWritten);
                    Assert.False(ok, $"{name} into {length} bytes returned true");
                    Assert.Equal(c.Needed, bytesWritten);
                    ScalarAssert.AssertUntouched(name + " (TryWrite, too small)", destination, 0);
                }
            }

            byte[] exact = new byte[c.Needed];
            Assert.Equal(c.Needed, c.Write(exact));

            if (c.TryWrite is not null)
            {
                byte[] viaTry = new byte[c.Needed];
                Assert.True(c.TryWrite(viaTry, out int bytesWritten), $"{name} into exactly {c.Needed} bytes returned false");
                Assert.Equal(c.Needed, bytesWritten);
                Assert.Equal(Hex.Of(exact), Hex.Of(viaTry));

                // And with plenty of room, TryWrite reports what it wrote, not the room it had.
                byte[] large = ScalarAssert.Filled(c.Needed + 16, ScalarAssert.Sentinel);
                Assert.True(c.TryWrite(large, out bytesWritten));
                Assert.Equal(c.Needed, bytesWritten);
                Assert.Equal(Hex.Of(exact), Hex.Of(large.AsSpan(0, c.Needed)));
                ScalarAssert.AssertUntouched(name + " (TryWrite, large)", large, c.Needed);
            }
        }

        [Fact]
        public void TheCaseTableCoversEveryScalarWriter()
        {
            string[] writers =
            {
                "WriteInt64(", "WriteInt32(", "WriteInt16(", "WriteSByte(", "WriteUInt64(", "WriteUInt32(", "WriteUInt16(", "WriteByte(",
                "WriteInt64Exact(", "WriteInt32Exact(", "WriteInt16Exact(", "WriteInt8Exact(", "WriteUInt64Exact(", "WriteUInt32Exact(", "WriteUInt16Exact(", "WriteUInt8Exact(",
                "WritePositiveFixInt(", "WriteNegativeFixInt(", "WriteNil", "WriteBoolean(", "WriteSingle(", "WriteDouble(",
            };

            foreach (string writer in writers)
            {
                Assert.Contains(Cases.Keys, name => name.StartsWith(writer, StringComparison.Ordinal));
            }

            // Every size of the smallest forms occurs for the 64-bit writers.
            Assert.Equal(new[] { 1, 2, 3, 5, 9 }, Cases.Where(kv => kv.Key.StartsWith("WriteInt64(", StringComparison.Ordinal)).Select(kv => kv.Value.Needed).Distinct().OrderBy(n => n));
        }
    }
}
