namespace MsgPack.Spec
{
    /// <summary>
    /// The frames of a walk that does not recurse (the validator's counters, the document parser's open containers): a
    /// span on the caller's stack first, then a pooled array twice as large each time it fills, so that memory follows
    /// the depth the input really reaches, never a limit it could claim. Dispose gives the array back.
    /// </summary>
    /// <typeparam name="T">The frame's element.</typeparam>
    internal ref struct GrowableStack<T>
    {
        private T[]? _rented;

        public GrowableStack(Span<T> initial)
        {
            Span = initial;
            _rented = null;
        }

        /// <summary>The room for frames: the caller's span, or the pooled array after a <see cref="Grow"/>.</summary>
        public Span<T> Span { get; private set; }

        /// <summary>Doubles the room, keeping the frames.</summary>
        public void Grow()
        {
            T[] larger = ArrayPool<T>.Shared.Rent(Span.Length * 2);
            Span.CopyTo(larger);
            Dispose();
            _rented = larger;
            Span = larger;
        }

        public void Dispose()
        {
            if (_rented != null)
            {
                ArrayPool<T>.Shared.Return(_rented);
                _rented = null;
            }
        }
    }
}
