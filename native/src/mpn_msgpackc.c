/*
 * msgpack-c (C API) variants of the msgpack_native entry points.
 *
 * The msgpack_pack_* functions are static inline in <msgpack/pack.h>
 * (not exported by libmsgpackc), so the packing code is compiled here.
 * Two sinks:
 *   mpn_msgpackc_*         msgpack_packer whose write callback appends to
 *                          the caller's fixed buffer (no heap)
 *   mpn_msgpackc_sbuffer_* msgpack_sbuffer (heap, grown by realloc starting
 *                          at MSGPACK_SBUFFER_INIT_SIZE), then memcpy to dst
 * Decoders use msgpack_unpack_next() (libmsgpackc), which allocates a
 * msgpack_zone per call.
 */
#include <msgpack.h>
#include <string.h>

#include "msgpack_native.h"
#include "mpn_internal.h"

/* ------------------------------------------------------------------ */
/* sinks                                                               */
/* ------------------------------------------------------------------ */

typedef struct fixed_sink {
    char* p;
    char* end;
} fixed_sink;

/* msgpack_packer_write callback: append to a fixed buffer; -1 if full. */
static int fixed_sink_write(void* data, const char* buf, size_t len)
{
    fixed_sink* s = (fixed_sink*)data;
    if ((size_t)(s->end - s->p) < len)
        return -1;
    if (len)
        memcpy(s->p, buf, len);
    s->p += len;
    return 0;
}

/* Each body packs one workload through pk and returns 0, or non-zero if any
 * write callback failed. */
#define DEFINE_VARIANTS(workload, params, args, validate)                         \
    MPN_API int64_t mpn_msgpackc_encode_##workload params                         \
    {                                                                             \
        validate;                                                                 \
        fixed_sink sink = { (char*)dst, (char*)dst + capacity };                  \
        msgpack_packer pk;                                                        \
        msgpack_packer_init(&pk, &sink, fixed_sink_write);                        \
        if (body_##workload args != 0)                                            \
            return MPN_E_BUFFER_TOO_SMALL;                                        \
        return sink.p - (char*)dst;                                               \
    }                                                                             \
    MPN_API int64_t mpn_msgpackc_sbuffer_encode_##workload params                 \
    {                                                                             \
        validate;                                                                 \
        msgpack_sbuffer sb;                                                       \
        msgpack_sbuffer_init(&sb);                                                \
        msgpack_packer pk;                                                        \
        msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);                     \
        int64_t rc;                                                               \
        if (body_##workload args != 0)                                            \
            rc = MPN_E_ALLOC;                                                     \
        else if ((int64_t)sb.size > capacity)                                     \
            rc = MPN_E_BUFFER_TOO_SMALL;                                          \
        else {                                                                    \
            if (sb.size)                                                          \
                memcpy(dst, sb.data, sb.size);                                    \
            rc = (int64_t)sb.size;                                                \
        }                                                                         \
        msgpack_sbuffer_destroy(&sb);                                             \
        return rc;                                                                \
    }

/* ------------------------------------------------------------------ */
/* workload bodies                                                     */
/* ------------------------------------------------------------------ */

static inline int body_seed(msgpack_packer* pk, const int32_t* values, int32_t count)
{
    int rc;
    if (count >= 16) {
        rc = msgpack_pack_array(pk, (size_t)count); /* 16..65535 -> array16 */
    } else {
        /* msgpack-c would pick fixarray; the seed workload mandates array16. */
        const char hdr[3] = { (char)0xdc, 0, (char)count };
        rc = pk->callback(pk->data, hdr, 3);
    }
    for (int32_t i = 0; i < count; i++)
        rc |= msgpack_pack_int32(pk, values[i]);
    return rc;
}

static inline int body_int64_array(msgpack_packer* pk, const int64_t* values, int32_t count)
{
    int rc = msgpack_pack_array(pk, (size_t)count);
    for (int32_t i = 0; i < count; i++)
        rc |= msgpack_pack_int64(pk, values[i]);
    return rc;
}

static inline int body_string_array(msgpack_packer* pk, const uint8_t* const* ptrs, const int32_t* lens, int32_t count)
{
    int rc = msgpack_pack_array(pk, (size_t)count);
    for (int32_t i = 0; i < count; i++) {
        rc |= msgpack_pack_str(pk, (size_t)lens[i]);
        rc |= msgpack_pack_str_body(pk, ptrs[i], (size_t)lens[i]);
    }
    return rc;
}

static inline int body_string(msgpack_packer* pk, const uint8_t* str, int32_t len)
{
    int rc = msgpack_pack_str(pk, (size_t)len);
    rc |= msgpack_pack_str_body(pk, str, (size_t)len);
    return rc;
}

static inline int body_bin(msgpack_packer* pk, const uint8_t* payload, int32_t len)
{
    int rc = msgpack_pack_bin(pk, (size_t)len);
    rc |= msgpack_pack_bin_body(pk, payload, (size_t)len);
    return rc;
}

static inline int body_float64_array(msgpack_packer* pk, const double* values, int32_t count)
{
    int rc = msgpack_pack_array(pk, (size_t)count);
    for (int32_t i = 0; i < count; i++)
        rc |= msgpack_pack_double(pk, values[i]);
    return rc;
}

static inline int body_tarantool(msgpack_packer* pk, uint32_t type, uint64_t sync, uint32_t space_id, int64_t key)
{
    int rc = msgpack_pack_map(pk, 2);
    rc |= msgpack_pack_uint32(pk, 0x00);
    rc |= msgpack_pack_uint32(pk, type);
    rc |= msgpack_pack_uint32(pk, 0x01);
    rc |= msgpack_pack_uint64(pk, sync);
    rc |= msgpack_pack_map(pk, 2);
    rc |= msgpack_pack_uint32(pk, 0x10);
    rc |= msgpack_pack_uint32(pk, space_id);
    rc |= msgpack_pack_uint32(pk, 0x20);
    rc |= msgpack_pack_array(pk, 1);
    rc |= msgpack_pack_int64(pk, key);
    return rc;
}

static int strings_invalid(const uint8_t* const* ptrs, const int32_t* lens, int32_t count)
{
    if (count < 0 || (count > 0 && (!ptrs || !lens)))
        return 1;
    for (int32_t i = 0; i < count; i++)
        if (lens[i] < 0 || (lens[i] > 0 && !ptrs[i]))
            return 1;
    return 0;
}

#define CHECK_DST if (!dst || capacity < 0) return MPN_E_INVALID_ARG

DEFINE_VARIANTS(seed,
    (const int32_t* values, int32_t count, uint8_t* dst, int64_t capacity),
    (&pk, values, count),
    CHECK_DST; if (count < 0 || count > 0xffff || (count > 0 && !values)) return MPN_E_INVALID_ARG)

DEFINE_VARIANTS(int64_array,
    (const int64_t* values, int32_t count, uint8_t* dst, int64_t capacity),
    (&pk, values, count),
    CHECK_DST; if (count < 0 || (count > 0 && !values)) return MPN_E_INVALID_ARG)

DEFINE_VARIANTS(string_array,
    (const uint8_t* const* ptrs, const int32_t* lens, int32_t count, uint8_t* dst, int64_t capacity),
    (&pk, ptrs, lens, count),
    CHECK_DST; if (strings_invalid(ptrs, lens, count)) return MPN_E_INVALID_ARG)

DEFINE_VARIANTS(string,
    (const uint8_t* str, int32_t len, uint8_t* dst, int64_t capacity),
    (&pk, str, len),
    CHECK_DST; if (len < 0 || (len > 0 && !str)) return MPN_E_INVALID_ARG)

DEFINE_VARIANTS(bin,
    (const uint8_t* payload, int32_t len, uint8_t* dst, int64_t capacity),
    (&pk, payload, len),
    CHECK_DST; if (len < 0 || (len > 0 && !payload)) return MPN_E_INVALID_ARG)

DEFINE_VARIANTS(float64_array,
    (const double* values, int32_t count, uint8_t* dst, int64_t capacity),
    (&pk, values, count),
    CHECK_DST; if (count < 0 || (count > 0 && !values)) return MPN_E_INVALID_ARG)

DEFINE_VARIANTS(tarantool,
    (uint32_t type, uint64_t sync, uint32_t space_id, int64_t key, uint8_t* dst, int64_t capacity),
    (&pk, type, sync, space_id, key),
    CHECK_DST)

/* ------------------------------------------------------------------ */
/* decoders (msgpack_unpack_next -> msgpack_object tree in a zone)     */
/* ------------------------------------------------------------------ */

/* Unpacks one object; returns 0 or a negative MPN_E_* code. */
static int unpack_one(msgpack_unpacked* res, const uint8_t* data, int64_t len, size_t* off)
{
    if (!data || len < 0)
        return MPN_E_INVALID_ARG;
    if (len == 0)
        return MPN_E_TRUNCATED;
    *off = 0;
    msgpack_unpack_return ur = msgpack_unpack_next(res, (const char*)data, (size_t)len, off);
    switch (ur) {
    case MSGPACK_UNPACK_SUCCESS:
    case MSGPACK_UNPACK_EXTRA_BYTES:
        return 0;
    case MSGPACK_UNPACK_CONTINUE:
        return MPN_E_TRUNCATED;
    case MSGPACK_UNPACK_NOMEM_ERROR:
        return MPN_E_ALLOC;
    default:
        return MPN_E_MALFORMED;
    }
}

#define DECODE_PROLOGUE(result_type)                                    \
    msgpack_unpacked res;                                               \
    msgpack_unpacked_init(&res);                                        \
    size_t off = 0;                                                     \
    int err = unpack_one(&res, data, len, &off);                        \
    int64_t count = 0;                                                  \
    result_type acc = 0

#define DECODE_EPILOGUE()                                               \
    msgpack_unpacked_destroy(&res);                                     \
    if (err) {                                                          \
        if (out_count) *out_count = 0;                                  \
        if (out_consumed) *out_consumed = err;                          \
        return 0;                                                       \
    }                                                                   \
    if (out_count) *out_count = count;                                  \
    if (out_consumed) *out_consumed = (int64_t)off;                     \
    return acc

MPN_API int64_t mpn_msgpackc_decode_seed(const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed)
{
    DECODE_PROLOGUE(int64_t);
    if (!err && res.data.type != MSGPACK_OBJECT_ARRAY)
        err = MPN_E_TYPE;
    if (!err) {
        const msgpack_object_array* a = &res.data.via.array;
        for (uint32_t i = 0; i < a->size; i++) {
            const msgpack_object* o = &a->ptr[i];
            if (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER && o->via.u64 <= INT32_MAX)
                acc += (int64_t)o->via.u64;
            else if (o->type == MSGPACK_OBJECT_NEGATIVE_INTEGER && o->via.i64 >= INT32_MIN)
                acc += o->via.i64;
            else {
                err = MPN_E_TYPE;
                break;
            }
        }
        count = a->size;
    }
    DECODE_EPILOGUE();
}

MPN_API int64_t mpn_msgpackc_decode_int64_array(const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed)
{
    DECODE_PROLOGUE(uint64_t);
    if (!err && res.data.type != MSGPACK_OBJECT_ARRAY)
        err = MPN_E_TYPE;
    if (!err) {
        const msgpack_object_array* a = &res.data.via.array;
        for (uint32_t i = 0; i < a->size; i++) {
            const msgpack_object* o = &a->ptr[i];
            if (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER && o->via.u64 <= INT64_MAX)
                acc += o->via.u64;
            else if (o->type == MSGPACK_OBJECT_NEGATIVE_INTEGER)
                acc += (uint64_t)o->via.i64;
            else {
                err = MPN_E_TYPE;
                break;
            }
        }
        count = a->size;
    }
    DECODE_EPILOGUE();
}

MPN_API int64_t mpn_msgpackc_decode_string_array(const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed)
{
    DECODE_PROLOGUE(int64_t);
    if (!err && res.data.type != MSGPACK_OBJECT_ARRAY)
        err = MPN_E_TYPE;
    if (!err) {
        const msgpack_object_array* a = &res.data.via.array;
        for (uint32_t i = 0; i < a->size; i++) {
            const msgpack_object* o = &a->ptr[i];
            if (o->type != MSGPACK_OBJECT_STR) {
                err = MPN_E_TYPE;
                break;
            }
            acc += o->via.str.size;
        }
        count = a->size;
    }
    DECODE_EPILOGUE();
}

MPN_API int64_t mpn_msgpackc_decode_bin(const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed)
{
    DECODE_PROLOGUE(int64_t);
    if (!err && res.data.type != MSGPACK_OBJECT_BIN)
        err = MPN_E_TYPE;
    if (!err) {
        acc = res.data.via.bin.size;
        count = 1;
    }
    DECODE_EPILOGUE();
}

MPN_API double mpn_msgpackc_decode_float64_array(const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed)
{
    DECODE_PROLOGUE(double);
    if (!err && res.data.type != MSGPACK_OBJECT_ARRAY)
        err = MPN_E_TYPE;
    if (!err) {
        const msgpack_object_array* a = &res.data.via.array;
        for (uint32_t i = 0; i < a->size; i++) {
            const msgpack_object* o = &a->ptr[i];
            if (o->type != MSGPACK_OBJECT_FLOAT64 && o->type != MSGPACK_OBJECT_FLOAT32) {
                err = MPN_E_TYPE;
                break;
            }
            acc += o->via.f64;
        }
        count = a->size;
    }
    DECODE_EPILOGUE();
}
