using System;
using System.Reflection;
using System.Runtime.Versioning;
using Xunit;

namespace MsgPack.Spec.Tests
{
    public class BuildFlavorTests
    {
        [Fact]
        public void TheTestsRunAgainstTheIntendedBuildOfTheLibrary()
        {
            string? framework = typeof(MsgPackSpec).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName;
#if LIBRARY_NETSTANDARD
            Assert.Equal(".NETStandard,Version=v2.0", framework);
#elif LIBRARY_NET8
            Assert.Equal(".NETCoreApp,Version=v8.0", framework);
#else
            Assert.Equal(".NETCoreApp,Version=v10.0", framework);
#endif
        }

#if LIBRARY_NET8
        [Fact]
        public void TheNet8BuildRunsOnANet8Runtime()
        {
            // The self-contained test host carries the .NET 8 runtime pack: the net8.0 build runs where its users run it.
            Assert.Equal(8, Environment.Version.Major);
        }
#endif
    }
}
