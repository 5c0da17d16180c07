using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>The generator driven over source text: its output (snapshots), its diagnostics, its incrementality.</summary>
    public class GeneratorTests
    {
        private const string ArrayModel = """
            using MsgPack.Spec.Serialization;

            namespace Shop
            {
                [MsgPackObject(MsgPackLayout.Array)]
                public partial struct Line
                {
                    [MsgPackKey(0)] public uint Sku { get; set; }
                    [MsgPackKey(1)] public short Quantity { get; set; }
                    [MsgPackKey(3)] public double? Price { get; set; }
                    [MsgPackKey(4)] public string? Label { get; set; }
                }
            }
            """;

        private const string MapModel = """
            using MsgPack.Spec.Serialization;

            namespace Shop
            {
                [MsgPackObject(MsgPackLayout.Map)]
                public partial record Order([property: MsgPackKey("id")] long Id, [property: MsgPackKey("customer")] string Customer)
                {
                    [MsgPackKey("paid")] public bool Paid { get; set; }
                    [MsgPackKey("first")] public Line First { get; set; }
                    [MsgPackKey("second")] public Line? Second { get; set; }
                }

                [MsgPackObject(MsgPackLayout.Array)]
                public partial struct Line
                {
                    [MsgPackKey(0)] public uint Sku { get; set; }
                }
            }
            """;

        private const string UnionModel = """
            using MsgPack.Spec.Serialization;

            namespace Shapes
            {
                [MsgPackUnion(0, typeof(Circle))]
                [MsgPackUnion(1, typeof(Rectangle))]
                [MsgPackUnion(200, typeof(Square))]
                public abstract partial class Shape
                {
                }

                [MsgPackObject(MsgPackLayout.Array)]
                public sealed partial class Circle : Shape
                {
                    [MsgPackKey(0)] public double Radius { get; set; }
                }

                [MsgPackObject(MsgPackLayout.Array)]
                public partial class Rectangle : Shape
                {
                    [MsgPackKey(0)] public int Width { get; set; }
                }

                [MsgPackObject(MsgPackLayout.Array)]
                public sealed partial class Square : Rectangle
                {
                    [MsgPackKey(1)] public int Side { get; set; }
                }
            }
            """;

        private const string StringTagUnionModel = """
            using MsgPack.Spec.Serialization;

            namespace Pets
            {
                [MsgPackUnion("cat", typeof(Cat))]
                [MsgPackUnion("dog", typeof(Dog))]
                public partial interface IPet
                {
                }

                [MsgPackObject(MsgPackLayout.Map)]
                public sealed partial class Cat : IPet
                {
                    [MsgPackKey("lives")] public int Lives { get; set; }
                }

                [MsgPackObject(MsgPackLayout.Array)]
                public partial struct Dog : IPet
                {
                    [MsgPackKey(0)] public string? Name { get; set; }
                }
            }
            """;

        [Fact]
        public void A_union_with_integer_tags_is_generated_as_in_the_snapshot() => MatchesSnapshot(UnionModel, "Shapes.Shape.MsgPackUnion.g.cs", "Union");

        [Fact]
        public void An_interface_union_with_string_tags_is_generated_as_in_the_snapshot() => MatchesSnapshot(StringTagUnionModel, "Pets.IPet.MsgPackUnion.g.cs", "UnionStringTags");

        [Fact]
        public void A_case_hides_the_reads_and_the_converter_of_its_generated_base_class_and_nothing_else()
        {
            GeneratorDriverRunResult result = Run(out Compilation output, UnionModel);
            AssertCompiles(output);
            foreach (string type in new[] { "Circle", "Rectangle", "Square" })
            {
                string text = result.Results[0].GeneratedSources.Single(s => s.HintName == "Shapes." + type + ".MsgPack.g.cs").SourceText.ToString();
                Assert.Contains("public new static " + type + " Read(ref global::MsgPack.Spec.MsgPackReader reader)", text);
                Assert.Contains("public new readonly struct MsgPackConverter", text);
                Assert.Contains("public new static unsafe " + type + " Read(byte* source", text);
                Assert.DoesNotContain("new static void Write", text);
            }
        }

        [Fact]
        public void The_array_layout_is_generated_as_in_the_snapshot() => MatchesSnapshot(ArrayModel, "Shop.Line.MsgPack.g.cs", "ArrayLayout");

        [Fact]
        public void The_map_layout_is_generated_as_in_the_snapshot() => MatchesSnapshot(MapModel, "Shop.Order.MsgPack.g.cs", "MapLayout");

        private const string ConverterModel = """
            using System;
            using System.Collections.Generic;
            using MsgPack.Spec;
            using MsgPack.Spec.Serialization;

            namespace Shop
            {
                [MsgPackConverter(typeof(CentsConverter))]
                public readonly record struct Money(long Cents);

                public readonly struct CentsConverter : IMsgPackConverter<Money>
                {
                    public void Write(ref MsgPackWriter writer, in Money value) => writer.WriteInt64(value.Cents);
                    public void Write(ref Span<byte> destination, in Money value) => MsgPackSpec.WriteInt64(ref destination, value.Cents);
                    public int GetEncodedLength(in Money value) => MsgPackSpec.GetInt64EncodedLength(value.Cents);
                    public Money Read(ref MsgPackReader reader, int depth) => new Money(reader.ReadInt64());
                }

                public readonly struct DayNumberConverter : IMsgPackConverter<DateTime>
                {
                    public void Write(ref MsgPackWriter writer, in DateTime value) => writer.WriteInt32((int)(value.Ticks / TimeSpan.TicksPerDay));
                    public void Write(ref Span<byte> destination, in DateTime value) => MsgPackSpec.WriteInt32(ref destination, (int)(value.Ticks / TimeSpan.TicksPerDay));
                    public int GetEncodedLength(in DateTime value) => MsgPackSpec.GetInt64EncodedLength(value.Ticks / TimeSpan.TicksPerDay);
                    public DateTime Read(ref MsgPackReader reader, int depth) => new DateTime(reader.ReadInt32() * TimeSpan.TicksPerDay);
                }

                [MsgPackObject(MsgPackLayout.Map)]
                public partial class Invoice
                {
                    [MsgPackKey("total")] public Money Total { get; set; }
                    [MsgPackKey("due"), MsgPackConverter(typeof(DayNumberConverter))] public DateTime Due { get; set; }
                    [MsgPackKey("lines")] public List<Money>? Lines { get; set; }
                }
            }
            """;

        [Fact]
        public void Converter_calls_are_generated_as_in_the_snapshot() => MatchesSnapshot(ConverterModel, "Shop.Invoice.MsgPack.g.cs", "Converters");

        private const string BclModel = """
            using System;
            using System.Collections.Generic;
            using System.Collections.Immutable;
            using MsgPack.Spec.Serialization;

            namespace Shop
            {
                [MsgPackObject(MsgPackLayout.Array)]
                public partial class Ledger
                {
                    [MsgPackKey(0)] public decimal Total { get; set; }
                    [MsgPackKey(1)] public DateOnly Day { get; set; }
                    [MsgPackKey(2)] public Version? Schema { get; set; }
                    [MsgPackKey(3)] public ReadOnlyMemory<long> Amounts { get; set; }
                    [MsgPackKey(4)] public HashSet<string>? Tags { get; set; }
                    [MsgPackKey(5)] public ImmutableArray<int> Frozen { get; set; }
                    [MsgPackKey(6)] public KeyValuePair<string, decimal> Largest { get; set; }
                    [MsgPackKey(7)] public (int Id, string? Note) Last { get; set; }
                }
            }
            """;

        private const string RuntimeTypesHintName = "MsgPack.Spec.Generated.MsgPackRuntimeTypes.g.cs";

        private const string ObjectModel = """
            using System.Collections.Generic;
            using MsgPack.Spec;
            using MsgPack.Spec.Serialization;

            namespace Logs
            {
                [MsgPackObject(MsgPackLayout.Map)]
                public partial class Entry
                {
                    [MsgPackKey("msg")] public string Message { get; set; } = "";
                    [MsgPackKey("data")] public object? Data { get; set; }
                    [MsgPackKey("tags")] public Dictionary<string, object?> Tags { get; set; } = new();
                    [MsgPackKey("args")] public object[]? Arguments { get; set; }
                    [MsgPackKey("raw")] public MsgPackElement? Raw { get; set; }
                }

                [MsgPackObject(MsgPackLayout.Array)]
                public partial struct Origin
                {
                    [MsgPackKey(0)] public string? Host { get; set; }
                }

                public readonly struct Level : IMsgPackSerializable<Level>
                {
                    public static void Write(ref MsgPackWriter writer, in Level value) => writer.WriteInt32(0);
                    public static void Write(ref System.Span<byte> destination, in Level value) => MsgPackSpec.WriteInt32(ref destination, 0);
                    public static int GetEncodedLength(in Level value) => 1;
                    public static Level Read(ref MsgPackReader reader, int depth) => new Level();
                }
            }
            """;

        [Fact]
        public void Members_of_type_object_are_generated_as_in_the_snapshot() => MatchesSnapshot(ObjectModel, "Logs.Entry.MsgPack.g.cs", "ObjectMembers");

        [Fact]
        public void The_runtime_types_of_the_assembly_are_generated_as_in_the_snapshot() =>
            MatchesSnapshot(ObjectModel, RuntimeTypesHintName, "RuntimeTypes");

        [Fact]
        public void Two_assemblies_that_share_internals_each_write_objects_with_their_own_runtime_types()
        {
            // A models assembly that lets its tests see its internals, and tests with models of their own: each has a
            // MsgPack.Spec.Generated.MsgPackRuntimeTypes, and the one the models assembly shows must not turn into
            // warning CS0436 (an error where warnings are) in the code generated for the second.
            CSharpCompilation models = CreateCompilation(ObjectModel,
                "[assembly: System.Runtime.CompilerServices.InternalsVisibleTo(\"Models.Tests\")]");
            CreateDriver().RunGeneratorsAndUpdateCompilation(models, out Compilation modelsOutput, out _);
            AssertCompiles(modelsOutput);

            CSharpCompilation tests = CreateCompilation("""
                using MsgPack.Spec.Serialization;

                namespace Logs.Tests
                {
                    [MsgPackObject(MsgPackLayout.Map)]
                    public partial class Probe
                    {
                        [MsgPackKey("entry")] public Logs.Entry? Entry { get; set; }
                        [MsgPackKey("any")] public object? Any { get; set; }
                    }
                }
                """).WithAssemblyName("Models.Tests").AddReferences(modelsOutput.ToMetadataReference());
            GeneratorDriver driver = CreateDriver().RunGeneratorsAndUpdateCompilation(tests, out Compilation testsOutput, out _);
            Assert.Contains(driver.GetRunResult().Results[0].GeneratedSources, s => s.HintName == RuntimeTypesHintName);
            AssertCompiles(testsOutput);
        }

        [Fact]
        public void No_runtime_types_are_generated_where_no_member_holds_an_object()
        {
            GeneratorDriverRunResult result = Run(out _, MapModel);
            Assert.DoesNotContain(result.Results[0].GeneratedSources, s => s.HintName == RuntimeTypesHintName);
        }

        [Fact]
        public void Members_of_type_object_compile_in_CSharp_7_3_without_nullable_annotations()
        {
            const string model = """
                using System.Collections.Generic;
                using MsgPack.Spec.Serialization;

                [MsgPackObject(MsgPackLayout.Array)] public partial class C
                {
                    [MsgPackKey(0)] public object A { get; set; }
                    [MsgPackKey(1)] public List<object> B { get; set; }
                }
                """;
            var options = new CSharpParseOptions(LanguageVersion.CSharp7_3);
            CSharpCompilation compilation = CreateCompilation(options, NullableContextOptions.Disable, model);
            CSharpGeneratorDriver.Create(new[] { new MsgPackGenerator().AsSourceGenerator() }, parseOptions: options)
                .RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> diagnostics);
            Assert.Empty(diagnostics);
            AssertCompiles(output);
        }

        [Fact]
        public void The_BCL_types_are_generated_as_in_the_snapshot() => MatchesSnapshot(BclModel, "Shop.Ledger.MsgPack.g.cs", "BclTypes");

        [Theory]
        [InlineData("MSPK001", "[MsgPackObject(MsgPackLayout.Array)] public class C { [MsgPackKey(0)] public int A { get; set; } }")]
        [InlineData("MSPK001", "public class Outer { [MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0)] public int A { get; set; } } }")]
        [InlineData("MSPK002", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0)] public System.ReadOnlyMemory<string> A { get; set; } }")]
        [InlineData("MSPK002", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0)] public System.Collections.Generic.IEnumerable<int> A { get; set; } = new int[0]; }")]
        [InlineData("MSPK002", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0)] public (int, System.IntPtr) A { get; set; } }")]
        [InlineData("MSPK002", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0)] public System.Collections.Generic.Dictionary<object, int> A { get; set; } = new(); }")]
        [InlineData("MSPK002", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0)] public int[,] A { get; set; } = new int[0, 0]; }")]
        [InlineData("MSPK003", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0)] public int A { get; set; } [MsgPackKey(0)] public int B { get; set; } }")]
        [InlineData("MSPK003", "[MsgPackObject(MsgPackLayout.Map)] public partial class C { [MsgPackKey(\"a\")] public int A { get; set; } [MsgPackKey(\"a\")] public int B { get; set; } }")]
        [InlineData("MSPK004", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { public C(int a, int b) { } public C(int a) { } [MsgPackKey(0)] public int A { get; set; } }")]
        [InlineData("MSPK004", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { public C(int other) { } [MsgPackKey(0)] public int A { get; set; } }")]
        [InlineData("MSPK004", "[MsgPackObject(MsgPackLayout.Array)] public abstract partial class C { [MsgPackKey(0)] public int A { get; set; } }")]
        [InlineData("MSPK005", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0)] public int A { get; set; } public int B { get; set; } }")]
        [InlineData("MSPK006", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(\"a\")] public int A { get; set; } }")]
        [InlineData("MSPK006", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(-1)] public int A { get; set; } }")]
        [InlineData("MSPK006", "[MsgPackObject(MsgPackLayout.Map)] public partial class C { [MsgPackKey(1)] public int A { get; set; } [MsgPackKey(\"b\")] public int B { get; set; } }")]
        [InlineData("MSPK006", "[MsgPackObject(MsgPackLayout.Map)] public partial class C { [MsgPackKey(\"a\")] public int A { get; set; } [MsgPackKey(2)] public int B { get; set; } }")]
        [InlineData("MSPK006", "[MsgPackObject(MsgPackLayout.Map)] public partial class C { [MsgPackKey(-2)] public int A { get; set; } }")]
        [InlineData("MSPK007", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0)] public int A { get; } }")]
        [InlineData("MSPK008", "[MsgPackObject(MsgPackLayout.Array)] public partial class C<T> { [MsgPackKey(0)] public T A { get; set; } = default!; }")]
        [InlineData("MSPK008", "[MsgPackObject(MsgPackLayout.Array)] public partial class C<T> where T : class { [MsgPackKey(0)] public T? A { get; set; } }")]
        [InlineData("MSPK007", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0)] public readonly int A; }")]
        [InlineData("MSPK003", "public class B { [MsgPackKey(0)] public int A { get; set; } } [MsgPackObject(MsgPackLayout.Array)] public partial class C : B { [MsgPackKey(0)] public int D { get; set; } }")]
        [InlineData("MSPK005", "public class B { public int A { get; set; } } [MsgPackObject(MsgPackLayout.Array)] public partial class C : B { [MsgPackKey(0)] public int D { get; set; } }")]
        [InlineData("MSPK007", "public class B { [MsgPackKey(0)] private int A { get; set; } } [MsgPackObject(MsgPackLayout.Array)] public partial class C : B { [MsgPackKey(1)] public int D { get; set; } }")]
        [InlineData("MSPK007", "public class B { [MsgPackKey(0)] public int A { get; private set; } } [MsgPackObject(MsgPackLayout.Array)] public partial class C : B { [MsgPackKey(1)] public int D { get; set; } }")]
        public void Each_diagnostic_is_reported_and_nothing_is_generated(string id, string declaration)
        {
            GeneratorDriverRunResult result = Run(out _, "using MsgPack.Spec.Serialization;\n" + declaration);
            ImmutableArray<Diagnostic> diagnostics = result.Diagnostics;
            Assert.Contains(diagnostics, d => d.Id == id);
            Assert.All(diagnostics, d => Assert.Equal(DiagnosticSeverity.Error, d.Severity));
            Assert.All(diagnostics, d => Assert.NotEqual(Location.None, d.Location));
            Assert.Empty(result.GeneratedTrees);
        }

        private const string ConverterShapes = """
            using System;
            using MsgPack.Spec;
            using MsgPack.Spec.Serialization;
            public struct IntConverter : IMsgPackConverter<int>
            {
                public void Write(ref MsgPackWriter writer, in int value) => writer.WriteInt32(value);
                public void Write(ref Span<byte> destination, in int value) => MsgPackSpec.WriteInt32(ref destination, value);
                public int GetEncodedLength(in int value) => MsgPackSpec.GetInt64EncodedLength(value);
                public int Read(ref MsgPackReader reader, int depth) => reader.ReadInt32();
            }
            public struct OtherIntConverter : IMsgPackConverter<int>
            {
                public void Write(ref MsgPackWriter writer, in int value) => writer.WriteInt32(value);
                public void Write(ref Span<byte> destination, in int value) => MsgPackSpec.WriteInt32(ref destination, value);
                public int GetEncodedLength(in int value) => MsgPackSpec.GetInt64EncodedLength(value);
                public int Read(ref MsgPackReader reader, int depth) => reader.ReadInt32();
            }
            public sealed class ClassConverter : IMsgPackConverter<int>
            {
                public void Write(ref MsgPackWriter writer, in int value) => writer.WriteInt32(value);
                public void Write(ref Span<byte> destination, in int value) => MsgPackSpec.WriteInt32(ref destination, value);
                public int GetEncodedLength(in int value) => MsgPackSpec.GetInt64EncodedLength(value);
                public int Read(ref MsgPackReader reader, int depth) => reader.ReadInt32();
            }
            public struct Box<T> { }
            public struct NotOverItsParameter<T> : IMsgPackConverter<Box<int>>
            {
                public void Write(ref MsgPackWriter writer, in Box<int> value) => writer.WriteNil();
                public void Write(ref Span<byte> destination, in Box<int> value) => MsgPackSpec.WriteNil(ref destination);
                public int GetEncodedLength(in Box<int> value) => 1;
                public Box<int> Read(ref MsgPackReader reader, int depth) => default;
            }

            """;

        [Theory]
        [InlineData("MSPK020", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0), MsgPackConverter(typeof(ClassConverter))] public int A { get; set; } }")]
        [InlineData("MSPK020", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0), MsgPackConverter(typeof(IntConverter))] public long A { get; set; } }")]
        [InlineData("MSPK020", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0), MsgPackConverter(typeof(NotOverItsParameter<>))] public Box<int> A { get; set; } }")]
        [InlineData("MSPK020", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0), MsgPackConverter(typeof(Box<>))] public Box<int> A { get; set; } }")]
        [InlineData("MSPK021", "[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0), MsgPackConverter(typeof(IntConverter)), MsgPackConverter(typeof(OtherIntConverter))] public int A { get; set; } }")]
        [InlineData("MSPK020", "[MsgPackConverter(typeof(IntConverter))] public struct Money { }")]
        [InlineData("MSPK021", "[MsgPackConverter(typeof(IntConverter))] [MsgPackConverter(typeof(OtherIntConverter))] public struct Money { }")]
        [InlineData("MSPK020", "[assembly: MsgPackConverter(typeof(ClassConverter))]")]
        [InlineData("MSPK021", "[assembly: MsgPackConverter(typeof(IntConverter))]\n[assembly: MsgPackConverter(typeof(OtherIntConverter))]")]
        public void A_converter_that_does_not_fit_is_reported_where_it_is_named(string id, string declaration)
        {
            // The assembly's attributes go first in their file; the converters in a file of their own.
            GeneratorDriverRunResult result = Run(out _, ConverterShapes, "using MsgPack.Spec.Serialization;\n" + declaration);
            Diagnostic diagnostic = Assert.Single(result.Diagnostics);
            Assert.Equal(id, diagnostic.Id);
            Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
            Assert.NotEqual(Location.None, diagnostic.Location);
            Assert.Empty(result.GeneratedTrees);
        }

        private const string Cases = """

            [MsgPackObject(MsgPackLayout.Array)] public sealed partial class A : U, I { [MsgPackKey(0)] public int X { get; set; } }
            [MsgPackObject(MsgPackLayout.Array)] public sealed partial class B : U, I { [MsgPackKey(0)] public int X { get; set; } }
            public sealed class Plain : U, I { }
            [MsgPackObject(MsgPackLayout.Array)] public sealed partial class Other { [MsgPackKey(0)] public int X { get; set; } }
            public partial interface I { }
            """;

        [Theory]
        [InlineData("MSPK010", "[MsgPackUnion(0, typeof(A))] public abstract class U { }")]
        [InlineData("MSPK010", "public class Outer { [MsgPackUnion(0, typeof(A))] public abstract partial class V { } } public abstract class U { }")]
        [InlineData("MSPK011", "[MsgPackUnion(0, typeof(A))] public partial class U { }")]
        [InlineData("MSPK011", "[MsgPackUnion(0, typeof(A))] public abstract partial class G<T> { } public abstract class U { }")]
        [InlineData("MSPK012", "[MsgPackUnion(0, typeof(Other))] public abstract partial class U { }")]
        [InlineData("MSPK013", "[MsgPackUnion(0, typeof(Plain))] public abstract partial class U { }")]
        [InlineData("MSPK014", "[MsgPackUnion(0, typeof(A))] [MsgPackUnion(0, typeof(B))] public abstract partial class U { }")]
        [InlineData("MSPK014", "[MsgPackUnion(\"a\", typeof(A))] [MsgPackUnion(\"a\", typeof(B))] public abstract partial class U { }")]
        [InlineData("MSPK015", "[MsgPackUnion(0, typeof(A))] [MsgPackUnion(1, typeof(A))] public abstract partial class U { }")]
        [InlineData("MSPK016", "[MsgPackUnion(0, typeof(A))] [MsgPackUnion(\"b\", typeof(B))] public abstract partial class U { }")]
        public void Each_union_diagnostic_is_reported_and_the_union_is_not_generated(string id, string declaration)
        {
            GeneratorDriverRunResult result = Run(out _, "using MsgPack.Spec.Serialization;\n" + declaration + Cases);
            Assert.Contains(result.Diagnostics, d => d.Id == id);
            Assert.All(result.Diagnostics, d => Assert.Equal(DiagnosticSeverity.Error, d.Severity));
            Assert.All(result.Diagnostics, d => Assert.NotEqual(Location.None, d.Location));
            Assert.DoesNotContain(result.GeneratedTrees, t => t.FilePath.EndsWith(".MsgPackUnion.g.cs", StringComparison.Ordinal));
        }

        [Fact]
        public void An_interface_union_below_CSharp_8_is_MSPK017_and_an_abstract_class_union_compiles_at_CSharp_7_3()
        {
            const string model = """
                using MsgPack.Spec.Serialization;

                [MsgPackUnion(0, typeof(A))] public partial interface I { }
                [MsgPackObject(MsgPackLayout.Array)] public sealed partial class A : I { [MsgPackKey(0)] public int X { get; set; } }
                """;
            var options = new CSharpParseOptions(LanguageVersion.CSharp7_3);
            CSharpCompilation compilation = CreateCompilation(options, NullableContextOptions.Disable, model);
            CSharpGeneratorDriver.Create(new[] { new MsgPackGenerator().AsSourceGenerator() }, parseOptions: options)
                .RunGeneratorsAndUpdateCompilation(compilation, out _, out ImmutableArray<Diagnostic> diagnostics);
            Diagnostic only = Assert.Single(diagnostics);
            Assert.Equal("MSPK017", only.Id);
            Assert.Equal(DiagnosticSeverity.Error, only.Severity);
        }

        [Theory]
        [InlineData("System.Collections.Generic.IReadOnlyDictionary<object, object>", "object is written by its runtime type as a value, not as a dictionary's key")]
        [InlineData("System.Collections.Generic.Dictionary<string, int[,]>", "multi-dimensional arrays are not supported (an array of arrays is)")]
        [InlineData("System.Memory<string>", "ReadOnlyMemory<T> and Memory<T> are written only of byte (bin), bool and numbers (arrays); use T[] or List<T> for other elements")]
        [InlineData("System.Collections.Generic.KeyValuePair<int, System.Collections.Generic.IEnumerable<int>>", "IEnumerable<T> has no count to write before its items; use a collection (IReadOnlyCollection<T>, List<T>, T[])")]
        [InlineData("System.Collections.Generic.HashSet<System.IntPtr>", "'nint' is not a supported type")]
        public void An_unsupported_type_is_MSPK002_with_the_part_that_fails_and_why(string type, string reason)
        {
            GeneratorDriverRunResult result = Run(out _, "using MsgPack.Spec.Serialization;\n[MsgPackObject(MsgPackLayout.Array)] public partial class C { [MsgPackKey(0)] public " + type + " A { get; set; } = default!; }");
            Diagnostic diagnostic = Assert.Single(result.Diagnostics);
            Assert.Equal("MSPK002", diagnostic.Id);
            Assert.EndsWith("which the generator does not write: " + reason, diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture));
        }

        [Fact]
        public void A_type_the_referenced_library_build_lacks_is_MSPK002_that_says_so()
        {
            // The netstandard2.0 build of MsgPack.Spec has no Int128 or BigInteger helpers (a .NET 6 or 7 project, where
            // the types exist, gets that build): a stand-in library without them.
            const string Library = """
                namespace MsgPack.Spec.Serialization
                {
                    public enum MsgPackLayout { Array = 0, Map = 1 }
                    [System.AttributeUsage(System.AttributeTargets.Class | System.AttributeTargets.Struct)]
                    public sealed class MsgPackObjectAttribute : System.Attribute { public MsgPackObjectAttribute(MsgPackLayout layout) { } }
                    [System.AttributeUsage(System.AttributeTargets.Property | System.AttributeTargets.Field)]
                    public sealed class MsgPackKeyAttribute : System.Attribute { public MsgPackKeyAttribute(int index) { } }
                    public static class MsgPackSerialization { public static void WriteDecimal() { } }
                }
                """;
            CSharpCompilation compilation = CreateCompilation(Library, """
                using MsgPack.Spec.Serialization;
                [MsgPackObject(MsgPackLayout.Array)] public partial class C
                {
                    [MsgPackKey(0)] public System.Int128 A { get; set; }
                    [MsgPackKey(1)] public System.Collections.Generic.List<System.Numerics.BigInteger> B { get; set; } = new();
                }
                """);
            compilation = compilation.RemoveReferences(compilation.References.Where(r => r.Display == typeof(MsgPackObjectAttribute).Assembly.Location));
            ImmutableArray<Diagnostic> diagnostics = CreateDriver().RunGenerators(compilation).GetRunResult().Diagnostics;
            Assert.Equal(2, diagnostics.Length);
            Assert.All(diagnostics, d => Assert.Equal("MSPK002", d.Id));
            Assert.EndsWith("'System.Int128' needs the .NET 8 or later build of MsgPack.Spec, and this project gets its netstandard2.0 build", diagnostics[0].GetMessage(System.Globalization.CultureInfo.InvariantCulture));
            Assert.EndsWith("'System.Numerics.BigInteger' needs the .NET 8 or later build of MsgPack.Spec, and this project gets its netstandard2.0 build", diagnostics[1].GetMessage(System.Globalization.CultureInfo.InvariantCulture));
        }

        [Fact]
        public void An_ImmutableArray_of_numbers_goes_element_by_element_where_the_project_has_no_ImmutableCollectionsMarshal()
        {
            // System.Collections.Immutable before version 8 (what a netstandard2.0 project may reference): ImmutableArray
            // without ImmutableCollectionsMarshal. A stand-in of the members the element-by-element walk uses, in place
            // of the shared framework's assembly.
            const string OldImmutable = """
                namespace System.Collections.Immutable
                {
                    public readonly struct ImmutableArray<T>
                    {
                        private readonly T[]? _items;
                        internal ImmutableArray(T[] items) => _items = items;
                        public bool IsDefault => _items is null;
                        public int Length => _items!.Length;
                        public T this[int index] => _items![index];

                        public sealed class Builder
                        {
                            private readonly T[] _items;
                            private int _count;
                            internal Builder(int capacity) => _items = new T[capacity];
                            public void Add(T item) => _items[_count++] = item;
                            public ImmutableArray<T> MoveToImmutable() => new ImmutableArray<T>(_items);
                        }
                    }

                    public static class ImmutableArray
                    {
                        public static ImmutableArray<T>.Builder CreateBuilder<T>(int capacity) => new ImmutableArray<T>.Builder(capacity);
                    }
                }
                """;
            const string Model = """
                using System.Collections.Immutable;
                using MsgPack.Spec.Serialization;
                [MsgPackObject(MsgPackLayout.Array)] public partial class C
                {
                    [MsgPackKey(0)] public ImmutableArray<int> A { get; set; }
                    [MsgPackKey(1)] public ImmutableArray<double>? B { get; set; }
                }
                """;
            CSharpCompilation compilation = CreateCompilation(OldImmutable, Model);
            compilation = compilation.RemoveReferences(compilation.References.Where(r => Path.GetFileName(r.Display) == "System.Collections.Immutable.dll"));
            Assert.Null(compilation.GetTypeByMetadataName("System.Runtime.InteropServices.ImmutableCollectionsMarshal"));

            GeneratorDriverRunResult result = CreateDriver().RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out _).GetRunResult();
            Assert.Empty(result.Diagnostics);
            AssertCompiles(output);
            string text = result.Results[0].GeneratedSources.Single().SourceText.ToString();
            Assert.DoesNotContain("ImmutableCollectionsMarshal", text);
            Assert.DoesNotContain("Int32Array", text);
            Assert.DoesNotContain("DoubleArray", text);
            Assert.Contains("ImmutableArray.CreateBuilder<int>(count)", text);
            Assert.Contains("ImmutableArray.CreateBuilder<double>(count)", text);

            // The same model with the shared framework's assembly: both through the bulk doors.
            string bulk = Run(out Compilation withMarshal, Model).Results[0].GeneratedSources.Single().SourceText.ToString();
            AssertCompiles(withMarshal);
            Assert.Contains("global::MsgPack.Spec.Serialization.MsgPackSerialization.TryReadInt32Array(ref reader, out int[] array, ref failure)", bulk);
            Assert.Contains("global::MsgPack.Spec.Serialization.MsgPackSerialization.TryReadDoubleArray(ref reader, out double[] array, ref failure)", bulk);
            Assert.Contains("ImmutableCollectionsMarshal.AsImmutableArray(array)", bulk);
            Assert.DoesNotContain("CreateBuilder", bulk);
        }

        [Fact]
        public void Ignored_and_non_public_unkeyed_members_need_no_key()
        {
            GeneratorDriverRunResult result = Run(out Compilation output, """
                using MsgPack.Spec.Serialization;
                [MsgPackObject(MsgPackLayout.Array)]
                public partial class C
                {
                    [MsgPackKey(0)] public int A { get; set; }
                    [MsgPackIgnore] public int B { get; set; }
                    private int _c = 1;
                    internal int D => _c;
                }
                """);
            Assert.Empty(result.Diagnostics);
            Assert.Single(result.GeneratedTrees);
            AssertCompiles(output);
        }

        [Theory]
        [InlineData("Array", 8, 0)]
        [InlineData("Array", 9, 2)]
        [InlineData("Map", 20, 0)]
        [InlineData("Array", 17, 3)]
        public void A_long_array_layout_is_read_in_parts_of_eight(string layout, int members, int parts)
        {
            var source = new System.Text.StringBuilder("using MsgPack.Spec.Serialization;\n[MsgPackObject(MsgPackLayout." + layout + ")]\npublic partial class C\n{\n");
            for (int m = 0; m < members; m++)
            {
                string key = layout == "Map" ? "\"m" + m + "\"" : m.ToString(System.Globalization.CultureInfo.InvariantCulture);
                source.Append("    [MsgPackKey(" + key + ")] public int? M" + m + " { get; set; }\n");
            }

            GeneratorDriverRunResult result = Run(out Compilation output, source.Append('}').ToString());
            Assert.Empty(result.Diagnostics);
            string text = result.GeneratedTrees.Single().ToString();
            for (int part = 0; part < parts; part++)
            {
                Assert.Contains("private static bool TryReadPart" + part + "(", text);
            }

            Assert.DoesNotContain("TryReadPart" + parts + "(", text);
            AssertCompiles(output);
        }

        [Fact]
        public void An_unrelated_edit_leaves_every_step_cached()
        {
            CSharpCompilation compilation = CreateCompilation(MapModel, "class Unrelated { int M() => 1; }");
            GeneratorDriver driver = CreateDriver().RunGenerators(compilation);

            // Edit the other file only.
            SyntaxTree unrelated = compilation.SyntaxTrees[1];
            CSharpCompilation edited = compilation.ReplaceSyntaxTree(unrelated,
                CSharpSyntaxTree.ParseText("class Unrelated { int M() => 2; }", ParseOptions));
            GeneratorRunResult run = driver.RunGenerators(edited).GetRunResult().Results[0];

            AssertAllOutputs(run, MsgPackGenerator.Steps.Parse, IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged);
            AssertAllOutputs(run, MsgPackGenerator.Steps.Models, IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged);
        }

        [Fact]
        public void An_unrelated_edit_leaves_the_runtime_types_unchanged_and_a_new_contract_type_changes_them()
        {
            // The other file has a base list, so the hand-written types' syntax provider looks at it each time.
            CSharpCompilation compilation = CreateCompilation(ObjectModel, "class Unrelated : System.IDisposable { public void Dispose() { } int M() => 1; }");
            GeneratorDriver driver = CreateDriver().RunGenerators(compilation);
            CSharpCompilation edited = compilation.ReplaceSyntaxTree(compilation.SyntaxTrees[1],
                CSharpSyntaxTree.ParseText("class Unrelated : System.IDisposable { public void Dispose() { } int M() => 2; }", ParseOptions));
            GeneratorDriver next = driver.RunGenerators(edited);
            AssertAllOutputs(next.GetRunResult().Results[0], MsgPackGenerator.Steps.RuntimeTypes, IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged);

            // The same file now declares a hand-written type of the contract: one more type test.
            const string contract = """
                public readonly struct Kelvin : MsgPack.Spec.Serialization.IMsgPackSerializable<Kelvin>
                {
                    public static void Write(ref MsgPack.Spec.MsgPackWriter writer, in Kelvin value) => writer.WriteNil();
                    public static void Write(ref System.Span<byte> destination, in Kelvin value) => MsgPack.Spec.MsgPackSpec.WriteNil(ref destination);
                    public static int GetEncodedLength(in Kelvin value) => 1;
                    public static Kelvin Read(ref MsgPack.Spec.MsgPackReader reader, int depth) => default;
                }
                """;
            GeneratorRunResult run = next.RunGenerators(edited.ReplaceSyntaxTree(edited.SyntaxTrees[1], CSharpSyntaxTree.ParseText(contract, ParseOptions)))
                .GetRunResult().Results[0];
            Assert.Contains(run.TrackedSteps[MsgPackGenerator.Steps.RuntimeTypes].SelectMany(s => s.Outputs), o => o.Reason == IncrementalStepRunReason.Modified);
            Assert.Contains("typeof(global::Kelvin)", run.GeneratedSources.Single(s => s.HintName == RuntimeTypesHintName).SourceText.ToString());
        }

        [Fact]
        public void An_edit_inside_a_model_that_does_not_change_it_leaves_the_models_unchanged()
        {
            CSharpCompilation compilation = CreateCompilation(MapModel);
            GeneratorDriver driver = CreateDriver().RunGenerators(compilation);

            // A new method in the attributed type: the parser runs again, its model compares equal, the emitter does not run.
            string edited = MapModel.Replace("[MsgPackKey(\"paid\")]", "public int Helper() => 3;\n[MsgPackKey(\"paid\")]");
            CSharpCompilation next = compilation.ReplaceSyntaxTree(compilation.SyntaxTrees[0], CSharpSyntaxTree.ParseText(edited, ParseOptions));
            GeneratorRunResult run = driver.RunGenerators(next).GetRunResult().Results[0];

            AssertAllOutputs(run, MsgPackGenerator.Steps.Models, IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged);
        }

        [Fact]
        public void A_changed_key_changes_the_model()
        {
            CSharpCompilation compilation = CreateCompilation(MapModel);
            GeneratorDriver driver = CreateDriver().RunGenerators(compilation);
            string edited = MapModel.Replace("\"paid\"", "\"is_paid\"");
            CSharpCompilation next = compilation.ReplaceSyntaxTree(compilation.SyntaxTrees[0], CSharpSyntaxTree.ParseText(edited, ParseOptions));
            GeneratorRunResult run = driver.RunGenerators(next).GetRunResult().Results[0];

            Assert.Contains(run.TrackedSteps[MsgPackGenerator.Steps.Models].SelectMany(s => s.Outputs), o => o.Reason == IncrementalStepRunReason.Modified);
        }

        /// <summary>What a .NET Framework project compiles: C# 7.3, no nullable context (the net48 consumer runs such code under Mono).</summary>
        [Fact]
        public void The_generated_code_compiles_at_CSharp_7_3()
        {
            const string model = """
                using System;
                using System.Collections.Generic;
                using MsgPack.Spec;
                using MsgPack.Spec.Serialization;

                namespace Legacy
                {
                    public enum Kind { A, B }

                    [MsgPackObject(MsgPackLayout.Map)]
                    public partial class Order
                    {
                        [MsgPackKey("id")] public long Id { get; set; }
                        [MsgPackKey("name")] public string Name { get; set; }
                        [MsgPackKey("kind")] public Kind Kind { get; set; }
                        [MsgPackKey("maybe")] public int? Maybe { get; set; }
                        [MsgPackKey("when")] public DateTime When { get; set; }
                        [MsgPackKey("stamp")] public Timestamp Stamp { get; set; }
                        [MsgPackKey("guid")] public Guid Guid { get; set; }
                        [MsgPackKey("bytes")] public byte[] Bytes { get; set; }
                        [MsgPackKey("ints")] public int[] Ints { get; set; }
                        [MsgPackKey("lines")] public List<Line> Lines { get; set; }
                        [MsgPackKey("tags")] public IReadOnlyList<string> Tags { get; set; }
                        [MsgPackKey("counts")] public Dictionary<string, int> Counts { get; set; }
                        [MsgPackKey("labels")] public IReadOnlyDictionary<int, string> Labels { get; set; }
                        [MsgPackKey("grid")] public List<int[]> Grid { get; set; }
                        [MsgPackKey("names")] public string[] Names { get; set; }
                        [MsgPackKey("buckets")] public List<int[]>[] Buckets { get; set; }
                        [MsgPackKey("figure")] public Figure Figure { get; set; }
                        [MsgPackKey("figures")] public List<Figure> Figures { get; set; }
                    }

                    [MsgPackUnion(0, typeof(Dot))]
                    [MsgPackUnion(1, typeof(Blob))]
                    public abstract partial class Figure
                    {
                    }

                    [MsgPackObject(MsgPackLayout.Array)]
                    public sealed partial class Dot : Figure
                    {
                        [MsgPackKey(0)] public Figure Inner { get; set; }
                    }

                    [MsgPackObject(MsgPackLayout.Array)]
                    public sealed partial class Blob : Figure
                    {
                    }

                    [MsgPackObject(MsgPackLayout.Array)]
                    public partial struct Line
                    {
                        [MsgPackKey(0)] public uint Sku;
                        [MsgPackKey(2)] public string Label;

                        public Line(uint sku, string label)
                        {
                            Sku = sku;
                            Label = label;
                        }
                    }
                }
                """;
            var options = new CSharpParseOptions(LanguageVersion.CSharp7_3);
            CSharpCompilation compilation = CreateCompilation(options, NullableContextOptions.Disable, model);
            CSharpGeneratorDriver.Create(new[] { new MsgPackGenerator().AsSourceGenerator() }, parseOptions: options)
                .RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> diagnostics);
            Assert.Empty(diagnostics);
            Assert.Equal(5, output.SyntaxTrees.Count() - compilation.SyntaxTrees.Length);
            AssertCompiles(output);
        }

        private static void AssertAllOutputs(GeneratorRunResult run, string step, params IncrementalStepRunReason[] allowed)
        {
            ImmutableArray<IncrementalGeneratorRunStep> steps = run.TrackedSteps[step];
            Assert.NotEmpty(steps);
            foreach (IncrementalGeneratorRunStep s in steps)
            {
                foreach ((object _, IncrementalStepRunReason reason) in s.Outputs)
                {
                    Assert.Contains(reason, allowed);
                }
            }
        }

        private static void MatchesSnapshot(string source, string hintName, string snapshot, [CallerFilePath] string thisFile = "")
        {
            GeneratorDriverRunResult result = Run(out Compilation output, source);
            Assert.Empty(result.Diagnostics);
            AssertCompiles(output);
            string generated = result.Results[0].GeneratedSources.Single(s => s.HintName == hintName).SourceText.ToString();

            // MSPK_UPDATE_SNAPSHOTS=1 rewrites the checked-in files; review the diff.
            string path = Path.Combine(Path.GetDirectoryName(thisFile)!, "Snapshots", snapshot + ".txt");
            if (Environment.GetEnvironmentVariable("MSPK_UPDATE_SNAPSHOTS") == "1")
            {
                File.WriteAllText(path, generated);
            }

            using Stream stream = typeof(GeneratorTests).Assembly.GetManifestResourceStream("Snapshots." + snapshot + ".txt")
                ?? throw new InvalidOperationException("No snapshot " + snapshot + ": run once with MSPK_UPDATE_SNAPSHOTS=1.");
            string expected = new StreamReader(stream).ReadToEnd().Replace("\r\n", "\n");
            Assert.Equal(expected, generated);
        }

        /// <summary>The user's code and the generated code compile with no warning (nullable on, every warning).</summary>
        private static void AssertCompiles(Compilation output)
        {
            Diagnostic[] problems = output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToArray();
            Assert.True(problems.Length == 0, string.Join("\n", problems.Select(p => p.ToString())));
        }

        internal static readonly CSharpParseOptions ParseOptions = new CSharpParseOptions(LanguageVersion.Latest);

        internal static GeneratorDriver CreateDriver() => CSharpGeneratorDriver.Create(
            new[] { new MsgPackGenerator().AsSourceGenerator() },
            parseOptions: ParseOptions,
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));

        private static GeneratorDriverRunResult Run(out Compilation output, params string[] sources)
        {
            CSharpCompilation compilation = CreateCompilation(sources);
            GeneratorDriver driver = CreateDriver().RunGeneratorsAndUpdateCompilation(compilation, out output, out _);
            return driver.GetRunResult();
        }

        internal static CSharpCompilation CreateCompilation(params string[] sources) =>
            CreateCompilation(ParseOptions, NullableContextOptions.Enable, sources);

        private static CSharpCompilation CreateCompilation(CSharpParseOptions parseOptions, NullableContextOptions nullable, params string[] sources)
        {
            var references = new List<MetadataReference>();
            string trusted = (string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!;
            foreach (string path in trusted.Split(Path.PathSeparator))
            {
                references.Add(MetadataReference.CreateFromFile(path));
            }

            references.Add(MetadataReference.CreateFromFile(typeof(MsgPackObjectAttribute).Assembly.Location));
            return CSharpCompilation.Create("Models",
                sources.Select(s => CSharpSyntaxTree.ParseText(s, parseOptions)),
                references.DistinctBy(r => r.Display),
                new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary,
                    nullableContextOptions: nullable,
                    allowUnsafe: true,
                    warningLevel: 9999,
                    generalDiagnosticOption: ReportDiagnostic.Error));
        }
    }
}
