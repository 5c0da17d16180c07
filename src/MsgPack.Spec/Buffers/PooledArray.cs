namespace MsgPack.Spec
{
    /// <summary>
    /// Growing a byte array rented from an <see cref="ArrayPool{T}"/>: rent a larger one, copy what it holds, give the
    /// old one back. Written once for every writer that grows one array (<see cref="PooledBufferWriter"/>, and
    /// MsgPack.Spec.Lz4's plain and block buffers, which compile this file as their own: that package sees only the
    /// core's public API, and this is no API).
    /// </summary>
    internal static class PooledArray
    {
        /// <summary>The largest array .NET allows for bytes (Array.MaxLength is not in netstandard2.0).</summary>
        public const int MaxLength = 0x7FFFFFC7;

        /// <summary>
        /// Rents from <paramref name="pool"/> an array of at least <paramref name="needed"/> bytes and at least twice
        /// <paramref name="array"/>'s length (at most <see cref="MaxLength"/>), so that a buffer filled in many small
        /// steps is copied O(log n) times; copies the first <paramref name="used"/> bytes into it, and returns
        /// <paramref name="array"/> to the pool unless it is empty.
        /// </summary>
        /// <remarks>The caller checks that <paramref name="needed"/> is at most <see cref="MaxLength"/> first, and throws what its own API says when it is not.</remarks>
        public static byte[] Grow(ArrayPool<byte> pool, byte[] array, int used, long needed)
        {
            System.Diagnostics.Debug.Assert(needed <= MaxLength, "The caller checks the length first.");
            byte[] larger = pool.Rent((int)Math.Max(needed, Math.Min(2L * array.Length, MaxLength)));
            array.AsSpan(0, used).CopyTo(larger);
            if (array.Length != 0)
            {
                pool.Return(array);
            }

            return larger;
        }
    }
}
