using System;
using System.Buffers;
using System.Collections.Generic;
using MsgPack.Spec.Fuzzing;

namespace MsgPack.Spec.Lz4.Tests
{
    /// <summary>
    /// The fuzz target of MsgPack.Spec.Lz4, shared by the mutation fuzzer's test (Lz4FuzzTests) and the afl harness
    /// (tests/MsgPack.Spec.AflFuzz links this file; its target "lz4"): one framed input (FuzzTargets' frame: a control
    /// byte, the cuts of a segmented copy, the document), and the contracts of every read door on it.
    /// </summary>
    /// <remarks>
    /// For the default options and for a MaxDecompressedLength of 4 KiB: the span door succeeds or throws a
    /// <see cref="MsgPackException"/>, never anything else; it allocates no more than the input can justify (what LZ4
    /// can expand it to, within the limit, twice over for the growing writer, plus the exception); the sequence door, on
    /// the segmented copy, does exactly what the span door did (the same bytes and length read, or the same exception
    /// type); what it decompressed compresses again in either form and decompresses back to itself; and a value door
    /// throws nothing but a MsgPackException either.
    /// </remarks>
    internal static class Lz4FuzzTarget
    {
        public const string Name = "lz4";

        private const long ExceptionAllowance = 64 * 1024;

        private static readonly MsgPackLz4Options[] Limits =
        {
            new MsgPackLz4Options(),
            new MsgPackLz4Options { MaxDecompressedLength = 4096 },
        };

        private static readonly MsgPackLz4Options[] Forms =
        {
            new MsgPackLz4Options { Format = MsgPackLz4Format.Lz4Block, MinLength = 1 },
            new MsgPackLz4Options { Format = MsgPackLz4Format.Lz4BlockArray, MinLength = 1 },
        };

        /// <summary>Runs one input; a broken contract throws <see cref="FuzzContractException"/> (afl's crash).</summary>
        public static void Run(byte[] input)
        {
            string? failure = SmallStack.Call(() => Check(input));
            if (failure is not null)
            {
                throw new FuzzContractException($"{Name}: {failure} (input {FuzzReport.Hex(input.AsSpan(0, Math.Min(input.Length, 64)))}{(input.Length > 64 ? " ..." : string.Empty)})");
            }
        }

        /// <summary>The contracts on one framed input (see the class remarks): null when all hold, else what broke.</summary>
        public static string? Check(byte[] input)
        {
            byte[] document = FuzzTargets.Unframe(input, out List<int> cuts, out _);
            ReadOnlySequence<byte> sequence = FuzzOracle.Segments.FromCuts(document, cuts, out string segments);
            foreach (MsgPackLz4Options options in Limits)
            {
                string where = $"MaxDecompressedLength {options.MaxDecompressedLength}, segments {segments}";
                var spanOutput = new ArrayBufferWriter<byte>();
                long before = GC.GetAllocatedBytesForCurrentThread();
                Exception? spanError = Catch(() => (long)MsgPackLz4.Decompress(document, spanOutput, options), out long spanRead);
                long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                if (spanError is not null and not MsgPackException)
                {
                    return $"{where}: the span door threw {spanError}";
                }

                long justified = ExceptionAllowance + (3 * Math.Min(255L * document.Length, options.MaxDecompressedLength + (long)document.Length));
                if (allocated > justified)
                {
                    return $"{where}: the span door allocated {allocated} bytes for {document.Length} bytes of input (at most {justified} justified)";
                }

                var sequenceOutput = new ArrayBufferWriter<byte>();
                Exception? sequenceError = Catch(() => MsgPackLz4.Decompress(sequence, sequenceOutput, options), out long sequenceRead);
                if (spanError?.GetType() != sequenceError?.GetType())
                {
                    return $"{where}: the span door {Describe(spanError)}, the sequence door {Describe(sequenceError)}";
                }

                if (spanError is null && (spanRead != sequenceRead || !spanOutput.WrittenSpan.SequenceEqual(sequenceOutput.WrittenSpan)))
                {
                    return $"{where}: the span door read {spanRead} bytes into {spanOutput.WrittenCount}, the sequence door {sequenceRead} into {sequenceOutput.WrittenCount}";
                }

                // What a door decompressed never starts as a compressed value (that is refused as nesting), so compressed
                // again it reads back, unless it is empty (an empty plain input is no value).
                if (spanError is null && spanOutput.WrittenCount > 0)
                {
                    foreach (MsgPackLz4Options form in Forms)
                    {
                        var again = new ArrayBufferWriter<byte>();
                        MsgPackLz4.Compress(spanOutput.WrittenSpan, again, form);
                        var back = new ArrayBufferWriter<byte>();
                        Exception? backError = Catch(() => (long)MsgPackLz4.Decompress(again.WrittenSpan, back, new MsgPackLz4Options { MaxDecompressedLength = int.MaxValue - 100 }), out _);
                        if (backError is not null)
                        {
                            return $"{where}: {spanOutput.WrittenCount} decompressed bytes compressed again as {form.Format} did not read back: {backError}";
                        }

                        if (backError is null && !back.WrittenSpan.SequenceEqual(spanOutput.WrittenSpan))
                        {
                            return $"{where}: {spanOutput.WrittenCount} decompressed bytes compressed again as {form.Format} read back as other bytes";
                        }
                    }
                }

                Exception? valueError = Catch(() => MsgPackLz4.Deserialize<Catalog>(sequence, out long read, options).Orders.Count + read, out _);
                if (valueError is not null and not MsgPackException)
                {
                    return $"{where}: Deserialize<Catalog> threw {valueError}";
                }
            }

            return null;
        }

        /// <summary>
        /// Seed documents: catalogs of 10 B to 70 KB in both forms (the longest of three chunks), the fuzz engine's
        /// MessagePack documents compressed in both forms, and a few of them plain.
        /// </summary>
        public static List<byte[]> Corpus(int maxLength = FuzzMutator.MaxInputLength)
        {
            var corpus = new List<byte[]>();
            foreach (int length in new[] { 10, 80, 300, 1000, 5000, 40_000, 70_000 })
            {
                byte[] plain = Samples.Plain(Samples.Catalog(length, length));
                corpus.Add(plain);
                foreach (MsgPackLz4Options form in Forms)
                {
                    var output = new ArrayBufferWriter<byte>();
                    MsgPackLz4.Compress(plain, output, form);
                    corpus.Add(output.WrittenSpan.ToArray());
                }
            }

            int taken = 0;
            foreach (byte[] doc in FuzzCorpus.Build())
            {
                if (doc.Length < 16 || taken++ % 7 != 0)
                {
                    continue;
                }

                foreach (MsgPackLz4Options form in Forms)
                {
                    var output = new ArrayBufferWriter<byte>();
                    MsgPackLz4.Compress(doc, output, form);
                    corpus.Add(output.WrittenSpan.ToArray());
                }
            }

            return corpus.FindAll(d => d.Length <= maxLength);
        }

        private static Exception? Catch(Func<long> call, out long result)
        {
            try
            {
                result = call();
                return null;
            }
            catch (Exception e)
            {
                result = -1;
                return e;
            }
        }

        private static string Describe(Exception? e) => e is null ? "succeeded" : "threw " + e.GetType().Name + ": " + e.Message;
    }
}
