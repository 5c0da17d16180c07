using System;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>Marks a benchmark that calls into libmsgpack_native.so (one P/Invoke per invocation): the
    /// "Net of P/Invoke" column shows its mean less the cost of an empty P/Invoke.</summary>
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class PInvokeAttribute : Attribute
    {
    }

    /// <summary>Marks an encoding benchmark whose output is only the payload (a plain memory copy, the reference row):
    /// the fairness check compares it with the payload at the end of msgpuck's output instead of the whole output.</summary>
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class PayloadOnlyAttribute : Attribute
    {
    }

    /// <summary>Marks a benchmark whose result is not compared with msgpuck's (the P/Invoke overhead rows).</summary>
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class NotComparedAttribute : Attribute
    {
    }

    /// <summary>Marks an encoding benchmark that writes through an IBufferWriter (a streaming writer) into the class's
    /// <see cref="BenchmarkBase.Pooled"/> and returns the byte count: the fairness check compares
    /// <c>Pooled.WrittenSpan</c> (not the output array) with msgpuck's bytes.</summary>
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class BufferWriterOutputAttribute : Attribute
    {
    }

    /// <summary>Marks a row that the quick pass (<c>--quick</c>, the default of <c>./build.sh bench</c>) leaves out:
    /// a variant of a native library whose other row is kept (the sbuffer encoders). --full and --verify run it.</summary>
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class FullOnlyAttribute : Attribute
    {
    }

    /// <summary>Marks a benchmark (or a whole class) that allocates by design, with the reason: --verify checks that
    /// every other managed row allocates 0 B per call.</summary>
    [AttributeUsage(AttributeTargets.Method | AttributeTargets.Class)]
    public sealed class AllocatesAttribute : Attribute
    {
        public AllocatesAttribute(string reason) => Reason = reason;

        public string Reason { get; }
    }

    /// <summary>
    /// Names the rows of a base class that a class does not have. A family of classes (<see cref="ValueArrayEncode{T, TNative, TValues}"/>
    /// and its twins) writes its rows once, in a generic base, with the bodies in the [Benchmark] methods themselves (a
    /// row that only called a shared body would be compiled with the smaller inlining budget of a one-line method, which
    /// changes the code measured); a class of the family that has only some of them names the others here.
    /// BenchmarkDotNet (through <see cref="Program.CreateConfig"/>), --verify, --interleaved and the fairness checks all
    /// take the rows from <see cref="BenchmarkBase.Benchmarks"/>, which leaves these out (and throws on a name that is
    /// not a row of the class). It is inherited: BenchmarkDotNet runs a class through a generated class that derives
    /// from it, whose fairness checks must leave out the same rows.
    /// </summary>
    [AttributeUsage(AttributeTargets.Class, Inherited = true)]
    public sealed class WithoutAttribute : Attribute
    {
        public WithoutAttribute(params string[] rows) => Rows = rows;

        /// <summary>The method names of the rows left out.</summary>
        public string[] Rows { get; }
    }
}
