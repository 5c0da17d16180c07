using System;
using System.Buffers;
using System.Globalization;
using Xunit;

namespace MsgPack.Spec.Tests.Contracts
{
    /// <summary>
    /// The reading contracts of the class documentation, checked uniformly over every reader (see
    /// <see cref="ReaderCatalog"/>): truncation, wrong first bytes, and a random sweep of short inputs.
    /// </summary>
    public unsafe class ReaderContractTests
    {
        /// <summary>Enough bytes after a first byte for every reader to finish a value that starts there.</summary>
        private const int Padding = 40;

        public static TheoryData<string> Readers => ReaderCatalog.Names;

        [Theory]
        [MemberData(nameof(Readers))]
        public void AWholeEncodingIsDoneAndTakesExactlyItsBytesEvenWhenMoreFollow(string name)
        {
            ReaderCase reader = ReaderCatalog.Get(name);
            foreach (string encoding in reader.Valid)
            {
                byte[] value = ReaderCatalog.Parse(encoding, out _);
                ReaderObservation alone = ReaderProbe.Observe(reader, value, name);
                if (alone.Status != OperationStatus.Done || alone.BytesRead != value.Length)
                {
                    ReaderProbe.Fail(value, name, $"expected Done with {value.Length} bytes, got {alone.Status} with {alone.BytesRead}");
                }

                // Bytes after the value, even 0xc1, which nothing may start with, are none of the reader's business.
                foreach (string tail in new[] { "c1", "c1 c1 c1 c1 c1 c1 c1 c1 c1 c1 c1 c1 c1 c1 c1 c1 c1 c1", "00 ff 7f" })
                {
                    byte[] followed = Concat(value, Hex.ToBytes(tail));
                    ReaderObservation first = ReaderProbe.Observe(reader, followed, name);
                    if (first.Status != OperationStatus.Done || first.BytesRead != value.Length || first.Value != alone.Value)
                    {
                        ReaderProbe.Fail(followed, name, $"expected Done with {value.Length} bytes and {alone.Value}, got {first.Status} with {first.BytesRead} and {first.Value}");
                    }
                }
            }
        }

        [Theory]
        [MemberData(nameof(Readers))]
        public void EveryCutOfAValidEncodingNeedsMoreDataAndTheWholeValueOnceTheHeaderIsThere(string name)
        {
            ReaderCase reader = ReaderCatalog.Get(name);
            foreach (string encoding in reader.Valid)
            {
                byte[] value = ReaderCatalog.Parse(encoding, out int headerLength);
                for (int cut = 0; cut < value.Length; cut++)
                {
                    byte[] input = value.AsSpan(0, cut).ToArray();
                    string where = $"{name}, {encoding} cut at {cut}";
                    ReaderObservation observed = ReaderProbe.Observe(reader, input, where);
                    if (observed.Status != OperationStatus.NeedMoreData)
                    {
                        ReaderProbe.Fail(input, where, $"expected NeedMoreData, got {observed.Status}");
                    }

                    // Before the header is complete the count is a lower bound: more than the cut, at most this value.
                    // Once it is complete, the header tells the whole value's length.
                    if (cut >= headerLength ? observed.BytesRead != value.Length : observed.BytesRead > value.Length)
                    {
                        ReaderProbe.Fail(input, where, $"needs {observed.BytesRead} bytes; the value takes {value.Length} and its header {headerLength}");
                    }

                    if (((MsgPackTruncatedException)observed.Exception!).BytesAvailable != cut)
                    {
                        ReaderProbe.Fail(input, where, "BytesAvailable is not the input length");
                    }
                }
            }
        }

        [Theory]
        [InlineData("UInt32", "ce 00", 5)]
        [InlineData("StringBytes", "d9 05 61", 7)]
        [InlineData("StringBytes", "d9", 2)]
        [InlineData("StringBytes", "db 00 00 00", 5)]
        [InlineData("StringBytes", "db 00 01 00 00", 65541)]
        [InlineData("String", "da ff ff 61", 65538)]
        [InlineData("Binary", "c6 7f ff ff fa", int.MaxValue)]
        [InlineData("Extension", "c7 ff 01 00", 258)]
        [InlineData("Extension", "c9 00 01 00 00 05", 65542)]
        [InlineData("Timestamp", "c7 0c ff 00", 15)]
        [InlineData("Skip", "dd 00 01 00 00", 65541)]
        [InlineData("Skip", "df 00 01 00 00 c0", 131077)]
        public void TheCountNeededIsTheWholeValueOnceTheHeaderTellsIt(string name, string hex, int needed)
        {
            byte[] input = Hex.ToBytes(hex);
            ReaderObservation observed = ReaderProbe.Observe(ReaderCatalog.Get(name), input, name);
            Assert.Equal(OperationStatus.NeedMoreData, observed.Status);
            Assert.Equal(needed, observed.BytesRead);
            var truncated = Assert.IsType<MsgPackTruncatedException>(observed.Exception);
            Assert.Equal(needed, truncated.BytesNeeded);
            Assert.Equal(input.Length, truncated.BytesAvailable);
        }

        [Theory]
        [InlineData("StringHeader", "db 80 00 00 00")]
        [InlineData("StringBytes", "db ff ff ff ff")]
        [InlineData("StringBytes", "db 7f ff ff fb")]
        [InlineData("BinaryHeader", "c6 80 00 00 00")]
        [InlineData("Binary", "c6 7f ff ff fb")]
        [InlineData("ArrayHeader", "dd 80 00 00 00")]
        [InlineData("MapHeader", "df ff ff ff ff")]
        [InlineData("ExtensionHeader", "c9 80 00 00 00 01")]
        [InlineData("Extension", "c9 7f ff ff fb 01")]
        public void ALengthOrTotalBeyondIntMaxValueIsInvalidDataAndAnOverflow(string name, string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            ReaderObservation observed = ReaderProbe.Observe(ReaderCatalog.Get(name), input, name);
            Assert.Equal(OperationStatus.InvalidData, observed.Status);
            var overflow = Assert.IsType<MsgPackOverflowException>(observed.Exception);
            Assert.Equal(input[0], overflow.Code);
        }

        [Theory]
        [InlineData("c6 7f ff ff fb")]
        [InlineData("91 c6 7f ff ff fb")]
        [InlineData("92 c6 7f ff ff fb 01")]
        [InlineData("93 c0 db ff ff ff ff 61")]
        [InlineData("dd ff ff ff ff")]
        [InlineData("dd 7f ff ff ff")]
        [InlineData("df 40 00 00 00")]
        [InlineData("dd 7f ff ff ff dc")]
        [InlineData("92 dd 7f ff ff ff c0")]
        [InlineData("91 c6 7f ff ff fa")]
        [InlineData("dd 7f ff ff f9 dc")]
        public void SkipReportsAnOverflowNotAnUnsatisfiableCountWhenTheValueNeedsMoreThanIntMaxValueBytes(string hex)
        {
            // Whatever its nesting, a value whose shortest completion is longer than int.MaxValue bytes can never be
            // read (no span is that long): InvalidData, as for a top-level bin of that size, not NeedMoreData with a
            // count no input can reach.
            byte[] input = Hex.ToBytes(hex);
            ReaderObservation observed = ReaderProbe.Observe(ReaderCatalog.Get("Skip"), input, "Skip");
            Assert.Equal(OperationStatus.InvalidData, observed.Status);
            Assert.IsType<MsgPackOverflowException>(observed.Exception);
        }

        [Theory]
        [InlineData("dd 7f ff ff fa", int.MaxValue)]
        [InlineData("92 c6 7f ff ff f0 01", 2147483639)]
        [InlineData("91 c6 7f ff ff f9", int.MaxValue)]
        [InlineData("dd 7f ff ff f7 dc", 2147483646)]
        public void SkipStillNeedsMoreDataWhenTheShortestCompletionFitsAnInt(string hex, int needed)
        {
            byte[] input = Hex.ToBytes(hex);
            ReaderObservation observed = ReaderProbe.Observe(ReaderCatalog.Get("Skip"), input, "Skip");
            Assert.Equal(OperationStatus.NeedMoreData, observed.Status);
            Assert.Equal(needed, observed.BytesRead);
        }

        [Theory]
        [MemberData(nameof(Readers))]
        public void EveryFirstByteThatDoesNotStartTheTypeIsInvalidDataAndAnUnexpectedCode(string name)
        {
            ReaderCase reader = ReaderCatalog.Get(name);
            int accepted = 0;
            for (int code = 0; code <= 0xff; code++)
            {
                byte b = (byte)code;
                byte[] input = new byte[1 + Padding];
                input[0] = b;
                string where = $"{name}, first byte 0x{b:x2}";
                ReaderObservation observed = ReaderProbe.Observe(reader, input, where);
                if (reader.Accepts(b))
                {
                    accepted++;

                    // A zero-filled value of the right family reads, except a timestamp, whose extension type must be
                    // -1, and a negative fixint read as an unsigned type, which does not fit.
                    bool unsigned = name == "UInt64" || name == "UInt32" || name == "UInt16" || name == "Byte";
                    if (unsigned && b >= 0xe0)
                    {
                        if (observed.Status != OperationStatus.InvalidData || observed.Exception is not MsgPackOverflowException)
                        {
                            ReaderProbe.Fail(input, where, $"a negative fixint read as unsigned gave {observed.Status} and {observed.Exception?.GetType().Name}");
                        }
                    }
                    else if (name != "Timestamp" && observed.Status != OperationStatus.Done)
                    {
                        ReaderProbe.Fail(input, where, $"a first byte the type starts with gave {observed.Status}");
                    }

                    continue;
                }

                if (observed.Status != OperationStatus.InvalidData)
                {
                    ReaderProbe.Fail(input, where, $"expected InvalidData, got {observed.Status}");
                }

                var unexpected = observed.Exception as MsgPackUnexpectedCodeException;
                if (unexpected is null)
                {
                    throw ReaderProbe.Fail(input, where, $"expected MsgPackUnexpectedCodeException, got {observed.Exception?.GetType().Name}");
                }

                if (unexpected.Code != b)
                {
                    ReaderProbe.Fail(input, where, $"the exception's Code is 0x{unexpected.Code:x2}");
                }

                if (!unexpected.Message.Contains("0x" + b.ToString("x2", CultureInfo.InvariantCulture), StringComparison.Ordinal))
                {
                    ReaderProbe.Fail(input, where, $"the message does not name the code: {unexpected.Message}");
                }
            }

            Assert.True(accepted > 0 && accepted < 256, $"{name} accepts {accepted} first bytes");
        }

        [Theory]
        [MemberData(nameof(Readers))]
        public void NoReaderAcceptsC1(string name)
        {
            ReaderCase reader = ReaderCatalog.Get(name);
            Assert.False(reader.Accepts(0xc1));
            foreach (string hex in new[] { "c1", "c1 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00" })
            {
                byte[] input = Hex.ToBytes(hex);
                ReaderObservation observed = ReaderProbe.Observe(reader, input, name);
                Assert.Equal(OperationStatus.InvalidData, observed.Status);
                var unexpected = Assert.IsType<MsgPackUnexpectedCodeException>(observed.Exception);
                Assert.Equal(0xc1, unexpected.Code);
                Assert.Contains("0xc1", unexpected.Message, StringComparison.Ordinal);
            }
        }

        [Theory]
        [InlineData("92 01 c1")]
        [InlineData("81 c1 00")]
        [InlineData("93 91 90 c1")]
        [InlineData("dc 00 02 c0 c1")]
        public void SkipRejectsC1InsideAContainer(string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            ReaderObservation observed = ReaderProbe.Observe(ReaderCatalog.Get("Skip"), input, "Skip");
            Assert.Equal(OperationStatus.InvalidData, observed.Status);
            Assert.Equal(0, observed.BytesRead);
            Assert.IsAssignableFrom<MsgPackException>(observed.Exception);
            Assert.IsNotType<MsgPackTruncatedException>(observed.Exception);
        }

        [Theory]
        [InlineData("d6 00 00 00 00 00")]
        [InlineData("d7 01 00 00 00 00 00 00 00 00")]
        [InlineData("c7 0c 7f 00 00 00 00 00 00 00 00 00 00 00 00")]
        [InlineData("c7 04 fe 00 00 00 00")]
        public void AnExtensionOfAnotherTypeIsNotATimestamp(string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            ReaderObservation observed = ReaderProbe.Observe(ReaderCatalog.Get("Timestamp"), input, "Timestamp");
            Assert.Equal(OperationStatus.InvalidData, observed.Status);
            Assert.Equal(0, observed.BytesRead);
            Assert.IsAssignableFrom<MsgPackException>(observed.Exception);
        }

        [Theory]
        [InlineData("d4 ff 00")]
        [InlineData("d5 ff 00 00")]
        [InlineData("d8 ff 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00")]
        [InlineData("c7 00 ff")]
        [InlineData("c7 05 ff 00 00 00 00 00")]
        [InlineData("d7 ff ee 6b 28 00 00 00 00 00")]
        [InlineData("c7 0c ff 3b 9a ca 00 00 00 00 00 00 00 00 00")]
        public void AnInvalidTimestampIsInvalidDataAndAnInvalidTimestampException(string hex)
        {
            byte[] input = Hex.ToBytes(hex);
            ReaderObservation observed = ReaderProbe.Observe(ReaderCatalog.Get("Timestamp"), input, "Timestamp");
            Assert.Equal(OperationStatus.InvalidData, observed.Status);
            Assert.IsType<MsgPackInvalidTimestampException>(observed.Exception);
        }

        [Fact]
        public void NoTryReaderThrowsAndNoReaderThrowsAnythingButMsgPackExceptionsOnRandomShortInputs()
        {
            const int Inputs = 50_000;
            const int ThrowingInputs = 2_500;
            var random = new Random(20240611);
            ReaderCase[] readers = new ReaderCase[23];
            int count = 0;
            foreach (ReaderCase reader in ReaderCatalog.All)
            {
                readers[count++] = reader;
            }

            Assert.Equal(readers.Length, count);
            var statuses = new int[4];
            for (int i = 0; i < Inputs; i++)
            {
                byte[] input = new byte[random.Next(0, 13)];
                random.NextBytes(input);

                // Half the inputs start with a code of the header families, so that their length fields get exercised.
                if (input.Length > 0 && (i & 1) == 0)
                {
                    input[0] = HeaderCodes[random.Next(HeaderCodes.Length)];
                }

                foreach (ReaderCase reader in readers)
                {
                    ReaderObservation observed = ReaderProbe.Observe(reader, input, reader.Name, callThrowingReaders: i < ThrowingInputs);
                    statuses[(int)observed.Status]++;
                }
            }

            // Every outcome occurred often, so the sweep exercised all three paths; readers never report DestinationTooSmall.
            string counts = string.Join(", ", statuses);
            Assert.True(statuses[(int)OperationStatus.Done] > 10_000, counts);
            Assert.True(statuses[(int)OperationStatus.NeedMoreData] > 10_000, counts);
            Assert.True(statuses[(int)OperationStatus.InvalidData] > 10_000, counts);
            Assert.Equal(0, statuses[(int)OperationStatus.DestinationTooSmall]);
        }

        private static readonly byte[] HeaderCodes =
        {
            0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xdb, 0xdc, 0xdd, 0xde, 0xdf,
            0x8f, 0x9f, 0xbf, 0xa5, 0x93, 0x82, 0xcc, 0xcd, 0xce, 0xcf, 0xd0, 0xd1, 0xd2, 0xd3, 0xca, 0xcb,
        };

        private static byte[] Concat(byte[] a, byte[] b)
        {
            byte[] result = new byte[a.Length + b.Length];
            a.CopyTo(result, 0);
            b.CopyTo(result, a.Length);
            return result;
        }
    }
}
