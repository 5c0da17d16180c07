using System;
using System.ComponentModel;
using System.Diagnostics;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Threading;

namespace MsgPack.Spec.Samples.Tarantool.Tests
{
    /// <summary>
    /// A Tarantool server of our own for the tests (and the throughput run): <c>tarantool init.lua</c> in a temporary
    /// directory, listening on 127.0.0.1 and a free port, stopped by its process id on <see cref="Dispose"/>.
    /// (init.lua also exits by itself when its parent process is gone, so a test host that is killed leaves nothing.)
    /// </summary>
    public sealed class TarantoolServer : IDisposable
    {
        private static readonly TimeSpan StartTimeout = TimeSpan.FromSeconds(30);

        private readonly Process _process;
        private readonly string _directory;

        private TarantoolServer(Process process, string directory, IPEndPoint endPoint)
        {
            _process = process;
            _directory = directory;
            EndPoint = endPoint;
        }

        /// <summary>Where the server listens.</summary>
        public IPEndPoint EndPoint { get; }

        /// <summary>The server's process id.</summary>
        public int ProcessId => _process.Id;

        /// <summary>The server's log (tarantool.log in its directory), for failure messages.</summary>
        public string Log => ReadLog(_directory);

        /// <summary>Starts the server with <c>init.lua</c> (copied next to this assembly) and waits for its greeting.</summary>
        /// <returns>The running server.</returns>
        /// <exception cref="InvalidOperationException">tarantool is not installed, or did not greet within 30 s.</exception>
        public static TarantoolServer Start()
        {
            string script = Path.Combine(AppContext.BaseDirectory, "server", "init.lua");
            // A port taken between our check and the server's bind: try a few.
            for (int attempt = 1; ; attempt++)
            {
                string directory = Directory.CreateTempSubdirectory("msgpack-spec-tarantool-").FullName;
                var endPoint = new IPEndPoint(IPAddress.Loopback, FreePort());
                var start = new ProcessStartInfo("tarantool", [script])
                {
                    WorkingDirectory = directory,
                    UseShellExecute = false,
                    RedirectStandardOutput = true,
                    RedirectStandardError = true,
                };
                start.Environment["MSGPACK_SPEC_TARANTOOL_LISTEN"] = $"{endPoint.Address}:{endPoint.Port}";
                Process process;
                try
                {
                    process = Process.Start(start) ?? throw new InvalidOperationException("tarantool did not start.");
                }
                catch (Win32Exception error)
                {
                    throw new InvalidOperationException("tarantool is not installed (Debian: apt-get install tarantool; ./build.sh test installs it).", error);
                }

                // Nothing reads the output otherwise, and a full pipe would block the server.
                process.OutputDataReceived += static (_, _) => { };
                process.ErrorDataReceived += static (_, _) => { };
                process.BeginOutputReadLine();
                process.BeginErrorReadLine();

                var server = new TarantoolServer(process, directory, endPoint);
                if (server.WaitForGreeting())
                {
                    return server;
                }

                string log = server.Log;
                server.Dispose();
                if (attempt == 3 || !log.Contains("Address already in use", StringComparison.Ordinal))
                {
                    throw new InvalidOperationException($"tarantool did not greet on {endPoint} within {StartTimeout.TotalSeconds} s. Its log:\n{log}");
                }
            }
        }

        private bool WaitForGreeting()
        {
            var deadline = Stopwatch.StartNew();
            var greeting = new byte[128];
            while (deadline.Elapsed < StartTimeout && !_process.HasExited)
            {
                try
                {
                    using var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { ReceiveTimeout = 2000 };
                    socket.Connect(EndPoint);
                    int read = 0;
                    while (read < greeting.Length)
                    {
                        int n = socket.Receive(greeting, read, greeting.Length - read, SocketFlags.None);
                        if (n == 0)
                        {
                            break;
                        }

                        read += n;
                    }

                    if (read == greeting.Length && greeting.AsSpan().StartsWith("Tarantool "u8))
                    {
                        return true;
                    }
                }
                catch (SocketException)
                {
                    // Not listening yet.
                }

                Thread.Sleep(50);
            }

            return false;
        }

        private static int FreePort()
        {
            using var probe = new Socket(SocketType.Stream, ProtocolType.Tcp);
            probe.Bind(new IPEndPoint(IPAddress.Loopback, 0));
            return ((IPEndPoint)probe.LocalEndPoint!).Port;
        }

        private static string ReadLog(string directory)
        {
            string path = Path.Combine(directory, "tarantool.log");
            try
            {
                return File.Exists(path) ? File.ReadAllText(path) : "(no tarantool.log)";
            }
            catch (IOException error)
            {
                return "(tarantool.log unreadable: " + error.Message + ")";
            }
        }

        /// <summary>Stops the server (by its process id) and deletes its directory.</summary>
        public void Dispose()
        {
            try
            {
                if (!_process.HasExited)
                {
                    _process.Kill(entireProcessTree: true);
                    _process.WaitForExit(5000);
                }
            }
            catch (InvalidOperationException)
            {
                // It had already exited.
            }

            _process.Dispose();
            try
            {
                Directory.Delete(_directory, recursive: true);
            }
            catch (IOException)
            {
            }
        }
    }
}
