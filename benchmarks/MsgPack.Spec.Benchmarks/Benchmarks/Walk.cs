using System;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// Walking one document without knowing its types: every value of the 1,887-byte document of
    /// <see cref="SkipDocument"/> (a map with 20 tuples of uint, str, float64, bool, nil, bin, a map of an array and
    /// a negative int, and an array nested 32 deep) is visited and looked at, as a generic reader (a pretty-printer, a
    /// converter to JSON, a schema-less proxy) does. Where <see cref="SkipDocument"/> steps over the values, every row
    /// here reads each one: the token (ours: ReadToken over an advancing span and over MsgPackReader, TryReadToken)
    /// or the type then the typed read (our typed readers, the .NET peers' readers, msgpuck), and steps over the str,
    /// bin and ext payloads with the reader's own payload read. Every loop is iterative: a count of the values still
    /// to visit, one less per value, plus an array's items and twice a map's entries. Our typed row is there because
    /// the token reader is meant to be as fast as the typed readers: it is the token rows' yardstick.
    /// </summary>
    /// <remarks>
    /// <para>
    /// <b>The checksum</b>, which every row computes and the setup compares (<see cref="Fairness"/>), is the sum in
    /// <see cref="long"/>, wrapping on overflow, of: every integer's value (a uint 64 above <see cref="long.MaxValue"/>
    /// as its bits, <c>unchecked((long)value)</c>); every float (32 or 64) truncated toward zero to <see cref="long"/>
    /// (the document's floats are small, where C's <c>(int64_t)</c> and .NET's <c>(long)</c> agree); the payload length
    /// of every str, bin and ext (a timestamp is an ext of type -1: its 4, 8 or 12 bytes of data); the item count of
    /// every array and the entry count (not twice it) of every map; 1 per true (0 per false); 1 per nil. Map keys are
    /// values like any other.
    /// </para>
    /// <para>
    /// The document has no ext and no uint 64 above <see cref="long.MaxValue"/>, and only float 64: the setup first
    /// walks <see cref="EveryBranchDocument"/>, which has them all, with every row against msgpuck, so that the
    /// branches the measured document does not take are checked too.
    /// </para>
    /// </remarks>
    [MemoryDiagnoser]
    [BenchmarkCategory("Walk", "Decode")]
    public unsafe class WalkDocument : DecodeBase
    {
        [GlobalSetup]
        public void Setup()
        {
            SetInput(EveryBranchDocument());
            CheckWalk();
            byte[] document = SkipDocument.Document();
            SetInput(document);
            CheckWalk();
        }

        // msgpuck walks the whole input (its size is what it returns) and every row returns msgpuck's checksum.
        private void CheckWalk()
        {
            long checksum;
            long size = Native.mpn_msgpuck_walk(Source, Length, &checksum);
            Fairness.Check(size == Length, Workload, $"mpn_msgpuck_walk walked {size} bytes of a {Length}-byte document (negative: an error code, see msgpack_native.h).");
            CheckDecoders();
        }

        [Benchmark(Description = "MsgPackSpec span, advancing, ReadToken")]
        public long SpanAdvancing()
        {
            ReadOnlySpan<byte> source = Input;
            long checksum = 0;
            long pending = 1;
            while (pending > 0)
            {
                pending--;
                MsgPackToken token = MsgPackSpec.ReadToken(ref source);
                switch (token.Type)
                {
                    case MsgPackType.Integer:
                        checksum += token.IsNegative ? token.GetInt64() : unchecked((long)token.GetUInt64());
                        break;
                    case MsgPackType.Float:
                        checksum += (long)token.GetDouble();
                        break;
                    case MsgPackType.String:
                    case MsgPackType.Binary:
                    case MsgPackType.Extension:
                        checksum += MsgPackSpec.ReadBytes(ref source, token.Length).Length;
                        break;
                    case MsgPackType.Timestamp:
                        checksum += token.GetExtensionHeader().Length; // read whole with its token: no payload follows
                        break;
                    case MsgPackType.Array:
                        checksum += token.Count;
                        pending += token.Count;
                        break;
                    case MsgPackType.Map:
                        checksum += token.Count;
                        pending += 2L * token.Count;
                        break;
                    case MsgPackType.Boolean:
                        checksum += token.GetBoolean() ? 1 : 0;
                        break;
                    case MsgPackType.Nil:
                        checksum++;
                        break;
                    default:
                        Unexpected.Token(token, "a value");
                        break;
                }
            }

            return checksum;
        }

        // The same loop with TryReadToken, which hands the token over through an out parameter.
        [Benchmark(Description = "MsgPackSpec span, advancing, TryReadToken")]
        public long SpanAdvancingTry()
        {
            ReadOnlySpan<byte> source = Input;
            long checksum = 0;
            long pending = 1;
            while (pending > 0)
            {
                pending--;
                if (MsgPackSpec.TryReadToken(ref source, out MsgPackToken token) != System.Buffers.OperationStatus.Done)
                {
                    Unexpected.Token(token, "a value");
                }

                switch (token.Type)
                {
                    case MsgPackType.Integer:
                        checksum += token.IsNegative ? token.GetInt64() : unchecked((long)token.GetUInt64());
                        break;
                    case MsgPackType.Float:
                        checksum += (long)token.GetDouble();
                        break;
                    case MsgPackType.String:
                    case MsgPackType.Binary:
                    case MsgPackType.Extension:
                        checksum += MsgPackSpec.ReadBytes(ref source, token.Length).Length;
                        break;
                    case MsgPackType.Timestamp:
                        checksum += token.GetExtensionHeader().Length;
                        break;
                    case MsgPackType.Array:
                        checksum += token.Count;
                        pending += token.Count;
                        break;
                    case MsgPackType.Map:
                        checksum += token.Count;
                        pending += 2L * token.Count;
                        break;
                    case MsgPackType.Boolean:
                        checksum += token.GetBoolean() ? 1 : 0;
                        break;
                    case MsgPackType.Nil:
                        checksum++;
                        break;
                    default:
                        Unexpected.Token(token, "a value");
                        break;
                }
            }

            return checksum;
        }

        // The same walk with our typed readers, as the peers' rows do it (the type, then the typed read): what the
        // token row is measured against, since the issue asks token reading to be as fast as the typed readers.
        [Benchmark(Description = "MsgPackSpec span, advancing, GetMsgPackType + typed reads")]
        public long SpanAdvancingTyped()
        {
            ReadOnlySpan<byte> source = Input;
            long checksum = 0;
            long pending = 1;
            while (pending > 0)
            {
                pending--;
                switch (MsgPackSpec.GetMsgPackType(source))
                {
                    case MsgPackType.Integer:
                        checksum += source[0] == DataCodes.UInt64 ? unchecked((long)MsgPackSpec.ReadUInt64(ref source)) : MsgPackSpec.ReadInt64(ref source);
                        break;
                    case MsgPackType.Float:
                        checksum += (long)MsgPackSpec.ReadDouble(ref source);
                        break;
                    case MsgPackType.String:
                        checksum += MsgPackSpec.ReadBytes(ref source, MsgPackSpec.ReadStringHeader(ref source)).Length;
                        break;
                    case MsgPackType.Binary:
                        checksum += MsgPackSpec.ReadBytes(ref source, MsgPackSpec.ReadBinaryHeader(ref source)).Length;
                        break;
                    case MsgPackType.Extension:
                        checksum += MsgPackSpec.ReadBytes(ref source, MsgPackSpec.ReadExtensionHeader(ref source).Length).Length;
                        break;
                    case MsgPackType.Array:
                        int items = MsgPackSpec.ReadArrayHeader(ref source);
                        checksum += items;
                        pending += items;
                        break;
                    case MsgPackType.Map:
                        int entries = MsgPackSpec.ReadMapHeader(ref source);
                        checksum += entries;
                        pending += 2L * entries;
                        break;
                    case MsgPackType.Boolean:
                        checksum += MsgPackSpec.ReadBoolean(ref source) ? 1 : 0;
                        break;
                    case MsgPackType.Nil:
                        MsgPackSpec.ReadNil(ref source);
                        checksum++;
                        break;
                    default:
                        Unexpected.Code(source[0], "MsgPackSpec");
                        break;
                }
            }

            return checksum;
        }

        [Benchmark(Description = "MsgPackSpec MsgPackReader, one segment, ReadToken")]
        public long Reader()
        {
            var reader = new MsgPackReader(OneSegment);
            long checksum = 0;
            long pending = 1;
            while (pending > 0)
            {
                pending--;
                MsgPackToken token = reader.ReadToken();
                switch (token.Type)
                {
                    case MsgPackType.Integer:
                        checksum += token.IsNegative ? token.GetInt64() : unchecked((long)token.GetUInt64());
                        break;
                    case MsgPackType.Float:
                        checksum += (long)token.GetDouble();
                        break;
                    case MsgPackType.String:
                    case MsgPackType.Binary:
                    case MsgPackType.Extension:
                        checksum += reader.ReadBytes(token.Length).Length;
                        break;
                    case MsgPackType.Timestamp:
                        checksum += token.GetExtensionHeader().Length;
                        break;
                    case MsgPackType.Array:
                        checksum += token.Count;
                        pending += token.Count;
                        break;
                    case MsgPackType.Map:
                        checksum += token.Count;
                        pending += 2L * token.Count;
                        break;
                    case MsgPackType.Boolean:
                        checksum += token.GetBoolean() ? 1 : 0;
                        break;
                    case MsgPackType.Nil:
                        checksum++;
                        break;
                    default:
                        Unexpected.Token(token, "a value");
                        break;
                }
            }

            return checksum;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackReader, one segment")]
        public long MessagePackCSharpReader()
        {
            var reader = new MpcReader(OneSegment);
            long checksum = 0;
            long pending = 1;
            while (pending > 0)
            {
                pending--;
                switch (reader.NextMessagePackType)
                {
                    case MpcType.Integer:
                        checksum += reader.NextCode == MpcCode.UInt64 ? unchecked((long)reader.ReadUInt64()) : reader.ReadInt64();
                        break;
                    case MpcType.Float:
                        checksum += (long)reader.ReadDouble();
                        break;
                    case MpcType.String:
                        checksum += reader.TryReadStringSpan(out ReadOnlySpan<byte> text) ? text.Length : reader.ReadStringSequence()!.Value.Length;
                        break;
                    case MpcType.Binary:
                        checksum += reader.ReadBytes()!.Value.Length;
                        break;
                    case MpcType.Extension:
                        checksum += reader.ReadRaw(reader.ReadExtensionFormatHeader().Length).Length;
                        break;
                    case MpcType.Array:
                        int items = reader.ReadArrayHeader();
                        checksum += items;
                        pending += items;
                        break;
                    case MpcType.Map:
                        int entries = reader.ReadMapHeader();
                        checksum += entries;
                        pending += 2L * entries;
                        break;
                    case MpcType.Boolean:
                        checksum += reader.ReadBoolean() ? 1 : 0;
                        break;
                    case MpcType.Nil:
                        reader.ReadNil();
                        checksum++;
                        break;
                    default:
                        Unexpected.Code(reader.NextCode, "MessagePack-CSharp");
                        break;
                }
            }

            return checksum;
        }

        // The same loop on Nerdbank's reader (its API is MessagePack-CSharp's, with ReadExtensionHeader and a
        // RawMessagePack from ReadRaw).
        [Benchmark(Description = "Nerdbank.MessagePack MessagePackReader, one segment")]
        public long NerdbankReader()
        {
            var reader = new NbReader(OneSegment);
            long checksum = 0;
            long pending = 1;
            while (pending > 0)
            {
                pending--;
                switch (reader.NextMessagePackType)
                {
                    case NbType.Integer:
                        checksum += reader.NextCode == NbCode.UInt64 ? unchecked((long)reader.ReadUInt64()) : reader.ReadInt64();
                        break;
                    case NbType.Float:
                        checksum += (long)reader.ReadDouble();
                        break;
                    case NbType.String:
                        checksum += reader.TryReadStringSpan(out ReadOnlySpan<byte> text) ? text.Length : reader.ReadStringSequence()!.Value.Length;
                        break;
                    case NbType.Binary:
                        checksum += reader.ReadBytes()!.Value.Length;
                        break;
                    case NbType.Extension:
                        checksum += reader.ReadRaw(reader.ReadExtensionHeader().Length).MsgPack.Length;
                        break;
                    case NbType.Array:
                        int items = reader.ReadArrayHeader();
                        checksum += items;
                        pending += items;
                        break;
                    case NbType.Map:
                        int entries = reader.ReadMapHeader();
                        checksum += entries;
                        pending += 2L * entries;
                        break;
                    case NbType.Boolean:
                        checksum += reader.ReadBoolean() ? 1 : 0;
                        break;
                    case NbType.Nil:
                        reader.ReadNil();
                        checksum++;
                        break;
                    default:
                        Unexpected.Code(reader.NextCode, "Nerdbank.MessagePack");
                        break;
                }
            }

            return checksum;
        }

        [Benchmark(Baseline = true, Description = "msgpuck (mp_typeof + mp_decode_*)")]
        [PInvoke]
        public long Msgpuck() => MsgpuckWalk();

        /// <summary>
        /// A small document with every branch of the walks that <see cref="SkipDocument.Document"/> does not take:
        /// fixext, ext 8, 16 and 32, the three timestamp forms, a uint 64 above <see cref="long.MaxValue"/>, the
        /// extreme integers, float 32, str 8 and 16, bin 8, 16 and 32, empty containers, array 16 and map 16.
        /// </summary>
        internal static byte[] EveryBranchDocument()
        {
            byte[] buffer = new byte[256 * 1024];
            Span<byte> rest = buffer;
            byte[] payload = new byte[70_000];
            for (int i = 0; i < payload.Length; i++)
            {
                payload[i] = (byte)(i * 7);
            }

            MsgPackSpec.WriteMapHeader(ref rest, 5);
            MsgPackSpec.WriteString(ref rest, "ints");
            MsgPackSpec.WriteArrayHeader(ref rest, 18);
            foreach (ulong value in new ulong[] { 0, 0x7f, 0x80, 0xffff, 0x1_0000, uint.MaxValue, 1UL << 32, long.MaxValue, (ulong)long.MaxValue + 1, ulong.MaxValue })
            {
                MsgPackSpec.WriteUInt64(ref rest, value);
            }

            foreach (long value in new long[] { -1, -33, sbyte.MinValue - 1, short.MinValue - 1, int.MinValue, int.MinValue - 1L, long.MinValue, -12_345 })
            {
                MsgPackSpec.WriteInt64(ref rest, value);
            }

            MsgPackSpec.WriteString(ref rest, "scalars");
            MsgPackSpec.WriteArrayHeader(ref rest, 10);
            MsgPackSpec.WriteSingle(ref rest, -2.75f);
            MsgPackSpec.WriteDouble(ref rest, 1e15 + 0.5);
            MsgPackSpec.WriteDouble(ref rest, -0.999);
            MsgPackSpec.WriteBoolean(ref rest, true);
            MsgPackSpec.WriteBoolean(ref rest, false);
            MsgPackSpec.WriteNil(ref rest);
            MsgPackSpec.WriteArrayHeader(ref rest, 0);
            MsgPackSpec.WriteMapHeader(ref rest, 0);
            MsgPackSpec.WriteString(ref rest, string.Empty);
            MsgPackSpec.WriteBinary(ref rest, ReadOnlySpan<byte>.Empty);

            MsgPackSpec.WriteString(ref rest, "payloads");
            MsgPackSpec.WriteMapHeader(ref rest, 17); // a map 16
            for (int i = 0; i < 17; i++)
            {
                int length = i switch { 3 => 40, 5 => 300, 7 => 70_000, _ => i };
                MsgPackSpec.WriteString(ref rest, new string('s', length));
                MsgPackSpec.WriteBinary(ref rest, payload.AsSpan(0, i switch { 2 => 300, 4 => 70_000, _ => i }));
            }

            MsgPackSpec.WriteString(ref rest, "extensions");
            MsgPackSpec.WriteArrayHeader(ref rest, 14);
            foreach (int length in new[] { 1, 2, 4, 8, 16, 0, 3, 12, 200, 300, 70_000 })
            {
                MsgPackSpec.WriteExtension(ref rest, (sbyte)(length % 100), payload.AsSpan(0, length));
            }

            MsgPackSpec.WriteTimestamp(ref rest, new Timestamp(1_700_000_000, 0)); // timestamp 32
            MsgPackSpec.WriteTimestamp(ref rest, new Timestamp(1_700_000_000, 123_456_789)); // timestamp 64
            MsgPackSpec.WriteTimestamp(ref rest, new Timestamp(-1, 999_999_999)); // timestamp 96

            MsgPackSpec.WriteUInt32(ref rest, 7);
            MsgPackSpec.WriteArrayHeader(ref rest, 20); // an array 16 of nested arrays
            for (int i = 0; i < 20; i++)
            {
                MsgPackSpec.WriteArrayHeader(ref rest, 1);
                MsgPackSpec.WriteInt32(ref rest, -i);
            }

            return buffer.AsSpan(0, buffer.Length - rest.Length).ToArray();
        }
    }
}
