// SPDX-License-Identifier: Apache-2.0
/* Forced first into every native compile of the kernel C library (the .c files of hls/libc) and of
 * kiln_headers.c: gives each name the library defines (and __assert_fail) a kl_ prefix, so that the library
 * links beside glibc and libc_test compares the two. Keep in step with the definitions in hls/libc/
 * (libc_test fails to link when one is missing here). */
#ifndef KILN_TEST_KL_RENAME_H
#define KILN_TEST_KL_RENAME_H

#define memcpy kl_memcpy
#define memmove kl_memmove
#define memset kl_memset
#define memcmp kl_memcmp
#define memchr kl_memchr
#define strlen kl_strlen
#define strnlen kl_strnlen
#define strcpy kl_strcpy
#define strncpy kl_strncpy
#define strcat kl_strcat
#define strncat kl_strncat
#define strcmp kl_strcmp
#define strncmp kl_strncmp
#define strchr kl_strchr
#define strrchr kl_strrchr
#define strstr kl_strstr
#define strspn kl_strspn
#define strcspn kl_strcspn
#define strpbrk kl_strpbrk
#define strtok kl_strtok
#define bzero kl_bzero
#define bcopy kl_bcopy
#define bcmp kl_bcmp
#define strcasecmp kl_strcasecmp
#define strncasecmp kl_strncasecmp
#define ffs kl_ffs
#define ffsl kl_ffsl
#define ffsll kl_ffsll
#define abs kl_abs
#define labs kl_labs
#define llabs kl_llabs
#define div kl_div
#define ldiv kl_ldiv
#define lldiv kl_lldiv
#define atoi kl_atoi
#define atol kl_atol
#define atoll kl_atoll
#define strtol kl_strtol
#define strtoul kl_strtoul
#define strtoll kl_strtoll
#define strtoull kl_strtoull
#define rand kl_rand
#define srand kl_srand
#define qsort kl_qsort
#define bsearch kl_bsearch
#define imaxabs kl_imaxabs
#define imaxdiv kl_imaxdiv
#define strtoimax kl_strtoimax
#define strtoumax kl_strtoumax
#define isalnum kl_isalnum
#define isalpha kl_isalpha
#define isblank kl_isblank
#define iscntrl kl_iscntrl
#define isdigit kl_isdigit
#define isgraph kl_isgraph
#define islower kl_islower
#define isprint kl_isprint
#define ispunct kl_ispunct
#define isspace kl_isspace
#define isupper kl_isupper
#define isxdigit kl_isxdigit
#define tolower kl_tolower
#define toupper kl_toupper
#define isascii kl_isascii
#define toascii kl_toascii
#define errno kl_errno
#define __assert_fail kl___assert_fail

#endif
