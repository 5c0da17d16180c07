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
    /// compared: every byte of the frame (the form, its headers, the uncompressed lengths; a value under the minimum
    /// whole) and what the blocks decode to. The LZ4 blocks themselves are not the same bytes: MessagePack-CSharp
    /// compresses with its own port of an older LZ4, which finds other matches than K4os.Compression.LZ4 (fewer: its
    /// output is longer); both are valid LZ4 of the same bytes, which each library decodes. Where LZ4 finds no match at
    /// all, the block is the literals as they are, and the whole value is byte for byte the same
    /// (<see cref="Incompressible_ByteForByte"/>). docs/compression.md ("Interoperability").
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
            for (int i = 0; i < Count; i++)
            {
                ArrayModel value = gen.ArrayModel();
                byte[] ourBytes = MsgPackLz4.Serialize(value, ours);
                compressed += IsCompressed(ourBytes) ? 1 : 0;
                Same.Model(value, MpReadCompressed<ArrayModel>(ourBytes, mp));      // (a)
                byte[] mpBytes = MP.MessagePackSerializer.Serialize(value, mp);
                Same.Model(value, OursRead<ArrayModel>(mpBytes, ours));              // (b)
                SameFrame(mpBytes, ourBytes);                                        // (c)
            }

            // Both sides of the minimum length were crossed: some values compressed, some left plain.
            Assert.InRange(compressed, Count / 4, Count - 1);
        }

        /// <summary>A map layout of nine members (declaration order, as the peers'): each way, and the same frame.</summary>
        [Theory]
        [MemberData(nameof(Formats))]
        public void SmallMapModel_EachWay_SameFrame(MsgPackLz4Format format)
        {
            MP.MessagePackSerializerOptions mp = MpOptions(format);
            MsgPackLz4Options ours = OurOptions(format);
            var gen = new Gen(430 + (int)format);
            for (int i = 0; i < Count; i++)
            {
                SmallMapModel value = gen.SmallMapModel();
                byte[] ourBytes = MsgPackLz4.Serialize(value, ours);
                Same.Model(value, MpReadCompressed<SmallMapModel>(ourBytes, mp));
                byte[] mpBytes = MP.MessagePackSerializer.Serialize(value, mp);
                Same.Model(value, OursRead<SmallMapModel>(mpBytes, ours));
                SameFrame(mpBytes, ourBytes);
            }
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
        /// Over a megabyte (dozens of chunks): each way, and what both decompress to. Lz4Block's frame is the same; Lz4BlockArray's
        /// chunks are cut where each library's buffers end (32 KiB for us, its segments less what its writer left unused at
        /// their ends), so there the plain bytes are compared, and the chunk counts.
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
                }
            }
        }

        /// <summary>
        /// Values LZ4 finds little to match in (random bytes as Base64, too short for most to repeat 4 characters): each
        /// library writes the block as the literals, and the whole value is byte for byte the same where the frame is,
        /// that is, always for Lz4Block, and for Lz4BlockArray where MessagePack-CSharp cut the value into the same chunks
        /// as we do (one: its writer starts a new segment where a string needs more room than its first one has left,
        /// so a long string makes it cut the value in two).
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
                SameFrame(mpBytes, ourBytes);
                if (format == MsgPackLz4Format.Lz4Block || ChunkLengths(mpBytes).SequenceEqual(ChunkLengths(ourBytes)))
                {
                    sameFrame++;
                    same += mpBytes.AsSpan().SequenceEqual(ourBytes) ? 1 : 0;
                }
            }

            // A chance repeat of 4 characters in a longer value gives the codecs a match to differ on: rare, not never.
            Assert.True(sameFrame >= Count / 3, $"{sameFrame} of {Count} values in the same chunks");
            Assert.True(same >= sameFrame * 9 / 10, $"{same} of {sameFrame} values in the same frame are the same bytes");
        }

        /// <summary>
        /// The two compressed values are the same but for their LZ4 blocks (and Lz4BlockArray's cuts): the same form; a plain
        /// value, the same bytes; the same uncompressed length (Lz4Block) or chunk lengths that add up to it (Lz4BlockArray);
        /// and the same bytes decompressed.
        /// </summary>
        private static void SameFrame(byte[] mp, byte[] ours)
        {
            Assert.Equal(Hex(Decompress(mp)), Hex(Decompress(ours)));
            Assert.Equal(IsCompressed(mp), IsCompressed(ours));
            if (!IsCompressed(mp))
            {
                Assert.Equal(Hex(mp), Hex(ours));
                return;
            }

            Assert.Equal(MsgPackSpec.GetMsgPackType(mp[0]), MsgPackSpec.GetMsgPackType(ours[0]));
            if (MsgPackSpec.GetMsgPackType(mp[0]) == MsgPackType.Extension)
            {
                ReadOnlySpan<byte> mpData = MsgPackSpec.ReadExtension(mp, out ExtensionHeader mpHeader, out _);
                ReadOnlySpan<byte> ourData = MsgPackSpec.ReadExtension(ours, out ExtensionHeader ourHeader, out _);
                Assert.Equal(99, mpHeader.TypeCode);
                Assert.Equal(99, ourHeader.TypeCode);
                Assert.Equal(Hex(mpData.Slice(0, 5).ToArray()), Hex(ourData.Slice(0, 5).ToArray())); // d2 and the length
                return;
            }

            // Lz4BlockArray: an array led by ext 98 on both sides, whose chunk lengths add up to the plain length. Where the
            // chunks are cut is each library's own (its buffers' segments): not compared.
            int plain = Decompress(ours).Length;
            Assert.Equal(plain, ChunkLengths(mp).Sum());
            Assert.Equal(plain, ChunkLengths(ours).Sum());
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
            || (MsgPackSpec.ReadArrayHeader(bytes, out int header) > 0 && MsgPackSpec.GetMsgPackType(bytes[header]) == MsgPackType.Extension);

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
