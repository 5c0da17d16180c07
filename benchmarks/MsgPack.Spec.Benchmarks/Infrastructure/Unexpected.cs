using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>What the token rows and the walks throw when a value is not what their loop can take (a token of
    /// another type, a code a walk cannot visit), out of line so that the measured loops hold only the check, as
    /// <see cref="Peer.Fail"/> does for the peers' span primitives.</summary>
    internal static class Unexpected
    {
        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        internal static void Token(MsgPackToken token, string expected) =>
            throw new InvalidOperationException($"expected {expected}, read {token}");

        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        internal static void Code(byte code, string reader) =>
            throw new InvalidOperationException($"{reader} walked into the code 0x{code:x2}, which is not a MessagePack value");
    }
}
