using System;

namespace MsgPack.Spec.Dump
{
    /// <summary>The entry point: see <see cref="DumpCommand.Usage"/>.</summary>
    public static class Program
    {
        /// <summary>Runs <see cref="DumpCommand"/> over the console.</summary>
        /// <param name="args">The command line.</param>
        /// <returns>The exit code.</returns>
        public static int Main(string[] args)
        {
            using var input = Console.OpenStandardInput();
            return DumpCommand.Run(args, input, Console.Out, Console.Error);
        }
    }
}
