using System;
using System.Buffers;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// Validating the document of <see cref="SkipDocument"/> (1,887 bytes, nested): MsgPackSpec.Validate checks the
    /// structure as msgpuck's mp_check does, and more (nesting depth, timestamps, headers that announce more than the
    /// input holds, and UTF-8 when asked), without recursion. The checksum is the size of the document: the offset
    /// Validate reports, and mp_check's consumed bytes.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Validate", "Decode")]
    public unsafe class ValidateDocument : DecodeBase
    {
        private static readonly MsgPackValidationOptions Utf8Options = new MsgPackValidationOptions { CheckUtf8 = true };

        private ReadOnlySequence<byte> _single;

        [GlobalSetup]
        public void Setup()
        {
            byte[] document = SkipDocument.Document();
            SetInput(document);
            _single = new ReadOnlySequence<byte>(Input);
            Fairness.Check(Msgpuck() == document.Length, Workload, $"mp_check measured {Msgpuck()} bytes of a {document.Length}-byte document.");
            CheckDecoders();
        }

        [Benchmark(Description = "MsgPackSpec span (Validate)")]
        public long Span()
        {
            ReadOnlySpan<byte> source = Input;
            MsgPackSpec.Validate(source);
            return source.Length;
        }

        [Benchmark(Description = "MsgPackSpec pointer (Validate)")]
        public long Pointer()
        {
            MsgPackSpec.Validate(Source, Length);
            return Length;
        }

        [Benchmark(Description = "MsgPackSpec span (TryValidate)")]
        public long Try()
        {
            MsgPackSpec.TryValidate(Input, out MsgPackValidationResult result);
            return result.Offset;
        }

        [Benchmark(Description = "MsgPackSpec span (Validate, CheckUtf8)")]
        public long Utf8()
        {
            ReadOnlySpan<byte> source = Input;
            MsgPackSpec.Validate(source, Utf8Options);
            return source.Length;
        }

        [Benchmark(Description = "MsgPackSpec sequence, one segment (TryValidate)")]
        public long Sequence()
        {
            MsgPackSpec.TryValidate(_single, out MsgPackValidationResult result);
            return result.Offset;
        }

        [Benchmark(Baseline = true, Description = "msgpuck mp_check")]
        [PInvoke]
        public long Msgpuck()
        {
            long consumed;
            Native.mpn_msgpuck_check(Source, Length, &consumed);
            return consumed;
        }
    }
}
