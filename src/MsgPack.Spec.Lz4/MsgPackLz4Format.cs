namespace MsgPack.Spec.Lz4
{
    /// <summary>The two LZ4 forms of MessagePack-CSharp (its <c>MessagePackCompression</c>), which <see cref="MsgPackLz4"/> writes and reads.</summary>
    public enum MsgPackLz4Format
    {
        /// <summary>
        /// An array: first an ext value of type 98 holding each chunk's uncompressed length (each the smallest integer),
        /// then one bin 32 per chunk, a raw LZ4 block each, of at most <see cref="MsgPackLz4.ChunkLength"/> bytes
        /// uncompressed. MessagePack-CSharp's <c>Lz4BlockArray</c>, its recommended setting: no buffer has to hold the
        /// whole compressed value, and no array of the large object heap is needed per chunk. The default.
        /// </summary>
        Lz4BlockArray = 0,

        /// <summary>
        /// One ext value of type 99: the uncompressed length as an int 32 (<c>d2</c> and 4 bytes), then one raw LZ4 block
        /// of the whole value. MessagePack-CSharp's <c>Lz4Block</c> (and the only form of its version 1): a slightly
        /// better ratio, at the cost of one block as long as the value.
        /// </summary>
        Lz4Block = 1,
    }
}
