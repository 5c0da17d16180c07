using System;
using System.Buffers;
using BenchmarkDotNet.Attributes;
using MsgPack.Spec.Serialization;
using PolyType;

// Bad and partial messages (issue #39): what a generated TryRead costs when the message is one byte short
// (NeedMoreData) or has a byte corrupted near its end (InvalidData), against a valid TryRead of the same message, on
// every model of the serializer suite; and bad messages rejected by ours and by the peers, whose only way to reject
// one is an exception. A model's generated members are static members of the model: a struct door per model names
// them, and the generic classes below are compiled once per door, with the door's calls inlined.
namespace MsgPack.Spec.Benchmarks.Serializers
{
    /// <summary>A model's sample and generated span doors, by name.</summary>
    public interface IModelDoor<T>
        where T : class
    {
        T Sample();

        T Read(ReadOnlySpan<byte> source, out int bytesRead);

        OperationStatus TryRead(ReadOnlySpan<byte> source, out T? value, out int bytesRead);

        OperationStatus TryRead(ReadOnlySpan<byte> source, out T? value, out int bytesRead, out MsgPackReadError error);
    }

    public readonly struct IntKeyDoor : IModelDoor<IntKey>
    {
        public IntKey Sample() => IntKey.Sample();

        public IntKey Read(ReadOnlySpan<byte> source, out int bytesRead) => IntKey.Read(source, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out IntKey? value, out int bytesRead) => IntKey.TryRead(source, out value, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out IntKey? value, out int bytesRead, out MsgPackReadError error) => IntKey.TryRead(source, out value, out bytesRead, out error);
    }

    public readonly struct StringKeyDoor : IModelDoor<StringKey>
    {
        public StringKey Sample() => StringKey.Sample();

        public StringKey Read(ReadOnlySpan<byte> source, out int bytesRead) => StringKey.Read(source, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out StringKey? value, out int bytesRead) => StringKey.TryRead(source, out value, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out StringKey? value, out int bytesRead, out MsgPackReadError error) => StringKey.TryRead(source, out value, out bytesRead, out error);
    }

    public readonly struct PocoAsArrayDoor : IModelDoor<PocoAsArray>
    {
        public PocoAsArray Sample() => PocoAsArray.Sample();

        public PocoAsArray Read(ReadOnlySpan<byte> source, out int bytesRead) => PocoAsArray.Read(source, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out PocoAsArray? value, out int bytesRead) => PocoAsArray.TryRead(source, out value, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out PocoAsArray? value, out int bytesRead, out MsgPackReadError error) => PocoAsArray.TryRead(source, out value, out bytesRead, out error);
    }

    public readonly struct PocoMapDoor : IModelDoor<PocoMap>
    {
        public PocoMap Sample() => PocoMap.Sample();

        public PocoMap Read(ReadOnlySpan<byte> source, out int bytesRead) => PocoMap.Read(source, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out PocoMap? value, out int bytesRead) => PocoMap.TryRead(source, out value, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out PocoMap? value, out int bytesRead, out MsgPackReadError error) => PocoMap.TryRead(source, out value, out bytesRead, out error);
    }

    public readonly struct AnswerDoor : IModelDoor<Answer>
    {
        public Answer Sample() => Answer.Sample();

        public Answer Read(ReadOnlySpan<byte> source, out int bytesRead) => Answer.Read(source, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out Answer? value, out int bytesRead) => Answer.TryRead(source, out value, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out Answer? value, out int bytesRead, out MsgPackReadError error) => Answer.TryRead(source, out value, out bytesRead, out error);
    }

    public readonly struct ResponseDoor : IModelDoor<Response>
    {
        public Response Sample() => Response.Sample();

        public Response Read(ReadOnlySpan<byte> source, out int bytesRead) => Response.Read(source, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out Response? value, out int bytesRead) => Response.TryRead(source, out value, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out Response? value, out int bytesRead, out MsgPackReadError error) => Response.TryRead(source, out value, out bytesRead, out error);
    }

    public readonly struct LayerDoor : IModelDoor<Layer>
    {
        public Layer Sample() => Layer.Sample();

        public Layer Read(ReadOnlySpan<byte> source, out int bytesRead) => Layer.Read(source, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out Layer? value, out int bytesRead) => Layer.TryRead(source, out value, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out Layer? value, out int bytesRead, out MsgPackReadError error) => Layer.TryRead(source, out value, out bytesRead, out error);
    }

    public readonly struct UnionSceneDoor : IModelDoor<UnionScene>
    {
        public UnionScene Sample() => UnionScene.Sample();

        public UnionScene Read(ReadOnlySpan<byte> source, out int bytesRead) => UnionScene.Read(source, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out UnionScene? value, out int bytesRead) => UnionScene.TryRead(source, out value, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out UnionScene? value, out int bytesRead, out MsgPackReadError error) => UnionScene.TryRead(source, out value, out bytesRead, out error);
    }

    public readonly struct LedgerDoor : IModelDoor<Ledger>
    {
        public Ledger Sample() => Ledger.Sample();

        public Ledger Read(ReadOnlySpan<byte> source, out int bytesRead) => Ledger.Read(source, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out Ledger? value, out int bytesRead) => Ledger.TryRead(source, out value, out bytesRead);

        public OperationStatus TryRead(ReadOnlySpan<byte> source, out Ledger? value, out int bytesRead, out MsgPackReadError error) => Ledger.TryRead(source, out value, out bytesRead, out error);
    }

    /// <summary>The bad messages of a model: its bytes one byte short, and with a byte near the end corrupted so that every library rejects them.</summary>
    internal static class BadMessage
    {
        /// <summary>The valid bytes less their last byte; checked: ours say NeedMoreData, both peers throw.</summary>
        public static byte[] Cut<T, TDoor>(byte[] valid, string workload)
            where T : class, IShapeable<T>
            where TDoor : struct, IModelDoor<T>
        {
            byte[] cut = valid.AsSpan(0, valid.Length - 1).ToArray();
            Fairness.Check(default(TDoor).TryRead(cut, out _, out _) == OperationStatus.NeedMoreData, workload, "ours did not say NeedMoreData for the message one byte short.");
            Fairness.Check(PeersReject<T>(cut), workload, "a peer read the message one byte short.");
            return cut;
        }

        /// <summary>
        /// The valid bytes with the last byte whose replacement by 0xc1 (never valid MessagePack) every library rejects:
        /// ours say InvalidData, both peers throw. (A byte inside a str is no such byte: the peers read bad UTF-8.)
        /// </summary>
        public static byte[] Corrupted<T, TDoor>(byte[] valid, string workload)
            where T : class, IShapeable<T>
            where TDoor : struct, IModelDoor<T>
        {
            for (int at = valid.Length - 1; at >= 0; at--)
            {
                if (CorruptedAt<T, TDoor>(valid, at) is byte[] corrupted)
                {
                    return corrupted;
                }
            }

            throw new InvalidOperationException($"{workload}: no byte of the message makes every library reject it.");
        }

        /// <summary>
        /// A sender's bad messages anywhere, not only near the end: cuts of the message (prefixes, the empty one
        /// included) and bytes whose replacement by 0xc1 every library rejects, at up to 64 positions each, evenly
        /// spread over the message (so that a 10 ms slice of the slowest row goes round them all). Checked: ours say
        /// NeedMoreData or InvalidData for each, both peers throw.
        /// </summary>
        public static byte[][] Any<T, TDoor>(byte[] valid, string workload)
            where T : class, IShapeable<T>
            where TDoor : struct, IModelDoor<T>
        {
            const int Positions = 64;
            int step = Math.Max(1, valid.Length / Positions);
            var messages = new System.Collections.Generic.List<byte[]>();
            for (int length = 0; length < valid.Length; length += step)
            {
                byte[] cut = valid.AsSpan(0, length).ToArray();
                Fairness.Check(default(TDoor).TryRead(cut, out _, out _) == OperationStatus.NeedMoreData, workload, $"ours did not say NeedMoreData for the first {length} bytes.");
                Fairness.Check(PeersReject<T>(cut), workload, $"a peer read the first {length} bytes.");
                messages.Add(cut);
            }

            for (int at = 0; at < valid.Length; at += step)
            {
                if (CorruptedAt<T, TDoor>(valid, at) is byte[] corrupted)
                {
                    messages.Add(corrupted);
                }
            }

            return messages.ToArray();
        }

        /// <summary>The valid bytes with the byte at <paramref name="at"/> replaced by 0xc1, if ours say InvalidData and both peers throw; else null.</summary>
        private static byte[]? CorruptedAt<T, TDoor>(byte[] valid, int at)
            where T : class, IShapeable<T>
            where TDoor : struct, IModelDoor<T>
        {
            byte[] corrupted = (byte[])valid.Clone();
            corrupted[at] = 0xc1;
            return default(TDoor).TryRead(corrupted, out _, out _) == OperationStatus.InvalidData && PeersReject<T>(corrupted) ? corrupted : null;
        }

        private static bool PeersReject<T>(byte[] input)
            where T : class, IShapeable<T>
        {
            try
            {
                MessagePack.MessagePackSerializer.Deserialize<T>(input.AsMemory());
                return false;
            }
            catch (MessagePack.MessagePackSerializationException)
            {
            }

            try
            {
                SerializerPeers.Nerdbank.Deserialize<T>(input.AsMemory());
                return false;
            }
            catch (Nerdbank.MessagePack.MessagePackSerializationException)
            {
            }

            return true;
        }
    }

    /// <summary>
    /// A generated TryRead of bad messages against the same TryRead of the valid message (the baseline: Ratio reads
    /// "x valid"): one byte short, a byte near the end corrupted (with and without the error as values), and Read of the
    /// corrupted message in a try/catch, the exception path (what TryRead cost before issue #39: it wrapped Read).
    /// </summary>
    [MemoryDiagnoser]
    public abstract class BadMessagesBase<T, TDoor> : BenchmarkBase
        where T : class, IShapeable<T>
        where TDoor : struct, IModelDoor<T>
    {
        private byte[] _valid = System.Array.Empty<byte>();
        private byte[] _cut = System.Array.Empty<byte>();
        private byte[] _corrupted = System.Array.Empty<byte>();

        [GlobalSetup]
        public void Setup()
        {
            T model = default(TDoor).Sample();
            _valid = Pinned.Copy<byte>(SerializerPeers.Reference(model));
            _cut = Pinned.Copy<byte>(BadMessage.Cut<T, TDoor>(_valid, Workload));
            _corrupted = Pinned.Copy<byte>(BadMessage.Corrupted<T, TDoor>(_valid, Workload));

            // The rows' outcomes: each is what its description says.
            Fairness.Check(Valid() == OperationStatus.Done, Workload, "the valid message did not read.");
            Fairness.Check(Cut() == OperationStatus.NeedMoreData, Workload, "the cut message did not say NeedMoreData.");
            Fairness.Check(Corrupted() == OperationStatus.InvalidData, Workload, "the corrupted message did not say InvalidData.");
            Fairness.Check(CorruptedWithError() > 0, Workload, "the error of the corrupted message has no offset.");
            Fairness.Check(CorruptedRead() == CorruptedWithError(), Workload, "Read's exception and TryRead's error disagree on the offset.");
        }

        [Benchmark(Baseline = true, Description = "MsgPackSpec generated TryRead (span), valid")]
        [Allocates("the object graph it returns")]
        public OperationStatus Valid() => default(TDoor).TryRead(_valid, out _, out _);

        [Benchmark(Description = "MsgPackSpec generated TryRead (span), one byte short: NeedMoreData")]
        [Allocates("the objects read before the end")]
        [NotCompared]
        public OperationStatus Cut() => default(TDoor).TryRead(_cut, out _, out _);

        [Benchmark(Description = "MsgPackSpec generated TryRead (span), a byte near the end corrupted: InvalidData")]
        [Allocates("the objects read before the bad byte")]
        [NotCompared]
        public OperationStatus Corrupted() => default(TDoor).TryRead(_corrupted, out _, out _);

        [Benchmark(Description = "MsgPackSpec generated TryRead (span) with the error (MsgPackReadError), corrupted")]
        [Allocates("the objects read before the bad byte")]
        [NotCompared]
        public long CorruptedWithError()
        {
            default(TDoor).TryRead(_corrupted, out _, out _, out MsgPackReadError error);
            return error.Offset;
        }

        [Benchmark(Description = "MsgPackSpec generated Read (span) in try/catch, corrupted: the exception")]
        [Allocates("the objects read before the bad byte, and the exception")]
        [NotCompared]
        public long CorruptedRead()
        {
            try
            {
                default(TDoor).Read(_corrupted, out _);
                return -1;
            }
            catch (MsgPackSerializationException e)
            {
                return e.Offset;
            }
        }
    }

    /// <summary>Bad messages of MessagePack-CSharp's IntKey.</summary>
    [BenchmarkCategory("Serializers", "IntKey", "BadMessages")]
    public class IntKeyBadMessages : BadMessagesBase<IntKey, IntKeyDoor>
    {
    }

    /// <summary>Bad messages of MessagePack-CSharp's StringKey.</summary>
    [BenchmarkCategory("Serializers", "StringKey", "BadMessages")]
    public class StringKeyBadMessages : BadMessagesBase<StringKey, StringKeyDoor>
    {
    }

    /// <summary>Bad messages of Nerdbank's PocoAsArray.</summary>
    [BenchmarkCategory("Serializers", "PocoAsArray", "BadMessages")]
    public class PocoAsArrayBadMessages : BadMessagesBase<PocoAsArray, PocoAsArrayDoor>
    {
    }

    /// <summary>Bad messages of Nerdbank's PocoMap.</summary>
    [BenchmarkCategory("Serializers", "PocoMap", "BadMessages")]
    public class PocoMapBadMessages : BadMessagesBase<PocoMap, PocoMapDoor>
    {
    }

    /// <summary>Bad messages of the StackOverflow answer.</summary>
    [BenchmarkCategory("Serializers", "Answer", "BadMessages")]
    public class AnswerBadMessages : BadMessagesBase<Answer, AnswerDoor>
    {
    }

    /// <summary>Bad messages of the search response.</summary>
    [BenchmarkCategory("Serializers", "Response", "BadMessages")]
    public class ResponseBadMessages : BadMessagesBase<Response, ResponseDoor>
    {
    }

    /// <summary>Bad messages of the map layer.</summary>
    [BenchmarkCategory("Serializers", "Layer", "BadMessages")]
    public class LayerBadMessages : BadMessagesBase<Layer, LayerDoor>
    {
    }

    /// <summary>Bad messages of the union scene.</summary>
    [BenchmarkCategory("Serializers", "Union", "BadMessages")]
    public class UnionBadMessages : BadMessagesBase<UnionScene, UnionSceneDoor>
    {
    }

    /// <summary>Bad messages of the converter ledger.</summary>
    [BenchmarkCategory("Serializers", "Ledger", "BadMessages")]
    public class LedgerBadMessages : BadMessagesBase<Ledger, LedgerDoor>
    {
    }

    /// <summary>
    /// Bad messages rejected, per message: MessagePack-CSharp's and Nerdbank.MessagePack's Deserialize in a try/catch
    /// (an exception is their only way to say no), against our TryRead (no exception) and, for reference, our Read in a
    /// try/catch. The baseline is MessagePack-CSharp: Ratio reads "x MessagePack-CSharp". Every row returns 1 for a
    /// rejected message.
    /// </summary>
    [MemoryDiagnoser]
    public abstract class RejectedBase<T, TDoor> : BenchmarkBase
        where T : class, IShapeable<T>
        where TDoor : struct, IModelDoor<T>
    {
        private byte[][] _inputs = System.Array.Empty<byte[]>();
        private uint _next;

        /// <summary>
        /// "cut": one byte short; "corrupted": a byte near the end replaced by 0xc1 (both the worst case: every reader
        /// reads the whole message first); "any": each call the next of every cut and every rejected 0xc1 byte of the
        /// message (<see cref="BadMessage.Any{T, TDoor}"/>), bad messages as they come.
        /// </summary>
        [Params("cut", "corrupted", "any")]
        public string Message { get; set; } = "cut";

        [GlobalSetup]
        public void Setup()
        {
            byte[] valid = SerializerPeers.Reference(default(TDoor).Sample());
            _inputs = Message switch
            {
                "cut" => new[] { BadMessage.Cut<T, TDoor>(valid, Workload) },
                "corrupted" => new[] { BadMessage.Corrupted<T, TDoor>(valid, Workload) },
                _ => BadMessage.Any<T, TDoor>(valid, Workload),
            };
            for (int i = 0; i < _inputs.Length; i++)
            {
                _inputs[i] = Pinned.Copy<byte>(_inputs[i]);
            }

            CheckDecoders();
        }

        [Benchmark(Baseline = true, Description = "MessagePack-CSharp MessagePackSerializer.Deserialize(ReadOnlyMemory) in try/catch")]
        [Allocates("the objects read before the failure, and the exceptions")]
        public int MessagePackCSharpRow()
        {
            byte[] input = _inputs[_next++ % (uint)_inputs.Length];
            try
            {
                MessagePack.MessagePackSerializer.Deserialize<T>(input.AsMemory());
                return 0;
            }
            catch (MessagePack.MessagePackSerializationException)
            {
                return 1;
            }
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Deserialize(ReadOnlyMemory) in try/catch")]
        [Allocates("the objects read before the failure, and the exception")]
        public int NerdbankRow()
        {
            byte[] input = _inputs[_next++ % (uint)_inputs.Length];
            try
            {
                SerializerPeers.Nerdbank.Deserialize<T>(input.AsMemory());
                return 0;
            }
            catch (Nerdbank.MessagePack.MessagePackSerializationException)
            {
                return 1;
            }
        }

        [Benchmark(Description = "MsgPackSpec generated TryRead (span)")]
        [Allocates("the objects read before the failure")]
        public int OursTryRead()
        {
            byte[] input = _inputs[_next++ % (uint)_inputs.Length];
            return default(TDoor).TryRead(input, out _, out _) == OperationStatus.Done ? 0 : 1;
        }

        [Benchmark(Description = "MsgPackSpec generated Read (span) in try/catch")]
        [Allocates("the objects read before the failure, and the exception")]
        public int OursReadCatch()
        {
            byte[] input = _inputs[_next++ % (uint)_inputs.Length];
            try
            {
                default(TDoor).Read(input, out _);
                return 0;
            }
            catch (MsgPackSerializationException)
            {
                return 1;
            }
        }
    }

    /// <summary>Bad messages of Nerdbank's PocoMap (an int and a str, map layout) rejected.</summary>
    [BenchmarkCategory("Serializers", "PocoMap", "Rejected")]
    public class PocoMapRejected : RejectedBase<PocoMap, PocoMapDoor>
    {
    }

    /// <summary>Bad messages of the StackOverflow answer rejected.</summary>
    [BenchmarkCategory("Serializers", "Answer", "Rejected")]
    public class AnswerRejected : RejectedBase<Answer, AnswerDoor>
    {
    }

    /// <summary>Bad messages of the union scene rejected.</summary>
    [BenchmarkCategory("Serializers", "Union", "Rejected")]
    public class UnionRejected : RejectedBase<UnionScene, UnionSceneDoor>
    {
    }
}
