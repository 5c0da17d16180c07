using System;
using System.Text;

namespace MsgPack.Spec.Tests.Formats
{
    /// <summary>Small builders of test inputs for the container tests (str, bin, array, map, ext, timestamp, skip).</summary>
    internal static class ContainerTestData
    {
        /// <summary>The filler written into destinations before a write, to prove which bytes a writer touched.</summary>
        public const byte Filler = 0xee;

        /// <summary><paramref name="count"/> copies of <paramref name="value"/>.</summary>
        public static byte[] Repeat(byte value, int count)
        {
            byte[] bytes = new byte[count];
            bytes.AsSpan().Fill(value);
            return bytes;
        }

        /// <summary>A payload whose bytes differ from their neighbours, so that a shifted copy shows.</summary>
        public static byte[] Pattern(int count)
        {
            byte[] bytes = new byte[count];
            for (int i = 0; i < count; i++)
            {
                bytes[i] = unchecked((byte)((i * 31) + 7));
            }

            return bytes;
        }

        /// <summary>The arrays one after the other.</summary>
        public static byte[] Concat(params byte[][] parts)
        {
            int total = 0;
            foreach (byte[] part in parts)
            {
                total += part.Length;
            }

            byte[] result = new byte[total];
            int offset = 0;
            foreach (byte[] part in parts)
            {
                part.CopyTo(result, offset);
                offset += part.Length;
            }

            return result;
        }

        /// <summary>A buffer of <paramref name="length"/> filler bytes.</summary>
        public static byte[] Filled(int length) => Repeat(Filler, length);

        /// <summary>True when every byte of <paramref name="bytes"/> is still the filler.</summary>
        public static bool IsUntouched(ReadOnlySpan<byte> bytes)
        {
            foreach (byte b in bytes)
            {
                if (b != Filler)
                {
                    return false;
                }
            }

            return true;
        }

        /// <summary>Text from UTF-16 code units written as hex, "0061 D800": the only safe way to put lone surrogates in test data.</summary>
        public static string FromUtf16Units(string units)
        {
            var text = new StringBuilder();
            foreach (string unit in units.Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries))
            {
                text.Append((char)Convert.ToUInt16(unit, 16));
            }

            return text.ToString();
        }
    }
}
