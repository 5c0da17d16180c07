namespace MsgPack.Spec
{
    public ref partial struct MsgPackWriter
    {
        // The most a bulk write asks the buffer writer for at once when the span it holds is used up: enough for the
        // vector paths to run long, small enough not to make a growing buffer writer double for a short array's tail.
        private const int ArrayChunk = 4096;

        /// <summary>The bulk array writer: the header, then as many elements as the held span takes, then a new span, and so on.</summary>
        private void WriteArray<T, TCodec>(scoped ReadOnlySpan<T> values)
            where TCodec : struct, IArrayCodec<T>
        {
            WriteArrayHeader(values.Length);
            ref T source = ref MemoryMarshal.GetReference(values);
            int count = values.Length;
            int done = 0;
            while (true)
            {
                int written = MsgPackSpec.EncodeItems<T, TCodec>(
                    ref Unsafe.Add(ref MemoryMarshal.GetReference(_span), _position), _span.Length - _position, ref Unsafe.Add(ref source, done), count - done, out int items);
                _position += written;
                done += items;
                if (done == count)
                {
                    return;
                }

                // At least one element's largest form, so that every refill makes progress.
                Refill((int)Math.Min((long)(count - done) * default(TCodec).MaxLength, Math.Max(ArrayChunk, default(TCodec).MaxLength)));
            }
        }
    }
}
