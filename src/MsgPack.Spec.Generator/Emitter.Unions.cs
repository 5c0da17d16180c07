using System.Globalization;
using System.Linq;
using System.Text;

namespace MsgPack.Spec.Generator
{
    // A [MsgPackUnion] type: [tag, value], the value written and read by its case's own members. The doors that only
    // call other doors (span, try, pointer, the converter) are the objects' own, shared.
    internal sealed partial class Emitter
    {
        public static string Emit(UnionModel union)
        {
            var emitter = new Emitter(union.Type, union);
            emitter.EmitUnionFile();
            return emitter._text.ToString();
        }

        private UnionModel Union => _union!;

        /// <summary>The union's name in messages: as declared, without <c>global::</c>.</summary>
        private string UnionText => _model.FullName.Replace("global::", string.Empty);

        private void EmitUnionFile()
        {
            OpenType("[MsgPackUnion]");
            EmitUnionWriterDoor();
            Line();
            EmitUnionEncodedLength();
            Line();
            EmitSpanDoors();
            Line();
            EmitUnionAdvancingWrite();
            if (_model.AllowsUnsafe)
            {
                Line();
                EmitPointerDoors();
            }

            Line();
            EmitUnionReaderDoors();
            Line();
            EmitSpanRead();
            Line();
            EmitTryReads();
            Line();
            EmitUnionTags();
            Line();
            EmitConverter();
            CloseType();
        }

        private static string Tag(UnionCaseModel unionCase) => unionCase.StringTag is not null
            ? "\"" + Escape(unionCase.StringTag) + "\""
            : unionCase.IntegerTag!.Value.ToString(CultureInfo.InvariantCulture);

        private static string TagName(int index) => "MsgPackTags.Case" + index.ToString(CultureInfo.InvariantCulture);

        private string Cases => string.Join(", ", Union.Cases.Select(c => "<see cref=\"" + c.TypeName.Replace("global::", string.Empty) + "\"/>"));

        private string NotACase => "throw " + Serialization + ".NotAUnionCase(typeof(" + _model.Name + "), value.GetType());";

        /// <summary>
        /// A type test per case, in the model's order (a derived case before its base), as a switch of type patterns:
        /// for a sealed case the JIT compares the method table, with no cast helper call.
        /// </summary>
        private void EmitCaseSwitch(System.Action<int, UnionCaseModel> emitCase)
        {
            Line("switch (value)");
            Open();
            for (int i = 0; i < Union.Cases.Count; i++)
            {
                Line("case " + Union.Cases[i].TypeName + " item:");
                _indent++;
                emitCase(i, Union.Cases[i]);
                _indent--;
            }

            Line("default:");
            _indent++;
            Line(NotACase);
            _indent--;
            Close();
        }

        private void EmitUnionWriterDoor()
        {
            Line("/// <summary>Writes <paramref name=\"value\"/> as " + LayoutText + ": the tag of the first of " + Cases + " that it is, then the value as that case writes it.</summary>");
            Line("/// <param name=\"writer\">The writer.</param>");
            Line("/// <param name=\"value\">The value.</param>");
            Line("/// <exception cref=\"global::System.ArgumentException\">The value's type is none of the cases.</exception>");
            Line("public static void Write(ref " + Writer + " writer, in " + _model.Name + " value)");
            Open();
            NullCheck();
            EmitCaseSwitch((i, unionCase) =>
            {
                Line("writer.WriteRaw(" + TagName(i) + ");");
                Line(unionCase.TypeName + ".Write(ref writer, in item);");
                Line("break;");
            });
            Close();
        }

        private void EmitUnionAdvancingWrite()
        {
            Line("/// <summary>Writes <paramref name=\"value\"/> as " + LayoutText + " at the start of <paramref name=\"destination\"/>, and moves it past the bytes written.</summary>");
            Line("/// <param name=\"destination\">Where to write; on return, the rest of it.</param>");
            Line("/// <param name=\"value\">The value.</param>");
            Line("/// <exception cref=\"global::System.ArgumentException\"><paramref name=\"destination\"/> is too small, or the value's type is none of the cases.</exception>");
            Line("public static void Write(ref " + Span + " destination, in " + _model.Name + " value)");
            Open();
            NullCheck();
            EmitCaseSwitch((i, unionCase) =>
            {
                Line(TagName(i) + ".CopyTo(destination);");
                Line("destination = destination.Slice(" + unionCase.Prefix.Count.ToString(CultureInfo.InvariantCulture) + ");");
                Line(unionCase.TypeName + ".Write(ref destination, in item);");
                Line("break;");
            });
            Close();
        }

        private void EmitUnionEncodedLength()
        {
            Line("/// <summary>The exact number of bytes the writers write for <paramref name=\"value\"/>.</summary>");
            Line("/// <param name=\"value\">The value.</param>");
            Line("/// <returns>The length in bytes.</returns>");
            Line("/// <exception cref=\"global::System.ArgumentException\">The value's type is none of the cases.</exception>");
            Line("public static int GetEncodedLength(in " + _model.Name + " value)");
            Open();
            NullCheck();
            EmitCaseSwitch((i, unionCase) =>
                Line("return " + unionCase.Prefix.Count.ToString(CultureInfo.InvariantCulture) + " + " + unionCase.TypeName + ".GetEncodedLength(in item);"));
            Close();
        }

        private void EmitUnionReaderDoors()
        {
            Line("/// <summary>Reads a value written as " + LayoutText + ": the case its tag names, read by that case.</summary>");
            Line("/// <param name=\"reader\">The reader.</param>");
            Line("/// <returns>The value.</returns>");
            Line("/// <exception cref=\"" + Exception + "\">The input is not such a value (not an array of 2, a tag no case has), or ends inside it (a <see cref=\"global::MsgPack.Spec.Serialization.MsgPackSerializationException\"/> names the member).</exception>");
            Line("public " + New + "static " + _model.Name + " Read(ref " + Reader + " reader) => Read(ref reader, 0);");
            Line();
            EmitThrowingRead();
            Line();
            Line("/// <summary>Reads a value at a nesting depth, or records why not in <paramref name=\"failure\"/>: the status path every door calls; its case is read one level deeper.</summary>");
            Line("/// <param name=\"reader\">The reader.</param>");
            Line("/// <param name=\"depth\">How many generated objects contain this one.</param>");
            Line("/// <param name=\"value\">The value; default unless the result is Done.</param>");
            Line("/// <param name=\"failure\">Where a failure is recorded: what, where, and the path to it.</param>");
            Line("/// <returns>Done; NeedMoreData when the input ends inside the value; InvalidData when it is not such a value.</returns>");
            Line(Hidden);
            Line(AggressiveInlining);
            Line("public static " + Status + " TryRead(ref " + Reader + " reader, int depth, out " + _model.Name + " value, ref " + Failure + " failure)");
            Open();

            // The value comes back as the result of a method, not through this out reference: where this door is inlined,
            // it lands in the caller's variable, where a case stored through the reference took a write barrier.
            Line(_model.Name + NullableMark + " read = TryReadCase(ref reader, depth, ref failure);");
            Line("value = read" + (Nullable ? "!" : string.Empty) + ";");
            Line("return read is null ? failure.Status : " + Status + ".Done;");
            Close();
            Line();
            Line("/// <summary>Reads the value as <see cref=\"TryRead(ref " + Reader.Replace("global::", string.Empty) + ", int, out " + _model.Name + ", ref " + Failure.Replace("global::", string.Empty) + ")\"/> does: the value, or null when the failure is recorded.</summary>");
            Line(NoInlining);
            Line("private static " + _model.Name + NullableMark + " TryReadCase(ref " + Reader + " reader, int depth, ref " + Failure + " failure)");
            Open();
            Line(Cursor + " cursor = reader.GetCursor();");

            // The union's own failures are at its start, given: a header read across segments moves the reader past it.
            // The union adds no segment to the path (its case's members do).
            Line("long start = reader.Consumed;");
            Line("if (!" + Serialization + ".TryReadUnionHeader(ref cursor, ref reader, depth, start, ref failure))");
            Open();
            Line("return null;");
            Close();
            Line();
            Line("long tagAt = cursor.GetConsumed(ref reader);");
            if (Union.StringTags)
            {
                // The tag is compared as bytes, its UTF-8 not decoded: in place when the segment holds it.
                Line("if (!" + Serialization + ".TryReadStringHeader(ref cursor, ref reader, out int length, ref failure))");
                Open();
                Line("return null;");
                Close();
                Line();
                Line(ReadOnlySpan + " unread = cursor.UnreadSpan;");
                Line("int tag;");
                EmitStrBytesLookUp("bytes", "return null;", (bytes, _) => Line("tag = MsgPackTags.Find(" + bytes + ");"));
            }
            else
            {
                // Any integer form: a writer need not use the smallest.
                Line("if (!" + Serialization + ".TryReadInt64(ref cursor, ref reader, out long tag, ref failure))");
                Open();
                Line("return null;");
                Close();
            }

            Line();
            Line("reader.MoveTo(cursor);");
            Line("switch (tag)");
            Open();

            // By tag (an integer's value, a str's number in MsgPackTags): the order a reader of the text looks for.
            foreach (var (unionCase, i) in Union.Cases.Select((c, i) => (c, i)).OrderBy(x => Union.StringTags ? x.i : x.c.IntegerTag!.Value))
            {
                string label = Union.StringTags ? i.ToString(CultureInfo.InvariantCulture) : Tag(unionCase);
                string local = "case" + i.ToString(CultureInfo.InvariantCulture);
                Line("case " + label + ":");
                _indent++;
                Line(unionCase.HasStatusRead
                    ? "if (" + unionCase.TypeName + ".TryRead(ref reader, depth + 1, out " + unionCase.TypeName + " " + local + ", ref failure) != " + Status + ".Done)"
                    : "if (!" + Serialization + ".TryRead<" + unionCase.TypeName + ">(ref reader, depth + 1, out " + unionCase.TypeName + " " + local + ", ref failure))");
                Open();
                Line("return null;");
                Close();
                Line();
                Line("return " + local + ";");
                _indent--;
            }

            Line("default:");
            _indent++;
            Line(Union.StringTags
                ? Serialization + ".FailUnknownUnionTag(\"" + UnionText + "\", tagAt, ref failure);"
                : Serialization + ".FailUnknownUnionTag(\"" + UnionText + "\", tag, tagAt, ref failure);");
            Line("return null;");
            _indent--;
            Close();
            Close();
        }

        private void EmitUnionTags()
        {
            Line("/// <summary>What is written before each case's value: the array header of 2 and the tag, as constant bytes in the assembly's data (no allocation).</summary>");
            Line("private static class MsgPackTags");
            Open();
            for (int i = 0; i < Union.Cases.Count; i++)
            {
                UnionCaseModel unionCase = Union.Cases[i];
                string bytes = string.Join(", ", unionCase.Prefix.Select(b => "0x" + b.ToString("x2", CultureInfo.InvariantCulture)));
                Line("/// <summary>[" + Tag(unionCase) + ", <see cref=\"" + unionCase.TypeName.Replace("global::", string.Empty) + "\"/>]</summary>");
                Line("public static " + ReadOnlySpan + " Case" + i.ToString(CultureInfo.InvariantCulture) + " => new byte[] { " + bytes + " };");
            }

            if (!Union.StringTags)
            {
                Close();
                return;
            }

            int longest = Union.Cases.Max(c => Encoding.UTF8.GetByteCount(c.StringTag!));
            Line();
            Line("/// <summary>The case whose tag is <paramref name=\"tag\"/>, a tag across segments (its UTF-8, without the str header), or -1.</summary>");
            Line("public static int Find(global::MsgPack.Spec.MsgPackPayload tag)");
            Open();
            Line("if (tag.IsSingleSpan)");
            Open();
            Line("return Find(tag.Span);");
            Close();
            Line();
            Line("// No longer than the longest tag, or no case's.");
            Line("if (tag.Length > " + longest + ")");
            Open();
            Line("return -1;");
            Close();
            Line();
            Line("global::System.Span<byte> copy = stackalloc byte[" + longest + "];");
            Line("tag.CopyTo(copy);");
            Line("return Find(copy.Slice(0, tag.Length));");
            Close();
            Line();
            Line("/// <summary>The case whose tag is <paramref name=\"tag\"/> (its UTF-8, without the str header), or -1.</summary>");
            Line("public static int Find(" + ReadOnlySpan + " tag)");
            Open();
            Line("switch (tag.Length)");
            Open();
            foreach (var group in Union.Cases.Select((c, i) => (c, i)).GroupBy(x => Encoding.UTF8.GetByteCount(x.c.StringTag!)).OrderBy(g => g.Key))
            {
                Line("case " + group.Key + ":");
                _indent++;
                foreach (var (unionCase, index) in group)
                {
                    int header = unionCase.Prefix.Count - 1 - group.Key;
                    Line("if (global::System.MemoryExtensions.SequenceEqual(tag, " + TagName(index).Replace("MsgPackTags.", string.Empty) + ".Slice(" + (1 + header) + ")))");
                    Open();
                    Line("return " + index + ";");
                    Close();
                    Line();
                }

                Line("break;");
                _indent--;
            }

            Close();
            Line();
            Line("return -1;");
            Close();
            Close();
        }
    }
}
