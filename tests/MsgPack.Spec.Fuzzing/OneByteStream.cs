using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>
    /// A stream that hands out one byte per read (and checks that no read asks for none), optionally after a yield:
    /// every boundary inside every value is a read boundary. Shared by the stream doors' tests of the library
    /// (MsgPack.Spec.Tests/IO) and of generated types (MsgPack.Spec.Generator.Tests, StreamStatusPathTests).
    /// </summary>
    internal sealed class OneByteStream : Stream
    {
        private readonly byte[] _data;
        private readonly bool _yield;
        private int _position;

        public OneByteStream(byte[] data, bool yieldEachRead = false)
        {
            _data = data;
            _yield = yieldEachRead;
        }

        public int Remaining => _data.Length - _position;

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position
        {
            get => throw new NotSupportedException();
            set => throw new NotSupportedException();
        }

        public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

        public override int Read(Span<byte> buffer)
        {
            // A read of nothing would look like the end of the stream to the caller: a door must never ask for one.
            if (buffer.IsEmpty)
            {
                throw new InvalidOperationException("A read asked for no bytes.");
            }

            if (_position == _data.Length)
            {
                return 0;
            }

            buffer[0] = _data[_position++];
            return 1;
        }

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            if (cancellationToken.IsCancellationRequested)
            {
                return ValueTask.FromCanceled<int>(cancellationToken);
            }

            return _yield ? ReadAfterYieldAsync(buffer) : new ValueTask<int>(Read(buffer.Span));
        }

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        private async ValueTask<int> ReadAfterYieldAsync(Memory<byte> buffer)
        {
            await Task.Yield();
            return Read(buffer.Span);
        }
    }
}
