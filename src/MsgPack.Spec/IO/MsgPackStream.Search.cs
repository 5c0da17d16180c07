#if NET8_0_OR_GREATER
using System.IO.Pipelines;

namespace MsgPack.Spec.Serialization
{
    public static partial class MsgPackStream
    {
        /// <summary>
        /// What a door does with a scan of the bytes it holds (<paramref name="unread"/>, from the value's start): read the
        /// value, read more bytes, or fail, the same for a stream and a pipe.
        /// </summary>
        /// <param name="status">The scan's status.</param>
        /// <param name="extent">The scan's extent (<see cref="ValueExtentScanner.Scan(ReadOnlySpan{byte}, out long)"/>).</param>
        /// <param name="unread">The bytes held, from the value's start.</param>
        /// <param name="ended">Whether the source has ended: no more bytes will come.</param>
        /// <param name="maxValueLength">The limit.</param>
        /// <returns>Found or NeedRead.</returns>
        internal static ValueSearch JudgeValue<T>(OperationStatus status, long extent, MsgPackReader unread, bool ended, int maxValueLength)
            where T : IMsgPackSerializable<T>
        {
            // Checked before anything waits for the bytes: what the headers announce already passes the limit. A value
            // that arrived whole is held to it too, so that the outcome does not depend on how the bytes were cut.
            if (extent > maxValueLength)
            {
                throw new MsgPackStreamLimitException(extent, maxValueLength);
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

            throw Unreadable<T>(unread);
        }

        /// <summary>As <see cref="JudgeValue{T}"/>, for the header of the array whose items a door reads.</summary>
        /// <param name="unread">The bytes held, from the header's start.</param>
        /// <param name="ended">Whether the source has ended.</param>
        /// <param name="count">Found: the number of items.</param>
        /// <param name="extent">Found: the header's length; NeedRead: the length it needs.</param>
        /// <returns>Found or NeedRead.</returns>
        internal static ValueSearch JudgeArrayHeader(MsgPackReader unread, bool ended, out int count, out int extent)
        {
            ReadStatus status = unread.Peek<ArrayHeaderDecoder, int>(out count, out extent);
            if (status == ReadStatus.Done)
            {
                return ValueSearch.Found;
            }

            if (status == ReadStatus.NeedMoreData && !ended)
            {
                return ValueSearch.NeedRead;
            }

            // The reader's own error on the same bytes: not an array, or the input ends first.
            unread.ReadArrayHeader();
            throw new InvalidOperationException("An array header that did not decode was read.");
        }

        /// <summary>
        /// Throws what the type's reader throws on bytes that are not a whole, valid value: what its span door throws on
        /// them, Path and Offset included.
        /// </summary>
        /// <returns>Nothing in practice: an exception to throw only if neither the type's reader nor Skip did.</returns>
        private static Exception Unreadable<T>(MsgPackReader unread)
            where T : IMsgPackSerializable<T>
        {
            MsgPackReader again = unread;
            T.Read(ref unread);

            // The type's reader returned without reaching the bytes that are missing or wrong (one that stops early):
            // the format's own error for them.
            again.Skip();
            return new InvalidOperationException("A value that did not scan was skipped.");
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

                ValueSearch search;
                try
                {
                    OperationStatus status = _scanner.Scan(buffer, out length);
                    search = JudgeValue<T>(status, length, new MsgPackReader(buffer), result.IsCompleted, _maxValueLength);
                }
                catch
                {
                    // Nothing of a value that cannot be read is consumed.
                    reader.AdvanceTo(buffer.Start, buffer.End);
                    throw;
                }

                return Settle(reader, buffer, search);
            }

            /// <summary>Looks for the header of the array whose items a door reads; Found consumes it.</summary>
            public ValueSearch FindArrayHeader(PipeReader reader, in ReadResult result, out int count)
            {
                ReadOnlySequence<byte> buffer = result.Buffer;
                ThrowIfCanceled(reader, result);
                ValueSearch search;
                int extent;
                try
                {
                    search = JudgeArrayHeader(new MsgPackReader(buffer), result.IsCompleted, out count, out extent);
                }
                catch
                {
                    reader.AdvanceTo(buffer.Start, buffer.End);
                    throw;
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
                    return T.Read(ref valueReader);
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
