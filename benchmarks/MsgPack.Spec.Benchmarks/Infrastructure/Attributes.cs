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
}
