using System;
using System.Buffers;
using System.Reflection;
using System.Runtime.Versioning;
using System.Text;

namespace MsgPack.Spec.Net48Consumer
{
    /// <summary>
    /// What a .NET Framework user of MsgPack.Spec writes, in C# 7.3 (no u8 literals, no ranges, no using declarations,
    /// no target-typed new, no nullable annotations), against the library's netstandard2.0 build. Every result is
    /// checked; any mismatch is printed, and the run ends with "net48 consumer: F of T checks failed" and exit code 1.
    /// On success the one line is "net48 consumer: N checks passed (...)". ./build.sh test counts both in its summary.
    /// </summary>
    internal static partial class Program
    {
        private static int passed;
        private static int failed;

        private static int Main()
        {
            try
            {
                TheBuildThatRuns();
                TheReadmeExample();
                StringOverloadsWriteWhatTheSpanOverloadsWrite();
                TryWriteString();
                AdvancingFrontDoors();
                PointerFrontDoors();
                StreamingWriterAndReader();
                TryReaders();
                Validation();
                ANullStringThrows();
                GeneratedTypes();
            }
            catch (Exception e)
            {
                // Anything unexpected (an assembly the runtime cannot load, a wrong exception) is one more failed check.
                failed++;
                Console.Error.WriteLine("net48 consumer: FAILED with an unexpected exception after " + passed + " checks: " + e);
            }

            if (failed > 0)
            {
                Console.WriteLine("net48 consumer: " + failed + " of " + (passed + failed) + " checks failed");
                return 1;
            }

            Console.WriteLine("net48 consumer: " + passed + " checks passed (" + Describe() + ")");
            return 0;
        }

        // ---- What runs: the netstandard2.0 build, with System.Memory's Span, on .NET Framework or Mono.

        private static void TheBuildThatRuns()
        {
            Equal(".NETStandard,Version=v2.0", TargetFramework(typeof(MsgPackSpec).Assembly), "the MsgPack.Spec build loaded");
            Equal("System.Memory", typeof(Span<byte>).Assembly.GetName().Name, "the assembly Span<T> comes from");
            Check(Type.GetType("Mono.Runtime") != null || Environment.Version.Major == 4, "runs on .NET Framework or Mono, not .NET (Core): CLR " + Environment.Version);
        }

        private static string Describe()
        {
            Type mono = Type.GetType("Mono.Runtime");
            string runtime = mono == null
                ? ".NET Framework " + Environment.Version
                : "Mono " + mono.GetMethod("GetDisplayName", BindingFlags.NonPublic | BindingFlags.Static).Invoke(null, null);
            return "MsgPack.Spec " + TargetFramework(typeof(MsgPackSpec).Assembly) + ", Span<T> from " + typeof(Span<byte>).Assembly.GetName().Name + ", " + runtime;
        }

        private static string TargetFramework(Assembly assembly)
        {
            object[] attributes = assembly.GetCustomAttributes(typeof(TargetFrameworkAttribute), false);
            return attributes.Length == 0 ? "(none)" : ((TargetFrameworkAttribute)attributes[0]).FrameworkName;
        }

        // ---- README.md's example, as a C# 7.3 user writes it: strings passed as they are.

        private static void TheReadmeExample()
        {
            Span<byte> buffer = stackalloc byte[64];
            int written = MsgPackSpec.WriteMapHeader(buffer, 2);
            written += MsgPackSpec.WriteString(buffer.Slice(written), "id");
            written += MsgPackSpec.WriteInt32(buffer.Slice(written), 42);
            written += MsgPackSpec.WriteString(buffer.Slice(written), "name");
            written += MsgPackSpec.WriteString(buffer.Slice(written), "Ada");

            ReadOnlySpan<byte> input = buffer.Slice(0, written);
            Equal("82 a2 69 64 2a a4 6e 61 6d 65 a3 41 64 61", Hex(input), "README example bytes");

            int pairs = MsgPackSpec.ReadMapHeader(input, out int read);
            ReadOnlySpan<byte> key = MsgPackSpec.ReadStringBytes(input.Slice(read), out int keyLength); // "id", no copy
            int id = MsgPackSpec.ReadInt32(input.Slice(read + keyLength), out int idLength);            // 42
            int at = read + keyLength + idLength;
            string nameKey = MsgPackSpec.ReadString(input.Slice(at), out int nameKeyLength);
            at += nameKeyLength;
            string name = MsgPackSpec.ReadString(input.Slice(at), out int nameLength);
            at += nameLength;

            Equal(2, pairs, "README map header");
            Equal("69 64", Hex(key), "README key bytes");
            Equal(42, id, "README id");
            Equal("name", nameKey, "README second key");
            Equal("Ada", name, "README name");
            Equal(written, at, "README bytes read");

            OperationStatus status = MsgPackSpec.TryReadInt32(input.Slice(read + keyLength), out int value, out int bytesRead);
            Equal(OperationStatus.Done, status, "README TryReadInt32 status");
            Equal(42, value, "README TryReadInt32 value");
            Equal(1, bytesRead, "README TryReadInt32 length");
        }

        // ---- The string overloads against the span overloads, over texts of every header size and width of char.

        private static readonly string[] Texts =
        {
            string.Empty, "id", "h\u00e9llo, w\u00f6rld \U0001F600", new string('x', 31), new string('x', 32), new string('\u20ac', 100),
            new string('y', 70000),
        };

        private static void StringOverloadsWriteWhatTheSpanOverloadsWrite()
        {
            foreach (string text in Texts)
            {
                string what = text.Length + " chars";
                byte[] expected = Encoding.UTF8.GetBytes(text);
                int length = MsgPackSpec.GetStringHeaderEncodedLength(expected.Length) + expected.Length;
                Equal(length, MsgPackSpec.GetStringEncodedLength(text), "GetStringEncodedLength(string), " + what);
                Equal(length, MsgPackSpec.GetStringEncodedLength(text.AsSpan()), "GetStringEncodedLength(ReadOnlySpan<char>), " + what);

                byte[] bySpan = new byte[length];
                byte[] byString = new byte[length];
                Equal(length, MsgPackSpec.WriteString(bySpan, text.AsSpan()), "WriteString(Span, ReadOnlySpan<char>) length, " + what);
                Equal(length, MsgPackSpec.WriteString(byString, text), "WriteString(Span, string) length, " + what);
                Check(bySpan.AsSpan().SequenceEqual(byString), "WriteString(Span, string) writes the span overload's bytes, " + what);

                Equal(text, MsgPackSpec.ReadString(byString, out int read), "ReadString of WriteString(string), " + what);
                Equal(length, read, "ReadString length, " + what);
                Check(MsgPackSpec.ReadStringBytes(byString, out read).SequenceEqual(expected), "the str payload is the text's UTF-8, " + what);
            }
        }

        private static void TryWriteString()
        {
            byte[] buffer = new byte[16];
            Check(MsgPackSpec.TryWriteString(buffer, "h\u00e9llo", out int written), "TryWriteString(string) into room");
            Equal("a6 68 c3 a9 6c 6c 6f", Hex(buffer.AsSpan(0, written)), "TryWriteString(string) bytes");
            Check(!MsgPackSpec.TryWriteString(buffer.AsSpan(0, 6), "h\u00e9llo", out int needed), "TryWriteString(string) into too little room");
            Equal(7, needed, "TryWriteString(string) reports the size needed");

            bool threw = false;
            try
            {
                MsgPackSpec.WriteString(buffer.AsSpan(0, 6), "h\u00e9llo");
            }
            catch (ArgumentException)
            {
                threw = true;
            }

            Check(threw, "WriteString(Span, string) into too little room throws ArgumentException");
        }

        // ---- The advancing front doors: Write*(ref Span<byte>) and Read*(ref ReadOnlySpan<byte>).

        private static void AdvancingFrontDoors()
        {
            byte[] utf8 = Encoding.UTF8.GetBytes("caf\u00e9");
            Span<byte> buffer = stackalloc byte[64];
            Span<byte> rest = buffer;
            MsgPackSpec.WriteArrayHeader(ref rest, 5);
            MsgPackSpec.WriteString(ref rest, "x");
            MsgPackSpec.WriteString(ref rest, "\u00fc".AsSpan());
            MsgPackSpec.WriteString(ref rest, utf8);
            MsgPackSpec.WriteInt32(ref rest, -5);
            MsgPackSpec.WriteBoolean(ref rest, true);
            int length = buffer.Length - rest.Length;
            Equal("95 a1 78 a2 c3 bc a5 63 61 66 c3 a9 fb c3", Hex(buffer.Slice(0, length)), "advancing writers' bytes");

            ReadOnlySpan<byte> source = buffer.Slice(0, length);
            Equal(5, MsgPackSpec.ReadArrayHeader(ref source), "advancing ReadArrayHeader");
            Equal("x", MsgPackSpec.ReadString(ref source), "advancing ReadString");
            Equal("\u00fc", MsgPackSpec.ReadString(ref source), "advancing ReadString of a 2-byte char");
            Check(MsgPackSpec.ReadStringBytes(ref source).SequenceEqual(utf8), "advancing ReadStringBytes");
            Equal(-5, MsgPackSpec.ReadInt32(ref source), "advancing ReadInt32");
            Check(MsgPackSpec.ReadBoolean(ref source), "advancing ReadBoolean");
            Check(source.IsEmpty, "the advancing readers consumed everything");
        }

        // ---- The pointer front doors.

        private static unsafe void PointerFrontDoors()
        {
            byte* p = stackalloc byte[128];
            int written = MsgPackSpec.WriteMapHeader(p, 1);
            written += MsgPackSpec.WriteString(p + written, "key");
            written += MsgPackSpec.WriteString(p + written, "v\u00e4lue");
            Equal("81 a3 6b 65 79 a6 76 c3 a4 6c 75 65", Hex(new ReadOnlySpan<byte>(p, written)), "pointer writers' bytes");

            Equal(1, MsgPackSpec.ReadMapHeader(p, written, out int read), "pointer ReadMapHeader");
            Equal("key", MsgPackSpec.ReadString(p + read, written - read, out int keyLength), "pointer ReadString key");
            Equal("v\u00e4lue", MsgPackSpec.ReadString(p + read + keyLength, written - read - keyLength, out _), "pointer ReadString value");
        }

        // ---- MsgPackWriter over a buffer writer, MsgPackReader over a sequence of segments.

        private static void StreamingWriterAndReader()
        {
            string large = new string('\u00e9', 70000);
            byte[] expected;
            using (var output = new PooledBufferWriter())
            {
                var writer = new MsgPackWriter(output);
                writer.WriteMapHeader(2);
                writer.WriteString("id");
                writer.WriteInt32(42);
                writer.WriteString("name");
                writer.WriteString("Ada");
                writer.Flush();
                Equal("82 a2 69 64 2a a4 6e 61 6d 65 a3 41 64 61", Hex(output.WrittenSpan), "MsgPackWriter.WriteString(string) bytes");
                expected = output.WrittenSpan.ToArray();
            }

            // Small segments, so that the str values straddle segments on both sides.
            using (var output = new SegmentedBufferWriter(8))
            {
                var writer = new MsgPackWriter(output);
                writer.WriteMapHeader(2);
                writer.WriteString("id");
                writer.WriteInt32(42);
                writer.WriteString("name");
                writer.WriteString("Ada");
                writer.WriteString(large);
                writer.Flush();
                Check(output.SegmentCount > 1, "the segmented output has several segments (" + output.SegmentCount + ")");
                Check(output.ToArray().AsSpan(0, expected.Length).SequenceEqual(expected), "MsgPackWriter writes the same bytes into a segmented buffer");

                ReadOnlySequence<byte> sequence = output.WrittenSequence;
                Check(!sequence.IsSingleSegment, "the written sequence has several segments");
                var reader = new MsgPackReader(sequence);
                Equal(2, reader.ReadMapHeader(), "MsgPackReader.ReadMapHeader");
                Equal("id", reader.ReadString(), "MsgPackReader.ReadString key");
                Equal(42, reader.ReadInt32(), "MsgPackReader.ReadInt32");
                MsgPackPayload nameKey = reader.ReadStringBytes();
                Equal("6e 61 6d 65", Hex(nameKey.ToArray()), "MsgPackReader.ReadStringBytes");
                Equal(OperationStatus.Done, reader.TryReadString(out string name), "MsgPackReader.TryReadString status");
                Equal("Ada", name, "MsgPackReader.TryReadString value");
                Equal(large, reader.ReadString(), "MsgPackReader.ReadString of 70,000 chars across segments");
                Check(reader.End, "MsgPackReader reached the end");
            }
        }

        // ---- Try readers: OperationStatus, never an exception for bad or incomplete input.

        private static void TryReaders()
        {
            byte[] uint32 = { 0xce, 0x00, 0x01, 0x00, 0x00 };
            Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadInt32(uint32.AsSpan(0, 3), out _, out int needed), "TryReadInt32 of a truncated uint 32");
            Equal(5, needed, "TryReadInt32 reports the input length needed");
            Equal(OperationStatus.Done, MsgPackSpec.TryReadInt32(uint32, out int value, out int read), "TryReadInt32 of a uint 32");
            Equal(65536, value, "TryReadInt32 value");
            Equal(5, read, "TryReadInt32 length");
            Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadString(uint32, out string text, out _), "TryReadString of an integer");
            Equal(string.Empty, text, "TryReadString leaves the empty string when it fails");

            byte[] str = { 0xa3, 0x61, 0x62, 0x63 };
            var reader = new MsgPackReader(new ReadOnlySequence<byte>(str, 0, 3));
            Equal(OperationStatus.NeedMoreData, reader.TryReadString(out text), "MsgPackReader.TryReadString of a truncated str");
            Equal(0L, reader.Consumed, "MsgPackReader.TryReadString consumes nothing when it needs more data");
            reader = new MsgPackReader(new ReadOnlySequence<byte>(str));
            Equal(OperationStatus.Done, reader.TryReadString(out text), "MsgPackReader.TryReadString status");
            Equal("abc", text, "MsgPackReader.TryReadString value");

            bool threw = false;
            try
            {
                MsgPackSpec.ReadInt32(str, out _);
            }
            catch (MsgPackUnexpectedCodeException)
            {
                threw = true;
            }

            Check(threw, "ReadInt32 of a str throws MsgPackUnexpectedCodeException");
        }

        // ---- Validation.

        private static void Validation()
        {
            byte[] document = new byte[64];
            int written = MsgPackSpec.WriteArrayHeader(document, 2);
            written += MsgPackSpec.WriteString(document.AsSpan(written), "ok");
            written += MsgPackSpec.WriteInt64(document.AsSpan(written), long.MinValue);
            ReadOnlySpan<byte> input = document.AsSpan(0, written);

            MsgPackSpec.Validate(input);
            MsgPackSpec.Validate(new ReadOnlySequence<byte>(document, 0, written));
            Equal(OperationStatus.Done, MsgPackSpec.TryValidate(input, out MsgPackValidationResult result), "TryValidate of a well-formed value");
            Equal(1L, result.ValueCount, "TryValidate value count");
            Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryValidate(input.Slice(0, written - 1), out result), "TryValidate of a truncated value");
            Equal(MsgPackValidationError.Truncated, result.Error, "TryValidate error of a truncated value");

            byte[] neverUsed = { 0x91, 0xc1 };
            MsgPackValidationError error = MsgPackValidationError.None;
            long offset = -1;
            try
            {
                MsgPackSpec.Validate(neverUsed);
            }
            catch (MsgPackValidationException e)
            {
                error = e.Error;
                offset = e.Offset;
            }

            Equal(MsgPackValidationError.NeverUsedCode, error, "Validate of 0xc1 throws NeverUsedCode");
            Equal(1L, offset, "Validate says where");
        }

        // ---- A null string is a caller's bug, not nil: every string overload throws ArgumentNullException.

        private static unsafe void ANullStringThrows()
        {
            string nothing = null;
            byte[] buffer = new byte[16];
            Throws(() => MsgPackSpec.WriteString(buffer, nothing), "WriteString(Span<byte>, string)");
            Throws(() => MsgPackSpec.TryWriteString(buffer, nothing, out _), "TryWriteString(Span<byte>, string, out int)");
            Throws(() => MsgPackSpec.GetStringEncodedLength(nothing), "GetStringEncodedLength(string)");
            Throws(
                () =>
                {
                    fixed (byte* p = buffer)
                    {
                        MsgPackSpec.WriteString(p, nothing);
                    }
                },
                "WriteString(byte*, string)");
            Throws(
                () =>
                {
                    Span<byte> rest = buffer;
                    try
                    {
                        MsgPackSpec.WriteString(ref rest, nothing);
                    }
                    finally
                    {
                        Equal(buffer.Length, rest.Length, "WriteString(ref Span<byte>, null) leaves the span where it was");
                    }
                },
                "WriteString(ref Span<byte>, string)");
            using (var output = new PooledBufferWriter())
            {
                Throws(
                    () =>
                    {
                        var writer = new MsgPackWriter(output);
                        try
                        {
                            writer.WriteString(nothing);
                        }
                        finally
                        {
                            Equal(0L, writer.BytesWritten, "MsgPackWriter.WriteString(null) writes nothing");
                        }
                    },
                    "MsgPackWriter.WriteString(string)");
            }

            Check(Array.TrueForAll(buffer, b => b == 0), "no null string wrote a byte");
        }

        // ---- Checks.

        private static void Throws(Action action, string what)
        {
            string outcome = "nothing";
            try
            {
                action();
            }
            catch (ArgumentNullException e)
            {
                outcome = e.ParamName == "value" ? null : "ArgumentNullException for " + e.ParamName;
            }
            catch (Exception e)
            {
                outcome = e.GetType().Name;
            }

            Check(outcome == null, what + " with a null string throws ArgumentNullException for value (got " + outcome + ")");
        }

        private static void Equal<T>(T expected, T actual, string what) =>
            Check(Equals(expected, actual), what + ": expected " + Shorten(expected) + ", got " + Shorten(actual));

        private static void Check(bool condition, string what)
        {
            if (condition)
            {
                passed++;
            }
            else
            {
                failed++;
                Console.Error.WriteLine("net48 consumer: FAILED " + what);
            }
        }

        private static string Shorten(object value)
        {
            string text = value == null ? "null" : value.ToString();
            return text.Length <= 80 ? text : text.Substring(0, 80) + "... (" + text.Length + " chars)";
        }

        private static string Hex(ReadOnlySpan<byte> bytes) => BitConverter.ToString(bytes.ToArray()).Replace('-', ' ').ToLowerInvariant();
    }
}
