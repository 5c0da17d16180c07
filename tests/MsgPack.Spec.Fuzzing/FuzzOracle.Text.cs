using System;
using System.Buffers;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>MsgPackDump and MsgPackJson on hostile input: documented exceptions only, the same text over the span and the cut sequence.</summary>
    internal sealed unsafe partial class FuzzOracle
    {
        /// <summary>
        /// The dump never throws and is the same over the span and the sequence; the JSON throws nothing but a
        /// <see cref="MsgPackException"/>, the same over both, and renders every input the validator accepts as one value
        /// (unless a text limit stops it).
        /// </summary>
        private void CheckText(byte* p, int length, ReadOnlySequence<byte> sequence)
        {
            var span = new ReadOnlySpan<byte>(p, length);
            string? spanDump = Capture(() => MsgPackDump.ToText(new ReadOnlySpan<byte>(p, length)), out Exception? dumpError);
            if (dumpError != null)
            {
                Fail("dump threw", "MsgPackDump", Describe(dumpError));
                return;
            }

            string? sequenceDump = Capture(() => MsgPackDump.ToText(sequence), out dumpError);
            if (dumpError != null || sequenceDump != spanDump)
            {
                Fail("dump span/sequence disagree", "MsgPackDump", dumpError != null ? Describe(dumpError) : "different text");
            }

            string? spanJson = Capture(() => MsgPackJson.ToJson(new ReadOnlySpan<byte>(p, length)), out Exception? jsonError);
            string? sequenceJson = Capture(() => MsgPackJson.ToJson(sequence), out Exception? sequenceJsonError);
            if (jsonError != null && jsonError is not MsgPackException)
            {
                Fail("JSON threw an undocumented exception", "MsgPackJson", Describe(jsonError));
            }

            if (spanJson != sequenceJson || jsonError?.GetType() != sequenceJsonError?.GetType())
            {
                Fail("JSON span/sequence disagree", "MsgPackJson", $"span {jsonError?.GetType().Name ?? "text"}, sequence {sequenceJsonError?.GetType().Name ?? "text"}");
            }

            bool valid = MsgPackSpec.TryValidate(span, out _) == OperationStatus.Done;
            if (valid && jsonError != null && jsonError is not MsgPackTextLimitException)
            {
                Fail("JSON refused a valid document", "MsgPackJson", Describe(jsonError));
            }
        }

        private static string? Capture(Func<string> render, out Exception? error)
        {
            try
            {
                error = null;
                return render();
            }
            catch (Exception e)
            {
                error = e;
                return null;
            }
        }
    }
}
