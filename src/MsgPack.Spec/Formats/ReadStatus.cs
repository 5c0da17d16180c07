namespace MsgPack.Spec
{
    /// <summary>
    /// The result of every decoding core: <see cref="OperationStatus"/>'s first values, then one value per kind of
    /// bad data, so that the <c>Try*</c> front doors map it to <see cref="OperationStatus"/> with one compare and
    /// the throwing front doors can name the exact problem.
    /// </summary>
    internal enum ReadStatus : byte
    {
        Done = OperationStatus.Done,

        /// <summary>A bulk array reader's destination holds fewer elements than the array: the caller's mistake, not bad data.</summary>
        DestinationTooSmall = OperationStatus.DestinationTooSmall,
        NeedMoreData = OperationStatus.NeedMoreData,
        UnexpectedCode = OperationStatus.InvalidData,
        Overflow,
        InvalidUtf8,
        InvalidTimestamp,
    }

    internal static class ReadStatusExtensions
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static OperationStatus ToOperationStatus(this ReadStatus status) =>
            status <= ReadStatus.UnexpectedCode ? (OperationStatus)status : OperationStatus.InvalidData;
    }
}
