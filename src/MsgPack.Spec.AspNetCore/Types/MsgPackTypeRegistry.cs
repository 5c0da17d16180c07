using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.AspNetCore
{
    /// <summary>
    /// The types that the hub protocol and the MVC formatters can write and read when all they are given is a
    /// <see cref="Type"/>: the primitive set, which is always there, and each type you add with <see cref="Add{T}"/>
    /// (with its arrays and lists).
    /// </summary>
    /// <remarks>
    /// <para>
    /// SignalR hands a protocol a hub method's parameter types as <see cref="Type"/> objects, and MVC hands a formatter
    /// the action's body type the same way. Reaching <c>T.Read</c> from a <see cref="Type"/> would take reflection
    /// (<c>MakeGenericMethod</c>), which native AOT cannot compile ahead. The registry instead holds, per type, a closed
    /// generic made where you wrote <c>Add&lt;Order&gt;()</c>: the compiler sees the instantiation, and nothing is
    /// looked up by reflection at run time.
    /// </para>
    /// <para>
    /// The primitive set: <see cref="bool"/>, the integer types, <see cref="char"/> (as its UTF-16 code, an integer),
    /// <see cref="float"/>, <see cref="double"/>, <see cref="decimal"/> (its invariant text), <see cref="string"/>,
    /// <c>byte[]</c> (bin), <see cref="DateTime"/> and <see cref="DateTimeOffset"/> (timestamp extension -1, UTC) and
    /// <see cref="Guid"/> (its 36-character text), each with its <see cref="Nullable{T}"/>, array and
    /// <see cref="List{T}"/>; these are the forms MessagePack-CSharp's standard resolver writes.
    /// </para>
    /// <para>
    /// Fill the registry at startup (the options' configure callbacks); it is read concurrently afterwards and must not
    /// change then.
    /// </para>
    /// </remarks>
    public sealed class MsgPackTypeRegistry
    {
        private readonly Dictionary<Type, MsgPackTypeInfo> _types = new Dictionary<Type, MsgPackTypeInfo>();

        /// <summary>Creates a registry that holds the primitive set.</summary>
        public MsgPackTypeRegistry()
        {
            AddPrimitives(this);
        }

        /// <summary>The number of types registered (the primitive set included, and each array and list).</summary>
        public int Count => _types.Count;

        /// <summary>
        /// Registers <typeparamref name="T"/> (a <see cref="MsgPackObjectAttribute"/> type, or any other of the
        /// contract), <c>T[]</c> and <c>List&lt;T&gt;</c>; registering a type twice changes nothing.
        /// </summary>
        /// <typeparam name="T">The type.</typeparam>
        /// <returns>This registry, for chaining.</returns>
        public MsgPackTypeRegistry Add<T>()
            where T : IMsgPackSerializable<T>
        {
            Register(SerializableTypeInfo<T>.Instance);
            return this;
        }

        /// <summary>
        /// Registers <see cref="Nullable{T}"/> of a struct of the contract (besides <typeparamref name="T"/>, its array
        /// and list, as <see cref="Add{T}"/>).
        /// </summary>
        /// <typeparam name="T">The struct.</typeparam>
        /// <returns>This registry, for chaining.</returns>
        public MsgPackTypeRegistry AddNullable<T>()
            where T : struct, IMsgPackSerializable<T>
        {
            Register(SerializableTypeInfo<T>.Instance);
            Set(new NullableTypeInfo<T>(SerializableTypeInfo<T>.Instance));
            return this;
        }

        /// <summary>Whether values of <paramref name="type"/> can be written and read.</summary>
        /// <param name="type">The type.</param>
        /// <returns><see langword="true"/> when it is registered.</returns>
        public bool Contains(Type type)
        {
            ArgumentNullException.ThrowIfNull(type);
            return _types.ContainsKey(type);
        }

        internal bool TryGet(Type type, [NotNullWhen(true)] out MsgPackTypeInfo? info) => _types.TryGetValue(type, out info);

        /// <summary>The entry of <paramref name="type"/>, or the error that says how to register it.</summary>
        internal MsgPackTypeInfo Get(Type type) =>
            _types.TryGetValue(type, out MsgPackTypeInfo? info) ? info : throw NotRegistered(type);

        internal static InvalidOperationException NotRegistered(Type type) =>
            new InvalidOperationException("The type " + type.FullName + " is not registered with MsgPack.Spec.AspNetCore: add it with Add<"
                + type.Name + ">() on the options (a type of the contract, IMsgPackSerializable<T>), or use one of the primitive set.");

        private void Register<T>(MsgPackTypeInfo<T> info)
        {
            Set(info);
            Set(new ArrayTypeInfo<T>(info));
            Set(new ListTypeInfo<T>(info));
        }

        private void Set(MsgPackTypeInfo info) => _types[info.Type] = info;

        private void AddValue<T>(ReadValue<T> read, WriteValue<T> write, Func<T, int> length)
            where T : struct
        {
            var info = new PrimitiveTypeInfo<T>(read, write, length);
            Register(info);
            Set(new NullableTypeInfo<T>(info));
        }

        private static void AddPrimitives(MsgPackTypeRegistry r)
        {
            r.AddValue(static (ref MsgPackReader x) => x.ReadBoolean(), static (ref MsgPackWriter w, bool v) => w.WriteBoolean(v), static _ => 1);
            r.AddValue(static (ref MsgPackReader x) => x.ReadByte(), static (ref MsgPackWriter w, byte v) => w.WriteByte(v), static v => MsgPackSpec.GetUInt64EncodedLength(v));
            r.AddValue(static (ref MsgPackReader x) => x.ReadSByte(), static (ref MsgPackWriter w, sbyte v) => w.WriteSByte(v), static v => MsgPackSpec.GetInt64EncodedLength(v));
            r.AddValue(static (ref MsgPackReader x) => x.ReadInt16(), static (ref MsgPackWriter w, short v) => w.WriteInt16(v), static v => MsgPackSpec.GetInt64EncodedLength(v));
            r.AddValue(static (ref MsgPackReader x) => x.ReadUInt16(), static (ref MsgPackWriter w, ushort v) => w.WriteUInt16(v), static v => MsgPackSpec.GetUInt64EncodedLength(v));
            r.AddValue(static (ref MsgPackReader x) => x.ReadInt32(), static (ref MsgPackWriter w, int v) => w.WriteInt32(v), static v => MsgPackSpec.GetInt64EncodedLength(v));
            r.AddValue(static (ref MsgPackReader x) => x.ReadUInt32(), static (ref MsgPackWriter w, uint v) => w.WriteUInt32(v), static v => MsgPackSpec.GetUInt64EncodedLength(v));
            r.AddValue(static (ref MsgPackReader x) => x.ReadInt64(), static (ref MsgPackWriter w, long v) => w.WriteInt64(v), static v => MsgPackSpec.GetInt64EncodedLength(v));
            r.AddValue(static (ref MsgPackReader x) => x.ReadUInt64(), static (ref MsgPackWriter w, ulong v) => w.WriteUInt64(v), static v => MsgPackSpec.GetUInt64EncodedLength(v));
            r.AddValue(static (ref MsgPackReader x) => (char)x.ReadUInt16(), static (ref MsgPackWriter w, char v) => w.WriteUInt16(v), static v => MsgPackSpec.GetUInt64EncodedLength(v));
            r.AddValue(static (ref MsgPackReader x) => x.ReadSingle(), static (ref MsgPackWriter w, float v) => w.WriteSingle(v), static _ => 5);
            r.AddValue(static (ref MsgPackReader x) => x.ReadDouble(), static (ref MsgPackWriter w, double v) => w.WriteDouble(v), static _ => 9);
            r.AddValue(static (ref MsgPackReader x) => WithCursor(ref x, MsgPackSerialization.ReadDecimal), static (ref MsgPackWriter w, decimal v) => MsgPackSerialization.WriteDecimal(ref w, v), MsgPackSerialization.GetDecimalEncodedLength);
            r.AddValue(static (ref MsgPackReader x) => WithCursor(ref x, MsgPackSerialization.ReadDateTime), static (ref MsgPackWriter w, DateTime v) => w.WriteTimestamp(Timestamp.FromDateTime(v)), static v => MsgPackSpec.GetTimestampEncodedLength(Timestamp.FromDateTime(v)));
            r.AddValue(static (ref MsgPackReader x) => WithCursor(ref x, MsgPackSerialization.ReadDateTimeOffset), static (ref MsgPackWriter w, DateTimeOffset v) => w.WriteTimestamp(Timestamp.FromDateTimeOffset(v)), static v => MsgPackSpec.GetTimestampEncodedLength(Timestamp.FromDateTimeOffset(v)));
            r.AddValue(static (ref MsgPackReader x) => WithCursor(ref x, MsgPackSerialization.ReadGuid), static (ref MsgPackWriter w, Guid v) => MsgPackSerialization.WriteGuid(ref w, v), static _ => MsgPackSerialization.GuidEncodedLength);

            // The two reference types: nil is null.
            r.Register(new PrimitiveTypeInfo<string?>(ReadString, WriteString, static v => v is null ? 1 : MsgPackSpec.GetStringEncodedLength(v)));
            r.Register(new PrimitiveTypeInfo<byte[]?>(ReadBinary, WriteBinary, static v => v is null ? 1 : MsgPackSpec.GetBinaryEncodedLength(v.Length)));
        }

        /// <summary>A helper of the generated code that reads through a cursor, called on a reader.</summary>
        private static T WithCursor<T>(ref MsgPackReader reader, CursorRead<T> read)
        {
            MsgPackCursor cursor = reader.GetCursor();
            T value = read(ref cursor, ref reader);
            reader.MoveTo(cursor);
            return value;
        }

        private delegate T CursorRead<T>(ref MsgPackCursor cursor, ref MsgPackReader reader);

        private static string? ReadString(ref MsgPackReader reader)
        {
            if (reader.IsNil())
            {
                reader.ReadNil();
                return null;
            }

            return reader.ReadString();
        }

        private static void WriteString(ref MsgPackWriter writer, string? value)
        {
            if (value is null)
            {
                writer.WriteNil();
            }
            else
            {
                writer.WriteString(value);
            }
        }

        private static byte[]? ReadBinary(ref MsgPackReader reader)
        {
            if (reader.IsNil())
            {
                reader.ReadNil();
                return null;
            }

            return reader.ReadBinary().ToArray();
        }

        private static void WriteBinary(ref MsgPackWriter writer, byte[]? value)
        {
            if (value is null)
            {
                writer.WriteNil();
            }
            else
            {
                writer.WriteBinary(value);
            }
        }
    }
}
