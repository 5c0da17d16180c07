using System;
using System.Linq;
using System.Net.Http;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace MsgPack.Spec.AspNetCore.Tests
{
    /// <summary>A real server: Kestrel on 127.0.0.1, a port the system picks, stopped at the test's end.</summary>
    public sealed class Host : IAsyncDisposable
    {
        private readonly WebApplication _app;

        private Host(WebApplication app, Uri address)
        {
            _app = app;
            Address = address;
            Client = new HttpClient { BaseAddress = address, Timeout = TimeSpan.FromSeconds(30) };
        }

        public Uri Address { get; }

        public HttpClient Client { get; }

        public IServiceProvider Services => _app.Services;

        public static async Task<Host> StartAsync(Action<IServiceCollection> services, Action<WebApplication> endpoints)
        {
            WebApplicationBuilder builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = Environments.Production });
            builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
            builder.Logging.ClearProviders();
            services(builder.Services);
            WebApplication app = builder.Build();
            endpoints(app);
            await app.StartAsync();
            string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
            return new Host(app, new Uri(address + "/"));
        }

        public async ValueTask DisposeAsync()
        {
            Client.Dispose();
            await _app.StopAsync();
            await _app.DisposeAsync();
        }
    }
}
