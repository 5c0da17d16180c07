namespace MsgPack.Spec
{
    /// <summary>
    /// One element type of the bulk array writers and readers, as a type: the array cores in
    /// <c>MsgPackSpec.Arrays.cs</c> are written once, generic over these structs, and the JIT compiles a copy per
    /// struct with the element's cores inlined.
    /// </summary>
    /// <remarks>
    /// The per-value methods are the same cores the per-value front doors call, so a bulk writer writes the bytes a
    /// loop of <c>Write*</c> calls writes. The runs are the vector paths: each encodes or decodes as many whole
    /// blocks as suit it from the start of its input and stops at the first that does not (a value of another
    /// width, a code it does not handle, too little room), leaving the rest to the per-value core. A run that
    /// cannot do anything returns 0, which is all a run does on netstandard2.0 or without vector hardware.
    /// </remarks>
    internal interface IArrayCodec<T> : IValueDecoder<T>
    {
        /// <summary>The most bytes one element takes.</summary>
        int MaxLength { get; }

        /// <summary>How many elements the per-value core handles after a run stops, before the next run is tried.</summary>
        int ScalarStretch { get; }

        int GetEncodedLength(T value);

        int Encode(ref byte destination, T value);

        /// <summary>Whether the type has a branch-free core (<see cref="BranchlessIntegers"/>: the integers); <see cref="EncodeFast"/> and <see cref="DecodeFast"/> are called only then.</summary>
        bool Branchless { get; }

        /// <summary>Encodes one element with the branch-free core; needs <see cref="BranchlessIntegers.Room"/> bytes of room.</summary>
        int EncodeFast(ref byte destination, T value);

        /// <summary>Decodes one element with the branch-free core; 0 when it cannot (another type, a value that does not fit), and the checked core then decides. Needs <see cref="BranchlessIntegers.Room"/> bytes of input.</summary>
        int DecodeFast(ref byte source, out T value);

        /// <summary>Encodes whole blocks from the start of <paramref name="source"/> while they suit the vector path and fit <paramref name="room"/>.</summary>
        /// <returns>The number of elements encoded (bytes in <paramref name="bytesWritten"/>).</returns>
        int EncodeRun(ref byte destination, int room, ref T source, int count, out int bytesWritten);

        /// <summary>Decodes whole blocks from the start of <paramref name="source"/> while they suit the vector path; every value it stores is one the per-value core accepts.</summary>
        /// <returns>The number of elements decoded (bytes in <paramref name="bytesRead"/>).</returns>
        int DecodeRun(ref byte source, int length, ref T destination, int count, out int bytesRead);
    }

    /// <summary>What every codec without a run of its own (or a build without vectors) runs: nothing.</summary>
    internal static class NoRun
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int None(out int bytes)
        {
            bytes = 0;
            return 0;
        }
    }
}
