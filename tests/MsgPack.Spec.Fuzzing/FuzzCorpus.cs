using System;
using System.Collections.Generic;
using System.Text;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>
    /// The fuzzer's seeds: valid documents of every family, written with the library's own span writers: every
    /// scalar width, str of ASCII and multi-byte UTF-8 around every header boundary, bin, ext, the three timestamp
    /// forms, the exact-format (non-smallest) headers, nested and long arrays and maps.
    /// </summary>
    internal static class FuzzCorpus
    {
        private static readonly string[] Texts =
        {
            string.Empty, "a", "id", "héllo", "€uro", "😀 emoji", "日本語のテキスト", "mixed ascii é € 😀 and more text to pass 31 bytes",
        };

        public static IReadOnlyList<byte[]> Build()
        {
            var docs = new List<byte[]>();
            void Add(Action<Doc> write)
            {
                var doc = new Doc();
                write(doc);
                docs.Add(doc.ToArray());
            }

            // Scalars of every width, smallest and exact forms.
            Add(d => d.Put(MsgPackSpec.WriteNil(d.Free)));
            Add(d => d.Put(MsgPackSpec.WriteBoolean(d.Free, true)));
            Add(d => d.Put(MsgPackSpec.WriteBoolean(d.Free, false)));
            foreach (long value in new[]
            {
                0L, 1, 127, 128, 255, 256, 65535, 65536, uint.MaxValue, 1L + uint.MaxValue, long.MaxValue,
                -1, -32, -33, -128, -129, -32768, -32769, int.MinValue, int.MinValue - 1L, long.MinValue,
            })
            {
                Add(d => d.Put(MsgPackSpec.WriteInt64(d.Free, value)));
            }

            // Integer arrays of mixed widths (the table-driven bulk paths): every width of int and long, both signs.
            foreach (int length in new[] { 7, 23, 41 })
            {
                long[] mixed = new long[length];
                for (int i = 0; i < length; i++)
                {
                    long[] widths = { 5, -7, 200, -100, 40000, -3000, 3_000_000_000L, -2_000_000_000L, 1L << 40, -(1L << 40) };
                    mixed[i] = widths[(i * 7 + length) % widths.Length] + i;
                }

                Add(d => d.Put(MsgPackSpec.WriteInt64Array(d.Free, mixed)));
                Add(d => d.Put(MsgPackSpec.WriteInt32Array(d.Free, Array.ConvertAll(mixed, v => (int)v))));
            }

            Add(d => d.Put(MsgPackSpec.WriteUInt64(d.Free, ulong.MaxValue)));
            Add(d => d.Put(MsgPackSpec.WriteUInt64(d.Free, (ulong)long.MaxValue + 1)));
            Add(d => d.Put(MsgPackSpec.WriteUInt8Exact(d.Free, 5)));
            Add(d => d.Put(MsgPackSpec.WriteUInt16Exact(d.Free, 5)));
            Add(d => d.Put(MsgPackSpec.WriteUInt32Exact(d.Free, 5)));
            Add(d => d.Put(MsgPackSpec.WriteUInt64Exact(d.Free, 5)));
            Add(d => d.Put(MsgPackSpec.WriteInt8Exact(d.Free, -5)));
            Add(d => d.Put(MsgPackSpec.WriteInt16Exact(d.Free, 5)));
            Add(d => d.Put(MsgPackSpec.WriteInt32Exact(d.Free, -5)));
            Add(d => d.Put(MsgPackSpec.WriteInt64Exact(d.Free, 5)));
            Add(d => d.Put(MsgPackSpec.WriteInt64Exact(d.Free, long.MinValue)));
            Add(d => d.Put(MsgPackSpec.WritePositiveFixInt(d.Free, 100)));
            Add(d => d.Put(MsgPackSpec.WriteNegativeFixInt(d.Free, -20)));
            foreach (float value in new[] { 0f, 1.5f, -0f, float.NaN, float.PositiveInfinity, float.Epsilon, float.MaxValue })
            {
                Add(d => d.Put(MsgPackSpec.WriteSingle(d.Free, value)));
            }

            foreach (double value in new[] { 0d, Math.PI, -0d, double.NaN, double.NegativeInfinity, double.Epsilon, 1e300 })
            {
                Add(d => d.Put(MsgPackSpec.WriteDouble(d.Free, value)));
            }

            // Strings: every text, and lengths around 31/32, 255/256, 65535/65536 in ASCII and in 3-byte characters.
            foreach (string text in Texts)
            {
                Add(d => d.Put(MsgPackSpec.WriteString(d.Free, text.AsSpan())));
            }

            foreach (int length in new[] { 31, 32, 255, 256, 65535, 65536 })
            {
                Add(d => d.Put(MsgPackSpec.WriteString(d.Free, new string('x', length).AsSpan())));
            }

            foreach (int chars in new[] { 10, 11, 85, 86, 21845, 21846 })
            {
                Add(d => d.Put(MsgPackSpec.WriteString(d.Free, new string('€', chars).AsSpan())));
            }

            // The exact str forms of short text (a str 32 header over 2 bytes is valid, just not smallest).
            byte[] utf8 = Encoding.UTF8.GetBytes("é!");
            Add(d => { d.Put(MsgPackSpec.WriteString8Header(d.Free, (byte)utf8.Length)); d.Raw(utf8); });
            Add(d => { d.Put(MsgPackSpec.WriteString16Header(d.Free, (ushort)utf8.Length)); d.Raw(utf8); });
            Add(d => { d.Put(MsgPackSpec.WriteString32Header(d.Free, (uint)utf8.Length)); d.Raw(utf8); });

            // Binaries.
            foreach (int length in new[] { 0, 1, 255, 256, 65535, 65536 })
            {
                Add(d => d.Put(MsgPackSpec.WriteBinary(d.Free, Pattern(length))));
            }

            Add(d => { d.Put(MsgPackSpec.WriteBinary16Header(d.Free, 3)); d.Raw(Pattern(3)); });
            Add(d => { d.Put(MsgPackSpec.WriteBinary32Header(d.Free, 3)); d.Raw(Pattern(3)); });

            // Extensions: every fixext, ext 8/16/32, and the three timestamp forms.
            foreach (int length in new[] { 0, 1, 2, 3, 4, 8, 12, 16, 17, 255, 256, 65536 })
            {
                Add(d => d.Put(MsgPackSpec.WriteExtension(d.Free, 7, Pattern(length))));
            }

            Add(d => { d.Put(MsgPackSpec.WriteExtension8Header(d.Free, -3, 2)); d.Raw(Pattern(2)); });
            Add(d => { d.Put(MsgPackSpec.WriteExtension16Header(d.Free, 100, 4)); d.Raw(Pattern(4)); });
            Add(d => { d.Put(MsgPackSpec.WriteExtension32Header(d.Free, -128, 1)); d.Raw(Pattern(1)); });
            Add(d => d.Put(MsgPackSpec.WriteTimestamp32(d.Free, new Timestamp(1_700_000_000, 0))));
            Add(d => d.Put(MsgPackSpec.WriteTimestamp64(d.Free, new Timestamp(1_700_000_000, 999_999_999))));
            Add(d => d.Put(MsgPackSpec.WriteTimestamp96(d.Free, new Timestamp(-62_135_596_800, 1))));
            Add(d => d.Put(MsgPackSpec.WriteTimestamp(d.Free, new Timestamp(long.MaxValue, 123))));
            Add(d => d.Put(MsgPackSpec.WriteTimestamp(d.Free, Timestamp.UnixEpoch)));

            // Containers: empty ones in every form, nested, mixed, long.
            Add(d => d.Put(MsgPackSpec.WriteArrayHeader(d.Free, 0)));
            Add(d => d.Put(MsgPackSpec.WriteMapHeader(d.Free, 0)));
            Add(d => d.Put(MsgPackSpec.WriteArray16Header(d.Free, 0)));
            Add(d => d.Put(MsgPackSpec.WriteArray32Header(d.Free, 0)));
            Add(d => d.Put(MsgPackSpec.WriteMap16Header(d.Free, 0)));
            Add(d => d.Put(MsgPackSpec.WriteMap32Header(d.Free, 0)));
            Add(d => { d.Put(MsgPackSpec.WriteArray32Header(d.Free, 1)); d.Put(MsgPackSpec.WriteNil(d.Free)); });
            Add(d => { d.Put(MsgPackSpec.WriteMap32Header(d.Free, 1)); d.Put(MsgPackSpec.WriteInt32(d.Free, 1)); d.Put(MsgPackSpec.WriteArrayHeader(d.Free, 0)); });
            Add(d => { d.Put(MsgPackSpec.WriteMap16Header(d.Free, 1)); d.Put(MsgPackSpec.WriteString(d.Free, "k".AsSpan())); d.Put(MsgPackSpec.WriteMapHeader(d.Free, 0)); });
            Add(d => { d.Put(MsgPackSpec.WriteFixArrayHeader(d.Free, 2)); d.Put(MsgPackSpec.WriteFixMapHeader(d.Free, 0)); d.Put(MsgPackSpec.WriteFixArrayHeader(d.Free, 0)); });
            Add(WriteMixed);
            Add(d => WriteNested(d, 3));
            Add(d => WriteNested(d, 63));
            Add(d => WriteNested(d, 64));
            Add(d => WriteNested(d, 65));
            Add(d => WriteNested(d, 300));
            Add(d => WriteTarantoolRequest(d, 42));
            Add(d =>
            {
                d.Put(MsgPackSpec.WriteArrayHeader(d.Free, 16));
                for (int i = 0; i < 16; i++)
                {
                    d.Put(MsgPackSpec.WriteArrayHeader(d.Free, 0));
                }
            });
            Add(d =>
            {
                d.Put(MsgPackSpec.WriteArrayHeader(d.Free, 1000));
                for (int i = 0; i < 1000; i++)
                {
                    d.Put(MsgPackSpec.WriteInt64(d.Free, (i * 2654435761L) >> (i % 40)));
                }
            });
            Add(d =>
            {
                d.Put(MsgPackSpec.WriteMapHeader(d.Free, 100));
                for (int i = 0; i < 100; i++)
                {
                    d.Put(MsgPackSpec.WriteString(d.Free, ("key-" + i + (i % 3 == 0 ? "-é" : string.Empty)).AsSpan()));
                    d.Put(MsgPackSpec.WriteDouble(d.Free, i / 3.0));
                }
            });
            Add(d =>
            {
                // A stream of several top-level values (only AllowMultipleValues accepts it whole).
                WriteMixed(d);
                WriteTarantoolRequest(d, 7);
                d.Put(MsgPackSpec.WriteNil(d.Free));
            });

            return docs;
        }

        /// <summary>0, 1, 2, ... as bytes: a payload whose corruption shows.</summary>
        private static byte[] Pattern(int length)
        {
            byte[] bytes = new byte[length];
            for (int i = 0; i < length; i++)
            {
                bytes[i] = (byte)(i * 7 + 1);
            }

            return bytes;
        }

        /// <summary>A map with one key of every family.</summary>
        private static void WriteMixed(Doc d)
        {
            d.Put(MsgPackSpec.WriteMapHeader(d.Free, 9));
            d.Put(MsgPackSpec.WriteString(d.Free, "nil".AsSpan()));
            d.Put(MsgPackSpec.WriteNil(d.Free));
            d.Put(MsgPackSpec.WriteString(d.Free, "int".AsSpan()));
            d.Put(MsgPackSpec.WriteInt64(d.Free, -1234567890123));
            d.Put(MsgPackSpec.WriteString(d.Free, "uint".AsSpan()));
            d.Put(MsgPackSpec.WriteUInt64(d.Free, ulong.MaxValue - 1));
            d.Put(MsgPackSpec.WriteString(d.Free, "f32".AsSpan()));
            d.Put(MsgPackSpec.WriteSingle(d.Free, 0.25f));
            d.Put(MsgPackSpec.WriteString(d.Free, "f64".AsSpan()));
            d.Put(MsgPackSpec.WriteDouble(d.Free, -2.5e-300));
            d.Put(MsgPackSpec.WriteString(d.Free, "bin".AsSpan()));
            d.Put(MsgPackSpec.WriteBinary(d.Free, Pattern(40)));
            d.Put(MsgPackSpec.WriteString(d.Free, "ts".AsSpan()));
            d.Put(MsgPackSpec.WriteTimestamp(d.Free, new Timestamp(1, 500)));
            d.Put(MsgPackSpec.WriteString(d.Free, "ext".AsSpan()));
            d.Put(MsgPackSpec.WriteExtension(d.Free, 1, Pattern(5)));
            d.Put(MsgPackSpec.WriteString(d.Free, "list".AsSpan()));
            d.Put(MsgPackSpec.WriteArrayHeader(d.Free, 3));
            d.Put(MsgPackSpec.WriteBoolean(d.Free, true));
            d.Put(MsgPackSpec.WriteString(d.Free, "日本".AsSpan()));
            d.Put(MsgPackSpec.WriteMapHeader(d.Free, 1));
            d.Put(MsgPackSpec.WriteInt32(d.Free, -1));
            d.Put(MsgPackSpec.WriteArrayHeader(d.Free, 0));
        }

        /// <summary>[[[...[nil]...]]], <paramref name="depth"/> arrays deep (maps every third level).</summary>
        private static void WriteNested(Doc d, int depth)
        {
            for (int i = 0; i < depth; i++)
            {
                if (i % 3 == 2)
                {
                    d.Put(MsgPackSpec.WriteMapHeader(d.Free, 1));
                    d.Put(MsgPackSpec.WriteInt32(d.Free, i));
                }
                else
                {
                    d.Put(MsgPackSpec.WriteArrayHeader(d.Free, 1));
                }
            }

            d.Put(MsgPackSpec.WriteNil(d.Free));
        }

        /// <summary>A Tarantool-style request: a header map and a body map, two top-level values.</summary>
        private static void WriteTarantoolRequest(Doc d, long key)
        {
            d.Put(MsgPackSpec.WriteMapHeader(d.Free, 2));
            d.Put(MsgPackSpec.WriteUInt32(d.Free, 0));
            d.Put(MsgPackSpec.WriteUInt32(d.Free, 1));
            d.Put(MsgPackSpec.WriteUInt32(d.Free, 1));
            d.Put(MsgPackSpec.WriteUInt64(d.Free, 42));
            d.Put(MsgPackSpec.WriteMapHeader(d.Free, 2));
            d.Put(MsgPackSpec.WriteUInt32(d.Free, 0x10));
            d.Put(MsgPackSpec.WriteUInt32(d.Free, 512));
            d.Put(MsgPackSpec.WriteUInt32(d.Free, 0x20));
            d.Put(MsgPackSpec.WriteArrayHeader(d.Free, 1));
            d.Put(MsgPackSpec.WriteInt64(d.Free, key));
        }

        /// <summary>A growable output buffer for the writers.</summary>
        internal sealed class Doc
        {
            private byte[] _buffer = new byte[1 << 18];
            private int _length;

            /// <summary>The free part of the buffer (at least 128 KiB, enough for any one value written here).</summary>
            public Span<byte> Free
            {
                get
                {
                    if (_buffer.Length - _length < 1 << 17)
                    {
                        Array.Resize(ref _buffer, _buffer.Length * 2);
                    }

                    return _buffer.AsSpan(_length);
                }
            }

            public void Put(int written) => _length += written;

            public void Raw(ReadOnlySpan<byte> bytes)
            {
                bytes.CopyTo(Free);
                _length += bytes.Length;
            }

            public byte[] ToArray() => _buffer.AsSpan(0, _length).ToArray();
        }
    }
}
