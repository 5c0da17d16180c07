using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MsgPack.Spec
{
    // The advancing front doors: Write*(ref Span<byte>) and Read*(ref ReadOnlySpan<byte>) write or read one value and
    // move the span past it. They call the same cores as the other front doors.
    //
    // Why they exist: the usual span loop, "w += WriteInt32(span.Slice(w), v)", keeps an index. The JIT then adds
    // the index to the span's start and subtracts it from the length for every value, on top of Slice's own bounds
    // check (seed workload, 100 int32, full run in docs/benchmarks.md: 73.2 ns, against 51.6 ns for the same loop
    // over a pointer and 61.4 ns for this one). A span that advances is a pointer and a length the JIT keeps in two
    // registers: each value costs the pointer loop plus one compare against the largest form and one subtract. Their
    // cold paths only throw (no call that returns), so the caller's loop keeps its values in registers.
    public static partial class MsgPackSpec
    {
        /// <summary>Moves <paramref name="span"/> past <paramref name="count"/> bytes that a front door has just written; count is at most its length.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void Advance(ref Span<byte> span, int count)
        {
#if NET8_0_OR_GREATER
            span = MemoryMarshal.CreateSpan(ref Unsafe.Add(ref MemoryMarshal.GetReference(span), (nint)(uint)count), span.Length - count);
#else
            span = span.Slice(count);
#endif
        }

        /// <summary>Moves <paramref name="span"/> past <paramref name="count"/> bytes that a front door has just read; count is at most its length.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static void Advance(ref ReadOnlySpan<byte> span, int count) => span = SliceUnchecked(span, count, span.Length - count);

        /// <summary>
        /// The part of <paramref name="span"/> a decoder has just found inside it (or a place it has just reached):
        /// the caller knows it is in range, so on .NET 8 and later no bounds are checked again.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadOnlySpan<byte> SliceUnchecked(ReadOnlySpan<byte> span, int start, int length)
        {
#if NET8_0_OR_GREATER
            return MemoryMarshal.CreateReadOnlySpan(ref Unsafe.Add(ref MemoryMarshal.GetReference(span), (nint)(uint)start), length);
#else
            return span.Slice(start, length);
#endif
        }

        // ---- Writers.

        /// <summary>Writes nil and moves <paramref name="destination"/> past it.</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteNil(ref Span<byte> destination) =>
            Advance(ref destination, EncodeNil(ref Reserve(destination, 1)));

        /// <summary>Writes a boolean and moves <paramref name="destination"/> past it.</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The value to write.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteBoolean(ref Span<byte> destination, bool value) =>
            Advance(ref destination, EncodeBoolean(ref Reserve(destination, 1), value));

        /// <summary>Writes a float 32 and moves <paramref name="destination"/> past it.</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The value to write.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteSingle(ref Span<byte> destination, float value) =>
            Advance(ref destination, EncodeSingle(ref Reserve(destination, 5), value));

        /// <summary>Writes a float 64 and moves <paramref name="destination"/> past it.</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The value to write.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteDouble(ref Span<byte> destination, double value) =>
            Advance(ref destination, EncodeDouble(ref Reserve(destination, 9), value));

        /// <summary>Writes a <see cref="long"/> in its smallest form and moves <paramref name="destination"/> past it.</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The value to write; at most MaxInt64EncodedLength bytes.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteInt64(ref Span<byte> destination, long value)
        {
            if (destination.Length < MaxInt64EncodedLength)
            {
                EnsureRoom(destination.Length, GetInt64EncodedLength(value));
            }

            Advance(ref destination, EncodeInt64(ref MemoryMarshal.GetReference(destination), value));
        }

        /// <summary>Writes an <see cref="int"/> in its smallest form and moves <paramref name="destination"/> past it.</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The value to write; at most MaxInt32EncodedLength bytes.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteInt32(ref Span<byte> destination, int value)
        {
            if (destination.Length < MaxInt32EncodedLength)
            {
                EnsureRoom(destination.Length, GetInt64EncodedLength(value));
            }

            Advance(ref destination, EncodeInt32(ref MemoryMarshal.GetReference(destination), value));
        }

        /// <summary>Writes a <see cref="short"/> in its smallest form and moves <paramref name="destination"/> past it.</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The value to write; at most MaxInt16EncodedLength bytes.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteInt16(ref Span<byte> destination, short value)
        {
            if (destination.Length < MaxInt16EncodedLength)
            {
                EnsureRoom(destination.Length, GetInt64EncodedLength(value));
            }

            Advance(ref destination, EncodeInt16(ref MemoryMarshal.GetReference(destination), value));
        }

        /// <summary>Writes an <see cref="sbyte"/> in its smallest form and moves <paramref name="destination"/> past it.</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The value to write; at most MaxInt8EncodedLength bytes.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteSByte(ref Span<byte> destination, sbyte value)
        {
            if (destination.Length < MaxInt8EncodedLength)
            {
                EnsureRoom(destination.Length, GetInt64EncodedLength(value));
            }

            Advance(ref destination, EncodeSByte(ref MemoryMarshal.GetReference(destination), value));
        }

        /// <summary>Writes a <see cref="ulong"/> in its smallest form and moves <paramref name="destination"/> past it.</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The value to write; at most MaxInt64EncodedLength bytes.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt64(ref Span<byte> destination, ulong value)
        {
            if (destination.Length < MaxInt64EncodedLength)
            {
                EnsureRoom(destination.Length, GetUInt64EncodedLength(value));
            }

            Advance(ref destination, EncodeUInt64(ref MemoryMarshal.GetReference(destination), value));
        }

        /// <summary>Writes a <see cref="uint"/> in its smallest form and moves <paramref name="destination"/> past it.</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The value to write; at most MaxInt32EncodedLength bytes.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt32(ref Span<byte> destination, uint value)
        {
            if (destination.Length < MaxInt32EncodedLength)
            {
                EnsureRoom(destination.Length, GetUInt64EncodedLength(value));
            }

            Advance(ref destination, EncodeUInt32(ref MemoryMarshal.GetReference(destination), value));
        }

        /// <summary>Writes a <see cref="ushort"/> in its smallest form and moves <paramref name="destination"/> past it.</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The value to write; at most MaxInt16EncodedLength bytes.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt16(ref Span<byte> destination, ushort value)
        {
            if (destination.Length < MaxInt16EncodedLength)
            {
                EnsureRoom(destination.Length, GetUInt64EncodedLength(value));
            }

            Advance(ref destination, EncodeUInt16(ref MemoryMarshal.GetReference(destination), value));
        }

        /// <summary>Writes a <see cref="byte"/> in its smallest form and moves <paramref name="destination"/> past it.</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The value to write; at most MaxInt8EncodedLength bytes.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteByte(ref Span<byte> destination, byte value)
        {
            if (destination.Length < MaxInt8EncodedLength)
            {
                EnsureRoom(destination.Length, GetUInt64EncodedLength(value));
            }

            Advance(ref destination, EncodeByte(ref MemoryMarshal.GetReference(destination), value));
        }

        /// <summary>Writes an array header in its smallest form and moves <paramref name="destination"/> past it.</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The number of items; zero or positive (a negative value throws <see cref="ArgumentOutOfRangeException"/>).</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteArrayHeader(ref Span<byte> destination, int value)
        {
            if (destination.Length < MaxHeaderEncodedLength)
            {
                EnsureRoom(destination.Length, GetArrayHeaderEncodedLength(value));
            }

            Advance(ref destination, EncodeArrayHeader(ref MemoryMarshal.GetReference(destination), value));
        }

        /// <summary>Writes a map header in its smallest form and moves <paramref name="destination"/> past it.</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The number of key-value pairs; zero or positive (a negative value throws <see cref="ArgumentOutOfRangeException"/>).</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteMapHeader(ref Span<byte> destination, int value)
        {
            if (destination.Length < MaxHeaderEncodedLength)
            {
                EnsureRoom(destination.Length, GetMapHeaderEncodedLength(value));
            }

            Advance(ref destination, EncodeMapHeader(ref MemoryMarshal.GetReference(destination), value));
        }

        /// <summary>Writes a str: the UTF-8 encoding of <paramref name="value"/>, in the smallest header, and moves <paramref name="destination"/> past it (see <see cref="WriteString(Span{byte}, ReadOnlySpan{char})"/>).</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The text. Lone surrogates are written as U+FFFD, as the index-based writer does.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteString(ref Span<byte> destination, ReadOnlySpan<char> value) =>
            Advance(ref destination, WriteString(destination, value));

        /// <summary>Writes a str: the UTF-8 encoding of <paramref name="value"/>, in the smallest header, and moves <paramref name="destination"/> past it (see <see cref="WriteString(Span{byte}, string)"/>).</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The text. Lone surrogates are written as U+FFFD.</param>
        /// <exception cref="ArgumentNullException"><paramref name="value"/> is <see langword="null"/>.</exception>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteString(ref Span<byte> destination, string value) =>
            WriteString(ref destination, AsChars(value));

        /// <summary>Writes a str whose bytes are <paramref name="utf8"/>, in the smallest header, and moves <paramref name="destination"/> past it (see <see cref="WriteString(Span{byte}, ReadOnlySpan{byte})"/>).</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="utf8">The UTF-8 bytes, written as they are (not validated).</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteString(ref Span<byte> destination, ReadOnlySpan<byte> utf8) =>
            Advance(ref destination, WriteString(destination, utf8));

        /// <summary>Writes a str header in its smallest form, and moves <paramref name="destination"/> past it (see <see cref="WriteStringHeader(Span{byte}, int)"/>).</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The payload length in bytes; zero or positive.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteStringHeader(ref Span<byte> destination, int value) =>
            Advance(ref destination, WriteStringHeader(destination, value));

        /// <summary>Writes a bin: the smallest header and <paramref name="value"/>, and moves <paramref name="destination"/> past it (see <see cref="WriteBinary(Span{byte}, ReadOnlySpan{byte})"/>).</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The payload.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteBinary(ref Span<byte> destination, ReadOnlySpan<byte> value) =>
            Advance(ref destination, WriteBinary(destination, value));

        /// <summary>Writes a bin header in its smallest form, and moves <paramref name="destination"/> past it (see <see cref="WriteBinaryHeader(Span{byte}, int)"/>).</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The payload length in bytes; zero or positive.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteBinaryHeader(ref Span<byte> destination, int value) =>
            Advance(ref destination, WriteBinaryHeader(destination, value));

        /// <summary>Writes an ext header in its smallest form, and moves <paramref name="destination"/> past it (see <see cref="WriteExtensionHeader(Span{byte}, ExtensionHeader)"/>).</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The type code and the data length.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteExtensionHeader(ref Span<byte> destination, ExtensionHeader value) =>
            Advance(ref destination, WriteExtensionHeader(destination, value));

        /// <summary>Writes an ext: the smallest header and <paramref name="data"/>, and moves <paramref name="destination"/> past it (see <see cref="WriteExtension(Span{byte}, sbyte, ReadOnlySpan{byte})"/>).</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="typeCode">The extension type.</param>
        /// <param name="data">The extension data.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteExtension(ref Span<byte> destination, sbyte typeCode, ReadOnlySpan<byte> data) =>
            Advance(ref destination, WriteExtension(destination, typeCode, data));

        /// <summary>Writes a timestamp in its smallest form (timestamp 32, 64 or 96), and moves <paramref name="destination"/> past it (see <see cref="WriteTimestamp(Span{byte}, Timestamp)"/>).</summary>
        /// <param name="destination">Where to write; on return, the part after the bytes written; not moved when an exception is thrown.</param>
        /// <param name="value">The value to write.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteTimestamp(ref Span<byte> destination, Timestamp value) =>
            Advance(ref destination, WriteTimestamp(destination, value));

        // ---- Readers.

        /// <summary>Reads nil and moves <paramref name="source"/> past it (see <see cref="ReadNil(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void ReadNil(ref ReadOnlySpan<byte> source)
        {
            ReadNil(source, out int bytesRead);
            Advance(ref source, bytesRead);
        }

        /// <summary>Reads a boolean and moves <paramref name="source"/> past it (see <see cref="ReadBoolean(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool ReadBoolean(ref ReadOnlySpan<byte> source)
        {
            bool value = ReadBoolean(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads an integer that fits <see cref="long"/> and moves <paramref name="source"/> past it (see <see cref="ReadInt64(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static long ReadInt64(ref ReadOnlySpan<byte> source)
        {
            long value = ReadInt64(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads an integer that fits <see cref="int"/> and moves <paramref name="source"/> past it (see <see cref="ReadInt32(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadInt32(ref ReadOnlySpan<byte> source)
        {
            int value = ReadInt32(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads an integer that fits <see cref="short"/> and moves <paramref name="source"/> past it (see <see cref="ReadInt16(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static short ReadInt16(ref ReadOnlySpan<byte> source)
        {
            short value = ReadInt16(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads an integer that fits <see cref="sbyte"/> and moves <paramref name="source"/> past it (see <see cref="ReadSByte(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static sbyte ReadSByte(ref ReadOnlySpan<byte> source)
        {
            sbyte value = ReadSByte(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads an integer that fits <see cref="ulong"/> and moves <paramref name="source"/> past it (see <see cref="ReadUInt64(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ulong ReadUInt64(ref ReadOnlySpan<byte> source)
        {
            ulong value = ReadUInt64(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads an integer that fits <see cref="uint"/> and moves <paramref name="source"/> past it (see <see cref="ReadUInt32(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static uint ReadUInt32(ref ReadOnlySpan<byte> source)
        {
            uint value = ReadUInt32(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads an integer that fits <see cref="ushort"/> and moves <paramref name="source"/> past it (see <see cref="ReadUInt16(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ushort ReadUInt16(ref ReadOnlySpan<byte> source)
        {
            ushort value = ReadUInt16(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads an integer that fits <see cref="byte"/> and moves <paramref name="source"/> past it (see <see cref="ReadByte(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static byte ReadByte(ref ReadOnlySpan<byte> source)
        {
            byte value = ReadByte(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads a float 32 and moves <paramref name="source"/> past it (see <see cref="ReadSingle(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static float ReadSingle(ref ReadOnlySpan<byte> source)
        {
            float value = ReadSingle(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads a float 64 or a float 32, widened and moves <paramref name="source"/> past it (see <see cref="ReadDouble(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static double ReadDouble(ref ReadOnlySpan<byte> source)
        {
            double value = ReadDouble(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads a str header and moves <paramref name="source"/> past it (see <see cref="ReadStringHeader(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The payload length.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadStringHeader(ref ReadOnlySpan<byte> source)
        {
            int value = ReadStringHeader(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads a whole str and moves <paramref name="source"/> past it (see <see cref="ReadStringBytes(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>Its UTF-8 payload, validated, without copying.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ReadOnlySpan<byte> ReadStringBytes(ref ReadOnlySpan<byte> source)
        {
            ReadOnlySpan<byte> value = ReadStringBytes(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads a whole str, decoded and moves <paramref name="source"/> past it (see <see cref="ReadString(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>Only the returned string allocates.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static string ReadString(ref ReadOnlySpan<byte> source)
        {
            string value = ReadString(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads a bin header and moves <paramref name="source"/> past it (see <see cref="ReadBinaryHeader(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The payload length.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadBinaryHeader(ref ReadOnlySpan<byte> source)
        {
            int value = ReadBinaryHeader(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads a whole bin and moves <paramref name="source"/> past it (see <see cref="ReadBinary(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>Its payload, without copying.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ReadOnlySpan<byte> ReadBinary(ref ReadOnlySpan<byte> source)
        {
            ReadOnlySpan<byte> value = ReadBinary(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads an array header and moves <paramref name="source"/> past it (see <see cref="ReadArrayHeader(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The number of items.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadArrayHeader(ref ReadOnlySpan<byte> source)
        {
            int value = ReadArrayHeader(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads a map header and moves <paramref name="source"/> past it (see <see cref="ReadMapHeader(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The number of key-value pairs.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadMapHeader(ref ReadOnlySpan<byte> source)
        {
            int value = ReadMapHeader(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads an ext header and moves <paramref name="source"/> past it (see <see cref="ReadExtensionHeader(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The type code and the data length.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ExtensionHeader ReadExtensionHeader(ref ReadOnlySpan<byte> source)
        {
            ExtensionHeader value = ReadExtensionHeader(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads a timestamp (ext -1 with 4, 8 or 12 bytes of data) and moves <paramref name="source"/> past it (see <see cref="ReadTimestamp(ReadOnlySpan{byte}, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Timestamp ReadTimestamp(ref ReadOnlySpan<byte> source)
        {
            Timestamp value = ReadTimestamp(source, out int bytesRead);
            Advance(ref source, bytesRead);
            return value;
        }

        /// <summary>Reads a whole ext and moves <paramref name="source"/> past it (see <see cref="ReadExtension(ReadOnlySpan{byte}, out ExtensionHeader, out int)"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <param name="header">The type code and the data length.</param>
        /// <returns>The extension data, without copying.</returns>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ReadOnlySpan<byte> ReadExtension(ref ReadOnlySpan<byte> source, out ExtensionHeader header)
        {
            ReadOnlySpan<byte> data = ReadExtension(source, out header, out int bytesRead);
            Advance(ref source, bytesRead);
            return data;
        }

        /// <summary>Skips one whole value, nested containers included, and moves <paramref name="source"/> past it (see <see cref="Skip(ReadOnlySpan{byte})"/>).</summary>
        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
        /// <exception cref="MsgPackException">The input is not that value or ends too early (see the derived types).</exception>
        public static void Skip(ref ReadOnlySpan<byte> source) => Advance(ref source, Skip(source));
    }
}
