using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Xunit;
using MsgPack.Spec.Tests.Arrays;
using MsgPack.Spec.Tests.Tokens;

namespace MsgPack.Spec.Tests.Contracts
{
    /// <summary>
    /// The Try twins of the advancing front doors, <c>TryWrite*(ref Span&lt;byte&gt;, ...)</c> and
    /// <c>TryRead*(ref ReadOnlySpan&lt;byte&gt;, out ...)</c>: the same status and value as the index-based Try door on
    /// every input (whole, cut at every length, not that value), the span moved past exactly the bytes on success and
    /// not at all otherwise.
    /// </summary>
    public class AdvancingTryTwinTests
    {
        private delegate OperationStatus IndexTryRead(ReadOnlySpan<byte> source, out string value, out int bytesRead);

        private delegate OperationStatus AdvancingTryRead(ref ReadOnlySpan<byte> source, out string value);

        private delegate bool IndexTryWrite(Span<byte> destination, out int bytesWritten);

        private delegate bool AdvancingTryWrite(ref Span<byte> destination);

        private static readonly Dictionary<string, (IndexTryRead Index, AdvancingTryRead Advancing, string[] Inputs)> Readers = new()
        {
            ["Nil"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadNil(s, out n); v = ""; return r; }, (ref ReadOnlySpan<byte> s, out string v) => { v = ""; return MsgPackSpec.TryReadNil(ref s); }, new[] { "c0", "c3" }),
            ["Boolean"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadBoolean(s, out bool x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadBoolean(ref s, out bool x); v = x.ToString(); return r; }, new[] { "c3", "c2", "c0" }),
            ["Int64"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadInt64(s, out long x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadInt64(ref s, out long x); v = x.ToString(); return r; }, new[] { "d3 80 00 00 00 00 00 00 00", "cf ff ff ff ff ff ff ff ff", "05" }),
            ["Int32"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadInt32(s, out int x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadInt32(ref s, out int x); v = x.ToString(); return r; }, new[] { "d2 80 00 00 00", "ce 80 00 00 00", "e0" }),
            ["Int16"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadInt16(s, out short x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadInt16(ref s, out short x); v = x.ToString(); return r; }, new[] { "d1 80 00", "cd 80 00" }),
            ["SByte"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadSByte(s, out sbyte x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadSByte(ref s, out sbyte x); v = x.ToString(); return r; }, new[] { "d0 80", "cc 80" }),
            ["UInt64"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadUInt64(s, out ulong x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadUInt64(ref s, out ulong x); v = x.ToString(); return r; }, new[] { "cf ff ff ff ff ff ff ff ff", "ff" }),
            ["UInt32"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadUInt32(s, out uint x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadUInt32(ref s, out uint x); v = x.ToString(); return r; }, new[] { "ce ff ff ff ff", "cf 00 00 00 01 00 00 00 00" }),
            ["UInt16"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadUInt16(s, out ushort x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadUInt16(ref s, out ushort x); v = x.ToString(); return r; }, new[] { "cd ff ff", "ce 00 01 00 00" }),
            ["Byte"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadByte(s, out byte x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadByte(ref s, out byte x); v = x.ToString(); return r; }, new[] { "cc ff", "cd 01 00" }),
            ["Single"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadSingle(s, out float x, out n); v = x.ToString("R"); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadSingle(ref s, out float x); v = x.ToString("R"); return r; }, new[] { "ca 3f c0 00 00", "05" }),
            ["Double"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadDouble(s, out double x, out n); v = x.ToString("R"); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadDouble(ref s, out double x); v = x.ToString("R"); return r; }, new[] { "cb 3f b9 99 99 99 99 99 9a", "ca 3f c0 00 00" }),
            ["StringHeader"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadStringHeader(s, out int x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadStringHeader(ref s, out int x); v = x.ToString(); return r; }, new[] { "da 01 00", "c4 00" }),
            ["StringBytes"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadStringBytes(s, out ReadOnlySpan<byte> x, out n); v = Hex.Of(x); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadStringBytes(ref s, out ReadOnlySpan<byte> x); v = Hex.Of(x); return r; }, new[] { "d9 03 61 62 63", "a1 ff" }),
            ["String"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadString(s, out string x, out n); v = x ?? "null"; return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadString(ref s, out string x); v = x ?? "null"; return r; }, new[] { "a5 68 c3 a9 6c 6f", "a1 ff", "a2 c3 a9" }),
            ["BinaryHeader"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadBinaryHeader(s, out int x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadBinaryHeader(ref s, out int x); v = x.ToString(); return r; }, new[] { "c5 01 00", "a0" }),
            ["Binary"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadBinary(s, out ReadOnlySpan<byte> x, out n); v = Hex.Of(x); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadBinary(ref s, out ReadOnlySpan<byte> x); v = Hex.Of(x); return r; }, new[] { "c4 02 01 02", "c6 80 00 00 00" }),
            ["ArrayHeader"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadArrayHeader(s, out int x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadArrayHeader(ref s, out int x); v = x.ToString(); return r; }, new[] { "dd 00 01 00 00", "80" }),
            ["MapHeader"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadMapHeader(s, out int x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadMapHeader(ref s, out int x); v = x.ToString(); return r; }, new[] { "de 01 00", "90" }),
            ["ExtensionHeader"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadExtensionHeader(s, out ExtensionHeader x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadExtensionHeader(ref s, out ExtensionHeader x); v = x.ToString(); return r; }, new[] { "c8 01 00 05", "d4 05" }),
            ["Timestamp"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadTimestamp(s, out Timestamp x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadTimestamp(ref s, out Timestamp x); v = x.ToString(); return r; }, new[] { "d6 ff 00 00 00 01", "d4 ff 00" }),
            ["Extension"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadExtension(s, out ExtensionHeader h, out ReadOnlySpan<byte> x, out n); v = h + Hex.Of(x); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadExtension(ref s, out ExtensionHeader h, out ReadOnlySpan<byte> x); v = h + Hex.Of(x); return r; }, new[] { "c7 02 05 01 02", "c4 00" }),
            ["Token"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { var r = MsgPackSpec.TryReadToken(s, out MsgPackToken x, out n); v = x.ToString(); return r; }, (ref ReadOnlySpan<byte> s, out string v) => { var r = MsgPackSpec.TryReadToken(ref s, out MsgPackToken x); v = x.ToString(); return r; }, new[] { "cf ff ff ff ff ff ff ff ff", "c7 0c ff 00 00 00 01 00 00 00 00 00 00 00 05", "df 00 00 00 01", "d4 ff 00" }),
            ["Skip"] = ((ReadOnlySpan<byte> s, out string v, out int n) => { v = ""; return MsgPackSpec.TrySkip(s, out n); }, (ref ReadOnlySpan<byte> s, out string v) => { v = ""; return MsgPackSpec.TrySkip(ref s); }, new[] { "82 a1 61 92 01 c0 a1 62 c4 01 ff", "92 c0 c1" }),
        };

        private static readonly Dictionary<string, (IndexTryWrite Index, AdvancingTryWrite Advancing)> Writers = new()
        {
            ["Nil"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteNil(d, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteNil(ref d)),
            ["Boolean"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteBoolean(d, true, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteBoolean(ref d, true)),
            ["Single"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteSingle(d, 1.5f, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteSingle(ref d, 1.5f)),
            ["Double"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteDouble(d, 0.1, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteDouble(ref d, 0.1)),
            ["Int64"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteInt64(d, long.MinValue, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteInt64(ref d, long.MinValue)),
            ["Int32"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteInt32(d, -40000, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteInt32(ref d, -40000)),
            ["Int16"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteInt16(d, 300, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteInt16(ref d, 300)),
            ["SByte"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteSByte(d, -100, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteSByte(ref d, -100)),
            ["UInt64"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteUInt64(d, ulong.MaxValue, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteUInt64(ref d, ulong.MaxValue)),
            ["UInt32"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteUInt32(d, 70000, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteUInt32(ref d, 70000)),
            ["UInt16"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteUInt16(d, 300, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteUInt16(ref d, 300)),
            ["Byte"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteByte(d, 200, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteByte(ref d, 200)),
            ["ArrayHeader"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteArrayHeader(d, 70000, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteArrayHeader(ref d, 70000)),
            ["MapHeader"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteMapHeader(d, 300, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteMapHeader(ref d, 300)),
            ["String(chars)"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteString(d, "h\u00e9llo \U0001F600".AsSpan(), out n), (ref Span<byte> d) => MsgPackSpec.TryWriteString(ref d, "h\u00e9llo \U0001F600".AsSpan())),
            ["String(string)"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteString(d, "h\u00e9llo \U0001F600", out n), (ref Span<byte> d) => MsgPackSpec.TryWriteString(ref d, "h\u00e9llo \U0001F600")),
            ["String(utf8)"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteString(d, Utf8, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteString(ref d, Utf8)),
            ["StringHeader"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteStringHeader(d, 40, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteStringHeader(ref d, 40)),
            ["Binary"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteBinary(d, Utf8, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteBinary(ref d, Utf8)),
            ["BinaryHeader"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteBinaryHeader(d, 300, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteBinaryHeader(ref d, 300)),
            ["ExtensionHeader"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteExtensionHeader(d, new ExtensionHeader(5, 3), out n), (ref Span<byte> d) => MsgPackSpec.TryWriteExtensionHeader(ref d, new ExtensionHeader(5, 3))),
            ["Extension"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteExtension(d, 5, Utf8, out n), (ref Span<byte> d) => MsgPackSpec.TryWriteExtension(ref d, 5, Utf8)),
            ["Timestamp"] = ((Span<byte> d, out int n) => MsgPackSpec.TryWriteTimestamp(d, new Timestamp(-1, 5), out n), (ref Span<byte> d) => MsgPackSpec.TryWriteTimestamp(ref d, new Timestamp(-1, 5))),
        };

        private static readonly byte[] Utf8 = Encoding.UTF8.GetBytes("h\u00e9llo");

        public static TheoryData<string> ReaderNames => Names(Readers.Keys);

        public static TheoryData<string> WriterNames => Names(Writers.Keys);

        [Theory]
        [MemberData(nameof(ReaderNames))]
        public void ATryReaderAnswersAsTheIndexTryReaderAndMovesOnlyWhenDone(string name)
        {
            (IndexTryRead index, AdvancingTryRead advancing, string[] inputs) = Readers[name];
            int done = 0, needMore = 0, invalid = 0;
            foreach (string hex in inputs.Concat(new[] { "c1" }))
            {
                byte[] whole = Hex.ToBytes(hex + " 00");
                for (int length = 0; length <= whole.Length; length++)
                {
                    ReadOnlySpan<byte> input = whole.AsSpan(0, length);
                    OperationStatus expected = index(input, out string expectedValue, out int bytesRead);
                    ReadOnlySpan<byte> source = input;
                    OperationStatus actual = advancing(ref source, out string value);
                    string where = $"{name} on {length} bytes of {hex}";
                    Assert.Equal(where + ": " + expected, where + ": " + actual);
                    Assert.Equal(where + ": " + expectedValue, where + ": " + value);
                    Assert.Equal(expected == OperationStatus.Done ? length - bytesRead : length, source.Length);
                    done += expected == OperationStatus.Done ? 1 : 0;
                    needMore += expected == OperationStatus.NeedMoreData ? 1 : 0;
                    invalid += expected == OperationStatus.InvalidData ? 1 : 0;
                }
            }

            Assert.True(done > 0 && needMore > 0 && invalid > 0, $"{name}: {done} Done, {needMore} NeedMoreData, {invalid} InvalidData");
        }

        [Theory]
        [MemberData(nameof(WriterNames))]
        public void ATryWriterAnswersAsTheIndexTryWriterAndMovesOnlyWhenItFits(string name)
        {
            (IndexTryWrite index, AdvancingTryWrite advancing) = Writers[name];
            Assert.True(index(new byte[64], out int size));
            for (int room = 0; room <= size + 2; room++)
            {
                byte[] expectedBytes = new byte[room];
                bool expected = index(expectedBytes, out int written);
                byte[] actualBytes = new byte[room];
                Span<byte> destination = actualBytes;
                bool actual = advancing(ref destination);
                Assert.Equal(room >= size, expected);
                Assert.Equal(expected, actual);
                Assert.Equal(expected ? room - written : room, destination.Length);
                if (expected)
                {
                    Assert.Equal(Hex.Of(expectedBytes), Hex.Of(actualBytes));
                }
            }
        }

        [Fact]
        public void EveryAdvancingTryDoorIsCovered()
        {
            var methods = typeof(MsgPackSpec).GetMethods(System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.Static)
                .Where(m => m.Name.StartsWith("Try", StringComparison.Ordinal) && m.GetParameters().Length > 0 && m.GetParameters()[0].ParameterType.IsByRef)
                .Where(m => !m.Name.EndsWith("Array", StringComparison.Ordinal)) // the bulk array twins: BulkArrayTests
                .ToList();
            var readers = methods.Where(m => m.GetParameters()[0].ParameterType == typeof(ReadOnlySpan<byte>).MakeByRefType())
                .Select(m => m.Name == "TrySkip" ? "Skip" : m.Name.Substring("TryRead".Length))
                .Where(n => n != "Bytes") // TryReadBytes has a length argument; TokenReaderTests covers it.
                .OrderBy(n => n, StringComparer.Ordinal);
            var writers = methods.Where(m => m.GetParameters()[0].ParameterType == typeof(Span<byte>).MakeByRefType())
                .Select(m => m.Name.Substring("TryWrite".Length) + (m.Name == "TryWriteString" ? (m.GetParameters()[1].ParameterType == typeof(ReadOnlySpan<char>) ? "(chars)" : m.GetParameters()[1].ParameterType == typeof(string) ? "(string)" : "(utf8)") : string.Empty))
                .OrderBy(n => n, StringComparer.Ordinal);
            Assert.Equal(string.Join(", ", Readers.Keys.OrderBy(n => n, StringComparer.Ordinal)), string.Join(", ", readers));
            Assert.Equal(string.Join(", ", Writers.Keys.OrderBy(n => n, StringComparer.Ordinal)), string.Join(", ", writers));
        }

        private static TheoryData<string> Names(IEnumerable<string> names)
        {
            var data = new TheoryData<string>();
            foreach (string name in names.OrderBy(n => n, StringComparer.Ordinal))
            {
                data.Add(name);
            }

            return data;
        }
    }
}
