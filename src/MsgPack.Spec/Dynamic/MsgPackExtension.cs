namespace MsgPack.Spec
{
    /// <summary>
    /// An ext value: its type code and its data. What <see cref="MsgPackDynamic"/> reads an extension of a type it does
    /// not know as (MessagePack-CSharp refuses those, Nerdbank.MessagePack has an <c>Extension</c> of its own), and
    /// writes as the same ext; what <see cref="MsgPackElement.GetExtension"/> hands over, its data a slice of the
    /// document.
    /// </summary>
    public readonly struct MsgPackExtension : IEquatable<MsgPackExtension>
    {
        /// <summary>Creates an extension value.</summary>
        /// <param name="typeCode">The type code: 0 to 127 for an application's own types, negative ones are the spec's (-1 is the timestamp).</param>
        /// <param name="data">The data, as the type defines it.</param>
        public MsgPackExtension(sbyte typeCode, ReadOnlyMemory<byte> data)
        {
            TypeCode = typeCode;
            Data = data;
        }

        /// <summary>The type code.</summary>
        public sbyte TypeCode { get; }

        /// <summary>The data.</summary>
        public ReadOnlyMemory<byte> Data { get; }

        /// <summary>The header that precedes the data: the type code and the data's length.</summary>
        public ExtensionHeader Header => new ExtensionHeader(TypeCode, Data.Length);

        /// <summary>Tells whether two extension values are equal: the same type code and the same data, byte for byte.</summary>
        /// <param name="left">An extension.</param>
        /// <param name="right">Another.</param>
        /// <returns>Whether they are equal.</returns>
        public static bool operator ==(MsgPackExtension left, MsgPackExtension right) => left.Equals(right);

        /// <summary>Tells whether two extension values differ in type code or data.</summary>
        /// <param name="left">An extension.</param>
        /// <param name="right">Another.</param>
        /// <returns>Whether they differ.</returns>
        public static bool operator !=(MsgPackExtension left, MsgPackExtension right) => !left.Equals(right);

        /// <summary>Tells whether <paramref name="other"/> has the same type code and the same data, byte for byte.</summary>
        /// <param name="other">Another extension.</param>
        /// <returns>Whether they are equal.</returns>
        public bool Equals(MsgPackExtension other) => TypeCode == other.TypeCode && Data.Span.SequenceEqual(other.Data.Span);

        /// <inheritdoc/>
        public override bool Equals(object? obj) => obj is MsgPackExtension other && Equals(other);

        /// <summary>A hash of the type code and the data (equal values hash alike, so extensions can be map keys).</summary>
        /// <returns>The hash.</returns>
        public override int GetHashCode()
        {
            // FNV-1a over the type and up to 32 bytes of data: enough to spread keys, bounded for long data.
            ReadOnlySpan<byte> data = Data.Span;
            uint hash = (2166136261u ^ (byte)TypeCode) * 16777619u;
            hash = (hash ^ (uint)data.Length) * 16777619u;
            for (int i = 0; i < data.Length && i < 32; i++)
            {
                hash = (hash ^ data[i]) * 16777619u;
            }

            return (int)hash;
        }

        /// <summary>The type code and the data's length (<c>ext type 5, 3 bytes</c>).</summary>
        /// <returns>The description.</returns>
        public override string ToString() => Header.ToString();
    }
}
