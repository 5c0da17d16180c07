namespace MsgPack.Spec
{
    /// <summary>The header of an ext value: its application-defined type code and the length of its data.</summary>
    public readonly struct ExtensionHeader : IEquatable<ExtensionHeader>
    {
        /// <summary>Creates a header.</summary>
        /// <param name="typeCode">The type code: 0 to 127 for applications, negative values reserved by the specification (-1 is the timestamp).</param>
        /// <param name="length">The data length in bytes; zero or positive.</param>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative.</exception>
        public ExtensionHeader(sbyte typeCode, int length)
        {
            if (length < 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(length), length, "zero or positive");
            }

            TypeCode = typeCode;
            Length = length;
        }

        /// <summary>The type code: 0 to 127 for applications, negative values reserved by the specification.</summary>
        public sbyte TypeCode { get; }

        /// <summary>The data length in bytes.</summary>
        public int Length { get; }

        /// <summary>Compares two headers.</summary>
        /// <param name="left">A header.</param>
        /// <param name="right">Another header.</param>
        /// <returns><see langword="true"/> when type codes and lengths are equal.</returns>
        public static bool operator ==(ExtensionHeader left, ExtensionHeader right) => left.Equals(right);

        /// <summary>Compares two headers.</summary>
        /// <param name="left">A header.</param>
        /// <param name="right">Another header.</param>
        /// <returns><see langword="true"/> when type codes or lengths differ.</returns>
        public static bool operator !=(ExtensionHeader left, ExtensionHeader right) => !left.Equals(right);

        /// <inheritdoc/>
        public bool Equals(ExtensionHeader other) => TypeCode == other.TypeCode && Length == other.Length;

        /// <inheritdoc/>
        public override bool Equals(object? obj) => obj is ExtensionHeader other && Equals(other);

        /// <inheritdoc/>
        public override int GetHashCode() => (TypeCode << 24) ^ Length;

        /// <inheritdoc/>
        public override string ToString() => $"ext type {TypeCode}, {Length} bytes";
    }
}
