// The two .NET peers share type names with each other (and MsgPack.Spec has its own MsgPackWriter/MsgPackReader):
// short aliases keep the benchmark rows readable. MPC = MessagePack-CSharp (NuGet MessagePack), NB = Nerdbank.MessagePack.
global using MpcCode = MessagePack.MessagePackCode;
global using MpcDecodeResult = MessagePack.MessagePackPrimitives.DecodeResult;
global using MpcPrimitives = MessagePack.MessagePackPrimitives;
global using MpcReader = MessagePack.MessagePackReader;
global using MpcType = MessagePack.MessagePackType;
global using MpcWriter = MessagePack.MessagePackWriter;
global using NbCode = Nerdbank.MessagePack.MessagePackCode;
global using NbContext = Nerdbank.MessagePack.SerializationContext;
global using NbDecodeResult = Nerdbank.MessagePack.MessagePackPrimitives.DecodeResult;
global using NbPrimitives = Nerdbank.MessagePack.MessagePackPrimitives;
global using NbReader = Nerdbank.MessagePack.MessagePackReader;
global using NbType = Nerdbank.MessagePack.MessagePackType;
global using NbWriter = Nerdbank.MessagePack.MessagePackWriter;

// The peers' attributes on the serializer models (Benchmarks/Serializers): both name theirs Key.
global using MpcKey = MessagePack.KeyAttribute;
global using MpcObject = MessagePack.MessagePackObjectAttribute;
global using MpcUnion = MessagePack.UnionAttribute;
global using NbKey = Nerdbank.MessagePack.KeyAttribute;

using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>What the peer rows share: the throw when a span primitive reports a short buffer or a wrong token,
    /// out of line so that the measured loops hold only the check (our span API throws in the same cases).</summary>
    internal static class Peer
    {
        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        internal static void Fail(string what) => throw new InvalidOperationException($"a peer's span primitive failed: {what}");
    }
}
