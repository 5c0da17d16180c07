using System;
using System.Buffers;
using System.Runtime.InteropServices;
using Xunit;

namespace MsgPack.Spec.Tests.Contracts
{
    /// <summary>
    /// "Pointer readers take the number of readable bytes and never read past it": every input is placed at the very
    /// end of a readable page followed by a page that cannot be read, so a reader that looks one byte too far crashes
    /// the test run instead of passing.
    /// </summary>
    public unsafe class BoundsContractTests
    {
        [Theory]
        [MemberData(nameof(Readers))]
        public void NoReaderLooksPastTheEndOfItsInput(string name)
        {
            ReaderCase reader = ReaderCatalog.Get(name);
            using var memory = new GuardedPage();
            int inputs = 0;
            foreach (string encoding in reader.Valid)
            {
                byte[] value = ReaderCatalog.Parse(encoding, out _);
                for (int cut = 0; cut <= value.Length; cut++)
                {
                    CheckAtTheEdge(reader, memory, value.AsSpan(0, cut).ToArray());
                    inputs++;
                }
            }

            // The first bytes of every family, alone and with one more byte.
            for (int code = 0; code <= 0xff; code++)
            {
                CheckAtTheEdge(reader, memory, new[] { (byte)code });
                CheckAtTheEdge(reader, memory, new[] { (byte)code, (byte)0xff });
                inputs += 2;
            }

            var random = new Random(7);
            for (int i = 0; i < 2000; i++)
            {
                byte[] input = new byte[random.Next(0, 10)];
                random.NextBytes(input);
                CheckAtTheEdge(reader, memory, input);
                inputs++;
            }

            Assert.True(inputs > 2500);
        }

        public static TheoryData<string> Readers => ReaderCatalog.Names;

        /// <summary>Reads <paramref name="input"/> at the end of the page, and checks the result is the one it has anywhere else.</summary>
        private static void CheckAtTheEdge(ReaderCase reader, GuardedPage memory, byte[] input)
        {
            OperationStatus expected = reader.TryRead(input, out string expectedValue, out int expectedCount);
            byte* start = memory.PlaceAtEnd(input);
            OperationStatus viaPointer = reader.TryReadAt(start, input.Length, out string pointerValue, out int pointerCount);
            OperationStatus viaSpan = reader.TryRead(new ReadOnlySpan<byte>(start, input.Length), out string spanValue, out int spanCount);
            if (viaPointer != expected || viaSpan != expected || pointerCount != expectedCount || spanCount != expectedCount
                || pointerValue != expectedValue || spanValue != expectedValue)
            {
                ReaderProbe.Fail(input, reader.Name, $"at a page end: pointer {viaPointer}/{pointerCount}, span {viaSpan}/{spanCount}; elsewhere {expected}/{expectedCount}");
            }

            string? pointerThrew = null;
            string? spanThrew = null;
            try
            {
                reader.ReadAt(start, input.Length, out _);
            }
            catch (MsgPackException e)
            {
                pointerThrew = e.GetType().Name;
            }

            try
            {
                reader.Read(new ReadOnlySpan<byte>(start, input.Length), out _);
            }
            catch (MsgPackException e)
            {
                spanThrew = e.GetType().Name;
            }

            if ((pointerThrew is null) != (expected == OperationStatus.Done) || pointerThrew != spanThrew)
            {
                ReaderProbe.Fail(input, reader.Name, $"at a page end pointer Read threw {pointerThrew ?? "nothing"}, span Read {spanThrew ?? "nothing"}, TryRead returned {expected}");
            }
        }

        /// <summary>A readable page followed by a page that cannot be read or written.</summary>
        private sealed class GuardedPage : IDisposable
        {
            private const int ProtNone = 0;
            private const int ProtReadWrite = 3;
            private const int MapPrivate = 0x02;
            private const uint MemCommitReserve = 0x3000;
            private const uint MemRelease = 0x8000;
            private const uint PageReadWrite = 0x04;
            private const uint PageNoAccess = 0x01;

            private readonly byte* _base;
            private readonly int _pageSize;

            public GuardedPage()
            {
                _pageSize = Environment.SystemPageSize;
                nuint size = (nuint)(2 * _pageSize);
                if (OperatingSystem.IsWindows())
                {
                    _base = (byte*)VirtualAlloc(IntPtr.Zero, size, MemCommitReserve, PageReadWrite);
                    Assert.True(_base != null, "VirtualAlloc failed");
                    Assert.True(VirtualProtect((IntPtr)(_base + _pageSize), (nuint)_pageSize, PageNoAccess, out _), "VirtualProtect failed");
                }
                else
                {
                    int mapAnonymous = OperatingSystem.IsMacOS() || OperatingSystem.IsFreeBSD() ? 0x1000 : 0x20;
                    IntPtr mapped = mmap(IntPtr.Zero, size, ProtReadWrite, MapPrivate | mapAnonymous, -1, IntPtr.Zero);
                    Assert.True(mapped != new IntPtr(-1) && mapped != IntPtr.Zero, "mmap failed");
                    _base = (byte*)mapped;
                    Assert.Equal(0, mprotect((IntPtr)(_base + _pageSize), (nuint)_pageSize, ProtNone));
                }
            }

            /// <summary>Copies <paramref name="input"/> so that its last byte is the last readable byte.</summary>
            public byte* PlaceAtEnd(byte[] input)
            {
                Assert.True(input.Length <= _pageSize);
                byte* start = _base + _pageSize - input.Length;
                new Span<byte>(_base, _pageSize).Fill(0xc1);
                input.AsSpan().CopyTo(new Span<byte>(start, input.Length));
                return start;
            }

            public void Dispose()
            {
                if (OperatingSystem.IsWindows())
                {
                    VirtualFree((IntPtr)_base, 0, MemRelease);
                }
                else
                {
                    munmap((IntPtr)_base, (nuint)(2 * _pageSize));
                }
            }

            [DllImport("libc", SetLastError = true)]
            private static extern IntPtr mmap(IntPtr address, nuint length, int protection, int flags, int fd, IntPtr offset);

            [DllImport("libc", SetLastError = true)]
            private static extern int mprotect(IntPtr address, nuint length, int protection);

            [DllImport("libc", SetLastError = true)]
            private static extern int munmap(IntPtr address, nuint length);

            [DllImport("kernel32", SetLastError = true)]
            private static extern IntPtr VirtualAlloc(IntPtr address, nuint size, uint allocationType, uint protection);

            [DllImport("kernel32", SetLastError = true)]
            [return: MarshalAs(UnmanagedType.Bool)]
            private static extern bool VirtualProtect(IntPtr address, nuint size, uint newProtection, out uint oldProtection);

            [DllImport("kernel32", SetLastError = true)]
            [return: MarshalAs(UnmanagedType.Bool)]
            private static extern bool VirtualFree(IntPtr address, nuint size, uint freeType);
        }
    }
}
