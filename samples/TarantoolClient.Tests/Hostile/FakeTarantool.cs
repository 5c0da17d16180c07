using System;
using System.Buffers.Binary;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace MsgPack.Spec.Samples.Tarantool.Tests.Hostile
{
    /// <summary>
    /// A fake IPROTO server of the tests' own, on 127.0.0.1 and an ephemeral port: each connection it accepts runs a
    /// script (greet or not, read requests, send whatever bytes the scenario needs, go silent, close, reset).
    /// </summary>
    public sealed class FakeTarantool : IDisposable
    {
        private readonly TcpListener _listener;

        private FakeTarantool()
        {
            _listener = new TcpListener(IPAddress.Loopback, 0);
            _listener.Start();
            EndPoint = (IPEndPoint)_listener.LocalEndpoint;
        }

        public IPEndPoint EndPoint { get; }

        public static FakeTarantool Start() => new();

        /// <summary>Accepts the next connection and runs the script on it; the task ends when the script does (a client that hung up is no failure).</summary>
        public Task ServeAsync(Func<FakePeer, Task> script) => Task.Run(async () =>
        {
            using Socket socket = await _listener.AcceptSocketAsync();
            socket.NoDelay = true;
            var peer = new FakePeer(socket);
            try
            {
                await script(peer);
            }
            catch (Exception error) when (error is IOException or SocketException or ObjectDisposedException or EndOfStreamException)
            {
                // The client closed the connection (as it should, on a broken protocol) while the script went on.
            }
            finally
            {
                peer.Close();
            }
        });

        public void Dispose() => _listener.Stop();
    }

    /// <summary>A request as the fake server read it: its code, its sync and its body's bytes.</summary>
    public sealed record FakeRequest(uint Code, ulong Sync, byte[] Body)
    {
        /// <summary>The one unsigned argument of a CALL of <c>echo</c> with an <see cref="UnsignedKey"/> (the client's request number).</summary>
        public ulong EchoArgument
        {
            get
            {
                ReadOnlySpan<byte> body = Body;
                int keys = MsgPackSpec.ReadMapHeader(ref body);
                for (int i = 0; i < keys; i++)
                {
                    uint key = MsgPackSpec.ReadUInt32(ref body);
                    if (key == 0x21)
                    {
                        MsgPackSpec.ReadArrayHeader(ref body);
                        return MsgPackSpec.ReadUInt64(ref body);
                    }

                    MsgPackSpec.Skip(ref body);
                }

                throw new InvalidDataException("not an echo call");
            }
        }
    }

    /// <summary>One accepted connection, seen from the fake server.</summary>
    public sealed class FakePeer
    {
        private readonly Socket _socket;
        private readonly NetworkStream _stream;

        public FakePeer(Socket socket)
        {
            _socket = socket;
            _stream = new NetworkStream(socket, ownsSocket: false);
        }

        public Task SendAsync(byte[] bytes) => _stream.WriteAsync(bytes).AsTask();

        public Task SendGreetingAsync() => SendAsync(Frames.Greeting());

        /// <summary>Sends the bytes one at a time, <paramref name="delay"/> apart (a trickle), until they end or the client hangs up.</summary>
        public async Task TrickleAsync(byte[] bytes, TimeSpan delay, CancellationToken stop = default)
        {
            for (int i = 0; i < bytes.Length && !stop.IsCancellationRequested; i++)
            {
                await _stream.WriteAsync(bytes.AsMemory(i, 1));
                await Task.Delay(delay, CancellationToken.None);
            }
        }

        /// <summary>Reads one request frame (the client writes <c>ce</c> and 4 bytes of length, then the header <c>{0: code, 1: sync}</c>).</summary>
        public async Task<FakeRequest> ReadRequestAsync()
        {
            byte[] prefix = new byte[5];
            await _stream.ReadExactlyAsync(prefix);
            if (prefix[0] != 0xce)
            {
                throw new InvalidDataException("The client's length prefix is not a uint 32.");
            }

            byte[] frame = new byte[BinaryPrimitives.ReadUInt32BigEndian(prefix.AsSpan(1))];
            await _stream.ReadExactlyAsync(frame);
            ReadOnlySpan<byte> rest = frame;
            uint code = 0;
            ulong sync = 0;
            int keys = MsgPackSpec.ReadMapHeader(ref rest);
            for (int i = 0; i < keys; i++)
            {
                switch (MsgPackSpec.ReadUInt32(ref rest))
                {
                    case 0: code = MsgPackSpec.ReadUInt32(ref rest); break;
                    case 1: sync = MsgPackSpec.ReadUInt64(ref rest); break;
                    default: MsgPackSpec.Skip(ref rest); break;
                }
            }

            return new FakeRequest(code, sync, rest.ToArray());
        }

        public async Task<FakeRequest[]> ReadRequestsAsync(int count)
        {
            var requests = new FakeRequest[count];
            for (int i = 0; i < count; i++)
            {
                requests[i] = await ReadRequestAsync();
            }

            return requests;
        }

        /// <summary>Waits until the client closes the connection (reads and drops whatever it sends).</summary>
        public async Task WaitForCloseAsync()
        {
            byte[] buffer = new byte[4096];
            while (await _stream.ReadAsync(buffer) > 0)
            {
            }
        }

        /// <summary>Closes with a TCP reset (linger 0), not a FIN.</summary>
        public void Reset()
        {
            _socket.LingerState = new LingerOption(true, 0);
            _socket.Close();
        }

        public void Close()
        {
            _stream.Dispose();
            _socket.Dispose();
        }
    }

    /// <summary>The bytes a server sends: greetings, and frames right or wrong.</summary>
    public static class Frames
    {
        public static byte[] Greeting(string firstLine = "Tarantool 2.6.0 (Binary) 00000000-0000-0000-0000-000000000000", string salt = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")
        {
            var bytes = new byte[128];
            bytes.AsSpan().Fill((byte)' ');
            Encoding.ASCII.GetBytes(firstLine).CopyTo(bytes, 0);
            Encoding.ASCII.GetBytes(salt).CopyTo(bytes, 64);
            bytes[63] = (byte)'\n';
            bytes[127] = (byte)'\n';
            return bytes;
        }

        /// <summary>A frame as Tarantool 2.6 writes it: <c>ce</c> + length, header <c>{0x00: ce code, 0x01: cf sync, 0x05: ce schema}</c>, body.</summary>
        public static byte[] Response(uint code, ulong sync, byte[] body) => Raw(Header(code, sync), body);

        public static byte[] Ok(ulong sync, byte[]? body = null) => Response(0, sync, body ?? EmptyMap);

        /// <summary>The answer of <c>echo(n)</c>: <c>{0x30: [n]}</c>.</summary>
        public static byte[] Echo(ulong sync, ulong value) => Ok(sync, Encode.Bytes((ref Span<byte> s) =>
        {
            MsgPackSpec.WriteMapHeader(ref s, 1);
            MsgPackSpec.WriteUInt32(ref s, 0x30);
            MsgPackSpec.WriteArrayHeader(ref s, 1);
            MsgPackSpec.WriteUInt64(ref s, value);
        }, 64));

        public static readonly byte[] EmptyMap = [0x80];

        public static byte[] Header(uint code, ulong sync, ulong schema = 80)
        {
            var header = new byte[2 + 5 + 1 + 9 + 1 + 5];
            Span<byte> s = header;
            s[0] = 0x83;
            s[1] = 0x00;
            s[2] = 0xce;
            BinaryPrimitives.WriteUInt32BigEndian(s[3..], code);
            s[7] = 0x01;
            s[8] = 0xcf;
            BinaryPrimitives.WriteUInt64BigEndian(s[9..], sync);
            s[17] = 0x05;
            s[18] = 0xce;
            BinaryPrimitives.WriteUInt32BigEndian(s[19..], (uint)schema);
            return header;
        }

        /// <summary>A header map written from (key, value-bytes) pairs, for headers that lack or repeat keys.</summary>
        public static byte[] HeaderOf(params (byte Key, byte[] Value)[] entries)
        {
            using var output = new MemoryStream();
            output.WriteByte((byte)(0x80 | entries.Length));
            foreach ((byte key, byte[] value) in entries)
            {
                output.WriteByte(key);
                output.Write(value);
            }

            return output.ToArray();
        }

        public static byte[] UInt64(ulong value)
        {
            var bytes = new byte[9];
            bytes[0] = 0xcf;
            BinaryPrimitives.WriteUInt64BigEndian(bytes.AsSpan(1), value);
            return bytes;
        }

        /// <summary><c>ce</c> + the length of header and body, then both.</summary>
        public static byte[] Raw(byte[] header, byte[] body) => WithPrefix([0xce, 0, 0, 0, 0], header, body, (header.Length + body.Length));

        /// <summary>A frame whose prefix is the given bytes (a lying or non-canonical length), header and body as given.</summary>
        public static byte[] WithPrefix(byte[] prefix, byte[] header, byte[] body, long? patchUInt32 = null)
        {
            var bytes = new byte[prefix.Length + header.Length + body.Length];
            prefix.CopyTo(bytes, 0);
            if (patchUInt32 is { } length)
            {
                BinaryPrimitives.WriteUInt32BigEndian(bytes.AsSpan(1), (uint)length);
            }

            header.CopyTo(bytes, prefix.Length);
            body.CopyTo(bytes, prefix.Length + header.Length);
            return bytes;
        }

        public static byte[] Concat(params byte[][] parts)
        {
            using var output = new MemoryStream();
            foreach (byte[] part in parts)
            {
                output.Write(part);
            }

            return output.ToArray();
        }
    }
}
