using System;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>
    /// Something a request carries as one MessagePack value: a key, a tuple, the arguments of a call, update
    /// operations. Implement it on a struct and pass the struct: the request methods are generic over it, so it is
    /// neither boxed nor copied into a delegate, and writing a request allocates nothing.
    /// </summary>
    /// <example>
    /// <code>
    /// readonly record struct User(ulong Id, string Name) : IMsgPackValue
    /// {
    ///     public void WriteTo(ref MsgPackWriter writer)
    ///     {
    ///         writer.WriteArrayHeader(2);
    ///         writer.WriteUInt64(Id);
    ///         writer.WriteString(Name);
    ///     }
    /// }
    /// </code>
    /// </example>
    public interface IMsgPackValue
    {
        /// <summary>Writes the value (for a key or a tuple, an array).</summary>
        /// <param name="writer">The request's writer.</param>
        void WriteTo(ref MsgPackWriter writer);
    }

    /// <summary>A value already encoded as MessagePack, written as it is (no check: it must be one whole value).</summary>
    /// <param name="Encoded">The bytes.</param>
    public readonly record struct MsgPackBytes(ReadOnlyMemory<byte> Encoded) : IMsgPackValue
    {
        /// <inheritdoc/>
        public void WriteTo(ref MsgPackWriter writer) => writer.WriteRaw(Encoded.Span);
    }

    /// <summary>A key of one unsigned part: <c>[value]</c>, in the smallest form, as Tarantool expects it (its serializer is generated).</summary>
    /// <param name="Value">The key.</param>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct UnsignedKey([property: MsgPackKey(0)] ulong Value) : IMsgPackValue
    {
        /// <inheritdoc/>
        public void WriteTo(ref MsgPackWriter writer) => Write(ref writer, this);
    }

    /// <summary>An empty array: the key of a SELECT of everything, or a call without arguments (its serializer is generated).</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial struct EmptyArray : IMsgPackValue
    {
        /// <inheritdoc/>
        public void WriteTo(ref MsgPackWriter writer) => Write(ref writer, this);
    }
}
