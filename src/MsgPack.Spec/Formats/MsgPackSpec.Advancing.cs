namespace MsgPack.Spec
{
    // What the advancing front doors share. Write*(ref Span<byte>) and Read*(ref ReadOnlySpan<byte>) write or read one
    // value and move the span past it; their Try twins never throw, and move the span only on success, so that a loop
    // over input that may be incomplete (or a destination that may be full) keeps the advancing shape. Each calls a door
    // over the span or, on the hot paths, the core itself: nothing is encoded or decoded twice. They stand with each
    // format's other doors in MsgPackSpec.FrontDoors.g.cs, written by tools/MsgPack.Spec.CodeGen, but for the three
    // whose bodies are their own: WriteString and TryWriteString over a string (MsgPackSpec.String.cs) and Skip
    // (MsgPackSpec.Skip.cs).
    //
    // Why they exist: the usual span loop, "w += WriteInt32(span.Slice(w), v)", keeps an index. The JIT then adds
    // the index to the span's start and subtracts it from the length for every value, on top of Slice's own bounds
    // check (seed workload, 100 int32, full run in docs/benchmarks.md: 73.2 ns, against 51.6 ns for the same loop
    // over a pointer and 61.4 ns for this one). A span that advances is a pointer and a length the JIT keeps in two
    // registers: each value costs the pointer loop plus one compare against the largest form and one subtract. The
    // writers of integers and of array and map headers check the room themselves (InlineAdvance in the tool's table),
    // so that their cold paths only throw (no call that returns) and the caller's loop keeps its values in registers.
    public static partial class MsgPackSpec
    {
        /// <summary>Moves <paramref name="span"/> past <paramref name="count"/> bytes that a front door has just written; count is at most its length.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void Advance(ref Span<byte> span, int count)
        {
#if NET8_0_OR_GREATER
            span = MemoryMarshal.CreateSpan(ref Unsafe.Add(ref MemoryMarshal.GetReference(span), (nint)(uint)count), span.Length - count);
#else
            span = span.Slice(count);
#endif
        }

        /// <summary>Moves <paramref name="span"/> past <paramref name="count"/> bytes that a front door has just read; count is at most its length.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static void Advance(ref ReadOnlySpan<byte> span, int count) => span = SliceUnchecked(span, count, span.Length - count);

        /// <summary>
        /// The part of <paramref name="span"/> a decoder has just found inside it (or a place it has just reached):
        /// the caller knows it is in range, so on .NET 8 and later no bounds are checked again.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ReadOnlySpan<byte> SliceUnchecked(ReadOnlySpan<byte> span, int start, int length)
        {
#if NET8_0_OR_GREATER
            return MemoryMarshal.CreateReadOnlySpan(ref Unsafe.Add(ref MemoryMarshal.GetReference(span), (nint)(uint)start), length);
#else
            return span.Slice(start, length);
#endif
        }
    }
}
