using System.ComponentModel;

namespace MsgPack.Spec.Serialization
{
    /// <summary>
    /// Where a status read (the <c>TryRead</c> of <c>IMsgPackSerializable&lt;T&gt;</c> and <see cref="IMsgPackConverter{T}"/>,
    /// and every generated reader) records why it failed: passed by reference from the outermost reader
    /// to the innermost, as System.Text.Json passes its read state. The reader that fails records the failure (what,
    /// where); each reader it passes on the way out adds its member's name or its element's index; the outermost door
    /// reads it: <c>Read</c> throws it as the <see cref="MsgPackSerializationException"/> it describes, <c>TryRead</c>
    /// returns its <see cref="Status"/>, or gives it as a <see cref="MsgPackReadError"/>.
    /// </summary>
    /// <remarks>
    /// <para>
    /// <b>Cost.</b> Nothing while nothing fails: the struct is one reference and a status, and no reader touches it on
    /// the valid path. A failure records values (no exception, no string): its details live in an object kept per
    /// thread and reused, which a generated door gives back once it has read them, so that a failed read allocates
    /// nothing. A failure made with <see cref="WithoutDetails"/> records only its status (what a plain <c>TryRead</c>
    /// needs).
    /// </para>
    /// <para>
    /// <b>By hand.</b> A type that implements <c>TryRead</c> itself reports a failure with <see cref="Fail(MsgPackException, long)"/>
    /// (or returns a status from a read of its own that failed with this failure), and passes the failure to the readers it
    /// calls. Start with <c>default</c>; read <see cref="Status"/>, <see cref="Offset"/>, <see cref="Path"/> or
    /// <see cref="ToException"/> after a read that did not return Done.
    /// </para>
    /// </remarks>
    public struct MsgPackReadFailure
    {
        private ReadFailureDetails? _details;
        private OperationStatus _status;
        private bool _withoutDetails;

        /// <summary>A failure that records only its status: for a read whose caller wants no more than Done, NeedMoreData or InvalidData.</summary>
        /// <returns>The failure to pass.</returns>
        public static MsgPackReadFailure WithoutDetails() => new MsgPackReadFailure { _withoutDetails = true };

        /// <summary>Done while nothing failed; NeedMoreData when the input ends inside the value; InvalidData for anything else.</summary>
        public readonly OperationStatus Status => _status;

        /// <summary>Whether a read failed.</summary>
        public readonly bool Failed => _status != OperationStatus.Done;

        /// <summary>
        /// Bytes from the reader's start to the failure: the failing value's start (for a value judged after it was read,
        /// its start too; for a missing member, the end of its object). 0 when nothing failed or details were not kept.
        /// </summary>
        public readonly long Offset => _details?.Offset ?? 0;

        /// <summary>The failing member's path from the outermost value (<c>$.Lines[2].Price</c>): formatted on each call. <c>$</c> when nothing failed or details were not kept.</summary>
        public readonly string Path => _details?.FormatPath() ?? "$";

        /// <summary>The exception a generated <c>Read</c> throws for this failure: its <see cref="MsgPackSerializationException.Path"/>, <see cref="MsgPackSerializationException.Offset"/> and cause.</summary>
        /// <returns>The exception, new on each call.</returns>
        /// <exception cref="InvalidOperationException">Nothing failed.</exception>
        public readonly MsgPackSerializationException ToException()
        {
            if (!Failed)
            {
                ThrowHelper.ThrowInvalidOperation("Nothing failed: there is no exception to make.");
            }

            return _details is null
                ? MsgPackSerializationException.FromFailure("$", 0, new MsgPackException("The read failed (its details were not kept)."))
                : MsgPackSerializationException.FromFailure(_details.FormatPath(), _details.Offset, _details.CreateCause());
        }

        /// <summary>The failure as a value that keeps its details (<see cref="MsgPackReadError"/>); default when nothing failed.</summary>
        /// <returns>The error.</returns>
        public readonly MsgPackReadError ToError() => Failed ? new MsgPackReadError(_status, _details) : default;

        /// <summary>The failure's text, as a generated <c>Read</c>'s exception's message: formatted on each call.</summary>
        /// <returns>The text; "Done" when nothing failed.</returns>
        public readonly override string ToString() => Failed ? ToException().Message : nameof(OperationStatus.Done);

        /// <summary>
        /// Records an exception that a read threw as this failure (what a status read that calls a throwing one does):
        /// a <see cref="MsgPackSerializationException"/> with its path and offset, else the exception at
        /// <paramref name="offset"/>.
        /// </summary>
        /// <param name="exception">The exception.</param>
        /// <param name="offset">Where the reader stood when it was thrown (its <see cref="MsgPackReader.Consumed"/>).</param>
        /// <returns>The status: NeedMoreData for a truncation, else InvalidData.</returns>
        public OperationStatus Fail(MsgPackException exception, long offset)
        {
            if (exception is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(exception));
            }

            MsgPackException cause = exception is MsgPackSerializationException wrapped ? wrapped.Cause : exception;
            ReadFailureDetails? details = Begin(cause is MsgPackTruncatedException ? OperationStatus.NeedMoreData : OperationStatus.InvalidData);
            if (details is not null)
            {
                details.Reason = FailureReason.Exception;
                details.Exception = cause;
                if (exception is MsgPackSerializationException outer)
                {
                    details.Offset = outer.Offset;
                    if (outer.Path.Length > 1)
                    {
                        details.Push(PathSegment.OfPath(outer.Path.Substring(1)));
                    }
                }
                else
                {
                    details.Offset = exception.SerializationOffset >= 0 ? exception.SerializationOffset : offset;
                    if (!string.IsNullOrEmpty(exception.SerializationPath))
                    {
                        details.Push(PathSegment.OfPath(exception.SerializationPath!));
                    }
                }
            }

            return _status;
        }

        /// <summary>
        /// As <see cref="Fail(MsgPackException, long)"/>, for the exception a value's whole <c>Read</c> threw at depth 0
        /// (the default status read of the contracts): kept as it was, for a door that throws what <c>Read</c> throws.
        /// </summary>
        internal OperationStatus FailWhole(MsgPackException exception, long offset)
        {
            OperationStatus status = Fail(exception, offset);
            if (_details is not null)
            {
                _details.Thrown = exception;
            }

            return status;
        }

        /// <summary>
        /// The exception to throw for this failure where <c>Read</c>'s is wanted: the one a hand-written type's own
        /// <c>Read</c> threw (<see cref="FailWhole"/>), else <see cref="ToException"/>. The details go back to the
        /// thread's pool. A read that said it failed but recorded nothing gives the exception of its status.
        /// </summary>
        /// <param name="status">What the read returned (not Done).</param>
        internal Exception TakeReadException(OperationStatus status)
        {
            Ensure(status);
            Exception exception = _details?.Thrown ?? ToException();
            Release();
            return exception;
        }

        /// <summary>
        /// The exception the library's own read throws for this failure, without the path (what <c>reader.Skip()</c> or
        /// <c>reader.ReadArrayHeader()</c> throws where the failure was recorded). The details go back to the thread's pool.
        /// </summary>
        internal MsgPackException TakeCause()
        {
            MsgPackException cause = _details?.CreateCause() ?? new MsgPackException("The read failed (its details were not kept).");
            Release();
            return cause;
        }

        /// <summary>Adds the name of the member whose reader the failure passes (nothing for an empty name: the object's own header or key).</summary>
        /// <param name="member">The member's name.</param>
        [EditorBrowsable(EditorBrowsableState.Never)]
        public void InMember(string member)
        {
            if (_details is not null && member.Length != 0)
            {
                _details.Push(PathSegment.OfMember(member));
            }
        }

        /// <summary>Adds the index of the element (or map entry) whose reader the failure passes.</summary>
        /// <param name="index">The element's index.</param>
        [EditorBrowsable(EditorBrowsableState.Never)]
        public void AtIndex(int index) => _details?.Push(PathSegment.OfIndex(index));

        /// <summary>A read that says it failed but recorded nothing (a hand-written status read): its status, without details.</summary>
        internal void Ensure(OperationStatus status)
        {
            if (_status == OperationStatus.Done)
            {
                _status = status == OperationStatus.NeedMoreData ? status : OperationStatus.InvalidData;
                if (!_withoutDetails)
                {
                    _details ??= ReadFailureDetails.Rent();
                    _details.Clear();
                }
            }
        }

        /// <summary>
        /// A read that succeeded after this failure was recorded and handled (the failure reused): the status says Done
        /// again, for the reads that tell their outcome by it (MsgPackCursor's status read). The details stay for reuse.
        /// </summary>
        internal void ClearStatus() => _status = OperationStatus.Done;

        /// <summary>Whether a failure records its details (false for <see cref="WithoutDetails"/>).</summary>
        internal readonly bool KeepsDetails => !_withoutDetails;

        /// <summary>Records a failure of a failure that keeps no details: its status (NeedMoreData, else InvalidData), nothing more.</summary>
        /// <returns><see langword="false"/>, for the caller to return.</returns>
        internal bool FailWithoutDetails(OperationStatus status)
        {
            _status = status == OperationStatus.NeedMoreData ? status : OperationStatus.InvalidData;
            return false;
        }

        /// <summary>Starts a failure: its status, and the details to fill in (null when none are kept).</summary>
        internal ReadFailureDetails? Begin(OperationStatus status)
        {
            _status = status;
            if (_withoutDetails)
            {
                return null;
            }

            // A rented object comes clean (Return clears it); one this failure holds already is cleared for the new failure.
            ReadFailureDetails? details = _details;
            if (details is null)
            {
                return _details = ReadFailureDetails.Rent();
            }

            details.Clear();
            return details;
        }

        /// <summary>Starts a failure of a reason without arguments at <paramref name="offset"/>.</summary>
        internal bool Set(FailureReason reason, long offset, string? text = null, long number = 0)
        {
            ReadFailureDetails? details = Begin(reason == FailureReason.CountExceedsInput ? OperationStatus.NeedMoreData : OperationStatus.InvalidData);
            if (details is not null)
            {
                details.Reason = reason;
                details.Offset = offset;
                details.Text = text;
                details.Number = number;
            }

            return false;
        }

        /// <summary>Starts the failure of a read of the library: the values its throwing twin makes its exception of.</summary>
        internal bool SetRead(ReadStatus status, int firstByte, long bytesNeeded, long bytesAvailable, string expected, long offset)
        {
            ReadFailureDetails? details = Begin(status.ToOperationStatus());
            if (details is not null)
            {
                details.Reason = FailureReason.Read;
                details.Status = status;
                details.FirstByte = firstByte;
                details.BytesNeeded = bytesNeeded;
                details.BytesAvailable = bytesAvailable;
                details.Text = expected;
                details.Offset = offset;
            }

            return false;
        }

        /// <summary>The details, for the door that reads them and gives them back (<see cref="Release"/>).</summary>
        internal readonly ReadFailureDetails? Details => _details;

        /// <summary>Gives the details back to the thread's pool: the failure is read and done with.</summary>
        internal void Release()
        {
            if (_details is not null)
            {
                ReadFailureDetails.Return(_details);
                _details = null;
            }
        }
    }
}
