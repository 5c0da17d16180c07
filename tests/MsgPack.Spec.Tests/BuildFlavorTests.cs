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
#else
            Assert.Equal(".NETCoreApp,Version=v10.0", framework);
#endif
        }
    }
}
