using System;
using System.Runtime.InteropServices;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>
    /// Native memory between two pages that cannot be read (Linux: mmap, then mprotect(PROT_NONE) on the first and
    /// the last page). An input placed with <see cref="Place"/> ends exactly at the last page, or starts exactly
    /// after the first one, so a reader that reads one byte past the length it was given, or before the start,
    /// crashes the process instead of going unseen. Elsewhere (or if mmap fails) it is plain native memory.
    /// </summary>
    internal sealed unsafe class GuardedBuffer : IDisposable
    {
        private const int ProtNone = 0;
        private const int ProtRead = 1;
        private const int ProtWrite = 2;
        private const int MapPrivate = 0x02;
        private const int MapAnonymous = 0x20;
        private const int PageSize = 1 << 16; // a multiple of every page size in use (4 KiB, 16 KiB, 64 KiB)

        private readonly byte* _region;
        private readonly nuint _regionSize;
        private readonly bool _mapped;

        public GuardedBuffer(int capacity)
        {
            Capacity = (capacity + PageSize - 1) / PageSize * PageSize;
            _regionSize = (nuint)(Capacity + 2 * PageSize);
            if (OperatingSystem.IsLinux())
            {
                try
                {
                    IntPtr region = Mmap(IntPtr.Zero, _regionSize, ProtRead | ProtWrite, MapPrivate | MapAnonymous, -1, 0);
                    if (region != new IntPtr(-1) && Mprotect(region, PageSize, ProtNone) == 0
                        && Mprotect(region + PageSize + Capacity, PageSize, ProtNone) == 0)
                    {
                        _region = (byte*)region;
                        _mapped = true;
                        IsGuarded = true;
                        return;
                    }
                }
                catch (DllNotFoundException)
                {
                }
                catch (EntryPointNotFoundException)
                {
                }
            }

            _region = (byte*)NativeMemory.Alloc(_regionSize);
        }

        /// <summary>The longest input <see cref="Place"/> takes.</summary>
        public int Capacity { get; }

        /// <summary>Whether the page after the input really is unreadable.</summary>
        public bool IsGuarded { get; }

        /// <summary>
        /// Copies <paramref name="input"/> so that it ends at the guard page after it (or, with
        /// <paramref name="atStart"/>, starts right after the guard page before it); returns its first byte.
        /// </summary>
        public byte* Place(ReadOnlySpan<byte> input, bool atStart = false)
        {
            if (input.Length > Capacity)
            {
                throw new ArgumentException($"The input is longer than the guarded buffer ({Capacity} bytes).", nameof(input));
            }

            byte* start = _region + PageSize + (atStart ? 0 : Capacity - input.Length);
            input.CopyTo(new Span<byte>(start, input.Length));
            return start;
        }

        public void Dispose()
        {
            if (_mapped)
            {
                Munmap((IntPtr)_region, _regionSize);
            }
            else
            {
                NativeMemory.Free(_region);
            }
        }

        [DllImport("libc.so.6", EntryPoint = "mmap")]
        private static extern IntPtr Mmap(IntPtr address, nuint length, int protection, int flags, int fd, nint offset);

        [DllImport("libc.so.6", EntryPoint = "mprotect")]
        private static extern int Mprotect(IntPtr address, nuint length, int protection);

        [DllImport("libc.so.6", EntryPoint = "munmap")]
        private static extern int Munmap(IntPtr address, nuint length);
    }
}
