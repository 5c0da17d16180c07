-- The Tarantool of the sample's tests and throughput run. TarantoolServer (TarantoolServer.cs) starts it as
-- `tarantool init.lua` in a temporary directory, with MSGPACK_SPEC_TARANTOOL_LISTEN=127.0.0.1:<free port>, and
-- stops it by its process id.
local fiber = require('fiber')
local decimal = require('decimal')
local uuid = require('uuid')
local ffi = require('ffi')

-- Everything in memory, nothing on disk but the log: the directory is thrown away.
box.cfg{ wal_mode = 'none', log = 'tarantool.log', log_level = 5, memtx_memory = 256 * 1024 * 1024 }

-- A test host that dies without stopping us (killed, crashed) must not leave a server behind: exit once our parent
-- process is gone (we are then re-parented).
ffi.cdef('int getppid(void);')
local parent = ffi.C.getppid()
fiber.create(function()
    while true do
        fiber.sleep(0.5)
        if ffi.C.getppid() ~= parent then
            os.exit(0)
        end
    end
end)

box.schema.user.create('tester', { password = 'secret', if_not_exists = true })
box.schema.user.grant('tester', 'read,write,execute,create,drop,alter', 'universe', nil, { if_not_exists = true })

-- Field 1 is an unsigned key; the other fields take any MessagePack.
local values = box.schema.space.create('values', { if_not_exists = true, format = { { name = 'id', type = 'unsigned' } } })
values:create_index('primary', { type = 'TREE', parts = { 1, 'unsigned' }, if_not_exists = true })
local hashed = box.schema.space.create('hashed', { if_not_exists = true })
hashed:create_index('primary', { type = 'HASH', parts = { 1, 'unsigned' }, if_not_exists = true })

-- Tarantool's own types, indexed: a decimal amount (non-unique TREE) and a uuid reference (unique TREE).
local payments = box.schema.space.create('payments', { if_not_exists = true, format = {
    { name = 'id', type = 'unsigned' }, { name = 'amount', type = 'decimal' },
    { name = 'reference', type = 'uuid' }, { name = 'note', type = 'string', is_nullable = true } } })
payments:create_index('primary', { parts = { 'id' }, if_not_exists = true })
payments:create_index('amount', { parts = { 'amount' }, unique = false, if_not_exists = true })
payments:create_index('reference', { parts = { 'reference' }, if_not_exists = true })

-- SQL's tables: books (typed rows, positional and named parameters, prepared statements) and notes (autoincrement).
assert(box.execute([[CREATE TABLE IF NOT EXISTS books (id INTEGER PRIMARY KEY, title STRING NOT NULL, year INTEGER, price NUMBER)]]))
assert(box.execute([[CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY AUTOINCREMENT, body STRING COLLATE "unicode_ci")]]))

-- What the server makes of a payment: the amount's and the reference's types and texts.
function describe_payment(id)
    local t = box.space.payments:get(id)
    return decimal.is_decimal(t.amount), tostring(t.amount), ffi.istype('struct tt_uuid', t.reference), tostring(t.reference)
end

-- Arithmetic in the server's decimals (38 digits): amount * factor + addend, stored, and the new tuple returned.
function scale_payment(id, factor, addend)
    local t = box.space.payments:get(id)
    return box.space.payments:update(id, { { '=', 'amount', t.amount * decimal.new(factor) + decimal.new(addend) } })
end

-- A division whose quotient has 38 digits: what no .NET decimal holds.
function divide_payment(id, divisor)
    local t = box.space.payments:get(id)
    return box.space.payments:update(id, { { '=', 'amount', t.amount / divisor } })
end

-- CALL targets.
function echo(...)
    return ...
end

function mixed()
    return 1, -1, 1.5, 'text', true, box.NULL, { 1, 2, 3 }, { key = 'value' },
        18446744073709551615ULL, -9223372036854775807LL - 1, decimal.new('1.23'),
        uuid.fromstr('f81d4fae-7dec-11d0-a765-00a0c91e6bf6'), string.rep('é', 40)
end

function sleep_echo(delay, value)
    fiber.sleep(delay)
    return value
end

function big(length)
    return string.rep('x', length)
end

-- What the server makes of field 2 of a stored tuple: its Lua type, whether it is a decimal or a uuid, its text.
function describe(id)
    local v = box.space.values:get(id)[2]
    -- uuid.is_uuid arrived after 2.6; the uuid module's values are cdata of struct tt_uuid.
    return type(v), decimal.is_decimal(v), type(v) == 'cdata' and ffi.istype('struct tt_uuid', v), tostring(v)
end

function fail_custom()
    box.error({ type = 'SampleError', reason = 'a custom failure' })
end

function return_error()
    local cause = box.error.new({ type = 'CauseError', reason = 'the cause' })
    local e = box.error.new({ type = 'SampleError', reason = 'an error returned as a value' })
    e:set_prev(cause)
    return e
end

-- Lua's own way to fail without raising: nil and an error, which reaches the client as MP_ERROR (ext 3) when the
-- session has box.session.settings.error_marshaling_enabled.
function safe_divide(a, b)
    if b == 0 then
        return nil, box.error.new({ type = 'DivisionError', reason = 'division by zero' })
    end
    return math.floor(a / b), nil
end

-- Listen last, once the spaces and functions exist: a client that got the greeting finds them.
box.cfg{ listen = os.getenv('MSGPACK_SPEC_TARANTOOL_LISTEN') }
