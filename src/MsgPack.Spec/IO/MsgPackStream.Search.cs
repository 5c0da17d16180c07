#if NET8_0_OR_GREATER
using System.IO.Pipelines;
using System.Runtime.ExceptionServices;

namespace MsgPack.Spec.Serialization
{
    public static partial class MsgPackStream
    {
        /// <summary>
        /// What a door does with a scan of the bytes it holds (<paramref name="unread"/>, from the value's start): read the
        /// value, read more bytes, or fail, the same for a stream and a pipe. Nothing is thrown here: a failure is
        /// handed back, for the door to throw once, after it has settled its source.
        /// </summary>
        /// <param name="status">The scan's status.</param>
        /// <param name="extent">The scan's extent (<see cref="ValueExtentScanner.Scan(ReadOnlySpan{byte}, out long)"/>).</param>
        /// <param name="unread">The bytes held, from the value's start.</param>
        /// <param name="ended">Whether the source has ended: no more bytes will come.</param>
        /// <param name="maxValueLength">The limit.</param>
        /// <param name="error">Failed: the exception to throw.</param>
        /// <returns>Found, NeedRead or Failed.</returns>
        internal static ValueSearch JudgeValue<T>(OperationStatus status, long extent, MsgPackReader unread, bool ended, int maxValueLength, out Exception? error)
            where T : IMsgPackSerializable<T>
        {
            error = null;

            // Checked before anything waits for the bytes: what the headers announce already passes the limit. A value
            // that arrived whole is held to it too, so that the outcome does not depend on how the bytes were cut.
            if (extent > maxValueLength)
            {
                error = new MsgPackStreamLimitException(extent, maxValueLength);
                return ValueSearch.Failed;
            }

            if (status == OperationStatus.Done)
            {
                return ValueSearch.Found;
            }

            // A value that is not valid (0xc1) waits too, for the bytes its headers promise before the bad token, but
            // no more: the type's reader checks claimed counts against the bytes left, and must see what it would see
            // in the whole input for its error to be the span door's.
            if (!ended && extent > unread.Remaining)
            {
                return ValueSearch.NeedRead;
            }

            error = Unreadable<T>(unread);
            return ValueSearch.Failed;
        }

        /// <summary>As <see cref="JudgeValue{T}"/>, for the header of the array whose items a door reads.</summary>
        /// <param name="unread">The bytes held, from the header's start.</param>
        /// <param name="ended">Whether the source has ended.</param>
        /// <param name="count">Found: the number of items.</param>
        /// <param name="extent">Found: the header's length; NeedRead: the length it needs.</param>
        /// <param name="error">Failed: the exception to throw, the reader's own for the header.</param>
        /// <returns>Found, NeedRead or Failed.</returns>
        internal static ValueSearch JudgeArrayHeader(MsgPackReader unread, bool ended, out int count, out int extent, out Exception? error)
        {
            error = null;
            ReadStatus status = unread.Peek<ArrayHeaderDecoder, int>(out count, out extent);
            if (status == ReadStatus.Done)
            {
                return ValueSearch.Found;
            }

            if (status == ReadStatus.NeedMoreData && !ended)
            {
                return ValueSearch.NeedRead;
            }

            // The reader's own error on the same bytes (not an array, or the input ends first), recorded, not thrown.
            var failure = default(MsgPackReadFailure);
            MsgPackCursor cursor = unread.GetCursor();
            error = MsgPackSerialization.TryReadArrayHeader(ref cursor, ref unread, out _, ref failure)
                ? new InvalidOperationException("An array header that did not decode was read.")
                : failure.TakeCause();
            return ValueSearch.Failed;
        }

        /// <summary>
        /// Reads a value the door found whole through the type's status read, and throws once if it fails: what
        /// <c>T.Read</c> throws on the same bytes (a generated type's <see cref="MsgPackSerializationException"/>, or the
        /// exception a hand-written type's own <c>Read</c> threw), without an exception inside a generated type's read.
        /// </summary>
        internal static T ReadValue<T>(ref MsgPackReader reader)
            where T : IMsgPackSerializable<T>
        {
            var failure = default(MsgPackReadFailure);
            OperationStatus status = T.TryRead(ref reader, 0, out T value, ref failure);
            if (status != OperationStatus.Done)
            {
                ExceptionDispatchInfo.Throw(failure.TakeReadException(status));
            }

            return value;
        }

        /// <summary>
        /// The exception the type's reader gives for bytes that are not a whole, valid value: what its span door throws on
        /// them, Path and Offset included; found through its status read, not thrown.
        /// </summary>
        private static Exception Unreadable<T>(MsgPackReader unread)
            where T : IMsgPackSerializable<T>
        {
            MsgPackReader again = unread;
            var failure = default(MsgPackReadFailure);
            OperationStatus status = T.TryRead(ref unread, 0, out _, ref failure);
            if (status != OperationStatus.Done)
            {
                return failure.TakeReadException(status);
            }

            // The type's reader returned without reaching the bytes that are missing or wrong (one that stops early):
            // the format's own error for them, as Skip throws it.
            failure = default;
            MsgPackCursor cursor = again.GetCursor();
            return MsgPackSerialization.TrySkip(ref cursor, ref again, ref failure)
                ? new InvalidOperationException("A value that did not scan was skipped.")
                : failure.TakeCause();
        }

        /// <summary>
        /// The state of a pipe door between reads: the scan of the value it looks for, and how much of the pipe's buffer it
        /// has told the pipe it examined (a later <see cref="PipeReader.AdvanceTo(SequencePosition, SequencePosition)"/>
        /// may not examine less).
        /// </summary>
        private struct PipeValueSearch
        {
            private readonly int _maxValueLength;
            private ValueExtentScanner _scanner;
            private long _examined; // bytes from the buffer's start

            public PipeValueSearch(MsgPackStreamOptions options)
            {
                _maxValueLength = options.MaxValueLength;
                _scanner = default;
                _examined = 0;
            }

            /// <summary>
            /// Looks for the next value in what <paramref name="result"/> holds. Unless it is Found, the buffer is handed
            /// back: examined to its end when more bytes are needed, so that the next read waits for them.
            /// </summary>
            public ValueSearch FindValue<T>(PipeReader reader, in ReadResult result, bool endAllowed, out long length)
                where T : IMsgPackSerializable<T>
            {
                ReadOnlySequence<byte> buffer = result.Buffer;
                ThrowIfCanceled(reader, result);
                if (buffer.IsEmpty && result.IsCompleted && endAllowed)
                {
                    reader.AdvanceTo(buffer.End);
                    length = 0;
                    return ValueSearch.End;
                }

                OperationStatus status = _scanner.Scan(buffer, out length);
                ValueSearch search = JudgeValue<T>(status, length, new MsgPackReader(buffer), result.IsCompleted, _maxValueLength, out Exception? error);
                if (error is not null)
                {
                    // Nothing of a value that cannot be read is consumed; then the one throw.
                    reader.AdvanceTo(buffer.Start, buffer.End);
                    ExceptionDispatchInfo.Throw(error);
                }

                return Settle(reader, buffer, search);
            }

            /// <summary>Looks for the header of the array whose items a door reads; Found consumes it.</summary>
            public ValueSearch FindArrayHeader(PipeReader reader, in ReadResult result, out int count)
            {
                ReadOnlySequence<byte> buffer = result.Buffer;
                ThrowIfCanceled(reader, result);
                ValueSearch search = JudgeArrayHeader(new MsgPackReader(buffer), result.IsCompleted, out count, out int extent, out Exception? error);
                if (error is not null)
                {
                    reader.AdvanceTo(buffer.Start, buffer.End);
                    ExceptionDispatchInfo.Throw(error);
                }

                if (search == ValueSearch.Found)
                {
                    reader.AdvanceTo(buffer.GetPosition(extent));
                }

                return Settle(reader, buffer, search);
            }

            /// <summary>
            /// Reads the value <see cref="FindValue{T}"/> found, then consumes exactly its bytes (also when the type's
            /// reader rejects them): what follows stays in the pipe, and the next read returns it at once.
            /// </summary>
            public static T Read<T>(PipeReader reader, in ReadOnlySequence<byte> buffer, long length)
                where T : IMsgPackSerializable<T>
            {
                ReadOnlySequence<byte> value = buffer.Slice(0, length);
                try
                {
                    var valueReader = new MsgPackReader(value);
                    return ReadValue<T>(ref valueReader);
                }
                finally
                {
                    // After the read: the pipe may reuse the memory of what is consumed.
                    reader.AdvanceTo(value.End);
                }
            }

            /// <summary>
            /// Unless the value (or header) was found, hands the buffer back all examined, so that the next read waits for
            /// bytes that were not there; once it was, the next buffer starts after it, with nothing examined yet.
            /// </summary>
            private ValueSearch Settle(PipeReader reader, in ReadOnlySequence<byte> buffer, ValueSearch search)
            {
                if (search == ValueSearch.NeedRead)
                {
                    reader.AdvanceTo(buffer.Start, buffer.End);
                    _examined = buffer.Length;
                }
                else
                {
                    _examined = 0;
                }

                return search;
            }

            private readonly void ThrowIfCanceled(PipeReader reader, in ReadResult result)
            {
                if (result.IsCanceled)
                {
                    // Examined no further than before: complete values the buffer may hold are read by the next read at once.
                    reader.AdvanceTo(result.Buffer.Start, result.Buffer.GetPosition(_examined));
                    throw new OperationCanceledException("PipeReader.CancelPendingRead canceled the read.");
                }
            }
        }
    }
}
#endif
