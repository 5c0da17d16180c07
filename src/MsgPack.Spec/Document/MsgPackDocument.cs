namespace MsgPack.Spec
{
    /// <summary>
    /// A MessagePack value parsed once into an index over its bytes, to be looked at anywhere and in any order without
    /// copying the payload: maps by key, arrays by index, scalars, strings as UTF-8 slices, the raw bytes of any value,
    /// in the manner of <c>System.Text.Json.JsonDocument</c>.
    /// </summary>
    /// <remarks>
    /// <para>
    /// <b>What it costs.</b> One pass over the bytes writes one row of 16 bytes per value (map keys included) into
    /// pooled memory (with the value of each integer, bool and float, and the length of each str, bin, ext, array and
    /// map, decoded there once, so a walk reads rows); nothing else is copied or decoded until asked for (<see cref="RootElement"/>). The bytes stay
    /// the caller's (<see cref="Parse(ReadOnlyMemory{byte}, MsgPackDocumentOptions)"/>) and must not change while the
    /// document is in use; a sequence of several segments, and <see cref="ParseValue"/>'s value, are copied into pooled
    /// memory the document owns. <see cref="Dispose"/> gives the memory back: dispose every document (a <c>using</c>).
    /// The document is a handle (a struct): a parse in a steady state allocates nothing at all.
    /// </para>
    /// <para>
    /// <b>Hostile input.</b> The parse is a validation (as <see cref="MsgPackSpec.Validate(ReadOnlySpan{byte}, MsgPackValidationOptions)"/>,
    /// with <see cref="MsgPackDocumentOptions"/>'s depth and UTF-8 settings) that builds the index as it goes, without
    /// recursion, so any depth is safe on any stack; the index grows with the bytes present, never with a count the
    /// input claims; and <see cref="MsgPackDocumentOptions.MaxValueCount"/> bounds it further. A malformed document throws
    /// <see cref="MsgPackValidationException"/> (what is wrong and where, as the validator says it); too many values
    /// throw <see cref="MsgPackException"/>; the <c>TryParse</c> doors never throw for bad input.
    /// </para>
    /// <para>
    /// <b>Lifetime.</b> Elements and enumerators are handles into the document: after <see cref="Dispose"/> they throw
    /// <see cref="ObjectDisposedException"/> (the pooled index is reused, and they notice). <see cref="MsgPackElement.Clone"/>
    /// makes an element that needs no document. Reading one document from several threads at once is safe; disposing
    /// it while another thread reads is not.
    /// </para>
    /// </remarks>
    public readonly struct MsgPackDocument : IDisposable
    {
        private readonly DocumentStore? _store;
        private readonly int _generation;

        internal MsgPackDocument(DocumentStore store)
        {
            _store = store;
            _generation = store.Generation;
        }

        /// <summary>The root value.</summary>
        /// <exception cref="ObjectDisposedException">The document was disposed, or is <c>default</c>.</exception>
        public MsgPackElement RootElement
        {
            get
            {
                CheckLive();
                return new MsgPackElement(_store!, 0, _generation);
            }
        }

        /// <summary>The number of values in the document, map keys included: the rows of its index.</summary>
        /// <exception cref="ObjectDisposedException">The document was disposed, or is <c>default</c>.</exception>
        public int ValueCount
        {
            get
            {
                CheckLive();
                return _store!.RowCount;
            }
        }

        /// <summary>Parses the one MessagePack value <paramref name="msgpack"/> holds.</summary>
        /// <param name="msgpack">One value and nothing after it; the document reads it in place, so it must not change until <see cref="Dispose"/>.</param>
        /// <param name="options">The limits; <c>default</c> for 64 levels and UTF-8 checked.</param>
        /// <returns>The document: dispose it.</returns>
        /// <exception cref="MsgPackValidationException">The input is not one well-formed value within the depth limit (what is wrong, and its offset).</exception>
        /// <exception cref="MsgPackException">The value holds more than <see cref="MsgPackDocumentOptions.MaxValueCount"/> values.</exception>
        public static MsgPackDocument Parse(ReadOnlyMemory<byte> msgpack, MsgPackDocumentOptions options = default)
        {
            DocumentStore store = DocumentStore.Rent();
            store.Memory = msgpack;
            return ParseWhole(store, options);
        }

        /// <summary>Parses the one MessagePack value <paramref name="msgpack"/> holds, in one segment or several.</summary>
        /// <param name="msgpack">One value and nothing after it. One segment is read in place (it must not change until <see cref="Dispose"/>); several are copied into pooled memory first.</param>
        /// <param name="options">The limits; <c>default</c> for 64 levels and UTF-8 checked.</param>
        /// <returns>The document: dispose it.</returns>
        /// <exception cref="MsgPackValidationException">The input is not one well-formed value within the depth limit (what is wrong, and its offset).</exception>
        /// <exception cref="MsgPackException">The value holds more than <see cref="MsgPackDocumentOptions.MaxValueCount"/> values, or the input is longer than 2 GiB.</exception>
        public static MsgPackDocument Parse(ReadOnlySequence<byte> msgpack, MsgPackDocumentOptions options = default)
        {
            if (msgpack.IsSingleSegment)
            {
                return Parse(msgpack.First, options);
            }

            if (msgpack.Length > int.MaxValue)
            {
                ThrowTooLong(msgpack.Length);
            }

            DocumentStore store = DocumentStore.Rent();
            CopyIn(store, msgpack, (int)msgpack.Length);
            return ParseWhole(store, options);
        }

        /// <summary>
        /// Tries to parse the MessagePack value at the start of <paramref name="msgpack"/> (bytes after it are left
        /// alone: the next value of a stream); never throws for bad input.
        /// </summary>
        /// <param name="msgpack">The input; the document reads it in place, so it must not change until <see cref="Dispose"/>.</param>
        /// <param name="document">The document when the result is Done (dispose it); <c>default</c> otherwise.</param>
        /// <param name="bytesConsumed">Done: the value's length. NeedMoreData: the least input length that could complete it (the validator's <see cref="MsgPackValidationResult.BytesNeeded"/>). InvalidData: 0.</param>
        /// <param name="options">The limits; <c>default</c> for 64 levels and UTF-8 checked.</param>
        /// <returns>Done; NeedMoreData when the input ends inside a value whose bytes so far are well formed; InvalidData for anything else, a limit passed included.</returns>
        public static OperationStatus TryParse(ReadOnlyMemory<byte> msgpack, out MsgPackDocument document, out int bytesConsumed, MsgPackDocumentOptions options = default)
        {
            DocumentStore store = DocumentStore.Rent();
            store.Memory = msgpack;
            OperationStatus status = TryParseStart(store, options, out document, out long consumed);
            bytesConsumed = (int)consumed;
            return status;
        }

        /// <summary>
        /// Tries to parse the MessagePack value at the start of <paramref name="msgpack"/>, in one segment or several
        /// (a pipe's buffer); never throws for bad input.
        /// </summary>
        /// <param name="msgpack">The input. One segment is read in place (it must not change until <see cref="Dispose"/>); from several, the value's bytes are copied into pooled memory first.</param>
        /// <param name="document">The document when the result is Done (dispose it); <c>default</c> otherwise.</param>
        /// <param name="bytesConsumed">Done: the value's length (<c>msgpack.Slice(bytesConsumed)</c> is what follows it). NeedMoreData: the least input length that could complete it. InvalidData: 0.</param>
        /// <param name="options">The limits; <c>default</c> for 64 levels and UTF-8 checked.</param>
        /// <returns>Done; NeedMoreData when the input ends inside a value whose bytes so far are well formed; InvalidData for anything else, a limit passed included.</returns>
        public static OperationStatus TryParse(ReadOnlySequence<byte> msgpack, out MsgPackDocument document, out long bytesConsumed, MsgPackDocumentOptions options = default)
        {
            if (msgpack.IsSingleSegment)
            {
                OperationStatus status = TryParse(msgpack.First, out document, out int consumed, options);
                bytesConsumed = consumed;
                return status;
            }

            // Only the first value's bytes are copied when it is whole (a buffer may hold many values behind it).
            var reader = new MsgPackReader(msgpack);
            long length = reader.TrySkip() == OperationStatus.Done ? reader.Consumed : msgpack.Length;
            if (length > int.MaxValue)
            {
                document = default;
                bytesConsumed = 0;
                return OperationStatus.InvalidData;
            }

            DocumentStore store = DocumentStore.Rent();
            CopyIn(store, msgpack, (int)length);
            return TryParseStart(store, options, out document, out bytesConsumed);
        }

        /// <summary>
        /// Reads the next value of <paramref name="reader"/> into a document of its own: its bytes are copied into
        /// pooled memory (the reader's input need not outlive the document). For a member of type
        /// <see cref="MsgPackDocument"/>, or to keep one value of a larger input.
        /// </summary>
        /// <param name="reader">The reader; moved past the value only when it is read.</param>
        /// <param name="options">The limits; <c>default</c> for 64 levels and UTF-8 checked.</param>
        /// <returns>The document: dispose it.</returns>
        /// <exception cref="MsgPackException">The input ends inside the value or is not one (the reader's exceptions, or <see cref="MsgPackValidationException"/>), or a limit is passed.</exception>
        public static MsgPackDocument ParseValue(ref MsgPackReader reader, MsgPackDocumentOptions options = default)
        {
            MsgPackReader probe = reader;
            MsgPackPayload value = probe.ReadRaw();
            DocumentStore store = DocumentStore.Rent();
            CopyIn(store, value);
            MsgPackDocument document = ParseWhole(store, options);
            reader = probe;
            return document;
        }

        /// <summary>Tries to read the next value of <paramref name="reader"/> into a document of its own (see <see cref="ParseValue"/>); never throws for bad input.</summary>
        /// <param name="reader">The reader; moved past the value only when the result is Done.</param>
        /// <param name="document">The document when the result is Done (dispose it); <c>default</c> otherwise.</param>
        /// <param name="options">The limits; <c>default</c> for 64 levels and UTF-8 checked.</param>
        /// <returns>Done; NeedMoreData when the input ends inside the value; InvalidData for anything else, a limit passed included.</returns>
        public static OperationStatus TryParseValue(ref MsgPackReader reader, out MsgPackDocument document, MsgPackDocumentOptions options = default)
        {
            MsgPackReader probe = reader;
            OperationStatus status = probe.TryReadRaw(out MsgPackPayload value);
            if (status != OperationStatus.Done)
            {
                document = default;
                return status;
            }

            DocumentStore store = DocumentStore.Rent();
            CopyIn(store, value);
            status = TryParseStart(store, options, out document, out _);
            if (status == OperationStatus.Done)
            {
                reader = probe;
            }

            // The raw value is whole, so the parse cannot want more bytes: what fails is invalid.
            return status == OperationStatus.NeedMoreData ? OperationStatus.InvalidData : status;
        }

        /// <summary>Writes the document's value, its bytes as they are.</summary>
        /// <param name="writer">The writer.</param>
        /// <exception cref="ObjectDisposedException">The document was disposed, or is <c>default</c>.</exception>
        public void WriteTo(ref MsgPackWriter writer) => RootElement.WriteTo(ref writer);

        /// <summary>Gives the pooled index (and the copied bytes, if any) back; every element of the document is then unusable. A second call does nothing.</summary>
        public void Dispose() => _store?.Release(_generation);

        private void CheckLive()
        {
            if (_store == null || _store.Generation != _generation)
            {
                ThrowHelper.ThrowObjectDisposed(nameof(MsgPackDocument));
            }
        }

        /// <summary>Parses exactly one value, or throws (and gives the store back).</summary>
        private static MsgPackDocument ParseWhole(DocumentStore store, in MsgPackDocumentOptions options)
        {
            ReadOnlySpan<byte> bytes = store.Span;
            ParseOutcome outcome = DocumentParser.Parse(store, bytes, options, out int consumed);
            if (outcome == ParseOutcome.Done && consumed == bytes.Length)
            {
                store.Length = consumed;
                return new MsgPackDocument(store);
            }

            // The validator reads the bytes before the store gives them back (they may be its pooled copy).
            MsgPackValidationResult result = outcome == ParseOutcome.Malformed ? Diagnose(bytes, options, allowMultipleValues: false) : default;
            store.Abandon();
            if (outcome == ParseOutcome.TooManyValues)
            {
                ThrowTooManyValues(options.MaxValueCount, consumed);
            }

            if (outcome == ParseOutcome.Done)
            {
                throw new MsgPackValidationException(MsgPackValidationError.TrailingBytes, consumed);
            }

            if (result.Error == MsgPackValidationError.None)
            {
                ThrowDisagreement(consumed);
            }

            throw new MsgPackValidationException(result.Error, result.Offset);
        }

        /// <summary>Parses the value at the start of the store's bytes; never throws for bad input.</summary>
        private static OperationStatus TryParseStart(DocumentStore store, in MsgPackDocumentOptions options, out MsgPackDocument document, out long bytesConsumed)
        {
            ReadOnlySpan<byte> bytes = store.Span;
            ParseOutcome outcome = DocumentParser.Parse(store, bytes, options, out int consumed);
            if (outcome == ParseOutcome.Done)
            {
                store.Length = consumed;
                document = new MsgPackDocument(store);
                bytesConsumed = consumed;
                return OperationStatus.Done;
            }

            document = default;
            bytesConsumed = 0;
            if (outcome == ParseOutcome.TooManyValues)
            {
                store.Abandon();
                return OperationStatus.InvalidData;
            }

            // The value at the start failed; the values after it do not matter (multiple values allowed), and the
            // validator says whether more bytes could complete it (before the store gives its bytes back).
            MsgPackValidationResult result = Diagnose(bytes, options, allowMultipleValues: true);
            store.Abandon();
            OperationStatus status = MsgPackValidator.ToOperationStatus(result, int.MaxValue);
            if (status == OperationStatus.NeedMoreData)
            {
                bytesConsumed = result.BytesNeeded;
                return status;
            }

            return OperationStatus.InvalidData;
        }

        /// <summary>What is wrong with a document the parse refused, as the validator with the same options says it.</summary>
        private static MsgPackValidationResult Diagnose(ReadOnlySpan<byte> bytes, in MsgPackDocumentOptions options, bool allowMultipleValues)
        {
            var validation = new MsgPackValidationOptions
            {
                MaxDepth = options.MaxDepth,
                CheckUtf8 = options.CheckUtf8,
                AllowMultipleValues = allowMultipleValues,
            };
            return MsgPackValidator.Run(new MsgPackReader(bytes), validation);
        }

        private static void CopyIn(DocumentStore store, ReadOnlySequence<byte> source, int length)
        {
            byte[] bytes = ArrayPool<byte>.Shared.Rent(Math.Max(length, 1));
            source.Slice(0, length).CopyTo(bytes);
            store.RentedBytes = bytes;
            store.Memory = new ReadOnlyMemory<byte>(bytes, 0, length);
        }

        private static void CopyIn(DocumentStore store, MsgPackPayload value)
        {
            byte[] bytes = ArrayPool<byte>.Shared.Rent(Math.Max(value.Length, 1));
            ThrowHelper.ThrowIfFailed(value.TryCopyTo(bytes), "MsgPackPayload.TryCopyTo");
            store.RentedBytes = bytes;
            store.Memory = new ReadOnlyMemory<byte>(bytes, 0, value.Length);
        }

        [System.Diagnostics.CodeAnalysis.DoesNotReturn]
        private static void ThrowTooManyValues(int limit, int offset) =>
            throw new MsgPackException($"The document holds more than MaxValueCount ({limit}) values: the value at offset {offset} is one too many.");

        [System.Diagnostics.CodeAnalysis.DoesNotReturn]
        private static void ThrowTooLong(long length) =>
            throw new MsgPackException($"The input is {length} bytes long: a document holds at most 2,147,483,647.");

        [System.Diagnostics.CodeAnalysis.DoesNotReturn]
        private static void ThrowDisagreement(int offset) =>
            throw new MsgPackException($"The document's parse refused the value at offset {offset}, which the validator accepts: an internal error of MsgPack.Spec.");
    }
}
