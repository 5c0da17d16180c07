namespace MsgPack.Spec
{
    // Token-level reading on the sequence reader: the next format byte, and one token of any type, with the same core
    // as the span front doors (MsgPackSpec.DecodeToken).
    public ref partial struct MsgPackReader
    {
        /// <summary>The first byte of the next value, its format code, without consuming it.</summary>
        /// <returns>The code (see <see cref="DataCodes"/>, <see cref="MsgPackSpec.GetFormat(byte)"/>).</returns>
        /// <exception cref="MsgPackTruncatedException">No bytes are left.</exception>
        public byte PeekCode()
        {
            if (_index == _current.Length && !MoveToNextSegment())
            {
                ThrowHelper.ThrowTruncated(1, 0, "any value");
            }

            return _current[_index];
        }

        /// <summary>The format of the next value, from its first byte, without consuming it.</summary>
        /// <returns>The format.</returns>
        /// <exception cref="MsgPackTruncatedException">No bytes are left.</exception>
        public MsgPackFormat PeekFormat() => MsgPackSpec.GetFormat(PeekCode());

        /// <summary>
        /// Reads one token of any type: a whole nil, bool, integer, float or timestamp, or the header of a str, bin,
        /// ext, array or map (see <see cref="MsgPackToken"/>). After a str, bin or ext token its payload comes next
        /// (<see cref="ReadBytes"/>); after an array or map token, its items.
        /// </summary>
        /// <returns>The token.</returns>
        /// <exception cref="MsgPackException">
        /// The next byte is 0xc1, a timestamp is invalid, a length or count is above <see cref="int.MaxValue"/>, or the
        /// input ends inside the token (see the derived types).
        /// </exception>
        public MsgPackToken ReadToken() => Read<TokenDecoder, MsgPackToken>();

        /// <summary>Tries to read one token of any type (see <see cref="ReadToken"/>); never throws, consumes nothing unless Done.</summary>
        /// <param name="token">The token. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData (the input ends inside the token) or InvalidData.</returns>
        public OperationStatus TryReadToken(out MsgPackToken token) => TryRead<TokenDecoder, MsgPackToken>(out token);

        /// <summary>Reads the next token (see <see cref="ReadToken"/>) without consuming it.</summary>
        /// <returns>The token.</returns>
        /// <exception cref="MsgPackException">The next bytes are not a token or end inside it (see the derived types).</exception>
        public MsgPackToken PeekToken()
        {
            ReadStatus status = Peek<TokenDecoder, MsgPackToken>(out MsgPackToken token, out int bytesRead);
            if (status != ReadStatus.Done)
            {
                ThrowReadFailure(status, bytesRead, MsgPackSpec.TokenDescription);
            }

            return token;
        }

        /// <summary>Tries to read the next token without consuming it; never throws.</summary>
        /// <param name="token">The token. Default when the result is not Done.</param>
        /// <returns>Done, NeedMoreData or InvalidData.</returns>
        public OperationStatus TryPeekToken(out MsgPackToken token) => Peek<TokenDecoder, MsgPackToken>(out token, out _).ToOperationStatus();
    }

    internal readonly struct TokenDecoder : IValueDecoder<MsgPackToken>
    {
        public string Expected => MsgPackSpec.TokenDescription;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadStatus Decode(ref byte source, int length, out MsgPackToken value, out int bytesRead) =>
            MsgPackSpec.DecodeToken(ref source, length, out value, out bytesRead);
    }
}
