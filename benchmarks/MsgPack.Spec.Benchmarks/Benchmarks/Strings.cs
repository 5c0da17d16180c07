using System;
using System.Collections.Generic;
using System.Text;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// Strings: an array of 16 str values of one <see cref="TextCase"/> (ASCII 8 B, 64 B, 1 KiB; Cyrillic; emoji).
    /// MsgPackSpec writes them "from string" (a .NET string, UTF-16, encoded to UTF-8 straight into the destination)
    /// and "from UTF-8" (bytes that are already UTF-8, copied); the native libraries only take UTF-8 bytes. The streaming
    /// writers (ours and the .NET peers') write the strings from string into the class's reused PooledBufferWriter.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("String", "Encode")]
    public unsafe class StringEncode : BenchmarkBase
    {
        private string[] _strings = Array.Empty<string>();
        private byte[][] _utf8 = Array.Empty<byte[]>();
        private IntPtr[] _pointers = Array.Empty<IntPtr>();
        private int[] _lengths = Array.Empty<int>();
        private byte** _pointersPointer;
        private int* _lengthsPointer;

        [ParamsSource(nameof(Cases))]
        public TextCase Case { get; set; }

        public static IEnumerable<TextCase> Cases => Workloads.TextCases();

        [GlobalSetup]
        public void Setup()
        {
            Native.EnsureLoaded();
            _strings = new string[Workloads.StringCount];
            _utf8 = new byte[Workloads.StringCount][];
            _pointers = Pinned.Array<IntPtr>(Workloads.StringCount);
            _lengths = Pinned.Array<int>(Workloads.StringCount);
            for (int i = 0; i < _strings.Length; i++)
            {
                _strings[i] = Workloads.Text(Case, i);
                _utf8[i] = Pinned.Copy<byte>(Encoding.UTF8.GetBytes(_strings[i]));
                _pointers[i] = (IntPtr)Pinned.Address(_utf8[i]);
                _lengths[i] = _utf8[i].Length;
            }

            _pointersPointer = (byte**)Pinned.Address(_pointers);
            _lengthsPointer = Pinned.Address(_lengths);
            AllocateOutput(64 * 1024);
            CheckEncoders();
        }

        [Benchmark(Description = "MsgPackSpec span (from string)")]
        public int SpanFromString()
        {
            Span<byte> span = Output;
            string[] strings = _strings;
            int w = MsgPackSpec.WriteArrayHeader(span, strings.Length);
            for (int i = 0; i < strings.Length; i++)
            {
                w += MsgPackSpec.WriteString(span.Slice(w), strings[i]);
            }

            return w;
        }

        [Benchmark(Description = "MsgPackSpec span (from UTF-8)")]
        public int SpanFromUtf8()
        {
            Span<byte> span = Output;
            byte[][] strings = _utf8;
            int w = MsgPackSpec.WriteArrayHeader(span, strings.Length);
            for (int i = 0; i < strings.Length; i++)
            {
                w += MsgPackSpec.WriteString(span.Slice(w), strings[i]);
            }

            return w;
        }

        [Benchmark(Description = "MsgPackSpec span, advancing (from string)")]
        public int AdvancingFromString()
        {
            Span<byte> rest = Output;
            string[] strings = _strings;
            MsgPackSpec.WriteArrayHeader(ref rest, strings.Length);
            for (int i = 0; i < strings.Length; i++)
            {
                MsgPackSpec.WriteString(ref rest, strings[i]);
            }

            return Output.Length - rest.Length;
        }

        [Benchmark(Description = "MsgPackSpec span, advancing (from UTF-8)")]
        public int AdvancingFromUtf8()
        {
            Span<byte> rest = Output;
            byte[][] strings = _utf8;
            MsgPackSpec.WriteArrayHeader(ref rest, strings.Length);
            for (int i = 0; i < strings.Length; i++)
            {
                MsgPackSpec.WriteString(ref rest, strings[i]);
            }

            return Output.Length - rest.Length;
        }

        [Benchmark(Description = "MsgPackSpec pointer (from string)")]
        public int PointerFromString()
        {
            byte* start = Dst;
            byte* p = start;
            string[] strings = _strings;
            p += MsgPackSpec.WriteArrayHeader(p, strings.Length);
            for (int i = 0; i < strings.Length; i++)
            {
                p += MsgPackSpec.WriteString(p, strings[i]);
            }

            return (int)(p - start);
        }

        [Benchmark(Description = "MsgPackSpec pointer (from UTF-8)")]
        public int PointerFromUtf8()
        {
            byte* start = Dst;
            byte* p = start;
            byte[][] strings = _utf8;
            p += MsgPackSpec.WriteArrayHeader(p, strings.Length);
            for (int i = 0; i < strings.Length; i++)
            {
                p += MsgPackSpec.WriteString(p, strings[i]);
            }

            return (int)(p - start);
        }

        [Benchmark(Description = "MsgPackSpec MsgPackWriter over PooledBufferWriter (from string)")]
        [BufferWriterOutput]
        public long WriterFromString()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new MsgPackWriter(pooled);
            string[] strings = _strings;
            writer.WriteArrayHeader(strings.Length);
            for (int i = 0; i < strings.Length; i++)
            {
                writer.WriteString(strings[i]);
            }

            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MsgPackSpec MsgPackWriter over PooledBufferWriter (from UTF-8)")]
        [BufferWriterOutput]
        public long WriterFromUtf8()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new MsgPackWriter(pooled);
            byte[][] strings = _utf8;
            writer.WriteArrayHeader(strings.Length);
            for (int i = 0; i < strings.Length; i++)
            {
                writer.WriteString(strings[i]);
            }

            writer.Flush();
            return writer.BytesCommitted;
        }

        // The peers' primitives write the header; the UTF-8 bytes are the caller's copy.
        [Benchmark(Description = "MessagePack-CSharp MessagePackPrimitives (span header + CopyTo, from UTF-8)")]
        public int MessagePackCSharpSpanFromUtf8()
        {
            Span<byte> span = Output;
            byte[][] strings = _utf8;
            if (!MpcPrimitives.TryWriteArrayHeader(span, (uint)strings.Length, out int w))
            {
                Peer.Fail("array header");
            }

            for (int i = 0; i < strings.Length; i++)
            {
                byte[] utf8 = strings[i];
                if (!MpcPrimitives.TryWriteStringHeader(span.Slice(w), (uint)utf8.Length, out int written) || span.Length - w - written < utf8.Length)
                {
                    Peer.Fail("str");
                }

                utf8.AsSpan().CopyTo(span.Slice(w + written));
                w += written + utf8.Length;
            }

            return w;
        }

        // The peers' primitives write the header; the UTF-8 bytes are the caller's copy.
        [Benchmark(Description = "Nerdbank.MessagePack MessagePackPrimitives (span header + CopyTo, from UTF-8)")]
        public int NerdbankSpanFromUtf8()
        {
            Span<byte> span = Output;
            byte[][] strings = _utf8;
            if (!NbPrimitives.TryWriteArrayHeader(span, (uint)strings.Length, out int w))
            {
                Peer.Fail("array header");
            }

            for (int i = 0; i < strings.Length; i++)
            {
                byte[] utf8 = strings[i];
                if (!NbPrimitives.TryWriteStringHeader(span.Slice(w), (uint)utf8.Length, out int written) || span.Length - w - written < utf8.Length)
                {
                    Peer.Fail("str");
                }

                utf8.AsSpan().CopyTo(span.Slice(w + written));
                w += written + utf8.Length;
            }

            return w;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackWriter over PooledBufferWriter (from string)")]
        [BufferWriterOutput]
        public long MessagePackCSharpWriterFromString()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new MpcWriter(pooled);
            string[] strings = _strings;
            writer.WriteArrayHeader(strings.Length);
            for (int i = 0; i < strings.Length; i++)
            {
                writer.Write(strings[i]);
            }

            writer.Flush();
            return pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackWriter over PooledBufferWriter (from string)")]
        [BufferWriterOutput]
        public long NerdbankWriterFromString()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new NbWriter(pooled);
            string[] strings = _strings;
            writer.WriteArrayHeader(strings.Length);
            for (int i = 0; i < strings.Length; i++)
            {
                writer.Write(strings[i]);
            }

            writer.Flush();
            return pooled.WrittenCount;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackWriter over PooledBufferWriter (from UTF-8)")]
        [BufferWriterOutput]
        public long MessagePackCSharpWriterFromUtf8()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new MpcWriter(pooled);
            byte[][] strings = _utf8;
            writer.WriteArrayHeader(strings.Length);
            for (int i = 0; i < strings.Length; i++)
            {
                writer.WriteString(strings[i]);
            }

            writer.Flush();
            return pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackWriter over PooledBufferWriter (from UTF-8)")]
        [BufferWriterOutput]
        public long NerdbankWriterFromUtf8()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new NbWriter(pooled);
            byte[][] strings = _utf8;
            writer.WriteArrayHeader(strings.Length);
            for (int i = 0; i < strings.Length; i++)
            {
                writer.WriteString(strings[i]);
            }

            writer.Flush();
            return pooled.WrittenCount;
        }

        [Benchmark(Baseline = true, Description = "msgpuck (from UTF-8)")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_encode_string_array(_pointersPointer, _lengthsPointer, _lengths.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-c (from UTF-8)")]
        [PInvoke]
        public long MsgpackC() => Native.mpn_msgpackc_encode_string_array(_pointersPointer, _lengthsPointer, _lengths.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-c sbuffer (from UTF-8)")]
        [PInvoke]
        [FullOnly]
        public long MsgpackCSbuffer() => Native.mpn_msgpackc_sbuffer_encode_string_array(_pointersPointer, _lengthsPointer, _lengths.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-cxx (from UTF-8)")]
        [PInvoke]
        public long MsgpackCxx() => Native.mpn_cxx_encode_string_array(_pointersPointer, _lengthsPointer, _lengths.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-cxx sbuffer (from UTF-8)")]
        [PInvoke]
        [FullOnly]
        public long MsgpackCxxSbuffer() => Native.mpn_cxx_sbuffer_encode_string_array(_pointersPointer, _lengthsPointer, _lengths.Length, Dst, Capacity);
    }

    /// <summary>
    /// Reads the string array back without copying; the checksum is the sum of the UTF-8 lengths. ReadStringBytes
    /// checks that the bytes are UTF-8 (msgpuck, msgpack-c and the cxx visitor do not; msgpack-cxx copies them into
    /// its zone); the "header only" row reads the header and slices, unchecked, which is what the native readers do, and
    /// so do the .NET peers' rows (their span primitives' string header and a slice, their readers' TryReadStringSpan).
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("String", "Decode")]
    public unsafe class StringDecode : NativeDecodeBase<long, StringNatives>
    {
        [ParamsSource(nameof(Cases))]
        public TextCase Case { get; set; }

        public static IEnumerable<TextCase> Cases => Workloads.TextCases();

        [GlobalSetup]
        public void Setup()
        {
            byte[][] utf8 = new byte[Workloads.StringCount][];
            IntPtr[] pointers = Pinned.Array<IntPtr>(utf8.Length);
            int[] lengths = Pinned.Array<int>(utf8.Length);
            for (int i = 0; i < utf8.Length; i++)
            {
                utf8[i] = Pinned.Copy<byte>(Encoding.UTF8.GetBytes(Workloads.Text(Case, i)));
                pointers[i] = (IntPtr)Pinned.Address(utf8[i]);
                lengths[i] = utf8[i].Length;
            }

            byte** p = (byte**)Pinned.Address(pointers);
            int* l = Pinned.Address(lengths);
            SetInput((dst, capacity) => Native.mpn_msgpuck_encode_string_array(p, l, lengths.Length, dst, capacity));
            CheckInput(lengths.Length);
            CheckDecoders();
            GC.KeepAlive(utf8);
        }

        [Benchmark(Description = "MsgPackSpec span")]
        public long Span()
        {
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(source, out int offset);
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += MsgPackSpec.ReadStringBytes(source.Slice(offset), out int read).Length;
                offset += read;
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec pointer")]
        public long Pointer()
        {
            byte* p = Source;
            int left = Length;
            int count = MsgPackSpec.ReadArrayHeader(p, left, out int read);
            p += read;
            left -= read;
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += MsgPackSpec.ReadStringBytes(p, left, out read).Length;
                p += read;
                left -= read;
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec span, advancing")]
        public long Advancing()
        {
            ReadOnlySpan<byte> rest = Input;
            int count = MsgPackSpec.ReadArrayHeader(ref rest);
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += MsgPackSpec.ReadStringBytes(ref rest).Length;
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment (ReadStringBytes)")]
        public long Reader()
        {
            var reader = new MsgPackReader(OneSegment);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadStringBytes().Length;
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec span (header only, no UTF-8 check)")]
        public long SpanHeaderOnly()
        {
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(source, out int offset);
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                int length = MsgPackSpec.ReadStringHeader(source.Slice(offset), out int read);
                sum += source.Slice(offset + read, length).Length;
                offset += read + length;
            }

            return sum;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackPrimitives (span header only, no UTF-8 check)")]
        public long MessagePackCSharpSpanHeaderOnly()
        {
            ReadOnlySpan<byte> source = Input;
            if (MpcPrimitives.TryReadArrayHeader(source, out uint count, out int offset) != MpcDecodeResult.Success)
            {
                Peer.Fail("array header");
            }

            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                if (MpcPrimitives.TryReadStringHeader(source.Slice(offset), out uint length, out int read) != MpcDecodeResult.Success)
                {
                    Peer.Fail("str header");
                }

                sum += source.Slice(offset + read, (int)length).Length;
                offset += read + (int)length;
            }

            return sum;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackReader, one segment (TryReadStringSpan, no UTF-8 check)")]
        public long MessagePackCSharpReader()
        {
            var reader = new MpcReader(OneSegment);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                if (!reader.TryReadStringSpan(out ReadOnlySpan<byte> bytes))
                {
                    Peer.Fail("str (not contiguous)");
                }

                sum += bytes.Length;
            }

            return sum;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackPrimitives (span header only, no UTF-8 check)")]
        public long NerdbankSpanHeaderOnly()
        {
            ReadOnlySpan<byte> source = Input;
            if (NbPrimitives.TryReadArrayHeader(source, out uint count, out int offset) != NbDecodeResult.Success)
            {
                Peer.Fail("array header");
            }

            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                if (NbPrimitives.TryReadStringHeader(source.Slice(offset), out uint length, out int read) != NbDecodeResult.Success)
                {
                    Peer.Fail("str header");
                }

                sum += source.Slice(offset + read, (int)length).Length;
                offset += read + (int)length;
            }

            return sum;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackReader, one segment (TryReadStringSpan, no UTF-8 check)")]
        public long NerdbankReader()
        {
            var reader = new NbReader(OneSegment);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                if (!reader.TryReadStringSpan(out ReadOnlySpan<byte> bytes))
                {
                    Peer.Fail("str (not contiguous)");
                }

                sum += bytes.Length;
            }

            return sum;
        }
    }

    /// <summary>
    /// Reads the string array back into .NET strings (UTF-8 checked and transcoded, one string allocated per value:
    /// the only allocation of these rows). The checksum is the sum of the string lengths in chars. msgpuck cannot make
    /// a .NET string: its row reads the headers and slices the UTF-8 bytes (the floor, as in <see cref="StringDecode"/>),
    /// returns the sum of the UTF-8 lengths and is the baseline only for the ratios.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("String", "Decode")]
    [Allocates("one string per value")]
    public unsafe class StringDecodeToString : DecodeBase
    {
        [ParamsSource(nameof(Cases))]
        public TextCase Case { get; set; }

        public static IEnumerable<TextCase> Cases => Workloads.TextCases();

        [GlobalSetup]
        public void Setup()
        {
            byte[][] utf8 = new byte[Workloads.StringCount][];
            IntPtr[] pointers = Pinned.Array<IntPtr>(utf8.Length);
            int[] lengths = Pinned.Array<int>(utf8.Length);
            long chars = 0;
            for (int i = 0; i < utf8.Length; i++)
            {
                string text = Workloads.Text(Case, i);
                chars += text.Length;
                utf8[i] = Pinned.Copy<byte>(Encoding.UTF8.GetBytes(text));
                pointers[i] = (IntPtr)Pinned.Address(utf8[i]);
                lengths[i] = utf8[i].Length;
            }

            byte** p = (byte**)Pinned.Address(pointers);
            int* l = Pinned.Address(lengths);
            SetInput((dst, capacity) => Native.mpn_msgpuck_encode_string_array(p, l, lengths.Length, dst, capacity));
            CheckInput(StringNatives.Msgpuck, lengths.Length);
            CheckDecodersAgainst(chars);
            GC.KeepAlive(utf8);
        }

        [Benchmark(Description = "MsgPackSpec span (ReadString)")]
        public long Span()
        {
            ReadOnlySpan<byte> source = Input;
            int count = MsgPackSpec.ReadArrayHeader(source, out int offset);
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += MsgPackSpec.ReadString(source.Slice(offset), out int read).Length;
                offset += read;
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec span, advancing (ReadString)")]
        public long Advancing()
        {
            ReadOnlySpan<byte> rest = Input;
            int count = MsgPackSpec.ReadArrayHeader(ref rest);
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += MsgPackSpec.ReadString(ref rest).Length;
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec pointer (ReadString)")]
        public long Pointer()
        {
            byte* p = Source;
            int left = Length;
            int count = MsgPackSpec.ReadArrayHeader(p, left, out int read);
            p += read;
            left -= read;
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += MsgPackSpec.ReadString(p, left, out read).Length;
                p += read;
                left -= read;
            }

            return sum;
        }

        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment (ReadString)")]
        public long Reader()
        {
            var reader = new MsgPackReader(OneSegment);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadString().Length;
            }

            return sum;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackReader, one segment (ReadString)")]
        public long MessagePackCSharpReader()
        {
            var reader = new MpcReader(OneSegment);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadString()!.Length;
            }

            return sum;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackReader, one segment (ReadString)")]
        public long NerdbankReader()
        {
            var reader = new NbReader(OneSegment);
            int count = reader.ReadArrayHeader();
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += reader.ReadString()!.Length;
            }

            return sum;
        }

        [Benchmark(Baseline = true, Description = "msgpuck (UTF-8 bytes, no string)")]
        [PInvoke]
        public long Msgpuck() => StringNatives.Msgpuck(Source, Length, null, null);
    }

    /// <summary>The text of a <see cref="LargeStringEncode"/> case.</summary>
    public enum LargeText
    {
        /// <summary>ASCII: one UTF-8 byte per char.</summary>
        Ascii,

        /// <summary>Cyrillic with ASCII spaces and punctuation: about 1.8 UTF-8 bytes per char.</summary>
        Cyrillic,
    }

    /// <summary>
    /// One str value of <see cref="Size"/> UTF-8 bytes (64 KiB and 256 KiB: str 32), written from UTF-8 bytes and from
    /// a .NET <see cref="string"/>, with a plain memory copy of the same UTF-8 bytes as the reference row: the floor
    /// that any writer pays. msgpuck and msgpack-cxx take the UTF-8 bytes. The streaming writers (ours and the .NET
    /// peers') write the string into the class's reused PooledBufferWriter; a writer that asks for more room than the
    /// UTF-8 length up front can make it grow, once, in the setup's fairness check, never while measured.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("LargeString", "Encode")]
    public unsafe class LargeStringEncode : BenchmarkBase
    {
        private string _text = string.Empty;
        private byte[] _utf8 = Array.Empty<byte>();
        private byte* _utf8Pointer;

        [ParamsSource(nameof(Sizes))]
        public int Size { get; set; }

        [ParamsSource(nameof(Texts))]
        public LargeText Text { get; set; }

        public static IEnumerable<int> Sizes => Workloads.Quick ? new[] { 64 * 1024 } : new[] { 64 * 1024, 256 * 1024 };

        public static IEnumerable<LargeText> Texts => Enum.GetValues<LargeText>();

        [GlobalSetup]
        public void Setup()
        {
            Native.EnsureLoaded();
            _text = MakeText(Text, Size);
            _utf8 = Pinned.Copy<byte>(Encoding.UTF8.GetBytes(_text));
            _utf8Pointer = Pinned.Address(_utf8);
            Fairness.Check(_utf8.Length == Size, Workload, $"the text is {_utf8.Length} UTF-8 bytes, expected {Size}.");
            AllocateOutput(Size + 4096);
            CheckEncoders();
        }

        [Benchmark(Description = "MsgPackSpec span (from UTF-8)")]
        public int SpanFromUtf8()
        {
            Span<byte> span = Output;
            return MsgPackSpec.WriteString(span, _utf8);
        }

        [Benchmark(Description = "MsgPackSpec span (from string)")]
        public int SpanFromString()
        {
            Span<byte> span = Output;
            return MsgPackSpec.WriteString(span, _text);
        }

        [Benchmark(Description = "MsgPackSpec pointer (from UTF-8)")]
        public int PointerFromUtf8() => MsgPackSpec.WriteString(Dst, _utf8);

        [Benchmark(Description = "MsgPackSpec pointer (from string)")]
        public int PointerFromString() => MsgPackSpec.WriteString(Dst, _text);

        [Benchmark(Description = "MsgPackSpec MsgPackWriter over PooledBufferWriter (from string)")]
        [BufferWriterOutput]
        public long WriterFromString()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new MsgPackWriter(pooled);
            writer.WriteString(_text);
            writer.Flush();
            return writer.BytesCommitted;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackWriter over PooledBufferWriter (from string)")]
        [BufferWriterOutput]
        public long MessagePackCSharpWriterFromString()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new MpcWriter(pooled);
            writer.Write(_text);
            writer.Flush();
            return pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackWriter over PooledBufferWriter (from string)")]
        [BufferWriterOutput]
        public long NerdbankWriterFromString()
        {
            PooledBufferWriter pooled = Pooled;
            pooled.Reset();
            var writer = new NbWriter(pooled);
            writer.Write(_text);
            writer.Flush();
            return pooled.WrittenCount;
        }

        [Benchmark(Description = "memory copy of the UTF-8 (span CopyTo)")]
        [PayloadOnly]
        public int MemoryCopy()
        {
            byte[] utf8 = _utf8;
            utf8.AsSpan().CopyTo(Output);
            return utf8.Length;
        }

        [Benchmark(Description = "UTF-8 transcoding only (Encoding.UTF8.GetBytes)")]
        [PayloadOnly]
        public int TranscodeOnly() => Encoding.UTF8.GetBytes(_text, Output);

        [Benchmark(Baseline = true, Description = "msgpuck (from UTF-8)")]
        [PInvoke]
        public long Msgpuck() => Native.mpn_msgpuck_encode_string(_utf8Pointer, _utf8.Length, Dst, Capacity);

        [Benchmark(Description = "msgpack-cxx (from UTF-8)")]
        [PInvoke]
        public long MsgpackCxx() => Native.mpn_cxx_encode_string(_utf8Pointer, _utf8.Length, Dst, Capacity);

        /// <summary>Text of exactly <paramref name="utf8Length"/> UTF-8 bytes, repeating a sentence.</summary>
        private static string MakeText(LargeText text, int utf8Length)
        {
            string sentence = text == LargeText.Ascii
                ? "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. "
                : "Съешь же ещё этих мягких французских булок, да выпей чаю. ";
            var builder = new StringBuilder(utf8Length);
            int bytes = 0;
            for (int i = 0; ; i++)
            {
                char c = sentence[i % sentence.Length];
                int size = c < 0x80 ? 1 : 2;
                if (bytes + size > utf8Length)
                {
                    break;
                }

                builder.Append(c);
                bytes += size;
            }

            // An odd gap is closed with one ASCII char, so that the length is exact.
            builder.Append('.', utf8Length - bytes);
            return builder.ToString();
        }
    }
}
