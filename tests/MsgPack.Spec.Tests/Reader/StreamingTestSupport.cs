using System;
using System.Buffers;
using System.Collections.Generic;
using Xunit;

namespace MsgPack.Spec.Tests.Reader
{
    /// <summary>One segment of a hand-built <see cref="ReadOnlySequence{T}"/>.</summary>
    internal sealed class TestSegment : ReadOnlySequenceSegment<byte>
    {
        public TestSegment(ReadOnlyMemory<byte> memory, TestSegment? previous)
        {
            Memory = memory;
            if (previous != null)
            {
                RunningIndex = previous.RunningIndex + previous.Memory.Length;
                previous.Next = this;
            }
        }
    }

    /// <summary>Builds multi-segment sequences over the same bytes, in every layout the tests need.</summary>
    internal static class Sequences
    {
        /// <summary>A sequence whose segments are exactly <paramref name="chunks"/>, empty ones included, in order.</summary>
        public static ReadOnlySequence<byte> FromChunks(IReadOnlyList<ReadOnlyMemory<byte>> chunks) =>
            chunks.Count == 0 ? ReadOnlySequence<byte>.Empty : FromChunks(chunks, 0, chunks[chunks.Count - 1].Length);

        /// <summary>
        /// A sequence over the segments <paramref name="chunks"/> (at least one) that starts <paramref name="startIndex"/>
        /// bytes into the first and ends <paramref name="endIndex"/> bytes into the last.
        /// </summary>
        public static ReadOnlySequence<byte> FromChunks(IReadOnlyList<ReadOnlyMemory<byte>> chunks, int startIndex, int endIndex)
        {
            var first = new TestSegment(chunks[0], null);
            TestSegment last = first;
            for (int i = 1; i < chunks.Count; i++)
            {
                last = new TestSegment(chunks[i], last);
            }

            return new ReadOnlySequence<byte>(first, startIndex, last, endIndex);
        }

        /// <summary>
        /// Cuts <paramref name="data"/> into segments of <paramref name="size"/> bytes (the last one shorter); with
        /// <paramref name="withEmpty"/>, an empty segment before, between and after them.
        /// </summary>
        public static ReadOnlySequence<byte> Split(byte[] data, int size, bool withEmpty)
        {
            var chunks = new List<ReadOnlyMemory<byte>>();
            if (withEmpty)
            {
                chunks.Add(ReadOnlyMemory<byte>.Empty);
            }

            for (int start = 0; start < data.Length; start += size)
            {
                // Each chunk is a copy, so that no two segments share an array and a reader cannot read past a
                // segment's end into the next one by accident.
                chunks.Add(data.AsSpan(start, Math.Min(size, data.Length - start)).ToArray());
                if (withEmpty)
                {
                    chunks.Add(ReadOnlyMemory<byte>.Empty);
                }
            }

            return FromChunks(chunks);
        }

        /// <summary>Two segments, cut at <paramref name="at"/> (either may be empty).</summary>
        public static ReadOnlySequence<byte> SplitAt(byte[] data, int at) =>
            FromChunks(new ReadOnlyMemory<byte>[] { data.AsSpan(0, at).ToArray(), data.AsSpan(at).ToArray() });

        /// <summary>Segments of the given sizes, cycling through them, with an empty segment after every one when asked.</summary>
        public static ReadOnlySequence<byte> SplitSizes(byte[] data, int[] sizes, bool withEmpty)
        {
            var chunks = new List<ReadOnlyMemory<byte>>();
            int start = 0;
            for (int i = 0; start < data.Length; i++)
            {
                int size = Math.Min(sizes[i % sizes.Length], data.Length - start);
                chunks.Add(data.AsSpan(start, size).ToArray());
                if (withEmpty)
                {
                    chunks.Add(ReadOnlyMemory<byte>.Empty);
                }

                start += size;
            }

            return FromChunks(chunks);
        }
    }

    /// <summary>
    /// A buffer writer that records what is committed and checks the <see cref="IBufferWriter{T}"/> protocol: it
    /// hands out spans of exactly <c>max(sizeHint, 1)</c> bytes, or, with a seed, of a random size at least that.
    /// All bytes live in one large array, so handing out a span allocates nothing.
    /// </summary>
    internal sealed class TestBufferWriter : IBufferWriter<byte>
    {
        private readonly Random? _random;
        private byte[] _buffer;
        private int _committed;
        private int _lastLength = -1;

        public TestBufferWriter(int capacity = 1 << 16, int? seed = null)
        {
            _buffer = new byte[capacity];
            _random = seed is int s ? new Random(s) : null;
        }

        /// <summary>The bytes committed with <see cref="Advance"/>.</summary>
        public int Committed => _committed;

        public int GetMemoryCalls { get; private set; }

        /// <summary>The bytes committed so far.</summary>
        public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _committed);

        public void Advance(int count)
        {
            if (_lastLength < 0)
            {
                throw new InvalidOperationException("Advance without GetMemory/GetSpan.");
            }

            if (count < 0 || count > _lastLength)
            {
                throw new InvalidOperationException($"Advance({count}) after a span of {_lastLength} bytes.");
            }

            _committed += count;
            _lastLength = -1;
        }

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            if (sizeHint < 0)
            {
                throw new ArgumentOutOfRangeException(nameof(sizeHint));
            }

            GetMemoryCalls++;
            int length = Math.Max(sizeHint, 1);
            if (_random != null)
            {
                length += _random.Next(0, 40);
            }

            if (_committed + length > _buffer.Length)
            {
                Array.Resize(ref _buffer, Math.Max(_buffer.Length * 2, _committed + length));
            }

            _lastLength = length;

            // Poison the span, so that a byte the writer forgets to write shows.
            _buffer.AsSpan(_committed, length).Fill(0xEE);
            return _buffer.AsMemory(_committed, length);
        }

        public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;

        public void Reset()
        {
            _committed = 0;
            _lastLength = -1;
        }
    }

    /// <summary>
    /// An <see cref="ArrayPool{T}"/> that counts what it rents and gets back, and checks that every array returned
    /// was rented from it and is returned once.
    /// </summary>
    internal sealed class CountingArrayPool : ArrayPool<byte>
    {
        private readonly ArrayPool<byte> _inner;
        private readonly HashSet<byte[]> _outstanding = new HashSet<byte[]>(ReferenceEqualityComparer.Instance);

        public CountingArrayPool(ArrayPool<byte>? inner = null)
        {
            _inner = inner ?? ArrayPool<byte>.Create();
        }

        public int Rentals { get; private set; }

        public int Returns { get; private set; }

        public int Outstanding => _outstanding.Count;

        public List<int> Requests { get; } = new List<int>();

        public List<int> ReturnedLengths { get; } = new List<int>();

        public override byte[] Rent(int minimumLength)
        {
            byte[] array = _inner.Rent(minimumLength);
            Rentals++;
            Requests.Add(minimumLength);
            Assert.True(array.Length >= minimumLength);
            Assert.True(_outstanding.Add(array), "The inner pool handed out an array that is still rented.");
            return array;
        }

        public override void Return(byte[] array, bool clearArray = false)
        {
            Assert.True(_outstanding.Remove(array), "An array was returned that is not rented from this pool (or was returned twice).");
            Returns++;
            ReturnedLengths.Add(array.Length);
            _inner.Return(array, clearArray);
        }
    }

    /// <summary>Small helpers shared by the streaming tests.</summary>
    internal static class StreamingAssert
    {
        /// <summary>Checks the reader's counters and that its position is the sequence position of what it consumed.</summary>
        public static void Place(ref MsgPackReader reader, ReadOnlySequence<byte> sequence, long consumed)
        {
            Assert.Equal(consumed, reader.Consumed);
            Assert.Equal(sequence.Length - consumed, reader.Remaining);
            Assert.Equal(consumed == sequence.Length, reader.End);
            SequencePosition position = reader.Position;

            // GetOffset counts from the start of the first segment's memory, not from where the sequence starts in it.
            Assert.Equal(consumed, sequence.GetOffset(position) - sequence.GetOffset(sequence.Start));
            Assert.Equal(consumed, sequence.Slice(0, position).Length);
            Assert.Equal(sequence.Length - consumed, sequence.Slice(position).Length);
        }

        /// <summary>Checks the reader's counters (a reader over a span has no sequence position).</summary>
        public static void Place(ref MsgPackReader reader, int length, long consumed)
        {
            Assert.Equal(consumed, reader.Consumed);
            Assert.Equal(length - consumed, reader.Remaining);
            Assert.Equal(consumed == length, reader.End);
        }

        /// <summary>The bytes of a payload, checking that its two views agree with <see cref="MsgPackPayload.IsSingleSpan"/> (and that it is a span when it must be).</summary>
        public static byte[] Bytes(MsgPackPayload payload, bool mustBeSpan = false)
        {
            Assert.True(payload.IsSingleSpan || !mustBeSpan, "A payload of a contiguous input must be a span.");
            if (payload.IsSingleSpan)
            {
                Assert.Equal(payload.Length, payload.Span.Length);
                Assert.True(payload.Sequence.IsEmpty);
            }
            else
            {
                Assert.Equal(payload.Length, payload.Sequence.Length);
                Assert.True(payload.Span.IsEmpty);
            }

            byte[] copy = new byte[payload.Length];
            payload.CopyTo(copy);
            Same(copy, payload.ToArray());
            return copy;
        }

        /// <summary>Assert.Equal for byte arrays, fast when they are equal (the tests compare many large payloads).</summary>
        public static void Same(byte[] expected, byte[] actual)
        {
            if (!expected.AsSpan().SequenceEqual(actual))
            {
                Assert.Equal(expected, actual);
            }
        }
    }
}
