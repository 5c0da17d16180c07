using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using MsgPack.Spec.Tests.Reader;
using Xunit;

namespace MsgPack.Spec.Tests.Document
{
    /// <summary>
    /// <see cref="MsgPackDocument"/> and <see cref="MsgPackElement"/>: navigation, every getter, the raw bytes and the
    /// JSON of a value, and the lifetime rules (a disposed document's elements throw, even after its index is reused).
    /// </summary>
    public class DocumentTests
    {
        /// <summary>
        /// { "id": 42, "name": "Ada", "tags": ["x", "y"], "nested": { "deep": [1, [2, 3], { "k": nil }] }, 7: true,
        ///   "bin": bin 01 02 03, "ext": ext 5 "abc", "ts": timestamp 1.5 s, "f64": 1.5, "f32": 2.5f, -1: -100,
        ///   "wide": uint 32 7, "big": uint 64 max }
        /// </summary>
        internal static byte[] Sample()
        {
            using var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            writer.WriteMapHeader(13);
            writer.WriteString("id"); writer.WriteInt32(42);
            writer.WriteString("name"); writer.WriteString("Ada");
            writer.WriteString("tags"); writer.WriteArrayHeader(2); writer.WriteString("x"); writer.WriteString("y");
            writer.WriteString("nested"); writer.WriteMapHeader(1);
            writer.WriteString("deep"); writer.WriteArrayHeader(3); writer.WriteInt32(1);
            writer.WriteArrayHeader(2); writer.WriteInt32(2); writer.WriteInt32(3);
            writer.WriteMapHeader(1); writer.WriteString("k"); writer.WriteNil();
            writer.WriteInt32(7); writer.WriteBoolean(true);
            writer.WriteString("bin"); writer.WriteBinary(new byte[] { 1, 2, 3 });
            writer.WriteString("ext"); writer.WriteExtension(5, Encoding.ASCII.GetBytes("abc"));
            writer.WriteString("ts"); writer.WriteTimestamp(new Timestamp(1, 500_000_000));
            writer.WriteString("f64"); writer.WriteDouble(1.5);
            writer.WriteString("f32"); writer.WriteSingle(2.5f);
            writer.WriteInt32(-1); writer.WriteInt32(-100);
            writer.WriteString("wide"); writer.WriteUInt32Exact(7);
            writer.WriteString("big"); writer.WriteUInt64(ulong.MaxValue);
            writer.Flush();
            return output.WrittenSpan.ToArray();
        }

        [Fact]
        public void A_map_is_looked_up_by_str_key_as_text_and_as_UTF8_and_by_integer_key_in_any_form()
        {
            byte[] bytes = Sample();
            using MsgPackDocument document = MsgPackDocument.Parse(bytes);
            MsgPackElement root = document.RootElement;
            Assert.Equal(MsgPackType.Map, root.Type);
            Assert.Equal(MsgPackFormat.FixMap, root.Format);
            Assert.Equal(13, root.GetMapCount());

            Assert.Equal(42, root.GetProperty("id").GetInt32());
            Assert.Equal("Ada", root.GetProperty("name"u8).GetString());
            Assert.True(root.GetProperty(7).GetBoolean());
            Assert.Equal(-100, root.GetProperty(-1).GetInt16());
            Assert.Equal(7u, root.GetProperty("wide").GetUInt32());
            Assert.Equal(MsgPackFormat.UInt32, root.GetProperty("wide").Format);
            Assert.True(root.TryGetProperty(7L, out MsgPackElement seven) && seven.Type == MsgPackType.Boolean);

            Assert.False(root.TryGetProperty("missing", out MsgPackElement missing));
            Assert.Throws<ObjectDisposedException>(() => missing.Type);
            Assert.False(root.TryGetProperty(8, out _));
            Assert.False(root.TryGetProperty("i", out _));   // a prefix of "id" is not "id"
            Assert.Throws<KeyNotFoundException>(() => root.GetProperty("nope"));
            Assert.Throws<KeyNotFoundException>(() => root.GetProperty(12345));
            Assert.Throws<InvalidOperationException>(() => root.GetProperty("tags").TryGetProperty("x", out _));
            Assert.Throws<ArgumentNullException>(() => root.TryGetProperty((string)null!, out _));
        }

        [Fact]
        public void Arrays_are_indexed_and_enumerated_with_nested_values_stepped_over()
        {
            using MsgPackDocument document = MsgPackDocument.Parse(Sample());
            MsgPackElement deep = document.RootElement.GetProperty("nested").GetProperty("deep");
            Assert.Equal(3, deep.GetArrayLength());
            Assert.Equal(1, deep[0].GetInt32());
            Assert.Equal(3, deep[1][1].GetInt32());
            Assert.True(deep[2].GetProperty("k").IsNil);
            Assert.Throws<IndexOutOfRangeException>(() => deep[3]);
            Assert.Throws<IndexOutOfRangeException>(() => deep[-1]);

            MsgPackElement tags = document.RootElement.GetProperty("tags");
            Assert.Equal("y", tags[1].GetString());   // flat: constant time
            Assert.Equal(new[] { "x", "y" }, tags.EnumerateArray().Select(e => e.GetString()).ToArray());
            Assert.Equal(new[] { MsgPackType.Integer, MsgPackType.Array, MsgPackType.Map }, deep.EnumerateArray().Select(e => e.Type).ToArray());

            var enumerator = deep.EnumerateArray();
            Assert.True(enumerator.MoveNext());
            Assert.True(enumerator.MoveNext());
            enumerator.Reset();
            Assert.True(enumerator.MoveNext());
            Assert.Equal(1, enumerator.Current.GetInt32());
            Assert.True(enumerator.MoveNext() && enumerator.MoveNext());
            Assert.False(enumerator.MoveNext());
            Assert.False(enumerator.MoveNext());

            Assert.Throws<InvalidOperationException>(() => deep.GetMapCount());
            Assert.Throws<InvalidOperationException>(() => document.RootElement.GetArrayLength());
            Assert.Throws<InvalidOperationException>(() => document.RootElement[0]);
        }

        [Fact]
        public void Map_entries_come_in_order_with_keys_of_any_kind()
        {
            using MsgPackDocument document = MsgPackDocument.Parse(Sample());
            var keys = new List<string>();
            foreach ((MsgPackElement key, MsgPackElement value) in document.RootElement.EnumerateMap())
            {
                keys.Add(key.Type == MsgPackType.String ? key.GetString() : key.GetInt64().ToString(System.Globalization.CultureInfo.InvariantCulture));
                Assert.NotEqual(MsgPackType.None, value.Type);
            }

            Assert.Equal(new[] { "id", "name", "tags", "nested", "7", "bin", "ext", "ts", "f64", "f32", "-1", "wide", "big" }, keys.ToArray());
            Assert.Equal(13, document.RootElement.EnumerateMap().Count());   // through IEnumerable, boxed
        }

        [Fact]
        public void Every_getter_reads_what_the_reader_of_the_same_name_reads()
        {
            using MsgPackDocument document = MsgPackDocument.Parse(Sample());
            MsgPackElement root = document.RootElement;

            MsgPackElement id = root.GetProperty("id");
            Assert.Equal((sbyte)42, id.GetSByte());
            Assert.Equal((byte)42, id.GetByte());
            Assert.Equal((short)42, id.GetInt16());
            Assert.Equal((ushort)42, id.GetUInt16());
            Assert.Equal(42u, id.GetUInt32());
            Assert.Equal(42L, id.GetInt64());
            Assert.Equal(42UL, id.GetUInt64());

            MsgPackElement negative = root.GetProperty(-1);
            Assert.Equal((sbyte)-100, negative.GetSByte());
            Assert.Throws<MsgPackOverflowException>(() => negative.GetByte());
            Assert.Throws<MsgPackOverflowException>(() => negative.GetUInt64());
            Assert.False(negative.TryGetUInt32(out uint notUnsigned));
            Assert.Equal(0u, notUnsigned);

            MsgPackElement big = root.GetProperty("big");
            Assert.Equal(ulong.MaxValue, big.GetUInt64());
            Assert.Throws<MsgPackOverflowException>(() => big.GetInt64());
            Assert.False(big.TryGetInt64(out _));

            Assert.Equal(1.5, root.GetProperty("f64").GetDouble());
            Assert.Throws<InvalidOperationException>(() => root.GetProperty("f64").GetSingle());
            Assert.Equal(2.5f, root.GetProperty("f32").GetSingle());
            Assert.Equal(2.5, root.GetProperty("f32").GetDouble());
            Assert.True(root.GetProperty("f32").TryGetDouble(out double widened) && widened == 2.5);

            Assert.Equal(new byte[] { 1, 2, 3 }, root.GetProperty("bin").GetBinary().ToArray());
            MsgPackExtension ext = root.GetProperty("ext").GetExtension();
            Assert.Equal(5, ext.TypeCode);
            Assert.Equal("abc", Encoding.ASCII.GetString(ext.Data.ToArray()));
            Assert.Equal(new MsgPackExtension(5, Encoding.ASCII.GetBytes("abc")), ext);

            MsgPackElement ts = root.GetProperty("ts");
            Assert.Equal(MsgPackType.Timestamp, ts.Type);
            Assert.Equal(new Timestamp(1, 500_000_000), ts.GetTimestamp());
            Assert.Equal(DateTime.UnixEpoch.AddSeconds(1.5), ts.GetDateTime());
            Assert.Equal(DateTimeKind.Utc, ts.GetDateTime().Kind);
            Assert.Equal(-1, ts.GetExtension().TypeCode);   // a timestamp is an ext of type -1
            Assert.Equal(8, ts.GetExtension().Data.Length);

            Assert.Equal("Ada", Encoding.UTF8.GetString(root.GetProperty("name").GetStringBytes().ToArray()));
            Assert.True(root.GetProperty("name").ValueEquals("Ada"));
            Assert.True(root.GetProperty("name").ValueEquals("Ada"u8));
            Assert.False(root.GetProperty("name").ValueEquals("Adam"));
            Assert.False(root.GetProperty("id").ValueEquals("42"));

            // The wrong kind: Get throws InvalidOperationException, TryGet is false and never throws.
            MsgPackElement name = root.GetProperty("name");
            Assert.Throws<InvalidOperationException>(() => name.GetInt32());
            Assert.Throws<InvalidOperationException>(() => name.GetBoolean());
            Assert.Throws<InvalidOperationException>(() => name.GetBinary());
            Assert.Throws<InvalidOperationException>(() => name.GetExtension());
            Assert.Throws<InvalidOperationException>(() => name.GetTimestamp());
            Assert.Throws<InvalidOperationException>(() => id.GetString());
            Assert.False(name.TryGetInt32(out _) || name.TryGetBoolean(out _) || name.TryGetDouble(out _) || name.TryGetTimestamp(out _)
                || name.TryGetDateTime(out _) || name.TryGetBinary(out _) || name.TryGetExtension(out _) || id.TryGetString(out _) || id.TryGetStringBytes(out _));
            Assert.True(name.TryGetString(out string text) && text == "Ada");
        }

        [Fact]
        public void Raw_bytes_are_slices_of_the_input_and_WriteTo_and_JSON_use_them()
        {
            byte[] bytes = Sample();
            using MsgPackDocument document = MsgPackDocument.Parse(bytes);
            MsgPackElement root = document.RootElement;
            Assert.Equal(bytes, root.GetRawBytes().ToArray());
            Assert.Equal(bytes.Length, document.RootElement.GetRawBytes().Length);
            Assert.True(System.Runtime.InteropServices.MemoryMarshal.TryGetArray(root.GetRawBytes(), out ArraySegment<byte> segment) && segment.Array == bytes);

            MsgPackElement nested = root.GetProperty("nested");
            Assert.Equal("81 a4 64 65 65 70 93 01 92 02 03 81 a1 6b c0", Hex.Of(nested.GetRawBytes().Span));

            using var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            nested.WriteTo(ref writer);
            document.WriteTo(ref writer);
            writer.Flush();
            Assert.Equal(nested.GetRawBytes().ToArray().Concat(bytes).ToArray(), output.WrittenSpan.ToArray());

            Assert.Equal("{\"deep\":[1,[2,3],{\"k\":null}]}", nested.ToJson());
            Assert.Equal(MsgPackJson.ToJson(bytes), root.ToJson());
            Assert.Equal(MsgPackJson.ToJson(bytes), root.ToString());
            using var json = new PooledBufferWriter();
            nested.WriteJson(json);
            Assert.Equal("{\"deep\":[1,[2,3],{\"k\":null}]}", Encoding.UTF8.GetString(json.WrittenSpan));
            Assert.Equal(1 + 13 + 24, document.ValueCount); // the root, 13 keys, their values (tags 3, nested 10)
        }

        [Fact]
        public void A_disposed_document_makes_its_elements_and_enumerators_throw_even_when_its_index_is_reused()
        {
            MsgPackDocument document = MsgPackDocument.Parse(Sample());
            MsgPackElement root = document.RootElement;
            MsgPackElement.MapEnumerator entries = root.EnumerateMap();
            MsgPackDocument copy = document;
            document.Dispose();

            Assert.Throws<ObjectDisposedException>(() => root.Type);
            Assert.Throws<ObjectDisposedException>(() => root.GetProperty("id"));
            Assert.Throws<ObjectDisposedException>(() => document.RootElement);
            Assert.Throws<ObjectDisposedException>(() => copy.RootElement);
            Assert.Throws<ObjectDisposedException>(() => entries.MoveNext());
            Assert.Equal("MsgPackElement of a disposed document", root.ToString());

            // The next parse on this thread takes the same store: the old handles must not see its rows.
            using MsgPackDocument next = MsgPackDocument.Parse(new byte[] { 0x91, 0x2a });
            Assert.Equal(42, next.RootElement[0].GetInt32());
            Assert.Throws<ObjectDisposedException>(() => root.Type);
            Assert.Throws<ObjectDisposedException>(() => copy.ValueCount);
            copy.Dispose();   // a stale copy's Dispose leaves the new document alone
            document.Dispose();
            Assert.Equal(42, next.RootElement[0].GetInt32());

            Assert.Throws<ObjectDisposedException>(() => default(MsgPackDocument).RootElement);
            Assert.Throws<ObjectDisposedException>(() => default(MsgPackElement).Type);
            Assert.Equal("default MsgPackElement", default(MsgPackElement).ToString());
            default(MsgPackDocument).Dispose();
        }

        [Fact]
        public void A_clone_outlives_its_document()
        {
            MsgPackElement clone;
            using (MsgPackDocument document = MsgPackDocument.Parse(Sample()))
            {
                clone = document.RootElement.GetProperty("nested").Clone();
            }

            using MsgPackDocument other = MsgPackDocument.Parse(new byte[] { 0x01 });
            Assert.Equal(3, clone.GetProperty("deep")[1][1].GetInt32());
            Assert.Equal("81 a4 64 65 65 70 93 01 92 02 03 81 a1 6b c0", Hex.Of(clone.GetRawBytes().Span));
            Assert.Equal("{\"deep\":[1,[2,3],{\"k\":null}]}", clone.ToJson());
            Assert.Equal(3, clone.GetProperty("deep").Clone()[1][1].GetInt32() + 0);
        }

        [Fact]
        public void A_sequence_of_any_segments_parses_as_the_span_does()
        {
            byte[] bytes = Sample();
            for (int size = 1; size <= bytes.Length; size += 7)
            {
                ReadOnlySequence<byte> sequence = Sequences.Split(bytes, size, withEmpty: size % 2 == 0);
                using MsgPackDocument document = MsgPackDocument.Parse(sequence);
                Assert.Equal(bytes, document.RootElement.GetRawBytes().ToArray());
                Assert.Equal(3, document.RootElement.GetProperty("nested").GetProperty("deep")[1][1].GetInt32());

                byte[] twice = bytes.Concat(bytes).ToArray();
                Assert.Equal(OperationStatus.Done, MsgPackDocument.TryParse(Sequences.Split(twice, size, withEmpty: false), out MsgPackDocument first, out long consumed));
                using (first)
                {
                    Assert.Equal(bytes.Length, consumed);
                    Assert.Equal("Ada", first.RootElement.GetProperty("name").GetString());
                }
            }
        }

        [Fact]
        public void TryParse_reads_the_first_value_and_says_how_many_bytes_a_cut_one_needs()
        {
            byte[] bytes = Sample();
            byte[] withNext = bytes.Concat(new byte[] { 0xc3 }).ToArray();
            Assert.Equal(OperationStatus.Done, MsgPackDocument.TryParse(withNext, out MsgPackDocument document, out int consumed));
            using (document)
            {
                Assert.Equal(bytes.Length, consumed);
                Assert.Equal(bytes, document.RootElement.GetRawBytes().ToArray());
            }

            var thrown = Assert.Throws<MsgPackValidationException>(() => MsgPackDocument.Parse(withNext));
            Assert.Equal(MsgPackValidationError.TrailingBytes, thrown.Error);
            Assert.Equal(bytes.Length, thrown.Offset);

            for (int length = 0; length < bytes.Length; length++)
            {
                ReadOnlyMemory<byte> cut = bytes.AsMemory(0, length);
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackDocument.TryParse(cut, out MsgPackDocument none, out int needed));
                Assert.Throws<ObjectDisposedException>(() => none.RootElement);
                Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryValidate(cut.Span, out MsgPackValidationResult result));
                Assert.Equal(result.BytesNeeded, needed);
                Assert.True(needed > length && needed <= bytes.Length);
                var truncated = Assert.Throws<MsgPackValidationException>(() => MsgPackDocument.Parse(cut));
                Assert.True(truncated.Error is MsgPackValidationError.Truncated or MsgPackValidationError.LengthPastEnd);
            }

            Assert.Equal(OperationStatus.InvalidData, MsgPackDocument.TryParse(new byte[] { 0x92, 0x01, 0xc1 }, out _, out int invalid));
            Assert.Equal(0, invalid);
            var never = Assert.Throws<MsgPackValidationException>(() => MsgPackDocument.Parse(new byte[] { 0x92, 0x01, 0xc1 }));
            Assert.Equal(MsgPackValidationError.NeverUsedCode, never.Error);
            Assert.Equal(2, never.Offset);
        }

        [Fact]
        public void ParseValue_copies_the_next_value_and_moves_the_reader_only_when_it_succeeds()
        {
            byte[] bytes = Sample();
            byte[] two = new byte[] { 0x07 }.Concat(bytes).Concat(new byte[] { 0x92, 0x01 }).ToArray();
            ReadOnlySequence<byte> sequence = Sequences.Split(two, 5, withEmpty: true);
            var reader = new MsgPackReader(sequence);
            Assert.Equal(7, reader.ReadInt32());
            using (MsgPackDocument document = MsgPackDocument.ParseValue(ref reader))
            {
                Assert.Equal(1 + bytes.Length, reader.Consumed);
                Assert.Equal(bytes, document.RootElement.GetRawBytes().ToArray());
            }

            Assert.IsType<MsgPackTruncatedException>(ParseValueError(ref reader));
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackDocument.TryParseValue(ref reader, out _));
            Assert.Equal(1 + bytes.Length, reader.Consumed);

            var values = new MsgPackReader(new byte[] { 0x92, 0xa1, 0xff, 0x01, 0x05 });
            Assert.Equal(OperationStatus.InvalidData, MsgPackDocument.TryParseValue(ref values, out _));
            Assert.IsType<MsgPackValidationException>(ParseValueError(ref values));
            Assert.Equal(0, values.Consumed);
            Assert.Equal(OperationStatus.Done, MsgPackDocument.TryParseValue(ref values, out MsgPackDocument lenient, new MsgPackDocumentOptions { CheckUtf8 = false }));
            lenient.Dispose();
            MsgPackElement element = MsgPackElement.ParseValue(ref values);
            Assert.Equal(5, element.GetInt32());
            Assert.True(values.End);
        }

        private static Exception? ParseValueError(ref MsgPackReader reader)
        {
            try
            {
                MsgPackDocument.ParseValue(ref reader).Dispose();
                return null;
            }
            catch (Exception e)
            {
                return e;
            }
        }

        [Fact]
        public void With_CheckUtf8_off_a_str_that_is_not_UTF8_parses_and_fails_only_when_decoded()
        {
            byte[] bytes = { 0x92, 0xa2, 0xc3, 0x28, 0xa1, 0x41 };
            var strict = Assert.Throws<MsgPackValidationException>(() => MsgPackDocument.Parse(bytes));
            Assert.Equal(MsgPackValidationError.InvalidUtf8, strict.Error);
            Assert.Equal(1, strict.Offset);

            using MsgPackDocument document = MsgPackDocument.Parse(bytes, new MsgPackDocumentOptions { CheckUtf8 = false });
            MsgPackElement bad = document.RootElement[0];
            Assert.Throws<MsgPackInvalidUtf8Exception>(() => bad.GetString());
            Assert.False(bad.TryGetString(out string text));
            Assert.Equal(string.Empty, text);
            Assert.Equal(new byte[] { 0xc3, 0x28 }, bad.GetStringBytes().ToArray());
            Assert.Equal("A", document.RootElement[1].GetString());
        }

        [Fact]
        public void The_first_of_repeated_keys_wins_and_a_key_that_is_not_a_str_or_integer_is_stepped_over()
        {
            // { [1]: 1, "a": 2, "a": 3, 1: 4, uint 16 1: 5 }
            byte[] bytes = Hex.ToBytes("85 91 01 01 a1 61 02 a1 61 03 01 04 cd 00 01 05");
            using MsgPackDocument document = MsgPackDocument.Parse(bytes);
            Assert.Equal(2, document.RootElement.GetProperty("a").GetInt32());
            Assert.Equal(4, document.RootElement.GetProperty(1).GetInt32());
            Assert.Equal(MsgPackType.Array, document.RootElement.EnumerateMap().First().Key.Type);
        }

        /// <summary>
        /// A map whose keys and values are all scalars is scanned at fixed strides (keys of up to 8 bytes compared as
        /// a word): every key of 0 to 12 bytes (ASCII and not) is found, in a map at the very start of the document
        /// (keys less than 8 bytes in) and behind a long prefix, and the answers are those of the same map made
        /// nested (one value an array), which the entry-by-entry scan answers; an integer key whose value equals a str
        /// key's length, and a key that differs in one byte only, are not that key; the first of repeated keys wins.
        /// </summary>
        [Fact]
        public void A_map_of_scalars_answers_every_key_as_a_nested_map_does()
        {
            var keys = new List<string>();
            for (int length = 0; length <= 12; length++)
            {
                keys.Add(new string((char)('a' + length), length));
                if (length >= 2)
                {
                    keys.Add("é" + new string('z', length - 2));
                }
            }

            foreach (bool nested in new[] { false, true })
            {
                foreach (int prefix in new[] { 0, 40 })
                {
                    using var output = new PooledBufferWriter();
                    var writer = new MsgPackWriter(output);
                    if (prefix > 0)
                    {
                        // The map as the second item of an array, after a str of the prefix's length.
                        writer.WriteArrayHeader(2);
                        writer.WriteString(new string('p', prefix));
                    }

                    writer.WriteMapHeader(keys.Count + 3);
                    writer.WriteInt32(1);
                    writer.WriteString("int key 1");
                    writer.WriteInt32(5);
                    writer.WriteString("int key 5");
                    for (int i = 0; i < keys.Count; i++)
                    {
                        writer.WriteString(keys[i]);
                        if (nested && i == keys.Count - 1)
                        {
                            writer.WriteArrayHeader(1);
                        }

                        writer.WriteInt32(i);
                    }

                    writer.WriteString(keys[3]);
                    writer.WriteInt32(-1);
                    writer.Flush();
                    using MsgPackDocument document = MsgPackDocument.Parse(output.WrittenMemory);
                    MsgPackElement map = prefix > 0 ? document.RootElement[1] : document.RootElement;
                    Assert.Equal(nested, map.GetRawBytes().Span.IndexOf((byte)0x91) >= 0);
                    for (int i = 0; i < keys.Count; i++)
                    {
                        Assert.True(map.TryGetProperty(keys[i], out MsgPackElement value), keys[i]);
                        Assert.Equal(i, nested && i == keys.Count - 1 ? value[0].GetInt32() : value.GetInt32());
                        Assert.True(map.TryGetProperty(Encoding.UTF8.GetBytes(keys[i]), out value), keys[i]);
                        if (keys[i].Length > 0)
                        {
                            Assert.False(map.TryGetProperty(keys[i].Substring(0, keys[i].Length - 1) + "#", out _), keys[i]);
                            Assert.False(map.TryGetProperty("#" + keys[i].Substring(1), out _), keys[i]);
                        }
                    }

                    Assert.Equal("int key 5", map.GetProperty(5).GetString());
                    Assert.False(map.TryGetProperty("12345", out _));   // 5 bytes, as the integer key 5 is 5
                    Assert.False(map.TryGetProperty("x", out _));
                    Assert.Equal(3, map.GetProperty(keys[3]).GetInt32());
                }
            }
        }

        /// <summary>
        /// A document denser than the first guess of the index (a byte a value) grows the rows in the middle of the
        /// parse's common loop, and the fixext 4 and 8 it indexes in that loop (timestamps 32 and 64, other
        /// extensions) read as the typed readers read them; a timestamp 64 whose nanoseconds are past 10^9 fails there
        /// as the validator says.
        /// </summary>
        [Fact]
        public void A_dense_document_grows_its_index_and_fixexts_index_in_the_common_loop()
        {
            using var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            writer.WriteArrayHeader(5000 + 3);
            for (int i = 0; i < 5000; i++)
            {
                writer.WriteInt32(i % 100);
            }

            writer.WriteTimestamp(new Timestamp(7, 0));
            writer.WriteTimestamp(new Timestamp(8, 900));
            writer.WriteExtension(3, new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 });
            writer.Flush();
            using (MsgPackDocument document = MsgPackDocument.Parse(output.WrittenMemory))
            {
                Assert.Equal(5004, document.ValueCount);
                MsgPackElement root = document.RootElement;
                for (int i = 0; i < 5000; i++)
                {
                    Assert.Equal(i % 100, root[i].GetInt32());
                }

                Assert.Equal(new Timestamp(7, 0), root[5000].GetTimestamp());
                Assert.Equal(new Timestamp(8, 900), root[5001].GetTimestamp());
                Assert.Equal(MsgPackType.Extension, root[5002].Type);
                MsgPackExtension extension = root[5002].GetExtension();
                Assert.Equal(new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 }, extension.Data.ToArray());
                Assert.Equal(3, extension.TypeCode);
            }

            byte[] bad = Hex.ToBytes("92 01 d7 ff ff ff ff ff 00 00 00 00");
            var thrown = Assert.Throws<MsgPackValidationException>(() => MsgPackDocument.Parse(bad));
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryValidate(bad, out MsgPackValidationResult result));
            Assert.Equal(result.Error, thrown.Error);
        }

        [Fact]
        public void A_long_key_is_encoded_in_pooled_memory_and_compared()
        {
            string key = new string('k', 1000) + "é";
            using var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            writer.WriteMapHeader(1);
            writer.WriteString(key);
            writer.WriteString(key);
            writer.Flush();
            using MsgPackDocument document = MsgPackDocument.Parse(output.WrittenMemory);
            Assert.Equal(key, document.RootElement.GetProperty(key).GetString());
            Assert.True(document.RootElement.GetProperty(key).ValueEquals(key));
            Assert.False(document.RootElement.TryGetProperty(key + "x", out _));
        }

        [Fact]
        public void A_timestamp_outside_the_years_of_DateTime_reads_as_a_Timestamp_only()
        {
            var far = new Timestamp(400_000_000_000, 1);
            using var output = new PooledBufferWriter();
            var writer = new MsgPackWriter(output);
            writer.WriteTimestamp(far);
            writer.Flush();
            using MsgPackDocument document = MsgPackDocument.Parse(output.WrittenMemory);
            Assert.Equal(far, document.RootElement.GetTimestamp());
            Assert.Throws<MsgPackOverflowException>(() => document.RootElement.GetDateTime());
            Assert.False(document.RootElement.TryGetDateTime(out DateTime none));
            Assert.Equal(default, none);
        }

        [Fact]
        public void The_options_reject_what_they_cannot_hold()
        {
            var options = default(MsgPackDocumentOptions);
            Assert.Equal(64, options.MaxDepth);
            Assert.Equal(MsgPackDocumentOptions.MaxValueCountLimit, options.MaxValueCount);
            Assert.True(options.CheckUtf8);
            Assert.Throws<ArgumentOutOfRangeException>(() => options.MaxDepth = 0);
            Assert.Throws<ArgumentOutOfRangeException>(() => options.MaxValueCount = 0);
            Assert.Throws<ArgumentOutOfRangeException>(() => options.MaxValueCount = MsgPackDocumentOptions.MaxValueCountLimit + 1);
            options.MaxValueCount = 3;
            Assert.Equal(3, options.MaxValueCount);
        }
        /// <summary>
        /// Every integer format at the edges of every width (canonical or not), and a bool, nil and both floats: the
        /// parse decodes these into the rows, and every getter must read from the row exactly what the typed reader of
        /// the same name reads from the bytes, fail where it fails, and throw the reader's kind of exception.
        /// </summary>
        [Fact]
        public void Row_decoded_scalars_equal_the_typed_readers_in_every_format_and_width()
        {
            var tokens = new List<byte[]>();
            void Add(byte code, int width, ulong bits)
            {
                var token = new byte[1 + width];
                token[0] = code;
                for (int i = 0; i < width; i++)
                {
                    token[width - i] = (byte)(bits >> (8 * i));
                }

                tokens.Add(token);
            }

            foreach (ulong v in new ulong[] { 0, 1, 127 })
            {
                Add((byte)v, 0, 0);
            }

            foreach (long v in new long[] { -1, -32 })
            {
                Add((byte)v, 0, 0);
            }

            foreach (ulong v in new ulong[] { 0, 127, 128, 255 })
            {
                Add(0xcc, 1, v);
            }

            foreach (ulong v in new ulong[] { 0, 255, 256, 32767, 32768, 65535 })
            {
                Add(0xcd, 2, v);
            }

            foreach (ulong v in new ulong[] { 0, 65536, int.MaxValue, 1UL << 31, uint.MaxValue })
            {
                Add(0xce, 4, v);
            }

            foreach (ulong v in new ulong[] { 0, 5, (ulong)uint.MaxValue + 1, long.MaxValue, 1UL << 63, ulong.MaxValue - 1, ulong.MaxValue })
            {
                Add(0xcf, 8, v);
            }

            foreach (long v in new long[] { sbyte.MinValue, -1, 0, sbyte.MaxValue })
            {
                Add(0xd0, 1, unchecked((ulong)v));
            }

            foreach (long v in new long[] { short.MinValue, -129, -1, 0, short.MaxValue })
            {
                Add(0xd1, 2, unchecked((ulong)v));
            }

            foreach (long v in new long[] { int.MinValue, -32769, -1, 7, int.MaxValue })
            {
                Add(0xd2, 4, unchecked((ulong)v));
            }

            foreach (long v in new long[] { long.MinValue, (long)int.MinValue - 1, -1, 9, long.MaxValue })
            {
                Add(0xd3, 8, unchecked((ulong)v));
            }

            Add(0xc2, 0, 0);
            Add(0xc3, 0, 0);
            Add(0xc0, 0, 0);
            Add(0xca, 4, BitConverter.ToUInt32(BitConverter.GetBytes(-0.1f), 0));
            Add(0xcb, 8, (ulong)BitConverter.DoubleToInt64Bits(double.NaN));
            Add(0xa1, 0, 0);
            tokens[tokens.Count - 1] = new byte[] { 0xa1, (byte)'7' };

            // An array of them all, and a map with each integer as a key (the value its index) for the integer lookup.
            byte[] array = new byte[] { 0xdc, 0, (byte)tokens.Count }.Concat(tokens.SelectMany(t => t)).ToArray();
            using MsgPackDocument document = MsgPackDocument.Parse(array);
            int index = 0;
            foreach (MsgPackElement element in document.RootElement.EnumerateArray())
            {
                ReadOnlySpan<byte> raw = tokens[index];
                Assert.Equal(raw.ToArray(), element.GetRawBytes().ToArray());
                Check(element.TryGetSByte(out sbyte i8), i8, MsgPackSpec.TryReadSByte(raw, out sbyte r8, out _), r8, () => element.GetSByte());
                Check(element.TryGetByte(out byte u8), u8, MsgPackSpec.TryReadByte(raw, out byte ru8, out _), ru8, () => element.GetByte());
                Check(element.TryGetInt16(out short i16), i16, MsgPackSpec.TryReadInt16(raw, out short r16, out _), r16, () => element.GetInt16());
                Check(element.TryGetUInt16(out ushort u16), u16, MsgPackSpec.TryReadUInt16(raw, out ushort ru16, out _), ru16, () => element.GetUInt16());
                Check(element.TryGetInt32(out int i32), i32, MsgPackSpec.TryReadInt32(raw, out int r32, out _), r32, () => element.GetInt32());
                Check(element.TryGetUInt32(out uint u32), u32, MsgPackSpec.TryReadUInt32(raw, out uint ru32, out _), ru32, () => element.GetUInt32());
                Check(element.TryGetInt64(out long i64), i64, MsgPackSpec.TryReadInt64(raw, out long r64, out _), r64, () => element.GetInt64());
                Check(element.TryGetUInt64(out ulong u64), u64, MsgPackSpec.TryReadUInt64(raw, out ulong ru64, out _), ru64, () => element.GetUInt64());
                Check(element.TryGetBoolean(out bool flag), flag, MsgPackSpec.TryReadBoolean(raw, out bool rflag, out _), rflag, () => element.GetBoolean());
                Check(element.TryGetDouble(out double d), BitConverter.DoubleToInt64Bits(d), MsgPackSpec.TryReadDouble(raw, out double rd, out _), BitConverter.DoubleToInt64Bits(rd), () => BitConverter.DoubleToInt64Bits(element.GetDouble()));
                Check(element.TryGetSingle(out float f), BitConverter.DoubleToInt64Bits(f), MsgPackSpec.TryReadSingle(raw, out float rf, out _), BitConverter.DoubleToInt64Bits(rf), () => BitConverter.DoubleToInt64Bits(element.GetSingle()));

                // The integer lookup finds the key exactly when the key reads as that long: a uint 64 above
                // long.MaxValue (whose bits the row holds, negative) is no long key, ulong.MaxValue no -1.
                byte[] map = new byte[] { 0x81 }.Concat(tokens[index]).Concat(new byte[] { 0x2a }).ToArray();
                using MsgPackDocument keyed = MsgPackDocument.Parse(map);
                bool isLong = MsgPackSpec.TryReadInt64(raw, out long key, out _) == System.Buffers.OperationStatus.Done;
                if (isLong)
                {
                    Assert.True(keyed.RootElement.TryGetProperty(key, out MsgPackElement found));
                    Assert.Equal(42, found.GetInt32());
                    Assert.False(keyed.RootElement.TryGetProperty(unchecked(key + 1), out _));
                }
                else
                {
                    foreach (long probe in new long[] { -1, -2, 0, 1, unchecked((long)ru64) })
                    {
                        Assert.False(keyed.RootElement.TryGetProperty(probe, out _));
                    }
                }

                index++;
            }

            Assert.Equal(tokens.Count, index);

            static void Check<T>(bool got, T value, System.Buffers.OperationStatus status, T read, Func<T> get)
            {
                Assert.Equal(status == System.Buffers.OperationStatus.Done, got);
                if (got)
                {
                    Assert.Equal(read, value);
                    Assert.Equal(read, get());
                }
                else
                {
                    Assert.Equal(default(T), value);
                    Exception e = Assert.ThrowsAny<Exception>(() => get());
                    Assert.True(e is MsgPackOverflowException || e is InvalidOperationException, e.GetType().Name);
                }
            }
        }
    }
}
