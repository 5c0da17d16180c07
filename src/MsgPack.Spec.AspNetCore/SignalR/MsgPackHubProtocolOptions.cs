namespace MsgPack.Spec.AspNetCore
{
    /// <summary>Settings of <see cref="MsgPackHubProtocol"/>: the types of the hub methods' arguments, results and stream items.</summary>
    public sealed class MsgPackHubProtocolOptions
    {
        /// <summary>
        /// The types the protocol writes and reads: the primitive set, and each type added with
        /// <see cref="MsgPackTypeRegistry.Add{T}"/> (with its arrays and lists). An argument of a type not registered
        /// fails the invocation's binding (the caller gets the error; the connection stays).
        /// </summary>
        public MsgPackTypeRegistry Types { get; } = new MsgPackTypeRegistry();
    }
}
