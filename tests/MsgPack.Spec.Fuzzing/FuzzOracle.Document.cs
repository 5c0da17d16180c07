using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>
    /// MsgPackDocument and MsgPackDynamic on hostile input (issue #40): each door against the validator, the sequence
    /// against the span, and a differential walk: every element the document gives against what the token reader,
    /// TrySkip and the typed readers read at the same offset, and the dynamic tree against the elements.
    /// </summary>
    internal sealed unsafe partial class FuzzOracle
    {
        /// <summary>
        /// What a document costs beyond its pooled index: the index itself (16 bytes a row, one row a byte at most)
        /// when the pool has no array of its size yet, which a repeat does not pay.
        /// </summary>
        private const int DocumentBytesPerInputByte = 16;

        /// <summary>
        /// What a dynamic read may allocate per input byte: the tree's objects. The dearest byte is a map of one entry
        /// whose key is a map too (<c>81 81 81 ...</c>, found by afl): each byte a Dictionary of capacity 1, about 210
        /// bytes (the object, its buckets, its entries), until the depth limit; an empty map (0x80) is about 80 bytes
        /// and its slot in its parent.
        /// </summary>
        private const int DynamicBytesPerInputByte = 256;

        /// <summary>The entries of a map whose keys the walk looks up by TryGetProperty.</summary>
        private const int LookedUpEntries = 16;

        private void CheckDocument(int length, ReadOnlySequence<byte> sequence)
        {
            byte[] input = _input;
            ReadOnlySpan<byte> span = input.AsSpan(0, length);
            DocumentExpectation expected = ExpectDocument(span);

            // TryParse over memory: the validator's verdict on the first value, never a throw, nothing beyond the index.
            OperationStatus status = default;
            int consumed = 0;
            MsgPackDocument document = default;
            Exception? tryError = null;
            for (int attempt = 0; attempt < 2; attempt++)
            {
                long before = Allocated();
                try
                {
                    status = MsgPackDocument.TryParse(input, out document, out consumed);
                }
                catch (Exception e)
                {
                    tryError = e;
                }

                long used = Allocated() - before;
                if (used <= (long)DocumentBytesPerInputByte * length + Slack || attempt == 1)
                {
                    if (used > (long)DocumentBytesPerInputByte * length + Slack)
                    {
                        Fail("allocation", "MsgPackDocument.TryParse", $"{used} bytes allocated for a {length}-byte input");
                    }

                    _report.NoteAllocation(AllocationKind.Quiet, used, length, "MsgPackDocument.TryParse");
                    break;
                }

                if (status == OperationStatus.Done)
                {
                    document.Dispose();
                }
            }

            if (tryError != null)
            {
                Fail("Try threw", "MsgPackDocument.TryParse", Describe(tryError));
                return;
            }

            if (status != expected.Status || consumed != expected.Consumed)
            {
                Fail("document/validator disagree", "MsgPackDocument.TryParse", $"document {status} {consumed}, validator {expected.Status} {expected.Consumed}");
            }

            try
            {
                CheckDocumentSequence(sequence, status, consumed);
                CheckDocumentThrowing(input, length, sequence);
                if (status == OperationStatus.Done)
                {
                    WalkElements(document.RootElement, document.ValueCount, span);
                }

                CheckDynamic(span, sequence, status, consumed, status == OperationStatus.Done ? document.RootElement : default);
            }
            finally
            {
                document.Dispose();
            }
        }

        private struct DocumentExpectation
        {
            public OperationStatus Status;
            public int Consumed;
        }

        /// <summary>What TryParse must say: the first value's length when TrySkip reads it whole and the validator (64 levels, UTF-8 checked) accepts it; else the validator's verdict with multiple values allowed.</summary>
        private static DocumentExpectation ExpectDocument(ReadOnlySpan<byte> span)
        {
            if (MsgPackSpec.TrySkip(span, out int first) == OperationStatus.Done)
            {
                return MsgPackSpec.TryValidate(span.Slice(0, first), out _) == OperationStatus.Done
                    ? new DocumentExpectation { Status = OperationStatus.Done, Consumed = first }
                    : new DocumentExpectation { Status = OperationStatus.InvalidData };
            }

            OperationStatus status = MsgPackSpec.TryValidate(span, out MsgPackValidationResult result, new MsgPackValidationOptions { AllowMultipleValues = true });
            return status == OperationStatus.NeedMoreData
                ? new DocumentExpectation { Status = status, Consumed = (int)result.BytesNeeded }
                : new DocumentExpectation { Status = OperationStatus.InvalidData };
        }

        /// <summary>TryParse over the cut sequence says what it says over the span, and its document has as many rows.</summary>
        private void CheckDocumentSequence(ReadOnlySequence<byte> sequence, OperationStatus spanStatus, int spanConsumed)
        {
            OperationStatus status;
            long consumed;
            MsgPackDocument document;
            try
            {
                status = MsgPackDocument.TryParse(sequence, out document, out consumed);
            }
            catch (Exception e)
            {
                Fail("Try threw", "MsgPackDocument.TryParse(sequence)", Describe(e));
                return;
            }

            using (document)
            {
                if (status != spanStatus || consumed != spanConsumed)
                {
                    Fail("span/sequence disagree", "MsgPackDocument.TryParse", $"span {spanStatus} {spanConsumed}, sequence {status} {consumed}");
                }
            }
        }

        /// <summary>Parse takes exactly what Validate takes (one value, 64 levels, UTF-8), over memory and sequence, and throws nothing but a MsgPackException.</summary>
        private void CheckDocumentThrowing(byte[] input, int length, ReadOnlySequence<byte> sequence)
        {
            bool valid = MsgPackSpec.TryValidate(input.AsSpan(0, length), out _) == OperationStatus.Done;
            CheckParse("MsgPackDocument.Parse(memory)", valid, length, () => MsgPackDocument.Parse(input.AsMemory(0, length)));
            CheckParse("MsgPackDocument.Parse(sequence)", valid, length, () => MsgPackDocument.Parse(sequence));
        }

        private void CheckParse(string name, bool valid, int length, Func<MsgPackDocument> parse)
        {
            Exception? error = null;
            for (int attempt = 0; attempt < 2; attempt++)
            {
                error = null;
                long before = Allocated();
                try
                {
                    parse().Dispose();
                }
                catch (Exception e)
                {
                    error = e;
                }

                long used = Allocated() - before;
                long budget = (long)DocumentBytesPerInputByte * length + Slack + (error != null ? ExceptionBudget : 0);
                if (used <= budget)
                {
                    break;
                }

                if (attempt == 1)
                {
                    Fail("allocation", name, $"{used} bytes allocated for a {length}-byte input");
                }
            }

            if (error != null && error is not MsgPackException)
            {
                Fail("threw an undocumented exception", name, Describe(error));
            }
            else if ((error == null) != valid)
            {
                Fail("document/validator disagree", name, valid ? "refused a valid value: " + Describe(error!) : "accepted what Validate refuses");
            }
        }

        /// <summary>
        /// Every element, in the order of the bytes (an explicit stack: no recursion), against the token and the typed
        /// readers at its offset: the same kind, count, length, scalar and payload, and a raw length equal to TrySkip's.
        /// </summary>
        private void WalkElements(MsgPackElement root, int valueCount, ReadOnlySpan<byte> span)
        {
            var pending = new Stack<MsgPackElement>();
            var items = new List<MsgPackElement>();
            pending.Push(root);
            int visited = 0;
            while (pending.Count > 0)
            {
                MsgPackElement element = pending.Pop();
                visited++;
                try
                {
                    if (!CheckElement(element, span))
                    {
                        return;
                    }

                    items.Clear();
                    if (element.Type == MsgPackType.Array)
                    {
                        foreach (MsgPackElement item in element.EnumerateArray())
                        {
                            items.Add(item);
                        }

                        if (items.Count > 0 && !SameRaw(element[items.Count - 1], items[items.Count - 1]))
                        {
                            Fail("indexer/enumerator disagree", "MsgPackElement", $"last item of the array at {OffsetOf(element)}");
                        }
                    }
                    else if (element.Type == MsgPackType.Map)
                    {
                        // Lookups of the first entries' keys only: a lookup scans, and every entry's would be quadratic.
                        foreach (MsgPackMapEntry entry in element.EnumerateMap())
                        {
                            if (items.Count < 2 * LookedUpEntries)
                            {
                                CheckLookup(element, entry);
                            }

                            items.Add(entry.Key);
                            items.Add(entry.Value);
                        }
                    }

                    for (int i = items.Count - 1; i >= 0; i--)
                    {
                        pending.Push(items[i]);
                    }
                }
                catch (Exception e)
                {
                    Fail("element threw", "MsgPackElement", $"at {OffsetOf(element)}: {Describe(e)}");
                    return;
                }
            }

            int tokens = CountTokens(root);
            if (visited != valueCount || tokens != valueCount)
            {
                Fail("rows/elements disagree", "MsgPackDocument", $"ValueCount {valueCount}, {visited} elements walked, {tokens} tokens read");
            }
        }

        /// <summary>The values under an element, itself included, counted by tokens over its raw bytes.</summary>
        private static int CountTokens(MsgPackElement root)
        {
            ReadOnlySpan<byte> rest = root.GetRawBytes().Span;
            int rows = 0;
            while (!rest.IsEmpty && MsgPackSpec.TryReadToken(ref rest, out MsgPackToken token) == OperationStatus.Done)
            {
                rows++;
                if (token.Type is MsgPackType.String or MsgPackType.Binary or MsgPackType.Extension)
                {
                    rest = rest.Slice(token.Length);
                }
            }

            return rows;
        }

        /// <summary>The element against the token, TrySkip and the typed readers at its offset; false after a failure.</summary>
        private bool CheckElement(MsgPackElement element, ReadOnlySpan<byte> span)
        {
            int offset = OffsetOf(element);
            ReadOnlySpan<byte> here = span.Slice(offset);
            string where = "at " + offset;
            if (MsgPackSpec.TryReadToken(here, out MsgPackToken token, out int header) != OperationStatus.Done
                || MsgPackSpec.TrySkip(here, out int skipped) != OperationStatus.Done)
            {
                Fail("element where no value reads", "MsgPackElement", where);
                return false;
            }

            ReadOnlyMemory<byte> raw = element.GetRawBytes();
            if (element.Type != token.Type || raw.Length != skipped || element.Format != MsgPackSpec.GetFormat(here[0]))
            {
                Fail("element/token disagree", "MsgPackElement", $"{where}: element {element.Type} {element.Format} of {raw.Length} bytes, token {token.Type} of {skipped}");
                return false;
            }

            bool same = token.Type switch
            {
                MsgPackType.Nil => element.IsNil,
                MsgPackType.Boolean => element.GetBoolean() == token.GetBoolean(),
                MsgPackType.Integer => token.IsNegative ? element.GetInt64() == token.GetInt64() : element.GetUInt64() == token.GetUInt64(),
                MsgPackType.Float => BitConverter.DoubleToInt64Bits(element.GetDouble()) == BitConverter.DoubleToInt64Bits(token.GetDouble()),
                MsgPackType.Timestamp => element.GetTimestamp() == token.GetTimestamp() && element.GetExtension().TypeCode == -1,
                MsgPackType.String => element.GetStringBytes().Span.SequenceEqual(here.Slice(header, token.Length)),
                MsgPackType.Binary => element.GetBinary().Span.SequenceEqual(here.Slice(header, token.Length)),
                MsgPackType.Extension => element.GetExtension().TypeCode == token.ExtensionType && element.GetExtension().Data.Span.SequenceEqual(here.Slice(header, token.Length)),
                MsgPackType.Array => element.GetArrayLength() == token.Count,
                MsgPackType.Map => element.GetMapCount() == token.Count,
                _ => false,
            };

            // The fixed-width getters read what the reader of the same name reads there (the integers, bools and
            // floats from the row the parse decoded them into, the rest from the bytes).
            same &= element.TryGetInt32(out int i32) == (MsgPackSpec.TryReadInt32(here, out int r32, out _) == OperationStatus.Done) && i32 == r32;
            same &= element.TryGetInt64(out long i64) == (MsgPackSpec.TryReadInt64(here, out long ri64, out _) == OperationStatus.Done) && i64 == ri64;
            same &= element.TryGetUInt32(out uint u32) == (MsgPackSpec.TryReadUInt32(here, out uint ru32, out _) == OperationStatus.Done) && u32 == ru32;
            same &= element.TryGetInt16(out short i16) == (MsgPackSpec.TryReadInt16(here, out short ri16, out _) == OperationStatus.Done) && i16 == ri16;
            same &= element.TryGetUInt16(out ushort u16) == (MsgPackSpec.TryReadUInt16(here, out ushort ru16, out _) == OperationStatus.Done) && u16 == ru16;
            same &= element.TryGetSByte(out sbyte i8) == (MsgPackSpec.TryReadSByte(here, out sbyte ri8, out _) == OperationStatus.Done) && i8 == ri8;
            same &= element.TryGetBoolean(out bool flag) == (MsgPackSpec.TryReadBoolean(here, out bool rflag, out _) == OperationStatus.Done) && flag == rflag;
            same &= element.TryGetDouble(out double d) == (MsgPackSpec.TryReadDouble(here, out double rd, out _) == OperationStatus.Done)
                && BitConverter.DoubleToInt64Bits(d) == BitConverter.DoubleToInt64Bits(rd);
            same &= element.TryGetByte(out byte u8) == (MsgPackSpec.TryReadByte(here, out byte r8, out _) == OperationStatus.Done) && u8 == r8;
            same &= element.TryGetUInt64(out ulong u64) == (MsgPackSpec.TryReadUInt64(here, out ulong r64, out _) == OperationStatus.Done) && u64 == r64;
            same &= element.TryGetSingle(out float f) == (MsgPackSpec.TryReadSingle(here, out float rf, out _) == OperationStatus.Done)
                && BitConverter.DoubleToInt64Bits(f) == BitConverter.DoubleToInt64Bits(rf);
            same &= element.TryGetString(out string? text) == (MsgPackSpec.TryReadString(here, out string? readText, out _) == OperationStatus.Done)
                && (text ?? string.Empty) == (readText ?? string.Empty);
            if (!same)
            {
                Fail("element/readers disagree", "MsgPackElement", $"{where}: a {token.Type} read another value than the token or typed reader read");
                return false;
            }

            return true;
        }

        /// <summary>TryGetProperty by the entry's own key finds a value whose key is that key (the first such entry).</summary>
        private void CheckLookup(MsgPackElement map, MsgPackMapEntry entry)
        {
            MsgPackElement found;
            bool hit;
            if (entry.Key.Type == MsgPackType.String)
            {
                hit = map.TryGetProperty(entry.Key.GetStringBytes().Span, out found);
                if (hit && entry.Key.TryGetString(out string? key) && (!map.TryGetProperty(key, out MsgPackElement byText) || !SameRaw(byText, found)))
                {
                    Fail("lookup disagree", "MsgPackElement.TryGetProperty(string)", $"key at {OffsetOf(entry.Key)}");
                }
            }
            else if (entry.Key.Type == MsgPackType.Integer && entry.Key.TryGetInt64(out long integer))
            {
                hit = map.TryGetProperty(integer, out found);
            }
            else
            {
                return;
            }

            if (!hit || OffsetOf(found) > OffsetOf(entry.Value))
            {
                Fail("lookup missed its own key", "MsgPackElement.TryGetProperty", $"key at {OffsetOf(entry.Key)}");
            }
        }

        private static bool SameRaw(MsgPackElement a, MsgPackElement b) => OffsetOf(a) == OffsetOf(b) && a.GetRawBytes().Length == b.GetRawBytes().Length;

        private static int OffsetOf(MsgPackElement element) =>
            MemoryMarshal.TryGetArray(element.GetRawBytes(), out ArraySegment<byte> segment) ? segment.Offset : -1;

        /// <summary>
        /// MsgPackDynamic over the span and the sequence: TryRead and Read agree, nothing but a MsgPackException, what
        /// it reads the document parses (the same length) and the tree holds the elements' values; it may refuse more
        /// than the document (a nil or repeated map key), and wants more bytes only where the document does.
        /// </summary>
        private void CheckDynamic(ReadOnlySpan<byte> span, ReadOnlySequence<byte> sequence, OperationStatus documentStatus, int documentConsumed, MsgPackElement root)
        {
            OperationStatus status = default;
            object? value = null;
            int bytesRead = 0;
            byte[] input = _input;
            int length = span.Length;
            for (int attempt = 0; attempt < 2; attempt++)
            {
                long before = Allocated();
                try
                {
                    status = MsgPackDynamic.TryRead(input.AsSpan(0, length), out value, out bytesRead);
                }
                catch (Exception e)
                {
                    Fail("Try threw", "MsgPackDynamic.TryRead", Describe(e));
                    return;
                }

                long used = Allocated() - before;
                if (used <= (long)DynamicBytesPerInputByte * length + Slack)
                {
                    break;
                }

                if (attempt == 1)
                {
                    Fail("allocation", "MsgPackDynamic.TryRead", $"{used} bytes allocated for a {length}-byte input");
                }
            }

            bool agrees = status switch
            {
                OperationStatus.Done => documentStatus == OperationStatus.Done && bytesRead == documentConsumed,
                OperationStatus.NeedMoreData => documentStatus == OperationStatus.NeedMoreData && bytesRead == documentConsumed,
                // Refusing what the document parses is allowed (a nil or repeated map key); saying a length is not.
                _ => bytesRead == 0,
            };
            if (!agrees)
            {
                Fail("dynamic/document disagree", "MsgPackDynamic.TryRead", $"dynamic {status} {bytesRead}, document {documentStatus} {documentConsumed}");
            }

            var reader = new MsgPackReader(sequence);
            OperationStatus overSequence = MsgPackDynamic.TryRead(ref reader, out object? sequenceValue);
            // The status may differ only where a span could never hold what is needed (more than int.MaxValue bytes)
            // and a sequence could, as for the validator.
            bool sequenceMayWait = status == OperationStatus.InvalidData && overSequence == OperationStatus.NeedMoreData
                && MsgPackSpec.TryValidate(sequence, out MsgPackValidationResult result, new MsgPackValidationOptions { AllowMultipleValues = true }) == OperationStatus.NeedMoreData
                && result.BytesNeeded > int.MaxValue;
            if ((overSequence != status && !sequenceMayWait) || (status == OperationStatus.Done && (reader.Consumed != bytesRead || !SameTree(value, sequenceValue))))
            {
                Fail("span/sequence disagree", "MsgPackDynamic.TryRead", $"span {status} {bytesRead}, sequence {overSequence} {reader.Consumed}");
            }

            try
            {
                object? read = MsgPackDynamic.Read(input.AsSpan(0, length), out int readLength);
                if (status != OperationStatus.Done || readLength != bytesRead || !SameTree(value, read))
                {
                    Fail("Try/Read disagree", "MsgPackDynamic.Read", $"TryRead {status} {bytesRead}, Read read {readLength} bytes");
                }
            }
            catch (Exception e)
            {
                if (e is not MsgPackException)
                {
                    Fail("threw an undocumented exception", "MsgPackDynamic.Read", Describe(e));
                }
                else if (status == OperationStatus.Done)
                {
                    Fail("Try/Read disagree", "MsgPackDynamic.Read", "TryRead Done, Read threw " + Describe(e));
                }
            }

            if (status == OperationStatus.Done)
            {
                CompareTree(value, root);
            }
        }

        /// <summary>The dynamic tree against the document's elements, pair by pair (an explicit stack).</summary>
        private void CompareTree(object? tree, MsgPackElement root)
        {
            var pending = new Stack<(object? Value, MsgPackElement Element)>();
            pending.Push((tree, root));
            while (pending.Count > 0)
            {
                (object? value, MsgPackElement element) = pending.Pop();
                bool same;
                switch (element.Type)
                {
                    case MsgPackType.Array when value is object?[] array && array.Length == element.GetArrayLength():
                        int index = 0;
                        foreach (MsgPackElement item in element.EnumerateArray())
                        {
                            pending.Push((array[index++], item));
                        }

                        same = true;
                        break;
                    case MsgPackType.Map when value is Dictionary<object, object?> map && map.Count == element.GetMapCount():
                        // A dictionary filled and never removed from enumerates in the order of insertion: the bytes'.
                        using (Dictionary<object, object?>.Enumerator entries = map.GetEnumerator())
                        {
                            foreach (MsgPackMapEntry entry in element.EnumerateMap())
                            {
                                entries.MoveNext();
                                pending.Push((entries.Current.Key, entry.Key));
                                pending.Push((entries.Current.Value, entry.Value));
                            }
                        }

                        same = true;
                        break;
                    default:
                        same = SameScalar(value, element);
                        break;
                }

                if (!same)
                {
                    Fail("dynamic/document disagree", "MsgPackDynamic tree", $"at {OffsetOf(element)}: {value?.GetType().Name ?? "null"} for a {element.Type}");
                    return;
                }
            }
        }

        private static bool SameScalar(object? value, MsgPackElement element) => element.Type switch
        {
            MsgPackType.Nil => value == null,
            MsgPackType.Boolean => value is bool b && b == element.GetBoolean(),
            MsgPackType.Integer => value switch
            {
                ulong u => u == element.GetUInt64(),
                byte or sbyte or short or ushort or int or uint or long => Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture) == element.GetInt64(),
                _ => false,
            },
            MsgPackType.Float => value switch
            {
                float f => element.Format == MsgPackFormat.Float32 && BitConverter.DoubleToInt64Bits(f) == BitConverter.DoubleToInt64Bits(element.GetDouble()),
                double d => element.Format == MsgPackFormat.Float64 && BitConverter.DoubleToInt64Bits(d) == BitConverter.DoubleToInt64Bits(element.GetDouble()),
                _ => false,
            },
            MsgPackType.String => value is string s && s == element.GetString(),
            MsgPackType.Binary => value is byte[] bytes && bytes.AsSpan().SequenceEqual(element.GetBinary().Span),
            MsgPackType.Timestamp => value switch
            {
                DateTime dateTime => element.TryGetDateTime(out DateTime expected) && expected == dateTime && dateTime.Kind == DateTimeKind.Utc,
                Timestamp timestamp => !element.TryGetDateTime(out _) && timestamp == element.GetTimestamp(),
                _ => false,
            },
            MsgPackType.Extension => value is MsgPackExtension extension && extension == element.GetExtension(),
            _ => false,
        };

        /// <summary>Two dynamic trees hold the same values (an explicit stack).</summary>
        private static bool SameTree(object? a, object? b)
        {
            var pending = new Stack<(object? A, object? B)>();
            pending.Push((a, b));
            while (pending.Count > 0)
            {
                (object? x, object? y) = pending.Pop();
                switch (x)
                {
                    case object?[] xs when y is object?[] ys && xs.Length == ys.Length:
                        for (int i = 0; i < xs.Length; i++)
                        {
                            pending.Push((xs[i], ys[i]));
                        }

                        break;
                    case Dictionary<object, object?> xm when y is Dictionary<object, object?> ym && xm.Count == ym.Count:
                        // In order (both were filled in the order of the bytes): a key may be an array or a map, which
                        // a lookup would compare by reference.
                        using (Dictionary<object, object?>.Enumerator other = ym.GetEnumerator())
                        {
                            foreach (KeyValuePair<object, object?> entry in xm)
                            {
                                other.MoveNext();
                                pending.Push((entry.Key, other.Current.Key));
                                pending.Push((entry.Value, other.Current.Value));
                            }
                        }

                        break;
                    case byte[] xb when y is byte[] yb:
                        if (!xb.AsSpan().SequenceEqual(yb))
                        {
                            return false;
                        }

                        break;
                    default:
                        if (!Equals(x, y) && !(x is double dx && y is double dy && double.IsNaN(dx) && double.IsNaN(dy)) && !(x is float fx && y is float fy && float.IsNaN(fx) && float.IsNaN(fy)))
                        {
                            return false;
                        }

                        break;
                }
            }

            return true;
        }
    }
}
