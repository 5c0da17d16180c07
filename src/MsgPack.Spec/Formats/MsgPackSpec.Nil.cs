namespace MsgPack.Spec
{
    // nil: the cores, and IsNil. The span, pointer and Try doors over the cores are written by
    // tools/MsgPack.Spec.CodeGen into MsgPackSpec.FrontDoors.g.cs, as every format's that share a shape.
    public static unsafe partial class MsgPackSpec
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeNil(ref byte destination)
        {
            destination = DataCodes.Nil;
            return 1;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeNil(ref byte source, int length, out int bytesRead)
        {
            if (length <= 0)
            {
                return NeedMoreData(1, out bytesRead);
            }

            if (source != DataCodes.Nil)
            {
                return Invalid(ReadStatus.UnexpectedCode, out bytesRead);
            }

            bytesRead = 1;
            return ReadStatus.Done;
        }

        /// <summary>Tells whether <paramref name="source"/> starts with nil (0xc0); false when it is empty.</summary>
        /// <param name="source">The input.</param>
        /// <returns><see langword="true"/> when the first byte is 0xc0.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool IsNil(ReadOnlySpan<byte> source) => !source.IsEmpty && source[0] == DataCodes.Nil;
    }
}
