using System;
using System.IO;

namespace MsgPack.Spec.Tests
{
    /// <summary>Where the repository is, for tests that read its files (the corpus, the README).</summary>
    internal static class Repository
    {
        public static string Root()
        {
            for (DirectoryInfo? directory = new DirectoryInfo(AppContext.BaseDirectory); directory != null; directory = directory.Parent)
            {
                if (File.Exists(Path.Combine(directory.FullName, "README.md")) && Directory.Exists(Path.Combine(directory.FullName, "tests")))
                {
                    return directory.FullName;
                }
            }

            throw new DirectoryNotFoundException($"No README.md above {AppContext.BaseDirectory}.");
        }
    }
}
