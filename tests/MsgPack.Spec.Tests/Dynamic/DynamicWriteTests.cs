using System;
using System.Collections;
using System.Collections.Generic;
using System.Dynamic;
using System.Linq;
using Xunit;

namespace MsgPack.Spec.Tests.Dynamic
{
    /// <summary>
    /// <see cref="MsgPackDynamic"/>'s write: each runtime type in the form MessagePack-CSharp writes it, the three doors
    /// (writer, span, length) alike, trees read back as written, and clear failures for what it does not take.
    /// </summary>
    public class DynamicWriteTests
    {
        public enum Small : byte
        {
            A = 200,
        }

        public enum Signed : long
        {
            Low = -5_000_000_000,
        }

        public static IEnumerable<object[]> Values() => new[]
        {
            new object[] { null!, "c0" },
            new object[] { true, "c3" },
            new object[] { (byte)200, "cc c8" },
            new object[] { (sbyte)-33, "d0 df" },
            new object[] { (short)300, "d1 01 2c" },
            new object[] { 5, "d2 00 00 00 05" },
            new object[] { -1L, "d3 ff ff ff ff ff ff ff ff" },
            new object[] { 65536u, "ce 00 01 00 00" },
            new object[] { ulong.MaxValue, "cf ff ff ff ff ff ff ff ff" },
            new object[] { 'A', "41" },
            new object[] { 'é', "cc e9" },
            new object[] { 1.5f, "ca 3f c0 00 00" },
            new object[] { 1.0, "cb 3f f0 00 00 00 00 00 00" },
            new object[] { "hi", "a2 68 69" },
            new object[] { new byte[] { 7 }, "c4 01 07" },
            new object[] { DateTime.UnixEpoch.AddSeconds(1), "d6 ff 00 00 00 01" },
            new object[] { new Timestamp(1, 1), "d7 ff 00 00 00 04 00 00 00 01" },
            new object[] { new MsgPackExtension(3, new byte[] { 1, 2 }), "d5 03 01 02" },
            new object[] { Small.A, "cc c8" },
            new object[] { Signed.Low, "d3 ff ff ff fe d5 fa 0e 00" },
            new object[] { new object?[] { 1, "a", null }, "93 d2 00 00 00 01 a1 61 c0" },
            new object[] { new List<int> { 1, 2 }, "92 01 02" },
            new object[] { new HashSet<string> { "x" }, "91 a1 78" },
            new object[] { new Dictionary<string, int> { ["a"] = 1 }, "81 a1 61 01" },
            new object[] { new SortedList<int, string> { [2] = "b" }, "81 02 a1 62" },
        };

        [Theory]
        [MemberData(nameof(Values))]
        public void Each_runtime_type_writes_as_MessagePack_CSharp_writes_it(object? value, string hex)
        {
            Assert.Equal(hex, Hex.Of(Write(value)));
        }

        [Fact]
        public void A_local_time_is_written_as_its_UTC_instant()
        {
            DateTime local = new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Local);
            Assert.Equal(Hex.Of(Write(local.ToUniversalTime())), Hex.Of(Write(local)));
        }

        [Fact]
        public void The_dictionaries_of_the_generic_interfaces_write_as_maps()
        {
            dynamic expando = new ExpandoObject();
            expando.Name = "Ann";
            expando.Age = 7;
            Assert.Equal("82 a4 4e 61 6d 65 a3 41 6e 6e a3 41 67 65 d2 00 00 00 07", Hex.Of(Write((object)expando)));

            IReadOnlyDictionary<object, object?> readOnly = new ReadOnlyMap(new Dictionary<object, object?> { [1] = "x" });
            Assert.Equal("81 d2 00 00 00 01 a1 78", Hex.Of(Write(readOnly)));
        }

        [Fact]
        public void Elements_and_documents_are_written_as_their_bytes()
        {
            using MsgPackDocument document = MsgPackDocument.Parse(Hex.ToBytes("92 cd 00 05 a1 61"));
            Assert.Equal("92 92 cd 00 05 a1 61 cd 00 05", Hex.Of(Write(new object[] { document, document.RootElement[0] })));
        }

        [Fact]
        public void Random_trees_read_back_as_written_through_every_door()
        {
            var random = new Random(40);
            for (int i = 0; i < 500; i++)
            {
                object? tree = DynamicTrees.Random(random, 4);
                byte[] bytes = Write(tree);
                object? back = MsgPackDynamic.Read(bytes, out int read);
                Assert.Equal(bytes.Length, read);
                DynamicTrees.AssertSame(Normalize(tree), back);
                Assert.Equal(Hex.Of(bytes), Hex.Of(Write(back)));
            }
        }

        [Fact]
        public void A_type_it_does_not_take_is_named_with_its_place()
        {
            var graph = new Dictionary<string, object?> { ["list"] = new object?[] { 1, new Dictionary<object, object?> { ["when"] = DateTimeOffset.UnixEpoch } } };
            var thrown = Assert.Throws<NotSupportedException>(() => Write(graph));
            Assert.Contains("System.DateTimeOffset", thrown.Message, StringComparison.Ordinal);
            Assert.Contains("$.list[1].when", thrown.Message, StringComparison.Ordinal);
            Assert.Throws<NotSupportedException>(() => Write(new object()));
            Assert.Throws<NotSupportedException>(() => Write(12.5m));
        }

        [Fact]
        public void A_graph_that_holds_itself_fails_at_MaxDepth_instead_of_overflowing_the_stack()
        {
            var list = new List<object?>();
            list.Add(list);
            var thrown = Assert.Throws<InvalidOperationException>(() => Write(list));
            Assert.Contains("MaxDepth (64)", thrown.Message, StringComparison.Ordinal);

            object deep = 1;
            for (int i = 0; i < 100_000; i++)
            {
                deep = new object[] { deep };
            }

            var options = new MsgPackDynamicOptions { MaxDepth = int.MaxValue };
            int length = SmallStackRun(() => MsgPackDynamic.GetEncodedLength(deep, options));
            Assert.Equal(100_000 + 5, length);          // 100,000 headers and an int 32 (an int typed object, as MessagePack-CSharp writes it)
            Assert.Throws<InvalidOperationException>(() => MsgPackDynamic.GetEncodedLength(deep));
        }

        [Fact]
        public void A_destination_too_small_is_an_argument_error()
        {
            byte[] small = new byte[3];
            Assert.Throws<ArgumentException>(() => MsgPackDynamic.Write(small, new object[] { "hello" }));
            Assert.Equal(2, MsgPackDynamic.Write(small, new List<int> { 1 }));
            Assert.Throws<ArgumentException>(() => MsgPackDynamic.Write(small, new object[] { 1 }));   // an int typed object: d2 and 4 bytes
        }

        private static T SmallStackRun<T>(Func<T> run)
        {
            T result = default!;
            Exception? error = null;
            var thread = new System.Threading.Thread(
                () =>
                {
                    try
                    {
                        result = run();
                    }
                    catch (Exception e)
                    {
                        error = e;
                    }
                },
                256 * 1024);
            thread.Start();
            thread.Join();
            if (error != null)
            {
                throw error;
            }

            return result;
        }

        /// <summary>Writes through the writer, and checks that the span door and the length agree.</summary>
        internal static byte[] Write(object? value)
        {
            using var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            MsgPackDynamic.Write(ref writer, value);
            writer.Flush();
            byte[] bytes = output.WrittenSpan.ToArray();
            Assert.Equal(bytes.Length, MsgPackDynamic.GetEncodedLength(value));
            byte[] span = new byte[bytes.Length + 4];
            Assert.Equal(bytes.Length, MsgPackDynamic.Write(span, value));
            Assert.Equal(Hex.Of(bytes), Hex.Of(span.AsSpan(0, bytes.Length)));
            return bytes;
        }

        /// <summary>What a tree reads back as: integers in the type of their smallest form, as the writer writes them.</summary>
        private static object? Normalize(object? value) => value switch
        {
            byte or sbyte or short or ushort or int or uint or long or ulong => MsgPackDynamic.Read(Write(value), out _),
            DateTime time => new DateTime(time.Ticks, DateTimeKind.Utc),
            object?[] items => items.Select(Normalize).ToArray(),
            Dictionary<object, object?> map => map.ToDictionary(e => Normalize(e.Key)!, e => Normalize(e.Value)),
            _ => value,
        };

        private sealed class ReadOnlyMap : IReadOnlyDictionary<object, object?>
        {
            private readonly Dictionary<object, object?> _inner;

            public ReadOnlyMap(Dictionary<object, object?> inner) => _inner = inner;

            public int Count => _inner.Count;

            public IEnumerable<object> Keys => _inner.Keys;

            public IEnumerable<object?> Values => _inner.Values;

            public object? this[object key] => _inner[key];

            public bool ContainsKey(object key) => _inner.ContainsKey(key);

            public bool TryGetValue(object key, out object? value) => _inner.TryGetValue(key, out value);

            public IEnumerator<KeyValuePair<object, object?>> GetEnumerator() => _inner.GetEnumerator();

            IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
        }
    }
}
