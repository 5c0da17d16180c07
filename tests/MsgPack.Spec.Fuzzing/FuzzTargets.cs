using System;
using System.Buffers;
using System.Collections.Generic;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>A contract the fuzz oracle checks was broken: uncaught, it is what afl records as a crash.</summary>
    internal sealed class FuzzContractException : Exception
    {
        public FuzzContractException(string message)
            : base(message)
        {
        }
    }

    /// <summary>
    /// The coverage-guided fuzzing targets (tests/MsgPack.Spec.AflFuzz runs them under afl-fuzz) and the regression
    /// test over their corpus (AflCorpusTests) share this code: one input, one target, the mutation fuzzer's oracle.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Every target but <c>roundtrip</c> reads a framed document: a control byte (low 3 bits: how many cut bytes
    /// follow; bit 3: the input starts right after an unreadable page instead of ending right before one), the cut
    /// bytes (where the document is split into the segments of a <see cref="ReadOnlySequence{T}"/>: the byte modulo
    /// the length + 1, scaled for documents of 256 bytes and more; a repeated cut is an empty segment), then the
    /// document. So afl mutates the split points as it mutates the bytes. Other random choices of the oracle (which
    /// reader a walk takes, a frame limit) come from a hash of the whole input: one input always runs the same way.
    /// </para>
    /// <para><c>roundtrip</c> reads a script of writer calls (<see cref="FuzzScript"/>).</para>
    /// </remarks>
    internal static class FuzzTargets
    {
        public static readonly string[] Names = { "readers", "skip", "validate", "sequence", "token", "roundtrip", "text", "utf8", "generated", "document" };

        private static readonly ReaderDef[] SkipReaders = Array.FindAll(FuzzReaders.All, r => r.Name is "Skip" or "Raw");

        [ThreadStatic]
        private static FuzzOracle? t_oracle;

        public static bool IsTarget(string name) => Array.IndexOf(Names, name) >= 0;

        /// <summary>Runs one input through a target; a broken contract throws <see cref="FuzzContractException"/> with the oracle's report.</summary>
        public static void Run(string target, byte[] input)
        {
            FuzzReport report = Check(target, input);
            if (report.Failures > 0)
            {
                throw new FuzzContractException($"{target}: {report.Failures} contract violation(s)\n{report.Format()}");
            }
        }

        /// <summary>
        /// The stack every target runs on (and the mutation fuzzer's thread): <see cref="SmallStack.Size"/>. A walk that
        /// recursed, or nested exception dispatch, once per level of the input overflows it, and the overflow ends the
        /// process: a crash to afl, a failed run to the tests.
        /// </summary>
        public const int StackSize = SmallStack.Size;

        /// <summary>Runs one input through a target, on a thread of <see cref="StackSize"/>, and returns the oracle's report (no exception for a broken contract).</summary>
        public static FuzzReport Check(string target, byte[] input)
        {
            // The oracle is the caller's thread's (it keeps its buffers from input to input); the caller waits, so one
            // thread at a time uses it.
            FuzzOracle oracle = t_oracle ??= new FuzzOracle(new FuzzReport(0), 0);
            return SmallStack.Call(() => Check(oracle, target, input));
        }

        private static FuzzReport Check(FuzzOracle oracle, string target, byte[] input)
        {
            var report = new FuzzReport(0);
            oracle.Report = report;
            if (target == "roundtrip")
            {
                oracle.CheckRoundTrip(input, 0);
                return report;
            }

            byte[] document = Unframe(input, out List<int> cuts, out bool atStart);
            var random = new FuzzRandom(Hash(input));
            ReadOnlySequence<byte> sequence = FuzzOracle.Segments.FromCuts(document, cuts, out string segments);
            switch (target)
            {
                case "readers":
                    oracle.Check(FuzzChecks.SpanReaders | FuzzChecks.Advancing | FuzzChecks.Peeks | FuzzChecks.SpanWalk | FuzzChecks.BulkArrays, FuzzReaders.All, document, 0, sequence, segments, atStart, random);
                    break;
                case "skip":
                    oracle.Check(FuzzChecks.SpanReaders | FuzzChecks.SequenceReaders | FuzzChecks.Advancing | FuzzChecks.SkipWalk, SkipReaders, document, 0, sequence, segments, atStart, random);
                    break;
                case "validate":
                    oracle.Check(FuzzChecks.Validation, FuzzReaders.All, document, 0, sequence, segments, atStart, random);
                    break;
                case "sequence":
                    oracle.Check(FuzzChecks.SequenceReaders | FuzzChecks.SequenceWalk | FuzzChecks.Frame | FuzzChecks.Peeks | FuzzChecks.Payloads, FuzzTokens.WithToken, document, 0, sequence, segments, atStart, random);
                    break;
                case "token":
                    oracle.Check(FuzzChecks.Tokens, FuzzReaders.All, document, 0, sequence, segments, atStart, random);
                    break;
                case "text":
                    oracle.Check(FuzzChecks.Text, FuzzReaders.All, document, 0, sequence, segments, atStart, random);
                    break;
                case "utf8":
                    // The document is text here, not MessagePack: the library's UTF-8 check against the BCL's.
                    oracle.Check(FuzzChecks.Utf8, FuzzReaders.All, document, 0, sequence, segments, atStart, random);
                    break;
                case "document":
                    // MsgPackDocument and MsgPackDynamic: the validator's verdicts, and every element against the token walk.
                    oracle.Check(FuzzChecks.Document, FuzzReaders.All, document, 0, sequence, segments, atStart, random);
                    break;
                case "generated":
                    // The source generator's readers and writers (FuzzGenerated's models) on the document.
                    FuzzGenerated.Check(document, sequence, (check, detail) => report.Add(check, "generated", detail, 0, input, segments));
                    break;
                default:
                    throw new ArgumentException($"No fuzz target '{target}' (targets: {string.Join(", ", Names)}).", nameof(target));
            }

            return report;
        }

        /// <summary>Frames a document for the document targets: the control byte, the cut bytes, the document.</summary>
        public static byte[] Frame(ReadOnlySpan<byte> document, bool atStart = false, params byte[] cuts)
        {
            if (cuts.Length > 7)
            {
                throw new ArgumentException("At most 7 cuts.", nameof(cuts));
            }

            var framed = new byte[1 + cuts.Length + document.Length];
            framed[0] = (byte)(cuts.Length | (atStart ? 8 : 0));
            cuts.CopyTo(framed, 1);
            document.CopyTo(framed.AsSpan(1 + cuts.Length));
            return framed;
        }

        /// <summary>The document of a framed input, where to cut it, and where to place it.</summary>
        public static byte[] Unframe(byte[] input, out List<int> cuts, out bool atStart)
        {
            cuts = new List<int>();
            atStart = false;
            if (input.Length == 0)
            {
                return input;
            }

            int count = input[0] & 7;
            atStart = (input[0] & 8) != 0;
            int start = Math.Min(input.Length, 1 + count);

            // The guarded buffer holds the mutation fuzzer's longest input; longer documents are cut to it.
            byte[] document = input.AsSpan(start, Math.Min(input.Length - start, FuzzMutator.MaxInputLength)).ToArray();
            for (int i = 1; i < start; i++)
            {
                int b = input[i];
                cuts.Add(document.Length < 256 ? b % (document.Length + 1) : (int)((long)b * (document.Length + 1) / 256));
            }

            return document;
        }

        /// <summary>FNV-1a of the whole input: the seed of the oracle's other random choices.</summary>
        private static ulong Hash(byte[] input)
        {
            ulong hash = 14695981039346656037UL;
            foreach (byte b in input)
            {
                hash = (hash ^ b) * 1099511628211UL;
            }

            return hash;
        }
    }
}
