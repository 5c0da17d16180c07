using System;
using System.Collections.Generic;
using MemoryPack;
using MsgPack.Spec.Serialization;
using PolyType;

// A converter-heavy model: a ledger of 32 amounts, each written by a custom converter of each library (an int of
// cents), so that the rows measure what calling a user's converter costs per value. MemoryPack writes Money as its own
// struct (an unmanaged struct is copied as it is in memory: its format, with no formatter called).
namespace MsgPack.Spec.Benchmarks.Serializers
{
    /// <summary>An amount of money in cents, with a converter for each MessagePack library on the type (MemoryPack copies it as memory).</summary>
    [MsgPackConverter(typeof(MoneyConverter))]
    [MessagePack.MessagePackFormatter(typeof(MoneyMessagePackFormatter))]
    [Nerdbank.MessagePack.MessagePackConverter(typeof(MoneyNerdbankConverter))]
    public readonly struct Money
    {
        public Money(long cents) => Cents = cents;

        public long Cents { get; }
    }

    /// <summary>Ours: a struct, called directly by the generated code.</summary>
    public readonly struct MoneyConverter : IMsgPackConverter<Money>
    {
        public void Write(ref MsgPackWriter writer, in Money value) => writer.WriteInt64(value.Cents);

        public void Write(ref Span<byte> destination, in Money value) => MsgPackSpec.WriteInt64(ref destination, value.Cents);

        public int GetEncodedLength(in Money value) => MsgPackSpec.GetInt64EncodedLength(value.Cents);

        public Money Read(ref MsgPackReader reader, int depth) => new Money(reader.ReadInt64());
    }

    /// <summary>MessagePack-CSharp's: a formatter class, found through its attribute resolver.</summary>
    public sealed class MoneyMessagePackFormatter : MessagePack.Formatters.IMessagePackFormatter<Money>
    {
        public void Serialize(ref MessagePack.MessagePackWriter writer, Money value, MessagePack.MessagePackSerializerOptions options) => writer.Write(value.Cents);

        public Money Deserialize(ref MessagePack.MessagePackReader reader, MessagePack.MessagePackSerializerOptions options) => new Money(reader.ReadInt64());
    }

    /// <summary>Nerdbank.MessagePack's: a converter class.</summary>
    public sealed class MoneyNerdbankConverter : Nerdbank.MessagePack.MessagePackConverter<Money>
    {
        public override void Write(ref Nerdbank.MessagePack.MessagePackWriter writer, in Money value, Nerdbank.MessagePack.SerializationContext context) => writer.Write(value.Cents);

        public override Money Read(ref Nerdbank.MessagePack.MessagePackReader reader, Nerdbank.MessagePack.SerializationContext context) => new Money(reader.ReadInt64());
    }

    /// <summary>A ledger: an account name, two amounts and 32 entries, every amount through a converter.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [GenerateShape]
    [MemoryPackable]
    public sealed partial class Ledger
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public string? Account { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public Money Opening { get; set; }
        [MsgPackKey(2)] [MpcKey(2)] [NbKey(2)] public Money Closing { get; set; }
        [MsgPackKey(3)] [MpcKey(3)] [NbKey(3)] public List<Money>? Entries { get; set; }

        /// <summary>Amounts of every width: a few cents (fixint), hundreds, thousands, millions, and debits.</summary>
        public static Ledger Sample()
        {
            var entries = new List<Money>(32);
            long total = 1_000_000;
            for (int i = 0; i < 32; i++)
            {
                long cents = (i % 4) switch
                {
                    0 => i,
                    1 => -(i * 250),
                    2 => i * 40_000,
                    _ => i * 3_000_000L,
                };
                entries.Add(new Money(cents));
                total += cents;
            }

            return new Ledger { Account = "ACME Ltd / EUR", Opening = new Money(1_000_000), Closing = new Money(total), Entries = entries };
        }
    }
}
