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

    /// <summary>
    /// A key of one decimal part, <c>[value]</c>, the value an MP_DECIMAL (<see cref="TarantoolDecimalConverter"/>): the key
    /// of an index on a <c>decimal</c> field.
    /// </summary>
    /// <param name="Value">The key.</param>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct DecimalKey([property: MsgPackKey(0), MsgPackConverter(typeof(TarantoolDecimalConverter))] decimal Value);

    /// <summary>A key of one uuid part, <c>[value]</c>, the value an MP_UUID (<see cref="TarantoolUuidConverter"/>): the key of an index on a <c>uuid</c> field.</summary>
    /// <param name="Value">The key.</param>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct UuidKey([property: MsgPackKey(0), MsgPackConverter(typeof(TarantoolUuidConverter))] Guid Value);

    /// <summary>
    /// An UPDATE or UPSERT operation on a decimal field, <c>[operator, field, operand]</c>, e.g. <c>["+", 1, 2.50]</c>: the
    /// server does the arithmetic in its 38 digits (the operand an MP_DECIMAL).
    /// </summary>
    /// <param name="Operator"><c>"+"</c>, <c>"-"</c> or <c>"="</c>.</param>
    /// <param name="Field">The field's number, from 0.</param>
    /// <param name="Operand">The operand.</param>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct DecimalOperation(
        [property: MsgPackKey(0)] string Operator,
        [property: MsgPackKey(1)] uint Field,
        [property: MsgPackKey(2), MsgPackConverter(typeof(TarantoolDecimalConverter))] decimal Operand);

    /// <summary>An empty array: the key of a SELECT of everything, or a call without arguments (its serializer is generated).</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial struct EmptyArray
    {
    }
}
