using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>What MsgPackReader hands out over a sequence: <see cref="MsgPackPayload"/> and its helpers, against the span's bytes.</summary>
    internal sealed unsafe partial class FuzzOracle
    {
        private static readonly UTF8Encoding StrictText = new UTF8Encoding(false, true);

        /// <summary>
        /// Value after value through MsgPackReader over the cut sequence with ReadRaw (and, for a str or bin, the copy
        /// of the reader before it with TryReadStringBytes / TryReadBinary): every payload must be the span's bytes
        /// through every helper (Length, Span or Sequence, ToArray, CopyTo, TryCopyTo, SequenceEqual, StartsWith,
        /// GetString), and a raw value read again through MsgPackReader(payload) must Skip to its end.
        /// </summary>
        private void CheckPayloads(byte* p, int length, ReadOnlySequence<byte> sequence)
        {
            var span = new ReadOnlySpan<byte>(p, length);
            var reader = new MsgPackReader(sequence);
            int offset = 0;
            for (int step = 0; step < 64 && offset < length; step++)
            {
                ReadOnlySpan<byte> rest = span.Slice(offset);
                if (MsgPackSpec.TrySkip(rest, out int valueLength) != OperationStatus.Done)
                {
                    return;
                }

                MsgPackReader before = reader;
                OperationStatus status;
                MsgPackPayload raw;
                try
                {
                    status = reader.TryReadRaw(out raw);
                }
                catch (Exception e)
                {
                    Fail("Try threw", "MsgPackReader(sequence).TryReadRaw (payloads)", $"at {offset}: {Describe(e)}");
                    return;
                }

                if (status != OperationStatus.Done || reader.Consumed != offset + valueLength)
                {
                    Fail("MsgPackReader/span disagree", "MsgPackReader(sequence).TryReadRaw (payloads)", $"at {offset}: {status}, consumed {reader.Consumed - offset}; TrySkip Done {valueLength}");
                    return;
                }

                CheckPayload("ReadRaw", raw, rest.Slice(0, valueLength), offset, isValue: true, isText: false);
                MsgPackType type = MsgPackSpec.GetMsgPackType(rest[0]);
                if (type == MsgPackType.String && MsgPackSpec.TryReadStringHeader(rest, out int strLength, out int header) == OperationStatus.Done
                    && before.TryReadStringBytes(out MsgPackPayload text) == OperationStatus.Done)
                {
                    CheckPayload("ReadStringBytes", text, rest.Slice(header, strLength), offset, isValue: false, isText: true);
                }
                else if (type == MsgPackType.Binary && MsgPackSpec.TryReadBinaryHeader(rest, out int binLength, out header) == OperationStatus.Done
                    && before.TryReadBinary(out MsgPackPayload bin) == OperationStatus.Done)
                {
                    CheckPayload("ReadBinary", bin, rest.Slice(header, binLength), offset, isValue: false, isText: false);
                }

                offset += valueLength;
            }
        }

        private void CheckPayload(string source, MsgPackPayload payload, ReadOnlySpan<byte> expected, int offset, bool isValue, bool isText)
        {
            var problems = new List<string>();
            int n = expected.Length;
            try
            {
                if (payload.Length != n || (payload.IsSingleSpan ? payload.Span.Length != n : payload.Sequence.Length != n))
                {
                    problems.Add($"Length {payload.Length} (single span {payload.IsSingleSpan}), expected {n}");
                }

                if (!payload.ToArray().AsSpan().SequenceEqual(expected))
                {
                    problems.Add("ToArray differs");
                }

                var copy = new byte[n + 1];
                copy[n] = 0xa5;
                payload.CopyTo(copy);
                if (!copy.AsSpan(0, n).SequenceEqual(expected) || copy[n] != 0xa5)
                {
                    problems.Add("CopyTo differs or wrote past the bytes");
                }

                var tried = new byte[n];
                if (!payload.TryCopyTo(tried) || !tried.AsSpan().SequenceEqual(expected))
                {
                    problems.Add("TryCopyTo with room failed or differs");
                }

                if (!payload.SequenceEqual(expected) || !payload.StartsWith(expected) || !payload.StartsWith(ReadOnlySpan<byte>.Empty)
                    || !payload.StartsWith(expected.Slice(0, n / 2)))
                {
                    problems.Add("SequenceEqual / StartsWith refuse the payload's own bytes");
                }

                var longer = new byte[n + 1];
                expected.CopyTo(longer);
                if (payload.SequenceEqual(longer) || payload.StartsWith(longer))
                {
                    problems.Add("SequenceEqual / StartsWith accept one byte more");
                }

                if (n > 0)
                {
                    var small = new byte[n - 1];
                    if (payload.TryCopyTo(small) || payload.SequenceEqual(expected.Slice(0, n - 1)))
                    {
                        problems.Add("TryCopyTo into one byte less succeeded, or SequenceEqual accepts one byte less");
                    }

                    try
                    {
                        payload.CopyTo(small);
                        problems.Add("CopyTo into one byte less did not throw");
                    }
                    catch (ArgumentException)
                    {
                    }

                    // One byte changed, at the start, the middle, the end: no longer equal, no longer a prefix.
                    foreach (int at in new[] { 0, n / 2, n - 1 })
                    {
                        byte[] changed = expected.ToArray();
                        changed[at] ^= 0x5a;
                        if (payload.SequenceEqual(changed) || payload.StartsWith(changed.AsSpan(0, at + 1)))
                        {
                            problems.Add($"SequenceEqual / StartsWith accept a byte changed at {at}");
                            break;
                        }
                    }
                }

                if (isText)
                {
                    string? strict;
                    try
                    {
                        strict = StrictText.GetString(expected.ToArray());
                    }
                    catch (ArgumentException)
                    {
                        strict = null;
                    }

                    string? got = null;
                    Exception? error = null;
                    try
                    {
                        got = payload.GetString();
                    }
                    catch (Exception e)
                    {
                        error = e;
                    }

                    if (strict != null ? error != null || got != strict : error is not MsgPackInvalidUtf8Exception)
                    {
                        problems.Add($"GetString: {(error != null ? Describe(error) : $"{got?.Length} chars")}, strict UTF-8 decoding {(strict == null ? "refuses it" : $"gives {strict.Length} chars")}");
                    }
                }

                if (isValue)
                {
                    var again = new MsgPackReader(payload);
                    OperationStatus skipped = again.TrySkip();
                    if (skipped != OperationStatus.Done || again.Consumed != n || !again.End || again.Remaining != 0)
                    {
                        problems.Add($"MsgPackReader(payload).TrySkip: {skipped}, Consumed {again.Consumed} of {n}, End {again.End}");
                    }
                }
            }
            catch (Exception e)
            {
                problems.Add("threw " + Describe(e));
            }

            if (problems.Count > 0)
            {
                Fail("payload", "MsgPackPayload from MsgPackReader(sequence)." + source, $"at {offset}, {n} bytes: " + string.Join("; ", problems));
            }
        }
    }
}
