using System;
using System.Buffers;
using Xunit;

namespace MsgPack.Spec.Tests.Contracts
{
    /// <summary>What the four front doors of one reader did with one input, once checked to agree with each other.</summary>
    internal readonly struct ReaderObservation
    {
        public ReaderObservation(OperationStatus status, string value, int bytesRead, MsgPackException? exception)
        {
            Status = status;
            Value = value;
            BytesRead = bytesRead;
            Exception = exception;
        }

        /// <summary>What TryRead* returned (span and pointer agree).</summary>
        public OperationStatus Status { get; }

        /// <summary>The formatted value TryRead* reported.</summary>
        public string Value { get; }

        /// <summary>The bytesRead TryRead* reported.</summary>
        public int BytesRead { get; }

        /// <summary>What span Read* threw (pointer Read* threw the same type); null when it returned or was not called.</summary>
        public MsgPackException? Exception { get; }
    }

    /// <summary>
    /// Runs a reader's four front doors over an input and checks the contracts that tie them together: TryRead*
    /// never throws; span and pointer agree; Read* returns what TryRead* reports for Done, throws
    /// <see cref="MsgPackTruncatedException"/> with the same count for NeedMoreData, and another
    /// <see cref="MsgPackException"/> for InvalidData, never anything else; bytesRead is in range for each status.
    /// </summary>
    internal static unsafe class ReaderProbe
    {
        public static ReaderObservation Observe(ReaderCase reader, byte[] input, string where, bool callThrowingReaders = true)
        {
            OperationStatus spanStatus = TrySpan(reader, input, out string spanValue, out int spanRead, where);
            OperationStatus pointerStatus = TryPointer(reader, input, out string pointerValue, out int pointerRead, where);

            if (spanStatus != pointerStatus || spanRead != pointerRead || spanValue != pointerValue)
            {
                Fail(input, where, $"span TryRead gave {spanStatus}/{spanRead}/{spanValue}, pointer TryRead {pointerStatus}/{pointerRead}/{pointerValue}");
            }

            switch (spanStatus)
            {
                case OperationStatus.Done:
                    if (spanRead <= 0 || spanRead > input.Length)
                    {
                        Fail(input, where, $"Done with bytesRead {spanRead} on {input.Length} bytes");
                    }

                    break;
                case OperationStatus.NeedMoreData:
                    if (spanRead <= input.Length)
                    {
                        Fail(input, where, $"NeedMoreData with bytesRead {spanRead} on {input.Length} bytes: not more than the input");
                    }

                    if (spanValue != reader.DefaultValue)
                    {
                        Fail(input, where, $"NeedMoreData with value {spanValue}, not the default {reader.DefaultValue}");
                    }

                    break;
                case OperationStatus.InvalidData:
                    if (spanRead != 0)
                    {
                        Fail(input, where, $"InvalidData with bytesRead {spanRead}, not 0");
                    }

                    if (spanValue != reader.DefaultValue)
                    {
                        Fail(input, where, $"InvalidData with value {spanValue}, not the default {reader.DefaultValue}");
                    }

                    break;
                default:
                    Fail(input, where, $"TryRead returned {spanStatus}, which it never should");
                    break;
            }

            if (!callThrowingReaders)
            {
                return new ReaderObservation(spanStatus, spanValue, spanRead, null);
            }

            MsgPackException? spanError = ReadSpan(reader, input, out string readValue, out int readCount, where);
            MsgPackException? pointerError = ReadPointer(reader, input, out string readAtValue, out int readAtCount, where);
            if (spanError?.GetType() != pointerError?.GetType())
            {
                Fail(input, where, $"span Read threw {Describe(spanError)}, pointer Read {Describe(pointerError)}");
            }

            if (spanStatus == OperationStatus.Done)
            {
                if (spanError is not null)
                {
                    Fail(input, where, $"TryRead returned Done, Read threw {Describe(spanError)}");
                }

                if (readCount != spanRead || readAtCount != spanRead || readValue != spanValue || readAtValue != spanValue)
                {
                    Fail(input, where, $"TryRead read {spanValue} in {spanRead} bytes, span Read {readValue} in {readCount}, pointer Read {readAtValue} in {readAtCount}");
                }
            }
            else if (spanStatus == OperationStatus.NeedMoreData)
            {
                CheckTruncated(spanError, input, spanRead, where + " (span Read)");
                CheckTruncated(pointerError, input, spanRead, where + " (pointer Read)");
            }
            else if (spanError is null || spanError is MsgPackTruncatedException)
            {
                Fail(input, where, $"TryRead returned InvalidData, Read threw {Describe(spanError)}");
            }

            return new ReaderObservation(spanStatus, spanValue, spanRead, spanError);
        }

        /// <summary>Fails the test, naming the reader, the input and the broken contract; never returns (the result is for "throw").</summary>
        public static Exception Fail(byte[] input, string where, string what)
        {
            Assert.Fail($"{where} on [{Hex.Of(input)}]: {what}");
            return new InvalidOperationException("Assert.Fail returned.");
        }

        private static void CheckTruncated(MsgPackException? error, byte[] input, int bytesNeeded, string where)
        {
            if (error is not MsgPackTruncatedException truncated)
            {
                Fail(input, where, $"TryRead returned NeedMoreData, Read threw {Describe(error)}");
            }
            else if (truncated.BytesNeeded != bytesNeeded || truncated.BytesAvailable != input.Length)
            {
                Fail(input, where, $"TryRead needs {bytesNeeded} of {input.Length} bytes, the exception says {truncated.BytesNeeded} of {truncated.BytesAvailable}");
            }
        }

        private static string Describe(Exception? error) => error is null ? "nothing" : $"{error.GetType().Name} ({error.Message})";

        private static OperationStatus TrySpan(ReaderCase reader, byte[] input, out string value, out int bytesRead, string where)
        {
            try
            {
                return reader.TryRead(input, out value, out bytesRead);
            }
            catch (Exception e)
            {
                throw Fail(input, where, $"span TryRead threw {Describe(e)}");
            }
        }

        private static OperationStatus TryPointer(ReaderCase reader, byte[] input, out string value, out int bytesRead, string where)
        {
            try
            {
                fixed (byte* start = input)
                {
                    return reader.TryReadAt(start, input.Length, out value, out bytesRead);
                }
            }
            catch (Exception e)
            {
                throw Fail(input, where, $"pointer TryRead threw {Describe(e)}");
            }
        }

        private static MsgPackException? ReadSpan(ReaderCase reader, byte[] input, out string value, out int bytesRead, string where)
        {
            try
            {
                value = reader.Read(input, out bytesRead);
                return null;
            }
            catch (MsgPackException e)
            {
                value = string.Empty;
                bytesRead = -1;
                return e;
            }
            catch (Exception e)
            {
                throw Fail(input, where, $"span Read threw {Describe(e)}, not a MsgPackException");
            }
        }

        private static MsgPackException? ReadPointer(ReaderCase reader, byte[] input, out string value, out int bytesRead, string where)
        {
            try
            {
                fixed (byte* start = input)
                {
                    value = reader.ReadAt(start, input.Length, out bytesRead);
                    return null;
                }
            }
            catch (MsgPackException e)
            {
                value = string.Empty;
                bytesRead = -1;
                return e;
            }
            catch (Exception e)
            {
                throw Fail(input, where, $"pointer Read threw {Describe(e)}, not a MsgPackException");
            }
        }
    }
}
