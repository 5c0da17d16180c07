using System.Diagnostics.CodeAnalysis;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.AspNetCore
{
    /// <summary>
    /// A request body read as one value of <typeparamref name="T"/>, or why it could not be: a minimal API handler takes
    /// it as a parameter (it binds itself, <see cref="BindAsync"/>), or gets it from
    /// <see cref="MsgPackHttpExtensions.ReadMsgPackAsync{T}"/>.
    /// </summary>
    /// <remarks>
    /// <code>
    /// app.MapPost("/orders", (MsgPackBody&lt;Order&gt; order) =&gt;
    ///     order.IsValid ? MsgPackResults.Ok(Store(order.Value)) : order.Problem);
    /// </code>
    /// A body that is not <c>application/x-msgpack</c> or <c>application/msgpack</c> is 415; one longer than the limit
    /// (<see cref="MsgPackHttpOptions.MaxBodyLength"/>) 413, answered before it is read whole; an empty one, a malformed
    /// one, one that is not a <typeparamref name="T"/> or has bytes after the value 400. <see cref="Problem"/> answers
    /// with that status and a one-line text/plain reason (the reader's message: what, the member's path, the offset),
    /// never a stack trace.
    /// </remarks>
    /// <typeparam name="T">The value's type: a type of the contract (every <see cref="MsgPackObjectAttribute"/> type).</typeparam>
    public readonly struct MsgPackBody<T>
        where T : IMsgPackSerializable<T>
    {
        private readonly T _value;

        internal MsgPackBody(T value, int statusCode, string? error)
        {
            _value = value;
            StatusCode = statusCode;
            Error = error;
        }

        /// <summary>Whether the body was read: <see cref="Value"/> holds it.</summary>
        [MemberNotNullWhen(false, nameof(Error))]
        public bool IsValid => StatusCode == StatusCodes.Status200OK;

        /// <summary>The value read.</summary>
        /// <exception cref="InvalidOperationException">The body was not read (<see cref="IsValid"/> is <see langword="false"/>).</exception>
        public T Value => IsValid ? _value : throw new InvalidOperationException("The request body was not read: " + Error);

        /// <summary>200 when the body was read; else the status to answer with: 400, 413 or 415.</summary>
        public int StatusCode { get; }

        /// <summary>Why the body was not read (one line, no stack trace); <see langword="null"/> when it was.</summary>
        public string? Error { get; }

        /// <summary>The response for a body that was not read: <see cref="StatusCode"/> and <see cref="Error"/> as text/plain.</summary>
        /// <exception cref="InvalidOperationException">The body was read (there is no problem to answer with).</exception>
        public IResult Problem => IsValid
            ? throw new InvalidOperationException("The request body was read: there is no problem to answer with.")
            : new MsgPackProblemResult(StatusCode, Error ?? "The request body was not read.");

        /// <summary>Minimal API parameter binding: reads the request's body (the options of <c>AddMsgPackHttp</c>, or the defaults).</summary>
        /// <param name="context">The request's context.</param>
        /// <returns>The body, read or not: binding never fails, the handler decides with <see cref="IsValid"/>.</returns>
        public static ValueTask<MsgPackBody<T>> BindAsync(HttpContext context)
        {
            ArgumentNullException.ThrowIfNull(context);
            return context.Request.ReadMsgPackAsync<T>(context.RequestAborted);
        }

        internal static MsgPackHttpOptions GetOptions(HttpContext context) =>
            context.RequestServices?.GetService<IOptions<MsgPackHttpOptions>>()?.Value ?? DefaultOptions.Instance;
    }

    /// <summary>The options of a request whose services have none.</summary>
    internal static class DefaultOptions
    {
        public static readonly MsgPackHttpOptions Instance = new MsgPackHttpOptions();
    }
}
