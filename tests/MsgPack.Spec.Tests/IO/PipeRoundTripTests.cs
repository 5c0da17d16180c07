using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Text;
using System.Threading.Tasks;
using Xunit;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.IO
{
    /// <summary>
    /// A round trip through System.IO.Pipelines: a writer task frames 5,000 random messages (ReserveLengthPrefix, the
    /// body, PatchLengthPrefix) into a pipe; the reader side takes whatever chunks arrive, finds whole messages with
    /// <see cref="MsgPackReader.TryReadFrame"/>, reads each body with <see cref="MsgPackReader"/>, compares it with
    /// what was written, and advances the pipe (consumed: after the last whole message; examined: all of it).
    /// </summary>
    public class PipeRoundTripTests
    {
        private const int MessageCount = 5000;
        private const int MaxMessageLength = 2000;
        private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(30);

        [Fact]
        public async Task MessagesCrossADefaultPipe()
        {
            var pipe = new Pipe(new PipeOptions(useSynchronizationContext: false));
            Stats stats = await RoundTrip(pipe, relay: null, seed: 1, flushEvery: 7);
            Assert.True(stats.Reads >= 1);
        }

        [Fact]
        public async Task MessagesCrossAPipeOfSmallSegmentsWithBackPressure()
        {
            // 16-byte segments: nearly every message straddles segments. The writer pauses at 4 KiB unread; it
            // resumes below 3 KiB, which is more than a partial message can hold, so it always does.
            var pipe = new Pipe(new PipeOptions(
                pauseWriterThreshold: 4096,
                resumeWriterThreshold: 3072,
                minimumSegmentSize: 16,
                useSynchronizationContext: false));
            Stats stats = await RoundTrip(pipe, relay: null, seed: 2, flushEvery: 3);
            Assert.True(stats.Reads >= stats.Bytes / (4096 + (3 * MaxMessageLength)), $"{stats.Reads} reads of {stats.Bytes} bytes");
            Assert.True(stats.MultiSegmentBodies > 1000, $"{stats.MultiSegmentBodies} bodies over several segments");
        }

        [Fact]
        public async Task MessagesCrossAPipeInRandomChunks()
        {
            // A relay between two pipes passes the bytes on in random chunks of 1 to 64 bytes, flushing each: the
            // reader sees messages cut anywhere, and must wait (NeedMoreData) for their ends.
            var relayed = new Pipe(new PipeOptions(
                pauseWriterThreshold: 4096,
                resumeWriterThreshold: 3072,
                minimumSegmentSize: 16,
                useSynchronizationContext: false));
            var pipe = new Pipe(new PipeOptions(useSynchronizationContext: false));
            Stats stats = await RoundTrip(pipe, relayed, seed: 3, flushEvery: 5);

            // The relay pauses once 4 KiB are unread, so no read sees more than 4 KiB and a chunk.
            Assert.True(stats.Reads >= stats.Bytes / (4096 + 64), $"{stats.Reads} reads of {stats.Bytes} bytes");
            Assert.True(stats.Waits > 0, "no read ended inside a message");
        }

        private static async Task<Stats> RoundTrip(Pipe pipe, Pipe? relay, int seed, int flushEvery)
        {
            List<object?> messages = Messages(seed);
            Task writing = Task.Run(() => WriteAll(pipe.Writer, messages, flushEvery));
            Task relaying = relay is null ? Task.CompletedTask : Task.Run(() => Relay(pipe.Reader, relay.Writer, seed));
            Task<Stats> reading = Task.Run(() => ReadAll(relay is null ? pipe.Reader : relay.Reader, messages));

            // A hang fails the test instead of hanging the run.
            await Task.WhenAll(writing, relaying, reading).WaitAsync(Timeout);
            Stats stats = await reading;
            Assert.Equal(MessageCount, stats.Messages);
            return stats;
        }

        private static async Task WriteAll(PipeWriter output, List<object?> messages, int flushEvery)
        {
            for (int i = 0; i < messages.Count; i++)
            {
                WriteFrame(output, messages[i]);
                if (i % flushEvery == flushEvery - 1)
                {
                    FlushResult result = await output.FlushAsync();
                    Assert.False(result.IsCompleted || result.IsCanceled);
                }
            }

            await output.FlushAsync();
            await output.CompleteAsync();
        }

        /// <summary>One frame: a length prefix, the body, the prefix patched with the body's length (before FlushAsync).</summary>
        private static void WriteFrame(IBufferWriter<byte> output, object? message)
        {
            var writer = new MsgPackWriter(output);
            MsgPackReservation length = writer.ReserveLengthPrefix();
            WriteNode(ref writer, message);
            writer.PatchLengthPrefix(length);
            writer.Flush();
        }

        private static async Task Relay(PipeReader input, PipeWriter output, int seed)
        {
            var random = new Random(seed * 31);
            while (true)
            {
                ReadResult result = await input.ReadAsync();
                ReadOnlySequence<byte> buffer = result.Buffer;
                while (!buffer.IsEmpty)
                {
                    int count = (int)Math.Min(buffer.Length, random.Next(1, 65));
                    buffer.Slice(0, count).CopyTo(output.GetSpan(count));
                    output.Advance(count);
                    buffer = buffer.Slice(count);
                    FlushResult flushed = await output.FlushAsync();
                    Assert.False(flushed.IsCompleted || flushed.IsCanceled);
                }

                input.AdvanceTo(result.Buffer.End);
                if (result.IsCompleted)
                {
                    break;
                }
            }

            await input.CompleteAsync();
            await output.CompleteAsync();
        }

        private static async Task<Stats> ReadAll(PipeReader input, List<object?> messages)
        {
            var stats = new Stats();
            while (true)
            {
                ReadResult result = await input.ReadAsync();
                stats.Reads++;
                SequencePosition consumed = ConsumeFrames(result.Buffer, messages, stats);
                ReadOnlySequence<byte> rest = result.Buffer.Slice(consumed);
                if (!rest.IsEmpty)
                {
                    stats.Waits++;
                }

                // Consumed: after the last whole message; examined: everything, so that ReadAsync waits for more.
                input.AdvanceTo(consumed, result.Buffer.End);
                if (result.IsCompleted)
                {
                    Assert.True(rest.IsEmpty, $"{rest.Length} bytes of an unfinished message at the end");
                    break;
                }
            }

            await input.CompleteAsync();
            return stats;
        }

        /// <summary>Reads every whole message at the start of <paramref name="buffer"/>; returns where the first unfinished one starts.</summary>
        private static SequencePosition ConsumeFrames(ReadOnlySequence<byte> buffer, List<object?> messages, Stats stats)
        {
            while (true)
            {
                OperationStatus status = MsgPackReader.TryReadFrame(buffer, 1 << 20, out ReadOnlySequence<byte> body, out SequencePosition end);
                if (status == OperationStatus.NeedMoreData)
                {
                    Assert.Equal(buffer.Start, end);
                    return buffer.Start;
                }

                Assert.Equal(OperationStatus.Done, status);
                if (!body.IsSingleSegment)
                {
                    stats.MultiSegmentBodies++;
                }

                var reader = new MsgPackReader(body);
                object? message = ReadNode(ref reader);
                Assert.True(reader.End);
                Assert.True(stats.Messages < messages.Count, "more messages than were written");
                AssertSame(messages[stats.Messages], message, $"message {stats.Messages}");
                stats.Messages++;
                stats.Bytes += buffer.Slice(0, end).Length;
                buffer = buffer.Slice(end);
            }
        }

        private static List<object?> Messages(int seed)
        {
            var random = new Random(seed);
            var messages = new List<object?>(MessageCount);
            using var measure = new PooledBufferWriter();
            while (messages.Count < MessageCount)
            {
                // A Tarantool-like body: a map of a few keys to nested values; kept under 2,000 bytes.
                var pairs = new KeyValuePair<object?, object?>[random.Next(1, 6)];
                for (int i = 0; i < pairs.Length; i++)
                {
                    pairs[i] = new KeyValuePair<object?, object?>((long)i, NextNode(random, 1));
                }

                measure.Reset();
                WriteFrame(measure, pairs);
                if (measure.WrittenCount <= MaxMessageLength)
                {
                    messages.Add(pairs);
                }
            }

            return messages;
        }

        private static object? NextNode(Random random, int depth)
        {
            switch (random.Next(depth >= 3 ? 7 : 9))
            {
                case 0:
                    return (long)random.Next(-40, 200);
                case 1:
                    {
                        long value = random.NextInt64() >> random.Next(64);
                        return random.Next(2) == 0 ? value : -value;
                    }

                case 2:
                case 3:
                    return NextText(random);
                case 4:
                    return null;
                case 5:
                    return random.Next(2) == 0;
                case 6:
                    return random.Next(3) == 0 ? StreamingDocument.Pattern(random.Next(0, 300), random.Next()) : random.NextDouble() * 1e6;
                case 7:
                    {
                        var items = new object?[random.Next(0, 7)];
                        for (int i = 0; i < items.Length; i++)
                        {
                            items[i] = NextNode(random, depth + 1);
                        }

                        return items;
                    }

                default:
                    {
                        var pairs = new KeyValuePair<object?, object?>[random.Next(0, 5)];
                        for (int i = 0; i < pairs.Length; i++)
                        {
                            object? key = random.Next(2) == 0 ? NextText(random) : (long)random.Next(0, 100);
                            pairs[i] = new KeyValuePair<object?, object?>(key, NextNode(random, depth + 1));
                        }

                        return pairs;
                    }
            }
        }

        private static string NextText(Random random)
        {
            const string Alphabet = "abcxyz \u00e9\u00f1\u20ac\u4e2d\U0001F600\U0001D11E";
            int length = random.Next(10) == 0 ? random.Next(50, 150) : random.Next(0, 20);
            var text = new StringBuilder(length * 2);
            for (int i = 0; i < length; i++)
            {
                int k = random.Next(Alphabet.Length);
                if (char.IsSurrogate(Alphabet[k]))
                {
                    k -= char.IsLowSurrogate(Alphabet[k]) ? 1 : 0;
                    text.Append(Alphabet, k, 2);
                }
                else
                {
                    text.Append(Alphabet[k]);
                }
            }

            return text.ToString();
        }

        private static void WriteNode(ref MsgPackWriter writer, object? node)
        {
            switch (node)
            {
                case null:
                    writer.WriteNil();
                    break;
                case bool b:
                    writer.WriteBoolean(b);
                    break;
                case long l:
                    writer.WriteInt64(l);
                    break;
                case double d:
                    writer.WriteDouble(d);
                    break;
                case string s:
                    writer.WriteString(s.AsSpan());
                    break;
                case byte[] bytes:
                    writer.WriteBinary(bytes);
                    break;
                case object?[] items:
                    writer.WriteArrayHeader(items.Length);
                    foreach (object? item in items)
                    {
                        WriteNode(ref writer, item);
                    }

                    break;
                case KeyValuePair<object?, object?>[] pairs:
                    writer.WriteMapHeader(pairs.Length);
                    foreach (KeyValuePair<object?, object?> pair in pairs)
                    {
                        WriteNode(ref writer, pair.Key);
                        WriteNode(ref writer, pair.Value);
                    }

                    break;
                default:
                    throw new InvalidOperationException(node.GetType().Name);
            }
        }

        private static object? ReadNode(ref MsgPackReader reader)
        {
            switch (reader.PeekMsgPackType())
            {
                case MsgPackType.Nil:
                    reader.ReadNil();
                    return null;
                case MsgPackType.Boolean:
                    return reader.ReadBoolean();
                case MsgPackType.Integer:
                    return reader.ReadInt64();
                case MsgPackType.Float:
                    return reader.ReadDouble();
                case MsgPackType.String:
                    return reader.ReadString();
                case MsgPackType.Binary:
                    return reader.ReadBinary().ToArray();
                case MsgPackType.Array:
                    {
                        var items = new object?[reader.ReadArrayHeader()];
                        for (int i = 0; i < items.Length; i++)
                        {
                            items[i] = ReadNode(ref reader);
                        }

                        return items;
                    }

                case MsgPackType.Map:
                    {
                        var pairs = new KeyValuePair<object?, object?>[reader.ReadMapHeader()];
                        for (int i = 0; i < pairs.Length; i++)
                        {
                            object? key = ReadNode(ref reader);
                            pairs[i] = new KeyValuePair<object?, object?>(key, ReadNode(ref reader));
                        }

                        return pairs;
                    }

                default:
                    throw new Xunit.Sdk.XunitException($"Unexpected {reader.PeekMsgPackType()} at {reader.Consumed}.");
            }
        }

        private static void AssertSame(object? expected, object? actual, string path)
        {
            switch (expected)
            {
                case object?[] items:
                    {
                        object?[] got = Assert.IsType<object?[]>(actual);
                        Assert.True(items.Length == got.Length, $"{path}: {got.Length} items, expected {items.Length}");
                        for (int i = 0; i < items.Length; i++)
                        {
                            AssertSame(items[i], got[i], $"{path}[{i}]");
                        }

                        break;
                    }

                case KeyValuePair<object?, object?>[] pairs:
                    {
                        var got = Assert.IsType<KeyValuePair<object?, object?>[]>(actual);
                        Assert.True(pairs.Length == got.Length, $"{path}: {got.Length} pairs, expected {pairs.Length}");
                        for (int i = 0; i < pairs.Length; i++)
                        {
                            AssertSame(pairs[i].Key, got[i].Key, $"{path}.key{i}");
                            AssertSame(pairs[i].Value, got[i].Value, $"{path}.value{i}");
                        }

                        break;
                    }

                case byte[] bytes:
                    StreamingAssert.Same(bytes, Assert.IsType<byte[]>(actual));
                    break;
                case double d:
                    Assert.True(BitConverter.DoubleToInt64Bits(d) == BitConverter.DoubleToInt64Bits(Assert.IsType<double>(actual)), path);
                    break;
                default:
                    Assert.True(Equals(expected, actual), $"{path}: {actual ?? "null"}, expected {expected ?? "null"}");
                    break;
            }
        }

        private sealed class Stats
        {
            public int Messages { get; set; }

            public int Reads { get; set; }

            public int Waits { get; set; }

            public int MultiSegmentBodies { get; set; }

            public long Bytes { get; set; }
        }
    }
}
