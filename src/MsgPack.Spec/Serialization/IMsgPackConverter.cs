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

#if NET8_0_OR_GREATER
        /// <summary>
        /// Reads a value, or records why it cannot in <paramref name="failure"/> and says so: the status path, which never
        /// throws for bad input. By default it calls <see cref="Read"/> and records what it throws; a converter opts in by
        /// implementing it (generated code then calls it instead of <see cref="Read"/>, and bad input costs no exception).
        /// </summary>
        /// <remarks>
        /// Generated code calls a converter's own <c>TryRead</c> directly, and wraps <see cref="Read"/> itself where the
        /// converter has none: this default member is for generic code (a call of it on a struct that does not implement
        /// it boxes the struct). The netstandard2.0 build has no default members: there a converter may still declare the
        /// method, and generated code calls it.
        /// </remarks>
        /// <param name="reader">The reader; where it stands after a failure is unspecified.</param>
        /// <param name="depth">The value's depth (see <see cref="Read"/>).</param>
        /// <param name="value">The value; default unless the result is Done.</param>
        /// <param name="failure">Where a failure is recorded (see <see cref="MsgPackReadFailure"/>).</param>
        /// <returns>Done; NeedMoreData when the input ends inside the value; InvalidData when it is not such a value.</returns>
        OperationStatus TryRead(ref MsgPackReader reader, int depth, out T value, ref MsgPackReadFailure failure)
        {
            try
            {
                value = Read(ref reader, depth);
                return OperationStatus.Done;
            }
            catch (MsgPackException e)
            {
                value = default!;

                // A value read on its own keeps its exception as it was: a door that throws what Read throws throws it.
                return depth == 0 ? failure.FailWhole(e, reader.Consumed) : failure.Fail(e, reader.Consumed);
            }
        }
#endif
    }
}
