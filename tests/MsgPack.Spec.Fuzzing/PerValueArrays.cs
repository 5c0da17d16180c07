using System;
using System.Buffers;

namespace MsgPack.Spec.Fuzzing
{
    internal delegate OperationStatus OneTry<T>(ReadOnlySpan<byte> source, out T value, out int bytesRead);

    internal delegate int OneWrite<T>(Span<byte> destination, T value);

    /// <summary>
    /// The reference the bulk integer array doors are held to, by MixedWidthArrayTests and by the fuzzer's bulk array
    /// check alike: an array header, then a loop of the per-value writer or reader, one element at a time. (Linked into
    /// the fuzz console projects with the fuzzer's files.)
    /// </summary>
    internal static class PerValueArrays
    {
        /// <summary>The bytes a loop of per-value writes gives for <paramref name="values"/>: the array header, then each value.</summary>
        /// <returns>The bytes written at the start of <paramref name="destination"/>.</returns>
        public static int Write<T>(Span<byte> destination, ReadOnlySpan<T> values, OneWrite<T> writeOne)
        {
            Span<byte> rest = destination.Slice(MsgPackSpec.WriteArrayHeader(destination, values.Length));
            foreach (T value in values)
            {
                rest = rest.Slice(writeOne(rest, value));
            }

            return destination.Length - rest.Length;
        }

        /// <summary>What the bulk Try reader must report: a header read, then a loop of per-value reads.</summary>
        public static OperationStatus TryRead<T>(ReadOnlySpan<byte> source, Span<T> destination, OneTry<T> tryReadOne, out int count, out int bytesRead)
        {
            OperationStatus status = MsgPackSpec.TryReadArrayHeader(source, out int items, out int header);
            if (status != OperationStatus.Done)
            {
                count = status == OperationStatus.NeedMoreData ? 0 : -1;
                bytesRead = status == OperationStatus.NeedMoreData ? header : 0;
                return status;
            }

            if (items > destination.Length)
            {
                count = items;
                bytesRead = 0;
                return OperationStatus.DestinationTooSmall;
            }

            int position = header;
            for (int i = 0; i < items; i++)
            {
                status = tryReadOne(source.Slice(position), out T value, out int read);
                if (status != OperationStatus.Done)
                {
                    // The input length needed counts each element still announced at one byte; past int.MaxValue no
                    // input can hold it, and that is InvalidData.
                    count = i;
                    long needed = (long)position + read + (items - i - 1);
                    bytesRead = status == OperationStatus.NeedMoreData && needed <= int.MaxValue ? (int)needed : 0;
                    return status == OperationStatus.NeedMoreData && needed > int.MaxValue ? OperationStatus.InvalidData : status;
                }

                destination[i] = value;
                position += read;
            }

            count = items;
            bytesRead = position;
            return OperationStatus.Done;
        }
    }
}
