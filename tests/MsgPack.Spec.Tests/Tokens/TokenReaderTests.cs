using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Tokens
{
    /// <summary>
    /// The token readers (span, pointer, advancing span, MsgPackReader): every format told apart, every integer
    /// handed over whatever its sign and width, lengths and counts, and the same answer from every front door and from
    /// the typed readers.
    /// </summary>
    public class TokenReaderTests
    {
        /// <summary>One encoded token and what it must read as: a description of its value the test checks field by field.</summary>
        public static IEnumerable<object[]> Tokens()
        {
            // hex, type, format, bytes the token takes, value (integer as decimal text, float as R text, bool, length or count)
            yield return new object[] { "c0", MsgPackType.Nil, MsgPackFormat.Nil, 1, "" };
            yield return new object[] { "c2", MsgPackType.Boolean, MsgPackFormat.False, 1, "False" };
            yield return new object[] { "c3", MsgPackType.Boolean, MsgPackFormat.True, 1, "True" };
            yield return new object[] { "00", MsgPackType.Integer, MsgPackFormat.PositiveFixInt, 1, "0" };
            yield return new object[] { "7f", MsgPackType.Integer, MsgPackFormat.PositiveFixInt, 1, "127" };
            yield return new object[] { "e0", MsgPackType.Integer, MsgPackFormat.NegativeFixInt, 1, "-32" };
            yield return new object[] { "ff", MsgPackType.Integer, MsgPackFormat.NegativeFixInt, 1, "-1" };
            yield return new object[] { "cc ff", MsgPackType.Integer, MsgPackFormat.UInt8, 2, "255" };
            yield return new object[] { "cc 05", MsgPackType.Integer, MsgPackFormat.UInt8, 2, "5" };
            yield return new object[] { "cd ff ff", MsgPackType.Integer, MsgPackFormat.UInt16, 3, "65535" };
            yield return new object[] { "ce ff ff ff ff", MsgPackType.Integer, MsgPackFormat.UInt32, 5, "4294967295" };
            yield return new object[] { "ce 00 00 00 05", MsgPackType.Integer, MsgPackFormat.UInt32, 5, "5" };
            yield return new object[] { "cf 7f ff ff ff ff ff ff ff", MsgPackType.Integer, MsgPackFormat.UInt64, 9, "9223372036854775807" };
            yield return new object[] { "cf 80 00 00 00 00 00 00 00", MsgPackType.Integer, MsgPackFormat.UInt64, 9, "9223372036854775808" };
            yield return new object[] { "cf ff ff ff ff ff ff ff ff", MsgPackType.Integer, MsgPackFormat.UInt64, 9, "18446744073709551615" };
            yield return new object[] { "d0 80", MsgPackType.Integer, MsgPackFormat.Int8, 2, "-128" };
            yield return new object[] { "d0 05", MsgPackType.Integer, MsgPackFormat.Int8, 2, "5" };
            yield return new object[] { "d1 80 00", MsgPackType.Integer, MsgPackFormat.Int16, 3, "-32768" };
            yield return new object[] { "d2 80 00 00 00", MsgPackType.Integer, MsgPackFormat.Int32, 5, "-2147483648" };
            yield return new object[] { "d3 80 00 00 00 00 00 00 00", MsgPackType.Integer, MsgPackFormat.Int64, 9, "-9223372036854775808" };
            yield return new object[] { "d3 7f ff ff ff ff ff ff ff", MsgPackType.Integer, MsgPackFormat.Int64, 9, "9223372036854775807" };
            yield return new object[] { "ca 3f c0 00 00", MsgPackType.Float, MsgPackFormat.Float32, 5, "1.5" };
            yield return new object[] { "ca 80 00 00 00", MsgPackType.Float, MsgPackFormat.Float32, 5, "-0" };
            yield return new object[] { "ca 7f c0 00 00", MsgPackType.Float, MsgPackFormat.Float32, 5, "NaN" };
            yield return new object[] { "cb 3f b9 99 99 99 99 99 9a", MsgPackType.Float, MsgPackFormat.Float64, 9, "0.1" };
            yield return new object[] { "cb ff f0 00 00 00 00 00 00", MsgPackType.Float, MsgPackFormat.Float64, 9, "-Infinity" };
            yield return new object[] { "a0", MsgPackType.String, MsgPackFormat.FixString, 1, "0" };
            yield return new object[] { "a3 61 62 63", MsgPackType.String, MsgPackFormat.FixString, 1, "3" };
            yield return new object[] { "bf", MsgPackType.String, MsgPackFormat.FixString, 1, "31" };
            yield return new object[] { "d9 20", MsgPackType.String, MsgPackFormat.String8, 2, "32" };
            yield return new object[] { "da 01 00", MsgPackType.String, MsgPackFormat.String16, 3, "256" };
            yield return new object[] { "db 00 01 00 00", MsgPackType.String, MsgPackFormat.String32, 5, "65536" };
            yield return new object[] { "db 7f ff ff ff", MsgPackType.String, MsgPackFormat.String32, 5, "2147483647" };
            yield return new object[] { "c4 00", MsgPackType.Binary, MsgPackFormat.Binary8, 2, "0" };
            yield return new object[] { "c5 01 00", MsgPackType.Binary, MsgPackFormat.Binary16, 3, "256" };
            yield return new object[] { "c6 00 01 00 00", MsgPackType.Binary, MsgPackFormat.Binary32, 5, "65536" };
            yield return new object[] { "90", MsgPackType.Array, MsgPackFormat.FixArray, 1, "0" };
            yield return new object[] { "9f", MsgPackType.Array, MsgPackFormat.FixArray, 1, "15" };
            yield return new object[] { "dc 00 10", MsgPackType.Array, MsgPackFormat.Array16, 3, "16" };
            yield return new object[] { "dd 00 01 00 00", MsgPackType.Array, MsgPackFormat.Array32, 5, "65536" };
            yield return new object[] { "80", MsgPackType.Map, MsgPackFormat.FixMap, 1, "0" };
            yield return new object[] { "8f", MsgPackType.Map, MsgPackFormat.FixMap, 1, "15" };
            yield return new object[] { "de 00 10", MsgPackType.Map, MsgPackFormat.Map16, 3, "16" };
            yield return new object[] { "df 00 01 00 00", MsgPackType.Map, MsgPackFormat.Map32, 5, "65536" };
            yield return new object[] { "d4 05", MsgPackType.Extension, MsgPackFormat.FixExtension1, 2, "5:1" };
            yield return new object[] { "d5 05", MsgPackType.Extension, MsgPackFormat.FixExtension2, 2, "5:2" };
            yield return new object[] { "d6 80", MsgPackType.Extension, MsgPackFormat.FixExtension4, 2, "-128:4" };
            yield return new object[] { "d7 7f", MsgPackType.Extension, MsgPackFormat.FixExtension8, 2, "127:8" };
            yield return new object[] { "d8 01", MsgPackType.Extension, MsgPackFormat.FixExtension16, 2, "1:16" };
            yield return new object[] { "c7 00 02", MsgPackType.Extension, MsgPackFormat.Extension8, 3, "2:0" };
            yield return new object[] { "c8 01 00 03", MsgPackType.Extension, MsgPackFormat.Extension16, 4, "3:256" };
            yield return new object[] { "c9 00 01 00 00 fe", MsgPackType.Extension, MsgPackFormat.Extension32, 6, "-2:65536" };
            yield return new object[] { "d6 ff 00 00 00 01", MsgPackType.Timestamp, MsgPackFormat.FixExtension4, 6, "1.0:4" };
            yield return new object[] { "d7 ff 00 00 00 04 00 00 00 01", MsgPackType.Timestamp, MsgPackFormat.FixExtension8, 10, "1.1:8" };
            yield return new object[] { "c7 0c ff 3b 9a c9 ff ff ff ff ff ff ff ff ff", MsgPackType.Timestamp, MsgPackFormat.Extension8, 15, "-1.999999999:12" };
        }

        [Theory]
        [MemberData(nameof(Tokens))]
        public void EveryFrontDoorReadsTheTokenAndTellsItsFormat(string hex, MsgPackType type, MsgPackFormat format, int size, string value)
        {
            byte[] bytes = Hex.ToBytes(hex);
            foreach (MsgPackToken token in ReadWithEveryDoor(bytes, size))
            {
                Assert.Equal(type, token.Type);
                Assert.Equal(format, token.Format);
                Assert.Equal(bytes[0], token.Code);
                Assert.Equal(format, MsgPackSpec.GetFormat(bytes[0]));
                Assert.Equal(value, Describe(token));
            }
        }

        [Theory]
        [MemberData(nameof(Tokens))]
        public void TheTokenAgreesWithTheTypedReaders(string hex, MsgPackType type, MsgPackFormat format, int size, string value)
        {
            _ = format;
            _ = value;
            byte[] bytes = Hex.ToBytes(hex);
            MsgPackToken token = MsgPackSpec.ReadToken(bytes, out int read);
            Assert.Equal(size, read);
            int typedRead;
            switch (type)
            {
                case MsgPackType.Nil:
                    MsgPackSpec.ReadNil(bytes, out typedRead);
                    break;
                case MsgPackType.Boolean:
                    Assert.Equal(MsgPackSpec.ReadBoolean(bytes, out typedRead), token.GetBoolean());
                    break;
                case MsgPackType.Integer:
                    if (token.IsNegative)
                    {
                        Assert.Equal(MsgPackSpec.ReadInt64(bytes, out typedRead), token.GetInt64());
                    }
                    else
                    {
                        Assert.Equal(MsgPackSpec.ReadUInt64(bytes, out typedRead), token.GetUInt64());
                    }

                    break;
                case MsgPackType.Float:
                    Assert.Equal(BitConverter.DoubleToInt64Bits(MsgPackSpec.ReadDouble(bytes, out typedRead)), BitConverter.DoubleToInt64Bits(token.GetDouble()));
                    break;
                case MsgPackType.String:
                    Assert.Equal(MsgPackSpec.ReadStringHeader(bytes, out typedRead), token.Length);
                    break;
                case MsgPackType.Binary:
                    Assert.Equal(MsgPackSpec.ReadBinaryHeader(bytes, out typedRead), token.Length);
                    break;
                case MsgPackType.Array:
                    Assert.Equal(MsgPackSpec.ReadArrayHeader(bytes, out typedRead), token.Count);
                    break;
                case MsgPackType.Map:
                    Assert.Equal(MsgPackSpec.ReadMapHeader(bytes, out typedRead), token.Count);
                    break;
                case MsgPackType.Extension:
                    Assert.Equal(MsgPackSpec.ReadExtensionHeader(bytes, out typedRead), token.GetExtensionHeader());
                    break;
                case MsgPackType.Timestamp:
                    Assert.Equal(MsgPackSpec.ReadTimestamp(bytes, out typedRead), token.GetTimestamp());
                    // Its data was read with it: no bytes follow the token (Length 0); the header still tells 4, 8 or 12.
                    Assert.Equal(0, token.Length);
                    Assert.Equal(-1, token.GetExtensionHeader().TypeCode);
                    Assert.Equal(read - (read == 15 ? 3 : 2), token.GetExtensionHeader().Length);
                    break;
                default:
                    throw new InvalidOperationException(type.ToString());
            }

            Assert.Equal(typedRead, read);
        }

        [Theory]
        [MemberData(nameof(Tokens))]
        public void EveryPrefixNeedsTheWholeToken(string hex, MsgPackType type, MsgPackFormat format, int size, string value)
        {
            _ = type;
            _ = format;
            _ = value;
            byte[] bytes = Hex.ToBytes(hex);
            for (int cut = 0; cut < size; cut++)
            {
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadToken(bytes.AsSpan(0, cut), out MsgPackToken token, out int needed));
                Assert.Equal(MsgPackType.None, token.Type);

                // The length asked for is at least one more byte, and never more than the token: waiting for it can
                // only end in a token.
                Assert.InRange(needed, cut + 1, size);

                ReadOnlySpan<byte> rest = bytes.AsSpan(0, cut);
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadToken(ref rest, out _));
                Assert.Equal(cut, rest.Length);

                var reader = new MsgPackReader(Sequences.Split(bytes.AsSpan(0, cut).ToArray(), 1, withEmpty: true));
                Assert.Equal(OperationStatus.NeedMoreData, reader.TryReadToken(out _));
                Assert.Equal(0, reader.Consumed);
                Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.ReadToken(bytes.AsSpan(0, cut).ToArray(), out _));
            }
        }

        [Theory]
        [InlineData("c1", typeof(MsgPackUnexpectedCodeException))]
        [InlineData("d4 ff 00", typeof(MsgPackInvalidTimestampException))]              // a timestamp of 1 byte
        [InlineData("c7 05 ff 00 00 00 00 00", typeof(MsgPackInvalidTimestampException))] // of 5 bytes
        [InlineData("d7 ff ff ff ff ff 00 00 00 00", typeof(MsgPackInvalidTimestampException))] // nanoseconds 2^30-1 > 999,999,999
        [InlineData("db 80 00 00 00", typeof(MsgPackOverflowException))]                // a length above int.MaxValue
        [InlineData("c6 ff ff ff ff", typeof(MsgPackOverflowException))]
        [InlineData("c9 80 00 00 00 05", typeof(MsgPackOverflowException))]
        [InlineData("dd 80 00 00 00", typeof(MsgPackOverflowException))]                // a count above int.MaxValue
        [InlineData("df 80 00 00 00", typeof(MsgPackOverflowException))]
        public void BadTokensAreInvalidDataOnEveryDoor(string hex, Type exception)
        {
            byte[] bytes = Hex.ToBytes(hex);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadToken(bytes, out MsgPackToken token, out int bytesRead));
            Assert.Equal(MsgPackType.None, token.Type);
            Assert.Equal(0, bytesRead);
            Assert.Throws(exception, () => MsgPackSpec.ReadToken(bytes, out _));
            ReadOnlySpan<byte> rest = bytes;
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadToken(ref rest, out _));
            Assert.Equal(bytes.Length, rest.Length);
            var reader = new MsgPackReader(Sequences.Split(bytes, 1, withEmpty: false));
            Assert.Equal(OperationStatus.InvalidData, reader.TryReadToken(out _));
            Assert.Equal(0, reader.Consumed);
            Assert.Throws(exception, () => new MsgPackReader(new ReadOnlySequence<byte>(bytes)).ReadToken());
        }

        [Fact]
        public void EveryFirstByteHasTheFormatOfTheSpecTable()
        {
            for (int code = 0; code < 256; code++)
            {
                MsgPackFormat expected = code switch
                {
                    <= 0x7f => MsgPackFormat.PositiveFixInt,
                    <= 0x8f => MsgPackFormat.FixMap,
                    <= 0x9f => MsgPackFormat.FixArray,
                    <= 0xbf => MsgPackFormat.FixString,
                    >= 0xe0 => MsgPackFormat.NegativeFixInt,
                    _ => (MsgPackFormat)code,
                };
                Assert.Equal(expected, MsgPackSpec.GetFormat((byte)code));
                Assert.Equal(expected, MsgPackSpec.GetFormat(new[] { (byte)code, (byte)0 }));
            }

            // 37 formats, each with its own spec name.
            MsgPackFormat[] formats = (MsgPackFormat[])Enum.GetValues(typeof(MsgPackFormat));
            Assert.Equal(37, formats.Length);
            Assert.Equal(37, formats.Select(MsgPackSpec.GetFormatName).Distinct().Count());
            Assert.Equal("uint 32", MsgPackSpec.GetFormatName(MsgPackFormat.UInt32));
            Assert.Equal("fixext 4", MsgPackSpec.GetFormatName(MsgPackFormat.FixExtension4));
            Assert.Equal("str 8", MsgPackSpec.GetFormatName(MsgPackFormat.String8));
            Assert.Throws<MsgPackTruncatedException>(() => MsgPackSpec.GetFormat(ReadOnlySpan<byte>.Empty));
        }

        [Fact]
        public void EveryIntegerComesOutWhateverItsSignAndWidth()
        {
            long[] signed = { long.MinValue, int.MinValue - 1L, int.MinValue, short.MinValue - 1, short.MinValue, sbyte.MinValue - 1, sbyte.MinValue, -33, -32, -1, 0, 1, 127, 128, 255, 256, 65535, 65536, uint.MaxValue, uint.MaxValue + 1L, long.MaxValue };
            byte[] buffer = new byte[16];
            foreach (long value in signed)
            {
                // The smallest form, and every exact form the value fits.
                var encodings = new List<byte[]> { buffer.AsSpan(0, MsgPackSpec.WriteInt64(buffer, value)).ToArray() };
                encodings.Add(buffer.AsSpan(0, MsgPackSpec.WriteInt64Exact(buffer, value)).ToArray());
                if (value >= int.MinValue && value <= int.MaxValue)
                {
                    encodings.Add(buffer.AsSpan(0, MsgPackSpec.WriteInt32Exact(buffer, (int)value)).ToArray());
                }

                if (value >= 0)
                {
                    encodings.Add(buffer.AsSpan(0, MsgPackSpec.WriteUInt64Exact(buffer, (ulong)value)).ToArray());
                }

                foreach (byte[] bytes in encodings)
                {
                    MsgPackToken token = MsgPackSpec.ReadToken(bytes, out int read);
                    Assert.Equal(bytes.Length, read);
                    Assert.Equal(MsgPackType.Integer, token.Type);
                    Assert.Equal(value < 0, token.IsNegative);
                    Assert.Equal(value, token.GetInt64());
                    Assert.True(token.TryGetInt64(out long asLong));
                    Assert.Equal(value, asLong);
                    Assert.Equal(value >= 0, token.TryGetUInt64(out ulong asULong));
                    if (value >= 0)
                    {
                        Assert.Equal((ulong)value, token.GetUInt64());
                        Assert.Equal((ulong)value, asULong);
                    }
                    else
                    {
                        Assert.Throws<MsgPackOverflowException>(() => token.GetUInt64());
                    }
                }
            }

            foreach (ulong value in new[] { (ulong)long.MaxValue + 1, ulong.MaxValue - 1, ulong.MaxValue })
            {
                MsgPackToken token = MsgPackSpec.ReadToken(buffer.AsSpan(0, MsgPackSpec.WriteUInt64(buffer, value)), out _);
                Assert.False(token.IsNegative);
                Assert.Equal(value, token.GetUInt64());
                Assert.False(token.TryGetInt64(out long none));
                Assert.Equal(0, none);
                Assert.Throws<MsgPackOverflowException>(() => token.GetInt64());
            }
        }

        [Fact]
        public void AGetterOfAnotherTypeThrowsAndATryGetterSaysNo()
        {
            MsgPackToken text = MsgPackSpec.ReadToken(Hex.ToBytes("a3 61 62 63"), out _);
            Assert.Throws<InvalidOperationException>(() => text.GetInt64());
            Assert.Throws<InvalidOperationException>(() => text.GetUInt64());
            Assert.Throws<InvalidOperationException>(() => text.GetDouble());
            Assert.Throws<InvalidOperationException>(() => text.GetBoolean());
            Assert.Throws<InvalidOperationException>(() => text.GetTimestamp());
            Assert.Throws<InvalidOperationException>(() => text.GetExtensionHeader());
            Assert.False(text.TryGetInt64(out _));
            Assert.False(text.TryGetUInt64(out _));
            Assert.False(text.IsNegative);
            Assert.Equal(0, text.Count);
            Assert.Equal(0, text.ExtensionType);

            MsgPackToken none = default;
            Assert.Equal(MsgPackType.None, none.Type);
            Assert.Throws<InvalidOperationException>(() => none.GetInt64());
            Assert.Equal("no token", none.ToString());
            Assert.Equal("uint 8: 200", MsgPackSpec.ReadToken(Hex.ToBytes("cc c8"), out _).ToString());
            Assert.Equal("fixstr (length 3)", text.ToString());
            Assert.Equal("map 16 (count 16)", MsgPackSpec.ReadToken(Hex.ToBytes("de 00 10"), out _).ToString());
        }

        [Fact]
        public void PeekingTellsTheNextTokenWithoutConsumingIt()
        {
            byte[] bytes = Hex.ToBytes("92 cd 01 00 a1 78");
            foreach (int size in new[] { 1, 2, 3, 100 })
            {
                var reader = new MsgPackReader(Sequences.Split(bytes, size, withEmpty: true));
                Assert.Equal(0x92, reader.PeekCode());
                Assert.Equal(MsgPackFormat.FixArray, reader.PeekFormat());
                Assert.Equal(2, reader.PeekToken().Count);
                Assert.Equal(2, reader.ReadArrayHeader());
                Assert.Equal(OperationStatus.Done, reader.TryPeekToken(out MsgPackToken peeked));
                Assert.Equal(MsgPackFormat.UInt16, peeked.Format);
                Assert.Equal(1, reader.Consumed);
                Assert.Equal(256, reader.ReadInt32());
                Assert.Equal("x", reader.ReadString());
                Assert.Throws<MsgPackTruncatedException>(() => new MsgPackReader(ReadOnlySequence<byte>.Empty).PeekCode());
            }
        }

        /// <summary>The same token through the span, pointer and advancing doors, and through MsgPackReader over the bytes cut at every place.</summary>
        private static unsafe List<MsgPackToken> ReadWithEveryDoor(byte[] bytes, int size)
        {
            var tokens = new List<MsgPackToken>();
            tokens.Add(MsgPackSpec.ReadToken(bytes, out int read));
            Assert.Equal(size, read);
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadToken(bytes, out MsgPackToken tried, out read));
            Assert.Equal(size, read);
            tokens.Add(tried);
            fixed (byte* pointer = bytes)
            {
                tokens.Add(MsgPackSpec.ReadToken(pointer, bytes.Length, out read));
                Assert.Equal(size, read);
                Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadToken(pointer, bytes.Length, out tried, out read));
                tokens.Add(tried);
            }

            ReadOnlySpan<byte> rest = bytes;
            tokens.Add(MsgPackSpec.ReadToken(ref rest));
            Assert.Equal(bytes.Length - size, rest.Length);
            rest = bytes;
            Assert.Equal(OperationStatus.Done, MsgPackSpec.TryReadToken(ref rest, out tried));
            Assert.Equal(bytes.Length - size, rest.Length);
            tokens.Add(tried);

            for (int at = 0; at <= bytes.Length; at++)
            {
                var reader = new MsgPackReader(Sequences.SplitAt(bytes, at));
                tokens.Add(reader.ReadToken());
                Assert.Equal(size, reader.Consumed);
                reader = new MsgPackReader(Sequences.SplitAt(bytes, at));
                Assert.Equal(OperationStatus.Done, reader.TryReadToken(out tried));
                Assert.Equal(size, reader.Consumed);
                tokens.Add(tried);
            }

            var bytewise = new MsgPackReader(Sequences.Split(bytes, 1, withEmpty: true));
            tokens.Add(bytewise.ReadToken());
            Assert.Equal(size, bytewise.Consumed);
            return tokens;
        }

        private static string Describe(MsgPackToken token) => token.Type switch
        {
            MsgPackType.Nil => "",
            MsgPackType.Boolean => token.GetBoolean().ToString(),
            MsgPackType.Integer => token.IsNegative ? token.GetInt64().ToString(System.Globalization.CultureInfo.InvariantCulture) : token.GetUInt64().ToString(System.Globalization.CultureInfo.InvariantCulture),
            MsgPackType.Float => token.GetDouble().ToString("R", System.Globalization.CultureInfo.InvariantCulture),
            MsgPackType.String or MsgPackType.Binary => token.Length.ToString(System.Globalization.CultureInfo.InvariantCulture),
            MsgPackType.Array or MsgPackType.Map => token.Count.ToString(System.Globalization.CultureInfo.InvariantCulture),
            MsgPackType.Extension => $"{token.ExtensionType}:{token.Length}",
            MsgPackType.Timestamp => $"{token.GetTimestamp().Seconds}.{token.GetTimestamp().Nanoseconds}:{token.GetExtensionHeader().Length}",
            _ => "?",
        };
    }
}
