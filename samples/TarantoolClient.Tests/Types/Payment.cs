using System;
using MsgPack.Spec.Samples.Tarantool;
using MsgPack.Spec.Serialization;

// Every Guid of this assembly's [MsgPackObject] types is an MP_UUID: the converter on the assembly (Payment.Reference).
[assembly: MsgPackConverter(typeof(TarantoolUuidConverter))]

namespace MsgPack.Spec.Samples.Tarantool.Tests.Types
{
    /// <summary>
    /// A tuple of space <c>payments</c> (init.lua): <c>[id, amount, reference, note]</c>, a decimal and a uuid field, each
    /// indexed. The decimal's converter is on the member; the uuid's on the assembly.
    /// </summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct Payment(
        [property: MsgPackKey(0)] ulong Id,
        [property: MsgPackKey(1), MsgPackConverter(typeof(TarantoolDecimalConverter))] decimal Amount,
        [property: MsgPackKey(2)] Guid Reference,
        [property: MsgPackKey(3)] string Note);

    /// <summary>A payment's amount only (index 1): reads allocate nothing.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct PaymentAmount(
        [property: MsgPackKey(0)] ulong Id,
        [property: MsgPackKey(1), MsgPackConverter(typeof(TarantoolDecimalConverter))] decimal Amount,
        [property: MsgPackKey(2)] Guid Reference);

    /// <summary>
    /// Every converter at once, in a map: the datetime ones on members, the interval's on its type
    /// (<see cref="TarantoolInterval"/>), a nullable decimal (nil is the generated code's, the converter never sees it)
    /// and an error.
    /// </summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class Schedule
    {
        [MsgPackKey("at"), MsgPackConverter(typeof(TarantoolDateTimeOffsetConverter))]
        public DateTimeOffset At { get; set; }

        [MsgPackKey("utc"), MsgPackConverter(typeof(TarantoolDateTimeConverter))]
        public DateTime Utc { get; set; }

        [MsgPackKey("every")]
        public TarantoolInterval Every { get; set; }

        [MsgPackKey("limit"), MsgPackConverter(typeof(TarantoolDecimalConverter))]
        public decimal? Limit { get; set; }

        [MsgPackKey("ids")]
        public Guid[]? Ids { get; set; }

        [MsgPackKey("failure"), MsgPackConverter(typeof(TarantoolErrorConverter))]
        public TarantoolException? Failure { get; set; }
    }
}
