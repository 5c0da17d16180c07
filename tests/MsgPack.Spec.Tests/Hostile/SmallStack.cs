using System;
using System.Threading;

namespace MsgPack.Spec.Tests.Hostile
{
    /// <summary>
    /// Runs checks on a thread with a 256 KiB stack, a quarter of the smallest default (1 MiB): code that recurses, or
    /// nests exception dispatch, once per level of the input overflows it within a few thousand levels, and a stack
    /// overflow ends the test process, so a deep input proves the walk flat. Shared by the library's tests and the
    /// Tarantool sample's (linked into its test project).
    /// </summary>
    internal static class SmallStack
    {
        /// <summary>The stack size of the thread, in bytes.</summary>
        public const int Size = 256 * 1024;

        /// <summary>Runs <paramref name="checks"/> on the small stack and rethrows their failure, if any, on the caller's thread.</summary>
        public static void Run(Action checks)
        {
            Exception? failure = null;
            var thread = new Thread(
                () =>
                {
                    try
                    {
                        checks();
                    }
                    catch (Exception e)
                    {
                        failure = e;
                    }
                },
                Size);
            thread.Start();
            thread.Join();
            if (failure != null)
            {
                throw new Xunit.Sdk.XunitException($"On a {Size / 1024} KiB stack: " + failure);
            }
        }
    }
}
