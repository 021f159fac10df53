// SPDX-License-Identifier: Apache-2.0
/* The kernel side of printf (host/common/contract.h's debug channel). kiln-cc turns each printf into
 * __kiln_print_open(format id), one __kiln_print_int or __kiln_print_str per argument, and
 * __kiln_print_close; the runtime formats the records with the image's table of formats. A record is
 * words in device memory at constant addresses: written one by one behind the channel's USED count and
 * committed by raising it at the end, so that a record that does not fit is dropped whole (and counted).
 * Written for hardware: no recursion, one loop per string. */
#include <stdint.h>

#include "../../host/common/contract.h"
#include "channel.h"

#define FULL 0xffffffffu /* a position past the channel: the record is being dropped */
/* Indexed from one constant pointer, so that kiln-cc sees every access reach device memory (an address
 * computed as a number and cast would be dispatched over every memory whose address escapes). */
#define CHANNEL(off) (((unsigned *)(uintptr_t)KILN_DEBUG_BASE)[(off) / 4])

static unsigned put(unsigned pos, unsigned word)
{
	if (pos > __kiln_debug_bytes - KILN_DEBUG_RECORDS - 4)
		return FULL;
	CHANNEL(KILN_DEBUG_RECORDS + pos) = word;
	return pos + 4;
}

unsigned __kiln_print_open(unsigned id)
{
	return put(CHANNEL(KILN_DEBUG_USED), id);
}

unsigned __kiln_print_int(unsigned pos, long long v)
{
	pos = put(pos, (unsigned)v);
	return put(pos, (unsigned)((unsigned long long)v >> 32));
}

/* The length (FULL for a null pointer, which the runtime prints as glibc does), then the bytes. */
unsigned __kiln_print_str(unsigned pos, const char *s)
{
	if (!s)
		return put(pos, FULL);
	unsigned n = 0;
	while (s[n])
		n++;
	pos = put(pos, n);
	for (unsigned i = 0; i < n; i += 4) {
		unsigned w = 0;
		for (unsigned j = 0; j < 4 && i + j < n; j++)
			w |= (unsigned)(unsigned char)s[i + j] << (8 * j);
		pos = put(pos, w);
	}
	return pos;
}

void __kiln_print_close(unsigned pos)
{
	if (pos == FULL)
		CHANNEL(KILN_DEBUG_DROPPED) += 1;
	else
		CHANNEL(KILN_DEBUG_USED) = pos;
}
