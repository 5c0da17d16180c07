using System.Collections.Generic;
using System.Globalization;
using System.Linq;

namespace MsgPack.Spec.Generator
{
    // The member list: written in runs, read in a loop (a switch over keys, or straight-line by index), named on failures.
    internal sealed partial class Emitter
    {
        /// <summary>
        /// The header, then each member: the nils of indexes no member has, its key, its value. Through the advancing span
        /// (<paramref name="viaWriter"/> false) every piece is written in turn. Through the writer, runs of pieces of
        /// bounded size (the header, keys, numbers, times, nils) go into one span of the writer, asked for once with the
        /// run's largest size: one bounds check and one Advance per run instead of one per value; strings, bin,
        /// collections and nested objects are written through the writer between the runs.
        /// </summary>
        private void EmitMemberWrites(bool viaWriter)
        {
            var run = new List<System.Action>();
            int runLength = 0;
            if (viaWriter)
            {
                Line(Span + " destination;");
                Line("int room;");
            }

            void Add(int length, System.Action emit)
            {
                if (!viaWriter)
                {
                    emit();
                    return;
                }

                run.Add(emit);
                runLength += length;
            }

            void Flush()
            {
                if (run.Count == 0)
                {
                    return;
                }

                Line("destination = writer.GetSpan(" + runLength.ToString(CultureInfo.InvariantCulture) + ");");
                Line("room = destination.Length;");
                foreach (System.Action emit in run)
                {
                    emit();
                }

                Line("writer.Advance(room - destination.Length);");
                run.Clear();
                runLength = 0;
            }

            int header = ItemCount <= 15 ? 1 : ItemCount <= ushort.MaxValue ? 3 : 5;
            Add(header, () => Line(Spec + (_model.IsMap ? ".WriteMapHeader" : ".WriteArrayHeader") + "(ref destination, " + ItemCount + ");"));
            int next = 0;
            foreach (MemberModel member in _model.Members)
            {
                for (; !_model.IsMap && next < member.Index; next++)
                {
                    Add(1, () => Line(Nil(advancing: true)));
                }

                next++;
                if (_model.IsMap)
                {
                    Add(member.EncodedKey.Count, () =>
                    {
                        Line("MsgPackKeys." + member.Name + ".CopyTo(destination);");
                        Line("destination = destination.Slice(MsgPackKeys." + member.Name + ".Length);");
                    });
                }

                int bound = MaxLength(member.Value);
                if (bound > 0 || !viaWriter)
                {
                    Add(bound, () => EmitValueWrite(member.Value, "value." + member.Name, member.Name, advancing: true));
                }
                else
                {
                    Flush();
                    EmitValueWrite(member.Value, "value." + member.Name, member.Name, advancing: false);
                }
            }

            Flush();
        }

        /// <summary>
        /// The member loop of the status path: through the cursor, each member's read preceded by its number in <c>at</c>.
        /// A read that fails has recorded why (and where) in the failure; it goes to <c>Failed</c>, which adds the member's
        /// name and hands the status up: no exception on any level. Written inside <c>TryRead(ref reader, depth, out
        /// value, ref failure)</c>, or <c>TryReadMembers</c> (<paramref name="inPlace"/>), which returns a bool.
        /// </summary>
        private void EmitReadBody(bool inPlace)
        {
            Line(Cursor + " cursor = reader.GetCursor();");
            if (!inPlace)
            {
                foreach (MemberModel member in _model.Members)
                {
                    string initial = member.ParameterDefault ?? (member.Value.IsReference && !member.Value.AcceptsNil && Nullable ? "default!" : "default");
                    Line(Declared(member.Value) + " " + Local(member) + " = " + initial + ";");
                    if (HasFlag(member))
                    {
                        Line("bool " + Flag(member) + " = false;");
                    }
                }
            }

            Line("int at = -1;");

            // The depth is checked after the header: an input that ends where a too deep object would start may still
            // end in nil, so it is truncated (NeedMoreData), not invalid.
            Line("if (!" + Serialization + ".TryReadObjectHeader(ref cursor, ref reader, " + Layout + (_model.IsMap ? ".Map" : ".Array") + ", depth, out int count, ref failure))");
            Open();
            Line("goto Failed;");
            Close();
            Line();
            if (_model.IsMap && _model.Members.Count == 0)
            {
                // No member, so no key type: every entry is unknown, whatever its key (a str or an integer).
                Line("for (int i = 0; i < count; i++)");
                Open();
                Line("if (!" + Serialization + ".TrySkip(ref cursor, ref reader, ref failure) || !" + Serialization + ".TrySkip(ref cursor, ref reader, ref failure))");
                Open();
                Line("goto Failed;");
                Close();
                Close();
            }
            else if (_model.IsMap)
            {
                EmitMapMembers(inPlace);
            }
            else
            {
                if (ReadsInParts)
                {
                    for (int part = 0; part < PartCount; part++)
                    {
                        Line("if (!TryReadPart" + part + "(ref reader, ref cursor, ref result, count, depth, ref at, ref failure))");
                        Open();
                        Line("goto Failed;");
                        Close();
                        Line();
                    }
                }
                else
                {
                    EmitArrayMembers(0, _model.Members.Count, inPlace);
                }

                Line("for (int i = " + ItemCount + "; i < count; i++)");
                Open();
                Line("if (!" + Serialization + ".TrySkip(ref cursor, ref reader, ref failure))");
                Open();
                Line("goto Failed;");
                Close();
                Close();
            }

            if (!inPlace)
            {
                for (int m = 0; m < _model.Members.Count; m++)
                {
                    MemberModel member = _model.Members[m];
                    if (MustBePresent(member))
                    {
                        Line("if (!" + Flag(member) + ")");
                        Open();
                        Line("at = " + m + ";");
                        Line(Serialization + (member.IsRequired ? ".FailMissingRequired(\"" : ".FailMissingNonNullable(\"") + member.Name + "\", cursor.GetConsumed(ref reader), ref failure);");
                        Line("goto Failed;");
                        Close();
                        Line();
                    }
                }

                string arguments = string.Join(", ", _model.Members.Where(m => m.Setting == MemberSetting.Constructor).OrderBy(m => m.ParameterIndex).Select(Local));
                var initializers = _model.Members.Where(m => m.Setting == MemberSetting.Initializer).Select(m => m.Name + " = " + Local(m)).ToList();
                Line("var result = new " + _model.Name + "(" + arguments + ")" + (initializers.Count == 0 ? ";" : string.Empty));
                if (initializers.Count > 0)
                {
                    Open();
                    foreach (string initializer in initializers)
                    {
                        Line(initializer + ",");
                    }

                    _indent--;
                    Line("};");
                }

                foreach (MemberModel member in _model.Members.Where(m => m.Setting == MemberSetting.Set))
                {
                    Line("if (" + Flag(member) + ")");
                    Open();
                    Line("result." + member.Name + " = " + Local(member) + ";");
                    Close();
                }
            }

            Line("reader.MoveTo(cursor);");
            if (!inPlace)
            {
                Line("value = result;");
                Line("return " + Status + ".Done;");
            }
            else
            {
                Line("return true;");
            }

            // Every failure comes here, recorded: the member it happened in (-1: the object's own header or a key) is
            // added to its path on the way out.
            _indent--;
            Line();
            Line("Failed:");
            _indent++;
            Line("failure.InMember(MsgPackMemberNames.Get(at));");
            if (!inPlace)
            {
                Line("value = " + (Nullable && !_model.IsValueType ? "default!" : "default") + ";");
                Line("return failure.Status;");
            }
            else
            {
                Line("return false;");
            }
        }

        /// <summary>
        /// The entries of a map layout: a key is compared as bytes (its str header read, its UTF-8 not decoded), the
        /// writers' order first, inline; any other key is read out of line (<c>MsgPackKeys.TryRead</c>), from the reader,
        /// so that its locals and calls stay out of this method's frame and its cursor stays in registers (it returns the
        /// member's number, so no variable of the loop is passed by reference and kept in memory). A member's key
        /// seen twice fails (a bit per member); the member's read is a case of one switch.
        /// </summary>
        private void EmitMapMembers(bool inPlace)
        {
            int words = (_model.Members.Count + 63) / 64;
            Line("int expected = 0;");
            Line(words == 1 ? "ulong seen = 0;" : "global::System.Span<ulong> seen = stackalloc ulong[" + words + "];");
            Line("long keyAt = -1;");

            // The entries counted down in count itself: one variable fewer live across the member switch (an index
            // and the count were both kept on the stack).
            Line("for (; count > 0; count--)");
            Open();
            Line("int matched = MsgPackKeys.MatchNext(cursor.UnreadSpan, expected);");
            Line("if (matched > 0)");
            Open();
            Line("// The writers' order: the next member's key as written (a str's header included), compared as constant bytes.");
            Line("at = expected;");
            Line("cursor.ReadBytes(ref reader, matched);");
            Close();
            Line("else");
            Open();
            Line("// Another key (another order, an unknown member, another form): read out of line.");
            Line("reader.MoveTo(cursor);");
            Line("keyAt = reader.Consumed;");
            Line("at = MsgPackKeys.TryRead(ref reader" + (_model.IntegerKeys ? "" : ", expected") + ", ref failure);");
            Line("if (at < -1)");
            Open();
            Line("goto Failed;");
            Close();
            Line();
            Line("cursor = reader.GetCursor();");
            Close();
            Line();

            // One reading of a message: a reader that took the first of a repeated key and one that took the last would
            // read it two ways. The repeat fails where its key starts.
            Line("// A member's key once: a map that repeats one would be read one way by a reader that takes the first, another by one that takes the last.");
            Line("if (at >= 0)");
            Open();
            Line("ulong bit = 1UL << at;");
            string word = words == 1 ? "seen" : "seen[at >> 6]";
            Line("if ((" + word + " & bit) != 0)");
            Open();
            Line(Serialization + ".FailRepeatedMember(MsgPackMemberNames.Get(at), matched > 0 ? cursor.GetConsumed(ref reader) - matched : keyAt, ref failure);");
            Line("goto Failed;");
            Close();
            Line();
            Line(word + " |= bit;");
            Close();
            Line();
            Line("switch (at)");
            Open();
            for (int m = 0; m < _model.Members.Count; m++)
            {
                Line("case " + m + ":");
                _indent++;
                EmitMemberRead(_model.Members[m], inPlace);
                Line("break;");
                _indent--;
            }

            Line("default:");
            _indent++;
            Line("if (!" + Serialization + ".TrySkip(ref cursor, ref reader, ref failure))");
            Open();
            Line("goto Failed;");
            Close();
            Line();
            Line("break;");
            _indent--;
            Close();
            Line();
            Line("expected = at + 1;");
            Close();
            Line();
        }

        /// <summary>
        /// Members <paramref name="from"/> to <paramref name="to"/> (exclusive) of an array layout: straight-line, in
        /// index order; an index no member has is skipped (the items after the last member are skipped by the caller).
        /// </summary>
        private void EmitArrayMembers(int from, int to, bool inPlace)
        {
            int next = from == 0 ? 0 : _model.Members[from - 1].Index + 1;
            for (int m = from; m < to; m++)
            {
                MemberModel member = _model.Members[m];

                // An index no member has is skipped; its failure is the previous member's (-1 before the first).
                _failAt = (m - 1).ToString(CultureInfo.InvariantCulture);
                for (; next < member.Index; next++)
                {
                    Line("if (count > " + next + " && !" + Serialization + ".TrySkip(ref cursor, ref reader, ref failure))");
                    Open();
                    EmitFail();
                    Close();
                    Line();
                }

                next++;
                Line("if (count > " + member.Index + ")");
                Open();
                _failAt = m.ToString(CultureInfo.InvariantCulture);
                EmitMemberRead(member, inPlace);
                Close();
                Line();
            }

            _failAt = null;
        }

        /// <summary>
        /// One part of a long array layout's member list (see <see cref="PartSize"/>). It works on its own copy of the
        /// cursor, a local the JIT keeps in registers, and gives the place back at the end; a failure, recorded, returns
        /// false, and the caller adds the member (<c>at</c>) on the way out.
        /// </summary>
        private void EmitReadPart(int part)
        {
            int from = part * PartLength;
            int to = System.Math.Min(from + PartLength, _model.Members.Count);
            string range = _model.Members[from].Name + " to " + _model.Members[to - 1].Name;
            Line("/// <summary>Reads " + range + ": a part of the member list, small enough for the JIT to inline every read in it.</summary>");
            Line("private static bool TryReadPart" + part + "(ref " + Reader + " reader, ref " + Cursor + " cursorAt, ref " + _model.Name + " result, int count, int depth, ref int at, ref " + Failure + " failure)");
            Open();
            Line(Cursor + " cursor = cursorAt;");
            _fail = "return false;";
            EmitArrayMembers(from, to, inPlace: true);
            _fail = "goto Failed;";
            Line("cursorAt = cursor;");
            Line("return true;");
            Close();
        }

        private void EmitMemberRead(MemberModel member, bool inPlace)
        {
            EmitValueRead(member.Value, inPlace ? "result." + member.Name : Local(member), member.Name);
            if (!inPlace && HasFlag(member))
            {
                Line(Flag(member) + " = true;");
            }
        }

        private void EmitMemberNames()
        {
            Line("/// <summary>The members' names by their number in the reader, for the path of a failure.</summary>");
            Line("private static class MsgPackMemberNames");
            Open();
            Line("/// <summary>The name of member <paramref name=\"member\"/>; empty for -1 (the object itself: its header, a key, an unknown member).</summary>");
            Line("public static string Get(int member)");
            Open();
            Line("switch (member)");
            Open();
            for (int m = 0; m < _model.Members.Count; m++)
            {
                Line("case " + m + ": return \"" + _model.Members[m].Name + "\";");
            }

            Line("default: return \"\";");
            Close();
            Close();
            Close();
        }

        /// <summary>
        /// The input must have the member: it is <c>required</c>, or it is a non-nullable reference the reader has to pass
        /// (a constructor parameter without a default, an init-only member), which has no value to keep and must not be null.
        /// </summary>
        private static bool MustBePresent(MemberModel member) =>
            member.IsRequired
            || (member.Value.IsReference && !member.Value.AcceptsNil
                && ((member.Setting == MemberSetting.Constructor && member.ParameterDefault is null) || member.Setting == MemberSetting.Initializer));

        /// <summary>Whether the reader keeps a flag of the member's presence: it is set after construction, or it must be there.</summary>
        private static bool HasFlag(MemberModel member) => member.Setting == MemberSetting.Set || MustBePresent(member);

        private static string Local(MemberModel member) => char.ToLowerInvariant(member.Name[0]) + member.Name.Substring(1) + "Value";

        private static string Flag(MemberModel member) => "has" + member.Name;
    }
}
