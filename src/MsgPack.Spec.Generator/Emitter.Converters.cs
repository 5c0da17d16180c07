namespace MsgPack.Spec.Generator
{
    // Converters: the type's own for generic code (the nested MsgPackConverter struct; IMsgPackSerializable<T> is on the
    // type line), and the calls to a custom converter ([MsgPackConverter]).
    internal sealed partial class Emitter
    {
        /// <summary>
        /// The type's <c>IMsgPackConverter</c>: the contract of generic code on every target and C# version (netstandard2.0,
        /// C# 7.3), a struct whose members call the type's own, so a call through a struct-constrained type parameter is
        /// direct.
        /// </summary>
        private void EmitConverter()
        {
            string type = _model.Name;
            Line("/// <summary>The converter of <see cref=\"" + CrefName + "\"/> for generic code: <c>where TConverter : struct, IMsgPackConverter&lt;T&gt;</c>, called with no boxing and no virtual call.</summary>");
            Line("public " + New + "readonly struct MsgPackConverter : global::MsgPack.Spec.Serialization.IMsgPackConverter<" + type + ">");
            Open();
            Line("/// <inheritdoc/>");
            Line("public void Write(ref " + Writer + " writer, in " + type + " value) => " + type + ".Write(ref writer, in value);");
            Line();
            Line("/// <inheritdoc/>");
            Line("public void Write(ref " + Span + " destination, in " + type + " value) => " + type + ".Write(ref destination, in value);");
            Line();
            Line("/// <inheritdoc/>");
            Line("public int GetEncodedLength(in " + type + " value) => " + type + ".GetEncodedLength(in value);");
            Line();
            Line("/// <inheritdoc/>");
            Line("public " + type + " Read(ref " + Reader + " reader, int depth) => " + type + ".Read(ref reader, depth);");
            Line();
            Line("/// <summary>Reads a value, or records why not in <paramref name=\"failure\"/>: the type's status read, which never throws for bad input.</summary>");
            Line("/// <param name=\"reader\">The reader.</param>");
            Line("/// <param name=\"depth\">How many generated objects contain this one.</param>");
            Line("/// <param name=\"value\">The value; default unless the result is Done.</param>");
            Line("/// <param name=\"failure\">Where a failure is recorded.</param>");
            Line("/// <returns>Done; NeedMoreData when the input ends inside the value; InvalidData when it is not such a value.</returns>");
            Line("public " + Status + " TryRead(ref " + Reader + " reader, int depth, out " + type + " value, ref " + Failure + " failure) => " + type + ".TryRead(ref reader, depth, out value, ref failure);");
            Close();
        }

        /// <summary>
        /// A custom converter as the receiver of a call: <c>default(TConverter)</c>. The converter is a struct, so the call
        /// is direct (and inlined) with no instance kept anywhere; its writers take the same writer or advancing span as the
        /// generated ones, so the span and pointer doors stay direct through it.
        /// </summary>
        private static string Converter(ValueModel value) => "default(" + value.Converter + ")";
    }
}
