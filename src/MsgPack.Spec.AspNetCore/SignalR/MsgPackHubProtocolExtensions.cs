using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace MsgPack.Spec.AspNetCore
{
    /// <summary>Registers <see cref="MsgPackHubProtocol"/> with a SignalR server (<c>AddSignalR()</c>) or client (<c>HubConnectionBuilder</c>).</summary>
    public static class MsgPackHubProtocolExtensions
    {
        /// <summary>
        /// Registers the MessagePack hub protocol of MsgPack.Spec, named "messagepack" as the official one (register one
        /// of the two, not both), with the types its hub methods use.
        /// </summary>
        /// <typeparam name="TBuilder">The builder: the server's <c>ISignalRServerBuilder</c> or the client's <c>IHubConnectionBuilder</c>.</typeparam>
        /// <param name="builder">The builder.</param>
        /// <param name="configure">Registers the types: <c>options =&gt; options.Types.Add&lt;Order&gt;()</c>.</param>
        /// <returns><paramref name="builder"/>, for chaining.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="builder"/> is <see langword="null"/>.</exception>
        public static TBuilder AddMsgPackProtocol<TBuilder>(this TBuilder builder, Action<MsgPackHubProtocolOptions>? configure = null)
            where TBuilder : ISignalRBuilder
        {
            ArgumentNullException.ThrowIfNull(builder);
            builder.Services.TryAddEnumerable(ServiceDescriptor.Singleton<IHubProtocol, MsgPackHubProtocol>());
            if (configure is not null)
            {
                builder.Services.Configure(configure);
            }

            return builder;
        }
    }
}
