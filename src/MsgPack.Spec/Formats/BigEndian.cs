using System.Buffers.Binary;

namespace MsgPack.Spec
{
    /// <summary>
    /// Reads and writes big-endian (network order) numbers, the byte order of every MessagePack length and value,
    /// over a span, a <see langword="ref"/> <see cref="byte"/> and a pointer.
    /// </summary>
    /// <remarks>
    /// The <see langword="ref"/> <see cref="byte"/> and pointer overloads check nothing: the caller guarantees that
    /// the 2, 4 or 8 bytes they touch are there. The span overloads check the length once and throw
    /// <see cref="ArgumentOutOfRangeException"/> when it is too short. Unaligned addresses are fine everywhere.
    /// </remarks>
    public static unsafe class BigEndian
    {

        /// <summary>Reads a big-endian <see cref="ushort"/> from the 2 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 2 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ushort ReadUInt16(ref byte source)
        {
            ushort value = Unsafe.ReadUnaligned<ushort>(ref source);
            return BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(value) : value;
        }

        /// <summary>Writes <paramref name="value"/> big-endian into the 2 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 2 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt16(ref byte destination, ushort value)
        {
            Unsafe.WriteUnaligned(ref destination, BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(value) : value);
        }

        /// <summary>Reads a big-endian <see cref="ushort"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">At least 2 bytes.</param>
        /// <returns>The value.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is shorter than 2 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ushort ReadUInt16(ReadOnlySpan<byte> source)
        {
            if (source.Length < sizeof(ushort))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(source), sizeof(ushort), source.Length);
            }

            return ReadUInt16(ref MemoryMarshal.GetReference(source));
        }

        /// <summary>Writes <paramref name="value"/> big-endian at the start of <paramref name="destination"/>.</summary>
        /// <param name="destination">At least 2 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is shorter than 2 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt16(Span<byte> destination, ushort value)
        {
            if (destination.Length < sizeof(ushort))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(destination), sizeof(ushort), destination.Length);
            }

            WriteUInt16(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Reads a big-endian <see cref="ushort"/> from the 2 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 2 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ushort ReadUInt16(byte* source) => ReadUInt16(ref *source);

        /// <summary>Writes <paramref name="value"/> big-endian into the 2 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 2 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt16(byte* destination, ushort value) => WriteUInt16(ref *destination, value);

        /// <summary>Reads a big-endian <see cref="short"/> from the 2 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 2 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static short ReadInt16(ref byte source)
        {
            return unchecked((short)ReadUInt16(ref source));
        }

        /// <summary>Writes <paramref name="value"/> big-endian into the 2 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 2 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteInt16(ref byte destination, short value)
        {
            WriteUInt16(ref destination, unchecked((ushort)value));
        }

        /// <summary>Reads a big-endian <see cref="short"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">At least 2 bytes.</param>
        /// <returns>The value.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is shorter than 2 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static short ReadInt16(ReadOnlySpan<byte> source)
        {
            if (source.Length < sizeof(short))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(source), sizeof(short), source.Length);
            }

            return ReadInt16(ref MemoryMarshal.GetReference(source));
        }

        /// <summary>Writes <paramref name="value"/> big-endian at the start of <paramref name="destination"/>.</summary>
        /// <param name="destination">At least 2 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is shorter than 2 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteInt16(Span<byte> destination, short value)
        {
            if (destination.Length < sizeof(short))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(destination), sizeof(short), destination.Length);
            }

            WriteInt16(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Reads a big-endian <see cref="short"/> from the 2 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 2 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static short ReadInt16(byte* source) => ReadInt16(ref *source);

        /// <summary>Writes <paramref name="value"/> big-endian into the 2 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 2 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteInt16(byte* destination, short value) => WriteInt16(ref *destination, value);

        /// <summary>Reads a big-endian <see cref="uint"/> from the 4 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 4 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static uint ReadUInt32(ref byte source)
        {
            uint value = Unsafe.ReadUnaligned<uint>(ref source);
            return BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(value) : value;
        }

        /// <summary>Writes <paramref name="value"/> big-endian into the 4 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 4 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt32(ref byte destination, uint value)
        {
            Unsafe.WriteUnaligned(ref destination, BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(value) : value);
        }

        /// <summary>Reads a big-endian <see cref="uint"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">At least 4 bytes.</param>
        /// <returns>The value.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is shorter than 4 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static uint ReadUInt32(ReadOnlySpan<byte> source)
        {
            if (source.Length < sizeof(uint))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(source), sizeof(uint), source.Length);
            }

            return ReadUInt32(ref MemoryMarshal.GetReference(source));
        }

        /// <summary>Writes <paramref name="value"/> big-endian at the start of <paramref name="destination"/>.</summary>
        /// <param name="destination">At least 4 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is shorter than 4 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt32(Span<byte> destination, uint value)
        {
            if (destination.Length < sizeof(uint))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(destination), sizeof(uint), destination.Length);
            }

            WriteUInt32(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Reads a big-endian <see cref="uint"/> from the 4 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 4 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static uint ReadUInt32(byte* source) => ReadUInt32(ref *source);

        /// <summary>Writes <paramref name="value"/> big-endian into the 4 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 4 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt32(byte* destination, uint value) => WriteUInt32(ref *destination, value);

        /// <summary>Reads a big-endian <see cref="int"/> from the 4 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 4 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadInt32(ref byte source)
        {
            return unchecked((int)ReadUInt32(ref source));
        }

        /// <summary>Writes <paramref name="value"/> big-endian into the 4 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 4 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteInt32(ref byte destination, int value)
        {
            WriteUInt32(ref destination, unchecked((uint)value));
        }

        /// <summary>Reads a big-endian <see cref="int"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">At least 4 bytes.</param>
        /// <returns>The value.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is shorter than 4 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadInt32(ReadOnlySpan<byte> source)
        {
            if (source.Length < sizeof(int))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(source), sizeof(int), source.Length);
            }

            return ReadInt32(ref MemoryMarshal.GetReference(source));
        }

        /// <summary>Writes <paramref name="value"/> big-endian at the start of <paramref name="destination"/>.</summary>
        /// <param name="destination">At least 4 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is shorter than 4 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteInt32(Span<byte> destination, int value)
        {
            if (destination.Length < sizeof(int))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(destination), sizeof(int), destination.Length);
            }

            WriteInt32(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Reads a big-endian <see cref="int"/> from the 4 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 4 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int ReadInt32(byte* source) => ReadInt32(ref *source);

        /// <summary>Writes <paramref name="value"/> big-endian into the 4 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 4 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteInt32(byte* destination, int value) => WriteInt32(ref *destination, value);

        /// <summary>Reads a big-endian <see cref="ulong"/> from the 8 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 8 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ulong ReadUInt64(ref byte source)
        {
            ulong value = Unsafe.ReadUnaligned<ulong>(ref source);
            return BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(value) : value;
        }

        /// <summary>Writes <paramref name="value"/> big-endian into the 8 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 8 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt64(ref byte destination, ulong value)
        {
            Unsafe.WriteUnaligned(ref destination, BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(value) : value);
        }

        /// <summary>Reads a big-endian <see cref="ulong"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">At least 8 bytes.</param>
        /// <returns>The value.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is shorter than 8 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ulong ReadUInt64(ReadOnlySpan<byte> source)
        {
            if (source.Length < sizeof(ulong))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(source), sizeof(ulong), source.Length);
            }

            return ReadUInt64(ref MemoryMarshal.GetReference(source));
        }

        /// <summary>Writes <paramref name="value"/> big-endian at the start of <paramref name="destination"/>.</summary>
        /// <param name="destination">At least 8 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is shorter than 8 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt64(Span<byte> destination, ulong value)
        {
            if (destination.Length < sizeof(ulong))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(destination), sizeof(ulong), destination.Length);
            }

            WriteUInt64(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Reads a big-endian <see cref="ulong"/> from the 8 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 8 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ulong ReadUInt64(byte* source) => ReadUInt64(ref *source);

        /// <summary>Writes <paramref name="value"/> big-endian into the 8 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 8 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt64(byte* destination, ulong value) => WriteUInt64(ref *destination, value);

        /// <summary>Reads a big-endian <see cref="long"/> from the 8 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 8 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static long ReadInt64(ref byte source)
        {
            return unchecked((long)ReadUInt64(ref source));
        }

        /// <summary>Writes <paramref name="value"/> big-endian into the 8 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 8 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteInt64(ref byte destination, long value)
        {
            WriteUInt64(ref destination, unchecked((ulong)value));
        }

        /// <summary>Reads a big-endian <see cref="long"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">At least 8 bytes.</param>
        /// <returns>The value.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is shorter than 8 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static long ReadInt64(ReadOnlySpan<byte> source)
        {
            if (source.Length < sizeof(long))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(source), sizeof(long), source.Length);
            }

            return ReadInt64(ref MemoryMarshal.GetReference(source));
        }

        /// <summary>Writes <paramref name="value"/> big-endian at the start of <paramref name="destination"/>.</summary>
        /// <param name="destination">At least 8 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is shorter than 8 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteInt64(Span<byte> destination, long value)
        {
            if (destination.Length < sizeof(long))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(destination), sizeof(long), destination.Length);
            }

            WriteInt64(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Reads a big-endian <see cref="long"/> from the 8 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 8 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static long ReadInt64(byte* source) => ReadInt64(ref *source);

        /// <summary>Writes <paramref name="value"/> big-endian into the 8 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 8 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteInt64(byte* destination, long value) => WriteInt64(ref *destination, value);

        /// <summary>Reads a big-endian <see cref="float"/> from the 4 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 4 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static float ReadSingle(ref byte source)
        {
            uint bits = ReadUInt32(ref source);
            return Unsafe.As<uint, float>(ref bits);
        }

        /// <summary>Writes <paramref name="value"/> big-endian into the 4 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 4 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteSingle(ref byte destination, float value)
        {
            WriteUInt32(ref destination, Unsafe.As<float, uint>(ref value));
        }

        /// <summary>Reads a big-endian <see cref="float"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">At least 4 bytes.</param>
        /// <returns>The value.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is shorter than 4 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static float ReadSingle(ReadOnlySpan<byte> source)
        {
            if (source.Length < sizeof(float))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(source), sizeof(float), source.Length);
            }

            return ReadSingle(ref MemoryMarshal.GetReference(source));
        }

        /// <summary>Writes <paramref name="value"/> big-endian at the start of <paramref name="destination"/>.</summary>
        /// <param name="destination">At least 4 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is shorter than 4 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteSingle(Span<byte> destination, float value)
        {
            if (destination.Length < sizeof(float))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(destination), sizeof(float), destination.Length);
            }

            WriteSingle(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Reads a big-endian <see cref="float"/> from the 4 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 4 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static float ReadSingle(byte* source) => ReadSingle(ref *source);

        /// <summary>Writes <paramref name="value"/> big-endian into the 4 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 4 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteSingle(byte* destination, float value) => WriteSingle(ref *destination, value);

        /// <summary>Reads a big-endian <see cref="double"/> from the 8 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 8 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static double ReadDouble(ref byte source)
        {
            ulong bits = ReadUInt64(ref source);
            return Unsafe.As<ulong, double>(ref bits);
        }

        /// <summary>Writes <paramref name="value"/> big-endian into the 8 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 8 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteDouble(ref byte destination, double value)
        {
            WriteUInt64(ref destination, Unsafe.As<double, ulong>(ref value));
        }

        /// <summary>Reads a big-endian <see cref="double"/> from the start of <paramref name="source"/>.</summary>
        /// <param name="source">At least 8 bytes.</param>
        /// <returns>The value.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is shorter than 8 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static double ReadDouble(ReadOnlySpan<byte> source)
        {
            if (source.Length < sizeof(double))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(source), sizeof(double), source.Length);
            }

            return ReadDouble(ref MemoryMarshal.GetReference(source));
        }

        /// <summary>Writes <paramref name="value"/> big-endian at the start of <paramref name="destination"/>.</summary>
        /// <param name="destination">At least 8 bytes.</param>
        /// <param name="value">The value to write.</param>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is shorter than 8 bytes.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteDouble(Span<byte> destination, double value)
        {
            if (destination.Length < sizeof(double))
            {
                ThrowHelper.ThrowSpanTooShort(nameof(destination), sizeof(double), destination.Length);
            }

            WriteDouble(ref MemoryMarshal.GetReference(destination), value);
        }

        /// <summary>Reads a big-endian <see cref="double"/> from the 8 bytes at <paramref name="source"/>.</summary>
        /// <param name="source">The first of 8 readable bytes; not checked.</param>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static double ReadDouble(byte* source) => ReadDouble(ref *source);

        /// <summary>Writes <paramref name="value"/> big-endian into the 8 bytes at <paramref name="destination"/>.</summary>
        /// <param name="destination">The first of 8 writable bytes; not checked.</param>
        /// <param name="value">The value to write.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteDouble(byte* destination, double value) => WriteDouble(ref *destination, value);
    }
}
