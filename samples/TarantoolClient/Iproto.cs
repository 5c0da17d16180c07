namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>The request and response codes of IPROTO, Tarantool's binary protocol (the header's key 0x00).</summary>
    public enum IprotoCode : uint
    {
        /// <summary>A successful response.</summary>
        Ok = 0x00,

        /// <summary>SELECT: tuples of an index by key.</summary>
        Select = 0x01,

        /// <summary>INSERT: a new tuple (fails when the primary key exists).</summary>
        Insert = 0x02,

        /// <summary>REPLACE: a tuple, replacing the one of the same primary key.</summary>
        Replace = 0x03,

        /// <summary>UPDATE: operations on the tuple of a key.</summary>
        Update = 0x04,

        /// <summary>DELETE: the tuple of a key.</summary>
        Delete = 0x05,

        /// <summary>AUTH: chap-sha1 authentication.</summary>
        Auth = 0x07,

        /// <summary>EVAL: a Lua expression.</summary>
        Eval = 0x08,

        /// <summary>UPSERT: a tuple, or operations on the tuple of its primary key when one exists; answers with no tuple.</summary>
        Upsert = 0x09,

        /// <summary>CALL: a stored function (the 1.7+ form, multiple return values).</summary>
        Call = 0x0a,

        /// <summary>EXECUTE: an SQL statement, by its text or by a prepared statement's id, with bound parameters.</summary>
        Execute = 0x0b,

        /// <summary>PREPARE: an SQL statement compiled once, executed by its id (with a statement id instead: unprepare).</summary>
        Prepare = 0x0d,

        /// <summary>PING.</summary>
        Ping = 0x40,

        /// <summary>
        /// IPROTO_CHUNK: a message a stored procedure sent with <c>box.session.push</c>, carrying its call's sync; the
        /// call's own response follows with the same sync.
        /// </summary>
        Push = 0x80,

        /// <summary>The bit an error response sets; the rest of the code is the error code.</summary>
        ErrorFlag = 0x8000,
    }

    /// <summary>The map keys of IPROTO headers and bodies that this client writes or reads.</summary>
    internal static class IprotoKey
    {
        public const byte Code = 0x00;
        public const byte Sync = 0x01;
        public const byte SchemaVersion = 0x05;
        public const byte SpaceId = 0x10;
        public const byte IndexId = 0x11;
        public const byte Limit = 0x12;
        public const byte Offset = 0x13;
        public const byte Iterator = 0x14;
        public const byte Key = 0x20;
        public const byte Tuple = 0x21;
        public const byte FunctionName = 0x22;
        public const byte UserName = 0x23;
        public const byte Expression = 0x27;
        public const byte Ops = 0x28;
        public const byte Options = 0x2b;
        public const byte Data = 0x30;
        public const byte ErrorMessage = 0x31;
        public const byte Metadata = 0x32;
        public const byte BindMetadata = 0x33;
        public const byte BindCount = 0x34;
        public const byte SqlText = 0x40;
        public const byte SqlBind = 0x41;
        public const byte SqlInfo = 0x42;
        public const byte StatementId = 0x43;
        public const byte ErrorStack = 0x52;
    }

    /// <summary>How SELECT walks an index from its key.</summary>
    public enum Iterator : uint
    {
        /// <summary>Tuples equal to the key (all of them for an empty key).</summary>
        Eq = 0,

        /// <summary>Equal, in reverse order.</summary>
        Req = 1,

        /// <summary>Every tuple (the key is ignored).</summary>
        All = 2,

        /// <summary>Less than the key.</summary>
        Lt = 3,

        /// <summary>Less than or equal.</summary>
        Le = 4,

        /// <summary>Greater than or equal.</summary>
        Ge = 5,

        /// <summary>Greater than the key.</summary>
        Gt = 6,
    }
}
