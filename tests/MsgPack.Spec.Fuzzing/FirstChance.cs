using System;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>
    /// The exceptions thrown on this thread, as the runtime sees them first (<see cref="AppDomain.FirstChanceException"/>):
    /// every throw counts, caught or not, a rethrow too. Per thread, so that tests and fuzzer threads running beside each
    /// other do not count each other's. The status path's tests use it to show that nothing is thrown inside a read.
    /// </summary>
    public static class FirstChance
    {
        [ThreadStatic]
        private static int t_count;

        static FirstChance() => AppDomain.CurrentDomain.FirstChanceException += (_, _) => t_count++;

        /// <summary>The exceptions thrown on this thread since the first use of this class.</summary>
        public static int Count => t_count;

        /// <summary>The exceptions <paramref name="action"/> threw (and caught, or let out) on this thread.</summary>
        /// <param name="action">What to run.</param>
        /// <returns>The count.</returns>
        public static int During(Action action)
        {
            int before = t_count;
            action();
            return t_count - before;
        }
    }
}
