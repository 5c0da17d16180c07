using System;
using System.Runtime.InteropServices;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// The entry points of libmsgpack_native.so (native/include/msgpack_native.h) that the suite calls. Every
    /// signature is blittable (pointers, int, long, uint, ulong, double), so the runtime needs no marshalling stub:
    /// a call costs the GC transition (preemptive mode and back) and an indirect call, which <see cref="mpn_empty"/>
    /// measures. Each entry point processes a whole workload, so that cost is paid once per benchmark invocation.
    /// The entry points of the workloads whose classes share their native rows (<see cref="NativeEncodeBase{T, TNative}"/>,
    /// <see cref="NativeDecodeBase{TSum, TNative}"/>) are declared in a struct per workload, below this class
    /// (<see cref="SeedNatives"/>, <see cref="Int64Natives"/>, <see cref="Float64Natives"/>, <see cref="BinaryNatives"/>,
    /// <see cref="StringNatives"/>): the same imports, named by library, which the generic rows call directly.
    /// </summary>
    /// <remarks>
    /// Naming: mpn_&lt;lib&gt;_&lt;op&gt;_&lt;workload&gt;, lib = msgpuck (writes into the caller's buffer), msgpackc (msgpack-c C API,
    /// packer with a write callback into the caller's buffer), msgpackc_sbuffer (a fresh msgpack_sbuffer per call,
    /// then memcpy), cxx (msgpack-cxx packer over a fixed-buffer stream), cxx_sbuffer (a fresh msgpack::sbuffer per
    /// call, then memcpy), cxx_visitor (msgpack::parse with a visitor, decoders only). Encoders return the bytes
    /// written or a negative error; decoders return a checksum and report the element count and the bytes consumed
    /// (negative error) through the two out pointers, which may be null.
    /// </remarks>
    internal static unsafe class Native
    {
        internal const string Library = "msgpack_native";

        // ---- misc / P/Invoke overhead ---------------------------------------------------------------------------

        [DllImport(Library)]
        internal static extern void mpn_empty();

        /// <summary><see cref="mpn_empty"/> without the GC transition: the call stays in cooperative mode.</summary>
        [DllImport(Library, EntryPoint = "mpn_empty")]
        [SuppressGCTransition]
        internal static extern void mpn_empty_no_gc_transition();

        [DllImport(Library)]
        internal static extern long mpn_empty_args(byte* data, long len);

        [DllImport(Library)]
        internal static extern int mpn_abi_version();

        [DllImport(Library)]
        internal static extern IntPtr mpn_versions();

        // ---- strings (an array of str values): the encoders (the decoders are StringNatives, below) --------------

        [DllImport(Library)] internal static extern long mpn_msgpuck_encode_string_array(byte** ptrs, int* lens, int count, byte* dst, long capacity);
        [DllImport(Library)] internal static extern long mpn_msgpackc_encode_string_array(byte** ptrs, int* lens, int count, byte* dst, long capacity);
        [DllImport(Library)] internal static extern long mpn_msgpackc_sbuffer_encode_string_array(byte** ptrs, int* lens, int count, byte* dst, long capacity);
        [DllImport(Library)] internal static extern long mpn_cxx_encode_string_array(byte** ptrs, int* lens, int count, byte* dst, long capacity);
        [DllImport(Library)] internal static extern long mpn_cxx_sbuffer_encode_string_array(byte** ptrs, int* lens, int count, byte* dst, long capacity);

        // ---- one large string ---------------------------------------------------------------------------------

        [DllImport(Library)] internal static extern long mpn_msgpuck_encode_string(byte* str, int len, byte* dst, long capacity);
        [DllImport(Library)] internal static extern long mpn_cxx_encode_string(byte* str, int len, byte* dst, long capacity);

        // ---- bulk arrays: msgpuck's per-value loop between a C array and MessagePack (count, or a negative MPN_E_* code);
        // the int64 and float64 encoders are Int64Natives.Msgpuck and Float64Natives.Msgpuck, below ----------------
        [DllImport(Library)] internal static extern long mpn_msgpuck_encode_int32_array(int* values, int count, byte* dst, long capacity);
        [DllImport(Library)] internal static extern long mpn_msgpuck_decode_int32_array_into(byte* data, long len, int* output, long outputCapacity, long* consumed);
        [DllImport(Library)] internal static extern long mpn_msgpuck_decode_float64_array_into(byte* data, long len, double* output, long outputCapacity, long* consumed);

        // ---- the Tarantool request ----------------------------------------------------------------------------

        [DllImport(Library)] internal static extern long mpn_msgpuck_encode_tarantool(uint type, ulong sync, uint spaceId, long key, byte* dst, long capacity);
        [DllImport(Library)] internal static extern long mpn_msgpackc_encode_tarantool(uint type, ulong sync, uint spaceId, long key, byte* dst, long capacity);
        [DllImport(Library)] internal static extern long mpn_msgpackc_sbuffer_encode_tarantool(uint type, ulong sync, uint spaceId, long key, byte* dst, long capacity);
        [DllImport(Library)] internal static extern long mpn_cxx_encode_tarantool(uint type, ulong sync, uint spaceId, long key, byte* dst, long capacity);
        [DllImport(Library)] internal static extern long mpn_cxx_sbuffer_encode_tarantool(uint type, ulong sync, uint spaceId, long key, byte* dst, long capacity);

        // ---- skip / validate (msgpuck only) --------------------------------------------------------------------

        /// <summary>mp_next: the size of one value, unvalidated (trusted input).</summary>
        [DllImport(Library)] internal static extern long mpn_msgpuck_next(byte* data, long len);

        /// <summary>mp_check: 0 when one whole value is valid and within len (size in *outConsumed), 1 otherwise.</summary>
        [DllImport(Library)] internal static extern int mpn_msgpuck_check(byte* data, long len, long* outConsumed);

        // ---- walk (msgpuck only) -------------------------------------------------------------------------------

        /// <summary>Visits every value of one document (mp_typeof + mp_decode_*, iterative, bounds-checked) and folds
        /// them into the checksum of <see cref="WalkDocument"/>: the document's size, or a negative error (checksum 0).</summary>
        [DllImport(Library)] internal static extern long mpn_msgpuck_walk(byte* data, long len, long* outChecksum);

        /// <summary>The versions of the native libraries, e.g. "msgpuck 1.0.3-1.1+b1; msgpack-c 4.0.0; msgpack-cxx 4.1.3".</summary>
        internal static string Versions() => Marshal.PtrToStringAnsi(mpn_versions()) ?? "unknown";

        /// <summary>Loads the library once, with an error that says how to build it when it is missing.</summary>
        internal static void EnsureLoaded()
        {
            try
            {
                if (mpn_abi_version() != 1)
                {
                    throw new InvalidOperationException($"libmsgpack_native.so has ABI version {mpn_abi_version()}, expected 1; rebuild it with ./build.sh native.");
                }
            }
            catch (DllNotFoundException e)
            {
                throw new InvalidOperationException(
                    "libmsgpack_native.so was not found next to the benchmark assembly: run ./build.sh native (or native/build-native.sh), then rebuild the benchmarks.", e);
            }
        }
    }

    /// <summary>The native encoders of a workload whose input is an array of <typeparamref name="T"/>: msgpuck's, the
    /// baseline of every such class (<see cref="ArrayEncodeBase{T, TNative}"/>).</summary>
    /// <typeparam name="T">The element type.</typeparam>
    public unsafe interface IMsgpuckEncoder<T>
        where T : unmanaged
    {
        static abstract long Msgpuck(T* values, int count, byte* destination, long capacity);
    }

    /// <summary>msgpuck's encoder and those of msgpack-c and msgpack-cxx (<see cref="NativeEncodeBase{T, TNative}"/>).</summary>
    /// <typeparam name="T">The element type.</typeparam>
    public unsafe interface INativeEncoders<T> : IMsgpuckEncoder<T>
        where T : unmanaged
    {
        static abstract long MsgpackC(T* values, int count, byte* destination, long capacity);

        static abstract long MsgpackCSbuffer(T* values, int count, byte* destination, long capacity);

        static abstract long MsgpackCxx(T* values, int count, byte* destination, long capacity);

        static abstract long MsgpackCxxSbuffer(T* values, int count, byte* destination, long capacity);
    }

    /// <summary>The native decoders of a workload (<see cref="NativeDecodeBase{TSum, TNative}"/>): each returns the
    /// workload's checksum, and reports the element count and the bytes consumed through the pointers (which may be null).</summary>
    /// <typeparam name="TSum">The checksum's type.</typeparam>
    public unsafe interface INativeDecoders<TSum>
    {
        static abstract TSum Msgpuck(byte* data, long length, long* count, long* consumed);

        static abstract TSum MsgpackC(byte* data, long length, long* count, long* consumed);

        static abstract TSum MsgpackCxx(byte* data, long length, long* count, long* consumed);

        static abstract TSum MsgpackCxxVisitor(byte* data, long length, long* count, long* consumed);
    }

    /// <summary>The seed's entry points (an array 16 header and int32 values).</summary>
    public readonly unsafe struct SeedNatives : INativeEncoders<int>, INativeDecoders<long>
    {
        [DllImport(Native.Library, EntryPoint = "mpn_msgpuck_encode_seed")] public static extern long Msgpuck(int* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_msgpackc_encode_seed")] public static extern long MsgpackC(int* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_msgpackc_sbuffer_encode_seed")] public static extern long MsgpackCSbuffer(int* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_encode_seed")] public static extern long MsgpackCxx(int* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_sbuffer_encode_seed")] public static extern long MsgpackCxxSbuffer(int* values, int count, byte* destination, long capacity);

        [DllImport(Native.Library, EntryPoint = "mpn_msgpuck_decode_seed")] public static extern long Msgpuck(byte* data, long length, long* count, long* consumed);
        [DllImport(Native.Library, EntryPoint = "mpn_msgpackc_decode_seed")] public static extern long MsgpackC(byte* data, long length, long* count, long* consumed);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_decode_seed")] public static extern long MsgpackCxx(byte* data, long length, long* count, long* consumed);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_visitor_decode_seed")] public static extern long MsgpackCxxVisitor(byte* data, long length, long* count, long* consumed);
    }

    /// <summary>The int64 array's entry points (integers of every width).</summary>
    public readonly unsafe struct Int64Natives : INativeEncoders<long>, INativeDecoders<long>
    {
        [DllImport(Native.Library, EntryPoint = "mpn_msgpuck_encode_int64_array")] public static extern long Msgpuck(long* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_msgpackc_encode_int64_array")] public static extern long MsgpackC(long* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_msgpackc_sbuffer_encode_int64_array")] public static extern long MsgpackCSbuffer(long* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_encode_int64_array")] public static extern long MsgpackCxx(long* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_sbuffer_encode_int64_array")] public static extern long MsgpackCxxSbuffer(long* values, int count, byte* destination, long capacity);

        [DllImport(Native.Library, EntryPoint = "mpn_msgpuck_decode_int64_array")] public static extern long Msgpuck(byte* data, long length, long* count, long* consumed);
        [DllImport(Native.Library, EntryPoint = "mpn_msgpackc_decode_int64_array")] public static extern long MsgpackC(byte* data, long length, long* count, long* consumed);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_decode_int64_array")] public static extern long MsgpackCxx(byte* data, long length, long* count, long* consumed);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_visitor_decode_int64_array")] public static extern long MsgpackCxxVisitor(byte* data, long length, long* count, long* consumed);
    }

    /// <summary>The float64 array's entry points (the decoders return the sum of the values).</summary>
    public readonly unsafe struct Float64Natives : INativeEncoders<double>, INativeDecoders<double>
    {
        [DllImport(Native.Library, EntryPoint = "mpn_msgpuck_encode_float64_array")] public static extern long Msgpuck(double* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_msgpackc_encode_float64_array")] public static extern long MsgpackC(double* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_msgpackc_sbuffer_encode_float64_array")] public static extern long MsgpackCSbuffer(double* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_encode_float64_array")] public static extern long MsgpackCxx(double* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_sbuffer_encode_float64_array")] public static extern long MsgpackCxxSbuffer(double* values, int count, byte* destination, long capacity);

        [DllImport(Native.Library, EntryPoint = "mpn_msgpuck_decode_float64_array")] public static extern double Msgpuck(byte* data, long length, long* count, long* consumed);
        [DllImport(Native.Library, EntryPoint = "mpn_msgpackc_decode_float64_array")] public static extern double MsgpackC(byte* data, long length, long* count, long* consumed);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_decode_float64_array")] public static extern double MsgpackCxx(byte* data, long length, long* count, long* consumed);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_visitor_decode_float64_array")] public static extern double MsgpackCxxVisitor(byte* data, long length, long* count, long* consumed);
    }

    /// <summary>The binary payload's entry points (one bin value; the decoders return the payload length).</summary>
    public readonly unsafe struct BinaryNatives : INativeEncoders<byte>, INativeDecoders<long>
    {
        [DllImport(Native.Library, EntryPoint = "mpn_msgpuck_encode_bin")] public static extern long Msgpuck(byte* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_msgpackc_encode_bin")] public static extern long MsgpackC(byte* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_msgpackc_sbuffer_encode_bin")] public static extern long MsgpackCSbuffer(byte* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_encode_bin")] public static extern long MsgpackCxx(byte* values, int count, byte* destination, long capacity);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_sbuffer_encode_bin")] public static extern long MsgpackCxxSbuffer(byte* values, int count, byte* destination, long capacity);

        [DllImport(Native.Library, EntryPoint = "mpn_msgpuck_decode_bin")] public static extern long Msgpuck(byte* data, long length, long* count, long* consumed);
        [DllImport(Native.Library, EntryPoint = "mpn_msgpackc_decode_bin")] public static extern long MsgpackC(byte* data, long length, long* count, long* consumed);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_decode_bin")] public static extern long MsgpackCxx(byte* data, long length, long* count, long* consumed);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_visitor_decode_bin")] public static extern long MsgpackCxxVisitor(byte* data, long length, long* count, long* consumed);
    }

    /// <summary>The string array's decoders (the checksum is the sum of the UTF-8 lengths); its encoders take a
    /// pointer and a length per string (<see cref="StringEncode"/> calls them).</summary>
    public readonly unsafe struct StringNatives : INativeDecoders<long>
    {
        [DllImport(Native.Library, EntryPoint = "mpn_msgpuck_decode_string_array")] public static extern long Msgpuck(byte* data, long length, long* count, long* consumed);
        [DllImport(Native.Library, EntryPoint = "mpn_msgpackc_decode_string_array")] public static extern long MsgpackC(byte* data, long length, long* count, long* consumed);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_decode_string_array")] public static extern long MsgpackCxx(byte* data, long length, long* count, long* consumed);
        [DllImport(Native.Library, EntryPoint = "mpn_cxx_visitor_decode_string_array")] public static extern long MsgpackCxxVisitor(byte* data, long length, long* count, long* consumed);
    }
}
