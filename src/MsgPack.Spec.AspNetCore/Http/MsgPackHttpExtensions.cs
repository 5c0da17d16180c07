using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.AspNetCore
{
    /// <summary>Reads request bodies and writes response bodies of MessagePack, straight from and to the request's and the response's pipes.</summary>
    public static class MsgPackHttpExtensions
    {
        /// <summary>
        /// Reads the request's body as one value of <typeparamref name="T"/> from <see cref="HttpRequest.BodyReader"/>,
        /// with the limit of the options registered by <c>AddMsgPackHttp</c> (or the server's); see
        /// <see cref="MsgPackBody{T}"/> for the statuses of a body that cannot be read.
        /// </summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="request">The request.</param>
        /// <param name="cancellationToken">Cancels the wait for the body.</param>
        /// <returns>The body, read or not; it does not throw for bad input.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="request"/> is <see langword="null"/>.</exception>
        public static async ValueTask<MsgPackBody<T>> ReadMsgPackAsync<T>(this HttpRequest request, CancellationToken cancellationToken = default)
            where T : IMsgPackSerializable<T>
        {
            ArgumentNullException.ThrowIfNull(request);
            if (!MsgPackMediaTypes.IsMsgPack(request.ContentType))
            {
                return new MsgPackBody<T>(default!, StatusCodes.Status415UnsupportedMediaType, MsgPackRequestBody.UnsupportedType(request.ContentType));
            }

            MsgPackHttpOptions options = MsgPackBody<T>.GetOptions(request.HttpContext);
            BodyResult<T> read = await MsgPackRequestBody.ReadAsync(request, SerializableTypeInfo<T>.Instance, options, cancellationToken).ConfigureAwait(false);
            return read.StatusCode == 0
                ? new MsgPackBody<T>(read.Value, StatusCodes.Status200OK, null)
                : new MsgPackBody<T>(default!, read.StatusCode, read.Error);
        }

        /// <summary>
        /// Writes <paramref name="value"/> as the response's body through <see cref="HttpResponse.BodyWriter"/>: the
        /// <c>Content-Type</c> (<c>application/x-msgpack</c> unless one is set) and the exact <c>Content-Length</c>
        /// first, then the bytes straight into the pipe, one flush.
        /// </summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="response">The response.</param>
        /// <param name="value">The value.</param>
        /// <param name="cancellationToken">Cancels the flush.</param>
        /// <returns>The write.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="response"/> or <paramref name="value"/> is <see langword="null"/>.</exception>
        public static Task WriteMsgPackAsync<T>(this HttpResponse response, T value, CancellationToken cancellationToken = default)
            where T : IMsgPackSerializable<T>
        {
            ArgumentNullException.ThrowIfNull(response);
            if (value is null)
            {
                throw new ArgumentNullException(nameof(value));
            }

            return WriteBodyAsync(response, SerializableTypeInfo<T>.Instance, value, cancellationToken);
        }

        /// <summary>The one writer of response bodies, behind the results and the MVC output formatter.</summary>
        internal static Task WriteBodyAsync<T>(HttpResponse response, MsgPackTypeInfo<T> type, T value, CancellationToken cancellationToken)
        {
            response.ContentType ??= MsgPackMediaTypes.XMsgPack;
            response.ContentLength = type.GetLength(value);
            PipeWriter pipe = response.BodyWriter;
            var writer = new MsgPackWriter(pipe);
            type.Write(ref writer, value);
            writer.Flush();
            ValueTask<FlushResult> flush = pipe.FlushAsync(cancellationToken);
            return flush.IsCompletedSuccessfully ? Task.CompletedTask : flush.AsTask();
        }
    }
}
