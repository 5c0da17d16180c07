using System;
using System.Collections.Generic;
using MemoryPack;
using MsgPack.Spec.Serialization;
using PolyType;

// The models of the serializer benchmarks, in the shapes the peers benchmark themselves (our own classes), each
// annotated for every library:
// - ours: [MsgPackObject] and [MsgPackKey]; our source generator writes the static Write/Read members.
// - MessagePack-CSharp 3.1.12: [MessagePackObject] and [Key]. Its own source generator (MessagePackAnalyzer 3.1.12)
//   is not on the package feed (the project references 2.5.307 with no assets), so its rows run through the default
//   resolver (StandardResolver: formatters emitted with Reflection.Emit at first use), which is how most applications
//   without the analyzer run it.
// - Nerdbank.MessagePack 1.4.104: [GenerateShape] (PolyType's source generator writes the shape); its [Key] makes the
//   array layout, and PolyType's [PropertyShape(Name = ...)] names a map key that differs from the property's name.
// - MemoryPack 1.21.4: [MemoryPackable] (MemoryPack.Generator). It writes its own format, not MessagePack: it is the
//   ceiling of what a generated serializer of .NET objects can do, not a peer.
// Every type is public: MessagePack-CSharp's default resolver emits formatters only for public types.
namespace MsgPack.Spec.Benchmarks.Serializers
{
    /// <summary>MessagePack-CSharp's IntKey benchmark shape: 9 ints in an array layout (keys 0..8).</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [GenerateShape]
    [MemoryPackable]
    public sealed partial class IntKey
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public int MyProperty1 { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public int MyProperty2 { get; set; }
        [MsgPackKey(2)] [MpcKey(2)] [NbKey(2)] public int MyProperty3 { get; set; }
        [MsgPackKey(3)] [MpcKey(3)] [NbKey(3)] public int MyProperty4 { get; set; }
        [MsgPackKey(4)] [MpcKey(4)] [NbKey(4)] public int MyProperty5 { get; set; }
        [MsgPackKey(5)] [MpcKey(5)] [NbKey(5)] public int MyProperty6 { get; set; }
        [MsgPackKey(6)] [MpcKey(6)] [NbKey(6)] public int MyProperty7 { get; set; }
        [MsgPackKey(7)] [MpcKey(7)] [NbKey(7)] public int MyProperty8 { get; set; }
        [MsgPackKey(8)] [MpcKey(8)] [NbKey(8)] public int MyProperty9 { get; set; }

        /// <summary>Values of several widths (fixints, int 8/16/32, negative and positive), as a real record has.</summary>
        public static IntKey Sample() => new IntKey
        {
            MyProperty1 = 1,
            MyProperty2 = -20,
            MyProperty3 = 300,
            MyProperty4 = -3_000,
            MyProperty5 = 70_000,
            MyProperty6 = int.MaxValue,
            MyProperty7 = 127,
            MyProperty8 = -100,
            MyProperty9 = 65_535,
        };
    }

    /// <summary>MessagePack-CSharp's StringKey benchmark shape: the same 9 ints in a map layout, keyed by name.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    [MpcObject]
    [GenerateShape]
    [MemoryPackable]
    public sealed partial class StringKey
    {
        [MsgPackKey("MyProperty1")] [MpcKey("MyProperty1")] public int MyProperty1 { get; set; }
        [MsgPackKey("MyProperty2")] [MpcKey("MyProperty2")] public int MyProperty2 { get; set; }
        [MsgPackKey("MyProperty3")] [MpcKey("MyProperty3")] public int MyProperty3 { get; set; }
        [MsgPackKey("MyProperty4")] [MpcKey("MyProperty4")] public int MyProperty4 { get; set; }
        [MsgPackKey("MyProperty5")] [MpcKey("MyProperty5")] public int MyProperty5 { get; set; }
        [MsgPackKey("MyProperty6")] [MpcKey("MyProperty6")] public int MyProperty6 { get; set; }
        [MsgPackKey("MyProperty7")] [MpcKey("MyProperty7")] public int MyProperty7 { get; set; }
        [MsgPackKey("MyProperty8")] [MpcKey("MyProperty8")] public int MyProperty8 { get; set; }
        [MsgPackKey("MyProperty9")] [MpcKey("MyProperty9")] public int MyProperty9 { get; set; }

        public static StringKey Sample() => new StringKey
        {
            MyProperty1 = 1,
            MyProperty2 = -20,
            MyProperty3 = 300,
            MyProperty4 = -3_000,
            MyProperty5 = 70_000,
            MyProperty6 = int.MaxValue,
            MyProperty7 = 127,
            MyProperty8 = -100,
            MyProperty9 = 65_535,
        };
    }

    /// <summary>Nerdbank.MessagePack's PocoAsArray benchmark shape: an int and a string, array layout.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [GenerateShape]
    [MemoryPackable]
    public sealed partial class PocoAsArray
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public int SomeInt { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public string? SomeString { get; set; }

        public static PocoAsArray Sample() => new PocoAsArray { SomeInt = 42, SomeString = "Hello, World!" };
    }

    /// <summary>Nerdbank.MessagePack's PocoMap benchmark shape: an int and a string, map layout keyed by name.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    [MpcObject]
    [GenerateShape]
    [MemoryPackable]
    public sealed partial class PocoMap
    {
        [MsgPackKey("SomeInt")] [MpcKey("SomeInt")] public int SomeInt { get; set; }
        [MsgPackKey("SomeString")] [MpcKey("SomeString")] public string? SomeString { get; set; }

        public static PocoMap Sample() => new PocoMap { SomeInt = 42, SomeString = "Hello, World!" };
    }

    /// <summary>A StackOverflow-style user (the API's shallow user), nested in <see cref="Answer"/> and <see cref="Comment"/>.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    [MpcObject]
    [GenerateShape]
    [MemoryPackable]
    public sealed partial class User
    {
        [MsgPackKey("user_id")] [MpcKey("user_id")] [PropertyShape(Name = "user_id")] public int? UserId { get; set; }
        [MsgPackKey("display_name")] [MpcKey("display_name")] [PropertyShape(Name = "display_name")] public string? DisplayName { get; set; }
        [MsgPackKey("reputation")] [MpcKey("reputation")] [PropertyShape(Name = "reputation")] public int? Reputation { get; set; }
        [MsgPackKey("user_type")] [MpcKey("user_type")] [PropertyShape(Name = "user_type")] public UserType UserType { get; set; }
        [MsgPackKey("profile_image")] [MpcKey("profile_image")] [PropertyShape(Name = "profile_image")] public string? ProfileImage { get; set; }
        [MsgPackKey("link")] [MpcKey("link")] [PropertyShape(Name = "link")] public string? Link { get; set; }
        [MsgPackKey("accept_rate")] [MpcKey("accept_rate")] [PropertyShape(Name = "accept_rate")] public int? AcceptRate { get; set; }
    }

    public enum UserType
    {
        Unregistered = 1,
        Registered = 2,
        Moderator = 3,
        TeamAdmin = 4,
    }

    /// <summary>A StackOverflow-style comment on an answer.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    [MpcObject]
    [GenerateShape]
    [MemoryPackable]
    public sealed partial class Comment
    {
        [MsgPackKey("comment_id")] [MpcKey("comment_id")] [PropertyShape(Name = "comment_id")] public int? CommentId { get; set; }
        [MsgPackKey("post_id")] [MpcKey("post_id")] [PropertyShape(Name = "post_id")] public int? PostId { get; set; }
        [MsgPackKey("creation_date")] [MpcKey("creation_date")] [PropertyShape(Name = "creation_date")] public DateTime? CreationDate { get; set; }
        [MsgPackKey("score")] [MpcKey("score")] [PropertyShape(Name = "score")] public int? Score { get; set; }
        [MsgPackKey("edited")] [MpcKey("edited")] [PropertyShape(Name = "edited")] public bool? Edited { get; set; }
        [MsgPackKey("body")] [MpcKey("body")] [PropertyShape(Name = "body")] public string? Body { get; set; }
        [MsgPackKey("owner")] [MpcKey("owner")] [PropertyShape(Name = "owner")] public User? Owner { get; set; }
    }

    /// <summary>A StackOverflow-style answer (the API's answer object, as Jil's and MessagePack-CSharp's comparisons
    /// use it): 21 members, nullable ints and DateTimes, strings, nested users, a list of comments and a list of tags.</summary>
    [MsgPackObject(MsgPackLayout.Map)]
    [MpcObject]
    [GenerateShape]
    [MemoryPackable]
    public sealed partial class Answer
    {
        [MsgPackKey("question_id")] [MpcKey("question_id")] [PropertyShape(Name = "question_id")] public int? QuestionId { get; set; }
        [MsgPackKey("answer_id")] [MpcKey("answer_id")] [PropertyShape(Name = "answer_id")] public int? AnswerId { get; set; }
        [MsgPackKey("locked_date")] [MpcKey("locked_date")] [PropertyShape(Name = "locked_date")] public DateTime? LockedDate { get; set; }
        [MsgPackKey("creation_date")] [MpcKey("creation_date")] [PropertyShape(Name = "creation_date")] public DateTime? CreationDate { get; set; }
        [MsgPackKey("last_edit_date")] [MpcKey("last_edit_date")] [PropertyShape(Name = "last_edit_date")] public DateTime? LastEditDate { get; set; }
        [MsgPackKey("last_activity_date")] [MpcKey("last_activity_date")] [PropertyShape(Name = "last_activity_date")] public DateTime? LastActivityDate { get; set; }
        [MsgPackKey("score")] [MpcKey("score")] [PropertyShape(Name = "score")] public int? Score { get; set; }
        [MsgPackKey("community_owned_date")] [MpcKey("community_owned_date")] [PropertyShape(Name = "community_owned_date")] public DateTime? CommunityOwnedDate { get; set; }
        [MsgPackKey("is_accepted")] [MpcKey("is_accepted")] [PropertyShape(Name = "is_accepted")] public bool? IsAccepted { get; set; }
        [MsgPackKey("body")] [MpcKey("body")] [PropertyShape(Name = "body")] public string? Body { get; set; }
        [MsgPackKey("owner")] [MpcKey("owner")] [PropertyShape(Name = "owner")] public User? Owner { get; set; }
        [MsgPackKey("title")] [MpcKey("title")] [PropertyShape(Name = "title")] public string? Title { get; set; }
        [MsgPackKey("up_vote_count")] [MpcKey("up_vote_count")] [PropertyShape(Name = "up_vote_count")] public int? UpVoteCount { get; set; }
        [MsgPackKey("down_vote_count")] [MpcKey("down_vote_count")] [PropertyShape(Name = "down_vote_count")] public int? DownVoteCount { get; set; }
        [MsgPackKey("comments")] [MpcKey("comments")] [PropertyShape(Name = "comments")] public List<Comment>? Comments { get; set; }
        [MsgPackKey("link")] [MpcKey("link")] [PropertyShape(Name = "link")] public string? Link { get; set; }
        [MsgPackKey("tags")] [MpcKey("tags")] [PropertyShape(Name = "tags")] public List<string>? Tags { get; set; }
        [MsgPackKey("upvoted")] [MpcKey("upvoted")] [PropertyShape(Name = "upvoted")] public bool? Upvoted { get; set; }
        [MsgPackKey("downvoted")] [MpcKey("downvoted")] [PropertyShape(Name = "downvoted")] public bool? Downvoted { get; set; }
        [MsgPackKey("last_editor")] [MpcKey("last_editor")] [PropertyShape(Name = "last_editor")] public User? LastEditor { get; set; }
        [MsgPackKey("comment_count")] [MpcKey("comment_count")] [PropertyShape(Name = "comment_count")] public int? CommentCount { get; set; }

        /// <summary>An answer with 3 comments and 4 tags; two dates and the vote flags are null, as in the API's answers.
        /// Dates are UTC (Nerdbank.MessagePack refuses a DateTime of unspecified kind) with milliseconds, so they take
        /// the timestamp 64 form.</summary>
        public static Answer Sample()
        {
            var created = new DateTime(2024, 3, 14, 15, 9, 26, 535, DateTimeKind.Utc);
            User Person(int id, string name, int reputation) => new User
            {
                UserId = id,
                DisplayName = name,
                Reputation = reputation,
                UserType = UserType.Registered,
                ProfileImage = $"https://www.gravatar.com/avatar/{id:x8}5f0e3c2a1b9d8e7f6a5b4c3d?s=128&d=identicon&r=PG",
                Link = $"https://stackoverflow.com/users/{id}/{name.ToLowerInvariant().Replace(' ', '-')}",
                AcceptRate = id % 100,
            };

            var comments = new List<Comment>();
            for (int i = 0; i < 3; i++)
            {
                comments.Add(new Comment
                {
                    CommentId = 90_000_000 + i,
                    PostId = 78_123_456,
                    CreationDate = created.AddMinutes(17 * (i + 1)).AddMilliseconds(i * 111),
                    Score = i * 3,
                    Edited = i == 1,
                    Body = $"Comment {i}: this works, but the span overload avoids the copy; see the second example in the docs.",
                    Owner = Person(1_000 + i, $"commenter {i}", 150 * (i + 1)),
                });
            }

            return new Answer
            {
                QuestionId = 78_123_000,
                AnswerId = 78_123_456,
                LockedDate = null,
                CreationDate = created,
                LastEditDate = created.AddHours(2).AddMilliseconds(250),
                LastActivityDate = created.AddDays(3).AddMilliseconds(750),
                Score = 42,
                CommunityOwnedDate = null,
                IsAccepted = true,
                Body = "<p>Use a <code>ReadOnlySequence&lt;byte&gt;</code> and read it with a struct reader: no copy, no allocation per value.</p>\n<pre><code>var reader = new MsgPackReader(sequence);\nint count = reader.ReadArrayHeader();\n</code></pre>\n<p>The reader keeps its place in registers while the value is in one segment.</p>",
                Owner = Person(22_656, "Jon Skeet", 1_400_000),
                Title = "How do I read MessagePack from a ReadOnlySequence without copying?",
                UpVoteCount = 45,
                DownVoteCount = 3,
                Comments = comments,
                Link = "https://stackoverflow.com/questions/78123000/how-do-i-read-messagepack-from-a-readonlysequence/78123456#78123456",
                Tags = new List<string> { "c#", ".net", "messagepack", "serialization" },
                Upvoted = null,
                Downvoted = null,
                LastEditor = Person(3_000_001, "An Editor", 12_345),
                CommentCount = comments.Count,
            };
        }
    }

    /// <summary>A small nested type (a location) in <see cref="Item"/>.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [GenerateShape]
    [MemoryPackable]
    public sealed partial class Geo
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public double Latitude { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public double Longitude { get; set; }
    }

    /// <summary>One record of MemoryPack's JsonResponseModel benchmark shape: 27 members of mixed types, array layout.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [GenerateShape]
    [MemoryPackable]
    public sealed partial class Item
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public int Id { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public long LongId { get; set; }
        [MsgPackKey(2)] [MpcKey(2)] [NbKey(2)] public string? Name { get; set; }
        [MsgPackKey(3)] [MpcKey(3)] [NbKey(3)] public string? Description { get; set; }
        [MsgPackKey(4)] [MpcKey(4)] [NbKey(4)] public double Price { get; set; }
        [MsgPackKey(5)] [MpcKey(5)] [NbKey(5)] public double Rating { get; set; }
        [MsgPackKey(6)] [MpcKey(6)] [NbKey(6)] public bool IsActive { get; set; }
        [MsgPackKey(7)] [MpcKey(7)] [NbKey(7)] public bool IsFeatured { get; set; }
        [MsgPackKey(8)] [MpcKey(8)] [NbKey(8)] public int Quantity { get; set; }
        [MsgPackKey(9)] [MpcKey(9)] [NbKey(9)] public long Views { get; set; }
        [MsgPackKey(10)] [MpcKey(10)] [NbKey(10)] public DateTime Created { get; set; }
        [MsgPackKey(11)] [MpcKey(11)] [NbKey(11)] public DateTime? Updated { get; set; }
        [MsgPackKey(12)] [MpcKey(12)] [NbKey(12)] public int? ParentId { get; set; }
        [MsgPackKey(13)] [MpcKey(13)] [NbKey(13)] public string? Category { get; set; }
        [MsgPackKey(14)] [MpcKey(14)] [NbKey(14)] public string? Sku { get; set; }
        [MsgPackKey(15)] [MpcKey(15)] [NbKey(15)] public float Weight { get; set; }
        [MsgPackKey(16)] [MpcKey(16)] [NbKey(16)] public short Priority { get; set; }
        [MsgPackKey(17)] [MpcKey(17)] [NbKey(17)] public byte Level { get; set; }
        [MsgPackKey(18)] [MpcKey(18)] [NbKey(18)] public uint Flags { get; set; }
        [MsgPackKey(19)] [MpcKey(19)] [NbKey(19)] public ulong Checksum { get; set; }
        [MsgPackKey(20)] [MpcKey(20)] [NbKey(20)] public double? Discount { get; set; }
        [MsgPackKey(21)] [MpcKey(21)] [NbKey(21)] public string? Url { get; set; }
        [MsgPackKey(22)] [MpcKey(22)] [NbKey(22)] public string? Email { get; set; }
        [MsgPackKey(23)] [MpcKey(23)] [NbKey(23)] public bool? Verified { get; set; }
        [MsgPackKey(24)] [MpcKey(24)] [NbKey(24)] public Geo? Location { get; set; }
        [MsgPackKey(25)] [MpcKey(25)] [NbKey(25)] public int Stock { get; set; }
        [MsgPackKey(26)] [MpcKey(26)] [NbKey(26)] public long UpdatedAtUnixMs { get; set; }
    }

    /// <summary>MemoryPack's JsonResponseModel benchmark shape: a response holding 50 <see cref="Item"/> records, array layout.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [GenerateShape]
    [MemoryPackable]
    public sealed partial class Response
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public int Status { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public string? Message { get; set; }
        [MsgPackKey(2)] [MpcKey(2)] [NbKey(2)] public DateTime Generated { get; set; }
        [MsgPackKey(3)] [MpcKey(3)] [NbKey(3)] public long RequestId { get; set; }
        [MsgPackKey(4)] [MpcKey(4)] [NbKey(4)] public List<Item>? Items { get; set; }
        [MsgPackKey(5)] [MpcKey(5)] [NbKey(5)] public int Total { get; set; }
        [MsgPackKey(6)] [MpcKey(6)] [NbKey(6)] public bool HasMore { get; set; }

        /// <summary>50 items; every 3rd has no update date, every 4th no parent, every 5th no SKU, every 7th no
        /// location (nil). UTC dates with milliseconds (timestamp 64).</summary>
        public static Response Sample()
        {
            var start = new DateTime(2025, 1, 2, 3, 4, 5, 678, DateTimeKind.Utc);
            var random = new Random(22);
            var items = new List<Item>();
            for (int i = 0; i < 50; i++)
            {
                items.Add(new Item
                {
                    Id = 1_000 + i,
                    LongId = 9_000_000_000L + (i * 7_919L),
                    Name = $"Item {i:d3} — widget",
                    Description = i % 6 == 0 ? null : $"A sturdy widget, model {i}, for everyday use; ships in {1 + (i % 5)} days.",
                    Price = Math.Round(random.NextDouble() * 500, 2),
                    Rating = Math.Round(random.NextDouble() * 5, 1),
                    IsActive = i % 2 == 0,
                    IsFeatured = i % 9 == 0,
                    Quantity = random.Next(0, 1_000),
                    Views = random.NextInt64(0, 10_000_000_000L),
                    Created = start.AddSeconds(-i * 86_400.125),
                    Updated = i % 3 == 0 ? null : start.AddMinutes(i * 13).AddMilliseconds(i),
                    ParentId = i % 4 == 0 ? null : i / 4,
                    Category = (i % 4) switch { 0 => "tools", 1 => "garden", 2 => "kitchen", _ => "outdoor" },
                    Sku = i % 5 == 0 ? null : $"SKU-{i:d5}-X",
                    Weight = (float)(0.25 + (i * 0.1)),
                    Priority = (short)(i - 25),
                    Level = (byte)(i * 5),
                    Flags = (uint)(1 << (i % 32)),
                    Checksum = (ulong)random.NextInt64() * 3UL,
                    Discount = i % 2 == 0 ? null : 0.05 * (i % 4),
                    Url = $"https://shop.example.com/items/{1_000 + i}",
                    Email = i % 8 == 0 ? null : $"seller{i}@example.com",
                    Verified = (i % 3) switch { 0 => null, 1 => true, _ => false },
                    Location = i % 7 == 0 ? null : new Geo { Latitude = 35.0 + (i * 0.0137), Longitude = 139.0 - (i * 0.0211) },
                    Stock = random.Next(-5, 100_000),
                    UpdatedAtUnixMs = 1_735_787_045_678L + (i * 60_000L),
                });
            }

            return new Response
            {
                Status = 200,
                Message = "OK",
                Generated = start,
                RequestId = 123_456_789_012L,
                Items = items,
                Total = 12_345,
                HasMore = true,
            };
        }
    }

    /// <summary>A layer of a neural network: 65,536 float weights (a float[] through the bulk doors) and two ints.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [GenerateShape]
    [MemoryPackable]
    public sealed partial class Layer
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public int Index { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public int Units { get; set; }
        [MsgPackKey(2)] [MpcKey(2)] [NbKey(2)] public float[]? Weights { get; set; }

        /// <summary>Random weights in (-1, 1), none whole, so that no library may shorten one.</summary>
        public static Layer Sample()
        {
            var random = new Random(65_536);
            float[] weights = new float[65_536];
            for (int i = 0; i < weights.Length; i++)
            {
                weights[i] = (float)((random.NextDouble() * 2) - 1) + 1e-7f;
            }

            return new Layer { Index = 3, Units = 256, Weights = weights };
        }
    }

    // A converter-heavy model: a ledger of 32 amounts, each written by a custom converter of each library (an int of
    // cents), so that the rows measure what calling a user's converter costs per value. MemoryPack writes Money as its own
    // struct (an unmanaged struct is copied as it is in memory: its format, with no formatter called).
    /// <summary>An amount of money in cents, with a converter for each MessagePack library on the type (MemoryPack copies it as memory).</summary>
    [MsgPackConverter(typeof(MoneyConverter))]
    [MessagePack.MessagePackFormatter(typeof(MoneyMessagePackFormatter))]
    [Nerdbank.MessagePack.MessagePackConverter(typeof(MoneyNerdbankConverter))]
    public readonly struct Money
    {
        public Money(long cents) => Cents = cents;

        public long Cents { get; }
    }

    /// <summary>
    /// Ours: a struct, called directly by the generated code. It has a status read of its own (TryRead, through the
    /// library's status helpers), which generated code calls instead of Read: a bad amount costs no exception.
    /// </summary>
    public readonly struct MoneyConverter : IMsgPackConverter<Money>
    {
        public void Write(ref MsgPackWriter writer, in Money value) => writer.WriteInt64(value.Cents);

        public void Write(ref Span<byte> destination, in Money value) => MsgPackSpec.WriteInt64(ref destination, value.Cents);

        public int GetEncodedLength(in Money value) => MsgPackSpec.GetInt64EncodedLength(value.Cents);

        public Money Read(ref MsgPackReader reader, int depth) => new Money(reader.ReadInt64());

        public System.Buffers.OperationStatus TryRead(ref MsgPackReader reader, int depth, out Money value, ref MsgPackReadFailure failure)
        {
            // The reader's own status read: a valid amount costs what Read's does (no cursor taken and given back per
            // amount, as docs/serialization.md recommends for a converter of one value).
            if (reader.TryReadInt64(out long cents) == System.Buffers.OperationStatus.Done)
            {
                value = new Money(cents);
                return System.Buffers.OperationStatus.Done;
            }

            value = default;
            return Fail(ref reader, ref failure);
        }

        /// <summary>A bad or cut amount, out of line: read again through the library's status helper, which records what failed and where, as Read's exception would say it.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static System.Buffers.OperationStatus Fail(ref MsgPackReader reader, ref MsgPackReadFailure failure)
        {
            MsgPackCursor cursor = reader.GetCursor();
            MsgPackSerialization.TryReadInt64(ref cursor, ref reader, out _, ref failure);
            return failure.Status;
        }
    }

    /// <summary>MessagePack-CSharp's: a formatter class, found through its attribute resolver.</summary>
    public sealed class MoneyMessagePackFormatter : MessagePack.Formatters.IMessagePackFormatter<Money>
    {
        public void Serialize(ref MessagePack.MessagePackWriter writer, Money value, MessagePack.MessagePackSerializerOptions options) => writer.Write(value.Cents);

        public Money Deserialize(ref MessagePack.MessagePackReader reader, MessagePack.MessagePackSerializerOptions options) => new Money(reader.ReadInt64());
    }

    /// <summary>Nerdbank.MessagePack's: a converter class.</summary>
    public sealed class MoneyNerdbankConverter : Nerdbank.MessagePack.MessagePackConverter<Money>
    {
        public override void Write(ref Nerdbank.MessagePack.MessagePackWriter writer, in Money value, Nerdbank.MessagePack.SerializationContext context) => writer.Write(value.Cents);

        public override Money Read(ref Nerdbank.MessagePack.MessagePackReader reader, Nerdbank.MessagePack.SerializationContext context) => new Money(reader.ReadInt64());
    }

    /// <summary>A ledger: an account name, two amounts and 32 entries, every amount through a converter.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [GenerateShape]
    [MemoryPackable]
    public sealed partial class Ledger
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public string? Account { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public Money Opening { get; set; }
        [MsgPackKey(2)] [MpcKey(2)] [NbKey(2)] public Money Closing { get; set; }
        [MsgPackKey(3)] [MpcKey(3)] [NbKey(3)] public List<Money>? Entries { get; set; }

        /// <summary>Amounts of every width: a few cents (fixint), hundreds, thousands, millions, and debits.</summary>
        public static Ledger Sample()
        {
            var entries = new List<Money>(32);
            long total = 1_000_000;
            for (int i = 0; i < 32; i++)
            {
                long cents = (i % 4) switch
                {
                    0 => i,
                    1 => -(i * 250),
                    2 => i * 40_000,
                    _ => i * 3_000_000L,
                };
                entries.Add(new Money(cents));
                total += cents;
            }

            return new Ledger { Account = "ACME Ltd / EUR", Opening = new Money(1_000_000), Closing = new Money(total), Entries = entries };
        }
    }

    // A union-heavy model: a scene of shapes, each a case of an abstract class, some holding shapes of their own. Each
    // library's union attributes (integer tags): ours [MsgPackUnion], MessagePack-CSharp's [Union], PolyType's
    // [DerivedTypeShape(Tag = ...)] for Nerdbank.MessagePack, MemoryPack's [MemoryPackUnion].
    #pragma warning disable MsgPack003 // MessagePack-CSharp's analyzer wants [MessagePackObject] on a union member's type; its union resolver does not.
    [MsgPackUnion(0, typeof(CircleShape))]
    [MsgPackUnion(1, typeof(RectShape))]
    [MsgPackUnion(2, typeof(TextShape))]
    [MsgPackUnion(3, typeof(GroupShape))]
    [MpcUnion(0, typeof(CircleShape))]
    [MpcUnion(1, typeof(RectShape))]
    [MpcUnion(2, typeof(TextShape))]
    [MpcUnion(3, typeof(GroupShape))]
    [DerivedTypeShape(typeof(CircleShape), Tag = 0)]
    [DerivedTypeShape(typeof(RectShape), Tag = 1)]
    [DerivedTypeShape(typeof(TextShape), Tag = 2)]
    [DerivedTypeShape(typeof(GroupShape), Tag = 3)]
    [MemoryPackable]
    [MemoryPackUnion(0, typeof(CircleShape))]
    [MemoryPackUnion(1, typeof(RectShape))]
    [MemoryPackUnion(2, typeof(TextShape))]
    [MemoryPackUnion(3, typeof(GroupShape))]
    public abstract partial class Shape
    {
    }

    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [MemoryPackable]
    public sealed partial class CircleShape : Shape
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public int X { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public int Y { get; set; }
        [MsgPackKey(2)] [MpcKey(2)] [NbKey(2)] public double Radius { get; set; }
    }

    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [MemoryPackable]
    public sealed partial class RectShape : Shape
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public int X { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public int Y { get; set; }
        [MsgPackKey(2)] [MpcKey(2)] [NbKey(2)] public int Width { get; set; }
        [MsgPackKey(3)] [MpcKey(3)] [NbKey(3)] public int Height { get; set; }
    }

    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [MemoryPackable]
    public sealed partial class TextShape : Shape
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public int X { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public int Y { get; set; }
        [MsgPackKey(2)] [MpcKey(2)] [NbKey(2)] public string? Text { get; set; }
    }

    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [MemoryPackable]
    public sealed partial class GroupShape : Shape
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public string? Name { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public List<Shape>? Children { get; set; }
    }

    /// <summary>32 shapes in a list (8 circles, 8 rectangles, 8 labels, 8 groups of 3 shapes each) and a background shape.</summary>
    [MsgPackObject(MsgPackLayout.Array)]
    [MpcObject]
    [GenerateShape]
    [MemoryPackable]
    public sealed partial class UnionScene
    {
        [MsgPackKey(0)] [MpcKey(0)] [NbKey(0)] public Shape? Background { get; set; }
        [MsgPackKey(1)] [MpcKey(1)] [NbKey(1)] public List<Shape>? Shapes { get; set; }

        public static UnionScene Sample()
        {
            var shapes = new List<Shape>();
            for (int i = 0; i < 8; i++)
            {
                shapes.Add(new CircleShape { X = i * 40, Y = -i * 3, Radius = 1.5 * i });
                shapes.Add(new RectShape { X = i, Y = 1000 + i, Width = 640, Height = 48 });
                shapes.Add(new TextShape { X = 12, Y = i * 300, Text = "label " + i });
                shapes.Add(new GroupShape
                {
                    Name = "group " + i,
                    Children = new List<Shape> { new CircleShape { X = i, Radius = 0.5 }, new RectShape { Width = i }, new TextShape { Text = "inner" } },
                });
            }

            return new UnionScene { Background = new RectShape { Width = 1920, Height = 1080 }, Shapes = shapes };
        }
    }
}
