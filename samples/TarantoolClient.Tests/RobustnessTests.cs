using System;
using System.Threading.Tasks;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>What a review found: pushes, unreadable error bodies, and a task's result read the wrong way.</summary>
    [Collection(TarantoolCollection.Name)]
    public sealed class RobustnessTests(TarantoolFixture fixture)
    {
        private static uint Echoed(TarantoolResponse response)
        {
            MsgPackReader reader = response.GetDataReader();
            Assert.Equal(1, reader.ReadArrayHeader());
            return reader.ReadUInt32();
        }

        [TarantoolFact]
        public async Task A_push_before_the_response_is_not_taken_for_it()
        {
            // box.session.push sends a frame with the call's sync (code 0x80) before the call's own response.
            using TarantoolResponse response = await fixture.Connection.EvalAsync("box.session.push('pushed') return 'final'", new EmptyArray());
            MsgPackReader reader = response.GetDataReader();
            Assert.Equal(1, reader.ReadArrayHeader());
            Assert.Equal("final", reader.ReadString());
            await fixture.Connection.PingAsync();
        }

        [TarantoolFact]
        public async Task An_error_message_that_is_not_UTF8_fails_its_request_only()
        {
            await using TarantoolConnection connection = await fixture.ConnectAsync();
            ValueTask<TarantoolResponse> other = connection.CallAsync("sleep_echo", Encode.SleepEcho(0.2, 5));
            var error = await Assert.ThrowsAsync<TarantoolException>(async () =>
            {
                using TarantoolResponse _ = await connection.EvalAsync("error(string.char(0xff, 0xfe))", new EmptyArray());
            });
            Assert.Contains("could not be read", error.Message, StringComparison.Ordinal);
            using (TarantoolResponse response = await other)
            {
                Assert.Equal(5u, Echoed(response));
            }

            await connection.PingAsync();
        }

        [TarantoolFact]
        public async Task Reading_a_failed_task_twice_throws_and_leaves_the_slots_alone()
        {
            await using TarantoolConnection connection = await fixture.ConnectAsync();
            ValueTask<TarantoolResponse> failed = connection.CallAsync("no_such_function", new EmptyArray());
            await Assert.ThrowsAsync<TarantoolException>(async () => { using TarantoolResponse _ = await failed; });
            // The slot went back to the pool when the error was taken; a second read must not return it again.
            Assert.Throws<InvalidOperationException>(() => failed.Result);
            ValueTask<TarantoolResponse> a = connection.CallAsync("sleep_echo", Encode.SleepEcho(0.05, 1));
            ValueTask<TarantoolResponse> b = connection.CallAsync("sleep_echo", Encode.SleepEcho(0.01, 2));
            using TarantoolResponse first = await a;
            using TarantoolResponse second = await b;
            Assert.Equal((1u, 2u), (Echoed(first), Echoed(second)));
        }

        [TarantoolFact]
        public async Task The_result_of_a_request_not_yet_answered_throws_and_the_request_goes_on()
        {
            await using TarantoolConnection connection = await fixture.ConnectAsync();
            ValueTask<TarantoolResponse> pending = connection.CallAsync("sleep_echo", Encode.SleepEcho(0.2, 9));
            Assert.Throws<InvalidOperationException>(() => pending.GetAwaiter().GetResult());
            // Its slot was not released: another request gets another slot, and both get their own answers.
            ValueTask<TarantoolResponse> other = connection.CallAsync("sleep_echo", Encode.SleepEcho(0.01, 10));
            using TarantoolResponse otherResponse = await other;
            using TarantoolResponse response = await pending;
            Assert.Equal((9u, 10u), (Echoed(response), Echoed(otherResponse)));
            Assert.Equal(2, connection.SlotCount);
        }

        [TarantoolFact]
        public async Task Disposing_two_copies_of_a_response_releases_its_slot_once()
        {
            await using TarantoolConnection connection = await fixture.ConnectAsync();
            TarantoolResponse response = await connection.CallAsync("echo", new UnsignedKey(3));
            TarantoolResponse copy = response;
            response.Dispose();
            copy.Dispose();
            // Two requests at once: with the slot in the pool twice they would share it.
            ValueTask<TarantoolResponse> a = connection.CallAsync("sleep_echo", Encode.SleepEcho(0.05, 1));
            ValueTask<TarantoolResponse> b = connection.CallAsync("sleep_echo", Encode.SleepEcho(0.01, 2));
            using TarantoolResponse first = await a;
            using TarantoolResponse second = await b;
            Assert.Equal((1u, 2u), (Echoed(first), Echoed(second)));
            Assert.Equal(2, connection.SlotCount);
        }
    }
}
