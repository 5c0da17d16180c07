using System.Collections.Generic;
using System.Globalization;

namespace MsgPack.Spec.Generator
{
    // The type's own doors: write (writer, advancing span, span, pointer), the encoded length, read (reader, span, try, into).
    internal sealed partial class Emitter
    {
        private void EmitWriterDoor()
        {
            Line("/// <summary>Writes <paramref name=\"value\"/> as " + LayoutText + ".</summary>");
            Line("/// <param name=\"writer\">The writer.</param>");
            Line("/// <param name=\"value\">The value.</param>");
            Line("public static void Write(ref " + Writer + " writer, in " + _model.Name + " value)");
            Open();
            NullCheck();
            EmitMemberWrites(viaWriter: true);
            Close();
        }

        private void EmitAdvancingWrite()
        {
            Line("/// <summary>Writes <paramref name=\"value\"/> as " + LayoutText + " at the start of <paramref name=\"destination\"/>, and moves it past the bytes written.</summary>");
            Line("/// <param name=\"destination\">Where to write; on return, the rest of it.</param>");
            Line("/// <param name=\"value\">The value.</param>");
            Line("/// <exception cref=\"global::System.ArgumentException\"><paramref name=\"destination\"/> is too small.</exception>");
            Line("public static void Write(ref " + Span + " destination, in " + _model.Name + " value)");
            Open();
            NullCheck();
            EmitMemberWrites(viaWriter: false);
            Close();
        }

        private void NullCheck()
        {
            if (!_model.IsValueType)
            {
                Line("if (value is null)");
                Open();
                Line("throw new global::System.ArgumentNullException(nameof(value));");
                Close();
                Line();
            }
        }

        private void EmitEncodedLength()
        {
            // The bytes every value has: the header, the keys, the nils of unused indexes, the fixed-size members.
            int count = ItemCount;
            int constant = count <= 15 ? 1 : count <= ushort.MaxValue ? 3 : 5;
            if (!_model.IsMap)
            {
                constant += count - _model.Members.Count;
            }

            var variable = new List<string>();
            foreach (MemberModel member in _model.Members)
            {
                constant += member.EncodedKey.Count;
                int fixedLength = FixedLength(member.Value);
                if (fixedLength >= 0)
                {
                    constant += fixedLength;
                }
                else
                {
                    variable.Add(LengthOf(member.Value, "value." + member.Name, member.Name));
                }
            }

            Line("/// <summary>The exact number of bytes <see cref=\"Write(ref " + Writer.Replace("global::", string.Empty) + ", in " + CrefName + ")\"/> writes for <paramref name=\"value\"/>.</summary>");
            Line("/// <param name=\"value\">The value.</param>");
            Line("/// <returns>The length in bytes.</returns>");
            Line("public static int GetEncodedLength(in " + _model.Name + " value)");
            Open();
            NullCheck();
            Line("int length = " + constant.ToString(CultureInfo.InvariantCulture) + ";");
            foreach (string part in variable)
            {
                Line("length += " + Unparenthesize(part) + ";");
            }

            Line("return length;");
            Close();
        }

        private static string Unparenthesize(string expression) =>
            expression.StartsWith("(", System.StringComparison.Ordinal) && expression.EndsWith(")", System.StringComparison.Ordinal) && !expression.StartsWith("(int)", System.StringComparison.Ordinal)
                ? expression.Substring(1, expression.Length - 2)
                : expression;

        private string CrefName => _model.Name.Replace('<', '{').Replace('>', '}');

        private void EmitSpanDoors()
        {
            Line("/// <summary>Writes <paramref name=\"value\"/> as " + LayoutText + " at the start of <paramref name=\"destination\"/>.</summary>");
            Line("/// <param name=\"destination\">Where to write.</param>");
            Line("/// <param name=\"value\">The value.</param>");
            Line("/// <returns>The number of bytes written.</returns>");
            Line("/// <exception cref=\"global::System.ArgumentException\"><paramref name=\"destination\"/> is too small.</exception>");
            Line("public static int Write(" + Span + " destination, in " + _model.Name + " value)");
            Open();
            Line(Span + " rest = destination;");
            Line("Write(ref rest, in value);");
            Line("return destination.Length - rest.Length;");
            Close();
            Line();
            Line("/// <summary>Writes <paramref name=\"value\"/> as " + LayoutText + " at the start of <paramref name=\"destination\"/>, when it fits.</summary>");
            Line("/// <param name=\"destination\">Where to write.</param>");
            Line("/// <param name=\"value\">The value.</param>");
            Line("/// <param name=\"bytesWritten\">The number of bytes written; 0 when the value does not fit.</param>");
            Line("/// <returns><see langword=\"true\"/> when the value fits and was written.</returns>");
            Line("public static bool TryWrite(" + Span + " destination, in " + _model.Name + " value, out int bytesWritten)");
            Open();
            Line("if (destination.Length < GetEncodedLength(in value))");
            Open();
            Line("bytesWritten = 0;");
            Line("return false;");
            Close();
            Line();
            Line("bytesWritten = Write(destination, in value);");
            Line("return true;");
            Close();
        }

        private void EmitPointerDoors()
        {
            Line("/// <summary>Writes <paramref name=\"value\"/> as " + LayoutText + " at <paramref name=\"destination\"/>.</summary>");
            Line("/// <param name=\"destination\">Where to write.</param>");
            Line("/// <param name=\"length\">The bytes free at <paramref name=\"destination\"/>.</param>");
            Line("/// <param name=\"value\">The value.</param>");
            Line("/// <returns>The number of bytes written.</returns>");
            Line("/// <exception cref=\"global::System.ArgumentException\">The value needs more than <paramref name=\"length\"/> bytes.</exception>");
            Line("public static unsafe int Write(byte* destination, int length, in " + _model.Name + " value) => Write(new " + Span + "(destination, length), in value);");
            Line();
            Line("/// <summary>Reads a value written as " + LayoutText + " at <paramref name=\"source\"/>.</summary>");
            Line("/// <param name=\"source\">The bytes.</param>");
            Line("/// <param name=\"length\">The bytes readable at <paramref name=\"source\"/>.</param>");
            Line("/// <param name=\"bytesRead\">The number of bytes the value took.</param>");
            Line("/// <returns>The value.</returns>");
            Line("/// <exception cref=\"" + Exception + "\">The input is not such a value, or ends inside it.</exception>");
            Line("public " + New + "static unsafe " + _model.Name + " Read(byte* source, int length, out int bytesRead) => Read(new " + ReadOnlySpan + "(source, length), out bytesRead);");
        }

        private void EmitReaderDoors()
        {
            string skipped = _model.IsMap ? "keys" : "extra items";
            Line("/// <summary>Reads a value written as " + LayoutText + ": unknown " + skipped + " are skipped, missing members keep their defaults.</summary>");
            Line("/// <param name=\"reader\">The reader.</param>");
            Line("/// <returns>The value.</returns>");
            Line("/// <exception cref=\"" + Exception + "\">The input is not such a value, or ends inside it (a <see cref=\"global::MsgPack.Spec.Serialization.MsgPackSerializationException\"/> names the member).</exception>");
            Line("public " + New + "static " + _model.Name + " Read(ref " + Reader + " reader) => Read(ref reader, 0);");
            Line();
            if (ReadsInPlace)
            {
                Line("/// <summary>Reads a value written as " + LayoutText + " into <paramref name=\"value\"/>: the members the input has are set, the others keep their values" + (_model.IsValueType ? "" : " (a null value is created first)") + ".</summary>");
                Line("/// <param name=\"reader\">The reader.</param>");
                Line("/// <param name=\"value\">The value to read into.</param>");
                Line("/// <exception cref=\"" + Exception + "\">The input is not such a value, or ends inside it; the members read before the failure are set.</exception>");
                Line("public static void Read(ref " + Reader + " reader, ref " + _model.Name + NullableMark + " value) => Read(ref reader, ref value, 0);");
                Line();
            }

            EmitThrowingRead();
            Line();
            Line("/// <summary>Reads a value at a nesting depth, or records why not in <paramref name=\"failure\"/>: the status path every door calls, which never throws for bad input.</summary>");
            Line("/// <param name=\"reader\">The reader.</param>");
            Line("/// <param name=\"depth\">How many generated objects contain this one.</param>");
            Line("/// <param name=\"value\">The value; default unless the result is Done.</param>");
            Line("/// <param name=\"failure\">Where a failure is recorded: what, where, and the path to it.</param>");
            Line("/// <returns>Done; NeedMoreData when the input ends inside the value; InvalidData when it is not such a value.</returns>");
            Line(Hidden);
            if (!ReadsInPlace)
            {
                // The member loop itself (see NoInlining).
                Line(NoInlining);
            }

            Line("public static " + Status + " TryRead(ref " + Reader + " reader, int depth, out " + _model.Name + " value, ref " + Failure + " failure)");
            Open();
            if (ReadsInPlace)
            {
                Line("var result = new " + _model.Name + "();");
                Line("if (!TryReadMembers(ref reader, ref result, depth, ref failure))");
                Open();
                Line("value = " + DefaultOfType + ";");
                Line("return failure.Status;");
                Close();
                Line();
                Line("value = result;");
                Line("return " + Status + ".Done;");
                Close();
                Line();
                Line("/// <summary>Reads into a value at a nesting depth.</summary>");
                Line("/// <param name=\"reader\">The reader.</param>");
                Line("/// <param name=\"value\">The value to read into.</param>");
                Line("/// <param name=\"depth\">How many generated objects contain this one.</param>");
                Line(Hidden);
                Line("public static void Read(ref " + Reader + " reader, ref " + _model.Name + NullableMark + " value, int depth)");
                Open();
                if (!_model.IsValueType)
                {
                    Line("if (value is null)");
                    Open();
                    Line("value = new " + _model.Name + "();");
                    Close();
                    Line();
                    Line(_model.Name + " target = value;");
                }

                Line("var failure = default(" + Failure + ");");
                Line("if (!TryReadMembers(ref reader, ref " + (_model.IsValueType ? "value" : "target") + ", depth, ref failure))");
                Open();
                Line(Serialization + ".Throw(ref failure);");
                Close();
                Close();
                Line();
                Line(NoInlining);
                Line("private static bool TryReadMembers(ref " + Reader + " reader, ref " + _model.Name + " result, int depth, ref " + Failure + " failure)");
                Open();
                EmitReadBody(inPlace: true);
                Close();
                if (ReadsInParts)
                {
                    for (int part = 0; part < PartCount; part++)
                    {
                        Line();
                        EmitReadPart(part);
                    }
                }
            }
            else
            {
                EmitReadBody(inPlace: false);
                Close();
            }
        }

        /// <summary>
        /// The throwing read at a depth (the contract's, and what generated readers of other assemblies and hand-written
        /// code call): the status path, then one throw of what it recorded.
        /// </summary>
        private void EmitThrowingRead()
        {
            Line("/// <summary>Reads a value at a nesting depth (generated readers call this for their members).</summary>");
            Line("/// <param name=\"reader\">The reader.</param>");
            Line("/// <param name=\"depth\">How many generated objects contain this one.</param>");
            Line("/// <returns>The value.</returns>");
            Line("/// <exception cref=\"global::MsgPack.Spec.Serialization.MsgPackSerializationException\">The input is not such a value, or ends inside it: thrown once, for what the status path recorded.</exception>");
            Line(Hidden);
            Line("public " + New + "static " + _model.Name + " Read(ref " + Reader + " reader, int depth)");
            Open();
            Line("var failure = default(" + Failure + ");");
            Line("if (TryRead(ref reader, depth, out " + _model.Name + " value, ref failure) != " + Status + ".Done)");
            Open();
            Line(Serialization + ".Throw(ref failure);");
            Close();
            Line();
            Line("return value;");
            Close();
        }

        /// <summary>default, or default! for a class from C# 8 (the out value of a failed read).</summary>
        private string DefaultOfType => Nullable && !_model.IsValueType ? "default!" : "default";

        private void EmitSpanRead()
        {
            Line("/// <summary>Reads a value written as " + LayoutText + " from the start of <paramref name=\"source\"/>.</summary>");
            Line("/// <param name=\"source\">The bytes.</param>");
            Line("/// <param name=\"bytesRead\">The number of bytes the value took.</param>");
            Line("/// <returns>The value.</returns>");
            Line("/// <exception cref=\"" + Exception + "\">The input is not such a value, or ends inside it.</exception>");
            Line("public " + New + "static " + _model.Name + " Read(" + ReadOnlySpan + " source, out int bytesRead)");
            Open();
            Line("var reader = new " + Reader + "(source);");
            Line(_model.Name + " result = Read(ref reader, 0);");
            Line("bytesRead = (int)reader.Consumed;");
            Line("return result;");
            Close();
        }

        private void EmitTryReads()
        {
            string outValue = _model.Name + NullableMark;
            Line("/// <summary>Tries to read a value written as " + LayoutText + "; consumes nothing unless the result is Done. Never throws for bad input, and a failure costs what the reading did (no exception).</summary>");
            Line("/// <param name=\"reader\">The reader.</param>");
            Line("/// <param name=\"value\">The value; default unless the result is Done.</param>");
            Line("/// <returns>Done; NeedMoreData when the input ends inside the value; InvalidData when it is not such a value.</returns>");
            Line("public static " + Status + " TryRead(ref " + Reader + " reader, out " + outValue + " value)");
            Open();
            Line(Reader + " start = reader;");
            Line("var failure = " + Failure + ".WithoutDetails();");
            Line(Status + " status = TryRead(ref reader, 0, out value, ref failure);");
            Line("if (status != " + Status + ".Done)");
            Open();
            Line("reader = start;");
            Close();
            Line();
            Line("return status;");
            Close();
            Line();
            Line("/// <summary>Tries to read a value written as " + LayoutText + " from the start of <paramref name=\"source\"/>. Never throws for bad input.</summary>");
            Line("/// <param name=\"source\">The bytes.</param>");
            Line("/// <param name=\"value\">The value; default unless the result is Done.</param>");
            Line("/// <param name=\"bytesRead\">The number of bytes the value took; 0 unless the result is Done.</param>");
            Line("/// <returns>Done; NeedMoreData when the input ends inside the value; InvalidData when it is not such a value.</returns>");
            Line("public static " + Status + " TryRead(" + ReadOnlySpan + " source, out " + outValue + " value, out int bytesRead)");
            Open();
            Line("var reader = new " + Reader + "(source);");
            Line(Status + " status = TryRead(ref reader, out value);");
            Line("bytesRead = (int)reader.Consumed;");
            Line("return status;");
            Close();
            Line();
            Line("/// <summary>Tries to read a value written as " + LayoutText + "; consumes nothing unless the result is Done. Never throws for bad input: <paramref name=\"error\"/> says why it failed, as the exception of Read would (its path, offset and cause), without one.</summary>");
            Line("/// <param name=\"reader\">The reader.</param>");
            Line("/// <param name=\"value\">The value; default unless the result is Done.</param>");
            Line("/// <param name=\"error\">Why the read failed; default when it is Done. Its text is made only when asked for.</param>");
            Line("/// <returns>Done; NeedMoreData when the input ends inside the value; InvalidData when it is not such a value.</returns>");
            Line("public static " + Status + " TryRead(ref " + Reader + " reader, out " + outValue + " value, out " + ReadError + " error)");
            Open();
            Line(Reader + " start = reader;");
            Line("var failure = default(" + Failure + ");");
            Line(Status + " status = TryRead(ref reader, 0, out value, ref failure);");
            Line("if (status != " + Status + ".Done)");
            Open();
            Line("reader = start;");
            Close();
            Line();
            Line("error = " + Serialization + ".TakeError(ref failure);");
            Line("return status;");
            Close();
            Line();
            Line("/// <summary>Tries to read a value written as " + LayoutText + " from the start of <paramref name=\"source\"/>. Never throws for bad input: <paramref name=\"error\"/> says why it failed.</summary>");
            Line("/// <param name=\"source\">The bytes.</param>");
            Line("/// <param name=\"value\">The value; default unless the result is Done.</param>");
            Line("/// <param name=\"bytesRead\">The number of bytes the value took; 0 unless the result is Done.</param>");
            Line("/// <param name=\"error\">Why the read failed; default when it is Done. Its text is made only when asked for.</param>");
            Line("/// <returns>Done; NeedMoreData when the input ends inside the value; InvalidData when it is not such a value.</returns>");
            Line("public static " + Status + " TryRead(" + ReadOnlySpan + " source, out " + outValue + " value, out int bytesRead, out " + ReadError + " error)");
            Open();
            Line("var reader = new " + Reader + "(source);");
            Line(Status + " status = TryRead(ref reader, out value, out error);");
            Line("bytesRead = (int)reader.Consumed;");
            Line("return status;");
            Close();
        }
    }
}
