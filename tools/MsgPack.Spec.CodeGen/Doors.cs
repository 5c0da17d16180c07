using System.Collections.Generic;
using System.Linq;

namespace MsgPack.Spec.CodeGen
{
    // The kinds of front door of MsgPackSpec: each is a record of what varies between its uses (a row of the table in
    // FrontDoors.cs) and a template that writes its methods, XML docs included. Every door ends in a core (Encode* over
    // "ref byte", which checks nothing; Decode* over "ref byte" and a length, which checks everything), directly or
    // through the span door: it checks room once, up front, or maps the core's status to a return value or an
    // exception. The templates are the doors as a person would write them, one line a call where it can be.

    /// <summary>A kind of door: one or more methods of MsgPackSpec, each ended by a newline, blank lines between them left to the caller.</summary>
    internal abstract record Door
    {
        /// <summary>The methods' texts, in order.</summary>
        public abstract IEnumerable<string> Members();

        /// <summary>"1 byte", "5 bytes".</summary>
        protected static string Bytes(int count) => count == 1 ? "1 byte" : $"{count} bytes";

        /// <summary>The doc lines of the parameters, each on its own line and ended by a newline.</summary>
        protected static string ParamDocs(IEnumerable<Parameter> parameters) =>
            string.Concat(parameters.Select(p => $"        /// <param name=\"{p.Name}\">{p.Doc}</param>\n"));

        /// <summary>", sbyte typeCode, long value": the parameters after a leading one.</summary>
        protected static string ParamList(IEnumerable<Parameter> parameters) =>
            string.Concat(parameters.Select(p => $", {p.Type} {p.Name}"));

        /// <summary>", typeCode, value": the arguments after a leading one.</summary>
        protected static string ArgList(IEnumerable<Parameter> parameters) =>
            string.Concat(parameters.Select(p => $", {p.Name}"));

        /// <summary>"WriteBinary(Span{byte}, ReadOnlySpan{byte})": the cref of the span door Write{Name} over these parameters.</summary>
        protected static string SpanWriterCref(string name, IEnumerable<Parameter> parameters) =>
            $"Write{name}(Span{{byte}}{string.Concat(parameters.Select(p => ", " + p.Type.Replace('<', '{').Replace('>', '}')))})";

        /// <summary>A remarks line, or nothing.</summary>
        protected static string RemarksDoc(string? remarks) => remarks is null ? "" : $"        /// <remarks>{remarks}</remarks>\n";

        /// <summary>
        /// The advancing writer: Write{Name}(ref Span&lt;byte&gt;) writes and moves the span past the bytes written;
        /// <paramref name="body"/> is its body, from the end of the signature on.
        /// </summary>
        protected static string AdvancingWriter(string name, string what, string spanDoor, string room, Parameter[] parameters, string noun, string body) => $$"""
                    /// <summary>Writes {{what}} and moves <paramref name="destination"/> past it (see <see cref="{{spanDoor}}"/>).</summary>
                    /// <param name="destination">Where to write{{room}}; on return, the part after the bytes written; not moved when an exception is thrown.</param>
            {{ParamDocs(parameters)}}        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the {{noun}}.</exception>
                    [MethodImpl(MethodImplOptions.AggressiveInlining)]
                    public static void Write{{name}}(ref Span<byte> destination{{ParamList(parameters)}}){{body}}

            """;

        /// <summary>The advancing Try writer: it calls the Try writer over the span, and moves the span only when it wrote.</summary>
        protected static string AdvancingTryWriter(string name, string what, Parameter[] parameters) => $$"""
                    /// <summary>Tries to write {{what}} and, when it fits, moves <paramref name="destination"/> past it; never throws.</summary>
                    /// <param name="destination">Where to write; moved past the bytes written only when the result is <see langword="true"/>.</param>
            {{ParamDocs(parameters)}}        /// <returns>Whether it fit; when <see langword="false"/>, <paramref name="destination"/> is too small and is not moved.</returns>
                    [MethodImpl(MethodImplOptions.AggressiveInlining)]
                    public static bool TryWrite{{name}}(ref Span<byte> destination{{ParamList(parameters)}})
                    {
                        if (!TryWrite{{name}}(destination{{ArgList(parameters)}}, out int bytesWritten))
                        {
                            return false;
                        }

                        Advance(ref destination, bytesWritten);
                        return true;
                    }

            """;

        /// <summary>
        /// The advancing reader: Read{Name}(ref ReadOnlySpan&lt;byte&gt;) reads and moves the span past the value. Nil
        /// (no <paramref name="type"/>) returns nothing; ext's <paramref name="outputs"/> (its header) come before the value.
        /// </summary>
        protected static string AdvancingReader(string name, string? type, string what, string returns, string failure, Parameter[]? outputs = null)
        {
            outputs ??= [];
            string returnsDoc = type is null ? "" : $"        /// <returns>{returns}</returns>\n";
            string read = type is null ? "" : $"{type} value = ";
            string returnValue = type is null ? "" : "            return value;\n";
            string crefOutputs = string.Concat(outputs.Select(o => $", out {o.Type}"));
            string outputParameters = string.Concat(outputs.Select(o => $", out {o.Type} {o.Name}"));
            string outputArguments = string.Concat(outputs.Select(o => $", out {o.Name}"));
            return $$"""
                        /// <summary>Reads {{what}} and moves <paramref name="source"/> past it (see <see cref="Read{{name}}(ReadOnlySpan{byte}{{crefOutputs}}, out int)"/>).</summary>
                        /// <param name="source">The input; on return, the part after the value; not moved when an exception is thrown.</param>
                {{ParamDocs(outputs)}}{{returnsDoc}}        /// <exception cref="MsgPackException">The input {{failure}} (see the derived types).</exception>
                        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static {{type ?? "void"}} Read{{name}}(ref ReadOnlySpan<byte> source{{outputParameters}})
                        {
                            {{read}}Read{{name}}(source{{outputArguments}}, out int bytesRead);
                            Advance(ref source, bytesRead);
                {{returnValue}}        }

                """;
        }

        /// <summary>
        /// The advancing Try reader: it calls the Try reader over the span, <paramref name="method"/> (TryReadInt64,
        /// TrySkip), and moves the span only on Done. Nil and Skip have no <paramref name="outputs"/>, ext two.
        /// </summary>
        protected static string AdvancingTryReader(string method, string what, Parameter[] outputs, string verb = "read")
        {
            string outputParameters = string.Concat(outputs.Select(o => $", out {o.Type} {o.Name}"));
            string outputArguments = string.Concat(outputs.Select(o => $", out {o.Name}"));
            return $$"""
                        /// <summary>Tries to {{verb}} {{what}} and, when Done, moves <paramref name="source"/> past it; never throws.</summary>
                        /// <param name="source">The input; moved past the value only when the result is Done.</param>
                {{ParamDocs(outputs)}}        /// <returns>Done, NeedMoreData (the index-based <c>{{method}}</c> says how many bytes are needed) or InvalidData.</returns>
                        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static OperationStatus {{method}}(ref ReadOnlySpan<byte> source{{outputParameters}})
                        {
                            OperationStatus status = {{method}}(source{{outputArguments}}, out int bytesRead);
                            if (status == OperationStatus.Done)
                            {
                                Advance(ref source, bytesRead);
                            }

                            return status;
                        }

                """;
        }
    }

    /// <summary>A parameter of a door after its destination or source.</summary>
    /// <param name="Type">Its C# type.</param>
    /// <param name="Name">Its name.</param>
    /// <param name="Doc">Its XML doc, a sentence.</param>
    internal sealed record Parameter(string Type, string Name, string Doc);

    /// <summary>
    /// A value written in its smallest form (an integer, a header with a length, a timestamp): the span writer, whose
    /// hot path compares the room with the largest form once and whose short destinations go out of line; the Try
    /// writer; the pointer writer; the advancing writer and its Try twin. The core is Encode{Name}.
    /// </summary>
    /// <param name="Name">The name in the doors' names: WriteInt64, TryWriteInt64.</param>
    /// <param name="Type">The value's C# type.</param>
    /// <param name="MaxLength">The constant of the largest form's length.</param>
    /// <param name="Length">The expression of the value's own length (over "value"), for a destination shorter than the largest form.</param>
    /// <param name="What">What is written: "Writes {What}."</param>
    /// <param name="ValueDoc">The value parameter's doc.</param>
    /// <param name="Noun">How the docs call what is written: "too small for the {Noun}".</param>
    /// <param name="Detail">More on the forms, for the span writer's summary only: "Writes {What}: {Detail}."</param>
    /// <param name="InlineAdvance">
    /// Whether the advancing writer checks the room itself, so that its cold path only throws and a loop that writes
    /// such values keeps them in registers (the integers and the container headers, which loops write most); else it
    /// calls the span writer.
    /// </param>
    internal sealed record SmallestFormWriter(string Name, string Type, string MaxLength, string Length, string What, string ValueDoc, string Noun = "value", string? Detail = null, bool InlineAdvance = false) : Door
    {
        public override IEnumerable<string> Members()
        {
            string detail = Detail is null ? "" : $": {Detail}";
            yield return $$"""
                        /// <summary>Writes {{What}}{{detail}}.</summary>
                        /// <param name="destination">Where to write; at most {{MaxLength}} bytes are needed.</param>
                        /// <param name="value">{{ValueDoc}}</param>
                        /// <returns>The number of bytes written.</returns>
                        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the {{Noun}}.</exception>
                        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static int Write{{Name}}(Span<byte> destination, {{Type}} value)
                        {
                            // The hot path: room for the largest form, one compare. A shorter destination goes out of line, where the
                            // exact size is computed; nothing the caller keeps in registers has to survive a call on the hot path.
                            return destination.Length >= {{MaxLength}}
                                ? Encode{{Name}}(ref MemoryMarshal.GetReference(destination), value)
                                : Write{{Name}}Short(destination, value);
                        }

                """;
            yield return $$"""
                        /// <summary>The out-of-line half of <see cref="Write{{Name}}(Span{byte}, {{Type}})"/>: a destination shorter than the largest form.</summary>
                        [MethodImpl(MethodImplOptions.NoInlining)]
                        private static int Write{{Name}}Short(Span<byte> destination, {{Type}} value)
                        {
                            EnsureRoom(destination.Length, {{Length}});
                            return Encode{{Name}}(ref MemoryMarshal.GetReference(destination), value);
                        }

                """;
            yield return $$"""
                        /// <summary>Writes {{What}}, if <paramref name="destination"/> has room.</summary>
                        /// <param name="destination">Where to write; at most {{MaxLength}} bytes are needed.</param>
                        /// <param name="value">{{ValueDoc}}</param>
                        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the {{Noun}} needs.</param>
                        /// <returns><see langword="true"/> when the {{Noun}} was written, <see langword="false"/> when the destination is too small.</returns>
                        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static bool TryWrite{{Name}}(Span<byte> destination, {{Type}} value, out int bytesWritten)
                        {
                            if (destination.Length < {{MaxLength}} && destination.Length < (bytesWritten = {{Length}}))
                            {
                                return false;
                            }

                            bytesWritten = Encode{{Name}}(ref MemoryMarshal.GetReference(destination), value);
                            return true;
                        }

                """;
            yield return $$"""
                        /// <summary>Writes {{What}} at a pointer, unchecked.</summary>
                        /// <param name="destination">Where to write; the caller guarantees room for the {{Noun}} (at most {{MaxLength}} bytes).</param>
                        /// <param name="value">{{ValueDoc}}</param>
                        /// <returns>The number of bytes written.</returns>
                        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static int Write{{Name}}(byte* destination, {{Type}} value) => Encode{{Name}}(ref *destination, value);

                """;
            Parameter[] value = [new(Type, "value", ValueDoc)];
            string body = InlineAdvance
                ? $$"""

                            {
                                if (destination.Length < {{MaxLength}})
                                {
                                    EnsureRoom(destination.Length, {{Length}});
                                }

                                Advance(ref destination, Encode{{Name}}(ref MemoryMarshal.GetReference(destination), value));
                            }
                    """
                : $$"""
                     =>
                                Advance(ref destination, Write{{Name}}(destination, value));
                    """;
            yield return AdvancingWriter(Name, What, SpanWriterCref(Name, value), $" (at most {MaxLength} bytes are needed)", value, Noun, body);
            yield return AdvancingTryWriter(Name, What, value);
        }
    }

    /// <summary>
    /// A value of one length (an exact format, a fixed-size scalar): the span writer, which checks the room with
    /// <c>Reserve</c>; the Try writer when <paramref name="WithTry"/>; the pointer writer; when <paramref name="WithTry"/>
    /// again, the advancing writer and its Try twin. The core is Encode{Name}.
    /// </summary>
    /// <param name="Name">The name in the doors' names: WriteUInt8Exact, WriteArray16Header.</param>
    /// <param name="Length">The one length, in bytes.</param>
    /// <param name="What">What is written: "Writes {What}: always 2 bytes."</param>
    /// <param name="Parameters">The parameters after the destination, if any (nil has none).</param>
    /// <param name="Remarks">A remarks paragraph on both writers, if any.</param>
    /// <param name="WithTry">Whether there are Try and advancing writers (the scalars: nil, bool, float 32 and 64; the exact formats have neither).</param>
    /// <param name="Subject">How the Try writer's docs call what is written: "when {Subject} was written".</param>
    internal sealed record FixedLengthWriter(string Name, int Length, string What, Parameter[] Parameters, string? Remarks = null, bool WithTry = false, string Subject = "the value") : Door
    {
        public override IEnumerable<string> Members()
        {
            string parameters = ParamList(Parameters);
            string arguments = ArgList(Parameters);
            string docs = ParamDocs(Parameters);
            string remarks = RemarksDoc(Remarks);
            string tooSmall = Length == 1 ? "is empty" : $"is shorter than {Length} bytes";
            yield return $$"""
                        /// <summary>Writes {{What}}: always {{Bytes(Length)}}.</summary>
                        /// <param name="destination">Where to write; at least {{Bytes(Length)}}.</param>
                {{docs}}        /// <returns>The number of bytes written, {{Length}}.</returns>
                        /// <exception cref="ArgumentException"><paramref name="destination"/> {{tooSmall}}.</exception>
                {{remarks}}        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static int Write{{Name}}(Span<byte> destination{{parameters}}) => Encode{{Name}}(ref Reserve(destination, {{Length}}){{arguments}});

                """;
            if (WithTry)
            {
                yield return $$"""
                            /// <summary>Writes {{What}}, if <paramref name="destination"/> has room for its {{Bytes(Length)}}.</summary>
                            /// <param name="destination">Where to write; at least {{Bytes(Length)}}.</param>
                    {{docs}}        /// <param name="bytesWritten">The number of bytes written, or needed when the destination is too small: {{Length}}.</param>
                            /// <returns><see langword="true"/> when {{Subject}} was written, <see langword="false"/> when the destination is too small.</returns>
                            [MethodImpl(MethodImplOptions.AggressiveInlining)]
                            public static bool TryWrite{{Name}}(Span<byte> destination{{parameters}}, out int bytesWritten)
                            {
                                bytesWritten = {{Length}};
                                if (destination.Length < {{Length}})
                                {
                                    return false;
                                }

                                Encode{{Name}}(ref MemoryMarshal.GetReference(destination){{arguments}});
                                return true;
                            }

                    """;
            }

            yield return $$"""
                        /// <summary>Writes {{What}} at a pointer, unchecked: always {{Bytes(Length)}}.</summary>
                        /// <param name="destination">Where to write; the caller guarantees {{Length}} writable {{(Length == 1 ? "byte" : "bytes")}}.</param>
                {{docs}}        /// <returns>The number of bytes written, {{Length}}.</returns>
                {{remarks}}        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static int Write{{Name}}(byte* destination{{parameters}}) => Encode{{Name}}(ref *destination{{arguments}});

                """;
            if (WithTry)
            {
                string body = $$"""
                     =>
                                Advance(ref destination, Encode{{Name}}(ref Reserve(destination, {{Length}}){{arguments}}));
                    """;
                yield return AdvancingWriter(Name, What, SpanWriterCref(Name, Parameters), $" (at least {Bytes(Length)})", Parameters, "value", body);
                yield return AdvancingTryWriter(Name, What, Parameters);
            }
        }
    }

    /// <summary>
    /// A value read whole (a scalar, a header, a timestamp): the span reader, which throws on failure; the Try reader;
    /// their pointer twins, which never read past the length they are given; their advancing twins. The core is
    /// Decode{Name}.
    /// </summary>
    /// <param name="Name">The name in the doors' names: ReadInt64, TryReadInt64.</param>
    /// <param name="Type">The value's C# type; null for nil, which has none (the readers return nothing).</param>
    /// <param name="What">What is read: "Reads {What} from the start of source."</param>
    /// <param name="Expected">What the exception message says was expected.</param>
    /// <param name="Returns">The value's doc: "The value.", "The number of items."</param>
    /// <param name="Length">The value's one length, when it has one: the docs of bytesRead give it.</param>
    /// <param name="Subject">How the docs call what is read: "the bytes {Subject} took".</param>
    internal sealed record Reader(string Name, string? Type, string What, string Expected, string Returns = "The value.", int? Length = null, string Subject = "the value") : Door
    {
        public override IEnumerable<string> Members()
        {
            string took = Length is int length ? $"The number of bytes {Subject} took, {length}." : $"The number of bytes {Subject} took.";
            string tryTook = Length is int one
                ? $"Done: {one}. NeedMoreData: the input length needed, {one}. InvalidData: 0."
                : $"Done: the bytes {Subject} took. NeedMoreData: the input length needed. InvalidData: 0.";
            string returnType = Type ?? "void";
            string returnsDoc = Type is null ? "" : $"        /// <returns>{Returns}</returns>\n";
            string valueDoc = Type is null ? "" : $"        /// <param name=\"value\">{Returns} Default when the result is not Done.</param>\n";
            string outValue = Type is null ? "" : $", out {Type} value";
            string outArgument = Type is null ? "" : ", out value";
            string declareValue = Type is null ? "" : $", out {Type} value";
            string returnValue = Type is null ? "" : "            return value;\n";
            yield return $$"""
                        /// <summary>Reads {{What}} from the start of <paramref name="source"/>.</summary>
                        /// <param name="source">The input.</param>
                        /// <param name="bytesRead">{{took}}</param>
                {{returnsDoc}}        /// <exception cref="MsgPackException">The input is not {{What}} or ends too early (see the derived types).</exception>
                        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static {{returnType}} Read{{Name}}(ReadOnlySpan<byte> source, out int bytesRead)
                        {
                            ReadStatus status = Decode{{Name}}(ref MemoryMarshal.GetReference(source), source.Length{{declareValue}}, out bytesRead);
                            ThrowIfFailed(status, source, bytesRead, "{{Expected}}");
                {{returnValue}}        }

                """;
            yield return $$"""
                        /// <summary>Tries to read {{What}} from the start of <paramref name="source"/>; never throws.</summary>
                        /// <param name="source">The input.</param>
                {{valueDoc}}        /// <param name="bytesRead">{{tryTook}}</param>
                        /// <returns>Done, NeedMoreData or InvalidData.</returns>
                        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static OperationStatus TryRead{{Name}}(ReadOnlySpan<byte> source{{outValue}}, out int bytesRead) =>
                            Decode{{Name}}(ref MemoryMarshal.GetReference(source), source.Length{{outArgument}}, out bytesRead).ToOperationStatus();

                """;
            yield return $$"""
                        /// <summary>Reads {{What}} from <paramref name="length"/> bytes at a pointer, never reading past them.</summary>
                        /// <param name="source">The input.</param>
                        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
                        /// <param name="bytesRead">{{took}}</param>
                {{returnsDoc}}        /// <exception cref="MsgPackException">The input is not {{What}} or ends too early (see the derived types).</exception>
                        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static {{returnType}} Read{{Name}}(byte* source, int length, out int bytesRead) => Read{{Name}}(new ReadOnlySpan<byte>(source, length), out bytesRead);

                """;
            yield return $$"""
                        /// <summary>Tries to read {{What}} from <paramref name="length"/> bytes at a pointer; never throws, never reads past them.</summary>
                        /// <param name="source">The input.</param>
                        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
                {{valueDoc}}        /// <param name="bytesRead">{{tryTook}}</param>
                        /// <returns>Done, NeedMoreData or InvalidData.</returns>
                        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static OperationStatus TryRead{{Name}}(byte* source, int length{{outValue}}, out int bytesRead) =>
                            TryRead{{Name}}(new ReadOnlySpan<byte>(source, length){{outArgument}}, out bytesRead);

                """;
            yield return AdvancingReader(Name, Type, What, Returns, $"is not {What} or ends too early");
            yield return AdvancingTryReader($"TryRead{Name}", What, Type is null ? [] : [new Parameter(Type, "value", $"{Returns} Default when the result is not Done.")]);
        }
    }

    /// <summary>
    /// A header and its payload, written from a span (bin, str of UTF-8 bytes, ext): the span writer, the Try writer
    /// and the pointer writer, each the header's core followed by a copy of the payload; the advancing writer and its
    /// Try twin.
    /// </summary>
    /// <param name="Name">The name in the doors' names: WriteBinary.</param>
    /// <param name="Header">The header's name: its core is Encode{Header}, its length Get{Header}EncodedLength.</param>
    /// <param name="HeaderArgument">What the header's core writes (over the parameters).</param>
    /// <param name="Parameters">The parameters after the destination; the last is the payload.</param>
    /// <param name="What">What is written: "Writes {What}: {Form}."</param>
    /// <param name="Form">How it is written.</param>
    /// <param name="Room">The span writer's destination doc, after "Where to write; ".</param>
    /// <param name="PointerRoom">The pointer writer's destination doc, after "Where to write; the caller guarantees ".</param>
    internal sealed record PayloadWriter(string Name, string Header, string HeaderArgument, Parameter[] Parameters, string What, string Form, string Room, string PointerRoom) : Door
    {
        public override IEnumerable<string> Members()
        {
            string parameters = ParamList(Parameters).Substring(2);
            string docs = ParamDocs(Parameters);
            string payload = Parameters[^1].Name;
            yield return $$"""
                        /// <summary>Writes {{What}}: {{Form}}.</summary>
                        /// <param name="destination">Where to write; {{Room}}.</param>
                {{docs}}        /// <returns>The number of bytes written.</returns>
                        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small for the value.</exception>
                        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static int Write{{Name}}(Span<byte> destination, {{parameters}})
                        {
                            EnsureRoom(destination.Length, (long)Get{{Header}}EncodedLength({{payload}}.Length) + {{payload}}.Length);
                            ref byte start = ref MemoryMarshal.GetReference(destination);
                            return CopyPayload(ref start, Encode{{Header}}(ref start, {{HeaderArgument}}), {{payload}});
                        }

                """;
            yield return $$"""
                        /// <summary>Writes {{What}}, if <paramref name="destination"/> has room.</summary>
                        /// <param name="destination">Where to write.</param>
                {{docs}}        /// <param name="bytesWritten">The number of bytes written; when the destination is too small, the number of bytes the value needs.</param>
                        /// <returns><see langword="true"/> when the value was written, <see langword="false"/> when the destination is too small.</returns>
                        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static bool TryWrite{{Name}}(Span<byte> destination, {{parameters}}, out int bytesWritten)
                        {
                            if (!HasRoom(destination.Length, Get{{Header}}EncodedLength({{payload}}.Length), {{payload}}.Length, out bytesWritten))
                            {
                                return false;
                            }

                            ref byte start = ref MemoryMarshal.GetReference(destination);
                            bytesWritten = CopyPayload(ref start, Encode{{Header}}(ref start, {{HeaderArgument}}), {{payload}});
                            return true;
                        }

                """;
            yield return $$"""
                        /// <summary>Writes {{What}} at a pointer, unchecked.</summary>
                        /// <param name="destination">Where to write; the caller guarantees {{PointerRoom}}.</param>
                {{docs}}        /// <returns>The number of bytes written.</returns>
                        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static int Write{{Name}}(byte* destination, {{parameters}}) =>
                            CopyPayload(ref *destination, Encode{{Header}}(ref *destination, {{HeaderArgument}}), {{payload}});

                """;
            string body = $$"""
                 =>
                            Advance(ref destination, Write{{Name}}(destination{{ArgList(Parameters)}}));
                """;
            yield return AdvancingWriter(Name, What, SpanWriterCref(Name, Parameters), "", Parameters, "value", body);
            yield return AdvancingTryWriter(Name, What, Parameters);
        }
    }

    /// <summary>
    /// A header and its payload, read without copying (bin, str as UTF-8 bytes): the span reader and the Try reader,
    /// which return the payload as a slice of the input; their pointer twins, whose result points into the memory they
    /// are given; their advancing twins. The core (<paramref name="Decoder"/>) reads the header and checks that the
    /// payload is there.
    /// </summary>
    /// <param name="Name">The name in the doors' names: ReadBinary.</param>
    /// <param name="Decoder">The core: it gives the payload's offset and length.</param>
    /// <param name="What">What is read: "Reads {What} without copying", also what the exception message says was expected.</param>
    /// <param name="Content">What the slice holds: "Reads {What} without copying: {Content}, as a slice of source."</param>
    /// <param name="Payload">The payload's name in "(header and {Payload})".</param>
    /// <param name="Result">The result's doc, without its period: "The payload".</param>
    /// <param name="Out">The Try readers' out parameter.</param>
    /// <param name="Failure">When the readers fail: "The input {Failure}."</param>
    /// <param name="InvalidData">What InvalidData means, when the Try reader's docs say it: " (not a str value, ...)".</param>
    /// <param name="Remarks">A remarks paragraph on the span reader, if any.</param>
    internal sealed record SliceReader(string Name, string Decoder, string What, string Content, string Payload, string Result, string Out, string Failure, string InvalidData = "", string? Remarks = null) : Door
    {
        public override IEnumerable<string> Members()
        {
            yield return $$"""
                        /// <summary>Reads {{What}} without copying: {{Content}}, as a slice of <paramref name="source"/>.</summary>
                        /// <param name="source">The input.</param>
                        /// <param name="bytesRead">The number of bytes the whole value (header and {{Payload}}) took.</param>
                        /// <returns>{{Result}}.</returns>
                        /// <exception cref="MsgPackException">The input {{Failure}} (see the derived types).</exception>
                {{RemarksDoc(Remarks)}}        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static ReadOnlySpan<byte> Read{{Name}}(ReadOnlySpan<byte> source, out int bytesRead)
                        {
                            ReadStatus status = {{Decoder}}(ref MemoryMarshal.GetReference(source), source.Length, out int offset, out int length, out bytesRead);
                            ThrowIfFailed(status, source, bytesRead, "{{What}}");
                            return source.Slice(offset, length);
                        }

                """;
            yield return $$"""
                        /// <summary>Tries to read {{What}} without copying; never throws.</summary>
                        /// <param name="source">The input.</param>
                        /// <param name="{{Out}}">{{Result}}, as a slice of <paramref name="source"/>; empty when the result is not Done.</param>
                        /// <param name="bytesRead">Done: the bytes the whole value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
                        /// <returns>Done, NeedMoreData or InvalidData{{InvalidData}}.</returns>
                        [MethodImpl(MethodImplOptions.AggressiveInlining)]
                        public static OperationStatus TryRead{{Name}}(ReadOnlySpan<byte> source, out ReadOnlySpan<byte> {{Out}}, out int bytesRead)
                        {
                            ReadStatus status = {{Decoder}}(ref MemoryMarshal.GetReference(source), source.Length, out int offset, out int length, out bytesRead);
                            {{Out}} = status == ReadStatus.Done ? source.Slice(offset, length) : default;
                            return status.ToOperationStatus();
                        }

                """;
            yield return $$"""
                        /// <summary>Reads {{What}} without copying from <paramref name="length"/> bytes at a pointer; the result points into them.</summary>
                        /// <param name="source">The input.</param>
                        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
                        /// <param name="bytesRead">The number of bytes the whole value took.</param>
                        /// <returns>{{Result}}.</returns>
                        /// <exception cref="MsgPackException">The input {{Failure}}.</exception>
                        public static ReadOnlySpan<byte> Read{{Name}}(byte* source, int length, out int bytesRead) =>
                            Read{{Name}}(new ReadOnlySpan<byte>(source, length), out bytesRead);

                """;
            yield return $$"""
                        /// <summary>Tries to read {{What}} without copying from <paramref name="length"/> bytes at a pointer; never throws.</summary>
                        /// <param name="source">The input.</param>
                        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
                        /// <param name="{{Out}}">{{Result}}; empty when the result is not Done.</param>
                        /// <param name="bytesRead">Done: the bytes the whole value took. NeedMoreData: the input length needed. InvalidData: 0.</param>
                        /// <returns>Done, NeedMoreData or InvalidData.</returns>
                        public static OperationStatus TryRead{{Name}}(byte* source, int length, out ReadOnlySpan<byte> {{Out}}, out int bytesRead) =>
                            TryRead{{Name}}(new ReadOnlySpan<byte>(source, length), out {{Out}}, out bytesRead);

                """;
            yield return AdvancingReader(Name, "ReadOnlySpan<byte>", $"{What} without copying", $"{Result}, as a slice of <paramref name=\"source\"/>.", Failure);
            yield return AdvancingTryReader(
                $"TryRead{Name}", $"{What} without copying", [new Parameter("ReadOnlySpan<byte>", Out, $"{Result}, as a slice of <paramref name=\"source\"/>; empty when the result is not Done.")]);
        }
    }

    /// <summary>
    /// The advancing twins of a writer over span that a format has of its own (WriteString over chars, whose span
    /// writer encodes UTF-16 in one pass): the span writer is written by hand beside its core, its advancing writer and
    /// Try twin, which share their shape with every other, here.
    /// </summary>
    /// <param name="Name">The name in the doors' names: WriteString.</param>
    /// <param name="What">What is written: "Writes {What} and moves destination past it."</param>
    /// <param name="Parameters">The parameters after the destination.</param>
    internal sealed record OwnWriterTwins(string Name, string What, Parameter[] Parameters) : Door
    {
        public override IEnumerable<string> Members()
        {
            string body = $$"""
                 =>
                            Advance(ref destination, Write{{Name}}(destination{{ArgList(Parameters)}}));
                """;
            yield return AdvancingWriter(Name, What, SpanWriterCref(Name, Parameters), "", Parameters, "value", body);
            yield return AdvancingTryWriter(Name, What, Parameters);
        }
    }

    /// <summary>
    /// The advancing twins of a reader over span that a format has of its own (ReadString, ReadExtension, Skip): the
    /// span readers are written by hand beside their cores, their advancing reader and Try twin here.
    /// </summary>
    /// <param name="Name">The name in the doors' names: ReadString, TryReadString.</param>
    /// <param name="Type">What the reader returns.</param>
    /// <param name="What">What is read: "Reads {What} and moves source past it."</param>
    /// <param name="Returns">The reader's returns doc.</param>
    /// <param name="Failure">When the reader fails: "The input {Failure}."</param>
    /// <param name="TryOutputs">The Try reader's out parameters.</param>
    /// <param name="Outputs">The reader's out parameters before the value (ext's header), if any.</param>
    internal sealed record OwnReaderTwins(string Name, string Type, string What, string Returns, string Failure, Parameter[] TryOutputs, Parameter[]? Outputs = null) : Door
    {
        public override IEnumerable<string> Members()
        {
            yield return AdvancingReader(Name, Type, What, Returns, Failure, Outputs);
            yield return AdvancingTryReader($"TryRead{Name}", What, TryOutputs);
        }
    }

    /// <summary>
    /// The Try twin of the advancing Skip: Skip over span is written by hand (it returns the value's length, and its
    /// advancing twin moves by it), its advancing Try twin shares its shape with every other.
    /// </summary>
    internal sealed record SkipTwin : Door
    {
        public override IEnumerable<string> Members()
        {
            yield return AdvancingTryReader("TrySkip", "one whole value, nested ones included,", [], verb: "step over");
        }
    }
}
