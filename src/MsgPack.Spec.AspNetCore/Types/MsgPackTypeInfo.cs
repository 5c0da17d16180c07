using System.Collections.Generic;
using System.Runtime.InteropServices;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.AspNetCore
{
    /// <summary>
    /// How values of one <see cref="Type"/> are written and read when only the <see cref="Type"/> is known (a hub
    /// method's parameters, an MVC action's body): the registry's entries. Each is a closed generic made at the call to
    /// <see cref="MsgPackTypeRegistry.Add{T}"/> or for a built-in type, so no reflection and no code made at run time
    /// are needed to reach a serializer (native AOT and trimming keep exactly what was registered).
    /// </summary>
    internal abstract class MsgPackTypeInfo
    {
        public abstract Type Type { get; }

        /// <summary>Reads one value (nil is <see langword="null"/> where the type allows it).</summary>
        public abstract object? ReadObject(ref MsgPackReader reader);

        /// <summary>Writes one value (<see langword="null"/> as nil).</summary>
        public abstract void WriteObject(ref MsgPackWriter writer, object? value);

        /// <summary>The exact number of bytes <see cref="WriteObject"/> writes for <paramref name="value"/>.</summary>
        public abstract int GetEncodedLength(object? value);
    }

    /// <summary>The typed half: what arrays, lists and nullables of a registered type are built on.</summary>
    internal abstract class MsgPackTypeInfo<T> : MsgPackTypeInfo
    {
        public override Type Type => typeof(T);

        public abstract T Read(ref MsgPackReader reader);

        public abstract void Write(ref MsgPackWriter writer, T value);

        public abstract int GetLength(T value);

        public sealed override object? ReadObject(ref MsgPackReader reader) => Read(ref reader);

        public sealed override void WriteObject(ref MsgPackWriter writer, object? value) => Write(ref writer, (T)value!);

        public sealed override int GetEncodedLength(object? value) => GetLength((T)value!);
    }

    /// <summary>An entry read and written as <see cref="object"/>: the body reader and writer are generic, MVC's model is not.</summary>
    internal sealed class BoxedTypeInfo : MsgPackTypeInfo<object?>
    {
        private readonly MsgPackTypeInfo _type;

        public BoxedTypeInfo(MsgPackTypeInfo type) => _type = type;

        public override Type Type => _type.Type;

        public override object? Read(ref MsgPackReader reader) => _type.ReadObject(ref reader);

        public override void Write(ref MsgPackWriter writer, object? value) => _type.WriteObject(ref writer, value);

        public override int GetLength(object? value) => _type.GetEncodedLength(value);
    }

    /// <summary>A type of the contract: <c>T.Write</c>, <c>T.Read</c> and <c>T.GetEncodedLength</c>, called through the static abstract members.</summary>
    internal sealed class SerializableTypeInfo<T> : MsgPackTypeInfo<T>
        where T : IMsgPackSerializable<T>
    {
        public static readonly SerializableTypeInfo<T> Instance = new SerializableTypeInfo<T>();

        // A reference type may be null (nil on the wire); a struct reads nil as T.Read does (an error).
        public override T Read(ref MsgPackReader reader)
        {
            if (!typeof(T).IsValueType && reader.IsNil())
            {
                reader.ReadNil();
                return default!;
            }

            return T.Read(ref reader);
        }

        public override void Write(ref MsgPackWriter writer, T value)
        {
            if (value is null)
            {
                writer.WriteNil();
                return;
            }

            T.Write(ref writer, in value);
        }

        public override int GetLength(T value) => value is null ? 1 : T.GetEncodedLength(in value);
    }

    /// <summary>A type the package writes itself (the primitive set), through three static methods.</summary>
    internal sealed class PrimitiveTypeInfo<T> : MsgPackTypeInfo<T>
    {
        private readonly ReadValue<T> _read;
        private readonly WriteValue<T> _write;
        private readonly Func<T, int> _length;

        public PrimitiveTypeInfo(ReadValue<T> read, WriteValue<T> write, Func<T, int> length)
        {
            _read = read;
            _write = write;
            _length = length;
        }

        public override T Read(ref MsgPackReader reader) => _read(ref reader);

        public override void Write(ref MsgPackWriter writer, T value) => _write(ref writer, value);

        public override int GetLength(T value) => _length(value);
    }

    /// <summary>Reads one value of <typeparamref name="T"/>.</summary>
    internal delegate T ReadValue<T>(ref MsgPackReader reader);

    /// <summary>Writes one value of <typeparamref name="T"/>.</summary>
    internal delegate void WriteValue<T>(ref MsgPackWriter writer, T value);

    /// <summary><see cref="Nullable{T}"/> of a registered struct: nil, or the value.</summary>
    internal sealed class NullableTypeInfo<T> : MsgPackTypeInfo<T?>
        where T : struct
    {
        private readonly MsgPackTypeInfo<T> _value;

        public NullableTypeInfo(MsgPackTypeInfo<T> value) => _value = value;

        public override T? Read(ref MsgPackReader reader)
        {
            if (reader.IsNil())
            {
                reader.ReadNil();
                return null;
            }

            return _value.Read(ref reader);
        }

        public override void Write(ref MsgPackWriter writer, T? value)
        {
            if (value is T some)
            {
                _value.Write(ref writer, some);
            }
            else
            {
                writer.WriteNil();
            }
        }

        public override int GetLength(T? value) => value is T some ? _value.GetLength(some) : 1;
    }

    /// <summary>An array of a registered type: nil, or a MessagePack array of its items.</summary>
    internal sealed class ArrayTypeInfo<T> : MsgPackTypeInfo<T[]>
    {
        private readonly MsgPackTypeInfo<T> _item;

        public ArrayTypeInfo(MsgPackTypeInfo<T> item) => _item = item;

        public override T[] Read(ref MsgPackReader reader)
        {
            if (reader.IsNil())
            {
                reader.ReadNil();
                return null!;
            }

            int count = reader.ReadArrayHeader();

            // Each item takes a byte at least: a count the input cannot hold fails before anything is allocated for it.
            MsgPackSerialization.CheckCount(count, 1, reader.Remaining);
            var items = count == 0 ? [] : new T[count];
            for (int i = 0; i < items.Length; i++)
            {
                items[i] = _item.Read(ref reader);
            }

            return items;
        }

        public override void Write(ref MsgPackWriter writer, T[] value)
        {
            if (value is null)
            {
                writer.WriteNil();
                return;
            }

            WriteItems(ref writer, _item, value);
        }

        public override int GetLength(T[] value) => value is null ? 1 : GetItemsLength(_item, value);

        /// <summary>An array header and the items: the write of arrays and lists alike.</summary>
        internal static void WriteItems(ref MsgPackWriter writer, MsgPackTypeInfo<T> item, ReadOnlySpan<T> items)
        {
            writer.WriteArrayHeader(items.Length);
            foreach (T value in items)
            {
                item.Write(ref writer, value);
            }
        }

        internal static int GetItemsLength(MsgPackTypeInfo<T> item, ReadOnlySpan<T> items)
        {
            int length = MsgPackSpec.GetArrayHeaderEncodedLength(items.Length);
            foreach (T value in items)
            {
                length = checked(length + item.GetLength(value));
            }

            return length;
        }
    }

    /// <summary>A <see cref="List{T}"/> of a registered type: written and read as the array is.</summary>
    internal sealed class ListTypeInfo<T> : MsgPackTypeInfo<List<T>>
    {
        private readonly MsgPackTypeInfo<T> _item;

        public ListTypeInfo(MsgPackTypeInfo<T> item) => _item = item;

        public override List<T> Read(ref MsgPackReader reader)
        {
            if (reader.IsNil())
            {
                reader.ReadNil();
                return null!;
            }

            int count = reader.ReadArrayHeader();
            MsgPackSerialization.CheckCount(count, 1, reader.Remaining);
            var items = new List<T>(count);
            for (int i = 0; i < count; i++)
            {
                items.Add(_item.Read(ref reader));
            }

            return items;
        }

        public override void Write(ref MsgPackWriter writer, List<T> value)
        {
            if (value is null)
            {
                writer.WriteNil();
                return;
            }

            ArrayTypeInfo<T>.WriteItems(ref writer, _item, CollectionsMarshal.AsSpan(value));
        }

        public override int GetLength(List<T> value) => value is null ? 1 : ArrayTypeInfo<T>.GetItemsLength(_item, CollectionsMarshal.AsSpan(value));
    }
}
