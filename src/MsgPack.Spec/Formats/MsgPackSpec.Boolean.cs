namespace MsgPack.Spec
{
    // bool: the cores. The span, pointer and Try doors over them are written by tools/MsgPack.Spec.CodeGen into
    // MsgPackSpec.FrontDoors.g.cs, as every format's that share a shape.
    public static unsafe partial class MsgPackSpec
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeBoolean(ref byte destination, bool value)
        {
            destination = value ? DataCodes.True : DataCodes.False;
            return 1;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeBoolean(ref byte source, int length, out bool value, out int bytesRead)
        {
            value = false;
            if (length <= 0)
            {
                return NeedMoreData(1, out bytesRead);
            }

            // 0xc2 and 0xc3 differ in the lowest bit only.
            uint code = source;
            if ((code | 1) != DataCodes.True)
            {
                return Invalid(ReadStatus.UnexpectedCode, out bytesRead);
            }

            value = code == DataCodes.True;
            bytesRead = 1;
            return ReadStatus.Done;
        }
    }
}
