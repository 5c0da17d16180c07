using System;
using System.Threading.Tasks;
using MessagePack;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.SignalR;

namespace MsgPack.Spec.AspNetCore.Throughput
{
    /// <summary>
    /// MessagePack-CSharp's MVC formatters as its MessagePack.AspNetCoreMvcFormatter package has them (not on this feed):
    /// the body deserialized from the request stream, the result serialized to the response stream, StandardResolver.
    /// </summary>
    public sealed class MpcInputFormatter : InputFormatter
    {
        public MpcInputFormatter() => SupportedMediaTypes.Add(MsgPackMediaTypes.XMsgPack);

        public override async Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context)
        {
            object? value = await MessagePackSerializer.DeserializeAsync(context.ModelType, context.HttpContext.Request.Body, MessagePackSerializerOptions.Standard, context.HttpContext.RequestAborted);
            return await InputFormatterResult.SuccessAsync(value);
        }
    }

    public sealed class MpcOutputFormatter : OutputFormatter
    {
        public MpcOutputFormatter() => SupportedMediaTypes.Add(MsgPackMediaTypes.XMsgPack);

        public override Task WriteResponseBodyAsync(OutputFormatterWriteContext context) =>
            MessagePackSerializer.SerializeAsync(context.ObjectType ?? typeof(object), context.HttpContext.Response.Body, context.Object, MessagePackSerializerOptions.Standard, context.HttpContext.RequestAborted);
    }

    [ApiController]
    [Route("orders")]
    public sealed class OrdersController : ControllerBase
    {
        [HttpPost]
        public Order[] Echo(Order[] orders) => orders;
    }

    public sealed class EchoHub : Hub
    {
        public Order Echo(Order order) => order;

        /// <summary>The whole document (16 orders, 1,787 bytes): an invocation whose arguments are most of its cost.</summary>
        public Order[] EchoAll(Order[] orders) => orders;
    }
}
