using System;
using System.IO;
using System.Reflection;
using System.Runtime.Loader;

namespace MsgPack.Spec.AB
{
    /// <summary>
    /// One build of the library and of the benchmark suite's models, loaded from the suite's output directory into an
    /// AssemblyLoadContext of its own, so that two builds of the same assemblies (same names, same versions) live side
    /// by side in one process.
    /// </summary>
    /// <remarks>
    /// The suite's deps.json says where each of its dependencies is (AssemblyDependencyResolver reads it): the library,
    /// the peers' packages its models are annotated for (their attributes and MemoryPack's generated registration load
    /// them). What it does not list, the framework, comes from the default context, shared by every build, as it is in
    /// an application.
    /// </remarks>
    internal sealed class BuildContext : AssemblyLoadContext
    {
        private readonly AssemblyDependencyResolver _resolver;

        private BuildContext(string label, string modelsPath)
            : base("ab:" + label, isCollectible: false)
        {
            _resolver = new AssemblyDependencyResolver(modelsPath);
        }

        /// <summary>The build's name in the report (pre, post, pre again).</summary>
        public string Label => Name!.Substring(3);

        /// <summary>The suite's assembly: the models and their generated serializers.</summary>
        public Assembly Models { get; private set; } = null!;

        /// <summary>The library's assembly this build's models call.</summary>
        public Assembly Library { get; private set; } = null!;

        /// <summary>Loads the suite (MsgPack.Spec.Benchmarks.dll) of <paramref name="directory"/> into a new context.</summary>
        public static BuildContext Load(string label, string directory)
        {
            string modelsPath = Path.GetFullPath(Path.Combine(directory, "MsgPack.Spec.Benchmarks.dll"));
            if (!File.Exists(modelsPath))
            {
                throw new FileNotFoundException($"{label}: no MsgPack.Spec.Benchmarks.dll in {directory} (build benchmarks/MsgPack.Spec.Benchmarks -c Release there)", modelsPath);
            }

            var context = new BuildContext(label, modelsPath);
            context.Models = context.LoadFromAssemblyPath(modelsPath);
            context.Library = context.LoadFromAssemblyName(new AssemblyName("MsgPack.Spec"));
            if (AssemblyLoadContext.GetLoadContext(context.Library) != context)
            {
                throw new InvalidOperationException($"{label}: MsgPack.Spec was not loaded from {directory}");
            }

            return context;
        }

        /// <summary>A type of the suite's serializer models, by its name.</summary>
        public Type Model(string name) =>
            Models.GetType("MsgPack.Spec.Benchmarks.Serializers." + name, throwOnError: true)!;

        protected override Assembly? Load(AssemblyName assemblyName)
        {
            string? path = _resolver.ResolveAssemblyToPath(assemblyName);
            return path is null ? null : LoadFromAssemblyPath(path);
        }

        protected override IntPtr LoadUnmanagedDll(string unmanagedDllName)
        {
            string? path = _resolver.ResolveUnmanagedDllToPath(unmanagedDllName);
            return path is null ? IntPtr.Zero : LoadUnmanagedDllFromPath(path);
        }
    }
}
