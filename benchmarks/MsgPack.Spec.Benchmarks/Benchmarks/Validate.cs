using System;
using System.Buffers;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// Validating the document of <see cref="SkipDocument"/> (1,887 bytes, nested): MsgPackSpec.Validate checks the
    /// structure as msgpuck's mp_check does, and more (nesting depth, timestamps, headers that announce more than the
    /// input holds, and UTF-8, which it checks by default), without recursion. mp_check does not check UTF-8, so the
    /// rows compared with it turn that off (<c>CheckUtf8 = false</c>) and do the same work; one row keeps the default,
    /// to show what the check costs. The checksum is the size of the document: the offset Validate reports, and
    /// mp_check's consumed bytes.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Validate", "Decode")]
    public unsafe class ValidateDocument : DecodeBase
    {
        // What mp_check checks: the structure, not the text.
        private static readonly MsgPackValidationOptions NoUtf8Options = new MsgPackValidationOptions { CheckUtf8 = false };

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

        [Benchmark(Description = "MsgPackSpec span (Validate, no UTF-8)")]
        public long Span()
        {
            ReadOnlySpan<byte> source = Input;
            MsgPackSpec.Validate(source, NoUtf8Options);
            return source.Length;
        }

        [Benchmark(Description = "MsgPackSpec pointer (Validate, no UTF-8)")]
        public long Pointer()
        {
            MsgPackSpec.Validate(Source, Length, NoUtf8Options);
            return Length;
        }

        [Benchmark(Description = "MsgPackSpec span (TryValidate, no UTF-8)")]
        public long Try()
        {
            MsgPackSpec.TryValidate(Input, out MsgPackValidationResult result, NoUtf8Options);
            return result.Offset;
        }

        [Benchmark(Description = "MsgPackSpec span (Validate, default: UTF-8 checked)")]
        public long Utf8()
        {
            ReadOnlySpan<byte> source = Input;
            MsgPackSpec.Validate(source);
            return source.Length;
        }

        [Benchmark(Description = "MsgPackSpec sequence, one segment (TryValidate, no UTF-8)")]
        public long Sequence()
        {
            MsgPackSpec.TryValidate(_single, out MsgPackValidationResult result, NoUtf8Options);
            return result.Offset;
        }

        [Benchmark(Baseline = true, Description = "msgpuck mp_check")]
        [PInvoke]
        public long Msgpuck() => MsgpuckCheck();
    }
}
