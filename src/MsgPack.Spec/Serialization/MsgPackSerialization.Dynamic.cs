namespace MsgPack.Spec.Serialization
{
    // Members of type object, MsgPackElement and MsgPackDocument: the calls the generated code makes for them. The
    // generated code first tries the types generated in its own assembly (a type switch it writes, no reflection);
    // anything else comes here, to MsgPackDynamic, whose shapes are MessagePack-CSharp's for object.
    public static partial class MsgPackSerialization
    {
        /// <summary>Writes a value of a member of type <see cref="object"/> by its runtime type (<see cref="MsgPackDynamic"/>), as MessagePack-CSharp writes an <c>object</c> member.</summary>
        /// <param name="writer">The writer.</param>
        /// <param name="value">The value.</param>
        /// <param name="path">The member, for the exception: <c>Order.Extra</c>, <c>Order.Extra[]</c> for an element.</param>
        /// <exception cref="MsgPackSerializationException">The value (or a value inside it) is of a type that cannot be written without its type: the message names it and the member.</exception>
        public static void WriteDynamic(ref MsgPackWriter writer, object? value, string path)
        {
            try
            {
                MsgPackDynamic.Write(ref writer, value);
            }
            catch (Exception e) when (e is NotSupportedException or InvalidOperationException)
            {
                throw MsgPackSerializationException.ForWrite(path, value, e);
            }
        }

        /// <summary>Writes a value of a member of type <see cref="object"/> by its runtime type into a span, and moves the span past it.</summary>
        /// <param name="destination">Where to write; on return, the rest of it.</param>
        /// <param name="value">The value.</param>
        /// <param name="path">The member, for the exception.</param>
        /// <exception cref="MsgPackSerializationException">The value (or a value inside it) is of a type that cannot be written without its type.</exception>
        public static void WriteDynamic(ref Span<byte> destination, object? value, string path)
        {
            try
            {
                MsgPackDynamic.Write(ref destination, value);
            }
            catch (Exception e) when (e is NotSupportedException or InvalidOperationException)
            {
                throw MsgPackSerializationException.ForWrite(path, value, e);
            }
        }

        /// <summary>The bytes <see cref="WriteDynamic(ref MsgPackWriter, object, string)"/> writes for <paramref name="value"/>.</summary>
        /// <param name="value">The value.</param>
        /// <param name="path">The member, for the exception.</param>
        /// <returns>The length in bytes.</returns>
        /// <exception cref="MsgPackSerializationException">The value (or a value inside it) is of a type that cannot be written without its type.</exception>
        public static int GetDynamicEncodedLength(object? value, string path)
        {
            try
            {
                return MsgPackDynamic.GetEncodedLength(value);
            }
            catch (Exception e) when (e is NotSupportedException or InvalidOperationException)
            {
                throw MsgPackSerializationException.ForWrite(path, value, e);
            }
        }

        /// <summary>
        /// Reads a value of a member of type <see cref="object"/> into <see cref="MsgPackDynamic"/>'s shapes (those of
        /// MessagePack-CSharp's <c>object</c>), or records why not; never throws for bad input. Its arrays and maps count
        /// towards <see cref="MaxDepth"/> with the generated objects around it.
        /// </summary>
        /// <param name="reader">The reader.</param>
        /// <param name="depth">The value's depth: how many generated objects contain it.</param>
        /// <param name="value">The value; <see langword="null"/> for nil, and on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadDynamic(ref MsgPackReader reader, int depth, out object? value, ref MsgPackReadFailure failure) =>
            MsgPackDynamic.TryRead(ref reader, Math.Max(0, MaxDepth + 1 - depth), out value, ref failure);

        /// <summary>Writes a member of type <see cref="MsgPackElement"/> into a span: its bytes as they are.</summary>
        /// <param name="destination">Where to write; on return, the rest of it.</param>
        /// <param name="value">The element.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small.</exception>
        /// <exception cref="ObjectDisposedException">The element's document was disposed.</exception>
        public static void WriteElement(ref Span<byte> destination, MsgPackElement value)
        {
            ReadOnlySpan<byte> raw = value.GetRawBytes().Span;
            if (raw.Length > destination.Length)
            {
                ThrowHelper.ThrowDestinationTooSmall(raw.Length, destination.Length);
            }

            raw.CopyTo(destination);
            destination = destination.Slice(raw.Length);
        }

        /// <summary>
        /// Reads a member of type <see cref="MsgPackElement"/>: the next value, whole and valid (within <see cref="MaxDepth"/>
        /// with the generated objects around it), copied into an element that needs no document; or records why not.
        /// </summary>
        /// <param name="reader">The reader.</param>
        /// <param name="depth">The value's depth: how many generated objects contain it.</param>
        /// <param name="value">The element; <c>default</c> on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadElement(ref MsgPackReader reader, int depth, out MsgPackElement value, ref MsgPackReadFailure failure)
        {
            if (!TryReadDocument(ref reader, depth, out MsgPackDocument document, ref failure))
            {
                value = default;
                return false;
            }

            using (document)
            {
                value = document.RootElement.Clone();
            }

            return true;
        }

        /// <summary>
        /// Reads a member of type <see cref="MsgPackDocument"/>: the next value, whole and valid, copied into a document
        /// of its own (pooled: the owner of the object disposes it); or records why not.
        /// </summary>
        /// <param name="reader">The reader.</param>
        /// <param name="depth">The value's depth: how many generated objects contain it.</param>
        /// <param name="value">The document; <c>default</c> on failure.</param>
        /// <param name="failure">Where a failure is recorded.</param>
        /// <returns><see langword="true"/> when read; <see langword="false"/> when the failure was recorded.</returns>
        public static bool TryReadDocument(ref MsgPackReader reader, int depth, out MsgPackDocument value, ref MsgPackReadFailure failure)
        {
            // The skip records a bad or cut-short value as every member's read records it; the parse then checks
            // what a skip does not (the depth, the UTF-8 of strings) over the whole value.
            long start = reader.Consumed;
            MsgPackReader probe = reader;
            MsgPackCursor cursor = probe.GetCursor();
            if (!TrySkip(ref cursor, ref probe, ref failure))
            {
                value = default;
                return false;
            }

            var options = new MsgPackDocumentOptions { MaxDepth = Math.Max(1, MaxDepth + 1 - depth) };
            if (MsgPackDocument.TryParseValue(ref reader, out value, options) != OperationStatus.Done)
            {
                return failure.Set(FailureReason.NotExpected, start, "a value within the depth limit, its strings valid UTF-8");
            }

            return true;
        }
    }
}
