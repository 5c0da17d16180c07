using System.Collections.Generic;

namespace MsgPack.Spec
{
    /// <summary>
    /// The key comparer of the maps <see cref="MsgPackDynamic"/> reads: equality as <see cref="object.Equals(object, object)"/>
    /// says it (what MessagePack-CSharp's maps use), hashes that crafted keys cannot pile into one bucket.
    /// </summary>
    /// <remarks>
    /// The default hashes of integers are their values (a long's is its two halves xored, so <c>(a &lt;&lt; 32) | a</c>
    /// hashes to 0 for every <c>a</c>): a map of such keys makes every insertion compare with all before it, n^2 work
    /// for a map of n entries. Here the whole 64 bits of an integer, float or timestamp key are mixed with a random
    /// seed of the process; strings keep .NET's own string hash, which .NET Core randomizes (.NET Framework does not);
    /// other keys (bin, arrays and maps, compared by reference) keep theirs, mixed.
    /// </remarks>
    internal sealed class DynamicKeyComparer : IEqualityComparer<object>
    {
        public static readonly DynamicKeyComparer Instance = new DynamicKeyComparer();

        private static readonly ulong Seed = CreateSeed();

        public new bool Equals(object? x, object? y) => object.Equals(x, y);

        public int GetHashCode(object key) => key switch
        {
            string text => text.GetHashCode(),
            byte value => Mix(value),
            sbyte value => Mix((ulong)value),
            short value => Mix((ulong)value),
            ushort value => Mix(value),
            int value => Mix((ulong)value),
            uint value => Mix(value),
            long value => Mix((ulong)value),
            ulong value => Mix(value),
            float value => Mix((ulong)BitConverter.DoubleToInt64Bits(Normalize(value))),
            double value => Mix((ulong)BitConverter.DoubleToInt64Bits(Normalize(value))),

            // DateTime equality compares the ticks alone (not the kind), so the hash is theirs.
            DateTime value => Mix((ulong)value.Ticks),
            Timestamp value => Mix((ulong)value.Seconds ^ ((ulong)value.Nanoseconds << 32)),
            _ => Mix((ulong)(uint)key.GetHashCode()),
        };

        /// <summary>+0 and -0 are equal, as all NaNs are to each other (<see cref="double.Equals(object)"/>): one hash for each.</summary>
        private static double Normalize(double value) => value == 0 ? 0 : double.IsNaN(value) ? double.NaN : value;

        /// <summary>A 64-bit mix (the finalizer of SplitMix64) of the value and the seed, folded to 32 bits.</summary>
        private static int Mix(ulong value)
        {
            ulong x = value ^ Seed;
            x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9UL;
            x = (x ^ (x >> 27)) * 0x94d049bb133111ebUL;
            x ^= x >> 31;
            return (int)x ^ (int)(x >> 32);
        }

        private static ulong CreateSeed()
        {
            byte[] bytes = new byte[8];
            using (var random = System.Security.Cryptography.RandomNumberGenerator.Create())
            {
                random.GetBytes(bytes);
            }

            return BitConverter.ToUInt64(bytes, 0);
        }
    }
}
