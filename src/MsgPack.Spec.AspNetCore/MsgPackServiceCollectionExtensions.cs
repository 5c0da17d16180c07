using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace MsgPack.Spec.AspNetCore
{
    /// <summary>Registers the MessagePack bodies with the service collection: the minimal API helpers' options, and the MVC formatters.</summary>
    public static class MsgPackServiceCollectionExtensions
    {
        /// <summary>Registers <see cref="MsgPackHttpOptions"/> for the minimal API helpers (<see cref="MsgPackBody{T}"/>).</summary>
        /// <param name="services">The services.</param>
        /// <param name="configure">Sets the options (the limit); <see langword="null"/> for the defaults.</param>
        /// <returns><paramref name="services"/>, for chaining.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="services"/> is <see langword="null"/>.</exception>
        public static IServiceCollection AddMsgPackHttp(this IServiceCollection services, Action<MsgPackHttpOptions>? configure = null)
        {
            ArgumentNullException.ThrowIfNull(services);
            services.AddOptions<MsgPackHttpOptions>();
            if (configure is not null)
            {
                services.Configure(configure);
            }

            return services;
        }

        /// <summary>
        /// Adds the MessagePack input and output formatters to MVC (the output one after the others, so that JSON stays the
        /// default when the client's <c>Accept</c> names no type), with the options of <see cref="AddMsgPackHttp"/>.
        /// </summary>
        /// <param name="builder">MVC's builder (<c>AddControllers()</c>).</param>
        /// <param name="configure">Sets the options: the types the formatters handle (<see cref="MsgPackHttpOptions.Types"/>), the limit.</param>
        /// <returns><paramref name="builder"/>, for chaining.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="builder"/> is <see langword="null"/>.</exception>
        public static IMvcBuilder AddMsgPackFormatters(this IMvcBuilder builder, Action<MsgPackHttpOptions>? configure = null)
        {
            ArgumentNullException.ThrowIfNull(builder);
            builder.Services.AddMsgPackHttp(configure);
            builder.Services.AddOptions<MvcOptions>().Configure<IOptions<MsgPackHttpOptions>>(static (mvc, msgPack) =>
            {
                mvc.InputFormatters.Add(new MsgPackInputFormatter(msgPack.Value));
                mvc.OutputFormatters.Add(new MsgPackOutputFormatter(msgPack.Value));
            });
            return builder;
        }
    }
}
