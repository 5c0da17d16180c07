using System;
using System.Runtime.CompilerServices;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>
    /// A <see cref="Guid"/> as Tarantool's MP_UUID (ext type 2): fixext 16, the 16 bytes in RFC 4122 order (big-endian
    /// fields), so <c>f81d4fae-7dec-11d0-a765-00a0c91e6bf6</c> is <c>d8 02 f8 1d 4f ae 7d ec 11 d0 a7 65 00 a0 c9 1e 6b f6</c>.
    /// The server reads it as a <c>uuid</c> field. (The generator's own mapping writes a <see cref="Guid"/> as its
    /// 36-character text, which a <c>uuid</c> field refuses.) Any 16 bytes read back as a <see cref="Guid"/>; nothing
    /// is allocated.
    /// </summary>
    public readonly struct TarantoolUuidConverter : IMsgPackConverter<Guid>
    {
        /// <summary>The bytes a uuid takes: the fixext 16 header (2) and the 16 bytes.</summary>
        public const int EncodedLength = 18;

        private const int DataLength = 16;

        /// <inheritdoc/>
        public void Write(ref MsgPackWriter writer, in Guid value)
        {
            Span<byte> span = writer.GetSpan(EncodedLength);
            Encode(span, value);
            writer.Advance(EncodedLength);
        }

        /// <inheritdoc/>
        public void Write(ref Span<byte> destination, in Guid value)
        {
            if (destination.Length < EncodedLength)
            {
                throw new ArgumentException($"A uuid takes {EncodedLength} bytes; the destination has {destination.Length}.", nameof(destination));
            }

            Encode(destination, value);
            destination = destination[EncodedLength..];
        }

        /// <inheritdoc/>
        public int GetEncodedLength(in Guid value) => EncodedLength;

        /// <inheritdoc/>
        public Guid Read(ref MsgPackReader reader, int depth)
        {
            MsgPackPayload data = reader.ReadExtension(out ExtensionHeader header);
            TarantoolExtension.Check(header, TarantoolExtension.Uuid, "an MP_UUID", DataLength);
            if (data.Length != DataLength)
            {
                TarantoolExtension.ThrowMalformed($"An MP_UUID of {data.Length} bytes: a uuid is {DataLength}.");
            }

            return data.IsSingleSpan ? new Guid(data.Span, bigEndian: true) : ReadCopied(data);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static Guid ReadCopied(MsgPackPayload data) => new(TarantoolExtension.Copy(data, stackalloc byte[DataLength]), bigEndian: true);

        private static void Encode(Span<byte> destination, Guid value)
        {
            destination[0] = DataCodes.FixExtension16;
            destination[1] = (byte)TarantoolExtension.Uuid;
            value.TryWriteBytes(destination.Slice(2, DataLength), bigEndian: true, out _);
        }
    }
}
