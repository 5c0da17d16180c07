#!/bin/sh
# Checks the symbol table of libmsgpack_native.so:
#  1. the dynamic symbol table exports only mpn_* functions (the expected set);
#  2. msgpuck's functions and parser tables were compiled INTO the library
#     (MP_SOURCE unit; Debian's libmsgpuck.a is not PIC) as hidden symbols;
#  3. nothing msgpuck-related is left undefined.
set -u
so="$1"
fail=0

exported=$(nm -D --defined-only "$so" | awk '$2 ~ /^[TtWwDdBbRr]$/ {print $3}' | sort)
n_mpn=$(printf '%s\n' "$exported" | grep -c '^mpn_')
others=$(printf '%s\n' "$exported" | grep -v '^mpn_' | grep -v -E '^(_init|_fini)$' || true)
echo "exported mpn_* functions: $n_mpn"
if [ "$n_mpn" -ne 69 ]; then
    echo "FAIL: expected 69 exported mpn_* functions"; fail=1
fi
if [ -n "$others" ]; then
    echo "FAIL: unexpected exported symbols:"; printf '%s\n' "$others"; fail=1
fi

for s in mp_check mp_next mp_decode_uint mp_decode_int mp_decode_array mp_decode_strl \
         mp_decode_binl mp_decode_double mp_encode_uint mp_encode_int mp_encode_array \
         mp_encode_str mp_encode_bin mp_encode_double mp_type_hint mp_parser_hint; do
    if nm "$so" | grep -q -E " [tTrRdD] $s\$"; then
        echo "ok: $s defined in library (hidden)"
    else
        echo "FAIL: $s not defined in $so"; fail=1
    fi
done

undef=$(nm -D --undefined-only "$so" | awk '{print $2}' | grep -E '^mp_' || true)
if [ -n "$undef" ]; then
    echo "FAIL: undefined msgpuck symbols: $undef"; fail=1
fi

echo "needed libraries:"; (readelf -d "$so" | grep NEEDED) || true
exit $fail
