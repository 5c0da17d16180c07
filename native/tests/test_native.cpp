// Tests for libmsgpack_native.so (run by ctest).
//
//  * every encoder workload: all five encoder variants (msgpuck, msgpackc,
//    msgpackc_sbuffer, cxx, cxx_sbuffer) produce IDENTICAL bytes, equal to an
//    independent reference encoder written here (smallest-form rules of the
//    MessagePack spec);
//  * exact bytes of the seed workload (dc 00 64 ce 40 00 00 00 ...) and of a
//    Tarantool request;
//  * capacity handling: exact capacity succeeds, capacity-1 fails with
//    MPN_E_BUFFER_TOO_SMALL, nothing is written past capacity;
//  * decoders (msgpuck, msgpackc, cxx, cxx_visitor) round-trip every workload,
//    ignore trailing bytes, reject truncated input and wrong types;
//  * mp_check accepts valid and rejects truncated / malformed input; mp_next;
//  * mpn_msgpuck_walk visits every kind of value (ext of every header size
//    too) with the checksum computed here independently, rejects every
//    truncated prefix, 0xc1 and counts larger than the input;
//  * the differential-test workloads (uint64 array, value stream) of msgpuck
//    and msgpack-cxx produce the reference bytes.
#include "msgpack_native.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <limits>
#include <string>
#include <vector>

namespace {

int g_checks = 0;
int g_failures = 0;

#define CHECK(cond, ...)                                                     \
    do {                                                                     \
        g_checks++;                                                          \
        if (!(cond)) {                                                       \
            g_failures++;                                                    \
            std::fprintf(stderr, "FAIL %s:%d: %s  ", __FILE__, __LINE__, #cond); \
            std::fprintf(stderr, __VA_ARGS__);                               \
            std::fputc('\n', stderr);                                        \
        }                                                                    \
    } while (0)

using Bytes = std::vector<uint8_t>;

std::string hex(const Bytes& b, size_t max = 24)
{
    std::string s;
    char tmp[4];
    for (size_t i = 0; i < b.size() && i < max; i++) {
        std::snprintf(tmp, sizeof tmp, "%02x ", b[i]);
        s += tmp;
    }
    if (b.size() > max)
        s += "...";
    return s;
}

// ---------------------------------------------------------------------------
// Independent reference encoder (smallest forms, big endian).
// ---------------------------------------------------------------------------
struct Ref {
    Bytes b;
    void u8(uint8_t v) { b.push_back(v); }
    void be(uint64_t v, int n)
    {
        for (int i = n - 1; i >= 0; i--)
            b.push_back(static_cast<uint8_t>(v >> (8 * i)));
    }
    void uint(uint64_t v)
    {
        if (v < 0x80) u8(static_cast<uint8_t>(v));
        else if (v <= 0xff) { u8(0xcc); be(v, 1); }
        else if (v <= 0xffff) { u8(0xcd); be(v, 2); }
        else if (v <= 0xffffffffu) { u8(0xce); be(v, 4); }
        else { u8(0xcf); be(v, 8); }
    }
    void sint(int64_t v)
    {
        if (v >= 0) { uint(static_cast<uint64_t>(v)); return; }
        const uint64_t u = static_cast<uint64_t>(v);
        if (v >= -32) u8(static_cast<uint8_t>(u));
        else if (v >= INT8_MIN) { u8(0xd0); be(u, 1); }
        else if (v >= INT16_MIN) { u8(0xd1); be(u, 2); }
        else if (v >= INT32_MIN) { u8(0xd2); be(u, 4); }
        else { u8(0xd3); be(u, 8); }
    }
    void hdr(uint32_t n, uint8_t fix, uint8_t fixmax, uint8_t c16, uint8_t c32)
    {
        if (n < fixmax) u8(static_cast<uint8_t>(fix | n));
        else if (n <= 0xffff) { u8(c16); be(n, 2); }
        else { u8(c32); be(n, 4); }
    }
    void array(uint32_t n) { hdr(n, 0x90, 16, 0xdc, 0xdd); }
    void map(uint32_t n) { hdr(n, 0x80, 16, 0xde, 0xdf); }
    void str(const uint8_t* p, uint32_t n)
    {
        if (n < 32) u8(static_cast<uint8_t>(0xa0 | n));
        else if (n <= 0xff) { u8(0xd9); be(n, 1); }
        else if (n <= 0xffff) { u8(0xda); be(n, 2); }
        else { u8(0xdb); be(n, 4); }
        b.insert(b.end(), p, p + n);
    }
    void bin(const uint8_t* p, uint32_t n)
    {
        if (n <= 0xff) { u8(0xc4); be(n, 1); }
        else if (n <= 0xffff) { u8(0xc5); be(n, 2); }
        else { u8(0xc6); be(n, 4); }
        b.insert(b.end(), p, p + n);
    }
    void f64(double d)
    {
        uint64_t bits;
        std::memcpy(&bits, &d, 8);
        u8(0xcb);
        be(bits, 8);
    }
    void f32(float f)
    {
        uint32_t bits;
        std::memcpy(&bits, &f, 4);
        u8(0xca);
        be(bits, 4);
    }
    void nil() { u8(0xc0); }
    void boolean(bool v) { u8(v ? 0xc3 : 0xc2); }
};

// ---------------------------------------------------------------------------
// Encoder harness
// ---------------------------------------------------------------------------
template <class Fn>
struct Named {
    const char* name;
    Fn fn;
};

// call(fn, dst, capacity) -> int64 result. Checks every variant against
// `expected`, including the capacity contract and guard bytes.
template <class Fn, size_t N, class Call>
void check_encoders(const char* workload, const Named<Fn> (&encs)[N], const Bytes& expected, Call call)
{
    const int64_t size = static_cast<int64_t>(expected.size());
    for (const auto& e : encs) {
        // 1. generous buffer
        Bytes big(expected.size() + 4096, 0xAA);
        int64_t n = call(e.fn, big.data(), static_cast<int64_t>(big.size()));
        CHECK(n == size, "%s/%s: returned %lld, expected %lld", workload, e.name, (long long)n, (long long)size);
        if (n == size) {
            Bytes got(big.begin(), big.begin() + n);
            CHECK(got == expected, "%s/%s: bytes differ\n   got %s\n  want %s", workload, e.name,
                  hex(got, 48).c_str(), hex(expected, 48).c_str());
        }
        // 2. exact capacity + guard
        Bytes exact(expected.size() + 16, 0xAA);
        n = call(e.fn, exact.data(), size);
        CHECK(n == size, "%s/%s: exact capacity returned %lld", workload, e.name, (long long)n);
        bool guard_ok = true;
        for (size_t i = expected.size(); i < exact.size(); i++)
            guard_ok &= exact[i] == 0xAA;
        CHECK(guard_ok, "%s/%s: wrote past exact capacity", workload, e.name);
        // 3. capacity - 1 -> MPN_E_BUFFER_TOO_SMALL, nothing written past it
        if (size > 0) {
            Bytes small(expected.size() + 16, 0xAA);
            n = call(e.fn, small.data(), size - 1);
            CHECK(n == MPN_E_BUFFER_TOO_SMALL, "%s/%s: capacity-1 returned %lld", workload, e.name, (long long)n);
            guard_ok = true;
            for (size_t i = expected.size() - 1; i < small.size(); i++)
                guard_ok &= small[i] == 0xAA;
            CHECK(guard_ok, "%s/%s: wrote past capacity-1", workload, e.name);
        }
    }
}

// ---------------------------------------------------------------------------
// Decoder harness
// ---------------------------------------------------------------------------
template <class R>
using DecFn = R (*)(const uint8_t*, int64_t, int64_t*, int64_t*);

template <class R>
struct Decoders {
    const char* workload;
    Named<DecFn<R>> fns[4];
};

template <class R>
void check_decoders(const Decoders<R>& d, const Bytes& enc, R want_sum, int64_t want_count, bool test_truncation = true)
{
    for (const auto& f : d.fns) {
        int64_t count = -42, consumed = -42;
        R sum = f.fn(enc.data(), static_cast<int64_t>(enc.size()), &count, &consumed);
        CHECK(consumed == static_cast<int64_t>(enc.size()), "%s/%s: consumed %lld of %zu", d.workload, f.name,
              (long long)consumed, enc.size());
        CHECK(count == want_count, "%s/%s: count %lld, want %lld", d.workload, f.name, (long long)count,
              (long long)want_count);
        CHECK(sum == want_sum, "%s/%s: checksum mismatch", d.workload, f.name);

        // trailing bytes are ignored
        Bytes trailing = enc;
        trailing.push_back(0xc0);
        trailing.push_back(0x01);
        count = consumed = -42;
        sum = f.fn(trailing.data(), static_cast<int64_t>(trailing.size()), &count, &consumed);
        CHECK(consumed == static_cast<int64_t>(enc.size()) && sum == want_sum && count == want_count,
              "%s/%s: trailing bytes changed the result (consumed %lld)", d.workload, f.name, (long long)consumed);

        // NULL out pointers are allowed
        sum = f.fn(enc.data(), static_cast<int64_t>(enc.size()), nullptr, nullptr);
        CHECK(sum == want_sum, "%s/%s: NULL out pointers", d.workload, f.name);

        if (!test_truncation)
            continue;
        // every strict prefix (sampled for big inputs) must be rejected as truncated
        const size_t step = enc.size() > 4096 ? enc.size() / 512 + 1 : 1;
        for (size_t cut = 0; cut < enc.size(); cut += step) {
            Bytes prefix(enc.begin(), enc.begin() + cut); // exact-size heap copy
            count = consumed = 42;
            sum = f.fn(cut ? prefix.data() : enc.data(), static_cast<int64_t>(cut), &count, &consumed);
            CHECK(consumed == MPN_E_TRUNCATED && count == 0 && sum == R(0),
                  "%s/%s: prefix %zu/%zu -> consumed %lld (want MPN_E_TRUNCATED)", d.workload, f.name, cut,
                  enc.size(), (long long)consumed);
        }
    }
}

template <class R>
void check_decoders_reject(const Decoders<R>& d, const Bytes& enc, int64_t want_err, const char* what)
{
    for (const auto& f : d.fns) {
        int64_t count = 42, consumed = 42;
        R sum = f.fn(enc.data(), static_cast<int64_t>(enc.size()), &count, &consumed);
        CHECK(consumed == want_err && count == 0 && sum == R(0), "%s/%s (%s): consumed %lld, want %lld", d.workload,
              f.name, what, (long long)consumed, (long long)want_err);
    }
}

void check_skip_validate(const char* what, const Bytes& enc)
{
    const int64_t size = static_cast<int64_t>(enc.size());
    int64_t consumed = -42;
    CHECK(mpn_msgpuck_check(enc.data(), size, &consumed) == 0 && consumed == size,
          "%s: mp_check rejected valid input (consumed %lld)", what, (long long)consumed);
    CHECK(mpn_msgpuck_next(enc.data(), size) == size, "%s: mp_next size", what);
    const size_t step = enc.size() > 4096 ? enc.size() / 512 + 1 : 1;
    for (size_t cut = 1; cut < enc.size(); cut += step) {
        Bytes prefix(enc.begin(), enc.begin() + cut);
        consumed = 42;
        int32_t rc = mpn_msgpuck_check(prefix.data(), static_cast<int64_t>(cut), &consumed);
        CHECK(rc != 0 && consumed < 0, "%s: mp_check accepted truncated prefix %zu/%zu", what, cut, enc.size());
    }
    CHECK(mpn_msgpuck_check(enc.data(), 0, &consumed) != 0, "%s: mp_check accepted empty input", what);
}

// ---------------------------------------------------------------------------
// Encoder tables
// ---------------------------------------------------------------------------
using SeedFn = int64_t (*)(const int32_t*, int32_t, uint8_t*, int64_t);
using I64Fn = int64_t (*)(const int64_t*, int32_t, uint8_t*, int64_t);
using StrArrFn = int64_t (*)(const uint8_t* const*, const int32_t*, int32_t, uint8_t*, int64_t);
using BlobFn = int64_t (*)(const uint8_t*, int32_t, uint8_t*, int64_t);
using F64Fn = int64_t (*)(const double*, int32_t, uint8_t*, int64_t);
using TntFn = int64_t (*)(uint32_t, uint64_t, uint32_t, int64_t, uint8_t*, int64_t);
using U64Fn = int64_t (*)(const uint64_t*, int32_t, uint8_t*, int64_t);
using ValuesFn = int64_t (*)(const uint8_t*, const uint64_t*, const uint8_t* const*, int32_t, uint8_t*, int64_t);

const Named<SeedFn> kSeed[] = {
    {"msgpuck", mpn_msgpuck_encode_seed},   {"msgpackc", mpn_msgpackc_encode_seed},
    {"msgpackc_sbuffer", mpn_msgpackc_sbuffer_encode_seed},
    {"cxx", mpn_cxx_encode_seed},           {"cxx_sbuffer", mpn_cxx_sbuffer_encode_seed}};
const Named<I64Fn> kI64[] = {
    {"msgpuck", mpn_msgpuck_encode_int64_array},   {"msgpackc", mpn_msgpackc_encode_int64_array},
    {"msgpackc_sbuffer", mpn_msgpackc_sbuffer_encode_int64_array},
    {"cxx", mpn_cxx_encode_int64_array},           {"cxx_sbuffer", mpn_cxx_sbuffer_encode_int64_array}};
const Named<StrArrFn> kStrArr[] = {
    {"msgpuck", mpn_msgpuck_encode_string_array},   {"msgpackc", mpn_msgpackc_encode_string_array},
    {"msgpackc_sbuffer", mpn_msgpackc_sbuffer_encode_string_array},
    {"cxx", mpn_cxx_encode_string_array},           {"cxx_sbuffer", mpn_cxx_sbuffer_encode_string_array}};
const Named<BlobFn> kStr[] = {
    {"msgpuck", mpn_msgpuck_encode_string},   {"msgpackc", mpn_msgpackc_encode_string},
    {"msgpackc_sbuffer", mpn_msgpackc_sbuffer_encode_string},
    {"cxx", mpn_cxx_encode_string},           {"cxx_sbuffer", mpn_cxx_sbuffer_encode_string}};
const Named<BlobFn> kBin[] = {
    {"msgpuck", mpn_msgpuck_encode_bin},   {"msgpackc", mpn_msgpackc_encode_bin},
    {"msgpackc_sbuffer", mpn_msgpackc_sbuffer_encode_bin},
    {"cxx", mpn_cxx_encode_bin},           {"cxx_sbuffer", mpn_cxx_sbuffer_encode_bin}};
const Named<F64Fn> kF64[] = {
    {"msgpuck", mpn_msgpuck_encode_float64_array},   {"msgpackc", mpn_msgpackc_encode_float64_array},
    {"msgpackc_sbuffer", mpn_msgpackc_sbuffer_encode_float64_array},
    {"cxx", mpn_cxx_encode_float64_array},           {"cxx_sbuffer", mpn_cxx_sbuffer_encode_float64_array}};
const Named<TntFn> kTnt[] = {
    {"msgpuck", mpn_msgpuck_encode_tarantool},   {"msgpackc", mpn_msgpackc_encode_tarantool},
    {"msgpackc_sbuffer", mpn_msgpackc_sbuffer_encode_tarantool},
    {"cxx", mpn_cxx_encode_tarantool},           {"cxx_sbuffer", mpn_cxx_sbuffer_encode_tarantool}};

// The differential-test workloads exist for msgpuck and msgpack-cxx (FixedStream) only.
const Named<U64Fn> kU64[] = {
    {"msgpuck", mpn_msgpuck_encode_uint64_array}, {"cxx", mpn_cxx_encode_uint64_array}};
const Named<ValuesFn> kValues[] = {
    {"msgpuck", mpn_msgpuck_encode_values}, {"cxx", mpn_cxx_encode_values}};

const Decoders<int64_t> kDecSeed = {"decode_seed",
    {{"msgpuck", mpn_msgpuck_decode_seed}, {"msgpackc", mpn_msgpackc_decode_seed},
     {"cxx", mpn_cxx_decode_seed}, {"cxx_visitor", mpn_cxx_visitor_decode_seed}}};
const Decoders<int64_t> kDecI64 = {"decode_int64_array",
    {{"msgpuck", mpn_msgpuck_decode_int64_array}, {"msgpackc", mpn_msgpackc_decode_int64_array},
     {"cxx", mpn_cxx_decode_int64_array}, {"cxx_visitor", mpn_cxx_visitor_decode_int64_array}}};
const Decoders<int64_t> kDecStr = {"decode_string_array",
    {{"msgpuck", mpn_msgpuck_decode_string_array}, {"msgpackc", mpn_msgpackc_decode_string_array},
     {"cxx", mpn_cxx_decode_string_array}, {"cxx_visitor", mpn_cxx_visitor_decode_string_array}}};
const Decoders<int64_t> kDecBin = {"decode_bin",
    {{"msgpuck", mpn_msgpuck_decode_bin}, {"msgpackc", mpn_msgpackc_decode_bin},
     {"cxx", mpn_cxx_decode_bin}, {"cxx_visitor", mpn_cxx_visitor_decode_bin}}};
const Decoders<double> kDecF64 = {"decode_float64_array",
    {{"msgpuck", mpn_msgpuck_decode_float64_array}, {"msgpackc", mpn_msgpackc_decode_float64_array},
     {"cxx", mpn_cxx_decode_float64_array}, {"cxx_visitor", mpn_cxx_visitor_decode_float64_array}}};

// ---------------------------------------------------------------------------
// Workload tests
// ---------------------------------------------------------------------------
Bytes ref_seed(const std::vector<int32_t>& v)
{
    Ref r;
    r.u8(0xdc);
    r.be(v.size(), 2);
    for (int32_t x : v)
        r.sint(x);
    return r.b;
}

void test_seed()
{
    std::vector<int32_t> seed(100);
    for (int i = 0; i < 100; i++)
        seed[i] = (1 << 30) - i;
    const Bytes expected = ref_seed(seed);
    const Bytes prefix = {0xdc, 0x00, 0x64, 0xce, 0x40, 0x00, 0x00, 0x00, 0xce, 0x3f, 0xff, 0xff, 0xff};
    CHECK(expected.size() == 3 + 5 * 100, "seed size %zu", expected.size());
    CHECK(Bytes(expected.begin(), expected.begin() + prefix.size()) == prefix, "reference seed prefix %s",
          hex(expected).c_str());

    auto call = [&](const std::vector<int32_t>& v) {
        return [&v](SeedFn fn, uint8_t* dst, int64_t cap) {
            return fn(v.data(), static_cast<int32_t>(v.size()), dst, cap);
        };
    };
    check_encoders("seed", kSeed, expected, call(seed));

    // explicit byte check of the library output itself
    Bytes out(1024);
    int64_t n = mpn_msgpuck_encode_seed(seed.data(), 100, out.data(), 1024);
    CHECK(n == 503 && std::memcmp(out.data(), prefix.data(), prefix.size()) == 0, "seed prefix: %s",
          hex(Bytes(out.begin(), out.begin() + 16)).c_str());

    int64_t want = 0;
    for (int32_t x : seed)
        want += x;
    check_decoders(kDecSeed, expected, want, 100);
    check_skip_validate("seed", expected);

    // mixed signs / every int32 width, small count (array16 still forced)
    const std::vector<int32_t> mixed = {0, 1, 127, 128, 255, 256, 65535, 65536, INT32_MAX, -1, -32, -33,
                                        -128, -129, -32768, -32769, INT32_MIN};
    const std::vector<int32_t> few = {5, -5, 300};
    const std::vector<int32_t> none = {};
    check_encoders("seed-mixed", kSeed, ref_seed(mixed), call(mixed));
    check_encoders("seed-few", kSeed, ref_seed(few), call(few));
    check_encoders("seed-empty", kSeed, ref_seed(none), call(none));
    CHECK(ref_seed(few)[0] == 0xdc, "array16 forced");
    int64_t msum = 0;
    for (int32_t x : mixed)
        msum += x;
    check_decoders(kDecSeed, ref_seed(mixed), msum, static_cast<int64_t>(mixed.size()));
    check_decoders(kDecSeed, ref_seed(none), int64_t(0), 0);

    // seed decoders reject values outside int32 and non-integers
    Ref big;
    big.array(2);
    big.sint(1);
    big.sint(int64_t(INT32_MAX) + 1);
    check_decoders_reject(kDecSeed, big.b, MPN_E_TYPE, "uint > INT32_MAX");
    Ref str;
    str.array(1);
    str.str(reinterpret_cast<const uint8_t*>("x"), 1);
    check_decoders_reject(kDecSeed, str.b, MPN_E_TYPE, "str element");
    check_decoders_reject(kDecSeed, Bytes{0x05}, MPN_E_TYPE, "not an array");

    // invalid arguments
    for (const auto& e : kSeed) {
        Bytes buf(16);
        CHECK(e.fn(seed.data(), -1, buf.data(), 16) == MPN_E_INVALID_ARG, "%s count -1", e.name);
        CHECK(e.fn(seed.data(), 70000, buf.data(), 16) == MPN_E_INVALID_ARG, "%s count 70000", e.name);
        CHECK(e.fn(seed.data(), 1, nullptr, 16) == MPN_E_INVALID_ARG, "%s NULL dst", e.name);
    }
}

void test_int64()
{
    std::vector<int64_t> v = {0, 1, 0x7f, 0x80, 0xff, 0x100, 0xffff, 0x10000, 0xffffffffLL, 0x100000000LL,
                              INT64_MAX, -1, -32, -33, -128, -129, -32768, -32769, INT32_MIN,
                              int64_t(INT32_MIN) - 1, INT64_MIN};
    for (int i = 0; i < 200; i++)
        v.push_back((i % 2 ? -1 : 1) * (int64_t(1) << (i % 63)) + i);
    auto enc = [](const std::vector<int64_t>& vals) {
        Ref r;
        r.array(static_cast<uint32_t>(vals.size()));
        for (int64_t x : vals)
            r.sint(x);
        return r.b;
    };
    auto call = [](const std::vector<int64_t>& vals) {
        return [&vals](I64Fn fn, uint8_t* dst, int64_t cap) {
            return fn(vals.data(), static_cast<int32_t>(vals.size()), dst, cap);
        };
    };
    const std::vector<int64_t> small = {-3, 1000, int64_t(1) << 40};
    const std::vector<int64_t> none = {};
    check_encoders("int64_array", kI64, enc(v), call(v));
    check_encoders("int64_array-small", kI64, enc(small), call(small));   // fixarray
    check_encoders("int64_array-empty", kI64, enc(none), call(none));
    CHECK(enc(small)[0] == 0x93, "fixarray header");

    uint64_t sum = 0;
    for (int64_t x : v)
        sum += static_cast<uint64_t>(x);
    check_decoders(kDecI64, enc(v), static_cast<int64_t>(sum), static_cast<int64_t>(v.size()));
    check_skip_validate("int64_array", enc(v));

    Ref huge;
    huge.array(1);
    huge.uint(UINT64_MAX);
    check_decoders_reject(kDecI64, huge.b, MPN_E_TYPE, "uint64 > INT64_MAX");
}

void test_strings()
{
    // lengths around every header boundary (fixstr / str8 / str16 / str32)
    const int32_t edge_lens[] = {0, 1, 31, 32, 255, 256, 65535, 65536, 70000};
    std::vector<std::string> storage;
    for (int32_t l : edge_lens) {
        std::string s;
        for (int32_t i = 0; i < l; i++)
            s.push_back(static_cast<char>('a' + (i * 7 + l) % 26));
        storage.push_back(s);
    }
    // a typical array of short UTF-8 strings
    for (int i = 0; i < 100; i++)
        storage.push_back("item-" + std::to_string(i) + (i % 3 ? "" : " \xc3\xa9t\xc3\xa9"));

    std::vector<const uint8_t*> ptrs;
    std::vector<int32_t> lens;
    int64_t total = 0;
    for (const auto& s : storage) {
        ptrs.push_back(reinterpret_cast<const uint8_t*>(s.data()));
        lens.push_back(static_cast<int32_t>(s.size()));
        total += static_cast<int64_t>(s.size());
    }
    Ref r;
    r.array(static_cast<uint32_t>(storage.size()));
    for (size_t i = 0; i < storage.size(); i++)
        r.str(ptrs[i], static_cast<uint32_t>(lens[i]));
    check_encoders("string_array", kStrArr, r.b, [&](StrArrFn fn, uint8_t* dst, int64_t cap) {
        return fn(ptrs.data(), lens.data(), static_cast<int32_t>(ptrs.size()), dst, cap);
    });
    check_decoders(kDecStr, r.b, total, static_cast<int64_t>(storage.size()));
    check_skip_validate("string_array", r.b);

    // str8 is used (not str16) for 32..255 bytes
    Ref s40;
    std::string forty(40, 'x');
    s40.str(reinterpret_cast<const uint8_t*>(forty.data()), 40);
    CHECK(s40.b[0] == 0xd9 && s40.b[1] == 40, "str8 header");

    // single string variant, every header size
    for (const auto& s : storage) {
        if (&s - storage.data() > 12)
            break;
        Ref one;
        one.str(reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size()));
        std::string label = "string(len " + std::to_string(s.size()) + ")";
        check_encoders(label.c_str(), kStr, one.b, [&](BlobFn fn, uint8_t* dst, int64_t cap) {
            return fn(reinterpret_cast<const uint8_t*>(s.data()), static_cast<int32_t>(s.size()), dst, cap);
        });
    }

    Ref ints;
    ints.array(2);
    ints.uint(1);
    ints.uint(2);
    check_decoders_reject(kDecStr, ints.b, MPN_E_TYPE, "int elements");
}

void test_bin()
{
    const int32_t lens[] = {0, 1, 255, 256, 65535, 65536, 100000};
    for (int32_t l : lens) {
        Bytes payload(static_cast<size_t>(l));
        for (int32_t i = 0; i < l; i++)
            payload[static_cast<size_t>(i)] = static_cast<uint8_t>(i * 31 + 7);
        Ref r;
        r.bin(payload.data(), static_cast<uint32_t>(l));
        std::string label = "bin(len " + std::to_string(l) + ")";
        check_encoders(label.c_str(), kBin, r.b, [&](BlobFn fn, uint8_t* dst, int64_t cap) {
            return fn(payload.data(), l, dst, cap);
        });
        check_decoders(kDecBin, r.b, int64_t(l), 1);
        check_skip_validate(label.c_str(), r.b);
    }
    Ref s;
    s.str(reinterpret_cast<const uint8_t*>("abc"), 3);
    check_decoders_reject(kDecBin, s.b, MPN_E_TYPE, "str instead of bin");
}

void test_float64()
{
    // Non-integral values only: msgpack-cxx packs integral doubles as ints.
    std::vector<double> v;
    for (int i = 0; i < 100; i++)
        v.push_back((i - 50) * 1.5 + 0.375);
    v.push_back(3.141592653589793);
    v.push_back(-1e300);
    v.push_back(1e-300);
    v.push_back(0.1);
    v.push_back(std::nan(""));
    v.push_back(std::numeric_limits<double>::denorm_min());
    Ref r;
    r.array(static_cast<uint32_t>(v.size()));
    for (double d : v)
        r.f64(d);
    check_encoders("float64_array", kF64, r.b, [&](F64Fn fn, uint8_t* dst, int64_t cap) {
        return fn(v.data(), static_cast<int32_t>(v.size()), dst, cap);
    });
    check_skip_validate("float64_array", r.b);

    // decode (without the NaN so that the sum is comparable)
    std::vector<double> w(v.begin(), v.end());
    w.erase(w.begin() + 104);
    Ref rw;
    rw.array(static_cast<uint32_t>(w.size()));
    double sum = 0;
    for (double d : w) {
        rw.f64(d);
        sum += d;
    }
    check_decoders(kDecF64, rw.b, sum, static_cast<int64_t>(w.size()));
    check_decoders_reject(kDecF64, Bytes{0x91, 0x01}, MPN_E_TYPE, "int element");

    // Documented divergence: msgpack-cxx pack_double() writes integral
    // doubles (incl. -0.0) as integers; msgpuck / msgpack-c always write 0xcb.
    const double integral[] = {1.0, -3.0, -0.0};
    Bytes a(64), b(64), c(64);
    int64_t na = mpn_msgpuck_encode_float64_array(integral, 3, a.data(), 64);
    int64_t nb = mpn_msgpackc_encode_float64_array(integral, 3, b.data(), 64);
    int64_t nc = mpn_cxx_encode_float64_array(integral, 3, c.data(), 64);
    CHECK(na == 28 && nb == 28 && std::memcmp(a.data(), b.data(), 28) == 0, "msgpuck/msgpack-c float64 of 1.0");
    const Bytes cxx_expected = {0x93, 0x01, 0xfd, 0x00};
    CHECK(nc == 4 && Bytes(c.begin(), c.begin() + 4) == cxx_expected,
          "msgpack-cxx integral-double behaviour changed: %s", hex(Bytes(c.begin(), c.begin() + (nc > 0 ? nc : 0))).c_str());
}

void test_tarantool()
{
    struct Case {
        uint32_t type;
        uint64_t sync;
        uint32_t space;
        int64_t key;
    };
    const Case cases[] = {{1, 42, 512, 7},
                          {0x29, uint64_t(1) << 40, 0xffffffffu, -5},
                          {0xffffffffu, UINT64_MAX, 0, INT64_MIN},
                          {0, 0, 0x7f, INT64_MAX}};
    for (const Case& c : cases) {
        Ref r;
        r.map(2);
        r.uint(0x00);
        r.uint(c.type);
        r.uint(0x01);
        r.uint(c.sync);
        r.map(2);
        r.uint(0x10);
        r.uint(c.space);
        r.uint(0x20);
        r.array(1);
        r.sint(c.key);
        check_encoders("tarantool", kTnt, r.b, [&](TntFn fn, uint8_t* dst, int64_t cap) {
            return fn(c.type, c.sync, c.space, c.key, dst, cap);
        });
        // header and body are two consecutive top-level maps
        const int64_t hdr = mpn_msgpuck_next(r.b.data(), static_cast<int64_t>(r.b.size()));
        CHECK(hdr > 0 && hdr < static_cast<int64_t>(r.b.size()), "tarantool: mp_next over header map");
        if (hdr > 0 && hdr < static_cast<int64_t>(r.b.size())) {
            check_skip_validate("tarantool-header", Bytes(r.b.begin(), r.b.begin() + hdr));
            check_skip_validate("tarantool-body", Bytes(r.b.begin() + hdr, r.b.end()));
        }
    }
    const Bytes expected = {0x82, 0x00, 0x01, 0x01, 0x2a, 0x82, 0x10, 0xcd, 0x02, 0x00, 0x20, 0x91, 0x07};
    Bytes out(64);
    int64_t n = mpn_msgpuck_encode_tarantool(1, 42, 512, 7, out.data(), 64);
    CHECK(n == 13 && Bytes(out.begin(), out.begin() + 13) == expected, "tarantool bytes: %s",
          hex(Bytes(out.begin(), out.begin() + (n > 0 ? n : 0))).c_str());
    // two maps back-to-back: mp_next skips only the first one
    CHECK(mpn_msgpuck_next(expected.data(), 13) == 5, "mp_next over header map");
}

void test_uint64()
{
    std::vector<uint64_t> v = {0, 1, 0x7f, 0x80, 0xff, 0x100, 0xffff, 0x10000, 0xffffffffULL, 0x100000000ULL,
                               uint64_t(INT64_MAX), uint64_t(INT64_MAX) + 1, UINT64_MAX - 1, UINT64_MAX};
    for (int i = 0; i < 200; i++)
        v.push_back((uint64_t(1) << (i % 64)) + uint64_t(i) * 0x9E3779B97F4A7C15ULL % 1000);
    auto enc = [](const std::vector<uint64_t>& vals) {
        Ref r;
        r.array(static_cast<uint32_t>(vals.size()));
        for (uint64_t x : vals)
            r.uint(x);
        return r.b;
    };
    auto call = [](const std::vector<uint64_t>& vals) {
        return [&vals](U64Fn fn, uint8_t* dst, int64_t cap) {
            return fn(vals.data(), static_cast<int32_t>(vals.size()), dst, cap);
        };
    };
    const std::vector<uint64_t> small = {UINT64_MAX, 5};
    const std::vector<uint64_t> none = {};
    check_encoders("uint64_array", kU64, enc(v), call(v));
    check_encoders("uint64_array-small", kU64, enc(small), call(small));
    check_encoders("uint64_array-empty", kU64, enc(none), call(none));
    CHECK(enc(small)[0] == 0x92 && enc(small)[1] == 0xcf, "fixarray + uint64 header");
    check_skip_validate("uint64_array", enc(v));
    for (const auto& e : kU64) {
        Bytes buf(16);
        CHECK(e.fn(v.data(), -1, buf.data(), 16) == MPN_E_INVALID_ARG, "%s count -1", e.name);
        CHECK(e.fn(v.data(), 1, nullptr, 16) == MPN_E_INVALID_ARG, "%s NULL dst", e.name);
    }
}

// Builds the same document for the value-stream encoders (kinds/words/ptrs) and for Ref.
struct Stream {
    std::vector<uint8_t> kinds;
    std::vector<uint64_t> words;
    std::vector<const uint8_t*> ptrs;
    Ref ref;
    void add(uint8_t kind, uint64_t word, const uint8_t* ptr = nullptr)
    {
        kinds.push_back(kind);
        words.push_back(word);
        ptrs.push_back(ptr);
    }
    void nil() { add(MPN_V_NIL, 0); ref.nil(); }
    void boolean(bool v) { add(MPN_V_BOOL, v ? 7 : 0); ref.boolean(v); }
    void uint(uint64_t v) { add(MPN_V_UINT, v); ref.uint(v); }
    void sint(int64_t v) { add(MPN_V_INT, static_cast<uint64_t>(v)); ref.sint(v); }
    void f32(float f)
    {
        uint32_t bits;
        std::memcpy(&bits, &f, 4);
        add(MPN_V_FLOAT32, bits);
        ref.f32(f);
    }
    void f64(double d)
    {
        uint64_t bits;
        std::memcpy(&bits, &d, 8);
        add(MPN_V_FLOAT64, bits);
        ref.f64(d);
    }
    std::deque<std::string> keep; // the str/bin bytes, alive as long as the stream
    void str(const std::string& text)
    {
        const std::string& s = keep.emplace_back(text);
        add(MPN_V_STR, s.size(), reinterpret_cast<const uint8_t*>(s.data()));
        ref.str(reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size()));
    }
    void bin(const Bytes& bytes)
    {
        const std::string& b = keep.emplace_back(bytes.begin(), bytes.end());
        add(MPN_V_BIN, b.size(), reinterpret_cast<const uint8_t*>(b.data()));
        ref.bin(reinterpret_cast<const uint8_t*>(b.data()), static_cast<uint32_t>(b.size()));
    }
    void array(uint32_t n) { add(MPN_V_ARRAY, n); ref.array(n); }
    void map(uint32_t n) { add(MPN_V_MAP, n); ref.map(n); }
    int64_t call(ValuesFn fn, uint8_t* dst, int64_t cap) const
    {
        return fn(kinds.data(), words.data(), ptrs.data(), static_cast<int32_t>(kinds.size()), dst, cap);
    }
};

void test_values()
{
    // Every kind, nested, every header size; non-integral floats (msgpack-cxx packs integral ones as ints).
    const std::string s300(300, 'q'), s70000(70000, 'z'), utf8 = "h\xc3\xa9llo \xe2\x82\xac";
    Bytes b40(40), b300(300);
    for (size_t i = 0; i < b300.size(); i++)
        b300[i] = static_cast<uint8_t>(i * 13);
    Stream st;
    st.map(7);
    st.str("nested");
    st.array(5);
    st.nil();
    st.boolean(true);
    st.boolean(false);
    st.sint(-33);
    st.array(0);
    st.str("ints");
    st.array(6);
    st.uint(UINT64_MAX);
    st.sint(INT64_MIN);
    st.sint(-1);
    st.uint(200);
    st.sint(65536);
    st.uint(0);
    st.str("floats");
    st.array(3);
    st.f32(1.5f);
    st.f64(-0.375);
    st.f64(std::nan(""));
    st.str(utf8);
    st.str(s300);
    st.str("bins");
    st.array(3);
    st.bin(Bytes());
    st.bin(b40);
    st.bin(b300);
    st.uint(1);
    st.map(16);
    for (int i = 0; i < 16; i++) {
        st.sint(-i);
        st.map(0);
    }
    st.str("long");
    st.str(s70000);
    st.nil(); // a second top-level value: the stream has no header around it
    check_encoders("values", kValues, st.ref.b, [&](ValuesFn fn, uint8_t* dst, int64_t cap) { return st.call(fn, dst, cap); });
    CHECK(st.ref.b[0] == 0x87, "values: fixmap header");
    const int64_t first = mpn_msgpuck_next(st.ref.b.data(), static_cast<int64_t>(st.ref.b.size()));
    CHECK(first == static_cast<int64_t>(st.ref.b.size()) - 1, "values: two top-level values (mp_next %lld)", (long long)first);
    if (first > 0)
        check_skip_validate("values", Bytes(st.ref.b.begin(), st.ref.b.begin() + first));

    Stream empty;
    check_encoders("values-empty", kValues, empty.ref.b, [&](ValuesFn fn, uint8_t* dst, int64_t cap) { return empty.call(fn, dst, cap); });

    // msgpack-cxx writes integral floats as integers, like integral doubles (see test_float64).
    const uint8_t kinds[] = {MPN_V_FLOAT32};
    float two = 2.0f;
    uint64_t bits = 0;
    std::memcpy(&bits, &two, 4);
    Bytes a(16), c(16);
    CHECK(mpn_msgpuck_encode_values(kinds, &bits, nullptr, 1, a.data(), 16) == 5 && a[0] == 0xca, "msgpuck float32 of 2.0");
    CHECK(mpn_cxx_encode_values(kinds, &bits, nullptr, 1, c.data(), 16) == 1 && c[0] == 0x02,
          "msgpack-cxx integral-float behaviour changed");

    // invalid arguments are rejected before anything is written, the same way by both
    const uint8_t bad_kind[] = {42};
    const uint8_t str_kind[] = {MPN_V_STR};
    const uint8_t arr_kind[] = {MPN_V_ARRAY};
    const uint64_t one = 1, huge = uint64_t(UINT32_MAX) + 1;
    const uint8_t* null_ptr[] = {nullptr};
    for (const auto& e : kValues) {
        Bytes buf(16, 0xAA);
        CHECK(e.fn(bad_kind, &one, nullptr, 1, buf.data(), 16) == MPN_E_INVALID_ARG, "%s unknown kind", e.name);
        CHECK(e.fn(str_kind, &one, null_ptr, 1, buf.data(), 16) == MPN_E_INVALID_ARG, "%s str without bytes", e.name);
        CHECK(e.fn(arr_kind, &huge, nullptr, 1, buf.data(), 16) == MPN_E_INVALID_ARG, "%s array of 2^32 items", e.name);
        CHECK(e.fn(kinds, &bits, nullptr, -1, buf.data(), 16) == MPN_E_INVALID_ARG, "%s count -1", e.name);
        CHECK(buf[0] == 0xAA, "%s wrote on invalid arguments", e.name);
    }
}

void test_validate_misc()
{
    int64_t consumed = 0;
    // msgpuck 1.0.3 quirk (documented in README): the never-used byte 0xc1
    // is treated as a 1-byte value and ACCEPTED by mp_check.
    const Bytes never_used = {0xc1};
    CHECK(mpn_msgpuck_check(never_used.data(), 1, &consumed) == 0 && consumed == 1,
          "msgpuck 0xc1 behaviour changed (rc/consumed %lld)", (long long)consumed);
    const Bytes bad_str = {0xd9, 0x05, 'a', 'b'}; // str8 claims 5 bytes, has 2
    CHECK(mpn_msgpuck_check(bad_str.data(), 4, &consumed) == 1 && consumed == MPN_E_MALFORMED,
          "mp_check must reject a short str8");
    const Bytes nested = {0x92, 0x91, 0xc0, 0x81, 0xa1, 'k', 0xc3};
    CHECK(mpn_msgpuck_check(nested.data(), 7, &consumed) == 0 && consumed == 7, "nested valid");
    CHECK(mpn_msgpuck_check(nested.data(), 6, nullptr) == 1, "nested truncated");
    CHECK(mpn_msgpuck_check(nullptr, 5, &consumed) == MPN_E_INVALID_ARG, "NULL data");
    CHECK(mpn_msgpuck_next(nested.data(), 3) == MPN_E_TRUNCATED, "mp_next past len");

    mpn_empty();
    CHECK(mpn_empty_args(nested.data(), 1234) == 1234, "mpn_empty_args");
    CHECK(mpn_abi_version() == MPN_ABI_VERSION, "abi version");
    const char* v = mpn_versions();
    CHECK(v && std::strstr(v, "msgpuck") && std::strstr(v, "msgpack-cxx"), "versions");
    std::printf("versions: %s\n", v ? v : "(null)");
}

// A document for mpn_msgpuck_walk with its expected checksum, computed here while the bytes are written (the
// definition of msgpack_native.h: wrapping sum of integers, floats truncated, payload lengths, counts, +1 per true
// and nil), so that the walk is checked against something it did not compute itself.
struct WalkDoc {
    Ref ref;
    uint64_t sum = 0;
    void nil() { ref.nil(); sum += 1; }
    void boolean(bool v) { ref.boolean(v); sum += v ? 1 : 0; }
    void uint(uint64_t v) { ref.uint(v); sum += v; }
    void sint(int64_t v) { ref.sint(v); sum += static_cast<uint64_t>(v); }
    void f32(float f) { ref.f32(f); sum += static_cast<uint64_t>(static_cast<int64_t>(f)); }
    void f64(double d) { ref.f64(d); sum += static_cast<uint64_t>(static_cast<int64_t>(d)); }
    void str(uint32_t n)
    {
        const Bytes text(n, 's');
        ref.str(text.data(), n);
        sum += n;
    }
    void bin(uint32_t n)
    {
        Bytes payload(n);
        for (uint32_t i = 0; i < n; i++)
            payload[i] = static_cast<uint8_t>(i * 7);
        ref.bin(payload.data(), n);
        sum += n;
    }
    // Smallest ext form: fixext for 1, 2, 4, 8, 16 bytes, else ext 8 / 16 / 32 (Ref has no ext).
    void ext(int8_t type, uint32_t n)
    {
        switch (n) {
        case 1: ref.u8(0xd4); break;
        case 2: ref.u8(0xd5); break;
        case 4: ref.u8(0xd6); break;
        case 8: ref.u8(0xd7); break;
        case 16: ref.u8(0xd8); break;
        default:
            if (n <= 0xff) { ref.u8(0xc7); ref.be(n, 1); }
            else if (n <= 0xffff) { ref.u8(0xc8); ref.be(n, 2); }
            else { ref.u8(0xc9); ref.be(n, 4); }
        }
        ref.u8(static_cast<uint8_t>(type));
        for (uint32_t i = 0; i < n; i++)
            ref.u8(static_cast<uint8_t>(i));
        sum += n;
    }
    void array(uint32_t n) { ref.array(n); sum += n; }
    void map(uint32_t n) { ref.map(n); sum += n; }
};

void check_walk(const char* what, const Bytes& doc, int64_t want)
{
    const int64_t size = static_cast<int64_t>(doc.size());
    int64_t checksum = -42;
    int64_t rc = mpn_msgpuck_walk(doc.data(), size, &checksum);
    CHECK(rc == size && checksum == want, "%s: walk returned %lld (size %lld), checksum %lld, want %lld", what,
          (long long)rc, (long long)size, (long long)checksum, (long long)want);
    CHECK(mpn_msgpuck_walk(doc.data(), size, nullptr) == size, "%s: walk with a NULL checksum", what);
    Bytes trailing = doc;
    trailing.push_back(0xc1); // never read: the document ends before it
    checksum = -42;
    rc = mpn_msgpuck_walk(trailing.data(), size + 1, &checksum);
    CHECK(rc == size && checksum == want, "%s: trailing bytes changed the walk (%lld)", what, (long long)rc);
    const size_t step = doc.size() > 4096 ? doc.size() / 512 + 1 : 1;
    for (size_t cut = 1; cut < doc.size(); cut += step) {
        Bytes prefix(doc.begin(), doc.begin() + cut); // exact-size heap copy: ASan sees any read past it
        checksum = 42;
        rc = mpn_msgpuck_walk(prefix.data(), static_cast<int64_t>(cut), &checksum);
        CHECK(rc == MPN_E_TRUNCATED && checksum == 0, "%s: prefix %zu/%zu -> %lld (want MPN_E_TRUNCATED)", what, cut,
              doc.size(), (long long)rc);
    }
    CHECK(mpn_msgpuck_walk(doc.data(), 0, &checksum) == MPN_E_INVALID_ARG, "%s: empty input", what);
}

void test_walk()
{
    WalkDoc d;
    d.map(5);
    d.str(3);
    d.array(9);
    d.nil();
    d.boolean(true);
    d.boolean(false);
    d.f32(-2.75f);
    d.f64(1e15 + 0.5);
    d.f64(-0.999);
    d.array(0);
    d.map(0);
    d.nil();
    d.str(5);
    d.array(static_cast<uint32_t>(22));
    for (uint64_t u : {uint64_t(0), uint64_t(0x7f), uint64_t(0x80), uint64_t(0xffff), uint64_t(0x10000),
                       uint64_t(0xffffffffu), uint64_t(0x100000000ULL), uint64_t(INT64_MAX), uint64_t(INT64_MAX) + 1,
                       UINT64_MAX, uint64_t(1234567890123ULL)})
        d.uint(u);
    for (int64_t i : {int64_t(-1), int64_t(-32), int64_t(-33), int64_t(INT8_MIN), int64_t(INT8_MIN) - 1,
                      int64_t(INT16_MIN), int64_t(INT16_MIN) - 1, int64_t(INT32_MIN), int64_t(INT32_MIN) - 1,
                      INT64_MIN, int64_t(-12345)})
        d.sint(i);
    d.str(31);
    d.map(17);
    for (int i = 0; i < 17; i++) {
        d.str(static_cast<uint32_t>(i == 3 ? 40 : i == 5 ? 300 : i == 7 ? 70000 : i));
        d.bin(static_cast<uint32_t>(i == 2 ? 300 : i == 4 ? 70000 : i));
    }
    d.str(4);
    d.array(12);
    for (uint32_t n : {1u, 2u, 4u, 8u, 16u, 0u, 3u, 12u, 200u, 300u, 70000u})
        d.ext(n == 12 ? int8_t(-1) : int8_t(n % 100), n);
    d.ext(-1, 8); // a timestamp 64: to the walk an ext like any other
    d.uint(7);
    d.array(2);
    d.array(1);
    d.array(1);
    d.nil();
    d.sint(-5);
    check_walk("walk", d.ref.b, static_cast<int64_t>(d.sum));

    // The seed: the array count plus the sum of the values.
    Ref seed;
    seed.array(100);
    int64_t seed_sum = 100;
    for (int i = 0; i < 100; i++) {
        seed.sint((1 << 30) - i);
        seed_sum += (1 << 30) - i;
    }
    check_walk("walk-seed", seed.b, seed_sum);
    check_walk("walk-scalar", Bytes{0x05}, 5);

    int64_t checksum = 42;
    const Bytes never_used = {0x92, 0x01, 0xc1};
    CHECK(mpn_msgpuck_walk(never_used.data(), 3, &checksum) == MPN_E_MALFORMED && checksum == 0, "walk: 0xc1 accepted");
    const Bytes huge = {0xdd, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02}; // array 32 of 2^32-1 items in 7 bytes
    CHECK(mpn_msgpuck_walk(huge.data(), 7, &checksum) == MPN_E_TRUNCATED, "walk: count beyond the input accepted");
    const Bytes huge_map = {0xdf, 0x80, 0x00, 0x00, 0x00, 0x01};
    CHECK(mpn_msgpuck_walk(huge_map.data(), 6, &checksum) == MPN_E_TRUNCATED, "walk: map count beyond the input accepted");
    CHECK(mpn_msgpuck_walk(nullptr, 5, &checksum) == MPN_E_INVALID_ARG, "walk: NULL data");
}

} // namespace

void test_bulk_arrays()
{
    // int32: the smallest header (fixarray, array 16, array 32), each value in its smallest form, and back.
    for (int32_t count : {0, 15, 16, 70000}) {
        std::vector<int32_t> values(static_cast<size_t>(count));
        for (int32_t i = 0; i < count; i++)
            values[static_cast<size_t>(i)] = (i % 3 == 0) ? -i : (i * 7919) ^ (i << 20);
        Bytes buffer(static_cast<size_t>(5 + 5 * (int64_t)count));
        int64_t n = mpn_msgpuck_encode_int32_array(values.data(), count, buffer.data(), (int64_t)buffer.size());
        CHECK(n > 0 || count == 0, "encode_int32_array(%d) returned %lld", count, (long long)n);
        Bytes header(5);
        uint32_t expected_header = count <= 15 ? 1u : count <= 0xffff ? 3u : 5u;
        CHECK(n >= (int64_t)expected_header, "encode_int32_array(%d): %lld bytes", count, (long long)n);
        CHECK(count > 15 || buffer[0] == (uint8_t)(0x90 | count), "encode_int32_array(%d): fixarray header", count);
        std::vector<int32_t> back(static_cast<size_t>(count) + 1);
        int64_t consumed = 0;
        int64_t got = mpn_msgpuck_decode_int32_array_into(buffer.data(), n, back.data(), (int64_t)back.size(), &consumed);
        CHECK(got == count && consumed == n, "decode_int32_array_into(%d): %lld, consumed %lld", count, (long long)got, (long long)consumed);
        CHECK(std::equal(values.begin(), values.end(), back.begin()), "decode_int32_array_into(%d): values", count);
        if (count > 0) {
            CHECK(mpn_msgpuck_decode_int32_array_into(buffer.data(), n, back.data(), count - 1, &consumed) == MPN_E_BUFFER_TOO_SMALL,
                  "decode_int32_array_into(%d): short output", count);
            CHECK(mpn_msgpuck_decode_int32_array_into(buffer.data(), n - 1, back.data(), count, &consumed) == MPN_E_TRUNCATED,
                  "decode_int32_array_into(%d): cut input", count);
        }
    }
    const Bytes too_large = {0x91, 0xce, 0x80, 0x00, 0x00, 0x00};
    int32_t one = 0;
    CHECK(mpn_msgpuck_decode_int32_array_into(too_large.data(), (int64_t)too_large.size(), &one, 1, nullptr) == MPN_E_TYPE,
          "decode_int32_array_into: uint 32 above INT32_MAX");

    // float64: float 64 and float 32 elements into doubles.
    const Bytes doubles = {0x92, 0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0, 0xca, 0xc0, 0x10, 0x00, 0x00};
    double out[2] = {0, 0};
    int64_t consumed = 0;
    CHECK(mpn_msgpuck_decode_float64_array_into(doubles.data(), (int64_t)doubles.size(), out, 2, &consumed) == 2
              && consumed == (int64_t)doubles.size() && out[0] == 1.5 && out[1] == -2.25,
          "decode_float64_array_into: 1.5 and -2.25");
    CHECK(mpn_msgpuck_decode_float64_array_into(doubles.data(), 5, out, 2, &consumed) == MPN_E_TRUNCATED, "decode_float64_array_into: cut");
}

int main()
{
    test_seed();
    test_int64();
    test_strings();
    test_bin();
    test_float64();
    test_tarantool();
    test_uint64();
    test_values();
    test_validate_misc();
    test_walk();
    test_bulk_arrays();
    std::printf("%d checks, %d failures\n", g_checks, g_failures);
    return g_failures == 0 ? 0 : 1;
}
