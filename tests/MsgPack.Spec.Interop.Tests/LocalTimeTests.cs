using System;
using Xunit;
using static MsgPack.Spec.Interop.Tests.Codecs;
using NB = Nerdbank.MessagePack;

namespace MsgPack.Spec.Interop.Tests
{
    /// <summary>Runs alone: its tests change the process's local time zone, which every other test might read.</summary>
    [CollectionDefinition(nameof(LocalTimeZone), DisableParallelization = true)]
    public sealed class LocalTimeZone
    {
    }

    /// <summary>
    /// What each library does with a DateTime that is not UTC. On a machine whose zone is UTC the three agree by accident,
    /// so the tests set the process's zone to UTC+05:00 (TZ, then TimeZoneInfo.ClearCachedData) and put it back after.
    /// </summary>
    [Collection(nameof(LocalTimeZone))]
    public sealed class LocalTimeTests : IDisposable
    {
        private readonly string? _tz = Environment.GetEnvironmentVariable("TZ");

        public LocalTimeTests()
        {
            // "Etc/GMT-5" is UTC+05:00 (POSIX signs are reversed), without daylight saving time.
            Environment.SetEnvironmentVariable("TZ", "Etc/GMT-5");
            TimeZoneInfo.ClearCachedData();
            Assert.Equal(TimeSpan.FromHours(5), TimeZoneInfo.Local.GetUtcOffset(DateTime.UtcNow));
        }

        public void Dispose()
        {
            Environment.SetEnvironmentVariable("TZ", _tz);
            TimeZoneInfo.ClearCachedData();
        }

        // The clock time 2024-01-02 03:04:05: 0x65937D25 seconds after the epoch when read as UTC,
        // 0x659336D5 (five hours earlier, 2024-01-01T22:04:05Z) when read as UTC+05:00.
        private static readonly DateTime Clock = new DateTime(2024, 1, 2, 3, 4, 5);

        [Fact]
        public void Unspecified_OursAndMessagePackCSharpTakeItAsUtc()
        {
            // Not as local time, though the zone is UTC+05:00: the clock time is written as the UTC instant.
            var value = new TimeModel { When = DateTime.SpecifyKind(Clock, DateTimeKind.Unspecified) };
            Assert.Equal("D6FF65937D25", Hex(Ours(value)).Substring(2, 12));
            Assert.Equal(Hex(Ours(value)), Hex(MpWrite(value)));
            Assert.Equal(DateTime.SpecifyKind(Clock, DateTimeKind.Utc), OursTime(MpWrite(value)).When);
            // Nerdbank refuses it unless told which kind to assume; told UTC it writes ours.
            Assert.Throws<NB.MessagePackSerializationException>(() => Nb.Serialize(value));
            Assert.Equal(Hex(Ours(value)), Hex(NbAsOurs.Serialize(value)));
        }

        [Fact]
        public void Local_AllThreeConvertToUtc()
        {
            var value = new TimeModel { When = DateTime.SpecifyKind(Clock, DateTimeKind.Local) };
            string ours = Hex(Ours(value));
            Assert.Equal("D6FF659336D5", ours.Substring(2, 12));
            Assert.Equal(ours, Hex(MpWrite(value)));
            Assert.Equal(ours, Hex(NbAsOurs.Serialize(value)));
            Assert.Equal(ours.Substring(0, 14), Hex(Nb.Serialize(value)).Substring(0, 14));
        }
    }
}
