using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>
    /// A user's tuple type, <c>[id, owner, balance]</c>: its serializer is generated (MsgPack.Spec.Generator writes
    /// <c>Write</c>, <c>GetEncodedLength</c> and <c>Read</c> for it, and <c>IMsgPackSerializable&lt;Account&gt;</c>, the
    /// contract the requests take).
    /// </summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct Account(
        [property: MsgPackKey(0)] ulong Id,
        [property: MsgPackKey(1)] string Owner,
        [property: MsgPackKey(2)] long Balance);
}
