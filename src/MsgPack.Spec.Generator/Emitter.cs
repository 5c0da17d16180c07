using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace MsgPack.Spec.Generator
{
    /// <summary>
    /// Writes the source of one <see cref="TypeModel"/>. Text only: it sees no symbol and makes no decision the parser did
    /// not. One file per concern: the file's layout and the text helpers here; the type's doors (Objects), the member list
    /// (Members), one value of any kind (Values), a map's keys (Keys), the collections' helpers (Collections), and
    /// the type's own converter for generic code and the calls to custom converters (Converters).
    /// </summary>
    internal sealed partial class Emitter
    {
        private const string Spec = "global::MsgPack.Spec.MsgPackSpec";
        private const string Writer = "global::MsgPack.Spec.MsgPackWriter";
        private const string Reader = "global::MsgPack.Spec.MsgPackReader";
        private const string Cursor = "global::MsgPack.Spec.MsgPackCursor";
        private const string Serialization = "global::MsgPack.Spec.Serialization.MsgPackSerialization";
        private const string Exception = "global::MsgPack.Spec.MsgPackException";
        private const string Status = "global::System.Buffers.OperationStatus";
        private const string Timestamp = "global::MsgPack.Spec.Timestamp";
        private const string Span = "global::System.Span<byte>";
        private const string ReadOnlySpan = "global::System.ReadOnlySpan<byte>";
        private const string Contract = "global::MsgPack.Spec.Serialization.IMsgPackSerializable";
        private const string Failure = "global::MsgPack.Spec.Serialization.MsgPackReadFailure";
        private const string ReadError = "global::MsgPack.Spec.Serialization.MsgPackReadError";
        private const string Layout = "global::MsgPack.Spec.Serialization.MsgPackLayout";
        private const string Payload = "global::MsgPack.Spec.MsgPackPayload";
        private const string RuntimeTypes = "global::MsgPack.Spec.Generated.MsgPackRuntimeTypes";
        private const string Hidden = "[global::System.ComponentModel.EditorBrowsable(global::System.ComponentModel.EditorBrowsableState.Never)]";

        // A method kept out of its callers: the member loop, so that it has an inlining budget of its own (inlined into a
        // door, it would share the door's and leave the small reads it calls as calls); a rare path, so that its locals
        // stay out of the hot method's frame.
        // A door that only hands a value on: inlined, its out value lands in the caller's variable (no write barrier).
        private const string AggressiveInlining = "[global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]";

        private const string NoInlining = "[global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]";

        private readonly TypeModel _model;

        // The union being emitted (Unions), or null for a [MsgPackObject] type.
        private readonly UnionModel? _union;
        private readonly StringBuilder _text = new StringBuilder();

        // The collection helpers the members need, by name, written after the type's own members.
        private readonly List<(string Name, ValueModel Value)> _collections = new List<(string, ValueModel)>();
        // The members' paths of the collections' elements, by their helper names ("ExtraValue" is "Extra[]"), for the
        // exception of an object that cannot be written.
        private readonly Dictionary<string, string> _paths = new Dictionary<string, string>();
        private int _indent;
        private bool _afterClose;

        // How a read that failed leaves the method being written (the failure is recorded already): to the method's
        // Failed label, which adds the member's name or the element's index, or straight out of a part of a member list.
        private string _fail = "goto Failed;";

        // The member an array layout's read is of, set on the way out only (see EmitFail): on the valid path nothing
        // records where the reader is.
        private string? _failAt;

        private Emitter(TypeModel model, UnionModel? union = null)
        {
            _model = model;
            _union = union;
        }

        public static string Emit(TypeModel model)
        {
            var emitter = new Emitter(model);
            emitter.EmitFile();
            return emitter._text.ToString();
        }

        /// <summary>C# 8 and later: nullable annotations, <c>default!</c>.</summary>
        private bool Nullable => _model.LanguageVersion >= 800;

        /// <summary>
        /// "new " where a base class is generated: its static members with the same signatures (the reads, whose
        /// parameters do not name the type, and the converter struct) are hidden by the type's own, on purpose.
        /// </summary>
        private string New => _model.HidesInherited ? "new " : string.Empty;

        /// <summary>The mark of a value of the type that may be null: "?" for a class from C# 8, else nothing.</summary>
        private string NullableMark => _model.IsValueType || !Nullable ? string.Empty : "?";

        /// <summary>The array's length: one more than the largest index (the array layout).</summary>
        private int ItemCount => _model.IsMap ? _model.Members.Count : (_model.Members.Count == 0 ? 0 : _model.Members[_model.Members.Count - 1].Index + 1);

        private string LayoutText => _union is not null
            ? "its case's tag and value, a MessagePack array [tag, value]"
            : _model.IsMap
            ? "a MessagePack map of " + Count(_model.Members.Count, "member")
            : "a MessagePack array of " + Count(ItemCount, "item");

        /// <summary>
        /// The reader sets members on a value it created (or was given): no constructor parameters, no init-only or
        /// required members. Only such a type can be read into an existing value.
        /// </summary>
        private bool ReadsInPlace => _model.ConstructorParameterCount == 0 && _model.Members.All(m => m.Setting == MemberSetting.Set);

        /// <summary>
        /// How many members one method reads at most. The JIT stops inlining in a method that has grown too large (its
        /// budget of inlines and locals), and a read that is not inlined takes the cursor by reference, which moves the
        /// cursor from registers to memory for the whole method; a long member list is therefore read in parts of
        /// this size, one method each, that the JIT inlines whole.
        /// </summary>
        private const int PartSize = 8;

        /// <summary>
        /// Whether the members are read in parts (<see cref="PartSize"/>): a long array layout read into an instance.
        /// A map layout is not: its member reads are the cases of one switch, and a call per member to a part costs
        /// more than it saves (StringKey's 9 members: 81 ns in parts, 73.5 ns in one switch).
        /// </summary>
        private bool ReadsInParts => ReadsInPlace && !_model.IsMap && _model.Members.Count > PartSize;

        private int PartCount => (_model.Members.Count + PartSize - 1) / PartSize;

        /// <summary>
        /// How many members one part reads: the list shared evenly between <see cref="PartCount"/> parts (9 members: 5
        /// and 4, not 8 and 1), so that no part is the one whose frame the JIT fills past what its reads need.
        /// </summary>
        private int PartLength => (_model.Members.Count + PartCount - 1) / PartCount;

        private void EmitFile()
        {
            OpenType("[MsgPackObject]");
            EmitWriterDoor();
            Line();
            EmitEncodedLength();
            Line();
            EmitSpanDoors();
            Line();
            EmitAdvancingWrite();
            if (_model.AllowsUnsafe)
            {
                Line();
                EmitPointerDoors();
            }

            Line();
            EmitReaderDoors();
            Line();
            EmitSpanRead();
            Line();
            EmitTryReads();
            Line();
            EmitMemberNames();
            // A map without members reads every entry as unknown: no keys to match.
            if (_model.IsMap && _model.Members.Count > 0)
            {
                Line();
                EmitKeys();
            }

            Line();
            EmitConverter();

            if (_collections.Count > 0)
            {
                Line();
                EmitCollections();
            }

            CloseType();
        }

        /// <summary>The file's header, the namespace and the containing types, and the type's own partial declaration, opened.</summary>
        private void OpenType(string attribute)
        {
            Line("// <auto-generated/>");
            Line("// Written by MsgPack.Spec.Generator for a " + attribute + " type (docs/serialization.md).");
            if (Nullable)
            {
                Line("#nullable enable");
            }

            if (_model.UsesDynamic)
            {
                // Every assembly with members of type object has its own MsgPackRuntimeTypes, and this code means its
                // own; an assembly whose internals this one sees shows its twin, which CS0436 would point out.
                Line("#pragma warning disable CS0436 // MsgPackRuntimeTypes is this assembly's, whatever another one shows");
            }

            Line();
            if (_model.Namespace is not null)
            {
                Line("namespace " + _model.Namespace);
                Open();
            }

            foreach (ContainingTypeModel outer in _model.ContainingTypes)
            {
                Line("partial " + outer.Keyword + " " + outer.Name);
                Open();
            }

            Line("partial " + _model.Keyword + " " + _model.Name + (_model.ImplementsSerializable ? " : " + Contract + "<" + _model.Name + ">" : string.Empty));
            Open();
        }

        /// <summary>Closes what <see cref="OpenType"/> opened.</summary>
        private void CloseType()
        {
            Close();
            for (int i = 0; i < _model.ContainingTypes.Count; i++)
            {
                Close();
            }

            if (_model.Namespace is not null)
            {
                Close();
            }
        }

        private static string Escape(string text) =>
            text.Replace("&", "&amp;").Replace("<", "&lt;").Replace(">", "&gt;").Replace("\r", " ").Replace("\n", " ");

        private static string Count(int n, string noun) => n.ToString(CultureInfo.InvariantCulture) + " " + noun + (n == 1 ? string.Empty : "s");

        private void Line(string text = "")
        {
            if (_afterClose && text.Length > 0 && text != "}" && text != "};" && text != "else" && !text.StartsWith("else ", System.StringComparison.Ordinal)
                && !text.StartsWith("catch ", System.StringComparison.Ordinal))
            {
                _text.Append('\n');
            }

            _afterClose = text == "}";
            if (text.Length > 0)
            {
                _text.Append(' ', _indent * 4);
                _text.Append(text);
            }

            _text.Append('\n');
        }

        private void Open()
        {
            Line("{");
            _indent++;
        }

        private void Close()
        {
            _indent--;
            Line("}");
        }
    }
}
