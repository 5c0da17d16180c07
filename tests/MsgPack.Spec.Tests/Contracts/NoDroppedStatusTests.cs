using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Reflection.Emit;
using Xunit;

namespace MsgPack.Spec.Tests.Contracts
{
    /// <summary>
    /// No status is dropped: the library's own IL, read back, has no call whose returned status (the internal
    /// <c>ReadStatus</c>, <see cref="System.Buffers.OperationStatus"/>, or the bool of a <c>Try*</c> or
    /// <c>IsValid*</c> method) is thrown away, as the compiler compiles a call whose result is ignored or discarded
    /// (<c>_ = Try...()</c>): the call, then <c>pop</c>. A status ignored once let invalid UTF-8 through the validator
    /// (issue #23); this test makes the rule hold for every method of every build the tests run against.
    /// </summary>
    public class NoDroppedStatusTests
    {
        // Calls whose status may be ignored, and why: "Declaring type.Method" of the caller, "Called method".
        private static readonly HashSet<string> Allowed = new HashSet<string>(StringComparer.Ordinal)
        {
            // The dump validates to learn where the input goes wrong: the result it fills says all the status says
            // (Error, Offset, BytesNeeded), and the dump shows the result.
            "MsgPack.Spec.MsgPackDump.Write -> MsgPack.Spec.MsgPackSpec.TryValidate",

            // The ASCII run at the start of a text: InvalidData only says that the run ended at a char that is not
            // ASCII (DestinationTooSmall, that the text grew past its room, which the encoder finds as it goes on);
            // the run's length is the chars written, either way.
            "MsgPack.Spec.Utf8Text.NarrowAsciiRun -> System.Text.Ascii.FromUtf16",
        };

        [Fact]
        public void No_call_in_the_library_drops_a_returned_status()
        {
            Assembly library = typeof(MsgPackSpec).Assembly;
            List<string> dropped = DroppedStatuses(library).Where(d => !Allowed.Contains(d)).ToList();
            Assert.True(dropped.Count == 0, "Statuses dropped (call, then pop):\n" + string.Join("\n", dropped));
        }

        [Fact]
        public void The_scan_finds_a_dropped_status()
        {
            // The test's own IL has one, on purpose: the scan must see it, or its silence above means nothing.
            List<string> found = DroppedStatuses(typeof(NoDroppedStatusTests).Assembly)
                .Where(d => d.StartsWith(typeof(Sample).FullName!, StringComparison.Ordinal))
                .ToList();
            Assert.Equal(new[] { $"{typeof(Sample).FullName}.DropsOne -> {typeof(MsgPackSpec).FullName}.TryReadNil" }, found);
        }

        private static IEnumerable<string> DroppedStatuses(Assembly assembly)
        {
            const BindingFlags All = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;
            foreach (Type type in assembly.GetTypes())
            {
                IEnumerable<MethodBase> methods = type.GetMethods(All).Cast<MethodBase>().Concat(type.GetConstructors(All));
                foreach (MethodBase method in methods)
                {
                    byte[]? il = method.GetMethodBody()?.GetILAsByteArray();
                    if (il == null)
                    {
                        continue;
                    }

                    foreach (MethodBase called in CallsFollowedByPop(method, il))
                    {
                        if (IsStatus(called))
                        {
                            yield return $"{type.FullName}.{method.Name} -> {called.DeclaringType?.FullName}.{called.Name}";
                        }
                    }
                }
            }
        }

        private static bool IsStatus(MethodBase called)
        {
            if (called is not MethodInfo info)
            {
                return false;
            }

            Type returned = info.ReturnType;
            return returned.FullName is "MsgPack.Spec.ReadStatus" or "System.Buffers.OperationStatus"
                || (returned == typeof(bool) && (called.Name.StartsWith("Try", StringComparison.Ordinal) || called.Name.StartsWith("IsValid", StringComparison.Ordinal)));
        }

        /// <summary>Every call or callvirt in the body that the next instruction's <c>pop</c> throws the result of.</summary>
        private static IEnumerable<MethodBase> CallsFollowedByPop(MethodBase method, byte[] il)
        {
            int offset = 0;
            while (offset < il.Length)
            {
                OpCode code = Read(il, ref offset);
                int operandStart = offset;
                offset += OperandSize(code, il, offset);
                if ((code == OpCodes.Call || code == OpCodes.Callvirt) && offset < il.Length && il[offset] == OpCodes.Pop.Value)
                {
                    MethodBase? called = Resolve(method, BitConverter.ToInt32(il, operandStart));
                    if (called != null)
                    {
                        yield return called;
                    }
                }
            }
        }

        private static MethodBase? Resolve(MethodBase method, int token)
        {
            Type[]? typeArguments = method.DeclaringType is { IsGenericType: true } declaring ? declaring.GetGenericArguments() : null;
            Type[]? methodArguments = method.IsGenericMethod ? method.GetGenericArguments() : null;
            try
            {
                return method.Module.ResolveMethod(token, typeArguments, methodArguments);
            }
            catch (ArgumentException)
            {
                return null;
            }
        }

        private static readonly Dictionary<short, OpCode> Codes = typeof(OpCodes)
            .GetFields(BindingFlags.Public | BindingFlags.Static)
            .Select(f => (OpCode)f.GetValue(null)!)
            .ToDictionary(c => c.Value);

        private static OpCode Read(byte[] il, ref int offset)
        {
            short value = il[offset++];
            if (value == 0xfe)
            {
                value = unchecked((short)(0xfe00 | il[offset++]));
            }

            return Codes[value];
        }

        private static int OperandSize(OpCode code, byte[] il, int offset) => code.OperandType switch
        {
            OperandType.InlineNone => 0,
            OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar => 1,
            OperandType.InlineVar => 2,
            OperandType.InlineI8 or OperandType.InlineR => 8,
            OperandType.InlineSwitch => 4 + (4 * BitConverter.ToInt32(il, offset)),
            _ => 4,
        };

        private static class Sample
        {
            public static void DropsOne(ReadOnlySpan<byte> source) => _ = MsgPackSpec.TryReadNil(source, out _);
        }
    }
}
