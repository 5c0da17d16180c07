using System;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>
    /// SplitMix64: a small seeded generator whose sequence depends on nothing but the seed (not on the runtime's
    /// <see cref="Random"/> implementation), so a seed reproduces the same inputs everywhere.
    /// </summary>
    internal sealed class FuzzRandom
    {
        private ulong _state;

        public FuzzRandom(ulong seed) => _state = seed;

        public ulong NextUInt64()
        {
            ulong z = _state += 0x9E3779B97F4A7C15UL;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
            return z ^ (z >> 31);
        }

        /// <summary>A number from 0 to <paramref name="maxExclusive"/> - 1 (0 when it is not positive).</summary>
        public int Next(int maxExclusive) => maxExclusive <= 0 ? 0 : (int)(NextUInt64() % (ulong)maxExclusive);

        /// <summary>A number from <paramref name="min"/> to <paramref name="maxExclusive"/> - 1.</summary>
        public int Next(int min, int maxExclusive) => min + Next(maxExclusive - min);

        /// <summary>True with probability 1 / <paramref name="n"/>.</summary>
        public bool OneIn(int n) => Next(n) == 0;

        public T Pick<T>(T[] items) => items[Next(items.Length)];

        public void Fill(Span<byte> destination)
        {
            for (int i = 0; i < destination.Length; i++)
            {
                destination[i] = (byte)NextUInt64();
            }
        }

        /// <summary>Mixes a seed and an index into a new seed (for per-input generators).</summary>
        public static ulong Mix(ulong seed, ulong index)
        {
            var mixer = new FuzzRandom(seed ^ (index * 0xD1B54A32D192ED03UL));
            return mixer.NextUInt64();
        }
    }
}
