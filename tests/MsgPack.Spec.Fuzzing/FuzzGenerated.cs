using System;
using System.Buffers;
using System.Collections.Generic;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Fuzzing
{
    public enum FuzzColor : short
    {
        Red = -1,
        Blue = 300,
    }

    /// <summary>A map-layout model with a member of every kind the generator writes, for the "generated" fuzz target.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class FuzzMap
    {
        [MsgPackKey("a")] public int A { get; set; }
        [MsgPackKey("b")] public string? B { get; set; }
        [MsgPackKey("c")] public List<FuzzTuple>? C { get; set; }
        [MsgPackKey("d")] public Dictionary<string, long>? D { get; set; }
        [MsgPackKey("e")] public DateTime? E { get; set; }
        [MsgPackKey("f")] public Guid F { get; set; }
        [MsgPackKey("g")] public byte[]? G { get; set; }
        [MsgPackKey("h")] public double[]? H { get; set; }
        [MsgPackKey("i")] public FuzzColor I { get; set; }
        [MsgPackKey("j")] public FuzzNode? J { get; set; }
        [MsgPackKey("k")] public IReadOnlyList<string?>? K { get; set; }
        [MsgPackKey("l")] public Timestamp L { get; set; }
    }

#if !LIBRARY_NETSTANDARD
    /// <summary>
    /// The BCL types, in an array layout: the library's helpers that read every peer's form (decimal's str or ext 4,
    /// Int128's bin, int or ext 5, BigInteger's bin, int or ext 3, a pair's array or map) on hostile input. Not in the
    /// netstandard2.0 build, which has no Int128 or BigInteger helpers (MSPK002).
    /// </summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class FuzzBcl
    {
        [MsgPackKey(0)] public decimal Price { get; set; }
        [MsgPackKey(1)] public System.Int128 Huge { get; set; }
        [MsgPackKey(2)] public System.UInt128? HugeUnsigned { get; set; }
        [MsgPackKey(3)] public System.Numerics.BigInteger Big { get; set; }
        [MsgPackKey(4)] public DateOnly Day { get; set; }
        [MsgPackKey(5)] public TimeOnly? Time { get; set; }
        [MsgPackKey(6)] public TimeSpan Elapsed { get; set; }
        [MsgPackKey(7)] public char Letter { get; set; }
        [MsgPackKey(8)] public Uri? Link { get; set; }
        [MsgPackKey(9)] public Version? Release { get; set; }
        [MsgPackKey(10)] public HashSet<long>? Set { get; set; }
        [MsgPackKey(11)] public System.Collections.Immutable.ImmutableArray<string?> Frozen { get; set; }
        [MsgPackKey(12)] public ReadOnlyMemory<short> Samples { get; set; }
        [MsgPackKey(13)] public KeyValuePair<string, decimal>? Pair { get; set; }
        [MsgPackKey(14)] public (int, string?, FuzzColor) Triple { get; set; }
    }
#endif

    /// <summary>An array-layout record struct read through its constructor.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public partial record struct FuzzTuple(
        [property: MsgPackKey(0)] ulong Id,
        [property: MsgPackKey(1)] string Name,
        [property: MsgPackKey(3)] float? Ratio,
        [property: MsgPackKey(4)] bool Flag);

    /// <summary>A recursive type: the depth limit.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class FuzzNode
    {
        [MsgPackKey(0)] public int Value { get; set; }
        [MsgPackKey(1)] public FuzzNode? Next { get; set; }
        [MsgPackKey(2)] public List<FuzzNode>? Children { get; set; }
    }

    /// <summary>A union: integer tags (one past a fixint), a case holding the union (depth, through unions).</summary>
    [MsgPackUnion(0, typeof(FuzzLeaf))]
    [MsgPackUnion(300, typeof(FuzzBranch))]
    public abstract partial class FuzzShape
    {
    }

    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class FuzzLeaf : FuzzShape
    {
        [MsgPackKey(0)] public string? Name { get; set; }
    }

    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class FuzzBranch : FuzzShape
    {
        [MsgPackKey("l")] public FuzzShape? Left { get; set; }
        [MsgPackKey("r")] public List<FuzzShape?>? Rest { get; set; }
    }

#if !LIBRARY_NETSTANDARD
    // The contract (IMsgPackSerializable<T>) is in the library's .NET 8 build only: not in the netstandard2.0 run.
    /// <summary>A map with integer keys, and a generic member: the contract's shapes.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    public sealed partial class FuzzIntegerMap
    {
        [MsgPackKey(0)] public long A { get; set; }
        [MsgPackKey(0x21)] public string? B { get; set; }
        [MsgPackKey(300)] public FuzzEnvelope<FuzzTuple>? C { get; set; }
        [MsgPackKey(70_000)] public List<FuzzEnvelope<FuzzNode>>? D { get; set; }
    }

    /// <summary>A generic type over the contract.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class FuzzEnvelope<TBody>
        where TBody : IMsgPackSerializable<TBody>
    {
        [MsgPackKey(0)] public uint Sequence { get; set; }
        [MsgPackKey(1)] public TBody? Body { get; set; }
    }
#endif

    /// <summary>
    /// The "generated" fuzz target: code the source generator writes, on hostile input. For each model the document is
    /// read through the span door, <c>TryRead</c> and a <see cref="MsgPackReader"/> over the fuzzer's segments; the
    /// contracts: nothing but <see cref="MsgPackException"/> is thrown, <c>TryRead</c> never throws and agrees with
    /// <c>Read</c> (Done with the same length, NeedMoreData exactly when Read fails as truncated) and throws nothing even
    /// inside (no first-chance exception), the <c>TryRead</c> that gives the error gives Read's path, offset and message,
    /// the segmented read agrees with the span read, and a value read is written back as bytes that read and write to
    /// themselves.
    /// </summary>
    internal static class FuzzGenerated
    {
        private delegate T SpanRead<T>(ReadOnlySpan<byte> source, out int bytesRead);

        private delegate T ReaderRead<T>(ref MsgPackReader reader);

        private delegate OperationStatus TryReadSpan<T>(ReadOnlySpan<byte> source, out T? value, out int bytesRead);

        private delegate OperationStatus TryReadSpanError<T>(ReadOnlySpan<byte> source, out T? value, out int bytesRead, out MsgPackReadError error);

        private delegate int GetLength<T>(in T value);

        private delegate int WriteSpan<T>(Span<byte> destination, in T value);

        public static void Check(byte[] document, ReadOnlySequence<byte> sequence, Action<string, string> fail)
        {
            Model<FuzzMap>("FuzzMap", document, sequence, fail, FuzzMap.Read, FuzzMap.Read, FuzzMap.TryRead, FuzzMap.TryRead, FuzzMap.GetEncodedLength, FuzzMap.Write);
            Model<FuzzTuple>("FuzzTuple", document, sequence, fail, FuzzTuple.Read, FuzzTuple.Read, FuzzTuple.TryRead, FuzzTuple.TryRead, FuzzTuple.GetEncodedLength, FuzzTuple.Write);
            Model<FuzzNode>("FuzzNode", document, sequence, fail, FuzzNode.Read, FuzzNode.Read, FuzzNode.TryRead, FuzzNode.TryRead, FuzzNode.GetEncodedLength, FuzzNode.Write);
            Model<FuzzShape>("FuzzShape", document, sequence, fail, FuzzShape.Read, FuzzShape.Read, FuzzShape.TryRead, FuzzShape.TryRead, FuzzShape.GetEncodedLength, FuzzShape.Write);
#if !LIBRARY_NETSTANDARD
            Model<FuzzIntegerMap>("FuzzIntegerMap", document, sequence, fail, FuzzIntegerMap.Read, FuzzIntegerMap.Read, FuzzIntegerMap.TryRead, FuzzIntegerMap.TryRead, FuzzIntegerMap.GetEncodedLength, FuzzIntegerMap.Write);
            Model<FuzzBcl>("FuzzBcl", document, sequence, fail, FuzzBcl.Read, FuzzBcl.Read, FuzzBcl.TryRead, FuzzBcl.TryRead, FuzzBcl.GetEncodedLength, FuzzBcl.Write);
#endif
        }

        private static void Model<T>(string name, byte[] document, ReadOnlySequence<byte> sequence, Action<string, string> fail,
            SpanRead<T> read, ReaderRead<T> readReader, TryReadSpan<T> tryRead, TryReadSpanError<T> tryReadError, GetLength<T> getLength, WriteSpan<T> write)
        {
            // The span door.
            T? value = default;
            int length = -1;
            Exception? error = null;
            try
            {
                value = read(document, out length);
            }
            catch (Exception e)
            {
                error = e;
                if (e is not MsgPackSerializationException)
                {
                    // One error contract from the entry point down: the outermost value's own header included.
                    fail(name + ".Read(span)", "threw " + e.GetType().Name + " (not MsgPackSerializationException): " + e.Message);
                    return;
                }
            }

            // TryRead: never throws, not even inside (no exception thrown and caught: the status path), agrees with Read.
            OperationStatus status;
            OperationStatus detailed;
            int tryLength;
            int detailedLength;
            MsgPackReadError readError;
            int thrown = FirstChance.Count;
            try
            {
                status = tryRead(document, out _, out tryLength);
                detailed = tryReadError(document, out _, out detailedLength, out readError);
            }
            catch (Exception e)
            {
                fail(name + ".TryRead", "threw " + e.GetType().Name + ": " + e.Message);
                return;
            }

            thrown = FirstChance.Count - thrown;
            if (thrown != 0)
            {
                fail(name + ".TryRead", thrown + " exception(s) thrown inside (first chance)");
            }

            OperationStatus expected = error is null ? OperationStatus.Done : MsgPackSerialization.ToOperationStatus((MsgPackException)error);
            if (status != expected || (status == OperationStatus.Done ? tryLength != length : tryLength != 0))
            {
                fail(name + ".TryRead", $"{status} ({tryLength} bytes) where Read gave {expected} ({length} bytes)");
            }

            // The TryRead that gives the error: Read's exception as values (path, offset, message).
            if (detailed != status || detailedLength != tryLength || readError.Failed != (error is not null))
            {
                fail(name + ".TryRead(error)", $"{detailed} ({detailedLength} bytes, failed: {readError.Failed}) where TryRead gave {status} ({tryLength} bytes)");
            }
            else if (error is MsgPackSerializationException thrownError
                && (readError.Path != thrownError.Path || readError.Offset != thrownError.Offset || readError.ToString() != thrownError.Message))
            {
                fail(name + ".TryRead(error)", $"'{readError}' where Read threw '{thrownError.Message}'");
            }

            // The reader over the fuzzer's segments: the same outcome and length.
            var reader = new MsgPackReader(sequence);
            try
            {
                readReader(ref reader);
                if (error is not null || reader.Consumed != length)
                {
                    fail(name + ".Read(reader)", $"read {reader.Consumed} bytes where the span door " + (error is null ? $"read {length}" : "threw " + error.GetType().Name));
                }
            }
            catch (Exception e) when (e is MsgPackException)
            {
                if (error is null)
                {
                    fail(name + ".Read(reader)", "threw " + e.GetType().Name + " where the span door read " + length + " bytes: " + e.Message);
                }
                else if (MsgPackSerialization.ToOperationStatus((MsgPackException)e) != expected)
                {
                    fail(name + ".Read(reader)", "failed as " + e.GetType().Name + " where the span door failed as " + error.GetType().Name);
                }
                else if (e is not MsgPackSerializationException segmented || error is not MsgPackSerializationException whole
                    || segmented.Path != whole.Path || segmented.Offset != whole.Offset)
                {
                    // Where the failure is does not depend on how the input is cut.
                    fail(name + ".Read(reader)", "failed at " + Where(e) + " where the span door failed at " + Where(error));
                }
            }
            catch (Exception e)
            {
                fail(name + ".Read(reader)", "threw " + e.GetType().Name + ": " + e.Message);
            }

            if (error is not null)
            {
                return;
            }

            static string Where(Exception e) => e is MsgPackSerializationException s ? s.Path + " offset " + s.Offset : e.GetType().Name;

            // Written back: the exact length, and bytes that read and write to themselves.
            try
            {
                byte[] first = new byte[getLength(value!)];
                int written = write(first, value!);
                T again = read(first, out int againLength);
                byte[] second = new byte[getLength(again)];
                write(second, again);
                if (written != first.Length || againLength != first.Length || !first.AsSpan().SequenceEqual(second))
                {
                    fail(name + " write-read-write", $"wrote {written} of {first.Length} bytes, read {againLength}, second write differs: {!first.AsSpan().SequenceEqual(second)}");
                }
            }
            catch (Exception e)
            {
                fail(name + " write-read-write", "threw " + e.GetType().Name + ": " + e.Message);
            }
        }
    }
}
