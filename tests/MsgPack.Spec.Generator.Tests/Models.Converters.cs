using System;
using System.Collections.Generic;
using System.Numerics;
using MsgPack.Spec.Serialization;

// A type of another assembly, which cannot be annotated: its converter is the assembly's.
[assembly: MsgPackConverter(typeof(MsgPack.Spec.Generator.Tests.ComplexConverter))]

// A generic type's converter, closed by each use: Option<Point> takes OptionConverter<Point>.
[assembly: MsgPackConverter(typeof(MsgPack.Spec.Generator.Tests.OptionConverter<>))]

namespace MsgPack.Spec.Generator.Tests
{
    /// <summary>A colour written as one integer, 0xRRGGBB: a type of our own with its converter on it.</summary>
    [MsgPackConverter(typeof(RgbConverter))]
    public readonly struct Rgb : IEquatable<Rgb>
    {
        public Rgb(byte red, byte green, byte blue) => (Red, Green, Blue) = (red, green, blue);

        public byte Red { get; }

        public byte Green { get; }

        public byte Blue { get; }

        public uint Packed => (uint)(Red << 16 | Green << 8 | Blue);

        public bool Equals(Rgb other) => Packed == other.Packed;

        public override bool Equals(object? obj) => obj is Rgb other && Equals(other);

        public override int GetHashCode() => (int)Packed;
    }

    /// <summary>Rgb as a uint: one implementation of the value (over the advancing span), the writer's door asking for its span.</summary>
    public readonly struct RgbConverter : IMsgPackConverter<Rgb>
    {
        public void Write(ref MsgPackWriter writer, in Rgb value) => writer.WriteUInt32(value.Packed);

        public void Write(ref Span<byte> destination, in Rgb value) => MsgPackSpec.WriteUInt32(ref destination, value.Packed);

        public int GetEncodedLength(in Rgb value) => MsgPackSpec.GetUInt64EncodedLength(value.Packed);

        public Rgb Read(ref MsgPackReader reader, int depth)
        {
            uint packed = reader.ReadUInt32();
            if (packed > 0xffffff)
            {
                throw new MsgPackException("A colour is 0xRRGGBB; found 0x" + packed.ToString("x", System.Globalization.CultureInfo.InvariantCulture) + ".");
            }

            return new Rgb((byte)(packed >> 16), (byte)(packed >> 8), (byte)packed);
        }
    }

    /// <summary>A DateTime as whole Unix seconds (int): a member's own converter, in place of the timestamp extension.</summary>
    public readonly struct UnixSecondsConverter : IMsgPackConverter<DateTime>
    {
        public void Write(ref MsgPackWriter writer, in DateTime value) => writer.WriteInt64(Seconds(value));

        public void Write(ref Span<byte> destination, in DateTime value) => MsgPackSpec.WriteInt64(ref destination, Seconds(value));

        public int GetEncodedLength(in DateTime value) => MsgPackSpec.GetInt64EncodedLength(Seconds(value));

        public DateTime Read(ref MsgPackReader reader, int depth) => DateTimeOffset.FromUnixTimeSeconds(reader.ReadInt64()).UtcDateTime;

        private static long Seconds(DateTime value) => new DateTimeOffset(value.ToUniversalTime()).ToUnixTimeSeconds();
    }

    /// <summary>Complex (System.Runtime.Numerics) as [real, imaginary].</summary>
    public readonly struct ComplexConverter : IMsgPackConverter<Complex>
    {
        public void Write(ref MsgPackWriter writer, in Complex value)
        {
            writer.WriteArrayHeader(2);
            writer.WriteDouble(value.Real);
            writer.WriteDouble(value.Imaginary);
        }

        public void Write(ref Span<byte> destination, in Complex value)
        {
            MsgPackSpec.WriteArrayHeader(ref destination, 2);
            MsgPackSpec.WriteDouble(ref destination, value.Real);
            MsgPackSpec.WriteDouble(ref destination, value.Imaginary);
        }

        public int GetEncodedLength(in Complex value) => 1 + 9 + 9;

        public Complex Read(ref MsgPackReader reader, int depth)
        {
            if (reader.ReadArrayHeader() != 2)
            {
                throw new MsgPackException("A complex number is [real, imaginary].");
            }

            return new Complex(reader.ReadDouble(), reader.ReadDouble());
        }
    }

    /// <summary>A value or none: a generic type that knows nothing of MessagePack.</summary>
    public readonly struct Option<T>
    {
        public Option(T value) => (Value, HasValue) = (value, true);

        public T Value { get; }

        public bool HasValue { get; }
    }

    /// <summary>Option&lt;T&gt; as nil or the value: a generic converter, closed by each use.</summary>
    public readonly struct OptionConverter<T> : IMsgPackConverter<Option<T>>
        where T : IMsgPackSerializable<T>
    {
        public void Write(ref MsgPackWriter writer, in Option<T> value)
        {
            if (value.HasValue)
            {
                T.Write(ref writer, value.Value);
            }
            else
            {
                writer.WriteNil();
            }
        }

        public void Write(ref Span<byte> destination, in Option<T> value)
        {
            if (value.HasValue)
            {
                T.Write(ref destination, value.Value);
            }
            else
            {
                MsgPackSpec.WriteNil(ref destination);
            }
        }

        public int GetEncodedLength(in Option<T> value) => value.HasValue ? T.GetEncodedLength(value.Value) : 1;

        public Option<T> Read(ref MsgPackReader reader, int depth) =>
            reader.TryReadNil() == System.Buffers.OperationStatus.Done ? default : new Option<T>(T.Read(ref reader, depth));
    }

    /// <summary>A point, generated: the T of an Option.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public partial record struct Spot([property: MsgPackKey(0)] int X, [property: MsgPackKey(1)] int Y);

    /// <summary>Every place a converter is found: the type's, the member's, the assembly's (plain and generic), in a nullable, a list and a dictionary.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class Converted
    {
        [MsgPackKey(0)] public Rgb Color { get; set; }

        [MsgPackKey(1)] public Rgb? Highlight { get; set; }

        [MsgPackKey(2)]
        [MsgPackConverter(typeof(UnixSecondsConverter))]
        public DateTime Created { get; set; }

        [MsgPackKey(3)] public Complex Signal { get; set; }

        [MsgPackKey(4)] public List<Rgb>? Palette { get; set; }

        [MsgPackKey(5)] public Dictionary<string, Complex>? Samples { get; set; }

        [MsgPackKey(6)] public Option<Spot> Target { get; set; }

        [MsgPackKey(7)] public DateTime Stamped { get; set; }
    }

    /// <summary>A temperature in tenths of a degree, at or above absolute zero: a converter that opted in to the status path.</summary>
    [MsgPackConverter(typeof(TenthsConverter))]
    public readonly struct Tenths
    {
        public Tenths(int value) => Value = value;

        public int Value { get; }
    }

    /// <summary>
    /// A converter with a status read of its own (TryRead): generated code calls it instead of its Read, so bad input costs
    /// no exception. It reads through a cursor with the library's status helpers, which record a failure as the throwing
    /// reads would, and records its own check with <see cref="MsgPackReadFailure.Fail"/>.
    /// </summary>
    public readonly struct TenthsConverter : IMsgPackConverter<Tenths>
    {
        public const string BelowZero = "A temperature below absolute zero (-273.2 degrees).";

        public void Write(ref MsgPackWriter writer, in Tenths value) => writer.WriteInt32(value.Value);

        public void Write(ref Span<byte> destination, in Tenths value) => MsgPackSpec.WriteInt32(ref destination, value.Value);

        public int GetEncodedLength(in Tenths value) => MsgPackSpec.GetInt64EncodedLength(value.Value);

        public Tenths Read(ref MsgPackReader reader, int depth)
        {
            var failure = default(MsgPackReadFailure);
            if (TryRead(ref reader, depth, out Tenths value, ref failure) != System.Buffers.OperationStatus.Done)
            {
                throw failure.ToException();
            }

            return value;
        }

        public System.Buffers.OperationStatus TryRead(ref MsgPackReader reader, int depth, out Tenths value, ref MsgPackReadFailure failure)
        {
            long start = reader.Consumed;
            MsgPackCursor cursor = reader.GetCursor();
            if (!MsgPackSerialization.TryReadInt32(ref cursor, ref reader, out int tenths, ref failure))
            {
                value = default;
                return failure.Status;
            }

            reader.MoveTo(cursor);
            if (tenths < -2732)
            {
                value = default;
                return failure.Fail(new MsgPackException(BelowZero), start);
            }

            value = new Tenths(tenths);
            return System.Buffers.OperationStatus.Done;
        }
    }

    /// <summary>The opted-in converter as a member, in a list, and nullable.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    public sealed partial class Thermometer
    {
        [MsgPackKey(0)] public Tenths Reading { get; set; }

        [MsgPackKey(1)] public List<Tenths>? History { get; set; }

        [MsgPackKey(2)] public Tenths? Maybe { get; set; }
    }
}
