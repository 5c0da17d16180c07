using System.Collections;
using System.Collections.Generic;
using System.Text;

namespace MsgPack.Spec
{
    // The write: a walk of the graph that hands out one event per value or header, and the three ways to write them
    // (a writer, a span, a length), so the graph is walked, and its types decided, in one place.
    public static partial class MsgPackDynamic
    {
        private static void WriteEvent(ref MsgPackWriter writer, ref DynamicWalker walker)
        {
            switch (walker.Kind)
            {
                case DynamicEvent.Nil: writer.WriteNil(); break;
                case DynamicEvent.Boolean: writer.WriteBoolean(walker.Integer != 0); break;
                case DynamicEvent.Int64: writer.WriteInt64(walker.Integer); break;
                case DynamicEvent.UInt64: writer.WriteUInt64((ulong)walker.Integer); break;
                case DynamicEvent.ExactInteger: WriteExact(ref writer, walker.Code, walker.Integer); break;
                case DynamicEvent.Single: writer.WriteSingle((float)walker.Float); break;
                case DynamicEvent.Double: writer.WriteDouble(walker.Float); break;
                case DynamicEvent.Timestamp: writer.WriteTimestamp(walker.Timestamp); break;
                case DynamicEvent.String: writer.WriteString((string)walker.Reference!); break;
                case DynamicEvent.Binary: writer.WriteBinary(walker.Bytes.Span); break;
                case DynamicEvent.Extension: writer.WriteExtension((sbyte)walker.Integer, walker.Bytes.Span); break;
                case DynamicEvent.Raw: writer.WriteRaw(walker.Bytes.Span); break;
                case DynamicEvent.ArrayHeader: writer.WriteArrayHeader((int)walker.Integer); break;
                default: writer.WriteMapHeader((int)walker.Integer); break;
            }
        }

        private static void WriteEvent(ref Span<byte> destination, ref DynamicWalker walker)
        {
            switch (walker.Kind)
            {
                case DynamicEvent.Nil: MsgPackSpec.WriteNil(ref destination); break;
                case DynamicEvent.Boolean: MsgPackSpec.WriteBoolean(ref destination, walker.Integer != 0); break;
                case DynamicEvent.Int64: MsgPackSpec.WriteInt64(ref destination, walker.Integer); break;
                case DynamicEvent.UInt64: MsgPackSpec.WriteUInt64(ref destination, (ulong)walker.Integer); break;
                case DynamicEvent.ExactInteger: destination = destination.Slice(WriteExact(destination, walker.Code, walker.Integer)); break;
                case DynamicEvent.Single: MsgPackSpec.WriteSingle(ref destination, (float)walker.Float); break;
                case DynamicEvent.Double: MsgPackSpec.WriteDouble(ref destination, walker.Float); break;
                case DynamicEvent.Timestamp: MsgPackSpec.WriteTimestamp(ref destination, walker.Timestamp); break;
                case DynamicEvent.String: MsgPackSpec.WriteString(ref destination, (string)walker.Reference!); break;
                case DynamicEvent.Binary: MsgPackSpec.WriteBinary(ref destination, walker.Bytes.Span); break;
                case DynamicEvent.Extension: MsgPackSpec.WriteExtension(ref destination, (sbyte)walker.Integer, walker.Bytes.Span); break;
                case DynamicEvent.Raw: WriteRaw(ref destination, walker.Bytes.Span); break;
                case DynamicEvent.ArrayHeader: MsgPackSpec.WriteArrayHeader(ref destination, (int)walker.Integer); break;
                default: MsgPackSpec.WriteMapHeader(ref destination, (int)walker.Integer); break;
            }
        }

        private static int EventLength(ref DynamicWalker walker) => walker.Kind switch
        {
            DynamicEvent.Nil or DynamicEvent.Boolean => 1,
            DynamicEvent.Int64 => MsgPackSpec.GetInt64EncodedLength(walker.Integer),
            DynamicEvent.UInt64 => MsgPackSpec.GetUInt64EncodedLength((ulong)walker.Integer),
            DynamicEvent.ExactInteger => ExactLength(walker.Code),
            DynamicEvent.Single => 5,
            DynamicEvent.Double => 9,
            DynamicEvent.Timestamp => MsgPackSpec.GetTimestampEncodedLength(walker.Timestamp),
            DynamicEvent.String => MsgPackSpec.GetStringEncodedLength((string)walker.Reference!),
            DynamicEvent.Binary => MsgPackSpec.GetBinaryEncodedLength(walker.Bytes.Length),
            DynamicEvent.Extension => MsgPackSpec.GetExtensionEncodedLength(walker.Bytes.Length),
            DynamicEvent.Raw => walker.Bytes.Length,
            DynamicEvent.ArrayHeader => MsgPackSpec.GetArrayHeaderEncodedLength((int)walker.Integer),
            _ => MsgPackSpec.GetMapHeaderEncodedLength((int)walker.Integer),
        };

        /// <summary>The bytes of an integer in the exact format of its .NET type (uint 8 for a byte ... int 64 for a long): the code and 1, 2, 4 or 8 bytes.</summary>
        private static int ExactLength(byte code) => code switch
        {
            DataCodes.UInt8 or DataCodes.Int8 => 2,
            DataCodes.UInt16 or DataCodes.Int16 => 3,
            DataCodes.UInt32 or DataCodes.Int32 => 5,
            _ => 9,
        };

        private static void WriteExact(ref MsgPackWriter writer, byte code, long bits)
        {
            switch (code)
            {
                case DataCodes.UInt8: writer.WriteUInt8Exact(unchecked((byte)bits)); break;
                case DataCodes.UInt16: writer.WriteUInt16Exact(unchecked((ushort)bits)); break;
                case DataCodes.UInt32: writer.WriteUInt32Exact(unchecked((uint)bits)); break;
                case DataCodes.UInt64: writer.WriteUInt64Exact(unchecked((ulong)bits)); break;
                case DataCodes.Int8: writer.WriteInt8Exact(unchecked((sbyte)bits)); break;
                case DataCodes.Int16: writer.WriteInt16Exact(unchecked((short)bits)); break;
                case DataCodes.Int32: writer.WriteInt32Exact(unchecked((int)bits)); break;
                default: writer.WriteInt64Exact(bits); break;
            }
        }

        private static int WriteExact(Span<byte> destination, byte code, long bits) => code switch
        {
            DataCodes.UInt8 => MsgPackSpec.WriteUInt8Exact(destination, unchecked((byte)bits)),
            DataCodes.UInt16 => MsgPackSpec.WriteUInt16Exact(destination, unchecked((ushort)bits)),
            DataCodes.UInt32 => MsgPackSpec.WriteUInt32Exact(destination, unchecked((uint)bits)),
            DataCodes.UInt64 => MsgPackSpec.WriteUInt64Exact(destination, unchecked((ulong)bits)),
            DataCodes.Int8 => MsgPackSpec.WriteInt8Exact(destination, unchecked((sbyte)bits)),
            DataCodes.Int16 => MsgPackSpec.WriteInt16Exact(destination, unchecked((short)bits)),
            DataCodes.Int32 => MsgPackSpec.WriteInt32Exact(destination, unchecked((int)bits)),
            _ => MsgPackSpec.WriteInt64Exact(destination, bits),
        };

        private static void WriteRaw(ref Span<byte> destination, ReadOnlySpan<byte> bytes)
        {
            if (bytes.Length > destination.Length)
            {
                ThrowHelper.ThrowDestinationTooSmall(bytes.Length, destination.Length);
            }

            bytes.CopyTo(destination);
            destination = destination.Slice(bytes.Length);
        }

        /// <summary>What one step of <see cref="DynamicWalker"/> hands out.</summary>
        private enum DynamicEvent : byte
        {
            Nil,
            Boolean,
            Int64,
            UInt64,

            /// <summary>An integer in the exact format of its .NET type (<see cref="DynamicWalker.Code"/>), its bits in <see cref="DynamicWalker.Integer"/>.</summary>
            ExactInteger,
            Single,
            Double,
            Timestamp,
            String,
            Binary,
            Extension,
            Raw,
            ArrayHeader,
            MapHeader,
        }

        /// <summary>The kinds of open containers: how the walk gets the next item or entry.</summary>
        private enum ContainerKind : byte
        {
            ObjectArray,
            List,
            Collection,
            Dictionary,
            StringDictionary,
            ReadOnlyStringDictionary,
            ReadOnlyObjectDictionary,
        }

        /// <summary>An open container of the graph: where the walk is in it, and the value of the entry whose key it handed out.</summary>
        private struct WriteFrame
        {
            public object Source;
            public IEnumerator? Enumerator;
            public ContainerKind Kind;
            public int Count;
            public int Index;
            public bool HasValue;
            public object? Value;
            public object? Key;

            /// <summary>Whether the keys (of a map) and the values or items are typed <see cref="object"/> in the container: their integers then take the exact format of their type.</summary>
            public bool ObjectKeys;
            public bool ObjectValues;
        }

        /// <summary>
        /// Walks a graph without recursion: one event per value, and a header per array or map before its items.
        /// The open containers are a stack of frames, reused from one walk to the next on the thread.
        /// </summary>
        private ref struct DynamicWalker
        {
            [ThreadStatic]
            private static WriteFrame[]? t_frames;

            private readonly int _maxDepth;
            private WriteFrame[] _frames;
            private int _depth;
            private int _deepest;
            private object? _root;
            private bool _started;

            public DynamicWalker(object? root, int maxDepth)
            {
                _maxDepth = maxDepth;
                _frames = t_frames ?? new WriteFrame[16];
                t_frames = null;
                _depth = 0;
                _deepest = 0;
                _root = root;
                _started = false;
                _typedObject = false;
                Kind = DynamicEvent.Nil;
                Integer = 0;
                Code = 0;
                Float = 0;
                Timestamp = default;
                Reference = null;
                Bytes = default;
            }

            public DynamicEvent Kind;

            /// <summary>Int64, UInt64 or ExactInteger (its bits), Boolean (0 or 1), the ext type code, the count of a header.</summary>
            public long Integer;

            /// <summary>The format of an ExactInteger event (<see cref="DataCodes.UInt8"/> ... <see cref="DataCodes.Int64"/>).</summary>
            public byte Code;

            /// <summary>
            /// Whether the value being classified is typed <see cref="object"/> where it is (the root, an item of an
            /// <c>object[]</c>, a value of a <c>Dictionary&lt;object, object&gt;</c>...): MessagePack-CSharp's object
            /// formatter writes such an integer in the exact format of its type (an <see cref="int"/> as int 32, a
            /// <see cref="byte"/> as uint 8), so that it reads back as the same type; a typed container's integers
            /// (a <c>List&lt;int&gt;</c>) go through their type's formatter, in their smallest form.
            /// </summary>
            private bool _typedObject;

            public double Float;

            public Timestamp Timestamp;

            /// <summary>The string of a String event.</summary>
            public object? Reference;

            /// <summary>The bytes of a Binary, Extension or Raw event.</summary>
            public ReadOnlyMemory<byte> Bytes;

            public bool MoveNext()
            {
                object? value;
                if (!_started)
                {
                    _started = true;
                    value = _root;
                    _root = null;
                    _typedObject = true;
                }
                else if (!TryNextItem(out value))
                {
                    return false;
                }

                Classify(value);
                return true;
            }

            public void Dispose()
            {
                if (_frames != null)
                {
                    _frames.AsSpan(0, _deepest).Clear();
                    t_frames = _frames;
                    _frames = null!;
                }
            }

            /// <summary>The next item or key or value of the innermost open container, closing the finished ones.</summary>
            private bool TryNextItem(out object? value)
            {
                while (_depth > 0)
                {
                    ref WriteFrame frame = ref _frames[_depth - 1];
                    if (frame.HasValue)
                    {
                        value = frame.Value;
                        frame.HasValue = false;
                        frame.Value = null;
                        _typedObject = frame.ObjectValues;
                        return true;
                    }

                    if (frame.Index == frame.Count)
                    {
                        // The header said Count: a collection that has more now, or fewer, changed under the walk.
                        if (frame.Enumerator != null ? frame.Enumerator.MoveNext() : frame.Kind == ContainerKind.List && ((IList)frame.Source).Count != frame.Count)
                        {
                            ThrowChanged();
                        }

                        (frame.Enumerator as IDisposable)?.Dispose();
                        frame = default;
                        _depth--;
                        continue;
                    }

                    if (frame.Kind == ContainerKind.ObjectArray)
                    {
                        value = ((object?[])frame.Source)[frame.Index];
                    }
                    else if (frame.Kind == ContainerKind.List)
                    {
                        value = ((IList)frame.Source)[frame.Index];
                    }
                    else
                    {
                        if (!frame.Enumerator!.MoveNext())
                        {
                            ThrowChanged();
                        }

                        switch (frame.Kind)
                        {
                            case ContainerKind.Collection:
                                value = frame.Enumerator.Current;
                                break;
                            case ContainerKind.Dictionary:
                                DictionaryEntry entry = ((IDictionaryEnumerator)frame.Enumerator).Entry;
                                value = entry.Key;
                                frame.Value = entry.Value;
                                break;
                            case ContainerKind.ReadOnlyObjectDictionary:
                                KeyValuePair<object, object?> pair = ((IEnumerator<KeyValuePair<object, object?>>)frame.Enumerator).Current;
                                value = pair.Key;
                                frame.Value = pair.Value;
                                break;
                            default:
                                KeyValuePair<string, object?> named = ((IEnumerator<KeyValuePair<string, object?>>)frame.Enumerator).Current;
                                value = named.Key;
                                frame.Value = named.Value;
                                break;
                        }

                        if (frame.Kind >= ContainerKind.Dictionary)
                        {
                            frame.HasValue = true;
                            frame.Key = value;
                        }
                    }

                    _typedObject = frame.Kind >= ContainerKind.Dictionary ? frame.ObjectKeys : frame.ObjectValues;
                    frame.Index++;
                    return true;
                }

                value = null;
                return false;
            }

            /// <summary>Sets the event for one value by its runtime type; opens a frame for an array or map.</summary>
            private void Classify(object? value)
            {
                Reference = null;
                switch (value)
                {
                    case null: Kind = DynamicEvent.Nil; return;
                    case string text: Kind = DynamicEvent.String; Reference = text; return;
                    case int number when _typedObject: Exact(DataCodes.Int32, number); return;
                    case int number: Signed(number); return;
                    case long number when _typedObject: Exact(DataCodes.Int64, number); return;
                    case long number: Signed(number); return;
                    case bool flag: Kind = DynamicEvent.Boolean; Integer = flag ? 1 : 0; return;
                    case double number: Kind = DynamicEvent.Double; Float = number; return;
                    case byte number when _typedObject: Exact(DataCodes.UInt8, number); return;
                    case byte number: Unsigned(number); return;
                    case sbyte number when _typedObject: Exact(DataCodes.Int8, number); return;
                    case sbyte number: Signed(number); return;
                    case short number when _typedObject: Exact(DataCodes.Int16, number); return;
                    case short number: Signed(number); return;
                    case ushort number when _typedObject: Exact(DataCodes.UInt16, number); return;
                    case ushort number: Unsigned(number); return;
                    case uint number when _typedObject: Exact(DataCodes.UInt32, number); return;
                    case uint number: Unsigned(number); return;
                    case ulong number when _typedObject: Exact(DataCodes.UInt64, unchecked((long)number)); return;
                    case ulong number: Unsigned(number); return;
                    case float number: Kind = DynamicEvent.Single; Float = number; return;
                    case char letter: Unsigned(letter); return;
                    case DateTime time: Kind = DynamicEvent.Timestamp; Timestamp = Timestamp.FromDateTime(time); return;
                    case byte[] bytes: Kind = DynamicEvent.Binary; Bytes = bytes; return;
                    case Timestamp timestamp: Kind = DynamicEvent.Timestamp; Timestamp = timestamp; return;
                    case MsgPackExtension extension: Kind = DynamicEvent.Extension; Integer = extension.TypeCode; Bytes = extension.Data; return;
                    case MsgPackElement element: Kind = DynamicEvent.Raw; Bytes = element.GetRawBytes(); return;
                    case MsgPackDocument document: Kind = DynamicEvent.Raw; Bytes = document.RootElement.GetRawBytes(); return;
                    case Enum: Enumeration(value); return;
                    case IDictionary map: Open(map, map.GetEnumerator(), ContainerKind.Dictionary, map.Count); return;
                    case IDictionary<string, object?> map: Open(map, map.GetEnumerator(), ContainerKind.StringDictionary, map.Count); return;
                    case IReadOnlyDictionary<string, object?> map: Open(map, map.GetEnumerator(), ContainerKind.ReadOnlyStringDictionary, map.Count); return;
                    case IReadOnlyDictionary<object, object?> map: Open(map, map.GetEnumerator(), ContainerKind.ReadOnlyObjectDictionary, map.Count); return;
                    case object?[] items: Open(items, null, ContainerKind.ObjectArray, items.Length); return;
                    case IList list: Open(list, null, ContainerKind.List, list.Count); return;
                    case ICollection collection: Open(collection, collection.GetEnumerator(), ContainerKind.Collection, collection.Count); return;
                    case IReadOnlyCollection<object?> collection: Open(collection, collection.GetEnumerator(), ContainerKind.Collection, collection.Count); return;
                    default: ThrowNotSupported(value); return;
                }
            }

            private void Exact(byte code, long bits)
            {
                Kind = DynamicEvent.ExactInteger;
                Code = code;
                Integer = bits;
            }

            private void Signed(long value)
            {
                Kind = DynamicEvent.Int64;
                Integer = value;
            }

            private void Unsigned(ulong value)
            {
                Kind = DynamicEvent.UInt64;
                Integer = unchecked((long)value);
            }

            /// <summary>An enum: its underlying integer, as MessagePack-CSharp writes it.</summary>
            private void Enumeration(object value)
            {
                IConvertible number = (IConvertible)value;
                switch (Convert.GetTypeCode(value))
                {
                    case TypeCode.Byte:
                    case TypeCode.UInt16:
                    case TypeCode.UInt32:
                    case TypeCode.UInt64:
                        Unsigned(number.ToUInt64(null));
                        break;
                    default:
                        Signed(number.ToInt64(null));
                        break;
                }
            }

            private void Open(object source, IEnumerator? enumerator, ContainerKind kind, int count)
            {
                bool map = kind >= ContainerKind.Dictionary;
                Kind = map ? DynamicEvent.MapHeader : DynamicEvent.ArrayHeader;
                Integer = count;

                // Every array and map is a level, an empty one too, as the readers count them.
                if (_depth >= _maxDepth)
                {
                    (enumerator as IDisposable)?.Dispose();
                    ThrowTooDeep();
                }

                if (_depth == _frames.Length)
                {
                    Array.Resize(ref _frames, _depth * 2);
                }

                // Which of the container's keys and values are typed object (see _typedObject), from its type alone: an
                // object[] or a collection of references; a dictionary of object (or string) keys to object values; a
                // non-generic collection (ArrayList, Hashtable), whose items are objects. A generic container of a value
                // type (List<int>, Dictionary<string, long>) is typed.
                bool objectKeys = kind switch
                {
                    ContainerKind.ReadOnlyObjectDictionary => true,
                    ContainerKind.Dictionary => source is IEnumerable<KeyValuePair<object, object?>> || !source.GetType().IsGenericType,
                    _ => false,
                };
                bool objectValues = kind switch
                {
                    ContainerKind.ObjectArray or ContainerKind.StringDictionary or ContainerKind.ReadOnlyStringDictionary or ContainerKind.ReadOnlyObjectDictionary => true,
                    ContainerKind.Dictionary => objectKeys || source is IEnumerable<KeyValuePair<string, object?>>,
                    _ => source is IEnumerable<object?> || !(source is Array || source.GetType().IsGenericType),
                };
                _frames[_depth++] = new WriteFrame { Source = source, Enumerator = enumerator, Kind = kind, Count = count, ObjectKeys = objectKeys, ObjectValues = objectValues };
                _deepest = Math.Max(_deepest, _depth);
            }

            /// <summary>Where the walk is: <c>$</c>, then <c>[index]</c> per array and <c>.key</c> (or <c>[key]</c>) per map.</summary>
            private readonly string Path()
            {
                var path = new StringBuilder("$");
                for (int i = 0; i < _depth; i++)
                {
                    WriteFrame frame = _frames[i];
                    if (frame.Kind < ContainerKind.Dictionary)
                    {
                        path.Append('[').Append(frame.Index - 1).Append(']');
                    }
                    else if (frame.HasValue)
                    {
                        path.Append(" (a key of the map at ").Append(path).Append(')');
                        break;
                    }
                    else if (frame.Key is string name)
                    {
                        path.Append('.').Append(name);
                    }
                    else
                    {
                        path.Append('[').Append(frame.Key).Append(']');
                    }
                }

                return path.ToString();
            }

            [System.Diagnostics.CodeAnalysis.DoesNotReturn]
            private readonly void ThrowNotSupported(object value) =>
                throw new NotSupportedException(
                    $"A value of type {value.GetType()} at {Path()} cannot be written without its type: MsgPackDynamic writes null, bool, numbers, char, string, byte[], DateTime, enums, Timestamp, MsgPackExtension, MsgPackElement, MsgPackDocument, dictionaries and collections.");

            [System.Diagnostics.CodeAnalysis.DoesNotReturn]
            private readonly void ThrowTooDeep() =>
                throw new InvalidOperationException($"The graph nests deeper than MaxDepth ({_maxDepth}) at {Path()}: does it hold itself?");

            [System.Diagnostics.CodeAnalysis.DoesNotReturn]
            private readonly void ThrowChanged() =>
                throw new InvalidOperationException($"The collection at {Path()} changed while it was written: it no longer has the count written in its header.");
        }
    }
}
