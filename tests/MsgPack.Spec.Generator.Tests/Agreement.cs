using System;
using System.Buffers;
using MsgPack.Spec.Fuzzing;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>A generated model's span Read.</summary>
    internal delegate T SpanRead<T>(ReadOnlySpan<byte> source, out int bytesRead);

    /// <summary>A generated model's span TryRead, status only.</summary>
    internal delegate OperationStatus SpanTryRead<T>(ReadOnlySpan<byte> source, out T? value, out int bytesRead);

    /// <summary>A generated model's span TryRead that gives the error.</summary>
    internal delegate OperationStatus SpanTryReadError<T>(ReadOnlySpan<byte> source, out T? value, out int bytesRead, out MsgPackReadError error);

    /// <summary>
    /// The status path's contract, checked on one input: Read throws exactly when TryRead fails; TryRead's status is Done,
    /// or NeedMoreData for a truncation and InvalidData for anything else; the error the TryRead overload gives has the
    /// exception's path, offset, message and cause (type and message); neither TryRead throws a first-chance exception
    /// (nothing is thrown and caught inside); a failed TryRead consumes nothing.
    /// </summary>
    internal static class Agreement
    {
        /// <summary>
        /// Checks <paramref name="input"/>; returns Read's exception (null when it read the value). A model that holds a
        /// converter or a hand-written type without a status read of its own (their Read is called in a try) passes
        /// <paramref name="exceptionFree"/> false: its TryRead may throw and catch inside, only there, and what such a
        /// part throws that is not a <see cref="MsgPackException"/> goes through TryRead as through Read.
        /// </summary>
        public static MsgPackSerializationException? Check<T>(byte[] input, SpanRead<T> read, SpanTryRead<T> tryRead, SpanTryReadError<T> tryReadError, bool exceptionFree = true)
        {
            MsgPackSerializationException? error = null;
            int length = -1;
            try
            {
                read(input, out length);
            }
            catch (MsgPackSerializationException e)
            {
                error = e;
            }
            catch (Exception e) when (!exceptionFree && e is not MsgPackException)
            {
                // A converter's own exception that is not the library's (one that calls a BCL method that throws): it
                // is not bad input the readers judged, and goes through TryRead as through Read.
                Assert.Throws(e.GetType(), () => tryRead(input, out _, out _));
                Assert.Throws(e.GetType(), () => tryReadError(input, out _, out _, out _));
                return null;
            }

            OperationStatus status = OperationStatus.Done;
            OperationStatus detailed = OperationStatus.Done;
            int bytesRead = -1;
            int detailedRead = -1;
            MsgPackReadError readError = default;
            int thrown = FirstChance.During(() =>
            {
                status = tryRead(input, out _, out bytesRead);
                detailed = tryReadError(input, out _, out detailedRead, out readError);
            });
            Assert.True(thrown == 0 || !exceptionFree, $"TryRead threw {thrown} exception(s) inside on {Convert.ToHexString(input)}");
            Assert.True(status == detailed, $"TryRead said {status}, the TryRead with the error {detailed}, on {Convert.ToHexString(input)}");
            if (error is null)
            {
                Assert.Equal(OperationStatus.Done, status);
                Assert.Equal(length, bytesRead);
                Assert.Equal(length, detailedRead);
                Assert.False(readError.Failed);
                return null;
            }

            OperationStatus expected = error.InnerException is MsgPackTruncatedException ? OperationStatus.NeedMoreData : OperationStatus.InvalidData;
            Assert.Equal(expected, status);
            Assert.Equal(0, bytesRead);
            Assert.Equal(0, detailedRead);
            AssertSame(error, readError);
            return error;
        }

        /// <summary>The error says what the exception says: status, path, offset, the whole message, and the cause's type and message.</summary>
        public static void AssertSame(MsgPackSerializationException error, MsgPackReadError readError)
        {
            Assert.True(readError.Failed);
            Assert.Equal(error.Path, readError.Path);
            Assert.Equal(error.Offset, readError.Offset);
            Assert.Equal(error.Message, readError.ToString());
            Assert.Equal(error.InnerException!.Message, readError.Message);
            MsgPackSerializationException again = readError.ToException();
            Assert.Equal(error.Path, again.Path);
            Assert.Equal(error.Offset, again.Offset);
            Assert.Equal(error.Message, again.Message);
            Assert.Equal(error.InnerException.GetType(), again.InnerException!.GetType());
            Assert.Equal(error.InnerException.Message, again.InnerException.Message);
            MsgPackReadErrorKind kind = KindOf(error.InnerException);
            if (kind == MsgPackReadErrorKind.Other)
            {
                // A check of the serializers' own: a plain MsgPackException, whose kind says which.
                Assert.Contains(readError.Kind, new[] { MsgPackReadErrorKind.TooDeep, MsgPackReadErrorKind.MissingMember, MsgPackReadErrorKind.Duplicate, MsgPackReadErrorKind.UnexpectedValue, MsgPackReadErrorKind.Other });
            }
            else
            {
                Assert.Equal(kind, readError.Kind);
            }
        }

        /// <summary>The kind a cause of a library reader has; Other for the serializers' own checks (a plain MsgPackException).</summary>
        private static MsgPackReadErrorKind KindOf(Exception cause) => cause switch
        {
            MsgPackTruncatedException => MsgPackReadErrorKind.Truncated,
            MsgPackUnexpectedCodeException => MsgPackReadErrorKind.UnexpectedCode,
            MsgPackOverflowException => MsgPackReadErrorKind.Overflow,
            MsgPackInvalidUtf8Exception => MsgPackReadErrorKind.InvalidUtf8,
            MsgPackInvalidTimestampException => MsgPackReadErrorKind.InvalidTimestamp,
            _ => MsgPackReadErrorKind.Other,
        };
    }
}
