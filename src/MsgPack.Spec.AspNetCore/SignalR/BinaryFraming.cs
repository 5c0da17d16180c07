using System.IO;

namespace MsgPack.Spec.AspNetCore
{
    /// <summary>
    /// The framing of SignalR's binary hub protocols: each message is prefixed with its length as a VarInt, 7 bits a byte,
    /// least significant first, the high bit set on every byte but the last; at most 5 bytes, so at most 2^31 - 1
    /// (HubProtocol.md, "Binary encoding").
    /// </summary>
    internal static class BinaryFraming
    {
        /// <summary>The most bytes a length prefix takes.</summary>
        public const int MaxPrefixLength = 5;

        /// <summary>
        /// Takes one whole message off the front of <paramref name="input"/>: <see langword="false"/> (and
        /// <paramref name="input"/> unchanged) while the prefix or the message is incomplete.
        /// </summary>
        /// <exception cref="InvalidDataException">The prefix announces 2^31 bytes or more.</exception>
        public static bool TryReadMessage(ref ReadOnlySequence<byte> input, out ReadOnlySequence<byte> payload)
        {
            payload = default;
            if (input.IsEmpty)
            {
                return false;
            }

            Span<byte> prefix = stackalloc byte[MaxPrefixLength];
            int available = (int)Math.Min(MaxPrefixLength, input.Length);
            input.Slice(0, available).CopyTo(prefix);

            uint length = 0;
            int count = 0;
            byte current;
            do
            {
                current = prefix[count];
                length |= (uint)(current & 0x7f) << (count * 7);
                count++;
            }
            while (count < available && (current & 0x80) != 0);

            if ((current & 0x80) != 0 && count < MaxPrefixLength)
            {
                return false; // the prefix goes on in bytes that have not arrived
            }

            // A fifth byte with its high bit set, or with more than the 3 bits left to a 31-bit length.
            if ((current & 0x80) != 0 || (count == MaxPrefixLength && current > 7))
            {
                throw new InvalidDataException("Messages over 2GB in size are not supported.");
            }

            if (input.Length - count < length)
            {
                return false;
            }

            payload = input.Slice(count, length);
            input = input.Slice(payload.End);
            return true;
        }

        /// <summary>The bytes of the prefix of a message of <paramref name="length"/> bytes.</summary>
        public static int GetPrefixLength(int length)
        {
            int count = 1;
            for (uint rest = (uint)length >> 7; rest != 0; rest >>= 7)
            {
                count++;
            }

            return count;
        }

        /// <summary>Writes the prefix of a message of <paramref name="length"/> bytes; returns its length.</summary>
        public static int WritePrefix(Span<byte> destination, int length)
        {
            uint rest = (uint)length;
            int count = 0;
            while (rest >= 0x80)
            {
                destination[count++] = (byte)(rest | 0x80);
                rest >>= 7;
            }

            destination[count++] = (byte)rest;
            return count;
        }
    }
}
