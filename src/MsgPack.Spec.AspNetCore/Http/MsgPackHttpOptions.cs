namespace MsgPack.Spec.AspNetCore
{
    /// <summary>Settings of the MessagePack bodies: the minimal API helpers and the MVC formatters.</summary>
    public sealed class MsgPackHttpOptions
    {
        /// <summary>The limit used when neither <see cref="MaxBodyLength"/> nor the server sets one: 4 MiB.</summary>
        public const long DefaultMaxBodyLength = 4 * 1024 * 1024;

        private long? _maxBodyLength;

        /// <summary>
        /// The most bytes a request body may take; a longer one is answered 413 (Payload Too Large) before it is read
        /// whole. <see langword="null"/> (the default): the server's <c>MaxRequestBodySize</c> (Kestrel's is 30,000,000
        /// bytes), or <see cref="DefaultMaxBodyLength"/> where the server sets none. When set, it also becomes the
        /// request's <c>MaxRequestBodySize</c> where the server still lets it change.
        /// </summary>
        /// <exception cref="ArgumentOutOfRangeException">The value set is not from 1 to <see cref="int.MaxValue"/>.</exception>
        public long? MaxBodyLength
        {
            get => _maxBodyLength;
            set
            {
                if (value is long length && (length <= 0 || length > int.MaxValue))
                {
                    throw new ArgumentOutOfRangeException(nameof(value), value, "The limit is from 1 to int.MaxValue bytes.");
                }

                _maxBodyLength = value;
            }
        }

        /// <summary>
        /// The types the MVC formatters read and write (the minimal API helpers need none: they are generic). Add your
        /// types with <see cref="MsgPackTypeRegistry.Add{T}"/>.
        /// </summary>
        public MsgPackTypeRegistry Types { get; } = new MsgPackTypeRegistry();
    }
}
