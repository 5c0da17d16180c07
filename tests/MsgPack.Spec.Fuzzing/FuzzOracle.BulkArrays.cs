using System;
using System.Buffers;

namespace MsgPack.Spec.Fuzzing
{
    internal delegate OperationStatus BulkSpanTry<T>(ReadOnlySpan<byte> source, Span<T> destination, out int count, out int bytesRead);

    internal unsafe delegate OperationStatus BulkPointerTry<T>(byte* source, int length, Span<T> destination, out int count, out int bytesRead);

    internal delegate int BulkSpanRead<T>(ReadOnlySpan<byte> source, Span<T> destination, out int bytesRead);

    internal delegate int BulkSpanWrite<T>(Span<byte> destination, ReadOnlySpan<T> values);

    /// <summary>
    /// The bulk integer array readers on the fuzzed document (its vector paths, mixed widths among them, see
    /// Arrays/ArrayVectors.Mixed.cs) against a header read and a loop of per-value reads (PerValueArrays): the same
    /// status, count, bytes and values, span and pointer alike, the throwing reader throwing only the documented
    /// exceptions; and what they read, written back by the bulk writer, gives the bytes of a loop of per-value writes.
    /// </summary>
    internal sealed unsafe partial class FuzzOracle
    {
        /// <summary>More elements than a few blocks and windows; a longer array takes the destination-too-small path.</summary>
        private const int BulkCapacity = 96;

        private readonly byte[] _bulkBytes = new byte[16 + (BulkCapacity * 9)];
        private readonly byte[] _bulkLoopBytes = new byte[16 + (BulkCapacity * 9)];

        private void CheckBulkArrays(byte* p, int length)
        {
            CheckBulk<sbyte>(Bulk.SByte, p, length);
            CheckBulk<byte>(Bulk.Byte, p, length);
            CheckBulk<short>(Bulk.Int16, p, length);
            CheckBulk<ushort>(Bulk.UInt16, p, length);
            CheckBulk<int>(Bulk.Int32, p, length);
            CheckBulk<uint>(Bulk.UInt32, p, length);
            CheckBulk<long>(Bulk.Int64, p, length);
            CheckBulk<ulong>(Bulk.UInt64, p, length);
        }

        private void CheckBulk<T>(BulkDoors<T> doors, byte* p, int length)
            where T : unmanaged, IEquatable<T>
        {
            var span = new ReadOnlySpan<byte>(p, length);
            Span<T> expected = stackalloc T[BulkCapacity];
            Span<T> actual = stackalloc T[BulkCapacity];
            OperationStatus oracle = PerValueArrays.TryRead(span, expected, doors.OneTry, out int expectedCount, out int expectedBytes);

            OperationStatus status;
            int count;
            int bytesRead;
            try
            {
                status = doors.SpanTry(span, actual, out count, out bytesRead);
            }
            catch (Exception e)
            {
                Fail("Try threw", doors.Name + " span Try", Describe(e));
                return;
            }

            int stored = oracle is OperationStatus.Done or OperationStatus.NeedMoreData or OperationStatus.InvalidData ? Math.Max(expectedCount, 0) : 0;
            if (status != oracle || count != expectedCount || bytesRead != expectedBytes || !actual.Slice(0, stored).SequenceEqual(expected.Slice(0, stored)))
            {
                Fail("bulk/per-value disagree", doors.Name + " span Try", $"bulk {status} count={count} bytes={bytesRead}; per-value loop {oracle} count={expectedCount} bytes={expectedBytes}");
                return;
            }

            actual.Clear();
            OperationStatus pointerStatus;
            try
            {
                pointerStatus = doors.PointerTry(p, length, actual, out count, out bytesRead);
            }
            catch (Exception e)
            {
                Fail("Try threw", doors.Name + " pointer Try", Describe(e));
                return;
            }

            if (pointerStatus != oracle || count != expectedCount || bytesRead != expectedBytes || !actual.Slice(0, stored).SequenceEqual(expected.Slice(0, stored)))
            {
                Fail("span/pointer disagree", doors.Name + " pointer Try", $"pointer {pointerStatus} count={count} bytes={bytesRead}; span {oracle} count={expectedCount} bytes={expectedBytes}");
                return;
            }

            try
            {
                int read = doors.SpanRead(span, actual, out bytesRead);
                if (oracle != OperationStatus.Done || read != expectedCount || bytesRead != expectedBytes)
                {
                    Fail("Try/Read disagree", doors.Name + " span Read", $"Read returned {read} in {bytesRead} bytes; Try {oracle}");
                }
            }
            catch (Exception e)
            {
                bool documented = (e is MsgPackException && e is not MsgPackValidationException) || (e is ArgumentException && oracle == OperationStatus.DestinationTooSmall);
                if (!documented || oracle == OperationStatus.Done)
                {
                    Fail("unexpected exception", doors.Name + " span Read", Describe(e));
                }
            }

            if (oracle == OperationStatus.Done)
            {
                // What was read, written back: the bulk writer against a loop of per-value writes.
                ReadOnlySpan<T> values = expected.Slice(0, expectedCount);
                int bulk = doors.Write(_bulkBytes, values);
                int loop = PerValueArrays.Write(_bulkLoopBytes, values, doors.WriteOne);
                if (!_bulkBytes.AsSpan(0, bulk).SequenceEqual(_bulkLoopBytes.AsSpan(0, loop)))
                {
                    Fail("bulk/per-value disagree", doors.Name + " span Write", $"{bulk} bytes against {loop} of the per-value loop");
                }
            }
        }

        internal sealed class BulkDoors<T>
        {
            public BulkDoors(string name, BulkSpanTry<T> spanTry, BulkPointerTry<T> pointerTry, BulkSpanRead<T> spanRead, OneTry<T> oneTry, BulkSpanWrite<T> write, OneWrite<T> writeOne)
            {
                Name = name;
                SpanTry = spanTry;
                PointerTry = pointerTry;
                SpanRead = spanRead;
                OneTry = oneTry;
                Write = write;
                WriteOne = writeOne;
            }

            public string Name { get; }

            public BulkSpanTry<T> SpanTry { get; }

            public BulkPointerTry<T> PointerTry { get; }

            public BulkSpanRead<T> SpanRead { get; }

            public OneTry<T> OneTry { get; }

            public BulkSpanWrite<T> Write { get; }

            public OneWrite<T> WriteOne { get; }
        }

        /// <summary>The doors of each integer element type, made once (a delegate from a method group allocates).</summary>
        private static class Bulk
        {
            public static readonly BulkDoors<sbyte> SByte = new("SByteArray", MsgPackSpec.TryReadSByteArray, MsgPackSpec.TryReadSByteArray, MsgPackSpec.ReadSByteArray, MsgPackSpec.TryReadSByte, MsgPackSpec.WriteSByteArray, MsgPackSpec.WriteSByte);
            public static readonly BulkDoors<byte> Byte = new("ByteArray", MsgPackSpec.TryReadByteArray, MsgPackSpec.TryReadByteArray, MsgPackSpec.ReadByteArray, MsgPackSpec.TryReadByte, MsgPackSpec.WriteByteArray, MsgPackSpec.WriteByte);
            public static readonly BulkDoors<short> Int16 = new("Int16Array", MsgPackSpec.TryReadInt16Array, MsgPackSpec.TryReadInt16Array, MsgPackSpec.ReadInt16Array, MsgPackSpec.TryReadInt16, MsgPackSpec.WriteInt16Array, MsgPackSpec.WriteInt16);
            public static readonly BulkDoors<ushort> UInt16 = new("UInt16Array", MsgPackSpec.TryReadUInt16Array, MsgPackSpec.TryReadUInt16Array, MsgPackSpec.ReadUInt16Array, MsgPackSpec.TryReadUInt16, MsgPackSpec.WriteUInt16Array, MsgPackSpec.WriteUInt16);
            public static readonly BulkDoors<int> Int32 = new("Int32Array", MsgPackSpec.TryReadInt32Array, MsgPackSpec.TryReadInt32Array, MsgPackSpec.ReadInt32Array, MsgPackSpec.TryReadInt32, MsgPackSpec.WriteInt32Array, MsgPackSpec.WriteInt32);
            public static readonly BulkDoors<uint> UInt32 = new("UInt32Array", MsgPackSpec.TryReadUInt32Array, MsgPackSpec.TryReadUInt32Array, MsgPackSpec.ReadUInt32Array, MsgPackSpec.TryReadUInt32, MsgPackSpec.WriteUInt32Array, MsgPackSpec.WriteUInt32);
            public static readonly BulkDoors<long> Int64 = new("Int64Array", MsgPackSpec.TryReadInt64Array, MsgPackSpec.TryReadInt64Array, MsgPackSpec.ReadInt64Array, MsgPackSpec.TryReadInt64, MsgPackSpec.WriteInt64Array, MsgPackSpec.WriteInt64);
            public static readonly BulkDoors<ulong> UInt64 = new("UInt64Array", MsgPackSpec.TryReadUInt64Array, MsgPackSpec.TryReadUInt64Array, MsgPackSpec.ReadUInt64Array, MsgPackSpec.TryReadUInt64, MsgPackSpec.WriteUInt64Array, MsgPackSpec.WriteUInt64);
        }
    }
}
