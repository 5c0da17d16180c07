using System;
using System.Buffers;
using System.Reflection;
using System.Reflection.Emit;

namespace MsgPack.Spec.AB
{
    /// <summary>What a loop times: one of the generated static members of a model, over spans.</summary>
    internal enum Operation
    {
        /// <summary><c>T Read(ReadOnlySpan&lt;byte&gt; source, out int bytesRead)</c>.</summary>
        Read,

        /// <summary><c>OperationStatus TryRead(ReadOnlySpan&lt;byte&gt; source, out T? value, out int bytesRead)</c>.</summary>
        TryRead,

        /// <summary><c>int Write(Span&lt;byte&gt; destination, in T value)</c>.</summary>
        Write,

        /// <summary><c>int GetEncodedLength(in T value)</c>.</summary>
        GetEncodedLength,
    }

    /// <summary>
    /// A timed loop: calls one generated member <paramref name="iterations"/> times and returns the sum of what it
    /// returned (bytes read or written, plus the status for TryRead), which the caller checks.
    /// </summary>
    internal delegate long Loop(byte[] input, byte[] output, object? value, int iterations);

    /// <summary>Reads one value from the start of <paramref name="input"/> with the build's generated Read.</summary>
    internal delegate object ReadOne(byte[] input);

    /// <summary>
    /// Emits the loops, one per build, model and operation, as IL that calls the generated static member directly, as
    /// a caller's compiled code does.
    /// </summary>
    /// <remarks>
    /// Why not a delegate to the member called from a loop written here in C#: a generic loop over the models' types
    /// (all of them classes) is one piece of machine code shared by every instantiation, whose delegate call site dynamic
    /// PGO then sees calling both builds; it may guard and inline the one it saw more of, and that build would win by
    /// the call, not by its code. An emitted loop per (build, model, operation) calls one member from one call site, in
    /// code of its own, and the JIT may inline the generated span door into it as it would into a user's method. A
    /// dynamic method is compiled once, fully optimized (no tiering); what it calls tiers up as usual.
    /// </remarks>
    internal static class Loops
    {
        private static readonly ConstructorInfo ReadOnlySpanOfArray =
            typeof(ReadOnlySpan<byte>).GetConstructor(new[] { typeof(byte[]) })!;

        private static readonly ConstructorInfo SpanOfArray =
            typeof(Span<byte>).GetConstructor(new[] { typeof(byte[]) })!;

        /// <summary>The generated member of <paramref name="model"/> that <paramref name="operation"/> calls.</summary>
        public static MethodInfo Member(Type model, Operation operation)
        {
            Type count = typeof(int).MakeByRefType();
            Type byRef = model.MakeByRefType();
            (string name, Type[] parameters, Type returns) = operation switch
            {
                Operation.Read => ("Read", new[] { typeof(ReadOnlySpan<byte>), count }, model),
                Operation.TryRead => ("TryRead", new[] { typeof(ReadOnlySpan<byte>), byRef, count }, typeof(OperationStatus)),
                Operation.Write => ("Write", new[] { typeof(Span<byte>), byRef }, typeof(int)),
                Operation.GetEncodedLength => ("GetEncodedLength", new[] { byRef }, typeof(int)),
                _ => throw new ArgumentOutOfRangeException(nameof(operation)),
            };

            MethodInfo? member = model.GetMethod(name, BindingFlags.Public | BindingFlags.Static, parameters);
            if (member is null || member.ReturnType != returns)
            {
                throw new MissingMethodException($"{model.FullName} has no generated {returns.Name} {name}({string.Join(", ", (object[])parameters)})");
            }

            return member;
        }

        /// <summary>The loop that calls <paramref name="operation"/> of <paramref name="model"/> in the build that defines it.</summary>
        public static Loop Emit(string label, Type model, Operation operation)
        {
            MethodInfo member = Member(model, operation);
            var method = new DynamicMethod(
                $"{label}.{model.Name}.{operation}",
                typeof(long),
                new[] { typeof(byte[]), typeof(byte[]), typeof(object), typeof(int) },
                typeof(Loops).Module,
                skipVisibility: true);
            ILGenerator il = method.GetILGenerator();
            LocalBuilder sum = il.DeclareLocal(typeof(long));
            LocalBuilder i = il.DeclareLocal(typeof(int));
            LocalBuilder count = il.DeclareLocal(typeof(int));
            LocalBuilder input = il.DeclareLocal(typeof(ReadOnlySpan<byte>));
            LocalBuilder output = il.DeclareLocal(typeof(Span<byte>));
            LocalBuilder value = il.DeclareLocal(model);

            // input = new ReadOnlySpan<byte>(arg0); output = new Span<byte>(arg1); value = (T)arg2; sum = 0; i = 0
            il.Emit(OpCodes.Ldloca, input);
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Call, ReadOnlySpanOfArray);
            il.Emit(OpCodes.Ldloca, output);
            il.Emit(OpCodes.Ldarg_1);
            il.Emit(OpCodes.Call, SpanOfArray);
            il.Emit(OpCodes.Ldarg_2);
            il.Emit(OpCodes.Unbox_Any, model);
            il.Emit(OpCodes.Stloc, value);
            il.Emit(OpCodes.Ldc_I8, 0L);
            il.Emit(OpCodes.Stloc, sum);
            il.Emit(OpCodes.Ldc_I4_0);
            il.Emit(OpCodes.Stloc, i);
            Label body = il.DefineLabel();
            Label test = il.DefineLabel();
            il.Emit(OpCodes.Br, test);

            il.MarkLabel(body);
            switch (operation)
            {
                case Operation.Read:
                    // Read(input, out count); sum += count (the value read is dropped, as a caller that uses it would not)
                    il.Emit(OpCodes.Ldloc, input);
                    il.Emit(OpCodes.Ldloca, count);
                    il.Emit(OpCodes.Call, member);
                    il.Emit(OpCodes.Pop);
                    il.Emit(OpCodes.Ldloc, count);
                    break;
                case Operation.TryRead:
                    // sum += TryRead(input, out value, out count) + count (Done is 0)
                    il.Emit(OpCodes.Ldloc, input);
                    il.Emit(OpCodes.Ldloca, value);
                    il.Emit(OpCodes.Ldloca, count);
                    il.Emit(OpCodes.Call, member);
                    il.Emit(OpCodes.Ldloc, count);
                    il.Emit(OpCodes.Add);
                    break;
                case Operation.Write:
                    // sum += Write(output, in value)
                    il.Emit(OpCodes.Ldloc, output);
                    il.Emit(OpCodes.Ldloca, value);
                    il.Emit(OpCodes.Call, member);
                    break;
                default:
                    // sum += GetEncodedLength(in value)
                    il.Emit(OpCodes.Ldloca, value);
                    il.Emit(OpCodes.Call, member);
                    break;
            }

            il.Emit(OpCodes.Conv_I8);
            il.Emit(OpCodes.Ldloc, sum);
            il.Emit(OpCodes.Add);
            il.Emit(OpCodes.Stloc, sum);
            il.Emit(OpCodes.Ldloc, i);
            il.Emit(OpCodes.Ldc_I4_1);
            il.Emit(OpCodes.Add);
            il.Emit(OpCodes.Stloc, i);

            il.MarkLabel(test);
            il.Emit(OpCodes.Ldloc, i);
            il.Emit(OpCodes.Ldarg_3);
            il.Emit(OpCodes.Blt, body);
            il.Emit(OpCodes.Ldloc, sum);
            il.Emit(OpCodes.Ret);
            return method.CreateDelegate<Loop>();
        }

        /// <summary>Reads one value with the generated Read of <paramref name="model"/>, to check what the build read.</summary>
        public static ReadOne EmitReadOne(Type model)
        {
            MethodInfo member = Member(model, Operation.Read);
            var method = new DynamicMethod("ReadOne." + model.Name, typeof(object), new[] { typeof(byte[]) }, typeof(Loops).Module, skipVisibility: true);
            ILGenerator il = method.GetILGenerator();
            LocalBuilder count = il.DeclareLocal(typeof(int));
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Newobj, ReadOnlySpanOfArray);
            il.Emit(OpCodes.Ldloca, count);
            il.Emit(OpCodes.Call, member);
            if (model.IsValueType)
            {
                il.Emit(OpCodes.Box, model);
            }

            il.Emit(OpCodes.Ret);
            return method.CreateDelegate<ReadOne>();
        }
    }
}
