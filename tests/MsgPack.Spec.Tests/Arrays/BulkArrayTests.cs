using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Xunit;
using MsgPack.Spec.Tests.Contracts;
using MsgPack.Spec.Fuzzing;
using MsgPack.Spec.Tests.Reader;

namespace MsgPack.Spec.Tests.Arrays
{
    /// <summary>
    /// The bulk array writers and readers against the per-value ones, which are their specification: every bulk
    /// writer writes the bytes of an array header and a loop of per-value writes, and every bulk reader gives what a
    /// header read and a loop of per-value reads give (values, status, failing element, bytes needed), on every front
    /// door, for every element type, on distributions that take each vector path and each way out of it (one width,
    /// fixints, mixed widths and signs, boundaries, runs of widths, NaN and -0.0, bytes of a bool other than 0 and 1),
    /// lengths 0 to 67 and longer, cut inputs, other widths than the smallest, bad elements and split sequences.
    /// The same file runs against the netstandard2.0 build, where there is no vector path: there it checks the
    /// per-value core, here the vector paths against it.
    /// </summary>
    public unsafe class BulkArrayTests
    {
        private delegate void WriteOne<T>(ref Span<byte> destination, T value);

        private delegate OperationStatus TryReadOne<T>(ReadOnlySpan<byte> source, out T value, out int bytesRead);

        private delegate long EncodedLength<T>(ReadOnlySpan<T> values);

        private delegate int SpanWrite<T>(Span<byte> destination, ReadOnlySpan<T> values);

        private delegate bool SpanTryWrite<T>(Span<byte> destination, ReadOnlySpan<T> values, out int bytesWritten);

        private delegate int PointerWrite<T>(byte* destination, ReadOnlySpan<T> values);

        private delegate void AdvancingWrite<T>(ref Span<byte> destination, ReadOnlySpan<T> values);

        private delegate bool AdvancingTryWrite<T>(ref Span<byte> destination, ReadOnlySpan<T> values);

        private delegate void WriterWrite<T>(ref MsgPackWriter writer, ReadOnlySpan<T> values);

        private delegate int SpanRead<T>(ReadOnlySpan<byte> source, Span<T> destination, out int bytesRead);

        private delegate OperationStatus SpanTryRead<T>(ReadOnlySpan<byte> source, Span<T> destination, out int count, out int bytesRead);

        private delegate int PointerRead<T>(byte* source, int length, Span<T> destination, out int bytesRead);

        private delegate OperationStatus PointerTryRead<T>(byte* source, int length, Span<T> destination, out int count, out int bytesRead);

        private delegate int AdvancingRead<T>(ref ReadOnlySpan<byte> source, Span<T> destination);

        private delegate OperationStatus AdvancingTryRead<T>(ref ReadOnlySpan<byte> source, Span<T> destination, out int count);

        private delegate int ReaderRead<T>(ref MsgPackReader reader, Span<T> destination);

        private delegate OperationStatus ReaderTryRead<T>(ref MsgPackReader reader, Span<T> destination, out int count);

        private static readonly int[] Lengths = Enumerable.Range(0, 68).Concat(new[] { 100, 128, 255, 1000, 4099 }).ToArray();

        private static readonly Dictionary<string, IKit> Kits = new()
        {
            ["SByte"] = new Kit<sbyte>(
                "SByte",
                MsgPackSpec.WriteSByte, MsgPackSpec.TryReadSByte,
                MsgPackSpec.GetSByteArrayEncodedLength,
                MsgPackSpec.WriteSByteArray, MsgPackSpec.TryWriteSByteArray, MsgPackSpec.WriteSByteArray, MsgPackSpec.WriteSByteArray, MsgPackSpec.TryWriteSByteArray,
                (ref MsgPackWriter w, ReadOnlySpan<sbyte> v) => w.WriteSByteArray(v),
                MsgPackSpec.ReadSByteArray, MsgPackSpec.TryReadSByteArray, MsgPackSpec.ReadSByteArray, MsgPackSpec.TryReadSByteArray, MsgPackSpec.ReadSByteArray, MsgPackSpec.TryReadSByteArray,
                (ref MsgPackReader r, Span<sbyte> d) => r.ReadSByteArray(d),
                (ref MsgPackReader r, Span<sbyte> d, out int c) => r.TryReadSByteArray(d, out c)),
            ["Byte"] = new Kit<byte>(
                "Byte",
                MsgPackSpec.WriteByte, MsgPackSpec.TryReadByte,
                MsgPackSpec.GetByteArrayEncodedLength,
                MsgPackSpec.WriteByteArray, MsgPackSpec.TryWriteByteArray, MsgPackSpec.WriteByteArray, MsgPackSpec.WriteByteArray, MsgPackSpec.TryWriteByteArray,
                (ref MsgPackWriter w, ReadOnlySpan<byte> v) => w.WriteByteArray(v),
                MsgPackSpec.ReadByteArray, MsgPackSpec.TryReadByteArray, MsgPackSpec.ReadByteArray, MsgPackSpec.TryReadByteArray, MsgPackSpec.ReadByteArray, MsgPackSpec.TryReadByteArray,
                (ref MsgPackReader r, Span<byte> d) => r.ReadByteArray(d),
                (ref MsgPackReader r, Span<byte> d, out int c) => r.TryReadByteArray(d, out c)),
            ["Int16"] = new Kit<short>(
                "Int16",
                MsgPackSpec.WriteInt16, MsgPackSpec.TryReadInt16,
                MsgPackSpec.GetInt16ArrayEncodedLength,
                MsgPackSpec.WriteInt16Array, MsgPackSpec.TryWriteInt16Array, MsgPackSpec.WriteInt16Array, MsgPackSpec.WriteInt16Array, MsgPackSpec.TryWriteInt16Array,
                (ref MsgPackWriter w, ReadOnlySpan<short> v) => w.WriteInt16Array(v),
                MsgPackSpec.ReadInt16Array, MsgPackSpec.TryReadInt16Array, MsgPackSpec.ReadInt16Array, MsgPackSpec.TryReadInt16Array, MsgPackSpec.ReadInt16Array, MsgPackSpec.TryReadInt16Array,
                (ref MsgPackReader r, Span<short> d) => r.ReadInt16Array(d),
                (ref MsgPackReader r, Span<short> d, out int c) => r.TryReadInt16Array(d, out c)),
            ["UInt16"] = new Kit<ushort>(
                "UInt16",
                MsgPackSpec.WriteUInt16, MsgPackSpec.TryReadUInt16,
                MsgPackSpec.GetUInt16ArrayEncodedLength,
                MsgPackSpec.WriteUInt16Array, MsgPackSpec.TryWriteUInt16Array, MsgPackSpec.WriteUInt16Array, MsgPackSpec.WriteUInt16Array, MsgPackSpec.TryWriteUInt16Array,
                (ref MsgPackWriter w, ReadOnlySpan<ushort> v) => w.WriteUInt16Array(v),
                MsgPackSpec.ReadUInt16Array, MsgPackSpec.TryReadUInt16Array, MsgPackSpec.ReadUInt16Array, MsgPackSpec.TryReadUInt16Array, MsgPackSpec.ReadUInt16Array, MsgPackSpec.TryReadUInt16Array,
                (ref MsgPackReader r, Span<ushort> d) => r.ReadUInt16Array(d),
                (ref MsgPackReader r, Span<ushort> d, out int c) => r.TryReadUInt16Array(d, out c)),
            ["Int32"] = new Kit<int>(
                "Int32",
                MsgPackSpec.WriteInt32, MsgPackSpec.TryReadInt32,
                MsgPackSpec.GetInt32ArrayEncodedLength,
                MsgPackSpec.WriteInt32Array, MsgPackSpec.TryWriteInt32Array, MsgPackSpec.WriteInt32Array, MsgPackSpec.WriteInt32Array, MsgPackSpec.TryWriteInt32Array,
                (ref MsgPackWriter w, ReadOnlySpan<int> v) => w.WriteInt32Array(v),
                MsgPackSpec.ReadInt32Array, MsgPackSpec.TryReadInt32Array, MsgPackSpec.ReadInt32Array, MsgPackSpec.TryReadInt32Array, MsgPackSpec.ReadInt32Array, MsgPackSpec.TryReadInt32Array,
                (ref MsgPackReader r, Span<int> d) => r.ReadInt32Array(d),
                (ref MsgPackReader r, Span<int> d, out int c) => r.TryReadInt32Array(d, out c)),
            ["UInt32"] = new Kit<uint>(
                "UInt32",
                MsgPackSpec.WriteUInt32, MsgPackSpec.TryReadUInt32,
                MsgPackSpec.GetUInt32ArrayEncodedLength,
                MsgPackSpec.WriteUInt32Array, MsgPackSpec.TryWriteUInt32Array, MsgPackSpec.WriteUInt32Array, MsgPackSpec.WriteUInt32Array, MsgPackSpec.TryWriteUInt32Array,
                (ref MsgPackWriter w, ReadOnlySpan<uint> v) => w.WriteUInt32Array(v),
                MsgPackSpec.ReadUInt32Array, MsgPackSpec.TryReadUInt32Array, MsgPackSpec.ReadUInt32Array, MsgPackSpec.TryReadUInt32Array, MsgPackSpec.ReadUInt32Array, MsgPackSpec.TryReadUInt32Array,
                (ref MsgPackReader r, Span<uint> d) => r.ReadUInt32Array(d),
                (ref MsgPackReader r, Span<uint> d, out int c) => r.TryReadUInt32Array(d, out c)),
            ["Int64"] = new Kit<long>(
                "Int64",
                MsgPackSpec.WriteInt64, MsgPackSpec.TryReadInt64,
                MsgPackSpec.GetInt64ArrayEncodedLength,
                MsgPackSpec.WriteInt64Array, MsgPackSpec.TryWriteInt64Array, MsgPackSpec.WriteInt64Array, MsgPackSpec.WriteInt64Array, MsgPackSpec.TryWriteInt64Array,
                (ref MsgPackWriter w, ReadOnlySpan<long> v) => w.WriteInt64Array(v),
                MsgPackSpec.ReadInt64Array, MsgPackSpec.TryReadInt64Array, MsgPackSpec.ReadInt64Array, MsgPackSpec.TryReadInt64Array, MsgPackSpec.ReadInt64Array, MsgPackSpec.TryReadInt64Array,
                (ref MsgPackReader r, Span<long> d) => r.ReadInt64Array(d),
                (ref MsgPackReader r, Span<long> d, out int c) => r.TryReadInt64Array(d, out c)),
            ["UInt64"] = new Kit<ulong>(
                "UInt64",
                MsgPackSpec.WriteUInt64, MsgPackSpec.TryReadUInt64,
                MsgPackSpec.GetUInt64ArrayEncodedLength,
                MsgPackSpec.WriteUInt64Array, MsgPackSpec.TryWriteUInt64Array, MsgPackSpec.WriteUInt64Array, MsgPackSpec.WriteUInt64Array, MsgPackSpec.TryWriteUInt64Array,
                (ref MsgPackWriter w, ReadOnlySpan<ulong> v) => w.WriteUInt64Array(v),
                MsgPackSpec.ReadUInt64Array, MsgPackSpec.TryReadUInt64Array, MsgPackSpec.ReadUInt64Array, MsgPackSpec.TryReadUInt64Array, MsgPackSpec.ReadUInt64Array, MsgPackSpec.TryReadUInt64Array,
                (ref MsgPackReader r, Span<ulong> d) => r.ReadUInt64Array(d),
                (ref MsgPackReader r, Span<ulong> d, out int c) => r.TryReadUInt64Array(d, out c)),
            ["Single"] = new Kit<float>(
                "Single",
                MsgPackSpec.WriteSingle, MsgPackSpec.TryReadSingle,
                MsgPackSpec.GetSingleArrayEncodedLength,
                MsgPackSpec.WriteSingleArray, MsgPackSpec.TryWriteSingleArray, MsgPackSpec.WriteSingleArray, MsgPackSpec.WriteSingleArray, MsgPackSpec.TryWriteSingleArray,
                (ref MsgPackWriter w, ReadOnlySpan<float> v) => w.WriteSingleArray(v),
                MsgPackSpec.ReadSingleArray, MsgPackSpec.TryReadSingleArray, MsgPackSpec.ReadSingleArray, MsgPackSpec.TryReadSingleArray, MsgPackSpec.ReadSingleArray, MsgPackSpec.TryReadSingleArray,
                (ref MsgPackReader r, Span<float> d) => r.ReadSingleArray(d),
                (ref MsgPackReader r, Span<float> d, out int c) => r.TryReadSingleArray(d, out c)),
            ["Double"] = new Kit<double>(
                "Double",
                MsgPackSpec.WriteDouble, MsgPackSpec.TryReadDouble,
                MsgPackSpec.GetDoubleArrayEncodedLength,
                MsgPackSpec.WriteDoubleArray, MsgPackSpec.TryWriteDoubleArray, MsgPackSpec.WriteDoubleArray, MsgPackSpec.WriteDoubleArray, MsgPackSpec.TryWriteDoubleArray,
                (ref MsgPackWriter w, ReadOnlySpan<double> v) => w.WriteDoubleArray(v),
                MsgPackSpec.ReadDoubleArray, MsgPackSpec.TryReadDoubleArray, MsgPackSpec.ReadDoubleArray, MsgPackSpec.TryReadDoubleArray, MsgPackSpec.ReadDoubleArray, MsgPackSpec.TryReadDoubleArray,
                (ref MsgPackReader r, Span<double> d) => r.ReadDoubleArray(d),
                (ref MsgPackReader r, Span<double> d, out int c) => r.TryReadDoubleArray(d, out c)),
            ["Boolean"] = new Kit<bool>(
                "Boolean",
                MsgPackSpec.WriteBoolean, MsgPackSpec.TryReadBoolean,
                MsgPackSpec.GetBooleanArrayEncodedLength,
                MsgPackSpec.WriteBooleanArray, MsgPackSpec.TryWriteBooleanArray, MsgPackSpec.WriteBooleanArray, MsgPackSpec.WriteBooleanArray, MsgPackSpec.TryWriteBooleanArray,
                (ref MsgPackWriter w, ReadOnlySpan<bool> v) => w.WriteBooleanArray(v),
                MsgPackSpec.ReadBooleanArray, MsgPackSpec.TryReadBooleanArray, MsgPackSpec.ReadBooleanArray, MsgPackSpec.TryReadBooleanArray, MsgPackSpec.ReadBooleanArray, MsgPackSpec.TryReadBooleanArray,
                (ref MsgPackReader r, Span<bool> d) => r.ReadBooleanArray(d),
                (ref MsgPackReader r, Span<bool> d, out int c) => r.TryReadBooleanArray(d, out c)),

        };

        public static TheoryData<string> Types => new TheoryData<string>(Kits.Keys);

        [Theory]
        [MemberData(nameof(Types))]
        public void Every_writer_writes_the_bytes_of_a_loop_of_per_value_writes(string type) => Kits[type].CheckWriters();

        [Theory]
        [MemberData(nameof(Types))]
        public void Every_reader_reads_what_a_loop_of_per_value_reads_reads(string type) => Kits[type].CheckReaders();

        [Theory]
        [MemberData(nameof(Types))]
        public void Cut_and_damaged_input_fails_as_the_per_value_loop_fails(string type) => Kits[type].CheckBadInput();

        [Theory]
        [MemberData(nameof(Types))]
        public void A_destination_shorter_than_the_array_is_reported_and_nothing_is_consumed(string type) => Kits[type].CheckShortDestination();

        [Theory]
        [MemberData(nameof(Types))]
        public void Another_format_at_every_index_of_a_vector_step_reads_as_the_per_value_loop_reads_it(string type) => Kits[type].CheckIntruderAtEveryIndex();

        [Fact]
        public void Every_bulk_door_of_the_library_is_in_a_kit()
        {
            // 12 on MsgPackSpec per element type (length, 5 writers, 6 readers), 1 on MsgPackWriter, 2 on MsgPackReader;
            // the other contract tests leave every *Array method to this class.
            foreach ((Type type, int perElement) in new[] { (typeof(MsgPackSpec), 12), (typeof(MsgPackWriter), 1), (typeof(MsgPackReader), 2) })
            {
                var names = type.GetMethods(System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.Static | System.Reflection.BindingFlags.Instance)
                    .Select(m => System.Text.RegularExpressions.Regex.Match(m.Name, "^(?:Get|Write|TryWrite|Read|TryRead)(.+)Array(?:EncodedLength)?$"))
                    .Where(m => m.Success)
                    .Select(m => m.Groups[1].Value)
                    .ToList();
                foreach (string element in Kits.Keys)
                {
                    Assert.True(perElement == names.Count(n => n == element), $"{type.Name}, {element}");
                }

                Assert.Equal(perElement * Kits.Count, names.Count);
            }
        }

        [Fact]
        public void The_seed_goes_out_as_the_spec_example_and_comes_back()
        {
            int[] seed = Enumerable.Range(0, 100).Select(i => (1 << 30) - i).ToArray();
            var buffer = new byte[503];
            Assert.Equal(503, MsgPackSpec.WriteInt32Array(buffer, seed));
            Assert.Equal("dc 00 64 ce 40 00 00 00 ce 3f ff ff ff", Hex.Of(buffer.AsSpan(0, 13)));
            var back = new int[100];
            Assert.Equal(100, MsgPackSpec.ReadInt32Array(buffer, back, out int read));
            Assert.Equal(503, read);
            Assert.Equal(seed, back);
        }

        [Fact]
        public void A_bad_element_is_named_by_its_index()
        {
            // 5 elements, the fourth a uint 32 above int.MaxValue.
            byte[] input = Hex.ToBytes("95 01 02 03 ce 80 00 00 00 05");
            var values = new int[5];
            var overflow = Assert.Throws<MsgPackOverflowException>(() => MsgPackSpec.ReadInt32Array(input, values, out _));
            Assert.Contains("element 3 of the array", overflow.Message);
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadInt32Array(input, values, out int index, out int bytesRead));
            Assert.Equal(3, index);
            Assert.Equal(0, bytesRead);

            var reader = new MsgPackReader(Sequences.Split(input, 2, withEmpty: true));
            string message = "";
            try
            {
                reader.ReadInt32Array(values);
            }
            catch (MsgPackOverflowException e)
            {
                message = e.Message;
            }

            Assert.Contains("element 3 of the array", message);
            Assert.Equal(0, reader.Consumed);

            byte[] nil = Hex.ToBytes("92 01 c0");
            var unexpected = Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadInt32Array(nil, values, out _));
            Assert.Contains("element 1 of the array", unexpected.Message);
            Assert.Equal(DataCodes.Nil, unexpected.Code);
        }

        [Fact]
        public void A_header_that_is_not_an_array_is_reported_with_count_minus_one()
        {
            byte[] map = Hex.ToBytes("81 01 02");
            Assert.Equal(OperationStatus.InvalidData, MsgPackSpec.TryReadInt32Array(map, new int[4], out int count, out _));
            Assert.Equal(-1, count);
            Assert.Throws<MsgPackUnexpectedCodeException>(() => MsgPackSpec.ReadInt32Array(map, new int[4], out _));

            // A header cut short: NeedMoreData with nothing stored, count 0, as from MsgPackReader.
            Assert.Equal(OperationStatus.NeedMoreData, MsgPackSpec.TryReadInt32Array(Hex.ToBytes("dc 00"), new int[4], out count, out int needed));
            Assert.Equal(0, count);
            Assert.Equal(3, needed);
        }

        [Fact]
        public void Float64_arrays_are_written_the_same_at_every_offset_in_a_cache_line()
        {
            // Every offset in a cache line, and lengths around blocks of 64 elements, with exactly the room the array
            // needs (the bytes after it stay as they were) and through the pointer door: whatever the vector path's
            // stores, they land where the per-value writer's bytes do.
            var random = new Random(64);
            foreach (int count in new[] { 1023, 1024, 1025, 1088, 1100, 1151, 1152, 1153, 1536 + 63, 3000 })
            {
                double[] values = Enumerable.Range(0, count).Select(_ => BitConverter.Int64BitsToDouble(random.NextInt64(long.MinValue, long.MaxValue))).ToArray();
                int length = (int)MsgPackSpec.GetDoubleArrayEncodedLength(values);
                byte[] expected = new byte[length];
                Span<byte> rest = expected;
                MsgPackSpec.WriteArrayHeader(ref rest, count);
                foreach (double value in values)
                {
                    MsgPackSpec.WriteDouble(ref rest, value);
                }

                Assert.True(rest.IsEmpty);
                byte* block = (byte*)NativeMemory.AlignedAlloc((nuint)(length + 256), 64);
                try
                {
                    for (int offset = 0; offset < 64; offset++)
                    {
                        var buffer = new Span<byte>(block, length + 256);
                        buffer.Fill(0xee);
                        Assert.Equal(length, MsgPackSpec.WriteDoubleArray(buffer.Slice(offset, length), values));
                        Assert.True(buffer.Slice(offset, length).SequenceEqual(expected), $"{count} at offset {offset}: bytes differ");
                        Assert.True(buffer.Slice(0, offset).IndexOfAnyExcept((byte)0xee) < 0, $"{count} at offset {offset}: wrote before");
                        Assert.True(buffer.Slice(offset + length).IndexOfAnyExcept((byte)0xee) < 0, $"{count} at offset {offset}: wrote past");

                        buffer.Fill(0xee);
                        Assert.Equal(length, MsgPackSpec.WriteDoubleArray(block + offset, values));
                        Assert.True(buffer.Slice(offset, length).SequenceEqual(expected), $"{count} at offset {offset} (pointer): bytes differ");
                        Assert.True(buffer.Slice(offset + length).IndexOfAnyExcept((byte)0xee) < 0, $"{count} at offset {offset} (pointer): wrote past");
                    }
                }
                finally
                {
                    NativeMemory.AlignedFree(block);
                }
            }
        }

        [Fact]
        public void Float64_arrays_stop_inside_the_room_they_are_given_at_every_offset_in_a_cache_line()
        {
            // The vector paths count their steps from the elements and the room left before they loop (with AVX2, 6
            // elements in 54 bytes a step, each 32-byte store 5 bytes past its 3 elements; 2 in 18 bytes without).
            var random = new Random(54);
            foreach (int count in Enumerable.Range(0, 41).Concat(new[] { 61, 62, 63, 64, 65, 100, 1000 }))
            {
                double[] values = Enumerable.Range(0, count).Select(_ => BitConverter.Int64BitsToDouble(random.NextInt64(long.MinValue, long.MaxValue))).ToArray();
                CheckRoomAtEveryOffset(
                    values,
                    (ref Span<byte> rest, double value) => MsgPackSpec.WriteDouble(ref rest, value),
                    (Span<byte> destination, double[] array, out int written) => MsgPackSpec.TryWriteDoubleArray(destination, array, out written),
                    (destination, array) => MsgPackSpec.WriteDoubleArray(destination, array));
            }
        }

        [Fact]
        public void Float32_arrays_stop_inside_the_room_they_are_given_at_every_offset_in_a_cache_line()
        {
            // With AVX2, 12 elements in 60 bytes a step, each 32-byte store 2 bytes past its 6 elements, then one block
            // of 6 while 8 elements are left; 4 in 20 bytes without.
            var random = new Random(32);
            foreach (int count in Enumerable.Range(0, 41).Concat(new[] { 47, 48, 49, 59, 60, 61, 62, 63, 64, 65, 100, 1000 }))
            {
                float[] values = Enumerable.Range(0, count).Select(_ => BitConverter.Int32BitsToSingle(random.Next(int.MinValue, int.MaxValue))).ToArray();
                CheckRoomAtEveryOffset(
                    values,
                    (ref Span<byte> rest, float value) => MsgPackSpec.WriteSingle(ref rest, value),
                    (Span<byte> destination, float[] array, out int written) => MsgPackSpec.TryWriteSingleArray(destination, array, out written),
                    (destination, array) => MsgPackSpec.WriteSingleArray(destination, array));
            }
        }

        private delegate bool TryWriteAll<T>(Span<byte> destination, T[] values, out int written);

        private delegate int WriteAllAt<T>(byte* destination, T[] values);

        /// <summary>
        /// Every room from 70 bytes short of the array to exactly its length, at every offset in a cache line: short of
        /// room, nothing lands outside the span and TryWrite reports the length needed; with the exact room, the
        /// per-value loop's bytes, through the span and the pointer doors.
        /// </summary>
        private static void CheckRoomAtEveryOffset<T>(T[] values, WriteOne<T> writeOne, TryWriteAll<T> tryWrite, WriteAllAt<T> writeAt)
        {
            // The per-value loop's bytes (the header takes at most 5, a float at most 9).
            byte[] scratch = new byte[5 + (9 * values.Length)];
            Span<byte> rest = scratch;
            MsgPackSpec.WriteArrayHeader(ref rest, values.Length);
            foreach (T value in values)
            {
                writeOne(ref rest, value);
            }

            byte[] expected = scratch.AsSpan(0, scratch.Length - rest.Length).ToArray();
            int length = expected.Length;

            byte* block = (byte*)NativeMemory.AlignedAlloc((nuint)(length + 128), 64);
            try
            {
                var buffer = new Span<byte>(block, length + 128);
                for (int offset = 0; offset < 64; offset++)
                {
                    for (int room = Math.Max(0, length - 70); room <= length; room++)
                    {
                        string label = $"{values.Length} {typeof(T).Name} elements, {room} bytes of room at offset {offset}";
                        buffer.Fill(0xee);
                        bool done = tryWrite(buffer.Slice(offset, room), values, out int written);
                        Assert.True(done == (room == length), label + ": TryWrite's result");
                        Assert.True(written == length, label + ": TryWrite's count");
                        Assert.True(buffer.Slice(0, offset).IndexOfAnyExcept((byte)0xee) < 0, label + ": wrote before");
                        Assert.True(buffer.Slice(offset + room).IndexOfAnyExcept((byte)0xee) < 0, label + ": wrote past");
                        if (done)
                        {
                            Assert.True(buffer.Slice(offset, length).SequenceEqual(expected), label + ": bytes differ");
                        }
                    }

                    buffer.Fill(0xee);
                    Assert.Equal(length, writeAt(block + offset, values));
                    Assert.True(buffer.Slice(offset, length).SequenceEqual(expected), $"{values.Length} elements at offset {offset} (pointer): bytes differ");
                    Assert.True(buffer.Slice(offset + length).IndexOfAnyExcept((byte)0xee) < 0, $"{values.Length} elements at offset {offset} (pointer): wrote past");
                }
            }
            finally
            {
                NativeMemory.AlignedFree(block);
            }
        }

        [Fact]
        public void Bulk_doors_allocate_nothing()
        {
            int[] ints = Enumerable.Range(-500, 1000).Select(i => i * 7919).ToArray();
            double[] doubles = ints.Select(i => i / 3.0).ToArray();
            var buffer = new byte[16 * 1024];
            var intsBack = new int[ints.Length];
            var doublesBack = new double[doubles.Length];
            var output = new PooledBufferWriter();
            int length = MsgPackSpec.WriteInt32Array(buffer, ints);
            ReadOnlySequence<byte> split = Sequences.Split(buffer.AsSpan(0, length).ToArray(), 100, withEmpty: false);

            void Run()
            {
                int n = MsgPackSpec.WriteInt32Array(buffer, ints);
                MsgPackSpec.ReadInt32Array(buffer, intsBack, out _);
                MsgPackSpec.TryReadInt32Array(buffer.AsSpan(0, n - 1), intsBack, out _, out _);
                Span<byte> rest = buffer;
                MsgPackSpec.WriteDoubleArray(ref rest, doubles);
                ReadOnlySpan<byte> input = buffer;
                MsgPackSpec.ReadDoubleArray(ref input, doublesBack);
                fixed (byte* p = buffer)
                {
                    MsgPackSpec.WriteInt64Array(p, new ReadOnlySpan<long>(Unsafe.AsPointer(ref MemoryMarshal.GetArrayDataReference(doublesBack)), 10));
                }

                output.Reset();
                var writer = new MsgPackWriter(output);
                writer.WriteInt32Array(ints);
                writer.WriteDoubleArray(doubles);
                writer.Flush();
                var reader = new MsgPackReader(split);
                reader.ReadInt32Array(intsBack);
                reader = new MsgPackReader(split);
                reader.TryReadInt32Array(intsBack.AsSpan(0, 10), out _);
            }

            Run();
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 20; i++)
            {
                Run();
            }

            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        private interface IKit
        {
            void CheckWriters();

            void CheckReaders();

            void CheckBadInput();

            void CheckShortDestination();

            void CheckIntruderAtEveryIndex();
        }

        private sealed class Kit<T> : IKit
            where T : unmanaged
        {
            private readonly string _name;
            private readonly WriteOne<T> _writeOne;
            private readonly TryReadOne<T> _readOne;
            private readonly EncodedLength<T> _length;
            private readonly SpanWrite<T> _write;
            private readonly SpanTryWrite<T> _tryWrite;
            private readonly PointerWrite<T> _pointerWrite;
            private readonly AdvancingWrite<T> _advancingWrite;
            private readonly AdvancingTryWrite<T> _advancingTryWrite;
            private readonly WriterWrite<T> _writerWrite;
            private readonly SpanRead<T> _read;
            private readonly SpanTryRead<T> _tryRead;
            private readonly PointerRead<T> _pointerRead;
            private readonly PointerTryRead<T> _pointerTryRead;
            private readonly AdvancingRead<T> _advancingRead;
            private readonly AdvancingTryRead<T> _advancingTryRead;
            private readonly ReaderRead<T> _readerRead;
            private readonly ReaderTryRead<T> _readerTryRead;

            public Kit(
                string name,
                WriteOne<T> writeOne,
                TryReadOne<T> readOne,
                EncodedLength<T> length,
                SpanWrite<T> write,
                SpanTryWrite<T> tryWrite,
                PointerWrite<T> pointerWrite,
                AdvancingWrite<T> advancingWrite,
                AdvancingTryWrite<T> advancingTryWrite,
                WriterWrite<T> writerWrite,
                SpanRead<T> read,
                SpanTryRead<T> tryRead,
                PointerRead<T> pointerRead,
                PointerTryRead<T> pointerTryRead,
                AdvancingRead<T> advancingRead,
                AdvancingTryRead<T> advancingTryRead,
                ReaderRead<T> readerRead,
                ReaderTryRead<T> readerTryRead)
            {
                _name = name;
                _writeOne = writeOne;
                _readOne = readOne;
                _length = length;
                _write = write;
                _tryWrite = tryWrite;
                _pointerWrite = pointerWrite;
                _advancingWrite = advancingWrite;
                _advancingTryWrite = advancingTryWrite;
                _writerWrite = writerWrite;
                _read = read;
                _tryRead = tryRead;
                _pointerRead = pointerRead;
                _pointerTryRead = pointerTryRead;
                _advancingRead = advancingRead;
                _advancingTryRead = advancingTryRead;
                _readerRead = readerRead;
                _readerTryRead = readerTryRead;
            }

            public void CheckWriters()
            {
                foreach ((string distribution, T[] values) in Cases())
                {
                    string label = $"{_name}, {distribution}, {values.Length} elements";
                    byte[] expected = PerValue(values);
                    Assert.True(expected.Length == _length(values), label + ": Get*ArrayEncodedLength");

                    var buffer = new byte[expected.Length + 32];
                    buffer.AsSpan().Fill(0xA5);
                    Assert.True(expected.Length == _write(buffer, values), label + ": span writer's count");
                    Assert.True(expected.AsSpan().SequenceEqual(buffer.AsSpan(0, expected.Length)), label + ": span writer's bytes");
                    Assert.True(buffer.AsSpan(expected.Length).IndexOfAnyExcept((byte)0xA5) < 0, label + ": the span writer wrote past the array");
                    Assert.True(expected.Length == _write(buffer.AsSpan(0, expected.Length), values), label + ": exact room");

                    Assert.True(_tryWrite(buffer.AsSpan(0, expected.Length), values, out int written) && written == expected.Length, label + ": TryWrite, exact room");
                    foreach (int shortBy in new[] { 1, 2, 5, 17 }.Where(s => s <= expected.Length))
                    {
                        Assert.False(_tryWrite(buffer.AsSpan(0, expected.Length - shortBy), values, out written), label + ": TryWrite, too little room");
                        Assert.True(expected.Length == written, label + ": TryWrite reports the length needed");
                        Assert.Throws<ArgumentException>(() => _write(new byte[expected.Length - shortBy], values));
                    }

                    // The pointer writer writes the array and not one byte after it.
                    buffer.AsSpan().Fill(0xA5);
                    fixed (byte* p = buffer)
                    {
                        Assert.True(expected.Length == _pointerWrite(p, values), label + ": pointer writer's count");
                    }

                    Assert.True(expected.AsSpan().SequenceEqual(buffer.AsSpan(0, expected.Length)), label + ": pointer writer's bytes");
                    Assert.True(buffer.AsSpan(expected.Length).IndexOfAnyExcept((byte)0xA5) < 0, label + ": the pointer writer wrote past the array");

                    Span<byte> rest = buffer;
                    _advancingWrite(ref rest, values);
                    Assert.True(buffer.Length - rest.Length == expected.Length, label + ": advancing writer's move");
                    Assert.True(expected.AsSpan().SequenceEqual(buffer.AsSpan(0, expected.Length)), label + ": advancing writer's bytes");
                    rest = buffer.AsSpan(0, expected.Length);
                    Assert.True(_advancingTryWrite(ref rest, values) && rest.IsEmpty, label + ": advancing TryWrite");
                    if (expected.Length > 0)
                    {
                        rest = buffer.AsSpan(0, expected.Length - 1);
                        Assert.False(_advancingTryWrite(ref rest, values), label + ": advancing TryWrite, too little room");
                        Assert.True(rest.Length == expected.Length - 1, label + ": advancing TryWrite moved on failure");
                    }

                    // The streaming writer after a value, so that the array starts anywhere in a span, over spans of
                    // exactly what it asks for, of random sizes, and a growing array.
                    foreach (int seed in new[] { -1, 1, 2 })
                    {
                        var output = new TestBufferWriter(1 << 10, seed < 0 ? null : seed);
                        var writer = new MsgPackWriter(output);
                        writer.WriteInt32(300);
                        _writerWrite(ref writer, values);
                        writer.WriteNil();
                        writer.Flush();
                        Assert.True(output.WrittenSpan.Slice(3, expected.Length).SequenceEqual(expected), $"{label}: MsgPackWriter, seed {seed}");
                        Assert.True(output.WrittenSpan.Length == expected.Length + 4, $"{label}: MsgPackWriter's length, seed {seed}");
                    }

                    var pooled = new PooledBufferWriter(1);
                    var grower = new MsgPackWriter(pooled);
                    _writerWrite(ref grower, values);
                    grower.Flush();
                    Assert.True(pooled.WrittenSpan.SequenceEqual(expected), label + ": MsgPackWriter over PooledBufferWriter");
                }
            }

            public void CheckReaders()
            {
                var random = new Random(7);
                foreach ((string distribution, T[] values) in Cases())
                {
                    byte[] smallest = PerValue(values);
                    CheckReadersOn(smallest, $"{_name}, {distribution}, {values.Length} elements, smallest forms");
                    CheckReadersOn(OtherWidths(values, smallest, random), $"{_name}, {distribution}, {values.Length} elements, other widths");
                }
            }

            public void CheckBadInput()
            {
                var random = new Random(11);
                foreach ((string distribution, T[] values) in Cases())
                {
                    if (values.Length > 40 && values.Length != 100)
                    {
                        continue;
                    }

                    string label = $"{_name}, {distribution}, {values.Length} elements";
                    byte[] input = PerValue(values);

                    // Cut at every length: NeedMoreData with the per-value loop's count, and nothing consumed.
                    for (int cut = 0; cut < input.Length; cut++)
                    {
                        CheckAgainstLoop(input.AsSpan(0, cut).ToArray(), values.Length, $"{label}, cut at {cut}");
                    }

                    // A nil, a 0xc1, an integer, a float 64, a str and random bytes in place of elements.
                    byte[][] intruders = { Hex.ToBytes("c0"), Hex.ToBytes("c1"), Hex.ToBytes("cf ff ff ff ff ff ff ff ff"), Hex.ToBytes("d3 80 00 00 00 00 00 00 00"), Hex.ToBytes("ce 80 00 00 00"), Hex.ToBytes("d2 80 00 00 00"), Hex.ToBytes("cd 80 00"), Hex.ToBytes("e0"), Hex.ToBytes("cb 7f f8 00 00 00 00 00 01"), Hex.ToBytes("ca 80 00 00 00"), Hex.ToBytes("a1 61"), Hex.ToBytes("c3") };
                    for (int trial = 0; trial < Math.Min(values.Length, 12); trial++)
                    {
                        int at = random.Next(values.Length);
                        byte[] intruder = intruders[random.Next(intruders.Length)];
                        CheckAgainstLoop(Replace(values, at, intruder), values.Length, $"{label}, element {at} replaced by {Hex.Of(intruder)}");
                        byte[] damaged = (byte[])input.Clone();
                        damaged[random.Next(damaged.Length)] = (byte)random.Next(256);
                        CheckAgainstLoop(damaged, values.Length, $"{label}, one byte damaged");
                    }
                }
            }

            /// <summary>
            /// Another format in place of each element of a 40-element array in turn (every lane of every vector step:
            /// the widest step is 16 elements): the bulk readers give what the per-value loop gives, failures included.
            /// </summary>
            public void CheckIntruderAtEveryIndex()
            {
                T[] values = Cases().First(c => c.Values.Length >= 40).Values.Take(40).ToArray();
                byte[][] intruders = { Hex.ToBytes("c0"), Hex.ToBytes("cb 3f f0 00 00 00 00 00 00"), Hex.ToBytes("d2 00 00 00 07"), Hex.ToBytes("ca 3f 80 00 00"), Hex.ToBytes("cc 05"), Hex.ToBytes("a1 61") };
                for (int at = 0; at < values.Length; at++)
                {
                    foreach (byte[] intruder in intruders)
                    {
                        CheckAgainstLoop(Replace(values, at, intruder), values.Length, $"{_name}, element {at} of 40 replaced by {Hex.Of(intruder)}");
                    }
                }
            }

            public void CheckShortDestination()
            {
                foreach ((string distribution, T[] values) in Cases())
                {
                    if (values.Length == 0)
                    {
                        continue;
                    }

                    string label = $"{_name}, {distribution}, {values.Length} elements";
                    byte[] input = PerValue(values);
                    var destination = new T[values.Length - 1];
                    Assert.True(_tryRead(input, destination, out int count, out int read) == OperationStatus.DestinationTooSmall, label);
                    Assert.True(count == values.Length && read == 0, label + ": counts");
                    Assert.Throws<ArgumentException>(() => _read(input, destination, out _));
                    var reader = new MsgPackReader(Sequences.Split(input, 3, withEmpty: false));
                    Assert.True(_readerTryRead(ref reader, destination, out count) == OperationStatus.DestinationTooSmall && count == values.Length, label + ": reader");
                    Assert.True(reader.Consumed == 0, label + ": reader consumed");
                    try
                    {
                        _readerRead(ref reader, destination);
                        Assert.Fail(label + ": the reader did not throw");
                    }
                    catch (ArgumentException)
                    {
                    }

                    Assert.True(reader.Consumed == 0, label + ": reader consumed after throwing");
                }
            }

            /// <summary>The oracle: header, then per-value reads; the status, count and bytes every bulk reader must give.</summary>
            private (OperationStatus Status, int Count, int BytesRead, T[] Values) Loop(ReadOnlySpan<byte> input, int capacity)
            {
                OperationStatus status = MsgPackSpec.TryReadArrayHeader(input, out int count, out int offset);
                if (status != OperationStatus.Done)
                {
                    return (status, -1, status == OperationStatus.NeedMoreData ? offset : 0, Array.Empty<T>());
                }

                if (count > capacity)
                {
                    return (OperationStatus.DestinationTooSmall, count, 0, Array.Empty<T>());
                }

                var values = new T[count];
                for (int i = 0; i < count; i++)
                {
                    status = _readOne(input.Slice(offset), out values[i], out int read);
                    if (status != OperationStatus.Done)
                    {
                        return status == OperationStatus.NeedMoreData
                            ? (status, i, offset + read + (count - i - 1), values.AsSpan(0, i).ToArray())
                            : (status, i, 0, values.AsSpan(0, i).ToArray());
                    }

                    offset += read;
                }

                return (OperationStatus.Done, count, offset, values);
            }

            private void CheckAgainstLoop(byte[] input, int capacity, string label)
            {
                var expected = Loop(input, capacity);
                var destination = new T[capacity];
                OperationStatus status = _tryRead(input, destination, out int count, out int read);
                Assert.True(expected.Status == status, $"{label}: status {status}, the loop says {expected.Status}");
                Assert.True(expected.Count == count || (status == OperationStatus.NeedMoreData), $"{label}: count {count}, the loop says {expected.Count}");
                Assert.True(expected.BytesRead == read, $"{label}: bytesRead {read}, the loop says {expected.BytesRead}");
                Assert.True(Bits(expected.Values).SequenceEqual(Bits(destination.AsSpan(0, expected.Values.Length))), label + ": the values before the failure");
                if (status == OperationStatus.NeedMoreData)
                {
                    Assert.True(MsgPackSpec.TrySkip(input, out int skipNeeds) == OperationStatus.NeedMoreData && skipNeeds == read, $"{label}: bytesRead {read}, TrySkip needs {skipNeeds}");
                }

                fixed (byte* p = input)
                {
                    Assert.True(_pointerTryRead(p, input.Length, destination, out int pointerCount, out int pointerRead) == status && pointerCount == count && pointerRead == read, label + ": pointer TryRead");
                }

                ReadOnlySpan<byte> rest = input;
                Assert.True(_advancingTryRead(ref rest, destination, out int advancingCount) == status && advancingCount == count, label + ": advancing TryRead");
                Assert.True(rest.Length == (status == OperationStatus.Done ? input.Length - read : input.Length), label + ": advancing TryRead's move");

                if (status != OperationStatus.Done)
                {
                    Exception thrown = Record(() => _read(input, destination, out _));
                    Assert.True(thrown is MsgPackException || (status == OperationStatus.DestinationTooSmall && thrown is ArgumentException), $"{label}: {thrown.GetType().Name}");
                    if (status == OperationStatus.NeedMoreData)
                    {
                        Assert.IsType<MsgPackTruncatedException>(thrown);
                    }
                }

                foreach (int size in new[] { 1, 4, 7 })
                {
                    var reader = new MsgPackReader(Sequences.Split(input, size, withEmpty: size == 4));
                    OperationStatus fromReader = _readerTryRead(ref reader, destination, out int readerCount);
                    Assert.True(fromReader == status, $"{label}, segments of {size}: reader says {fromReader}");
                    Assert.True(reader.Consumed == (status == OperationStatus.Done ? read : 0), $"{label}, segments of {size}: reader consumed {reader.Consumed}");
                    if (status == OperationStatus.InvalidData || status == OperationStatus.Done)
                    {
                        Assert.True(readerCount == count, $"{label}, segments of {size}: reader count {readerCount}");
                    }

                    if (status != OperationStatus.Done)
                    {
                        var again = new MsgPackReader(Sequences.Split(input, size, withEmpty: false));
                        bool threw = false;
                        try
                        {
                            _readerRead(ref again, destination);
                        }
                        catch (MsgPackException e)
                        {
                            threw = status != OperationStatus.NeedMoreData || e is MsgPackTruncatedException;
                        }
                        catch (ArgumentException)
                        {
                            threw = status == OperationStatus.DestinationTooSmall;
                        }

                        Assert.True(threw && again.Consumed == 0, $"{label}, segments of {size}: reader's throwing read");
                    }
                }
            }

            private void CheckReadersOn(byte[] input, string label)
            {
                var expected = Loop(input, int.MaxValue);
                Assert.True(expected.Status == OperationStatus.Done, label + ": the loop failed");
                byte[] want = Bits(expected.Values).ToArray();
                int n = expected.Values.Length;
                var destination = new T[n + 3];

                Assert.True(n == _read(input, destination, out int read) && read == input.Length, label + ": span reader");
                Assert.True(want.AsSpan().SequenceEqual(Bits(destination.AsSpan(0, n))), label + ": span reader's values");
                Array.Clear(destination);
                Assert.True(_tryRead(input, destination, out int count, out read) == OperationStatus.Done && count == n && read == input.Length, label + ": span TryRead");
                Assert.True(want.AsSpan().SequenceEqual(Bits(destination.AsSpan(0, n))), label + ": span TryRead's values");

                // Exactly long enough, and followed by other bytes that must not be read.
                var followed = input.Concat(new byte[] { 0xc1, 0xc1 }).ToArray();
                Assert.True(n == _read(followed, destination.AsSpan(0, n), out read) && read == input.Length, label + ": followed");

                Array.Clear(destination);
                fixed (byte* p = input)
                {
                    Assert.True(n == _pointerRead(p, input.Length, destination, out read) && read == input.Length, label + ": pointer reader");
                    Assert.True(_pointerTryRead(p, input.Length, destination, out count, out read) == OperationStatus.Done && count == n, label + ": pointer TryRead");
                }

                Assert.True(want.AsSpan().SequenceEqual(Bits(destination.AsSpan(0, n))), label + ": pointer reader's values");
                ReadOnlySpan<byte> rest = followed;
                Assert.True(n == _advancingRead(ref rest, destination) && rest.Length == 2, label + ": advancing reader");
                rest = followed;
                Assert.True(_advancingTryRead(ref rest, destination, out count) == OperationStatus.Done && count == n && rest.Length == 2, label + ": advancing TryRead");

                var reader = new MsgPackReader(followed);
                Assert.True(n == _readerRead(ref reader, destination) && reader.Consumed == input.Length, label + ": MsgPackReader over a span");
                foreach (int size in n > 300 ? new[] { 7, 1000 } : new[] { 1, 2, 5, 16, 33 })
                {
                    Array.Clear(destination);
                    reader = new MsgPackReader(Sequences.Split(followed, size, withEmpty: size == 5));
                    Assert.True(n == _readerRead(ref reader, destination) && reader.Consumed == input.Length, $"{label}: MsgPackReader, segments of {size}");
                    Assert.True(want.AsSpan().SequenceEqual(Bits(destination.AsSpan(0, n))), $"{label}: MsgPackReader's values, segments of {size}");
                    reader = new MsgPackReader(Sequences.Split(followed, size, withEmpty: false));
                    Assert.True(_readerTryRead(ref reader, destination, out count) == OperationStatus.Done && count == n && reader.Consumed == input.Length, $"{label}: MsgPackReader TryRead, segments of {size}");
                }
            }

            private static ReadOnlySpan<byte> Bits(ReadOnlySpan<T> values) => MemoryMarshal.AsBytes(values);

            private static Exception Record(Action action)
            {
                try
                {
                    action();
                }
                catch (Exception e)
                {
                    return e;
                }

                throw new InvalidOperationException("No exception was thrown.");
            }

            /// <summary>The array header and a per-value write of each element.</summary>
            private byte[] PerValue(T[] values)
            {
                var buffer = new byte[5 + (values.Length * 9)];
                Span<byte> rest = buffer;
                MsgPackSpec.WriteArrayHeader(ref rest, values.Length);
                foreach (T value in values)
                {
                    _writeOne(ref rest, value);
                }

                return buffer.AsSpan(0, buffer.Length - rest.Length).ToArray();
            }

            /// <summary>The array with element <paramref name="at"/> replaced by other bytes.</summary>
            private byte[] Replace(T[] values, int at, byte[] intruder)
            {
                var bytes = new List<byte>(PerValue(values.Take(at).ToArray()));
                bytes.RemoveRange(0, MsgPackSpec.GetArrayHeaderEncodedLength(at));
                var header = new byte[5];
                int headerLength = MsgPackSpec.WriteArrayHeader(header, values.Length);
                byte[] after = PerValue(values.Skip(at + 1).ToArray());
                return header.Take(headerLength).Concat(bytes).Concat(intruder)
                    .Concat(after.Skip(MsgPackSpec.GetArrayHeaderEncodedLength(values.Length - at - 1))).ToArray();
            }

            /// <summary>The same values in formats wider than the smallest, where the type has any: what other writers send.</summary>
            private byte[] OtherWidths(T[] values, byte[] smallest, Random random)
            {
                var output = new List<byte>();
                var header = new byte[5];
                int headerLength = random.Next(2) == 0 ? MsgPackSpec.WriteArrayHeader(header, values.Length) : MsgPackSpec.WriteArray32Header(header, (uint)values.Length);
                output.AddRange(header.Take(headerLength));
                var one = new byte[9];
                foreach (T value in values)
                {
                    output.AddRange(Widen(value, one, random));
                }

                return output.ToArray();
            }

            private static byte[] Widen(T value, byte[] scratch, Random random)
            {
                var forms = new List<byte[]>();
                void Add(int length) => forms.Add(scratch.AsSpan(0, length).ToArray());
                Int128? integer = value switch
                {
                    sbyte v => v,
                    byte v => v,
                    short v => v,
                    ushort v => v,
                    int v => v,
                    uint v => v,
                    long v => v,
                    ulong v => v,
                    _ => null,
                };
                if (integer is Int128 x)
                {
                    if (x >= 0 && x <= byte.MaxValue) { Add(MsgPackSpec.WriteUInt8Exact(scratch, (byte)x)); }
                    if (x >= 0 && x <= ushort.MaxValue) { Add(MsgPackSpec.WriteUInt16Exact(scratch, (ushort)x)); }
                    if (x >= 0 && x <= uint.MaxValue) { Add(MsgPackSpec.WriteUInt32Exact(scratch, (uint)x)); }
                    if (x >= 0) { Add(MsgPackSpec.WriteUInt64Exact(scratch, (ulong)x)); }
                    if (x >= sbyte.MinValue && x <= sbyte.MaxValue) { Add(MsgPackSpec.WriteInt8Exact(scratch, (sbyte)x)); }
                    if (x >= short.MinValue && x <= short.MaxValue) { Add(MsgPackSpec.WriteInt16Exact(scratch, (short)x)); }
                    if (x >= int.MinValue && x <= int.MaxValue) { Add(MsgPackSpec.WriteInt32Exact(scratch, (int)x)); }
                    if (x <= long.MaxValue) { Add(MsgPackSpec.WriteInt64Exact(scratch, (long)x)); }
                    if (x >= -32 && x <= 127) { Add(MsgPackSpec.WriteInt64(scratch, (long)x)); }
                }
                else if (value is double d && (double)(float)d is var f && (f.Equals(d) || double.IsNaN(d)))
                {
                    Add(MsgPackSpec.WriteSingle(scratch, (float)d));
                    Add(MsgPackSpec.WriteDouble(scratch, d));
                }
                else if (value is double other)
                {
                    Add(MsgPackSpec.WriteDouble(scratch, other));
                }
                else if (value is float single)
                {
                    Add(MsgPackSpec.WriteSingle(scratch, single));
                }
                else if (value is bool b)
                {
                    Add(MsgPackSpec.WriteBoolean(scratch, b));
                }

                // Mostly one form, so that runs of it reach the vector paths.
                return forms[random.Next(4) == 0 ? random.Next(forms.Count) : forms.Count - 1];
            }

            /// <summary>Every distribution at every length.</summary>
            private static IEnumerable<(string Distribution, T[] Values)> Cases()
            {
                foreach ((string name, Func<Random, int, T[]> make) in Distributions())
                {
                    var random = new Random(name.GetHashCode(StringComparison.Ordinal) ^ 12345);
                    foreach (int length in Lengths)
                    {
                        yield return (name, make(random, length));
                    }
                }
            }

            private static IEnumerable<(string, Func<Random, int, T[]>)> Distributions()
            {
                if (typeof(T) == typeof(float))
                {
                    return FloatDistributions().Select(d => (d.Item1, (Func<Random, int, T[]>)((r, n) => d.Item2(r, n).Select(v => (T)(object)(float)v).ToArray())));
                }

                if (typeof(T) == typeof(double))
                {
                    return FloatDistributions().Select(d => (d.Item1, (Func<Random, int, T[]>)((r, n) => d.Item2(r, n).Select(v => (T)(object)v).ToArray())))
                        .Append(("random bits", (r, n) => Enumerable.Range(0, n).Select(_ => (T)(object)BitConverter.Int64BitsToDouble(r.NextInt64(long.MinValue, long.MaxValue))).ToArray()));
                }

                if (typeof(T) == typeof(bool))
                {
                    return new (string, Func<Random, int, T[]>)[]
                    {
                        ("random", (r, n) => Enumerable.Range(0, n).Select(_ => (T)(object)(r.Next(2) == 1)).ToArray()),
                        ("all true", (r, n) => Enumerable.Repeat((T)(object)true, n).ToArray()),
                        ("bytes other than 0 and 1", (r, n) =>
                        {
                            var bytes = new byte[n];
                            r.NextBytes(bytes);
                            return MemoryMarshal.Cast<byte, T>(bytes).ToArray();
                        }),
                    };
                }

                return IntegerDistributions();
            }

            private static (string, Func<Random, int, double[]>)[] FloatDistributions()
            {
                double[] special = { double.NaN, -0.0, 0.0, double.PositiveInfinity, double.NegativeInfinity, double.Epsilon, double.MaxValue, double.MinValue, 1.5, -2.25, float.MaxValue, float.Epsilon };
                return new (string, Func<Random, int, double[]>)[]
                {
                    ("random", (r, n) => Enumerable.Range(0, n).Select(_ => (r.NextDouble() - 0.5) * Math.Pow(10, r.Next(-30, 30))).ToArray()),
                    ("NaN, -0.0, infinities, extremes", (r, n) => Enumerable.Range(0, n).Select(i => special[(i + r.Next(2)) % special.Length]).ToArray()),
                    ("small integers", (r, n) => Enumerable.Range(0, n).Select(_ => (double)r.Next(-100, 100)).ToArray()),
                };
            }

            private static IEnumerable<(string, Func<Random, int, T[]>)> IntegerDistributions()
            {
                Int128 min = Convert(typeof(T), min: true);
                Int128 max = Convert(typeof(T), min: false);
                (string Name, Int128 Low, Int128 High)[] widths =
                {
                    ("positive fixint", 0, 127),
                    ("negative fixint", -32, -1),
                    ("uint 8", 128, 255),
                    ("int 8", -128, -33),
                    ("uint 16", 256, ushort.MaxValue),
                    ("int 16", short.MinValue, -129),
                    ("uint 32", ushort.MaxValue + 1, uint.MaxValue),
                    ("int 32", int.MinValue, short.MinValue - 1),
                    ("uint 64", (Int128)uint.MaxValue + 1, ulong.MaxValue),
                    ("int 64", long.MinValue, (Int128)int.MinValue - 1),
                };
                var ranges = widths.Where(w => w.High >= min && w.Low <= max)
                    .Select(w => (w.Name, Low: Int128.Max(w.Low, min), High: Int128.Min(w.High, max))).ToArray();
                var boundaries = ranges.SelectMany(w => new[] { w.Low, w.High }).Distinct().ToArray();

                Int128 In((string Name, Int128 Low, Int128 High) range, Random random)
                {
                    var bytes = new byte[16];
                    random.NextBytes(bytes);
                    UInt128 span = (UInt128)(range.High - range.Low) + 1;
                    // Two 64-bit halves (BitConverter.ToUInt128 is .NET 9 and later; this file also runs on .NET 8).
                    var random128 = new UInt128(BitConverter.ToUInt64(bytes, 8), BitConverter.ToUInt64(bytes, 0));
                    return range.Low + (Int128)(random128 % span);
                }

                foreach (var range in ranges)
                {
                    yield return ("all " + range.Name, (r, n) => From(Enumerable.Range(0, n).Select(_ => In(range, r))));

                    // Both signs of one width: the vector path keeps mixed signs of one width.
                    var twin = ranges.FirstOrDefault(o => o.Name != range.Name && o.Name.TrimStart('u') == range.Name.TrimStart('u'));
                    if (twin.Name != null && range.Name.StartsWith('u'))
                    {
                        yield return (range.Name + " and " + twin.Name, (r, n) => From(Enumerable.Range(0, n).Select(_ => In(r.Next(2) == 0 ? range : twin, r))));
                    }
                }

                yield return ("mixed widths", (r, n) => From(Enumerable.Range(0, n).Select(_ => In(ranges[r.Next(ranges.Length)], r))));
                yield return ("boundaries", (r, n) => From(Enumerable.Range(0, n).Select(_ => boundaries[r.Next(boundaries.Length)])));
                yield return ("runs of one width", (r, n) =>
                {
                    var values = new List<Int128>();
                    while (values.Count < n)
                    {
                        var range = ranges[r.Next(ranges.Length)];
                        int run = r.Next(1, 24);
                        for (int i = 0; i < run && values.Count < n; i++)
                        {
                            values.Add(In(range, r));
                        }
                    }

                    return From(values);
                });
                yield return ("fixints with one other every 5", (r, n) => From(Enumerable.Range(0, n).Select(i => i % 5 == 4 ? In(ranges[r.Next(ranges.Length)], r) : In(ranges[0], r))));
            }

            private static T[] From(IEnumerable<Int128> values) => values.Select(v => (T)System.Convert.ChangeType(v.ToString(), typeof(T), System.Globalization.CultureInfo.InvariantCulture)).ToArray();

            private static Int128 Convert(Type type, bool min) => type.Name switch
            {
                "SByte" => min ? sbyte.MinValue : sbyte.MaxValue,
                "Byte" => min ? byte.MinValue : byte.MaxValue,
                "Int16" => min ? short.MinValue : short.MaxValue,
                "UInt16" => min ? ushort.MinValue : ushort.MaxValue,
                "Int32" => min ? int.MinValue : int.MaxValue,
                "UInt32" => min ? uint.MinValue : uint.MaxValue,
                "Int64" => min ? long.MinValue : long.MaxValue,
                _ => min ? ulong.MinValue : ulong.MaxValue,
            };
        }
    }
}
