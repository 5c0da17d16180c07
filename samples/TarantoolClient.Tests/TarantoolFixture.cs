using System;
using System.Threading.Tasks;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>One server for every test class of the collection (they run one after another), and a connection as the test user.</summary>
    public sealed class TarantoolFixture : IAsyncLifetime
    {
        public const string User = "tester";
        public const string Password = "secret";

        private TarantoolServer? _server;
        private TarantoolConnection? _connection;

        public TarantoolServer Server => _server ?? throw new InvalidOperationException("Not started: " + (TarantoolPrerequisite.SkipReason ?? "InitializeAsync has not run."));

        /// <summary>A connection shared by the tests that need no special options.</summary>
        public TarantoolConnection Connection => _connection ?? throw new InvalidOperationException("Not started.");

        /// <summary>The id of space <c>values</c> (TREE primary key on an unsigned field 1; other fields of any type).</summary>
        public uint ValuesSpace { get; private set; }

        /// <summary>The id of space <c>hashed</c> (HASH primary key on unsigned field 1, no format).</summary>
        public uint HashedSpace { get; private set; }

        /// <summary>The id of space <c>payments</c>: <c>[id, amount (decimal), reference (uuid), note]</c>, indexes 1 (amount) and 2 (reference).</summary>
        public uint PaymentsSpace { get; private set; }

        public async Task InitializeAsync()
        {
            // No tarantool and CI not set: every test that needs the server is skipped ([TarantoolFact]); the tests of
            // the collection against a fake server run. With CI set, a missing tarantool fails here, and so every test
            // of the collection.
            if (TarantoolPrerequisite.SkipReason is not null)
            {
                return;
            }

            _server = TarantoolServer.Start();
            _connection = await ConnectAsync();
            using TarantoolResponse ids = await _connection.EvalAsync("return box.space.values.id, box.space.hashed.id, box.space.payments.id", new EmptyArray());
            MsgPackReader reader = ids.GetDataReader();
            Assert.Equal(3, reader.ReadArrayHeader());
            ValuesSpace = reader.ReadUInt32();
            HashedSpace = reader.ReadUInt32();
            PaymentsSpace = reader.ReadUInt32();
        }

        /// <summary>A new connection as the test user.</summary>
        public Task<TarantoolConnection> ConnectAsync(TarantoolConnectionOptions? options = null) =>
            TarantoolConnection.ConnectAsync(Server.EndPoint, (options ?? new TarantoolConnectionOptions()) with { User = User, Password = Password });

        /// <summary>
        /// A new connection as the test user whose timeouts are a few milliseconds: the authentication is a request
        /// under them too, and on a loaded machine it may take longer, so a connection that timed out is tried again
        /// (up to 10 times).
        /// </summary>
        public async Task<TarantoolConnection> ConnectWithShortTimeoutsAsync(TarantoolConnectionOptions options)
        {
            for (int attempt = 1; ; attempt++)
            {
                try
                {
                    return await ConnectAsync(options);
                }
                catch (TimeoutException) when (attempt < 10)
                {
                }
            }
        }

        public async Task DisposeAsync()
        {
            if (_connection is not null)
            {
                await _connection.DisposeAsync();
            }

            _server?.Dispose();
        }
    }

    [CollectionDefinition(Name)]
    public sealed class TarantoolCollection : ICollectionFixture<TarantoolFixture>
    {
        public const string Name = "tarantool";
    }

    /// <summary>
    /// A server of its own for tests that count the whole process's allocated bytes: the send and receive loops run
    /// on the thread pool, so the count is process-wide, and test classes of other collections running beside them
    /// (the slot interleavings, the fake-server tests) would be counted too. xunit runs a collection that disables
    /// parallelization after all the others, alone.
    /// </summary>
    [CollectionDefinition(Name, DisableParallelization = true)]
    public sealed class TarantoolAloneCollection : ICollectionFixture<TarantoolFixture>
    {
        public const string Name = "tarantool, alone";
    }
}
