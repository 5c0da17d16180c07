using System;
using System.Buffers;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>What the decoding benchmarks share: the input (written by msgpuck in [GlobalSetup]) in a pinned
    /// array of exactly its length, as a span for the span API and as a pointer plus length for the others.</summary>
    public abstract unsafe class DecodeBase : BenchmarkBase
    {
        /// <summary>Writes a workload into a buffer of the given capacity and returns the bytes written.</summary>
        protected delegate long NativeEncoder(byte* destination, long capacity);

        /// <summary>A native decoder: data, length, element count out, bytes consumed out.</summary>
        protected delegate long NativeDecoder(byte* data, long length, long* count, long* consumed);

        /// <summary>The input, exactly as long as the document.</summary>
        protected byte[] Input = Array.Empty<byte>();

        /// <summary>The input's first byte.</summary>
        protected byte* Source;

        /// <summary>The input's length.</summary>
        protected int Length;

        /// <summary>The input as a single-segment sequence, for the readers (ours and the peers').</summary>
        protected ReadOnlySequence<byte> OneSegment;

        /// <summary>The input as a sequence of <see cref="SegmentLength"/>-byte segments.</summary>
        protected ReadOnlySequence<byte> Segmented;

        /// <summary>The segment length of <see cref="Segmented"/>.</summary>
        protected const int SegmentLength = 64;

        /// <summary>The size of the document this workload reads (for --info).</summary>
        internal int DocumentLength => Length;

        /// <summary>Loads the native library and makes the input with a native (msgpuck) encoder.</summary>
        protected void SetInput(NativeEncoder encoder, int capacity = 1 << 20)
        {
            Native.EnsureLoaded();
            byte[] scratch = Pinned.Array<byte>(capacity);
            long written = encoder(Pinned.Address(scratch), capacity);
            Fairness.Check(written > 0, Workload, $"the msgpuck encoder that makes the input returned {written}.");
            SetInput(scratch.AsSpan(0, (int)written));
        }

        /// <summary>Uses the given bytes as the input.</summary>
        protected void SetInput(ReadOnlySpan<byte> document)
        {
            Native.EnsureLoaded();
            Input = Pinned.Copy(document);
            Source = Pinned.Address(Input);
            Length = Input.Length;
            OneSegment = new ReadOnlySequence<byte>(Input);
            Segmented = Segments.Split(Input, SegmentLength);
        }

        /// <summary>Runs every decoder except the baseline (and [NotCompared] rows) once and compares its checksum with
        /// <paramref name="expected"/>, for a class whose baseline returns another kind of checksum.</summary>
        protected void CheckDecodersAgainst(object expected)
        {
            foreach (System.Reflection.MethodInfo method in Benchmarks(GetType()).Where(m => !m.GetCustomAttribute<BenchmarkAttribute>()!.Baseline && !m.IsDefined(typeof(NotComparedAttribute))))
            {
                object actual;
                try
                {
                    actual = method.Invoke(this, null)!;
                }
                catch (System.Reflection.TargetInvocationException e) when (e.InnerException is not null)
                {
                    throw new InvalidOperationException($"{Workload}: {Name(method)} threw {e.InnerException.GetType().Name}: {e.InnerException.Message}", e.InnerException);
                }

                Fairness.SameChecksum(Workload, Name(method), expected, actual);
            }
        }

        /// <summary>Checks that the native (msgpuck) decoder reads the whole input and the expected number of elements.</summary>
        protected void CheckInput(NativeDecoder decoder, long expectedCount)
        {
            long count;
            long consumed;
            decoder(Source, Length, &count, &consumed);
            CheckCounts(count, consumed, expectedCount);
        }

        /// <summary>msgpuck's mp_check of the input (<see cref="SkipDocument"/>'s and <see cref="ValidateDocument"/>'s
        /// baseline): the bytes one whole, valid value takes.</summary>
        protected long MsgpuckCheck()
        {
            long consumed;
            Native.mpn_msgpuck_check(Source, Length, &consumed);
            return consumed;
        }

        /// <summary>msgpuck's walk of the input (<see cref="WalkDocument"/>'s baseline): its checksum.</summary>
        protected long MsgpuckWalk()
        {
            long checksum;
            Native.mpn_msgpuck_walk(Source, Length, &checksum);
            return checksum;
        }

        /// <summary>Checks what msgpuck's decoder reported: the whole input consumed, the expected number of elements.</summary>
        protected void CheckCounts(long count, long consumed, long expectedCount)
        {
            Fairness.Check(consumed == Length, Workload, $"msgpuck's decoder consumed {consumed} of {Length} bytes (negative: an error code).");
            Fairness.Check(count == expectedCount, Workload, $"msgpuck's decoder counted {count} elements, expected {expectedCount}.");
        }
    }
}
