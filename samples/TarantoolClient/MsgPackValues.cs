using System;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Samples.Tarantool
{
    // What a request carries (a key, a tuple, the arguments of a call, update operations) is any type of the library's
    // contract, IMsgPackSerializable<T>: every [MsgPackObject] type implements it, and so do the hand-written values
    // below. The request methods are generic over it, so a struct is neither boxed nor copied into a delegate, and
    // writing a request allocates nothing.

    /// <summary>
    /// A value already encoded as MessagePack, written as it is (no check: it must be one whole value). Read, it is the
    /// bytes of one whole value, copied (the reader's input does not outlive the read).
    /// </summary>
    /// <param name="Encoded">The bytes.</param>
    public readonly record struct MsgPackBytes(ReadOnlyMemory<byte> Encoded) : IMsgPackSerializable<MsgPackBytes>
    {
        /// <inheritdoc/>
        public static void Write(ref MsgPackWriter writer, in MsgPackBytes value) => writer.WriteRaw(value.Encoded.Span);

        /// <inheritdoc/>
        public static void Write(ref Span<byte> destination, in MsgPackBytes value)
        {
            // CopyTo throws ArgumentException when the destination is too small, as the contract says.
            value.Encoded.Span.CopyTo(destination);
            destination = destination[value.Encoded.Length..];
        }

        /// <inheritdoc/>
        public static int GetEncodedLength(in MsgPackBytes value) => value.Encoded.Length;

        /// <inheritdoc/>
        public static MsgPackBytes Read(ref MsgPackReader reader, int depth) => new(reader.ReadRaw().ToArray());
    }

    /// <summary>A key of one unsigned part: <c>[value]</c>, in the smallest form, as Tarantool expects it (its serializer is generated).</summary>
    /// <param name="Value">The key.</param>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct UnsignedKey([property: MsgPackKey(0)] ulong Value);

    /// <summary>An empty array: the key of a SELECT of everything, or a call without arguments (its serializer is generated).</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial struct EmptyArray
    {
    }
}
