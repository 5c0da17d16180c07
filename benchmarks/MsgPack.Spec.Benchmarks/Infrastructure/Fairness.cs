using System;
using System.Globalization;
using System.Text;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// The checks that every benchmark's [GlobalSetup] runs before anything is measured: every encoder writes the
    /// same bytes as msgpuck, every decoder returns msgpuck's checksum. A mismatch throws, which stops the run.
    /// </summary>
    internal static class Fairness
    {
        internal static void SameBytes(string workload, string variant, ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual)
        {
            if (expected.SequenceEqual(actual))
            {
                return;
            }

            int first = 0;
            while (first < expected.Length && first < actual.Length && expected[first] == actual[first])
            {
                first++;
            }

            throw new InvalidOperationException(
                $"{workload}: {variant} wrote {actual.Length} bytes that differ from msgpuck's {expected.Length} bytes at offset {first}." +
                $"{Environment.NewLine}msgpuck:{Environment.NewLine}{Hex(expected, first)}" +
                $"{Environment.NewLine}{variant}:{Environment.NewLine}{Hex(actual, first)}");
        }

        internal static void SameChecksum(string workload, string variant, object expected, object actual)
        {
            bool same = expected is double e && actual is double a
                ? BitConverter.DoubleToInt64Bits(e) == BitConverter.DoubleToInt64Bits(a)
                : !(expected is double) && !(actual is double) && ToInt64(expected) == ToInt64(actual);
            if (!same)
            {
                throw new InvalidOperationException(
                    $"{workload}: {variant} returned {Format(actual)} where msgpuck returned {Format(expected)}.");
            }
        }

        internal static void Check(bool condition, string workload, string message)
        {
            if (!condition)
            {
                throw new InvalidOperationException($"{workload}: {message}");
            }
        }

        internal static long ToInt64(object value) => Convert.ToInt64(value, CultureInfo.InvariantCulture);

        private static string Format(object value) => value is double d ? d.ToString("R", CultureInfo.InvariantCulture) : Convert.ToString(value, CultureInfo.InvariantCulture) ?? "null";

        /// <summary>A hex dump, 16 bytes a line with offsets; long inputs show a window around <paramref name="focus"/>.</summary>
        internal static string Hex(ReadOnlySpan<byte> bytes, int focus = 0)
        {
            const int Window = 512;
            int start = 0;
            int end = bytes.Length;
            if (bytes.Length > 2 * Window)
            {
                start = Math.Max(0, (focus & ~15) - (Window / 2));
                end = Math.Min(bytes.Length, start + Window);
            }

            var text = new StringBuilder();
            if (start > 0)
            {
                text.Append(CultureInfo.InvariantCulture, $"  ... {start} bytes before").AppendLine();
            }

            for (int line = start; line < end; line += 16)
            {
                text.Append(CultureInfo.InvariantCulture, $"  {line:x8} ");
                for (int i = line; i < Math.Min(line + 16, end); i++)
                {
                    text.Append(CultureInfo.InvariantCulture, $" {bytes[i]:x2}");
                }

                text.AppendLine();
            }

            if (end < bytes.Length)
            {
                text.Append(CultureInfo.InvariantCulture, $"  ... {bytes.Length - end} bytes after").AppendLine();
            }

            return text.Length == 0 ? "  (empty)" : text.ToString().TrimEnd();
        }
    }
}
