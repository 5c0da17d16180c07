// msgpack-cxx (header-only C++ library, built with MSGPACK_NO_BOOST) variants
// of the msgpack_native entry points.
//
//   mpn_cxx_*          msgpack::packer<FixedStream>: FixedStream is a minimal
//                      Stream (write(const char*, size_t)) over the caller's
//                      buffer -> no heap; the fair comparison.
//   mpn_cxx_sbuffer_*  msgpack::packer<msgpack::sbuffer> with a fresh sbuffer
//                      per call (malloc of MSGPACK_SBUFFER_INIT_SIZE = 8 KiB,
//                      realloc when growing), then memcpy into dst; the
//                      "reference" setup from msgpack-cxx's documentation.
//   mpn_cxx_decode_*   msgpack::unpack() -> object_handle (zone per call).
//   mpn_cxx_visitor_*  msgpack::parse() with a visitor (no object tree).
//
// No exception ever crosses the extern "C" boundary.

#include <msgpack.hpp>

#include <cstdint>
#include <cstring>
#include <limits>
#include <new>

#include "msgpack_native.h"
#include "mpn_internal.h"

namespace {

// ---------------------------------------------------------------------------
// sinks
// ---------------------------------------------------------------------------

// Minimal Stream for msgpack::packer: appends to a fixed buffer, remembers
// overflow instead of throwing.
struct FixedStream {
    char* p;
    char* end;
    bool overflow;

    void write(const char* buf, size_t len)
    {
        if (static_cast<size_t>(end - p) < len) {
            overflow = true;
            return;
        }
        if (len)
            std::memcpy(p, buf, len);
        p += len;
    }
};

template <class Body>
int64_t run_fixed(uint8_t* dst, int64_t capacity, Body&& body)
{
    try {
        FixedStream s{reinterpret_cast<char*>(dst), reinterpret_cast<char*>(dst) + capacity, false};
        msgpack::packer<FixedStream> pk(s);
        body(pk, s);
        if (s.overflow)
            return MPN_E_BUFFER_TOO_SMALL;
        return s.p - reinterpret_cast<char*>(dst);
    } catch (const std::bad_alloc&) {
        return MPN_E_ALLOC;
    } catch (...) {
        return MPN_E_INVALID_ARG;
    }
}

template <class Body>
int64_t run_sbuffer(uint8_t* dst, int64_t capacity, Body&& body)
{
    try {
        msgpack::sbuffer sb;
        msgpack::packer<msgpack::sbuffer> pk(sb);
        body(pk, sb);
        if (static_cast<int64_t>(sb.size()) > capacity)
            return MPN_E_BUFFER_TOO_SMALL;
        if (sb.size())
            std::memcpy(dst, sb.data(), sb.size());
        return static_cast<int64_t>(sb.size());
    } catch (const std::bad_alloc&) {
        return MPN_E_ALLOC;
    } catch (...) {
        return MPN_E_INVALID_ARG;
    }
}

// ---------------------------------------------------------------------------
// workload bodies (generic over the Stream)
// ---------------------------------------------------------------------------

template <class Stream>
void body_seed(msgpack::packer<Stream>& pk, Stream& s, const int32_t* values, int32_t count)
{
    if (count >= 16) {
        pk.pack_array(static_cast<uint32_t>(count)); // 16..65535 -> array16
    } else {
        // msgpack-cxx would pick fixarray; the seed workload mandates array16.
        const char hdr[3] = {static_cast<char>(0xdc), 0, static_cast<char>(count)};
        s.write(hdr, 3);
    }
    for (int32_t i = 0; i < count; i++)
        pk.pack_int32(values[i]);
}

template <class Stream>
void body_int64_array(msgpack::packer<Stream>& pk, const int64_t* values, int32_t count)
{
    pk.pack_array(static_cast<uint32_t>(count));
    for (int32_t i = 0; i < count; i++)
        pk.pack_int64(values[i]);
}

template <class Stream>
void body_string_array(msgpack::packer<Stream>& pk, const uint8_t* const* ptrs, const int32_t* lens, int32_t count)
{
    pk.pack_array(static_cast<uint32_t>(count));
    for (int32_t i = 0; i < count; i++) {
        const uint32_t l = static_cast<uint32_t>(lens[i]);
        pk.pack_str(l);
        pk.pack_str_body(reinterpret_cast<const char*>(ptrs[i]), l);
    }
}

template <class Stream>
void body_string(msgpack::packer<Stream>& pk, const uint8_t* str, int32_t len)
{
    pk.pack_str(static_cast<uint32_t>(len));
    pk.pack_str_body(reinterpret_cast<const char*>(str), static_cast<uint32_t>(len));
}

template <class Stream>
void body_bin(msgpack::packer<Stream>& pk, const uint8_t* payload, int32_t len)
{
    pk.pack_bin(static_cast<uint32_t>(len));
    pk.pack_bin_body(reinterpret_cast<const char*>(payload), static_cast<uint32_t>(len));
}

template <class Stream>
void body_float64_array(msgpack::packer<Stream>& pk, const double* values, int32_t count)
{
    pk.pack_array(static_cast<uint32_t>(count));
    for (int32_t i = 0; i < count; i++)
        pk.pack_double(values[i]); // NOTE: integral doubles are packed as ints
}

template <class Stream>
void body_tarantool(msgpack::packer<Stream>& pk, uint32_t type, uint64_t sync, uint32_t space_id, int64_t key)
{
    pk.pack_map(2);
    pk.pack_uint32(0x00);
    pk.pack_uint32(type);
    pk.pack_uint32(0x01);
    pk.pack_uint64(sync);
    pk.pack_map(2);
    pk.pack_uint32(0x10);
    pk.pack_uint32(space_id);
    pk.pack_uint32(0x20);
    pk.pack_array(1);
    pk.pack_int64(key);
}

bool strings_invalid(const uint8_t* const* ptrs, const int32_t* lens, int32_t count)
{
    if (count < 0 || (count > 0 && (!ptrs || !lens)))
        return true;
    for (int32_t i = 0; i < count; i++)
        if (lens[i] < 0 || (lens[i] > 0 && !ptrs[i]))
            return true;
    return false;
}

} // namespace

#define CHECK_DST \
    if (!dst || capacity < 0) return MPN_E_INVALID_ARG

// Defines mpn_cxx_encode_<w> and mpn_cxx_sbuffer_encode_<w>.
#define DEFINE_VARIANTS(workload, params, validate, call)                          \
    extern "C" MPN_API int64_t mpn_cxx_encode_##workload params                    \
    {                                                                              \
        validate;                                                                  \
        return run_fixed(dst, capacity, [&](auto& pk, auto& s) { (void)s; call; }); \
    }                                                                              \
    extern "C" MPN_API int64_t mpn_cxx_sbuffer_encode_##workload params            \
    {                                                                              \
        validate;                                                                  \
        return run_sbuffer(dst, capacity, [&](auto& pk, auto& s) { (void)s; call; }); \
    }

DEFINE_VARIANTS(seed,
    (const int32_t* values, int32_t count, uint8_t* dst, int64_t capacity),
    CHECK_DST; if (count < 0 || count > 0xffff || (count > 0 && !values)) return MPN_E_INVALID_ARG,
    body_seed(pk, s, values, count))

DEFINE_VARIANTS(int64_array,
    (const int64_t* values, int32_t count, uint8_t* dst, int64_t capacity),
    CHECK_DST; if (count < 0 || (count > 0 && !values)) return MPN_E_INVALID_ARG,
    body_int64_array(pk, values, count))

DEFINE_VARIANTS(string_array,
    (const uint8_t* const* ptrs, const int32_t* lens, int32_t count, uint8_t* dst, int64_t capacity),
    CHECK_DST; if (strings_invalid(ptrs, lens, count)) return MPN_E_INVALID_ARG,
    body_string_array(pk, ptrs, lens, count))

DEFINE_VARIANTS(string,
    (const uint8_t* str, int32_t len, uint8_t* dst, int64_t capacity),
    CHECK_DST; if (len < 0 || (len > 0 && !str)) return MPN_E_INVALID_ARG,
    body_string(pk, str, len))

DEFINE_VARIANTS(bin,
    (const uint8_t* payload, int32_t len, uint8_t* dst, int64_t capacity),
    CHECK_DST; if (len < 0 || (len > 0 && !payload)) return MPN_E_INVALID_ARG,
    body_bin(pk, payload, len))

DEFINE_VARIANTS(float64_array,
    (const double* values, int32_t count, uint8_t* dst, int64_t capacity),
    CHECK_DST; if (count < 0 || (count > 0 && !values)) return MPN_E_INVALID_ARG,
    body_float64_array(pk, values, count))

DEFINE_VARIANTS(tarantool,
    (uint32_t type, uint64_t sync, uint32_t space_id, int64_t key, uint8_t* dst, int64_t capacity),
    CHECK_DST,
    body_tarantool(pk, type, sync, space_id, key))

// uint64 array and value stream: the differential-test workloads, FixedStream only.
namespace {

template <class Stream>
void body_uint64_array(msgpack::packer<Stream>& pk, const uint64_t* values, int32_t count)
{
    pk.pack_array(static_cast<uint32_t>(count));
    for (int32_t i = 0; i < count; i++)
        pk.pack_uint64(values[i]);
}

// Same rules as value_size() in mpn_msgpuck.c, so that both reject the same arguments.
bool values_invalid(const uint8_t* kinds, const uint64_t* words, const uint8_t* const* ptrs, int32_t count)
{
    if (count < 0 || (count > 0 && (!kinds || !words)))
        return true;
    for (int32_t i = 0; i < count; i++) {
        switch (kinds[i]) {
        case MPN_V_NIL: case MPN_V_BOOL: case MPN_V_UINT: case MPN_V_INT: case MPN_V_FLOAT32: case MPN_V_FLOAT64:
            break;
        case MPN_V_STR: case MPN_V_BIN:
            if (words[i] > UINT32_MAX || (words[i] > 0 && (!ptrs || !ptrs[i])))
                return true;
            break;
        case MPN_V_ARRAY: case MPN_V_MAP:
            if (words[i] > UINT32_MAX)
                return true;
            break;
        default:
            return true;
        }
    }
    return false;
}

template <class Stream>
void body_values(msgpack::packer<Stream>& pk, const uint8_t* kinds, const uint64_t* words, const uint8_t* const* ptrs,
                 int32_t count)
{
    for (int32_t i = 0; i < count; i++) {
        const uint64_t word = words[i];
        const uint32_t len = static_cast<uint32_t>(word);
        switch (kinds[i]) {
        case MPN_V_NIL: pk.pack_nil(); break;
        case MPN_V_BOOL: if (word) pk.pack_true(); else pk.pack_false(); break;
        case MPN_V_UINT: pk.pack_uint64(word); break;
        case MPN_V_INT: pk.pack_int64(static_cast<int64_t>(word)); break;
        case MPN_V_FLOAT32: {
            const uint32_t bits = static_cast<uint32_t>(word);
            float f;
            std::memcpy(&f, &bits, sizeof f);
            pk.pack_float(f); // NOTE: integral floats are packed as ints
            break;
        }
        case MPN_V_FLOAT64: {
            double d;
            std::memcpy(&d, &word, sizeof d);
            pk.pack_double(d); // NOTE: integral doubles are packed as ints
            break;
        }
        case MPN_V_STR:
            pk.pack_str(len);
            pk.pack_str_body(reinterpret_cast<const char*>(len ? ptrs[i] : nullptr), len);
            break;
        case MPN_V_BIN:
            pk.pack_bin(len);
            pk.pack_bin_body(reinterpret_cast<const char*>(len ? ptrs[i] : nullptr), len);
            break;
        case MPN_V_ARRAY: pk.pack_array(len); break;
        default: pk.pack_map(len); break;
        }
    }
}

} // namespace

extern "C" MPN_API int64_t mpn_cxx_encode_uint64_array(const uint64_t* values, int32_t count, uint8_t* dst, int64_t capacity)
{
    CHECK_DST;
    if (count < 0 || (count > 0 && !values))
        return MPN_E_INVALID_ARG;
    return run_fixed(dst, capacity, [&](auto& pk, auto&) { body_uint64_array(pk, values, count); });
}

extern "C" MPN_API int64_t mpn_cxx_encode_values(const uint8_t* kinds, const uint64_t* words, const uint8_t* const* ptrs,
                                                 int32_t count, uint8_t* dst, int64_t capacity)
{
    CHECK_DST;
    if (values_invalid(kinds, words, ptrs, count))
        return MPN_E_INVALID_ARG;
    return run_fixed(dst, capacity, [&](auto& pk, auto&) { body_values(pk, kinds, words, ptrs, count); });
}

// ---------------------------------------------------------------------------
// decoders
// ---------------------------------------------------------------------------

namespace {

enum class Expect { Int32, Int64, Str, Bin, Float };

struct Result {
    uint64_t isum = 0;   // integer sum (wrapping) / length sum
    double fsum = 0.0;
    int64_t count = 0;
    int64_t consumed = 0;
    int err = 0;
};

// Checks one element of a decoded msgpack::object tree.
bool accept_element(const msgpack::object& o, Expect e, Result& r)
{
    switch (e) {
    case Expect::Int32:
        if (o.type == msgpack::type::POSITIVE_INTEGER && o.via.u64 <= static_cast<uint64_t>(INT32_MAX)) {
            r.isum += o.via.u64;
            return true;
        }
        if (o.type == msgpack::type::NEGATIVE_INTEGER && o.via.i64 >= INT32_MIN) {
            r.isum += static_cast<uint64_t>(o.via.i64);
            return true;
        }
        return false;
    case Expect::Int64:
        if (o.type == msgpack::type::POSITIVE_INTEGER && o.via.u64 <= static_cast<uint64_t>(INT64_MAX)) {
            r.isum += o.via.u64;
            return true;
        }
        if (o.type == msgpack::type::NEGATIVE_INTEGER) {
            r.isum += static_cast<uint64_t>(o.via.i64);
            return true;
        }
        return false;
    case Expect::Str:
        if (o.type != msgpack::type::STR)
            return false;
        r.isum += o.via.str.size;
        return true;
    case Expect::Float:
        if (o.type != msgpack::type::FLOAT64 && o.type != msgpack::type::FLOAT32)
            return false;
        r.fsum += o.via.f64;
        return true;
    case Expect::Bin:
        break;
    }
    return false;
}

Result decode_unpack(const uint8_t* data, int64_t len, Expect e)
{
    Result r;
    if (!data || len < 0) {
        r.err = MPN_E_INVALID_ARG;
        return r;
    }
    if (len == 0) {
        r.err = MPN_E_TRUNCATED;
        return r;
    }
    try {
        std::size_t off = 0;
        msgpack::object_handle oh =
            msgpack::unpack(reinterpret_cast<const char*>(data), static_cast<std::size_t>(len), off);
        const msgpack::object& o = oh.get();
        if (e == Expect::Bin) {
            if (o.type != msgpack::type::BIN) {
                r.err = MPN_E_TYPE;
                return r;
            }
            r.isum = o.via.bin.size;
            r.count = 1;
        } else {
            if (o.type != msgpack::type::ARRAY) {
                r.err = MPN_E_TYPE;
                return r;
            }
            const msgpack::object_array& a = o.via.array;
            for (uint32_t i = 0; i < a.size; i++) {
                if (!accept_element(a.ptr[i], e, r)) {
                    r.err = MPN_E_TYPE;
                    return r;
                }
            }
            r.count = a.size;
        }
        r.consumed = static_cast<int64_t>(off);
    } catch (const msgpack::insufficient_bytes&) {
        r.err = MPN_E_TRUNCATED;
    } catch (const msgpack::parse_error&) {
        r.err = MPN_E_MALFORMED;
    } catch (const std::bad_alloc&) {
        r.err = MPN_E_ALLOC;
    } catch (...) {
        r.err = MPN_E_MALFORMED;
    }
    return r;
}

// Visitor for msgpack::parse(): accumulates while walking, no object tree.
struct SumVisitor : msgpack::null_visitor {
    explicit SumVisitor(Expect e) : expect(e) {}

    Expect expect;
    int depth = 0;
    Result r;

    bool fail(int code)
    {
        if (!r.err)
            r.err = code;
        return false;
    }
    // Scalars must be top-level for Bin, direct array elements otherwise.
    bool at_scalar_level() const { return depth == (expect == Expect::Bin ? 0 : 1); }

    bool visit_nil() { return fail(MPN_E_TYPE); }
    bool visit_boolean(bool) { return fail(MPN_E_TYPE); }
    bool visit_ext(const char*, uint32_t) { return fail(MPN_E_TYPE); }
    bool visit_positive_integer(uint64_t v)
    {
        if (!at_scalar_level())
            return fail(MPN_E_TYPE);
        if (expect == Expect::Int32 ? v > static_cast<uint64_t>(INT32_MAX)
            : expect == Expect::Int64 ? v > static_cast<uint64_t>(INT64_MAX)
                                      : true)
            return fail(MPN_E_TYPE);
        r.isum += v;
        r.count++;
        return true;
    }
    bool visit_negative_integer(int64_t v)
    {
        if (!at_scalar_level())
            return fail(MPN_E_TYPE);
        if (expect == Expect::Int32 ? v < INT32_MIN : expect != Expect::Int64)
            return fail(MPN_E_TYPE);
        r.isum += static_cast<uint64_t>(v);
        r.count++;
        return true;
    }
    bool visit_float32(float v) { return visit_float64(static_cast<double>(v)); }
    bool visit_float64(double v)
    {
        if (!at_scalar_level() || expect != Expect::Float)
            return fail(MPN_E_TYPE);
        r.fsum += v;
        r.count++;
        return true;
    }
    bool visit_str(const char*, uint32_t size)
    {
        if (!at_scalar_level() || expect != Expect::Str)
            return fail(MPN_E_TYPE);
        r.isum += size;
        r.count++;
        return true;
    }
    bool visit_bin(const char*, uint32_t size)
    {
        if (!at_scalar_level() || expect != Expect::Bin)
            return fail(MPN_E_TYPE);
        r.isum += size;
        r.count++;
        return true;
    }
    bool start_array(uint32_t)
    {
        if (depth != 0 || expect == Expect::Bin)
            return fail(MPN_E_TYPE);
        depth++;
        return true;
    }
    bool end_array()
    {
        depth--;
        return true;
    }
    bool start_map(uint32_t) { return fail(MPN_E_TYPE); }
    void parse_error(size_t, size_t)
    {
        if (!r.err)
            r.err = MPN_E_MALFORMED;
    }
    void insufficient_bytes(size_t, size_t)
    {
        if (!r.err)
            r.err = MPN_E_TRUNCATED;
    }
};

Result decode_visit(const uint8_t* data, int64_t len, Expect e)
{
    SumVisitor v(e);
    if (!data || len < 0) {
        v.r.err = MPN_E_INVALID_ARG;
        return v.r;
    }
    if (len == 0) {
        v.r.err = MPN_E_TRUNCATED;
        return v.r;
    }
    try {
        std::size_t off = 0;
        bool ok = msgpack::parse(reinterpret_cast<const char*>(data), static_cast<std::size_t>(len), off, v);
        if (!ok && !v.r.err)
            v.r.err = MPN_E_MALFORMED;
        v.r.consumed = static_cast<int64_t>(off);
    } catch (const std::bad_alloc&) {
        v.r.err = MPN_E_ALLOC;
    } catch (...) {
        if (!v.r.err)
            v.r.err = MPN_E_MALFORMED;
    }
    return v.r;
}

template <class T>
T finish(const Result& r, T value, int64_t* out_count, int64_t* out_consumed)
{
    if (r.err) {
        if (out_count) *out_count = 0;
        if (out_consumed) *out_consumed = r.err;
        return T(0);
    }
    if (out_count) *out_count = r.count;
    if (out_consumed) *out_consumed = r.consumed;
    return value;
}

} // namespace

#define DEFINE_DECODERS(prefix, fn)                                                                     \
    extern "C" MPN_API int64_t prefix##_decode_seed(const uint8_t* data, int64_t len,                   \
                                                    int64_t* out_count, int64_t* out_consumed)          \
    {                                                                                                   \
        Result r = fn(data, len, Expect::Int32);                                                        \
        return finish<int64_t>(r, static_cast<int64_t>(r.isum), out_count, out_consumed);               \
    }                                                                                                   \
    extern "C" MPN_API int64_t prefix##_decode_int64_array(const uint8_t* data, int64_t len,            \
                                                           int64_t* out_count, int64_t* out_consumed)   \
    {                                                                                                   \
        Result r = fn(data, len, Expect::Int64);                                                        \
        return finish<int64_t>(r, static_cast<int64_t>(r.isum), out_count, out_consumed);               \
    }                                                                                                   \
    extern "C" MPN_API int64_t prefix##_decode_string_array(const uint8_t* data, int64_t len,           \
                                                            int64_t* out_count, int64_t* out_consumed)  \
    {                                                                                                   \
        Result r = fn(data, len, Expect::Str);                                                          \
        return finish<int64_t>(r, static_cast<int64_t>(r.isum), out_count, out_consumed);               \
    }                                                                                                   \
    extern "C" MPN_API int64_t prefix##_decode_bin(const uint8_t* data, int64_t len,                    \
                                                   int64_t* out_count, int64_t* out_consumed)           \
    {                                                                                                   \
        Result r = fn(data, len, Expect::Bin);                                                          \
        return finish<int64_t>(r, static_cast<int64_t>(r.isum), out_count, out_consumed);               \
    }                                                                                                   \
    extern "C" MPN_API double prefix##_decode_float64_array(const uint8_t* data, int64_t len,           \
                                                            int64_t* out_count, int64_t* out_consumed)  \
    {                                                                                                   \
        Result r = fn(data, len, Expect::Float);                                                        \
        return finish<double>(r, r.fsum, out_count, out_consumed);                                      \
    }

DEFINE_DECODERS(mpn_cxx, decode_unpack)
DEFINE_DECODERS(mpn_cxx_visitor, decode_visit)
