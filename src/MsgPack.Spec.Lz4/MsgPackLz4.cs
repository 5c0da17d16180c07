namespace MsgPack.Spec.Lz4
{
    /// <summary>
    /// MessagePack-CSharp's LZ4 compression of MessagePack values (<c>WithCompression(MessagePackCompression.Lz4BlockArray)</c>
    /// and <c>(Lz4Block)</c>), byte-compatible both ways: values compressed here read in MessagePack-CSharp 3.1 with
    /// either setting, and what it stored reads here. The doors take raw MessagePack bytes (this file), values of the
    /// contract (<c>Serialize</c>, <c>Deserialize</c>), and streams and pipes (<c>WriteAsync</c>, <c>ReadAsync</c>).
    /// </summary>
    /// <remarks>
    /// <para>
    /// <b>Writing.</b> A value shorter than <see cref="MsgPackLz4Options.MinLength"/> is written as it is; a longer one in
    /// <see cref="MsgPackLz4Options.Format"/>. <b>Reading</b> takes either form, or plain MessagePack, which a
    /// MessagePack-CSharp reader with compression on also takes: the form is told by the value's first bytes (an ext of
    /// type 99; an array whose first item is an ext of type 98).
    /// </para>
    /// <para>
    /// <b>Hostile input.</b> A compressed value's headers are checked against one another and against the input before
    /// anything is allocated: what it may claim is bounded by <see cref="MsgPackLz4Options.MaxDecompressedLength"/>
    /// (<see cref="MsgPackLz4LimitException"/>) and by the input (LZ4 expands a byte to 255 at most). Lengths that disagree,
    /// a block that does not decode to its length, and a compressed value inside a compressed value fail with
    /// <see cref="MsgPackLz4Exception"/>; MessagePack that is cut short or not of the form, with the core's
    /// <see cref="MsgPackException"/> family.
    /// </para>
    /// <para>
    /// <b>Allocation.</b> None in the raw doors: the LZ4 encoder (the package's own, its table on the stack) and decoder
    /// (K4os.Compression.LZ4) work in the caller's buffers, and a
    /// block that straddles the segments of a sequence, or a sequence compressed whole, is copied into an array of
    /// <see cref="ArrayPool{T}.Shared"/>. The value doors write the plain bytes into a buffer of the thread (allocated
    /// once) whose array comes from there too, and allocate only what the value's reader creates.
    /// </para>
    /// </remarks>
    public static partial class MsgPackLz4
    {
        /// <summary>
        /// The uncompressed bytes of one chunk of <see cref="MsgPackLz4Format.Lz4BlockArray"/>: 32 KiB, the segment length of
        /// MessagePack-CSharp's buffers, whose LZ4 bound keeps each chunk's buffer off the large object heap.
        /// </summary>
        public const int ChunkLength = 32 * 1024;

        /// <summary>The most bytes <see cref="Compress(ReadOnlySpan{byte}, Span{byte}, MsgPackLz4Options?)"/> writes for a value of <paramref name="length"/> bytes.</summary>
        /// <param name="length">The uncompressed length.</param>
        /// <param name="options">The form and the minimum length; <see langword="null"/> for the defaults.</param>
        /// <returns>The length to size a destination for.</returns>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative, or so long that the bound passes <c>Array.MaxLength</c>.</exception>
        public static int GetMaxCompressedLength(int length, MsgPackLz4Options? options = null) =>
            Lz4Encoder.GetMaxLength(length, options ?? MsgPackLz4Options.Default);

        /// <summary>Compresses MessagePack bytes (one value, as MessagePack-CSharp compresses what one Serialize call writes) into a span.</summary>
        /// <param name="source">The plain MessagePack bytes.</param>
        /// <param name="destination">Where to write; it must hold <see cref="GetMaxCompressedLength"/> bytes.</param>
        /// <param name="options">The form and the minimum length; <see langword="null"/> for the defaults.</param>
        /// <returns>The bytes written: the compressed value, or <paramref name="source"/> as it is when it is shorter than the minimum.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="GetMaxCompressedLength"/>.</exception>
        public static int Compress(ReadOnlySpan<byte> source, Span<byte> destination, MsgPackLz4Options? options = null) =>
            Lz4Encoder.Encode(source, destination, options ?? MsgPackLz4Options.Default);

        /// <summary>Compresses MessagePack bytes (one value) into a buffer writer.</summary>
        /// <remarks>The writer is asked for one span of <see cref="GetMaxCompressedLength"/> bytes and advanced by what was written.</remarks>
        /// <param name="source">The plain MessagePack bytes.</param>
        /// <param name="destination">Where to write.</param>
        /// <param name="options">The form and the minimum length; <see langword="null"/> for the defaults.</param>
        /// <exception cref="ArgumentNullException"><paramref name="destination"/> is <see langword="null"/>.</exception>
        public static void Compress(ReadOnlySpan<byte> source, IBufferWriter<byte> destination, MsgPackLz4Options? options = null)
        {
            if (destination is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(destination));
            }

            options ??= MsgPackLz4Options.Default;
            Span<byte> span = destination.GetSpan(Lz4Encoder.GetMaxLength(source.Length, options));
            destination.Advance(Lz4Encoder.Encode(source, span, options));
        }

        /// <summary>Compresses MessagePack bytes (one value) in a sequence into a buffer writer.</summary>
        /// <remarks>A sequence of several segments is copied into one pooled array first: LZ4 compresses one span.</remarks>
        /// <param name="source">The plain MessagePack bytes.</param>
        /// <param name="destination">Where to write.</param>
        /// <param name="options">The form and the minimum length; <see langword="null"/> for the defaults.</param>
        /// <exception cref="ArgumentNullException"><paramref name="destination"/> is <see langword="null"/>.</exception>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is too long for one array.</exception>
        public static void Compress(ReadOnlySequence<byte> source, IBufferWriter<byte> destination, MsgPackLz4Options? options = null)
        {
            if (source.IsSingleSegment)
            {
                Compress(source.First.Span, destination, options);
                return;
            }

            if (source.Length > int.MaxValue)
            {
                ThrowHelper.ThrowSourceTooLong(source.Length);
            }

            int length = (int)source.Length;
            byte[] copy = ArrayPool<byte>.Shared.Rent(length);
            try
            {
                source.CopyTo(copy);
                Compress(copy.AsSpan(0, length), destination, options);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(copy);
            }
        }

        /// <summary>
        /// Decompresses the value at the start of <paramref name="source"/> into a buffer writer: a compressed value of
        /// either form is written out plain; a plain value is copied as it is.
        /// </summary>
        /// <remarks>The writer is asked for one span of the value's whole uncompressed length, checked first (see the class remarks).</remarks>
        /// <param name="source">The input; bytes after the first value are left alone.</param>
        /// <param name="destination">Where to write the plain MessagePack.</param>
        /// <param name="options">The limit; <see langword="null"/> for the defaults.</param>
        /// <returns>The bytes of <paramref name="source"/> the value took.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="destination"/> is <see langword="null"/>.</exception>
        /// <exception cref="MsgPackException">The value is cut short or invalid (see the class remarks); nothing was written.</exception>
        public static int Decompress(ReadOnlySpan<byte> source, IBufferWriter<byte> destination, MsgPackLz4Options? options = null)
        {
            var reader = new MsgPackReader(source);
            DecompressCore(ref reader, destination, options);
            return (int)reader.Consumed;
        }

        /// <summary>Decompresses the value at the start of a sequence into a buffer writer (see <see cref="Decompress(ReadOnlySpan{byte}, IBufferWriter{byte}, MsgPackLz4Options?)"/>).</summary>
        /// <param name="source">The input; bytes after the first value are left alone.</param>
        /// <param name="destination">Where to write the plain MessagePack.</param>
        /// <param name="options">The limit; <see langword="null"/> for the defaults.</param>
        /// <returns>The bytes of <paramref name="source"/> the value took.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="destination"/> is <see langword="null"/>.</exception>
        /// <exception cref="MsgPackException">The value is cut short or invalid (see the class remarks); nothing was written.</exception>
        public static long Decompress(ReadOnlySequence<byte> source, IBufferWriter<byte> destination, MsgPackLz4Options? options = null)
        {
            var reader = new MsgPackReader(source);
            DecompressCore(ref reader, destination, options);
            return reader.Consumed;
        }

        private static void DecompressCore(ref MsgPackReader reader, IBufferWriter<byte> destination, MsgPackLz4Options? options)
        {
            if (destination is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(destination));
            }

            Lz4Form form = Lz4Decoder.Inspect(reader, options ?? MsgPackLz4Options.Default, out int length);
            if (form == Lz4Form.Plain)
            {
                MsgPackPayload value = reader.ReadRaw();
                Span<byte> copy = destination.GetSpan(value.Length).Slice(0, value.Length);
                value.CopyTo(copy);
                destination.Advance(value.Length);
                return;
            }

            Span<byte> plain = destination.GetSpan(length).Slice(0, length);
            Lz4Decoder.Decode(ref reader, form, plain);
            CheckNotNested(plain);
            destination.Advance(length);
        }

        /// <summary>Throws for decompressed bytes that are themselves compressed (Lz4Decoder.StartsCompressed).</summary>
        internal static void CheckNotNested(ReadOnlySpan<byte> plain)
        {
            if (Lz4Decoder.StartsCompressed(plain))
            {
                ThrowHelper.ThrowInvalid("The compressed value decompresses to another compressed value; compression does not nest.");
            }
        }
    }
}
