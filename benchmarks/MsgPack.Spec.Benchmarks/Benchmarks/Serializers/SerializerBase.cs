using System;
using System.Buffers;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Attributes;
using MemoryPack;
using PolyType;

namespace MsgPack.Spec.Benchmarks.Serializers
{
    /// <summary>What the serializer benchmarks share: the peers' serializers, set up alike for every model.</summary>
    internal static class SerializerPeers
    {
        /// <summary>Nerdbank.MessagePack leaves out members that hold their default value unless told otherwise;
        /// MessagePack-CSharp and ours write every member, so Nerdbank is told to as well (Nerdbank's own benchmarks
        /// do the same), and the three write the same bytes.</summary>
        internal static readonly Nerdbank.MessagePack.MessagePackSerializer Nerdbank = new()
        {
            SerializeDefaultValues = global::Nerdbank.MessagePack.SerializeDefaultValuesPolicy.Always,
        };

        /// <summary>The reference bytes of a value: MessagePack-CSharp's (the baseline of every class). A value read by any
        /// row is compared with the model by writing it again with MessagePack-CSharp: a deep comparison of the whole
        /// graph that needs no equality members on the models.</summary>
        internal static byte[] Reference<T>(T value) => MessagePack.MessagePackSerializer.Serialize(value);

        /// <summary>A sequence of three segments of about a third of the bytes each (the values straddle them).</summary>
        internal static ReadOnlySequence<byte> ThreeSegments(byte[] bytes) => Segments.Split(bytes, (bytes.Length + 2) / 3);
    }

    /// <summary>
    /// The rows of a model's serialize benchmark that are the same for every model: MessagePack-CSharp (the baseline,
    /// so the Ratio column reads "x MessagePack-CSharp"), Nerdbank.MessagePack and MemoryPack, each into the class's
    /// reused <see cref="BenchmarkBase.Pooled"/> buffer writer. A model's class adds our rows (its generated members
    /// are static members of the model, so they are called by name there).
    /// </summary>
    /// <remarks>The setup checks that our rows and Nerdbank's write MessagePack-CSharp's bytes exactly, and that
    /// MemoryPack's bytes (its own format) read back with MemoryPack into a value equal to the model.</remarks>
    public abstract class SerializeBase<T> : BenchmarkBase
        where T : class, IShapeable<T>
    {
        /// <summary>The value every row writes.</summary>
        protected T Value = null!;

        /// <summary>Sets the value, sizes the output buffers and runs the checks.</summary>
        /// <param name="value">The model.</param>
        /// <param name="encodedLength">Our generated GetEncodedLength of the model.</param>
        protected void SetUp(T value, int encodedLength)
        {
            Value = value;
            byte[] reference = SerializerPeers.Reference(value);
            Fairness.Check(reference.Length == encodedLength, Workload, $"GetEncodedLength returned {encodedLength}, MessagePack-CSharp wrote {reference.Length} bytes.");

            // Room for the largest output (MemoryPack's can be longer than MessagePack's) and the guard bytes.
            byte[] memoryPack = MemoryPackSerializer.Serialize(value);
            AllocateOutput(Math.Max(reference.Length, memoryPack.Length) + 1024);
            byte[] written = CheckEncoders();
            Fairness.SameBytes(Workload, "MessagePack-CSharp MessagePackSerializer.Serialize(byte[])", reference, written);

            Pooled.Reset();
            long length = MemoryPackRow();
            Fairness.Check(length == Pooled.WrittenCount, Workload, $"MemoryPack returned {length}, but {Pooled.WrittenCount} bytes are in the buffer writer.");
            T? back = MemoryPackSerializer.Deserialize<T>(Pooled.WrittenSpan);
            Fairness.SameBytes(Workload, "MemoryPack, read back by MemoryPack and written by MessagePack-CSharp", reference, SerializerPeers.Reference(back));
        }

        [Benchmark(Baseline = true, Description = "MessagePack-CSharp MessagePackSerializer.Serialize(IBufferWriter)")]
        [BufferWriterOutput]
        public long MessagePackCSharpRow()
        {
            Pooled.Reset();
            MessagePack.MessagePackSerializer.Serialize(Pooled, Value);
            return Pooled.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Serialize(IBufferWriter)")]
        [BufferWriterOutput]
        public long NerdbankRow()
        {
            Pooled.Reset();
            SerializerPeers.Nerdbank.Serialize(Pooled, Value);
            return Pooled.WrittenCount;
        }

        // MemoryPack's own format: not compared with the MessagePack rows' bytes (the setup reads it back instead).
        [Benchmark(Description = "MemoryPack MemoryPackSerializer.Serialize(IBufferWriter) (own format)")]
        [NotCompared]
        public long MemoryPackRow()
        {
            Pooled.Reset();
            MemoryPackSerializer.Serialize(Pooled, Value);
            return Pooled.WrittenCount;
        }
    }

    /// <summary>
    /// The rows of a model's deserialize benchmark that are the same for every model: MessagePack-CSharp (the
    /// baseline) and Nerdbank.MessagePack from a ReadOnlyMemory of the MessagePack bytes (ours, which the setup checks
    /// are MessagePack-CSharp's) and from the 3-segment sequence, and MemoryPack from its own bytes. A model's class adds
    /// our rows. Every row returns the value it read; the setup writes each again with MessagePack-CSharp and compares
    /// the bytes with the input (every row read the whole graph, equal to the model).
    /// </summary>
    public abstract class DeserializeBase<T> : BenchmarkBase
        where T : class, IShapeable<T>
    {
        /// <summary>The MessagePack input (exactly its length, pinned).</summary>
        protected byte[] Input = System.Array.Empty<byte>();

        /// <summary>The input as one segment, for our reader.</summary>
        protected ReadOnlySequence<byte> OneSegment;

        /// <summary>The input in three segments, for the readers that take a sequence.</summary>
        protected ReadOnlySequence<byte> ThreeSegments;

        /// <summary>MemoryPack's bytes of the same value.</summary>
        protected byte[] MemoryPackInput = System.Array.Empty<byte>();

        /// <summary>Sets the input (MessagePack-CSharp's bytes of the model, which ours must equal) and checks every row's value.</summary>
        /// <param name="model">The model.</param>
        /// <param name="ours">Our generated Write's bytes of the model.</param>
        protected void SetUp(T model, byte[] ours)
        {
            byte[] reference = SerializerPeers.Reference(model);
            Fairness.SameBytes(Workload, "MsgPackSpec (the input)", reference, ours);

            Input = Pinned.Copy<byte>(reference);
            OneSegment = new ReadOnlySequence<byte>(Input);
            ThreeSegments = SerializerPeers.ThreeSegments(Input);
            Fairness.Check(!ThreeSegments.IsSingleSegment, Workload, "the 3-segment input has one segment.");
            MemoryPackInput = MemoryPackSerializer.Serialize(model);
            foreach (MethodInfo method in Benchmarks(GetType()))
            {
                object? value;
                try
                {
                    value = method.Invoke(this, null);
                }
                catch (TargetInvocationException e) when (e.InnerException is not null)
                {
                    throw new InvalidOperationException($"{Workload}: {Name(method)} threw {e.InnerException.GetType().Name}: {e.InnerException.Message}", e.InnerException);
                }

                Fairness.Check(value is T, Workload, $"{Name(method)} returned {value?.GetType().Name ?? "null"}.");
                Fairness.SameBytes(Workload, Name(method) + ", written again by MessagePack-CSharp", reference, SerializerPeers.Reference((T)value!));
            }
        }

        [Benchmark(Baseline = true, Description = "MessagePack-CSharp MessagePackSerializer.Deserialize(ReadOnlyMemory)")]
        [Allocates("the object graph it returns")]
        public T MessagePackCSharpRow() => MessagePack.MessagePackSerializer.Deserialize<T>(Input.AsMemory());

        [Benchmark(Description = "MessagePack-CSharp MessagePackSerializer.Deserialize(ReadOnlySequence), 3 segments")]
        [Allocates("the object graph it returns")]
        [FullOnly]
        public T MessagePackCSharpSegmentsRow() => MessagePack.MessagePackSerializer.Deserialize<T>(ThreeSegments);

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Deserialize(ReadOnlyMemory)")]
        [Allocates("the object graph it returns")]
        public T NerdbankRow() => SerializerPeers.Nerdbank.Deserialize<T>(Input.AsMemory())!;

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.Deserialize(ReadOnlySequence), 3 segments")]
        [Allocates("the object graph it returns")]
        [FullOnly]
        public T NerdbankSegmentsRow() => SerializerPeers.Nerdbank.Deserialize<T>(ThreeSegments)!;

        [Benchmark(Description = "MemoryPack MemoryPackSerializer.Deserialize(ReadOnlySpan) (own format)")]
        [Allocates("the object graph it returns")]
        public T MemoryPackRow() => MemoryPackSerializer.Deserialize<T>(MemoryPackInput)!;
    }
}
