using System;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>Writes MessagePack through the library's span writers into a new array.</summary>
    public delegate void SpanWrites(ref Span<byte> destination);

    public static class Encode
    {
        public static byte[] Bytes(SpanWrites writes, int capacity = 1 << 20)
        {
            var buffer = new byte[capacity];
            Span<byte> rest = buffer;
            writes(ref rest);
            return buffer.AsSpan(0, capacity - rest.Length).ToArray();
        }

        /// <summary>The tuple <c>[id, value]</c>, the value's bytes given.</summary>
        public static byte[] Pair(ulong id, ReadOnlySpan<byte> value)
        {
            var buffer = new byte[value.Length + 16];
            Span<byte> rest = buffer;
            MsgPackSpec.WriteArrayHeader(ref rest, 2);
            MsgPackSpec.WriteUInt64(ref rest, id);
            value.CopyTo(rest);
            return buffer.AsSpan(0, buffer.Length - rest.Length + value.Length).ToArray();
        }
    }
}
