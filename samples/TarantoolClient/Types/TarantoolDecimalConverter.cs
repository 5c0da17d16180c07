using System;
using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Globalization;
using System.Text;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>
    /// A <see cref="decimal"/> as Tarantool's MP_DECIMAL (ext type 1): the scale, a MessagePack integer, then the digits
    /// as packed BCD, two to a byte, most significant first, and a sign nibble last (<c>0xc</c> plus, <c>0xd</c> minus).
    /// <c>-12.34m</c> is <c>d6 01 02 01 23 4d</c>: fixext 4, type 1, scale 2, the digits 0 1 2 3 4 (a leading 0 makes
    /// the nibbles even) and <c>d</c>. Use it with <c>[MsgPackConverter(typeof(TarantoolDecimalConverter))]</c> on a
    /// member, or on the assembly for every <see cref="decimal"/> of its <see cref="MsgPackObjectAttribute"/> types.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Written as Tarantool writes the same number: the decimal's own digits and scale (0 to 28), so the trailing zeros
    /// of <c>1.50m</c> and the sign of negative zero are kept, and the server reads a field of type <c>decimal</c>.
    /// </para>
    /// <para>
    /// Read: any scale Tarantool takes (-37 to 38, in any integer form), leading zero nibbles, and every sign nibble
    /// (<c>a</c>, <c>c</c>, <c>e</c>, <c>f</c> plus; <c>b</c>, <c>d</c> minus). A number .NET holds comes back exactly:
    /// a negative scale (<c>1E+3</c>, scale -3) becomes scale 0 (<c>1000m</c>), and trailing zeros past what a
    /// <see cref="decimal"/> holds (more than 28 places, or more than 29 digits) are dropped, which leaves the number
    /// the same. A number .NET does not hold (Tarantool's decimals carry 38 digits: <c>1/3</c> is
    /// 0.33333333333333333333333333333333333333) is a <see cref="MsgPackOverflowException"/>, never a rounded value; a
    /// value that breaks the layout is a <see cref="MsgPackException"/>. Nothing is allocated but those exceptions.
    /// </para>
    /// </remarks>
    public readonly struct TarantoolDecimalConverter : IMsgPackConverter<decimal>
    {
        /// <summary>The most bytes a <see cref="decimal"/> takes: 29 digits and the sign are 15 BCD bytes, the scale 1, the header 3.</summary>
        public const int MaxEncodedLength = 19;

        // A scale in any integer form (9 bytes at most) and Tarantool's most BCD bytes.
        private const int MaxDataLength = 9 + MaxBcdLength;

        // Tarantool takes at most 20 BCD bytes: 38 digits (decNumber's precision there) and the sign, with room to spare.
        private const int MaxBcdLength = 20;

        // Scale = -exponent; Tarantool's exponents lie in [-38, 38).
        private const int MaxScale = 38;
        private const int MinScale = -37;

        private const int MaxNetScale = 28;
        private const int MaxNetDigits = 29;

        private const ulong TenToThe19Low = 10_000_000_000_000_000_000UL;
        private static readonly UInt128 TenToThe19 = TenToThe19Low;

        /// <inheritdoc/>
        public void Write(ref MsgPackWriter writer, in decimal value)
        {
            Span<byte> span = writer.GetSpan(MaxEncodedLength);
            writer.Advance(Encode(span, value));
        }

        /// <inheritdoc/>
        public void Write(ref Span<byte> destination, in decimal value)
        {
            Span<byte> encoded = stackalloc byte[MaxEncodedLength];
            TarantoolExtension.CopyOut(ref destination, encoded[..Encode(encoded, value)]);
        }

        /// <inheritdoc/>
        public int GetEncodedLength(in decimal value)
        {
            Span<int> bits = stackalloc int[4];
            decimal.GetBits(value, bits);
            int count = bits[2] == 0 ? CountDigits(((ulong)(uint)bits[1] << 32) | (uint)bits[0]) : Digits(bits, stackalloc byte[MaxNetDigits]);
            return MsgPackSpec.GetExtensionEncodedLength(1 + BcdLength(count));
        }

        /// <inheritdoc/>
        public decimal Read(ref MsgPackReader reader, int depth)
        {
            MsgPackPayload data = reader.ReadExtension(out ExtensionHeader header);
            TarantoolExtension.Check(header, TarantoolExtension.Decimal, "an MP_DECIMAL", MaxDataLength);
            return data.IsSingleSpan ? Decode(data.Span) : DecodeCopied(data);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static decimal DecodeCopied(MsgPackPayload data) => Decode(TarantoolExtension.Copy(data, stackalloc byte[MaxDataLength]));

        /// <summary>Writes the whole extension (header, scale, BCD) at the start of <paramref name="destination"/>.</summary>
        /// <param name="destination">At least <see cref="MaxEncodedLength"/> bytes.</param>
        /// <param name="value">The number.</param>
        /// <returns>The bytes written.</returns>
        public static int Encode(Span<byte> destination, decimal value)
        {
            Span<int> bits = stackalloc int[4];
            decimal.GetBits(value, bits);
            byte scale = (byte)(bits[3] >> 16);
            byte sign = bits[3] < 0 ? (byte)0xd : (byte)0xc;
            if (bits[2] != 0)
            {
                return EncodeWide(destination, bits, scale, sign);
            }

            // Below 2^64 (every number of up to 19 digits): the BCD bytes from the last, two digits to a byte.
            ulong mantissa = ((ulong)(uint)bits[1] << 32) | (uint)bits[0];
            int bcdLength = BcdLength(CountDigits(mantissa));
            int written = WriteHeader(destination, scale, bcdLength);
            Span<byte> bcd = destination.Slice(written, bcdLength);
            (mantissa, ulong last) = Math.DivRem(mantissa, 10);
            bcd[^1] = (byte)((last << 4) | sign);
            for (int i = bcdLength - 2; i >= 0; i--)
            {
                (mantissa, ulong pair) = Math.DivRem(mantissa, 100);
                bcd[i] = (byte)(((pair / 10) << 4) | (pair % 10));
            }

            return written + bcdLength;
        }

        // 20 to 29 digits: through a digit buffer.
        private static int EncodeWide(Span<byte> destination, ReadOnlySpan<int> bits, byte scale, byte sign)
        {
            Span<byte> digits = stackalloc byte[MaxNetDigits];
            int count = Digits(bits, digits);
            int bcdLength = BcdLength(count);
            int written = WriteHeader(destination, scale, bcdLength);
            Span<byte> bcd = destination.Slice(written, bcdLength);
            bcd.Clear();

            // Digits and the sign make an even number of nibbles: an even count of digits takes a leading zero nibble.
            int nibble = (count & 1) == 0 ? 1 : 0;
            ReadOnlySpan<byte> significant = digits[^count..];
            for (int i = 0; i < count; i++, nibble++)
            {
                SetNibble(bcd, nibble, significant[i]);
            }

            SetNibble(bcd, nibble, sign);
            return written + bcdLength;
        }

        // The ext header and the scale (0 to 28: a positive fixint).
        private static int WriteHeader(Span<byte> destination, byte scale, int bcdLength)
        {
            int written = MsgPackSpec.WriteExtensionHeader(destination, new ExtensionHeader(TarantoolExtension.Decimal, 1 + bcdLength));
            destination[written] = scale;
            return written + 1;
        }

        /// <summary>Reads the data of an MP_DECIMAL (what follows its ext header).</summary>
        /// <param name="data">The scale and the BCD.</param>
        /// <returns>The number.</returns>
        /// <exception cref="MsgPackException">The data breaks the layout: no BCD, a scale that is not an integer or lies outside -37 to 38, a digit nibble above 9, a sign nibble below <c>a</c>, more than 20 BCD bytes.</exception>
        /// <exception cref="MsgPackOverflowException">A well-formed number a <see cref="decimal"/> cannot hold.</exception>
        public static decimal Decode(ReadOnlySpan<byte> data)
        {
            long scale = 0;
            ReadOnlySpan<byte> bcd;
            if (data.Length > 1 && (sbyte)data[0] >= -32)
            {
                // A fixint, as Tarantool writes every scale it makes (-32 to 127).
                scale = (sbyte)data[0];
                bcd = data[1..];
            }
            else
            {
                bcd = data;
                if (data.IsEmpty || MsgPackSpec.TryReadInt64(ref bcd, out scale) != OperationStatus.Done)
                {
                    TarantoolExtension.ThrowMalformed("An MP_DECIMAL's scale is not a MessagePack integer.");
                }
            }

            if (scale is > MaxScale or < MinScale)
            {
                TarantoolExtension.ThrowMalformed($"An MP_DECIMAL's scale is {scale}: Tarantool's lie between {MinScale} and {MaxScale}.");
            }

            if (bcd.IsEmpty || bcd.Length > MaxBcdLength)
            {
                TarantoolExtension.ThrowMalformed($"An MP_DECIMAL has {bcd.Length} BCD bytes: Tarantool's have 1 to {MaxBcdLength}.");
            }

            // Two digits a byte but the last, whose low nibble is the sign; leading zeros skipped. The first 19 significant
            // digits are summed in a ulong, the whole mantissa of most numbers.
            ulong small = 0;
            int count = 0;
            int last = bcd.Length - 1;
            for (int i = 0; i < last; i++)
            {
                int pair = bcd[i];
                if (pair >= 0xa0 || (pair & 0xf) >= 0xa)
                {
                    ThrowBadDigit(bcd, 2 * i);
                }

                Accumulate(ref small, ref count, pair >> 4);
                Accumulate(ref small, ref count, pair & 0xf);
            }

            int final = bcd[last];
            if (final >= 0xa0)
            {
                ThrowBadDigit(bcd, 2 * last);
            }

            Accumulate(ref small, ref count, final >> 4);
            int sign = final & 0xf;
            if (sign < 0xa)
            {
                TarantoolExtension.ThrowMalformed($"An MP_DECIMAL's sign nibble is 0x{sign:x}: a, c, e or f (plus) or b or d (minus) belong there.");
            }

            bool negative = sign is 0xb or 0xd;
            if (count <= 19 && scale is >= 0 and <= MaxNetScale)
            {
                // Below 10^19 and at a scale .NET keeps: the number as it is.
                return new decimal((int)(uint)small, (int)(uint)(small >> 32), 0, negative, (byte)scale);
            }

            // More digits, or a scale .NET does not keep: digit by digit.
            Span<byte> digits = stackalloc byte[2 * MaxBcdLength];
            count = 0;
            for (int i = 0; i < 2 * bcd.Length - 1; i++)
            {
                int digit = Nibble(bcd, i);
                if (count != 0 || digit != 0)
                {
                    digits[count++] = (byte)digit;
                }
            }

            return ToDecimal(digits, count, (int)scale, negative, TarantoolExtension.CodeOf(data.Length));
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void Accumulate(ref ulong small, ref int count, int digit)
        {
            if ((count | digit) != 0)
            {
                // Past 19 digits the sum wraps; it is not used then.
                small = (small * 10) + (uint)digit;
                count++;
            }
        }

        [DoesNotReturn]
        private static void ThrowBadDigit(ReadOnlySpan<byte> bcd, int from)
        {
            int at = Nibble(bcd, from) > 9 ? from : from + 1;
            TarantoolExtension.ThrowMalformed($"An MP_DECIMAL's BCD holds the nibble 0x{Nibble(bcd, at):x} where a digit (0 to 9) belongs (nibble {at}).");
        }

        // The number digits[..count] × 10^-scale, exactly, or an overflow exception.
        private static decimal ToDecimal(Span<byte> digits, int count, int scale, bool negative, byte code)
        {
            int original = count, originalScale = scale;

            // Zeros after the last significant digit, past what a decimal holds, leave the number the same.
            while (count > 0 && digits[count - 1] == 0 && scale > 0 && (scale > MaxNetScale || count > MaxNetDigits))
            {
                count--;
                scale--;
            }

            if (count == 0)
            {
                // Zero, of either sign, with as many places as a decimal keeps.
                return new decimal(0, 0, 0, negative, (byte)Math.Clamp(scale, 0, MaxNetScale));
            }

            if (scale < 0)
            {
                // 1E+3: the digits and -scale zeros, at scale 0.
                if (count - scale > MaxNetDigits)
                {
                    ThrowDoesNotFit(code, digits, original, originalScale, negative);
                }

                digits.Slice(count, -scale).Clear();
                count -= scale;
                scale = 0;
            }

            if (scale > MaxNetScale || count > MaxNetDigits)
            {
                ThrowDoesNotFit(code, digits, original, originalScale, negative);
            }

            UInt128 mantissa = 0;
            for (int i = 0; i < count; i++)
            {
                mantissa = (mantissa * 10) + digits[i];
            }

            if (mantissa >> 96 != 0)
            {
                // 29 digits above 2^96 - 1: one trailing zero less may fit.
                if (scale == 0 || digits[count - 1] != 0)
                {
                    ThrowDoesNotFit(code, digits, original, originalScale, negative);
                }

                mantissa /= 10;
                scale--;
            }

            return new decimal((int)(uint)mantissa, (int)(uint)(mantissa >> 32), (int)(uint)(mantissa >> 64), negative, (byte)scale);
        }

        // The mantissa's digits, right-aligned in digits (29), without leading zeros ("0" for zero): their count.
        private static int Digits(ReadOnlySpan<int> bits, Span<byte> digits)
        {
            ulong low = ((ulong)(uint)bits[1] << 32) | (uint)bits[0], high = 0;
            if (bits[2] != 0)
            {
                // Below 2^96: at most 10 digits above the low 19, so two 64-bit halves carry them.
                UInt128 mantissa = ((UInt128)(uint)bits[2] << 64) | low;
                (UInt128 high128, UInt128 low128) = UInt128.DivRem(mantissa, TenToThe19);
                (high, low) = ((ulong)high128, (ulong)low128);
            }
            else if (low >= TenToThe19Low)
            {
                (high, low) = Math.DivRem(low, TenToThe19Low);
            }

            int at = digits.Length;
            do
            {
                digits[--at] = (byte)(low % 10);
                low /= 10;
            }
            while (low != 0 || (high != 0 && at > digits.Length - 19));

            while (high != 0)
            {
                digits[--at] = (byte)(high % 10);
                high /= 10;
            }

            return digits.Length - at;
        }

        private static int CountDigits(ulong value)
        {
            int count = 1;
            while (value >= 10)
            {
                value /= 10;
                count++;
            }

            return count;
        }

        private static int BcdLength(int digits) => (digits / 2) + 1;

        private static int Nibble(ReadOnlySpan<byte> bcd, int index) => (index & 1) == 0 ? bcd[index >> 1] >> 4 : bcd[index >> 1] & 0xf;

        private static void SetNibble(Span<byte> bcd, int index, byte value) =>
            bcd[index >> 1] |= (byte)((index & 1) == 0 ? value << 4 : value);

        private static void ThrowDoesNotFit(byte code, ReadOnlySpan<byte> digits, int count, int scale, bool negative)
        {
            // The number as Tarantool prints it: 0.333..., 1E+30.
            var text = new StringBuilder();
            for (int i = 0; i < count; i++)
            {
                text.Append((char)('0' + digits[i]));
            }

            if (scale < 0)
            {
                text.Append("E+").Append((-scale).ToString(CultureInfo.InvariantCulture));
            }
            else if (scale > 0)
            {
                text.Insert(0, "0", Math.Max(0, scale - count + 1)).Insert(text.Length - scale, '.');
            }

            TarantoolExtension.ThrowDoesNotFit(code, $"a .NET decimal: {(negative ? "-" : "")}{text} has {count} significant digits at scale {scale}, and a decimal holds at most {MaxNetDigits} digits (below 2^96) at a scale of 0 to {MaxNetScale}");
        }
    }
}
