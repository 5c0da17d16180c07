using System;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>The oracles' own view of UTF-8 and timestamps cut short, written apart from the library's.</summary>
    internal static class FuzzUtf8
    {
        private static readonly byte[] Bounds = { 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf };

        /// <summary>
        /// Whether some bytes appended to <paramref name="text"/> make it valid UTF-8: it is valid up to a cut of at
        /// most 3 bytes that some completion makes a character. The completions tried are the bounds of every
        /// continuation range of the Unicode table (0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf), 1 to 3 bytes of them.
        /// </summary>
        public static bool CanStart(ReadOnlySpan<byte> text)
        {
            if (IsValid(text))
            {
                return true;
            }

            for (int cut = 1; cut <= 3 && cut <= text.Length; cut++)
            {
                if (!IsValid(text.Slice(0, text.Length - cut)))
                {
                    continue;
                }

                for (int extra = 1; extra <= 3; extra++)
                {
                    int combinations = (int)Math.Pow(Bounds.Length, extra);
                    for (int c = 0; c < combinations; c++)
                    {
                        byte[] candidate = new byte[cut + extra];
                        text.Slice(text.Length - cut).CopyTo(candidate);
                        for (int k = 0, rest = c; k < extra; k++, rest /= Bounds.Length)
                        {
                            candidate[cut + k] = Bounds[rest % Bounds.Length];
                        }

                        if (IsValid(candidate))
                        {
                            return true;
                        }
                    }
                }
            }

            return false;
        }

        /// <summary>
        /// Whether the timestamp at the start of <paramref name="input"/>, cut short, can no longer be valid: a data
        /// length other than 4, 8 or 12, or the nanoseconds (first 4 data bytes of the 8- and 12-byte forms) present
        /// and not below 10^9.
        /// </summary>
        public static bool IsCutTimestampInvalid(ReadOnlySpan<byte> input)
        {
            int headerLength, length;
            switch (input.IsEmpty ? 0 : input[0])
            {
                case >= 0xd4 and <= 0xd8:
                    headerLength = 2;
                    length = 1 << (input[0] - 0xd4);
                    break;
                case 0xc7 when input.Length >= 3:
                    headerLength = 3;
                    length = input[1];
                    break;
                case 0xc8 when input.Length >= 4:
                    headerLength = 4;
                    length = (input[1] << 8) | input[2];
                    break;
                case 0xc9 when input.Length >= 6:
                    headerLength = 6;
                    long wide = ((long)input[1] << 24) | ((long)input[2] << 16) | ((long)input[3] << 8) | input[4];
                    length = wide > 12 ? 13 : (int)wide;
                    break;
                default:
                    return false;
            }

            if (input.Length < headerLength || input[headerLength - 1] != 0xff)
            {
                return false;
            }

            if (length is not (4 or 8 or 12))
            {
                return true;
            }

            if (length == 4 || input.Length < headerLength + 4)
            {
                return false;
            }

            uint word = ((uint)input[headerLength] << 24) | ((uint)input[headerLength + 1] << 16) | ((uint)input[headerLength + 2] << 8) | input[headerLength + 3];
            return (length == 8 ? word >> 2 : word) >= 1_000_000_000;
        }

        private static bool IsValid(ReadOnlySpan<byte> text) => System.Text.Unicode.Utf8.IsValid(text);
    }
}
