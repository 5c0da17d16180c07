using System;
using BenchmarkDotNet.Attributes;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// Renders the 1,887-byte document of <see cref="SkipDocument"/> (maps, arrays, strings of several scripts, every
    /// integer width, floats, bin, nil, booleans) as JSON: our <see cref="MsgPackJson"/> into a string and into a reused
    /// buffer writer, against the peers' <c>ConvertToJson</c> (both return a string). The conventions differ (bin, ext
    /// and non-str keys), so only our rows are compared with each other; the peers' texts are checked to be JSON.
    /// </summary>
    [MemoryDiagnoser]
    [BenchmarkCategory("Json", "Decode")]
    public class JsonRender : DecodeBase
    {
        private static readonly global::Nerdbank.MessagePack.MessagePackSerializer NbSerializer = new();

        [GlobalSetup]
        public void Setup()
        {
            SetInput(SkipDocument.Document());
            using var text = System.Text.Json.JsonDocument.Parse(MsgPackJson.ToJson(Input));
            foreach (string peer in new[] { MessagePack.MessagePackSerializer.ConvertToJson(Input), NbSerializer.ConvertToJson(Input) })
            {
                Fairness.Check(peer.Length > Length / 2, Workload, $"a peer's ConvertToJson returned {peer.Length} chars for a {Length}-byte document.");
            }

            Pooled.Reset();
            MsgPackJson.WriteJson(Input, Pooled);
            Fairness.Check(Pooled.WrittenCount == System.Text.Encoding.UTF8.GetByteCount(MsgPackJson.ToJson(Input)), Workload, "WriteJson and ToJson disagree.");
        }

        [Benchmark(Baseline = true, Description = "MsgPackSpec MsgPackJson.ToJson (string)")]
        [Allocates("the string it returns, and its buffer writer")]
        public long ToJson() => MsgPackJson.ToJson(Input).Length;

        [Benchmark(Description = "MsgPackSpec MsgPackJson.WriteJson (PooledBufferWriter)")]
        [NotCompared]
        public long WriteJson()
        {
            Pooled.Reset();
            MsgPackJson.WriteJson(Input, Pooled);
            return Pooled.WrittenCount;
        }

        [Benchmark(Description = "MessagePack-CSharp MessagePackSerializer.ConvertToJson")]
        [NotCompared]
        [Allocates("the string it returns")]
        public long MessagePackCSharp() => MessagePack.MessagePackSerializer.ConvertToJson(Input).Length;

        [Benchmark(Description = "Nerdbank.MessagePack MessagePackSerializer.ConvertToJson")]
        [NotCompared]
        [Allocates("the string it returns")]
        public long NerdbankConvert() => NbSerializer.ConvertToJson(Input).Length;
    }
}
