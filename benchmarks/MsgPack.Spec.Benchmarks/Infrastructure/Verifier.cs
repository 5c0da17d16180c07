using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// <c>--verify</c>: correctness only, no timing. For every benchmark class: every [Params]/[ParamsSource]
    /// combination, [GlobalSetup] (which runs the fairness checks), every [Benchmark] once, [GlobalCleanup]. Then
    /// the allocation check: every managed row (not [PInvoke], not [Allocates]) must allocate 0 B in a few calls
    /// after two warm-up calls (the least of three tries, so that a one-off allocation on the thread does not count).
    /// </summary>
    internal static class Verifier
    {
        internal static int Run(TextWriter output)
        {
            int passed = 0;
            int failed = 0;
            Type[] types = typeof(Program).Assembly.GetTypes()
                .Where(t => t.IsPublic && !t.IsAbstract && BenchmarkBase.Benchmarks(t).Any())
                .OrderBy(t => t.Name, StringComparer.Ordinal)
                .ToArray();
            foreach (Type type in types)
            {
                List<(MemberInfo Member, object? Value)[]> combinations = Combinations(type);
                int benchmarks = BenchmarkBase.Benchmarks(type).Count();
                try
                {
                    foreach ((MemberInfo Member, object? Value)[] combination in combinations)
                    {
                        RunOnce(type, combination);
                    }

                    passed++;
                    output.WriteLine($"verify: {type.Name}: ok ({benchmarks} benchmarks x {combinations.Count} parameter set(s))");
                }
                catch (Exception e)
                {
                    failed++;
                    Exception shown = e is TargetInvocationException { InnerException: { } inner } ? inner : e;
                    output.WriteLine($"verify: {type.Name}: FAILED: {shown.GetType().Name}: {shown.Message}");
                }
            }

            output.WriteLine($"verify: {passed} passed, {failed} failed");
            return failed == 0 ? 0 : 1;
        }

        /// <summary>Every parameter set of a benchmark class, set up ([GlobalSetup] run): a label and the instance.</summary>
        internal static IEnumerable<(string Label, object Instance)> SetUpInstances(Type type)
        {
            foreach ((MemberInfo Member, object? Value)[] combination in Combinations(type))
            {
                object instance = Create(type, combination);
                InvokeAll<GlobalSetupAttribute>(type, instance);
                yield return (Label(type, combination), instance);
            }
        }

        private static object Create(Type type, (MemberInfo Member, object? Value)[] combination)
        {
            object instance = Activator.CreateInstance(type)!;
            foreach ((MemberInfo member, object? value) in combination)
            {
                if (member is PropertyInfo property)
                {
                    property.SetValue(instance, value);
                }
                else
                {
                    ((FieldInfo)member).SetValue(instance, value);
                }
            }

            return instance;
        }

        private static string Label(Type type, (MemberInfo Member, object? Value)[] combination) =>
            combination.Length == 0 ? type.Name : $"{type.Name}({string.Join(", ", combination.Select(c => $"{c.Member.Name}={c.Value}"))})";

        private static void RunOnce(Type type, (MemberInfo Member, object? Value)[] combination)
        {
            object instance = Create(type, combination);
            string where = Label(type, combination);
            InvokeAll<GlobalSetupAttribute>(type, instance);
            foreach (MethodInfo method in BenchmarkBase.Benchmarks(type))
            {
                try
                {
                    method.Invoke(instance, null);
                    CheckAllocations(type, instance, method, where);
                }
                catch (TargetInvocationException e) when (e.InnerException is not null)
                {
                    throw new InvalidOperationException($"{where}: {BenchmarkBase.Name(method)} threw {e.InnerException.GetType().Name}: {e.InnerException.Message}", e.InnerException);
                }
            }

            InvokeAll<GlobalCleanupAttribute>(type, instance);
        }

        private const int MeasuredCalls = 4;

        private static void CheckAllocations(Type type, object instance, MethodInfo method, string where)
        {
            if (method.IsDefined(typeof(PInvokeAttribute)) || method.IsDefined(typeof(AllocatesAttribute)) || type.IsDefined(typeof(AllocatesAttribute)))
            {
                return;
            }

            MethodInfo measure = method.ReturnType == typeof(void)
                ? typeof(Verifier).GetMethod(nameof(MeasureAction), BindingFlags.NonPublic | BindingFlags.Static)!
                : typeof(Verifier).GetMethod(nameof(MeasureFunc), BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(method.ReturnType);
            Delegate call = method.CreateDelegate(method.ReturnType == typeof(void) ? typeof(Action) : typeof(Func<>).MakeGenericType(method.ReturnType), instance);
            long least = long.MaxValue;
            for (int attempt = 0; attempt < 3 && least > 0; attempt++)
            {
                least = Math.Min(least, (long)measure.Invoke(null, new object[] { call })!);
            }

            if (least > 0)
            {
                throw new InvalidOperationException($"{where}: {BenchmarkBase.Name(method)} allocated {least} B in {MeasuredCalls} calls; a managed row must allocate nothing (or say why with [Allocates]).");
            }
        }

        // Direct calls through a typed delegate: nothing is boxed, so any allocation is the benchmark's own (the
        // wrapping lambda is made before the count starts).
        private static long MeasureFunc<T>(Func<T> call) => MeasureAction(() => call());

        private static long MeasureAction(Action call)
        {
            call();
            call();
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < MeasuredCalls; i++)
            {
                call();
            }

            return GC.GetAllocatedBytesForCurrentThread() - before;
        }

        private static void InvokeAll<TAttribute>(Type type, object instance)
            where TAttribute : Attribute
        {
            foreach (MethodInfo method in type.GetMethods(BindingFlags.Public | BindingFlags.Instance).Where(m => m.IsDefined(typeof(TAttribute))))
            {
                method.Invoke(instance, null);
            }
        }

        /// <summary>Every combination of the class's parameters (one empty combination when it has none).</summary>
        private static List<(MemberInfo Member, object? Value)[]> Combinations(Type type)
        {
            var result = new List<(MemberInfo, object?)[]> { Array.Empty<(MemberInfo, object?)>() };
            foreach (MemberInfo member in type.GetMembers(BindingFlags.Public | BindingFlags.Instance).Where(m => m is PropertyInfo or FieldInfo).OrderBy(m => Depth(m.DeclaringType)).ThenBy(m => m.MetadataToken))
            {
                object?[]? values = ParameterValues(type, member);
                if (values is null)
                {
                    continue;
                }

                result = result.SelectMany(prefix => values.Select(v => prefix.Append((member, v)).ToArray())).ToList();
            }

            return result;
        }

        /// <summary>How many base classes a type has: a base class's parameters come first (Count before Int32ArrayEncode's
        /// Shape, as when both were declared in the class), then each class's in declaration order.</summary>
        internal static int Depth(Type? type) => type?.BaseType is null ? 0 : 1 + Depth(type.BaseType);

        private static object?[]? ParameterValues(Type type, MemberInfo member)
        {
            if (member.GetCustomAttribute<ParamsAttribute>() is { } parameters)
            {
                return parameters.Values;
            }

            if (member.GetCustomAttribute<ParamsSourceAttribute>() is { } source)
            {
                const BindingFlags Any = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance | BindingFlags.FlattenHierarchy;
                object? values = type.GetProperty(source.Name, Any)?.GetValue(null) ?? type.GetMethod(source.Name, Any)?.Invoke(null, null);
                return values is System.Collections.IEnumerable sequence
                    ? sequence.Cast<object?>().ToArray()
                    : throw new InvalidOperationException($"{type.Name}.{member.Name}: [ParamsSource({source.Name})] is not a static sequence.");
            }

            if (member.IsDefined(typeof(ParamsAllValuesAttribute)))
            {
                Type valueType = member is PropertyInfo p ? p.PropertyType : ((FieldInfo)member).FieldType;
                return valueType == typeof(bool) ? new object?[] { false, true } : Enum.GetValues(valueType).Cast<object?>().ToArray();
            }

            return null;
        }
    }
}
