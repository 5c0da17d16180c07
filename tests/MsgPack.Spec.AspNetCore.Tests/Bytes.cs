using System.Buffers;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.AspNetCore.Tests
{
    internal static class Bytes
    {
        public static byte[] Of<T>(T value)
            where T : IMsgPackSerializable<T>
        {
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            T.Write(ref writer, in value);
            writer.Flush();
            return output.WrittenSpan.ToArray();
        }

        public static T Read<T>(byte[] bytes)
            where T : IMsgPackSerializable<T>
        {
            var reader = new MsgPackReader(bytes);
            return T.Read(ref reader);
        }

        /// <summary>A Node chain <paramref name="depth"/> deep, written by hand (the writer would refuse nothing, but a
        /// recursive write of 100,000 levels would need the stack this is about).</summary>
        public static byte[] DeepNode(int depth)
        {
            var output = new ArrayBufferWriter<byte>();
            var writer = new MsgPackWriter(output);
            for (int i = 0; i < depth; i++)
            {
                writer.WriteMapHeader(1);
                writer.WriteString("Child");
            }

            writer.WriteNil();
            writer.Flush();
            return output.WrittenSpan.ToArray();
        }
    }
}
