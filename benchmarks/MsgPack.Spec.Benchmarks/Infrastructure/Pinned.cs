using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>Arrays on the pinned object heap: they never move, so the same memory serves the span API (as an
    /// array), the pointer API and the native calls (as a pointer taken once), with no <c>fixed</c> in the measured code.</summary>
    internal static unsafe class Pinned
    {
        internal static T[] Array<T>(int length)
            where T : unmanaged => GC.AllocateArray<T>(length, pinned: true);

        internal static T[] Copy<T>(ReadOnlySpan<T> source)
            where T : unmanaged
        {
            T[] array = Array<T>(source.Length);
            source.CopyTo(array);
            return array;
        }

        /// <summary>The address of the first element of a pinned array (valid for the array's lifetime).</summary>
        internal static T* Address<T>(T[] pinnedArray)
            where T : unmanaged => (T*)Unsafe.AsPointer(ref MemoryMarshal.GetArrayDataReference(pinnedArray));
    }
}
