using System.Collections.Generic;
using System.Linq;

namespace MsgPack.Spec.Generator
{
    // The members' collections: one helper class of write, length and read methods per list or dictionary shape.
    internal sealed partial class Emitter
    {
        private const string Immutable = "global::System.Collections.Immutable.";

        /// <summary>The helper name of a collection value, registering it (and, recursively, its elements') to be written.</summary>
        private string Collection(string name, ValueModel value)
        {
            if (!_collections.Any(c => c.Name == name))
            {
                _collections.Add((name, value));
            }

            return name;
        }

        private void EmitCollections()
        {
            Line("/// <summary>The members' collections: a MessagePack array per list, a map per dictionary.</summary>");
            Line("private static class MsgPackCollections");
            Open();

            // Writing an element may register the helper of a nested collection: walk until none is left.
            for (int i = 0; i < _collections.Count; i++)
            {
                if (i > 0)
                {
                    Line();
                }

                (string name, ValueModel value) = _collections[i];
                EmitCollection(name, value);
            }

            Close();
        }

        private void EmitCollection(string name, ValueModel value)
        {
            if (value.Kind == ValueKind.Tuple)
            {
                EmitTuple(name, value);
                return;
            }

            if (value.IsBulk)
            {
                EmitBulkImmutableArray(name, value);
                return;
            }

            string type = value.TypeName;
            bool isMap = value.Kind == ValueKind.Dictionary;
            string itemHelper = name + (isMap ? "Value" : "Item");
            string keyHelper = name + "Key";
            string path = _paths.TryGetValue(name, out string? outer) ? outer : name;
            _paths[itemHelper] = path + "[]";
            foreach (bool advancing in new[] { false, true })
            {
                OpenWriteHelper(name, type, value, advancing);
                string count = CountOf(value);
                Line(advancing
                    ? Spec + (isMap ? ".WriteMapHeader" : ".WriteArrayHeader") + "(ref destination, " + count + ");"
                    : (isMap ? "writer.WriteMapHeader(" : "writer.WriteArrayHeader(") + count + ");");
                EachItem(value, (item, key) =>
                {
                    if (isMap)
                    {
                        EmitValueWrite(value.Key!, key!, keyHelper, advancing);
                    }

                    EmitValueWrite(value.Element!, item, itemHelper, advancing);
                });
                Close();
                Line();
            }

            Line("public static int Get" + name + "Length(" + type + " value)");
            Open();
            EmitDefaultImmutableArray(value, () => Line("return 1;"));
            Line("int length = " + Spec + ".GetArrayHeaderEncodedLength(" + CountOf(value) + ");");
            EachItem(value, (item, key) =>
            {
                if (isMap)
                {
                    Line("length += " + Unparenthesize(LengthOf(value.Key!, key!, keyHelper)) + ";");
                }

                Line("length += " + Unparenthesize(LengthOf(value.Element!, item, itemHelper)) + ";");
            });
            Line("return length;");
            Close();
            Line();

            Line("public static bool TryRead" + name + "(ref " + Reader + " reader, int depth, out " + type + " value, ref " + Failure + " failure)");
            Open();
            Line(Cursor + " cursor = reader.GetCursor();");
            Line("long start = reader.Consumed;");
            Line("value = default" + (Nullable && value.IsReference ? "!" : string.Empty) + ";");
            if (value.Shape == CollectionShape.ImmutableArray)
            {
                Line("if (cursor.TryReadNil(ref reader) == " + Status + ".Done)");
                Open();
                Line("reader.MoveTo(cursor);");
                Line("return true;");
                Close();
                Line();
            }

            // Every item takes a byte at least (an entry two): a count the input cannot hold allocates nothing.
            Line("if (!" + Serialization + (isMap ? ".TryReadMapHeader" : ".TryReadArrayHeader") + "(ref cursor, ref reader, out int count, ref failure)");
            Line("    || !" + Serialization + ".CheckCount(count, " + (isMap ? 2 : 1) + ", start, ref cursor, ref reader, ref failure))");
            Open();
            Line("return false;");
            Close();
            Line();
            string created = value.Shape switch
            {
                CollectionShape.Array => ArrayCreation(Declared(value.Element!)),
                CollectionShape.Dictionary or CollectionShape.DictionaryInterface =>
                    "new global::System.Collections.Generic.Dictionary<" + value.Key!.TypeName + ", " + Declared(value.Element!) + ">(count)",
                CollectionShape.Set or CollectionShape.SetInterface => Serialization + ".NewHashSet<" + Declared(value.Element!) + ">(count)",
                CollectionShape.ImmutableArray => Immutable + "ImmutableArray.CreateBuilder<" + Declared(value.Element!) + ">(count)",
                CollectionShape.ImmutableList => Immutable + "ImmutableList.CreateBuilder<" + Declared(value.Element!) + ">()",
                CollectionShape.ImmutableDictionary => Immutable + "ImmutableDictionary.CreateBuilder<" + value.Key!.TypeName + ", " + Declared(value.Element!) + ">()",
                _ => "new global::System.Collections.Generic.List<" + Declared(value.Element!) + ">(count)",
            };
            Line("var result = " + created + ";");
            Line("int i = 0;");
            Line("for (; i < count; i++)");
            Open();
            if (isMap)
            {
                Line(Declared(value.Key!) + " key;");
                EmitValueRead(value.Key!, "key", keyHelper);
            }

            Line(Declared(value.Element!) + " item;");
            EmitValueRead(value.Element!, "item", itemHelper);
            if (isMap)
            {
                // A repeated key would replace the value read before it: the input is ambiguous, so it fails.
                Line("int before = result.Count;");
                Line("result[key] = item;");
                Line("if (result.Count == before)");
                Open();
                Line(Serialization + ".FailDuplicateKey(cursor.GetConsumed(ref reader), ref failure);");
                Line("goto Failed;");
                Close();
            }
            else if (value.Shape == CollectionShape.Array)
            {
                Line("result[i] = item;");
            }
            else if (value.Shape is CollectionShape.Set or CollectionShape.SetInterface)
            {
                // As a repeated map key: the writer did not write a set.
                Line("if (!result.Add(item))");
                Open();
                Line(Serialization + ".FailDuplicateElement(cursor.GetConsumed(ref reader), ref failure);");
                Line("goto Failed;");
                Close();
            }
            else
            {
                Line("result.Add(item);");
            }

            Close();
            Line();
            Line("reader.MoveTo(cursor);");
            Line(value.Shape switch
            {
                CollectionShape.ImmutableArray => "value = result.MoveToImmutable();",
                CollectionShape.ImmutableList or CollectionShape.ImmutableDictionary => "value = result.ToImmutable();",
                _ => "value = result;",
            });
            Line("return true;");

            // A failure inside an item, recorded: the item's index is added to its path on the way out.
            _indent--;
            Line();
            Line("Failed:");
            _indent++;
            Line("failure.AtIndex(i);");
            Line("return false;");
            Close();
        }

        /// <summary>
        /// Opens a collection's write helper (to a writer, or advancing a span): its signature, and for an ImmutableArray
        /// the nil written for a default one.
        /// </summary>
        private void OpenWriteHelper(string name, string type, ValueModel value, bool advancing)
        {
            Line("public static void Write" + name + "(" + (advancing ? "ref " + Span + " destination" : "ref " + Writer + " writer") + ", " + type + " value)");
            Open();
            EmitDefaultImmutableArray(value, () =>
            {
                Line(Nil(advancing));
                Line("return;");
            });
        }

        /// <summary>
        /// An ImmutableArray of numbers through the bulk array doors, as a <c>T[]</c> goes: its array lent to the writers as
        /// a span, and the array the reader fills taken as the ImmutableArray's own (no copy: nothing else holds it). The
        /// bytes are those of the element-by-element walk; default is still nil.
        /// </summary>
        private void EmitBulkImmutableArray(string name, ValueModel value)
        {
            string type = value.TypeName;
            string array = value.Underlying + "Array";
            foreach (bool advancing in new[] { false, true })
            {
                OpenWriteHelper(name, type, value, advancing);
                Line(advancing ? Spec + ".Write" + array + "(ref destination, value.AsSpan());" : "writer.Write" + array + "(value.AsSpan());");
                Close();
                Line();
            }

            Line("public static int Get" + name + "Length(" + type + " value)");
            Open();
            EmitDefaultImmutableArray(value, () => Line("return 1;"));
            Line("return (int)" + Spec + ".Get" + array + "EncodedLength(value.AsSpan());");
            Close();
            Line();

            Line("public static bool TryRead" + name + "(ref " + Reader + " reader, int depth, out " + type + " value, ref " + Failure + " failure)");
            Open();
            Line("value = default;");
            Line("if (reader.TryReadNil() == " + Status + ".Done)");
            Open();
            Line("return true;");
            Close();
            Line();
            Line("if (!" + Serialization + ".TryRead" + array + "(ref reader, out " + Keyword(value.Underlying, string.Empty) + "[] array, ref failure))");
            Open();
            Line("return false;");
            Close();
            Line();
            Line("value = global::System.Runtime.InteropServices.ImmutableCollectionsMarshal.AsImmutableArray(array);");
            Line("return true;");
            Close();
        }

        /// <summary>An ImmutableArray that holds no array (default) is nil, as MessagePack-CSharp writes it.</summary>
        private void EmitDefaultImmutableArray(ValueModel value, System.Action statements)
        {
            if (value.Shape != CollectionShape.ImmutableArray)
            {
                return;
            }

            Line("if (value.IsDefault)");
            Open();
            statements();
            Close();
        }

        /// <summary>
        /// <c>new T[count]</c> for the element type as declared; when T is itself an array (<c>U[]</c>), the count goes
        /// after U, outside any generic arguments: <c>new U[count][]</c>, <c>new List&lt;int[]&gt;[count][]</c>.
        /// </summary>
        private static string ArrayCreation(string elementType)
        {
            int bracket = elementType.IndexOf('[', elementType.LastIndexOf('>') + 1);
            return bracket < 0
                ? "new " + elementType + "[count]"
                : "new " + elementType.Substring(0, bracket) + "[count]" + elementType.Substring(bracket);
        }

        /// <summary>
        /// Walks the items of a collection without allocating: arrays and lists by index, a dictionary with its struct
        /// enumerator, an interface through the concrete type it usually holds and else through the interface.
        /// </summary>
        private void EachItem(ValueModel value, System.Action<string, string?> body)
        {
            string element = Declared(value.Element!);

            // The element in a local: the compiler's null-state analysis follows a local, not an indexer.
            void Indexed(string source, string count)
            {
                Line("for (int i = 0; i < " + count + "; i++)");
                Open();
                Line(element + " item = " + source + "[i];");
                body("item", null);
                Close();
            }

            void Enumerated(string source)
            {
                Line("foreach (" + element + " item in " + source + ")");
                Open();
                body("item", null);
                Close();
            }

            void Pairs(string source)
            {
                Line("foreach (global::System.Collections.Generic.KeyValuePair<" + value.Key!.TypeName + ", " + element + "> pair in " + source + ")");
                Open();
                body("pair.Value", "pair.Key");
                Close();
            }

            // A branch of an interface's walk: the statements of one way, in braces.
            void Branch(string head, System.Action walk)
            {
                Line(head);
                Open();
                walk();
                Close();
            }

            switch (value.Shape)
            {
                case CollectionShape.Array:
                case CollectionShape.List:
                case CollectionShape.IndexedInterface:
                case CollectionShape.ImmutableArray:
                    Indexed("value", CountOf(value));
                    break;
                case CollectionShape.CountedInterface:
                    // ICollection<T> and IReadOnlyCollection<T> have no indexer: the list or array they usually hold is
                    // walked by index; only another implementation allocates its enumerator.
                    Branch("if (value is global::System.Collections.Generic.List<" + element + "> list)", () => Indexed("list", "list.Count"));
                    Branch("else if (value is " + element + "[] array)", () => Indexed("array", "array.Length"));
                    Branch("else", () => Enumerated("value"));
                    break;
                case CollectionShape.Set:
                case CollectionShape.ImmutableList:
                    // Their struct enumerators: no allocation.
                    Enumerated("value");
                    break;
                case CollectionShape.SetInterface:
                    Branch("if (value is global::System.Collections.Generic.HashSet<" + element + "> set)", () => Enumerated("set"));
                    Branch("else", () => Enumerated("value"));
                    break;
                case CollectionShape.Dictionary:
                case CollectionShape.ImmutableDictionary:
                    Pairs("value");
                    break;
                default:
                    Branch("if (value is global::System.Collections.Generic.Dictionary<" + value.Key!.TypeName + ", " + element + "> dictionary)", () => Pairs("dictionary"));
                    Branch("else", () => Pairs("value"));
                    break;
            }
        }

        private static string CountOf(ValueModel collection) =>
            collection.Shape is CollectionShape.Array or CollectionShape.ImmutableArray ? "value.Length" : "value.Count";
    }
}
