using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>
    /// Feeds one input to every reader through every front door and judges what comes back.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Allowed: a value, an <see cref="OperationStatus"/> from a Try method, a <see cref="MsgPackException"/> from a
    /// throwing one. Anything else is a failure: another exception, a Try method that throws, bytesRead outside its
    /// contract, more allocation than the input plus a constant (a string reader may allocate its string), and
    /// any disagreement between Try and Read, between span, pointer and MsgPackReader (over the span and over a
    /// sequence cut at random points), between Skip, TrySkip and ReadRaw, and between Validate, TryValidate and Skip.
    /// </para>
    /// <para>
    /// The span and pointer readers read the input from native memory that ends at an unreadable page
    /// (<see cref="GuardedBuffer"/>), so a read past the given length crashes instead of passing unnoticed.
    /// Allocation is measured with <see cref="GC.GetAllocatedBytesForCurrentThread"/> around each call; a call over
    /// budget is repeated once and judged on the repeat, so that warming a pool (ArrayPool buckets, which the
    /// library rents from for depth counters and straddling UTF-8) is not taken for a per-call allocation.
    /// </para>
    /// </remarks>
    internal sealed unsafe partial class FuzzOracle : IDisposable
    {
        /// <summary>Bytes any call may allocate on top of its budget (0 is what the library actually allocates).</summary>
        private const int Slack = 256;

        /// <summary>What throwing costs: the exception, its message and its stack trace.</summary>
        private const int ExceptionBudget = 16 * 1024;

        private static readonly (string Name, MsgPackValidationOptions Options)[] ValidationOptions =
        {
            ("default", default),
            ("multiple", new MsgPackValidationOptions { AllowMultipleValues = true }),
            ("no utf8", new MsgPackValidationOptions { CheckUtf8 = false }),
            ("depth1", new MsgPackValidationOptions { MaxDepth = 1 }),
            ("depth128+multiple", new MsgPackValidationOptions { MaxDepth = 128, AllowMultipleValues = true }),
            ("depth1000+multiple+utf8", new MsgPackValidationOptions { MaxDepth = 1000, AllowMultipleValues = true, CheckUtf8 = true }),
            ("unlimited", new MsgPackValidationOptions { MaxDepth = int.MaxValue }),
        };

        private static readonly long[] FrameLimits = { -1, 0, 5, 1000, long.MaxValue };

        private FuzzReport _report;
        private readonly ulong _seed;
        private readonly GuardedBuffer _guard;
        private byte[] _input = Array.Empty<byte>();
        private long _index;
        private string _context = string.Empty;

        public FuzzOracle(FuzzReport report, ulong seed)
        {
            _report = report;
            _seed = seed;
            _guard = new GuardedBuffer(FuzzMutator.MaxInputLength + 64);
        }

        public bool IsGuarded => _guard.IsGuarded;

        public void Dispose() => _guard.Dispose();

        /// <summary>Where failures go; the coverage-guided targets give each input a fresh report.</summary>
        public FuzzReport Report
        {
            get => _report;
            set => _report = value;
        }

        /// <summary>Runs every check on one input; failures go to the report.</summary>
        public void Check(byte[] input, long index)
        {
            var random = new FuzzRandom(FuzzRandom.Mix(_seed, (ulong)index));
            bool atStart = random.OneIn(4);
            ReadOnlySequence<byte> sequence = Segments.Build(input, random, out string segments);
            Check(FuzzChecks.All, FuzzReaders.All, input, index, sequence, segments, atStart, random);
        }

        /// <summary>
        /// Runs the chosen checks on one input, with the readers, the sequence and the random choices the caller made
        /// (the coverage-guided targets derive them from the input itself, so that one input always runs the same way).
        /// </summary>
        public void Check(FuzzChecks checks, ReaderDef[] readers, byte[] input, long index, ReadOnlySequence<byte> sequence, string segments, bool atStart, FuzzRandom random)
        {
            _input = input;
            _index = index;
            byte* p = _guard.Place(input, atStart);
            int length = input.Length;
            _context = ", segments " + segments;

            if ((checks & (FuzzChecks.SpanReaders | FuzzChecks.SequenceReaders)) != 0)
            {
                foreach (ReaderDef reader in readers)
                {
                    CheckReader(reader, p, length, sequence, checks);
                }
            }

            if ((checks & FuzzChecks.Advancing) != 0)
            {
                foreach (ReaderDef reader in readers)
                {
                    CheckAdvancing(reader, p, length);
                }
            }

            if ((checks & FuzzChecks.Tokens) != 0)
            {
                CheckTokens(p, length, sequence);
            }
            else if ((checks & FuzzChecks.SkipWalk) != 0)
            {
                WalkTokens(p, length);
            }

            if ((checks & FuzzChecks.Validation) != 0)
            {
                CheckValidation(p, length, sequence);
            }

            if ((checks & FuzzChecks.Payloads) != 0)
            {
                CheckPayloads(p, length, sequence);
            }

            if ((checks & FuzzChecks.Peeks) != 0)
            {
                CheckPeeks(p, length, sequence);
            }

            if ((checks & FuzzChecks.Frame) != 0)
            {
                CheckFrame(p, length, sequence, random);
            }

            if ((checks & FuzzChecks.SequenceWalk) != 0)
            {
                CheckWalk(p, length, sequence, random, overSequence: true);
            }

            if ((checks & FuzzChecks.SpanWalk) != 0)
            {
                CheckWalk(p, length, sequence, random, overSequence: false);
            }

            if ((checks & FuzzChecks.Text) != 0)
            {
                CheckText(p, length, sequence);
            }

            if ((checks & FuzzChecks.Utf8) != 0)
            {
                CheckUtf8(input, random);
            }

            if ((checks & FuzzChecks.BulkArrays) != 0)
            {
                CheckBulkArrays(p, length);
            }

            if ((checks & FuzzChecks.Document) != 0)
            {
                CheckDocument(length, sequence);
            }
        }

        private void Fail(string check, string reader, string detail) =>
            _report.Add(check, reader, detail, _index, _input, _context);

        private static long Allocated() => GC.GetAllocatedBytesForCurrentThread();

        private static long Budget(ReaderDef reader, int length, bool threw) =>
            length + Slack + (reader.AllocatesText ? 2L * length + 64 : 0) + (threw ? ExceptionBudget : 0);

        /// <summary>Whether a call stayed within its budget; the ones that did feed the report's allocation figures.</summary>
        private bool WithinBudget(ReaderDef reader, int length, bool threw, long used, string call)
        {
            if (used > Budget(reader, length, threw))
            {
                return false;
            }

            _report.NoteAllocation(threw ? AllocationKind.Throwing : reader.AllocatesText ? AllocationKind.Text : AllocationKind.Quiet, used, length, call);
            return true;
        }

        private static string Describe(Exception e) => e.GetType().Name + ": " + e.Message;

        // ---- One reader through its six doors.

        private struct TryOutcome
        {
            public OperationStatus Status;
            public Val Value;
            public int BytesRead;
            public Exception? Error;

            public readonly override string ToString() =>
                Error != null ? "threw " + Describe(Error) : $"{Status} bytesRead={BytesRead} {Value}";
        }

        private struct ReadOutcome
        {
            public Val Value;
            public int BytesRead;
            public Exception? Error;

            public readonly override string ToString() =>
                Error != null ? "threw " + Describe(Error) : $"value bytesRead={BytesRead} {Value}";
        }

        private void CheckReader(ReaderDef reader, byte* p, int length, ReadOnlySequence<byte> sequence, FuzzChecks checks)
        {
            var span = new ReadOnlySpan<byte>(p, length);
            TryOutcome spanTry = SpanTry(reader, span);
            ReadOutcome spanRead = SpanRead(reader, span);
            TryOutcome pointerTry = PointerTry(reader, p, length);
            ReadOutcome pointerRead = PointerRead(reader, p, length);

            CheckTryContract(reader.Name + " span Try", spanTry, length);
            CheckReadContract(reader.Name + " span Read", spanRead, length);
            CheckTryAgainstRead(reader.Name + " span", spanTry, spanRead, length);
            if (!SameTry(spanTry, pointerTry))
            {
                Fail("span/pointer disagree", reader.Name + " Try", $"span {spanTry}; pointer {pointerTry}");
            }

            if (!SameRead(spanRead, pointerRead))
            {
                Fail("span/pointer disagree", reader.Name + " Read", $"span {spanRead}; pointer {pointerRead}");
            }

            if ((checks & FuzzChecks.SequenceReaders) != 0)
            {
                CheckMsgPackReader(reader, new MsgPackReader(sequence), "sequence", spanTry, spanRead, length);
            }

            if ((checks & FuzzChecks.SpanReaders) != 0)
            {
                CheckMsgPackReader(reader, new MsgPackReader(span), "span reader", spanTry, spanRead, length);
            }
        }

        private void CheckMsgPackReader(ReaderDef reader, MsgPackReader start, string flavor, TryOutcome spanTry, ReadOutcome spanRead, int length)
        {
            TryOutcome readerTry = ReaderTry(reader, start, out long tryConsumed, out _);
            string name = reader.Name + " MsgPackReader(" + flavor + ")";
            if (readerTry.Error != null)
            {
                Fail("Try threw", name + " Try", Describe(readerTry.Error));
            }
            else if (readerTry.Status != spanTry.Status
                || (readerTry.Status == OperationStatus.Done ? tryConsumed != spanTry.BytesRead || !readerTry.Value.Equals(spanTry.Value) : tryConsumed != 0 || !readerTry.Value.IsEmpty))
            {
                Fail("MsgPackReader/span disagree", name + " Try", $"reader {readerTry} consumed={tryConsumed}; span {spanTry}");
            }

            ReadOutcome readerRead = ReaderRead(reader, start, out long readConsumed, out _);
            CheckReadContract(name + " Read", readerRead, length);
            bool same = readerRead.Error == null
                ? spanRead.Error == null && readConsumed == spanRead.BytesRead && readerRead.Value.Equals(spanRead.Value)
                : spanRead.Error != null && readerRead.Error.GetType() == spanRead.Error.GetType() && readConsumed == 0;
            if (!same)
            {
                Fail("MsgPackReader/span disagree", name + " Read", $"reader {readerRead} consumed={readConsumed}; span {spanRead}");
            }
        }

        private void CheckTryContract(string name, TryOutcome outcome, int length)
        {
            if (outcome.Error != null)
            {
                Fail("Try threw", name, Describe(outcome.Error));
                return;
            }

            bool ok = outcome.Status switch
            {
                OperationStatus.Done => outcome.BytesRead >= 1 && outcome.BytesRead <= length,
                OperationStatus.NeedMoreData => outcome.BytesRead > length && outcome.Value.IsEmpty,
                OperationStatus.InvalidData => outcome.BytesRead == 0 && outcome.Value.IsEmpty,
                _ => false,
            };
            if (!ok)
            {
                Fail("Try broke its contract", name, $"{outcome} on {length} bytes");
            }
        }

        private void CheckReadContract(string name, ReadOutcome outcome, int length)
        {
            if (outcome.Error == null)
            {
                if (outcome.BytesRead < 1 || outcome.BytesRead > length)
                {
                    Fail("Read broke its contract", name, $"{outcome} on {length} bytes");
                }
            }
            else if (outcome.Error is not MsgPackException || outcome.Error is MsgPackValidationException)
            {
                Fail("unexpected exception", name, Describe(outcome.Error));
            }
        }

        private void CheckTryAgainstRead(string name, TryOutcome tried, ReadOutcome read, int length)
        {
            if (tried.Error != null)
            {
                return;
            }

            bool same = tried.Status switch
            {
                OperationStatus.Done => read.Error == null && read.BytesRead == tried.BytesRead && read.Value.Equals(tried.Value),
                OperationStatus.NeedMoreData => read.Error is MsgPackTruncatedException truncated
                    && truncated.BytesNeeded == tried.BytesRead && truncated.BytesAvailable == length,
                _ => read.Error is MsgPackException && read.Error is not MsgPackTruncatedException,
            };
            if (!same)
            {
                Fail("Try/Read disagree", name, $"Try {tried}; Read {read}");
            }
        }

        private static bool SameTry(TryOutcome a, TryOutcome b) =>
            (a.Error == null) == (b.Error == null)
            && (a.Error == null
                ? a.Status == b.Status && a.BytesRead == b.BytesRead && a.Value.Equals(b.Value)
                : a.Error.GetType() == b.Error!.GetType());

        private static bool SameRead(ReadOutcome a, ReadOutcome b) =>
            (a.Error == null) == (b.Error == null)
            && (a.Error == null
                ? a.BytesRead == b.BytesRead && a.Value.Equals(b.Value)
                : a.Error.GetType() == b.Error!.GetType() && a.Error.Message == b.Error.Message);

        // ---- Measured calls: each one's allocation is checked against its budget (repeated once when over it).

        private TryOutcome SpanTry(ReaderDef reader, ReadOnlySpan<byte> span)
        {
            TryOutcome outcome = default;
            for (int attempt = 0; ; attempt++)
            {
                outcome = default;
                long before = Allocated();
                try
                {
                    outcome.Status = reader.SpanTry(span, out outcome.Value, out outcome.BytesRead);
                }
                catch (Exception e)
                {
                    outcome.Error = e;
                }

                long used = Allocated() - before;
                if (WithinBudget(reader, span.Length, outcome.Error != null, used, reader.Name + " span Try") || Overspent(attempt, reader.Name + " span Try", used, span.Length))
                {
                    return outcome;
                }
            }
        }

        private ReadOutcome SpanRead(ReaderDef reader, ReadOnlySpan<byte> span)
        {
            ReadOutcome outcome = default;
            for (int attempt = 0; ; attempt++)
            {
                outcome = default;
                long before = Allocated();
                try
                {
                    outcome.Value = reader.SpanRead(span, out outcome.BytesRead);
                }
                catch (Exception e)
                {
                    outcome.Error = e;
                }

                long used = Allocated() - before;
                if (WithinBudget(reader, span.Length, outcome.Error != null, used, reader.Name + " span Read") || Overspent(attempt, reader.Name + " span Read", used, span.Length))
                {
                    return outcome;
                }
            }
        }

        private TryOutcome PointerTry(ReaderDef reader, byte* p, int length)
        {
            TryOutcome outcome = default;
            for (int attempt = 0; ; attempt++)
            {
                outcome = default;
                long before = Allocated();
                try
                {
                    outcome.Status = reader.PointerTry(p, length, out outcome.Value, out outcome.BytesRead);
                }
                catch (Exception e)
                {
                    outcome.Error = e;
                }

                long used = Allocated() - before;
                if (WithinBudget(reader, length, outcome.Error != null, used, reader.Name + " pointer Try") || Overspent(attempt, reader.Name + " pointer Try", used, length))
                {
                    return outcome;
                }
            }
        }

        private ReadOutcome PointerRead(ReaderDef reader, byte* p, int length)
        {
            ReadOutcome outcome = default;
            for (int attempt = 0; ; attempt++)
            {
                outcome = default;
                long before = Allocated();
                try
                {
                    outcome.Value = reader.PointerRead(p, length, out outcome.BytesRead);
                }
                catch (Exception e)
                {
                    outcome.Error = e;
                }

                long used = Allocated() - before;
                if (WithinBudget(reader, length, outcome.Error != null, used, reader.Name + " pointer Read") || Overspent(attempt, reader.Name + " pointer Read", used, length))
                {
                    return outcome;
                }
            }
        }

        private TryOutcome ReaderTry(ReaderDef reader, MsgPackReader start, out long consumed, out MsgPackReader after)
        {
            int length = (int)start.Remaining;
            for (int attempt = 0; ; attempt++)
            {
                TryOutcome outcome = default;
                MsgPackReader cursor = start;
                long before = Allocated();
                try
                {
                    outcome.Status = reader.ReaderTry(ref cursor, out outcome.Value);
                }
                catch (Exception e)
                {
                    outcome.Error = e;
                }

                long used = Allocated() - before;
                consumed = cursor.Consumed - start.Consumed;
                after = cursor;
                if (WithinBudget(reader, length, outcome.Error != null, used, reader.Name + " MsgPackReader Try") || Overspent(attempt, reader.Name + " MsgPackReader Try", used, length))
                {
                    return outcome;
                }
            }
        }

        private ReadOutcome ReaderRead(ReaderDef reader, MsgPackReader start, out long consumed, out MsgPackReader after)
        {
            int length = (int)start.Remaining;
            for (int attempt = 0; ; attempt++)
            {
                ReadOutcome outcome = default;
                MsgPackReader cursor = start;
                long before = Allocated();
                try
                {
                    outcome.Value = reader.ReaderRead(ref cursor);
                }
                catch (Exception e)
                {
                    outcome.Error = e;
                }

                long used = Allocated() - before;
                consumed = cursor.Consumed - start.Consumed;
                outcome.BytesRead = (int)consumed;
                after = cursor;
                if (WithinBudget(reader, length, outcome.Error != null, used, reader.Name + " MsgPackReader Read") || Overspent(attempt, reader.Name + " MsgPackReader Read", used, length))
                {
                    return outcome;
                }
            }
        }

        /// <summary>After a call over budget: true (stop) when it was the repeat, which is then a failure.</summary>
        private bool Overspent(int attempt, string name, long used, int length)
        {
            if (attempt == 0)
            {
                return false;
            }

            Fail("allocation", name, $"{used} bytes allocated for a {length}-byte input");
            return true;
        }

        // ---- Validation.

        private struct ValidationOutcome
        {
            public OperationStatus Status;
            public MsgPackValidationResult Result;
            public Exception? TryError;
            public Exception? ThrowError;

            public readonly override string ToString()
            {
                MsgPackValidationResult r = Result;
                string text = TryError != null
                    ? "TryValidate threw " + Describe(TryError)
                    : $"{Status} {r.Error} offset={r.Offset} consumed={r.BytesConsumed} values={r.ValueCount} needed={r.BytesNeeded}";
                return text + (ThrowError == null ? "; Validate passed" : "; Validate threw " + Describe(ThrowError));
            }
        }

        private ValidationOutcome Validate(string name, int length, Func<OperationStatus> tryValidate, Action validate)
        {
            ValidationOutcome outcome = default;
            for (int attempt = 0; ; attempt++)
            {
                outcome = default;
                long before = Allocated();
                try
                {
                    outcome.Status = tryValidate();
                }
                catch (Exception e)
                {
                    outcome.TryError = e;
                }

                long used = Allocated() - before;
                if (used <= length + Slack)
                {
                    _report.NoteAllocation(AllocationKind.Quiet, used, length, name + " TryValidate");
                }

                if (used <= length + Slack || attempt == 1)
                {
                    if (used > length + Slack)
                    {
                        Fail("allocation", name + " TryValidate", $"{used} bytes allocated for a {length}-byte input");
                    }

                    break;
                }
            }

            outcome.Result = _lastResult;

            // As every call over budget, judged on a repeat: what a throw allocates grows with the frames its stack trace
            // holds, and a first call on a loaded machine can still run through unoptimized (not yet inlined) frames.
            for (int attempt = 0; attempt < 2; attempt++)
            {
                long beforeThrow = Allocated();
                try
                {
                    validate();
                }
                catch (Exception e)
                {
                    outcome.ThrowError = e;
                }

                long usedThrow = Allocated() - beforeThrow;
                if (usedThrow <= length + Slack + ExceptionBudget)
                {
                    break;
                }

                if (attempt == 1)
                {
                    Fail("allocation", name + " Validate", $"{usedThrow} bytes allocated for a {length}-byte input");
                }
            }

            return outcome;
        }

        private MsgPackValidationResult _lastResult;

        private void CheckValidation(byte* p, int length, ReadOnlySequence<byte> sequence)
        {
            var span = new ReadOnlySpan<byte>(p, length);
            OperationStatus skipStatus = MsgPackSpec.TrySkip(span, out int skipLength);
            foreach ((string optionName, MsgPackValidationOptions options) in ValidationOptions)
            {
                byte* start = p;
                ValidationOutcome overSpan = Validate(
                    "span " + optionName,
                    length,
                    () => MsgPackSpec.TryValidate(new ReadOnlySpan<byte>(start, length), out _lastResult, options),
                    () => MsgPackSpec.Validate(new ReadOnlySpan<byte>(start, length), options));
                ValidationOutcome overPointer = Validate(
                    "pointer " + optionName,
                    length,
                    () => MsgPackSpec.TryValidate(start, length, out _lastResult, options),
                    () => MsgPackSpec.Validate(start, length, options));
                ValidationOutcome overSequence = Validate(
                    "sequence " + optionName,
                    length,
                    () => MsgPackSpec.TryValidate(sequence, out _lastResult, options),
                    () => MsgPackSpec.Validate(sequence, options));

                string name = "Validate(" + optionName + ")";
                if (!SameValidation(overSpan, overPointer))
                {
                    Fail("span/pointer disagree", name, $"span {overSpan}; pointer {overPointer}");
                }

                // The same verdict over a sequence; only the status may differ, where a span could never hold what
                // is needed (more than int.MaxValue bytes) and a sequence could.
                if (!SameValidation(overSpan, overSequence, sequenceMayWait: true))
                {
                    Fail("span/sequence disagree", name, $"span {overSpan}; sequence {overSequence}");
                }

                CheckValidationContract(name, overSpan, options, span, skipStatus, skipLength, int.MaxValue);
                CheckValidationContract(name + " sequence", overSequence, options, span, skipStatus, skipLength, long.MaxValue);
            }
        }

        private static bool SameValidation(ValidationOutcome a, ValidationOutcome b, bool sequenceMayWait = false)
        {
            if ((a.TryError == null) != (b.TryError == null) || (a.ThrowError == null) != (b.ThrowError == null))
            {
                return false;
            }

            if (a.TryError != null && a.TryError.GetType() != b.TryError!.GetType())
            {
                return false;
            }

            if (a.ThrowError != null && (a.ThrowError.GetType() != b.ThrowError!.GetType() || a.ThrowError.Message != b.ThrowError.Message))
            {
                return false;
            }

            MsgPackValidationResult x = a.Result, y = b.Result;
            bool sameStatus = a.Status == b.Status
                || (sequenceMayWait && x.BytesNeeded > int.MaxValue && a.Status == OperationStatus.InvalidData && b.Status == OperationStatus.NeedMoreData);
            return sameStatus && x.Error == y.Error && x.Offset == y.Offset && x.BytesConsumed == y.BytesConsumed
                && x.ValueCount == y.ValueCount && x.BytesNeeded == y.BytesNeeded;
        }

        private void CheckValidationContract(string name, ValidationOutcome outcome, MsgPackValidationOptions options, ReadOnlySpan<byte> span, OperationStatus skipStatus, int skipLength, long maxLength)
        {
            int length = span.Length;
            if (outcome.TryError != null)
            {
                Fail("Try threw", name + " TryValidate", Describe(outcome.TryError));
                return;
            }

            MsgPackValidationResult r = outcome.Result;
            if (outcome.ThrowError != null && outcome.ThrowError is not MsgPackValidationException)
            {
                Fail("unexpected exception", name + " Validate", Describe(outcome.ThrowError));
                return;
            }

            var thrown = outcome.ThrowError as MsgPackValidationException;
            if (r.Error == MsgPackValidationError.None ? thrown != null : thrown == null || thrown.Error != r.Error || thrown.Offset != r.Offset)
            {
                Fail("TryValidate/Validate disagree", name, outcome.ToString());
            }

            OperationStatus expected = r.Error switch
            {
                MsgPackValidationError.None => OperationStatus.Done,
                MsgPackValidationError.Truncated or MsgPackValidationError.LengthPastEnd when r.BytesNeeded <= maxLength => OperationStatus.NeedMoreData,
                _ => OperationStatus.InvalidData,
            };
            var problems = new List<string>();
            if (outcome.Status != expected)
            {
                problems.Add($"status {outcome.Status} for {r.Error}");
            }

            if (r.Error == MsgPackValidationError.None)
            {
                if (r.Offset != length || r.BytesConsumed != length || r.ValueCount < 1 || (!options.AllowMultipleValues && r.ValueCount != 1) || r.BytesNeeded != 0)
                {
                    problems.Add("success counts");
                }
            }
            else
            {
                if (r.BytesConsumed < 0 || r.BytesConsumed > r.Offset || r.Offset > length || (!options.AllowMultipleValues && r.ValueCount > 1))
                {
                    problems.Add("offsets");
                }

                bool needs = r.Error is MsgPackValidationError.Truncated or MsgPackValidationError.LengthPastEnd;
                if (needs ? r.BytesNeeded <= length : r.BytesNeeded != 0)
                {
                    problems.Add("bytes needed");
                }

                int at = (int)Math.Min(r.Offset, length);
                ReadOnlySpan<byte> rest = span.Slice(at);
                switch (r.Error)
                {
                    case MsgPackValidationError.NeverUsedCode when rest.IsEmpty || rest[0] != 0xc1:
                        problems.Add("no 0xc1 at the offset");
                        break;
                    case MsgPackValidationError.InvalidTimestamp when MsgPackSpec.TryReadTimestamp(rest, out _, out _) switch
                    {
                        OperationStatus.InvalidData => false,
                        OperationStatus.NeedMoreData => !FuzzUtf8.IsCutTimestampInvalid(rest), // cut short, but already wrong
                        _ => true,
                    }:
                        problems.Add("ReadTimestamp accepts the timestamp at the offset");
                        break;
                    case MsgPackValidationError.InvalidUtf8 when !options.CheckUtf8 || MsgPackSpec.TryReadStringBytes(rest, out _, out _) switch
                    {
                        OperationStatus.InvalidData => false,
                        OperationStatus.NeedMoreData => FuzzUtf8.CanStart(PresentPayload(rest)), // cut short, but already wrong
                        _ => true,
                    }:
                        problems.Add("ReadStringBytes accepts the str at the offset");
                        break;
                    case MsgPackValidationError.DepthExceeded when rest.IsEmpty
                        || MsgPackSpec.GetMsgPackType(rest[0]) is not (MsgPackType.Array or MsgPackType.Map):
                        problems.Add("no array or map at the offset");
                        break;
                    case MsgPackValidationError.TrailingBytes when options.AllowMultipleValues || r.Offset >= length:
                        problems.Add("trailing bytes");
                        break;
                }
            }

            // The values it counted are exactly what Skip walks over.
            long position = 0;
            for (long i = 0; i < r.ValueCount && position <= length; i++)
            {
                if (MsgPackSpec.TrySkip(span.Slice((int)position), out int valueLength) != OperationStatus.Done)
                {
                    problems.Add($"value {i} does not Skip");
                    position = long.MaxValue;
                    break;
                }

                position += valueLength;
            }

            if (position != r.BytesConsumed)
            {
                problems.Add($"Skip walks {position} bytes over {r.ValueCount} values");
            }

            // One value: Validate and Skip see the same structure.
            if (!options.AllowMultipleValues)
            {
                if (r.Error == MsgPackValidationError.None && (skipStatus != OperationStatus.Done || skipLength != length))
                {
                    problems.Add($"valid, but TrySkip says {skipStatus} {skipLength}");
                }

                if (r.Error is MsgPackValidationError.Truncated or MsgPackValidationError.LengthPastEnd && skipStatus == OperationStatus.Done)
                {
                    problems.Add($"{r.Error}, but TrySkip is Done");
                }

                // Input that cannot start a valid document is never a wait: what Skip rejects (0xc1 among the values
                // present, or more than int.MaxValue bytes) does not ask a span for more. And where both wait, they
                // ask for the same least length.
                if (maxLength == int.MaxValue && skipStatus == OperationStatus.InvalidData && outcome.Status == OperationStatus.NeedMoreData)
                {
                    problems.Add($"NeedMoreData ({r.Error}), but TrySkip is InvalidData");
                }

                if (skipStatus == OperationStatus.NeedMoreData && r.Error is MsgPackValidationError.Truncated or MsgPackValidationError.LengthPastEnd && r.BytesNeeded != skipLength)
                {
                    problems.Add($"needs {r.BytesNeeded} bytes, but TrySkip needs {skipLength}");
                }

                if (r.Error == MsgPackValidationError.TrailingBytes && (skipStatus != OperationStatus.Done || skipLength != r.Offset))
                {
                    problems.Add($"trailing bytes at {r.Offset}, but TrySkip says {skipStatus} {skipLength}");
                }

                // Skip does not look into ext data or str bytes: a timestamp or UTF-8 error is Validate's alone.
                if (options.MaxDepth == int.MaxValue && skipStatus == OperationStatus.Done && skipLength == length
                    && r.Error is not (MsgPackValidationError.None or MsgPackValidationError.InvalidTimestamp or MsgPackValidationError.InvalidUtf8))
                {
                    problems.Add($"TrySkip takes the whole input, but {r.Error}");
                }
            }

            if (problems.Count > 0)
            {
                Fail("Validate broke its contract", name, string.Join(", ", problems) + " - " + outcome.ToString() + $"; TrySkip {skipStatus} {skipLength}");
            }
        }

        /// <summary>The bytes present of the str payload at the start of <paramref name="rest"/> (whose header is whole).</summary>
        private static ReadOnlySpan<byte> PresentPayload(ReadOnlySpan<byte> rest)
        {
            int headerLength = rest[0] switch { >= 0xa0 and <= 0xbf => 1, 0xd9 => 2, 0xda => 3, _ => 5 };
            return rest.Slice(Math.Min(headerLength, rest.Length));
        }

        // ---- Peeks and framing.

        private void CheckPeeks(byte* p, int length, ReadOnlySequence<byte> sequence)
        {
            var span = new ReadOnlySpan<byte>(p, length);
            string expected = length == 0 ? nameof(MsgPackTruncatedException) : MsgPackSpec.GetMsgPackType(span[0]).ToString();
            string found;
            try
            {
                found = MsgPackSpec.GetMsgPackType(span).ToString();
            }
            catch (Exception e)
            {
                found = e.GetType().Name;
            }

            if (found != expected)
            {
                Fail("peek", "GetMsgPackType(span)", $"{found}, expected {expected}");
            }

            var reader = new MsgPackReader(sequence);
            try
            {
                found = reader.PeekMsgPackType().ToString();
            }
            catch (Exception e)
            {
                found = e.GetType().Name;
            }

            if (found != expected)
            {
                Fail("peek", "MsgPackReader.PeekMsgPackType", $"{found}, expected {expected}");
            }

            bool isNil = reader.IsNil();
            if (isNil != (length > 0 && span[0] == 0xc0) || reader.Consumed != 0 || reader.End != (length == 0) || reader.Remaining != length)
            {
                Fail("peek", "MsgPackReader.IsNil/End/Remaining", $"IsNil {isNil}, End {reader.End}, Remaining {reader.Remaining}, Consumed {reader.Consumed}");
            }
        }

        private void CheckFrame(byte* p, int length, ReadOnlySequence<byte> sequence, FuzzRandom random)
        {
            var span = new ReadOnlySpan<byte>(p, length);
            long limit = random.Pick(FrameLimits);
            OperationStatus status;
            ReadOnlySequence<byte> body;
            SequencePosition end;
            try
            {
                status = MsgPackReader.TryReadFrame(sequence, limit, out body, out end);
            }
            catch (Exception e)
            {
                Fail("Try threw", "MsgPackReader.TryReadFrame", Describe(e));
                return;
            }

            OperationStatus expected = MsgPackSpec.TryReadUInt64(span, out ulong bodyLength, out int prefix);
            if (expected == OperationStatus.Done)
            {
                expected = bodyLength > (ulong)Math.Max(limit, 0) ? OperationStatus.InvalidData
                    : (ulong)(length - prefix) < bodyLength ? OperationStatus.NeedMoreData
                    : OperationStatus.Done;
            }

            bool same = status == expected && (status != OperationStatus.Done
                ? body.IsEmpty && sequence.Slice(end).Length == length
                : Val.Payload(body).Equals(Val.Payload(span.Slice(prefix, (int)bodyLength))) && sequence.Slice(end).Length == length - prefix - (long)bodyLength);
            if (!same)
            {
                Fail("frame", "MsgPackReader.TryReadFrame", $"{status} (body {body.Length}), expected {expected} (limit {limit})");
            }
        }

        // ---- A random walk: values read one after another, each compared with the span reader at that offset.

        private void CheckWalk(byte* p, int length, ReadOnlySequence<byte> sequence, FuzzRandom random, bool overSequence)
        {
            var span = new ReadOnlySpan<byte>(p, length);
            MsgPackReader reader = overSequence ? new MsgPackReader(sequence) : new MsgPackReader(span);
            string flavor = overSequence ? " MsgPackReader(sequence) walk" : " MsgPackReader(span) walk";
            for (int step = 0; step < 64 && !reader.End; step++)
            {
                long offset = reader.Consumed;
                if (offset < 0 || offset > length)
                {
                    Fail("walk", "MsgPackReader" + flavor, $"Consumed {offset} of {length}");
                    return;
                }

                ReadOnlySpan<byte> rest = span.Slice((int)offset);
                if (overSequence && sequence.Slice(reader.Position).Length != rest.Length)
                {
                    Fail("walk", "MsgPackReader.Position" + flavor, $"Position leaves {sequence.Slice(reader.Position).Length} bytes, Consumed says {rest.Length}");
                    return;
                }

                bool isNil = false;
                MsgPackType type = default;
                Exception? peekError = null;
                try
                {
                    isNil = reader.IsNil();
                    type = reader.PeekMsgPackType();
                }
                catch (Exception e)
                {
                    peekError = e;
                }

                if (peekError != null || isNil != (rest[0] == 0xc0) || type != MsgPackSpec.GetMsgPackType(rest[0]) || reader.Consumed != offset)
                {
                    string found = peekError != null ? Describe(peekError) : $"IsNil {isNil}, type {type}";
                    Fail("walk", "MsgPackReader.IsNil/PeekMsgPackType" + flavor, $"at {offset}: {found}, byte 0x{rest[0]:x2} (Consumed {reader.Consumed})");
                    return;
                }

                if (random.OneIn(8))
                {
                    // Raw bytes of a chosen length (after a header, as a caller would): any length up to past the end.
                    int count = random.Next(4) switch
                    {
                        0 => rest.Length,
                        1 => rest.Length + 1,
                        2 => random.Pick(new[] { 0, 1, int.MaxValue, int.MaxValue - 4 }),
                        _ => random.Next(rest.Length + 1),
                    };
                    if (!CheckReadBytes(ref reader, rest, count, random.OneIn(2), flavor, offset))
                    {
                        return;
                    }

                    continue;
                }

                ReaderDef def = FuzzReaders.All[random.Next(FuzzReaders.All.Length)];
                TryOutcome expected = SpanTry(def, rest);
                MsgPackReader next;
                if (random.OneIn(2))
                {
                    TryOutcome tried = ReaderTry(def, reader, out long consumed, out next);
                    if (tried.Error != null || tried.Status != expected.Status
                        || (tried.Status == OperationStatus.Done ? consumed != expected.BytesRead || !tried.Value.Equals(expected.Value) : consumed != 0))
                    {
                        Fail("MsgPackReader/span disagree", def.Name + flavor + " Try", $"at {offset}: reader {tried} consumed={consumed}; span {expected}");
                        return;
                    }
                }
                else
                {
                    ReadOutcome read = ReaderRead(def, reader, out long consumed, out next);
                    ReadOutcome spanRead = SpanRead(def, rest);
                    CheckReadContract(def.Name + flavor + " Read", read, rest.Length);
                    bool same = read.Error == null
                        ? spanRead.Error == null && consumed == spanRead.BytesRead && read.Value.Equals(spanRead.Value)
                        : spanRead.Error != null && read.Error.GetType() == spanRead.Error.GetType() && consumed == 0;
                    if (!same)
                    {
                        Fail("MsgPackReader/span disagree", def.Name + flavor + " Read", $"at {offset}: reader {read} consumed={consumed}; span {spanRead}");
                        return;
                    }
                }

                if (next.Consumed == offset)
                {
                    // Nothing read: move on by one whole value, or stop where nothing can.
                    if (next.TrySkip() != OperationStatus.Done)
                    {
                        return;
                    }

                    if (next.Consumed <= offset)
                    {
                        Fail("walk", "MsgPackReader.TrySkip" + flavor, $"at {offset}: Done without moving");
                        return;
                    }
                }

                reader = next;
            }
        }

        /// <summary>MsgPackReader.ReadBytes / TryReadBytes of <paramref name="count"/> bytes; false (after a failure) to stop the walk.</summary>
        private bool CheckReadBytes(ref MsgPackReader reader, ReadOnlySpan<byte> rest, int count, bool throwing, string flavor, long offset)
        {
            bool fits = count <= rest.Length;
            Val expected = fits ? Val.Payload(rest.Slice(0, count)) : default;
            MsgPackReader cursor = reader;
            Val found = default;
            OperationStatus status = OperationStatus.Done;
            Exception? error = null;
            long before = Allocated();
            try
            {
                if (throwing)
                {
                    found = Val.Payload(cursor.ReadBytes(count));
                }
                else
                {
                    status = cursor.TryReadBytes(count, out MsgPackPayload bytes);
                    found = Val.Payload(bytes);
                }
            }
            catch (Exception e)
            {
                error = e;
            }

            long used = Allocated() - before;
            long consumed = cursor.Consumed - reader.Consumed;
            string name = (throwing ? "ReadBytes" : "TryReadBytes") + flavor;
            bool same = throwing
                ? (fits ? error == null && found.Equals(expected) && consumed == count : error is MsgPackTruncatedException && consumed == 0)
                : error == null && (fits ? status == OperationStatus.Done && found.Equals(expected) && consumed == count : status == OperationStatus.NeedMoreData && found.IsEmpty && consumed == 0);
            if (!same)
            {
                Fail("MsgPackReader/span disagree", name, $"at {offset}: {count} bytes of {rest.Length}: {(error != null ? "threw " + Describe(error) : $"{status} {found}")} consumed={consumed}");
                return false;
            }

            if (used > Slack + (error != null ? ExceptionBudget : 0))
            {
                Fail("allocation", name, $"{used} bytes allocated reading {count} bytes");
            }

            reader = cursor;
            return true;
        }

        /// <summary>Cuts an input into a <see cref="ReadOnlySequence{T}"/> of separately allocated segments.</summary>
        internal static class Segments
        {
            public static ReadOnlySequence<byte> Build(byte[] input, FuzzRandom random, out string description)
            {
                if (input.Length == 0)
                {
                    description = "none";
                    return random.OneIn(2) ? default : new ReadOnlySequence<byte>(Array.Empty<byte>());
                }

                var lengths = new List<int>();
                switch (random.Next(5))
                {
                    case 0:
                        lengths.Add(input.Length);
                        break;
                    case 1:
                        // A few random cuts.
                        var cuts = new SortedSet<int> { 0, input.Length };
                        int count = random.Next(1, 9);
                        for (int i = 0; i < count; i++)
                        {
                            cuts.Add(random.Next(input.Length + 1));
                        }

                        int previous = 0;
                        foreach (int cut in cuts)
                        {
                            if (cut > previous)
                            {
                                lengths.Add(cut - previous);
                            }

                            previous = cut;
                        }

                        break;
                    case 2:
                        // One byte per segment (long inputs: 64 bytes).
                        int size = input.Length <= 4096 ? 1 : 64;
                        for (int left = input.Length; left > 0; left -= size)
                        {
                            lengths.Add(Math.Min(size, left));
                        }

                        break;
                    default:
                        // Small random segments with empty ones in between.
                        int max = input.Length <= 4096 ? 16 : 1024;
                        for (int left = input.Length; left > 0;)
                        {
                            if (random.OneIn(4))
                            {
                                lengths.Add(0);
                            }

                            int take = Math.Min(left, random.Next(1, max + 1));
                            lengths.Add(take);
                            left -= take;
                        }

                        if (random.OneIn(2))
                        {
                            lengths.Add(0);
                        }

                        break;
                }

                return FromLengths(input, lengths, out description);
            }

            /// <summary>
            /// Cuts an input at the given offsets (sorted or not, each from 0 to the input's length; a repeated offset
            /// makes an empty segment between two others).
            /// </summary>
            public static ReadOnlySequence<byte> FromCuts(byte[] input, IReadOnlyList<int> cuts, out string description)
            {
                if (input.Length == 0 && cuts.Count == 0)
                {
                    description = "none";
                    return default;
                }

                var sorted = new List<int>(cuts);
                sorted.Sort();
                var lengths = new List<int>();
                int previous = 0;
                foreach (int cut in sorted)
                {
                    lengths.Add(cut - previous);
                    previous = cut;
                }

                lengths.Add(input.Length - previous);
                return FromLengths(input, lengths, out description);
            }

            private static ReadOnlySequence<byte> FromLengths(byte[] input, List<int> lengths, out string description)
            {
                Segment? first = null, last = null;
                int offset = 0;
                foreach (int segmentLength in lengths)
                {
                    // Each segment in its own array, between bytes that decode as something else, so a read past a
                    // segment's end shows as a wrong value.
                    byte[] array = new byte[segmentLength + 2];
                    array[0] = 0xc1;
                    array[^1] = 0xc1;
                    input.AsSpan(offset, segmentLength).CopyTo(array.AsSpan(1));
                    var memory = new ReadOnlyMemory<byte>(array, 1, segmentLength);
                    if (last == null)
                    {
                        first = last = new Segment(memory, 0);
                    }
                    else
                    {
                        last = last.Append(memory);
                    }

                    offset += segmentLength;
                }

                description = lengths.Count == 1 ? "1 of " + input.Length : Describe(lengths);
                return new ReadOnlySequence<byte>(first!, 0, last!, last!.Memory.Length);
            }

            private static string Describe(List<int> lengths)
            {
                var text = new StringBuilder();
                text.Append(lengths.Count.ToString(CultureInfo.InvariantCulture)).Append(": ");
                for (int i = 0; i < lengths.Count && i < 24; i++)
                {
                    text.Append(i == 0 ? string.Empty : ",").Append(lengths[i].ToString(CultureInfo.InvariantCulture));
                }

                return lengths.Count > 24 ? text.Append(",...").ToString() : text.ToString();
            }

            private sealed class Segment : ReadOnlySequenceSegment<byte>
            {
                public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
                {
                    Memory = memory;
                    RunningIndex = runningIndex;
                }

                public Segment Append(ReadOnlyMemory<byte> memory)
                {
                    var next = new Segment(memory, RunningIndex + Memory.Length);
                    Next = next;
                    return next;
                }
            }
        }
    }
}
