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

            Line("public static " + type + " Read" + name + "(ref " + Reader + " reader, int depth)");
            Open();
            Line(Cursor + " cursor = reader.GetCursor();");
            if (isPair)
            {
                // [key, value], or Nerdbank's {"Key": key, "Value": value}.
                Line("bool named = " + Serialization + ".ReadPairHeader(ref cursor, ref reader);");
            }
            else
            {
                Line(Serialization + ".ReadTupleHeader(ref cursor, ref reader, " + count.ToString(CultureInfo.InvariantCulture) + ");");
            }

            for (int i = 0; i < count; i++)
            {
                Line(Declared(value.Items[i]) + " item" + (i + 1).ToString(CultureInfo.InvariantCulture) + ";");
            }

            Line("int at = 0;");
            Line("try");
            Open();
            for (int i = 0; i < count; i++)
            {
                if (i > 0)
                {
                    Line("at = " + i.ToString(CultureInfo.InvariantCulture) + ";");
                }

                if (isPair)
                {
                    Line("if (named)");
                    Open();
                    Line(Serialization + ".ReadPairName(ref cursor, ref reader, " + (i == 0 ? "false" : "true") + ");");
                    Close();
                }

                EmitValueRead(value.Items[i], "item" + (i + 1).ToString(CultureInfo.InvariantCulture), name + ItemName(value, i));
            }

            Close();
            Line("catch (" + Exception + " e) when (" + Serialization + ".TraceItem(e, at, reader.Consumed))");
            Open();
            Line("// Never entered: the filter records the item's index on the failure and lets it pass to the outermost object.");
            Line("throw;");
            Close();
            Line();
            Line("reader.MoveTo(cursor);");
            string items = string.Join(", ", Enumerable.Range(1, count).Select(i => "item" + i.ToString(CultureInfo.InvariantCulture)));
            string created = isPair
                ? "global::System.Collections.Generic.KeyValuePair<" + Declared(value.Items[0]) + ", " + Declared(value.Items[1]) + ">"
                : "global::System.ValueTuple<" + string.Join(", ", value.Items.Select(Declared)) + ">";
            Line("return new " + created + "(" + items + ");");
            Close();
        }

        /// <summary>The field of item <paramref name="index"/>: Key and Value of a pair; Item1 to Item7 and Rest of a tuple.</summary>
        private static string ItemName(ValueModel tuple, int index) =>
            tuple.Shape == CollectionShape.KeyValuePair
                ? (index == 0 ? "Key" : "Value")
                : index == 7 ? "Rest" : "Item" + (index + 1).ToString(CultureInfo.InvariantCulture);
    }
}
