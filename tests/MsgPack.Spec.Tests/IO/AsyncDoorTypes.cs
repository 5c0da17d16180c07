#if !LIBRARY_NETSTANDARD
using System;
using System.Collections.Generic;
using System.Linq;
using MsgPack.Spec.Serialization;

namespace MsgPack.Spec.Tests.IO
{
    // Hand-written IMsgPackSerializable<T> types for MsgPackStream's tests, written the way the generator writes its
    // readers (the depth check, exception filters that record the path, one wrap at depth 0), so that their errors
    // carry a Path and an Offset as a generated type's do. The tests are generic over T: a generated type drops in.

    /// <summary>A small struct without references: an array of two integers, [X, Y]; extra items are skipped.</summary>
    internal struct StreamPoint : IMsgPackSerializable<StreamPoint>, IEquatable<StreamPoint>
    {
        public StreamPoint(int x, int y)
        {
            X = x;
            Y = y;
        }

        public int X { get; set; }

        public int Y { get; set; }

        public static void Write(ref MsgPackWriter writer, in StreamPoint value)
        {
            writer.WriteArrayHeader(2);
            writer.WriteInt32(value.X);
            writer.WriteInt32(value.Y);
        }

        public static void Write(ref Span<byte> destination, in StreamPoint value)
        {
            MsgPackSpec.WriteArrayHeader(ref destination, 2);
            MsgPackSpec.WriteInt32(ref destination, value.X);
            MsgPackSpec.WriteInt32(ref destination, value.Y);
        }

        public static int GetEncodedLength(in StreamPoint value) =>
            1 + MsgPackSpec.GetInt64EncodedLength(value.X) + MsgPackSpec.GetInt64EncodedLength(value.Y);

        public static StreamPoint Read(ref MsgPackReader reader, int depth)
        {
            string member = string.Empty;
            try
            {
                int count = reader.ReadArrayHeader();
                MsgPackSerialization.CheckDepth(depth);
                var result = default(StreamPoint);
                if (count > 0)
                {
                    member = nameof(X);
                    result.X = reader.ReadInt32();
                }

                if (count > 1)
                {
                    member = nameof(Y);
                    result.Y = reader.ReadInt32();
                }

                member = string.Empty;
                for (int i = 2; i < count; i++)
                {
                    reader.Skip();
                }

                return result;
            }
            catch (MsgPackException e) when (MsgPackSerialization.TraceMember(e, member, reader.Consumed) || depth == 0)
            {
                throw MsgPackSerialization.Wrap(e);
            }
        }

        public readonly bool Equals(StreamPoint other) => X == other.X && Y == other.Y;

        public readonly override bool Equals(object? obj) => obj is StreamPoint other && Equals(other);

        public readonly override int GetHashCode() => HashCode.Combine(X, Y);

        public readonly override string ToString() => $"({X}, {Y})";
    }

    /// <summary>
    /// A class with a string, a nested object and a collection: an array [Id, Name, [points...]], whose reader checks the
    /// list's claimed count against the bytes left before allocating, as a generated reader does.
    /// </summary>
    internal sealed class StreamOrder : IMsgPackSerializable<StreamOrder>, IEquatable<StreamOrder>
    {
        public long Id { get; set; }

        public string Name { get; set; } = string.Empty;

        public List<StreamPoint> Points { get; set; } = new List<StreamPoint>();

        public static void Write(ref MsgPackWriter writer, in StreamOrder value)
        {
            writer.WriteArrayHeader(3);
            writer.WriteInt64(value.Id);
            writer.WriteString(value.Name);
            writer.WriteArrayHeader(value.Points.Count);
            for (int i = 0; i < value.Points.Count; i++)
            {
                StreamPoint.Write(ref writer, value.Points[i]);
            }
        }

        public static void Write(ref Span<byte> destination, in StreamOrder value)
        {
            MsgPackSpec.WriteArrayHeader(ref destination, 3);
            MsgPackSpec.WriteInt64(ref destination, value.Id);
            MsgPackSpec.WriteString(ref destination, value.Name);
            MsgPackSpec.WriteArrayHeader(ref destination, value.Points.Count);
            for (int i = 0; i < value.Points.Count; i++)
            {
                StreamPoint.Write(ref destination, value.Points[i]);
            }
        }

        public static int GetEncodedLength(in StreamOrder value)
        {
            int length = 1 + MsgPackSpec.GetInt64EncodedLength(value.Id) + MsgPackSpec.GetStringEncodedLength(value.Name)
                + MsgPackSpec.GetArrayHeaderEncodedLength(value.Points.Count);
            for (int i = 0; i < value.Points.Count; i++)
            {
                length += StreamPoint.GetEncodedLength(value.Points[i]);
            }

            return length;
        }

        public static StreamOrder Read(ref MsgPackReader reader, int depth)
        {
            string member = string.Empty;
            try
            {
                int count = reader.ReadArrayHeader();
                MsgPackSerialization.CheckDepth(depth);
                var result = new StreamOrder();
                if (count > 0)
                {
                    member = nameof(Id);
                    result.Id = reader.ReadInt64();
                }

                if (count > 1)
                {
                    member = nameof(Name);
                    result.Name = reader.ReadString();
                }

                if (count > 2)
                {
                    member = nameof(Points);
                    result.Points = ReadPoints(ref reader, depth);
                }

                member = string.Empty;
                for (int i = 3; i < count; i++)
                {
                    reader.Skip();
                }

                return result;
            }
            catch (MsgPackException e) when (MsgPackSerialization.TraceMember(e, member, reader.Consumed) || depth == 0)
            {
                throw MsgPackSerialization.Wrap(e);
            }
        }

        public bool Equals(StreamOrder? other) =>
            other is not null && Id == other.Id && Name == other.Name && Points.SequenceEqual(other.Points);

        public override bool Equals(object? obj) => Equals(obj as StreamOrder);

        public override int GetHashCode() => HashCode.Combine(Id, Name, Points.Count);

        public override string ToString() => $"#{Id} {Name} [{string.Join(", ", Points)}]";

        private static List<StreamPoint> ReadPoints(ref MsgPackReader reader, int depth)
        {
            int count = reader.ReadArrayHeader();
            MsgPackSerialization.CheckCount(count, 1, reader.Remaining);
            var points = new List<StreamPoint>(count);
            for (int i = 0; i < count; i++)
            {
                try
                {
                    points.Add(StreamPoint.Read(ref reader, depth + 1));
                }
                catch (MsgPackException e) when (MsgPackSerialization.TraceItem(e, i, reader.Consumed))
                {
                    throw;
                }
            }

            return points;
        }
    }

    /// <summary>Values of both types in every encoding the tests want to cross: fixints to int 32, str 8 and 16, array 16.</summary>
    internal static class AsyncDoorSamples
    {
        public static StreamPoint[] Points { get; } =
        {
            new StreamPoint(0, 0),
            new StreamPoint(1, -1),
            new StreamPoint(127, -32),
            new StreamPoint(128, -33),
            new StreamPoint(40_000, -40_000),
            new StreamPoint(int.MaxValue, int.MinValue),
        };

        public static StreamOrder[] Orders { get; } =
        {
            new StreamOrder { Id = 1, Name = string.Empty },
            new StreamOrder { Id = -7, Name = "pens", Points = { new StreamPoint(1, 2), new StreamPoint(300, -300) } },
            new StreamOrder { Id = 1L << 40, Name = new string('x', 40), Points = Enumerable.Range(0, 20).Select(i => new StreamPoint(i, i * 1000)).ToList() },
            new StreamOrder { Id = 3, Name = "ünïcødé " + new string('y', 300), Points = { new StreamPoint(5, 5) } },
        };

        /// <summary>The values written one after another by the span door: what the stream doors must write and read.</summary>
        public static byte[] Concatenate<T>(IReadOnlyList<T> values)
            where T : IMsgPackSerializable<T>
        {
            var bytes = new List<byte>();
            foreach (T value in values)
            {
                bytes.AddRange(Encode(value));
            }

            return bytes.ToArray();
        }

        public static byte[] Encode<T>(T value)
            where T : IMsgPackSerializable<T>
        {
            byte[] bytes = new byte[T.GetEncodedLength(value)];
            Span<byte> free = bytes;
            T.Write(ref free, value);
            return bytes;
        }

        /// <summary>An array of <paramref name="values"/>, by the span door.</summary>
        public static byte[] ArrayOf<T>(IReadOnlyList<T> values)
            where T : IMsgPackSerializable<T>
        {
            byte[] header = new byte[MsgPackSpec.MaxHeaderEncodedLength];
            int length = MsgPackSpec.WriteArrayHeader(header, values.Count);
            return header.AsSpan(0, length).ToArray().Concat(Concatenate(values)).ToArray();
        }
    }
}
#endif
