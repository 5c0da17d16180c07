using System.Runtime.CompilerServices;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>What happens to a request's slot, each decided by <see cref="SlotState.Next"/> on the state it finds.</summary>
    internal enum SlotEvent
    {
        /// <summary>The caller's token or the request timeout: fails the request at once if nothing completed it yet.</summary>
        Cancel,

        /// <summary>The server's answer, or the connection's end: the wire lets go (and completes the request, unless a cancellation did).</summary>
        Answer,

        /// <summary>The caller lets go: it took the error or the cancellation, or disposed the response.</summary>
        Release,

        /// <summary>The request's frame never reached the pipe: the caller lets go of a slot the wire never held.</summary>
        Abandon,
    }

    /// <summary>
    /// The state of a request's slot: one <see cref="long"/>, the generation above <see cref="PhaseBits"/> bits of
    /// phase, and the pure function that moves it. <see cref="PendingRequest"/> applies <see cref="Next"/> in a
    /// compare-and-swap loop, so every event is one atomic step decided on the state it read; the tests check the
    /// function over every interleaving of the events' reads and swaps.
    /// </summary>
    /// <remarks>
    /// The phase is who still holds the slot, and whether the request's awaitable is completed. The wire holds it
    /// until the answer arrives or the connection ends, so that no later request is handed a late answer under a
    /// reused sync; the caller holds it until it took the error or disposed the response. Each event clears at most
    /// its own holder's bit (and sets <see cref="Done"/>), and whoever clears the last one frees the slot. So the
    /// order of the cancellation, the answer, the connection's end and the caller's release does not matter: no event
    /// decides by a series of attempts that another event could fall between, and no state leaves both holders
    /// believing the other will free it.
    /// </remarks>
    internal static class SlotState
    {
        /// <summary>The wire holds the slot: its answer has not come and the connection has not ended.</summary>
        public const long Wire = 1;

        /// <summary>The caller holds the slot: it has not taken the error yet, nor disposed the response.</summary>
        public const long Caller = 2;

        /// <summary>The request's awaitable is completed: with the answer, the server's error, the connection's end, the cancellation or the timeout.</summary>
        public const long Done = 4;

        /// <summary>The bits of the phase, below the generation.</summary>
        public const int PhaseBits = 3;

        /// <summary>The phase's bits.</summary>
        public const long PhaseMask = (1 << PhaseBits) - 1;

        /// <summary>In the pool.</summary>
        public const long Free = 0;

        /// <summary>Rented, its frame not yet in the pipe: only the caller knows the slot, so nothing else can act on it.</summary>
        public const long Reserved = Caller;

        /// <summary>In the pipe or on the wire, waiting for its answer.</summary>
        public const long InFlight = Wire | Caller;

        /// <summary>Neither holds it: the one whose step led here puts it back into the pool (and bumps the generation).</summary>
        public const long Released = Done;

        /// <summary>The state of a generation in a phase.</summary>
        /// <param name="generation">The generation.</param>
        /// <param name="phase">The phase.</param>
        /// <returns>The state.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static long Tag(uint generation, long phase) => ((long)generation << PhaseBits) | phase;

        /// <summary>The generation of a state.</summary>
        /// <param name="state">The state.</param>
        /// <returns>Its generation.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static uint GenerationOf(long state) => (uint)(state >> PhaseBits);

        /// <summary>
        /// The state after <paramref name="happened"/> befell the request of <paramref name="generation"/> in
        /// <paramref name="state"/>; <paramref name="state"/> itself when the event does nothing there (another
        /// generation, a holder that let go already, a cancellation after the completion).
        /// </summary>
        /// <param name="state">The state read.</param>
        /// <param name="generation">The generation the event is for.</param>
        /// <param name="happened">The event.</param>
        /// <returns>The state to swap in, or <paramref name="state"/>.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static long Next(long state, uint generation, SlotEvent happened)
        {
            if (GenerationOf(state) != generation)
            {
                return state;
            }

            long phase = state & PhaseMask;
            long next = happened switch
            {
                // Only a request that nothing completed yet: after the answer, the cancellation is too late.
                SlotEvent.Cancel => phase == InFlight ? InFlight | Done : phase,
                // The wire's hold ends, once; a request not yet completed is completed by it.
                SlotEvent.Answer => (phase & Wire) != 0 ? (phase & ~Wire) | Done : phase,
                // The caller lets go only of a completed request (it has its result); a pending one stays held.
                SlotEvent.Release => (phase & (Caller | Done)) == (Caller | Done) ? phase & ~Caller : phase,
                SlotEvent.Abandon => phase == Reserved ? Released : phase,
                _ => phase,
            };
            return next == phase ? state : (state & ~PhaseMask) | next;
        }

        /// <summary>
        /// The phase in which <paramref name="happened"/> usually finds the slot, and acts (the tests check that it
        /// does): the first compare-and-swap is tried from it without a read.
        /// </summary>
        /// <param name="happened">The event.</param>
        /// <returns>In flight for the cancellation and the answer, answered and held by the caller for the release, reserved for abandoning.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static long Usual(SlotEvent happened) => happened switch
        {
            SlotEvent.Release => Caller | Done,
            SlotEvent.Abandon => Reserved,
            _ => InFlight,
        };

        /// <summary>Whether the step from <paramref name="from"/> to <paramref name="to"/> completes the request's awaitable: the first completion of a request the wire held.</summary>
        /// <param name="from">The state swapped out.</param>
        /// <param name="to">The state swapped in.</param>
        /// <returns>True for the one step that must complete the awaitable.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool Completes(long from, long to) => (from & (Wire | Done)) == Wire && (to & Done) != 0;

        /// <summary>Whether the step that swapped in <paramref name="to"/> let go of the last hold, so that its maker puts the slot back into the pool.</summary>
        /// <param name="to">The state swapped in.</param>
        /// <returns>True for the one step that must free the slot.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool Frees(long to) => (to & PhaseMask) == Released;
    }
}
