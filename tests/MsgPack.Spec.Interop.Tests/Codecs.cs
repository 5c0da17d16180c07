using System;
using Xunit;
using MP = MessagePack;
using NB = Nerdbank.MessagePack;

namespace MsgPack.Spec.Interop.Tests
{
    /// <summary>
    /// Each library's way to bytes and back, per model. Ours go through the span doors and check that the length written
    /// is GetEncodedLength and that a read consumes every byte, so a peer's trailing data or a short write cannot hide.
    /// </summary>
    internal static class Codecs
    {
        /// <summary>MessagePack-CSharp with its default (standard) resolver: attributes read by the dynamic resolver.</summary>
        public static readonly MP.MessagePackSerializerOptions Mp = MP.MessagePackSerializerOptions.Standard;

        /// <summary>Nerdbank.MessagePack with its defaults.</summary>
        public static readonly NB.MessagePackSerializer Nb = new();

        /// <summary>Nerdbank.MessagePack writing Guid as the "D" string and taking an Unspecified DateTime as UTC, as we do.</summary>
        public static readonly NB.MessagePackSerializer NbAsOurs = NB.OptionalConverters.WithAssumedDateTimeKind(
            NB.OptionalConverters.WithGuidConverter(new NB.MessagePackSerializer(), NB.OptionalConverters.GuidStringFormat.StringD),
            DateTimeKind.Utc);

        public static byte[] MpWrite<T>(T value) => MP.MessagePackSerializer.Serialize(value, Mp);

        public static T MpRead<T>(byte[] bytes)
        {
            T value = MP.MessagePackSerializer.Deserialize<T>(bytes, Mp, out int read);
            Assert.Equal(bytes.Length, read);
            return value;
        }

        public static byte[] Ours(ArrayModel value) => Check(ArrayModel.GetEncodedLength(value), b => ArrayModel.Write(b, value));

        public static byte[] Ours(MapModel value) => Check(MapModel.GetEncodedLength(value), b => MapModel.Write(b, value));

        public static byte[] Ours(SmallMapModel value) => Check(SmallMapModel.GetEncodedLength(value), b => SmallMapModel.Write(b, value));

        public static byte[] Ours(IntegerKeyModel value) => Check(IntegerKeyModel.GetEncodedLength(value), b => IntegerKeyModel.Write(b, value));

        public static byte[] Ours(TimeModel value) => Check(TimeModel.GetEncodedLength(value), b => TimeModel.Write(b, value));

        public static byte[] Ours(OffsetModel value) => Check(OffsetModel.GetEncodedLength(value), b => OffsetModel.Write(b, value));

        public static byte[] Ours(FloatModel value) => Check(FloatModel.GetEncodedLength(value), b => FloatModel.Write(b, value));

        public static byte[] Ours(BclModel value) => Check(BclModel.GetEncodedLength(value), b => BclModel.Write(b, value));

        public static byte[] Ours(EightModel value) => Check(EightModel.GetEncodedLength(value), b => EightModel.Write(b, value));

        public static byte[] Ours(PairModel value) => Check(PairModel.GetEncodedLength(value), b => PairModel.Write(b, value));

        public static PairModel OursPair(byte[] bytes) => Whole(PairModel.Read(bytes, out int read), read, bytes);

        public static BclModel OursBcl(byte[] bytes) => Whole(BclModel.Read(bytes, out int read), read, bytes);

        public static EightModel OursEight(byte[] bytes) => Whole(EightModel.Read(bytes, out int read), read, bytes);

        public static ArrayModel OursArray(byte[] bytes) => Whole(ArrayModel.Read(bytes, out int read), read, bytes);

        public static MapModel OursMap(byte[] bytes) => Whole(MapModel.Read(bytes, out int read), read, bytes);

        public static SmallMapModel OursSmallMap(byte[] bytes) => Whole(SmallMapModel.Read(bytes, out int read), read, bytes);

        public static TimeModel OursTime(byte[] bytes) => Whole(TimeModel.Read(bytes, out int read), read, bytes);

        public static OffsetModel OursOffset(byte[] bytes) => Whole(OffsetModel.Read(bytes, out int read), read, bytes);

        public static FloatModel OursFloat(byte[] bytes) => Whole(FloatModel.Read(bytes, out int read), read, bytes);

        private static byte[] Check(int length, Func<byte[], int> write)
        {
            byte[] bytes = new byte[length];
            Assert.Equal(length, write(bytes));
            return bytes;
        }

        private static T Whole<T>(T value, int read, byte[] bytes)
        {
            Assert.Equal(bytes.Length, read);
            return value;
        }

        public static string Hex(byte[] bytes) => Convert.ToHexString(bytes);

        public static byte[] FromHex(string hex) => Convert.FromHexString(hex.Replace(" ", string.Empty));
    }
}
