using System.Text;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.AspNetCore
{
    /// <summary>Results of minimal API handlers that answer with a MessagePack body.</summary>
    public static class MsgPackResults
    {
        /// <summary>200 with <paramref name="value"/> as the body (<c>application/x-msgpack</c>).</summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="value">The value.</param>
        /// <returns>The result.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="value"/> is <see langword="null"/>.</exception>
        public static MsgPackHttpResult<T> Ok<T>(T value)
            where T : IMsgPackSerializable<T> => new MsgPackHttpResult<T>(value, StatusCodes.Status200OK);

        /// <summary>A status of your choice with <paramref name="value"/> as the body.</summary>
        /// <typeparam name="T">The value's type.</typeparam>
        /// <param name="statusCode">The status code (201 for a value created, for instance).</param>
        /// <param name="value">The value.</param>
        /// <returns>The result.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="value"/> is <see langword="null"/>.</exception>
        public static MsgPackHttpResult<T> Value<T>(int statusCode, T value)
            where T : IMsgPackSerializable<T> => new MsgPackHttpResult<T>(value, statusCode);
    }

    /// <summary>A response whose body is one MessagePack value, written straight into the response's pipe with its exact <c>Content-Length</c>.</summary>
    /// <typeparam name="T">The value's type.</typeparam>
    public sealed class MsgPackHttpResult<T> : IResult, IStatusCodeHttpResult, IValueHttpResult, IValueHttpResult<T>, IContentTypeHttpResult
        where T : IMsgPackSerializable<T>
    {
        internal MsgPackHttpResult(T value, int statusCode)
        {
            if (value is null)
            {
                throw new ArgumentNullException(nameof(value));
            }

            Value = value;
            StatusCode = statusCode;
        }

        /// <summary>The value written as the body.</summary>
        public T Value { get; }

        /// <summary>The status code.</summary>
        public int StatusCode { get; }

        /// <summary>Always <see cref="MsgPackMediaTypes.XMsgPack"/>.</summary>
        public string ContentType => MsgPackMediaTypes.XMsgPack;

        int? IStatusCodeHttpResult.StatusCode => StatusCode;

        object? IValueHttpResult.Value => Value;

        /// <inheritdoc/>
        public Task ExecuteAsync(HttpContext httpContext)
        {
            ArgumentNullException.ThrowIfNull(httpContext);
            httpContext.Response.StatusCode = StatusCode;
            httpContext.Response.ContentType = MsgPackMediaTypes.XMsgPack;
            return MsgPackHttpExtensions.WriteBodyAsync(httpContext.Response, SerializableTypeInfo<T>.Instance, Value, httpContext.RequestAborted);
        }
    }

    /// <summary>The answer to a body that could not be read: its status and one line of text/plain, never a stack trace.</summary>
    internal sealed class MsgPackProblemResult : IResult, IStatusCodeHttpResult, IContentTypeHttpResult
    {
        private readonly string _message;

        public MsgPackProblemResult(int statusCode, string message)
        {
            StatusCode = statusCode;
            _message = message;
        }

        public int StatusCode { get; }

        public string ContentType => "text/plain; charset=utf-8";

        int? IStatusCodeHttpResult.StatusCode => StatusCode;

        public Task ExecuteAsync(HttpContext httpContext)
        {
            httpContext.Response.StatusCode = StatusCode;
            httpContext.Response.ContentType = ContentType;
            byte[] text = Encoding.UTF8.GetBytes(_message);
            httpContext.Response.ContentLength = text.Length;
            return httpContext.Response.Body.WriteAsync(text, 0, text.Length, httpContext.RequestAborted);
        }
    }
}
