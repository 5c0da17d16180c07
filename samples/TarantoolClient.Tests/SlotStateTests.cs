using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Xunit;
using Xunit.Abstractions;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>
    /// The request slot's state machine (<see cref="SlotState"/>) over every interleaving of the events that touch a
    /// slot: the caller's release, the cancellation or the timeout, the late answer and the connection's end. Each
    /// event is modelled as the client runs it, a read of the state, a compare-and-swap (read again when it fails),
    /// then its effects (completing the awaitable, putting the slot back into the pool), and the checker tries every
    /// order of every party's steps. Every order must end with the slot freed exactly once and the request completed
    /// at most once. The same checker finds the lost release of the state machine this one replaced.
    /// </summary>
    public sealed class SlotStateTests(ITestOutputHelper output)
    {
        private const uint Generation = 7;

        // Where a party is in its steps: reading, swapping, or carrying out the effects of its swap.
        private const int Finished = -1;
        private const int Reading = 0;
        private const int Swapping = 1;
        private const int Completing = 2;
        private const int Freeing = 3;

        /// <summary>The model's shared memory: the slot's state, and what was done to the slot and its awaitable.</summary>
        private readonly record struct World(long Slot, int Completions, int Frees, string? Fault);

        /// <summary>One party: where it is (<see cref="Reading"/> and so on, or a logic's own steps), and the state it read.</summary>
        private readonly record struct Party(int Pc, long Read);

        private delegate (World World, Party Party) Step(World world, Party party);

        /// <summary>An event's steps, and where it starts. The caller's release waits for the request's completion (it awaits the task first).</summary>
        private sealed record Event(string Name, Step Step, Party Start, bool AfterCompletion = false);

        /// <summary>What the checker saw: the distinct states reached, the distinct states where every party had finished, and every fault with the steps that first led to it.</summary>
        private sealed record Outcome(int States, int Ends, List<string> Faults);

        // The effects of a swap, which other parties' steps can fall between like any other step.
        private static (World, Party) Effect(World world, Party party)
        {
            switch (party.Pc)
            {
                case Completing:
                    // SetResult or SetException: once only, and never on a slot that went back to the pool.
                    string? fault = world.Completions > 0 ? "completed twice" : world.Frees > 0 ? "completed after it was freed" : null;
                    return (world with { Completions = world.Completions + 1, Fault = world.Fault ?? fault }, party with { Pc = Finished });
                case Freeing:
                    // ReleaseToPool: the next generation, free.
                    string? twice = world.Frees > 0 ? "freed twice" : null;
                    return (world with { Slot = SlotState.Tag(Generation + 1, SlotState.Free), Frees = world.Frees + 1, Fault = world.Fault ?? twice }, party with { Pc = Finished });
                default:
                    throw new InvalidOperationException($"no step {party.Pc}");
            }
        }

        /// <summary>
        /// An event as <see cref="PendingRequest"/> applies it: a swap from the phase it usually finds to
        /// <see cref="SlotState.Next"/> of it, then, if that failed, a read and a swap from what was read (the client
        /// takes the state the failed swap found, which is a read with no step between; the model lets any step fall
        /// in between), and so on; then the effects.
        /// </summary>
        private static Event Today(string name, SlotEvent happened, bool afterCompletion = false) => new(name, (world, party) =>
        {
            switch (party.Pc)
            {
                case Reading:
                    return (world, new Party(Swapping, world.Slot));
                case Swapping:
                    long next = SlotState.Next(party.Read, Generation, happened);
                    if (next == party.Read)
                    {
                        return (world, party with { Pc = Finished });
                    }

                    if (world.Slot != party.Read)
                    {
                        return (world, party with { Pc = Reading }); // the swap failed: read again
                    }

                    int then = SlotState.Completes(party.Read, next) ? Completing : SlotState.Frees(next) ? Freeing : Finished;
                    return (world with { Slot = next }, party with { Pc = then });
                default:
                    return Effect(world, party);
            }
        }, new Party(Swapping, SlotState.Tag(Generation, SlotState.Usual(happened))), afterCompletion);

        /// <summary>
        /// Every order of every party's steps (a depth-first search over the distinct states, so each is expanded
        /// once). A state where no party can move and some are not finished is a fault too: the caller waits for a
        /// completion that never comes.
        /// </summary>
        private static Outcome Explore(long initial, Event[] events, Func<World, string?> atTheEnd)
        {
            var seen = new HashSet<Int128>();
            var faults = new List<string>();
            var pending = new Stack<(World World, Party[] Parties, string Trace)>();
            pending.Push((new World(initial, 0, 0, null), events.Select(e => e.Start).ToArray(), ""));
            int ends = 0;
            while (pending.Count > 0)
            {
                (World world, Party[] parties, string trace) = pending.Pop();
                if (world.Fault is not null)
                {
                    faults.Add($"{world.Fault} after{trace}");
                    continue;
                }

                bool finished = true, moved = false;
                for (int i = 0; i < events.Length; i++)
                {
                    if (parties[i].Pc == Finished)
                    {
                        continue;
                    }

                    finished = false;
                    if (events[i].AfterCompletion && world.Completions == 0)
                    {
                        continue;
                    }

                    moved = true;
                    (World nextWorld, Party party) = events[i].Step(world, parties[i]);
                    Party[] nextParties = (Party[])parties.Clone();
                    nextParties[i] = party;
                    if (seen.Add(Key(nextWorld, nextParties)))
                    {
                        pending.Push((nextWorld, nextParties, $"{trace} {events[i].Name}:{parties[i].Pc}"));
                    }
                }

                if (finished)
                {
                    ends++;
                    if (atTheEnd(world) is { } fault)
                    {
                        faults.Add($"{fault} after{trace}");
                    }
                }
                else if (!moved)
                {
                    faults.Add($"stuck (the caller waits for a completion that never comes) after{trace}");
                }
            }

            return new Outcome(seen.Count, ends, faults);
        }

        // A state of the model packed into 128 bits, so that the search remembers the states it expanded cheaply: the
        // slot (two generations, 3 bits of phase), the counts, whether a fault was seen, and each party's step and the
        // state it read.
        private static Int128 Key(World world, Party[] parties)
        {
            Int128 key = Packed(world.Slot, 8);
            key = (key << 2) | Packed(world.Completions, 2);
            key = (key << 2) | Packed(world.Frees, 2);
            key = (key << 1) | (world.Fault is null ? 0 : 1);
            foreach (Party party in parties)
            {
                key = (key << 4) | Packed(party.Pc + 1, 4);
                key = (key << 8) | Packed(party.Read, 8);
            }

            return key;
        }

        private static long Packed(long value, int bits) =>
            value >= 0 && value < 1L << bits ? value : throw new InvalidOperationException($"{value} does not fit the model's {bits} bits");

        private static string? FreedOnceCompletedOnce(World world) =>
            world.Frees != 1 ? $"freed {world.Frees} times (state {world.Slot & SlotState.PhaseMask} of generation {SlotState.GenerationOf(world.Slot)})"
            : world.Slot != SlotState.Tag(Generation + 1, SlotState.Free) ? $"left in state {world.Slot}"
            : world.Completions != 1 ? $"completed {world.Completions} times"
            : null;

        private void AssertNoFault(string scenario, Outcome outcome)
        {
            output.WriteLine($"{scenario}: {outcome.States} states, {outcome.Ends} end states, {outcome.Faults.Count} faults");
            Assert.True(outcome.Ends > 0, $"{scenario}: no order ended");
            Assert.True(outcome.Faults.Count == 0, $"{scenario}: {outcome.Faults.Count} faulty orders, e.g. {string.Join("\n", outcome.Faults.Take(3))}");
        }

        /// <summary>
        /// The slot of a request in flight, under every mix of the events: none, one or two cancellations (the token and
        /// the timer); the answer, the connection's end, or both (in either order); the caller's release, and a copy of
        /// the response disposed again. The release waits for the completion, as the caller awaits its task first.
        /// </summary>
        [Fact]
        public void Every_interleaving_of_the_events_frees_the_slot_once_and_completes_it_once()
        {
            // The first swap of each event is tried without a read, from the phase the event usually finds: it must
            // act there, or the event would give up without looking (the checker below would find that too).
            foreach (SlotEvent happened in Enum.GetValues<SlotEvent>())
            {
                long usual = SlotState.Tag(Generation, SlotState.Usual(happened));
                Assert.NotEqual(usual, SlotState.Next(usual, Generation, happened));
            }

            int scenarios = 0;
            foreach (int cancellations in new[] { 0, 1, 2 })
            {
                foreach ((bool answer, bool close) in new[] { (true, false), (false, true), (true, true) })
                {
                    foreach (int releases in new[] { 1, 2 })
                    {
                        var events = new List<Event>();
                        events.AddRange(Enumerable.Range(0, cancellations).Select(i => Today($"cancel{i}", SlotEvent.Cancel)));
                        if (answer)
                        {
                            events.Add(Today("answer", SlotEvent.Answer));
                        }

                        if (close)
                        {
                            events.Add(Today("close", SlotEvent.Answer));
                        }

                        events.AddRange(Enumerable.Range(0, releases).Select(i => Today($"release{i}", SlotEvent.Release, afterCompletion: true)));
                        string scenario = string.Join(" + ", events.Select(e => e.Name));
                        AssertNoFault(scenario, Explore(SlotState.Tag(Generation, SlotState.InFlight), [.. events], FreedOnceCompletedOnce));
                        scenarios++;
                    }
                }
            }

            Assert.Equal(18, scenarios);
        }

        /// <summary>
        /// A request whose frame never reached the pipe (its body threw): the caller abandons the slot while the timer,
        /// the connection's end and an answer under a guessed sync try their steps on it. None of them may touch it.
        /// </summary>
        [Fact]
        public void An_abandoned_slot_is_freed_once_and_never_completed()
        {
            Event[] events =
            [
                Today("abandon", SlotEvent.Abandon), Today("timeout", SlotEvent.Cancel), Today("answer", SlotEvent.Answer), Today("close", SlotEvent.Answer),
            ];
            Outcome outcome = Explore(SlotState.Tag(Generation, SlotState.Reserved), events, world =>
                world.Frees != 1 ? $"freed {world.Frees} times" : world.Completions != 0 ? $"completed {world.Completions} times" : null);
            AssertNoFault("abandon + timeout + answer + close", outcome);
        }

        // The state machine before issue #31: seven phases, and a release that tried three transitions one after
        // another. Modelled step for step, each of its compare-and-swaps (Move) one atomic step.
        private const long OldInFlight = 1, OldCompleted = 2, OldReleasing = 3, OldCancelled = 4, OldCancelledTaken = 5, OldCancelledAnswered = 6;

        private static (World, Party) OldMove(World world, Party party, long from, long to, int success, int failure) =>
            world.Slot == SlotState.Tag(Generation, from)
                ? (world with { Slot = SlotState.Tag(Generation, to) }, party with { Pc = success })
                : (world, party with { Pc = failure });

        private static readonly Party OldStart = new(Reading, 0);

        private static readonly Event OldCancel = new("cancel", (world, party) =>
            party.Pc == Reading ? OldMove(world, party, OldInFlight, OldCancelled, Completing, Finished) : Effect(world, party), OldStart);

        // TryAnswer: read, then the compare-and-swap its phase calls for, read again when that fails.
        private static Event OldAnswer(string name) => new(name, (world, party) =>
        {
            switch (party.Pc)
            {
                case Reading:
                    return (world, new Party(Swapping, world.Slot));
                case Swapping:
                    if (SlotState.GenerationOf(party.Read) != Generation)
                    {
                        return (world, party with { Pc = Finished });
                    }

                    return (party.Read & SlotState.PhaseMask) switch
                    {
                        OldInFlight => OldMove(world, party, OldInFlight, OldCompleted, Completing, Reading),
                        OldCancelled => OldMove(world, party, OldCancelled, OldCancelledAnswered, Finished, Reading),
                        OldCancelledTaken => OldMove(world, party, OldCancelledTaken, OldReleasing, Freeing, Reading),
                        _ => (world, party with { Pc = Finished }),
                    };
                default:
                    return Effect(world, party);
            }
        }, OldStart);

        // TryRelease: completed → releasing, else cancelled-and-answered → releasing, else cancelled → cancelled-and-taken.
        private static readonly Event OldRelease = new("release", (world, party) => party.Pc switch
        {
            Reading => OldMove(world, party, OldCompleted, OldReleasing, Freeing, 10),
            10 => OldMove(world, party, OldCancelledAnswered, OldReleasing, Freeing, 11),
            11 => OldMove(world, party, OldCancelled, OldCancelledTaken, Finished, Finished),
            _ => Effect(world, party),
        }, OldStart, AfterCompletion: true);

        /// <summary>
        /// The checker's own test: the state machine before issue #31, modelled step for step, loses the release. A
        /// late answer that moves the slot from cancelled to cancelled-and-answered between the release's second and
        /// third attempt leaves the slot held for good; the checker must find that order.
        /// </summary>
        [Fact]
        public void The_checker_finds_the_lost_release_of_the_old_state_machine()
        {
            Outcome outcome = Explore(SlotState.Tag(Generation, OldInFlight), [OldCancel, OldAnswer("answer"), OldRelease], FreedOnceCompletedOnce);
            output.WriteLine($"old: {outcome.States} states, {outcome.Ends} end states, {outcome.Faults.Count} faults, e.g. {outcome.Faults.FirstOrDefault()}");
            Assert.Contains(outcome.Faults, fault => fault.StartsWith("freed 0 times", StringComparison.Ordinal) && fault.Contains("release:11", StringComparison.Ordinal));
        }

        /// <summary>
        /// The same events on a real <see cref="PendingRequest"/>, in every order the caller can see (its release after
        /// the first completion): the request completes with what came first, and the slot is back in the pool, once.
        /// </summary>
        [Fact]
        public async Task Every_order_of_the_events_on_a_real_slot_frees_it_once()
        {
            string[] names = ["cancel", "answer", "close", "release"];
            int orders = 0;
            foreach (string[] order in Permutations(names).Where(o => Array.IndexOf(o, "release") > 0))
            {
                var pool = new PendingRequests();
                PendingRequest slot = pool.Rent(0, long.MaxValue);
                slot.Publish();
                uint generation = slot.Generation;
                var task = new ValueTask<TarantoolResponse>(slot, slot.Version);
                foreach (string name in order)
                {
                    switch (name)
                    {
                        case "cancel":
                            slot.Cancel(generation, new TimeoutException("timed out"));
                            break;
                        case "answer":
                            slot.TryAnswer(generation, new ReadOnlySequence<byte>([0x80]), 1, null);
                            break;
                        case "close":
                            slot.CloseWire(new IOException("closed"));
                            break;
                        default:
                            Assert.True(task.IsCompleted, string.Join(" ", order));
                            Type? outcome = null;
                            try
                            {
                                // Completed already: the await reads the result (or throws) at once, and lets go.
                                using TarantoolResponse _ = await task;
                            }
                            catch (Exception error)
                            {
                                outcome = error.GetType();
                            }

                            Type? expected = order[0] switch { "cancel" => typeof(TimeoutException), "close" => typeof(IOException), _ => null };
                            Assert.Equal(expected, outcome);
                            break;
                    }
                }

                string what = string.Join(" ", order);
                Assert.Equal((1, 1, generation + 1), (pool.Capacity, pool.FreeCount, slot.Generation));
                Assert.False(slot.IsAwaitingAnswer(generation), what);
                orders++;
            }

            Assert.Equal(18, orders); // 24 orders less the 6 with the release first
        }

        private static IEnumerable<string[]> Permutations(string[] items) => items.Length <= 1
            ? [items]
            : items.SelectMany((item, i) => Permutations([.. items[..i], .. items[(i + 1)..]]).Select(rest => rest.Prepend(item).ToArray()));

        /// <summary>
        /// The timer's check is exact on the clock: a request whose deadline is one tick away stays in flight, and
        /// one whose deadline has come times out. (With the period, a timeout fires no earlier than its duration.)
        /// </summary>
        [Fact]
        public void Expire_times_out_a_request_at_its_deadline_and_not_a_tick_before()
        {
            var pool = new PendingRequests();
            long started = MonotonicClock.Now;
            long deadline = MonotonicClock.Deadline(started, MonotonicClock.Ticks(TimeSpan.FromMilliseconds(10)));
            PendingRequest slot = pool.Rent(started, deadline);
            Assert.Equal(long.MaxValue, pool.Expire(deadline, "timed out")); // not yet on the wire: nothing to expire
            slot.Publish();
            var task = new ValueTask<TarantoolResponse>(slot, slot.Version);
            Assert.Equal(started, pool.Expire(deadline - 1, "timed out"));
            Assert.False(task.IsCompleted);
            Assert.Equal(long.MaxValue, pool.Expire(deadline, "timed out"));
            Assert.True(task.IsFaulted);
            Assert.Equal(Stopwatch.Frequency / 100, deadline - started); // 10 ms in the clock's ticks
        }
    }
}
