/* Internal helpers shared by the msgpack_native translation units. */
#ifndef MPN_INTERNAL_H
#define MPN_INTERNAL_H

/* Package versions, injected by CMake (dpkg-query) when available. */
#ifndef MPN_PKGVER_MSGPUCK
#define MPN_PKGVER_MSGPUCK "unknown"
#endif
#ifndef MPN_PKGVER_MSGPACKC
#define MPN_PKGVER_MSGPACKC "unknown"
#endif
#ifndef MPN_PKGVER_MSGPACKCXX
#define MPN_PKGVER_MSGPACKCXX "unknown"
#endif

#endif /* MPN_INTERNAL_H */
