using System;
using MsgPack.Spec.Samples.Tarantool;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Samples.Tarantool.Throughput
{
    /// <summary>An account under another type: the same shape as Account, for the workload that alternates two tuple types.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct AccountView(
        [property: MsgPackKey(0)] ulong Id,
        [property: MsgPackKey(1)] string Owner,
        [property: MsgPackKey(2)] long Balance);

    /// <summary>A tuple of space payments without its note: <c>[id, amount, reference]</c>, Tarantool's decimal and uuid.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct Payment(
        [property: MsgPackKey(0)] ulong Id,
        [property: MsgPackKey(1), MsgPackConverter(typeof(TarantoolDecimalConverter))] decimal Amount,
        [property: MsgPackKey(2), MsgPackConverter(typeof(TarantoolUuidConverter))] Guid Reference);

    /// <summary>A counter of space values: <c>[id, count]</c>.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct Counter([property: MsgPackKey(0)] ulong Id, [property: MsgPackKey(1)] long Count);

    /// <summary>An arithmetic operation: <c>["+", field, operand]</c>.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct CountOperation([property: MsgPackKey(0)] string Operator, [property: MsgPackKey(1)] uint Field, [property: MsgPackKey(2)] long Operand);

    /// <summary>One operation: <c>[["+", 1, 1]]</c>.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct AddOne([property: MsgPackKey(0)] CountOperation Operation);

    /// <summary>A row of books as REPLACE binds it: <c>[id, title, year]</c>.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct Book([property: MsgPackKey(0)] long Id, [property: MsgPackKey(1)] string Title, [property: MsgPackKey(2)] long Year);

    /// <summary>The bound parameter: <c>[id]</c>.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct BookId([property: MsgPackKey(0)] long Id);

    /// <summary>A row read: <c>[id, title, year]</c>, the title skipped (nothing allocated).</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct BookYear([property: MsgPackKey(0)] long Id, [property: MsgPackKey(2)] long Year);
}
