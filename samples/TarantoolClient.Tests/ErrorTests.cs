using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>What init.lua's <c>safe_divide</c> returns: the quotient, or nil and an error (MP_ERROR, read by the converter).</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial record DivisionOutcome(
        [property: MsgPackKey(0)] long? Quotient,
        [property: MsgPackKey(1), MsgPackConverter(typeof(TarantoolErrorConverter))] TarantoolException? Error);

    /// <summary>One argument: an error, sent as MP_ERROR.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial record ErrorArgument([property: MsgPackKey(0), MsgPackConverter(typeof(TarantoolErrorConverter))] TarantoolException Error);

    [MsgPackObject(MsgPackLayout.Array)]
    public readonly partial record struct DivideArguments([property: MsgPackKey(0)] long A, [property: MsgPackKey(1)] long B);

    [Collection(TarantoolCollection.Name)]
    public sealed class ErrorTests(TarantoolFixture fixture)
    {
        [TarantoolFact]
        public async Task A_duplicate_key_comes_back_as_code_message_and_stack()
        {
            byte[] tuple = Encode.Pair(50_000, Encode.Bytes((ref Span<byte> s) => MsgPackSpec.WriteString(ref s, "first")));
            using (await fixture.Connection.ReplaceAsync(fixture.ValuesSpace, new MsgPackBytes(tuple)))
            {
            }

            var error = await Assert.ThrowsAsync<TarantoolException>(async () =>
            {
                using TarantoolResponse _ = await fixture.Connection.InsertAsync(fixture.ValuesSpace, new MsgPackBytes(tuple));
            });
            Assert.Equal(3u, error.Code); // ER_TUPLE_FOUND
            Assert.Contains("Duplicate key exists in unique index 'primary' in space 'values'", error.Message, StringComparison.Ordinal);
            TarantoolErrorFrame frame = Assert.Single(error.Stack);
            Assert.Equal("ClientError", frame.Type);
            Assert.Equal(3u, frame.Code);
            Assert.Equal(error.Message, frame.Message);
            Assert.NotEqual("", frame.File);
            Assert.True(frame.Line > 0);

            // The connection goes on.
            await fixture.Connection.PingAsync();
        }

        [TarantoolFact]
        public async Task An_unknown_function_is_error_33()
        {
            var error = await Assert.ThrowsAsync<TarantoolException>(async () =>
            {
                using TarantoolResponse _ = await fixture.Connection.CallAsync("no_such_function", new EmptyArray());
            });
            Assert.Equal(33u, error.Code); // ER_NO_SUCH_PROC
            Assert.Equal("Procedure 'no_such_function' is not defined", error.Message);
        }

        [TarantoolFact]
        public async Task A_custom_error_raised_in_Lua_keeps_its_type()
        {
            var error = await Assert.ThrowsAsync<TarantoolException>(async () =>
            {
                using TarantoolResponse _ = await fixture.Connection.CallAsync("fail_custom", new EmptyArray());
            });
            Assert.Equal("a custom failure", error.Message);
            TarantoolErrorFrame frame = Assert.Single(error.Stack);
            Assert.Equal("CustomError", frame.Type);
            Assert.Contains("SampleError", frame.FieldsJson, StringComparison.Ordinal);
        }

        [TarantoolFact]
        public async Task An_error_returned_as_a_value_is_an_MP_ERROR_extension_with_its_cause()
        {
            // MP_ERROR values appear only where the session asks for them.
            await using TarantoolConnection connection = await fixture.ConnectAsync();
            using (await connection.EvalAsync("box.session.settings.error_marshaling_enabled = true", new EmptyArray()))
            {
            }

            using TarantoolResponse response = await connection.CallAsync("return_error", new EmptyArray());
            MsgPackReader reader = response.GetDataReader();
            Assert.Equal(1, reader.ReadArrayHeader());
            Assert.Equal(TarantoolErrorFrame.ExtensionType, reader.PeekToken().ExtensionType);
            IReadOnlyList<TarantoolErrorFrame> stack = TarantoolErrorFrame.ReadExtension(ref reader);
            Assert.True(reader.End);
            Assert.Equal(2, stack.Count);
            Assert.Equal("an error returned as a value", stack[0].Message);
            Assert.Equal("the cause", stack[1].Message);
            Assert.All(stack, frame => Assert.Equal("CustomError", frame.Type));
        }

        [TarantoolFact]
        public async Task A_typed_result_reads_the_error_a_function_returns_into_a_TarantoolException()
        {
            await using TarantoolConnection connection = await fixture.ConnectAsync();
            using (await connection.EvalAsync("box.session.settings.error_marshaling_enabled = true", new EmptyArray()))
            {
            }

            using (TarantoolResponse failed = await connection.CallAsync("safe_divide", new DivideArguments(7, 0)))
            {
                MsgPackReader reader = failed.GetDataReader();
                DivisionOutcome outcome = DivisionOutcome.Read(ref reader);
                Assert.Null(outcome.Quotient);
                TarantoolException error = Assert.IsType<TarantoolException>(outcome.Error);
                Assert.Equal("division by zero", error.Message);
                TarantoolErrorFrame frame = Assert.Single(error.Stack);
                Assert.Equal("CustomError", frame.Type);
                Assert.Contains("DivisionError", frame.FieldsJson, StringComparison.Ordinal);
            }

            using TarantoolResponse divided = await connection.CallAsync("safe_divide", new DivideArguments(7, 2));
            MsgPackReader again = divided.GetDataReader();
            Assert.Equal(new DivisionOutcome(3, null), DivisionOutcome.Read(ref again));
        }

        [TarantoolFact]
        public async Task An_error_sent_as_MP_ERROR_comes_back_from_the_server_the_same()
        {
            await using TarantoolConnection connection = await fixture.ConnectAsync();
            using (await connection.EvalAsync("box.session.settings.error_marshaling_enabled = true", new EmptyArray()))
            {
            }

            var sent = new TarantoolException(0, "sent by the client", [
                new TarantoolErrorFrame("CustomError", "client.cs", 12, "sent by the client", 0, 0, """{"custom_type":"ClientSide"}"""),
                new TarantoolErrorFrame("ClientError", "client.cs", 34, "its cause", 0, 3, "{}"),
            ]);
            using TarantoolResponse echoed = await connection.CallAsync("echo", new ErrorArgument(sent));
            MsgPackReader reader = echoed.GetDataReader();
            ErrorArgument back = ErrorArgument.Read(ref reader);
            Assert.Equal(("sent by the client", 2), (back.Error.Message, back.Error.Stack.Count));
            Assert.Equal(("CustomError", "client.cs", 12u, "its cause", 3u), (back.Error.Stack[0].Type, back.Error.Stack[0].File, back.Error.Stack[0].Line, back.Error.Stack[1].Message, back.Error.Stack[1].Code));
            Assert.Contains("ClientSide", back.Error.Stack[0].FieldsJson, StringComparison.Ordinal);
        }

        [TarantoolFact]
        public async Task A_request_the_server_cannot_parse_is_an_error_not_a_lost_connection()
        {
            // SELECT without its limit: Tarantool 2.6 requires the field.
            var error = await Assert.ThrowsAsync<TarantoolException>(async () =>
            {
                using TarantoolResponse _ = await fixture.Connection.SendAsync(IprotoCode.Select, new MsgPackBytes(Encode.Bytes((ref Span<byte> s) =>
                {
                    MsgPackSpec.WriteMapHeader(ref s, 1);
                    MsgPackSpec.WriteUInt32(ref s, 0x10);
                    MsgPackSpec.WriteUInt32(ref s, fixture.ValuesSpace);
                })));
            });
            Assert.Contains("Missing mandatory field 'limit'", error.Message, StringComparison.Ordinal);
            await fixture.Connection.PingAsync();
        }
    }
}
