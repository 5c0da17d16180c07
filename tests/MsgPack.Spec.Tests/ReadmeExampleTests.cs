using System;
using System.Buffers;
using Xunit;

namespace MsgPack.Spec.Tests
{
    /// <summary>The example in README.md, verbatim, so that it keeps compiling and keeps saying the truth.</summary>
    public class ReadmeExampleTests
    {
        [Fact]
        public void TheReadmeExampleWritesAndReadsWhatItSays()
        {
            Span<byte> buffer = stackalloc byte[64];
            int written = MsgPackSpec.WriteMapHeader(buffer, 2);
            written += MsgPackSpec.WriteString(buffer.Slice(written), "id");
            written += MsgPackSpec.WriteInt32(buffer.Slice(written), 42);
            written += MsgPackSpec.WriteString(buffer.Slice(written), "name");
            written += MsgPackSpec.WriteString(buffer.Slice(written), "Ada");

            ReadOnlySpan<byte> input = buffer.Slice(0, written);
            int pairs = MsgPackSpec.ReadMapHeader(input, out int read);
            ReadOnlySpan<byte> key = MsgPackSpec.ReadStringBytes(input.Slice(read), out int keyLength); // "id", no copy
            int id = MsgPackSpec.ReadInt32(input.Slice(read + keyLength), out _);                      // 42

            Assert.Equal("82 a2 69 64 2a a4 6e 61 6d 65 a3 41 64 61", Hex.Of(input));
            Assert.Equal(2, pairs);
            Assert.Equal("69 64", Hex.Of(key));
            Assert.Equal(42, id);

            OperationStatus status = MsgPackSpec.TryReadInt32(input.Slice(read + keyLength), out int value, out int bytesRead);
            Assert.Equal(OperationStatus.Done, status);
            Assert.Equal(42, value);
            Assert.Equal(1, bytesRead);
        }
    }
}
