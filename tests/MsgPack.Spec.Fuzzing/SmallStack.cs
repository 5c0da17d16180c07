using System;
using System.Runtime.ExceptionServices;
using System.Threading;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>
    /// Runs code on a thread with a 256 KiB stack, a quarter of the smallest default (1 MiB): code that recurses, or
    /// nests exception dispatch, once per level of the input overflows it within a few thousand levels, and a stack
    /// overflow ends the process, so a deep input proves the walk flat. Shared by the library's tests, the generator's,
    /// the Tarantool sample's and the fuzzers (linked into their projects).
    /// </summary>
    internal static class SmallStack
    {
        /// <summary>The stack size of the thread, in bytes.</summary>
        public const int Size = 256 * 1024;

        /// <summary>Runs <paramref name="checks"/> on the small stack; their exception, if any, is rethrown on the caller's thread as it was thrown.</summary>
        public static void Run(Action checks) => Call(() =>
        {
            checks();
            return 0;
        });

        /// <summary>Runs <paramref name="work"/> on the small stack and returns its result; its exception, if any, is rethrown on the caller's thread as it was thrown.</summary>
        public static T Call<T>(Func<T> work)
        {
            T result = default!;
            ExceptionDispatchInfo? failure = null;
            var thread = new Thread(
                () =>
                {
                    try
                    {
                        result = work();
                    }
                    catch (Exception e)
                    {
                        failure = ExceptionDispatchInfo.Capture(e);
                    }
                },
                Size);
            thread.Start();
            thread.Join();
            failure?.Throw();
            return result;
        }
    }
}
