using System;
using System.Globalization;
using System.Text;

namespace MsgPack.Spec.Tests
{
    /// <summary>Expected encodings are written in the tests as hex text, "dc 00 64 ce 40 00 00 00", and compared as bytes.</summary>
    internal static class Hex
    {
        /// <summary>Parses hex pairs; spaces, dashes and line breaks between them are ignored.</summary>
        public static byte[] ToBytes(string hex)
        {
            var digits = new StringBuilder(hex.Length);
            foreach (char c in hex)
            {
                if (!char.IsWhiteSpace(c) && c != '-')
                {
                    digits.Append(c);
                }
            }

            if (digits.Length % 2 != 0)
            {
                throw new ArgumentException($"Odd number of hex digits in '{hex}'.", nameof(hex));
            }

            byte[] bytes = new byte[digits.Length / 2];
            for (int i = 0; i < bytes.Length; i++)
            {
                bytes[i] = byte.Parse(digits.ToString(i * 2, 2), NumberStyles.HexNumber, CultureInfo.InvariantCulture);
            }

            return bytes;
        }

        /// <summary>Formats bytes as lower-case hex pairs separated by spaces, the form the tests write.</summary>
        public static string Of(ReadOnlySpan<byte> bytes)
        {
            var text = new StringBuilder(bytes.Length * 3);
            foreach (byte b in bytes)
            {
                if (text.Length > 0)
                {
                    text.Append(' ');
                }

                text.Append(b.ToString("x2", CultureInfo.InvariantCulture));
            }

            return text.ToString();
        }
    }
}
