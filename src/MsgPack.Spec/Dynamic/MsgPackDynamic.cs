namespace MsgPack.Spec
{
    /// <summary>
    /// Values whose type is decided at run time, wire-compatible with MessagePack-CSharp's <c>Deserialize&lt;object&gt;</c>:
    /// any MessagePack value read into the .NET shapes its primitive object formatter makes, and such trees (or any
    /// graph of those types) written back with the bytes it writes.
    /// </summary>
    /// <remarks>
    /// <para><b>What a read makes</b>, value by value, as MessagePack-CSharp's <c>PrimitiveObjectFormatter</c> makes it:</para>
    /// <list type="table">
    /// <listheader><term>MessagePack</term><description>.NET</description></listheader>
    /// <item><term>nil</term><description><see langword="null"/></description></item>
    /// <item><term>bool</term><description><see cref="bool"/></description></item>
    /// <item><term>positive fixint, uint 8</term><description><see cref="byte"/></description></item>
    /// <item><term>negative fixint, int 8</term><description><see cref="sbyte"/></description></item>
    /// <item><term>uint 16, 32, 64; int 16, 32, 64</term><description><see cref="ushort"/>, <see cref="uint"/>, <see cref="ulong"/>; <see cref="short"/>, <see cref="int"/>, <see cref="long"/>: the type the format implies, whatever the value</description></item>
    /// <item><term>float 32, float 64</term><description><see cref="float"/>, <see cref="double"/></description></item>
    /// <item><term>str</term><description><see cref="string"/></description></item>
    /// <item><term>bin</term><description><see cref="byte"/>[] (a copy)</description></item>
    /// <item><term>array</term><description><see cref="object"/>[] (an empty one is <see cref="Array.Empty{T}"/>)</description></item>
    /// <item><term>map</term><description><see cref="System.Collections.Generic.Dictionary{TKey, TValue}"/> of <see cref="object"/> to <see cref="object"/></description></item>
    /// <item><term>timestamp (ext -1)</term><description><see cref="DateTime"/> in UTC, rounded down to the tick; a <see cref="Timestamp"/> outside the years 1 to 9999 (MessagePack-CSharp throws there)</description></item>
    /// <item><term>any other ext</term><description><see cref="MsgPackExtension"/> with a copy of the data (MessagePack-CSharp throws there)</description></item>
    /// </list>
    /// <para>
    /// So an integer map key is a <see cref="byte"/> when it is small: look it up as <c>(byte)1</c>, not <c>1</c>, as
    /// with MessagePack-CSharp (<see cref="MsgPackDocument"/> looks integer keys up by value, in any format). A map
    /// key that is nil, or that repeats, fails the read (MessagePack-CSharp throws for both too). The dictionaries
    /// compare keys as <see cref="object.Equals(object, object)"/> does, and hash integer, float and timestamp keys
    /// with a random seed of the process (strings with .NET's own string hash, which .NET Core randomizes), so that
    /// crafted keys cannot pile into one bucket.
    /// </para>
    /// <para>
    /// <b>What a write takes</b>: <see langword="null"/>, <see cref="bool"/>, every integer type, <see cref="char"/>
    /// (as its code, a uint 16 at most), <see cref="float"/> (always float 32), <see cref="double"/> (always float 64),
    /// <see cref="string"/>, <see cref="byte"/>[] (bin), <see cref="DateTime"/> (the timestamp extension; a local time
    /// is converted to UTC, an unspecified one taken as UTC), enums (their underlying integer), any
    /// <see cref="System.Collections.IDictionary"/>, <see cref="System.Collections.Generic.IDictionary{TKey, TValue}"/> or
    /// <see cref="System.Collections.Generic.IReadOnlyDictionary{TKey, TValue}"/> with <see cref="string"/> or
    /// <see cref="object"/> keys (a map), any <see cref="System.Collections.ICollection"/> or collection of references
    /// (<see cref="System.Collections.Generic.IReadOnlyCollection{T}"/> of <see cref="object"/>, a <c>HashSet&lt;string&gt;</c> too: an array), and this
    /// library's <see cref="Timestamp"/>, <see cref="MsgPackExtension"/>, <see cref="MsgPackElement"/> and
    /// <see cref="MsgPackDocument"/> (their bytes as they are). The integers take MessagePack-CSharp's forms: one typed
    /// <see cref="object"/> where it is (the root, an item of an <c>object[]</c>, <c>List&lt;object&gt;</c> or
    /// <c>ArrayList</c>, a key or value of a <c>Dictionary&lt;object, object&gt;</c> or <c>Hashtable</c>, a value of a
    /// <c>Dictionary&lt;string, object&gt;</c>) in the exact format of its type (an <see cref="int"/> as int 32, a
    /// <see cref="byte"/> as uint 8), so that it reads back as the same type; one of a typed container
    /// (<c>int[]</c>, <c>List&lt;long&gt;</c>, <c>Dictionary&lt;string, int&gt;</c>), a <see cref="char"/> and an enum in
    /// its smallest form. Lengths take their smallest form. Anything else throws <see cref="NotSupportedException"/>
    /// naming the type and where it is in the graph.
    /// </para>
    /// <para>
    /// <b>Hostile input.</b> Neither the read nor the write recurses: open arrays and maps are a stack of their own,
    /// so any depth is safe on any stack, and <see cref="MsgPackDynamicOptions.MaxDepth"/> (64) bounds it (a graph
    /// that holds itself fails the write instead of overflowing the stack). An array or map is allocated only after
    /// its count is checked against the bytes left (a claimed count of 2^32 allocates nothing and reads as
    /// truncated). <c>Read</c> throws <see cref="MsgPackException"/>s (the readers' own for bad bytes, or
    /// <see cref="MsgPackValidationException"/> for an input that ends early after bytes that are already wrong);
    /// <c>TryRead</c> never throws for bad input, consumes nothing unless it returns Done, and says NeedMoreData only
    /// when the validator would (the bytes present can still start a valid value).
    /// </para>
    /// </remarks>
    public static partial class MsgPackDynamic
    {
        /// <summary>Reads the next value, whatever it is, into the shapes of the remarks.</summary>
        /// <param name="reader">The reader; moved past the value only when it is read.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input ends inside the value or is not MessagePack (the readers' exceptions), or a limit is passed, or a map key is nil or repeats.</exception>
        public static object? Read(ref MsgPackReader reader) => Read(ref reader, default);

        /// <summary>Reads the next value, whatever it is, into the shapes of the remarks, within <paramref name="options"/>' limits.</summary>
        /// <param name="reader">The reader; moved past the value only when it is read.</param>
        /// <param name="options">The limits.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input ends inside the value or is not MessagePack (the readers' exceptions), or a limit is passed, or a map key is nil or repeats.</exception>
        public static object? Read(ref MsgPackReader reader, MsgPackDynamicOptions options)
        {
            MsgPackReader probe = reader;
            ReadStatus status = ReadCore(ref probe, options.MaxDepth, options.MaxValueCount, out object? value, out ReadFailure failure);
            if (status != ReadStatus.Done)
            {
                if (status == ReadStatus.NeedMoreData)
                {
                    MsgPackValidationResult result = Diagnose(reader, options);
                    if (ToStatus(result, reader) != OperationStatus.NeedMoreData && result.Error != MsgPackValidationError.None)
                    {
                        throw new MsgPackValidationException(result.Error, reader.Consumed + result.Offset);
                    }
                }

                ThrowReadFailure(ref probe, failure, options);
            }

            reader = probe;
            return value;
        }

        /// <summary>Tries to read the next value, whatever it is, into the shapes of the remarks; never throws for bad input.</summary>
        /// <param name="reader">The reader; moved past the value only when the result is Done.</param>
        /// <param name="value">The value; <see langword="null"/> unless the result is Done.</param>
        /// <returns>Done; NeedMoreData when the input ends inside a value whose bytes so far are well formed (as the validator says it); InvalidData for anything else, a limit passed included.</returns>
        public static OperationStatus TryRead(ref MsgPackReader reader, out object? value) => TryRead(ref reader, out value, default);

        /// <summary>Tries to read the next value within <paramref name="options"/>' limits; never throws for bad input.</summary>
        /// <param name="reader">The reader; moved past the value only when the result is Done.</param>
        /// <param name="value">The value; <see langword="null"/> unless the result is Done.</param>
        /// <param name="options">The limits.</param>
        /// <returns>Done; NeedMoreData when the input ends inside a value whose bytes so far are well formed (as the validator says it); InvalidData for anything else, a limit passed included.</returns>
        public static OperationStatus TryRead(ref MsgPackReader reader, out object? value, MsgPackDynamicOptions options) =>
            TryRead(ref reader, out value, options, out _);

        /// <summary>The read behind every TryRead door; for NeedMoreData, also the input length the value needs (from the reader's start).</summary>
        private static OperationStatus TryRead(ref MsgPackReader reader, out object? value, in MsgPackDynamicOptions options, out long bytesNeeded)
        {
            MsgPackReader probe = reader;
            ReadStatus status = ReadCore(ref probe, options.MaxDepth, options.MaxValueCount, out value, out _);
            bytesNeeded = 0;
            if (status == ReadStatus.Done)
            {
                reader = probe;
                return OperationStatus.Done;
            }

            if (status != ReadStatus.NeedMoreData)
            {
                return OperationStatus.InvalidData;
            }

            // The input ended first (or cannot hold the items an array or map announces): more bytes help only if what
            // is there can start a valid value, which the validator decides, as for MsgPackDocument and TryValidate.
            MsgPackValidationResult result = Diagnose(reader, options);
            OperationStatus verdict = ToStatus(result, reader);
            bytesNeeded = verdict == OperationStatus.NeedMoreData ? result.BytesNeeded : 0;
            return verdict == OperationStatus.Done ? OperationStatus.NeedMoreData : verdict;
        }

        /// <summary>What the validator, with the read's depth limit, finds from the reader's place on.</summary>
        private static MsgPackValidationResult Diagnose(MsgPackReader reader, in MsgPackDynamicOptions options) =>
            MsgPackValidator.Run(reader, new MsgPackValidationOptions { MaxDepth = options.MaxDepth, AllowMultipleValues = true });

        private static OperationStatus ToStatus(in MsgPackValidationResult result, in MsgPackReader reader) =>
            MsgPackValidator.ToOperationStatus(result, reader.Sequence.IsEmpty ? int.MaxValue : long.MaxValue);

        /// <summary>Reads the value at the start of <paramref name="source"/>, whatever it is, into the shapes of the remarks.</summary>
        /// <param name="source">The input.</param>
        /// <param name="bytesRead">The bytes the value took.</param>
        /// <param name="options">The limits; <c>default</c> for 64 levels.</param>
        /// <returns>The value.</returns>
        /// <exception cref="MsgPackException">The input ends inside the value or is not MessagePack (the readers' exceptions), or a limit is passed, or a map key is nil or repeats.</exception>
        public static object? Read(ReadOnlySpan<byte> source, out int bytesRead, MsgPackDynamicOptions options = default)
        {
            var reader = new MsgPackReader(source);
            object? value = Read(ref reader, options);
            bytesRead = (int)reader.Consumed;
            return value;
        }

        /// <summary>Tries to read the value at the start of <paramref name="source"/>, whatever it is; never throws for bad input.</summary>
        /// <param name="source">The input.</param>
        /// <param name="value">The value; <see langword="null"/> unless the result is Done.</param>
        /// <param name="bytesRead">Done: the bytes the value took. NeedMoreData: the least input length that could complete the value (as <see cref="MsgPackSpec.TryValidate(ReadOnlySpan{byte}, out MsgPackValidationResult, MsgPackValidationOptions)"/> says). InvalidData: 0.</param>
        /// <param name="options">The limits; <c>default</c> for 64 levels.</param>
        /// <returns>Done; NeedMoreData when the input ends inside a value whose bytes so far are well formed; InvalidData for anything else, a limit passed included.</returns>
        public static OperationStatus TryRead(ReadOnlySpan<byte> source, out object? value, out int bytesRead, MsgPackDynamicOptions options = default)
        {
            var reader = new MsgPackReader(source);
            OperationStatus status = TryRead(ref reader, out value, options, out long bytesNeeded);
            bytesRead = status == OperationStatus.Done ? (int)reader.Consumed : (int)bytesNeeded;
            return status;
        }

        /// <summary>Writes <paramref name="value"/> by its runtime type (see the remarks), as MessagePack-CSharp writes it typed as <see cref="object"/>.</summary>
        /// <param name="writer">The writer.</param>
        /// <param name="value">The value or graph.</param>
        /// <param name="options">The depth limit; <c>default</c> for 64 levels.</param>
        /// <exception cref="NotSupportedException">The graph holds a value of a type this writer does not take (the message names it, and where it is).</exception>
        /// <exception cref="InvalidOperationException">The graph nests deeper than <see cref="MsgPackDynamicOptions.MaxDepth"/> (a cycle, perhaps), or a collection changed while it was written.</exception>
        public static void Write(ref MsgPackWriter writer, object? value, MsgPackDynamicOptions options = default)
        {
            var walker = new DynamicWalker(value, options.MaxDepth);
            try
            {
                while (walker.MoveNext())
                {
                    WriteEvent(ref writer, ref walker);
                }
            }
            finally
            {
                walker.Dispose();
            }
        }

        /// <summary>Writes <paramref name="value"/> by its runtime type into a span and moves the span past it.</summary>
        /// <param name="destination">The destination; on return, the part after the value. Size it with <see cref="GetEncodedLength"/>.</param>
        /// <param name="value">The value or graph.</param>
        /// <param name="options">The depth limit; <c>default</c> for 64 levels.</param>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small (part of the value may have been written).</exception>
        /// <exception cref="NotSupportedException">The graph holds a value of a type this writer does not take.</exception>
        /// <exception cref="InvalidOperationException">The graph nests deeper than <see cref="MsgPackDynamicOptions.MaxDepth"/>, or a collection changed while it was written.</exception>
        public static void Write(ref Span<byte> destination, object? value, MsgPackDynamicOptions options = default)
        {
            var walker = new DynamicWalker(value, options.MaxDepth);
            try
            {
                while (walker.MoveNext())
                {
                    WriteEvent(ref destination, ref walker);
                }
            }
            finally
            {
                walker.Dispose();
            }
        }

        /// <summary>Writes <paramref name="value"/> by its runtime type at the start of a span.</summary>
        /// <param name="destination">The destination; size it with <see cref="GetEncodedLength"/>.</param>
        /// <param name="value">The value or graph.</param>
        /// <param name="options">The depth limit; <c>default</c> for 64 levels.</param>
        /// <returns>The bytes written.</returns>
        /// <exception cref="ArgumentException"><paramref name="destination"/> is too small (part of the value may have been written).</exception>
        /// <exception cref="NotSupportedException">The graph holds a value of a type this writer does not take.</exception>
        /// <exception cref="InvalidOperationException">The graph nests deeper than <see cref="MsgPackDynamicOptions.MaxDepth"/>, or a collection changed while it was written.</exception>
        public static int Write(Span<byte> destination, object? value, MsgPackDynamicOptions options = default)
        {
            Span<byte> rest = destination;
            Write(ref rest, value, options);
            return destination.Length - rest.Length;
        }

        /// <summary>The bytes <see cref="Write(ref MsgPackWriter, object, MsgPackDynamicOptions)"/> writes for <paramref name="value"/>.</summary>
        /// <param name="value">The value or graph.</param>
        /// <param name="options">The depth limit; <c>default</c> for 64 levels.</param>
        /// <returns>The length.</returns>
        /// <exception cref="NotSupportedException">The graph holds a value of a type this writer does not take.</exception>
        /// <exception cref="InvalidOperationException">The graph nests deeper than <see cref="MsgPackDynamicOptions.MaxDepth"/>, or a collection changed while it was measured.</exception>
        /// <exception cref="OverflowException">The value would take more than <see cref="int.MaxValue"/> bytes.</exception>
        public static int GetEncodedLength(object? value, MsgPackDynamicOptions options = default)
        {
            var walker = new DynamicWalker(value, options.MaxDepth);
            try
            {
                int length = 0;
                while (walker.MoveNext())
                {
                    length = checked(length + EventLength(ref walker));
                }

                return length;
            }
            finally
            {
                walker.Dispose();
            }
        }
    }
}
