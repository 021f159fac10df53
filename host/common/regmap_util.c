// SPDX-License-Identifier: Apache-2.0
#include "host/common/regmap_util.h"

uint32_t kiln_field_mask(const kiln_field *f)
{
	uint32_t ones = f->width >= 32 ? 0xffffffffu : (1u << f->width) - 1;
	return ones << f->lsb;
}
