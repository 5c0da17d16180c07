using System;
using System.IO;
using System.Reflection;
using System.Runtime.InteropServices;

namespace MsgPack.Spec.Differential
{
    /// <summary>
    /// The entry points of libmsgpack_native.so used here (see native/include/msgpack_native.h). The library is
    /// looked for next to the tests (copied there at build time), then in native/build of the repository.
    /// </summary>
    internal static unsafe class Native
    {
        private const string Library = "msgpack_native";
        private const string FileName = "libmsgpack_native.so";

        /// <summary>The newest entry point this project needs: a library without it was built before these tests.</summary>
        private const string NewestExport = "mpn_msgpuck_encode_values";

        private static readonly Lazy<(IntPtr Handle, string Problem)> Loaded = new Lazy<(IntPtr, string)>(Load);

        static Native() => NativeLibrary.SetDllImportResolver(typeof(Native).Assembly, Resolve);

        /// <summary>Where the library was loaded from.</summary>
        public static string? LoadedFrom { get; private set; }

        /// <summary>
        /// What a test that calls the library needs when it is missing or stale (without <see cref="NewestExport"/>), and
        /// the command that builds it; null when it loads. <see cref="NativeFactAttribute"/> skips the test by it unless
        /// <c>CI</c> is set.
        /// </summary>
        public static string? Missing => Loaded.Value.Handle == IntPtr.Zero
            ? $"needs native/build/{FileName}: run ./build.sh native"
            : null;

        /// <summary>Fails the calling test (not a skip) when the native library is missing or stale.</summary>
        public static void Require()
        {
            (IntPtr handle, string problem) = Loaded.Value;
            if (handle == IntPtr.Zero)
            {
                throw new InvalidOperationException(problem);
            }
        }

        private static IntPtr Resolve(string name, Assembly assembly, DllImportSearchPath? searchPath) =>
            name == Library ? Loaded.Value.Handle : IntPtr.Zero;

        private static (IntPtr, string) Load()
        {
            string tried = string.Empty;
            foreach (string candidate in Candidates())
            {
                tried += "\n  " + candidate;
                if (!File.Exists(candidate))
                {
                    tried += " (missing)";
                    continue;
                }

                if (!NativeLibrary.TryLoad(candidate, out IntPtr handle))
                {
                    tried += " (does not load)";
                    continue;
                }

                if (!NativeLibrary.TryGetExport(handle, NewestExport, out _))
                {
                    tried += $" (stale: no {NewestExport})";
                    continue;
                }

                LoadedFrom = candidate;
                return (handle, string.Empty);
            }

            return (IntPtr.Zero,
                $"{FileName} (with {NewestExport}) was not found: run ./build.sh native, which builds native/build/{FileName}, " +
                $"then rebuild these tests. Looked in:{tried}");
        }

        private static System.Collections.Generic.IEnumerable<string> Candidates()
        {
            yield return Path.Combine(AppContext.BaseDirectory, FileName);
            for (DirectoryInfo? dir = new DirectoryInfo(AppContext.BaseDirectory); dir != null; dir = dir.Parent)
            {
                string inRepository = Path.Combine(dir.FullName, "native", "build", FileName);
                if (File.Exists(Path.Combine(dir.FullName, "native", "build-native.sh")))
                {
                    yield return inRepository;
                    yield break;
                }
            }
        }

        // ---- Validation (msgpuck 1.0.3).

        /// <summary>mp_check over one value: 0 valid (*consumed = its size), 1 invalid or truncated, -2 bad arguments (len 0).</summary>
        [DllImport(Library)]
        public static extern int mpn_msgpuck_check(byte* data, long length, long* consumed);

        [DllImport(Library)]
        public static extern IntPtr mpn_versions();

        // ---- Encoders: return the bytes written or a negative error.

        [DllImport(Library)]
        public static extern long mpn_msgpuck_encode_int64_array(long* values, int count, byte* destination, long capacity);

        [DllImport(Library)]
        public static extern long mpn_cxx_encode_int64_array(long* values, int count, byte* destination, long capacity);

        [DllImport(Library)]
        public static extern long mpn_msgpuck_encode_uint64_array(ulong* values, int count, byte* destination, long capacity);

        [DllImport(Library)]
        public static extern long mpn_cxx_encode_uint64_array(ulong* values, int count, byte* destination, long capacity);

        [DllImport(Library)]
        public static extern long mpn_msgpuck_encode_float64_array(double* values, int count, byte* destination, long capacity);

        [DllImport(Library)]
        public static extern long mpn_cxx_encode_float64_array(double* values, int count, byte* destination, long capacity);

        [DllImport(Library)]
        public static extern long mpn_msgpuck_encode_string_array(byte** pointers, int* lengths, int count, byte* destination, long capacity);

        [DllImport(Library)]
        public static extern long mpn_cxx_encode_string_array(byte** pointers, int* lengths, int count, byte* destination, long capacity);

        [DllImport(Library)]
        public static extern long mpn_msgpuck_encode_values(byte* kinds, ulong* words, byte** pointers, int count, byte* destination, long capacity);

        [DllImport(Library)]
        public static extern long mpn_cxx_encode_values(byte* kinds, ulong* words, byte** pointers, int count, byte* destination, long capacity);

        /// <summary>The kinds of mpn_*_encode_values (MPN_V_* in msgpack_native.h).</summary>
        public enum Kind : byte
        {
            Nil = 0,
            Boolean = 1,
            UInt = 2,
            Int = 3,
            Float32 = 4,
            Float64 = 5,
            Str = 6,
            Bin = 7,
            Array = 8,
            Map = 9,
        }

        public static string Versions()
        {
            Require();
            return Marshal.PtrToStringAnsi(mpn_versions()) ?? "(unknown)";
        }
    }
}
