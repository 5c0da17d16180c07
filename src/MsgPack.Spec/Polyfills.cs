#if NETSTANDARD2_0
namespace System.Diagnostics.CodeAnalysis
{
    /// <summary>Marks a method that never returns, so flow analysis treats code after a call to it as unreachable.</summary>
    /// <remarks>The attribute is public in .NET Core 3.0 and later; netstandard2.0 lacks it, and the compiler matches it by name.</remarks>
    [AttributeUsage(AttributeTargets.Method, Inherited = false)]
    internal sealed class DoesNotReturnAttribute : Attribute
    {
    }
}

namespace System.Runtime.CompilerServices
{
    /// <summary>Tells the compiler not to zero a method's locals (its stackalloc buffers included).</summary>
    /// <remarks>The attribute is public in .NET 5 and later; netstandard2.0 lacks it, and the compiler matches it by name.</remarks>
    [AttributeUsage(AttributeTargets.Module | AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Constructor | AttributeTargets.Method | AttributeTargets.Property | AttributeTargets.Event, Inherited = false)]
    internal sealed class SkipLocalsInitAttribute : Attribute
    {
    }
}
#endif
