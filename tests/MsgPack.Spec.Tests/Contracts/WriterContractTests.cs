using System;
using Xunit;
using MsgPack.Spec.Tests.Arrays;

namespace MsgPack.Spec.Tests.Contracts
{
    /// <summary>
    /// The writing contracts of the class documentation, checked uniformly over every writer (see
    /// <see cref="WriterCatalog"/>): the bytes the specification gives, the count returned, ArgumentException when a
    /// span is too small, TryWrite* reporting the size needed, and nothing written past the value.
    /// </summary>
    public unsafe class WriterContractTests
    {
        /// <summary>The byte the destinations are filled with, so that any byte written where it should not be shows.</summary>
        private const byte Untouched = 0xaa;

        /// <summary>Extra room after the span given to a writer, which it must not write to.</summary>
        private const int Guard = 8;

        public static TheoryData<string> Writers => WriterCatalog.Names;

        [Theory]
        [MemberData(nameof(Writers))]
        public void TryWriteFailsWithTheSizeNeededWhenShortAndWritesTheSpecBytesOtherwise(string name)
        {
            WriterCase writer = WriterCatalog.Get(name);
            if (writer.TryWrite is null)
            {
                // Only the exact-form writers have no Try form; the other tests cover them.
                Assert.Null(typeof(MsgPackSpec).GetMethod("TryWrite" + Family(name)));
                return;
            }

            byte[] expected = Hex.ToBytes(writer.Expected);
            for (int room = 0; room <= expected.Length + 2; room++)
            {
                byte[] buffer = Filled(room + Guard);
                bool written = writer.TryWrite(buffer.AsSpan(0, room), out int bytesWritten);
                string where = $"{name} into {room} bytes";
                if (bytesWritten != expected.Length)
                {
                    Assert.Fail($"{where}: bytesWritten {bytesWritten}, the value needs {expected.Length}");
                }

                if (room < expected.Length)
                {
                    Assert.False(written, $"{where}: returned true");
                    AssertUntouched(buffer, 0, where);
                }
                else
                {
                    Assert.True(written, $"{where}: returned false");
                    Assert.Equal(writer.Expected, Hex.Of(buffer.AsSpan(0, expected.Length)));
                    AssertUntouched(buffer, expected.Length, where);
                }
            }
        }

        [Theory]
        [MemberData(nameof(Writers))]
        public void SpanWriteThrowsArgumentExceptionWhenShortWritingNothingAndWritesTheSpecBytesOtherwise(string name)
        {
            WriterCase writer = WriterCatalog.Get(name);
            byte[] expected = Hex.ToBytes(writer.Expected);
            for (int room = 0; room <= expected.Length + 2; room++)
            {
                byte[] buffer = Filled(room + Guard);
                string where = $"{name} into {room} bytes";
                if (room < expected.Length)
                {
                    ArgumentException thrown = Assert.ThrowsAny<ArgumentException>(() => writer.Write(buffer.AsSpan(0, room)));
                    Assert.Equal("destination", thrown.ParamName);
                    AssertUntouched(buffer, 0, where);
                }
                else
                {
                    int count = writer.Write(buffer.AsSpan(0, room));
                    Assert.True(count == expected.Length, $"{where}: returned {count}, the value takes {expected.Length}");
                    Assert.Equal(writer.Expected, Hex.Of(buffer.AsSpan(0, expected.Length)));
                    AssertUntouched(buffer, expected.Length, where);
                }
            }
        }

        [Theory]
        [MemberData(nameof(Writers))]
        public void PointerWriteWritesTheSpecBytesAndNothingAfterThem(string name)
        {
            WriterCase writer = WriterCatalog.Get(name);
            byte[] expected = Hex.ToBytes(writer.Expected);
            byte[] buffer = Filled(expected.Length + Guard);
            int count;
            fixed (byte* start = buffer)
            {
                count = writer.WriteAt(start);
            }

            Assert.Equal(expected.Length, count);
            Assert.Equal(writer.Expected, Hex.Of(buffer.AsSpan(0, expected.Length)));
            AssertUntouched(buffer, expected.Length, name);
        }

        [Fact]
        public void TheCatalogCoversEveryWriterOfTheLibrary()
        {
            // Every public Write*/TryWrite* of MsgPackSpec that takes a span or a pointer has at least one case here.
            var covered = new System.Collections.Generic.HashSet<string>();
            foreach (WriterCase writer in WriterCatalog.All)
            {
                covered.Add(Family(writer.Name));
            }

            foreach (System.Reflection.MethodInfo method in typeof(MsgPackSpec).GetMethods(System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.Static))
            {
                string family = method.Name.StartsWith("TryWrite", StringComparison.Ordinal) ? method.Name.Substring(8)
                    : method.Name.StartsWith("Write", StringComparison.Ordinal) ? method.Name.Substring(5)
                    : string.Empty;
                // The bulk array writers (WriteInt32Array...) have their own tests against the per-value writers: BulkArrayTests.
                if (family.Length > 0 && !family.EndsWith("Array", StringComparison.Ordinal))
                {
                    Assert.True(covered.Contains(family), $"no case for {method}");
                }
            }
        }

        private static string Family(string name)
        {
            int paren = name.IndexOf('(');
            return paren < 0 ? name : name.Substring(0, paren);
        }

        private static byte[] Filled(int length)
        {
            byte[] buffer = new byte[length];
            buffer.AsSpan().Fill(Untouched);
            return buffer;
        }

        private static void AssertUntouched(byte[] buffer, int from, string where)
        {
            for (int i = from; i < buffer.Length; i++)
            {
                if (buffer[i] != Untouched)
                {
                    Assert.Fail($"{where}: byte {i} was written ({Hex.Of(buffer)})");
                }
            }
        }
    }
}
