using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using MsgPack.Spec.Fuzzing;

namespace MsgPack.Spec.AflFuzz
{
    /// <summary>
    /// <para>
    /// <c>fuzz TARGET</c>: the target under afl-fuzz (./build.sh afl starts it, over an instrumented copy of
    /// MsgPack.Spec.dll): SharpFuzz's out-of-process fork server, which survives a crash that ends the .NET process
    /// (a read past the guard page is one). A broken contract throws <see cref="FuzzContractException"/>: afl records a crash.
    /// </para>
    /// <para>
    /// <c>run TARGET PATH...</c>: runs files (a folder: every file in it, recursively) through the target without afl,
    /// to reproduce a crash or check a corpus; prints each failure's report. Exit code 1 when any input fails.
    /// </para>
    /// <para><c>seeds FOLDER</c>: writes the seed corpus (FOLDER/documents, FOLDER/roundtrip).</para>
    /// <para>Targets: readers, skip, validate, sequence, token, roundtrip, text, utf8, generated, document, and lz4 (MsgPack.Spec.Lz4's read doors: Lz4FuzzTarget).</para>
    /// </summary>
    internal static class Program
    {
        private static int Main(string[] args)
        {
            if (args.Length == 2 && args[0] == "fuzz" && IsTarget(args[1]))
            {
                string target = args[1];

                // MSGPACK_AFL_SELFTEST=1: an input that starts with "crash!" throws, to prove afl records what the targets throw.
                bool selfTest = Environment.GetEnvironmentVariable("MSGPACK_AFL_SELFTEST") == "1";
                SharpFuzz.Fuzzer.OutOfProcess.Run(stream =>
                {
                    using var buffer = new MemoryStream();
                    stream.CopyTo(buffer);
                    byte[] input = buffer.ToArray();
                    if (selfTest && input.AsSpan().StartsWith("crash!"u8))
                    {
                        throw new FuzzContractException("self-test crash");
                    }

                    Run(target, input);
                });
                return 0;
            }

            if (args.Length >= 3 && args[0] == "run" && IsTarget(args[1]))
            {
                return RunFiles(args[1], args.Skip(2));
            }

            if (args.Length == 2 && args[0] == "seeds")
            {
                WriteSeeds(args[1]);
                return 0;
            }

            Console.Error.WriteLine("usage: MsgPack.Spec.AflFuzz fuzz TARGET | run TARGET FILE-OR-FOLDER... | seeds FOLDER");
            Console.Error.WriteLine("targets: " + string.Join(", ", FuzzTargets.Names) + ", " + Lz4.Tests.Lz4FuzzTarget.Name);
            return 64;
        }

        private static bool IsTarget(string name) => FuzzTargets.IsTarget(name) || name == Lz4.Tests.Lz4FuzzTarget.Name;

        private static void Run(string target, byte[] input)
        {
            if (target == Lz4.Tests.Lz4FuzzTarget.Name)
            {
                Lz4.Tests.Lz4FuzzTarget.Run(input);
            }
            else
            {
                FuzzTargets.Run(target, input);
            }
        }

        private static int RunFiles(string target, IEnumerable<string> paths)
        {
            var files = new List<string>();
            foreach (string path in paths)
            {
                if (Directory.Exists(path))
                {
                    files.AddRange(Directory.EnumerateFiles(path, "*", SearchOption.AllDirectories).Where(f => !Path.GetFileName(f).StartsWith(".", StringComparison.Ordinal) && !f.EndsWith(".md", StringComparison.Ordinal)).OrderBy(f => f, StringComparer.Ordinal));
                }
                else
                {
                    files.Add(path);
                }
            }

            int failed = 0;
            foreach (string file in files)
            {
                byte[] input = File.ReadAllBytes(file);
                try
                {
                    Run(target, input);
                }
                catch (Exception e)
                {
                    failed++;
                    Console.WriteLine($"FAIL {file} ({input.Length} bytes: {FuzzReport.Hex(input.AsSpan(0, Math.Min(input.Length, 64)))}{(input.Length > 64 ? " ..." : string.Empty)})");
                    Console.WriteLine(e is FuzzContractException ? e.Message : e.ToString());
                }
            }

            Console.WriteLine($"{target}: {files.Count - failed} passed, {failed} failed");
            return failed == 0 ? 0 : 1;
        }

        /// <summary>
        /// The seeds: the mutation fuzzer's documents of up to 512 bytes (every family, nested, streams), cut short
        /// and with lengths that claim more than there is, each framed with 0 to 3 cuts; and one round-trip script
        /// per writer op (a boundary value and a value from the bytes), plus a few long mixed scripts.
        /// </summary>
        private static void WriteSeeds(string folder)
        {
            string documents = Path.Combine(folder, "documents");
            string roundtrip = Path.Combine(folder, "roundtrip");
            Directory.CreateDirectory(documents);
            Directory.CreateDirectory(roundtrip);

            var docs = FuzzCorpus.Build().Where(d => d.Length <= 512).ToList();
            var extra = new List<byte[]>();
            foreach (byte[] doc in docs.Where(d => d.Length >= 4).Take(12))
            {
                extra.Add(doc.AsSpan(0, doc.Length / 2).ToArray());
            }

            foreach (string hex in new[]
            {
                "db ff ff ff ff", "db 7f ff ff ff 61", "dd 7f ff ff ff", "dd ff ff ff ff c0", "df 80 00 00 00", "c6 ff ff ff ff 00", "c9 ff ff ff ff 01",
                "c9 00 00 00 0c ff 00", "d7 ff ff ff ff ff 00 00 00 00", "c7 0c ff 3b 9a ca 00 00 00 00 00 00 00 00 00", "c7 05 ff 00 00 00 00 00",
                "d6 ff 00 00 00 01", "c1", "91 c1", "82 a1 61 c1 a1 62 c0", "a3 e2 82", "a2 c0 80", "a3 ed a0 80", "a4 f4 90 80 80", "",
                "c0 c0 c0", "93 01 92 02 91 03", "d4 ff 00", "d8 ff 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00",
            })
            {
                extra.Add(Hex(hex));
            }

            int n = 0;
            foreach (byte[] doc in docs.Concat(extra))
            {
                int cutCount = n % 4;
                var cuts = new byte[cutCount];
                for (int i = 0; i < cutCount; i++)
                {
                    cuts[i] = (byte)((i + 1) * Math.Min(doc.Length, 255) / (cutCount + 1));
                }

                File.WriteAllBytes(Path.Combine(documents, $"seed-{n:D3}"), FuzzTargets.Frame(doc, atStart: n % 5 == 4, cuts));
                n++;
            }

            // Round trip: chunk sizes 5, 3, 17; then the op and its values (a boundary pick, then raw bytes).
            for (int op = 0; op < FuzzScript.OpCount; op++)
            {
                var script = new List<byte> { 4, 2, 16 };
                script.Add((byte)op);
                script.AddRange(new byte[] { 5, 1, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48 });
                script.Add((byte)op);
                script.AddRange(new byte[] { 0xe7, 0x81, 0x20, 0xc3, 0xa9, 0x7f, 0x80, 0xff, 0x00, 0x10, 0x33, 0x33 });
                File.WriteAllBytes(Path.Combine(roundtrip, $"op-{op:D2}"), script.ToArray());
            }

            var random = new FuzzRandom(7);
            for (int i = 0; i < 4; i++)
            {
                var script = new byte[64 + 64 * i];
                random.Fill(script);
                File.WriteAllBytes(Path.Combine(roundtrip, $"mixed-{i}"), script);
            }

            string lz4 = Path.Combine(folder, "lz4");
            Directory.CreateDirectory(lz4);
            int m = 0;
            foreach (byte[] doc in Lz4.Tests.Lz4FuzzTarget.Corpus(maxLength: 4096))
            {
                byte[] cuts = m % 3 == 0 ? Array.Empty<byte>() : m % 3 == 1 ? new byte[] { 100 } : new byte[] { 60, 180 };
                File.WriteAllBytes(Path.Combine(lz4, $"seed-{m:D3}"), FuzzTargets.Frame(doc, atStart: false, cuts));
                m++;
            }

            Console.WriteLine($"seeds: {n} documents, {FuzzScript.OpCount + 4} round-trip scripts, {m} lz4 documents in {folder}");
        }

        private static byte[] Hex(string hex) =>
            hex.Split(' ', StringSplitOptions.RemoveEmptyEntries).Select(h => byte.Parse(h, NumberStyles.HexNumber, CultureInfo.InvariantCulture)).ToArray();
    }
}
