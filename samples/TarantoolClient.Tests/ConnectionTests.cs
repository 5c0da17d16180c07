using System;
using System.IO;
using System.Threading.Tasks;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    [Collection(TarantoolCollection.Name)]
    public sealed class ConnectionTests(TarantoolFixture fixture)
    {
        [TarantoolFact]
        public async Task The_greeting_names_the_server_and_carries_a_20_byte_salt()
        {
            await using TarantoolConnection connection = await TarantoolConnection.ConnectAsync(fixture.Server.EndPoint);
            Assert.StartsWith("Tarantool 2.", connection.Greeting.Version, StringComparison.Ordinal);
            Assert.Contains("(Binary)", connection.Greeting.Version, StringComparison.Ordinal);
            Assert.Equal(20, connection.Greeting.Salt.Length);
            await connection.PingAsync();
        }

        [TarantoolFact]
        public async Task A_wrong_password_is_refused_with_the_server_s_error()
        {
            var error = await Assert.ThrowsAsync<TarantoolException>(() =>
                TarantoolConnection.ConnectAsync(fixture.Server.EndPoint, new TarantoolConnectionOptions { User = TarantoolFixture.User, Password = "wrong" }));
            Assert.Equal(47u, error.Code); // ER_CREDS_MISMATCH
            Assert.Contains("Incorrect password", error.Message, StringComparison.Ordinal);
        }

        [TarantoolFact]
        public async Task The_guest_may_ping_but_not_read_the_space()
        {
            await using TarantoolConnection guest = await TarantoolConnection.ConnectAsync(fixture.Server.EndPoint);
            await guest.PingAsync();
            var error = await Assert.ThrowsAsync<TarantoolException>(async () =>
            {
                using TarantoolResponse _ = await guest.SelectAsync(fixture.ValuesSpace, 0, new EmptyArray());
            });
            Assert.Contains("Read access", error.Message, StringComparison.Ordinal);
            Assert.Contains("guest", error.Message, StringComparison.Ordinal);
        }

        [TarantoolFact]
        public async Task Requests_in_flight_when_the_connection_closes_fail_and_later_ones_throw()
        {
            TarantoolConnection connection = await fixture.ConnectAsync();
            ValueTask<TarantoolResponse> slow = connection.CallAsync("sleep_echo", Encode.SleepEcho(5.0, 1));
            await connection.DisposeAsync();
            await Assert.ThrowsAsync<IOException>(async () => { using TarantoolResponse _ = await slow; });
            Assert.Throws<IOException>(() => { _ = connection.PingAsync(); });
        }

        [TarantoolFact]
        public async Task A_response_used_after_dispose_throws_and_a_second_dispose_does_nothing()
        {
            TarantoolResponse response = await fixture.Connection.CallAsync("echo", new UnsignedKey(7));
            // Tarantool writes DATA as an array 32 whatever its length.
            Assert.Equal(new byte[] { 0xdd, 0, 0, 0, 1, 0x07 }, response.Data.ToArray());
            response.Dispose();
            response.Dispose();
            Assert.Throws<ObjectDisposedException>(() => response.Data.Length);
            // The slot went back to the pool and serves the next request; the old response still refuses to read it.
            using TarantoolResponse next = await fixture.Connection.CallAsync("echo", new UnsignedKey(8));
            Assert.Equal(new byte[] { 0xdd, 0, 0, 0, 1, 0x08 }, next.Data.ToArray());
            Assert.Throws<ObjectDisposedException>(() => response.Body.Length);
        }
    }
}
