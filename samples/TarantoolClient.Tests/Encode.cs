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

        /// <summary>The arguments of init.lua's <c>sleep_echo(delay, value)</c>: <c>[delay, value]</c>.</summary>
        public static MsgPackBytes SleepEcho(double delay, uint value) => new(Bytes((ref Span<byte> s) =>
        {
            MsgPackSpec.WriteArrayHeader(ref s, 2);
            MsgPackSpec.WriteDouble(ref s, delay);
            MsgPackSpec.WriteUInt32(ref s, value);
        }));

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
