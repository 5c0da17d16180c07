using System;
using System.Security.Cryptography;
using System.Text;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Samples.Tarantool
{
    /// <summary>What the server says first: 128 bytes of two 64-byte lines, its version and the salt of chap-sha1.</summary>
    /// <param name="Version">The first line, trimmed, e.g. <c>Tarantool 2.6.0 (Binary) 4799396c-...</c>.</param>
    /// <param name="Salt">The first 20 bytes of the base64 salt of the second line (what chap-sha1 uses).</param>
    public sealed record Greeting(string Version, byte[] Salt)
    {
        /// <summary>The greeting's length.</summary>
        public const int Length = 128;

        /// <summary>Parses the 128 bytes of a greeting.</summary>
        /// <param name="bytes">Exactly <see cref="Length"/> bytes.</param>
        /// <returns>The greeting.</returns>
        /// <exception cref="TarantoolProtocolException">The bytes are not a Tarantool greeting (the wrong length or lines, a salt that is not base64 or shorter than 20 bytes).</exception>
        public static Greeting Parse(ReadOnlySpan<byte> bytes)
        {
            if (bytes.Length != Length || !bytes.StartsWith("Tarantool "u8) || bytes[63] != (byte)'\n' || bytes[127] != (byte)'\n')
            {
                throw new TarantoolProtocolException("The server's first 128 bytes are not a Tarantool greeting.", connectionClosed: false);
            }

            string version = Encoding.ASCII.GetString(bytes[..63]).Trim();
            string base64 = Encoding.ASCII.GetString(bytes[64..127]).Trim();
            Span<byte> salt = stackalloc byte[64];
            if (!Convert.TryFromBase64String(base64, salt, out int saltLength))
            {
                throw new TarantoolProtocolException("The greeting's second line is not base64.", connectionClosed: false);
            }

            if (saltLength < 20)
            {
                throw new TarantoolProtocolException($"The greeting's salt is {saltLength} bytes; chap-sha1 needs 20.", connectionClosed: false);
            }

            return new Greeting(version, salt[..20].ToArray());
        }

        /// <summary>
        /// The chap-sha1 scramble of a password: <c>sha1(password) xor sha1(salt + sha1(sha1(password)))</c>. The
        /// server keeps <c>sha1(sha1(password))</c> and recomputes the same with its own salt.
        /// </summary>
        /// <param name="password">The password.</param>
        /// <returns>20 bytes.</returns>
        public byte[] Scramble(string password)
        {
            Span<byte> step1 = stackalloc byte[20];
            Span<byte> step2 = stackalloc byte[20];
            Span<byte> saltAndStep2 = stackalloc byte[40];
            SHA1.HashData(Encoding.UTF8.GetBytes(password), step1);
            SHA1.HashData(step1, step2);
            Salt.CopyTo(saltAndStep2);
            step2.CopyTo(saltAndStep2[20..]);
            byte[] scramble = SHA1.HashData(saltAndStep2);
            for (int i = 0; i < scramble.Length; i++)
            {
                scramble[i] ^= step1[i];
            }

            return scramble;
        }
    }

    /// <summary>The body of AUTH: the user's name and <c>["chap-sha1", scramble]</c> (its serializer is generated).</summary>
    /// <param name="User">The user's name.</param>
    /// <param name="Method">The method and its scramble.</param>
    [MsgPackObject(MsgPackLayout.Map)]
    public readonly partial record struct AuthRequest(
        [property: MsgPackKey(IprotoKey.UserName)] string User,
        [property: MsgPackKey(IprotoKey.Tuple)] ChapSha1 Method);

    /// <summary>
    /// AUTH's tuple, <c>["chap-sha1", scramble]</c>, the scramble a str of its 20 bytes, not a bin: what net.box sends.
    /// Written by hand because the bytes are not UTF-8, which a generated str member (a <see cref="string"/>) cannot carry.
    /// </summary>
    /// <param name="Scramble">The 20 bytes of <see cref="Greeting.Scramble"/>.</param>
    public readonly record struct ChapSha1(ReadOnlyMemory<byte> Scramble) : IMsgPackSerializable<ChapSha1>
    {
        /// <inheritdoc/>
        public static void Write(ref MsgPackWriter writer, in ChapSha1 value)
        {
            writer.WriteArrayHeader(2);
            writer.WriteString("chap-sha1"u8);
            // The writer of raw UTF-8 does not check the bytes (it trusts the caller), which is the point here.
            writer.WriteString(value.Scramble.Span);
        }

        /// <inheritdoc/>
        public static void Write(ref Span<byte> destination, in ChapSha1 value)
        {
            MsgPackSpec.WriteArrayHeader(ref destination, 2);
            MsgPackSpec.WriteString(ref destination, "chap-sha1"u8);
            MsgPackSpec.WriteString(ref destination, value.Scramble.Span);
        }

        /// <inheritdoc/>
        public static int GetEncodedLength(in ChapSha1 value) =>
            MsgPackSpec.GetArrayHeaderEncodedLength(2) + 1 + "chap-sha1"u8.Length + MsgPackSpec.GetStringHeaderEncodedLength(value.Scramble.Length) + value.Scramble.Length;

        /// <inheritdoc/>
        /// <exception cref="MsgPackException">The input is not an array of the method <c>chap-sha1</c> and a str.</exception>
        public static ChapSha1 Read(ref MsgPackReader reader, int depth)
        {
            if (reader.ReadArrayHeader() != 2 || !reader.ReadStringBytes().SequenceEqual("chap-sha1"u8))
            {
                throw new MsgPackException("AUTH's tuple is not [\"chap-sha1\", scramble].");
            }

            // Its bytes as they are: ReadStringBytes would check them as UTF-8, which a scramble is not.
            ReadOnlySpan<byte> str = reader.ReadRaw().ToArray();
            int length = MsgPackSpec.ReadStringHeader(ref str);
            return new ChapSha1(str[..length].ToArray());
        }
    }
}
