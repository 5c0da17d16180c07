using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using MsgPack.Spec.Lz4;
using MsgPack.Spec.Serialization;
using Xunit;
using static MsgPack.Spec.Interop.Tests.Codecs;
using MP = MessagePack;

namespace MsgPack.Spec.Interop.Tests
{
    /// <summary>A batch of array-layout values: the peer models in a payload of any length (a megabyte and more: several chunks).</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MP.MessagePackObject]
    public sealed partial class ArrayModelBatch
    {
        [MsgPackKey(0)] [MP.Key(0)] public List<ArrayModel>? Items { get; set; }
    }

    /// <summary>
    /// MessagePack-CSharp with <c>WithCompression(Lz4Block)</c> and <c>(Lz4BlockArray)</c> against MsgPackLz4, on seeded
    /// random values of the peer models: (a) ours read by MessagePack-CSharp, (b) its bytes read by us, (c) the bytes
    /// compared. The package's LZ4 encoder follows MessagePack-CSharp's matching rules, so the bytes are the same, block
    /// and all, wherever the plain bytes and the cuts are: always for Lz4Block; for Lz4BlockArray where MessagePack-CSharp
    /// cut the value into the chunks we cut (its chunks are its writer's buffer segments, which end where a write needed
    /// more room than was left; ours are 32 KiB each). docs/compression.md ("Interoperability").
    /// </summary>
    public class Lz4InteropTests
    {
        private const int Count = 200;

        public static TheoryData<MsgPackLz4Format> Formats => new() { MsgPackLz4Format.Lz4Block, MsgPackLz4Format.Lz4BlockArray };

        private static MP.MessagePackSerializerOptions MpOptions(MsgPackLz4Format format) =>
            Mp.WithCompression(format == MsgPackLz4Format.Lz4Block ? MP.MessagePackCompression.Lz4Block : MP.MessagePackCompression.Lz4BlockArray);

        private static MsgPackLz4Options OurOptions(MsgPackLz4Format format) => new() { Format = format };

        private static T OursRead<T>(byte[] bytes, MsgPackLz4Options options)
            where T : IMsgPackSerializable<T>
        {
            T value = MsgPackLz4.Deserialize<T>(bytes, out int read, options);
            Assert.Equal(bytes.Length, read);

            // The sequence door, over three segments, reads the same.
            ReadOnlySequence<byte> three = Segments(bytes);
            Assert.True(bytes.Length < 48 || !three.IsSingleSegment);
            T again = MsgPackLz4.Deserialize<T>(three, out long readAgain, options);
            Assert.Equal(bytes.Length, readAgain);
            Assert.Equal(Hex(MpWrite(value)), Hex(MpWrite(again)));
            return value;
        }

        private static T MpReadCompressed<T>(byte[] bytes, MP.MessagePackSerializerOptions options)
        {
            T value = MP.MessagePackSerializer.Deserialize<T>(bytes, options, out int read);
            Assert.Equal(bytes.Length, read);
            return value;
        }

        /// <summary>The array layout (the bytes of the plain values are the same in both libraries): each way, and the same frame.</summary>
        [Theory]
        [MemberData(nameof(Formats))]
        public void ArrayModel_EachWay_SameFrame(MsgPackLz4Format format)
        {
            MP.MessagePackSerializerOptions mp = MpOptions(format);
            MsgPackLz4Options ours = OurOptions(format);
            var gen = new Gen(420 + (int)format);
            int compressed = 0;
            int same = 0;
            for (int i = 0; i < Count; i++)
            {
                ArrayModel value = gen.ArrayModel();
                byte[] ourBytes = MsgPackLz4.Serialize(value, ours);
                compressed += IsCompressed(ourBytes) ? 1 : 0;
                Same.Model(value, MpReadCompressed<ArrayModel>(ourBytes, mp));      // (a)
                byte[] mpBytes = MP.MessagePackSerializer.Serialize(value, mp);
                Same.Model(value, OursRead<ArrayModel>(mpBytes, ours));              // (b)
                same += SameFrame(mpBytes, ourBytes) ? 1 : 0;                        // (c)
            }

            // Both sides of the minimum length were crossed: some values compressed, some left plain.
            Assert.InRange(compressed, Count / 4, Count - 1);

            // Values this short are one segment of MessagePack-CSharp's buffers, one chunk: all the same bytes.
            Assert.Equal(Count, same);
        }

        /// <summary>A map layout of nine members (declaration order, as the peers'): each way, and the same frame.</summary>
        [Theory]
        [MemberData(nameof(Formats))]
        public void SmallMapModel_EachWay_SameFrame(MsgPackLz4Format format)
        {
            MP.MessagePackSerializerOptions mp = MpOptions(format);
            MsgPackLz4Options ours = OurOptions(format);
            var gen = new Gen(430 + (int)format);
            int same = 0;
            for (int i = 0; i < Count; i++)
            {
                SmallMapModel value = gen.SmallMapModel();
                byte[] ourBytes = MsgPackLz4.Serialize(value, ours);
                Same.Model(value, MpReadCompressed<SmallMapModel>(ourBytes, mp));
                byte[] mpBytes = MP.MessagePackSerializer.Serialize(value, mp);
                Same.Model(value, OursRead<SmallMapModel>(mpBytes, ours));
                same += SameFrame(mpBytes, ourBytes) ? 1 : 0;
            }

            // All for Lz4Block; for Lz4BlockArray, all but the few values whose long strings made MessagePack-CSharp's
            // writer start a second segment (195 of these 200).
            Assert.True(format == MsgPackLz4Format.Lz4Block ? same == Count : same >= Count * 9 / 10, $"{same} of {Count} the same bytes");
        }

        /// <summary>20 members, whose order differs past 16 (DifferenceTests): each way; the plain bytes differ, so the compressed do too.</summary>
        [Theory]
        [MemberData(nameof(Formats))]
        public void MapModel_EachWay(MsgPackLz4Format format)
        {
            MP.MessagePackSerializerOptions mp = MpOptions(format);
            MsgPackLz4Options ours = OurOptions(format);
            var gen = new Gen(440 + (int)format);
            for (int i = 0; i < Count; i++)
            {
                MapModel value = gen.MapModel();
                Same.Model(value, MpReadCompressed<MapModel>(MsgPackLz4.Serialize(value, ours), mp));
                Same.Model(value, OursRead<MapModel>(MP.MessagePackSerializer.Serialize(value, mp), ours));
            }
        }

        /// <summary>
        /// Over a megabyte (dozens of chunks): each way, and what both decompress to. Lz4Block is the same bytes (one block of
        /// over a megabyte, the codec's 32-bit table); Lz4BlockArray's chunks are cut where each library's buffers end (32 KiB
        /// for us, its segments less what its writer left unused at their ends), so there the plain bytes are compared,
        /// the chunk counts, and the bytes of any chunk both cut at the same place (none, in these batches: its first segment
        /// already ends short of 32 KiB, where a string did not fit).
        /// </summary>
        [Theory]
        [MemberData(nameof(Formats))]
        public void OverOneMegabyte_EachWay(MsgPackLz4Format format)
        {
            MP.MessagePackSerializerOptions mp = MpOptions(format);
            MsgPackLz4Options ours = OurOptions(format);
            var gen = new Gen(450 + (int)format);
            for (int round = 0; round < 2; round++)
            {
                var batch = new ArrayModelBatch { Items = new List<ArrayModel>() };
                while (ArrayModelBatch.GetEncodedLength(batch) < (1 << 20) + (round * 300_000))
                {
                    batch.Items.Add(gen.ArrayModel());
                }

                byte[] plain = MpWrite(batch);
                byte[] ourBytes = MsgPackLz4.Serialize(batch, ours);
                byte[] mpBytes = MP.MessagePackSerializer.Serialize(batch, mp);
                Assert.Equal(Hex(plain), Hex(MpWrite(MpReadCompressed<ArrayModelBatch>(ourBytes, mp))));
                Assert.Equal(Hex(plain), Hex(MpWrite(OursRead<ArrayModelBatch>(mpBytes, ours))));
                Assert.Equal(plain, Decompress(ourBytes));
                Assert.Equal(plain, Decompress(mpBytes));
                if (format == MsgPackLz4Format.Lz4Block)
                {
                    SameFrame(mpBytes, ourBytes);
                }
                else
                {
                    // Several chunks on each side: an array of the ext and one bin per chunk.
                    Assert.Equal(((plain.Length + MsgPackLz4.ChunkLength - 1) / MsgPackLz4.ChunkLength) + 1, MsgPackSpec.ReadArrayHeader(ourBytes, out _));
                    Assert.True(MsgPackSpec.ReadArrayHeader(mpBytes, out _) > 30);

                    // A chunk that starts and ends at the same offsets on both sides is the same block.
                    List<(int Start, int Length, byte[] Block)> mpChunks = Chunks(mpBytes);
                    List<(int Start, int Length, byte[] Block)> ourChunks = Chunks(ourBytes);
                    foreach ((int start, int length, byte[] block) in ourChunks)
                    {
                        foreach ((int mpStart, int mpLength, byte[] mpBlock) in mpChunks)
                        {
                            if (mpStart == start && mpLength == length)
                            {
                                Assert.Equal(Hex(mpBlock), Hex(block));
                            }
                        }
                    }

                    Assert.True(mpChunks[0].Length < MsgPackLz4.ChunkLength, $"MessagePack-CSharp's first chunk is {mpChunks[0].Length} bytes");
                }
            }
        }

        /// <summary>
        /// Values LZ4 finds little to match in (random bytes as Base64, too short for most to repeat 4 characters): the
        /// whole value is byte for byte the same wherever the frame is, that is, always for Lz4Block, and for Lz4BlockArray
        /// where MessagePack-CSharp cut the value into the same chunks as we do (one: its writer starts a new segment where
        /// a string needs more room than its first one has left, so a long string makes it cut the value in two).
        /// </summary>
        [Theory]
        [MemberData(nameof(Formats))]
        public void Incompressible_ByteForByte(MsgPackLz4Format format)
        {
            MP.MessagePackSerializerOptions mp = MpOptions(format);
            MsgPackLz4Options ours = OurOptions(format);
            var random = new Random(460 + (int)format);
            int sameFrame = 0;
            int same = 0;
            for (int i = 0; i < Count; i++)
            {
                var bytes = new byte[random.Next(64, 2048)];
                random.NextBytes(bytes);
                var value = new Inner { Id = random.Next(), Label = Convert.ToBase64String(bytes) };
                byte[] ourBytes = MsgPackLz4.Serialize(value, ours);
                byte[] mpBytes = MP.MessagePackSerializer.Serialize(value, mp);
                Assert.True(IsCompressed(ourBytes));
                bool sameChunks = format == MsgPackLz4Format.Lz4Block || ChunkLengths(mpBytes).SequenceEqual(ChunkLengths(ourBytes));
                sameFrame += sameChunks ? 1 : 0;
                Assert.Equal(sameChunks, SameFrame(mpBytes, ourBytes));
                same += mpBytes.AsSpan().SequenceEqual(ourBytes) ? 1 : 0;
            }

            Assert.True(sameFrame >= Count / 3, $"{sameFrame} of {Count} values in the same chunks");
            Assert.Equal(sameFrame, same);
        }

        /// <summary>
        /// The two compressed values are the same bytes where the same plain bytes are cut the same way: a plain value, an
        /// Lz4Block, and an Lz4BlockArray whose chunk lengths are the same on both sides. Otherwise (an Lz4BlockArray cut
        /// elsewhere by MessagePack-CSharp's buffers) the same form, chunk lengths that add up to the plain length, and the
        /// same bytes decompressed.
        /// </summary>
        /// <returns>Whether the whole values were compared byte for byte.</returns>
        private static bool SameFrame(byte[] mp, byte[] ours)
        {
            Assert.Equal(Hex(Decompress(mp)), Hex(Decompress(ours)));
            Assert.Equal(IsCompressed(mp), IsCompressed(ours));
            Assert.Equal(MsgPackSpec.GetMsgPackType(mp[0]), MsgPackSpec.GetMsgPackType(ours[0]));
            if (!IsCompressed(mp) || MsgPackSpec.GetMsgPackType(mp[0]) == MsgPackType.Extension || ChunkLengths(mp).SequenceEqual(ChunkLengths(ours)))
            {
                Assert.Equal(Hex(mp), Hex(ours));
                return true;
            }

            int plain = Decompress(ours).Length;
            Assert.Equal(plain, ChunkLengths(mp).Sum());
            Assert.Equal(plain, ChunkLengths(ours).Sum());
            return false;
        }

        /// <summary>
        /// Random bytes, zeros, short repeats, few symbols and long-period repeats of 0 to 1.1 MB as one bin value (the
        /// plain bytes are the same in both libraries): Lz4Block is the same bytes at every length, each side reads the
        /// other's; Lz4BlockArray is too where the chunks are the same (MessagePack-CSharp writes a bin into one segment, as
        /// long as it is, so its chunk is the whole value: the same as ours up to 32 KiB).
        /// </summary>
        [Theory]
        [MemberData(nameof(Formats))]
        public void Bytes_of_every_kind_ByteForByte(MsgPackLz4Format format)
        {
            MP.MessagePackSerializerOptions mp = MpOptions(format);
            MsgPackLz4Options ours = OurOptions(format);
            var random = new Random(470 + (int)format);
            int same = 0;
            int expected = 0;
            foreach (int length in new[] { 0, 13, 59, 60, 100, 1000, 4096, 32_000, 32_763, 32_764, 65_530, 65_541, 65_542, 100_000, 1_100_000 })
            {
                var period = new byte[65_535 + random.Next(2)];
                random.NextBytes(period);
                var noise = new byte[length];
                random.NextBytes(noise);
                foreach (byte[] input in new[]
                {
                    noise,
                    new byte[length],
                    Enumerable.Range(0, length).Select(i => (byte)"abcabcabd"[i % 9]).ToArray(),
                    Enumerable.Range(0, length).Select(_ => (byte)random.Next(4)).ToArray(),
                    Enumerable.Range(0, length).Select(i => period[i % period.Length]).ToArray(),
                })
                {
                    var plainWriter = new ArrayBufferWriter<byte>();
                    var writer = new MsgPackWriter(plainWriter);
                    writer.WriteBinary(input);
                    writer.Flush();
                    var ourWriter = new ArrayBufferWriter<byte>();
                    MsgPackLz4.Compress(plainWriter.WrittenSpan, ourWriter, ours);
                    byte[] ourBytes = ourWriter.WrittenSpan.ToArray();
                    byte[] mpBytes = MP.MessagePackSerializer.Serialize(input, mp);
                    Assert.Equal(Hex(input), Hex(MP.MessagePackSerializer.Deserialize<byte[]>(ourBytes, mp)));
                    Assert.Equal(Hex(input), Hex(MsgPackSpec.ReadBinary(Decompress(mpBytes), out _).ToArray()));
                    expected += format == MsgPackLz4Format.Lz4Block || plainWriter.WrittenCount <= MsgPackLz4.ChunkLength ? 1 : 0;
                    same += SameFrame(mpBytes, ourBytes) ? 1 : 0;
                }
            }

            // Lz4Block: every case. Lz4BlockArray: every value of one chunk on both sides (up to 32 KiB plain), at least.
            Assert.True(same >= expected, $"{same} of the {expected} values expected the same bytes");
        }

        /// <summary>Each chunk of an Lz4BlockArray: where it starts in the plain bytes, its length, and its LZ4 block.</summary>
        private static List<(int Start, int Length, byte[] Block)> Chunks(ReadOnlySpan<byte> bytes)
        {
            List<int> lengths = ChunkLengths(bytes);
            int chunks = MsgPackSpec.ReadArrayHeader(ref bytes) - 1;
            _ = MsgPackSpec.ReadExtension(ref bytes, out _);
            var result = new List<(int, int, byte[])>();
            int start = 0;
            for (int i = 0; i < chunks; i++)
            {
                result.Add((start, lengths[i], MsgPackSpec.ReadBinary(ref bytes).ToArray()));
                start += lengths[i];
            }

            return result;
        }

        private static List<int> ChunkLengths(ReadOnlySpan<byte> bytes)
        {
            int chunks = MsgPackSpec.ReadArrayHeader(ref bytes) - 1;
            ReadOnlySpan<byte> lengths = MsgPackSpec.ReadExtension(ref bytes, out ExtensionHeader header);
            Assert.Equal(98, header.TypeCode);
            var result = new List<int>();
            for (int i = 0; i < chunks; i++)
            {
                result.Add(MsgPackSpec.ReadInt32(ref lengths));
            }

            Assert.True(lengths.IsEmpty);
            return result;
        }

        private static byte[] Decompress(byte[] bytes)
        {
            var output = new ArrayBufferWriter<byte>();
            Assert.Equal(bytes.Length, MsgPackLz4.Decompress(bytes, output));
            return output.WrittenSpan.ToArray();
        }

        private static bool IsCompressed(byte[] bytes) =>
            MsgPackSpec.GetMsgPackType(bytes[0]) == MsgPackType.Extension
            || (MsgPackSpec.GetMsgPackType(bytes[0]) == MsgPackType.Array && MsgPackSpec.ReadArrayHeader(bytes, out int header) > 0
                && MsgPackSpec.GetMsgPackType(bytes[header]) == MsgPackType.Extension);

        /// <summary>The bytes in the segments of a SegmentedBufferWriter whose first segment holds about a third of them.</summary>
        private static ReadOnlySequence<byte> Segments(byte[] bytes)
        {
            var writer = new SegmentedBufferWriter(Math.Max(16, bytes.Length / 3));
            ReadOnlySpan<byte> rest = bytes;
            while (!rest.IsEmpty)
            {
                Span<byte> free = writer.GetSpan();
                int length = Math.Min(free.Length, rest.Length);
                rest.Slice(0, length).CopyTo(free);
                writer.Advance(length);
                rest = rest.Slice(length);
            }

            return writer.WrittenSequence;
        }
    }
}
