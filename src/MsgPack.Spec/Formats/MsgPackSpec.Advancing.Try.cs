using System;
using System.Buffers;
using System.Runtime.CompilerServices;

namespace MsgPack.Spec
{
    // The Try twins of the advancing front doors: they never throw, and move the span only on success, so a loop over
    // input that may be incomplete (or a destination that may be full) keeps the advancing shape. Each calls the
    // index-based Try door, which calls the core; nothing is decoded or encoded here.
    public static partial class MsgPackSpec
    {
        /// <summary>Tries to write nil and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteNil(ref Span<byte> destination)
        {
            if (!TryWriteNil(destination, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a boolean and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteBoolean(ref Span<byte> destination, bool value)
        {
            if (!TryWriteBoolean(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a float 32 and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteSingle(ref Span<byte> destination, float value)
        {
            if (!TryWriteSingle(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a float 64 and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteDouble(ref Span<byte> destination, double value)
        {
            if (!TryWriteDouble(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a <see cref="long"/> in its smallest form and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteInt64(ref Span<byte> destination, long value)
        {
            if (!TryWriteInt64(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write an <see cref="int"/> in its smallest form and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteInt32(ref Span<byte> destination, int value)
        {
            if (!TryWriteInt32(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a <see cref="short"/> in its smallest form and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteInt16(ref Span<byte> destination, short value)
        {
            if (!TryWriteInt16(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write an <see cref="sbyte"/> in its smallest form and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteSByte(ref Span<byte> destination, sbyte value)
        {
            if (!TryWriteSByte(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a <see cref="ulong"/> in its smallest form and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteUInt64(ref Span<byte> destination, ulong value)
        {
            if (!TryWriteUInt64(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a <see cref="uint"/> in its smallest form and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteUInt32(ref Span<byte> destination, uint value)
        {
            if (!TryWriteUInt32(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a <see cref="ushort"/> in its smallest form and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteUInt16(ref Span<byte> destination, ushort value)
        {
            if (!TryWriteUInt16(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a <see cref="byte"/> in its smallest form and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteByte(ref Span<byte> destination, byte value)
        {
            if (!TryWriteByte(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write an array header in its smallest form and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteArrayHeader(ref Span<byte> destination, int value)
        {
            if (!TryWriteArrayHeader(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a map header in its smallest form and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteMapHeader(ref Span<byte> destination, int value)
        {
            if (!TryWriteMapHeader(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a str, the text encoded as UTF-8 and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteString(ref Span<byte> destination, ReadOnlySpan<char> value)
        {
            if (!TryWriteString(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a str, the text encoded as UTF-8, and, when it fits, moves <paramref name="destination"/> past it; never throws but for a null text.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The text to write (for C# 7.3 and .NET Framework callers, where a string is no span).</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="value"/> is null (an argument error, not a full destination).</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteString(ref Span<byte> destination, string value) => TryWriteString(ref destination, AsChars(value));

        /// <summary>Tries to write a str of UTF-8 bytes and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="utf8">The UTF-8 bytes to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteString(ref Span<byte> destination, ReadOnlySpan<byte> utf8)
        {
            if (!TryWriteString(destination, utf8, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a str header in its smallest form and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteStringHeader(ref Span<byte> destination, int value)
        {
            if (!TryWriteStringHeader(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a bin and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteBinary(ref Span<byte> destination, ReadOnlySpan<byte> value)
        {
            if (!TryWriteBinary(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a bin header in its smallest form and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteBinaryHeader(ref Span<byte> destination, int value)
        {
            if (!TryWriteBinaryHeader(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write an ext header in its smallest form and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteExtensionHeader(ref Span<byte> destination, ExtensionHeader value)
        {
            if (!TryWriteExtensionHeader(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write an ext and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="typeCode">The type code to write.</param>
        /// <param name="data">The data to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteExtension(ref Span<byte> destination, sbyte typeCode, ReadOnlySpan<byte> data)
        {
            if (!TryWriteExtension(destination, typeCode, data, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to write a timestamp in its smallest form and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
        /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
        /// <param name="value">The value to write.</param>
        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool TryWriteTimestamp(ref Span<byte> destination, Timestamp value)
        {
            if (!TryWriteTimestamp(destination, value, out int bytesWritten))
            {
                return false;
            }

            Advance(ref destination, bytesWritten);
            return true;
        }

        /// <summary>Tries to read nil and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadNil</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadNil(ref ReadOnlySpan<byte> source)
        {
            OperationStatus status = TryReadNil(source, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read a boolean and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadBoolean</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadBoolean(ref ReadOnlySpan<byte> source, out bool value)
        {
            OperationStatus status = TryReadBoolean(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read an integer that fits <see cref="long"/> and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadInt64</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadInt64(ref ReadOnlySpan<byte> source, out long value)
        {
            OperationStatus status = TryReadInt64(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read an integer that fits <see cref="int"/> and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadInt32</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadInt32(ref ReadOnlySpan<byte> source, out int value)
        {
            OperationStatus status = TryReadInt32(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read an integer that fits <see cref="short"/> and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadInt16</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadInt16(ref ReadOnlySpan<byte> source, out short value)
        {
            OperationStatus status = TryReadInt16(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read an integer that fits <see cref="sbyte"/> and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadSByte</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadSByte(ref ReadOnlySpan<byte> source, out sbyte value)
        {
            OperationStatus status = TryReadSByte(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read an integer that fits <see cref="ulong"/> and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadUInt64</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadUInt64(ref ReadOnlySpan<byte> source, out ulong value)
        {
            OperationStatus status = TryReadUInt64(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read an integer that fits <see cref="uint"/> and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadUInt32</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadUInt32(ref ReadOnlySpan<byte> source, out uint value)
        {
            OperationStatus status = TryReadUInt32(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read an integer that fits <see cref="ushort"/> and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadUInt16</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadUInt16(ref ReadOnlySpan<byte> source, out ushort value)
        {
            OperationStatus status = TryReadUInt16(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read an integer that fits <see cref="byte"/> and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadByte</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadByte(ref ReadOnlySpan<byte> source, out byte value)
        {
            OperationStatus status = TryReadByte(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read a float that fits <see cref="float"/> and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadSingle</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadSingle(ref ReadOnlySpan<byte> source, out float value)
        {
            OperationStatus status = TryReadSingle(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read a float and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadDouble</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadDouble(ref ReadOnlySpan<byte> source, out double value)
        {
            OperationStatus status = TryReadDouble(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read a str header and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadStringHeader</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadStringHeader(ref ReadOnlySpan<byte> source, out int value)
        {
            OperationStatus status = TryReadStringHeader(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read a str as its UTF-8 bytes, without copying and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="utf8">The UTF-8 bytes. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadStringBytes</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadStringBytes(ref ReadOnlySpan<byte> source, out ReadOnlySpan<byte> utf8)
        {
            OperationStatus status = TryReadStringBytes(source, out utf8, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read a str as a new string and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadString</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadString(ref ReadOnlySpan<byte> source, out string value)
        {
            OperationStatus status = TryReadString(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read a bin header and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadBinaryHeader</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadBinaryHeader(ref ReadOnlySpan<byte> source, out int value)
        {
            OperationStatus status = TryReadBinaryHeader(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read a bin, without copying and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadBinary</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadBinary(ref ReadOnlySpan<byte> source, out ReadOnlySpan<byte> value)
        {
            OperationStatus status = TryReadBinary(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read an array header and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadArrayHeader</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadArrayHeader(ref ReadOnlySpan<byte> source, out int value)
        {
            OperationStatus status = TryReadArrayHeader(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read a map header and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadMapHeader</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadMapHeader(ref ReadOnlySpan<byte> source, out int value)
        {
            OperationStatus status = TryReadMapHeader(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read an ext header and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadExtensionHeader</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadExtensionHeader(ref ReadOnlySpan<byte> source, out ExtensionHeader value)
        {
            OperationStatus status = TryReadExtensionHeader(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read a timestamp and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="value">The value. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadTimestamp</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadTimestamp(ref ReadOnlySpan<byte> source, out Timestamp value)
        {
            OperationStatus status = TryReadTimestamp(source, out value, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to read an ext, its data without copying and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <param name="header">The header. Default when the result is not Done.</param>
        /// <param name="data">The data. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TryReadExtension</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TryReadExtension(ref ReadOnlySpan<byte> source, out ExtensionHeader header, out ReadOnlySpan<byte> data)
        {
            OperationStatus status = TryReadExtension(source, out header, out data, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }

        /// <summary>Tries to step over one whole value, nested ones included, and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
        /// <param name="source">The input; moved past the value only when the result is Done.</param>
        /// <returns>Done, NeedMoreData (the index-based <c>TrySkip</c> says how many bytes are needed) or InvalidData.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus TrySkip(ref ReadOnlySpan<byte> source)
        {
            OperationStatus status = TrySkip(source, out int bytesRead);
            if (status == OperationStatus.Done)
            {
                Advance(ref source, bytesRead);
            }

            return status;
        }
    }
}
