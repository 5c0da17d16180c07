using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MsgPack.Spec
{
    /// <summary>
    /// The one validation walk, over <see cref="MsgPackReader"/> (so spans, pointers and sequences share it). Depth is
    /// tracked without recursion, in a stack of "items still to read" per open array or map that lives on the stack
    /// for the default depth and in a pooled array beyond it.
    /// </summary>
    internal static class MsgPackValidator
    {
        // Up to this many levels the counters live on the stack (8 bytes each).
        private const int StackDepth = 128;

        // The families the fast way steps aside for, or looks at twice: ext (timestamps: the general way checks
        // them), and array and map (the depth). A str is checked in place when UTF-8 is checked.
        private const uint StopTypes = (1u << (int)MsgPackType.Extension) | (1u << (int)MsgPackType.Array) | (1u << (int)MsgPackType.Map);

        public static OperationStatus ToOperationStatus(in MsgPackValidationResult result) => result.Error switch
        {
            MsgPackValidationError.None => OperationStatus.Done,
            MsgPackValidationError.Truncated or MsgPackValidationError.LengthPastEnd
                when result.BytesNeeded <= int.MaxValue => OperationStatus.NeedMoreData,
            _ => OperationStatus.InvalidData,
        };

        [SkipLocalsInit]
        public static MsgPackValidationResult Run(MsgPackReader reader, MsgPackValidationOptions options)
        {
            int maxDepth = options.MaxDepth;

            // No input nests deeper than it is long (every array or map header takes a byte), so the counters need
            // min(MaxDepth, input length) + 1 slots, however large MaxDepth is: memory stays bounded by the input,
            // and MaxDepth = int.MaxValue no longer overflows the size.
            long slots = Math.Min(maxDepth, reader.Remaining) + 1;
            if (slots <= StackDepth + 1)
            {
                Span<long> stack = stackalloc long[StackDepth + 1];
                return Walk(reader, options, maxDepth, stack);
            }

            long[] rented = ArrayPool<long>.Shared.Rent((int)Math.Min(slots, int.MaxValue));
            try
            {
                return Walk(reader, options, maxDepth, rented);
            }
            finally
            {
                ArrayPool<long>.Shared.Return(rented);
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
        private static MsgPackValidationResult Walk(MsgPackReader reader, MsgPackValidationOptions options, int maxDepth, Span<long> stack)
        {
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
                    return Fail(MsgPackValidationError.Truncated, offset, offset + headerNeeded, valueStart - start, values);
                }

                if (status != ReadStatus.Done)
                {
                    return Fail(MsgPackValidationError.NeverUsedCode, offset, 0, valueStart - start, values);
                }

                // A header may not announce more than the rest of the input holds: payload bytes, and at least one
                // byte per announced item. Checked before anything reads on, so a lying length costs nothing.
                long tokenLength = token.HeaderLength + token.PayloadLength;
                long remaining = reader.Remaining;
                if (tokenLength > remaining || token.ChildCount > remaining - tokenLength)
                {
                    return Fail(MsgPackValidationError.LengthPastEnd, offset, offset + tokenLength + token.ChildCount, valueStart - start, values);
                }

                MsgPackType tokenType = reader.PeekMsgPackType();
                MsgPackValidationError error = CheckContent(ref reader, options, token, tokenType);
                if (error != MsgPackValidationError.None)
                {
                    return Fail(error, offset, 0, valueStart - start, values);
                }

                if (tokenType is MsgPackType.Array or MsgPackType.Map && depth == maxDepth)
                {
                    return Fail(MsgPackValidationError.DepthExceeded, offset, 0, valueStart - start, values);
                }

                reader.Advance(tokenLength);
                Consume(ref pending, ref depth, stack, token.ChildCount);
            }
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
                        if ((MsgPackType)type is not (MsgPackType.Array or MsgPackType.Map) || depth == maxDepth || childCount >= end - cursor)
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
                        if ((MsgPackType)type is not (MsgPackType.Array or MsgPackType.Map) || depth == maxDepth)
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

        /// <summary>Checks what the structure alone does not tell: timestamps, and UTF-8 unless told not to.</summary>
        private static MsgPackValidationError CheckContent(ref MsgPackReader reader, MsgPackValidationOptions options, TokenHeader token, MsgPackType type)
        {
            if (type == MsgPackType.Extension)
            {
                reader.Peek<ExtensionHeaderDecoder, ExtensionHeader>(out ExtensionHeader header, out _);
                if (header.TypeCode == DataCodes.TimestampExtensionType
                    && reader.Peek<TimestampDecoder, Timestamp>(out _, out _) != ReadStatus.Done)
                {
                    return MsgPackValidationError.InvalidTimestamp;
                }
            }
            else if (type == MsgPackType.String && options.CheckUtf8)
            {
                reader.PeekPayload(token.HeaderLength, (int)token.PayloadLength, out MsgPackPayload utf8, out _);
                if (!MsgPackReader.IsValidUtf8(utf8))
                {
                    return MsgPackValidationError.InvalidUtf8;
                }
            }

            return MsgPackValidationError.None;
        }
    }
}
