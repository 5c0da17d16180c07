using System;
using System.Collections.Generic;
using Xunit;

namespace MsgPack.Spec.Tests.Tokens
{
    /// <summary>GetMsgPackType for all 256 first bytes, against the format table of the MessagePack specification.</summary>
    public class MsgPackTypeTests
    {
        /// <summary>The spec's "Formats" overview table, range by range.</summary>
        private static MsgPackType FromSpec(int code) => code switch
        {
            >= 0x00 and <= 0x7f => MsgPackType.Integer,   // positive fixint
            >= 0x80 and <= 0x8f => MsgPackType.Map,       // fixmap
            >= 0x90 and <= 0x9f => MsgPackType.Array,     // fixarray
            >= 0xa0 and <= 0xbf => MsgPackType.String,    // fixstr
            0xc0 => MsgPackType.Nil,                      // nil
            0xc1 => MsgPackType.NeverUsed,                // (never used)
            0xc2 or 0xc3 => MsgPackType.Boolean,          // false, true
            0xc4 or 0xc5 or 0xc6 => MsgPackType.Binary,   // bin 8, bin 16, bin 32
            0xc7 or 0xc8 or 0xc9 => MsgPackType.Extension, // ext 8, ext 16, ext 32
            0xca or 0xcb => MsgPackType.Float,            // float 32, float 64
            >= 0xcc and <= 0xcf => MsgPackType.Integer,   // uint 8, 16, 32, 64
            >= 0xd0 and <= 0xd3 => MsgPackType.Integer,   // int 8, 16, 32, 64
            >= 0xd4 and <= 0xd8 => MsgPackType.Extension, // fixext 1, 2, 4, 8, 16
            0xd9 or 0xda or 0xdb => MsgPackType.String,   // str 8, str 16, str 32
            0xdc or 0xdd => MsgPackType.Array,            // array 16, array 32
            0xde or 0xdf => MsgPackType.Map,              // map 16, map 32
            >= 0xe0 and <= 0xff => MsgPackType.Integer,   // negative fixint
            _ => throw new ArgumentOutOfRangeException(nameof(code)),
        };

        [Fact]
        public void EveryCodeHasTheFamilyOfTheSpecTable()
        {
            var wrong = new List<string>();
            for (int code = 0; code <= 0xff; code++)
            {
                MsgPackType expected = FromSpec(code);
                MsgPackType actual = MsgPackSpec.GetMsgPackType((byte)code);
                MsgPackType fromSpan = MsgPackSpec.GetMsgPackType(new[] { (byte)code, (byte)0 });
                if (actual != expected || fromSpan != expected)
                {
                    wrong.Add($"0x{code:x2}: expected {expected}, got {actual} (byte) / {fromSpan} (span)");
                }
            }

            Assert.Empty(wrong);
        }

        [Fact]
        public void TheFamiliesHaveTheSizesOfTheSpecTable()
        {
            var counts = new Dictionary<MsgPackType, int>();
            for (int code = 0; code <= 0xff; code++)
            {
                MsgPackType type = MsgPackSpec.GetMsgPackType((byte)code);
                counts[type] = counts.TryGetValue(type, out int n) ? n + 1 : 1;
            }

            Assert.Equal(128 + 4 + 4 + 32, counts[MsgPackType.Integer]);
            Assert.Equal(16 + 2, counts[MsgPackType.Map]);
            Assert.Equal(16 + 2, counts[MsgPackType.Array]);
            Assert.Equal(32 + 3, counts[MsgPackType.String]);
            Assert.Equal(3, counts[MsgPackType.Binary]);
            Assert.Equal(3 + 5, counts[MsgPackType.Extension]);
            Assert.Equal(2, counts[MsgPackType.Float]);
            Assert.Equal(2, counts[MsgPackType.Boolean]);
            Assert.Equal(1, counts[MsgPackType.Nil]);
            Assert.Equal(1, counts[MsgPackType.NeverUsed]);
            Assert.Equal(10, counts.Count);
        }

        [Theory]
        [InlineData(0xc1, MsgPackType.NeverUsed)]
        [InlineData(0xc0, MsgPackType.Nil)]
        [InlineData(0xc2, MsgPackType.Boolean)]
        [InlineData(0xca, MsgPackType.Float)]
        [InlineData(0xcb, MsgPackType.Float)]
        [InlineData(0xcc, MsgPackType.Integer)]
        [InlineData(0xd3, MsgPackType.Integer)]
        [InlineData(0xd4, MsgPackType.Extension)]
        [InlineData(0xe0, MsgPackType.Integer)]
        [InlineData(0x7f, MsgPackType.Integer)]
        [InlineData(0x80, MsgPackType.Map)]
        public void ScalarCodesAtTheRangeEdges(int code, MsgPackType expected)
        {
            Assert.Equal(expected, MsgPackSpec.GetMsgPackType((byte)code));
        }

        [Fact]
        public void GetMsgPackTypeOfAnEmptySpanThrowsTruncated()
        {
            MsgPackTruncatedException e = Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.GetMsgPackType(ReadOnlySpan<byte>.Empty));
            Assert.Equal(1, e.BytesNeeded);
            Assert.Equal(0, e.BytesAvailable);
        }

        [Fact]
        public void TheScalarDataCodesAreTheSpecValues()
        {
            Assert.Equal(0x00, DataCodes.MinPositiveFixInt);
            Assert.Equal(0x7f, DataCodes.MaxPositiveFixInt);
            Assert.Equal(0xc0, DataCodes.Nil);
            Assert.Equal(0xc1, DataCodes.NeverUsed);
            Assert.Equal(0xc2, DataCodes.False);
            Assert.Equal(0xc3, DataCodes.True);
            Assert.Equal(0xca, DataCodes.Float32);
            Assert.Equal(0xcb, DataCodes.Float64);
            Assert.Equal(0xcc, DataCodes.UInt8);
            Assert.Equal(0xcd, DataCodes.UInt16);
            Assert.Equal(0xce, DataCodes.UInt32);
            Assert.Equal(0xcf, DataCodes.UInt64);
            Assert.Equal(0xd0, DataCodes.Int8);
            Assert.Equal(0xd1, DataCodes.Int16);
            Assert.Equal(0xd2, DataCodes.Int32);
            Assert.Equal(0xd3, DataCodes.Int64);
            Assert.Equal(0xe0, DataCodes.MinNegativeFixInt);
            Assert.Equal(0xff, DataCodes.MaxNegativeFixInt);
        }
    }
}
