using System;
using System.Globalization;
using System.Linq;
using System.Text;

namespace MsgPack.Spec.Generator
{
    // A map layout's keys: the bytes as written, the match in the writers' order, the lookup of the others.
    internal sealed partial class Emitter
    {
        /// <summary>
        /// The key of an entry that is not the next in the writers' order, read out of line (a method of its own, which the
        /// member loop calls with the reader moved to its cursor): an integer in any form, or a str whose bytes are
        /// compared in place (copied across segments), an unknown one checked for UTF-8. Its number, or -1 for an unknown
        /// key, or -2 when the failure is recorded: returned, not an <c>out</c>, so that the member loop passes no variable
        /// of its own by reference (one would stay in memory for the whole loop, its frame zeroed at every call).
        /// </summary>
        private void EmitKeyRead()
        {
            Line(_model.IntegerKeys
                ? "/// <summary>Reads a key that is not the next in the writers' order: an integer in any form (a writer need not use the smallest).</summary>"
                : "/// <summary>Reads a key that is not the next in the writers' order: its str header, then its bytes, compared in place (copied across segments).</summary>");
            Line("/// <param name=\"reader\">The reader, at the key.</param>");
            if (!_model.IntegerKeys)
            {
                Line("/// <param name=\"expected\">The member after the last one read, compared first.</param>");
            }

            Line("/// <param name=\"failure\">Where a failure is recorded.</param>");
            Line("/// <returns>The member whose key it is; -1 for a key no member has (its value is skipped); -2 when the failure was recorded.</returns>");
            Line(NoInlining);
            Line("public static int TryRead(ref " + Reader + " reader" + (_model.IntegerKeys ? "" : ", int expected") + ", ref " + Failure + " failure)");
            Open();
            Line("long keyAt = reader.Consumed;");
            Line(Cursor + " cursor = reader.GetCursor();");
            if (_model.IntegerKeys)
            {
                // An integer no member has is skipped.
                Line("if (!" + Serialization + ".TryReadIntegerKey(ref cursor, ref reader, out long key, ref failure))");
                Open();
                Line("return -2;");
                Close();
                Line();
                Line("int at = Find(key);");
            }
            else
            {
                Line("if (!" + Serialization + ".TryReadStringHeader(ref cursor, ref reader, out int length, ref failure))");
                Open();
                Line("return -2;");
                Close();
                Line();
                Line("int at;");
                Line(ReadOnlySpan + " unread = cursor.UnreadSpan;");
                EmitStrBytesLookUp("key", "return -2;", (bytes, inPlace) =>
                {
                    if (inPlace)
                    {
                        Line("// The key in the segment: compared in place, as a span.");
                    }

                    Line("at = Find(" + bytes + ", expected);");
                    Line("if (at < 0 && !" + Serialization + ".CheckUnknownKey(" + bytes + ", keyAt, ref failure))");
                    Open();
                    Line("return -2;");
                    Close();
                    if (inPlace)
                    {
                        Line();
                    }
                });
            }

            Line();
            Line("reader.MoveTo(cursor);");
            Line("return at;");
            Close();
        }

        /// <summary>
        /// The bytes of a str whose header was read (its length in <c>length</c>, the segment's rest in <c>unread</c>),
        /// looked up as bytes, never decoded: in place when the segment holds them, copied across segments into the
        /// payload <paramref name="payload"/> otherwise (a map key by name, a union's str tag). <paramref name="lookUp"/>
        /// writes the lines that use them, given the expression that names them and whether it is the in-place one.
        /// </summary>
        private void EmitStrBytesLookUp(string payload, string fail, Action<string, bool> lookUp)
        {
            Line("if ((uint)length <= (uint)unread.Length)");
            Open();
            lookUp("unread.Slice(0, length)", true);
            Line("cursor.ReadBytes(ref reader, length);");
            Close();
            Line("else");
            Open();
            Line("if (!" + Serialization + ".TryReadBytes(ref cursor, ref reader, length, out " + Payload + " " + payload + ", ref failure))");
            Open();
            Line(fail);
            Close();
            Line();
            lookUp(payload, false);
            Close();
        }

        private void EmitKeys()
        {
            Line(_model.IntegerKeys
                ? "/// <summary>The keys as written: each integer in its smallest form, in the assembly's data (no allocation).</summary>"
                : "/// <summary>The keys as written: str header and UTF-8, in the assembly's data (no allocation).</summary>");
            Line("private static class MsgPackKeys");
            Open();
            foreach (MemberModel member in _model.Members)
            {
                string bytes = string.Join(", ", member.EncodedKey.Select(b => "0x" + b.ToString("x2", CultureInfo.InvariantCulture)));
                Line("/// <summary>" + (_model.IntegerKeys ? member.Index.ToString(CultureInfo.InvariantCulture) : "\"" + Escape(member.Key!) + "\"") + "</summary>");
                Line("public static " + ReadOnlySpan + " " + member.Name + " => new byte[] { " + bytes + " };");
            }

            Line();
            Line("/// <summary>The length of member <paramref name=\"expected\"/>'s key as written when <paramref name=\"unread\"/> starts with it, else 0.</summary>");
            Line("[global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]");
            Line("public static int MatchNext(" + ReadOnlySpan + " unread, int expected)");
            Open();
            Line("switch (expected)");
            Open();
            for (int m = 0; m < _model.Members.Count; m++)
            {
                Line("case " + m + ": return global::System.MemoryExtensions.StartsWith(unread, " + _model.Members[m].Name + ") ? " + _model.Members[m].EncodedKey.Count + " : 0;");
            }

            Line("default: return 0;");
            Close();
            Close();
            Line();
            EmitKeyRead();
            Line();
            if (_model.IntegerKeys)
            {
                Line("/// <summary>The member whose key is <paramref name=\"key\"/>, or -1.</summary>");
                Line("public static int Find(long key)");
                Open();
                Line("switch (key)");
                Open();
                for (int m = 0; m < _model.Members.Count; m++)
                {
                    Line("case " + _model.Members[m].Index.ToString(CultureInfo.InvariantCulture) + ": return " + m + ";");
                }

                Line("default: return -1;");
                Close();
                Close();
                Close();
                return;
            }

            int longest = _model.Members.Max(m => KeyLength(m));
            Line("/// <summary>The member whose key is <paramref name=\"key\"/>, a key across segments (its UTF-8, without the str header), or -1.</summary>");
            Line("public static int Find(global::MsgPack.Spec.MsgPackPayload key, int expected)");
            Open();
            Line("if (key.IsSingleSpan)");
            Open();
            Line("return Find(key.Span, expected);");
            Close();
            Line();
            Line("// No longer than the longest key, or no member's.");
            Line("if (key.Length > " + longest + ")");
            Open();
            Line("return -1;");
            Close();
            Line();
            Line("global::System.Span<byte> copy = stackalloc byte[" + longest + "];");
            Line("key.CopyTo(copy);");
            Line("return Find(copy.Slice(0, key.Length), expected);");
            Close();
            Line();
            Line("/// <summary>The member whose key is <paramref name=\"key\"/> (its UTF-8, without the str header), or -1.</summary>");
            Line("public static int Find(" + ReadOnlySpan + " key, int expected)");
            Open();
            Line("// The member after the last one read: the writers' order, so usually the first compare.");
            Line("switch (expected)");
            Open();
            for (int m = 0; m < _model.Members.Count; m++)
            {
                Line("case " + m + ":");
                _indent++;
                EmitKeyMatch(_model.Members[m], m);
                Line("break;");
                _indent--;
            }

            Close();
            Line();
            Line("switch (key.Length)");
            Open();
            foreach (var group in _model.Members.Select((member, index) => (member, index)).GroupBy(x => KeyLength(x.member)).OrderBy(g => g.Key))
            {
                Line("case " + group.Key + ":");
                _indent++;
                foreach (var (member, index) in group)
                {
                    EmitKeyMatch(member, index);
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

        private void EmitKeyMatch(MemberModel member, int index)
        {
            Line("if (global::System.MemoryExtensions.SequenceEqual(key, " + KeyText(member) + "))");
            Open();
            Line("return " + index + ";");
            Close();
            Line();
        }

        /// <summary>The bytes of a member's key without its str header.</summary>
        private static int KeyLength(MemberModel member) => Encoding.UTF8.GetByteCount(member.Key!);

        private static string KeyText(MemberModel member) =>
            "MsgPackKeys." + member.Name + ".Slice(" + (member.EncodedKey.Count - KeyLength(member)) + ")";
    }
}
