#if NET8_0_OR_GREATER

namespace MsgPack.Spec.Serialization
{
    /// <summary>
    /// A type that writes and reads itself with static members: the contract generic code constrains on,
    /// <c>Send&lt;T&gt;(T value) where T : IMsgPackSerializable&lt;T&gt;</c>, calling <c>T.Write(ref writer, value)</c>
    /// with no boxing and no virtual call (the JIT compiles the generic method per value type, and shares it among
    /// reference types with a lookup of the static method, no interface dispatch). Every <see cref="MsgPackObjectAttribute"/>
    /// type implements it when its project can (.NET 8 or later, C# 11 or later); a hand-written type can too.
    /// </summary>
    /// <remarks>
    /// On netstandard2.0, or below C# 11, the same members are reached through <see cref="IMsgPackConverter{T}"/>;
    /// <see cref="MsgPackConverter{T}"/> turns this contract into that one.
    /// </remarks>
    /// <typeparam name="T">The type itself.</typeparam>
    public interface IMsgPackSerializable<T>
        where T : IMsgPackSerializable<T>
    {
        /// <summary>Writes <paramref name="value"/> through the writer.</summary>
        /// <param name="writer">The writer.</param>
        /// <param name="value">The value.</param>
        static abstract void Write(ref MsgPackWriter writer, in T value);

        /// <summary>Writes <paramref name="value"/> at the start of <paramref name="destination"/> and moves it past the bytes written.</summary>
        /// <param name="destination">Where to write; on return, the rest of it.</param>
        /// <param name="value">The value.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small.</exception>
        static abstract void Write(ref Span<byte> destination, in T value);

        /// <summary>The exact number of bytes the writers write for <paramref name="value"/>.</summary>
        /// <param name="value">The value.</param>
        /// <returns>The length in bytes.</returns>
        static abstract int GetEncodedLength(in T value);

        /// <summary>Reads a value at a nesting depth (see <see cref="IMsgPackConverter{T}.Read"/>).</summary>
        /// <param name="reader">The reader.</param>
        /// <param name="depth">How many generated objects contain this one; 0 for a value read on its own.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not such a value, or ends inside it.</exception>
        static abstract T Read(ref MsgPackReader reader, int depth);

        /// <summary>Reads a value on its own (depth 0): its errors are <see cref="MsgPackSerializationException"/>.</summary>
        /// <param name="reader">The reader.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not such a value, or ends inside it.</exception>
        static virtual T Read(ref MsgPackReader reader) => T.Read(ref reader, 0);

        /// <summary>
        /// Reads a value at a nesting depth, or records why it cannot in <paramref name="failure"/> and says so: the status
        /// path, which never throws for bad input. Generated types implement it without an exception (their
        /// <see cref="Read(ref MsgPackReader, int)"/> calls it and throws once, at the outermost level); by default it
        /// calls <see cref="Read(ref MsgPackReader, int)"/> and records what it throws, so a hand-written type keeps
        /// compiling and can implement it later.
        /// </summary>
        /// <param name="reader">The reader; where it stands after a failure is unspecified (a caller that wants nothing consumed keeps a copy).</param>
        /// <param name="depth">How many generated objects contain this one; 0 for a value read on its own.</param>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <param name="failure">Where a failure is recorded (see <see cref="MsgPackReadFailure"/>).</param>
        /// <returns>Done; NeedMoreData when the input ends inside the value; InvalidData when it is not such a value.</returns>
        static virtual OperationStatus TryRead(ref MsgPackReader reader, int depth, out T value, ref MsgPackReadFailure failure)
        {
            try
            {
                value = T.Read(ref reader, depth);
                return OperationStatus.Done;
            }
            catch (MsgPackException e)
            {
                value = default!;

                // A value read on its own keeps its exception as it was: a door that throws what Read throws throws it.
                return depth == 0 ? failure.FailWhole(e, reader.Consumed) : failure.Fail(e, reader.Consumed);
            }
        }
    }

    /// <summary>The <see cref="IMsgPackConverter{T}"/> of any <see cref="IMsgPackSerializable{T}"/> type: for generic code written against converters.</summary>
    /// <typeparam name="T">The type.</typeparam>
    public readonly struct MsgPackConverter<T> : IMsgPackConverter<T>
        where T : IMsgPackSerializable<T>
    {
        /// <inheritdoc/>
        public void Write(ref MsgPackWriter writer, in T value) => T.Write(ref writer, in value);

        /// <inheritdoc/>
        public void Write(ref Span<byte> destination, in T value) => T.Write(ref destination, in value);

        /// <inheritdoc/>
        public int GetEncodedLength(in T value) => T.GetEncodedLength(in value);

        /// <inheritdoc/>
        public T Read(ref MsgPackReader reader, int depth) => T.Read(ref reader, depth);

        /// <inheritdoc/>
        public OperationStatus TryRead(ref MsgPackReader reader, int depth, out T value, ref MsgPackReadFailure failure) =>
            T.TryRead(ref reader, depth, out value, ref failure);
    }
}
#endif
