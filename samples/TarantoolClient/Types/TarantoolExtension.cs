using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>
    /// The MessagePack extension types of Tarantool (its <c>mp_extension_types.h</c>), and what their converters share:
    /// reading an extension of one type into a span, copying a finished value out, and the two ways a value can fail.
    /// </summary>
    /// <remarks>
    /// A value that breaks the layout Tarantool documents (a wrong length, a BCD nibble above 9) is a
    /// <see cref="MsgPackException"/>: Tarantool itself would refuse it. A well-formed value that .NET's type cannot
    /// hold (a decimal of 38 digits, a datetime in the year 10,000) is a <see cref="MsgPackOverflowException"/>, the
    /// library's "does not fit the requested type": never a value rounded or clamped into something else. Read as a
    /// member of a generated type, either comes wrapped in a <see cref="Serialization.MsgPackSerializationException"/>
    /// with the member's path (<c>$.Amount</c>).
    /// </remarks>
    public static class TarantoolExtension
    {
        /// <summary>MP_DECIMAL: a scale and packed BCD digits with a sign nibble (<see cref="TarantoolDecimalConverter"/>).</summary>
        public const sbyte Decimal = 1;

        /// <summary>MP_UUID: 16 bytes, in the RFC 4122 (big-endian) order (<see cref="TarantoolUuidConverter"/>).</summary>
        public const sbyte Uuid = 2;

        /// <summary>MP_ERROR: an error stack, a MessagePack map (<see cref="TarantoolErrorConverter"/>).</summary>
        public const sbyte Error = 3;

        /// <summary>MP_DATETIME: seconds, and nanoseconds, offset and zone when any is not zero (<see cref="TarantoolDateTimeOffsetConverter"/>).</summary>
        public const sbyte Datetime = 4;

        /// <summary>MP_INTERVAL: a count and pairs of field and integer (<see cref="TarantoolIntervalConverter"/>).</summary>
        public const sbyte Interval = 6;

        /// <summary>
        /// Checks the header of an extension just read (<c>reader.ReadExtension(out header)</c>): of
        /// <paramref name="type"/>, and at most <paramref name="maxLength"/> bytes of data.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static void Check(ExtensionHeader header, sbyte type, string name, int maxLength)
        {
            if (header.TypeCode != type || header.Length > maxLength)
            {
                ThrowBadHeader(header, type, name, maxLength);
            }
        }

        [DoesNotReturn]
        private static void ThrowBadHeader(ExtensionHeader header, sbyte type, string name, int maxLength)
        {
            if (header.TypeCode != type)
            {
                ThrowMalformed($"Expected {name} (ext type {type}), found ext type {header.TypeCode}.");
            }

            ThrowMalformed($"{Capitalized(name)} of {header.Length} bytes: Tarantool's take at most {maxLength}.");
        }

        /// <summary>
        /// The data of an extension that straddles segments, copied into <paramref name="buffer"/> (checked first to be
        /// no longer). Data in one span is read in place: <c>data.IsSingleSpan ? data.Span : Copy(data, buffer)</c>.
        /// </summary>
        /// <remarks>
        /// Called from a method of its own in each converter (<c>[MethodImpl(MethodImplOptions.NoInlining)]</c>): a
        /// <c>stackalloc</c> in the converter's read itself would keep the JIT from inlining it and cost every read a stack
        /// check, for a path that only a value cut across segments takes.
        /// </remarks>
        internal static ReadOnlySpan<byte> Copy(MsgPackPayload data, Span<byte> buffer)
        {
            data.CopyTo(buffer);
            return buffer[..data.Length];
        }

        /// <summary>Copies an encoded value to the start of <paramref name="destination"/> and moves it past them.</summary>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small (the converters' contract).</exception>
        internal static void CopyOut(ref Span<byte> destination, scoped ReadOnlySpan<byte> encoded)
        {
            encoded.CopyTo(destination);
            destination = destination[encoded.Length..];
        }

        /// <summary>The first byte of an extension of <paramref name="length"/> data bytes, as the smallest header has it (for messages).</summary>
        internal static byte CodeOf(int length) => length switch
        {
            1 => DataCodes.FixExtension1,
            2 => DataCodes.FixExtension2,
            4 => DataCodes.FixExtension4,
            8 => DataCodes.FixExtension8,
            16 => DataCodes.FixExtension16,
            <= byte.MaxValue => DataCodes.Extension8,
            <= ushort.MaxValue => DataCodes.Extension16,
            _ => DataCodes.Extension32,
        };

        /// <summary>The value breaks Tarantool's layout of its type.</summary>
        [DoesNotReturn]
        internal static void ThrowMalformed(string message) => throw new MsgPackException(message);

        /// <summary>The value is well formed, and .NET's type cannot hold it.</summary>
        [DoesNotReturn]
        internal static void ThrowDoesNotFit(byte code, string expected) => throw new MsgPackOverflowException(code, expected);

        private static string Capitalized(string name) => char.ToUpperInvariant(name[0]) + name[1..];
    }
}
