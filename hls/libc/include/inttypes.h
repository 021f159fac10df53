// SPDX-License-Identifier: Apache-2.0
/* inttypes.h: printf/scanf conversion macros for <stdint.h> types, which are the compiler's (clang's on the
 * device; glibc's values on x86-64, where the native tests compile the library), and the intmax_t functions
 * (hls/libc/inttypes.c). Self-contained: it never reaches for a system inttypes.h. */
#ifndef KILN_LIBC_INTTYPES_H
#define KILN_LIBC_INTTYPES_H

#include <stdint.h>

#ifdef __clang__
/* clang: the conversions of the types its stdint.h declares, from its predefined ones (on the device int64_t
 * and intmax_t are long long, not glibc's long; the least and fast types are the exact ones, whatever the
 * predefined __INT_FAST64_TYPE__ says). The scanf forms carry the length each type needs. */
#define __KILN_FMT(t, c) __##t##_FMT##c##__
#define PRId8 __KILN_FMT(INT8, d)
#define PRIdLEAST8 __KILN_FMT(INT8, d)
#define PRIdFAST8 __KILN_FMT(INT8, d)
#define PRId16 __KILN_FMT(INT16, d)
#define PRIdLEAST16 __KILN_FMT(INT16, d)
#define PRIdFAST16 __KILN_FMT(INT16, d)
#define PRId32 __KILN_FMT(INT32, d)
#define PRIdLEAST32 __KILN_FMT(INT32, d)
#define PRIdFAST32 __KILN_FMT(INT32, d)
#define PRId64 __KILN_FMT(INT64, d)
#define PRIdLEAST64 __KILN_FMT(INT64, d)
#define PRIdFAST64 __KILN_FMT(INT64, d)
#define PRIdMAX __KILN_FMT(INTMAX, d)
#define PRIdPTR __KILN_FMT(INTPTR, d)
#define PRIi8 __KILN_FMT(INT8, i)
#define PRIiLEAST8 __KILN_FMT(INT8, i)
#define PRIiFAST8 __KILN_FMT(INT8, i)
#define PRIi16 __KILN_FMT(INT16, i)
#define PRIiLEAST16 __KILN_FMT(INT16, i)
#define PRIiFAST16 __KILN_FMT(INT16, i)
#define PRIi32 __KILN_FMT(INT32, i)
#define PRIiLEAST32 __KILN_FMT(INT32, i)
#define PRIiFAST32 __KILN_FMT(INT32, i)
#define PRIi64 __KILN_FMT(INT64, i)
#define PRIiLEAST64 __KILN_FMT(INT64, i)
#define PRIiFAST64 __KILN_FMT(INT64, i)
#define PRIiMAX __KILN_FMT(INTMAX, i)
#define PRIiPTR __KILN_FMT(INTPTR, i)
#define PRIo8 __KILN_FMT(UINT8, o)
#define PRIoLEAST8 __KILN_FMT(UINT8, o)
#define PRIoFAST8 __KILN_FMT(UINT8, o)
#define PRIo16 __KILN_FMT(UINT16, o)
#define PRIoLEAST16 __KILN_FMT(UINT16, o)
#define PRIoFAST16 __KILN_FMT(UINT16, o)
#define PRIo32 __KILN_FMT(UINT32, o)
#define PRIoLEAST32 __KILN_FMT(UINT32, o)
#define PRIoFAST32 __KILN_FMT(UINT32, o)
#define PRIo64 __KILN_FMT(UINT64, o)
#define PRIoLEAST64 __KILN_FMT(UINT64, o)
#define PRIoFAST64 __KILN_FMT(UINT64, o)
#define PRIoMAX __KILN_FMT(UINTMAX, o)
#define PRIoPTR __KILN_FMT(UINTPTR, o)
#define PRIu8 __KILN_FMT(UINT8, u)
#define PRIuLEAST8 __KILN_FMT(UINT8, u)
#define PRIuFAST8 __KILN_FMT(UINT8, u)
#define PRIu16 __KILN_FMT(UINT16, u)
#define PRIuLEAST16 __KILN_FMT(UINT16, u)
#define PRIuFAST16 __KILN_FMT(UINT16, u)
#define PRIu32 __KILN_FMT(UINT32, u)
#define PRIuLEAST32 __KILN_FMT(UINT32, u)
#define PRIuFAST32 __KILN_FMT(UINT32, u)
#define PRIu64 __KILN_FMT(UINT64, u)
#define PRIuLEAST64 __KILN_FMT(UINT64, u)
#define PRIuFAST64 __KILN_FMT(UINT64, u)
#define PRIuMAX __KILN_FMT(UINTMAX, u)
#define PRIuPTR __KILN_FMT(UINTPTR, u)
#define PRIx8 __KILN_FMT(UINT8, x)
#define PRIxLEAST8 __KILN_FMT(UINT8, x)
#define PRIxFAST8 __KILN_FMT(UINT8, x)
#define PRIx16 __KILN_FMT(UINT16, x)
#define PRIxLEAST16 __KILN_FMT(UINT16, x)
#define PRIxFAST16 __KILN_FMT(UINT16, x)
#define PRIx32 __KILN_FMT(UINT32, x)
#define PRIxLEAST32 __KILN_FMT(UINT32, x)
#define PRIxFAST32 __KILN_FMT(UINT32, x)
#define PRIx64 __KILN_FMT(UINT64, x)
#define PRIxLEAST64 __KILN_FMT(UINT64, x)
#define PRIxFAST64 __KILN_FMT(UINT64, x)
#define PRIxMAX __KILN_FMT(UINTMAX, x)
#define PRIxPTR __KILN_FMT(UINTPTR, x)
#define PRIX8 __KILN_FMT(UINT8, X)
#define PRIXLEAST8 __KILN_FMT(UINT8, X)
#define PRIXFAST8 __KILN_FMT(UINT8, X)
#define PRIX16 __KILN_FMT(UINT16, X)
#define PRIXLEAST16 __KILN_FMT(UINT16, X)
#define PRIXFAST16 __KILN_FMT(UINT16, X)
#define PRIX32 __KILN_FMT(UINT32, X)
#define PRIXLEAST32 __KILN_FMT(UINT32, X)
#define PRIXFAST32 __KILN_FMT(UINT32, X)
#define PRIX64 __KILN_FMT(UINT64, X)
#define PRIXLEAST64 __KILN_FMT(UINT64, X)
#define PRIXFAST64 __KILN_FMT(UINT64, X)
#define PRIXMAX __KILN_FMT(UINTMAX, X)
#define PRIXPTR __KILN_FMT(UINTPTR, X)
#define SCNd8 __KILN_FMT(INT8, d)
#define SCNdLEAST8 __KILN_FMT(INT8, d)
#define SCNdFAST8 __KILN_FMT(INT8, d)
#define SCNd16 __KILN_FMT(INT16, d)
#define SCNdLEAST16 __KILN_FMT(INT16, d)
#define SCNdFAST16 __KILN_FMT(INT16, d)
#define SCNd32 __KILN_FMT(INT32, d)
#define SCNdLEAST32 __KILN_FMT(INT32, d)
#define SCNdFAST32 __KILN_FMT(INT32, d)
#define SCNd64 __KILN_FMT(INT64, d)
#define SCNdLEAST64 __KILN_FMT(INT64, d)
#define SCNdFAST64 __KILN_FMT(INT64, d)
#define SCNdMAX __KILN_FMT(INTMAX, d)
#define SCNdPTR __KILN_FMT(INTPTR, d)
#define SCNi8 __KILN_FMT(INT8, i)
#define SCNiLEAST8 __KILN_FMT(INT8, i)
#define SCNiFAST8 __KILN_FMT(INT8, i)
#define SCNi16 __KILN_FMT(INT16, i)
#define SCNiLEAST16 __KILN_FMT(INT16, i)
#define SCNiFAST16 __KILN_FMT(INT16, i)
#define SCNi32 __KILN_FMT(INT32, i)
#define SCNiLEAST32 __KILN_FMT(INT32, i)
#define SCNiFAST32 __KILN_FMT(INT32, i)
#define SCNi64 __KILN_FMT(INT64, i)
#define SCNiLEAST64 __KILN_FMT(INT64, i)
#define SCNiFAST64 __KILN_FMT(INT64, i)
#define SCNiMAX __KILN_FMT(INTMAX, i)
#define SCNiPTR __KILN_FMT(INTPTR, i)
#define SCNo8 __KILN_FMT(UINT8, o)
#define SCNoLEAST8 __KILN_FMT(UINT8, o)
#define SCNoFAST8 __KILN_FMT(UINT8, o)
#define SCNo16 __KILN_FMT(UINT16, o)
#define SCNoLEAST16 __KILN_FMT(UINT16, o)
#define SCNoFAST16 __KILN_FMT(UINT16, o)
#define SCNo32 __KILN_FMT(UINT32, o)
#define SCNoLEAST32 __KILN_FMT(UINT32, o)
#define SCNoFAST32 __KILN_FMT(UINT32, o)
#define SCNo64 __KILN_FMT(UINT64, o)
#define SCNoLEAST64 __KILN_FMT(UINT64, o)
#define SCNoFAST64 __KILN_FMT(UINT64, o)
#define SCNoMAX __KILN_FMT(UINTMAX, o)
#define SCNoPTR __KILN_FMT(UINTPTR, o)
#define SCNu8 __KILN_FMT(UINT8, u)
#define SCNuLEAST8 __KILN_FMT(UINT8, u)
#define SCNuFAST8 __KILN_FMT(UINT8, u)
#define SCNu16 __KILN_FMT(UINT16, u)
#define SCNuLEAST16 __KILN_FMT(UINT16, u)
#define SCNuFAST16 __KILN_FMT(UINT16, u)
#define SCNu32 __KILN_FMT(UINT32, u)
#define SCNuLEAST32 __KILN_FMT(UINT32, u)
#define SCNuFAST32 __KILN_FMT(UINT32, u)
#define SCNu64 __KILN_FMT(UINT64, u)
#define SCNuLEAST64 __KILN_FMT(UINT64, u)
#define SCNuFAST64 __KILN_FMT(UINT64, u)
#define SCNuMAX __KILN_FMT(UINTMAX, u)
#define SCNuPTR __KILN_FMT(UINTPTR, u)
#define SCNx8 __KILN_FMT(UINT8, x)
#define SCNxLEAST8 __KILN_FMT(UINT8, x)
#define SCNxFAST8 __KILN_FMT(UINT8, x)
#define SCNx16 __KILN_FMT(UINT16, x)
#define SCNxLEAST16 __KILN_FMT(UINT16, x)
#define SCNxFAST16 __KILN_FMT(UINT16, x)
#define SCNx32 __KILN_FMT(UINT32, x)
#define SCNxLEAST32 __KILN_FMT(UINT32, x)
#define SCNxFAST32 __KILN_FMT(UINT32, x)
#define SCNx64 __KILN_FMT(UINT64, x)
#define SCNxLEAST64 __KILN_FMT(UINT64, x)
#define SCNxFAST64 __KILN_FMT(UINT64, x)
#define SCNxMAX __KILN_FMT(UINTMAX, x)
#define SCNxPTR __KILN_FMT(UINTPTR, x)
#else /* glibc's on x86-64 (gcc, the native tests): long is 64 bits */
#define __KILN_PRI64_PREFIX "l"
#define __KILN_PRIPTR_PREFIX "l"

/* printf: glibc passes 8- and 16-bit values promoted to int, hence no length modifier for them. */

#define PRId8 "d"
#define PRId16 "d"
#define PRId32 "d"
#define PRId64 __KILN_PRI64_PREFIX "d"
#define PRIdLEAST8 "d"
#define PRIdLEAST16 "d"
#define PRIdLEAST32 "d"
#define PRIdLEAST64 __KILN_PRI64_PREFIX "d"
#define PRIdFAST8 "d"
#define PRIdFAST16 __KILN_PRIPTR_PREFIX "d"
#define PRIdFAST32 __KILN_PRIPTR_PREFIX "d"
#define PRIdFAST64 __KILN_PRI64_PREFIX "d"
#define PRIdMAX __KILN_PRI64_PREFIX "d"
#define PRIdPTR __KILN_PRIPTR_PREFIX "d"

#define PRIi8 "i"
#define PRIi16 "i"
#define PRIi32 "i"
#define PRIi64 __KILN_PRI64_PREFIX "i"
#define PRIiLEAST8 "i"
#define PRIiLEAST16 "i"
#define PRIiLEAST32 "i"
#define PRIiLEAST64 __KILN_PRI64_PREFIX "i"
#define PRIiFAST8 "i"
#define PRIiFAST16 __KILN_PRIPTR_PREFIX "i"
#define PRIiFAST32 __KILN_PRIPTR_PREFIX "i"
#define PRIiFAST64 __KILN_PRI64_PREFIX "i"
#define PRIiMAX __KILN_PRI64_PREFIX "i"
#define PRIiPTR __KILN_PRIPTR_PREFIX "i"

#define PRIo8 "o"
#define PRIo16 "o"
#define PRIo32 "o"
#define PRIo64 __KILN_PRI64_PREFIX "o"
#define PRIoLEAST8 "o"
#define PRIoLEAST16 "o"
#define PRIoLEAST32 "o"
#define PRIoLEAST64 __KILN_PRI64_PREFIX "o"
#define PRIoFAST8 "o"
#define PRIoFAST16 __KILN_PRIPTR_PREFIX "o"
#define PRIoFAST32 __KILN_PRIPTR_PREFIX "o"
#define PRIoFAST64 __KILN_PRI64_PREFIX "o"
#define PRIoMAX __KILN_PRI64_PREFIX "o"
#define PRIoPTR __KILN_PRIPTR_PREFIX "o"

#define PRIu8 "u"
#define PRIu16 "u"
#define PRIu32 "u"
#define PRIu64 __KILN_PRI64_PREFIX "u"
#define PRIuLEAST8 "u"
#define PRIuLEAST16 "u"
#define PRIuLEAST32 "u"
#define PRIuLEAST64 __KILN_PRI64_PREFIX "u"
#define PRIuFAST8 "u"
#define PRIuFAST16 __KILN_PRIPTR_PREFIX "u"
#define PRIuFAST32 __KILN_PRIPTR_PREFIX "u"
#define PRIuFAST64 __KILN_PRI64_PREFIX "u"
#define PRIuMAX __KILN_PRI64_PREFIX "u"
#define PRIuPTR __KILN_PRIPTR_PREFIX "u"

#define PRIx8 "x"
#define PRIx16 "x"
#define PRIx32 "x"
#define PRIx64 __KILN_PRI64_PREFIX "x"
#define PRIxLEAST8 "x"
#define PRIxLEAST16 "x"
#define PRIxLEAST32 "x"
#define PRIxLEAST64 __KILN_PRI64_PREFIX "x"
#define PRIxFAST8 "x"
#define PRIxFAST16 __KILN_PRIPTR_PREFIX "x"
#define PRIxFAST32 __KILN_PRIPTR_PREFIX "x"
#define PRIxFAST64 __KILN_PRI64_PREFIX "x"
#define PRIxMAX __KILN_PRI64_PREFIX "x"
#define PRIxPTR __KILN_PRIPTR_PREFIX "x"

#define PRIX8 "X"
#define PRIX16 "X"
#define PRIX32 "X"
#define PRIX64 __KILN_PRI64_PREFIX "X"
#define PRIXLEAST8 "X"
#define PRIXLEAST16 "X"
#define PRIXLEAST32 "X"
#define PRIXLEAST64 __KILN_PRI64_PREFIX "X"
#define PRIXFAST8 "X"
#define PRIXFAST16 __KILN_PRIPTR_PREFIX "X"
#define PRIXFAST32 __KILN_PRIPTR_PREFIX "X"
#define PRIXFAST64 __KILN_PRI64_PREFIX "X"
#define PRIXMAX __KILN_PRI64_PREFIX "X"
#define PRIXPTR __KILN_PRIPTR_PREFIX "X"

/* scanf: the length modifier matters for the narrow types. */

#define SCNd8 "hhd"
#define SCNd16 "hd"
#define SCNd32 "d"
#define SCNd64 __KILN_PRI64_PREFIX "d"
#define SCNdLEAST8 "hhd"
#define SCNdLEAST16 "hd"
#define SCNdLEAST32 "d"
#define SCNdLEAST64 __KILN_PRI64_PREFIX "d"
#define SCNdFAST8 "hhd"
#define SCNdFAST16 __KILN_PRIPTR_PREFIX "d"
#define SCNdFAST32 __KILN_PRIPTR_PREFIX "d"
#define SCNdFAST64 __KILN_PRI64_PREFIX "d"
#define SCNdMAX __KILN_PRI64_PREFIX "d"
#define SCNdPTR __KILN_PRIPTR_PREFIX "d"

#define SCNi8 "hhi"
#define SCNi16 "hi"
#define SCNi32 "i"
#define SCNi64 __KILN_PRI64_PREFIX "i"
#define SCNiLEAST8 "hhi"
#define SCNiLEAST16 "hi"
#define SCNiLEAST32 "i"
#define SCNiLEAST64 __KILN_PRI64_PREFIX "i"
#define SCNiFAST8 "hhi"
#define SCNiFAST16 __KILN_PRIPTR_PREFIX "i"
#define SCNiFAST32 __KILN_PRIPTR_PREFIX "i"
#define SCNiFAST64 __KILN_PRI64_PREFIX "i"
#define SCNiMAX __KILN_PRI64_PREFIX "i"
#define SCNiPTR __KILN_PRIPTR_PREFIX "i"

#define SCNo8 "hho"
#define SCNo16 "ho"
#define SCNo32 "o"
#define SCNo64 __KILN_PRI64_PREFIX "o"
#define SCNoLEAST8 "hho"
#define SCNoLEAST16 "ho"
#define SCNoLEAST32 "o"
#define SCNoLEAST64 __KILN_PRI64_PREFIX "o"
#define SCNoFAST8 "hho"
#define SCNoFAST16 __KILN_PRIPTR_PREFIX "o"
#define SCNoFAST32 __KILN_PRIPTR_PREFIX "o"
#define SCNoFAST64 __KILN_PRI64_PREFIX "o"
#define SCNoMAX __KILN_PRI64_PREFIX "o"
#define SCNoPTR __KILN_PRIPTR_PREFIX "o"

#define SCNu8 "hhu"
#define SCNu16 "hu"
#define SCNu32 "u"
#define SCNu64 __KILN_PRI64_PREFIX "u"
#define SCNuLEAST8 "hhu"
#define SCNuLEAST16 "hu"
#define SCNuLEAST32 "u"
#define SCNuLEAST64 __KILN_PRI64_PREFIX "u"
#define SCNuFAST8 "hhu"
#define SCNuFAST16 __KILN_PRIPTR_PREFIX "u"
#define SCNuFAST32 __KILN_PRIPTR_PREFIX "u"
#define SCNuFAST64 __KILN_PRI64_PREFIX "u"
#define SCNuMAX __KILN_PRI64_PREFIX "u"
#define SCNuPTR __KILN_PRIPTR_PREFIX "u"

#define SCNx8 "hhx"
#define SCNx16 "hx"
#define SCNx32 "x"
#define SCNx64 __KILN_PRI64_PREFIX "x"
#define SCNxLEAST8 "hhx"
#define SCNxLEAST16 "hx"
#define SCNxLEAST32 "x"
#define SCNxLEAST64 __KILN_PRI64_PREFIX "x"
#define SCNxFAST8 "hhx"
#define SCNxFAST16 __KILN_PRIPTR_PREFIX "x"
#define SCNxFAST32 __KILN_PRIPTR_PREFIX "x"
#define SCNxFAST64 __KILN_PRI64_PREFIX "x"
#define SCNxMAX __KILN_PRI64_PREFIX "x"
#define SCNxPTR __KILN_PRIPTR_PREFIX "x"
#endif

typedef struct {
	intmax_t quot;
	intmax_t rem;
} imaxdiv_t;

intmax_t imaxabs(intmax_t j) __attribute__((const));
imaxdiv_t imaxdiv(intmax_t numer, intmax_t denom) __attribute__((const));
intmax_t strtoimax(const char *__restrict nptr, char **__restrict endptr, int base);
uintmax_t strtoumax(const char *__restrict nptr, char **__restrict endptr, int base);
intmax_t wcstoimax(const __WCHAR_TYPE__ *__restrict nptr, __WCHAR_TYPE__ **__restrict endptr, int base);
uintmax_t wcstoumax(const __WCHAR_TYPE__ *__restrict nptr, __WCHAR_TYPE__ **__restrict endptr, int base);

#endif
