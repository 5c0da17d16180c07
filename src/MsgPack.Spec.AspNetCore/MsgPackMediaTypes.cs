using Microsoft.Net.Http.Headers;

namespace MsgPack.Spec.AspNetCore
{
    /// <summary>The media types of MessagePack bodies: both are read; responses are written as <see cref="XMsgPack"/> unless the client asked for the other.</summary>
    public static class MsgPackMediaTypes
    {
        /// <summary><c>application/x-msgpack</c>: the type most clients and servers send.</summary>
        public const string XMsgPack = "application/x-msgpack";

        /// <summary><c>application/msgpack</c>: the name without the <c>x-</c> prefix, which some clients send.</summary>
        public const string MsgPack = "application/msgpack";

        /// <summary>Whether a <c>Content-Type</c> header names one of the two types (any parameters, any case).</summary>
        /// <param name="contentType">The header's value; <see langword="null"/> when there is none.</param>
        /// <returns><see langword="true"/> for <see cref="XMsgPack"/> or <see cref="MsgPack"/>.</returns>
        public static bool IsMsgPack(string? contentType)
        {
            if (contentType is null || !MediaTypeHeaderValue.TryParse(contentType, out MediaTypeHeaderValue? parsed))
            {
                return false;
            }

            return parsed.MediaType.Equals(XMsgPack, StringComparison.OrdinalIgnoreCase)
                || parsed.MediaType.Equals(MsgPack, StringComparison.OrdinalIgnoreCase);
        }
    }
}
