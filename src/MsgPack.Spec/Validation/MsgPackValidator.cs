using System;
using System.Buffers;

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

        public static OperationStatus ToOperationStatus(in MsgPackValidationResult result) => result.Error switch
        {
            MsgPackValidationError.None => OperationStatus.Done,
            MsgPackValidationError.Truncated or MsgPackValidationError.LengthPastEnd
                when result.BytesNeeded <= int.MaxValue => OperationStatus.NeedMoreData,
            _ => OperationStatus.InvalidData,
        };

        public static MsgPackValidationResult Run(MsgPackReader reader, MsgPackValidationOptions options)
        {
            int maxDepth = options.MaxDepth;

            // No input nests deeper than it is long (every array or map header takes a byte), so the counters need
            // min(MaxDepth, input length) + 1 slots, however large MaxDepth is: memory stays bounded by the input,
            // and MaxDepth = int.MaxValue no longer overflows the size.
            long slots = Math.Min(maxDepth, reader.Remaining) + 1;
            if (slots <= StackDepth + 1)
            {
                Span<long> pending = stackalloc long[StackDepth + 1];
                return Walk(reader, options, maxDepth, pending);
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

        private static MsgPackValidationResult Walk(MsgPackReader reader, MsgPackValidationOptions options, int maxDepth, Span<long> pending)
        {
            long start = reader.Consumed;
            long values = 0;
            long valueStart = start;
            int depth = 0;
            pending[0] = 1;
            while (true)
            {
                // Close the arrays and maps whose items are all read.
                while (depth > 0 && pending[depth] == 0)
                {
                    depth--;
                }

                if (depth == 0 && pending[0] == 0)
                {
                    values++;
                    valueStart = reader.Consumed;
                    if (reader.End)
                    {
                        return new MsgPackValidationResult(MsgPackValidationError.None, reader.Consumed - start, reader.Consumed - start, values, 0);
                    }

                    if (!options.AllowMultipleValues)
                    {
                        return Fail(MsgPackValidationError.TrailingBytes, valueStart - start, 0);
                    }

                    pending[0] = 1;
                }

                long offset = reader.Consumed - start;
                ReadStatus status = reader.Peek<TokenHeaderDecoder, TokenHeader>(out TokenHeader token, out int headerNeeded);
                if (status == ReadStatus.NeedMoreData)
                {
                    return Fail(MsgPackValidationError.Truncated, offset, offset + headerNeeded);
                }

                if (status != ReadStatus.Done)
                {
                    return Fail(MsgPackValidationError.NeverUsedCode, offset, 0);
                }

                // A header may not announce more than the rest of the input holds: payload bytes, and at least one
                // byte per announced item. Checked before anything reads on, so a lying length costs nothing.
                long tokenLength = token.HeaderLength + token.PayloadLength;
                long left = reader.Remaining;
                if (tokenLength > left || token.ChildCount > left - tokenLength)
                {
                    return Fail(MsgPackValidationError.LengthPastEnd, offset, offset + tokenLength + token.ChildCount);
                }

                MsgPackType type = reader.PeekMsgPackType();
                MsgPackValidationError error = CheckContent(ref reader, options, token, type);
                if (error != MsgPackValidationError.None)
                {
                    return Fail(error, offset, 0);
                }

                reader.Advance(tokenLength);
                pending[depth]--;
                if (type is MsgPackType.Array or MsgPackType.Map)
                {
                    if (depth == maxDepth)
                    {
                        return Fail(MsgPackValidationError.DepthExceeded, offset, 0);
                    }

                    if (token.ChildCount != 0)
                    {
                        depth++;
                        pending[depth] = token.ChildCount;
                    }
                }
            }

            MsgPackValidationResult Fail(MsgPackValidationError error, long at, long needed) =>
                new MsgPackValidationResult(error, at, valueStart - start, values, needed);
        }

        /// <summary>Checks what the structure alone does not tell: timestamps, and UTF-8 when asked.</summary>
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
