using System;
using System.Collections.Generic;
using MsgPack.Spec.Serialization;
using Xunit;
using static MsgPack.Spec.Interop.Tests.Codecs;
using static MsgPack.Spec.Interop.Tests.RandomInteropTests;
using MP = MessagePack;
using NB = Nerdbank.MessagePack;

namespace MsgPack.Spec.Interop.Tests
{
    /// <summary>The union rows of the interoperability table: the bytes, and what each library does with a tag it does not know.</summary>
    public partial class DifferenceTests
    {
        /// <summary>Derived from the union and listed nowhere.</summary>
        private sealed class Unlisted : Figure
        {
        }

        [Fact]
        public void Union_IntegerTag_AllThreeWriteTagThenCase_AndNilForNull()
        {
            // [[0, [1.5, 1]], nil, nil]: the tag in its smallest form, then the case as the case writes itself.
            var scene = new Scene { Main = new Circle { Radius = 1.5, Shade = Shade.Red } };
            const string expected = "93" + "92" + "00" + "92CB3FF800000000000001" + "C0C0";
            Assert.Equal(expected, Hex(Encode(scene)));
            Assert.Equal(expected, Hex(MpWrite(scene)));
            Assert.Equal(expected, Hex(Nb.Serialize(scene)));

            // Tag 300: uint 16. A null union, in a list: nil.
            var composite = new Scene { Main = new Composite(), Figures = new List<Figure?> { null } };
            const string second = "93" + "92CD012C93C0C0C0" + "91C0" + "C0";
            Assert.Equal(second, Hex(Encode(composite)));
            Assert.Equal(second, Hex(MpWrite(composite)));
            Assert.Equal(second, Hex(Nb.Serialize(composite)));
        }

        [Fact]
        public void Union_StringTag_OursAndNerdbankWriteTheStr()
        {
            // ["cat", {"lives": 9, "name": nil}]; a str 8 tag past 31 bytes.
            var zoo = new Zoo { Star = new Cat { Lives = 9 } };
            const string expected = "92" + "92A3636174" + "82A56C6976657309A46E616D65C0" + "C0";
            Assert.Equal(expected, Hex(Encode(zoo)));
            Assert.Equal(expected, Hex(Nb.Serialize(zoo)));
            var dog = new Zoo { Star = new Dog() };
            Assert.StartsWith("9292D924", Hex(Encode(dog)));
            Assert.Equal(Hex(Encode(dog)), Hex(Nb.Serialize(dog)));
        }

        [Fact]
        public void Union_TagInAWiderIntegerForm_IsReadByAllThree()
        {
            // 0 as int 32: a writer need not use the smallest form.
            byte[] wide = FromHex("93 92 D2 00 00 00 00 92 CB 3F F8 00 00 00 00 00 00 01 C0 C0");
            Assert.Equal(1.5, Assert.IsType<Circle>(OursScene(wide).Main).Radius);
            Assert.IsType<Circle>(MpRead<Scene>(wide).Main);
            Assert.IsType<Circle>(Nb.Deserialize<Scene>(wide)!.Main);
        }

        [Fact]
        public void Union_UnknownTag_WeAndNerdbankFail_MessagePackCSharpReadsNull()
        {
            // [[5, []], nil, nil]: no case has 5.
            byte[] unknown = FromHex("93 92 05 90 C0 C0");
            MsgPackSerializationException error = Assert.Throws<MsgPackSerializationException>(() => OursScene(unknown));
            Assert.Equal("$.Main", error.Path);
            Assert.Equal(2, error.Offset);
            Assert.Null(MpRead<Scene>(unknown).Main);
            Assert.Throws<NB.MessagePackSerializationException>(() => Nb.Deserialize<Scene>(unknown));

            // Not [tag, value]: an array of 1, a nil tag (Nerdbank's tag of the base type itself), a str tag. All three fail.
            foreach (string input in new[] { "93 91 00 C0 C0", "93 92 C0 90 C0 C0", "93 92 A1 30 90 C0 C0" })
            {
                byte[] bytes = FromHex(input);
                Assert.Equal("$.Main", Assert.Throws<MsgPackSerializationException>(() => OursScene(bytes)).Path);
                Assert.Throws<MP.MessagePackSerializationException>(() => MpRead<Scene>(bytes));
                Assert.Throws<NB.MessagePackSerializationException>(() => Nb.Deserialize<Scene>(bytes));
            }
        }

        [Fact]
        public void Union_StringTags_NerdbankAlsoReadsTheCasesPositionAsAnIntegerTag_WeFail()
        {
            // [[0, {}], nil]: Nerdbank gives every case an integer tag too (its position) and reads it; we read str tags only.
            byte[] bytes = FromHex("92 92 00 80 C0");
            Assert.IsType<Cat>(Nb.Deserialize<Zoo>(bytes)!.Star);
            Assert.Throws<MsgPackSerializationException>(() => OursZoo(bytes));
        }

        [Fact]
        public void Union_ValueOfNoCase_WeThrow_MessagePackCSharpWritesNil_NerdbankWritesTheBaseWithANilTag()
        {
            var scene = new Scene { Main = new Unlisted() };
            ArgumentException error = Assert.Throws<ArgumentException>(() => Encode(scene));
            Assert.Contains(nameof(Unlisted), error.Message);
            Assert.Equal("93C0C0C0", Hex(MpWrite(scene)));
            Assert.Equal("9392C080C0C0", Hex(Nb.Serialize(scene)));
        }
    }
}
