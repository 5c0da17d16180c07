using System;
using System.Collections.Generic;

namespace MsgPack.Spec.Fuzzing
{
    /// <summary>
    /// Turns the corpus into hostile inputs: bit flips, interesting bytes, truncation, splices of two documents,
    /// duplicated ranges, inserted and deleted bytes, length and count fields set to 0, all ones, 2^31 - 1, 2^31,
    /// 2^32 - 1 and other values near 2^32, fresh lying headers, deep nesting and broken timestamps.
    /// </summary>
    internal sealed class FuzzMutator
    {
        /// <summary>No mutated input grows beyond this (it keeps one input's checks in milliseconds).</summary>
        public const int MaxInputLength = 1 << 18;

        /// <summary>Codes that stress the readers: 0xc1, the 32-bit length codes, the container codes...</summary>
        internal static readonly byte[] InterestingBytes =
        {
            0x00, 0x01, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8,
            0xc9, 0xca, 0xcb, 0xcc, 0xcd, 0xce, 0xcf, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda,
            0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0xe0, 0xff,
        };

        /// <summary>Values for a 32-bit length or count: 0, small, 2^31 - 1, 2^31, 2^32 - 1 and near it.</summary>
        internal static readonly uint[] Interesting32 =
        {
            0, 1, 2, 0x7f, 0xff, 0x100, 0xffff, 0x10000, 0x7ffffffe, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffff0,
            0xfffffff8, 0xfffffffa, 0xfffffffb, 0xfffffffe, 0xffffffff, 0xffffff00, 0x3fffffff, 0x40000000,
        };

        private static readonly ushort[] Interesting16 = { 0, 1, 2, 0x7f, 0xff, 0x100, 0x7fff, 0x8000, 0xfffe, 0xffff };

        private static readonly byte[] Interesting8 = { 0, 1, 2, 3, 4, 8, 12, 16, 0x1f, 0x20, 0x7f, 0x80, 0xfe, 0xff };

        /// <summary>The codes whose header carries a length or count, and the width of that field.</summary>
        private static readonly byte[] LengthCodes = { 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xd9, 0xda, 0xdb, 0xdc, 0xdd, 0xde, 0xdf };

        private readonly IReadOnlyList<byte[]> _corpus;
        private readonly FuzzRandom _random;
        private readonly byte[] _work = new byte[MaxInputLength * 2 + 64];
        private int _length;

        public FuzzMutator(ulong seed, IReadOnlyList<byte[]> corpus)
        {
            _random = new FuzzRandom(seed);
            _corpus = corpus;
        }

        /// <summary>A document of the corpus, unchanged (1 in 10) or with 1 to 5 mutations.</summary>
        public byte[] Next()
        {
            Load(PickDocument());
            if (!_random.OneIn(10))
            {
                int mutations = _random.Next(1, 6);
                for (int i = 0; i < mutations; i++)
                {
                    Mutate();
                }
            }

            return _work.AsSpan(0, _length).ToArray();
        }

        private byte[] PickDocument()
        {
            // Large documents cost more to check: pick them less often.
            byte[] doc = _corpus[_random.Next(_corpus.Count)];
            if (doc.Length > 4096 && !_random.OneIn(4))
            {
                doc = _corpus[_random.Next(_corpus.Count)];
            }

            return doc;
        }

        private void Load(ReadOnlySpan<byte> doc)
        {
            doc.CopyTo(_work);
            _length = doc.Length;
        }

        private int Position() => _random.Next(Math.Max(_length, 1));

        private void Mutate()
        {
            switch (_random.Next(14))
            {
                case 0:
                    if (_length > 0)
                    {
                        _work[Position()] ^= (byte)(1 << _random.Next(8));
                    }

                    break;
                case 1:
                    if (_length > 0)
                    {
                        _work[Position()] = _random.Pick(InterestingBytes);
                    }

                    break;
                case 2:
                    if (_length > 0)
                    {
                        _work[Position()] = (byte)_random.NextUInt64();
                    }

                    break;
                case 3:
                    // Truncate: anywhere, but mostly near the end.
                    _length = _random.OneIn(2) ? _random.Next(_length + 1) : Math.Max(0, _length - _random.Next(1, 9));
                    break;
                case 4:
                    Splice();
                    break;
                case 5:
                    DuplicateRange();
                    break;
                case 6:
                    Span<byte> inserted = stackalloc byte[_random.Next(1, 9)];
                    for (int i = 0; i < inserted.Length; i++)
                    {
                        inserted[i] = _random.OneIn(2) ? _random.Pick(InterestingBytes) : (byte)_random.NextUInt64();
                    }

                    Insert(Position(), inserted);
                    break;
                case 7:
                    if (_length > 0)
                    {
                        int at = Position();
                        Delete(at, Math.Min(_random.Next(1, 9), _length - at));
                    }

                    break;
                case 8:
                case 9:
                    SetLengthField();
                    break;
                case 10:
                    InsertLyingHeader();
                    break;
                case 11:
                    ChangeFixLength();
                    break;
                case 12:
                    Nest();
                    break;
                default:
                    BreakTimestamp();
                    break;
            }

            _length = Math.Min(_length, MaxInputLength);
        }

        private void Splice()
        {
            byte[] other = _corpus[_random.Next(_corpus.Count)];
            int keep = _random.Next(_length + 1);
            int from = _random.Next(other.Length + 1);
            int take = Math.Min(other.Length - from, MaxInputLength - keep);
            other.AsSpan(from, take).CopyTo(_work.AsSpan(keep));
            _length = keep + take;
        }

        private void DuplicateRange()
        {
            if (_length == 0)
            {
                return;
            }

            int start = Position();
            int count = Math.Min(_random.Next(1, _random.OneIn(4) ? 4096 : 32), _length - start);
            byte[] range = _work.AsSpan(start, count).ToArray();
            Insert(_random.Next(_length + 1), range);
        }

        private void Insert(int at, ReadOnlySpan<byte> bytes)
        {
            if (_length + bytes.Length > MaxInputLength)
            {
                return;
            }

            _work.AsSpan(at, _length - at).CopyTo(_work.AsSpan(at + bytes.Length));
            bytes.CopyTo(_work.AsSpan(at));
            _length += bytes.Length;
        }

        private void Delete(int at, int count)
        {
            _work.AsSpan(at + count, _length - at - count).CopyTo(_work.AsSpan(at));
            _length -= count;
        }

        /// <summary>Finds a byte that is a length-carrying code (most likely a real header) and rewrites its field.</summary>
        private void SetLengthField()
        {
            int start = Position();
            for (int k = 0; k < _length; k++)
            {
                int at = (start + k) % _length;
                int width = FieldWidth(_work[at]);
                if (width != 0 && at + width < _length)
                {
                    WriteField(at + 1, width);
                    return;
                }
            }

            InsertLyingHeader();
        }

        private static int FieldWidth(byte code) => code switch
        {
            0xc4 or 0xc7 or 0xd9 => 1,
            0xc5 or 0xc8 or 0xda or 0xdc or 0xde => 2,
            0xc6 or 0xc9 or 0xdb or 0xdd or 0xdf => 4,
            _ => 0,
        };

        private void WriteField(int at, int width)
        {
            switch (width)
            {
                case 1:
                    _work[at] = _random.Pick(Interesting8);
                    break;
                case 2:
                    ushort value16 = _random.Pick(Interesting16);
                    _work[at] = (byte)(value16 >> 8);
                    _work[at + 1] = (byte)value16;
                    break;
                default:
                    uint value32 = _random.OneIn(4)
                        ? (uint)(_length + _random.Next(-8, 9))
                        : _random.OneIn(8) ? (uint)_random.NextUInt64() : _random.Pick(Interesting32);
                    _work[at] = (byte)(value32 >> 24);
                    _work[at + 1] = (byte)(value32 >> 16);
                    _work[at + 2] = (byte)(value32 >> 8);
                    _work[at + 3] = (byte)value32;
                    break;
            }
        }

        /// <summary>Inserts a str/bin/ext/array/map header with an interesting length at a random place.</summary>
        private void InsertLyingHeader()
        {
            byte code = _random.Pick(LengthCodes);
            int width = FieldWidth(code);
            bool ext = code is 0xc7 or 0xc8 or 0xc9;
            Span<byte> header = stackalloc byte[1 + width + (ext ? 1 : 0)];
            header[0] = code;
            int at = _random.Next(_length + 1);
            Insert(at, header);
            if (_work[at] == code)
            {
                WriteField(at + 1, width);
                if (ext)
                {
                    _work[at + 1 + width] = _random.OneIn(2) ? (byte)0xff : (byte)_random.NextUInt64();
                }
            }
        }

        private void ChangeFixLength()
        {
            int start = Position();
            for (int k = 0; k < _length; k++)
            {
                int at = (start + k) % _length;
                byte code = _work[at];
                if (code >= 0x80 && code <= 0xbf)
                {
                    byte mask = code >= 0xa0 ? (byte)0x1f : (byte)0x0f;
                    _work[at] = (byte)((code & ~mask) | (_random.OneIn(2) ? mask : _random.Next(mask + 1)));
                    return;
                }
            }
        }

        /// <summary>Wraps the input in one-item arrays or maps, from a few levels to a few thousand.</summary>
        private void Nest()
        {
            int depth = _random.OneIn(4) ? _random.Next(60, 4000) : _random.Next(1, 70);
            depth = Math.Min(depth, MaxInputLength - _length);
            byte[] prefix = new byte[depth];
            for (int i = 0; i < depth; i++)
            {
                prefix[i] = _random.OneIn(8) ? (byte)0x81 : (byte)0x91;
            }

            Insert(_random.OneIn(2) ? 0 : Position(), prefix);
        }

        /// <summary>Makes an ext a timestamp (type -1) of any length, or pushes a timestamp's nanoseconds to 10^9 and above.</summary>
        private void BreakTimestamp()
        {
            int start = Position();
            for (int k = 0; k < _length; k++)
            {
                int at = (start + k) % _length;
                byte code = _work[at];
                int typeAt = code switch
                {
                    >= 0xd4 and <= 0xd8 => at + 1,
                    0xc7 => at + 2,
                    0xc8 => at + 3,
                    0xc9 => at + 5,
                    _ => -1,
                };
                if (typeAt < 0 || typeAt >= _length)
                {
                    continue;
                }

                _work[typeAt] = 0xff;
                int data = typeAt + 1;
                if (_random.OneIn(2) && data + 4 <= _length)
                {
                    // Nanoseconds: the first 4 data bytes of timestamp 96, the top 30 bits of timestamp 64.
                    uint nanos = _random.OneIn(2) ? 1_000_000_000u + (uint)_random.Next(3) : 0xffffffffu;
                    uint field = code == 0xd7 ? nanos << 2 : nanos;
                    _work[data] = (byte)(field >> 24);
                    _work[data + 1] = (byte)(field >> 16);
                    _work[data + 2] = (byte)(field >> 8);
                    _work[data + 3] = (byte)field;
                }

                return;
            }

            // No ext here: add a timestamp-looking ext of a random length.
            Span<byte> ext = stackalloc byte[] { 0xc7, (byte)_random.Pick(Interesting8), 0xff };
            Insert(Position(), ext);
        }
    }
}
