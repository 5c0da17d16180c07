namespace MsgPack.Spec
{
    public static unsafe partial class MsgPackSpec
    {
        /// <summary>
        /// Checks that <paramref name="source"/> holds exactly one (or, with <see cref="MsgPackValidationOptions.AllowMultipleValues"/>,
        /// a run of) complete, well-formed values, without recursion and without allocating.
        /// </summary>
        /// <param name="source">The input.</param>
        /// <param name="options">Depth limit, multiple values, UTF-8 checking; by default a depth of 64, exactly one value, and UTF-8 checked.</param>
        /// <exception cref="MsgPackValidationException">The input is not well formed; the exception says what is wrong and at which byte offset.</exception>
        public static void Validate(ReadOnlySpan<byte> source, MsgPackValidationOptions options = default)
        {
            var reader = new MsgPackReader(source);
            ThrowIfInvalid(MsgPackValidator.Run(reader, options));
        }

        /// <summary>Checks that the <paramref name="length"/> bytes at <paramref name="source"/> are well formed, as <see cref="Validate(ReadOnlySpan{byte}, MsgPackValidationOptions)"/> does.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="options">Depth limit, multiple values, UTF-8 checking; by default a depth of 64, exactly one value, and UTF-8 checked.</param>
        /// <exception cref="MsgPackValidationException">The input is not well formed.</exception>
        public static void Validate(byte* source, int length, MsgPackValidationOptions options = default) =>
            Validate(new ReadOnlySpan<byte>(source, length), options);

        /// <summary>Checks that a sequence of segments is well formed, as <see cref="Validate(ReadOnlySpan{byte}, MsgPackValidationOptions)"/> does.</summary>
        /// <param name="source">The input.</param>
        /// <param name="options">Depth limit, multiple values, UTF-8 checking; by default a depth of 64, exactly one value, and UTF-8 checked.</param>
        /// <exception cref="MsgPackValidationException">The input is not well formed.</exception>
        public static void Validate(ReadOnlySequence<byte> source, MsgPackValidationOptions options = default)
        {
            var reader = new MsgPackReader(source);
            ThrowIfInvalid(MsgPackValidator.Run(reader, options));
        }

        /// <summary>Checks that <paramref name="source"/> is well formed; never throws for bad data.</summary>
        /// <param name="source">The input.</param>
        /// <param name="result">What was found, and where.</param>
        /// <param name="options">Depth limit, multiple values, UTF-8 checking; by default a depth of 64, exactly one value, and UTF-8 checked.</param>
        /// <returns>
        /// Done when the input is well formed; NeedMoreData when it ends inside a value or a header announces more than
        /// is left (<see cref="MsgPackValidationResult.BytesNeeded"/> says how much at least), so that more input
        /// could complete it; InvalidData for anything no further input can mend.
        /// </returns>
        public static OperationStatus TryValidate(ReadOnlySpan<byte> source, out MsgPackValidationResult result, MsgPackValidationOptions options = default)
        {
            var reader = new MsgPackReader(source);
            result = MsgPackValidator.Run(reader, options);

            // A span holds at most int.MaxValue bytes: a document that needs more is InvalidData, never a wait.
            return MsgPackValidator.ToOperationStatus(result, int.MaxValue);
        }

        /// <summary>Checks that the <paramref name="length"/> bytes at <paramref name="source"/> are well formed; never throws for bad data.</summary>
        /// <param name="source">The input.</param>
        /// <param name="length">The number of readable bytes at <paramref name="source"/>.</param>
        /// <param name="result">What was found, and where.</param>
        /// <param name="options">Depth limit, multiple values, UTF-8 checking; by default a depth of 64, exactly one value, and UTF-8 checked.</param>
        /// <returns>Done, NeedMoreData or InvalidData, as for the span overload.</returns>
        public static OperationStatus TryValidate(byte* source, int length, out MsgPackValidationResult result, MsgPackValidationOptions options = default) =>
            TryValidate(new ReadOnlySpan<byte>(source, length), out result, options);

        /// <summary>Checks that a sequence of segments is well formed; never throws for bad data.</summary>
        /// <param name="source">The input.</param>
        /// <param name="result">What was found, and where.</param>
        /// <param name="options">Depth limit, multiple values, UTF-8 checking; by default a depth of 64, exactly one value, and UTF-8 checked.</param>
        /// <returns>Done, NeedMoreData or InvalidData, as for the span overload.</returns>
        public static OperationStatus TryValidate(ReadOnlySequence<byte> source, out MsgPackValidationResult result, MsgPackValidationOptions options = default)
        {
            var reader = new MsgPackReader(source);
            result = MsgPackValidator.Run(reader, options);

            // A sequence's length is a long: a document of more than 2 GiB may still arrive.
            return MsgPackValidator.ToOperationStatus(result, long.MaxValue);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void ThrowIfInvalid(in MsgPackValidationResult result)
        {
            if (result.Error != MsgPackValidationError.None)
            {
                throw new MsgPackValidationException(result.Error, result.Offset);
            }
        }
    }
}
