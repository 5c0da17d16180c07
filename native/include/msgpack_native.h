/*
 * msgpack_native.h - C ABI of libmsgpack_native.so, the native baseline used
 * by the MsgPack.Spec benchmarks (called from C# through P/Invoke,
 * DllImport("msgpack_native")).
 *
 * Every entry point processes a WHOLE workload per call, so one P/Invoke
 * transition is amortised over the whole workload.
 *
 * Naming:  mpn_<lib>_<op>_<workload>
 *   <lib>  msgpuck          msgpuck 1.0.x (Tarantool), C, writes into dst directly
 *          msgpackc         msgpack-c C API, msgpack_packer with a custom write
 *                           callback into the caller's buffer (no heap)
 *          msgpackc_sbuffer msgpack-c C API into a fresh msgpack_sbuffer per
 *                           call (heap), then memcpy into dst
 *          cxx              msgpack-cxx msgpack::packer<Stream> with a tiny
 *                           fixed-buffer Stream over dst (no heap)
 *          cxx_sbuffer      msgpack-cxx packer into a fresh msgpack::sbuffer per
 *                           call (heap, 8 KiB initial), then memcpy into dst
 *          cxx_visitor      (decoders only) msgpack::parse() with a SAX-like
 *                           visitor (no msgpack::object / zone)
 *
 * Types are fixed width so that C# signatures are obvious:
 *   int32_t -> int, int64_t -> long, uint32_t -> uint, uint64_t -> ulong,
 *   double -> double, pointers -> byte* / int* / long* / double* / byte** / IntPtr.
 *
 * ENCODERS  return the number of bytes written to dst (>= 0), or a negative
 *           MPN_E_* code. `capacity` is the size of dst in bytes; encoders
 *           never write past dst + capacity (except msgpuck on a "trusted"
 *           fast path that first proves the worst case fits).
 *
 * DECODERS  take (data, len, out_count, out_consumed) and return a checksum
 *           of the workload (sum of values, sum of lengths, ...).
 *           On success *out_count = number of elements decoded and
 *           *out_consumed = number of bytes consumed (>= 0).
 *           On failure they return 0, *out_count = 0 and
 *           *out_consumed = negative MPN_E_* code.
 *           out_count / out_consumed may be NULL.
 *
 * All functions are thread-safe (no global state) and never throw.
 */
#ifndef MSGPACK_NATIVE_H
#define MSGPACK_NATIVE_H

#include <stdint.h>

#if defined(_WIN32)
#define MPN_API __declspec(dllexport)
#else
#define MPN_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- error codes (negative return values / *out_consumed) ---- */
#define MPN_E_BUFFER_TOO_SMALL (-1) /* dst capacity too small                       */
#define MPN_E_INVALID_ARG      (-2) /* negative count/len, count > limit, NULL ptr  */
#define MPN_E_TRUNCATED        (-3) /* input ends in the middle of a value          */
#define MPN_E_TYPE             (-4) /* unexpected MessagePack type / out of range   */
#define MPN_E_MALFORMED        (-5) /* invalid MessagePack (e.g. 0xc1)              */
#define MPN_E_ALLOC            (-6) /* allocation failure inside msgpack-c/cxx      */

#define MPN_ABI_VERSION 1

/* ======================================================================
 * Misc / P/Invoke overhead
 * ====================================================================== */

/* Does nothing. Measures the bare P/Invoke transition. */
MPN_API void mpn_empty(void);
/* Returns len (touches nothing). P/Invoke transition with two arguments. */
MPN_API int64_t mpn_empty_args(const uint8_t* data, int64_t len);
/* Returns MPN_ABI_VERSION. */
MPN_API int32_t mpn_abi_version(void);
/* Static NUL-terminated string, e.g.
 * "msgpuck 1.0.3-1.1+b1; msgpack-c 4.0.0 (runtime 4.0.0); msgpack-cxx 4.1.3". */
MPN_API const char* mpn_versions(void);

/* ======================================================================
 * ENCODERS   (X = msgpuck | msgpackc | msgpackc_sbuffer | cxx | cxx_sbuffer)
 * ====================================================================== */

/* 1. Seed: array16 header ALWAYS (0xdc + big-endian u16 count, even for
 *    count < 16), then each int32 in its smallest form (non-negative ->
 *    positive fixint/uint8/16/32, negative -> negative fixint/int8/16/32).
 *    count must be 0..65535. Example (values (1<<30)-i):
 *    dc 00 64 ce 40 00 00 00 ce 3f ff ff ff ...                           */
MPN_API int64_t mpn_msgpuck_encode_seed         (const int32_t* values, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_msgpackc_encode_seed        (const int32_t* values, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_msgpackc_sbuffer_encode_seed(const int32_t* values, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_encode_seed             (const int32_t* values, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_sbuffer_encode_seed     (const int32_t* values, int32_t count, uint8_t* dst, int64_t capacity);

/* 2. Integers of every width: smallest array header + each int64 in its
 *    smallest form (same sign convention as above).                       */
MPN_API int64_t mpn_msgpuck_encode_int64_array         (const int64_t* values, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_msgpackc_encode_int64_array        (const int64_t* values, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_msgpackc_sbuffer_encode_int64_array(const int64_t* values, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_encode_int64_array             (const int64_t* values, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_sbuffer_encode_int64_array     (const int64_t* values, int32_t count, uint8_t* dst, int64_t capacity);

/* 3a. String array: smallest array header + each UTF-8 string as str with
 *     the smallest header (fixstr / str8 / str16 / str32). ptrs[i] points
 *     to lens[i] bytes (bytes are copied verbatim, not validated).        */
MPN_API int64_t mpn_msgpuck_encode_string_array         (const uint8_t* const* ptrs, const int32_t* lens, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_msgpackc_encode_string_array        (const uint8_t* const* ptrs, const int32_t* lens, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_msgpackc_sbuffer_encode_string_array(const uint8_t* const* ptrs, const int32_t* lens, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_encode_string_array             (const uint8_t* const* ptrs, const int32_t* lens, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_sbuffer_encode_string_array     (const uint8_t* const* ptrs, const int32_t* lens, int32_t count, uint8_t* dst, int64_t capacity);

/* 3b. One str value (smallest str header + bytes).                       */
MPN_API int64_t mpn_msgpuck_encode_string         (const uint8_t* str, int32_t len, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_msgpackc_encode_string        (const uint8_t* str, int32_t len, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_msgpackc_sbuffer_encode_string(const uint8_t* str, int32_t len, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_encode_string             (const uint8_t* str, int32_t len, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_sbuffer_encode_string     (const uint8_t* str, int32_t len, uint8_t* dst, int64_t capacity);

/* 4. One bin value (smallest bin header bin8/bin16/bin32 + payload).      */
MPN_API int64_t mpn_msgpuck_encode_bin         (const uint8_t* payload, int32_t len, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_msgpackc_encode_bin        (const uint8_t* payload, int32_t len, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_msgpackc_sbuffer_encode_bin(const uint8_t* payload, int32_t len, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_encode_bin             (const uint8_t* payload, int32_t len, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_sbuffer_encode_bin     (const uint8_t* payload, int32_t len, uint8_t* dst, int64_t capacity);

/* 5. float64 array: smallest array header + each double as float64 (0xcb).
 *    CAVEAT: msgpack-cxx 4.1.3 packer::pack_double() writes INTEGRAL doubles
 *    (1.0, -3.0, ...) as MessagePack integers, so the cxx / cxx_sbuffer
 *    variants only match the others for non-integral values (and NaN).    */
MPN_API int64_t mpn_msgpuck_encode_float64_array         (const double* values, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_msgpackc_encode_float64_array        (const double* values, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_msgpackc_sbuffer_encode_float64_array(const double* values, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_encode_float64_array             (const double* values, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_sbuffer_encode_float64_array     (const double* values, int32_t count, uint8_t* dst, int64_t capacity);

/* 6. Tarantool-style request (IPROTO header + SELECT-like body):
 *      map(2){ 0x00: type, 0x01: sync }  map(2){ 0x10: space_id, 0x20: [ key ] }
 *    all integers in smallest form (key: negative -> int, else uint).
 *    e.g. (1, 42, 512, 7) -> 82 00 01 01 2a 82 10 cd 02 00 20 91 07        */
MPN_API int64_t mpn_msgpuck_encode_tarantool         (uint32_t type, uint64_t sync, uint32_t space_id, int64_t key, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_msgpackc_encode_tarantool        (uint32_t type, uint64_t sync, uint32_t space_id, int64_t key, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_msgpackc_sbuffer_encode_tarantool(uint32_t type, uint64_t sync, uint32_t space_id, int64_t key, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_encode_tarantool             (uint32_t type, uint64_t sync, uint32_t space_id, int64_t key, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_sbuffer_encode_tarantool     (uint32_t type, uint64_t sync, uint32_t space_id, int64_t key, uint8_t* dst, int64_t capacity);

/* 7. uint64 array (msgpuck and cxx only; for the differential tests of
 *    MsgPack.Spec): smallest array header + each uint64 in its smallest
 *    unsigned form (positive fixint / cc / cd / ce / cf), also above INT64_MAX. */
MPN_API int64_t mpn_msgpuck_encode_uint64_array(const uint64_t* values, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_encode_uint64_array    (const uint64_t* values, int32_t count, uint8_t* dst, int64_t capacity);

/* 8. A stream of values (msgpuck and cxx only; for the differential tests):
 *    item i is written according to kinds[i], with words[i] (and ptrs[i] for
 *    str/bin); no header around the stream. Arrays and maps are their header
 *    only: the items that follow are their elements (2 per map pair), so any
 *    nesting is a flat list.
 *      MPN_V_NIL      nil
 *      MPN_V_BOOL     true if words[i] != 0, else false
 *      MPN_V_UINT     words[i], smallest unsigned form
 *      MPN_V_INT      (int64_t)words[i], smallest form (non-negative -> uint)
 *      MPN_V_FLOAT32  the float whose bits are the low 32 bits of words[i]
 *      MPN_V_FLOAT64  the double whose bits are words[i]
 *      MPN_V_STR      str of words[i] bytes at ptrs[i] (smallest header)
 *      MPN_V_BIN      bin of words[i] bytes at ptrs[i] (smallest header)
 *      MPN_V_ARRAY    array header for words[i] items
 *      MPN_V_MAP      map header for words[i] pairs
 *    An unknown kind, a str/bin/array/map length above UINT32_MAX, or a
 *    missing ptrs[i] for a non-empty str/bin -> MPN_E_INVALID_ARG (checked
 *    before anything is written). CAVEAT: msgpack-cxx writes integral
 *    floats and doubles as integers (see 5.).                               */
#define MPN_V_NIL     0
#define MPN_V_BOOL    1
#define MPN_V_UINT    2
#define MPN_V_INT     3
#define MPN_V_FLOAT32 4
#define MPN_V_FLOAT64 5
#define MPN_V_STR     6
#define MPN_V_BIN     7
#define MPN_V_ARRAY   8
#define MPN_V_MAP     9
MPN_API int64_t mpn_msgpuck_encode_values(const uint8_t* kinds, const uint64_t* words, const uint8_t* const* ptrs, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_cxx_encode_values    (const uint8_t* kinds, const uint64_t* words, const uint8_t* const* ptrs, int32_t count, uint8_t* dst, int64_t capacity);

/* ======================================================================
 * DECODERS   (Y = msgpuck | msgpackc | cxx | cxx_visitor)
 *   msgpuck     : mp_typeof + mp_check_<type> (bounds) + mp_decode_<type>; no heap.
 *   msgpackc    : msgpack_unpack_next() into a msgpack_unpacked (allocates a
 *                 msgpack_zone on the heap per call; str/bin are referenced).
 *   cxx         : msgpack::unpack() -> msgpack::object_handle (allocates a
 *                 zone per call; str/bin are copied into the zone).
 *   cxx_visitor : msgpack::parse() with a visitor (no object tree / zone; the
 *                 parser's internal std::vector stack still allocates once).
 * Every decoder expects ONE top-level value at data[0] (trailing bytes are
 * ignored and not counted in *out_consumed).
 * ====================================================================== */

/* Bulk arrays: msgpuck's per-value loop between a C array and MessagePack,
 * the baseline of the bulk array benchmarks.
 *   encode_int32_array : the smallest array header, then each value in its
 *                        smallest form (mp_encode_uint / mp_encode_int).
 *   decode_*_into      : any array header, then each element into out[]
 *                        (int32: every int/uint width whose value fits;
 *                        float64: float 64 and float 32). Returns the count,
 *                        or a negative MPN_E_* code; out_capacity is the
 *                        number of elements out[] holds.                   */
MPN_API int64_t mpn_msgpuck_encode_int32_array(const int32_t* values, int32_t count, uint8_t* dst, int64_t capacity);
MPN_API int64_t mpn_msgpuck_decode_int32_array_into(const uint8_t* data, int64_t len, int32_t* out, int64_t out_capacity, int64_t* out_consumed);
MPN_API int64_t mpn_msgpuck_decode_float64_array_into(const uint8_t* data, int64_t len, double* out, int64_t out_capacity, int64_t* out_consumed);

/* Seed: any array header + int32 values (int/uint formats; values outside
 * int32 range -> MPN_E_TYPE). Returns the sum of the values (int64).      */
MPN_API int64_t mpn_msgpuck_decode_seed    (const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);
MPN_API int64_t mpn_msgpackc_decode_seed   (const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);
MPN_API int64_t mpn_cxx_decode_seed        (const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);
MPN_API int64_t mpn_cxx_visitor_decode_seed(const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);

/* Array of int64 (int/uint formats; uint > INT64_MAX -> MPN_E_TYPE).
 * Returns the wrapping (two's complement) sum of the values.              */
MPN_API int64_t mpn_msgpuck_decode_int64_array    (const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);
MPN_API int64_t mpn_msgpackc_decode_int64_array   (const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);
MPN_API int64_t mpn_cxx_decode_int64_array        (const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);
MPN_API int64_t mpn_cxx_visitor_decode_int64_array(const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);

/* Array of str. Returns the sum of the string byte lengths (bytes are not
 * copied or UTF-8 validated by msgpuck/msgpackc/cxx_visitor).             */
MPN_API int64_t mpn_msgpuck_decode_string_array    (const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);
MPN_API int64_t mpn_msgpackc_decode_string_array   (const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);
MPN_API int64_t mpn_cxx_decode_string_array        (const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);
MPN_API int64_t mpn_cxx_visitor_decode_string_array(const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);

/* One bin value. Returns the payload length; *out_count = 1.              */
MPN_API int64_t mpn_msgpuck_decode_bin    (const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);
MPN_API int64_t mpn_msgpackc_decode_bin   (const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);
MPN_API int64_t mpn_cxx_decode_bin        (const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);
MPN_API int64_t mpn_cxx_visitor_decode_bin(const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);

/* Array of float64/float32 values. Returns their sum (double, summed in
 * order). Integers are rejected (MPN_E_TYPE).                             */
MPN_API double mpn_msgpuck_decode_float64_array    (const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);
MPN_API double mpn_msgpackc_decode_float64_array   (const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);
MPN_API double mpn_cxx_decode_float64_array        (const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);
MPN_API double mpn_cxx_visitor_decode_float64_array(const uint8_t* data, int64_t len, int64_t* out_count, int64_t* out_consumed);

/* ======================================================================
 * SKIP / VALIDATE (msgpuck only)
 * ====================================================================== */

/* mp_next(): skip ONE value (recursively) WITHOUT validation; the input is
 * trusted (may read past len on malformed/truncated input). Returns the
 * number of bytes of that value, MPN_E_TRUNCATED if the value turned out to
 * end after data + len, MPN_E_INVALID_ARG if len <= 0 or data == NULL.     */
MPN_API int64_t mpn_msgpuck_next(const uint8_t* data, int64_t len);

/* mp_check(): validate ONE value (recursively, bounds-checked against
 * data + len). Returns 0 if valid and sets *out_consumed to its size;
 * returns 1 if invalid or truncated (*out_consumed = MPN_E_MALFORMED);
 * MPN_E_INVALID_ARG if len <= 0 or data == NULL. out_consumed may be NULL. */
MPN_API int32_t mpn_msgpuck_check(const uint8_t* data, int64_t len, int64_t* out_consumed);

/* ======================================================================
 * WALK (msgpuck only): every value of one document, types not known ahead
 * ====================================================================== */

/* Visits every value of ONE document at data[0] (nested arrays and maps
 * included) with mp_typeof + mp_decode_*, iteratively (a count of values still
 * to visit, no recursion), bounds-checked against data + len, and folds them
 * into one checksum (the benchmarks' WalkDocument computes the same in C#):
 * the wrapping sum of every integer (a uint 64 above INT64_MAX as its bits),
 * of every float truncated toward zero to int64, of every str/bin/ext payload
 * length (payloads are stepped over, not read), of every array item count and
 * map entry count, plus 1 per true and 1 per nil (false adds 0).
 * Returns the document's size in bytes and sets *out_checksum; or a negative
 * MPN_E_* code with *out_checksum = 0: MPN_E_TRUNCATED if the document ends
 * past len (or an array/map announces more values than bytes are left),
 * MPN_E_MALFORMED for 0xc1, MPN_E_INVALID_ARG if len <= 0 or data == NULL.
 * Trailing bytes are ignored. out_checksum may be NULL.                    */
MPN_API int64_t mpn_msgpuck_walk(const uint8_t* data, int64_t len, int64_t* out_checksum);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* MSGPACK_NATIVE_H */
