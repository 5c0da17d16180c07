namespace MsgPack.Spec
{
    // float 32 and float 64: the cores. The span, pointer and Try doors over them are written by
    // tools/MsgPack.Spec.CodeGen into MsgPackSpec.FrontDoors.g.cs, as every format's that share a shape.
    public static unsafe partial class MsgPackSpec
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeSingle(ref byte destination, float value)
        {
            destination = DataCodes.Float32;
            BigEndian.WriteSingle(ref Unsafe.Add(ref destination, 1), value);
            return 5;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int EncodeDouble(ref byte destination, double value)
        {
            destination = DataCodes.Float64;
            BigEndian.WriteDouble(ref Unsafe.Add(ref destination, 1), value);
            return 9;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeSingle(ref byte source, int length, out float value, out int bytesRead)
        {
            value = 0;
            if (length <= 0)
            {
                return NeedMoreData(1, out bytesRead);
            }

            if (source != DataCodes.Float32)
            {
                return Invalid(ReadStatus.UnexpectedCode, out bytesRead);
            }

            if (length < 5)
            {
                return NeedMoreData(5, out bytesRead);
            }

            value = BigEndian.ReadSingle(ref Unsafe.Add(ref source, 1));
            bytesRead = 5;
            return ReadStatus.Done;
        }

        /// <summary>Reads float 64, or float 32 widened (exactly) to double.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadStatus DecodeDouble(ref byte source, int length, out double value, out int bytesRead)
        {
            if (length > 0 && source == DataCodes.Float64)
            {
                if (length < 9)
                {
                    value = 0;
                    return NeedMoreData(9, out bytesRead);
                }

                value = BigEndian.ReadDouble(ref Unsafe.Add(ref source, 1));
                bytesRead = 9;
                return ReadStatus.Done;
            }

            ReadStatus status = DecodeSingle(ref source, length, out float single, out bytesRead);
            value = single;
            return status;
        }
    }
}
