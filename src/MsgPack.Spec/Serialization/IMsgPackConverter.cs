namespace MsgPack.Spec.Serialization
{
    /// <summary>
    /// Writes and reads values of <typeparamref name="T"/>: the contract generic code holds on every target and language
    /// version (netstandard2.0, C# 7.3). Every <see cref="MsgPackObjectAttribute"/> type has one, its nested
    /// <c>MsgPackConverter</c> struct; a hand-written type can have one too.
    /// </summary>
    /// <remarks>
    /// Generic code takes the converter as a type parameter constrained to a struct,
    /// <c>Send&lt;T, TConverter&gt;(T value) where TConverter : struct, IMsgPackConverter&lt;T&gt;</c>, and calls
    /// <c>default(TConverter).Write(ref writer, value)</c>: the JIT compiles that method once per struct, so the call is
    /// direct (and inlined), with no boxing and no virtual call. On .NET 8 and later, <c>IMsgPackSerializable&lt;T&gt;</c>
    /// needs no second type parameter.
    /// </remarks>
    /// <typeparam name="T">The type of the values.</typeparam>
    public interface IMsgPackConverter<T>
    {
        /// <summary>Writes <paramref name="value"/> through the writer.</summary>
        /// <param name="writer">The writer.</param>
        /// <param name="value">The value.</param>
        void Write(ref MsgPackWriter writer, in T value);

        /// <summary>Writes <paramref name="value"/> at the start of <paramref name="destination"/> and moves it past the bytes written.</summary>
        /// <param name="destination">Where to write; on return, the rest of it.</param>
        /// <param name="value">The value.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small.</exception>
        void Write(ref Span<byte> destination, in T value);

        /// <summary>The exact number of bytes the writers write for <paramref name="value"/>.</summary>
        /// <param name="value">The value.</param>
        /// <returns>The length in bytes.</returns>
        int GetEncodedLength(in T value);

        /// <summary>Reads a value.</summary>
        /// <param name="reader">The reader.</param>
        /// <param name="depth">How many generated objects contain this one: 0 for a value read on its own (its errors
        /// are then <see cref="MsgPackSerializationException"/>), the container's depth + 1 for a member.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input is not such a value, or ends inside it.</exception>
        T Read(ref MsgPackReader reader, int depth);
    }
}
