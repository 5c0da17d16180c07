using System;
using System.Diagnostics;
using System.Threading;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>
    /// Runs the fuzzer for a time budget on a dedicated thread (of <see cref="FuzzTargets.StackSize"/>: a reader that
    /// recursed per level of input would overflow it), watched from the calling thread: an input whose
    /// checks take longer than <see cref="SlowLimit"/> is a failure, one that does not finish within
    /// <see cref="HangLimit"/> is a hang and ends the run (the stuck thread is abandoned; it is a background thread).
    /// </summary>
    /// <remarks>The xunit test and the console fuzzer (tests/MsgPack.Spec.Fuzz) both run exactly this.</remarks>
    internal sealed class FuzzRunner
    {
        private readonly ulong _seed;
        private readonly FuzzReport _report;
        private long _currentIndex = -1;
        private long _currentStarted;
        private byte[]? _currentInput;
        private volatile bool _stop;

        public FuzzRunner(ulong seed)
        {
            _seed = seed;
            _report = new FuzzReport(seed);
        }

        /// <summary>The checks of one input may take this long before they count as a failure (slow).</summary>
        public TimeSpan SlowLimit { get; set; } = TimeSpan.FromSeconds(2);

        /// <summary>An input whose checks take this long is a hang: the run stops and reports it.</summary>
        public TimeSpan HangLimit { get; set; } = TimeSpan.FromSeconds(20);

        /// <summary>Stops after this many inputs (default: only the time budget stops the run).</summary>
        public long MaxInputs { get; set; } = long.MaxValue;

        /// <summary>Whether the inputs really sat before an unreadable page (known after <see cref="Run"/>).</summary>
        public bool Guarded { get; private set; }

        public FuzzReport Run(TimeSpan budget, TimeSpan progressInterval, Action<FuzzReport>? progress)
        {
            var clock = Stopwatch.StartNew();
            Exception? crash = null;
            var worker = new Thread(
                () =>
                {
                    try
                    {
                        Work(budget, clock);
                    }
                    catch (Exception e)
                    {
                        crash = e;
                    }
                },
                FuzzTargets.StackSize)
            {
                IsBackground = true,
                Name = "fuzzer",
            };
            worker.Start();

            TimeSpan nextProgress = progressInterval;
            while (!worker.Join(100))
            {
                _report.Elapsed = clock.Elapsed;
                long started = Interlocked.Read(ref _currentStarted);
                if (started != 0 && Stopwatch.GetElapsedTime(started) > HangLimit)
                {
                    _stop = true;
                    byte[] input = _currentInput ?? Array.Empty<byte>();
                    long index = Interlocked.Read(ref _currentIndex);
                    _report.Add("hang", "(all readers)", $"no result after {HangLimit.TotalSeconds} s", index, input, string.Empty);
                    _report.Aborted = $"input #{index} did not finish within {HangLimit.TotalSeconds} s";
                    break;
                }

                if (progress != null && clock.Elapsed >= nextProgress)
                {
                    progress(_report);
                    nextProgress += progressInterval;
                }
            }

            _report.Elapsed = clock.Elapsed;
            if (crash != null)
            {
                _report.Add("harness crashed", "(fuzzer)", crash.ToString(), Interlocked.Read(ref _currentIndex), _currentInput ?? Array.Empty<byte>(), string.Empty);
                _report.Aborted = "the fuzzer itself threw: " + crash.Message;
            }

            return _report;
        }

        private void Work(TimeSpan budget, Stopwatch clock)
        {
            var mutator = new FuzzMutator(_seed, FuzzCorpus.Build());
            using var oracle = new FuzzOracle(_report, _seed);
            Guarded = oracle.IsGuarded;
            for (long index = 0; index < MaxInputs && clock.Elapsed < budget && !_stop; index++)
            {
                byte[] input = mutator.Next();
                _currentInput = input;
                Interlocked.Exchange(ref _currentIndex, index);
                long started = Stopwatch.GetTimestamp();
                Interlocked.Exchange(ref _currentStarted, started);
                oracle.Check(input, index);
                Interlocked.Exchange(ref _currentStarted, 0);
                TimeSpan took = Stopwatch.GetElapsedTime(started);
                if (took > SlowLimit)
                {
                    _report.Add("slow", "(all readers)", $"the checks took {took.TotalMilliseconds:F0} ms", index, input, string.Empty);
                }

                _report.CountInput(index, took.TotalMilliseconds);
            }
        }
    }
}
