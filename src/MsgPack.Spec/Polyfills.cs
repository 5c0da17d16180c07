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
#endif
