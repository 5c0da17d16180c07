using System.IO;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>A user's tuple type: written field by field with the streaming writer.</summary>
    public readonly record struct Account(ulong Id, string Owner, long Balance) : IMsgPackValue
    {
        public void WriteTo(ref MsgPackWriter writer)
        {
            writer.WriteArrayHeader(3);
            writer.WriteUInt64(Id);
            writer.WriteString(Owner);
            writer.WriteInt64(Balance);
        }

        public static Account Read(ref MsgPackReader reader)
        {
            if (reader.ReadArrayHeader() != 3)
            {
                throw new InvalidDataException("Not an account tuple.");
            }

            return new Account(reader.ReadUInt64(), reader.ReadString(), reader.ReadInt64());
        }
    }
}
