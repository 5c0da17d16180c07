using System;
using System.Threading.Tasks;
using Xunit;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>
    /// An unsigned field takes only MessagePack's unsigned formats: the server refuses a non-negative number written in
    /// a signed format. The library's smallest-form writers never write one, from the signed APIs either.
    /// </summary>
    [Collection(TarantoolCollection.Name)]
    public sealed class UnsignedFieldTests(TarantoolFixture fixture)
    {
        [TarantoolTheory]
        [InlineData(new byte[] { 0xd0, 0x05 })]
        [InlineData(new byte[] { 0xd1, 0x01, 0x00 })]
        [InlineData(new byte[] { 0xd2, 0x00, 0x01, 0x00, 0x00 })]
        [InlineData(new byte[] { 0xd3, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00 })]
        public async Task The_server_refuses_a_signed_format_for_an_unsigned_field(byte[] signedKey)
        {
            byte[] tuple = [0x92, .. signedKey, 0xc0];
            var error = await Assert.ThrowsAsync<TarantoolException>(async () =>
            {
                using TarantoolResponse _ = await fixture.Connection.InsertAsync(fixture.ValuesSpace, new MsgPackBytes(tuple));
            });
            Assert.Equal(23u, error.Code); // ER_FIELD_TYPE
            Assert.Contains("expected unsigned", error.Message, StringComparison.Ordinal);
        }

        [TarantoolFact]
        public async Task The_smallest_form_writers_give_the_server_unsigned_formats_from_signed_values()
        {
            long[] values = [0, 1, 127, 128, 255, 256, 32_767, 32_768, 65_535, 65_536, int.MaxValue, 1L + int.MaxValue, uint.MaxValue, 1L + uint.MaxValue, long.MaxValue];
            ulong offset = 80_000;
            foreach (long value in values)
            {
                // From the signed writers of every width the value fits.
                var written = new System.Collections.Generic.List<byte[]>
                {
                    Encode.Bytes((ref Span<byte> s) => MsgPackSpec.WriteInt64(ref s, value)),
                };
                if (value <= int.MaxValue)
                {
                    written.Add(Encode.Bytes((ref Span<byte> s) => MsgPackSpec.WriteInt32(ref s, (int)value)));
                }

                if (value <= short.MaxValue)
                {
                    written.Add(Encode.Bytes((ref Span<byte> s) => MsgPackSpec.WriteInt16(ref s, (short)value)));
                }

                if (value <= sbyte.MaxValue)
                {
                    written.Add(Encode.Bytes((ref Span<byte> s) => MsgPackSpec.WriteSByte(ref s, (sbyte)value)));
                }

                foreach (byte[] key in written)
                {
                    Assert.True(MsgPackSpec.GetFormat(key[0]) is MsgPackFormat.PositiveFixInt or MsgPackFormat.UInt8 or MsgPackFormat.UInt16 or MsgPackFormat.UInt32 or MsgPackFormat.UInt64,
                        $"{value} was written as {MsgPackSpec.GetFormat(key[0])}");
                    // As the key of a stored tuple, which the unsigned field accepts.
                    byte[] tuple = [0x92, .. key, .. Encode.Bytes((ref Span<byte> s) => MsgPackSpec.WriteUInt64(ref s, offset))];
                    using TarantoolResponse _ = await fixture.Connection.ReplaceAsync(fixture.HashedSpace, new MsgPackBytes(tuple));
                }
            }
        }

        [TarantoolFact]
        public async Task The_generated_request_values_write_the_forms_the_server_expects()
        {
            // UnsignedKey and EmptyArray are [MsgPackObject]s: [value] in the smallest unsigned form, and [].
            ulong[] values = [0, 127, 128, 255, 256, 65_535, 65_536, uint.MaxValue, 1UL + uint.MaxValue, ulong.MaxValue];
            foreach (ulong value in values)
            {
                byte[] key = Encode.Bytes((ref Span<byte> s) => UnsignedKey.Write(ref s, new UnsignedKey(value)));
                byte[] expected = [0x91, .. Encode.Bytes((ref Span<byte> s) => MsgPackSpec.WriteUInt64(ref s, value))];
                Assert.Equal(expected, key);
                Assert.Equal(new UnsignedKey(value), UnsignedKey.Read(key, out int read));
                Assert.Equal(key.Length, read);
            }

            Assert.Equal(new byte[] { 0x90 }, Encode.Bytes((ref Span<byte> s) => EmptyArray.Write(ref s, default)));

            // Through a request: a tuple stored under a large key is found by it, and an empty key selects the space.
            const ulong Large = 1UL + uint.MaxValue + 12_345;
            byte[] tuple = [0x92, .. Encode.Bytes((ref Span<byte> s) => MsgPackSpec.WriteUInt64(ref s, Large)), 0xa3, (byte)'k', (byte)'e', (byte)'y'];
            using (await fixture.Connection.ReplaceAsync(fixture.HashedSpace, new MsgPackBytes(tuple)))
            {
            }

            using (TarantoolResponse found = await fixture.Connection.SelectAsync(fixture.HashedSpace, 0, new UnsignedKey(Large)))
            {
                MsgPackReader reader = found.GetDataReader();
                Assert.Equal(1, reader.ReadArrayHeader());
                Assert.Equal(2, reader.ReadArrayHeader());
                Assert.Equal(Large, reader.ReadUInt64());
                Assert.Equal("key", reader.ReadString());
            }

            using (TarantoolResponse all = await fixture.Connection.SelectAsync(fixture.HashedSpace, 0, default(EmptyArray), iterator: Iterator.All))
            {
                MsgPackReader reader = all.GetDataReader();
                Assert.True(reader.ReadArrayHeader() >= 1);
            }
        }

        [TarantoolFact]
        public async Task An_exact_width_key_is_a_different_key_to_the_server()
        {
            // What the library's docs warn about (ReserveUInt32Exact): ce 00 00 00 07 and 07 are both 7, yet the
            // server stores both in one unique index, and a key of 07 finds only the tuple stored with 07.
            foreach (uint space in new[] { fixture.ValuesSpace, fixture.HashedSpace })
            {
                using (await fixture.Connection.InsertAsync(space, new MsgPackBytes(new byte[] { 0x92, 0xce, 0x00, 0x00, 0x00, 0x07, 0xa5, (byte)'e', (byte)'x', (byte)'a', (byte)'c', (byte)'t' })))
                {
                }

                using (await fixture.Connection.InsertAsync(space, new MsgPackBytes(Encode.Pair(7, Encode.Bytes((ref Span<byte> s) => MsgPackSpec.WriteString(ref s, "small"))))))
                {
                }

                using TarantoolResponse found = await fixture.Connection.SelectAsync(space, 0, new UnsignedKey(7));
                MsgPackReader reader = found.GetDataReader();
                Assert.Equal(1, reader.ReadArrayHeader());
                Assert.Equal(2, reader.ReadArrayHeader());
                Assert.Equal(7UL, reader.ReadUInt64());
                Assert.Equal("small", reader.ReadString());
            }
        }
    }
}
