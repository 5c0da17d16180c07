using System;
using BenchmarkDotNet.Attributes;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Benchmarks.Serializers
{
    /// <summary>
    /// The contract for generic code against the concrete call (issue #29): a generated type written and read through a
    /// method generic over <c>T : IMsgPackSerializable&lt;T&gt;</c>, through its <c>MsgPackConverter</c> struct as a
    /// type parameter, and directly. IntKey (a class of 9 ints) and StringKey (a map of 9 str keys) are the peers' models;
    /// every row must show the concrete call's time and 0 B (the read rows allocate only the object they return).
    /// </summary>
    [MemoryDiagnoser]
    [GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory)]
    [BenchmarkCategory("Serializers", "Contract")]
    public class ContractCalls
    {
        private readonly byte[] _output = new byte[256];
        private IntKey _intKey = null!;
        private StringKey _stringKey = null!;
        private byte[] _intKeyBytes = null!;
        private byte[] _stringKeyBytes = null!;

        [GlobalSetup]
        public void Setup()
        {
            _intKey = IntKey.Sample();
            _stringKey = StringKey.Sample();
            _intKeyBytes = new byte[IntKey.GetEncodedLength(_intKey)];
            IntKey.Write(_intKeyBytes, _intKey);
            _stringKeyBytes = new byte[StringKey.GetEncodedLength(_stringKey)];
            StringKey.Write(_stringKeyBytes, _stringKey);
            Fairness.Check(Generic(_output, _intKey) == _intKeyBytes.Length, "Contract", "the generic write of IntKey wrote another length.");
            Fairness.Check(Converter<IntKey, IntKey.MsgPackConverter>(_output, _intKey) == _intKeyBytes.Length, "Contract", "the converter's write of IntKey wrote another length.");
        }

        [Benchmark(Baseline = true, Description = "IntKey.Write (advancing span), concrete")]
        [BenchmarkCategory("Write")]
        public int WriteConcrete()
        {
            Span<byte> rest = _output;
            IntKey.Write(ref rest, _intKey);
            return _output.Length - rest.Length;
        }

        [Benchmark(Description = "IntKey, generic over IMsgPackSerializable<T>")]
        [BenchmarkCategory("Write")]
        public int WriteGeneric() => Generic(_output, _intKey);

        [Benchmark(Description = "IntKey, generic over IMsgPackConverter<T> (its MsgPackConverter struct)")]
        [BenchmarkCategory("Write")]
        public int WriteConverter() => Converter<IntKey, IntKey.MsgPackConverter>(_output, _intKey);

        [Benchmark(Baseline = true, Description = "StringKey.Read (reader), concrete")]
        [BenchmarkCategory("Read")]
        [Allocates("the object it returns")]
        public StringKey ReadConcrete()
        {
            var reader = new MsgPackReader(_stringKeyBytes);
            return StringKey.Read(ref reader);
        }

        [Benchmark(Description = "StringKey, generic over IMsgPackSerializable<T>")]
        [BenchmarkCategory("Read")]
        [Allocates("the object it returns")]
        public StringKey ReadGeneric() => ReadGeneric<StringKey>(_stringKeyBytes);

        [Benchmark(Description = "StringKey, generic over IMsgPackConverter<T> (its MsgPackConverter struct)")]
        [BenchmarkCategory("Read")]
        [Allocates("the object it returns")]
        public StringKey ReadConverter() => ReadConverter<StringKey, StringKey.MsgPackConverter>(_stringKeyBytes);

        private static int Generic<T>(byte[] output, T value)
            where T : IMsgPackSerializable<T>
        {
            Span<byte> rest = output;
            T.Write(ref rest, value);
            return output.Length - rest.Length;
        }

        private static int Converter<T, TConverter>(byte[] output, T value)
            where TConverter : struct, IMsgPackConverter<T>
        {
            Span<byte> rest = output;
            default(TConverter).Write(ref rest, value);
            return output.Length - rest.Length;
        }

        private static T ReadGeneric<T>(byte[] input)
            where T : IMsgPackSerializable<T>
        {
            var reader = new MsgPackReader(input);
            return T.Read(ref reader);
        }

        private static T ReadConverter<T, TConverter>(byte[] input)
            where TConverter : struct, IMsgPackConverter<T>
        {
            var reader = new MsgPackReader(input);
            return default(TConverter).Read(ref reader, 0);
        }
    }
}
