using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// A 3-level document read the way a generated deserializer reads it: 16 orders, each a map of 5 entries (id, name,
    /// status, lines, sum) whose "lines" is an array of 1 to 4 line items, each an array of 4 (sku, quantity, price, name).
    /// The same reads run in one method, in a tree of helper methods that take the reader by reference (one per type,
    /// as generated code has them, kept out of line with NoInlining as large generated methods are), and through
    /// <see cref="MsgPackCursor"/> in the same tree; the span reader and the peers' readers (in the same tree) for
    /// reference.
    /// </summary>
    /// <remarks>
    /// Map keys are read as str bytes and dispatched on their length (the 5 keys have 5 lengths); strings are read as
    /// bytes, never as .NET strings (ours: <c>ReadStringBytes</c>, which checks UTF-8; the peers' rows take the bytes
    /// without checking them). Every row returns the checksum of <see cref="WalkDocument"/> (integers, floats truncated,
    /// str lengths, array and map counts), which the setup compares with msgpuck's walk of the same bytes
    /// (<c>mpn_msgpuck_walk</c>); the baseline is the one-method reader row, so the Ratio column is the cost of the
    /// helpers.
    /// </remarks>
    [MemoryDiagnoser]
    [DisassemblyDiagnoser(maxDepth: 3, exportGithubMarkdown: true, printSource: true)]
    [BenchmarkCategory("Nested", "Decode")]
    public unsafe class NestedDocumentDecode : DecodeBase
    {
        /// <summary>Orders in the document.</summary>
        internal const int Orders = 16;

        [GlobalSetup]
        public void Setup()
        {
            SetInput(Document());
            long walked;
            long size = Native.mpn_msgpuck_walk(Source, Length, &walked);
            Fairness.Check(size == Length, Workload, $"mpn_msgpuck_walk walked {size} bytes of a {Length}-byte document.");
            Fairness.Check(!Segmented.IsSingleSegment, Workload, "the segmented input has one segment.");
            object baseline = CheckDecoders();
            Fairness.SameChecksum(Workload, "msgpuck walk (mpn_msgpuck_walk)", walked, baseline);
        }

        // (a) Every read in the method that holds the reader.
        [Benchmark(Baseline = true, Description = "MsgPackSpec MsgPackReader, one segment, one method")]
        public long ReaderOneMethod() => InOneMethod(OneSegment);

        [Benchmark(Description = "MsgPackSpec MsgPackReader, 64-byte segments, one method")]
        public long ReaderOneMethodSegmented() => InOneMethod(Segmented);

        // (b) A helper per type, each taking ref MsgPackReader.
        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment, ref helpers")]
        public long ReaderHelpers()
        {
            var reader = new MsgPackReader(OneSegment);
            return ReaderTree.ReadOrders(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec MsgPackReader, 64-byte segments, ref helpers")]
        public long ReaderHelpersSegmented()
        {
            var reader = new MsgPackReader(Segmented);
            return ReaderTree.ReadOrders(ref reader);
        }

        // (c) The same helpers, each reading through a MsgPackCursor of its own.
        [Benchmark(Description = "MsgPackSpec MsgPackCursor, one segment, ref helpers")]
        public long CursorHelpers()
        {
            var reader = new MsgPackReader(OneSegment);
            return CursorTree.ReadOrders(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec MsgPackCursor, 64-byte segments, ref helpers")]
        public long CursorHelpersSegmented()
        {
            var reader = new MsgPackReader(Segmented);
            return CursorTree.ReadOrders(ref reader);
        }

        [Benchmark(Description = "MsgPackSpec MsgPackCursor, one method")]
        public long CursorOneMethod()
        {
            var reader = new MsgPackReader(OneSegment);
            MsgPackCursor cursor = reader.GetCursor();
            int orders = cursor.ReadArrayHeader(ref reader);
            long sum = orders;
            for (int i = 0; i < orders; i++)
            {
                int entries = cursor.ReadMapHeader(ref reader);
                sum += entries;
                for (int e = 0; e < entries; e++)
                {
                    int key = cursor.ReadStringBytes(ref reader).Length;
                    sum += key;
                    switch (key)
                    {
                        case 2: sum += cursor.ReadUInt32(ref reader); break;
                        case 4: sum += cursor.ReadStringBytes(ref reader).Length; break;
                        case 6: sum += cursor.ReadByte(ref reader); break;
                        case 3: sum += (long)cursor.ReadDouble(ref reader); break;
                        case 5:
                            int lines = cursor.ReadArrayHeader(ref reader);
                            sum += lines;
                            for (int l = 0; l < lines; l++)
                            {
                                sum += cursor.ReadArrayHeader(ref reader);
                                sum += cursor.ReadUInt16(ref reader);
                                sum += cursor.ReadByte(ref reader);
                                sum += (long)cursor.ReadDouble(ref reader);
                                sum += cursor.ReadStringBytes(ref reader).Length;
                            }

                            break;
                        default: UnknownKey(key); break;
                    }
                }
            }

            reader.MoveTo(cursor);
            return sum;
        }

        // The span reader (advancing span) in one method, and the same in helpers that take ref ReadOnlySpan<byte>.
        [Benchmark(Description = "MsgPackSpec span, advancing, one method")]
        public long SpanOneMethod()
        {
            ReadOnlySpan<byte> source = Input;
            int orders = MsgPackSpec.ReadArrayHeader(ref source);
            long sum = orders;
            for (int i = 0; i < orders; i++)
            {
                int entries = MsgPackSpec.ReadMapHeader(ref source);
                sum += entries;
                for (int e = 0; e < entries; e++)
                {
                    int key = MsgPackSpec.ReadStringBytes(ref source).Length;
                    sum += key;
                    switch (key)
                    {
                        case 2: sum += MsgPackSpec.ReadUInt32(ref source); break;
                        case 4: sum += MsgPackSpec.ReadStringBytes(ref source).Length; break;
                        case 6: sum += MsgPackSpec.ReadByte(ref source); break;
                        case 3: sum += (long)MsgPackSpec.ReadDouble(ref source); break;
                        case 5:
                            int lines = MsgPackSpec.ReadArrayHeader(ref source);
                            sum += lines;
                            for (int l = 0; l < lines; l++)
                            {
                                sum += MsgPackSpec.ReadArrayHeader(ref source);
                                sum += MsgPackSpec.ReadUInt16(ref source);
                                sum += MsgPackSpec.ReadByte(ref source);
                                sum += (long)MsgPackSpec.ReadDouble(ref source);
                                sum += MsgPackSpec.ReadStringBytes(ref source).Length;
                            }

                            break;
                        default: UnknownKey(key); break;
                    }
                }
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec span, advancing, ref helpers")]
        public long SpanHelpers()
        {
            ReadOnlySpan<byte> source = Input;
            return SpanTree.ReadOrders(ref source);
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackReader, one segment, ref helpers")]
        public long MessagePackCSharpHelpers()
        {
            var reader = new MpcReader(OneSegment);
            return MpcTree.ReadOrders(ref reader);
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackReader, one segment, ref helpers")]
        public long NerdbankHelpers()
        {
            var reader = new NbReader(OneSegment);
            return NbTree.ReadOrders(ref reader);
        }

        /// <summary>
        /// The document: an array of <see cref="Orders"/> maps {"id": uint 32, "name": str, "status": fixint,
        /// "lines": [[sku uint 16, quantity fixint, price float 64, name str] x 1..4], "sum": float 64}.
        /// </summary>
        internal static byte[] Document()
        {
            byte[] buffer = new byte[16 * 1024];
            Span<byte> rest = buffer;
            MsgPackSpec.WriteArrayHeader(ref rest, Orders);
            for (int i = 0; i < Orders; i++)
            {
                int lines = (i % 4) + 1;
                double total = 0;
                MsgPackSpec.WriteMapHeader(ref rest, 5);
                MsgPackSpec.WriteString(ref rest, "id");
                MsgPackSpec.WriteUInt32(ref rest, 100_000u + ((uint)i * 7_919u));
                MsgPackSpec.WriteString(ref rest, "name");
                MsgPackSpec.WriteString(ref rest, $"customer-{i:d2}");
                MsgPackSpec.WriteString(ref rest, "status");
                MsgPackSpec.WriteUInt32(ref rest, (uint)(i % 4));
                MsgPackSpec.WriteString(ref rest, "lines");
                MsgPackSpec.WriteArrayHeader(ref rest, lines);
                for (int l = 0; l < lines; l++)
                {
                    double price = 9.75 + (l * 12.5) + i;
                    int quantity = l + 1;
                    total += price * quantity;
                    MsgPackSpec.WriteArrayHeader(ref rest, 4);
                    MsgPackSpec.WriteUInt32(ref rest, 1_000u + (uint)(l * 37) + (uint)i);
                    MsgPackSpec.WriteUInt32(ref rest, (uint)quantity);
                    MsgPackSpec.WriteDouble(ref rest, price);
                    MsgPackSpec.WriteString(ref rest, $"item-{i:d2}{l}");
                }

                MsgPackSpec.WriteString(ref rest, "sum");
                MsgPackSpec.WriteDouble(ref rest, total);
            }

            return buffer.AsSpan(0, buffer.Length - rest.Length).ToArray();
        }

        // (a): the reader is a local of the method that reads.
        private static long InOneMethod(System.Buffers.ReadOnlySequence<byte> input)
        {
            var reader = new MsgPackReader(input);
            int orders = reader.ReadArrayHeader();
            long sum = orders;
            for (int i = 0; i < orders; i++)
            {
                int entries = reader.ReadMapHeader();
                sum += entries;
                for (int e = 0; e < entries; e++)
                {
                    int key = reader.ReadStringBytes().Length;
                    sum += key;
                    switch (key)
                    {
                        case 2: sum += reader.ReadUInt32(); break;
                        case 4: sum += reader.ReadStringBytes().Length; break;
                        case 6: sum += reader.ReadByte(); break;
                        case 3: sum += (long)reader.ReadDouble(); break;
                        case 5:
                            int lines = reader.ReadArrayHeader();
                            sum += lines;
                            for (int l = 0; l < lines; l++)
                            {
                                sum += reader.ReadArrayHeader();
                                sum += reader.ReadUInt16();
                                sum += reader.ReadByte();
                                sum += (long)reader.ReadDouble();
                                sum += reader.ReadStringBytes().Length;
                            }

                            break;
                        default: UnknownKey(key); break;
                    }
                }
            }

            return sum;
        }

        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        internal static void UnknownKey(int length) => throw new InvalidOperationException($"no key of the document is {length} bytes long");

        /// <summary>(b): one helper per type, each taking <c>ref MsgPackReader</c>.</summary>
        private static class ReaderTree
        {
            [MethodImpl(MethodImplOptions.NoInlining)]
            public static long ReadOrders(ref MsgPackReader reader)
            {
                int orders = reader.ReadArrayHeader();
                long sum = orders;
                for (int i = 0; i < orders; i++)
                {
                    sum += ReadOrder(ref reader);
                }

                return sum;
            }

            [MethodImpl(MethodImplOptions.NoInlining)]
            private static long ReadOrder(ref MsgPackReader reader)
            {
                int entries = reader.ReadMapHeader();
                long sum = entries;
                for (int e = 0; e < entries; e++)
                {
                    int key = reader.ReadStringBytes().Length;
                    sum += key;
                    switch (key)
                    {
                        case 2: sum += reader.ReadUInt32(); break;
                        case 4: sum += reader.ReadStringBytes().Length; break;
                        case 6: sum += reader.ReadByte(); break;
                        case 3: sum += (long)reader.ReadDouble(); break;
                        case 5:
                            int lines = reader.ReadArrayHeader();
                            sum += lines;
                            for (int l = 0; l < lines; l++)
                            {
                                sum += ReadLine(ref reader);
                            }

                            break;
                        default: UnknownKey(key); break;
                    }
                }

                return sum;
            }

            [MethodImpl(MethodImplOptions.NoInlining)]
            private static long ReadLine(ref MsgPackReader reader)
            {
                long sum = reader.ReadArrayHeader();
                sum += reader.ReadUInt16();
                sum += reader.ReadByte();
                sum += (long)reader.ReadDouble();
                sum += reader.ReadStringBytes().Length;
                return sum;
            }
        }

        /// <summary>(c): the same helpers, each reading through a cursor of its own: taken on entry, given back to the
        /// reader before a nested helper is called (and taken again after it) and before returning.</summary>
        private static class CursorTree
        {
            [MethodImpl(MethodImplOptions.NoInlining)]
            public static long ReadOrders(ref MsgPackReader reader)
            {
                MsgPackCursor cursor = reader.GetCursor();
                int orders = cursor.ReadArrayHeader(ref reader);
                reader.MoveTo(cursor);
                long sum = orders;
                for (int i = 0; i < orders; i++)
                {
                    sum += ReadOrder(ref reader);
                }

                return sum;
            }

            [MethodImpl(MethodImplOptions.NoInlining)]
            private static long ReadOrder(ref MsgPackReader reader)
            {
                MsgPackCursor cursor = reader.GetCursor();
                int entries = cursor.ReadMapHeader(ref reader);
                long sum = entries;
                for (int e = 0; e < entries; e++)
                {
                    int key = cursor.ReadStringBytes(ref reader).Length;
                    sum += key;
                    switch (key)
                    {
                        case 2: sum += cursor.ReadUInt32(ref reader); break;
                        case 4: sum += cursor.ReadStringBytes(ref reader).Length; break;
                        case 6: sum += cursor.ReadByte(ref reader); break;
                        case 3: sum += (long)cursor.ReadDouble(ref reader); break;
                        case 5:
                            int lines = cursor.ReadArrayHeader(ref reader);
                            sum += lines;
                            reader.MoveTo(cursor);
                            for (int l = 0; l < lines; l++)
                            {
                                sum += ReadLine(ref reader);
                            }

                            cursor = reader.GetCursor();
                            break;
                        default: UnknownKey(key); break;
                    }
                }

                reader.MoveTo(cursor);
                return sum;
            }

            [MethodImpl(MethodImplOptions.NoInlining)]
            private static long ReadLine(ref MsgPackReader reader)
            {
                MsgPackCursor cursor = reader.GetCursor();
                long sum = cursor.ReadArrayHeader(ref reader);
                sum += cursor.ReadUInt16(ref reader);
                sum += cursor.ReadByte(ref reader);
                sum += (long)cursor.ReadDouble(ref reader);
                sum += cursor.ReadStringBytes(ref reader).Length;
                reader.MoveTo(cursor);
                return sum;
            }
        }

        /// <summary>The span reader in the same tree: helpers taking <c>ref ReadOnlySpan&lt;byte&gt;</c>.</summary>
        private static class SpanTree
        {
            [MethodImpl(MethodImplOptions.NoInlining)]
            public static long ReadOrders(ref ReadOnlySpan<byte> source)
            {
                int orders = MsgPackSpec.ReadArrayHeader(ref source);
                long sum = orders;
                for (int i = 0; i < orders; i++)
                {
                    sum += ReadOrder(ref source);
                }

                return sum;
            }

            [MethodImpl(MethodImplOptions.NoInlining)]
            private static long ReadOrder(ref ReadOnlySpan<byte> source)
            {
                int entries = MsgPackSpec.ReadMapHeader(ref source);
                long sum = entries;
                for (int e = 0; e < entries; e++)
                {
                    int key = MsgPackSpec.ReadStringBytes(ref source).Length;
                    sum += key;
                    switch (key)
                    {
                        case 2: sum += MsgPackSpec.ReadUInt32(ref source); break;
                        case 4: sum += MsgPackSpec.ReadStringBytes(ref source).Length; break;
                        case 6: sum += MsgPackSpec.ReadByte(ref source); break;
                        case 3: sum += (long)MsgPackSpec.ReadDouble(ref source); break;
                        case 5:
                            int lines = MsgPackSpec.ReadArrayHeader(ref source);
                            sum += lines;
                            for (int l = 0; l < lines; l++)
                            {
                                sum += ReadLine(ref source);
                            }

                            break;
                        default: UnknownKey(key); break;
                    }
                }

                return sum;
            }

            [MethodImpl(MethodImplOptions.NoInlining)]
            private static long ReadLine(ref ReadOnlySpan<byte> source)
            {
                long sum = MsgPackSpec.ReadArrayHeader(ref source);
                sum += MsgPackSpec.ReadUInt16(ref source);
                sum += MsgPackSpec.ReadByte(ref source);
                sum += (long)MsgPackSpec.ReadDouble(ref source);
                sum += MsgPackSpec.ReadStringBytes(ref source).Length;
                return sum;
            }
        }

        /// <summary>MessagePack-CSharp's reader in the same tree.</summary>
        private static class MpcTree
        {
            [MethodImpl(MethodImplOptions.NoInlining)]
            public static long ReadOrders(ref MpcReader reader)
            {
                int orders = reader.ReadArrayHeader();
                long sum = orders;
                for (int i = 0; i < orders; i++)
                {
                    sum += ReadOrder(ref reader);
                }

                return sum;
            }

            [MethodImpl(MethodImplOptions.NoInlining)]
            private static long ReadOrder(ref MpcReader reader)
            {
                int entries = reader.ReadMapHeader();
                long sum = entries;
                for (int e = 0; e < entries; e++)
                {
                    int key = StringLength(ref reader);
                    sum += key;
                    switch (key)
                    {
                        case 2: sum += reader.ReadUInt32(); break;
                        case 4: sum += StringLength(ref reader); break;
                        case 6: sum += reader.ReadByte(); break;
                        case 3: sum += (long)reader.ReadDouble(); break;
                        case 5:
                            int lines = reader.ReadArrayHeader();
                            sum += lines;
                            for (int l = 0; l < lines; l++)
                            {
                                sum += ReadLine(ref reader);
                            }

                            break;
                        default: UnknownKey(key); break;
                    }
                }

                return sum;
            }

            [MethodImpl(MethodImplOptions.NoInlining)]
            private static long ReadLine(ref MpcReader reader)
            {
                long sum = reader.ReadArrayHeader();
                sum += reader.ReadUInt16();
                sum += reader.ReadByte();
                sum += (long)reader.ReadDouble();
                sum += StringLength(ref reader);
                return sum;
            }

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            private static int StringLength(ref MpcReader reader) =>
                reader.TryReadStringSpan(out ReadOnlySpan<byte> text) ? text.Length : (int)reader.ReadStringSequence()!.Value.Length;
        }

        /// <summary>Nerdbank.MessagePack's reader in the same tree.</summary>
        private static class NbTree
        {
            [MethodImpl(MethodImplOptions.NoInlining)]
            public static long ReadOrders(ref NbReader reader)
            {
                int orders = reader.ReadArrayHeader();
                long sum = orders;
                for (int i = 0; i < orders; i++)
                {
                    sum += ReadOrder(ref reader);
                }

                return sum;
            }

            [MethodImpl(MethodImplOptions.NoInlining)]
            private static long ReadOrder(ref NbReader reader)
            {
                int entries = reader.ReadMapHeader();
                long sum = entries;
                for (int e = 0; e < entries; e++)
                {
                    int key = StringLength(ref reader);
                    sum += key;
                    switch (key)
                    {
                        case 2: sum += reader.ReadUInt32(); break;
                        case 4: sum += StringLength(ref reader); break;
                        case 6: sum += reader.ReadByte(); break;
                        case 3: sum += (long)reader.ReadDouble(); break;
                        case 5:
                            int lines = reader.ReadArrayHeader();
                            sum += lines;
                            for (int l = 0; l < lines; l++)
                            {
                                sum += ReadLine(ref reader);
                            }

                            break;
                        default: UnknownKey(key); break;
                    }
                }

                return sum;
            }

            [MethodImpl(MethodImplOptions.NoInlining)]
            private static long ReadLine(ref NbReader reader)
            {
                long sum = reader.ReadArrayHeader();
                sum += reader.ReadUInt16();
                sum += reader.ReadByte();
                sum += (long)reader.ReadDouble();
                sum += StringLength(ref reader);
                return sum;
            }

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            private static int StringLength(ref NbReader reader) =>
                reader.TryReadStringSpan(out ReadOnlySpan<byte> text) ? text.Length : (int)reader.ReadStringSequence()!.Value.Length;
        }
    }
}
