namespace MsgPack.Spec.Differential
{
    /// <summary>
    /// msgpuck 1.0.3's mp_check, transcribed from msgpuck.h (its loop over mp_parser_hint), with its counter of
    /// values still to check either as this build runs it (a 32-bit int that wraps; "2 * count" of a map 32 computed
    /// in 32 unsigned bits; the loop test as GCC compiled it, see below) or as 64 bits (what it means to do).
    /// </summary>
    /// <remarks>
    /// Used only to explain differences: the tests first require the 32-bit model to give exactly mp_check's verdict
    /// and length on the input (so the model is checked against the real thing, input by input), and then show that
    /// the 64-bit model gives MsgPackSpec's verdict: the counter's overflow is then the whole difference.
    /// </remarks>
    internal static class MpCheckModel
    {
        public static bool Check(byte[] data, bool wrapCounter, out long consumed)
        {
            consumed = 0;
            long position = 0;
            long end = data.Length;
            long k = 1;
            while (true)
            {
                if (position >= end)
                {
                    return false;
                }

                byte code = data[position++];
                long add = 0;
                switch (code)
                {
                    case <= 0x7f:
                    case 0xc0:
                    case 0xc1: // hint 0: a 1-byte value
                    case 0xc2:
                    case 0xc3:
                    case >= 0xe0:
                        break;
                    case <= 0x8f: // fixmap: 2 values per pair
                        add = 2 * (code & 0x0f);
                        break;
                    case <= 0x9f: // fixarray
                        add = code & 0x0f;
                        break;
                    case <= 0xbf: // fixstr
                        position += code & 0x1f;
                        break;
                    case 0xc4: // bin 8 / str 8: a 1-byte length, then the bytes
                    case 0xd9:
                        if (position + 1 > end)
                        {
                            return false;
                        }

                        position += 1 + data[position];
                        break;
                    case 0xc5:
                    case 0xda:
                        if (position + 2 > end)
                        {
                            return false;
                        }

                        position += 2 + Load(data, position, 2);
                        break;
                    case 0xc6:
                    case 0xdb:
                        if (position + 4 > end)
                        {
                            return false;
                        }

                        position += 4 + Load(data, position, 4);
                        break;
                    case 0xc7: // ext 8: length, type, data
                        if (position + 2 > end)
                        {
                            return false;
                        }

                        position += 2 + data[position];
                        break;
                    case 0xc8:
                        if (position + 3 > end)
                        {
                            return false;
                        }

                        position += 3 + Load(data, position, 2);
                        break;
                    case 0xc9:
                        if (position + 5 > end)
                        {
                            return false;
                        }

                        position += 5 + Load(data, position, 4);
                        break;
                    case 0xca:
                    case 0xce:
                    case 0xd2:
                        position += 4;
                        break;
                    case 0xcb:
                    case 0xcf:
                    case 0xd3:
                        position += 8;
                        break;
                    case 0xcc:
                    case 0xd0:
                        position += 1;
                        break;
                    case 0xcd:
                    case 0xd1:
                        position += 2;
                        break;
                    case 0xd4: // fixext 1, 2, 4, 8, 16: type and data
                        position += 2;
                        break;
                    case 0xd5:
                        position += 3;
                        break;
                    case 0xd6:
                        position += 5;
                        break;
                    case 0xd7:
                        position += 9;
                        break;
                    case 0xd8:
                        position += 17;
                        break;
                    case 0xdc:
                    case 0xde:
                        if (position + 2 > end)
                        {
                            return false;
                        }

                        add = (code == 0xde ? 2 : 1) * Load(data, position, 2);
                        position += 2;
                        break;
                    default: // 0xdd, 0xdf
                        if (position + 4 > end)
                        {
                            return false;
                        }

                        long count = Load(data, position, 4);
                        position += 4;
                        // "k += 2 * mp_load_u32(data)": the product is 32-bit unsigned in C.
                        add = code == 0xdf ? (wrapCounter ? (uint)(2 * count) : 2 * count) : count;
                        break;
                }

                if (!wrapCounter)
                {
                    k += add - 1;
                    if (k <= 0)
                    {
                        break;
                    }

                    continue;
                }

                // As compiled (objdump of mp_check in libmsgpack_native.so, GCC 12 -O2): k is a 32-bit register
                // that wraps on every add and on the decrement; after a fixarray/fixmap header (hint -1..-30,
                // "k -= l") the "k > 0" test is left out, since GCC may assume that k - l - 1 does not overflow.
                k = unchecked((int)(k + add - 1));
                bool fixContainer = code is >= 0x81 and <= 0x8f or >= 0x91 and <= 0x9f;
                if (!fixContainer && k <= 0)
                {
                    break;
                }
            }

            if (position > end)
            {
                return false;
            }

            consumed = position;
            return true;
        }

        private static long Load(byte[] data, long at, int size)
        {
            long value = 0;
            for (int i = 0; i < size; i++)
            {
                value = value << 8 | data[at + i];
            }

            return value;
        }
    }
}
