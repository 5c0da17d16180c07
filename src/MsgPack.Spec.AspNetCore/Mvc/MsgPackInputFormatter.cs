using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;

namespace MsgPack.Spec.AspNetCore
{
    /// <summary>
    /// Reads MVC action bodies of <c>application/x-msgpack</c> and <c>application/msgpack</c> for the types of the
    /// options' registry (<see cref="MsgPackHttpOptions.Types"/>), from the request's pipe, as the minimal API helpers do.
    /// </summary>
    /// <remarks>
    /// A malformed body, or one that is not the action's type, fails model binding with the reader's message (an
    /// <c>[ApiController]</c> answers 400 with it); a body over the limit throws
    /// <see cref="BadHttpRequestException"/> with 413, which the server answers as it answers its own limit. MVC itself
    /// is not native-AOT compatible; the minimal API helpers are.
    /// </remarks>
    public sealed class MsgPackInputFormatter : InputFormatter
    {
        private readonly MsgPackHttpOptions _options;

        /// <summary>Creates the formatter.</summary>
        /// <param name="options">The limit and the types.</param>
        /// <exception cref="ArgumentNullException"><paramref name="options"/> is <see langword="null"/>.</exception>
        public MsgPackInputFormatter(MsgPackHttpOptions options)
        {
            ArgumentNullException.ThrowIfNull(options);
            _options = options;
            SupportedMediaTypes.Add(MsgPackMediaTypes.XMsgPack);
            SupportedMediaTypes.Add(MsgPackMediaTypes.MsgPack);
        }

        /// <inheritdoc/>
        protected override bool CanReadType(Type type) => _options.Types.Contains(type);

        /// <inheritdoc/>
        public override async Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context)
        {
            ArgumentNullException.ThrowIfNull(context);
            MsgPackTypeInfo type = _options.Types.Get(context.ModelType);
            HttpRequest request = context.HttpContext.Request;
            BodyResult<object?> read = await MsgPackRequestBody.ReadAsync(request, new BoxedTypeInfo(type), _options, context.HttpContext.RequestAborted).ConfigureAwait(false);
            if (read.StatusCode == 0)
            {
                return read.Value is null && !context.TreatEmptyInputAsDefaultValue
                    ? InputFormatterResult.NoValue()
                    : InputFormatterResult.Success(read.Value);
            }

            if (read.StatusCode == StatusCodes.Status413PayloadTooLarge)
            {
                throw new BadHttpRequestException(read.Error!, read.StatusCode);
            }

            context.ModelState.TryAddModelError(context.ModelName, read.Error!);
            return InputFormatterResult.Failure();
        }
    }
}
