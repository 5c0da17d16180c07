using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using MsgPack.Spec.Fuzzing;
using MsgPack.Spec.Serialization;
using Xunit;
using Xunit.Abstractions;

namespace MsgPack.Spec.Samples.Tarantool.Tests.Types
{
    /// <summary>
    /// Every converter under the library's mutation fuzzer (bit flips, lying lengths, truncations, splices): each
    /// mutated document either reads, and then writes back to bytes that read to the same value, or fails with a
    /// <see cref="MsgPackException"/>; never another exception, never a hang; and a read allocates nothing the input did
    /// not justify (nothing at all when it succeeds, for all but the error's converter).
    /// </summary>
    [Collection(TarantoolCollection.Name)]
    public sealed class ConverterFuzzTests(ITestOutputHelper output)
    {
        private const int Inputs = 20_000;

        // What a failed read may allocate: the exception, its message, a few strings of context.
        private const long FailureBound = 16 * 1024;

        private delegate bool Checker(byte[] input, out long allocated);

        [Fact]
        public void Mutated_extensions_read_or_fail_with_a_MsgPackException()
        {
            var checks = new (string Name, Checker Check, bool AllocatesOnSuccess)[]
            {
                ("decimal", Check<decimal, TarantoolDecimalConverter>, false),
                ("uuid", Check<Guid, TarantoolUuidConverter>, false),
                ("datetime", Check<DateTimeOffset, TarantoolDateTimeOffsetConverter>, false),
                ("DateTime", Check<DateTime, TarantoolDateTimeConverter>, false),
                ("interval", Check<TarantoolInterval, TarantoolIntervalConverter>, false),
                ("error", Check<TarantoolException, TarantoolErrorConverter>, true),
                ("payment", CheckObject<Payment>, true),
                ("schedule", CheckObject<Schedule>, true),
            };
            var mutator = new FuzzMutator(20_261_127, Corpus());
            var tally = new Dictionary<string, (int Read, int Failed, long MostOnFailure)>();
            var clock = Stopwatch.StartNew();
            for (int i = 0; i < Inputs; i++)
            {
                byte[] input = mutator.Next();
                foreach ((string name, Checker check, bool allocatesOnSuccess) in checks)
                {
                    bool read = check(input, out long allocated);
                    (int ok, int failed, long most) = tally.GetValueOrDefault(name);
                    if (read)
                    {
                        Assert.True(allocatesOnSuccess || allocated == 0, $"{name}: a successful read allocated {allocated} bytes: {Convert.ToHexString(input)}");
                        tally[name] = (ok + 1, failed, most);
                    }
                    else
                    {
                        Assert.True(name == "error" || allocated <= FailureBound, $"{name}: a failed read allocated {allocated} bytes: {Convert.ToHexString(input)}");
                        tally[name] = (ok, failed + 1, Math.Max(most, allocated));
                    }
                }
            }

            foreach ((string name, (int ok, int failed, long most)) in tally)
            {
                output.WriteLine($"{name}: {ok:N0} read, {failed:N0} refused (at most {most:N0} bytes allocated by a refusal)");
                // Both outcomes happen: the fuzzer reaches past the checks, and the corpus is valid for each.
                Assert.True(ok > 100 && failed > 100, $"{name}: {ok} read, {failed} refused");
            }

            output.WriteLine($"{Inputs:N0} inputs in {clock.Elapsed.TotalSeconds:F1} s");
        }

        // Reads with the converter from a span and from the input split in two; a value read is written and read again.
        private static bool Check<T, TConverter>(byte[] input, out long allocated)
            where TConverter : struct, IMsgPackConverter<T>
        {
            T value;
            long before = GC.GetAllocatedBytesForCurrentThread();
            try
            {
                var reader = new MsgPackReader(input);
                value = default(TConverter).Read(ref reader, 0);
                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            }
            catch (MsgPackException)
            {
                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                AssertSameVerdictSplit<T, TConverter>(input, expectRead: false);
                return false;
            }

            AssertSameVerdictSplit<T, TConverter>(input, expectRead: true);
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            default(TConverter).Write(ref writer, value);
            writer.Flush();
            var again = new MsgPackReader(output.WrittenSpan);
            T reread = default(TConverter).Read(ref again, 0);
            Assert.True(again.End);
            if (value is not TarantoolException)
            {
                Assert.Equal(value, reread);
            }

            return true;
        }

        private static void AssertSameVerdictSplit<T, TConverter>(byte[] input, bool expectRead)
            where TConverter : struct, IMsgPackConverter<T>
        {
            if (input.Length < 2)
            {
                return;
            }

            int split = input.Length / 2;
            bool read;
            try
            {
                var reader = new MsgPackReader(Segments.Split(input, split));
                default(TConverter).Read(ref reader, 0);
                read = true;
            }
            catch (MsgPackException)
            {
                read = false;
            }

            Assert.True(read == expectRead, $"{typeof(T).Name}: split at {split} the verdict differs: {Convert.ToHexString(input)}");
        }

        private static bool CheckObject<T>(byte[] input, out long allocated)
            where T : IMsgPackSerializable<T>
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            try
            {
                var reader = new MsgPackReader(input);
                T.Read(ref reader);
                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                return true;
            }
            catch (MsgPackException)
            {
                allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                return false;
            }
        }

        // Valid documents of every converter: the mutator starts from these.
        private static List<byte[]> Corpus()
        {
            var corpus = new List<byte[]>();
            void Add<T, TConverter>(T value)
                where TConverter : struct, IMsgPackConverter<T>
            {
                var output = new ArrayBufferWriter<byte>();
                var writer = new MsgPackWriter(output);
                default(TConverter).Write(ref writer, value);
                writer.Flush();
                corpus.Add(output.WrittenSpan.ToArray());
            }

            foreach (decimal value in new[] { 0m, -1.5m, decimal.MaxValue, decimal.MinValue, 0.0000000000000000000000000001m, 123456789.000m, 10m })
            {
                Add<decimal, TarantoolDecimalConverter>(value);
            }

            corpus.Add(Converters.Hex("c7 15 01 26 03 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 33 3c")); // Tarantool's 1/3
            corpus.Add(Converters.Hex("d5 01 fd 1c")); // 1E+3
            Add<Guid, TarantoolUuidConverter>(Guid.Parse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6"));
            Add<Guid, TarantoolUuidConverter>(Guid.Empty);
            foreach (DateTimeOffset value in new[] { DateTimeOffset.UnixEpoch, DateTimeOffset.MaxValue, DateTimeOffset.MinValue, new DateTimeOffset(2024, 2, 29, 12, 34, 56, 789, TimeSpan.FromHours(-9.5)) })
            {
                Add<DateTimeOffset, TarantoolDateTimeOffsetConverter>(value);
            }

            foreach (TarantoolInterval value in new[] { default, new TarantoolInterval(1, 2, 3, 4, 5, 6, 7, 8, TarantoolIntervalAdjust.Last), new TarantoolInterval(Years: int.MinValue, Seconds: long.MaxValue) })
            {
                Add<TarantoolInterval, TarantoolIntervalConverter>(value);
            }

            Add<TarantoolException, TarantoolErrorConverter>(new TarantoolException(3, "Duplicate key", []));
            Add<TarantoolException, TarantoolErrorConverter>(new TarantoolException(0, "outer", [
                new TarantoolErrorFrame("CustomError", "init.lua", 10, "outer", 0, 0, """{"custom_type":"X","n":[1,2]}"""),
                new TarantoolErrorFrame("ClientError", "box.cc", 99, "cause", 2, 3, "{}"),
            ]));
            corpus.Add(Bytes(new Payment(7, -12.34m, Guid.Parse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6"), "note")));
            corpus.Add(Bytes(new Schedule
            {
                At = new DateTimeOffset(2024, 2, 29, 12, 34, 56, 789, TimeSpan.FromHours(3)),
                Utc = DateTime.UnixEpoch,
                Every = new TarantoolInterval(Months: 1, Days: -2),
                Limit = 1.5m,
                Ids = [Guid.Empty],
                Failure = new TarantoolException(1, "x", []),
            }));
            return corpus;
        }

        private static byte[] Bytes<T>(T value)
            where T : IMsgPackSerializable<T>
        {
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            T.Write(ref writer, value);
            writer.Flush();
            return output.WrittenSpan.ToArray();
        }
    }
}
