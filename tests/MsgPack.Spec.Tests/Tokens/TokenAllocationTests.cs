using System;
using System.Buffers;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Tokens
{
    /// <summary>Reading a document token by token allocates nothing, on any front door.</summary>
    public class TokenAllocationTests
    {
        [Fact]
        public void WalkingADocumentByTokensAllocatesNothing()
        {
            byte[] document = Hex.ToBytes(
                "86 a4 63 6f 64 65 ce 00 01 00 00 a3 6e 65 67 d3 80 00 00 00 00 00 00 00 a1 66 cb 3f b9 99 99 99 99 99 9a " +
                "a1 62 c4 03 01 02 03 a1 74 d7 ff 00 00 00 04 00 00 00 01 a1 78 93 c0 c3 c7 02 05 aa bb");
            ReadOnlySequence<byte> segmented = Sequences.Split(document, 3, withEmpty: true);
            long once = Walk(document, segmented);

            long allocated = long.MaxValue;
            for (int attempt = 0; attempt < 3 && allocated != 0; attempt++)
            {
                long sum = 0;
                long before = GC.GetAllocatedBytesForCurrentThread();
                for (int i = 0; i < 1000; i++)
                {
                    sum += Walk(document, segmented);
                }

                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                Assert.Equal(once * 1000, sum);
            }

            Assert.Equal(0, allocated);
        }

        /// <summary>The same walk through the index, pointer, advancing and sequence doors; returns a checksum of what was read.</summary>
        private static unsafe long Walk(byte[] document, ReadOnlySequence<byte> segmented)
        {
            long sum = 0;
            ReadOnlySpan<byte> rest = document;
            while (!rest.IsEmpty)
            {
                MsgPackToken token = MsgPackSpec.ReadToken(ref rest);
                sum += Fold(token);
                if (token.Type is MsgPackType.String or MsgPackType.Binary or MsgPackType.Extension)
                {
                    sum += MsgPackSpec.ReadBytes(ref rest, token.Length).Length;
                }
            }

            int offset = 0;
            fixed (byte* pointer = document)
            {
                while (offset < document.Length)
                {
                    MsgPackToken token = MsgPackSpec.ReadToken(pointer + offset, document.Length - offset, out int read);
                    MsgPackSpec.TryReadToken(document.AsSpan(offset), out MsgPackToken again, out _);
                    sum += Fold(token) + Fold(again);
                    offset += read + (token.Type is MsgPackType.String or MsgPackType.Binary or MsgPackType.Extension ? token.Length : 0);
                }
            }

            var reader = new MsgPackReader(segmented);
            while (!reader.End)
            {
                sum += reader.PeekCode() + (int)reader.PeekFormat() + Fold(reader.PeekToken());
                MsgPackToken token = reader.ReadToken();
                sum += Fold(token);
                if (token.Type is MsgPackType.String or MsgPackType.Binary or MsgPackType.Extension)
                {
                    sum += reader.ReadBytes(token.Length).Length;
                }
            }

            return sum;
        }

        private static long Fold(MsgPackToken token) => token.Type switch
        {
            MsgPackType.Integer => token.IsNegative ? token.GetInt64() : unchecked((long)token.GetUInt64()),
            MsgPackType.Float => (long)(token.GetDouble() * 1000),
            MsgPackType.Boolean => token.GetBoolean() ? 1 : 0,
            MsgPackType.Timestamp => token.GetTimestamp().Seconds + token.GetTimestamp().Nanoseconds,
            MsgPackType.Array or MsgPackType.Map => token.Count,
            _ => token.Length + (int)token.Format,
        };
    }
}
