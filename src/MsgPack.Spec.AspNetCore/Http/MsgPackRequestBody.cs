using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;

namespace MsgPack.Spec.AspNetCore
{
    /// <summary>
    /// The one reader of request bodies, behind the minimal API helpers and the MVC input formatter: the body is taken
    /// from the request's <see cref="PipeReader"/> into the pipe's own buffers (nothing is copied) until it ends or passes
    /// the limit, then read as one value that must take every byte.
    /// </summary>
    internal static class MsgPackRequestBody
    {
        /// <summary>Reads the body as one value of the entry's type.</summary>
        public static async ValueTask<BodyResult<T>> ReadAsync<T>(HttpRequest request, MsgPackTypeInfo<T> type, MsgPackHttpOptions options, CancellationToken cancellationToken)
        {
            long limit = GetLimit(request.HttpContext, options);
            if (request.ContentLength is long declared && declared > limit)
            {
                return BodyResult<T>.Fail(StatusCodes.Status413PayloadTooLarge, TooLarge(limit));
            }

            PipeReader reader = request.BodyReader;
            ReadResult result;
            try
            {
                while (true)
                {
                    result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
                    if (result.Buffer.Length > limit)
                    {
                        reader.AdvanceTo(result.Buffer.End);
                        return BodyResult<T>.Fail(StatusCodes.Status413PayloadTooLarge, TooLarge(limit));
                    }

                    if (result.IsCompleted)
                    {
                        break;
                    }

                    if (result.IsCanceled)
                    {
                        reader.AdvanceTo(result.Buffer.Start);
                        throw new OperationCanceledException("The read of the request body was canceled.");
                    }

                    // Nothing consumed, everything examined: the next read returns once more bytes have arrived.
                    reader.AdvanceTo(result.Buffer.Start, result.Buffer.End);
                }
            }
            catch (BadHttpRequestException exception)
            {
                // The server's own limit (413), or a body cut short by the client (400): its status, its message.
                return BodyResult<T>.Fail(exception.StatusCode, exception.Message);
            }

            try
            {
                return Parse(result.Buffer, type);
            }
            finally
            {
                reader.AdvanceTo(result.Buffer.End);
            }
        }

        /// <summary>The whole body as one value: no bytes before it is an error, and so is any byte after it.</summary>
        private static BodyResult<T> Parse<T>(ReadOnlySequence<byte> body, MsgPackTypeInfo<T> type)
        {
            if (body.IsEmpty)
            {
                return BodyResult<T>.Fail(StatusCodes.Status400BadRequest, "The request body is empty: a MessagePack value was expected.");
            }

            try
            {
                var reader = new MsgPackReader(body);
                T value = type.Read(ref reader);
                if (!reader.End)
                {
                    return BodyResult<T>.Fail(
                        StatusCodes.Status400BadRequest,
                        "The request body holds " + reader.Remaining + " bytes after the MessagePack value (at offset " + reader.Consumed + "): one value was expected.");
                }

                return BodyResult<T>.Ok(value);
            }
            catch (MsgPackException exception)
            {
                // The message says what and where (the member's path and the offset); the stack trace stays on the server.
                return BodyResult<T>.Fail(StatusCodes.Status400BadRequest, "The request body is not a valid " + type.Type.Name + ": " + exception.Message);
            }
        }

        /// <summary>The limit in force: the option (which then becomes the server's limit for this request), else the server's, else the default.</summary>
        internal static long GetLimit(HttpContext context, MsgPackHttpOptions options)
        {
            IHttpMaxRequestBodySizeFeature? feature = context.Features.Get<IHttpMaxRequestBodySizeFeature>();
            if (options.MaxBodyLength is long chosen)
            {
                if (feature is { IsReadOnly: false })
                {
                    feature.MaxRequestBodySize = chosen;
                }

                return chosen;
            }

            return feature?.MaxRequestBodySize is long server ? Math.Min(server, int.MaxValue) : MsgPackHttpOptions.DefaultMaxBodyLength;
        }

        internal static string TooLarge(long limit) => "The request body is longer than the limit of " + limit + " bytes.";

        internal static string UnsupportedType(string? contentType) =>
            "The request's Content-Type is " + (contentType is null ? "missing" : "'" + contentType + "'") + ": " + MsgPackMediaTypes.XMsgPack + " or " + MsgPackMediaTypes.MsgPack + " was expected.";
    }

    /// <summary>A value read from a body, or the status and message of why not.</summary>
    internal readonly struct BodyResult<T>
    {
        private BodyResult(T value, int statusCode, string? error)
        {
            Value = value;
            StatusCode = statusCode;
            Error = error;
        }

        public T Value { get; }

        /// <summary>0 when the value was read; else 400, 413 or 415.</summary>
        public int StatusCode { get; }

        public string? Error { get; }

        public static BodyResult<T> Ok(T value) => new BodyResult<T>(value, 0, null);

        public static BodyResult<T> Fail(int statusCode, string error) => new BodyResult<T>(default!, statusCode, error);
    }
}
