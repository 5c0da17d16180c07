using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using MsgPack.Spec.Fuzzing;
using Xunit;
using MsgPack.Spec.Tests.Contracts;

namespace MsgPack.Spec.Tests.Arrays
{
    /// <summary>
    /// The bulk integer arrays on values of mixed widths (the table-driven vector paths), against the per-value
    /// writers and readers: every boundary between formats (fixint, negative fixint, 8, 16, 32 and 64 bits, signed and
    /// unsigned) and its neighbours, at every position of a block (4 values) or window (16 bytes) and of the array's
    /// last elements, among random mixed neighbours; random mixes; every wider form a reader must accept; values that
    /// do not fit, codes that are no integer and cut input at every position. The test command runs this class again
    /// with AVX-512, AVX2 and all vector instructions switched off, so that every path this machine has is checked.
    /// </summary>
    public unsafe class MixedWidthArrayTests
    {
        private delegate int SpanWrite<T>(Span<byte> destination, ReadOnlySpan<T> values);

        private delegate bool SpanTryWrite<T>(Span<byte> destination, ReadOnlySpan<T> values, out int bytesWritten);

        private delegate int PointerWrite<T>(byte* destination, ReadOnlySpan<T> values);

        private delegate OperationStatus SpanTryRead<T>(ReadOnlySpan<byte> source, Span<T> destination, out int count, out int bytesRead);

        private delegate OperationStatus PointerTryRead<T>(byte* source, int length, Span<T> destination, out int count, out int bytesRead);

        /// <summary>The last value of each format and the first of the next, both signs, and their neighbours.</summary>
        private static readonly Int128[] Boundaries = new Int128[]
        {
            0, 127, 128, 255, 256, 65535, 65536, uint.MaxValue, (Int128)uint.MaxValue + 1, ulong.MaxValue,
            -1, -32, -33, -128, -129, -32768, -32769, int.MinValue, (Int128)int.MinValue - 1, long.MinValue,
            sbyte.MaxValue, short.MaxValue, (Int128)short.MaxValue + 1, int.MaxValue, (Int128)int.MaxValue + 1, long.MaxValue, (Int128)long.MaxValue + 1,
        }.SelectMany(b => new[] { b - 1, b, b + 1 }).Distinct().OrderBy(b => b).ToArray();

        private static readonly Dictionary<string, IMixedKit> Kits = new()
        {
            ["SByte"] = new MixedKit<sbyte>(sbyte.MinValue, sbyte.MaxValue, v => (sbyte)v, v => v, MsgPackSpec.WriteSByteArray, MsgPackSpec.TryWriteSByteArray, MsgPackSpec.WriteSByteArray, MsgPackSpec.TryReadSByteArray, MsgPackSpec.TryReadSByteArray, MsgPackSpec.WriteSByte, MsgPackSpec.TryReadSByte),
            ["Byte"] = new MixedKit<byte>(byte.MinValue, byte.MaxValue, v => (byte)v, v => v, MsgPackSpec.WriteByteArray, MsgPackSpec.TryWriteByteArray, MsgPackSpec.WriteByteArray, MsgPackSpec.TryReadByteArray, MsgPackSpec.TryReadByteArray, MsgPackSpec.WriteByte, MsgPackSpec.TryReadByte),
            ["Int16"] = new MixedKit<short>(short.MinValue, short.MaxValue, v => (short)v, v => v, MsgPackSpec.WriteInt16Array, MsgPackSpec.TryWriteInt16Array, MsgPackSpec.WriteInt16Array, MsgPackSpec.TryReadInt16Array, MsgPackSpec.TryReadInt16Array, MsgPackSpec.WriteInt16, MsgPackSpec.TryReadInt16),
            ["UInt16"] = new MixedKit<ushort>(ushort.MinValue, ushort.MaxValue, v => (ushort)v, v => v, MsgPackSpec.WriteUInt16Array, MsgPackSpec.TryWriteUInt16Array, MsgPackSpec.WriteUInt16Array, MsgPackSpec.TryReadUInt16Array, MsgPackSpec.TryReadUInt16Array, MsgPackSpec.WriteUInt16, MsgPackSpec.TryReadUInt16),
            ["Int32"] = new MixedKit<int>(int.MinValue, int.MaxValue, v => (int)v, v => v, MsgPackSpec.WriteInt32Array, MsgPackSpec.TryWriteInt32Array, MsgPackSpec.WriteInt32Array, MsgPackSpec.TryReadInt32Array, MsgPackSpec.TryReadInt32Array, MsgPackSpec.WriteInt32, MsgPackSpec.TryReadInt32),
            ["UInt32"] = new MixedKit<uint>(uint.MinValue, uint.MaxValue, v => (uint)v, v => v, MsgPackSpec.WriteUInt32Array, MsgPackSpec.TryWriteUInt32Array, MsgPackSpec.WriteUInt32Array, MsgPackSpec.TryReadUInt32Array, MsgPackSpec.TryReadUInt32Array, MsgPackSpec.WriteUInt32, MsgPackSpec.TryReadUInt32),
            ["Int64"] = new MixedKit<long>(long.MinValue, long.MaxValue, v => (long)v, v => v, MsgPackSpec.WriteInt64Array, MsgPackSpec.TryWriteInt64Array, MsgPackSpec.WriteInt64Array, MsgPackSpec.TryReadInt64Array, MsgPackSpec.TryReadInt64Array, MsgPackSpec.WriteInt64, MsgPackSpec.TryReadInt64),
            ["UInt64"] = new MixedKit<ulong>(ulong.MinValue, ulong.MaxValue, v => (ulong)v, v => v, MsgPackSpec.WriteUInt64Array, MsgPackSpec.TryWriteUInt64Array, MsgPackSpec.WriteUInt64Array, MsgPackSpec.TryReadUInt64Array, MsgPackSpec.TryReadUInt64Array, MsgPackSpec.WriteUInt64, MsgPackSpec.TryReadUInt64),
        };

        public static TheoryData<string> Types => new TheoryData<string>(Kits.Keys);

        [Theory]
        [MemberData(nameof(Types))]
        public void Every_boundary_at_every_position_of_a_block_writes_and_reads_as_the_per_value_loop(string type) => Kits[type].CheckBoundaries();

        [Theory]
        [MemberData(nameof(Types))]
        public void Random_mixes_of_every_width_write_and_read_as_the_per_value_loop(string type) => Kits[type].CheckRandomMixes();

        [Theory]
        [MemberData(nameof(Types))]
        public void Wider_forms_misfits_and_foreign_codes_at_every_position_read_as_the_per_value_loop(string type) => Kits[type].CheckForms();

        [Theory]
        [MemberData(nameof(Types))]
        public void Mixed_input_cut_at_every_byte_reads_as_the_per_value_loop(string type) => Kits[type].CheckCuts();

        private interface IMixedKit
        {
            void CheckBoundaries();

            void CheckRandomMixes();

            void CheckForms();

            void CheckCuts();
        }

        private sealed class MixedKit<T> : IMixedKit
            where T : unmanaged, IEquatable<T>
        {
            private readonly Int128 _min;
            private readonly Int128 _max;
            private readonly Func<Int128, T> _from;
            private readonly Func<T, Int128> _to;
            private readonly SpanWrite<T> _write;
            private readonly SpanTryWrite<T> _tryWrite;
            private readonly PointerWrite<T> _pointerWrite;
            private readonly SpanTryRead<T> _tryRead;
            private readonly PointerTryRead<T> _pointerTryRead;
            private readonly OneWrite<T> _writeOne;
            private readonly OneTry<T> _tryReadOne;
            private readonly Int128[] _boundaries;

            public MixedKit(Int128 min, Int128 max, Func<Int128, T> from, Func<T, Int128> to, SpanWrite<T> write, SpanTryWrite<T> tryWrite, PointerWrite<T> pointerWrite, SpanTryRead<T> tryRead, PointerTryRead<T> pointerTryRead, OneWrite<T> writeOne, OneTry<T> tryReadOne)
            {
                _min = min;
                _max = max;
                _from = from;
                _to = to;
                _write = write;
                _tryWrite = tryWrite;
                _pointerWrite = pointerWrite;
                _tryRead = tryRead;
                _pointerTryRead = pointerTryRead;
                _writeOne = writeOne;
                _tryReadOne = tryReadOne;
                _boundaries = Boundaries.Where(b => b >= min && b <= max).ToArray();
            }

            public void CheckBoundaries()
            {
                // Positions 0 to 23 cover every lane of a block, every byte of a window and the stack copy of the
                // last elements; the lengths put the boundary at the start, middle and end of an array, short and long.
                var random = new Random(1);
                foreach (Int128 boundary in _boundaries)
                {
                    for (int position = 0; position < 24; position++)
                    {
                        foreach (int length in new[] { position + 1, position + 2, position + 4, position + 7, position + 19, position + 41 })
                        {
                            T[] values = RandomValues(random, length);
                            values[position] = _from(boundary);
                            CheckRoundTrip(values);
                        }
                    }
                }
            }

            public void CheckRandomMixes()
            {
                var random = new Random(2);
                for (int round = 0; round < 400; round++)
                {
                    CheckRoundTrip(RandomValues(random, random.Next(0, round < 300 ? 70 : 600)));
                }
            }

            public void CheckForms()
            {
                // Each value in a random form that holds it (what another writer may send); at each position, one
                // element that is a misfit, a foreign code or a 64-bit form of a small value.
                var random = new Random(3);
                for (int position = 0; position < 24; position++)
                {
                    foreach (int length in new[] { position + 1, position + 3, position + 17, position + 40 })
                    {
                        for (int round = 0; round < 6; round++)
                        {
                            T[] values = RandomValues(random, length);
                            var bytes = new List<byte>();
                            AppendHeader(bytes, length);
                            int intruder = -1;
                            for (int i = 0; i < length; i++)
                            {
                                if (i == position && round > 0)
                                {
                                    intruder = bytes.Count;
                                    AppendIntruder(bytes, random, round);
                                    continue;
                                }

                                AppendAnyForm(bytes, random, _to(values[i]));
                            }

                            CheckRead(bytes.ToArray(), $"position {position}, length {length}, round {round}, intruder at byte {intruder}");
                        }
                    }
                }
            }

            public void CheckCuts()
            {
                var random = new Random(4);
                for (int round = 0; round < 8; round++)
                {
                    T[] values = RandomValues(random, 40 + round);
                    byte[] encoded = Encode(values);
                    for (int cut = 0; cut <= encoded.Length; cut++)
                    {
                        CheckRead(encoded.AsSpan(0, cut).ToArray(), $"cut at {cut} of {encoded.Length}");
                    }
                }
            }

            /// <summary>Values of every width the type has, each width as likely as the others, and boundaries.</summary>
            private T[] RandomValues(Random random, int length)
            {
                var values = new T[length];
                for (int i = 0; i < length; i++)
                {
                    values[i] = random.Next(4) == 0 ? _from(_boundaries[random.Next(_boundaries.Length)]) : _from(RandomOfWidth(random));
                }

                return values;
            }

            private Int128 RandomOfWidth(Random random)
            {
                // A random magnitude of 0 to 64 bits and a random sign, clamped into the type.
                int bits = random.Next(0, 65);
                ulong magnitude = bits == 0 ? 0 : (ulong)random.NextInt64() << 1 ^ (ulong)random.Next(2);
                magnitude = bits == 64 ? magnitude : magnitude & ((1UL << bits) - 1);
                Int128 value = random.Next(2) == 0 ? (Int128)magnitude : -(Int128)magnitude;
                if (value >= _min && value <= _max)
                {
                    return value;
                }

                // Wrapped into the type, as a cast would.
                Int128 range = _max - _min + 1;
                Int128 offset = (value - _min) % range;
                return _min + (offset < 0 ? offset + range : offset);
            }

            private byte[] Encode(T[] values)
            {
                var buffer = new byte[16 + (values.Length * 9)];
                return buffer.AsSpan(0, PerValueArrays.Write<T>(buffer, values, _writeOne)).ToArray();
            }

            private void CheckRoundTrip(T[] values)
            {
                byte[] expected = Encode(values);

                // Span: exactly the room, and one byte less.
                var span = new byte[expected.Length + 32];
                span.AsSpan().Fill(0xa5);
                Assert.Equal(expected.Length, _write(span, values));
                AssertBytes(expected, span.AsSpan(0, expected.Length), values);
                Assert.True(_tryWrite(span.AsSpan(0, expected.Length), values, out int written));
                Assert.Equal(expected.Length, written);
                AssertBytes(expected, span.AsSpan(0, expected.Length), values);
                Assert.False(_tryWrite(span.AsSpan(0, expected.Length - 1), values, out written));
                Assert.Equal(expected.Length, written);

                // Pointer: nothing written past the exact length.
                var guarded = new byte[expected.Length + 64];
                guarded.AsSpan().Fill(0x5a);
                fixed (byte* p = guarded)
                {
                    Assert.Equal(expected.Length, _pointerWrite(p, values));
                }

                AssertBytes(expected, guarded.AsSpan(0, expected.Length), values);
                Assert.True(guarded.AsSpan(expected.Length).IndexOfAnyExcept((byte)0x5a) < 0, "the pointer writer wrote past the array");

                CheckRead(expected, "round trip");
            }

            private void AssertBytes(byte[] expected, ReadOnlySpan<byte> actual, T[] values)
            {
                if (!actual.SequenceEqual(expected))
                {
                    Assert.Fail($"{typeof(T).Name}[{values.Length}] {string.Join(", ", values)}:\nexpected {Convert.ToHexString(expected)}\nactual   {Convert.ToHexString(actual)}");
                }
            }

            /// <summary>The span and pointer readers (the pointer one over guarded memory, at its end) against the per-value loop.</summary>
            private void CheckRead(byte[] input, string what)
            {
                int capacity = 700;
                var expectedValues = new T[capacity];
                OperationStatus expected = PerValueArrays.TryRead<T>(input, expectedValues, _tryReadOne, out int expectedCount, out int expectedBytes);

                var actualValues = new T[capacity];
                OperationStatus actual = _tryRead(input, actualValues, out int count, out int bytesRead);
                Compare("span", expected, expectedCount, expectedBytes, expectedValues, actual, count, bytesRead, actualValues, input, what);

                using var guard = new GuardedBuffer(input.Length + 64);
                byte* p = guard.Place(input, atStart: false);
                actualValues = new T[capacity];
                actual = _pointerTryRead(p, input.Length, actualValues, out count, out bytesRead);
                Compare("pointer", expected, expectedCount, expectedBytes, expectedValues, actual, count, bytesRead, actualValues, input, what);
            }

            private static void Compare(string door, OperationStatus expected, int expectedCount, int expectedBytes, T[] expectedValues, OperationStatus actual, int count, int bytesRead, T[] actualValues, byte[] input, string what)
            {
                int stored = expected is OperationStatus.Done or OperationStatus.NeedMoreData or OperationStatus.InvalidData ? Math.Max(expectedCount, 0) : 0;
                if (expected != actual || expectedCount != count || expectedBytes != bytesRead
                    || !actualValues.AsSpan(0, stored).SequenceEqual(expectedValues.AsSpan(0, stored)))
                {
                    Assert.Fail($"{typeof(T).Name} {door}, {what}: expected {expected} count {expectedCount} bytes {expectedBytes}, got {actual} count {count} bytes {bytesRead}\n"
                        + $"input {Convert.ToHexString(input)}\nexpected {string.Join(", ", expectedValues.Take(stored))}\nactual   {string.Join(", ", actualValues.Take(stored))}");
                }
            }

            private static void AppendHeader(List<byte> bytes, int count)
            {
                var header = new byte[5];
                bytes.AddRange(header.AsSpan(0, MsgPackSpec.WriteArrayHeader(header, count)).ToArray());
            }

            /// <summary>The value in a random format that holds it: fixint, int 8..64 or uint 8..64.</summary>
            private static void AppendAnyForm(List<byte> bytes, Random random, Int128 value)
            {
                var forms = new List<byte>();
                if (value >= -32 && value <= 127)
                {
                    forms.Add(0);
                }

                (byte Code, int Size, Int128 Min, Int128 Max)[] all =
                {
                    (0xcc, 1, 0, byte.MaxValue), (0xcd, 2, 0, ushort.MaxValue), (0xce, 4, 0, uint.MaxValue), (0xcf, 8, 0, ulong.MaxValue),
                    (0xd0, 1, sbyte.MinValue, sbyte.MaxValue), (0xd1, 2, short.MinValue, short.MaxValue), (0xd2, 4, int.MinValue, int.MaxValue), (0xd3, 8, long.MinValue, long.MaxValue),
                };
                foreach ((byte code, int size, Int128 min, Int128 max) in all)
                {
                    if (value >= min && value <= max)
                    {
                        forms.Add(code);
                    }
                }

                byte pick = forms[random.Next(forms.Count)];
                if (pick == 0)
                {
                    bytes.Add((byte)(sbyte)value);
                    return;
                }

                int length = all.First(f => f.Code == pick).Size;
                bytes.Add(pick);
                ulong bits = (ulong)(value & ulong.MaxValue);
                for (int b = length - 1; b >= 0; b--)
                {
                    bytes.Add((byte)(bits >> (8 * b)));
                }
            }

            /// <summary>Round 1: a value just past the type's range; 2: nil; 3: a 64-bit form of a small value; 4: a float; 5: a value one past the type's range the other way.</summary>
            private void AppendIntruder(List<byte> bytes, Random random, int round)
            {
                switch (round)
                {
                    case 1:
                        // ulong has no value past its range in any format: -1 is its misfit.
                        AppendAnyForm(bytes, random, _max == ulong.MaxValue ? -1 : _max + 1);
                        break;
                    case 2:
                        bytes.Add(0xc0);
                        break;
                    case 3:
                        bytes.Add(_min < 0 ? (byte)0xd3 : (byte)0xcf);
                        bytes.AddRange(new byte[] { 0, 0, 0, 0, 0, 0, 0, 0x2a });
                        break;
                    case 4:
                        bytes.AddRange(new byte[] { 0xca, 0x3f, 0x80, 0, 0 });
                        break;
                    default:
                        // Below long.MinValue no format holds a value: ulong.MaxValue is long's misfit.
                        AppendAnyForm(bytes, random, _min == long.MinValue ? ulong.MaxValue : _min - 1);
                        break;
                }
            }
        }
    }
}
