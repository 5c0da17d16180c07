using System;
using System.Buffers;
using System.Collections.Generic;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>The token API as one more reader of <see cref="FuzzReaders"/>' kind, and a token as a comparable <see cref="Val"/>.</summary>
    internal static unsafe class FuzzTokens
    {
        /// <summary>
        /// A token reduced to numbers: its value, count or length in <see cref="Val.A"/>; type, code, ext type, sign and
        /// a timestamp's nanoseconds in <see cref="Val.B"/>; the <see cref="MsgPackToken.Length"/> in <see cref="Val.PayloadLength"/>.
        /// The default token is the empty value, as a Try reader's must be when it is not Done.
        /// </summary>
        public static Val Of(MsgPackToken token)
        {
            ulong a = token.Type switch
            {
                MsgPackType.Boolean => token.GetBoolean() ? 1UL : 0UL,
                MsgPackType.Integer => token.IsNegative ? unchecked((ulong)token.GetInt64()) : token.GetUInt64(),
                MsgPackType.Float => unchecked((ulong)BitConverter.DoubleToInt64Bits(token.GetDouble())),
                MsgPackType.Timestamp => unchecked((ulong)token.GetTimestamp().Seconds),
                MsgPackType.String or MsgPackType.Binary or MsgPackType.Extension => (ulong)token.Length,
                MsgPackType.Array or MsgPackType.Map => (ulong)token.Count,
                _ => 0,
            };
            ulong b = ((ulong)token.Type << 56) | ((ulong)token.Code << 48) | ((ulong)unchecked((byte)token.ExtensionType) << 40)
                | (token.IsNegative ? 1UL << 39 : 0)
                | (token.Type == MsgPackType.Timestamp ? token.GetTimestamp().Nanoseconds : 0);
            return new Val { A = a, B = b, PayloadLength = token.Length };
        }

        /// <summary>ReadToken / TryReadToken through the span, pointer and MsgPackReader doors (advancing: <see cref="FuzzAdvancingReaders"/>).</summary>
        public static readonly ReaderDef Def = new ReaderDef(
            "Token", false,
            (ReadOnlySpan<byte> s, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadToken(s, out MsgPackToken x, out n); v = Of(x); return st; },
            (ReadOnlySpan<byte> s, out int n) => Of(MsgPackSpec.ReadToken(s, out n)),
            (byte* p, int l, out Val v, out int n) => { OperationStatus st = MsgPackSpec.TryReadToken(p, l, out MsgPackToken x, out n); v = Of(x); return st; },
            (byte* p, int l, out int n) => Of(MsgPackSpec.ReadToken(p, l, out n)),
            (ref MsgPackReader r, out Val v) => { OperationStatus st = r.TryReadToken(out MsgPackToken x); v = Of(x); return st; },
            (ref MsgPackReader r) => Of(r.ReadToken()));

        /// <summary>Every typed reader and the token reader: what the token target runs through every door.</summary>
        public static readonly ReaderDef[] WithToken = Append(FuzzReaders.All, Def);

        private static ReaderDef[] Append(ReaderDef[] all, ReaderDef one)
        {
            var list = new List<ReaderDef>(all) { one };
            return list.ToArray();
        }
    }

    /// <summary>The token API against the typed readers, and a walk of the whole input by tokens against Skip.</summary>
    internal sealed unsafe partial class FuzzOracle
    {
        /// <summary>One step of the span walk: where a token started and what reading it gave.</summary>
        private struct TokenStep
        {
            public int Offset;
            public OperationStatus Status;
            public Val Token;
            public int HeaderLength;

            /// <summary>str, bin, ext: the payload length read after the header (-1: none).</summary>
            public int Payload;
            public OperationStatus PayloadStatus;
        }

        private void CheckTokens(byte* p, int length, ReadOnlySequence<byte> sequence)
        {
            CheckReader(FuzzTokens.Def, p, length, sequence, FuzzChecks.SpanReaders | FuzzChecks.SequenceReaders);
            CheckAdvancing(FuzzTokens.Def, p, length);
            List<TokenStep> steps = WalkTokens(p, length);
            WalkTokensWithReader(new MsgPackReader(new ReadOnlySpan<byte>(p, length)), "span", steps, length);
            WalkTokensWithReader(new MsgPackReader(sequence), "sequence", steps, length);
        }

        /// <summary>
        /// Walks the input token by token with the advancing doors (payloads with TryReadBytes), value after value
        /// until the input ends or a token does not read. Each token is checked against the typed reader of its
        /// family at the same place, and each whole value against TrySkip there.
        /// </summary>
        private List<TokenStep> WalkTokens(byte* p, int length)
        {
            var span = new ReadOnlySpan<byte>(p, length);
            var steps = new List<TokenStep>();
            ReadOnlySpan<byte> rest = span;
            int valueStart = 0;
            long pending = 0;
            while (!rest.IsEmpty)
            {
                int offset = length - rest.Length;
                if (pending == 0)
                {
                    valueStart = offset;
                    pending = 1;
                }

                var step = new TokenStep { Offset = offset, Payload = -1 };
                MsgPackToken token = default;
                try
                {
                    step.Status = MsgPackSpec.TryReadToken(ref rest, out token);
                }
                catch (Exception e)
                {
                    Fail("Try threw", "TryReadToken(ref span) walk", $"at {offset}: {Describe(e)}");
                    return steps;
                }

                step.Token = FuzzTokens.Of(token);
                step.HeaderLength = length - rest.Length - offset;
                ReadOnlySpan<byte> here = span.Slice(offset);
                MsgPackSpec.TryReadToken(here, out MsgPackToken indexed, out int indexedLength);
                CheckTokenAgainstTyped(here, step.Status, token, step.Status == OperationStatus.Done ? step.HeaderLength : indexedLength, offset);
                if (step.Status != OperationStatus.Done)
                {
                    steps.Add(step);
                    CheckValueAgainstSkip(span, valueStart, -1, step.Status, here, token, (long)offset + indexedLength + pending - 1);
                    return steps;
                }

                if (token.Type is MsgPackType.String or MsgPackType.Binary or MsgPackType.Extension)
                {
                    int before = rest.Length;
                    step.Payload = token.Length;
                    step.PayloadStatus = MsgPackSpec.TryReadBytes(ref rest, token.Length, out ReadOnlySpan<byte> payload);
                    bool fits = token.Length <= before;
                    bool right = step.PayloadStatus == (fits ? OperationStatus.Done : OperationStatus.NeedMoreData)
                        && (fits ? payload.Length == token.Length && before - rest.Length == token.Length && (payload.IsEmpty || IsTail(span.Slice(0, offset + step.HeaderLength + token.Length), p, offset + step.HeaderLength + token.Length))
                                 : payload.IsEmpty && rest.Length == before);
                    if (!right)
                    {
                        Fail("token walk", "TryReadBytes(ref span)", $"at {offset + step.HeaderLength}: {token.Length} bytes of {before}: {step.PayloadStatus}, {payload.Length} bytes, moved {before - rest.Length}");
                        return steps;
                    }

                    if (!fits)
                    {
                        steps.Add(step);
                        CheckValueAgainstSkip(span, valueStart, -1, OperationStatus.NeedMoreData, here, token, (long)offset + step.HeaderLength + token.Length + pending - 1);
                        return steps;
                    }
                }

                steps.Add(step);
                pending += token.Type == MsgPackType.Array ? token.Count : token.Type == MsgPackType.Map ? 2L * token.Count : 0;
                pending--;
                if (pending == 0)
                {
                    CheckValueAgainstSkip(span, valueStart, length - rest.Length, OperationStatus.Done, here, token, 0);
                }
            }

            if (pending > 0)
            {
                // The input ended inside a value, between two tokens.
                CheckValueAgainstSkip(span, valueStart, -1, OperationStatus.NeedMoreData, default, default, length + pending);
            }

            return steps;
        }

        /// <summary>
        /// A value walked by tokens from <paramref name="start"/>: Done up to <paramref name="end"/>, or stopped with
        /// <paramref name="status"/> at the token <paramref name="at"/>. TrySkip there must agree: the same length when
        /// Done; NeedMoreData when the walk ran out of input; InvalidData at 0xc1. A token that is InvalidData for
        /// another reason (a timestamp Skip does not look into, a length or count above int.MaxValue that Skip
        /// counts on) leaves Skip free, except that Skip may be Done only over a timestamp it did not judge. A value
        /// that would need more than int.MaxValue bytes in all (<paramref name="leastEnd"/>: where it could end at the
        /// earliest) can never be whole in a span: Skip may call that InvalidData instead of NeedMoreData.
        /// </summary>
        private void CheckValueAgainstSkip(ReadOnlySpan<byte> span, int start, int end, OperationStatus status, ReadOnlySpan<byte> at, MsgPackToken token, long leastEnd)
        {
            OperationStatus skip;
            int skipped;
            try
            {
                skip = MsgPackSpec.TrySkip(span.Slice(start), out skipped);
            }
            catch (Exception e)
            {
                Fail("Try threw", "TrySkip (token walk)", $"at {start}: {Describe(e)}");
                return;
            }

            bool ok;
            string expected;
            if (status == OperationStatus.Done)
            {
                ok = skip == OperationStatus.Done && skipped == end - start;
                expected = $"Done, {end - start} bytes";
            }
            else if (status == OperationStatus.NeedMoreData)
            {
                bool tooLong = leastEnd - start > int.MaxValue;
                ok = skip == OperationStatus.NeedMoreData || (tooLong && skip == OperationStatus.InvalidData);
                expected = tooLong ? "NeedMoreData or InvalidData (more than int.MaxValue bytes)" : "NeedMoreData";
            }
            else if (!at.IsEmpty && at[0] == 0xc1)
            {
                ok = skip == OperationStatus.InvalidData;
                expected = "InvalidData (0xc1)";
            }
            else
            {
                bool timestamp = MsgPackSpec.TryReadExtensionHeader(at, out ExtensionHeader header, out _) == OperationStatus.Done && header.TypeCode == -1;
                ok = skip != OperationStatus.Done || timestamp;
                expected = timestamp ? "anything (an invalid timestamp)" : "not Done (a length or count above int.MaxValue)";
            }

            if (!ok)
            {
                Fail("token walk/Skip disagree", "TryReadToken walk vs TrySkip", $"value at {start}: the walk says {status}{(status == OperationStatus.Done ? $" over {end - start} bytes" : string.Empty)}, TrySkip {skip} {skipped}; expected {expected}");
            }
        }

        /// <summary>
        /// The token read at the start of <paramref name="here"/> (its status, and its length or the length needed)
        /// against the typed reader of the first byte's family at the same place.
        /// </summary>
        private void CheckTokenAgainstTyped(ReadOnlySpan<byte> here, OperationStatus status, MsgPackToken token, int bytesRead, int offset)
        {
            if (here.IsEmpty)
            {
                if (status != OperationStatus.NeedMoreData || bytesRead != 1)
                {
                    Fail("token/typed disagree", "TryReadToken", $"empty input: {status} {bytesRead}");
                }

                return;
            }

            byte code = here[0];
            MsgPackType family = MsgPackSpec.GetMsgPackType(code);
            OperationStatus typed;
            int typedLength;
            Val typedValue;
            string reader;
            switch (family)
            {
                case MsgPackType.Nil:
                    reader = "TryReadNil";
                    typed = MsgPackSpec.TryReadNil(here, out typedLength);
                    typedValue = FuzzTokens.Of(token);
                    break;
                case MsgPackType.Boolean:
                    reader = "TryReadBoolean";
                    typed = MsgPackSpec.TryReadBoolean(here, out bool boolean, out typedLength);
                    typedValue = Val.Of(boolean);
                    break;
                case MsgPackType.Integer:
                    if (status == OperationStatus.Done && token.IsNegative)
                    {
                        reader = "TryReadInt64";
                        typed = MsgPackSpec.TryReadInt64(here, out long signed, out typedLength);
                        typedValue = Val.Of(signed);
                    }
                    else
                    {
                        reader = "TryReadUInt64";
                        typed = MsgPackSpec.TryReadUInt64(here, out ulong unsigned, out typedLength);
                        typedValue = Val.Of(unsigned);
                        if (status != OperationStatus.Done && typed == OperationStatus.InvalidData)
                        {
                            // A negative integer cut short: UInt64 refuses it from its first byte; the signed reader needs the bytes.
                            reader = "TryReadInt64";
                            typed = MsgPackSpec.TryReadInt64(here, out long negative, out typedLength);
                            typedValue = Val.Of(negative);
                        }
                    }

                    break;
                case MsgPackType.Float:
                    reader = "TryReadDouble";
                    typed = MsgPackSpec.TryReadDouble(here, out double number, out typedLength);
                    typedValue = Val.Of(number);
                    break;
                case MsgPackType.String:
                    reader = "TryReadStringHeader";
                    typed = MsgPackSpec.TryReadStringHeader(here, out int strLength, out typedLength);
                    typedValue = Val.Of(strLength);
                    break;
                case MsgPackType.Binary:
                    reader = "TryReadBinaryHeader";
                    typed = MsgPackSpec.TryReadBinaryHeader(here, out int binLength, out typedLength);
                    typedValue = Val.Of(binLength);
                    break;
                case MsgPackType.Array:
                    reader = "TryReadArrayHeader";
                    typed = MsgPackSpec.TryReadArrayHeader(here, out int items, out typedLength);
                    typedValue = Val.Of(items);
                    break;
                case MsgPackType.Map:
                    reader = "TryReadMapHeader";
                    typed = MsgPackSpec.TryReadMapHeader(here, out int entries, out typedLength);
                    typedValue = Val.Of(entries);
                    break;
                case MsgPackType.Extension:
                    typed = MsgPackSpec.TryReadExtensionHeader(here, out ExtensionHeader header, out typedLength);
                    typedValue = Val.Of(header);
                    reader = "TryReadExtensionHeader";
                    if (typed == OperationStatus.Done && header.TypeCode == -1)
                    {
                        reader = "TryReadTimestamp";
                        typed = MsgPackSpec.TryReadTimestamp(here, out Timestamp timestamp, out typedLength);
                        typedValue = Val.Of(timestamp);
                    }

                    break;
                default:
                    reader = "0xc1";
                    typed = OperationStatus.InvalidData;
                    typedLength = 0;
                    typedValue = default;
                    break;
            }

            // The same status and the same length (read, or needed); when Done, the same value as the token says it.
            bool same = status == typed && bytesRead == typedLength;
            if (same && status == OperationStatus.Done)
            {
                Val fromToken = token.Type switch
                {
                    MsgPackType.Nil => FuzzTokens.Of(token),
                    MsgPackType.Boolean => Val.Of(token.GetBoolean()),
                    MsgPackType.Integer => token.IsNegative ? Val.Of(token.GetInt64()) : Val.Of(token.GetUInt64()),
                    MsgPackType.Float => Val.Of(token.GetDouble()),
                    MsgPackType.String or MsgPackType.Binary => Val.Of(token.Length),
                    MsgPackType.Array or MsgPackType.Map => Val.Of(token.Count),
                    MsgPackType.Extension => Val.Of(token.GetExtensionHeader()),
                    MsgPackType.Timestamp => Val.Of(token.GetTimestamp()),
                    _ => Val.Of(ulong.MaxValue, ulong.MaxValue),
                };
                MsgPackType expectedType = family == MsgPackType.Extension && reader == "TryReadTimestamp" ? MsgPackType.Timestamp : (MsgPackType)family;
                same = fromToken.Equals(typedValue) && token.Type == expectedType && token.Code == code && token.Format == MsgPackSpec.GetFormat(code)
                    && (token.Type != MsgPackType.Timestamp || (token.GetExtensionHeader().TypeCode == -1 && token.Length == 0
                        && MsgPackSpec.TryReadExtensionHeader(here, out ExtensionHeader timestampHeader, out _) == OperationStatus.Done && timestampHeader.Length == token.GetExtensionHeader().Length))
                    && token.TryGetInt64(out _) == (token.Type == MsgPackType.Integer && (token.IsNegative || token.GetUInt64() <= long.MaxValue))
                    && token.TryGetUInt64(out _) == (token.Type == MsgPackType.Integer && !token.IsNegative);
                try
                {
                    _ = token.ToString();
                }
                catch (Exception e)
                {
                    Fail("token", "MsgPackToken.ToString", $"at {offset}: {Describe(e)}");
                }
            }

            if (!same)
            {
                Fail("token/typed disagree", "TryReadToken vs " + reader, $"at {offset}: token {status} {bytesRead} {FuzzTokens.Of(token)}; {reader} {typed} {typedLength} {typedValue}");
            }
        }

        /// <summary>
        /// The same walk through a MsgPackReader (over the span, or over the cut sequence): PeekToken and TryPeekToken
        /// see the next token without moving; ReadToken and TryReadToken (taken in turn) read what the span walk read,
        /// and ReadBytes / TryReadBytes its payloads.
        /// </summary>
        private void WalkTokensWithReader(MsgPackReader reader, string flavor, List<TokenStep> steps, int length)
        {
            string name = "MsgPackReader(" + flavor + ") token walk";
            for (int i = 0; i < steps.Count; i++)
            {
                TokenStep step = steps[i];
                if (reader.Consumed != step.Offset)
                {
                    Fail("token walk", name, $"step {i}: Consumed {reader.Consumed}, the span walk is at {step.Offset}");
                    return;
                }

                bool throwing = (i & 1) == 1;
                OperationStatus peekStatus;
                Val peeked;
                Val peekedThrowing = default;
                Exception? peekError = null;
                OperationStatus status = OperationStatus.Done;
                Val read = default;
                Exception? error = null;
                long before = reader.Consumed;
                try
                {
                    peekStatus = reader.TryPeekToken(out MsgPackToken peekToken);
                    peeked = FuzzTokens.Of(peekToken);
                }
                catch (Exception e)
                {
                    Fail("Try threw", name + " TryPeekToken", $"at {step.Offset}: {Describe(e)}");
                    return;
                }

                try
                {
                    peekedThrowing = FuzzTokens.Of(reader.PeekToken());
                }
                catch (Exception e)
                {
                    peekError = e;
                }

                try
                {
                    if (throwing)
                    {
                        read = FuzzTokens.Of(reader.ReadToken());
                    }
                    else
                    {
                        status = reader.TryReadToken(out MsgPackToken token);
                        read = FuzzTokens.Of(token);
                    }
                }
                catch (Exception e)
                {
                    error = e;
                }

                if (!throwing && error != null)
                {
                    Fail("Try threw", name + " TryReadToken", $"at {step.Offset}: {Describe(error)}");
                    return;
                }

                bool peekRight = peekStatus == step.Status && peeked.Equals(step.Token)
                    && (step.Status == OperationStatus.Done ? peekError == null && peekedThrowing.Equals(step.Token)
                        : peekError is MsgPackException && (step.Status == OperationStatus.NeedMoreData) == (peekError is MsgPackTruncatedException));
                bool readRight = throwing
                    ? (step.Status == OperationStatus.Done ? error == null && read.Equals(step.Token) && reader.Consumed == before + step.HeaderLength
                        : error is MsgPackException && (step.Status == OperationStatus.NeedMoreData) == (error is MsgPackTruncatedException) && reader.Consumed == before)
                    : status == step.Status && read.Equals(step.Token) && reader.Consumed == before + (status == OperationStatus.Done ? step.HeaderLength : 0);
                if (!peekRight || !readRight)
                {
                    string got = throwing ? (error != null ? "threw " + Describe(error) : "read " + read) : $"{status} {read}";
                    Fail(
                        "MsgPackReader/span disagree",
                        name + (peekRight ? (throwing ? " ReadToken" : " TryReadToken") : " PeekToken"),
                        $"at {step.Offset}: peek {peekStatus} {peeked} ({(peekError != null ? "PeekToken threw " + Describe(peekError) : "PeekToken " + peekedThrowing)}), {got}, consumed {reader.Consumed - before}; span walk {step.Status} {step.Token} header {step.HeaderLength}");
                    return;
                }

                if (step.Status != OperationStatus.Done)
                {
                    return;
                }

                if (step.Payload >= 0)
                {
                    long at = reader.Consumed;
                    bool fits = step.PayloadStatus == OperationStatus.Done;
                    OperationStatus payloadStatus = OperationStatus.Done;
                    MsgPackPayload payload = default;
                    Exception? payloadError = null;
                    try
                    {
                        if (throwing)
                        {
                            payload = reader.ReadBytes(step.Payload);
                        }
                        else
                        {
                            payloadStatus = reader.TryReadBytes(step.Payload, out payload);
                        }
                    }
                    catch (Exception e)
                    {
                        payloadError = e;
                    }

                    bool right = throwing
                        ? (fits ? payloadError == null && payload.Length == step.Payload && reader.Consumed == at + step.Payload : payloadError is MsgPackTruncatedException && reader.Consumed == at)
                        : payloadError == null && (fits ? payloadStatus == OperationStatus.Done && payload.Length == step.Payload && reader.Consumed == at + step.Payload
                            : payloadStatus == OperationStatus.NeedMoreData && payload.Length == 0 && reader.Consumed == at);
                    if (!right)
                    {
                        Fail("MsgPackReader/span disagree", name + (throwing ? " ReadBytes" : " TryReadBytes"), $"at {at}: {step.Payload} bytes ({(fits ? "they fit" : "past the end")}): {(payloadError != null ? "threw " + Describe(payloadError) : payloadStatus.ToString())}, {payload.Length} bytes, consumed {reader.Consumed - at}");
                        return;
                    }
                }
            }

            if (steps.Count > 0 && steps[steps.Count - 1].Status == OperationStatus.Done && steps[steps.Count - 1].PayloadStatus == OperationStatus.Done
                && (reader.Consumed != length || !reader.End))
            {
                Fail("token walk", name, $"the span walk read to the end ({length}); the reader is at {reader.Consumed}, End {reader.End}");
            }
        }
    }
}
