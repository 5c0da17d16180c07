using System.Globalization;

namespace MsgPack.Spec.Generator
{
    // One value of any kind: its write call, its length, its read; nil where the type accepts it.
    internal sealed partial class Emitter
    {
        /// <summary>The most bytes a value of the kind takes (nil included), or 0 when it has no bound (strings, bin, collections, objects).</summary>
        private static int MaxLength(ValueModel value)
        {
            if (value.IsReference)
            {
                return 0;
            }

            ValueKind kind = value.Kind == ValueKind.Enum ? value.Underlying : value.Kind;
            int constant = ConstantLength(kind);
            return constant >= 0 ? constant : kind switch
            {
                ValueKind.SByte or ValueKind.Byte => 2,
                ValueKind.Int16 or ValueKind.UInt16 => 3,
                ValueKind.Int32 or ValueKind.UInt32 => 5,
                ValueKind.Int64 or ValueKind.UInt64 => 9,
                ValueKind.Timestamp or ValueKind.DateTime or ValueKind.DateTimeOffset => 15,
                ValueKind.Char => 3,
                ValueKind.DateOnly => 5,
                ValueKind.TimeSpan or ValueKind.TimeOnly => 9,
                ValueKind.Decimal => 32,
                _ => 0,
            };
        }

        private static string Nil(bool advancing) => advancing ? Spec + ".WriteNil(ref destination);" : "writer.WriteNil();";

        /// <summary>The statements that write a value (nil for null), through the writer or the advancing span.</summary>
        private void EmitValueWrite(ValueModel value, string access, string helper, bool advancing)
        {
            // An object is written by its runtime type, null as nil: no test here.
            if ((value.IsNullableValue || value.IsReference) && value.Kind != ValueKind.Dynamic)
            {
                Line(value.IsNullableValue ? "if (!" + access + ".HasValue)" : "if (" + access + " is null)");
                Open();
                Line(Nil(advancing));
                Close();
                Line("else");
                Open();
                Line(WriteCall(value, value.IsNullableValue ? access + ".GetValueOrDefault()" : access, helper, advancing));
                Close();
            }
            else
            {
                Line(WriteCall(value, access, helper, advancing));
            }
        }

        private string WriteCall(ValueModel value, string v, string helper, bool advancing)
        {
            string to = advancing ? "ref destination, " : "ref writer, ";
            string Simple(string name, string argument) => advancing
                ? Spec + ".Write" + name + "(ref destination, " + argument + ");"
                : "writer.Write" + name + "(" + argument + ");";
            switch (value.Kind)
            {
                case ValueKind.Timestamp: return Simple("Timestamp", v);
                case ValueKind.DateTime: return Simple("Timestamp", Timestamp + ".FromDateTime(" + v + ")");
                case ValueKind.DateTimeOffset: return Simple("Timestamp", Timestamp + ".FromDateTimeOffset(" + v + ")");
                case ValueKind.Guid: return Serialization + ".WriteGuid(" + to + v + ");";
                case ValueKind.Enum: return Simple(value.Underlying.ToString(), "(" + Keyword(value.Underlying) + ")" + v);
                case ValueKind.Binary: return Simple("Binary", v);
                case ValueKind.BinaryMemory: return Simple("Binary", v + ".Span");
                case ValueKind.Object: return value.TypeName + ".Write(" + to + v + ");";
                case ValueKind.Converter: return Converter(value) + ".Write(" + to + v + ");";
                case ValueKind.Dynamic: return RuntimeTypes + ".Write(" + to + v + ", " + PathLiteral(helper) + ");";
                case ValueKind.Element: return advancing ? Serialization + ".WriteElement(ref destination, " + v + ");" : v + ".WriteTo(ref writer);";
                case ValueKind.Document: return advancing ? Serialization + ".WriteElement(ref destination, " + v + ".RootElement);" : v + ".WriteTo(ref writer);";
                case ValueKind.NumberArray: return Simple(value.Underlying + "Array", v);
                case ValueKind.Collection:
                case ValueKind.Dictionary:
                case ValueKind.Tuple:
                    return "MsgPackCollections.Write" + Collection(helper, value) + "(" + to + v + ");";
                case ValueKind.Decimal:
                case ValueKind.Int128:
                case ValueKind.UInt128:
                case ValueKind.BigInteger:
                case ValueKind.Version:
                    return Serialization + ".Write" + value.Kind + "(" + to + v + ");";
                case ValueKind.TimeSpan: return Simple("Int64", v + ".Ticks");
                case ValueKind.DateOnly: return Simple("Int32", v + ".DayNumber");
                case ValueKind.TimeOnly: return Simple("Int64", v + ".Ticks");
                case ValueKind.Char: return Simple("UInt16", v);
                case ValueKind.Half: return Simple("Single", "(float)" + v);
                case ValueKind.Uri: return Simple("String", v + ".OriginalString");
                case ValueKind.NumberMemory: return Simple(value.Underlying + "Array", v + ".Span");
                default: return Simple(value.Kind.ToString(), v);
            }
        }

        /// <summary>An expression for the bytes a value takes (1 for nil).</summary>
        private string LengthOf(ValueModel value, string access, string helper)
        {
            if (value.Kind == ValueKind.Dynamic)
            {
                return NonNullLength(value, access, helper);
            }

            if (value.IsNullableValue)
            {
                return "(" + access + ".HasValue ? " + NonNullLength(value, access + ".GetValueOrDefault()", helper) + " : 1)";
            }

            if (value.IsReference)
            {
                return "(" + access + " is null ? 1 : " + NonNullLength(value, access, helper) + ")";
            }

            return NonNullLength(value, access, helper);
        }

        /// <summary>The bytes every value of the kind takes, or -1 when it depends on the value.</summary>
        private static int ConstantLength(ValueKind kind) => kind switch
        {
            ValueKind.Boolean => 1,
            ValueKind.Single => 5,
            ValueKind.Double => 9,
            ValueKind.Guid => 38,
            ValueKind.Half => 5,
            ValueKind.Int128 or ValueKind.UInt128 => 18,
            _ => -1,
        };

        /// <summary>The bytes every value of the member's type takes (never nil), or -1.</summary>
        private static int FixedLength(ValueModel value) => value.IsNullableValue || value.IsReference ? -1 : ConstantLength(value.Kind);

        private string NonNullLength(ValueModel value, string v, string helper)
        {
            int constant = ConstantLength(value.Kind);
            if (constant >= 0)
            {
                return constant.ToString(CultureInfo.InvariantCulture);
            }

            switch (value.Kind)
            {
                case ValueKind.SByte:
                case ValueKind.Int16:
                case ValueKind.Int32:
                case ValueKind.Int64:
                    return Spec + ".GetInt64EncodedLength(" + v + ")";
                case ValueKind.Byte:
                case ValueKind.UInt16:
                case ValueKind.UInt32:
                case ValueKind.UInt64:
                    return Spec + ".GetUInt64EncodedLength(" + v + ")";
                case ValueKind.Enum:
                    return IsUnsigned(value.Underlying)
                        ? Spec + ".GetUInt64EncodedLength((ulong)" + v + ")"
                        : Spec + ".GetInt64EncodedLength((long)" + v + ")";
                case ValueKind.String: return Spec + ".GetStringEncodedLength(" + v + ")";
                case ValueKind.Timestamp: return Spec + ".GetTimestampEncodedLength(" + v + ")";
                case ValueKind.DateTime: return Spec + ".GetTimestampEncodedLength(" + Timestamp + ".FromDateTime(" + v + "))";
                case ValueKind.DateTimeOffset: return Spec + ".GetTimestampEncodedLength(" + Timestamp + ".FromDateTimeOffset(" + v + "))";
                case ValueKind.Binary: return Spec + ".GetBinaryEncodedLength(" + v + ".Length)";
                case ValueKind.BinaryMemory: return Spec + ".GetBinaryEncodedLength(" + v + ".Length)";
                case ValueKind.Object: return value.TypeName + ".GetEncodedLength(" + v + ")";
                case ValueKind.Converter: return Converter(value) + ".GetEncodedLength(" + v + ")";
                case ValueKind.Dynamic: return RuntimeTypes + ".GetEncodedLength(" + v + ", " + PathLiteral(helper) + ")";
                case ValueKind.Element: return v + ".GetRawBytes().Length";
                case ValueKind.Document: return v + ".RootElement.GetRawBytes().Length";
                case ValueKind.NumberArray: return "(int)" + Spec + ".Get" + value.Underlying + "ArrayEncodedLength(" + v + ")";
                case ValueKind.NumberMemory: return "(int)" + Spec + ".Get" + value.Underlying + "ArrayEncodedLength(" + v + ".Span)";
                case ValueKind.TimeSpan:
                case ValueKind.TimeOnly:
                    return Spec + ".GetInt64EncodedLength(" + v + ".Ticks)";
                case ValueKind.DateOnly: return Spec + ".GetInt64EncodedLength(" + v + ".DayNumber)";
                case ValueKind.Char: return Spec + ".GetUInt64EncodedLength(" + v + ")";
                case ValueKind.Uri: return Spec + ".GetStringEncodedLength(" + v + ".OriginalString)";
                case ValueKind.Decimal:
                case ValueKind.BigInteger:
                case ValueKind.Version:
                    return Serialization + ".Get" + value.Kind + "EncodedLength(" + v + ")";
                default: return "MsgPackCollections.Get" + Collection(helper, value) + "Length(" + v + ")";
            }
        }

        /// <summary>
        /// The statements that read a value into <paramref name="target"/> on the status path (nil gives null where the
        /// type accepts it): each read returns whether it succeeded, and a failure, recorded by the read, leaves through
        /// <see cref="_fail"/>.
        /// </summary>
        private void EmitValueRead(ValueModel value, string target, string helper)
        {
            // An object reads nil as null itself.
            if (value.AcceptsNil && value.Kind != ValueKind.Dynamic)
            {
                Line("if (cursor.TryReadNil(ref reader) == " + Status + ".Done)");
                Open();
                Line(target + (value.IsTypeParameter ? " = default;" : " = null;"));
                Close();
                Line("else");
                Open();
                EmitNonNullRead(value, target, helper);
                Close();
            }
            else
            {
                EmitNonNullRead(value, target, helper);
            }
        }

        private void EmitNonNullRead(ValueModel value, string target, string helper)
        {
            // The read's call with "{0}" for its out argument, the type it reads, and how that becomes the target's value.
            string? call = null;
            string type = value.TypeName;
            string? convert = null;
            string Helper(string name) => Serialization + ".TryRead" + name + "(ref cursor, ref reader, out {0}, ref failure)";
            switch (value.Kind)
            {
                case ValueKind.Timestamp:
                    call = Helper("Timestamp");
                    break;
                case ValueKind.DateTime:
                case ValueKind.DateTimeOffset:
                case ValueKind.Guid:
                case ValueKind.Decimal:
                case ValueKind.Int128:
                case ValueKind.UInt128:
                case ValueKind.BigInteger:
                case ValueKind.Uri:
                case ValueKind.Version:
                    call = Helper(value.Kind.ToString());
                    break;
                case ValueKind.Enum:
                    call = Helper(value.Underlying.ToString());
                    type = Keyword(value.Underlying);
                    convert = "(" + value.TypeName + ")";
                    break;
                case ValueKind.Binary:
                    call = Helper("BinaryArray");
                    break;
                case ValueKind.BinaryMemory:
                    call = Helper("BinaryArray");
                    type = "byte[]";
                    convert = string.Empty;
                    break;
                case ValueKind.TimeSpan:
                    call = Helper("Int64");
                    type = "long";
                    convert = "new global::System.TimeSpan";
                    break;
                case ValueKind.DateOnly:
                    call = Helper("DayNumber");
                    type = "int";
                    convert = "global::System.DateOnly.FromDayNumber";
                    break;
                case ValueKind.TimeOnly:
                    call = Helper("TimeOfDayTicks");
                    type = "long";
                    convert = "new global::System.TimeOnly";
                    break;
                case ValueKind.Char:
                    call = Helper("UInt16");
                    type = "ushort";
                    convert = "(char)";
                    break;
                case ValueKind.Half:
                    call = Helper("Double");
                    type = "double";
                    convert = "(global::System.Half)";
                    break;
                case ValueKind.Object or ValueKind.NumberArray or ValueKind.NumberMemory or ValueKind.Collection or ValueKind.Dictionary
                    or ValueKind.Tuple or ValueKind.Converter or ValueKind.Element or ValueKind.Document:
                    break;
                case ValueKind.Dynamic:
                    // Nil is null: into a member declared without "?", with "!" (as MessagePack-CSharp reads it).
                    type = Nullable ? "object?" : "object";
                    convert = value.AcceptsNil || !Nullable ? null : "!";
                    break;
                default:
                    call = Helper(value.Kind.ToString());
                    type = Keyword(value.Kind, value.TypeName);
                    break;
            }

            // What reads from the reader itself: hand it the cursor's place, then take the reader's.
            bool fromReader = call is null;
            bool returnsStatus = false;
            if (fromReader)
            {
                switch (value.Kind)
                {
                    case ValueKind.Object when value.HasStatusRead:
                        call = value.TypeName + ".TryRead(ref reader, depth + 1, out {0}, ref failure)";
                        returnsStatus = true;
                        break;
                    case ValueKind.Object:
                        // A hand-written type of the contract, or a type parameter: the contract's status read.
                        call = Serialization + ".TryRead<" + value.TypeName + ">(ref reader, depth + 1, out {0}, ref failure)";
                        break;
                    case ValueKind.Converter when value.HasStatusRead:
                        call = Serialization + ".Succeeded(" + Converter(value) + ".TryRead(ref reader, depth + 1, out {0}, ref failure), ref failure)";
                        break;
                    case ValueKind.Converter:
                        // A converter without a status read of its own: its Read, in a try here (a helper that held the
                        // try would be a call per value), what it throws recorded where the reader stood.
                        Line("reader.MoveTo(cursor);");
                        Line("try");
                        Open();
                        Line(target + " = " + Converter(value) + ".Read(ref reader, depth + 1);");
                        Close();
                        Line("catch (" + Exception + " e)");
                        Open();
                        Line(Serialization + ".Fail(e, ref reader, ref failure);");
                        EmitFail();
                        Close();
                        Line();
                        Line("cursor = reader.GetCursor();");
                        return;
                    case ValueKind.Dynamic:
                    case ValueKind.Element:
                    case ValueKind.Document:
                        call = Serialization + ".TryRead" + value.Kind + "(ref reader, depth + 1, out {0}, ref failure)";
                        break;
                    case ValueKind.NumberArray:
                    case ValueKind.NumberMemory:
                        call = Serialization + ".TryRead" + value.Underlying + "Array(ref reader, out {0}, ref failure)";
                        type = Keyword(value.Underlying, string.Empty) + "[]";
                        convert = value.Kind == ValueKind.NumberMemory ? string.Empty : null;
                        break;
                    default:
                        call = "MsgPackCollections.TryRead" + Collection(helper, value) + "(ref reader, depth, out {0}, ref failure)";
                        break;
                }

                Line("reader.MoveTo(cursor);");
            }

            // The target itself as the out argument where it is a local of the very type read; else a local of the
            // read's own, converted into the target after the read.
            bool outTarget = convert is null && !value.IsNullableValue && IsIdentifier(target);
            string temp = char.ToLowerInvariant(helper[0]) + helper.Substring(1) + "Read";
            string argument = outTarget ? target : type + " " + temp;
            string invocation = string.Format(System.Globalization.CultureInfo.InvariantCulture, call!, argument);
            Line(returnsStatus ? "if (" + invocation + " != " + Status + ".Done)" : "if (!" + invocation + ")");
            Open();
            EmitFail();
            Close();
            if (!outTarget)
            {
                Line(target + " = " + (convert == "!" ? temp + "!" : string.IsNullOrEmpty(convert) ? temp : convert + "(" + temp + ")") + ";");
            }

            if (fromReader)
            {
                Line("cursor = reader.GetCursor();");
            }
        }

        /// <summary>How a read that failed leaves: the member it is of, when the layout does not hold it in <c>at</c> already, then <see cref="_fail"/>.</summary>
        private void EmitFail()
        {
            if (_failAt is not null)
            {
                Line("at = " + _failAt + ";");
            }

            Line(_fail);
        }

        /// <summary>The member a value belongs to, as a C# string literal, for the exception of a value that cannot be written: <c>"Order.Extra"</c>, <c>"Order.Extra[]"</c> for an element.</summary>
        private string PathLiteral(string helper) =>
            "\"" + _model.Name + "." + (_paths.TryGetValue(helper, out string? path) ? path : helper) + "\"";

        /// <summary>Whether <paramref name="text"/> is a plain name (a local), not a member access.</summary>
        private static bool IsIdentifier(string text) => text.IndexOf('.') < 0;

        /// <summary>The type of a local that holds the value: nullable when it accepts nil (a reference only from C# 8).</summary>
        private string Declared(ValueModel value) =>
            value.IsNullableValue ? value.TypeName + "?" : value.AcceptsNil && Nullable ? value.TypeName + "?" : value.TypeName;

        /// <summary>The C# keyword of a scalar kind's type (bool, the integers, the floats, string); <paramref name="otherwise"/> for another kind.</summary>
        private static string Keyword(ValueKind kind, string otherwise) => kind switch
        {
            ValueKind.Boolean => "bool",
            ValueKind.Single => "float",
            ValueKind.Double => "double",
            ValueKind.String => "string",
            ValueKind.SByte or ValueKind.Byte or ValueKind.Int16 or ValueKind.UInt16 or ValueKind.Int32 or ValueKind.UInt32 or ValueKind.Int64 or ValueKind.UInt64 => Keyword(kind),
            _ => otherwise,
        };

        private static string Keyword(ValueKind kind) => kind switch
        {
            ValueKind.SByte => "sbyte",
            ValueKind.Byte => "byte",
            ValueKind.Int16 => "short",
            ValueKind.UInt16 => "ushort",
            ValueKind.Int32 => "int",
            ValueKind.UInt32 => "uint",
            ValueKind.Int64 => "long",
            ValueKind.UInt64 => "ulong",
            _ => "int",
        };

        private static bool IsUnsigned(ValueKind kind) => kind is ValueKind.Byte or ValueKind.UInt16 or ValueKind.UInt32 or ValueKind.UInt64;
    }
}
