/*
 * msgpuck variants of the msgpack_native entry points.
 *
 * Debian ships msgpuck as a header plus a NON-PIC static archive
 * (libmsgpuck.a), which cannot be linked into a shared object. msgpuck is
 * designed so that exactly one translation unit defines MP_SOURCE before
 * including msgpuck.h: that unit then emits the out-of-line (external)
 * definitions of every inline function and the parser tables
 * (mp_type_hint, mp_parser_hint, mp_char2escape). This file is that unit.
 * The symbols are compiled with hidden visibility, so they do not leak out of
 * libmsgpack_native.so (tests/check_symbols.sh verifies they are defined).
 */
#define MP_SOURCE 1
#include <msgpuck.h>

#include <string.h>

#include "msgpack_native.h"
#include "mpn_internal.h"

/* ------------------------------------------------------------------ */
/* helpers                                                             */
/* ------------------------------------------------------------------ */

static inline char* enc_int(char* w, int64_t v)
{
    /* msgpuck convention: mp_encode_uint for v >= 0, mp_encode_int for v < 0 */
    return v >= 0 ? mp_encode_uint(w, (uint64_t)v) : mp_encode_int(w, v);
}

static inline uint32_t sizeof_int(int64_t v)
{
    return v >= 0 ? mp_sizeof_uint((uint64_t)v) : mp_sizeof_int(v);
}

/* ------------------------------------------------------------------ */
/* encoders                                                            */
/* ------------------------------------------------------------------ */

MPN_API int64_t mpn_msgpuck_encode_seed(const int32_t* values, int32_t count, uint8_t* dst, int64_t capacity)
{
    if (count < 0 || count > 0xffff || (count > 0 && !values) || !dst || capacity < 0)
        return MPN_E_INVALID_ARG;
    /* Fast path: worst case (3 + 5 per int32) fits -> no per-value checks. */
    if (capacity < 3 + 5 * (int64_t)count) {
        int64_t need = 3;
        for (int32_t i = 0; i < count; i++)
            need += sizeof_int(values[i]);
        if (capacity < need)
            return MPN_E_BUFFER_TOO_SMALL;
    }
    char* w = (char*)dst;
    /* The seed workload always uses an array16 header (0xdc + be16). */
    w = mp_store_u8(w, 0xdc);
    w = mp_store_u16(w, (uint16_t)count);
    for (int32_t i = 0; i < count; i++)
        w = enc_int(w, values[i]);
    return w - (char*)dst;
}

MPN_API int64_t mpn_msgpuck_encode_int64_array(const int64_t* values, int32_t count, uint8_t* dst, int64_t capacity)
{
    if (count < 0 || (count > 0 && !values) || !dst || capacity < 0)
        return MPN_E_INVALID_ARG;
    if (capacity < 5 + 9 * (int64_t)count) {
        int64_t need = mp_sizeof_array((uint32_t)count);
        for (int32_t i = 0; i < count; i++)
            need += sizeof_int(values[i]);
        if (capacity < need)
            return MPN_E_BUFFER_TOO_SMALL;
    }
    char* w = mp_encode_array((char*)dst, (uint32_t)count);
    for (int32_t i = 0; i < count; i++)
        w = enc_int(w, values[i]);
    return w - (char*)dst;
}

MPN_API int64_t mpn_msgpuck_encode_string_array(const uint8_t* const* ptrs, const int32_t* lens, int32_t count,
                                                uint8_t* dst, int64_t capacity)
{
    if (count < 0 || (count > 0 && (!ptrs || !lens)) || !dst || capacity < 0)
        return MPN_E_INVALID_ARG;
    char* w = (char*)dst;
    const char* end = w + capacity;
    if (end - w < (ptrdiff_t)mp_sizeof_array((uint32_t)count))
        return MPN_E_BUFFER_TOO_SMALL;
    w = mp_encode_array(w, (uint32_t)count);
    for (int32_t i = 0; i < count; i++) {
        int32_t len = lens[i];
        if (len < 0 || (len > 0 && !ptrs[i]))
            return MPN_E_INVALID_ARG;
        if (end - w < (ptrdiff_t)mp_sizeof_str((uint32_t)len))
            return MPN_E_BUFFER_TOO_SMALL;
        w = mp_encode_str(w, len ? (const char*)ptrs[i] : "", (uint32_t)len);
    }
    return w - (char*)dst;
}

MPN_API int64_t mpn_msgpuck_encode_string(const uint8_t* str, int32_t len, uint8_t* dst, int64_t capacity)
{
    if (len < 0 || (len > 0 && !str) || !dst || capacity < 0)
        return MPN_E_INVALID_ARG;
    if (capacity < (int64_t)mp_sizeof_str((uint32_t)len))
        return MPN_E_BUFFER_TOO_SMALL;
    /* msgpuck memcpy()s the payload unconditionally: never pass NULL. */
    char* w = mp_encode_str((char*)dst, len ? (const char*)str : "", (uint32_t)len);
    return w - (char*)dst;
}

MPN_API int64_t mpn_msgpuck_encode_bin(const uint8_t* payload, int32_t len, uint8_t* dst, int64_t capacity)
{
    if (len < 0 || (len > 0 && !payload) || !dst || capacity < 0)
        return MPN_E_INVALID_ARG;
    if (capacity < (int64_t)mp_sizeof_bin((uint32_t)len))
        return MPN_E_BUFFER_TOO_SMALL;
    char* w = mp_encode_bin((char*)dst, len ? (const char*)payload : "", (uint32_t)len);
    return w - (char*)dst;
}

MPN_API int64_t mpn_msgpuck_encode_float64_array(const double* values, int32_t count, uint8_t* dst, int64_t capacity)
{
    if (count < 0 || (count > 0 && !values) || !dst || capacity < 0)
        return MPN_E_INVALID_ARG;
    if (capacity < (int64_t)mp_sizeof_array((uint32_t)count) + 9 * (int64_t)count)
        return MPN_E_BUFFER_TOO_SMALL;
    char* w = mp_encode_array((char*)dst, (uint32_t)count);
    for (int32_t i = 0; i < count; i++)
        w = mp_encode_double(w, values[i]);
    return w - (char*)dst;
}

MPN_API int64_t mpn_msgpuck_encode_tarantool(uint32_t type, uint64_t sync, uint32_t space_id, int64_t key,
                                             uint8_t* dst, int64_t capacity)
{
    if (!dst || capacity < 0)
        return MPN_E_INVALID_ARG;
    /* worst case: 1+1+5 +1+9 | 1+1+5 +1+1+9 = 35 */
    if (capacity < 35) {
        int64_t need = 1 + 1 + mp_sizeof_uint(type) + 1 + mp_sizeof_uint(sync)
                     + 1 + 1 + mp_sizeof_uint(space_id) + 1 + 1 + sizeof_int(key);
        if (capacity < need)
            return MPN_E_BUFFER_TOO_SMALL;
    }
    char* w = (char*)dst;
    w = mp_encode_map(w, 2);
    w = mp_encode_uint(w, 0x00);      /* IPROTO_REQUEST_TYPE */
    w = mp_encode_uint(w, type);
    w = mp_encode_uint(w, 0x01);      /* IPROTO_SYNC */
    w = mp_encode_uint(w, sync);
    w = mp_encode_map(w, 2);
    w = mp_encode_uint(w, 0x10);      /* IPROTO_SPACE_ID */
    w = mp_encode_uint(w, space_id);
    w = mp_encode_uint(w, 0x20);      /* IPROTO_KEY */
    w = mp_encode_array(w, 1);
    w = enc_int(w, key);
    return w - (char*)dst;
}

MPN_API int64_t mpn_msgpuck_encode_uint64_array(const uint64_t* values, int32_t count, uint8_t* dst, int64_t capacity)
{
    if (count < 0 || (count > 0 && !values) || !dst || capacity < 0)
        return MPN_E_INVALID_ARG;
    if (capacity < 5 + 9 * (int64_t)count) {
        int64_t need = mp_sizeof_array((uint32_t)count);
        for (int32_t i = 0; i < count; i++)
            need += mp_sizeof_uint(values[i]);
        if (capacity < need)
            return MPN_E_BUFFER_TOO_SMALL;
    }
    char* w = mp_encode_array((char*)dst, (uint32_t)count);
    for (int32_t i = 0; i < count; i++)
        w = mp_encode_uint(w, values[i]);
    return w - (char*)dst;
}

/* Size of item i of a value stream (mpn_*_encode_values), or MPN_E_INVALID_ARG. */
static int64_t value_size(uint8_t kind, uint64_t word, const uint8_t* const* ptrs, int32_t i)
{
    switch (kind) {
    case MPN_V_NIL:     return mp_sizeof_nil();
    case MPN_V_BOOL:    return mp_sizeof_bool(word != 0);
    case MPN_V_UINT:    return mp_sizeof_uint(word);
    case MPN_V_INT:     return sizeof_int((int64_t)word);
    case MPN_V_FLOAT32: return mp_sizeof_float(0.0f);
    case MPN_V_FLOAT64: return mp_sizeof_double(0.0);
    case MPN_V_STR:
    case MPN_V_BIN:
        if (word > UINT32_MAX || (word > 0 && (!ptrs || !ptrs[i])))
            return MPN_E_INVALID_ARG;
        return kind == MPN_V_STR ? (int64_t)mp_sizeof_str((uint32_t)word) : (int64_t)mp_sizeof_bin((uint32_t)word);
    case MPN_V_ARRAY:
    case MPN_V_MAP:
        if (word > UINT32_MAX)
            return MPN_E_INVALID_ARG;
        return kind == MPN_V_ARRAY ? mp_sizeof_array((uint32_t)word) : mp_sizeof_map((uint32_t)word);
    default:
        return MPN_E_INVALID_ARG;
    }
}

MPN_API int64_t mpn_msgpuck_encode_values(const uint8_t* kinds, const uint64_t* words, const uint8_t* const* ptrs,
                                          int32_t count, uint8_t* dst, int64_t capacity)
{
    if (count < 0 || (count > 0 && (!kinds || !words)) || !dst || capacity < 0)
        return MPN_E_INVALID_ARG;
    /* One pass for the arguments and the exact size, so that nothing is written on error. */
    int64_t need = 0;
    for (int32_t i = 0; i < count; i++) {
        int64_t size = value_size(kinds[i], words[i], ptrs, i);
        if (size < 0)
            return size;
        need += size;
    }
    if (capacity < need)
        return MPN_E_BUFFER_TOO_SMALL;
    char* w = (char*)dst;
    for (int32_t i = 0; i < count; i++) {
        const uint64_t word = words[i];
        switch (kinds[i]) {
        case MPN_V_NIL:     w = mp_encode_nil(w); break;
        case MPN_V_BOOL:    w = mp_encode_bool(w, word != 0); break;
        case MPN_V_UINT:    w = mp_encode_uint(w, word); break;
        case MPN_V_INT:     w = enc_int(w, (int64_t)word); break;
        case MPN_V_FLOAT32: {
            const uint32_t bits = (uint32_t)word;
            float f;
            memcpy(&f, &bits, sizeof f);
            w = mp_encode_float(w, f);
            break;
        }
        case MPN_V_FLOAT64: {
            double d;
            memcpy(&d, &word, sizeof d);
            w = mp_encode_double(w, d);
            break;
        }
        case MPN_V_STR:     w = mp_encode_str(w, word ? (const char*)ptrs[i] : "", (uint32_t)word); break;
        case MPN_V_BIN:     w = mp_encode_bin(w, word ? (const char*)ptrs[i] : "", (uint32_t)word); break;
        case MPN_V_ARRAY:   w = mp_encode_array(w, (uint32_t)word); break;
        default:            w = mp_encode_map(w, (uint32_t)word); break;
        }
    }
    return w - (char*)dst;
}

/* ------------------------------------------------------------------ */
/* decoders                                                            */
/* ------------------------------------------------------------------ */

#define FAIL(code)                                      \
    do {                                                \
        if (out_count) *out_count = 0;                  \
        if (out_consumed) *out_consumed = (code);       \
        return 0;                                       \
    } while (0)

#define SUCCEED(count, consumed, result)                \
    do {                                                \
        if (out_count) *out_count = (count);            \
        if (out_consumed) *out_consumed = (consumed);   \
        return (result);                                \
    } while (0)

/* Validates the arguments and the array header; leaves r after the header. */
#define READ_ARRAY_HEADER(n)                                        \
    if (!data || len < 0) FAIL(MPN_E_INVALID_ARG);                  \
    if (len == 0) FAIL(MPN_E_TRUNCATED);                            \
    const char* r = (const char*)data;                              \
    const char* end = r + len;                                      \
    if (mp_typeof(*r) != MP_ARRAY) FAIL(MPN_E_TYPE);                \
    if (mp_check_array(r, end) > 0) FAIL(MPN_E_TRUNCATED);          \
    uint32_t n = mp_decode_array(&r)

MPN_API int64_t mpn_msgpuck_decode_seed(const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed)
{
    READ_ARRAY_HEADER(n);
    int64_t sum = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (r >= end)
            FAIL(MPN_E_TRUNCATED);
        switch (mp_typeof(*r)) {
        case MP_UINT: {
            if (mp_check_uint(r, end) > 0)
                FAIL(MPN_E_TRUNCATED);
            uint64_t u = mp_decode_uint(&r);
            if (u > INT32_MAX)
                FAIL(MPN_E_TYPE);
            sum += (int64_t)u;
            break;
        }
        case MP_INT: {
            if (mp_check_int(r, end) > 0)
                FAIL(MPN_E_TRUNCATED);
            int64_t s = mp_decode_int(&r);
            if (s < INT32_MIN)
                FAIL(MPN_E_TYPE);
            sum += s;
            break;
        }
        default:
            FAIL(MPN_E_TYPE);
        }
    }
    SUCCEED((int64_t)n, r - (const char*)data, sum);
}

MPN_API int64_t mpn_msgpuck_decode_int64_array(const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed)
{
    READ_ARRAY_HEADER(n);
    uint64_t sum = 0; /* wrapping sum */
    for (uint32_t i = 0; i < n; i++) {
        if (r >= end)
            FAIL(MPN_E_TRUNCATED);
        switch (mp_typeof(*r)) {
        case MP_UINT: {
            if (mp_check_uint(r, end) > 0)
                FAIL(MPN_E_TRUNCATED);
            uint64_t u = mp_decode_uint(&r);
            if (u > INT64_MAX)
                FAIL(MPN_E_TYPE);
            sum += u;
            break;
        }
        case MP_INT:
            if (mp_check_int(r, end) > 0)
                FAIL(MPN_E_TRUNCATED);
            sum += (uint64_t)mp_decode_int(&r);
            break;
        default:
            FAIL(MPN_E_TYPE);
        }
    }
    SUCCEED((int64_t)n, r - (const char*)data, (int64_t)sum);
}

MPN_API int64_t mpn_msgpuck_decode_string_array(const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed)
{
    READ_ARRAY_HEADER(n);
    int64_t sum = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (r >= end)
            FAIL(MPN_E_TRUNCATED);
        if (mp_typeof(*r) != MP_STR)
            FAIL(MPN_E_TYPE);
        if (mp_check_strl(r, end) > 0)
            FAIL(MPN_E_TRUNCATED);
        uint32_t l = mp_decode_strl(&r);
        if ((uint64_t)(end - r) < l)
            FAIL(MPN_E_TRUNCATED);
        r += l;
        sum += l;
    }
    SUCCEED((int64_t)n, r - (const char*)data, sum);
}

MPN_API int64_t mpn_msgpuck_decode_bin(const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed)
{
    if (!data || len < 0)
        FAIL(MPN_E_INVALID_ARG);
    if (len == 0)
        FAIL(MPN_E_TRUNCATED);
    const char* r = (const char*)data;
    const char* end = r + len;
    if (mp_typeof(*r) != MP_BIN)
        FAIL(MPN_E_TYPE);
    if (mp_check_binl(r, end) > 0)
        FAIL(MPN_E_TRUNCATED);
    uint32_t l = mp_decode_binl(&r);
    if ((uint64_t)(end - r) < l)
        FAIL(MPN_E_TRUNCATED);
    r += l;
    SUCCEED(1, r - (const char*)data, (int64_t)l);
}

MPN_API double mpn_msgpuck_decode_float64_array(const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed)
{
    READ_ARRAY_HEADER(n);
    double sum = 0.0;
    for (uint32_t i = 0; i < n; i++) {
        if (r >= end)
            FAIL(MPN_E_TRUNCATED);
        switch (mp_typeof(*r)) {
        case MP_DOUBLE:
            if (mp_check_double(r, end) > 0)
                FAIL(MPN_E_TRUNCATED);
            sum += mp_decode_double(&r);
            break;
        case MP_FLOAT:
            if (mp_check_float(r, end) > 0)
                FAIL(MPN_E_TRUNCATED);
            sum += (double)mp_decode_float(&r);
            break;
        default:
            FAIL(MPN_E_TYPE);
        }
    }
    SUCCEED((int64_t)n, r - (const char*)data, sum);
}

/* ------------------------------------------------------------------ */
/* walk                                                                */
/* ------------------------------------------------------------------ */

/* The header of an ext (msgpuck 1.0.3 has no mp_decode_extl): the payload
 * length, with r moved past the code, the length and the type byte. The
 * caller has checked that c = *r is an ext code (0xc7..0xc9, 0xd4..0xd8). Returns
 * -1 when the header itself runs past end. */
static inline int64_t walk_extl(const char** r, const char* end)
{
    const char* p = *r;
    uint8_t c = mp_load_u8(&p);
    uint32_t l;
    if (c >= 0xd4) {                    /* fixext 1, 2, 4, 8, 16 */
        l = 1u << (c - 0xd4);
    } else {                            /* ext 8, 16, 32: 1, 2, 4 length bytes */
        uint32_t size = 1u << (c - 0xc7);
        if (end - p < (ptrdiff_t)size)
            return -1;
        l = c == 0xc7 ? mp_load_u8(&p) : c == 0xc8 ? mp_load_u16(&p) : mp_load_u32(&p);
    }
    if (end - p < 1)                    /* the type byte */
        return -1;
    p++;
    *r = p;
    return l;
}

/* WALK_PENDING: every value still to visit takes one byte at least, so a
 * count beyond the bytes left is a truncation, found at the header rather than
 * after the last byte; it also keeps pending below len (no overflow). Checked
 * only where pending grows (array and map headers), so the scalars' path has
 * no more work than the C# rows'. */
MPN_API int64_t mpn_msgpuck_walk(const uint8_t* data, int64_t len, int64_t* out_checksum)
{
    if (out_checksum) *out_checksum = 0;
    if (!data || len <= 0)
        return MPN_E_INVALID_ARG;
    const char* r = (const char*)data;
    const char* end = r + len;
    uint64_t sum = 0;      /* wrapping, as the C# rows' unchecked long */
    int64_t pending = 1;   /* values still to visit: no recursion, no stack */
    while (pending > 0) {
        pending--;
        if (r >= end)
            return MPN_E_TRUNCATED;
        switch (mp_typeof(*r)) {
        case MP_NIL:
            mp_decode_nil(&r);
            sum += 1;
            break;
        case MP_BOOL:
            sum += mp_decode_bool(&r) ? 1 : 0;
            break;
        case MP_UINT:
            if (mp_check_uint(r, end) > 0)
                return MPN_E_TRUNCATED;
            sum += mp_decode_uint(&r);           /* above INT64_MAX: its bits */
            break;
        case MP_INT:
            if (mp_check_int(r, end) > 0)
                return MPN_E_TRUNCATED;
            sum += (uint64_t)mp_decode_int(&r);
            break;
        case MP_FLOAT:
            if (mp_check_float(r, end) > 0)
                return MPN_E_TRUNCATED;
            sum += (uint64_t)(int64_t)mp_decode_float(&r);   /* truncation toward zero */
            break;
        case MP_DOUBLE:
            if (mp_check_double(r, end) > 0)
                return MPN_E_TRUNCATED;
            sum += (uint64_t)(int64_t)mp_decode_double(&r);
            break;
        case MP_STR: {
            if (mp_check_strl(r, end) > 0)
                return MPN_E_TRUNCATED;
            uint32_t l = mp_decode_strl(&r);
            if ((uint64_t)(end - r) < l)
                return MPN_E_TRUNCATED;
            r += l;
            sum += l;
            break;
        }
        case MP_BIN: {
            if (mp_check_binl(r, end) > 0)
                return MPN_E_TRUNCATED;
            uint32_t l = mp_decode_binl(&r);
            if ((uint64_t)(end - r) < l)
                return MPN_E_TRUNCATED;
            r += l;
            sum += l;
            break;
        }
        case MP_ARRAY: {
            if (mp_check_array(r, end) > 0)
                return MPN_E_TRUNCATED;
            uint32_t n = mp_decode_array(&r);
            sum += n;
            pending += n;
            if (pending > end - r)   /* WALK_PENDING */
                return MPN_E_TRUNCATED;
            break;
        }
        case MP_MAP: {
            if (mp_check_map(r, end) > 0)
                return MPN_E_TRUNCATED;
            uint32_t n = mp_decode_map(&r);
            sum += n;
            pending += 2 * (int64_t)n;
            if (pending > end - r)   /* WALK_PENDING */
                return MPN_E_TRUNCATED;
            break;
        }
        case MP_EXT: {
            /* mp_typeof calls the never-used 0xc1 an ext: it is malformed. */
            if ((uint8_t)*r == 0xc1)
                return MPN_E_MALFORMED;
            int64_t l = walk_extl(&r, end);
            if (l < 0 || end - r < l)
                return MPN_E_TRUNCATED;
            r += l;
            sum += (uint64_t)l;
            break;
        }
        default:
            return MPN_E_MALFORMED;
        }
    }
    if (out_checksum) *out_checksum = (int64_t)sum;
    return r - (const char*)data;
}

/* ------------------------------------------------------------------ */
/* skip / validate                                                     */
/* ------------------------------------------------------------------ */

MPN_API int64_t mpn_msgpuck_next(const uint8_t* data, int64_t len)
{
    if (!data || len <= 0)
        return MPN_E_INVALID_ARG;
    const char* r = (const char*)data;
    mp_next(&r);
    int64_t size = r - (const char*)data;
    return size <= len ? size : MPN_E_TRUNCATED;
}

MPN_API int32_t mpn_msgpuck_check(const uint8_t* data, int64_t len, int64_t* out_consumed)
{
    if (!data || len <= 0) {
        if (out_consumed) *out_consumed = MPN_E_INVALID_ARG;
        return MPN_E_INVALID_ARG;
    }
    const char* r = (const char*)data;
    if (mp_check(&r, (const char*)data + len) != 0) {
        if (out_consumed) *out_consumed = MPN_E_MALFORMED;
        return 1;
    }
    if (out_consumed) *out_consumed = r - (const char*)data;
    return 0;
}

/* ------------------------------------------------------------------ */
/* bulk arrays                                                         */
/* ------------------------------------------------------------------ */

MPN_API int64_t mpn_msgpuck_encode_int32_array(const int32_t* values, int32_t count, uint8_t* dst, int64_t capacity)
{
    if (count < 0 || (count > 0 && !values) || !dst || capacity < 0)
        return MPN_E_INVALID_ARG;
    /* Fast path: the worst case (5 + 5 per int32) fits -> no per-value checks. */
    if (capacity < 5 + 5 * (int64_t)count) {
        int64_t need = mp_sizeof_array((uint32_t)count);
        for (int32_t i = 0; i < count; i++)
            need += sizeof_int(values[i]);
        if (capacity < need)
            return MPN_E_BUFFER_TOO_SMALL;
    }
    char* w = mp_encode_array((char*)dst, (uint32_t)count);
    for (int32_t i = 0; i < count; i++)
        w = enc_int(w, values[i]);
    return w - (char*)dst;
}

/* The array header of a decode_*_into function; leaves r after it and n the count. */
#define READ_ARRAY_HEADER_INTO(n)                                   \
    if (!data || len < 0 || (out_capacity > 0 && !out)) return MPN_E_INVALID_ARG; \
    if (len == 0) return MPN_E_TRUNCATED;                           \
    const char* r = (const char*)data;                              \
    const char* end = r + len;                                      \
    if (mp_typeof(*r) != MP_ARRAY) return MPN_E_TYPE;               \
    if (mp_check_array(r, end) > 0) return MPN_E_TRUNCATED;         \
    uint32_t n = mp_decode_array(&r);                               \
    if ((int64_t)n > out_capacity) return MPN_E_BUFFER_TOO_SMALL

MPN_API int64_t mpn_msgpuck_decode_int32_array_into(const uint8_t* data, int64_t len, int32_t* out, int64_t out_capacity, int64_t* out_consumed)
{
    READ_ARRAY_HEADER_INTO(n);
    for (uint32_t i = 0; i < n; i++) {
        if (r >= end)
            return MPN_E_TRUNCATED;
        switch (mp_typeof(*r)) {
        case MP_UINT: {
            if (mp_check_uint(r, end) > 0)
                return MPN_E_TRUNCATED;
            uint64_t u = mp_decode_uint(&r);
            if (u > INT32_MAX)
                return MPN_E_TYPE;
            out[i] = (int32_t)u;
            break;
        }
        case MP_INT: {
            if (mp_check_int(r, end) > 0)
                return MPN_E_TRUNCATED;
            int64_t s = mp_decode_int(&r);
            if (s < INT32_MIN)
                return MPN_E_TYPE;
            out[i] = (int32_t)s;
            break;
        }
        default:
            return MPN_E_TYPE;
        }
    }
    if (out_consumed)
        *out_consumed = r - (const char*)data;
    return (int64_t)n;
}

MPN_API int64_t mpn_msgpuck_decode_float64_array_into(const uint8_t* data, int64_t len, double* out, int64_t out_capacity, int64_t* out_consumed)
{
    READ_ARRAY_HEADER_INTO(n);
    for (uint32_t i = 0; i < n; i++) {
        if (r >= end)
            return MPN_E_TRUNCATED;
        switch (mp_typeof(*r)) {
        case MP_DOUBLE:
            if (mp_check_double(r, end) > 0)
                return MPN_E_TRUNCATED;
            out[i] = mp_decode_double(&r);
            break;
        case MP_FLOAT:
            if (mp_check_float(r, end) > 0)
                return MPN_E_TRUNCATED;
            out[i] = (double)mp_decode_float(&r);
            break;
        default:
            return MPN_E_TYPE;
        }
    }
    if (out_consumed)
        *out_consumed = r - (const char*)data;
    return (int64_t)n;
}
