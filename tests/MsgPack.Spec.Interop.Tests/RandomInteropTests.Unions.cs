using System;
using Xunit;
using static MsgPack.Spec.Interop.Tests.Codecs;

namespace MsgPack.Spec.Interop.Tests
{
    /// <summary>
    /// Unions each way (Models.Unions.cs): integer tags with both peers, string tags with Nerdbank.MessagePack. A value read
    /// back is compared by our bytes for it, which are a function of its members (floats by bits, the case by its tag).
    /// </summary>
    public partial class RandomInteropTests
    {
        internal static byte[] Encode(Scene value) => Whole(Scene.GetEncodedLength(value), b => Scene.Write(b, value));

        internal static byte[] Encode(Zoo value) => Whole(Zoo.GetEncodedLength(value), b => Zoo.Write(b, value));

        internal static byte[] Encode(Toolbox value) => Whole(Toolbox.GetEncodedLength(value), b => Toolbox.Write(b, value));

        internal static Toolbox OursToolbox(byte[] bytes)
        {
            Toolbox value = Toolbox.Read(bytes, out int read);
            Assert.Equal(bytes.Length, read);
            return value;
        }

        internal static Scene OursScene(byte[] bytes)
        {
            Scene value = Scene.Read(bytes, out int read);
            Assert.Equal(bytes.Length, read);
            return value;
        }

        internal static Zoo OursZoo(byte[] bytes)
        {
            Zoo value = Zoo.Read(bytes, out int read);
            Assert.Equal(bytes.Length, read);
            return value;
        }

        private static byte[] Whole(int length, Func<byte[], int> write)
        {
            byte[] bytes = new byte[length];
            Assert.Equal(length, write(bytes));
            return bytes;
        }

        [Fact]
        public void UnionWithIntegerTags_EachWay_AndByteForByte()
        {
            Each(11, g => g.Scene(), Encode, (value, ours) =>
            {
                string expected = Hex(ours);
                Assert.Equal(expected, Hex(Encode(MpRead<Scene>(ours))));           // (a)
                byte[] mp = MpWrite(value);
                Assert.Equal(expected, Hex(Encode(OursScene(mp))));                  // (b)
                Assert.Equal(expected, Hex(Encode(Nb.Deserialize<Scene>(ours)!)));  // (c)
                byte[] nb = Nb.Serialize(value);
                Assert.Equal(expected, Hex(Encode(OursScene(nb))));
                Assert.Equal(expected, Hex(mp));                                   // (d)
                Assert.Equal(expected, Hex(nb));
            });
        }

        [Fact]
        public void InterfaceUnionWithIntegerTags_EachWay_AndByteForByte()
        {
            Each(13, g => g.Toolbox(), Encode, (value, ours) =>
            {
                string expected = Hex(ours);
                Assert.Equal(expected, Hex(Encode(MpRead<Toolbox>(ours))));
                byte[] mp = MpWrite(value);
                Assert.Equal(expected, Hex(Encode(OursToolbox(mp))));
                Assert.Equal(expected, Hex(Encode(Nb.Deserialize<Toolbox>(ours)!)));
                byte[] nb = Nb.Serialize(value);
                Assert.Equal(expected, Hex(Encode(OursToolbox(nb))));
                Assert.Equal(expected, Hex(mp));
                Assert.Equal(expected, Hex(nb));
            });
        }

        [Fact]
        public void InterfaceUnionWithStringTags_EachWayWithNerdbank_AndByteForByte()
        {
            Each(12, g => g.Zoo(), Encode, (value, ours) =>
            {
                string expected = Hex(ours);
                Assert.Equal(expected, Hex(Encode(Nb.Deserialize<Zoo>(ours)!)));
                byte[] nb = Nb.Serialize(value);
                Assert.Equal(expected, Hex(Encode(OursZoo(nb))));
                Assert.Equal(expected, Hex(nb));
            });
        }
    }
}
