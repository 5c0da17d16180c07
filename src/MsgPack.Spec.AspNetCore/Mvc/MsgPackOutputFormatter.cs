using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;

namespace MsgPack.Spec.AspNetCore
{
    /// <summary>
    /// Writes MVC action results as <c>application/x-msgpack</c> (or <c>application/msgpack</c> when the client asks for
    /// it) for the types of the options' registry (<see cref="MsgPackHttpOptions.Types"/>), straight into the response's
    /// pipe with the exact <c>Content-Length</c>.
    /// </summary>
    public sealed class MsgPackOutputFormatter : OutputFormatter
    {
        private readonly MsgPackHttpOptions _options;

        /// <summary>Creates the formatter.</summary>
        /// <param name="options">The types.</param>
        /// <exception cref="ArgumentNullException"><paramref name="options"/> is <see langword="null"/>.</exception>
        public MsgPackOutputFormatter(MsgPackHttpOptions options)
        {
            ArgumentNullException.ThrowIfNull(options);
            _options = options;
            SupportedMediaTypes.Add(MsgPackMediaTypes.XMsgPack);
            SupportedMediaTypes.Add(MsgPackMediaTypes.MsgPack);
        }

        /// <inheritdoc/>
        protected override bool CanWriteType(Type? type) => type is not null && _options.Types.Contains(type);

        /// <inheritdoc/>
        public override Task WriteResponseBodyAsync(OutputFormatterWriteContext context)
        {
            ArgumentNullException.ThrowIfNull(context);

            // The value's own type when it is registered (a derived type written whole), else the declared one.
            Type type = context.Object is not null && _options.Types.Contains(context.Object.GetType())
                ? context.Object.GetType()
                : context.ObjectType ?? typeof(object);
            HttpResponse response = context.HttpContext.Response;
            return MsgPackHttpExtensions.WriteBodyAsync(response, new BoxedTypeInfo(_options.Types.Get(type)), context.Object, context.HttpContext.RequestAborted);
        }
    }
}
