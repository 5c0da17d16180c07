using System.Collections.Generic;

namespace MsgPack.Spec
{
    // The read: one loop over the values, with a stack of the open arrays and maps, that never throws for bad input.
    public static partial class MsgPackDynamic
    {
        // Boxes shared by every read: a boxed value is immutable, and these are the commonest (fixints, bools).
        private static readonly object[] BoxedBytes = CreateBoxes(i => (byte)i);
        private static readonly object[] BoxedSBytes = CreateBoxes(i => unchecked((sbyte)i));
        private static readonly object True = true;
        private static readonly object False = false;

        // The open containers of the thread's last read, reused by the next (cleared between reads: they hold objects).
        [ThreadStatic]
        private static ReadFrame[]? t_frames;

        private enum FailureKind : byte
        {
            None,

            /// <summary>A token could not be read where the reader stands (truncated, 0xc1, a length past 2 GiB).</summary>
            Token,

            /// <summary>The payload of a str, bin or ext after its header is cut short (<see cref="ReadFailure.Detail"/> bytes).</summary>
            Payload,

            /// <summary>A str is not UTF-8.</summary>
            Utf8,

            /// <summary>An array or map announces more values (<see cref="ReadFailure.Detail"/> items or entries) than bytes are left.</summary>
            Count,
            Depth,
            Values,
            NilKey,
            DuplicateKey,
        }

        /// <summary>Why a read failed, and where: what <see cref="ThrowReadFailure"/> turns into the exception.</summary>
        private struct ReadFailure
        {
            public FailureKind Kind;
            public long Offset;
            public long Detail;
            public long Remaining;
            public bool Map;
        }

        /// <summary>An open array (items still to come) or map (entries, and a key waiting for its value).</summary>
        private struct ReadFrame
        {
            public object?[]? Array;
            public Dictionary<object, object?>? Map;
            public int Count;
            public int Index;
            public object? Key;
            public long KeyOffset;

            /// <summary>The fewest bytes the containers around this one still need after it ends.</summary>
            public long Owed;
        }

        /// <summary>
        /// The fewest bytes an open container and the ones around it still need after the value being read as its next
        /// item (or key, or a key's value): a byte an item, a key and a value each.
        /// </summary>
        private static long Owed(long owedAround, int count, int index, bool isMap, bool keyNext)
        {
            long itemsAfter = count - index - 1L;
            return owedAround + (!isMap ? itemsAfter : (2 * itemsAfter) + (keyNext ? 1 : 0));
        }

        private static object[] CreateBoxes(Func<int, object> box)
        {
            var boxes = new object[256];
            for (int i = 0; i < boxes.Length; i++)
            {
                boxes[i] = box(i);
            }

            return boxes;
        }

        /// <summary>
        /// Reads one value into <paramref name="result"/>; any status but Done says what failed in
        /// <paramref name="failure"/>, and the reader then stands where the failing read was tried (for
        /// <see cref="ThrowReadFailure"/>), the caller's reader untouched (it reads a copy).
        /// </summary>
        /// <remarks>
        /// The values are read through the reader's current segment, held in <c>rest</c> as a cursor holds it, and
        /// decoded there by the token core; a token or payload that does not lie whole in it goes to the reader
        /// (across segments, or to fail). Absolute offsets are <c>segmentEnd - rest.Length</c>, with the end of the
        /// current segment recomputed after each trip to the reader.
        /// </remarks>
        private static ReadStatus ReadCore(ref MsgPackReader reader, int maxDepth, int maxValues, out object? result, out ReadFailure failure)
        {
            ReadFrame[] frames = t_frames ?? new ReadFrame[16];
            t_frames = null;
            int depth = 0;
            int deepest = 0;

            // The innermost open container (depth > 0): an array, or a map and the key waiting for its value; the
            // ones around it are in the frames, frames[depth - 2] the next one out.
            object?[]? array = null;
            Dictionary<object, object?>? map = null;
            int items = 0;
            int index = 0;
            object? key = null;
            long keyOffset = 0;
            long owed = 0;
            long values = 0;
            long inputEnd = reader.Consumed + reader.Remaining;
            long segmentEnd = reader.Consumed + reader.SegmentRemaining;
            ReadOnlySpan<byte> rest = reader.UnreadSegment;
            failure = default;
            result = null;
            ReadStatus status = ReadStatus.Done;
            try
            {
                while (true)
                {
                    long offset = segmentEnd - rest.Length;
                    object? value;
                    bool isMap;
                    int count;

                    // The commonest tokens, whole in the segment, decoded here from their first byte: integers (fixints
                    // from the shared boxes), nil, bool, the floats, timestamps 32 and 64, fixstr and str 8, and the
                    // headers of fixmap and fixarray. The order of the checks is the general path's: the token, the
                    // value count, then its payload.
                    if (!rest.IsEmpty)
                    {
                        uint code = rest[0];
                        if (code <= DataCodes.MaxPositiveFixInt || code >= DataCodes.MinNegativeFixInt)
                        {
                            if (++values > maxValues)
                            {
                                goto TooManyValues;
                            }

                            value = code <= DataCodes.MaxPositiveFixInt ? BoxedBytes[code] : BoxedSBytes[code];
                            rest = rest.Slice(1);
                            goto Complete;
                        }

                        if (code <= DataCodes.MaxFixArray)
                        {
                            if (++values > maxValues)
                            {
                                goto TooManyValues;
                            }

                            isMap = code <= DataCodes.MaxFixMap;
                            count = (int)(code & 0x0f);
                            rest = rest.Slice(1);
                            goto Open;
                        }

                        if (code - DataCodes.UInt8 <= DataCodes.Int64 - DataCodes.UInt8)
                        {
                            // uint 8 to int 64: 2 to 9 bytes.
                            int size = 1 << (int)((code - DataCodes.UInt8) & 3);
                            if (size < rest.Length)
                            {
                                if (++values > maxValues)
                                {
                                    goto TooManyValues;
                                }

                                value = BoxInteger(code, ref Unsafe.Add(ref MemoryMarshal.GetReference(rest), 1));
                                rest = rest.Slice(1 + size);
                                goto Complete;
                            }
                        }

                        if (code == DataCodes.Nil || code - DataCodes.False <= DataCodes.True - DataCodes.False)
                        {
                            if (++values > maxValues)
                            {
                                goto TooManyValues;
                            }

                            value = code == DataCodes.Nil ? null : code == DataCodes.True ? True : False;
                            rest = rest.Slice(1);
                            goto Complete;
                        }

                        if (code == DataCodes.Float64 && rest.Length >= 9)
                        {
                            if (++values > maxValues)
                            {
                                goto TooManyValues;
                            }

                            value = BigEndian.ReadDouble(ref Unsafe.Add(ref MemoryMarshal.GetReference(rest), 1));
                            rest = rest.Slice(9);
                            goto Complete;
                        }

                        if (code == DataCodes.Float32 && rest.Length >= 5)
                        {
                            if (++values > maxValues)
                            {
                                goto TooManyValues;
                            }

                            value = BigEndian.ReadSingle(ref Unsafe.Add(ref MemoryMarshal.GetReference(rest), 1));
                            rest = rest.Slice(5);
                            goto Complete;
                        }

                        if (code is DataCodes.FixExtension4 or DataCodes.FixExtension8
                            && MsgPackSpec.DecodeTimestamp(ref MemoryMarshal.GetReference(rest), rest.Length, out Timestamp stamp, out int stampLength) == ReadStatus.Done)
                        {
                            // A timestamp 32 or 64 whole in the segment (anything else, a bad one too, takes the token path).
                            if (++values > maxValues)
                            {
                                goto TooManyValues;
                            }

                            value = stamp.FitsDateTime ? stamp.ToDateTime() : (object)stamp;
                            rest = rest.Slice(stampLength);
                            goto Complete;
                        }

                        int length = (int)(code - DataCodes.MinFixString);
                        int header = 1;
                        if (code == DataCodes.String8 && rest.Length >= 2)
                        {
                            length = rest[1];
                            header = 2;
                        }

                        if ((uint)length <= byte.MaxValue && (header == 2 || length <= 0x1f) && header + length <= rest.Length)
                        {
                            if (++values > maxValues)
                            {
                                goto TooManyValues;
                            }

                            if (!Utf8Text.TryDecode(rest.Slice(header, length), out string text))
                            {
                                failure.Kind = FailureKind.Utf8;
                                failure.Offset = offset;
                                return status = ReadStatus.InvalidUtf8;
                            }

                            value = text;
                            rest = rest.Slice(header + length);
                            goto Complete;
                        }
                    }

                    // A float 32's value as a float, every bit kept: the token holds it widened to a double, which
                    // turns a signalling NaN into a quiet one, and the first-byte decode above keeps the bits.
                    float single = 0;
                    if (MsgPackSpec.DecodeToken(ref MemoryMarshal.GetReference(rest), rest.Length, out MsgPackToken token, out int tokenLength) == ReadStatus.Done)
                    {
                        if (token.Code == DataCodes.Float32)
                        {
                            single = BigEndian.ReadSingle(ref Unsafe.Add(ref MemoryMarshal.GetReference(rest), 1));
                        }

                        rest = rest.Slice(tokenLength);
                    }
                    else
                    {
                        reader.SetPlace(rest);
                        MsgPackReader tokenStart = reader;
                        status = (ReadStatus)reader.TryReadToken(out token);
                        if (status != ReadStatus.Done)
                        {
                            failure.Kind = FailureKind.Token;
                            failure.Offset = offset;
                            return status;
                        }

                        if (token.Code == DataCodes.Float32)
                        {
                            // Across segments: read again as a float (it is there: the token was, so this is Done;
                            // the status is still the one that counts).
                            status = (ReadStatus)tokenStart.TryReadSingle(out single);
                            if (status != ReadStatus.Done)
                            {
                                failure.Kind = FailureKind.Token;
                                failure.Offset = offset;
                                return status;
                            }
                        }

                        rest = reader.UnreadSegment;
                        segmentEnd = reader.Consumed + reader.SegmentRemaining;
                    }

                    if (++values > maxValues)
                    {
                        goto TooManyValues;
                    }

                    switch (token.Type)
                    {
                        case MsgPackType.Nil:
                            value = null;
                            break;
                        case MsgPackType.Boolean:
                            value = token.GetBoolean() ? True : False;
                            break;
                        case MsgPackType.Integer:
                            value = BoxInteger(token);
                            break;
                        case MsgPackType.Float:
                            value = token.Code == DataCodes.Float32 ? single : (object)token.GetDouble();
                            break;
                        case MsgPackType.Timestamp:
                            Timestamp timestamp = token.GetTimestamp();
                            value = timestamp.FitsDateTime ? timestamp.ToDateTime() : (object)timestamp;
                            break;
                        case MsgPackType.String:
                        case MsgPackType.Binary:
                        case MsgPackType.Extension:
                        {
                            int length = token.Length;
                            if (length <= rest.Length)
                            {
                                ReadOnlySpan<byte> payload = rest.Slice(0, length);
                                rest = rest.Slice(length);
                                if (!TryMakeScalar(token, payload, out value))
                                {
                                    failure.Kind = FailureKind.Utf8;
                                    failure.Offset = offset;
                                    return status = ReadStatus.InvalidUtf8;
                                }
                            }
                            else
                            {
                                reader.SetPlace(rest);
                                status = (ReadStatus)reader.TryReadBytes(length, out MsgPackPayload payload);
                                if (status != ReadStatus.Done)
                                {
                                    failure.Kind = FailureKind.Payload;
                                    failure.Offset = offset;
                                    failure.Detail = length;
                                    return status;
                                }

                                if (!TryMakeScalar(token, payload, out value))
                                {
                                    failure.Kind = FailureKind.Utf8;
                                    failure.Offset = offset;
                                    return status = ReadStatus.InvalidUtf8;
                                }

                                rest = reader.UnreadSegment;
                                segmentEnd = reader.Consumed + reader.SegmentRemaining;
                            }

                            break;
                        }

                        default:
                            isMap = token.Type == MsgPackType.Map;
                            count = token.Count;
                            goto Open;
                    }

                    goto Complete;

                Open:
                    {
                        // An array or map: a level, an empty one too; room for its values before anything is allocated.
                        if (depth >= maxDepth)
                        {
                            failure.Kind = FailureKind.Depth;
                            failure.Offset = offset;
                            return status = ReadStatus.UnexpectedCode;
                        }

                        long remaining = inputEnd - (segmentEnd - rest.Length);
                        if ((isMap ? 2L * count : count) > remaining)
                        {
                            failure.Kind = FailureKind.Count;
                            failure.Offset = offset;
                            failure.Detail = count;
                            failure.Remaining = remaining;
                            failure.Map = isMap;
                            return status = ReadStatus.NeedMoreData;
                        }

                        if (count == 0)
                        {
                            value = isMap ? new Dictionary<object, object?>(0, DynamicKeyComparer.Instance) : System.Array.Empty<object?>();
                            goto Complete;
                        }

                        // Room for every item only when the bytes left can hold them and what the containers around
                        // still need after this one: each presized slot then stands for a byte of its own, so nested
                        // headers that each claim what is left allocate no more than the input justifies. Complete
                        // input always passes; cut input gets what its bytes justify, and the container grows as its
                        // items arrive, up to the point where the read says NeedMoreData.
                        long owedAfter = depth == 0 ? 0 : Owed(owed, items, index, map != null, key == null);
                        long room = remaining - owedAfter;
                        int capacity = (isMap ? 2L * count : count) <= room ? count : (int)Math.Max(1, room / (isMap ? 2 : 1));

                        // The innermost container moves into the frames (the locals take the new one); the frames
                        // hold the ones around it.
                        if (depth > 0)
                        {
                            if (depth > frames.Length)
                            {
                                System.Array.Resize(ref frames, frames.Length * 2);
                            }

                            ref ReadFrame saved = ref frames[depth - 1];
                            saved.Array = array;
                            saved.Map = map;
                            saved.Count = items;
                            saved.Index = index;
                            saved.Key = key;
                            saved.KeyOffset = keyOffset;
                            saved.Owed = owed;
                        }

                        depth++;
                        deepest = Math.Max(deepest, depth);
                        items = count;
                        index = 0;
                        key = null;
                        owed = owedAfter;
                        if (isMap)
                        {
                            array = null;
                            map = new Dictionary<object, object?>(capacity, DynamicKeyComparer.Instance);
                        }
                        else
                        {
                            map = null;
                            array = new object?[capacity];
                        }

                        continue;
                    }

                Complete:
                    // A whole value: it goes into the innermost open container, and may complete it (and the ones around).
                    while (true)
                    {
                        if (depth == 0)
                        {
                            reader.SetPlace(rest);
                            result = value;
                            return status;
                        }

                        if (array != null)
                        {
                            // The array is an object?[] made here: its items are stored without the covariance check
                            // of a store into an array of references, which cannot fail.
                            Unsafe.Add(ref MemoryMarshal.GetReference(array.AsSpan()), index) = value;
                            if (++index < items)
                            {
                                if (index == array.Length)
                                {
                                    // Cut input only (see Open): twice the room, as the items have come.
                                    System.Array.Resize(ref array, (int)Math.Min(items, 2L * index));
                                }

                                break;
                            }

                            value = array;
                        }
                        else
                        {
                            if (key == null)
                            {
                                // The value is a key (nothing is a null key: nil keys fail here).
                                if (value == null)
                                {
                                    failure.Kind = FailureKind.NilKey;
                                    failure.Offset = offset;
                                    return status = ReadStatus.UnexpectedCode;
                                }

                                key = value;
                                keyOffset = offset;
                                break;
                            }

                            // One lookup: a key already there is replaced, and the count says so (Dictionary.TryAdd is
                            // not in netstandard2.0).
                            int before = map!.Count;
                            map[key] = value;
                            if (map.Count == before)
                            {
                                failure.Kind = FailureKind.DuplicateKey;
                                failure.Offset = keyOffset;
                                return status = ReadStatus.UnexpectedCode;
                            }

                            key = null;
                            if (++index < items)
                            {
                                break;
                            }

                            value = map;
                        }

                        // The container is whole: the one around it comes back from the frames.
                        if (--depth > 0)
                        {
                            ref ReadFrame outer = ref frames[depth - 1];
                            array = outer.Array;
                            map = outer.Map;
                            items = outer.Count;
                            index = outer.Index;
                            key = outer.Key;
                            keyOffset = outer.KeyOffset;
                            owed = outer.Owed;
                            outer = default;
                        }
                    }

                    continue;

                TooManyValues:
                    failure.Kind = FailureKind.Values;
                    failure.Offset = offset;
                    return status = ReadStatus.UnexpectedCode;
                }
            }
            finally
            {
                if (status != ReadStatus.Done)
                {
                    // The reader stands where the failing read was tried (a token's or a payload's start).
                    result = null;
                }

                frames.AsSpan(0, Math.Min(deepest, frames.Length)).Clear();
                t_frames = frames;
            }
        }

        /// <summary>An integer boxed as the type its format implies (MessagePack-CSharp's choice), fixints from the shared boxes.</summary>
        private static object BoxInteger(MsgPackToken token)
        {
            byte code = token.Code;
            if (code <= DataCodes.MaxPositiveFixInt)
            {
                return BoxedBytes[code];
            }

            if (code >= DataCodes.MinNegativeFixInt)
            {
                return BoxedSBytes[code];
            }

            return code switch
            {
                DataCodes.UInt8 => BoxedBytes[(byte)token.GetUInt64()],
                DataCodes.UInt16 => (ushort)token.GetUInt64(),
                DataCodes.UInt32 => (uint)token.GetUInt64(),
                DataCodes.UInt64 => token.GetUInt64(),
                DataCodes.Int8 => BoxedSBytes[(byte)token.GetInt64()],
                DataCodes.Int16 => (short)token.GetInt64(),
                DataCodes.Int32 => (int)token.GetInt64(),
                _ => token.GetInt64(),
            };
        }

        /// <summary>
        /// An integer of format uint 8 to int 64 from the bytes after its code, boxed as <see cref="BoxInteger(MsgPackToken)"/>
        /// boxes it (the first-byte path of the read; the token path serves a token cut by a segment).
        /// </summary>
        private static object BoxInteger(uint code, ref byte data) => code switch
        {
            DataCodes.UInt8 => BoxedBytes[data],
            DataCodes.UInt16 => BigEndian.ReadUInt16(ref data),
            DataCodes.UInt32 => BigEndian.ReadUInt32(ref data),
            DataCodes.UInt64 => BigEndian.ReadUInt64(ref data),
            DataCodes.Int8 => BoxedSBytes[data],
            DataCodes.Int16 => BigEndian.ReadInt16(ref data),
            DataCodes.Int32 => BigEndian.ReadInt32(ref data),
            _ => BigEndian.ReadInt64(ref data),
        };

        /// <summary>A str, bin or ext from its payload: false for a str that is not UTF-8.</summary>
        private static bool TryMakeScalar(MsgPackToken token, ReadOnlySpan<byte> payload, out object? value)
        {
            switch (token.Type)
            {
                case MsgPackType.String:
                    bool valid = Utf8Text.TryDecode(payload, out string text);
                    value = text;
                    return valid;
                case MsgPackType.Binary:
                    value = payload.ToArray();
                    return true;
                default:
                    value = new MsgPackExtension(token.ExtensionType, payload.ToArray());
                    return true;
            }
        }

        /// <summary>The same from a payload that straddles segments.</summary>
        private static bool TryMakeScalar(MsgPackToken token, MsgPackPayload payload, out object? value)
        {
            if (payload.IsSingleSpan)
            {
                return TryMakeScalar(token, payload.Span, out value);
            }

            if (token.Type == MsgPackType.String)
            {
                bool valid = MsgPackReader.TryDecodeUtf8(payload, out string text);
                value = text;
                return valid;
            }

            byte[] bytes = payload.ToArray();
            value = token.Type == MsgPackType.Binary ? bytes : new MsgPackExtension(token.ExtensionType, bytes);
            return true;
        }

        /// <summary>Throws the exception for a failed read: the reader's own, thrown by the read that failed, done again; or one that names the limit.</summary>
        [System.Diagnostics.CodeAnalysis.DoesNotReturn]
        private static void ThrowReadFailure(ref MsgPackReader reader, in ReadFailure failure, in MsgPackDynamicOptions options)
        {
            switch (failure.Kind)
            {
                case FailureKind.Token:
                    _ = reader.ReadToken();
                    break;
                case FailureKind.Payload:
                    _ = reader.ReadBytes((int)failure.Detail).Length;
                    break;
                case FailureKind.Utf8:
                    throw new MsgPackInvalidUtf8Exception();
                case FailureKind.Count:
                    long needed = failure.Map ? 2 * failure.Detail : failure.Detail;
                    throw new MsgPackTruncatedException(
                        (int)Math.Min(int.MaxValue, needed),
                        (int)Math.Min(int.MaxValue, failure.Remaining),
                        $"the {(failure.Map ? "map" : "array")} of {failure.Detail} {(failure.Map ? "entries" : "items")} at offset {failure.Offset}");
                case FailureKind.Depth:
                    throw new MsgPackException($"The array or map at offset {failure.Offset} nests deeper than MaxDepth ({options.MaxDepth}).");
                case FailureKind.Values:
                    throw new MsgPackException($"The value at offset {failure.Offset} is one more than MaxValueCount ({options.MaxValueCount}).");
                case FailureKind.NilKey:
                    throw new MsgPackException($"The map key at offset {failure.Offset} is nil, which a Dictionary<object, object> cannot hold.");
                case FailureKind.DuplicateKey:
                    throw new MsgPackException($"The map key at offset {failure.Offset} repeats a key of its map.");
            }

            throw new MsgPackException($"The value at offset {failure.Offset} could not be read.");
        }
    }
}
