using System.Globalization;
using System.Linq;

namespace MsgPack.Spec.Generator
{
    // Value tuples and KeyValuePair: an array of the items in order, as MessagePack-CSharp writes them; a helper of
    // write, length and read methods per tuple type, beside the collections' (MsgPackCollections).
    internal sealed partial class Emitter
    {
        private void EmitTuple(string name, ValueModel value)
        {
            string type = value.TypeName;
            int count = value.Items.Count;
            bool isPair = value.Shape == CollectionShape.KeyValuePair;
            foreach (bool advancing in new[] { false, true })
            {
                Line("public static void Write" + name + "(" + (advancing ? "ref " + Span + " destination" : "ref " + Writer + " writer") + ", " + type + " value)");
                Open();
                Line(advancing
                    ? Spec + ".WriteArrayHeader(ref destination, " + count.ToString(CultureInfo.InvariantCulture) + ");"
                    : "writer.WriteArrayHeader(" + count.ToString(CultureInfo.InvariantCulture) + ");");
                for (int i = 0; i < count; i++)
                {
                    EmitValueWrite(value.Items[i], "value." + ItemName(value, i), name + ItemName(value, i), advancing);
                }

                Close();
                Line();
            }

            Line("public static int Get" + name + "Length(" + type + " value)");
            Open();
            Line("int length = " + Spec + ".GetArrayHeaderEncodedLength(" + count.ToString(CultureInfo.InvariantCulture) + ");");
            for (int i = 0; i < count; i++)
            {
                Line("length += " + Unparenthesize(LengthOf(value.Items[i], "value." + ItemName(value, i), name + ItemName(value, i))) + ";");
            }

            Line("return length;");
            Close();
            Line();

            Line("public static bool TryRead" + name + "(ref " + Reader + " reader, int depth, out " + type + " value, ref " + Failure + " failure)");
            Open();
            Line(Cursor + " cursor = reader.GetCursor();");
            Line("value = default;");
            if (isPair)
            {
                // [key, value], or Nerdbank's {"Key": key, "Value": value}.
                Line("if (!" + Serialization + ".TryReadPairHeader(ref cursor, ref reader, out bool named, ref failure))");
            }
            else
            {
                Line("if (!" + Serialization + ".TryReadTupleHeader(ref cursor, ref reader, " + count.ToString(CultureInfo.InvariantCulture) + ", ref failure))");
            }

            Open();
            Line("return false;");
            Close();
            Line();
            for (int i = 0; i < count; i++)
            {
                Line(Declared(value.Items[i]) + " item" + (i + 1).ToString(CultureInfo.InvariantCulture) + ";");
            }

            Line("int at = 0;");
            for (int i = 0; i < count; i++)
            {
                if (i > 0)
                {
                    Line("at = " + i.ToString(CultureInfo.InvariantCulture) + ";");
                }

                if (isPair)
                {
                    Line("if (named && !" + Serialization + ".TryReadPairName(ref cursor, ref reader, " + (i == 0 ? "false" : "true") + ", ref failure))");
                    Open();
                    Line("goto Failed;");
                    Close();
                    Line();
                }

                EmitValueRead(value.Items[i], "item" + (i + 1).ToString(CultureInfo.InvariantCulture), name + ItemName(value, i));
            }

            Line();
            Line("reader.MoveTo(cursor);");
            string items = string.Join(", ", Enumerable.Range(1, count).Select(i => "item" + i.ToString(CultureInfo.InvariantCulture)));
            string created = isPair
                ? "global::System.Collections.Generic.KeyValuePair<" + Declared(value.Items[0]) + ", " + Declared(value.Items[1]) + ">"
                : "global::System.ValueTuple<" + string.Join(", ", value.Items.Select(Declared)) + ">";
            Line("value = new " + created + "(" + items + ");");
            Line("return true;");

            // A failure inside an item, recorded: the item's index is added to its path on the way out.
            _indent--;
            Line();
            Line("Failed:");
            _indent++;
            Line("failure.AtIndex(at);");
            Line("return false;");
            Close();
        }

        /// <summary>The field of item <paramref name="index"/>: Key and Value of a pair; Item1 to Item7 and Rest of a tuple.</summary>
        private static string ItemName(ValueModel tuple, int index) =>
            tuple.Shape == CollectionShape.KeyValuePair
                ? (index == 0 ? "Key" : "Value")
                : index == 7 ? "Rest" : "Item" + (index + 1).ToString(CultureInfo.InvariantCulture);
    }
}
