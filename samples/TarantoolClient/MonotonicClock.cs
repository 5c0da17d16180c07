using System;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>
    /// The clock of every deadline of the client: <see cref="Stopwatch.GetTimestamp"/>, monotonic and of high
    /// resolution. Not <see cref="Environment.TickCount64"/>: on Linux that is the coarse monotonic clock, which moves
    /// in steps of 4 ms and now and then jumps 16 to 20 ms, so a deadline on it can pass that long before its duration
    /// has.
    /// </summary>
    internal static class MonotonicClock
    {
        /// <summary>Now, in ticks of <see cref="Stopwatch.Frequency"/>.</summary>
        public static long Now => Stopwatch.GetTimestamp();

        /// <summary>A duration in the clock's ticks, rounded up so that a deadline never comes early; <see cref="long.MaxValue"/> for <see cref="Timeout.InfiniteTimeSpan"/>.</summary>
        /// <param name="duration">Positive, or <see cref="Timeout.InfiniteTimeSpan"/>.</param>
        /// <returns>The ticks.</returns>
        public static long Ticks(TimeSpan duration) => duration == Timeout.InfiniteTimeSpan
            ? long.MaxValue
            : (long)(((Int128)duration.Ticks * Stopwatch.Frequency + TimeSpan.TicksPerSecond - 1) / TimeSpan.TicksPerSecond);

        /// <summary>When a duration that starts at <paramref name="start"/> ends; <see cref="long.MaxValue"/> for never.</summary>
        /// <param name="start">A time of the clock.</param>
        /// <param name="ticks">The duration in ticks (<see cref="Ticks"/>), <see cref="long.MaxValue"/> for infinite.</param>
        /// <returns>The deadline.</returns>
        public static long Deadline(long start, long ticks) => ticks == long.MaxValue ? long.MaxValue : start + ticks;

        /// <summary>Ticks in whole milliseconds, rounded up (a timer armed for them does not come back before they passed by its own count).</summary>
        /// <param name="ticks">Non-negative ticks.</param>
        /// <returns>The milliseconds.</returns>
        public static long Milliseconds(long ticks) => (long)(((Int128)ticks * 1000 + Stopwatch.Frequency - 1) / Stopwatch.Frequency);
    }

    /// <summary>
    /// Cancels a token source once a duration has passed by <see cref="MonotonicClock"/>. A <see cref="Timer"/> alone
    /// (and <see cref="CancellationTokenSource.CancelAfter(TimeSpan)"/>, which is one) counts its due time on
    /// <see cref="Environment.TickCount64"/>, and can fire a step of that clock early; when it does, the alarm arms
    /// itself again for what is left.
    /// </summary>
    internal sealed class MonotonicAlarm : IAsyncDisposable
    {
        private readonly CancellationTokenSource _source;
        private readonly long _due;
        private readonly Timer _timer;

        /// <summary>Starts the alarm.</summary>
        /// <param name="source">What to cancel; disposed only after the alarm is.</param>
        /// <param name="after">Positive (not infinite).</param>
        public MonotonicAlarm(CancellationTokenSource source, TimeSpan after)
        {
            _source = source;
            long now = MonotonicClock.Now;
            _due = MonotonicClock.Deadline(now, MonotonicClock.Ticks(after));
            _timer = new Timer(static state => ((MonotonicAlarm)state!).Ring(), this, Timeout.Infinite, Timeout.Infinite);
            Arm(_due - now);
        }

        private void Ring()
        {
            long left = _due - MonotonicClock.Now;
            if (left > 0)
            {
                Arm(left);
                return;
            }

            _source.Cancel();
        }

        // A timer disposed in the meantime ignores this (Change returns false).
        private void Arm(long ticks) => _timer.Change(MonotonicClock.Milliseconds(ticks), Timeout.Infinite);

        /// <summary>Stops the alarm; completes once a ring under way has finished, so the source can be disposed next.</summary>
        /// <returns>Completes when the timer has stopped.</returns>
        public ValueTask DisposeAsync() => _timer.DisposeAsync();
    }
}
