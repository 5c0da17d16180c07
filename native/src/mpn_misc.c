/* Library-independent entry points (P/Invoke overhead, versions). */
#include "msgpack_native.h"
#include "mpn_internal.h"

MPN_API void mpn_empty(void)
{
}

MPN_API int64_t mpn_empty_args(const uint8_t* data, int64_t len)
{
    (void)data;
    return len;
}

MPN_API int32_t mpn_abi_version(void)
{
    return MPN_ABI_VERSION;
}

MPN_API const char* mpn_versions(void)
{
    return "msgpuck " MPN_PKGVER_MSGPUCK
           "; msgpack-c " MPN_PKGVER_MSGPACKC
           "; msgpack-cxx " MPN_PKGVER_MSGPACKCXX;
}
