namespace MsgPack.Spec
{
    /// <summary>
    /// The one validation walk, over <see cref="MsgPackReader"/> (so spans, pointers and sequences share it). Depth is
    /// tracked without recursion, in a stack of "items still to read" per open array or map that lives on the stack
    /// for the default depth and in a pooled array beyond it, grown as deep as the input really nests.
    /// </summary>
    /// <remarks>
    /// <para>
    /// <b>NeedMoreData or InvalidData.</b> The walk answers NeedMoreData only when the bytes present can still start a
    /// valid document, and then <see cref="MsgPackValidationResult.BytesNeeded"/> is the least input length that could
    /// make one: the rest of the token the input ends in, and one byte for every value still announced around it, at
    /// every level. So a header that announces more items or bytes than have arrived does not stop the walk: the items
    /// that are there are checked first (<c>81 c1</c> is InvalidData, as <see cref="MsgPackSpec.TrySkip(ReadOnlySpan{byte}, out int)"/>
    /// says), and the bytes of a str cut short must be the start of valid UTF-8, those of a timestamp the start of a
    /// valid one.
    /// </para>
    /// <para>
    /// <b>Lengths past 2 GiB.</b> A str, bin or ext payload longer than <see cref="int.MaxValue"/> bytes is
    /// <see cref="MsgPackValidationError.LengthTooLarge"/>: the readers return payloads as spans and lengths as ints,
    /// so no reader of this library could take it. A document (or a run of values) longer than that is fine in a
    /// sequence, whose lengths are longs; a span cannot hold it, so for span and pointer input a BytesNeeded above
    /// <see cref="int.MaxValue"/> is InvalidData.
    /// </para>
    /// </remarks>
    internal static class MsgPackValidator
    {
        // Up to this many levels the counters live on the stack (8 bytes each).
        private const int StackDepth = 128;

        // The families the fast way steps aside for, or looks at twice: ext (timestamps: the general way checks
        // them), and array and map (the depth). A str is checked in place when UTF-8 is checked.
        private const uint StopTypes = (1u << (int)MsgPackType.Extension) | (1u << (int)MsgPackType.Array) | (1u << (int)MsgPackType.Map);

        /// <summary>The status of a result; <paramref name="maxLength"/> is the longest input of the caller's kind (int.MaxValue for a span).</summary>
        public static OperationStatus ToOperationStatus(in MsgPackValidationResult result, long maxLength) => result.Error switch
        {
            MsgPackValidationError.None => OperationStatus.Done,
            MsgPackValidationError.Truncated or MsgPackValidationError.LengthPastEnd
                when result.BytesNeeded <= maxLength => OperationStatus.NeedMoreData,
            _ => OperationStatus.InvalidData,
        };

        [SkipLocalsInit]
        public static MsgPackValidationResult Run(MsgPackReader reader, MsgPackValidationOptions options)
        {
            // The counters start on the stack; a walk that nests deeper than StackDepth moves them to a pooled array
            // twice as large each time (GrowableStack.Grow), so memory follows the depth the input really reaches (every
            // level takes a header byte), never MaxDepth: MaxDepth = int.MaxValue costs nothing up front.
            var stack = new GrowableStack<long>(stackalloc long[StackDepth]);
            try
            {
                return Walk(reader, options, options.MaxDepth, ref stack);
            }
            finally
            {
                stack.Dispose();
            }
        }

        /// <remarks>
        /// Two ways through one token. The fast way (<see cref="WalkSegment{TUtf8}"/>) reads, in place, a token that lies
        /// wholly in the reader's current segment (with a byte for each item it announces) and is not an ext: one
        /// lookup in <see cref="MsgPackSpec.TokenSizeTable"/> for most codes, and no call unless UTF-8 is checked, so
        /// the loop keeps its counters in registers. Every other token (one at or across a segment's end, an ext,
        /// 0xc1, a truncated or lying header, a container too deep, a str that is not UTF-8) takes the general way
        /// through the reader, which reports every problem; the fast way only steps aside for it, so both agree by
        /// construction.
        /// </remarks>
        [SkipLocalsInit]
        private static MsgPackValidationResult Walk(MsgPackReader reader, MsgPackValidationOptions options, int maxDepth, ref GrowableStack<long> depthStack)
        {
            Span<long> stack = depthStack.Span;
            long start = reader.Consumed;
            bool checkUtf8 = options.CheckUtf8;
            long values = 0;
            long valueStart = start;

            // The values still to read in the innermost open array or map (in the top level: 1 until the value is
            // read); stack[0 .. depth - 1] holds the counts of the levels around it.
            long pending = 1;
            int depth = 0;

            while (true)
            {
                if (pending == 0)
                {
                    // A top-level value is complete.
                    values++;
                    valueStart = reader.Consumed;
                    if (reader.End)
                    {
                        return new MsgPackValidationResult(MsgPackValidationError.None, reader.Consumed - start, reader.Consumed - start, values, 0);
                    }

                    if (!options.AllowMultipleValues)
                    {
                        return Fail(MsgPackValidationError.TrailingBytes, valueStart - start, 0, valueStart - start, values);
                    }

                    pending = 1;
                }

                // The fast way, over the current segment.
                int index = checkUtf8
                    ? WalkSegment<Utf8Checked>(ref reader.Head, reader.SegmentRemaining, ref pending, ref depth, stack, maxDepth)
                    : WalkSegment<Utf8NotChecked>(ref reader.Head, reader.SegmentRemaining, ref pending, ref depth, stack, maxDepth);
                reader.AdvanceInSegment(index);
                if (pending == 0)
                {
                    continue;
                }

                // The general way: one token, through the reader.
                long offset = reader.Consumed - start;
                ReadStatus status = reader.Peek<TokenHeaderDecoder, TokenHeader>(out TokenHeader token, out int headerNeeded);
                if (status == ReadStatus.NeedMoreData)
                {
                    // A fixext counts its data as header: one cut short may already be a timestamp that cannot be.
                    return IsCutFixTimestampInvalid(ref reader)
                        ? Fail(MsgPackValidationError.InvalidTimestamp, offset, 0, valueStart - start, values)
                        : Fail(MsgPackValidationError.Truncated, offset, offset + headerNeeded + StillAnnounced(pending, depth, stack), valueStart - start, values);
                }

                if (status != ReadStatus.Done)
                {
                    return Fail(MsgPackValidationError.NeverUsedCode, offset, 0, valueStart - start, values);
                }

                if (token.PayloadLength > int.MaxValue)
                {
                    return Fail(MsgPackValidationError.LengthTooLarge, offset, 0, valueStart - start, values);
                }

                MsgPackType tokenType = reader.PeekMsgPackType();
                long tokenLength = token.HeaderLength + token.PayloadLength;
                bool complete = tokenLength <= reader.Remaining;
                MsgPackValidationError error = CheckContent(ref reader, options, token, tokenType, complete);
                if (error != MsgPackValidationError.None)
                {
                    return Fail(error, offset, 0, valueStart - start, values);
                }

                if (!complete)
                {
                    // The payload has not all arrived, and what has could start a valid one: the least input that
                    // could complete the document is the payload's end and a byte for every value still announced.
                    return Fail(MsgPackValidationError.LengthPastEnd, offset, offset + tokenLength + StillAnnounced(pending, depth, stack), valueStart - start, values);
                }

                // An array or map (even an empty one) is one level deeper. Its items are walked as they come; whether
                // they have all arrived is found out at the end of the input, after the ones present are checked.
                if (tokenType is MsgPackType.Array or MsgPackType.Map && depth == maxDepth)
                {
                    return Fail(MsgPackValidationError.DepthExceeded, offset, 0, valueStart - start, values);
                }

                if (token.ChildCount != 0 && depth == stack.Length)
                {
                    depthStack.Grow();
                    stack = depthStack.Span;
                }

                reader.Advance(tokenLength);
                Consume(ref pending, ref depth, stack, token.ChildCount);
            }
        }

        /// <summary>
        /// The values announced but not reached, besides the one being read: the rest of the innermost level and of
        /// every level around it. Each takes one byte at least.
        /// </summary>
        private static long StillAnnounced(long pending, int depth, Span<long> stack)
        {
            long count = pending - 1;
            for (int level = 0; level < depth; level++)
            {
                count += stack[level];
            }

            return count;
        }

        /// <summary>
        /// The fast way: walks the tokens at <paramref name="head"/> that lie wholly in its <paramref name="available"/>
        /// bytes (with a byte for each item they announce), are not ext values, and (with <see cref="Utf8Checked"/>)
        /// hold valid UTF-8 if they are str values, until one does not or the top-level value is complete; returns the
        /// bytes walked. Without <see cref="Utf8Checked"/> the loop makes no call, so its counters stay in registers.
        /// </summary>
        private static unsafe int WalkSegment<TUtf8>(ref byte head, int available, ref long pendingCount, ref int depthReached, Span<long> stack, int maxDepth)
            where TUtf8 : struct
        {
            long pending = pendingCount;
            int depth = depthReached;
            fixed (byte* start = &head)
            {
                byte* cursor = start;
                byte* end = start + available;
                while (cursor != end)
                {
                    uint code = *cursor;
                    long size = Unsafe.Add(ref MemoryMarshal.GetReference(MsgPackSpec.TokenSizeTable), (nint)code);
                    long childCount = Unsafe.Add(ref MemoryMarshal.GetReference(MsgPackSpec.FixChildCountTable), (nint)code);
                    uint type = (uint)MsgPackSpec.GetMsgPackType((byte)code);
                    bool plain = ((StopTypes >> (int)type) & 1) == 0;
                    if (size == 1)
                    {
                        // A one-byte token, the commonest kind: the cursor moves on by a branch, without waiting for
                        // the looked-up size (as in MsgPackSpec.DecodeSkip).
                        if (plain)
                        {
                            cursor++;
                            if (!Consume(ref pending, ref depth, stack, 0))
                            {
                                break;
                            }

                            continue;
                        }

                        // A fixarray or fixmap.
                        if ((MsgPackType)type is not (MsgPackType.Array or MsgPackType.Map) || depth == maxDepth || depth == stack.Length || childCount >= end - cursor)
                        {
                            break;
                        }

                        cursor++;
                        if (!Consume(ref pending, ref depth, stack, childCount))
                        {
                            break;
                        }

                        continue;
                    }

                    long left = end - cursor;
                    int headerLength = 1;
                    if (size == 0)
                    {
                        if (MsgPackSpec.DecodeTokenHeader(ref *cursor, (int)left, out headerLength, out long payloadLength, out childCount) != ReadStatus.Done)
                        {
                            break;
                        }

                        size = headerLength + payloadLength;
                    }

                    if (size + childCount > left)
                    {
                        break;
                    }

                    if (typeof(TUtf8) == typeof(Utf8Checked) && (MsgPackType)type == MsgPackType.String
                        && !Utf8Text.IsValid(ref cursor[headerLength], (int)(size - headerLength)))
                    {
                        break;
                    }

                    if (plain)
                    {
                        // A scalar, bin, or str whose bytes are not checked: no items.
                        cursor += size;
                        if (!Consume(ref pending, ref depth, stack, 0))
                        {
                            break;
                        }
                    }
                    else
                    {
                        if ((MsgPackType)type is not (MsgPackType.Array or MsgPackType.Map) || depth == maxDepth || depth == stack.Length)
                        {
                            break;
                        }

                        cursor += size;
                        if (!Consume(ref pending, ref depth, stack, childCount))
                        {
                            break;
                        }
                    }
                }

                pendingCount = pending;
                depthReached = depth;
                return (int)(cursor - start);
            }
        }

        /// <summary>The fast way checks str bytes as UTF-8 (a type argument, so that the JIT compiles a copy with the call and one without).</summary>
        private struct Utf8Checked
        {
        }

        /// <summary>The fast way does not look into str bytes.</summary>
        private struct Utf8NotChecked
        {
        }

        /// <summary>
        /// Counts a token as read: one value less at its level, a new level for an array or map with items, and the
        /// levels whose items are all read closed. False when the top-level value is complete.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool Consume(ref long pending, ref int depth, Span<long> stack, long childCount)
        {
            pending--;
            if (childCount != 0)
            {
                // Only an array or a map has items (a fixstr's or fixext's count in the table is 0).
                stack[depth] = pending;
                depth++;
                pending = childCount;
                return true;
            }

            while (pending == 0)
            {
                if (depth == 0)
                {
                    return false;
                }

                depth--;
                pending = stack[depth];
            }

            return true;
        }

        private static MsgPackValidationResult Fail(MsgPackValidationError error, long at, long needed, long consumed, long values) =>
            new MsgPackValidationResult(error, at, consumed, values, needed);

        /// <summary>
        /// Checks what the structure alone does not tell: timestamps, and UTF-8 unless told not to. When the token is
        /// not <paramref name="complete"/>, checks that the bytes present can start a valid one.
        /// </summary>
        private static MsgPackValidationError CheckContent(ref MsgPackReader reader, MsgPackValidationOptions options, TokenHeader token, MsgPackType type, bool complete)
        {
            if (type == MsgPackType.Extension)
            {
                if (reader.Peek<ExtensionHeaderDecoder, ExtensionHeader>(out ExtensionHeader header, out _) != ReadStatus.Done)
                {
                    // The token header decoded, so only the length can be wrong: above int.MaxValue, checked before.
                    return MsgPackValidationError.LengthTooLarge;
                }

                if (header.TypeCode == DataCodes.TimestampExtensionType && !IsTimestampStart(ref reader, token, complete))
                {
                    return MsgPackValidationError.InvalidTimestamp;
                }
            }
            else if (type == MsgPackType.String && options.CheckUtf8)
            {
                int present = (int)Math.Min(token.PayloadLength, reader.Remaining - token.HeaderLength);
                MsgPackPayload utf8 = reader.PeekPresent(token.HeaderLength, present);
                if (complete ? !MsgPackReader.IsValidUtf8(utf8) : !(utf8.IsSingleSpan ? Utf8Text.IsValidPrefix(utf8.Span) : Utf8Text.IsValidPrefix(utf8.Sequence)))
                {
                    return MsgPackValidationError.InvalidUtf8;
                }
            }

            return MsgPackValidationError.None;
        }

        /// <summary>
        /// Whether the input ends inside a fixext of type -1 that cannot become a valid timestamp (see
        /// <see cref="CanStartTimestamp"/>): a fixext counts its data as header, so a cut one never reaches CheckContent.
        /// </summary>
        private static bool IsCutFixTimestampInvalid(ref MsgPackReader reader)
        {
            if (reader.Remaining < 2)
            {
                return false;
            }

            Span<byte> head = stackalloc byte[2];
            reader.PeekPresent(0, 2).CopyTo(head);
            return head[0] >= DataCodes.FixExtension1 && head[0] <= DataCodes.FixExtension16
                && unchecked((sbyte)head[1]) == DataCodes.TimestampExtensionType
                && !CanStartTimestamp(ref reader, 2, 1 << (head[0] - DataCodes.FixExtension1));
        }

        /// <summary>Whether a timestamp (ext type -1) is valid or, cut short, can still be (see <see cref="CanStartTimestamp"/>).</summary>
        private static bool IsTimestampStart(ref MsgPackReader reader, TokenHeader token, bool complete) =>
            complete
                ? reader.Peek<TimestampDecoder, Timestamp>(out _, out _) == ReadStatus.Done
                : CanStartTimestamp(ref reader, token.HeaderLength, token.PayloadLength);

        /// <summary>
        /// Whether a timestamp whose data (<paramref name="dataLength"/> bytes after a header of
        /// <paramref name="headerLength"/>) has not all arrived can still be valid: its length must be 4, 8 or 12, and
        /// its nanoseconds, in the first 4 data bytes of the 8- and 12-byte forms, below 10^9 once those bytes are there.
        /// </summary>
        private static bool CanStartTimestamp(ref MsgPackReader reader, int headerLength, long dataLength)
        {
            if (dataLength is not (4 or 8 or 12))
            {
                return false;
            }

            if (dataLength == 4 || reader.Remaining < headerLength + 4)
            {
                // Timestamp 32 has no nanoseconds; the others' have not arrived yet.
                return true;
            }

            Span<byte> first = stackalloc byte[4];
            reader.PeekPresent(headerLength, 4).CopyTo(first);
            uint word = BigEndian.ReadUInt32(first);
            uint nanoseconds = dataLength == 8 ? word >> 2 : word; // timestamp 64: 30 bits of nanoseconds, then 34 of seconds
            return nanoseconds < Timestamp.NanosecondsPerSecond;
        }
    }
}
