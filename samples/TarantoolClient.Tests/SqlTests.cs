using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>A row of SQL table <c>books</c> (init.lua), and the positional parameters of its INSERT.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct Book(
        [property: MsgPackKey(0)] long Id,
        [property: MsgPackKey(1)] string Title,
        [property: MsgPackKey(2)] long? Year,
        [property: MsgPackKey(3)] double Price);

    /// <summary>A row of <c>SELECT id, year FROM books</c>: reads allocate nothing.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct BookYear([property: MsgPackKey(0)] long Id, [property: MsgPackKey(1)] long? Year);

    /// <summary>One positional parameter.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct OneParameter([property: MsgPackKey(0)] long Value);

    /// <summary>Named parameters: a map whose keys are the names, bound through <see cref="SqlNamedParameters{T}"/>.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public readonly partial record struct YearRange([property: MsgPackKey(":from")] long From, [property: MsgPackKey("@to")] long To);

    /// <summary>A counter tuple of space <c>values</c>: <c>[id, name, count]</c>.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct Counter([property: MsgPackKey(0)] ulong Id, [property: MsgPackKey(1)] string Name, [property: MsgPackKey(2)] long Count);

    /// <summary><c>[["+", 2, n]]</c>.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct AddToCount([property: MsgPackKey(0)] IntegerOperation Add);

    /// <summary>SQL (EXECUTE with positional and named parameters, typed rows, metadata; PREPARE) and UPSERT against the real server.</summary>
    [Collection(TarantoolCollection.Name)]
    public sealed class SqlTests(TarantoolFixture fixture)
    {
        private async Task InsertBooksAsync(long first, int count)
        {
            for (long id = first; id < first + count; id++)
            {
                using TarantoolResponse inserted = await fixture.Connection.ExecuteAsync(
                    "INSERT INTO books VALUES (?, ?, ?, ?)", new Book(id, "Book " + id, YearOf(id), id * 1.25));
                Assert.Equal(1ul, inserted.GetSqlInfo().RowCount);
                Assert.Empty(inserted.GetSqlColumns());
            }
        }

        // Years 2000 + the id's last two digits; none for every seventh id.
        private static long? YearOf(long id) => id % 7 == 0 ? null : 2000 + (id % 100);

        [TarantoolFact]
        public async Task Positional_parameters_select_typed_rows_with_their_columns()
        {
            await InsertBooksAsync(100, 10);
            using TarantoolTuples<Book> rows = await fixture.Connection.ExecuteAsync<OneParameter, Book>(
                "SELECT id, title, year, price FROM books WHERE id >= ? AND id < 110 ORDER BY id", new OneParameter(105));
            Assert.Equal(
                [new(105, "Book 105", null, 131.25), new(106, "Book 106", 2006, 132.5), new(107, "Book 107", 2007, 133.75), new(108, "Book 108", 2008, 135), new(109, "Book 109", 2009, 136.25)],
                Read(rows));
            Assert.Equal(
                [new SqlColumn("ID", "integer"), new SqlColumn("TITLE", "string"), new SqlColumn("YEAR", "integer"), new SqlColumn("PRICE", "number")],
                rows.Response.GetSqlColumns());
            Assert.Equal(0ul, rows.Response.GetSqlInfo().RowCount);
        }

        [TarantoolFact]
        public async Task Named_parameters_bind_by_name()
        {
            await InsertBooksAsync(200, 10);
            var range = new SqlNamedParameters<YearRange>(new YearRange(2004, 2006));
            using TarantoolTuples<BookYear> rows = await fixture.Connection.ExecuteAsync<SqlNamedParameters<YearRange>, BookYear>(
                "SELECT id, year FROM books WHERE year BETWEEN :from AND @to AND id >= 200 AND id < 210 ORDER BY id", range);
            Assert.Equal([new(204, 2004), new(205, 2005), new(206, 2006)], Read(rows));

            // Bound as IPROTO wants them: an array of one-entry maps.
            var output = new System.Buffers.ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            SqlNamedParameters<YearRange>.Write(ref writer, range);
            writer.Flush();
            Assert.Equal("[{\":from\":2004},{\"@to\":2006}]", MsgPackJson.ToJson(output.WrittenSpan));
            Assert.Equal(output.WrittenCount, SqlNamedParameters<YearRange>.GetEncodedLength(range));
            var reader = new MsgPackReader(output.WrittenSpan);
            Assert.Equal(range, SqlNamedParameters<YearRange>.Read(ref reader, 0));
        }

        [TarantoolFact]
        public async Task Full_metadata_and_autoincrement_ids()
        {
            await using TarantoolConnection connection = await fixture.ConnectAsync();
            using (await connection.EvalAsync("box.session.settings.sql_full_metadata = true", new EmptyArray()))
            {
            }

            using (TarantoolResponse inserted = await connection.ExecuteAsync("INSERT INTO notes VALUES (?, ?), (?, ?)", new TwoNotes(null, "first", null, "second")))
            {
                SqlInfo info = inserted.GetSqlInfo();
                Assert.Equal(2ul, info.RowCount);
                Assert.Equal(2, info.AutoincrementIds.Count);
                Assert.Equal(info.AutoincrementIds[0] + 1, info.AutoincrementIds[1]);
            }

            using TarantoolResponse selected = await connection.ExecuteAsync("SELECT id, body FROM notes WHERE body = 'FIRST'", new EmptyArray());
            IReadOnlyList<SqlColumn> columns = selected.GetSqlColumns();
            Assert.Equal(new SqlColumn("ID", "integer", null, false, true, "id"), columns[0]);
            Assert.Equal(new SqlColumn("BODY", "string", "unicode_ci", true, false, "body"), columns[1]);
        }

        [TarantoolFact]
        public async Task A_prepared_statement_runs_by_its_id_until_it_is_unprepared()
        {
            await InsertBooksAsync(300, 5);
            PreparedStatement statement = await fixture.Connection.PrepareAsync("SELECT id, year FROM books WHERE id = ?");
            Assert.Equal(1, statement.ParameterCount);
            Assert.Equal([new SqlColumn("?", "ANY")], statement.Parameters);
            Assert.Equal([new SqlColumn("ID", "integer"), new SqlColumn("YEAR", "integer")], statement.Columns);
            for (long id = 300; id < 305; id++)
            {
                using TarantoolTuples<BookYear> rows = await fixture.Connection.ExecuteAsync<OneParameter, BookYear>(statement, new OneParameter(id));
                Assert.Equal(new BookYear(id, YearOf(id)), Assert.Single(Read(rows)));
            }

            // A prepared DML statement with named parameters: what it did is in SQL_INFO.
            PreparedStatement update = await fixture.Connection.PrepareAsync("UPDATE books SET year = :from WHERE id BETWEEN 300 AND @to");
            Assert.Equal(2, update.ParameterCount);
            Assert.Equal([":from", "@to"], update.Parameters.Select(p => p.Name));
            Assert.Empty(update.Columns);
            using (TarantoolResponse updated = await fixture.Connection.ExecuteAsync(update, new SqlNamedParameters<YearRange>(new YearRange(1999, 302))))
            {
                Assert.Equal(3ul, updated.GetSqlInfo().RowCount);
            }

            await fixture.Connection.UnprepareAsync(statement);
            await fixture.Connection.UnprepareAsync(update);
            var error = await Assert.ThrowsAsync<TarantoolException>(async () =>
            {
                using TarantoolResponse _ = await fixture.Connection.ExecuteAsync(statement, new OneParameter(300));
            });
            Assert.Contains("Prepared statement", error.Message, StringComparison.OrdinalIgnoreCase);
        }

        [TarantoolFact]
        public async Task An_SQL_error_is_a_TarantoolException_and_the_connection_goes_on()
        {
            var error = await Assert.ThrowsAsync<TarantoolException>(async () =>
            {
                using TarantoolTuples<Book> _ = await fixture.Connection.ExecuteAsync<EmptyArray, Book>("SELEKT 1", new EmptyArray());
            });
            Assert.Contains("Syntax error", error.Message, StringComparison.OrdinalIgnoreCase);
            await Assert.ThrowsAsync<TarantoolException>(async () => await fixture.Connection.PrepareAsync("SELECT * FROM no_such_table"));
            await fixture.Connection.PingAsync();
        }

        [TarantoolFact]
        public async Task Upsert_inserts_a_new_tuple_and_applies_its_operations_to_a_stored_one()
        {
            var counter = new Counter(95_000, "upserted", 1);
            using (TarantoolResponse first = await fixture.Connection.UpsertAsync(fixture.ValuesSpace, counter, new AddToCount(new("+", 2, 10))))
            {
                Assert.Equal(0, first.Tuples<Counter>().Count); // UPSERT answers with no tuple
            }

            for (int i = 0; i < 3; i++)
            {
                using TarantoolResponse _ = await fixture.Connection.UpsertAsync(fixture.ValuesSpace, counter, new AddToCount(new("+", 2, 10)));
            }

            using TarantoolTuples<Counter> stored = await fixture.Connection.SelectAsync<UnsignedKey, Counter>(fixture.ValuesSpace, 0, new UnsignedKey(95_000));
            Assert.Equal(counter with { Count = 31 }, Assert.Single(Read(stored)));
        }

        [TarantoolFact]
        public async Task Upsert_adds_decimals_in_the_server()
        {
            var payment = new Types.Payment(96_000, 0.10m, Guid.Parse("00000000-0000-4000-8000-000000096000"), "upserted");
            for (int i = 0; i < 3; i++)
            {
                using TarantoolResponse _ = await fixture.Connection.UpsertAsync(fixture.PaymentsSpace, payment, new Types.DecimalOperations(new DecimalOperation("+", 1, 0.20m)));
            }

            using TarantoolTuples<Types.Payment> stored = await fixture.Connection.SelectAsync<UnsignedKey, Types.Payment>(fixture.PaymentsSpace, 0, new UnsignedKey(96_000));
            Assert.Equal(payment with { Amount = 0.50m }, Assert.Single(Read(stored)));
        }

        private static List<T> Read<T>(TarantoolTuples<T> tuples)
            where T : IMsgPackSerializable<T>
        {
            var read = new List<T>();
            foreach (T item in tuples)
            {
                read.Add(item);
            }

            return read;
        }
    }

    /// <summary>Four positional parameters: two notes, their ids NULL (autoincrement).</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct TwoNotes(
        [property: MsgPackKey(0)] long? FirstId,
        [property: MsgPackKey(1)] string First,
        [property: MsgPackKey(2)] long? SecondId,
        [property: MsgPackKey(3)] string Second);
}
