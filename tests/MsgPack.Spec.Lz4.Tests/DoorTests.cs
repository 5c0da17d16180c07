using System;
using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using System.Threading.Tasks;
using MsgPack.Spec.Serialization;
using Xunit;

namespace MsgPack.Spec.Lz4.Tests
{
    /// <summary>The value doors (the contract and the converter), and the Stream and Pipe doors.</summary>
    public class DoorTests
    {
        public static TheoryData<MsgPackLz4Format, int> Cases()
        {
            var data = new TheoryData<MsgPackLz4Format, int>();
            foreach (MsgPackLz4Format format in new[] { MsgPackLz4Format.Lz4Block, MsgPackLz4Format.Lz4BlockArray })
            {
                foreach (int length in new[] { 10, 1000, 100_000, 1_100_000 })
                {
                    data.Add(format, length);
                }
            }

            return data;
        }

        private static void SameCatalog(Catalog expected, Catalog actual) => Assert.Equal(Samples.Plain(expected), Samples.Plain(actual));

        [Theory]
        [MemberData(nameof(Cases))]
        public void The_value_doors_round_trip(MsgPackLz4Format format, int length)
        {
            var options = new MsgPackLz4Options { Format = format };
            Catalog catalog = Samples.Catalog(length, length);
            byte[] plain = Samples.Plain(catalog);

            byte[] bytes = MsgPackLz4.Serialize(catalog, options);
            var writer = new ArrayBufferWriter<byte>();
            MsgPackLz4.Serialize(writer, catalog, options);
            Assert.Equal(bytes, writer.WrittenSpan.ToArray());
            var converterWriter = new ArrayBufferWriter<byte>();
            MsgPackLz4.Serialize<Catalog, Catalog.MsgPackConverter>(converterWriter, catalog, options);
            Assert.Equal(bytes, converterWriter.WrittenSpan.ToArray());

            // The raw door writes the same bytes from the plain ones.
            var raw = new ArrayBufferWriter<byte>();
            MsgPackLz4.Compress(plain, raw, options);
            Assert.Equal(bytes, raw.WrittenSpan.ToArray());
            Assert.Equal(plain.Length < 64, bytes.AsSpan().SequenceEqual(plain));
            if (plain.Length > 10_000)
            {
                Assert.True(bytes.Length < plain.Length / 2, $"{bytes.Length} of {plain.Length}");
            }

            byte[] followed = [.. bytes, 0xc0];
            SameCatalog(catalog, MsgPackLz4.Deserialize<Catalog>(followed, options));
            SameCatalog(catalog, MsgPackLz4.Deserialize<Catalog>(followed, out int read, options));
            Assert.Equal(bytes.Length, read);
            SameCatalog(catalog, MsgPackLz4.Deserialize<Catalog>(Hex.Segments(followed, 5, followed.Length / 2), options));
            SameCatalog(catalog, MsgPackLz4.Deserialize<Catalog>(Hex.Segments(followed, 5, followed.Length / 2), out long readSequence, options));
            Assert.Equal(bytes.Length, readSequence);
            SameCatalog(catalog, MsgPackLz4.Deserialize<Catalog, Catalog.MsgPackConverter>(followed, out read, options));
            Assert.Equal(bytes.Length, read);
            SameCatalog(catalog, MsgPackLz4.Deserialize<Catalog, Catalog.MsgPackConverter>(new ReadOnlySequence<byte>(followed), out readSequence, options));
            Assert.Equal(bytes.Length, readSequence);

            // Either form reads whatever form the options write, and plain MessagePack too.
            SameCatalog(catalog, MsgPackLz4.Deserialize<Catalog>(plain));
            SameCatalog(catalog, MsgPackLz4.Deserialize<Catalog>(bytes, new MsgPackLz4Options { Format = (MsgPackLz4Format)(1 - (int)format) }));
        }

        [Theory]
        [MemberData(nameof(Cases))]
        public async Task The_stream_doors_round_trip_and_leave_the_stream_after_the_value(MsgPackLz4Format format, int length)
        {
            var options = new MsgPackLz4Options { Format = format };
            Catalog catalog = Samples.Catalog(length, length);
            var stream = new MemoryStream();
            await MsgPackLz4.WriteAsync(stream, catalog, options);
            await MsgPackLz4.WriteAsync(stream, catalog, options);
            stream.WriteByte(0xc3);
            Assert.Equal(MsgPackLz4.Serialize(catalog, options), stream.ToArray().AsSpan(0, (int)(stream.Length - 1) / 2).ToArray());

            stream.Position = 0;
            var streamOptions = new MsgPackStreamOptions { MaxValueLength = 8 << 20, BufferSize = 1000 };
            SameCatalog(catalog, await MsgPackLz4.ReadAsync<Catalog>(stream, options, streamOptions));
            SameCatalog(catalog, await MsgPackLz4.ReadAsync<Catalog>(new BufferedStream(stream, 7), options, streamOptions));
            Assert.Equal(0xc3, stream.ReadByte());
        }

        [Theory]
        [MemberData(nameof(Cases))]
        public async Task The_pipe_doors_round_trip_and_leave_what_follows_in_the_pipe(MsgPackLz4Format format, int length)
        {
            var options = new MsgPackLz4Options { Format = format };
            Catalog catalog = Samples.Catalog(length, length);
            var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0, resumeWriterThreshold: 0));
            await MsgPackLz4.WriteAsync(pipe.Writer, catalog, options);
            await pipe.Writer.WriteAsync(new byte[] { 0xc3 });
            await pipe.Writer.CompleteAsync();

            SameCatalog(catalog, await MsgPackLz4.ReadAsync<Catalog>(pipe.Reader, options, new MsgPackStreamOptions { MaxValueLength = 8 << 20 }));
            ReadResult rest = await pipe.Reader.ReadAsync();
            Assert.Equal(new byte[] { 0xc3 }, rest.Buffer.ToArray());
        }

        [Fact]
        public async Task The_async_doors_keep_the_limits()
        {
            Catalog catalog = Samples.Catalog(3, 200_000);
            byte[] bytes = MsgPackLz4.Serialize(catalog);
            await Assert.ThrowsAsync<MsgPackLz4LimitException>(async () =>
                await MsgPackLz4.ReadAsync<Catalog>(new MemoryStream(bytes), new MsgPackLz4Options { MaxDecompressedLength = 100_000 }));
            await Assert.ThrowsAsync<MsgPackStreamLimitException>(async () =>
                await MsgPackLz4.ReadAsync<Catalog>(new MemoryStream(bytes), null, new MsgPackStreamOptions { MaxValueLength = 1000 }));
            await Assert.ThrowsAsync<MsgPackTruncatedException>(async () =>
                await MsgPackLz4.ReadAsync<Catalog>(new MemoryStream(bytes, 0, bytes.Length - 1)));
            await Assert.ThrowsAsync<ArgumentNullException>(async () => await MsgPackLz4.WriteAsync((Stream)null!, catalog));
            await Assert.ThrowsAsync<ArgumentNullException>(async () => await MsgPackLz4.WriteAsync(new MemoryStream(), (Catalog)null!));
            await Assert.ThrowsAsync<ArgumentNullException>(async () => await MsgPackLz4.ReadAsync<Catalog>((PipeReader)null!));
        }
    }
}
