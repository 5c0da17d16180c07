#if !LIBRARY_NETSTANDARD
using System;
using System.Linq;
using System.Threading.Tasks;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Tests.IO
{
    /// <summary>
    /// Bad input through MsgPackStream's read doors fails exactly as through the span door on the same bytes (the
    /// values before the failure, then the same exception with the same Path and Offset), over every source: cut at
    /// every byte, 0xc1 at every byte, a non-array where items are read, and claims far larger than the input.
    /// </summary>
    public class MsgPackStreamHostileTests
    {
        public static TheoryData<AsyncSource> Sources => AsyncDoors.Sources;

        /// <summary>Every source, for the points and for three orders, cut at every byte or with 0xc1 at every byte.</summary>
        public static TheoryData<AsyncSource, string, string> Variants
        {
            get
            {
                var variants = new TheoryData<AsyncSource, string, string>();
                foreach (AsyncSource source in Enum.GetValues<AsyncSource>())
                {
                    foreach (string values in new[] { "points", "orders" })
                    {
                        variants.Add(source, values, "cut");
                        variants.Add(source, values, "c1");
                    }
                }

                return variants;
            }
        }

        [Theory]
        [MemberData(nameof(Variants))]
        public Task InputCutAtEveryByteOrWithC1AtEveryByteFailsAsTheSpanDoor(AsyncSource source, string values, string change)
        {
            Func<byte[], int, byte[]?> variant = change == "cut" ? Cut : NeverUsedAt;
            return values == "points"
                ? EveryVariant<StreamPoint>(source, AsyncDoorSamples.Concatenate(AsyncDoorSamples.Points), variant)
                : EveryVariant<StreamOrder>(source, AsyncDoorSamples.Concatenate(AsyncDoorSamples.Orders.Take(3).ToArray()), variant);
        }

        [Theory]
        [MemberData(nameof(Sources))]
        public async Task AnEmptySourceIsNoValueForReadAsyncAndTheEndOfReadAllAsync(AsyncSource source)
        {
            // ReadAsync wants a value: no bytes fail as the span door fails on no bytes (truncated, at offset 0).
            DoorResult<StreamOrder> one = await AsyncDoors.ReadOneByOneAsync<StreamOrder>(source, Array.Empty<byte>());
            Assert.Empty(one.Values);
            Assert.Null(one.Failure); // no byte, so ReadOneByOneAsync asks for no value
            MsgPackException? failure = null;
            try
            {
                if (AsyncDoors.IsPipe(source))
                {
                    await MsgPackStream.ReadAsync<StreamOrder>(AsyncDoors.OpenPipe(source, Array.Empty<byte>()));
                }
                else
                {
                    await MsgPackStream.ReadAsync<StreamOrder>(AsyncDoors.OpenStream(source, Array.Empty<byte>()));
                }
            }
            catch (MsgPackException e)
            {
                failure = e;
            }

            DoorResult<StreamOrder>.AssertSameFailure(SpanDoor.Failure<StreamOrder>(default), failure, source.ToString());
            var truncated = Assert.IsType<MsgPackSerializationException>(failure);
            Assert.Equal(0, truncated.Offset);
            Assert.IsType<MsgPackTruncatedException>(truncated.InnerException);

            // ReadAllAsync ends where the source ends between values, here before the first.
            DoorResult<StreamOrder> all = await AsyncDoors.ReadAllAsync<StreamOrder>(source, Array.Empty<byte>());
            Assert.Empty(all.Values);
            Assert.Null(all.Failure);
        }

        [Theory]
        [MemberData(nameof(Sources))]
        public async Task AWellFormedValueTheTypeRejectsIsConsumed(AsyncSource source)
        {
            // A str where a point is expected: well formed, so its extent is known; the type's reader fails on it as the
            // span door does, and the next read starts after it.
            var point = new StreamPoint(7, 8);
            byte[] rejected = { 0xa1, 0x61 };
            byte[] bytes = AsyncDoorSamples.Encode(point).Concat(rejected).Concat(AsyncDoorSamples.Encode(point)).ToArray();
            object opened = AsyncDoors.IsPipe(source) ? AsyncDoors.OpenPipe(source, bytes) : AsyncDoors.OpenStream(source, bytes);
            Assert.Equal(point, await ReadAsync(opened));
            MsgPackException? failure = null;
            try
            {
                await ReadAsync(opened);
            }
            catch (MsgPackException e)
            {
                failure = e;
            }

            DoorResult<StreamPoint>.AssertSameFailure(SpanDoor.Failure<StreamPoint>(rejected), failure, source.ToString());
            Assert.Equal(point, await ReadAsync(opened));
            Assert.False(await AsyncDoors.HasMoreAsync(opened));

            static ValueTask<StreamPoint> ReadAsync(object opened) => opened is System.IO.Pipelines.PipeReader reader
                ? MsgPackStream.ReadAsync<StreamPoint>(reader)
                : MsgPackStream.ReadAsync<StreamPoint>((System.IO.Stream)opened);
        }

        [Theory]
        [MemberData(nameof(Sources))]
        public async Task AnArrayHeaderFailsAsTheReadersOwn(AsyncSource source)
        {
            Assert.IsType<MsgPackUnexpectedCodeException>((await AsyncDoors.ReadArrayItemsAsync<StreamPoint>(source, new byte[] { 0x01, 0x90 })).Result.Failure);
            Assert.IsType<MsgPackUnexpectedCodeException>((await AsyncDoors.ReadArrayItemsAsync<StreamPoint>(source, new byte[] { 0xc1 })).Result.Failure);
            Assert.IsType<MsgPackTruncatedException>((await AsyncDoors.ReadArrayItemsAsync<StreamPoint>(source, Array.Empty<byte>())).Result.Failure);
            Assert.IsType<MsgPackTruncatedException>((await AsyncDoors.ReadArrayItemsAsync<StreamPoint>(source, new byte[] { 0xdd, 0x00, 0x00 })).Result.Failure);
        }

        [Theory]
        [MemberData(nameof(Sources))]
        public async Task AnArrayCutInsideAnItemFailsAsTheSpanDoorOnThatItem(AsyncSource source)
        {
            StreamOrder[] orders = AsyncDoorSamples.Orders.Take(3).ToArray();
            byte[] array = AsyncDoorSamples.ArrayOf(orders);
            int itemsStart = array.Length - AsyncDoorSamples.Concatenate(orders).Length;
            int thirdStart = itemsStart + AsyncDoorSamples.Encode(orders[0]).Length + AsyncDoorSamples.Encode(orders[1]).Length;
            for (int cut = thirdStart; cut < array.Length; cut += 7)
            {
                (DoorResult<StreamOrder> result, _) = await AsyncDoors.ReadArrayItemsAsync<StreamOrder>(source, array.AsSpan(0, cut).ToArray());
                var expected = new DoorResult<StreamOrder>(orders.Take(2).ToList(), SpanDoor.Failure<StreamOrder>(array.AsSpan(thirdStart, cut - thirdStart)));
                result.AssertSameAs(expected, $"{source}, cut at {cut}");
            }
        }

        [Theory]
        [MemberData(nameof(Sources))]
        public async Task AHugeClaimedStrLengthInATenByteStreamFailsWithoutBeingAllocated(AsyncSource source)
        {
            // [1, str 32 of 4 GiB - 16 bytes, ...]: the claim passes any limit, and fails as soon as the header is in.
            byte[] bytes = Hex.ToBytes("93 01 db ff ff ff f0 61 62 63");
            (MsgPackException? failure, long allocated) = await ReadAllMeasured<StreamOrder>(source, bytes, new MsgPackStreamOptions { MaxValueLength = Array.MaxLength });
            var limit = Assert.IsType<MsgPackStreamLimitException>(failure);
            Assert.Equal(2 + 5 + 0xfffffff0L + 1, limit.BytesNeeded); // the str's end, and a byte for the list after it
            Assert.True(allocated < 256 * 1024, $"{allocated} bytes allocated");
        }

        [Theory]
        [MemberData(nameof(Sources))]
        public async Task AClaimUnderTheLimitInATenByteStreamFailsAsTheSpanDoorWithoutBeingAllocated(AsyncSource source)
        {
            // A str of 100 MB under a limit of 1 GiB: the door waits for it, the stream ends, and the type's reader fails
            // on the ten bytes as the span door does; the buffer grew with the bytes that came, not with the claim.
            byte[] bytes = Hex.ToBytes("93 01 db 05 f5 e1 00 61 62 63");
            (MsgPackException? failure, long allocated) = await ReadAllMeasured<StreamOrder>(source, bytes, new MsgPackStreamOptions { MaxValueLength = 1 << 30 });
            DoorResult<StreamOrder>.AssertSameFailure(SpanDoor.Failure<StreamOrder>(bytes), failure, source.ToString());
            Assert.Equal("$.Name", ((MsgPackSerializationException)failure!).Path);
            Assert.True(allocated < 256 * 1024, $"{allocated} bytes allocated");
        }

        [Theory]
        [MemberData(nameof(Sources))]
        public async Task AHugeClaimedCountFailsAtTheLimit(AsyncSource source)
        {
            // A list of 2^31 - 1 points in ten bytes: each point takes a byte at least, past any limit. The span door
            // says truncated (the count checked against the input); a door cannot see the input's end, only the claim.
            byte[] bytes = Hex.ToBytes("93 01 a1 61 dd 7f ff ff ff 90");
            (MsgPackException? failure, _) = await ReadAllMeasured<StreamOrder>(source, bytes, null);
            var limit = Assert.IsType<MsgPackStreamLimitException>(failure);
            Assert.Equal(MsgPackStreamOptions.DefaultMaxValueLength, limit.MaxValueLength);
            Assert.Contains("MaxValueLength", limit.Message, StringComparison.Ordinal);
        }

        private static byte[] Cut(byte[] bytes, int at) => bytes.AsSpan(0, at).ToArray();

        private static byte[]? NeverUsedAt(byte[] bytes, int at)
        {
            if (at == bytes.Length)
            {
                return null;
            }

            byte[] changed = (byte[])bytes.Clone();
            changed[at] = DataCodes.NeverUsed;
            return changed;
        }

        /// <summary>Each variant of <paramref name="bytes"/> (by position) through ReadAllAsync and ReadAsync, against the span door.</summary>
        private static async Task EveryVariant<T>(AsyncSource source, byte[] bytes, Func<byte[], int, byte[]?> variant)
            where T : IMsgPackSerializable<T>
        {
            for (int at = 0; at <= bytes.Length; at++)
            {
                byte[]? input = variant(bytes, at);
                if (input is null)
                {
                    continue;
                }

                DoorResult<T> expected = SpanDoor.ReadAll<T>(input);
                (await AsyncDoors.ReadAllAsync<T>(source, input)).AssertSameAs(expected, $"{source}, ReadAllAsync, at {at}");
                (await AsyncDoors.ReadOneByOneAsync<T>(source, input)).AssertSameAs(expected, $"{source}, ReadAsync, at {at}");
            }
        }

        /// <summary>The failure of ReadAllAsync over <paramref name="bytes"/>, and the bytes the test thread allocated meanwhile (the source opened first).</summary>
        private static async Task<(MsgPackException? Failure, long Allocated)> ReadAllMeasured<T>(AsyncSource source, byte[] bytes, MsgPackStreamOptions? options)
            where T : IMsgPackSerializable<T>
        {
            object opened = AsyncDoors.IsPipe(source) ? AsyncDoors.OpenPipe(source, bytes) : AsyncDoors.OpenStream(source, bytes);
            long before = GC.GetAllocatedBytesForCurrentThread();
            try
            {
                // Every source here completes its reads at once: the whole read runs on this thread.
                var items = opened is System.IO.Pipelines.PipeReader reader
                    ? MsgPackStream.ReadAllAsync<T>(reader, options)
                    : MsgPackStream.ReadAllAsync<T>((System.IO.Stream)opened, options);
                await foreach (T item in items)
                {
                    Assert.Fail($"read {item}");
                }
            }
            catch (MsgPackException e)
            {
                return (e, GC.GetAllocatedBytesForCurrentThread() - before);
            }

            return (null, GC.GetAllocatedBytesForCurrentThread() - before);
        }
    }
}
#endif
