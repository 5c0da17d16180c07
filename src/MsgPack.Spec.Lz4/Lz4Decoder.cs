using K4os.Compression.LZ4;

namespace MsgPack.Spec.Lz4
{
    /// <summary>What the value at a reader's position is: plain MessagePack, or one of the two compressed forms.</summary>
    internal enum Lz4Form
    {
        Plain,
        Block,
        BlockArray,
    }

    /// <summary>
    /// Reads the two forms: <see cref="Inspect"/> checks every header of a compressed value against the others and
    /// against the input, without allocating; only then does a door allocate what the value decompresses to and
    /// <see cref="Decode"/> fill it. Every decompressing door ends here.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Before anything is allocated, a compressed value must: claim no more than <see cref="MsgPackLz4Options.MaxDecompressedLength"/>;
    /// for an array, hold exactly one length per chunk in its ext (so a chunk count of 2^32 - 1 fails on the first
    /// length missing, after reading no more than the ext's own bytes); have every chunk whole in the input; and claim
    /// for each block no more than LZ4 can expand it to (255 bytes per compressed byte: a match's length grows by at
    /// most 255 per byte of the block), so that what is allocated is bounded by the input, whatever the limit.
    /// </para>
    /// <para>
    /// MessagePack-CSharp reads the lengths wherever they are after the ext header and takes a bin or a str for a chunk;
    /// its writer never writes either otherwise. This reader wants the lengths to fill the ext exactly and each chunk
    /// to be a bin: anything else is not a value it wrote.
    /// </para>
    /// </remarks>
    internal static class Lz4Decoder
    {
        /// <summary>The most bytes one byte of an LZ4 block can decode to.</summary>
        private const int MaxExpansion = 255;

        /// <summary>
        /// Reads the headers of the value at the reader's position (the reader is a copy: the caller's does not move), and
        /// checks them (see the class remarks).
        /// </summary>
        /// <param name="reader">A copy of the door's reader.</param>
        /// <param name="options">The limit.</param>
        /// <param name="length">The bytes the value decompresses to; 0 for plain MessagePack.</param>
        /// <returns>The form.</returns>
        public static Lz4Form Inspect(MsgPackReader reader, MsgPackLz4Options options, out int length)
        {
            length = 0;
            MsgPackType type = reader.PeekMsgPackType();
            if (type == MsgPackType.Extension)
            {
                MsgPackReader peek = reader;
                if (peek.ReadExtensionHeader().TypeCode != Lz4Encoder.BlockTypeCode)
                {
                    return Lz4Form.Plain;
                }

                length = InspectBlock(ref reader, options);
                return Lz4Form.Block;
            }

            if (type == MsgPackType.Array)
            {
                int count = reader.ReadArrayHeader();
                if (count == 0 || reader.PeekMsgPackType() != MsgPackType.Extension)
                {
                    return Lz4Form.Plain;
                }

                MsgPackReader peek = reader;
                if (peek.ReadExtensionHeader().TypeCode != Lz4Encoder.BlockArrayTypeCode)
                {
                    return Lz4Form.Plain;
                }

                length = InspectBlockArray(ref reader, count - 1, options);
                return Lz4Form.BlockArray;
            }

            return Lz4Form.Plain;
        }

        /// <summary>
        /// Consumes the compressed value at the reader's position, which <see cref="Inspect"/> found of <paramref name="form"/>,
        /// and decodes it into <paramref name="destination"/>, exactly the length Inspect returned.
        /// </summary>
        /// <exception cref="MsgPackLz4Exception">A block does not decode to the length it claims.</exception>
        public static void Decode(ref MsgPackReader reader, Lz4Form form, Span<byte> destination)
        {
            if (form == Lz4Form.Block)
            {
                MsgPackPayload data = reader.ReadExtension(out _);
                var inner = new MsgPackReader(data);
                _ = inner.ReadInt32();
                DecodeBlock(data, (int)inner.Consumed, destination, -1);
                return;
            }

            int chunks = reader.ReadArrayHeader() - 1;
            MsgPackPayload lengths = reader.ReadExtension(out _);
            var lengthReader = new MsgPackReader(lengths);
            int offset = 0;
            for (int i = 0; i < chunks; i++)
            {
                int chunkLength = lengthReader.ReadInt32();
                DecodeBlock(reader.ReadBinary(), 0, destination.Slice(offset, chunkLength), i);
                offset += chunkLength;
            }
        }

        /// <summary>
        /// Whether decompressed bytes start with a compressed value (MessagePack-CSharp's writer never nests one: its
        /// reader would not decompress the inner one, and a door here would otherwise be a way to multiply what a
        /// payload's limit allows). Never throws: bytes cut short are not a compressed value (their reading fails later).
        /// </summary>
        public static bool StartsCompressed(ReadOnlySpan<byte> data)
        {
            if (data.IsEmpty)
            {
                return false;
            }

            MsgPackType type = MsgPackSpec.GetMsgPackType(data[0]);
            if (type == MsgPackType.Extension)
            {
                return MsgPackSpec.TryReadExtensionHeader(data, out ExtensionHeader header, out _) == OperationStatus.Done
                    && header.TypeCode == Lz4Encoder.BlockTypeCode;
            }

            if (type == MsgPackType.Array
                && MsgPackSpec.TryReadArrayHeader(data, out int count, out int headerLength) == OperationStatus.Done
                && count > 0
                && headerLength < data.Length)
            {
                ReadOnlySpan<byte> first = data.Slice(headerLength);
                return MsgPackSpec.GetMsgPackType(first[0]) == MsgPackType.Extension
                    && MsgPackSpec.TryReadExtensionHeader(first, out ExtensionHeader header, out _) == OperationStatus.Done
                    && header.TypeCode == Lz4Encoder.BlockArrayTypeCode;
            }

            return false;
        }

        private static int InspectBlock(ref MsgPackReader reader, MsgPackLz4Options options)
        {
            // The whole ext must be in the input (ReadExtension throws MsgPackTruncatedException otherwise).
            MsgPackPayload data = reader.ReadExtension(out _);
            var inner = new MsgPackReader(data);
            if (inner.End)
            {
                ThrowHelper.ThrowInvalid("The Lz4Block ext (type 99) is empty: it has no uncompressed length.");
            }

            int length = inner.ReadInt32();
            CheckLength(length, (int)inner.Remaining, 0, options, -1);
            return length;
        }

        private static int InspectBlockArray(ref MsgPackReader reader, int chunks, MsgPackLz4Options options)
        {
            MsgPackPayload lengths = reader.ReadExtension(out _);

            // Each length takes a byte at least: an ext of n bytes holds n lengths at most, whatever the array claims.
            if (chunks > lengths.Length)
            {
                ThrowHelper.ThrowInvalid($"The Lz4BlockArray claims {chunks} chunks, but its ext (type 98) of {lengths.Length} bytes holds {lengths.Length} chunk lengths at most.");
            }

            var lengthReader = new MsgPackReader(lengths);
            long total = 0;
            for (int i = 0; i < chunks; i++)
            {
                if (lengthReader.End)
                {
                    ThrowHelper.ThrowInvalid($"The Lz4BlockArray claims {chunks} chunks, but its ext (type 98) holds {i} chunk lengths.");
                }

                int length = lengthReader.ReadInt32();
                MsgPackPayload block = reader.ReadBinary();
                CheckLength(length, block.Length, total, options, i);
                total += length;
            }

            if (!lengthReader.End)
            {
                ThrowHelper.ThrowInvalid($"The Lz4BlockArray's ext (type 98) holds more than the {chunks} chunk lengths of its chunks.");
            }

            return (int)total;
        }

        private static void CheckLength(int length, int blockLength, long before, MsgPackLz4Options options, int chunk)
        {
            if (length < 0)
            {
                ThrowHelper.ThrowInvalid($"{Name(chunk)} claims a negative uncompressed length ({length}).");
            }

            if (before + length > options.MaxDecompressedLength)
            {
                ThrowHelper.ThrowLimit(before + length, options.MaxDecompressedLength);
            }

            if (length > (long)blockLength * MaxExpansion)
            {
                ThrowHelper.ThrowInvalid($"{Name(chunk)} claims {length} uncompressed bytes, more than its {blockLength} bytes of LZ4 can hold.");
            }
        }

        private static string Name(int chunk) => chunk < 0 ? "The Lz4Block" : $"Chunk {chunk} of the Lz4BlockArray";

        private static void DecodeBlock(MsgPackPayload data, int skip, Span<byte> destination, int chunk)
        {
            int decoded;
            if (data.IsSingleSpan)
            {
                decoded = LZ4Codec.Decode(data.Span.Slice(skip), destination);
            }
            else
            {
                // A block that straddles the input's segments: LZ4 reads one span.
                byte[] copy = ArrayPool<byte>.Shared.Rent(data.Length);
                try
                {
                    data.CopyTo(copy);
                    decoded = LZ4Codec.Decode(copy.AsSpan(skip, data.Length - skip), destination);
                }
                finally
                {
                    ArrayPool<byte>.Shared.Return(copy);
                }
            }

            if (decoded != destination.Length)
            {
                ThrowHelper.ThrowInvalid(decoded < 0
                    ? $"{Name(chunk)} is not an LZ4 block that decodes to the {destination.Length} bytes it claims."
                    : $"{Name(chunk)} decodes to {decoded} bytes, but claims {destination.Length}.");
            }
        }
    }
}
