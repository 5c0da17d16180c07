using System;
using System.Buffers;
using System.IO.Pipelines;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Writer
{
    /// <summary>
    /// A buffer writer under test and a way to get what was written, for every kind the writer meets: ones that move
    /// their bytes when they grow (<see cref="PooledBufferWriter"/>, <see cref="ArrayBufferWriter{T}"/>), ones that
    /// never do (<see cref="SegmentedBufferWriter"/>, a <see cref="Pipe"/>'s <see cref="PipeWriter"/>), and the test
    /// writer that hands out exactly what is asked for, or random sizes.
    /// </summary>
    internal sealed class Sink : IDisposable
    {
        private readonly Func<byte[]> _contents;
        private readonly IDisposable? _owner;

        private Sink(string name, IBufferWriter<byte> writer, Func<byte[]> contents, IDisposable? owner)
        {
            Name = name;
            Writer = writer;
            _contents = contents;
            _owner = owner;
        }

        /// <summary>The names <see cref="Create"/> takes.</summary>
        public static string[] Names { get; } =
        {
            "pooled 16", "pooled default", "segmented 16", "segmented default", "array buffer writer 16", "exact spans", "random spans", "pipe 16", "pipe default",
        };

        public string Name { get; }

        public IBufferWriter<byte> Writer { get; }

        public static TheoryData<string> All()
        {
            var data = new TheoryData<string>();
            foreach (string name in Names)
            {
                data.Add(name);
            }

            return data;
        }

        public static Sink Create(string name)
        {
            switch (name)
            {
                case "pooled 16":
                case "pooled default":
                    {
                        var pooled = name == "pooled 16" ? new PooledBufferWriter(16) : new PooledBufferWriter();
                        return new Sink(name, pooled, () => pooled.WrittenSpan.ToArray(), pooled);
                    }

                case "segmented 16":
                case "segmented default":
                    {
                        var segmented = name == "segmented 16" ? new SegmentedBufferWriter(16) : new SegmentedBufferWriter();
                        return new Sink(name, segmented, segmented.ToArray, segmented);
                    }

                case "array buffer writer 16":
                    {
                        var array = new ArrayBufferWriter<byte>(16);
                        return new Sink(name, array, () => array.WrittenSpan.ToArray(), null);
                    }

                case "exact spans":
                case "random spans":
                    {
                        // Large enough never to grow: the test writer would move its bytes if it did.
                        var test = new TestBufferWriter(8 << 20, name == "random spans" ? 11 : null);
                        return new Sink(name, test, () => test.WrittenSpan.ToArray(), null);
                    }

                case "pipe 16":
                case "pipe default":
                    {
                        // pauseWriterThreshold 0: FlushAsync completes at once, whatever is unread.
                        var pipe = new Pipe(new PipeOptions(
                            pauseWriterThreshold: 0,
                            minimumSegmentSize: name == "pipe 16" ? 16 : -1,
                            useSynchronizationContext: false));
                        return new Sink(name, pipe.Writer, () => ReadAll(pipe), null);
                    }

                default:
                    throw new ArgumentException(name);
            }
        }

        /// <summary>What was committed to the buffer writer (for a pipe: flushed, completed and read, so call it once).</summary>
        public byte[] Contents() => _contents();

        public void Dispose() => _owner?.Dispose();

        public override string ToString() => Name;

        private static byte[] ReadAll(Pipe pipe)
        {
            FlushResult flushed = pipe.Writer.FlushAsync().AsTask().GetAwaiter().GetResult();
            Assert.False(flushed.IsCanceled);
            pipe.Writer.Complete();
            Assert.True(pipe.Reader.TryRead(out ReadResult result));
            Assert.True(result.IsCompleted);
            byte[] bytes = result.Buffer.ToArray();
            pipe.Reader.AdvanceTo(result.Buffer.End);
            pipe.Reader.Complete();
            return bytes;
        }
    }

    /// <summary>
    /// A buffer writer that forgets what is committed, only counting it, so that a writer can commit more than 4 GiB
    /// through it without the memory: the first span is an array of its own (where a slot set aside first stays),
    /// every later one is the same other array.
    /// </summary>
    internal sealed class DiscardingBufferWriter : IBufferWriter<byte>
    {
        private readonly byte[] _first;
        private readonly byte[] _buffer;
        private bool _handedOutFirst;

        public DiscardingBufferWriter(int spanLength)
        {
            _first = new byte[spanLength];
            _buffer = new byte[spanLength];
        }

        public long Committed { get; private set; }

        /// <summary>The array of the first span.</summary>
        public byte[] First => _first;

        public void Advance(int count)
        {
            if ((uint)count > (uint)_buffer.Length)
            {
                throw new ArgumentOutOfRangeException(nameof(count));
            }

            Committed += count;
        }

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            if (sizeHint > _buffer.Length)
            {
                throw new ArgumentOutOfRangeException(nameof(sizeHint));
            }

            if (!_handedOutFirst)
            {
                _handedOutFirst = true;
                return _first;
            }

            return _buffer;
        }

        public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;
    }
}
