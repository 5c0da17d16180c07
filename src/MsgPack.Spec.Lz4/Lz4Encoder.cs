using System.Buffers.Binary;

namespace MsgPack.Spec.Lz4
{
    /// <summary>
    /// Writes MessagePack-CSharp's two forms into one span sized by <see cref="GetMaxLength"/>: every compressing door
    /// ends here.
    /// </summary>
    /// <remarks>
    /// The bytes are MessagePack-CSharp 3.1's, header for header: the smallest ext header (fixext included) and array
    /// header, the smallest integer for each chunk length, an int 32 (<c>d2</c>) for the block's length, and bin 32 for
    /// every chunk whatever its length. The blocks are <see cref="Lz4BlockEncoder"/>'s, byte for byte MessagePack-CSharp's
    /// of the same bytes. Its chunks are the segments of the buffer it serialized into (32 KiB each, less what its writer
    /// left unused at a segment's end); ours are 32 KiB cuts of the contiguous value, so a value of one chunk is written
    /// byte for byte as it writes it, and a longer one differs only where the cuts fall.
    /// </remarks>
    internal static class Lz4Encoder
    {
        public const sbyte BlockArrayTypeCode = 98;
        public const sbyte BlockTypeCode = 99;

        // A block's ext header is written last, when the compressed length is known: the block is compressed behind room
        // for the largest header and the int 32, then moved down when the header is shorter.
        private const int BlockPrefixRoom = MsgPackSpec.MaxExtensionHeaderEncodedLength + Int32Length;
        private const int Int32Length = 5;
        private const int Bin32HeaderLength = 5;

        // An array 32 header, an ext 32 header, and a uint 32 per chunk length at most.
        private const int ArrayHeadersRoom = 5 + MsgPackSpec.MaxExtensionHeaderEncodedLength;

        /// <summary>The most bytes <see cref="Encode"/> writes for <paramref name="length"/> bytes.</summary>
        public static int GetMaxLength(int length, MsgPackLz4Options options)
        {
            if (length < 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(length), length, "zero or positive");
            }

            if (length < options.MinLength)
            {
                return length;
            }

            long max;
            if (options.Format == MsgPackLz4Format.Lz4Block)
            {
                max = BlockPrefixRoom + (long)MaxBlockLength(length);
            }
            else
            {
                int chunks = ChunkCount(length);
                int last = length - ((chunks - 1) * MsgPackLz4.ChunkLength);
                max = ArrayHeadersRoom + (chunks * (5L + Bin32HeaderLength))
                    + ((chunks - 1) * (long)MaxBlockLength(MsgPackLz4.ChunkLength)) + MaxBlockLength(last);
            }

            if (max > PooledArray.MaxLength)
            {
                ThrowHelper.ThrowSourceTooLong(length);
            }

            return (int)max;
        }

        /// <summary>Writes <paramref name="source"/> compressed (or as it is, when shorter than the options' minimum) at the start of <paramref name="destination"/>.</summary>
        /// <returns>The bytes written.</returns>
        public static int Encode(ReadOnlySpan<byte> source, Span<byte> destination, MsgPackLz4Options options)
        {
            int max = GetMaxLength(source.Length, options);
            if (destination.Length < max)
            {
                ThrowHelper.ThrowDestinationTooSmall(max, destination.Length);
            }

            if (source.Length < options.MinLength)
            {
                source.CopyTo(destination);
                return source.Length;
            }

            return options.Format == MsgPackLz4Format.Lz4Block ? EncodeBlock(source, destination) : EncodeBlockArray(source, destination);
        }

        /// <summary>The number of chunks of a value of <paramref name="length"/> bytes (one at least).</summary>
        internal static int ChunkCount(int length) => Math.Max(1, (int)(((long)length + MsgPackLz4.ChunkLength - 1) / MsgPackLz4.ChunkLength));

        private static int MaxBlockLength(int length) => Lz4BlockEncoder.GetMaxLength(length);

        private static int EncodeBlock(ReadOnlySpan<byte> source, Span<byte> destination)
        {
            int compressed = Compress(source, destination.Slice(BlockPrefixRoom));
            var header = new ExtensionHeader(BlockTypeCode, Int32Length + compressed);
            int headerLength = MsgPackSpec.GetExtensionHeaderEncodedLength(header.Length);
            int prefix = headerLength + Int32Length;
            if (prefix < BlockPrefixRoom)
            {
                // Overlapping ranges: Span.CopyTo moves as memmove does.
                destination.Slice(BlockPrefixRoom, compressed).CopyTo(destination.Slice(prefix));
            }

            MsgPackSpec.WriteExtensionHeader(destination, header);
            MsgPackSpec.WriteInt32Exact(destination.Slice(headerLength), source.Length);
            return prefix + compressed;
        }

        private static int EncodeBlockArray(ReadOnlySpan<byte> source, Span<byte> destination)
        {
            int chunks = ChunkCount(source.Length);
            int written = WriteBlockArrayHeaders(destination, chunks, ChunkAt(source, chunks - 1).Length);
            for (int i = 0; i < chunks; i++)
            {
                Span<byte> free = destination.Slice(written);
                int compressed = Compress(ChunkAt(source, i), free.Slice(Bin32HeaderLength));
                free[0] = DataCodes.Binary32;
                BinaryPrimitives.WriteUInt32BigEndian(free.Slice(1), (uint)compressed);
                written += Bin32HeaderLength + compressed;
            }

            return written;
        }

        /// <summary>The length of the headers <see cref="WriteBlockArrayHeaders"/> writes.</summary>
        internal static int GetBlockArrayHeadersLength(int chunks, int lastLength)
        {
            int lengthsLength = ((chunks - 1) * MsgPackSpec.GetInt64EncodedLength(MsgPackLz4.ChunkLength)) + MsgPackSpec.GetInt64EncodedLength(lastLength);
            return MsgPackSpec.GetArrayHeaderEncodedLength(chunks + 1) + MsgPackSpec.GetExtensionHeaderEncodedLength(lengthsLength) + lengthsLength;
        }

        /// <summary>
        /// An Lz4BlockArray's headers, before its bins: the array header, and the ext 98 of the chunks' uncompressed lengths
        /// (every chunk <see cref="MsgPackLz4.ChunkLength"/> long but the last, <paramref name="lastLength"/>).
        /// </summary>
        /// <returns>The bytes written.</returns>
        internal static int WriteBlockArrayHeaders(Span<byte> destination, int chunks, int lastLength)
        {
            int lengthsLength = ((chunks - 1) * MsgPackSpec.GetInt64EncodedLength(MsgPackLz4.ChunkLength)) + MsgPackSpec.GetInt64EncodedLength(lastLength);
            int written = MsgPackSpec.WriteArrayHeader(destination, chunks + 1);
            written += MsgPackSpec.WriteExtensionHeader(destination.Slice(written), new ExtensionHeader(BlockArrayTypeCode, lengthsLength));
            for (int i = 1; i < chunks; i++)
            {
                written += MsgPackSpec.WriteInt32(destination.Slice(written), MsgPackLz4.ChunkLength);
            }

            return written + MsgPackSpec.WriteInt32(destination.Slice(written), lastLength);
        }

        private static ReadOnlySpan<byte> ChunkAt(ReadOnlySpan<byte> source, int index)
        {
            int start = index * MsgPackLz4.ChunkLength;
            return source.Slice(start, Math.Min(MsgPackLz4.ChunkLength, source.Length - start));
        }

        // The destination holds Lz4BlockEncoder.GetMaxLength(source.Length) (GetMaxLength): the block always fits.
        private static int Compress(ReadOnlySpan<byte> source, Span<byte> destination) => Lz4BlockEncoder.Encode(source, destination);
    }
}
